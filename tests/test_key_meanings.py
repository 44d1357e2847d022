"""Issue 22: a key means the same thing for the whole game.  Random playouts of every game (the
shared suite's way: the game's own random legal entries) ask every question of every entry
through the game's dialog, answering at random, and record for each menu kind (and the player
whose decision it is: a War Chest hand, a Medieval army) what each key meant — its key as the
prompter assigns it (``shortcut_keys``).  A key of one menu kind never means two things in a game
(a trial: ``0`` was "★ Advised" at the start of a Na Grunwald! loss payment and "Done" once the
debt was covered).

Keys that label the items of the question at hand may name another item in another question:
the cards of a Na Grunwald! payment or effect (fixed for the whole payment) and the hexes of a War
Chest map (labelled on the map drawn with the question).  Such a key still never means an item
and something else (Done, the advice, Undo), nor two things that are not items."""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from typing import Any

import pytest

from referee.cli.prompter import shortcut_keys
from referee.core import dialog as dialogs
from referee.core import registry
from tests import playouts

ITEM = "an item of the question"


def _is_item(game: str, value: Any) -> bool:
    if game == "na-grunwald":
        from referee.games.grunwald.cards import CARDS

        return isinstance(value, str) and value.split("/")[-1] in CARDS
    if game == "war-chest":  # a hex of the map
        return isinstance(value, tuple) and len(value) == 2 and all(type(v) is int for v in value)
    return False


def meaning(game: str, value: Any) -> Any:
    """What a choice means: an item of the question (see above), else the value itself (a
    sentinel by its name, an object that carries an action, such as the advice, by its kind; the
    provisions of a payment, whatever their amount)."""
    if _is_item(game, value):
        return ITEM
    if dataclasses.is_dataclass(value):
        return type(value).__name__
    if isinstance(value, tuple) and value and value[0] == "provisions":
        return "provisions"
    if value is None or isinstance(value, (bool, int, str, tuple)):
        return value
    return repr(value)


def playout(name: str, count: int, seed: int, entries: int | None = None) -> dict[tuple, dict[str, set]]:
    """(menu kind, player) → key → the meanings it had in one random game."""
    game = registry.get(name)
    seen: dict[tuple, dict[str, set]] = defaultdict(lambda: defaultdict(set))
    for state, q in playouts.questions(game, ["Ola", "Bartek", "Ewa", "Kuba", "Lena"][:count], seed,
                                       entries=entries):
        if isinstance(q, dialogs.Select):
            player = getattr(game.decision(state), "player", None)
            for choice, key in zip(q.choices, shortcut_keys(q.choices)):
                seen[(q.key, player)][key].add(meaning(name, choice.value))
    return seen


def two_meanings(seen: dict[tuple, dict[str, set]]) -> list[str]:
    return [f"{kind} ({player}): {key} means {sorted(map(str, meanings))}"
            for (kind, player), keys in sorted(seen.items(), key=str)
            for key, meanings in keys.items() if len(meanings) > 1]


GAMES = [(name, count) for name in sorted(registry.names()) for count in registry.get(name).player_counts]


@pytest.mark.parametrize(("name", "count"), GAMES, ids=[f"{n}-{c}p" for n, c in GAMES])
def test_a_key_keeps_its_meaning_all_game(name, count):
    for seed in range(3):
        faults = two_meanings(playout(name, count, seed))
        assert not faults, (seed, faults)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "count"), GAMES, ids=[f"{n}-{c}p" for n, c in GAMES])
def test_a_key_keeps_its_meaning_all_game_over_many_games(name, count):
    for seed in range(3, 30):
        faults = two_meanings(playout(name, count, seed))
        assert not faults, (seed, faults)


@pytest.mark.slow  # (10 s: the playouts' reach; the check itself runs fast per game)
def test_the_playouts_see_the_menus_where_keys_went_astray():
    """The check reaches the trials' menus: a loss payment's advice and Done, Medieval Battle's
    flags, War Chest's coins."""
    kinds = {name: {kind for seed in range(3) for count in registry.get(name).player_counts
                    for kind, _ in playout(name, count, seed)} for name in ("na-grunwald", "war-chest")}
    assert {"losses.item", "placement.field", "feeding.card"} <= kinds["na-grunwald"]
    assert {"warchest.play", "warchest.recruit"} <= kinds["war-chest"]
    grunwald = [playout("na-grunwald", count, seed) for count in (2, 3, 4) for seed in range(3)]
    losses = [keys for seen in grunwald for (kind, _), keys in seen.items() if kind == "losses.item"]
    assert any("Advised" in keys.get("0", ()) for keys in losses)
    assert any("done" in keys.get("d", ()) for keys in losses)
    medieval = playout("medieval-battle", 2, 0)
    assert any(kind == "medieval.flag" for kind, _ in medieval)
