"""Every command works for Kajko i Kokosz too, through the real entry point."""

from __future__ import annotations

import json

import pytest

from tests.conftest import EXAMPLES, referee

THREE = EXAMPLES / "kajko" / "three-players.json"
TWO = EXAMPLES / "kajko" / "two-players.json"
FIVE = EXAMPLES / "kajko" / "in-progress-five-players.json"


def test_replay_text_and_json():
    r = referee("replay", THREE)
    assert r.returncode == 0, r.stderr
    assert "Shared victory: Ola, Bartek." in r.stdout
    assert "Dusigrosz: Ewa sent the most coins (2) and gains 10." in r.stdout
    assert "Tied on ducats and on items sent" in r.stdout
    r = referee("replay", "--json", TWO, FIVE)
    first, second = map(json.loads, r.stdout.splitlines())
    assert first["winners"] == ["Wit"] and second["complete"] is False


def test_replay_in_polish():
    r = referee("--lang", "pl", "replay", THREE)
    assert r.returncode == 0, r.stderr
    assert "Wspólne zwycięstwo" in r.stdout and "W grodzie" in r.stdout


def test_illegal_record_one_line_with_location_and_rule(tmp_path):
    doc = json.loads(THREE.read_text(encoding="utf-8"))
    doc["turns"][12]["player"] = doc["turns"][13]["player"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    r = referee("replay", "--json", bad)
    assert r.returncode == 1
    assert r.stderr.count("\n") == 1 and "turns[12].player: KK-4:" in r.stderr
    assert "'s turn, not " in r.stderr


@pytest.mark.slow
def test_sessions_of_both_games(tmp_path):
    data = ["--data-dir", tmp_path]
    r = referee(*data, "import", THREE, FIVE, EXAMPLES / "two-players.json")
    assert r.returncode == 0, r.stderr
    # the record exported replays to the same state, byte for byte
    r = referee(*data, "export", "three-players")
    assert r.stdout == THREE.read_text(encoding="utf-8")
    for fmt, needle in (("md", "| Ola |"), ("html", "<svg"), ("csv", "player,place,total"),
                        ("json", '"items_sent"')):
        r = referee(*data, "export", "three-players", "--format", fmt)
        assert r.returncode == 0 and needle in r.stdout, (fmt, r.stderr)
    r = referee(*data, "list")
    assert "Mirmił" in r.stdout and "Kajko i" in r.stdout and "Na" in r.stdout  # a Game column
    rows = json.loads(referee(*data, "list", "--json").stdout)
    five = next(row for row in rows if row["id"] == "in-progress-five-players")
    assert five["awaiting"] == {"turn": 24, "player": "Mirmił"} and five["game"] == "kajko-kokosz"
    r = referee(*data, "show", "in-progress-five-players", "--json")
    assert json.loads(r.stdout)["awaiting"]["player"] == "Mirmił"
    r = referee(*data, "stats", "--json")
    stats = json.loads(r.stdout)["games"]
    assert set(stats) == {"na-grunwald", "kajko-kokosz"}
    kajko = stats["kajko-kokosz"]
    assert kajko["games"] == 1 and kajko["players"]["Ewa"]["titles"] == {"dusigrosz": 1}
    assert kajko["players"]["Ola"]["average_items_sent"] == 5 and kajko["players"]["Ola"]["wins"] == 1
    r = referee(*data, "stats", "--game", "kajko")
    assert "Kajko i Kokosz" in r.stdout and "Avg items sent" in r.stdout and "Grunwald" not in r.stdout
    r = referee(*data, "undo", "in-progress-five-players", "--steps", "2", "--yes")
    assert r.returncode == 0 and "Took back: " in r.stdout
    r = referee(*data, "show", "in-progress-five-players", "--json")
    assert json.loads(r.stdout)["awaiting"] == {"turn": 22, "player": "Kokosz"}


@pytest.mark.slow
def test_new_with_variants_and_bad_options(tmp_path):
    data = ["--data-dir", tmp_path]
    r = referee(*data, "new", "--game", "kajko", "--players", "Ola,Bartek", "--variant", "dusigrosz",
                "--no-play", "--name", "k")
    assert r.returncode == 0, r.stderr
    record = json.loads(referee(*data, "export", "k").stdout)
    assert record == {"game": "kajko-kokosz", "format": 1, "players": ["Ola", "Bartek"],
                      "variants": {"dusigrosz": True}, "turns": []}
    r = referee(*data, "new", "--game", "kajko", "--players", "A,B", "--variant", "gold", "--no-play")
    assert r.returncode == 2 and "no variant \"gold\"" in r.stderr
    r = referee(*data, "new", "--game", "kajko", "--players", "A,B", "--colors", "red,blue", "--no-play")
    assert r.returncode == 2 and "keep no colours" in r.stderr and not referee(*data, "list", "--json").stdout.count("A, B")
    r = referee(*data, "new", "--game", "kajko", "--players", "A,B,C,D,E,F", "--no-play")
    assert r.returncode == 1 and "KK-3" in r.stderr
    r = referee(*data, "new", "--game", "chess", "--players", "A,B", "--no-play")
    assert r.returncode == 2 and "kajko-kokosz (kajko)" in r.stderr
    r = referee(*data, "new", "--game", "KAJKO", "--players", "A,B", "--no-play", "--name", "upper")
    assert r.returncode == 0, r.stderr
    r = referee(*data, "play", "upper", "--hints", env={"REFEREE_LANG": "en"})
    # the game has hints: what stops it is only the missing terminal (stdin here is not one)
    assert r.returncode == 2 and "no memory aid" not in r.stderr
    assert "input is not a terminal" in r.stderr and len(r.stderr.splitlines()) == 1
    # (Na Grunwald! has a memory aid since issue 22: Medieval Battle is the game without one)
    r = referee(*data, "new", "--game", "medieval", "--players", "A,B", "--hints", "--no-play")
    assert r.returncode == 2 and "no memory aid" in r.stderr


def test_score_a_game_tracked_on_paper(tmp_path):
    inventory = {"game": "kajko-kokosz", "format": 1, "variants": {"dusigrosz": True},
                 "players": {"Ola": {"town": [["item:10", "item:5"], ["item:5", "coin"], ["coin"]]},
                             "Bartek": {"town": [["coin_in_hand", "coin", "coin"]]}}}
    path = tmp_path / "inv.json"
    path.write_text(json.dumps(inventory), encoding="utf-8")
    r = referee("score", "--json", path)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    # the rulebook's example: five items worth 22 ducats
    assert out["players"]["Ola"]["score"] == {"ducats": 22, "dusigrosz": 0, "total": 22, "items_sent": 5}
    assert out["players"]["Bartek"]["score"]["total"] == 13 and out["winners"] == ["Ola"]
    inventory["players"]["Ola"]["town"].append(["gold"])
    path.write_text(json.dumps(inventory), encoding="utf-8")
    r = referee("score", path)
    assert r.returncode == 1 and "players.Ola.town[3]" in r.stderr
