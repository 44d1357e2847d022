"""Kajko i Kokosz's words for its things: the cards and the stacks, in the table's language."""

from __future__ import annotations

from referee.core.text import Catalog
from referee.games.kajko.state import (
    CARDS,
    VALUES,
)

#: catalog key of each card (record names hold a colon)
CARD_KEYS = {c: c.replace(":", "") for c in CARDS}


def card_name(t: Catalog, card: str) -> str:
    return t(f"kajko.card.{CARD_KEYS.get(card, card)}")


def cards_text(t: Catalog, cards: list[str]) -> str:
    """``2 × coin, item worth 5`` (in order of value, highest first)."""
    if not cards:
        return t("kajko.summary.none")
    order = sorted(set(cards), key=lambda c: (-VALUES.get(c, 0), CARDS.index(c)))
    return ", ".join(f"{cards.count(c)} × {card_name(t, c)}" if cards.count(c) > 1 else card_name(t, c)
                     for c in order)


def stack_name(t: Catalog, stack: int) -> str:
    """Stacks are numbered from 1 at the table (the record counts from 0)."""
    return t("kajko.summary.stack", n=stack + 1)
