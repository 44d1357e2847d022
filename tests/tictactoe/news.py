"""The moves in words: each entry, what the rules just resolved, the list of moves."""

from __future__ import annotations

from referee.core.report import Line, Report, Table
from referee.core.text import Catalog
from tests.tictactoe.actions import Mark
from tests.tictactoe.scores import result_line
from tests.tictactoe.state import TicTacToeState
from tests.tictactoe.view import grid


def describe(t: Catalog, action: Mark) -> str:
    return t("tictactoe.describe.mark", player=action.player, cell=action.cell)


def news_marker(state: TicTacToeState) -> int:
    return len(state.moves)


def news(t: Catalog, marker: int, state: TicTacToeState) -> Report:
    out: Report = [Line(describe(t, m)) for m in state.moves[marker:]]
    if state.over():
        out += [grid(state, t), result_line(t, state)]
    return out


def moves_table(t: Catalog, state: TicTacToeState) -> Table:
    table = Table(t("tictactoe.summary.moves"), [t("tictactoe.summary.col_move"),
                                                  t("tictactoe.summary.col_entry")],
                  align=["right", "left"])
    for i, m in enumerate(state.moves, 1):
        table.rows.append([str(i), describe(t, m)])
    return table
