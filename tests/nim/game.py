"""Nim: the second throwaway game defined inside tests/ (docs/adding-a-game.md's second example),
kept to test what tic-tac-toe does not: a variant (``new --variant misere``), setup questions
whose answers are record keys (the heaps), an entry asked in two questions, and a state built from
the record's setup rather than from the players alone.

Nothing outside this folder knows it: ``tests/conftest.py`` registers it only while a test uses it.
"""

from __future__ import annotations

from pathlib import Path

from referee.core.game import GameInfo, GamePackage, lazy

HERE = Path(__file__).resolve().parent
_lazy = lazy("tests.nim")


class Nim(GamePackage):
    package = "tests.nim"
    info = GameInfo(
        name="nim",
        title="Nim",
        text_prefix="nim",
        player_counts=(2,),  # NM-1
        export_title_key="nim.summary.title",
        variants=("misere",),  # NM-4 (``new --variant misere``: the record's ``variants``)
        meta_keys=("date",),  # the setup keys (heaps, variants) are the record's own, not meta
        stats_extras={"takes": ("average_takes", "nim.stats.takes")},
        digest=str(HERE / "rules.md"),
        catalog_dir=HERE / "prompts",
        calculator=False,
    )

    setup = _lazy("dialog", "setup")  # the heaps and the variant, asked by ``new``


GAME = Nim()
