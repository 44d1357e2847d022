"""Issue 22 trials at a Na Grunwald! table: the values the table types are the book's.

A refusal of the revealed cards says what is allowed (they are public: nothing private is named),
a ducat card's impossible value is refused with its rule (NG-C3, Decision NG-D4), and provisions
given up beyond the debt (legal, NG-S4) are asked again, Enter alone saying no."""

from __future__ import annotations

import random

import pytest

from referee.core import dialog as dialogs
from referee.core.dialog import Confirm, Invalid, Select, Text
from referee.core.errors import RuleError
from referee.core.text import catalog
from referee.games.grunwald import bot, engine
from referee.games.grunwald.actions import PayLosses, Reveal
from referee.games.grunwald.cards import DUCAT_VALUES, PROVISION_VALUES, REVEALED
from referee.games.grunwald.dialog import ask

PLAYERS = ["Marek", "Jacek", "Kasia", "Ania"]


def _reveal_questions(lang: str) -> dict[str, Text]:
    """The reveal's questions of round 1 (no event: the cards come first), by record key."""
    state = engine.new_state(PLAYERS)
    t = catalog(lang)
    dialog = ask(state, t)
    q, found = next(dialog), {}
    answers = {"crown": "5 2", "mercenary": "6 1", "provisions": "5 3", "ducats": "4 3 2"}
    try:
        while True:
            if isinstance(q, Text) and q.key.startswith("reveal."):
                name = q.key.split(".", 1)[1]
                found[name] = q
                q = dialog.send(q.parse(answers[name]))
            else:
                q = dialog.send(None)
    except StopIteration:
        return found


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_NG_C3_a_ducat_card_of_9_is_refused_with_the_rule_and_what_the_card_allows(lang):
    q = _reveal_questions(lang)["ducats"]
    with pytest.raises(Invalid) as refused:
        q.parse("9")
    text = str(refused.value)
    assert "NG-C3" in text and "9" in text
    lo, hi = DUCAT_VALUES
    assert f"{lo}" in text and f"{hi}" in text
    assert q.parse("6 1") == (6, 1) and q.parse(" 4, 3 2 ") == (4, 3, 2)


def test_NG_C3_a_ducat_card_of_9_is_refused_in_a_record_too():
    state = engine.new_state(PLAYERS)
    assert not engine.push_reveal(state, {"crown": [5, 2], "mercenary": [6, 1],
                                          "provisions": [5, 3], "ducats": [9]})
    with pytest.raises(RuleError) as refused:
        engine.apply(state, Reveal((5, 2), (6, 1), (5, 3), (9,), None))
    assert refused.value.rule == "NG-C3" and refused.value.location.endswith("ducats[0]")
    engine.apply(state, Reveal((5, 2), (6, 1), (5, 3), (6,), None))  # the highest is fine


@pytest.mark.parametrize("lang", ["en", "pl"])
@pytest.mark.parametrize("typed", ["", "x", "1 2 3 4 5", "0", "7 7"])
def test_every_refusal_of_the_revealed_cards_says_what_is_allowed(lang, typed):
    """The trial: "Every number must be in ≥ 1" or "Type 2 numbers" — never both, never what a
    card may hold.  Now each refusal names the count and the values of that card."""
    t = catalog(lang)
    for name, q in _reveal_questions(lang).items():
        lo_n, hi_n, lo, hi = REVEALED[name]
        try:
            q.parse(typed)
        except Invalid as refused:
            text = str(refused)
            span = t("grunwald.play.reveal_range", least=lo, most=hi)
            assert span in text, (name, text)
            allowed = t("grunwald.play.reveal_allowed_exact", count=lo_n, range=span) if lo_n == hi_n \
                else t("grunwald.play.reveal_allowed_between", least=lo_n, most=hi_n, range=span)
            assert text.endswith(allowed), (name, text)
        else:
            assert name == "provisions" and typed == "7 7"  # provisions have no upper bound


def _losses_with_provisions():
    """A loss payment chosen item by item whose payer holds provisions worth more than the debt
    and knights besides: (state, decision)."""
    for seed in range(400):
        rng = random.Random(seed)
        state = engine.new_state(PLAYERS)
        while (d := engine.decision(state)) is not None:
            if d.kind == "losses":
                p = state.player(d.player)
                if p.provisions > d.owed >= 1 and p.loss_value() > p.provisions:
                    return state, d
            engine.apply(state, bot.random_action(state, rng))
    raise AssertionError("no such loss payment in 400 games")


def _pay(state, t, d, amount: str, overpay: list[bool]):
    """Answer the payment: provisions, ``amount`` typed, each overpay question answered in turn
    (then, if asked again, exactly what is owed); returns (result, the overpay questions)."""
    asked: list[Confirm] = []
    overpay = list(overpay)

    def answer(q):
        if isinstance(q, Select) and q.key == "losses.item":
            if any(c.value == "done" for c in q.choices):
                return "done"  # the debt is covered
            return next(c.value for c in q.choices if isinstance(c.value, tuple))
        if isinstance(q, Text) and q.key == "losses.provisions":
            return q.parse(amount if overpay or not asked else str(d.owed))
        if isinstance(q, Confirm):
            asked.append(q)
            return overpay.pop(0)
        return None

    return dialogs.run(ask(state, t), answer), asked


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_NG_S4_provisions_beyond_the_debt_are_asked_again_and_enter_says_no(lang):
    """The book allows giving up more than owed ("Gracz może odrzucić więcej niż wymagana ilość
    punktów"), but provisions can always be paid exactly (change from the bank, NG-C4): the
    trial's table overpaid by a slip, accepted without a word."""
    state, d = _losses_with_provisions()
    t = catalog(lang)
    p = state.player(d.player)
    more = str(d.owed + 1)
    result, asked = _pay(state, t, d, more, [False])  # no: asked again, exactly the debt then
    assert len(asked) == 1 and asked[0].default is False  # Enter alone: no
    assert more in asked[0].message and str(d.owed) in asked[0].message
    assert "NG-" not in asked[0].message  # a question speaks the book's words, not its ids
    assert result == PayLosses(p.name, (f"provisions:{d.owed}",))
    result, asked = _pay(state, t, d, more, [True])  # yes: the table meant it (legal)
    assert result == PayLosses(p.name, (f"provisions:{more}",))
    engine.apply(state.copy(), result)
    result, asked = _pay(state, t, d, str(d.owed), [])  # exactly the debt: nothing asked
    assert not asked and result == PayLosses(p.name, (f"provisions:{d.owed}",))


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_NG_C3_a_provision_card_of_43_is_refused_with_the_rule_and_what_the_card_allows(lang):
    """Decision NG-D6: the trial typed ``43 2`` for the card ``4 3`` (a missed space) and it was
    taken.  A provision card shows one or two values, each 1–5; the refusal names the value typed
    and what the card allows."""
    t = catalog(lang)
    q = _reveal_questions(lang)["provisions"]
    lo, hi = PROVISION_VALUES
    for typed, value in (("43 2", 43), ("6", 6)):
        with pytest.raises(Invalid) as refused:
            q.parse(typed)
        text = str(refused.value)
        assert t("grunwald.play.reveal_value", value=value) in text  # "43 … (NG-C3)"
        assert t("grunwald.play.reveal_allowed_between", least=1, most=2,
                 range=t("grunwald.play.reveal_range", least=lo, most=hi)) in text
    assert q.parse("4 3") == (4, 3) and q.parse("5") == (5,) and q.parse("1, 5") == (1, 5)


def test_NG_C3_a_provision_card_of_43_is_refused_in_a_record_too():
    """The record reader refuses what the dialog refuses (one check: ``engine.check_revealed``)."""
    import json
    from pathlib import Path

    from referee.core.errors import RecordError
    from referee.core.registry import get

    state = engine.new_state(PLAYERS)
    assert not engine.push_reveal(state, {"crown": [5, 2], "mercenary": [6, 1],
                                          "provisions": [43, 2], "ducats": [4]})
    with pytest.raises(RuleError) as refused:
        engine.apply(state, Reveal((5, 2), (6, 1), (43, 2), (4,), None))
    assert refused.value.rule == "NG-C3" and refused.value.location.endswith("provisions[0]")
    engine.apply(state, Reveal((5, 2), (6, 1), PROVISION_VALUES[::-1], (4,), None))  # both bounds

    doc = json.loads((Path(__file__).parents[2] / "examples" / "two-players.json").read_text("utf-8"))
    doc["rounds"][0]["reveal"]["provisions"] = [43, 2]
    with pytest.raises(RecordError) as refused:
        get("grunwald").parse_record(doc).replay()
    assert refused.value.rule == "NG-C3"
    assert refused.value.location == "rounds[0].reveal.provisions[0]"
    assert "43" in refused.value.render("en") and "1–5" in refused.value.render("en")


def test_NG_C3_the_dialog_refuses_exactly_what_the_engine_refuses():
    """One rule path: every count and value the provision and ducat questions take, the engine
    takes, and every one they refuse, it refuses."""
    qs = _reveal_questions("en")
    for name in ("provisions", "ducats", "crown", "mercenary"):
        for values in ((), (0,), (1,), (5,), (6,), (7,), (43, 2), (4, 3), (6, 6), (1, 2, 3),
                       (1, 2, 3, 4)):
            try:
                engine.check_revealed(name, values)
                engine_takes = True
            except RuleError:
                engine_takes = False
            try:
                qs[name].parse(" ".join(map(str, values)))
                dialog_takes = True
            except Invalid:
                dialog_takes = False
            assert dialog_takes == engine_takes, (name, values)
