"""Na Grunwald!'s entries in words as the shared screen may say them while the game goes on
(issue 22; docs/table.md): ``referee fix``'s lists name an entry that holds a private value by
its place and kind, never by that value."""

from __future__ import annotations

from typing import Any

from referee.core.text import Catalog
from referee.games.grunwald.actions import Event, LaterEffect, SkirmishCards
from referee.games.grunwald.names import event_line
from referee.games.grunwald.news import describe


def public_describe(t: Catalog, action: Any) -> str:
    """One entry of the record in words, its private values left out: a card that went face down
    into a camp ("kładziemy ją na stół rewersem do góry") is named by its place and kind — the
    skirmish cards (played, they rest in the camps) and a knight an event sent on a task."""
    if isinstance(action, SkirmishCards) and action.cards:
        return t("grunwald.describe.skirmish_hidden", players=", ".join(p for p, _ in action.cards))
    if isinstance(action, Event):
        return event_line(t, action, camp=False)
    if isinstance(action, LaterEffect):
        line = event_line(t, Event("", action.effects), camp=False)
        return t("grunwald.describe.later", effects=line.split("—", 1)[-1].strip())
    return describe(t, action)
