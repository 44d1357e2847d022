"""Medieval Battle (Andrzej Kurek, Alchemicus 2014): pure rules, the battle calculator, record
format 1, replay output.  No I/O here.

``MedievalBattle`` is the game object; its modules are imported on first use
(``core.game.CONVENTION``).  It is not registered yet (no module-level ``GAME``): the live dialog,
summaries, exports and the ``cards`` and ``battle`` commands come first.
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
    stats_extras: dict[str, tuple[str, str]] = {}
    variants = ("dismount",)  # MB-O1
    meta_keys = ()  # the record's optional keys are the game's own setup
    has_hints = False
    digest = "medieval-battle.md"  # in shared/rules/: its rule ids are rules.RULES
    calculator = False  # no end-of-game calculator from an inventory (the battle calculator is
    #                     the future ``referee battle``)
    #: what a free-form decision allows (recruitment, deployment, a turn), as data
    free_form = _lazy("engine", "free_form")
    #: the battle calculator: ``battle(table, kind, attacker, defender)``
    battle = _lazy("calculator", "battle")
    parse_cards = _lazy("cards", "parse_cards")

    def result_summary(self, state: Any) -> dict[str, Any] | None:
        """What the archive keeps of a finished game (for list and stats)."""
        if not state.over:
            return None
        out = self.module("output").replay_output(state)
        return {"winners": out["winners"],
                "players": {n: {"score": p["vp"], "place": p["place"]}
                            for n, p in out["players"].items()}}
