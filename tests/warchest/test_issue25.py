"""Issue 25, War Chest item 3: the table's smaller findings (the Footman's second maneuver over the
map as it stands, the memory aid's words, the setup questions, the draft's laid-out cards, the
Polish codes, ``stats``, the map's coordinates), each through the dialog or the report it fixes."""

from __future__ import annotations

from referee.core import dialog as dialogs
from referee.core.report import Board
from referee.core.text import catalog
from referee.games.warchest import dialog, engine
from referee.games.warchest.actions import Maneuver, Play
from tests.warchest.driver import direct
from tests.warchest.table import B4, position

EN, PL = catalog("en"), catalog("pl")


def asked(state, target, lang="en"):
    """Every question and notice the dialog shows on its way to ``target`` (which it returns)."""
    seen = []
    answer = direct(target, lang)

    def record(q):
        seen.append(q)
        return answer(q)

    assert dialogs.run(dialog.ask(state, catalog(lang)), record) == target
    return seen


def boards(questions) -> list[Board]:
    return [b for q in questions if isinstance(q, dialogs.Notice) for b in q.report if isinstance(b, Board)]


def test_WC_U6_the_second_footman_maneuver_is_asked_over_the_map_after_the_first():
    """The first Footman leaves [3,3] for [3,4]; the second may then step into [3,3]: the map
    drawn for that question shows the first Footman on [3,4], and [3,3] is offered as empty."""
    s = position(units=(("footman", "knight", "pikeman", "mercenary"), B4),
                 stacks=[((3, 3), 0, "footman", 1), ((4, 3), 0, "footman", 1)],
                 hands=[["footman"], ["royal"]])
    target = Play("Ania", "tactic", "footman", steps=(Maneuver("move", frm=(3, 3), to=(3, 4)),
                                                      Maneuver("move", frm=(4, 3), to=(3, 3))))
    seen = asked(s, target)
    dest = next(q for q in seen if getattr(q, "key", "") == "warchest.hex.step1_dest")
    label = next(c.label for c in dest.choices if c.value == (3, 3))
    assert label == "[3,3] empty", label
    last = boards(seen)[-1]  # the map drawn with that question
    cells = {c.pos: c.text for c in last.cells}
    assert cells[(3, 4)].startswith("Fo") and cells[(3, 3)] == ""


def test_coin_codes_are_read_without_diacritics_and_never_ambiguous():
    """``lu`` is the Łucznik (Łu) as typed without Polish keys, ``chorazy`` the Chorąży; every code
    and name, with or without its diacritics, in either language, names one coin only."""
    from referee.games.warchest.summary import code, unit_name
    from referee.games.warchest.units import ROYAL, UNITS

    coins = [*UNITS, ROYAL]
    parse = dialog.coin_parser(PL, coins)
    assert parse("lu") == parse("Łu") == parse("ŁU") == "archer"
    assert parse("chorazy") == "ensign" and parse("kaplan-wojownik") == "warrior_priest"
    assert parse("kr") == ROYAL and parse("Ro") == ROYAL
    owner: dict[str, str] = {}
    for c in coins:
        for t in (EN, PL):
            for word in (code(t, c), unit_name(t, c)):
                for form in (word.casefold(), dialog.plain(word)):
                    assert owner.setdefault(form, c) == c, (form, owner[form], c)
                    assert parse(form) == c
    assert len({dialog.plain(code(PL, c)) for c in coins}) == len(coins)
    assert len({dialog.plain(code(EN, c)) for c in coins}) == len(coins)


def test_the_name_questions_do_not_say_player_1_plays_first():
    """WC-C9, WC-T4: the initiative marker decides who plays first, not the seat; the names are
    asked in seating order (in both languages)."""
    from referee.cli.commands import _ask_players

    for t, first in ((EN, "initiative"), (PL, "inicjatyw")):
        questions = []

        def answer(q):
            questions.append(q)
            return 2 if isinstance(q, dialogs.Select) else f"P{len(questions)}"

        assert dialogs.run(_ask_players(t, (2, 4), "warchest"), answer) == ["P2", "P3"]
        texts = [q.message for q in questions if isinstance(q, dialogs.Text)]
        assert first in texts[0] and texts[0] != t("core.cli.first_player", n=1), texts
        assert all(len(m) <= 78 for m in texts)
