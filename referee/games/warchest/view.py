"""The play screen's picture of a War Chest game: the hex map (a ``Board`` block), the legend, the
players and the memory aid.  Pure: no I/O."""

from __future__ import annotations

from referee.core.report import Board, Cell, Line, Marker, Report
from referee.core.text import Catalog
from referee.games.warchest import engine
from referee.games.warchest.board import SIDES
from referee.games.warchest.names import by_name, code, codes_of, hex_text, side_name, unit_name
from referee.games.warchest.state import WarChestState


def side_colors(state: WarChestState, colors: dict[str, str] | None) -> dict[str, str]:
    """Each side's colour: its first player's."""
    colors = colors or {}
    out: dict[str, str] = {}
    for p in state.players:
        out.setdefault(p.side, colors.get(p.name, ""))
    return out


def grid(state: WarChestState, t: Catalog, colors: dict[str, str] | None = None,
         labels: dict | None = None, title: str | None = None) -> Board:
    """The hex map (pointy-top, axial ``[q, r]``, row 0 at the bottom as in the digest's sketch):
    each unit as its code and stack size in its owner's colour; each location's marker (the side's
    initial where it is controlled, ``*`` where neutral); ``labels``: hex -> the key a question
    offers for it."""
    colors = colors or {}
    labels = labels or {}
    sides = side_colors(state, colors)
    cells = []
    for h in sorted(state.board.hexes):
        s = state.stacks.get(h)
        text, color = "", ""
        if s is not None:
            owner = state.players[s.player]
            text = f"{code(t, s.unit)}{s.coins if s.coins < 10 else '+'}"
            color = colors.get(owner.name, "")
        markers = []
        if h in state.board.locations:
            side = state.control.get(h)
            if side is None:
                markers.append(Marker("*", "", t("warchest.board.location")))
            else:
                markers.append(Marker(t(f"warchest.board.mark_{side}"), sides.get(side, ""),
                                      t("warchest.board.controlled", side=side_name(t, side))))
        cells.append(Cell(h, text, color, labels.get(h, ""), markers, name=hex_text(h)))
    return Board(title if title is not None else board_title(state, t), cells, "hex", rows_up=True,
                 edges=WIDTH)


def board_title(state: WarChestState, t: Catalog) -> str:
    markers = ", ".join(f"{side_name(t, s)} {state.markers[s]}" for s in SIDES)
    if state.round == 0:
        return t("warchest.board.title_setup", markers=markers)
    holder = state.players[state.initiative].name if state.initiative is not None else "–"
    return t("warchest.board.title", round=state.round, holder=holder, markers=markers)


#: the play screen's width: everything it prints fits 80 columns (a terminal's smallest usual)
WIDTH = 78


def packed(items: list[str], width: int = WIDTH, sep: str = " · ", indent: str = "") -> list[str]:
    """``items`` joined by ``sep`` into lines of at most ``width`` characters (an item longer
    than that stands alone), so the terminal never wraps a line in the middle of an item."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + len(sep) + len(item) <= width:
            lines[-1] += sep + item
        else:
            lines.append((indent if lines else "") + item)
    return lines


def legend(state: WarChestState, t: Catalog) -> list[Line]:
    """The codes of the game's units (alphabetically), then the markers, packed into lines that
    fit 80 columns (two lines with two players)."""
    units = by_name(t, {u for p in state.players for u in p.units})
    items = [f"{code(t, u)} {unit_name(t, u)}" for u in units]
    items += [f"{t(f'warchest.board.mark_{s}')} {side_name(t, s)}" for s in SIDES]
    items.append("* " + t("warchest.board.neutral"))
    return [Line(text, "muted") for text in packed(items)]


def players_line(state: WarChestState, t: Catalog) -> list[Line]:
    """One line per player: side, units, the coin counts (the title names the initiative holder)."""
    return [Line(t("warchest.board.player", player=p.name, side=side_name(t, p.side),
                   units=" ".join(code(t, u) for u in by_name(t, p.units)) or "–",
                   hand=p.hand_n, bag=p.bag_n, down=p.down_n, up=sum(p.faceup.values())))
            for p in state.players]


def memory_aid(state: WarChestState, t: Catalog) -> list[Line]:
    """WC-V4: per player, what the public information tells (``play --hints``), in coin codes,
    under the board: a title line, then one line per player (two when it would not fit)."""
    out = [Line(t("warchest.hint.title"), "aid")]  # (folded when a question needs the room)
    for p in state.players:
        aid = engine.memory_aid(state, p.name)
        items = [p.name, t("warchest.hint.supply", coins=codes_of(t, p.supply)),
                 t("warchest.hint.faceup", coins=codes_of(t, p.faceup)),
                 t("warchest.hint.removed", coins=codes_of(t, p.removed)),
                 # never the exact bag: that would tell the hand
                 t("warchest.hint.hidden", coins=codes_of(t, aid["hidden"])),
                 *next_draw_text(t, aid["counts"])]
        out += [Line(text, "aid") for text in packed(items, indent="  ")]
    return out


def next_draw_text(t: Catalog, counts: dict) -> list[str]:
    """WC-T2, WC-T3 in words, short enough to share a line: the next draw takes 3 of the bag's
    coins; or the bag's last ones, then the discard goes back into the bag for the rest; or, the
    bag empty, the discard goes back in first; and how many can be drawn when fewer than 3."""
    bag = counts["bag"]
    down = counts["discard_facedown"] + counts["discard_faceup"]
    if bag + down == 0:
        return [t("warchest.hint.next_none")]
    if bag >= 3:
        return [t("warchest.hint.next", bag=bag)]
    out = [t("warchest.hint.next_last", bag=bag, down=down) if bag else t("warchest.hint.next_empty", down=down)]
    if bag + down < 3:
        out.append(t("warchest.hint.next_short", n=bag + down))
    return out


def board(state: WarChestState, t: Catalog, colors: dict[str, str] | None = None,
          labels: dict | None = None, hints: bool = False) -> Report:
    """The play screen's picture: the map, the legend, the players; with ``hints`` the memory aid
    after them (so the map stays on screen)."""
    out: Report = [grid(state, t, colors, labels), *legend(state, t), *players_line(state, t)]
    if hints and state.round:
        out += memory_aid(state, t)
    return out
