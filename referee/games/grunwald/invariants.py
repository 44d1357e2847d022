"""What must hold after every entry of a Na Grunwald! game (the shared game suite and the property
tests check it after every entry).  Pure: raises ``AssertionError`` on the first broken one."""

from __future__ import annotations

from collections import Counter

from referee.games.grunwald.cards import CARDS
from referee.games.grunwald.state import (
    EVENT,
    FEEDING,
    HELPER_PURCHASE,
    LOSSES,
    OVER,
    PLACEMENT,
    REVEAL,
    SKIRMISH,
)


def board_cards(s) -> Counter:
    """Revealed cards still lying on the board (not yet won or removed)."""
    out: Counter = Counter()
    if s.reveal is None or s.phase in (EVENT, REVEAL, FEEDING, OVER, HELPER_PURCHASE):
        return out
    for v in s.reveal.crown:
        out[f"crown:{v}"] += 1
    for v in s.reveal.mercenary:
        out[f"mercenary:{v}"] += 1
    if s.reveal.teutons:
        for v in s.reveal.teutons:
            out[f"teuton:{v}"] += 1
        if s.phase == LOSSES:
            for c in s.skirmish.captured.values():
                out[c] -= 1
    return +out


def held_cards(s) -> Counter:
    out: Counter = Counter()
    for p in s.players:
        for pile in (p.hand, p.camp):
            for c, k in pile.items():
                if c != "peasant":
                    out[c] += k
    if s.skirmish is not None and s.phase == LOSSES:
        for c in (*s.skirmish.played.values(), *s.skirmish.captured.values()):
            if c != "peasant":
                out[c] += 1
    return out


def ledger_totals(s):
    """Ducats and provisions the players should hold, from the start and the round logs."""
    n = s.n
    ducats, provisions = 3 * n, 1 * n
    for log in s.log:
        if log.event is not None:
            for e in log.event.effects:
                ducats += e.ducats
                provisions += e.provisions
        for name, results in log.fields.items():
            for r in results:
                ducats -= r["paid"]
                if name == "ducats" and r["gain"] is not None:
                    ducats += r["gain"]
                if name == "provisions" and r["gain"] is not None:
                    provisions += r["gain"]
        if log.skirmish is not None:
            for items in log.skirmish["losses"].values():
                for item in items:
                    if item.startswith("provisions:"):
                        provisions -= int(item.split(":")[1])
    return ducats, provisions


def check_invariants(s) -> None:
    for p in s.players:
        assert p.ducats >= 0 and p.provisions >= 0
        assert 0 <= p.helpers <= 5
        on_fields = [st_ for f in s.fields.values() for st_ in f if st_.player == p.index]
        assert sum(x.helpers for x in on_fields) == p.helpers_placed <= p.helpers
        assert sum(x.officer for x in on_fields) == int(p.officer_placed) <= 1
        peasants = p.hand.get("peasant", 0) + (
            1 if s.skirmish and s.phase == LOSSES and s.skirmish.played.get(p.index) == "peasant" else 0)
        assert peasants == 1 and "peasant" not in p.camp
        assert all(CARDS[c][0] == "teuton" or CARDS[c][0] in ("crown", "mercenary") for c in p.camp)
        assert all(CARDS[c][0] != "teuton" for c in p.hand)
    # every card that entered the game is in exactly one place
    assert Counter(s.entered) == held_cards(s) + board_cards(s) + Counter(s.removed)
    if s.phase != OVER:  # feeding spends provisions at the very end
        board_ducats = sum(x.ducats for f in s.fields.values() for x in f)
        ducats, provisions = ledger_totals(s)
        assert sum(p.ducats for p in s.players) + board_ducats == ducats
        assert sum(p.provisions for p in s.players) == provisions
    if s.phase == PLACEMENT:
        assert s.players[s.turn].has_pawns() and not s.players[s.turn].passed
    elif s.phase == HELPER_PURCHASE:  # fields 1-5 resolved, their pawns went home (NG-F3)
        assert all(not f for name, f in s.fields.items() if name != "helpers")
    elif s.phase not in (SKIRMISH, LOSSES):
        assert all(not f for f in s.fields.values())
