"""How a report's table is drawn on the terminal (``referee.cli.render``)."""

from __future__ import annotations

import functools
import io
import random

import pytest
from rich.console import Console
from rich.table import Table as RichTable

from referee.cli import render as drawing
from referee.core import registry
from referee.core.report import Table
from referee.core.text import catalog


def reference(block: Table, console: Console, compact: bool) -> None:
    """A transposable table as it was drawn before issue 27: laid out on a probe console to see
    whether it fits, then drawn (transposed if it does not fit)."""
    from rich.cells import cell_len

    table = drawing._rich_table(block, compact)
    if block.transposable:
        probe_text = io.StringIO()
        probe = Console(file=probe_text, width=console.width, color_system=None, highlight=False)
        probe.print(table, crop=False)
        wide = max((cell_len(line) for line in probe_text.getvalue().splitlines()), default=0)
        if drawing._width(block) > console.width or wide > console.width:
            table = drawing._rich_table(block.transposed(), compact)
    console.print(table)


@functools.cache
def reports() -> list[list]:
    """What play draws above a question: each game's notices before its first question at a few
    moments of a random game (boards, news, the memory aid), and its end-of-game summary."""
    from referee.core import dialog as dialogs

    out = []
    t = catalog("en")
    for name in sorted(registry.names()):
        game = registry.get(name)
        rng = random.Random(1)
        players = ["Ola", "Bartek", "Ewa", "Kuba", "Lena"][:max(game.player_counts)]
        colors = dict(zip(players, ["red", "green", "magenta", "yellow", "cyan"]))
        state, _ = game.parse_record(game.new_record(players, {})).replay()
        entry = 0
        while not game.is_over(state):
            if entry % 30 == 0:
                dialog = game.dialog(state, t, colors, hints=True)
                q = next(dialog)
                while not isinstance(q, (dialogs.Select, dialogs.Text, dialogs.Confirm)):
                    if isinstance(q, dialogs.Notice):
                        out.append(q.report)
                    q = dialog.send(None)
                dialog.close()
            game.apply(state, game.random_action(state, rng))
            entry += 1
        out.append(game.summary(state, t, "g"))
    return out


def tables() -> list[Table]:
    """The tables play draws (every game's boards and end-of-game summaries, ``reports``), and
    some made to be too wide in one way or another (a long word, many columns)."""
    out = [b for report in reports() for b in report if isinstance(b, Table)]
    out.append(Table("Words", ["Player", "Score"], [["Konstantynopolitańczykowianeczka" * 2, "1"],
                                                    ["Ola", "22"]], transposable=True))
    out.append(Table("Many", ["Player", *(f"Column {i}" for i in range(9))],
                     [["Ola", *map(str, range(9))], ["Ewa", *map(str, range(9))]],
                     align=["left"] + ["right"] * 9, row_styles=["red", "blue"],
                     transposable=True))
    return out


@pytest.mark.parametrize("width", [80, 60, 40])
def test_a_transposable_table_is_drawn_as_before_laid_out_once(width, monkeypatch):
    """Issue 27: a transposable table that fits was laid out twice (on a probe, to see that it
    fits, then on the terminal); it is laid out once, and drawn exactly as before (colours, the
    compact frame, transposed where it does not fit)."""
    blocks = tables()
    assert any(b.transposable for b in blocks)
    laid_out = []
    original = RichTable.__rich_console__

    def counted(self, console, options):
        laid_out.append(self)
        return original(self, console, options)

    monkeypatch.setattr(RichTable, "__rich_console__", counted)
    for compact in (False, True):
        for block in blocks:
            drawn, before = io.StringIO(), io.StringIO()
            for out, draw in ((drawn, lambda c: drawing.render([block], c, compact)),
                              (before, lambda c: reference(block, c, compact))):
                draw(Console(file=out, width=width, force_terminal=True, color_system="truecolor",
                             highlight=False, markup=False, emoji=False))
            assert drawn.getvalue() == before.getvalue(), block.title
            laid_out.clear()
            drawing.render([block], Console(file=io.StringIO(), width=width))
            assert len(laid_out) == 1, block.title  # (one table: this one, or its transposition)


def test_play_draws_a_report_once_and_counts_its_rows_from_the_drawing(monkeypatch):
    """Issue 27: the prompter drew each report (a board, the news) and laid it out again on a
    probe to count its rows; it counts them from the drawing itself: the same output, the same
    count (``prompter.rows``), each table laid out once."""
    from referee.cli.prompter import Prompter, rows

    laid_out = []
    original = RichTable.__rich_console__

    def counted(self, console, options):
        laid_out.append(self)
        return original(self, console, options)

    monkeypatch.setattr(RichTable, "__rich_console__", counted)
    checked = 0
    for report in reports():
        for width in (80, 50):
            def terminal(out):
                return Console(file=out, width=width, force_terminal=True, color_system="truecolor",
                               highlight=False, markup=False, emoji=False)

            expected, shown = io.StringIO(), io.StringIO()
            drawing.render(report, terminal(expected), compact=True)
            count = rows(report, width)
            laid_out.clear()
            prompter = Prompter(terminal(shown), "en")
            prompter.show(report)
            assert shown.getvalue() == expected.getvalue()
            assert prompter.drawn == count
            assert len(laid_out) == sum(isinstance(b, Table) for b in report)
            checked += any(isinstance(b, Table) for b in report)
    assert checked
