"""The summary of a game of Medieval Battle (``show``, ``replay``)."""

from __future__ import annotations

from referee.core.report import Heading, Line, Report
from referee.core.text import Catalog
from referee.games.medieval.scores import end_lines
from referee.games.medieval.state import MedievalState
from referee.games.medieval.view import board


def setup_line(t: Catalog, state: MedievalState) -> Line:
    flags = ", ".join(f"{f} ({v})" for f, v in state.flags.items())
    return Line(t("medieval.summary.setup", map=t(f"medieval.setup.map_{state.map}"), flags=flags,
                  target=state.victory,
                  dismount=t("medieval.summary.dismount_on" if state.dismount
                             else "medieval.summary.dismount_off")), "muted")


def summary(state: MedievalState, t: Catalog, source: str | None = None) -> Report:
    out: Report = [Heading(t("medieval.summary.title", players=", ".join(state.names))
                           + (f" — {source}" if source else "")), setup_line(t, state)]
    out += board(state, t)
    if state.end is not None:
        out += end_lines(t, state.end)
    return out
