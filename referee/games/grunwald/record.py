"""Game record format 1 (``../shared/spec/grunwald-record.md``): parse, validate, replay, write.

Replay is driven by the engine: at every step it asks the engine what the table must enter next and
reads exactly that from the record.  So a record is read in the order the game happened, the first
bad entry (format or rule) is the one reported, and a record that stops part-way replays to the state
where it stops — but only where it truly stops: a missing choice with later entries after it is an
error, never a guess.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterable

from referee.core import shape
from referee.core.errors import RecordError, RuleError, key_path
from referee.core.game import Step
from referee.games.grunwald import engine
from referee.games.grunwald.actions import (
    FIELDS, HELPER, OFFICER, Action, Effect, Event, Feed, HelperPurchase, PayLosses, Pass, Place,
    Reveal, SkirmishCards,
)
from referee.games.grunwald.cards import parse_card
from referee.games.grunwald.state import (
    EVENT, FEEDING, HELPER_PURCHASE, LOSSES, OVER, PLACEMENT, REVEAL, ROUNDS, SKIRMISH,
    GrunwaldState,
)

GAME = "na-grunwald"
FORMAT = 1
META_KEYS = ("date", "place", "notes", "colors")
TOP_KEYS = ("game", "format", "players", *META_KEYS, "rounds", "feeding")
ROUND_KEYS = ("event", "reveal", "placements", "skirmish", "helper_purchase")
EFFECT_INTS = ("ducats", "provisions", "helpers")
EFFECT_CARDS = ("gain", "discard", "exhaust")
REVEAL_KEYS = ("crown", "mercenary", "provisions", "ducats", "teutons")



# --------------------------------------------------------------------------------------------
# Format checks (no rules yet: wrong types, unknown keys, missing keys)


# the format checks every game's reader shares (core.shape), under this module's old names
_fail, _type_name, _object, _list, _int, _str, _required = (
    shape.fail, shape.type_name, shape.obj, shape.array, shape.integer, shape.string, shape.required)


def parse_players(value: Any, location: str = "players") -> list[str]:
    """NG-C1: 2–4 distinct non-empty names in seating order."""
    players = _list(value, location)
    if not 2 <= len(players) <= 4:
        raise RuleError("NG-C1", location, "grunwald.error.player_count", count=len(players))
    seen: set[str] = set()
    for i, name in enumerate(players):
        _str(name, f"{location}[{i}]")
        if not name.strip():
            raise RuleError("NG-C1", f"{location}[{i}]", "grunwald.error.player_empty")
        if not name.isprintable():
            raise RuleError("NG-C1", f"{location}[{i}]", "grunwald.error.player_unprintable",
                            name=json.dumps(name))
        if name in seen:
            raise RuleError("NG-C1", f"{location}[{i}]", "grunwald.error.player_duplicate", name=name)
        seen.add(name)
    return list(players)


def parse_event(value: Any, location: str) -> Event:
    obj = _object(value, location, ("card", "effects"))
    card = _str(_required(obj, "card", location), f"{location}.card")
    effects = []
    for i, raw in enumerate(_list(obj.get("effects", []), f"{location}.effects")):
        loc = f"{location}.effects[{i}]"
        e = _object(raw, loc, ("player", *EFFECT_INTS, *EFFECT_CARDS))
        player = _str(_required(e, "player", loc), f"{loc}.player")
        if not any(k in e for k in (*EFFECT_INTS, *EFFECT_CARDS)):
            raise _fail(loc, "grunwald.record.effect_empty",
                        allowed=", ".join((*EFFECT_INTS, *EFFECT_CARDS)))
        ints = {k: _int(e[k], f"{loc}.{k}") for k in EFFECT_INTS if k in e}
        cards = {}
        for k in EFFECT_CARDS:
            if k in e:
                parse_card(e[k], f"{loc}.{k}", prefix=k != "gain")
                cards[k] = e[k]
        effects.append(Effect(player, **ints, **cards))
    return Event(card, tuple(effects))


def parse_reveal(value: Any, location: str) -> Reveal:
    obj = _object(value, location, REVEAL_KEYS)
    parts: dict[str, tuple[int, ...] | None] = {}
    for k in REVEAL_KEYS:
        if k not in obj:
            if k != "teutons":
                raise _fail(location, "core.record.missing_key", key=k)
            continue
        values = _list(obj[k], f"{location}.{k}")
        parts[k] = tuple(_int(v, f"{location}.{k}[{i}]") for i, v in enumerate(values))
    return Reveal(**parts)


_PLACE_KEYS = frozenset(("player", "field", "pawn", "count", "ducats"))
_FIELD_SET = frozenset(FIELDS)


def parse_placement(value: Any, location: str) -> Place | Pass:
    # The common, well-formed entry takes the short path; anything unusual gets the full checks.
    if type(value) is dict and value.keys() <= _PLACE_KEYS:
        player = value.get("player")
        field = value.get("field")
        pawn = value.get("pawn")
        count = value.get("count", 1)
        ducats = value.get("ducats", 0)
        if (type(player) is str and type(field) is str and field in _FIELD_SET
                and (pawn == OFFICER or pawn == HELPER)
                and type(count) is int and type(ducats) is int and ducats >= 0):
            return Place(player, field, pawn, count, ducats)
    if isinstance(value, dict) and "pass" in value:
        obj = _object(value, location, ("player", "pass"))
        if obj["pass"] is not True:
            raise _fail(f"{location}.pass", "grunwald.record.pass_true")
        return Pass(_str(_required(obj, "player", location), f"{location}.player"))
    obj = _object(value, location, ("player", "field", "pawn", "count", "ducats"))
    player = _str(_required(obj, "player", location), f"{location}.player")
    field = _str(_required(obj, "field", location), f"{location}.field")
    if field not in FIELDS:
        raise RuleError("NG-P5", f"{location}.field", "grunwald.record.bad_field", value=field,
                        allowed=", ".join(FIELDS))
    if "pawn" not in obj and obj.get("ducats"):
        raise RuleError("NG-P9", location, "grunwald.error.ducats_without_pawn")
    pawn = _str(_required(obj, "pawn", location), f"{location}.pawn")
    if pawn not in (OFFICER, HELPER):
        raise _fail(f"{location}.pawn", "grunwald.record.bad_pawn", value=pawn)
    count = _int(obj.get("count", 1), f"{location}.count")
    ducats = _int(obj.get("ducats", 0), f"{location}.ducats")
    if ducats < 0:
        raise _fail(f"{location}.ducats", "grunwald.record.negative", key="ducats", value=ducats)
    return Place(player, field, pawn, count, ducats)


def _string_map(value: Any, location: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _fail(location, "core.record.expected", expected="object", got=_type_name(value))
    return value


def _card_list(value: Any, location: str) -> tuple[str, ...]:
    items = _list(value, location)
    return tuple(_str(v, f"{location}[{i}]") for i, v in enumerate(items))


# --------------------------------------------------------------------------------------------
# Replay


@dataclass
class GrunwaldRecord:
    players: list[str]
    meta: dict[str, Any]
    document: dict[str, Any]

    def replay(self) -> tuple[GrunwaldState, list[Step]]:
        return _Replayer(self).run()

    def complete_output(self, colons: int | None = None) -> dict[str, Any] | None:
        """The replay output of a complete game that breaks no rule, read in one lean pass; ``None``
        for any other record (``replay()`` then gives its state or its error).  ``colons``: the
        document is unchecked for repeated keys (``jsonio.loads_counted``).  See ``lean``."""
        from referee.games.grunwald import lean

        return lean.complete_output(self.players, self.document, colons)


def parse_record(document: Any) -> GrunwaldRecord:
    """Check the header (game, format, players, keys); the rest is read while replaying."""
    doc = shape.header(document, GAME, FORMAT, TOP_KEYS)
    players = parse_players(_required(doc, "players", "$"))
    meta = {k: doc[k] for k in META_KEYS if k in doc}  # kept as written; replay ignores them
    return GrunwaldRecord(players, meta, doc)


def player_colors(meta: dict[str, Any]) -> dict[str, str]:
    """The usable part of the optional ``colors`` map (anything else in it is ignored)."""
    colors = meta.get("colors")
    if not isinstance(colors, dict):
        return {}
    return {k: v for k, v in colors.items() if isinstance(k, str) and isinstance(v, str)}


class _Stop(Exception):
    """The record ends here: a game in progress."""


class _Replayer:
    def __init__(self, record: GrunwaldRecord) -> None:
        self.doc = record.document
        self.state = engine.new_state(record.players)
        self.steps: list[Step] = []

    def apply(self, location: str, action: Action) -> None:
        try:
            engine.apply(self.state, action)
        except RecordError as exc:
            exc.location = location + exc.location
            raise
        self.steps.append(Step(location, action))

    def run(self) -> tuple[GrunwaldState, list[Step]]:
        rounds = _list(self.doc.get("rounds", []), "rounds")
        has_feeding = "feeding" in self.doc
        if len(rounds) > ROUNDS:
            raise RuleError("NG-R1", f"rounds[{ROUNDS}]", "grunwald.error.too_many_rounds",
                            count=len(rounds))
        try:
            for ri, rdoc in enumerate(rounds):
                last = ri == len(rounds) - 1 and not has_feeding
                self.round(ri, rdoc, last)
            if has_feeding:
                self.feeding()
        except _Stop:
            pass
        return self.state, self.steps

    # Each round: consume the entries the engine asks for, then make sure nothing is left over.
    def round(self, ri: int, rdoc: Any, last: bool) -> None:
        base = f"rounds[{ri}]"
        rdoc = _object(rdoc, base, ROUND_KEYS)
        s = self.state
        r = ri + 1
        if r == 1 and "event" in rdoc:
            raise RuleError("NG-R2", f"{base}.event", "grunwald.error.event_round_one")
        placements = _list(rdoc.get("placements", []), f"{base}.placements")
        skirmish = rdoc.get("skirmish")
        if skirmish is not None:
            skirmish = _object(skirmish, f"{base}.skirmish", ("cards", "losses"))
        used = {"placements": 0, "helper_purchase": False}

        def later(after: str) -> bool:
            """Does anything follow the entry ``after`` in this record?"""
            if not last:
                return True
            keys = ROUND_KEYS[ROUND_KEYS.index(after) + 1:] if after in ROUND_KEYS else ()
            return any(k in rdoc for k in keys)

        def missing(after: str, rule: str, key: str, location: str, **params: Any) -> None:
            if later(after):
                raise RuleError(rule, location, key, round=r, **params)
            raise _Stop

        while s.round == r and s.phase not in (FEEDING, OVER):
            phase = s.phase
            if phase == EVENT:
                if "event" not in rdoc:
                    missing("event", "NG-R2", "grunwald.error.event_missing", f"{base}.event")
                self.apply(f"{base}.event", parse_event(rdoc["event"], f"{base}.event"))
            elif phase == REVEAL:
                if "reveal" not in rdoc:
                    missing("reveal", "NG-R3", "grunwald.error.reveal_missing", f"{base}.reveal")
                self.apply(f"{base}.reveal", parse_reveal(rdoc["reveal"], f"{base}.reveal"))
            elif phase == PLACEMENT:
                k = used["placements"]
                if k >= len(placements):
                    who = s.names[s.turn]
                    missing("placements", "NG-P4", "grunwald.error.placements_unfinished",
                            f"{base}.placements", player=who)
                loc = f"{base}.placements[{k}]"
                used["placements"] = k + 1
                self.apply(loc, parse_placement(placements[k], loc))
                if s.phase != PLACEMENT and k + 1 < len(placements):
                    raise RuleError("NG-P4", f"{base}.placements[{k + 1}]",
                                    "grunwald.error.placement_after_end")
            elif phase == SKIRMISH:
                loc = f"{base}.skirmish"
                if skirmish is None or "cards" not in skirmish:
                    if skirmish is not None and "losses" in skirmish:
                        raise _fail(loc, "core.record.missing_key", key="cards")
                    missing("skirmish", "NG-S2", "grunwald.error.skirmish_missing", loc)
                cards = _string_map(skirmish["cards"], f"{loc}.cards")
                action = SkirmishCards(tuple((_str(k, f"{loc}.cards"), v) for k, v in cards.items()))
                self.apply(f"{loc}.cards", action)
                if s.phase == LOSSES:
                    self.losses(skirmish, loc, missing, later)
                elif "losses" in skirmish:
                    self.no_losses(skirmish["losses"], f"{loc}.losses", s.log[ri].skirmish["won"])
            elif phase == HELPER_PURCHASE:
                loc = f"{base}.helper_purchase"
                if "helper_purchase" not in rdoc:
                    d = engine.decision(s)
                    missing("helper_purchase", "NG-F8", "grunwald.error.helper_purchase_missing",
                            loc, player=d.player, price=d.price)
                value = rdoc["helper_purchase"]
                if not isinstance(value, bool):
                    raise _fail(loc, "core.record.expected", expected="boolean",
                                got=_type_name(value))
                used["helper_purchase"] = True
                self.apply(loc, HelperPurchase(value))
            else:  # pragma: no cover - LOSSES is consumed together with the cards
                raise AssertionError(phase)

        # Whatever this round still holds was not asked for by the rules.
        if used["placements"] < len(placements):
            k = used["placements"]
            raise RuleError("NG-P4", f"{base}.placements[{k}]", "grunwald.error.placement_after_end")
        if skirmish is not None and r < 4:
            raise RuleError("NG-R3", f"{base}.skirmish", "grunwald.error.skirmish_truce", round=r)
        if "helper_purchase" in rdoc and not used["helper_purchase"]:
            value = rdoc["helper_purchase"]
            if not isinstance(value, bool):
                raise _fail(f"{base}.helper_purchase", "core.record.expected",
                            expected="boolean", got=_type_name(value))
            if value:
                raise RuleError("NG-F8", f"{base}.helper_purchase", "grunwald.error.no_purchase")

    def losses(self, skirmish: dict[str, Any], loc: str, missing: Any, later: Any) -> None:
        s = self.state
        if "losses" not in skirmish:
            owed = s.skirmish.owed
            missing("skirmish", "NG-S4", "grunwald.error.losses_missing", f"{loc}.losses", owed=owed)
        losses = _string_map(skirmish["losses"], f"{loc}.losses")
        pending = {s.names[i] for i in s.skirmish.pending}
        for name, items in losses.items():
            where = f"{loc}.losses{key_path(name)}"
            if name not in s.index:
                raise RuleError("NG-C1", where, "grunwald.error.unknown_player", player=name,
                                players=", ".join(s.names))
            _card_list(items, where)
            if name not in pending and items:
                raise RuleError("NG-S4", where, "grunwald.error.losses_nothing_owed", player=name)
        # Each player's losses are their own affair: apply every entry present (start player
        # first); a record may stop with some still missing only if nothing follows.
        for i in list(s.skirmish.pending):
            name = s.names[i]
            if name in losses:
                self.apply(f"{loc}.losses{key_path(name)}", PayLosses(name, tuple(losses[name])))
        if s.phase == LOSSES:
            name = s.names[s.skirmish.pending[0]]
            if later("skirmish"):
                raise RuleError("NG-S4", f"{loc}.losses", "grunwald.error.losses_player_missing",
                                player=name, owed=s.skirmish.owed)
            raise _Stop

    def no_losses(self, losses: Any, loc: str, won: bool) -> None:
        """Losses listed where nobody owes anything: only empty lists are harmless."""
        s = self.state
        for name, items in _string_map(losses, loc).items():
            where = f"{loc}{key_path(name)}"
            if name not in s.index:
                raise RuleError("NG-C1", where, "grunwald.error.unknown_player", player=name,
                                players=", ".join(s.names))
            if _card_list(items, where):
                if won:
                    raise RuleError("NG-S4", loc, "grunwald.error.losses_when_won")
                raise RuleError("NG-S4", where, "grunwald.error.losses_nothing_owed", player=name)

    def feeding(self) -> None:
        s = self.state
        feeding = _string_map(self.doc["feeding"], "feeding")
        if s.phase not in (FEEDING, OVER):
            raise RuleError("NG-E1", "feeding", "grunwald.error.feeding_early")
        for name, items in feeding.items():
            where = f"feeding{key_path(name)}"
            if name not in s.index:
                raise RuleError("NG-C1", where, "grunwald.error.unknown_player", player=name,
                                players=", ".join(s.names))
            _card_list(items, where)
            if s.index[name] not in s.feeding_pending and items:
                p = s.player(name)
                raise RuleError("NG-E1", where, "grunwald.error.feeding_count", player=name,
                                need=max(0, p.knight_count() - p.provisions), got=len(items))
        for i in list(s.feeding_pending):
            name = s.names[i]
            if name in feeding:
                self.apply(f"feeding{key_path(name)}", Feed(name, tuple(feeding[name])))
        # short players not listed yet: the game is not complete (the record stops here)


# --------------------------------------------------------------------------------------------
# Writing


def _effect_dict(e: Effect) -> dict[str, Any]:
    out: dict[str, Any] = {"player": e.player}
    for k in EFFECT_INTS:
        if getattr(e, k):
            out[k] = getattr(e, k)
    for k in EFFECT_CARDS:
        if getattr(e, k) is not None:
            out[k] = getattr(e, k)
    if len(out) == 1:  # an effect that changes nothing still names what it (did not) change
        out["ducats"] = 0
    return out


def action_entry(action: Action) -> Any:
    """The record form of one action."""
    if isinstance(action, Place):
        out: dict[str, Any] = {"player": action.player, "field": action.field, "pawn": action.pawn}
        if action.pawn == HELPER:
            out["count"] = action.count
        if action.ducats:
            out["ducats"] = action.ducats
        return out
    if isinstance(action, Pass):
        return {"player": action.player, "pass": True}
    if isinstance(action, Event):
        return {"card": action.card, "effects": [_effect_dict(e) for e in action.effects]}
    if isinstance(action, Reveal):
        out = {k: list(getattr(action, k)) for k in REVEAL_KEYS if getattr(action, k) is not None}
        return out
    if isinstance(action, SkirmishCards):
        return dict(action.cards)
    if isinstance(action, (PayLosses, Feed)):
        return list(action.items if isinstance(action, PayLosses) else action.cards)
    if isinstance(action, HelperPurchase):
        return action.buy
    raise TypeError(action)


def write_record(players: list[str], actions: Iterable[Action], meta: dict[str, Any] | None = None
                 ) -> dict[str, Any]:
    """The record (a JSON-ready dict) of a game: the players, the metadata and its actions."""
    rounds: list[dict[str, Any]] = []
    feeding: dict[str, list[str]] = {}
    for a in actions:
        if isinstance(a, Event):
            rounds.append({"event": action_entry(a)})
        elif isinstance(a, Reveal):
            if not rounds or "reveal" in rounds[-1]:
                rounds.append({})
            rounds[-1]["reveal"] = action_entry(a)
        elif isinstance(a, (Place, Pass)):
            rounds[-1].setdefault("placements", []).append(action_entry(a))
        elif isinstance(a, SkirmishCards):
            rounds[-1]["skirmish"] = {"cards": action_entry(a)}
        elif isinstance(a, PayLosses):
            rounds[-1]["skirmish"].setdefault("losses", {})[a.player] = action_entry(a)
        elif isinstance(a, HelperPurchase):
            rounds[-1]["helper_purchase"] = a.buy
        elif isinstance(a, Feed):
            feeding[a.player] = action_entry(a)
    doc: dict[str, Any] = {"game": GAME, "format": FORMAT, "players": list(players)}
    for k in META_KEYS:
        if meta and k in meta:
            doc[k] = meta[k]
    doc["rounds"] = rounds
    if feeding:
        doc["feeding"] = feeding
    return doc
