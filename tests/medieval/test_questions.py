"""Issue 25 (Medieval Battle items 4 and 6) and issue 22 (keys that keep their meaning): the live
questions, answered directly (``core.dialog.run``)."""

from __future__ import annotations

import pytest

from referee.core import dialog as dialogs
from referee.core.dialog import BACK, Notice
from referee.core.text import catalog
from referee.games.medieval import dialog, engine
from referee.games.medieval.actions import Pass, Play, Recruit, Regroup, Reserve, Stand, Stop, Withdraw
from referee.games.medieval.cards import parse_cards
from tests.medieval.table import BOOK_ARMY, RED, YELLOW, apply, battle

T = catalog("en")


def run(state, *given, t=T):
    """The next entry's dialog with ``given`` answers; returns (action, questions asked, the
    questions themselves, notices)."""
    queue = list(given)
    asked, questions, notices = [], [], []

    def answer(q):
        if isinstance(q, Notice):
            notices.extend(line.text for line in q.report)
            return None
        if isinstance(q, (dialogs.Private, dialogs.Public)):  # the player alone at the screen
            return None
        asked.append(q.key)
        questions.append(q)
        value = queue.pop(0)
        return q.parse(value) if isinstance(q, dialogs.Text) and isinstance(value, str) else value

    action = dialogs.run(dialog.ask(state, t, {}), answer)
    assert not queue, queue
    return action, asked, questions, notices


# -- item 4: a unit that moves onto a strategic point and then fires or fights

def test_MB_V1_a_unit_that_moves_onto_a_flag_and_fires_is_asked_and_takes_it():
    state = battle()
    action, asked, _, _ = run(state, "Y-LB1", "move", "p", "fire", "edge1", "R-PK1", "plain", 0)
    assert asked[:5] == ["medieval.turn", "medieval.play", "medieval.path", "medieval.ending",
                         "medieval.flag"]
    assert action == Play(YELLOW, "Y-LB1", ("plain",), flag="edge1", fire="R-PK1", terrain="plain",
                          card=0)
    apply(state, action)
    assert state.holder["edge1"] == 1 and state.vp(1) == 1  # MB-V1: taken at the end of the turn


def test_MB_V1_a_unit_that_moves_onto_a_flag_and_fights_takes_it_only_if_it_survives():
    table = parse_cards({"melee": {"heavy_cavalry": {"pikemen": "1/0"}}})
    state = battle(cards=table)
    action, _, _, _ = run(state, "Y-HC1", "move", "p", "attack", "edge2", "R-PK1", "plain")
    assert action == Play(YELLOW, "Y-HC1", ("plain",), flag="edge2", attack="R-PK1", terrain="plain")
    apply(state, action, Stand(RED))  # 1/0: it loses one knight and lives
    assert state.units["Y-HC1"].strength == 1 and state.holder["edge2"] == 1
    state = battle(cards=table)
    state.units["Y-HC1"].strength = 1
    action, _, _, _ = run(state, "Y-HC1", "move", "p", "attack", "edge2", "R-PK1", "plain")
    apply(state, action, Stand(RED))  # killed in its turn's fight: it takes nothing
    assert state.units["Y-HC1"].where == "destroyed" and state.holder["edge2"] is None


# -- issue 22: a flag and a unit keep their key all game

def _keys(question):
    return {c.value: c.key for c in question.choices}


def test_a_flag_keeps_its_key_when_others_are_held():
    state = battle()
    _, _, questions, _ = run(state, "Y-HC1", "move", "p", "stay", "edge2")
    before = _keys(questions[-1])
    apply(state, Play(YELLOW, "Y-HC1", ("plain",), flag="edge1"))
    _, _, questions, _ = run(state, "R-HC1", "move", "p", "stay", "edge2")
    after = _keys(questions[-1])
    assert "edge1" not in after  # held by another unit: not offered
    assert after["edge2"] == before["edge2"] and after["edge3"] == before["edge3"]
    assert after["centre1"] == before["centre1"]


class _Reached(Exception):
    pass


def _menu(state, key, *given):
    """The first question ``key`` of the next entry's dialog, ``given`` answering those before."""
    queue = list(given)

    def answer(q):
        if isinstance(q, Notice):
            return None
        if q.key == key:
            raise _Reached(q)
        return queue.pop(0)

    try:
        dialogs.run(dialog.ask(state, T, {}), answer)
    except _Reached as reached:
        return reached.args[0]
    raise AssertionError(f"{key} never asked")


def test_a_unit_keeps_its_key_when_others_leave_and_come_back():
    state = battle()
    own_before = _keys(_menu(state, "medieval.turn"))
    targets_before = _keys(_menu(state, "medieval.attack", "Y-HC1", "attack", "plain"))
    # Red's first heavy cavalry runs off the map: every other unit keeps its key
    apply(state, Play(YELLOW, "Y-LC1", origin="plain", attack="R-HC1", terrain="plain"),
          Withdraw(RED, "off_map", 0), Stop(YELLOW))
    red = _keys(_menu(state, "medieval.turn"))
    assert "R-HC1" not in red and red  # its own army's menu: the same keys as the enemy's list
    assert all(red[u] == targets_before[u] for u in red if u in targets_before)
    apply(state, Pass(RED))
    targets = _keys(_menu(state, "medieval.attack", "Y-HC1", "attack", "plain"))
    assert "R-HC1" not in targets
    assert all(targets[u] == targets_before[u] for u in targets)
    assert all(own_before[u] == k for u, k in _keys(_menu(state, "medieval.turn")).items()
               if u in own_before)
    # it comes back at a regroup: its old key again, nobody else's moved
    apply(state, Play(YELLOW, "Y-HC2", ("plain",)), Regroup(RED, ("R-HC1",)))
    targets = _keys(_menu(state, "medieval.attack", "Y-HC1", "attack", "plain"))
    assert targets == {u: k for u, k in targets_before.items() if u in targets}
    assert targets["R-HC1"] == targets_before["R-HC1"]


# -- item 6: one question back, and a refused target keeps the path

def test_b_at_how_does_the_move_end_goes_back_to_the_path_typed():
    state = battle()
    action, asked, questions, _ = run(state, "Y-HC1", "move", "p p", BACK, "p", "stay", None)
    assert asked == ["medieval.turn", "medieval.play", "medieval.path", "medieval.ending",
                     "medieval.path", "medieval.ending", "medieval.flag"]
    assert questions[4].default == "p p"  # the path typed is still in the field
    assert action == Play(YELLOW, "Y-HC1", ("plain",))
    # and ``b`` at the flag question comes back to how the move ends
    _, asked, _, _ = run(state, "Y-HC1", "move", "p", "stay", BACK, "stay", None)
    assert asked[3:] == ["medieval.ending", "medieval.flag", "medieval.ending", "medieval.flag"]


def test_a_refused_attack_target_keeps_the_path_and_asks_the_target_again():
    state = battle()
    state.units["R-LB1"].terrain = "hills"  # known: 2 MP to enter
    action, asked, _, notices = run(state, "Y-HC1", "move", "p p p", "attack", None, "R-LB1",
                                    "R-PK1")
    assert any("cannot attack R-LB1" in n for n in notices)
    # (1 MP left: R-PK1's hex can only be a plain, said not asked)
    assert asked[-2:] == ["medieval.attack", "medieval.attack"]
    assert action == Play(YELLOW, "Y-HC1", ("plain", "plain", "plain"), attack="R-PK1",
                          terrain="plain")


def test_a_bare_unit_id_is_taken_when_it_names_one_unit():
    parse = dialog.parse_path(T, "heavy_cavalry", 4, ("Y-HC2",))
    assert parse("p hc2 p") == (("plain", "plain"), ("Y-HC2",))
    state = engine.new_state([RED, YELLOW])
    for name in (RED, YELLOW):
        apply(state, Recruit(name, tuple(BOOK_ARMY.items())))
    action, _, _, _ = run(state, "sb2, r-hc1")
    assert action == Reserve(RED, ("R-SB2", "R-HC1"))
    assert dialog.resolve_id("sb2", ["R-SB1", "R-SB2"]) == "R-SB2"
    assert dialog.resolve_id("sb2", ["R-SB2", "Y-SB2"]) == "SB2"  # two units: not guessed


def test_MB_K9_the_card_column_is_asked_after_the_defender_chooses_to_fight():
    state = battle()  # no heavy-cavalry card entered
    action, asked, _, _ = run(state, "Y-HC1", "attack", "plain", "R-PK1", "plain")
    assert "medieval.card" not in asked  # not before the defender's answer
    assert action == Play(YELLOW, "Y-HC1", origin="plain", attack="R-PK1", terrain="plain")
    apply(state, action)
    withdrawn = state.copy()
    action, asked, _, _ = run(withdrawn, "withdraw", "forest", None)
    assert action == Withdraw(RED, "forest") and "medieval.card" not in asked  # never asked
    action, asked, _, _ = run(state, "stand", 1)
    assert asked == ["medieval.answer", "medieval.card"] and action == Stand(RED, 1)
    apply(state, action)
    assert state.log[-1]["battle"]["base"] == "1/1"
    assert state.cards.base("melee", "heavy_cavalry", "pikemen") == 1  # kept for the game


# -- item 6: smaller items

def test_MB_G3_a_returning_unit_is_offered_with_the_movement_points_it_comes_back_with():
    state = battle()
    apply(state, Play(YELLOW, "Y-LC1", origin="plain", attack="R-HC1", terrain="plain"),
          Withdraw(RED, "off_map", 0), Stop(YELLOW))
    assert state.units["R-HC1"].mp == 3  # it paid 1 to run
    state.units["R-HC1"].mp = 0
    _, asked, questions, _ = run(state, "regroup", True, True)
    returns = questions[asked.index("medieval.regroup.returns")]
    assert "R-HC1" in returns.message and "4 MP" in returns.message and "0 MP" not in returns.message


def test_MB_T2_the_log_and_exports_say_who_attacked_a_baggage_train():
    from referee.games.medieval import GAME, news

    state = battle()
    apply(state, Play(YELLOW, "Y-LC1", origin="plain", attack="R-BG", terrain="plain"))
    assert state.log[-1]["baggage"] == {"unit": "R-BG", "result": "attacked", "attacker": "Y-LC1"}
    apply(state, Pass(RED), Play(YELLOW, "Y-HC1", origin="plain", attack="R-BG", terrain="plain"))
    said = [line.text for line in news.entry_lines(T, state.log[-1])]
    assert "Y-HC1 destroys the baggage train R-BG: 3 VP." in said
    exported = GAME.export_json(state, T, {})
    assert exported["entries"][-1]["baggage"]["attacker"] == "Y-HC1"
    pl = [line.text for line in news.entry_lines(catalog("pl"), state.log[-1])]
    assert "Y-HC1 niszczy tabor R-BG: 3 PZ." in pl


def test_stats_say_the_baggage_and_flag_parts_are_victory_points():
    from referee.core import stats
    from referee.games.medieval import GAME

    state = battle()
    apply(state, Play(YELLOW, "Y-LC1", origin="plain", attack="R-BG", terrain="plain"), Pass(RED),
          Play(YELLOW, "Y-HC1", origin="plain", attack="R-BG", terrain="plain"), Pass(RED),
          Pass(YELLOW))
    summary = GAME.result_summary(state)
    assert summary["players"][YELLOW]["score"]["baggage"] == 3  # VP, not trains
    for lang, words in (("en", ("VP from baggage trains", "VP from strategic points")),
                        ("pl", ("PZ za zdobyte tabory", "PZ za punkty strategiczne"))):
        t = catalog(lang)
        assert (t("medieval.score.baggage"), t("medieval.score.flags")) == words
    results = stats.compute([{"complete": True, "result": summary}], GAME.titles,
                            {x: key for x, (key, _) in GAME.stats_extras.items()})
    # the table of average points by category (among stats' tables: players, head to head …)
    detail = next(b for b in stats.report({GAME: results}, T)
                  if any("baggage" in str(r[0]) for r in getattr(b, "rows", None) or []))
    row = next(r for r in detail.rows if "baggage" in r[0])
    assert "VP from baggage trains" in row[0] and row[detail.columns.index(YELLOW)] == "3.0"


def test_MB_V3_a_pass_that_ends_the_battle_is_said_and_confirmed():
    state = battle()
    action, asked, _, _ = run(state, "pass")
    assert action == Pass(YELLOW) and asked == ["medieval.turn"]  # the first pass: as before
    apply(state, action)
    action, asked, questions, _ = run(state, "pass", False, "pass", True)
    assert asked == ["medieval.turn", "medieval.pass_ends", "medieval.turn", "medieval.pass_ends"]
    assert "a pass now ends the battle" in questions[1].message and not questions[1].default
    assert action == Pass(RED)


def test_MB_R2_an_army_under_budget_is_told_to_its_player_inside_the_secret_recruitment():
    """Said under the masked field while the player types (it goes with the answer), never on
    the shared screen before both armies are revealed; ``!`` keeps the army."""
    from referee.core.dialog import Invalid

    state = engine.new_state([RED, YELLOW])
    _, _, questions, _ = run(state, "2 HC, 1 LB, 2 PK!")
    parse = questions[0].parse
    with pytest.raises(Invalid, match=r"10 points unspent \(of 20\) would be lost"):
        parse("2 HC, 1 LB, 2 PK")
    with pytest.raises(Invalid, match="add ! to keep this army"):
        parse("2 HC")
    assert parse("2 HC, 1 LB, 2 PK !") == Recruit(RED, (("heavy_cavalry", 2), ("longbowmen", 1),
                                                        ("pikemen", 2)))
    assert parse("6 HC, 1 PK, 1 LI").counts() == {"heavy_cavalry": 6, "light_infantry": 1,
                                                 "pikemen": 1}  # the whole budget: no "!"
    with pytest.raises(Invalid, match=r"niewydane punkty: 1 \(z 20\)"):
        dialog.parse_army(catalog("pl"), state, RED)("6 HC, 1 PK")


# -- item 6: movement points and flags shown at ``new``, and changed by the table

def _setup(*given, t=T):
    queue = list(given)
    questions = []

    def answer(q):
        if isinstance(q, Notice):
            return None
        questions.append(q)
        value = queue.pop(0)
        return q.parse(value) if isinstance(q, dialogs.Text) else value

    out = dialogs.run(dialog.setup(t, [RED, YELLOW]), answer)
    assert not queue, queue
    return out, questions


def test_MB_C5_and_MB_C8_the_assumed_movement_points_and_flags_are_shown_at_new():
    out, questions = _setup("standard", True, True, True, False)
    assert out == {}  # everything as assumed: nothing written
    movement, flags = questions[2], questions[3]
    assert (movement.key, flags.key) == ("medieval.setup.movement", "medieval.setup.flags")
    text = " ".join(movement.message.split())
    assert "HC 4, LC 5, HA 5, HI 3, LI 4, LB 3, SB 3, PK 3, BG 1" in text and movement.default
    assert ("edge flag 1 (edge1, 1 VP), edge flag 2 (edge2, 1 VP), edge flag 3 (edge3, 1 VP), "
            "central flag 1 (centre1, 2 VP)") in " ".join(flags.message.split())
    _, questions = _setup("large", True, True, True, False)
    assert "central flag 2 (centre2, 2 VP)" in " ".join(questions[3].message.split())


def test_MB_C5_and_MB_C8_setup_names_units_and_flags_by_their_catalog_names():
    """Review of issue 25: ``lc 9`` at the movement question named the unit by its internal name
    ("light_cavalry: od 0 do 5 punktów ruchu, nie 9"); the flags were shown as ``edge1``.  The
    names typed (``LC``, ``edge1``) keep working."""
    from referee.core.dialog import Invalid

    pl = catalog("pl")
    for t, unit, flag in ((T, "light cavalry", "edge flag 1 (edge1, 1 VP)"),
                          (pl, pl("medieval.unit.light_cavalry"), "(edge1, 1 PZ)")):
        out, questions = _setup("standard", True, False, "lc 4", False, "edge1=1 centre1=2",
                                False, t=t)
        assert out == {"movement": {"light_cavalry": 4}, "flags": {"edge1": 1, "centre1": 2}}
        with pytest.raises(Invalid) as refused:
            questions[3].parse("lc 9")
        text = str(refused.value)
        assert "light_cavalry" not in text and unit in text and "9" in text
        shown = " ".join(questions[4].message.split())
        assert flag in shown and t("medieval.setup.flag_centre", n=1) in shown
        assert t("medieval.setup.flag_centre", n=1) != "centre1"
    assert "lekka" in pl("medieval.unit.light_cavalry")


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_setup_questions_wrap_at_80_columns_without_breaking_a_token(lang):
    """Review of issue 25: in Polish the wrapped setup questions went on indented 4 spaces, and the
    example after "? question" ran past column 80, so the terminal broke it inside a token
    ("centre1" / "=2").  As the screen shows them ("? " + message + " " + instruction): every line
    fits 80 columns, no continuation is indented 4, and the example stands whole on one line."""
    t = catalog(lang)
    _, questions = _setup("large", True, False, "lc 4", False, "edge1=1 centre1=2", False, t=t)
    for q in questions[2:6]:
        instruction = getattr(q, "instruction", "")
        screen = "? " + q.message + (" " + instruction if instruction else "")
        lines = screen.split("\n")
        assert all(len(line) <= 80 for line in lines), lines
        assert not any(line.startswith("    ") for line in lines), lines
    for q, key in ((questions[3], "movement_example"), (questions[5], "flags_example")):
        example = t(f"medieval.setup.{key}")
        assert example.strip() in [line.strip() for line in q.instruction.split("\n")]


def test_MB_C5_and_MB_C8_the_table_changes_movement_points_and_flags():
    from referee.core.dialog import Invalid

    out, questions = _setup("standard", True, False, "lc 4, ha 4, hc 4", False, "north=1 hill=2",
                            False)
    assert out == {"movement": {"light_cavalry": 4, "horse_archers": 4}, "flags": {"north": 1, "hill": 2}}
    movement, flags = questions[3], questions[5]
    with pytest.raises(Invalid):
        movement.parse("LC 7")  # 0-5 (MB-C5)
    with pytest.raises(Invalid):
        movement.parse("XY 3")
    with pytest.raises(Invalid):
        flags.parse("north=3")  # 1 or 2 VP (MB-C8)
    # the record takes them, and the battle uses them
    from referee.games.medieval import record

    state = record.start([RED, YELLOW], record.parse_setup(out))
    assert state.movement["light_cavalry"] == 4 and state.flags == {"north": 1, "hill": 2}


def test_every_counter_of_a_large_army_has_its_own_key():
    state = battle(red={"light_infantry": 30}, yellow={"pikemen": 30}, map="large")
    menu = _menu(state, "medieval.turn")
    keys = [c.key for c in menu.choices]
    assert len(menu.choices) == 31 + 2 and None not in keys and len(set(keys)) == len(keys)
    assert all(len(k) == 1 for k in keys)
