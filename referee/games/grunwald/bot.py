"""A random but legal table: chooses every fact and decision at random among the legal ones.

Used by the property tests, the benchmarks and to make example records.  Card values are drawn
freely within NG-C3 (the per-strength deck counts are not published, so nothing else is assumed).
"""

from __future__ import annotations

import random

from referee.games.grunwald import engine
from referee.games.grunwald.actions import (
    Action, Effect, Event, Feed, HelperPurchase, PayLosses, Pass, Reveal, SkirmishCards,
)
from referee.games.grunwald.cards import CARDS, PEASANT
from referee.games.grunwald.state import GrunwaldState

EVENT_NAMES = ("Poselstwo", "Dobre zbiory", "Jarmark", "Zaraza", "Turniej", "Podatek", "Spokój")


def random_action(state: GrunwaldState, rng: random.Random, pass_bias: float = 0.15) -> Action:
    d = engine.decision(state)
    if d is None:
        raise ValueError("the game is over")
    kind = d.kind
    if kind == "placement":
        actions = engine.legal_actions(state)
        if rng.random() < pass_bias:
            return actions[-1]  # Pass is always last
        places = actions[:-1]
        return rng.choice(places) if places else actions[-1]
    if kind == "helper_purchase":
        return HelperPurchase(rng.random() < 0.6)
    if kind == "reveal":
        return Reveal(
            crown=(rng.randint(1, 6), rng.randint(1, 6)),
            mercenary=(rng.randint(1, 6), rng.randint(1, 6)),
            provisions=tuple(rng.sample(range(1, 6), rng.choice((1, 2)))),
            ducats=tuple(rng.sample(range(1, 7), rng.choice((1, 2, 3)))),
            teutons=(rng.randint(1, 4), rng.randint(1, 4)) if d.teutons else None,
        )
    if kind == "event":
        return random_event(state, rng)
    if kind == "skirmish":
        return SkirmishCards(tuple((name, rng.choice(d.options[name])) for name in d.players))
    if kind == "losses":
        return random_losses(state, d.player, d.owed, rng)
    if kind == "feeding":
        return Feed(d.player, tuple(rng.sample(knights_expanded(state, d.player), d.owed)))
    raise AssertionError(kind)


def knights_expanded(state: GrunwaldState, name: str) -> list[str]:
    p = state.player(name)
    out = []
    for source, pile in (("hand", p.hand), ("camp", p.camp)):
        for c, k in pile.items():
            if CARDS[c][0] in ("crown", "mercenary"):
                out += [f"{source}/{c}"] * k
    return out


def random_event(state: GrunwaldState, rng: random.Random) -> Event:
    effects = []
    for _ in range(rng.choice((0, 0, 1, 1, 2, 3))):
        p = rng.choice(state.players)
        choice = rng.randrange(6)
        if choice == 0:
            effects.append(Effect(p.name, ducats=rng.randint(-p.ducats, 3)))
        elif choice == 1:
            effects.append(Effect(p.name, provisions=rng.randint(-p.provisions, 3)))
        elif choice == 2:
            effects.append(Effect(p.name, helpers=rng.randint(-p.helpers, 5 - p.helpers)))
        elif choice == 3:
            kind = rng.choice(("crown", "mercenary", "teuton"))
            hi = 4 if kind == "teuton" else 6
            effects.append(Effect(p.name, gain=f"{kind}:{rng.randint(1, hi)}"))
        elif choice == 4:
            cards = [c for c in (*p.hand, *p.camp) if c != PEASANT]
            if cards:
                effects.append(Effect(p.name, discard=rng.choice(sorted(cards))))
        else:
            knights = [c for c in p.hand if CARDS[c][0] in ("crown", "mercenary")]
            if knights:
                effects.append(Effect(p.name, exhaust=rng.choice(sorted(knights))))
        # apply on a copy so later effects see this one (a discard needs the card still there)
        probe = state.copy()
        try:
            for e in effects:
                engine._apply_effect(probe, e)
        except Exception:
            effects.pop()
    return Event(rng.choice(EVENT_NAMES), tuple(effects))


def random_losses(state: GrunwaldState, name: str, owed: int, rng: random.Random) -> PayLosses:
    """Discard items in random order until the debt is covered (or everything is gone)."""
    p = state.player(name)
    items: list[str] = []
    pool = [f"{src}/{c}" for src, pile in (("hand", p.hand), ("camp", p.camp))
            for c, k in pile.items() if c != PEASANT for _ in range(k)]
    if p.provisions:
        pool.append("provisions")
    rng.shuffle(pool)
    value = 0
    provisions = p.provisions
    for item in pool:
        if value >= owed:
            break
        if item == "provisions":
            amount = rng.randint(1, provisions) if rng.random() < 0.5 else min(provisions, owed - value)
            items.append(f"provisions:{amount}")
            value += amount
            provisions -= amount
            if provisions and value < owed:
                pool.append("provisions")
        else:
            plain = item.split("/", 1)[1] if rng.random() < 0.5 else item
            items.append(plain if _unambiguous(p, item, items) else item)
            value += CARDS[item.split("/", 1)[1]][1]
    return PayLosses(name, tuple(items))


def _unambiguous(p, item: str, chosen: list[str]) -> bool:
    """Without a prefix the camp is used first; drop the prefix only where no other pile has it."""
    c = item.split("/", 1)[1]
    return (c in p.hand) != (c in p.camp)


def play_random_game(players: list[str], rng: random.Random, stop_after: int | None = None
                     ) -> tuple[GrunwaldState, list[Action]]:
    state = engine.new_state(players)
    actions: list[Action] = []
    while not engine.is_over(state):
        if stop_after is not None and len(actions) >= stop_after:
            break
        a = random_action(state, rng)
        engine.apply(state, a)
        actions.append(a)
    return state, actions


