"""The state of a game of Kajko i Kokosz: Przygody Wojów, as plain data (no I/O)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# Card names of record format 1 (KK-2).
JOMSBORG = "jomsborg"
BRIGANDS = "brigands"
CHAMBERLAIN = "chamberlain"
COIN_IN_HAND = "coin_in_hand"
COIN = "coin"
ITEM5 = "item:5"
ITEM10 = "item:10"

#: the cards every stack holds exactly once (KK-2)
SPECIALS = (JOMSBORG, BRIGANDS, CHAMBERLAIN, COIN_IN_HAND, ITEM10)
#: the cards that fill the rest of a stack (KK-2)
FILLERS = (COIN, ITEM5)
CARDS = (COIN, ITEM5, ITEM10, COIN_IN_HAND, CHAMBERLAIN, BRIGANDS, JOMSBORG)
#: the dangers the memory aid counts (``play --hints``)
DANGERS = (JOMSBORG, BRIGANDS, CHAMBERLAIN)
#: what an item is worth in ducats (KK-6; ``coin_in_hand`` is a coin worth 1 in both variants)
VALUES = {COIN: 1, COIN_IN_HAND: 1, ITEM5: 5, ITEM10: 10}
COINS = (COIN, COIN_IN_HAND)

DEFAULT_STACKS = (5, 5, 6, 6, 7, 7, 8, 8, 9, 9)  # KK-1 (Decision)
MIN_STACK = 5
MAX_STACKS = 20
DUSIGROSZ = 10  # KK-12
VARIANTS = ("dusigrosz", "coin_in_hand")


def characters_for(players: int) -> int:
    """KK-3."""
    return {2: 4, 3: 3, 4: 3, 5: 2}[players]


def is_item(card: str) -> bool:
    return card in VALUES


@dataclass
class Player:
    name: str
    #: the cards face up in front of the player, in the order they arrived (items and brigands)
    front: list[str] = field(default_factory=list)
    #: one list per filled character, in the order they were filled
    town: list[list[str]] = field(default_factory=list)

    def items(self) -> list[str]:
        return [c for c in self.front if c in VALUES]

    def has_brigands(self) -> bool:
        return BRIGANDS in self.front


@dataclass
class TurnLog:
    """What one entry did, for the table's news and the summaries."""

    player: str
    action: Any
    #: cards that left the player's front for the box (KK-7, KK-8, KK-9)
    discarded: list[str] = field(default_factory=list)
    #: coin in hand: the cards taken from the target (KK-13)
    taken: list[str] = field(default_factory=list)
    #: a send: the cards put on a character, and the character's number (1-based)
    sent: list[str] = field(default_factory=list)
    character: int = 0
    #: the end: automatic sends (player, cards, character, robber knights left) (KK-10)
    final_sends: list[tuple[str, list[str], int, bool]] = field(default_factory=list)
    #: whether this entry ended the game: "stacks" (every stack empty) or "out" (everybody out)
    ended: str | None = None


@dataclass
class KajkoState:
    players: list[Player]
    sizes: list[int]
    dusigrosz: bool = False
    coin_in_hand: bool = False
    characters: int = 0
    #: cards left in each stack
    left: list[int] = field(default_factory=list)
    #: per stack: the KK-2 cards not revealed yet
    inside: list[set[str]] = field(default_factory=list)
    #: the seat of the player whose turn it is
    turn: int = 0
    over: bool = False
    log: list[TurnLog] = field(default_factory=list)
    #: every card that went back to the box, in order (the card ledger)
    box: list[str] = field(default_factory=list)
    #: every card revealed, per stack (the card ledger and the memory aid)
    revealed: list[list[str]] = field(default_factory=list)

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def is_out(self, p: Player) -> bool:
        """KK-4: every character carries items."""
        return len(p.town) >= self.characters

    def current(self) -> Player:
        return self.players[self.turn]

    def copy(self) -> KajkoState:
        """An independent state, field by field.  The turn logs are shared: an entry's
        ``TurnLog`` is complete once the entry is applied (the engine never changes an earlier
        one)."""
        return KajkoState(
            [Player(p.name, list(p.front), [list(c) for c in p.town]) for p in self.players],
            list(self.sizes), self.dusigrosz, self.coin_in_hand, self.characters, list(self.left),
            [set(s) for s in self.inside], self.turn, self.over, list(self.log), list(self.box),
            [list(r) for r in self.revealed])

    def snapshot(self) -> dict[str, Any]:
        """Everything that decides the rest of the game, as comparable plain data."""
        return {"players": [(p.name, list(p.front), [list(c) for c in p.town]) for p in self.players],
                "left": list(self.left), "inside": [sorted(s) for s in self.inside],
                "turn": self.turn, "over": self.over, "box": sorted(self.box),
                "variants": (self.dusigrosz, self.coin_in_hand), "sizes": list(self.sizes)}
