"""The ``Board`` report block: a text picture (terminal, Markdown) and an SVG (HTML) of a square or
pointy-top hex board, game-agnostic."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from rich.console import Console

from referee.cli.render import render
from referee.core.export import svg_board, to_html, to_markdown
from referee.core.report import Board, Cell, Heading, Marker


def small_hex() -> Board:
    """A hexagon of radius 1 around (1, 1), axial coordinates."""
    cells = [Cell((q, r)) for r in range(3) for q in range(3) if 1 <= q + r <= 3]
    at = {c.pos: c for c in cells}
    at[(1, 1)].text, at[(1, 1)].color = "K2", "red"
    at[(2, 0)].label = "a"
    at[(0, 2)].markers = [Marker("*", name="location")]
    at[(2, 1)].markers = [Marker("R", "blue", "control marker")]
    return Board("Map", cells, layout="hex")


def test_a_hex_board_is_drawn_with_rows_offset_by_half_a_cell():
    assert small_hex().text() == "\n".join([
        "      [ · ]  a[ · ]",
        "  [ · ]   [K2 ]   [ · ]R",
        "      [ · ]*  [ · ]",
    ])


def test_a_hex_board_can_grow_upwards():
    board = small_hex()
    board.rows_up = True
    assert board.text().splitlines()[0] == "      [ · ]*  [ · ]"


def test_a_square_board_is_a_grid():
    cells = [Cell((c, r), text="XO"[(c + r) % 2] if c != r else "", label=str(3 * r + c + 1))
             for r in range(3) for c in range(3)]
    assert Board("", cells).text() == "\n".join([
        " 1[ · ]  2[ O ]  3[ X ]",
        " 4[ O ]  5[ · ]  6[ O ]",
        " 7[ X ]  8[ O ]  9[ · ]",
    ])


def test_the_terminal_shows_the_same_picture_in_the_cells_colours():
    console = Console(record=True, width=100, force_terminal=True, color_system="truecolor")
    render([small_hex()], console)
    assert console.export_text(clear=False) == "Map\n" + small_hex().text() + "\n"
    styled = console.export_text(styles=True)
    assert "\x1b[1;31m[K2 ]" in styled  # the owner's colour, bold


def test_a_war_chest_sized_map_fits_a_100_column_terminal():
    """47 hexes, 0 ≤ q, r ≤ 6 except two corners (WC-C3), every cell full."""
    cells = [Cell((q, r), text="Ar3", label="zz", markers=[Marker("R")])
             for q in range(7) for r in range(7) if (q, r) not in ((0, 0), (6, 6))]
    lines = Board("", cells, layout="hex", rows_up=True).text().splitlines()
    assert len(lines) == 7 and max(len(line) for line in lines) <= 100


def test_markdown_holds_the_picture_in_a_code_block_no_backtick_can_close():
    board = small_hex()
    board.cells[0].text = "```"
    md = to_markdown([Heading("x"), board])
    assert "*Map*" in md and "````text\n" in md and "\n````\n" in md.replace("````text", "")


def test_the_svg_is_well_formed_and_escapes_hostile_text():
    board = small_hex()
    board.title = '<script>alert("x")</script>'
    board.cells[0].text, board.cells[0].label = "<&>", '"/>'
    board.cells[1].color = 'red" onload="alert(1)'
    board.cells[2].markers = [Marker("<", "javascript:x", "</title><script>")]
    svg = svg_board(board)
    root = ET.fromstring(svg)  # well-formed XML
    polygons = root.findall(".//{http://www.w3.org/2000/svg}polygon")
    assert len(polygons) == len(board.cells)
    assert "<script" not in svg and "onload" not in svg and "javascript" not in svg
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "<&>" in texts and '"/>' in texts  # shown as text, never as markup
    page = to_html([board], "t")
    assert svg in page and "<script>" not in page


def test_a_square_svg_has_a_square_per_cell():
    cells = [Cell((c, r)) for r in range(2) for c in range(3)]
    root = ET.fromstring(svg_board(Board("grid", cells)))
    points = [p.get("points").split() for p in root.iter("{http://www.w3.org/2000/svg}polygon")]
    assert len(points) == 6 and all(len(p) == 4 for p in points)
