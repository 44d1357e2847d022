"""The live referee's questions for War Chest, built from the engine's legal entries.

``ask(state, t, colors, hints)`` is a dialog (``referee.core.dialog``): it yields questions and
returns the entry to record, or ``UNDO``.  A turn narrows ``engine.legal_actions`` step by step —
the coin (or a face-down action), the action, then each hex or choice the remaining entries differ
in — so only legal entries can be chosen; a step with one possibility is not asked.  ← Back returns
to the previous question of the same entry.  Pure: no UI library, no printing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
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
    private,
)
from referee.core.errors import RecordError
from referee.core.report import Line, Report
from referee.core.text import Catalog, catalog
from referee.games.warchest import engine
from referee.games.warchest.actions import (
    FACE_DOWN,
    KINDS,
    Deal,
    Done,
    Draw,
    FirstPicker,
    Flip,
    GuardCard,
    Pick,
    Play,
    Resign,
)
from referee.games.warchest.names import by_name, code, codes_of, coins_text, hex_text, side_name, unit_name
from referee.games.warchest.state import WarChestState, counted
from referee.games.warchest.units import FIRST_GAME, HISTORIC, ROYAL, UNITS, sort_coins
from referee.games.warchest.view import WIDTH, board, packed

#: the keys of the unit cards when any card can be chosen (the deal, the draft): the 16 units in
#: the alphabetical order of their names in the table's language (b, u, n and x are taken)
CARD_KEYS = "123456789acdefgh"
#: the keys of the hexes a question offers, in board order (b and u are back and undo; n: none)
HEX_KEYS = "123456789acdefghijklmopqrstvwxyz0"
SETUP_METHODS = ("random", "draft", "first_game", *(f"historic:{k}" for k in HISTORIC), "custom")
RESIGN = "resign"


def card_keys(t: Catalog) -> dict[str, str]:
    """Each unit card's key in the deal and the draft: fixed for the whole game."""
    return dict(zip(by_name(t, UNITS), CARD_KEYS))


def coin_keys(state: WarChestState, t: Catalog, player: str) -> dict[str, str]:
    """The keys of a player's coins (turn and recruit menus): the player's units alphabetically,
    1, 2, 3…, then the royal coin; a coin keeps its key all game long."""
    p = state.players[engine.index(state, player)]
    keys = {u: str(k + 1) for k, u in enumerate(by_name(t, p.units))}
    keys[ROYAL] = str(len(keys) + 1)
    return keys


def action_key(t: Catalog, action: str) -> str:
    """An action's mnemonic key (the catalog's ``warchest.key``: the same in every menu)."""
    return t(f"warchest.key.{action}")


SETUP_METHODS = ("random", "draft", "first_game", *(f"historic:{k}" for k in HISTORIC), "custom")
RESIGN = "resign"


def is_secret(action: Any) -> bool:
    """Nothing is revealed to everybody at once in War Chest: any entry may be taken back (a draw
    typed in secret is simply typed again)."""
    return False


def setup(t: Catalog, players: list[str] | None = None) -> Dialog:
    """The table's setup choices as record keys: how the units are chosen (WC-C8, WC-X1..WC-X4;
    the first game and the historic battles only for two players), the draft's cards laid out
    (WC-X1, WC-X3: the picks offer only those) and the Royal Guard's card (WC-U13), asked here
    only where the armies are known and have one (dealt or chosen freely: asked after the deal,
    the engine's ``royal_guard`` decision)."""
    methods = [m for m in SETUP_METHODS
               if players is None or len(players) == 2 or m in ("random", "draft", "custom")]
    while True:
        method = yield Select("warchest.setup.method", t("warchest.setup.method"),
                              [Choice(t(f"warchest.setup.method_{m.replace(':', '_')}"), m, str(i + 1))
                               for i, m in enumerate(methods)])
        out: dict[str, Any] = {"setup": {"method": method}}
        if method != "draft":
            break
        cards = yield from _laid_out(t, engine.draft_cards(len(players or ()) or 2))
        if cards is not BACK:
            out["setup"]["cards"] = cards
            break
    if method == "first_game":
        units: set | None = set(FIRST_GAME[0] + FIRST_GAME[1])
    elif method.startswith("historic:"):
        armies = HISTORIC[method.split(":")[1]]
        units = set(armies[0] + armies[1])
    else:
        units = set(out["setup"]["cards"]) if method == "draft" else None  # (None: not known yet)
    if units is None or "royal_guard" not in units:
        return out  # no Royal Guard in play (its card does not matter), or asked after the deal
    guard = yield Select("warchest.setup.royal_guard", t("warchest.setup.royal_guard"),
                         _guard_choices(t))
    if guard != "base":
        out["options"] = {"royal_guard": guard}
    return out


def _guard_choices(t: Catalog) -> list[Choice]:
    return [Choice(t("warchest.setup.royal_guard_base"), "base", "1"),
            Choice(t("warchest.setup.royal_guard_nobility"), "nobility", "2")]


def _laid_out(t: Catalog, need: int) -> Dialog:
    """WC-X1, WC-X3: the unit cards laid out for the draft, one by one (← Back takes one back;
    from the first, back to the setup's method)."""
    chosen: list[str] = []
    keys = card_keys(t)
    while len(chosen) < need:
        choices = [Choice(unit_name(t, u), u, keys[u]) for u in keys if u not in chosen]
        answer = yield Select("warchest.setup.cards", t("warchest.setup.cards", k=len(chosen) + 1, n=need),
                              choices + [_back(t)], safe_default=False)
        if answer is BACK:
            if not chosen:
                return BACK
            chosen.pop()
        else:
            chosen.append(answer)
    return list(sort_coins(chosen))


def ask(state: WarChestState, t: Catalog, colors: dict[str, str] | None = None,
        hints: bool = False, open: bool = False) -> Dialog:
    """The next entry's questions.  A player's hand, what depends on it and their exact bag are
    shown only in their private moment (``Private`` … ``Public``): the draw, and the whole turn
    while the hand is known (issue 22, docs/table.md); ``open`` changes nothing here (the table
    then simply opens no moment)."""
    d = engine.decision(state)
    assert d is not None  # asked only while the game goes on
    if d.kind == "draw":
        assert d.player is not None  # a draw names its player
        return (yield from _draw(state, t, colors, hints, d.player))
    yield Notice(board(state, t, colors, hints=hints))
    if d.kind == "units":
        assert d.player is not None  # a deal names its player
        return (yield from _deal(state, t, d.player))
    if d.kind == "royal_guard":  # WC-U13: the cards just told have a Royal Guard
        answer = yield Select("warchest.royal_guard", t("warchest.setup.royal_guard"),
                              _guard_choices(t) + [_undo(t)])
        return UNDO if answer is UNDO else GuardCard(answer)
    if d.kind == "first_picker":
        answer = yield Select("warchest.first_picker", t("warchest.play.first_picker"),
                              _player_choices(state, t) + [_undo(t)], safe_default=False)
        return UNDO if answer is UNDO else FirstPicker(answer)
    if d.kind == "pick":
        assert d.player is not None  # a pick names its player
        free = {a.unit for a in engine.legal_actions(state)}
        keys = card_keys(t)
        answer = yield Select("warchest.pick", t("warchest.play.pick", player=d.player),
                              [Choice(unit_name(t, u), u, keys[u]) for u in keys if u in free]
                              + [_undo(t)], safe_default=False)
        return UNDO if answer is UNDO else Pick(d.player, answer)
    if d.kind == "initiative":
        answer = yield Select("warchest.initiative", t("warchest.play.initiative"),
                              _player_choices(state, t) + [_undo(t)], safe_default=False)
        return UNDO if answer is UNDO else Flip(answer)
    return (yield from _turn(state, t, colors, hints, d))


def _undo(t: Catalog) -> Choice:
    return Choice(t("warchest.play.undo"), UNDO, "u")


def _back(t: Catalog) -> Choice:
    return Choice(t("warchest.play.back"), BACK, "b")


def _player_choices(state: WarChestState, t: Catalog) -> list[Choice]:
    return [Choice(t("warchest.play.player", player=p.name, side=side_name(t, p.side)), p.name, str(i + 1))
            for i, p in enumerate(state.players)]


# -------------------------------------------------------------------------------- setup entries


def _deal(state: WarChestState, t: Catalog, player: str) -> Dialog:
    """WC-C8: the unit cards the player was dealt, one by one (← Back takes one back)."""
    need = engine.units_per_player(state)
    free = [u for u in UNITS if u not in engine.taken(state)]
    chosen: list[str] = []
    keys = card_keys(t)
    while len(chosen) < need:
        choices = [Choice(unit_name(t, u), u, keys[u]) for u in keys if u in free and u not in chosen]
        choices.append(_back(t) if chosen else _undo(t))
        answer = yield Select("warchest.units", t("warchest.play.units", player=player,
                                                    k=len(chosen) + 1, n=need), choices,
                              safe_default=False)
        if answer is UNDO:
            return UNDO
        if answer is BACK:
            chosen.pop()
        else:
            chosen.append(answer)
    return Deal(player, tuple(sort_coins(chosen)))


# -------------------------------------------------------------------------------- draws


@dataclass
class Retry:
    """What a typed secret answer gives when it is wrong: the dialog says why (``message``) and
    asks again, so the masked field starts empty (nothing wrong is left in it to retype over)."""

    message: str


def coin_parser(t: Catalog, coins: list[str]) -> Callable[[str], str]:
    """A typed coin: its code, its id or its name (either language), among ``coins``."""
    names: dict[str, str] = {}
    for c in coins:
        for cat in (t, catalog("en")):
            for word in (c, code(cat, c), unit_name(cat, c)):
                for form in (word.casefold(), plain(word)):  # Łu, łu, lu (as typed without Polish keys)
                    names.setdefault(form, c)
                    names.setdefault(form.replace(" ", "_"), c)

    def parse(word: str) -> str:
        found = names.get(word.strip().casefold()) or names.get(plain(word.strip()))
        if found is None:
            raise Invalid(t("warchest.play.coin_unknown", word=word,
                            codes=codes_text(t, coins)))
        return found

    return parse


def plain(word: str) -> str:
    """``word`` case-folded without its diacritics (``Łu`` -> ``lu``, ``Chorąży`` -> ``chorazy``)."""
    import unicodedata

    folded = unicodedata.normalize("NFD", word.casefold().replace("ł", "l"))
    return "".join(ch for ch in folded if not unicodedata.combining(ch))


def codes_text(t: Catalog, coins) -> str:
    """``Ar = Archer, …, Ro = royal coin``: the coins' codes in the order of the turn menu."""
    return ", ".join(f"{code(t, c)} = {unit_name(t, c)}" for c in _coin_order(t, set(coins)))


def codes_lines(t: Catalog, coins, keys: str) -> Report:
    """``Codes: Ar = Archer, …, Ro = royal coin`` then the keys (``keys``), in lines that fit 80
    columns, shown above a question typed in secret (a masked field has no room for them)."""
    items = [f"{code(t, c)} = {unit_name(t, c)}" for c in _coin_order(t, set(coins))]
    lines = packed([f"{t('warchest.play.codes')} {items[0]}", *items[1:]], sep=", ")
    if len(lines[-1]) + 3 + len(keys) <= WIDTH:
        lines[-1] += " · " + keys
    else:
        lines.append(keys)
    return [Line(text, "muted") for text in lines]


def _coin_order(t: Catalog, coins) -> list[str]:
    return by_name(t, coins)


def _secret(question: Secret) -> Dialog:
    """Ask ``question`` until its answer is not a ``Retry`` (whose message is shown first)."""
    while True:
        answer = yield question
        if not isinstance(answer, Retry):
            return answer
        yield Notice([Line(answer.message, "bad")])


def _draw(state: WarChestState, t: Catalog, colors, hints: bool, player: str) -> Dialog:
    """WC-T2, WC-T3, WC-V3..WC-V5: the coins the player drew, typed in secret, or nothing typed
    (the table does not say).  Always asked, so ↶ Undo can step back past any draw.  After an
    untold draw the exact bag is unknown: the coins typed are then checked against what can be in
    the bag (WC-V4), through the engine, and tracked exactly again from there (WC-V5)."""
    i = engine.index(state, player)
    p = state.players[i]
    count = min(3, engine.available(p))
    told = {a.coins for a in engine.legal_actions(state) if a.coins is not None}
    yield Notice(board(state, t, colors, hints=hints))
    # typed in the player's private moment: what they type, and every error about it, is theirs
    yield private(t, player)
    yield Notice(private_lines(state, t, player))
    # the codes of all the player's coins: which of them the draw can hold might tell the hand
    notes = codes_lines(t, [*p.units, ROYAL], t("warchest.play.draw_keys"))
    if not told:
        notes.append(Line(t("warchest.play.draw_untracked", player=player), "muted"))
    yield Notice(notes)
    one = coin_parser(t, [*p.units, ROYAL])  # (its error lists these codes: never the bag's)

    def parse(text: str) -> Any:
        words = text.replace(",", " ").split()
        if not words:
            return None
        if len(words) == 1 and words[0].casefold() == "u":
            return UNDO
        try:
            drawn = tuple(sort_coins(one(w) for w in words))
        except Invalid as error:
            return Retry(str(error))
        if len(drawn) != count:
            return Retry(t.n("warchest.play.draw_count", count, got=len(drawn)))
        if told and drawn not in told:
            return Retry(t("warchest.play.draw_impossible", player=p.name))
        if not told:
            try:
                engine.apply(state.copy(), Draw(player, drawn))
            except RecordError:
                return Retry(t("warchest.play.draw_impossible", player=p.name))
        return drawn

    question = Secret("warchest.draw", t.n("warchest.play.draw", count, player=player), parse)
    refused = False
    while True:
        answer = yield question
        if isinstance(answer, Retry):
            refused = True
            yield Notice([Line(answer.message, "bad")])
            continue
        # Enter alone just after a refused draw: the table's habit (meant for the next screen),
        # or the table not saying?  Asked; the safe answer (No) asks the draw again (a trial)
        if answer is None and refused and not (
                yield Confirm("warchest.draw_untold", t("warchest.play.draw_untold_confirm", player=player))):
            continue
        break
    yield Public()
    if answer is UNDO:
        return UNDO
    return Draw(player, answer)


# -------------------------------------------------------------------------------- a turn


@dataclass
class Level:
    """One question of a turn: what the remaining entries differ in (``value``) and how it is
    asked (``kind``: ``top``, ``action``, ``recruit``, ``coin``, ``hex``, ``absorb``)."""

    kind: str
    value: Callable[[Any], Any]
    field: str = ""


def _group(a: Any) -> tuple:
    if isinstance(a, Done):
        return ("done",)
    if a.action in FACE_DOWN:
        return ("down", a.action)
    if a.coin is None:
        return ("act", a.action)
    return ("coin", a.coin)


def _source(m) -> Any:
    return m.at if m.action == "control" else m.frm


def _dest(m) -> Any:
    return {"move": m.to, "control": m.at, "attack": m.target}[m.action]


def _step(k: int, f: Callable[[Any], Any]) -> Callable[[Any], Any]:
    return lambda a: f(a.steps[k]) if isinstance(a, Play) and len(a.steps) > k else None


def _attr(name: str) -> Callable[[Any], Any]:
    return lambda a: getattr(a, name, None)


LEVELS = [
    Level("top", _group),
    Level("action", lambda a: getattr(a, "action", None)),
    # the face-down coin is chosen right after the action (in the player's private moment, as
    # the whole turn is when the hand is known)
    Level("coin", lambda a: a.coin if isinstance(a, Play) and a.action in FACE_DOWN else None),
    Level("recruit", _attr("recruit")),
    Level("hex", _attr("frm"), "frm"),
    Level("hex", _attr("unit"), "unit"),
    Level("hex", _attr("at"), "at"),
    Level("hex", _attr("to"), "to"),
    Level("hex", _attr("target"), "target"),
    *(level for k in (0, 1) for level in (
        Level("hex", _step(k, _source), f"step{k}_unit"),
        Level("hex", _step(k, _dest), f"step{k}_dest"),
        Level("absorb", _step(k, lambda m: m.absorb), f"step{k}_absorb"))),
    Level("absorb", _attr("absorb"), "absorb"),
]


def _turn(state: WarChestState, t: Catalog, colors, hints: bool, d) -> Dialog:
    """A turn, narrowed level by level.  With the hand known (its draw was typed) the WHOLE turn
    is asked in the player's private moment, opened before the turn menu (the hand's coins and
    what each can do) and closed (screen and scrollback cleared) only once the entry is complete,
    or on ↶ Undo or a resignation: the face-up coin's action and hexes, the face-down coin, the
    recruited unit, and every ← Back among them.  A coin chosen and then taken back is so never
    named to the table (issue 22 trial: "what does the Archer do?", asked in public, then ← Back
    to play the Lancer, told the table of an Archer in the hand); the table learns the entry
    recorded from the news under the next board, which names a face-up coin played and never a
    face-down one.  With the hand unknown nothing is private and no moment is opened."""
    candidates = engine.legal_actions(state)
    p = state.players[engine.index(state, d.player)]
    secret = p.hand is not None and any(getattr(a, "coin", None) for a in candidates)
    stack: list[tuple[int, list]] = []
    i, cands = 0, candidates
    if secret:  # (the turn menu lists the hand: the moment opens before it, for the whole turn)
        yield private(t, d.player)
        yield Notice(private_lines(state, t, d.player))

    def done(entry: Any) -> Dialog:
        if secret:
            yield Public()
        return entry

    while True:
        if i == len(LEVELS):
            return (yield from done(cands[0]))
        level = LEVELS[i]
        values = _distinct(level.value(a) for a in cands)
        # one possibility is not asked but said (keys typed ahead would answer the next question);
        # the face-down coin is chosen silently (a word of it would name a coin of the hand)
        if level.kind != "top" and len(values) == 1:
            said = _auto_text(_view(state, level, cands), t, level, values[0]) if level.kind != "coin" else ""
            if said:
                yield Notice([Line(t("warchest.play.auto", what=said), "muted")])
            i += 1
            continue
        answer = yield from _question(state, t, colors, hints, d, level, values, cands, first=not stack)
        if answer is UNDO:
            return (yield from done(UNDO))
        if answer is RESIGN:
            sure = yield Confirm("warchest.resign", t("warchest.play.resign_confirm", player=d.player))
            if sure:
                return (yield from done(Resign(d.player)))
            continue
        if answer is BACK:
            i, cands = stack.pop()
            continue
        stack.append((i, cands))
        cands = [a for a in cands if level.value(a) == answer]
        i += 1


def private_lines(state: WarChestState, t: Catalog, player: str) -> Report:
    """What only ``player`` may see: their hand and, known exactly, their bag and face-down
    discard (the memory aid shows only their union: that would tell the hand)."""
    p = state.players[engine.index(state, player)]
    out: Report = [Line(t("warchest.private.hand", player=player, coins=coins_text(t, p.hand)), "strong")]
    aid = engine.memory_aid(state, player)
    if aid["bag"] is None:
        return out
    i = engine.index(state, player)
    if state.phase == "draw" and state.drawn == i and p.bag_n < min(3, engine.available(p)):
        # WC-T2: the bag runs out during this draw and the whole discard goes into it, the face-up
        # coins too (issue 22 trial: they were left out of what the bag would hold)
        items = [t("warchest.private.bag_refill", bag=codes_of(t, aid["bag"])),
                 t("warchest.private.refill_up", coins=codes_of(t, p.faceup)),
                 t("warchest.private.refill_down", coins=codes_of(t, p.down))]
        out += [Line(text, "muted") for text in packed(items, indent="  ")]
    else:
        out.append(Line(t("warchest.private.bag", bag=codes_of(t, aid["bag"]),
                          down=codes_of(t, p.down)), "muted"))
    return out


def _auto_text(state: WarChestState, t: Catalog, level: Level, value: Any) -> str:
    """What a question with one possibility chose, in words (``""``: nothing to say — the entry
    has no such part)."""
    if value is None or value is False:
        return ""
    if level.kind == "action":
        return t(f"warchest.action.{value}")
    if level.kind == "recruit":
        return unit_name(t, value)
    if level.kind == "absorb":
        return t("warchest.play.absorb_yes")
    return _hex_label(state, t, value)


def _view(state: WarChestState, level: Level, cands: list) -> WarChestState:
    """The board as it stands when ``level`` is asked: the Footman tactic's second maneuver is
    asked over the map after the first (WC-U6; every candidate left shares that first step)."""
    if not level.field.startswith("step1") or not isinstance(cands[0], Play) or not cands[0].steps:
        return state
    view = state.copy()
    view.pending = []
    engine.do_maneuver_plain(view, engine.index(state, cands[0].player), cands[0].steps[0])
    return view


def _distinct(values) -> list:
    out: list = []
    for v in values:
        if v not in out:
            out.append(v)
    return out


def _question(state, t: Catalog, colors, hints, d, level: Level, values: list, cands: list,
              first: bool) -> Dialog:
    player = d.player
    if level.kind == "top":
        return (yield from _top(state, t, d, values, cands))
    back = _back(t)
    group = _group(cands[0])
    unit = _unit_of(group, cands[0])
    if level.kind == "action":
        choices = [Choice(t(f"warchest.action.{a}"), a, action_key(t, a))
                   for a in sorted(values, key=KINDS.index)]
        return (yield Select("warchest.action", t("warchest.play.action", player=player,
                                                   unit=unit_name(t, unit)), choices + [back],
                             safe_default=False))
    if level.kind == "recruit":
        keys = coin_keys(state, t, player)
        choices = [Choice(unit_name(t, u), u, keys.get(u)) for u in _coin_order(t, values)]
        return (yield Select("warchest.recruit", t("warchest.play.recruit", player=player),
                             choices + [back], safe_default=False))
    if level.kind == "coin":
        # the hand is known (its draw was typed): the face-down coin is chosen in the player's
        # private moment, among the coins of the hand the action can take (never refused)
        keys = coin_keys(state, t, player)
        choices = [Choice(unit_name(t, c), c, keys.get(c)) for c in _coin_order(t, values)]
        return (yield Select("warchest.down_coin", t("warchest.play.down_coin", player=player),
                             choices + [back], safe_default=False))
    if level.kind == "absorb":
        choices = [Choice(t("warchest.play.absorb_no"), False, "1"),
                   Choice(t("warchest.play.absorb_yes"), True, "2"), back]
        return (yield Select(f"warchest.{level.field}", t("warchest.play.absorb"), choices,
                             safe_default=False))
    # a hex
    state = _view(state, level, cands)
    hexes = [h for h in values if h is not None]
    hexes.sort(key=lambda h: (-h[1], h[0]))  # as the map reads: top row first, left to right
    keys = {h: HEX_KEYS[k] if k < len(HEX_KEYS) else "" for k, h in enumerate(hexes)}
    yield Notice(board(state, t, colors, labels={h: k or "··" for h, k in keys.items()}))
    choices = [Choice(_hex_label(state, t, h), h, keys[h] or None) for h in hexes]
    field = level.field.replace("0", "").replace("1", "")
    action = getattr(cands[0], "action", "")
    step = level.field[4] if level.field.startswith("step") else ""
    return (yield Select(f"warchest.hex.{level.field}",
                         t(f"warchest.ask.{field}", player=player, unit=unit_name(t, unit),
                           action=t(f"warchest.action.{action}") if action else "",
                           step=int(step) + 1 if step else ""), choices + [back], safe_default=False))


def _unit_of(group: tuple, a: Any) -> str | None:
    if group[0] == "coin":
        return "royal_guard" if group[1] == ROYAL else group[1]
    if isinstance(a, Play) and a.by:
        return a.by
    return None


def _hex_label(state: WarChestState, t: Catalog, h) -> str:
    s = state.stacks.get(h)
    if s is not None:
        what = t("warchest.play.hex_unit", player=state.players[s.player].name,
                 unit=unit_name(t, s.unit), coins=s.coins)
    elif h in state.board.locations:
        side = state.control.get(h)
        what = t("warchest.play.hex_location", side=side_name(t, side)) if side else t(
            "warchest.play.hex_neutral")
    else:
        what = t("warchest.play.hex_empty")
    return t("warchest.play.hex", hex=hex_text(h), what=what)


def _top(state: WarChestState, t: Catalog, d, values: list, cands: list) -> Dialog:
    choices: list[Choice] = []
    keys = coin_keys(state, t, d.player)
    order = {c: k for k, c in enumerate(keys)}
    for g in sorted(values, key=lambda g: _top_order(g, order)):
        if g[0] == "coin":
            acts = _distinct(a.action for a in cands if _group(a) == g)
            label = t("warchest.play.coin", unit=unit_name(t, g[1]), actions=", ".join(
                t(f"warchest.action.{a}") for a in sorted(acts, key=KINDS.index)))
            choices.append(Choice(label, g, keys.get(g[1])))
        elif g[0] == "down":
            choices.append(Choice(t(f"warchest.play.down_{g[1]}"), g, action_key(t, g[1])))
        elif g[0] == "act":
            choices.append(Choice(t(f"warchest.action.{g[1]}"), g, action_key(t, g[1])))
        else:
            choices.append(Choice(t("warchest.play.decline"), g, "n"))
    if d.kind == "play":
        choices.append(Choice(t("warchest.play.resign"), RESIGN, "x"))
    choices.append(_undo(t))
    p = state.players[engine.index(state, d.player)]
    if d.kind == "then":
        message = t(f"warchest.play.then_{d.by}", player=d.player)
    else:
        message = t.n("warchest.play.turn", p.hand_n, player=d.player)
    return (yield Select(f"warchest.{d.kind}", message, choices, safe_default=False))


def _top_order(g: tuple, coins: dict[str, int]) -> tuple:
    """The turn menu's order: the coins as their keys go (1, 2, …), then the actions without a
    coin and the face-down actions in the digest's order (WC-A1), then "no"."""
    order = {"coin": 0, "act": 1, "down": 2, "done": 3}[g[0]]
    if g[0] == "coin":
        return (order, coins.get(g[1], len(coins)))
    if g[0] in ("down", "act"):
        return (order, KINDS.index(g[1]))
    return (order, 0)


def hand_of(state: WarChestState, name: str) -> dict:
    """The player's known hand (tests)."""
    p = state.players[engine.index(state, name)]
    return dict(p.hand or {})


__all__ = ["ask", "counted", "hand_of", "is_secret", "setup"]
