"""NG-R2: an event card acts "zaraz po ich odkryciu lub w dalszej części rundy" (issue 25, item 9):
its effects may be entered at any later question of the round (key e), each taken back alone, and
an effect for every player takes from a player who holds less what they hold (DECISIONS.md NG-D1)."""

from __future__ import annotations

import pytest

from referee.cli.prompter import shortcut_keys
from referee.core import dialog as dialogs
from referee.core.errors import RecordError
from referee.core.text import catalog
from referee.games.grunwald import dialog, engine, record
from referee.games.grunwald.actions import Effect, Event, LaterEffect
from tests.grunwald.table import Table

T = catalog("en")


def drive(state, answers, seen=None):
    """Answer each question from ``answers[key]`` (lists are consumed in order); ``seen`` gets
    every question asked."""
    def answer(q):
        if isinstance(q, dialogs.Notice):
            if seen is not None:
                seen.append(q)
            return None
        if seen is not None:
            seen.append(q)
        value = answers[q.key]
        value = value.pop(0) if isinstance(value, list) else value
        return q.parse(value) if isinstance(q, dialogs.Text) else value

    return dialogs.run(dialog.ask(state, T), answer)


def _key_of(q, value):
    return dict(zip([c.value for c in q.choices], shortcut_keys(q.choices)))[value]


def round_two(n=2):
    t = Table(n)
    t.to_round(2)  # the event phase of round 2 is done (no effects)
    return t


def test_NG_R2_an_effect_entered_at_a_placement_question_of_the_round():
    t = round_two()
    t.reveal()
    t.place(t.s.names[t.s.turn], "crown")  # (Jacek starts round 2)
    seen = []
    action = drive(t.s, {"placement.field": [dialog.LATER], "effect.player": "Jacek",
                         "effect.kind": "ducats", "effect.ducats": "2"}, seen)
    assert action == LaterEffect("placements[1]", (Effect("Jacek", ducats=2),))
    menu = next(q for q in seen if getattr(q, "key", "") == "placement.field")
    assert _key_of(menu, dialog.LATER) == "e"
    before = t.p("Jacek").ducats
    t.do(action)
    assert t.p("Jacek").ducats == before + 2 and t.s.phase == "placement"


def test_NG_R2_the_same_key_e_in_every_menu_of_the_round_and_never_in_round_one():
    t = Table(2)
    t.reveal()
    q = [q for q in _questions(t.s) if isinstance(q, dialogs.Select)][0]
    assert dialog.LATER not in [c.value for c in q.choices]  # round 1: no event card
    t = round_two()
    reveal = [q for q in _questions(t.s) if isinstance(q, dialogs.Text)][0]
    assert reveal.parse("e") is dialog.LATER  # a text question takes e too
    t.reveal()
    t.pass_rest()
    t.to_round(4)
    t.reveal(teutons=(4, 4))
    t.place(t.s.names[t.s.turn], "teutons")
    t.pass_rest()
    secret = [q for q in _questions(t.s) if isinstance(q, dialogs.Text)][0]
    assert secret.parse("e") is dialog.LATER  # nothing is revealed yet
    t.cards(**{t.s.fields["teutons"] and t.s.names[t.s.fields["teutons"][0].player]: "peasant"})
    losses = [q for q in _questions(t.s) if isinstance(q, dialogs.Select)][0]
    assert _key_of(losses, dialog.LATER) == "e"


def _questions(state):
    asked = []

    def answer(q):
        asked.append(q)
        if isinstance(q, (dialogs.Notice, dialogs.Private, dialogs.Public)):
            return None  # (a private moment opens: the player presses Enter)
        raise StopIteration

    try:
        dialogs.run(dialog.ask(state, T), answer)
    except (StopIteration, RuntimeError):
        pass
    return [q for q in asked if not isinstance(q, (dialogs.Notice, dialogs.Private, dialogs.Public))]


def test_NG_R2_a_later_effect_is_recorded_with_its_point_and_replays_there():
    t = round_two()
    t.do(LaterEffect("reveal", (Effect("Marek", provisions=1),)))
    t.reveal()
    t.place("Jacek", "crown")
    t.do(LaterEffect("placements[1]", (Effect("Jacek", ducats=2), Effect("Marek", ducats=-1))))
    t.pass_rest()
    doc = record.write_record(t.s.names, t.actions)
    later = doc["rounds"][1]["event"]["later"]
    assert later == [{"at": "reveal", "player": "Marek", "provisions": 1},
                     {"at": "placements[1]", "player": "Jacek", "ducats": 2},
                     {"at": "placements[1]", "player": "Marek", "ducats": -1}]
    for tracked in (True, False):
        state, steps = record.parse_record(doc).replay(tracked)
        ledger = ("entered", "removed")  # (an untracked replay keeps no card ledger)
        assert ({k: v for k, v in state.snapshot().items() if k not in ledger}
                == {k: v for k, v in t.s.snapshot().items() if k not in ledger})
    state, steps = record.parse_record(doc).replay()
    assert [s.action for s in steps] == t.actions  # the live session's entries, as entered
    assert record.write_record(t.s.names, [s.action for s in steps]) == doc


def test_NG_R2_a_later_effect_before_a_placement_that_needs_it():
    """Jacek pays 3 ducats, gains 2 from the event during the placements, then bids them."""
    ducats = Table(2).quiet_round().p("Jacek").ducats
    assert ducats == 3  # (spends them all on the event, then gets 2 from it during placement)
    doc = {"game": "na-grunwald", "format": 1, "players": ["Marek", "Jacek"], "rounds": [
        record.write_record(["Marek", "Jacek"], Table(2).quiet_round().actions)["rounds"][0],
        {"event": {"card": "Gift", "effects": [{"player": "Jacek", "ducats": -3}],
                   "later": [{"at": "placements[1]", "player": "Jacek", "ducats": 2}]},
         "reveal": {"crown": [5, 2], "mercenary": [6, 1], "provisions": [5, 3], "ducats": [4, 3, 2]},
         "placements": [{"player": "Jacek", "field": "crown", "pawn": "officer"},
                        {"player": "Marek", "field": "crown", "pawn": "officer"},
                        {"player": "Jacek", "field": "mercenaries", "pawn": "helper", "count": 1,
                         "ducats": 2}]}]}
    for tracked in (True, False):
        state, _ = record.parse_record(doc).replay(tracked)
        assert state.player("Jacek").ducats == ducats - 3 + 2 - 2 and state.phase == "placement"


def test_NG_R2_old_records_read_as_today_and_write_no_later_key():
    t = round_two()
    t.reveal()
    t.pass_rest()
    doc = record.write_record(t.s.names, t.actions)
    assert "later" not in doc["rounds"][1]["event"]


@pytest.mark.parametrize("at,where", [
    ("placements[9]", "rounds[1].event.later[0].at"),  # a point the round never reached
    ("somewhere", "rounds[1].event.later[0].at"),
])
def test_NG_R2_a_later_effect_at_a_point_never_reached_names_its_place(at, where):
    t = round_two()
    t.reveal()
    t.pass_rest()
    t.quiet_round()
    doc = record.write_record(t.s.names, t.actions)
    doc["rounds"][1]["event"]["later"] = [{"at": at, "player": "Marek", "ducats": 1}]
    for tracked in (True, False):
        with pytest.raises(RecordError) as err:
            record.parse_record(doc).replay(tracked)
        assert err.value.location == where


def test_NG_R2_later_effects_out_of_the_round_order_are_refused():
    t = round_two()
    doc = record.write_record(t.s.names, t.actions)
    doc["rounds"][1]["event"]["later"] = [{"at": "skirmish", "player": "Marek", "ducats": 1},
                                          {"at": "reveal", "player": "Marek", "ducats": 1}]
    with pytest.raises(RecordError) as err:
        record.parse_record(doc).replay()
    assert err.value.location == "rounds[1].event.later[1].at"


def test_NG_R2_undo_takes_back_one_later_effect_and_keeps_the_event():
    t = round_two()
    t.s, t.actions = engine.new_state(t.s.names), []
    for a in Table(2).quiet_round().actions:
        t.do(a)
    t.event(Effect("Marek", ducats=1), card="Tax")
    t.reveal()
    t.do(LaterEffect("placements[0]", (Effect("Jacek", ducats=1),)))
    t.do(LaterEffect("placements[0]", (Effect("Marek", provisions=2),)))
    doc = record.write_record(t.s.names, t.actions[:-1])  # what an undo writes
    assert doc["rounds"][1]["event"] == {"card": "Tax", "effects": [{"player": "Marek", "ducats": 1}],
                                         "later": [{"at": "placements[0]", "player": "Jacek", "ducats": 1}]}


def test_NG_R2_one_effect_is_taken_back_while_the_event_is_entered():
    t = Table(2)
    t.quiet_round()
    action = drive(t.s, {"event.card": "Tax",
                         "event.more": ["add", "add", "remove", "done"],
                         "effect.player": ["Marek", "Jacek"], "effect.kind": ["ducats", "ducats"],
                         "effect.ducats": ["1", "2"], "event.remove": 0})
    assert action == Event("Tax", (Effect("Jacek", ducats=2),))


def test_NG_D1_everyone_loses_a_ducat_and_a_player_with_none_pays_nothing():
    """DECISIONS.md NG-D1: the effect is not refused; the player with 0 ducats pays what they
    hold (the book on losses: "odrzuca tyle ile posiada")."""
    t = Table(3)
    t.quiet_round()
    t.p("Jacek").ducats = 0
    marek, kasia = t.p("Marek").ducats, t.p("Kasia").ducats
    seen = []
    action = drive(t.s, {"event.card": "Tax", "event.more": ["add", "done"],
                         "effect.player": dialog.EVERYONE, "effect.kind": "ducats",
                         "effect.ducats": "-1"}, seen)
    assert action == Event("Tax", (Effect("Marek", ducats=-1), Effect("Kasia", ducats=-1)))
    t.do(action)
    assert (t.p("Marek").ducats, t.p("Jacek").ducats, t.p("Kasia").ducats) == (marek - 1, 0, kasia - 1)
    said = [line.text for q in seen if isinstance(q, dialogs.Notice) for line in q.report]
    assert any("Jacek holds 0 ducats" in s for s in said)


def test_NG_D1_payable_takes_what_is_held():
    t = round_two()
    t.p("Marek").ducats = 1
    assert engine.payable(t.s, Effect("Marek", ducats=-3)) == Effect("Marek", ducats=-1)
    assert engine.payable(t.s, Effect("Marek", ducats=2)) == Effect("Marek", ducats=2)
