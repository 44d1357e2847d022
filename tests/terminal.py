"""An 80x24 virtual terminal (pyte) that the console and the real prompts both draw on, so a test
reads what a table would see: the screen and the scrollback (issue 22: nothing of a private
moment may stay in either once it is closed)."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pyte
from prompt_toolkit.data_structures import Size
from prompt_toolkit.output.vt100 import Vt100_Output
from rich.console import Console

from referee.cli.prompter import Prompter
from tests.harness import Typist, pipe_session, prompts


class Terminal:
    def __init__(self, columns: int = 80, lines: int = 24) -> None:
        self.size = Size(rows=lines, columns=columns)
        self.screen = pyte.HistoryScreen(columns, lines, history=100000, ratio=0.5)
        self.screen.set_mode(pyte.modes.LNM)  # a newline returns the cursor too, as a tty does
        self.stream = pyte.Stream(self.screen)
        self.raw: list[str] = []  # everything written, in order

    # -- a file both Rich and prompt_toolkit write to
    encoding = "utf-8"

    def write(self, text: str) -> int:
        self.raw.append(text)
        self.stream.feed(text)
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        raise OSError("a virtual terminal")

    # -- what a table sees
    def display(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def scrollback(self) -> str:
        lines = list(self.screen.history.top)
        return "\n".join("".join(line[x].data for x in sorted(line)).rstrip() for line in lines)

    def everything(self) -> str:
        """The scrollback, then the screen: all a player could read by scrolling."""
        return self.scrollback() + "\n" + self.display()

    def once_shown(self, shown: str | Callable[[str], bool], then: Callable[[], Any],
                   timeout: float = 10.0) -> None:
        """Call ``then`` (on a thread of its own) once the screen shows ``shown`` (a text on it, or
        a test of the whole screen), or after ``timeout`` seconds if it never does: a key typed
        after a drawing waits for the drawing, not for a fixed time (a busy machine draws late),
        and a test whose screen never comes still ends, its assertions saying what was missing."""
        test = shown if callable(shown) else (lambda screen: shown in screen)

        def wait() -> None:
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline and not test(self.display()):
                time.sleep(0.02)
            time.sleep(0.05)  # (the rest of that frame's writes)
            then()

        threading.Thread(target=wait, daemon=True).start()

    def console(self) -> Console:
        return Console(file=self, width=self.size.columns, color_system=None, highlight=False,
                       markup=False, emoji=False)

    @contextlib.contextmanager
    def session(self) -> Iterator:
        """A prompt_toolkit session drawing on this terminal, its keys from the pipe yielded."""
        with pipe_session(self.output()) as pipe:
            yield pipe

    def output(self) -> Vt100_Output:
        return Vt100_Output(self, lambda: self.size, term="xterm")

    def prompts(self, typist: Typist | Callable[[Any], str | None], lang: str | None = "en"
                ) -> contextlib.AbstractContextManager[Prompter]:
        """A prompter drawing on this terminal (the console and the prompts both), ``typist`` at
        it (``harness.prompts``)."""
        return prompts(typist, lang, on=self.console(), output=self.output())
