"""Every command of the referee on Nim, in-process with ``--data-dir``: ``new`` with its setup
questions and with ``--variant``, ``play`` (two questions per take, through the real prompts),
``show``, ``undo``, ``export``, ``replay``."""

from __future__ import annotations

import json

import pytest

from referee.cli.app import main
from referee.core import dialog as dialogs
from tests.conftest import registered
from tests.harness import Answers, terminal_prompts
from tests.nim.game import GAME


@pytest.fixture(autouse=True)
def _registered():
    with registered(GAME):
        yield


@pytest.fixture
def referee(tmp_path, capsys, monkeypatch):
    data = tmp_path / "data"
    monkeypatch.setenv("COLUMNS", "160")

    def run(*args: str) -> tuple[int, str, str]:
        with pytest.raises(SystemExit) as done:
            main(["--data-dir", str(data), *args])
        out = capsys.readouterr()
        return done.value.code or 0, out.out, out.err

    return run


def asking(referee, monkeypatch, answers, *args):
    table = Answers(answers)
    with terminal_prompts(monkeypatch, table):
        result = referee(*args)
    assert table.done(), "not every answer was asked for"
    return result, table.asked


def only_id(referee) -> str:
    (row,) = json.loads(referee("list", "--json")[1])
    return row["id"]


def test_new_asks_the_setup_and_the_record_keeps_it(referee, monkeypatch):
    # players, then misère? no, the standard heaps? no, the sizes
    (code, _out, _), asked = asking(referee, monkeypatch, ["Ala", "Bob", False, False, "1 2"],
                                    "new", "--game", "nim", "--no-play")
    assert code == 0 and [q.key for q in asked][-3:] == [
        "nim.setup.misere", "nim.setup.standard", "nim.setup.heaps"]
    record = json.loads(referee("export", only_id(referee), "--format", "record")[1])
    assert record == {"game": "nim", "format": 1, "players": ["Ala", "Bob"], "date": record["date"],
                      "heaps": [1, 2], "takes": []}


@pytest.mark.slow  # (7 s; tests/tictactoe runs every command of the template in the quick run)
def test_every_command_on_nim_with_the_misere_variant(referee, monkeypatch, tmp_path):
    code, _out, _ = referee("new", "--game", "nim", "--players", "Ala,Bob", "--variant", "misere",
                            "--no-play")
    assert code == 0
    sid = only_id(referee)
    assert referee("new", "--game", "nim", "--players", "A,B", "--variant", "reverse")[0] == 2

    # Ala 3 from heap 1, Bob 2 from heap 2 (undone at the table), Bob 1 from heap 2, Ala 3 from
    # heap 3, Bob 3 from heap 2, Ala 1 from heap 3, Bob the last one (one left: no count asked)
    answers = [1, 3, 2, 2, dialogs.UNDO, 2, 1, 3, 3, 2, 3, 3, 1, 3]
    (code, out, _), asked = asking(referee, monkeypatch, answers, "play", sid)
    assert code == 0, out
    assert asked[0].message == "Ala: from which heap?" and [c.key for c in asked[0].choices] == [
        "1", "2", "3"]
    assert "Took back: Bob takes 2 from heap 2" in out
    shown = json.loads(referee("show", sid, "--json")[1])
    assert shown["complete"] and shown["winners"] == ["Ala"]  # misère: Bob took the last counter
    assert "Ala wins: the other took the last counter." in referee("show", sid)[1]

    # undo at the command line: the game is open again, one counter left; then finish it
    assert "Took back: Bob takes 1 from heap 3" in referee("undo", sid, "--steps", "1", "--yes")[1]
    assert "1 counter left: Bob takes" in referee("list")[1]
    assert asking(referee, monkeypatch, [3], "play", sid)[0][0] == 0

    record = json.loads(referee("export", sid, "--format", "record")[1])
    assert record["variants"] == {"misere": True} and len(record["takes"]) == 6
    assert referee("export", sid, "--format", "csv")[1].splitlines()[0] == "player,points,takes,counters"
    md = referee("export", sid, "--format", "md")[1]
    assert "| Heap | Counters | Left |" in md and "Ala wins: the other took the last counter." in md
    path = tmp_path / "nim.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, out, _ = referee("replay", "--json", str(path))
    assert code == 0 and json.loads(out)["winners"] == ["Ala"]
