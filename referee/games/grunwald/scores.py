"""The scoreboard of a Na Grunwald! game: the score, the titles and the winner, at the end or as if
the game ended now (issue 13).  No printing here."""

from __future__ import annotations

from referee.core.report import Heading, Line, Report, Table
from referee.core.text import Catalog
from referee.games.grunwald.names import cards_text
from referee.games.grunwald.scoring import Result, Title
from referee.games.grunwald.state import GrunwaldState

SCORE_PARTS = ("knights", "teutons", "crown_commander", "mercenary_commander", "quartermaster",
               "ducats")


def _title_line(t: Catalog, key: str, title: Title) -> Line:
    name = t(f"grunwald.title.{key}")
    if not title.holders:
        return Line(t("grunwald.summary.title_nobody", title=name), "muted")
    how = t(f"grunwald.summary.decided_{title.decided_by}")
    return Line(t("grunwald.summary.title_holders", title=name, players=", ".join(title.holders),
                  points=title.points, how=how))


def score_blocks(t: Catalog, result: Result, names: list[str], standing: bool = False) -> Report:
    """The scoreboard, the titles and the winner.  ``standing``: the score as if the game ended
    now, under the standing's heading: no title of its own, and who *would* win."""
    table = Table(
        "" if standing else t("grunwald.summary.score_title"),
        [t("grunwald.summary.col_player")] + [t(f"grunwald.score.{k}") for k in SCORE_PARTS]
        + [t("grunwald.score.total"), t("grunwald.summary.col_cards"), t("grunwald.summary.col_place")],
        align=["left"] + ["right"] * (len(SCORE_PARTS) + 3),
        transposable=True,
    )
    for name in sorted(names, key=lambda n: (result.places[n], names.index(n))):
        s = result.scores[name].as_dict()
        table.rows.append([name] + [str(s[k]) for k in SCORE_PARTS]
                          + [str(s["total"]), str(result.cards[name]), str(result.places[name])])
    out: Report = [table]
    out.append(_title_line(t, "crown_commander", result.crown_commander))
    out.append(_title_line(t, "mercenary_commander", result.mercenary_commander))
    out.append(_title_line(t, "quartermaster", result.quartermaster))
    winner = "standing_winner" if standing else "winner"
    out.append(Line(t(f"grunwald.summary.{winner}_{result.decided_by}",
                      players=", ".join(result.winners),
                      total=result.scores[result.winners[0]].total,
                      cards=result.cards[result.winners[0]]), "strong"))
    return out


def standing_report(state: GrunwaldState, t: Catalog) -> Report:
    """The score as if the game ended now (NG-E1 … NG-E6): who would feed whom, the scoreboard,
    the titles and who would win.  Once the game is over, the final score (its own title only)."""
    from referee.games.grunwald import advice

    st = advice.standing(state)
    if st.final:
        return score_blocks(t, st.result, list(state.names))
    out: Report = [Heading(t("grunwald.advice.standing_heading", round=state.round), 2)]
    for name, feeding in st.feedings.items():
        out.append(Line(t("grunwald.advice.standing_feeds", player=name,
                          cards=cards_text(t, list(feeding.give_up))), "muted"))
    out.extend(score_blocks(t, st.result, list(state.names), standing=True))
    return out
