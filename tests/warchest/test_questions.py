"""Issue 25, War Chest item 3: the table's smaller findings (the Footman's second maneuver over the
map as it stands, the memory aid's words, the setup questions, the draft's laid-out cards, the
Polish codes, ``stats``, the map's coordinates), each through the dialog or the report it fixes."""

from __future__ import annotations

import pytest

from referee.core import dialog as dialogs
from referee.core.errors import RecordError
from referee.core.report import Board
from referee.core.text import catalog
from referee.games.warchest import dialog, engine, record
from referee.games.warchest.actions import FirstPicker, Maneuver, Pick, Play
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
    from referee.games.warchest.names import code, unit_name
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


def test_WC_T2_the_memory_aid_says_plainly_what_the_next_draw_takes():
    """Never "next draw from 0 coins, the discard goes back in": 3 of the bag's coins; what is
    left in the bag, then the discard goes back in; the bag empty, the discard goes back in
    first; and how many can be drawn when fewer than 3 coins are left (both languages)."""
    from referee.games.warchest.view import next_draw_text

    def said(t, bag, down, up):
        return " · ".join(next_draw_text(t, {"bag": bag, "discard_facedown": down, "discard_faceup": up}))

    assert said(EN, 7, 1, 1) == "next draw: 3 of the bag's 7"
    assert said(EN, 2, 3, 2) == "next draw: the bag's last 2, then the discard (5) goes back in"
    assert said(EN, 0, 3, 1) == "next draw: the bag is empty, so the discard (4) goes back in first"
    assert said(EN, 0, 1, 1) == ("next draw: the bag is empty, so the discard (2) goes back in first"
                                 " · coins left to draw: 2")
    assert said(EN, 0, 0, 0) == "nothing left to draw"
    assert said(PL, 0, 3, 2) == "losowanie: woreczek pusty, więc najpierw wraca stos odrzuconych (5)"
    assert said(PL, 1, 1, 1) == "losowanie: ostatnie z woreczka (1), potem wraca stos odrzuconych (2)"
    assert said(PL, 22, 0, 0) == "losowanie: 3 z woreczka (22)"
    for t in (EN, PL):
        for bag in range(25):
            for pile in range(25):
                assert all(len(item) <= 76 for item in next_draw_text(
                    t, {"bag": bag, "discard_facedown": pile, "discard_faceup": 0}))
        assert "0" not in said(t, 0, 4, 0)
        assert len(next_draw_text(t, {"bag": 24, "discard_facedown": 0, "discard_faceup": 0})[0]) <= 31


def test_the_map_names_its_edges_within_80_columns_and_7_lines():
    """The log speaks of ``[4,1] → [4,2]``: each row of the map starts with its first hex's name
    (and, with two players, ends with its last's), in the same 7 lines, at most 78 columns even
    with every hex labelled with a key."""
    import re

    from referee.games.warchest.view import WIDTH, grid

    for names in (["Ola", "Bartek"], ["Ola", "Bartek", "Ewa", "Kuba"]):
        state = engine.new_state(names, {"method": "custom"})
        lines = grid(state, EN, {}, dict.fromkeys(state.board.hexes, "ab")).text().splitlines()
        assert len(lines) == 7 and max(len(line) for line in lines) <= WIDTH
        for line in lines:
            cells = [(m.start(), m.group()) for m in re.finditer(r"\[\d,\d\]", line)]
            first = cells[0][1]
            q, r = map(int, first[1:-1].split(","))
            row = sorted(h for h in state.board.hexes if h[1] == r)
            assert cells[0][0] == len(line) - len(line.lstrip()) and (q, r) == row[0]  # at the left edge
            if len(names) == 2:
                assert line.endswith(f"[{row[-1][0]},{r}]")
    two = grid(engine.new_state(["Ola", "Bartek"], {"method": "custom"}), PL).text().splitlines()
    assert two[0].strip().startswith("[0,6]") and two[-1].endswith("[6,0]")


def test_stats_show_wins_and_unit_cards_never_points_war_chest_has_none():
    """``stats --game warchest`` showed "Avg total 0.0 / Best 0" and an empty table: War Chest
    has no points, so the overview is games, wins and win share, then the unit cards."""
    from referee.core import stats
    from referee.core.report import Table
    from referee.games.warchest import GAME

    state = engine.new_state(["Ola", "Bartek"], {"method": "first_game"})
    state.winner = "raven"
    entries = [{"complete": True, "result": GAME.result_summary(state)} for _ in range(3)]
    figures = stats.compute(entries, GAME.titles, {})
    for t in (EN, PL):
        tables = [b for b in stats.report({GAME: figures}, t) if isinstance(b, Table)]
        assert all(table.rows for table in tables)  # no empty table
        overview = tables[0]
        assert overview.columns == [t("core.cli.col_player"), t("core.cli.col_games"), t("core.cli.col_wins"),
                                    t("core.cli.col_rate")]
        assert overview.rows[0] == ["Ola", "3", "3", "100%"] and overview.rows[1] == ["Bartek", "3", "0", "0%"]
        assert tables[-1].title == t("warchest.stats.units") and len(tables[-1].rows) == 8


EIGHT = ["archer", "cavalry", "lancer", "scout", "knight", "pikeman", "ensign", "royal_guard"]


def run_setup(players, answers, t=EN):
    asked_keys = []
    it = iter(answers)

    def answer(q):
        asked_keys.append(q.key)
        return next(it)

    return dialogs.run(dialog.setup(t, players), answer), asked_keys


def test_WC_X1_the_draft_asks_the_cards_laid_out_and_offers_only_those():
    """The book: "wylosuj 8 kart oddziału i połóż je na środku obszaru gry. Następnie podrzucany
    jest żeton inicjatywy…" — the table lays out 8 cards (12 with four, WC-X3), then picks: the
    setup asks which were laid out, and each pick offers only those still on the table."""
    got, keys = run_setup(["Ola", "Bartek"], ["draft", *EIGHT, "nobility"])
    assert keys == ["warchest.setup.method", *["warchest.setup.cards"] * 8, "warchest.setup.royal_guard"]
    assert got["setup"]["cards"] == sorted(EIGHT, key=[*engine.UNITS].index)
    state = engine.new_state(["Ola", "Bartek"], {"method": "draft", "cards": got["setup"]["cards"]})
    engine.apply(state, engine.legal_actions(state)[0])  # the first picker
    picks = dialog.ask(state, EN)
    q = next(q for q in picks if not isinstance(q, dialogs.Notice))
    assert [c.value for c in q.choices[:-1]] == sorted(EIGHT, key=lambda u: EN(f"warchest.unit.{u}"))
    assert {a.unit for a in engine.legal_actions(state)} == set(EIGHT)
    with pytest.raises(RecordError) as err:
        engine.apply(state, Pick(engine.decision(state).player, "berserker"))
    assert err.value.rule == "WC-X1" and "not laid out" in str(err.value)
    four, keys = run_setup(["A", "B", "C", "D"], ["draft", *EIGHT, "mercenary", "swordsman", "crossbowman",
                                                    "berserker", "base"])
    assert keys.count("warchest.setup.cards") == 12 and len(four["setup"]["cards"]) == 12


def test_WC_X1_the_laid_out_cards_are_kept_in_the_record():
    meta = {"setup": {"method": "draft", "cards": sorted(EIGHT, key=[*engine.UNITS].index)}}
    state = engine.new_state(["Ola", "Bartek"], record.setup_of(meta))
    actions = [FirstPicker("Ola")]
    engine.apply(state, actions[0])
    for _ in range(8):
        a = engine.legal_actions(state)[0]
        engine.apply(state, a)
        actions.append(a)
    doc = record.write_record(["Ola", "Bartek"], actions, meta)
    assert list(doc["setup"]) == ["method", "cards", "picks"] and doc["setup"]["cards"] == meta["setup"]["cards"]
    again, _ = record.parse_record(doc).replay()
    assert again.snapshot() == state.snapshot() and set(again.cards) == set(EIGHT)
    from referee.games.warchest.output import export_json

    assert export_json(again, EN, {})["setup"]["cards"] == meta["setup"]["cards"]
    kept = doc["setup"]["picks"][3]
    doc["setup"]["picks"][3] = "berserker"
    with pytest.raises(RecordError) as err:
        record.parse_record(doc).replay()
    assert err.value.rule == "WC-X1" and err.value.location == "setup.picks[3]"
    doc["setup"]["cards"] = EIGHT[:7]
    with pytest.raises(RecordError) as err:
        record.parse_record(doc).replay()
    assert err.value.rule == "WC-X1" and err.value.location == "setup.cards"
    doc["setup"]["picks"][3] = kept
    del doc["setup"]["cards"]  # an older record, without them: any card may be picked, as before
    assert record.parse_record(doc).replay()[0].cards is None


def test_WC_U13_the_royal_guard_card_is_asked_only_where_a_royal_guard_can_be_in_play():
    """The first game, Bannockburn and a draft without the Royal Guard: not asked; Crécy and
    Gaugamela (a Royal Guard in an army) and a draft with it: asked.  The dealt or free choices
    (the cards are not known yet at setup): not asked at setup, but after the deal, when a Royal
    Guard is in play (``test_WC_U13_the_royal_guard_card_is_asked_after_the_deal_*``)."""
    for method, asked_guard in (("first_game", False), ("historic:bannockburn", False),
                                ("historic:crecy", True), ("historic:gaugamela", True),
                                ("random", False), ("custom", False)):
        got, keys = run_setup(["Ola", "Bartek"], [method, "nobility"])
        assert ("warchest.setup.royal_guard" in keys) is asked_guard, method
        assert ("options" in got) is asked_guard
    got, keys = run_setup(["Ola", "Bartek"], ["draft", *EIGHT[:7], "berserker"])
    assert "warchest.setup.royal_guard" not in keys and "options" not in got
