"""Render a report (``referee.core.report``) as Markdown, standalone HTML or CSV.

Everything a player typed (names, event cards, notes) is data, never markup: each renderer escapes
it for its own format.
"""

from __future__ import annotations

import csv
import html
import io
import re

from referee.core.report import Chart, Heading, Line, Report, Table

# --------------------------------------------------------------------------------------------
# Markdown

_MD_INLINE = re.compile(r"([\\`*_\[\]|~])")
_MD_LINE_START = re.compile(r"^(\s*)([#>+-]|\d+[.)])")


def md_escape(text: str) -> str:
    """Escape what Markdown would read as markup; ``<``, ``>`` and ``&`` become entities."""
    text = html.escape(" ".join(text.split()), quote=False)
    text = _MD_INLINE.sub(r"\\\1", text)
    def mark(m: re.Match) -> str:
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
            if block.title:
                out.append(f"*{md_escape(block.title)}*\n")
            out.append("| " + " | ".join(md_escape(c) for c in block.columns) + " |")
            aligns = block.align or ["left"] * len(block.columns)
            out.append("|" + "|".join(" ---: " if a == "right" else " --- " for a in aligns) + "|")
            for row in block.rows:
                out.append("| " + " | ".join(md_escape(c) for c in row) + " |")
            out.append("")
        elif isinstance(block, Chart):
            continue  # the score table carries the same numbers
    return "\n".join(out).rstrip() + "\n"


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
                         f'fill="{SEGMENTS[k % len(SEGMENTS)]}"><title>{e(chart.categories[k])}: {v}'
                         f'</title></rect>')
            x += w
        parts.append(f'<text x="{x + 6:.1f}" y="{y + bar_h * 0.7:.1f}" font-size="14">{totals[i]}</text>')
    parts.append("</svg>")
    legend = "".join(f'<span><i style="background:{SEGMENTS[k % len(SEGMENTS)]}"></i>{e(c)}</span>'
                     for k, c in enumerate(chart.categories))
    return (f'<figure><figcaption>{e(chart.title)}</figcaption>{"".join(parts)}'
            f'<div class="legend">{legend}</div></figure>')


def to_html(report: Report, title: str, lang: str = "en") -> str:
    e = html.escape
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
    return (f'<!DOCTYPE html>\n<html lang="{e(lang)}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{e(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
            + "\n".join(body) + "\n</body>\n</html>\n")


# --------------------------------------------------------------------------------------------
# CSV


def to_csv(header: list[str], rows: list[list[object]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow(["" if v is None else v for v in row])
    return buffer.getvalue()
