"""Issue 23: what a correction changed, in the words a table reads ("Round 8, reveal mercenary #1:
1 → 5, typed wrong; the title Commander of mercenary troops moved from Marek to Jacek"), with each
game's own names for its scores, titles and sides (its catalogs), in English and Polish; a fact no
game names falls back to the generic ``fact: was → now``."""

from __future__ import annotations

import pytest

from referee.core import fix, jsonio, registry
from referee.core.text import catalog
from tests.conftest import EXAMPLES


def corrected(name, example, location, value):
    game = registry.get(name)
    parsed = game.parse_record(jsonio.loads((EXAMPLES / example).read_text(encoding="utf-8")))
    record = game.write_record(parsed.players, [s.action for s in parsed.replay()[1]], parsed.meta)
    c = fix.correct(game, record, location, value, at="2026-11-25T21:04:00+00:00",
                    note="typed wrong")
    assert c.broken is None
    return game, c


def said(game, c, lang):
    t = catalog(lang)
    return [fix.headline(t, c.entry, c.was, c.now, c.note, prefix=game.text_prefix),
            *fix.changed_lines(t, c.changed, prefix=game.text_prefix)]


CASES = {
    # a mercenary typed 1 instead of 5: the title moves and so does the win
    "na-grunwald": ("three-players.json", "rounds[7].reveal.mercenary[0]", 5, {
        "en": ["Round 8, reveal mercenary #1: 1 → 5, typed wrong",
               "The winner: Kasia → Jacek",
               "The title Commander of mercenary troops moved from Marek to Jacek",
               "Marek: Total 31 → 29",
               "Jacek: Knights 26 → 30; Total 37 → 43; place 2 → 1",
               "Kasia: place 1 → 2"],
        "pl": ["Runda 8, odkryte karty zaciężny #1: 1 → 5, typed wrong",  # (issue 22: in Polish)
               "Zwycięzca: Kasia → Jacek",
               "Tytuł Dowódca wojsk zaciężnych przechodzi: Marek → Jacek",
               "Marek: Razem 31 → 29",
               "Jacek: Rycerze 26 → 30; Razem 37 → 43; miejsce 2 → 1",
               "Kasia: miejsce 1 → 2"]}),
    # the card revealed was an item worth 10, not the brigands: the tie is broken
    "kajko-kokosz": ("kajko/three-players.json", "turns[58]",
                     {"player": "Ola", "reveal": 9, "card": "item:10"}, {
        "en": ["Turn 59, Ola: card brigands → item:10, typed wrong",
               "The winner: Ola, Bartek → Ola",
               "Ola: Ducats in town 36 → 46; Total 36 → 46; Items sent 5 → 6",
               "Bartek: place 1 → 2"],
        "pl": ["Tura 59, Ola: card brigands → item:10, typed wrong",
               "Zwycięzca: Ola, Bartek → Ola",
               "Ola: Dukaty w grodzie 36 → 46; Razem 36 → 46; Wysłane przedmioty 5 → 6",
               "Bartek: miejsce 1 → 2"]}),
    # the unit withdrew onto the plain and took a strategic point, not off the map
    "medieval-battle": ("medieval/standard-map.json", "turns[15]",
                        {"player": "Bartek", "withdraw": "plain", "flag": "edge3"}, {
        "en": ["Turn 16, Bartek: withdraw off_map → plain; distance 1 → –; flag – → edge3, typed wrong",
               "Bartek: VP 5 → 6; strategic points +edge3; units on the field worth 14 → 17"],
        "pl": ["Tura 16, Bartek: withdraw off_map → plain; distance 1 → –; flag – → edge3, typed wrong",
               "Bartek: PZ 5 → 6; punkty strategiczne +edge3; wartość oddziałów na polu 14 → 17"]}),
    # the pikeman moved on instead of taking the location: the win is gone, so is the control
    "war-chest": ("warchest/two-players-first-game.json", "rounds[9].plays[5]",
                  {"player": "Ania", "action": "move", "coin": "pikeman", "from": [2, 1], "to": [2, 2]}, {
        "en": ["Round 10, plays #6, Ania: action control → move; at [2,1] → –; from – → [2,1]; "
               "to – → [2,2], typed wrong",
               "The game is no longer over (the winner was Ania): it goes on",
               "Raven: control −[2,1]"],
        "pl": ["Runda 10, ruch #6, Ania: action control → move; at [2,1] → –; from – → [2,1]; "
               "to – → [2,2], typed wrong",
               "Gra nie jest już zakończona (zwycięzcą był(a) Ania): toczy się dalej",
               "Kruk: kontrola −[2,1]"]}),
}


def test_a_game_in_progress_tells_the_stock_its_board_shows():
    """The trial found "The standing did not change." after a Na Grunwald! stake was corrected in
    round 6, while the board showed Igor's ducats change: the stock a board shows counts too
    while the game goes on (Na Grunwald!'s ducats, provisions, helpers, in its field names)."""
    game, c = corrected("na-grunwald", "in-progress-three-players.json", "rounds[5].placements[3]",
                        {"player": "Igor", "field": "mercenaries", "pawn": "officer", "ducats": 2})
    assert said(game, c, "en") == ["Round 6, placements #4, Igor: ducats 1 → 2, typed wrong",
                                   "Igor: Ducats 5 → 4"]
    assert said(game, c, "pl") == ["Runda 6, rozmieszczanie #4, Igor: ducats 1 → 2, typed wrong",
                                   "Igor: Dukaty 5 → 4"]


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_known_correction_is_said_in_the_games_own_words(name, lang):
    example, location, value, expected = CASES[name]
    game, c = corrected(name, example, location, value)
    assert said(game, c, lang) == expected[lang]


def test_the_trail_in_show_says_the_correction_in_words_in_the_sessions_language():
    game, c = corrected("na-grunwald", "three-players.json", "rounds[7].reveal.mercenary[0]", 5)
    meta = game.parse_record(c.record).meta
    for lang, title, moved in (("en", "Corrections", "The title Commander of mercenary troops moved"),
                               ("pl", "Poprawki", "Tytuł Dowódca wojsk zaciężnych przechodzi")):
        lines = [getattr(x, "text", "") for x in fix.trail_report(catalog(lang), meta,
                                                                   prefix=game.text_prefix)]
        assert lines[0] == title
        assert lines[1].endswith(": " + CASES["na-grunwald"][3][lang][0])
        assert any(moved in line for line in lines)


def test_a_game_in_progress_that_hides_private_facts_names_the_entry_without_its_values():
    t = catalog("en")
    assert fix.headline(t, "rounds[0].draws.Bartek", ["cavalry"], None, "typed wrong",
                        hidden=True) == "Round 1, draws Bartek, typed wrong"


def test_a_fact_no_game_names_falls_back_to_the_generic_form():
    t = catalog("en")
    changed = [{"fact": "players.Ola.score.magic", "was": 1, "now": 2},
               {"fact": "board.size", "was": 3, "now": 4},
               {"fact": "winners", "was": [], "now": ["Ola"]}]
    assert fix.changed_lines(t, changed) == ["The game is over now: the winner is Ola",
                                             "Ola: magic 1 → 2", "board.size: 3 → 4"]


def test_many_changes_end_with_how_many_more():
    t = catalog("en")
    changed = [{"fact": f"players.P{i}.place", "was": i, "now": i + 1} for i in range(12)]
    lines = fix.changed_lines(t, changed, most=8)
    assert len(lines) == 8 and lines[-1] == "… and 5 more"
