"""``referee list`` at the table: every unfinished session, the most recent finished ones."""

from __future__ import annotations

import json

from referee.cli import commands
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
    assert "still playing" in out
    assert out.count("done ") == commands.LIST_FINISHED
    assert "… and 5 older finished sessions (referee list --all shows every one)." in out
    commands.list_sessions(store, False, "en", show_all=True)
    assert capsys.readouterr().out.count("done ") == 25
    commands.list_sessions(store, True, "en")
    assert len(json.loads(capsys.readouterr().out)) == 26
