"""Kajko i Kokosz: Przygody Wojów (Reiner Knizia): pure rules, record format 1, replay output.
No I/O here.

``GAME`` is the game's entry in the registry: its ``info`` and its members, each imported from its
module on first use (the rest: ``core.game.CONVENTION``).
"""

from __future__ import annotations

from referee.core.game import GameInfo, GamePackage, lazy

_lazy = lazy("referee.games.kajko")


class Kajko(GamePackage):
    package = "referee.games.kajko"
    info = GameInfo(
        name="kajko-kokosz",
        title="Kajko i Kokosz: Przygody Wojów",
        short_title="Kajko i Kokosz",  # where space is short (the list of sessions)
        text_prefix="kajko",  # first segment of this game's keys in the text catalogs
        player_counts=(2, 3, 4, 5),  # KK-3
        export_title_key="kajko.summary.title",
        aliases=("kajko",),  # short names for --game
        #: score parts that are titles (how often each was won, in stats): the Dusigrosz (KK-12)
        titles=("dusigrosz",),
        variants=("dusigrosz", "coin_in_hand"),  # KK-12, KK-13
        meta_keys=(),  # record format 1 holds only the game: no date, place, notes or colours
        has_hints=True,
        stats_extras={"items_sent": ("average_items_sent", "kajko.stats.items_sent")},
        digest="kajko-kokosz.md",  # in docs/rules/: its rule ids are rules.RULES
        #: its record is the log of what the table saw (it may be shown while the game is played)
        secret_record=False,
    )

    setup = _lazy("dialog", "setup")  # the setup questions
    play_facts = _lazy("output", "play_facts")
    # issue 22: show --json and the JSON export of a game in progress: the towns as counts
    public_output = _lazy("output", "public_output")


GAME = Kajko()
