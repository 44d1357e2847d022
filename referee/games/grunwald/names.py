"""Na Grunwald!'s words for its things: cards (and provisions) and events, in the table's language.

All wording comes from the ``prompts/grunwald.*.toml`` catalogs.  No printing here."""

from __future__ import annotations

from referee.core.text import Catalog
from referee.games.grunwald.actions import (
    Event,
)
from referee.games.grunwald.cards import CARDS


def card_name(t: Catalog, c: str) -> str:
    source = None
    if "/" in c:
        source, c = c.split("/", 1)
    if c.startswith("provisions:"):
        text = t("grunwald.card.provisions", n=c.split(":", 1)[1])
    else:
        kind, strength = CARDS[c]
        text = t(f"grunwald.card.{kind}", s=strength)
    return t(f"grunwald.card.from_{source}", card=text) if source else text


def cards_text(t: Catalog, cards: list[str]) -> str:
    """Cards (and ``provisions:N`` items, added up into one) as words."""
    provisions = sum(int(c.split(":", 1)[1]) for c in cards if c.startswith("provisions:"))
    words = [card_name(t, c) for c in cards if not c.startswith("provisions:")]
    if provisions:
        words.append(card_name(t, f"provisions:{provisions}"))
    return ", ".join(words) or t("grunwald.summary.none")


def event_line(t: Catalog, ev: Event, camp: bool = True) -> str:
    """An event and its effects in words; ``camp=False``: a knight sent on a task (it lies face
    down in the camp now) is not named (issue 22: ``public_describe``)."""
    parts = []
    for e in (*ev.effects, *(e for _, e in ev.later)):
        bits = []
        for key in ("ducats", "provisions", "helpers"):
            v = getattr(e, key)
            if v:
                bits.append(t(f"grunwald.effect.{key}", n=f"{v:+d}"))
        for key in ("gain", "discard", "exhaust"):
            v = getattr(e, key)
            if v is not None and key == "exhaust" and not camp:
                bits.append(t("grunwald.effect.exhaust_hidden"))
            elif v is not None:
                bits.append(t(f"grunwald.effect.{key}", card=card_name(t, v)))
        parts.append(f"{e.player}: {', '.join(bits) or t('grunwald.effect.nothing')}")
    for k in range(len(ev.effects), len(parts)):
        parts[k] = t("grunwald.summary.event_later", effect=parts[k])
    effects = "; ".join(parts) if parts else t("grunwald.effect.none")
    return t("grunwald.summary.event", card=ev.card, effects=effects)
