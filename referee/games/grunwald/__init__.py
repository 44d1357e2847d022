"""Na Grunwald! (Filip Miłuński): pure rules, record format 1, replay output.  No I/O here."""

from __future__ import annotations

from typing import Any, Iterable

from referee.core.game import Step
import json

from referee.games.grunwald import bot, engine, inventory, output, record
from referee.games.grunwald import dialog as _dialog
from referee.games.grunwald import summary as _summary
from referee.games.grunwald.state import GrunwaldState


class Grunwald:
    name = record.GAME
    title = "Na Grunwald!"
    #: first segment of this game's keys in the text catalogs
    text_prefix = "grunwald"

    new_state = staticmethod(engine.new_state)
    decision = staticmethod(engine.decision)
    legal_actions = staticmethod(engine.legal_actions)
    apply = staticmethod(engine.apply)
    is_over = staticmethod(engine.is_over)
    random_action = staticmethod(bot.random_action)
    parse_record = staticmethod(record.parse_record)
    replay_output = staticmethod(output.replay_output)
    summary = staticmethod(_summary.summary)
    board = staticmethod(_summary.board)
    dialog = staticmethod(_dialog.ask)
    is_secret = staticmethod(_dialog.is_secret)

    @staticmethod
    def describe(action: Any) -> str:
        """An action as its compact record entry (what an undo took back)."""
        return json.dumps(record.action_entry(action), ensure_ascii=False)

    ask_inventory = staticmethod(inventory.ask_inventory)

    @staticmethod
    def export(state: GrunwaldState, fmt: str, t: Any, meta: dict[str, Any], name: str = "") -> str:
        """A game summary as ``md``, ``html``, ``json`` or ``csv`` text."""
        from referee.core import export, jsonio

        if fmt == "json":
            data = {**output.replay_output(state), "meta": meta, "rounds": output.round_log(state)}
            return jsonio.dumps_pretty(data)
        if fmt == "csv":
            return export.to_csv(*_summary.csv_rows(state))
        report = _summary.export_report(state, t, meta, name)
        if fmt == "md":
            return export.to_markdown(report)
        if fmt == "html":
            return export.to_html(report, t("grunwald.export.title", players=", ".join(state.names)),
                                  t.lang)
        raise ValueError(fmt)

    @staticmethod
    def score(document: Any) -> tuple[dict[str, Any], Any]:
        """Score a final inventory: the JSON output and a report of the breakdown."""
        inventories, result = inventory.score_document(document)
        return inventory.score_output(inventories, result), result

    @staticmethod
    def score_report(result: Any, names: list[str], t: Any) -> Any:
        return _summary.score_blocks(t, result, names)

    @staticmethod
    def new_record(players: list[str], meta: dict[str, Any]) -> dict[str, Any]:
        return record.write_record(players, [], meta)

    #: score parts that are titles (how often each was won, in stats)
    titles = ("crown_commander", "mercenary_commander", "quartermaster")

    @staticmethod
    def result_summary(state: GrunwaldState) -> dict[str, Any] | None:
        """What the archive keeps of a finished game (for list and stats)."""
        if not engine.is_over(state):
            return None
        out = output.replay_output(state)
        losses = output.skirmish_losses(state)
        return {"winners": out["winners"],
                "players": {n: {"score": p["score"], "place": p["place"], "losses": losses[n]}
                            for n, p in out["players"].items()}}

    @staticmethod
    def write_record(players: list[str], steps: Iterable[Step | Any], meta: dict[str, Any]
                     ) -> dict[str, Any]:
        actions = [s.action if isinstance(s, Step) else s for s in steps]
        return record.write_record(players, actions, meta)

    @staticmethod
    def snapshot(state: GrunwaldState) -> dict[str, Any]:
        return state.snapshot()


GAME = Grunwald()
