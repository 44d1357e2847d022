"""Render a report (``referee.core.report``) as Markdown, standalone HTML or CSV.

Everything a player typed (names, event cards, notes) is data, never markup: each renderer escapes
it for its own format.
"""

from __future__ import annotations

import csv
import html
import io
import math
import re

from referee.core.report import EMPTY, Board, Cell, Chart, Heading, Line, LineChart, Report, Table, neutral

# --------------------------------------------------------------------------------------------
# Markdown

_MD_INLINE = re.compile(r"([\\`*_\[\]|~])")
_MD_LINE_START = re.compile(r"^(\s*)([#>+-]|\d+[.)])")


def md_escape(text: str) -> str:
    """Escape what Markdown would read as markup; ``<``, ``>`` and ``&`` become entities."""
    text = html.escape(" ".join(neutral(text).split()), quote=False)
    text = _MD_INLINE.sub(r"\\\1", text)
    def mark(m: re.Match[str]) -> str:
        token = m.group(2)
        escaped = token[:-1] + "\\" + token[-1] if token[0].isdigit() else "\\" + token
        return m.group(1) + escaped

    return _MD_LINE_START.sub(mark, text)


def to_markdown(report: Report) -> str:
    out: list[str] = []
    for block in report:
        if isinstance(block, Heading):
            out.append(f"{'#' * block.level} {md_escape(block.text)}\n")
        elif isinstance(block, Line):
            text = md_escape(block.text)
            out.append(f"**{text}**\n" if block.style == "strong" else f"{text}\n")
        elif isinstance(block, Table):
            out.append(md_table(block))
        elif isinstance(block, Chart):
            if block.table and block.series:  # (else the score table carries the same numbers)
                out.append(md_table(Table(block.title, ["", *block.categories],
                                          [[name, *map(str, values)] for name, values in block.series],
                                          ["left"] + ["right"] * len(block.categories))))
        elif isinstance(block, LineChart):
            if block.table and block.series:
                out.append(md_line_table(block))
        elif isinstance(block, Board):
            if block.title:
                out.append(f"*{md_escape(block.title)}*\n")
            out.append(md_code(block.text()))
            out.append("")
    return "\n".join(out).rstrip() + "\n"


def md_table(block: Table) -> str:
    out = [f"*{md_escape(block.title)}*\n"] if block.title else []
    out.append("| " + " | ".join(md_escape(c) for c in block.columns) + " |")
    aligns = block.align or ["left"] * len(block.columns)
    out.append("|" + "|".join(" ---: " if a == "right" else " --- " for a in aligns) + "|")
    for row in block.rows:
        out.append("| " + " | ".join(md_escape(c) for c in row) + " |")
    return "\n".join(out) + "\n"


#: a line chart with more steps than this is a table with a row per step (else one per series)
MD_WIDE = 12


def md_line_table(chart: LineChart) -> str:
    """A line chart's figures as a compact Markdown table: a row per series (a player), a column
    per step; with many steps, a row per step and a column per series."""
    if len(chart.steps) <= MD_WIDE:
        columns = [chart.axis, *chart.steps]
        rows = [[name, *map(str, values)] for name, values in chart.series]
    else:
        columns = [chart.axis, *(name for name, _ in chart.series)]
        rows = [[step, *(str(values[k]) for _, values in chart.series)]
                for k, step in enumerate(chart.steps)]
    return md_table(Table(chart.title, columns, rows, ["left"] + ["right"] * (len(columns) - 1)))


def md_code(text: str) -> str:
    """A fenced code block that no backtick inside ``text`` can close."""
    runs = [len(m) for m in re.findall(r"`+", text)]
    fence = "`" * max(3, max(runs, default=0) + 1)
    return f"{fence}text\n{text}\n{fence}"


# --------------------------------------------------------------------------------------------
# HTML

PALETTE = {"red": "#c62828", "green": "#2e7d32", "magenta": "#7b1fa2", "purple": "#7b1fa2",
           "yellow": "#f9a825", "cyan": "#00838f", "blue": "#1565c0", "white": "#9e9e9e",
           "black": "#212121"}
SEGMENTS = ["#5d4037", "#8d6e63", "#c62828", "#1565c0", "#2e7d32", "#f9a825", "#6a1b9a", "#00838f"]

CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:2rem auto;max-width:60rem;
padding:0 1rem;color:#222;line-height:1.45}
h1{border-bottom:3px solid #8b1e1e;padding-bottom:.3rem}h2{margin-top:2rem;color:#8b1e1e}
table{border-collapse:collapse;margin:.6rem 0 1rem;width:100%}caption{text-align:left;font-weight:600;
padding:.2rem 0}th,td{border:1px solid #ccc;padding:.3rem .5rem;vertical-align:top}th{background:#f3ede4}
td.num{text-align:right;font-variant-numeric:tabular-nums}p.strong{font-weight:700}p.muted{color:#777}
p.good{color:#2e7d32}p.bad{color:#c62828}figure{margin:1rem 0}figcaption{font-weight:600}
.legend span{display:inline-block;margin-right:1rem}.legend i{display:inline-block;width:.8rem;
height:.8rem;margin-right:.3rem;vertical-align:middle}
"""


def _color(name: str, fallback: str = "#555") -> str:
    name = (name or "").strip().lower()
    if name in PALETTE:
        return PALETTE[name]
    return name if re.fullmatch(r"#[0-9a-f]{6}", name) else fallback


def _svg_chart(chart: Chart) -> str:
    e = html.escape
    width, label_w, bar_h, gap = 640, 150, 26, 12
    totals = [sum(v for v in values if v > 0) for _, values in chart.series]
    top = max(totals + [1])
    scale = (width - label_w - 60) / top
    height = len(chart.series) * (bar_h + gap) + gap
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" aria-label="{e(chart.title)}">']
    fills = [_color(chart.category_colors[k] if k < len(chart.category_colors) else "",
                    SEGMENTS[k % len(SEGMENTS)]) for k in range(len(chart.categories))]
    for i, (name, values) in enumerate(chart.series):
        y = gap + i * (bar_h + gap)
        colour = _color(chart.colors[i] if i < len(chart.colors) else "", "#222")
        parts.append(f'<text x="{label_w - 8}" y="{y + bar_h * 0.7:.1f}" text-anchor="end" '
                     f'font-size="14" fill="{colour}">{e(name)}</text>')
        x = float(label_w)
        for k, v in enumerate(values):
            if v <= 0:
                continue
            w = v * scale
            parts.append(f'<rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="{bar_h}" '
                         f'fill="{fills[k]}"><title>{e(chart.categories[k])}: {v}'
                         f'</title></rect>')
            x += w
        parts.append(f'<text x="{x + 6:.1f}" y="{y + bar_h * 0.7:.1f}" font-size="14">{totals[i]}</text>')
    parts.append("</svg>")
    legend = "".join(f'<span><i style="background:{fills[k]}"></i>{e(c)}</span>'
                     for k, c in enumerate(chart.categories))
    return (f'<figure><figcaption>{e(chart.title)}</figcaption>{"".join(parts)}'
            f'<div class="legend">{legend}</div></figure>')


def ticks(low: float, high: float, count: int = 5, whole: bool = False) -> list[float]:
    """Round tick values covering ``low``..``high`` (``whole``: whole numbers only, for counts)."""
    span = (high - low) or 1.0
    raw = max(span / count, 1.0) if whole else span / count
    step = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if raw <= m * step:
            step *= m
            break
    first = math.floor(low / step) * step
    return [first + k * step for k in range(int((high - first) / step) + 2) if first + k * step <= high + step]


def svg_lines(chart: LineChart) -> str:
    """An inline SVG line chart: a line per series in its colour, a dot at each step (its figure
    in a tooltip), the last figure written at the line's end; the steps along the bottom, the
    values up the left, a legend under it."""
    e = html.escape
    if not chart.series or not chart.steps:
        return ""
    fills = [_color(chart.colors[i] if i < len(chart.colors) else "", SEGMENTS[(i + 2) % len(SEGMENTS)])
             for i in range(len(chart.series))]
    values = [v for _, vs in chart.series for v in vs]
    scale = ticks(min(0, *values), max(1, *values), 5, whole=True)
    low, high = scale[0], scale[-1]
    width, height, left, right, top, bottom = 720, 300, 48, 150, 14, 46
    plot_w, plot_h = width - left - right, height - top - bottom
    n = len(chart.steps)

    def x(k: int) -> float:
        return left + (k + 0.5) * plot_w / n

    def y(v: float) -> float:
        return top + (high - v) / ((high - low) or 1) * plot_h

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" aria-label="{e(neutral(chart.title))}" '
             f'font-family="system-ui,sans-serif">']
    for v in scale:
        parts.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y(v):.1f}" y2="{y(v):.1f}" '
                     f'stroke="{"#999" if v == 0 else "#e3e3e3"}" stroke-width="1"/>'
                     f'<text x="{left - 6}" y="{y(v) + 4:.1f}" text-anchor="end" font-size="12" '
                     f'fill="#666">{v:g}</text>')
    every = max(1, math.ceil(n / 16))  # (labels that do not overlap)
    for k, step in enumerate(chart.steps):
        if (k % every == 0 and n - 1 - k >= every) or k == n - 1:
            parts.append(f'<text x="{x(k):.1f}" y="{top + plot_h + 18}" text-anchor="middle" '
                         f'font-size="12" fill="#666">{e(neutral(step))}</text>')
    parts.append(f'<text x="{left + plot_w / 2:.1f}" y="{height - 6}" text-anchor="middle" '
                 f'font-size="12" fill="#444">{e(neutral(chart.axis))}</text>')
    ends: list[float] = []
    for i, (name, vs) in enumerate(chart.series):
        name = neutral(name)
        points = [(x(k), y(v)) for k, v in enumerate(vs)]
        path = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
        parts.append(f'<g><polyline points="{path}" fill="none" stroke="{fills[i]}" stroke-width="2.4" '
                     f'stroke-linejoin="round"><title>{e(name)}</title></polyline>')
        for k, (px, py) in enumerate(points):
            parts.append(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="3.5" fill="{fills[i]}">'
                         f'<title>{e(name)} · {e(neutral(chart.axis))} {e(neutral(chart.steps[k]))}: '
                         f'{vs[k]}</title></circle>')
        if points:  # the last figure and the name at the line's end, never on top of another's
            end = points[-1][1] + 4
            while any(abs(end - other) < 14 for other in ends):
                end += 14
            ends.append(end)
            label = name if len(name) <= 14 else name[:13] + "…"
            parts.append(f'<text x="{points[-1][0] + 8:.1f}" y="{end:.1f}" font-size="13" '
                         f'fill="{fills[i]}">{vs[-1]} {e(label)}</text>')
        parts.append("</g>")
    parts.append("</svg>")
    legend = "".join(f'<span><i style="background:{fills[i]}"></i>{e(neutral(name))}</span>'
                     for i, (name, _) in enumerate(chart.series))
    return (f'<figure><figcaption>{e(neutral(chart.title))}</figcaption>{"".join(parts)}'
            f'<div class="legend">{legend}</div></figure>')


#: the SVG board: a hex's radius (a square's half side) and the margin around the map
HEX = 30
MARGIN = 6


def _cell_centre(board: Board, cell: Cell) -> tuple[float, float]:
    q, r = cell.pos
    if board.layout == "hex":  # pointy-top, axial: rows offset by half a hex
        return HEX * math.sqrt(3) * (q + r / 2), HEX * 1.5 * (-r if board.rows_up else r)
    return 2 * HEX * q, 2 * HEX * (-r if board.rows_up else r)


def _cell_outline(board: Board, x: float, y: float) -> list[tuple[float, float]]:
    if board.layout == "hex":
        return [(x + HEX * math.cos(math.radians(30 + 60 * k)),
                 y + HEX * math.sin(math.radians(30 + 60 * k))) for k in range(6)]
    return [(x - HEX, y - HEX), (x + HEX, y - HEX), (x + HEX, y + HEX), (x - HEX, y + HEX)]


def svg_board(board: Board) -> str:
    """An inline SVG of the board: one polygon per cell (tinted in its owner's colour), what stands
    there in the middle, its label above, its markers below (each named in a tooltip)."""
    e = html.escape
    if not board.cells:
        return f"<figure><figcaption>{e(board.title)}</figcaption></figure>"
    centres = [(_cell_centre(board, c), c) for c in board.cells]
    outlines = [_cell_outline(board, x, y) for (x, y), _ in centres]
    xs = [px for outline in outlines for px, _ in outline]
    ys = [py for outline in outlines for _, py in outline]
    left, top = min(xs) - MARGIN, min(ys) - MARGIN
    width, height = max(xs) - left + MARGIN, max(ys) - top + MARGIN
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{width:.0f}" '
             f'height="{height:.0f}" viewBox="0 0 {width:.1f} {height:.1f}" '
             f'aria-label="{e(board.title)}" font-family="monospace">']
    for ((x, y), cell), outline in zip(centres, outlines):
        x, y = x - left, y - top
        points = " ".join(f"{px - left:.1f},{py - top:.1f}" for px, py in outline)
        owner = _color(cell.color, "") if cell.color else ""
        fill = f'fill="{owner}" fill-opacity="0.25"' if owner else 'fill="#f3ede4"'
        tip = " ".join(p for p in (cell.name, cell.label, cell.text, *(m.name for m in cell.markers)) if p)
        parts.append(f'<g><title>{e(tip or str(cell.pos))}</title>'
                     f'<polygon points="{points}" {fill} stroke="#555" stroke-width="1"/>')
        if cell.label:
            parts.append(f'<text x="{x:.1f}" y="{y - HEX * 0.45:.1f}" text-anchor="middle" '
                         f'font-size="10" fill="#555">{e(cell.label)}</text>')
        parts.append(f'<text x="{x:.1f}" y="{y + 5:.1f}" text-anchor="middle" font-size="15" '
                     f'font-weight="bold" fill="{_color(cell.color, "#222")}">'
                     f'{e(cell.text or EMPTY)}</text>')
        for k, marker in enumerate(cell.markers):
            mx = x + (k - (len(cell.markers) - 1) / 2) * 12
            parts.append(f'<text x="{mx:.1f}" y="{y + HEX * 0.62:.1f}" text-anchor="middle" '
                         f'font-size="11" fill="{_color(marker.color, "#555")}">'
                         f'<title>{e(marker.name or marker.symbol)}</title>{e(marker.symbol)}</text>')
        parts.append("</g>")
    parts.append("</svg>")
    caption = f"<figcaption>{e(board.title)}</figcaption>" if board.title else ""
    return f"<figure>{caption}{''.join(parts)}</figure>"


def to_html(report: Report, title: str, lang: str = "en") -> str:
    return html_page(html_blocks(report), title, lang)


def html_page(body: list[str], title: str, lang: str = "en", css: str = "") -> str:
    """One self-contained HTML document: the style inline, no script, font or link."""
    e = html.escape
    return (f'<!DOCTYPE html>\n<html lang="{e(lang)}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{e(neutral(title))}</title>\n<style>{CSS}{css}</style>\n</head>\n<body>\n"
            + "\n".join(body) + "\n</body>\n</html>\n")


def html_blocks(report: Report) -> list[str]:
    """Each block of ``report`` as HTML."""
    def e(text: str) -> str:
        return html.escape(neutral(text))

    body: list[str] = []
    for block in report:
        if isinstance(block, Heading):
            level = min(max(block.level, 1), 6)
            body.append(f"<h{level}>{e(block.text)}</h{level}>")
        elif isinstance(block, Line):
            cls = f' class="{block.style}"' if block.style else ""
            body.append(f"<p{cls}>{e(block.text)}</p>")
        elif isinstance(block, Table):
            rows = []
            head = "".join(f"<th>{e(c)}</th>" for c in block.columns)
            for r, row in enumerate(block.rows):
                style = block.row_styles[r] if r < len(block.row_styles) else ""
                colour = f' style="color:{_color(style)}"' if style else ""
                cells = "".join(
                    f'<td{" class=num" if i < len(block.align) and block.align[i] == "right" else ""}>'
                    f"{e(c)}</td>" for i, c in enumerate(row))
                rows.append(f"<tr{colour}>{cells}</tr>")
            caption = f"<caption>{e(block.title)}</caption>" if block.title else ""
            body.append(f"<table>{caption}<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")
        elif isinstance(block, Chart):
            body.append(_svg_chart(block))
        elif isinstance(block, LineChart):
            body.append(svg_lines(block))
        elif isinstance(block, Board):
            body.append(svg_board(block))
    return body


# --------------------------------------------------------------------------------------------
# CSV


#: what a spreadsheet reads as the start of a formula (OWASP, "CSV Injection")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> object:
    """A cell as data: text that a spreadsheet would run as a formula (``=HYPERLINK(…)``,
    ``+1``, ``@SUM``) gets a leading ``'``, as OWASP advises; numbers stay numbers."""
    if value is None:
        return ""
    if not isinstance(value, str):
        return value
    value = neutral(value)
    return "'" + value if value.startswith(_FORMULA_START) else value


def to_csv(header: list[str], rows: list[list[object]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow([csv_cell(v) for v in header])
    for row in rows:
        writer.writerow([csv_cell(v) for v in row])
    return buffer.getvalue()
