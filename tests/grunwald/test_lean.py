"""The lean one-pass reader (``lean.py``, used by ``replay --json``) against the full replay.

Its contract: for a complete game that breaks no rule it gives exactly the full replay's output;
for every other record it gives ``None`` (and the full replay reports the error or the partial
state).  Checked on thousands of random complete and partial games and on mutated records, most of
which break a rule somewhere — a mutated record must never be accepted when the full replay refuses
it or stops early.
"""

from __future__ import annotations

import copy
import io
import json
import random
import re
import sys

import pytest

from referee.cli import replay as cli_replay
from referee.core import jsonio
from referee.core.errors import RecordError
from referee.games.grunwald import bot, lean, output, record
from tests.conftest import EXAMPLES

NAMES = ["Marek", "Jacek", "Kasia", "Ania"]


def full(doc):
    """The full replay's answer: ``("ok", output)`` or ``("error", rule, location, key)``."""
    try:
        state, _ = record.parse_record(doc).replay()
    except RecordError as err:
        return ("error", err.rule, err.location, err.key)
    return ("ok", output.replay_output(state))


def lean_output(doc):
    """The lean reader on a strictly loaded document, and through ``replay --json``'s shortcut
    from the file's text (decoded unchecked, repeated keys ruled out by counting): both agree."""
    try:
        parsed = record.parse_record(doc)  # the header: the lean reader starts after it
    except RecordError:
        parsed = None
    got = parsed.complete_output() if parsed is not None else None
    for text in (jsonio.dumps_pretty(doc), json.dumps(doc, ensure_ascii=False)):
        assert cli_replay.lean_output(text, None) == got
        assert cli_replay.lean_output(text.encode(), None) == got  # the file's bytes, as replay
    return got


def random_record(seed: int, cut: float | None = None) -> dict:
    rng = random.Random(seed)
    n = (2, 3, 4)[seed % 3]
    play = bot.play_sensible_game if seed % 2 else bot.play_random_game
    _, actions = play(NAMES[:n], rng)
    if cut is not None:
        actions = actions[: int(cut * len(actions))]
    doc = record.write_record(NAMES[:n], actions, {"date": "2026-11-22"})
    return json.loads(json.dumps(doc))  # plain JSON values, as read from a file


def check(doc) -> str:
    """Lean and full agree; returns what happened (for the tests' own sanity checks)."""
    answer = full(doc)
    got = lean_output(doc)
    if answer[0] == "ok" and answer[1]["complete"]:
        if got is None:
            return "complete, refused"
        assert jsonio.dumps_line(got) == jsonio.dumps_line(answer[1])
        return "complete"
    assert got is None, answer
    return "partial" if answer[0] == "ok" else "error"


# --- legal records -----------------------------------------------------------------------------


@pytest.mark.parametrize("chunk", range(4))
def test_complete_random_games_give_the_full_replays_output(chunk):
    for seed in range(chunk * 300, (chunk + 1) * 300):
        assert check(random_record(seed)) == "complete", seed


def test_partial_games_are_left_to_the_full_replay():
    seen = set()
    for seed in range(600):
        seen.add(check(random_record(seed, cut=random.Random(seed).random())))
    assert seen == {"partial"}


@pytest.mark.parametrize("name, outcome", [
    ("two-players.json", "complete"), ("three-players.json", "complete"),
    ("four-players.json", "complete"), ("in-progress-three-players.json", "partial"),
])
def test_examples(name, outcome):
    doc = jsonio.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    assert check(doc) == outcome


# --- mutated records ---------------------------------------------------------------------------

# Values a mutation may put anywhere: the record's own vocabulary, wrong types and edge numbers.
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
    """One small change somewhere in the record: a value, a key, an entry."""
    target = rng.choice(containers(doc, [])[1:])  # not the header object itself
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


@pytest.mark.parametrize("chunk", range(6))
def test_mutated_records_never_disagree(chunk):
    seen: dict[str, int] = {}
    for seed in range(chunk * 500, (chunk + 1) * 500):
        rng = random.Random(seed)
        doc = random_record(seed)
        for _ in range(1 + (rng.random() < 0.3)):
            mutate(doc, rng)
        outcome = check(doc)
        seen[outcome] = seen.get(outcome, 0) + 1
    # The mutations reach all sorts of outcomes, errors most of all.
    assert seen.get("error", 0) > 250 and seen.get("complete", 0) > 20, seen


def test_targeted_mutations():
    """Edits the random mutations rarely make; the lean reader agrees with the full replay on each
    (a ``null`` skirmish in the truce counts as absent for both)."""
    base = random_record(1)  # a complete three-player game, sensible table
    assert check(base) == "complete"
    edits = [
        (lambda d: d["rounds"][0].update(skirmish=None), "complete"),
        (lambda d: d["rounds"][3]["skirmish"].update(losses=None), "error"),
        (lambda d: d["rounds"][0].update(helper_purchase=None), "error"),
        (lambda d: d.update(feeding={"Marek": ["crown:6"], **d.get("feeding", {})}), "error"),
        (lambda d: d["rounds"].append(copy.deepcopy(d["rounds"][-1])), "error"),
        (lambda d: d["rounds"].pop(), "partial"),
        (lambda d: d["rounds"][2]["placements"].append({"player": "Marek", "pass": True}), "error"),
        (lambda d: d["rounds"][4]["reveal"].update(teutons=[4, 5]), "error"),
        (lambda d: d["rounds"][2]["reveal"].update(teutons=[1, 2]), "error"),
        (lambda d: d["rounds"][1]["reveal"].update(ducats=[1, 1, 1, 1]), "error"),
        (lambda d: d["rounds"][1]["reveal"].update(provisions=[0]), "error"),
        (lambda d: d["rounds"][1]["event"]["effects"].append({"player": "Marek"}), "error"),
        (lambda d: d["rounds"][1]["event"]["effects"].append({"player": "Marek", "gain": "peasant"}),
         "error"),
        (lambda d: d["rounds"][1]["event"]["effects"].append({"player": "Marek", "ducats": -99}),
         "error"),
        (lambda d: d["rounds"][1]["event"]["effects"].append({"player": "Marek", "helpers": 9}),
         "error"),
        (lambda d: d["rounds"][1]["event"].update(card=3), "error"),
    ]
    for i, (edit, expected) in enumerate(edits):
        doc = copy.deepcopy(base)
        edit(doc)
        assert check(doc) == expected, i


# --- the command ---------------------------------------------------------------------------------


def run_cli(files, monkeypatch, *, lean_on: bool):
    if not lean_on:
        monkeypatch.setattr(lean, "complete_output", lambda *args: None)
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    code = cli_replay.run(files, as_json=True, default_game=None, lang="en")
    monkeypatch.undo()
    return code, out.getvalue(), err.getvalue()


def test_replay_json_prints_the_same_with_and_without_the_lean_reader(tmp_path, monkeypatch):
    files = []
    for seed in range(60):
        rng = random.Random(seed)
        doc = random_record(seed, cut=None if seed % 3 else rng.random())
        if seed % 4 == 0:
            mutate(doc, rng)
        path = tmp_path / f"game{seed}.json"
        path.write_text(jsonio.dumps_pretty(doc), encoding="utf-8")
        files.append(path)
    (tmp_path / "dup.json").write_text('{"game": "na-grunwald", "game": "na-grunwald"}')
    files.append(tmp_path / "dup.json")
    with_lean = run_cli(files, monkeypatch, lean_on=True)
    without = run_cli(files, monkeypatch, lean_on=False)
    assert with_lean == without
    assert with_lean[0] == 1 and '"error"' in with_lean[1] and '"complete":true' in with_lean[1]


# --- repeated keys (replay --json decodes unchecked and counts ":" instead) ------------------------

# The first pair of an object whose value is a string, a number or a literal.
FIRST_PAIR = re.compile(r'\{(\s*)"([^"\\]+)": ("[^"\\]*"|-?\d+|true|false|null)')


def with_a_repeated_key(text: str, rng: random.Random) -> str:
    """The text with one object's first key written twice (same value or another one)."""
    matches = list(FIRST_PAIR.finditer(text))
    m = rng.choice(matches)
    value = rng.choice([m.group(3), "1", '"crown:6"', '"Marek"', "true"])
    pair = f'"{m.group(2)}": {value},{m.group(1) or " "}'
    insert = m.start() + 1 + len(m.group(1))
    return text[:insert] + pair + text[insert:]


def test_a_repeated_key_anywhere_is_left_to_the_strict_reader(tmp_path, monkeypatch):
    rng = random.Random(7)
    files = []
    for seed in range(150):
        doc = random_record(seed, cut=None if seed % 5 else 0.7)
        text = with_a_repeated_key(jsonio.dumps_pretty(doc), rng)
        with pytest.raises(RecordError) as info:
            jsonio.loads(text)
        assert info.value.key == "core.json.duplicate_key"
        assert cli_replay.lean_output(text, None) is None, text
        if seed < 30:
            path = tmp_path / f"dup{seed}.json"
            path.write_text(text, encoding="utf-8")
            files.append(path)
    assert run_cli(files, monkeypatch, lean_on=True) == run_cli(files, monkeypatch, lean_on=False)


def test_colon_budget_counts_every_pair_and_every_colon_in_strings():
    rng = random.Random(3)
    words = ["", "a", ":", "a:b", "::", "crown:6", "Jan P.", "ż:ó"]

    def value(depth):
        roll = rng.random()
        if depth > 3 or roll < 0.4:
            return rng.choice([0, -2, 1.5, True, None, *words])
        if roll < 0.7:
            return [value(depth + 1) for _ in range(rng.randrange(4))]
        return {rng.choice(words) + str(k): value(depth + 1) for k in range(rng.randrange(4))}

    for _ in range(500):
        v = value(0)
        for text in (json.dumps(v, ensure_ascii=False), jsonio.dumps_pretty(v),
                     json.dumps(v, indent=1, ensure_ascii=False)):
            assert jsonio.colon_budget(v) == text.count(":")
            counted = jsonio.loads_counted(text)
            assert counted is not None and counted == (v, text.count(":"))
            assert jsonio.loads_counted(text.encode("utf-8")) == counted  # the file's bytes
    for data in ('{"a": "\\u003a"}', '{"a": NaN}', '{"a": 1'):
        assert jsonio.loads_counted(data) is None  # a backslash, NaN, a syntax error: strict
        assert jsonio.loads_counted(data.encode()) is None
    # bytes that are not UTF-8, or begin with a byte order mark: the strict path decodes them
    assert jsonio.loads_counted('{"ż:": "żółw"}'.encode()) == ({"ż:": "żółw"}, 2)
    assert jsonio.loads_counted(b'{"a": "\xff"}') is None
    assert jsonio.loads_counted(b'{"a": "\xed\xa0\x80"}') is None  # an encoded surrogate
    assert jsonio.loads_counted(b'\xef\xbb\xbf{"a": 1}') is None
    assert jsonio.loads_counted('\ufeff{"a": 1}') is None


def test_shortcut_refusals_still_replay(tmp_path, monkeypatch):
    """Escapes and a ":" in a name make the shortcut step aside; odd spacing and ":" in the
    optional keys it copes with.  The output is the same either way."""
    doc = random_record(4)
    texts = [
        jsonio.dumps_pretty({**doc, "notes": "tab\tand \"quotes\""}),
        jsonio.dumps_pretty(json.loads(json.dumps(doc).replace("Marek", "Ma:rek"))),
        json.dumps(doc, indent=2, separators=(" , ", " : ")),
        jsonio.dumps_pretty({**doc, "colors": {"Marek": "red", "x:y": ["a:b", {"c": "d:e"}]}}),
    ]
    files = []
    for i, text in enumerate(texts):
        path = tmp_path / f"game{i}.json"
        path.write_text(text, encoding="utf-8")
        files.append(path)
    # the file's bytes: with a byte order mark (fine), and with a byte that is not UTF-8 (an error)
    text = jsonio.dumps_pretty(doc)
    for name, data in (("bom.json", b"\xef\xbb\xbf" + text.encode()),
                       ("latin.json", text.replace("Marek", "Mar\u00e9k").encode("latin-1"))):
        (tmp_path / name).write_bytes(data)
        files.append(tmp_path / name)
    with_lean = run_cli(files, monkeypatch, lean_on=True)
    assert with_lean == run_cli(files, monkeypatch, lean_on=False)
    assert with_lean[0] == 1 and with_lean[1].count('"complete":true') == 5
    assert "latin.json" in with_lean[2] and "UTF-8" in with_lean[2]


def test_optional_keys_nested_deep(tmp_path, monkeypatch):
    """Nesting the strict reader accepts but counting it would exhaust the stack: no crash, the
    full path answers."""
    text = jsonio.dumps_pretty(random_record(4))
    files = []
    for depth in range(700, 1000, 20):
        nested = text.replace('"date": "2026-11-22"',
                              '"date": "2026-11-22", "notes": ' + "[" * depth + "]" * depth)
        path = tmp_path / f"deep{depth}.json"
        path.write_text(nested, encoding="utf-8")
        files.append(path)
    with_lean = run_cli(files, monkeypatch, lean_on=True)
    assert with_lean == run_cli(files, monkeypatch, lean_on=False)
    assert '"complete":true' in with_lean[1]


# --- the fast decoder and encoder (orjson) ----------------------------------------------------------


def test_numbers_the_fast_decoder_reads_otherwise_go_the_strict_way(tmp_path, monkeypatch):
    """orjson reads integers beyond 64 bits as floats and refuses 1e400 (``json`` reads an int and
    infinity).  Wherever such a number stands — a value the rules read, or an optional key the
    output ignores — ``replay --json`` answers exactly as the full path does."""
    text = jsonio.dumps_pretty(random_record(4))
    numbers = ["18446744073709551616", "-9223372036854775809", "123456789012345678901234567890",
               "1e400", "-1e400", "2.0", "1E2", "-0"]
    spots = [('"count": 2', '"count": {}'), ('"date": "2026-11-22"', '"date": {}'),
             ('"format": 1', '"format": {}'), ('"crown": [', '"crown": [{}, ')]
    files = []
    for i, number in enumerate(numbers):
        for j, (old, new) in enumerate(spots):
            assert old in text
            path = tmp_path / f"n{i}-{j}.json"
            path.write_text(text.replace(old, new.format(number), 1), encoding="utf-8")
            files.append(path)
    with_lean = run_cli(files, monkeypatch, lean_on=True)
    assert with_lean == run_cli(files, monkeypatch, lean_on=False)
    assert '"complete":true' in with_lean[1] and '"error"' in with_lean[1]


def test_the_fast_decoder_agrees_with_json_or_steps_aside():
    rng = random.Random(11)
    atoms = ["0", "-1", "7", "1.5", "2e3", "18446744073709551615", "9223372036854775808", "1e400",
             "NaN", "Infinity", "true", "null", '"a"', '"ż:ó"', '"\t"', "01", "1.", ".5", '"\x7f"']

    def text(depth):
        roll = rng.random()
        if depth > 3 or roll < 0.5:
            return rng.choice(atoms)
        if roll < 0.75:
            return "[" + ", ".join(text(depth + 1) for _ in range(rng.randrange(4))) + "]"
        return "{" + ", ".join(f'"k{k}": {text(depth + 1)}' for k in range(rng.randrange(4))) + "}"

    def big_int_as_float(strict, fast):
        if type(strict) is int and type(fast) is float:
            return not -(2 ** 63) <= strict < 2 ** 64 and float(strict) == fast
        if type(strict) is list and type(fast) is list and len(strict) == len(fast):
            return all(big_int_as_float(a, b) for a, b in zip(strict, fast))
        if type(strict) is dict and type(fast) is dict and list(strict) == list(fast):
            return all(big_int_as_float(strict[k], fast[k]) for k in strict)
        return strict == fast and type(strict) is type(fast)

    agreed = 0
    for _ in range(3000):
        t = text(0)
        counted = jsonio.loads_counted(t)
        try:
            strict = jsonio.loads(t)
        except RecordError:
            assert counted is None, t  # the fast decoder never accepts what the strict one refuses
            continue
        if counted is not None:
            assert big_int_as_float(strict, counted[0]), t
            agreed += 1
    assert agreed > 500


def test_the_plain_line_encoder_writes_what_json_writes():
    rng = random.Random(5)
    strings = ["", "Marek", "ż:ó", "tab\t", 'q"uote', "back\\slash", "\x00\x1f\x7f", "\u2028",
               "emoji 🎲", "\ud800", "crown:6"]
    atoms = [0, -1, 2 ** 63 - 1, 2 ** 64, -(2 ** 63) - 1, 10 ** 30, True, False, None, *strings]

    def value(depth):
        roll = rng.random()
        if depth > 3 or roll < 0.5:
            return rng.choice(atoms)
        if roll < 0.75:
            return [value(depth + 1) for _ in range(rng.randrange(4))]
        return {rng.choice(strings) + str(k): value(depth + 1) for k in range(rng.randrange(4))}

    for _ in range(2000):
        v = value(0)
        assert jsonio.dumps_line_plain(v) == jsonio.dumps_line(v)
    assert jsonio.dumps_line_plain({1: "non-string key"}) == jsonio.dumps_line({1: "non-string key"})


def test_every_shape_of_a_placement_entry():
    """The lean reader tells a placement's keys apart by their number (player, field and pawn,
    then count and ducats if given): every other shape, and every value of the wrong type, gives
    the full replay's answer."""
    base = random_record(3)  # a complete four-player game
    assert check(base) == "complete"
    spots = [(r, i) for r, rnd in enumerate(base["rounds"]) for i, e in enumerate(rnd["placements"])
             if "pass" not in e]
    variants = [
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
    outcomes: dict[str, int] = {}
    for k, edit in enumerate(variants):
        for r, i in spots:
            doc = copy.deepcopy(base)
            edit(doc["rounds"][r]["placements"][i])
            outcome = check(doc)
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
    assert outcomes.get("error", 0) > 700 and outcomes.get("complete", 0) > 50, outcomes
