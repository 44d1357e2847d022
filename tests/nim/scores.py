"""The result: the score and who won."""

from __future__ import annotations

from referee.core.report import Line, Table
from referee.core.text import Catalog
from tests.nim import engine
from tests.nim.state import NimState


def result_line(t: Catalog, state: NimState) -> Line:
    key = "nim.summary.won_misere" if state.misere else "nim.summary.won"
    return Line(t(key, player=state.winners()[0]), "strong")


def score_table(t: Catalog, state: NimState) -> Table:
    points = engine.points(state)
    table = Table(t("nim.summary.score"), [t("nim.summary.col_player"), t("nim.score.result")],
                  align=["left", "right"])
    for n in state.names:
        table.rows.append([n, str(points[n])])
    return table
