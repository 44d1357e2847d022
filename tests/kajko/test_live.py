"""Kajko i Kokosz live at the table, end to end: ``referee new --game kajko`` with its setup
questions, then every turn through the real questionary prompts on a prompt_toolkit pipe."""

from __future__ import annotations

import io
import random

import pytest

from referee.cli import commands
from referee.cli.prompter import keys_for
from referee.core import dialog as dialogs
from referee.games.kajko import bot, engine, output, record
from referee.games.kajko.actions import Reveal, Send
from referee.games.kajko.dialog import SEND
from referee.store.sessions import Store
from tests.harness import Typist, prompts

PLAYERS = ["Ola", "Bartek", "Ewa"]


def target_game(seed, players=PLAYERS, dusigrosz=True, coin_in_hand=True):
    rng = random.Random(seed)
    state = engine.new_state(players, None, dusigrosz, coin_in_hand)
    actions = []
    while not state.over:
        a = bot.random_action(state, rng)
        engine.apply(state, a)
        actions.append(a)
    return state, actions


class KajkoTable(Typist):
    """Answers each question with the keys that lead to ``target[k]``, k = turns saved so far;
    ``undo_at`` asks to undo once when k turns are saved; ``stop_at`` presses Ctrl-C there."""

    def __init__(self, store, target, setup=None, undo_at=None, stop_at=None):
        super().__init__(lang="en")
        self.store, self.target = store, target
        self.setup = setup or {}
        self.undo_at, self.stop_at = undo_at, stop_at
        self.sid = None
        self.labels: list[str] = []  # the stack menu's labels

    def saved(self) -> int:
        if self.sid is None:
            entries = self.store.entries()
            if not entries:
                return 0
            self.sid = entries[0]["id"]
        s = self.store.open(self.sid, write=False)
        return len(record.parse_record(s.record).replay()[1])

    def answer(self, q):
        if q.key in self.setup:
            return self.setup[q.key]
        k = self.saved()
        if k >= len(self.target):
            return None
        if self.stop_at == (k, q.key):
            return None
        if self.undo_at == k and q.key == "kajko.turn":
            self.undo_at = None
            self.target_after_undo = True
            return dialogs.UNDO
        a = self.target[k]
        if q.key == "kajko.turn":
            return SEND if isinstance(a, Send) else a.stack
        if q.key == "kajko.card":
            return a.card
        if q.key == "kajko.target":
            return a.target
        raise AssertionError(q.key)

    def keys(self, q) -> str | None:
        if q.key == "kajko.turn":
            self.labels.extend(c.label for c in q.choices)
        answer = self.answer(q)
        if answer is None:
            return None  # Ctrl-C
        return keys_for(q, answer)


def run(store, table, new=False, hints=None, lang="en"):
    buffer = io.StringIO()
    with prompts(table, lang, screen=buffer, width=120) as prompter:
        if new:
            commands.new(store, players=PLAYERS, colors=None, name=None, game_name="kajko",
                         lang=lang, play_now=True, prompter=prompter, hints=hints)
        else:
            commands.play(store, table.sid, lang, prompter=prompter, hints=hints)
    return buffer.getvalue()


def final_state(store, sid):
    return record.parse_record(store.open(sid, write=False).record).replay()[0]


@pytest.mark.slow
def test_whole_game_with_setup_and_hints_through_the_real_prompts(tmp_path, capsys):
    store = Store(tmp_path)
    target_state, target = target_game(4)
    # interactive players: the count and names are asked too
    table = KajkoTable(store, target, setup={
        "new.count": 3, "new.first_player": "Ola", "new.player": None,
        "kajko.setup.dusigrosz": True, "kajko.setup.coin_in_hand": True, "kajko.setup.standard": True})
    names = iter(PLAYERS[1:])
    table.setup["new.player"] = None
    base_answer = table.answer

    def answer(q):
        if q.key == "new.player":
            return next(names)
        return base_answer(q)

    table.answer = answer
    buffer = io.StringIO()
    with prompts(table, "en", screen=buffer, width=120) as prompter:
        commands.new(store, players=None, colors=None, name=None, game_name="kajko", lang="en",
                     play_now=True, prompter=prompter, hints=True)
    state = final_state(store, table.sid)
    assert state.over and output.replay_output(state) == output.replay_output(target_state)
    assert store.open(table.sid, write=False).record["variants"] == {"dusigrosz": True,
                                                                    "coin_in_hand": True}
    entry = store.entries()[0]
    assert entry["game"] == "kajko-kokosz" and entry["complete"]
    assert entry["result"]["winners"] == output.replay_output(target_state)["winners"]
    assert "Stack 1: 5 left · danger 60% (raiders, knights, chamberlain)" in table.labels
    said = capsys.readouterr().out
    assert "Final score" in said and "wins" in said
    asked = [q.key for q in table.asked]
    assert {"kajko.turn", "kajko.card"} <= set(asked)
    if any(isinstance(a, Reveal) and a.target for a in target):
        assert "kajko.target" in asked


@pytest.mark.slow
def test_ctrl_c_mid_turn_then_resume_and_undo(tmp_path, capsys):
    store = Store(tmp_path)
    target_state, target = target_game(9)
    commands.new(store, players=PLAYERS, colors=None, name=None, game_name="kajko", lang="en",
                 play_now=False, variants=["dusigrosz", "coin_in_hand"])
    table = KajkoTable(store, target, stop_at=(5, "kajko.card"))
    table.saved()
    with pytest.raises(KeyboardInterrupt):
        run(store, table)
    assert table.saved() == 5  # the half-entered turn left nothing behind
    table.stop_at = None
    table.undo_at = 8  # take back turn 8 at the table, then enter it again
    run(store, table)
    assert not any("danger" in label for label in table.labels)  # off by default
    assert "Took back: " in capsys.readouterr().out
    state = final_state(store, table.sid)
    assert output.replay_output(state) == output.replay_output(target_state)


def test_hints_are_refused_for_a_game_without_them(tmp_path):
    from referee.core.errors import RefereeError

    store = Store(tmp_path)
    with pytest.raises(RefereeError) as info:
        commands.new(store, players=PLAYERS[:2], colors=None, name=None, game_name="medieval",
                     lang="en", play_now=True, hints=True)  # (no memory aid: docs/table.md)
    assert info.value.key == "core.cli.no_hints"
    assert store.entries() == []


def test_the_memory_aid_is_kept_with_the_session(tmp_path):
    store = Store(tmp_path)
    _, target = target_game(9)
    commands.new(store, players=PLAYERS, colors=None, name=None, game_name="kajko", lang="en",
                 play_now=False)
    table = KajkoTable(store, target[:6], stop_at=(3, "kajko.turn"))
    table.saved()
    with pytest.raises(KeyboardInterrupt):
        run(store, table, hints=True)
    table.labels.clear()
    with pytest.raises(KeyboardInterrupt):  # resumed without the flag: still on
        run(store, table)
    assert table.labels and all("danger" in label for label in table.labels if "Stack" in label)
    table.labels.clear()
    with pytest.raises(KeyboardInterrupt):
        run(store, table, hints=False)
    assert table.labels and not any("danger" in label for label in table.labels)
