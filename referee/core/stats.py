"""Statistics over finished games, from the archive's per-game result summaries (no replays).

A result summary is ``{"winners": [...], "players": {name: {"score": {part: points, ..., "total"},
"place": n, extra: value …}}}``; which score parts are titles, and which numeric extras are
averaged (losses, items sent …), is the game's business.  A player's ``tags`` (a list of
words: what they played with, e.g. War Chest's unit cards) are counted over the games: how often
each was played and won (``tags`` in the result, only when some game has them).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def nfc(name: str) -> str:
    """A name in Unicode's composed form (NFC): how names are compared and kept."""
    import unicodedata

    return unicodedata.normalize("NFC", name) if isinstance(name, str) else name


def compute(entries: Iterable[dict[str, Any]], titles: tuple[str, ...], extras: dict[str, str],
            *, player: str | None = None,
            players_count: int | None = None, since: str | None = None) -> dict[str, Any]:
    """The figures of every player over the matching finished games (``player``: only the games
    that player played, and only their figures: their row, their titles, their tags; the name
    in any case)."""
    games = 0
    # (a name as typed at the prompt: "kasia" is Kasia, whatever the case)
    only = nfc(player.strip()).casefold() if player is not None else None
    per: dict[str, dict[str, Any]] = {}
    tags: dict[str, dict[str, int]] = {}
    for entry in entries:
        result = entry.get("result")
        if not entry.get("complete") or not isinstance(result, dict):
            continue
        # one person whatever the Unicode form their name was typed in (NFC and NFD "Zoë")
        players = {nfc(n): p for n, p in (result.get("players") or {}).items()}
        winners = [nfc(w) for w in result.get("winners", [])]
        if only is not None and all(n.casefold() != only for n in players):
            continue
        if players_count is not None and len(players) != players_count:
            continue
        if since is not None and (entry.get("date") or "") < since:
            continue
        games += 1
        for name, p in players.items():
            if only is not None and name.casefold() != only:  # theirs, not their opponents'
                continue
            acc = per.setdefault(name, {"games": 0, "wins": 0, "totals": [], "parts": {}, "titles": {},
                                        "extras": dict.fromkeys(extras, 0)})
            acc["games"] += 1
            acc["wins"] += name in winners
            score = p.get("score", {})
            acc["totals"].append(score.get("total", 0))
            for part, points in score.items():
                if part != "total":
                    acc["parts"][part] = acc["parts"].get(part, 0) + points
            for title in titles:
                acc["titles"][title] = acc["titles"].get(title, 0) + (score.get(title, 0) > 0)
            for extra in extras:
                value = p.get(extra, 0)
                acc["extras"][extra] += value if isinstance(value, (int, float)) else 0
            for tag in p.get("tags") or ():
                if isinstance(tag, str):
                    tally = tags.setdefault(tag, {"games": 0, "wins": 0})
                    tally["games"] += 1
                    tally["wins"] += name in winners
    out = {}
    for name, acc in sorted(per.items(), key=lambda kv: (-kv[1]["wins"], -kv[1]["games"], kv[0])):
        n = acc["games"]
        out[name] = {
            "games": n,
            "wins": acc["wins"],
            "win_rate": round(acc["wins"] / n, 3),
            "average_total": round(sum(acc["totals"]) / n, 2),
            "best_total": max(acc["totals"]),
            "average_points": {k: round(v / n, 2) for k, v in acc["parts"].items()},
            "titles": acc["titles"],
            **{key: round(acc["extras"][extra] / n, 2) for extra, key in extras.items()},
        }
    result_out: dict[str, Any] = {"games": games, "players": out}
    if tags:
        result_out["tags"] = {tag: {**tally, "win_rate": round(tally["wins"] / tally["games"], 3)}
                              for tag, tally in sorted(tags.items(), key=lambda kv: (-kv[1]["wins"],
                                                                                    -kv[1]["games"], kv[0]))}
    return result_out


def report(results: dict[Any, dict[str, Any]], t: Any) -> list[Any]:
    """The statistics of each game (``{game object: compute(...)}``) as a ``core.report`` report:
    an overview per player, then average points by category and titles won."""
    from referee.core.report import Heading, Line, Table

    out: list[Any] = []
    for game, r in results.items():
        if not r["games"]:  # (a player's figures: a game they never finished says nothing)
            continue
        players = list(r["players"])
        out.append(Heading(t.n("core.cli.stats_title", r["games"], game=game.title), 2))
        extras = list(game.stats_extras.values())  # (JSON key, label key)
        overview = Table(
            "", [t(f"core.cli.{c}") for c in ("col_player", "col_games", "col_wins", "col_rate",
                                               "col_avg", "col_best")]
            + [t(label) for _, label in extras],
            align=["left"] + ["right"] * (5 + len(extras)))
        for pname, p in r["players"].items():
            overview.rows.append([pname, str(p["games"]), str(p["wins"]), f"{p['win_rate']:.0%}",
                                  f"{p['average_total']:.1f}", str(p["best_total"]),
                                  *(f"{p[key]:.1f}" for key, _ in extras)])
        out.append(overview)
        # Points by category and titles: one row each, one column per player.
        parts = list(next(iter(r["players"].values()))["average_points"]) if players else []
        # the heading on a line of its own: a table's title wraps to the table's width
        out.append(Line(t("core.cli.stats_detail"), "strong"))
        detail = Table("", [t("core.cli.col_category"), *players],
                       align=["left"] + ["right"] * len(players))
        for part in parts:
            detail.rows.append([t("core.cli.stats_avg", part=t(f"{game.text_prefix}.score.{part}")),
                                *(f"{r['players'][n]['average_points'].get(part, 0):.1f}" for n in players)])
        for title in game.titles:
            detail.rows.append([t("core.cli.stats_titles", part=t(f"{game.text_prefix}.score.{title}")),
                                *(str(r["players"][n]["titles"].get(title, 0)) for n in players)])
        out.append(detail)
        if r.get("tags"):  # per tag (a unit card …): games and wins, in the game's words
            label = game.stats_tag_key
            tagged = Table(t(game.stats_tags_title),
                           [t("core.cli.col_category"), t("core.cli.col_games"), t("core.cli.col_wins"),
                            t("core.cli.col_rate")], align=["left", "right", "right", "right"])
            for tag, tally in r["tags"].items():
                name = t(label.format(tag=tag)) if label != "{tag}" and t.has(label.format(tag=tag)) else tag
                tagged.rows.append([name, str(tally["games"]), str(tally["wins"]), f"{tally['win_rate']:.0%}"])
            out.append(tagged)
    return out
