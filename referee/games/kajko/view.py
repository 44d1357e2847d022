"""The board of Kajko i Kokosz, drawn before every entry: whose turn, the players' fronts and towns, the
stacks (or the memory aid) — a renderer-neutral report (no I/O here)."""

from __future__ import annotations

from referee.core.report import Heading, Line, Report, Table
from referee.core.text import Catalog
from referee.games.kajko.names import cards_text
from referee.games.kajko.state import (
    DANGERS,
    DEFAULT_STACKS,
    VALUES,
    KajkoState,
)


def danger_odds(state: KajkoState, stack: int) -> tuple[list[str], float]:
    """The memory aid (``play --hints``): the dangers still inside ``stack`` and the chance that
    its next card is one of them (KK-2: each stack holds one of each; every order is as likely)."""
    inside = [c for c in DANGERS if c in state.inside[stack]]
    return inside, len(inside) / state.left[stack]


def players_table(t: Catalog, state: KajkoState, colors: dict[str, str] | None,
                  show_town: bool) -> Table:
    columns = [t("kajko.board.col_player"), t("kajko.board.col_front"), t("kajko.board.col_value"),
               t("kajko.board.col_town")]
    table = Table(t("kajko.board.players"), columns, align=["left", "left", "right", "left"])
    for p in state.players:
        if show_town:
            town = "; ".join(cards_text(t, c) for c in p.town) or t("kajko.summary.none")
        else:  # the cards on a character lie face down (the rulebook): only how many are filled
            town = t("kajko.board.filled", filled=len(p.town), of=state.characters)
        if state.is_out(p) and not state.over:
            town += " · " + t("kajko.board.out")
        table.rows.append([p.name, cards_text(t, p.front), str(sum(VALUES[c] for c in p.items())),
                           town])
        table.row_styles.append((colors or {}).get(p.name, ""))
    return table


def setup_lines(t: Catalog, state: KajkoState, with_stacks: bool = True) -> Report:
    """The variants played and, where they are not the standard ones, the stack sizes."""
    out: Report = []
    variants = [t(f"kajko.variant.{v}") for v in ("dusigrosz", "coin_in_hand") if getattr(state, v)]
    out.append(Line(t("kajko.board.variants", variants=", ".join(variants)) if variants
                    else t("kajko.board.basic"), "muted"))
    if with_stacks and tuple(state.sizes) != DEFAULT_STACKS:
        out.append(Line(t("kajko.board.sizes", sizes=", ".join(map(str, state.sizes))), "muted"))
    return out


def board(state: KajkoState, t: Catalog, colors: dict[str, str] | None = None,
          stacks: bool = True, town: bool = False) -> Report:
    """The table: whose turn, the players' fronts, and the stacks (or the memory aid).  The live
    dialog leaves the stacks out: its stack menu says how many cards each holds."""
    out: Report = []
    if state.over:
        out.append(Heading(t("kajko.board.over"), 2))
    else:
        out.append(Heading(t("kajko.board.turn", n=len(state.log) + 1, player=state.current().name), 2))
    out.extend(setup_lines(t, state, with_stacks=False))
    out.append(players_table(t, state, colors, show_town=state.over))
    if town and not state.over:
        # what lies face down on the characters (the memory aid, or an open table's), a line a
        # player under the table: folded to one line when a question needs the room (issue 22)
        out.extend(Line(t("kajko.board.town_line", player=p.name,
                          cards="; ".join(cards_text(t, c) for c in p.town)), "aid")
                   for p in state.players if p.town)
    left = Table(t("kajko.board.stacks"), [str(i + 1) for i in range(len(state.left))],
                 [[str(n) for n in state.left]], align=["right"] * len(state.left))
    if stacks:
        out.append(left)
    return out
