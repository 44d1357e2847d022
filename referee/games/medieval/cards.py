"""The battle calculator's scale and the melee and fire cards (MB-K2, MB-K6, MB-K8, MB-K9, MB-F1).

A card belongs to an attacking unit type (a melee card) or a shooter (a fire card); placed at the
calculator's centre, it puts each defender type over one calculator column: that column is the
card's *base* for that defender.  The calculator is an ordered list of columns, each the losses
``attacker/defender`` printed above and below it, from the worst for the attacker (left) to the
best (right).

The box holds "2 zestawy po 9 szt" (MB-C2): nine cards per army, seven icons on each (DECISIONS.md,
"The cards as the box has them").  Foot archers — long and short bowmen — are one icon ("oddziały
pieszych łuczników", MB-K6) and one melee card; the short bowmen and the horse archers, both of
"mała siła rażenia", share one fire card.  So a card is ``(kind, card)`` with ``card`` in
``MELEE_CARDS`` or ``FIRE_CARDS`` and a column is kept per ``(kind, card, icon)``; ``card_of`` and
``icon_of`` map unit types onto them.

The book gives only the light-cavalry melee card and one column of the light-infantry card; the
rest is the owner's to enter (a *card table document*, the record's ``cards`` key and ``referee
cards``).  A combat whose column nobody entered is refused with the card to enter, never guessed.

The document::

    {"calculator": ["1/0", "1/1", "0/1", "0/2"],
     "melee": {"heavy_cavalry": {"pikemen": "1/1", "foot_archers": "0/2", …}, …},
     "fire": {"longbowmen": {"heavy_cavalry": "1/1", …}, "bowmen_horse_archers": {…}}}

A column is written as the losses it shows (``"1/1"``, which must then appear once on the
calculator) or as its 0-based index on the calculator (an integer).  A document written before
the nine cards (unit types as cards and icons: ``melee.longbowmen``, ``melee.bowmen``,
``….bowmen``, ``fire.horse_archers``) is read and converted; two of its entries that are now one
must agree, else the second is refused at its place (MB-C2).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from referee.core import shape
from referee.core.errors import RuleError
from referee.games.medieval.units import (
    BOWMEN,
    HEAVY_CAVALRY,
    HEAVY_INFANTRY,
    HORSE_ARCHERS,
    LIGHT_CAVALRY,
    LIGHT_INFANTRY,
    LONGBOWMEN,
    PIKEMEN,
    UNIT_TYPES,
    UNITS,
)

MELEE, FIRE = "melee", "fire"
KINDS = (MELEE, FIRE)
#: MB-C2, MB-K6: the icon of the foot archers (long and short bowmen), and its melee card
FOOT_ARCHERS = "foot_archers"
#: MB-C2, MB-F1: the fire card of the short bowmen and the horse archers ("mała siła rażenia")
LIGHT_FIRE = "bowmen_horse_archers"
#: the icons on every card, in the order of the book's recruitment table (MB-C4)
ICONS = (HEAVY_CAVALRY, LIGHT_CAVALRY, HORSE_ARCHERS, HEAVY_INFANTRY, FOOT_ARCHERS, LIGHT_INFANTRY,
         PIKEMEN)
#: the seven melee cards and the two fire cards, in the order of the physical set (DECISIONS.md)
MELEE_CARDS = ICONS
FIRE_CARDS = (LONGBOWMEN, LIGHT_FIRE)
CARDS = {MELEE: MELEE_CARDS, FIRE: FIRE_CARDS}
#: a unit type's icon (long and short bowmen share one)
ICON_OF = {**{t: t for t in UNIT_TYPES}, LONGBOWMEN: FOOT_ARCHERS, BOWMEN: FOOT_ARCHERS,
           FOOT_ARCHERS: FOOT_ARCHERS}
#: a unit type's card of each kind (``None``: it does not shoot)
CARD_OF = {MELEE: ICON_OF,
           FIRE: {LONGBOWMEN: LONGBOWMEN, BOWMEN: LIGHT_FIRE, HORSE_ARCHERS: LIGHT_FIRE}}


def card_of(kind: str, attacker: str) -> str | None:
    """The card a unit type attacks (``melee``) or shoots (``fire``) with."""
    return CARD_OF[kind].get(attacker)


def icon_of(defender: str) -> str:
    return ICON_OF[defender]
CARD_KEYS = ("calculator", *KINDS)
Outcome = tuple[int, int]  # (attacker's losses, defender's losses) in knights

#: MB-K8 (inferred): the four columns the cards print, worse to better for the attacker; the
#: referee's calculator when the owner enters none (unverified: nothing is known beyond them)
DEFAULT_SCALE: tuple[Outcome, ...] = ((1, 0), (1, 1), (0, 1), (0, 2))
#: MB-K6: the light-cavalry melee card (attacker/defender losses; LB and SB are "foot archers")
LIGHT_CAVALRY_CARD: dict[str, Outcome] = {
    PIKEMEN: (1, 0),
    LIGHT_CAVALRY: (1, 1), HEAVY_CAVALRY: (1, 1), HEAVY_INFANTRY: (1, 1),
    LIGHT_INFANTRY: (0, 1), HORSE_ARCHERS: (0, 1),
    FOOT_ARCHERS: (0, 2),
}
#: MB-K6, MB-K7: the one column of the light-infantry card the book gives
LIGHT_INFANTRY_CARD: dict[str, Outcome] = {HEAVY_CAVALRY: (1, 0)}
#: what the book states: (kind, card, icon) -> the column's losses
BOOK: dict[tuple[str, str, str], Outcome] = {
    **{(MELEE, LIGHT_CAVALRY, d): o for d, o in LIGHT_CAVALRY_CARD.items()},
    **{(MELEE, LIGHT_INFANTRY, d): o for d, o in LIGHT_INFANTRY_CARD.items()},
}
_OUTCOME = re.compile(r"^([0-2])/([0-2])$")


def outcome_text(outcome: Outcome) -> str:
    return f"{outcome[0]}/{outcome[1]}"


def card_name(kind: str, attacker: str) -> str:
    """``melee:light_cavalry`` (how errors name a card)."""
    return f"{kind}:{attacker}"


@dataclass
class CardTable:
    """The calculator and every card column known (the book's, the owner's, those entered at
    the table during the game)."""

    scale: tuple[Outcome, ...] = DEFAULT_SCALE
    #: whether the owner entered the calculator (else it is the inferred MB-K8 scale)
    verified: bool = False
    #: (kind, card, icon) -> calculator column index (``CARDS``, ``ICONS``)
    columns: dict[tuple[str, str, str], int] = field(default_factory=dict)

    @staticmethod
    def key(kind: str, attacker: str, defender: str) -> tuple[str, str, str]:
        """The card and icon of a fight between two unit types."""
        return kind, card_of(kind, attacker) or attacker, icon_of(defender)

    def base(self, kind: str, attacker: str, defender: str) -> int | None:
        return self.columns.get(self.key(kind, attacker, defender))

    def set(self, kind: str, attacker: str, defender: str, column: int) -> None:
        """A column read off the card in play (kept for every unit type sharing that card and
        icon)."""
        self.columns[self.key(kind, attacker, defender)] = column

    def require(self, kind: str, attacker: str, defender: str, location: str = "") -> int:
        """The base column, or a ``RuleError`` naming the card and the column to enter."""
        column = self.base(kind, attacker, defender)
        if column is None:
            raise RuleError("MB-K9", location, "medieval.error.no_card",
                            card=card_name(kind, card_of(kind, attacker) or attacker),
                            defender=defender, columns=self.scale_text())
        return column

    def index_of(self, outcome: Outcome) -> list[int]:
        return [i for i, o in enumerate(self.scale) if o == outcome]

    def scale_text(self) -> str:
        return ", ".join(f"{i}={outcome_text(o)}" for i, o in enumerate(self.scale))

    def as_data(self) -> dict[str, Any]:
        """Plain, comparable data (state snapshots)."""
        return {"scale": [outcome_text(o) for o in self.scale], "verified": self.verified,
                "columns": sorted([*k, v] for k, v in self.columns.items())}

    def missing(self) -> list[tuple[str, str, str]]:
        """Every column not known yet: (kind, card, icon) of the nine cards' seven icons."""
        return [(kind, card, icon) for kind in KINDS for card in CARDS[kind] for icon in ICONS
                if (kind, card, icon) not in self.columns]


def parse_outcome(value: Any, location: str) -> Outcome:
    text = shape.string(value, location)
    match = _OUTCOME.match(text)
    if not match:
        raise shape.fail(location, "medieval.cards.bad_outcome", value=text[:20])
    return int(match.group(1)), int(match.group(2))


def parse_column(value: Any, scale: tuple[Outcome, ...], location: str) -> int:
    """A card column: an index on the calculator or the losses it shows (once on the calculator)."""
    if isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value < len(scale):
            raise RuleError("MB-K9", location, "medieval.cards.column_range", value=value,
                            last=len(scale) - 1)
        return value
    if not isinstance(value, str):
        raise shape.fail(location, "medieval.cards.column_type", got=shape.type_name(value))
    outcome = parse_outcome(value, location)
    found = [i for i, o in enumerate(scale) if o == outcome]
    if not found:
        raise RuleError("MB-K9", location, "medieval.cards.not_on_calculator", value=value,
                        columns=", ".join(outcome_text(o) for o in scale))
    if len(found) > 1:
        raise RuleError("MB-K9", location, "medieval.cards.ambiguous", value=value,
                        indexes=", ".join(map(str, found)))
    return found[0]


def parse_scale(value: Any, location: str) -> tuple[Outcome, ...]:
    """MB-K8, MB-K9: the calculator's columns, left to right; the four the cards print must be
    there, in their order."""
    items = shape.array(value, location)
    scale = tuple(parse_outcome(v, f"{location}[{i}]") for i, v in enumerate(items))
    at = 0
    for known in DEFAULT_SCALE:
        while at < len(scale) and scale[at] != known:
            at += 1
        if at == len(scale):
            raise RuleError("MB-K8", location, "medieval.cards.scale_known",
                            known=", ".join(outcome_text(o) for o in DEFAULT_SCALE))
    return scale


def fire_column_ok(scale: tuple[Outcome, ...], column: int) -> bool:
    """MB-F4 (stated): a full target in the forest at the shooter's height (one column left of
    the card's) takes no losses from a full shooter."""
    return scale[max(0, column - 1)][1] == 0


def check_fire_column(table: CardTable, attacker: str, defender: str, column: int,
                      location: str) -> None:
    if not fire_column_ok(table.scale, column):
        raise RuleError("MB-F4", location, "medieval.cards.fire_too_strong",
                        card=card_name(FIRE, attacker), defender=defender,
                        value=outcome_text(table.scale[column]))


def book_table(scale: tuple[Outcome, ...] = DEFAULT_SCALE, verified: bool = False) -> CardTable:
    """The calculator with the book's columns only (MB-K6)."""
    table = CardTable(scale, verified)
    for key, outcome in BOOK.items():
        index = next((i for i, o in enumerate(scale) if o == outcome), None)
        if index is not None:
            table.columns[key] = index
    return table


def parse_cards(document: Any, location: str = "cards") -> CardTable:
    """A card table document → the book's columns plus the owner's, checked entry by entry: the
    first malformed or impossible entry is reported at its exact place (``cards.melee.pikemen
    .bowmen``)."""
    doc = shape.obj(document, location, CARD_KEYS)
    if "calculator" in doc:
        table = book_table(parse_scale(doc["calculator"], shape.child(location, "calculator")), True)
    else:
        table = book_table()
    seen: dict[tuple[str, str, str], tuple[str, int]] = {}
    for kind in KINDS:
        if kind not in doc:
            continue
        where = shape.child(location, kind)
        cards = shape.obj(doc[kind], where, tuple(dict.fromkeys((*CARDS[kind], *UNIT_TYPES))))
        for name, card in cards.items():
            at = f"{where}.{name}"
            # (else a unit type's card, as documents were written before the nine cards)
            card_id = name if name in CARDS[kind] else card_of(kind, name)
            if card_id is None:
                raise RuleError("MB-F1", at, "medieval.cards.not_a_shooter", unit=name,
                                shooters=", ".join(u.name for u in UNITS.values() if u.fire_range))
            for defender, value in shape.obj(card, at, (*UNIT_TYPES, FOOT_ARCHERS)).items():
                place = f"{at}.{defender}"
                column = parse_column(value, table.scale, place)
                key = (kind, card_id, icon_of(defender))
                if key in seen and seen[key][1] != column:  # MB-C2: one card, one icon
                    other, known = seen[key]
                    raise RuleError("MB-C2", place, "medieval.cards.one_entry_differs",
                                    value=outcome_text(table.scale[column]), other=other,
                                    known=outcome_text(table.scale[known]),
                                    card=card_name(kind, card_id), defender=key[2])
                seen[key] = (place, column)
                book = BOOK.get(key)
                if book is not None and table.scale[column] != book:
                    raise RuleError("MB-K6", place, "medieval.cards.book_differs",
                                    card=card_name(kind, card_id), defender=defender,
                                    value=outcome_text(table.scale[column]), book=outcome_text(book))
                if kind == FIRE:
                    check_fire_column(table, card_id, defender, column, place)
                table.columns[key] = column
    check_example(table, location)
    return table


def check_example(table: CardTable, location: str = "cards") -> None:
    """MB-K7: the book's worked example must come out on this calculator (1/0 two columns right
    is 0/1)."""
    base = table.base(MELEE, LIGHT_INFANTRY, HEAVY_CAVALRY)
    if base is None:  # the calculator has no 1/0 column: parse_scale refused it already
        return
    column = min(base + 2, len(table.scale) - 1)
    if table.scale[column] != (0, 1):
        raise RuleError("MB-K7", shape.child(location, "calculator"), "medieval.cards.example",
                        got=outcome_text(table.scale[column]))


def card_document(table: CardTable) -> dict[str, Any]:
    """A table as a canonical document: the nine cards and their seven icons (columns by their
    losses where those name one column)."""
    out: dict[str, Any] = {}
    if table.verified:
        out["calculator"] = [outcome_text(o) for o in table.scale]
    for kind in KINDS:
        cards: dict[str, dict[str, Any]] = {}
        for card in CARDS[kind]:
            for icon in ICONS:
                column = table.columns.get((kind, card, icon))
                if column is None or (kind, card, icon) in BOOK:
                    continue
                outcome = table.scale[column]
                value: Any = outcome_text(outcome) if len(table.index_of(outcome)) == 1 else column
                cards.setdefault(card, {})[icon] = value
        if cards:
            out[kind] = cards
    return out
