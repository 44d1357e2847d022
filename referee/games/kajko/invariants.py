"""What must hold after every entry of a Kajko i Kokosz game (the shared game suite checks it).
Pure: raises ``AssertionError`` on the first broken one."""

from __future__ import annotations

from collections import Counter

from referee.games.kajko.state import BRIGANDS, SPECIALS, VALUES


def check_invariants(s) -> None:
    revealed = Counter(c for stack in s.revealed for c in stack)
    where = Counter(s.box)
    for p in s.players:
        where.update(p.front)
        for character in p.town:
            assert character and all(c in VALUES for c in character)  # only items go to town
            where.update(character)
        assert p.front.count(BRIGANDS) <= 1  # a second brigands never stays (KK-8)
        assert len(p.town) <= s.characters
    assert where == revealed  # every revealed card is in exactly one place
    for size, left, cards, inside in zip(s.sizes, s.left, s.revealed, s.inside):
        assert left + len(cards) == size and left >= len(inside)
        for special in SPECIALS:  # KK-2: one of each per stack
            assert cards.count(special) + (special in inside) == 1
    if not s.over:
        assert not s.is_out(s.current()) and any(s.left)
