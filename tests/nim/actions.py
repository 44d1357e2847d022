"""The one kind of entry: a take."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Take:
    player: str
    heap: int  # 1-based, as the table counts the heaps (NM-2)
    count: int  # 1–3 (NM-3)
