"""The one kind of entry: a mark."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Mark:
    player: str
    cell: int  # 1–9, row by row (TT-2)
