"""Every command of the referee on the test game, in-process (``referee.cli.app.main``) with
``--data-dir``: nothing outside tests/tictactoe knows the game.  ``play`` goes through the real
questionary prompts on a prompt_toolkit pipe, each answer typed as its question appears."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from referee.cli.app import main
from referee.core import dialog as dialogs
from tests.conftest import registered
from tests.harness import Answers, terminal_prompts
from tests.tictactoe.game import GAME

GRID_WON = "\n".join([  # Ala (X) took the top row; the winning line is marked
    "  [ X ]*  [ X ]*  [ X ]*",
    "  [ O ]   [ O ]   [ · ]",
    "  [ · ]   [ · ]   [ · ]",
])


@pytest.fixture(autouse=True)
def _registered():
    with registered(GAME):
        yield


@pytest.fixture
def referee(tmp_path, capsys, monkeypatch):
    """``referee(*args)``: run a command on a fresh data folder; (exit code, stdout, stderr)."""
    data = tmp_path / "data"
    monkeypatch.setenv("COLUMNS", "160")  # tables on one line each

    def run(*args: str) -> tuple[int, str, str]:
        with pytest.raises(SystemExit) as done:
            main(["--data-dir", str(data), *args])
        out = capsys.readouterr()
        return done.value.code or 0, out.out, out.err

    return run


def play(referee, monkeypatch, answers, *args):
    """``referee play …`` with the real prompts; ``answers`` feeds each question in turn."""
    table = Answers(answers)
    with terminal_prompts(monkeypatch, table):  # (typed once each question shows, issue 22)
        result = referee("play", *args)
    assert table.done(), "not every answer was asked for"
    return result, table.asked


def session_id(referee) -> str:
    _code, out, _ = referee("list", "--json")
    (row,) = json.loads(out)
    return row["id"]


def test_every_command_on_a_game_defined_in_the_tests(referee, monkeypatch, tmp_path):
    code, out, _ = referee("new", "--game", "tictactoe", "--players", "Ala,Bob", "--no-play")
    assert code == 0 and "New session" in out
    sid = session_id(referee)

    # play to a win, taking one move back at the table on the way
    (code, out, _), asked = play(referee, monkeypatch, [1, 4, 2, 9, dialogs.UNDO, 5, 3], sid)
    assert code == 0
    assert "Took back: Bob marks cell 9" in out and "Ala wins with three in a row." in out
    assert GRID_WON in out  # the Board block, drawn by the CLI
    assert asked[0].message == "Ala (X): which cell?" and [c.key for c in asked[0].choices] == [
        *"123456789"]
    assert " 7[ · ]  8[ · ]  9[ · ]" in out  # the free cells carry their keys

    # list, show (text and JSON)
    code, out, _ = referee("list")
    assert code == 0 and "won by Ala" in out
    (row,) = json.loads(referee("list", "--json")[1])
    assert row["game"] == "tic-tac-toe" and row["complete"] and row["winners"] == ["Ala"]
    code, out, _ = referee("show", sid)
    assert code == 0 and GRID_WON in out and "Final score" in out
    shown = json.loads(referee("show", sid, "--json")[1])
    assert shown["grid"] == ["X", "X", "X", "O", "O", "", "", "", ""] and shown["winners"] == ["Ala"]
    assert "standing" not in shown
    for args in ((), ("--json",)):  # a game that cannot tell the standing says so, either way
        assert referee("show", sid, "--standing", *args) == (
            2, "", "referee: Tic-tac-toe: the referee cannot tell the standing as if the game "
                   "ended now (show --standing)\n")

    # undo at the command line: the winning move goes, the game is open again; then finish it
    code, out, _ = referee("undo", sid, "--steps", "1", "--yes")
    assert code == 0 and "Took back: Ala marks cell 3" in out
    assert "move 5: Ala" in referee("list")[1]
    assert play(referee, monkeypatch, [3], sid)[0][0] == 0

    # export in every format
    code, text, _ = referee("export", sid, "--format", "record")
    record = json.loads(text)
    assert record["game"] == "tic-tac-toe" and [m["cell"] for m in record["moves"]] == [1, 4, 2, 5, 3]
    md = referee("export", sid, "--format", "md")[1]
    assert "```text\n" + GRID_WON + "\n```" in md
    html_page = referee("export", sid, "--format", "html")[1]
    svg = html_page[html_page.index("<svg"): html_page.index("</svg>") + 6]
    assert len(ET.fromstring(svg).findall(".//{http://www.w3.org/2000/svg}polygon")) == 9
    assert json.loads(referee("export", sid, "--format", "json")[1])["moves"][0] == {
        "player": "Ala", "cell": 1}
    assert referee("export", sid, "--format", "csv")[1].splitlines() == [
        "player,mark,points,moves", "Ala,X,2,3", "Bob,O,0,2"]
    path = tmp_path / "game.json"
    assert referee("export", sid, "--format", "record", "-o", str(path))[0] == 0

    # replay (text and JSON) and import
    code, out, _ = referee("replay", str(path))
    assert code == 0 and GRID_WON in out and "Ala wins" in out
    code, out, _ = referee("replay", "--json", str(path))
    assert code == 0 and json.loads(out)["winners"] == ["Ala"]
    code, out, _ = referee("import", str(path))
    assert code == 0 and "Imported" in out
    assert len(json.loads(referee("list", "--json")[1])) == 2

    # stats over both finished games
    stats = json.loads(referee("stats", "--json", "--game", "ttt")[1])["games"]["tic-tac-toe"]
    assert stats["games"] == 2 and stats["players"]["Ala"]["wins"] == 2
    assert stats["players"]["Bob"]["average_moves"] == 2
    code, out, _ = referee("stats")
    assert code == 0 and "Tic-tac-toe: 2 finished games" in out and "Avg moves" in out

    # the games' own tools: the test game has none
    assert referee("cards", "--game", "ttt") == (
        2, "", "referee: Tic-tac-toe has no such tool (referee cards)\n")
    assert referee("battle", "--game", "ttt", "--attacker", "HI", "--defender", "LI") == (
        2, "", "referee: Tic-tac-toe has no such tool (referee battle)\n")

    # delete
    code, out, _ = referee("delete", sid, "--yes")
    assert code == 0 and f"Deleted {sid}" in out
    assert len(json.loads(referee("list", "--json")[1])) == 1


def test_a_game_without_a_calculator_is_refused_by_score(referee, tmp_path):
    path = tmp_path / "final.json"
    path.write_text('{"game": "tic-tac-toe"}', encoding="utf-8")
    for args in (("score", str(path)), ("score", "--game", "tictactoe")):
        code, out, err = referee(*args)
        assert code == 2 and out == ""
        assert err == "referee: Tic-tac-toe has no end-of-game calculator (referee score)\n"


def test_a_broken_record_names_the_rule_of_the_test_game(referee, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"game": "tic-tac-toe", "format": 1, "players": ["Ala", "Bob"],
                                "moves": [{"player": "Ala", "cell": 5}, {"player": "Bob", "cell": 5}]}),
                    encoding="utf-8")
    code, out, err = referee("replay", str(path))
    assert code == 1
    assert err == f"referee: {path}: moves[1].cell: TT-2: cell 5 is already marked\n"
    code, _out, err = referee("--lang", "pl", "import", str(path))
    assert code == 1 and "TT-2: pole 5 jest już zajęte" in err


def test_options_the_game_does_not_have_are_usage_errors(referee):
    code, _, err = referee("new", "--game", "ttt", "--players", "Ala,Bob", "--variant", "big",
                           "--no-play")
    assert code == 2 and 'Tic-tac-toe has no variant "big"' in err
    code, _, err = referee("new", "--game", "ttt", "--players", "Ala,Bob", "--hints", "--no-play")
    assert code == 2 and "has no memory aid" in err
    assert json.loads(referee("list", "--json")[1]) == []
