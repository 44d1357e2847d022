"""Helpers of the Medieval Battle tests: a battle set up in one call, entries applied or refused."""

from __future__ import annotations

import pytest

from referee.core.errors import RecordError
from referee.games.medieval import engine
from referee.games.medieval.actions import (
    Pass,
    Play,
    Pursue,
    Recruit,
    Regroup,
    Reserve,
    Stand,
    Stop,
    Withdraw,
)
from referee.games.medieval.cards import MELEE, book_table

RED, YELLOW = "Ola", "Bartek"
PLAYERS = [RED, YELLOW]
#: MB-R6: the rulebook's example army (20 points on the standard map)
BOOK_ARMY = {"heavy_cavalry": 2, "light_cavalry": 1, "horse_archers": 1, "heavy_infantry": 2,
             "longbowmen": 1, "light_infantry": 1, "pikemen": 1, "bowmen": 2}

__all__ = [
    "MELEE",
    "RED",
    "YELLOW",
    "Pass",
    "Play",
    "Pursue",
    "Regroup",
    "Stand",
    "Stop",
    "Withdraw",
    "apply",
    "battle",
    "refused",
]


def battle(red=None, yellow=None, reserve=((), ()), cards=None, **setup):
    """Both armies recruited and deployed; Yellow to play (MB-B1)."""
    state = engine.new_state(PLAYERS, cards=cards if cards is not None else book_table(), **setup)
    for name, army in ((RED, red or BOOK_ARMY), (YELLOW, yellow or BOOK_ARMY)):
        engine.apply(state, Recruit(name, tuple(army.items())))
    for name, kept in zip(PLAYERS, reserve):
        engine.apply(state, Reserve(name, tuple(kept)))
    return state


def apply(state, *actions):
    for action in actions:
        engine.apply(state, action)
    return state


def refused(state, action, rule, key=None) -> RecordError:
    """The entry is refused with ``rule`` (on a copy: the state is untouched)."""
    with pytest.raises(RecordError) as info:
        engine.apply(state.copy(), action)
    assert info.value.rule == rule, (info.value.rule, info.value.key, info.value.params)
    if key is not None:
        assert info.value.key == f"medieval.error.{key}", info.value.key
    return info.value
