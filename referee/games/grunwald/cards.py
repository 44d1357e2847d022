"""Cards of Na Grunwald! as record strings: ``crown:5``, ``mercenary:2``, ``teuton:3``, ``peasant``.

NG-C3: crown knights and mercenaries have strength 1–6, Teutons 1–4, the peasant 0 (NG-C2).
A card leaving a player may carry a ``hand/`` or ``camp/`` prefix saying where it comes from.
"""

from __future__ import annotations

from referee.core.errors import RecordError

CROWN = "crown"
MERCENARY = "mercenary"
TEUTON = "teuton"
PEASANT = "peasant"

RANGES = {CROWN: (1, 6), MERCENARY: (1, 6), TEUTON: (1, 4)}
KNIGHT_KINDS = (CROWN, MERCENARY)

#: every card string -> (kind, strength)
CARDS: dict[str, tuple[str, int]] = {PEASANT: (PEASANT, 0)}
for _kind, (_lo, _hi) in RANGES.items():
    for _s in range(_lo, _hi + 1):
        CARDS[f"{_kind}:{_s}"] = (_kind, _s)

#: NG-C3 (Decision NG-D4): the values a ducat card can show (the book does not print them)
DUCAT_VALUES = (1, 6)
#: NG-C3 (Decision NG-D6): the values a provision card can show (the book does not print them)
PROVISION_VALUES = (1, 5)
#: NG-R3, NG-C3: what a round reveals, by record key: (fewest, most values, lowest, highest
#: value), in the order the table types them
REVEALED: dict[str, tuple[int, int, int, int]] = {
    "crown": (2, 2, *RANGES[CROWN]), "mercenary": (2, 2, *RANGES[MERCENARY]),
    "provisions": (1, 2, *PROVISION_VALUES), "ducats": (1, 3, *DUCAT_VALUES), "teutons": (2, 2, *RANGES[TEUTON])}

HAND = "hand"
CAMP = "camp"
SOURCES = (HAND, CAMP)


def card(kind: str, strength: int) -> str:
    return PEASANT if kind == PEASANT else f"{kind}:{strength}"


def kind_of(c: str) -> str:
    return CARDS[c][0]


def strength_of(c: str) -> int:
    return CARDS[c][1]


def is_knight(c: str) -> bool:
    return CARDS[c][0] in KNIGHT_KINDS


def sort_key(c: str) -> tuple[int, int]:
    kind, strength = CARDS[c]
    return ("crown", "mercenary", "peasant", "teuton").index(kind), strength


#: every string naming a card leaving a player, with or without a prefix -> (source or None, card)
LEAVING: dict[str, tuple[str | None, str]] = {}
for _c in CARDS:
    LEAVING[_c] = (None, _c)
    for _source in SOURCES:
        LEAVING[f"{_source}/{_c}"] = (_source, _c)


def parse_card(value: object, location: str, *, prefix: bool = False) -> tuple[str | None, str]:
    """Parse a card string; returns ``(source or None, card)``. NG-C3 for impossible cards."""
    if not isinstance(value, str):
        raise RecordError(None, location, "grunwald.record.card_type", value=_show(value))
    text = value
    source = None
    if "/" in text:
        head, _, text = text.partition("/")
        if not prefix or head not in SOURCES:
            raise RecordError(None, location, "grunwald.record.card_prefix", value=value)
        source = head
    if text not in CARDS:
        raise RecordError("NG-C3", location, "grunwald.record.card_unknown", value=value)
    return source, text


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


_ORDER = {c: sort_key(c) for c in CARDS}


def expand(counts: dict[str, int]) -> list[str]:
    """A multiset of cards as a sorted list (the replay output's order)."""
    out: list[str] = []
    for c in sorted(counts, key=_ORDER.__getitem__):
        k = counts[c]
        if k == 1:
            out.append(c)
        else:
            out += [c] * k
    return out
