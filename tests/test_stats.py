"""``referee stats`` over finished sessions (from the archive's index, not replays)."""

from __future__ import annotations

import json

from referee.cli import commands
from referee.store.sessions import Store
from tests.conftest import EXAMPLES


def stats(capsys, store, **filters):
    args = {"player": None, "players_count": None, "since": None, "game_name": None}
    args.update(filters)
    commands.show_stats(store, as_json=True, lang="en", **args)
    return json.loads(capsys.readouterr().out)["games"]["na-grunwald"]


def archive(tmp_path):
    store = Store(tmp_path)
    files = [EXAMPLES / n for n in ("two-players.json", "three-players.json", "four-players.json",
                                    "in-progress-three-players.json")]
    commands.import_records(store, files, None, None, "en")
    return store


def test_stats_over_finished_games(tmp_path, capsys):
    store = archive(tmp_path)
    capsys.readouterr()
    s = stats(capsys, store)
    assert s["games"] == 3  # the game in progress does not count
    marek = s["players"]["Marek"]  # 3 players: 31 points, 3rd; 4 players: 38 points, winner
    assert (marek["games"], marek["wins"], marek["win_rate"]) == (2, 1, 0.5)
    assert (marek["average_total"], marek["best_total"]) == (34.5, 38)
    assert marek["titles"] == {"crown_commander": 1, "mercenary_commander": 1, "quartermaster": 1}
    assert marek["average_points"]["knights"] == 23.5
    assert s["players"]["Ola"]["wins"] == 1 and s["players"]["Bartek"]["wins"] == 0
    assert all(p["average_skirmish_losses"] >= 0 for p in s["players"].values())


def test_stats_filters(tmp_path, capsys):
    store = archive(tmp_path)
    capsys.readouterr()
    assert stats(capsys, store, player="Ola")["games"] == 1
    assert stats(capsys, store, players_count=4)["games"] == 1
    assert stats(capsys, store, since="2026-10-10")["games"] == 2
    assert stats(capsys, store, since="2027-01-01") == {"games": 0, "players": {}}
