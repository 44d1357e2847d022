"""Golden corpora of every game but Na Grunwald! (which has its own, ``tests/grunwald/golden``):
what ``replay --json`` printed for a few hundred records of each game, byte for byte, made once
from the code of their time and committed (``tests/<game>/golden/corpus.jsonl.gz``).  They pin
behaviour while the rules' code is reworked: a change that alters one output line or one error
(rule, location, message) fails ``tests/<game>/test_golden.py``.

    python -m tests.golden kajko-kokosz war-chest medieval-battle   # regenerate (review the diff!)

Each line of a corpus file is one case:

* ``{"kind": "record", "name", "text", "line" | "error"}``: a record's text, and ``replay --json``'s
  line for it alone, or its error as the line of a failed file in a replay of several files
  (``{"rule", "location", "message"}``); ``"tracked"`` as well when the default (tracked) replay
  of the strictly loaded document ends otherwise (it never did when the corpora were made);
* ``{"kind": "cli", "name", "files": [[name, base64 bytes]...], "code", "stdout", "stderr"}``: one
  ``replay --json`` over several files, the temporary folder written ``<dir>``.

The records: random legal games by the game's ``random_action`` (complete, and cut short at
random), damaged copies of them (one to three small random edits each: a key dropped or added, a
value changed, swapped with another of the record, an entry repeated, dropped or moved), which
mostly break a rule somewhere, and the repository's examples of the game.
"""

from __future__ import annotations

import base64
import copy
import gzip
import io
import json
import random
import sys
import tempfile
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Ola", "Bartek", "Ewa", "Kuba", "Lena"]
FOLDERS = {"kajko-kokosz": "kajko", "war-chest": "warchest", "medieval-battle": "medieval"}
#: (complete, cut short, damaged) games of each corpus
SIZES = (150, 60, 300)


def corpus_path(game_name: str) -> Path:
    return ROOT / "tests" / FOLDERS[game_name] / "golden" / "corpus.jsonl.gz"


# --- making ------------------------------------------------------------------------------------


def random_record(game_name: str, seed: int, cut: float | None = None) -> dict:
    """A random legal game of ``game_name`` (its own ``random_action`` from the first decision),
    as the referee writes its record; cut short at ``cut`` (a fraction of its entries)."""
    from referee.core import registry

    game = registry.get(game_name)
    rng = random.Random(seed)
    players = NAMES[: game.player_counts[seed % len(game.player_counts)]]
    state, _ = game.parse_record(game.new_record(players, {})).replay()
    actions = []
    while not game.is_over(state):
        action = game.random_action(state, rng)
        game.apply(state, action)
        actions.append(action)
    if cut is not None:
        actions = actions[: int(cut * len(actions))]
    return json.loads(json.dumps(game.write_record(players, actions, {"date": "2026-11-25"})))


POOL = [0, 1, 2, 3, 5, 9, -1, 100, True, False, None, "", "x", [], {}, [1], [0, 0], [1, 2],
        "Ola", "Zosia", {"player": "Ola"}]
KEYS = ["player", "card", "action", "coin", "to", "from", "unit", "path", "reveal", "send",
        "extra", "Ola", "Zosia"]


def containers(value, out):
    if isinstance(value, (dict, list)):
        out.append(value)
        for v in (value.values() if isinstance(value, dict) else value):
            containers(v, out)
    return out


def atoms(value, out):
    """Every string and number of the document (the damage reuses the record's own words)."""
    if isinstance(value, dict):
        out.extend(value)
        for v in value.values():
            atoms(v, out)
    elif isinstance(value, list):
        for v in value:
            atoms(v, out)
    else:
        out.append(value)
    return out


def mutate(doc: dict, rng: random.Random) -> None:
    """One small random edit somewhere in the document (never its top-level ``game``)."""
    words = atoms(doc, [])
    target = rng.choice(containers(doc, [])[1:] or [doc])
    pick = (lambda: copy.deepcopy(rng.choice(POOL))) if rng.random() < 0.4 else \
        (lambda: rng.choice(words))
    if isinstance(target, dict):
        if not target or rng.random() < 0.15:
            target[rng.choice(KEYS + [w for w in words if isinstance(w, str)][:50])] = pick()
            return
        key = rng.choice(list(target))
        value = target[key]
        roll = rng.random()
        if roll < 0.15:
            del target[key]
        elif isinstance(value, bool) and roll < 0.6:
            target[key] = not value
        elif isinstance(value, int) and not isinstance(value, bool) and roll < 0.7:
            target[key] = value + rng.choice((-2, -1, 1, 2))
        else:
            target[key] = pick()
    else:
        if not target:
            target.append(pick())
            return
        i = rng.randrange(len(target))
        roll = rng.random()
        if roll < 0.2:
            del target[i]
        elif roll < 0.35:
            target.insert(i, copy.deepcopy(target[i]))
        elif roll < 0.5 and i + 1 < len(target):
            target[i], target[i + 1] = target[i + 1], target[i]
        elif isinstance(target[i], int) and not isinstance(target[i], bool) and roll < 0.8:
            target[i] += rng.choice((-2, -1, 1, 2))
        else:
            target[i] = pick()


def as_text(doc, k: int) -> str:
    """The file's text: pretty (as the referee writes records) or compact, by turns."""
    from referee.core import jsonio

    return jsonio.dumps_pretty(doc) if k % 2 == 0 else json.dumps(doc, ensure_ascii=False)


def record_cases(game_name: str):
    """(name, text) of every record case of the game's corpus."""
    complete, partial, damaged = SIZES
    for seed in range(complete):
        yield f"complete-{seed}", as_text(random_record(game_name, seed), seed)
    for seed in range(partial):
        cut = random.Random(seed).random()
        yield f"partial-{seed}", as_text(random_record(game_name, seed, cut), seed)
    for seed in range(damaged):
        rng = random.Random(seed)
        doc = random_record(game_name, 10_000 + seed, None if seed % 4 else rng.random())
        for _ in range(1 + (rng.random() < 0.3) + (rng.random() < 0.1)):
            mutate(doc, rng)
        yield f"damaged-{seed}", as_text(doc, seed)
    for path in sorted((ROOT / "examples" / FOLDERS[game_name]).glob("*.json")):
        yield f"example-{path.name}", path.read_text(encoding="utf-8")


def cli_files(game_name: str) -> list[tuple[str, bytes]]:
    """The files of the command-level case: records, damaged ones, and files that are no record
    (a repeated key, not JSON, not UTF-8, a byte order mark, an escape, a huge number)."""
    from referee.core import jsonio

    files = []
    for seed in range(12):
        rng = random.Random(seed)
        doc = random_record(game_name, 20_000 + seed, None if seed % 3 else rng.random())
        if seed % 4 == 0:
            mutate(doc, rng)
        files.append((f"game{seed}.json", jsonio.dumps_pretty(doc).encode()))
    text = jsonio.dumps_pretty(random_record(game_name, 3))
    files += [
        ("dup.json", text.replace('"format": 1', '"format": 1, "format": 1', 1).encode()),
        ("dup-deep.json", text.replace('"player": ', '"player": "Ola", "player": ', 1).encode()),
        ("broken.json", text[: len(text) // 2].encode()),
        ("bom.json", b"\xef\xbb\xbf" + text.encode()),
        ("latin.json", text.replace("Ola", "Ol\u00e1").encode("latin-1")),
        ("escape.json", text.replace('"date"', '"d\\u0061te"').encode()),
        ("colon.json", text.replace("Ola", "O:la").encode()),
        ("number.json", text.replace('"format": 1', '"format": 18446744073709551617').encode()),
        ("empty.json", b""),
    ]
    return files


def run_cli(folder: Path, files: list[tuple[str, bytes]]) -> tuple[int, str, str]:
    """``replay --json`` (in process) over the files written into ``folder``, whose path is
    written ``<dir>`` in the output."""
    from referee.cli import replay as cli_replay

    paths = []
    for name, data in files:
        (folder / name).write_bytes(data)
        paths.append(str(folder / name))
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        code = cli_replay.run(paths, as_json=True, default_game=None, lang="en")
    finally:
        sys.stdout, sys.stderr = old
    return (code, out.getvalue().replace(str(folder), "<dir>"),
            err.getvalue().replace(str(folder), "<dir>"))


def tracked(game_name: str, text: str) -> dict:
    """The default replay (tracked) of the strictly loaded document: ``{"line": …}`` or
    ``{"error": …}``, as ``replay --json`` would write it."""
    from referee.core import jsonio, registry
    from referee.core.errors import RecordError, RefereeError

    game = registry.get(game_name)
    try:
        document = jsonio.loads(text)
        game = registry.for_document(document, None)
        state, _ = game.parse_record(document).replay()
    except RecordError as err:
        return {"error": err.as_dict("en")}
    except RefereeError as err:
        return {"error": {"rule": None, "location": None, "message": err.render("en")}}
    return {"line": jsonio.dumps_line_plain(game.replay_output(state))}


def make(game_name: str) -> Path:
    from referee.core import jsonio

    cases = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        names_texts = list(record_cases(game_name))
        code, stdout, _ = run_cli(folder, [(f"{i}.json", t.encode())
                                           for i, (_, t) in enumerate(names_texts)])
        lines = stdout.splitlines()
        assert len(lines) == len(names_texts)
        for i, ((name, text), line) in enumerate(zip(names_texts, lines)):
            entry = json.loads(line)
            assert entry.pop("file") == f"<dir>/{i}.json"
            case = {"kind": "record", "name": name, "text": text}
            if "error" in entry and set(entry) == {"error"}:
                case["error"] = entry["error"]
            else:
                case["line"] = jsonio.dumps_line_plain(entry)
            other = tracked(game_name, text)
            if other != {k: case[k] for k in ("line", "error") if k in case}:
                case["tracked"] = other
            cases.append(case)
        files = cli_files(game_name)
        sub = folder / "cli"
        sub.mkdir()
        code, stdout, stderr = run_cli(sub, files)
        cases.append({"kind": "cli", "name": "mixed",
                      "files": [[n, base64.b64encode(d).decode()] for n, d in files],
                      "code": code, "stdout": stdout, "stderr": stderr})
    path = corpus_path(game_name)
    path.parent.mkdir(parents=True, exist_ok=True)
    with gzip.GzipFile(path, "wb", compresslevel=9, mtime=0) as raw:
        for case in cases:
            raw.write((json.dumps(case, ensure_ascii=False) + "\n").encode())
    kinds = {"line": sum("line" in c for c in cases), "error": sum("error" in c for c in cases),
             "tracked differs": sum("tracked" in c for c in cases)}
    print(f"{path}: {len(cases)} cases {kinds}, {path.stat().st_size:,} bytes")
    return path


# --- checking ----------------------------------------------------------------------------------


@cache
def load(game_name: str) -> tuple[list[dict], list[dict]]:
    records, cli = [], []
    with gzip.open(corpus_path(game_name), "rt", encoding="utf-8") as f:
        for line in f:
            case = json.loads(line)
            (records if case["kind"] == "record" else cli).append(case)
    return records, cli


#: the corpus is checked in this many chunks: the first one in the quick run, the rest marked slow
CHUNKS = 4


def chunk(game_name: str, k: int) -> list[dict]:
    return load(game_name)[0][k::CHUNKS]


def check_replay_json(game_name: str, folder: Path, k: int) -> None:
    """``replay --json`` over every record of chunk ``k`` at once: each line as pinned."""
    from referee.core import jsonio

    records = chunk(game_name, k)
    code, stdout, _ = run_cli(folder, [(f"{i}.json", c["text"].encode())
                                       for i, c in enumerate(records)])
    lines = stdout.splitlines()
    assert len(lines) == len(records)
    for i, (case, line) in enumerate(zip(records, lines)):
        prefix = jsonio.dumps_line({"file": f"<dir>/{i}.json"})[:-1]
        if "line" in case:
            expected = prefix + "," + case["line"][1:]
        else:
            expected = prefix + "," + jsonio.dumps_line({"error": case["error"]})[1:]
        assert line == expected, case["name"]
    assert code == (1 if any("error" in c for c in records) else 0)


def check_tracked(game_name: str, k: int) -> None:
    """The default (tracked) replay of each strictly loaded record of chunk ``k``: the same
    answer."""
    for case in chunk(game_name, k):
        expected = case.get("tracked") or {k: case[k] for k in ("line", "error") if k in case}
        assert tracked(game_name, case["text"]) == expected, case["name"]


def check_cli(game_name: str, folder: Path) -> None:
    (case,) = load(game_name)[1]
    files = [(n, base64.b64decode(d)) for n, d in case["files"]]
    assert run_cli(folder, files) == (case["code"], case["stdout"], case["stderr"])


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    for name in sys.argv[1:] or list(FOLDERS):
        make(name)


_CHUNKS = [0, *(pytest.param(k, marks=pytest.mark.slow) for k in range(1, CHUNKS))]


class GoldenSuite:
    """The golden tests of one game (``GAME``): a game's ``test_golden.py`` is
    ``class TestGolden(golden.GoldenSuite): GAME = "…"`` (the first chunk in the quick run, the
    others slow)."""

    GAME = ""

    def test_the_corpus_holds_games_and_errors(self):
        records, cli = load(self.GAME)
        assert len(records) > 500 and len(cli) == 1
        assert sum("line" in c for c in records) > 200 and sum("error" in c for c in records) > 200
        assert sum('"complete":true' in c.get("line", "") for c in records) > 150

    @pytest.mark.parametrize("k", _CHUNKS)
    def test_replay_json_prints_the_golden_lines(self, k, tmp_path):
        check_replay_json(self.GAME, tmp_path, k)

    @pytest.mark.parametrize("k", _CHUNKS)
    def test_the_tracked_replay_gives_the_golden_answers(self, k):
        check_tracked(self.GAME, k)

    def test_replay_json_over_several_files_prints_what_it_printed(self, tmp_path):
        check_cli(self.GAME, tmp_path)
