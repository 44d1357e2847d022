"""The one prompt-pipe harness: every test that drives the real prompts (questionary, on
prompt_toolkit) does it through here.

* ``pipe_session()``: prompt_toolkit's ``create_pipe_input()`` as the keyboard and
  ``DummyOutput()`` as the screen (or another output: a virtual terminal).
* ``Typist``: what the table types.  It types *when a question appears*, as the prompter's
  ``before_question`` — keys typed before a question shows are thrown away (issue 22: type-ahead
  never reaches a later question).  A private moment's look-away question (``dialogs.Private``)
  gets the Enter of the player alone at the screen; ``dialogs.Public`` never waits for a key (the
  prompter closes the moment itself) and ``Notice`` neither.  ``keys(q)`` gives the keys of a
  question, ``None`` for Ctrl-C (the table leaves, or a test interrupts there).
  ``Script``, ``Typing`` and ``Answers`` are the usual tables: the i-th question's keys, keys by
  question key, answers in turn (turned into keys with ``keys_for``).
* ``prompts(typist)``: a ``Prompter`` on the pipe with the typist at it (for a dialog, or a
  command given ``prompter=``); ``terminal_prompts(monkeypatch, typist)``: every prompter a
  command makes itself (``referee`` run through ``main``) types through the typist, the pipe
  standing in for a terminal.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput, Output
from rich.console import Console

from referee.cli import prompter as prompters
from referee.cli.prompter import Prompter, keys_for
from referee.core import dialog as dialogs

ENTER = "\r"
CTRL_C = "\x03"


@contextlib.contextmanager
def pipe_session(output: Output | None = None) -> Iterator[PipeInput]:
    """The real prompts read the pipe yielded (``pipe.send_text``) and draw on ``output``
    (``DummyOutput()`` unless given)."""
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=output or DummyOutput()):
        yield pipe


@contextlib.contextmanager
def terminal_session(stdin: Any) -> Iterator[None]:
    """The real prompts read a real terminal's ``stdin`` (a pseudo-terminal's end, opened by the
    test) and draw on ``DummyOutput()``."""
    from prompt_toolkit.input.vt100 import Vt100Input

    with create_app_session(input=Vt100Input(stdin), output=DummyOutput()):
        yield


class Typist:
    """Types each question's keys as it appears (a prompter's ``before_question``): ``keys(q)``,
    given as a function or by a subclass; ``None`` is Ctrl-C.  ``asked``: the questions it was
    asked, in order (the look-away questions not among them unless ``private`` is ``None``).
    ``private``: the look-away question's keys (the player alone at the screen presses Enter),
    typed without a word to ``keys``; ``None``: ``keys`` answers it too, and ``asked`` lists it."""

    def __init__(self, keys: Callable[[Any], str | None] | None = None, lang: str | None = None,
                 *, private: str | None = ENTER) -> None:
        self._keys = keys
        self.lang = lang  # (``None``: the prompter's, once the harness seats the typist)
        self.private = private
        self.pipe: PipeInput | None = None  # (set by the harness: ``prompts``, ``terminal_prompts``)
        self.asked: list[Any] = []

    def keys(self, q: Any) -> str | None:
        if self._keys is None:
            raise NotImplementedError("a Typist needs keys")
        return self._keys(q)

    def type(self, text: str) -> None:
        assert self.pipe is not None, "the typist is at no pipe (harness.prompts or terminal_prompts)"
        self.pipe.send_text(text)

    def __call__(self, q: Any) -> None:
        if isinstance(q, dialogs.Private) and self.private is not None:
            self.type(self.private)
            return
        self.asked.append(q)
        keys = self.keys(q)
        self.type(CTRL_C if keys is None else keys)


class Script(Typist):
    """Types ``script[i]`` at the i-th question (keys, or a function of the question giving
    them); past the script, Ctrl-C."""

    def __init__(self, script: Iterable[str | Callable[[Any], str]], lang: str | None = None) -> None:
        super().__init__(lang=lang)
        self.script = list(script)

    def keys(self, q: Any) -> str | None:
        if not self.script:
            return None
        keys = self.script.pop(0)
        return keys(q) if callable(keys) else keys


class Typing(Typist):
    """Types ``typing[q.key]`` when the question ``q`` appears (a list: at each time it appears,
    in turn; a key not there: nothing); the look-away question too (its key ``private``, Enter
    unless ``typing`` says otherwise), and ``asked`` lists it."""

    def __init__(self, typing: dict[str, Any], lang: str | None = None) -> None:
        super().__init__(lang=lang, private=None)
        self.typing = typing

    def keys(self, q: Any) -> str | None:
        keys = self.typing.get(q.key, ENTER if isinstance(q, dialogs.Private) else "")
        return keys.pop(0) if isinstance(keys, list) else keys


class Answers(Typist):
    """Gives each question the next of ``answers`` (turned into keys with ``keys_for`` in the
    prompter's language); ``done()``: every answer was asked for."""

    def __init__(self, answers: Iterable[Any], lang: str | None = None) -> None:
        super().__init__(lang=lang)
        self.answers = iter(answers)

    def keys(self, q: Any) -> str | None:
        return keys_for(q, next(self.answers), self.lang or "en")

    def done(self) -> bool:
        return next(self.answers, None) is None


@contextlib.contextmanager
def prompts(typist: Typist | Callable[[Any], str | None], lang: str | None = "en", *,
            screen: io.StringIO | None = None, width: int | None = 80, output: Output | None = None,
            on: Console | None = None, **options: Any) -> Iterator[Prompter]:
    """A ``Prompter`` on the pipe, ``typist`` (a ``Typist``, or its ``keys`` function) at it;
    drawn ``on`` a console, else on ``screen`` (a console ``width`` wide, with the Rich
    ``options`` given); the prompts draw on ``output``."""
    table = typist if isinstance(typist, Typist) else Typist(typist)
    with pipe_session(output) as pipe:
        if on is None:
            on = Console(file=screen if screen is not None else io.StringIO(), width=width, **options)
        prompter = Prompter(on, lang)
        seat(table, prompter, pipe)
        yield prompter


def seat(typist: Typist, prompter: Prompter, pipe: PipeInput) -> None:
    """``typist`` types at ``prompter``'s questions through ``pipe`` (in the prompter's language
    unless it has its own)."""
    typist.pipe = pipe
    if typist.lang is None:
        typist.lang = prompter.t.lang
    prompter.before_question = typist


@contextlib.contextmanager
def terminal_prompts(monkeypatch: Any, typist: Typist) -> Iterator[PipeInput]:
    """Every ``Prompter`` made inside (a command's own, ``Prompter.for_terminal``) types through
    ``typist`` in its language; the pipe stands in for a terminal (``prompter.interactive``)."""
    made = Prompter.__init__

    with pipe_session() as pipe:
        def typed_at(self: Prompter, *args: Any, **kwargs: Any) -> None:
            made(self, *args, **kwargs)
            seat(typist, self, pipe)

        monkeypatch.setattr(Prompter, "__init__", typed_at)
        monkeypatch.setattr(prompters, "interactive", lambda: True)
        typist.pipe = pipe
        yield pipe
