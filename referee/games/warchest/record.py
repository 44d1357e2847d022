"""Record format 1 of War Chest (``docs/rules/war-chest.md``): parse, replay, write.

The header is checked first; then the engine's ``decision()`` drives the reading: each decision
reads its entry (a deal, a pick, the initiative, a round's draws, a play, a follow-up in ``then``),
so the first bad entry is reported at its JSON location (``rounds[3].plays[4].then[0]``) with the
rule id and what was legal.  A record that stops part-way is a game in progress; nothing missing is
ever guessed, except a declined "may" (absent, WC-A14) and an untold draw (absent, WC-V3) when
later entries follow.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable
from typing import Any

from referee.core import fix as corrections
from referee.core import records, shape
from referee.core.errors import RecordError, RuleError, key_path
from referee.core.game import Step
from referee.games.warchest import engine
from referee.games.warchest.actions import (
    KINDS,
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
)
from referee.games.warchest.board import SIDES
from referee.games.warchest.units import COINS, FIRST_GAME, HISTORIC, METHODS, ROYAL, sort_coins

GAME = "war-chest"
FORMAT = 1
META_KEYS = ("date", "place", "notes")
TOP_KEYS = ("game", "format", *META_KEYS, "options", "players", "setup", "initiative", "rounds",
            "resigned", corrections.KEY)
PLAYER_KEYS = ("name", "side", "units")
HEX_KEYS = ("from", "at", "unit", "to", "target")
PLAY_KEYS = ("player", "action", "coin", *HEX_KEYS, "recruit", "absorb", "steps", "then", "comment")
THEN_KEYS = ("by", *PLAY_KEYS[1:])
STEP_KEYS = ("action", "from", "at", "to", "target", "absorb")
BY = ("swordsman", "berserker", "mercenary", "warrior_priest")
ATTR = {"from": "frm", "at": "at", "unit": "unit", "to": "to", "target": "target"}


# -------------------------------------------------------------------------------- header


def parse_players(value: Any) -> tuple[list[str], list[str]]:
    players = shape.array(value, "players")
    if len(players) not in (2, 4):
        raise RuleError("WC-C1", "players", "warchest.error.player_count", count=len(players))
    names, sides = [], []
    seen: set[str] = set()
    for i, entry in enumerate(players):
        where = f"players[{i}]"
        entry = shape.obj(entry, where, PLAYER_KEYS)
        name = records.check_name(shape.required(entry, "name", where), f"{where}.name", "WC-C1",
                                  seen)
        side = entry.get("side", SIDES[i % 2])
        if side not in SIDES:
            raise shape.fail(f"{where}.side", "warchest.record.side", got=json.dumps(side)[:40])
        names.append(name)
        sides.append(side)
    if sides[0] == sides[1] or (len(sides) == 4 and sides != [sides[0], sides[1]] * 2):
        raise RuleError("WC-4.1" if len(sides) == 4 else "WC-C7", "players", "warchest.error.sides")
    return names, sides


def parse_units(value: Any, where: str) -> tuple:
    units = shape.array(value, where)
    for j, u in enumerate(units):
        if shape.string(u, f"{where}[{j}]") not in COINS:
            raise shape.fail(f"{where}[{j}]", "warchest.record.unit", got=u[:40])
    return tuple(units)


def hex_value(value: Any, where: str):
    pair = shape.array(value, where)
    if len(pair) != 2:
        raise shape.fail(where, "warchest.record.hex", got=json.dumps(value)[:40])
    return (shape.integer(pair[0], f"{where}[0]"), shape.integer(pair[1], f"{where}[1]"))


def parse_maneuver(value: Any, where: str) -> Maneuver:
    entry = shape.obj(value, where, STEP_KEYS)
    action = shape.string(shape.required(entry, "action", where), f"{where}.action")
    if action not in ("move", "control", "attack"):
        raise shape.fail(f"{where}.action", "warchest.record.step_action", got=action[:40])
    unused_key(entry, action, None, where)  # (a Footman's step: the keys of its maneuver)
    hexes = {ATTR[k]: hex_value(entry[k], f"{where}.{k}") for k in ("from", "at", "to", "target")
             if k in entry}
    return Maneuver(action, absorb=absorb_value(entry, where), **hexes)


def absorb_value(entry: dict, where: str) -> bool:
    if "absorb" in entry and entry["absorb"] is not True:
        raise shape.fail(f"{where}.absorb", "warchest.record.absorb_true")
    return "absorb" in entry


#: the keys each action's entry may have besides player/by, action, coin, then and comment (the
#: digest's list; a tactic's depend on its coin, ``royal`` for the Royal Guard's)
USES = {"deploy": ("to",), "bolster": ("at",), "initiative": (), "recruit": ("recruit",), "pass": (),
        "move": ("from", "to"), "control": ("at",), "attack": ("from", "target", "absorb")}
TACTIC_USES = {"archer": ("from", "target", "absorb"), "crossbowman": ("from", "target", "absorb"),
               "cavalry": ("from", "to", "target", "absorb"), "lancer": ("from", "to", "target", "absorb"),
               "light_cavalry": ("from", "to"), ROYAL: ("from", "to"), "ensign": ("from", "unit", "to"),
               "marshall": ("from", "unit", "target", "absorb"), "footman": ("steps",)}
DATA_KEYS = ("from", "at", "unit", "to", "target", "recruit", "absorb", "steps")
BASE_KEYS = ("player", "by", "action", "coin", "then", "comment")
ALLOWED = {k: frozenset((*BASE_KEYS, *v)) for k, v in USES.items()}
TACTIC_ALLOWED = {k: frozenset((*BASE_KEYS, *v)) for k, v in TACTIC_USES.items()}


def unused_key(entry: dict, action: str, coin: Any, where: str) -> None:
    """A key the entry's action does not use (``from`` on a deploy, ``to`` on a pass) is refused:
    the record holds only what happened.  A tactic of a coin without one is left to the rules."""
    allowed = TACTIC_ALLOWED.get(coin) if action == "tactic" else ALLOWED.get(action)
    if allowed is None or entry.keys() <= allowed:  # (the entry's keys are all known already)
        return
    uses = TACTIC_USES[coin] if action == "tactic" else USES[action]
    for key in DATA_KEYS:
        if key in entry and key not in uses:
            what = action if action != "tactic" else f"{coin} tactic"
            raise shape.fail(f"{where}.{key}", "warchest.error.unused_key", key=key, what=what)

PLAY_SET, THEN_SET = frozenset(PLAY_KEYS), frozenset(THEN_KEYS)
COIN_SET = frozenset((*COINS, ROYAL))  # any coin


def parse_play(value: Any, where: str, player: str | None) -> tuple[Play, list]:
    """A play (``player`` None: the entry names it) or a follow-up (``by``), and its ``then``,
    with every shape checked and named (``shape``).  Each check tests the common shape first
    (one type test, one lookup) and leaves anything else to the ``shape`` call that names it."""
    if player is None:  # a play: the entry names its player
        if type(value) is not dict or not PLAY_SET.issuperset(value):
            shape.obj(value, where, PLAY_KEYS)
        player = value.get("player")
        if type(player) is not str:
            player = shape.string(shape.required(value, "player", where), f"{where}.player")
        by = None
    else:
        if type(value) is not dict or not THEN_SET.issuperset(value):
            shape.obj(value, where, THEN_KEYS)
        by = shape.string(shape.required(value, "by", where), f"{where}.by")
        if by not in BY:
            raise shape.fail(f"{where}.by", "warchest.record.by", got=by[:40], legal=", ".join(BY))
    action = value.get("action")
    try:
        spec = READS[action]  # (``None``: a tactic, read as its coin's)
    except (KeyError, TypeError):  # (not one of ``KINDS``, an array or an object included)
        action = shape.string(shape.required(value, "action", where), f"{where}.action")
        raise shape.fail(f"{where}.action", "warchest.record.action", got=action[:40],
                         legal=", ".join(KINDS)) from None
    coin = value.get("coin")
    if coin is None:
        if "coin" in value:  # (null: no coin)
            shape.string(coin, f"{where}.coin")
    elif type(coin) is not str or coin not in COIN_SET:
        text = shape.string(coin, f"{where}.coin")
        raise shape.fail(f"{where}.coin", "warchest.record.coin", got=text[:40])
    allowed, probes, recruits, stepped, absorbs = spec or TACTIC_READS.get(coin, ANY_READS)
    if not allowed.issuperset(value):
        unused_key(value, action, coin, where)
    frm = at = unit = to = target = None
    for k in probes:  # (the hex keys the action uses, in ``HEX_KEYS``' order)
        v = value.get(k)
        if v is None:
            if k != "target" and k in value:
                hex_value(v, f"{where}.{k}")
            continue
        if type(v) is list and len(v) == 2 and type(v[0]) is int and type(v[1]) is int:
            h = (v[0], v[1])
        else:
            h = hex_value(v, f"{where}.{k}")
        if k == "from":
            frm = h
        elif k == "to":
            to = h
        elif k == "at":
            at = h
        elif k == "target":
            target = h
        else:
            unit = h
    recruit: Any = None
    if recruits:
        recruit = value.get("recruit")
        if (recruit is not None or "recruit" in value) and (type(recruit) is not str or recruit not in COINS):
            shape.string(recruit, f"{where}.recruit")
            raise shape.fail(f"{where}.recruit", "warchest.record.unit", got=recruit[:40])
    steps: tuple = ()
    if stepped and "steps" in value:
        steps = tuple(parse_maneuver(s, f"{where}.steps[{j}]")
                      for j, s in enumerate(shape.array(value["steps"], f"{where}.steps")))
    then = value.get("then")
    if then is None:
        then = [] if "then" not in value else shape.array(then, f"{where}.then")
    elif type(then) is not list:
        shape.array(then, f"{where}.then")
    absorb = absorbs and "absorb" in value and absorb_value(value, where)
    return _tuple(Play, (player, action, coin, frm, to, at, unit, target, recruit, steps, absorb, by)), then


#: ``Play``'s own constructor, without the named tuple's ``__new__`` (every field given, in order)
_tuple = tuple.__new__


#: what ``parse_play`` reads of an entry of each action (``READS``) or of each coin's tactic
#: (``TACTIC_READS``): the keys it may hold (``ALLOWED``, ``TACTIC_ALLOWED``: ``unused_key``
#: names any other), the hex keys it uses (in ``HEX_KEYS``' order), and whether it uses
#: ``recruit``, ``steps``, ``absorb``; once ``unused_key`` has passed the entry, it holds no other


def reads(allowed: frozenset, uses: Iterable[str]) -> tuple[frozenset, tuple, bool, bool, bool]:
    uses = tuple(uses)
    return (allowed, tuple(key for key in HEX_KEYS if key in uses), "recruit" in uses,
            "steps" in uses, "absorb" in uses)


READS: dict[str, tuple | None] = {k: reads(ALLOWED[k], uses) for k, uses in USES.items()}
READS["tactic"] = None  # (``TACTIC_READS``)
assert READS.keys() == set(KINDS)  # (an action is valid if and only if ``READS`` has it)
TACTIC_READS: dict[str | None, tuple] = {k: reads(TACTIC_ALLOWED[k], uses)
                                         for k, uses in TACTIC_USES.items()}
#: a tactic of a coin without one: every key, left to the rules (``unused_key`` passes it)
ANY_READS = reads(PLAY_SET | THEN_SET, DATA_KEYS)


def parse_record(document: Any) -> WarChestRecord:
    """Check the header (game, format, players, options, setup, initiative); the entries are read
    by ``replay``."""
    doc = shape.header(document, GAME, FORMAT, TOP_KEYS)
    names, sides = parse_players(shape.required(doc, "players", "$"))
    meta: dict[str, Any] = {k: doc[k] for k in META_KEYS if k in doc}
    for k in META_KEYS:
        if k in meta:
            shape.string(meta[k], k)
    if "options" in doc:
        options = shape.obj(doc["options"], "options", ("royal_guard",))
        if "royal_guard" in options and options["royal_guard"] not in engine.ROYAL_GUARD_OPTIONS:
            raise RuleError("WC-U13", "options.royal_guard", "warchest.error.royal_guard_option",
                            got=json.dumps(options["royal_guard"])[:40])
        meta["options"] = dict(options)
    if "setup" in doc:
        setup = shape.obj(doc["setup"], "setup", ("method", "cards", "picks"))
        method = shape.string(shape.required(setup, "method", "setup"), "setup.method")
        if method not in METHODS:
            raise RuleError("WC-X5", "setup.method", "warchest.error.method", method=method[:40],
                            legal=", ".join(METHODS))
        if "picks" in setup and method != "draft":
            raise shape.fail("setup.picks", "warchest.record.picks_draft")
        meta["setup"] = {"method": method}
        if "cards" in setup:  # the draft's cards laid out (WC-X1, WC-X3), checked by the engine
            cards = shape.array(setup["cards"], "setup.cards")
            meta["setup"]["cards"] = [shape.string(c, f"setup.cards[{k}]") for k, c in enumerate(cards)]
        armies = FIRST_GAME if method == "first_game" else HISTORIC.get(method.partition(":")[2])
        if armies and len(names) == 2 and any(  # the record says who took which army (WC-X2, WC-X4)
                entry.get("units") == list(armies[1 - i]) for i, entry in enumerate(doc["players"])):
            meta["setup"]["first_army"] = 1
    meta["sides"] = sides
    if "initiative" in doc and shape.string(doc["initiative"], "initiative") not in names:
        raise RuleError("WC-C9", "initiative", "warchest.error.unknown_player", player=doc["initiative"][:40])
    if "resigned" in doc and shape.string(doc["resigned"], "resigned") not in names:
        raise RuleError("WC-V2", "resigned", "warchest.error.unknown_player", player=doc["resigned"][:40])
    for i, entry in enumerate(doc["players"]):
        if "units" in entry:
            parse_units(entry["units"], f"players[{i}].units")
    if guard_told_after_deal(doc, meta):  # an entry (``GuardCard``), read by the replay
        rest = {k: v for k, v in meta.pop("options").items() if k != "royal_guard"}
        if rest:
            meta["options"] = rest
    corrections.read(doc, meta)  # the trail of corrections (issue 23): replay ignores it
    return WarChestRecord(names, meta, doc)


def guard_told_after_deal(doc: dict, meta: dict) -> bool:
    """WC-U13: the record's ``options.royal_guard`` is the card told after the deal (dealt or
    chosen freely, a Royal Guard among every player's cards), read as an entry: the replay asks it
    there, and taking that entry back takes the option away."""
    method = (meta.get("setup") or {}).get("method") or "random"
    return ("royal_guard" in (meta.get("options") or {}) and method in engine.GUARD_AFTER_DEAL
            and all("units" in entry for entry in doc["players"])
            and any("royal_guard" in entry["units"] for entry in doc["players"]))


def setup_of(meta: dict) -> dict:
    setup = meta.get("setup") or {}
    return {"sides": meta.get("sides"), "method": setup.get("method"), "options": meta.get("options"),
            "first_army": setup.get("first_army", 0), "cards": setup.get("cards")}


# -------------------------------------------------------------------------------- replay


class WarChestRecord(records.Record[Any]):
    """``meta``: the record's setup and optional keys: sides, options, setup (method), date,
    place, notes."""

    def replay(self, tracked: bool = True) -> tuple[Any, list[Step]]:
        """The final state and the entries read (``tracked=False``: none, e.g. ``replay --json``).
        Tracked, the state also carries the entries applied and the record's setup
        (``state.entries``, ``state.meta``), so the summary and the exports can tell the game
        round by round (``summary.history``) without the state keeping a log of its own; a copy
        of the state (the live table's) does not carry them."""
        state, steps = Reader(self, tracked).run()
        if tracked:
            state.entries = [s.action for s in steps]
            state.meta = self.meta
        return state, steps


class Reader:
    def __init__(self, record: WarChestRecord, tracked: bool) -> None:
        self.record, self.doc, self.tracked = record, record.document, tracked
        self.steps: list[Step] = []
        self.rounds = shape.array(self.doc.get("rounds", []), "rounds")
        setup = self.doc.get("setup", {})
        self.picks = shape.array(setup.get("picks", []), "setup.picks")
        self.units_read = [False] * len(record.players)
        self.picks_read = 0
        self.initiative_read = False
        self.r = 0  # the round being read
        self.k = 0  # its next play
        self.frames: list = []  # [then list, next index, location] of the plays being read
        self.plays: list = []  # the plays of the round being read
        self.name_set = frozenset(record.players)
        self.key_paths = {name: key_path(name) for name in record.players}
        self.checked: set = set()  # rounds whose shape was checked
        self.draws: dict = {}  # the draws of the round being read (``draws_round``)
        self.draws_round = -1

    def push(self, action, where: str, d=None) -> None:
        try:
            engine.apply_decided(self.state, action, d)
        except RecordError as error:
            error.location = where + error.location
            raise
        if self.tracked:
            self.steps.append(Step(where, action))

    def run(self):
        meta = self.record.meta
        try:
            self.state = state = engine.new_state(self.record.players, setup_of(meta))
        except RecordError as error:
            raise error.with_location("setup" + error.location) from None
        self.check_fixed_units()
        names = self.record.players
        decision, read, read_play, read_draw = engine.decision, self.read, self.read_play, self.read_draw
        while True:
            d = decision(state)
            if d is None:
                break
            kind = d.kind
            if not (read_play(d) if kind == "play" else read_draw(d, names) if kind == "draw"
                    else read(d, names)):
                break
        if decision(state) is None:
            self.unread_then()
        self.leftovers(decision(state))
        return state, self.steps

    def round_doc(self, r: int) -> dict | None:
        if r >= len(self.rounds):
            return None
        if r not in self.checked:
            shape.obj(self.rounds[r], f"rounds[{r}]", ("draws", "plays", "comment"))
            shape.array(self.rounds[r].get("plays", []), f"rounds[{r}].plays")
            self.checked.add(r)
        return self.rounds[r]

    def later(self) -> bool:
        """Plays after the current one, in this round or a later one (a resignation is not one:
        see ``read_then``)."""
        rd = self.round_doc(self.r)
        plays = shape.array(rd.get("plays", []), f"rounds[{self.r}].plays") if rd else []
        return self.k < len(plays) or self.r + 1 < len(self.rounds)

    def read(self, d, names) -> bool:
        kind = d.kind
        if kind == "play":
            return self.read_play(d)
        if kind == "then":
            return self.read_then(d)
        if kind == "draw":
            return self.read_draw(d, names)
        return self.read_setup(d, names)

    def read_play(self, d) -> bool:
        """A turn, then the next ones while the game asks for a turn (a round's plays read in one
        loop); a play's follow-ups, the round's end or the game's go back to ``run``."""
        if self.frames:
            self.unread_then()
            self.frames = []
        plays, state, decision, apply = self.plays, self.state, engine.decision, engine.apply_decided
        k = self.k
        while True:
            if k >= len(plays):
                if "resigned" in self.doc and self.r + 1 >= len(self.rounds):
                    self.push(Resign(self.doc["resigned"]), "resigned")
                    return True
                return False
            self.k = k + 1
            try:  # (the entry's location written only for an error, as ``push`` writes it)
                action, then = parse_play(plays[k], "", None)
                if then:
                    self.frames = [[then, 0, f"rounds[{self.r}].plays[{k}].then"]]
                apply(state, action, d)
            except RecordError as error:
                error.location = f"rounds[{self.r}].plays[{k}]" + error.location
                raise
            if self.tracked:
                self.steps.append(Step(f"rounds[{self.r}].plays[{k}]", action))
            if then:
                return True
            d = decision(state)
            if d is None or d.kind != "play":
                return True
            k += 1

    def read_draw(self, d, names) -> bool:
        doc = self.doc
        r = self.state.round - 1
        if r != self.draws_round:  # the round's first draw: its document is read once
            if self.frames:
                self.unread_then()
            self.r, self.k, self.frames = r, 0, []
            rd = self.round_doc(r)
            if rd is None:  # WC-V2: a resignation between rounds (every hand empty)
                if "resigned" in doc and r == len(self.rounds):
                    self.push(Resign(doc["resigned"]), "resigned")
                    return True
                return False
            self.plays = rd.get("plays", [])
            draws = rd.get("draws", {})
            if type(draws) is not dict or not draws.keys() <= self.name_set:
                shape.obj(draws, f"rounds[{r}].draws", names)
            self.draws, self.draws_round = draws, r
        draws = self.draws
        player = d.player
        value = draws.get(player, _ABSENT)
        if value is None:
            coins = None
        elif value is _ABSENT:
            after = names.index(player) + 1
            if not (any(n in draws for n in names[after:]) or self.plays or r + 1 < len(self.rounds)
                    or "resigned" in doc):
                return False
            coins = None
        else:
            try:  # (a short list of coin ids, strings: the cache keeps only small keys)
                coins = drawn_coins(tuple(value)) if type(value) is list and len(value) < 8 else None
            except TypeError:  # (an unhashable item: not a coin id)
                coins = None
            if coins is None:
                coins = sort_coins(parse_coins(value, self.draw_where(player)))
        action = _tuple(Draw, (player, coins))
        try:  # (``push``, inline; the location is written only when needed)
            engine.apply_decided(self.state, action, d)
        except RecordError as error:
            error.location = self.draw_where(player) + error.location
            raise
        if self.tracked:
            self.steps.append(Step(self.draw_where(player), action))
        return True

    def draw_where(self, name: str) -> str:
        return f"rounds[{self.r}].draws{self.key_paths[name]}"

    def read_setup(self, d, names) -> bool:
        doc = self.doc
        if d.kind == "units":
            i = names.index(d.player)
            entry = doc["players"][i]
            if "units" not in entry:
                return False
            self.units_read[i] = True
            self.push(Deal(d.player, parse_units(entry["units"], f"players[{i}].units")),
                      f"players[{i}].units")
            return True
        if d.kind == "royal_guard":  # WC-U13, told after the deal (``options.royal_guard``)
            card = (doc.get("options") or {}).get("royal_guard")
            if card is None and not ("initiative" in doc or self.rounds or "resigned" in doc):
                return False  # not told yet: the game waits for it
            self.push(GuardCard(card), "options.royal_guard")  # (absent, later entries: base)
            return True
        if d.kind == "first_picker":
            if "initiative" not in doc:
                return False
            self.initiative_read = True
            second = names.index(doc["initiative"])
            self.push(FirstPicker(names[(second - 1) % len(names)]), "initiative")
            return True
        if d.kind == "pick":
            j = self.picks_read
            if j >= len(self.picks):
                return False
            unit = shape.string(self.picks[j], f"setup.picks[{j}]")
            self.picks_read += 1
            self.push(Pick(d.player, unit), f"setup.picks[{j}]")
            return True
        if d.kind == "initiative":
            if "initiative" not in doc:
                return False
            self.initiative_read = True
            self.push(Flip(doc["initiative"]), "initiative")
            return True
        raise AssertionError(d.kind)

    def read_then(self, d) -> bool:
        """A follow-up."""
        doc = self.doc
        frame: list[Any] = self.frames[-1] if self.frames else [[], 0, f"rounds[{self.r}].plays[{self.k - 1}].then"]
        then, j, base = frame
        if j >= len(then):
            if not self.later():
                # a resignation ends the game at once (WC-V2), a follow-up still due or not: as
                # ``engine.apply`` takes it, declining or using nothing
                if "resigned" in doc:
                    self.push(Resign(doc["resigned"]), "resigned")
                    return True
                return False
            if not d.optional:
                raise RuleError("WC-U16", base or f"rounds[{self.r}].plays[{self.k - 1}]",
                                "warchest.error.must_use", player=d.player)
            self.push(Done(d.player), base)
            return True
        where = f"{base}[{j}]"
        frame[1] += 1
        action, inner = parse_play(then[j], where, d.player)
        if action.by == "warrior_priest":
            self.frames.append([inner, 0, where + ".then"])
        elif inner:
            raise shape.fail(f"{where}.then", "warchest.record.nested_then")
        self.push(action, where, d)
        return True

    def unread_then(self) -> None:
        """WC-A14: a follow-up that nothing triggered (or after its trigger was used up)."""
        for then, j, base in self.frames:
            if j < len(then):
                by = then[j].get("by", "-") if isinstance(then[j], dict) else "-"
                raise RuleError("WC-A14", f"{base}[{j}]", "warchest.error.no_trigger", by=str(by)[:40],
                                legal=engine.legal_text(self.state, None))

    def check_fixed_units(self) -> None:
        method = self.state.method
        for i, entry in enumerate(self.doc["players"]):
            if "units" in entry and (method == "first_game" or method.startswith("historic:")):
                self.units_read[i] = True
                if tuple(entry["units"]) != tuple(self.state.players[i].units):
                    raise RuleError("WC-X2" if method == "first_game" else "WC-X4", f"players[{i}].units",
                                    "warchest.error.fixed_units", units=", ".join(self.state.players[i].units))
        if method == "first_game" and "initiative" in self.doc:
            self.initiative_read = True
            holder = self.record.players[self.state.initiative]  # player A (WC-X2)
            if self.doc["initiative"] != holder:
                raise RuleError("WC-X2", "initiative", "warchest.error.first_initiative_a"
                                if self.state.initiative else "warchest.error.first_initiative", player=holder)

    def leftovers(self, d) -> None:
        """An entry the replay did not reach: after the end, or after a missing one."""
        rule, key = ("WC-V1", "warchest.error.after_end") if d is None else (
            engine.EXPECTED[d.kind][1], "warchest.record.missing")
        params = {"expected": d.kind if d else "", "player": (d.player or "") if d else ""}
        state, doc = self.state, self.doc
        if state.method == "draft":
            for i, entry in enumerate(doc["players"]):
                if "units" in entry and list(entry["units"]) != state.players[i].units:
                    raise RuleError("WC-X1" if len(state.players) == 2 else "WC-X3",
                                    f"players[{i}].units", "warchest.error.draft_units",
                                    units=", ".join(state.players[i].units) or "-")
            if self.picks_read < len(self.picks):
                raise RuleError(rule, f"setup.picks[{self.picks_read}]", key, **params)
        else:
            for i, entry in enumerate(doc["players"]):
                if "units" in entry and not self.units_read[i]:
                    raise RuleError(rule, f"players[{i}].units", key, **params)
        if "initiative" in doc and not self.initiative_read:
            if state.method == "draft" or state.initiative is None:
                raise RuleError(rule, "initiative", key, **params)
            self.initiative_read = True
        if state.phase == "setup":
            if self.rounds:
                raise RuleError(rule, "rounds[0]", key, **params)
            return
        if state.resigned is not None:
            return
        r = self.r
        rd = self.round_doc(r)
        if rd is not None:
            for name in (rd.get("draws") or {}):
                if name in state.names and state.round - 1 == r and state.phase == "draw" and \
                        state.names.index(name) > state.drawn:
                    raise RuleError(rule, f"rounds[{r}].draws{key_path(name)}", key, **params)
            plays = rd.get("plays", [])
            if self.frames and self.frames[-1][1] < len(self.frames[-1][0]):
                raise RuleError(rule, f"{self.frames[-1][2]}[{self.frames[-1][1]}]", key, **params)
            if self.k < len(plays):
                raise RuleError(rule, f"rounds[{r}].plays[{self.k}]", key, **params)
        if r + 1 < len(self.rounds):
            if d is not None and d.kind == "play":
                raise RuleError("WC-T6", f"rounds[{r + 1}]", "warchest.error.round_not_over",
                                player=d.player)
            raise RuleError(rule, f"rounds[{r + 1}]", key, **params)
        if "resigned" in doc:
            raise RuleError(rule, "resigned", key, **params)


_ABSENT = object()  # (a player the round's draws leave out)


@functools.lru_cache(maxsize=4096)
def drawn_coins(coins: tuple) -> tuple | None:
    """The coins of a draw, sorted, if every one is a coin id (else ``None``: ``parse_coins``
    names the first that is not).  Cached: a game's draws repeat the same few hands."""
    return sort_coins(coins) if COIN_SET.issuperset(coins) else None


def parse_coins(value: Any, where: str) -> list[str]:
    coins = shape.array(value, where)
    for j, c in enumerate(coins):
        if shape.string(c, f"{where}[{j}]") not in COINS and c != ROYAL:
            raise shape.fail(f"{where}[{j}]", "warchest.record.coin", got=c[:40])
    return coins


# -------------------------------------------------------------------------------- write


def hex_list(h) -> list[int] | None:
    return None if h is None else [h[0], h[1]]


def action_entry(action) -> dict[str, Any] | None:
    """The record form of a play or a follow-up (``None`` for what the record leaves out)."""
    if not isinstance(action, Play):
        return None
    out: dict[str, Any] = {"by": action.by} if action.by else {"player": action.player}
    out["action"] = action.action
    if action.coin is not None:
        out["coin"] = action.coin
    for key in HEX_KEYS:
        value = getattr(action, ATTR[key])
        if value is not None or (key == "target" and action.action == "tactic" and action.coin == "marshall"):
            out[key] = hex_list(value)
    if action.recruit is not None:
        out["recruit"] = action.recruit
    if action.absorb:
        out["absorb"] = True
    if action.steps:
        out["steps"] = [step_entry(m) for m in action.steps]
    return out


def step_entry(m: Maneuver) -> dict[str, Any]:
    out: dict[str, Any] = {"action": m.action}
    for key in ("from", "at", "to", "target"):
        value = getattr(m, ATTR[key])
        if value is not None:
            out[key] = hex_list(value)
    if m.absorb:
        out["absorb"] = True
    return out


def write_record(players: list[str], actions: Iterable[Any], meta: dict[str, Any] | None = None
                 ) -> dict[str, Any]:
    """The record (a JSON-ready dict) of these entries, in canonical order."""
    meta = meta or {}
    n = len(players)
    sides = list(meta.get("sides") or engine.default_sides(n))
    method = (meta.get("setup") or {}).get("method")
    units: list[list[str]] = [[] for _ in players]
    first = (meta.get("setup") or {}).get("first_army", 0)
    if method == "first_game":
        units = [list(u) for u in (FIRST_GAME[::-1] if first else FIRST_GAME)]
    elif method and method.startswith("historic:"):
        armies = HISTORIC[method.split(":")[1]]
        units = [list(u) for u in (armies[::-1] if first else armies)]
    picks: list[str] = []
    initiative = players[first] if method == "first_game" else None
    rounds: list[dict] = []
    untold: list[list[str]] = []
    containers: list[dict[str, Any]] = []
    resigned = None
    options = dict(meta["options"]) if "options" in meta else None
    for a in actions:
        a = a.action if isinstance(a, Step) else a
        if isinstance(a, Deal):
            units[players.index(a.player)] = list(a.units)
        elif isinstance(a, GuardCard):
            if a.card is not None:  # (``None``: the record did not say; it still does not)
                options = {**(options or {}), "royal_guard": a.card}
        elif isinstance(a, FirstPicker):
            initiative = players[(players.index(a.player) + 1) % n]
        elif isinstance(a, Pick):
            picks.append(a.unit)
            units[players.index(a.player)].append(a.unit)
        elif isinstance(a, Flip):
            initiative = a.player
        elif isinstance(a, Draw):
            if a.player == players[0] or not rounds:
                rounds.append({"draws": {}, "plays": []})
                untold.append([])
            if a.coins is None:
                untold[-1].append(a.player)
                rounds[-1]["draws"][a.player] = None
            else:
                rounds[-1]["draws"][a.player] = list(a.coins)
        elif isinstance(a, Resign):
            resigned = a.player
        elif isinstance(a, Play):
            entry = action_entry(a)
            assert entry is not None  # a play has its record form
            if a.by is None:
                rounds[-1]["plays"].append(entry)
                containers = [entry]
            else:
                containers[-1].setdefault("then", []).append(entry)
                if a.by == "warrior_priest":
                    containers.append(entry)
    doc: dict[str, Any] = {"game": GAME, "format": FORMAT}
    for k in META_KEYS:
        if k in meta:
            doc[k] = meta[k]
    if options is not None:
        doc["options"] = options
    doc["players"] = [{"name": name, "side": side, **({"units": u} if u else {})}
                      for name, side, u in zip(players, sides, units)]
    if method:
        cards = (meta.get("setup") or {}).get("cards")
        doc["setup"] = {"method": method, **({"cards": list(cards)} if cards is not None else {}),
                        **({"picks": picks} if method == "draft" else {})}
    if initiative is not None:
        doc["initiative"] = initiative
    for rd, names in zip(rounds, untold):
        if rd["plays"]:
            for name in names:
                del rd["draws"][name]
        if not rd["draws"]:
            del rd["draws"]
    doc["rounds"] = rounds
    if resigned is not None:
        doc["resigned"] = resigned
    corrections.write(doc, meta)
    return doc
