"""The result of a War Chest game: who won (the last control marker placed, or a resignation)."""

from __future__ import annotations

from referee.core.report import Line
from referee.core.text import Catalog
from referee.games.warchest.names import side_name
from referee.games.warchest.state import WarChestState


def result_line(t: Catalog, state: WarChestState) -> Line:
    names = ", ".join(p.name for p in state.players if p.side == state.winner)
    if state.resigned is not None:
        return Line(t("warchest.summary.won_resigned", side=side_name(t, state.winner or ""),
                      players=names, resigned=state.resigned), "strong")
    return Line(t("warchest.summary.won", side=side_name(t, state.winner or ""), players=names),
                "strong")
