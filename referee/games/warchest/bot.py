"""A random legal table (draws and choices) for property tests and the shared suite.  It prefers
control, attacks and deployments so that games end; after ``LIMIT`` rounds the player to move
resigns (WC-V2), so every playout is bounded."""

from __future__ import annotations

import random

from referee.games.warchest.actions import Deal, Done, Draw, GuardCard, Pick, Play, Resign
from referee.games.warchest.board import distance
from referee.games.warchest.engine import available, decision, index, legal_actions, taken, units_per_player
from referee.games.warchest.state import WarChestState, minus, plus
from referee.games.warchest.units import UNITS, sort_coins

LIMIT = 40
#: how often the table does not say what a player drew (WC-V3): exercises the untracked paths
UNTOLD = 0.1


def random_action(state: WarChestState, rng: random.Random):
    d = decision(state)
    if d is None:
        raise ValueError("the game is over")
    if d.kind == "royal_guard":  # WC-U13: the base card, as when the setup said nothing (the
        return GuardCard("base")  # random table's playouts stay those of the same seeds)
    if d.kind in ("first_picker", "initiative"):  # (decided by no one player)
        return rng.choice(legal_actions(state))
    assert d.player is not None  # every other decision names its player
    if d.kind == "units":
        free = [u for u in UNITS if u not in taken(state)]
        return Deal(d.player, tuple(rng.sample(free, units_per_player(state))))
    if d.kind == "pick":
        return Pick(d.player, rng.choice([u for u in UNITS if u not in taken(state)
                                          and (state.cards is None or u in state.cards)]))
    if d.kind == "draw":
        return random_draw(state, index(state, d.player), rng)
    if d.kind == "play" and state.round > LIMIT:
        return Resign(d.player)
    legal = legal_actions(state)
    if d.kind == "then" and d.optional and len(legal) > 1 and rng.random() < 0.7:
        legal = [a for a in legal if not isinstance(a, Done)]
    weights = [weight(state, a) for a in legal]
    return rng.choices(legal, weights)[0]


def random_draw(state: WarChestState, i: int, rng: random.Random) -> Draw:
    p = state.players[i]
    if p.down is None or rng.random() < UNTOLD:
        return Draw(p.name, None)
    n = min(3, available(p))
    bag = minus(p.hidden, p.down)
    flat = [c for c in sort_coins(bag) for _ in range(bag[c])]
    if p.bag_n >= n:
        return Draw(p.name, sort_coins(rng.sample(flat, n)))
    rest = plus(p.down, p.faceup)
    more = [c for c in sort_coins(rest) for _ in range(rest[c])]
    return Draw(p.name, sort_coins(flat + rng.sample(more, n - len(flat))))


def weight(state: WarChestState, a) -> float:
    if not isinstance(a, Play):
        return 1.0
    kind = a.action
    if kind == "control":
        return 60.0
    if a.target is not None or kind == "attack":
        return 12.0
    if a.steps:
        return 20.0 if any(m.action == "control" for m in a.steps) else 4.0
    if kind == "deploy":
        return 10.0
    if kind in ("move", "tactic") and a.to is not None:
        src = a.unit or a.frm
        goals = [h for h in state.board.locations if state.control.get(h) != state.players[
            index(state, a.player)].side and h not in state.stacks]
        if src is not None and goals and min(distance(a.to, g) for g in goals) < min(distance(src, g) for g in goals):
            return 8.0
        return 1.0
    if kind == "recruit":
        return 2.0
    if kind == "bolster":
        return 1.5
    return 0.5
