"""Regenerate the golden corpora of ``tests/grunwald/test_golden.py`` (``corpus.jsonl.gz``).

    python -m tests.grunwald.golden.make

The committed file was made once, on the code *before* the engine became the only reader (the
lean one-pass reader of ``replay --json`` and the full replay still side by side, agreeing on every
record: the differential tests of that time proved it).  It pins what a player sees: for every
record, the exact ``replay --json`` line, or the error (rule, location, message).  Regenerate it
only for a deliberate change of the rules or of the output, and review the difference.

Each line of the file is one case:

* ``{"kind": "record", "name", "text", "line" | "error"}``: a record's text (as the file holds
  it), and ``replay --json``'s line for it alone, or its error as the line of a failed file
  (``{"rule", "location", "message"}``) in a replay of several files;
* ``{"kind": "cli", "name", "files": [[name, base64 bytes]...], "code", "stdout", "stderr"}``:
  one ``replay --json`` over several files, the temporary folder written as ``<dir>``.

The corpora (as in the old differential tests): 1,200 random complete games, 600 games cut short
at random, 3,000 mutated records (one or two small changes each), targeted edits, every shape of
a placement entry at every placement of one game, and the files of the command-level tests
(repeated keys, escapes, byte order marks, bytes that are not UTF-8, deep nesting, numbers the
fast decoder reads otherwise).
"""

from __future__ import annotations

import base64
import copy
import gzip
import io
import json
import random
import re
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus.jsonl.gz"
NAMES = ["Marek", "Jacek", "Kasia", "Ania"]


def random_record(seed: int, cut: float | None = None) -> dict:
    from referee.games.grunwald import bot, record

    rng = random.Random(seed)
    n = (2, 3, 4)[seed % 3]
    play = bot.play_sensible_game if seed % 2 else bot.play_random_game
    _, actions = play(NAMES[:n], rng)
    if cut is not None:
        actions = actions[: int(cut * len(actions))]
    doc = record.write_record(NAMES[:n], actions, {"date": "2026-11-22"})
    return json.loads(json.dumps(doc))


POOL = [
    0, 1, 2, 3, 5, 6, 7, -1, 100, True, False, None, "", "x", [], {}, [1], [1, 2], [7, 1],
    "Marek", "Jacek", "Kasia", "Ania", "Zosia", "crown", "provisions", "ducats", "mercenaries",
    "helpers", "teutons", "castle", "officer", "helper", "peasant", "crown:6", "crown:1",
    "mercenary:3", "teuton:2", "hand/crown:6", "camp/crown:6", "camp/teuton:2", "hand/peasant",
    "provisions:1", "provisions:2", "provisions:0", "provisions:01", ["crown:6"], ["provisions:1"],
    {"Marek": []}, {"Marek": "crown:6"}, {"pass": True}, {"player": "Marek", "pass": True},
    {"player": "Marek", "field": "crown", "pawn": "officer"},
]
KEYS = ["player", "field", "pawn", "count", "ducats", "pass", "gain", "discard", "exhaust",
        "helpers", "provisions", "teutons", "losses", "cards", "helper_purchase", "event",
        "skirmish", "placements", "reveal", "feeding", "effects", "card", "Marek", "Zosia"]


def containers(value, out):
    if isinstance(value, (dict, list)):
        out.append(value)
        for v in (value.values() if isinstance(value, dict) else value):
            containers(v, out)
    return out


def mutate(doc: dict, rng: random.Random) -> None:
    target = rng.choice(containers(doc, [])[1:])
    if isinstance(target, dict):
        if not target or rng.random() < 0.2:
            target[rng.choice(KEYS)] = rng.choice(POOL)
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
            target[key] = copy.deepcopy(rng.choice(POOL))
    else:
        if not target:
            target.append(copy.deepcopy(rng.choice(POOL)))
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
            target[i] = copy.deepcopy(rng.choice(POOL))


TARGETED = [
    lambda d: d["rounds"][0].update(skirmish=None),
    lambda d: d["rounds"][3]["skirmish"].update(losses=None),
    lambda d: d["rounds"][0].update(helper_purchase=None),
    lambda d: d.update(feeding={"Marek": ["crown:6"], **d.get("feeding", {})}),
    lambda d: d["rounds"].append(copy.deepcopy(d["rounds"][-1])),
    lambda d: d["rounds"].pop(),
    lambda d: d["rounds"][2]["placements"].append({"player": "Marek", "pass": True}),
    lambda d: d["rounds"][4]["reveal"].update(teutons=[4, 5]),
    lambda d: d["rounds"][2]["reveal"].update(teutons=[1, 2]),
    lambda d: d["rounds"][1]["reveal"].update(ducats=[1, 1, 1, 1]),
    lambda d: d["rounds"][1]["reveal"].update(provisions=[0]),
    lambda d: d["rounds"][1]["event"]["effects"].append({"player": "Marek"}),
    lambda d: d["rounds"][1]["event"]["effects"].append({"player": "Marek", "gain": "peasant"}),
    lambda d: d["rounds"][1]["event"]["effects"].append({"player": "Marek", "ducats": -99}),
    lambda d: d["rounds"][1]["event"]["effects"].append({"player": "Marek", "helpers": 9}),
    lambda d: d["rounds"][1]["event"].update(card=3),
]

PLACEMENT_SHAPES = [
    lambda e: e.pop("pawn"), lambda e: e.pop("field"), lambda e: e.pop("player"),
    lambda e: e.update(count=e.get("count", 1)), lambda e: e.update(ducats=0),
    lambda e: e.update(ducats=1), lambda e: e.update(count=True), lambda e: e.update(count=1.0),
    lambda e: e.update(ducats="1"), lambda e: e.update(ducats=None), lambda e: e.update(extra=1),
    lambda e: e.update(ducats=True), lambda e: e.update(ducats=1.5), lambda e: e.update(count=2.0),
    lambda e: e.update(count=2, ducats=True), lambda e: e.update(count=True, ducats=1),
    lambda e: e.update(count=2, ducats=1, extra=1), lambda e: e.update(**{"pass": True}),
    lambda e: (e.pop("pawn"), e.update(count=1)), lambda e: (e.pop("pawn"), e.update(ducats=1)),
    lambda e: (e.pop("field"), e.update(count=1, ducats=1)), lambda e: e.update(pawn="helpers"),
    lambda e: e.update(field="Crown"), lambda e: e.update(field=["crown"]),
]


def as_text(doc, k: int) -> str:
    """The file's text: pretty (as the referee writes records) or compact, by turns."""
    from referee.core import jsonio

    return jsonio.dumps_pretty(doc) if k % 2 == 0 else json.dumps(doc, ensure_ascii=False)


def record_cases():
    """(name, text) of every record case."""
    for seed in range(1200):
        yield f"complete-{seed}", as_text(random_record(seed), seed)
    for seed in range(600):
        yield f"partial-{seed}", as_text(random_record(seed, cut=random.Random(seed).random()), seed)
    for seed in range(3000):
        rng = random.Random(seed)
        doc = random_record(seed)
        for _ in range(1 + (rng.random() < 0.3)):
            mutate(doc, rng)
        yield f"mutated-{seed}", as_text(doc, seed)
    base = random_record(1)
    for i, edit in enumerate(TARGETED):
        doc = copy.deepcopy(base)
        edit(doc)
        yield f"targeted-{i}", as_text(doc, i)
    base = random_record(3)
    spots = [(r, i) for r, rnd in enumerate(base["rounds"]) for i, e in enumerate(rnd["placements"])
             if "pass" not in e]
    for k, edit in enumerate(PLACEMENT_SHAPES):
        for r, i in spots:
            doc = copy.deepcopy(base)
            edit(doc["rounds"][r]["placements"][i])
            yield f"shape-{k}-{r}-{i}", as_text(doc, k + r + i)
    for name in ("two-players.json", "three-players.json", "four-players.json",
                 "in-progress-three-players.json"):
        yield f"example-{name}", (HERE.parents[2] / "examples" / name).read_text(encoding="utf-8")


# --- the command-level file sets --------------------------------------------------------------

FIRST_PAIR = re.compile(r'\{(\s*)"([^"\\]+)": ("[^"\\]*"|-?\d+|true|false|null)')


def with_a_repeated_key(text: str, rng: random.Random) -> str:
    matches = list(FIRST_PAIR.finditer(text))
    m = rng.choice(matches)
    value = rng.choice([m.group(3), "1", '"crown:6"', '"Marek"', "true"])
    pair = f'"{m.group(2)}": {value},{m.group(1) or " "}'
    insert = m.start() + 1 + len(m.group(1))
    return text[:insert] + pair + text[insert:]


def cli_sets():
    """(name, [(file name, bytes)...]) for each command-level case."""
    from referee.core import jsonio

    files = []
    for seed in range(60):
        rng = random.Random(seed)
        doc = random_record(seed, cut=None if seed % 3 else rng.random())
        if seed % 4 == 0:
            mutate(doc, rng)
        files.append((f"game{seed}.json", jsonio.dumps_pretty(doc).encode()))
    files.append(("dup.json", b'{"game": "na-grunwald", "game": "na-grunwald"}'))
    yield "mixed", files

    rng = random.Random(7)
    files = []
    for seed in range(150):
        doc = random_record(seed, cut=None if seed % 5 else 0.7)
        text = with_a_repeated_key(jsonio.dumps_pretty(doc), rng)
        files.append((f"dup{seed}.json", text.encode()))
    yield "repeated-keys", files

    doc = random_record(4)
    texts = [
        jsonio.dumps_pretty({**doc, "notes": "tab\tand \"quotes\""}),
        jsonio.dumps_pretty(json.loads(json.dumps(doc).replace("Marek", "Ma:rek"))),
        json.dumps(doc, indent=2, separators=(" , ", " : ")),
        jsonio.dumps_pretty({**doc, "colors": {"Marek": "red", "x:y": ["a:b", {"c": "d:e"}]}}),
        jsonio.dumps_pretty({**doc, "notes": "\u0041\\u003a"}),
        json.dumps(doc, ensure_ascii=True).replace("Marek", "Mar\\u0065k"),
        json.dumps(doc).replace('"date"', '"d\\u0061te"'),
    ]
    files = [(f"game{i}.json", t.encode()) for i, t in enumerate(texts)]
    text = jsonio.dumps_pretty(doc)
    files.append(("bom.json", b"\xef\xbb\xbf" + text.encode()))
    files.append(("latin.json", text.replace("Marek", "Mar\u00e9k").encode("latin-1")))
    yield "escapes-and-bytes", files

    text = jsonio.dumps_pretty(random_record(4))
    files = []
    for depth in (*range(600, 900, 20), 3000):  # (3000: too deep for any reader)
        nested = text.replace('"date": "2026-11-22"',
                              '"date": "2026-11-22", "notes": ' + "[" * depth + "]" * depth)
        files.append((f"deep{depth}.json", nested.encode()))
    yield "deep", files

    numbers = ["18446744073709551616", "-9223372036854775809", "123456789012345678901234567890",
               "1e400", "-1e400", "2.0", "1E2", "-0"]
    spots = [('"count": 2', '"count": {}'), ('"date": "2026-11-22"', '"date": {}'),
             ('"format": 1', '"format": {}'), ('"crown": [', '"crown": [{}, ')]
    files = []
    for i, number in enumerate(numbers):
        for j, (old, new) in enumerate(spots):
            assert old in text
            files.append((f"n{i}-{j}.json", text.replace(old, new.format(number), 1).encode()))
    yield "numbers", files


def run_cli(folder: Path, files: list[tuple[str, bytes]]) -> tuple[int, str, str]:
    """``replay --json`` (in process) over the files written into ``folder``; the folder's path
    in the output is written ``<dir>``."""
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


def main() -> int:
    cases = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        names_texts = list(record_cases())
        # every record in one replay of several files: one line each, in order
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
                # the line of a replay of this file alone (no "file" key), as it prints it
                from referee.core import jsonio
                case["line"] = jsonio.dumps_line_plain(entry)
            cases.append(case)
        for name, files in cli_sets():
            sub = folder / name
            sub.mkdir()
            code, stdout, stderr = run_cli(sub, files)
            cases.append({"kind": "cli", "name": name,
                          "files": [[n, base64.b64encode(d).decode()] for n, d in files],
                          "code": code, "stdout": stdout, "stderr": stderr})
    with gzip.open(CORPUS, "wt", encoding="utf-8", compresslevel=9) as f:
        for case in cases:
            f.write(json.dumps(case, ensure_ascii=False) + "\n")
    kinds: dict[str, int] = {}
    for c in cases:
        key = c["kind"] if c["kind"] == "cli" else ("line" if "line" in c else "error")
        kinds[key] = kinds.get(key, 0) + 1
    print(f"{CORPUS}: {len(cases)} cases {kinds}, {CORPUS.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
