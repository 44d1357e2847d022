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
def tables() -> list[Table]:
    """The tables of every game's end-of-game summary (random games), and some made to be too
    wide in one way or another (a long word, many columns)."""
    out = []
    t = catalog("en")
    for name in sorted(registry.names()):
        game = registry.get(name)
        for seed in range(1):
            rng = random.Random(seed)
            players = ["Ola", "Bartek", "Ewa", "Kuba", "Lena"][:max(game.player_counts)]
            state, _ = game.parse_record(game.new_record(players, {})).replay()
            while not game.is_over(state):
                game.apply(state, game.random_action(state, rng))
            out += [b for b in game.summary(state, t, "g") if isinstance(b, Table)]
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
