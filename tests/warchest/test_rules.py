"""One test (at least) per rule id of ``docs/rules/war-chest.md`` and every FAQ answer of the
rulebook.  Positions come from ``table.position``; entries go through ``engine.apply``."""

from __future__ import annotations

import pytest

from referee.core.errors import RecordError
from referee.games.warchest import engine, record
from referee.games.warchest.actions import Deal, Done, Draw, Flip, Play, Resign
from referee.games.warchest.board import BOARDS, MARKERS, distance, in_line
from referee.games.warchest.invariants import check_invariants
from referee.games.warchest.units import COINS, TACTICS
from tests.warchest.table import B4, legal_plays, play, position


def refused(state, rule, **kw):
    before = state.snapshot()
    with pytest.raises(RecordError) as err:
        engine.apply(state, Play(kw.pop("player", None) or engine.decision(state).player, **kw))
    assert err.value.rule == rule, (err.value.rule, str(err.value))
    assert state.snapshot() == before  # a refused entry changes nothing
    return err.value


# ------------------------------------------------------------------ components and board (WC-C)

def test_WC_C1_the_box_and_the_player_counts():
    assert len(COINS) == 16 and sum(COINS.values()) == 74
    assert MARKERS[2] * 2 <= 16 and MARKERS[4] * 2 == 16
    with pytest.raises(RecordError) as err:
        record.parse_record({"game": "war-chest", "format": 1,
                             "players": [{"name": "A"}, {"name": "B"}, {"name": "C"}]})
    assert err.value.rule == "WC-C1" and err.value.location == "players"


def test_WC_C2_coordinates_neighbours_distance_and_lines():
    b = BOARDS[2]
    assert set(b.neighbours[(3, 3)]) == {(4, 3), (2, 3), (3, 4), (3, 2), (4, 2), (2, 4)}
    assert distance((3, 3), (5, 2)) == 2 and distance((3, 3), (4, 4)) == 2
    assert in_line((3, 3), (5, 1)) and in_line((3, 3), (3, 6)) and not in_line((3, 3), (4, 4))
    assert (3, 3) not in b.neighbours[(3, 3)]  # never adjacent to itself


def test_WC_C3_the_two_boards():
    assert len(BOARDS[2].hexes) == 37 and len(BOARDS[4].hexes) == 47
    extra = BOARDS[4].hexes - BOARDS[2].hexes
    assert extra == {(1, 0), (2, 0), (0, 1), (1, 1), (0, 2), (6, 4), (5, 5), (6, 5), (4, 6), (5, 6)}
    s = position(stacks=[((4, 0), 0, "swordsman", 1)], hands=[["swordsman"], ["scout"]])
    refused(s, "WC-A8", action="move", coin="swordsman", frm=(4, 0), to=(5, -1))


def test_WC_C4_locations():
    assert len(BOARDS[2].locations) == 10 and len(BOARDS[4].locations) == 14
    assert BOARDS[4].starts["raven"] == ((4, 0), (6, 1), (6, 4))
    assert BOARDS[4].locations - BOARDS[2].locations == {(6, 4), (0, 2), (1, 0), (5, 6)}


SKETCH = """\
r=6       . . W . + l
r=5      W . . . L + +
r=4     . . . L . . r
r=3    . L . . . L .
r=2   w . . L . . .
r=1  + + L . . . R
r=0   l + . R . ."""


def test_WC_C5_the_sketch_of_the_digest_is_the_board():
    b2, b4 = BOARDS[2], BOARDS[4]
    for line in SKETCH.splitlines():
        r = int(line[2])
        cells = line[4:].split()
        qs = sorted(q for q, rr in b4.hexes if rr == r)
        assert len(cells) == len(qs)
        for q, mark in zip(qs, cells):
            h = (q, r)
            expected = "."
            if h in b4.starts["raven"]:
                expected = "R" if h in b2.locations else "r"
            elif h in b4.starts["wolf"]:
                expected = "W" if h in b2.locations else "w"
            elif h in b4.locations:
                expected = "L" if h in b2.locations else "l"
            elif h not in b2.hexes:
                expected = "+"
            assert mark == expected, (h, mark, expected)


def test_WC_C6_raven_and_wolf_are_labels_of_a_point_symmetric_board():
    for n, b in BOARDS.items():
        flip = {(6 - q, 6 - r) for q, r in b.hexes}
        assert flip == b.hexes
        assert {(6 - q, 6 - r) for q, r in b.starts["raven"]} == set(b.starts["wolf"])


def test_WC_C7_two_player_setup():
    s = engine.new_state(["A", "B"], {"method": "first_game"})
    assert s.markers == {"raven": 4, "wolf": 4}
    assert s.control == {(4, 0): "raven", (6, 1): "raven", (0, 5): "wolf", (2, 6): "wolf"}
    assert all(p.hidden["royal"] == 1 for p in s.players)


def test_WC_C8_bags_supplies_and_the_deal():
    s = engine.new_state(["A", "B"], {})
    with pytest.raises(RecordError) as err:
        engine.apply(s, Deal("A", ("archer", "knight", "scout")))
    assert err.value.rule == "WC-C8"
    engine.apply(s, Deal("A", ("archer", "knight", "scout", "footman")))
    with pytest.raises(RecordError) as err:
        engine.apply(s, Deal("B", ("archer", "lancer", "pikeman", "ensign")))
    assert err.value.rule == "WC-C8"
    engine.apply(s, Deal("B", ("lancer", "pikeman", "ensign", "marshall")))
    engine.apply(s, Flip("B"))
    a = s.players[0]
    assert a.hidden == {"archer": 2, "knight": 2, "scout": 2, "footman": 2, "royal": 1} and a.bag_n == 9
    assert a.supply == {"archer": 2, "knight": 2, "scout": 3, "footman": 3}


def test_WC_C9_the_flip_names_the_holder():
    s = engine.new_state(["A", "B"], {"method": "historic:crecy"})
    assert engine.decision(s).kind == "initiative"
    engine.apply(s, Flip("B"))
    assert s.initiative == 1 and engine.decision(s) == engine.Decision("draw", "A")


def test_WC_C10_every_coin_in_one_zone():
    s = position(stacks=[((3, 3), 0, "swordsman", 2)], hands=[["swordsman", "pikeman"], ["scout"]])
    s.players[0].supply["swordsman"] += 1  # a coin out of nowhere
    with pytest.raises(AssertionError):
        check_invariants(s)


# ------------------------------------------------------------------ the round (WC-T)

def test_WC_T1_rounds_follow_each_other_without_limit():
    s = position(hands=[["royal"], ["royal"]])
    play(s, action="pass", coin="royal")
    play(s, action="pass", coin="royal")
    assert s.round == 2 and engine.decision(s).kind == "draw"


def test_WC_T2_the_refill_when_the_bag_runs_out():
    s = position(hands=[["royal"], ["royal"]])
    a = s.players[0]
    # move all of Ania's bag but one coin to the face-up discard
    for c in ("swordsman", "pikeman", "crossbowman"):
        n = a.hidden.pop(c)
        a.faceup[c] = n
        a.bag_n -= n
    assert a.bag_n == 2 and a.hidden == {"royal": 1, "light_cavalry": 2}
    play(s, action="pass", coin="royal")
    play(s, action="pass", coin="royal")
    with pytest.raises(RecordError) as err:  # the two light cavalry must be among the three
        engine.apply(s, Draw("Ania", ("pikeman", "swordsman", "swordsman")))
    assert err.value.rule == "WC-T2"
    engine.apply(s, Draw("Ania", ("light_cavalry", "light_cavalry", "swordsman")))
    assert a.faceup == {} and a.down == {} and a.bag_n == 6 and a.supply["swordsman"] == 3
    check_invariants(s)


def test_WC_T3_too_few_coins_draws_what_there_is():
    s = position(hands=[["royal"], ["royal"]])
    a = s.players[0]
    for c in ("swordsman", "pikeman", "crossbowman", "light_cavalry"):
        n = a.hidden.pop(c)
        a.removed[c] = n
        a.bag_n -= n
    play(s, action="pass", coin="royal")
    play(s, action="pass", coin="royal")
    with pytest.raises(RecordError) as err:
        engine.apply(s, Draw("Ania", ("royal", "swordsman")))
    assert err.value.rule == "WC-T3"
    engine.apply(s, Draw("Ania", ("royal",)))
    assert a.hand_n == 1


def test_WC_T4_players_alternate_and_one_goes_on_alone():
    s = position(hands=[["royal", "swordsman", "pikeman"], ["scout"]])
    refused(s, "WC-T4", player="Marek", action="pass", coin="scout")
    play(s, action="pass", coin="royal")
    assert engine.decision(s).player == "Marek"
    play(s, action="pass", coin="scout")
    play(s, action="pass", coin="swordsman")
    assert engine.decision(s).player == "Ania"  # Marek's hand is empty


def test_WC_T5_played_coins_go_to_the_discard_never_to_the_supply():
    s = position(stacks=[((4, 0), 0, "swordsman", 1)], hands=[["swordsman", "royal"], ["scout"]])
    a = s.players[0]
    supply = dict(a.supply)
    play(s, action="move", coin="swordsman", frm=(4, 0), to=(4, 1))
    play(s, action="pass", coin="scout")
    play(s, action="pass", coin="royal")
    assert a.faceup == {"swordsman": 1} and a.down == {"royal": 1} and a.supply == supply


def test_WC_T6_the_holder_at_the_end_of_the_round_starts_the_next():
    s = position(hands=[["royal"], ["scout", "royal"]])
    play(s, action="pass", coin="royal")
    play(s, action="initiative", coin="scout")
    play(s, action="pass", coin="royal")
    engine.apply(s, Draw("Ania", None))
    engine.apply(s, Draw("Marek", None))
    assert engine.decision(s).player == "Marek"


# ------------------------------------------------------------------ actions (WC-A)

def test_WC_A1_bolster_and_maneuvers_need_the_unit_on_the_board():
    s = position(hands=[["swordsman", "royal"], ["scout"]])
    refused(s, "WC-A4", action="bolster", coin="swordsman", at=(4, 0))
    refused(s, "WC-A1", action="move", coin="swordsman", frm=(4, 0), to=(4, 1))
    refused(s, "WC-A1", action="attack", coin="swordsman", frm=(4, 0), target=(4, 1))


def test_WC_A2_the_royal_coin_is_not_a_unit():
    s = position(hands=[["royal"], ["scout"]])
    refused(s, "WC-A2", action="deploy", coin="royal", to=(4, 0))
    assert {a.action for a in legal_plays(s)} == {"recruit", "pass"}


def test_WC_A3_deploy_on_an_empty_controlled_location_one_unit_of_a_type():
    s = position(stacks=[((4, 0), 0, "pikeman", 1)], hands=[["swordsman", "pikeman", "royal"], ["scout"]])
    refused(s, "WC-A3", action="deploy", coin="swordsman", to=(4, 0))  # occupied
    refused(s, "WC-A3", action="deploy", coin="swordsman", to=(3, 2))  # neutral
    refused(s, "WC-A3", action="deploy", coin="pikeman", to=(6, 1))  # already on the board
    assert [a.to for a in legal_plays(s, action="deploy")] == [(6, 1)]
    play(s, action="deploy", coin="swordsman", to=(6, 1))


def test_WC_A3_a_wiped_out_unit_may_be_deployed_again():
    s = position(stacks=[((4, 0), 0, "pikeman", 1), ((4, 1), 1, "cavalry", 2)],
                 hands=[["royal", "pikeman"], ["cavalry"]], current=1)
    play(s, action="attack", coin="cavalry", frm=(4, 1), target=(4, 0))
    assert (4, 0) not in s.stacks
    play(s, action="deploy", coin="pikeman", to=(4, 0))


def test_WC_A4_bolster_without_limit_and_the_stack_moves_as_one():
    s = position(stacks=[((4, 0), 0, "swordsman", 3)], hands=[["swordsman", "swordsman"], ["scout", "royal"]])
    play(s, action="bolster", coin="swordsman", at=(4, 0))
    play(s, action="pass", coin="scout")
    play(s, action="bolster", coin="swordsman", at=(4, 0))
    assert s.stacks[(4, 0)].coins == 5


def test_WC_A5_claim_the_initiative_once_a_round_never_by_the_holder():
    s = position(hands=[["royal", "pikeman"], ["scout", "royal"]])
    refused(s, "WC-A5", action="initiative", coin="royal")
    play(s, action="pass", coin="royal")
    play(s, action="initiative", coin="scout")
    refused(s, "WC-A5", action="initiative", coin="pikeman")  # it changed hands this round
    assert s.initiative == 1


def test_WC_A6_recruit_from_the_own_supply_to_the_face_up_discard():
    s = position(hands=[["royal", "pikeman"], ["scout"]])
    a = s.players[0]
    play(s, action="recruit", coin="royal", recruit="swordsman")
    assert a.faceup == {"swordsman": 1} and a.supply["swordsman"] == 2 and a.down == {"royal": 1}
    a.supply["pikeman"], a.removed["pikeman"] = 0, 2
    del a.supply["pikeman"]
    play(s, action="pass", coin="scout")
    refused(s, "WC-A6", action="recruit", coin="pikeman", recruit="pikeman")


def test_WC_A6_a_recruit_discarding_a_coin_not_drawn_says_it_is_not_in_the_hand():
    """Trial 2, finding 1: the royal coin may pay a recruit (above); one not drawn is "not in hand"."""
    s = position(hands=[["swordsman", "pikeman", "crossbowman"], ["scout"]])
    err = refused(s, "WC-V5", action="recruit", coin="royal", recruit="swordsman")
    assert err.key == "warchest.error.coin_not_in_hand" and "has no royal coin in hand" in str(err)
    play(s, action="recruit", coin="crossbowman", recruit="swordsman")


def test_WC_A7_pass_and_play_on_later():
    s = position(hands=[["royal", "pikeman"], ["scout"]])
    play(s, action="pass", coin="pikeman")
    play(s, action="pass", coin="scout")
    assert engine.decision(s).player == "Ania" and s.players[0].hand == {"royal": 1}


def test_WC_A8_move_to_an_adjacent_empty_hex():
    s = position(stacks=[((3, 3), 0, "swordsman", 1), ((4, 3), 1, "scout", 1)],
                 hands=[["swordsman"], ["scout"]])
    refused(s, "WC-A8", action="move", coin="swordsman", frm=(3, 3), to=(4, 3))
    refused(s, "WC-A8", action="move", coin="swordsman", frm=(3, 3), to=(5, 3))
    assert len(legal_plays(s, action="move")) == 5


def test_WC_A9_control_a_location_and_send_the_enemy_marker_home():
    s = position(stacks=[((0, 5), 0, "swordsman", 1), ((4, 0), 0, "pikeman", 1)],
                 hands=[["swordsman", "pikeman"], ["scout", "royal"]])
    refused(s, "WC-A9", action="control", coin="pikeman", at=(4, 0))  # already ours
    play(s, action="control", coin="swordsman", at=(0, 5))
    assert s.control[(0, 5)] == "raven" and s.markers == {"raven": 3, "wolf": 5}


def test_WC_A10_attack_removes_a_coin_from_the_game():
    s = position(stacks=[((3, 3), 0, "swordsman", 1), ((4, 3), 1, "scout", 2)],
                 hands=[["swordsman", "royal"], ["royal"]])
    play(s, action="attack", coin="swordsman", frm=(3, 3), target=(4, 3))
    assert s.stacks[(4, 3)].coins == 1 and s.players[1].removed == {"scout": 1}
    engine.apply(s, Done("Ania"))
    s2 = position(stacks=[((3, 3), 0, "swordsman", 1), ((5, 3), 1, "scout", 1)],
                  hands=[["swordsman"], ["royal"]])
    refused(s2, "WC-A10", action="attack", coin="swordsman", frm=(3, 3), target=(5, 3))
    play(s2, action="move", coin="swordsman", frm=(3, 3), to=(4, 3))
    assert s2.players[0].faceup == {"swordsman": 1}


def test_WC_A11_only_units_with_a_tactic_use_one():
    s = position(stacks=[((3, 3), 0, "swordsman", 1)], hands=[["swordsman"], ["scout"]])
    refused(s, "WC-A11", action="tactic", coin="swordsman", frm=(3, 3))
    assert "swordsman" not in TACTICS and "archer" in TACTICS


def test_WC_A12_bolstered_means_two_coins_or_more():
    s = position(units=(("knight", "swordsman", "pikeman", "mercenary"), B4),
                 stacks=[((3, 3), 1, "cavalry", 1), ((4, 3), 0, "knight", 1)],
                 hands=[["royal"], ["cavalry"]], current=1)
    refused(s, "WC-U7", action="attack", coin="cavalry", frm=(3, 3), target=(4, 3))
    s = position(units=(("knight", "swordsman", "pikeman", "mercenary"), B4),
                 stacks=[((3, 3), 1, "cavalry", 2), ((4, 3), 0, "knight", 1)],
                 hands=[["royal"], ["cavalry"]], current=1)
    play(s, action="attack", coin="cavalry", frm=(3, 3), target=(4, 3))
    assert (4, 3) not in s.stacks


def test_WC_A13_granted_maneuvers_trigger_attributes():
    s = position(units=(("ensign", "berserker", "knight", "mercenary"), B4),
                 stacks=[((3, 3), 0, "ensign", 1), ((3, 4), 0, "berserker", 2)],
                 hands=[["ensign"], ["royal"]])
    play(s, action="tactic", coin="ensign", frm=(3, 3), unit=(3, 4), to=(2, 5))
    assert engine.decision(s) == engine.Decision("then", "Ania", "berserker", True)


def test_WC_A14_triggers_resolve_at_once_may_be_declined_and_need_the_unit():
    s = position(stacks=[((3, 3), 0, "swordsman", 1), ((4, 3), 1, "scout", 2)],
                 hands=[["swordsman", "royal"], ["royal"]])
    play(s, action="attack", coin="swordsman", frm=(3, 3), target=(4, 3))
    assert engine.decision(s).kind == "then" and engine.decision(s).optional
    refused(s, "WC-A14", player="Ania", action="move", by="knight", frm=(3, 3), to=(3, 4))
    # another entry declines the "may" (a record leaves a declined one out): then it is Marek's
    # turn, as a record's replay of the same entries says
    refused(s, "WC-T4", player="Ania", action="pass", coin="royal")
    engine.apply(s, Done("Ania"))
    assert engine.decision(s).kind == "play" and engine.decision(s).player == "Marek"
    # a one-coin Swordsman killed by a Pikeman does not move
    s = position(units=(("swordsman", "knight", "crossbowman", "light_cavalry"),
                        ("archer", "cavalry", "pikeman", "scout")),
        stacks=[((3, 3), 0, "swordsman", 1), ((4, 3), 1, "pikeman", 2)],
        hands=[["swordsman", "royal"], ["royal"]])
    play(s, action="attack", coin="swordsman", frm=(3, 3), target=(4, 3))
    assert (3, 3) not in s.stacks and not s.pending and engine.decision(s).player == "Marek"


def test_WC_A14_the_entry_after_a_pending_may_declines_it_as_in_a_record():
    """A declined "may" is absent from the record, so a record cut just after one replays to the
    "may" still asked; the entry that follows declines it, in ``apply`` as in a record's replay
    (undo = drop the last entries and replay, redo = apply them again, gives the live state).
    Found by the shared suite: 4 players, a mercenary recruited with the royal coin, declined."""
    import random

    from referee.core import registry
    from tests.test_game_suite import playout, replayed

    game = registry.get("war-chest")
    players, live, actions = playout(game, random.Random(172), 4)
    cut = 101  # (the 101st entry: the fifth is the Royal Guard's card, told after the deal)
    assert isinstance(actions[cut - 1], Done) and actions[cut].player != actions[cut - 1].player
    undone, _ = replayed(game, players, actions[:cut])
    d = game.decision(undone)
    assert (d.kind, d.player, d.optional) == ("then", actions[cut - 1].player, True)
    # an entry illegal even after the decline changes nothing
    before = undone.snapshot()
    with pytest.raises(RecordError):
        game.apply(undone, actions[cut]._replace(to=(9, 9)))
    assert undone.snapshot() == before
    for action in actions[cut:]:
        game.apply(undone, action)
    assert undone.snapshot() == live.snapshot()


def test_WC_V2_a_resignation_while_a_follow_up_is_due_ends_the_game_live_and_in_its_record():
    """A resignation ends the game at once, whether the follow-up due is a "may" or a must (the
    Warrior Priest's drawn coin): ``apply`` takes it so, and the record it writes (``resigned``
    after that play) replays to the same state (the reader declined the "may" first, and
    refused the record when the follow-up was a must)."""
    import random

    from referee.core import registry
    from tests.test_game_suite import playout, replayed

    game = registry.get("war-chest")
    seen = set()
    for seed in range(6):
        for count in game.player_counts:
            players, _, actions = playout(game, random.Random(seed), count)
            state, _ = replayed(game, players, [])
            for k, action in enumerate(actions):
                d = game.decision(state)
                if d.kind == "then" and d.optional not in seen:
                    seen.add(d.optional)
                    live = state.copy()
                    game.apply(live, Resign(d.player))
                    assert game.is_over(live)
                    again, _ = replayed(game, players, [*actions[:k], Resign(d.player)])
                    assert again.snapshot() == live.snapshot()
                    assert game.replay_output(again) == game.replay_output(live)
                game.apply(state, action)
    assert seen == {True, False}  # a "may" and a must were both tried
