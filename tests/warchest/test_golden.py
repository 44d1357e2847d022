"""The golden corpus of war-chest (``golden/corpus.jsonl.gz``, made by ``python -m tests.golden``):
random legal games, games cut short, damaged records and the examples give byte for byte the
``replay --json`` line or the error (rule, location, message) the code of their time gave, through
``replay --json`` (the fast decoder and the untracked replay) and through the default (tracked)
replay of a strictly loaded document; and one ``replay --json`` over several files (damaged
ones, repeated keys, broken JSON, bytes that are not UTF-8 …) prints exactly what it printed."""

from __future__ import annotations

import pytest

from tests import golden

GAME = "war-chest"


def test_the_corpus_holds_games_and_errors():
    records, cli = golden.load(GAME)
    assert len(records) > 500 and len(cli) == 1
    assert sum("line" in c for c in records) > 200 and sum("error" in c for c in records) > 200
    assert sum('"complete":true' in c.get("line", "") for c in records) > 150


CHUNKS = [0, *(pytest.param(k, marks=pytest.mark.slow) for k in range(1, golden.CHUNKS))]


@pytest.mark.parametrize("k", CHUNKS)
def test_replay_json_prints_the_golden_lines(k, tmp_path):
    golden.check_replay_json(GAME, tmp_path, k)


@pytest.mark.parametrize("k", CHUNKS)
def test_the_tracked_replay_gives_the_golden_answers(k):
    golden.check_tracked(GAME, k)


def test_replay_json_over_several_files_prints_what_it_printed(tmp_path):
    golden.check_cli(GAME, tmp_path)
