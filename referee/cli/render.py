"""Rich rendering of a renderer-neutral report (``referee.core.report``)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, cast

from rich import box
from rich.cells import cell_len
from rich.console import Console, JustifyMethod
from rich.segment import Segment, Segments
from rich.table import Table as RichTable
from rich.text import Text

from referee.core.report import Board, Heading, Line, Report, Table, kept_together, neutral

STYLES = {"": "", "muted": "dim", "good": "green", "bad": "red", "strong": "bold",
          "aid": "dim"}  # (a memory aid's line: folded away when it leaves a question no room)


class PlainConsole(Console):
    """A console that draws every string as it is: what players typed (names, notes, file names)
    is never read as Rich markup (``[/]``, ``[link=…]``) or emoji codes, and control characters
    (escape sequences, U+202E) never reach the terminal."""

    def __init__(self) -> None:
        super().__init__(highlight=False, markup=False, emoji=False)

    def print(self, *objects: Any, **kwargs: Any) -> None:
        super().print(*(neutral(o) if isinstance(o, str) else o for o in objects), **kwargs)

    def on_broken_pipe(self) -> None:
        """The reader closed our output (``| head -1``): the command ends quietly with exit 0
        (``referee.cli.app.main``), not with Rich's exit 1."""
        self.quiet = True
        raise BrokenPipeError(32, "the output was closed")


def plain_console() -> Console:
    return PlainConsole()


def _text(text: str, style: str = "") -> Text:
    return Text(neutral(text), style=style)


def render(report: Report, console: Console, compact: bool = False) -> None:
    """Draw ``report``.  ``compact``: the play screen's way (issue 22: every question fits 80×24),
    tables without their outer frame (two rows and four columns fewer)."""
    # a run of lines (and headings under a space) is printed at once (issue 27: Rich wraps each
    # line on its own, so the same drawing; a print each cost as much as a table's cell)
    lines: list[Text] = []
    for block in report:
        if isinstance(block, Line):
            # a semantic style, else a colour (a player's line on a board)
            style = STYLES[block.style] if block.style in STYLES else _style(block.style) or ""
            # (broken between words by us where a name and its value would be parted: issue 22)
            lines.append(_text(kept_together(block.text, console.width), style))
            continue
        if isinstance(block, Heading) and block.level != 1:
            lines += [Text(), _text(block.text, "bold underline")]
            continue
        if lines:
            console.print(*lines, sep="\n")
            lines.clear()
        if isinstance(block, Heading):
            console.rule(_text(block.text, "bold"))
        elif isinstance(block, Table):
            if block.transposable and _width(block) > console.width:  # (too wide: transposed)
                table = _laid_out(block.transposed(), compact, console.width)[0]
            else:
                table, fits = _laid_out(block, compact, console.width)
                if block.transposable and not fits:  # (a table whose cells all fit is as wide
                    # as they make it; else laid out once, issue 27: not once to see whether it
                    # fits and again to draw it)
                    drawn = _fitting(table, console)
                    if drawn is not None:
                        console.print(drawn)
                        continue
                    table = _laid_out(block.transposed(), compact, console.width)[0]
            console.print(table)
        elif isinstance(block, Board):
            console.print(board_text(block), no_wrap=True, overflow="ignore", crop=False)
    if lines:
        console.print(*lines, sep="\n")


def _rich_table(block: Table, compact: bool = False) -> RichTable:
    """``block`` as a Rich table, a row of Rich's a row of ``block``'s."""
    return _laid_out(block, compact)[0]


def _laid_out(block: Table, compact: bool = False, room: int | None = None) -> tuple[RichTable, bool]:
    """``block`` as a Rich table, and whether it fits ``room`` columns with no cell wrapped.
    Where it does and no row has a colour, Rich is given one row whose cells hold every row's
    line (issue 27: the same drawing, a cell a column laid out, measured and wrapped instead of a
    cell a row: the end-of-game score table was most of the game's last answer)."""
    frame: dict[str, Any] = {"box": box.SIMPLE_HEAD, "show_edge": False} if compact else {}
    table = RichTable(title=_text(block.title) if block.title else None, title_justify="left", show_lines=False,
                      **frame)
    widest = []  # each column's widest cell, header or row (its width where none is wrapped)
    for i, col in enumerate(block.columns):
        justify = block.align[i] if i < len(block.align) else "left"
        # no word is ever broken (a Polish name or header cut in two is unreadable):
        # a column is at least as wide as its longest word, header or cell
        texts = (col, *(row[i] for row in block.rows if i < len(row)))
        longest_word = max((len(w) for text in texts for w in text.split()), default=1)
        widest.append(max(longest_word, *(cell_len(neutral(text)) for text in texts)))
        table.add_column(_text(col), justify=cast(JustifyMethod, justify),  # (report.Table.align's words)
                         min_width=longest_word, overflow="fold")
    # the table's width when no cell is wrapped: the columns, their padding (2 each), the lines
    # between them and, framed, the two edges (known only where each cell is one line, no tab
    # widens it as it is drawn, and no row adds a column of its own)
    fits = (room is not None and sum(widest) + 3 * len(widest) + (-1 if compact else 1) <= room
            and not any("\n" in text or "\t" in text
                        for text in (*block.columns, *(cell for row in block.rows for cell in row)))
            and all(len(row) <= len(block.columns) for row in block.rows))
    if fits and _stackable(block):
        # the widths Rich would measure, and nothing to wrap: given, not measured (issue 27)
        for column, width in zip(table.columns, widest):
            column.width, column.no_wrap = width, True
        table.add_row(*(_text("\n".join(row[i] for row in block.rows)) for i in range(len(block.columns))))
        return table, fits
    for i, row in enumerate(block.rows):
        style = block.row_styles[i] if i < len(block.row_styles) else ""
        table.add_row(*(_text(cell) for cell in row), style=_style(style))
    return table, fits


def _stackable(block: Table) -> bool:
    """Whether ``block``'s rows may be drawn as one row of many lines (in a width where no cell is
    wrapped, each cell one line): every row full, no row with a colour of its own (Rich colours
    a row's whole width, its padding too)."""
    width = len(block.columns)
    return (bool(block.rows) and all(len(row) == width for row in block.rows)
            and not any(_style(s) for s in block.row_styles))


def _fitting(table: RichTable, console: Console) -> Segments | None:
    """The table as ``console`` draws it, if it is no wider than the terminal (``None``: Rich
    would draw it wider, and cut it)."""
    segments = list(console.render(table, console.options))
    widest = max(map(Segment.get_line_length, Segment.split_lines(segments)), default=0)
    return Segments(segments) if widest <= console.width else None


def board_text(board: Board) -> Text:
    """The board's text picture (monospace; hex rows offset by half a cell), each cell in its
    owner's colour and each marker in its own; the title above it."""
    out = Text()
    if board.title:
        out.append(neutral(board.title) + "\n", style="bold")
    for i, line in enumerate(board.lines()):
        if i:
            out.append("\n")
        for part, colour, kind in line:
            style = _style(colour) or ""
            if kind == "cell" and part.strip("[] ·"):
                style = f"bold {style}".strip()
            elif kind == "label":
                style = "bold"
            out.append(neutral(part), style=style or None)
    return out


def _width(block: Table) -> int:
    """Roughly how wide the table would be: its widest cells plus borders and padding."""
    widths = []
    for i, col in enumerate(block.columns):
        cells = [len(row[i]) for row in block.rows if i < len(row)]
        widths.append(max([max((len(w) for w in col.split()), default=1), *cells]))
    return sum(widths) + 3 * len(widths) + 1


def _style(name: str) -> str | None:
    """A colour a record asked for, if it is one of the list (``referee.core.colors``) and Rich
    knows it: a record's colours are only a wish, and never a style (a link, ``conceal`` …)."""
    if not name or type(name) is not str:
        return None
    return _colour_style(name)


@lru_cache(maxsize=1024)  # (a board asks it for each of its cells: issue 27)
def _colour_style(name: str) -> str | None:
    from referee.core.colors import is_color

    if not is_color(name):
        return None
    from rich.errors import StyleSyntaxError
    from rich.style import Style

    try:
        Style.parse(name)
    except (StyleSyntaxError, ValueError):
        return None
    return name
