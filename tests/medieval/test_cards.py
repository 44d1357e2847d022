"""Card table documents (MB-K6, MB-K8, MB-K9, MB-F1): the book's columns built in, the owner's
checked, and every malformed or impossible entry reported at its exact place."""

from __future__ import annotations

import pytest

from referee.core.errors import RecordError
from referee.games.medieval.cards import (
    FIRE, MELEE, book_table, card_document, parse_cards,
)

FULL = {"calculator": ["2/0", "1/0", "1/1", "0/1", "0/2"],
        "melee": {"heavy_cavalry": {"pikemen": "1/1", "bowmen": "0/2"},
                  "light_infantry": {"pikemen": 2}},
        "fire": {"longbowmen": {"heavy_cavalry": "1/1"}, "horse_archers": {"pikemen": "1/0"}}}


def test_MB_K6_the_light_cavalry_card_is_built_in():
    table = book_table()
    assert table.scale[table.base(MELEE, "light_cavalry", "pikemen")] == (1, 0)
    assert table.scale[table.base(MELEE, "light_cavalry", "bowmen")] == (0, 2)
    assert table.scale[table.base(MELEE, "light_infantry", "heavy_cavalry")] == (1, 0)
    assert table.base(MELEE, "light_infantry", "pikemen") is None
    assert len(table.columns) == 9


def test_a_card_table_document_is_read_and_written_back():
    table = parse_cards(FULL)
    assert table.verified and table.scale[0] == (2, 0)
    assert table.scale[table.base(MELEE, "heavy_cavalry", "pikemen")] == (1, 1)
    assert table.base(MELEE, "light_infantry", "pikemen") == 2
    assert table.base(FIRE, "longbowmen", "heavy_cavalry") == 2
    # the book's columns moved with the calculator
    assert table.scale[table.base(MELEE, "light_cavalry", "pikemen")] == (1, 0)
    again = parse_cards(card_document(table))
    assert again.columns == table.columns and again.scale == table.scale
    assert len(table.missing()) == 8 * 8 + 3 * 8 - len(table.columns)


@pytest.mark.parametrize("document, location, rule", [
    ([], "cards", None),
    ({"melee": {}, "dice": 1}, "cards.dice", None),
    ({"calculator": "1/0"}, "cards.calculator", None),
    ({"calculator": ["1/0", "1/1", "0/1", "0-2"]}, "cards.calculator[3]", None),
    ({"calculator": ["1/0", "1/1", "0/1", "3/0"]}, "cards.calculator[3]", None),
    ({"calculator": ["1/0", "0/1", "1/1", "0/2"]}, "cards.calculator", "MB-K8"),
    ({"calculator": ["1/0", "1/1", "0/2", "0/1", "0/2"]}, "cards.calculator", "MB-K7"),
    ({"melee": {"knights": {}}}, "cards.melee.knights", None),
    ({"melee": {"pikemen": {"bowmen": "1/1", "archers": "0/1"}}}, "cards.melee.pikemen.archers", None),
    ({"melee": {"pikemen": {"bowmen": "2/2"}}}, "cards.melee.pikemen.bowmen", "MB-K9"),
    ({"melee": {"pikemen": {"bowmen": 7}}}, "cards.melee.pikemen.bowmen", "MB-K9"),
    ({"melee": {"pikemen": {"bowmen": True}}}, "cards.melee.pikemen.bowmen", None),
    ({"melee": {"pikemen": ["1/1"]}}, "cards.melee.pikemen", None),
    ({"melee": {"light_cavalry": {"pikemen": "1/1"}}}, "cards.melee.light_cavalry.pikemen", "MB-K6"),
    ({"melee": {"light_infantry": {"heavy_cavalry": "0/1"}}}, "cards.melee.light_infantry.heavy_cavalry", "MB-K6"),
    ({"fire": {"heavy_cavalry": {"pikemen": "1/1"}}}, "cards.fire.heavy_cavalry", "MB-F1"),
    ({"calculator": ["1/0", "1/1", "0/1", "0/2", "0/2"], "fire": {"bowmen": {"pikemen": "0/2"}}},
     "cards.fire.bowmen.pikemen", "MB-K9"),
])
def test_MB_K9_a_bad_card_table_is_pinned_to_its_place(document, location, rule):
    with pytest.raises(RecordError) as info:
        parse_cards(document)
    assert (info.value.location, info.value.rule) == (location, rule), info.value.key
    assert info.value.render("en") and info.value.render("pl")


def test_MB_K9_a_repeated_column_is_written_by_its_index():
    table = parse_cards({"calculator": ["1/0", "1/1", "0/1", "0/2", "0/2"],
                         "melee": {"bowmen": {"pikemen": 4}}})
    assert card_document(table)["melee"] == {"bowmen": {"pikemen": 4}}


def test_MB_F4_a_fire_card_that_would_hurt_a_full_target_in_the_forest_is_refused():
    with pytest.raises(RecordError) as info:
        parse_cards({"fire": {"longbowmen": {"pikemen": "1/1", "bowmen": "0/1"}}})
    assert (info.value.location, info.value.rule) == ("cards.fire.longbowmen.bowmen", "MB-F4")
    wide = parse_cards({"calculator": ["2/0", "1/0", "1/1", "0/1", "0/2"],
                        "fire": {"longbowmen": {"bowmen": "1/1"}}})
    assert wide.base(FIRE, "longbowmen", "bowmen") == 2
