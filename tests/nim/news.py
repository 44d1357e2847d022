"""The takes in words: each entry, what the rules just resolved, the list of takes."""

from __future__ import annotations

from referee.core.report import Line, Report, Table
from referee.core.text import Catalog
from tests.nim.actions import Take
from tests.nim.scores import result_line
from tests.nim.state import NimState


def describe(t: Catalog, action: Take) -> str:
    return t("nim.describe.take", player=action.player, count=action.count, heap=action.heap)


def news_marker(state: NimState) -> int:
    return len(state.takes)


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
