"""What must hold after every entry (the shared game suite checks it)."""

from __future__ import annotations

from tests.tictactoe.state import LINES


def check_invariants(s) -> None:
    marks = list(s.grid.values())
    assert len(marks) == len(s.moves) and marks.count(0) - marks.count(1) in (0, 1)
    assert all(1 <= c <= 9 for c in s.grid)
    owners = {s.grid[line[0]] for line in LINES if len({s.grid.get(c) for c in line} - {None}) == 1
              and all(c in s.grid for c in line)}
    assert len(owners) <= 1  # never two winners
    if owners:  # the game stopped at the winning move
        last = s.moves[-1]
        assert any(last.cell in line and all(c in s.grid for c in line)
                   and len({s.grid[c] for c in line}) == 1 for line in LINES)
