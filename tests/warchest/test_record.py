"""Record format 1: the digest's example, bad records pinned to their location and rule id, the
canonical round trip, games in progress, and the examples."""

from __future__ import annotations

import copy
import json
import random

import pytest

from referee.core import jsonio
from referee.core.errors import RecordError
from referee.games.warchest import bot, engine, record
from referee.games.warchest.output import replay_output
from referee.games.warchest.units import FIRST_GAME, HISTORIC
from tests.conftest import EXAMPLES

DIGEST = {
    "game": "war-chest",
    "format": 1,
    "options": {"royal_guard": "base"},
    "players": [
        {"name": "Ania", "side": "raven", "units": ["swordsman", "pikeman", "crossbowman", "light_cavalry"]},
        {"name": "Marek", "side": "wolf", "units": ["archer", "cavalry", "lancer", "scout"]},
    ],
    "setup": {"method": "first_game"},
    "initiative": "Ania",
    "rounds": [{
        "draws": {"Ania": ["swordsman", "royal", "pikeman"]},
        "plays": [
            {"player": "Ania", "action": "deploy", "coin": "swordsman", "to": [4, 0]},
            {"player": "Marek", "action": "deploy", "coin": "cavalry", "to": [2, 6]},
            {"player": "Ania", "action": "deploy", "coin": "pikeman", "to": [6, 1]},
            {"player": "Marek", "action": "initiative"},
            {"player": "Ania", "action": "recruit", "coin": "royal", "recruit": "crossbowman"},
            {"player": "Marek", "action": "move", "coin": "cavalry", "from": [2, 6], "to": [3, 5]},
        ],
    }],
}


def test_the_digest_example_replays():
    state, steps = record.parse_record(copy.deepcopy(DIGEST)).replay()
    assert [s.location for s in steps][-1] == "rounds[0].plays[5]"
    out = replay_output(state)
    assert out["round"] == 2 and out["initiative"] == {"holder": "Marek", "changed_this_round": False}
    assert out["board"] == [{"hex": [3, 5], "player": "Marek", "unit": "cavalry", "coins": 1},
                            {"hex": [4, 0], "player": "Ania", "unit": "swordsman", "coins": 1},
                            {"hex": [6, 1], "player": "Ania", "unit": "pikeman", "coins": 1}]
    assert out["players"]["Ania"]["discard_faceup"] == {"crossbowman": 1}
    assert out["players"]["Marek"]["hidden"] == {"archer": 2, "lancer": 2, "scout": 2, "royal": 1}
    assert out["players"]["Marek"]["counts"] == {"bag": 6, "hand": 0, "discard_facedown": 1}
    assert out["next"] == {"kind": "draw", "player": "Ania"} and out["complete"] is False


def bad(mutate):
    doc = copy.deepcopy(DIGEST)
    mutate(doc)
    with pytest.raises(RecordError) as err:
        record.parse_record(doc).replay()
    return err.value


def plays(doc):
    return doc["rounds"][0]["plays"]


BAD = [
    # (what, mutation, location, rule)
    ("three players", lambda d: d["players"].append({"name": "Ola"}), "players", "WC-C1"),
    ("a name twice", lambda d: d["players"][1].update(name="Ania"), "players[1].name", "WC-C1"),
    ("one side twice", lambda d: d["players"][1].update(side="raven"), "players", "WC-C7"),
    ("unknown unit", lambda d: d["players"][0]["units"].__setitem__(1, "wizard"), "players[0].units[1]", None),
    ("wrong first-game units", lambda d: d["players"][0]["units"].__setitem__(0, "knight"), "players[0].units", "WC-X2"),
    ("unknown setup", lambda d: d["setup"].update(method="decrees"), "setup.method", "WC-X5"),
    ("bad royal guard option", lambda d: d["options"].update(royal_guard="v2"), "options.royal_guard", "WC-U13"),
    ("first game initiative", lambda d: d.update(initiative="Marek"), "initiative", "WC-X2"),
    ("unknown initiative", lambda d: d.update(initiative="Zosia"), "initiative", "WC-C9"),
    ("two coins drawn", lambda d: d["rounds"][0]["draws"].update(Ania=["royal", "pikeman"]), "rounds[0].draws.Ania", "WC-T2"),
    ("a coin not in the bag", lambda d: d["rounds"][0]["draws"].update(Ania=["archer", "royal", "pikeman"]),
     "rounds[0].draws.Ania", "WC-V4"),
    ("out of turn", lambda d: plays(d).__setitem__(0, {**plays(d)[1]}), "rounds[0].plays[0].player", "WC-T4"),
    ("deploy on a neutral location", lambda d: plays(d)[0].update(to=[3, 2]), "rounds[0].plays[0].to", "WC-A3"),
    ("deploy a coin not drawn", lambda d: plays(d)[0].update(coin="crossbowman"), "rounds[0].plays[0].coin", "WC-V5"),
    ("face-down coin unnamed", lambda d: plays(d)[4].pop("coin"), "rounds[0].plays[4].coin", "WC-V5"),
    ("claim by the holder", lambda d: plays(d)[4].update(action="initiative", recruit=None) or plays(d)[4].pop("recruit"),
     "rounds[0].plays[4]", "WC-A5"),
    ("recruit from an empty supply", lambda d: plays(d)[4].update(recruit="archer"), "rounds[0].plays[4].recruit", "WC-A6"),
    ("move two hexes", lambda d: plays(d)[5].update(to=[3, 4]), "rounds[0].plays[5].to", "WC-A8"),
    ("a follow-up nothing triggered", lambda d: plays(d)[5].update(then=[{"by": "swordsman", "action": "move",
                                                                           "from": [3, 5], "to": [3, 4]}]),
     "rounds[0].plays[5].then[0]", "WC-A14"),
    ("round two before the end of round one", lambda d: d["rounds"].insert(0, {"plays": plays(d)[:2]}),
     "rounds[1]", "WC-T6"),
    ("a hex that is not a pair", lambda d: plays(d)[0].update(to=[4]), "rounds[0].plays[0].to", None),
    ("unknown action", lambda d: plays(d)[0].update(action="charge"), "rounds[0].plays[0].action", None),
    ("unknown key", lambda d: plays(d)[0].update(speed=3), "rounds[0].plays[0].speed", None),
    ("resigned by a stranger", lambda d: d.update(resigned="Zosia"), "resigned", "WC-V2"),
    ("draws of a stranger", lambda d: d["rounds"][0]["draws"].update(Zosia=[]), "rounds[0].draws.Zosia", None),
    # cross-check (xcheck 1_0032, 1_0055, 3_0030): a key the action does not use is refused
    ("a deploy with a from", lambda d: plays(d)[0].update({"from": [4, 1]}), "rounds[0].plays[0].from", None),
    ("an initiative claim with a to", lambda d: plays(d)[3].update(to=[3, 3]), "rounds[0].plays[3].to", None),
    ("a move with an at", lambda d: plays(d)[5].update(at=[2, 6]), "rounds[0].plays[5].at", None),
    ("a cavalry tactic with a unit", lambda d: plays(d)[5].update(action="tactic", unit=[2, 6]),
     "rounds[0].plays[5].unit", None),
]


@pytest.mark.parametrize("what,mutate,location,rule", BAD, ids=[b[0] for b in BAD])
def test_bad_records_are_refused_at_their_first_bad_entry(what, mutate, location, rule):
    error = bad(mutate)
    assert (error.location, error.rule) == (location, rule), str(error)
    assert error.render("en") and error.render("pl")


def test_the_archer_attack_is_refused_with_its_rule_and_what_was_legal():
    doc = copy.deepcopy(DIGEST)
    doc["rounds"].append({"draws": {"Marek": ["archer", "archer", "scout"]}, "plays": [
        {"player": "Marek", "action": "deploy", "coin": "archer", "to": [0, 5]},
        {"player": "Ania", "action": "pass"},
        {"player": "Marek", "action": "attack", "coin": "archer", "from": [0, 5], "target": [1, 4]}]})
    error = None
    with pytest.raises(RecordError) as err:
        record.parse_record(doc).replay()
    error = err.value
    assert (error.location, error.rule) == ("rounds[1].plays[2]", "WC-U1")
    assert "legal: " in str(error)


def test_a_play_after_the_win_is_refused():
    game = finished(2, 3)
    doc = game["doc"]
    last = doc["rounds"][-1]
    last["plays"].append({"player": doc["players"][0]["name"], "action": "pass"})
    with pytest.raises(RecordError) as err:
        record.parse_record(doc).replay()
    assert err.value.rule == "WC-V1" and err.value.location == f"rounds[{len(doc['rounds']) - 1}].plays[{len(last['plays']) - 1}]"


def test_a_missing_warrior_priest_play_is_refused_when_later_plays_follow():
    doc = {"game": "war-chest", "format": 1, "players": [
        {"name": "A", "side": "raven", "units": ["warrior_priest", "knight", "scout", "archer"]},
        {"name": "B", "side": "wolf", "units": ["cavalry", "lancer", "pikeman", "ensign"]}],
        "initiative": "A", "rounds": [{"draws": {"A": ["warrior_priest", "warrior_priest", "knight"]}, "plays": [
            {"player": "A", "action": "deploy", "coin": "warrior_priest", "to": [4, 0]},
            {"player": "B", "action": "pass"},
            {"player": "A", "action": "move", "coin": "warrior_priest", "from": [4, 0], "to": [3, 1]},
        ]}]}
    record.parse_record(doc).replay()
    doc["rounds"][0]["plays"][2] = {"player": "A", "action": "control", "coin": "warrior_priest", "at": [4, 0]}
    with pytest.raises(RecordError):  # [4,0] is already A's: WC-A9
        record.parse_record(doc).replay()


def test_draft_units_must_match_the_picks():
    doc = {"game": "war-chest", "format": 1, "players": [
        {"name": "A", "side": "raven", "units": ["archer", "lancer", "pikeman", "knight"]},
        {"name": "B", "side": "wolf", "units": ["knight", "scout", "ensign", "marshall"]}],
        "setup": {"method": "draft", "picks": ["archer", "knight", "scout", "lancer", "pikeman", "ensign",
                                               "marshall", "footman"]},
        "initiative": "B", "rounds": []}
    with pytest.raises(RecordError) as err:
        record.parse_record(doc).replay()
    assert err.value.rule == "WC-X1" and err.value.location == "players[0].units"


# ------------------------------------------------------------------ round trips


def finished(count, seed, meta=None):
    rng = random.Random(seed)
    names = ["Ania", "Marek", "Ola", "Bartek"][:count]
    state = engine.new_state(names, record.setup_of(meta or {}))
    actions = []
    while not engine.is_over(state):
        actions.append(bot.random_action(state, rng))
        engine.apply(state, actions[-1])
    return {"names": names, "state": state, "actions": actions,
            "doc": record.write_record(names, actions, meta or {})}


@pytest.mark.parametrize("count,seed,meta", [(2, 1, {}), (4, 2, {}), (2, 3, {"setup": {"method": "draft"}}),
                                             (4, 4, {"setup": {"method": "draft"}}),
                                             (2, 5, {"setup": {"method": "historic:gaugamela"},
                                                     "options": {"royal_guard": "nobility"}, "date": "2026-11-23"})])
def test_canonical_round_trip(count, seed, meta):
    game = finished(count, seed, meta)
    text = jsonio.dumps_pretty(game["doc"])
    parsed = record.parse_record(jsonio.loads(text))
    state, steps = parsed.replay()
    assert state.snapshot() == game["state"].snapshot()
    assert jsonio.dumps_pretty(record.write_record(parsed.players, steps, parsed.meta)) == text
    fast, none = parsed.replay(tracked=False)
    assert none == [] and fast.snapshot() == state.snapshot()


def test_a_record_that_stops_part_way_is_a_game_in_progress():
    game = finished(2, 6)
    for cut in (0, 1, 5, 17, len(game["actions"]) // 2):
        doc = record.write_record(game["names"], game["actions"][:cut], {})
        state, steps = record.parse_record(json.loads(json.dumps(doc))).replay()
        assert len(steps) == cut and not engine.is_over(state)


def test_examples_replay_and_are_canonical():
    files = sorted((EXAMPLES / "warchest").glob("*.json"))
    assert len(files) >= 3
    seen = {}
    for path in files:
        text = path.read_text(encoding="utf-8")
        parsed = record.parse_record(jsonio.loads(text))
        state, steps = parsed.replay()
        assert jsonio.dumps_pretty(record.write_record(parsed.players, steps, parsed.meta)) == text
        seen[path.stem] = state
    assert seen["two-players-first-game"].winner and len(seen["four-players"].players) == 4
    assert seen["four-players"].winner and not seen["in-progress"].winner


def test_WC_V2_a_resignation_between_rounds_ends_the_game():
    """Cross-check (xcheck 4_0003): a player may resign once a round's hands are empty, before the
    next round's draws; the record then ends with its last round and ``resigned``."""
    doc, state = None, None
    for seed in range(20):
        state = engine.new_state(["Ania", "Marek"], {"method": "random"})
        rng, actions = random.Random(seed), []
        while engine.decision(state).kind != "draw" or state.round < 3:
            a = bot.random_action(state, rng)
            engine.apply(state, a)
            actions.append(a)
            if engine.decision(state) is None:
                break
        if engine.decision(state) is not None:
            doc = record.write_record(["Ania", "Marek"], actions, {"setup": {"method": "random"}})
            break
    assert doc is not None and engine.decision(state).kind == "draw"
    doc["resigned"] = "Marek"
    final, _ = record.parse_record(doc).replay()
    assert final.winner == "raven" and final.resigned == "Marek"
    assert replay_output(final)["winner"] == {"side": "raven", "players": ["Ania"], "resigned": "Marek"}
    assert record.write_record(["Ania", "Marek"], record.parse_record(doc).replay()[1],
                               {"setup": {"method": "random"}}) == doc


@pytest.mark.parametrize("method", ["first_game", "historic:crecy"])
def test_WC_X2_WC_X4_either_player_may_take_the_first_army(method):
    """Cross-check (xcheck 1_0008, 1_0026): the record's ``units`` say who took which army; in the
    first game, player A (Swordsman, Pikeman, …) holds the initiative wherever seated."""
    rng = random.Random(5)
    meta = {"setup": {"method": method, "first_army": 1}}
    state = engine.new_state(["Ania", "Marek"], record.setup_of(meta))
    assert state.players[1].units == list(FIRST_GAME[0] if method == "first_game" else HISTORIC["crecy"][0])
    actions = []
    for _ in range(60):
        if engine.decision(state) is None:
            break
        a = bot.random_action(state, rng)
        engine.apply(state, a)
        actions.append(a)
    doc = record.write_record(["Ania", "Marek"], actions, meta)
    assert doc["players"][1]["units"] == state.players[1].units
    again, _ = record.parse_record(doc).replay()
    assert replay_output(again) == replay_output(state)
    if method == "first_game":
        assert doc["initiative"] == "Marek"
        doc["initiative"] = "Ania"
        with pytest.raises(RecordError) as caught:
            record.parse_record(doc).replay()
        assert (caught.value.rule, caught.value.location) == ("WC-X2", "initiative")
        assert "player A" in caught.value.render("en")


def test_the_untracked_replay_gives_the_same_output():
    """``replay --json`` replays untracked with the same engine: the same output, no entries."""
    doc = finished(2, 3)["doc"]
    tracked, steps = record.parse_record(doc).replay()
    untracked, none = record.parse_record(copy.deepcopy(doc)).replay(tracked=False)
    assert tracked.winner is not None and steps and none == []
    assert replay_output(untracked) == replay_output(tracked)



def test_a_decision_is_built_once_for_each_question():
    """Issue 27 (replay speed): ``decision`` is asked at every entry of every replay; the same
    question is the same (immutable) value, not a new one each time."""
    state, _ = record.parse_record(copy.deepcopy(DIGEST)).replay()
    first = engine.decision(state)
    assert first is not None and engine.decision(state) is first
    assert engine.decision(state.copy()) is first


def test_a_tactic_is_checked_against_the_options_toward_its_own_hexes():
    """Issue 27 (replay speed): ``apply`` checks a tactic against the options ``like`` it (from its
    unit, toward its target and hex): over random games, every tactic of every coin is accepted
    by that narrowed list exactly when the full list holds it, for the legal tactics and for
    each of them aimed elsewhere."""
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        names = ["Ola", "Bartek", "Ewa", "Kuba"][: 2 + 2 * (seed % 2)]
        state, _ = record.parse_record(record.write_record(names, [], {})).replay()
        while not engine.is_over(state) and checked < 400:
            d = engine.decision(state)
            if d is not None and d.kind == "play":
                i = engine.index(state, d.player)
                for coin in {a.coin for a in engine.legal_actions(state) if a.action == "tactic"}:
                    full = engine.tactic_options(state, i, coin)
                    tried = [*full, *(o._replace(target=t.target, to=t.to) for o in full[:3] for t in full[-3:])]
                    for mine in tried:
                        assert (mine in engine.tactic_options(state, i, coin, mine)) == (mine in full)
                        checked += 1
            engine.apply(state, bot.random_action(state, rng))
    assert checked > 100


@pytest.mark.parametrize("action", record.KINDS)
def test_the_play_reader_keeps_every_key_it_lets_an_entry_hold(action):
    """``parse_play`` looks only at the keys an entry's action (or its coin's tactic) uses
    (``record.READS``): every key it does not refuse (``unused_key``) reaches the play, for every
    action, every coin and every data key, alone or all together."""
    values = {"from": [1, 2], "at": [1, 2], "unit": [1, 2], "to": [1, 2], "target": [1, 2],
              "recruit": "archer", "absorb": True,
              "steps": [{"action": "move", "from": [0, 0], "to": [0, 1]}]}
    fields = {"from": "frm", "at": "at", "unit": "unit", "to": "to", "target": "target",
              "recruit": "recruit", "absorb": "absorb", "steps": "steps"}
    for coin in (None, *record.COIN_SET):
        head = {"player": "Ola", "action": action} | ({} if coin is None else {"coin": coin})
        for keys in ([[k] for k in record.DATA_KEYS]
                     + [list(record.TACTIC_USES.get(coin, record.DATA_KEYS)) if action == "tactic"
                        else list(record.USES[action])]):
            entry = head | {k: values[k] for k in keys}
            try:
                play, _ = record.parse_play(entry, "", None)
            except RecordError:
                continue  # a key this action does not use: refused, as before
            for k in keys:
                got = getattr(play, fields[k])
                assert got not in (None, False, ()), (action, coin, k)
