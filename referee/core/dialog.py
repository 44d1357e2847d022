"""Questions a game asks the table, as plain data (no UI library here).

A game's dialog is a generator: it yields questions, receives the answers, and finally returns the
action to apply (or ``UNDO``).  The CLI answers the questions with real prompts; tests can answer
them directly.  So every interaction is built from the engine's legal options, and illegal input is
impossible interactively.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Any

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
    #: the value of the choice highlighted first (Enter alone takes it): always the safe one
    #: (``None``: the first choice)
    default: Any = None
    #: whether the menu has a safe choice (``default``) that Enter alone may take (issue 22).
    #: ``False``: every choice does something (a turn's actions, a unit, a hex, a card the table
    #: entered) — Enter alone answers nothing until the highlight was moved, so a table pressing
    #: Enter out of habit never takes the first action; a choice's key answers as ever
    safe_default: bool = True


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


@dataclass
class Private:
    """Opens a **private moment** for ``player`` (issue 22): what follows, up to the next
    ``Public``, is for that player's eyes only — their hand, the legal choices that depend on it,
    the advice that uses it.  The table says whose moment it is and asks the others to look away
    (``message``: "Kasia: press Enter when only you can see the screen"), waits for that player's
    Enter, then clears the screen.  A table that plays open (``play --open``) skips it.

    A dialog opens a moment before the first question or notice that shows a private fact, and
    closes it (``Public``) before anything public is shown again and before it returns.  Errors
    said inside a moment may name private facts; outside one they never do."""

    player: str
    message: str
    key: str = "private"  # (a stable name, as questions have: tests and hooks use it)


@dataclass
class Public:
    """Closes the private moment: the screen AND the terminal's scrollback are cleared before
    anything else is shown (nothing private stays where the table could scroll back to it)."""

    key: str = "public"


Question = Select | Text | Secret | Confirm | Notice | Private | Public


def private(t: Any, player: str) -> Private:
    """The private moment of ``player``, in the catalog's words."""
    return Private(player, t("core.private.look_away", player=player))
Dialog = Generator[Question, Any, Any]


def run(dialog: Dialog, answer: Callable[[Question], Any]) -> Any:
    """Drive a dialog to its end with an answering function; returns its result.  Only the
    dialog's own end stops it: a ``StopIteration`` escaping ``answer`` is an error, never taken
    for the end of the entry."""
    try:
        question = next(dialog)
    except StopIteration as stop:
        return stop.value
    while True:
        try:
            reply = answer(question)
        except StopIteration as error:  # (a bug in the answering function, said as one)
            raise RuntimeError(f"answering {type(question).__name__} raised StopIteration") from error
        try:
            question = dialog.send(reply)
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


# An entry's answers, kept until the entry is complete (issue 16): a question's answer as plain
# data, and back.  Replaying them into the same dialog on the same state asks the same questions,
# so an interrupted entry resumes at the first question that was not answered.


def answer_token(q: Select | Text | Confirm, value: Any, typed: str = "") -> dict[str, Any]:
    """``value``, the answer to ``q``, as JSON data (``typed``: what was typed, for a text)."""
    if isinstance(q, Select):
        index = next((i for i, c in enumerate(q.choices) if c.value is value), None)
        if index is None:
            index = next(i for i, c in enumerate(q.choices) if c.value == value)
        return {"key": q.key, "choice": index}
    if isinstance(q, Confirm):
        return {"key": q.key, "yes": bool(value)}
    return {"key": q.key, "text": typed}


def token_answer(q: Select | Text | Confirm, token: Any) -> Any:
    """The answer a token gives to ``q``; ``LookupError`` when it does not fit the question."""
    if not isinstance(token, dict) or token.get("key") != getattr(q, "key", None):
        raise LookupError(q)
    if isinstance(q, Select):
        index = token.get("choice")
        if type(index) is not int or not 0 <= index < len(q.choices):
            raise LookupError(q)
        return q.choices[index].value
    if isinstance(q, Confirm):
        return bool(token.get("yes"))
    text = token.get("text")
    if not isinstance(text, str):
        raise LookupError(q)
    try:
        return q.parse(text)
    except Invalid:
        raise LookupError(q) from None


class Resumable:
    """Answers a dialog's questions with the answers kept from an interrupted run first (while
    they fit), then with ``answer``; ``keep(tokens)`` is called with all the answers of the entry
    so far when a new answer is followed by anything the table sees (a question, a notice, a
    moment): every answer is kept before the next question appears, and the answer that ends
    the entry is not kept at all (the entry itself is saved next: issue 27, one save an answer,
    not two)."""

    def __init__(self, answer: Callable[[Question], Any], kept: list[Any],
                 keep: Callable[[list[dict[str, Any]]], None], typed: Callable[[], str],
                 resumed: Callable[[int], None] | None = None) -> None:
        self.answer, self.kept, self.keep, self.typed = answer, list(kept), keep, typed
        self.resumed = resumed  # told once how many kept answers were used, before asking more
        self.tokens: list[dict[str, Any]] = []
        self.replayed = 0
        #: a private moment opened while kept answers were replayed, not shown yet, and the
        #: notices said inside it: the moment opens (then they are shown) only if a question of it
        #: must really be asked — an interrupted entry resumes into a new private moment, and a
        #: moment already answered in full is not opened again; its facts never reach the screen
        self.deferred: Private | None = None
        self.held: list[Notice] = []

    #: an answer not kept yet (``keep`` is called before anything else is shown or asked)
    unkept = False

    def __call__(self, q: Question) -> Any:
        if self.unkept:
            self.keep(self.tokens)
            self.unkept = False
        if isinstance(q, Private) and self.kept:
            self.deferred, self.held = q, []
            return None
        if isinstance(q, Public) and self.deferred is not None:
            self.deferred, self.held = None, []  # answered in full from the kept answers
            return None
        if isinstance(q, Notice) and self.deferred is not None:
            self.held.append(q)
            return None
        if isinstance(q, (Notice, Private, Public)):
            return self.answer(q)
        if self.kept:
            token = self.kept.pop(0)
            try:
                value = token_answer(q, token)
            except LookupError:
                self.kept = []  # the rest no longer fits: ask from here
            else:
                self.tokens.append(token)
                self.replayed += 1
                return value
        if self.deferred is not None:  # the moment a question is asked in: open it now
            moment, held = self.deferred, self.held
            self.deferred, self.held = None, []
            self.answer(moment)
            for notice in held:
                self.answer(notice)
        if self.replayed and self.resumed is not None:
            self.resumed(self.replayed)
            self.resumed = None
        value = self.answer(q)
        self.tokens.append(answer_token(q, value, self.typed()))
        self.unkept = True
        return value
