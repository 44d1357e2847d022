"""One-pass replay of a *complete, legal* record, for ``replay --json`` over many files.

The full replay (``record._Replayer`` driving ``engine.apply``) builds an action object for every
entry, keeps the round logs and the card ledger for summaries and tests, and checks every rule in an
order that lets it explain the first bad entry.  A bulk ``replay --json`` needs none of that for
the records that are fine, which is nearly all of them.  This module reads such a record in one
pass: the entries straight from the JSON document, players as ``state.Player`` objects, stakes as
small lists, the rules of each entry checked together, and nothing kept that the output does not
need.  A rule broken anywhere simply abandons the pass (``_Bail``), so the state may change before
an entry's last check and nothing is ever rolled back.

The contract (proven by ``tests/grunwald/test_lean.py`` against the full replay):

* ``complete_output(names, document)`` returns exactly ``output.replay_output(state)`` of the
  full replay, **only** for a record that replays to the end of the game without any error (and,
  for a document decoded without the duplicate-key check, only when its ``:`` count proves that no
  key was repeated: see ``jsonio.loads_counted``);
* for anything else — a format error, a broken rule, a record that stops part-way, or merely
  something this reader does not handle — it returns ``None`` and the caller replays the record in
  full, which reports the error (rule id, location, message) or the partial state as always.

So this reader may refuse more than it must, never accept more.  It mirrors ``engine.py`` rule by
rule (the rule ids are cited next to each check); a change to the rules must be made in both (the
differential tests fail otherwise).  No I/O here.
"""

from __future__ import annotations

from collections.abc import Collection
from operator import itemgetter
from typing import Any

from referee.core.jsonio import colon_budget
from referee.games.grunwald.actions import FIELDS, HELPER, OFFICER
# the named pile, else the camp if it holds the card, else the hand (the engine's own rule)
from referee.games.grunwald.engine import _source_pile_in as _source_pile
from referee.games.grunwald.cards import (
    CAMP, CARDS, CROWN, HAND, KNIGHT_KINDS, MERCENARY, PEASANT, TEUTON,
)
from referee.games.grunwald.output import players_output
from referee.games.grunwald.state import (
    FIRST_TEUTON_ROUND, MAX_HELPERS, ROUNDS, TEUTON_BONUS, Player, put, take,
)


class _Bail(Exception):
    """Not a complete legal game, or not certainly one: the full replay decides."""


_ROUND_KEYS = frozenset(("event", "reveal", "placements", "skirmish", "helper_purchase"))
_EVENT_KEYS = frozenset(("card", "effects"))
_EFFECT_KEYS = frozenset(("player", "ducats", "provisions", "helpers", "gain", "discard", "exhaust"))
_REVEAL_KEYS = frozenset(("crown", "mercenary", "provisions", "ducats", "teutons"))
_SKIRMISH_KEYS = frozenset(("cards", "losses"))
_PAWNS_ONLY = frozenset(("crown", "ducats", "helpers", "teutons"))  # NG-P6, NG-P8
_SPECIAL_FIELDS = frozenset(("teutons", "mercenaries", "helpers"))  # NG-P7, NG-P8, NG-P10

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


def complete_output(names: list[str], document: dict[str, Any], colons: int | None = None
                    ) -> dict[str, Any] | None:
    """The replay output of a complete, legal game, or ``None`` (replay it in full).

    ``names`` and the header of ``document`` were checked by ``record.parse_record``.  ``colons``:
    the document came from ``jsonio.loads_counted``, unchecked for repeated keys, and this is the
    number of ``:`` in its text; the reader accounts for every pair and string it reads and
    accepts the document only if the sums agree (no key was repeated)."""
    try:
        players, budget = _replay(names, document)
        if colons is not None:
            # The header: its pairs, the optional keys' values, the players' names (no ":"
            # allowed here), "game" and "format" (checked: no ":"); rounds and feeding are in.
            budget += len(document)
            for key in ("date", "place", "notes", "colors"):
                if key in document:
                    budget += colon_budget(document[key])
            if budget != colons or ":" in "".join(names):
                return None
    except (_Bail, LookupError, TypeError, ValueError, RecursionError):
        # _Bail: not a complete legal game.  The others can only come from odd input this reader
        # does not type-check in full (an unhashable value used as a key, a missing key, optional
        # keys nested too deep to count): the full replay reports or accepts those properly.
        return None
    return players_output(players, True, ROUNDS)


def _replay(names: list[str], doc: dict[str, Any]) -> tuple[list[Player], int]:
    """The players at the end, and the colon budget (see ``complete_output``) of the rounds and
    the feeding: every object's pairs plus the ``:`` in its strings (each card string has one,
    but the peasant)."""
    n = len(names)
    index: dict[str, int] = {}
    ps: list[Player] = []
    for i, name in enumerate(names):
        index[name] = i
        ps.append(Player(name, i))
    # after[i]: the players clockwise from i's left neighbour round to i (NG-P4 turn order)
    after = []
    for seats in _AFTER[n]:  # (a KeyError for a table this reader does not know: bail)
        after.append(seats(ps))
    rounds = doc.get("rounds")
    if type(rounds) is not list or len(rounds) != ROUNDS:  # NG-R1 (fewer: a game in progress)
        raise _Bail
    budget = 0
    for ri, rdoc in enumerate(rounds):
        r = ri + 1
        if type(rdoc) is not dict or not _ROUND_KEYS.issuperset(rdoc):
            raise _Bail
        budget += len(rdoc)
        if r == 1:
            if "event" in rdoc:  # NG-R2: no event in round 1
                raise _Bail
        else:
            budget += _event(ps, index, rdoc["event"])
        teutons = _reveal(rdoc["reveal"], r)
        budget += len(rdoc["reveal"])  # numbers only
        fields, pairs = _placements(ps, after, rdoc.get("placements", []), r, n)
        budget += pairs  # players, fields and pawns: no ":" in any
        skirmish = rdoc.get("skirmish")
        if r >= FIRST_TEUTON_ROUND:
            budget += _skirmish(ps, names, index, fields, skirmish, teutons, r, n)
        elif skirmish is not None:  # NG-R3: no skirmish during the truce
            raise _Bail
        _resolve(ps, fields, rdoc, n)
        for p in ps:  # NG-F9 / NG-R4: the board is cleared (the start player moves with r)
            p.officer_placed = False
            p.helpers_placed = 0
            p.passed = False
    knights = []
    for p in ps:
        knights.append(p.knight_count())
    budget += _feeding(ps, index, doc, knights)
    for p in ps:  # NG-E1: every remaining knight eats one provision
        p.provisions -= knights[p.index]
    return ps, budget


# --- event (NG-R2) -------------------------------------------------------------------------------


def _event(ps: list[Player], index: dict[str, int], event: Any) -> int:
    """Applies the event's explicit effects; returns its colon budget."""
    if type(event) is not dict or not _EVENT_KEYS.issuperset(event) or type(event["card"]) is not str:
        raise _Bail
    effects = event.get("effects", [])
    if type(effects) is not list:
        raise _Bail
    budget = len(event) + event["card"].count(":")
    for e in effects:
        if type(e) is not dict or not _EFFECT_KEYS.issuperset(e) or len(e) < 2:
            raise _Bail  # an effect names its player and at least one change
        # its pairs, and one ":" in each card it names (never the peasant)
        budget += len(e) + ("gain" in e) + ("discard" in e) + ("exhaust" in e)
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
    return budget


# --- revealed cards (NG-R3, NG-C3) ---------------------------------------------------------------


def _reveal(reveal: Any, r: int) -> list[int] | None:
    """Checks the revealed cards (NG-R3, NG-C3): two crown knights and two mercenaries of strength
    1-6, one or two provision cards and one to three ducat cards worth at least 1, and from round
    4 two Teutons of strength 1-4.  Returns the Teutons (``None`` during the truce); the other
    cards are read again when the fields resolve."""
    if type(reveal) is not dict or not _REVEAL_KEYS.issuperset(reveal):
        raise _Bail
    crown = reveal["crown"]
    mercenary = reveal["mercenary"]
    if (type(crown) is not list or len(crown) != 2 or type(mercenary) is not list
            or len(mercenary) != 2):
        raise _Bail
    c1, c2 = crown
    m1, m2 = mercenary
    if (type(c1) is not int or type(c2) is not int or type(m1) is not int or type(m2) is not int
            or not (0 < c1 <= 6 and 0 < c2 <= 6 and 0 < m1 <= 6 and 0 < m2 <= 6)):
        raise _Bail
    for values, most in ((reveal["provisions"], 2), (reveal["ducats"], 3)):
        if type(values) is not list or not 0 < len(values) <= most:
            raise _Bail
        for v in values:
            if type(v) is not int or v < 1:
                raise _Bail
    if r < FIRST_TEUTON_ROUND:
        if "teutons" in reveal:
            raise _Bail
        return None
    teutons = reveal["teutons"]
    if type(teutons) is not list or len(teutons) != 2:
        raise _Bail
    t1, t2 = teutons
    if type(t1) is not int or type(t2) is not int or not (0 < t1 <= 4 and 0 < t2 <= 4):
        raise _Bail
    return teutons


# --- placement (NG-P) ----------------------------------------------------------------------------


def _placements(ps: list[Player], after: list[list[Player]], placements: Any, r: int, n: int
                ) -> tuple[dict[str, dict[int, list[int]]], int]:
    """Plays the placement turns; returns the fields: per field, each player's stake as
    ``[player, officer (0/1), helpers, ducats, value]`` (NG-F1 value: officer 2, helper 1, ducat 1),
    in position order (NG-P3: a dict keeps the order in which players arrived); and the number of
    pairs in the entries (their colon budget)."""
    if type(placements) is not list:
        raise _Bail
    fields: dict[str, dict[int, list[int]]] = {f: {} for f in FIELDS}
    pairs = 0
    p: Player | None = ps[(r - 1) % n]  # NG-R4: the start player moves on every round
    for entry in placements:
        if p is None:  # NG-P4: an entry after the placement phase
            raise _Bail
        if type(entry) is not dict or entry["player"] != p.name:  # NG-P1: in turn
            raise _Bail
        who = p.index
        if "pass" in entry:
            if entry["pass"] is not True or len(entry) != 2:
                raise _Bail
            p.passed = True
            pairs += 2
        else:
            # engine._apply_place's combined test, split by field and pawn.  The state may change
            # before the last check: a bail throws it away.
            f = entry["field"]
            stakes = fields[f]  # KeyError: not a field (NG-P5)
            pawn = entry["pawn"]
            # keys: player, field and pawn (read), count and ducats if given, and no other
            size = len(entry)
            pairs += size
            if size == 3:
                count = 1
                ducats = 0
            elif size == 4:
                if "count" in entry:
                    count = entry["count"]
                    ducats = 0
                    if type(count) is not int:
                        raise _Bail
                else:  # (a KeyError if the fourth key is neither)
                    ducats = entry["ducats"]
                    count = 1
                    if type(ducats) is not int:
                        raise _Bail
            elif size == 5:
                count = entry["count"]
                ducats = entry["ducats"]
                if type(count) is not int or type(ducats) is not int:
                    raise _Bail
            else:
                raise _Bail
            st = stakes[who] if who in stakes else None
            if f in _SPECIAL_FIELDS:
                if f == "teutons":
                    if r < FIRST_TEUTON_ROUND or st is not None or count != 1:  # NG-P8
                        raise _Bail
                elif f == "mercenaries":
                    if st is not None or count != 1 or ducats < 1:  # NG-P10: one pawn, ducats
                        raise _Bail
                elif p.helpers >= MAX_HELPERS:  # NG-P7: the Helpers field
                    raise _Bail
            if ducats:
                if ducats < 0 or ducats > p.ducats or f in _PAWNS_ONLY:  # NG-P11; NG-P6, NG-P8
                    raise _Bail
                p.ducats -= ducats
            if pawn == OFFICER:
                if count != 1 or p.officer_placed:  # NG-C2: one officer
                    raise _Bail
                p.officer_placed = True
                if st is None:
                    stakes[who] = [who, 1, 0, ducats, 2 + ducats]
                else:
                    st[1] = 1
                    st[3] += ducats
                    st[4] += 2 + ducats
            elif pawn == HELPER:
                if not 0 < count <= p.helpers - p.helpers_placed:  # NG-C2: free helpers
                    raise _Bail
                p.helpers_placed += count
                if st is None:
                    stakes[who] = [who, 0, count, ducats, count + ducats]
                elif st[2]:  # NG-P2: helpers go to a field once
                    raise _Bail
                else:
                    st[2] = count
                    st[3] += ducats
                    st[4] += count + ducats
            else:
                raise _Bail
        # NG-P4: the next player clockwise who may still place; nobody: the phase is over.
        for p in after[who]:
            if not p.passed and (not p.officer_placed or p.helpers_placed < p.helpers):
                break
        else:
            p = None
    if p is not None:  # the record stops in the placement phase
        raise _Bail
    return fields, pairs


# --- field 1: the skirmish (NG-S) ------------------------------------------------------------------


def _skirmish(ps: list[Player], names: list[str], index: dict[str, int],
              fields: dict[str, dict[int, list[int]]], skirmish: Any, teutons: list[int],
              r: int, n: int) -> int:
    """Plays field 1; returns the skirmish's colon budget."""
    if type(skirmish) is not dict or not _SKIRMISH_KEYS.issuperset(skirmish):
        raise _Bail
    given = skirmish["cards"]
    stakes = fields["teutons"]
    # NG-S2: exactly the players on the field, one card each, from the hand, never a Teuton
    # (NG-C7: not from the camp).  Cards are face down on the table until the losses are paid.
    if type(given) is not dict or len(given) != len(stakes):
        raise _Bail
    played = []  # (player, card, strength) in position order
    # budget: its pairs, the cards object's pairs and one ":" in each card played but the peasant
    budget = len(skirmish) + len(given)
    for who in stakes:
        hand = ps[who].hand
        source, c = _LEAVING[given[ps[who].name]]
        if _KIND[c] == TEUTON or source == CAMP or c not in hand:
            raise _Bail
        take(hand, c)
        played.append((who, c, _STRENGTH[c]))
        budget += c != PEASANT

    # NG-S3 duels, as engine._apply_skirmish_cards: strongest first, ties by position.
    order = sorted(played, key=_STRENGTH_OF, reverse=True)  # a stable sort, even reversed
    a, b = teutons
    t_hi, t_lo = (a, b) if a >= b else (b, a)
    on_board = [t_hi, t_lo]
    captured = []
    if order:
        s1 = order[0][2]
        if t_lo < s1:
            took = t_hi if t_hi < s1 else t_lo
            captured.append((order[0][0], _TEUTON_CARD[took]))
            on_board.remove(took)
    if len(order) > 1:
        s2 = order[1][2]
        if t_lo in on_board and t_lo < s2:
            captured.append((order[1][0], _TEUTON_CARD[t_lo]))
    total = 0
    for _, _, strength in played:
        total += strength
    owed = a + b + TEUTON_BONUS[n] - total  # NG-S1, NG-S4: won at total >= strength
    # NG-S4: from the start player clockwise, everyone who holds something to give up owes
    pending = None
    if owed > 0:
        pending = []
        for i in _CLOCKWISE[n][(r - 1) % n]:
            if ps[i].holds_loss_material():
                pending.append(i)
    if pending:
        budget += _losses(ps, names, index, skirmish["losses"], pending, owed)
    elif "losses" in skirmish:  # losses listed where nobody owes any: only empty lists are harmless
        losses = skirmish["losses"]
        if type(losses) is not dict:
            raise _Bail
        for name, items in losses.items():
            if name not in index or items != []:
                raise _Bail
        budget += len(losses)
    # NG-S5: played knights and captured Teutons go to the camp, the peasant back to the hand.
    # (The pawns go home at the end of the round; the Teutons field holds no ducats, NG-P8.)
    for who, c, _ in played:
        pile = ps[who].hand if c == PEASANT else ps[who].camp
        pile[c] = pile.get(c, 0) + 1
    for who, c in captured:
        camp = ps[who].camp
        camp[c] = camp.get(c, 0) + 1
    return budget


_STRENGTH_OF = itemgetter(2)  # of a (player, card, strength) played
_TEUTON_CARD = {v: f"{TEUTON}:{v}" for v in range(1, 5)}
#: _CLOCKWISE[n][i]: the seats from i clockwise round the table of n
_CLOCKWISE = {n: [[(i + k) % n for k in range(n)] for i in range(n)] for n in range(2, 5)}
#: _AFTER[n][i](players): the players from seat i's left neighbour clockwise round to seat i
_AFTER = {n: [itemgetter(*seats[1:], i) for i, seats in enumerate(_CLOCKWISE[n])]
          for n in range(2, 5)}


def _losses(ps: list[Player], names: list[str], index: dict[str, int], losses: Any,
            pending: list[int], owed: int) -> int:
    """NG-S4: every player who owes pays, in the record's ``losses`` object.  Returns its colon
    budget: its pairs and one ":" in each item paid (``provisions:N`` or a card, never the
    peasant); the others' lists are empty."""
    _check_payers(losses, index, pending)
    budget = len(losses)
    # The piles change in place, unlike the engine's: a bail throws the whole state away.
    for who in pending:
        p = ps[who]
        hand, camp = p.hand, p.camp
        value = 0
        items = losses[names[who]]  # a missing payer: the record stops or breaks NG-S4
        budget += len(items)
        for item in items:
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
    return budget


# --- fields 2-6 (NG-F) -------------------------------------------------------------------------------


# Rankings (NG-F1, NG-P3): highest first, ties to the earlier position — a stable sort of the
# stakes, which are in position order (Python's sort stays stable when reversed).
_BY_VALUE = itemgetter(4)  # officer 2, helper 1, ducat 1
_BY_DUCATS = itemgetter(3)  # NG-F7


def _resolve(ps: list[Player], fields: dict[str, dict[int, list[int]]], rdoc: dict[str, Any],
             n: int) -> None:
    """Fields 2-6 in the engine's order (NG-F1).  The winners' ducats go to the bank, the others'
    return to them (NG-F3); pawns going home needs nothing here: the placement flags are reset at
    the end of the round, and nothing in between reads them."""
    reveal = rdoc["reveal"]
    places = 1 if n == 2 else 2  # NG-V1: with two players only the 1st wins a card
    stakes = fields["crown"]
    if stakes:  # NG-F4: the stronger card to the 1st, the other to the 2nd (pawns only: no ducats)
        a, b = reveal["crown"]
        ranked = sorted(stakes.values(), key=_BY_VALUE, reverse=True)
        for st, v in zip(ranked[:places], (a, b) if a >= b else (b, a)):
            hand = ps[st[0]].hand
            c = _CROWN_CARD[v]
            hand[c] = hand.get(c, 0) + 1
    stakes = fields["provisions"]
    if stakes:  # NG-F5 (NG-V1: with two players only the smaller card)
        prizes = sorted(reveal["provisions"], reverse=True)
        if n == 2:
            prizes = prizes[-1:]
        ranked = sorted(stakes.values(), key=_BY_VALUE, reverse=True)
        for st, amount in zip(ranked, prizes):
            ps[st[0]].provisions += amount
        for st in ranked[len(prizes):]:
            ps[st[0]].ducats += st[3]
    stakes = fields["ducats"]
    if stakes:  # NG-F6 (NG-V1); pawns only: no ducats
        prizes = sorted(reveal["ducats"], reverse=True)
        prizes = prizes[-2:] if n == 2 else prizes[:2] if n == 3 else prizes[:3]
        for st, amount in zip(sorted(stakes.values(), key=_BY_VALUE, reverse=True), prizes):
            ps[st[0]].ducats += amount
    stakes = fields["mercenaries"]
    if stakes:  # NG-F7: ranked by ducats alone (every stake has some)
        a, b = reveal["mercenary"]
        ranked = sorted(stakes.values(), key=_BY_DUCATS, reverse=True)
        for st, v in zip(ranked[:places], (a, b) if a >= b else (b, a)):
            hand = ps[st[0]].hand
            c = _MERCENARY_CARD[v]
            hand[c] = hand.get(c, 0) + 1
        for st in ranked[places:]:
            ps[st[0]].ducats += st[3]
    # NG-F8 Helpers: the 1st gains one; the 2nd may buy one for as many ducats as helpers owned.
    purchase = rdoc.get("helper_purchase", _ABSENT)
    stakes = fields["helpers"]
    if stakes:
        ranked = sorted(stakes.values(), key=_BY_VALUE, reverse=True)
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
_CROWN_CARD = {v: f"{CROWN}:{v}" for v in range(1, 7)}
_MERCENARY_CARD = {v: f"{MERCENARY}:{v}" for v in range(1, 7)}


# --- the end (NG-E1) ---------------------------------------------------------------------------------


def _check_payers(payers: Any, index: dict[str, int], pending: Collection[int]) -> None:
    """A ``losses`` or ``feeding`` object: known players, each with a list, and only those who
    owe something (``pending``) may list anything."""
    if type(payers) is not dict:
        raise _Bail
    for name, items in payers.items():
        if name not in index or type(items) is not list or (index[name] not in pending and items):
            raise _Bail


def _feeding(ps: list[Player], index: dict[str, int], doc: dict[str, Any], knights: list[int]
             ) -> int:
    """Short players give up knights until every knight can eat (NG-E1); ``knights``: how many
    each holds (updated).  Returns the colon budget of ``feeding``: its pairs and one ":" in each
    knight given up."""
    pending = {}
    for p in ps:
        if knights[p.index] > p.provisions:
            pending[p.index] = knights[p.index] - p.provisions
    if "feeding" not in doc:
        if pending:  # the record stops before the feeding
            raise _Bail
        return 0
    feeding = doc["feeding"]
    _check_payers(feeding, index, pending)
    budget = len(feeding)
    for who, need in pending.items():
        p = ps[who]
        items = feeding[p.name]
        if len(items) != need:
            raise _Bail
        budget += need
        knights[who] -= need
        for item in items:  # knights from the hand or the camp (in place: a bail discards all)
            source, c = _LEAVING[item]
            pile = _source_pile(p.hand, p.camp, source, c)
            if c not in _KNIGHTS or pile is None:
                raise _Bail
            take(pile, c)
    return budget
