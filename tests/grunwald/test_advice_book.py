"""The advice (issue 25, items 7 and 8) against a brute force written here from the rulebook
(*Na Grunwald!*'s Polish booklet, *3. Faza rozstrzygnięć* and *Koniec gry*), not from the code it checks: its own scorer (NG-E2 … NG-E5),
its own feeding of every player (NG-E1), its own payments (NG-S4).  The engine is used only to
apply the actions it is given (a payment, a declined helper) and to resolve the fields as placed.

The model the brute force follows is the one ``referee/games/grunwald/advice.py`` writes down:

* losses are scored once the current round is resolved as placed: the players still to pay pay
  first with provisions beyond one per knight, then the weakest cards, then the rest of their
  provisions; the fields resolve; a helper on offer is not bought;
* then everybody feeds (NG-E1) in seating order: each short player keeps the knights that score
  best against the others fed — those before as already fed, those after by the weakest knights
  first (on equal strength the mercenary goes before the crown knight); ties between feedings:
  more strength kept, then more crown knights kept;
* the player advised is scored against the others fed that way (for a payment: the others as the
  round's end leaves them with the player paying by the same rule as the rest, fed as the
  player's own feeding will find them: those before fed, those after by the weakest knights).
"""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games.grunwald import engine
from referee.games.grunwald.actions import Feed, HelperPurchase, PayLosses, Reveal
from referee.games.grunwald.cards import PEASANT
from referee.games.grunwald.state import FEEDING, HELPER_PURCHASE, LOSSES, Skirmish, Stake

KINDS = ("crown", "mercenary", "teuton")
NAMES = ["Ania", "Marek", "Jacek", "Kasia"]


# --------------------------------------------------------------------------------------------
# The book's scoring (NG-E2 … NG-E5), written again here


def book_totals(players: list[dict]) -> dict[str, int]:
    """``players``: name, crown, mercenary, teuton (strength lists), left (provisions after
    feeding), ducats.  Points: all strengths; each commander (most cards, tie → more strength,
    tie on both → all of them; nobody for none) the number of cards; the quartermaster (most
    provisions left, ties all, nobody for none) that many; 1 per 2 ducats."""
    totals = {p["name"]: sum(p["crown"]) + sum(p["mercenary"]) + sum(p["teuton"]) + p["ducats"] // 2
              for p in players}
    for kind in ("crown", "mercenary"):
        most = max(len(p[kind]) for p in players)
        if most:
            tied = [p for p in players if len(p[kind]) == most]
            strongest = max(sum(p[kind]) for p in tied)
            for p in tied:
                if sum(p[kind]) == strongest:
                    totals[p["name"]] += most
    most = max(p["left"] for p in players)
    if most > 0:
        for p in players:
            if p["left"] == most:
                totals[p["name"]] += most
    return totals


def holding(name, crown=(), mercenary=(), teuton=(), provisions=0, ducats=0) -> dict:
    return {"name": name, "crown": list(crown), "mercenary": list(mercenary),
            "teuton": list(teuton), "provisions": provisions, "ducats": ducats}


def short(h: dict) -> int:
    return max(0, len(h["crown"]) + len(h["mercenary"]) - h["provisions"])


def as_fed(h: dict, crown: list[int], mercenary: list[int]) -> dict:
    """A fed holding: the knights kept each eat one provision."""
    return {**h, "crown": list(crown), "mercenary": list(mercenary),
            "left": h["provisions"] - len(crown) - len(mercenary)}


def fed_unchanged(h: dict) -> dict:
    return as_fed(h, h["crown"], h["mercenary"])


def weakest_first_fed(h: dict) -> dict:
    """Gives up the weakest knights; on equal strength the mercenary first."""
    if not short(h):
        return fed_unchanged(h)
    knights = sorted([(s, 1, "crown") for s in h["crown"]] + [(s, 0, "mercenary") for s in h["mercenary"]])
    crown, merc = list(h["crown"]), list(h["mercenary"])
    for s, _, kind in knights[:short(h)]:
        (crown if kind == "crown" else merc).remove(s)
    return as_fed(h, crown, merc)


def feedings(h: dict):
    """Every feeding of ``h`` (NG-E1: a player short of provisions gives up knights of their
    choice until fed): every set of knights that can be kept."""
    if not short(h):
        yield fed_unchanged(h)
        return
    knights = [("crown", s) for s in h["crown"]] + [("mercenary", s) for s in h["mercenary"]]
    for kept in itertools.combinations(knights, h["provisions"]):
        yield as_fed(h, [s for k, s in kept if k == "crown"], [s for k, s in kept if k == "mercenary"])


def best_fed(h: dict, rivals: list[dict]) -> tuple[int, dict]:
    """The player's best feeding against fed rivals: the highest total, then the most strength
    kept, then the most crown knights kept."""
    best = None
    for f in feedings(h):
        total = book_totals(rivals + [f])[h["name"]]
        key = (total, sum(f["crown"]) + sum(f["mercenary"]), len(f["crown"]))
        if best is None or key > best[0]:
            best = (key, f)
    return best[0][0], best[1]


def everybody_fed(hs: list[dict], until: int | None = None) -> list[dict]:
    """Seating order: each short player best against those before (fed) and after (weakest
    first)."""
    fed = [None] * len(hs)
    for i, h in enumerate(hs):
        if i == until:
            break
        rivals = fed[:i] + [weakest_first_fed(o) for o in hs[i + 1:]]
        fed[i] = best_fed(h, rivals)[1]
    return fed


def rivals_of(hs: list[dict], who: int) -> list[dict]:
    fed = everybody_fed(hs, until=who)
    return fed[:who] + [weakest_first_fed(o) for o in hs[who + 1:]]


def holdings_of(state, table: bool = True) -> list[dict]:
    """Every player's cards (hand, camp and, while losses are paid, the table: NG-S5)."""
    out = []
    sk = state.skirmish
    for p in state.players:
        cards = [c for pile in (p.hand, p.camp) for c, k in pile.items() for _ in range(k)]
        if table and sk is not None:
            cards += [c for c in (sk.played.get(p.index), sk.captured.get(p.index)) if c]
        fed = p.knight_count() if state.phase == "over" else 0  # (the engine fed them already)
        h = holding(p.name, provisions=p.provisions + fed, ducats=p.ducats)
        for c in cards:
            if c == PEASANT:
                continue
            kind, s = c.split(":")
            if kind in KINDS:
                h[kind].append(int(s))
        out.append(h)
    return out


# --------------------------------------------------------------------------------------------
# Payments (NG-S4), written again here


def payable(p) -> list[str]:
    """Cards that may pay, with their pile (not the peasant; not the table's, NG-S5)."""
    return [f"{pile}/{c}" for pile, cards in (("camp", p.camp), ("hand", p.hand))
            for c, k in cards.items() for _ in range(k) if c != PEASANT]


def value(item: str) -> int:
    return int(item.rsplit(":", 1)[1])


def every_payment(p, owed: int):
    """Every legal payment: worth at least ``owed``, or everything the player holds."""
    cards = payable(p)
    everything = sum(value(c) for c in cards) + p.provisions
    seen = set()
    for n in range(len(cards) + 1):
        for chosen in itertools.combinations(cards, n):
            key = tuple(sorted(chosen))
            if key in seen:
                continue
            seen.add(key)
            v = sum(value(c) for c in chosen)
            for q in range(p.provisions + 1):
                if v + q >= owed or v + q == everything:
                    yield key + ((f"provisions:{q}",) if q else ()), v + q, n


def assumed_payment(p, owed: int, knights: int) -> tuple[str, ...]:
    """How a player still to pay is assumed to pay: the provisions beyond one per knight, then
    the weakest cards (crown, mercenary, Teuton on equal strength; camp first), then the rest of
    the provisions."""
    spare = min(max(0, p.provisions - knights), owed)
    left = owed - spare
    order = sorted(payable(p), key=lambda i: (value(i), KINDS.index(i.split("/")[1].split(":")[0]),
                                              0 if i.startswith("camp") else 1))
    chosen = []
    for c in order:
        if left <= 0:
            break
        chosen.append(c)
        left -= value(c)
    q = spare + min(p.provisions - spare, max(0, left))
    return tuple(chosen) + ((f"provisions:{q}",) if q else ())


def round_end(state, payer: str | None = None, items=None):
    """The state once the round is resolved as placed: ``payer`` pays ``items``, every other
    player still owing pays as assumed, a helper on offer is declined."""
    s = state.copy()
    knights = {h["name"]: len(h["crown"]) + len(h["mercenary"]) for h in holdings_of(s)}
    while s.phase == LOSSES:
        d = engine.decision(s)
        p = s.player(d.player)
        pay = items if d.player == payer else assumed_payment(p, d.owed, knights[d.player])
        engine.apply(s, PayLosses(d.player, tuple(pay)))
    if s.phase == HELPER_PURCHASE:
        engine.apply(s, HelperPurchase(False))
    return s


def brute_losses(state, name: str, owed: int):
    """Every legal payment of ``name`` scored against the others at the round's end, fed as the
    player's own feeding will find them: those before in seating order fed, those after by the
    weakest knights first (``rivals_of``)."""
    who = state.index[name]
    rivals = rivals_of(holdings_of(round_end(state), table=False), who)
    out = []
    for items, v, n in every_payment(state.player(name), owed):
        mine = holdings_of(round_end(state, name, items), table=False)[who]
        out.append((best_fed(mine, rivals)[0], v, n, items))
    return out


# --------------------------------------------------------------------------------------------
# Positions


def losses_state(players: list[dict], owed: int, stakes: dict, reveal: Reveal, round_: int = 4,
                 table: bool = False):
    """A LOSSES position of ``round_``: the first player pays first; ``stakes`` per field a list of
    (player, officer, helpers, ducats) in position order; ``table``: the first player's skirmish
    card and captured Teuton still on the table (NG-S5)."""
    s = engine.new_state(NAMES[:len(players)])
    for p, spec in zip(s.players, players):
        p.hand = {PEASANT: 1, **spec.get("hand", {})}
        p.camp = dict(spec.get("camp", {}))
        p.provisions = spec.get("provisions", 0)
        p.ducats = spec.get("ducats", 0)
    s.round = round_
    s.reveal = reveal
    for f, placed in stakes.items():
        s.fields[f] = [Stake(*x) for x in placed]
        for i, officer, helpers, _ in placed:
            s.players[i].officer_placed |= officer
            s.players[i].helpers_placed += helpers
    s.phase = LOSSES
    s.skirmish = Skirmish(strength=20, total=0, owed=owed, pending=list(range(len(players))),
                          played={0: "crown:3"} if table else {},
                          captured={0: "teuton:2"} if table else {})
    s.log[-1].skirmish = {"losses": {}}
    return s


def feeding_state(players: list[dict]):
    s = engine.new_state(NAMES[:len(players)])
    for p, spec in zip(s.players, players):
        p.hand = {PEASANT: 1, **spec.get("hand", {})}
        p.camp = dict(spec.get("camp", {}))
        p.provisions = spec.get("provisions", 0)
        p.ducats = spec.get("ducats", 0)
    s.round = 8
    s.phase = FEEDING
    s.feeding_pending = [p.index for p in s.players if p.knight_count() > p.provisions]
    return s


CARD = st.sampled_from([f"{k}:{s}" for k in ("crown", "mercenary") for s in range(1, 7)]
                       + [f"teuton:{s}" for s in range(1, 5)])
PILE = st.lists(CARD, max_size=3).map(lambda cs: {c: cs.count(c) for c in cs})
PLAYER = st.fixed_dictionaries({"hand": PILE, "camp": PILE, "provisions": st.integers(0, 5),
                                "ducats": st.integers(0, 5)})


@st.composite
def placements(draw, n: int):
    """Pawns and ducats on fields 2–6, in a random position order."""
    stakes = {}
    for f in ("crown", "provisions", "ducats", "mercenaries", "helpers"):
        who = draw(st.lists(st.integers(0, n - 1), unique=True, max_size=n))
        stakes[f] = [(i, draw(st.booleans()), draw(st.integers(0, 2)),
                      draw(st.integers(1, 3)) if f == "mercenaries" else
                      draw(st.integers(0, 2)) if f == "provisions" else 0) for i in who]
    crown = (draw(st.integers(1, 6)), draw(st.integers(1, 6)))
    merc = (draw(st.integers(1, 6)), draw(st.integers(1, 6)))
    prov = tuple(sorted({draw(st.integers(1, 5)), draw(st.integers(1, 5))}, reverse=True))
    return stakes, Reveal(crown, merc, prov, (3, 2, 1), (4, 4))


# --------------------------------------------------------------------------------------------
# Properties


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), n=st.integers(2, 3), owed=st.integers(1, 7), last=st.booleans(),
       table=st.booleans())
def test_NG_S4_advised_payment_is_best_once_the_round_is_resolved(data, n, owed, last, table):
    from referee.games.grunwald import advice

    players = [data.draw(PLAYER) for _ in range(n)]
    stakes, reveal = data.draw(placements(n))
    s = losses_state(players, owed, stakes, reveal, round_=8 if last else 4, table=table)
    # any seat: the players asked before it pay as the model assumes they do
    name = s.names[data.draw(st.integers(0, n - 1), label="seat")]
    while engine.decision(s).player != name:
        d = engine.decision(s)
        knights = {h["name"]: len(h["crown"]) + len(h["mercenary"]) for h in holdings_of(s)}
        engine.apply(s, PayLosses(d.player, assumed_payment(s.player(d.player), d.owed,
                                                            knights[d.player])))
    who = s.index[name]
    a = advice.advise_losses(s, name, owed)
    brute = brute_losses(s, name, owed)
    best = max(b[0] for b in brute)
    assert a.best.score == best
    # the advised payment is legal (the engine takes it) and scores that much by the book
    mine = holdings_of(round_end(s, name, a.best.items), table=False)[who]
    rivals = rivals_of(holdings_of(round_end(s), table=False), who)
    assert best_fed(mine, rivals)[0] == best
    # ties: less value, then fewer cards
    assert (a.best.value, a.best.cards) == min((v, c) for sc, v, c, _ in brute if sc == best)
    # every figure of the export is the book's: the score of any payment chosen
    for score, _, _, items in brute[:: max(1, len(brute) // 6)]:
        assert advice.payment_score(s, name, items) == score


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.lists(PLAYER, min_size=2, max_size=4))
def test_NG_E1_advised_feeding_is_best_against_everybody_fed(players):
    from referee.games.grunwald import advice

    s = feeding_state(players)
    for who in list(s.feeding_pending):
        name = s.names[who]
        a = advice.advise_feeding(s, name)
        hs = holdings_of(s)
        rivals = rivals_of(hs, who)
        best, _ = best_fed(hs[who], rivals)
        assert a.best.score == best
        engine.apply(s, Feed(name, a.items))  # the engine accepts it …
        fed = fed_unchanged(holdings_of(s)[who])
        assert book_totals(rivals + [fed])[name] == best  # … and it scores that much by the book


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.lists(PLAYER, min_size=2, max_size=4))
def test_NG_E6_standing_feeds_everybody(players):
    from referee.games.grunwald import advice

    s = feeding_state(players)
    out = advice.standing_output(s)
    expected = book_totals(everybody_fed(holdings_of(s)))
    assert {n: p["score"]["total"] for n, p in out["players"].items()} == expected


# --------------------------------------------------------------------------------------------
# Golden cases (issue 25)


def test_NG_E1_golden_later_player_who_starves_keeps_no_title(monkeypatch):
    """Issue 25, item 7: Ania (seat 1) holds crown 1, 2, 2 and mercenary 2 with 3 provisions;
    Marek (seat 2) crown 1, 1, 1 with 0 provisions — he loses them all (NG-E1).  Giving up a
    crown 1 scores 2 + 2 + 2 + crown commander 2 + mercenary commander 1 = 9; the mercenary 2
    only 5 + crown commander 3 = 8.  (Scored against Marek unfed, the crown 1 seemed to lose the
    crown title: 7.)"""
    from referee.core.text import catalog
    from referee.games.grunwald import GAME, advice

    s = engine.new_state(["Ania", "Marek"])
    ania, marek = s.players
    ania.hand = {PEASANT: 1, "crown:1": 1, "crown:2": 2, "mercenary:2": 1}
    ania.provisions = 3
    marek.hand = {PEASANT: 1, "crown:1": 3}
    marek.provisions = 0
    ania.ducats = marek.ducats = 0
    s.round, s.phase, s.feeding_pending = 8, FEEDING, [0, 1]
    a = advice.advise_feeding(s, "Ania")
    assert a.items == ("hand/crown:1",) and a.best.score == 9
    assert set(a.best.titles) == {"crown_commander", "mercenary_commander"}
    assert advice.feeding_reason(catalog("en"), a) == (
        "9 points at the end with the others fed: no other choice scores more")
    # the export's figures are the final scores: Ania follows the advice, Marek loses his knights
    start = s.copy()
    actions = [Feed("Ania", ("crown:1",)), Feed("Marek", ("crown:1",) * 3)]
    for action in actions:
        engine.apply(s, action)
    assert engine.final_scores(s).scores["Ania"].total == 9
    entries = _review_from(monkeypatch, start, actions)
    assert entries[0] == {"round": 8, "decision": "feeding", "rule": "NG-E1", "player": "Ania",
                          "owed": {"amount": 1, "unit": "knights"}, "chosen": ["hand/crown:1"],
                          "chosen_score": 9, "advised": ["hand/crown:1"], "advised_score": 9,
                          "cost": 0}
    assert entries[1]["chosen"] == ["hand/crown:1"] * 3 and entries[1]["cost"] == 0
    assert GAME.standing_output(start)["players"]["Ania"]["score"]["total"] == 9


def _review_from(monkeypatch, start, actions):
    """``advice.review`` of a game whose first position is ``start`` (review replays from the
    beginning of a game: here the beginning is that position)."""
    from referee.games.grunwald import advice

    monkeypatch.setattr(engine, "new_state", lambda names, tracked=True: start.copy())
    end = start.copy()
    for action in actions:
        engine.apply(end, action)
    return advice.review(end, actions)


def _provisions_to_come():
    # Ania owes 3 with crown 5, 5 and provisions 3; she is alone on Provisions, whose card gives 2
    # (NG-F5, NG-V1: the lower value).  Marek holds a crown 1 and 2 provisions (assumed to pay his
    # spare provision, the crown 1, then his last provision: NG-S4).
    return losses_state([
        {"hand": {"crown:5": 2}, "provisions": 3},
        {"hand": {"crown:1": 1}, "provisions": 2},
    ], owed=3, stakes={"provisions": [(0, True, 0, 0)]},
        reveal=Reveal((1, 1), (1, 1), (3, 2), (1,), (4, 4)))


def test_NG_S4_golden_the_rest_of_the_round_is_already_decided():
    """Issue 25, item 8: as if the game ended now, provisions 3 would starve both knights (0) and
    the crown 5 is advised (5 + commander 1 + quartermaster 2 = 8); but the Provisions field
    still gives Ania 2 this round: paying provisions keeps both knights fed, 10 + commander 2 =
    12 (the crown 5 then: 5 + 1 + quartermaster 4 = 10)."""
    from referee.core.text import catalog
    from referee.games.grunwald import advice

    s = _provisions_to_come()
    a = advice.advise_losses(s, "Ania", 3)
    assert a.best.items == ("provisions:3",) and a.best.score == 12
    assert a.naive.items == ("hand/crown:5",) and a.naive.score == 10
    assert a.before == 15  # paying nothing: 10 + commander 2 + quartermaster 3
    assert advice.loss_reason(catalog("en"), a) == (
        "costs 3 points (paying the weakest cards first would cost 5)")
    assert advice.payment_score(s, "Ania", ("hand/crown:5",)) == 10
    engine.apply(s, PayLosses("Ania", a.best.items))
    engine.apply(s, PayLosses("Marek", ("hand/crown:1", "provisions:2")))
    assert s.player("Ania").provisions == 2  # the field gave them, as the advice counted


def test_NG_S4_review_writes_every_choice_one_way(monkeypatch):
    """``chosen`` as the advice writes ``advised``: every card with its pile, provisions as one
    item last; ``owed`` with its unit; no ``before``."""
    s = losses_state([
        {"hand": {"crown:5": 1}, "camp": {"crown:5": 1}, "provisions": 3},
        {"hand": {"crown:1": 1}, "provisions": 2},
    ], owed=3, stakes={}, reveal=Reveal((1, 1), (1, 1), (3, 2), (1,), (4, 4)))
    actions = [PayLosses("Ania", ("provisions:1", "crown:5", "provisions:1")),
               PayLosses("Marek", ("provisions:1", "hand/crown:1", "provisions:1"))]
    entries = _review_from(monkeypatch, s, actions)
    assert [e["chosen"] for e in entries] == [["camp/crown:5", "provisions:2"],
                                              ["hand/crown:1", "provisions:2"]]
    assert all(e["owed"] == {"amount": 3, "unit": "value"} and "before" not in e for e in entries)
    assert set(entries[0]) == {"round", "decision", "rule", "player", "owed", "chosen",
                               "chosen_score", "advised", "advised_score", "cost"}


def test_NG_E1_equal_feedings_give_up_the_mercenary_both_ways():
    """Issue 25: of a crown 3 and a mercenary 3 (one provision, nobody else holds a knight: both
    keep a title worth 1), the advice and the weakest-first comparison give up the mercenary."""
    from referee.games.grunwald import advice

    hs = [advice.Holding("Ania", (3,), (3,), (), 1, 0), advice.Holding("Marek", (), (), (), 0, 0)]
    a = advice.advise_feeding_holdings(hs, 0)
    assert a.best.give_up == a.naive.give_up == ("mercenary:3",)
    assert a.best.score == best_fed(holding("Ania", [3], [3], provisions=1),
                                    [as_fed(holding("Marek"), [], [])])[0] == 4


def test_NG_S4_NG_E1_golden_loss_figure_matches_the_feeding_advice():
    """Review of issue 25: round 8, no pawns placed; Ania holds mercenary 2, 6, 4 and crown 5 with
    2 provisions and 2 ducats and owes 1; Marek holds mercenary 1, 6, 4, 2 and crown 4 with 2
    provisions.  Marek, after her, pays as assumed (the mercenary 1) and is held at the weakest
    knights first, as the feeding advice holds him: he gives up mercenary 2 and 4 and keeps
    mercenary 6 and crown 4.  Ania pays the mercenary 2, feeds away the mercenary 4 and keeps
    crown 5 and mercenary 6: 5 + 6 + crown commander 1 + mercenary commander 1 (tied 1 card of
    6) + 1 for 2 ducats = 14 — the figure the feeding advice gives one step later.  (Marek fed by
    his *best* choice keeps mercenary 6 and 4, takes the mercenary title, and the loss advice
    said 13.)"""
    from referee.games.grunwald import advice

    s = losses_state([{"hand": {"mercenary:2": 1, "mercenary:6": 1, "mercenary:4": 1, "crown:5": 1},
                       "provisions": 2, "ducats": 2},
                      {"hand": {"mercenary:1": 1, "mercenary:6": 1, "mercenary:4": 1,
                                "mercenary:2": 1, "crown:4": 1}, "provisions": 2}],
                     1, {}, Reveal((1, 1), (1, 1), (2, 1), (3, 2, 1), (4, 4)), round_=8)
    a = advice.advise_losses(s, "Ania", 1)
    assert max(b[0] for b in brute_losses(s, "Ania", 1)) == a.best.score
    engine.apply(s, PayLosses("Ania", a.best.items))
    d = engine.decision(s)
    assert d.player == "Marek"
    engine.apply(s, PayLosses("Marek", assumed_payment(s.player("Marek"), d.owed, 5)))
    assert engine.decision(s).kind == "feeding"
    f = advice.advise_feeding(s, "Ania")
    assert a.best.score == f.best.score == 14
