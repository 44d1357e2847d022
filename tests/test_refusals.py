"""Issue 22 trial: a text field that refused an answer without saying why (the field emptied,
no line under it).  Every text or masked question of every game, met in random playouts at every
player count and in both languages, refuses a wrong answer with a reason (an ``Invalid`` with
words in it), never with an empty one or another error."""

from __future__ import annotations

import pytest

from referee.core import dialog as dialogs
from referee.core import registry
from tests import playouts
from tests.screen import TEXTS

NAMES = ["Ola", "Bartek", "Ewa", "Kuba", "Lena"]
COLORS = ["red", "blue", "green", "yellow", "magenta"]
WRONG = ["", " ", "abc", "43", "0", "-1", "6", "999999", "1 2 3 4 5 6 7 8 9", "x, y", "5 HC 5 HC", "?"]


def _questions(game, names, lang, seed, entries=60):
    """The text questions of the first ``entries`` entries of a random playout (each entry's
    questions answered at random, its text questions with the first of ``TEXTS`` they take)."""
    for _, q in playouts.questions(game, names, seed, lang, answer=_answer, hints=True,
                                   entries=entries, per_entry=30):
        if isinstance(q, dialogs.Text):
            yield q


def _answer(q, rng, _t):
    if isinstance(q, dialogs.Text):
        answer = next((v for v in (_parsed(q, x) for x in TEXTS) if v is not None), None)
        return playouts.STOP if answer is None else answer
    if isinstance(q, dialogs.Select):
        values = [c.value for c in q.choices if c.value not in (dialogs.UNDO, dialogs.BACK)]
        return rng.choice(values) if values else playouts.STOP
    return rng.random() < 0.5


def _parsed(q, text):
    try:
        value = q.parse(text)
    except dialogs.Invalid:
        return None
    return None if value in (dialogs.UNDO, dialogs.BACK) else value


#: the games whose entries never ask a text question (every choice a menu)
WITHOUT_TEXT_QUESTIONS = {"kajko-kokosz"}


@pytest.mark.parametrize("name", sorted(registry.names()))
@pytest.mark.parametrize("lang", ["en", "pl"])
def test_issue22_every_text_question_says_why_it_refuses(name, lang):
    game = registry.get(name)
    asked: set[str] = set()
    silent: list[str] = []
    for count in game.player_counts:
        for q in _questions(game, NAMES[:count], lang, seed=count):
            asked.add(q.key)
            for text in WRONG:
                try:
                    q.parse(text)
                except dialogs.Invalid as refused:
                    if not str(refused).strip():
                        silent.append(f"{q.key}: {text!r}")
    assert asked or name in WITHOUT_TEXT_QUESTIONS, "no text question met"
    assert not silent, silent
