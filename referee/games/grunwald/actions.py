"""The actions of Na Grunwald!: one per entry of the game record (format 1).

Players are named, as in the record.  Actions are immutable values; the engine validates them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

FIELDS = ("teutons", "crown", "provisions", "ducats", "mercenaries", "helpers")  # NG-P5 order
OFFICER = "officer"
HELPER = "helper"


@dataclass(frozen=True, slots=True)
class Effect:
    """One explicit adjustment of an event card (NG-R2)."""

    player: str
    ducats: int = 0
    provisions: int = 0
    helpers: int = 0
    gain: str | None = None
    discard: str | None = None  # may carry a hand/ or camp/ prefix
    exhaust: str | None = None  # may carry a hand/ prefix


@dataclass(frozen=True, slots=True)
class Event:
    card: str
    effects: tuple[Effect, ...] = ()
    #: effects the table entered later in the round (``LaterEffect``), each with where it was
    #: entered (the record's ``later`` list, see ``record``): ``(at, effect)`` in order
    later: tuple[tuple[str, Effect], ...] = ()


@dataclass(frozen=True, slots=True)
class LaterEffect:
    """Effects of the round's event card entered after the event phase (the book: events act
    "zaraz po ich odkryciu lub w dalszej części rundy"), at the point ``at`` of the round:
    ``reveal``, ``placements[K]`` (before placement K), ``skirmish`` (before the cards),
    ``losses[K]`` (before the K-th payment) or ``helper_purchase``."""

    at: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Reveal:
    crown: tuple[int, ...]
    mercenary: tuple[int, ...]
    provisions: tuple[int, ...]
    ducats: tuple[int, ...]
    teutons: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class Place:
    player: str
    field: str
    pawn: str
    count: int = 1
    ducats: int = 0


@dataclass(frozen=True, slots=True)
class Pass:
    player: str


@dataclass(frozen=True, slots=True)
class SkirmishCards:
    """The cards played face down, revealed together (NG-S2): player -> card."""

    cards: tuple[tuple[str, str], ...]

    def as_dict(self) -> dict[str, str]:
        return dict(self.cards)


@dataclass(frozen=True, slots=True)
class PayLosses:
    """What one player discards after a lost skirmish (NG-S4): cards and ``provisions:N`` items."""

    player: str
    items: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HelperPurchase:
    buy: bool


@dataclass(frozen=True, slots=True)
class Feed:
    """The knights a short player gives up at the end (NG-E1)."""

    player: str
    cards: tuple[str, ...] = field(default=())


Action = Event | LaterEffect | Reveal | Place | Pass | SkirmishCards | PayLosses | HelperPurchase | Feed
