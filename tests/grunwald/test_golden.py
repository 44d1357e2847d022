"""Golden outputs of the one engine: what ``replay --json`` printed for thousands of records before
the engine became the only reader (``golden/corpus.jsonl.gz``, made by ``golden/make.py``).

Every record — random complete games, games cut short, mutated records (most of them break a rule
somewhere), targeted edits, every shape of a placement entry — must give byte for byte the same
line, or the same error (rule, location, message): through ``replay --json`` (the untracked replay)
and through the tracked replay of a strictly loaded document.  The command-level sets (repeated
keys, escapes, byte order marks, bytes that are not UTF-8, deep nesting, numbers a fast decoder
once read otherwise) must print exactly what they printed.
"""

from __future__ import annotations

import base64
import gzip
import io
import json
import sys
from functools import cache
from pathlib import Path

import pytest

from referee.cli import replay as cli_replay
from referee.core import jsonio
from referee.core.errors import RecordError
from referee.games.grunwald import output, record

CORPUS = Path(__file__).resolve().parent / "golden" / "corpus.jsonl.gz"
CHUNKS = 6


@cache
def cases() -> tuple[list[dict], list[dict]]:
    records, cli = [], []
    with gzip.open(CORPUS, "rt", encoding="utf-8") as f:
        for line in f:
            case = json.loads(line)
            (records if case["kind"] == "record" else cli).append(case)
    return records, cli


def chunk(k: int) -> list[dict]:
    records = cases()[0]
    return records[k::CHUNKS]


def run_cli(paths, monkeypatch):
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    try:
        code = cli_replay.run([str(p) for p in paths], as_json=True, default_game=None, lang="en")
    finally:
        monkeypatch.undo()
    return code, out.getvalue(), err.getvalue()


def test_the_corpus_covers_every_kind_of_record():
    records, cli = cases()
    names = {c["name"].split("-")[0] for c in records}
    assert names == {"complete", "partial", "mutated", "targeted", "shape", "example"}
    assert sum("line" in c for c in records) > 2000 and sum("error" in c for c in records) > 3000
    assert sum('"complete":true' in c.get("line", "") for c in records) > 1500
    assert {c["name"] for c in cli} == {"mixed", "repeated-keys", "escapes-and-bytes", "deep",
                                        "numbers"}


@pytest.mark.slow
@pytest.mark.parametrize("k", range(CHUNKS))
def test_replay_json_prints_the_golden_lines(k, tmp_path, monkeypatch):
    """The command over many files (untracked replay, fast decoder): one line per file."""
    paths = []
    for i, case in enumerate(chunk(k)):
        path = tmp_path / f"{i}.json"
        path.write_text(case["text"], encoding="utf-8")
        paths.append(path)
    code, stdout, _ = run_cli(paths, monkeypatch)
    lines = stdout.splitlines()
    assert len(lines) == len(paths)
    for path, case, line in zip(paths, chunk(k), lines):
        prefix = jsonio.dumps_line({"file": str(path)})[:-1]
        if "line" in case:
            assert line == prefix + "," + case["line"][1:], case["name"]
        else:
            assert line == prefix + "," + jsonio.dumps_line({"error": case["error"]})[1:], \
                case["name"]
    assert code == (1 if any("error" in c for c in chunk(k)) else 0)


@pytest.mark.parametrize("k", [0, *(pytest.param(k, marks=pytest.mark.slow) for k in range(1, CHUNKS))])
def test_the_tracked_replay_gives_the_golden_answers(k):
    """The default replay (round log and card ledger kept) of a strictly loaded document."""
    for case in chunk(k):
        try:
            parsed = record.parse_record(jsonio.loads(case["text"]))
            state, _ = parsed.replay()
        except RecordError as err:
            assert "error" in case, (case["name"], err.as_dict("en"))
            assert err.as_dict("en") == case["error"], case["name"]
            continue
        assert "line" in case, (case["name"], case["error"])
        assert jsonio.dumps_line_plain(output.replay_output(state)) == case["line"], case["name"]


def test_a_single_file_prints_its_golden_line(tmp_path, monkeypatch):
    """One file (no ``file`` key), as the benchmark runs it; an error raises as always."""
    picked = [c for c in cases()[0] if c["name"] in ("complete-3", "partial-2", "example-four-players.json",
                                                     "mutated-0", "mutated-1", "mutated-2")]
    assert len(picked) == 6
    for case in picked:
        path = tmp_path / "one.json"
        path.write_text(case["text"], encoding="utf-8")
        if "line" in case:
            assert run_cli([path], monkeypatch) == (0, case["line"] + "\n", "")
        else:
            with pytest.raises(RecordError) as info:
                run_cli([path], monkeypatch)
            assert info.value.as_dict("en") == case["error"]


@pytest.mark.parametrize("name", ["mixed", "repeated-keys", "escapes-and-bytes", "deep", "numbers"])
def test_command_level_sets_print_what_they_printed(name, tmp_path, monkeypatch):
    case = next(c for c in cases()[1] if c["name"] == name)
    paths = []
    for file_name, data in case["files"]:
        path = tmp_path / file_name
        path.write_bytes(base64.b64decode(data))
        paths.append(path)
    expected = (case["code"], case["stdout"].replace("<dir>", str(tmp_path)),
                case["stderr"].replace("<dir>", str(tmp_path)))
    assert run_cli(paths, monkeypatch) == expected
