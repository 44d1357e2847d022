"""What the table reads: the heaps, the takes, the result."""

from __future__ import annotations

from typing import Any

from referee.core.report import Heading, Line, Report, Table
from referee.core.text import Catalog
from tests.nim import engine
from tests.nim.actions import Take
from tests.nim.state import NimState


def title(state: NimState, t: Catalog) -> str:
    key = "nim.summary.title_misere" if state.misere else "nim.summary.title"
    return t(key, players=", ".join(state.names))


def heaps_table(state: NimState, t: Catalog) -> Table:
    table = Table(t("nim.board.title"), [t("nim.board.col_heap"), t("nim.board.col_counters"),
                                         t("nim.board.col_left")], align=["right", "left", "right"])
    for i, (size, left) in enumerate(zip(state.start, state.heaps, strict=True), 1):
        table.rows.append([str(i), "●" * left + "·" * (size - left), str(left)])
    return table


def board(state: NimState, t: Catalog, colors: dict[str, str] | None = None) -> Report:
    return [Heading(title(state, t), 2), heaps_table(state, t)]


def describe(t: Catalog, action: Take) -> str:
    return t("nim.describe.take", player=action.player, count=action.count, heap=action.heap)


def news_marker(state: NimState) -> int:
    return len(state.takes)


def result_line(t: Catalog, state: NimState) -> Line:
    key = "nim.summary.won_misere" if state.misere else "nim.summary.won"
    return Line(t(key, player=state.winners()[0]), "strong")


def news(t: Catalog, marker: int, state: NimState) -> Report:
    out: Report = [Line(describe(t, a)) for a in state.takes[marker:]]
    if state.over():
        out.append(result_line(t, state))
    return out


def takes_table(t: Catalog, state: NimState) -> Table:
    table = Table(t("nim.summary.takes"), [t("nim.summary.col_take"), t("nim.summary.col_entry")],
                  align=["right", "left"])
    for i, a in enumerate(state.takes, 1):
        table.rows.append([str(i), describe(t, a)])
    return table


def score_table(t: Catalog, state: NimState) -> Table:
    points = engine.points(state)
    table = Table(t("nim.summary.score"), [t("nim.summary.col_player"), t("nim.score.result")],
                  align=["left", "right"])
    for n in state.names:
        table.rows.append([n, str(points[n])])
    return table


def summary(state: NimState, t: Catalog, source: str | None = None) -> Report:
    out: Report = [Heading(title(state, t), 1)]
    if source:
        out.append(Line(source, "muted"))
    out += [heaps_table(state, t), takes_table(t, state)]
    if state.over():
        out += [score_table(t, state), result_line(t, state)]
    else:
        out.append(Line(t("nim.summary.progress", left=sum(state.heaps), player=state.current()),
                        "strong"))
    return out


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
