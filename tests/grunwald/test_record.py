"""Record format 1: every way a record can be malformed or break a rule is reported at its first
bad entry, with the location and the rule id; partial records replay to where they stop."""

from __future__ import annotations

import copy
import json

import pytest

from referee.core import jsonio
from referee.core.errors import RecordError
from referee.games.grunwald import output, record
from referee.games.grunwald.actions import Effect
from tests.conftest import EXAMPLES
from tests.grunwald.table import Table


def example(name="four-players.json"):
    return jsonio.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def error_of(doc) -> RecordError:
    with pytest.raises(RecordError) as info:
        record.parse_record(doc).replay()
    return info.value


def expect(doc, rule, location):
    err = error_of(doc)
    assert (err.rule, err.location) == (rule, location), str(err)
    return err


def record_of(table: Table, **meta):
    return json.loads(json.dumps(record.write_record(list(table.s.names), table.actions, meta)))


# --- header and format ------------------------------------------------------------------------


@pytest.mark.parametrize("mutate, location", [
    (lambda d: d.update(extra=1), "extra"),
    (lambda d: d.update(game="kajko-kokosz"), "game"),
    (lambda d: d.update(format=2), "format"),
    (lambda d: d.update(format=True), "format"),
    (lambda d: d.update(rounds={}), "rounds"),
    (lambda d: d["rounds"][0].update(bogus=1), "rounds[0].bogus"),
    (lambda d: d["rounds"][0]["placements"][0].update(count="2"), "rounds[0].placements[0].count"),
    (lambda d: d["rounds"][0]["placements"][1].update(count=True), "rounds[0].placements[1].count"),
    (lambda d: d["rounds"][0]["placements"][0].update(field="castle"), "rounds[0].placements[0].field"),
    (lambda d: d["rounds"][0]["placements"][0].update(pawn="king"), "rounds[0].placements[0].pawn"),
    (lambda d: d["rounds"][0]["placements"][6].update({"pass": False}), "rounds[0].placements[6].pass"),
    (lambda d: d["rounds"][0]["placements"][6].update(field="crown"), "rounds[0].placements[6].field"),
    (lambda d: d["rounds"][0]["placements"].__setitem__(0, "pass"), "rounds[0].placements[0]"),
    (lambda d: d["rounds"][0]["reveal"].pop("ducats"), "rounds[0].reveal"),
    (lambda d: d["rounds"][0]["reveal"].update(crown=[5, "2"]), "rounds[0].reveal.crown[1]"),
    (lambda d: d["rounds"][0]["reveal"].update(crown=5), "rounds[0].reveal.crown"),
    (lambda d: d["rounds"][1].update(event="Zaraza"), "rounds[1].event"),
    (lambda d: d["rounds"][1]["event"].pop("card"), "rounds[1].event"),
    (lambda d: d["rounds"][1]["event"]["effects"][0].update(ducats=1.5), "rounds[1].event.effects[0].ducats"),
    (lambda d: d["rounds"][1]["event"]["effects"][0].update(gain="hand/crown:3"), "rounds[1].event.effects[0].gain"),
    (lambda d: d["rounds"][3]["skirmish"].update(cards=[]), "rounds[3].skirmish.cards"),
    (lambda d: d["rounds"][1]["event"]["effects"].__setitem__(0, {"player": "Jacek"}), "rounds[1].event.effects[0]"),
])
def test_format_errors_name_the_location(mutate, location):
    doc = example()
    mutate(doc)
    err = error_of(doc)
    assert err.location == location, str(err)


def test_strict_json():
    for text, key in (("", "core.json.empty"), ("{", "core.json.syntax"),
                      ('{"a": 1, "a": 2}', "core.json.duplicate_key"),
                      ('{"a": NaN}', "core.json.invalid"), ("[" * 100_000, "core.json.too_deep")):
        with pytest.raises(RecordError) as info:
            jsonio.loads(text)
        assert info.value.key == key and info.value.location == "$"


def test_players_rule_NG_C1():
    doc = example()
    doc["players"] = ["A", "B", "C", "D", "E"]
    expect(doc, "NG-C1", "players")
    doc["players"] = ["Marek", "Jacek", "Marek", "Ania"]
    expect(doc, "NG-C1", "players[2]")
    doc["players"] = ["Marek", "Jacek", "Kasia\n", "Ania"]
    expect(doc, "NG-C1", "players[2]")


def test_unknown_player_in_an_entry():
    doc = example()
    doc["rounds"][0]["placements"][0]["player"] = "Zbyszko"
    err = expect(doc, "NG-C1", "rounds[0].placements[0].player")
    assert "Zbyszko" in str(err) and "Marek" in str(err)


# --- rules broken by a record -----------------------------------------------------------------


def test_NG_R1_at_most_eight_rounds():
    doc = example()
    doc["rounds"].append(copy.deepcopy(doc["rounds"][-1]))
    expect(doc, "NG-R1", "rounds[8]")


def test_NG_R2_event_placement():
    doc = example()
    doc["rounds"][0]["event"] = {"card": "x", "effects": []}
    expect(doc, "NG-R2", "rounds[0].event")
    doc = example()
    del doc["rounds"][1]["event"]
    expect(doc, "NG-R2", "rounds[1].event")
    doc = example()
    doc["rounds"][1]["event"]["effects"] = [{"player": "Marek", "ducats": -99}]
    expect(doc, "NG-R2", "rounds[1].event.effects[0].ducats")


def test_NG_R3_and_NG_C3_reveal():
    doc = example()
    doc["rounds"][0]["reveal"]["teutons"] = [1, 2]
    expect(doc, "NG-R3", "rounds[0].reveal.teutons")
    doc = example()
    del doc["rounds"][3]["reveal"]["teutons"]
    expect(doc, "NG-R3", "rounds[3].reveal.teutons")
    doc = example()
    doc["rounds"][0]["reveal"]["crown"] = [7, 1]
    expect(doc, "NG-C3", "rounds[0].reveal.crown[0]")
    doc = example()
    doc["rounds"][0]["reveal"]["provisions"] = [0]
    expect(doc, "NG-C3", "rounds[0].reveal.provisions[0]")
    doc = example()
    doc["rounds"][1]["skirmish"] = {"cards": {}}
    expect(doc, "NG-R3", "rounds[1].skirmish")


def test_NG_P1_out_of_turn():
    doc = example()
    p = doc["rounds"][0]["placements"]
    p[0], p[1] = p[1], p[0]
    err = expect(doc, "NG-P1", "rounds[0].placements[0].player")
    assert "Marek" in str(err)


def test_NG_P4_phase_end():
    doc = example()
    doc["rounds"][0]["placements"].append({"player": "Kasia", "pass": True})
    expect(doc, "NG-P4", "rounds[0].placements[10]")
    doc = example()
    doc["rounds"][0]["placements"].pop()
    expect(doc, "NG-P4", "rounds[0].placements")


def test_NG_P10_and_NG_P11_in_a_record():
    doc = example()
    # rounds[0].placements[8]: Marek, mercenaries, 1 helper, 3 ducats
    doc["rounds"][0]["placements"][8]["ducats"] = 0
    err = expect(doc, "NG-P10", "rounds[0].placements[8].field")
    assert "legal:" in str(err)
    doc = example()
    doc["rounds"][0]["placements"][8]["ducats"] = 4
    expect(doc, "NG-P11", "rounds[0].placements[8].ducats")


def test_placement_rules_in_a_short_record():
    t = Table(2)
    t.reveal()
    doc = record_of(t)
    cases = [
        ({"player": "Marek", "field": "teutons", "pawn": "officer"}, "NG-P8"),
        ({"player": "Marek", "field": "crown", "pawn": "officer", "ducats": 1}, "NG-P6"),
        ({"player": "Marek", "field": "crown", "pawn": "helper", "count": 3}, "NG-C2"),
        ({"player": "Marek", "field": "provisions", "pawn": "officer", "ducats": 9}, "NG-P11"),
    ]
    for entry, rule in cases:
        d = copy.deepcopy(doc)
        d["rounds"][0]["placements"] = [entry]
        assert error_of(d).rule == rule
    d = copy.deepcopy(doc)
    d["rounds"][0]["placements"] = [
        {"player": "Marek", "field": "crown", "pawn": "helper", "count": 1},
        {"player": "Jacek", "pass": True},
        {"player": "Marek", "field": "crown", "pawn": "helper", "count": 1},
    ]
    expect(d, "NG-P2", "rounds[0].placements[2].field")


def test_NG_P7_helpers_field_closed_at_five():
    t = Table(2)
    t.reveal().pass_rest()
    t.event(Effect("Jacek", helpers=3))
    t.reveal()
    doc = record_of(t)
    doc["rounds"][1]["placements"] = [{"player": "Jacek", "field": "helpers", "pawn": "officer"}]
    expect(doc, "NG-P7", "rounds[1].placements[0].field")


def skirmish_doc():
    """Four players, round 4: Ania and Marek on the Teutons field."""
    t = Table(4)
    t.to_round(4)
    t.s.player("Marek").hand["crown:4"] = 1
    t.reveal(teutons=(3, 2))
    t.place("Ania", "teutons")
    t.place("Marek", "teutons")
    t.pass_rest()
    return t


def test_NG_S2_skirmish_cards_in_a_record():
    t = Table(4)
    t.to_round(4)
    t.reveal(teutons=(3, 2))
    t.place("Ania", "teutons")
    t.pass_rest()
    t.cards(Ania="peasant")
    t.pay_everything()
    doc = record_of(t)
    d = copy.deepcopy(doc)
    d["rounds"][3]["skirmish"]["cards"] = {}
    expect(d, "NG-S2", "rounds[3].skirmish.cards")
    d = copy.deepcopy(doc)
    d["rounds"][3]["skirmish"]["cards"]["Jacek"] = "peasant"
    expect(d, "NG-S2", "rounds[3].skirmish.cards.Jacek")
    d = copy.deepcopy(doc)
    d["rounds"][3]["skirmish"]["cards"]["Ania"] = "crown:5"
    expect(d, "NG-S2", "rounds[3].skirmish.cards.Ania")
    d = copy.deepcopy(doc)
    d["rounds"][3]["skirmish"]["cards"]["Ania"] = "crown:9"
    expect(d, "NG-C3", "rounds[3].skirmish.cards.Ania")
    # a skirmish is required in rounds 4–8 once later entries follow
    d = copy.deepcopy(doc)
    del d["rounds"][3]["skirmish"]
    d["rounds"].append({"event": {"card": "x", "effects": []}})
    expect(d, "NG-S2", "rounds[3].skirmish")


def test_NG_S4_and_NG_S5_losses_in_a_record():
    t = Table(2)
    t.to_round(4)
    t.s.player("Marek").hand["crown:4"] = 1
    t.s.player("Marek").hand["crown:3"] = 1
    t.s.player("Marek").provisions = 5
    t.reveal(teutons=(3, 2))  # strength 7
    t.pass_("Jacek")
    t.place("Marek", "teutons")
    t.pass_rest()
    t.cards(Marek="crown:4")  # lost by 3; Marek captures the 3
    t.losses("Jacek", "provisions:1")
    t.losses("Marek", "provisions:3")
    doc = record_of(t)
    # the real record mentions the initial hands via a fresh table: rebuild those cards by events
    doc["rounds"][1]["event"]["effects"] = [
        {"player": "Marek", "gain": "crown:4"}, {"player": "Marek", "gain": "crown:3"},
        {"player": "Marek", "provisions": 5}]
    base = copy.deepcopy(doc)
    record.parse_record(base).replay()  # valid as is
    d = copy.deepcopy(base)
    d["rounds"][3]["skirmish"]["losses"]["Marek"] = ["provisions:2"]
    expect(d, "NG-S4", "rounds[3].skirmish.losses.Marek")
    d = copy.deepcopy(base)
    d["rounds"][3]["skirmish"]["losses"]["Marek"] = ["crown:4"]
    expect(d, "NG-S5", "rounds[3].skirmish.losses.Marek[0]")
    d = copy.deepcopy(base)
    d["rounds"][3]["skirmish"]["losses"]["Marek"] = ["peasant"]
    expect(d, "NG-S4", "rounds[3].skirmish.losses.Marek[0]")
    d = copy.deepcopy(base)
    d["rounds"][3]["skirmish"]["losses"]["Marek"] = ["provisions:x"]
    expect(d, None, "rounds[3].skirmish.losses.Marek[0]")
    d = copy.deepcopy(base)
    del d["rounds"][3]["skirmish"]["losses"]["Jacek"]
    state, _ = record.parse_record(d).replay()  # the record stops while Jacek pays
    assert output.replay_output(state)["awaiting"]["player"] == "Jacek"
    d["rounds"].append({"event": {"card": "x", "effects": []}})
    expect(d, "NG-S4", "rounds[3].skirmish.losses")
    d = copy.deepcopy(base)
    d["rounds"][3]["skirmish"]["losses"]["Zbyszko"] = []
    expect(d, "NG-C1", "rounds[3].skirmish.losses.Zbyszko")


def test_NG_F8_helper_purchase_in_a_record():
    doc = example("two-players.json")
    assert doc["rounds"][0]["helper_purchase"] is True
    d = copy.deepcopy(doc)
    del d["rounds"][0]["helper_purchase"]
    expect(d, "NG-F8", "rounds[0].helper_purchase")
    d = copy.deepcopy(doc)
    d["rounds"][1]["helper_purchase"] = True
    expect(d, "NG-F8", "rounds[1].helper_purchase")
    d = copy.deepcopy(doc)
    d["rounds"][1]["helper_purchase"] = False  # harmless: nobody could buy
    record.parse_record(d).replay()


def test_NG_E1_feeding_in_a_record():
    doc = example("two-players.json")
    assert doc["feeding"] == {"Ola": ["crown:4", "crown:4"]}
    d = copy.deepcopy(doc)
    d["feeding"]["Ola"] = ["crown:4"]
    expect(d, "NG-E1", "feeding.Ola")
    d = copy.deepcopy(doc)
    d["feeding"]["Ola"] = ["crown:4", "teuton:3"]
    expect(d, "NG-E1", "feeding.Ola[1]")
    d = copy.deepcopy(doc)
    d["feeding"]["Bartek"] = ["crown:4"]
    expect(d, "NG-E1", "feeding.Bartek")
    d = copy.deepcopy(doc)
    d["rounds"].pop()
    expect(d, "NG-E1", "feeding")


def test_error_changes_nothing_and_names_what_was_legal():
    doc = example()
    doc["rounds"][2]["placements"][0]["player"] = "Ania"
    err = error_of(doc)
    text = err.render("en")
    assert text.startswith("rounds[2].placements[0].player: NG-P1: ")
    assert "\n" not in text
    assert err.render("pl") != text


# --- partial records --------------------------------------------------------------------------


def test_record_may_stop_anywhere_between_entries():
    doc = example()
    _full, steps = record.parse_record(doc).replay()
    # Cut the record after each of the first rounds' entries: replay stops there, complete: false.
    for cut in (0, 1, 5, 11, 12, 30, 47, 60, len(steps) - 1):
        actions = [s.action for s in steps[:cut]]
        partial = record.write_record(doc["players"], actions)
        state, _ = record.parse_record(json.loads(json.dumps(partial))).replay()
        out = output.replay_output(state)
        assert out["complete"] is False
        from referee.games.grunwald import engine
        expected = engine.new_state(doc["players"])
        for a in actions:
            engine.apply(expected, a)
        assert state.snapshot() == expected.snapshot()


def test_empty_record_is_a_game_about_to_start():
    state, _steps = record.parse_record({"game": "na-grunwald", "format": 1,
                                        "players": ["A", "B"], "rounds": []}).replay()
    out = output.replay_output(state)
    assert out["round"] == 0 and out["awaiting"] == {"round": 1, "phase": "reveal"}
    assert out["players"]["A"] == {"ducats": 3, "provisions": 1, "helpers": 2,
                                   "hand": ["peasant"], "camp": []}


def test_missing_choice_before_later_entries_is_an_error_not_a_guess():
    doc = example()
    del doc["rounds"][4]["skirmish"]["losses"]
    err = error_of(doc)
    assert (err.rule, err.location) == ("NG-S4", "rounds[4].skirmish.losses")


def test_entries_after_the_placement_phase_are_rejected_before_anything_else():
    doc = example()
    n = len(doc["rounds"][3]["placements"])
    doc["rounds"][3]["placements"].append({"player": "Zbyszek", "field": "castle", "pawn": "dragon"})
    expect(doc, "NG-P4", f"rounds[3].placements[{n}]")
    doc = example()
    doc["rounds"] = doc["rounds"][:4]
    del doc["feeding"]
    doc["rounds"][3]["placements"].append({"player": "Ania", "pass": True})
    del doc["rounds"][3]["skirmish"]
    expect(doc, "NG-P4", f"rounds[3].placements[{n}]")  # even where the record stops


def test_empty_losses_lists_for_players_with_nothing_are_harmless():
    t = Table(2)
    t.to_round(4)
    for p in t.s.players:
        p.provisions = 0
    t.reveal(teutons=(4, 4))
    t.pass_rest()
    t.cards()
    doc = record_of(t)
    doc["rounds"][1]["event"]["effects"] = [{"player": "Marek", "provisions": -1},
                                            {"player": "Jacek", "provisions": -1}]
    doc["rounds"][3]["skirmish"]["losses"] = {"Marek": [], "Jacek": []}
    state, _ = record.parse_record(doc).replay()
    assert state.round == 5
    doc["rounds"][3]["skirmish"]["losses"] = {"Marek": ["provisions:1"]}
    expect(doc, "NG-S4", "rounds[3].skirmish.losses.Marek")


def test_losses_may_stop_part_way_whatever_the_key_order():
    doc = example()
    rounds = doc["rounds"][:5]
    losses = rounds[4]["skirmish"]["losses"]
    first = next(iter(losses))
    rest = {k: v for k, v in losses.items() if k != first}
    rounds[4]["skirmish"]["losses"] = rest  # the first payer is missing, later ones present
    rounds[4].pop("helper_purchase", None)
    partial = {"game": "na-grunwald", "format": 1, "players": doc["players"], "rounds": rounds}
    state, _ = record.parse_record(partial).replay()
    out = output.replay_output(state)
    assert out["awaiting"] == {"round": 5, "phase": "losses", "player": first, "owed": state.skirmish.owed}


def test_ducats_without_a_pawn_and_unknown_field_cite_their_rules():
    doc = example()
    doc["rounds"][0]["placements"][0] = {"player": "Marek", "field": "provisions", "ducats": 2}
    expect(doc, "NG-P9", "rounds[0].placements[0]")
    doc = example()
    doc["rounds"][0]["placements"][0]["field"] = "castle"
    expect(doc, "NG-P5", "rounds[0].placements[0].field")


def test_optional_keys_are_ignored_by_replay():
    doc = example()
    doc.update(date=20261017, notes=["x"], place={"city": "Toruń"})  # (colours: a list, issue 24)
    state, _ = record.parse_record(doc).replay()
    assert output.replay_output(state)["winners"] == ["Marek"]
    from referee.core.text import catalog
    from referee.games.grunwald.exports import export_report
    from referee.games.grunwald.view import board

    board(state, catalog("en"), "red, green")  # no colours to show, no trouble
    export_report(state, catalog("en"), {"colors": {"Marek": 7, "Jacek": "plaid"}})


def test_an_effect_that_changes_nothing_round_trips():
    t = Table(2)
    t.reveal().pass_rest()
    t.event(Effect("Marek"))
    doc = record_of(t)
    assert doc["rounds"][1]["event"]["effects"] == [{"player": "Marek", "ducats": 0}]
    _state, steps = record.parse_record(doc).replay()
    assert record.write_record(doc["players"], [s.action for s in steps]) == doc
