"""Issue 22 part 2: every key lands where it is meant.  The real prompts (questionary) are driven
through prompt_toolkit's pipe input; each test types ahead the way a hurried table does."""

from __future__ import annotations

import io

from referee.core import dialog as dialogs
from referee.core.dialog import Choice, Invalid, Notice, Secret, Select, Text
from referee.core.report import Line
from tests.harness import Typing, prompts


def drive(dialog, typing: dict[str, str], lang: str = "en"):
    """Run ``dialog`` through the real prompts; ``typing[key]``: what the table types when the
    question ``key`` appears (a list: at each time it appears, in turn)."""
    out = io.StringIO()
    table = Typing(typing)
    with prompts(table, lang, screen=out) as prompter:
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
