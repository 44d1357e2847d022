"""Positions for the War Chest tests, built through the engine's own setup entries and then
arranged (units on the board, hands) keeping every coin in exactly one zone."""

from __future__ import annotations

from referee.games.warchest import engine
from referee.games.warchest.actions import Deal, Flip, Play
from referee.games.warchest.invariants import check_invariants
from referee.games.warchest.state import Stack, add, counted

NAMES = ["Ania", "Marek", "Ola", "Bartek"]
A4 = ("swordsman", "pikeman", "crossbowman", "light_cavalry")
B4 = ("archer", "cavalry", "lancer", "scout")


def position(units=(A4, B4), stacks=(), hands=None, current=0, initiative=0, options=None,
             control=None):
    """``stacks``: (hex, player index, unit, coins); ``hands``: each player's coins in hand (known);
    ``control``: hex -> side replacing the markers there."""
    names = NAMES[: len(units)]
    state = engine.new_state(names, {"method": "custom", "options": options or {}})
    for name, u in zip(names, units):
        engine.apply(state, Deal(name, tuple(u)))
    engine.apply(state, Flip(names[initiative]))
    for h, i, unit, coins in stacks:
        p = state.players[i]
        for _ in range(coins):
            if p.supply.get(unit, 0):
                add(p.supply, unit, -1)
            else:
                add(p.hidden, unit, -1)
                p.bag_n -= 1
        state.stacks[h] = Stack(i, unit, coins)
    hands = hands or [["royal"] for _ in names]
    for p, hand in zip(state.players, hands):
        for c, n in counted(hand).items():
            while p.hidden.get(c, 0) < n:
                add(p.supply, c, -1)
                add(p.hidden, c)
                p.bag_n += 1
        p.hand, p.hand_n = counted(hand), len(hand)
        p.bag_n -= len(hand)
    for h, side in (control or {}).items():
        old = state.control.get(h)
        if old:
            state.markers[old] += 1
        if side:
            state.control[h] = side
            state.markers[side] -= 1
        else:
            state.control.pop(h, None)
    state.phase, state.drawn, state.current = "play", len(names), current
    check_invariants(state)
    return state


def play(state, player=None, **kw):
    """Apply a play of ``player`` (default: the one to play) and check the invariants."""
    action = Play(player or engine.decision(state).player, **kw)
    engine.apply(state, action)
    check_invariants(state)
    return action


def legal_plays(state, **match):
    return [a for a in engine.legal_actions(state)
            if isinstance(a, Play) and all(getattr(a, k) == v for k, v in match.items())]
