"""The interface every game implements (in the spirit of boardgame.io's game object and OpenSpiel's
``Game``/``State``): pure rules, no I/O.

A session *is* its record: an ordered list of the table's facts and choices.  State is derived by
replaying it, so undo is "drop the last entry and replay".
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable, Protocol


@dataclass(frozen=True)
class Step:
    """One entry of a game's action log: the action and where it lives in the record."""

    location: str
    action: Any


class Game(Protocol):
    #: the record's ``game`` value
    name: str

    def new_state(self, players: list[str]) -> Any: ...

    def decision(self, state: Any) -> Any | None:
        """What the table must enter next, or ``None`` once the game is over."""

    def legal_actions(self, state: Any) -> list[Any]:
        """Every legal action when the next decision is a finite choice (turns, yes/no)."""

    def apply(self, state: Any, action: Any) -> None:
        """Validate ``action`` against ``state`` and apply it in place (``RecordError`` if illegal)."""

    def random_action(self, state: Any, rng: random.Random) -> Any:
        """A uniformly-ish chosen legal action for the next decision (tests, benchmarks)."""

    def is_over(self, state: Any) -> bool: ...

    def parse_record(self, document: Any) -> "ParsedRecord": ...

    def write_record(self, players: list[str], steps: Iterable[Step], meta: dict[str, Any]) -> dict[str, Any]: ...

    def replay_output(self, state: Any) -> dict[str, Any]: ...


class ParsedRecord(Protocol):
    players: list[str]
    meta: dict[str, Any]

    def replay(self) -> tuple[Any, list[Step]]:
        """Replay the record: the final state and the steps applied (``RecordError`` on the first bad entry)."""
