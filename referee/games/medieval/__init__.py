"""Medieval Battle (Andrzej Kurek, Alchemicus 2014): pure rules, the battle calculator, record
format 1, replay output.  No I/O here.

``GAME`` is the game's entry in the registry; its modules are imported on first use
(``core.game.CONVENTION``).  Beyond the usual members it has the two table tools of
``referee battle`` and ``referee cards`` (``tools``): ``battle_tool``, ``cards_dialog`` and the
place of the owner's card table in the data folder, ``cards_file``.
"""

from __future__ import annotations

from typing import Any

from referee.core.game import GamePackage, lazy

_lazy = lazy("referee.games.medieval")


class MedievalBattle(GamePackage):
    package = "referee.games.medieval"
    export_title_key = "medieval.summary.title"
    name = "medieval-battle"
    aliases = ("medieval",)  # short names for --game
    title = "Medieval Battle"
    short_title = "Medieval Battle"
    #: first segment of this game's keys in the text catalogs
    text_prefix = "medieval"
    titles = ()
    player_counts = (2,)  # MB-C1
    #: MB-V4: the value of the units kept on the battlefield (the tie-break)
    stats_extras = {"field_value": ("average_field_value", "medieval.stats.field_value")}
    variants = ("dismount",)  # MB-O1
    meta_keys = ()  # the record's optional keys are the game's own setup
    has_hints = False
    digest = "medieval-battle.md"  # in docs/rules/: its rule ids are rules.RULES
    calculator = False  # no end-of-game calculator from an inventory (the battle calculator is
    #                     ``referee battle``)
    #: what a free-form decision allows (recruitment, deployment, a turn), as data
    free_form = _lazy("engine", "free_form")
    #: the battle calculator: ``battle(table, kind, attacker, defender)``
    battle = _lazy("calculator", "battle")
    parse_cards = _lazy("cards", "parse_cards")

    # the live questions and the setup questions (the rest: core.game.CONVENTION)
    dialog = _lazy("dialog", "ask")
    setup = _lazy("dialog", "setup")
    # issue 22: show --json and the JSON export of a game in progress: a secret army stays hidden
    public_output = _lazy("output", "public_output")

    # the table tools (``core.game.Game``'s optional members)
    #: ``referee battle``: ``battle_tool(t, cards_document, attacker=…, defender=…, …)``
    battle_tool = _lazy("tools", "battle_tool")
    #: ``referee cards``: a dialog over the owner's card table document, returning the new one
    cards_dialog = _lazy("tools", "cards_dialog")
    #: checks a card table document (``RecordError`` at the exact place)
    check_cards = _lazy("tools", "check_cards")
    #: the owner's card table in the data folder
    cards_file = ("cards", "medieval.json")

    @staticmethod
    def progress(state: Any, t: Any) -> str:
        from referee.games.medieval.summary import progress

        return progress(state, t)

    def export_json(self, state: Any, t: Any, meta: dict[str, Any],
                    actions: list[Any] | None = None) -> dict[str, Any]:
        """The replay output, the setup and every entry with what the rules did with it."""
        setup = {"map": state.map, "flags": dict(state.flags), "victory": state.victory,
                 "dismount": state.dismount, "cards": self.module("cards").card_document(state.cards)}
        entries = [{"entry": i, **log} for i, log in enumerate(state.log, 1)]
        return {**self.module("output").replay_output(state), "setup": setup, "entries": entries}

    def result_summary(self, state: Any) -> dict[str, Any] | None:
        """What the archive keeps of a finished game (for list and stats)."""
        if not state.over:
            return None
        out = self.module("output").replay_output(state)
        flags = {n: sum(state.flags[f] for f in p["flags"]) for n, p in out["players"].items()}
        return {"winners": out["winners"],
                "players": {n: {"score": {"flags": flags[n], "baggage": p["vp"] - flags[n],
                                          "total": p["vp"]},
                                "place": p["place"], "field_value": p["field_value"]}
                            for n, p in out["players"].items()}}


GAME = MedievalBattle()
