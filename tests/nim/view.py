"""The board: the heaps and how many counters each has left."""

from __future__ import annotations

from referee.core.report import Heading, Report, Table
from referee.core.text import Catalog
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
