"""Issue 22: every game declares its facts as public, private or memory aid, in the rulebook's
words (``referee/games/<game>/facts.py``); every quote is the book's, verbatim, and docs/table.md
lists every fact; a game with a memory aid has ``--hints``, a game with private facts hides them
from ``show --json`` of a game in progress (``public_output``)."""

from __future__ import annotations

import re
from importlib import import_module
from pathlib import Path

import pytest

from referee.core.facts import KINDS, MEMORY_AID, PRIVATE
from referee.core.registry import find
from tests import rulebooks

ROOT = Path(__file__).resolve().parent.parent
#: the book each game's facts quote (Na Grunwald!'s clean text, not the OCR)
GAMES = {"grunwald": "001_", "warchest": "004_", "kajko": "003_", "medieval": "002_"}


def words(text: str) -> str:
    return " ".join(re.sub(r"[*_]", "", text).split())


@pytest.mark.parametrize("package", sorted(GAMES))
def test_issue22_every_fact_is_declared_in_the_books_words(package):
    facts = import_module(f"referee.games.{package}.facts").FACTS
    assert facts and all(f.kind in KINDS and f.book and f.english for f in facts)
    doc = (ROOT / "docs" / "table.md").read_text(encoding="utf-8")
    for f in facts:
        assert f"| {f.fact} | {f.kind} | „{f.book}” | “{f.english}” |" in doc, f.fact


@pytest.mark.parametrize("package", sorted(GAMES))
def test_issue22_every_facts_quote_is_the_books_text(package):
    """The quotes above (in the repository: the code's and docs/table.md's) against the book, where
    the book is (``REFEREE_RULEBOOKS``, tests/rulebooks.py); a skip names the variable."""
    facts = import_module(f"referee.games.{package}.facts").FACTS
    book = words(" ".join(p.read_text(encoding="utf-8")
                          for p in rulebooks.book(package, (GAMES[package],))))
    for f in facts:
        assert words(f.book) in book, f.book


@pytest.mark.parametrize("package", sorted(GAMES))
def test_issue22_what_a_game_declares_is_what_its_table_offers(package):
    facts = import_module(f"referee.games.{package}.facts").FACTS
    game = find(package)
    kinds = {f.kind for f in facts}
    assert game.has_hints == (MEMORY_AID in kinds)
    assert getattr(game, "public_output", None) is not None  # (what show --json may tell)
    if PRIVATE in kinds:
        assert getattr(game, "secret_record", True)
