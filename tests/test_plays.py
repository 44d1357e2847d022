"""Logged plays (issue 26): ``export --format bgstats`` (BG Stats' pushed play, its createPlay link,
``--all``/``--since``) and ``export --format bgg`` (BoardGameGeek's ``play`` element)."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote
from xml.etree import ElementTree as ET

import pytest
from jsonschema import Draft202012Validator

from referee.core import registry
from referee.core.errors import UsageError
from referee.core.plays import CREATE_PLAY, play_date
from referee.core.service import SessionService
from referee.store.sessions import Store
from tests.conftest import EXAMPLES, ROOT, referee

SCHEMA = json.loads((ROOT / "docs" / "schema" / "bgstats-play.json").read_text(encoding="utf-8"))
VALIDATOR = Draft202012Validator(SCHEMA)
FILES = sorted(EXAMPLES.rglob("*.json"))


def _name(path: Path) -> str:
    return "-".join(path.relative_to(EXAMPLES).with_suffix("").parts)


@pytest.fixture(scope="module")
def archive(tmp_path_factory):
    """Every example game, imported into a store."""
    root = tmp_path_factory.mktemp("plays")
    store = Store(root)
    service = SessionService(store)
    for path in FILES:
        service.import_records([path], _name(path), "en")
    return store, service


def _check(document):
    errors = sorted(VALIDATOR.iter_errors(document), key=lambda e: list(e.path))
    assert not errors, [f"{list(e.path)}: {e.message}" for e in errors]


def test_schema_itself_is_valid():
    Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("path", FILES, ids=_name)
def test_bgstats_export_of_every_example_validates(archive, path):
    store, service = archive
    document = json.loads(service.export(_name(path), "bgstats"))
    _check(document)
    record = json.loads(path.read_text(encoding="utf-8"))
    names = [p if isinstance(p, str) else p["name"] for p in record["players"]]
    assert [p["name"] for p in document["players"]] == names
    game = registry.find(record.get("game"))
    assert document["game"]["sourceGameId"] == game.name
    assert document["game"]["noPoints"] is (not game.stats_points)
    assert ("bggId" in document["game"]) is (game.bgg_id is not None)
    entry = next(e for e in store.entries() if e["id"] == _name(path))
    if entry["complete"]:  # the result is the archive's, player by player
        result = entry["result"]
        for p in document["players"]:
            assert p["winner"] is (p["name"] in result["winners"])
            assert p["rank"] == result["players"][p["name"]]["place"]
            if game.stats_points:
                assert p["score"] == result["players"][p["name"]]["score"]["total"]
            else:
                assert "score" not in p
    else:  # a game not finished has no result to log
        assert all("winner" not in p and "score" not in p for p in document["players"])


def test_bgstats_schema_refuses_what_is_not_documented():
    """The schema can fail: an undocumented field, a wrong date, a game without its name."""
    good = {"sourceName": "referee", "playDate": "2026-10-03 12:00:00",
            "game": {"name": "War Chest", "sourceGameId": "war-chest"}, "players": [{"name": "Ola"}]}
    _check(good)
    for bad in ({**good, "team": "x"}, {**good, "playDate": "2026-10-03"},
                {**good, "game": {"sourceGameId": "war-chest"}},
                {**good, "players": [{"name": "Ola", "points": 3}]}):
        assert list(VALIDATOR.iter_errors(bad))


def test_bgstats_war_chest_has_no_points_and_teams_as_roles(archive):
    _, service = archive
    document = json.loads(service.export("warchest-four-players", "bgstats"))
    assert document["game"] == {"name": "War Chest", "sourceGameId": "war-chest", "highestWins": True,
                                "noPoints": True, "bggId": 249259}
    roles = {p["name"]: p["role"] for p in document["players"]}
    assert roles == {"Ania": "Raven", "Marek": "Wolf", "Ola": "Raven", "Bartek": "Wolf"}
    assert {p["name"] for p in document["players"] if p["winner"]} == {"Marek", "Bartek"}
    polish = json.loads(service.export("warchest-four-players", "bgstats", "pl"))
    assert {p["role"] for p in polish["players"]} == {"Kruk", "Wilk"}


def test_bgstats_record_keys_reach_the_play(archive):
    """The record's date, place and notes are the play's date, location and comments."""
    _, service = archive
    record = json.loads((EXAMPLES / "two-players.json").read_text(encoding="utf-8"))
    document = json.loads(service.export("two-players", "bgstats"))
    assert document["playDate"].startswith(record["date"])
    assert document["location"] == record["place"]
    assert document["sourceName"] == "referee" and document["sourcePlayId"] == "two-players"


def test_play_date():
    assert play_date({}, "2026-10-03T19:30:05+00:00") == "2026-10-03 19:30:05"
    assert play_date({"date": "2026-10-03"}, "2026-10-03T19:30:05+00:00") == "2026-10-03 19:30:05"
    assert play_date({"date": "2026-10-01"}, "2026-10-03T19:30:05+00:00") == "2026-10-01 12:00:00"
    assert play_date({"date": "2026-10-01"}, "", "2026-10-03T19:30:05+00:00") == "2026-10-03 19:30:05"


def test_bgstats_link_opens_the_same_play(archive):
    _, service = archive
    link = service.export("three-players", "bgstats", link=True).strip()
    assert link.startswith(CREATE_PLAY)
    data = link[len(CREATE_PLAY):]
    assert not set(data) & set(' "{}[]&#?\n'), "URL-encoded"
    assert json.loads(unquote(data)) == json.loads(service.export("three-players", "bgstats"))


def test_bgstats_all_is_every_finished_session_oldest_first(archive):
    store, service = archive
    plays = json.loads(service.export_plays("bgstats"))
    finished = {e["id"] for e in store.entries() if e["complete"]}
    assert {p["sourcePlayId"] for p in plays} == finished
    assert [p["playDate"] for p in plays] == sorted(p["playDate"] for p in plays)
    for p in plays:
        _check(p)
    since = json.loads(service.export_plays("bgstats", since="2026-10-05"))
    assert since and all(p["playDate"] >= "2026-10-05" for p in since)
    assert len(since) < len(plays)
    links = service.export_plays("bgstats", link=True).splitlines()
    assert len(links) == len(plays) and all(x.startswith(CREATE_PLAY) for x in links)
    with pytest.raises(UsageError):
        service.export_plays("bgstats", since="yesterday")


# --------------------------------------------------------------------------------------------
# BoardGameGeek


def _bgg_players(element):
    return [p.attrib for p in element.find("players").findall("player")]


@pytest.mark.parametrize("path", FILES, ids=_name)
def test_bgg_xml_round_trip_carries_the_result(archive, path):
    """The XML parses, is BGG's ``play`` element, and carries the same result as BG Stats'."""
    _, service = archive
    element = ET.fromstring(service.export(_name(path), "bgg").encode("utf-8"))
    document = json.loads(service.export(_name(path), "bgstats"))
    assert element.tag == "play"
    assert set(element.attrib) >= {"date", "length", "location", "incomplete"}
    assert element.get("date") == document["playDate"][:10]
    finished = "winner" in document["players"][0]
    assert element.get("incomplete") == ("0" if finished else "1")
    item = element.find("item")
    assert item.get("name") == document["game"]["name"]
    assert item.get("objectid") == (str(document["game"]["bggId"]) if "bggId" in document["game"] else None)
    players = _bgg_players(element)
    assert [p["name"] for p in players] == [p["name"] for p in document["players"]]
    assert [p["startposition"] for p in players] == [str(i) for i in range(1, len(players) + 1)]
    for xml_player, player in zip(players, document["players"]):
        assert set(xml_player) >= {"name", "startposition", "color", "score", "win", "new"}
        assert xml_player["win"] == ("1" if player.get("winner") else "0")
        assert xml_player["score"] == ("" if "score" not in player else str(player["score"]))
        if "role" in player:
            assert xml_player["color"] == player["role"]


def test_bgg_all_is_plays_element(archive):
    _, service = archive
    root = ET.fromstring(service.export_plays("bgg").encode("utf-8"))
    assert root.tag == "plays" and int(root.get("total")) == len(root.findall("play")) > 1
    assert all(p.get("incomplete") == "0" for p in root.findall("play"))


def test_bgg_colours_and_escaping():
    """A player's colour is the record's; names are data (escaped, parsed back the same)."""
    from referee.core.plays import bgg_xml

    play = {"id": "x", "date": "2026-10-03 12:00:00", "duration_min": 95, "location": "Ola's <home>",
            "comments": "a & b", "board": None, "complete": True,
            "game": {"name": "na-grunwald", "title": "Na Grunwald!", "bgg_id": None, "has_points": True},
            "players": [{"name": 'Jan "<P>"', "position": 1, "score": 40, "winner": True, "rank": 1,
                         "color": "red"}]}
    element = ET.fromstring(bgg_xml([play], single=True).encode("utf-8"))
    assert element.get("length") == "95" and element.get("location") == "Ola's <home>"
    assert element.find("comments").text == "a & b"
    assert _bgg_players(element)[0]["name"] == 'Jan "<P>"'
    assert _bgg_players(element)[0]["color"] == "red"


# --------------------------------------------------------------------------------------------
# the command


def test_cli_export_bgstats_all_and_usage_errors(tmp_path):
    data = tmp_path / "data"
    assert referee("--data-dir", data, "import", EXAMPLES / "two-players.json").returncode == 0
    out = referee("--data-dir", data, "export", "--all", "--format", "bgstats")
    assert out.returncode == 0, out.stderr
    assert [p["sourcePlayId"] for p in json.loads(out.stdout)] == ["two-players"]
    link = referee("--data-dir", data, "export", "two-players", "--format", "bgstats", "--link")
    assert link.returncode == 0 and link.stdout.startswith(CREATE_PLAY)
    for args, words in ((["--format", "bgstats"], "--all"),
                        (["two-players", "--all", "--format", "bgstats"], "not both"),
                        (["--all", "--format", "md"], "bgstats"),
                        (["two-players", "--format", "bgg", "--link"], "--link"),
                        (["two-players", "--format", "bgstats", "--since", "2026-01-01"], "--since")):
        bad = referee("--data-dir", data, "export", *args)
        assert bad.returncode == 2 and words in bad.stderr and "Traceback" not in bad.stderr, (args, bad.stderr)


def test_bgstats_start_player_NG_R4_KK_4(archive):
    """Na Grunwald! (NG-R4's Decision) and Kajko (KK-4): the first player in the record started."""
    _, service = archive
    for sid in ("three-players", "kajko-three-players"):
        players = json.loads(service.export(sid, "bgstats"))["players"]
        assert [p["startPlayer"] for p in players] == [True] + [False] * (len(players) - 1)
    assert all("startPlayer" not in p for p in json.loads(service.export("warchest-four-players", "bgstats"))["players"])
