"""War Chest's words for its things: units, their codes, sides, hexes, coins, in the table's language
(and in its alphabetical order)."""

from __future__ import annotations

from referee.core.text import Catalog
from referee.games.warchest.units import ROYAL


def unit_name(t: Catalog, unit: str | None) -> str:
    return t(f"warchest.unit.{unit}") if unit else "?"


def code(t: Catalog, unit: str) -> str:
    """A unit's short code on the map and in typed draws (at most 2 characters)."""
    return t(f"warchest.code.{unit}")


def side_name(t: Catalog, side: str) -> str:
    return t(f"warchest.side.{side}")


def hex_text(h) -> str:
    return "–" if h is None else f"[{h[0]},{h[1]}]"


#: Polish letters with a diacritic sort right after their base letter (ą after a, ż after ź after
#: z): a key that needs no locale module; other letters (English names) sort as they are
LETTER_ORDER = {"ą": ("a", 1), "ć": ("c", 1), "ę": ("e", 1), "ł": ("l", 1), "ń": ("n", 1),
                "ó": ("o", 1), "ś": ("s", 1), "ź": ("z", 1), "ż": ("z", 2)}


def collation_key(text: str) -> tuple:
    """``text``'s place in the alphabet (case ignored): Polish-aware, the same for English."""
    return tuple(LETTER_ORDER.get(c, (c, 0)) for c in text.casefold())


def by_name(t: Catalog, units) -> list[str]:
    """Units (or coins) in the alphabetical order of their names in the table's language, the
    royal coin last: the order of the menus, used wherever units are listed."""
    units = list(units)
    return [*sorted((u for u in units if u != ROYAL), key=lambda u: collation_key(unit_name(t, u))),
            *(u for u in units if u == ROYAL)]


def coins_text(t: Catalog, coins: dict | None) -> str:
    """``Swordsman ×2, Pikeman`` (``–``: none)."""
    if not coins:
        return "–"
    return ", ".join(unit_name(t, c) + (f" ×{coins[c]}" if coins[c] > 1 else "")
                     for c in by_name(t, coins) if coins[c] > 0) or "–"


def method_text(t: Catalog, method: str) -> str:
    return t(f"warchest.setup.method_{method.replace(':', '_')}")


def codes_of(t: Catalog, coins: dict | None) -> str:
    """``Sw×2 Pi`` (``–``: none): coins by their codes, as the map shows them."""
    if not coins:
        return "–"
    return " ".join(code(t, c) + (f"×{coins[c]}" if coins[c] > 1 else "")
                    for c in by_name(t, coins) if coins[c] > 0) or "–"
