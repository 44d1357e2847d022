"""The summary of a game of Kajko i Kokosz (``show``, ``replay``)."""

from __future__ import annotations

from referee.core.report import Heading, Line, Report
from referee.core.text import Catalog
from referee.games.kajko import engine
from referee.games.kajko.news import turn_table
from referee.games.kajko.scores import score_blocks
from referee.games.kajko.state import (
    KajkoState,
)
from referee.games.kajko.view import board


def summary(state: KajkoState, t: Catalog, source: str | None = None) -> Report:
    out: Report = [Heading(t("kajko.summary.title", players=", ".join(state.names)), 1)]
    if source:
        out.append(Line(source, "muted"))
    out.append(turn_table(t, state))
    out.extend(board(state, t)[1:])
    if state.over:
        out.extend(score_blocks(t, engine.final_scores(state), state.names))
    else:
        out.append(Line(t("kajko.summary.awaiting", turn=len(state.log) + 1,
                          player=state.current().name), "strong"))
    return out
