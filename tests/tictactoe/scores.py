"""The result: the score and who won."""

from __future__ import annotations

from referee.core.report import Line, Table
from referee.core.text import Catalog
from tests.tictactoe import engine
from tests.tictactoe.state import MARKS, TicTacToeState


def result_line(t: Catalog, state: TicTacToeState) -> Line:
    winners = state.winners()
    if len(winners) == 1:
        return Line(t("tictactoe.summary.won", player=winners[0]), "strong")
    return Line(t("tictactoe.summary.draw"), "strong")


def score_table(t: Catalog, state: TicTacToeState) -> Table:
    points = engine.points(state)
    table = Table(t("tictactoe.summary.score"), [t("tictactoe.summary.col_player"),
                                                  t("tictactoe.summary.col_mark"),
                                                  t("tictactoe.score.result")],
                  align=["left", "left", "right"])
    for i, n in enumerate(state.names):
        table.rows.append([n, MARKS[i], str(points[n])])
    return table
