"""``referee score --game kajko``: the final inventory asked at the table, then scored."""

from __future__ import annotations

from referee.core import dialog as dialogs
from referee.core.registry import get
from referee.core.text import catalog

GAME = get("kajko")


def test_KK_12_inventory_asked_at_the_table():
    answers = iter([3, True, "Ola", "2", "3", "1", "Bartek", "", "1", "2", "Ewa", "4", "0", "0"])
    asked = []

    def answer(q):
        if isinstance(q, dialogs.Notice):
            return None
        asked.append(q.key)
        value = next(answers)
        return q.parse(value) if isinstance(q, dialogs.Text) else value

    document = dialogs.run(GAME.ask_inventory(catalog("en")), answer)
    output, result = GAME.score(document)
    players = output["players"]
    # Ola: 2 coins + 3 × 5 + 10 = 27 with 6 items; Bartek: 5 + 20 = 25; Ewa: 4 coins -> Dusigrosz
    assert players["Ola"]["score"] == {"ducats": 27, "dusigrosz": 0, "total": 27, "items_sent": 6}
    assert players["Bartek"]["score"] == {"ducats": 25, "dusigrosz": 0, "total": 25, "items_sent": 3}
    assert players["Ewa"]["score"] == {"ducats": 4, "dusigrosz": 10, "total": 14, "items_sent": 4}
    assert output["winners"] == ["Ola"] and result.dusigrosz == "Ewa"
    assert asked[:3] == ["score.count", "kajko.setup.dusigrosz", "score.player"]
    report = GAME.score_report(result, list(players), catalog("pl"))
    text = " ".join(getattr(b, "text", "") for b in report)
    assert "Dusigrosz: Ewa" in text and "Wygrywa Ola!" in text
