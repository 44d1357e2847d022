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
                out += notices(game, state, t, colors)
            game.apply(state, game.random_action(state, rng))
            entry += 1
        out.append(game.summary(state, t, "g"))
    return out


def notices(game, state, t, colors) -> list[list]:
    """The reports of the notices ``game``'s dialog shows before its first question."""
    from referee.core import dialog as dialogs

    out = []
    dialog = game.dialog(state, t, colors, hints=True)
    q = next(dialog)
    while not isinstance(q, (dialogs.Select, dialogs.Text, dialogs.Confirm)):
        if isinstance(q, dialogs.Notice):
            out.append(q.report)
        q = dialog.send(None)
    dialog.close()
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


# -- issue 27: the game's last answer draws its end summary: the same drawing, less work for Rich

def before(report, console: Console, compact: bool = False) -> None:
    """``render`` as it drew before issue 27's last answer (the reference every drawing below is
    compared with): a print a line, and every table given to Rich a row of Rich's a row of the
    report's, laid out on a probe to see whether it fits (``reference``)."""
    from referee.core.report import Board, Heading, Line, kept_together

    for block in report:
        if isinstance(block, Heading):
            if block.level == 1:
                console.rule(drawing._text(block.text, "bold"))
            else:
                console.print()
                console.print(drawing._text(block.text, "bold underline"))
        elif isinstance(block, Line):
            style = (drawing.STYLES[block.style] if block.style in drawing.STYLES
                     else drawing._style(block.style) or "")
            console.print(drawing._text(kept_together(block.text, console.width), style))
        elif isinstance(block, Table):
            reference(block, console, compact)
        elif isinstance(block, Board):
            console.print(drawing.board_text(block), no_wrap=True, overflow="ignore", crop=False)


#: player names that make tables hard: Polish letters, wide (CJK) characters, a combining
#: accent, a long word, an emoji
NAMES = [["Ola", "Bartek", "Ewa", "Kuba", "Lena"],
         ["Zażółć Gęślą", "李小龍", "Zoe\u0301", "Konstantynopolitańczykowianeczka", "🦊 Lis"]]


def game_reports(name: str, seed: int, every: int) -> list[list]:
    """What a random game of ``name`` draws (its language: Polish for an odd seed): the news of
    every ``every``-th entry and of the last one, the notices before a question and the summary
    at a few moments, and the end summary."""

    game = registry.get(name)
    rng = random.Random(seed)
    players = NAMES[seed % 2 == 0 and seed % 4 == 2][:rng.choice(sorted(game.player_counts))]
    colors = dict(zip(players, ["red", "green", "magenta", "yellow", "cyan"]))
    t = catalog("pl" if seed % 2 else "en")
    state, _ = game.parse_record(game.new_record(players, {})).replay()
    out, entry = [], 0
    while not game.is_over(state):
        if entry % (every * 5) == 0:
            out += notices(game, state, t, colors)
            out.append(game.summary(state, t, "g"))
        marker = game.news_marker(state)
        game.apply(state, game.random_action(state, rng))
        news = game.news(t, marker, state)
        if news and (entry % every == 0 or game.is_over(state)):
            out.append(news)
        entry += 1
    out.append(game.summary(state, t, "g"))
    return out


def edge_tables() -> list[Table]:
    """Tables at the edges of drawing one as a single row of many lines: empty cells first and
    last, wide and combining characters, trailing spaces, a cell of two lines or with tabs (drawn
    wider than Rich measures it: at 20 columns transposed), a short row and a long one, colours, and a table
    exactly as wide as 40 columns and one wider."""
    return [
        Table("Empty", ["A", "B"], [["", "1"], ["x", ""], ["", ""]], align=["left", "right"]),
        Table("Spaces", [" A", "B "], [[" a", "  "], ["   ", " 1 "], ["🦊 Lis", "1"]],
              align=["left", "right"], transposable=True),
        Table("", ["Wide", "n"], [["李小龍", "12"], ["Zoe\u0301", "3"], ["ab  ", "4"]],
              align=["left", "right"], transposable=True),
        Table("Lines", ["A", "B"], [["one\ntwo", "1"], ["tab\there", "2"]]),
        Table("Tabs", ["A", "B"], [["x\ty" * 4, "1"], ["z", "22"]], transposable=True),
        Table("Head\nline", ["A\tb", "B"], [["x", "1"]], transposable=True),
        Table("Short", ["A", "B", "C"], [["1", "2"], ["1", "2", "3"]]),
        Table("Long", ["A"], [["1", "x" * 30], ["2", "y"]], transposable=True),
        Table("Colours", ["A", "B"], [["1", "2"], ["3", "4"]], row_styles=["red", "not-a-colour"]),
        Table("No colour", ["A", "B"], [["1", "2"], ["3", "4"]], row_styles=["", "not-a-colour"]),
        Table("No rows", ["A", "B"]),
        Table("Exactly 40 columns wide, with its title longer than the table",
              ["Name", "Value"], [["alpha beta gamma delta epsi z", "1234"], ["y", "5"]],
              align=["left", "right"]),  # (framed; compact: 38)
        Table("Transposable", ["Name", "Value"], [["alpha beta gamma delta epsi z", "1234"],
                                                  ["y", "5"]], transposable=True),
        Table("Compact 40", ["Name", "Value"], [["alpha beta gamma delta epsil z", "1234"],
                                                ["y", "5"]], transposable=True),
    ]


def drawings(report, widths, colour: bool) -> None:
    for width in widths:
        for compact in (False, True):
            drawn, expected = io.StringIO(), io.StringIO()
            for out, draw in ((drawn, drawing.render), (expected, before)):
                draw(report, Console(file=out, width=width, height=24, force_terminal=colour,
                                     color_system="truecolor" if colour else None, highlight=False,
                                     markup=False, emoji=False), compact)
            assert drawn.getvalue() == expected.getvalue(), (width, compact, report[:2])


def test_issue27_edge_tables_are_drawn_as_before():
    for block in edge_tables():
        for colour in (False, True):
            drawings([block], (20, 37, 38, 39, 40, 41, 80), colour)


@pytest.mark.parametrize("name", sorted(registry.names()))
def test_issue27_every_game_draws_its_news_and_summaries_as_before(name):
    """Issue 27: a run of lines printed at once, a table whose cells all fit given to Rich as one
    row of many lines and not laid out to see whether it fits: byte for byte the drawing of
    before (colours too), of a random game in English and one in Polish (odd names in one)."""
    for seed in (1, 2):
        for i, report in enumerate(game_reports(name, seed, every=20)):
            drawings(report, (80, 60, 40) if i % 2 else (80,), colour=i % 3 == 0)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(registry.names()))
def test_issue27_every_game_draws_its_news_and_summaries_as_before_many_games(name):
    """The same over 6 more random games of each game, every fourth entry's news, at four
    widths."""
    for seed in range(3, 9):
        for i, report in enumerate(game_reports(name, seed, every=4)):
            drawings(report, (80, 60, 40, 132), colour=i % 2 == 0)


def test_issue27_the_end_score_table_is_one_row_of_rich_and_lines_one_print(monkeypatch):
    """Issue 27: Na Grunwald!'s final score (transposed at 80 columns) reaches Rich as one row of
    nine lines, not nine rows (a cell a column laid out instead of a cell a row); the lines
    around it are printed at once, not one a print."""
    from referee.games.grunwald.engine import final_scores
    from referee.games.grunwald.scores import score_blocks

    game = registry.get("na-grunwald")
    state, _ = game.parse_record(game.new_record(["Ola", "Bartek", "Ewa", "Kuba"], {})).replay()
    rng = random.Random(3)
    while not game.is_over(state):
        game.apply(state, game.random_action(state, rng))
    report = score_blocks(catalog("en"), final_scores(state), list(state.names))
    tables_drawn, printed = [], []
    original = RichTable.__rich_console__

    def counted(self, console, options):
        tables_drawn.append(len(self.rows))
        return original(self, console, options)

    monkeypatch.setattr(RichTable, "__rich_console__", counted)
    console = Console(file=io.StringIO(), width=80, color_system=None)
    printing = console.print
    monkeypatch.setattr(console, "print", lambda *a, **k: (printed.append(a), printing(*a, **k)))
    drawing.render(report, console)
    assert tables_drawn == [1]
    assert len(printed) == 2  # the table, then the titles and the winner
