"""The live referee end to end: real questionary prompts fed through prompt_toolkit's pipe input.

A scripted table answers every question just in time (``Prompter.before_question``) with the keys
that lead to the next action of a known game; the session must end in the same state as replaying
that game's record.  Ctrl-C is sent as a real keystroke.
"""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
import time

import pytest
from prompt_toolkit.data_structures import Size
from prompt_toolkit.output.vt100 import Vt100_Output

from referee.cli import commands
from referee.cli.prompter import keys_for
from referee.core import dialog as dialogs
from referee.core import jsonio
from referee.games.grunwald import bot, engine, output, record
from referee.games.grunwald.actions import (
    Event,
    Feed,
    HelperPurchase,
    Pass,
    PayLosses,
    Place,
    Reveal,
    SkirmishCards,
)
from referee.store.sessions import Store
from tests.conftest import EXAMPLES, ROOT
from tests.harness import Typist, prompts


class Interrupt(Exception):
    pass


class ScriptedTable(Typist):
    """Answers each question with the keys that lead to ``target[k]``, k = entries saved so far."""

    def __init__(self, store: Store, sid: str, target: list, stop_at: tuple[int, str] | None = None):
        super().__init__(lang="en")
        self.store, self.sid, self.target = store, sid, target
        self.stop_at = stop_at  # (entries saved, question key): press Ctrl-C there
        self.seen = -1
        self.sub = 0

    def saved(self) -> int:
        s = self.store.open(self.sid, write=False)
        return len(record.parse_record(s.record).replay()[1])

    def keys(self, q) -> str | None:
        k = self.saved()
        if k != self.seen:
            self.seen, self.sub = k, 0
        if k >= len(self.target):  # the script is over: leave the table as a player would (Ctrl-C)
            return None
        if self.stop_at is not None and self.stop_at[0] == k and self.stop_at[1] in (None, q.key):
            return None  # Ctrl-C
        answer = self.answer(q, self.target[k])
        return keys_for(q, answer)

    @staticmethod
    def _pick(values, card: str) -> str:
        """A plain card leaves from the camp if it holds one, else from the hand (format 1)."""
        if "/" in card:
            return card
        for source in ("camp", "hand"):
            if f"{source}/{card}" in values:
                return f"{source}/{card}"
        raise AssertionError((card, values))

    def answer(self, q, a):
        key = q.key
        if isinstance(a, Reveal):
            values = getattr(a, key.split(".")[1])
            return " ".join(map(str, values))
        if isinstance(a, Event):
            if key == "event.card":
                return a.card
            effects = a.effects
            if key == "event.more":
                return "add" if self.sub < len(effects) else "done"
            # (the kind is the effect's last question always asked: a card that is the only one
            # possible is not asked, issue 25)
            e = effects[self.sub if key in ("effect.player", "effect.kind") else self.sub - 1]
            if key == "effect.player":
                return e.player
            kind = next(k for k in ("ducats", "provisions", "helpers", "gain", "discard", "exhaust")
                        if getattr(e, k))
            if key == "effect.kind":
                self.sub += 1
                return kind
            value = getattr(e, kind)
            if kind == "discard":
                return self._pick([c.value for c in q.choices], value)
            return value
        if isinstance(a, (Place, Pass)):
            if key == "placement.field":
                return "pass" if isinstance(a, Pass) else a.field
            return getattr(a, key.split(".")[1])
        if isinstance(a, SkirmishCards):
            if key == "skirmish.nobody":
                return True
            player = next(n for n, _ in a.cards if q.message.startswith(n))
            card = dict(a.cards)[player]
            for i in range(1, 40):
                try:
                    if q.parse(str(i)) == card:
                        return i
                except dialogs.Invalid:
                    break
            raise AssertionError(card)
        if isinstance(a, PayLosses):
            if key == "losses.everything":
                return True
            if self.sub >= len(a.items):
                return "done"
            item = a.items[self.sub]
            if key == "losses.provisions":
                self.sub += 1
                return int(item.split(":")[1])
            if item.startswith("provisions:"):
                held = next(c.value for c in q.choices if isinstance(c.value, tuple))
                if held[1] == 1:
                    self.sub += 1  # a single provision is taken without asking how much
                return held
            self.sub += 1
            return self._pick([c.value for c in q.choices], item)
        if isinstance(a, HelperPurchase):
            return a.buy
        if isinstance(a, Feed):
            card = a.cards[self.sub]
            self.sub += 1
            return self._pick([c.value for c in q.choices], card)
        raise AssertionError((key, a))


def play_through(store, sid, target, stop_at=None):
    """Run ``referee play`` on the session with the scripted table; returns the table."""
    table = ScriptedTable(store, sid, target, stop_at)
    with prompts(table, None, width=120) as prompter:
        commands.play(store, sid, "en", prompter=prompter)
    return table


def new_session(store, players):
    s = commands.new(store, players=players, colors=None, name=None, game_name=None, lang="en",
                     play_now=False)
    return s.id


def final_state(store, sid):
    s = store.open(sid, write=False)
    return record.parse_record(s.record).replay()[0]


def target_game(players, seed):
    state, actions = bot.play_sensible_game(players, random.Random(seed))
    return state, actions


@pytest.mark.slow
@pytest.mark.parametrize("players, seed", [(["Marek", "Jacek", "Kasia", "Ania"], 3), (["Ola", "Bartek"], 5)])
def test_whole_game_through_the_real_prompts(tmp_path, players, seed):
    store = Store(tmp_path)
    target_state, target = target_game(players, seed)
    sid = new_session(store, players)
    table = play_through(store, sid, target)
    state = final_state(store, sid)
    assert engine.is_over(state)
    assert output.replay_output(state) == output.replay_output(target_state)
    assert store.open(sid, write=False).complete
    entry = next(e for e in store.entries() if e["id"] == sid)
    assert entry["complete"] and entry["result"]["winners"] == output.replay_output(target_state)["winners"]
    assert {"placement.field", "reveal.crown", "skirmish.card"} <= {q.key for q in table.asked}


@pytest.mark.parametrize("stop_at", [
    (3, "placement.field"),   # mid-placement, round 1
    (0, "reveal.ducats"),     # in the middle of entering the revealed cards
])
@pytest.mark.slow
def test_ctrl_c_leaves_the_session_resumable(tmp_path, stop_at):
    store = Store(tmp_path)
    players = ["Zosia", "Tomek", "Igor"]
    _, target = target_game(players, 7)
    target = target[:40]
    sid = new_session(store, players)
    with pytest.raises(KeyboardInterrupt):
        play_through(store, sid, target, stop_at=stop_at)
    s = store.open(sid, write=False)
    assert len(record.parse_record(s.record).replay()[1]) == stop_at[0]
    with pytest.raises(KeyboardInterrupt):  # the lock was released: resume where it stopped
        play_through(store, sid, target)
    expected = engine.new_state(players)
    for a in target:
        engine.apply(expected, a)
    assert final_state(store, sid).snapshot() == expected.snapshot()


def _first(actions, kind):
    return next(i for i, a in enumerate(actions) if isinstance(a, kind))


def _feeding_asked(players, target):
    """Is the first feeding a real choice (not every knight going: that one is not asked)?"""
    state = engine.new_state(players)
    for a in target[:_first(target, Feed)]:
        engine.apply(state, a)
    p = state.player(engine.decision(state).player)
    return engine.decision(state).owed < p.knight_count() and all(  # (one change per effect:
        sum(bool(getattr(e, k)) for k in ("ducats", "provisions", "helpers", "gain", "discard",
                                          "exhaust")) == 1  # the script enters one)
        for a in target if isinstance(a, Event) for e in a.effects)


@pytest.mark.slow
def test_interrupt_mid_skirmish_and_before_feeding(tmp_path):
    store = Store(tmp_path)
    players = ["Marek", "Jacek", "Kasia"]
    for seed in range(100):
        target_state, target = target_game(players, seed)
        if any(isinstance(a, Feed) for a in target) and any(
                isinstance(a, SkirmishCards) and a.cards for a in target) and _feeding_asked(
                    players, target):
            break
    sid = new_session(store, players)
    skirmish = next(i for i, a in enumerate(target) if isinstance(a, SkirmishCards) and a.cards)
    with pytest.raises(KeyboardInterrupt):
        play_through(store, sid, target, stop_at=(skirmish, "skirmish.card"))
    feed = _first(target, Feed)
    with pytest.raises(KeyboardInterrupt):
        play_through(store, sid, target, stop_at=(feed, "feeding.card"))
    assert len(record.parse_record(store.open(sid, write=False).record).replay()[1]) == feed
    play_through(store, sid, target)
    assert output.replay_output(final_state(store, sid)) == output.replay_output(target_state)


@pytest.mark.slow
def test_undo_inside_play_and_across_a_round_boundary(tmp_path):
    store = Store(tmp_path)
    players = ["Ola", "Bartek"]
    _target_state, target = target_game(players, 5)
    sid = new_session(store, players)
    # Enter round 1 and round 2's event, then take three entries back from the command line.
    first_event = _first(target, Event)
    with pytest.raises(KeyboardInterrupt):
        play_through(store, sid, target, stop_at=(first_event + 1, "reveal.crown"))
    commands.undo(store, sid, 3, False, "en")
    s = store.open(sid, write=False)
    state, steps = record.parse_record(s.record).replay()
    assert len(steps) == first_event - 2 and state.round == 1
    expected = engine.new_state(players)
    for a in target[: first_event - 2]:
        engine.apply(expected, a)
    assert state.snapshot() == expected.snapshot()

    # The undo choice inside play: answer "undo" once, then carry on with the script.
    class UndoOnce(ScriptedTable):
        done = False

        def keys(self, q):
            if not self.done and q.key == "placement.field":
                self.done = True
                return keys_for(q, dialogs.UNDO)
            return super().keys(q)

    short = target[: first_event + 20]
    with pytest.raises(KeyboardInterrupt):
        with prompts(UndoOnce(store, sid, short), None, width=None) as prompter:
            commands.play(store, sid, "en", prompter=prompter)
    expected = engine.new_state(players)
    for a in short:
        engine.apply(expected, a)
    assert final_state(store, sid).snapshot() == expected.snapshot()


@pytest.mark.slow
def test_undo_never_rereveals_skirmish_cards_without_everybody(tmp_path):
    store = Store(tmp_path)
    players = ["Ola", "Bartek"]
    _, target = target_game(players, 5)
    sid = new_session(store, players)
    skirmish = next(i for i, a in enumerate(target) if isinstance(a, SkirmishCards) and a.cards)
    with pytest.raises(KeyboardInterrupt):
        play_through(store, sid, target, stop_at=(skirmish + 1, None))
    from referee.core.errors import RefereeError

    with pytest.raises(RefereeError) as info:
        commands.undo(store, sid, 1, False, "en")
    assert info.value.key == "grunwald.cli.undo_secret"
    commands.undo(store, sid, 1, True, "en")
    s = store.open(sid, write=False)
    assert len(record.parse_record(s.record).replay()[1]) == skirmish


def test_masked_entry_never_echoes_the_card():
    buffer = io.StringIO()
    out = Vt100_Output(buffer, lambda: Size(rows=30, columns=100), term="xterm")
    # typed once the question shows (keys typed before it are thrown away: issue 22)
    with prompts(lambda q: "mercenary-six\r", None, width=None, output=out) as prompter:
        value = prompter.ask(dialogs.Secret("skirmish.card", "Kasia, your card", lambda s: s))
    assert value == "mercenary-six"
    assert "mercenary-six" not in buffer.getvalue() and "*" in buffer.getvalue()


def test_import_then_export_round_trip(tmp_path):
    store = Store(tmp_path)
    for name in ("four-players.json", "in-progress-three-players.json"):
        commands.import_records(store, [EXAMPLES / name], None, None, "en")
        path = tmp_path / f"out-{name}"
        commands.export(store, name[:-5], "record", path)
        assert path.read_text(encoding="utf-8") == (EXAMPLES / name).read_text(encoding="utf-8")
    entries = {e["id"]: e for e in store.entries()}
    assert entries["four-players"]["complete"] and not entries["in-progress-three-players"]["complete"]


def test_locked_session_gives_a_clear_message(tmp_path):
    store = Store(tmp_path)
    commands.import_records(store, [EXAMPLES / "in-progress-three-players.json"], "game", None, "en")
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import sys, time; sys.path.insert(0, sys.argv[1]);"
         "from referee.store.sessions import Store; from pathlib import Path;"
         "s = Store(Path(sys.argv[2])).open('game'); print('locked', flush=True); time.sleep(30)",
         str(ROOT), str(tmp_path)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        before = (tmp_path / "sessions" / "game" / "session.json").read_bytes()
        start = time.monotonic()
        r = subprocess.run([sys.executable, "-m", "referee", "--data-dir", str(tmp_path), "undo", "game"],
                           capture_output=True, text=True, timeout=30, cwd=ROOT,
                           env={**os.environ, "COLUMNS": "200", "REFEREE_LANG": "en"})
        assert r.returncode == 3
        assert f"in use by another referee (pid {holder.pid})" in r.stderr
        assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
        assert (tmp_path / "sessions" / "game" / "session.json").read_bytes() == before
        assert time.monotonic() - start < 10
    finally:
        holder.kill()
        holder.wait()


@pytest.mark.slow
def test_session_commands_from_the_command_line(tmp_path):
    def referee(*args, env=None):
        return subprocess.run([sys.executable, "-m", "referee", "--data-dir", str(tmp_path), *args],
                              capture_output=True, text=True, timeout=60, cwd=ROOT,
                              env={**os.environ, "COLUMNS": "200", "REFEREE_LANG": "en", **(env or {})})

    r = referee("new", "--players", "Ala,Bob,Cezary", "--colors", "red,green,blue", "--name", "Friday", "--no-play")
    assert r.returncode == 0, r.stderr
    r = referee("new", "--players", "Ala,Ala", "--no-play")
    assert r.returncode == 1 and "NG-C1" in r.stderr
    r = referee("new", "--players", "Ala,Bob", "--colors", "red,plaid", "--no-play")
    assert r.returncode == 1 and "plaid" in r.stderr
    r = referee("import", str(EXAMPLES / "two-players.json"))
    assert r.returncode == 0, r.stderr
    listing = json.loads(referee("list", "--json").stdout)
    assert [e["name"] for e in listing] == ["Friday", "two-players"]
    assert listing[1]["complete"] and listing[1]["winners"] == ["Ola"]
    shown = json.loads(referee("show", "two-players", "--json").stdout)
    assert shown["session"]["name"] == "two-players" and shown["winners"] == ["Ola"]
    r = referee("--lang", "pl", "show", "Friday")
    assert "Gra w toku" in r.stdout
    r = referee("delete", "Friday", "--yes")
    assert r.returncode == 0
    r = referee("show", "Friday")
    assert r.returncode == 1 and "no session" in r.stderr
    r = referee("export", "two-players")
    assert jsonio.loads(r.stdout)["players"] == ["Ola", "Bartek"]


def test_new_asks_for_the_players_through_the_real_prompts(tmp_path):
    store = Store(tmp_path)
    answers = {"new.count": None, "new.first_player": "Ala\r", "new.player": ["Bob\r", "Ala\r\x15Cezary\r"]}

    def type_answer(q):
        value = answers[q.key]
        if value is None:
            value = keys_for(q, 3)  # three players
        return value.pop(0) if isinstance(value, list) else value

    with prompts(type_answer, None, width=None) as prompter:
        session = commands.new(store, players=None, colors=None, name="Friday", game_name=None,
                               lang="en", play_now=False, prompter=prompter)
    assert session.players == ["Ala", "Bob", "Cezary"]  # the second "Ala" was refused
    assert store.open("friday", write=False).record["colors"] == {"Ala": "red", "Bob": "green", "Cezary": "magenta"}
