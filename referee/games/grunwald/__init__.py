"""Na Grunwald! (Filip Miłuński): pure rules, record format 1, replay output.  No I/O here.

``GAME`` is the game's entry in the registry: its ``info`` and its members, each imported from its
module on first use (the rest: ``core.game.CONVENTION``), so a command pays only for what it needs
(``replay --json`` never loads the dialogs, summaries or exporters).
"""

from __future__ import annotations

from referee.core.game import GameInfo, GamePackage, lazy

_lazy = lazy("referee.games.grunwald")


class Grunwald(GamePackage):
    package = "referee.games.grunwald"
    info = GameInfo(
        name="na-grunwald",
        title="Na Grunwald!",
        short_title="Na Grunwald!",  # where space is short (the list of sessions)
        text_prefix="grunwald",  # first segment of this game's keys in the text catalogs
        player_counts=(2, 3, 4),  # NG-C1
        export_title_key="grunwald.export.title",
        aliases=("grunwald",),  # short names for --game
        #: records that do not name their game are Na Grunwald! records (format 1 had no ``game``)
        is_default=True,
        #: score parts that are titles (how often each was won, in stats)
        titles=("crown_commander", "mercenary_commander", "quartermaster"),
        variants=(),
        meta_keys=("date", "place", "notes", "colors"),  # the spec's optional keys
        has_hints=True,  # the hands (issue 22: a memory aid, docs/table.md)
        stats_extras={"losses": ("average_skirmish_losses", "grunwald.stats.losses")},
        digest="na-grunwald.md",  # in docs/rules/: its rule ids are rules.RULES
        #: issue 22: the standing reads the camps' face-down values (only an open table sees it)
        standing_is_private=True,
    )

    play_facts = _lazy("output", "play_facts")
    # issue 22: show --json, show and the exports of a game in progress: public facts only
    public_output = _lazy("output", "public_output")
    public_summary = _lazy("summary", "public_summary")
    public_describe = _lazy("public", "public_describe")  # (referee fix's lists)
    # the score as if the game ended now, with titles and who would win (a Report; as data)
    standing = _lazy("scores", "standing_report")
    standing_output = _lazy("advice", "standing_output")
    # ``referee score`` (``inventory.ask_inventory``, ``inventory.score``, ``scores.score_blocks``
    # by convention) also says the feeding it advised for a short player the file left open
    score_notes = _lazy("inventory", "score_notes")


GAME = Grunwald()
