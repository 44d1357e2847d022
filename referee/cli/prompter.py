"""Answers a game dialog's questions with real questionary prompts (the one UI seam).

``unsafe_ask`` is used everywhere so Ctrl-C raises ``KeyboardInterrupt`` instead of silently
returning ``None``: the play loop has persisted every confirmed action, so the session stays
resumable exactly where it was.  Tests drive these same prompts through prompt_toolkit's pipe
input; ``before_question`` lets them type the answer for each question just in time.

Whether anybody can answer is decided here, once (``interactive``): the prompter a command builds
for the real terminal (``Prompter.for_terminal``) refuses to ask when stdin is not a terminal, in
one line that says what to pass instead (exit 2), before anything is changed.  A prompter built
directly (tests, scripted demos) answers through whatever input it is given.
"""

from __future__ import annotations

import sys
from typing import Any, Callable

from rich.console import Console

from referee.core.dialog import (
    Confirm, Invalid, Notice, Private, Public, Question, Secret, Select, Text,
)
from referee.core.errors import UsageError
from referee.cli.render import render

SHORTCUTS = "1234567890abcdefghijklmnopqrstuvwxyz"
#: clears the visible screen AND the terminal's scrollback (ESC[3J), cursor home: what a private
#: moment leaves behind is gone, also for a player who scrolls back
CLEAR = "\x1b[H\x1b[2J\x1b[3J"


def shortcut_keys(choices: list[Any]) -> list[str | None]:
    """The key of each choice: its own stable key, else the next free one (``None`` past 36)."""
    taken = {c.key for c in choices if c.key}
    free = iter(k for k in SHORTCUTS if k not in taken)
    return [c.key or next(free, None) for c in choices]


class NoTerminal(UsageError):
    """A command would ask the table, but nobody can answer: stdin is not a terminal."""


def interactive() -> bool:
    """Whether questions can be answered at all: stdin is a terminal."""
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (ValueError, OSError):  # closed
        return False


class Prompter:
    def __init__(self, console: Console, lang: str | None = None) -> None:
        from referee.core.text import catalog, language_from_env

        self.console = console
        self.t = catalog(lang or language_from_env())
        #: called with each question before it is asked (tests type their answer here)
        self.before_question: Callable[[Question], None] | None = None
        #: the error (catalog key, params) to give instead of asking without a terminal
        #: (``None``: ask whatever the input is)
        self.refusal: tuple[str, dict[str, Any]] | None = None
        #: what was typed at the last text question, as typed (kept with the session until the
        #: entry is complete, so that an interrupted entry resumes where it stopped)
        self.typed = ""
        #: the table plays open (``--open``): private moments are not opened, nothing is cleared
        self.open = False
        #: whose private moment is open (``None``: none)
        self.private: str | None = None

    @classmethod
    def for_terminal(cls, console: Console, lang: str | None, refusal: str, **params: Any
                     ) -> "Prompter":
        """The prompter of a command run by people: without a terminal it refuses with
        ``refusal`` (a ``core.cli.no_terminal_*`` text that names the flag to pass instead)."""
        prompter = cls(console, lang)
        prompter.refusal = (refusal, params)
        return prompter

    def require(self) -> None:
        """Refuse now (``NoTerminal``, exit 2) if questions could not be answered: commands call
        it before a change that questions would follow; ``ask`` calls it before every question."""
        if self.refusal is not None and not interactive():
            key, params = self.refusal
            raise NoTerminal(key, **params)

    def ask(self, q: Question) -> Any:
        import questionary

        if isinstance(q, (Private, Public)):
            return self.moment(q)
        if isinstance(q, Notice):
            render(q.report, self.console)
            return None
        self.require()
        if self.before_question is not None:
            self.before_question(q)
        if isinstance(q, Select):
            keys = shortcut_keys(q.choices)
            shortcuts = all(keys)
            choices = [questionary.Choice(title=c.label, value=i, shortcut_key=k if shortcuts else True)
                       for i, (c, k) in enumerate(zip(q.choices, keys))]
            question = questionary.select(q.message, choices=choices, use_shortcuts=shortcuts,
                                          use_jk_keys=False, use_arrow_keys=True,
                                          instruction=self.t("core.cli.select_hint"))
            if shortcuts:
                _one_key(question, keys)
            index = question.unsafe_ask()
            return q.choices[index].value
        if isinstance(q, (Text, Secret)):
            def validate(text: str) -> bool | str:
                try:
                    q.parse(text)
                except Invalid as exc:
                    return str(exc)
                return True

            ask = questionary.password if isinstance(q, Secret) else questionary.text
            kwargs = {"instruction": q.instruction} if q.instruction and ask is questionary.text else {}
            text = ask(q.message, validate=validate, default=q.default, **kwargs).unsafe_ask()
            self.typed = text
            return q.parse(text)
        if isinstance(q, Confirm):
            # A two-choice menu: its key answers at once (Polish tables press t for "tak"), and
            # Enter alone takes the default, which is "no" unless the question says otherwise.
            yes, no = confirm_choices(self.t.lang)
            choices = [questionary.Choice(title=self.t("core.cli.yes"), value=True, shortcut_key=yes),
                       questionary.Choice(title=self.t("core.cli.no"), value=False, shortcut_key=no)]
            question = questionary.select(q.message, choices=choices, use_shortcuts=True,
                                          use_jk_keys=False, default=choices[0 if q.default else 1],
                                          instruction=self.t("core.cli.select_hint"))
            _one_key(question, [yes, no])
            return bool(question.unsafe_ask())
        raise TypeError(q)


    # -- private moments (issue 22): one player's facts on a shared screen

    def moment(self, q: Private | Public) -> None:
        """Open a private moment (``Private``): clear the screen, say whose moment it is, wait
        for that player's Enter; close it (``Public``): clear the screen and the scrollback.  A
        table that plays open does neither."""
        import questionary

        if isinstance(q, Public):
            self.leave_private()
            return None
        if self.open:
            return None
        self.require()
        self.private = q.player
        if self.before_question is not None:
            self.before_question(q)
        # asked under the table's board (it stays in sight while the others look away); the
        # screen is cleared once the player is alone at it, before anything of theirs is shown
        questionary.select(q.message, choices=[questionary.Choice(
            title=self.t("core.private.ready"), value=True)], use_shortcuts=False,
            use_jk_keys=False, instruction=" ").unsafe_ask()
        self.clear()
        return None

    def leave_private(self) -> None:
        """Close the private moment if one is open (also when a moment ends with Ctrl-C or an
        error: nothing of it stays on the screen)."""
        if self.private is not None:
            self.private = None
            self.clear()

    def clear(self) -> None:
        """Clear the screen and the terminal's scrollback."""
        file = self.console.file
        try:
            file.write(CLEAR)
            file.flush()
        except (OSError, ValueError):  # a closed terminal: nothing left to clear
            pass


def _one_key(question: Any, keys: list[str]) -> None:
    """Make each choice's key answer the menu at once (issue 16: a key, not a key and Enter),
    exactly as Enter on that choice would: the menu then shows the answer, not the list."""
    from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings
    from questionary.prompts.common import InquirerControl

    app = question.application
    control = next(c for c in app.layout.find_all_controls() if isinstance(c, InquirerControl))
    bindings = KeyBindings()
    for index, key in enumerate(keys):
        def choose(event: Any, index: int = index) -> None:
            control.pointed_at = index
            control.is_answered = True
            event.app.exit(result=control.get_pointed_at().value)

        bindings.add(key, eager=True)(choose)
    # the later bindings win over questionary's own (which only move the pointer)
    app.key_bindings = merge_key_bindings([app.key_bindings, bindings])


def confirm_choices(lang: str) -> tuple[str, str]:
    """The keys of yes and no."""
    return ("t", "n") if lang == "pl" else ("y", "n")


def keys_for(q: Question, answer: Any, lang: str = "en") -> str:
    """The keystrokes that give ``answer`` to ``q`` (used by tests and scripted demos)."""
    if isinstance(q, Private):
        return "\r"  # the player alone at the screen presses Enter
    if isinstance(q, Select):
        index = next(i for i, c in enumerate(q.choices) if c.value is answer or c.value == answer)
        key = shortcut_keys(q.choices)[index]
        return key if all(shortcut_keys(q.choices)) else "\x1b[B" * index + "\r"
    if isinstance(q, Confirm):
        yes, no = confirm_choices(lang)
        return yes if answer else no
    if getattr(q, "default", ""):
        return f"\x15{answer}\r"  # Ctrl-U clears what the field holds first
    return f"{answer}\r"
