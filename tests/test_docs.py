"""The repository is self-contained (issue 27 item 3): the docs, README and the package cite the
rulebooks by title and section, never by a path outside the clone (the books are the publishers'
and are not in the repository), and every relative Markdown link in docs/, README and the
Decisions resolves to a file in the clone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import ROOT

#: a path that leaves the clone: the rulebooks' folder beside it, or a machine's absolute path (a
#: line may name the folder as the default of ``REFEREE_RULEBOOKS``, where the tests look for it)
OUTSIDE = re.compile(r"\.\./shared|shared/seeds|\.\./seeds|/work/")
#: ``[text](target)``, ``[text](target "title")``; the target up to its first space
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
TEXT = {".md", ".json", ".py", ".toml", ".txt"}


def cited_files() -> list[Path]:
    files = [ROOT / "README.md", *(ROOT / "docs").rglob("*"), *(ROOT / "referee").rglob("*")]
    return sorted(p for p in files if p.is_file() and p.suffix in TEXT)


def markdown_files() -> list[Path]:
    return sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md"), *(ROOT / "referee").rglob("*.md")])


def test_no_file_cites_a_path_outside_the_repository():
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()[:100]}"
             for path in cited_files()
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if OUTSIDE.search(line) and "REFEREE_RULEBOOKS" not in line]  # (the setting's default)
    assert len(cited_files()) > 50
    assert found == []


@pytest.mark.parametrize("name", [p.relative_to(ROOT).as_posix() for p in markdown_files()])
def test_every_relative_markdown_link_resolves_inside_the_clone(name):
    path = ROOT / name
    broken = []
    for target in LINK.findall(path.read_text(encoding="utf-8")):
        if re.match(r"[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
            continue  # a web address, or a place in the same file
        resolved = (path.parent / target.split("#")[0]).resolve()
        if not resolved.exists() or not resolved.is_relative_to(ROOT):
            broken.append(target)
    assert broken == []


def test_the_link_check_sees_the_readmes_links():
    """(So the check above cannot pass by finding nothing.)"""
    targets = LINK.findall((ROOT / "README.md").read_text(encoding="utf-8"))
    assert "docs/spec/grunwald-record.md" in targets
    assert OUTSIDE.search("source: `../seeds/003_2b72b5ca21aaeb23.txt`")


#: where each game's record format is specified (README's "Game records" names them all)
RECORD_SPECS = {"na-grunwald": "docs/spec/grunwald-record.md", "kajko-kokosz": "docs/rules/kajko-kokosz.md",
                "war-chest": "docs/rules/war-chest.md", "medieval-battle": "docs/spec/medieval-record.md"}


def test_the_readmes_game_records_section_names_every_games_record_spec():
    from referee.core import registry

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Game records\n", 1)[1].split("\n## ", 1)[0]
    assert sorted(RECORD_SPECS) == sorted(registry.names())
    for game, spec in RECORD_SPECS.items():
        assert f"]({spec})" in section, game
        text = (ROOT / spec).read_text(encoding="utf-8")
        assert re.search(r"record,? format 1|Record format 1", text), spec


def test_every_test_module_the_docs_name_exists():
    """A test module named in README, docs/ or the Decisions (``tests/…/test_x.py``) is there: a
    rename of a test module (issue 27: one name, one thing across games) leaves no stale name."""
    named = {m for path in markdown_files()
             for m in re.findall(r"tests/[\w/]+\.py", path.read_text(encoding="utf-8"))}
    assert len(named) > 10
    assert sorted(m for m in named if not (ROOT / m).is_file()) == []
