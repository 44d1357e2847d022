"""The board: the 3×3 grid (a ``Board`` block)."""

from __future__ import annotations

from referee.core.report import Board, Cell, Heading, Marker, Report
from referee.core.text import Catalog
from tests.tictactoe.state import MARKS, TicTacToeState


def grid(state: TicTacToeState, t: Catalog, colors: dict[str, str] | None = None,
         keys: bool = False) -> Board:
    """The 3×3 grid; ``keys``: each free cell shows the key that marks it."""
    colors = colors or {}
    line = state.line() or ()
    cells = []
    for c in range(1, 10):
        owner = state.grid.get(c)
        name = state.names[owner] if owner is not None else ""
        cells.append(Cell(((c - 1) % 3, (c - 1) // 3), text=MARKS[owner] if owner is not None else "",
                          color=colors.get(name, ""), label=str(c) if keys and not name else "",
                          markers=[Marker("*", name=t("tictactoe.board.line"))] if c in line else []))
    return Board(t("tictactoe.board.title"), cells)


def board(state: TicTacToeState, t: Catalog, colors: dict[str, str] | None = None,
          keys: bool = False) -> Report:
    return [Heading(t("tictactoe.summary.title", players=", ".join(state.names)), 2),
            grid(state, t, colors, keys)]
