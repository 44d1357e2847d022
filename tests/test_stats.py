"""``referee stats`` over finished sessions (from the archive's index, not replays)."""

from __future__ import annotations

import json

from referee.cli import archive as views
from referee.cli import commands
from referee.store.sessions import Store
from tests.conftest import EXAMPLES


def stats(capsys, store, **filters):
    args = {"player": None, "players_count": None, "since": None, "game_name": None}
    args.update(filters)
    views.show_stats(store, as_json=True, lang="en", **args)
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


def test_stats_for_one_player_shows_only_that_players_figures(tmp_path, capsys):
    """``--player Marek``: Marek's row, titles and columns, over the games Marek played; not his
    opponents' (they played other games too, which these figures do not count)."""
    from rich.console import Console

    store = archive(tmp_path)
    capsys.readouterr()
    s = stats(capsys, store, player="Marek")
    assert s["games"] == 2 and list(s["players"]) == ["Marek"]
    out = Console(width=120, record=True, file=open("/dev/null", "w"))
    views.show_stats(store, as_json=False, player="Marek", players_count=None, since=None,
                     game_name=None, lang="en", console=out)
    text = out.export_text()
    assert "Marek" in text and "2 finished games" in text
    for other in ("Jacek", "Kasia", "Ania", "Ola", "Bartek"):
        assert other not in text, other
    # the name as typed at a prompt, in any case
    assert stats(capsys, store, player="marek") == s and stats(capsys, store, player=" MAREK") == s


def test_stats_names_and_counts_the_damaged_sessions(tmp_path, capsys):
    """A session file that cannot be read is not silently left out of the figures: ``stats``
    names it (text and JSON) and exits as ``list`` does for it (0)."""
    import subprocess
    import sys

    store = archive(tmp_path)
    (tmp_path / "sessions" / "two-players" / "session.json").write_text("{not json")
    capsys.readouterr()
    views.show_stats(store, as_json=True, lang="en", player=None, players_count=None, since=None,
                     game_name=None)
    doc = json.loads(capsys.readouterr().out)
    assert doc["damaged"] == ["two-players"] and doc["games"]["na-grunwald"]["games"] == 2

    def referee(*args):
        return subprocess.run([sys.executable, "-m", "referee", "--data-dir", str(tmp_path), *args],
                              capture_output=True, text=True, env={"COLUMNS": "200", "PATH": ""})

    listed, counted = referee("list"), referee("stats")
    assert counted.returncode == listed.returncode == 0, counted.stderr
    assert "1 damaged session is counted nowhere: two-players" in counted.stdout
    assert "2 finished games" in counted.stdout
    pl = referee("--lang", "pl", "stats", "--player", "Marek")
    assert "1 uszkodzona partia nie jest nigdzie liczona: two-players" in pl.stdout
