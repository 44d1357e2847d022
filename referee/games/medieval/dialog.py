"""The live referee's questions for Medieval Battle, built from the engine's options
(``engine.free_form`` for a turn, ``engine.legal_actions`` for an answer or a pursuit).

``ask(state, t, colors, hints)`` is a dialog (``referee.core.dialog``): it yields questions and
returns the entry to record, or ``UNDO``.  The referee cannot see the map: it asks only what
decides a result — the unit and what it does, the terrain of each hex it enters, the terrains of
a fight, the flag it ends on, a card column nobody entered yet.  Strengths, movement points and
every advantage factor (numbers, height, terrain, cover) follow from what it knows.  Pure: no UI
library, no printing.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from referee.core.dialog import (
    BACK,
    UNDO,
    Choice,
    Confirm,
    Dialog,
    Invalid,
    Notice,
    Public,
    Secret,
    Select,
    Text,
    private,
)
from referee.core.errors import RuleError
from referee.core.report import Line, wrap_words
from referee.core.text import Catalog
from referee.games.medieval import engine
from referee.games.medieval.actions import (
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
from referee.games.medieval.cards import FIRE, MELEE, card_of, fire_column_ok, icon_of, outcome_text
from referee.games.medieval.names import knights, terrain_name, unit_label, unit_name, unit_short
from referee.games.medieval.output import progress
from referee.games.medieval.state import MedievalState, Unit
from referee.games.medieval.units import (
    BAGGAGE,
    BUDGET,
    DEFAULT_FLAGS,
    ENTRY_COST,
    MAPS,
    MAX_MOVEMENT,
    OFF_MAP,
    TERRAINS,
    TIME_TOKENS,
    UNIT_TYPES,
    UNITS,
    army_cost,
    dismounted_movement,
    may_stand,
)
from referee.games.medieval.view import live_board


def terrain_keys(t: Catalog) -> dict[str, str]:
    """The letter typed for each terrain, in the table's language (``p f h m``, ``r l w g``)."""
    return dict(zip(TERRAINS, t("medieval.play.terrain_letters")))

_ARMY = re.compile(r"(\d+)\s*[x×*]?\s*([a-z]{2})|([a-z]{2})\s*[x×*=:]?\s*(\d+)")
UNDO_WORDS = ("u", "undo", "cofnij")


def is_secret(action: Any) -> bool:
    """MB-R1: armies are chosen in secret; taking one back after both are revealed needs every
    player's agreement."""
    return isinstance(action, Recruit)


def block(first: str, *lines: str, answer_below: bool = False, hang: bool = True) -> str:
    """A question readable at 80 columns: its first line, then each further line indented and
    wrapped; ``answer_below``: the answer is typed on a line of its own; ``hang``: a further
    line's continuation is indented 2 more (to tell several lines apart), else aligned with it."""
    out = wrap_words(first, 76, subsequent_indent="  ") or [first]
    for line in lines:
        out += wrap_words(line, 76, initial_indent="  ", subsequent_indent="    " if hang else "  ")
    return "\n".join(out) + ("\n  " if answer_below else "")


def _undo(t: Catalog) -> Choice:
    return Choice(t("medieval.play.undo"), UNDO, "u")


def _back(t: Catalog) -> Choice:
    return Choice(t("medieval.play.back"), BACK, "b")


# --------------------------------------------------------------------------------------------
# setup


def setup(t: Catalog, players: list[str] | None = None) -> Dialog:
    """The map (MB-C7), the time tokens (MB-C3) and the optional dismounting rule (MB-O1), as
    the record's setup keys (only what differs from the defaults)."""
    out: dict[str, Any] = {}
    size = yield Select("medieval.setup.map", t("medieval.setup.map"),
                        [Choice(t(f"medieval.setup.map_{m}"), m, m[0]) for m in MAPS])
    if size != "standard":
        out["map"] = size
    standard = yield Confirm("medieval.setup.tokens", t("medieval.setup.tokens", n=TIME_TOKENS),
                             default=True)
    if not standard:
        out["time_tokens"] = yield Text("medieval.setup.tokens_count",
                                        t("medieval.setup.tokens_count"), _number(t, 0, 20))
    movement = yield from _movement(t)
    if movement:
        out["movement"] = movement
    flags = yield from _flags(t, size)
    if flags is not None:
        out["flags"] = flags
    if (yield Confirm("medieval.setup.dismount", t("medieval.setup.dismount"), default=False)):
        out["variants"] = {"dismount": True}
    return out


_SETTING = re.compile(r"([a-z0-9_]+)\s*[=:]?\s*(\d+)")


def _settings(text: str) -> list[tuple[str, int]] | None:
    """``LC 4, HA 4`` / ``edge1=1 centre1=2`` as (name, number) pairs; ``None``: not that form."""
    text = text.strip().lower()
    rest = _SETTING.sub("", text).replace(",", " ").replace(";", " ").strip()
    if rest or not text:
        return None
    return [(m.group(1), int(m.group(2))) for m in _SETTING.finditer(text)]


def _movement(t: Catalog) -> Dialog:
    """MB-C5: the movement points per unit type the referee assumes (the dots on the counters:
    the book states only the baggage's 1; HC 4 and LB 3 come from its examples) are shown, and
    the table may change them (the record's ``movement``).  Returns the changed ones."""
    from referee.games.medieval.record import parse_setup

    assumed = engine.default_movement()
    letters = {**{u.abbr.lower(): n for n, u in UNITS.items()}, "bg": BAGGAGE}
    shown = ", ".join(f"{UNITS[u].abbr} {assumed[u]}" for u in UNIT_TYPES) + f", BG {assumed[BAGGAGE]}"
    if (yield Confirm("medieval.setup.movement", block(t("medieval.setup.movement"),
                                                       t("medieval.setup.movement_values", details=shown),
                                                       hang=False),
                      default=True)):
        return {}

    def parse(text: str) -> dict[str, int]:
        pairs = _settings(text)
        if not pairs or any(k not in letters for k, _ in pairs):
            raise Invalid(t("medieval.setup.movement_format"))
        changed = {letters[k]: n for k, n in pairs}
        for u, n in changed.items():  # MB-C5: 0-5 dots, the unit named as the table knows it
            if not 0 <= n <= MAX_MOVEMENT:
                raise Invalid(t("medieval.error.movement", unit=t(f"medieval.unit.{u}"),
                                most=MAX_MOVEMENT, value=n))
        try:
            parse_setup({"movement": changed})
        except RuleError as error:
            raise Invalid(t.render_error(error, bare=True)) from None
        return {u: n for u, n in changed.items() if n != assumed[u]}

    return (yield Text("medieval.setup.movement_values", t("medieval.setup.movement_ask"), parse,
                       _example(t("medieval.setup.movement_example"))))


def _flags(t: Catalog, size: str) -> Dialog:
    """MB-C8: the strategic points the referee assumes for the map are shown, and the table may
    give its own (the record's ``flags``: name → 1 or 2 VP).  ``None``: as assumed."""
    from referee.games.medieval.record import parse_setup

    assumed = DEFAULT_FLAGS[size]
    shown = ", ".join(t("medieval.setup.flag_shown", flag=flag_label(t, f), name=f, vp=v)
                      for f, v in assumed.items())
    if (yield Confirm("medieval.setup.flags", block(t("medieval.setup.flags"),
                                                    t("medieval.setup.flags_values", details=shown),
                                                    hang=False),
                      default=True)):
        return None

    def parse(text: str) -> dict[str, int]:
        pairs = _settings(text)
        if not pairs:
            raise Invalid(t("medieval.setup.flags_format"))
        flags = dict(pairs)
        try:
            parse_setup({"flags": flags})
        except RuleError as error:
            raise Invalid(t.render_error(error, bare=True)) from None
        return flags

    return (yield Text("medieval.setup.flags_values", t("medieval.setup.flags_ask"), parse,
                       _example(t("medieval.setup.flags_example"))))


def _example(text: str) -> str:
    """An example on a line of its own, the answer typed below it: a terminal breaks a line at 80
    columns wherever it falls, inside a token too (``centre1`` / ``=2``)."""
    return "\n" + block("", text, answer_below=True)[1:]


_FLAG_NAME = re.compile(r"(edge|centre)(\d+)")


def flag_label(t: Catalog, name: str) -> str:
    """A flag's name as the table reads it: the assumed ``edge1`` / ``centre1`` by their catalog
    names (edge flag 1, central flag 1); a name the table gave itself as it was typed."""
    m = _FLAG_NAME.fullmatch(name)
    return t(f"medieval.setup.flag_{m.group(1)}", n=int(m.group(2))) if m else name


def _number(t: Catalog, least: int, most: int):
    def parse(text: str) -> int:
        text = text.strip()
        if not text.isdigit() or not least <= int(text) <= most:
            raise Invalid(t("medieval.play.number", least=least, most=most))
        return int(text)

    return parse


# --------------------------------------------------------------------------------------------
# the questions of one entry


def ask(state: MedievalState, t: Catalog, colors: dict[str, str] | None = None,
        hints: bool = False, open: bool = False) -> Dialog:
    """The next entry's questions.  Issue 22 (docs/table.md): the army chosen in secret (MB-R1)
    is typed in its player's private moment (what is typed, and every refusal of it, is theirs);
    the game has no memory aid (everything else is on the map)."""
    d = engine.decision(state)
    assert d is not None  # asked only while the battle goes on
    if d.kind in (engine.ANSWER, engine.PURSUIT):  # mid-turn: the news just above is the context
        yield Notice([Line(progress(state, t), "strong")])
    else:
        yield Notice(live_board(state, t, colors))
    if d.kind == engine.RECRUIT:
        return (yield from _recruit(state, t, d.player))
    if d.kind == engine.RESERVE_KIND:
        return (yield from _reserve(state, t, d.player))
    if d.kind == engine.ANSWER:
        return (yield from _answer(state, t, d))
    if d.kind == engine.PURSUIT:
        return (yield from _pursuit(state, t, d))
    return (yield from _turn(state, t, d.player))


def parse_army(t: Catalog, state: MedievalState, player: str):
    """The army typed in secret: ``2 HC, 1 LB, 2 SB`` (letters of the counters' ids)."""
    letters = {u.abbr.lower(): n for n, u in UNITS.items()}

    budget = BUDGET[state.map]

    def parse(text: str) -> Any:
        text = text.strip().lower()
        if text in UNDO_WORDS:
            return UNDO
        keep = text.endswith("!")  # MB-R2: points left unspent, known and accepted
        text = text.rstrip("!").strip()
        army: dict[str, int] = {}
        rest = _ARMY.sub("", text).replace(",", " ").replace(";", " ").strip()
        if rest or not text:
            raise Invalid(t("medieval.play.army_format"))
        for m in _ARMY.finditer(text):
            count, abbr = (int(m.group(1)), m.group(2)) if m.group(1) else (int(m.group(4)), m.group(3))
            if abbr not in letters:
                raise Invalid(t("medieval.play.army_letters", letters=abbr.upper()))
            army[letters[abbr]] = army.get(letters[abbr], 0) + count
        action = Recruit(player, tuple((u, army[u]) for u in UNIT_TYPES if army.get(u)))
        try:
            engine.apply(state.copy(), action)
        except RuleError as error:
            raise Invalid(t.render_error(error, bare=True)) from None
        left = budget - army_cost(action.counts())
        if left > 0 and not keep:  # said under the masked field, to the one typing, and gone after
            raise Invalid(t("medieval.play.recruit_unspent", left=left, budget=budget))
        return action

    return parse


def _recruit(state: MedievalState, t: Catalog, player: str) -> Dialog:
    """MB-R1: each army typed masked; the second one reveals both (the board hides the first)."""
    info = engine.free_form(state)
    assert info is not None  # recruitment is free-form
    costs = ", ".join(f"{UNITS[u].abbr} {unit_name(t, u)} ({info['costs'][u]})" for u in UNIT_TYPES)
    limit = info["limits"]["longbowmen"]
    lines = [t("medieval.play.recruit_costs", costs=costs)]
    if limit is not None:
        lines.append(t("medieval.play.longbow_limit", limit=limit))
    lines.append(t("medieval.play.recruit_example"))  # (on its own line: the army is typed under it)
    message = block(t("medieval.play.recruit", player=player, budget=info["budget"]), *lines,
                    answer_below=True)
    yield private(t, player)  # a refusal names what was typed: in the moment only
    action = yield Secret("medieval.recruit", message, parse_army(t, state, player))
    yield Public()
    return action  # the second army reveals both: the news after the entry says so (``news``)


def _reserve(state: MedievalState, t: Catalog, player: str) -> Dialog:
    """MB-D4: the units kept off the map at deployment."""
    info = engine.free_form(state)
    assert info is not None  # deployment is free-form
    ids = info["units"]

    def parse(text: str) -> Any:
        words = text.replace(",", " ").upper().split()
        if [w.lower() for w in words] in ([w] for w in UNDO_WORDS):
            return UNDO
        if [w.lower() for w in words] in (["-"], ["0"]):
            words = []
        words = [resolve_id(w, ids) for w in words]  # ``sb2`` for R-SB2
        unknown = [w for w in words if w not in ids]
        if unknown:
            raise Invalid(t("medieval.play.reserve_unknown", units=", ".join(unknown),
                            ids=", ".join(ids)))
        return Reserve(player, tuple(dict.fromkeys(words)))

    answer = yield Text("medieval.reserve",
                        block(t("medieval.play.reserve", player=player),
                              t("medieval.play.reserve_units", ids=", ".join(ids))), parse,
                        "\n" + block("", t("medieval.play.reserve_hint"), answer_below=True)[1:])
    return answer


# -- a turn (MB-B2)


def _turn(state: MedievalState, t: Catalog, player: str) -> Dialog:
    info = engine.free_form(state)
    assert info is not None  # a turn is free-form
    while True:
        choices = []
        for uid, u in info["units"].items():
            if u["may"]:
                choices.append(Choice(unit_label(t, state.units[uid]), uid, unit_key(state, uid)))
        if regroup_gains(t, info):  # MB-G1: a regroup that changes nothing is not offered
            choices.append(Choice(t("medieval.play.regroup", tokens=state.armies[state.index(player)].tokens),
                                  "regroup", "r"))
        choices.append(Choice(t("medieval.play.pass"), "pass", "p"))
        if state.log:
            choices.append(_undo(t))
        answer = yield Select("medieval.turn", t("medieval.play.turn", player=player), choices,
                              safe_default=False)
        if answer is UNDO:
            return UNDO
        if answer == "pass":
            trial = state.copy()
            engine.apply(trial, Pass(player))
            if not trial.over:
                return Pass(player)
            # MB-V3 (c): a pass after the other's pass ends the battle: said, and confirmed
            other = state.armies[1 - state.index(player)].name
            if (yield Confirm("medieval.pass_ends", block(t("medieval.play.pass_ends", other=other)),
                              default=False)):
                return Pass(player)
            continue
        if answer == "regroup":
            action = yield from _regroup(state, t, player, info)
        else:
            action = yield from _unit_play(state, t, player, answer, info["units"][answer])
        if action is not BACK:
            return action


#: the keys of listed choices (units, flags, columns): never a fixed choice's key (b, f, p, r,
#: s, u; 0 is "none"); capitals past the small letters (a large army has up to 31 counters)
LIST_KEYS = "123456789acdeghijklmnoqtvwxyz" + "ACDEGHIJKLMNOQTVWXYZ"


def _unit_key(i: int) -> str | None:
    """The key of the i-th choice of a list (units, flags, columns): one character, never one
    of the fixed choices' keys, ``None`` past the last (the prompter gives the next free one) —
    so every choice of a menu has a key and a key press visibly moves to it."""
    return LIST_KEYS[i] if i < len(LIST_KEYS) else None


def unit_key(state: MedievalState, uid: str) -> str | None:
    """A unit's key for the whole game (issue 22): its place in its army's roster, which is
    fixed at recruitment — a key never moves when other units leave the map or come back."""
    unit = state.units[uid]
    roster = [u.id for u in state.army_units(unit.owner)]
    return _unit_key(roster.index(uid))


def flag_key(state: MedievalState, flag: str) -> str | None:
    """A flag's key for the whole game (issue 22): its place among the map's flags, whether or
    not the others are held or free."""
    return _unit_key(list(state.flags).index(flag))


def resolve_id(word: str, ids: Any) -> str:
    """A typed unit id, upper-cased; the bare id without its army's prefix (``sb2``) names the
    unit when exactly one of ``ids`` ends with it (``R-SB2``)."""
    word = word.upper()
    if word in ids:
        return word
    found = [i for i in ids if i.split("-", 1)[-1] == word]
    return found[0] if len(found) == 1 else word


def regroup_gains(t: Catalog, info: dict[str, Any]) -> list[str]:
    """What a regroup would bring (``engine.free_form``'s ``regroup``), in words; ``[]``: it
    would only spend a time token."""
    gains = info.get("regroup")
    if not gains:
        return []
    out = []
    if gains["mp"]:
        out.append(t("medieval.play.regroup_mp", units=", ".join(gains["mp"])))
    if gains["fortify"]:
        out.append(t("medieval.play.regroup_fortify"))
    if gains["closer"]:
        out.append(t("medieval.play.regroup_closer", units=", ".join(gains["closer"])))
    if gains["may_return"]:
        out.append(t("medieval.play.regroup_may", units=", ".join(gains["may_return"])))
    return out


def _regroup(state: MedievalState, t: Catalog, player: str, info: dict[str, Any]) -> Dialog:
    """MB-G1 … MB-G4: a time token (confirmed, with what it brings); which units come back next
    to the baggage."""
    sure = yield Confirm("medieval.regroup",
                         t("medieval.play.regroup_confirm", tokens=state.armies[state.index(player)].tokens,
                           gains="; ".join(regroup_gains(t, info))))  # Enter never spends a token
    if not sure:
        return BACK
    picked: dict[str, list[str]] = {"returns": [], "enter": []}
    for key, ids in (("returns", info["returns"]), ("enter", info["enter"])):
        for uid in ids:  # told with the movement points it comes back with (MB-G1)
            back = replace(state.units[uid], mp=state.movement[state.units[uid].type])
            yes = yield Confirm(f"medieval.regroup.{key}",
                                t(f"medieval.play.regroup_{key}", unit=unit_label(t, back)),
                                default=True)
            if yes:
                picked[key].append(uid)
    return Regroup(player, tuple(picked["returns"]), tuple(picked["enter"]))


def parse_path(t: Catalog, unit_type: str, mp: int, passable: tuple[str, ...] = ()):
    """The terrains of the hexes entered, as their letters (``p p h``); an own unit's id among
    them: the move passes through it (MB-M2: 1 more movement point for both).  Returns
    ``(path, through)``."""
    letters = {v: k for k, v in terrain_keys(t).items()}

    def parse(text: str) -> Any:
        words = text.replace(",", " ").split()
        if len(words) == 1 and len(words[0]) > 1 and all(c in letters for c in words[0].lower()):
            words = list(words[0])  # "pph"
        if [w.lower() for w in words] in (["b"], []):
            return BACK
        path: list[str] = []
        through: list[str] = []
        for w in words:
            uid = resolve_id(w, passable) if len(w) > 1 else w.upper()  # ``hc2`` for Y-HC2
            if uid in passable and uid not in through:
                through.append(uid)
            elif w.lower() in letters:
                path.append(letters[w.lower()])
            else:
                raise Invalid(t("medieval.play.path_letters"))
        if not path:
            raise Invalid(t("medieval.play.path_letters"))
        for terrain in path:
            if not may_stand(unit_type, terrain):
                raise Invalid(t("medieval.play.path_cannot", unit=unit_name(t, unit_type),
                                terrain=terrain_name(t, terrain)))
        cost = sum(ENTRY_COST[x] for x in path) + len(through)
        if cost > mp:
            raise Invalid(t("medieval.play.path_too_far", cost=cost, mp=mp))
        return tuple(path), tuple(through)

    return parse


def _terrain(t: Catalog, key: str, message: str, allowed: list[str]) -> Dialog:
    keys = terrain_keys(t)
    choices = [Choice(terrain_name(t, x), x, keys[x]) for x in allowed]
    return (yield Select(key, message, choices + [_back(t)], safe_default=False))


def _known_or_asked(t: Catalog, message: str, allowed: list[str], known: str | None,
                    why: str = "") -> Dialog:
    """The terrain of an enemy's hex: the one the record already gave, else asked; a single
    possibility is not asked but said, with ``why`` (as War Chest says its single choices)."""
    if known is not None and known in allowed:
        return known
    if len(allowed) == 1:
        yield Notice([Line(t("medieval.play.auto", what=why or terrain_name(t, allowed[0])), "muted")])
        return allowed[0]
    return (yield from _terrain(t, "medieval.terrain", message, allowed))


def _why_terrain(t: Catalog, terrain: str, target: Unit, attacker: str, attacker_type: str | None,
                 mp: int) -> str:
    """Why the attacked (``attacker_type``) or shot (``None``) unit's hex can only be ``terrain``:
    the attacker's movement points left, else where both may stand."""
    stand = [x for x in TERRAINS if may_stand(target.type, x)
             and (attacker_type is None or may_stand(attacker_type, x))]
    key = "auto_terrain_mp" if len(stand) > 1 and attacker_type is not None else "auto_terrain_only"
    return t(f"medieval.play.{key}", terrain=terrain_name(t, terrain), unit=target.id,
             attacker=attacker, mp=mp)


def _unit_play(state: MedievalState, t: Catalog, player: str, uid: str, info: dict[str, Any]
               ) -> Dialog:
    unit = state.units[uid]
    may = info["may"]
    choices = []
    if "move" in may:
        choices.append(Choice(t("medieval.play.do_move"), "move", "m"))
    if "attack" in may:
        choices.append(Choice(t("medieval.play.do_attack"), "attack", "a"))
    if "fire" in may:
        choices.append(Choice(t("medieval.play.do_fire"), "fire", "f"))
    if "dismount" in may:
        choices.append(Choice(t("medieval.play.do_dismount"), "dismount", "d"))
    choices.append(_back(t))
    while True:  # ``b`` at any later question comes back here, one question at a time
        what = yield Select("medieval.play", t("medieval.play.what", unit=unit_label(t, unit)), choices,
                            safe_default=False)
        if what is BACK:
            return BACK
        if what == "dismount":
            action = yield from _dismount(state, t, player, uid)
        elif what == "move":
            action = yield from _move(state, t, player, uid, unit.type, unit.mp, may)
        else:
            action = yield from _stand_and(state, t, Play(player, uid), what, unit)
        if action is not BACK:
            return action


def _stand_and(state: MedievalState, t: Catalog, play: Play, what: str, unit: Unit) -> Dialog:
    """An attack or a shot from where the unit stands: its hex (unless known), then the target."""
    while True:
        origin = unit.terrain  # known from the record: not asked again
        if origin is None:
            standing = [x for x in TERRAINS if may_stand(unit.type, x)]
            origin = yield from _terrain(t, "medieval.from", t("medieval.play.from", unit=unit.id),
                                         standing)
            if origin is BACK:
                return BACK
        action = yield from _ending(state, t, replace(play, origin=origin), what, unit.mp)
        if action is not BACK or unit.terrain is not None:
            return action


def _passable(state: MedievalState, uid: str) -> tuple[str, ...]:
    """Own units a move may pass through (MB-M2: each needs a movement point left)."""
    unit = state.units[uid]
    return tuple(o.id for o in state.army_units(unit.owner, "map") if o.id != uid and o.mp >= 1)


def _move(state: MedievalState, t: Catalog, player: str, uid: str, unit_type: str, mp: int,
          may: list[str], dismount: str | None = None) -> Dialog:
    passable = _passable(state, uid)
    hint = [t("medieval.play.path_hint")]
    if passable:
        hint.append(t("medieval.play.path_through", ids=", ".join(passable)))
    typed = ""
    while True:  # ``b`` after the path comes back to it, the path typed still in the field
        parse = parse_path(t, unit_type, mp, passable)
        kept: list[str] = []

        def remember(text: str, parse: Any = parse, kept: list[str] = kept) -> Any:
            value = parse(text)
            kept[:] = [text.strip()]
            return value

        route = yield Text("medieval.path", t("medieval.play.path", unit=uid, mp=mp), remember,
                           "\n" + block("", *hint, answer_below=True)[1:], default=typed)
        if route is BACK:
            return BACK
        typed = kept[0] if kept else typed
        path, through = route
        left = mp - sum(ENTRY_COST[x] for x in path) - len(through)
        action = yield from _after_move(state, t, Play(player, uid, path, through, dismount=dismount),
                                        unit_type, left, may)
        if action is not BACK:
            return action


def _dismount(state: MedievalState, t: Catalog, player: str, uid: str) -> Dialog:
    """MB-X1: dismounting is the play, or comes before or after the unit's move."""
    unit = state.units[uid]
    foot = UNITS[unit.type].dismounts_to
    assert foot is not None  # offered to mounted units only
    foot_mp = dismounted_movement(unit.mp)
    choices = [Choice(t("medieval.play.dismount_only", type=unit_name(t, foot), mp=foot_mp), "only", "0")]
    if foot_mp:
        choices.append(Choice(t("medieval.play.dismount_before", type=unit_name(t, foot), mp=foot_mp),
                              "before", "1"))
    choices.append(Choice(t("medieval.play.dismount_after"), "after", "2"))
    while True:
        when = yield Select("medieval.dismount", t("medieval.play.dismount", unit=uid),
                            choices + [_back(t)], safe_default=False)
        if when is BACK:
            return BACK
        if when == "only":
            return Play(player, uid, dismount="before")
        if when == "after":  # the turn ends with it (MB-X2): a plain move
            action = yield from _move(state, t, player, uid, unit.type, unit.mp, [], "after")
        else:
            may = ["attack"] + (["fire"] if UNITS[foot].fire_range else [])
            action = yield from _move(state, t, player, uid, foot, foot_mp, may, "before")
        if action is not BACK:
            return action


def _flag(state: MedievalState, t: Catalog, uid: str, key: str = "medieval.play.flag") -> Dialog:
    """MB-V1: the flag of the hex the unit ends its move on (``None``: none; ``BACK``).  Every
    flag keeps its key all game (issue 22): a held one is not offered, the others do not move."""
    free = [f for f in state.flags if f not in engine.occupied_flags(state, but=uid)]
    if not free:
        return None
    choices = [Choice(t("medieval.play.no_flag"), None, "0")]
    choices += [Choice(t("medieval.play.flag_choice", flag=f, vp=state.flags[f]), f, flag_key(state, f))
                for f in free]
    message = t(key, unit=uid)
    if key == "medieval.play.flag_then":  # wrapped at 80 columns, its reason below
        message = block(message, t("medieval.play.flag_then_why"))
    return (yield Select("medieval.flag", message, choices + [_back(t)], safe_default=False))


def _after_move(state: MedievalState, t: Catalog, play: Play, unit_type: str, left: int,
                may: list[str]) -> Dialog:
    unit = state.units[play.unit]
    uid = play.unit
    choices = [Choice(t("medieval.play.end_here"), "stay", "0")]
    if left and "attack" in may:
        choices.append(Choice(t("medieval.play.do_attack"), "attack", "a"))
    if left and "fire" in may:
        choices.append(Choice(t("medieval.play.do_fire"), "fire", "f"))
    partners = [o.id for o in state.army_units(unit.owner, "map")
                if o.id != uid and o.type == unit_type and o.strength == 1 and unit.strength == 1]
    if partners and play.dismount != "after":
        choices.append(Choice(t("medieval.play.do_join"), "join", "j"))
    choices.append(_back(t))
    while True:  # ``b`` below comes back to this question; ``b`` here, to the path
        how = yield Select("medieval.ending", t("medieval.play.ending", unit=uid, mp=left), choices,
                           safe_default=False)
        if how is BACK:
            return BACK
        if how == "join":
            other = yield Select("medieval.join", t("medieval.play.join", unit=uid),
                                 [Choice(unit_label(t, state.units[o]), o, unit_key(state, o))
                                  for o in partners] + [_back(t)], safe_default=False)
            if other is not BACK:
                return replace(play, join=other)
            continue
        # MB-V1: the unit ends its move on that hex, also when it then fires or fights: it takes
        # the flag at the end of the turn if it is still there (the engine resolves it)
        flag = yield from _flag(state, t, uid, "medieval.play.flag" if how == "stay"
                                else "medieval.play.flag_then")
        if flag is BACK:
            continue
        if how == "stay":
            return replace(play, flag=flag)
        action = yield from _ending(state, t, replace(play, flag=flag), how, left, unit_type)
        if action is not BACK:
            return action


def _ending(state: MedievalState, t: Catalog, play: Play, how: str, mp: int,
            unit_type: str | None = None) -> Dialog:
    """A melee or a shot: the target, its hex's terrain and, where no card column is known, the
    column read off the physical card (MB-K9)."""
    unit = state.units[play.unit]
    unit_type = unit_type or unit.type  # a unit dismounted before its move fights on foot
    targets = [e for e in engine.enemies(state, unit.owner)
               if how == "attack" or not e.is_baggage]
    choices = [Choice(unit_label(t, e), e.id, unit_key(state, e.id)) for e in targets]
    while True:
        target = yield Select(f"medieval.{how}", t(f"medieval.play.target_{how}", unit=play.unit),
                              choices + [_back(t)], safe_default=False)
        if target is BACK:
            return BACK
        fields = yield from _target(state, t, play, how, mp, unit_type, target)
        if fields is not BACK:
            return replace(play, **fields)


def _target(state: MedievalState, t: Catalog, play: Play, how: str, mp: int, unit_type: str,
            target: str) -> Dialog:
    """The target's hex and, where needed, the card column; ``BACK``: the target is asked
    again (the path typed before is kept)."""
    enemy = state.units[target]
    allowed = [x for x in TERRAINS if may_stand(enemy.type, x)
               and (how == "fire" or (may_stand(unit_type, x) and ENTRY_COST[x] <= mp))]
    if enemy.terrain is not None:  # known from the record (a baggage train stands on a plain)
        allowed = [x for x in allowed if x == enemy.terrain]
    if not allowed:
        yield Notice([Line(t("medieval.play.no_way", unit=play.unit, target=target), "bad")])
        return BACK
    terrain = yield from _known_or_asked(
        t, t("medieval.play.terrain", unit=target), allowed, enemy.terrain,
        _why_terrain(t, allowed[0], enemy, play.unit, unit_type if how == "attack" else None, mp))
    if terrain is BACK:
        return BACK
    card = None  # a melee column nobody entered is asked once the defender takes the fight
    if how == "fire" and state.cards.base(FIRE, unit_type, enemy.type) is None:
        card = yield from _card_column(state, t, FIRE, unit_type, enemy.type)
        if card is BACK:
            return BACK
    return {"attack" if how == "attack" else "fire": target, "terrain": terrain, "card": card}


def _card_column(state: MedievalState, t: Catalog, kind: str, attacker: str, defender: str
                 ) -> Dialog:
    """MB-K9: the column the physical card puts the defender over (on a fire card only the
    columns the rulebook allows, MB-F4: the same as ``referee cards`` offers)."""
    label = "medieval.play.column" + ("_fire" if kind == FIRE else "")  # MB-F1: no top row
    choices = [Choice(t(label, losses=outcome_text(o), attacker=o[0],
                        defender=knights(t, o[1], defender) if kind == FIRE else o[1]), i, _unit_key(i))
               for i, o in enumerate(state.cards.scale)
               if kind != FIRE or fire_column_ok(state.cards.scale, i)]
    return (yield Select("medieval.card", block(t(f"medieval.play.card_{kind}",  # as printed (MB-C2)
                                                  unit=unit_name(t, card_of(kind, attacker) or attacker),
                                                  defender=unit_name(t, icon_of(defender)))),
                         choices + [_back(t)], safe_default=False))


# -- the answer to an attack (MB-M9, MB-M10) and the pursuit (MB-M11)


def _answer(state: MedievalState, t: Catalog, d: engine.Decision) -> Dialog:
    legal = engine.legal_actions(state)
    assert d.attacker is not None and d.defender is not None  # an answer names both units
    attacker, defender = state.units[d.attacker], state.units[d.defender]
    can_withdraw = any(isinstance(a, Withdraw) for a in legal)
    if not can_withdraw:  # MB-M9: only the fight is left, and the table is told why
        yield Notice([Line(t("medieval.play.no_withdrawal", unit=unit_short(t, defender)), "muted")])
    while True:
        choices = [Choice(t("medieval.play.stand"), "stand", "s")]
        if any(isinstance(a, Withdraw) and a.to != OFF_MAP for a in legal):
            choices.append(Choice(t("medieval.play.withdraw"), "withdraw", "w"))
        if any(isinstance(a, Withdraw) and a.to == OFF_MAP for a in legal):
            choices.append(Choice(t("medieval.play.off_map"), "off", "o"))
        choices.append(_undo(t))
        answer = yield Select("medieval.answer",
                              block(t("medieval.play.answer" if can_withdraw
                                      else "medieval.play.answer_fight",
                                      player=d.player, attacker=unit_short(t, attacker),
                                      defender=unit_short(t, defender))), choices,
                              safe_default=False)
        if answer is UNDO:
            return UNDO
        if answer == "stand":
            assert state.pending is not None  # an answer: an attack is pending
            if state.pending.base is None:  # MB-K9: read off the card now the fight is certain
                card = yield from _card_column(state, t, MELEE, attacker.type, defender.type)
                if card is BACK:
                    continue
                return Stand(d.player, card)
            return Stand(d.player)
        if answer == "off":
            distances = sorted({a.distance for a in legal  # off the map: always with its distance
                                if isinstance(a, Withdraw) and a.to == OFF_MAP and a.distance is not None})
            n = yield Select("medieval.distance", t("medieval.play.distance", unit=defender.id),
                             [Choice(str(k), k, str(k)) for k in distances] + [_back(t)],
                             safe_default=False)
            if n is not BACK:
                return Withdraw(d.player, OFF_MAP, n)
            continue
        terrains = [x for x in TERRAINS if any(isinstance(a, Withdraw) and a.to == x for a in legal)]
        to = yield from _terrain(t, "medieval.withdraw", t("medieval.play.withdraw_to", unit=defender.id),
                                 terrains)
        if to is BACK:
            continue
        flags = [a.flag for a in legal if isinstance(a, Withdraw) and a.to == to and a.flag]
        flag = None
        if flags:
            flag = yield Select("medieval.flag", t("medieval.play.flag", unit=defender.id),
                                [Choice(t("medieval.play.no_flag"), None, "0")]
                                + [Choice(t("medieval.play.flag_choice", flag=f, vp=state.flags[f]), f,
                                          flag_key(state, f)) for f in flags] + [_back(t)],
                                safe_default=False)
            if flag is BACK:
                continue
        return Withdraw(d.player, to, flag=flag)


def _pursuit(state: MedievalState, t: Catalog, d: engine.Decision) -> Dialog:
    legal = engine.legal_actions(state)
    assert d.attacker is not None  # a pursuit names its unit
    attacker = state.units[d.attacker]
    while True:
        targets = list(dict.fromkeys(a.attack for a in legal if isinstance(a, Pursue)))
        choices = [Choice(t("medieval.play.stop"), "stop", "s")]
        choices += [Choice(t("medieval.play.pursue", unit=unit_label(t, state.units[x])), x,
                           unit_key(state, x)) for x in targets]
        choices.append(_undo(t))
        answer = yield Select("medieval.pursuit", t("medieval.play.pursuit", player=d.player,
                                                    unit=unit_short(t, attacker)), choices,
                              safe_default=False)
        if answer is UNDO:
            return UNDO
        if answer == "stop":
            return Stop(d.player)
        terrains = [x for x in TERRAINS if any(isinstance(a, Pursue) and a.attack == answer
                                               and a.terrain == x for a in legal)]
        known = state.units[answer].terrain
        if known is not None:
            terrains = [x for x in terrains if x == known]
        if not terrains:  # its known hex is one the pursuer cannot enter or pay for
            yield Notice([Line(t("medieval.play.no_way", unit=attacker.id, target=answer), "bad")])
            continue
        terrain = yield from _known_or_asked(
            t, t("medieval.play.terrain", unit=answer), terrains, known,
            _why_terrain(t, terrains[0], state.units[answer], attacker.id, attacker.type, attacker.mp))
        if terrain is BACK:
            continue
        return Pursue(d.player, answer, terrain)  # the card's column: once the fight is certain
