"""Issue 22 at the Kajko i Kokosz table: nothing is private to one player; what lies face down on
the characters ("żaden gracz nie może ich podglądać w trakcie gry") is shown only as a memory aid
(``--hints``) or to an open table, and ``show --json`` of a game in progress counts it."""

from __future__ import annotations

import random

from referee.core.report import Line, Table
from referee.core.text import catalog
from referee.games.kajko import bot, dialog, engine, output


def sent_state():
    rng = random.Random(5)
    state = engine.new_state(["Ola", "Bartek", "Ewa"], None, False, False)
    while not any(p.town for p in state.players):
        engine.apply(state, bot.random_action(state, rng))
    return state


def town_cells(state, **view):
    """The town column of the board, and the memory aid's lines of what is in town under it."""
    board = next(dialog.ask(state, catalog("en"), {}, **view))
    table = next(b for b in board.report if isinstance(b, Table))
    return [row[-1] for row in table.rows] + [b.text for b in board.report if isinstance(b, Line)
                                              and b.style == "aid"]


def test_issue22_the_towns_lie_face_down_unless_hints_or_open():
    state = sent_state()
    assert all(" of 3 character" in cell for cell in town_cells(state))
    hinted = town_cells(state, hints=True)
    assert hinted != town_cells(state) and hinted == town_cells(state, open=True)


def test_issue22_show_json_of_a_game_in_progress_counts_the_towns():
    state = sent_state()
    data = output.public_output(state, output.replay_output(state))
    assert all("town" not in e and "town_filled" in e for e in data["players"].values())
    assert any(e["town_filled"] for e in data["players"].values())
    kept = output.public_output(state, output.replay_output(state), hints=True)
    assert all("town" in e for e in kept["players"].values())
