"""Property tests: random *legal* games for 2, 3 and 4 players, checked after every action."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings, strategies as st

from referee.core import jsonio
from referee.games.grunwald import bot, engine, output, record
from referee.games.grunwald.cards import CARDS
from referee.games.grunwald.state import (
    EVENT, FEEDING, HELPER_PURCHASE, LOSSES, OVER, PLACEMENT, REVEAL, SKIRMISH,
)

NAMES = ["Marek", "Jacek", "Kasia", "Ania"]


def board_cards(s) -> Counter:
    """Revealed cards still lying on the board (not yet won or removed)."""
    out: Counter = Counter()
    if s.reveal is None or s.phase in (EVENT, REVEAL, FEEDING, OVER, HELPER_PURCHASE):
        return out
    for v in s.reveal.crown:
        out[f"crown:{v}"] += 1
    for v in s.reveal.mercenary:
        out[f"mercenary:{v}"] += 1
    if s.reveal.teutons:
        for v in s.reveal.teutons:
            out[f"teuton:{v}"] += 1
        if s.phase == LOSSES:
            for c in s.skirmish.captured.values():
                out[c] -= 1
    return +out


def held_cards(s) -> Counter:
    out: Counter = Counter()
    for p in s.players:
        for pile in (p.hand, p.camp):
            for c, k in pile.items():
                if c != "peasant":
                    out[c] += k
    if s.skirmish is not None and s.phase == LOSSES:
        for c in (*s.skirmish.played.values(), *s.skirmish.captured.values()):
            if c != "peasant":
                out[c] += 1
    return out


def ledger_totals(s):
    """Ducats and provisions the players should hold, from the start and the round logs."""
    n = s.n
    ducats, provisions = 3 * n, 1 * n
    for log in s.log:
        if log.event is not None:
            for e in log.event.effects:
                ducats += e.ducats
                provisions += e.provisions
        for name, results in log.fields.items():
            for r in results:
                ducats -= r["paid"]
                if name == "ducats" and r["gain"] is not None:
                    ducats += r["gain"]
                if name == "provisions" and r["gain"] is not None:
                    provisions += r["gain"]
        if log.skirmish is not None:
            for items in log.skirmish["losses"].values():
                for item in items:
                    if item.startswith("provisions:"):
                        provisions -= int(item.split(":")[1])
    return ducats, provisions


def check_invariants(s) -> None:
    for p in s.players:
        assert p.ducats >= 0 and p.provisions >= 0
        assert 0 <= p.helpers <= 5
        on_fields = [st_ for f in s.fields.values() for st_ in f if st_.player == p.index]
        assert sum(x.helpers for x in on_fields) == p.helpers_placed <= p.helpers
        assert sum(x.officer for x in on_fields) == int(p.officer_placed) <= 1
        peasants = p.hand.get("peasant", 0) + (
            1 if s.skirmish and s.phase == LOSSES and s.skirmish.played.get(p.index) == "peasant" else 0)
        assert peasants == 1 and "peasant" not in p.camp
        assert all(CARDS[c][0] == "teuton" or CARDS[c][0] in ("crown", "mercenary") for c in p.camp)
        assert all(CARDS[c][0] != "teuton" for c in p.hand)
    # every card that entered the game is in exactly one place
    assert Counter(s.entered) == held_cards(s) + board_cards(s) + Counter(s.removed)
    if s.phase != OVER:  # feeding spends provisions at the very end
        board_ducats = sum(x.ducats for f in s.fields.values() for x in f)
        ducats, provisions = ledger_totals(s)
        assert sum(p.ducats for p in s.players) + board_ducats == ducats
        assert sum(p.provisions for p in s.players) == provisions
    if s.phase == PLACEMENT:
        assert s.players[s.turn].has_pawns() and not s.players[s.turn].passed
    elif s.phase == HELPER_PURCHASE:  # fields 1-5 resolved, their pawns went home (NG-F3)
        assert all(not f for name, f in s.fields.items() if name != "helpers")
    elif s.phase not in (SKIRMISH, LOSSES):
        assert all(not f for f in s.fields.values())


def replayed(players, actions):
    doc = record.write_record(players, actions, {"date": "2026-11-22"})
    text = jsonio.dumps_pretty(doc)
    state, steps = record.parse_record(jsonio.loads(text)).replay()
    again = jsonio.dumps_pretty(record.write_record(players, [x.action for x in steps], {"date": "2026-11-22"}))
    assert again == text  # parse -> write is byte-for-byte
    return state


games = st.tuples(st.integers(min_value=0, max_value=2**32 - 1), st.sampled_from([2, 3, 4]),
                  st.sampled_from([0.05, 0.15, 0.4]), st.booleans())


@settings(max_examples=120, deadline=None)
@given(games)
def test_random_legal_games_keep_every_invariant(params):
    seed, n, pass_bias, sensible = params
    rng = random.Random(seed)
    players = NAMES[:n]
    s = engine.new_state(players)
    actions = []
    while not engine.is_over(s):
        d = engine.decision(s)
        if d.kind in ("placement", "helper_purchase"):
            legal = engine.legal_actions(s)
            assert legal and len(set(legal)) == len(legal)
        if sensible and d.kind != "reveal":
            a = bot.sensible_action(s, rng)
        else:
            a = bot.random_action(s, rng, pass_bias)
        if d.kind in ("placement", "helper_purchase"):
            assert a in engine.legal_actions(s)
        engine.apply(s, a)
        actions.append(a)
        check_invariants(s)
    assert engine.decision(s) is None and engine.legal_actions(s) == []
    out = output.replay_output(s)
    assert out["complete"] and out["winners"]
    assert sorted(p["place"] for p in out["players"].values())[0] == 1
    for p in out["players"].values():
        sc = p["score"]
        assert sc["total"] == sum(v for k, v in sc.items() if k != "total")
    assert replayed(players, actions).snapshot() == s.snapshot()


@settings(max_examples=60, deadline=None)
@given(games, st.floats(min_value=0, max_value=1))
def test_partial_records_replay_to_the_state_where_they_stop(params, where):
    seed, n, pass_bias, _ = params
    rng = random.Random(seed)
    players = NAMES[:n]
    full, actions = bot.play_random_game(players, rng)
    cut = int(where * len(actions))
    s = engine.new_state(players)
    for a in actions[:cut]:
        engine.apply(s, a)
    state = replayed(players, actions[:cut])
    assert state.snapshot() == s.snapshot()
    out = output.replay_output(state)
    assert out["complete"] == engine.is_over(s)
    # undo = drop the last entry and replay
    if cut:
        prev = engine.new_state(players)
        for a in actions[: cut - 1]:
            engine.apply(prev, a)
        assert replayed(players, actions[: cut - 1]).snapshot() == prev.snapshot()


@settings(max_examples=40, deadline=None)
@given(games)
def test_replay_output_is_json_and_stable(params):
    seed, n, _, _ = params
    s, actions = bot.play_sensible_game(NAMES[:n], random.Random(seed))
    out = output.replay_output(s)
    assert json.loads(jsonio.dumps_line(out)) == out
    assert output.replay_output(replayed(NAMES[:n], actions)) == out
