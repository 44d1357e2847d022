"""Every rule id of every game's digest has at least one test whose name carries it."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.games.grunwald.rules import RULES as GRUNWALD
from referee.games.kajko.rules import RULES as KAJKO

TESTS = Path(__file__).resolve().parent


@pytest.mark.parametrize("rules", [GRUNWALD, KAJKO], ids=["na-grunwald", "kajko-kokosz"])
def test_every_rule_id_has_a_test(rules):
    names = " ".join(p.read_text(encoding="utf-8") for p in TESTS.rglob("test_*.py"))
    missing = [rule for rule in rules if f"def test_{rule.replace('-', '_')}_" not in names]
    assert not missing, missing


def test_the_digest_and_the_code_know_the_same_rule_ids():
    import re

    digest = (TESTS.parent.parent / "shared" / "rules" / "kajko-kokosz.md")
    if not digest.is_file():
        pytest.skip("the rules digest is not beside this clone")
    ids = set(re.findall(r"^- (KK-\d+)", digest.read_text(encoding="utf-8"), re.M))
    assert ids == set(KAJKO)
