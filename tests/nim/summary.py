"""The summary of a game (``show``, ``replay``): the heaps, the takes, the result."""

from __future__ import annotations

from referee.core.report import Heading, Line, Report
from referee.core.text import Catalog
from tests.nim.news import takes_table
from tests.nim.scores import result_line, score_table
from tests.nim.state import NimState
from tests.nim.view import heaps_table, title


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
