"""A random table."""

from __future__ import annotations

import random

from tests.nim import engine
from tests.nim.actions import Take
from tests.nim.state import NimState


def random_action(state: NimState, rng: random.Random) -> Take:
    return rng.choice(engine.legal_actions(state))
