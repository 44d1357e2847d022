"""War Chest (Trevor Benjamin, David Thompson; AEG 2020): pure rules, record format 1, replay
output.  No I/O here.

The registry entry (``GAME``) is added with the live dialog, the board picture and the exports;
until then ``WarChest()`` is usable directly (``tests/warchest``).
"""

from __future__ import annotations

from typing import Any

from referee.core.game import GamePackage


class WarChest(GamePackage):
    package = "referee.games.warchest"
    export_title_key = "warchest.summary.title"
    name = "war-chest"
    aliases = ("warchest",)
    title = "War Chest"
    short_title = "War Chest"
    text_prefix = "warchest"
    titles = ()
    player_counts = (2, 4)  # WC-C1, WC-4.1
    stats_extras: dict = {}
    variants = ()  # the Royal Guard's card (WC-U13) is a record option, not a table variant
    meta_keys = ("date", "place", "notes")
    has_hints = True  # the WC-V4 memory aid (engine.memory_aid)
    digest = "war-chest.md"
    calculator = False  # nothing to count at the end: the last control marker wins

    def result_summary(self, state: Any) -> dict[str, Any] | None:
        """What the archive keeps of a finished game: the winning side's players."""
        if state.winner is None:
            return None
        winners = [p.name for p in state.players if p.side == state.winner]
        return {"winners": winners,
                "players": {p.name: {"score": {}, "place": 1 if p.side == state.winner else 2}
                            for p in state.players}}
