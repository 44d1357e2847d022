"""Na Grunwald! (Filip Miłuński): pure rules, record format 1, replay output.  No I/O here.

``GAME`` is the game's entry in the registry.  It imports its modules on first use, so a command
pays only for what it needs (``replay --json`` never loads the dialogs, summaries or exporters).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Iterable

from referee.core.game import lazy

_lazy = lazy("referee.games.grunwald")


def _module(name: str) -> Any:
    return import_module(f"referee.games.grunwald.{name}")


class Grunwald:
    name = "na-grunwald"
    title = "Na Grunwald!"
    short_title = "Na Grunwald!"  # where space is short (the list of sessions)
    #: first segment of this game's keys in the text catalogs
    text_prefix = "grunwald"
    #: score parts that are titles (how often each was won, in stats)
    titles = ("crown_commander", "mercenary_commander", "quartermaster")
    player_counts = (2, 3, 4)  # NG-C1
    stats_extras = {"losses": ("average_skirmish_losses", "core.cli.col_losses")}
    variants = ()
    meta_keys = ("date", "place", "notes", "colors")  # the spec's optional keys
    has_hints = False

    new_state = _lazy("engine", "new_state")
    decision = _lazy("engine", "decision")
    legal_actions = _lazy("engine", "legal_actions")
    apply = _lazy("engine", "apply")
    is_over = _lazy("engine", "is_over")
    random_action = _lazy("bot", "random_action")
    parse_record = _lazy("record", "parse_record")
    replay_output = _lazy("output", "replay_output")
    summary = _lazy("summary", "summary")
    board = _lazy("summary", "board")
    is_secret = _lazy("dialog", "is_secret")
    ask_inventory = _lazy("inventory", "ask_inventory")

    describe = _lazy("summary", "describe")  # (t, action): an entry in words
    news_marker = _lazy("summary", "news_marker")
    news = _lazy("summary", "news")  # (t, marker, state): what the rules just resolved

    @staticmethod
    def dialog(state: Any, t: Any, colors: dict[str, str] | None = None, hints: bool = False) -> Any:
        """The live questions of the next entry (this game has no memory aid: ``hints`` is unused)."""
        return _module("dialog").ask(state, t, colors)

    @staticmethod
    def setup(t: Any) -> None:
        """Na Grunwald! has no setup choices beyond the players."""
        return None

    @staticmethod
    def progress(state: Any, t: Any) -> str:
        """Where an unfinished game stands: the round and the step the table is at."""
        out = _module("output").replay_output(state)
        awaiting = out.get("awaiting")
        if awaiting:
            return t("core.cli.status_awaiting", round=awaiting["round"],
                     step=t(f"core.cli.step_{awaiting['phase']}"))
        return t("core.cli.status_round", round=out.get("round") or 0)

    @staticmethod
    def export(state: Any, fmt: str, t: Any, meta: dict[str, Any], name: str = "") -> str:
        """A game summary as ``md``, ``html``, ``json`` or ``csv`` text."""
        from referee.core import export, jsonio

        output, summary = _module("output"), _module("summary")
        if fmt == "json":
            data = {**output.replay_output(state), "meta": meta, "rounds": output.round_log(state)}
            return jsonio.dumps_pretty(data)
        if fmt == "csv":
            return export.to_csv(*summary.csv_rows(state))
        report = summary.export_report(state, t, meta, name)
        if fmt == "md":
            return export.to_markdown(report)
        if fmt == "html":
            return export.to_html(report, t("grunwald.export.title", players=", ".join(state.names)),
                                  t.lang)
        raise ValueError(fmt)

    @staticmethod
    def score(document: Any) -> tuple[dict[str, Any], Any]:
        """Score a final inventory: the JSON output and the scoring result (for the breakdown)."""
        inventory = _module("inventory")
        inventories, result = inventory.score_document(document)
        return inventory.score_output(inventories, result), result

    @staticmethod
    def score_report(result: Any, names: list[str], t: Any) -> Any:
        return _module("summary").score_blocks(t, result, names)

    @staticmethod
    def new_record(players: list[str], meta: dict[str, Any]) -> dict[str, Any]:
        return _module("record").write_record(players, [], meta)

    @staticmethod
    def result_summary(state: Any) -> dict[str, Any] | None:
        """What the archive keeps of a finished game (for list and stats)."""
        if not _module("engine").is_over(state):
            return None
        output = _module("output")
        out = output.replay_output(state)
        losses = output.skirmish_losses(state)
        return {"winners": out["winners"],
                "players": {n: {"score": p["score"], "place": p["place"], "losses": losses[n]}
                            for n, p in out["players"].items()}}

    @staticmethod
    def write_record(players: list[str], steps: Iterable[Any], meta: dict[str, Any]) -> dict[str, Any]:
        from referee.core.game import Step

        actions = [s.action if isinstance(s, Step) else s for s in steps]
        return _module("record").write_record(players, actions, meta)

    @staticmethod
    def snapshot(state: Any) -> dict[str, Any]:
        return state.snapshot()


GAME = Grunwald()
