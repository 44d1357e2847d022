"""Record format 1 of Medieval Battle: parse, replay, write (documented in ``DECISIONS.md``).

The setup (players — the first commands Red —, map, time tokens, flags, movement, variants, the
card table) is checked first.  Then the entries are read in the order the rules ask for them
(``engine.decision``): each army (``armies.<player>``), each deployment (``reserve.<player>``),
then ``turns[i]`` — every play, answer and pursuit in order.  So the first bad entry, format or
rule, is the one reported, at its JSON location with the rule id, and a record that stops
part-way replays to the game in progress where it stops.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from referee.core import fix as corrections
from referee.core import records, shape
from referee.core.errors import RecordError, RuleError, key_path
from referee.core.game import Step
from referee.games.medieval import engine
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
from referee.games.medieval.cards import parse_cards
from referee.games.medieval.state import MedievalState
from referee.games.medieval.units import (
    BAGGAGE,
    MAPS,
    MAX_MOVEMENT,
    TIME_TOKENS,
    UNIT_TYPES,
)

GAME = "medieval-battle"
FORMAT = 1
#: the optional setup keys, in the order they are written
SETUP_KEYS = ("map", "time_tokens", "flags", "movement", "variants", "cards")
ENTRY_KEYS = ("armies", "reserve", "turns")
TOP_KEYS = ("game", "format", "players", *SETUP_KEYS, *ENTRY_KEYS, corrections.KEY)
VARIANTS = ("dismount",)
MAX_TOKENS = 20

#: the keys of each kind of turn entry (the key that names it first)
PLAY_KEYS = ("player", "unit", "dismount", "path", "through", "from", "attack", "fire", "join",
             "terrain", "flag", "card")
KINDS: dict[str, tuple[str, ...]] = {
    "pass": ("player", "pass"),
    "regroup": ("player", "regroup", "return", "enter"),
    "unit": PLAY_KEYS,
    "stand": ("player", "stand", "card"),
    "withdraw": ("player", "withdraw", "distance", "flag"),
    "stop": ("player", "stop"),
    "attack": ("player", "attack", "terrain", "card"),
}

KIND_SETS = {k: frozenset(keys) for k, keys in KINDS.items()}

# --------------------------------------------------------------------------------------------
# The setup

def parse_players(value: Any, location: str = "players") -> list[str]:
    """MB-C1: two distinct names, Red's first."""
    return records.parse_players(value, location, counts=(2,), count_rule="MB-C1",
                                 count_key="medieval.error.player_count")


def parse_setup(doc: dict[str, Any]) -> dict[str, Any]:
    """The setup keys present, checked (their values as written: they are written back so)."""
    meta: dict[str, Any] = {}
    if "map" in doc:
        if doc["map"] not in MAPS:
            raise RuleError("MB-C7", "map", "medieval.error.map", value=str(doc["map"])[:40],
                            maps=", ".join(MAPS))
        meta["map"] = doc["map"]
    if "time_tokens" in doc:
        n = shape.integer(doc["time_tokens"], "time_tokens")
        if not 0 <= n <= MAX_TOKENS:
            raise RuleError("MB-C3", "time_tokens", "medieval.error.tokens", count=n, most=MAX_TOKENS)
        meta["time_tokens"] = n
    if "flags" in doc:
        flags = shape.obj(doc["flags"], "flags", doc["flags"] if isinstance(doc["flags"], dict) else ())
        if not flags:
            raise RuleError("MB-C8", "flags", "medieval.error.no_flags")
        for name, value in flags.items():
            where = f"flags{key_path(name)}"
            if not name.strip() or not name.isprintable():
                raise RuleError("MB-C8", where, "medieval.error.flag_name", name=json.dumps(name))
            if shape.integer(value, where) not in (1, 2):
                raise RuleError("MB-C8", where, "medieval.error.flag_value", flag=name, value=value)
        meta["flags"] = dict(flags)
    if "movement" in doc:
        movement = shape.obj(doc["movement"], "movement", (*UNIT_TYPES, BAGGAGE))
        for t, value in movement.items():
            if not 0 <= shape.integer(value, f"movement.{t}") <= MAX_MOVEMENT:
                raise RuleError("MB-C5", f"movement.{t}", "medieval.error.movement", unit=t,
                                value=value, most=MAX_MOVEMENT)
        meta["movement"] = dict(movement)
    if "variants" in doc:
        variants = shape.obj(doc["variants"], "variants", VARIANTS)
        meta["variants"] = {k: shape.boolean(v, f"variants.{k}") for k, v in variants.items()}
    if "cards" in doc:
        parse_cards(doc["cards"], "cards")  # checked here, built again by every replay
        meta["cards"] = doc["cards"]
    return meta


def start(players: list[str], meta: dict[str, Any]) -> MedievalState:
    """The state a record's setup describes."""
    return engine.new_state(
        players, meta.get("map", "standard"),
        parse_cards(meta["cards"]) if "cards" in meta else None, meta.get("flags"),
        meta.get("time_tokens", TIME_TOKENS), meta.get("movement"),
        meta.get("variants", {}).get("dismount", False))


# --------------------------------------------------------------------------------------------
# The entries

def _true(entry: dict[str, Any], key: str, location: str) -> None:
    if entry[key] is not True:
        raise shape.fail(f"{location}.{key}", "medieval.record.true", key=key,
                         got=json.dumps(entry[key])[:40])


def _strings(value: Any, location: str, key: str | None = None) -> tuple[str, ...]:
    """An array of strings (at ``location``, or its ``key``: the location is written only for an
    error)."""
    if type(value) is list:
        for v in value:
            if type(v) is not str:
                break
        else:
            return tuple(value)
    if key is not None:
        location = f"{location}.{key}"
    return tuple(shape.string(v, f"{location}[{i}]") for i, v in enumerate(shape.array(value, location)))


def _optional_string(entry: dict[str, Any], key: str, location: str) -> str | None:
    value = entry.get(key)
    if type(value) is str:
        return value
    return shape.string(value, f"{location}.{key}") if key in entry else None


def _card(entry: dict[str, Any], location: str) -> str | int | None:
    if "card" not in entry:
        return None
    value = entry["card"]
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise shape.fail(f"{location}.card", "medieval.cards.column_type",
                         got=shape.type_name(value))
    return value


def parse_army(value: Any, player: str, location: str) -> Recruit:
    army = shape.obj(value, location, value if isinstance(value, dict) else ())
    return Recruit(player, tuple((t, shape.integer(n, f"{location}.{t}")) for t, n in army.items()))


def parse_turn(value: Any, location: str) -> Action:
    """One entry of ``turns``: a play, a regroup, a pass, an answer or a pursuit."""
    if not isinstance(value, dict):
        shape.obj(value, location, ())
    for kind in KINDS:  # (the first key that names a kind: a play may have an ``attack``)
        if kind in value:
            break
    else:
        raise shape.fail(location, "medieval.record.entry_kind", kinds=", ".join(KINDS))
    entry = value
    if not value.keys() <= KIND_SETS[kind]:  # (``shape.obj`` names the unknown key)
        shape.obj(value, location, KINDS[kind])
    player = entry.get("player")
    if type(player) is not str:
        player = shape.string(shape.required(entry, "player", location), f"{location}.player")
    if kind == "pass":
        _true(entry, "pass", location)
        return Pass(player)
    if kind == "stand":
        _true(entry, "stand", location)
        return Stand(player, _card(entry, location))
    if kind == "stop":
        _true(entry, "stop", location)
        return Stop(player)
    if kind == "regroup":
        _true(entry, "regroup", location)
        return Regroup(player, _strings(entry.get("return", []), f"{location}.return"),
                       _strings(entry.get("enter", []), f"{location}.enter"))
    if kind == "withdraw":
        to = shape.string(entry["withdraw"], f"{location}.withdraw")
        distance = shape.integer(entry["distance"], f"{location}.distance") if "distance" in entry else None
        return Withdraw(player, to, distance, _optional_string(entry, "flag", location))
    if kind == "attack":
        target = shape.string(entry["attack"], f"{location}.attack")
        terrain = shape.string(shape.required(entry, "terrain", location), f"{location}.terrain")
        return Pursue(player, target, terrain, _card(entry, location))
    unit = entry["unit"]
    if type(unit) is not str:
        unit = shape.string(unit, f"{location}.unit")
    return Play(player, unit,
                path=_strings(entry.get("path", []), location, "path"),
                through=_strings(entry.get("through", []), location, "through"),
                origin=_optional_string(entry, "from", location),
                attack=_optional_string(entry, "attack", location),
                fire=_optional_string(entry, "fire", location),
                join=_optional_string(entry, "join", location),
                terrain=_optional_string(entry, "terrain", location),
                dismount=_optional_string(entry, "dismount", location),
                flag=_optional_string(entry, "flag", location),
                card=_card(entry, location))


class MedievalRecord(records.Record[MedievalState]):
    """``meta``: the record's optional setup keys as written (map, time_tokens, flags, movement,
    variants, cards)."""

    def replay(self, tracked: bool = True) -> tuple[MedievalState, list[Step]]:
        """The state where the record stops and the steps applied (``tracked=False``: no steps,
        for a caller that wants the state only)."""
        state = start(self.players, self.meta)
        doc = self.document
        armies = _by_player(doc, "armies", self.players)
        reserve = _by_player(doc, "reserve", self.players)
        turns = shape.array(doc.get("turns", []), "turns")
        read: dict[str, set[str]] = {"armies": set(), "reserve": set()}
        steps: list[Step] = []
        i = 0
        while (d := engine.decision(state)) is not None:
            if d.kind in (engine.RECRUIT, engine.RESERVE_KIND):
                section = "armies" if d.kind == engine.RECRUIT else "reserve"
                entries = armies if section == "armies" else reserve
                if d.player not in entries:
                    break
                location = f"{section}{key_path(d.player)}"
                raw = entries[d.player]
                if section == "armies":
                    action: Action = parse_army(raw, d.player, location)
                else:
                    action = Reserve(d.player, _strings(raw, location))
                read[section].add(d.player)
            else:
                if i >= len(turns):
                    break
                location = f"turns[{i}]"
                action = parse_turn(turns[i], location)
                i += 1
            try:  # (``records.apply_at``, with the decision already in hand; a refused entry
                # ends the replay, its state dropped: nothing to undo)
                engine.apply_decided(state, action, d, atomic=False)
            except RecordError as error:
                error.location = location + error.location
                raise
            if tracked:
                steps.append(Step(location, action))
        # what the record holds beyond where the rules stopped reading it
        for section, entries in (("armies", armies), ("reserve", reserve)):
            for name in self.players:
                if name in entries and name not in read[section]:
                    raise RuleError(_early_rule(section), f"{section}{key_path(name)}",
                                    "medieval.error.entry_too_early", section=section)
        if i < len(turns):
            if state.over:
                raise RuleError("MB-V3", f"turns[{i}]", "medieval.error.after_end")
            raise RuleError("MB-D4", f"turns[{i}]", "medieval.error.battle_too_early")
        return state, steps


def _early_rule(section: str) -> str:
    return "MB-R1" if section == "armies" else "MB-D2"


def _by_player(doc: dict[str, Any], key: str, players: list[str]) -> dict[str, Any]:
    return shape.obj(doc.get(key, {}), key, players)


def parse_record(document: Any) -> MedievalRecord:
    """Check the header (game, format, players, setup); the entries are read by ``replay``."""
    doc = shape.header(document, GAME, FORMAT, TOP_KEYS)
    players = parse_players(shape.required(doc, "players", "$"))
    meta = parse_setup(doc)
    corrections.read(doc, meta)  # the trail of corrections (issue 23): replay ignores it
    return MedievalRecord(players, meta, doc)


# --------------------------------------------------------------------------------------------
# Writing

def action_entry(action: Action) -> Any:
    """The record form of one entry (an army: its counts; a deployment: the units kept back;
    anything else: one element of ``turns``)."""
    if isinstance(action, Recruit):
        counts = action.counts()
        return {t: counts[t] for t in UNIT_TYPES if counts.get(t)}
    if isinstance(action, Reserve):
        return list(action.units)
    out: dict[str, Any] = {"player": action.player}
    if isinstance(action, Pass):
        out["pass"] = True
    elif isinstance(action, Stand):
        out["stand"] = True
        if action.card is not None:
            out["card"] = action.card
    elif isinstance(action, Stop):
        out["stop"] = True
    elif isinstance(action, Regroup):
        out["regroup"] = True
        if action.returns:
            out["return"] = list(action.returns)
        if action.enter:
            out["enter"] = list(action.enter)
    elif isinstance(action, Withdraw):
        out["withdraw"] = action.to
        for key in ("distance", "flag"):
            if getattr(action, key) is not None:
                out[key] = getattr(action, key)
    elif isinstance(action, Pursue):
        out.update({"attack": action.attack, "terrain": action.terrain})
        if action.card is not None:
            out["card"] = action.card
    else:
        out["unit"] = action.unit
        if action.dismount is not None:
            out["dismount"] = action.dismount
        if action.path:
            out["path"] = list(action.path)
        if action.through:
            out["through"] = list(action.through)
        for key, attr in (("from", "origin"), ("attack", "attack"), ("fire", "fire"),
                          ("join", "join"), ("terrain", "terrain"), ("flag", "flag"),
                          ("card", "card")):
            if getattr(action, attr) is not None:
                out[key] = getattr(action, attr)
    return out


def write_record(players: list[str], actions: Iterable[Action], meta: dict[str, Any] | None = None
                 ) -> dict[str, Any]:
    """The record (a JSON-ready dict): players, setup, armies, deployments and turns, in
    canonical order."""
    meta = meta or {}
    doc: dict[str, Any] = {"game": GAME, "format": FORMAT, "players": list(players)}
    for k in SETUP_KEYS:
        if k in meta:
            doc[k] = meta[k]
    armies: dict[str, Any] = {}
    reserve: dict[str, Any] = {}
    turns: list[Any] = []
    for action in actions:
        if isinstance(action, Recruit):
            armies[action.player] = action_entry(action)
        elif isinstance(action, Reserve):
            reserve[action.player] = action_entry(action)
        else:
            turns.append(action_entry(action))
    doc["armies"] = {n: armies[n] for n in players if n in armies}
    doc["reserve"] = {n: reserve[n] for n in players if n in reserve}
    doc["turns"] = turns
    corrections.write(doc, meta)
    return doc
