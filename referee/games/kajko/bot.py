"""A plausible random table for tests and benchmarks: cards come out of a stack with the odds of a
shuffled stack (KK-2), and players send now and then, more often the more they risk."""

from __future__ import annotations

import random

from referee.games.kajko import engine
from referee.games.kajko.actions import Action, Reveal, Send
from referee.games.kajko.state import COIN_IN_HAND, FILLERS, VALUES, KajkoState


def draw(state: KajkoState, stack: int, rng: random.Random) -> str:
    """The card a shuffled stack would show: each KK-2 card left is one card of the stack; the
    fillers are coins or items worth 5, half and half."""
    cards = engine.possible_cards(state, stack)
    specials = [c for c in cards if c not in FILLERS]
    fillers = state.left[stack] - len(specials)
    pick = rng.randrange(state.left[stack])
    if pick < len(specials):
        return specials[pick]
    return rng.choice([c for c in cards if c in FILLERS]) if fillers else specials[0]


def random_action(state: KajkoState, rng: random.Random) -> Action:
    p = state.current()
    if engine.can_send(state, p):
        at_risk = sum(VALUES[c] for c in p.items())
        if rng.random() < min(0.9, 0.1 + at_risk / 25):
            return Send(p.name)
    stack = rng.choice([i for i, n in enumerate(state.left) if n])
    card = draw(state, stack, rng)
    target = None
    if card == COIN_IN_HAND and state.coin_in_hand:
        target = rng.choice(engine.targets(state, p.name))
    return Reveal(p.name, stack, card, target)
