"""The rules of War Chest (``docs/rules/war-chest.md``): setup, draws, the nine actions, every
unit's tactic, attribute and restriction, four players in teams, victory.  Pure: no I/O.

``decision(state)`` says what the table must enter next; ``legal_actions(state)`` lists every legal
entry for it; ``apply(state, action)`` checks an entry and applies it in place, or raises a
``RuleError`` naming the rule and what was legal (the state is then unchanged).
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from referee.core import game as core
from referee.core.errors import RecordError, RuleError
from referee.games.warchest.actions import (
    FACE_DOWN,
    FACE_UP,
    Deal,
    Done,
    Draw,
    FirstPicker,
    Flip,
    GuardCard,
    Maneuver,
    Pick,
    Play,
    Resign,
    describe,
    hexs,
)
from referee.games.warchest.board import BOARDS, DIRECTIONS, SIDES, distance, step
from referee.games.warchest.state import (
    Pending,
    Stack,
    WarChestState,
    add,
    empty_state,
    minus,
    plus,
)
from referee.games.warchest.units import (
    COINS,
    FIRST_GAME,
    HISTORIC,
    METHODS,
    ROYAL,
    TACTIC_ONLY_ATTACK,
    TACTICS,
    UNITS,
    sort_coins,
)

ROYAL_GUARD_OPTIONS = ("base", "nobility")  # WC-U13
#: the setups whose cards are told only after the setup's questions (dealt, chosen freely): the
#: Royal Guard's card is asked after the deal, when one is in play (``royal_guard`` decision)
GUARD_AFTER_DEAL = ("random", "custom")


@dataclass(frozen=True, slots=True)
class Decision(core.Decision):
    """What the table enters next: ``units`` (a deal), ``royal_guard`` (its card, WC-U13),
    ``first_picker``, ``pick``, ``initiative`` (the flip), ``draw``, ``play`` (a turn), ``then``
    (a follow-up ``by`` a unit; ``optional``: it may be declined with ``Done``)."""

    kind: str
    player: str | None
    by: str | None = None
    optional: bool = False


def fail(rule: str, where: str, key: str, /, **params) -> RecordError:
    return RuleError(rule, where, key, **params)


# -------------------------------------------------------------------------------- setup


def default_sides(count: int) -> list[str]:
    return [SIDES[i % 2] for i in range(count)]


def new_state(players: list[str], setup: dict | None = None) -> WarChestState:
    """A game before its first entry.  ``setup``: ``sides`` (default raven, wolf, …), ``method``
    (``units.METHODS``, default ``random``), ``options`` (``royal_guard``), ``first_army`` (with
    ``first_game`` and ``historic:*``: the player, 0 or 1, who takes the first army; default 0),
    ``cards`` (with ``draft``: the unit cards laid out, 8 or 12; absent: any card may be picked)."""
    setup = setup or {}
    sides = list(setup.get("sides") or default_sides(len(players)))
    method = setup.get("method") or "random"
    options = dict(setup.get("options") or {})
    if method not in GUARD_AFTER_DEAL:  # (else told after the deal: ``guard_due``)
        options = {"royal_guard": "base", **options}
    if method not in METHODS:
        raise fail("WC-X5", ".method", "warchest.error.method", method=method,
                   legal=", ".join(METHODS))
    if method != "random" and method != "custom" and method != "draft" and len(players) != 2:
        raise fail("WC-X2" if method == "first_game" else "WC-X4", ".method",
                   "warchest.error.method_players", method=method, legal="random, draft, custom")
    state = empty_state(list(players), sides, options, method)
    if setup.get("cards") is not None:
        state.cards = laid_out(method, len(players), setup["cards"])
    first = 1 if setup.get("first_army") == 1 else 0  # who takes army A (the Greeks, the English)
    if method == "first_game":  # WC-X2: A holds the initiative
        for p, units in zip(state.players, FIRST_GAME[::-1] if first else FIRST_GAME):
            p.units = list(units)
        state.initiative = first
        begin(state)
    elif method.startswith("historic:"):
        armies = HISTORIC[method.split(":")[1]]
        for p, units in zip(state.players, armies[::-1] if first else armies):
            p.units = list(units)
    return state


def draft_cards(count: int) -> int:
    """WC-X1: "wylosuj 8 kart oddziału i połóż je na środku"; WC-X3: "wylosuj 12 kart"."""
    return 8 if count == 2 else 12


def laid_out(method: str, count: int, cards) -> tuple:
    """The draft's cards laid out on the table, checked: 8 (12 with 4 players) different units."""
    rule = "WC-X1" if count == 2 else "WC-X3"
    if method != "draft":
        raise fail(rule, ".cards", "warchest.error.cards_draft", method=method)
    cards = tuple(cards)
    bad = [u for u in cards if u not in COINS]
    if bad:
        raise fail(rule, ".cards", "warchest.error.unknown_unit", unit=str(bad[0])[:40],
                   legal=", ".join(UNITS))
    if len(cards) != draft_cards(count) or len(set(cards)) != len(cards):
        raise fail(rule, ".cards", "warchest.error.cards_count", count=draft_cards(count))
    return tuple(sort_coins(cards))


def draft_order(state: WarChestState) -> list[int]:
    """WC-X1 (1-2-2-2-1) and WC-X3 (P1 P2 P3 P4 P4 P3 P2 P1 P2 P3 P4 P1) from the first picker."""
    n, f = len(state.players), state.first_picker or 0
    seats = [0, 1, 1, 0, 0, 1, 1, 0] if n == 2 else [0, 1, 2, 3, 3, 2, 1, 0, 1, 2, 3, 0]
    return [(f + s) % n for s in seats]


def begin(state: WarChestState) -> None:
    """WC-C8: 2 coins of each type and the royal coin in the bag, the rest in the supply."""
    for p in state.players:
        p.hidden = dict.fromkeys(p.units, 2)
        p.hidden[ROYAL] = 1
        p.supply = {u: COINS[u] - 2 for u in p.units}
        p.bag_n, p.hand, p.down = sum(p.hidden.values()), {}, {}
    state.round, state.phase, state.drawn, state.changed = 1, "draw", 0, False
    state.start_holder = state.initiative


def taken(state: WarChestState) -> set:
    return {u for p in state.players for u in p.units}


# -------------------------------------------------------------------------------- decisions


#: the decisions, built once each: a ``Decision`` is an immutable value, and ``decision`` is asked
#: at every entry of every replay (a frozen dataclass costs ten times a cache lookup to build)
_decided = functools.lru_cache(maxsize=1024)(Decision)


def decision(state: WarChestState) -> Decision | None:
    phase = state.phase
    if phase == "play" and not state.pending:  # (the common case first)
        assert state.current is not None  # set while the round is played
        return _decided("play", state.players[state.current].name)
    if state.winner is not None:
        return None
    if phase == "setup":
        if state.method == "draft":
            if state.first_picker is None:
                return _decided("first_picker", None)
            order = draft_order(state)
            return _decided("pick", state.players[order[len(state.picks)]].name)
        per_player = units_per_player(state)
        for p in state.players:
            if len(p.units) != per_player:
                return _decided("units", p.name)
        if guard_due(state):
            return _decided("royal_guard", None)
        return _decided("initiative", None)
    if state.phase == "draw":  # WC-T2: everybody draws at once, unseen; told in seating order
        return _decided("draw", state.players[state.drawn].name)
    if state.pending:
        top = state.pending[-1]
        return _decided("then", state.players[top.player].name, top.kind, top.optional)
    assert state.current is not None  # set while the round is played
    return _decided("play", state.players[state.current].name)


def guard_due(state: WarChestState) -> bool:
    """WC-U13: the Royal Guard's card is still to be told: the cards were dealt (or chosen freely)
    after the setup's questions, a Royal Guard is among them, and the table has not said."""
    return (state.method in GUARD_AFTER_DEAL and "royal_guard" not in state.options
            and any("royal_guard" in p.units for p in state.players))


def units_per_player(state: WarChestState) -> int:
    return 4 if len(state.players) == 2 else 3  # WC-C8, WC-4.1


def is_over(state: WarChestState) -> bool:
    return state.winner is not None


def index(state: WarChestState, name: str) -> int:
    for i, p in enumerate(state.players):
        if p.name == name:
            return i
    return -1


# -------------------------------------------------------------------------------- coins


def faceup_coins(p) -> list[str]:
    """The coins a player may play face up (WC-V4: necessary check; WC-V5: exact)."""
    pool = p.hand if p.hand is not None else minus(p.hidden, p.down)
    return [c for c in sort_coins(pool) if pool[c] > 0]


def check_coin(p, coin, where: str) -> None:
    if coin is None:
        raise fail("WC-A1", where, "warchest.error.coin_missing")
    if p.hand is not None:
        if p.hand.get(coin, 0) < 1:
            raise fail("WC-V5", where, "warchest.error.coin_not_in_hand", player=p.name, coin=coin,
                       hand=", ".join(sort_coins(p.hand)) or "-")
    elif minus(p.hidden, p.down).get(coin, 0) < 1:
        raise fail("WC-V4", where, "warchest.error.coin_not_hidden", player=p.name, coin=coin)


def take_coin(p, coin, face_up: bool, discard: bool = False) -> None:
    """The coin leaves the hand: face up (to the board, or with ``discard`` to the face-up discard)
    or face down to the discard (WC-T5)."""
    p.hand_n -= 1
    hand = p.hand
    if hand is not None:
        if hand[coin] > 1:
            hand[coin] -= 1
        else:
            del hand[coin]
    if face_up:
        hidden = p.hidden
        if hidden[coin] > 1:
            hidden[coin] -= 1
        else:
            del hidden[coin]
        if discard:
            faceup = p.faceup
            faceup[coin] = faceup.get(coin, 0) + 1
    else:
        p.down_n += 1
        down = p.down
        if down is not None and coin is not None:
            down[coin] = down.get(coin, 0) + 1
        else:
            p.down = None


def refill(p) -> None:
    """WC-T2: the whole discard pile goes into the bag."""
    p.bag_n += p.down_n + sum(p.faceup.values())
    p.hidden = plus(p.hidden, p.faceup)
    p.faceup, p.down, p.down_n = {}, {}, 0


def available(p) -> int:
    return p.bag_n + p.down_n + sum(p.faceup.values())


# -------------------------------------------------------------------------------- geometry


def team(state: WarChestState, i: int, j: int) -> bool:
    return state.players[i].side == state.players[j].side


def stacks_of(state: WarChestState, i: int, unit: str) -> list:
    return sorted(h for h, s in state.stacks.items() if s.player == i and s.unit == unit)


def empty_hexes_near(state: WarChestState, h) -> list:
    return [n for n in state.board.neighbours[h] if n not in state.stacks]


def can_hit(state: WarChestState, i: int, coins: int, target) -> bool:
    """An enemy unit there (WC-A10, WC-4.5) that this attacker may attack (Knight: WC-U7)."""
    t = state.stacks.get(target)
    return t is not None and not team(state, i, t.player) and (t.unit != "knight" or coins >= 2)


def absorbs(state: WarChestState, target) -> tuple:
    """WC-U13: an attacked Royal Guard's owner may take the coin from the supply instead."""
    t = state.stacks[target]
    if t.unit == "royal_guard" and state.players[t.player].supply.get("royal_guard", 0) > 0:
        return (False, True)
    return (False,)


def maneuvers(state: WarChestState, h) -> list[Maneuver]:
    """The normal maneuvers of the unit at ``h``: move, control, attack (WC-A8..WC-A10)."""
    s = state.stacks[h]
    out = [Maneuver("move", frm=h, to=n) for n in empty_hexes_near(state, h)]
    if h in state.board.locations and state.control.get(h) != state.players[s.player].side:
        out.append(Maneuver("control", at=h))
    if s.unit not in TACTIC_ONLY_ATTACK:
        for t in state.board.neighbours[h]:
            if can_hit(state, s.player, s.coins, t):
                out.extend(Maneuver("attack", frm=h, target=t, absorb=a) for a in absorbs(state, t))
    return out


def check_maneuver(state: WarChestState, i: int, unit: str, m, where: str, own: bool = True) -> None:
    """A normal maneuver by the acting player's unit of type ``unit`` (WC-A1, WC-A8..WC-A10)."""
    action = m.action  # (a named tuple's field: read once)
    h = m.at if action == "control" else m.frm
    stacks = state.stacks
    s = stacks.get(h) if h is not None else None
    if s is None or s.unit != unit or (own and s.player != i) or (not own and not team(state, i, s.player)):
        raise fail("WC-A1", where + (".at" if action == "control" else ".from"),
                   "warchest.error.no_unit", unit=unit, hex=hexs(h))
    if action == "move":
        to = m.to
        if to not in state.board.neighbours[h] or to in stacks:  # adjacent, on the board
            raise fail("WC-A8", where + ".to", "warchest.error.move", hex=hexs(to))
    elif action == "control":
        if h not in state.board.locations:
            raise fail("WC-A9", where + ".at", "warchest.error.not_location", hex=hexs(h))
        if state.control.get(h) == state.players[i].side:
            raise fail("WC-4.4" if len(state.players) == 4 else "WC-A9", where + ".at",
                       "warchest.error.controlled", hex=hexs(h))
    elif action == "attack":
        if unit in TACTIC_ONLY_ATTACK:
            raise fail("WC-U1" if unit == "archer" else "WC-U8", where, "warchest.error.tactic_only",
                       unit=unit)
        t = state.stacks.get(m.target) if m.target is not None else None
        if t is None or distance(h, m.target) != 1:
            raise fail("WC-A10", where + ".target", "warchest.error.no_target", hex=hexs(m.target))
        if team(state, i, t.player):
            raise fail("WC-4.5" if len(state.players) == 4 else "WC-A10", where + ".target",
                       "warchest.error.friendly_target", hex=hexs(m.target))
        if t.unit == "knight" and s.coins < 2:
            raise fail("WC-U7", where + ".target", "warchest.error.knight", hex=hexs(m.target))
        check_absorb(state, m.target, m.absorb, where)
    else:
        raise fail("WC-A1", where + ".action", "warchest.error.not_maneuver", action=m.action)


def check_absorb(state, target, absorb: bool, where: str) -> None:
    if absorb and True not in absorbs(state, target):
        raise fail("WC-U13", where + ".absorb", "warchest.error.absorb", hex=hexs(target))


# -------------------------------------------------------------------------------- effects


def win_check(state: WarChestState, side: str) -> None:
    if state.markers[side] == 0:  # WC-V1
        state.winner, state.phase, state.pending, state.current = side, "over", [], None


def do_control(state: WarChestState, i: int, at) -> None:
    side = state.players[i].side
    old = state.control.get(at)
    if old is not None:
        state.markers[old] += 1  # WC-A9: the enemy marker goes back to its owner
    state.control[at] = side
    state.markers[side] -= 1
    win_check(state, side)


def remove_coin(state: WarChestState, h) -> None:
    s = state.stacks[h]
    s.coins -= 1
    add(state.players[s.player].removed, s.unit)
    if s.coins == 0:
        del state.stacks[h]


def do_attack(state: WarChestState, src, target, absorb: bool) -> None:
    t = state.stacks[target]
    pike = t.unit == "pikeman" and distance(src, target) == 1
    if absorb:  # WC-U13
        owner = state.players[t.player]
        add(owner.supply, "royal_guard", -1)
        add(owner.removed, "royal_guard")
    else:
        remove_coin(state, target)  # WC-A10
    if pike and src in state.stacks:  # WC-U12: simultaneous, whatever the sizes
        remove_coin(state, src)


def trigger(state: WarChestState, actor: int, h, unit: str, kind: str) -> None:
    """Attributes after a maneuver of the unit now at ``h`` (WC-A13, WC-A14)."""
    if state.winner is not None:
        return
    s = state.stacks.get(h)
    if s is None or s.unit != unit:
        return  # WC-A14: a unit no longer on the board triggers nothing
    if unit == "berserker" and s.coins >= 2:
        state.pending.append(Pending("berserker", actor, h))
    elif unit == "swordsman" and kind == "attack":
        state.pending.append(Pending("swordsman", actor, h))
    elif (unit == "warrior_priest" and kind in ("attack", "control")
          and available(state.players[s.player])):  # WC-U16 Decision: nothing to draw, nothing
        state.pending.append(Pending("warrior_priest", s.player, None, optional=False))


def do_maneuver(state: WarChestState, actor: int, m) -> None:
    stacks = state.stacks
    action = m.action  # (a named tuple's field: read once)
    if action == "move":
        frm, to = m.frm, m.to
        unit = stacks[frm].unit
        stacks[to] = stacks.pop(frm)
        if unit in ATTRIBUTES:
            trigger(state, actor, to, unit, "move")
    elif action == "control":
        unit = stacks[m.at].unit
        do_control(state, actor, m.at)
        if unit in ATTRIBUTES:
            trigger(state, actor, m.at, unit, "control")
    else:
        unit = stacks[m.frm].unit
        do_attack(state, m.frm, m.target, m.absorb)
        if unit in ATTRIBUTES:
            trigger(state, actor, m.frm, unit, "attack")


#: the units whose attribute a maneuver may trigger (``trigger``)
ATTRIBUTES = frozenset({"berserker", "swordsman", "warrior_priest"})


def advance(state: WarChestState) -> None:
    """WC-T4, WC-T6, WC-4.6: the next player with coins in hand, else the next round."""
    if state.winner is not None or state.pending:
        return
    players = state.players
    assert state.current is not None  # the round is played
    for current in SEATS_AFTER[len(players)][state.current]:
        if players[current].hand_n > 0:
            state.current = current
            return
    state.round += 1
    state.phase, state.drawn, state.changed, state.current = "draw", 0, False, None
    state.start_holder = state.initiative


#: for each table size and seat, the seats after it round the table, that seat itself last
SEATS_AFTER = {n: tuple(tuple((seat + m) % n for m in range(1, n + 1)) for seat in range(n))
               for n in BOARDS}


# -------------------------------------------------------------------------------- tactics


def tactic_options(state: WarChestState, i: int, coin: str, like: Play | None = None) -> list[Play]:
    """Every legal tactic of the player's unit(s) paid with ``coin`` (WC-A11, WC-U).  ``like``:
    only those from its unit's hex, toward its chosen unit (Ensign, Marshall), its target (Archer,
    Crossbowman, Cavalry, Lancer) and its hex (Cavalry, Lancer, Light Cavalry, Ensign, Royal
    Guard): checking one entry does not list them all."""
    name = state.players[i].name
    if coin == ROYAL:
        return [Play(name, "tactic", ROYAL, frm=h, to=to)
                for h in mine_at(state, i, "royal_guard", like) for to in royal_guard_moves(state, i, h)
                if like is None or to == like.to]
    if coin not in TACTICS or coin == "royal_guard":
        return []
    if coin == "footman":
        return [Play(name, "tactic", coin, steps=s) for s in footman_steps(state, i, stacks_of(state, i, "footman"))]
    out: list[Play] = []
    chosen = (None if like is None
              else [like.unit] if like.unit is not None and like.unit in state.stacks else [])
    for h in mine_at(state, i, coin, like):
        s = state.stacks[h]
        if coin == "archer":  # WC-U1
            for t in (sorted(state.stacks) if like is None
                      else [like.target] if like.target is not None and like.target in state.stacks else []):
                if distance(h, t) == 2 and can_hit(state, i, s.coins, t):
                    out.extend(Play(name, "tactic", coin, frm=h, target=t, absorb=a) for a in absorbs(state, t))
        elif coin == "crossbowman":  # WC-U4
            for d in DIRECTIONS:
                mid, t = step(h, d), step(h, d, 2)
                if like is not None and t != like.target:
                    continue
                if mid in state.board.hexes and mid not in state.stacks and can_hit(state, i, s.coins, t):
                    out.extend(Play(name, "tactic", coin, frm=h, target=t, absorb=a) for a in absorbs(state, t))
        elif coin == "cavalry":  # WC-U3: move, then attack from there
            for to in empty_hexes_near(state, h):
                if like is not None and to != like.to:
                    continue
                for t in state.board.neighbours[to]:
                    if like is not None and t != like.target:
                        continue
                    if t != h and can_hit(state, i, s.coins, t):
                        out.extend(Play(name, "tactic", coin, frm=h, to=to, target=t, absorb=a)
                                   for a in absorbs(state, t))
        elif coin == "lancer":  # WC-U8
            for d in DIRECTIONS:
                for k in (1, 2):
                    if like is not None and step(h, d, k) != like.to:
                        continue
                    path = [step(h, d, j) for j in range(1, k + 1)]
                    if all(p in state.board.hexes and p not in state.stacks for p in path):
                        t = step(h, d, k + 1)
                        if can_hit(state, i, s.coins, t):
                            out.extend(Play(name, "tactic", coin, frm=h, to=path[-1], target=t, absorb=a)
                                       for a in absorbs(state, t))
        elif coin == "light_cavalry":  # WC-U9
            ends = {b for a in empty_hexes_near(state, h) for b in state.board.neighbours[a]
                    if b != h and b not in state.stacks}
            out.extend(Play(name, "tactic", coin, frm=h, to=b) for b in sorted(ends)
                       if like is None or b == like.to)
        elif coin == "ensign":  # WC-U5
            for x in (sorted(state.stacks) if chosen is None else chosen):
                if x != h and distance(x, h) <= 2 and team(state, i, state.stacks[x].player):
                    out.extend(Play(name, "tactic", coin, frm=h, unit=x, to=to)
                               for to in empty_hexes_near(state, x) if distance(to, h) <= 2
                               and (like is None or to == like.to))
        elif coin == "marshall":  # WC-U10: the chosen unit "musi przeprowadzić normalny atak"
            for x in (sorted(state.stacks) if chosen is None else chosen):  # (FAQ; DECISIONS.md)
                sx = state.stacks[x]
                if x == h or distance(x, h) > 2 or not team(state, i, sx.player) \
                        or sx.unit in TACTIC_ONLY_ATTACK:  # never an Archer or a Lancer (FAQ)
                    continue
                for t in state.board.neighbours[x]:  # no attack, no order (no "if able")
                    if can_hit(state, i, sx.coins, t):
                        out.extend(Play(name, "tactic", coin, frm=h, unit=x, target=t, absorb=a)
                                   for a in absorbs(state, t))
    return out


def mine_at(state: WarChestState, i: int, unit: str, like: Play | None) -> list:
    """The hexes of the player's units of this type (``like``: only its ``from``)."""
    if like is None:
        return stacks_of(state, i, unit)
    s = state.stacks.get(like.frm)
    return [like.frm] if s is not None and s.player == i and s.unit == unit else []


def royal_guard_moves(state: WarChestState, i: int, h) -> list:
    """WC-U13: base, one step; nobility, up to 2 steps ending on an empty controlled location."""
    first = empty_hexes_near(state, h)
    if state.options.get("royal_guard") != "nobility":
        return first
    side = state.players[i].side
    ends = set(first) | {b for a in first for b in state.board.neighbours[a]
                         if b != h and b not in state.stacks}
    return sorted(e for e in ends if state.control.get(e) == side)


def footman_steps(state: WarChestState, i: int, footmen: list) -> list[tuple]:
    """WC-U6: each Footman with a legal maneuver makes one, in the player's order."""
    out: list[tuple] = []
    for f in footmen:
        rest = [g for g in footmen if g != f]
        for m in maneuvers(state, f):
            if not rest:
                out.append((m,))
                continue
            trial = state.copy()
            trial.pending = []
            do_maneuver_plain(trial, i, m)
            if trial.winner is not None:
                out.append((m,))
                continue
            seconds = footman_steps(trial, i, [g for g in rest if g in trial.stacks])
            out.extend((m, *s) for s in seconds) if seconds else out.append((m,))
    if footmen and not out:
        return []
    return out


def footman_ok(state: WarChestState, i: int, steps: tuple) -> bool:
    """WC-U6 for the given steps, without listing every pair (the same rule as ``footman_steps``)."""
    footmen = stacks_of(state, i, "footman")
    if not steps or len(steps) > len(footmen):
        return False
    first = steps[0]
    f = first.at if first.action == "control" else first.frm
    if f not in footmen or first not in maneuvers(state, f):
        return False
    rest = [g for g in footmen if g != f]
    if not rest:
        return len(steps) == 1
    trial = state.copy()
    trial.pending = []
    do_maneuver_plain(trial, i, first)
    if trial.winner is not None or rest[0] not in trial.stacks:
        return len(steps) == 1
    options = maneuvers(trial, rest[0])
    if not options:
        return len(steps) == 1
    return len(steps) == 2 and steps[1] in options


def do_maneuver_plain(state: WarChestState, actor: int, m) -> None:
    """A maneuver without attributes (the Footman has none)."""
    if m.action == "move":
        state.stacks[m.to] = state.stacks.pop(m.frm)
    elif m.action == "control":
        do_control(state, actor, m.at)
    else:
        do_attack(state, m.frm, m.target, m.absorb)


# -------------------------------------------------------------------------------- legal actions


def legal_actions(state: WarChestState) -> list:
    d = decision(state)
    if d is None:
        return []
    if d.kind == "units":
        assert d.player is not None  # a deal names its player
        held = taken(state)
        free = [u for u in UNITS if u not in held]
        return [Deal(d.player, c) for c in combinations(free, units_per_player(state))]
    if d.kind == "royal_guard":
        return [GuardCard(card) for card in ROYAL_GUARD_OPTIONS]
    if d.kind == "first_picker":
        return [FirstPicker(p.name) for p in state.players]
    if d.kind == "pick":
        assert d.player is not None  # a pick names its player
        held = taken(state)
        return [Pick(d.player, u) for u in UNITS if u not in held
                and (state.cards is None or u in state.cards)]
    if d.kind == "initiative":
        return [Flip(p.name) for p in state.players]
    assert d.player is not None  # a draw, a turn and a follow-up name their player
    if d.kind == "draw":
        return draw_options(state, index(state, d.player))
    i = index(state, d.player)
    if d.kind == "then":
        return follow_ups(state, state.pending[-1], i)
    return plays(state, i)


def plays(state: WarChestState, i: int, by: str | None = None) -> list[Play]:
    p, name = state.players[i], state.players[i].name
    out: list[Play] = []
    down = sort_coins(p.hand) if p.hand is not None else (None,)
    may_claim = can_claim(state, i)
    for c in down:
        if may_claim:
            out.append(Play(name, "initiative", c, by=by))
        out.extend(Play(name, "recruit", c, recruit=r, by=by) for r in sort_coins(p.supply))
        out.append(Play(name, "pass", c, by=by))
    for c in faceup_coins(p):
        if c == ROYAL:
            out.extend(_by(tactic_options(state, i, c), by))
            continue
        mine = stacks_of(state, i, c)
        if len(mine) < (2 if c == "footman" else 1):
            out.extend(Play(name, "deploy", c, to=h, by=by) for h in deploy_hexes(state, i, c))
        out.extend(Play(name, "bolster", c, at=h, by=by) for h in mine)
        for h in mine:
            out.extend(Play(name, m.action, c, frm=m.frm, to=m.to, at=m.at, target=m.target,
                            absorb=m.absorb, by=by) for m in maneuvers(state, h))
        out.extend(_by(tactic_options(state, i, c), by))
    return out


def _by(options: list[Play], by: str | None) -> list[Play]:
    if by is None:
        return options
    return [Play(o.player, o.action, o.coin, o.frm, o.to, o.at, o.unit, o.target, o.recruit,
                 o.steps, o.absorb, by) for o in options]


def can_claim(state: WarChestState, i: int) -> bool:
    h = state.initiative
    assert h is not None  # told at the setup's flip (WC-C9)
    return not state.changed and h != i and not team(state, i, h)


def deploy_hexes(state: WarChestState, i: int, unit: str) -> list:
    """WC-A3, WC-4.4 (team locations), WC-U14 (Scout: next to a friendly unit)."""
    return [h for h in state.board.neighbours if can_deploy(state, i, unit, h)]  # (sorted hexes)


def can_deploy(state: WarChestState, i: int, unit: str, h) -> bool:
    """An empty location the player's side controls (WC-A3, WC-4.4), or for the Scout any empty
    hex next to one of the player's own units (WC-U14)."""
    if h in state.stacks or h not in state.board.neighbours:
        return False
    if state.control.get(h) == state.players[i].side:
        return True
    if unit == "scout":
        stacks = state.stacks
        return any(n in stacks and stacks[n].player == i for n in state.board.neighbours[h])
    return False


def follow_ups(state: WarChestState, pend: Pending, i: int) -> list:
    name = state.players[i].name
    out: list = []
    if pend.kind == "warrior_priest":
        return warrior_priest_plays(state, pend.player)
    h = pend.at
    if pend.kind == "swordsman":  # WC-U15
        out = [Play(name, "move", None, frm=h, to=n, by="swordsman") for n in empty_hexes_near(state, h)]
    elif pend.kind in ("berserker", "mercenary"):  # WC-U2, WC-U11
        paid = pend.kind == "berserker"  # the stack coin is discarded before the maneuver
        state.stacks[h].coins -= paid
        out = [Play(name, m.action, None, m.frm, m.to, m.at, None, m.target, absorb=m.absorb,
                    by=pend.kind) for m in maneuvers(state, h)]
        state.stacks[h].coins += paid
    out.append(Done(name))
    return out


def warrior_priest_plays(state: WarChestState, i: int) -> list[Play]:
    """WC-U16: the drawn coin's plays (named when the hand is tracked, WC-V5)."""
    p = state.players[i]
    if p.hand is None:
        return plays(state, i, "warrior_priest")
    out: list[Play] = []
    for coin in draw_one_options(p):
        trial = state.copy()
        draw_one(trial.players[i], coin)
        out.extend(a for a in plays(trial, i, "warrior_priest") if a.coin == coin)
    return out


def draw_one_options(p) -> list:
    bag_known = p.down is not None and p.hand is not None
    if p.bag_n == 0:
        pool = plus(p.hidden, p.faceup)
        pool = minus(pool, p.hand)
    else:
        pool = minus(minus(p.hidden, p.hand), p.down) if bag_known else minus(p.hidden, p.hand)
    return list(sort_coins(pool))


def draw_one(p, coin) -> None:
    if p.bag_n == 0:
        refill(p)
    p.bag_n -= 1
    p.hand_n += 1
    if p.hand is not None:
        add(p.hand, coin)


def draw_options(state: WarChestState, i: int) -> list[Draw]:
    """WC-T2, WC-T3, WC-V5: every multiset the player can have drawn, and "not told"."""
    p = state.players[i]
    n = min(3, available(p))
    out: list[Draw] = [Draw(p.name, None)]
    if p.down is None:
        return out
    bag = minus(p.hidden, p.down)
    if p.bag_n >= n:
        must, pool, k = {}, bag, n
    else:
        must, pool, k = bag, plus(p.down, p.faceup), n - p.bag_n
    flat = [c for c in sort_coins(pool) for _ in range(pool[c])]
    seen = set()
    for combo in combinations(flat, k):
        coins = sort_coins([*(c for c in must for _ in range(must[c])), *combo])
        if coins not in seen:
            seen.add(coins)
            out.append(Draw(p.name, coins))
    return out


# -------------------------------------------------------------------------------- apply


def apply(state: WarChestState, action) -> None:
    """Check ``action`` against the rules and apply it; ``RuleError`` (state unchanged) if not."""
    apply_decided(state, action, None)


def apply_decided(state: WarChestState, action, d: Decision | None) -> None:
    """``apply``, given ``d``: ``decision(state)`` when the caller has it already (the record
    reader; ``None``: asked here)."""
    try:
        if d is None:
            d = decision(state)
            if d is None:  # the game is over: refused (WC-V1)
                return _apply(state, action, d)
        kind = d.kind
        if kind == "play" and type(action) is Play and action.player == d.player and action.by is None:
            current = state.current  # (a turn, the common case: ``_apply``'s checks, in short)
            assert current is not None  # set while the round is played
            apply_play(state, current, action, "")
            state.plays += 1
            advance(state)
        elif kind == "draw" and type(action) is Draw and action.player == d.player:
            apply_draw(state, action)  # (a draw: ``_apply``'s checks, in short)
        elif (kind == "then" and d.optional and type(action) not in (Done, Resign)
                and not (type(action) is Play and action.by is not None)):
            # WC-A14 and the record format: a declined "may" is simply absent, so the entry that
            # follows declines it, here as in a record (whose replay stops at a pending "may",
            # not knowing it was declined).  Tried on a copy first: an entry illegal even then
            # leaves the state unchanged.
            assert d.player is not None  # a follow-up names its player
            trial = state.copy()
            _apply(trial, Done(d.player), d)
            apply(trial, action)
            _apply(state, Done(d.player), d)
            return apply(state, action)
        elif kind == "royal_guard" and type(action) is Flip:
            # WC-U13 and the record format: a record that goes on without the Royal Guard's card
            # (older ones, asked before the deal) uses the base card; so does the flip here
            trial = state.copy()
            _apply(trial, GuardCard(None), d)
            apply(trial, action)
            _apply(state, GuardCard(None), d)
            return apply(state, action)
        else:
            _apply(state, action, d)
        state.last = action
    except RecordError as error:
        if "legal" not in error.params:
            error.params["legal"] = legal_text(state, action)
        raise


def legal_text(state: WarChestState, action) -> str:
    legal = legal_actions(state)
    same = [a for a in legal if type(a) is type(action)
            and getattr(a, "action", None) == getattr(action, "action", None)]
    shown = same or legal
    text = "; ".join(describe(a) for a in shown[:12])
    more = len(shown) - 12  # (a count in signs, not words: the error's text is in the catalogs)
    return (text + f"; … (+{more})" if more > 0 else text) or "-"


EXPECTED: dict[str, tuple[type[Any] | tuple[type[Any], ...], str]] = {"units": (Deal, "WC-C8"), "royal_guard": (GuardCard, "WC-U13"),
            "first_picker": (FirstPicker, "WC-X1"), "pick": (Pick, "WC-X1"),
            "initiative": (Flip, "WC-C9"), "draw": (Draw, "WC-T2"), "play": (Play, "WC-T4"),
            "then": ((Play, Done), "WC-A14")}


def _apply(state: WarChestState, action, d: Decision | None) -> None:
    if d is None:
        raise fail("WC-V1", "", "warchest.error.over", winner=state.winner or "")
    if isinstance(action, Resign):
        i = index(state, action.player)
        if i < 0:
            raise fail("WC-V2", "", "warchest.error.unknown_player", player=action.player)
        other = [s for s in SIDES if s != state.players[i].side][0]
        state.winner, state.resigned, state.phase, state.pending = other, action.player, "over", []
        state.current = None
        return
    kinds, rule = EXPECTED[d.kind]
    if not isinstance(action, kinds):
        raise fail(rule, "", "warchest.error.expected", expected=d.kind, player=d.player or "")
    if d.player is not None and action.player != d.player:
        raise fail("WC-4.6" if len(state.players) == 4 and d.kind in ("play", "then") else rule,
                   ".player", "warchest.error.turn", player=action.player, expected=d.player)
    if d.kind in ("units", "royal_guard", "pick", "first_picker", "initiative"):
        return apply_setup(state, d, action)
    if d.kind == "draw":
        return apply_draw(state, action)
    current = state.current if d.kind == "play" else state.pending[-1].player
    assert current is not None  # set while the round is played
    i = current
    if isinstance(action, Done):
        if not d.optional:
            raise fail("WC-U16", "", "warchest.error.must_use", player=d.player)
        state.pending.pop()
        return advance(state)
    if d.kind == "then":
        if action.by != d.by:
            raise fail("WC-A14", ".by", "warchest.error.by", by=action.by or "-", expected=d.by)
        return apply_follow_up(state, i, action)
    if action.by is not None:
        raise fail("WC-A14", ".by", "warchest.error.no_trigger", by=action.by)
    apply_play(state, i, action, "")
    state.plays += 1
    advance(state)


def apply_setup(state: WarChestState, d: Decision, action) -> None:
    if d.kind == "units":
        units = tuple(action.units)
        bad = [u for u in units if u not in COINS]
        if bad:
            raise fail("WC-C8", ".units", "warchest.error.unknown_unit", unit=bad[0])
        if len(units) != units_per_player(state) or len(set(units)) != len(units):
            raise fail("WC-4.1" if len(state.players) == 4 else "WC-C8", ".units",
                       "warchest.error.unit_count", count=units_per_player(state))
        held = taken(state)
        clash = [u for u in units if u in held]
        if clash:
            raise fail("WC-C8", ".units", "warchest.error.unit_taken", unit=clash[0])
        state.players[index(state, action.player)].units = list(units)
        return
    if d.kind == "royal_guard":
        if action.card is not None and action.card not in ROYAL_GUARD_OPTIONS:
            raise fail("WC-U13", "", "warchest.error.royal_guard_option", got=str(action.card)[:40])
        state.options["royal_guard"] = action.card or "base"
        return
    if d.kind == "first_picker":
        i = index(state, action.player)
        if i < 0:
            raise fail("WC-X1", "", "warchest.error.unknown_player", player=action.player)
        state.first_picker = i
        return
    if d.kind == "pick":
        rule = "WC-X1" if len(state.players) == 2 else "WC-X3"
        if action.unit not in COINS:
            raise fail(rule, "", "warchest.error.unknown_unit", unit=action.unit)
        if action.unit in taken(state):
            raise fail(rule, "", "warchest.error.unit_taken", unit=action.unit)
        if state.cards is not None and action.unit not in state.cards:
            raise fail(rule, "", "warchest.error.not_laid_out", unit=action.unit)
        i = index(state, action.player)
        state.picks.append((i, action.unit))
        state.players[i].units.append(action.unit)
        if len(state.picks) == len(draft_order(state)):
            n = len(state.players)  # WC-X1, WC-X3: the second picker takes the initiative
            assert state.first_picker is not None  # told before the picks (WC-X1)
            state.initiative = (state.first_picker + 1) % n
            begin(state)
        return
    i = index(state, action.player)
    if i < 0:
        raise fail("WC-C9", "", "warchest.error.unknown_player", player=action.player)
    state.initiative = i
    begin(state)


def apply_draw(state: WarChestState, action: Draw) -> None:
    p = state.players[state.drawn]
    bag_n = p.bag_n
    n = 3 if bag_n >= 3 else min(3, bag_n + p.down_n + sum(p.faceup.values()))  # available(p)
    refilling = bag_n < n
    hand: dict[str, int] | None = None
    coins = action.coins
    if coins is not None:
        hand = {}
        for c in coins:
            hand[c] = hand.get(c, 0) + 1
        if len(coins) != n:
            raise fail("WC-T3" if n < 3 else "WC-T2", "", "warchest.error.draw_count", player=p.name,
                       count=n, got=len(coins))
        hidden, faceup, down = p.hidden, p.faceup, p.down
        ok = not refilling
        if ok:  # from the bag: what is hidden and not known to be in the face-down discard
            for c, k in hand.items():
                if hidden.get(c, 0) - (down.get(c, 0) if down else 0) < k:
                    ok = False
                    break
        if not ok:
            for c in hand:
                if c not in hidden and c not in faceup:
                    raise fail("WC-V4", "", "warchest.error.draw_coin", player=p.name, coin=c)
            if refilling:  # the whole bag, then coins of the refilled discard:
                ok = True
                for c, k in hand.items():  # every coin drawn is hidden or in the face-up discard
                    if hidden.get(c, 0) + faceup.get(c, 0) < k:
                        ok = False
                        break
                if ok and down is not None:  # and every coin of the bag (hidden, not face down)
                    for c, held in hidden.items():  # was drawn, when the face-down discard is known
                        if held - down.get(c, 0) > hand.get(c, 0):
                            ok = False
                            break
            if not ok:
                raise fail("WC-T2" if refilling else "WC-V5", "", "warchest.error.draw_bag", player=p.name,
                           coins=", ".join(coins))
    if refilling:
        refill(p)
    p.bag_n -= n
    p.hand_n = n
    p.hand = hand
    state.drawn += 1
    if state.drawn == len(state.players):
        state.phase = "play"
        players, k = state.players, len(state.players)
        assert state.initiative is not None  # told at the setup's flip (WC-C9)
        state.current = next(j for j in ((state.initiative + m) % k for m in range(k))
                             if players[j].hand_n > 0)


def apply_play(state: WarChestState, i: int, a: Play, where: str) -> None:
    """One coin from the hand and its action (WC-A1..WC-A11); all checks before any change."""
    p = state.players[i]
    kind = a.action
    if kind in FACE_DOWN:
        if a.coin is not None or p.hand is not None:
            if a.coin is None:
                raise fail("WC-V5", where + ".coin", "warchest.error.coin_named", player=p.name)
            if p.hand is None or p.hand.get(a.coin, 0) < 1:  # (in the known hand: nothing to check)
                check_coin(p, a.coin, where + ".coin")
        if kind == "initiative":
            assert state.initiative is not None  # told at the setup's flip (WC-C9)
            if state.initiative == i or state.changed:
                raise fail("WC-A5", where, "warchest.error.initiative",
                           holder=state.players[state.initiative].name)
            if team(state, i, state.initiative):
                raise fail("WC-4.3", where, "warchest.error.initiative_partner",
                           holder=state.players[state.initiative].name)
        elif kind == "recruit":
            if a.recruit not in p.units:
                raise fail("WC-4.5" if len(state.players) == 4 and a.recruit in taken(state) else "WC-A6",
                           where + ".recruit",
                           "warchest.error.recruit_not_own", unit=a.recruit or "-")
            if p.supply.get(a.recruit, 0) < 1:
                raise fail("WC-A6", where + ".recruit", "warchest.error.supply_empty", unit=a.recruit)
        take_coin(p, a.coin, False)
        if kind == "initiative":
            state.initiative, state.changed = i, True
        elif kind == "recruit":
            assert a.recruit is not None  # checked above: one of the player's units
            add(p.supply, a.recruit, -1)
            add(p.faceup, a.recruit)
            if a.recruit == "mercenary":  # WC-U11
                for h in stacks_of(state, i, "mercenary"):
                    state.pending.append(Pending("mercenary", i, h))
        return
    if kind not in FACE_UP:
        raise fail("WC-A1", where + ".action", "warchest.error.action", action=kind)
    coin = a.coin
    hand = p.hand
    if hand is None or hand.get(coin, 0) < 1:  # (in the known hand: nothing more to check)
        check_coin(p, coin, where + ".coin")
    assert coin is not None  # check_coin refuses a missing coin
    if coin == ROYAL and kind != "tactic":
        raise fail("WC-A2", where + ".coin", "warchest.error.royal")
    if kind == "tactic":
        if coin == "royal_guard":
            raise fail("WC-U13", where + ".coin", "warchest.error.royal_guard_coin")
        if coin != ROYAL and coin not in TACTICS:
            raise fail("WC-A11", where + ".coin", "warchest.error.no_tactic", unit=coin)
        unit = "royal_guard" if coin == ROYAL else coin
        if not mine_at(state, i, unit, a) and not stacks_of(state, i, unit):
            raise fail("WC-A1", where + ".coin", "warchest.error.not_on_board", unit=unit)
        mine = Play(p.name, "tactic", coin, a.frm, a.to, a.at, a.unit, a.target, None, a.steps, a.absorb)
        if coin == "footman":
            ok = footman_ok(state, i, a.steps)
        else:
            ok = mine in tactic_options(state, i, coin, mine)
        if not ok:
            options = tactic_options(state, i, coin)
            rule = TACTIC_RULE[unit]
            if unit == "marshall":
                check_order(state, i, a, where, options)
            attacker = state.stacks.get(a.unit if unit == "marshall" else a.frm)
            target = state.stacks.get(a.target) if a.target is not None else None
            if attacker and target and target.unit == "knight" and attacker.coins < 2:
                raise fail("WC-U7", where + ".target", "warchest.error.knight", hex=hexs(a.target))
            if a.absorb and mine._replace(absorb=False) in options:  # only the absorb is wrong
                check_absorb(state, a.target, True, where)
            raise fail(rule, where, "warchest.error.tactic", unit=unit,
                       legal="; ".join(describe(o) for o in options[:12]) or "-")
        take_coin(p, coin, True, True)
        return do_tactic(state, i, unit, a)
    if kind == "deploy":
        on_board = 0
        for s in state.stacks.values():
            if s.unit == coin and s.player == i:
                on_board += 1
        if on_board >= (2 if coin == "footman" else 1):
            raise fail("WC-U6" if coin == "footman" else "WC-A3", where + ".coin",
                       "warchest.error.on_board", unit=coin)
        if not can_deploy(state, i, coin, a.to):
            rule = "WC-U14" if coin == "scout" else ("WC-4.4" if len(state.players) == 4 else "WC-A3")
            raise fail(rule, where + ".to", "warchest.error.deploy", hex=hexs(a.to))
        take_coin(p, coin, True)
        state.stacks[a.to] = Stack(i, coin, 1)
        return
    if kind == "bolster":
        s = state.stacks.get(a.at)
        if s is None or s.player != i or s.unit != coin:
            raise fail("WC-A4", where + ".at", "warchest.error.no_unit", unit=coin, hex=hexs(a.at))
        take_coin(p, coin, True)
        s.coins += 1
        return
    check_maneuver(state, i, coin, a, where)  # (a play has a maneuver's fields)
    take_coin(p, coin, True, True)
    do_maneuver(state, i, a)


def check_order(state: WarChestState, i: int, a: Play, where: str, options: list) -> None:
    """WC-U10: the unit the Marshall orders makes a normal attack (FAQ): an Archer or a Lancer
    cannot be ordered, and an order needs a target (the book has no "if able": DECISIONS.md)."""
    ordered = state.stacks.get(a.unit) if a.unit is not None else None
    if ordered is None or not team(state, i, ordered.player):
        return
    legal = "; ".join(describe(o) for o in options[:12]) or "-"
    if ordered.unit in TACTIC_ONLY_ATTACK:
        raise fail("WC-U10", where + ".unit", "warchest.error.marshall_tactic_only", unit=ordered.unit,
                   hex=hexs(a.unit), legal=legal)
    if a.target is None:
        raise fail("WC-U10", where + ".target", "warchest.error.marshall_no_target", hex=hexs(a.unit),
                   legal=legal)


TACTIC_RULE = {"archer": "WC-U1", "cavalry": "WC-U3", "crossbowman": "WC-U4", "ensign": "WC-U5",
               "footman": "WC-U6", "lancer": "WC-U8", "light_cavalry": "WC-U9", "marshall": "WC-U10",
               "royal_guard": "WC-U13"}


def do_tactic(state: WarChestState, i: int, unit: str, a: Play) -> None:
    if unit in ("archer", "crossbowman"):
        do_attack(state, a.frm, a.target, a.absorb)
    elif unit in ("cavalry", "lancer"):
        state.stacks[a.to] = state.stacks.pop(a.frm)
        do_attack(state, a.to, a.target, a.absorb)
    elif unit in ("light_cavalry", "royal_guard"):
        state.stacks[a.to] = state.stacks.pop(a.frm)
    elif unit == "ensign":
        moved = state.stacks[a.unit].unit
        state.stacks[a.to] = state.stacks.pop(a.unit)
        trigger(state, i, a.to, moved, "move")  # WC-A13: e.g. the Berserker
    elif unit == "marshall":
        attacker = state.stacks[a.unit].unit
        do_attack(state, a.unit, a.target, a.absorb)
        trigger(state, i, a.unit, attacker, "attack")
    elif unit == "footman":
        for m in a.steps:
            do_maneuver_plain(state, i, m)
            if state.winner is not None:
                break


def apply_follow_up(state: WarChestState, i: int, a: Play) -> None:
    pend = state.pending[-1]
    if pend.kind == "warrior_priest":
        p = state.players[i]
        if p.hand is not None and a.coin is None:
            raise fail("WC-V5", ".coin", "warchest.error.coin_named", player=p.name)
        if a.coin is not None and a.coin not in draw_one_options(p):
            raise fail("WC-U16", ".coin", "warchest.error.draw_coin", player=p.name, coin=a.coin)
        trial = state.copy()
        trial.pending.pop()
        draw_one(trial.players[i], a.coin)
        apply_play(trial, i, a, "")
        for name in STATE_FIELDS:  # (field by field: reading ``__dict__`` would turn the
            setattr(state, name, getattr(trial, name))  # state's attributes into a dict's, slower)
        return advance(state)
    h = pend.at
    if pend.kind == "swordsman" and a.action != "move":
        raise fail("WC-U15", ".action", "warchest.error.follow_up", by="swordsman", action=a.action)
    if a.action not in ("move", "control", "attack"):
        raise fail(FOLLOW_RULE[pend.kind], ".action", "warchest.error.follow_up", by=pend.kind,
                   action=a.action)
    m = Maneuver(a.action, a.frm, a.to, a.at, a.target, a.absorb)
    where_h = a.at if a.action == "control" else a.frm
    if where_h != h:
        raise fail(FOLLOW_RULE[pend.kind], ".at" if a.action == "control" else ".from",
                   "warchest.error.follow_up_unit", by=pend.kind, hex=hexs(h))
    s = state.stacks[h]
    paid = pend.kind == "berserker"  # WC-U2: the stack coin is discarded first (a Knight sees it)
    s.coins -= paid
    try:
        check_maneuver(state, i, s.unit, m, "", own=False)
    finally:
        s.coins += paid
    state.pending.pop()
    if paid:  # one coin of the stack, face up to its owner's discard
        s.coins -= 1
        add(state.players[s.player].faceup, "berserker")
    do_maneuver(state, i, m)
    advance(state)


#: the fields of a state (``apply_follow_up`` takes a trial's)
STATE_FIELDS = tuple(f.name for f in dataclasses.fields(WarChestState))

FOLLOW_RULE = {"swordsman": "WC-U15", "berserker": "WC-U2", "mercenary": "WC-U11",
               "warrior_priest": "WC-U16"}


# -------------------------------------------------------------------------------- memory aid


def memory_aid(state: WarChestState, name: str) -> dict:
    """WC-V4: what the table may derive about a player's hidden coins.

    ``hidden``: bag + hand + face-down discard; ``hand``/``facedown``/``bag``: exact where the draws
    were recorded (else ``None``); ``next_draw``: whether the bag is refilled before the next
    draw's third coin, and the coins that draw can bring (``certain``: coins it surely brings)."""
    p = state.players[index(state, name)]
    bag = minus(minus(p.hidden, p.hand), p.down) if p.hand is not None and p.down is not None else None
    in_bag = bag if bag is not None else minus(minus(p.hidden, p.hand or {}), p.down or {})
    refill_next = p.bag_n < 3
    if refill_next:
        pool, certain = plus(p.hidden, p.faceup), (bag if bag is not None else {})
    else:
        pool, certain = in_bag, {}
    return {"hidden": dict(p.hidden), "hand": p.hand and dict(p.hand), "facedown": p.down and dict(p.down),
            "bag": bag, "counts": {"bag": p.bag_n, "hand": p.hand_n, "discard_facedown": p.down_n,
                                   "discard_faceup": sum(p.faceup.values())},
            "next_draw": {"refill": refill_next, "possible": pool, "certain": certain}}
