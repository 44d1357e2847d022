"""Answers a game dialog's questions with real questionary prompts (the one UI seam).

``unsafe_ask`` is used everywhere so Ctrl-C raises ``KeyboardInterrupt`` instead of silently
returning ``None``: the play loop has persisted every confirmed action, so the session stays
resumable exactly where it was.  Tests drive these same prompts through prompt_toolkit's pipe
input; ``before_question`` lets them type the answer for each question just in time.
"""

from __future__ import annotations

from typing import Any, Callable

from rich.console import Console

from referee.core.dialog import Confirm, Invalid, Notice, Question, Secret, Select, Text
from referee.cli.render import render

SHORTCUTS = "1234567890abcdefghijklmnopqrstuvwxyz"


class Prompter:
    def __init__(self, console: Console) -> None:
        self.console = console
        #: called with each question before it is asked (tests type their answer here)
        self.before_question: Callable[[Question], None] | None = None

    def ask(self, q: Question) -> Any:
        import questionary

        if isinstance(q, Notice):
            render(q.report, self.console)
            return None
        if self.before_question is not None:
            self.before_question(q)
        if isinstance(q, Select):
            shortcuts = len(q.choices) <= len(SHORTCUTS)
            choices = [questionary.Choice(title=c.label, value=i) for i, c in enumerate(q.choices)]
            index = questionary.select(q.message, choices=choices, use_shortcuts=shortcuts,
                                       use_jk_keys=not shortcuts, use_arrow_keys=True).unsafe_ask()
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
            text = ask(q.message, validate=validate, **kwargs).unsafe_ask()
            return q.parse(text)
        if isinstance(q, Confirm):
            return bool(questionary.confirm(q.message, default=q.default).unsafe_ask())
        raise TypeError(q)


def keys_for(q: Question, answer: Any) -> str:
    """The keystrokes that give ``answer`` to ``q`` (used by tests and scripted demos)."""
    if isinstance(q, Select):
        index = next(i for i, c in enumerate(q.choices) if c.value is answer or c.value == answer)
        return SHORTCUTS[index] + "\r"
    if isinstance(q, Confirm):
        return ("y" if answer else "n")
    return f"{answer}\r"
