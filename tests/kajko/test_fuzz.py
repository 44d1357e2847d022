"""Hostile Kajko i Kokosz records and inventories: one clean line and exit 1, never a crash."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import EXAMPLES
from tests.test_reliability import WEIRD, _paths, assert_clean_failure, mutate, run_main

EXAMPLE = json.loads((EXAMPLES / "kajko" / "three-players.json").read_text(encoding="utf-8"))
PATHS = list(_paths(EXAMPLE))
KAJKO_WEIRD = st.one_of(WEIRD, st.sampled_from(
    ["coin", "item:5", "item:10", "coin_in_hand", "brigands", "jomsborg", "chamberlain", "item:7",
     "Ola", "Bartek", "Ewa", "Zbyszko", True, False, 0, 9, 10, -1, 2**31]))
ops = st.lists(st.tuples(st.sampled_from(["delete", "set", "add"]), st.integers(0, 10**6), KAJKO_WEIRD),
               min_size=1, max_size=4)


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops)
def test_fuzz_replay_of_mutated_kajko_records(tmp_path, capsys, operations):
    path = tmp_path / "fuzz.json"
    path.write_text(json.dumps(mutate(EXAMPLE, operations, PATHS)), encoding="utf-8")
    code, out, err = run_main(["replay", "--json", str(path)], capsys)
    if code == 0:
        assert json.loads(out)["game"] == "kajko-kokosz"
    else:
        assert_clean_failure(code, err)


inventories = st.dictionaries(
    st.sampled_from(["Ola", "Bartek", "Ewa", "", "x" * 3]),
    st.one_of(KAJKO_WEIRD, st.fixed_dictionaries({"town": st.one_of(
        KAJKO_WEIRD, st.lists(st.one_of(KAJKO_WEIRD, st.lists(KAJKO_WEIRD, max_size=4)), max_size=5))})),
    max_size=6)


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(inventories, st.one_of(st.none(), KAJKO_WEIRD, st.fixed_dictionaries({"dusigrosz": KAJKO_WEIRD})))
def test_fuzz_score_of_kajko_inventories(tmp_path, capsys, players, variants):
    doc = {"game": "kajko-kokosz", "format": 1, "players": players}
    if variants is not None:
        doc["variants"] = variants
    path = tmp_path / "inventory.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, out, err = run_main(["score", "--json", str(path)], capsys)
    if code == 0:
        assert set(json.loads(out)["players"]) == set(players)
    else:
        assert_clean_failure(code, err)
