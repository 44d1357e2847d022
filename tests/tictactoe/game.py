"""Tic-tac-toe: a throwaway game defined inside tests/, to prove that a new game is a new folder
(and the template docs/adding-a-game.md walks through).

Nothing outside this folder knows it: ``tests/conftest.py`` finds ``GAME`` here (every
``tests/<folder>/game.py``) and registers it only while a test uses it, with its catalogs
(``prompts/``) and its rules digest (``rules.md``) beside it.  It has no end-of-game calculator.

The game object is what the game *is* (``info``); what it *does* lives in the modules of its
package, found by ``core.game.CONVENTION`` (``engine.apply``, ``record.parse_record``,
``output.result_summary``, ``output.progress`` …) and imported on first use.  It needs no member
off the convention; one would be declared with ``_lazy`` (Nim's ``setup = _lazy("dialog", "setup")``).
"""

from __future__ import annotations

from pathlib import Path

from referee.core.game import GameInfo, GamePackage, lazy

HERE = Path(__file__).resolve().parent
_lazy = lazy("tests.tictactoe")  # (for a member off the convention: none here)


class TicTacToe(GamePackage):
    package = "tests.tictactoe"
    info = GameInfo(
        name="tic-tac-toe",
        title="Tic-tac-toe",
        text_prefix="tictactoe",
        player_counts=(2,),  # TT-1
        export_title_key="tictactoe.summary.title",
        aliases=("tictactoe", "ttt"),
        meta_keys=("date", "colors"),
        stats_extras={"moves": ("average_moves", "tictactoe.stats.moves")},
        digest=str(HERE / "rules.md"),  # an absolute path: not in docs/rules/
        catalog_dir=HERE / "prompts",
        calculator=False,  # ``referee score`` refuses it (core.cli.no_calculator)
    )



GAME = TicTacToe()
