"""What must hold after every entry (the shared game suite checks it)."""

from __future__ import annotations

from tests.nim.state import MAX_TAKE


def check_invariants(s) -> None:
    assert all(h >= 0 for h in s.heaps) and len(s.heaps) == len(s.start)
    taken = [0] * len(s.start)
    for t in s.takes:
        assert 1 <= t.count <= MAX_TAKE
        taken[t.heap - 1] += t.count
    assert [a - b for a, b in zip(s.start, taken, strict=True)] == s.heaps
    assert [t.player for t in s.takes] == [s.names[i % 2] for i in range(len(s.takes))]
    assert len(s.winners()) == (1 if s.over() else 0)
