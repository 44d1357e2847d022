"""What the table reads: the board (a ``Board`` block), the moves, the result."""

from __future__ import annotations

from typing import Any

from referee.core.report import Board, Cell, Heading, Line, Marker, Report, Table
from referee.core.text import Catalog
from tests.tictactoe import engine
from tests.tictactoe.actions import Mark
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
        cells.append(Cell(((c - 1) % 3, (c - 1) // 3), text=MARKS[owner] if name else "",
                          color=colors.get(name, ""), label=str(c) if keys and not name else "",
                          markers=[Marker("*", name=t("tictactoe.board.line"))] if c in line else []))
    return Board(t("tictactoe.board.title"), cells)


def board(state: TicTacToeState, t: Catalog, colors: dict[str, str] | None = None,
          keys: bool = False) -> Report:
    return [Heading(t("tictactoe.summary.title", players=", ".join(state.names)), 2),
            grid(state, t, colors, keys)]


def describe(t: Catalog, action: Mark) -> str:
    return t("tictactoe.describe.mark", player=action.player, cell=action.cell)


def news_marker(state: TicTacToeState) -> int:
    return len(state.moves)


def result_line(t: Catalog, state: TicTacToeState) -> Line:
    winners = state.winners()
    if len(winners) == 1:
        return Line(t("tictactoe.summary.won", player=winners[0]), "strong")
    return Line(t("tictactoe.summary.draw"), "strong")


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


def score_table(t: Catalog, state: TicTacToeState) -> Table:
    points = engine.points(state)
    table = Table(t("tictactoe.summary.score"), [t("tictactoe.summary.col_player"),
                                                  t("tictactoe.summary.col_mark"),
                                                  t("tictactoe.score.result")],
                  align=["left", "left", "right"])
    for i, n in enumerate(state.names):
        table.rows.append([n, MARKS[i], str(points[n])])
    return table


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


def export_report(state: TicTacToeState, t: Catalog, meta: dict[str, Any], name: str = "",
                  actions: list[Any] | None = None) -> Report:
    out = summary(state, t)
    if name:
        out[0] = Heading(name, 1)
    if meta.get("date"):
        out.insert(1, Line(t("tictactoe.summary.date", date=meta["date"]), "muted"))
    return out


def csv_rows(state: TicTacToeState) -> tuple[list[str], list[list[object]]]:
    points = engine.points(state) if state.over() else {}
    rows: list[list[object]] = [[n, MARKS[i], points.get(n, ""), sum(m.player == n for m in state.moves)]
                                for i, n in enumerate(state.names)]
    return ["player", "mark", "points", "moves"], rows
