"""Issue 27 (speed): each game's ``state.copy()`` is written field by field (no ``deepcopy`` of the
whole state).  Pinned here for every game: at every entry of random games the copy holds the same
data as its original, every field of it (read generically, so a field added later and forgotten
by ``copy`` fails here), and an entry applied to the copy leaves the original as it was."""

from __future__ import annotations

import random

from tests.conftest import game_names  # noqa: F401  (the ``game`` fixture's games)

NAMES = ["Ola", "Bartek", "Ewa", "Kuba", "Lena"]


def plain(value, seen=None):
    """Every datum ``value`` holds, as plain nested data (objects by their attributes)."""
    if isinstance(value, (str, int, float, bool, type(None))):
        return value
    if isinstance(value, dict):
        return {repr(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [type(value).__name__, *(plain(v) for v in value)]
    if isinstance(value, (set, frozenset)):
        return sorted(repr(v) for v in value)
    slots = [s for cls in type(value).__mro__ for s in getattr(cls, "__slots__", ())]
    fields = dict(getattr(value, "__dict__", {}))
    fields.update({s: getattr(value, s) for s in slots if hasattr(value, s)})
    return [type(value).__name__, {k: plain(v) for k, v in sorted(fields.items())}]


def test_a_copy_holds_every_field_and_shares_nothing_that_changes(game):
    for seed, count in ((1, game.player_counts[-1]), (2, game.player_counts[0])):
        rng = random.Random(seed)
        state, _ = game.parse_record(game.new_record(NAMES[:count], {})).replay()
        entries = 0
        while not game.is_over(state) and entries < 400:
            action = game.random_action(state, rng)
            before = plain(state)
            twin = state.copy()
            assert twin is not state
            assert _position(plain(twin)) == _position(before)
            game.apply(twin, action)
            assert plain(state) == before, f"entry {entries}: the copy changed its original"
            game.apply(state, action)
            assert _position(plain(twin)) == _position(plain(state))
            entries += 1


#: what a War Chest copy does not carry, as documented: the entry applied last (not part of the
#: position) and a tracked replay's entries and setup (``WarChestRecord.replay``)
NOT_COPIED = {"last", "entries", "meta"}


def _position(data):
    return [data[0], {k: v for k, v in data[1].items() if k not in NOT_COPIED}]
