"""``referee replay`` through the real entry point: output, languages, errors and exit codes."""

from __future__ import annotations

import json
import re

import pytest

from tests.conftest import EXAMPLES, referee


def test_replay_json_of_a_complete_record():
    r = referee("replay", "--json", EXAMPLES / "four-players.json")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) == 1
    out = json.loads(lines[0])
    assert out["complete"] is True and out["round"] == 8 and out["winners"] == ["Marek"]
    assert out["players"]["Kasia"]["place"] == 2 and out["players"]["Jacek"]["place"] == 2
    assert set(out["players"]["Ania"]) == {"ducats", "provisions", "helpers", "hand", "camp",
                                           "score", "place"}


def test_replay_json_of_several_files_one_line_each():
    files = [EXAMPLES / "two-players.json", EXAMPLES / "in-progress-three-players.json"]
    r = referee("replay", "--json", *files)
    assert r.returncode == 0, r.stderr
    first, second = map(json.loads, r.stdout.splitlines())
    assert first["file"].endswith("two-players.json") and first["complete"] is True
    assert second["complete"] is False and second["round"] == 6


def test_replay_summary_english_and_polish():
    r = referee("replay", EXAMPLES / "four-players.json")
    assert r.returncode == 0, r.stderr
    assert "Winner: Marek with 38 points." in r.stdout
    assert "Round 4 (start player: Ania)" in r.stdout
    assert "Royal quartermaster: Marek, Jacek (+4" in r.stdout
    r = referee("--lang", "pl", "replay", EXAMPLES / "four-players.json")
    assert "Wygrywa: Marek — 38 pkt." in r.stdout and "Kwatermistrz królewski" in r.stdout
    r = referee("replay", EXAMPLES / "two-players.json", env={"REFEREE_LANG": "pl"})
    assert "Koniec gry" in r.stdout


def test_replay_summary_of_a_game_in_progress():
    r = referee("replay", EXAMPLES / "in-progress-three-players.json")
    assert r.returncode == 0, r.stderr
    assert "Game in progress" in r.stdout and "Next: Tomek places a pawn (round 6)." in r.stdout


def bad_record(tmp_path, mutate, name="bad.json"):
    doc = json.loads((EXAMPLES / "four-players.json").read_text(encoding="utf-8"))
    mutate(doc)
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def assert_one_line_error(r, *fragments):
    assert r.returncode == 1, (r.returncode, r.stdout, r.stderr)
    assert "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    for f in fragments:
        assert f in lines[0], lines[0]


def test_illegal_record_one_line_with_location_and_rule(tmp_path):
    path = bad_record(tmp_path, lambda d: d["rounds"][0]["placements"][8].update(ducats=0))
    r = referee("replay", "--json", path)
    assert_one_line_error(r, "rounds[0].placements[8].field", "NG-P10", "legal:")
    assert r.stdout == ""


@pytest.mark.parametrize("content, fragment", [
    (b"", "empty"),
    (b"{not json", "not valid JSON at line 1"),
    (b"\x89PNG\r\n\x1a\n\x00\x00", "not UTF-8"),
    (b'{"game": "na-grunwald", "format": 1, "players": "Ola"}', "players: expected array"),
    (b'[1, 2, 3]', "expected object"),
])
def test_malformed_files(tmp_path, content, fragment):
    path = tmp_path / "f.json"
    path.write_bytes(content)
    assert_one_line_error(referee("replay", path), fragment)


def test_missing_file_and_directory(tmp_path):
    assert_one_line_error(referee("replay", tmp_path / "nope.json"), "no such file")
    assert_one_line_error(referee("replay", tmp_path), "directory")


def test_several_files_with_one_bad(tmp_path):
    bad = bad_record(tmp_path, lambda d: d["rounds"][0]["reveal"].update(crown=[9, 1]))
    r = referee("replay", "--json", EXAMPLES / "two-players.json", bad)
    assert r.returncode == 1
    good, err = map(json.loads, r.stdout.splitlines())
    assert good["complete"] is True
    assert err["error"] == {"rule": "NG-C3", "location": "rounds[0].reveal.crown[0]",
                            "message": err["error"]["message"]}
    assert "bad.json" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_several_files_are_named_as_typed(tmp_path):
    """The ``file`` key and the errors show each path as it was given; a file's own error is not
    prefixed with its name a second time; a missing file does not stop the others."""
    (tmp_path / "g.json").write_text((EXAMPLES / "two-players.json").read_text())
    r = referee("replay", "--json", "./g.json", "missing.json", "", cwd=tmp_path)
    assert r.returncode == 1
    lines = [json.loads(line) for line in r.stdout.splitlines()]
    assert [line["file"] for line in lines] == ["./g.json", "missing.json", ""]
    assert lines[0]["complete"] is True
    assert lines[1]["error"]["message"] == "cannot read missing.json: no such file"
    assert r.stderr.splitlines() == ["referee: cannot read missing.json: no such file",
                                     'referee: cannot read "": no such file']


def test_usage_errors_exit_2():
    r = referee("replay")
    assert r.returncode == 2
    r = referee("replay", "--bogus", "x.json")
    assert r.returncode == 2


def test_polish_error_message(tmp_path):
    path = bad_record(tmp_path, lambda d: d["rounds"][0]["placements"].pop(0))
    r = referee("--lang", "pl", "replay", path)
    assert_one_line_error(r, "rounds[0].placements[0].player", "NG-P1", "teraz kolej gracza Marek")


def test_hostile_names_stay_on_one_line(tmp_path):
    doc = json.loads((EXAMPLES / "two-players.json").read_text(encoding="utf-8"))
    text = json.dumps(doc).replace('"Ola"', '"<script>alert(1)</script>"').replace('"Bartek"', '"Ania | **x**"')
    path = tmp_path / "h.json"
    path.write_text(text, encoding="utf-8")
    r = referee("replay", path)
    assert r.returncode == 0, r.stderr
    assert "<script>alert(1)</script>" in r.stdout and "Ania | **x**" in r.stdout
    doc["rounds"][0]["placements"][0]["player"] = "Zły\u202egracz"
    path.write_text(json.dumps(doc), encoding="utf-8")
    r = referee("replay", path)
    assert_one_line_error(r, "NG-C1")


def test_replay_to_a_pipe_keeps_the_players_as_rows_as_play_shows_them():
    """Written to a file or a pipe (no terminal, no COLUMNS), the summary is not squeezed into an
    80-column guess that turns the final score on its side: players are rows, as in ``play``."""
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env["REFEREE_LANG"] = "en"
    done = subprocess.run([sys.executable, "-m", "referee", "replay", str(EXAMPLES / "four-players.json")],
                          capture_output=True, text=True, env=env, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    score = done.stdout[done.stdout.index("Final score"):]
    assert "┃ Player ┃ Knights ┃ Teutons ┃" in score
    assert re.search(r"│ Marek +│ +23 │ +6 │", score), score
