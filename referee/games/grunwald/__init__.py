"""Na Grunwald! (Filip Miłuński): pure rules, record format 1, replay output.  No I/O here.

``GAME`` is the game's entry in the registry.  It imports its modules on first use, so a command
pays only for what it needs (``replay --json`` never loads the dialogs, summaries or exporters).
"""

from __future__ import annotations

from typing import Any

from referee.core.game import GamePackage


class Grunwald(GamePackage):
    package = "referee.games.grunwald"
    export_title_key = "grunwald.export.title"
    name = "na-grunwald"
    aliases = ("grunwald",)  # short names for --game
    #: records that do not name their game are Na Grunwald! records (format 1 had no ``game``)
    is_default = True
    title = "Na Grunwald!"
    short_title = "Na Grunwald!"  # where space is short (the list of sessions)
    #: first segment of this game's keys in the text catalogs
    text_prefix = "grunwald"
    #: score parts that are titles (how often each was won, in stats)
    titles = ("crown_commander", "mercenary_commander", "quartermaster")
    player_counts = (2, 3, 4)  # NG-C1
    stats_extras = {"losses": ("average_skirmish_losses", "grunwald.stats.losses")}
    variants = ()
    meta_keys = ("date", "place", "notes", "colors")  # the spec's optional keys
    has_hints = True  # the hands (issue 22: a memory aid, docs/table.md)
    #: issue 22: the standing reads the camps' face-down values (only an open table sees it)
    standing_is_private = True
    digest = "na-grunwald.md"  # in docs/rules/: its rule ids are rules.RULES

    def dialog(self, state: Any, t: Any, colors: dict[str, str] | None = None, hints: bool = False,
               open: bool = False) -> Any:
        """The live questions of the next entry: the hands shown with ``hints`` (a memory aid),
        the camps only at an ``open`` table, else in their owner's private moment."""
        return self.module("dialog").ask(state, t, colors, hints, open)

    def public_output(self, state: Any, data: dict[str, Any], hints: bool = False) -> dict[str, Any]:
        """``show --json`` and the JSON export of a game in progress: public facts only."""
        return self.module("output").public_output(state, data, hints)

    def public_summary(self, state: Any, t: Any, source: str | None = None) -> Any:
        """``show`` of a game in progress: hands and camps as counts."""
        return self.module("summary").public_summary(state, t, source)

    @staticmethod
    def setup(t: Any, players: list[str]) -> None:
        """Na Grunwald! has no setup choices beyond the players."""
        return None

    def progress(self, state: Any, t: Any) -> str:
        """Where an unfinished game stands: the round and the step the table is at."""
        out = self.module("output").replay_output(state)
        awaiting = out.get("awaiting")
        if awaiting:
            return t("grunwald.progress.awaiting", round=awaiting["round"],
                     step=t(f"grunwald.step.{awaiting['phase']}"))
        return t("grunwald.progress.round", round=out.get("round") or 0)

    def ask_inventory(self, t: Any) -> Any:
        """``referee score`` at the table: short players are offered the best feeding (NG-E1)."""
        return self.module("inventory").ask_inventory(t, advise=True)

    def standing(self, state: Any, t: Any) -> Any:
        """The score as if the game ended now, with titles and who would win (a Report)."""
        return self.module("summary").standing_report(state, t)

    def standing_output(self, state: Any) -> dict[str, Any]:
        """The same as plain data (``show --json``'s ``standing`` key)."""
        return self.module("advice").standing_output(state)

    def export_json(self, state: Any, t: Any, meta: dict[str, Any],
                    actions: list[Any] | None = None) -> dict[str, Any]:
        """The replay output, the record's metadata, the round log and ``advice``: every loss and
        feeding decision with what was chosen and what the advice would have been (issue 13), from
        the record's ``actions`` (without them, none)."""
        output = self.module("output")
        return {**output.replay_output(state), "meta": meta, "rounds": output.round_log(state),
                "advice": self.module("advice").review(state, actions)}

    def score(self, document: Any) -> tuple[dict[str, Any], Any]:
        """Score a final inventory: the JSON output and the scoring result (for the breakdown).
        A short player the file's ``feeding`` does not list gives up the advised knights (NG-E1):
        ``fed_as_advised`` in the output says whose and which."""
        inventory = self.module("inventory")
        inventories, result, advised = inventory.score_advised(document)
        output = inventory.score_output(inventories, result)
        if advised:
            output["fed_as_advised"] = advised
        return output, result

    def score_notes(self, output: dict[str, Any], t: Any) -> Any:
        from referee.core.report import Line
        from referee.games.grunwald.summary import cards_text

        return [Line(t("grunwald.advice.fed_from_file", player=name, cards=cards_text(t, cards)))
                for name, cards in output.get("fed_as_advised", {}).items()]

    @staticmethod
    def play_facts(state: Any, t: Any) -> dict[str, Any]:
        """The logged play: who started (NG-R4: the first round's start player is the first in the seating order)."""
        return {"start": state.names[0]}

    def result_summary(self, state: Any) -> dict[str, Any] | None:
        """What the archive keeps of a finished game (for list and stats)."""
        if not self.module("engine").is_over(state):
            return None
        output = self.module("output")
        out = output.replay_output(state)
        losses = output.skirmish_losses(state)
        return {"winners": out["winners"],
                "players": {n: {"score": p["score"], "place": p["place"], "losses": losses[n]}
                            for n, p in out["players"].items()}}


GAME = Grunwald()
