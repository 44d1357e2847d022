"""A random table."""

from __future__ import annotations

import random

from tests.tictactoe import engine
from tests.tictactoe.actions import Mark
from tests.tictactoe.state import TicTacToeState


def random_action(state: TicTacToeState, rng: random.Random) -> Mark:
    return rng.choice(engine.legal_actions(state))
