"""Every record format has a published JSON Schema (``docs/schema/<game>.json``, issue 27), so a
tool outside the referee can check a record's shape.  The schemas are checked here against every
example, Na Grunwald!'s golden corpus and records the referee itself writes from random games of
every player count; and each schema refuses what the format forbids (so this test can fail)."""

from __future__ import annotations

import copy
import gzip
import json
import random

import pytest
from jsonschema import Draft202012Validator

from referee.core import jsonio, registry
from tests.conftest import EXAMPLES, ROOT
from tests.test_game_suite import NAMES, playout

SCHEMAS = ROOT / "docs" / "schema"


def validator(name: str) -> Draft202012Validator:
    schema = json.loads((SCHEMAS / f"{name}.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def problems(name: str, document) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
            for e in validator(name).iter_errors(document)]


@pytest.mark.parametrize("name", registry.names())
def test_every_registered_game_publishes_a_schema(name):
    assert (SCHEMAS / f"{name}.json").is_file()
    assert validator(name).schema["properties"]["game"] == {"const": name}


@pytest.mark.parametrize("example", sorted(p.relative_to(EXAMPLES).as_posix() for p in EXAMPLES.rglob("*.json")))
def test_every_example_validates(example):
    doc = jsonio.loads((EXAMPLES / example).read_text(encoding="utf-8"))
    assert problems(doc["game"], doc) == []


def test_the_golden_corpus_validates():
    """Na Grunwald!'s golden corpus: the records the referee wrote (random complete and partial
    games, the examples; every 15th, for time) have the schema's shape.  (The corpus's mutated
    records that still replay lean on the reader's leniency, ``"skirmish": null`` read as absent:
    the schema states the format as written.)"""
    check = validator("na-grunwald")
    checked = written = 0
    with gzip.open(ROOT / "tests" / "grunwald" / "golden" / "corpus.jsonl.gz", "rt", encoding="utf-8") as lines:
        for line in lines:
            case = json.loads(line)
            kind = case["name"].split("-")[0]
            if case["kind"] != "record" or kind not in ("complete", "partial", "example"):
                continue
            written += 1
            if written % 15 == 0:
                doc = json.loads(case["text"])
                assert not list(check.iter_errors(doc)), case["name"]
                checked += 1
    assert checked > 100

@pytest.mark.parametrize("name", registry.names())
def test_records_the_referee_writes_validate(name):
    game = registry.get(name)
    rng = random.Random(27)
    for count in game.player_counts:
        for _ in range(3):
            players, _, actions = playout(game, rng, count)
            doc = jsonio.loads(jsonio.dumps_pretty(game.write_record(players, actions, {})))
            assert problems(name, doc) == []
            # and a record that stops part-way
            cut = jsonio.loads(jsonio.dumps_pretty(game.write_record(players, actions[: len(actions) // 2], {})))
            assert problems(name, cut) == []


BROKEN = {
    "na-grunwald": [("players", ["Ola"]), ("colors", {"Ola": "blink"}), ("rounds", [{"reveal": {"crown": [7, 1]}}]),
                    ("rounds", [{"placements": [{"player": "Ola", "field": "castle", "pawn": "officer"}]}])],
    "kajko-kokosz": [("turns", [{"player": "Ola", "reveal": 1, "card": "item:7"}]),
                     ("stacks", [4, 5])],
    "war-chest": [("rounds", [{"plays": [{"player": "Ola", "action": "fly"}]}]),
                  ("rounds", [{"plays": [{"player": "Ola", "action": "move", "coin": ["archer"]}]}])],
    "medieval-battle": [("time_tokens", -1), ("turns", [{"player": "Ola", "pass": False}])],
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_schema_refuses_what_the_format_forbids(name):
    game = registry.get(name)
    base = jsonio.loads(jsonio.dumps_pretty(game.new_record(NAMES[: game.player_counts[0]], {})))
    assert problems(name, base) == []
    for key, value in BROKEN[name]:
        doc = copy.deepcopy(base)
        doc[key] = value
        assert problems(name, doc), (key, value)
    assert problems(name, {**base, "unknown": 1})
    assert problems(name, {**base, "format": 2})
