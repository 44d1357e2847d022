"""The prompt-pipe harness (tests/harness.py) that every test driving the real prompts uses."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.core import dialog as dialogs
from referee.core.dialog import Choice, Confirm, Select
from referee.core.text import catalog
from tests.harness import Answers, Script, Typing, prompts

TESTS = Path(__file__).resolve().parent


@pytest.fixture(autouse=True)
def no_hang():
    """A harness that typed the wrong keys would leave a prompt waiting for ever: fail instead."""
    import signal

    def stop(*_):
        raise TimeoutError("a prompt waited for keys that never came")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(30)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def moment():
    yield dialogs.private(catalog("en"), "Kasia")
    card = yield Select("card", "Which card?", [Choice("A", 1, "1"), Choice("B", 2, "2")])
    yield dialogs.Public()
    sure = yield Confirm("sure", "Sure?")
    return card, sure


def test_a_look_away_question_gets_enter_and_a_closed_moment_waits_for_no_key():
    table = Script(["2", "y"])
    with prompts(table) as prompter:
        assert dialogs.run(moment(), prompter.ask) == (2, True)
    assert [q.key for q in table.asked] == ["card", "sure"]  # the look-away question not among them


def test_typing_by_key_answers_the_look_away_question_too_and_lists_it():
    table = Typing({"card": "1", "sure": "n"})
    with prompts(table) as prompter:
        assert dialogs.run(moment(), prompter.ask) == (1, False)
    assert [q.key for q in table.asked] == ["private", "card", "sure"]


def test_answers_are_typed_in_the_prompter_s_language_and_past_a_script_is_ctrl_c():
    table = Answers([2, True])
    with prompts(table, "pl") as prompter:
        assert dialogs.run(moment(), prompter.ask) == (2, True)  # "t" (tak), not "y"
    assert table.lang == "pl" and table.done()
    with prompts(Script(["1"])) as prompter, pytest.raises(KeyboardInterrupt):
        dialogs.run(moment(), prompter.ask)


def test_only_the_harness_opens_a_prompt_pipe():
    """One harness: a test reaches the real prompts through tests/harness.py (``pipe_session``,
    ``prompts``, ``terminal_prompts``), not through a pipe of its own."""
    own = sorted(str(p.relative_to(TESTS)) for p in TESTS.rglob("*.py")
                 if p.name not in ("harness.py", "test_harness.py")
                 and ("create_pipe_input" in (text := p.read_text(encoding="utf-8"))
                      or "create_app_session" in text))
    assert not own, own
