"""The battle calculator (MB-K2 … MB-K9, MB-F1 … MB-F4): one pure function, ``battle``, used by the
engine for every combat and by ``referee battle`` for a fight asked about at the table.

The attacker's card puts the defender's type over a *base* column; each advantage factor shifts
the card one column, right for the attacker, left for the defender; the result is read on the
calculator, clamped at both ends.  A shooter never takes losses (MB-F1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.games.medieval.cards import FIRE, MELEE, CardTable, Outcome, outcome_text
from referee.games.medieval.units import FOREST, HEIGHT, HILLS, unit_type

ATTACKER, DEFENDER = "attacker", "defender"
#: the factors, in the order they are explained
NUMBERS, HEIGHT_FACTOR, TERRAIN, COVER = "numbers", "height", "terrain", "cover"


@dataclass(frozen=True)
class Side:
    """One side of a fight: its unit type, whether it is full (2 knights) and its hex's terrain."""

    unit: str
    full: bool
    terrain: str


@dataclass(frozen=True)
class Factor:
    """An advantage factor: its name, the side it favours and its shift (+1 right, −1 left)."""

    name: str
    favours: str

    @property
    def shift(self) -> int:
        return 1 if self.favours == ATTACKER else -1


@dataclass(frozen=True)
class Battle:
    kind: str
    attacker: Side
    defender: Side
    base: int  # the card's column for the defender (an index on the calculator)
    factors: tuple[Factor, ...] = field(default_factory=tuple)
    column: int = 0  # where the card ends, after the shifts and the clamp
    #: "left" / "right" when the shifts ran past an end of the calculator, else None
    clamped: str | None = None
    #: the clamp hit an end of a calculator the owner did not enter (MB-K9: warn)
    unverified_end: bool = False
    attacker_losses: int = 0
    defender_losses: int = 0

    @property
    def shift(self) -> int:
        return sum(f.shift for f in self.factors)

    def as_data(self, table: CardTable) -> dict[str, Any]:
        return {"kind": self.kind, "attacker": vars(self.attacker), "defender": vars(self.defender),
                "base": outcome_text(table.scale[self.base]),
                "factors": [{"factor": f.name, "favours": f.favours} for f in self.factors],
                "shift": self.shift, "result": outcome_text(table.scale[self.column]),
                "clamped": self.clamped, "unverified_end": self.unverified_end,
                "losses": {"attacker": self.attacker_losses, "defender": self.defender_losses}}


def _numbers(a: Side, d: Side) -> list[Factor]:
    if a.full != d.full:
        return [Factor(NUMBERS, ATTACKER if a.full else DEFENDER)]
    return []


def _height(a: Side, d: Side) -> list[Factor]:
    ha, hd = HEIGHT[a.terrain], HEIGHT[d.terrain]
    if ha != hd:  # one level or two count the same
        return [Factor(HEIGHT_FACTOR, ATTACKER if ha > hd else DEFENDER)]
    return []


def melee_factors(a: Side, d: Side) -> list[Factor]:
    """MB-K3: numbers, height, and a fight in rocky hills or forest (the defender's hex) against
    the side that is mounted when exactly one is (Decision)."""
    out = _numbers(a, d) + _height(a, d)
    am, dm = unit_type(a.unit).mounted, unit_type(d.unit).mounted
    if d.terrain in (HILLS, FOREST) and am != dm:
        out.append(Factor(TERRAIN, DEFENDER if am else ATTACKER))
    return out


def fire_factors(a: Side, d: Side) -> list[Factor]:
    """MB-F3: numbers, height, and a target in forest (whatever it is, wherever the shooter)."""
    out = _numbers(a, d) + _height(a, d)
    if d.terrain == FOREST:
        out.append(Factor(COVER, DEFENDER))
    return out


def resolve(table: CardTable, kind: str, base: int, attacker: Side, defender: Side) -> Battle:
    """The result of a fight whose base column is known."""
    factors = tuple(melee_factors(attacker, defender) if kind == MELEE
                    else fire_factors(attacker, defender))
    shifted = base + sum(f.shift for f in factors)
    last = len(table.scale) - 1
    column = max(0, min(last, shifted))
    clamped = "left" if shifted < 0 else "right" if shifted > last else None
    losses: Outcome = table.scale[column]
    return Battle(kind, attacker, defender, base, factors, column, clamped,
                  clamped is not None and not table.verified,
                  0 if kind == FIRE else losses[0], losses[1])


def battle(table: CardTable, kind: str, attacker: Side, defender: Side, location: str = "") -> Battle:
    """A melee (``kind="melee"``) or a shot (``"fire"``): the attacker's card (``RuleError``
    MB-K9 naming the card when its column for the defender was never entered), the factors, the
    clamp and both sides' losses."""
    base = table.require(kind, attacker.unit, defender.unit, location)
    return resolve(table, kind, base, attacker, defender)


__all__ = ["ATTACKER", "DEFENDER", "FIRE", "MELEE", "Battle", "Factor", "Side", "battle",
           "fire_factors", "melee_factors", "resolve"]
