"""The state of a War Chest game: every coin in one zone (WC-C10), control, initiative, round.

Hidden information (WC-V3..WC-V5): ``hidden`` is the multiset bag + hand + face-down discard, always
known; ``hand`` and ``down`` are exact multisets when the table reported them (else ``None``) and
the three counts are always exact.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.games.warchest.board import BOARDS, MARKERS, SIDES, Board, Hex
from referee.games.warchest.units import COINS, ROYAL


def add(bag: dict, coin: str, n: int = 1) -> None:
    left = bag.get(coin, 0) + n
    if left:
        bag[coin] = left
    else:
        del bag[coin]


def contains(bag: dict, coins: dict) -> bool:
    return all(bag.get(c, 0) >= n for c, n in coins.items())


def minus(a: dict, b: dict | None) -> dict:
    if not b:
        return dict(a)
    return {c: n - b.get(c, 0) for c, n in a.items() if n > b.get(c, 0)}


def plus(a: dict, b: dict) -> dict:
    out = dict(a)
    for c, n in b.items():
        out[c] = out.get(c, 0) + n
    return out


def counted(coins) -> dict:
    out: dict = {}
    for c in coins:
        out[c] = out.get(c, 0) + 1
    return out


@dataclass
class Player:
    name: str
    side: str
    units: list = field(default_factory=list)
    supply: dict = field(default_factory=dict)
    hidden: dict = field(default_factory=dict)  # bag + hand + face-down discard
    faceup: dict = field(default_factory=dict)
    removed: dict = field(default_factory=dict)
    hand: dict | None = field(default_factory=dict)  # exact when known
    down: dict | None = field(default_factory=dict)  # exact when known
    bag_n: int = 0
    hand_n: int = 0
    down_n: int = 0

    def copy(self) -> Player:
        return Player(self.name, self.side, list(self.units), dict(self.supply), dict(self.hidden),
                      dict(self.faceup), dict(self.removed),
                      None if self.hand is None else dict(self.hand),
                      None if self.down is None else dict(self.down),
                      self.bag_n, self.hand_n, self.down_n)

    def total(self) -> dict:
        """Every coin this player owns (WC-C8): the box count of each unit, and the royal coin."""
        out = {u: COINS[u] for u in self.units}
        out[ROYAL] = 1
        return out

    def snapshot(self) -> dict[str, Any]:
        return {"name": self.name, "side": self.side, "units": list(self.units),
                "supply": dict(sorted(self.supply.items())), "hidden": dict(sorted(self.hidden.items())),
                "faceup": dict(sorted(self.faceup.items())), "removed": dict(sorted(self.removed.items())),
                "hand": None if self.hand is None else dict(sorted(self.hand.items())),
                "down": None if self.down is None else dict(sorted(self.down.items())),
                "bag": self.bag_n, "hand_count": self.hand_n, "down_count": self.down_n}


@dataclass
class Stack:
    """A unit on the board: its owner (player index), type and coins (WC-A4)."""

    player: int
    unit: str
    coins: int


@dataclass
class Pending:
    """A triggered follow-up still to resolve (WC-A14): ``kind`` is the unit whose attribute it is
    (swordsman, berserker, mercenary, warrior_priest); ``player`` chooses; ``at`` the unit's hex."""

    kind: str
    player: int
    at: Hex | None
    optional: bool = True


@dataclass
class WarChestState:
    players: list
    board: Board
    options: dict
    method: str
    stacks: dict = field(default_factory=dict)  # hex -> Stack
    control: dict = field(default_factory=dict)  # hex -> side
    markers: dict = field(default_factory=dict)  # side -> markers in hand
    initiative: int | None = None
    changed: bool = False  # the initiative changed hands this round (WC-A5)
    start_holder: int | None = None  # who held it when the round began
    round: int = 0  # 0 while setting up
    phase: str = "setup"  # setup, draw, play, over
    setup_step: int = 0  # the next setup entry (deal index / pick index)
    first_picker: int | None = None
    picks: list = field(default_factory=list)  # (player index, unit) in draft order
    drawn: int = 0  # players who drew this round
    current: int | None = None
    pending: list = field(default_factory=list)
    winner: str | None = None  # the winning side
    resigned: str | None = None
    plays: int = 0  # main plays so far (turns)
    #: the draft's unit cards laid out on the table (WC-X1: 8, WC-X3: 12); ``None``: not told
    cards: tuple | None = None
    #: the entry applied last (what the table is told was recorded); not part of the position
    last: Any = field(default=None, compare=False, repr=False)

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    @property
    def over(self) -> bool:
        return self.winner is not None

    def side_of(self, i: int) -> str:
        return self.players[i].side

    def copy(self) -> WarChestState:
        return WarChestState(
            [p.copy() for p in self.players], self.board, dict(self.options), self.method,
            {h: Stack(s.player, s.unit, s.coins) for h, s in self.stacks.items()},
            dict(self.control), dict(self.markers), self.initiative, self.changed, self.start_holder, self.round,
            self.phase, self.setup_step, self.first_picker, list(self.picks), self.drawn,
            self.current, [Pending(p.kind, p.player, p.at, p.optional) for p in self.pending],
            self.winner, self.resigned, self.plays, self.cards)

    def snapshot(self) -> dict[str, Any]:
        return {
            "players": [p.snapshot() for p in self.players], "options": dict(self.options),
            "method": self.method,
            "stacks": sorted([list(h), s.player, s.unit, s.coins] for h, s in self.stacks.items()),
            "control": sorted([list(h), s] for h, s in self.control.items()),
            "markers": dict(self.markers), "initiative": self.initiative, "changed": self.changed, "start_holder": self.start_holder,
            "round": self.round, "phase": self.phase, "setup_step": self.setup_step,
            "first_picker": self.first_picker, "picks": [list(p) for p in self.picks],
            "drawn": self.drawn, "current": self.current,
            "pending": [[p.kind, p.player, p.at and list(p.at), p.optional] for p in self.pending],
            "winner": self.winner, "resigned": self.resigned, "plays": self.plays,
            "cards": None if self.cards is None else list(self.cards),
        }


def empty_state(names: list[str], sides: list[str], options: dict, method: str) -> WarChestState:
    n = len(names)
    board = BOARDS[n]
    state = WarChestState([Player(name, side) for name, side in zip(names, sides)], board,
                          dict(options), method)
    for side in SIDES:
        for h in board.starts[side]:
            state.control[h] = side
        state.markers[side] = MARKERS[n] - len(board.starts[side])
    return state
