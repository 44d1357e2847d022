"""The table's entries (frozen, hashable): setup facts, draws, plays and their follow-ups.

Hexes are ``(q, r)`` tuples (WC-C2).  A ``Play`` with ``by`` set is a triggered follow-up (WC-A14):
``swordsman``, ``berserker``, ``mercenary`` or ``warrior_priest`` (a full play of the drawn coin).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

Hex = tuple[int, int]


class Deal(NamedTuple):
    """WC-C8: the unit cards a player was dealt (or chose, ``custom``).  A named tuple (cheap: the
    deal's menu lists every set of 4 of the 16 units) equal only to a ``Deal`` (a ``Draw`` has two
    fields too)."""
    player: str
    units: tuple

    def __eq__(self, other) -> bool:
        return type(other) is Deal and tuple.__eq__(self, other)

    def __ne__(self, other) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:  # (a class attribute would be a field to mypy)
        return tuple.__hash__(self)


@dataclass(frozen=True)
class FirstPicker:
    """WC-X1/WC-X3: the flip (and the team) named the first picker of the draft."""
    player: str


@dataclass(frozen=True)
class Pick:
    """WC-X1/WC-X3: one draft pick."""
    player: str
    unit: str


@dataclass(frozen=True)
class GuardCard:
    """WC-U13: which Royal Guard card the table uses, ``base`` or ``nobility``, told once the
    dealt (or freely chosen) cards are known and a Royal Guard is among them; ``None``: the record
    does not say (an older record, asked before the deal): the base card."""
    card: str | None


@dataclass(frozen=True)
class Flip:
    """WC-C9/WC-4.3: the initiative marker was flipped; ``player`` takes it."""
    player: str


class Draw(NamedTuple):
    """WC-T2: the coins a player drew this round, sorted; ``None`` when the table does not say.
    (A named tuple, as ``Play``, equal only to a ``Draw``: a ``Deal`` has two fields too.)"""
    player: str
    coins: tuple | None

    def __eq__(self, other) -> bool:
        return type(other) is Draw and tuple.__eq__(self, other)

    def __ne__(self, other) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:  # (a class attribute would be a field to mypy)
        return tuple.__hash__(self)


class Maneuver(NamedTuple):
    """One maneuver of a Footman's tactic (WC-U6): move, control or attack.  (A named tuple, as
    ``Play``: built once per record entry, it must be cheap.)"""
    action: str
    frm: Hex | None = None
    to: Hex | None = None
    at: Hex | None = None
    target: Hex | None = None
    absorb: bool = False


class Play(NamedTuple):
    """One coin and one action (WC-A1), or a follow-up (``by``).  A named tuple (immutable,
    hashable, compared by value like the frozen dataclasses here, and ten times cheaper to build:
    one per record entry); no other entry has twelve fields, so no two kinds compare equal."""
    player: str
    action: str
    coin: str | None = None
    frm: Hex | None = None
    to: Hex | None = None
    at: Hex | None = None
    unit: Hex | None = None
    target: Hex | None = None
    recruit: str | None = None
    steps: tuple = ()
    absorb: bool = False
    by: str | None = None


@dataclass(frozen=True)
class Done:
    """A pending "may" follow-up is declined (WC-A14); the record leaves it out."""
    player: str


@dataclass(frozen=True)
class Resign:
    """WC-V2: a player resigns; the other side wins."""
    player: str


FACE_UP = frozenset({"deploy", "bolster", "move", "control", "attack", "tactic"})
FACE_DOWN = frozenset({"initiative", "recruit", "pass"})
KINDS = ("deploy", "bolster", "initiative", "recruit", "pass", "move", "control", "attack", "tactic")


def hexs(h: Hex | None) -> str:
    return "null" if h is None else f"[{h[0]},{h[1]}]"


def describe(a) -> str:
    """A short, language-neutral form of an entry (the record's words), for "legal: …" lists."""
    if isinstance(a, Play):
        parts = [a.by or "", a.action, a.coin or ""]
        if a.action == "recruit":
            parts.append(a.recruit or "")
        for key in ("frm", "at", "unit", "to", "target"):
            v = getattr(a, key)
            if v is not None or (key == "target" and a.action == "tactic" and a.coin == "marshall"):
                parts.append(f"{'from' if key == 'frm' else key} {hexs(v)}")
        for m in a.steps:
            parts.append("(" + describe(Play("", m.action, None, m.frm, m.to, m.at, None, m.target,
                                             absorb=m.absorb)).strip() + ")")
        if a.absorb:
            parts.append("absorb")
        return " ".join(p for p in parts if p)
    if isinstance(a, Draw):
        return "draw " + ("?" if a.coins is None else "+".join(a.coins))
    if isinstance(a, Deal):
        return "units " + ",".join(a.units)
    if isinstance(a, Pick):
        return f"pick {a.unit}"
    if isinstance(a, GuardCard):
        return f"royal_guard {a.card or 'base'}"
    if isinstance(a, Done):
        return "decline"
    return f"{type(a).__name__.lower()} {getattr(a, 'player', '')}"
