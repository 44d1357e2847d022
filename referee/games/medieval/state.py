"""The state of a game of Medieval Battle, as plain mutable data (no I/O).

The referee cannot see the map: a unit's state is what the table cannot keep in its head — its
current type (a dismounted unit is its foot type), its strength (2 knights full, 1 reduced, 0
gone), its movement points, where it is (on the map, kept back, off the map with its distance
back, destroyed, joined into another) and the flag of the hex it stands on.
"""

from __future__ import annotations

import copy as _copy
from dataclasses import dataclass, field
from typing import Any

from referee.games.medieval.cards import CardTable
from referee.games.medieval.units import BAGGAGE, BAGGAGE_VP, COLOURS

# where a unit is
ON_MAP, RESERVE, OFF, DESTROYED, JOINED = "map", "reserve", "off_map", "destroyed", "joined"
# the baggage's counter (MB-T1)
FORTIFIED, MOVED, ATTACKED = "fortified", "moved", "attacked"
FULL, REDUCED = 2, 1


@dataclass
class Unit:
    id: str
    owner: int  # 0 Red, 1 Yellow
    type: str  # its current type (a dismounted unit is its foot type, MB-X1)
    recruited: str  # the type it was recruited as
    strength: int = FULL
    mp: int = 0
    where: str = ON_MAP
    #: outer modules between it and its baggage's module, while off the map (MB-G2)
    distance: int | None = None
    #: the flag of the hex it stands on (MB-V1)
    flag: str | None = None
    #: the baggage's side (MB-T1), ``None`` for other units
    baggage: str | None = None
    #: the terrain of the hex it stands on, once the record has said it (the last hex of its
    #: path, the hex it was attacked, shot at or withdrew to, the hex it took); ``None``: unknown
    terrain: str | None = None

    @property
    def is_baggage(self) -> bool:
        return self.type == BAGGAGE

    @property
    def on_map(self) -> bool:
        return self.where == ON_MAP

    @property
    def full(self) -> bool:
        return self.strength == FULL


@dataclass
class Army:
    name: str
    colour: str
    #: the recruited army (MB-R), ``None`` until entered
    recruited: dict[str, int] | None = None
    tokens: int = 0
    #: enemy baggage trains destroyed (3 VP each, MB-T2)
    baggage_taken: int = 0
    deployed: bool = False


@dataclass
class Pending:
    """An attack on a unit waiting for the defender's answer (``answer``) or, after a withdrawal,
    the attacker's pursuit (``pursuit``)."""

    stage: str
    attacker: str
    defender: str
    attacker_terrain: str
    defender_terrain: str | None = None
    base: int | None = None


@dataclass
class MedievalState:
    armies: list[Army]
    map: str
    flags: dict[str, int]
    cards: CardTable
    movement: dict[str, int]
    dismount: bool
    victory: int
    #: flag -> the army index holding it (MB-V1)
    holder: dict[str, int | None] = field(default_factory=dict)
    units: dict[str, Unit] = field(default_factory=dict)
    turn: int = 1  # Yellow plays first (MB-B1)
    turns: int = 0  # battle turns completed
    pending: Pending | None = None
    passes: int = 0  # consecutive passes (MB-V3 c)
    over: bool = False
    #: how the game ended (``engine.result``), once over
    end: dict[str, Any] | None = None
    #: what each entry did, in order: plain data (summaries and news read it)
    log: list[dict[str, Any]] = field(default_factory=list)

    @property
    def names(self) -> list[str]:
        return [a.name for a in self.armies]

    def index(self, name: str) -> int:
        return self.names.index(name)

    def colour(self, owner: int) -> str:
        return COLOURS[owner]

    def army_units(self, owner: int, where: str | None = None) -> list[Unit]:
        return [u for u in self.units.values()
                if u.owner == owner and (where is None or u.where == where)]

    def baggage(self, owner: int) -> Unit | None:
        for u in self.units.values():
            if u.owner == owner and u.is_baggage:
                return u
        return None

    def vp(self, owner: int) -> int:
        """MB-V2: flags held and 3 per enemy baggage destroyed."""
        held, holder = 0, self.holder
        for f, v in self.flags.items():  # (a loop: in Python 3.11 a generator costs a call each)
            if holder.get(f) == owner:
                held += v
        return held + BAGGAGE_VP * self.armies[owner].baggage_taken

    def copy(self) -> MedievalState:
        """An independent state, field by field.  The log's entries are shared: an entry's
        record is complete once the entry is applied (the engine never changes an earlier one)."""
        p, cards = self.pending, self.cards
        return MedievalState(
            [Army(a.name, a.colour, None if a.recruited is None else dict(a.recruited), a.tokens,
                  a.baggage_taken, a.deployed) for a in self.armies],
            self.map, dict(self.flags), CardTable(cards.scale, cards.verified, dict(cards.columns)),
            dict(self.movement), self.dismount, self.victory, dict(self.holder),
            {k: Unit(u.id, u.owner, u.type, u.recruited, u.strength, u.mp, u.where, u.distance, u.flag,
                     u.baggage, u.terrain) for k, u in self.units.items()},
            self.turn, self.turns,
            None if p is None else Pending(p.stage, p.attacker, p.defender, p.attacker_terrain,
                                           p.defender_terrain, p.base),
            self.passes, self.over, None if self.end is None else _copy.deepcopy(self.end),
            list(self.log))

    def snapshot(self) -> dict[str, Any]:
        """Everything that decides the rest of the game, as comparable plain data."""
        return {
            "armies": [vars(a).copy() for a in self.armies], "map": self.map,
            "flags": dict(self.flags), "cards": self.cards.as_data(), "movement": dict(self.movement),
            "dismount": self.dismount, "victory": self.victory, "holder": dict(self.holder),
            "units": {k: vars(u).copy() for k, u in self.units.items()}, "turn": self.turn,
            "turns": self.turns, "pending": vars(self.pending).copy() if self.pending else None,
            "passes": self.passes, "over": self.over, "end": self.end, "log": _copy.deepcopy(self.log),
        }
