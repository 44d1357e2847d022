"""The state of a tic-tac-toe game."""

from __future__ import annotations

from typing import Any

from tests.tictactoe.actions import Mark

MARKS = ("X", "O")
LINES = ((1, 2, 3), (4, 5, 6), (7, 8, 9), (1, 4, 7), (2, 5, 8), (3, 6, 9), (1, 5, 9), (3, 5, 7))


class TicTacToeState:
    def __init__(self, names: list[str]) -> None:
        self.names = tuple(names)
        self.grid: dict[int, int] = {}  # cell -> the index of the player who marked it
        self.moves: list[Mark] = []

    def current(self) -> str:
        return self.names[len(self.moves) % 2]

    def line(self) -> tuple[int, ...] | None:
        """The winning line, if there is one (TT-3)."""
        for line in LINES:
            owners = {self.grid.get(c) for c in line}
            if len(owners) == 1 and None not in owners:
                return line
        return None

    def winners(self) -> list[str]:
        line = self.line()
        if line is not None:
            return [self.names[self.grid[line[0]]]]
        return list(self.names) if len(self.grid) == 9 else []  # TT-4: a draw is shared

    def over(self) -> bool:
        return self.line() is not None or len(self.grid) == 9

    def copy(self) -> TicTacToeState:
        twin = TicTacToeState(list(self.names))
        twin.grid, twin.moves = dict(self.grid), list(self.moves)
        return twin

    def snapshot(self) -> dict[str, Any]:
        return {"names": list(self.names), "grid": dict(sorted(self.grid.items())),
                "moves": [(m.player, m.cell) for m in self.moves]}
