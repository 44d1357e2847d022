"""The live question of a move: the free cells (keys 1–9, the grid shows them) and undo."""

from __future__ import annotations

from typing import Any

from referee.core.dialog import UNDO, Choice, Dialog, Notice, Select
from referee.core.text import Catalog
from tests.tictactoe import engine
from tests.tictactoe.actions import Mark
from tests.tictactoe.state import MARKS, TicTacToeState
from tests.tictactoe.view import board


def is_secret(action: Any) -> bool:
    return False  # every mark is in plain sight


def ask(state: TicTacToeState, t: Catalog, colors: dict[str, str] | None = None,
        hints: bool = False, open: bool = False) -> Dialog:
    """The next move's question (nothing is private, no memory aid: ``hints``, ``open`` unused)."""
    yield Notice(board(state, t, colors, keys=True))
    player = state.current()
    choices = [Choice(t("tictactoe.play.cell", n=a.cell), a.cell, str(a.cell))
               for a in engine.legal_actions(state)]
    if state.moves:
        choices.append(Choice(t("tictactoe.play.undo"), UNDO, "u"))
    answer = yield Select("tictactoe.move", t("tictactoe.play.turn", player=player,
                                              mark=MARKS[len(state.moves) % 2]), choices)
    return UNDO if answer is UNDO else Mark(player, answer)
