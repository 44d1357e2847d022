"""The entries of a Medieval Battle record, as immutable values (the action model).

Setup, one entry per player: ``Recruit`` (MB-R, secret), then ``Reserve`` (MB-D4: the units kept
back).  Then the battle, one play per turn (MB-B2): ``Play`` (a unit moves along the terrains it
enters, optionally dismounting, and optionally ends with ``attack``, ``fire`` or ``join``; with no
path it attacks, fires or dismounts where it stands), ``Regroup``, ``Pass``.  An attack on a unit
(not the baggage) waits for the defender's answer: ``Stand`` or ``Withdraw`` (MB-M9); after a
withdrawal the attacker ``Pursue``s (MB-M11) or ``Stop``s.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Recruit:
    """MB-R1: a player's army, unit type -> count (the baggage is always there, MB-R4)."""

    player: str
    army: tuple[tuple[str, int], ...]

    def counts(self) -> dict[str, int]:
        return dict(self.army)


@dataclass(frozen=True)
class Reserve:
    """MB-D4: the units a player keeps off the map at deployment (they enter at a regroup)."""

    player: str
    units: tuple[str, ...] = ()


@dataclass(frozen=True)
class Play:
    """MB-B2 (a), (b) and dismounting: ``unit`` moves through the terrains of ``path`` (each hex
    entered; ``through``: own units passed through, MB-M2), then attacks, fires at or joins
    another unit.  ``origin`` (the record's ``from``) is the terrain it acts from when it did not
    move; ``terrain`` the terrain of the attacked or shot unit's hex; ``flag`` the flag on the
    hex it ends on; ``card`` the base column read off the physical card when the card table has
    none for this fight (MB-K9)."""

    player: str
    unit: str
    path: tuple[str, ...] = ()
    through: tuple[str, ...] = ()
    origin: str | None = None
    attack: str | None = None
    fire: str | None = None
    join: str | None = None
    terrain: str | None = None
    dismount: str | None = None  # "before" or "after" the move (MB-X1)
    flag: str | None = None
    card: str | int | None = None


@dataclass(frozen=True)
class Regroup:
    """MB-G1: spend a time token; ``returns``: off-map units placed back next to the baggage
    (MB-G3); ``enter``: units kept back placed next to it (MB-G4)."""

    player: str
    returns: tuple[str, ...] = ()
    enter: tuple[str, ...] = ()


@dataclass(frozen=True)
class Pass:
    """MB-B2 (e)."""

    player: str


@dataclass(frozen=True)
class Stand:
    """The attacked unit takes the fight (MB-K2); ``card``: the column read off the attacker's
    melee card when the card table lacks it (MB-K9) — asked only once the fight is certain."""

    player: str
    card: str | int | None = None


@dataclass(frozen=True)
class Withdraw:
    """MB-M9, MB-M10: the attacked unit moves to a free adjacent hex of terrain ``to`` (or
    ``off_map``, ``distance`` outer modules from its baggage), onto ``flag`` if that hex has one."""

    player: str
    to: str
    distance: int | None = None
    flag: str | None = None


@dataclass(frozen=True)
class Pursue:
    """MB-M11: after a withdrawal the attacker attacks again from the hex it entered."""

    player: str
    attack: str
    terrain: str
    card: str | int | None = None


@dataclass(frozen=True)
class Stop:
    """MB-M11: the attacker does not pursue; the turn ends."""

    player: str


Action = Recruit | Reserve | Play | Regroup | Pass | Stand | Withdraw | Pursue | Stop
