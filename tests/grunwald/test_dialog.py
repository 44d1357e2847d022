"""The live questions, answered directly (no terminal): what they offer and what they return."""

from __future__ import annotations

from referee.cli.prompter import shortcut_keys
from referee.core import dialog as dialogs
from referee.core.text import catalog
from referee.games.grunwald import dialog, news
from referee.games.grunwald.actions import Feed, PayLosses, Place
from tests.grunwald.table import Table

T = catalog("en")


def run(state, answers):
    """Answer each question with answers[key] (a value, or a list consumed in order)."""
    asked = []

    def answer(q):
        if isinstance(q, (dialogs.Notice, dialogs.Private, dialogs.Public)):
            return None
        asked.append(q)
        value = answers[q.key]
        value = value.pop(0) if isinstance(value, list) else value
        return q.parse(value) if isinstance(q, dialogs.Text) else value

    return dialogs.run(dialog.ask(state, T), answer), asked


def test_back_from_a_placement_detail_returns_to_the_field_menu():
    t = Table(2)
    t.reveal()
    action, asked = run(t.s, {"placement.field": ["provisions", "crown"],
                              "placement.pawn": [dialogs.BACK, "officer"]})
    assert action == Place("Marek", "crown", "officer", 1, 0)
    assert [q.key for q in asked] == ["placement.field", "placement.pawn", "placement.field", "placement.pawn"]
    keys = {c.value: k for c, k in zip(asked[0].choices, shortcut_keys(asked[0].choices))}
    assert keys["crown"] == "2" and keys["pass"] == "p"  # fields keep the board's numbers


def test_back_from_the_helpers_count_returns_to_the_pawn_question():
    """← Back goes to the question before: from "how many helpers?" to "which pawn?", not to the
    field menu (a trial found it skipped a step)."""
    t = Table(2)
    t.reveal()
    action, asked = run(t.s, {"placement.field": ["crown"],
                              "placement.pawn": ["helper", "officer"],
                              "placement.count": [dialogs.BACK]})
    assert action == Place("Marek", "crown", "officer", 1, 0)
    assert [q.key for q in asked] == ["placement.field", "placement.pawn", "placement.count",
                                      "placement.pawn"]


def test_losses_keys_do_not_shift_when_a_card_is_chosen():
    t = Table(2)
    t.to_round(4)
    p = t.s.player("Marek")
    p.hand.update({"crown:1": 1, "crown:2": 1, "mercenary:3": 1})
    p.provisions = 0
    t.reveal(teutons=(4, 4))  # strength 10, nobody joins: everybody owes 10 … Marek holds 6
    t.pass_rest()
    t.cards()
    while t.s.player(t.s.names[t.s.skirmish.pending[0]]).name != "Marek":
        t.pay_one_everything(t.s.names[t.s.skirmish.pending[0]])
    p.hand["crown:6"] = 1  # now Marek holds 12 and must choose
    seen = []

    def answer(q):
        if isinstance(q, (dialogs.Notice, dialogs.Private, dialogs.Public)):
            return None
        seen.append({c.value: k for c, k in zip(q.choices, shortcut_keys(q.choices))})
        return ["hand/crown:2", "hand/crown:6", "hand/mercenary:3", "done"][len(seen) - 1]

    action = dialogs.run(dialog.ask(t.s, T), answer)  # 11 for 10 owed: "Done" ends it
    assert action == PayLosses("Marek", ("hand/crown:2", "hand/crown:6", "hand/mercenary:3"))
    assert seen[0]["hand/mercenary:3"] == seen[1]["hand/mercenary:3"] == seen[2]["hand/mercenary:3"]
    # issue 22: Done has a key of its own, which meant nothing else in the payment (0 is the advice)
    assert seen[3]["done"] == "d" and "d" not in seen[0].values()


def test_secret_card_takes_the_last_number_typed_and_u_undoes():
    t = Table(2)
    t.to_round(4)
    t.s.player("Marek").hand["crown:4"] = 1
    t.reveal()
    t.pass_("Jacek")
    t.place("Marek", "teutons")
    t.pass_rest()
    questions = []

    def answer(q):
        if isinstance(q, (dialogs.Notice, dialogs.Private, dialogs.Public)):
            return None
        questions.append(q)
        return q.parse("p1")  # a rejected "p" stays in the masked field; the 1 is what was meant

    action = dialogs.run(dialog.ask(t.s, T), answer)
    assert action.cards == (("Marek", "crown:4"),)
    assert questions[0].parse("u") is dialogs.UNDO


def test_news_tells_losses_and_feeding_as_they_happen():
    t = Table(2)
    for _ in range(7):
        t.quiet_round()
    t.event()
    t.s.player("Jacek").hand["crown:4"] = 1
    t.reveal(teutons=(1, 1))
    t.place("Jacek", "teutons")
    t.pass_rest()
    marker = news.news_marker(t.s)
    t.cards(Jacek="crown:4")
    text = " ".join(getattr(b, "text", "") for b in news.news(T, marker, t.s))
    assert "Skirmish: Teutons 4 against Jacek crown 4 = 4" in text and "won" in text
    marker = news.news_marker(t.s)
    t.do(Feed("Jacek", ("crown:4",)))
    blocks = news.news(T, marker, t.s)
    text = " ".join(getattr(b, "text", "") for b in blocks)
    assert "Feeding: Jacek gives up crown 4" in text and "End of the game" in text


def _all_placements_offered(state):
    """Every action the placement dialog can produce, by walking all its menus."""
    found = set()

    def walk(path):
        gen = dialog.ask(state, T)
        q = next(gen)
        taken = list(path)
        try:
            while True:
                if isinstance(q, dialogs.Notice):
                    q = gen.send(None)
                    continue
                if isinstance(q, dialogs.Select):
                    options = [c.value for c in q.choices  # (the event's effect, e: test_events)
                               if c.value not in (dialogs.UNDO, dialogs.BACK, dialog.LATER)]
                elif isinstance(q, dialogs.Text):  # a long list of numbers: try each one
                    options = [v for v in range(40) if _parses(q, v)]
                if not taken:
                    for value in options:
                        walk(path + [value])
                    return
                q = gen.send(q.parse(str(taken[0])) if isinstance(q, dialogs.Text) else taken[0])
                taken.pop(0)
        except StopIteration as stop:
            found.add(stop.value)

    walk([])
    return found


def _parses(q, v):
    try:
        q.parse(str(v))
        return True
    except dialogs.Invalid:
        return False


def test_the_placement_dialog_offers_exactly_the_legal_actions():
    import random

    from referee.games.grunwald import bot, engine

    rng = random.Random(4)
    checked = 0
    for seed in range(6):
        state = engine.new_state(["Marek", "Jacek", "Kasia", "Ania"][: 2 + seed % 3])
        while not engine.is_over(state) and checked < 40:
            if engine.decision(state).kind == "placement" and rng.random() < 0.3:
                assert _all_placements_offered(state) == set(engine.legal_actions(state))
                checked += 1
            engine.apply(state, bot.random_action(state, rng))
    assert checked >= 20
