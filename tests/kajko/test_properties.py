"""Property tests over random legal Kajko i Kokosz games (``bot.random_action``: a shuffled
stack's odds, 2–5 players, either variant, the default stacks or others): the invariants after
every entry, write → parse → replay equality, every prefix replays to the engine's state,
nothing legal once over, and the final score against a scorer written here from the book
(KK-11, KK-12), not from the code it checks."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core import jsonio
from referee.games.kajko import bot, engine, record
from referee.games.kajko.invariants import check_invariants
from tests.playouts import play_to_the_end

NAMES = ["Ola", "Bartek", "Ewa", "Kuba", "Lena"]

games = st.fixed_dictionaries({
    "seed": st.integers(0, 2**32 - 1),
    "players": st.integers(2, 5),
    "dusigrosz": st.booleans(),
    "coin_in_hand": st.booleans(),
    "stacks": st.none() | st.lists(st.integers(5, 9), min_size=2, max_size=10),
})


def play(game: dict):
    players = NAMES[: game["players"]]
    meta: dict = {"variants": {"dusigrosz": game["dusigrosz"], "coin_in_hand": game["coin_in_hand"]}}
    if game["stacks"] is not None:
        meta["stacks"] = game["stacks"]
    state, actions = play_to_the_end(engine, bot, check_invariants, record, players, meta,
                                     random.Random(game["seed"]), 1000)
    return players, meta, state, actions


def replayed(players, meta, actions):
    text = jsonio.dumps_pretty(record.write_record(players, actions, meta))
    return text, record.parse_record(jsonio.loads(text)).replay()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games)
def test_random_games_keep_the_invariants_and_replay_equal(game):
    players, meta, state, actions = play(game)
    assert engine.decision(state) is None and engine.legal_actions(state) == []
    text, (again, steps) = replayed(players, meta, actions)
    assert again.snapshot() == state.snapshot()
    assert [s.action for s in steps] == actions
    assert jsonio.dumps_pretty(record.write_record(players, [s.action for s in steps], meta)) == text


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games)
def test_every_prefix_replays_to_the_engines_state(game):
    players, meta, _state, actions = play(game)
    trial, _ = replayed(players, meta, [])[1]
    for k, action in enumerate(actions):
        engine.apply(trial, action)
        _, (prefix, _) = replayed(players, meta, actions[: k + 1])
        assert prefix.snapshot() == trial.snapshot()
        assert prefix.over == (k == len(actions) - 1)


#: KK-6: what an item is worth; KK-12: the Dusigrosz card
WORTH = {"coin": 1, "coin_in_hand": 1, "item:5": 5, "item:10": 10}
DUSIGROSZ = 10


def book_score(towns: dict[str, list[list[str]]], dusigrosz: bool):
    """KK-11: the ducats on a player's characters; most wins, a tie goes to more items sent to
    town, still tied is a shared victory.  KK-12: the one player with the most coins in town
    gains the Dusigrosz (10); a tie for most coins: nobody (there is one card)."""
    cards = {name: [c for character in town for c in character] for name, town in towns.items()}
    totals = {name: sum(WORTH[c] for c in held) for name, held in cards.items()}
    holder = None
    if dusigrosz:
        coins = {name: sum(c in ("coin", "coin_in_hand") for c in held) for name, held in cards.items()}
        leaders = [name for name, n in coins.items() if n == max(coins.values())]
        holder = leaders[0] if len(leaders) == 1 else None
        if holder is not None:
            totals[holder] += DUSIGROSZ
    best = max(totals.values())
    tied = [name for name in totals if totals[name] == best]
    most_sent = max(len(cards[name]) for name in tied)
    winners = [name for name in tied if len(cards[name]) == most_sent]
    return totals, holder, winners


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games)
def test_KK_11_and_KK_12_the_final_score_is_the_books(game):
    _players, _meta, state, _actions = play(game)
    towns = {p.name: p.town for p in state.players}
    totals, holder, winners = book_score(towns, state.dusigrosz)
    result = engine.final_scores(state)
    assert {name: s.total for name, s in result.scores.items()} == totals
    assert result.dusigrosz == holder
    assert result.winners == winners
    assert [name for name, place in result.places.items() if place == 1] == winners


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games)
def test_KK_2_every_card_revealed_is_one_of_its_stack_and_ends_in_one_place(game):
    """KK-2: a stack of size n holds each of the five specials once and n − 5 coins or items
    worth 5; every card revealed is in one place at the end (a town, a front, or the box)."""
    _players, _meta, state, _actions = play(game)
    for size, cards in zip(state.sizes, state.revealed):
        counts = Counter(cards)
        assert all(counts[c] <= 1 for c in ("jomsborg", "brigands", "chamberlain", "coin_in_hand", "item:10"))
        assert counts["coin"] + counts["item:5"] <= size - 5
    placed = Counter(state.box)
    for p in state.players:
        placed.update(p.front)
        placed.update(c for character in p.town for c in character)
    assert placed == Counter(c for cards in state.revealed for c in cards)
