"""The referee's advice (issue 13): the cheapest losses (NG-S4, NG-S5), the best feeding (NG-E1)
and the standing as if the game ended now (NG-E1 … NG-E6).

The property tests here check the search against brute force: every legal payment (the engine
accepts each one), every feeding, scored by ``scoring.score`` itself against the same fixed rivals.
The model itself (everybody fed, the round resolved as placed) is checked against a brute force
written from the book in ``test_advice_book.py``.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.text import catalog
from referee.games.grunwald import advice, bot, engine, scoring
from referee.games.grunwald.actions import Feed, PayLosses, Reveal
from referee.games.grunwald.cards import CARDS, PEASANT
from referee.games.grunwald.state import FEEDING, LOSSES, Skirmish
from tests.grunwald.test_score import ANSWERS

NAMES = ["Marek", "Jacek", "Kasia", "Ania"]


# --------------------------------------------------------------------------------------------
# Building positions


def make_state(players: list[dict], payer: int = 0, owed: int = 3, played: dict | None = None,
               captured: dict | None = None):
    """A LOSSES position: ``players`` give hand/camp/provisions/ducats; ``payer`` pays first."""
    s = engine.new_state(NAMES[:len(players)])
    for p, spec in zip(s.players, players):
        p.hand = dict(spec.get("hand", {}))
        p.hand[PEASANT] = 1
        p.camp = dict(spec.get("camp", {}))
        p.provisions = spec.get("provisions", 0)
        p.ducats = spec.get("ducats", 0)
    s.round = 4
    s.reveal = Reveal((1, 1), (1, 1), (1,), (1,), (4, 4))
    s.phase = LOSSES
    other = (payer + 1) % len(players)
    s.skirmish = Skirmish(strength=20, played=dict(played or {}), captured=dict(captured or {}),
                          total=0, owed=owed, pending=[payer, other])
    s.log[-1].skirmish = {"losses": {}}  # where the engine notes who paid what
    return s


def feeding_state(players: list[dict]):
    s = make_state(players)
    s.skirmish = None
    s.round = 8
    s.phase = FEEDING
    s.feeding_pending = [p.index for p in s.players if p.knight_count() > p.provisions]
    if not s.feeding_pending:
        engine._finish_game(s)  # as the engine does when nobody is short
    return s


def piles_strategy(max_cards: int):
    card = st.sampled_from([c for c in CARDS if c != PEASANT])
    return st.lists(card, max_size=max_cards).map(lambda cs: dict(Counter(cs)))


player_strategy = st.fixed_dictionaries({
    "hand": piles_strategy(4), "camp": piles_strategy(3),
    "provisions": st.integers(0, 6), "ducats": st.integers(0, 7),
})


# --------------------------------------------------------------------------------------------
# Brute force


def fed_scores(holding: advice.Holding, others: list[advice.Holding]) -> tuple[int, int]:
    """(the best final score over every feeding, knights kept) — by ``scoring.score`` itself."""
    knights = [("c", s) for s in holding.crown] + [("m", s) for s in holding.mercenary]
    keep = min(len(knights), holding.provisions)
    best = None
    for kept in itertools.combinations(range(len(knights)), keep):
        crown = [knights[i][1] for i in kept if knights[i][0] == "c"]
        merc = [knights[i][1] for i in kept if knights[i][0] == "m"]
        inv = scoring.Inventory(holding.name, crown, merc, list(holding.teutons),
                                holding.provisions - keep, holding.ducats)
        result = scoring.score([o.inventory() for o in others] + [inv])
        total = result.scores[holding.name].total
        best = total if best is None else max(best, total)
    return best


def legal_payments(state, name: str):
    """Every legal payment (as PayLosses items) the engine accepts, with its value and cards."""
    p = state.player(name)
    owned = []
    for source, pile in (("camp", p.camp), ("hand", p.hand)):
        for c, k in pile.items():
            if c != PEASANT:
                owned.append((f"{source}/{c}", k))
    out = []
    for counts in itertools.product(*[range(k + 1) for _, k in owned]):
        items = [item for (item, _), n in zip(owned, counts) for _ in range(n)]
        for q in range(p.provisions + 1):
            pay = items + ([f"provisions:{q}"] if q else [])
            value = q + sum(CARDS[i.split("/")[1]][1] for i in items)
            if value < state.skirmish.owed and (q < p.provisions or len(items) < sum(k for _, k in owned)):
                continue
            out.append((tuple(pay), value, len(items)))
    return out


def score_of_payment(state, name: str, items, others) -> int:
    copy = state.copy()
    engine.apply(copy, PayLosses(name, tuple(items)))  # legal: the engine accepts it
    h = advice.position(copy)[copy.index[name]]
    return fed_scores(h, others)


# --------------------------------------------------------------------------------------------
# Properties


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.lists(player_strategy, min_size=2, max_size=3), owed=st.integers(1, 9),
       table=st.booleans())
def test_NG_S4_advised_payment_is_legal_and_no_payment_scores_higher(players, owed, table):
    played = {0: "crown:3"} if table else None  # NG-S5: on the table, counted but not payable
    captured = {0: "teuton:2"} if table else None
    s = make_state(players, owed=owed, played=played, captured=captured)
    a = advice.advise_losses(s, "Marek", owed)
    brute = [(score_of_payment(s, "Marek", items, a.others), value, cards)
             for items, value, cards in legal_payments(s, "Marek")]
    best = max(b[0] for b in brute)
    assert a.best.score == best
    # the advised payment is legal and reaches that score
    assert score_of_payment(s, "Marek", a.best.items, a.others) == best
    # ties: less value, then fewer cards
    top = min((v, c) for sc, v, c in brute if sc == best)
    assert (a.best.value, a.best.cards) == top
    assert a.naive.score <= a.best.score


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.lists(player_strategy, min_size=2, max_size=4))
def test_NG_E1_advised_feeding_is_legal(players):
    """(That it is the best, against everybody fed: tests/grunwald/test_advice_book.py.)"""
    s = feeding_state(players)
    for who in list(s.feeding_pending):
        name = s.names[who]
        a = advice.advise_feeding(s, name)
        engine.apply(s, Feed(name, a.items))  # the engine accepts it
    assert s.phase == "over"


@settings(max_examples=40, deadline=None)
@given(players=st.lists(player_strategy, min_size=2, max_size=4))
def test_NG_E6_standing_scores_the_fed_position(players):
    s = feeding_state(players)
    out = advice.standing_output(s)
    for who in list(s.feeding_pending):  # everybody follows the advice in seating order
        name = s.names[who]
        engine.apply(s, Feed(name, advice.advise_feeding(s, name).items))
    final = engine.final_scores(s)
    assert {n: p["score"]["total"] for n, p in out["players"].items()} == \
        {n: sc.total for n, sc in final.scores.items()}
    assert out["winners"] == final.winners


def test_NG_S4_advice_in_random_games_is_legal():
    """Every loss and feeding decision of random sensible games: the advice is accepted."""
    for seed in range(6):
        rng = random.Random(seed)
        state, actions = bot.play_sensible_game(NAMES[: 2 + seed % 3], rng)
        s = engine.new_state(list(state.names))
        for action in actions:
            if s.phase == LOSSES:
                d = engine.decision(s)
                a = advice.advise_losses(s, d.player, d.owed)
                engine.apply(s.copy(), PayLosses(d.player, a.best.items))
                assert a.best.score >= a.naive.score
            if s.phase == FEEDING:
                d = engine.decision(s)
                engine.apply(s.copy(), Feed(d.player, advice.advise_feeding(s, d.player).items))
            engine.apply(s, action)


# --------------------------------------------------------------------------------------------
# Golden cases: the weakest cards first would lose a title


def test_NG_S4_NG_E3_golden_weakest_first_loses_the_crown_commander():
    # Marek: crown 1, 1, 5 and mercenary 2, provisions 4 (all fed); Jacek: crown 6, 6.  Owes 2.
    # Now: 9 knight points + crown commander 3 (3 cards beat 2) + mercenary commander 1 = 13.
    # Weakest first gives up crown 1 + crown 1: 1 crown card left, the title goes to Jacek → 8.
    # Provisions would leave a knight hungry (NG-E1) → 8.  The mercenary 2 keeps the title → 10.
    s = make_state([
        {"hand": {"crown:1": 2, "crown:5": 1, "mercenary:2": 1}, "provisions": 4},
        {"hand": {"crown:6": 2}, "provisions": 9},
    ], owed=2)
    a = advice.advise_losses(s, "Marek", 2)
    assert a.best.items == ("hand/mercenary:2",)
    assert (a.before, a.best.score, a.naive.score) == (13, 10, 8)
    assert "crown_commander" in a.best.titles and "crown_commander" not in a.naive.titles
    en = advice.loss_reason(catalog("en"), a)
    assert en == ("keeps the title Commander of crown troops: costs 3 points "
                  "(paying the weakest cards first would cost 5)")
    pl = advice.loss_reason(catalog("pl"), a)
    assert pl == ("zachowuje tytuł „Dowódca wojsk koronnych”: kosztuje 3 punkty "
                  "(oddanie najpierw najsłabszych kart kosztowałoby 5)")


def test_NG_S4_NG_E4_golden_weakest_first_overpays_and_provisions_lose_the_quartermaster():
    # Marek: Teuton 1 (camp), mercenary 3, provisions 6 (left 5 after feeding: quartermaster, as
    # Jacek keeps 4: he owes 3 too and pays with provisions he does not need, 8 − 3 − 1 knight).
    # Owes 3.  Provisions would cost the quartermaster's title (left 2); the
    # weakest cards first give the Teuton 1 and then the mercenary 3 (value 4).  The mercenary
    # alone pays exactly 3, frees a provision (left 6) and keeps the Teuton.
    s = make_state([
        {"camp": {"teuton:1": 1}, "hand": {"mercenary:3": 1}, "provisions": 6},
        {"hand": {"crown:2": 1}, "provisions": 8},
    ], owed=3)
    a = advice.advise_losses(s, "Marek", 3)
    assert a.best.items == ("hand/mercenary:3",)
    assert (a.before, a.best.score, a.naive.score) == (3 + 1 + 1 + 5, 1 + 6, 6)
    assert "quartermaster" in a.best.titles
    assert advice.loss_reason(catalog("en"), a) == (
        "costs 3 points (paying the weakest cards first would cost 4)")


def test_NG_S4_golden_short_player_pays_with_knights_that_would_go_hungry():
    # Marek: 4 knights, 2 provisions → two of them would not be fed anyway (NG-E1).  Owes 2:
    # paying with the two weakest knights costs nothing at the end; provisions would cost two more.
    s = make_state([
        {"hand": {"crown:1": 1, "mercenary:1": 1, "crown:6": 1, "mercenary:6": 1}, "provisions": 2},
        {"hand": {"crown:2": 1}, "provisions": 1},
    ], owed=2)
    a = advice.advise_losses(s, "Marek", 2)
    assert sorted(a.best.items) == ["hand/crown:1", "hand/mercenary:1"]
    assert a.best.score == a.before


def test_NG_S5_cards_on_the_table_are_not_advised():
    s = make_state([
        {"hand": {"crown:2": 1}, "provisions": 3},
        {"hand": {"crown:2": 1}, "provisions": 1},
    ], owed=2, played={0: "crown:6"}, captured={0: "teuton:4"})
    a = advice.advise_losses(s, "Marek", 2)
    assert all("crown:6" not in i and "teuton:4" not in i for i in a.best.items)
    engine.apply(s, PayLosses("Marek", a.best.items))


def test_NG_S4_everything_when_holding_less_than_owed():
    s = make_state([{"hand": {"crown:2": 1}, "provisions": 1}, {"provisions": 1}], owed=5)
    a = advice.advise_losses(s, "Marek", 5)
    assert a.everything and sorted(a.best.items) == ["hand/crown:2", "provisions:1"]


def test_NG_E1_golden_feeding_keeps_the_mercenary_commander():
    # Marek feeds 2 of crown 3, crown 3, mercenary 2, mercenary 3; Jacek: crown 6 ×3, mercenary 6.
    # Weakest first gives up the mercenary 2 and a crown 3 → crown 3 + mercenary 3 = 6, and the
    # single mercenary loses to Jacek's on strength.  Keeping both mercenaries: 5 + commander 2.
    s = feeding_state([
        {"hand": {"crown:3": 2, "mercenary:2": 1, "mercenary:3": 1}, "provisions": 2},
        {"hand": {"mercenary:6": 1, "crown:6": 3}, "provisions": 4},
    ])
    a = advice.advise_feeding(s, "Marek")
    assert a.best.give_up == ("crown:3", "crown:3") and a.items == ("hand/crown:3", "hand/crown:3")
    assert (a.best.score, a.naive.score) == (7, 6)
    assert advice.feeding_reason(catalog("en"), a) == (
        "keeps the title Commander of mercenary troops: 7 points at the end with the others fed "
        "(giving up the weakest knights first would leave 6)")
    assert advice.feeding_reason(catalog("pl"), a) == (
        "zachowuje tytuł „Dowódca wojsk zaciężnych”: na koniec 7 punktów po wyżywieniu "
        "pozostałych (odrzucenie najpierw najsłabszych rycerzy dałoby 6)")


def test_NG_E7_standing_of_the_rulebook_example():
    hs = [advice.Holding("Jacek", (6, 6, 6, 6, 6, 6), (), (4, 3, 3), 6, 0),
          advice.Holding("Ania", (5, 5, 5), (6, 5, 4, 3, 2, 1), (2, 2), 14, 0),
          advice.Holding("Marek", (6, 6, 5, 4, 3, 3, 1), (), (4, 3), 7, 4)]
    fed, _ = advice.feed_all(hs)
    r = scoring.score([h.inventory() for h in fed])
    assert r.scores["Ania"].quartermaster == 5


# --------------------------------------------------------------------------------------------
# The live menus: the advice first, Enter accepts it


def _losses_position():
    """Marek owes 2 in a real game (NG-S4) and holds the golden case of the crown commander."""
    from tests.grunwald.table import Table

    t = Table(2)
    t.to_round(4)
    p = t.s.player("Marek")
    p.hand.update({"crown:1": 2, "crown:5": 1, "mercenary:2": 1})
    p.provisions = 4
    j = t.s.player("Jacek")
    j.hand.update({"crown:6": 2})
    j.provisions = 9
    t.reveal(teutons=(1, 1))  # strength 4, nobody joins: everybody owes 4
    t.pass_rest()
    t.cards()
    return t


def _first_select(state, lang="en", notices=None, open=False):
    from referee.core import dialog as dialogs
    from referee.games.grunwald import dialog

    gen = dialog.ask(state, catalog(lang), open=open)
    q = next(gen)
    while isinstance(q, (dialogs.Notice, dialogs.Private, dialogs.Public)):
        if notices is not None:
            notices.append(" ".join(getattr(b, "text", "") for b in getattr(q, "report", [])))
        q = gen.send(None)
    return gen, q


def test_reason_helpers_cover_gains_and_nothing():
    en = catalog("en")
    assert advice._cost(en, 1) == "costs 1 point" and advice._cost(en, 0) == "costs nothing"
    assert advice._cost(en, -2) == "gains 2 points" and advice._cost(en, 6, would=True) == "would cost 6"
    pl = catalog("pl")
    assert [advice._cost(pl, n) for n in (1, 3, 5)] == ["kosztuje 1 punkt", "kosztuje 3 punkty",
                                                        "kosztuje 5 punktów"]
    assert advice._cost(pl, 0, would=True) == "nic by nie kosztowało"


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_NG_S4_losses_menu_offers_the_advice_first(lang):
    from referee.core import dialog as dialogs
    from referee.games.grunwald.dialog import Advised

    t = _losses_position()
    who = t.s.names[t.s.skirmish.pending[0]]
    notices = []
    gen, q = _first_select(t.s, lang, notices)
    first = q.choices[0]
    assert q.key == "losses.item" and isinstance(first.value, Advised) and first.key == "0"
    a = advice.advise_losses(t.s, who, t.s.skirmish.owed)
    assert first.value.action == PayLosses(who, a.best.items)
    # the choice stays short (menus cut long lines); the reason is its own line above the menu
    reason = advice.loss_reason(catalog(lang), a)
    assert reason not in first.label and len(first.label) < 60
    assert first.label.startswith("★ Advised" if lang == "en" else "★ Rada sędziego")
    assert reason in notices[-1] and notices[-1].startswith("★")
    assert isinstance(gen.send(first.value), dialogs.Public)  # the private moment ends first
    try:
        gen.send(None)
    except StopIteration as stop:
        assert stop.value == first.value.action
    else:
        raise AssertionError("the advised payment ends the question")
    assert dialogs.UNDO in [c.value for c in q.choices]


def _pipe_answer(q, keys: str, lang: str = "en"):
    from tests.harness import prompts

    with prompts(lambda _q: keys, lang, width=120) as prompter:
        return prompter.ask(q)


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_NG_S4_live_prompt_accepts_the_advised_payment_with_one_enter(lang):
    t = _losses_position()
    _, q = _first_select(t.s, lang)
    answer = _pipe_answer(q, "\r", lang)
    assert answer is q.choices[0].value
    engine.apply(t.s, answer.action)  # the engine accepts it


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_NG_E1_live_prompt_accepts_the_advised_feeding_with_one_enter(lang):
    from referee.games.grunwald.dialog import Advised

    s = feeding_state([
        {"hand": {"crown:3": 2, "mercenary:2": 1, "mercenary:3": 1}, "provisions": 2},
        {"hand": {"mercenary:6": 1, "crown:6": 3}, "provisions": 4},
    ])
    notices = []
    _, q = _first_select(s, lang, notices)
    assert q.key == "feeding.card" and isinstance(q.choices[0].value, Advised)
    assert ("Commander of mercenary troops" if lang == "en" else "Dowódca wojsk zaciężnych") \
        in notices[-1] and "troops" not in q.choices[0].label and "wojsk" not in q.choices[0].label
    answer = _pipe_answer(q, "\r", lang)
    assert answer.action == Feed("Marek", ("hand/crown:3", "hand/crown:3"))
    engine.apply(s, answer.action)
    assert s.phase == "over"


def test_NG_E6_placement_menu_shows_the_standing_once_per_turn():
    from referee.core import dialog as dialogs
    from referee.core.report import Table as ReportTable
    from tests.grunwald.table import Table

    t = Table(3)
    t.reveal()
    # issue 22: the standing reads the camps (face down): offered only at an open table
    assert "standing" not in [c.value for c in _first_select(t.s)[1].choices]
    gen, q = _first_select(t.s, open=True)
    assert "standing" in [c.value for c in q.choices]
    assert next(c.key for c in q.choices if c.value == "standing") == "s"
    notice = gen.send("standing")
    assert isinstance(notice, dialogs.Notice)
    assert any(isinstance(b, ReportTable) for b in notice.report)
    again = gen.send(None)
    assert again.key == "placement.field" and "standing" not in [c.value for c in again.choices]


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_NG_E6_standing_report_in_both_languages(lang):
    from referee.games.grunwald import GAME

    s = feeding_state([
        {"hand": {"crown:3": 2, "mercenary:2": 1, "mercenary:3": 1}, "provisions": 2},
        {"hand": {"mercenary:6": 1, "crown:6": 3}, "provisions": 4},
    ])
    report = GAME.standing(s, catalog(lang))
    text = " ".join(getattr(b, "text", "") or getattr(b, "title", "") for b in report)
    assert ("Score if the game ended now" if lang == "en" else "gdyby gra skończyła się teraz") in text
    # not a final result: who *would* win, and no second heading
    assert ("Jacek would win with 27 points." if lang == "en"
            else "Gdyby gra skończyła się teraz, zwycięstwo przypadłoby: Jacek — 27 pkt.") in text
    assert ("Final score" if lang == "en" else "Punktacja końcowa") not in text
    assert ("Winner:" if lang == "en" else "Wygrywa:") not in text
    assert ("would give up" if lang == "en" else "do odrzucenia") in text
    out = GAME.standing_output(s)
    assert out["players"]["Marek"]["gives_up"] == ["crown:3", "crown:3"]
    assert out["players"]["Marek"]["score"]["total"] == 7 and out["final"] is False


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_NG_E6_standing_of_a_finished_game_is_the_final_score_under_one_title(lang):
    from referee.core.report import Heading
    from referee.core.report import Table as ReportTable
    from referee.games.grunwald import GAME

    s = feeding_state([
        {"hand": {"crown:3": 2, "mercenary:2": 1, "mercenary:3": 1}, "provisions": 2},
        {"hand": {"mercenary:6": 1, "crown:6": 3}, "provisions": 4},
    ])
    engine.apply(s, Feed("Marek", ("hand/crown:3", "hand/crown:3")))
    assert s.phase == "over"
    report = GAME.standing(s, catalog(lang))
    titles = [b.text for b in report if isinstance(b, Heading)]
    titles += [b.title for b in report if isinstance(b, ReportTable) and b.title]
    assert titles == ["Final score" if lang == "en" else "Punktacja końcowa"]
    text = " ".join(getattr(b, "text", "") for b in report)
    assert ("Winner:" if lang == "en" else "Wygrywa:") in text and "ould" not in text


# --------------------------------------------------------------------------------------------
# The paper calculator (referee score) at the table


# the rulebook's example (NG-E7) as typed at `referee score`, the feeding left to the advice
RULEBOOK = {k: v for k, v in ANSWERS.items() if k != "score.feeding"}


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_NG_E1_score_at_the_table_offers_the_best_feeding_and_says_why(lang):
    from referee.core import dialog as dialogs
    from referee.games.grunwald import GAME
    from referee.games.grunwald.inventory import score_document

    queues = {k: list(v) for k, v in RULEBOOK.items()}
    notices = []

    def answer(q):
        if isinstance(q, dialogs.Notice):
            notices.append(" ".join(getattr(b, "text", "") for b in q.report))
            return None
        if q.key == "score.feeding":
            assert q.choices[0].key == "0"
            return q.choices[0].value  # Enter: the advice
        value = queues[q.key].pop(0)
        return q.parse(value) if isinstance(q, dialogs.Text) else value

    document = dialogs.run(GAME.ask_inventory(catalog(lang)), answer)
    # Jacek feeds 7 of 8 knights: the mercenary 1 goes, not the 6 the rulebook's Jacek gave up
    assert document["feeding"] == {"Jacek": ["mercenary:1"]}
    # why, above the menu, then what was given up
    assert len(notices) == 2 and notices[0].startswith("★") and "Jacek" in notices[1]
    assert ("mercenary 1" if lang == "en" else "zaciężny 1") in notices[1]
    _, result = score_document(document)
    assert result.scores["Jacek"].total == 46 + 5
    # a file's explicit feeding is still obeyed (NG-E7: the rulebook's own choice)
    document["feeding"] = {"Jacek": ["mercenary:6"]}
    _, result = score_document(document)
    assert result.scores["Jacek"].total == 46


# --------------------------------------------------------------------------------------------
# After the game: export


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_NG_S4_NG_E1_export_lists_every_decision_against_the_advice(lang):
    import json

    from referee.games.grunwald import GAME, output, record
    from tests.conftest import EXAMPLES

    doc = json.loads((EXAMPLES / "four-players.json").read_text(encoding="utf-8"))
    state, steps = record.parse_record(doc).replay()
    actions = [step.action for step in steps]
    out = GAME.export_json(state, catalog(lang), {}, actions)
    losses = sum(len(log.skirmish["losses"]) for log in state.log if log.skirmish)
    decisions = out["advice"]
    assert len(decisions) == losses + len(state.feeding_log)
    assert {d["decision"] for d in decisions} <= {"losses", "feeding"}
    for d in decisions:
        assert d["cost"] == d["advised_score"] - d["chosen_score"] >= 0
    assert "advice" not in output.replay_output(state)  # replay --json is unchanged
    costly = [d for d in decisions if d["cost"] > 0]
    assert costly
    md = GAME.export(state, "md", catalog(lang), {}, actions=actions)
    html = GAME.export(state, "html", catalog(lang), {}, actions=actions)
    heading = "Where a choice cost points" if lang == "en" else "Gdzie wybór kosztował punkty"
    assert heading in md and heading in html
    # without the record's actions there is nothing to review (no guessing from the round logs)
    assert GAME.export_json(state, catalog(lang), {})["advice"] == []
    assert heading not in GAME.export(state, "md", catalog(lang), {})
    first = costly[0]
    assert f"{first['player']}" in md.split(heading, 1)[1]



@pytest.mark.parametrize("lang", ["en", "pl"])
def test_NG_E1_advice_texts_say_the_model(lang):
    """Review of issue 25: the feeding reasons no longer say "as the others stand now" (the
    others are fed, the round resolved as placed), and the review's heading fits 80 columns (it
    wrapped at ~130 characters)."""
    t = catalog(lang)
    stale = "as the others stand now" if lang == "en" else "obecnym stanie pozostałych"
    fed = "with the others fed" if lang == "en" else "po wyżywieniu pozostałych"
    for key in ("feeding_title", "feeding_better", "feeding_best"):
        text = t(f"grunwald.advice.{key}", title="x", score="9", naive="8")
        assert stale not in text and fed in text
    assert len(t("grunwald.advice.review_heading")) <= 78

def _cli(capsys, *args: str) -> tuple[int, str, str]:
    from referee.cli.app import main

    with pytest.raises(SystemExit) as done:
        main(list(args))
    out = capsys.readouterr()
    return done.value.code or 0, out.out, out.err


def test_NG_E6_show_standing_at_the_command_line(capsys, tmp_path, monkeypatch):
    """``show --standing`` prints the standing of a game in progress; ``show --json`` carries it
    as ``standing``; a game that cannot tell its standing refuses ``--standing`` (exit 2)."""
    import json
    from pathlib import Path

    monkeypatch.setenv("COLUMNS", "160")
    examples = Path(__file__).resolve().parents[2] / "examples"
    data = ["--data-dir", str(tmp_path / "data")]
    assert _cli(capsys, *data, "import", str(examples / "in-progress-three-players.json"),
                "--name", "g")[0] == 0
    # issue 22: the standing reads the face-down camps: refused unless the table plays open
    code, _, err = _cli(capsys, *data, "show", "g", "--standing")
    assert code == 2 and "play --open" in err
    assert "standing" not in json.loads(_cli(capsys, *data, "show", "g", "--json")[1])
    from referee.core.service import SessionService
    from referee.store.sessions import Store

    with SessionService(Store(tmp_path / "data")).open_live("g", open_table=True) as live:
        live.keep_choices()
    code, out, _ = _cli(capsys, *data, "show", "g", "--standing")
    assert code == 0 and "Score if the game ended now" in out and "would" in out
    assert "Final score" not in out and "Winner:" not in out  # not a final result
    shown = json.loads(_cli(capsys, *data, "show", "g", "--json")[1])
    assert set(shown["standing"]) >= {"final", "players", "winners"} and not shown["standing"]["final"]
    assert _cli(capsys, *data, "import", str(examples / "kajko" / "three-players.json"),
                "--name", "k")[0] == 0
    code, out, err = _cli(capsys, *data, "show", "k", "--standing")
    assert code == 2 and "cannot tell the standing" in err and not out
    assert "standing" not in json.loads(_cli(capsys, *data, "show", "k", "--json")[1])


# --------------------------------------------------------------------------------------------
# The advisor's own errors are not hidden


def test_a_bug_in_the_advice_is_not_hidden_by_the_menu(monkeypatch):
    def broken(*_a, **_k):
        raise ZeroDivisionError("advisor bug")

    t = _losses_position()
    monkeypatch.setattr(advice, "advise_losses", broken)
    with pytest.raises(ZeroDivisionError):
        _first_select(t.s)
    s = feeding_state([
        {"hand": {"crown:3": 2, "mercenary:2": 1, "mercenary:3": 1}, "provisions": 2},
        {"hand": {"mercenary:6": 1, "crown:6": 3}, "provisions": 4},
    ])
    monkeypatch.setattr(advice, "advise_feeding", broken)
    with pytest.raises(ZeroDivisionError):
        _first_select(s)


def test_advice_the_engine_refuses_is_left_out_of_the_menu(monkeypatch):
    from referee.core.errors import RuleError
    from referee.games.grunwald import dialog
    from referee.games.grunwald.dialog import Advised

    def refuse(*_a, **_k):
        raise RuleError("NG-S4", "", "grunwald.error.losses_short")

    t = _losses_position()
    monkeypatch.setattr(dialog.engine, "apply", refuse)
    notices = []
    _, q = _first_select(t.s, notices=notices)
    assert q.key == "losses.item" and not any(isinstance(c.value, Advised) for c in q.choices)
    assert not any(n.startswith("★") for n in notices)


def _four_players():
    import json

    from referee.games.grunwald import record
    from tests.conftest import EXAMPLES

    doc = json.loads((EXAMPLES / "four-players.json").read_text(encoding="utf-8"))
    state, steps = record.parse_record(doc).replay()
    return state, [step.action for step in steps]


def test_review_lets_a_bug_in_the_advice_propagate(monkeypatch):
    state, actions = _four_players()

    def broken(*_a, **_k):
        raise ZeroDivisionError("advisor bug")

    monkeypatch.setattr(advice, "advise_losses", broken)
    with pytest.raises(ZeroDivisionError):
        advice.review(state, actions)


def test_review_is_empty_when_the_game_does_not_replay(monkeypatch):
    from referee.core.errors import RuleError

    state, actions = _four_players()
    assert advice.review(state, actions)
    assert advice.review(state, actions[:-1]) == []  # not the actions of this state

    def refuse(*_a, **_k):
        raise RuleError("NG-S4", "", "grunwald.error.losses_short")

    monkeypatch.setattr(engine, "apply", refuse)
    assert advice.review(state, actions) == []


def test_placed_ducats_do_not_hide_a_state_of_another_shape():
    class Odd:
        fields = {"crown": [object()]}

    with pytest.raises(AttributeError):
        advice._placed_ducats(Odd())
