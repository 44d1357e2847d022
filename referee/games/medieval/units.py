"""The unit table of Medieval Battle: recruitment costs, movement, who is mounted, who dismounts
into what, who shoots; and the terrains (``docs/rules/medieval-battle.md``, MB-C4 … MB-C6)."""

from __future__ import annotations

from dataclasses import dataclass

HEAVY_CAVALRY = "heavy_cavalry"
LIGHT_CAVALRY = "light_cavalry"
HORSE_ARCHERS = "horse_archers"
HEAVY_INFANTRY = "heavy_infantry"
LIGHT_INFANTRY = "light_infantry"
LONGBOWMEN = "longbowmen"
BOWMEN = "bowmen"
PIKEMEN = "pikemen"
BAGGAGE = "baggage"


@dataclass(frozen=True)
class UnitType:
    name: str
    #: the letters of its counters' ids (``R-HC1``)
    abbr: str
    #: recruitment points (MB-C4)
    cost: int
    #: maximum movement points (MB-C5: owner config; HC 4, LB 3 and baggage 1 inferred or stated)
    movement: int
    mounted: bool = False
    #: what it becomes when it dismounts (MB-X1)
    dismounts_to: str | None = None
    #: fire range in hexes (0: not a shooter; MB-F1)
    fire_range: int = 0


#: the eight recruitable unit types, in the order of the record's armies and ids (MB-C4)
UNITS: dict[str, UnitType] = {u.name: u for u in (
    UnitType(HEAVY_CAVALRY, "HC", 3, 4, mounted=True, dismounts_to=HEAVY_INFANTRY),
    UnitType(LIGHT_CAVALRY, "LC", 2, 5, mounted=True, dismounts_to=LIGHT_INFANTRY),
    UnitType(HORSE_ARCHERS, "HA", 2, 5, mounted=True, dismounts_to=BOWMEN, fire_range=1),
    UnitType(HEAVY_INFANTRY, "HI", 2, 3),
    UnitType(LIGHT_INFANTRY, "LI", 1, 4),
    UnitType(LONGBOWMEN, "LB", 2, 3, fire_range=2),
    UnitType(BOWMEN, "SB", 1, 3, fire_range=1),
    UnitType(PIKEMEN, "PK", 1, 3),
)}
#: the baggage train: part of every army, costs nothing, 1 MP (MB-R4, MB-T1)
BAGGAGE_TYPE = UnitType(BAGGAGE, "BG", 0, 1)
UNIT_TYPES = tuple(UNITS)
SHOOTERS = tuple(u for u in UNITS.values() if u.fire_range)
MOUNTED = tuple(n for n, u in UNITS.items() if u.mounted)
MAX_MOVEMENT = 5  # a counter has six edges: 0–5 dots (MB-C5, MB-X1)


def unit_type(name: str) -> UnitType:
    return BAGGAGE_TYPE if name == BAGGAGE else UNITS[name]


# -- terrain (MB-C6)
PLAIN, FOREST, HILLS, MOUNTAINS = "plain", "forest", "hills", "mountains"
TERRAINS = (PLAIN, FOREST, HILLS, MOUNTAINS)
#: where a withdrawn unit leaves the map: off-map counts as plain (MB-M10)
OFF_MAP = "off_map"
HEIGHT = {PLAIN: 1, FOREST: 1, HILLS: 2, MOUNTAINS: 3}
ENTRY_COST = {PLAIN: 1, FOREST: 2, HILLS: 2, MOUNTAINS: 2}


def may_stand(type_name: str, terrain: str) -> bool:
    """MB-C6, MB-D1: mounted units never on mountains; the baggage only on plain."""
    if type_name == BAGGAGE:
        return terrain == PLAIN
    return not (terrain == MOUNTAINS and UNITS[type_name].mounted)


def dismounted_movement(mp: int) -> int:
    """MB-X1: 0–1 → 0, 2–3 → 1, 4–5 → 2."""
    return mp // 2


# -- recruitment (MB-R2, MB-R3)
MAPS = ("standard", "large")
BUDGET = {"standard": 20, "large": 30}
LONGBOW_LIMIT = {"standard": 1, "large": None}
#: VP that ends the game at once (MB-V3 a)
VICTORY = {"standard": 5, "large": 6}
#: the flags of each map when the record gives none (MB-C8, inferred: one edge flag per
#: supplementary module worth 1, the central flag of each inner module worth 2)
DEFAULT_FLAGS = {
    "standard": {"edge1": 1, "edge2": 1, "edge3": 1, "centre1": 2},
    "large": {"edge1": 1, "edge2": 1, "edge3": 1, "edge4": 1, "centre1": 2, "centre2": 2},
}
TIME_TOKENS = 5  # MB-C3
BAGGAGE_VP = 3  # MB-T2
COLOURS = ("red", "yellow")  # MB-C1: the record's first player commands Red


def army_cost(army: dict[str, int]) -> int:
    return sum(UNITS[t].cost * n for t, n in army.items())
