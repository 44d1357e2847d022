"""The game's ``parse_record``: the record module's, whose replay also leaves on the state the
entries it applied and the record's setup (``state.entries``, ``state.meta``), so the summary and
the exports can tell the game round by round (the log, control over the rounds) without the state
keeping a log of its own.  A copy of the state (the live table's) does not carry them: only what
needs the history (``show``, ``export``) reads them, from a replayed record.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.core.game import Step
from referee.games.warchest import record


@dataclass
class Recorded:
    parsed: Any

    @property
    def players(self) -> list[str]:
        return self.parsed.players

    @property
    def meta(self) -> dict[str, Any]:
        return self.parsed.meta

    @property
    def document(self) -> dict[str, Any]:
        return self.parsed.document

    def replay(self, tracked: bool = True) -> tuple[Any, list[Step]]:
        state, steps = self.parsed.replay(tracked)
        if tracked:
            state.entries = [s.action for s in steps]
            state.meta = self.parsed.meta
        return state, steps


def parse_record(document: Any) -> Recorded:
    return Recorded(record.parse_record(document))
