"""The summary of a War Chest game (``show``, ``replay``)."""

from __future__ import annotations

from referee.core.report import Heading, Line, Report, Table
from referee.core.text import Catalog
from referee.games.warchest.names import by_name, coins_text, method_text, side_name, unit_name
from referee.games.warchest.news import history, log_table
from referee.games.warchest.output import progress
from referee.games.warchest.scores import result_line
from referee.games.warchest.state import WarChestState
from referee.games.warchest.view import grid, legend


def setup_lines(state: WarChestState, t: Catalog) -> list[Line]:
    out = [Line(t("warchest.summary.setup", method=method_text(t, state.method),
                  royal_guard=t(f"warchest.setup.royal_guard_{state.options.get('royal_guard', 'base')}")),
                "muted")]
    return out


def players_table(state: WarChestState, t: Catalog, colors: dict[str, str] | None = None) -> Table:
    colors = colors or {}
    table = Table(t("warchest.summary.players"),
                  [t("warchest.hint.col_player"), t("warchest.summary.col_side"),
                   t("warchest.summary.col_units"), t("warchest.hint.col_supply"),
                   t("warchest.hint.col_removed"), t("warchest.summary.col_controlled")])
    for p in state.players:
        table.rows.append([p.name, side_name(t, p.side), ", ".join(unit_name(t, u) for u in by_name(t, p.units)),
                           coins_text(t, p.supply), coins_text(t, p.removed),
                           str(sum(v == p.side for v in state.control.values()))])
        table.row_styles.append(colors.get(p.name, ""))
    return table


def summary(state: WarChestState, t: Catalog, source: str | None = None,
            colors: dict[str, str] | None = None) -> Report:
    out: Report = [Heading(t("warchest.summary.title", players=", ".join(state.names)), 1)]
    if source:
        out.append(Line(source, "muted"))
    out += setup_lines(state, t)
    out += [grid(state, t, colors), *legend(state, t), players_table(state, t, colors)]
    rounds = history(state)
    if rounds:
        out.append(log_table(t, rounds))
    if state.winner is not None:
        out.append(result_line(t, state))
    else:
        out.append(Line(progress(state, t), "strong"))
    return out
