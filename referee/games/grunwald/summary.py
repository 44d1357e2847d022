"""A readable summary of a Na Grunwald! game as a renderer-neutral report (``referee.core.report``).

All wording comes from the ``prompts/grunwald.*.toml`` catalogs.  No printing here."""

from __future__ import annotations

from referee.core.report import Heading, Line, Report, Table
from referee.core.text import Catalog
from referee.games.grunwald import engine
from referee.games.grunwald.cards import expand
from referee.games.grunwald.names import cards_text
from referee.games.grunwald.news import round_blocks
from referee.games.grunwald.output import awaiting
from referee.games.grunwald.scores import score_blocks
from referee.games.grunwald.state import OVER, GrunwaldState
from referee.games.grunwald.view import hidden_camp, hidden_hand


def holdings_table(t: Catalog, state: GrunwaldState, public: bool = False) -> Table:
    """Every player's holdings; ``public``: as a game in progress shows them to the table (hands
    and camps as counts: docs/table.md)."""
    table = Table(
        t("grunwald.summary.holdings_title"),
        [t("grunwald.summary.col_player"), t("grunwald.summary.col_ducats"),
         t("grunwald.summary.col_provisions"), t("grunwald.summary.col_helpers"),
         t("grunwald.summary.col_hand"), t("grunwald.summary.col_camp")],
        align=["left", "right", "right", "right", "left", "left"],
    )
    for p in state.players:
        if public:
            hand, camp = hidden_hand(t, p.hand), hidden_camp(t, p.camp)
        else:
            hand, camp = cards_text(t, expand(p.hand)), cards_text(t, expand(p.camp))
        table.rows.append([p.name, str(p.ducats), str(p.provisions), str(p.helpers), hand, camp])
    return table


def awaiting_text(t: Catalog, state: GrunwaldState) -> str:
    a = awaiting(state)
    if a is None:
        return ""
    params = {k: ", ".join(v) if isinstance(v, list) else v for k, v in a.items() if k != "phase"}
    return t(f"grunwald.awaiting.{a['phase']}", **params)


def summary(state: GrunwaldState, t: Catalog, source: str | None = None,
            public: bool = False) -> Report:
    """The game so far (``public``: a game in progress as the table may see it)."""
    title = t("grunwald.summary.heading", players=", ".join(state.names))
    out: Report = [Heading(title, 1)]
    if source:
        out.append(Line(source, "muted"))
    out.extend(round_blocks(t, state))
    for name, cards in state.feeding_log:
        out.append(Line(t("grunwald.summary.fed", player=name, cards=cards_text(t, list(cards)))))
    if state.phase == OVER:
        out.append(Heading(t("grunwald.summary.final"), 2))
        out.append(holdings_table(t, state))
        out.extend(score_blocks(t, engine.final_scores(state), list(state.names)))
    else:
        out.append(Heading(t("grunwald.summary.in_progress"), 2))
        out.append(holdings_table(t, state, public))
        out.append(Line(awaiting_text(t, state), "strong"))
    return out


def public_summary(state: GrunwaldState, t: Catalog, source: str | None = None) -> Report:
    return summary(state, t, source, public=True)
