"""Issue 24, fault 8: every game's record shape, fuzzed with any JSON at every key.

A valid record of each game has values replaced (at any depth) by any JSON value (null, booleans,
numbers, strings of the game's own vocabulary, arrays and objects, nested), keys added and keys
removed.  Whatever comes out, reading and replaying it either works or ends in one
``RecordError`` that names its place: never another exception (before the fix, War Chest's
``action``, ``coin`` or ``recruit`` as an array reached a dict look-up: exit 70).  The fast
regressions of what it found are in ``test_hostile_io.py``."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import EXAMPLES

RECORDS = {game: [json.loads(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.json"))]
           for game, folder in (("na-grunwald", EXAMPLES), ("kajko-kokosz", EXAMPLES / "kajko"),
                                ("warchest", EXAMPLES / "warchest"), ("medieval", EXAMPLES / "medieval"))}


def _paths(doc, prefix=()):
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield prefix + (k,)
            yield from _paths(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield prefix + (i,)
            yield from _paths(v, prefix + (i,))


def _words(doc):
    """Every string and key of a record: the game's own words, to put in the wrong places."""
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield k
            yield from _words(v)
    elif isinstance(doc, list):
        for v in doc:
            yield from _words(v)
    elif isinstance(doc, str):
        yield doc


def _json(words):
    scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 12), st.integers(),
                        st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=8),
                        st.sampled_from(words))
    return st.recursive(scalars, lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.one_of(st.sampled_from(words), st.text(max_size=5)), inner, max_size=4)),
        max_leaves=10)


def _mutated(data, base):
    doc = json.loads(json.dumps(base))
    words = sorted(set(_words(base)))
    for _ in range(data.draw(st.integers(1, 3), label="changes")):
        paths = list(_paths(doc))
        if not paths:
            break
        path = data.draw(st.sampled_from(paths), label="at")
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        op = data.draw(st.sampled_from(["set", "set", "set", "delete", "add"]), label="op")
        if op == "set":
            parent[path[-1]] = data.draw(_json(words), label="value")
        elif op == "delete":
            del parent[path[-1]]
        elif isinstance(parent[path[-1]], dict):
            key = data.draw(st.one_of(st.sampled_from(words), st.text(max_size=5)), label="key")
            parent[path[-1]][key] = data.draw(_json(words), label="value")
    return doc


def _read_and_replay(doc) -> None:
    from referee.core.errors import RecordError
    from referee.core.records import load_record

    try:
        game, record = load_record("fuzz.json", text=json.dumps(doc))
        state, _ = record.replay()
        game.replay_output(state)
        game.replay_output(record.replay(tracked=False)[0])  # (``replay --json``'s fast path)
    except RecordError as error:
        assert error.location, error.key
        assert len(error.render("en").splitlines()) == 1
        assert len(error.render("pl").splitlines()) == 1


@pytest.mark.slow
@pytest.mark.parametrize("game", list(RECORDS))
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.data_too_large])
@given(data=st.data())
def test_any_json_at_any_key_is_read_or_a_record_error_with_its_place(game, data):
    base = data.draw(st.sampled_from(RECORDS[game]), label="record")
    _read_and_replay(_mutated(data, base))


def test_every_game_has_records_to_fuzz():
    assert all(len(records) >= 2 for records in RECORDS.values())
