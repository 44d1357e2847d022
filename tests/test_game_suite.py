"""One suite over every registered game (in the spirit of OpenSpiel's shared tests): random legal
playouts through the game's interface, the game's own invariants after every entry, record
write → parse → replay equality, no legal actions once the game is over, and undo/redo equality.

Every test taking ``game`` runs once per game: the registered ones and the throwaway games defined
inside tests/ (``tests/conftest.py``), with no edit here when a game is added."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core import jsonio, registry
from referee.core.errors import RecordError
from referee.core.game import (
    CONVENTION,
    OPTIONAL,
    Decision,
    Game,
    GameInfo,
    GamePackage,
    GameState,
    Presentation,
    Records,
    Rules,
    Table,
)
from tests.conftest import EXAMPLES, game_names

NAMES = ["Ola", "Bartek", "Ewa", "Kuba", "Lena"]


def test_every_registered_game_is_in_the_suite():
    assert set(registry.names()) <= set(game_names())


def contract(protocol: type) -> set[str]:
    """The members a protocol names (its facts and its methods), with those of its bases."""
    named: set[str] = set()
    for cls in protocol.__mro__:
        if cls is not object and cls.__name__ not in ("Protocol", "Generic"):
            named |= {n for n in vars(cls) if not n.startswith("_")} | set(vars(cls).get(
                "__annotations__", {}))
    return named


def test_the_game_protocol_is_small():
    """Issue 27: ``GameInfo`` holds what a game is; the protocols what it does (51 members
    before the split)."""
    assert contract(Game) == {"info", "rules"} | contract(Rules) | contract(Records) \
        | contract(Presentation) | contract(Table)
    assert contract(Rules) == {"new_state", "decision", "legal_actions", "apply", "is_over"}
    assert len(contract(Game)) <= 28


def test_every_game_declares_its_members_the_same_way(game):
    """Issue 27: a game's class states its ``package`` and ``info``; every other member is a
    function of one of its modules, declared with ``lazy`` (by convention or by name).  A member
    of the convention is the convention's function, in every game (one name per member), and
    every declared member names a function its module has."""
    from importlib import import_module

    declared = {n: v for n, v in vars(type(game)).items() if not n.startswith("__")}
    assert isinstance(declared.pop("info"), GameInfo)
    assert isinstance(declared.pop("package"), str)
    if not game.info.calculator:  # its calculator's members refuse (core.cli.no_calculator)
        refused = [declared.pop(m) for m in OPTIONAL["calculator"]]
        assert all(m is GamePackage._no_calculator for m in refused)
    odd = [n for n, v in declared.items()
           if not (isinstance(v, staticmethod) and hasattr(v.__func__, "lazy"))]
    assert not odd, odd
    assert set(CONVENTION) <= set(declared) | set(OPTIONAL["calculator"])
    renamed = {n: v.__func__.lazy for n, v in declared.items()
               if n in CONVENTION and v.__func__.lazy != CONVENTION[n]}
    assert not renamed, f"found by convention, declared elsewhere: {renamed}"
    missing = [f"{n}: {module}.{function}" for n, v in declared.items()
               for module, function in [v.__func__.lazy]
               if not hasattr(import_module(f"{game.package}.{module}"), function)]
    assert not missing, missing


def test_the_calculator_is_whole_or_absent_and_named_alike_in_every_game():
    """Issue 27: the calculator (``Calculator``: ``referee score``) is found the same way in every
    game that has one (each member the same module and function: no game's ``ask_advised`` or
    ``score_document``), every member a function its module has; a game without one refuses with
    each member (``core.cli.no_calculator``)."""
    from importlib import import_module

    from referee.core.game import Calculator
    from tests.conftest import throwaway_games

    games = [*registry.games(), *throwaway_games().values()]
    found: dict[str, set[tuple[str, str]]] = {}
    for game in games:
        # the members core provides for every game (a default) are not the game's to name
        for member in sorted(contract(Calculator) - set(vars(GamePackage))):
            declared = getattr(type(game), member)
            if not game.info.calculator:
                assert declared is GamePackage._no_calculator, (game.name, member)
                continue
            where = declared.lazy
            assert hasattr(import_module(f"{game.package}.{where[0]}"), where[1]), (game.name, where)
            found.setdefault(member, set()).add(where)
    assert found, "no game with a calculator"
    assert all(len(places) == 1 for places in found.values()), found


def test_the_game_states_what_the_cli_and_the_store_use(game):
    """Everything the ``Game`` protocol names (read from the protocol itself), its ``GameInfo``,
    each optional group whole or absent, and a ``GameState`` (names, copy, snapshot) from
    replays."""
    named = contract(Game)
    assert {"info", "parse_record", "result_summary", "export_json", "progress"} <= named
    for member in sorted(named):
        assert hasattr(game, member), member
    assert isinstance(game.info, GameInfo)
    for group, members in OPTIONAL.items():
        present = [getattr(type(game), m, None) not in (None, GamePackage._no_calculator)
                   for m in members]
        assert all(present) or not any(present), group
    assert game.info.calculator == (type(game).score is not GamePackage._no_calculator)
    assert (game.info.cards_file is None) == (game.check_cards is None)
    assert callable(game.check_invariants)
    players = NAMES[: game.player_counts[0]]
    state, _ = game.parse_record(game.new_record(players, {})).replay()
    assert isinstance(state, GameState)
    assert list(state.names) == players
    twin = state.copy()
    assert twin is not state and twin.snapshot() == state.snapshot()
    game.apply(twin, game.random_action(twin, random.Random(1)))
    assert twin.snapshot() != state.snapshot()  # a copy shares nothing with its original


def playout(game, rng: random.Random, count: int):
    players = NAMES[:count]
    record = game.new_record(players, {})
    state, _ = game.parse_record(record).replay()
    actions = []
    check = game.check_invariants
    while not game.is_over(state):
        assert isinstance(game.decision(state), Decision)  # core's base (issue 27)
        action = game.random_action(state, rng)
        assert game.apply(state, action) is None  # one signature for every game (issue 27)
        actions.append(action)
        check(state)
        assert len(actions) < 5000
    return players, state, actions


def unordered(action):
    """An action with its tuples of names read as sets (War Chest's deal names its units in any
    order; ``legal_actions`` lists each set of units once)."""
    if not isinstance(action, tuple) and not hasattr(action, "__dataclass_fields__"):
        return action
    values = action if isinstance(action, tuple) else vars(action).values()
    return type(action), tuple(tuple(sorted(v)) if isinstance(v, tuple)
                               and all(isinstance(x, str) for x in v) else v for v in values)


def test_a_finite_decision_lists_every_choice(game):
    """``Decision.finite`` (core/game.py) says whether ``legal_actions`` lists every choice: over
    random playouts, a finite decision's ``legal_actions`` is not empty and holds the entry played,
    and a decision whose ``legal_actions`` is empty (a free-form entry) is not claimed finite."""
    for seed, count in enumerate(game.player_counts * 2):
        rng = random.Random(seed)
        state, _ = game.parse_record(game.new_record(NAMES[:count], {})).replay()
        kinds: dict[bool, set[str]] = {True: set(), False: set()}
        while not game.is_over(state):
            decided = game.decision(state)
            legal = game.legal_actions(state)
            action = game.random_action(state, rng)
            kinds[decided.finite].add(decided.kind)
            if decided.finite:
                assert legal and (action in legal or unordered(action) in map(unordered, legal)), \
                    (decided, action)
            else:
                assert not legal, f"{decided.kind}: legal actions listed, yet not finite"
            game.apply(state, action)
        assert kinds[True] or kinds[False]


def replayed(game, players, actions, meta=None):
    document = jsonio.loads(jsonio.dumps_pretty(game.write_record(players, actions, meta or {})))
    return game.parse_record(document).replay()


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_random_playouts_keep_the_invariants_and_replay_equal(game, seed, data):
    count = data.draw(st.sampled_from(game.player_counts))
    players, state, actions = playout(game, random.Random(seed), count)
    # the end: nothing more to enter, nothing legal
    assert game.decision(state) is None and game.legal_actions(state) == []
    assert game.result_summary(state)["winners"]
    # write -> parse -> replay gives the same game, and writing again the same bytes
    again, steps = replayed(game, players, actions)
    assert again.snapshot() == state.snapshot()
    assert game.replay_output(again) == game.replay_output(state)
    first = jsonio.dumps_pretty(game.write_record(players, actions, {}))
    assert jsonio.dumps_pretty(game.write_record(players, steps, {})) == first
    # undo = drop the last entries and replay; redo = apply them again
    cut = data.draw(st.integers(0, len(actions)))
    undone, _ = replayed(game, players, actions[:cut])
    assert game.is_over(undone) == (cut == len(actions))
    for action in actions[cut:]:
        game.apply(undone, action)
    assert undone.snapshot() == state.snapshot()


def test_an_entry_after_the_end_is_refused(game):
    _players, state, actions = playout(game, random.Random(7), game.player_counts[0])
    with pytest.raises(RecordError):
        game.apply(state, actions[-1])


def test_every_prefix_replays_to_the_engine_state(game):
    players, _state, actions = playout(game, random.Random(11), game.player_counts[-1])
    trial, _ = replayed(game, players, [])
    for k, action in enumerate(actions):
        game.apply(trial, action)
        if k % 7 == 0:
            assert replayed(game, players, actions[: k + 1])[0].snapshot() == trial.snapshot()


def test_the_game_speaks_both_languages(game):
    from referee.core.text import catalog

    players, state, actions = playout(game, random.Random(3), game.player_counts[0])
    before, _ = replayed(game, players, actions[:-1])
    marker = game.news_marker(before)
    game.apply(before, actions[-1])
    for lang in ("en", "pl"):
        t = catalog(lang)
        for block in (game.summary(state, t), game.board(state, t), game.news(t, marker, before)):
            assert block
        for fmt in ("md", "html", "json", "csv"):
            assert game.export(state, fmt, t, {}, "x")
        assert game.describe(t, actions[0])


@pytest.mark.parametrize("name", sorted(p.relative_to(EXAMPLES).as_posix() for p in EXAMPLES.rglob("*.json")))
def test_examples_are_canonical_records(name):
    """Every example (of any game) is exactly what the referee writes for its entries."""
    text = (EXAMPLES / name).read_text(encoding="utf-8")
    doc = jsonio.loads(text)
    game = registry.for_document(doc, None)
    parsed = game.parse_record(doc)
    _, steps = parsed.replay()
    assert jsonio.dumps_pretty(game.write_record(parsed.players, steps, parsed.meta)) == text


@pytest.mark.parametrize(("names", "key", "at"), [
    (["Ola", "Ola "], "core.record.player_duplicate", 1),
    (["Ola", " "], "core.record.player_empty", 1),
    (["Ola\x07", "Bartek"], "core.record.player_unprintable", 0),
    (["Ola", 7], "core.record.expected", 1),
])
def test_every_game_checks_the_players_names_one_way(game, names, key, at):
    """Issue 27: the players' names are checked by core, worded once for every game (the rule
    each cites is the game's own); only the count is the game's text."""
    from referee.core.errors import RuleError

    players = [*names, *NAMES[2: game.player_counts[0]]]
    document = game.new_record(["A", "B", *NAMES[2: game.player_counts[0]]], {})
    if isinstance(document["players"][0], dict):  # (War Chest: one object per player)
        document["players"] = [{**entry, "name": name} for entry, name in
                               zip(document["players"], players, strict=True)]
    else:
        document["players"] = players
    with pytest.raises(RecordError) as caught:
        game.parse_record(document)
    assert caught.value.key == key
    assert caught.value.location.startswith(f"players[{at}]")
    assert isinstance(caught.value, RuleError) == (key != "core.record.expected")
