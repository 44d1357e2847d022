"""The board of a Na Grunwald! game, drawn before every decision of a live game (issue 16): the round,
the revealed cards, the players' lines, the fields' pawns.  No printing here."""

from __future__ import annotations

from referee.core.report import Heading, Line, Report
from referee.core.text import Catalog
from referee.games.grunwald import engine
from referee.games.grunwald.actions import (
    FIELDS,
    Place,
)
from referee.games.grunwald.cards import CARDS, expand
from referee.games.grunwald.names import event_line
from referee.games.grunwald.record import player_colors
from referee.games.grunwald.state import TEUTON_BONUS, GrunwaldState


def _stake_text(t: Catalog, st) -> str:
    """A stake in a few characters: ``O+2`` (the officer and two helpers), ``3``, ``O · 2 duc.``."""
    pawns = "+".join(([t("grunwald.board.short_officer")] if st.officer else [])
                     + ([str(st.helpers)] if st.helpers else []))
    if st.ducats:
        pawns = f"{pawns} · {t('grunwald.board.stake_ducats', n=st.ducats)}".strip(" ·")
    return pawns


def field_stakes(state: GrunwaldState, t: Catalog, name: str) -> str:
    """Who stands on a field, in order of position (``Ania O+1, Kasia 2``; empty: nobody)."""
    return ", ".join(f"{state.names[s.player]} {_stake_text(t, s)}" for s in state.fields.get(name, ()))


def compact_cards(t: Catalog, counts: dict[str, int]) -> str:
    """A hand or a camp in a few characters: ``C 1 3 3 5 · M 4 · T 2`` (the peasant, always in
    its owner's hand, is left out)."""
    groups: dict[str, list[int]] = {}
    for c in expand(counts):
        kind, strength = CARDS[c]
        if kind != "peasant":
            groups.setdefault(kind, []).append(strength)
    parts = [t(f"grunwald.board.short_{kind}") + " " + " ".join(map(str, groups[kind]))
             for kind in ("crown", "mercenary", "teuton") if kind in groups]
    return " · ".join(parts) or "—"


def _knights(counts: dict[str, int]) -> int:
    return sum(n for c, n in counts.items() if CARDS[c][0] != "peasant")


def hidden_hand(t: Catalog, counts: dict[str, int]) -> str:
    """A hand as the table sees it without the memory aid: how many cards (the peasant, always
    held, is left out)."""
    n = _knights(counts)
    return t.n("grunwald.private.hand", n) if n else "—"


def hidden_camp(t: Catalog, counts: dict[str, int]) -> str:
    """A camp as the table sees it: how many cards lie face down ("rewersem do góry")."""
    n = _knights(counts)
    return t.n("grunwald.private.camp", n) if n else "—"


def _pawns_left(t: Catalog, p) -> str:
    if p.passed:
        return t("grunwald.board.passed")
    left = p.helpers - p.helpers_placed
    parts = ([t("grunwald.board.short_officer")] if not p.officer_placed else []) + ([str(left)] if left else [])
    return "+".join(parts) or "—"


def _board_reveal(t: Catalog, state: GrunwaldState) -> str:
    """The revealed cards in one line of at most 80 columns."""
    rv = state.reveal
    text = t("grunwald.board.reveal", crown=" ".join(map(str, rv.crown)),
             mercenary=" ".join(map(str, rv.mercenary)),
             provisions="/".join(map(str, sorted(rv.provisions, reverse=True))),
             ducats="/".join(map(str, sorted(rv.ducats, reverse=True))))
    if rv.teutons is not None:
        text += " · " + t("grunwald.board.reveal_teutons", teutons=" ".join(map(str, rv.teutons)),
                          strength=sum(rv.teutons) + TEUTON_BONUS[state.n])
    return text


def player_lines(state: GrunwaldState, t: Catalog, colors: dict[str, str] | None = None,
                 current: str | None = None, pawns: bool = True, hands: bool = True,
                 camps: bool = True) -> Report:
    """A header and one line per player, in columns: ducats, provisions, helpers, the pawns
    still to place (``pawns``), hand and camp as ``C 1 3 3 5 · M 4``; ``current`` is marked."""
    colors = colors or {}
    start = state.names[state.start_player]
    header = ["  " + t("grunwald.board.col_player"), t("grunwald.board.col_ducats"),
              t("grunwald.board.col_provisions"), t("grunwald.board.col_helpers"),
              t("grunwald.board.col_pawns_short"), t("grunwald.board.col_hand"),
              t("grunwald.board.col_camp")]
    rows = []
    for p in state.players:
        marks = ("▶ " if p.name == current else "  ") + p.name + (" ★" if p.name == start else "")
        rows.append([marks, str(p.ducats), str(p.provisions), str(p.helpers), _pawns_left(t, p),
                     compact_cards(t, p.hand) if hands else hidden_hand(t, p.hand),
                     compact_cards(t, p.camp) if camps else hidden_camp(t, p.camp)])
    if not pawns:
        header, rows = header[:4] + header[5:], [r[:4] + r[5:] for r in rows]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    right = (1, 2, 3)

    def line(cells: list[str]) -> str:
        return "  ".join(c.rjust(w) if i in right else c.ljust(w)
                         for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    out: Report = [Line(line(header), "muted")]
    for p, row in zip(state.players, rows):
        out.append(Line(line(row), colors.get(p.name, "")))
    return out


def board(state: GrunwaldState, t: Catalog, colors: dict[str, str] | None = None,
          hints: bool = False, open: bool = False) -> Report:
    """The live screen above every question (issue 16): for four players at most 11 lines of
    at most 80 columns, so that the question and its menu fit under it on an 80×24 terminal.
    The fields' pawns are shown in the placement menu itself.  Issue 22 (docs/table.md): the
    hands (a memory aid) as ``C 1 3 3 5 · M 4`` only with ``hints`` or ``open``, else how many
    cards; the camps (face down: private) only at an ``open`` table, else how many."""
    colors = player_colors({"colors": colors})
    track = "".join("●" if r < state.round else "◉" if r == state.round else "○" for r in range(1, 9))
    start = state.names[state.start_player]
    out: Report = [Heading(t("grunwald.board.title", round=state.round, track=track, start=start), 1)]
    if state.log[-1].event is not None:
        out.append(Line(event_line(t, state.log[-1].event)))
    if state.reveal is not None:
        out.append(Line(_board_reveal(t, state)))
    d = engine.decision(state)
    out.extend(player_lines(state, t, colors, d.player if d is not None else None,
                            hands=hints or open, camps=open))
    out.append(Line(t("grunwald.board.legend"), "muted"))
    if state.phase in ("placement", "skirmish"):  # after the skirmish they no longer matter
        offered = set()
        if state.phase == "placement":  # the menu shows the pawns on the fields it offers
            offered = {a.field for a in engine.legal_actions(state) if isinstance(a, Place)}
        for name in FIELDS:
            if state.fields.get(name) and name not in offered:
                out.append(Line(f"{t(f'grunwald.field.{name}')}: {field_stakes(state, t, name)}"))
    return out
