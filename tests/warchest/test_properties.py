"""Property tests over random legal tables (``bot.random_action``): the invariants after every
entry, write -> parse -> replay equality, every prefix replays, nothing legal once over, every
legal action applies, and all 16 unit types over the runs."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core import jsonio
from referee.games.warchest import bot, engine, record
from referee.games.warchest.invariants import check_invariants
from referee.games.warchest.rules import RULES
from referee.games.warchest.units import UNITS

METHODS = [None, "random", "draft", "first_game", "historic:gaugamela", "historic:bannockburn",
           "historic:crecy", "custom"]
SEEN_UNITS: set = set()


def playout(count, seed, method, royal_guard):
    rng = random.Random(seed)
    names = ["Ania", "Marek", "Ola", "Bartek"][:count]
    if count == 4 and method not in (None, "random", "draft", "custom"):
        method = "draft"
    meta = {"options": {"royal_guard": royal_guard}}
    if method:
        meta["setup"] = {"method": method}
    state = engine.new_state(names, record.setup_of(meta))
    actions = []
    while not engine.is_over(state):
        assert engine.decision(state) is not None
        action = bot.random_action(state, rng)
        engine.apply(state, action)
        actions.append(action)
        check_invariants(state)
        assert len(actions) < 5000
    SEEN_UNITS.update(u for p in state.players for u in p.units)
    return names, meta, state, actions


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(count=st.sampled_from([2, 4]), seed=st.integers(0, 2**32 - 1), method=st.sampled_from(METHODS),
       royal_guard=st.sampled_from(["base", "nobility"]), cut=st.floats(0, 1))
@pytest.mark.slow
def test_random_tables_keep_the_invariants_and_replay_equal(count, seed, method, royal_guard, cut):
    names, meta, state, actions = playout(count, seed, method, royal_guard)
    assert engine.decision(state) is None and engine.legal_actions(state) == []
    text = jsonio.dumps_pretty(record.write_record(names, actions, meta))
    parsed = record.parse_record(jsonio.loads(text))
    again, steps = parsed.replay()
    assert again.snapshot() == state.snapshot()
    assert jsonio.dumps_pretty(record.write_record(parsed.players, steps, parsed.meta)) == text
    k = int(cut * len(actions))
    trial = engine.new_state(names, record.setup_of(meta))
    for a in actions[:k]:
        engine.apply(trial, a)
    prefix = record.write_record(names, actions[:k], meta)
    assert record.parse_record(jsonio.loads(jsonio.dumps_pretty(prefix))).replay()[0].snapshot() == trial.snapshot()


def test_every_prefix_of_a_four_player_game_replays():
    names, meta, _state, actions = playout(4, 11, "draft", "base")
    trial = engine.new_state(names, record.setup_of(meta))
    for k, action in enumerate(actions):
        engine.apply(trial, action)
        doc = record.write_record(names, actions[: k + 1], meta)
        assert record.parse_record(doc).replay(tracked=False)[0].snapshot() == trial.snapshot()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(count=st.sampled_from([2, 4]), seed=st.integers(0, 2**32 - 1))
def test_every_legal_action_applies_and_copies_share_nothing(count, seed):
    names, meta, _state, actions = playout(count, seed, None, "nobility")
    rng = random.Random(seed)
    trial = engine.new_state(names, record.setup_of(meta))
    for action in actions[: rng.randrange(len(actions))]:
        engine.apply(trial, action)
    for action in engine.legal_actions(trial):
        twin = trial.copy()
        engine.apply(twin, action)
        check_invariants(twin)
    assert trial.snapshot() == trial.copy().snapshot()


@pytest.mark.slow
def test_all_sixteen_units_over_the_runs():
    for seed in range(12):
        playout(2, seed, None, "base")
        playout(4, seed, None, "base")
    assert set(UNITS) == SEEN_UNITS


def test_every_rule_id_has_a_test_of_its_own_name():
    """The shared coverage test, for ids with a dot too (``WC-4.1`` -> ``test_WC_4_1_``)."""
    text = " ".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_*.py"))
    missing = [r for r in RULES if f"def test_{re.sub(r'[-.]', '_', r)}_" not in text]
    assert not missing, missing


def test_the_digest_and_the_code_know_the_same_rule_ids():
    digest = Path(__file__).resolve().parents[2] / "docs" / "rules" / "war-chest.md"  # (never skips)
    ids = re.findall(r"^- (WC-[A-Z]*\d+(?:\.\d+)?)\b", digest.read_text(encoding="utf-8"), re.M)
    assert len(ids) == len(set(ids)) and set(ids) == set(RULES)
