"""Issue 22 trials: a key typed while the referee saves an entry and draws the next question
never answers it (Kajko i Kokosz at the table, through the real prompts)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from referee.cli import commands
from referee.cli.prompter import Prompter
from referee.games.kajko import record
from referee.store.sessions import Store
from tests.harness import pipe_session
from tests.kajko.test_live import PLAYERS, KajkoTable, target_game
from tests.test_keys import ShownLater


def test_a_key_typed_while_the_entry_is_saved_never_answers_the_next_question(tmp_path, monkeypatch):
    """The trial: a key typed ~150 ms after an answer, while the entry was saved and the next
    question drawn, reached the next question (the next player's stack).  Here a ``1`` (stack 1)
    is typed while every question is being drawn: the entries are exactly the table's."""
    store = Store(tmp_path)
    _, target = target_game(7, dusigrosz=False, coin_in_hand=False)
    target = target[:5]
    assert any(getattr(a, "stack", None) not in (None, 0) for a in target)  # 1 would be wrong
    table = KajkoTable(store, target)
    with pipe_session() as pipe:
        table.pipe = ShownLater(monkeypatch, pipe, "1")
        if True:  # (the prompts read the pipe)
            prompter = Prompter(Console(file=io.StringIO(), width=120), "en")
            prompter.before_question = table
            with pytest.raises(KeyboardInterrupt):  # the table stops after its five entries
                commands.new(store, players=PLAYERS, colors=None, name=None, game_name="kajko",
                             lang="en", play_now=True, prompter=prompter, hints=False)
    _, steps = record.parse_record(store.open(table.sid, write=False).record).replay()
    assert [step.action for step in steps] == target
