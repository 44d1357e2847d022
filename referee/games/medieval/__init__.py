"""Medieval Battle (Andrzej Kurek, Alchemicus 2014): pure rules, the battle calculator, record
format 1, replay output.  No I/O here.

``GAME`` is the game's entry in the registry: its ``info`` and its members, each imported from its
module on first use (the rest: ``core.game.CONVENTION``).  Beyond the usual members it has the two
table tools of ``referee battle`` and ``referee cards`` (``tools``, ``core.game.Tools``):
``battle_tool``, ``cards_dialog``, ``check_cards`` and the place of the owner's card table in the
data folder, ``info.cards_file``.
"""

from __future__ import annotations

from referee.core.game import GameInfo, GamePackage, lazy

_lazy = lazy("referee.games.medieval")


class MedievalBattle(GamePackage):
    package = "referee.games.medieval"
    info = GameInfo(
        name="medieval-battle",
        title="Medieval Battle",
        text_prefix="medieval",  # first segment of this game's keys in the text catalogs
        player_counts=(2,),  # MB-C1
        export_title_key="medieval.summary.title",
        aliases=("medieval",),  # short names for --game
        variants=("dismount",),  # MB-O1
        meta_keys=(),  # the record's optional keys are the game's own setup
        #: MB-V4: the value of the units kept on the battlefield (the tie-break)
        stats_extras={"field_value": ("average_field_value", "medieval.stats.field_value")},
        digest="medieval-battle.md",  # in docs/rules/: its rule ids are rules.RULES
        #: no end-of-game calculator from an inventory (the battle calculator is ``referee battle``)
        calculator=False,
        cards_file=("cards", "medieval.json"),  # the owner's card table in the data folder
    )

    setup = _lazy("dialog", "setup")  # the setup questions
    # issue 22: show --json and the JSON export of a game in progress: a secret army stays hidden
    public_output = _lazy("output", "public_output")

    # the table tools (``core.game.Tools``)
    #: ``referee battle``: ``battle_tool(t, cards_document, attacker=…, defender=…, …)``
    battle_tool = _lazy("tools", "battle_tool")
    #: ``referee cards``: a dialog over the owner's card table document, returning the new one
    cards_dialog = _lazy("tools", "cards_dialog")
    #: checks a card table document (``RecordError`` at the exact place)
    check_cards = _lazy("tools", "check_cards")


GAME = MedievalBattle()
