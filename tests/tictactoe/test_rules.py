"""The test game's rules, one test per rule id (the shared rule coverage checks the names)."""

from __future__ import annotations

import pytest

from referee.core.errors import RecordError
from referee.core.text import catalog
from tests.conftest import registered
from tests.tictactoe import engine
from tests.tictactoe.actions import Mark
from tests.tictactoe.game import GAME
from tests.tictactoe.record import parse_record, write_record

A, B = "Ala", "Bob"


def play(*cells: int):
    s = engine.new_state([A, B])
    for i, c in enumerate(cells):
        engine.apply(s, Mark((A, B)[i % 2], c))
    return s


def test_TT_1_two_players_alternate_x_first():
    with pytest.raises(RecordError) as info:
        engine.new_state([A])
    assert info.value.rule == "TT-1"
    s = play(5)
    assert s.current() == B
    with pytest.raises(RecordError) as info:
        engine.apply(s, Mark(A, 1))
    assert (info.value.rule, info.value.location) == ("TT-1", ".player")


def test_TT_2_a_move_marks_an_empty_cell():
    s = play(5)
    for cell in (5, 0, 10):
        with pytest.raises(RecordError) as info:
            engine.apply(s, Mark(B, cell))
        assert info.value.rule == "TT-2"
    assert len(engine.legal_actions(s)) == 8


def test_TT_3_three_in_a_row_wins_and_ends_the_game():
    s = play(1, 4, 2, 5, 3)
    assert s.over() and s.winners() == [A] and engine.legal_actions(s) == []
    doc = write_record([A, B], [*s.moves, Mark(B, 9)], {})
    with pytest.raises(RecordError) as info:
        parse_record(doc).replay()
    assert (info.value.rule, info.value.location) == ("TT-3", "moves[5]")


def test_TT_4_a_full_grid_without_a_line_is_a_shared_draw():
    s = play(1, 2, 3, 5, 4, 6, 8, 7, 9)
    assert s.over() and s.line() is None and s.winners() == [A, B]
    assert engine.points(s) == {A: 1, B: 1}
    assert engine.points(play(1, 4, 2, 5, 3)) == {A: 2, B: 0}


def test_its_catalogs_are_read_only_while_it_is_registered_and_speak_both_languages():
    assert not catalog("en").has("tictactoe.summary.draw")
    with registered(GAME):
        en, pl = catalog("en").entries, catalog("pl").entries
        mine = {k for k in en if k.startswith("tictactoe.")}
        assert mine and mine == {k for k in pl if k.startswith("tictactoe.")}
        assert catalog("pl")("tictactoe.summary.draw").startswith("Remis")
    assert not catalog("en").has("tictactoe.summary.draw")
