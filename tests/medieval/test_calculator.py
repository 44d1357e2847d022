"""The battle calculator (MB-K2 … MB-K9, MB-F1 … MB-F4): the rulebook's worked example, every
light-cavalry result the rulebook spells out, each factor with its direction, the clamp."""

from __future__ import annotations

import pytest

from referee.core.errors import RecordError
from referee.games.medieval.calculator import (
    ATTACKER,
    DEFENDER,
    Side,
    battle,
    fire_factors,
    melee_factors,
    resolve,
)
from referee.games.medieval.cards import FIRE, MELEE, book_table, parse_cards

UNITS = ["heavy_cavalry", "light_cavalry", "horse_archers", "heavy_infantry", "light_infantry",
         "longbowmen", "bowmen", "pikemen"]


def full(unit, terrain="plain"):
    return Side(unit, True, terrain)


def test_MB_K7_the_rulebooks_worked_example():
    """Light infantry (full) on the mountains attacks heavy cavalry (full) on rocky hills: the
    card says 1/0, height and terrain shift it two columns right: 0/1 — the cavalry flips."""
    b = battle(book_table(), MELEE, full("light_infantry", "mountains"), full("heavy_cavalry", "hills"))
    assert b.base == 0 and book_table().scale[b.base] == (1, 0)
    assert sorted(f.name for f in b.factors) == ["height", "terrain"]
    assert all(f.favours == ATTACKER for f in b.factors) and b.shift == 2
    assert (b.attacker_losses, b.defender_losses) == (0, 1)
    assert b.clamped is None


@pytest.mark.parametrize("defender, losses", [
    ("pikemen", (1, 0)),  # "przegrałaby starcie z pikinierami"
    ("light_cavalry", (1, 1)), ("heavy_cavalry", (1, 1)), ("heavy_infantry", (1, 1)),  # wyrównany
    ("light_infantry", (0, 1)), ("horse_archers", (0, 1)),  # pokonałaby
    ("longbowmen", (0, 2)), ("bowmen", (0, 2)),  # rozgromiłaby pieszych łuczników
])
def test_MB_K6_every_light_cavalry_result_of_the_rulebook(defender, losses):
    b = battle(book_table(), MELEE, full("light_cavalry"), full(defender))
    assert b.factors == () and (b.attacker_losses, b.defender_losses) == losses


def test_MB_K5_cards_assume_full_units_on_even_ground():
    """No factor at all: the card's own column is the result."""
    b = battle(book_table(), MELEE, full("light_cavalry", "forest"), full("pikemen", "plain"))
    assert b.factors == () and (b.attacker_losses, b.defender_losses) == (1, 0)


def test_MB_K3_each_melee_factor_and_its_direction():
    lc = "light_cavalry"
    # numbers: full against reduced, either way
    assert [(f.name, f.favours) for f in melee_factors(Side(lc, True, "plain"), Side("pikemen", False, "plain"))] == [("numbers", ATTACKER)]
    assert [(f.name, f.favours) for f in melee_factors(Side(lc, False, "plain"), Side("pikemen", True, "plain"))] == [("numbers", DEFENDER)]
    # height: one level or two count the same
    assert [f.favours for f in melee_factors(full("pikemen", "hills"), full("pikemen", "plain"))] == [ATTACKER]
    assert [f.favours for f in melee_factors(full("pikemen", "mountains"), full("pikemen", "plain"))] == [ATTACKER]
    assert [f.favours for f in melee_factors(full("pikemen", "forest"), full("pikemen", "mountains"))] == [DEFENDER]
    # terrain: hills or forest of the defender's hex, against the one mounted side
    assert [f.favours for f in melee_factors(full(lc), full("pikemen", "forest"))] == [DEFENDER]
    assert [f.favours for f in melee_factors(full("pikemen"), full(lc, "forest"))] == [ATTACKER]
    assert melee_factors(full(lc), full("heavy_cavalry", "forest")) == []  # both mounted
    assert melee_factors(full("pikemen"), full("bowmen", "forest")) == []  # neither
    assert melee_factors(full("pikemen", "forest"), full(lc, "plain")) == []  # attacker's hex: no


def test_MB_K2_one_column_per_factor_right_for_the_attacker_left_for_the_defender():
    table = book_table()
    # light cavalry on heavy infantry (1/1): three factors for the defender
    b = battle(table, MELEE, Side("light_cavalry", False, "plain"), Side("heavy_infantry", True, "hills"))
    assert b.shift == -3 and b.column == 0 and b.clamped == "left"
    # ... and for the attacker: reduced pikemen on the hill
    b = battle(table, MELEE, full("light_cavalry", "hills"), Side("heavy_infantry", False, "plain"))
    assert b.shift == 2 and (b.attacker_losses, b.defender_losses) == (0, 2)


def test_MB_K9_shifts_clamp_at_both_ends_and_warn_on_an_unverified_calculator():
    table = book_table()
    # far right: light cavalry routs bowmen (0/2, the last column) with two more factors
    b = battle(table, MELEE, full("light_cavalry", "hills"), Side("bowmen", False, "plain"))
    assert b.shift == 2 and b.column == 3 and b.clamped == "right" and b.unverified_end
    assert (b.attacker_losses, b.defender_losses) == (0, 2)
    # far left: light cavalry on pikemen (1/0, the first column) uphill in the forest
    b = battle(table, MELEE, Side("light_cavalry", False, "plain"), full("pikemen", "hills"))
    assert b.shift == -3 and b.column == 0 and b.clamped == "left"
    assert (b.attacker_losses, b.defender_losses) == (1, 0)
    # an owner's calculator with more columns: no clamp, no warning
    wide = parse_cards({"calculator": ["2/0", "1/0", "1/1", "0/1", "0/2", "0/2"]})
    b = battle(wide, MELEE, Side("light_cavalry", False, "plain"), full("pikemen", "hills"))
    assert b.column == 0 and b.clamped == "left" and not b.unverified_end
    assert (b.attacker_losses, b.defender_losses) == (2, 0)
    b = battle(wide, MELEE, full("light_cavalry"), Side("pikemen", False, "plain"))
    assert b.column == 2 and b.clamped is None


def test_MB_K9_no_card_entered_is_refused_with_the_card_to_enter():
    with pytest.raises(RecordError) as info:
        battle(book_table(), MELEE, full("heavy_cavalry"), full("pikemen"))
    err = info.value
    assert err.rule == "MB-K9" and err.key == "medieval.error.no_card"
    assert err.params["card"] == "melee:heavy_cavalry" and err.params["defender"] == "pikemen"
    assert "melee:heavy_cavalry" in err.render("en") and "pikemen" in err.render("pl")


def test_MB_K8_the_inferred_scale_worse_to_better_for_the_attacker():
    assert book_table().scale == ((1, 0), (1, 1), (0, 1), (0, 2))
    assert not book_table().verified


def test_MB_F1_a_shooter_never_takes_losses():
    table = parse_cards({"fire": {"longbowmen": {"pikemen": "1/1"}}})
    b = battle(table, FIRE, Side("longbowmen", False, "plain"), full("pikemen", "hills"))
    assert b.attacker_losses == 0 and b.column == 0  # the calculator's top row is ignored


def test_MB_F3_fire_factors_numbers_height_and_the_forest():
    lb = "longbowmen"
    assert [(f.name, f.favours) for f in fire_factors(full(lb), Side("pikemen", False, "plain"))] == [("numbers", ATTACKER)]
    assert [f.favours for f in fire_factors(full(lb, "mountains"), full("pikemen", "hills"))] == [ATTACKER]
    assert [f.favours for f in fire_factors(full(lb, "plain"), full("pikemen", "hills"))] == [DEFENDER]
    # the forest protects any target, mounted too; the shooter's own forest does nothing
    assert [(f.name, f.favours) for f in fire_factors(full(lb), full("heavy_cavalry", "forest"))] == [("cover", DEFENDER)]
    assert fire_factors(full(lb, "forest"), full("heavy_cavalry", "plain")) == []
    # net −3 … +2
    worst = fire_factors(Side(lb, False, "plain"), full("pikemen", "hills"))
    assert sum(f.shift for f in worst) == -2
    worst = fire_factors(Side(lb, False, "hills"), full("pikemen", "mountains"))
    assert sum(f.shift for f in worst) == -2


def test_MB_F4_a_full_target_higher_or_in_the_forest_takes_no_losses():
    """With every fire card's column at 1/1 or left of it (MB-F4 inferred), one factor for the
    target leaves it unharmed."""
    for column in ("1/0", "1/1"):
        table = parse_cards({"fire": {"bowmen": dict.fromkeys(UNITS, column)}})
        for target in UNITS:
            for shooter_on, target_on in (("plain", "hills"), ("plain", "forest"), ("hills", "mountains")):
                if target_on == "mountains" and target in ("heavy_cavalry", "light_cavalry", "horse_archers"):
                    continue
                b = battle(table, FIRE, full("bowmen", shooter_on), full(target, target_on))
                assert b.defender_losses == 0, (column, target, target_on)


def test_resolve_is_the_one_pure_function_behind_battle():
    table = book_table()
    a, d = full("light_infantry", "mountains"), full("heavy_cavalry", "hills")
    assert resolve(table, MELEE, 0, a, d) == battle(table, MELEE, a, d)
    data = battle(table, MELEE, a, d).as_data(table)
    assert data["base"] == "1/0" and data["result"] == "0/1" and data["shift"] == 2
    assert data["losses"] == {"attacker": 0, "defender": 1}
