"""Every unit's tactic, attribute and restriction (WC-U) with the rulebook's FAQ answers, victory
and hidden information (WC-V), four players (WC-4) and the setups (WC-X)."""

from __future__ import annotations

import sys

import pytest

from referee.core.errors import RecordError
from referee.games.warchest import board, engine
from referee.games.warchest.actions import Deal, Done, Draw, FirstPicker, Maneuver, Pick, Play, Resign
from referee.games.warchest.invariants import check_invariants
from referee.games.warchest.units import FIRST_GAME, HISTORIC
from tests.warchest.table import B4, legal_plays, play, position
from tests.warchest.test_rules import refused


def u(*units):
    return tuple(units)


# ------------------------------------------------------------------ units (WC-U)

def test_WC_U1_archer_shoots_two_spaces_away_over_anything_never_adjacent():
    s = position(stacks=[((3, 3), 1, "archer", 1), ((4, 3), 0, "swordsman", 1), ((5, 3), 0, "pikeman", 1)],
                 hands=[["royal"], ["archer", "archer"]], current=1)
    assert [a.target for a in legal_plays(s, action="tactic")] == [(5, 3)]  # over an occupied hex
    refused(s, "WC-U1", action="attack", coin="archer", frm=(3, 3), target=(4, 3))  # FAQ: no
    play(s, action="tactic", coin="archer", frm=(3, 3), target=(5, 3))
    assert (5, 3) not in s.stacks and (3, 3) in s.stacks  # no Pikeman counter from afar


def test_WC_U2_berserker_maneuvers_again_paying_with_its_stack_never_the_last_coin():
    s = position(units=(u("berserker", "knight", "ensign", "marshall"), B4),
                 stacks=[((3, 3), 0, "berserker", 3)], hands=[["berserker"], ["royal"]])
    play(s, action="move", coin="berserker", frm=(3, 3), to=(3, 4))
    play(s, action="move", frm=(3, 4), to=(3, 5), by="berserker")  # FAQ: only the hand coin is paid
    assert s.stacks[(3, 5)].coins == 2 and s.players[0].faceup == {"berserker": 2}
    play(s, action="move", frm=(3, 5), to=(4, 5), by="berserker")
    assert s.stacks[(4, 5)].coins == 1 and engine.decision(s).kind == "play"  # never the last coin


def test_WC_U2_berserker_triggers_after_a_marshall_attack():
    s = position(units=(u("berserker", "knight", "ensign", "marshall"), B4),
                 stacks=[((3, 3), 0, "marshall", 1), ((3, 4), 0, "berserker", 2), ((3, 5), 1, "scout", 1)],
                 hands=[["marshall"], ["royal"]])
    play(s, action="tactic", coin="marshall", frm=(3, 3), unit=(3, 4), target=(3, 5))
    assert engine.decision(s).by == "berserker"


def test_WC_U3_cavalry_moves_then_must_attack():
    s = position(stacks=[((3, 3), 1, "cavalry", 1), ((5, 3), 0, "swordsman", 1)],
                 hands=[["royal"], ["cavalry"]], current=1)
    tactics = legal_plays(s, action="tactic")
    assert {(a.to, a.target) for a in tactics} == {((4, 3), (5, 3))}
    refused(s, "WC-U3", action="tactic", coin="cavalry", frm=(3, 3), to=(3, 4))  # no move-only
    play(s, action="tactic", coin="cavalry", frm=(3, 3), to=(4, 3), target=(5, 3))
    assert (5, 3) not in s.stacks and (4, 3) in s.stacks


def test_WC_U4_crossbowman_shoots_in_line_over_an_empty_hex_and_attacks_adjacent():
    s = position(stacks=[((3, 3), 0, "crossbowman", 1), ((5, 3), 1, "scout", 1), ((3, 5), 1, "cavalry", 1),
                         ((3, 4), 1, "lancer", 1), ((4, 4), 1, "archer", 1)],
                 hands=[["crossbowman"], ["royal"]])
    assert [a.target for a in legal_plays(s, action="tactic")] == [(5, 3)]  # [3,5] is behind [3,4]
    assert {a.target for a in legal_plays(s, action="attack")} == {(3, 4)}  # FAQ: adjacent too


def test_WC_U5_ensign_moves_another_friendly_unit_one_step_within_two():
    s = position(units=(u("ensign", "knight", "pikeman", "mercenary"), B4),
                 stacks=[((3, 3), 0, "ensign", 1), ((5, 3), 0, "knight", 1), ((1, 3), 1, "scout", 1)],
                 hands=[["ensign"], ["royal"]])
    tactics = legal_plays(s, action="tactic")
    assert all(a.unit == (5, 3) for a in tactics)  # not itself, not an enemy
    assert {a.to for a in tactics} == {(4, 3), (4, 4), (5, 2)}  # one step, within two of the Ensign
    refused(s, "WC-U5", action="tactic", coin="ensign", frm=(3, 3), unit=(5, 3), to=(6, 3))


def test_WC_U6_two_footmen_and_their_tactic():
    s = position(units=(u("footman", "knight", "pikeman", "mercenary"), B4),
                 stacks=[((4, 0), 0, "footman", 1), ((3, 2), 0, "footman", 1)],
                 hands=[["footman", "footman"], ["royal"]])
    with pytest.raises(RecordError) as err:
        engine.apply(s, Play("Ania", "deploy", "footman", to=(6, 1)))
    assert err.value.rule == "WC-U6"
    steps = (Maneuver("control", at=(3, 2)), Maneuver("move", frm=(4, 0), to=(5, 0)))
    play(s, action="tactic", coin="footman", steps=steps)  # FAQ: the two may differ
    assert s.control[(3, 2)] == "raven" and (5, 0) in s.stacks
    refused(s, "WC-T4", player="Ania", action="tactic", coin="footman",
            steps=(Maneuver("move", frm=(5, 0), to=(4, 0)),))


def test_WC_U6_no_footman_can_maneuver_no_tactic():
    """Decision (DECISIONS.md): the tactic is the Footmen's maneuvers; with none possible it is
    not a legal tactic (as the Lancer "musi mieć cel"), so the coin cannot be wasted on it."""
    s = position(units=(u("footman", "ensign", "pikeman", "mercenary"), u("knight", "archer", "cavalry", "scout")),
                 stacks=[((0, 3), 0, "footman", 1), ((1, 3), 0, "mercenary", 1), ((0, 4), 0, "pikeman", 1),
                         ((1, 2), 1, "knight", 1)],
                 hands=[["footman"], ["royal"]])
    assert engine.maneuvers(s, (0, 3)) == [] and legal_plays(s, action="tactic") == []
    refused(s, "WC-U6", action="tactic", coin="footman", steps=())
    refused(s, "WC-U6", action="tactic", coin="footman", steps=(Maneuver("attack", frm=(0, 3), target=(1, 2)),))


def test_WC_U6_a_second_footman_may_be_deployed():
    s = position(units=(u("footman", "knight", "pikeman", "mercenary"), B4),
                 stacks=[((4, 0), 0, "footman", 1)], hands=[["footman"], ["royal"]])
    play(s, action="deploy", coin="footman", to=(6, 1))
    assert len(engine.stacks_of(s, 0, "footman")) == 2


def test_WC_U7_knight_only_by_bolstered_units_but_the_pikeman_counter_hits_it():
    s = position(units=(u("knight", "swordsman", "ensign", "mercenary"), u("pikeman", "archer", "cavalry", "scout")),
                 stacks=[((3, 3), 0, "knight", 2), ((4, 3), 1, "pikeman", 1), ((5, 2), 1, "cavalry", 1)],
                 hands=[["knight"], ["cavalry"]])
    play(s, action="attack", coin="knight", frm=(3, 3), target=(4, 3))
    assert s.stacks[(3, 3)].coins == 1  # FAQ: the counter is not an attack
    refused(s, "WC-U7", action="tactic", coin="cavalry", frm=(5, 2), to=(4, 3), target=(3, 3))


def test_WC_U8_lancer_charges_in_a_straight_line_only():
    s = position(stacks=[((3, 3), 1, "lancer", 1), ((6, 3), 0, "swordsman", 1), ((4, 2), 0, "pikeman", 1)],
                 hands=[["royal"], ["lancer"]], current=1)
    assert {(a.to, a.target) for a in legal_plays(s, action="tactic")} == {((5, 3), (6, 3))}
    refused(s, "WC-U8", action="attack", coin="lancer", frm=(3, 3), target=(4, 2))  # FAQ: not adjacent


def test_WC_U8_lancer_one_step_charge_and_no_target_no_tactic():
    s = position(units=(u("knight", "swordsman", "ensign", "mercenary"), B4),
                 stacks=[((3, 3), 1, "lancer", 1), ((5, 3), 0, "knight", 1), ((3, 5), 0, "swordsman", 1)],
                 hands=[["royal"], ["lancer"]], current=1)
    # FAQ: an unbolstered Lancer cannot charge a Knight; it charges the Swordsman with one step
    assert {(a.to, a.target) for a in legal_plays(s, action="tactic")} == {((3, 4), (3, 5))}


def test_WC_U9_light_cavalry_moves_two_steps_or_one():
    s = position(stacks=[((3, 3), 0, "light_cavalry", 1)], hands=[["light_cavalry"], ["royal"]])
    ends = {a.to for a in legal_plays(s, action="tactic")}
    assert (3, 3) not in ends and (5, 3) in ends and (4, 3) in ends and len(ends) == 18
    assert len(legal_plays(s, action="move")) == 6  # FAQ: the normal move stays


def marshall_position(extra=()):
    return position(units=(u("marshall", "archer", "swordsman", "lancer"), u("scout", "cavalry", "knight", "pikeman")),
                    stacks=[((3, 3), 0, "marshall", 1), ((3, 4), 0, "archer", 1), ((4, 3), 0, "swordsman", 1),
                            ((2, 3), 0, "lancer", 1), ((5, 3), 1, "scout", 1), ((3, 5), 1, "cavalry", 1),
                            ((1, 3), 1, "knight", 1), *extra],
                    hands=[["marshall"], ["royal"]])


def test_WC_U10_marshall_orders_a_normal_attack():
    s = marshall_position()
    tactics = legal_plays(s, action="tactic")
    assert {(a.unit, a.target) for a in tactics} == {((4, 3), (5, 3))}  # only the Swordsman can
    play(s, action="tactic", coin="marshall", frm=(3, 3), unit=(4, 3), target=(5, 3))
    assert engine.decision(s).by == "swordsman"  # FAQ: the Swordsman's attribute triggers


def test_WC_U10_marshall_cannot_order_archer_or_lancer():
    """FAQ: "Oddział aktywowany taktyką Marszałka musi przeprowadzić normalny atak, więc Marszałek
    nie może wydać rozkazu ataku Łucznikowi lub Kopijnikowi"."""
    s = marshall_position()
    assert all(a.unit not in ((3, 4), (2, 3)) for a in engine.legal_actions(s) if isinstance(a, Play))
    err = refused(s, "WC-U10", action="tactic", coin="marshall", frm=(3, 3), unit=(3, 4), target=None)
    assert err.location == ".unit" and "[3,4]" in str(err) and "Marshall cannot order" in str(err)
    err = refused(s, "WC-U10", action="tactic", coin="marshall", frm=(3, 3), unit=(3, 4), target=(3, 5))
    assert err.location == ".unit"  # an enemy next to the Archer: it has no normal attack
    s = marshall_position(extra=[((3, 6), 1, "pikeman", 1)])
    assert board.distance((3, 4), (3, 6)) == 2  # the Archer's own target (WC-U1), two hexes away
    err = refused(s, "WC-U10", action="tactic", coin="marshall", frm=(3, 3), unit=(3, 4), target=(3, 6))
    assert err.location == ".unit"  # … is not a normal attack either
    err = refused(s, "WC-U10", action="tactic", coin="marshall", frm=(3, 3), unit=(2, 3), target=(1, 3))
    assert err.location == ".unit"  # the Lancer, with an enemy next to it


def test_WC_U10_marshall_order_without_an_attack_is_refused():
    """Decision (DECISIONS.md): the book never prints "if able"; the ordered unit "musi
    przeprowadzić normalny atak", so an order no unit can carry out is not a legal tactic."""
    s = position(units=(u("marshall", "swordsman", "knight", "ensign"), B4),
                 stacks=[((3, 3), 0, "marshall", 1), ((4, 3), 0, "swordsman", 1), ((6, 3), 1, "scout", 1)],
                 hands=[["marshall"], ["royal"]])
    assert legal_plays(s, action="tactic") == []
    assert "tactic" not in {a.action for a in legal_plays(s, coin="marshall")}
    err = refused(s, "WC-U10", action="tactic", coin="marshall", frm=(3, 3), unit=(4, 3), target=None)
    assert err.location == ".target" and "[4,3]" in str(err)


def test_WC_U10_a_record_with_a_marshall_ordering_an_archer_names_the_rule_and_place():
    from referee.games.warchest import record

    doc = {"game": "war-chest", "format": 1,
           "players": [{"name": "Ania", "side": "raven", "units": ["archer", "marshall", "knight", "scout"]},
                       {"name": "Marek", "side": "wolf", "units": ["cavalry", "lancer", "pikeman", "swordsman"]}],
           "setup": {"method": "custom"}, "initiative": "Ania",
           "rounds": [{"draws": {"Ania": ["archer", "archer", "marshall"], "Marek": ["royal", "pikeman", "lancer"]},
                       "plays": [{"player": "Ania", "action": "deploy", "coin": "archer", "to": [4, 0]},
                                 {"player": "Marek", "action": "pass", "coin": "royal"},
                                 {"player": "Ania", "action": "move", "coin": "archer", "from": [4, 0], "to": [5, 0]},
                                 {"player": "Marek", "action": "pass", "coin": "pikeman"},
                                 {"player": "Ania", "action": "deploy", "coin": "marshall", "to": [6, 1]},
                                 {"player": "Marek", "action": "pass", "coin": "lancer"}]},
                      {"draws": {"Ania": ["knight", "marshall", "scout"], "Marek": ["cavalry", "lancer", "swordsman"]},
                       "plays": [{"player": "Ania", "action": "tactic", "coin": "marshall", "from": [6, 1],
                                  "unit": [5, 0], "target": None}]}]}
    with pytest.raises(RecordError) as err:
        record.parse_record(doc).replay()
    assert err.value.rule == "WC-U10" and err.value.location == "rounds[1].plays[0].unit"


def test_WC_U11_mercenary_free_maneuver_on_recruit_only_if_on_the_board():
    s = position(units=(u("mercenary", "knight", "swordsman", "pikeman"), B4),
                 stacks=[((3, 3), 0, "mercenary", 1)], hands=[["royal", "knight"], ["royal"]])
    play(s, action="recruit", coin="royal", recruit="mercenary")
    d = engine.decision(s)
    assert d.by == "mercenary" and d.optional
    assert {a.action for a in engine.legal_actions(s) if isinstance(a, Play)} == {"move"}
    play(s, action="move", frm=(3, 3), to=(3, 4), by="mercenary")
    assert engine.decision(s).player == "Marek"
    s = position(units=(u("mercenary", "knight", "swordsman", "pikeman"), B4), hands=[["royal"], ["royal"]])
    play(s, action="recruit", coin="royal", recruit="mercenary")
    assert engine.decision(s).kind == "play" and engine.decision(s).player == "Marek"  # FAQ


def test_WC_U12_pikeman_counter_is_simultaneous_and_not_from_afar():
    s = position(units=(u("pikeman", "knight", "swordsman", "mercenary"), B4),
                 stacks=[((3, 3), 0, "pikeman", 1), ((4, 3), 1, "cavalry", 1)], hands=[["royal"], ["cavalry"]],
                 current=1)
    play(s, action="attack", coin="cavalry", frm=(4, 3), target=(3, 3))
    assert not s.stacks  # FAQ: both go, whatever the sizes


def test_WC_U13_royal_guard_tactic_with_the_royal_coin_and_the_supply_absorbs():
    s = position(units=(u("royal_guard", "knight", "swordsman", "pikeman"), B4),
                 stacks=[((3, 3), 0, "royal_guard", 1), ((4, 3), 1, "cavalry", 1)],
                 hands=[["royal", "royal_guard"], ["cavalry"]])
    refused(s, "WC-U13", action="tactic", coin="royal_guard", frm=(3, 3), to=(3, 4))
    assert {a.to for a in legal_plays(s, action="tactic")} == {(2, 3), (3, 4), (3, 2), (4, 2), (2, 4)}
    play(s, action="tactic", coin="royal", frm=(3, 3), to=(3, 4))
    assert s.players[0].faceup == {"royal": 1}
    play(s, action="attack", coin="cavalry", frm=(4, 3), target=(3, 4), absorb=True)
    assert s.stacks[(3, 4)].coins == 1 and s.players[0].removed == {"royal_guard": 1}


def test_WC_U13_absorb_on_a_tactic_attack_of_a_unit_that_is_not_a_royal_guard():
    """Cross-check (xcheck 2_0098): a tactic attack that would be legal but for its ``absorb`` is
    refused for WC-U13 at ``.absorb``, as a normal attack is, not as a wrong tactic."""
    s = position(stacks=[((3, 3), 0, "crossbowman", 1), ((3, 5), 1, "cavalry", 1)],
                 hands=[["crossbowman"], ["royal"]])
    error = refused(s, "WC-U13", action="tactic", coin="crossbowman", frm=(3, 3), target=(3, 5), absorb=True)
    assert error.location == ".absorb"
    refused(s, "WC-U4", action="tactic", coin="crossbowman", frm=(3, 3), target=(3, 6), absorb=True)
    play(s, action="tactic", coin="crossbowman", frm=(3, 3), target=(3, 5))
    assert (3, 5) not in s.stacks


def test_WC_U13_nobility_moves_up_to_two_to_a_controlled_location():
    s = position(units=(u("royal_guard", "knight", "swordsman", "pikeman"), B4),
                 stacks=[((4, 2), 0, "royal_guard", 1)], hands=[["royal"], ["royal"]],
                 options={"royal_guard": "nobility"}, control={(3, 2): "raven"})
    assert {a.to for a in legal_plays(s, action="tactic")} == {(4, 0), (3, 2), (6, 1)}


def test_WC_U14_scout_deploys_next_to_a_friendly_unit():
    s = position(stacks=[((3, 3), 1, "cavalry", 1), ((3, 4), 0, "swordsman", 1)], hands=[["royal"], ["scout"]],
                 current=1)
    hexes = {a.to for a in legal_plays(s, action="deploy")}
    assert (2, 3) in hexes and (0, 5) in hexes and (2, 5) not in hexes  # not next to the enemy
    refused(s, "WC-U14", action="deploy", coin="scout", to=(3, 1))


def test_WC_U15_swordsman_may_move_after_it_attacks():
    s = position(stacks=[((3, 3), 0, "swordsman", 1), ((4, 3), 1, "scout", 2)], hands=[["swordsman"], ["royal"]])
    play(s, action="attack", coin="swordsman", frm=(3, 3), target=(4, 3))
    with pytest.raises(RecordError) as err:
        engine.apply(s, Play("Ania", "attack", frm=(3, 3), target=(4, 3), by="swordsman"))
    assert err.value.rule == "WC-U15"
    play(s, action="move", frm=(3, 3), to=(2, 3), by="swordsman")
    assert (2, 3) in s.stacks


def test_WC_U16_warrior_priest_draws_and_must_use_the_coin():
    s = position(units=(u("warrior_priest", "knight", "swordsman", "pikeman"), B4),
                 stacks=[((3, 2), 0, "warrior_priest", 1)], hands=[["warrior_priest"], ["royal"]])
    play(s, action="control", coin="warrior_priest", at=(3, 2))
    d = engine.decision(s)
    assert d.by == "warrior_priest" and not d.optional
    with pytest.raises(RecordError) as err:
        engine.apply(s, Done("Ania"))
    assert err.value.rule == "WC-U16"
    with pytest.raises(RecordError) as err:  # the hand is tracked: name the drawn coin
        engine.apply(s, Play("Ania", "pass", by="warrior_priest"))
    assert err.value.rule == "WC-V5"
    play(s, action="pass", coin="knight", by="warrior_priest")  # FAQ: pass is always possible
    assert s.players[0].down == {"knight": 1} and engine.decision(s).player == "Marek"


@pytest.mark.skipif(sys.implementation.name != "cpython", reason="CPython's object layout")
def test_WC_U16_the_warrior_priests_follow_up_leaves_the_state_an_ordinary_object():
    """Issue 27: the follow-up is tried on a copy and the state takes the copy's fields one by one.
    Reading the state's ``__dict__`` (``state.__dict__.update(trial.__dict__)`` did) turns
    CPython's inline attribute values into a dict for good: every later attribute read of the
    game left the interpreter's fast path (4 % of War Chest's replay).  The state's attributes
    are still its own values (``gc.get_referents``), not one dict holding them."""
    import gc

    s = position(units=(u("warrior_priest", "knight", "swordsman", "pikeman"), B4),
                 stacks=[((3, 2), 0, "warrior_priest", 1)], hands=[["warrior_priest"], ["royal"]])
    assert not any(type(r) is dict and "players" in r for r in gc.get_referents(s))
    play(s, action="control", coin="warrior_priest", at=(3, 2))
    play(s, action="pass", coin="knight", by="warrior_priest")
    assert s.players[0].down == {"knight": 1} and engine.decision(s).player == "Marek"
    assert not any(type(r) is dict and "players" in r for r in gc.get_referents(s))


# ------------------------------------------------------------------ victory, hidden information

def test_WC_V1_the_last_marker_wins_at_once():
    s = position(stacks=[((3, 2), 0, "swordsman", 1)], hands=[["swordsman", "royal"], ["royal"]],
                 control={(2, 1): "raven", (1, 3): "raven", (5, 3): "raven"})
    assert s.markers["raven"] == 1
    play(s, action="control", coin="swordsman", at=(3, 2))
    assert s.winner == "raven" and engine.decision(s) is None and engine.legal_actions(s) == []
    with pytest.raises(RecordError) as err:
        engine.apply(s, Play("Ania", "pass", "royal"))
    assert err.value.rule == "WC-V1"


def test_WC_V1_taking_an_enemy_start_location():
    s = position(stacks=[((2, 6), 0, "swordsman", 1)], hands=[["swordsman"], ["royal"]])
    play(s, action="control", coin="swordsman", at=(2, 6))  # FAQ: starts can be taken
    assert s.control[(2, 6)] == "raven" and s.markers["wolf"] == 5


def test_WC_V2_resignation_ends_the_game():
    s = position(hands=[["royal"], ["royal"]])
    engine.apply(s, Resign("Marek"))
    assert s.winner == "raven" and s.resigned == "Marek"
    check_invariants(s)


def test_WC_V3_untold_draws_need_no_face_down_coin():
    s = position(hands=[["royal"], ["royal"]])
    play(s, action="pass", coin="royal")
    play(s, action="pass", coin="royal")
    engine.apply(s, Draw("Ania", None))
    engine.apply(s, Draw("Marek", None))
    play(s, action="recruit", recruit="swordsman")
    assert s.players[0].down is None and s.players[0].down_n == 2


def test_WC_V4_a_face_up_coin_must_be_among_the_hidden_ones():
    s = position(stacks=[((4, 0), 0, "swordsman", 1)], hands=[["royal"], ["royal"]])
    a = s.players[0]
    a.hand = None  # the table did not say what Ania drew
    for _ in range(a.hidden.pop("swordsman")):
        a.removed["swordsman"] = a.removed.get("swordsman", 0) + 1
        a.bag_n -= 1
    a.bag_n += 0
    check_invariants(s)
    refused(s, "WC-V4", action="move", coin="swordsman", frm=(4, 0), to=(4, 1))
    aid = engine.memory_aid(s, "Ania")
    assert aid["hidden"] == a.hidden and aid["hand"] is None


def test_WC_V5_recorded_draws_are_checked_exactly():
    s = position(stacks=[((4, 0), 0, "swordsman", 1)], hands=[["royal", "pikeman"], ["royal"]])
    refused(s, "WC-V5", action="move", coin="swordsman", frm=(4, 0), to=(4, 1))
    refused(s, "WC-V5", action="pass")  # the face-down coin must be named
    aid = engine.memory_aid(s, "Ania")
    assert aid["bag"] == {"swordsman": 2, "pikeman": 1, "crossbowman": 2, "light_cavalry": 2}


# ------------------------------------------------------------------ four players (WC-4)

U4 = (u("swordsman", "pikeman", "knight"), u("archer", "cavalry", "lancer"),
      u("scout", "ensign", "marshall"), u("footman", "berserker", "mercenary"))


def test_WC_4_1_teams_seat_alternately_with_three_units():
    s = engine.new_state(["A", "B", "C", "D"], {})
    with pytest.raises(RecordError) as err:
        engine.apply(s, Deal("A", u("swordsman", "pikeman", "knight", "scout")))
    assert err.value.rule == "WC-4.1"
    assert [p.side for p in s.players] == ["raven", "wolf", "raven", "wolf"]


def test_WC_4_2_eight_markers_three_on_the_starts():
    s = position(units=U4, hands=[["royal"]] * 4)
    assert s.markers == {"raven": 5, "wolf": 5} and len(s.control) == 6
    assert s.players[0].bag_n + s.players[0].hand_n == 7


def test_WC_4_3_clockwise_from_the_holder_and_no_claim_from_a_partner():
    s = position(units=U4, hands=[["royal"], ["royal"], ["royal", "scout"], ["royal"]], initiative=0)
    assert [engine.decision(s).player] == ["Ania"]
    play(s, action="pass", coin="royal")
    assert engine.decision(s).player == "Marek"
    play(s, action="pass", coin="royal")
    refused(s, "WC-4.3", action="initiative", coin="royal")


def test_WC_4_4_team_locations_for_deploying_none_to_control():
    s = position(units=U4, stacks=[((6, 4), 2, "scout", 1)], hands=[["swordsman"], ["royal"], ["scout"], ["royal"]])
    assert (0, 2) not in {a.to for a in legal_plays(s, action="deploy")}
    play(s, action="deploy", coin="swordsman", to=(6, 1))
    play(s, action="pass", coin="royal")
    refused(s, "WC-4.4", action="control", coin="scout", at=(6, 4))


def test_WC_4_5_partners_are_friendly_for_tactics_only():
    s = position(units=U4, stacks=[((3, 3), 2, "ensign", 1), ((3, 4), 0, "knight", 1), ((4, 3), 0, "swordsman", 1)],
                 hands=[["royal"], ["royal"], ["ensign", "scout"], ["royal"]], current=2)
    assert any(a.unit == (3, 4) for a in legal_plays(s, action="tactic"))
    refused(s, "WC-4.5", action="recruit", coin="ensign", recruit="swordsman")
    s2 = position(units=U4, stacks=[((3, 3), 0, "swordsman", 1), ((3, 4), 2, "scout", 1)],
                  hands=[["swordsman"], ["royal"], ["royal"], ["royal"]])
    refused(s2, "WC-4.5", action="attack", coin="swordsman", frm=(3, 3), target=(3, 4))


def test_WC_4_6_an_empty_hand_is_skipped():
    s = position(units=U4, hands=[["royal", "knight"], [], ["royal"], ["royal"]])
    play(s, action="pass", coin="royal")
    assert engine.decision(s).player == "Ola"


# ------------------------------------------------------------------ setups (WC-X)

def test_WC_X1_two_player_draft():
    s = engine.new_state(["A", "B"], {"method": "draft"})
    engine.apply(s, FirstPicker("A"))
    order = [engine.decision(s).player for _ in range(1)]
    picks = ["archer", "knight", "scout", "lancer", "pikeman", "ensign", "marshall", "footman"]
    seen = []
    for unit in picks:
        seen.append(engine.decision(s).player)
        engine.apply(s, Pick(seen[-1], unit))
    assert seen == ["A", "B", "B", "A", "A", "B", "B", "A"] and order == ["A"]
    assert s.initiative == 1 and s.players[0].units == ["archer", "lancer", "pikeman", "footman"]
    with pytest.raises(RecordError):
        engine.apply(engine.new_state(["A", "B"], {"method": "draft"}), Pick("A", "archer"))


def test_WC_X2_first_game():
    s = engine.new_state(["A", "B"], {"method": "first_game"})
    assert tuple(s.players[0].units) == FIRST_GAME[0] and tuple(s.players[1].units) == FIRST_GAME[1]
    assert s.initiative == 0 and engine.decision(s).kind == "draw"


def test_WC_X3_four_player_draft():
    s = engine.new_state(["A", "B", "C", "D"], {"method": "draft"})
    engine.apply(s, FirstPicker("C"))
    seen = []
    for unit in ["archer", "knight", "scout", "lancer", "pikeman", "ensign", "marshall", "footman",
                 "cavalry", "berserker", "mercenary", "swordsman"]:
        seen.append(engine.decision(s).player)
        engine.apply(s, Pick(seen[-1], unit))
    assert seen == ["C", "D", "A", "B", "B", "A", "D", "C", "D", "A", "B", "C"]
    assert s.initiative == 3  # P2


def test_WC_X4_historic_setups():
    for name, armies in HISTORIC.items():
        s = engine.new_state(["A", "B"], {"method": f"historic:{name}"})
        assert [tuple(p.units) for p in s.players] == list(armies)
    assert HISTORIC["bannockburn"][1] == ("light_cavalry", "pikeman", "warrior_priest", "swordsman")


def test_WC_X5_other_setups_are_refused():
    with pytest.raises(RecordError) as err:
        engine.new_state(["A", "B"], {"method": "decrees"})
    assert err.value.rule == "WC-X5"
    with pytest.raises(RecordError) as err:
        engine.new_state(["A", "B", "C", "D"], {"method": "first_game"})
    assert err.value.rule == "WC-X2"


def test_WC_V4_the_memory_aid_tells_what_the_next_draw_can_bring():
    s = position(hands=[["royal", "pikeman"], ["royal"]])
    a = s.players[0]
    aid = engine.memory_aid(s, "Ania")
    assert aid["next_draw"]["refill"] is False and aid["next_draw"]["possible"] == aid["bag"]
    for c in ("swordsman", "crossbowman", "light_cavalry"):  # the bag runs low: refilled next draw
        n = a.hidden.pop(c)
        a.faceup[c] = n
        a.bag_n -= n
    aid = engine.memory_aid(s, "Ania")
    assert aid["counts"]["bag"] == 1 and aid["next_draw"]["refill"] is True
    assert aid["next_draw"]["certain"] == aid["bag"] == {"pikeman": 1}
    assert aid["next_draw"]["possible"]["swordsman"] == 2  # the face-up discard goes back in


def test_WC_U2_the_berserker_pays_before_it_maneuvers_again():
    """A Berserker of 2 coins attacks a Knight first, but not again: after paying it stands alone."""
    s = position(units=(u("berserker", "ensign", "marshall", "scout"), u("knight", "cavalry", "lancer", "archer")),
                 stacks=[((3, 3), 0, "berserker", 3), ((4, 3), 1, "knight", 3)], hands=[["berserker"], ["royal"]])
    play(s, action="attack", coin="berserker", frm=(3, 3), target=(4, 3))
    assert any(getattr(a, "target", None) == (4, 3) for a in engine.legal_actions(s))
    play(s, action="attack", frm=(3, 3), target=(4, 3), by="berserker")
    assert s.stacks[(3, 3)].coins == 2 and s.stacks[(4, 3)].coins == 1
    assert not any(getattr(a, "target", None) == (4, 3) for a in engine.legal_actions(s))
    with pytest.raises(RecordError) as err:
        engine.apply(s, Play("Ania", "attack", frm=(3, 3), target=(4, 3), by="berserker"))
    assert err.value.rule == "WC-U7" and s.stacks[(3, 3)].coins == 2
