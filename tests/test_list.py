"""``referee list`` at the table: every unfinished session, the most recent finished ones."""

from __future__ import annotations

import io
import json
import re

from rich.console import Console

from referee.cli import archive as commands
from referee.core import jsonio
from referee.core.registry import get
from referee.store.sessions import Store
from tests.conftest import EXAMPLES


def test_list_shows_the_recent_finished_and_every_unfinished(tmp_path, capsys):
    store = Store(tmp_path)
    game = get("grunwald")
    done = jsonio.loads((EXAMPLES / "two-players.json").read_text(encoding="utf-8"))
    partial = jsonio.loads((EXAMPLES / "in-progress-three-players.json").read_text(encoding="utf-8"))
    state = game.parse_record(done).replay()[0]
    items = [(f"done {i:02}", game.name, done, "en", True, game.result_summary(state)) for i in range(25)]
    items.insert(3, ("still playing", game.name, partial, "en", False, None))
    for s in store.create_many(items):
        s.close()
    commands.list_sessions(store, False, "en")
    out = capsys.readouterr().out
    assert "still-playing" in out  # (the id says the name: no column of names)
    assert "Name" not in out
    assert out.count("done-") == commands.LIST_FINISHED
    assert "… and 5 older finished sessions (referee list --all shows every one)." in out
    commands.list_sessions(store, False, "en", show_all=True)
    assert capsys.readouterr().out.count("done-") == 25
    commands.list_sessions(store, True, "en")
    assert len(json.loads(capsys.readouterr().out)) == 26


def test_list_fits_80_columns_one_line_per_session(tmp_path):
    """At 80 columns every session is one line: the id whole, the date in a compact form that
    never wraps, long names, players and statuses cut with an ellipsis."""
    import io

    store = Store(tmp_path)
    game = get("grunwald")
    done = jsonio.loads((EXAMPLES / "four-players.json").read_text(encoding="utf-8"))
    partial = jsonio.loads((EXAMPLES / "in-progress-three-players.json").read_text(encoding="utf-8"))
    state = game.parse_record(done).replay()[0]
    items = [("a very long session name for the friday evening game", game.name, done, "en", True,
              game.result_summary(state)),
             ("in-progress-three-players", game.name, partial, "en", False, None)]
    for s in store.create_many(items):
        s.close()
    out = Console(width=80, file=io.StringIO(), record=True)
    commands.list_sessions(store, False, "en", console=out)
    lines = out.export_text().splitlines()
    assert all(len(line) <= 80 for line in lines), lines
    ids = [s["id"] for s in store.entries()]
    body = [line for line in lines if any(f" {sid} " in line for sid in ids)]
    assert len(body) == 2, lines  # one line each: nothing wrapped
    assert "│" not in "".join(lines)  # (no column borders: their width goes to the names)
    assert all(re.search(r" \d\d-\d\d \d\d:\d\d\s*$", line) for line in body), body
    assert any("…" in line for line in body)


def test_list_names_a_session_only_where_its_id_does_not(tmp_path):
    """An id is its session's name slugified (``Friday`` → ``friday``): a column repeating the
    names would only take the width the players and the status need."""
    store = Store(tmp_path)
    game = get("grunwald")
    partial = jsonio.loads((EXAMPLES / "in-progress-three-players.json").read_text(encoding="utf-8"))
    for s in store.create_many([("Friday", game.name, partial, "en", False, None)]):
        s.close()
    out = io.StringIO()
    commands.list_sessions(store, False, "en", console=Console(width=100, file=out))
    assert "Name" not in out.getvalue() and "friday" in out.getvalue()


def test_compact_time():
    from datetime import datetime

    now = datetime(2026, 11, 23)
    assert commands.compact_time("2026-11-23T20:08:31.123", now) == "11-23 20:08"
    assert commands.compact_time("2025-01-02T10:00:00", now) == "2025-01-02"
    assert commands.compact_time(None, now) == ""


def test_list_at_80_columns_shows_who_won(tmp_path):
    """Issue 25: the status of a finished game was cut to "finished — …", hiding the winner."""
    store = Store(tmp_path)
    game = get("grunwald")
    done = jsonio.loads((EXAMPLES / "four-players.json").read_text(encoding="utf-8"))
    state = game.parse_record(done).replay()[0]
    winners = ", ".join(game.result_summary(state)["winners"])
    items = [("friday evening game", game.name, done, "en", True, game.result_summary(state)),
             ("another game at the club", game.name, done, "en", True, game.result_summary(state))]
    for s in store.create_many(items):
        s.close()
    out = Console(width=80, file=io.StringIO(), record=True)
    commands.list_sessions(store, False, "en", console=out)
    text = out.export_text()
    assert text.count(f"won by {winners}") == 2, text
    assert all(len(line) <= 80 for line in text.splitlines())
