"""Issue 22 trial: a text field that refused an answer without saying why (the field emptied,
no line under it).  Every text or masked question of every game, met in random playouts at every
player count and in both languages, refuses a wrong answer with a reason (an ``Invalid`` with
words in it), never with an empty one or another error."""

from __future__ import annotations

import random

import pytest

from referee.core import dialog as dialogs
from referee.core import registry
from referee.core.text import catalog
from tests.screen import TEXTS

NAMES = ["Ola", "Bartek", "Ewa", "Kuba", "Lena"]
COLORS = ["red", "blue", "green", "yellow", "magenta"]
WRONG = ["", " ", "abc", "43", "0", "-1", "6", "999999", "1 2 3 4 5 6 7 8 9", "x, y", "5 HC 5 HC", "?"]


def _questions(game, names, lang, seed, entries=60):
    """The text questions of the first ``entries`` entries of a random playout (each entry's
    questions answered at random, its text questions with the first of ``TEXTS`` they take)."""
    t, rng = catalog(lang), random.Random(seed)
    state, _ = game.parse_record(game.new_record(names, {})).replay()
    for _ in range(entries):
        if game.is_over(state):
            return
        dialog = game.dialog(state, t, dict(zip(names, COLORS)), hints=True)
        try:
            q = next(dialog)
            for _ in range(30):
                answer = None
                if isinstance(q, dialogs.Text):
                    yield q
                    answer = next((v for v in (_parsed(q, x) for x in TEXTS) if v is not None), None)
                    if answer is None:
                        break
                elif isinstance(q, dialogs.Select):
                    values = [c.value for c in q.choices if c.value not in (dialogs.UNDO, dialogs.BACK)]
                    if not values:
                        break
                    answer = rng.choice(values)
                elif isinstance(q, dialogs.Confirm):
                    answer = rng.random() < 0.5
                q = dialog.send(answer)
        except StopIteration:
            pass
        finally:
            dialog.close()
        game.apply(state, game.random_action(state, rng))


def _parsed(q, text):
    try:
        value = q.parse(text)
    except dialogs.Invalid:
        return None
    return None if value in (dialogs.UNDO, dialogs.BACK) else value


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
    assert asked or name == "kajko-kokosz", "no text question met"
    assert not silent, silent
