"""The rules: pure, no I/O."""

from __future__ import annotations

from dataclasses import dataclass

from referee.core import game as core
from referee.core.errors import RuleError
from tests.tictactoe.actions import Mark
from tests.tictactoe.state import TicTacToeState


def new_state(players: list[str]) -> TicTacToeState:
    if len(players) != 2:
        raise RuleError("TT-1", "players", "tictactoe.error.player_count", count=len(players))
    return TicTacToeState(players)


def is_over(state: TicTacToeState) -> bool:
    return state.over()


@dataclass(frozen=True)
class Decision(core.Decision):
    """What the table enters next: always a ``mark`` by the player to move."""

    kind: str
    player: str


def decision(state: TicTacToeState) -> Decision | None:
    return None if state.over() else Decision("mark", state.current())


def legal_actions(state: TicTacToeState) -> list[Mark]:
    if state.over():
        return []
    return [Mark(state.current(), c) for c in range(1, 10) if c not in state.grid]


def apply(state: TicTacToeState, action: Mark) -> None:
    if state.over():
        raise RuleError("TT-3", "", "tictactoe.error.after_end")
    if action.player != state.current():
        raise RuleError("TT-1", ".player", "tictactoe.error.not_your_turn", player=action.player,
                        current=state.current())
    if not 1 <= action.cell <= 9:
        raise RuleError("TT-2", ".cell", "tictactoe.error.no_cell", cell=action.cell)
    if action.cell in state.grid:
        raise RuleError("TT-2", ".cell", "tictactoe.error.taken", cell=action.cell)
    state.grid[action.cell] = len(state.moves) % 2
    state.moves.append(action)


def points(state: TicTacToeState) -> dict[str, int]:
    """TT-4: win 2, draw 1, loss 0 (a finished game)."""
    winners = state.winners()
    if len(winners) == 2:
        return dict.fromkeys(state.names, 1)
    return {n: 2 if n in winners else 0 for n in state.names}
