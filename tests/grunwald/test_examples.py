"""The example records replay to results computed by hand (from the final hands and camps)."""

from __future__ import annotations

import json

import pytest

from referee.core import jsonio
from referee.games.grunwald import output, record
from tests.conftest import EXAMPLES


def replay(name):
    doc = jsonio.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    state, _ = record.parse_record(doc).replay()
    return output.replay_output(state)


def totals(out):
    return {n: (p["score"]["total"], p["place"]) for n, p in out["players"].items()}


def test_two_players():
    out = replay("two-players.json")
    assert out["complete"] and out["round"] == 8
    # Ola: crown 6+6+6+6, mercenary 6 = 30; Teutons 3+3+3+4 = 13; crown commander (4 cards) 4;
    # 2 ducats -> 1.  Bartek: crown 4+5, mercenaries 2+6+1+3+6 = 27; Teutons 3; mercenary
    # commander (5 cards) 5; quartermaster 4; 9 ducats -> 4.
    assert out["players"]["Ola"]["score"] == {
        "knights": 30, "teutons": 13, "crown_commander": 4, "mercenary_commander": 0,
        "quartermaster": 0, "ducats": 1, "total": 48}
    assert out["players"]["Bartek"]["score"] == {
        "knights": 27, "teutons": 3, "crown_commander": 0, "mercenary_commander": 5,
        "quartermaster": 4, "ducats": 4, "total": 43}
    assert out["winners"] == ["Ola"]
    # Ola could feed only 5 of her 7 knights and gave up both crown 4s (NG-E1).
    assert out["players"]["Ola"]["provisions"] == 0
    assert out["players"]["Ola"]["hand"] == ["crown:6", "peasant"]


def test_three_players():
    out = replay("three-players.json")
    # Mercenary commander: Marek and Jacek both hold 2; Marek's 5+5 beats Jacek's 1+6.
    assert out["players"]["Marek"]["score"]["mercenary_commander"] == 2
    assert out["players"]["Jacek"]["score"]["crown_commander"] == 6
    assert totals(out) == {"Marek": (31, 3), "Jacek": (37, 2), "Kasia": (39, 1)}
    assert out["players"]["Kasia"]["camp"] == [
        "crown:5", "crown:5", "crown:6", "mercenary:6", "teuton:2", "teuton:3", "teuton:3"]


def test_four_players_shared_titles_and_places():
    out = replay("four-players.json")
    s = {n: p["score"] for n, p in out["players"].items()}
    # Quartermaster: Marek and Jacek both kept 4 provisions -> both score 4 (NG-E4).
    assert s["Marek"]["quartermaster"] == s["Jacek"]["quartermaster"] == 4
    # Mercenary commander: Jacek and Kasia both hold 3; Kasia's 4+4+6 beat Jacek's 2+5+6.
    assert (s["Jacek"]["mercenary_commander"], s["Kasia"]["mercenary_commander"]) == (0, 3)
    assert s["Marek"]["crown_commander"] == 5
    # Jacek and Kasia: 36 points and 8 cards each -> they share 2nd place; Ania is 4th.
    assert totals(out) == {"Marek": (38, 1), "Jacek": (36, 2), "Kasia": (36, 2), "Ania": (17, 4)}
    assert out["winners"] == ["Marek"]


def test_in_progress_record_replays_to_where_it_stops():
    out = replay("in-progress-three-players.json")
    assert out["complete"] is False and out["winners"] == []
    assert out["round"] == 6
    assert out["awaiting"] == {"round": 6, "phase": "placement", "player": "Tomek"}
    assert "score" not in out["players"]["Zosia"]
    assert out["players"]["Igor"]["camp"] == ["crown:3", "mercenary:3"]


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.json")))
def test_examples_are_canonical_records(name):
    text = (EXAMPLES / name).read_text(encoding="utf-8")
    doc = jsonio.loads(text)
    _state, steps = record.parse_record(doc).replay()
    rewritten = record.write_record(doc["players"], [s.action for s in steps],
                                    {k: doc[k] for k in record.META_KEYS if k in doc})
    assert jsonio.dumps_pretty(rewritten) == text
    assert json.loads(text) == rewritten
