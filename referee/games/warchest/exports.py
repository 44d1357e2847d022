"""War Chest's game summaries to keep or post: Markdown and HTML (``export_report``: the map in the
players' colours, the control chart), CSV."""

from __future__ import annotations

from typing import Any

from referee.core.report import Chart, Heading, Line, Report, Table
from referee.core.text import Catalog
from referee.games.warchest.board import SIDES
from referee.games.warchest.names import by_name, code, side_name, unit_name
from referee.games.warchest.news import history, log_table
from referee.games.warchest.output import progress
from referee.games.warchest.scores import result_line
from referee.games.warchest.state import WarChestState
from referee.games.warchest.summary import players_table, setup_lines
from referee.games.warchest.view import grid, legend, side_colors


def control_chart(t: Catalog, state: WarChestState, rounds: list[dict[str, Any]],
                  colors: dict[str, str] | None = None) -> Chart:
    """Each round's bar, one segment per side in the side's colour (its first player's, as on the
    map); an unfinished last round is marked as such (its count is the one so far)."""
    sides = side_colors(state, colors)
    chart = Chart(t("warchest.summary.control_chart"), [side_name(t, s) for s in SIDES],
                  category_colors=[sides.get(s, "") for s in SIDES], table=True)
    for r in rounds:
        if r["round"]:
            key = "warchest.summary.round_unfinished" if r.get("unfinished") else "warchest.summary.round"
            chart.series.append((t(key, round=r["round"]), [r["control"].get(s, 0) for s in SIDES]))
    return chart


def export_colors(state: WarChestState, meta: dict[str, Any]) -> dict[str, str]:
    """Each player's colour in an export: the record's, else the one live play gives by seat."""
    from referee.core.service import PALETTE

    return meta.get("colors") or dict(zip(state.names, PALETTE))


def colors_table(state: WarChestState, t: Catalog, colors: dict[str, str]) -> Table:
    """The map's legend of colours: each player's units are drawn in the player's colour (each row
    in that colour), with the side and the units' codes."""
    table = Table(t("warchest.summary.colors"), [t("warchest.hint.col_player"),
                                                 t("warchest.summary.col_side"),
                                                 t("warchest.summary.col_codes")])
    for p in state.players:
        table.rows.append([f"■ {p.name}", side_name(t, p.side),
                           ", ".join(f"{code(t, u)} {unit_name(t, u)}" for u in by_name(t, p.units))])
        table.row_styles.append(colors.get(p.name, ""))
    return table


def export_report(state: WarChestState, t: Catalog, meta: dict[str, Any], name: str = "",
                  actions: list[Any] | None = None, public: bool = False) -> Report:
    """(``public``: the report never names a hand or a face-down coin: the same either way.)"""
    colors = export_colors(state, meta)
    out: Report = [Heading(name or t("warchest.summary.title", players=", ".join(state.names)), 1)]
    for key in ("date", "place", "notes"):
        if meta.get(key):
            out.append(Line(t(f"warchest.summary.{key}", value=meta[key]), "muted"))
    out += setup_lines(state, t)
    out += [grid(state, t, colors, title=t("warchest.summary.final_board")
                 if state.winner is not None else None), colors_table(state, t, colors),
            Line(" · ".join(line.text for line in legend(state, t)), "muted"),  # (no 80 columns)
            players_table(state, t, colors)]
    rounds = history(state)
    if rounds:
        out.append(control_chart(t, state, rounds, colors))
        out.append(log_table(t, rounds))
    if state.winner is not None:
        out.append(result_line(t, state))
    else:
        out.append(Line(progress(state, t), "strong"))
    return out


def csv_rows(state: WarChestState, public: bool = False) -> tuple[list[str], list[list[object]]]:
    """A row per player (``public``: the same either way — a row holds no hand, bag or face-down
    coin, only counts of coins the table sees)."""
    header = ["player", "side", "units", "won", "controlled", "coins_on_board", "coins_removed",
              "supply", "rounds"]
    rows: list[list[object]] = []
    for i, p in enumerate(state.players):
        won = "" if state.winner is None else int(p.side == state.winner)
        rows.append([p.name, p.side, " ".join(p.units), won,
                     sum(v == p.side for v in state.control.values()),
                     sum(s.coins for s in state.stacks.values() if s.player == i),
                     sum(p.removed.values()), sum(p.supply.values()), state.round])
    return header, rows
