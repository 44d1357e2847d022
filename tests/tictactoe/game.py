"""Tic-tac-toe: a throwaway game defined inside tests/, to prove that a new game is a new folder.

Nothing outside this folder knows it: ``tests/conftest.py`` finds ``GAME`` here (every
``tests/<folder>/game.py``) and registers it only while a test uses it, with its catalogs
(``prompts/``) and its rules digest (``rules.md``) beside it.  It has no end-of-game calculator.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from referee.core.game import GamePackage

HERE = Path(__file__).resolve().parent


class TicTacToe(GamePackage):
    package = "tests.tictactoe"
    export_title_key = "tictactoe.summary.title"
    name = "tic-tac-toe"
    aliases = ("tictactoe", "ttt")
    title = "Tic-tac-toe"
    short_title = "Tic-tac-toe"
    text_prefix = "tictactoe"
    titles = ()
    player_counts = (2,)  # TT-1
    stats_extras = {"moves": ("average_moves", "tictactoe.stats.moves")}
    variants = ()
    meta_keys = ("date", "colors")
    has_hints = False
    digest = str(HERE / "rules.md")  # an absolute path: not in docs/rules/
    catalog_dir = HERE / "prompts"
    calculator = False  # ``referee score`` refuses it (core.cli.no_calculator)

    def dialog(self, state: Any, t: Any, colors: dict[str, str] | None = None, hints: bool = False,
               open: bool = False) -> Any:
        return self.module("dialog").ask(state, t, colors)

    @staticmethod
    def setup(t: Any, players: list[str]) -> None:
        return None

    @staticmethod
    def progress(state: Any, t: Any) -> str:
        return t("tictactoe.summary.progress", move=len(state.moves) + 1, player=state.current())

    def export_json(self, state: Any, t: Any, meta: dict[str, Any],
                    actions: list[Any] | None = None) -> dict[str, Any]:
        record = self.module("record")
        return {**self.module("output").replay_output(state), "meta": meta,
                "moves": [record.move_entry(m) for m in state.moves]}

    def result_summary(self, state: Any) -> dict[str, Any] | None:
        if not self.module("engine").is_over(state):
            return None
        out = self.module("output").replay_output(state)
        return {"winners": out["winners"],
                "players": {n: {"score": p["score"], "place": p["place"], "moves": p["moves"]}
                            for n, p in out["players"].items()}}


GAME = TicTacToe()
