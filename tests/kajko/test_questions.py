"""Issue 25, item 10 (Kajko i Kokosz): questions with one answer are not asked, the final screen
shows what each character carries, exports name the game and show the Dusigrosz only with its
variant, the first player is the youngest (KK-4), the coin in hand names any other player (KK-13)."""

from __future__ import annotations

import io
import random

from rich.console import Console

from referee.core import dialog as dialogs
from referee.core.report import Table as ReportTable
from referee.core.text import catalog
from referee.games.kajko import bot, dialog, engine, names, news
from referee.games.kajko.actions import Reveal
from tests.kajko.table import Table

T = catalog("en")
PL = catalog("pl")


def questions(state, answers):
    """Run the turn's dialog: ``answers`` by question key; returns (result, questions asked,
    notices' lines)."""
    asked, said = [], []

    def answer(q):
        if isinstance(q, dialogs.Notice):
            said.extend(getattr(b, "text", "") for b in q.report)
            return None
        asked.append(q.key)
        return answers[q.key]

    return dialogs.run(dialog.ask(state, T), answer), asked, said


def test_KK_2_a_stack_that_can_show_one_card_only_is_not_asked_which():
    t = Table(3)
    t.s.left[0], t.s.inside[0] = 1, {"chamberlain"}  # the last card of stack 1: the chamberlain
    result, asked, said = questions(t.s, {"kajko.turn": 0})
    assert result == Reveal("Ola", 0, "chamberlain", None)
    assert "kajko.card" not in asked
    assert any("chamberlain (the only possibility)" in line for line in said)


def test_KK_13_two_players_the_coin_in_hand_takes_from_the_other_without_asking():
    t = Table(2, coin_in_hand=True)
    result, asked, said = questions(t.s, {"kajko.turn": 0, "kajko.card": "coin_in_hand"})
    assert result == Reveal("Ola", 0, "coin_in_hand", "Bartek")
    assert "kajko.target" not in asked
    assert any("Bartek (the only possibility)" in line for line in said)


def test_KK_13_the_coin_in_hand_names_any_other_player_even_one_out_or_with_nothing():
    """DECISIONS.md KK-D1: "wybiera dowolnego gracza" — any other player (the book's "oddać
    graczowi odkrytą kartę": the card goes to another), whatever lies in front of them."""
    t = Table(3, coin_in_hand=True)
    assert engine.targets(t.s, "Ola") == ["Bartek", "Ewa"]
    assert all(not t.front(n) for n in ("Bartek", "Ewa"))  # nothing in front: still named


def _finished(seed=3, **variants):
    rng = random.Random(seed)
    state = engine.new_state(["Ola", "Bartek", "Ewa"], None, **variants)
    while not state.over:
        marker = news.news_marker(state)
        engine.apply(state, bot.random_action(state, rng))
    return state, marker


def test_KK_10_the_final_screen_shows_what_each_character_carries():
    state, marker = _finished()
    report = news.news(T, marker, state)
    tables = [b for b in report if isinstance(b, ReportTable)]
    town = next(tb for tb in tables if tb.title == T("kajko.board.players"))
    ola = next(row for row in town.rows if row[0] == "Ola")
    assert ola[3] == ("; ".join(names.cards_text(T, c) for c in state.player("Ola").town)
                      or T("kajko.summary.none"))
    assert "of" not in ola[3].split()  # not "2 of 3" (face down): the cards themselves


def test_KK_12_exports_name_the_game_and_show_the_dusigrosz_only_with_its_variant():
    from referee.core.registry import get

    game = get("kajko")
    state, _ = _finished(dusigrosz=False)
    md = game.export(state, "md", T, {}, "friday-game")
    assert md.lstrip("# ").startswith("Kajko i Kokosz")  # the game's name, not the session's
    assert "friday-game" in md
    assert "Dusigrosz" not in md
    html = game.export(state, "html", T, {}, "friday-game")
    assert "<h1>Kajko i Kokosz" in html and "Dusigrosz" not in html
    state, _ = _finished(dusigrosz=True)
    assert "Dusigrosz" in game.export(state, "md", T, {}, "friday-game")


def test_KK_4_the_first_name_asked_is_the_youngest_players():
    assert "youngest" in T.for_game("kajko", "cli.first_player", n=1)
    assert "najmłodszy" in PL.for_game("kajko", "cli.first_player", n=1)
    assert "youngest" not in T.for_game("grunwald", "cli.first_player", n=1)


def test_stats_for_one_player_leave_out_a_game_they_never_finished(tmp_path):
    import json
    from pathlib import Path

    from referee.cli import archive
    from referee.core.registry import get
    from referee.store.sessions import Store

    store = Store(tmp_path)
    items = []
    for g, f in (("grunwald", "examples/two-players.json"), ("kajko", "examples/kajko/three-players.json")):
        game = get(g)
        doc = json.loads((Path(__file__).parents[2] / f).read_text(encoding="utf-8"))
        state = game.parse_record(doc).replay()[0]
        items.append((f"s-{g}", game.name, doc, "en", True, game.result_summary(state)))
    for s in store.create_many(items):
        s.close()
    out = Console(width=80, file=io.StringIO(), record=True)
    archive.show_stats(store, as_json=False, player="Ewa", players_count=None, since=None,
                       game_name=None, lang="en", console=out)
    text = out.export_text()
    assert "Na Grunwald!" not in text  # Ewa played only Kajko i Kokosz
    assert "Average points by category, and titles won" in text  # one line, not three


def test_KK_13_the_coin_in_hand_menu_shows_every_card_in_front_as_the_table_sees_it():
    """Issue 22 (trial): "Ewa (in front: –)" while the robber knights lay in front of her.  The
    book: a player who reveals the robber knights "musi położyć ją przed sobą na stole", and the
    cards in front lie so "aby przeciwnicy widzieli, co się na nich znajduje" (public): the menu
    names what the board's front column shows, not only the items."""
    t = Table(3, coin_in_hand=True)
    t.reveal(9, "coin")      # Ola
    t.reveal(8, "item:5")    # Bartek
    t.reveal(2, "brigands")  # Ewa: the robber knights settle in front of her
    asked = {}

    def answer(q):
        if isinstance(q, dialogs.Notice):
            return None
        asked[q.key] = [c.label for c in q.choices]
        return {"kajko.turn": 3, "kajko.card": "coin_in_hand", "kajko.target": "Ewa"}[q.key]

    assert dialogs.run(dialog.ask(t.s, T), answer) == Reveal("Ola", 3, "coin_in_hand", "Ewa")
    ewa = names.cards_text(T, t.front("Ewa"))
    assert ewa == T("kajko.card.brigands")
    assert f"Ewa (in front: {ewa})" in asked["kajko.target"]
    assert f"Bartek (in front: {names.cards_text(T, t.front('Bartek'))})" in asked["kajko.target"]
