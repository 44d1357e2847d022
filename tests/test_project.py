"""House rules that keep the project honest: CI runs the README's command, layers point one way."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def quick_start_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", section)


def test_quick_start_has_two_commands_and_ci_runs_the_test_one():
    commands = quick_start_commands()
    assert len(commands) == 2
    assert commands[1] in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_rules_layer_has_no_ui_or_storage_imports():
    pattern = re.compile(r"^\s*(import|from)\s+(typer|questionary|tinydb|rich|click)\b", re.M)
    for folder in ("core", "games"):
        for path in (ROOT / "referee" / folder).rglob("*.py"):
            assert not pattern.search(path.read_text(encoding="utf-8")), path
            assert "print(" not in path.read_text(encoding="utf-8"), path


GAME_FOLDERS = sorted(p.parent.name for p in (ROOT / "referee" / "games").glob("*/__init__.py"))


@pytest.mark.parametrize("package", GAME_FOLDERS)
def test_nothing_outside_a_game_package_is_specific_to_it(package):
    word = package
    for path in (ROOT / "referee").rglob("*.py"):
        if f"games/{package}" in path.as_posix() or (path.name == "__init__.py" and path.parent.name == "games"):
            continue
        text = path.read_text(encoding="utf-8").lower()
        assert word not in text.replace(f"referee.games.{package}", ""), path


@pytest.mark.parametrize("package", GAME_FOLDERS)
def test_a_games_texts_live_in_its_folder(package):
    """A game's catalogs are in its own folder's prompts/, named after it (its namespace); the
    shared prompts/ holds the shared texts only (issue 12: a new game is a new folder)."""
    from referee.core import registry

    (game,) = [g for g in registry.games() if g.package == f"referee.games.{package}"]
    assert game.text_prefix == package and game.catalog_dir is None
    folder = ROOT / "referee" / "games" / package / "prompts"
    assert sorted(p.name for p in folder.glob("*.toml")) == [f"{package}.en.toml", f"{package}.pl.toml"]
    assert sorted(p.name for p in (ROOT / "prompts").glob("*.toml")) == [
        "cli.en.toml", "cli.pl.toml", "core.en.toml", "core.pl.toml"]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> set[str]:
    """The files of the wheel ``pip install .`` would install, built once from this tree."""
    import subprocess
    import sys
    import zipfile

    out = tmp_path_factory.mktemp("wheel")
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), str(ROOT)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    (built,) = out.glob("referee-*.whl")
    with zipfile.ZipFile(built) as archive:
        return set(archive.namelist())


@pytest.mark.slow
def test_every_package_is_shipped(wheel):
    """``pip install .`` ships every package under referee/ (a new game's folder too, found by
    the build without an edit, with its texts), and every catalog of prompts/ as referee/prompts/."""
    packages = {p.relative_to(ROOT).as_posix() for p in (ROOT / "referee").rglob("__init__.py")
                if "__pycache__" not in p.parts}
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "referee").rglob("*.py")
               if "__pycache__" not in p.parts}
    catalogs = {f"referee/prompts/{p.name}" for p in (ROOT / "prompts").glob("*.toml")}
    catalogs |= {p.relative_to(ROOT).as_posix() for p in (ROOT / "referee").rglob("prompts/*.toml")}
    assert {f"referee/games/{g}/prompts/{g}.pl.toml" for g in GAME_FOLDERS} <= catalogs
    assert packages and catalogs
    assert not (packages | modules | catalogs) - wheel, sorted((packages | modules | catalogs) - wheel)
    assert "referee/prompts/__init__.py" in wheel
    assert not any(name.startswith(("tests/", "prompts/")) for name in wheel)  # only the package


def test_the_description_names_no_game():
    import tomllib

    from referee.core import registry

    description = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "description"]
    for game in registry.games():
        assert game.title not in description and game.short_title not in description


def test_mypy_gates_every_game():
    """Issue 27 item 4: ``mypy`` (CI) checks every game shipped, not only some (each is at zero
    errors: a game left out of ``files`` would gather errors unseen)."""
    import tomllib

    files = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]["files"])
    games = {f"referee/games/{p.name}" for p in (ROOT / "referee" / "games").iterdir()
             if (p / "__init__.py").is_file()}
    assert games, "no game packages found"
    assert games <= files, f"not checked by mypy: {sorted(games - files)}"


#: the test modules every game has (issue 27: the same set per game, named after what they test);
#: a game adds its own beside them (advice, calculator, cards …)
GAME_TEST_MODULES = ("test_cli", "test_golden", "test_live", "test_private", "test_questions",
                     "test_record", "test_rules", "test_properties")


@pytest.mark.parametrize("game", sorted(p.name for p in (ROOT / "referee" / "games").iterdir()
                                        if (p / "__init__.py").exists()))
def test_every_game_has_the_same_set_of_test_modules(game):
    have = {p.stem for p in (ROOT / "tests" / game).glob("test_*.py")}
    assert set(GAME_TEST_MODULES) <= have, sorted(set(GAME_TEST_MODULES) - have)


def test_the_readmes_quick_run_names_modules_every_game_has():
    """README's quick run (issue 27: under a minute while editing a game) globs module names: each
    pattern names one of the modules every game has, so no game drops out of it unnoticed."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    line = next(ln for ln in readme.splitlines() if ln.startswith("python -m pytest tests/test_game_suite.py"))
    patterns = line.split()[3:]
    assert patterns and patterns[0] == "tests/test_game_suite.py"
    for pattern in patterns[1:]:
        folder, name = pattern.split("/")[1:]
        assert folder == "*" and name.removesuffix(".py") in GAME_TEST_MODULES, pattern
        assert {p.parent.name for p in ROOT.glob(pattern)} >= set(GAME_FOLDERS), pattern


#: what players read (issue 27: each game's ``summary.py`` split along its seams), one module a
#: part, named the same in every game; a game without a part (``names``, ``scores``) has no module
PRESENTATION_MODULES = {"names": False, "view": True, "news": True, "scores": False, "summary": True,
                        "exports": True, "output": True}  # module -> every game has it
#: the members of a game's presentation and the module of the layout each lives in
PRESENTATION_MEMBERS = {"board": "view", "describe": "news", "news_marker": "news", "news": "news",
                        "summary": "summary", "export_report": "exports", "csv_rows": "exports",
                        "score_blocks": "scores", "progress": "output"}
PRESENTATION_FOLDERS = [*(ROOT / "referee" / "games" / g for g in GAME_FOLDERS),
                        ROOT / "tests" / "tictactoe", ROOT / "tests" / "nim"]


@pytest.mark.parametrize("folder", PRESENTATION_FOLDERS, ids=lambda p: p.name)
def test_every_games_presentation_follows_the_one_layout(folder):
    """Every game (the template games in tests/ too) keeps what players read in the same modules:
    ``view`` (the board), ``news`` (each entry in words, what the rules resolved), ``summary``
    (``show``), ``exports`` (md/html, csv), ``output`` (``progress``, beside the plain data) and,
    where it has them, ``names`` (its words for its
    things) and ``scores`` (the result); the game object finds each member there, and no other
    of these modules defines one (``summary.py`` holds the summary only)."""
    import ast
    from importlib import import_module

    defined: dict[str, set[str]] = {}
    for path in (folder / f"{m}.py" for m in PRESENTATION_MODULES):
        if not path.is_file():
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name in PRESENTATION_MEMBERS:
                defined.setdefault(node.name, set()).add(path.stem)
    have = {p.stem for p in folder.glob("*.py")}
    assert {m for m, always in PRESENTATION_MODULES.items() if always} <= have
    package = ".".join(folder.relative_to(ROOT).parts)
    # (a game in referee/games is its package's ``GAME``; a throwaway one in tests/, its ``game.py``'s)
    game = getattr(import_module(package), "GAME", None) or import_module(f"{package}.game").GAME
    for member, layout in PRESENTATION_MEMBERS.items():
        if member == "score_blocks" and not game.info.calculator:
            assert member not in defined, f"{member} without a calculator: {defined[member]}"
            continue
        assert defined.get(member) == {layout}, f"{member} in {sorted(defined.get(member, ()))}"
        assert getattr(type(game), member).lazy == (layout, member)
