"""War Chest (Trevor Benjamin, David Thompson; AEG 2020): pure rules, record format 1, replay
output, and the table's side (the live dialog, the hex map, the memory aid, the exports).  No I/O
here.

``GAME`` is the game's entry in the registry; its modules are imported on first use.
"""

from __future__ import annotations

from typing import Any

from referee.core.game import GamePackage, lazy

_lazy = lazy("referee.games.warchest")


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
    #: ``stats``: wins per unit card taken (each player's result summary lists its ``tags``)
    stats_tag_key = "warchest.unit.{tag}"
    stats_tags_title = "warchest.stats.units"
    stats_points = False  # the last control marker wins: no points, so no totals (issue 25)
    variants = ()  # the Royal Guard's card (WC-U13) is a setup question, a record option
    meta_keys = ("date", "place", "notes")
    has_hints = True  # the WC-V4 memory aid (engine.memory_aid)
    digest = "war-chest.md"
    calculator = False  # nothing to count at the end: the last control marker wins
    bgg_id = 249259  # boardgamegeek.com/boardgame/249259/war-chest

    # the live questions and the setup questions (the rest: core.game.CONVENTION)
    dialog = _lazy("dialog", "ask")
    setup = _lazy("dialog", "setup")
    # the record module's reader, whose replay leaves the entries on the state (the summary's log)
    parse_record = _lazy("history", "parse_record")
    progress = _lazy("summary", "progress")
    # issue 22: show --json and exports of a game in progress hold public facts only
    public_output = _lazy("output", "public_output")

    def export_json(self, state: Any, t: Any, meta: dict[str, Any],
                    actions: list[Any] | None = None) -> dict[str, Any]:
        """The replay output, the setup and every round's entries and control."""
        return self.module("summary").export_json(state, t, meta)

    def play_facts(self, state: Any, t: Any) -> dict[str, Any]:
        """The logged play: each player's side as the role (the teams of four)."""
        return {"roles": {p.name: t(f"warchest.side.{p.side}") for p in state.players}}

    def result_summary(self, state: Any) -> dict[str, Any] | None:
        """What the archive keeps of a finished game: the winning side's players, and each
        player's unit cards (``tags``: ``stats`` counts the wins per unit card)."""
        if state.winner is None:
            return None
        winners = [p.name for p in state.players if p.side == state.winner]
        return {"winners": winners,
                "players": {p.name: {"score": {}, "place": 1 if p.side == state.winner else 2,
                                     "tags": list(p.units)}
                            for p in state.players}}


GAME = WarChest()
