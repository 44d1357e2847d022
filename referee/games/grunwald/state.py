"""The state of a Na Grunwald! table, derived by replaying actions (see ``engine``).

Mutable on purpose: replay applies thousands of actions per second, so the engine changes the state
in place; ``copy()`` gives an independent state when a caller needs to try something.

Two modes.  A *tracked* state (the default: the live table, summaries, exports, tests) keeps
everything: the round logs, the feeding log and the card ledger (``entered``/``removed``, for the
conservation invariants).  An *untracked* state (``replay --json`` over many records) keeps only
what decides the game and its replay output: the players, the board and the phase.
"""

from __future__ import annotations

import copy as _copy
from dataclasses import dataclass, field
from typing import Any

from referee.games.grunwald.actions import FIELDS
from referee.games.grunwald.cards import CARDS, KNIGHT_KINDS, PEASANT

ROUNDS = 8  # NG-R1
START_DUCATS = 3  # NG-C2
START_PROVISIONS = 1
START_HELPERS = 2
MAX_HELPERS = 5
TEUTON_BONUS = {2: 2, 3: 4, 4: 6}
KNIGHTS = frozenset(c for c, (kind, _) in CARDS.items() if kind in KNIGHT_KINDS)  # NG-S1 / NG-V1 / NG-V2
FIRST_TEUTON_ROUND = 4  # NG-R3

# Phases: what the table is doing now.
EVENT = "event"
REVEAL = "reveal"
PLACEMENT = "placement"
SKIRMISH = "skirmish"
LOSSES = "losses"
HELPER_PURCHASE = "helper_purchase"
FEEDING = "feeding"
OVER = "over"


class Player:
    __slots__ = (
        "camp",
        "ducats",
        "hand",
        "helpers",
        "helpers_placed",
        "index",
        "name",
        "officer_placed",
        "passed",
        "provisions",
    )

    def __init__(self, name: str, index: int) -> None:
        self.name = name
        self.index = index
        self.ducats = START_DUCATS  # unplaced ducats in front of the player
        self.provisions = START_PROVISIONS  # total value (NG-C4 Decision)
        self.helpers = START_HELPERS  # owned helper pawns, 0..5
        self.hand: dict[str, int] = {PEASANT: 1}
        self.camp: dict[str, int] = {}
        self.officer_placed = False
        self.helpers_placed = 0
        self.passed = False

    def has_pawns(self) -> bool:
        return not self.officer_placed or self.helpers_placed < self.helpers

    def knight_count(self) -> int:
        n = 0
        for c, k in self.hand.items():
            if c in KNIGHTS:
                n += k
        for c, k in self.camp.items():
            if c in KNIGHTS:
                n += k
        return n

    def holds_loss_material(self) -> bool:
        """Anything NG-S4 lets a player discard: knights (hand or camp), Teutons, provisions."""
        if self.provisions > 0:
            return True
        for pile in (self.hand, self.camp):
            for c in pile:
                if c != PEASANT:
                    return True
        return False

    def loss_value(self) -> int:
        value = self.provisions
        for pile in (self.hand, self.camp):
            for c, k in pile.items():
                value += CARDS[c][1] * k
        return value

    def __copy__(self) -> Player:
        p = Player.__new__(Player)
        for slot in Player.__slots__:
            setattr(p, slot, getattr(self, slot))
        p.hand = dict(self.hand)
        p.camp = dict(self.camp)
        return p


class Stake:
    """One player's presence on one field: their pawns and ducats, in position order (NG-P3)."""

    __slots__ = ("ducats", "helpers", "officer", "player")

    def __init__(self, player: int, officer: bool = False, helpers: int = 0, ducats: int = 0
                 ) -> None:
        self.player = player
        self.officer = officer
        self.helpers = helpers
        self.ducats = ducats

    @property
    def value(self) -> int:  # NG-F1
        return (2 if self.officer else 0) + self.helpers + self.ducats

    def __copy__(self) -> Stake:
        return Stake(self.player, self.officer, self.helpers, self.ducats)


@dataclass
class Skirmish:
    """Field 1 in progress (NG-S): cards on the table until the losses are paid (NG-S5)."""

    strength: int
    played: dict[int, str] = field(default_factory=dict)
    captured: dict[int, str] = field(default_factory=dict)
    total: int = 0
    owed: int = 0
    pending: list[int] = field(default_factory=list)  # players still to pay, start player first


@dataclass
class RoundLog:
    """What happened in one round, for summaries (all derived, nothing here is input)."""

    round: int
    start_player: str
    event: Any = None
    reveal: Any = None
    placements: list[Any] = field(default_factory=list)
    skirmish: dict[str, Any] | None = None
    fields: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    removed: list[str] = field(default_factory=list)


_SEATS: dict[int, list[tuple[int, ...]]] = {}


def _seats_from(n: int) -> list[tuple[int, ...]]:
    """The seats clockwise from each seat of a table of ``n`` (built once per size: shared,
    never changed)."""
    seats = _SEATS.get(n)
    if seats is None:
        seats = _SEATS[n] = [tuple((i + k) % n for k in range(n)) for i in range(n + 1)]
    return seats


class GrunwaldState:
    def __init__(self, names: list[str], tracked: bool = True) -> None:
        self.tracked = tracked
        self.names = tuple(names)
        # (plain loops: in Python 3.11 each comprehension is a function call of its own)
        index: dict[str, int] = {}
        players: list[Player] = []
        self.index, self.players = index, players
        for i, name in enumerate(names):
            index[name] = i
            players.append(Player(name, i))
        n = len(names)
        #: seats_from[i]: the seats clockwise from seat i (i may be n: seat 0), for NG-P4
        self.seats_from = _seats_from(n)
        self.round = 1
        self.phase = REVEAL  # round 1 has no event phase (NG-R2)
        self.reveal: Any = None
        self.fields: dict[str, list[Stake]] = {f: [] for f in FIELDS}
        self.turn: int | None = None  # whose placement turn it is
        self.skirmish: Skirmish | None = None
        self.helper_buyer: int | None = None
        self.feeding_pending: list[int] = []
        self.skirmish_won = False  # the outcome of the last skirmish (NG-S4), once its cards are in
        # Tracked mode only (an untracked state leaves these empty):
        self.log: list[RoundLog] = [RoundLog(1, self.names[0])] if tracked else []
        self.feeding_log: list[tuple[str, tuple[str, ...]]] = []  # who gave up which knights
        # Ledger for the conservation invariants: cards that entered / left the game.
        self.entered: dict[str, int] = {}
        self.removed: dict[str, int] = {}

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def start_player(self) -> int:  # NG-R4: passes clockwise every round
        return (self.round - 1) % len(self.players)

    def player(self, name: str) -> Player:
        return self.players[self.index[name]]

    def stake(self, field_name: str, player: int) -> Stake | None:
        for s in self.fields[field_name]:
            if s.player == player:
                return s
        return None

    def order_from_start(self) -> list[int]:
        n = len(self.players)
        s = self.start_player
        return [(s + k) % n for k in range(n)]

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def round_reached(self) -> int:
        """The last round the record reached: a round counts once its first entry is in (its
        event; in round 1, which has none, its revealed cards)."""
        phase = self.phase
        if phase == EVENT or (phase == REVEAL and self.round == 1):
            return self.round - 1
        return self.round

    def copy(self) -> GrunwaldState:
        new = _copy.copy(self)
        new.players = [_copy.copy(p) for p in self.players]
        new.fields = {f: [_copy.copy(s) for s in stakes] for f, stakes in self.fields.items()}
        sk = self.skirmish
        if sk is not None:
            new.skirmish = Skirmish(sk.strength, dict(sk.played), dict(sk.captured), sk.total, sk.owed,
                                    list(sk.pending))
        new.feeding_pending = list(self.feeding_pending)
        # The round logs: the engine writes only the current round's (``log[-1]``), so the rounds
        # before are shared (never changed again) and only the current one is copied.
        log = self.log
        if log:
            new.log = [*log[:-1], _copy.deepcopy(log[-1])]
        else:
            new.log = []
        new.feeding_log = list(self.feeding_log)
        new.entered = dict(self.entered)
        new.removed = dict(self.removed)
        return new

    def snapshot(self) -> dict[str, Any]:
        """A plain, comparable picture of everything that matters (tests compare these)."""
        return {
            "round": self.round,
            "phase": self.phase,
            "turn": self.turn,
            "reveal": self.reveal,
            "players": [
                {
                    "name": p.name, "ducats": p.ducats, "provisions": p.provisions,
                    "helpers": p.helpers, "hand": dict(sorted(p.hand.items())),
                    "camp": dict(sorted(p.camp.items())), "officer_placed": p.officer_placed,
                    "helpers_placed": p.helpers_placed, "passed": p.passed,
                }
                for p in self.players
            ],
            "fields": {
                f: [(s.player, s.officer, s.helpers, s.ducats) for s in stakes]
                for f, stakes in self.fields.items()
            },
            "skirmish": None if self.skirmish is None else vars(self.skirmish),
            "helper_buyer": self.helper_buyer,
            "feeding_pending": list(self.feeding_pending),
            "entered": dict(sorted(self.entered.items())),
            "removed": dict(sorted(self.removed.items())),
        }


def take(pile: dict[str, int], c: str) -> None:
    k = pile[c]
    if k == 1:
        del pile[c]
    else:
        pile[c] = k - 1


def put(pile: dict[str, int], c: str, k: int = 1) -> None:
    pile[c] = pile.get(c, 0) + k

