"""The ``md``/``html`` export (the summary under the session's name) and the ``csv`` rows."""

from __future__ import annotations

from typing import Any

from referee.core.report import Heading, Line, Report
from referee.core.text import Catalog
from tests.nim import engine
from tests.nim.state import NimState
from tests.nim.summary import summary


def export_report(state: NimState, t: Catalog, meta: dict[str, Any], name: str = "",
                  actions: list[Any] | None = None) -> Report:
    out = summary(state, t)
    if name:
        out[0] = Heading(name, 1)
    if meta.get("date"):
        out.insert(1, Line(t("nim.summary.date", date=meta["date"]), "muted"))
    return out


def csv_rows(state: NimState) -> tuple[list[str], list[list[object]]]:
    points = engine.points(state) if state.over() else {}
    rows: list[list[object]] = [[n, points.get(n, ""), sum(a.player == n for a in state.takes),
                                 sum(a.count for a in state.takes if a.player == n)]
                                for n in state.names]
    return ["player", "points", "takes", "counters"], rows
