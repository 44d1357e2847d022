"""Kajko i Kokosz's game summaries to keep or post: Markdown and HTML (``export_report``), CSV."""

from __future__ import annotations

from typing import Any

from referee.core.report import Chart, Heading, Line, LineChart, Report
from referee.core.text import Catalog
from referee.games.kajko import engine
from referee.games.kajko.engine import Result
from referee.games.kajko.news import turn_table
from referee.games.kajko.scores import score_blocks
from referee.games.kajko.state import (
    COIN,
    COIN_IN_HAND,
    COINS,
    ITEM5,
    ITEM10,
    KajkoState,
)
from referee.games.kajko.view import players_table, setup_lines

CHART_PARTS = ("coins", "items5", "items10", "dusigrosz")


def ducats_by_kind(state: KajkoState, result: Result) -> dict[str, list[int]]:
    out = {}
    for p in state.players:
        cards = [c for character in p.town for c in character]
        out[p.name] = [sum(c in COINS for c in cards), 5 * cards.count(ITEM5),
                       10 * cards.count(ITEM10), result.scores[p.name].dusigrosz]
    return out


def standings(state: KajkoState) -> list[tuple[int, dict[str, int]]]:
    """The standing after each round (issue 26), replayed from the turn log: the ducats in each
    player's town (KK-11; the Dusigrosz, KK-12, only at the end), and at the end the final score.
    The book has no rounds (turns go clockwise, KK-4): a round ends where the turn comes back round
    the table to a seat at or before the one that just played (those who are out are skipped)."""
    trial = engine.new_state(list(state.names), state.sizes, state.dusigrosz, state.coin_in_hand)
    seat = {n: i for i, n in enumerate(state.names)}
    out: list[tuple[int, dict[str, int]]] = []
    for log in state.log:
        engine.apply(trial, log.action)
        if trial.over:
            result = engine.final_scores(trial)
        elif seat[trial.current().name] <= seat[log.player]:
            result = engine.score_towns({p.name: p.town for p in trial.players}, False)
        else:
            continue
        out.append((len(out) + 1, {n: result.scores[n].total for n in state.names}))
    return out


def export_report(state: KajkoState, t: Catalog, meta: dict[str, Any], name: str = "",
                  actions: list[Any] | None = None, public: bool = False) -> Report:
    # the game's name in the title; the session's name under it
    out: Report = [Heading(t("kajko.summary.title", players=", ".join(state.names)), 1)]
    if name:
        out.append(Line(t("kajko.export.session", name=name), "muted"))
    out.extend(setup_lines(t, state))
    if state.over:
        result = engine.final_scores(state)
        out.extend(score_blocks(t, result, state.names))
        by_kind = ducats_by_kind(state, result)
        parts = CHART_PARTS if result.dusigrosz_variant else CHART_PARTS[:-1]  # (KK-12 off)
        chart = Chart(t("kajko.export.chart"), [t(f"kajko.export.part_{p}") for p in parts])
        for n in state.names:
            chart.series.append((n, by_kind[n][:len(parts)]))
        out.append(chart)
        # (the towns' cards lie face down until the end: the standing only once the game is over)
        points = standings(state)
        out.append(LineChart(t("kajko.export.history"), t("kajko.export.history_axis"),
                             [str(r) for r, _ in points],
                             [(n, [score[n] for _, score in points]) for n in state.names]))
    else:
        out.append(Line(t("kajko.summary.awaiting", turn=len(state.log) + 1,
                          player=state.current().name), "strong"))
    out.append(players_table(t, state, None, show_town=state.over))
    out.append(turn_table(t, state))
    return out


CSV_COLUMNS = ("player", "place", "total", "ducats", "dusigrosz", "items_sent", "coins_in_town",
               "items_5_in_town", "items_10_in_town", "front")


def csv_rows(state: KajkoState, public: bool = False) -> tuple[list[str], list[list[object]]]:
    """A row per player; ``public``: a game in progress as the table may see it (the cards on
    the characters lie face down: what they are is blank, only how many — issue 22)."""
    result = engine.final_scores(state) if state.over else None
    rows: list[list[object]] = []
    for p in state.players:
        cards = [c for character in p.town for c in character]
        s = result.scores[p.name] if result else None
        town: list[object] = ["", "", ""] if public else \
            [sum(c in (COIN, COIN_IN_HAND) for c in cards), cards.count(ITEM5), cards.count(ITEM10)]
        rows.append([p.name, result.places[p.name] if result else "", s.total if s else "",
                     s.ducats if s else "", s.dusigrosz if s else "", len(cards), *town,
                     " ".join(p.front)])
    return list(CSV_COLUMNS), rows
