"""The ``md``/``html`` export (the summary under the session's name) and the ``csv`` rows."""

from __future__ import annotations

from typing import Any

from referee.core.report import Heading, Line, Report
from referee.core.text import Catalog
from tests.tictactoe import engine
from tests.tictactoe.state import MARKS, TicTacToeState
from tests.tictactoe.summary import summary


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
