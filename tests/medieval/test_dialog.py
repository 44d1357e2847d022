"""The live questions of Medieval Battle, answered directly (``core.dialog.run``): each entry the
table can make comes out as the record's entry, and the engine accepts it."""

from __future__ import annotations

import pytest

from referee.core import dialog as dialogs
from referee.core.dialog import Notice
from referee.core.text import catalog
from referee.games.medieval import dialog, engine, exports, names, news, view
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
    action, _ = answers(state, "Y-LC1", "move", "p", "attack", None, "R-LI1", "plain")
    assert action == Play(YELLOW, "Y-LC1", ("plain",), attack="R-LI1", terrain="plain")
    apply(state, action)
    action, asked = answers(state, "withdraw", "forest", None)
    assert action == Withdraw(RED, "forest") and asked[0] == "medieval.answer"
    apply(state, action)
    action, asked = answers(state, "R-LI1")  # it withdrew to a forest: not asked again
    assert action == Pursue(YELLOW, "R-LI1", "forest") and asked == ["medieval.pursuit"]
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
    action, _asked = answers(state, "Y-HA1", "dismount", "before", "p", "fire", None, "R-PK1", "plain", 0)
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


# -- the new-user trial (issue 15)


def _question(state, key, *given, t=T):
    """The first question ``key`` of the next entry's dialog, reached with ``given`` answers."""
    gen = dialog.ask(state, t, {})
    q = next(gen)
    queue = list(given)
    while True:
        if not isinstance(q, Notice) and q.key == key:
            return q
        q = gen.send(None if isinstance(q, Notice) else queue.pop(0))


def test_MB_G1_a_regroup_that_would_change_nothing_is_not_offered():
    state = battle()  # every unit has its movement points, the baggage is fortified
    menu = _question(state, "medieval.turn")
    assert "regroup" not in [c.value for c in menu.choices]
    assert "(–)" not in " ".join(c.label for c in menu.choices)
    apply(state, Play(YELLOW, "Y-LC1", ("plain", "plain")), Pass(RED))
    menu = _question(state, "medieval.turn")
    (regroup,) = [c for c in menu.choices if c.value == "regroup"]
    assert regroup.key == "r" and "spend a time token (5 left)" in regroup.label
    # it says what it brings and asks first; "no" spends nothing
    sure = _question(state, "medieval.regroup", "regroup")
    assert "movement points back for Y-LC1" in sure.message
    action, asked = answers(state, "regroup", False, "pass", True)  # (Red passed: confirmed)
    assert action == Pass(YELLOW) and asked == ["medieval.turn", "medieval.regroup", "medieval.turn",
                                                "medieval.pass_ends"]
    action, _ = answers(state, "regroup", True)
    assert action == Regroup(YELLOW)
    apply(state, action)
    text = [x.text for x in news.entry_lines(T, state.log[-1])]
    assert text == ["Bartek regroups; 4 time tokens left. Every unit gets its movement points back."]
    assert news.describe(T, action) == "Bartek regroups"


def test_MB_M9_no_withdrawal_is_offered_when_the_defender_has_no_movement_point():
    state = battle()
    apply(state, Pass(YELLOW), Play(RED, "R-LI1", ("plain",)), Pass(YELLOW),
          Play(RED, "R-LI1", ("hills",)))  # 1 + 2 of its 4: one left
    apply(state, Pass(YELLOW), Play(RED, "R-LI1", ("plain",)))  # none left
    apply(state, Play(YELLOW, "Y-LC1", ("plain",), attack="R-LI1", terrain="plain"))
    notices = []
    gen = dialog.ask(state, T, {})
    q = next(gen)
    while isinstance(q, Notice):
        notices.append(q)
        q = gen.send(None)
    assert q.key == "medieval.answer" and [c.value for c in q.choices] == ["stand", dialogs.UNDO]
    assert "withdraw" not in q.message.lower()
    said = [line.text for n in notices[1:] for line in n.report]
    assert said == ["R-LI1 (light infantry) has no movement point left: it cannot withdraw "
                    "(a withdrawal costs at least 1)."]  # the book's words, not its rule ids


def test_a_terrain_the_record_already_gave_is_not_asked_again():
    state = battle()
    apply(state, Play(YELLOW, "Y-LC1", ("plain", "forest")))
    # Red's long bowmen shoot from where they stand (asked once), at Y-LC1 (in the forest: known)
    action, asked = answers(state, "R-LB1", "fire", "mountains", "Y-LC1", 1)
    assert action == Play(RED, "R-LB1", origin="mountains", fire="Y-LC1", terrain="forest", card=1)
    assert "medieval.terrain" not in asked
    apply(state, action, Pass(YELLOW))
    action, asked = answers(state, "R-LB1", "fire", "Y-LC1")  # both hexes known now
    assert action == Play(RED, "R-LB1", origin="mountains", fire="Y-LC1", terrain="forest")
    assert asked == ["medieval.turn", "medieval.play", "medieval.fire"]
    # a baggage train stands on a plain (MB-D1, MB-T1): attacking it asks no terrain
    state = battle()
    action, asked = answers(state, "Y-HC1", "attack", "plain", "R-BG")
    assert action == Play(YELLOW, "Y-HC1", origin="plain", attack="R-BG", terrain="plain")
    assert asked.count("medieval.terrain") == 0


def test_MB_F1_a_fire_column_names_the_targets_losses_not_the_attackers():
    state = battle(cards=None)
    q = next(dialog._card_column(state, T, "fire", "longbowmen", "pikemen"))
    labels = [c.label for c in q.choices if isinstance(c.value, int)]
    assert labels and not any("attacker" in x for x in labels)
    assert labels[0] == "1/0: the target loses 0 pikemen" and all(len(x) < 70 for x in labels)
    assert "The shooter loses nothing: the top row does not count." in " ".join(q.message.split())
    assert "MB-" not in q.message  # a question speaks the book's words, not its rule ids
    # the same words where the owner enters the cards (``referee cards``)
    from referee.games.medieval import tools

    gen = tools._enter_card(T, tools.card_table(None), "fire", "longbowmen")
    next(gen)  # the card's title
    ask = gen.send(None)
    assert ask.choices[0].label == "1/0: the target loses 0 knights" and "MB-" not in ask.message
    melee = next(dialog._card_column(state, T, "melee", "heavy_cavalry", "pikemen"))
    assert melee.choices[0].label == "1/0 (attacker loses 1, defender 0)"


@pytest.mark.parametrize("lang, unit, word", [
    ("en", "R-PK1", "2 pikemen"), ("en", "R-HI1", "2 men-at-arms"), ("en", "R-HC1", "2 knights"),
    ("en", "R-LB1", "2 archers"), ("pl", "R-PK1", "2 pikinierów"), ("pl", "R-LC1", "2 jeźdźców"),
])
def test_a_units_strength_is_told_in_its_types_word(lang, unit, word):
    t = catalog(lang)
    state = battle()
    assert word in names.unit_label(t, state.units[unit])
    table = view.units_table(t, state, 0)
    assert [r[2] for r in table.rows if r[0] == unit] == [word]
    if lang == "en":
        state.units[unit].strength = 1
        assert word.replace("2 ", "1 ").replace("pikemen", "pikeman").replace(
            "men-at-arms", "man-at-arms").replace("knights", "knight").replace(
            "archers", "archer") in names.unit_label(t, state.units[unit])


def _screen(report) -> list[str]:
    """A notice as the table sees it on an 80-column terminal."""
    import io

    from rich.console import Console

    from referee.cli.render import render

    buffer = io.StringIO()
    render(report, Console(file=buffer, width=80, color_system=None))
    return buffer.getvalue().splitlines()


def test_at_80_by_24_the_board_before_a_question_is_a_few_lines():
    """Issue 15: no army tables before every question (they scrolled the question's context
    away): a turn starts with where the game stands, one line per army and the units not on the
    map; an answer or a pursuit with one line (the news of the attack stays on the screen)."""
    state = battle(reserve=(("R-SB2",), ()))
    notice = next(dialog.ask(state, T, {}))
    lines = _screen(notice.report)
    assert len(lines) <= 6 and not any("┃" in x or "│" in x for x in lines), lines
    assert lines[0] == "Turn 1: Bartek to play"
    assert "Ola (Red Army): 0 VP · 5 time tokens · baggage fortified" in lines[1]
    assert "Ola, not on the map: R-SB2 (kept back)" in " ".join(lines)
    apply(state, Play(YELLOW, "Y-LC1", ("plain",), attack="R-LI1", terrain="plain"))
    assert _screen(next(dialog.ask(state, T, {})).report) == ["Turn 1: Ola answers an attack"]


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_typed_questions_are_readable_at_80_columns(lang):
    """Issue 15: the move's question, its letters and the units it may pass through each on a
    line of their own (no text running together); the answer is typed on its own line."""
    t = catalog(lang)
    state = battle()
    path = _question(state, "medieval.path", "Y-HC1", "move", t=t)
    lines = path.instruction.split("\n")
    assert lines[0] == "" and lines[-1] == "  " and all(len(x) <= 78 for x in lines)
    assert lines[1].strip() == t("medieval.play.path_hint")
    assert "Y-HC2" in " ".join(lines[2:])
    recruit = dialog.ask(engine.new_state(["Ola", "Bartek"]), t, {})
    q = next(x for x in recruit if not isinstance(x, (Notice, dialogs.Private)))
    assert all(len(x) <= 78 for x in q.message.split("\n")) and q.message.count("\n") >= 3


# -- the second new-user trial


@pytest.mark.parametrize("lang, said, fate", [
    ("en", "losses: the target 1 knight (destroyed); the shooter loses nothing (MB-F1)",
     "Y-HC1 is destroyed."),
    ("pl", "straty: cel 1 rycerz (oddział ginie); strzelający nic nie traci (MB-F1)",
     "Y-HC1 ginie w całości."),
])
def test_MB_K4_the_losses_told_are_those_taken_not_the_columns_figure(lang, said, fate):
    """A shot on a 0/2 column at a unit with 1 knight left: it loses that knight, not 2
    (the live news and the export alike)."""
    t = catalog(lang)
    state = battle()
    apply(state, Pass(YELLOW))
    state.units["Y-HC1"].strength = 1  # reduced earlier
    apply(state, Play(RED, "R-LB1", origin="mountains", fire="Y-HC1", terrain="plain", card="1/1"))
    assert state.log[-1]["battle"]["result"] == "0/2"
    text = [x.text.strip() for x in news.news(t, 1, state)]
    assert said in text and text[-1] == fate, text
    exported = [getattr(x, "text", "").strip() for x in exports.export_report(state, t, {})]
    assert said in exported


@pytest.mark.parametrize("lang, said", [
    ("en", "Only one possibility, chosen: plain for R-PK1's hex: with 1 MP left, Y-HC1 can enter "
           "no other terrain"),
    ("pl", "Jedyna możliwość, wybrana: równina jako teren pola, na którym stoi R-PK1: mając 1 punkt "
           "ruchu, Y-HC1 nie wejdzie na inny teren"),
])
def test_a_terrain_with_one_possibility_is_said_not_asked(lang, said):
    """Trial 2: after a move leaving 1 MP, "What terrain is R-PK1's hex?" offered only a plain,
    unexplained.  Now it is chosen and said why, as War Chest says its single choices."""
    t = catalog(lang)
    state = battle()
    queue = ["Y-HC1", "move", (("plain", "hills"), ()), "attack", None, "R-PK1"]
    asked, notices = [], []

    def answer(q):
        if isinstance(q, Notice):
            notices.extend(line.text for line in q.report)
            return None
        asked.append(q.key)
        return queue.pop(0)

    action = dialogs.run(dialog.ask(state, t, {}), answer)
    assert action == Play(YELLOW, "Y-HC1", ("plain", "hills"), attack="R-PK1", terrain="plain")
    assert "medieval.terrain" not in asked and not queue
    assert said in notices, notices
    apply(state, action)  # the engine takes it


def test_a_terrain_with_several_possibilities_is_still_asked():
    state = battle()
    action, asked = answers(state, "Y-HC1", "move", "p", "attack", None, "R-PK1", "hills")
    assert action.terrain == "hills" and "medieval.terrain" in asked
