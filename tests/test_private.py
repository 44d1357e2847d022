"""The private moment (issue 22): one player's facts on a shared screen, driven through the real
prompts onto an 80x24 virtual terminal (pyte), and through the kept-answers resume."""

from __future__ import annotations

import pytest

from referee.cli.prompter import CLEAR
from referee.core import dialog as d
from referee.core.report import Line
from referee.core.text import catalog
from tests.harness import Typist
from tests.terminal import Terminal

KEYS = {"private": "\r", "card": "2", "typed": "HIDDEN-TYPED\r", "after": "y"}


def moment_dialog():
    yield d.Notice([Line("Round 1 · public board")])
    yield d.private(catalog("en"), "Kasia")
    yield d.Notice([Line("Your hand: SECRET-HAND")])
    card = yield d.Select("card", "Which card?", [d.Choice("SECRET-A", 1, "1"),
                                                  d.Choice("SECRET-B", 2, "2")])
    typed = yield d.Secret("typed", "Type it", lambda s: s)
    yield d.Public()
    after = yield d.Confirm("after", "Public question after the moment?")
    return card, typed, after


def drive(dialog, open_table=False, stop_at=None, answer=None):
    term = Terminal()
    seen = {}

    def keys(q):  # (the look-away question's too: KEYS["private"])
        seen[q.key] = term.everything()  # what the screen held when q was asked
        return None if q.key == stop_at else KEYS[q.key]  # (None: Ctrl-C)

    with term.prompts(Typist(keys, private=None), "en") as prompter:
        prompter.open = open_table
        result = d.run(dialog, answer(prompter) if answer else prompter.ask)
    return term, seen, result


def test_a_private_moment_leaves_nothing_on_the_screen_or_in_the_scrollback():
    term, seen, result = drive(moment_dialog())
    assert result == (2, "HIDDEN-TYPED", True)
    # inside the moment the player saw the hand (so the search below can fail) …
    assert "SECRET-HAND" in seen["card"] and "Round 1" not in seen["card"]
    assert "Kasia: press Enter when only you can see the screen" in "".join(term.raw)
    assert "Round 1" in seen["private"]  # the board stays in sight until the player is alone
    # … and once it is closed, nothing of it is on the screen or in the scrollback
    assert "SECRET" not in seen["after"] and "HIDDEN" not in seen["after"]
    everything = term.everything()
    assert "Public question after the moment?" in everything
    assert "SECRET" not in everything and "HIDDEN" not in everything
    assert "".join(term.raw).count(CLEAR) == 2  # on opening, and on closing (with ESC[3J)


def test_a_table_that_plays_open_sees_everything_and_no_moment_is_opened():
    term, seen, result = drive(moment_dialog(), open_table=True)
    assert result == (2, "HIDDEN-TYPED", True)
    assert "private" not in seen and CLEAR not in "".join(term.raw)
    assert "SECRET-HAND" in term.everything() and "Round 1" in term.everything()


def test_ctrl_c_inside_a_moment_clears_it_first():
    term = Terminal()
    typist = Typist(lambda q: None if q.key == "typed" else KEYS[q.key], private=None)  # (None: Ctrl-C)
    with term.prompts(typist, "en") as prompter:
        with pytest.raises(KeyboardInterrupt):
            try:
                d.run(moment_dialog(), prompter.ask)
            except KeyboardInterrupt:
                prompter.leave_private()  # what the play loop does
                raise
    assert "SECRET" not in term.everything() and prompter.private is None


class Recorder:
    def __init__(self, answers):
        self.answers, self.seen, self.kept = dict(answers), [], []

    def __call__(self, q):
        self.seen.append(q)
        if isinstance(q, (d.Notice, d.Private, d.Public)):
            return None
        return self.answers[q.key]


def test_an_entry_interrupted_inside_a_moment_resumes_into_a_new_moment():
    """The kept answers replay without a word; the moment opens again before its first notice."""
    kept = [{"key": "card", "choice": 1}]  # the card was chosen, then Ctrl-C at the typed one
    rec = Recorder({"typed": "x", "after": True})
    answers = d.Resumable(rec, kept, lambda tokens: None, lambda: "x")
    assert d.run(moment_dialog(), answers) == (2, "x", True)
    kinds = [type(q).__name__ for q in rec.seen]
    # the public notice, then the moment, its notice, the question not answered yet, its end
    assert kinds == ["Notice", "Private", "Notice", "Secret", "Public", "Confirm"]
    assert all(t.get("key") != "private" for t in answers.tokens)


def test_a_moment_answered_in_full_is_not_opened_again_on_resume():
    kept = [{"key": "card", "choice": 0}, {"key": "typed", "text": "y"}]
    rec = Recorder({"after": False})
    answers = d.Resumable(rec, kept, lambda tokens: None, lambda: "")
    assert d.run(moment_dialog(), answers) == (1, "y", False)
    assert [type(q).__name__ for q in rec.seen] == ["Notice", "Confirm"]  # no private fact shown


def test_open_and_hints_are_kept_with_the_session_from_the_command_line(tmp_path, monkeypatch):
    """``new --no-play --open --hints`` keeps both with the session; ``play --no-open`` would
    change it (the service's side: ``open_live(open_table=False)``)."""
    from referee.cli.app import main
    from referee.core.service import SessionService
    from referee.store.sessions import Store

    monkeypatch.setenv("REFEREE_LANG", "en")
    with pytest.raises(SystemExit) as done:
        main(["--data-dir", str(tmp_path), "new", "--game", "warchest", "--players", "Ola,Bartek",
              "--no-play", "--open", "--hints", "--name", "g"])
    assert not done.value.code
    store = Store(tmp_path)
    assert store.open("g", write=False).settings.get("open") is True
    with SessionService(store).open_live("g") as live:
        assert live.open and live.hints
    with SessionService(store).open_live("g", open_table=False) as live:
        live.keep_choices()
    with SessionService(store).open_live("g") as live:
        assert not live.open and live.hints


# -- masked fields (issue 22 trial): the instruction shown, a refusal right under the field


class _CursorTerminal(Terminal):
    """The virtual terminal answering prompt_toolkit's cursor position requests, as a real one
    does (it then knows the rows under the cursor and may spread a question over them)."""

    pipe = None

    def isatty(self) -> bool:
        return True

    def write(self, text: str) -> int:
        n = super().write(text)
        if "\x1b[6n" in text and self.pipe is not None:
            cursor = self.screen.cursor
            self.pipe.send_text(f"\x1b[{cursor.y + 1};{cursor.x + 1}R")
        return n


def _refused_masked(secret: bool):
    """A card typed in a private moment (Na Grunwald!'s skirmish field and its event-card hint),
    refused once: the screen while the refusal shows, and the question's first row on it."""

    def parse(text):
        if text.strip() != "2":
            raise d.Invalid("REFUSED-REASON type a number from 1 to 3")
        return text

    ask = d.Secret if secret else d.Text

    def dialog():
        yield d.Notice([Line(f"public board row {i}") for i in range(5)])
        yield d.private(catalog("en"), "Kasia")
        yield d.Notice([Line("Your hand: crown 5, mercenary 3, peasant")])
        card = yield ask("skirmish.card", "Kasia, choose your card in secret — type its number",
                         parse, instruction="e: an effect of the event card")
        yield d.Public()
        return card

    term, shots = _CursorTerminal(), {}
    with term.session() as pipe:
        term.pipe = pipe
        from referee.cli.prompter import Prompter

        prompter = Prompter(term.console(), "en")
        prompter.new_entry()

        def before(q):
            if isinstance(q, d.Private):
                pipe.send_text("\r")
                return
            pipe.send_text("7\r")

            def refused():
                shots["refused"] = term.display()
                pipe.send_text("2\r")
            term.once_shown("REFUSED-REASON", refused)

        prompter.before_question = before
        assert d.run(dialog(), prompter.ask) == "2"
    return shots["refused"].splitlines()


@pytest.mark.parametrize("secret", [True, False], ids=["masked", "plain"])
def test_issue22_a_masked_field_shows_its_instruction_and_its_refusal_right_under_it(secret):
    """The trial: the masked field of a secret card showed no instruction (``e: an effect of the
    event card``: the event's effect was out of reach), and its refusal stood ten rows under it
    on an empty screen (the terminal's spare rows went between the two)."""
    lines = _refused_masked(secret)
    asked = next(i for i, line in enumerate(lines) if line.startswith("? Kasia"))
    hint = next((i for i, line in enumerate(lines) if "e: an effect of the event card" in line), None)
    assert hint is not None and hint <= asked + 1, "\n".join(lines)
    refusal = next(i for i, line in enumerate(lines) if "REFUSED-REASON" in line)
    assert refusal == hint + 1, "\n".join(lines)
