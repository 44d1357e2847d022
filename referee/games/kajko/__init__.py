"""Kajko i Kokosz: Przygody Wojów (Reiner Knizia): pure rules, record format 1, replay output.
No I/O here.

``GAME`` is the game's entry in the registry; its modules are imported on first use.
"""

from __future__ import annotations

from collections.abc import Iterable
from importlib import import_module
from typing import Any

from referee.core.game import lazy

_lazy = lazy("referee.games.kajko")


def _module(name: str) -> Any:
    return import_module(f"referee.games.kajko.{name}")


class Kajko:
    name = "kajko-kokosz"
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
    describe = _lazy("summary", "describe")
    news_marker = _lazy("summary", "news_marker")
    news = _lazy("summary", "news")
    dialog = _lazy("dialog", "ask")
    setup = _lazy("dialog", "setup")
    is_secret = _lazy("dialog", "is_secret")
    ask_inventory = _lazy("inventory", "ask_inventory")

    @staticmethod
    def progress(state: Any, t: Any) -> str:
        return t("kajko.summary.progress", turn=len(state.log) + 1, player=state.current().name)

    @staticmethod
    def export(state: Any, fmt: str, t: Any, meta: dict[str, Any], name: str = "") -> str:
        """A game summary as ``md``, ``html``, ``json`` or ``csv`` text."""
        from referee.core import export, jsonio

        output, summary = _module("output"), _module("summary")
        if fmt == "json":
            turns = [{"turn": i, **_module("record").action_entry(log.action),
                      "outcome": summary._outcome(t, log)} for i, log in enumerate(state.log, 1)]
            setup = {"stacks": list(state.sizes),
                     "variants": {"dusigrosz": state.dusigrosz, "coin_in_hand": state.coin_in_hand}}
            return jsonio.dumps_pretty({**output.replay_output(state), "setup": setup, "turns": turns})
        if fmt == "csv":
            return export.to_csv(*summary.csv_rows(state))
        report = summary.export_report(state, t, meta, name)
        if fmt == "md":
            return export.to_markdown(report)
        if fmt == "html":
            return export.to_html(report, t("kajko.summary.title", players=", ".join(state.names)),
                                  t.lang)
        raise ValueError(fmt)

    @staticmethod
    def score(document: Any) -> tuple[dict[str, Any], Any]:
        return _module("inventory").score_document(document)

    @staticmethod
    def score_report(result: Any, names: list[str], t: Any) -> Any:
        return _module("summary").score_blocks(t, result, names)

    @staticmethod
    def new_record(players: list[str], meta: dict[str, Any]) -> dict[str, Any]:
        return _module("record").write_record(players, [], meta)

    @staticmethod
    def write_record(players: list[str], steps: Iterable[Any], meta: dict[str, Any]) -> dict[str, Any]:
        from referee.core.game import Step

        actions = [s.action if isinstance(s, Step) else s for s in steps]
        return _module("record").write_record(players, actions, meta)

    @staticmethod
    def result_summary(state: Any) -> dict[str, Any] | None:
        """What the archive keeps of a finished game (for list and stats)."""
        if not state.over:
            return None
        out = _module("output").replay_output(state)
        return {"winners": out["winners"],
                "players": {n: {"score": {k: v for k, v in p["score"].items() if k != "items_sent"},
                                "place": p["place"], "items_sent": p["score"]["items_sent"]}
                            for n, p in out["players"].items()}}

    @staticmethod
    def snapshot(state: Any) -> dict[str, Any]:
        return state.snapshot()


GAME = Kajko()
