"""The rules of Na Grunwald! (``docs/rules/na-grunwald.md``): what is legal, and what follows.

``decision(state)`` says what the table must enter next; ``legal_actions(state)`` lists every legal
action for a turn or a yes/no choice; ``apply(state, action)`` validates an action and applies it in
place, then resolves everything the rules decide on their own until the next real choice.

The placement rules (NG-C2, NG-P1 … NG-P11) are one function, ``placement_fault``: ``apply``
accepts and diagnoses a placement with it, ``legal_placements`` generates the menu with it.  So
are the revealed cards' (NG-R3, NG-C3: ``reveal_fault``) and an event effect's (NG-R2:
``push_effect``, which applies the effect when it finds no fault).  The record's replay pushes
some entries as they stand: ``push_reveal`` the revealed cards and ``push_effects`` an event
card's effects (their form read there, their rules asked of those functions), ``push_skirmish_cards``
and ``push_losses`` the skirmish.  Each applies only what is legal and changes nothing otherwise;
when a push refuses, the record's checked path reads the entry and ``apply`` names the rule it
breaks, with the same functions.  Only the error path pays for messages.

Errors are ``RuleError`` with a rule id and a *relative* location (``[2]``, ``.Kasia``); the record
replayer prefixes the entry's path.  No I/O here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn

from referee.core import game as core
from referee.core.errors import RecordError, RuleError, key_path
from referee.games.grunwald import scoring
from referee.games.grunwald.actions import (
    FIELDS,
    HELPER,
    OFFICER,
    Action,
    Effect,
    Event,
    Feed,
    HelperPurchase,
    LaterEffect,
    Pass,
    PayLosses,
    Place,
    Reveal,
    SkirmishCards,
)
from referee.games.grunwald.cards import (
    CAMP,
    CARDS,
    CROWN,
    HAND,
    KNIGHT_KINDS,
    LEAVING,
    MERCENARY,
    PEASANT,
    RANGES,
    REVEALED,
    TEUTON,
    expand,
    parse_card,
)
from referee.games.grunwald.state import (
    EVENT,
    FEEDING,
    FIRST_TEUTON_ROUND,
    HELPER_PURCHASE,
    LOSSES,
    MAX_HELPERS,
    OVER,
    PLACEMENT,
    REVEAL,
    ROUNDS,
    SKIRMISH,
    TEUTON_BONUS,
    GrunwaldState,
    Player,
    RoundLog,
    Skirmish,
    Stake,
    put,
    take,
)

# Fields that take pawns only (NG-P6, NG-P8) and the rule that says so.
PAWNS_ONLY = {"crown": "NG-P6", "ducats": "NG-P6", "helpers": "NG-P6", "teutons": "NG-P8"}


@dataclass(frozen=True)
class Decision(core.Decision):
    """What the table must enter next.

    kind: ``event`` | ``reveal`` | ``placement`` | ``skirmish`` | ``losses`` | ``helper_purchase`` |
    ``feeding``.  ``player`` is who decides (when one player does); ``players`` the skirmish's
    participants in position order; ``options`` per player the cards they may choose from.
    """

    kind: str
    round: int
    player: str | None = None
    players: tuple[str, ...] = ()
    options: dict[str, tuple[str, ...]] = field(default_factory=dict)
    owed: int = 0  # losses: the difference owed (NG-S4); feeding: knights to give up (NG-E1)
    price: int = 0  # helper purchase: ducats asked (NG-F8)
    teutons: bool = False  # reveal: whether Teuton cards are revealed this round (NG-R3)

    @property
    def finite(self) -> bool:
        """Whether ``legal_actions`` lists every choice: a placement turn and the helper purchase
        do; an event, a reveal, the skirmish's cards, the losses and the feeding are entered as
        the table says (their checks are ``apply``'s)."""
        return self.kind in (PLACEMENT, HELPER_PURCHASE)


def new_state(players: list[str], tracked: bool = True) -> GrunwaldState:
    """A new table; ``tracked=False`` skips the round logs and the card ledger (see ``state``)."""
    return GrunwaldState(players, tracked)


def is_over(state: GrunwaldState) -> bool:
    return state.phase == OVER


# --------------------------------------------------------------------------------------------
# What comes next


def decision(state: GrunwaldState) -> Decision | None:
    phase = state.phase
    r = state.round
    if phase == PLACEMENT:
        assert state.turn is not None  # set for the placement phase
        return Decision(PLACEMENT, r, player=state.names[state.turn])
    if phase == REVEAL:
        return Decision(REVEAL, r, teutons=r >= FIRST_TEUTON_ROUND)
    if phase == EVENT:
        return Decision(EVENT, r)
    if phase == SKIRMISH:
        stakes = state.fields["teutons"]
        names = tuple(state.names[s.player] for s in stakes)
        options = {
            state.names[s.player]: playable_cards(state.players[s.player]) for s in stakes
        }
        return Decision(SKIRMISH, r, players=names, options=options)
    if phase == LOSSES:
        sk = state.skirmish
        assert sk is not None  # the losses of a skirmish in progress
        p = state.players[sk.pending[0]]
        return Decision(
            LOSSES, r, player=p.name, players=tuple(state.names[i] for i in sk.pending),
            options={p.name: discardable_cards(p)}, owed=sk.owed,
        )
    if phase == HELPER_PURCHASE:
        assert state.helper_buyer is not None  # set for the helper purchase
        p = state.players[state.helper_buyer]
        return Decision(HELPER_PURCHASE, r, player=p.name, price=p.helpers)
    if phase == FEEDING:
        p = state.players[state.feeding_pending[0]]
        return Decision(
            FEEDING, r, player=p.name, players=tuple(state.names[i] for i in state.feeding_pending),
            options={p.name: knights_of(p)}, owed=p.knight_count() - p.provisions,
        )
    return None


def playable_cards(p: Player) -> tuple[str, ...]:
    """NG-S2: a crown knight, a mercenary or the peasant from the hand."""
    return tuple(sorted(c for c in p.hand if CARDS[c][0] != TEUTON))


def discardable_cards(p: Player) -> tuple[str, ...]:
    """NG-S4: knights from hand or camp and captured Teutons, with where each one lies."""
    out = [f"{HAND}/{c}" for c in p.hand if c != PEASANT]
    out += [f"{CAMP}/{c}" for c in p.camp]
    return tuple(sorted(out))


def knights_of(p: Player) -> tuple[str, ...]:
    out = [f"{HAND}/{c}" for c in p.hand if CARDS[c][0] in KNIGHT_KINDS]
    out += [f"{CAMP}/{c}" for c in p.camp if CARDS[c][0] in KNIGHT_KINDS]
    return tuple(sorted(out))


def legal_placements(state: GrunwaldState, who: int) -> list[Place | Pass]:
    """Every legal action of the player whose placement turn it is: each placement the player's
    pawns and ducats allow that ``placement_fault`` (the rules, NG-P1…NG-P11) accepts, then the
    pass."""
    p = state.players[who]
    name = p.name
    out: list[Place | Pass] = []
    free = p.helpers - p.helpers_placed
    amounts = range(p.ducats + 1)
    for f in FIELDS:
        st = state.stake(f, who)
        tries = [(OFFICER, 1)] + [(HELPER, c) for c in range(1, free + 1)]
        for pawn, count in tries:
            for k in amounts:
                if placement_fault(state, p, st, f, pawn, count, k) is None:
                    out.append(Place(name, f, pawn, count, k))
    out.append(Pass(name))
    return out


def legal_actions(state: GrunwaldState) -> list[Action]:
    """Every legal action for a placement turn or the helper purchase; ``[]`` when the next
    decision is not a finite choice (reveal, event, cards, losses, feeding) or the game is over."""
    if state.phase == PLACEMENT:
        assert state.turn is not None  # set for the placement phase
        return list(legal_placements(state, state.turn))
    if state.phase == HELPER_PURCHASE:
        return [HelperPurchase(True), HelperPurchase(False)]
    return []


# --------------------------------------------------------------------------------------------
# Applying actions


def apply(state: GrunwaldState, action: Action) -> None:
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise TypeError(f"not a Na Grunwald! action: {action!r}")
    handler(state, action)


def _expect(state: GrunwaldState, phase: str, what: str) -> None:
    if state.phase != phase:
        raise RuleError(_PHASE_RULE.get(phase, "NG-R1"), "", "grunwald.error.not_now",
                        what=what, awaiting=state.phase)


_PHASE_RULE = {
    EVENT: "NG-R2", REVEAL: "NG-R3", PLACEMENT: "NG-P4", SKIRMISH: "NG-S2", LOSSES: "NG-S4",
    HELPER_PURCHASE: "NG-F8", FEEDING: "NG-E1",
}


def _apply_event(state: GrunwaldState, action: Event) -> None:
    if state.phase != EVENT:
        _expect(state, EVENT, "event")
    apply_effects(state, action.effects)
    end_event(state, action)


def apply_effects(state: GrunwaldState, effects: Any) -> None:
    """An event's effects in turn; an error names the effect (``.effects[i]``)."""
    for i, effect in enumerate(effects):
        try:
            apply_effect(state, effect)
        except RuleError as exc:
            exc.location = f".effects[{i}]{exc.location}"
            raise


def end_event(state: GrunwaldState, action: Event | None = None) -> None:
    """The event card is done (its effects applied): the revealed cards come next (NG-R3)."""
    if state.tracked:
        state.log[-1].event = action
    state.phase = REVEAL


_EFFECT_KEYS = frozenset(("player", "ducats", "provisions", "helpers", "gain", "discard", "exhaust"))

#: why an entry is refused: ``(rule, message key, location, parameters)``
Fault = tuple[str, str, str, dict[str, Any]]


def push_effects(state: GrunwaldState, effects: Sequence[Any], k: int = 0) -> int:
    """An event card's explicit effects (NG-R2) as the record writes them, pushed by ``push_effect``
    (their rules): applies ``effects[k]``, ``effects[k + 1]`` … while each is well-formed and
    legal; returns the index of the first it did not apply (nothing of that one has changed; the
    record's checked path then reads it and ``apply_effect`` names the rule it breaks, if any).

    An effect is ``{"player": …}`` with any of ``ducats``, ``provisions``, ``helpers`` (integers)
    and ``gain``, ``discard``, ``exhaust`` (card strings); here only their form is read.
    (The caller checks that an event is due: the dialog and the bot probe effects on copies.)"""
    stop = len(effects)
    while k < stop:
        e = effects[k]
        if type(e) is not dict or len(e) < 2 or not _EFFECT_KEYS.issuperset(e):
            return k
        name = e.get("player")
        ducats = e.get("ducats", 0)
        provisions = e.get("provisions", 0)
        helpers = e.get("helpers", 0)
        if (type(name) is not str or type(ducats) is not int or type(provisions) is not int
                or type(helpers) is not int):
            return k
        gain = discard = exhaust = None  # (absent; a card key that holds null is malformed)
        if "gain" in e and (gain := e["gain"]) is None:
            return k
        if "discard" in e and (discard := e["discard"]) is None:
            return k
        if "exhaust" in e and (exhaust := e["exhaust"]) is None:
            return k
        try:
            if push_effect(state, name, ducats, provisions, helpers, gain, discard,
                           exhaust) is not None:
                return k
        except RecordError:  # a card string that names no card (the record's format)
            return k
        k += 1
    return k


def apply_effect(state: GrunwaldState, e: Effect) -> None:
    """One explicit effect of an event card (NG-R2), checked; the dialog and the bot probe effects
    with it on a copy of the state.  The rules are ``push_effect``'s."""
    fault = push_effect(state, e.player, e.ducats, e.provisions, e.helpers, e.gain, e.discard,
                        e.exhaust)
    if fault is not None:
        _refuse(fault)


def push_effect(state: GrunwaldState, name: str, ducats: int, provisions: int, helpers: int,
                gain: Any, discard: Any, exhaust: Any) -> Fault | None:
    """The rules of one effect of an event card (NG-R2), in one place: applies it and returns
    ``None`` if it is legal; otherwise changes nothing and returns the first rule it breaks, in a
    fixed order, as ``(rule, message key, location, parameters)``.  ``push_effects`` accepts with
    it, ``apply_effect`` diagnoses with it.

    Player ``name`` gets ``ducats``, ``provisions`` and ``helpers`` (changes, 0: none), then
    ``gain``s a card (a Teuton to the camp, else to the hand), then ``discard``s one (it may name
    ``hand/`` or ``camp/``; else the camp's if it holds one), then ``exhaust``s a knight of the
    hand to the camp (``None``: not that part), each part seeing the one before.  A player's
    ducats and provisions never go below zero, their helpers stay within 0–5 (NG-C2); the
    peasant is neither gained nor discarded.  A card string that names no card raises the
    record format's error (``cards.parse_card``)."""
    i = state.index.get(name)
    if i is None:
        return ("NG-C1", "grunwald.error.unknown_player", ".player",
                {"player": name, "players": ", ".join(state.names)})
    p = state.players[i]
    if p.ducats + ducats < 0:
        return ("NG-R2", "grunwald.error.effect_negative_ducats", ".ducats",
                {"player": name, "have": p.ducats, "change": ducats})
    if p.provisions + provisions < 0:
        return ("NG-R2", "grunwald.error.effect_negative_provisions", ".provisions",
                {"player": name, "have": p.provisions, "change": provisions})
    if not 0 <= p.helpers + helpers <= MAX_HELPERS:
        return ("NG-R2", "grunwald.error.effect_helpers", ".helpers",
                {"player": name, "have": p.helpers, "change": helpers})
    if gain is not None or discard is not None or exhaust is not None:
        hand, camp = dict(p.hand), dict(p.camp)  # (copies: nothing changes on a refusal)
        if gain is not None:
            if gain == PEASANT:
                return "NG-R2", "grunwald.error.gain_peasant", ".gain", {}
            kind = CARDS.get(gain) if type(gain) is str else None
            if kind is None:
                kind = CARDS[parse_card(gain, ".gain")[1]]
            put(camp if kind[0] == TEUTON else hand, gain)
        if discard is not None:
            leaving = LEAVING.get(discard) if type(discard) is str else None
            source, gone = leaving or parse_card(discard, ".discard", prefix=True)
            if gone == PEASANT:
                return "NG-R2", "grunwald.error.peasant_stays", ".discard", {"player": name}
            pile = source_pile(hand, camp, source, gone)
            if pile is None:
                return ("NG-R2", "grunwald.error.not_held", ".discard",
                        {"player": name, "card": discard,
                         "holds": _holdings_text(hand, camp, p.provisions + provisions)})
            take(pile, gone)
        if exhaust is not None:
            leaving = LEAVING.get(exhaust) if type(exhaust) is str else None
            source, c = leaving or parse_card(exhaust, ".exhaust", prefix=True)
            if CARDS[c][0] not in KNIGHT_KINDS or source == CAMP:
                return "NG-R2", "grunwald.error.exhaust_knight", ".exhaust", {"card": exhaust}
            if c not in hand:
                return ("NG-R2", "grunwald.error.not_in_hand", ".exhaust",
                        {"player": name, "card": c, "hand": _pile_text(hand)})
            take(hand, c)
            put(camp, c)
        p.hand, p.camp = hand, camp
        if state.tracked:
            if gain is not None:
                put(state.entered, gain)
            if discard is not None:
                put(state.removed, gone)
    p.ducats += ducats
    p.provisions += provisions
    p.helpers += helpers
    return None


#: the phases of a round after its event phase, where the event card still lies on the board
#: and its effects may still be entered (the book: "zaraz po ich odkryciu lub w dalszej części
#: rundy"; "Odkryta karta wydarzenia pozostaje na planszy do końca rundy")
LATER_PHASES = (REVEAL, PLACEMENT, SKIRMISH, LOSSES, HELPER_PURCHASE)


def later_position(state: GrunwaldState) -> str | None:
    """Where in the round an event's effect entered now stands, as the record's ``later`` list
    writes it (``None``: no event card lies on the board now).  Needs a tracked state (the round
    log counts the placements and payments so far)."""
    if state.round < 2 or state.phase not in LATER_PHASES or not state.tracked:
        return None
    log = state.log[-1]
    if state.phase == REVEAL:
        return "reveal"
    if state.phase == PLACEMENT:
        return f"placements[{len(log.placements)}]"
    if state.phase == SKIRMISH:
        return "skirmish"
    if state.phase == LOSSES:
        assert log.skirmish is not None  # logged when the cards were played
        return f"losses[{len(log.skirmish['losses'])}]"
    return "helper_purchase"


def position_rank(at: Any) -> tuple[int, int] | None:
    """The order of the points of a round where a later effect may be entered (``None``: not
    such a point)."""
    if type(at) is not str:
        return None
    for rank, name in enumerate(("reveal", "placements", "skirmish", "losses", "helper_purchase")):
        if at == name and name not in ("placements", "losses"):
            return (rank, 0)
        if name in ("placements", "losses") and at.startswith(f"{name}[") and at.endswith("]"):
            k = at[len(name) + 1:-1]
            if k.isdigit() and (k == "0" or not k.startswith("0")) and len(k) < 6:
                return (rank, int(k))
    return None


def payable(state: GrunwaldState, e: Effect) -> Effect:
    """An effect as far as its player can pay it: a loss of ducats or provisions larger than
    what the player holds takes what is held (DECISIONS.md, NG-D1: the book's "odrzuca tyle ile
    posiada")."""
    p = state.player(e.player)
    ducats = max(e.ducats, -p.ducats)
    provisions = max(e.provisions, -p.provisions)
    helpers = min(max(e.helpers, -p.helpers), MAX_HELPERS - p.helpers)  # (NG-C2: 5 at most)
    if (ducats, provisions, helpers) == (e.ducats, e.provisions, e.helpers):
        return e
    return Effect(e.player, ducats, provisions, helpers, e.gain, e.discard, e.exhaust)


def _apply_later_effect(state: GrunwaldState, action: LaterEffect) -> None:
    """Effects of the round's event card entered after its event phase (``LaterEffect``)."""
    if state.round < 2 or state.phase not in LATER_PHASES:
        raise RuleError("NG-R2", "", "grunwald.error.later_no_event", round=state.round)
    if state.tracked:
        at = later_position(state)
        if action.at != at:
            raise RuleError("NG-R2", ".at", "grunwald.error.later_position", at=action.at,
                            expected=at)
    apply_effects(state, action.effects)
    if state.tracked:
        log = state.log[-1]
        ev = log.event if log.event is not None else Event("")
        log.event = Event(ev.card, ev.effects,
                          ev.later + tuple((action.at, e) for e in action.effects))


def source_pile(hand: dict[str, int], camp: dict[str, int], source: str | None, c: str
                ) -> dict[str, int] | None:
    """Where a card leaving a player comes from: the named pile, else the camp if it holds one,
    else the hand (record format 1, *Cards*).  ``None`` if the player does not hold it there."""
    if source == HAND:
        return hand if c in hand else None
    if source == CAMP:
        return camp if c in camp else None
    if c in camp:
        return camp
    if c in hand:
        return hand
    return None


def _pile_text(pile: dict[str, int]) -> str:
    return ", ".join(expand(pile)) or "-"


def _holdings(p: Player) -> str:
    return _holdings_text(p.hand, p.camp, p.provisions)


def _holdings_text(hand: dict[str, int], camp: dict[str, int], provisions: int) -> str:
    return f"hand [{_pile_text(hand)}], camp [{_pile_text(camp)}], provisions {provisions}"


def push_reveal(state: GrunwaldState, entry: dict[str, Any]) -> bool:
    """The revealed cards as the record writes them (``{"crown": [a, b], …}``), pushed if they are
    lists of integers and what the round reveals (``reveal_fault``: their rules), else ``False``
    and nothing changed (the record's checked path then reads them and ``apply`` names the
    rule)."""
    if state.phase != REVEAL:
        return False
    crown: Any = entry.get("crown")  # (the record's values: their form is checked here)
    mercenary: Any = entry.get("mercenary")
    provisions: Any = entry.get("provisions")
    ducats: Any = entry.get("ducats")
    teutons: Any = entry.get("teutons")
    if teutons is None:
        if "teutons" in entry:
            return False
        given: tuple[Any, ...] = (crown, mercenary, provisions, ducats)
    else:
        given = (crown, mercenary, provisions, ducats, teutons)
    for values in given:
        if type(values) is not list and type(values) is not tuple:
            return False
        for v in values:
            if type(v) is not int:
                return False
    if reveal_fault(state.round, crown, mercenary, provisions, ducats, teutons) is not None:
        return False
    _push_reveal(state, Reveal(tuple(crown), tuple(mercenary), tuple(provisions), tuple(ducats),
                               None if teutons is None else tuple(teutons)))
    return True


def reveal_fault(r: int, crown: Sequence[int], mercenary: Sequence[int],
                 provisions: Sequence[int], ducats: Sequence[int],
                 teutons: Sequence[int] | None) -> Fault | None:
    """The rules of the cards revealed in round ``r``, in one place: ``None`` if they are what the
    round reveals (NG-R3: two crown, two mercenary, one or two provisions, one to three ducats
    cards, and from round 4 two Teutons, none before; NG-C3: values in range), otherwise the
    first rule they break, in a fixed order (each kind in the order the table types them: how
    many, then which values), as ``(rule, message key, location, parameters)``.
    ``push_reveal`` accepts with it, ``apply`` diagnoses with it."""
    fault = (_values_fault("crown", crown) or _values_fault("mercenary", mercenary)
             or _values_fault("provisions", provisions) or _values_fault("ducats", ducats))
    if fault is not None:
        return fault
    if r >= FIRST_TEUTON_ROUND:
        if teutons is None:
            return "NG-R3", "grunwald.error.teutons_missing", ".teutons", {"round": r}
        return _values_fault("teutons", teutons)
    if teutons is not None:
        return "NG-R3", "grunwald.error.teutons_truce", ".teutons", {"round": r}
    return None


def _apply_reveal(state: GrunwaldState, action: Reveal) -> None:
    if state.phase != REVEAL:
        _expect(state, REVEAL, "reveal")
    fault = reveal_fault(state.round, action.crown, action.mercenary, action.provisions,
                         action.ducats, action.teutons)
    if fault is not None:
        _refuse(fault)
    _push_reveal(state, action)


def _push_reveal(state: GrunwaldState, action: Reveal) -> None:
    state.reveal = action
    if state.tracked:
        for v in action.crown:
            put(state.entered, f"crown:{v}")
        for v in action.mercenary:
            put(state.entered, f"mercenary:{v}")
        for v in action.teutons or ():
            put(state.entered, f"teuton:{v}")
        state.log[-1].reveal = action
    state.phase = PLACEMENT
    state.turn = state.start_player  # NG-P4 (every pawn is home: the start player may place)


def check_revealed(name: str, values: tuple[int, ...]) -> None:
    """NG-R3 (how many values) and NG-C3 (which): one revealed card's rules (``reveal_fault``'s),
    for the live dialog (``name``: a key of ``cards.REVEALED``)."""
    fault = _values_fault(name, values)
    if fault is not None:
        _refuse(fault)


def _values_fault(name: str, values: Sequence[int]) -> Fault | None:
    """How many values a revealed card of kind ``name`` shows (NG-R3) and which (NG-C3)."""
    lo_n, hi_n, lo, hi = REVEALED[name]
    n = len(values)
    if n < lo_n or n > hi_n:
        return ("NG-R3", "grunwald.error.reveal_count", key_path(name),
                {"what": name, "expected": str(lo_n) if lo_n == hi_n else f"{lo_n}–{hi_n}",
                 "got": n})
    for v in values:
        if v < lo or v > hi:
            return ("NG-C3", "grunwald.error.value_range", f".{name}[{values.index(v)}]",
                    {"what": name, "value": v, "range": f"{lo}–{hi}"})
    return None


def _refuse(fault: Fault) -> NoReturn:
    rule, key, where, params = fault
    raise RuleError(rule, where, key, **params)


# --- placement phase (NG-P) -------------------------------------------------------------------


def _check_turn(state: GrunwaldState, name: str) -> Player:
    if state.phase != PLACEMENT:
        raise RuleError("NG-P4", "", "grunwald.error.placement_over", awaiting=state.phase)
    if name not in state.index:
        raise RuleError("NG-C1", ".player", "grunwald.error.unknown_player", player=name,
                        players=", ".join(state.names))
    assert state.turn is not None  # set for the placement phase
    current = state.names[state.turn]
    if name != current:
        raise RuleError("NG-P1", ".player", "grunwald.error.not_your_turn", player=name,
                        current=current)
    return state.players[state.turn]


def placement_fault(state: GrunwaldState, p: Player, st: Stake | None, f: str, pawn: str,
                    count: int, ducats: int) -> tuple[str | None, str, str, dict[str, Any]] | None:
    """The placement rules (NG-C2, NG-P1 … NG-P11), in one place: ``None`` if player ``p``
    (whose turn it is, with stake ``st`` on field ``f`` or none) may place ``count`` of ``pawn``
    there with ``ducats``; otherwise the first rule it breaks, in a fixed order, as
    ``(rule, message key, location, parameters)``.  ``place`` accepts and diagnoses with it,
    ``legal_placements`` generates with it."""
    if f not in FIELDS or (pawn != OFFICER and pawn != HELPER):
        return None, "grunwald.error.bad_placement", "", {}
    if count < 1 or (pawn == OFFICER and count != 1):
        return "NG-P1", "grunwald.error.bad_count", ".count", {"count": count}
    if ducats < 0:
        return None, "grunwald.error.bad_ducats", ".ducats", {"ducats": ducats}
    if f == "teutons" and state.round < FIRST_TEUTON_ROUND:
        return "NG-P8", "grunwald.error.teutons_truce_field", ".field", {"round": state.round}
    if pawn == OFFICER:
        if p.officer_placed:
            return "NG-C2", "grunwald.error.officer_used", ".pawn", {}
    elif count > p.helpers - p.helpers_placed:
        return ("NG-C2", "grunwald.error.not_enough_helpers", ".count",
                {"count": count, "free": p.helpers - p.helpers_placed})
    if f == "helpers" and p.helpers >= MAX_HELPERS:
        return "NG-P7", "grunwald.error.helpers_full", ".field", {}
    if f == "teutons" and (st is not None or count != 1):
        return "NG-P8", "grunwald.error.teutons_one_pawn", ".field", {}
    if f == "mercenaries" and (st is not None or count != 1 or ducats < 1):
        return "NG-P10", "grunwald.error.mercenaries_one_pawn", ".field", {}
    if pawn == HELPER and st is not None and st.helpers > 0:
        return "NG-P2", "grunwald.error.helpers_twice", ".field", {}
    if ducats and f in PAWNS_ONLY:
        return PAWNS_ONLY[f], "grunwald.error.pawns_only", ".ducats", {"ducats": ducats}
    if ducats > p.ducats:
        return "NG-P11", "grunwald.error.ducats_short", ".ducats", {"ducats": ducats, "have": p.ducats}
    return None


def _legal_summary(state: GrunwaldState, who: int) -> str:
    """A short list of what the player could have done (for error messages)."""
    seen: dict[str, set[str]] = {}
    for a in legal_placements(state, who):
        if isinstance(a, Place):
            seen.setdefault(a.field, set()).add(a.pawn)
    parts = [f"{f} ({'/'.join(sorted(pawns))})" for f, pawns in seen.items()]
    return "; ".join(parts + ["pass"])


def _apply_pass(state: GrunwaldState, action: Pass) -> None:
    p = _check_turn(state, action.player)
    p.passed = True  # NG-P4
    if state.tracked:
        state.log[-1].placements.append(action)
    _next_turn(state, p.index)


def _apply_place(state: GrunwaldState, a: Place) -> None:
    """A placement turn (the one checked path: the rules are ``placement_fault``'s)."""
    p = _check_turn(state, a.player)
    who = p.index
    f = a.field
    st = state.stake(f, who) if f in FIELDS else None
    fault = placement_fault(state, p, st, f, a.pawn, a.count, a.ducats)
    if fault is not None:
        rule, key, where, params = fault
        error: type[RecordError] = RuleError if rule else RecordError  # (no rule: not a field, not a pawn)
        raise error(rule, where, key, player=p.name, field=f, legal=_legal_summary(state, who),
                    **params)
    ducats = a.ducats
    p.ducats -= ducats
    if a.pawn == OFFICER:
        p.officer_placed = True
        if st is None:
            state.fields[f].append(Stake(who, True, 0, ducats))
        else:
            st.officer = True
            st.ducats += ducats
    else:
        p.helpers_placed += a.count
        if st is None:
            state.fields[f].append(Stake(who, False, a.count, ducats))
        else:
            st.helpers += a.count
            st.ducats += ducats
    if state.tracked:
        state.log[-1].placements.append(a)
    _next_turn(state, who)


def _next_turn(state: GrunwaldState, who: int) -> None:
    """NG-P4: the next player clockwise who may still place; nobody: the phase is over."""
    players = state.players
    for i in state.seats_from[who + 1]:
        q = players[i]
        if not q.passed and (not q.officer_placed or q.helpers_placed < q.helpers):
            state.turn = i
            return
    state.turn = None
    _start_resolution(state)


# --- resolution phase (NG-F, NG-S) --------------------------------------------------------------


def _start_resolution(state: GrunwaldState) -> None:
    if state.round >= FIRST_TEUTON_ROUND:
        t = state.reveal.teutons
        state.skirmish = Skirmish(strength=t[0] + t[1] + TEUTON_BONUS[state.n])  # NG-S1
        state.phase = SKIRMISH
        return
    _resolve_fields(state)


def _apply_skirmish_cards(state: GrunwaldState, action: SkirmishCards) -> None:
    push_skirmish_cards(state, action.as_dict())


_TEUTON_CARD = {v: f"{TEUTON}:{v}" for v in range(RANGES[TEUTON][0], RANGES[TEUTON][1] + 1)}


def push_skirmish_cards(state: GrunwaldState, given: dict[str, Any]) -> None:
    """The cards played to the skirmish, player -> card, revealed together (NG-S2), and the
    duels and the outcome that follow (NG-S3, NG-S4).  The record's replay passes its entry."""
    if state.phase != SKIRMISH:
        _expect(state, SKIRMISH, "skirmish")
    sk = state.skirmish
    assert sk is not None  # made when the Teutons were revealed (NG-S1)
    stakes = state.fields["teutons"]
    players = state.players
    played: dict[int, str] = {}
    total = 0
    # NG-S3 duels: the strongest card first, ties to the earlier position (stakes are in
    # position order): the two strongest, found while the cards are read.
    first = second = -1
    s1 = s2 = 0
    for s in stakes:
        i = s.player
        p = players[i]
        name = p.name
        if name not in given:
            raise RuleError("NG-S2", "", "grunwald.error.skirmish_card_missing", player=name,
                            options=", ".join(playable_cards(p)))
        value = given[name]
        card = LEAVING.get(value) if type(value) is str else None
        source, c = card if card is not None else parse_card(value, key_path(name), prefix=True)
        kind, strength = CARDS[c]
        if kind == TEUTON:
            raise RuleError("NG-S2", key_path(name), "grunwald.error.skirmish_teuton", card=c,
                            options=", ".join(playable_cards(p)))
        if c not in p.hand or source == CAMP:
            if c in p.camp:
                raise RuleError("NG-C7", key_path(name), "grunwald.error.skirmish_from_camp",
                                player=name, card=c, options=", ".join(playable_cards(p)))
            raise RuleError("NG-S2", key_path(name), "grunwald.error.skirmish_not_in_hand",
                            player=name, card=c, options=", ".join(playable_cards(p)))
        played[i] = c
        total += strength
        if first < 0 or strength > s1:
            first, s1, second, s2 = i, strength, first, s1
        elif second < 0 or strength > s2:
            second, s2 = i, strength
    if len(given) != len(played):  # a card of someone not on the field
        participants = [state.names[s.player] for s in stakes]
        for name in given:
            if name not in participants:
                rule = "NG-C1" if name not in state.index else "NG-S2"
                raise RuleError(rule, key_path(name), "grunwald.error.skirmish_not_there",
                                player=name, participants=", ".join(participants) or "-")
    for i, c in played.items():
        take(players[i].hand, c)  # face down on the table until the losses are paid (NG-S5)
    sk.played = played

    a, b = state.reveal.teutons
    t_hi, t_lo = (a, b) if a >= b else (b, a)
    if first >= 0 and t_lo < s1:  # NG-S3: the stronger Teuton the card beats
        if t_hi < s1:
            sk.captured[first] = _TEUTON_CARD[t_hi]
            t_hi = 0
        else:
            sk.captured[first] = _TEUTON_CARD[t_lo]
            t_lo = 0
    if second >= 0 and t_lo and t_lo < s2:
        sk.captured[second] = _TEUTON_CARD[t_lo]
    sk.total = total
    # NG-S4: won at total >= strength; duels do not change the outcome.
    owed = sk.strength - total
    sk.owed = owed = owed if owed > 0 else 0
    state.skirmish_won = owed == 0
    if state.tracked:
        state.log[-1].skirmish = {
            "strength": sk.strength,
            "cards": {state.names[i]: c for i, c in played.items()},
            "captures": {state.names[i]: c for i, c in sk.captured.items()},
            "total": sk.total,
            "won": owed == 0,
            "owed": owed,
            "losses": {},
        }
    if owed:
        sk.pending = [i for i in state.order_from_start() if players[i].holds_loss_material()]
    if sk.pending:
        state.phase = LOSSES
    else:
        _finish_skirmish(state)


def _apply_pay_losses(state: GrunwaldState, action: PayLosses) -> None:
    push_losses(state, action.player, action.items)


def push_losses(state: GrunwaldState, name: Any, items: Sequence[Any]) -> None:
    """What one player discards after a lost skirmish (NG-S4): cards (NG-S5: not those on the
    table) and ``provisions:N`` items, worth at least what is owed unless that is all they hold."""
    if state.phase != LOSSES:
        _expect(state, LOSSES, "losses")
    sk = state.skirmish
    assert sk is not None  # the losses of a skirmish in progress
    who = state.index.get(name) if type(name) is str else None
    if who is None:
        raise RuleError("NG-C1", "", "grunwald.error.unknown_player", player=name,
                        players=", ".join(state.names))
    p = state.players[who]
    if who not in sk.pending:
        raise RuleError("NG-S4", "", "grunwald.error.losses_not_owed", player=p.name,
                        pending=", ".join(state.names[i] for i in sk.pending))
    hand, camp, provisions = dict(p.hand), dict(p.camp), p.provisions
    value = 0
    for k, item in enumerate(items):
        card = LEAVING.get(item) if type(item) is str else None
        if card is None:
            amount = _PROVISION_ITEMS.get(item) if type(item) is str else None
            if amount is None and isinstance(item, str) and item.startswith("provisions:"):
                amount = _provision_amount(item, f"[{k}]")
            if amount is not None:
                if amount > provisions:
                    raise RuleError("NG-S4", f"[{k}]", "grunwald.error.losses_provisions",
                                    player=p.name, amount=amount, have=provisions)
                provisions -= amount
                value += amount
                continue
            card = parse_card(item, f"[{k}]", prefix=True)
        source, c = card
        if c == PEASANT:
            raise RuleError("NG-S4", f"[{k}]", "grunwald.error.peasant_stays", player=p.name)
        pile = source_pile(hand, camp, source, c)
        if pile is None:
            on_table = c in (sk.played.get(who), sk.captured.get(who))
            raise RuleError("NG-S5" if on_table else "NG-S4", f"[{k}]",
                            "grunwald.error.losses_on_table" if on_table else "grunwald.error.not_held",
                            player=p.name, card=item, holds=_holdings(p))
        take(pile, c)
        value += CARDS[c][1]
    if value < sk.owed:
        left = provisions
        for pile in (hand, camp):
            for c, n in pile.items():
                left += CARDS[c][1] * n
        if left > 0:
            raise RuleError("NG-S4", "", "grunwald.error.losses_short", player=p.name,
                            owed=sk.owed, value=value, holds=_holdings(p))
    if state.tracked:
        for item in items:
            if item in LEAVING:
                put(state.removed, LEAVING[item][1])
        skirmish = state.log[-1].skirmish
        assert skirmish is not None  # logged when the cards were played
        skirmish["losses"][p.name] = list(items)
    p.hand, p.camp, p.provisions = hand, camp, provisions
    sk.pending.remove(who)
    if not sk.pending:
        _finish_skirmish(state)


def _provision_amount(item: str, where: str) -> int:
    text = item[len("provisions:"):]
    if not text.isdigit() or text.startswith("0") or len(text) > 6:
        raise RecordError(None, where, "grunwald.record.provision_item", value=item)
    return int(text)


_PROVISION_ITEMS = {f"provisions:{n}": n for n in range(1, 100)}  # (the usual ones, read at once)


def _finish_skirmish(state: GrunwaldState) -> None:
    """NG-S5: played knights and captured Teutons go to the camp, the peasant back to the hand."""
    sk = state.skirmish
    assert sk is not None  # the skirmish in progress
    for i, c in sk.played.items():
        put(state.players[i].hand if c == PEASANT else state.players[i].camp, c)
    for i, c in sk.captured.items():
        put(state.players[i].camp, c)
    if state.tracked:
        captured = list(sk.captured.values())
        for v in state.reveal.teutons:
            c = f"teuton:{v}"
            if c in captured:
                captured.remove(c)
            else:
                put(state.removed, c)  # NG-F9: uncaptured Teutons leave the game
                state.log[-1].removed.append(c)
    _clear_field(state, "teutons")
    state.skirmish = None
    _resolve_fields(state)


def _ranked(stakes: list[Stake], by_ducats: bool = False) -> list[Stake]:
    """A field's stakes from the strongest (NG-F1: officer 2, each helper 1, each ducat 1;
    Mercenaries: ducats alone, NG-F7), ties to the earlier position (NG-P3): a stable sort of the
    stakes, which are in position order."""
    n = len(stakes)
    if n < 2:
        return stakes
    if by_ducats:
        keys = [s.ducats for s in stakes]
    else:
        keys = [(2 if s.officer else 0) + s.helpers + s.ducats for s in stakes]
    if n == 2:
        return stakes if keys[0] >= keys[1] else [stakes[1], stakes[0]]
    order = sorted(range(len(stakes)), key=keys.__getitem__, reverse=True)
    return [stakes[i] for i in order]


def _clear_field(state: GrunwaldState, field_name: str) -> None:
    """NG-F3: pawns go home; ducats of players who gained nothing return to them."""
    players = state.players
    for st in state.fields[field_name]:
        p = players[st.player]
        if st.ducats:
            p.ducats += st.ducats
        p.helpers_placed -= st.helpers
        if st.officer:
            p.officer_placed = False
    state.fields[field_name] = []


_CARD = {(kind, v): f"{kind}:{v}" for kind in (CROWN, MERCENARY) for v in range(1, 7)}


def _resolve_fields(state: GrunwaldState) -> None:
    """Fields 2–5, then field 6 up to the 2nd player's purchase choice (NG-F1).

    Each field ranks its stakes (``_ranked``) and gives its prizes in that order: Crown (NG-F4)
    and Mercenaries the stronger card to the 1st, the other to the 2nd (NG-V1: with two players
    the 1st only; unclaimed cards are removed, NG-F9); Provisions (NG-F5) and Ducats (NG-F6)
    their cards' values as the table size says (NG-V1, NG-V2).  A winner's ducats go to the
    bank, the others' return (NG-F3)."""
    rv = state.reveal
    players = state.players
    n = len(players)
    tracked = state.tracked
    fields = state.fields
    cleared: list[Stake] = []  # (their pawns go home at the end of the round, or below)
    for f in _PRIZE_FIELDS:
        stakes = fields[f]
        if not stakes and not tracked:
            continue
        if f == "crown" or f == "mercenaries":
            kind = CROWN if f == "crown" else MERCENARY
            a, b = rv.crown if f == "crown" else rv.mercenary
            cards: tuple[str, ...] = (_CARD[kind, a], _CARD[kind, b]) if a >= b else (_CARD[kind, b], _CARD[kind, a])
            prizes: Sequence[Any] = cards[:1] if n == 2 else cards  # NG-V1: the 1st only
        else:
            cards = ()
            values = rv.provisions if f == "provisions" else rv.ducats
            if len(values) > 1:
                values = sorted(values, reverse=True)
            if f == "provisions":
                prizes = values[-1:] if n == 2 else values  # NG-F5, NG-V1
            else:
                prizes = values[-2:] if n == 2 else values[:2] if n == 3 else values[:3]  # NG-F6
        won = 0
        results = []
        if stakes:
            fields[f] = []
            cleared += stakes
            ranked = _ranked(stakes, f == "mercenaries") if len(stakes) > 1 else stakes
            for st, prize in zip(ranked, prizes):
                p = players[st.player]
                if f == "provisions":
                    p.provisions += prize
                elif f == "ducats":
                    p.ducats += prize
                else:
                    p.hand[prize] = p.hand.get(prize, 0) + 1
                if tracked:
                    results.append({"player": p.name, "gain": prize, "paid": st.ducats})
                st.ducats = 0  # spent on a benefit: to the bank (NG-F3)
                won += 1
            for st in stakes:  # NG-F3: the ducats of those who gained nothing return to them
                if st.ducats:
                    players[st.player].ducats += st.ducats
        if tracked:
            for c in cards[won:]:  # NG-F9: unclaimed cards leave the game
                put(state.removed, c)
                state.log[-1].removed.append(c)
            state.log[-1].fields[f] = results
    # NG-F8 Helpers: 1st gains one for free; 2nd may buy one for as many ducats as helpers owned.
    stakes = fields["helpers"]
    if len(stakes) > 1:
        stakes = _ranked(stakes)
    results = []
    if stakes:
        first = players[stakes[0].player]
        first.helpers = min(MAX_HELPERS, first.helpers + 1)
        results.append({"player": first.name, "gain": "helper", "paid": 0})
    if tracked:
        state.log[-1].fields["helpers"] = results
    state.helper_buyer = None
    if len(stakes) > 1:
        second = players[stakes[1].player]
        if second.helpers < MAX_HELPERS and second.ducats >= second.helpers:
            state.helper_buyer = second.index
            state.phase = HELPER_PURCHASE
            for st in cleared:  # NG-F3: the pawns of the fields resolved go home
                p = players[st.player]
                p.helpers_placed -= st.helpers
                if st.officer:
                    p.officer_placed = False
            return
        results.append({"player": second.name, "gain": None, "paid": 0, "reason": "cannot_afford"})
    _end_round(state)


_PRIZE_FIELDS = ("crown", "provisions", "ducats", "mercenaries")  # (in the order resolved)


def _apply_helper_purchase(state: GrunwaldState, action: HelperPurchase) -> None:
    _expect(state, HELPER_PURCHASE, "helper_purchase")
    assert state.helper_buyer is not None  # set for the helper purchase
    p = state.players[state.helper_buyer]
    price = p.helpers
    if action.buy:
        p.ducats -= price
        p.helpers += 1
    if state.tracked:
        state.log[-1].fields["helpers"].append(
            {"player": p.name, "gain": "helper" if action.buy else None,
             "paid": price if action.buy else 0, "reason": None if action.buy else "declined"}
        )
    state.helper_buyer = None
    _end_round(state)


def _end_round(state: GrunwaldState) -> None:
    """NG-F9 and NG-R4: the board is cleared, the start player token passes on."""
    state.fields = {"teutons": [], "crown": [], "provisions": [], "ducats": [], "mercenaries": [],
                    "helpers": []}  # (FIELDS, NG-P5: a display, faster than a comprehension)
    for p in state.players:
        p.officer_placed = False
        p.helpers_placed = 0
        p.passed = False
    state.turn = None
    if state.round == ROUNDS:
        state.feeding_pending = [
            p.index for p in state.players if p.knight_count() > p.provisions
        ]
        state.phase = FEEDING
        if not state.feeding_pending:
            _finish_game(state)
        return
    state.round += 1
    state.reveal = None
    if state.tracked:
        state.log.append(RoundLog(state.round, state.names[state.start_player]))
    state.phase = EVENT


# --- end of the game (NG-E) -----------------------------------------------------------------------


def _apply_feed(state: GrunwaldState, action: Feed) -> None:
    _expect(state, FEEDING, "feeding")
    if action.player not in state.index:
        raise RuleError("NG-C1", "", "grunwald.error.unknown_player", player=action.player,
                        players=", ".join(state.names))
    who = state.index[action.player]
    p = state.players[who]
    need = p.knight_count() - p.provisions
    if who not in state.feeding_pending:
        if not action.cards:
            return  # listing a fed player with nothing to give up is harmless
        raise RuleError("NG-E1", "", "grunwald.error.feeding_count", player=p.name,
                        need=max(0, need), got=len(action.cards))
    if len(action.cards) != need:
        raise RuleError("NG-E1", "", "grunwald.error.feeding_count", player=p.name, need=need,
                        got=len(action.cards))
    hand, camp = dict(p.hand), dict(p.camp)
    for k, item in enumerate(action.cards):
        card = LEAVING.get(item) if type(item) is str else None
        source, c = card if card is not None else parse_card(item, f"[{k}]", prefix=True)
        pile = source_pile(hand, camp, source, c)
        if CARDS[c][0] not in KNIGHT_KINDS or pile is None:
            raise RuleError("NG-E1", f"[{k}]", "grunwald.error.feeding_card", player=p.name,
                            card=item, knights=", ".join(knights_of(p)))
        take(pile, c)
    p.hand, p.camp = hand, camp
    if state.tracked:
        for item in action.cards:
            put(state.removed, LEAVING[item][1])
        state.feeding_log.append((p.name, tuple(action.cards)))
    state.feeding_pending.remove(who)
    if not state.feeding_pending:
        _finish_game(state)


def _finish_game(state: GrunwaldState) -> None:
    """NG-E1: every remaining knight eats one provision; the rest is the quartermaster's stock."""
    for p in state.players:
        p.provisions -= p.knight_count()
    state.phase = OVER
    state.turn = None


def final_scores(state: GrunwaldState) -> scoring.Result:
    if state.phase != OVER:
        raise ValueError("the game is not over")
    return scores_of(state.players)


def scores_of(players: list[Player]) -> scoring.Result:
    """The final score (NG-E2 … NG-E6) of the players' inventories after feeding."""
    inventories = []
    for p in players:
        strengths: dict[str, list[int]] = {CROWN: [], MERCENARY: [], TEUTON: [], PEASANT: []}
        for pile in (p.hand, p.camp):
            for c, k in pile.items():
                kind, strength = CARDS[c]
                if k == 1:
                    strengths[kind].append(strength)
                else:
                    strengths[kind] += [strength] * k
        crown, mercenary, teutons = strengths[CROWN], strengths[MERCENARY], strengths[TEUTON]
        crown.sort(reverse=True)
        mercenary.sort(reverse=True)
        teutons.sort(reverse=True)
        inventories.append(scoring.Inventory(p.name, crown, mercenary, teutons, p.provisions,
                                             p.ducats))
    return scoring.score(inventories)


_HANDLERS: dict[type, Callable[[GrunwaldState, Any], None]] = {
    Event: _apply_event,
    LaterEffect: _apply_later_effect,
    Reveal: _apply_reveal,
    Place: _apply_place,
    Pass: _apply_pass,
    SkirmishCards: _apply_skirmish_cards,
    PayLosses: _apply_pay_losses,
    HelperPurchase: _apply_helper_purchase,
    Feed: _apply_feed,
}
