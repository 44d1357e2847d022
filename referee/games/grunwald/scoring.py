"""Final scoring of Na Grunwald! (NG-E2 … NG-E6), from each player's inventory after feeding.

Shared by ``replay`` (inventories derived from the record) and ``score`` (inventories from paper).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Inventory:
    """(Read-only by convention: not frozen, which would cost a call per field in ``replay``.)"""

    name: str
    crown: list[int]
    mercenary: list[int]
    teutons: list[int]
    provisions: int  # left after feeding
    ducats: int

    @property
    def cards(self) -> int:  # NG-E6 tie-break: crown + mercenary + Teutons
        return len(self.crown) + len(self.mercenary) + len(self.teutons)


@dataclass(slots=True)
class Score:
    knights: int = 0
    teutons: int = 0
    crown_commander: int = 0
    mercenary_commander: int = 0
    quartermaster: int = 0
    ducats: int = 0

    @property
    def total(self) -> int:
        return (self.knights + self.teutons + self.crown_commander + self.mercenary_commander
                + self.quartermaster + self.ducats)

    def as_dict(self) -> dict[str, int]:
        return {
            "knights": self.knights, "teutons": self.teutons,
            "crown_commander": self.crown_commander,
            "mercenary_commander": self.mercenary_commander,
            "quartermaster": self.quartermaster, "ducats": self.ducats, "total": self.total,
        }


@dataclass(slots=True)
class Title:
    """Who holds a title and how it was decided: ``count``, ``strength``, ``shared`` (commanders),
    ``alone`` or ``tied`` (quartermaster)."""

    holders: list[str] = field(default_factory=list)
    decided_by: str | None = None
    points: int = 0


@dataclass(slots=True)
class Result:
    scores: dict[str, Score]
    places: dict[str, int]
    winners: list[str]
    crown_commander: Title
    mercenary_commander: Title
    quartermaster: Title
    #: how the winner was decided: ``points``, ``cards`` (NG-E6 tie-break) or ``shared``
    decided_by: str
    cards: dict[str, int]


# (Mostly plain loops rather than comprehensions: ``replay --json`` scores thousands of games, and
# in Python 3.11 every comprehension or generator expression is a function call of its own.)


def _commander(invs: list[Inventory], kind: str) -> Title:
    """NG-E3: most cards of the kind; tie → higher total strength; tie on both → all tied."""
    best = 0
    tied: list[list[int]] = []
    names: list[str] = []
    for i in invs:
        cards = getattr(i, kind)
        if len(cards) > best:
            best, tied, names = len(cards), [cards], [i.name]
        elif len(cards) == best and best:
            tied.append(cards)
            names.append(i.name)
    if best == 0:  # Decision: no title for zero cards
        return Title()
    if len(names) == 1:
        return Title(names, "count", best)
    strengths = [sum(cards) for cards in tied]
    top = max(strengths)
    holders = [name for name, strength in zip(names, strengths) if strength == top]
    return Title(holders, "strength" if len(holders) == 1 else "shared", best)


def _quartermaster(invs: list[Inventory]) -> Title:
    """NG-E4: the largest provision left; ties share; nobody for zero (Decision)."""
    best = 0
    holders: list[str] = []
    for i in invs:
        if i.provisions > best:
            best, holders = i.provisions, [i.name]
        elif i.provisions == best and best:
            holders.append(i.name)
    if best <= 0:
        return Title()
    return Title(holders, "alone" if len(holders) == 1 else "tied", best)


def score(invs: list[Inventory]) -> Result:
    scores: dict[str, Score] = {}
    cards: dict[str, int] = {}
    for i in invs:
        scores[i.name] = Score(knights=sum(i.crown) + sum(i.mercenary),  # NG-E2
                               teutons=sum(i.teutons),
                               ducats=i.ducats // 2)  # NG-E5
        cards[i.name] = i.cards
    crown = _commander(invs, "crown")
    merc = _commander(invs, "mercenary")
    quarter = _quartermaster(invs)
    for name in crown.holders:
        scores[name].crown_commander = crown.points
    for name in merc.holders:
        scores[name].mercenary_commander = merc.points
    for name in quarter.holders:
        scores[name].quartermaster = quarter.points

    # NG-E6: most points; tie → more cards; still tied → shared.  Places are shared the same way
    # (standard competition ranking: 1, 1, 3).
    keys = [(s.total, cards[name]) for name, s in scores.items()]
    places: dict[str, int] = {}
    winners: list[str] = []
    top_total = max(keys)[0]
    on_points = 0
    for name, key in zip(scores, keys):
        place = 1
        for other in keys:
            if other > key:
                place += 1
        places[name] = place
        if place == 1:
            winners.append(name)
        if key[0] == top_total:
            on_points += 1
    if on_points == 1:
        decided_by = "points"
    elif len(winners) == 1:
        decided_by = "cards"
    else:
        decided_by = "shared"
    return Result(scores, places, winners, crown, merc, quarter, decided_by, cards)
