"""The live referee's questions for Na Grunwald!, built from the engine's legal options.

``ask(state, t)`` is a dialog (see ``referee.core.dialog``): it yields questions and returns the
next action of the record, or ``UNDO``.  Pure: no UI library, no printing.
"""

from __future__ import annotations

import dataclasses
import re
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
    Private,
    Public,
    Secret,
    Select,
    Text,
    private,
)
from referee.core.errors import RuleError
from referee.core.report import Line
from referee.core.text import Catalog
from referee.games.grunwald import engine
from referee.games.grunwald.actions import (
    FIELDS,
    HELPER,
    OFFICER,
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
from referee.games.grunwald.cards import CARDS, REVEALED
from referee.games.grunwald.names import card_name, cards_text, event_line
from referee.games.grunwald.scores import standing_report
from referee.games.grunwald.state import GrunwaldState, take
from referee.games.grunwald.view import board, compact_cards, field_stakes


@dataclass(frozen=True)
class Advised:
    """The answer that accepts the referee's advice: the whole action at once (issue 13)."""

    action: Any


def is_secret(action: Any) -> bool:
    """Actions whose undo would let players choose again after a reveal (masked skirmish cards)."""
    return isinstance(action, SkirmishCards) and bool(action.cards)


#: the key of a loss payment's Done, never another choice's (the advice is 0)
DONE_KEY = "d"


def _stable_keys(cards: list[str]) -> dict[str, str]:
    """Keys for the cards a player may give up, fixed for the whole question, so that a card
    leaving the list never shifts the keys of the others."""
    # e, p, r, u, d: event effect, provisions, restart, undo, done (0: the advice); a key keeps
    # its meaning all game (issue 22: 0 was the advice at first and Done once the debt was paid)
    keys = "123456789abcfghijklmnoqstvwxyz"
    return {c: keys[i] for i, c in enumerate(cards) if i < len(keys)}


def _undo_choice(t: Catalog) -> Choice:
    return Choice(t("grunwald.play.undo"), UNDO, "u")


def _back_choice(t: Catalog) -> Choice:
    return Choice(t("grunwald.play.back"), BACK, "b")


def _rule_notice(exc: RuleError, t: Catalog) -> Notice:
    """A rule the table's entry would break, without the record's location (nobody typed JSON)."""
    message = t.render_error(exc, bare=True)
    return Notice([Line(f"{exc.rule}: {message}" if exc.rule else message, "bad")])


def _numbers(text: str, t: Catalog, name: str):
    """The values typed for one kind of revealed card, checked by the engine's own rule
    (``engine.check_revealed``: NG-R3 how many, NG-C3 which values); a refusal says why and what
    the card allows (issue 22: the trial's table had to guess)."""
    text = text.strip().lower()
    if text in ("u", "undo", "cofnij"):
        return UNDO
    parts = text.replace(",", " ").split()
    reason = None
    if not parts or not all(p.isdigit() for p in parts):
        reason = t("grunwald.play.numbers_expected")
    else:
        try:
            engine.check_revealed(name, tuple(int(p) for p in parts))
        except RuleError as exc:
            reason = (t("grunwald.play.reveal_count_typed", got=len(parts)) if exc.rule == "NG-R3"
                      else t("grunwald.play.reveal_value", value=exc.params["value"]))
    if reason is not None:
        lo_n, hi_n, lo, hi = REVEALED[name]
        span = t("grunwald.play.reveal_range", least=lo, most=hi)
        allowed = (t("grunwald.play.reveal_allowed_exact", count=lo_n, range=span) if lo_n == hi_n
                   else t("grunwald.play.reveal_allowed_between", least=lo_n, most=hi_n, range=span))
        raise Invalid(t("grunwald.play.reveal_refused", reason=reason, allowed=allowed))
    return tuple(int(p) for p in parts)


def ask(state: GrunwaldState, t: Catalog, colors: dict[str, str] | None = None,
        hints: bool = False, open: bool = False) -> Dialog:
    """The next entry's questions.  Issue 22 (docs/table.md): the board shows the hands only with
    ``hints`` (a memory aid) and the camps (face down) only at an ``open`` table; what uses a
    player's own camp — the skirmish card, the loss payment, the feeding, with their advice — is
    asked in that player's private moment; the standing (it reads the camps) only when open."""
    d = engine.decision(state)
    yield Notice(board(state, t, colors, hints, open))
    if engine.later_position(state) is None:
        return (yield from _ask(state, t, d, open))
    # The event card lies on the board until the end of the round, and may act "zaraz po ich
    # odkryciu lub w dalszej części rundy": every question of the round offers its effects (e).
    while True:
        result = yield from _offer_later(state, t, _ask(state, t, d, open))
        if result is not _AGAIN:
            return result


class _Sentinel:
    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


#: the answer "an effect of the event card now" (key e, in every question of rounds 2–8)
LATER = _Sentinel("LATER")
_AGAIN = _Sentinel("AGAIN")


def _offer_later(state: GrunwaldState, t: Catalog, inner: Dialog) -> Dialog:
    """``inner``'s questions, each also offering an effect of the event card (``e``): chosen, the
    effect is asked and returned as a ``LaterEffect`` (``_AGAIN``: the table went back).  An
    effect is public: asked inside a player's private moment, the moment is closed first."""
    private_open = False
    try:
        q = next(inner)
        while True:
            if isinstance(q, (Private, Public)):
                private_open = isinstance(q, Private)
            if isinstance(q, Select):
                q = dataclasses.replace(q, choices=[*q.choices, Choice(t("grunwald.play.event_later"), LATER, "e")])
            elif isinstance(q, Text):  # (a Secret too: nothing is revealed before all are typed)
                def parse(text: str, parse=q.parse) -> Any:
                    return LATER if text.strip().lower() == "e" else parse(text)

                hint = t("grunwald.play.event_later_hint")
                q = dataclasses.replace(q, parse=parse, instruction=f"{q.instruction} {hint}".strip())
            answer = yield q
            if answer is LATER:
                inner.close()
                if private_open:
                    yield Public()
                return (yield from _later_effect(state, t))
            q = inner.send(answer)
    except StopIteration as stop:
        return stop.value


def _later_effect(state: GrunwaldState, t: Catalog) -> Dialog:
    effects = yield from _effect(state, t)
    if not effects:
        return _AGAIN
    at = engine.later_position(state)
    assert at is not None  # offered only while the round's event card lies on the board
    action = LaterEffect(at, tuple(effects))
    try:
        engine.apply(state.copy(), action)
    except RuleError as exc:
        yield _rule_notice(exc, t)
        return _AGAIN
    return action


def _ask(state: GrunwaldState, t: Catalog, d: Any, open: bool) -> Dialog:
    kind = d.kind
    if kind == "reveal":
        return (yield from _reveal(state, t, d.teutons))
    if kind == "event":
        return (yield from _event(state, t))
    if kind == "placement":
        return (yield from _placement(state, t, open))
    if kind == "skirmish":
        return (yield from _skirmish(state, t, d))
    if kind == "losses":
        return (yield from _privately(state, t, d.player, _losses(state, t, d)))
    if kind == "helper_purchase":
        answer = yield Select("helper_purchase", t("grunwald.play.helper_purchase", player=d.player,
                                                   price=t.n("grunwald.plural.ducats", d.price)),
                              [Choice(t("grunwald.play.yes"), True), Choice(t("grunwald.play.no"), False),
                               _undo_choice(t)], default=False)  # Enter never spends ducats
        return UNDO if answer is UNDO else HelperPurchase(answer)
    if kind == "feeding":
        if d.owed >= state.player(d.player).knight_count():  # every knight goes: nothing to
            return (yield from _feeding(state, t, d))           # choose, no private moment
        return (yield from _privately(state, t, d.player, _feeding(state, t, d)))
    raise AssertionError(kind)


def _privately(state: GrunwaldState, t: Catalog, player: str, dialog: Dialog) -> Dialog:
    """``dialog`` in ``player``'s private moment, their own hand and camp shown first; the moment
    is closed (the screen cleared) before its answer is recorded."""
    yield private(t, player)
    yield Notice([yours(state, t, player)])
    answer = yield from dialog
    yield Public()
    return answer


def yours(state: GrunwaldState, t: Catalog, player: str) -> Line:
    """What only ``player`` sees in their moment: their hand and their camp."""
    p = state.player(player)
    return Line(t("grunwald.private.yours", player=player, hand=compact_cards(t, p.hand),
                  camp=compact_cards(t, p.camp)), "strong")


def _reveal(state: GrunwaldState, t: Catalog, teutons: bool) -> Dialog:
    hint = t("grunwald.play.undo_hint")
    names = ["crown", "mercenary", "provisions", "ducats"] + (["teutons"] if teutons else [])
    values: dict[str, Any] = {}
    for name in names:
        answer = yield Text(f"reveal.{name}", t(f"grunwald.play.reveal_{name}", round=state.round),
                            lambda text, n=name: _numbers(text, t, n), hint)  # type: ignore[misc]  # mypy cannot type a lambda with a default (it binds the loop's values)
        if answer is UNDO:
            return UNDO
        values[name] = answer
    return Reveal(values["crown"], values["mercenary"], values["provisions"], values["ducats"],
                  values.get("teutons"))


def _event(state: GrunwaldState, t: Catalog) -> Dialog:
    def card_text(text: str) -> object:  # the card's name, or UNDO
        text = " ".join(text.split())
        if text.lower() in ("u", "undo", "cofnij"):
            return UNDO
        if not text:
            raise Invalid(t("grunwald.play.event_name_needed"))
        return text

    name = yield Text("event.card", t("grunwald.play.event_card", round=state.round), card_text,
                      t("grunwald.play.undo_hint"))
    if name is UNDO:
        return UNDO
    effects: list[Effect] = []
    probe = state.copy()
    while True:
        shown = "; ".join(_effect_text(t, e) for e in effects) or t("grunwald.effect.none")
        more = yield Select("event.more", t("grunwald.play.event_effects", card=name, effects=shown),
                            [Choice(t("grunwald.play.effect_add"), "add"),
                             Choice(t("grunwald.play.effect_done"), "done")]
                            + ([Choice(t("grunwald.play.effect_remove"), "remove", "x")] if effects else [])
                            + [_undo_choice(t)], safe_default=False)
        if more is UNDO:
            return UNDO
        if more == "done":
            return Event(name, tuple(effects))
        if more == "remove":  # one effect taken back, the others kept
            which = yield Select("event.remove", t("grunwald.play.effect_remove_which"),
                                 [Choice(_effect_text(t, e), i) for i, e in enumerate(effects)]
                                 + [_back_choice(t)], safe_default=False)
            if which is BACK:
                continue
            kept = effects[:which] + effects[which + 1:]
            trial = state.copy()
            try:
                for effect in kept:
                    engine.apply_effect(trial, effect)
            except RuleError as exc:
                yield _rule_notice(exc, t)
                continue
            probe, effects = trial, kept
            continue
        new = yield from _effect(probe, t)
        if not new:
            continue
        trial = probe.copy()
        try:
            for effect in new:
                engine.apply_effect(trial, effect)
        except RuleError as exc:
            yield _rule_notice(exc, t)
            continue
        probe = trial
        effects.extend(new)


def _effect_text(t: Catalog, e: Effect) -> str:
    return event_line(t, Event("", (e,))).split("—", 1)[-1].strip()


#: the answer "every player" to the question whom an effect concerns
EVERYONE = "*"


def _effect(state: GrunwaldState, t: Catalog) -> Dialog:
    """The effects of one answer (one player's, or the same for every player), or ``None`` when
    the table goes back."""
    player = yield Select("effect.player", t("grunwald.play.effect_player"),
                          [Choice(n, n) for n in state.names]
                          + [Choice(t("grunwald.play.effect_everyone"), EVERYONE, "a"), _back_choice(t)],
                          safe_default=False)
    if player is BACK:
        return None
    if player == EVERYONE:  # "everyone gains a ducat" is one answer, not one per player
        kind = yield Select("effect.kind", t("grunwald.play.effect_kind_everyone"),
                            [Choice(t(f"grunwald.play.kind_{k}"), k) for k in ("ducats", "provisions", "helpers")]
                            + [_back_choice(t)], safe_default=False)
        if kind is BACK:
            return None
        n = yield Text(f"effect.{kind}", t("grunwald.play.effect_amount_everyone",
                                           what=t(f"grunwald.play.kind_{kind}")), _delta_parser(t))
        # NG-D1 (DECISIONS.md): a player who holds less than everyone loses pays what they hold
        effects = []
        for name in state.names:
            asked = Effect(name, **{kind: n})
            e = engine.payable(state, asked)
            if e != asked:
                held = getattr(state.player(name), kind)
                key = "effect_paid_held" if n < 0 else "effect_helpers_full"
                yield Notice([Line(t(f"grunwald.play.{key}", player=name,
                                     holding=t.n(f"grunwald.plural.{kind}", held)), "muted")])
            if e.ducats or e.provisions or e.helpers:
                effects.append(e)
        return effects
    p = state.player(player)
    kinds = ["ducats", "provisions", "helpers", "gain"]
    if any(c != "peasant" for c in (*p.hand, *p.camp)):
        kinds.append("discard")
    if any(CARDS[c][0] in ("crown", "mercenary") for c in p.hand):
        kinds.append("exhaust")
    kind = yield Select("effect.kind", t("grunwald.play.effect_kind", player=player),
                        [Choice(t(f"grunwald.play.kind_{k}"), k) for k in kinds] + [_back_choice(t)],
                        safe_default=False)
    if kind is BACK:
        return None
    if kind in ("ducats", "provisions", "helpers"):
        n = yield Text(f"effect.{kind}", t("grunwald.play.effect_amount", what=t(f"grunwald.play.kind_{kind}"),
                                           player=player), _delta_parser(t))
        return [Effect(player, **{kind: n})]
    if kind == "gain":
        options = [c for c in CARDS if c != "peasant"]
        choices = [Choice(card_name(t, c), c) for c in options]
    elif kind == "discard":
        options = sorted({f"camp/{c}" for c in p.camp} | {f"hand/{c}" for c in p.hand if c != "peasant"})
        choices = [Choice(card_name(t, c), c) for c in options]
    else:
        options = sorted(c for c in p.hand if CARDS[c][0] in ("crown", "mercenary"))
        choices = [Choice(card_name(t, c), c) for c in options]
    if kind != "gain" and len(options) == 1:  # the only card it can be: not asked
        yield only_notice(t, t(f"grunwald.play.effect_{kind}", player=player), card_name(t, options[0]))
        card: dict[str, Any] = {kind: options[0]}  # (the effect's field named by ``kind``)
        return [Effect(player, **card)]
    # issue 22: the camp lies face down ("kładziemy ją na stół rewersem do góry"): a menu that
    # lists its cards is the player's private moment (the card given up is then said publicly:
    # it leaves the game, as a loss paid)
    camp = kind == "discard" and any(o.startswith("camp/") for o in options)
    if camp:
        yield private(t, player)
        yield Notice([yours(state, t, player)])
    c = yield Select(f"effect.{kind}", t(f"grunwald.play.effect_{kind}", player=player),
                     choices + [_back_choice(t)], safe_default=False)
    if camp:
        yield Public()
    if c is BACK:
        return None
    return [Effect(player, **{kind: c})]


def _delta_parser(t: Catalog):
    def delta(text: str) -> int:
        text = text.strip().replace("+", "")
        try:
            return int(text)
        except ValueError:
            raise Invalid(t("grunwald.play.number_expected")) from None

    return delta


def _placement(state: GrunwaldState, t: Catalog, open: bool = False) -> Dialog:
    legal = engine.legal_actions(state)
    assert state.turn is not None  # set for the placement phase
    player = state.names[state.turn]
    places = [a for a in legal if isinstance(a, Place)]
    fields = [f for f in FIELDS if any(a.field == f for a in places)]
    # Each field keeps its number (1–6, the board's order) whatever else is available this turn.
    # The pawns already on each field stand beside its name (the board leaves them to the menu).
    choices = [Choice(_field_label(state, t, f), f, str(FIELDS.index(f) + 1)) for f in fields]
    choices += [Choice(t("grunwald.play.pass"), "pass", "p"), _undo_choice(t)]
    missing = _missing_fields(state, t, fields)
    if missing:  # a field that is not in the menu says why, in one line
        yield Notice([Line(t("grunwald.play.not_offered", fields=missing), "muted")])
    # The standing as if the game ended now (issue 13), once per turn: it stays on the screen.
    # It reads the camps' face-down values: offered only at an open table (issue 22).
    standing = [Choice(t("grunwald.advice.standing_choice"), "standing", "s")] if open else []
    while True:
        field = yield Select("placement.field", t("grunwald.play.placement", player=player),
                             choices[:-1] + standing + choices[-1:], safe_default=False)
        if field is UNDO:
            return UNDO
        if field == "standing":
            standing = []
            yield Notice(standing_report(state, t))
            continue
        if field == "pass":
            return Pass(player)
        chosen = yield from _placement_details(t, player, field, [a for a in places if a.field == field])
        if chosen is not BACK:
            return chosen


#: why a field is missing from the menu, by the fault ``engine.placement_fault`` names there;
#: any other fault (NG-C2 no pawn left, NG-P2 the helpers there already): ``no_pawn``
_NOT_OFFERED = {
    "grunwald.error.helpers_full": "helpers_full",  # NG-P7
    "grunwald.error.teutons_one_pawn": "one_pawn",  # NG-P8
    "grunwald.error.mercenaries_one_pawn": "one_pawn",  # NG-P10
    "grunwald.error.ducats_short": "no_ducats",  # NG-P10's ducat (NG-P11)
}


def _missing_fields(state: GrunwaldState, t: Catalog, offered: list[str]) -> str:
    """Why each field missing from the menu is missing: the rule the engine names for the
    likeliest placement there (``engine.placement_fault``: one pawn of those the player still has,
    with one ducat where ducats may be bid).  The truce's Teutons field (rounds 1–3) goes without
    saying."""
    assert state.turn is not None  # set for the placement phase
    p = state.players[state.turn]
    pawn = HELPER if p.officer_placed else OFFICER
    out = []
    for f in FIELDS:
        if f in offered:
            continue
        ducats = 0 if f in engine.PAWNS_ONLY else 1
        fault = engine.placement_fault(state, p, state.stake(f, p.index), f, pawn, 1, ducats)
        if fault is None or fault[1] == "grunwald.error.teutons_truce_field":
            continue  # (None: never, that placement is in the menu)
        why = _NOT_OFFERED.get(fault[1], "no_pawn")
        out.append(t("grunwald.play.not_offered_field", field=t(f"grunwald.field.{f}"),
                     why=t(f"grunwald.play.not_offered_{why}")))
    return ", ".join(out)


def _field_label(state: GrunwaldState, t: Catalog, field: str) -> str:
    stakes = field_stakes(state, t, field)
    return f"{t(f'grunwald.field.{field}')} — {stakes}" if stakes else t(f"grunwald.field.{field}")


def _placement_details(t: Catalog, player: str, field: str, options: list[Place]) -> Dialog:
    """Pawn, helpers and ducats for the chosen field; ``BACK`` goes to the question before (from
    the first one asked, the field menu)."""
    where = t(f"grunwald.field.{field}")
    attrs = ("pawn", "count", "ducats")
    asked: list[tuple[int, list[Place]]] = []  # (question, options before it) of each answer
    i = 0
    while i < len(attrs):
        attr = attrs[i]
        values = sorted({getattr(a, attr) for a in options},
                        key=lambda v: (v != OFFICER) if attr == "pawn" else v)
        message = t(f"grunwald.play.choose_{attr}", player=player, field=where)
        if len(values) < 2:
            # Not asked; said in one line when the question appears at other times, so that
            # nobody's typed-ahead key answers the next question by mistake.
            pawn = options[0].pawn
            if (attr == "pawn" or (attr == "count" and pawn != OFFICER)
                    or (attr == "ducats" and field not in engine.PAWNS_ONLY)):
                yield only_notice(t, message, _value_label(t, attr, values[0], field))
            i += 1
            continue
        if attr != "pawn" and len(values) > 10:
            lo, hi = values[0], values[-1]

            def number(text: str, lo=lo, hi=hi) -> Any:
                text = text.strip().lower()
                if text in ("b", "back", "w", "wstecz"):
                    return BACK
                if text.isdigit() and lo <= int(text) <= hi:
                    return int(text)
                raise Invalid(t("grunwald.play.range_expected", range=f"{lo}–{hi}"))

            value = yield Text(f"placement.{attr}", message, number,
                               t("grunwald.play.range_hint", range=f"{lo}–{hi}"))
        else:
            keyed = [Choice(_value_label(t, attr, v, field), v, None if attr == "pawn" else str(v))
                     for v in values]
            value = yield Select(f"placement.{attr}", message, keyed + [_back_choice(t)], safe_default=False)
        if value is BACK:
            if not asked:
                return BACK
            i, options = asked.pop()
            continue
        asked.append((i, options))
        options = [a for a in options if getattr(a, attr) == value]
        i += 1
    return options[0]


def only_notice(t: Catalog, question: str, answer: str) -> Notice:
    """A question the referee answered itself, the only possibility, in one line."""
    return Notice([Line(t("grunwald.play.only_choice", question=question, answer=answer), "muted")])


def _value_label(t: Catalog, attr: str, v: Any, field: str = "") -> str:
    if attr == "pawn":
        # NG-F7: on the Mercenaries field the ducats alone rank; the pawn is worth nothing there
        return t(f"grunwald.play.pawn_{v}" + ("_mercenaries" if field == "mercenaries" else ""))
    return t.n(f"grunwald.plural.{'helpers' if attr == 'count' else 'ducats'}", v)


def _skirmish(state: GrunwaldState, t: Catalog, d) -> Dialog:
    if not d.players:
        yield Notice([Line(t("grunwald.play.skirmish_nobody"))])
        ok = yield Select("skirmish.nobody", t("grunwald.play.continue"),
                          [Choice(t("grunwald.play.continue_choice"), True), _undo_choice(t)])
        return UNDO if ok is UNDO else SkirmishCards(())
    chosen: list[tuple[str, str]] = []
    while len(chosen) < len(d.players):
        name = d.players[len(chosen)]
        options = list(d.options[name])
        listing = ", ".join(f"{i}) {card_name(t, c)}" for i, c in enumerate(options, 1))

        def pick(text: str, options=options) -> Any:
            text = text.strip()
            if text.lower() in ("u", "undo", "cofnij"):
                return UNDO  # nothing is revealed yet
            # The masked field keeps a rejected answer: the last number typed is the one meant.
            digits = re.findall(r"\d+", text)
            if digits and 1 <= int(digits[-1]) <= len(options):
                return options[int(digits[-1]) - 1]
            raise Invalid(t("grunwald.play.secret_invalid", n=len(options)))

        undo = (t("grunwald.play.secret_retype", player=chosen[-1][0]) if chosen
                else t("grunwald.play.secret_undo"))
        # each card in its player's private moment (their hand listed, the field masked too)
        yield private(t, name)
        yield Notice([yours(state, t, name)])
        card = yield Secret("skirmish.card", t("grunwald.play.secret_card", player=name,
                                               options=listing, undo=undo), pick)
        yield Public()
        if card is UNDO and not chosen:
            return UNDO
        if card is UNDO:  # the previous player types their card again; the others' stay
            previous, _ = chosen.pop()
            yield Notice([Line(t("grunwald.play.secret_again", player=previous), "muted")])
            continue
        chosen.append((name, card))
    yield Notice([Line(t("grunwald.play.skirmish_revealed", cards=", ".join(
        f"{n}: {card_name(t, c)}" for n, c in chosen)), "strong")])
    return SkirmishCards(tuple(chosen))


def _losses(state: GrunwaldState, t: Catalog, d) -> Dialog:
    p = state.player(d.player)
    owed = d.owed
    total = p.loss_value()
    if total <= owed:
        everything = [f"hand/{c}" for c, k in sorted(p.hand.items()) if c != "peasant" for _ in range(k)]
        everything += [f"camp/{c}" for c, k in sorted(p.camp.items()) for _ in range(k)]
        if p.provisions:
            everything.append(f"provisions:{p.provisions}")
        key = "losses_everything" if total < owed else "losses_everything_exact"
        answer = yield Select("losses.everything", t(f"grunwald.play.{key}", player=p.name,
                                                     owed=owed, value=total),
                              [Choice(t("grunwald.play.continue_choice"), True), _undo_choice(t)])
        return UNDO if answer is UNDO else PayLosses(p.name, tuple(everything))
    items: list[str] = []
    hand, camp, provisions = dict(p.hand), dict(p.camp), p.provisions
    value = 0
    advised, why = _loss_advice(state, t, p.name, owed)
    keys = _stable_keys([f"{source}/{c}" for pile, source in ((camp, "camp"), (hand, "hand"))
                         for c in sorted(pile) if c != "peasant"])
    while True:
        # The referee's advice first, so that Enter accepts it (the choice stays the player's).
        choices: list[Choice] = [advised] if advised is not None and not items else []
        if choices:  # why, on its own line: a menu cuts long choices
            assert why is not None  # given with the advice
            yield why
        for pile, source in ((camp, "camp"), (hand, "hand")):
            for c in sorted(pile):
                if c != "peasant":
                    item = f"{source}/{c}"
                    choices.append(Choice(card_name(t, item), item, keys.get(item)))
        if provisions:
            choices.append(Choice(t("grunwald.play.losses_provisions", have=provisions),
                                  ("provisions", provisions), "p"))
        if value >= owed:
            choices.append(Choice(t("grunwald.play.losses_done"), "done", DONE_KEY))
        if items:
            choices.append(Choice(t("grunwald.play.losses_restart"), "restart", "r"))
        choices.append(_undo_choice(t))
        shown = ", ".join(card_name(t, i) for i in items) or t("grunwald.summary.none")
        answer = yield Select("losses.item", t("grunwald.play.losses", player=p.name, owed=owed,
                                               value=value, items=shown), choices,
                              default=_paid_default(value, owed, items),
                              # (no advice and nothing to finish or start again: no safe choice)
                              safe_default=_paid_default(value, owed, items) is not None
                              or isinstance(choices[0].value, Advised))
        if answer is UNDO:
            return UNDO
        if isinstance(answer, Advised):
            return answer.action
        if answer == "done":
            return PayLosses(p.name, tuple(items))
        if answer == "restart":
            items, hand, camp, provisions, value = [], dict(p.hand), dict(p.camp), p.provisions, 0
            continue
        if isinstance(answer, tuple):  # ("provisions", held)
            def amount(text: str, have=provisions) -> int:
                if text.strip().isdigit() and 1 <= int(text) <= have:
                    return int(text)
                # (issue 22 trial: the refusal says what may be typed, and why: no more than held)
                raise Invalid(t("grunwald.play.losses_amount_refused", player=p.name, have=have))

            left = max(0, owed - value)
            message = t("grunwald.play.losses_amount", have=provisions, left=left)
            if provisions == 1:
                n = 1  # nothing to ask
                yield only_notice(t, message, "1")
            else:  # Enter alone pays what is still owed (or all that is held)
                n = yield Text("losses.provisions", message, amount,
                               default=str(min(provisions, max(1, left))))
                # NG-S4: more than the debt may be given up, but provisions can be paid exactly
                # (change from the bank, NG-C4): more is asked again, and Enter alone says no
                if n > left and not (yield Confirm("losses.overpay", t(
                        "grunwald.play.losses_overpay", n=n, left=left))):
                    continue
            provisions -= n
            value += n
            items.append(f"provisions:{n}")
        else:
            source, c = answer.split("/", 1)
            pile = camp if source == "camp" else hand
            take(pile, c)
            value += CARDS[c][1]
            items.append(answer)
        if value == owed:  # paid exactly: anything more would only lose more
            return PayLosses(p.name, tuple(items))
        if value >= owed and not (provisions or any(k != "peasant" for k in (*hand, *camp))):
            return PayLosses(p.name, tuple(items))


def _paid_default(value: int, owed: int, items: list[str]) -> str | None:
    """Issue 22: Enter never throws a card away the player did not pick.  Once the debt is
    covered, Enter finishes the payment; part-way through one the player chose by hand, Enter
    starts it again (nothing is discarded); at the start, Enter takes the referee's advice."""
    if value >= owed:
        return "done"
    return "restart" if items else None


def _feeding(state: GrunwaldState, t: Catalog, d) -> Dialog:
    p = state.player(d.player)
    hand, camp = dict(p.hand), dict(p.camp)
    items: list[str] = []
    keys = _stable_keys([f"{src}/{c}" for pile, src in ((hand, "hand"), (camp, "camp"))
                         for c in sorted(pile) if CARDS[c][0] in ("crown", "mercenary")])
    every = [f"{src}/{c}" for pile, src in ((hand, "hand"), (camp, "camp"))
             for c in sorted(pile) if CARDS[c][0] in ("crown", "mercenary") for _ in range(pile[c])]
    if d.owed >= len(every):  # every knight goes (0 provisions): nothing to choose
        yield only_notice(t, t("grunwald.play.feeding", player=p.name, left=d.owed,
                               provisions=p.provisions, knights=p.knight_count()),
                          cards_text(t, every))
        return Feed(p.name, tuple(every))
    advised, why = _feeding_advice(state, t, p.name)
    while len(items) < d.owed:
        choices = [advised] if advised is not None and not items else []
        if choices:
            assert why is not None  # given with the advice
            yield why
        choices += [Choice(card_name(t, f"{src}/{c}"), f"{src}/{c}", keys.get(f"{src}/{c}"))
                    for pile, src in ((hand, "hand"), (camp, "camp"))
                    for c in sorted(pile) if CARDS[c][0] in ("crown", "mercenary")]
        choices.append(_undo_choice(t))
        answer = yield Select("feeding.card", t("grunwald.play.feeding", player=p.name,
                                                left=d.owed - len(items), provisions=p.provisions,
                                                knights=p.knight_count()), choices,
                              safe_default=isinstance(choices[0].value, Advised))  # (the advice)
        if answer is UNDO:
            return UNDO
        if isinstance(answer, Advised):
            return answer.action
        source, c = answer.split("/", 1)
        take(hand if source == "hand" else camp, c)
        items.append(answer)
    return Feed(p.name, tuple(items))


# The referee's advice as the first choice of a menu (key 0: free while nothing is chosen yet), and
# why, as a notice above the menu.


def why_notice(t: Catalog, reason: str) -> Notice:
    return Notice([Line(t("grunwald.advice.why", reason=reason))])


def _loss_advice(state: GrunwaldState, t: Catalog, player: str, owed: int
                 ) -> tuple[Choice | None, Notice | None]:
    """NG-S4: the payment that keeps the player's final score highest once the round is resolved
    (the model of ``advice``)."""
    from referee.games.grunwald import advice

    a = advice.advise_losses(state, player, owed)
    action = PayLosses(player, a.best.items)
    try:
        engine.apply(state.copy(), action)  # never offer what the engine would refuse
    except RuleError:
        return None, None
    return (Choice(t("grunwald.advice.pay_choice", items=cards_text(t, list(a.best.items))),
                   Advised(action), "0"), why_notice(t, advice.loss_reason(t, a)))


def _feeding_advice(state: GrunwaldState, t: Catalog, player: str
                    ) -> tuple[Choice | None, Notice | None]:
    """NG-E1: the knights to give up that keep the player's final score highest."""
    from referee.games.grunwald import advice

    a = advice.advise_feeding(state, player)
    action = Feed(player, a.items)
    try:
        engine.apply(state.copy(), action)
    except RuleError:
        return None, None
    return (Choice(t("grunwald.advice.feed_choice", cards=cards_text(t, list(a.items))),
                   Advised(action), "0"), why_notice(t, advice.feeding_reason(t, a)))
