"""The referee advises (issue 13, issue 25): the cheapest losses (NG-S4, NG-S5), the best feeding
(NG-E1) and the standing (NG-E1 … NG-E6).  Pure: no I/O, no UI library.

The model — a Decision of the referee, written down so that tests and players can check it (the
book: "Gracz ma prawo wybrać karty rycerzy, które odłoży do pudełka" — each player chooses; it
says nothing of an order, nor of what the others will do):

* Holdings: hand and camp (plus the skirmish card and captured Teuton still on the table, NG-S5:
  they return to the camp), provisions and ducats (in the standing, ducats placed on a field this
  round still count as their owner's).
* **Everybody is fed** (NG-E1), in seating order, as the engine asks: each short player gives up
  the knights that keep *their own* final score highest against the others *fed*: the players
  before them as already fed (as this model fed them, or as they really fed at the end), the
  players after them by the weakest knights first (``naive_fed``).  Nobody is ever scored unfed:
  a later player who must lose knights (one with 0 provisions loses them all) loses them.
* **Equal feedings** (the same final score): the one keeping more strength, then the one keeping
  more crown knights — so of a crown 3 and a mercenary 3 the *mercenary* is given up; the
  weakest-first rule breaks the same tie the same way.  Among cards that look the same to scoring,
  the camp's go first (the hand's knights can still fight).
* **Losses are scored once the current round is resolved as placed** (losses are paid after every
  placement is made, so the rest of the round is already decided): the player's payment; the
  other players still to pay (in the start player's order, as the engine asks: start player
  first, then clockwise) pay first with the provisions they hold beyond one per knight, then with
  the weakest cards (crown, mercenary, Teuton on equal strength; camp first), then with the rest
  of their provisions; the cards on the table go to the camps (NG-S5); fields 2–6 resolve as the
  pawns stand (NG-F); a helper on offer (NG-F8) is not bought (a helper scores nothing, the ducats
  would); then the game is scored as if it ended there: everybody fed as above, the paying
  player's rivals exactly as their feeding advice will hold them (``feeding_rivals``: those
  before them fed as this model feeds them, those after by the weakest knights first).  The
  others are held fixed there (with the paying player paying by the same rule as they do),
  and the payment that maximises the player's own final score (their own feeding chosen
  optimally) wins; ties: less value discarded, then fewer cards, then camp before hand.
* **The standing** (key ``s``, ``show --standing``) is the score as if the game ended now, with
  everybody fed as above; the advice for a feeding at the end is scored against the same rivals
  (so following the advice in seating order gives the standing).

The figures of ``review`` (the ``advice`` object of ``export --format json``) use the same model:
``chosen_score`` and ``advised_score`` are the player's final score as the model scores it; in
round 8 the end of the round is the end of the game.

The search is exact (see ``advise_losses``): it enumerates every reachable *final* holding of the
player, grouped by what scoring can see of it (per knight kind the number of cards and their total
strength; the Teutons' total; the provisions paid), so the work grows with the number of distinct
(count, strength) pairs rather than with the number of subsets.  Only this module's public functions
and ``scoring.score`` are used by the rest of the code.
"""

from __future__ import annotations

import copy as _copy
from dataclasses import dataclass, field, replace
from itertools import product
from typing import Any

from referee.games.grunwald import scoring
from referee.games.grunwald.cards import CAMP, CARDS, CROWN, HAND, LEAVING, MERCENARY, PEASANT, TEUTON
from referee.games.grunwald.state import HELPER_PURCHASE, LOSSES, OVER, take

TITLES = ("crown_commander", "mercenary_commander", "quartermaster")
_STRENGTHS = {CROWN: range(1, 7), MERCENARY: range(1, 7), TEUTON: range(1, 5)}


# --------------------------------------------------------------------------------------------
# Holdings


@dataclass(frozen=True)
class Holding:
    """What one player holds, as scoring sees it (strength lists, provisions before feeding)."""

    name: str
    crown: tuple[int, ...]
    mercenary: tuple[int, ...]
    teutons: tuple[int, ...]
    provisions: int
    ducats: int

    @property
    def knights(self) -> int:
        return len(self.crown) + len(self.mercenary)

    @property
    def short(self) -> int:
        """How many knights the player cannot feed (NG-E1)."""
        return max(0, self.knights - self.provisions)

    def inventory(self) -> scoring.Inventory:
        """The inventory after feeding, for a fed holding (provisions left = provisions − knights)."""
        return scoring.Inventory(self.name, sorted(self.crown, reverse=True),
                                 sorted(self.mercenary, reverse=True),
                                 sorted(self.teutons, reverse=True),
                                 max(0, self.provisions - self.knights), self.ducats)


def _strengths(counts: dict[str, int], kind: str) -> list[int]:
    out: list[int] = []
    for c, k in counts.items():
        if CARDS[c][0] == kind:
            out += [CARDS[c][1]] * k
    return out


def _on_table(state: Any) -> dict[int, list[str]]:
    """NG-S5: the skirmish cards and captured Teutons still on the table, by player index."""
    out: dict[int, list[str]] = {}
    sk = getattr(state, "skirmish", None)
    for attr in ("played", "captured"):
        for i, c in (getattr(sk, attr, None) or {}).items():
            out.setdefault(i, []).append(c)
    return out


def _placed_ducats(state: Any) -> dict[int, int]:
    out: dict[int, int] = {}
    for stakes in state.fields.values():
        for s in stakes:
            out[s.player] = out.get(s.player, 0) + s.ducats
    return out


def position(state: Any) -> list[Holding]:
    """Every player's holdings now (before feeding), in seating order."""
    table = _on_table(state)
    placed = _placed_ducats(state)
    out = []
    for i, p in enumerate(state.players):
        counts: dict[str, int] = {}
        for pile in (p.hand, p.camp):
            for c, k in pile.items():
                counts[c] = counts.get(c, 0) + k
        for c in table.get(i, ()):
            counts[c] = counts.get(c, 0) + 1
        out.append(Holding(p.name, tuple(sorted(_strengths(counts, CROWN), reverse=True)),
                           tuple(sorted(_strengths(counts, MERCENARY), reverse=True)),
                           tuple(sorted(_strengths(counts, TEUTON), reverse=True)),
                           p.provisions, p.ducats + placed.get(i, 0)))
    return out


# --------------------------------------------------------------------------------------------
# The rivals of one player: what their titles must beat


@dataclass(frozen=True)
class Rivals:
    crown_count: int = 0
    crown_strength: int = 0  # the best total among the rivals with ``crown_count`` cards
    mercenary_count: int = 0
    mercenary_strength: int = 0
    provisions_left: int = 0  # the rivals' largest provision left after feeding

    @staticmethod
    def of(others: list[Holding]) -> Rivals:
        cc = cs = mc = ms = q = 0
        for o in others:
            n, s = len(o.crown), sum(o.crown)
            if n > cc or (n == cc and s > cs):
                cc, cs = n, s
            n, s = len(o.mercenary), sum(o.mercenary)
            if n > mc or (n == mc and s > ms):
                mc, ms = n, s
            q = max(q, o.provisions - o.knights)
        return Rivals(cc, cs, mc, ms, q)

    def crown(self, n: int, s: int) -> int:
        """NG-E3 (ties on count → strength → shared; nobody for zero): the points won."""
        return n if n and (n > self.crown_count or (n == self.crown_count and s >= self.crown_strength)) else 0

    def mercenary(self, n: int, s: int) -> int:
        return n if n and (n > self.mercenary_count
                           or (n == self.mercenary_count and s >= self.mercenary_strength)) else 0

    def quartermaster(self, left: int) -> int:
        """NG-E4: ties share; nobody for zero."""
        return left if left > 0 and left >= self.provisions_left else 0


def _score(crown_n: int, crown_s: int, merc_n: int, merc_s: int, teutons: int, left: int,
           ducats: int, r: Rivals) -> int:
    return (crown_s + merc_s + teutons + r.crown(crown_n, crown_s) + r.mercenary(merc_n, merc_s)
            + r.quartermaster(left) + ducats // 2)


def titles_of(h: Holding, r: Rivals) -> tuple[str, ...]:
    """The titles a *fed* holding wins against its rivals."""
    out = []
    if r.crown(len(h.crown), sum(h.crown)):
        out.append("crown_commander")
    if r.mercenary(len(h.mercenary), sum(h.mercenary)):
        out.append("mercenary_commander")
    if r.quartermaster(h.provisions - h.knights):
        out.append("quartermaster")
    return tuple(out)


# --------------------------------------------------------------------------------------------
# Feeding (NG-E1)


@dataclass(frozen=True)
class Feeding:
    """The best feeding of one short player: the knights given up and the final score."""

    player: str
    give_up: tuple[str, ...]  # card strings (``crown:2``), weakest first within a kind
    fed: Holding
    score: int
    titles: tuple[str, ...]


def best_feeding(h: Holding, r: Rivals) -> Feeding:
    """NG-E1: keep exactly ``provisions`` knights.  For a given number of crown knights kept, keeping
    the strongest of each kind is best (more points, and a commander's tie goes to strength; the
    rivals are fixed), so trying every split is exhaustive."""
    keep = min(h.provisions, h.knights)
    crown = sorted(h.crown, reverse=True)
    merc = sorted(h.mercenary, reverse=True)
    tsum = sum(h.teutons)
    best: tuple | None = None
    for a in range(max(0, keep - len(merc)), min(keep, len(crown)) + 1):
        kc, km = crown[:a], merc[:keep - a]
        sc, sm = sum(kc), sum(km)
        total = _score(a, sc, keep - a, sm, tsum, h.provisions - keep, h.ducats, r)
        key = (total, sc + sm, a)  # then less value discarded (= more kept)
        if best is None or key > best[0]:
            best = (key, kc, km)
    assert best is not None
    (total, _, _), kc, km = best
    fed = replace(h, crown=tuple(kc), mercenary=tuple(km), provisions=h.provisions)
    give_up = tuple([f"crown:{s}" for s in sorted(crown[len(kc):])]
                    + [f"mercenary:{s}" for s in sorted(merc[len(km):])])
    return Feeding(h.name, give_up, fed, total, titles_of(fed, r))


def feed_all(holdings: list[Holding], until: int | None = None
             ) -> tuple[list[Holding], dict[str, Feeding]]:
    """Everybody fed (NG-E1), in seating order: each short player gives up the knights that keep
    their own final score highest against the others *fed* — the players before them as this
    function fed them, the players after them as the weakest-knights-first rule feeds them
    (``naive_fed``).  ``until``: stop before that player (their rivals are then
    ``feeding_rivals``)."""
    hs = list(holdings)
    feedings: dict[str, Feeding] = {}
    for i, h in enumerate(hs):
        if i == until:
            break
        if h.short:
            f = best_feeding(h, Rivals.of(_rivals_of(hs, i)))
            feedings[h.name] = f
            hs[i] = f.fed
    return hs, feedings


def _rivals_of(hs: list[Holding], who: int) -> list[Holding]:
    """The others of ``who`` fed: those before as ``hs`` holds them (fed already), those after
    fed by the weakest knights first."""
    return hs[:who] + [naive_fed(h) for h in hs[who + 1:]]


def feeding_rivals(holdings: list[Holding], who: int) -> list[Holding]:
    """The rivals a player's feeding is scored against (the model above): every other player
    fed — those before in seating order as ``feed_all`` feeds them, those after the weakest
    knights first."""
    fed, _ = feed_all(holdings, until=who)
    return _rivals_of(fed, who)


def _weakest_knights(h: Holding) -> list[tuple[int, int, str]]:
    """The knights a short player gives up by the weakest-first rule: the weakest first; on equal
    strength the mercenary before the crown knight (the same tie-break as ``best_feeding``)."""
    knights = sorted([(s, 1, CROWN) for s in h.crown] + [(s, 0, MERCENARY) for s in h.mercenary])
    return knights[:h.short]


def naive_fed(h: Holding) -> Holding:
    """``h`` fed by the weakest knights first (unchanged when not short)."""
    if not h.short:
        return h
    crown, merc = list(h.crown), list(h.mercenary)
    for s, _, kind in _weakest_knights(h):
        (crown if kind == CROWN else merc).remove(s)
    return replace(h, crown=tuple(crown), mercenary=tuple(merc))


def naive_feeding(h: Holding, r: Rivals) -> Feeding:
    """The weakest knights first (``naive_fed``): the comparison."""
    drop = _weakest_knights(h)
    fed = naive_fed(h)
    return Feeding(h.name, tuple(f"{k}:{s}" for s, _, k in drop), fed, final_score(fed, r),
                   titles_of(fed, r))


def final_score(h: Holding, r: Rivals) -> int:
    """The score of a holding that needs no more feeding, against fixed rivals."""
    return _score(len(h.crown), sum(h.crown), len(h.mercenary), sum(h.mercenary), sum(h.teutons),
                  h.provisions - h.knights, h.ducats, r)


def score_after_feeding(h: Holding, r: Rivals) -> tuple[int, tuple[str, ...]]:
    """The player's final score (and titles) against fixed rivals, feeding optimally if short."""
    if h.short:
        f = best_feeding(h, r)
        return f.score, f.titles
    return final_score(h, r), titles_of(h, r)


# --------------------------------------------------------------------------------------------
# The standing


@dataclass
class Standing:
    final: bool  # the game is over: these are the final scores
    result: scoring.Result
    feedings: dict[str, Feeding]  # who would give up which knights (as if the game ended now)


def standing(state: Any) -> Standing:
    """The score as if the game ended now, with titles and who would win (NG-E1 … NG-E6)."""
    if getattr(state, "phase", None) == "over":
        from referee.games.grunwald import engine

        return Standing(True, engine.final_scores(state), {})
    fed, feedings = feed_all(position(state))
    return Standing(False, scoring.score([h.inventory() for h in fed]), feedings)


def standing_output(state: Any) -> dict[str, Any]:
    """The standing as plain data (the ``standing`` key of ``show --json``)."""
    st = standing(state)
    res = st.result

    def title(t: scoring.Title) -> dict[str, Any]:
        return {"holders": list(t.holders), "points": t.points, "decided_by": t.decided_by}

    return {
        "final": st.final,
        "players": {
            name: {"score": s.as_dict(), "place": res.places[name], "cards": res.cards[name],
                   "gives_up": list(st.feedings[name].give_up) if name in st.feedings else []}
            for name, s in res.scores.items()
        },
        "titles": {"crown_commander": title(res.crown_commander),
                   "mercenary_commander": title(res.mercenary_commander),
                   "quartermaster": title(res.quartermaster)},
        "winners": list(res.winners),
        "decided_by": res.decided_by,
    }


# --------------------------------------------------------------------------------------------
# Losses (NG-S4, NG-S5)


@dataclass
class Payment:
    """One payment of losses and what it leads to."""

    items: tuple[str, ...]  # the PayLosses items (``camp/crown:2``, ``provisions:3``)
    value: int
    cards: int
    score: int  # the player's final score once the round is resolved, after this payment
    titles: tuple[str, ...]
    holding: Holding  # after the payment, before feeding


@dataclass
class LossAdvice:
    player: str
    owed: int
    everything: bool  # the player holds less than owed: no choice (NG-S4)
    best: Payment
    naive: Payment  # the weakest cards first, provisions last
    before: int  # the player's score once the round is resolved, had they paid nothing
    before_titles: tuple[str, ...]
    others: list[Holding] = field(default_factory=list)  # the rivals, fixed (fed)


def _kind_groups(payable: dict[int, int], fixed: dict[int, int], strengths: range):
    """Every kept sub-multiset of one knight kind, grouped by (count, total strength).

    Per group: whether some member removes only payable cards (``a_ok``: everything removed can
    be paid), the largest payable value removed, and the members (kept counts per strength)."""
    ss = [s for s in strengths if payable.get(s, 0) + fixed.get(s, 0)]
    totals = [payable.get(s, 0) + fixed.get(s, 0) for s in ss]
    groups: dict[tuple[int, int], list] = {}
    for kept in product(*[range(t + 1) for t in totals]):
        n = sum(kept)
        total = 0
        prv = 0
        ok = True
        for s, t, k in zip(ss, totals, kept):
            total += s * k
            r = t - k
            p = payable.get(s, 0)
            if r > p:
                ok = False
                prv += s * p
            else:
                prv += s * r
        g = groups.get((n, total))
        if g is None:
            groups[(n, total)] = [ok, prv, [(kept, ok)]]
        else:
            g[0] = g[0] or ok
            g[1] = max(g[1], prv)
            g[2].append((kept, ok))
    return ss, totals, groups


def _teuton_table(payable: dict[int, int]) -> tuple[list[int], dict[int, tuple[int, tuple]]]:
    """The removable Teutons: for every value v that some subset reaches, the fewest cards doing
    so; ``nxt[need]`` = the smallest reachable value ≥ need."""
    ss = [s for s in _STRENGTHS[TEUTON] if payable.get(s, 0)]
    best: dict[int, tuple[int, tuple]] = {}
    for removed in product(*[range(payable[s] + 1) for s in ss]):
        v = sum(s * k for s, k in zip(ss, removed))
        n = sum(removed)
        if v not in best or n < best[v][0]:
            best[v] = (n, tuple(zip(ss, removed)))
    top = max(best)
    nxt = [0] * (top + 1)
    ahead = top  # (top is in best: set again at once)
    for v in range(top, -1, -1):
        if v in best:
            ahead = v
        nxt[v] = ahead
    return nxt, best


def _min_subset(items: list[int], need: int) -> tuple[int, int, tuple[int, ...]] | None:
    """The subset of ``items`` (strengths) with the least value ≥ ``need``, then the fewest cards."""
    if need <= 0:
        return 0, 0, ()
    reach: dict[int, tuple[int, tuple[int, ...]]] = {0: (0, ())}
    for s in sorted(items, reverse=True):
        for v, (n, chosen) in list(reach.items()):
            w = v + s
            if w not in reach or n + 1 < reach[w][0]:
                reach[w] = (n + 1, chosen + (s,))
    ok = [(v, n, ch) for v, (n, ch) in reach.items() if v >= need]
    return min(ok, key=lambda x: (x[0], x[1])) if ok else None


def _split_counts(pile_hand: dict[str, int], pile_camp: dict[str, int]):
    """Per card: (camp count, hand count) of what can be discarded (the peasant never)."""
    out: dict[str, list[int]] = {}
    for c, k in pile_camp.items():
        out.setdefault(c, [0, 0])[0] += k
    for c, k in pile_hand.items():
        if c != PEASANT:
            out.setdefault(c, [0, 0])[1] += k
    return out


def _items(removed: dict[str, int], split: dict[str, list[int]], provisions: int) -> tuple[str, ...]:
    """Payment items: each card from the camp first, then the hand (the hand's knights can still
    fight, NG-C7); provisions last."""
    taken = {}
    for c, k in removed.items():
        camp = min(k, split[c][0])
        taken[c] = (camp, k - camp)
    return _written(taken, provisions)


def _written(taken: dict[str, tuple[int, int]], provisions: int) -> tuple[str, ...]:
    """Cards and provisions leaving a player, written one way (the advice's items and the
    ``advice`` export): crown knights, mercenaries, Teutons, each weakest first, every card with
    its pile (``camp/`` before ``hand/``); the provisions as one ``provisions:N`` item, last."""
    out: list[str] = []
    for c in sorted(taken, key=lambda c: (("crown", "mercenary", "teuton").index(CARDS[c][0]),
                                          CARDS[c][1])):
        camp, hand = taken[c]
        out += [f"{CAMP}/{c}"] * camp + [f"{HAND}/{c}"] * hand
    if provisions:
        out.append(f"provisions:{provisions}")
    return tuple(out)


def written_items(player: Any, items: Any) -> tuple[str, ...]:
    """A record's PayLosses or Feed items (a card with or without its pile, provisions possibly
    split), written as the advice writes them: each card with the pile the engine takes it from
    (``engine.source_pile``), provisions summed."""
    from referee.games.grunwald import engine

    hand, camp = dict(player.hand), dict(player.camp)
    taken: dict[str, list[int]] = {}
    provisions = 0
    for item in items:
        if item.startswith("provisions:"):
            provisions += int(item.split(":", 1)[1])
            continue
        source, c = LEAVING[item]
        pile = engine.source_pile(hand, camp, source, c)
        assert pile is not None  # the items were checked as held
        take(pile, c)
        taken.setdefault(c, [0, 0])[0 if pile is camp else 1] += 1
    return _written({c: (a, b) for c, (a, b) in taken.items()}, provisions)


def _after(h: Holding, removed: dict[str, int], provisions: int) -> Holding:
    """``h`` without the ``removed`` cards and ``provisions`` (negative counts give them back)."""
    crown, merc, teut = list(h.crown), list(h.mercenary), list(h.teutons)
    for c, k in removed.items():
        kind, s = CARDS[c]
        pile = {CROWN: crown, MERCENARY: merc, TEUTON: teut}[kind]
        for _ in range(k):
            pile.remove(s)
        pile += [s] * -k
    return replace(h, crown=tuple(sorted(crown, reverse=True)),
                   mercenary=tuple(sorted(merc, reverse=True)),
                   teutons=tuple(sorted(teut, reverse=True)), provisions=h.provisions - provisions)


def _payment(h: Holding, r: Rivals, removed: dict[str, int], split, provisions: int) -> Payment:
    after = _after(h, removed, provisions)
    score, titles = score_after_feeding(after, r)
    value = provisions + sum(CARDS[c][1] * k for c, k in removed.items())
    return Payment(_items(removed, split, provisions), value, sum(removed.values()), score, titles,
                   after)


def _weakest_first(payable: dict[str, int], provisions: int, owed: int
                   ) -> tuple[dict[str, int], int]:
    """The payment by the weakest cards first (on equal strength crown, mercenary, Teuton), then
    provisions for what is still owed: the cards removed and the provisions paid."""
    cards = sorted(payable, key=lambda c: (CARDS[c][1], ("crown", "mercenary", "teuton").index(CARDS[c][0])))
    removed: dict[str, int] = {}
    value = 0
    for c in cards:
        for _ in range(payable[c]):
            if value >= owed:
                break
            removed[c] = removed.get(c, 0) + 1
            value += CARDS[c][1]
    return removed, min(provisions, max(0, owed - value))


def _round_end(state: Any) -> tuple[list[Holding], list[tuple[dict[str, int], int]]]:
    """The position once the current round is resolved as placed (the model above), before
    feeding: every player still owing losses pays first with the provisions they hold beyond one
    per knight, then with the weakest cards, then with the rest of their provisions (NG-S4), the cards
    on the table go to the camps (NG-S5), fields 2–6 resolve as the pawns stand (NG-F), a helper
    on offer is not bought (NG-F8: a helper scores nothing, the ducats would).  The engine itself
    resolves it, on a copy.  Also returns each player's assumed payment (cards removed,
    provisions paid; nothing for those who owe nothing)."""
    from referee.games.grunwald import engine
    from referee.games.grunwald.actions import HelperPurchase

    log, state.log = state.log, []  # (the copy needs no round logs: nothing here is kept)
    try:
        s = state.copy()
    finally:
        state.log = log
    s.tracked = False
    paid: list[tuple[dict[str, int], int]] = [({}, 0) for _ in s.players]
    if s.phase == LOSSES:
        owed = s.skirmish.owed
        knights = [h.knights for h in position(s)]
        for i in list(s.skirmish.pending):
            p = s.players[i]
            split = _split_counts(p.hand, p.camp)
            spare = min(max(0, p.provisions - knights[i]), owed)
            removed, q = _weakest_first({c: sum(v) for c, v in split.items()},
                                        p.provisions - spare, owed - spare)
            paid[i] = (removed, q + spare)
            engine.push_losses(s, p.name, _items(removed, split, q + spare))
    if s.phase == HELPER_PURCHASE:
        engine.apply(s, HelperPurchase(False))
    if s.phase == OVER:  # round 8 and nobody short: the engine has fed them (NG-E1) — undone,
        for p in s.players:  # as ``position`` holds provisions before feeding
            p.provisions += p.knight_count()
    return position(s), paid


def loss_context(state: Any, who: int) -> tuple[Holding, Rivals, list[Holding]]:
    """The paying player's holding once the round is resolved, *before* their payment (what the
    fields will give them included: those cards cannot pay, they come later), and their rivals:
    the others at the end of the round (``_round_end``), fed as the feeding advice holds them
    (``feeding_rivals``: those before in seating order as ``feed_all`` feeds them, those after by
    the weakest knights first), so the loss figures and the feeding advice agree."""
    hs, paid = _round_end(state)
    others = feeding_rivals(hs, who)
    removed, q = paid[who]
    h = _after(hs[who], {c: -k for c, k in removed.items()}, -q)
    return h, Rivals.of(others), others


def advise_losses(state: Any, player: str, owed: int) -> LossAdvice:
    """The payment of ``owed`` (NG-S4) that keeps the player's final score highest, as if the
    game ended once the round is resolved (the model above: what the fields will still give the
    player counts, but cannot pay).

    Exact: a payment leads, after the player's own best feeding, to a final holding; scoring sees
    of it only (crown count, crown strength), (mercenary count, strength), the Teutons' strength and
    the provisions left.  Every reachable final holding is enumerated by these groups: per knight
    kind every kept sub-multiset (by distinct strength with counts), the Teutons through the least
    removable value that covers what is still owed, and every amount of provisions paid (0 … owed:
    paying more provision than owed never helps).  A final holding with f knights and q provisions
    paid is reachable iff f ≤ provisions − q and the value that may be paid covers ``owed``: all
    removed cards when f < provisions − q (nothing is fed away), else any removed *payable* cards
    (the rest are fed away, NG-E1; the cards on the table, NG-S5, can only be fed away).  Among the
    best-scoring groups, the concrete payment with the least value, then the fewest cards, wins.
    """
    who = state.index[player]
    p = state.players[who]
    h, r, others = loss_context(state, who)
    split = _split_counts(p.hand, p.camp)
    payable = {c: sum(v) for c, v in split.items()}
    everything_value = p.provisions + sum(CARDS[c][1] * k for c, k in payable.items())
    before, before_titles = score_after_feeding(h, r)
    naive = _naive_payment(h, r, payable, split, p.provisions, owed)
    if everything_value <= owed:
        pay = _payment(h, r, payable, split, p.provisions)
        return LossAdvice(player, owed, True, pay, pay, before, before_titles, others)
    best = _search(h, r, payable, split, p.provisions, owed)
    return LossAdvice(player, owed, False, best, naive, before, before_titles, others)


def _naive_payment(h, r, payable, split, provisions, owed) -> Payment:
    """The weakest cards first (camp first), then provisions for what is still owed."""
    removed, q = _weakest_first(payable, provisions, owed)
    return _payment(h, r, removed, split, q)


def _by_strength(payable: dict[str, int], kind: str) -> dict[int, int]:
    return {CARDS[c][1]: k for c, k in payable.items() if CARDS[c][0] == kind}


def _search(h: Holding, r: Rivals, payable: dict[str, int], split, provisions: int, owed: int
            ) -> Payment:
    pay_c = _by_strength(payable, CROWN)
    pay_m = _by_strength(payable, MERCENARY)
    pay_t = _by_strength(payable, TEUTON)

    def fixed_of(held: tuple[int, ...], pay: dict[int, int]) -> dict[int, int]:
        out: dict[int, int] = {}
        for s in held:
            out[s] = out.get(s, 0) + 1
        for s, k in pay.items():
            out[s] -= k
        return {s: k for s, k in out.items() if k}

    fix_c, fix_m = fixed_of(h.crown, pay_c), fixed_of(h.mercenary, pay_m)
    cs, ctot, cgroups = _kind_groups(pay_c, fix_c, _STRENGTHS[CROWN])
    ms, mtot, mgroups = _kind_groups(pay_m, fix_m, _STRENGTHS[MERCENARY])
    nxt, tbest = _teuton_table(pay_t)
    t_max = len(nxt) - 1
    t_all = sum(h.teutons)
    total_c, total_m = sum(h.crown), sum(h.mercenary)
    half = h.ducats // 2
    P = provisions  # what may pay; ``h.provisions`` also counts what the fields still give
    H = h.provisions
    # Sorted by what they can add, best first, so that an upper bound stops the loops early
    # (ties of the best score are kept: they go to the tie-breaks).
    citems = sorted(((s + r.crown(n, s), n, s, g, r.crown(n, s)) for (n, s), g in cgroups.items()),
                    reverse=True, key=lambda x: x[:3])
    mitems = sorted(((s + r.mercenary(n, s), n, s, g, r.mercenary(n, s))
                     for (n, s), g in mgroups.items()), reverse=True, key=lambda x: x[:3])
    qm = [r.quartermaster(left) for left in range(H + 1)]
    m_top = mitems[0][0]
    best_score = -1
    cands: list[tuple] = []
    for q in range(min(P, owed) + 1):
        cap = H - q
        need0 = owed - q
        fixed_part = t_all + half
        for c_add, nc, sc, cg, _ccp in citems:
            if c_add + m_top + fixed_part + qm[cap] < best_score:
                break
            if nc > cap:
                continue
            base = c_add + fixed_part
            bound_q = qm[cap - nc]
            for m_add, nm, sm, mg, _mcp in mitems:
                if base + m_add + bound_q < best_score:
                    break
                f = nc + nm
                if f > cap:
                    continue
                if f < cap:
                    if not (cg[0] and mg[0]):
                        continue
                    kv = total_c - sc + total_m - sm
                    left = cap - f
                else:
                    kv = cg[1] + mg[1]
                    left = 0
                need = need0 - kv
                if need > 0:
                    if need > t_max:
                        continue
                    vt = nxt[need]
                else:
                    vt = 0
                score = base + m_add - vt + qm[left]
                if score > best_score:
                    best_score, cands = score, [(q, nc, sc, nm, sm, vt, f < cap)]
                elif score == best_score:
                    cands.append((q, nc, sc, nm, sm, vt, f < cap))
    assert cands, "a player holding more than owed can always pay"
    # Tie-breaks among the best groups: the concrete payment of least value, then fewest cards.
    best_key = None
    best_removed: tuple | None = None
    for q, nc, sc, nm, sm, vt, all_paid in cands:
        tcount, tvec = tbest[vt]
        t_removed = {f"teuton:{s}": k for s, k in tvec if k}
        for ckept, cok in cgroups[(nc, sc)][2]:
            if all_paid and not cok:
                continue
            for mkept, mok in mgroups[(nm, sm)][2]:
                if all_paid and not mok:
                    continue
                knights: dict[str, int] = {}
                pool: list[int] = []  # (regime b) payable removed knights, to pay from
                for kind, ss, tot, kept, pay in ((CROWN, cs, ctot, ckept, pay_c),
                                                 (MERCENARY, ms, mtot, mkept, pay_m)):
                    for s, t, k in zip(ss, tot, kept):
                        rem = min(t - k, pay.get(s, 0))
                        if rem:
                            if all_paid:
                                knights[f"{kind}:{s}"] = rem
                            else:
                                pool += [s * 2 + (kind == MERCENARY)] * rem  # value, kind in bit 0
                if not all_paid:
                    sub = _min_subset([x >> 1 for x in pool], owed - q - vt)
                    if sub is None:
                        continue
                    # which kind each chosen strength comes from: crown first, as in the pool
                    chosen = list(sub[2])
                    for x in sorted(pool, key=lambda x: (-(x >> 1), x & 1)):
                        if (x >> 1) in chosen:
                            chosen.remove(x >> 1)
                            c = f"{MERCENARY if x & 1 else CROWN}:{x >> 1}"
                            knights[c] = knights.get(c, 0) + 1
                value = q + vt + sum(CARDS[c][1] * k for c, k in knights.items())
                cards = tcount + sum(knights.values())
                removed = {**knights, **t_removed}
                camp_first = -sum(min(k, split[c][0]) for c, k in removed.items())
                key = (value, cards, camp_first, q)
                if best_key is None or key < best_key:
                    best_key, best_removed = key, (removed, q)
    assert best_removed is not None
    removed, q = best_removed
    payment = _payment(h, r, removed, split, q)
    assert payment.score == best_score, (payment.score, best_score)
    return payment


# --------------------------------------------------------------------------------------------
# Feeding advice at the end (NG-E1)


@dataclass
class FeedingAdvice:
    player: str
    best: Feeding
    naive: Feeding  # the weakest knights first
    items: tuple[str, ...]  # the Feed action's cards, with where each one lies


def advise_feeding(state: Any, player: str) -> FeedingAdvice:
    """The knights a short player gives up (NG-E1), against the others fed (the model above: those
    before in seating order as they fed, those after by the weakest knights first)."""
    who = state.index[player]
    p = state.players[who]
    return advise_feeding_holdings(position(state), who, _split_counts(p.hand, p.camp))


def advise_feeding_holdings(holdings: list[Holding], who: int,
                            split: dict[str, list[int]] | None = None) -> FeedingAdvice:
    """The same from holdings alone (the paper calculator): ``split`` says where each card lies
    (camp, hand); without it the items are plain cards (``crown:2``).  The rivals are those of the
    player's turn in ``feed_all``: so following the advice in seating order gives the standing."""
    r = Rivals.of(feeding_rivals(holdings, who))
    h = holdings[who]
    best = best_feeding(h, r)
    naive = naive_feeding(h, r)
    if split is None:
        return FeedingAdvice(h.name, best, naive, best.give_up)
    removed: dict[str, int] = {}
    for c in best.give_up:
        removed[c] = removed.get(c, 0) + 1
    return FeedingAdvice(h.name, best, naive, _items(removed, split, 0))


# --------------------------------------------------------------------------------------------
# After the game: every loss and feeding decision against the advice (``export --format json``)


def payment_score(state: Any, player: str, items: tuple[str, ...]) -> int:
    """The player's final score after paying ``items``, as if the game ended once the round is
    resolved (the model above)."""
    who = state.index[player]
    h, r, _ = loss_context(state, who)
    removed: dict[str, int] = {}
    q = 0
    for item in items:
        if item.startswith("provisions:"):
            q += int(item.split(":", 1)[1])
        else:
            c = item.split("/", 1)[-1]
            removed[c] = removed.get(c, 0) + 1
    return score_after_feeding(_after(h, removed, q), r)[0]


def review(state: Any, actions: list[Any] | None) -> list[dict[str, Any]]:
    """Every loss (NG-S4) and feeding (NG-E1) decision of the game: what was chosen, what the
    advice would have been, and the final score of each as the model scores it (a loss: as if the
    game ended once that round was resolved; ``cost``: the points the choice gave away).  Both
    ``chosen`` and ``advised`` are written one way (``written_items``); ``owed`` says its unit:
    ``value`` (NG-S4: cards' strength plus provisions) or ``knights`` (NG-E1).  ``actions``: the
    record's actions that led to ``state``, replayed here.  Empty when there is nothing to review:
    no actions given, or they do not replay to the same state; an error of the advice itself is not
    hidden."""
    from referee.core.errors import RuleError
    from referee.games.grunwald import engine

    if actions is None:
        return []
    s = engine.new_state(list(state.names))
    out: list[dict[str, Any]] = []
    for action in actions:
        d = engine.decision(s)
        reviewed = len(out)
        if d is not None and d.kind == "losses" and getattr(action, "player", None) == d.player:
            assert d.player is not None  # the losses name their player
            a = advise_losses(s, d.player, d.owed)
            chosen = payment_score(s, d.player, action.items)
            out.append({"round": s.round, "decision": "losses", "rule": "NG-S4",
                        "player": d.player, "owed": {"amount": d.owed, "unit": "value"},
                        "chosen": list(action.items),
                        "chosen_score": chosen, "advised": list(a.best.items),
                        "advised_score": a.best.score, "cost": a.best.score - chosen})
        elif d is not None and d.kind == "feeding" and getattr(action, "player", None) == d.player:
            assert d.player is not None  # the feeding names its player
            fa = advise_feeding(s, d.player)
            who = s.index[d.player]
            hs = position(s)
            removed: dict[str, int] = {}
            for item in action.cards:
                c = item.split("/", 1)[-1]
                removed[c] = removed.get(c, 0) + 1
            fed = _after(hs[who], removed, 0)
            chosen = final_score(fed, Rivals.of(feeding_rivals(hs, who)))
            out.append({"round": s.round, "decision": "feeding", "rule": "NG-E1",
                        "player": d.player, "owed": {"amount": d.owed, "unit": "knights"},
                        "chosen": list(action.cards),
                        "chosen_score": chosen, "advised": list(fa.items),
                        "advised_score": fa.best.score, "cost": fa.best.score - chosen})
        held = None
        if len(out) > reviewed:
            assert d is not None and d.player is not None  # a losses or feeding decision, reviewed
            held = _copy.copy(s.player(d.player))
        try:
            engine.apply(s, action)
        except RuleError:  # not this game's actions: no review rather than a wrong one
            return []
        if held is not None:  # (the items are known to be legal now)
            out[-1]["chosen"] = list(written_items(held, out[-1]["chosen"]))
    if s.snapshot() != state.snapshot():
        return []
    return out


# --------------------------------------------------------------------------------------------
# Why: one line, from the catalog


def _points(t: Any, n: int) -> str:
    return t.n("grunwald.advice.points", n)


def _cost(t: Any, n: int, would: bool = False) -> str:
    """What a choice does to the score: ``costs 3 points``, ``costs nothing``, ``gains 2 points``
    (``would``: the comparison's conditional, ``would cost 6``)."""
    mood = "would_" if would else ""
    if n > 0:
        return t.n(f"grunwald.advice.{mood}cost", n)
    if n < 0:
        return t.n(f"grunwald.advice.{mood}gain", -n)
    return t(f"grunwald.advice.{mood}cost_nothing")


def loss_reason(t: Any, a: LossAdvice) -> str:
    """Why the advised payment: the title it keeps or wins, or what it saves against the weakest
    cards first, or that nothing costs less."""
    cost = _cost(t, a.before - a.best.score)
    naive = _cost(t, a.before - a.naive.score, would=True)
    gained = [k for k in a.best.titles if k not in a.naive.titles]
    if a.best.score > a.naive.score and gained:
        verb = "keeps" if gained[0] in a.before_titles else "wins"
        return t(f"grunwald.advice.reason_{verb}", title=t(f"grunwald.title.{gained[0]}"),
                 cost=cost, naive=naive)
    if a.best.score > a.naive.score:
        return t("grunwald.advice.reason_saves", cost=cost, naive=naive)
    return t("grunwald.advice.reason_cheapest", cost=cost)


def feeding_reason(t: Any, a: FeedingAdvice) -> str:
    gained = [k for k in a.best.titles if k not in a.naive.titles]
    naive = t.n("grunwald.advice.would_score", a.naive.score)
    if a.best.score > a.naive.score and gained:
        return t("grunwald.advice.feeding_title", title=t(f"grunwald.title.{gained[0]}"),
                 score=_points(t, a.best.score), naive=naive)
    if a.best.score > a.naive.score:
        return t("grunwald.advice.feeding_better", score=_points(t, a.best.score), naive=naive)
    return t("grunwald.advice.feeding_best", score=_points(t, a.best.score))
