"""War Chest (Trevor Benjamin, David Thompson; AEG 2020): pure rules, record format 1, replay
output, and the table's side (the live dialog, the hex map, the memory aid, the exports).  No I/O
here.

``GAME`` is the game's entry in the registry: its ``info`` and its members, each imported from its
module on first use (the rest: ``core.game.CONVENTION``).
"""

from __future__ import annotations

from referee.core.game import GameInfo, GamePackage, lazy

_lazy = lazy("referee.games.warchest")


class WarChest(GamePackage):
    package = "referee.games.warchest"
    info = GameInfo(
        name="war-chest",
        title="War Chest",
        text_prefix="warchest",
        player_counts=(2, 4),  # WC-C1, WC-4.1
        export_title_key="warchest.summary.title",
        aliases=("warchest",),
        variants=(),  # the Royal Guard's card (WC-U13) is a setup question, a record option
        meta_keys=("date", "place", "notes"),
        has_hints=True,  # the WC-V4 memory aid (engine.memory_aid)
        #: ``stats``: wins per unit card taken (each player's result summary lists its ``tags``)
        stats_tag_key="warchest.unit.{tag}",
        stats_tags_title="warchest.stats.units",
        stats_points=False,  # the last control marker wins: no points, so no totals (issue 25)
        bgg_id=249259,  # boardgamegeek.com/boardgame/249259/war-chest
        digest="war-chest.md",
        calculator=False,  # nothing to count at the end: the last control marker wins
    )

    setup = _lazy("dialog", "setup")  # the setup questions
    play_facts = _lazy("output", "play_facts")
    # issue 22: show --json and exports of a game in progress hold public facts only
    public_output = _lazy("output", "public_output")


GAME = WarChest()
