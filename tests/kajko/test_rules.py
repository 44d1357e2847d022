"""One test (at least) per rule of ``docs/rules/kajko-kokosz.md``; test names carry the rule ids."""

from __future__ import annotations

import pytest

from referee.core.errors import RuleError
from referee.games.kajko import engine
from referee.games.kajko.actions import Reveal, Send
from referee.games.kajko.engine import score_towns
from referee.games.kajko.state import DEFAULT_STACKS
from tests.kajko.table import Table


def breaks(rule: str, fn, *args, **kwargs) -> RuleError:
    with pytest.raises(RuleError) as info:
        fn(*args, **kwargs)
    assert info.value.rule == rule, (info.value.rule, info.value.key, info.value.params)
    return info.value


# -- KK-1 stacks


def test_KK_1_default_table_is_ten_stacks_of_70_cards():
    t = Table()
    assert t.s.sizes == [5, 5, 6, 6, 7, 7, 8, 8, 9, 9] == list(DEFAULT_STACKS)
    assert sum(t.s.left) == 70


def test_KK_1_a_table_may_give_other_sizes():
    t = Table(stacks=[5, 12])
    assert t.s.left == [5, 12]
    assert engine.possible_cards(t.s, 1)[:2] == ["coin", "item:5"]


# -- KK-2 the content of a stack


def test_KK_2_every_stack_holds_one_of_each_special():
    t = Table(stacks=[5, 6])
    # a stack of 5 is exactly the five one-of-a-kind cards: no coin, no item worth 5
    assert sorted(engine.possible_cards(t.s, 0)) == sorted(
        ["jomsborg", "brigands", "chamberlain", "coin_in_hand", "item:10"])
    t.reveal(1, "jomsborg")
    err = breaks("KK-2", t.reveal, 1, "jomsborg")  # a second jomsborg from one stack
    assert err.key == "kajko.error.card_gone" and err.location == ".card"


def test_KK_2_remaining_cards_must_still_hold_the_specials():
    t = Table(stacks=[6, 5])
    t.reveal(0, "coin")  # the one filler of a stack of 6
    err = breaks("KK-2", t.reveal, 0, "item:5")
    assert err.key == "kajko.error.card_no_room"
    assert "item:5" not in engine.possible_cards(t.s, 0)


def test_KK_2_unknown_card_names_the_cards():
    t = Table()
    err = breaks("KK-2", t.reveal, 0, "item:7")
    assert "coin" in err.params["cards"]


# -- KK-3 characters


@pytest.mark.parametrize("players,characters", [(2, 4), (3, 3), (4, 3), (5, 2)])
def test_KK_3_characters_per_player(players, characters):
    assert Table(players).s.characters == characters


# -- KK-4 turn order, out players skipped


def test_KK_4_first_player_starts_and_turns_go_clockwise():
    t = Table(3)
    assert [t.now] == ["Ola"]
    t.reveal(9, "coin")
    assert t.now == "Bartek"
    t.reveal(9, "coin")
    t.reveal(9, "coin")
    assert t.now == "Ola"


def test_KK_4_wrong_player_is_refused():
    t = Table(3)
    err = breaks("KK-4", engine.apply, t.s, Reveal("Ewa", 0, "coin_in_hand"))
    assert err.params == {"player": "Ewa", "expected": "Ola"} and err.location == ".player"
    breaks("KK-4", engine.apply, t.s, Reveal("Zbyszko", 0, "coin_in_hand"))


def test_KK_4_out_players_are_skipped():
    t = Table(5, stacks=[30])  # 2 characters each
    t.reveal(0, "coin")          # Ola
    for _ in range(4):
        t.reveal(0, "coin")      # Bartek, Ewa, Kuba, Lena
    t.send()                     # Ola: character 1
    for _ in range(4):
        t.reveal(0, "item:5")
    t.reveal(0, "coin")          # Ola
    for _ in range(4):
        t.reveal(0, "coin")
    t.send()                     # Ola: character 2 -> out
    assert t.s.is_out(t.p("Ola"))
    seen = []
    for _ in range(4):
        seen.append(t.now)
        t.reveal(0, "coin")
    assert seen == ["Bartek", "Ewa", "Kuba", "Lena"] and t.now == "Bartek"
    breaks("KK-4", engine.apply, t.s, Reveal("Ola", 0, "coin"))


# -- KK-5 a turn: reveal or send


def test_KK_5_send_puts_every_item_on_an_empty_character():
    t = Table(2)
    t.reveal(9, "coin")
    t.reveal(9, "item:5")
    t.reveal(9, "item:10")
    t.reveal(9, "brigands")
    t.send()  # Ola sends coin + item:10
    assert t.town("Ola") == [["coin", "item:10"]] and t.front("Ola") == []


def test_KK_5_send_needs_an_item_in_front():
    t = Table(2)
    err = breaks("KK-5", t.send)
    assert err.key == "kajko.error.send_nothing" and err.location == ".send"
    t.reveal(9, "brigands")
    t.reveal(9, "coin")
    breaks("KK-5", t.send)  # brigands are not an item
    assert not engine.can_send(t.s, t.p("Ola"))


def test_KK_5_reveal_needs_an_existing_non_empty_stack():
    t = Table(2, stacks=[5, 5])
    assert breaks("KK-5", t.reveal, 2, "coin").key == "kajko.error.no_stack"
    assert breaks("KK-5", t.reveal, -1, "coin").key == "kajko.error.no_stack"
    for card in ("item:10", "coin_in_hand", "chamberlain", "brigands", "jomsborg"):
        t.reveal(0, card)
    err = breaks("KK-5", t.reveal, 0, "coin")
    assert err.key == "kajko.error.empty_stack" and err.params["stacks"] == "1"


def test_KK_5_legal_actions_list_every_stack_card_and_the_send():
    t = Table(2, stacks=[5, 7])
    actions = engine.legal_actions(t.s)
    assert Send("Ola") not in actions
    assert len(actions) == 5 + 7
    t.reveal(1, "item:5")
    t.reveal(1, "coin")
    assert Send("Ola") in engine.legal_actions(t.s)


# -- KK-6 items lie in front; only town scores


def test_KK_6_items_go_in_front_and_only_town_scores():
    t = Table(2, stacks=[9])
    t.reveal(0, "coin")
    t.reveal(0, "item:5")
    t.reveal(0, "coin_in_hand")  # without the variant: a plain item worth 1
    assert t.front("Ola") == ["coin", "coin_in_hand"]
    t.reveal(0, "coin")
    t.send()  # Ola
    assert engine.final_scores(t.s).scores["Ola"].ducats == 2
    assert engine.final_scores(t.s).scores["Bartek"].ducats == 0  # item:5 and coin still in front


# -- KK-7 chamberlain


def test_KK_7_chamberlain_takes_the_most_valuable_item():
    t = Table(2, stacks=[9])
    for card in ("coin", "item:5"):
        t.reveal(0, card)
    t.reveal(0, "item:10")   # Ola: coin, item:10
    t.reveal(0, "coin")      # Bartek: item:5, coin
    log = t.reveal(0, "chamberlain")
    assert log.discarded == ["item:10"] and t.front("Ola") == ["coin"]
    assert "chamberlain" in t.s.box and "item:10" in t.s.box


def test_KK_7_chamberlain_with_nothing_in_front_does_nothing():
    t = Table(2)
    log = t.reveal(0, "chamberlain")
    assert log.discarded == [] and t.front("Ola") == [] and t.s.box == ["chamberlain"]


def test_KK_7_chamberlain_on_equal_values_takes_the_earliest():
    t = Table(2, stacks=[20])
    t.reveal(0, "coin_in_hand")
    t.reveal(0, "coin")
    t.reveal(0, "coin")
    t.reveal(0, "coin")
    t.reveal(0, "chamberlain")
    assert t.front("Ola") == ["coin"]  # the coin in hand arrived first and went


def test_KK_7_brigands_are_not_an_item_for_the_chamberlain():
    t = Table(2)
    t.reveal(0, "brigands")
    t.reveal(9, "coin")
    t.reveal(0, "chamberlain")
    assert t.front("Ola") == ["brigands"]


# -- KK-8 brigands


def test_KK_8_one_brigands_does_no_harm():
    t = Table(2)
    t.reveal(9, "coin")
    t.reveal(9, "coin")
    t.reveal(0, "brigands")
    assert t.front("Ola") == ["coin", "brigands"]


def test_KK_8_second_brigands_discard_every_item_and_both_go():
    t = Table(2)
    t.reveal(9, "item:10")
    t.reveal(9, "coin")
    t.reveal(0, "brigands")
    t.reveal(8, "coin")
    t.reveal(9, "item:5")
    t.reveal(8, "coin")
    log = t.reveal(1, "brigands")
    assert t.front("Ola") == [] and sorted(log.discarded) == ["brigands", "item:10", "item:5"]
    assert t.s.box.count("brigands") == 2


def test_KK_8_sending_discards_the_brigands():
    t = Table(2)
    t.reveal(9, "coin")
    t.reveal(9, "coin")
    t.reveal(0, "brigands")
    t.reveal(8, "coin")
    log = t.send()
    assert t.front("Ola") == [] and log.discarded == ["brigands"]
    assert t.town("Ola") == [["coin"]]


# -- KK-9 jomsborg


def test_KK_9_jomsborg_without_brigands_takes_everything():
    t = Table(2)
    t.reveal(9, "item:10")
    t.reveal(9, "coin")
    t.reveal(9, "item:5")
    t.reveal(8, "coin")
    log = t.reveal(0, "jomsborg")
    assert t.front("Ola") == [] and log.discarded == ["item:10", "item:5"]
    assert t.front("Bartek") == ["coin", "coin"]


def test_KK_9_jomsborg_fights_the_brigands_and_nothing_is_lost():
    t = Table(2)
    t.reveal(9, "item:10")
    t.reveal(9, "coin")
    t.reveal(0, "brigands")
    t.reveal(8, "coin")
    log = t.reveal(0, "jomsborg")
    assert t.front("Ola") == ["item:10"] and log.discarded == ["brigands"]
    assert sorted(t.s.box) == ["brigands", "jomsborg"]


# -- KK-10 the end


def test_KK_10_the_game_ends_when_every_player_is_out():
    t = Table(5, stacks=[20, 20])  # 2 characters each
    for _ in range(2):
        for _ in range(5):
            t.reveal(0 if t.s.left[0] > 5 else 1, "coin")
        for _ in range(5):
            t.send()
    assert t.s.over and engine.decision(t.s) is None and engine.legal_actions(t.s) == []
    assert sum(t.s.left) > 0
    assert breaks("KK-10", t.do, Reveal("Ola", 1, "coin")).key == "kajko.error.game_over"


def test_KK_10_empty_stacks_end_the_game_with_automatic_sends():
    t = Table(2, stacks=[5])
    t.reveal(0, "item:10")      # Ola
    t.reveal(0, "brigands")     # Bartek
    t.reveal(0, "coin_in_hand")  # Ola
    t.reveal(0, "chamberlain")  # Bartek: nothing to lose
    log = t.reveal(0, "jomsborg")  # Ola loses everything; the stacks are empty
    assert t.s.over
    assert t.town("Ola") == [] and t.front("Bartek") == ["brigands"]
    assert log.final_sends == []

    t = Table(2, stacks=[5])
    t.reveal(0, "item:10")
    t.reveal(0, "brigands")
    t.reveal(0, "coin_in_hand")
    t.reveal(0, "jomsborg")     # Bartek: the jomsborg fights his brigands
    log = t.reveal(0, "chamberlain")  # Ola loses the item worth 10, keeps the coin in hand
    assert t.s.over and log.final_sends == [("Ola", ["coin_in_hand"], 1, False)]
    assert t.town("Ola") == [["coin_in_hand"]]


def test_KK_10_final_sends_discard_the_brigands():
    t = Table(2, stacks=[7])
    t.reveal(0, "coin")          # Ola
    t.reveal(0, "brigands")      # Bartek
    t.reveal(0, "item:10")       # Ola
    t.reveal(0, "coin")          # Bartek
    t.reveal(0, "chamberlain")   # Ola loses the item worth 10
    t.reveal(0, "coin_in_hand")  # Bartek
    log = t.reveal(0, "jomsborg")  # Ola loses her coin; the last card
    assert t.s.over and log.final_sends == [("Bartek", ["coin", "coin_in_hand"], 1, True)]
    assert t.front("Bartek") == [] and log.discarded == ["coin"] and log.ended == "stacks"
    assert t.s.box.count("brigands") == 1  # Bartek's robber knights left with his send


# -- KK-11 score and winner


def test_KK_11_rulebook_example_five_items_worth_22():
    result = score_towns({"Ola": [["item:10", "item:5"], ["item:5", "coin"], ["coin"]],
                          "Bartek": [["item:10"]]}, False)
    s = result.scores["Ola"]
    assert (s.ducats, s.items_sent, s.total) == (22, 5, 22)
    assert result.winners == ["Ola"] and result.places == {"Ola": 1, "Bartek": 2}


def test_KK_11_ties_go_to_more_items_sent_then_are_shared():
    result = score_towns({"A": [["item:10"]], "B": [["item:5", "item:5"]], "C": [["coin"]]}, False)
    assert result.winners == ["B"] and result.places == {"B": 1, "A": 2, "C": 3}
    assert result.tie_broken
    result = score_towns({"A": [["item:5", "coin"]], "B": [["coin", "item:5"]], "C": []}, False)
    assert result.winners == ["A", "B"] and result.places == {"A": 1, "B": 1, "C": 3}
    assert not result.tie_broken


def test_KK_11_zero_cards_everyone_shares():
    result = score_towns({"A": [], "B": []}, True)
    assert result.winners == ["A", "B"] and result.dusigrosz is None


# -- KK-12 Dusigrosz


def test_KK_12_most_coins_in_town_gains_ten():
    result = score_towns({"A": [["coin", "coin_in_hand", "coin"]], "B": [["item:10", "item:5"]]}, True)
    assert result.dusigrosz == "A"
    assert result.scores["A"].as_dict() == {"ducats": 3, "dusigrosz": 10, "total": 13, "items_sent": 3}
    assert result.winners == ["B"]  # 15 > 13
    assert score_towns({"A": [["coin"] * 3], "B": []}, False).scores["A"].dusigrosz == 0


def test_KK_12_tie_for_most_coins_nobody_gains_it():
    result = score_towns({"A": [["coin", "coin"]], "B": [["coin_in_hand", "coin"]], "C": [["coin"]]},
                         True)
    assert result.dusigrosz is None and result.dusigrosz_tied == ["A", "B"]
    assert all(s.dusigrosz == 0 for s in result.scores.values())


def test_KK_12_dusigrosz_is_not_an_item_for_the_tie_break():
    # A: 3 coins + the Dusigrosz = 13 with 3 items; B: 13 with 2 items -> A by items sent (3 > 2),
    # where counting the card as an item would not change the order; so check items_sent itself
    result = score_towns({"A": [["coin", "coin", "coin"]], "B": [["item:10", "coin_in_hand"],
                                                               ["coin", "coin"]]}, True)
    assert result.dusigrosz is None  # 3 coins each: a tie
    result = score_towns({"A": [["coin", "coin", "coin"]], "B": [["item:10", "coin_in_hand"]]}, True)
    assert result.scores["A"].as_dict() == {"ducats": 3, "dusigrosz": 10, "total": 13, "items_sent": 3}
    assert result.scores["B"].as_dict() == {"ducats": 11, "dusigrosz": 0, "total": 11, "items_sent": 2}


# -- KK-13 moneta w ręku


def coin_table():
    t = Table(3, coin_in_hand=True, stacks=[30, 30, 30, 30])
    return t


def test_KK_13_takes_every_coin_of_the_named_player():
    t = coin_table()
    t.reveal(0, "coin")            # Ola
    t.reveal(0, "item:5")          # Bartek
    t.reveal(0, "item:10")         # Ewa
    t.reveal(0, "coin")            # Ola: coin, coin
    t.reveal(0, "coin")            # Bartek: item:5, coin
    log = t.reveal(0, "coin_in_hand", "Ola")  # Ewa names Ola
    assert log.taken == ["coin", "coin"]
    assert t.front("Ewa") == ["item:10", "coin", "coin"]
    assert t.front("Ola") == ["coin_in_hand"]
    log = t.reveal(1, "coin_in_hand", "Ewa")   # Ola takes Ewa's two coins (not her item)
    assert log.taken == ["coin", "coin"] and t.front("Ewa") == ["item:10", "coin_in_hand"]
    assert t.front("Ola") == ["coin_in_hand", "coin", "coin"]
    log = t.reveal(0, "jomsborg")              # Bartek
    log = t.reveal(0, "chamberlain")           # Ewa loses her item worth 10
    # Ola has a coin in hand and two coins: a coin in hand counts as a coin when it is taken
    t.reveal(0, "coin")                        # Ola
    t.reveal(0, "coin")                        # Bartek
    log = t.reveal(2, "coin_in_hand", "Ola")   # Ewa: a coin in hand is a coin to take too
    assert log.taken == ["coin_in_hand", "coin", "coin", "coin"]
    assert t.front("Ola") == ["coin_in_hand"]


def test_KK_13_without_coins_takes_items_worth_5_then_10():
    t = coin_table()
    t.reveal(0, "item:5")     # Ola
    t.reveal(0, "item:10")    # Bartek
    t.reveal(0, "item:5")     # Ewa
    t.reveal(1, "item:10")    # Ola: item:5, item:10
    log = t.reveal(0, "coin_in_hand", "Ola")  # Bartek: Ola has no coin -> her item:5
    assert log.taken == ["item:5"] and t.front("Ola") == ["item:10", "coin_in_hand"]
    log = t.reveal(1, "coin_in_hand", "Bartek")  # Ewa: Bartek has item:10, item:5 -> item:5
    assert log.taken == ["item:5"] and t.front("Bartek") == ["item:10", "coin_in_hand"]


def test_KK_13_only_items_worth_10_are_taken_last():
    t = coin_table()
    t.reveal(0, "item:10")    # Ola
    t.reveal(0, "brigands")   # Bartek
    log = t.reveal(0, "coin_in_hand", "Ola")  # Ewa
    assert log.taken == ["item:10"] and t.front("Ola") == ["coin_in_hand"]
    assert t.front("Ewa") == ["item:10"]


def test_KK_13_nothing_to_take_still_gives_the_card():
    t = coin_table()
    log = t.reveal(0, "coin_in_hand", "Ewa")
    assert log.taken == [] and t.front("Ewa") == ["coin_in_hand"] and t.front("Ola") == []


def test_KK_13_target_rules():
    t = coin_table()
    err = breaks("KK-13", t.reveal, 0, "coin_in_hand")
    assert err.key == "kajko.error.target_missing" and err.params["players"] == "Bartek, Ewa"
    assert breaks("KK-13", t.reveal, 0, "coin_in_hand", "Ola").key == "kajko.error.target_self"
    assert breaks("KK-13", t.reveal, 0, "coin_in_hand", "Zbyszko").key == "kajko.error.target_unknown"
    assert breaks("KK-13", t.reveal, 0, "coin", "Ewa").key == "kajko.error.target_card"
    plain = Table(3)
    assert breaks("KK-13", plain.reveal, 0, "coin_in_hand", "Ewa").key == "kajko.error.target_variant_off"
    # the legal actions offer every other player as a target
    targets = {a.target for a in engine.legal_actions(t.s) if a.card == "coin_in_hand"}
    assert targets == {"Bartek", "Ewa"}


# -- what the table reads (regressions from a new-user trial)


def test_KK_10_the_last_card_is_told_apart_from_the_final_sends():
    from referee.core.text import catalog
    from referee.games.kajko.news import news, turn_table

    t = Table(2, stacks=[5])
    t.reveal(0, "item:10")      # A
    t.reveal(0, "brigands")     # B
    t.reveal(0, "chamberlain")  # A loses the item worth 10
    t.reveal(0, "coin_in_hand")  # B
    marker = len(t.s.log)
    log = t.reveal(0, "jomsborg")  # A: nothing in front; the last card: B sends, his knights leave
    assert log.discarded == [] and log.ended == "stacks"
    assert log.final_sends == [("Bartek", ["coin_in_hand"], 1, True)]
    en = catalog("en")
    lines = [b.text for b in news(en, marker, t.s) if hasattr(b, "text")]
    assert lines[0] == "The Jomsborg raiders find nothing in front of Ola."
    assert lines[1] == "Every stack is empty: the game is over."
    assert lines[2].startswith("Bartek sends coin in hand to town (character 1).")
    assert "robber knights grumble" in lines[2]
    last = turn_table(en, t.s).rows[-1][2]
    assert "Every stack is empty" in last


def test_KK_8_second_robber_knights_with_nothing_to_lose():
    from referee.core.text import catalog
    from referee.games.kajko.news import outcome

    t = Table(2)
    t.reveal(0, "brigands")
    t.reveal(9, "coin")
    log = t.reveal(1, "brigands")
    assert outcome(catalog("en"), log) == ("Second robber knights: Ola had nothing in front to lose; "
                                            "both cards go to the box.")


def test_KK_2_memory_aid_counts_the_dangers_left():
    from referee.games.kajko.view import danger_odds

    t = Table(2, stacks=[5, 8])
    assert danger_odds(t.s, 0) == (["jomsborg", "brigands", "chamberlain"], 3 / 5)
    t.reveal(1, "jomsborg")
    t.reveal(1, "coin")
    assert danger_odds(t.s, 1) == (["brigands", "chamberlain"], 2 / 6)
    t.reveal(0, "brigands")
    t.reveal(0, "chamberlain")
    t.reveal(0, "jomsborg")
    assert danger_odds(t.s, 0) == ([], 0.0)


def test_KK_11_every_tie_is_explained():
    from referee.core.text import catalog
    from referee.games.kajko.scores import score_blocks

    result = score_towns({"A": [["item:10", "item:10"]], "B": [["item:5", "coin"]],
                          "C": [["coin"] * 6], "D": [["item:5", "coin"]]}, False)
    assert result.places == {"A": 1, "C": 2, "B": 3, "D": 3}
    text = [b.text for b in score_blocks(catalog("en"), result, ["A", "B", "C", "D"]) if hasattr(b, "text")]
    assert "C, B, D have 6 ducats each" not in " ".join(text)
    assert "B, C, D have 6 ducats each; more items sent decides their places (KK-11)." in text
    result = score_towns({"A": [["item:10"]], "B": [["item:5", "coin"]], "C": [["coin", "item:5"]]}, False)
    text = [b.text for b in score_blocks(catalog("en"), result, ["A", "B", "C"]) if hasattr(b, "text")]
    assert "B, C have 6 ducats each and sent as many items: they share place 2 (KK-11)." in text
