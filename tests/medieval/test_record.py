"""Record format 1 of Medieval Battle: reading driven by the rules, the first bad entry reported
with its JSON location and rule id, a record that stops part-way is a game in progress, and
writing is canonical."""

from __future__ import annotations

import copy
import json

import pytest

from referee.core import jsonio
from referee.core.errors import RecordError
from referee.games.medieval import engine, record
from tests.conftest import EXAMPLES

COMPLETE = EXAMPLES / "medieval" / "standard-map.json"
IN_PROGRESS = EXAMPLES / "medieval" / "in-progress.json"


def example(path=COMPLETE):
    return jsonio.loads(path.read_text(encoding="utf-8"))


def replay(doc):
    return record.parse_record(doc).replay()


def error(doc) -> RecordError:
    with pytest.raises(RecordError) as info:
        replay(doc)
    return info.value


def edited(change):
    doc = copy.deepcopy(example())
    change(doc)
    return doc


def test_the_examples_replay_one_complete_one_in_progress():
    state, steps = replay(example())
    assert state.over and state.end["winners"] == ["Bartek"] and state.end["reason"] == "victory"
    assert [s.location for s in steps[:5]] == ["armies.Ola", "armies.Bartek", "reserve.Ola",
                                               "reserve.Bartek", "turns[0]"]
    state, steps = replay(example(IN_PROGRESS))
    d = engine.decision(state)
    assert not state.over and (d.kind, d.player, d.defender) == ("answer", "Bartek", "Y-HC1")
    assert state.dismount and state.armies[0].tokens == 4


def test_a_record_that_stops_anywhere_is_a_game_in_progress():
    doc = example()
    for cut in range(0, len(doc["turns"]), 3):
        part = {**doc, "turns": doc["turns"][:cut]}
        state, steps = replay(part)
        assert len(steps) == 4 + cut and not state.over
    no_yellow = {k: v for k, v in doc.items() if k not in ("reserve", "turns")}
    no_yellow["armies"] = {"Ola": doc["armies"]["Ola"]}
    state, _ = replay(no_yellow)
    assert engine.decision(state).kind == "recruit" and engine.decision(state).player == "Bartek"


def test_writing_is_canonical_and_round_trips_byte_for_byte():
    for path in (COMPLETE, IN_PROGRESS):
        text = path.read_text(encoding="utf-8")
        parsed = record.parse_record(jsonio.loads(text))
        state, steps = parsed.replay()
        again = jsonio.dumps_pretty(record.write_record(parsed.players, [s.action for s in steps],
                                                        parsed.meta))
        assert again == text
        twin, _ = replay(jsonio.loads(again))
        assert twin.snapshot() == state.snapshot()
    assert record.parse_record(example()).replay(tracked=False)[1] == []


def test_an_army_is_written_in_the_unit_order_without_zeros():
    from referee.games.medieval.actions import Recruit
    entry = record.action_entry(Recruit("Ola", (("pikemen", 1), ("bowmen", 0), ("heavy_cavalry", 2))))
    assert list(entry.items()) == [("heavy_cavalry", 2), ("pikemen", 1)]


def _set(path, value):
    def change(doc):
        target = doc
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


def _drop(path):
    def change(doc):
        target = doc
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
    return change


BAD = [
    # (change, location, rule)
    (_set(["game"], "chess"), "game", None),
    (_set(["format"], 2), "format", None),
    (_set(["players"], ["Ola"]), "players", "MB-C1"),
    (_set(["players"], ["Ola", "Ola"]), "players[1]", "MB-C1"),
    (_set(["map"], "huge"), "map", "MB-C7"),
    (_set(["time_tokens"], -1), "time_tokens", "MB-C3"),
    (_set(["flags"], {"mill": 3}), "flags.mill", "MB-C8"),
    (_set(["movement"], {"pikemen": 6}), "movement.pikemen", "MB-C5"),
    (_set(["variants"], {"dismount": "yes"}), "variants.dismount", None),
    (_set(["cards", "melee", "pikemen", "heavy_cavalry"], "2/2"), "cards.melee.pikemen.heavy_cavalry", "MB-K9"),
    (_set(["cards", "fire", "pikemen"], {}), "cards.fire.pikemen", "MB-F1"),
    (_set(["armies", "Ola"], {"longbowmen": 2}), "armies.Ola.longbowmen", "MB-R3"),
    (_set(["armies", "Bartek", "heavy_cavalry"], 4), "armies.Bartek", "MB-R2"),
    (_set(["armies", "Ola", "baggage"], 1), "armies.Ola.baggage", "MB-R4"),
    (_set(["armies", "Ola", "catapult"], 1), "armies.Ola.catapult", "MB-C4"),
    (_set(["armies", "Ewa"], {}), "armies.Ewa", None),
    (_set(["reserve", "Ola"], ["R-BG"]), "reserve.Ola[0]", "MB-D1"),
    (_set(["reserve", "Bartek"], ["R-HC1"]), "reserve.Bartek[0]", "MB-D4"),
    (_drop(["armies", "Ola"]), "armies.Bartek", "MB-R1"),
    (_drop(["reserve"]), "turns[0]", "MB-D4"),
    (_set(["turns", 0, "player"], "Ola"), "turns[0].player", "MB-B1"),
    (_set(["turns", 0, "path"], ["plain", "plain", "hills", "plain"]), "turns[0].path", "MB-M1"),
    (_set(["turns", 0, "path"], ["mountains"]), "turns[0].path[0]", "MB-C6"),
    (_set(["turns", 0, "dance"], True), "turns[0].dance", None),
    (_set(["turns", 0], {"player": "Bartek"}), "turns[0]", None),
    (_set(["turns", 1, "fire"], "Y-BG"), "turns[1].fire", "MB-F5"),
    (_set(["turns", 1, "unit"], "R-PK1"), "turns[1].fire", "MB-F1"),
    (_set(["turns", 3], {"player": "Ola", "pass": True}), "turns[3]", "MB-M9"),
    (_set(["turns", 3], {"player": "Ola", "withdraw": "off_map"}), "turns[3].distance", "MB-G2"),
    (_set(["turns", 4, "terrain"], "mountains"), "turns[4].terrain", "MB-K1"),
    (_set(["turns", 5, "stand"], False), "turns[5].stand", None),
    (_set(["turns", 6, "flag"], "castle"), "turns[6].flag", "MB-C8"),
    # the column nobody entered is asked once the defender takes the fight (issue 25)
    (_drop(["turns", 7, "card"]), "turns[8].card", "MB-K9"),
    (_set(["turns", 9, "terrain"], "mountains"), "turns[9].terrain", "MB-C6"),
    (_set(["turns", 9, "attack"], "Y-BG"), "turns[10]", "MB-B1"),
    (_set(["turns", 12], {"player": "Ola", "regroup": True, "return": ["R-HI2"]}), "turns[12].return[0]", "MB-G3"),
    (lambda doc: doc["turns"].append({"player": "Ola", "pass": True}), "turns[18]", "MB-V3"),
]


@pytest.mark.parametrize("change, location, rule", BAD, ids=[b[1] for b in BAD])
def test_the_first_bad_entry_is_reported_with_its_location_and_rule(change, location, rule):
    err = error(edited(change))
    assert (err.location, err.rule) == (location, rule), (err.key, err.params)
    assert err.render("en").startswith(location) and err.render("pl")


def test_a_record_error_names_the_rule_and_what_was_legal():
    err = error(edited(_set(["turns", 3], {"player": "Ola", "pass": True})))
    assert "stand" in err.render("en") and "withdraw" in err.render("en")
    err = error(edited(_drop(["turns", 7, "card"])))
    assert err.render("en").startswith("turns[8].card: MB-K9: no column entered for light_infantry "
                                       "on the card melee:light_infantry")


def test_the_example_of_decisions_md_is_a_complete_canonical_record():
    from pathlib import Path

    text = (Path(record.__file__).parent / "DECISIONS.md").read_text(encoding="utf-8")
    block = text.split("```json\n", 1)[1].split("```", 1)[0]
    state, steps = replay(jsonio.loads(block))
    assert state.over and state.end["winners"] == ["Bartek"] and state.end["reason"] == "passes"
    parsed = record.parse_record(jsonio.loads(block))
    assert jsonio.dumps_pretty(record.write_record(parsed.players, [s.action for s in steps],
                                                   parsed.meta)) == block


def test_a_refused_play_leaves_the_state_as_it_was():
    from referee.games.medieval.actions import Play
    state, _ = replay({**example(), "turns": example()["turns"][:2]})
    before = state.snapshot()
    bad = Play("Bartek", "Y-HC2", ("plain", "plain"), attack="R-BG", terrain="forest")
    with pytest.raises(RecordError):
        engine.apply(state, bad)
    assert state.snapshot() == before


def test_the_export_numbers_every_entry_and_charts_each_player_apart():
    """Issue 15: the pursuit's "stop" has its number like every entry; the charts give each
    player a line of their own (issue 26: a line chart, never both players' numbers stacked)."""
    from pathlib import Path

    from referee.core.report import Line, LineChart
    from referee.core.text import catalog
    from referee.games.medieval import exports

    document = json.loads((Path(__file__).parents[2] / "examples" / "medieval" / "standard-map.json")
                          .read_text(encoding="utf-8"))
    parsed = record.parse_record(document)
    state, steps = parsed.replay()
    t = catalog("en")
    report = exports.export_report(state, t, parsed.meta, actions=[s.action for s in steps])
    numbered = [b.text for b in report if isinstance(b, Line) and b.text[:1].isdigit()]
    assert [int(x.split(".")[0]) for x in numbered] == list(range(1, len(state.log) + 1))
    assert "21. Ola stops the pursuit: the turn ends." in numbered
    charts = [b for b in report if isinstance(b, LineChart)]
    assert [c.title for c in charts] == ["Victory points after each turn", "Time tokens left after each turn"]
    for chart in charts:
        assert [name for name, _ in chart.series] == ["Ola", "Bartek"] and chart.colors == ["red", "yellow"]
        assert all(len(values) == len(chart.steps) for _, values in chart.series)
    assert chart.steps[-1] == "11" and [values[-1] for _, values in charts[1].series] == [4, 5]


def test_the_reader_refuses_a_play_as_apply_does_and_undoes_nothing_it_drops():
    """Issue 27 (replay speed): the record reader applies with ``atomic=False`` (it drops the state
    on a refused entry, so nothing is kept to undo it); the play is refused with the same rule,
    place and message as by ``apply``, which still leaves the state as it was."""
    from referee.games.medieval.actions import Play
    doc = {**example(), "turns": example()["turns"][:2]}
    bad = Play("Bartek", "Y-HC2", ("plain", "plain"), attack="R-BG", terrain="forest")
    kept, _ = replay(doc)
    dropped, _ = replay(doc)
    with pytest.raises(RecordError) as atomic:
        engine.apply(kept, bad)
    with pytest.raises(RecordError) as not_atomic:
        engine.apply_decided(dropped, bad, engine.decision(dropped), atomic=False)
    assert (atomic.value.rule, atomic.value.location, atomic.value.render("en")) == (
        not_atomic.value.rule, not_atomic.value.location, not_atomic.value.render("en"))
    assert dropped.snapshot() != kept.snapshot()  # (the unit moved before its attack was refused)


def test_a_decision_is_built_once_for_each_question():
    """Issue 27 (replay speed): ``decision`` is asked at every entry of every replay; the same
    question is the same (immutable) value, not a new one each time."""
    state, _ = replay(example(IN_PROGRESS))
    first = engine.decision(state)
    assert first is not None and engine.decision(state) is first
    assert engine.decision(state.copy()) is first
