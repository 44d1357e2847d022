"""The result of a game of Medieval Battle: how the battle ended, the victory points, the winner."""

from __future__ import annotations

from typing import Any

from referee.core.report import Line, Report
from referee.core.text import Catalog


def end_lines(t: Catalog, end: dict[str, Any]) -> Report:
    out: Report = [Line(t(f"medieval.news.end_{end['reason']}"), "strong")]
    for name, vp in end["vp"].items():
        out.append(Line(t("medieval.news.end_score", player=name, vp=vp,
                          value=end["field_value"][name])))
    winners = end["winners"]
    if end["decided_by"] == "draw":
        out.append(Line(t("medieval.news.draw"), "strong"))
    else:
        out.append(Line(t(f"medieval.news.winner_{end['decided_by']}", player=winners[0]), "good"))
    return out
