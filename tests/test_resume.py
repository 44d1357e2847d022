"""Issue 22 (a new user's trial): ``play`` on resume says the last entry once, not twice (War
Chest's news said "Recorded: …" under "Last entry: …"; Medieval Battle's "Ola passes." too)."""

from __future__ import annotations

import random

import pytest

from referee.core import registry
from referee.core.service import SessionService
from referee.store.sessions import Store

NAMES = ["Ola", "Bartek", "Ewa", "Kuba", "Lena"]


@pytest.mark.parametrize("lang", ["en", "pl"])
@pytest.mark.parametrize("name", sorted(registry.names()))
def test_resume_says_the_last_entry_once(tmp_path, name, lang):
    game = registry.get(name)
    sessions = SessionService(Store(tmp_path))
    handle = sessions.new(name, NAMES[:game.player_counts[0]], lang=lang)
    sid = handle.id
    handle.close()
    rng = random.Random(0)
    for entries in range(1, 9):
        with sessions.open_live(sid, lang=lang) as live:
            if live.over:
                break
            live.apply(game.random_action(live.state, rng))
        with sessions.open_live(sid, lang=lang) as live:
            what = game.describe(live.t, live.actions[-1])
            # (a line's text; a board's ``text`` is a method: its picture, not words)
            texts = [text for block in live.last_news()
                     if isinstance(text := getattr(block, "text", ""), str)]
        assert sum(what in text for text in texts) == 1, (entries, texts)


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_ctrl_c_resume_hint_keeps_the_command_whole_on_a_line_of_its_own(tmp_path, capsys,
                                                                             monkeypatch, lang):
    """The hint was wrapped by Rich at 80 columns between ``--data-dir`` and its folder: the
    command printed in two pieces could not be pasted.  Now the words before it fit 80 columns and
    the command is one line of its own (a long one is wrapped by the terminal, not broken)."""
    from referee.cli import commands
    from referee.cli.commands import resume_command
    from tests.grunwald.test_prompts import play_through_pipe

    monkeypatch.delenv("REFEREE_DATA", raising=False)
    store = Store(tmp_path / "a folder with a rather long name for the table's sessions")
    sid = commands.new(store, players=["Ala", "Bob"], colors=None, name=None, game_name=None,
                       lang=lang, play_now=False).id
    capsys.readouterr()
    play_through_pipe(store, sid, [], lang)
    lines = capsys.readouterr().out.splitlines()
    command = resume_command(store, sid)
    assert len(command) > 80 and command in lines
    head = lines[lines.index(command) - 1]
    assert head.endswith(":") and len(head) <= 80


def test_each_answer_is_kept_before_anything_else_is_shown_and_the_last_one_by_the_entry():
    """Issue 16 keeps an entry's answers as they are given; issue 27: each is kept before the
    table sees anything more (a notice, a moment, a question), and the answer that ends the
    entry is not kept at all: the entry is saved next (one save for it, not two)."""
    from referee.core import dialog as d

    def entry():
        first = yield d.Select("first", "?", [d.Choice("a", 1), d.Choice("b", 2)])
        yield d.Notice([])
        yield d.Private("Ola", "Ola: Enter")
        second = yield d.Text("second", "?", parse=str)
        yield d.Public()
        third = yield d.Confirm("third", "?")
        return first, second, third

    events = []

    def answer(q):
        events.append(type(q).__name__)
        return {"Select": 2, "Text": "x", "Confirm": True}.get(type(q).__name__)

    answers = d.Resumable(answer, [], lambda tokens: events.append(f"kept {len(tokens)}"),
                          lambda: "x")
    assert d.run(entry(), answers) == (2, "x", True)
    assert events == ["Select", "kept 1", "Notice", "Private", "Text", "kept 2", "Public",
                      "Confirm"]
