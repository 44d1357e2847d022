"""Questions a game asks the table, as plain data (no UI library here).

A game's dialog is a generator: it yields questions, receives the answers, and finally returns the
action to apply (or ``UNDO``).  The CLI answers the questions with real prompts; tests can answer
them directly.  So every interaction is built from the engine's legal options, and illegal input is
impossible interactively.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Generator

from referee.core.report import Report


class _Undo:
    def __repr__(self) -> str:
        return "UNDO"


#: the answer (and the dialog result) that asks to take back the last entry of the record
UNDO = _Undo()


class Invalid(ValueError):
    """Raised by a ``parse`` function: the message tells the player what is wrong."""


@dataclass
class Choice:
    label: str
    value: Any
    #: a stable key to press for this choice (so numbers do not shift between turns)
    key: str | None = None


class _Back:
    def __repr__(self) -> str:
        return "BACK"


#: an answer that returns to the previous menu of the same entry (nothing is recorded)
BACK = _Back()


@dataclass
class Select:
    key: str  # a stable name of the question (tests and hooks use it)
    message: str
    choices: list[Choice]


@dataclass
class Text:
    key: str
    message: str
    parse: Callable[[str], Any]  # returns the value or raises Invalid
    instruction: str = ""
    #: what the field holds when it appears (Enter alone accepts it)
    default: str = ""


@dataclass
class Secret(Text):
    """Like ``Text`` but typed masked: nobody at the table sees it."""


@dataclass
class Confirm:
    key: str
    message: str
    default: bool = False


@dataclass
class Notice:
    report: Report = field(default_factory=list)


Question = Select | Text | Secret | Confirm | Notice
Dialog = Generator[Question, Any, Any]


def run(dialog: Dialog, answer: Callable[[Question], Any]) -> Any:
    """Drive a dialog to its end with an answering function; returns its result."""
    try:
        question = next(dialog)
        while True:
            question = dialog.send(answer(question))
    except StopIteration as stop:
        return stop.value


def player_name(t: Any, taken: list[str]) -> Callable[[str], str]:
    """The parse function of a player's name: not empty, printable, not taken yet."""

    def parse(text: str) -> str:
        import unicodedata

        text = unicodedata.normalize("NFC", text.strip())  # one person, however it was typed
        if not text:
            raise Invalid(t("core.cli.name_empty"))
        if text in taken:
            raise Invalid(t("core.cli.name_taken_player", name=text))
        if not text.isprintable():
            raise Invalid(t("core.cli.name_unprintable"))
        return text

    return parse
