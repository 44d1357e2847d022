"""The rules of Medieval Battle, one test (at least) per rule id of the digest
(``docs/rules/medieval-battle.md``): what the referee computes, what it refuses (with the rule
id), and what it leaves to the table (it cannot see the map)."""

from __future__ import annotations

from referee.games.medieval import engine
from referee.games.medieval.actions import Recruit, Reserve
from referee.games.medieval.cards import parse_cards
from referee.games.medieval.units import UNITS, army_cost, dismounted_movement
from tests.medieval.table import (
    BOOK_ARMY,
    PLAYERS,
    RED,
    YELLOW,
    Pass,
    Play,
    Pursue,
    Regroup,
    Stand,
    Stop,
    Withdraw,
    apply,
    battle,
    refused,
)

ALL = {"melee": {t: {d: "1/1" for d in UNITS if t != "light_cavalry"
                     and not (t == "light_infantry" and d == "heavy_cavalry")}
                 for t in UNITS if t != "light_cavalry"},
       "fire": {t: dict.fromkeys(UNITS, "1/1") for t in ("longbowmen", "bowmen", "horse_archers")}}


def cards(**melee):
    return parse_cards(ALL)


def yellow_waits(state):
    """Yellow passes (Red to play)."""
    return apply(state, Pass(YELLOW))


# -- components and setup (MB-C)

def test_MB_C1_two_players_red_first_yellow_plays_first():
    state = battle()
    assert [a.colour for a in state.armies] == ["red", "yellow"] and state.names == PLAYERS
    assert engine.decision(state).player == YELLOW
    refused(state, Pass("Ewa"), "MB-C1", "unknown_player")


def test_MB_C2_two_sided_counters_full_and_reduced():
    state = battle()
    assert {u.strength for u in state.units.values()} == {2}  # full side up (2 knights)


def test_MB_C3_five_time_tokens_each_configurable():
    assert [a.tokens for a in battle().armies] == [5, 5]
    assert [a.tokens for a in battle(time_tokens=2).armies] == [2, 2]


def test_MB_C4_unit_costs():
    assert {t: u.cost for t, u in UNITS.items()} == {
        "heavy_cavalry": 3, "light_cavalry": 2, "horse_archers": 2, "heavy_infantry": 2,
        "light_infantry": 1, "longbowmen": 2, "bowmen": 1, "pikemen": 1}
    assert {t for t, u in UNITS.items() if u.mounted} == {"heavy_cavalry", "light_cavalry", "horse_archers"}
    state = engine.new_state(PLAYERS)
    refused(state, Recruit(RED, (("knights", 1),)), "MB-C4", "unknown_unit")


def test_MB_C5_movement_points_per_type_and_owner_config():
    state = battle()
    assert state.units["R-HC1"].mp == 4 and state.units["R-LB1"].mp == 3 and state.units["R-BG"].mp == 1
    state = battle(movement={"pikemen": 2})
    assert state.units["R-PK1"].mp == 2


def test_MB_C6_terrain_costs_and_who_may_stand_where():
    state = battle()
    refused(state, Play(YELLOW, "Y-HC1", ("mountains",)), "MB-C6", "cannot_enter")
    apply(state.copy(), Play(YELLOW, "Y-PK1", ("mountains",)))  # foot may climb: 2 MP
    refused(state, Play(YELLOW, "Y-PK1", ("swamp",)), "MB-C6", "unknown_terrain")
    after = apply(state.copy(), Play(YELLOW, "Y-LI1", ("plain", "forest")))
    assert after.units["Y-LI1"].mp == 4 - 3


def test_MB_C7_standard_and_large_maps():
    assert battle().victory == 5 and battle(map="large").victory == 6


def test_MB_C8_flags_central_2_edge_1_or_the_tables_list():
    assert sum(battle().flags.values()) == 5 and sum(battle(map="large").flags.values()) == 8
    state = battle(flags={"mill": 1, "church": 2})
    refused(state, Play(YELLOW, "Y-HC1", ("plain",), flag="castle"), "MB-C8", "unknown_flag")


# -- recruitment (MB-R)

def test_MB_R1_armies_are_entered_one_per_player():
    state = engine.new_state(PLAYERS)
    assert engine.decision(state).kind == "recruit" and engine.decision(state).player == RED
    refused(state, Recruit(YELLOW, ()), "MB-R1", "expected_recruit")
    apply(state, Recruit(RED, (("pikemen", 1),)))
    assert engine.decision(state).player == YELLOW
    assert engine.free_form(state)["budget"] == 20


def test_MB_R2_budget_20_standard_30_large():
    state = engine.new_state(PLAYERS)
    refused(state, Recruit(RED, (("heavy_cavalry", 7),)), "MB-R2", "over_budget")  # 21
    apply(state.copy(), Recruit(RED, (("heavy_cavalry", 6), ("pikemen", 2))))  # 20: fine
    large = engine.new_state(PLAYERS, map="large")
    apply(large, Recruit(RED, (("heavy_cavalry", 10),)))
    refused(large, Recruit(YELLOW, (("heavy_cavalry", 10), ("bowmen", 1))), "MB-R2")
    refused(state, Recruit(RED, (("pikemen", -1),)), "MB-R2", "negative_count")


def test_MB_R3_at_most_one_long_bowman_on_the_standard_map():
    refused(engine.new_state(PLAYERS), Recruit(RED, (("longbowmen", 2),)), "MB-R3", "longbow_limit")
    apply(engine.new_state(PLAYERS, map="large"), Recruit(RED, (("longbowmen", 3),)))


def test_MB_R4_the_baggage_is_always_there_and_free():
    state = engine.new_state(PLAYERS)
    refused(state, Recruit(RED, (("baggage", 1),)), "MB-R4", "recruit_baggage")
    apply(state, Recruit(RED, ()))
    assert [u.id for u in state.army_units(0)] == ["R-BG"]


def test_MB_R5_no_counter_mix_is_checked():
    apply(engine.new_state(PLAYERS), Recruit(RED, (("pikemen", 20),)))


def test_MB_R6_the_rulebooks_example_army_costs_20():
    assert army_cost(BOOK_ARMY) == 20
    state = battle()
    assert state.armies[0].recruited == BOOK_ARMY


# -- deployment (MB-D)

def test_MB_D1_the_baggage_is_deployed_first_and_never_kept_back():
    state = engine.new_state(PLAYERS)
    apply(state, Recruit(RED, ()), Recruit(YELLOW, ()))
    refused(state, Reserve(RED, ("R-BG",)), "MB-D1", "baggage_kept_back")
    assert state.units["R-BG"].baggage == "fortified"


def test_MB_D2_red_deploys_first():
    state = engine.new_state(PLAYERS)
    apply(state, Recruit(RED, ()), Recruit(YELLOW, ()))
    assert engine.decision(state).kind == "reserve" and engine.decision(state).player == RED
    refused(state, Reserve(YELLOW, ()), "MB-D2", "expected_reserve")


def test_MB_D3_distances_at_deployment_are_the_tables():
    state = battle()  # nothing asked about distances: the table places the counters
    assert all(u.on_map and u.flag is None for u in state.units.values())


def test_MB_D4_units_kept_back_enter_at_a_regroup_full_with_maximum_mp():
    state = battle(reserve=(("R-LB1",), ()))
    assert state.units["R-LB1"].where == "reserve"
    refused(state, Reserve(RED, ()), "MB-B1")  # deployment is over
    refused(yellow_waits(state.copy()), Play(RED, "R-LB1", ("plain",)), "MB-B2", "not_on_map")
    refused(battle(), Reserve(RED, ("Y-HC1",)), "MB-B1")


# -- turns (MB-B)

def test_MB_B1_turns_alternate():
    state = battle()
    apply(state, Pass(YELLOW))
    assert engine.decision(state).player == RED
    refused(state, Pass(YELLOW), "MB-B1", "expected_turn")


def test_MB_B2_one_play_one_ending():
    state = battle(cards=cards())
    refused(state, Play(YELLOW, "Y-HC1"), "MB-B2", "nothing_done")
    refused(state, Play(YELLOW, "Y-HA1", ("plain",), attack="R-PK1", fire="R-PK1", terrain="plain"),
            "MB-B2", "one_ending")
    refused(state, Play(YELLOW, "R-HC1", ("plain",)), "MB-B2", "not_your_unit")


def test_MB_B3_melee_fire_join_and_regroup_end_the_turn():
    state = battle(cards=cards())
    apply(state, Play(YELLOW, "Y-LB1", ("plain",), fire="R-PK1", terrain="plain"))
    assert engine.decision(state).player == RED
    apply(state, Regroup(RED))
    assert engine.decision(state).player == YELLOW


def test_MB_B4_movement_points_do_not_refresh_per_turn():
    state = battle()
    apply(state, Play(YELLOW, "Y-HC1", ("plain", "plain")), Pass(RED))
    assert state.units["Y-HC1"].mp == 2
    refused(state, Play(YELLOW, "Y-HC1", ("plain", "forest")), "MB-M1", "too_far")


# -- movement (MB-M)

def test_MB_M1_each_hex_costs_its_entry_cost():
    state = battle()
    refused(state, Play(YELLOW, "Y-HI1", ("forest", "plain", "plain")), "MB-M1", "too_far")
    apply(state, Play(YELLOW, "Y-HI1", ("forest", "plain")))
    assert state.units["Y-HI1"].mp == 0


def test_MB_M2_passing_through_an_own_unit_costs_both_one_more():
    state = battle()
    apply(state, Play(YELLOW, "Y-HC1", ("plain", "plain"), through=("Y-PK1",)))
    assert state.units["Y-HC1"].mp == 1 and state.units["Y-PK1"].mp == 2
    state = battle(movement={"pikemen": 0})
    refused(state, Play(YELLOW, "Y-HC1", ("plain",), through=("Y-PK1",)), "MB-M2", "through_no_mp")
    refused(state, Play(YELLOW, "Y-HC1", ("plain",), through=("Y-HC1",)), "MB-M2")
    # no stacking: two units never end on the same flag hex
    apply(state, Play(YELLOW, "Y-HC1", ("plain",), flag="edge1"), Pass(RED))
    refused(state, Play(YELLOW, "Y-LC1", ("plain",), flag="edge1"), "MB-M2", "flag_occupied")


def test_MB_M3_zones_of_control_are_the_tables():
    """The referee cannot see zones of control; a move it can pay for is accepted."""
    state = battle()
    apply(state, Play(YELLOW, "Y-LC1", ("plain",) * 5))


def test_MB_M4_a_move_may_end_in_an_attack_or_a_shot():
    state = battle(cards=cards())
    apply(state.copy(), Play(YELLOW, "Y-HC1", ("plain", "plain"), attack="R-PK1", terrain="plain"))
    apply(state.copy(), Play(YELLOW, "Y-SB1", ("plain", "plain"), fire="R-PK1", terrain="plain"))


def test_MB_M5_a_one_hex_move_inside_a_zone_is_the_tables_to_check():
    state = battle()
    apply(state, Play(YELLOW, "Y-PK1", ("plain",)))
    assert state.units["Y-PK1"].mp == 2


def test_MB_M6_heavy_cavalry_plain_plain_rocky_hills():
    state = battle()
    apply(state, Play(YELLOW, "Y-HC1", ("plain", "plain", "hills")))
    assert state.units["Y-HC1"].mp == 0


def test_MB_M7_long_bowmen_climb_and_shoot_with_the_last_point():
    state = battle(cards=cards())
    apply(state, Play(YELLOW, "Y-LB1", ("mountains",), fire="R-HC1", terrain="plain"))
    assert state.units["Y-LB1"].mp == 0
    assert state.log[-1]["battle"]["factors"] == [{"factor": "height", "favours": "attacker"}]


def test_MB_M8_the_order_of_moves_is_the_tables():
    state = battle()
    apply(state, Play(YELLOW, "Y-LB1", ("mountains",)), Play(RED, "R-HC1", ("plain",)))
    assert state.units["R-HC1"].mp == 3


def attacked(state=None):
    """Yellow's heavy cavalry attacks Red's pikemen in the plain; Red to answer."""
    state = state or battle(cards=cards())
    return apply(state, Play(YELLOW, "Y-HC1", ("plain",), attack="R-PK1", terrain="plain"))


def test_MB_M9_withdrawal_pays_the_hex_and_baggage_never_withdraws():
    state = attacked()
    d = engine.decision(state)
    assert (d.kind, d.player, d.attacker, d.defender) == ("answer", RED, "Y-HC1", "R-PK1")
    assert state.units["Y-HC1"].mp == 2  # 1 to move, 1 to attack into the plain
    legal = engine.legal_actions(state)
    assert Stand(RED) in legal and Withdraw(RED, "forest") in legal
    refused(state, Pass(RED), "MB-M9", "entry_answer")
    refused(state, Withdraw(YELLOW, "plain"), "MB-M9")
    low = battle(cards=cards(), movement={"pikemen": 1})
    low = attacked(low)
    refused(low, Withdraw(RED, "forest"), "MB-M9", "withdraw_no_mp")
    assert Withdraw(RED, "forest") not in engine.legal_actions(low)
    apply(low, Withdraw(RED, "plain"))
    assert low.units["R-PK1"].mp == 0
    # the baggage: the attack is resolved at once, nobody answers
    state = battle(cards=cards())
    apply(state, Play(YELLOW, "Y-HC1", ("plain",), attack="R-BG", terrain="plain"))
    assert engine.decision(state).kind == "turn" and engine.decision(state).player == RED


def test_MB_M10_leaving_the_map_by_withdrawal_only_at_plain_cost():
    state = attacked()
    refused(state, Withdraw(RED, "off_map"), "MB-G2", "distance")
    refused(state, Withdraw(RED, "off_map", 2, flag="edge1"), "MB-M10", "flag_off_map")
    apply(state, Withdraw(RED, "off_map", 2), Stop(YELLOW))
    pk = state.units["R-PK1"]
    assert (pk.where, pk.distance, pk.mp) == ("off_map", 2, 2)
    refused(state, Play(RED, "R-PK1", ("plain",)), "MB-B2", "not_on_map")


def test_MB_M11_pursuit_enters_the_vacated_hex_and_attacks_again():
    state = attacked()
    state.units["R-PK1"].flag = "edge1"  # the pikemen stood on a flag
    apply(state, Withdraw(RED, "plain"))
    d = engine.decision(state)
    assert (d.kind, d.player) == ("pursuit", YELLOW)
    assert state.units["Y-HC1"].flag == "edge1"  # it entered the vacated hex
    assert Stop(YELLOW) in engine.legal_actions(state)
    assert Pursue(YELLOW, "R-PK1", "plain") in engine.legal_actions(state)
    refused(state, Pursue(YELLOW, "R-PK1", "mountains"), "MB-K1", "cannot_attack_into")
    apply(state, Pursue(YELLOW, "R-PK1", "plain"))
    assert state.units["Y-HC1"].mp == 1 and engine.decision(state).kind == "answer"
    twin = apply(state.copy(), Stand(RED))
    assert twin.units["Y-HC1"].flag == "edge1"
    apply(twin, Pass(RED))
    assert twin.holder["edge1"] == 1  # standing on it at the end of the turn: Yellow's
    apply(state, Withdraw(RED, "plain"))  # it followed the pikemen off the flag hex
    apply(state, Stop(YELLOW))
    assert engine.decision(state).player == RED
    assert state.holder["edge1"] is None  # passing through takes nothing


# -- melee (MB-K)

def test_MB_K1_the_attacker_pays_the_defenders_hex_and_may_enter_it():
    state = battle(cards=cards())
    refused(state, Play(YELLOW, "Y-HC1", ("plain",) * 3, attack="R-PK1", terrain="forest"),
            "MB-K1", "attack_no_mp")
    refused(state, Play(YELLOW, "Y-HC1", origin="plain", attack="R-PK1", terrain="mountains"),
            "MB-K1", "cannot_attack_into")
    refused(state, Play(YELLOW, "Y-HC1", origin="plain", attack="Y-PK1", terrain="plain"),
            "MB-K1", "not_an_enemy")
    refused(state, Play(YELLOW, "Y-HC1", attack="R-PK1", terrain="plain"), "MB-K3", "from_missing")
    state = attacked()
    apply(state, Stand(RED))
    assert state.units["Y-HC1"].mp == 2  # the defender held: the cost stays paid
    assert state.units["R-PK1"].mp == 3  # the defender pays nothing


def test_MB_K4_losses_flip_remove_and_the_winner_takes_the_hex():
    table = parse_cards({**ALL, "melee": {**ALL["melee"], "heavy_cavalry": {"pikemen": "0/2", "bowmen": "1/1"}}})
    state = battle(cards=table)
    state.units["R-PK1"].flag = "centre1"
    apply(state, Play(YELLOW, "Y-HC1", origin="plain", attack="R-PK1", terrain="plain"), Stand(RED))
    assert state.units["R-PK1"].where == "destroyed" and state.units["R-PK1"].strength == 0
    assert state.units["Y-HC1"].flag == "centre1" and state.holder["centre1"] == 1
    assert state.log[-1]["outcome"] == {"attacker": "none", "defender": "destroyed", "hex": "Y-HC1"}
    # 1/1: both flip; a reduced unit losing 1 is removed
    apply(state, Pass(RED), Play(YELLOW, "Y-HC2", origin="plain", attack="R-SB1", terrain="plain"),
          Stand(RED))
    assert state.units["Y-HC2"].strength == 1 and state.units["R-SB1"].strength == 1
    apply(state, Pass(RED), Play(YELLOW, "Y-HC2", origin="plain", attack="R-SB1", terrain="plain"),
          Stand(RED))
    # reduced against reduced, even ground: 1/1 again, both removed, the hex stays empty
    assert state.units["Y-HC2"].where == "destroyed" and state.units["R-SB1"].where == "destroyed"


def test_MB_K9_a_column_read_off_the_card_is_kept_for_the_rest_of_the_game():
    state = battle()
    # the column may come with the attack (older records) or when the defender stands (issue 25)
    apply(state, Play(YELLOW, "Y-HC1", origin="plain", attack="R-PK1", terrain="plain"))
    refused(state, Stand(RED), "MB-K9", "no_card")
    state = battle()
    apply(state, Play(YELLOW, "Y-HC1", origin="plain", attack="R-PK1", terrain="plain", card="1/1"))
    assert state.cards.base("melee", "heavy_cavalry", "pikemen") == 1
    apply(state, Stand(RED), Pass(RED))
    refused(state, Play(YELLOW, "Y-HC2", origin="plain", attack="R-PK1", terrain="plain", card="0/1"),
            "MB-K9", "card_known")
    # the same column again is taken (MB-C2: an older record read one printed entry twice)
    apply(state, Play(YELLOW, "Y-HC2", origin="plain", attack="R-PK1", terrain="plain", card="1/1"))


def test_MB_C2_an_old_record_reading_the_foot_archers_entry_twice_still_replays():
    state = battle()
    apply(state, Play(YELLOW, "Y-HC1", origin="plain", attack="R-LB1", terrain="plain", card="0/1"),
          Stand(RED), Pass(RED),
          Play(YELLOW, "Y-HC2", origin="plain", attack="R-SB1", terrain="plain", card="0/1"))
    assert state.cards.base("melee", "heavy_cavalry", "bowmen") == 2
    refused(state, Stand(RED, "1/1"), "MB-K9", "card_known")  # the same entry, another column


# -- fire (MB-F)

def test_MB_F2_line_of_sight_is_the_tables():
    state = battle(cards=cards())
    apply(state, Play(YELLOW, "Y-LB1", origin="forest", fire="R-HC1", terrain="plain"))


def test_MB_F5_no_fire_at_the_baggage_archers_fight_with_melee_cards():
    state = battle(cards=cards())
    refused(state, Play(YELLOW, "Y-LB1", origin="plain", fire="R-BG", terrain="plain"), "MB-F5")
    refused(state, Play(YELLOW, "Y-PK1", origin="plain", fire="R-HC1", terrain="plain"), "MB-F1",
            "not_a_shooter")
    apply(state, Play(YELLOW, "Y-LB1", origin="plain", attack="R-PK1", terrain="plain"), Stand(RED))
    assert state.log[-1]["battle"]["kind"] == "melee"
    state = battle(cards=cards(), movement={"bowmen": 0})
    refused(state, Play(YELLOW, "Y-SB1", origin="plain", fire="R-HC1", terrain="plain"), "MB-F1",
            "fire_no_mp")


# -- regroup (MB-G)

def test_MB_G1_regroup_spends_a_token_restores_mp_and_fortifies():
    state = battle(time_tokens=1)
    apply(state, Play(YELLOW, "Y-HC1", ("plain", "plain")), Play(RED, "R-HC1", ("plain",)),
          Play(YELLOW, "Y-BG", ("plain",)))
    assert state.units["Y-BG"].baggage == "moved"
    apply(state, Pass(RED), Regroup(YELLOW))
    assert state.units["Y-HC1"].mp == 4 and state.units["Y-BG"].baggage == "fortified"
    assert state.armies[1].tokens == 0 and state.units["R-HC1"].mp == 3
    apply(state, Pass(RED))
    refused(state, Regroup(YELLOW), "MB-G1", "no_tokens")


def test_MB_G2_off_map_units_come_one_module_closer_at_each_regroup():
    state = attacked()
    apply(state, Withdraw(RED, "off_map", 3), Stop(YELLOW), Regroup(RED))
    assert state.units["R-PK1"].distance == 2


def test_MB_G3_the_rulebooks_example_one_module_away_regroup_closer_regroup_back():
    """"Przy każdym przegrupowaniu oddział ... przemieszcza się o 1 moduł w stronę modułu, na
    którym znajduje się tabor ... Jeśli oddział ten znajdował się już w sąsiedztwie modułu ...
    to przy kolejnym przegrupowaniu może być umieszczony": one module between (position a),
    a regroup (b: next to the baggage's module), a regroup (c: back on the map)."""
    state = attacked()
    apply(state, Withdraw(RED, "off_map", 1), Stop(YELLOW))
    refused(state, Regroup(RED, returns=("R-PK1",)), "MB-G3", "too_far_back")
    apply(state, Regroup(RED), Pass(YELLOW))
    assert state.units["R-PK1"].distance == 0 and engine.free_form(state)["returns"] == ["R-PK1"]
    apply(state, Regroup(RED, returns=("R-PK1",)))
    pk = state.units["R-PK1"]
    assert (pk.where, pk.distance, pk.mp) == ("map", None, 3)


def test_MB_F4_a_column_read_off_a_fire_card_is_checked_too():
    state = battle()
    refused(state, Play(YELLOW, "Y-LB1", origin="plain", fire="R-PK1", terrain="plain", card="0/1"),
            "MB-F4")
    apply(state, Play(YELLOW, "Y-LB1", origin="plain", fire="R-PK1", terrain="forest", card="1/1"))
    assert state.units["R-PK1"].strength == 2  # full, in the forest, same height: unharmed


def test_MB_G4_units_kept_back_enter_at_a_regroup():
    state = battle(reserve=(("R-LB1",), ()))
    apply(state, Pass(YELLOW))
    assert engine.free_form(state)["enter"] == ["R-LB1"]
    refused(state, Regroup(RED, returns=("R-LB1",)), "MB-G3", "not_off_map")
    refused(state, Regroup(RED, enter=("R-HC1",)), "MB-G4", "not_reserve")
    apply(state, Regroup(RED, enter=("R-LB1",)))
    assert state.units["R-LB1"].where == "map" and state.units["R-LB1"].mp == 3


def test_MB_G5_without_its_baggage_an_army_never_brings_units_back():
    state = battle(cards=cards(), reserve=(("R-LB1",), ()))
    apply(state, Play(YELLOW, "Y-BG", ("plain",)), Pass(RED),
          Play(YELLOW, "Y-HC1", origin="plain", attack="R-BG", terrain="plain"), Pass(RED),
          Play(YELLOW, "Y-HC2", origin="plain", attack="R-BG", terrain="plain"))
    assert state.units["R-BG"].where == "destroyed"
    refused(state, Regroup(RED, enter=("R-LB1",)), "MB-G5", "baggage_lost")


# -- join, dismount (MB-J, MB-X)

def test_MB_J1_two_reduced_units_of_a_type_join_with_the_smaller_mp():
    state = battle()
    for uid in ("Y-HI1", "Y-HI2", "Y-HC1"):
        state.units[uid].strength = 1
    state.units["Y-HI2"].mp = 1
    refused(state, Play(YELLOW, "Y-HI1", join="Y-HI2"), "MB-J1", "join_moves")
    refused(state, Play(YELLOW, "Y-HI1", ("plain",), join="Y-HC1"), "MB-J1", "join_type")
    refused(state, Play(YELLOW, "Y-HI1", ("plain",), join="Y-PK1"), "MB-J1", "join_type")
    apply(state, Play(YELLOW, "Y-HI1", ("plain",), join="Y-HI2"))
    assert state.units["Y-HI2"].strength == 2 and state.units["Y-HI2"].mp == 1
    assert state.units["Y-HI1"].where == "joined" and engine.decision(state).player == RED
    state = battle()
    state.units["Y-HI1"].strength = 1
    refused(state, Play(YELLOW, "Y-HI1", ("plain",), join="Y-HI2"), "MB-J1", "join_full")


def test_MB_X1_dismount_before_or_after_a_move_converts_mp():
    assert [dismounted_movement(m) for m in range(6)] == [0, 0, 1, 1, 2, 2]
    state = battle(dismount=True)
    apply(state, Play(YELLOW, "Y-HC1", ("plain",), dismount="after"))
    hc = state.units["Y-HC1"]
    assert (hc.type, hc.recruited, hc.mp, hc.strength) == ("heavy_infantry", "heavy_cavalry", 1, 2)
    apply(state, Play(RED, "R-LC1", dismount="before"))  # a dismount alone is the turn's play
    assert state.units["R-LC1"].type == "light_infantry" and state.units["R-LC1"].mp == 2
    refused(state, Play(YELLOW, "Y-PK1", dismount="before"), "MB-X1", "not_mounted")
    refused(state, Play(YELLOW, "Y-HA1", dismount="during"), "MB-X1", "dismount_when")
    apply(state, Play(YELLOW, "Y-HA1", ("mountains",), dismount="before"))  # now on foot
    assert state.units["Y-HA1"].type == "bowmen"


def test_MB_X2_no_remount_too_late_after_a_fight_and_the_foot_types_value():
    state = battle(dismount=True, cards=cards())
    apply(state, Play(YELLOW, "Y-HC1", dismount="before"), Pass(RED))
    refused(state, Play(YELLOW, "Y-HC1", dismount="before"), "MB-X1", "not_mounted")
    refused(state, Play(YELLOW, "Y-LC1", ("plain",), attack="R-PK1", terrain="plain", dismount="after"),
            "MB-X2", "dismount_too_late")
    assert engine.field_value(state, 1) == engine.field_value(state, 0) - 1  # HI 2 instead of HC 3


def test_MB_X3_and_MB_O1_dismounting_is_an_optional_rule_off_by_default():
    state = battle()
    refused(state, Play(YELLOW, "Y-HC1", dismount="before"), "MB-O1", "dismount_off")


def test_MB_O1_the_switch_is_the_records_variant():
    from referee.games.medieval import record
    doc = record.write_record(PLAYERS, [], {"variants": {"dismount": True}})
    state, _ = record.parse_record(doc).replay()
    assert state.dismount


# -- baggage (MB-T)

def test_MB_T1_baggage_moves_only_fortified_on_plain_then_flips():
    state = battle()
    refused(state, Play(YELLOW, "Y-BG", ("forest",)), "MB-T1", "cannot_enter")
    apply(state, Play(YELLOW, "Y-BG", ("plain",)), Pass(RED))
    assert state.units["Y-BG"].baggage == "moved" and state.units["Y-BG"].mp == 0
    refused(state, Play(YELLOW, "Y-BG", ("plain",)), "MB-T1", "baggage_cannot_move")


def test_MB_T2_every_attack_succeeds_the_second_destroys_for_3_vp():
    state = battle(cards=cards())
    apply(state, Play(YELLOW, "Y-HC1", origin="plain", attack="R-BG", terrain="plain"))
    assert state.units["R-BG"].baggage == "attacked" and state.units["Y-HC1"].strength == 2
    assert state.units["Y-HC1"].mp == 3
    apply(state, Pass(RED), Play(YELLOW, "Y-LC1", origin="plain", attack="R-BG", terrain="plain"))
    assert state.units["R-BG"].where == "destroyed" and state.vp(1) == 3


def test_MB_T3_the_baggage_cannot_attack():
    state = battle()
    refused(state, Play(YELLOW, "Y-BG", origin="plain", attack="R-PK1", terrain="plain"),
            "MB-T3", "baggage_cannot_fight")


# -- victory (MB-V)

def test_MB_V1_a_flag_is_taken_at_the_end_of_a_turn_and_held():
    state = battle()
    apply(state, Play(YELLOW, "Y-HC1", ("plain",), flag="edge1"))
    assert state.holder["edge1"] == 1
    apply(state, Pass(RED), Play(YELLOW, "Y-HC1", ("plain",)))  # it leaves: still held
    assert state.holder["edge1"] == 1 and state.vp(1) == 1
    apply(state, Play(RED, "R-HC1", ("plain",), flag="edge1"))
    assert state.holder["edge1"] == 0 and state.vp(1) == 0
    refused(state, Play(YELLOW, "Y-HC2", flag="edge2", origin="plain", dismount="before"), "MB-V1")


def test_MB_V1_a_unit_killed_in_its_turns_fight_takes_nothing():
    table = parse_cards({"melee": {"heavy_cavalry": {"pikemen": "1/0"}}})
    state = battle(cards=table)
    state.units["Y-HC1"].strength = 1
    apply(state, Play(YELLOW, "Y-HC1", ("plain",), flag="edge1", attack="R-PK1", terrain="plain"),
          Stand(RED))
    assert state.units["Y-HC1"].where == "destroyed" and state.holder["edge1"] is None


def test_MB_V2_vp_are_flags_held_plus_3_per_baggage():
    state = battle(cards=cards())
    apply(state, Play(YELLOW, "Y-HC1", ("plain",), flag="centre1"))
    assert state.vp(1) == 2
    apply(state, Play(RED, "R-BG", ("plain",)),
          Play(YELLOW, "Y-LC1", origin="plain", attack="R-BG", terrain="plain"))
    assert state.vp(1) == 5 and state.over  # MB-V3 (a) at once


def test_MB_V3_the_three_ends():
    # (a) 5 VP on the standard map (6 on the large one)
    state = battle(map="large", cards=cards())
    apply(state, Play(YELLOW, "Y-HC1", ("plain",), flag="centre1"), Play(RED, "R-BG", ("plain",)),
          Play(YELLOW, "Y-LC1", origin="plain", attack="R-BG", terrain="plain"))
    assert state.vp(1) == 5 and not state.over
    # (c) two passes in a row
    state = battle()
    apply(state, Pass(YELLOW))
    assert not state.over
    apply(state, Pass(RED))
    assert state.over and state.end["reason"] == "passes" and engine.decision(state) is None
    refused(state, Pass(YELLOW), "MB-V3", "game_over")
    # (b) both out of time tokens and their units out of movement (the baggage aside)
    state = battle(red={"pikemen": 1}, yellow={"bowmen": 1}, time_tokens=0, movement={"pikemen": 1, "bowmen": 1})
    apply(state, Play(YELLOW, "Y-SB1", ("plain",)))
    assert not state.over
    apply(state, Play(RED, "R-PK1", ("plain",)))
    assert state.over and state.end["reason"] == "exhausted"


def test_MB_V4_tie_break_by_the_value_left_on_the_field_else_a_draw():
    state = battle(red={"heavy_cavalry": 1}, yellow={"pikemen": 1})
    apply(state, Pass(YELLOW), Pass(RED))
    assert state.end["decided_by"] == "value" and state.end["winners"] == [RED]
    assert state.end["field_value"] == {RED: 3, YELLOW: 1}
    state = battle(red={"pikemen": 1}, yellow={"bowmen": 1})
    apply(state, Pass(YELLOW), Pass(RED))
    assert state.end["decided_by"] == "draw" and state.end["winners"] == PLAYERS
    state = battle(red={"heavy_cavalry": 1}, yellow={"pikemen": 1})
    apply(state, Play(YELLOW, "Y-PK1", ("plain",), flag="edge1"), Pass(RED), Pass(YELLOW))
    assert state.end["decided_by"] == "vp" and state.end["winners"] == [YELLOW]
    # a reduced unit counts in full; units off the map and the baggage count 0
    state = battle(red={"heavy_cavalry": 1}, yellow={"pikemen": 1}, reserve=(("R-HC1",), ()))
    apply(state, Pass(YELLOW), Pass(RED))
    assert state.end["winners"] == [YELLOW]


def test_MB_K7_the_worked_example_through_the_engine():
    """Light infantry (full) attacks from the mountains the heavy cavalry (full) on rocky hills,
    with only the book's cards: the cavalry flips, the infantry is unharmed and stays put."""
    state = battle()
    apply(state, Pass(YELLOW),
          Play(RED, "R-LI1", ("mountains",), attack="Y-HC1", terrain="hills"), Stand(YELLOW))
    b = state.log[-1]["battle"]
    assert (b["base"], b["shift"], b["result"]) == ("1/0", 2, "0/1")
    assert state.units["Y-HC1"].strength == 1 and state.units["R-LI1"].strength == 2
    assert state.units["R-LI1"].mp == 0  # 2 to climb, 2 to attack into the rocky hills
