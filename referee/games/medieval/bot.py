"""A plausible random table for tests and benchmarks: random armies within the budget, random
deployments, and random legal plays (moves the counters can pay for, fights, shots, joins,
regroups, passes), passing more often as the battle goes on, so that every game ends."""

from __future__ import annotations

import random
from typing import Any

from referee.games.medieval import engine
from referee.games.medieval.actions import (
    Action,
    Pass,
    Play,
    Recruit,
    Regroup,
    Reserve,
)
from referee.games.medieval.cards import (
    CARDS,
    FIRE,
    ICONS,
    KINDS,
    MELEE,
    CardTable,
    book_table,
    fire_column_ok,
)
from referee.games.medieval.state import FORTIFIED, REDUCED, MedievalState
from referee.games.medieval.units import (
    BUDGET,
    ENTRY_COST,
    LONGBOW_LIMIT,
    LONGBOWMEN,
    TERRAINS,
    UNIT_TYPES,
    UNITS,
    may_stand,
)


def random_cards(rng: random.Random) -> CardTable:
    """A complete card table (every melee card, every fire card) on the inferred calculator,
    the book's columns kept."""
    table = book_table()
    for kind in KINDS:
        for card in CARDS[kind]:
            for icon in ICONS:
                table.columns.setdefault((kind, card, icon), _column(table.scale, kind, rng))
    return table


def _column(scale, kind: str, rng: random.Random) -> int:
    """A random card column (a fire card's within MB-F4)."""
    return rng.choice([c for c in range(len(scale)) if kind == MELEE or fire_column_ok(scale, c)])


def random_army(state: MedievalState, rng: random.Random) -> dict[str, int]:
    budget = BUDGET[state.map]
    army: dict[str, int] = {}
    for _ in range(rng.randint(1, 12)):
        t = rng.choice(UNIT_TYPES)
        limit = LONGBOW_LIMIT[state.map]
        if t == LONGBOWMEN and limit is not None and army.get(t, 0) >= limit:
            continue
        if UNITS[t].cost <= budget:
            army[t] = army.get(t, 0) + 1
            budget -= UNITS[t].cost
    return army


def _path(unit: Any, rng: random.Random) -> list[str]:
    path, mp = [], unit.mp
    for _ in range(rng.randint(1, 3)):
        options = [t for t in TERRAINS if may_stand(unit.type, t) and ENTRY_COST[t] <= mp]
        if not options:
            break
        t = rng.choice(options)
        path.append(t)
        mp -= ENTRY_COST[t]
    return path


def _card(state: MedievalState, kind: str, attacker: str, defender: str, rng: random.Random
          ) -> int | None:
    """The column the table reads off a card the card table lacks."""
    if state.cards.base(kind, attacker, defender) is not None:
        return None
    return _column(state.cards.scale, kind, rng)


def _turn(state: MedievalState, rng: random.Random, name: str) -> Action:
    owner = state.index(name)
    army = state.armies[owner]
    if rng.random() < min(0.9, 0.04 + state.turns / 250):
        return Pass(name)
    on_map = state.army_units(owner, "map")
    movers = [u for u in on_map if u.mp and (not u.is_baggage or u.baggage == FORTIFIED)]
    if army.tokens and (not movers or rng.random() < 0.15):
        baggage = state.baggage(owner)
        alive = baggage is not None and baggage.where == "map"
        returns = [u.id for u in state.army_units(owner, "off_map") if u.distance == 0
                   and alive and rng.random() < 0.7]
        enter = [u.id for u in state.army_units(owner, "reserve") if alive and rng.random() < 0.7]
        return Regroup(name, tuple(returns), tuple(enter))
    if not movers:
        return Pass(name)
    unit = rng.choice(movers)
    dismount = None
    if state.dismount and not unit.is_baggage and UNITS[unit.type].mounted and rng.random() < 0.1:
        dismount = "before"
    path = _path(unit, rng) if not unit.is_baggage else ["plain"]
    if dismount:
        return Play(name, unit.id, dismount=dismount)
    mp = unit.mp - sum(ENTRY_COST[t] for t in path)
    origin = path[-1] if path else rng.choice([t for t in TERRAINS if may_stand(unit.type, t)])
    roll = rng.random()
    free_flags = sorted(set(state.flags) - engine.occupied_flags(state, but=unit.id))
    if not unit.is_baggage and roll < 0.45:
        targets = [(e, t) for e in engine.enemies(state, owner) for t in TERRAINS
                   if may_stand(e.type, t) and may_stand(unit.type, t) and ENTRY_COST[t] <= mp]
        if targets:
            enemy, terrain = rng.choice(targets)
            # a column nobody entered: read off the card with the attack (older records) or,
            # half the time, when the defender stands (``Stand.card``)
            card = None if enemy.is_baggage or rng.random() < 0.5 else \
                _card(state, MELEE, unit.type, enemy.type, rng)
            flag = rng.choice([None, *free_flags]) if path else None  # MB-V1: then it fights
            return Play(name, unit.id, tuple(path), origin=None if path else origin,
                        attack=enemy.id, terrain=terrain, card=card, flag=flag)
    if not unit.is_baggage and roll < 0.7 and UNITS[unit.type].fire_range and mp >= 1:
        shot_at = [e for e in engine.enemies(state, owner) if not e.is_baggage]
        if shot_at:
            enemy = rng.choice(shot_at)
            terrain = rng.choice([t for t in TERRAINS if may_stand(enemy.type, t)])
            return Play(name, unit.id, tuple(path), origin=None if path else origin,
                        fire=enemy.id, terrain=terrain,
                        card=_card(state, FIRE, unit.type, enemy.type, rng),
                        flag=rng.choice([None, *free_flags]) if path else None)
    if path and unit.strength == REDUCED:
        partners = [o for o in on_map if o.id != unit.id and o.type == unit.type
                    and o.strength == REDUCED]
        if partners:
            return Play(name, unit.id, tuple(path), join=rng.choice(partners).id)
    if not path:
        return Pass(name)
    flag = rng.choice(free_flags) if free_flags and rng.random() < 0.3 else None
    return Play(name, unit.id, tuple(path), flag=flag)


def random_action(state: MedievalState, rng: random.Random) -> Action:
    d = engine.decision(state)
    assert d is not None, "an action of a game that is over"
    if d.kind == engine.RECRUIT:
        army = random_army(state, rng)
        return Recruit(d.player, tuple((t, army[t]) for t in UNIT_TYPES if t in army))
    if d.kind == engine.RESERVE_KIND:
        form = engine.free_form(state)
        assert form is not None  # (a deployment is entered free-form)
        ids = form["units"]
        return Reserve(d.player, tuple(u for u in ids if rng.random() < 0.15))
    if d.finite:
        options = engine.legal_actions(state)
        stand = options[0]
        return stand if rng.random() < 0.5 else rng.choice(options)
    return _turn(state, rng, d.player)
