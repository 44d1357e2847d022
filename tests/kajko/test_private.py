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


def test_issue22_csv_of_a_game_in_progress_leaves_the_face_down_town_blank(tmp_path):
    """``referee export --format csv`` of a game in progress: what lies face down on the
    characters (coins, 5- and 10-ducat items) is blank, only how many cards were sent; a table
    that plays open sees it."""
    import csv
    import io

    from referee.cli import commands
    from referee.core.service import SessionService
    from referee.store.sessions import Store
    from tests.conftest import EXAMPLES

    store = Store(tmp_path)
    commands.import_records(store, [EXAMPLES / "kajko" / "in-progress-five-players.json"], "k",
                            None, "en")
    service = SessionService(store)
    rows = list(csv.DictReader(io.StringIO(service.export("k", "csv"))))
    assert len(rows) == 5 and any(int(r["items_sent"]) for r in rows)
    for r in rows:
        assert r["coins_in_town"] == r["items_5_in_town"] == r["items_10_in_town"] == ""
    with service.open_live("k", open_table=True) as live:
        live.keep_choices()
    shown = list(csv.DictReader(io.StringIO(service.export("k", "csv"))))
    assert all(r["coins_in_town"] != "" for r in shown)
    assert any(int(r["coins_in_town"]) + int(r["items_5_in_town"]) + int(r["items_10_in_town"])
               for r in shown)
