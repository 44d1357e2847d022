"""Record format 1 of Kajko i Kokosz: reading, errors (first bad entry, location, rule id), writing."""

from __future__ import annotations

import copy
import json

import pytest

from referee.core import jsonio
from referee.core.errors import RecordError
from referee.games.kajko import output, record

SPEC_EXAMPLE = {
    "game": "kajko-kokosz",
    "format": 1,
    "players": ["Ola", "Bartek", "Ewa"],
    "stacks": [5, 5, 6, 6, 7, 7, 8, 8, 9, 9],
    "variants": {"dusigrosz": True, "coin_in_hand": True},
    "turns": [
        {"player": "Ola", "reveal": 3, "card": "item:5"},
        {"player": "Bartek", "reveal": 0, "card": "coin_in_hand", "target": "Ola"},
        {"player": "Ewa", "send": True},
    ],
}


def replay(doc):
    return record.parse_record(doc).replay()


def error(doc) -> RecordError:
    with pytest.raises(RecordError) as info:
        replay(doc)
    return info.value


def test_the_spec_example_reads_up_to_its_bad_last_turn():
    # Ewa has nothing in front: the spec's example send is illegal (KK-5)
    err = error(SPEC_EXAMPLE)
    assert (err.rule, err.location) == ("KK-5", "turns[2].send")
    doc = copy.deepcopy(SPEC_EXAMPLE)
    doc["turns"].pop()
    state, steps = replay(doc)
    out = output.replay_output(state)
    assert out["players"]["Ola"] == {"front": ["coin_in_hand"], "town": []}
    assert out["players"]["Bartek"] == {"front": ["item:5"], "town": []}
    assert out["stacks"] == [4, 5, 6, 5, 7, 7, 8, 8, 9, 9]
    assert out["complete"] is False and out["winners"] == []
    assert out["awaiting"] == {"turn": 3, "player": "Ewa"}
    assert [s.location for s in steps] == ["turns[0]", "turns[1]"]


def test_optional_keys_default_and_round_trip_byte_for_byte():
    doc = {"game": "kajko-kokosz", "format": 1, "players": ["A", "B"],
           "turns": [{"player": "A", "reveal": 9, "card": "coin"}, {"player": "B", "send": False}]}
    assert error(doc).location == "turns[1].send"
    doc["turns"].pop()
    parsed = record.parse_record(doc)
    state, steps = parsed.replay()
    assert state.sizes == [5, 5, 6, 6, 7, 7, 8, 8, 9, 9] and not state.dusigrosz
    written = record.write_record(parsed.players, [s.action for s in steps], parsed.meta)
    assert jsonio.dumps_pretty(written) == jsonio.dumps_pretty(doc)
    full = {**SPEC_EXAMPLE, "turns": SPEC_EXAMPLE["turns"][:2]}
    parsed = record.parse_record(full)
    written = record.write_record(parsed.players, [s.action for s in parsed.replay()[1]], parsed.meta)
    assert json.dumps(written) == json.dumps(full)


def base():
    doc = copy.deepcopy(SPEC_EXAMPLE)
    doc["turns"] = doc["turns"][:2]
    return doc


BAD = [
    # (mutation, rule, location)
    (lambda d: d.update(game="na-grunwald"), None, "game"),
    (lambda d: d.update(format=2), None, "format"),
    (lambda d: d.update(format=True), None, "format"),
    (lambda d: d.update(bogus=1), None, "bogus"),
    (lambda d: d.update(date="2026-11-22"), None, "date"),  # the format has no optional metadata
    (lambda d: d.pop("players"), None, "$"),
    (lambda d: d.update(players=["A"]), "KK-3", "players"),
    (lambda d: d.update(players=list("ABCDEF")), "KK-3", "players"),
    (lambda d: d.update(players=["A", "A"]), "KK-4", "players[1]"),
    (lambda d: d.update(players=["A", " "]), "KK-4", "players[1]"),
    (lambda d: d.update(players=["A", 3]), None, "players[1]"),
    (lambda d: d.update(stacks=[]), "KK-1", "stacks"),
    (lambda d: d.update(stacks=[5] * 21), "KK-1", "stacks"),
    (lambda d: d.update(stacks=[5, 4]), "KK-2", "stacks[1]"),
    (lambda d: d.update(stacks=[5, 6.0]), None, "stacks[1]"),
    (lambda d: d.update(variants={"grunwald": True}), None, "variants.grunwald"),
    (lambda d: d.update(variants={"dusigrosz": 1}), None, "variants.dusigrosz"),
    (lambda d: d.update(turns={}), None, "turns"),
    (lambda d: d["turns"].append("send"), None, "turns[2]"),
    (lambda d: d["turns"].append({"player": "Ewa"}), None, "turns[2]"),
    (lambda d: d["turns"].append({"player": "Ewa", "reveal": 1}), None, "turns[2]"),
    (lambda d: d["turns"].append({"player": "Ewa", "reveal": "1", "card": "coin"}), None, "turns[2].reveal"),
    (lambda d: d["turns"].append({"player": "Ewa", "reveal": 1, "card": 5}), None, "turns[2].card"),
    (lambda d: d["turns"].append({"player": "Ewa", "send": True, "card": "coin"}), None, "turns[2].card"),
    (lambda d: d["turns"].append({"player": "Ewa", "reveal": 2, "card": "coin", "x": 1}), None, "turns[2].x"),
    (lambda d: d["turns"].append({"player": "Ola", "reveal": 2, "card": "coin"}), "KK-4", "turns[2].player"),
    (lambda d: d["turns"].append({"player": "Zbyszko", "reveal": 2, "card": "coin"}), "KK-4", "turns[2].player"),
    (lambda d: d["turns"].append({"player": "Ewa", "reveal": 10, "card": "coin"}), "KK-5", "turns[2].reveal"),
    (lambda d: d["turns"].append({"player": "Ewa", "reveal": 0, "card": "coin"}), "KK-2", "turns[2].card"),
    (lambda d: d["turns"].append({"player": "Ewa", "reveal": 0, "card": "coin_in_hand", "target": "Ola"}),
     "KK-2", "turns[2].card"),
    (lambda d: d["turns"].append({"player": "Ewa", "reveal": 2, "card": "gold"}), "KK-2", "turns[2].card"),
    (lambda d: d["turns"].append({"player": "Ewa", "reveal": 2, "card": "coin_in_hand"}), "KK-13", "turns[2]"),
    (lambda d: d["turns"].append({"player": "Ewa", "reveal": 2, "card": "coin_in_hand", "target": "Ewa"}),
     "KK-13", "turns[2].target"),
    (lambda d: d["turns"].append({"player": "Ewa", "reveal": 2, "card": "coin", "target": "Ola"}),
     "KK-13", "turns[2].target"),
    (lambda d: d["turns"].append({"player": "Ewa", "send": True}), "KK-5", "turns[2].send"),
]


@pytest.mark.parametrize("mutate,rule,location", BAD)
def test_bad_records_name_the_first_bad_entry(mutate, rule, location):
    doc = base()
    mutate(doc)
    err = error(doc)
    assert (err.rule, err.location) == (rule, location), err.render()
    assert err.render()  # every message renders from the catalogs


def test_turns_after_the_end_break_KK_10():
    doc = {"game": "kajko-kokosz", "format": 1, "players": ["A", "B"], "stacks": [5],
           "turns": [{"player": p, "reveal": 0, "card": c} for p, c in
                     zip("ABABA", ["coin_in_hand", "item:10", "chamberlain", "brigands", "jomsborg"])]}
    state, _ = replay(doc)
    assert state.over
    doc["turns"].append({"player": "B", "reveal": 0, "card": "coin"})
    assert (error(doc).rule, error(doc).location) == ("KK-10", "turns[5]")
    doc["turns"][-1] = "garbage"  # after the end, whatever it holds
    assert error(doc).rule == "KK-10"


def test_what_would_be_legal_is_in_the_message():
    doc = base()
    doc["turns"].append({"player": "Ewa", "reveal": 0, "card": "coin"})
    message = error(doc).render()
    assert message.startswith("turns[2].card: KK-2:")
    assert "item:10, chamberlain, brigands, jomsborg" in message
