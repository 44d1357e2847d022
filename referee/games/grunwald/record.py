"""Game record format 1 (``docs/spec/grunwald-record.md``): parse, validate, replay, write.

Replay is driven by the engine: at every step it asks the engine what the table must enter next and
reads exactly that from the record.  So a record is read in the order the game happened, the first
bad entry (format or rule) is the one reported, and a record that stops part-way replays to the state
where it stops — but only where it truly stops: a missing choice with later entries after it is an
error, never a guess.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from referee.core import fix as corrections
from referee.core import records, shape
from referee.core.colors import NAMES as COLOR_NAMES
from referee.core.colors import is_color
from referee.core.errors import RecordError, RuleError, key_path
from referee.core.game import Step
from referee.games.grunwald import engine
from referee.games.grunwald.actions import (
    FIELDS,
    HELPER,
    OFFICER,
    Action,
    Effect,
    Event,
    Feed,
    HelperPurchase,
    LaterEffect,
    Pass,
    PayLosses,
    Place,
    Reveal,
    SkirmishCards,
)
from referee.games.grunwald.cards import CARDS, LEAVING, parse_card
from referee.games.grunwald.state import (
    EVENT,
    FEEDING,
    HELPER_PURCHASE,
    LOSSES,
    OVER,
    PLACEMENT,
    REVEAL,
    ROUNDS,
    SKIRMISH,
    GrunwaldState,
)

GAME = "na-grunwald"
FORMAT = 1
META_KEYS = ("date", "place", "notes", "colors")
TOP_KEYS = ("game", "format", "players", *META_KEYS, "rounds", "feeding", corrections.KEY)
ROUND_KEYS = ("event", "reveal", "placements", "skirmish", "helper_purchase")
EFFECT_INTS = ("ducats", "provisions", "helpers")
EFFECT_CARDS = ("gain", "discard", "exhaust")
REVEAL_KEYS = ("crown", "mercenary", "provisions", "ducats", "teutons")



# --------------------------------------------------------------------------------------------
# Format checks (no rules yet: wrong types, unknown keys, missing keys)

def parse_players(value: Any, location: str = "players") -> list[str]:
    """NG-C1: 2–4 distinct non-empty names in seating order."""
    return records.parse_players(value, location, counts=(2, 3, 4), count_rule="NG-C1",
                                 count_key="grunwald.error.player_count")


def parse_event(value: Any, location: str) -> Event:
    """The event card and the effects entered at once (its ``later`` list: ``parse_later``)."""
    if type(value) is not dict or not _EVENT_KEYS.issuperset(value):
        value = shape.obj(value, location, ("card", "effects", "later"))
    card = value.get("card")
    if type(card) is not str:
        card = shape.string(shape.required(value, "card", location), f"{location}.card")
    effects = value.get("effects", _NONE)
    if type(effects) is not list:
        effects = shape.array(effects, f"{location}.effects")
    return Event(card, tuple([parse_effect(raw, f"{location}.effects[{i}]")
                              for i, raw in enumerate(effects)]))


def parse_later(value: Any, location: str) -> list[tuple[tuple[int, int], str, Effect, str]]:
    """The event's effects entered later in the round (the extension in
    ``docs/grunwald-record-extensions.md``): ``(rank, at, effect, location)`` in the round's order."""
    out = []
    last = (0, 0)
    for i, raw in enumerate(shape.array(value, location)):
        loc = f"{location}[{i}]"
        obj = shape.obj(raw, loc, ("at", "player", *EFFECT_INTS, *EFFECT_CARDS))
        at = shape.string(shape.required(obj, "at", loc), f"{loc}.at")
        rank = engine.position_rank(at)
        if rank is None:
            raise shape.fail(f"{loc}.at", "grunwald.record.later_at", value=at)
        if rank < last:
            raise RuleError("NG-R2", f"{loc}.at", "grunwald.error.later_order", at=at)
        last = rank
        out.append((rank, at, parse_effect({k: v for k, v in obj.items() if k != "at"}, loc), loc))
    return out


def parse_effect(raw: Any, loc: str) -> Effect:
    """One effect of an event card (the record's ``effects`` and ``later`` items)."""
    if type(raw) is not dict or not _EFFECT_KEYS.issuperset(raw):
        raw = shape.obj(raw, loc, ("player", *EFFECT_INTS, *EFFECT_CARDS))
    player = raw.get("player")
    if type(player) is not str:
        player = shape.string(shape.required(raw, "player", loc), f"{loc}.player")
    if len(raw) < 2:  # (the player alone)
        raise shape.fail(loc, "grunwald.record.effect_empty",
                         allowed=", ".join((*EFFECT_INTS, *EFFECT_CARDS)))
    ducats = raw.get("ducats", 0)
    if type(ducats) is not int:
        ducats = shape.integer(ducats, f"{loc}.ducats")
    provisions = raw.get("provisions", 0)
    if type(provisions) is not int:
        provisions = shape.integer(provisions, f"{loc}.provisions")
    helpers = raw.get("helpers", 0)
    if type(helpers) is not int:
        helpers = shape.integer(helpers, f"{loc}.helpers")
    gain = discard = exhaust = None
    if "gain" in raw:
        gain = raw["gain"]
        if type(gain) is not str or gain not in CARDS:
            parse_card(gain, f"{loc}.gain")
    if "discard" in raw:
        discard = raw["discard"]
        if type(discard) is not str or discard not in LEAVING:
            parse_card(discard, f"{loc}.discard", prefix=True)
    if "exhaust" in raw:
        exhaust = raw["exhaust"]
        if type(exhaust) is not str or exhaust not in LEAVING:
            parse_card(exhaust, f"{loc}.exhaust", prefix=True)
    return Effect(player, ducats, provisions, helpers, gain, discard, exhaust)


def parse_reveal(value: Any, location: str) -> Reveal:
    obj = shape.obj(value, location, REVEAL_KEYS)
    parts: dict[str, Any] = {}  # Reveal's keyword arguments: tuples of ints
    for k in REVEAL_KEYS:
        if k not in obj:
            if k != "teutons":
                raise shape.fail(location, "core.record.missing_key", key=k)
            continue
        values = shape.array(obj[k], f"{location}.{k}")
        parts[k] = tuple(shape.integer(v, f"{location}.{k}[{i}]") for i, v in enumerate(values))
    return Reveal(**parts)


_PLACE_KEYS = frozenset(("player", "field", "pawn", "count", "ducats"))
_PASS_KEYS = frozenset(("player", "pass"))
_FIELD_SET = frozenset(FIELDS)
_PAWNS = (OFFICER, HELPER)


def parse_placement(value: Any, location: str) -> Place | Pass:
    """A placement turn: a pawn placed (NG-P5 its field, NG-P9 no ducats without a pawn) or the
    pass.  Each check tests the common shape first (one type test, one lookup) and leaves anything
    else to the ``shape`` call that names it (``location`` may be ``""``: the caller prefixes)."""
    if type(value) is not dict or not _PLACE_KEYS.issuperset(value):
        if isinstance(value, dict) and "pass" in value:
            if not _PASS_KEYS.issuperset(value):
                shape.obj(value, location, ("player", "pass"))
            if value["pass"] is not True:
                raise shape.fail(f"{location}.pass", "grunwald.record.pass_true")
            player = value.get("player")
            if type(player) is not str:
                player = shape.string(shape.required(value, "player", location), f"{location}.player")
            return Pass(player)
        value = shape.obj(value, location, ("player", "field", "pawn", "count", "ducats"))
    player = value.get("player")
    if type(player) is not str:
        player = shape.string(shape.required(value, "player", location), f"{location}.player")
    field = value.get("field")
    if type(field) is not str or field not in _FIELD_SET:
        field = shape.string(shape.required(value, "field", location), f"{location}.field")
        if field not in FIELDS:
            raise RuleError("NG-P5", f"{location}.field", "grunwald.record.bad_field", value=field,
                            allowed=", ".join(FIELDS))
    pawn = value.get("pawn")
    if pawn not in _PAWNS:
        if "pawn" not in value and value.get("ducats"):
            raise RuleError("NG-P9", location, "grunwald.error.ducats_without_pawn")
        pawn = shape.string(shape.required(value, "pawn", location), f"{location}.pawn")
        raise shape.fail(f"{location}.pawn", "grunwald.record.bad_pawn", value=pawn)
    count = value.get("count", 1)
    if type(count) is not int:
        count = shape.integer(count, f"{location}.count")
    ducats = value.get("ducats", 0)
    if type(ducats) is not int or ducats < 0:
        ducats = shape.integer(ducats, f"{location}.ducats")
        if ducats < 0:
            raise shape.fail(f"{location}.ducats", "grunwald.record.negative", key="ducats",
                             value=ducats)
    return Place(player, field, pawn, count, ducats)


def string_map(value: Any, location: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise shape.fail(location, "core.record.expected", expected="object", got=shape.type_name(value))
    return value


def card_list(value: Any, location: str) -> tuple[str, ...]:
    """A list of cards as strings (a player's losses or knights given up; the rules read them)."""
    if type(value) is not list:
        value = shape.array(value, location)
    for i, v in enumerate(value):
        if type(v) is not str:
            shape.string(v, f"{location}[{i}]")
    return tuple(value)


# The keys each kind of entry may have (the common shape, tested at once)
_ROUND_KEY_SET = frozenset(ROUND_KEYS)
_EVENT_KEYS = frozenset(("card", "effects", "later"))
_EFFECT_KEYS = frozenset(("player", *EFFECT_INTS, *EFFECT_CARDS))
_REVEAL_KEY_SET = frozenset(REVEAL_KEYS)
_SKIRMISH_KEYS = frozenset(("cards", "losses"))
_NONE: list[Any] = []  # (an absent list of effects: never changed)
_PURCHASE = {True: HelperPurchase(True), False: HelperPurchase(False)}  # (immutable: built once)


# --------------------------------------------------------------------------------------------
# Replay


class GrunwaldRecord(records.Record[GrunwaldState]):
    def replay(self, tracked: bool = True) -> tuple[GrunwaldState, list[Step]]:
        """The state where the record stops and the steps applied (``RecordError`` on the first
        bad entry).  ``tracked=False`` (``replay --json``): an untracked state (no round logs, no
        card ledger: see ``state``) and no steps, the fastest replay; the same output and errors."""
        return _Replayer(self, tracked).run()


def parse_record(document: Any) -> GrunwaldRecord:
    """Check the header (game, format, players, keys); the rest is read while replaying."""
    doc = shape.header(document, GAME, FORMAT, TOP_KEYS)
    players = parse_players(shape.required(doc, "players", "$"))
    if "colors" in doc:
        parse_colors(doc["colors"], players)
    meta = {k: doc[k] for k in META_KEYS if k in doc}  # kept as written; replay ignores them
    corrections.read(doc, meta)  # the trail of corrections (issue 23): replay ignores it
    return GrunwaldRecord(players, meta, doc)


def parse_colors(value: Any, players: list[str]) -> dict[str, str]:
    """The optional ``colors``: a player's name → a colour of the list (``core.colors``: a name
    or ``#rrggbb``).  Anything else would reach the terminal as a style (a link, ``blink``)."""
    colors = shape.obj(value, "colors", players)
    for name, colour in colors.items():
        where = f"colors{key_path(name)}"
        shape.string(colour, where)
        if not is_color(colour):
            raise shape.fail(where, "core.record.bad_color", color=colour[:40],
                             names=", ".join(COLOR_NAMES[:6]))
    return colors


def player_colors(meta: dict[str, Any]) -> dict[str, str]:
    """The usable part of the optional ``colors`` map: only colours of the list, whatever a
    stored document holds."""
    colors = meta.get("colors")
    if not isinstance(colors, dict):
        return {}
    return {k: v for k, v in colors.items() if isinstance(k, str) and is_color(v)}


class _Stop(Exception):
    """The record ends here: a game in progress."""


class _Replayer:
    """One pass over the record: each entry is read and applied as the engine asks for it.

    Locations (``rounds[3].placements[7]``) are built only for an error, or for a step (tracked
    mode): a placement is read (``parse_placement``) and applied at a location relative to its
    entry, prefixed only when it fails.  The revealed cards are pushed by ``engine.push_reveal``,
    an event's effects by ``engine.push_effects``; only when a push refuses does the checked path
    (``parse_reveal``, ``parse_event``, ``engine.apply``) read the entry again and name the error.
    Nothing has changed by then, so the error is the one the checked path alone would give."""

    def __init__(self, record: GrunwaldRecord, tracked: bool = True) -> None:
        self.doc = record.document
        self.tracked = tracked
        self.state = engine.new_state(record.players, tracked)
        self.steps: list[Step] = []

    def apply(self, location: str, action: Action, name: str | None = None) -> None:
        """Apply one entry at ``location`` (followed by the key of player ``name``, if given)."""
        try:
            engine.apply(self.state, action)
        except RecordError as exc:
            if name is not None:
                location += key_path(name)
            exc.location = location + exc.location
            raise
        if self.tracked:
            self.steps.append(Step(location if name is None else location + key_path(name), action))

    def push(self, location: str, push: Any, *args: Any, name: str | None = None) -> None:
        """An entry at ``location`` (followed by the key of player ``name``, if given) pushed as
        the record holds it (untracked: no step to keep), by the engine function that is the
        action's rules."""
        try:
            push(self.state, *args)
        except RecordError as exc:
            if name is not None:
                location += key_path(name)
            exc.location = location + exc.location
            raise

    def event(self, loc: str, value: Any) -> None:
        """The event card: its effects pushed as the record writes them (``engine.push_effects``,
        untracked); from the first one the push refuses, the checked path (which reads the whole
        entry first, as it always does) applies the rest and names the error."""
        s = self.state
        done = 0
        if (not self.tracked and type(value) is dict and _EVENT_KEYS.issuperset(value)
                and type(value.get("card")) is str):
            effects = value.get("effects", [])
            if type(effects) is list:
                done = engine.push_effects(s, effects)
                if done == len(effects):
                    engine.end_event(s)
                    return
        action = parse_event(value, loc)
        if not done:
            self.apply(loc, action)
            return
        for i in range(done, len(action.effects)):  # (the effects before are applied)
            self.apply_effect(f"{loc}.effects[{i}]", action.effects[i])
        engine.end_event(s, action)

    def apply_effect(self, location: str, effect: Effect, at: str | None = None) -> None:
        """One effect of the event (``at``: entered later in the round, at that point)."""
        try:
            if at is None:
                engine.apply_effect(self.state, effect)
            else:
                engine.apply(self.state, LaterEffect(at, (effect,)))
        except RecordError as exc:
            if exc.location.startswith(".effects[0]"):
                exc.location = exc.location[len(".effects[0]"):]
            exc.location = location + exc.location
            raise

    def later_passed(self, item: tuple[tuple[int, int], str, Effect, str], r: int) -> None:
        """A later effect whose point of the round never came (or came before it is listed)."""
        raise RuleError("NG-R2", f"{item[3]}.at", "grunwald.error.later_never", at=item[1], round=r)

    def run(self) -> tuple[GrunwaldState, list[Step]]:
        rounds = self.doc.get("rounds", [])
        if type(rounds) is not list:
            shape.array(rounds, "rounds")
        has_feeding = "feeding" in self.doc
        if len(rounds) > ROUNDS:
            raise RuleError("NG-R1", f"rounds[{ROUNDS}]", "grunwald.error.too_many_rounds",
                            count=len(rounds))
        try:
            last_round = len(rounds) - 1
            for ri, rdoc in enumerate(rounds):
                self.round(ri, rdoc, ri == last_round and not has_feeding)
            if has_feeding:
                self.feeding()
        except _Stop:
            pass
        return self.state, self.steps

    # Each round: consume the entries the engine asks for, then make sure nothing is left over.
    def round(self, ri: int, rdoc: Any, last: bool) -> None:
        base = f"rounds[{ri}]"
        if type(rdoc) is not dict or not _ROUND_KEY_SET.issuperset(rdoc):
            rdoc = shape.obj(rdoc, base, ROUND_KEYS)
        s = self.state
        r = ri + 1
        if r == 1 and "event" in rdoc:
            raise RuleError("NG-R2", f"{base}.event", "grunwald.error.event_round_one")
        placements = rdoc.get("placements", [])
        if type(placements) is not list:
            shape.array(placements, f"{base}.placements")
        skirmish = rdoc.get("skirmish")
        if skirmish is not None and (type(skirmish) is not dict
                                     or not _SKIRMISH_KEYS.issuperset(skirmish)):
                skirmish = shape.obj(skirmish, f"{base}.skirmish", ("cards", "losses"))
        placed = 0
        purchase_used = False
        # The event's effects entered later in the round: applied when the round reaches them.
        queue: list[tuple[tuple[int, int], str, Effect, str]] = []
        queue_read = False

        def due(rank: tuple[int, int]) -> None:
            """Apply the later effects entered at the point ``rank`` of the round (one step for
            each run of them entered at one point); one whose point has passed is an error."""
            nonlocal queue, queue_read
            if not queue_read:
                queue_read = True
                ev = rdoc.get("event")
                if type(ev) is dict and "later" in ev:
                    queue = parse_later(ev["later"], f"{base}.event.later")
            if queue and queue[0][0] < rank:
                self.later_passed(queue[0], r)
            while queue and queue[0][0] == rank:
                at = queue[0][1]
                group = []
                while queue and queue[0][1] == at:
                    group.append(queue.pop(0))
                for _, _, effect, loc in group:
                    self.apply_effect(loc, effect, at)
                if self.tracked:
                    self.steps.append(Step(group[0][3], LaterEffect(at, tuple(g[2] for g in group))))

        def later(after: str) -> bool:
            """Does anything follow the entry ``after`` in this record?"""
            if not last or queue:
                return True
            keys = ROUND_KEYS[ROUND_KEYS.index(after) + 1:] if after in ROUND_KEYS else ()
            return any(k in rdoc for k in keys)

        def missing(after: str, rule: str, key: str, location: str, **params: Any) -> None:
            if later(after):
                raise RuleError(rule, location, key, round=r, **params)
            raise _Stop

        while s.round == r and s.phase not in (FEEDING, OVER):
            phase = s.phase
            if phase == PLACEMENT:
                placed = self.placements(base, placements, placed, missing, due)
            elif phase == EVENT:
                if "event" not in rdoc:
                    missing("event", "NG-R2", "grunwald.error.event_missing", f"{base}.event")
                self.event(f"{base}.event", rdoc["event"])
            elif phase == REVEAL:
                due((0, 0))
                if "reveal" not in rdoc:
                    missing("reveal", "NG-R3", "grunwald.error.reveal_missing", f"{base}.reveal")
                value = rdoc["reveal"]
                if (type(value) is dict and _REVEAL_KEY_SET.issuperset(value)
                        and engine.push_reveal(s, value)):
                    if self.tracked:
                        self.steps.append(Step(f"{base}.reveal", s.reveal))
                else:  # the checked path names the error (format first, then the rules)
                    self.apply(f"{base}.reveal", parse_reveal(value, f"{base}.reveal"))
            elif phase == SKIRMISH:
                due((2, 0))
                loc = f"{base}.skirmish"
                if skirmish is None or "cards" not in skirmish:
                    if skirmish is not None and "losses" in skirmish:
                        raise shape.fail(loc, "core.record.missing_key", key="cards")
                    missing("skirmish", "NG-S2", "grunwald.error.skirmish_missing", loc)
                cards = skirmish["cards"]
                if type(cards) is not dict:
                    cards = string_map(cards, f"{loc}.cards")
                for k in cards:
                    if type(k) is not str:
                        shape.string(k, f"{loc}.cards")
                if self.tracked:
                    self.apply(f"{loc}.cards", SkirmishCards(tuple(cards.items())))
                else:
                    self.push(f"{loc}.cards", engine.push_skirmish_cards, cards)
                if s.phase == LOSSES:
                    self.losses(skirmish, loc, missing, later, due)
                elif "losses" in skirmish:
                    self.no_losses(skirmish["losses"], f"{loc}.losses", s.skirmish_won)
            elif phase == HELPER_PURCHASE:
                due((4, 0))
                loc = f"{base}.helper_purchase"
                if "helper_purchase" not in rdoc:
                    d = engine.decision(s)
                    assert d is not None  # the helper purchase is due
                    missing("helper_purchase", "NG-F8", "grunwald.error.helper_purchase_missing",
                            loc, player=d.player, price=d.price)
                value = rdoc["helper_purchase"]
                if not isinstance(value, bool):
                    raise shape.fail(loc, "core.record.expected", expected="boolean",
                                     got=shape.type_name(value))
                purchase_used = True
                self.apply(loc, _PURCHASE[value])
            else:  # pragma: no cover - LOSSES is consumed together with the cards
                raise AssertionError(phase)

        # Whatever this round still holds was not asked for by the rules.
        if r > 1:
            due((5, 0))  # (a later effect left: its point never came)
        if placed < len(placements):
            raise RuleError("NG-P4", f"{base}.placements[{placed}]",
                            "grunwald.error.placement_after_end")
        if skirmish is not None and r < 4:
            raise RuleError("NG-R3", f"{base}.skirmish", "grunwald.error.skirmish_truce", round=r)
        if "helper_purchase" in rdoc and not purchase_used:
            value = rdoc["helper_purchase"]
            if not isinstance(value, bool):
                raise shape.fail(f"{base}.helper_purchase", "core.record.expected",
                                 expected="boolean", got=shape.type_name(value))
            if value:
                raise RuleError("NG-F8", f"{base}.helper_purchase", "grunwald.error.no_purchase")

    def placements(self, base: str, placements: list[Any], k: int, missing: Any, due: Any) -> int:
        """The placement turns from entry ``k`` to the end of the phase; returns the next entry.
        Each entry is read (``parse_placement``) and applied by the engine, which checks it."""
        s = self.state
        tracked = self.tracked
        total = len(placements)
        apply = engine.apply
        while s.phase == PLACEMENT:
            due((1, k))  # the later effects entered before this placement
            if k >= total:
                assert s.turn is not None  # set for the placement phase
                missing("placements", "NG-P4", "grunwald.error.placements_unfinished",
                        f"{base}.placements", player=s.names[s.turn])
            try:
                action = parse_placement(placements[k], "")
                apply(s, action)
            except RecordError as exc:  # (the location is written only when needed)
                exc.location = f"{base}.placements[{k}]" + exc.location
                raise
            if tracked:
                self.steps.append(Step(f"{base}.placements[{k}]", action))
            k += 1
        if k < total:
            raise RuleError("NG-P4", f"{base}.placements[{k}]", "grunwald.error.placement_after_end")
        return k

    def losses(self, skirmish: dict[str, Any], loc: str, missing: Any, later: Any, due: Any
               ) -> None:
        s = self.state
        assert s.skirmish is not None  # called in the losses phase
        if "losses" not in skirmish:
            owed = s.skirmish.owed
            missing("skirmish", "NG-S4", "grunwald.error.losses_missing", f"{loc}.losses", owed=owed)
        losses = skirmish["losses"]
        if type(losses) is not dict:
            losses = string_map(losses, f"{loc}.losses")
        pending = s.skirmish.pending
        index = s.index
        for name, items in losses.items():
            if name not in index:
                raise RuleError("NG-C1", f"{loc}.losses{key_path(name)}",
                                "grunwald.error.unknown_player", player=name,
                                players=", ".join(s.names))
            try:
                card_list(items, "")
            except RecordError as exc:  # (the location is written only when needed)
                exc.location = f"{loc}.losses{key_path(name)}" + exc.location
                raise
            if items and index[name] not in pending:
                raise RuleError("NG-S4", f"{loc}.losses{key_path(name)}",
                                "grunwald.error.losses_nothing_owed", player=name)
        # Each player's losses are their own affair: apply every entry present (start player
        # first); a record may stop with some still missing only if nothing follows.
        paid = 0
        for i in list(pending):
            name = s.names[i]
            if name in losses:
                due((3, paid))
                paid += 1
                if self.tracked:
                    self.apply(f"{loc}.losses", PayLosses(name, tuple(losses[name])), name)
                else:
                    self.push(f"{loc}.losses", engine.push_losses, name, losses[name], name=name)
        if s.phase == LOSSES:
            due((3, paid))
            name = s.names[s.skirmish.pending[0]]
            if later("skirmish"):
                raise RuleError("NG-S4", f"{loc}.losses", "grunwald.error.losses_player_missing",
                                player=name, owed=s.skirmish.owed)
            raise _Stop

    def no_losses(self, losses: Any, loc: str, won: bool) -> None:
        """Losses listed where nobody owes anything: only empty lists are harmless."""
        s = self.state
        for name, items in string_map(losses, loc).items():
            where = f"{loc}{key_path(name)}"
            if name not in s.index:
                raise RuleError("NG-C1", where, "grunwald.error.unknown_player", player=name,
                                players=", ".join(s.names))
            if card_list(items, where):
                if won:
                    raise RuleError("NG-S4", loc, "grunwald.error.losses_when_won")
                raise RuleError("NG-S4", where, "grunwald.error.losses_nothing_owed", player=name)

    def feeding(self) -> None:
        s = self.state
        feeding = self.doc["feeding"]
        if type(feeding) is not dict:
            feeding = string_map(feeding, "feeding")
        if s.phase not in (FEEDING, OVER):
            raise RuleError("NG-E1", "feeding", "grunwald.error.feeding_early")
        for name, items in feeding.items():
            if name not in s.index:
                raise RuleError("NG-C1", f"feeding{key_path(name)}", "grunwald.error.unknown_player",
                                player=name, players=", ".join(s.names))
            card_list(items, f"feeding{key_path(name)}")
            if items and s.index[name] not in s.feeding_pending:
                p = s.player(name)
                raise RuleError("NG-E1", f"feeding{key_path(name)}", "grunwald.error.feeding_count",
                                player=name, need=max(0, p.knight_count() - p.provisions),
                                got=len(items))
        for i in list(s.feeding_pending):
            name = s.names[i]
            if name in feeding:
                self.apply("feeding", Feed(name, tuple(feeding[name])), name)
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
        out = {"card": action.card, "effects": [_effect_dict(e) for e in action.effects]}
        if action.later:
            out["later"] = [{"at": at, **_effect_dict(e)} for at, e in action.later]
        return out
    if isinstance(action, LaterEffect):
        return [{"at": action.at, **_effect_dict(e)} for e in action.effects]
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
        elif isinstance(a, LaterEffect):
            rounds[-1]["event"].setdefault("later", []).extend(action_entry(a))
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
    corrections.write(doc, meta)
    return doc
