"""The entries of a Kajko i Kokosz record, as immutable values."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Reveal:
    """KK-5 (a): the top card of stack ``stack`` (0-based) was ``card``; ``target`` is the player
    named for a coin in hand with that variant (KK-13)."""

    player: str
    stack: int
    card: str
    target: str | None = None


@dataclass(frozen=True)
class Send:
    """KK-5 (b): every item in front goes to town, onto an empty character."""

    player: str


Action = Reveal | Send
