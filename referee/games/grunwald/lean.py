"""One-pass replay of a *complete, legal* record, for ``replay --json`` over many files.

The full replay (``record._Replayer`` driving ``engine.apply``) builds an action object for every
entry, keeps the round logs and the card ledger for summaries and tests, and checks every rule in an
order that lets it explain the first bad entry.  A bulk ``replay --json`` needs none of that for
the records that are fine, which is nearly all of them.  This module reads such a record in one
pass: the entries straight from the JSON document, players as ``state.Player`` objects, stakes as
small lists, and each entry's rules as one combined test.

The contract (proven by ``tests/grunwald/test_lean.py`` against the full replay):

* ``complete_output(players, document)`` returns exactly ``output.replay_output(state)`` of the
  full replay, **only** for a record that replays to the end of the game without any error;
* for anything else — a format error, a broken rule, a record that stops part-way, or merely
  something this reader does not handle — it returns ``None`` and the caller replays the record in
  full, which reports the error (rule id, location, message) or the partial state as always.

So this reader may refuse more than it must, never accept more.  It mirrors ``engine.py`` rule by
rule (the rule ids are cited next to each check); a change to the rules must be made in both (the
differential tests fail otherwise).  No I/O here.
"""

from __future__ import annotations

from typing import Any

from referee.games.grunwald.actions import FIELDS, HELPER, OFFICER
from referee.games.grunwald.cards import CAMP, CARDS, HAND, KNIGHT_KINDS, PEASANT, TEUTON
from referee.games.grunwald.state import (
    FIRST_TEUTON_ROUND, MAX_HELPERS, ROUNDS, TEUTON_BONUS, Player, put, take,
)


class _Bail(Exception):
    """Not a complete legal game, or not certainly one: the full replay decides."""


_ROUND_KEYS = frozenset(("event", "reveal", "placements", "skirmish", "helper_purchase"))
_EVENT_KEYS = frozenset(("card", "effects"))
_EFFECT_KEYS = frozenset(("player", "ducats", "provisions", "helpers", "gain", "discard", "exhaust"))
_REVEAL_KEYS = frozenset(("crown", "mercenary", "provisions", "ducats", "teutons"))
_PLACE_KEYS = frozenset(("player", "field", "pawn", "count", "ducats"))
_PASS_KEYS = frozenset(("player", "pass"))
_SKIRMISH_KEYS = frozenset(("cards", "losses"))
_FIELD_SET = frozenset(FIELDS)
_PAWNS_ONLY = frozenset(("crown", "ducats", "helpers", "teutons"))  # NG-P6, NG-P8

#: every card string a player may name when a card leaves them -> (source or None, card)
_LEAVING: dict[str, tuple[str | None, str]] = {}
for _c in CARDS:
    _LEAVING[_c] = (None, _c)
    _LEAVING[f"{HAND}/{_c}"] = (HAND, _c)
    _LEAVING[f"{CAMP}/{_c}"] = (CAMP, _c)
_KIND = {c: kind for c, (kind, _) in CARDS.items()}
_STRENGTH = {c: s for c, (_, s) in CARDS.items()}
_KNIGHTS = frozenset(c for c, kind in _KIND.items() if kind in KNIGHT_KINDS)
#: the ``provisions:N`` loss items this reader takes (the engine takes up to six digits)
_PROVISIONS = {f"provisions:{k}": k for k in range(1, 100)}


def complete_output(names: list[str], document: dict[str, Any]) -> dict[str, Any] | None:
    """The replay output of a complete, legal game, or ``None`` (replay it in full).

    ``names`` and the header of ``document`` were checked by ``record.parse_record``."""
    from referee.games.grunwald.output import players_output

    try:
        players = _replay(names, document)
    except (_Bail, LookupError, TypeError, ValueError):
        # _Bail: not a complete legal game.  The others can only come from odd input this reader
        # does not type-check in full (an unhashable value used as a key, a missing key): the full
        # replay reports those properly.
        return None
    return players_output(players, True, ROUNDS)


def _replay(names: list[str], doc: dict[str, Any]) -> list[Player]:
    n = len(names)
    index = {name: i for i, name in enumerate(names)}
    ps = [Player(name, i) for i, name in enumerate(names)]
    # after[i]: the players clockwise from i's left neighbour round to i (NG-P4 turn order)
    after = [[ps[(i + k) % n] for k in range(1, n + 1)] for i in range(n)]
    rounds = doc.get("rounds")
    if type(rounds) is not list or len(rounds) != ROUNDS:  # NG-R1 (fewer: a game in progress)
        raise _Bail
    for ri, rdoc in enumerate(rounds):
        r = ri + 1
        if type(rdoc) is not dict or not rdoc.keys() <= _ROUND_KEYS:
            raise _Bail
        if r == 1:
            if "event" in rdoc:  # NG-R2: no event in round 1
                raise _Bail
        else:
            _event(ps, index, rdoc["event"])
        teutons = _reveal(rdoc["reveal"], r)
        fields = _placements(ps, after, rdoc.get("placements", []), r, n)
        skirmish = rdoc.get("skirmish")
        if r >= FIRST_TEUTON_ROUND:
            _skirmish(ps, names, index, fields, skirmish, teutons, r, n)
        elif skirmish is not None:  # NG-R3: no skirmish during the truce
            raise _Bail
        _resolve(ps, fields, rdoc, n)
        for p in ps:  # NG-F9 / NG-R4: the board is cleared (the start player moves with r)
            p.officer_placed = False
            p.helpers_placed = 0
            p.passed = False
    _feeding(ps, index, doc)
    for p in ps:  # NG-E1: every remaining knight eats one provision
        p.provisions -= _knights(p)
    return ps


# --- event (NG-R2) -------------------------------------------------------------------------------


def _event(ps: list[Player], index: dict[str, int], event: Any) -> None:
    if type(event) is not dict or not event.keys() <= _EVENT_KEYS or type(event["card"]) is not str:
        raise _Bail
    effects = event.get("effects", [])
    if type(effects) is not list:
        raise _Bail
    for e in effects:
        if type(e) is not dict or not e.keys() <= _EFFECT_KEYS or len(e) < 2:
            raise _Bail  # an effect names its player and at least one change
        p = ps[index[e["player"]]]  # NG-C1 (an unknown name is a KeyError: bail)
        ducats = e.get("ducats", 0)
        provisions = e.get("provisions", 0)
        helpers = e.get("helpers", 0)
        if (type(ducats) is not int or type(provisions) is not int or type(helpers) is not int
                or p.ducats + ducats < 0 or p.provisions + provisions < 0
                or not 0 <= p.helpers + helpers <= MAX_HELPERS):
            raise _Bail
        p.ducats += ducats
        p.provisions += provisions
        p.helpers += helpers
        if "gain" in e:  # a card from the supply, never the peasant; Teutons go to the camp
            c = e["gain"]
            if type(c) is not str or c not in _KIND or c == PEASANT:
                raise _Bail
            put(p.camp if _KIND[c] == TEUTON else p.hand, c)
        if "discard" in e:
            source, c = _LEAVING[e["discard"]]
            pile = _source_pile(p.hand, p.camp, source, c)
            if c == PEASANT or pile is None:
                raise _Bail
            take(pile, c)
        if "exhaust" in e:  # a knight from the hand goes to the camp
            source, c = _LEAVING[e["exhaust"]]
            if c not in _KNIGHTS or source == CAMP or c not in p.hand:
                raise _Bail
            take(p.hand, c)
            put(p.camp, c)


# --- revealed cards (NG-R3, NG-C3) ---------------------------------------------------------------


def _pair(value: Any, hi: int) -> list[int]:
    """Two revealed knights or Teutons: strengths 1…hi (NG-C3)."""
    if type(value) is not list or len(value) != 2:
        raise _Bail
    a, b = value
    if type(a) is not int or type(b) is not int or not (0 < a <= hi and 0 < b <= hi):
        raise _Bail
    return value


def _amounts(value: Any, most: int) -> None:
    """1…most provision or ducat cards, each worth at least 1."""
    if type(value) is not list or not 0 < len(value) <= most:
        raise _Bail
    for v in value:
        if type(v) is not int or v < 1:
            raise _Bail


def _reveal(reveal: Any, r: int) -> list[int] | None:
    """Checks the revealed cards (NG-R3); returns the Teutons (``None`` during the truce).  The
    other cards are read again when the fields resolve."""
    if type(reveal) is not dict or not _REVEAL_KEYS.issuperset(reveal):
        raise _Bail
    _pair(reveal["crown"], 6)
    _pair(reveal["mercenary"], 6)
    _amounts(reveal["provisions"], 2)
    _amounts(reveal["ducats"], 3)
    if r >= FIRST_TEUTON_ROUND:
        return _pair(reveal["teutons"], 4)
    if "teutons" in reveal:
        raise _Bail
    return None


# --- placement (NG-P) ----------------------------------------------------------------------------


def _placements(ps: list[Player], after: list[list[Player]], placements: Any, r: int, n: int
                ) -> dict[str, dict[int, list[int]]]:
    """Plays the placement turns; returns the fields: per field, each player's stake as
    ``[player, officer (0/1), helpers, ducats]``, in position order (NG-P3: a dict keeps the order
    in which players arrived)."""
    if type(placements) is not list:
        raise _Bail
    fields: dict[str, dict[int, list[int]]] = {f: {} for f in FIELDS}
    p: Player | None = ps[(r - 1) % n]  # NG-R4: the start player moves on every round
    for entry in placements:
        if p is None:  # NG-P4: an entry after the placement phase
            raise _Bail
        if type(entry) is not dict or entry.get("player") != p.name:  # NG-P1: in turn
            raise _Bail
        who = p.index
        if "pass" in entry:
            if entry["pass"] is not True or len(entry) != 2:
                raise _Bail
            p.passed = True
        else:
            stakes = fields.get(entry["field"])  # None: not a field (NG-P5)
            pawn = entry["pawn"]
            count = entry.get("count", 1)
            ducats = entry.get("ducats", 0)
            if (stakes is None or type(count) is not int or type(ducats) is not int
                    or not _PLACE_KEYS.issuperset(entry)):
                raise _Bail
            f = entry["field"]
            st = stakes.get(who)
            # engine._apply_place's combined test, split by pawn and field:
            if ducats and (ducats < 0 or ducats > p.ducats or f in _PAWNS_ONLY):
                raise _Bail  # NG-P11; NG-P6, NG-P8: pawns only
            if pawn == OFFICER:
                if count != 1 or p.officer_placed:  # NG-C2: one officer
                    raise _Bail
            elif pawn == HELPER:
                # NG-C2: helpers he has free; NG-P2: helpers only once on a field
                if not 0 < count <= p.helpers - p.helpers_placed or (st is not None and st[2]):
                    raise _Bail
            else:
                raise _Bail
            if f == "teutons":
                if r < FIRST_TEUTON_ROUND or st is not None or count != 1:  # NG-P8
                    raise _Bail
            elif f == "mercenaries":
                if st is not None or count != 1 or ducats < 1:  # NG-P10
                    raise _Bail
            elif f == "helpers" and p.helpers >= MAX_HELPERS:  # NG-P7
                raise _Bail
            if st is None:
                st = stakes[who] = [who, 0, 0, 0]
            if pawn == OFFICER:
                st[1] = 1
                p.officer_placed = True
            else:
                st[2] += count
                p.helpers_placed += count
            if ducats:
                st[3] += ducats
                p.ducats -= ducats
        # NG-P4: the next player clockwise who may still place; nobody: the phase is over.
        for p in after[who]:
            if not p.passed and (not p.officer_placed or p.helpers_placed < p.helpers):
                break
        else:
            p = None
    if p is not None:  # the record stops in the placement phase
        raise _Bail
    return fields


# --- field 1: the skirmish (NG-S) ------------------------------------------------------------------


def _skirmish(ps: list[Player], names: list[str], index: dict[str, int],
              fields: dict[str, dict[int, list[int]]], skirmish: Any, teutons: tuple[int, ...],
              r: int, n: int) -> None:
    if type(skirmish) is not dict or not skirmish.keys() <= _SKIRMISH_KEYS:
        raise _Bail
    given = skirmish["cards"]
    if type(given) is not dict:
        raise _Bail
    stakes = fields["teutons"]
    if len(given) != len(stakes):  # NG-S2: exactly the players on the field, one card each
        raise _Bail
    played: dict[int, str] = {}
    for who in stakes:  # in position order
        p = ps[who]
        source, c = _LEAVING[given[p.name]]  # a card from the hand, never a Teuton (NG-S2, NG-C7)
        if _KIND[c] == TEUTON or source == CAMP or c not in p.hand:
            raise _Bail
        played[who] = c
    for i, c in played.items():
        take(ps[i].hand, c)

    # NG-S3 duels: strongest first, ties by position; as engine._apply_skirmish_cards.
    strength = teutons[0] + teutons[1] + TEUTON_BONUS[n]  # NG-S1
    order = sorted(played, key=lambda i: -_STRENGTH[played[i]])
    t_hi, t_lo = sorted(teutons, reverse=True)
    on_board = [t_hi, t_lo]
    captured: dict[int, str] = {}
    if order:
        s1 = _STRENGTH[played[order[0]]]
        if t_lo < s1:
            took = t_hi if t_hi < s1 else t_lo
            captured[order[0]] = f"teuton:{took}"
            on_board.remove(took)
    if len(order) > 1:
        s2 = _STRENGTH[played[order[1]]]
        if t_lo in on_board and t_lo < s2:
            captured[order[1]] = f"teuton:{t_lo}"
            on_board.remove(t_lo)
    owed = max(0, strength - sum(_STRENGTH[c] for c in played.values()))  # NG-S4
    pending = []
    if owed:
        start = (r - 1) % n
        pending = [i for i in ((start + k) % n for k in range(n)) if _holds_loss_material(ps[i])]
    if pending:
        _losses(ps, names, index, skirmish["losses"], pending, owed)
    elif "losses" in skirmish:  # losses listed where nobody owes any: only empty lists are harmless
        losses = skirmish["losses"]
        if type(losses) is not dict:
            raise _Bail
        for name, items in losses.items():
            if name not in index or items != []:
                raise _Bail
    # NG-S5: played knights and captured Teutons go to the camp, the peasant back to the hand.
    for i, c in played.items():
        put(ps[i].hand if c == PEASANT else ps[i].camp, c)
    for i, c in captured.items():
        put(ps[i].camp, c)
    # The pawns go home (NG-F3): the flags are reset at the end of the round; the Teutons field
    # holds no ducats (NG-P8).


def _holds_loss_material(p: Player) -> bool:
    if p.provisions > 0:
        return True
    for pile in (p.hand, p.camp):
        for c in pile:
            if c != PEASANT:
                return True
    return False


def _losses(ps: list[Player], names: list[str], index: dict[str, int], losses: Any,
            pending: list[int], owed: int) -> None:
    """NG-S4: every player who owes pays, in the record's ``losses`` object."""
    if type(losses) is not dict:
        raise _Bail
    for name, items in losses.items():
        if name not in index or type(items) is not list or (index[name] not in pending and items):
            raise _Bail
    # The piles change in place, unlike the engine's: a bail throws the whole state away.
    for who in pending:
        p = ps[who]
        hand, camp = p.hand, p.camp
        value = 0
        for item in losses[names[who]]:  # a missing payer: the record stops or breaks NG-S4
            amount = _PROVISIONS.get(item)
            if amount is not None:  # provisions:N
                if amount > p.provisions:
                    raise _Bail
                p.provisions -= amount
                value += amount
                continue
            source, c = _LEAVING[item]
            pile = _source_pile(hand, camp, source, c)
            if c == PEASANT or pile is None:
                raise _Bail
            take(pile, c)
            value += _STRENGTH[c]
        if value < owed and (p.provisions or any(_STRENGTH[c] for c in hand)
                             or any(_STRENGTH[c] for c in camp)):
            raise _Bail  # paid too little while still holding something of value


def _source_pile(hand: dict[str, int], camp: dict[str, int], source: str | None, c: str
                 ) -> dict[str, int] | None:
    """As ``engine._source_pile_in``: the named pile, else the camp if it holds the card, else the
    hand."""
    if source == HAND:
        return hand if c in hand else None
    if source == CAMP:
        return camp if c in camp else None
    if c in camp:
        return camp
    if c in hand:
        return hand
    return None


# --- fields 2-6 (NG-F) -------------------------------------------------------------------------------


def _refund(ps: list[Player], stakes: dict[int, list[int]]) -> None:
    """NG-F3: ducats still on a field return to their owner.  (Pawns going home needs nothing:
    the placement flags are reset at the end of the round, and nothing in between reads them.)"""
    for who, _, _, ducats in stakes.values():
        if ducats:
            ps[who].ducats += ducats


def _value(s: list[int]) -> int:
    return -(2 * s[1] + s[2] + s[3])  # NG-F1: officer 2, helper 1, ducat 1 (highest first)


def _by_ducats(s: list[int]) -> int:
    return -s[3]  # NG-F7


def _resolve(ps: list[Player], fields: dict[str, dict[int, list[int]]], rdoc: dict[str, Any],
             n: int) -> None:
    """Fields 2-6 in the engine's order (NG-F1): highest value first, ties to the earlier position
    (a stable sort of the stakes in position order, NG-P3); spent ducats go to the bank (NG-F3)."""
    reveal = rdoc["reveal"]
    crown = fields["crown"]
    if crown:  # NG-F4
        _award_cards(ps, crown, sorted(crown.values(), key=_value), "crown", reveal["crown"], n)
    stakes = fields["provisions"]
    if stakes:  # NG-F5, NG-V1
        prov = sorted(reveal["provisions"], reverse=True)
        for st, amount in zip(sorted(stakes.values(), key=_value), prov[-1:] if n == 2 else prov):
            ps[st[0]].provisions += amount
            st[3] = 0
        _refund(ps, stakes)
    stakes = fields["ducats"]
    if stakes:  # NG-F6, NG-V1 (a pawns-only field: nothing to refund)
        duc = sorted(reveal["ducats"], reverse=True)
        for st, amount in zip(sorted(stakes.values(), key=_value),
                              duc[-2:] if n == 2 else duc[:2] if n == 3 else duc[:3]):
            ps[st[0]].ducats += amount
    mercenaries = fields["mercenaries"]
    if mercenaries:  # NG-F7: ranked by ducats alone
        _award_cards(ps, mercenaries, sorted(mercenaries.values(), key=_by_ducats), "mercenary",
                     reveal["mercenary"], n)
    # NG-F8 Helpers: the 1st gains one; the 2nd may buy one for as many ducats as helpers owned.
    ranked = sorted(fields["helpers"].values(), key=_value)
    purchase = rdoc.get("helper_purchase", _ABSENT)
    if ranked:
        first = ps[ranked[0][0]]
        first.helpers = min(MAX_HELPERS, first.helpers + 1)
    if len(ranked) > 1:
        second = ps[ranked[1][0]]
        if second.helpers < MAX_HELPERS and second.ducats >= second.helpers:
            if type(purchase) is not bool:  # the choice is missing or not a yes/no
                raise _Bail
            if purchase:
                second.ducats -= second.helpers
                second.helpers += 1
            return
    if purchase is not _ABSENT and purchase is not False:  # NG-F8: nothing to buy
        raise _Bail


_ABSENT = object()


def _award_cards(ps: list[Player], stakes: dict[int, list[int]], ranked: list[list[int]],
                 kind: str, values: list[int], n: int) -> None:
    """Crown and Mercenaries: the stronger card to the 1st, the other to the 2nd; with two
    players only the 1st wins one (NG-V1)."""
    for st, v in zip(ranked[: 1 if n == 2 else 2], sorted(values, reverse=True)):
        put(ps[st[0]].hand, f"{kind}:{v}")
        st[3] = 0
    _refund(ps, stakes)


# --- the end (NG-E1) ---------------------------------------------------------------------------------


def _knights(p: Player) -> int:
    n = 0
    for pile in (p.hand, p.camp):
        for c, k in pile.items():
            if c in _KNIGHTS:
                n += k
    return n


def _feeding(ps: list[Player], index: dict[str, int], doc: dict[str, Any]) -> None:
    """Short players give up knights until every knight can eat (NG-E1)."""
    pending = {p.index: _knights(p) - p.provisions for p in ps if _knights(p) > p.provisions}
    if "feeding" not in doc:
        if pending:  # the record stops before the feeding
            raise _Bail
        return
    feeding = doc["feeding"]
    if type(feeding) is not dict:
        raise _Bail
    for name, items in feeding.items():
        if name not in index or type(items) is not list or (index[name] not in pending and items):
            raise _Bail
    for who, need in pending.items():
        p = ps[who]
        items = feeding[p.name]
        if len(items) != need:
            raise _Bail
        hand, camp = dict(p.hand), dict(p.camp)
        for item in items:
            source, c = _LEAVING[item]
            pile = _source_pile(hand, camp, source, c)
            if c not in _KNIGHTS or pile is None:
                raise _Bail
            take(pile, c)
        p.hand, p.camp = hand, camp
