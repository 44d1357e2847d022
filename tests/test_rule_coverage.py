"""Every rule id of every game has at least one test whose name carries it, and the game's rules
digest (``game.digest`` in the repo's ``docs/rules/``) knows the same ids as its code
(``game.rules``).  Runs over every game (``game`` fixture, ``tests/conftest.py``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
DOCS_RULES = TESTS.parent / "docs" / "rules"
#: a digest's rule ids: the list items that start with one (``- NG-C1 …``, ``- KK-1 …``,
#: ``- WC-4.1 …``: a dotted id is one id)
DIGEST_ID = re.compile(r"^- ([A-Z]+-[A-Z]*\d+(?:\.\d+)?)\b", re.M)


def id_in_name(rule: str) -> str:
    """The part of a test's name that carries a rule id (``WC-4.1`` → ``WC_4_1``)."""
    return re.sub(r"[-.]", "_", rule)


def test_every_rule_id_has_a_test(game):
    names = " ".join(p.read_text(encoding="utf-8") for p in TESTS.rglob("test_*.py"))
    missing = [rule for rule in game.rules if f"def test_{id_in_name(rule)}_" not in names]
    assert game.rules and not missing, missing


def test_the_digest_and_the_code_know_the_same_rule_ids(game):
    """A real game (``referee/games/``) has its digest: ``GameInfo.digest`` left at ``None``
    fails here, it is not skipped; only a throwaway game inside tests/ may have none."""
    if game.digest is None:
        assert game.package.startswith("tests."), f"{game.name} names no rules digest (GameInfo.digest)"
        pytest.skip(f"{game.name} (a throwaway game in tests/) has no rules digest")
    digest = DOCS_RULES / game.digest  # (a path of its own, if absolute)
    assert digest.is_file(), f"{game.name}'s digest {digest} is missing"
    ids = DIGEST_ID.findall(digest.read_text(encoding="utf-8"))
    assert len(ids) == len(set(ids)), "an id appears twice in the digest"
    assert set(ids) == set(game.rules)


def test_a_real_game_without_a_digest_fails_the_check(game):
    """``GameInfo.digest`` defaults to ``None``: a real game that forgets it is a failure of the
    check above, not a skip (a throwaway game in tests/ may have none)."""
    from dataclasses import replace

    class Forgetful:  # the game as a real package that forgot its digest
        info = replace(game.info, digest=None)
        package = f"referee.games.{game.text_prefix}"
        name, digest = info.name, None

    try:
        with pytest.raises(AssertionError, match="names no rules digest"):
            test_the_digest_and_the_code_know_the_same_rule_ids(Forgetful())
    except pytest.skip.Exception:
        pytest.fail(f"{game.name} as a real game without a digest was skipped, not failed")
