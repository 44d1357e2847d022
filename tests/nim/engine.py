"""The rules: pure, no I/O."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.core import game as core
from referee.core.errors import RuleError
from tests.nim.actions import Take
from tests.nim.state import MAX_COUNTERS, MAX_HEAPS, MAX_TAKE, STANDARD_HEAPS, NimState


def check_heaps(heaps: Sequence[int], location: str = "heaps") -> None:
    """NM-2: 1–6 heaps of 1–15 counters."""
    if not 1 <= len(heaps) <= MAX_HEAPS:
        raise RuleError("NM-2", location, "nim.error.heap_count", count=len(heaps), most=MAX_HEAPS)
    for i, size in enumerate(heaps):
        if not 1 <= size <= MAX_COUNTERS:
            raise RuleError("NM-2", f"{location}[{i}]", "nim.error.heap_size", size=size,
                            most=MAX_COUNTERS)


def new_state(players: list[str], heaps: Sequence[int] = STANDARD_HEAPS,
              misere: bool = False) -> NimState:
    if len(players) != 2:
        raise RuleError("NM-1", "players", "nim.error.player_count", count=len(players))
    check_heaps(heaps)
    return NimState(players, tuple(heaps), misere)


def is_over(state: NimState) -> bool:
    return state.over()


@dataclass(frozen=True)
class Decision(core.Decision):
    """What the table enters next: always a ``take`` by the player to move."""

    kind: str
    player: str


def decision(state: NimState) -> Decision | None:
    return None if state.over() else Decision("take", state.current())


def legal_actions(state: NimState) -> list[Take]:
    if state.over():
        return []
    return [Take(state.current(), h, n) for h, size in enumerate(state.heaps, 1)
            for n in range(1, min(size, MAX_TAKE) + 1)]


def apply(state: NimState, action: Take) -> None:
    if state.over():
        raise RuleError("NM-4", "", "nim.error.after_end")
    if action.player != state.current():
        raise RuleError("NM-1", ".player", "nim.error.not_your_turn", player=action.player,
                        current=state.current())
    if not 1 <= action.heap <= len(state.heaps):
        raise RuleError("NM-3", ".heap", "nim.error.no_heap", heap=action.heap,
                        heaps=len(state.heaps))
    if not 1 <= action.count <= MAX_TAKE:
        raise RuleError("NM-3", ".count", "nim.error.take_range", count=action.count)
    if action.count > state.heaps[action.heap - 1]:
        raise RuleError("NM-3", ".count", "nim.error.too_many", count=action.count,
                        heap=action.heap, left=state.heaps[action.heap - 1])
    state.heaps[action.heap - 1] -= action.count
    state.takes.append(action)


def points(state: NimState) -> dict[str, int]:
    """NM-4: the winner 1, the other 0 (a finished game)."""
    winners = state.winners()
    return {n: int(n in winners) for n in state.names}
