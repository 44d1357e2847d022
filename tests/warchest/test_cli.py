"""Every command of the referee on War Chest, in-process (``referee.cli.app.main``) with
``--data-dir``; ``play`` through the real questionary prompts on a prompt_toolkit pipe."""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest

from referee.cli.app import main
from tests.conftest import EXAMPLES
from tests.harness import terminal_prompts
from tests.warchest.test_live import WarTable, target_game

SVG = "{http://www.w3.org/2000/svg}"
FINISHED = ("two-players-first-game.json", "four-players.json")


@pytest.fixture
def referee(tmp_path, capsys, monkeypatch):
    """``referee(*args)``: run a command on a fresh data folder; (exit code, stdout, stderr)."""
    data = tmp_path / "data"
    monkeypatch.setenv("COLUMNS", "100")

    def run(*args: str) -> tuple[int, str, str]:
        with pytest.raises(SystemExit) as done:
            main(["--data-dir", str(data), *args])
        out = capsys.readouterr()
        return done.value.code or 0, out.out, out.err

    run.data = data
    return run


def play(referee, monkeypatch, table, *args):
    """``referee play …`` with the real prompts, ``table`` typing each answer."""
    from referee.store.sessions import Store

    table.store = Store(referee.data)
    with terminal_prompts(monkeypatch, table):
        return referee("play", *args)


def session_ids(referee) -> list[str]:
    return [row["id"] for row in json.loads(referee("list", "--json")[1])]


class Balanced(HTMLParser):
    """Every element closed in order (HTML's void elements aside)."""

    VOID = {"meta", "br", "img", "input", "link", "hr"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.svg = 0

    def handle_starttag(self, tag, attrs):
        if tag not in self.VOID:
            self.stack.append(tag)
        self.svg += tag == "svg"

    def handle_startendtag(self, tag, attrs):
        pass

    def handle_endtag(self, tag):
        assert self.stack and self.stack.pop() == tag, tag


@pytest.mark.slow
def test_every_command_on_war_chest(referee, monkeypatch, tmp_path):
    code, out, _ = referee("new", "--game", "warchest", "--players", "Ala,Bob", "--no-play")
    assert code == 0 and "New session" in out
    (sid,) = session_ids(referee)

    # play 20 entries with an undo at the table, Ctrl-C, then resume with the memory aid
    _, target = target_game(6, ["Ala", "Bob"])
    table = WarTable(None, target[:20], undo_at=12)
    table.sid = sid
    code, out, _ = play(referee, monkeypatch, table, sid)
    assert code == 130 and "Interrupted" in out and table.undone == 1
    assert "Took back: " in out and "Round 1 begins" in out
    assert "Round 1 · initiative" in out  # the map, before every question
    code, out, _ = referee("list")
    assert code == 0 and "round " in out and "to enter" in out
    (row,) = json.loads(referee("list", "--json")[1])
    assert row["game"] == "war-chest" and not row["complete"] and row["players"] == ["Ala", "Bob"]

    # undo at the command line, then play on with --hints (kept with the session)
    code, out, _ = referee("undo", sid, "--steps", "2", "--yes")
    assert code == 0 and out.count("Took back") == 2
    table.target, table.stop_at = target[:26], None
    code, out, _ = play(referee, monkeypatch, table, sid, "--hints")
    assert code == 130 and table.saved() == 26

    # show (text and JSON)
    code, out, _ = referee("show", sid)
    assert code == 0 and "Round by round" in out and "Ala (Raven" not in out
    assert "[" in out and "Players" in out
    shown = json.loads(referee("show", sid, "--json")[1])
    assert shown["complete"] is False and shown["next"]["kind"] in ("draw", "play", "then")

    # import the finished examples; replay them; stats over them
    files = [str(EXAMPLES / "warchest" / f) for f in FINISHED]
    code, out, _ = referee("import", *files)
    assert code == 0 and out.count("Imported") == 2
    code, out, _ = referee("replay", files[0])
    assert code == 0 and "Raven wins: Ania" in out and "Round by round" in out
    code, out, _ = referee("replay", "--json", *files)
    lines = [json.loads(line) for line in out.splitlines()]
    assert [d["winner"]["players"] for d in lines] == [["Ania"], ["Marek", "Bartek"]]
    stats = json.loads(referee("stats", "--json", "--game", "warchest")[1])["games"]["war-chest"]
    assert stats["games"] == 2 and stats["players"]["Ania"]["wins"] == 1
    assert stats["tags"]["swordsman"]["games"] >= 1
    assert sum(t["wins"] for t in stats["tags"].values()) == 4 + 3 + 3  # the winners' unit cards
    code, out, _ = referee("stats", "--game", "warchest")
    assert code == 0 and "War Chest: 2 finished games" in out and "Unit cards" in out

    # export a finished game in every format
    finished = next(r["id"] for r in json.loads(referee("list", "--json")[1])
                    if r["name"] == "two-players-first-game")
    record = referee("export", finished, "--format", "record")[1]
    assert record == (EXAMPLES / "warchest" / FINISHED[0]).read_text(encoding="utf-8")
    md = referee("export", finished, "--format", "md")[1]
    assert "```text\n" in md and "*The final board*" in md and "**Raven wins: Ania**" in md
    assert "| Round | Entry |" in md
    page = referee("export", finished, "--format", "html")[1]
    check = Balanced()
    check.feed(page)
    check.close()
    assert check.stack == [] and check.svg == 2  # the final board and control over the rounds
    board_svg = page[page.index("<svg"): page.index("</svg>") + 6]
    assert len(ET.fromstring(board_svg).findall(f".//{SVG}polygon")) == 37
    chart = page[page.rindex("<svg"): page.rindex("</svg>") + 6]
    assert len(ET.fromstring(chart).findall(f".//{SVG}rect")) >= 10
    data = json.loads(referee("export", finished, "--format", "json")[1])
    assert data["complete"] and data["winner"]["players"] == ["Ania"]
    assert data["setup"]["method"] == "first_game" and data["rounds"][-1]["control"]["raven"] == 6
    rows = list(csv.reader(io.StringIO(referee("export", finished, "--format", "csv")[1])))
    assert rows[0][:4] == ["player", "side", "units", "won"]
    assert [r[:2] + [r[3]] for r in rows[1:]] == [["Ania", "raven", "1"], ["Marek", "wolf", "0"]]
    path = tmp_path / "out.html"
    assert referee("export", finished, "--format", "html", "-o", str(path))[0] == 0
    assert path.read_text(encoding="utf-8") == page

    # the exports of the game in progress work too
    for fmt in ("md", "html", "json", "csv"):
        assert referee("export", sid, "--format", fmt)[0] == 0
    # … but its record (every draw typed in secret) only into a file (issue 22)
    assert referee("export", sid, "--format", "record")[0] == 2
    assert referee("export", sid, "--format", "record", "-o", str(tmp_path / "r.json"))[0] == 0

    # no calculator; delete
    code, out, err = referee("score", "--game", "warchest")
    assert code == 2 and err == "referee: War Chest has no end-of-game calculator (referee score)\n"
    code, out, _ = referee("delete", sid, "--yes")
    assert code == 0 and f"Deleted {sid}" in out
    assert len(session_ids(referee)) == 2


def test_a_broken_record_names_the_rule(referee, tmp_path):
    doc = json.loads((EXAMPLES / "warchest" / FINISHED[0]).read_text(encoding="utf-8"))
    doc["rounds"][0]["plays"][1]["to"] = [3, 3]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, _, err = referee("import", str(path))
    assert code == 1 and "rounds[0].plays[1].to: WC-" in err
    assert session_ids(referee) == []
