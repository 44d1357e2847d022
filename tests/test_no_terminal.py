"""Without a terminal (stdin not a tty) a command that would ask refuses in one line that says what
to pass instead, exits with 2 and changes nothing; with the flags that skip the questions it works.
Run through the real entry point with stdin from /dev/null."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest
from rich.console import Console

from referee.cli import prompter as prompters
from referee.core import dialog as dialogs
from tests.conftest import EXAMPLES, ROOT
from tests.harness import pipe_session


def referee(data, *args, lang="en"):
    return subprocess.run([sys.executable, "-m", "referee", "--data-dir", str(data), *map(str, args)],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60,
                          cwd=ROOT, env={**os.environ, "COLUMNS": "200", "REFEREE_LANG": lang})


def snapshot(data):
    """Every file of the archive, with its bytes (the owner file exists only while a session is
    open)."""
    return {p.relative_to(data): p.read_bytes() for p in sorted(data.rglob("*"))
            if p.is_file() and p.name != "owner"}


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    data = tmp_path_factory.mktemp("archive")
    r = referee(data, "import", EXAMPLES / "in-progress-three-players.json", EXAMPLES / "two-players.json",
                EXAMPLES / "kajko" / "in-progress-five-players.json")
    assert r.returncode == 0, r.stderr
    return data


def refused(data, *args, names: str, lang="en"):
    before = snapshot(data)
    r = referee(data, *args, lang=lang)
    assert r.returncode == 2, (args, r.stdout, r.stderr)
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("referee: ") and names in lines[0], r.stderr
    assert "Aborted" not in r.stderr + r.stdout and "not a terminal" not in r.stdout
    assert r.stdout == ""
    assert snapshot(data) == before
    return lines[0]


def test_undo_without_yes(data):
    line = refused(data, "undo", "in-progress-three-players", names="--yes")
    assert line == ("referee: undo asks for confirmation, but the input is not a terminal: add --yes "
                    "to go ahead without asking; nothing was changed")
    refused(data, "undo", "in-progress-three-players", "--steps", "3", "--all-agree", names="--yes")
    line = refused(data, "undo", "in-progress-three-players", names="--yes", lang="pl")
    assert "polecenie undo prosi o potwierdzenie" in line and "niczego nie zmieniono" in line


def test_delete_without_yes(data):
    refused(data, "delete", "two-players", names="--yes")
    assert referee(data, "show", "two-players").returncode == 0


@pytest.mark.slow
def test_play_and_its_session_menu(data):
    refused(data, "play", "in-progress-three-players", names="terminal")
    refused(data, "play", names="terminal")  # the menu of unfinished sessions asks too
    refused(data, "play", "--hints", "in-progress-five-players", names="terminal")  # not even the setting


@pytest.mark.slow
def test_new_asking_for_players_or_going_on_to_play(data):
    refused(data, "new", names="--players")
    refused(data, "new", "--game", "kajko", names="--players")
    refused(data, "new", "--players", "Ala,Bob", names="--no-play")
    refused(data, "new", "--players", "Ala,Bob", "--name", "Saturday", names="--no-play")


@pytest.mark.slow
def test_score_asking_at_the_table(data):
    refused(data, "score", names="FILE")
    refused(data, "score", "--game", "kajko", names="FILE", lang="pl")


@pytest.mark.slow
def test_what_asks_nothing_still_works(tmp_path):
    assert referee(tmp_path, "play").returncode == 0  # no unfinished session: nothing to ask
    r = referee(tmp_path, "import", EXAMPLES / "in-progress-three-players.json", EXAMPLES / "two-players.json")
    assert r.returncode == 0, r.stderr
    r = referee(tmp_path, "play", "two-players")  # finished: shows how it ended
    assert r.returncode == 0 and "is finished" in r.stdout
    r = referee(tmp_path, "undo", "in-progress-three-players", "--yes")
    assert r.returncode == 0 and "Took back: " in r.stdout
    assert referee(tmp_path, "delete", "two-players", "--yes").returncode == 0
    r = referee(tmp_path, "new", "--players", "Ala,Bob", "--name", "Friday", "--no-play")
    assert r.returncode == 0 and "Friday" in r.stdout
    from tests.grunwald.test_score import RULEBOOK

    inventory = tmp_path / "inventory.json"
    inventory.write_text(json.dumps(RULEBOOK), encoding="utf-8")
    r = referee(tmp_path, "score", inventory)
    assert r.returncode == 0 and "Winner: Ania" in r.stdout
    listing = json.loads(referee(tmp_path, "list", "--json").stdout)
    assert [e["name"] for e in listing] == ["in-progress-three-players", "Friday"]


def test_only_the_terminal_prompter_refuses(monkeypatch):
    """Tests and scripted tables pass their own prompter: it asks whatever its input is."""
    monkeypatch.setattr(prompters, "interactive", lambda: False)
    question = dialogs.Confirm("delete.confirm", "Delete?")
    own = prompters.Prompter(Console(file=io.StringIO()))
    terminal = prompters.Prompter.for_terminal(Console(file=io.StringIO()), "en",
                                               "core.cli.no_terminal_yes", command="delete")
    with pytest.raises(prompters.NoTerminal) as info:
        terminal.ask(question)
    assert info.value.exit_code == 2 and "--yes" in info.value.render("en")
    terminal.ask(dialogs.Notice([]))  # showing is not asking
    with pipe_session() as pipe:
        own.before_question = lambda q: pipe.send_text("y\r")  # typed once it shows (issue 22)
        assert own.ask(question) is True
    monkeypatch.setattr(prompters, "interactive", lambda: True)
    with pipe_session() as pipe:
        terminal.before_question = lambda q: pipe.send_text("n\r")
        assert terminal.ask(question) is False
