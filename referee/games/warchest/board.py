"""The hex board (WC-C2..WC-C5): axial coordinates, neighbours, distance, lines, locations."""

from __future__ import annotations

from dataclasses import dataclass

Hex = tuple[int, int]
#: WC-C2: the six neighbour offsets
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
SIDES = ("raven", "wolf")


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def step(a: Hex, d: Hex, k: int = 1) -> Hex:
    return (a[0] + d[0] * k, a[1] + d[1] * k)


def in_line(a: Hex, b: Hex) -> bool:
    """A straight line keeps q, r or q+r fixed (WC-C2)."""
    return a != b and (a[0] == b[0] or a[1] == b[1] or a[0] + a[1] == b[0] + b[1])


@dataclass(frozen=True)
class Board:
    players: int
    hexes: frozenset
    neighbours: dict
    starts: dict  # side -> start locations
    neutral: tuple
    locations: frozenset

    def adjacent(self, a: Hex) -> tuple[Hex, ...]:
        return self.neighbours[a]


def _board(players: int) -> Board:
    if players == 2:  # WC-C3
        hexes = frozenset((q, r) for q in range(7) for r in range(7) if 3 <= q + r <= 9)
        starts: dict[str, tuple[Hex, ...]] = {"raven": ((4, 0), (6, 1)), "wolf": ((0, 5), (2, 6))}
        neutral: tuple[Hex, ...] = ((2, 1), (3, 2), (1, 3), (5, 3), (3, 4), (4, 5))
    else:
        hexes = frozenset((q, r) for q in range(7) for r in range(7) if (q, r) not in ((0, 0), (6, 6)))
        starts = {"raven": ((4, 0), (6, 1), (6, 4)), "wolf": ((0, 5), (2, 6), (0, 2))}
        neutral = ((2, 1), (3, 2), (1, 3), (5, 3), (3, 4), (4, 5), (1, 0), (5, 6))
    neighbours = {h: tuple(n for n in (step(h, d) for d in DIRECTIONS) if n in hexes)
                  for h in sorted(hexes)}
    locations = frozenset((*starts["raven"], *starts["wolf"], *neutral))
    return Board(players, hexes, neighbours, starts, neutral, locations)


BOARDS = {2: _board(2), 4: _board(4)}
#: control markers per side (WC-C7, WC-4.2)
MARKERS = {2: 6, 4: 8}
