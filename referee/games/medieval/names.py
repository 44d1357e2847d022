"""Medieval Battle's words for its things: unit types, terrain, strengths, units and armies, in the
table's language."""

from __future__ import annotations

from referee.core.text import Catalog
from referee.games.medieval.state import Unit


def unit_name(t: Catalog, unit_type: str) -> str:
    return t(f"medieval.unit.{unit_type}")


def terrain_name(t: Catalog, terrain: str) -> str:
    return t(f"medieval.terrain.{terrain}")


def knights(t: Catalog, n: int, unit_type: str | None = None) -> str:
    """``2 knights``, ``1 pikeman``: a unit's strength in its own type's word (MB-C2: the
    counter shows 2 figures full, 1 reduced)."""
    key = f"medieval.plural.{unit_type}"
    return t.n(key if unit_type and t.has_own(f"{key}.other") else "medieval.plural.knights", n)


def unit_label(t: Catalog, u: Unit) -> str:
    """``R-HC1 heavy cavalry · 2 knights · 4 MP``."""
    if u.is_baggage:
        return t("medieval.board.baggage_label", unit=u.id, side=t(f"medieval.baggage.{u.baggage}"),
                 mp=u.mp)
    return t("medieval.board.unit_label", unit=u.id, type=unit_name(t, u.type),
             knights=knights(t, u.strength, u.type), mp=u.mp)


def unit_short(t: Catalog, u: Unit) -> str:
    """``Y-HC1 (heavy cavalry)``: a unit named inside a sentence."""
    return f"{u.id} ({unit_name(t, u.type)})"


def army_text(t: Catalog, army: dict[str, int] | None) -> str:
    if not army:
        return t("medieval.summary.none")
    return ", ".join(f"{n} × {unit_name(t, u)}" for u, n in army.items() if n)
