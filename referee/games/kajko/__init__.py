"""Kajko i Kokosz: Przygody Wojów (Reiner Knizia): pure rules, record format 1, replay output.
No I/O here.

``GAME`` is the game's entry in the registry; its modules are imported on first use.
"""

from __future__ import annotations

from typing import Any

from referee.core.game import GamePackage, lazy

_lazy = lazy("referee.games.kajko")


class Kajko(GamePackage):
    package = "referee.games.kajko"
    export_title_key = "kajko.summary.title"
    name = "kajko-kokosz"
    aliases = ("kajko",)  # short names for --game
    title = "Kajko i Kokosz: Przygody Wojów"
    short_title = "Kajko i Kokosz"  # where space is short (the list of sessions)
    #: first segment of this game's keys in the text catalogs
    text_prefix = "kajko"
    #: score parts that are titles (how often each was won, in stats): the Dusigrosz card (KK-12)
    titles = ("dusigrosz",)
    player_counts = (2, 3, 4, 5)  # KK-3
    stats_extras = {"items_sent": ("average_items_sent", "kajko.stats.items_sent")}
    variants = ("dusigrosz", "coin_in_hand")  # KK-12, KK-13
    meta_keys = ()  # record format 1 holds only the game: no date, place, notes or colours
    has_hints = True
    digest = "kajko-kokosz.md"  # in docs/rules/: its rule ids are rules.RULES

    # the live questions and the setup questions (the rest: core.game.CONVENTION)
    dialog = _lazy("dialog", "ask")
    setup = _lazy("dialog", "setup")
    # issue 22: show --json and the JSON export of a game in progress: the towns as counts
    public_output = _lazy("output", "public_output")
    #: its record is the log of what the table saw (it may be shown while the game is played)
    secret_record = False

    @staticmethod
    def progress(state: Any, t: Any) -> str:
        return t("kajko.summary.progress", turn=len(state.log) + 1, player=state.current().name)

    def export_json(self, state: Any, t: Any, meta: dict[str, Any],
                    actions: list[Any] | None = None) -> dict[str, Any]:
        """The replay output, the setup and every turn with what it did."""
        record, summary = self.module("record"), self.module("summary")
        turns = [{"turn": i, **record.action_entry(log.action), "outcome": summary.outcome(t, log)}
                 for i, log in enumerate(state.log, 1)]
        setup = {"stacks": list(state.sizes),
                 "variants": {"dusigrosz": state.dusigrosz, "coin_in_hand": state.coin_in_hand}}
        return {**self.module("output").replay_output(state), "setup": setup, "turns": turns}

    def score(self, document: Any) -> tuple[dict[str, Any], Any]:
        return self.module("inventory").score_document(document)

    @staticmethod
    def play_facts(state: Any, t: Any) -> dict[str, Any]:
        """The logged play: who started (KK-4: the youngest player starts, the first in the record)."""
        return {"start": state.names[0]}

    def result_summary(self, state: Any) -> dict[str, Any] | None:
        """What the archive keeps of a finished game (for list and stats)."""
        if not state.over:
            return None
        out = self.module("output").replay_output(state)
        return {"winners": out["winners"],
                "players": {n: {"score": {k: v for k, v in p["score"].items() if k != "items_sent"},
                                "place": p["place"], "items_sent": p["score"]["items_sent"]}
                            for n, p in out["players"].items()}}


GAME = Kajko()
