"""The state of a Nim game: the heaps as laid out (NM-2), what is left, the takes."""

from __future__ import annotations

from typing import Any

from tests.nim.actions import Take

STANDARD_HEAPS = (3, 4, 5)  # NM-2
MAX_HEAPS, MAX_COUNTERS = 6, 15
MAX_TAKE = 3  # NM-3


class NimState:
    def __init__(self, names: list[str], heaps: tuple[int, ...] = STANDARD_HEAPS,
                 misere: bool = False) -> None:
        self.names = tuple(names)
        self.start = tuple(heaps)
        self.heaps = list(heaps)
        self.misere = misere  # NM-4's variant
        self.takes: list[Take] = []

    def current(self) -> str:
        return self.names[len(self.takes) % 2]

    def over(self) -> bool:
        return not any(self.heaps)

    def winners(self) -> list[str]:
        """NM-4: the taker of the last counter wins (misère: the other player)."""
        if not self.over():
            return []
        last = self.takes[-1].player
        if not self.misere:
            return [last]
        return [n for n in self.names if n != last]

    def copy(self) -> NimState:
        twin = NimState(list(self.names), self.start, self.misere)
        twin.heaps, twin.takes = list(self.heaps), list(self.takes)
        return twin

    def snapshot(self) -> dict[str, Any]:
        return {"names": list(self.names), "start": list(self.start), "heaps": list(self.heaps),
                "misere": self.misere, "takes": [(t.player, t.heap, t.count) for t in self.takes]}
