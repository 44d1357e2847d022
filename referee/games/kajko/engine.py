"""The rules of Kajko i Kokosz: Przygody Wojów (``docs/rules/kajko-kokosz.md``): new state,
what the table must enter next, the legal entries, and ``apply``.  Pure: no I/O.

Every rule check raises ``RuleError(rule, location, key, …)``; ``location`` is relative to the
entry (``.card``), the record reader prefixes the entry's own (``turns[12]``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.core import game as core
from referee.core.errors import RuleError
from referee.games.kajko.actions import Action, Reveal, Send
from referee.games.kajko.state import (
    BRIGANDS,
    CARDS,
    CHAMBERLAIN,
    COIN_IN_HAND,
    COINS,
    DEFAULT_STACKS,
    DUSIGROSZ,
    FILLERS,
    ITEM5,
    ITEM10,
    JOMSBORG,
    SPECIALS,
    VALUES,
    KajkoState,
    Player,
    TurnLog,
    characters_for,
)


def new_state(players: list[str], stacks: list[int] | None = None, dusigrosz: bool = False,
              coin_in_hand: bool = False) -> KajkoState:
    """The table after setup (players and stacks already checked by the record reader)."""
    sizes = list(stacks if stacks is not None else DEFAULT_STACKS)
    return KajkoState(
        players=[Player(n) for n in players], sizes=sizes, dusigrosz=dusigrosz,
        coin_in_hand=coin_in_hand, characters=characters_for(len(players)), left=list(sizes),
        inside=[set(SPECIALS) for _ in sizes], revealed=[[] for _ in sizes])


@dataclass(frozen=True)
class Decision(core.Decision):
    """What the table must enter next: the turn of ``player``."""

    kind: str
    player: str


def decision(state: KajkoState) -> Decision | None:
    if state.over:
        return None
    return Decision("turn", state.current().name)


def is_over(state: KajkoState) -> bool:
    return state.over


# --------------------------------------------------------------------------------------------
# What may be entered


def possible_cards(state: KajkoState, stack: int) -> list[str]:
    """KK-2: the cards the top of ``stack`` can still be (in ``CARDS`` order)."""
    left = state.left[stack]
    if left == 0:
        return []
    inside = state.inside[stack]
    fillers = left > len(inside)
    return [c for c in CARDS if c in inside or (fillers and c in FILLERS)]


def targets(state: KajkoState, player: str) -> list[str]:
    """KK-13: the players a coin in hand may name (every other player)."""
    return [n for n in state.names if n != player]


def can_send(state: KajkoState, p: Player) -> bool:
    """KK-5 (b): an item in front and a character that carries nothing."""
    return bool(p.items()) and not state.is_out(p)


def legal_actions(state: KajkoState) -> list[Action]:
    """Every legal entry of the current turn (all cards a stack can still show, every target)."""
    if state.over:
        return []
    p = state.current()
    out: list[Action] = []
    for stack in range(len(state.sizes)):
        for card in possible_cards(state, stack):
            if card == COIN_IN_HAND and state.coin_in_hand:
                out.extend(Reveal(p.name, stack, card, t) for t in targets(state, p.name))
            else:
                out.append(Reveal(p.name, stack, card))
    if can_send(state, p):
        out.append(Send(p.name))
    return out


# --------------------------------------------------------------------------------------------
# Applying an entry


def apply(state: KajkoState, action: Action) -> None:
    """Validate ``action`` against the rules and apply it (what it did: ``last_turn``)."""
    if state.over:
        raise RuleError("KK-10", "", "kajko.error.game_over")
    p = state.current()
    if action.player not in state.names:
        raise RuleError("KK-4", ".player", "kajko.error.unknown_player", player=action.player,
                        players=", ".join(state.names))
    if action.player != p.name:
        raise RuleError("KK-4", ".player", "kajko.error.not_your_turn", player=action.player,
                        expected=p.name)
    if isinstance(action, Send):
        log = _send(state, p)
    else:
        log = _reveal(state, p, action)
    state.log.append(log)
    _end_of_turn(state, log)


def last_turn(state: KajkoState) -> TurnLog:
    """What the last entry did (its ``TurnLog``)."""
    return state.log[-1]


def _send(state: KajkoState, p: Player, log: TurnLog | None = None) -> TurnLog:
    if not p.items():
        raise RuleError("KK-5", ".send", "kajko.error.send_nothing", player=p.name)
    log = log or TurnLog(p.name, Send(p.name))
    items = p.items()
    if p.has_brigands():  # KK-8: the brigands leave a player who sends
        state.box.append(BRIGANDS)
        log.discarded.append(BRIGANDS)
    p.front = []
    p.town.append(items)
    log.sent, log.character = items, len(p.town)
    return log


def _check_reveal(state: KajkoState, p: Player, a: Reveal) -> None:
    stacks = len(state.sizes)
    if not 0 <= a.stack < stacks:
        raise RuleError("KK-5", ".reveal", "kajko.error.no_stack", stack=a.stack, last=stacks - 1)
    if state.left[a.stack] == 0:
        raise RuleError("KK-5", ".reveal", "kajko.error.empty_stack", stack=a.stack,
                        stacks=", ".join(str(i) for i, n in enumerate(state.left) if n))
    if a.card not in CARDS:
        raise RuleError("KK-2", ".card", "kajko.error.unknown_card", card=a.card,
                        cards=", ".join(CARDS))
    possible = possible_cards(state, a.stack)
    if a.card not in possible:
        key = "kajko.error.card_gone" if a.card in SPECIALS else "kajko.error.card_no_room"
        raise RuleError("KK-2", ".card", key, card=a.card, stack=a.stack,
                        left=state.left[a.stack], cards=", ".join(possible))
    wants_target = a.card == COIN_IN_HAND and state.coin_in_hand
    if wants_target:
        if a.target is None:
            raise RuleError("KK-13", "", "kajko.error.target_missing", player=p.name,
                            players=", ".join(targets(state, p.name)))
        if a.target == p.name:
            raise RuleError("KK-13", ".target", "kajko.error.target_self", player=p.name,
                            players=", ".join(targets(state, p.name)))
        if a.target not in state.names:
            raise RuleError("KK-13", ".target", "kajko.error.target_unknown", target=a.target,
                            players=", ".join(targets(state, p.name)))
    elif a.target is not None:
        key = "kajko.error.target_variant_off" if a.card == COIN_IN_HAND else "kajko.error.target_card"
        raise RuleError("KK-13", ".target", key, card=a.card)


def _reveal(state: KajkoState, p: Player, a: Reveal) -> TurnLog:
    _check_reveal(state, p, a)
    state.left[a.stack] -= 1
    state.inside[a.stack].discard(a.card)
    state.revealed[a.stack].append(a.card)
    log = TurnLog(p.name, a)
    card = a.card
    if card == CHAMBERLAIN:  # KK-7
        items = p.items()
        if items:
            best = max(VALUES[c] for c in items)
            # among equal values the earliest to arrive goes (the choice changes nothing: KK-7)
            _discard(state, p, [next(c for c in items if VALUES[c] == best)], log)
        state.box.append(CHAMBERLAIN)
    elif card == BRIGANDS:  # KK-8
        if p.has_brigands():
            _discard(state, p, p.items() + [BRIGANDS], log)
            state.box.append(BRIGANDS)
        else:
            p.front.append(BRIGANDS)
    elif card == JOMSBORG:  # KK-9
        if p.has_brigands():
            _discard(state, p, [BRIGANDS], log)
        else:
            _discard(state, p, p.items(), log)
        state.box.append(JOMSBORG)
    elif card == COIN_IN_HAND and state.coin_in_hand:  # KK-13
        victim = state.player(a.target)  # type: ignore[arg-type]
        for kinds in (COINS, (ITEM5,), (ITEM10,)):
            taken = [c for c in victim.front if c in kinds]
            if taken:
                break
        _remove(victim, taken)
        p.front.extend(taken)
        victim.front.append(COIN_IN_HAND)
        log.taken = taken
    else:  # an item (KK-6); a coin in hand without the variant is a coin worth 1
        p.front.append(card)
    return log


def _remove(p: Player, cards: list[str]) -> None:
    for c in cards:
        p.front.remove(c)  # the first (earliest) card of that name


def _discard(state: KajkoState, p: Player, cards: list[str], log: TurnLog) -> None:
    _remove(p, cards)
    state.box.extend(cards)
    log.discarded.extend(cards)


def _end_of_turn(state: KajkoState, log: TurnLog) -> None:
    """KK-10 and KK-4: the end of the game, else the next player who is not out."""
    if not any(state.left):
        # KK-10 (Decision): every player who can still send does so automatically.
        for p in state.players:
            if can_send(state, p):
                auto = _send(state, p, TurnLog(p.name, Send(p.name)))
                log.final_sends.append((p.name, auto.sent, auto.character, bool(auto.discarded)))
        state.over, log.ended = True, "stacks"
        return
    if all(state.is_out(p) for p in state.players):
        state.over, log.ended = True, "out"
        return
    n = len(state.players)
    for step in range(1, n + 1):
        seat = (state.turn + step) % n
        if not state.is_out(state.players[seat]):
            state.turn = seat
            return


# --------------------------------------------------------------------------------------------
# The end


@dataclass(frozen=True)
class Score:
    ducats: int
    dusigrosz: int
    items_sent: int
    coins: int

    @property
    def total(self) -> int:
        return self.ducats + self.dusigrosz

    def as_dict(self) -> dict[str, int]:
        return {"ducats": self.ducats, "dusigrosz": self.dusigrosz, "total": self.total,
                "items_sent": self.items_sent}


@dataclass(frozen=True)
class Result:
    scores: dict[str, Score]
    places: dict[str, int]
    winners: list[str]
    #: KK-12: whether the variant is on, and who gains the card (``None``: nobody, or a tie)
    dusigrosz_variant: bool
    dusigrosz: str | None
    #: the players tied on most coins when nobody gains the Dusigrosz (KK-12 Decision)
    dusigrosz_tied: list[str]
    #: winners' total was shared and the items sent decided (KK-11)
    tie_broken: bool


def score_towns(towns: dict[str, list[list[str]]], dusigrosz_variant: bool) -> Result:
    """KK-11 and KK-12 over each player's filled characters."""
    base = {}
    for name, town in towns.items():
        cards = [c for character in town for c in character]
        base[name] = (sum(VALUES[c] for c in cards), len(cards), sum(c in COINS for c in cards))
    holder, tied = None, []
    if dusigrosz_variant:
        most = max(coins for _, _, coins in base.values())
        leaders = [n for n, (_, _, coins) in base.items() if coins == most]
        if len(leaders) == 1:
            holder = leaders[0]
        else:
            tied = leaders
    scores = {n: Score(d, DUSIGROSZ if n == holder else 0, items, coins)
              for n, (d, items, coins) in base.items()}
    key = {n: (s.total, s.items_sent) for n, s in scores.items()}
    places = {n: 1 + sum(other > key[n] for other in key.values()) for n in scores}
    winners = [n for n in scores if places[n] == 1]
    best_total = max(s.total for s in scores.values())
    tie_broken = sum(s.total == best_total for s in scores.values()) > len(winners)
    return Result(scores, places, winners, dusigrosz_variant, holder, tied, tie_broken)


def final_scores(state: KajkoState) -> Result:
    return score_towns({p.name: p.town for p in state.players}, state.dusigrosz)


def card_count(state: KajkoState) -> dict[str, Any]:
    """Where every revealed card is (the ledger the property tests check)."""
    return {"revealed": sum(len(r) for r in state.revealed), "box": len(state.box),
            "front": sum(len(p.front) for p in state.players),
            "town": sum(len(c) for p in state.players for c in p.town)}
