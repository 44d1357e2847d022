"""The table's setup (the heaps, NM-2; the misère variant, NM-4) and the live question of a take:
the heap (keys 1–6, always the heap's number), then how many (keys 1–3), and undo."""

from __future__ import annotations

from typing import Any

from referee.core.dialog import UNDO, Choice, Confirm, Dialog, Invalid, Notice, Select, Text
from referee.core.text import Catalog
from tests.nim import engine
from tests.nim.actions import Take
from tests.nim.state import MAX_COUNTERS, MAX_HEAPS, MAX_TAKE, STANDARD_HEAPS, NimState
from tests.nim.view import board


def parse_heaps(t: Catalog):
    def parse(text: str) -> list[int]:
        parts = text.replace(",", " ").split()
        if not parts or not all(x.isdigit() for x in parts):
            raise Invalid(t("nim.setup.heaps_numbers"))
        sizes = [int(x) for x in parts]
        if len(sizes) > MAX_HEAPS or not all(1 <= s <= MAX_COUNTERS for s in sizes):
            raise Invalid(t("nim.setup.heaps_range", most=MAX_HEAPS, counters=MAX_COUNTERS))
        return sizes

    return parse


def setup(t: Catalog, players: list[str] | None = None) -> Dialog:
    """The setup as record keys, only what differs from the standard game."""
    out: dict[str, Any] = {}
    if (yield Confirm("nim.setup.misere", t("nim.setup.misere"), default=False)):
        out["variants"] = {"misere": True}
    standard = yield Confirm("nim.setup.standard", t("nim.setup.standard",
                                                     sizes=", ".join(map(str, STANDARD_HEAPS))),
                             default=True)
    if not standard:
        out["heaps"] = yield Text("nim.setup.heaps", t("nim.setup.heaps"), parse_heaps(t))
    return out


def is_secret(action: Any) -> bool:
    return False  # every take is in plain sight


def ask(state: NimState, t: Catalog, colors: dict[str, str] | None = None,
        hints: bool = False, open: bool = False) -> Dialog:
    """The next take's questions (nothing is private, no memory aid: ``hints``, ``open`` unused)."""
    yield Notice(board(state, t, colors))
    player = state.current()
    legal = engine.legal_actions(state)
    heaps = sorted({a.heap for a in legal})
    choices = [Choice(t("nim.play.heap", n=h, left=state.heaps[h - 1]), h, str(h)) for h in heaps]
    if state.takes:
        choices.append(Choice(t("nim.play.undo"), UNDO, "u"))
    heap = yield Select("nim.heap", t("nim.play.turn", player=player), choices)
    if heap is UNDO:
        return UNDO
    counts = [a.count for a in legal if a.heap == heap]
    if len(counts) == 1:
        return Take(player, heap, counts[0])
    count = yield Select("nim.count", t("nim.play.count", heap=heap, most=min(counts[-1], MAX_TAKE)),
                         [Choice(t("nim.play.counters", n=n), n, str(n)) for n in counts], default=1)
    return Take(player, heap, count)
