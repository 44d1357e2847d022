"""A random but legal table: chooses every fact and decision at random among the legal ones.

Used by the property tests, the benchmarks and to make example records.  Card values are drawn
freely within NG-C3 (the per-strength deck counts are not published, so nothing else is assumed).
"""

from __future__ import annotations

import random

from referee.games.grunwald import engine
from referee.games.grunwald.actions import (
    Action,
    Effect,
    Event,
    Feed,
    HelperPurchase,
    PayLosses,
    Reveal,
    SkirmishCards,
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
        assert d.player is not None  # the losses name their player
        return random_losses(state, d.player, d.owed, rng)
    if kind == "feeding":
        assert d.player is not None  # the feeding names its player
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
                engine.apply_effect(probe, e)
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
            items.append(plain if _unambiguous(p, item) else item)
            value += CARDS[item.split("/", 1)[1]][1]
    return PayLosses(name, tuple(items))


def _unambiguous(p, item: str) -> bool:
    """Without a prefix the camp is used first; drop the prefix only where no other pile has it."""
    c = item.split("/", 1)[1]
    return (c in p.hand) != (c in p.camp)


def play_random_game(players: list[str], rng: random.Random, stop_after: int | None = None
                     ) -> tuple[GrunwaldState, list[Action]]:
    """A whole game (or its first ``stop_after`` entries) chosen at random among legal ones."""
    return _play(players, rng, stop_after, random_action)



# --------------------------------------------------------------------------------------------
# A sensible table: plays like people do (used for example records and benchmarks)

FIELD_APPEAL = {"crown": 3.0, "mercenaries": 2.6, "provisions": 2.2, "ducats": 1.8, "helpers": 2.0,
                "teutons": 1.5}

EVENTS = (
    ("Dobre zbiory", "provisions", 1, "all"),
    ("Podatek królewski", "ducats", -1, "all"),
    ("Jarmark w Krakowie", "ducats", 2, "start"),
    ("Zaraza", "provisions", -1, "all"),
    ("Posiłki z Litwy", "helpers", 1, "start"),
    ("Poselstwo do Malborka", "exhaust", 0, "start"),
    ("Spokojna zima", None, 0, "all"),
)


def sensible_event(state: GrunwaldState, rng: random.Random) -> Event:
    name, what, amount, who = rng.choice(EVENTS)
    order = state.order_from_start()
    targets = order if who == "all" else order[:1]
    effects = []
    for i in targets:
        p = state.players[i]
        if what in ("ducats", "provisions"):
            have = getattr(p, what)
            change = max(amount, -have)
            if change:
                effects.append(Effect(p.name, **{what: change}))
        elif what == "helpers" and p.helpers < 5:
            effects.append(Effect(p.name, helpers=1))
        elif what == "exhaust":
            knights = sorted((c for c in p.hand if CARDS[c][0] in ("crown", "mercenary")),
                             key=lambda c: CARDS[c][1])
            if knights:
                effects.append(Effect(p.name, exhaust=knights[0], ducats=2))
    return Event(name, tuple(effects))


def _appeal(state: GrunwaldState, a, rng: random.Random) -> float:
    p = state.player(a.player)
    value = FIELD_APPEAL[a.field] + rng.random() * 2.5
    if a.field == "teutons":
        best = max((CARDS[c][1] for c in p.hand if CARDS[c][0] != "teuton"), default=0)
        value += 2.5 + best / 2 if best >= 3 else -1
    if a.field == "helpers":
        value += (4 - p.helpers) * 0.6 - state.round * 0.2
    if a.field == "provisions":
        value += (p.knight_count() - p.provisions) * 0.9 + state.round * 0.2
    value += 0.8 if a.pawn == "officer" else 0.25 * a.count
    value -= 0.45 * a.ducats if a.field != "mercenaries" else 0.2 * abs(a.ducats - 2)
    return value


def sensible_action(state: GrunwaldState, rng: random.Random) -> Action:
    d = engine.decision(state)
    if d is None:
        raise ValueError("the game is over")
    if d.kind == "placement":
        actions = engine.legal_actions(state)
        places = actions[:-1]
        assert d.player is not None  # a placement names its player
        p = state.player(d.player)
        left = (0 if p.officer_placed else 1) + p.helpers - p.helpers_placed
        if not places or (left <= 1 and rng.random() < 0.35):
            return actions[-1]
        return max(places, key=lambda a: _appeal(state, a, rng))
    if d.kind == "event":
        return sensible_event(state, rng)
    if d.kind == "skirmish":
        chosen = []
        for name in d.players:
            options = sorted(d.options[name], key=lambda c: CARDS[c][1])
            if len(options) > 1 and rng.random() < 0.7:
                chosen.append((name, options[-1]))
            else:
                chosen.append((name, rng.choice(options)))
        return SkirmishCards(tuple(chosen))
    if d.kind == "losses":
        assert d.player is not None  # the losses name their player
        return _thrifty_losses(state, d.player, d.owed)
    if d.kind == "helper_purchase":
        assert d.player is not None  # the purchase names its buyer
        p = state.player(d.player)
        return HelperPurchase(d.price <= 2 or p.ducats - d.price >= 4)
    if d.kind == "feeding":
        assert d.player is not None  # the feeding names its player
        knights = sorted(knights_expanded(state, d.player), key=lambda c: CARDS[c.split("/")[1]][1])
        p = state.player(d.player)
        return Feed(d.player, tuple(c.split("/")[1] if _unambiguous(p, c) else c
                                    for c in knights[: d.owed]))
    return random_action(state, rng)


def _thrifty_losses(state: GrunwaldState, name: str, owed: int) -> PayLosses:
    """Pay with provisions when they cover the debt, else with the weakest cards first."""
    p = state.player(name)
    if p.provisions - owed >= p.knight_count():
        return PayLosses(name, (f"provisions:{owed}",))
    items: list[str] = []
    value = 0
    pool = sorted(((CARDS[c][1], src, c) for src, pile in (("camp", p.camp), ("hand", p.hand))
                   for c, k in pile.items() if c != PEASANT for _ in range(k)))
    spare = min(owed, max(0, p.provisions - p.knight_count()))
    if spare:
        items.append(f"provisions:{spare}")
        value = spare
    for strength, src, c in pool:
        if value >= owed:
            break
        items.append(c if (c in p.hand) != (c in p.camp) else f"{src}/{c}")
        value += strength
    if value < owed and p.provisions > spare:
        rest = min(p.provisions - spare, owed - value)
        items.append(f"provisions:{rest}")
    return PayLosses(name, tuple(items))


def play_sensible_game(players: list[str], rng: random.Random, stop_after: int | None = None
                       ) -> tuple[GrunwaldState, list[Action]]:
    """A game played like people do; the revealed cards are still random."""

    def choose(state: GrunwaldState, rng: random.Random) -> Action:
        d = engine.decision(state)
        assert d is not None  # asked only while the game goes on
        if d.kind == "reveal":
            return random_action(state, rng)
        return sensible_action(state, rng)

    return _play(players, rng, stop_after, choose)


def _play(players, rng, stop_after, choose) -> tuple[GrunwaldState, list[Action]]:
    state = engine.new_state(players)
    actions: list[Action] = []
    while not engine.is_over(state):
        if stop_after is not None and len(actions) >= stop_after:
            break
        a = choose(state, rng)
        engine.apply(state, a)
        actions.append(a)
    return state, actions
