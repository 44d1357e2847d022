"""``referee stats --format html``: the statistics as one self-contained HTML page (issue 26).

Charts a group would rather look at than read, drawn here as inline SVG (no script, font or
network): each player's share of the wins, each player's rating after every game (a line per
player), and, for a game with points, how often each total was scored (a histogram, stacked by
player).  The tables of ``stats`` follow.  Every word comes from the catalogs.
"""

from __future__ import annotations

import html
import math
from typing import Any

from referee.core.export import SEGMENTS, html_blocks, html_page
from referee.core.export import ticks as _ticks
from referee.core.report import neutral

#: the most lines one rating chart draws (the best rated players; the table lists everyone)
MOST_LINES = 8
#: the most points one line has (a long history is thinned evenly, its last game kept)
MOST_POINTS = 400
#: the most bars one histogram has (a wide range of totals is binned)
MOST_BINS = 30

CSS = """
.charts svg{max-width:100%;height:auto;background:#fffdf8;border:1px solid #e6dccb;border-radius:4px}
.charts text{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
figure{break-inside:avoid}
"""


def _e(text: Any) -> str:
    return html.escape(neutral(str(text)))


def _colours(names: list[str]) -> dict[str, str]:
    return {name: SEGMENTS[(k + 2) % len(SEGMENTS)] for k, name in enumerate(names)}


def _legend(colours: dict[str, str]) -> str:
    return '<div class="legend">' + "".join(
        f'<span><i style="background:{c}"></i>{_e(n)}</span>' for n, c in colours.items()) + "</div>"


def _fmt(v: float) -> str:
    return f"{v:g}" if abs(v) >= 1 or v == 0 else f"{v:.1f}"


def win_share(r: dict[str, Any], t: Any) -> str:
    """Horizontal bars: each player's share of all the games' wins (a shared win counts for each)."""
    players = r["players"]
    total = sum(p["wins"] for p in players.values()) or 1
    names = list(players)
    colours = _colours(names)
    width, label_w, bar_h, gap = 860, 170, 24, 10
    height = len(names) * (bar_h + gap) + gap
    scale = (width - label_w - 300) / max(max((p["wins"] for p in players.values()), default=1) / total, 0.01)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" aria-label="{_e(t("core.cli.chart_win_share"))}">']
    for i, name in enumerate(names):
        p = players[name]
        share = p["wins"] / total
        y = gap + i * (bar_h + gap)
        w = max(share * scale, 1)
        # (the share of all wins, beside the table's win rate of each player's own games: the
        # label says of what, so 28 % here and 29 % there never read as the same figure twice)
        label = t("core.cli.chart_win_label", share=f"{share:.0%}", wins=p["wins"], total=total)
        parts.append(f'<text x="{label_w - 8}" y="{y + bar_h * 0.72:.1f}" text-anchor="end" font-size="14">'
                     f'{_e(name)}</text><rect x="{label_w}" y="{y}" width="{w:.1f}" height="{bar_h}" '
                     f'rx="3" fill="{colours[name]}"><title>{_e(name)}: {_e(label)}</title></rect>'
                     f'<text x="{label_w + w + 6:.1f}" y="{y + bar_h * 0.72:.1f}" font-size="13" '
                     f'fill="#444">{_e(label)}</text>')
    parts.append("</svg>")
    return (f'<figure><figcaption>{_e(t("core.cli.chart_win_share"))}</figcaption>{"".join(parts)}'
            f"</figure>")


def _thin(history: list[list[Any]]) -> list[list[Any]]:
    if len(history) <= MOST_POINTS:
        return history
    step = len(history) / (MOST_POINTS - 1)
    return [history[int(k * step)] for k in range(MOST_POINTS - 1)] + [history[-1]]


def rating_lines(r: dict[str, Any], t: Any) -> str:
    """A line per player (the best rated first, at most MOST_LINES): the rating after each game,
    the games in the order played along the bottom."""
    ratings = r.get("ratings") or {}
    names = list(ratings)[:MOST_LINES]
    if not names:
        return ""
    every = _colours(list(r["players"]))  # (a player's colour is the same in every chart)
    colours = {n: every.get(n, "#555") for n in names}
    lines = {n: _thin(ratings[n]["history"]) for n in names}
    values = [h[1] for n in names for h in lines[n]] + [0.0]
    last: int = max(h[0] for n in names for h in lines[n])
    ticks = _ticks(min(values), max(values))
    low, high = ticks[0], ticks[-1]
    width, height, left, right, top, bottom = 860, 340, 56, 20, 16, 44
    plot_w, plot_h = width - left - right, height - top - bottom

    def x(game: int) -> float:  # (0: where everyone starts)
        return left + game / last * plot_w

    def y(v: float) -> float:
        return top + (high - v) / ((high - low) or 1) * plot_h

    title = t("core.cli.chart_rating")
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" aria-label="{_e(title)}">']
    for v in ticks:
        parts.append(f'<line x1="{left}" x2="{width - right}" y1="{y(v):.1f}" y2="{y(v):.1f}" '
                     f'stroke="{"#999" if v == 0 else "#e3e3e3"}" stroke-width="1"/>'
                     f'<text x="{left - 6}" y="{y(v) + 4:.1f}" text-anchor="end" font-size="12" '
                     f'fill="#666">{_fmt(v)}</text>')
    for g in _ticks(0, last, 6, whole=True):
        g = int(g)
        if 1 <= g <= last:
            parts.append(f'<text x="{x(g):.1f}" y="{height - bottom + 18}" text-anchor="middle" font-size="12" '
                         f'fill="#666">{g}</text>')
    parts.append(f'<text x="{left + plot_w / 2:.1f}" y="{height - 6}" text-anchor="middle" font-size="12" '
                 f'fill="#444">{_e(t("core.cli.chart_games_axis"))}</text>')
    for name in reversed(names):  # (the best rated drawn last: on top)
        points = [(x(0), y(0.0))] + [(x(game), y(rating)) for game, rating in lines[name]]
        path = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
        final = ratings[name]["rating"]
        parts.append(f'<polyline points="{path}" fill="none" stroke="{colours[name]}" stroke-width="2.2" '
                     f'stroke-linejoin="round"><title>{_e(name)}: {final:g}</title></polyline>'
                     f'<circle cx="{points[-1][0]:.1f}" cy="{points[-1][1]:.1f}" r="4" fill="{colours[name]}"/>')
    parts.append("</svg>")
    return (f"<figure><figcaption>{_e(title)}</figcaption>{''.join(parts)}{_legend(colours)}"
            f'<p class="muted">{_e(t("core.cli.chart_rating_note"))}</p></figure>')


def score_histogram(r: dict[str, Any], t: Any) -> str:
    """How often each total was scored, a bar per total (or per range of totals), stacked by player."""
    counts: dict[str, dict[str, int]] = r.get("score_counts") or {}
    if not counts:
        return ""
    names = [n for n in r["players"] if n in counts]
    colours = _colours(list(r["players"]))
    colours = {n: colours[n] for n in names}
    values = [float(v) for n in names for v in counts[n]]
    low, high = math.floor(min(values)), math.floor(max(values))
    size = max(1, math.ceil((high - low + 1) / MOST_BINS))
    bins = (high - low) // size + 1
    stacks = [dict.fromkeys(names, 0) for _ in range(bins)]
    for n in names:
        for total, c in counts[n].items():
            stacks[int((math.floor(float(total)) - low) // size)][n] += c
    tallest = max(sum(s.values()) for s in stacks) or 1
    ticks = _ticks(0, tallest, 4, whole=True)
    top_v = ticks[-1]
    width, height, left, right, top, bottom = 860, 300, 56, 20, 16, 44
    plot_w, plot_h = width - left - right, height - top - bottom
    bar_w = plot_w / bins
    title = t("core.cli.chart_scores")
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" aria-label="{_e(title)}">']
    for v in ticks:
        y = top + plot_h - v / top_v * plot_h
        parts.append(f'<line x1="{left}" x2="{width - right}" y1="{y:.1f}" y2="{y:.1f}" stroke="#e3e3e3"/>'
                     f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="12" fill="#666">'
                     f"{_fmt(v)}</text>")
    every = max(1, math.ceil(bins / 15))  # (labels that do not overlap)
    for k, stack in enumerate(stacks):
        x0 = left + k * bar_w
        y = top + plot_h
        start, end = low + k * size, low + (k + 1) * size - 1
        label = str(start) if size == 1 else f"{start}–{end}"
        for n in names:
            if stack[n]:
                h = stack[n] / top_v * plot_h
                y -= h
                parts.append(f'<rect x="{x0 + 1:.1f}" y="{y:.1f}" width="{max(bar_w - 2, 1):.1f}" '
                             f'height="{h:.1f}" fill="{colours[n]}"><title>{_e(n)}, {_e(label)}: '
                             f'{stack[n]}</title></rect>')
        if k % every == 0:
            parts.append(f'<text x="{x0 + bar_w / 2:.1f}" y="{height - bottom + 18}" text-anchor="middle" '
                         f'font-size="12" fill="#666">{_e(label)}</text>')
    parts.append(f'<text x="{left + plot_w / 2:.1f}" y="{height - 6}" text-anchor="middle" font-size="12" '
                 f'fill="#444">{_e(t("core.cli.chart_points_axis"))}</text></svg>')
    return f"<figure><figcaption>{_e(title)}</figcaption>{''.join(parts)}{_legend(colours)}</figure>"


def page(results: dict[Any, dict[str, Any]], t: Any, lang: str, damaged: list[str] | None = None) -> str:
    """The whole page: per game (``{game object: stats.compute(...)}``), its charts, then its
    tables; the damaged sessions (counted nowhere) named at the top, as ``stats`` names them."""
    from referee.core.stats import report

    title = t("core.cli.stats_html_title")
    body = [f"<h1>{_e(title)}</h1>"]
    if damaged:
        body.append(f'<p class="bad">{_e(t.n("core.cli.stats_damaged", len(damaged), ids=", ".join(damaged)))}</p>')
    if not any(r["games"] for r in results.values()):
        body.append(f"<p>{_e(t('core.cli.stats_none'))}</p>")
    for game, r in results.items():
        if not r["games"]:
            continue
        blocks = html_blocks(report({game: r}, t))
        body.append(blocks[0])  # the game's heading
        body.append('<div class="charts">' + win_share(r, t) + rating_lines(r, t) + score_histogram(r, t)
                    + "</div>")
        body.extend(blocks[1:])
    return html_page(body, title, lang, CSS)
