"""The Kajko i Kokosz examples, scored by hand from their final towns (KK-11, KK-12)."""

from __future__ import annotations

from referee.core import jsonio
from referee.games.kajko import output, record
from tests.conftest import EXAMPLES


def replay(name):
    doc = jsonio.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    state, _ = record.parse_record(doc).replay()
    return output.replay_output(state)


def test_KK_11_three_players_shared_victory_and_dusigrosz():
    out = replay("kajko/three-players.json")
    assert out["complete"] is True
    p = out["players"]
    # Ola: 10 | 1 + 10 | 5 + 10 = 36 with 5 items; Bartek: 1 + 5 + 10 | 10 | 10 = 36 with 5 items
    assert p["Ola"]["town"] == [["item:10"], ["coin", "item:10"], ["item:5", "item:10"]]
    assert p["Ola"]["score"] == {"ducats": 36, "dusigrosz": 0, "total": 36, "items_sent": 5}
    assert p["Bartek"]["score"] == {"ducats": 36, "dusigrosz": 0, "total": 36, "items_sent": 5}
    # Ewa: 5 | 1 | 1 = 7; two coins in hand are the most coins in town (others: 1) -> Dusigrosz
    assert p["Ewa"]["score"] == {"ducats": 7, "dusigrosz": 10, "total": 17, "items_sent": 3}
    assert out["winners"] == ["Ola", "Bartek"]
    assert [p[n]["place"] for n in ("Ola", "Bartek", "Ewa")] == [1, 1, 3]
    assert out["stacks"] == [0, 0, 0, 1, 4, 0, 1, 1, 4, 7]  # every character filled first


def test_KK_10_two_players_stacks_run_out():
    out = replay("kajko/two-players.json")
    assert out["complete"] is True and out["stacks"] == [0, 0, 0, 0]
    p = out["players"]
    assert p["Wit"]["score"] == {"ducats": 35, "dusigrosz": 0, "total": 35, "items_sent": 4}
    # 5 + 1 | 1 + 1 | 1 + 10 = 19: a coin in hand is a plain coin in the basic game
    assert p["Jaga"]["score"] == {"ducats": 19, "dusigrosz": 0, "total": 19, "items_sent": 6}
    assert out["winners"] == ["Wit"]


def test_five_players_in_progress():
    out = replay("kajko/in-progress-five-players.json")
    assert out["complete"] is False and out["winners"] == []
    assert out["awaiting"] == {"turn": 24, "player": "Mirmił"}
    assert "score" not in out["players"]["Kajko"]
    assert out["players"]["Kokosz"]["front"] == ["item:10", "item:5", "item:5"]
