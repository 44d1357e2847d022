"""War Chest live at the table, end to end: ``referee new --game warchest`` with its setup
questions, then every entry through the real questionary prompts on a prompt_toolkit pipe (the
draws typed masked), for 2 and 4 players, with Ctrl-C, resume and undo."""

from __future__ import annotations

import contextlib
import io
import random

import pytest

from referee.cli import commands
from referee.cli.prompter import keys_for
from referee.core import dialog as dialogs
from referee.core import jsonio
from referee.games.warchest import bot, engine, output, record
from referee.games.warchest.actions import Deal
from referee.games.warchest.units import sort_coins
from referee.store.sessions import Store
from tests.harness import Typist, prompts
from tests.warchest.driver import typed

TWO = ["Ola", "Bartek"]
FOUR = ["Ola", "Bartek", "Ewa", "Kuba"]


def target_game(seed: int, players: list[str], setup: dict | None = None):
    """A whole game played by the random table (deals in the dialog's order)."""
    rng = random.Random(seed)
    state = engine.new_state(players, setup)
    actions = []
    while not engine.is_over(state):
        a = bot.random_action(state, rng)
        if isinstance(a, Deal):
            a = Deal(a.player, sort_coins(a.units))
        engine.apply(state, a)
        actions.append(a)
    return state, actions


class WarTable(Typist):
    """Answers each question with the keys that lead to ``target[k]``, k = entries saved so far;
    ``undo_at``: once k entries are saved, undo once at the next menu of a turn; ``stop_at``: (k, question
    key) presses Ctrl-C at that question once k entries are saved (and so does the end of
    ``target``); ``setup``: the answers of the setup questions by key.  It answers the look-away
    question too (``asked`` lists it)."""

    def __init__(self, store, target, setup=None, undo_at=None, stop_at=None, lang="en"):
        super().__init__(lang=lang, private=None)
        self.store, self.target = store, target
        self.setup = dict(setup or {})
        self.undo_at, self.stop_at = undo_at, stop_at
        self.sid = None
        self.undone = 0
        self.counted: dict[str, int] = {}

    def saved(self) -> int:
        if self.sid is None:
            entries = self.store.entries()
            if not entries:
                return 0
            self.sid = entries[0]["id"]
        s = self.store.open(self.sid, write=False)
        text = jsonio.dumps_line(s.record)
        if text not in self.counted:  # replayed once per entry saved, not once per question
            self.counted[text] = len(record.parse_record(s.record).replay()[1])
        return self.counted[text]

    def answer(self, q):
        if q.key in self.setup:
            value = self.setup[q.key]
            return next(value) if hasattr(value, "__next__") else value
        k = self.saved()
        if k >= len(self.target):
            return None  # the part of the game wanted is entered: Ctrl-C
        if self.stop_at is not None and k >= self.stop_at[0] and q.key == self.stop_at[1]:
            self.stop_at = None
            return None
        if self.undo_at is not None and k >= self.undo_at and q.key in ("warchest.play", "warchest.then"):
            self.undo_at = None
            self.undone += 1
            return dialogs.UNDO
        return typed(self.target[k], q, self.lang)

    def keys(self, q) -> str | None:
        answer = self.answer(q)
        if answer is None:
            return None  # Ctrl-C
        return keys_for(q, answer, self.lang)


def run(store, table, new=None, hints=None, lang="en", width=100, interrupted=False):
    """``referee play`` (or ``new`` with ``new`` = its players, ``[]`` to ask them); returns what
    the screen showed.  ``interrupted``: the table ends with Ctrl-C, as it must."""
    buffer = io.StringIO()
    stop = pytest.raises(KeyboardInterrupt) if interrupted else contextlib.nullcontext()
    with stop, prompts(table, lang, screen=buffer, width=width, color_system=None) as prompter:
        if new is not False and new is not None:
            commands.new(store, players=new or None, colors=None, name=None, game_name="warchest",
                         lang=lang, play_now=True, prompter=prompter, hints=hints)
        else:
            commands.play(store, table.sid, lang, prompter=prompter, hints=hints)
    return buffer.getvalue()


def final_state(store, sid):
    return record.parse_record(store.open(sid, write=False).record).replay()[0]


def new_game_answers(players: list[str], method: str, guard: str = "base") -> dict:
    return {"new.count": len(players), "new.first_player": players[0],
            "new.player": iter(players[1:]), "warchest.setup.method": method,
            "warchest.setup.royal_guard": guard}


@pytest.mark.slow
def test_two_players_random_deal_with_hints_ctrl_c_resume_and_undo(tmp_path, capsys):
    store = Store(tmp_path)
    target_state, target = target_game(6, TWO, {"method": "random"})
    table = WarTable(store, target, setup=new_game_answers(TWO, "random"), stop_at=(9, "warchest.play"))
    with pytest.raises(KeyboardInterrupt):
        run(store, table, new=[], hints=True)
    assert table.saved() == 9  # the half-entered turn left nothing behind
    assert "Interrupted" in capsys.readouterr().out
    table.stop_at = None
    table.undo_at = 14  # take back entry 14 at the table, then enter it again
    said = run(store, table)
    assert table.undone == 1
    state = final_state(store, table.sid)
    assert state.winner is not None
    assert output.replay_output(state) == output.replay_output(target_state)
    assert "Memory aid" in said  # hints were kept with the session
    assert "wins: " in capsys.readouterr().out and "Round 1 · initiative" in said
    assert max(len(line) for line in said.splitlines()) <= 100
    entry = store.entries()[0]
    assert entry["game"] == "war-chest" and entry["complete"]
    keys = {q.key for q in table.asked}
    assert {"warchest.setup.method", "warchest.units", "warchest.initiative", "warchest.draw",
            "warchest.play", "warchest.action"} <= keys
    assert any(k.startswith("warchest.hex.") for k in keys)
    # the draws were typed masked
    assert all(isinstance(q, dialogs.Secret) for q in table.asked if q.key == "warchest.draw")


@pytest.mark.slow
def test_four_players_draft_in_polish(tmp_path, capsys):
    store = Store(tmp_path)
    target_state, target = target_game(33, FOUR, {"method": "draft"})
    answers = new_game_answers(FOUR, "draft")
    answers["warchest.setup.cards"] = iter([a.unit for a in target if type(a).__name__ == "Pick"])
    table = WarTable(store, target, setup=answers, lang="pl")
    said = run(store, table, new=[], lang="pl")
    state = final_state(store, table.sid)
    assert output.replay_output(state) == output.replay_output(target_state)
    assert state.method == "draft" and len(state.players) == 4
    assert "Wygrywa" in capsys.readouterr().out and "Runda 1 · inicjatywa" in said
    assert max(len(line) for line in said.splitlines()) <= 100
    keys = {q.key for q in table.asked}
    assert {"warchest.first_picker", "warchest.pick", "warchest.play", "warchest.setup.cards"} <= keys
    assert all(len(q.choices) <= 12 + 1 for q in table.asked if q.key == "warchest.pick")  # laid out only


@pytest.mark.slow
def test_four_players_given_on_the_command_line_stopped_twice(tmp_path):
    store = Store(tmp_path)
    _, target = target_game(8, FOUR)
    table = WarTable(store, target[:50], stop_at=(30, "warchest.play"))
    with pytest.raises(KeyboardInterrupt):
        run(store, table, new=FOUR)
    assert 30 <= table.saved() < 50
    with pytest.raises(KeyboardInterrupt):  # resumed, then stopped after entry 50
        run(store, table, hints=False)
    assert table.saved() == 50
    trial = engine.new_state(FOUR)
    for a in target[:50]:
        engine.apply(trial, a)
    assert final_state(store, table.sid).snapshot() == trial.snapshot()


@pytest.mark.slow
def test_first_game_then_gaugamela_with_the_nobility_royal_guard(tmp_path):
    """The first game has no Royal Guard: its card is not asked (issue 25); Gaugamela's Persians
    have one: asked, and kept in the record's options."""
    store = Store(tmp_path)
    _, target = target_game(18, TWO, {"method": "first_game"})
    table = WarTable(store, target[:12], setup=new_game_answers(TWO, "first_game", "nobility"))
    with pytest.raises(KeyboardInterrupt):
        run(store, table, new=[])
    rec = store.open(table.sid, write=False).record
    assert rec["setup"] == {"method": "first_game"} and "options" not in rec
    assert rec["initiative"] == "Ola" and rec["players"][0]["units"][0] == "swordsman"
    assert table.saved() == 12
    assert not {"warchest.units", "warchest.initiative", "warchest.setup.royal_guard"} & {
        q.key for q in table.asked}
    store = Store(tmp_path / "gaugamela")
    _, target = target_game(18, TWO, {"method": "historic:gaugamela", "options": {"royal_guard": "nobility"}})
    table = WarTable(store, target[:12], setup=new_game_answers(TWO, "historic:gaugamela", "nobility"))
    with pytest.raises(KeyboardInterrupt):
        run(store, table, new=[])
    rec = store.open(table.sid, write=False).record
    assert rec["setup"] == {"method": "historic:gaugamela"} and rec["options"] == {"royal_guard": "nobility"}
    assert table.saved() == 12 and "warchest.units" not in {q.key for q in table.asked}
