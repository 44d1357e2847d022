"""The golden corpus of kajko-kokosz (``golden/corpus.jsonl.gz``, made by ``python -m tests.golden``):
random legal games, games cut short, damaged records and the examples give byte for byte the
``replay --json`` line or the error (rule, location, message) the code of their time gave, through
``replay --json`` (the fast decoder and the untracked replay) and through the default (tracked)
replay of a strictly loaded document; and one ``replay --json`` over several files (damaged
ones, repeated keys, broken JSON, bytes that are not UTF-8 …) prints exactly what it printed."""

from __future__ import annotations

from tests import golden


class TestGolden(golden.GoldenSuite):
    GAME = "kajko-kokosz"
