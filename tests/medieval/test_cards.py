"""Card table documents (MB-K6, MB-K8, MB-K9, MB-F1): the book's columns built in, the owner's
checked, and every malformed or impossible entry reported at its exact place."""

from __future__ import annotations

import pytest

from referee.core.errors import RecordError
from referee.games.medieval.cards import (
    FIRE,
    MELEE,
    book_table,
    card_document,
    parse_cards,
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
    assert len(table.columns) == 8  # the light-cavalry card's 7 icons and one of the light infantry


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
    assert len(table.missing()) == 9 * 7 - len(table.columns)  # MB-C2: 9 cards of 7 icons


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
    assert card_document(table)["melee"] == {"foot_archers": {"pikemen": 4}}  # MB-C2: one card


def test_MB_F4_a_fire_card_that_would_hurt_a_full_target_in_the_forest_is_refused():
    with pytest.raises(RecordError) as info:
        parse_cards({"fire": {"longbowmen": {"pikemen": "1/1", "bowmen": "0/1"}}})
    assert (info.value.location, info.value.rule) == ("cards.fire.longbowmen.bowmen", "MB-F4")
    wide = parse_cards({"calculator": ["2/0", "1/0", "1/1", "0/1", "0/2"],
                        "fire": {"longbowmen": {"bowmen": "1/1"}}})
    assert wide.base(FIRE, "longbowmen", "bowmen") == 2


# -- MB-C2: the cards as the box has them ("2 zestawy po 9 szt")

OLD = {"melee": {"longbowmen": {"pikemen": "1/1", "longbowmen": "0/1", "bowmen": "0/1"},
                 "bowmen": {"pikemen": "1/1", "heavy_cavalry": "1/0"},
                 "heavy_cavalry": {"longbowmen": "0/2", "bowmen": "0/2", "pikemen": "1/1"}},
       "fire": {"bowmen": {"pikemen": "1/0"}, "horse_archers": {"pikemen": "1/0", "bowmen": "1/1"},
                "longbowmen": {"heavy_infantry": "1/1"}}}


def test_MB_C2_nine_cards_of_seven_icons_in_the_order_of_the_set():
    from referee.games.medieval.cards import CARDS, ICONS

    assert CARDS[MELEE] == ("heavy_cavalry", "light_cavalry", "horse_archers", "heavy_infantry",
                            "foot_archers", "light_infantry", "pikemen")
    assert CARDS[FIRE] == ("longbowmen", "bowmen_horse_archers")
    assert len(CARDS[MELEE]) + len(CARDS[FIRE]) == 9 and len(ICONS) == 7
    # the light-cavalry card: "oddziały pieszych łuczników" are one icon (MB-K6)
    table = book_table()
    assert [k for k in table.columns if k[1] == "light_cavalry"] == [
        ("melee", "light_cavalry", icon) for icon in ("pikemen", "light_cavalry", "heavy_cavalry",
                                                      "heavy_infantry", "light_infantry",
                                                      "horse_archers", "foot_archers")]


def test_MB_C2_referee_cards_asks_the_nine_cards_and_their_seven_icons():
    from referee.core import dialog as dialogs
    from referee.core.dialog import Notice
    from referee.core.text import catalog
    from referee.games.medieval import tools

    t = catalog("en")
    menus, icons = [], []

    def answer(q):
        if isinstance(q, Notice):
            return None
        if q.key == "medieval.cards_card":
            menus.append(q)
            return ("melee", "heavy_cavalry") if len(menus) == 1 else "save"
        icons.append(q.message)
        return "skip"

    out = dialogs.run(tools.cards_dialog(t, None), answer)
    labels = [c.label for c in menus[0].choices]
    assert len(labels) == 9 + 2  # the nine cards, save, leave
    assert labels[4] == "Melee card: foot archers (long and short bowmen) (0 of 7 known)"
    assert labels[8] == "Fire card: short bowmen and horse archers (0 of 7 known)"
    assert len(icons) == 7 and "icon of foot archers (long and short bowmen)?" in icons[4]
    assert out == {}


def test_MB_C2_a_card_file_of_unit_types_is_converted_losing_nothing():
    table = parse_cards(OLD)
    for kind, cards in OLD.items():
        for attacker, card in cards.items():
            for defender, value in card.items():
                assert table.scale[table.base(kind, attacker, defender)] == tuple(
                    map(int, value.split("/"))), (kind, attacker, defender)
    new = card_document(table)
    assert new == {"melee": {"heavy_cavalry": {"foot_archers": "0/2", "pikemen": "1/1"},
                             "foot_archers": {"heavy_cavalry": "1/0", "foot_archers": "0/1",
                                              "pikemen": "1/1"}},
                   "fire": {"longbowmen": {"heavy_infantry": "1/1"},
                            "bowmen_horse_archers": {"foot_archers": "1/1", "pikemen": "1/0"}}}
    assert parse_cards(new).columns == table.columns
    # a short bowman and a horse archer shoot with the same card: what one learns, both know
    assert table.base(FIRE, "bowmen", "longbowmen") == table.base(FIRE, "horse_archers", "bowmen")


@pytest.mark.parametrize("document, location, other", [
    ({"melee": {"longbowmen": {"pikemen": "1/1"}, "bowmen": {"pikemen": "0/1"}}},
     "cards.melee.bowmen.pikemen", "cards.melee.longbowmen.pikemen"),
    ({"melee": {"pikemen": {"longbowmen": "1/1", "bowmen": "1/0"}}},
     "cards.melee.pikemen.bowmen", "cards.melee.pikemen.longbowmen"),
    ({"fire": {"bowmen": {"pikemen": "1/0"}, "horse_archers": {"pikemen": "1/1"}}},
     "cards.fire.horse_archers.pikemen", "cards.fire.bowmen.pikemen"),
    ({"melee": {"foot_archers": {"foot_archers": "1/0"}, "bowmen": {"longbowmen": "0/2"}}},
     "cards.melee.bowmen.longbowmen", "cards.melee.foot_archers.foot_archers"),
])
def test_MB_C2_two_entries_that_are_now_one_must_agree(document, location, other):
    with pytest.raises(RecordError) as info:
        parse_cards(document)
    assert (info.value.location, info.value.rule) == (location, "MB-C2")
    assert info.value.params["other"] == other
    assert other in info.value.render("en") and other in info.value.render("pl")


def test_MB_C2_a_column_asked_at_the_table_names_the_card_and_icon_as_printed():
    from referee.core.text import catalog
    from referee.games.medieval import dialog
    from tests.medieval.table import battle

    q = next(dialog._card_column(battle(), catalog("en"), MELEE, "bowmen", "longbowmen"))
    said = " ".join(q.message.split())  # (wrapped at 80 columns)
    assert "melee card of foot archers (long and short bowmen)" in said
    assert "icon of foot archers (long and short bowmen)" in said
    q = next(dialog._card_column(battle(), catalog("en"), FIRE, "horse_archers", "pikemen"))
    assert "fire card of short bowmen and horse archers" in " ".join(q.message.split())
