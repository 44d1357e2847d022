"""The shape of a stored result (issue 24, red team 2: store content that parses but is wrong is
damage) checked for every index row at once (issue 26: 10,000 rows by every ``list`` and
``stats``): ``files.results_ok`` over many results says what a check of each alone says, and
``files.bad_results`` finds exactly the bad ones, against a reference written from the shape
the games write (the check as it stood before it was made to run over all rows at once)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.store.files import StoreShape, bad_results, check_result, results_ok


def reference(result, players) -> bool:
    """A result of its players: ``winners`` some of them (words), ``players`` a figure for each
    of them and nobody else, each figure an object whose ``score`` (if any) holds numbers (not
    booleans) and whose ``tags`` (if any) are words."""
    if not isinstance(result, dict) or not isinstance(result.get("winners"), list):
        return False
    named = result.get("players")
    if not isinstance(named, dict) or any(not isinstance(p, str) for p in players) or set(
            named) != set(players) or not all(isinstance(w, str) and w in named
                                               for w in result["winners"]):
        return False
    for figures in named.values():
        if not isinstance(figures, dict):
            return False
        score, tags = figures.get("score", {}), figures.get("tags", [])
        if not isinstance(score, dict) or not all(type(v) in (int, float) for v in score.values()):
            return False
        if not isinstance(tags, list) or not all(isinstance(v, str) for v in tags):
            return False
    return True


NAMES = ["Ola", "Bartek", "Zoë"]
ANY = st.recursive(st.none() | st.booleans() | st.integers(-3, 3) | st.floats(allow_nan=False)
                   | st.sampled_from(NAMES + ["Nobody", ""]),
                   lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
                       st.sampled_from(NAMES + ["score", "tags", "total"]), inner, max_size=3),
                   max_leaves=6)


@st.composite
def a_result(draw):
    """A game's players and a result of them, then (now and then) something in it replaced by
    any JSON value: a key dropped, a value of another type, a name nobody played."""
    players = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=3, unique=True))
    figures = {n: {"score": {"total": draw(st.integers(0, 40)), "knights": draw(st.floats(0, 9))},
                   "tags": draw(st.lists(st.sampled_from(["red", "first"]), max_size=2)),
                   "place": draw(st.integers(1, 3))} for n in players}
    result = {"winners": draw(st.lists(st.sampled_from(players), min_size=1, max_size=2, unique=True)),
              "players": figures}
    for _ in range(draw(st.integers(0, 2))):
        where = draw(st.sampled_from(["result", "winners", "players", "figure", "score", "tags",
                                      "value", "drop", "who"]))
        name = draw(st.sampled_from(players))
        value = draw(ANY)
        if where == "result":
            result = value
        elif not isinstance(result, dict):
            continue
        elif where in ("winners", "players"):
            result[where] = value
        elif where == "drop":
            result.pop(draw(st.sampled_from(["winners", "players"])), None)
        elif where == "who":
            players = [*players, draw(st.sampled_from(NAMES + ["Nobody"]))]
        elif isinstance(result.get("players"), dict) and isinstance(result["players"].get(name), dict):
            figure = result["players"][name]
            if where == "figure":
                result["players"][name] = value
            elif where in ("score", "tags"):
                figure[where] = value
            elif isinstance(figure.get("score"), dict):
                figure["score"][draw(st.sampled_from(["total", "knights"]))] = value
    # (as the index keeps it: JSON text, decoded)
    return json.loads(json.dumps(result)), players


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(a_result(), max_size=6))
def test_results_checked_all_at_once_say_what_each_checked_alone_says(pairs):
    _checked_all_at_once_as_alone(pairs)


@pytest.mark.slow  # (the same, 500 examples)
@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(a_result(), max_size=6))
def test_results_checked_all_at_once_say_what_each_checked_alone_says_many(pairs):
    _checked_all_at_once_as_alone(pairs)


def _checked_all_at_once_as_alone(pairs):
    results, players = [r for r, _ in pairs], [p for _, p in pairs]
    good = [reference(r, p) for r, p in pairs]
    assert results_ok(results, players) == all(good)
    assert [results_ok([r], [p]) for r, p in pairs] == good
    assert bad_results(results, players) == [i for i, ok in enumerate(good) if not ok]
    # (more than a few: found by halving)
    assert bad_results(results * 6, players * 6) == [i for i, ok in enumerate(good * 6) if not ok]
    for (r, p), ok in zip(pairs, good):
        try:
            check_result(r, p)
            assert ok
        except StoreShape:
            assert not ok


def test_a_boolean_is_no_score_and_a_name_nobody_played_is_no_winner():
    one = {"winners": ["Ola"], "players": {"Ola": {"score": {"total": 3}}, "Bartek": {}}}
    assert results_ok([one], [["Ola", "Bartek"]])
    assert not results_ok([{**one, "players": {**one["players"], "Bartek": {"score": {"total": True}}}}],
                          [["Ola", "Bartek"]])
    assert not results_ok([{**one, "winners": ["Nobody"]}], [["Ola", "Bartek"]])
    assert not results_ok([one], [["Ola"]])  # a figure of someone who did not play
    # among 10,000 good ones, the two bad ones are found
    many = [one] * 10_000
    many[17] = {**one, "winners": "Ola"}
    many[9_999] = {**one, "players": {"Ola": {"tags": [1]}, "Bartek": {}}}
    assert bad_results(many, [["Ola", "Bartek"]] * 10_000) == [17, 9_999]
