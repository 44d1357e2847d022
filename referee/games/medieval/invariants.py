"""What must hold after every entry of a Medieval Battle game (the shared game suite checks it).
Pure: raises ``AssertionError`` on the first broken one."""

from __future__ import annotations

from referee.games.medieval import engine
from referee.games.medieval.state import (
    ATTACKED,
    DESTROYED,
    FORTIFIED,
    JOINED,
    MOVED,
    OFF,
    ON_MAP,
    RESERVE,
)
from referee.games.medieval.units import BAGGAGE, BUDGET, MAX_MOVEMENT, UNITS, army_cost


def check_invariants(s) -> None:
    flags_on = [u.flag for u in s.units.values() if u.flag is not None]
    assert len(flags_on) == len(set(flags_on))  # one unit per flag hex (MB-M2)
    for u in s.units.values():
        assert u.where in (ON_MAP, RESERVE, OFF, DESTROYED, JOINED), u
        gone = u.where in (DESTROYED, JOINED)
        assert (u.strength == 0) == (u.where == DESTROYED), u  # strengths in range (MB-K4)
        assert 0 <= u.strength <= 2 and 0 <= u.mp <= MAX_MOVEMENT, u
        assert u.mp <= s.movement[u.type] or u.where != ON_MAP or u.type != u.recruited, u
        assert (u.distance is not None) == (u.where == OFF), u
        assert u.flag is None or (u.where == ON_MAP and u.flag in s.flags), u
        if u.type == BAGGAGE:
            assert u.baggage in ((DESTROYED,) if u.where == DESTROYED else (FORTIFIED, MOVED, ATTACKED)), u
            assert u.where in (ON_MAP, DESTROYED), u
        else:
            assert u.baggage is None and u.type in UNITS, u
            if u.type != u.recruited:  # MB-X1: only a dismount changes a type
                assert UNITS[u.recruited].dismounts_to == u.type, u
        if gone:
            assert u.flag is None
    for i, army in enumerate(s.armies):
        assert army.tokens >= 0  # time tokens never negative (MB-G1)
        if army.recruited is not None:
            assert army_cost(army.recruited) <= BUDGET[s.map]  # MB-R2
        assert army.baggage_taken == (
            1 if (b := s.baggage(1 - i)) is not None and b.where == DESTROYED else 0)
        held = sum(v for f, v in s.flags.items() if s.holder[f] == i)
        assert s.vp(i) == held + 3 * army.baggage_taken  # VP consistent with what is held (MB-V2)
    assert set(s.holder) == set(s.flags)
    if s.pending is not None:  # destroyed units never act
        assert not s.over and s.units[s.pending.attacker].where == ON_MAP
        if s.pending.stage == "answer":
            assert s.units[s.pending.defender].where == ON_MAP
    if s.over:
        assert s.end is not None and s.end["winners"] and engine.decision(s) is None
        assert engine.legal_actions(s) == []
    else:
        assert s.end is None
        d = engine.decision(s)
        assert d is not None  # (a game not over waits for an entry)
        if d.kind == "turn":  # the end is found at the end of every turn
            assert engine.end_reason(s) is None
