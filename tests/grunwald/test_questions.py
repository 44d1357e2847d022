"""Issue 25, item 10 (Na Grunwald!): the wording of losses that take everything, fields missing
from the placement menu, questions with one answer not asked, the last entry shown again on
resume, and the Polish terms of the book."""

from __future__ import annotations

from referee.core import dialog as dialogs
from referee.core.text import catalog
from referee.games.grunwald import dialog, engine, news
from referee.games.grunwald.actions import Effect, Feed, PayLosses
from tests.grunwald.table import Table

T = catalog("en")
PL = catalog("pl")


def drive(state, answers):
    """(result, questions asked, lines said) answering by question key."""
    asked, said = [], []

    def answer(q):
        if isinstance(q, dialogs.Notice):
            said.extend(getattr(b, "text", "") for b in q.report)
            return None
        if isinstance(q, (dialogs.Private, dialogs.Public)):  # the player alone at the screen
            return None
        asked.append(q)
        value = answers[q.key]
        value = value.pop(0) if isinstance(value, list) else value
        return q.parse(value) if isinstance(q, dialogs.Text) else value

    return dialogs.run(dialog.ask(state, T), answer), asked, said


def lost_skirmish():
    t = Table(2)
    t.to_round(4)
    t.reveal(teutons=(4, 4))
    t.pass_rest()
    t.cards()  # nobody joins: everybody owes the full strength
    return t


def test_NG_S4_a_player_who_holds_exactly_what_is_owed_is_not_told_only():
    """"Bartek owes 13 but holds only 13": holding exactly the debt is not "only"."""
    t = lost_skirmish()
    name = engine.decision(t.s).player
    p = t.p(name)
    p.hand, p.camp, p.provisions = {"peasant": 1}, {}, t.s.skirmish.owed
    result, asked, _ = drive(t.s, {"losses.everything": True})
    assert asked[0].message == (f"{name} owes {p.provisions} and holds exactly {p.provisions}: "
                                "discards everything they hold.")
    assert result == PayLosses(name, (f"provisions:{p.provisions}",))
    p.provisions -= 1
    _, asked, _ = drive(t.s, {"losses.everything": True})
    assert "but holds only" in asked[0].message


def test_NG_P7_NG_P10_a_field_missing_from_the_menu_says_why_in_one_line():
    t = Table(2)
    t.reveal()
    p = t.p("Marek")
    p.ducats, p.helpers = 0, 5
    _, asked, said = drive(t.s, {"placement.field": "pass"})
    fields = [c.value for c in asked[0].choices]
    assert "mercenaries" not in fields and "helpers" not in fields
    assert ("Not offered: Mercenaries (no ducats to bid), Helpers (5 helpers already, the most)"
            in said), said


def test_NG_E1_a_short_player_with_no_provisions_is_not_asked_which_knights():
    s = engine.new_state(["Marek", "Jacek"])
    s.round, s.phase = 8, "feeding"
    s.players[0].hand = {"crown:3": 1, "mercenary:2": 2, "peasant": 1}
    s.players[0].provisions = 0
    s.feeding_pending = [0]
    result, asked, said = drive(s, {})
    assert asked == []
    assert result == Feed("Marek", ("hand/crown:3", "hand/mercenary:2", "hand/mercenary:2"))
    assert any("(only choice)" in line and "crown 3" in line for line in said), said


def test_NG_R2_a_task_knight_that_is_the_only_one_is_not_asked():
    t = Table(2)
    t.quiet_round()
    t.p("Marek").hand = {"crown:4": 1, "peasant": 1}
    result, asked, said = drive(t.s, {"event.card": "Task", "event.more": ["add", "done"],
                                      "effect.player": "Marek", "effect.kind": "exhaust"})
    assert result.effects == (Effect("Marek", exhaust="crown:4"),)
    assert "effect.exhaust" not in [q.key for q in asked]
    assert any("crown 4 (only choice)" in line for line in said), said


def test_resume_shows_the_last_entry_and_what_it_resolved_again(tmp_path):
    from referee.core.service import SessionService
    from referee.store.sessions import Store

    sessions = SessionService(Store(tmp_path))
    handle = sessions.new("grunwald", ["Marek", "Jacek"], lang="en")
    sid = handle.id
    handle.close()
    t = Table(2)
    t.reveal()
    with sessions.open_live(sid, lang="en") as live:
        live.apply(t.actions[0])
        while engine.decision(live.state).kind == "placement":
            said = live.apply(engine.legal_actions(live.state)[-1])  # everybody passes
        assert said  # the fields resolved (nobody there)
    with sessions.open_live(sid, lang="en") as live:
        again = live.last_news()
    texts = [getattr(b, "text", "") for b in again]
    assert texts[0] == "Last entry: Jacek passed"
    assert [getattr(b, "text", "") for b in again[1:]] == [getattr(b, "text", "") for b in said]


def test_polish_terms_of_the_book():
    """The book's words: "obozowisko" (not "obóz"), "zadania" on event cards (not "wyprawa"), a
    conditional for the standing, and each tied commander gets the full points."""
    texts = {k: v for k, v in PL.entries.items() if k.startswith("grunwald.")}
    assert not [k for k, v in texts.items() if "wyprawę" in v or "wyprawa" in v]
    assert not [k for k, v in texts.items() if "Obóz" in v]
    assert PL("grunwald.board.col_camp") == "Obozowisko"
    assert "przypadłoby" in PL("grunwald.summary.standing_winner_points", players="Ania", total=3)
    assert "wygrywa" not in PL("grunwald.summary.standing_winner_cards", players="Ania", total=3,
                               cards=4)
    assert "dzielony" not in PL("grunwald.summary.decided_shared")
    assert "pełne punkty" in PL("grunwald.summary.decided_shared")


def test_a_skirmish_nobody_joined_is_not_told_as_cards_of_nobody():
    t = lost_skirmish()
    lines = [line.text for line in news._skirmish_lines(catalog("pl"), t.s.log[-1].skirmish)]
    assert "karty graczy: nikt" not in lines[0] and "nikt nie stanął do potyczki" in lines[0]


def test_an_export_of_a_game_in_progress_is_not_played_yet():
    from referee.core.registry import get

    t = Table(2)
    t.reveal()
    md = get("grunwald").export(t.s, "md", PL, {"date": "2026-11-20"})
    assert "Rozegrana" not in md and "Rozpoczęta 2026-11-20" in md
