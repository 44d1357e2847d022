"""Issue 25, War Chest item 3 (the rest): the Royal Guard's card (WC-U13) of a dealt or freely
chosen game is asked once the cards are told, and only when a Royal Guard is among them; the
record keeps it where it always did (``options.royal_guard``), and older records read the same."""

from __future__ import annotations

import copy

import pytest

from referee.core import jsonio
from referee.core.errors import RecordError
from referee.core.text import catalog
from referee.games.warchest import engine, record
from referee.games.warchest.actions import Deal, Flip, GuardCard
from referee.games.warchest.news import describe
from referee.store.sessions import Store
from tests.warchest.test_live import TWO, WarTable, final_state, run, target_game

#: seed 2 deals the Royal Guard to Bartek, the last player; seed 3 deals none
WITH_GUARD, WITHOUT_GUARD = 2, 3


class NotAtSetup:
    """The answer to the Royal Guard's question at setup: there is none, the cards are not known."""

    def __next__(self):
        raise AssertionError("the Royal Guard's card was asked at setup, before the cards were dealt")


def new_answers(method: str) -> dict:
    return {"new.count": 2, "new.first_player": TWO[0], "new.player": iter(TWO[1:]),
            "warchest.setup.method": method, "warchest.setup.royal_guard": NotAtSetup()}


def entered(seed: int, method: str, card: str = "nobility", lang: str = "en", tmp_path=None):
    """``referee new --game warchest`` at the table: the setup, the deal, (the Royal Guard's card),
    the flip and the first draw, through the real prompts; then Ctrl-C."""
    store = Store(tmp_path)
    _, target = target_game(seed, TWO, {"method": method})
    target = [GuardCard(card) if isinstance(a, GuardCard) else a for a in target[:5]]
    table = WarTable(store, target, setup=new_answers(method), lang=lang)
    run(store, table, new=[], lang=lang, interrupted=True)
    keys = [q.key for q in table.asked]
    return store, table, target, keys


@pytest.mark.parametrize("method", ["random", "custom"])
def test_WC_U13_the_royal_guard_card_is_asked_after_the_deal_when_one_is_dealt(tmp_path, method):
    store, table, _target, keys = entered(WITH_GUARD, method, tmp_path=tmp_path)
    assert "warchest.setup.royal_guard" not in keys  # not at setup: the cards were not known
    assert keys.count("warchest.royal_guard") == 1
    last_card = len(keys) - 1 - keys[::-1].index("warchest.units")
    assert keys.index("warchest.royal_guard") > last_card  # after the last player's cards
    assert keys.index("warchest.royal_guard") < keys.index("warchest.initiative")
    doc = store.open(table.sid, write=False).record
    assert doc["options"] == {"royal_guard": "nobility"}
    assert list(doc).index("options") < list(doc).index("players")  # where it always was
    state = final_state(store, table.sid)
    assert state.options["royal_guard"] == "nobility"


def test_WC_U13_the_royal_guard_card_is_not_asked_when_none_is_dealt(tmp_path):
    store, table, target, keys = entered(WITHOUT_GUARD, "random", lang="pl", tmp_path=tmp_path)
    assert not any(isinstance(a, GuardCard) for a in target)
    assert "warchest.initiative" in keys and "warchest.draw" in keys  # the game went on
    assert "warchest.setup.royal_guard" not in keys and "warchest.royal_guard" not in keys
    assert "options" not in store.open(table.sid, write=False).record


def dealt(guard: bool) -> list:
    seed = WITH_GUARD if guard else WITHOUT_GUARD
    return target_game(seed, TWO, {"method": "random"})[1]


def test_WC_U13_the_engine_asks_the_card_after_the_deal_only_with_a_royal_guard():
    for guard in (True, False):
        state = engine.new_state(TWO, {"method": "random"})
        for a in dealt(guard)[:2]:
            assert engine.decision(state).kind == "units"
            engine.apply(state, a)
        d = engine.decision(state)
        assert d.kind == ("royal_guard" if guard else "initiative")
        if guard:
            assert engine.legal_actions(state) == [GuardCard("base"), GuardCard("nobility")]
            with pytest.raises(RecordError) as err:
                engine.apply(state, GuardCard("gold"))
            assert err.value.rule == "WC-U13"
    # the card told at setup (a record asked before the deal) is not asked again
    state = engine.new_state(TWO, {"method": "random", "options": {"royal_guard": "nobility"}})
    for a in dealt(True)[:2]:
        engine.apply(state, a)
    assert engine.decision(state).kind == "initiative"
    # the other setups: never (the first game, the battles and the draft are known at setup)
    for method in ("historic:crecy", "historic:gaugamela"):
        assert engine.decision(engine.new_state(TWO, {"method": method})).kind == "initiative"


def test_WC_U13_a_flip_right_after_the_deal_uses_the_base_card_as_a_record_does():
    """An older record (and an entry list) goes from the deal to the flip: the base card."""
    state = engine.new_state(TWO, {"method": "random"})
    for a in dealt(True)[:2]:
        engine.apply(state, a)
    engine.apply(state, Flip("Ola"))
    assert state.options["royal_guard"] == "base" and engine.decision(state).kind == "draw"


def header(guard_option: str | None, initiative: bool = True) -> dict:
    deals = [a for a in dealt(True) if isinstance(a, Deal)]
    doc: dict = {"game": "war-chest", "format": 1}
    if guard_option is not None:
        doc["options"] = {"royal_guard": guard_option}
    doc["players"] = [{"name": d.player, "side": side, "units": list(d.units)}
                      for d, side in zip(deals, ("raven", "wolf"))]
    doc["setup"] = {"method": "random"}
    if initiative:
        doc["initiative"] = "Ola"
    doc["rounds"] = []
    return doc


@pytest.mark.parametrize("guard_option", [None, "base", "nobility"])
def test_WC_U13_older_records_read_and_write_the_same(guard_option):
    """Records written when the card was asked at setup: without ``options`` the base card, with
    it the card it names; each is written back byte for byte."""
    doc = header(guard_option)
    parsed = record.parse_record(copy.deepcopy(doc))
    state, steps = parsed.replay()
    assert state.options["royal_guard"] == (guard_option or "base")
    assert [s.action for s in steps if isinstance(s.action, GuardCard)] == [GuardCard(guard_option)]
    again = record.write_record(parsed.players, steps, parsed.meta)
    assert jsonio.dumps_pretty(again) == jsonio.dumps_pretty(doc)


def test_WC_U13_a_record_stopped_after_the_deal_waits_for_the_card_and_undo_takes_it_back():
    waiting = record.parse_record(header(None, initiative=False))
    state, steps = waiting.replay()
    assert engine.decision(state).kind == "royal_guard"  # asked when the game goes on
    engine.apply(state, GuardCard("nobility"))
    told = record.write_record(waiting.players, [*(s.action for s in steps), GuardCard("nobility")],
                               waiting.meta)
    assert told["options"] == {"royal_guard": "nobility"}
    # resumed from that record, the card is its last entry: taking it back removes the option
    parsed = record.parse_record(told)
    state, steps = parsed.replay()
    assert steps[-1].action == GuardCard("nobility") and steps[-1].location == "options.royal_guard"
    undone = record.write_record(parsed.players, [s.action for s in steps[:-1]], parsed.meta)
    assert "options" not in undone
    assert engine.decision(record.parse_record(undone).replay()[0]).kind == "royal_guard"


def test_WC_U13_the_card_told_is_described_in_both_languages():
    for lang, word in (("en", "Nobility"), ("pl", "Szlachty")):
        assert word in describe(catalog(lang), GuardCard("nobility"))
