"""A tiny, renderer-neutral document model for summaries.

Games build reports from their state (pure data, text already in the table's language); the CLI
renders them with Rich, and exporters can render the same blocks as Markdown, HTML or CSV.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Heading:
    text: str
    level: int = 1


@dataclass
class Line:
    text: str
    style: str = ""  # a semantic hint: "", "muted", "good", "bad", "strong"


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

    def transposed(self) -> "Table":
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


Block = Heading | Line | Table | Chart
Report = list[Block]
