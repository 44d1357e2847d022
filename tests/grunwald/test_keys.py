"""Issue 22: keys land where they are meant in Na Grunwald!'s loss payment (the real prompts)."""

from __future__ import annotations

import random

from referee.core.text import catalog
from referee.games.grunwald import bot, engine
from referee.games.grunwald.actions import PayLosses
from referee.games.grunwald.cards import CARDS
from referee.games.grunwald.dialog import ask
from tests.test_keys import drive


def _debt(card_of):
    """The first loss payment of random games where ``card_of(player, decision)`` names a camp
    card (else ``None``): (state, decision, ``camp/<card>``)."""
    for seed in range(300):
        rng = random.Random(seed)
        state = engine.new_state(["Marek", "Jacek", "Kasia", "Ania"])
        while (d := engine.decision(state)) is not None:
            if d.kind == "losses" and (card := card_of(state.player(d.player), d)) is not None:
                return state, d, f"camp/{card}"
            engine.apply(state, bot.random_action(state, rng))
    raise AssertionError("no such debt in 300 games")


def _overpaying_debt():
    """A state where the player paying losses holds, in the camp, a card worth more than the
    debt, and more besides (the debt is paid by choosing, not all at once)."""
    def card_of(p, d):
        big = sorted(c for c in p.camp if CARDS[c][1] > d.owed)
        return big[0] if big and p.loss_value() > CARDS[big[0]][1] else None

    return _debt(card_of)


def _questions(dialog):
    """The dialog, keeping every question it asks."""
    asked: list = []

    def spy():
        q = next(dialog)
        try:
            while True:
                asked.append(q)
                q = dialog.send((yield q))
        except StopIteration as stop:
            return stop.value

    return spy(), asked


def _key_of(state, t, card) -> str:
    """The key of ``card`` in the first loss-payment menu."""
    probe = ask(state, t)
    q = next(probe)
    while getattr(q, "key", "") != "losses.item":
        q = probe.send(None)
    return next(c.key for c in q.choices if c.value == card)


def test_once_the_losses_are_covered_enter_finishes_the_payment():
    """``paid so far 15`` after owing 9: the highlight stayed on a card, so Enter threw one more
    away.  Now, the debt covered, the highlight (Enter) is Done."""
    state, d, card = _overpaying_debt()
    t = catalog("en")
    key = _key_of(state, t, card)
    dialog, seen = _questions(ask(state, t))
    result, asked, _ = drive(dialog, {"losses.item": [key, "\r"]})
    assert asked == ["private", "losses.item", "losses.item"]  # in the payer's private moment
    assert result == PayLosses(d.player, (card,))
    assert [q.default for q in seen if getattr(q, "key", "") == "losses.item"][-1] == "done"


def test_key_0_is_the_advice_and_never_done_and_done_keeps_its_own_key():
    """Trial (issue 22): ``0`` meant "★ Advised" at the start of a payment and "Done" once the
    debt was covered.  A key keeps its meaning all game: ``0`` is the advice only (at a covered
    debt it answers nothing), Done is ``d`` whenever it is offered."""
    import pytest

    from referee.games.grunwald.dialog import DONE_KEY, Advised

    state, d, card = _overpaying_debt()
    t = catalog("en")
    key = _key_of(state, t, card)
    dialog, seen = _questions(ask(state, t))
    with pytest.raises(AssertionError, match=r"no answer was accepted at losses\.item"):
        drive(dialog, {"losses.item": [key, "0\x03"]})  # 0 at the covered debt: nothing
    first, covered = [q for q in seen if getattr(q, "key", "") == "losses.item"]
    assert [c.key for c in first.choices if isinstance(c.value, Advised)] == ["0"]
    assert DONE_KEY == "d" and [c.value for c in covered.choices if c.key == "d"] == ["done"]
    assert all(c.key != "d" for c in first.choices)
    result, _, _ = drive(ask(state, t), {"losses.item": [key, "d"]})
    assert result == PayLosses(d.player, (card,))


def _partial_debt():
    """A state where the player paying losses holds a card worth less than the debt and enough
    besides to cover it (a payment chosen card by card)."""
    def card_of(p, d):
        small = sorted((c for c in p.camp if 0 < CARDS[c][1] < d.owed), key=lambda c: CARDS[c][1])
        return small[0] if small and p.loss_value() > d.owed else None

    return _debt(card_of)


def test_part_way_through_a_payment_enter_throws_no_card_away():
    """Trial (issue 22): owing 7, a mercenary 5 taken by hand, Enter discarded the highlighted
    crown 6 ("paid so far 11").  Part-way through a payment chosen by hand, Enter starts it again:
    nothing is discarded that the player did not pick."""
    state, _d, card = _partial_debt()
    t = catalog("en")
    key = _key_of(state, t, card)
    dialog, seen = _questions(ask(state, t))
    # the card by hand, then Enter (the default), then the whole advice (key 0 on a fresh start)
    result, _asked, _ = drive(dialog, {"losses.item": [key, "\r", "0"]})
    menus = [q for q in seen if getattr(q, "key", "") == "losses.item"]
    assert menus[1].default == "restart"  # part-way: Enter discards nothing
    assert len(menus) == 3 and [c.value for c in menus[2].choices][0] != card  # started again
    assert card not in result.items or result.items.count(card) == 1


def test_the_helper_purchase_highlights_no():
    """Enter alone never spends ducats: the default of the helper purchase is No."""
    for seed in range(300):
        rng = random.Random(seed)
        state = engine.new_state(["Marek", "Jacek", "Kasia"])
        while (d := engine.decision(state)) is not None:
            if d.kind == "helper_purchase":
                dialog = ask(state, catalog("en"))
                next(dialog)  # the board
                q = dialog.send(None)
                assert q.key == "helper_purchase" and q.default is False
                result, _, _ = drive(ask(state, catalog("en")), {"helper_purchase": "\r"})
                assert result.buy is False
                return
            engine.apply(state, bot.random_action(state, rng))
    raise AssertionError("no helper purchase in 300 games")


def _pawn_answered_then_ducats():
    """A placement turn where, on a field, the pawn (and the helpers' count) is the only
    possibility and the ducats that go along are asked: (state, field, the ducats possible)."""
    from referee.games.grunwald.actions import Place

    for seed in range(300):
        rng = random.Random(seed)
        state = engine.new_state(["Marek", "Jacek", "Kasia", "Ania"])
        while (d := engine.decision(state)) is not None:
            if d.kind == "placement":
                places = [a for a in engine.legal_actions(state) if isinstance(a, Place)]
                for field in ("provisions", "mercenaries"):
                    here = [a for a in places if a.field == field]
                    ducats = sorted({a.ducats for a in here})
                    if (here and len({a.pawn for a in here}) == 1 and len({a.count for a in here}) == 1
                            and 1 in ducats and len(ducats) > 2 and len(ducats) <= 10):
                        return state, field, ducats
            engine.apply(state, bot.random_action(state, rng))
    raise AssertionError("no such placement in 300 games")


def test_a_key_typed_across_the_pawn_answered_by_the_referee_is_not_a_ducat(monkeypatch):
    """Na Grunwald! at the table: the pawn question was answered by the referee ("only
    possibility"), and the ``1`` the player typed for it became 1 ducat in the next question.
    The automatic answer says so and waits for no key; what was typed before the ducats question
    was on the screen is thrown away, and the ducats are the ones typed once it is."""
    from referee.games.grunwald.actions import FIELDS
    from tests.test_keys import WhileDrawn

    state, field, ducats = _pawn_answered_then_ducats()
    want = next(v for v in ducats if v not in (0, 1))
    t = catalog("en")
    stray = WhileDrawn(monkeypatch, "1", [str(FIELDS.index(field) + 1), str(want)])
    dialog, seen = _questions(ask(state, t))
    result, asked, out = drive(dialog, {}, while_drawn=stray)
    assert asked == ["placement.field", "placement.ducats"]  # the pawn: not asked, said
    assert "(only choice)" in out
    assert result.field == field and result.ducats == want
