"""One or more tests per rule id of docs/rules/na-grunwald.md (test names carry the id)."""

from __future__ import annotations

import functools
import random

import pytest

from referee.core.errors import RecordError, RuleError
from referee.games.grunwald import bot, engine
from referee.games.grunwald.actions import Effect, Pass, Place, Reveal
from referee.games.grunwald.cards import LEAVING, REVEALED
from referee.games.grunwald.record import parse_players
from referee.games.grunwald.scoring import Inventory, score
from tests.grunwald.table import Table


def breaks(rule: str):
    """Context manager: the block raises a RuleError citing ``rule``."""

    class _Ctx:
        def __enter__(self):
            self.cm = pytest.raises(RuleError)
            self.info = self.cm.__enter__()
            return self.info

        def __exit__(self, *exc):
            handled = self.cm.__exit__(*exc)
            assert self.info.value.rule == rule, f"expected {rule}, got {self.info.value.rule}: {self.info.value}"
            return handled

    return _Ctx()


# --- Components (NG-C) ----------------------------------------------------------------------


def test_NG_C1_two_to_four_distinct_players():
    assert parse_players(["A", "B"]) == ["A", "B"]
    for bad in (["A"], ["A", "B", "C", "D", "E"], ["A", "A"], ["A", ""]):
        with breaks("NG-C1"):
            parse_players(bad)


def test_NG_C1_seating_order_fixes_turn_order():
    t = Table(4)
    t.reveal()
    order = []
    for _ in range(4):
        order.append(t.s.names[t.s.turn])
        t.pass_(order[-1])
    assert order == ["Marek", "Jacek", "Kasia", "Ania"]


def test_NG_C2_starting_supplies():
    t = Table(3)
    for p in t.s.players:
        assert (p.ducats, p.provisions, p.helpers) == (3, 1, 2)
        assert p.hand == {"peasant": 1} and p.camp == {}
        assert not p.officer_placed and p.helpers_placed == 0


def test_NG_C2_officer_worth_two_helpers_one_and_pawn_supply():
    t = Table(2)
    t.reveal()
    t.place("Marek", "crown")  # officer: 2
    t.helpers("Jacek", "crown", 2)  # two helpers: 2, later position
    assert [s.value for s in t.s.fields["crown"]] == [2, 2]
    with breaks("NG-C2"):
        t.place("Marek", "ducats")  # officer already out
    with breaks("NG-C2"):
        t.helpers("Marek", "ducats", 3)  # owns only 2


def test_NG_C2_helpers_at_most_five():
    t = Table(2)
    t.reveal().pass_rest()
    t.event(Effect("Marek", helpers=3))
    assert t.p("Marek").helpers == 5
    t2 = Table(2)
    t2.reveal().pass_rest()
    with breaks("NG-R2"):
        t2.event(Effect("Marek", helpers=4))


def test_NG_C3_card_values_in_range():
    t = Table(2)
    with breaks("NG-C3"):
        t.reveal(crown=(7, 1))
    with breaks("NG-C3"):
        t.reveal(mercenary=(0, 1))
    t.reveal().pass_rest()
    t.to_round(4)
    with breaks("NG-C3"):
        t.reveal(teutons=(5, 1))


def test_NG_C3_no_assumption_about_deck_composition():
    # Eight rounds of crown 6 + 6 is accepted: per-strength counts are not published.
    t = Table(2)
    for _ in range(8):
        t.quiet_round(crown=(6, 6), mercenary=(6, 6))
    assert t.phase == "over"


def test_NG_C4_provisions_are_a_total_value():
    t = Table(2)
    t.reveal(provisions=(5, 3))
    t.place("Marek", "provisions")
    t.pass_rest()
    assert t.p("Marek").provisions == 1 + 3  # 2 players: the lower value (NG-V1)
    t.event(Effect("Marek", provisions=-2))
    assert t.p("Marek").provisions == 2  # change made freely with the bank


def test_NG_C5_bank_is_unlimited():
    t = Table(2)
    t.reveal()
    t.pass_rest()
    t.event(Effect("Marek", ducats=10_000))
    assert t.p("Marek").ducats == 10_003


def test_NG_C6_titles_only_at_the_end():
    t = Table(2)
    t.reveal(crown=(6, 5))
    t.place("Marek", "crown")
    t.pass_rest()
    with pytest.raises(ValueError):
        engine.final_scores(t.s)  # no titles while the game is running
    t.event(Effect("Marek", provisions=50))
    while t.phase != "over":
        t.quiet_round(pay="provisions")
    result = engine.final_scores(t.s)
    assert result.crown_commander.holders == ["Marek"]


def test_NG_C7_played_knight_goes_to_camp_and_cannot_be_played_again():
    t = Table(2)
    t.reveal(crown=(6, 5))
    t.place("Marek", "crown")
    t.pass_rest()
    t.to_round(4)
    t.reveal(teutons=(1, 1))
    t.pass_("Jacek")  # round 4 of 2: Jacek starts (NG-R4)
    t.place("Marek", "teutons")
    t.pass_rest()
    t.cards(Marek="crown:6")
    assert t.p("Marek").camp == {"crown:6": 1, "teuton:1": 1}
    assert t.p("Marek").hand == {"peasant": 1}
    t.to_round(5)
    t.reveal(teutons=(1, 1))
    t.place("Marek", "teutons")
    t.pass_rest()
    with breaks("NG-C7"):
        t.cards(Marek="crown:6")


def test_NG_C7_event_task_sends_knight_to_camp_and_peasant_stays():
    t = Table(2)
    t.reveal(crown=(6, 5))
    t.place("Marek", "crown")
    t.pass_rest()
    t.event(Effect("Marek", exhaust="crown:6"))
    assert t.p("Marek").camp == {"crown:6": 1}
    t2 = Table(2)
    t2.reveal().pass_rest()
    with breaks("NG-R2"):
        t2.event(Effect("Marek", discard="peasant"))


# --- Round structure (NG-R) -------------------------------------------------------------------


def test_NG_R1_eight_rounds_then_the_end():
    t = Table(3)
    for r in range(1, 9):
        assert t.s.round == r
        t.quiet_round()
    assert t.phase == "over" and t.s.round == 8


def test_NG_R2_no_event_in_round_one_and_effects_in_order():
    t = Table(2)
    assert engine.decision(t.s).kind == "reveal"
    t.reveal().pass_rest()
    assert engine.decision(t.s).kind == "event"
    t.event(Effect("Marek", ducats=2), Effect("Marek", ducats=-5))
    assert t.p("Marek").ducats == 0


def test_NG_R2_event_effect_cannot_go_below_zero():
    t = Table(2)
    t.reveal().pass_rest()
    with breaks("NG-R2") as info:
        t.event(Effect("Jacek", provisions=-2))
    assert info.value.location == ".effects[0].provisions"


def test_NG_R2_event_gain_discard_exhaust():
    t = Table(2)
    t.reveal().pass_rest()
    t.event(Effect("Marek", gain="teuton:2"), Effect("Marek", gain="mercenary:4"),
            Effect("Jacek", gain="crown:3"), Effect("Jacek", discard="crown:3"))
    assert t.p("Marek").camp == {"teuton:2": 1}  # a Teuton goes to the camp
    assert t.p("Marek").hand == {"peasant": 1, "mercenary:4": 1}
    assert t.p("Jacek").hand == {"peasant": 1}
    t.reveal().pass_rest()
    with breaks("NG-R2"):
        t.event(Effect("Jacek", exhaust="crown:3"))


def test_NG_R2_push_effects_stops_at_the_first_refused_effect_and_changes_nothing_of_it():
    """The record's replay pushes an event's effects as the record writes them: every effect
    before the refused one applies, the refused one leaves no trace (a gain before a discard
    it cannot make is not kept), and the checked path names the rule with the same location."""
    t = Table(2)
    t.reveal().pass_rest()
    before = t.s.copy().snapshot()
    effects = [{"player": "Marek", "ducats": 2},
               {"player": "Jacek", "gain": "crown:3", "discard": "crown:5"},
               {"player": "Marek", "ducats": 1}]
    assert engine.push_effects(t.s, effects) == 1
    after = t.s.snapshot()
    assert after["players"][0]["ducats"] == before["players"][0]["ducats"] + 2
    assert after["players"][1] == before["players"][1]  # (no crown:3 left behind)
    assert engine.push_effects(t.s, effects, 2) == 3
    with breaks("NG-R2") as info:
        engine.apply_effect(t.s, Effect("Jacek", gain="crown:3", discard="crown:5"))
    assert info.value.location == ".discard"
    assert "crown:3" in str(info.value.params)  # (the holdings named include the card gained)


def test_NG_R3_revealed_cards_and_truce():
    t = Table(2)
    with breaks("NG-R3"):
        t.reveal(teutons=(1, 2))  # truce in round 1
    with breaks("NG-R3"):
        t.reveal(crown=(5,))
    with breaks("NG-R3"):
        t.reveal(ducats=(4, 3, 2, 1))
    t.reveal(provisions=(4,), ducats=(2,))
    t.pass_rest()
    t.to_round(4)
    with breaks("NG-R3"):
        t.do(engine.Reveal((1, 2), (1, 2), (3,), (3,), None))


def test_NG_R4_start_player_passes_clockwise():
    t = Table(3)
    starts = []
    for _ in range(4):
        if t.phase == "event":
            t.event()
        t.reveal()
        starts.append(t.s.names[t.s.turn])
        t.pass_rest()
        if t.phase == "skirmish":
            t.cards()
            t.pay_everything()
    assert starts == ["Marek", "Jacek", "Kasia", "Marek"]


# --- Placement (NG-P) -------------------------------------------------------------------------


def test_NG_P1_one_field_one_kind_and_turn_order():
    t = Table(3)
    t.reveal()
    with breaks("NG-P1") as info:
        t.place("Jacek", "crown")
    assert "Marek" in str(info.value)
    t.place("Marek", "crown")
    assert t.s.names[t.s.turn] == "Jacek"
    with breaks("NG-P1"):
        t.do(Place("Jacek", "crown", "officer", 2, 0))  # an officer is one pawn


def test_NG_P2_officer_joins_helpers_but_helpers_never_twice():
    t = Table(2)
    t.reveal()
    t.helpers("Marek", "crown", 1)
    t.helpers("Jacek", "ducats", 1)
    t.place("Marek", "crown")  # officer joins own helpers
    t.place("Jacek", "ducats")
    with breaks("NG-P2"):
        t.helpers("Marek", "crown", 1)
    t2 = Table(2)
    t2.reveal()
    t2.place("Marek", "crown")
    t2.pass_("Jacek")
    t2.helpers("Marek", "crown", 1)  # helpers join own officer
    assert t2.s.fields["crown"][0].value == 3


def test_NG_P3_position_is_first_pawn_and_breaks_ties():
    t = Table(2)
    t.reveal(crown=(6, 1))
    t.helpers("Marek", "crown", 1)  # Marek first on the field
    t.place("Jacek", "crown")  # Jacek 2
    t.place("Marek", "crown")  # Marek 1 + 2 = 3
    t.pass_("Jacek")
    assert [s.player for s in t.s.fields["crown"]] == [0, 1]
    t.pass_("Marek")
    assert t.p("Marek").hand.get("crown:6") == 1


def test_NG_P3_tie_goes_to_earlier_position():
    t = Table(3)
    t.reveal(crown=(6, 1))
    t.pass_("Marek")
    t.place("Jacek", "crown")
    t.place("Kasia", "crown")
    t.pass_rest()
    assert "crown:6" in t.p("Jacek").hand and "crown:1" in t.p("Kasia").hand


def test_NG_P4_pass_ends_placing_others_continue_until_out_of_pawns():
    t = Table(2)
    t.reveal()
    t.pass_("Marek")
    t.place("Jacek", "crown")
    assert t.s.names[t.s.turn] == "Jacek"  # Marek passed: Jacek keeps placing
    with breaks("NG-P1"):
        t.place("Marek", "ducats")
    t.helpers("Jacek", "ducats", 2)
    assert t.phase != "placement"  # Jacek out of pawns: the phase ends


def test_NG_P4_player_out_of_pawns_is_skipped():
    t = Table(3)
    t.reveal()
    t.place("Marek", "crown")
    t.place("Jacek", "crown")
    t.place("Kasia", "crown")
    t.helpers("Marek", "ducats", 2)  # Marek now out of pawns
    t.pass_("Jacek")
    assert t.s.names[t.s.turn] == "Kasia"
    t.pass_("Kasia")
    assert t.phase != "placement"


def test_NG_P5_fields_resolve_in_order():
    # Field 4 (ducats) resolves before field 6 (helpers): the ducats won pay for the helper.
    t = Table(2)
    t.reveal(ducats=(6, 1))
    t.helpers("Marek", "ducats", 2)
    t.place("Jacek", "helpers")
    t.place("Marek", "helpers")
    t.pass_rest()
    assert t.phase == "helper_purchase"  # Marek can now afford (3 + 1 ducats >= 2 helpers)
    assert engine.decision(t.s).player == "Marek"
    from referee.games.grunwald.actions import FIELDS
    assert FIELDS == ("teutons", "crown", "provisions", "ducats", "mercenaries", "helpers")


def test_NG_P6_pawns_only_fields():
    for field in ("crown", "ducats", "helpers"):
        t = Table(2)
        t.reveal()
        with breaks("NG-P6"):
            t.place("Marek", field, ducats=1)


def test_NG_P7_no_helpers_field_with_five_helpers():
    t = Table(2)
    t.reveal().pass_rest()
    t.event(Effect("Marek", helpers=3))
    t.reveal()
    t.pass_("Jacek")
    with breaks("NG-P7"):
        t.place("Marek", "helpers")
    assert not any(getattr(a, "field", None) == "helpers" for a in engine.legal_actions(t.s))


def test_NG_P8_teutons_one_pawn_from_round_four():
    t = Table(2)
    t.reveal()
    with breaks("NG-P8"):
        t.place("Marek", "teutons")
    t.pass_rest()
    t.to_round(4)
    t.reveal()
    t.pass_("Jacek")
    with breaks("NG-P8"):
        t.helpers("Marek", "teutons", 2)
    with breaks("NG-P8"):
        t.place("Marek", "teutons", ducats=1)
    t.place("Marek", "teutons")
    with breaks("NG-P8"):
        t.helpers("Marek", "teutons", 1)


def test_NG_P9_provisions_take_pawns_and_ducats():
    t = Table(2)
    t.reveal(provisions=(5, 3))
    t.place("Marek", "provisions", ducats=2)
    t.helpers("Jacek", "provisions", 1)  # a pawn alone is fine
    t.helpers("Marek", "provisions", 1, ducats=1)  # more ducats, with a pawn
    assert t.s.fields["provisions"][0].value == 2 + 2 + 1 + 1


def test_NG_P10_mercenaries_one_pawn_with_ducats_in_one_turn():
    t = Table(2)
    t.reveal()
    with breaks("NG-P10"):
        t.place("Marek", "mercenaries")  # no ducat
    with breaks("NG-P10"):
        t.helpers("Marek", "mercenaries", 2, ducats=1)
    t.helpers("Marek", "mercenaries", 1, ducats=1)
    t.pass_("Jacek")
    with breaks("NG-P10"):
        t.place("Marek", "mercenaries", ducats=2)  # nothing can be added later


def test_NG_P11_no_more_ducats_than_held_unplaced():
    t = Table(2)
    t.reveal()
    t.place("Marek", "provisions", ducats=2)
    t.pass_("Jacek")
    with breaks("NG-P11"):
        t.helpers("Marek", "mercenaries", 1, ducats=2)
    t.helpers("Marek", "mercenaries", 1, ducats=1)


def test_legal_actions_are_exactly_the_accepted_placements():
    t = Table(3)
    t.to_round(4)
    t.reveal()
    legal = set(engine.legal_actions(t.s))
    for field in ("teutons", "crown", "provisions", "ducats", "mercenaries", "helpers"):
        for pawn in ("officer", "helper"):
            for count in (1, 2, 3):
                for ducats in (0, 1, 3, 4):
                    probe = t.s.copy()
                    action = Place(t.s.names[t.s.turn], field, pawn, count, ducats)
                    try:
                        engine.apply(probe, action)
                        accepted = True
                    except RuleError:
                        accepted = False
                    assert accepted == (action in legal), action
    assert Pass(t.s.names[t.s.turn]) in legal


# --- Resolution (NG-F) ------------------------------------------------------------------------


def test_NG_F1_value_of_pawns_and_ducats():
    t = Table(2)
    t.reveal(provisions=(5, 3))
    t.helpers("Marek", "provisions", 2)  # 2
    t.place("Jacek", "provisions", ducats=1)  # 2 + 1 = 3
    t.pass_rest()
    assert t.p("Jacek").provisions == 1 + 3  # Jacek 1st (2 players: the lower value)
    assert t.p("Marek").provisions == 1


def test_NG_F2_one_benefit_per_field_even_alone():
    t = Table(4)
    t.reveal(crown=(6, 5), ducats=(4, 3, 2))
    t.place("Marek", "crown")
    t.helpers("Jacek", "ducats", 2)
    t.pass_rest()
    assert t.p("Marek").hand == {"peasant": 1, "crown:6": 1}
    assert t.p("Jacek").ducats == 3 + 4
    assert "crown:5" in t.s.log[0].removed


def test_NG_F3_ducats_to_bank_only_for_a_benefit():
    t = Table(3)
    t.reveal(provisions=(5,))
    t.place("Marek", "provisions", ducats=2)
    t.place("Jacek", "provisions", ducats=1)
    t.pass_rest()
    assert t.p("Marek").ducats == 1 and t.p("Marek").provisions == 6
    assert t.p("Jacek").ducats == 3 and t.p("Jacek").provisions == 1  # no lower value: refund


def test_NG_F4_crown_first_stronger_second_other():
    t = Table(3)
    t.reveal(crown=(2, 5))
    t.helpers("Marek", "crown", 1)
    t.place("Jacek", "crown")
    t.helpers("Kasia", "crown", 1)
    t.pass_rest()
    assert "crown:5" in t.p("Jacek").hand and "crown:2" in t.p("Marek").hand
    assert not any(c.startswith("crown") for c in t.p("Kasia").hand)


def test_NG_F5_provisions_higher_then_lower():
    t = Table(3)
    t.reveal(provisions=(3, 5))
    t.place("Marek", "provisions")
    t.helpers("Jacek", "provisions", 1)
    t.pass_rest()
    assert (t.p("Marek").provisions, t.p("Jacek").provisions) == (6, 4)


def test_NG_F6_ducats_three_values_four_players():
    t = Table(4)
    t.reveal(ducats=(2, 4, 3))
    t.place("Marek", "ducats")
    t.place("Jacek", "ducats")
    t.helpers("Kasia", "ducats", 1)
    t.helpers("Ania", "ducats", 1)
    t.pass_rest()
    assert [t.p(n).ducats for n in ("Marek", "Jacek", "Kasia", "Ania")] == [7, 6, 5, 3]


def test_NG_F7_mercenaries_ranked_by_ducats_alone():
    t = Table(3)
    t.reveal(mercenary=(6, 3))
    t.place("Marek", "mercenaries", ducats=1)  # officer but 1 ducat
    t.helpers("Jacek", "mercenaries", 1, ducats=2)
    t.helpers("Kasia", "mercenaries", 1, ducats=1)
    t.pass_rest()
    assert "mercenary:6" in t.p("Jacek").hand and "mercenary:3" in t.p("Marek").hand
    assert t.p("Jacek").ducats == 1 and t.p("Marek").ducats == 2 and t.p("Kasia").ducats == 3


def test_NG_F8_helpers_free_and_optional_purchase():
    t = Table(3)
    t.reveal()
    t.place("Marek", "helpers")
    t.helpers("Jacek", "helpers", 1)
    t.helpers("Kasia", "helpers", 1)
    t.pass_rest()
    assert t.p("Marek").helpers == 3
    d = engine.decision(t.s)
    assert (d.kind, d.player, d.price) == ("helper_purchase", "Jacek", 2)
    t.buy(True)
    assert (t.p("Jacek").helpers, t.p("Jacek").ducats) == (3, 1)
    assert t.p("Kasia").helpers == 2  # 3rd gains nothing


def test_NG_F8_second_who_cannot_afford_is_not_asked():
    t = Table(2)
    t.reveal().pass_rest()
    t.event(Effect("Jacek", ducats=-2))  # Jacek: 1 ducat, 2 helpers
    t.reveal()
    t.helpers("Jacek", "helpers", 1)  # round 2: Jacek starts
    t.place("Marek", "helpers")  # 2 beats 1: Marek 1st, Jacek 2nd
    t.pass_rest()
    assert t.phase == "event"  # no purchase decision


def test_NG_F9_unclaimed_cards_removed_at_round_end():
    t = Table(4)
    t.reveal(crown=(6, 5), mercenary=(4, 3))
    t.pass_rest()
    assert sorted(t.s.log[0].removed) == ["crown:5", "crown:6", "mercenary:3", "mercenary:4"]
    assert t.s.reveal is None


# --- Skirmish (NG-S) --------------------------------------------------------------------------


def skirmish_table(n=4, teutons=(3, 2)):
    """Round 4, Teutons revealed; with two players Jacek (the start player) has passed."""
    t = Table(n)
    t.to_round(4)
    t.reveal(teutons=teutons)
    if n == 2:
        t.pass_("Jacek")
    return t


def test_NG_S1_teuton_strength_by_player_count():
    for n, bonus in ((2, 2), (3, 4), (4, 6)):
        t = skirmish_table(n, (3, 2))
        t.pass_rest()
        assert t.s.skirmish.strength == 3 + 2 + bonus


def test_NG_S2_cards_from_hand_simultaneously():
    t = skirmish_table(2)
    t.s.player("Marek").hand["crown:4"] = 1
    t.s.player("Marek").camp["mercenary:6"] = 1
    t.place("Marek", "teutons")
    t.pass_rest()
    d = engine.decision(t.s)
    assert d.kind == "skirmish" and d.players == ("Marek",)
    assert d.options["Marek"] == ("crown:4", "peasant")
    with breaks("NG-S2"):
        t.cards()  # Marek must play
    with breaks("NG-S2"):
        t.cards(Marek="crown:4", Jacek="peasant")  # Jacek is not on the field
    with breaks("NG-C7"):
        t.cards(Marek="mercenary:6")  # in the camp
    t.s.player("Marek").camp["teuton:2"] = 1
    with breaks("NG-S2"):
        t.cards(Marek="teuton:2")


def test_NG_S3_strongest_takes_stronger_weaker_teuton_second_the_weaker():
    t = skirmish_table(3, (2, 3))
    for name, c in (("Marek", "crown:4"), ("Jacek", "mercenary:3")):
        t.s.player(name).hand[c] = 1
    t.place("Marek", "teutons")
    t.place("Jacek", "teutons")
    t.pass_rest()
    t.cards(Marek="crown:4", Jacek="mercenary:3")
    assert t.s.log[3].skirmish["captures"] == {"Marek": "teuton:3", "Jacek": "teuton:2"}


def test_NG_S3_strongest_takes_the_weaker_when_only_that_one_is_weaker():
    t = skirmish_table(3, (4, 2))
    for name, c in (("Marek", "crown:3"), ("Jacek", "mercenary:6")):
        t.s.player(name).hand[c] = 1
    t.place("Marek", "teutons")
    t.place("Jacek", "teutons")
    t.pass_rest()
    t.cards(Marek="crown:3", Jacek="mercenary:6")
    # Jacek (6) is strongest: takes the 4.  Marek (3) then takes the 2.
    assert t.s.log[3].skirmish["captures"] == {"Jacek": "teuton:4", "Marek": "teuton:2"}
    t2 = skirmish_table(3, (4, 2))
    for name, c in (("Marek", "crown:3"), ("Jacek", "mercenary:3")):
        t2.s.player(name).hand[c] = 1
    t2.place("Marek", "teutons")
    t2.place("Jacek", "teutons")
    t2.pass_rest()
    t2.cards(Marek="crown:3", Jacek="mercenary:3")
    # Tie 3/3 goes to Marek (earlier position): 4 is not weaker, so he takes the 2; none left.
    assert t2.s.log[3].skirmish["captures"] == {"Marek": "teuton:2"}


def test_NG_S3_equal_or_stronger_teutons_are_not_captured():
    t = skirmish_table(2, (3, 3))
    t.s.player("Marek").hand["crown:3"] = 1
    t.place("Marek", "teutons")
    t.pass_rest()
    t.cards(Marek="crown:3")
    assert t.s.log[3].skirmish["captures"] == {}


def test_NG_S4_lost_skirmish_everybody_pays_at_least_the_difference():
    t = skirmish_table(2, (3, 2))  # strength 7
    t.s.player("Marek").hand["crown:4"] = 1
    t.s.player("Jacek").hand["mercenary:5"] = 1
    t.s.player("Jacek").provisions = 6
    t.place("Marek", "teutons")
    t.pass_rest()
    t.cards(Marek="crown:4")  # 4 < 7: lost by 3, Marek captures the 3
    d = engine.decision(t.s)
    assert (d.kind, d.owed, d.players) == ("losses", 3, ("Jacek", "Marek"))  # start player first
    with breaks("NG-S4"):
        t.losses("Jacek", "provisions:2")  # 2 < 3 while holding more
    t.losses("Jacek", "mercenary:5")  # more than owed is allowed
    # Marek holds only provisions 1 (his crown 4 is on the table): he gives everything he has.
    t.losses("Marek", "provisions:1")
    assert t.p("Jacek").provisions == 6 and "mercenary:5" not in t.p("Jacek").hand
    assert t.p("Marek").camp == {"crown:4": 1, "teuton:3": 1}


def test_NG_S4_players_with_nothing_owe_nothing_and_won_skirmish_costs_nothing():
    t = skirmish_table(2, (1, 1))  # strength 4
    t.s.player("Marek").hand["crown:6"] = 1
    t.place("Marek", "teutons")
    t.pass_rest()
    t.cards(Marek="crown:6")
    assert t.phase != "losses" and t.s.log[3].skirmish["won"]
    t2 = skirmish_table(2)
    for p in t2.s.players:
        p.provisions = 0
    t2.pass_rest()
    t2.cards()
    assert t2.phase != "losses"  # lost, but nobody holds anything to discard


def test_NG_S5_cards_on_the_table_cannot_pay_losses():
    t = skirmish_table(2, (3, 2))
    t.s.player("Marek").hand["crown:4"] = 1
    t.place("Marek", "teutons")
    t.pass_rest()
    t.cards(Marek="crown:4")
    with breaks("NG-S5"):
        t.losses("Marek", "crown:4")
    with breaks("NG-S5"):
        t.losses("Marek", "teuton:3")
    t.losses("Jacek", "provisions:1")
    t.losses("Marek", "provisions:1")
    assert t.p("Marek").camp == {"crown:4": 1, "teuton:3": 1}


def test_NG_S5_peasant_returns_to_hand():
    t = skirmish_table(2)
    t.place("Marek", "teutons")
    t.pass_rest()
    t.cards(Marek="peasant")
    t.pay_everything()
    assert t.p("Marek").hand == {"peasant": 1} and "peasant" not in t.p("Marek").camp


def test_NG_S6_rulebook_skirmish_example():
    t = skirmish_table(4, (3, 2))
    setup = {"Marek": ["crown:5"], "Jacek": ["mercenary:2", "crown:4"], "Kasia": ["crown:1"],
             "Ania": ["crown:2"]}
    for name, cards in setup.items():
        for c in cards:
            t.s.player(name).hand[c] = 1
    t.s.player("Marek").provisions = 3
    t.s.player("Kasia").camp["teuton:3"] = 1
    for name in ("Ania", "Marek", "Jacek", "Kasia"):  # round 4 of 4: Ania starts (NG-R4)
        t.place(name, "teutons")
    t.pass_rest()
    t.cards(Marek="crown:5", Jacek="mercenary:2", Kasia="crown:1", Ania="peasant")
    sk = t.s.log[3].skirmish
    assert sk["captures"] == {"Marek": "teuton:3"}  # the 2 captures nothing (equal)
    assert (sk["strength"], sk["total"], sk["owed"]) == (11, 8, 3)
    # Losses are paid from the start player on: Ania first.
    t.losses("Ania", "hand/crown:2", "provisions:1")
    t.losses("Marek", "provisions:3")
    t.losses("Jacek", "crown:4")
    t.losses("Kasia", "teuton:3")
    assert t.p("Ania").hand == {"peasant": 1}
    assert t.p("Marek").camp == {"crown:5": 1, "teuton:3": 1}


# --- End of the game (NG-E) -------------------------------------------------------------------


def test_NG_E1_feeding_spends_provisions_and_discards_exactly():
    t = Table(2)
    for _ in range(7):
        t.quiet_round()
    t.event(*(Effect("Marek", gain=c) for c in ("crown:2", "crown:6", "mercenary:5")),
            Effect("Marek", provisions=30), Effect("Jacek", gain="crown:4"))
    t.reveal(teutons=(1, 1))  # strength 4
    t.place("Jacek", "teutons")  # round 8 of 2: Jacek starts
    t.pass_rest()
    t.cards(Jacek="crown:4")  # 4 >= 4: won; Jacek captures a Teuton 1
    # Marek: 3 knights, 30 provisions -> fed, 27 left; Jacek: 1 knight, 0 provisions -> short by 1
    d = engine.decision(t.s)
    assert (d.kind, d.player, d.owed) == ("feeding", "Jacek", 1)
    with breaks("NG-E1"):
        t.feed("Jacek")
    with breaks("NG-E1"):
        t.feed("Jacek", "crown:5")
    with breaks("NG-E1"):
        t.feed("Jacek", "teuton:1")  # Teutons need no provisions and cannot be given up
    t.feed("Jacek", "crown:4")
    assert t.phase == "over"
    assert t.p("Marek").provisions == 27 and t.p("Jacek").provisions == 0
    assert t.p("Jacek").camp == {"teuton:1": 1}


def test_NG_E2_knight_points():
    r = score([Inventory("A", [6, 1], [3], [4, 2], 0, 0), Inventory("B", [], [], [], 0, 0)])
    assert (r.scores["A"].knights, r.scores["A"].teutons) == (10, 6)


def test_NG_E3_commander_count_then_strength_then_shared():
    r = score([Inventory("A", [6, 6], [], [], 0, 0), Inventory("B", [1, 1, 1], [], [], 0, 0)])
    assert r.crown_commander.holders == ["B"] and r.scores["B"].crown_commander == 3
    r = score([Inventory("A", [6, 1], [], [], 0, 0), Inventory("B", [3, 3], [], [], 0, 0)])
    assert r.crown_commander.holders == ["A"] and r.crown_commander.decided_by == "strength"
    r = score([Inventory("A", [], [5, 1], [], 0, 0), Inventory("B", [], [3, 3], [], 0, 0)])
    assert r.mercenary_commander.holders == ["A", "B"]
    assert r.scores["A"].mercenary_commander == r.scores["B"].mercenary_commander == 2


def test_NG_E3_no_commander_for_zero_cards():
    r = score([Inventory("A", [], [], [4], 0, 0), Inventory("B", [], [], [], 0, 0)])
    assert r.crown_commander.holders == [] and r.mercenary_commander.holders == []


def test_NG_E4_quartermaster_ties_share_none_for_zero():
    r = score([Inventory("A", [], [], [], 5, 0), Inventory("B", [], [], [], 5, 0),
               Inventory("C", [], [], [], 2, 0)])
    assert r.quartermaster.holders == ["A", "B"] and r.scores["B"].quartermaster == 5
    r = score([Inventory("A", [], [], [], 0, 0), Inventory("B", [], [], [], 0, 0)])
    assert r.quartermaster.holders == []


def test_NG_E5_one_point_per_two_ducats():
    r = score([Inventory("A", [], [], [], 0, 7), Inventory("B", [], [], [], 0, 1)])
    assert (r.scores["A"].ducats, r.scores["B"].ducats) == (3, 0)


def test_NG_E6_tie_break_on_cards_then_shared():
    r = score([Inventory("A", [6], [], [], 0, 0), Inventory("B", [3], [2], [], 0, 2)])
    assert r.winners == ["B"] and r.decided_by == "cards"
    r = score([Inventory("A", [6], [], [], 0, 0), Inventory("B", [6], [], [], 0, 0),
               Inventory("C", [1], [], [], 0, 0)])
    assert r.winners == ["A", "B"] and r.decided_by == "shared"
    assert r.places == {"A": 1, "B": 1, "C": 3}


def test_NG_E7_rulebook_final_example():
    # Jacek: knights 36 + Teutons 10; Ania: 31 + 4 + mercenary commander 6 + quartermaster 5;
    # Marek: 28 + 7 + crown commander 6 + 2 for ducats.
    jacek = Inventory("Jacek", [6, 6, 6, 5], [6, 6, 1], [4, 4, 2], 4, 1)
    ania = Inventory("Ania", [3, 2], [6, 6, 5, 4, 3, 2], [2, 1, 1], 5, 0)
    marek = Inventory("Marek", [6, 5, 4, 3, 2, 1], [4, 3], [4, 3], 0, 5)
    r = score([jacek, ania, marek])
    totals = {n: s.total for n, s in r.scores.items()}
    assert totals == {"Jacek": 46, "Ania": 46, "Marek": 43}
    assert r.scores["Ania"].mercenary_commander == 6 and r.scores["Ania"].quartermaster == 5
    assert r.scores["Marek"].crown_commander == 6 and r.scores["Marek"].ducats == 2
    assert r.winners == ["Ania"] and r.decided_by == "cards"
    assert r.places == {"Ania": 1, "Jacek": 2, "Marek": 3}


# --- 2 and 3 players (NG-V) -------------------------------------------------------------------


def test_NG_V1_two_players():
    t = Table(2)
    t.reveal(crown=(6, 5), mercenary=(4, 2), provisions=(5, 3), ducats=(4, 3, 2))
    t.place("Marek", "crown")
    t.place("Jacek", "crown")
    t.helpers("Marek", "provisions", 1)
    t.helpers("Jacek", "provisions", 1)
    t.helpers("Marek", "ducats", 1)
    t.helpers("Jacek", "ducats", 1)
    t.pass_rest()
    assert "crown:6" in t.p("Marek").hand and "crown:5" not in t.p("Jacek").hand
    assert t.p("Marek").provisions == 1 + 3 and t.p("Jacek").provisions == 1
    assert t.p("Marek").ducats == 3 + 3 and t.p("Jacek").ducats == 3 + 2
    assert "crown:5" in t.s.log[0].removed


def test_NG_V2_three_players_two_highest_ducats():
    t = Table(3)
    t.reveal(ducats=(4, 3, 2))
    t.place("Marek", "ducats")
    t.place("Jacek", "ducats")
    t.place("Kasia", "ducats")
    t.pass_rest()
    assert [t.p(n).ducats for n in ("Marek", "Jacek", "Kasia")] == [7, 6, 3]


# --- One checked path: the record's push and apply share their rules (issue 27) ------------------

_NAMES = ["Marek", "Jacek", "Kasia", "Ania"]


@functools.cache
def _tables() -> dict[str, list]:
    """Tables where an event's effects or the revealed cards are due, from random legal games of
    2–4 players, tracked and untracked (states kept as copies, by the phase they await)."""
    out: dict[str, list] = {"event": [], "reveal": []}
    for seed, n in enumerate((2, 3, 4, 2, 3, 4)):
        rng = random.Random(seed)
        s = engine.new_state(_NAMES[:n], tracked=seed < 3)
        while not engine.is_over(s):
            if s.phase in out:
                out[s.phase].append(s.copy())
            engine.apply(s, bot.random_action(s, rng))
    return out


#: card strings: every card, with and without a pile, and strings or values that name none
_CARD_TEXTS = [*sorted(LEAVING), "crown:7", "teuton:0", "knight:3", "hand/", "pile/crown:1", "", 3,
               ["crown:1"]]


def _refusal(action) -> tuple | None:
    try:
        action()
    except RecordError as exc:
        return type(exc), exc.rule, exc.location, exc.key, exc.params
    return None


def _hostile_effect(rng: random.Random, state) -> dict:
    """An effect as a record may write it: mostly of a player's own cards and small changes,
    else any card string (or none), any change, a player not at the table."""
    p = rng.choice(state.players)
    held = [*p.hand, *p.camp, *(f"{pile}/{c}" for pile in ("hand", "camp") for c in getattr(p, pile))]
    entry: dict = {"player": p.name if rng.random() < 0.85 else "Nobody"}
    for key in rng.sample(["ducats", "provisions", "helpers", "gain", "discard", "exhaust"],
                          rng.choice((1, 1, 2, 3))):
        if key in ("gain", "discard", "exhaust"):
            entry[key] = rng.choice(held if rng.random() < 0.7 else _CARD_TEXTS)
        else:
            entry[key] = rng.randint(-2, 2) if rng.random() < 0.8 else rng.randint(-9, 9)
    return entry


def test_NG_R2_push_effects_accepts_an_effect_iff_apply_effect_does():
    """The record's push (``push_effects``, the effect as written) and the checked path
    (``apply_effect``, which names the rule) ask one function, ``push_effect``: over thousands
    of hostile effects, one applies an effect exactly when the other does, both to the same
    state, and a refused effect changes nothing."""
    rng = random.Random(27)
    seen = set()
    for _ in range(3000):
        state = rng.choice(_tables()["event"])
        entry = _hostile_effect(rng, state)
        before = state.snapshot()
        pushed, applied = state.copy(), state.copy()
        done = engine.push_effects(pushed, [entry])
        refusal = _refusal(lambda: engine.apply_effect(applied, Effect(**entry)))
        assert (done == 1) == (refusal is None), (entry, refusal)
        assert pushed.snapshot() == applied.snapshot(), entry
        if refusal is not None:
            assert pushed.snapshot() == before, entry
        seen.add(refusal[3] if refusal else "applied")
    assert seen == {"applied", *(f"grunwald.error.{k}" for k in (
        "unknown_player", "effect_negative_ducats", "effect_negative_provisions", "effect_helpers",
        "gain_peasant", "peasant_stays", "not_held", "exhaust_knight", "not_in_hand")),
        "grunwald.record.card_type", "grunwald.record.card_prefix", "grunwald.record.card_unknown"}


def test_NG_R3_NG_C3_push_reveal_accepts_the_cards_iff_apply_does_and_the_dialog_agrees():
    """The record's push (``push_reveal``) and the checked path (``apply``) ask one function,
    ``reveal_fault``: over revealed cards of every count and value, in any round and phase, one
    applies them exactly when the other does, both to the same state, a refusal changes nothing;
    and the dialog's check of one kind (``check_revealed``) refuses the kind ``apply`` names,
    with the same error."""
    rng = random.Random(27)
    kinds = ["crown", "mercenary", "provisions", "ducats", "teutons"]
    seen = set()
    for _ in range(2000):
        at_reveal = rng.random() < 0.9
        state = rng.choice(_tables()["reveal" if at_reveal else "event"])
        entry = {}
        for k in kinds:  # (mostly what a round reveals, else any count of any value)
            fewest, most, lo, hi = REVEALED[k]
            if rng.random() < 0.9:
                entry[k] = [rng.randint(lo, hi) for _ in range(rng.randint(fewest, most))]
            else:
                entry[k] = [rng.randint(-1, 8) for _ in range(rng.randint(0, 4))]
        if (state.round >= 4) != (rng.random() < 0.9):  # (Teutons from round 4, mostly)
            del entry["teutons"]
        before = state.snapshot()
        pushed, applied = state.copy(), state.copy()
        accepted = engine.push_reveal(pushed, entry)
        action = Reveal(**{k: tuple(v) for k, v in entry.items()})
        refusal = _refusal(lambda: engine.apply(applied, action))
        assert accepted == (refusal is None), (entry, refusal)
        assert pushed.snapshot() == applied.snapshot(), entry
        if refusal is not None:
            assert pushed.snapshot() == before, entry
        seen.add(refusal[3] if refusal else "applied")
        if at_reveal:  # the dialog asks each kind in turn (the Teutons from round 4)
            asked = [k for k in kinds if k in entry and (k != "teutons" or state.round >= 4)]
            checks = [_refusal(lambda k=k: engine.check_revealed(k, tuple(entry[k]))) for k in asked]
            first = next((c for c in checks if c is not None), None)
            if refusal is None or refusal[3] in ("grunwald.error.teutons_missing",
                                                 "grunwald.error.teutons_truce"):
                assert first is None, entry
            else:
                assert first == refusal, entry
    assert seen == {"applied", *(f"grunwald.error.{k}" for k in (
        "reveal_count", "value_range", "teutons_missing", "teutons_truce", "not_now"))}


def test_NG_C3_an_effect_gaining_no_card_is_refused_as_the_record_refuses_it():
    """``apply_effect`` with a gain that names no card: the record format's error at ``.gain``
    (it was a KeyError; a discard or exhaust that names no card always gave this error)."""
    t = Table(2)
    t.reveal().pass_rest()
    with pytest.raises(RecordError) as info:
        engine.apply_effect(t.s, Effect("Jacek", gain="crown:9"))
    assert (info.value.rule, info.value.location) == ("NG-C3", ".gain")
    with pytest.raises(RecordError) as info:
        engine.apply_effect(t.s, Effect("Jacek", discard="crown:9"))
    assert (info.value.rule, info.value.location) == ("NG-C3", ".discard")
