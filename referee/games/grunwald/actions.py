"""The actions of Na Grunwald!: one per entry of the game record (format 1).

Players are named, as in the record.  Actions are immutable values; the engine validates them.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields

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


Action = Event | Reveal | Place | Pass | SkirmishCards | PayLosses | HelperPurchase | Feed


def _quick_init(cls: type) -> type:
    """Give a frozen slotted dataclass an ``__init__`` that costs a third of the generated one.

    The generated ``__init__`` sets each field through ``object.__setattr__`` (the class's own
    ``__setattr__`` refuses): a slow call per field, ~1,200 instructions each, and replay builds
    thousands of actions.  This one makes the instance an instance of a private subclass that
    lets attributes be set (same slots, so the same layout), sets the fields as plain
    attributes and makes it an instance of ``cls`` again.  The values, defaults, signature and
    behaviour are the dataclass's own; only subclasses of ``cls`` keep the generated one."""
    names = [f.name for f in fields(cls)]
    defaults = {f.name: f.default for f in fields(cls) if f.default is not MISSING}
    assert all(f.default_factory is MISSING for f in fields(cls))
    open_ = type(f"_Open{cls.__name__}", (cls,), {
        "__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__})
    params = ", ".join(f"{n}=_d_{n}" if n in defaults else n for n in names)
    body = "".join(f"    self.{n} = {n}\n" for n in names)
    src = (f"def __init__(self, {params}):\n"
           f"    if type(self) is not _cls:\n"
           f"        return _init(self, {', '.join(names)})\n"
           f"    _set(self, '__class__', _open)\n{body}    self.__class__ = _cls\n")
    namespace = {"_cls": cls, "_open": open_, "_set": object.__setattr__, "_init": cls.__init__,
                 **{f"_d_{n}": v for n, v in defaults.items()}}
    exec(src, namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init
    return cls


for _cls in (Effect, Event, Reveal, Place, Pass, SkirmishCards, PayLosses, HelperPurchase, Feed):
    _quick_init(_cls)
