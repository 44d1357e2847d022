"""Nim's rules (one test per rule id of rules.md), its record's errors and its catalogs (the
shared tests/test_catalogs.py reads only the registered games' catalogs)."""

from __future__ import annotations

import pytest

from referee.core.errors import RecordError, RuleError
from tests.conftest import registered
from tests.nim import engine
from tests.nim.actions import Take
from tests.nim.game import GAME
from tests.nim.record import parse_record, write_record

P = ["Ala", "Bob"]


def replay(takes, **meta):
    return parse_record(write_record(P, [Take(*t) for t in takes], meta)).replay()[0]


def test_NM_1_two_players_alternate_the_first_named_starts():
    with pytest.raises(RuleError) as caught:
        engine.new_state(["Ala"])
    assert caught.value.rule == "NM-1"
    state = engine.new_state(P)
    assert engine.decision(state).player == "Ala"
    engine.apply(state, Take("Ala", 1, 1))
    with pytest.raises(RuleError) as caught:
        engine.apply(state, Take("Ala", 1, 1))
    assert (caught.value.rule, caught.value.location) == ("NM-1", ".player")


def test_NM_2_the_heaps_are_the_tables_setup_checked_where_the_record_says():
    assert replay([]).heaps == [3, 4, 5]
    assert replay([], heaps=[1, 7]).heaps == [1, 7]
    for heaps, at in (([], "heaps"), ([3, 0], "heaps[1]"), ([16], "heaps[0]"), ([1] * 7, "heaps")):
        with pytest.raises(RuleError) as caught:
            parse_record(write_record(P, [], {"heaps": heaps}))
        assert (caught.value.rule, caught.value.location) == ("NM-2", at)


def test_NM_3_a_take_is_one_to_three_from_one_heap_never_more_than_it_holds():
    state = replay([], heaps=[2, 5])
    assert {(a.heap, a.count) for a in engine.legal_actions(state)} == {
        (1, 1), (1, 2), (2, 1), (2, 2), (2, 3)}
    for take, where in ((Take("Ala", 3, 1), ".heap"), (Take("Ala", 2, 4), ".count"),
                        (Take("Ala", 2, 0), ".count"), (Take("Ala", 1, 3), ".count")):
        before = state.snapshot()
        with pytest.raises(RuleError) as caught:
            engine.apply(state, take)
        assert (caught.value.rule, caught.value.location) == ("NM-3", where)
        assert state.snapshot() == before  # refused: nothing changed
    with pytest.raises(RecordError) as caught:  # the record reader names the entry
        replay([("Ala", 1, 1), ("Bob", 1, 2)], heaps=[2, 5])
    assert caught.value.location == "takes[1].count"


def test_NM_4_who_takes_the_last_counter_wins_or_loses_in_misere():
    takes = [("Ala", 1, 3), ("Bob", 2, 1)]
    normal = replay(takes, heaps=[3, 1])
    assert engine.is_over(normal) and normal.winners() == ["Bob"]
    assert engine.points(normal) == {"Ala": 0, "Bob": 1}
    misere = replay(takes, heaps=[3, 1], variants={"misere": True})
    assert misere.winners() == ["Ala"]
    with pytest.raises(RuleError) as caught:
        engine.apply(normal, Take("Ala", 1, 1))
    assert caught.value.rule == "NM-4"


def test_the_record_keeps_its_setup_and_refuses_unknown_variants():
    doc = write_record(P, [], {"heaps": [1, 2], "variants": {"misere": True}, "colors": {}})
    assert list(doc) == ["game", "format", "players", "heaps", "variants", "takes"]
    assert parse_record(doc).meta == {"heaps": [1, 2], "variants": {"misere": True}}
    with pytest.raises(RecordError) as caught:
        parse_record({**doc, "variants": {"reverse": True}})
    assert caught.value.location.startswith("variants")


def test_the_catalogs_have_the_same_keys_and_numbers_agree_with_their_nouns():
    import tests.test_catalogs as shared

    with registered(GAME):
        shared.test_every_language_has_every_key_with_the_same_placeholders()
        shared.test_no_number_stands_before_a_word_that_does_not_agree_with_it()
        shared.test_inline_plural_forms_have_every_form_of_the_language()
