"""Every rule id of the digest has at least one test whose name carries it."""

from __future__ import annotations

from pathlib import Path

from referee.games.grunwald.rules import RULES

TESTS = Path(__file__).resolve().parent


def test_every_rule_id_has_a_test():
    names = " ".join(p.read_text(encoding="utf-8") for p in TESTS.rglob("test_*.py"))
    missing = [rule for rule in RULES if f"def test_{rule.replace('-', '_')}_" not in names]
    assert not missing, missing
