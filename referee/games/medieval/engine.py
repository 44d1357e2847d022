"""The rules of Medieval Battle (``docs/rules/medieval-battle.md``): new state, what the table
must enter next, the legal entries, ``apply`` and the end.  Pure: no I/O.

The referee cannot see the map.  It trusts the table on positions (where a unit goes, zones of
control, lines of sight, distances) and asks for what decides a result: the terrain of each hex a
unit enters (movement points, MB-M1), the terrains of a fight (height and terrain factors), the
flag a unit ends on.  It derives the rest: strengths, movement points, the combat's factors and
losses, the baggage's side, flags held, victory points and the end.

Every rule check raises ``RuleError(rule, location, key, …)``; ``location`` is relative to the
entry (``.path[2]``), the record reader prefixes the entry's own (``turns[12]``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from referee.core import game as core
from referee.core.errors import RuleError
from referee.games.medieval import calculator
from referee.games.medieval.actions import (
    Action,
    Pass,
    Play,
    Pursue,
    Recruit,
    Regroup,
    Reserve,
    Stand,
    Stop,
    Withdraw,
)
from referee.games.medieval.cards import (
    FIRE,
    MELEE,
    CardTable,
    book_table,
    check_fire_column,
    outcome_text,
    parse_column,
)
from referee.games.medieval.state import (
    ATTACKED,
    DESTROYED,
    FORTIFIED,
    FULL,
    JOINED,
    MOVED,
    OFF,
    ON_MAP,
    REDUCED,
    RESERVE,
    Army,
    MedievalState,
    Pending,
    Unit,
)
from referee.games.medieval.units import (
    BAGGAGE,
    BAGGAGE_TYPE,
    BUDGET,
    COLOURS,
    DEFAULT_FLAGS,
    ENTRY_COST,
    LONGBOW_LIMIT,
    LONGBOWMEN,
    OFF_MAP,
    PLAIN,
    TERRAINS,
    TIME_TOKENS,
    UNIT_TYPES,
    UNITS,
    VICTORY,
    army_cost,
    dismounted_movement,
    may_stand,
)

#: how far off the map a withdrawn unit can be, in outer modules (5 outer modules at most)
MAX_DISTANCE = 4
DISMOUNT_WHEN = ("before", "after")


def default_movement() -> dict[str, int]:
    return {**{t: u.movement for t, u in UNITS.items()}, BAGGAGE: BAGGAGE_TYPE.movement}


def new_state(players: list[str], map: str = "standard", cards: CardTable | None = None,
              flags: dict[str, int] | None = None, time_tokens: int = TIME_TOKENS,
              movement: dict[str, int] | None = None, dismount: bool = False) -> MedievalState:
    """The table before recruitment (the setup already checked by the record reader).  The first
    player commands the Red army, the second the Yellow one (MB-C1)."""
    flags = dict(flags if flags is not None else DEFAULT_FLAGS[map])
    return MedievalState(
        armies=[Army(n, COLOURS[i], tokens=time_tokens) for i, n in enumerate(players)],
        map=map, flags=flags, cards=cards if cards is not None else book_table(),
        movement={**default_movement(), **(movement or {})}, dismount=dismount,
        victory=VICTORY[map], holder=dict.fromkeys(flags))


# --------------------------------------------------------------------------------------------
# What the table enters next

RECRUIT, RESERVE_KIND, TURN, ANSWER, PURSUIT = "recruit", "reserve", "turn", "answer", "pursuit"


@dataclass(frozen=True)
class Decision(core.Decision):
    """What the table must enter next: ``kind`` (recruit, reserve, turn, answer, pursuit) by
    ``player``; for an answer or a pursuit, the attacking and the attacked unit."""

    kind: str
    player: str
    attacker: str | None = None
    defender: str | None = None

    @property
    def finite(self) -> bool:
        """Whether ``legal_actions`` lists every choice (else see ``free_form``)."""
        return self.kind in (ANSWER, PURSUIT)


#: the decisions, built once each: a ``Decision`` is an immutable value, and ``decision`` is asked
#: at every entry of every replay (a frozen dataclass costs ten times a cache lookup to build)
_decided = functools.lru_cache(maxsize=1024)(Decision)


def decision(state: MedievalState) -> Decision | None:
    if state.over:
        return None
    for army in state.armies:  # MB-R1: Red's army, then Yellow's (entered in secret)
        if army.recruited is None:
            return _decided(RECRUIT, army.name)
    for army in state.armies:  # MB-D1, MB-D2: Red deploys first
        if not army.deployed:
            return _decided(RESERVE_KIND, army.name)
    p = state.pending
    if p is not None:
        if p.stage == ANSWER:
            defender = state.units[p.defender]
            return _decided(ANSWER, state.armies[defender.owner].name, p.attacker, p.defender)
        return _decided(PURSUIT, state.armies[state.turn].name, p.attacker, p.defender)
    return _decided(TURN, state.armies[state.turn].name)


def is_over(state: MedievalState) -> bool:
    return state.over


def enemies(state: MedievalState, owner: int) -> list[Unit]:
    return [u for u in state.units.values() if u.owner != owner and u.on_map]


def occupied_flags(state: MedievalState, but: str | None = None) -> set[str]:
    return {u.flag for u in state.units.values() if u.on_map and u.flag and u.id != but}


def _withdrawals(state: MedievalState, unit: Unit) -> list[Withdraw]:
    name = state.armies[unit.owner].name
    out: list[Withdraw] = []
    free = sorted(set(state.flags) - occupied_flags(state))
    for terrain in TERRAINS:
        if may_stand(unit.type, terrain) and unit.mp >= ENTRY_COST[terrain]:
            out.append(Withdraw(name, terrain))
            out.extend(Withdraw(name, terrain, flag=f) for f in free)
    if unit.mp >= ENTRY_COST[PLAIN]:  # MB-M10: off the map counts as plain
        out.extend(Withdraw(name, OFF_MAP, d) for d in range(MAX_DISTANCE + 1))
    return out


def _attacks(state: MedievalState, attacker: Unit, name: str) -> list[Pursue]:
    out: list[Pursue] = []
    for target in enemies(state, attacker.owner):
        for terrain in TERRAINS:
            if not (may_stand(target.type, terrain) and may_stand(attacker.type, terrain)
                    and attacker.mp >= ENTRY_COST[terrain]):
                continue
            out.append(Pursue(name, target.id, terrain))  # a column nobody entered: at the stand
    return out


def legal_actions(state: MedievalState) -> list[Action]:
    """Every legal entry when the choice is finite (an answer to an attack, a pursuit); ``[]``
    for the free-form decisions (recruitment, deployment, a turn: see ``free_form``)."""
    d = decision(state)
    if d is None or not d.finite:
        return []
    p = state.pending
    assert p is not None  # an answer or a pursuit: an attack is pending
    if d.kind == ANSWER:  # the card's column, when unknown, is read once the fight is certain
        stands = ([Stand(d.player)] if p.base is not None
                  else [Stand(d.player, i) for i in range(len(state.cards.scale))])
        return [*stands, *_withdrawals(state, state.units[p.defender])]
    return [Stop(d.player), *_attacks(state, state.units[p.attacker], d.player)]


def free_form(state: MedievalState) -> dict[str, Any] | None:
    """What a free-form decision allows, as plain data (the dialog builds its questions from it):
    recruitment's budget and costs; the units that may be kept back; a turn's plays and, per unit
    on the map, its movement points and what it may do."""
    d = decision(state)
    if d is None or d.finite:
        return None
    owner = state.index(d.player)
    if d.kind == RECRUIT:
        return {"kind": d.kind, "player": d.player, "budget": BUDGET[state.map],
                "costs": {t: u.cost for t, u in UNITS.items()},
                "limits": {LONGBOWMEN: LONGBOW_LIMIT[state.map]}}
    if d.kind == RESERVE_KIND:
        return {"kind": d.kind, "player": d.player,
                "units": [u.id for u in state.army_units(owner, ON_MAP) if not u.is_baggage]}
    army = state.armies[owner]
    units: dict[str, Any] = {}
    for u in state.army_units(owner, ON_MAP):
        may = []
        if u.mp and (not u.is_baggage or u.baggage == FORTIFIED):
            may.append("move")
        if not u.is_baggage and u.mp:
            may.append("attack")
            if UNITS[u.type].fire_range:
                may.append("fire")
            if u.strength == REDUCED and any(o.type == u.type and o.strength == REDUCED and o.id != u.id
                                             for o in state.army_units(owner, ON_MAP)):
                may.append("join")
        if state.dismount and not u.is_baggage and UNITS[u.type].mounted:
            may.append("dismount")
        units[u.id] = {"type": u.type, "strength": u.strength, "mp": u.mp, "may": may}
    plays = ["move", "pass"]
    if army.tokens:
        plays.insert(1, "regroup")
    returns = [u.id for u in state.army_units(owner, OFF) if u.distance == 0]
    enter = [u.id for u in state.army_units(owner, RESERVE)]
    baggage = state.baggage(owner)
    lost = baggage is None or baggage.where == DESTROYED  # MB-G5: nobody comes back
    gains = {  # what a regroup would change (MB-G1 … MB-G4): nothing, and it only costs a token
        "mp": [u.id for u in state.army_units(owner, ON_MAP) if u.mp < state.movement[u.type]],
        "fortify": bool(baggage and baggage.on_map and baggage.baggage != FORTIFIED),
        "closer": [u.id for u in state.army_units(owner, OFF) if (u.distance or 0) > 0],
        "may_return": [] if lost else [*returns, *enter],
    }
    return {"kind": d.kind, "player": d.player, "plays": plays, "units": units,
            "terrains": list(TERRAINS), "flags": dict(state.flags),
            "returns": [] if lost else returns, "enter": [] if lost else enter,
            "regroup": gains if army.tokens else None}


# --------------------------------------------------------------------------------------------
# Applying an entry

def apply(state: MedievalState, action: Action) -> None:
    """Validate ``action`` against the rules and apply it in place."""
    apply_decided(state, action, decision(state))


#: the entries each kind of decision takes
_KINDS = {RECRUIT: (Recruit,), RESERVE_KIND: (Reserve,), TURN: (Play, Regroup, Pass),
          ANSWER: (Stand, Withdraw), PURSUIT: (Pursue, Stop)}


def apply_decided(state: MedievalState, action: Action, d: Decision | None, *,
                  atomic: bool = True) -> None:
    """``apply``, given ``d``: ``decision(state)`` when the caller has it already (the record
    reader).  ``atomic=False``: the caller drops the state when the entry is refused (the record
    reader: a refused entry ends the replay with its error), so a refused play is not undone and
    the units are not kept before it."""
    if d is None:
        raise RuleError("MB-V3", "", "medieval.error.game_over")
    names = state.names
    if action.player not in names:
        raise RuleError("MB-C1", ".player", "medieval.error.unknown_player", player=action.player,
                        players=", ".join(names))
    if action.player != d.player:
        raise RuleError(_turn_rule(d), ".player", f"medieval.error.expected_{d.kind}",
                        player=action.player, expected=d.player)
    if not isinstance(action, _KINDS[d.kind]):
        raise RuleError(_turn_rule(d), "", f"medieval.error.entry_{d.kind}",
                        player=action.player, expected=d.player)
    owner = names.index(action.player)
    entry: dict[str, Any] = {"player": action.player, "kind": type(action).__name__.lower()}
    if isinstance(action, Recruit):
        _recruit(state, owner, action)
    elif isinstance(action, Reserve):
        _reserve(state, owner, action)
    elif isinstance(action, Pass):
        _end_turn(state, entry, passed=True)
    elif isinstance(action, Regroup):
        _regroup(state, owner, action, entry)
        _end_turn(state, entry)
    elif isinstance(action, Play) and not atomic:
        _play(state, owner, action, entry)
    elif isinstance(action, Play):  # a refused play leaves the state as it was
        units = dict(state.units)  # (each unit's fields kept, put back in place if refused)
        fields = [(u, u.__dict__.copy()) for u in units.values()]
        columns = dict(state.cards.columns)
        try:
            _play(state, owner, action, entry)
        except RuleError:
            for u, kept in fields:
                u.__dict__ = kept
            state.units, state.cards.columns = units, columns
            raise
    elif isinstance(action, (Stand, Withdraw)):
        _answer(state, action, entry)
    elif isinstance(action, Pursue):
        assert state.pending is not None  # a pursuit: an attack is pending
        attacker = state.units[state.pending.attacker]
        origin = state.pending.attacker_terrain
        state.pending = None
        _declare_attack(state, owner, attacker, action.attack, action.terrain, origin, action.card,
                        entry, ".attack")
    else:  # Stop
        state.pending = None
        _end_turn(state, entry)
    state.log.append(entry)


def _turn_rule(d: Decision) -> str:
    return {RECRUIT: "MB-R1", RESERVE_KIND: "MB-D2", TURN: "MB-B1", ANSWER: "MB-M9",
            PURSUIT: "MB-M11"}[d.kind]


# -- setup

def _recruit(state: MedievalState, owner: int, action: Recruit) -> None:
    army = action.counts()
    for t, n in army.items():
        if t == BAGGAGE:
            raise RuleError("MB-R4", f".{t}", "medieval.error.recruit_baggage")
        if t not in UNITS:
            raise RuleError("MB-C4", f".{t}", "medieval.error.unknown_unit", unit=t,
                            units=", ".join(UNIT_TYPES))
        if n < 0:
            raise RuleError("MB-R2", f".{t}", "medieval.error.negative_count", unit=t, count=n)
    cost, budget = army_cost(army), BUDGET[state.map]
    if cost > budget:
        raise RuleError("MB-R2", "", "medieval.error.over_budget", cost=cost, budget=budget,
                        map=state.map)
    limit = LONGBOW_LIMIT[state.map]
    if limit is not None and army.get(LONGBOWMEN, 0) > limit:
        raise RuleError("MB-R3", f".{LONGBOWMEN}", "medieval.error.longbow_limit",
                        count=army[LONGBOWMEN], limit=limit)
    state.armies[owner].recruited = {t: army[t] for t in UNIT_TYPES if army.get(t)}
    letter = COLOURS[owner][0].upper()
    for t in UNIT_TYPES:
        for i in range(1, army.get(t, 0) + 1):
            uid = f"{letter}-{UNITS[t].abbr}{i}"
            state.units[uid] = Unit(uid, owner, t, t, mp=state.movement[t])
    uid = f"{letter}-{BAGGAGE_TYPE.abbr}"  # MB-R4, MB-T1: fortified, full MP
    state.units[uid] = Unit(uid, owner, BAGGAGE, BAGGAGE, mp=state.movement[BAGGAGE],
                            baggage=FORTIFIED, terrain=PLAIN)  # MB-D1, MB-T1: plain only


def _own_unit(state: MedievalState, owner: int, uid: Any, location: str, rule: str) -> Unit:
    unit = state.units.get(uid)
    if unit is None or unit.owner != owner:
        raise RuleError(rule, location, "medieval.error.not_your_unit", unit=uid,
                        units=", ".join(u.id for u in state.army_units(owner)))
    return unit


def _reserve(state: MedievalState, owner: int, action: Reserve) -> None:
    """MB-D4: the units kept back; the baggage is always deployed first (MB-D1)."""
    seen = set()
    for i, uid in enumerate(action.units):
        where = f"[{i}]"
        unit = _own_unit(state, owner, uid, where, "MB-D4")
        if unit.is_baggage:
            raise RuleError("MB-D1", where, "medieval.error.baggage_kept_back")
        if uid in seen:
            raise RuleError("MB-D4", where, "medieval.error.listed_twice", unit=uid)
        seen.add(uid)
        unit.where = RESERVE
    state.armies[owner].deployed = True


# -- a play (MB-B2 a, b; MB-X1)

def _on_map(state: MedievalState, owner: int, uid: Any, location: str) -> Unit:
    unit = _own_unit(state, owner, uid, location, "MB-B2")
    if not unit.on_map:
        raise RuleError("MB-B2", location, "medieval.error.not_on_map", unit=uid, where=unit.where)
    return unit


def _enemy(state: MedievalState, owner: int, uid: Any, location: str, rule: str) -> Unit:
    unit = state.units.get(uid)
    if unit is None or unit.owner == owner or not unit.on_map:
        raise RuleError(rule, location, "medieval.error.not_an_enemy", unit=uid,
                        units=", ".join(u.id for u in enemies(state, owner)) or "–")
    return unit


def _terrain(value: Any, location: str, rule: str = "MB-C6", off_map: bool = False) -> str:
    allowed = (*TERRAINS, OFF_MAP) if off_map else TERRAINS
    if value not in allowed:
        raise RuleError(rule, location, "medieval.error.unknown_terrain", terrain=value,
                        terrains=", ".join(allowed))
    return value


def _dismount(state: MedievalState, unit: Unit, location: str, entry: dict[str, Any]) -> None:
    if not state.dismount:
        raise RuleError("MB-O1", location, "medieval.error.dismount_off")
    if unit.is_baggage or not UNITS[unit.type].mounted:
        raise RuleError("MB-X1", location, "medieval.error.not_mounted", unit=unit.id, type=unit.type)
    before = unit.mp
    foot = UNITS[unit.type].dismounts_to
    assert foot is not None  # every mounted type has its foot type (units.UNITS)
    unit.type = foot
    unit.mp = dismounted_movement(unit.mp)
    entry["dismounted"] = {"unit": unit.id, "type": unit.type, "mp": [before, unit.mp]}


def _play(state: MedievalState, owner: int, a: Play, entry: dict[str, Any]) -> None:
    unit = _on_map(state, owner, a.unit, ".unit")
    endings = [k for k in ("attack", "fire", "join") if getattr(a, k) is not None]
    if len(endings) > 1:  # MB-B2: one play, one ending
        raise RuleError("MB-B2", f".{endings[1]}", "medieval.error.one_ending",
                        endings=", ".join(endings))
    ending = endings[0] if endings else None
    if a.dismount is not None and a.dismount not in DISMOUNT_WHEN:
        raise RuleError("MB-X1", ".dismount", "medieval.error.dismount_when", value=a.dismount)
    if a.dismount == "after" and ending is not None:  # MB-X2 (Decision): the turn is over
        raise RuleError("MB-X2", ".dismount", "medieval.error.dismount_too_late", ending=ending)
    if not a.path and ending is None and a.dismount is None:
        raise RuleError("MB-B2", ".path", "medieval.error.nothing_done", unit=unit.id)
    if ending == "join" and not a.path:
        raise RuleError("MB-J1", ".path", "medieval.error.join_moves", unit=unit.id)
    if a.path and a.origin is not None:
        raise RuleError("MB-B2", ".from", "medieval.error.from_with_path")
    if a.flag is not None and (not a.path or ending == "join"):
        raise RuleError("MB-V1", ".flag", "medieval.error.flag_without_move")
    if a.terrain is not None and ending not in ("attack", "fire"):
        raise RuleError("MB-B2", ".terrain", "medieval.error.terrain_unused")
    if a.card is not None and ending not in ("attack", "fire"):
        raise RuleError("MB-K9", ".card", "medieval.error.card_unused")
    entry["unit"] = unit.id
    if a.dismount == "before" or (a.dismount == "after" and not a.path):
        _dismount(state, unit, ".dismount", entry)
    origin = _move(state, owner, unit, a, entry) if a.path else None
    if a.dismount == "after" and a.path:
        _dismount(state, unit, ".dismount", entry)
    if ending is None:
        _end_turn(state, entry)
        return
    if not a.path:
        if a.origin is None:
            raise RuleError("MB-K3" if ending == "attack" else "MB-F3", ".from",
                            "medieval.error.from_missing", unit=unit.id)
        origin = _terrain(a.origin, ".from")
        if not may_stand(unit.type, origin):
            raise RuleError("MB-C6", ".from", "medieval.error.cannot_stand", unit=unit.id,
                            type=unit.type, terrain=origin)
        unit.terrain = origin
    assert origin is not None  # the path's last hex, or .from
    if ending == "attack":
        _declare_attack(state, owner, unit, a.attack, a.terrain, origin, a.card, entry, ".attack")
    elif ending == "fire":
        _fire(state, owner, unit, a, origin, entry)
        _end_turn(state, entry)
    else:
        _join(state, owner, unit, a.join, entry)
        _end_turn(state, entry)


def _move(state: MedievalState, owner: int, unit: Unit, a: Play, entry: dict[str, Any]) -> str:
    """MB-M1, MB-M2, MB-T1: pay for every hex entered; returns the terrain the unit ends on."""
    if unit.is_baggage and unit.baggage != FORTIFIED:
        raise RuleError("MB-T1", ".unit", "medieval.error.baggage_cannot_move", unit=unit.id,
                        side=unit.baggage)
    cost = 0
    for i, terrain in enumerate(a.path):
        _terrain(terrain, f".path[{i}]")
        if not may_stand(unit.type, terrain):
            raise RuleError("MB-T1" if unit.is_baggage else "MB-C6", f".path[{i}]",
                            "medieval.error.cannot_enter", unit=unit.id, type=unit.type,
                            terrain=terrain)
        cost += ENTRY_COST[terrain]
    passed: list[Unit] = []
    for i, uid in enumerate(a.through):
        other = _on_map(state, owner, uid, f".through[{i}]")
        if other is unit or other in passed:
            raise RuleError("MB-M2", f".through[{i}]", "medieval.error.listed_twice", unit=uid)
        if other.mp < 1:  # MB-M2: both pay one more
            raise RuleError("MB-M2", f".through[{i}]", "medieval.error.through_no_mp", unit=uid)
        passed.append(other)
    cost += len(passed)
    if cost > unit.mp:
        raise RuleError("MB-M1", ".path", "medieval.error.too_far", unit=unit.id, cost=cost,
                        mp=unit.mp)
    if a.flag is not None:
        _check_flag(state, a.flag, unit.id, ".flag")
    unit.mp -= cost
    for other in passed:
        other.mp -= 1
    unit.flag = a.flag
    unit.terrain = a.path[-1]
    if unit.is_baggage:
        unit.baggage = MOVED  # MB-T1
    entry["moved"] = {"path": list(a.path), "cost": cost, "mp": unit.mp}
    return a.path[-1]


def _check_flag(state: MedievalState, flag: Any, uid: str, location: str) -> None:
    if flag not in state.flags:
        raise RuleError("MB-C8", location, "medieval.error.unknown_flag", flag=flag,
                        flags=", ".join(state.flags))
    if flag in occupied_flags(state, but=uid):  # MB-M2: one unit per hex
        raise RuleError("MB-M2", location, "medieval.error.flag_occupied", flag=flag)


def _base(state: MedievalState, kind: str, attacker: Unit, defender: Unit, card: Any,
          location: str) -> int:
    """MB-K9: the card's column from the card table, or the one the table read off the card."""
    known = state.cards.base(kind, attacker.type, defender.type)
    if card is None:
        return state.cards.require(kind, attacker.type, defender.type, location)
    column = parse_column(card, state.cards.scale, ".card")
    if known == column:  # MB-C2: an older record may read one printed entry twice (LB, SB)
        return column
    if known is not None:
        raise RuleError("MB-K9", ".card", "medieval.error.card_known", card=f"{kind}:{attacker.type}",
                        defender=defender.type, value=outcome_text(state.cards.scale[known]))
    if kind == FIRE:
        check_fire_column(state.cards, attacker.type, defender.type, column, ".card")
    state.cards.set(kind, attacker.type, defender.type, column)
    return column


def _declare_attack(state: MedievalState, owner: int, attacker: Unit, target: Any, terrain: Any,
                    origin: str, card: Any, entry: dict[str, Any], location: str) -> None:
    """MB-K1: the attacker declares entering the defender's hex and pays for it."""
    if attacker.is_baggage:
        raise RuleError("MB-T3", location, "medieval.error.baggage_cannot_fight")
    defender = _enemy(state, owner, target, location, "MB-K1")
    if terrain is None:
        raise RuleError("MB-K3", ".terrain", "medieval.error.terrain_missing", unit=defender.id)
    terrain = _terrain(terrain, ".terrain")
    if not may_stand(defender.type, terrain):
        raise RuleError("MB-C6", ".terrain", "medieval.error.cannot_stand", unit=defender.id,
                        type=defender.type, terrain=terrain)
    if not may_stand(attacker.type, terrain):  # MB-K1 (Decision): a hex it may enter
        raise RuleError("MB-K1", ".terrain", "medieval.error.cannot_attack_into", unit=attacker.id,
                        type=attacker.type, terrain=terrain)
    cost = ENTRY_COST[terrain]
    if attacker.mp < cost:
        raise RuleError("MB-K1", location, "medieval.error.attack_no_mp", unit=attacker.id,
                        cost=cost, mp=attacker.mp)
    if defender.is_baggage:
        if card is not None:
            raise RuleError("MB-T2", ".card", "medieval.error.card_unused")
        attacker.mp -= cost
        defender.terrain = terrain
        _hit_baggage(state, owner, attacker, defender, entry)
        _end_turn(state, entry)
        return
    # MB-K9: a column nobody entered is read off the card when the defender takes the fight
    # (``Stand.card``; an older record gives it here)
    base = None if card is None and state.cards.base(MELEE, attacker.type, defender.type) is None \
        else _base(state, MELEE, attacker, defender, card, location)
    attacker.mp -= cost
    defender.terrain = terrain
    entry["attack"] = {"attacker": attacker.id, "defender": defender.id, "cost": cost}
    state.pending = Pending(ANSWER, attacker.id, defender.id, origin, terrain, base)


def _hit_baggage(state: MedievalState, owner: int, attacker: Unit, baggage: Unit,
                 entry: dict[str, Any]) -> None:
    """MB-T2: every attack on the baggage succeeds; not fortified, it is destroyed (3 VP) and the
    attacker enters its hex (MB-T3, Decision)."""
    if baggage.baggage == FORTIFIED:
        baggage.baggage = ATTACKED
        entry["baggage"] = {"unit": baggage.id, "result": ATTACKED, "attacker": attacker.id}
        return
    baggage.where, baggage.baggage, baggage.strength = DESTROYED, DESTROYED, 0
    attacker.flag, baggage.flag = baggage.flag, None
    attacker.terrain = baggage.terrain
    state.armies[owner].baggage_taken += 1
    entry["baggage"] = {"unit": baggage.id, "result": DESTROYED, "attacker": attacker.id}


def _losses(state: MedievalState, unit: Unit, losses: int) -> str:
    """MB-K4: 1 flips a full unit; a reduced unit losing 1, or any unit losing 2, is removed."""
    if losses <= 0:
        return "none"
    unit.strength = max(0, unit.strength - losses)
    if unit.strength == 0:
        unit.where = DESTROYED
        unit.flag = None
        return DESTROYED
    return "reduced"


def _answer(state: MedievalState, action: Stand | Withdraw, entry: dict[str, Any]) -> None:
    p = state.pending
    assert p is not None  # an answer: an attack is pending
    assert p.defender_terrain is not None  # an answer's attack names the hex (MB-K3)
    attacker, defender = state.units[p.attacker], state.units[p.defender]
    if isinstance(action, Stand):
        if p.base is None:
            base = _base(state, MELEE, attacker, defender, action.card, ".card")
        elif action.card is not None and parse_column(action.card, state.cards.scale, ".card") != p.base:
            raise RuleError("MB-K9", ".card", "medieval.error.card_known",
                            card=f"{MELEE}:{attacker.type}", defender=defender.type,
                            value=outcome_text(state.cards.scale[p.base]))
        else:
            base = p.base
        state.pending = None
        result = calculator.resolve(
            state.cards, MELEE, base,
            calculator.Side(attacker.type, attacker.full, p.attacker_terrain),
            calculator.Side(defender.type, defender.full, p.defender_terrain))
        entry["battle"] = result.as_data(state.cards)
        entry["battle"]["units"] = {"attacker": attacker.id, "defender": defender.id}
        flag = defender.flag
        outcome = {"attacker": _losses(state, attacker, result.attacker_losses),
                   "defender": _losses(state, defender, result.defender_losses)}
        if defender.where == DESTROYED and attacker.on_map:  # MB-K4: it takes the hex
            attacker.flag, attacker.terrain = flag, p.defender_terrain
            outcome["hex"] = attacker.id
        entry["outcome"] = outcome
        _end_turn(state, entry)
        return
    # MB-M9, MB-M10: a withdrawal, paying the entry cost of where it goes
    to = _terrain(action.to, ".withdraw", "MB-M9", off_map=True)
    if to != OFF_MAP and not may_stand(defender.type, to):
        raise RuleError("MB-C6", ".withdraw", "medieval.error.cannot_enter", unit=defender.id,
                        type=defender.type, terrain=to)
    cost = ENTRY_COST[PLAIN if to == OFF_MAP else to]
    if defender.mp < cost:
        raise RuleError("MB-M9", ".withdraw", "medieval.error.withdraw_no_mp", unit=defender.id,
                        cost=cost, mp=defender.mp)
    if to == OFF_MAP:
        if action.distance is None or not 0 <= action.distance <= MAX_DISTANCE:
            raise RuleError("MB-G2", ".distance", "medieval.error.distance", most=MAX_DISTANCE)
        if action.flag is not None:
            raise RuleError("MB-M10", ".flag", "medieval.error.flag_off_map")
    else:
        if action.distance is not None:
            raise RuleError("MB-G2", ".distance", "medieval.error.distance_on_map")
        if action.flag is not None:
            _check_flag(state, action.flag, defender.id, ".flag")
    defender.mp -= cost
    vacated = defender.flag
    if to == OFF_MAP:
        defender.where, defender.distance, defender.flag = OFF, action.distance, None
    else:
        defender.flag = action.flag
    defender.terrain = None if to == OFF_MAP else to
    attacker.flag = vacated  # MB-M11 (Decision): the attacker enters the vacated hex
    attacker.terrain = p.defender_terrain
    entry["withdrawal"] = {"unit": defender.id, "to": to, "distance": action.distance}
    if attacker.mp > 0:
        state.pending = Pending(PURSUIT, attacker.id, defender.id, p.defender_terrain)
    else:
        state.pending = None
        _end_turn(state, entry)


def _fire(state: MedievalState, owner: int, shooter: Unit, a: Play, origin: str,
          entry: dict[str, Any]) -> None:
    """MB-F1 … MB-F5: 1 MP, the fire card, the shooter loses nothing."""
    if shooter.is_baggage or not UNITS[shooter.type].fire_range:
        raise RuleError("MB-F1", ".fire", "medieval.error.not_a_shooter", unit=shooter.id,
                        type=shooter.type)
    target = _enemy(state, owner, a.fire, ".fire", "MB-F1")
    if target.is_baggage:
        raise RuleError("MB-F5", ".fire", "medieval.error.fire_at_baggage")
    if a.terrain is None:
        raise RuleError("MB-F3", ".terrain", "medieval.error.terrain_missing", unit=target.id)
    terrain = _terrain(a.terrain, ".terrain")
    if not may_stand(target.type, terrain):
        raise RuleError("MB-C6", ".terrain", "medieval.error.cannot_stand", unit=target.id,
                        type=target.type, terrain=terrain)
    if shooter.mp < 1:
        raise RuleError("MB-F1", ".fire", "medieval.error.fire_no_mp", unit=shooter.id)
    base = _base(state, FIRE, shooter, target, a.card, ".fire")
    shooter.mp -= 1
    target.terrain = terrain
    result = calculator.resolve(state.cards, FIRE, base,
                                calculator.Side(shooter.type, shooter.full, origin),
                                calculator.Side(target.type, target.full, terrain))
    entry["battle"] = result.as_data(state.cards)
    entry["battle"]["units"] = {"attacker": shooter.id, "defender": target.id}
    entry["outcome"] = {"defender": _losses(state, target, result.defender_losses)}


def _join(state: MedievalState, owner: int, unit: Unit, other_id: Any, entry: dict[str, Any]) -> None:
    """MB-J1: two reduced units of the same type make one full unit with the smaller MP."""
    other = _on_map(state, owner, other_id, ".join")
    if other is unit or other.type != unit.type or unit.is_baggage:
        raise RuleError("MB-J1", ".join", "medieval.error.join_type", unit=unit.id, other=other.id,
                        type=unit.type, other_type=other.type)
    if unit.strength != REDUCED or other.strength != REDUCED:
        raise RuleError("MB-J1", ".join", "medieval.error.join_full", unit=unit.id, other=other.id)
    other.strength = FULL
    other.mp = min(unit.mp, other.mp)
    unit.where, unit.flag = JOINED, None
    entry["joined"] = {"unit": unit.id, "into": other.id, "mp": other.mp}


# -- regroup (MB-G)

def _regroup(state: MedievalState, owner: int, a: Regroup, entry: dict[str, Any]) -> None:
    army = state.armies[owner]
    if army.tokens < 1:
        raise RuleError("MB-G1", ".regroup", "medieval.error.no_tokens")
    baggage = state.baggage(owner)
    lost = baggage is None or baggage.where == DESTROYED
    seen: set[str] = set()
    for key, ids, where, rule in ((".return", a.returns, OFF, "MB-G3"),
                                  (".enter", a.enter, RESERVE, "MB-G4")):
        for i, uid in enumerate(ids):
            unit = _own_unit(state, owner, uid, f"{key}[{i}]", rule)
            if uid in seen:
                raise RuleError(rule, f"{key}[{i}]", "medieval.error.listed_twice", unit=uid)
            seen.add(uid)
            if lost:
                raise RuleError("MB-G5", f"{key}[{i}]", "medieval.error.baggage_lost", unit=uid)
            if unit.where != where:
                raise RuleError(rule, f"{key}[{i}]", f"medieval.error.not_{where}", unit=uid,
                                where=unit.where)
            if where == OFF and (unit.distance or 0) > 0:
                raise RuleError("MB-G3", f"{key}[{i}]", "medieval.error.too_far_back", unit=uid,
                                distance=unit.distance)
    army.tokens -= 1
    for u in state.army_units(owner, OFF):  # MB-G2: one module closer
        if u.id not in a.returns:
            u.distance = max(0, (u.distance or 0) - 1)
    for uid in (*a.returns, *a.enter):
        u = state.units[uid]
        u.where, u.distance, u.flag, u.terrain = ON_MAP, None, None, None
    for u in state.army_units(owner, ON_MAP):  # MB-G1
        u.mp = state.movement[u.type]
        if u.is_baggage:
            u.baggage = FORTIFIED
    entry["regroup"] = {"tokens": army.tokens, "returns": list(a.returns), "enter": list(a.enter)}


# --------------------------------------------------------------------------------------------
# The end of a turn and of the game

def _end_turn(state: MedievalState, entry: dict[str, Any], passed: bool = False) -> None:
    state.passes = state.passes + 1 if passed else 0
    taken = []
    for u in state.units.values():  # MB-V1: a unit standing on a flag at the end of a turn
        if u.flag is not None and u.where == ON_MAP and state.holder.get(u.flag) != u.owner:
            state.holder[u.flag] = u.owner
            taken.append({"flag": u.flag, "unit": u.id, "player": state.armies[u.owner].name})
    if taken:
        entry["flags"] = taken
    state.turns += 1
    reason = end_reason(state)
    if reason is not None:
        state.over = True
        state.end = result(state, reason)
        entry["end"] = state.end
        return
    state.turn = 1 - state.turn


def field_units(state: MedievalState, owner: int) -> list[Unit]:
    """The units of an army on the battlefield, the baggage left out (MB-V3 b, MB-V4)."""
    return [u for u in state.army_units(owner, ON_MAP) if not u.is_baggage]


def end_reason(state: MedievalState) -> str | None:
    """MB-V3: ``victory`` (a), ``exhausted`` (b), ``passes`` (c), else ``None``."""
    if state.vp(0) >= state.victory or state.vp(1) >= state.victory:
        return "victory"
    if all(a.tokens == 0 for a in state.armies) and all(
            u.mp == 0 for i in range(2) for u in field_units(state, i)):
        return "exhausted"
    if state.passes >= 2:
        return "passes"
    return None


def field_value(state: MedievalState, owner: int) -> int:
    """MB-V4: recruitment value of the units kept on the battlefield, full or reduced alike (a
    dismounted unit at its foot type's cost, MB-X2)."""
    return sum(UNITS[u.type].cost for u in field_units(state, owner))


def result(state: MedievalState, reason: str) -> dict[str, Any]:
    """How the game ended, as data: the reason, each army's VP and field value, the winners and
    what decided (``victory``, ``vp``, ``value``, ``draw``)."""
    names = state.names
    vp = [state.vp(i) for i in range(2)]
    value = [field_value(state, i) for i in range(2)]
    reached = [i for i in range(2) if vp[i] >= state.victory]
    if len(reached) == 1:
        winners, decided = [names[reached[0]]], "victory"
    elif vp[0] != vp[1]:
        winners, decided = [names[vp.index(max(vp))]], "vp"
    elif value[0] != value[1]:
        winners, decided = [names[value.index(max(value))]], "value"
    else:
        winners, decided = list(names), "draw"
    return {"reason": reason, "decided_by": decided, "winners": winners,
            "vp": dict(zip(names, vp)), "field_value": dict(zip(names, value)),
            "target": state.victory}
