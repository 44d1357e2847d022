"""The summary of a game (``show``, ``replay``): the grid, the moves, the result."""

from __future__ import annotations

from referee.core.report import Heading, Line, Report
from referee.core.text import Catalog
from tests.tictactoe.news import moves_table
from tests.tictactoe.scores import result_line, score_table
from tests.tictactoe.state import TicTacToeState
from tests.tictactoe.view import grid


def summary(state: TicTacToeState, t: Catalog, source: str | None = None) -> Report:
    out: Report = [Heading(t("tictactoe.summary.title", players=", ".join(state.names)), 1)]
    if source:
        out.append(Line(source, "muted"))
    out += [grid(state, t), moves_table(t, state)]
    if state.over():
        out += [score_table(t, state), result_line(t, state)]
    else:
        out.append(Line(t("tictactoe.summary.progress", move=len(state.moves) + 1,
                          player=state.current()), "strong"))
    return out
