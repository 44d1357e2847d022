"""A tiny, renderer-neutral document model for summaries.

Games build reports from their state (pure data, text already in the table's language); the CLI
renders them with Rich, and exporters can render the same blocks as Markdown, HTML or CSV.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

#: what stands for a character that must not reach a terminal or a document as it is
REPLACEMENT = "\ufffd"


def neutral(text: str) -> str:
    """``text`` with every control or format character (escape sequences, NUL, the bidi
    overrides such as U+202E) replaced by U+FFFD: data a record brings (an event card, the place,
    the notes) never drives the terminal or reorders the text around it.  Newlines and tabs stay."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch in "\n\t" else REPLACEMENT for ch in text)


@dataclass
class Heading:
    text: str
    level: int = 1


@dataclass
class Line:
    text: str
    style: str = ""  # a semantic hint: "", "muted", "good", "bad", "strong", "aid" (memory aid)


@dataclass
class Table:
    title: str
    columns: list[str]
    rows: list[list[str]] = field(default_factory=list)
    #: per column: "left" or "right"
    align: list[str] = field(default_factory=list)
    #: per row: a colour name (a player's colour) or ""
    row_styles: list[str] = field(default_factory=list)
    #: may be shown with rows and columns swapped where it would not fit (a narrow terminal)
    transposable: bool = False

    def transposed(self) -> Table:
        columns = [self.columns[0]] + [row[0] for row in self.rows]
        rows = [[self.columns[i]] + [row[i] for row in self.rows] for i in range(1, len(self.columns))]
        return Table(self.title, columns, rows, ["left"] + ["right"] * len(self.rows))


@dataclass
class Chart:
    """Stacked bars: one bar per series (a player), one segment per category (a score part)."""

    title: str
    categories: list[str]
    series: list[tuple[str, list[int]]] = field(default_factory=list)
    #: per series: a colour name (a player's colour) or ""
    colors: list[str] = field(default_factory=list)
    #: per category: a colour name (a player's colour) or "" (a segment's fill, else the palette's)
    category_colors: list[str] = field(default_factory=list)
    #: Markdown: the figures as a table (a row per series); ``False`` where the report has them in a
    #: table of its own
    table: bool = False


@dataclass
class LineChart:
    """A line per series (a player) over ``steps`` (rounds or turns): the value after each step.
    Markdown shows the figures as a table (a row per series; a row per step when there are many
    steps), HTML as an SVG line chart.  ``table``: ``False`` where the report carries the figures
    in a table of its own (Markdown then shows nothing of the chart)."""

    title: str
    #: what a step is, in words (the axis's and the table's first column's name: "Round")
    axis: str
    #: each step's label along the axis ("1" … "8")
    steps: list[str]
    series: list[tuple[str, list[int]]] = field(default_factory=list)
    #: per series: a colour name (a player's colour) or ""
    colors: list[str] = field(default_factory=list)
    table: bool = True


@dataclass
class Marker:
    """Something lying on a cell besides what stands there: a control marker, a location …"""

    symbol: str  # one character in the text picture (e.g. ``*`` a location)
    color: str = ""  # a player's colour, or ""
    name: str = ""  # what it is, in words (the SVG's tooltip)


@dataclass
class Cell:
    """One square or hex of a board."""

    #: ``square``: (column, row); ``hex``: axial (q, r) of a pointy-top map
    pos: tuple[int, int]
    text: str = ""  # at most 3 characters: what stands there (a unit's code and stack size)
    color: str = ""  # the owner's colour (a player's colour), or ""
    label: str = ""  # at most 2 characters: the key a question offers for this cell
    markers: list[Marker] = field(default_factory=list)
    name: str = ""  # the cell's name in the game's notation (the SVG's tooltip; "": its pos)


#: the text picture: each cell is ``LABEL[TXT]M`` — its label (2, right-aligned), what stands
#: there (3, centred; ``·`` when empty), its first marker (1)
CELL_WIDTH = 8
EMPTY = "·"


@dataclass
class Board:
    """A board as cells on a square grid or a pointy-top hex map (rows offset by half a cell).
    ``rows_up``: row 0 is drawn at the bottom (a map whose ``r`` grows upwards); ``edges`` (a
    width, 0: none): each row's first cell is named (``Cell.name``) before it, and its last cell
    after it where every line still fits that width, so a log's coordinates can be found on the
    map without more lines."""

    title: str
    cells: list[Cell] = field(default_factory=list)
    layout: str = "square"  # "square" or "hex"
    rows_up: bool = False
    edges: int = 0

    def lines(self) -> list[list[tuple[str, str, str]]]:
        """The text picture, line by line, as segments ``(text, colour, part)``; ``part`` is
        ``label``, ``cell`` or ``marker`` (or ``""`` for the space between cells)."""
        if not self.cells:
            return []
        half = CELL_WIDTH // 2
        if self.layout == "hex":
            x = {id(c): (2 * c.pos[0] + c.pos[1]) * half for c in self.cells}
        else:
            x = {id(c): c.pos[0] * CELL_WIDTH for c in self.cells}
        left = min(x.values())
        rows: dict[int, list[Cell]] = {}
        for c in self.cells:
            rows.setdefault(c.pos[1], []).append(c)
        margin = 1 + max((len(_clip(c.name or str(c.pos), 9)) for c in self.cells), default=0) \
            if self.edges else 0
        out = []
        for r in sorted(rows, reverse=self.rows_up):
            line: list[tuple[str, str, str]] = []
            at = 0
            row = sorted(rows[r], key=lambda c: x[id(c)])
            if self.edges:  # the first cell's name, right before it
                name = _clip(row[0].name or str(row[0].pos), 9)
                at = x[id(row[0])] - left + margin
                line.append((" " * (at - len(name) - 1), "", ""))
                line.append((name + " ", "", "edge"))
            for c in row:
                start = x[id(c)] - left + margin
                if start < at:  # two cells in one place: the later one is left out
                    continue
                if start > at:
                    line.append((" " * (start - at), "", ""))
                mark = c.markers[0] if c.markers else None
                line += [(f"{_clip(c.label, 2):>2}", "", "label"),
                         (f"[{_clip(c.text, 3) or EMPTY:^3}]", c.color, "cell"),
                         (_clip(mark.symbol, 1) if mark else " ", mark.color if mark else "", "marker")]
                at = start + CELL_WIDTH
            if self.edges and len(row) > 1:  # the last cell's name, right after it
                line.append((" " + _clip(row[-1].name or str(row[-1].pos), 9), "", "edge"))
            while line and not line[-1][0].strip():  # no trailing spaces
                line.pop()
            out.append(line)
        if self.edges and max(sum(len(p) for p, _, _ in line) for line in out) > self.edges:
            for line in out:  # too wide: the first cells' names only
                if line and line[-1][2] == "edge" and len(line) > 2:
                    line.pop()
                while line and not line[-1][0].strip():
                    line.pop()
        return out

    def text(self) -> str:
        """The plain text picture (what the terminal shows, without colours)."""
        return "\n".join("".join(part for part, _, _ in line) for line in self.lines())


def _clip(text: str, width: int) -> str:
    """At most ``width`` printable characters (a cell's text is data: no control characters)."""
    return "".join(ch if ch.isprintable() else "?" for ch in text)[:width]


Block = Heading | Line | Table | Chart | LineChart | Board
Report = list[Block]


#: a space between a word and the number after it — a card's name and its value ("mercenary 5",
#: "koronny 5"), a unit and its strength: a line is never broken there (issue 22 trial)
_KEPT_TOGETHER = re.compile(r"(?<=[^\W\d_]) (?=\d)")
_GLUE = "\ue000"  # (a private-use character stands for that space while the text is wrapped)


def wrap_words(text: str, width: int, **options: object) -> list[str]:
    """``textwrap.wrap(text, width, **options)``, a name and its value kept on one line."""
    import textwrap

    glued = _KEPT_TOGETHER.sub(_GLUE, text)
    return [line.replace(_GLUE, " ") for line in textwrap.wrap(glued, width, **options)]  # type: ignore[arg-type]


def kept_together(text: str, width: int) -> str:
    """``text`` broken between words to fit ``width`` (each of its lines), a name and its value
    kept on one line; a text that fits, or has no such pair to keep, is given back as it is."""
    if ("\n" not in text and len(text) <= width) or not _KEPT_TOGETHER.search(text):
        return text
    return "\n".join("\n".join(wrap_words(line, width) or [line]) if len(line) > width else line
                     for line in text.split("\n"))
