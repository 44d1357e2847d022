"""The final scoreboard of Kajko i Kokosz, with the Dusigrosz and the tie-break explained."""

from __future__ import annotations

from referee.core.report import Line, Report, Table
from referee.core.text import Catalog
from referee.games.kajko.engine import Result


def score_table(t: Catalog, result: Result, names: list[str]) -> Table:
    """The scoreboard; the Dusigrosz column only where the table plays that variant (KK-12)."""
    dusigrosz = result.dusigrosz_variant
    columns = [t("kajko.score.col_player"), t("kajko.score.ducats"),
               *([t("kajko.score.dusigrosz")] if dusigrosz else []),
               t("kajko.score.total"), t("kajko.score.items_sent"), t("kajko.score.place")]
    table = Table(t("kajko.score.title"), columns, align=["left"] + ["right"] * (len(columns) - 1),
                  transposable=True)
    for n in sorted(names, key=lambda n: (result.places[n], names.index(n))):
        s = result.scores[n]
        table.rows.append([n, str(s.ducats), *([str(s.dusigrosz)] if dusigrosz else []),
                           str(s.total), str(s.items_sent), str(result.places[n])])
    return table


def score_blocks(t: Catalog, result: Result, names: list[str]) -> Report:
    """The scoreboard with the Dusigrosz and the tie-break explained (KK-11, KK-12)."""
    out: Report = [score_table(t, result, names)]
    if result.dusigrosz_variant:
        if result.dusigrosz is not None:
            coins = result.scores[result.dusigrosz].coins
            out.append(Line(t.n("kajko.score.dusigrosz_to", coins, player=result.dusigrosz)))
        elif result.dusigrosz_tied:
            coins = result.scores[result.dusigrosz_tied[0]].coins
            out.append(Line(t.n("kajko.score.dusigrosz_tie", coins,
                                players=", ".join(result.dusigrosz_tied))))
    winners = result.winners
    if len(winners) > 1:
        out.append(Line(t("kajko.score.shared", players=", ".join(winners)), "strong"))
    else:
        out.append(Line(t("kajko.score.winner", player=winners[0]), "strong"))
    # KK-11: every group of players with the same total, and what the items sent made of it
    totals = sorted({s.total for s in result.scores.values()}, reverse=True)
    for total in totals:
        tied = [n for n in names if result.scores[n].total == total]
        if len(tied) < 2:
            continue
        split = len({result.scores[n].items_sent for n in tied}) > 1
        if total == totals[0]:
            out.append(Line(t("kajko.score.tie_break", players=", ".join(tied), total=total,
                              winners=", ".join(winners)) if split else t("kajko.score.tie_full")))
        elif split:
            out.append(Line(t("kajko.score.tie_places", players=", ".join(tied), total=total)))
        else:
            out.append(Line(t("kajko.score.tie_place", players=", ".join(tied), total=total,
                              place=result.places[tied[0]])))
    return out
