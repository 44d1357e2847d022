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


@pytest.mark.parametrize("package,word", [("grunwald", "grunwald"), ("kajko", "kajko")])
def test_nothing_outside_a_game_package_is_specific_to_it(package, word):
    for path in (ROOT / "referee").rglob("*.py"):
        if f"games/{package}" in path.as_posix() or path.name == "__init__.py" and path.parent.name == "games":
            continue
        text = path.read_text(encoding="utf-8").lower()
        assert word not in text.replace(f"referee.games.{package}", ""), path


def test_every_package_is_shipped():
    """``pip install .`` ships exactly the packages listed in pyproject.toml: a new game's folder
    must be there too (tests run from the source tree would not notice)."""
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
                 ["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "referee").rglob("__init__.py")}
    assert found <= listed, found - listed
