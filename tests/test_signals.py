"""Issue 24, fault 11: Ctrl-C, ``kill -INT``, SIGTERM and SIGHUP stop ``referee play`` quietly with
exit 130 at any moment, and the session resumes with nothing lost.

``referee play`` runs in a real pseudo-terminal (the ``pty`` module), as at a table.  Before the
fix a SIGINT sent while a menu was open was ignored (prompt_toolkit turns it into a ``<sigint>``
key that questionary's menus do not bind), SIGTERM and SIGHUP ended the process with -15/-1, and a
Ctrl-C during the event loop's teardown printed "Exception ignored in BaseEventLoop.__del__"."""

from __future__ import annotations

import fcntl
import io
import json
import os
import pty
import random
import select
import signal
import struct
import subprocess
import sys
import termios
import time
import tty

import pytest
from rich.console import Console

from referee.cli import interrupt
from referee.cli.prompter import Prompter, discard_typed_ahead
from referee.core import dialog as dialogs
from referee.core.dialog import Choice, Select
from tests.conftest import referee
from tests.harness import pipe_session, terminal_session

OPEN = b"\x1b[?2004h"  # a question is open
BAD = ("Traceback", "Exception ignored", "Error:", "internal error")
PLAYERS = {"na-grunwald": "Ala,Bob,Cyd", "kajko-kokosz": "Ala,Bob,Cyd", "warchest": "Ala,Bob",
           "medieval": "Ala,Bob"}


def _data(tmp_path):
    return ["--data-dir", str(tmp_path / "data")]


def _new(tmp_path, game):
    done = referee(*_data(tmp_path), "new", "--game", game, "--players", PLAYERS[game], "--no-play",
                   "--name", "g")
    assert done.returncode == 0, done.stderr


def _record(tmp_path):
    # (a game in progress: its record, which holds the secret entries, goes only into a file)
    target = tmp_path / "record.json"
    done = referee(*_data(tmp_path), "export", "g", "-o", target)
    assert done.returncode == 0, done.stderr  # the session loads and replays
    return json.loads(target.read_text(encoding="utf-8"))


def _controlling_terminal() -> None:
    """(In the child, a session leader already:) the pseudo-terminal becomes its controlling
    terminal, as a table's terminal is: a Ctrl-C typed while no question has the terminal in raw
    mode is then SIGINT (without one, the terminal would swallow it and send nothing)."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Table:
    """``referee play g`` in a pseudo-terminal of 80x24."""

    def __init__(self, tmp_path):
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = {**os.environ, "REFEREE_LANG": "en", "TERM": "xterm", "COLUMNS": "80", "LINES": "24"}
        self.process = subprocess.Popen([sys.executable, "-m", "referee", *_data(tmp_path), "play", "g"],
                                        stdin=slave, stdout=slave, stderr=slave, env=env,
                                        start_new_session=True, preexec_fn=_controlling_terminal)
        os.close(slave)
        self.master = master
        self.output = b""

    def read(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while True:
            left = end - time.monotonic()
            ready, _, _ = select.select([self.master], [], [], max(left, 0))
            if not ready:
                if left <= 0:
                    return
                continue
            try:
                chunk = os.read(self.master, 65536)
            except OSError:  # the other side has gone
                return
            if not chunk:
                return
            self.output += chunk

    def wait_for_question(self, timeout: float = 30) -> None:
        """Until a question is open: prompt_toolkit has put the terminal in raw mode (it then
        turns bracketed paste on), where Ctrl-C is a key, not a signal."""
        end = time.monotonic() + timeout
        while OPEN not in self.output and time.monotonic() < end and self.process.poll() is None:
            self.read(0.1)
        assert OPEN in self.output, self.text()
        self.read(0.2)

    def started(self, timeout: float = 30) -> None:
        """Until the referee has written something (Python has loaded it: a signal in Python's
        own start-up, before the referee's first line, ends the process by the signal itself)."""
        end = time.monotonic() + timeout
        while not self.output and time.monotonic() < end and self.process.poll() is None:
            self.read(0.02)

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def finish(self, timeout: float = 30) -> int | None:
        end = time.monotonic() + timeout
        while self.process.poll() is None and time.monotonic() < end:
            self.read(0.1)
        self.read(0.2)
        code = self.process.poll()
        if code is None:  # it did not stop: the test fails, nothing is left running
            self.process.kill()
            self.process.wait()
        os.close(self.master)
        return code

    def text(self) -> str:
        return self.output.decode("utf-8", "replace")


def _stop(table: Table, how: str) -> None:
    if how == "ctrl-c":
        table.type("\x03")
    else:
        table.process.send_signal(getattr(signal, how))


def _assert_quiet_130(table: Table, code) -> None:
    text = table.text()
    assert code == 130, (code, text[-2000:])
    assert not any(word in text for word in BAD), text[-2000:]


@pytest.mark.parametrize("how", [pytest.param(s, marks=pytest.mark.slow) for s in ("SIGINT", "SIGTERM")] + ["ctrl-c"])  # (8–10 s each)
def test_a_signal_while_a_question_is_open_stops_play_with_130(tmp_path, how):
    _new(tmp_path, "kajko-kokosz")
    before = _record(tmp_path)
    table = Table(tmp_path)
    table.wait_for_question()
    _stop(table, how)
    _assert_quiet_130(table, table.finish())
    assert "referee" in table.text() and "play g" in table.text()  # how to resume
    assert _record(tmp_path) == before  # nothing lost, nothing half-written
    again = Table(tmp_path)  # and it resumes
    again.wait_for_question()
    _stop(again, "SIGINT")
    _assert_quiet_130(again, again.finish())


def test_sighup_of_a_closed_terminal_leaves_the_session_resumable(tmp_path):
    _new(tmp_path, "na-grunwald")
    before = _record(tmp_path)
    table = Table(tmp_path)
    table.wait_for_question()
    os.close(table.master)  # the terminal window is closed …
    table.master = os.open(os.devnull, os.O_RDONLY)  # (``finish`` closes it)
    table.process.send_signal(signal.SIGHUP)  # … and the kernel says so
    assert table.finish() == 130
    assert _record(tmp_path) == before


@pytest.mark.slow
@pytest.mark.parametrize("game", list(PLAYERS))
def test_signals_at_random_moments_always_stop_with_130_and_resume(tmp_path, game):
    """Random keys (answers, Back, Enter), then a signal or Ctrl-C at a random moment: in the
    middle of a menu, between two questions, while an entry is saved or the loop closes.
    ``REFEREE_SIGNAL_SEED`` runs other moments (the default seed is the game's)."""
    _new(tmp_path, game)
    rnd = random.Random(f"{game}-{os.environ.get('REFEREE_SIGNAL_SEED', '24')}")
    keys = [*"1234567890abcdefghijklmnopqrstuvwxyz", "\r", "\x1b[B", "\x1b[A"]
    for run in range(6):
        table = Table(tmp_path)
        if run % 2:
            table.wait_for_question()
        else:  # any moment once the referee runs, even before the first question is drawn
            table.started()
            time.sleep(rnd.random() * 0.5)
        for _ in range(rnd.randint(0, 40)):
            table.type(rnd.choice(keys))
            time.sleep(rnd.random() * 0.03)
            table.read(0)
        time.sleep(rnd.random() * 0.2)
        _stop(table, rnd.choice(["SIGINT", "SIGINT", "ctrl-c", "SIGTERM", "SIGHUP"]))
        code = table.finish()
        if code == 0 and "finished" in table.text():  # random keys ended the game first
            break
        _assert_quiet_130(table, code)
        _record(tmp_path)  # the session loads and replays after every stop


# -- in process: what happens between two questions (fast)


def _two_menus():
    first = yield Select("first", "first?", [Choice(f"first {i}", i, str(i)) for i in (1, 2, 3)])
    second = yield Select("second", "second?", [Choice(f"second {i}", i, str(i)) for i in (1, 2, 3)])
    return first, second


def _play(typing, between=None):
    """The two menus through the real prompts in a block a signal does not cut (as ``play``);
    ``typing[key]``: typed when the question ``key`` appears; ``between()``: called when the
    second question is about to take keys.  What the table saw asked, and the result."""
    asked: list[str] = []
    with interrupt.installed(), pipe_session() as pipe:
        prompter = Prompter(Console(file=io.StringIO(), width=80), "en")

        def before(q):
            asked.append(q.key)
            if q.key == "second" and between is not None:
                between()
            pipe.send_text(typing.get(q.key, ""))

        prompter.before_question = before
        try:
            with interrupt.deferred():
                return asked, dialogs.run(_two_menus(), prompter.ask)
        except KeyboardInterrupt:
            return asked, KeyboardInterrupt


def test_a_ctrl_c_typed_with_an_answer_is_not_thrown_away_as_type_ahead():
    """Issue 24, fault 11 (War Chest's paged draft, Kajko, Medieval Battle): Ctrl-C pressed as a
    menu is answered comes in the same read as the answer key; prompt_toolkit keeps it for the
    next question, whose type-ahead discard (issue 22) threw it away: play went on."""
    asked, result = _play({"first": "2\x03", "second": "3"})
    assert result is KeyboardInterrupt
    assert asked == ["first"]  # the next question never took a key


def test_keys_typed_with_an_answer_are_still_thrown_away():
    asked, result = _play({"first": "2\x1b[B1", "second": "3"})
    assert (asked, result) == (["first", "second"], (2, 3))


def test_a_signal_between_two_questions_stops_before_the_next_one_opens():
    """A SIGINT that comes while no question is open (the next one is being drawn): the signal
    is remembered, and the next question raises ``KeyboardInterrupt`` before it runs, though
    its answer is already typed."""
    asked, result = _play({"first": "2", "second": "3"},
                          between=lambda: os.kill(os.getpid(), signal.SIGINT))
    assert result is KeyboardInterrupt
    assert asked == ["first", "second"]


def test_a_ctrl_c_waiting_in_the_terminal_is_not_thrown_away_as_type_ahead():
    """The other way a Ctrl-C is typed ahead: pressed after the last question stopped reading
    but before the terminal left raw mode, it waits in the terminal's queue as a byte; the
    discard read it (and the rest) instead of flushing it unseen."""
    master, slave = pty.openpty()
    try:
        cooked = termios.tcgetattr(slave)
        tty.setraw(slave)
        os.write(master, b"1\x03")  # typed while a question had the terminal in raw mode
        time.sleep(0.05)
        termios.tcsetattr(slave, termios.TCSANOW, cooked)  # the question has ended
        with open(slave, closefd=False) as stdin, \
                terminal_session(stdin):
            with pytest.raises(KeyboardInterrupt):
                discard_typed_ahead()
            os.write(master, b"2")  # a key typed ahead, no Ctrl-C among it: only thrown away
            time.sleep(0.05)
            discard_typed_ahead()
            assert not select.select([slave], [], [], 0)[0]  # nothing left in the queue
            assert termios.tcgetattr(slave) == cooked  # the terminal's mode as it was
    finally:
        os.close(master)
        os.close(slave)
