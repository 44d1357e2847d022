"""The live questions of Medieval Battle, answered directly (``core.dialog.run``): each entry the
table can make comes out as the record's entry, and the engine accepts it."""

from __future__ import annotations

import pytest

from referee.core import dialog as dialogs
from referee.core.dialog import Notice
from referee.core.text import catalog
from referee.games.medieval import dialog, engine
from referee.games.medieval.actions import Pass, Play, Pursue, Regroup, Stand, Stop, Withdraw
from tests.medieval.table import RED, YELLOW, apply, battle

T = catalog("en")


def answers(state, *given):
    """Run the dialog of the next entry with ``given`` answers (in order, notices skipped)."""
    queue = list(given)
    asked = []

    def answer(q):
        if isinstance(q, Notice):
            return None
        asked.append(q.key)
        given = queue.pop(0)
        return q.parse(given) if isinstance(q, dialogs.Text) else given  # typed text is parsed

    action = dialogs.run(dialog.ask(state, T, {}), answer)
    assert not queue, queue
    return action, asked


def test_a_move_with_a_pass_through_and_a_flag():
    state = battle()
    action, asked = answers(state, "Y-HC1", "move", "p Y-HC2 p", "stay", "edge2")
    assert action == Play(YELLOW, "Y-HC1", ("plain", "plain"), ("Y-HC2",), flag="edge2")
    assert asked == ["medieval.turn", "medieval.play", "medieval.path", "medieval.ending",
                     "medieval.flag"]
    apply(state, action)
    assert state.units["Y-HC1"].mp == 1 and state.units["Y-HC2"].mp == 3


def test_the_path_is_checked_as_it_is_typed():
    parse = dialog.parse_path(T, "heavy_cavalry", 4, ("Y-HC2",))
    assert parse("pph") == (("plain", "plain", "hills"), ())
    assert parse("b") is dialogs.BACK
    with pytest.raises(dialogs.Invalid, match="cannot enter high mountains"):
        parse("m")
    with pytest.raises(dialogs.Invalid, match="costs 5 movement points"):
        parse("p h Y-HC2 p")
    with pytest.raises(dialogs.Invalid, match="use p"):
        parse("x")
    assert dialog.parse_path(catalog("pl"), "pikemen", 3)("r g") == (("plain", "mountains"), ())


def test_an_attack_a_withdrawal_and_a_pursuit():
    state = battle()
    action, _ = answers(state, "Y-LC1", "move", "p", "attack", "R-LI1", "plain")
    assert action == Play(YELLOW, "Y-LC1", ("plain",), attack="R-LI1", terrain="plain")
    apply(state, action)
    action, asked = answers(state, "withdraw", "forest", None)
    assert action == Withdraw(RED, "forest") and asked[0] == "medieval.answer"
    apply(state, action)
    action, asked = answers(state, "R-LI1", "forest")
    assert action == Pursue(YELLOW, "R-LI1", "forest") and asked[0] == "medieval.pursuit"
    apply(state, action)
    assert answers(state, "off", 2)[0] == Withdraw(RED, "off_map", 2)


def test_fire_without_moving_asks_the_terrains_and_the_card():
    state = battle(cards=None)
    apply(state, Pass(YELLOW))
    action, asked = answers(state, "R-LB1", "fire", "mountains", "Y-PK1", "plain", 1)
    assert action == Play(RED, "R-LB1", origin="mountains", fire="Y-PK1", terrain="plain", card=1)
    assert asked[-1] == "medieval.card"
    apply(state, action)
    assert state.log[-1]["battle"]["factors"] == [{"factor": "height", "favours": "attacker"}]


def test_a_regroup_and_a_stand():
    state = battle(reserve=((), ("Y-PK1",)))
    action, _ = answers(state, "regroup", True, True)
    assert action == Regroup(YELLOW, (), ("Y-PK1",))
    apply(state, action)
    apply(state, Play(RED, "R-HC1", ("plain",), attack="Y-PK1", terrain="plain", card="1/1"))
    assert answers(state, "stand")[0] == Stand(YELLOW)


def test_dismounting_before_the_move_fights_on_foot():
    state = battle(dismount=True)
    action, asked = answers(state, "Y-HA1", "dismount", "before", "p", "fire", "R-PK1", "plain", 0)
    assert action == Play(YELLOW, "Y-HA1", ("plain",), dismount="before", fire="R-PK1",
                          terrain="plain", card=0)
    apply(state, action)
    assert state.units["Y-HA1"].type == "bowmen"
    assert answers(state, "R-HC1", "dismount", "only")[0] == Play(RED, "R-HC1", dismount="before")


def test_undo_and_back():
    state = battle()
    assert answers(state, dialogs.UNDO)[0] is dialogs.UNDO
    action, asked = answers(state, "Y-HC1", dialogs.BACK, "pass")
    assert action == Pass(YELLOW) and asked.count("medieval.turn") == 2
    apply(state, Play(YELLOW, "Y-LC1", ("plain",), attack="R-LI1", terrain="plain"))
    apply(state, Withdraw(RED, "plain"))
    assert answers(state, "stop")[0] == Stop(YELLOW)


def test_MB_F4_the_fire_column_question_offers_only_the_columns_the_rulebook_allows():
    """At the table, a fire card's unknown column is asked with the same choices as
    ``referee cards``: never a column MB-F4 rules out (picking one would only be refused)."""
    from referee.games.medieval.cards import fire_column_ok

    state = battle()
    t = catalog("en")
    fire = next(dialog._card_column(state, t, "fire", "longbowmen", "light_cavalry"))
    melee = next(dialog._card_column(state, t, "melee", "heavy_cavalry", "pikemen"))
    offered = [c.value for c in fire.choices if isinstance(c.value, int)]
    assert offered and all(fire_column_ok(state.cards.scale, i) for i in offered)
    assert len(offered) < len(state.cards.scale)
    assert [c.value for c in melee.choices if isinstance(c.value, int)] == list(
        range(len(state.cards.scale)))
