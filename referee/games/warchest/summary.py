"""What the table reads of a War Chest game: the hex map (a ``Board`` block), the memory aid, each
entry in words, what the rules resolved after an entry, the summary and the exports.  Pure: no I/O.
"""

from __future__ import annotations

from typing import Any

from referee.core.report import Board, Cell, Chart, Heading, Line, Marker, Report, Table
from referee.core.text import Catalog
from referee.games.warchest import engine
from referee.games.warchest.actions import Deal, Done, Draw, FirstPicker, Flip, GuardCard, Pick, Play, Resign
from referee.games.warchest.board import SIDES
from referee.games.warchest.state import WarChestState
from referee.games.warchest.units import ROYAL

# -------------------------------------------------------------------------------- words


def unit_name(t: Catalog, unit: str | None) -> str:
    return t(f"warchest.unit.{unit}") if unit else "?"


def code(t: Catalog, unit: str) -> str:
    """A unit's short code on the map and in typed draws (at most 2 characters)."""
    return t(f"warchest.code.{unit}")


def side_name(t: Catalog, side: str) -> str:
    return t(f"warchest.side.{side}")


def hex_text(h) -> str:
    return "–" if h is None else f"[{h[0]},{h[1]}]"


#: Polish letters with a diacritic sort right after their base letter (ą after a, ż after ź after
#: z): a key that needs no locale module; other letters (English names) sort as they are
LETTER_ORDER = {"ą": ("a", 1), "ć": ("c", 1), "ę": ("e", 1), "ł": ("l", 1), "ń": ("n", 1),
                "ó": ("o", 1), "ś": ("s", 1), "ź": ("z", 1), "ż": ("z", 2)}


def collation_key(text: str) -> tuple:
    """``text``'s place in the alphabet (case ignored): Polish-aware, the same for English."""
    return tuple(LETTER_ORDER.get(c, (c, 0)) for c in text.casefold())


def by_name(t: Catalog, units) -> list[str]:
    """Units (or coins) in the alphabetical order of their names in the table's language, the
    royal coin last: the order of the menus, used wherever units are listed."""
    units = list(units)
    return [*sorted((u for u in units if u != ROYAL), key=lambda u: collation_key(unit_name(t, u))),
            *(u for u in units if u == ROYAL)]


def coins_text(t: Catalog, coins: dict | None) -> str:
    """``Swordsman ×2, Pikeman`` (``–``: none)."""
    if not coins:
        return "–"
    return ", ".join(unit_name(t, c) + (f" ×{coins[c]}" if coins[c] > 1 else "")
                     for c in by_name(t, coins) if coins[c] > 0) or "–"


def method_text(t: Catalog, method: str) -> str:
    return t(f"warchest.setup.method_{method.replace(':', '_')}")


# -------------------------------------------------------------------------------- the map


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


def codes_of(t: Catalog, coins: dict | None) -> str:
    """``Sw×2 Pi`` (``–``: none): coins by their codes, as the map shows them."""
    if not coins:
        return "–"
    return " ".join(code(t, c) + (f"×{coins[c]}" if coins[c] > 1 else "")
                    for c in by_name(t, coins) if coins[c] > 0) or "–"


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


# -------------------------------------------------------------------------------- entries in words


def play_text(t: Catalog, a: Play) -> str:
    """A play in words; a face-down play never names its coin (nobody saw it)."""
    unit = "royal_guard" if a.coin == ROYAL and a.action == "tactic" else (a.coin or a.by)
    params = dict(player=a.player, unit=unit_name(t, unit), frm=hex_text(a.frm), to=hex_text(a.to),
                  at=hex_text(a.at), target=hex_text(a.target), recruit=unit_name(t, a.recruit))
    if a.action == "tactic":
        parts = []
        if a.frm is not None:
            parts.append(t("warchest.describe.part_from", hex=hex_text(a.frm)))
        if a.unit is not None:
            parts.append(t("warchest.describe.part_unit", hex=hex_text(a.unit)))
        if a.to is not None:
            parts.append(t("warchest.describe.part_to", hex=hex_text(a.to)))
        if a.target is not None:
            parts.append(t("warchest.describe.part_target", hex=hex_text(a.target)))
        for m in a.steps:
            parts.append(step_text(t, m))
        text = t("warchest.describe.tactic", player=a.player, unit=params["unit"],
                 details="; ".join(parts))
    else:
        text = t(f"warchest.describe.{a.action}", **params)
    if a.absorb:
        text += " " + t("warchest.describe.absorb")
    if a.by:
        text = t("warchest.describe.by", by=unit_name(t, a.by), what=text)
    return text


def step_text(t: Catalog, m) -> str:
    return t(f"warchest.describe.step_{m.action}", frm=hex_text(m.frm), to=hex_text(m.to),
             at=hex_text(m.at), target=hex_text(m.target)) + (
        " " + t("warchest.describe.absorb") if m.absorb else "")


def describe(t: Catalog, action: Any) -> str:
    if isinstance(action, Play):
        return play_text(t, action)
    if isinstance(action, Draw):
        if action.coins is None:
            return t("warchest.describe.draw_untold", player=action.player)
        return t.n("warchest.describe.draw", len(action.coins), player=action.player)
    if isinstance(action, Deal):
        return t("warchest.describe.deal", player=action.player,
                 units=", ".join(unit_name(t, u) for u in by_name(t, action.units)))
    if isinstance(action, GuardCard):
        return t("warchest.describe.royal_guard",
                 card=t(f"warchest.setup.royal_guard_{action.card or 'base'}"))
    if isinstance(action, FirstPicker):
        return t("warchest.describe.first_picker", player=action.player)
    if isinstance(action, Pick):
        return t("warchest.describe.pick", player=action.player, unit=unit_name(t, action.unit))
    if isinstance(action, Flip):
        return t("warchest.describe.flip", player=action.player)
    if isinstance(action, Done):
        return t("warchest.describe.done", player=action.player)
    if isinstance(action, Resign):
        return t("warchest.describe.resign", player=action.player)
    return str(action)


# -------------------------------------------------------------------------------- news


def news_marker(state: WarChestState) -> dict[str, Any]:
    return {"round": state.round, "control": dict(state.control), "initiative": state.initiative,
            "removed": [dict(p.removed) for p in state.players], "winner": state.winner,
            "stacks": {h: (s.player, s.unit) for h, s in state.stacks.items()}}


def result_line(t: Catalog, state: WarChestState) -> Line:
    names = ", ".join(p.name for p in state.players if p.side == state.winner)
    if state.resigned is not None:
        return Line(t("warchest.summary.won_resigned", side=side_name(t, state.winner or ""),
                      players=names, resigned=state.resigned), "strong")
    return Line(t("warchest.summary.won", side=side_name(t, state.winner or ""), players=names),
                "strong")


def news(t: Catalog, marker: dict[str, Any], state: WarChestState) -> Report:
    """What the rules resolved: control taken, coins removed, units gone, the initiative, a new
    round, the win."""
    out: Report = []
    if state.last is not None:  # what was recorded, in one line (WC-V3: a draw says no coin)
        out.append(Line(t("warchest.news.recorded", what=describe(t, state.last)), "muted"))
    before = marker["control"]
    for h in sorted(set(before) | set(state.control)):
        old, new = before.get(h), state.control.get(h)
        if old != new and new is not None:
            key = "warchest.news.control_taken" if old else "warchest.news.control"
            out.append(Line(t(key, side=side_name(t, new), hex=hex_text(h),
                              old=side_name(t, old) if old else ""), "good"))
    for i, p in enumerate(state.players):
        gone = {c: n - marker["removed"][i].get(c, 0) for c, n in p.removed.items()
                if n > marker["removed"][i].get(c, 0)}
        for c, n in gone.items():
            out.append(Line(t.n("warchest.news.removed", n, player=p.name, unit=unit_name(t, c)), "bad"))
    for h, (i, unit) in sorted(marker["stacks"].items()):
        if h not in state.stacks and not any(s.player == i and s.unit == unit for s in state.stacks.values()):
            out.append(Line(t("warchest.news.unit_gone", player=state.players[i].name,
                              unit=unit_name(t, unit), hex=hex_text(h)), "bad"))
    if state.initiative is not None and marker["initiative"] is not None \
            and state.initiative != marker["initiative"]:
        out.append(Line(t("warchest.news.initiative", player=state.players[state.initiative].name)))
    if state.winner is not None and marker["winner"] is None:
        out += [grid(state, t), result_line(t, state)]
    elif state.round != marker["round"] and state.round:
        assert state.initiative is not None  # told at the setup's flip (WC-C9)
        holder = state.players[state.initiative].name
        out.append(Line(t("warchest.news.round", round=state.round, player=holder), "strong"))
    return out


def progress(state: WarChestState, t: Catalog) -> str:
    d = engine.decision(state)
    if d is None:
        return ""
    if state.round == 0:
        return t("warchest.summary.progress_setup")
    return t("warchest.summary.progress", round=state.round, player=d.player or "")


# -------------------------------------------------------------------------------- history


def history(state: WarChestState) -> list[dict[str, Any]] | None:
    """Round by round, the entries and who controlled how many locations at the round's end
    (``None`` when the state does not carry its entries: see ``record.WarChestRecord``)."""
    entries = getattr(state, "entries", None)
    meta = getattr(state, "meta", None)
    if entries is None or meta is None:
        return None
    from referee.games.warchest.record import setup_of

    trial = engine.new_state(list(state.names), setup_of(meta))
    rounds: list[dict[str, Any]] = [{"round": 0, "entries": [], "control": {}}]
    for a in entries:
        if trial.round != rounds[-1]["round"]:
            rounds.append({"round": trial.round, "entries": [], "control": {}})
        engine.apply(trial, a)
        rounds[-1]["entries"].append(a)
        rounds[-1]["control"] = {s: sum(v == s for v in trial.control.values()) for s in SIDES}
    # the last round is unfinished while it is still being played (a round that ended moved the
    # state on to the next; a win ends the game's last round)
    rounds[-1]["unfinished"] = bool(rounds[-1]["round"]) and trial.winner is None and \
        trial.round == rounds[-1]["round"]
    return [r for r in rounds if r["entries"]]


def control_chart(t: Catalog, state: WarChestState, rounds: list[dict[str, Any]],
                  colors: dict[str, str] | None = None) -> Chart:
    """Each round's bar, one segment per side in the side's colour (its first player's, as on the
    map); an unfinished last round is marked as such (its count is the one so far)."""
    sides = side_colors(state, colors)
    chart = Chart(t("warchest.summary.control_chart"), [side_name(t, s) for s in SIDES],
                  category_colors=[sides.get(s, "") for s in SIDES], table=True)
    for r in rounds:
        if r["round"]:
            key = "warchest.summary.round_unfinished" if r.get("unfinished") else "warchest.summary.round"
            chart.series.append((t(key, round=r["round"]), [r["control"].get(s, 0) for s in SIDES]))
    return chart


# -------------------------------------------------------------------------------- summary


def setup_lines(state: WarChestState, t: Catalog) -> list[Line]:
    out = [Line(t("warchest.summary.setup", method=method_text(t, state.method),
                  royal_guard=t(f"warchest.setup.royal_guard_{state.options.get('royal_guard', 'base')}")),
                "muted")]
    return out


def players_table(state: WarChestState, t: Catalog, colors: dict[str, str] | None = None) -> Table:
    colors = colors or {}
    table = Table(t("warchest.summary.players"),
                  [t("warchest.hint.col_player"), t("warchest.summary.col_side"),
                   t("warchest.summary.col_units"), t("warchest.hint.col_supply"),
                   t("warchest.hint.col_removed"), t("warchest.summary.col_controlled")])
    for p in state.players:
        table.rows.append([p.name, side_name(t, p.side), ", ".join(unit_name(t, u) for u in by_name(t, p.units)),
                           coins_text(t, p.supply), coins_text(t, p.removed),
                           str(sum(v == p.side for v in state.control.values()))])
        table.row_styles.append(colors.get(p.name, ""))
    return table


def log_table(t: Catalog, rounds: list[dict[str, Any]]) -> Table:
    table = Table(t("warchest.summary.log"), [t("warchest.summary.col_round"),
                                              t("warchest.summary.col_entry")],
                  align=["right", "left"])
    for r in rounds:
        for a in r["entries"]:
            table.rows.append([str(r["round"]) if r["round"] else t("warchest.summary.setup_round"),
                               describe(t, a)])
    return table


def summary(state: WarChestState, t: Catalog, source: str | None = None,
            colors: dict[str, str] | None = None) -> Report:
    out: Report = [Heading(t("warchest.summary.title", players=", ".join(state.names)), 1)]
    if source:
        out.append(Line(source, "muted"))
    out += setup_lines(state, t)
    out += [grid(state, t, colors), *legend(state, t), players_table(state, t, colors)]
    rounds = history(state)
    if rounds:
        out.append(log_table(t, rounds))
    if state.winner is not None:
        out.append(result_line(t, state))
    else:
        out.append(Line(progress(state, t), "strong"))
    return out


def export_colors(state: WarChestState, meta: dict[str, Any]) -> dict[str, str]:
    """Each player's colour in an export: the record's, else the one live play gives by seat."""
    from referee.core.service import PALETTE

    return meta.get("colors") or dict(zip(state.names, PALETTE))


def colors_table(state: WarChestState, t: Catalog, colors: dict[str, str]) -> Table:
    """The map's legend of colours: each player's units are drawn in the player's colour (each row
    in that colour), with the side and the units' codes."""
    table = Table(t("warchest.summary.colors"), [t("warchest.hint.col_player"),
                                                 t("warchest.summary.col_side"),
                                                 t("warchest.summary.col_codes")])
    for p in state.players:
        table.rows.append([f"■ {p.name}", side_name(t, p.side),
                           ", ".join(f"{code(t, u)} {unit_name(t, u)}" for u in by_name(t, p.units))])
        table.row_styles.append(colors.get(p.name, ""))
    return table


def export_report(state: WarChestState, t: Catalog, meta: dict[str, Any], name: str = "",
                  actions: list[Any] | None = None, public: bool = False) -> Report:
    """(``public``: the report never names a hand or a face-down coin: the same either way.)"""
    colors = export_colors(state, meta)
    out: Report = [Heading(name or t("warchest.summary.title", players=", ".join(state.names)), 1)]
    for key in ("date", "place", "notes"):
        if meta.get(key):
            out.append(Line(t(f"warchest.summary.{key}", value=meta[key]), "muted"))
    out += setup_lines(state, t)
    out += [grid(state, t, colors, title=t("warchest.summary.final_board")
                 if state.winner is not None else None), colors_table(state, t, colors),
            Line(" · ".join(line.text for line in legend(state, t)), "muted"),  # (no 80 columns)
            players_table(state, t, colors)]
    rounds = history(state)
    if rounds:
        out.append(control_chart(t, state, rounds, colors))
        out.append(log_table(t, rounds))
    if state.winner is not None:
        out.append(result_line(t, state))
    else:
        out.append(Line(progress(state, t), "strong"))
    return out


def csv_rows(state: WarChestState, public: bool = False) -> tuple[list[str], list[list[object]]]:
    """A row per player (``public``: the same either way — a row holds no hand, bag or face-down
    coin, only counts of coins the table sees)."""
    header = ["player", "side", "units", "won", "controlled", "coins_on_board", "coins_removed",
              "supply", "rounds"]
    rows: list[list[object]] = []
    for i, p in enumerate(state.players):
        won = "" if state.winner is None else int(p.side == state.winner)
        rows.append([p.name, p.side, " ".join(p.units), won,
                     sum(v == p.side for v in state.control.values()),
                     sum(s.coins for s in state.stacks.values() if s.player == i),
                     sum(p.removed.values()), sum(p.supply.values()), state.round])
    return header, rows
