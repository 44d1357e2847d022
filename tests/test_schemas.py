"""Every record format has a published JSON Schema (``docs/schema/<game>.json``, issue 27), so a
tool outside the referee can check a record's shape.  The schemas are checked here against every
example, a sample of every game's golden corpus, records the referee itself writes from random
games of every player count — plain, and with the setup answers, variants and optional keys a
table gives (date, colours, Na Grunwald!'s ``event.later``, War Chest's draft cards …) — and the
records the CLI writes (``new``, ``import`` then ``export``); and each schema refuses what the
format forbids (so this test can fail)."""

from __future__ import annotations

import copy
import gzip
import json
import random
import re
from functools import cache

import pytest
from jsonschema import Draft202012Validator

from referee.core import jsonio, registry
from tests.conftest import EXAMPLES, ROOT
from tests.test_game_suite import NAMES, playout

SCHEMAS = ROOT / "docs" / "schema"


@cache
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
    wanted = tuple(f'{{"kind": "record", "name": "{kind}-' for kind in ("complete", "partial", "example"))
    with gzip.open(ROOT / "tests" / "grunwald" / "golden" / "corpus.jsonl.gz", "rt", encoding="utf-8") as lines:
        for line in lines:
            if not line.startswith(wanted):  # (what the test below skips, unparsed: for time)
                continue
            case = json.loads(line)
            kind = case["name"].split("-")[0]
            if case["kind"] != "record" or kind not in ("complete", "partial", "example"):
                continue
            written += 1
            if written % 15 == 0:
                doc = json.loads(case["text"])
                assert not list(check.iter_errors(doc)), case["name"]
                checked += 1
    assert checked == 120  # (every 15th of 1,804)

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



@pytest.mark.parametrize("name", ["kajko-kokosz", "medieval-battle", "war-chest"])
def test_every_games_golden_corpus_validates(name):
    """The other games' golden corpora (tests/golden.py): a sample spread over the records the
    referee wrote (random complete games and games cut short; 6 of ~210, for time: a War Chest
    record takes ~30 ms to validate).  The damaged copies are not the format (the reader's errors
    about them are what the corpus pins); the examples are checked above."""
    folder = {"kajko-kokosz": "kajko", "medieval-battle": "medieval", "war-chest": "warchest"}[name]
    with gzip.open(ROOT / "tests" / folder / "golden" / "corpus.jsonl.gz", "rt", encoding="utf-8") as lines:
        cases = [case for case in map(json.loads, lines)
                 if case["kind"] == "record" and case["name"].split("-")[0] in ("complete", "partial")]
    assert len(cases) > 200
    for case in cases[:: len(cases) // 6]:
        assert problems(name, json.loads(case["text"])) == [], case["name"]


def _medieval_cards(rng: random.Random) -> dict:
    from referee.games.medieval import bot
    from referee.games.medieval.cards import card_document

    return card_document(bot.random_cards(rng))


DRAFT = ["archer", "berserker", "cavalry", "crossbowman", "ensign", "footman", "knight", "lancer",
         "scout", "swordsman", "pikeman", "marshall"]
#: what a table gives beyond the players: setup answers, variants, the optional keys
SETUPS = {
    "na-grunwald": [(4, {"date": "2026-11-26", "place": "Kraków", "notes": "Ania's first game.",
                         "colors": {"Ola": "red", "Bartek": "green", "Ewa": "purple", "Kuba": "yellow"}}),
                    (2, {"date": "2026-11-26", "colors": {"Ola": "yellow", "Bartek": "magenta"}})],
    "kajko-kokosz": [(3, {"variants": {"dusigrosz": True, "coin_in_hand": True}}),
                     (2, {"stacks": [5, 6, 7, 8], "variants": {"coin_in_hand": True}}),
                     (5, {"variants": {"dusigrosz": True}})],
    "medieval-battle": [(2, {"map": "large", "time_tokens": 3, "variants": {"dismount": True},
                             "flags": {"edge1": 1, "edge2": 1, "centre1": 2}, "movement": {"light_cavalry": 4},
                             "cards": _medieval_cards}),
                        (2, {"map": "standard", "time_tokens": 5, "cards": _medieval_cards})],
    "war-chest": [(2, {"date": "2026-11-26", "place": "Kraków", "notes": "A draft.",
                       "options": {"royal_guard": "nobility"}, "setup": {"method": "draft", "cards": DRAFT[:8]}}),
                  (4, {"setup": {"method": "draft", "cards": DRAFT}}),
                  (2, {"setup": {"method": "historic:crecy"}, "options": {"royal_guard": "base"}})],
}


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_records_with_setup_answers_variants_and_optional_keys_validate(name):
    game = registry.get(name)
    rng = random.Random(27)
    for count, given in SETUPS[name]:
        meta = {k: v(rng) if callable(v) else v for k, v in given.items()}
        players = NAMES[:count]
        state, _ = game.parse_record(jsonio.loads(jsonio.dumps_pretty(game.new_record(players, meta)))).replay()
        actions = []
        while not game.is_over(state):
            action = game.random_action(state, rng)
            game.apply(state, action)
            actions.append(action)
        for part in (actions, actions[: len(actions) // 3]):  # finished, and stopped part-way
            doc = jsonio.loads(jsonio.dumps_pretty(game.write_record(players, part, meta)))
            assert {k for k in given if k != "setup"} <= set(doc), (sorted(given), sorted(doc))
            assert problems(name, doc) == [], given


def test_na_grunwalds_event_later_validates():
    """NG-R2's ``event.later`` (docs/grunwald-record-extensions.md), as the referee writes it."""
    from referee.games.grunwald import record
    from referee.games.grunwald.actions import Effect, LaterEffect
    from tests.grunwald.table import Table

    t = Table(2)
    t.to_round(2)
    t.do(LaterEffect("reveal", (Effect("Marek", provisions=1),)))
    t.reveal()
    t.place("Jacek", "crown")
    t.do(LaterEffect("placements[1]", (Effect("Jacek", ducats=2), Effect("Marek", ducats=-1))))
    doc = jsonio.loads(jsonio.dumps_pretty(record.write_record(t.s.names, t.actions)))
    assert len(doc["rounds"][1]["event"]["later"]) == 3
    assert problems("na-grunwald", doc) == []
    doc["rounds"][1]["event"]["later"][0]["at"] = 3  # (and the schema does look at it)
    assert problems("na-grunwald", doc)


def test_records_the_cli_writes_validate(tmp_path, capsys):
    """``new`` of each game (with colours, a place, variants), then ``export`` to a file, in a
    temporary data folder: what the referee hands a table validates (the date and colours are
    the CLI's; an imported record is exported as it was: the examples are canonical,
    tests/test_game_suite.py, and validated above)."""
    from referee.cli.app import main

    def run(*args: str) -> None:
        try:
            main([*args, "--data-dir", str(tmp_path / "data")])
        except SystemExit as exc:
            assert exc.code in (0, None), capsys.readouterr().err
        capsys.readouterr()

    sessions = {}
    for game, extra in (("grunwald", ["--colors", "red,green,purple"]), ("kajko", ["--variant", "dusigrosz",
                        "--variant", "coin_in_hand"]), ("medieval", ["--variant", "dismount"]), ("warchest", [])):
        players = "Ola,Bartek,Ewa" if game in ("grunwald", "kajko") else "Ola,Bartek"
        run("new", "--no-play", "--game", game, "--players", players, "--place", "Kraków", "--name", f"new-{game}",
            *extra)
        sessions[f"new-{game}"] = registry.find(game).name
    for session, name in sessions.items():
        out = tmp_path / f"{session}.json"
        run("export", session, "--format", "record", "-o", str(out))
        doc = jsonio.loads(out.read_text(encoding="utf-8"))
        assert doc["game"] == name and problems(name, doc) == [], session
        assert ("colors" in doc) == (name == "na-grunwald") and ("variants" in doc) == (name in (
            "kajko-kokosz", "medieval-battle"))
    assert len(sessions) == 4


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


# --- Medieval Battle's record spec (docs/spec/medieval-record.md) -----------------------------

SPEC = ROOT / "docs" / "spec" / "medieval-record.md"


def _spec_blocks(kind: str) -> list[str]:
    return re.findall(rf"```{kind}\n(.*?)```", SPEC.read_text(encoding="utf-8"), re.S)


def _holds(big, small) -> bool:
    """``small`` (the spec's sample, some keys left out) is part of ``big`` (the real output)."""
    if isinstance(small, dict):
        return isinstance(big, dict) and all(k in big and _holds(big[k], v) for k, v in small.items())
    return big == small


def test_medieval_record_specs_examples_validate_and_replay_as_it_says():
    from referee.games.medieval import output, record

    blocks = _spec_blocks("json")
    example = json.loads(blocks[0])
    assert problems("medieval-battle", example) == []
    state, _ = record.parse_record(example).replay()
    out = output.replay_output(state)
    assert out["complete"] and out["winners"] == ["Bartek"] and out["end"]["vp"] == {"Ola": 0, "Bartek": 3}
    fragments = [json.loads(line) for line in blocks[1].splitlines() if line.strip()]
    assert len(fragments) >= 8
    for fragment in fragments:  # each entry's shape, in the example's place
        assert problems("medieval-battle", {**example, "turns": [fragment]}) == [], fragment
    sample = next(json.loads(b) for b in blocks if b.lstrip().startswith('{\n  "game": "medieval-battle",\n  "complete"'))
    assert _holds(out, sample)


#: the edits the spec's error lines were made with, in the order it lists them
SPEC_ERRORS = [
    lambda d: d["armies"].__setitem__("Ola", {"heavy_cavalry": 7}),
    lambda d: d["turns"][0].__setitem__("player", "Ola"),
    lambda d: d["turns"][2].__setitem__("terrain", "mountains"),
    lambda d: d["turns"][5].__setitem__("stand", "yes"),
    lambda d: d["turns"].append({"player": "Ola", "pass": True}),
]


def test_medieval_record_specs_error_lines_are_the_referees(tmp_path, capsys, monkeypatch):
    from referee.cli.app import main

    example = json.loads(_spec_blocks("json")[0])
    lines = [ln for ln in _spec_blocks("console")[0].splitlines() if ln.startswith("referee: ")]
    assert len(lines) == len(SPEC_ERRORS)
    monkeypatch.chdir(tmp_path)
    for edit, line in zip(SPEC_ERRORS, lines):
        doc = copy.deepcopy(example)
        edit(doc)
        (tmp_path / "bad.json").write_text(json.dumps(doc), encoding="utf-8")
        with pytest.raises(SystemExit) as stop:
            main(["replay", "bad.json"])
        assert stop.value.code == 1
        assert capsys.readouterr().err.strip() == line


def test_medieval_record_spec_names_every_error_the_reader_gives():
    import tomllib

    spec = SPEC.read_text(encoding="utf-8")
    texts = tomllib.loads((ROOT / "referee" / "games" / "medieval" / "prompts" / "medieval.en.toml")
                          .read_text(encoding="utf-8"))["medieval"]
    keys = [f"medieval.{part}.{key}" for part in ("error", "record", "cards") for key in texts[part]]
    keys += [f"core.record.{key}" for key in ("bad_game", "bad_format", "missing_key", "unknown_key",
                                              "expected", "player_empty", "player_unprintable",
                                              "player_duplicate")]
    assert len(keys) > 80
    assert [k for k in keys if f"`{k}`" not in spec] == []
