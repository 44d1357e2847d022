"""Issue 22 part 2: every key lands where it is meant.  The real prompts (questionary) are driven
through prompt_toolkit's pipe input; each test types ahead the way a hurried table does."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from referee.cli.prompter import Prompter
from referee.core import dialog as dialogs
from referee.core.dialog import Choice, Invalid, Notice, Secret, Select, Text
from referee.core.report import Line
from tests.harness import Typing, prompts, terminal_session


def drive(dialog, typing: dict[str, str], lang: str = "en", while_drawn=None):
    """Run ``dialog`` through the real prompts; ``typing[key]``: what the table types when the
    question ``key`` appears (a list: at each time it appears, in turn); ``while_drawn``: a
    ``WhileDrawn`` that types while each question is drawn, into the same input."""
    out = io.StringIO()
    table = Typing(typing)
    with prompts(table, lang, screen=out) as prompter:
        if while_drawn is not None:
            while_drawn.pipe = table.pipe
        try:
            result = dialogs.run(dialog, prompter.ask)
        except KeyboardInterrupt:  # typed last in a test: no answer was accepted before it
            raise AssertionError(f"no answer was accepted at {table.asked[-1].key}") from None
    return result, [q.key for q in table.asked], out.getvalue()


def menu(key: str, n: int) -> Select:
    return Select(key, f"{key}?", [Choice(f"{key} {i}", f"{key}{i}", str(i)) for i in range(1, n + 1)])


def test_keys_typed_ahead_across_an_automatic_answer_do_not_reach_the_next_question():
    """``1 2`` meant for a helper menu the referee then answered itself ("only one possibility"):
    the ``2`` must not choose the next player's field."""

    def dialog():
        helper = yield menu("first", 3)
        yield Notice([Line("Only one possibility, chosen: 1 helper", "muted")])  # waits for no key
        field = yield menu("next", 3)
        return helper, field

    result, asked, _ = drive(dialog(), {"first": "12", "next": "3"})
    assert asked == ["first", "next"]
    assert result == ("first1", "next3")  # the typed-ahead 2 was thrown away


def test_keys_typed_ahead_before_a_text_question_are_discarded():
    def dialog():
        first = yield menu("first", 2)
        name = yield Text("name", "name?", lambda s: s)
        return first, name

    result, _, _ = drive(dialog(), {"first": "2abc", "name": "Ola\r"})
    assert result == ("first2", "Ola")


def test_a_refused_masked_answer_is_cleared_and_the_next_one_stands_alone():
    """``5 HC, 2 LB`` refused, then ``7 HC``: the field held ``5 HC, 2 LB7 HC`` before (invisibly)."""
    seen: list[str] = []

    def parse(text: str) -> str:
        seen.append(text)
        if text != "7 HC":
            raise Invalid("too many points")
        return text

    def dialog():
        return (yield Secret("army", "army?", parse))

    # the Ctrl-C after the answers would interrupt the test if the field were never accepted
    result, _, _ = drive(dialog(), {"army": "5 HC, 2 LB\r7 HC\r\x03"})
    assert result == "7 HC"
    assert "5 HC, 2 LB7 HC" not in seen


def test_a_refused_text_answer_is_cleared_even_from_a_default():
    def parse(text: str) -> int:
        if not text.isdigit() or int(text) > 5:
            raise Invalid("1–5")
        return int(text)

    def dialog():
        return (yield Text("amount", "how many?", parse, default="3"))

    result, _, _ = drive(dialog(), {"amount": "9\r4\r\x03"})
    assert result == 4  # not 394 nor 94


def test_a_menu_highlights_its_safe_default_so_enter_takes_it():
    def dialog():
        q = menu("pay", 4)
        q.default = "pay4"
        return (yield q)

    result, _, _ = drive(dialog(), {"pay": "\r"})
    assert result == "pay4"


# -- the whole gap (issue 22 trials): keys typed before a question is drawn never answer it; keys
# typed once it is drawn always do


class WhileDrawn:
    """A table typing around each question the referee asks: ``stray`` while the question is
    being built and drawn (after everything before it: the save, the board, the notices, the
    referee's first discard — ``interrupt.ask`` runs it next), then the question's ``answers``
    (in turn) the moment it is on the screen (its first render)."""

    def __init__(self, monkeypatch, stray: str, answers: list[str]) -> None:
        from referee.cli import interrupt

        self.pipe, self.apps, self.answers = None, [], list(answers)
        real = interrupt.ask

        def ask(application):
            self.apps.append(application)
            answer = self.answers.pop(0)
            drawn: list[bool] = []

            def shown(_):
                if not drawn:
                    drawn.append(True)
                    self.pipe.send_text(answer)

            self.pipe.send_text(stray)
            application.after_render += shown
            return real(application)

        monkeypatch.setattr(interrupt, "ask", ask)


def test_keys_typed_while_the_next_question_is_drawn_do_not_answer_it(monkeypatch):
    """Kajko i Kokosz at the table: a key typed ~150 ms after an answer, while the next question
    was still being built and drawn, answered it (the referee threw keys away only before it
    began to build the question)."""
    stray = WhileDrawn(monkeypatch, "1", ["2", "3"])

    def dialog():
        first = yield menu("first", 3)
        yield Notice([Line("Only one possibility, chosen: 1 helper", "muted")])  # waits for no key
        second = yield menu("next", 3)
        return first, second

    result, asked, _ = drive(dialog(), {}, while_drawn=stray)
    assert asked == ["first", "next"]
    assert result == ("first2", "next3")  # not ("first1", …): the stray 1 never answered


def test_keys_typed_once_a_private_question_is_shown_land_and_none_typed_before():
    """After a private moment's look-away Enter: what the player types once the question is on
    the screen is all there (the first keys were lost), and nothing typed before it."""

    def dialog():
        yield dialogs.Private("Ala", "Ala: press Enter when only you can see the screen")
        yield Notice([Line("Ala's hand: Ar Ca")])
        draw = yield Secret("draw", "draw?", lambda s: s)
        yield dialogs.Public()
        return draw

    # the Enter and "Ca" typed together (before the question), then "Ar Ca" once it is shown
    result, asked, _ = drive(dialog(), {"private": "\rCa", "draw": "Ar Ca\r"})
    assert asked == ["private", "draw"]
    assert result == "Ar Ca"


def test_keys_typed_while_a_private_question_is_drawn_are_discarded(monkeypatch):
    stray = WhileDrawn(monkeypatch, "Be ", ["\r", "Ar Ca\r"])

    def dialog():
        yield dialogs.Private("Ala", "Ala: press Enter when only you can see the screen")
        draw = yield Secret("draw", "draw?", lambda s: s)
        yield dialogs.Public()
        return draw

    result, _, _ = drive(dialog(), {"private": ""}, while_drawn=stray)
    assert result == "Ar Ca"  # not "Be Ar Ca"


def test_a_cursor_report_among_the_discarded_keys_goes_back_to_the_question(monkeypatch):
    """The question asks the terminal where its cursor is as it is drawn; the answer may come in
    with the keys thrown away: it is handed back (else the question waits for it when it ends,
    or prompt_toolkit warns that the terminal cannot report it), and never typed."""
    from prompt_toolkit.renderer import Renderer

    reported: list[int] = []
    real = Renderer.report_absolute_cursor_row
    monkeypatch.setattr(Renderer, "report_absolute_cursor_row",
                        lambda self, row: (reported.append(row), real(self, row))[1])
    stray = WhileDrawn(monkeypatch, "x\x1b[5;1Ry", ["Ola\r"])

    def dialog():
        return (yield Text("name", "name?", lambda s: s))

    result, _, _ = drive(dialog(), {}, while_drawn=stray)
    assert result == "Ola"
    assert reported == [5]  # the report reached the question


def test_a_terminal_does_not_echo_keys_typed_between_questions(monkeypatch):
    """Between two questions the terminal echoed keys typed ahead at the cursor: they showed on
    the shared screen (a masked draw typed ahead: in clear), pushed the next question aside and
    vanished when it appeared.  From the first question on, the terminal does not echo."""
    import os
    import pty
    import termios

    from referee.cli import prompter as prompter_module

    monkeypatch.setattr(prompter_module, "_echoing", [])
    master, slave = pty.openpty()
    try:
        assert termios.tcgetattr(slave)[3] & termios.ECHO
        with os.fdopen(os.dup(slave), "r") as stdin:
            with terminal_session(stdin):
                prompter = Prompter(Console(file=io.StringIO(), width=80), "en")
                prompter.before_question = lambda q: os.write(master, b"2")
                assert prompter.ask(menu("first", 3)) == "first2"
                assert not termios.tcgetattr(slave)[3] & termios.ECHO  # between questions too
                os.write(master, b"13")  # typed ahead: not echoed, and thrown away
                prompter.before_question = lambda q: os.write(master, b"3")
                assert prompter.ask(menu("next", 3)) == "next3"
        os.set_blocking(master, False)
        try:
            echoed = os.read(master, 4096)
        except BlockingIOError:
            echoed = b""
        assert b"13" not in echoed
    finally:
        prompter_module._echoing.clear()  # (its terminal is closed here)
        os.close(master)
        os.close(slave)


class ShownLater:
    """A driver's pipe whose keys are typed the moment the question is on the screen (its first
    render), after ``stray`` typed while it is built and drawn — whenever the prompter asks the
    driver for them (tests of a whole game: the save and the board come before every question).
    Use as the driver's pipe, with ``real`` the pipe input."""

    def __init__(self, monkeypatch, real, stray: str) -> None:
        from referee.cli import interrupt

        self.real, self.pending = real, []
        ask = interrupt.ask

        def asked(application):
            drawn: list[bool] = []

            def shown(_):
                if not drawn:
                    drawn.append(True)
                    self.flush()

            real.send_text(stray)
            application.after_render += shown
            return ask(application)

        monkeypatch.setattr(interrupt, "ask", asked)

    def send_text(self, keys: str) -> None:
        self.pending.append(keys)

    def flush(self) -> None:
        keys, self.pending = "".join(self.pending), []
        self.real.send_text(keys)


def test_a_key_typed_the_moment_the_question_is_sent_to_the_terminal_lands(monkeypatch):
    """Keys are thrown away up to the last moment before the question's first screen goes out,
    not after it: a table (or a driver on a terminal) answering the instant it shows lost its
    answer, and the question waited for ever."""
    import threading
    import types

    from referee.cli import interrupt

    real_ask = interrupt.ask
    answers = ["2", "3"]
    table = types.SimpleNamespace(pipe=None)  # (``drive`` gives it the input)

    def ask(application):
        output, answer, sent = application.renderer.output, answers.pop(0), []

        def drawing(_):
            if sent or "flush" in vars(output):
                return

            def flush():
                del output.flush  # once: the question's first screen
                sent.append(True)
                table.pipe.send_text(answer)  # typed the instant it is sent
                type(output).flush(output)

            output.flush = flush

        application.before_render += drawing
        # had the answer been thrown away, the question would wait: Ctrl-C ends the test then
        stuck = threading.Timer(5, lambda: table.pipe.send_text("\x03"))
        stuck.start()
        try:
            return real_ask(application)
        finally:
            stuck.cancel()

    monkeypatch.setattr(interrupt, "ask", ask)

    def dialog():
        return (yield menu("first", 3)), (yield menu("next", 3))

    result, _, _ = drive(dialog(), {}, while_drawn=table)
    assert result == ("first2", "next3")


def test_a_refusal_typed_at_once_with_its_enter_says_why_that_answer_was_refused(monkeypatch):
    """Na Grunwald! trial: ``9`` and Enter typed together at the ducat card cleared the field (as
    meant) but said "Type the numbers printed on the cards": the validation the 9 had started
    while being typed ended after the field was cleared, and judged the empty field instead."""
    import threading
    import types

    from referee.cli import interrupt

    real_ask = interrupt.ask
    shown: list[str] = []
    table = types.SimpleNamespace(pipe=None)  # (``drive`` gives it the input)

    def parse(text: str) -> int:
        if text.strip() != "4":
            raise Invalid(f"refused: {text!r}")
        return 4

    def ask(application):
        buffer, sent = application.layout.current_buffer, []

        def drawn(_):
            error = buffer.validation_error
            shown.append(error.message if error else "")
            if not sent:
                sent.append(True)
                table.pipe.send_text("9\r")
            elif error and len(sent) == 1:  # the refusal drawn: the right answer typed a second
                sent.append(True)  # later (a validation still running would have redrawn by then)
                threading.Timer(1.0, lambda: table.pipe.send_text("4\r")).start()

        application.after_render += drawn
        # (no refusal drawn within 10 s: the answer is typed anyway, and the assertions say why)
        late = threading.Timer(10, lambda: len(sent) == 1 and table.pipe.send_text("4\r"))
        late.start()
        try:
            return real_ask(application)
        finally:
            late.cancel()

    monkeypatch.setattr(interrupt, "ask", ask)

    def dialog():
        return (yield Text("ducats", "ducats?", parse))

    result, _, _ = drive(dialog(), {}, while_drawn=table)
    assert result == 4  # (typed a second after the refusal was drawn)
    refusals = [m for m in shown if m]
    assert refusals and set(refusals) == {"refused: '9'"}, refusals


def test_enter_alone_on_a_menu_without_a_safe_choice_does_nothing():
    """A War Chest turn menu (every choice an action, ``safe_default=False``): a table pressing
    Enter out of habit, after a look-away question, took the first action (a trial).  Enter alone
    does nothing there; a key answers; Enter after the highlight was moved (even back to the first
    choice) takes what is highlighted."""

    def dialog():
        first = yield unsafe(menu("turn", 4))
        second = yield unsafe(menu("again", 4))
        third = yield unsafe(menu("back", 4))
        return first, second, third

    result, asked, _ = drive(dialog(), {"turn": "\r\r3", "again": "\x1b[B\x1b[A\x1b[B\r",
                                        "back": "\r\x1b[B\x1b[A\r"})
    assert result == ("turn3", "again2", "back1") and asked == ["turn", "again", "back"]


def test_enter_alone_on_a_long_menu_without_a_safe_choice_does_nothing_on_any_page():
    """A menu too long for the screen: Enter alone takes nothing on the first page nor on the
    next one ("more"); the arrows then Enter take the highlighted choice."""
    from referee.cli.prompter import next_page_key, page, shortcut_keys

    q = Select("hex", "hex?", [Choice(f"hex {i}", i) for i in range(30)], safe_default=False)
    height = Console(file=io.StringIO(), width=80).height  # (the drive's: 24 under xdist, LINES)
    shown, _, more = page(q, 0, height, 80)
    assert more
    more_key = next_page_key(shortcut_keys(q.choices))
    result, _, _ = drive(_one(q), {"hex": "\r" + more_key + "\r\x1b[B\r"})
    assert result == len(shown) + 1  # the second choice of page 2


def test_enter_still_takes_a_menus_safe_default():
    def dialog():
        pay = yield Select("pay", "pay?", [Choice("card", "card", "1"), Choice("Done", "done", "d")],
                           default="done")
        first = yield menu("setup", 3)  # a menu with a safe first choice (the standard setup)
        return pay, first

    assert drive(dialog(), {"pay": "\r", "setup": "\r"})[0] == ("done", "setup1")


def _one(q):
    return (yield q)


def unsafe(q: Select) -> Select:
    q.safe_default = False
    return q


def test_a_key_pressed_just_after_an_automatic_answer_never_answers_the_next_question():
    """A trial (Kajko, Polish): stack 1 had one card left, so the referee answered "which card?"
    itself; the player's ``2``, pressed 0.3 s later for that question, chose the next player's
    stack.  After a notice the next question waits ``grace`` seconds before it appears, and a key
    pressed meanwhile is thrown away; once the question is on the screen, its keys answer at once
    (a later trial: keys pressed 0.3 s after a question appeared were dropped while it was on the
    screen, and the next key then answered the wrong question)."""
    import threading
    import time

    from referee.core.report import Line as Said

    def dialog():
        yield Notice([Said("Which card? → crown 5 (the only possibility)")])
        return (yield menu("next", 3))

    # (a grace of 1.5 s, not the table's 0.6: the key pressed 0.2 s in must reach the terminal
    # before the question appears even when a busy machine runs the typing thread late)
    table = Typing({"next": "3"})  # typed the moment the question is on the screen: it answers
    with prompts(table, "en") as prompter:
        prompter.grace = 1.5
        timer = threading.Timer(0.2, lambda: table.pipe.send_text("2"))  # before it appears
        timer.start()
        shown: list[float] = []
        typist = prompter.before_question
        prompter.before_question = lambda q: (shown.append(time.monotonic()), typist(q))
        start = time.monotonic()
        try:
            assert dialogs.run(dialog(), prompter.ask) == "next3"
        finally:
            timer.cancel()
        assert shown[0] - start >= 1.5  # (it appeared only after the grace)
    # without a notice before it, a question appears and takes its keys at once
    table = Typing({"next": "2"})
    with prompts(table, "en") as prompter:
        prompter.grace = 1.5
        start = time.monotonic()
        assert dialogs.run((lambda: (yield menu("next", 3)))(), prompter.ask) == "next2"
        assert time.monotonic() - start < 1.5


def test_the_grace_of_a_terminal_prompter_comes_from_the_environment(monkeypatch):
    from referee.cli import prompter as prompter_module

    monkeypatch.setenv("REFEREE_KEY_GRACE", "0.25")
    assert prompter_module.grace() == 0.25
    monkeypatch.setenv("REFEREE_KEY_GRACE", "nonsense")
    assert prompter_module.grace() == prompter_module.GRACE


def test_a_menu_longer_than_its_keys_is_answered_with_the_arrows():
    """A menu with more choices than keys (36 and more, no key of their own): every letter is a
    choice's, so "more" has none; the menu is still asked (arrows and Enter), never a crash."""
    q = Select("many", "many?", [Choice(f"item {i}", i) for i in range(40)])

    def dialog():
        return (yield q)

    result, asked, _ = drive(dialog(), {"many": "\x1b[B\x1b[B\r"})
    assert asked == ["many"] and result == 2


def test_a_stop_iteration_from_an_answer_is_an_error_never_the_end_of_the_entry():
    """``dialogs.run`` took a ``StopIteration`` escaping the answering function (a menu whose
    "more" had no key) for the dialog's end: the entry ended with no answer, silently."""

    def dialog():
        yield menu("first", 2)
        return "finished"

    def answer(_question):
        raise StopIteration

    with pytest.raises(RuntimeError):
        dialogs.run(dialog(), answer)
