"""Issue 23: correct an earlier entry (``referee fix``), with a visible trail.

For every game: a random complete game, a random entry corrected to another legal value (what the
game's random table could have entered there instead); the result equals the corrected record
replayed from scratch, correcting it back gives the original game, and a correction that breaks a
later entry names that entry (the one whose error the corrected record gives).  Then the trail in
the record, the command line, and the correction at the table through the real prompts."""

from __future__ import annotations

import copy
import json
import random

import pytest

from referee.core import fix, jsonio, registry
from referee.core.errors import RecordError, RefereeError
from referee.core.text import catalog
from tests.conftest import EXAMPLES, referee
from tests.test_schemas import problems

NAMES = ["Ola", "Bartek", "Ewa", "Kuba"]


def playout(game, rng):
    players = NAMES[: rng.choice(game.player_counts)]
    state = game.parse_record(game.new_record(players, {})).replay()[0]
    actions = []
    while not game.is_over(state):
        action = game.random_action(state, rng)
        game.apply(state, action)
        actions.append(action)
    return players, actions


def another_entry(game, players, actions, steps, rng):
    """A random entry and another legal value for it: ``(k, location, value)``."""
    meta = game.parse_record(game.write_record(players, [], {})).meta
    for _ in range(40):
        k = rng.randrange(len(actions))
        before = game.parse_record(game.write_record(players, actions[:k], {})).replay()[0]
        for _ in range(20):
            other = game.random_action(before.copy(), rng)
            if other != actions[k]:
                break
        else:
            continue
        location, value = fix.entry_value(game, players, [*actions[:k], other], meta, k)
        if location == steps[k].location:  # (another kind of entry may lie elsewhere)
            return k, location, value
    return None


def where(location, lang="en"):
    """An entry's place as the referee says it ("Round 5, reveal crown #1")."""
    return fix.headline(catalog(lang), location, None, None, hidden=True)


def from_scratch(game, record, location, value):
    """The corrected record, replayed from scratch: ``(state, None)`` or ``(None, error)``."""
    doc = jsonio.loads(jsonio.dumps_pretty(record))
    fix.put(doc, fix.path_of(location), value)
    try:
        return game.parse_record(doc).replay()[0], None
    except RecordError as error:
        return None, error


#: per game, a seed whose random correction keeps every later entry and one that breaks one
SEEDS = {"na-grunwald": {"kept": 0, "broken": 1}, "kajko-kokosz": {"kept": 0, "broken": 1},
         "medieval-battle": {"kept": 0, "broken": 2}, "war-chest": {"kept": 8, "broken": 0}}


@pytest.mark.parametrize(("name", "kind"), [(n, k) for n in registry.names() for k in ("kept", "broken")])
def test_a_correction_is_the_corrected_record_replayed_and_correcting_it_back_restores_the_game(name, kind):
    assert check(registry.get(name), SEEDS[name][kind]) == kind


@pytest.mark.slow
@pytest.mark.parametrize("name", registry.names())
def test_random_corrections_of_many_games(name):
    kinds = [check(registry.get(name), seed) for seed in range(30)]
    assert "kept" in kinds and "broken" in kinds


def check(game, seed: int) -> str | None:
    """A random complete game, a random entry corrected to another legal value: the correction
    checked against the corrected record replayed from scratch; ``"kept"`` (every later entry
    still legal) or ``"broken"``."""
    name = game.name
    rng = random.Random(seed)
    players, actions = playout(game, rng)
    record = jsonio.loads(jsonio.dumps_pretty(game.write_record(players, actions, {})))
    state0, steps = game.parse_record(record).replay()
    found = another_entry(game, players, actions, steps, rng)
    if found is None:
        return None
    k, location, value = found
    c = fix.correct(game, record, location, value, at="2026-11-25T21:00:00+00:00", note="typed wrong")
    scratch, error = from_scratch(game, record, location, value)
    if c.broken is None:
        assert error is None
        assert c.state.snapshot() == scratch.snapshot()
        assert game.parse_record(c.record).replay()[0].snapshot() == scratch.snapshot()
        (trail,) = c.record["corrections"]
        assert (trail["entry"], trail["was"], trail["now"], trail["note"]) == (
            location, fix.get(record, fix.path_of(location)), value, "typed wrong")
        assert problems(name, jsonio.loads(jsonio.dumps_pretty(c.record))) == []
        # undo of a correction is a correction: the original game, both kept in the trail
        back = fix.correct(game, c.record, location, trail["was"], at="2026-11-25T21:05:00+00:00")
        assert back.broken is None
        assert back.state.snapshot() == state0.snapshot()
        assert [x["now"] for x in back.record["corrections"]] == [value, trail["was"]]
        assert {k: v for k, v in back.record.items() if k != "corrections"} == record
    else:
        # the entry named is the one the corrected record breaks at, after the corrected one
        assert error is not None
        assert (c.broken.error.location, c.broken.error.rule) == (error.location, error.rule)
        assert c.broken.index > k
        assert c.broken.entry == steps[c.broken.index].location
        assert c.record == record and not c.changed  # nothing changed without truncate
        cut = fix.correct(game, record, location, value, at="2026-11-25T21:00:00+00:00",
                          truncate=True)
        kept, kept_steps = game.parse_record(cut.record).replay()
        # the record stops before the entry named (the entries before it may be more or fewer:
        # the corrected one can end a turn another way)
        assert kept_steps
        assert fix.get(cut.record, fix.path_of(c.broken.entry)) is fix._MISSING
        assert kept.snapshot() == cut.state.snapshot()
        dropped = cut.record["corrections"][0]["dropped"]
        assert [d["entry"] for d in dropped] == [s.location for s in steps[c.broken.index:]]
        assert problems(name, jsonio.loads(jsonio.dumps_pretty(cut.record))) == []
    return "kept" if c.broken is None else "broken"


@pytest.mark.parametrize("name", registry.names())
def test_the_trail_is_ignored_by_replay_and_written_back_as_read(name):
    game = registry.get(name)
    players, actions = playout(game, random.Random(5))
    record = game.write_record(players, actions, {})
    trail = [{"at": "2026-11-25T21:00:00+00:00", "entry": "x[0]", "was": 1, "now": 2,
              "changed": [{"fact": "winners", "was": ["Ola"], "now": ["Bartek"]}], "note": "typed wrong"}]
    with_trail = {**record, "corrections": trail}
    parsed = game.parse_record(jsonio.loads(jsonio.dumps_pretty(with_trail)))
    state, steps = parsed.replay()
    assert state.snapshot() == game.parse_record(record).replay()[0].snapshot()
    assert game.write_record(players, steps, parsed.meta) == with_trail
    assert problems(name, with_trail) == []
    # a malformed trail is named where it is wrong
    bad = {**record, "corrections": [{"at": 5, "entry": "x", "was": 1, "now": 2}]}
    with pytest.raises(RecordError) as caught:
        game.parse_record(bad)
    assert caught.value.location == "corrections[0].at"
    assert problems(name, bad)


def test_a_location_is_read_as_errors_write_it():
    assert fix.path_of("rounds[4].reveal.mercenary[1]") == ("rounds", 4, "reveal", "mercenary", 1)
    assert fix.path_of('rounds[0].skirmish.losses["Jan P."]') == ("rounds", 0, "skirmish", "losses", "Jan P.")
    assert fix.location_of(("rounds", 0, "skirmish", "losses", "Jan P.")) == 'rounds[0].skirmish.losses["Jan P."]'
    for bad in ("", "[", "rounds[x]", "rounds..a", "rounds[4]reveal"):
        with pytest.raises(ValueError):
            fix.path_of(bad)


GRUNWALD = EXAMPLES / "two-players.json"


def grunwald_record():
    return jsonio.loads(GRUNWALD.read_text(encoding="utf-8"))


def test_a_location_outside_every_entry_or_the_same_value_is_refused():
    game = registry.get("na-grunwald")
    record = grunwald_record()
    for location, key in (("players[0]", "core.fix.no_entry"), ("rounds[99].reveal", "core.fix.no_entry"),
                          ("rounds[", "core.fix.bad_location"), ("rounds[1].reveal.provisions[0]", "core.fix.same")):
        with pytest.raises(RefereeError) as caught:
            fix.correct(game, record, location, 5, at="now")
        assert caught.value.key == key
    # a value the entry itself cannot take: its own error, nothing else
    with pytest.raises(RecordError) as caught:
        fix.correct(game, record, "rounds[1].reveal.provisions[0]", 0, at="now")
    assert (caught.value.location, caught.value.rule) == ("rounds[1].reveal.provisions[0]", "NG-C3")


def test_the_standing_before_and_after_names_the_title_that_moved():
    game = registry.get("na-grunwald")
    c = fix.correct(game, grunwald_record(), "rounds[1].reveal.provisions[0]", 1, at="now")
    assert {"fact": "players.Bartek.score.quartermaster", "was": 4, "now": 0} in c.changed
    assert c.broken is None and not c.secret


# --------------------------------------------------------------------------------------------
# the command line


class Cli:
    """The ``referee`` command in this process (its one place where errors become a line and an
    exit code: ``app.main``)."""

    def __init__(self, capsys, data):
        self.capsys, self.data = capsys, data

    def __call__(self, *args):
        from referee.cli.app import main

        try:
            main(["--data-dir", str(self.data), *map(str, args)])
            code = 0
        except SystemExit as exit:
            code = exit.code or 0
        said = self.capsys.readouterr()
        return code, said.out, said.err

    def record(self, name="g"):
        from referee.store.sessions import Store

        return Store(self.data).open(name, write=False).record


@pytest.fixture
def cli(tmp_path, capsys):
    run = Cli(capsys, tmp_path / "data")
    code, _, err = run("import", GRUNWALD, "--name", "g")
    assert code == 0, err
    return run


def test_fix_entry_set_corrects_and_show_and_the_summaries_list_it(cli):
    code, out, err = cli("fix", "g", "--entry", "rounds[1].reveal.provisions[0]", "--set", "1",
                         "--note", "typed wrong")
    assert code == 0, err
    assert "Corrected: Round 2, reveal provisions #1: 5 → 1, typed wrong" in out
    assert "Bartek no longer holds the title Royal quartermaster" in out  # (the game's own title)
    record = cli.record()
    assert record["rounds"][1]["reveal"]["provisions"][0] == 1
    (trail,) = record["corrections"]
    assert (trail["entry"], trail["was"], trail["now"], trail["note"]) == (
        "rounds[1].reveal.provisions[0]", 5, 1, "typed wrong")
    shown = cli("show", "g")[1]
    assert "Corrections" in shown and "Round 2, reveal provisions #1: 5 → 1, typed wrong" in shown
    assert "Bartek no longer holds the title Royal quartermaster" in shown
    md = cli("export", "g", "--format", "md")[1]
    assert "## Corrections" in md and "5 → 1, typed wrong" in md
    html = cli("export", "g", "--format", "html")[1]
    assert "Corrections" in html and "5 → 1, typed wrong" in html
    # correcting it back is a correction too: the first result returns, both are in the trail
    code, _, err = cli("fix", "g", "--entry", "rounds[1].reveal.provisions[0]", "--set", "5")
    assert code == 0, err
    again = cli.record()
    assert {k: v for k, v in again.items() if k != "corrections"} == grunwald_record()
    assert len(again["corrections"]) == 2


def test_fix_refuses_a_correction_that_breaks_a_later_entry_and_changes_nothing(cli):
    before = cli.record()
    code, _, err = cli("fix", "g", "--entry", "rounds[4].reveal.mercenary[0]", "--set", "4")
    assert code == 1
    assert "rounds[7].skirmish.cards: NG-S2" in err
    assert cli.record() == before
    # --truncate (the later entries drop a secret one: every player agrees)
    code, _, err = cli("fix", "g", "--entry", "rounds[4].reveal.mercenary[0]", "--set", "4", "--truncate")
    assert code == 1 and "--all-agree" in err
    assert cli.record() == before
    code, out, err = cli("fix", "g", "--entry", "rounds[4].reveal.mercenary[0]", "--set", "4",
                         "--truncate", "--all-agree")
    assert code == 0, err
    assert "The game goes on from rounds[7].skirmish.cards" in out
    record = cli.record()
    assert "skirmish" not in record["rounds"][7]
    dropped = record["corrections"][0]["dropped"]
    assert dropped[0] == {"entry": "rounds[7].skirmish.cards", "value": before["rounds"][7]["skirmish"]["cards"]}
    (listed,) = json.loads(cli("list", "--json")[1])
    assert listed["complete"] is False  # the game goes on from there


def test_fix_usage_and_input_errors(cli):
    code, _, err = cli("fix", "g", "--entry", "rounds[1].reveal")
    assert code == 2 and "--entry and --set" in err
    code, _, err = cli("fix", "g", "--entry", "rounds[1].reveal", "--set", "{oops")
    assert code == 2 and "not JSON" in err
    code, _, err = cli("fix", "g", "--entry", "players[0]", "--set", '"Ala"')
    assert code == 1 and "no entry" in err
    code, _, err = cli("fix", "g")  # the input is no terminal
    assert code == 2 and "--entry LOCATION --set JSON" in err
    assert "corrections" not in cli.record()


def test_fix_in_a_child_process_one_line_exit_1_and_help(tmp_path):
    data = tmp_path / "data"
    assert referee("--data-dir", data, "import", GRUNWALD, "--name", "g").returncode == 0
    done = referee("--data-dir", data, "fix", "g", "--entry", "rounds[4].reveal.mercenary[0]", "--set", "4")
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "rounds[7].skirmish.cards" in done.stderr
    helped = referee("fix", "--help")
    assert helped.returncode == 0
    for option in ("--entry", "--set", "--truncate", "--all-agree", "--note"):
        assert option in helped.stdout


def test_a_correction_is_one_save(tmp_path, monkeypatch):
    """Crash safety: the session is written once, by the store's atomic save."""
    from referee.cli import commands
    from referee.store.sessions import Store

    store = Store(tmp_path / "data")
    session = store.create("g", "na-grunwald", grunwald_record(), "en")
    session.close()
    saves = []
    original = type(session).save

    def counting(self, *args, **kwargs):
        saves.append(1)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(type(session), "save", counting)
    fixed = commands.service(store).fix("g", "rounds[1].reveal.provisions[0]", 1)
    assert fixed.status == "done" and saves == [1]
    record = store.open("g", write=False).record
    assert record["rounds"][1]["reveal"]["provisions"][0] == 1 and record != copy.deepcopy(grunwald_record())


# --------------------------------------------------------------------------------------------
# at the table: the real prompts on a pipe (the game's own questions for the entry, private
# where it was private)


def stored_session(tmp_path, game, players, actions, meta=None):
    from referee.store.sessions import Store

    store = Store(tmp_path / "data")
    session = store.create("g", game.name, game.write_record(players, actions, meta or {}), "en")
    session.close()
    return store, session.id


def at_the_table(store, sid, location, game_keys, *, truncate=False, agree=True, note="typed wrong"):
    """``referee fix SESSION`` through the real prompts: the entry at ``location`` is chosen from
    the list, ``game_keys(q, pipe)`` answers the game's questions, then the note, the choice to
    stop the game at a broken entry (``truncate``) and each player's agreement (``agree``)."""
    import io

    from rich.console import Console

    from referee.cli import fix as cli_fix
    from referee.cli.prompter import Prompter, keys_for
    from referee.core import dialog as dialogs
    from tests.harness import pipe_session

    buffer = io.StringIO()
    asked: list[str] = []
    with pipe_session() as pipe:
        prompter = Prompter(Console(file=buffer, width=120), "en")

        def before(q):
            asked.append(q.key)
            if isinstance(q, dialogs.Private):  # the player alone at the screen presses Enter
                pipe.send_text("\r")
            elif q.key == "fix.group":
                pipe.send_text(keys_for(q, cli_fix.group_of(location)))
            elif q.key == "fix.entry":
                words = fix.where(catalog("en"), location, head=False) or where(location)
                pipe.send_text(keys_for(q, next(c.value for c in q.choices  # (as it is said)
                                                if c.label == words or c.label.startswith(words + ": "))))
            elif q.key == "fix.note":
                pipe.send_text(note + "\r")
            elif q.key == "fix.truncate":
                pipe.send_text(keys_for(q, truncate))
            elif q.key == "fix.agree":
                pipe.send_text(keys_for(q, agree))
            else:
                game_keys(q, pipe)

        prompter.before_question = before
        cli_fix.fix(store, sid, None, None, lang="en", prompter=prompter)
    return buffer.getvalue(), asked


def replayed_session(store, sid):
    record = store.open(sid, write=False).record
    game = registry.find(record["game"])
    return record, *game.parse_record(record).replay()


def test_kajko_at_the_table_a_turn_entered_again(tmp_path, capsys):
    from referee.games.kajko.actions import Reveal
    from tests.kajko.test_live import KajkoTable, target_game

    game = registry.get("kajko-kokosz")
    state, actions = target_game(3)
    store, sid = stored_session(tmp_path, game, ["Ola", "Bartek", "Ewa"], actions,
                                {"variants": {"dusigrosz": True, "coin_in_hand": True}})
    record0, state0, steps = replayed_session(store, sid)
    # the last turn revealed another card of the same stack: a typing mistake at the table
    k = len(actions) - 1
    last = actions[k]
    before = game.parse_record(game.write_record(state0.names, actions[:k], game.parse_record(record0).meta)).replay()[0]
    other = next(a for a in game.legal_actions(before) if isinstance(a, Reveal) and a != last) \
        if game.legal_actions(before) else None
    assert other is not None
    table = KajkoTable(store, [other])
    table.saved = lambda: 0

    def keys(q, pipe):
        table.pipe = pipe
        table(q)

    said, asked = at_the_table(store, sid, steps[k].location, keys)
    record, state, steps2 = replayed_session(store, sid)
    assert steps2[k].action == other
    assert record["corrections"][0]["entry"] == steps[k].location
    assert record["corrections"][0]["note"] == "typed wrong"
    assert "Corrected: Turn " in said
    assert asked[:2] == ["fix.group", "fix.entry"] and "kajko.turn" in asked


def _grunwald_keys(target):
    from tests.grunwald.test_live import ScriptedTable

    table = ScriptedTable(None, None, [target])
    table.saved = lambda: 0

    def keys(q, pipe):
        table.pipe = pipe
        table(q)

    return keys


def _skirmish_correction():
    """Na Grunwald!'s example: round 7's skirmish cards (chosen in secret, revealed together):
    Bartek played crown 4, not crown 5 (every later entry stays legal)."""
    from referee.games.grunwald.actions import SkirmishCards

    game = registry.get("na-grunwald")
    parsed = game.parse_record(grunwald_record())
    steps = parsed.replay()[1]
    k = next(i for i, s in enumerate(steps) if s.location == "rounds[6].skirmish.cards")
    assert dict(steps[k].action.cards) == {"Ola": "crown:6", "Bartek": "crown:5"}
    other = SkirmishCards((("Ola", "crown:6"), ("Bartek", "crown:4")))
    actions = [s.action for s in steps]
    location, value = fix.entry_value(game, parsed.players, [*actions[:k], other], parsed.meta, k)
    assert location == "rounds[6].skirmish.cards"
    return location, other, value


def test_grunwald_at_the_table_a_skirmish_across_its_reveal_needs_everybody(tmp_path):
    game = registry.get("na-grunwald")
    parsed = game.parse_record(grunwald_record())
    store, sid = stored_session(tmp_path, game, parsed.players, parsed.replay()[1], parsed.meta)
    location, other, value = _skirmish_correction()
    record0 = store.open(sid, write=False).record
    # Bartek does not agree: nothing changes
    said, asked = at_the_table(store, sid, location, _grunwald_keys(other), agree=False)
    assert "fix.agree" in asked and "Not everybody agreed" in said
    # asked before the cards are chosen again: no new card was typed, none revealed
    assert "private" not in asked and "revealed" not in said
    assert store.open(sid, write=False).record == record0
    # everybody agrees: the cards are corrected, the later entries kept
    said, asked = at_the_table(store, sid, location, _grunwald_keys(other))
    assert asked.count("fix.agree") == 2  # each player
    assert "private" in asked  # the cards are chosen in each player's private moment, as in play
    record, state, steps = replayed_session(store, sid)
    assert fix.get(record, fix.path_of(location)) == value
    assert record["corrections"][0]["entry"] == location
    assert len(steps) == len(parsed.replay()[1])
    assert "Corrected: " + where(location) in said


def test_grunwald_at_the_table_a_reveal_that_breaks_a_later_entry_stops_the_game_there(tmp_path):
    from referee.games.grunwald.actions import Reveal

    game = registry.get("na-grunwald")
    parsed = game.parse_record(grunwald_record())
    steps = parsed.replay()[1]
    store, sid = stored_session(tmp_path, game, parsed.players, steps, parsed.meta)
    k = next(i for i, s in enumerate(steps) if s.location == "rounds[4].reveal")
    old = steps[k].action
    mercenary = list(old.mercenary)
    mercenary[0] = 4
    other = Reveal(crown=old.crown, mercenary=tuple(mercenary), provisions=old.provisions,
                   ducats=old.ducats, teutons=old.teutons)
    record0 = store.open(sid, write=False).record
    said, asked = at_the_table(store, sid, "rounds[4].reveal", _grunwald_keys(other), truncate=False)
    assert "fix.truncate" in asked
    assert "rounds[7].skirmish.cards is no longer legal: NG-S2" in said
    assert "Nothing was corrected." in said
    assert store.open(sid, write=False).record == record0
    said, asked = at_the_table(store, sid, "rounds[4].reveal", _grunwald_keys(other), truncate=True)
    assert "The game goes on from rounds[7].skirmish.cards" in said
    record, state, steps2 = replayed_session(store, sid)
    assert record["rounds"][4]["reveal"]["mercenary"][0] == 4
    assert record["corrections"][0]["dropped"][0]["entry"] == "rounds[7].skirmish.cards"
    assert not game.is_over(state)


def test_war_chest_at_the_table_a_draw_entered_again_in_its_players_private_moment(tmp_path):
    from referee.games.warchest.actions import Draw
    from tests.warchest.test_live import WarTable, target_game

    game = registry.get("war-chest")
    players = ["Ola", "Bartek"]
    _, actions = target_game(4, players)
    store, sid = stored_session(tmp_path, game, players, actions)
    record0, state0, steps = replayed_session(store, sid)
    location = "rounds[0].draws.Bartek"
    assert steps[4].location == location and steps[4].action.coins is not None
    other = Draw("Bartek", None)  # the draw was not told: typed by mistake
    table = WarTable(store, [other])
    table.saved = lambda: 0

    def keys(q, pipe):
        table.pipe = pipe
        table(q)

    said, asked = at_the_table(store, sid, location, keys)
    assert asked[asked.index("fix.entry") + 1] == "private"  # Bartek alone at the screen
    assert "warchest.draw" in asked
    record, state, steps2 = replayed_session(store, sid)
    assert "Bartek" not in record["rounds"][0].get("draws", {})
    assert steps2[4].action == other
    trail = record["corrections"][0]
    assert (trail["entry"], trail["was"]) == (location, record0["rounds"][0]["draws"]["Bartek"])
    assert "Corrected: Round 1, draws Bartek" in said


def test_medieval_at_the_table_an_army_chosen_in_secret_corrected_with_everybody(tmp_path):
    from referee.cli.prompter import keys_for

    game = registry.get("medieval-battle")
    players, actions = playout(game, random.Random(0))
    assert players == ["Ola", "Bartek"]
    store, sid = stored_session(tmp_path, game, players, actions)
    record0, state0, steps = replayed_session(store, sid)
    assert steps[0].location == "armies.Ola" and game.is_secret(steps[0].action)

    def keys(q, pipe):
        assert q.key == "medieval.recruit", q.key
        pipe.send_text(keys_for(q, "2 HC, 1 LB, 2 SB, 2 PK!"))

    said, asked = at_the_table(store, sid, "armies.Ola", keys, truncate=True)
    # everybody agrees to choose again FIRST (a trial: a refusal after the new choice was shown
    # came too late), then it is typed in Ola's private moment, as at recruitment
    at = asked.index("fix.entry")
    assert asked[at + 1:at + 4] == ["fix.agree", "fix.agree", "private"]
    assert asked.count("fix.agree") == 2
    record, state, steps2 = replayed_session(store, sid)
    assert record["armies"]["Ola"] == {"heavy_cavalry": 2, "longbowmen": 1, "bowmen": 2, "pikemen": 2}
    trail = record["corrections"][0]
    assert (trail["entry"], trail["was"]) == ("armies.Ola", record0["armies"]["Ola"])
    # Ola's old units moved later: those entries no longer fit; they are kept, not lost
    assert "is no longer legal: MB-" in said
    assert trail["dropped"][0]["entry"] in said
    assert not game.is_over(state)


def test_the_fix_key_in_play_corrects_an_earlier_entry_and_play_goes_on(tmp_path, capsys):
    """Ctrl-F at a question of ``play``: the entry being asked is left, the correction is made
    with the same questions as ``referee fix``, and play goes on from the corrected game."""
    import io

    from rich.console import Console

    from referee.cli import commands
    from referee.cli.prompter import Prompter, keys_for
    from referee.games.kajko.actions import Reveal, Send
    from referee.games.kajko.dialog import SEND
    from tests.harness import pipe_session
    from tests.kajko.test_live import target_game

    game = registry.get("kajko-kokosz")
    _, actions = target_game(3)
    meta = {"variants": {"dusigrosz": True, "coin_in_hand": True}}
    store, sid = stored_session(tmp_path, game, ["Ola", "Bartek", "Ewa"], actions[:6], meta)
    record0, state0, steps = replayed_session(store, sid)
    k = 5
    before = game.parse_record(game.write_record(state0.names, actions[:k], meta)).replay()[0]
    other = next(a for a in game.legal_actions(before) if a != actions[k])
    phase = ["play"]
    buffer = io.StringIO()
    with pipe_session() as pipe:
        prompter = Prompter(Console(file=buffer, width=120), "en")

        def before_question(q):
            if q.key == "kajko.turn" and phase[0] == "play":
                phase[0] = "fix"
                pipe.send_text("\x06")  # Ctrl-F at the turn being asked
            elif q.key == "kajko.turn" and phase[0] == "fix":  # the corrected turn, entered again
                pipe.send_text(keys_for(q, SEND if isinstance(other, Send) else other.stack))
            elif q.key == "kajko.turn":
                pipe.send_text("\x03")  # play went on: the table stops there
            elif q.key == "fix.group":
                pipe.send_text(keys_for(q, q.choices[0].value))
            elif q.key == "fix.entry":
                pipe.send_text(keys_for(q, k))
            elif q.key == "fix.note":
                phase[0] = "again"
                pipe.send_text("typed wrong\r")
            elif q.key == "kajko.card" and isinstance(other, Reveal):
                pipe.send_text(keys_for(q, other.card))
            elif q.key == "kajko.target":
                pipe.send_text(keys_for(q, other.target))
            else:
                raise AssertionError(q.key)

        prompter.before_question = before_question
        with pytest.raises(KeyboardInterrupt):
            commands.play(store, sid, "en", prompter=prompter)
    assert phase == ["again"]
    record, state, steps2 = replayed_session(store, sid)
    assert steps2[k].action == other
    assert record["corrections"][0]["entry"] == steps[k].location
    assert "Corrected: " + where(steps[k].location) in capsys.readouterr().out  # (play's news)


def test_the_trail_stays_through_play_and_undo(tmp_path):
    """A corrected session is played on and undone as any other: its trail stays in the record."""
    from referee.cli import commands
    from referee.store.sessions import Store

    store = Store(tmp_path / "data")
    game = registry.get("kajko-kokosz")
    players = ["Ola", "Bartek"]
    state = game.parse_record(game.new_record(players, {})).replay()[0]
    rng = random.Random(2)
    actions = []
    for _ in range(6):
        action = game.random_action(state, rng)
        game.apply(state, action)
        actions.append(action)
    session = store.create("g", game.name, game.write_record(players, actions, {}), "en")
    session.close()
    sessions = commands.service(store)
    steps = game.parse_record(store.open("g", write=False).record).replay()[1]
    before = game.parse_record(game.write_record(players, actions[:2], {})).replay()[0]
    other = next(a for a in game.legal_actions(before) if a != actions[2])
    location, value = fix.entry_value(game, players, [*actions[:2], other], {}, 2)
    assert location == steps[2].location
    fixed = sessions.fix("g", location, value, truncate=True)
    assert fixed.status == "done"
    with sessions.open_live("g") as live:
        live.apply(game.random_action(live.state.copy(), rng))
    assert len(store.open("g", write=False).record["corrections"]) == 1
    sessions.undo("g", 1, all_agree=True)
    assert len(store.open("g", write=False).record["corrections"]) == 1


def test_show_json_carries_the_trail(cli):
    """``show --json`` has the record's ``corrections`` (docs/spec/corrections.md)."""
    assert cli("fix", "g", "--entry", "rounds[1].reveal.provisions[0]", "--set", "1",
               "--note", "typed wrong")[0] == 0
    code, out, err = cli("show", "g", "--json")
    assert code == 0, err
    (trail,) = json.loads(out)["corrections"]
    assert (trail["entry"], trail["was"], trail["now"], trail["note"]) == (
        "rounds[1].reveal.provisions[0]", 5, 1, "typed wrong")
    assert {"fact": "players.Bartek.score.quartermaster", "was": 4, "now": 0} in trail["changed"]


def test_show_json_of_a_game_in_progress_does_not_say_a_corrected_private_value(cli):
    """A War Chest draw is Kasia's private fact while the game goes on: ``show --json`` names the
    corrected entry, not what the draw was or became (as ``show`` does)."""
    assert cli("import", EXAMPLES / "warchest" / "in-progress.json", "--name", "w")[0] == 0
    code, _out, err = cli("fix", "w", "--entry", "rounds[0].draws.Kasia", "--set", "null")
    assert code == 0, err
    assert cli.record("w")["corrections"][0]["was"] == ["archer", "royal_guard", "royal_guard"]
    code, out, err = cli("show", "w", "--json")
    assert code == 0, err
    (trail,) = json.loads(out)["corrections"]
    assert trail["entry"] == "rounds[0].draws.Kasia" and "was" not in trail and "now" not in trail
    assert "royal_guard" not in json.dumps(trail)
    shown = cli("show", "w")[1]
    assert "corrected: Round 1, draws Kasia" in shown and "royal_guard" not in shown.split("Corrections")[1]


def test_issue22_a_corrected_entry_the_rules_refuse_names_no_coin_of_the_hand(cli):
    """``fix --entry --set`` of Kasia's play to a coin she does not hold, in a War Chest game in
    progress: the refusal says only where and which rule (WC-V5), never her hand ("archer,
    royal guard") nor the legal plays that list it; nothing is changed.  A table that plays open
    hears why."""
    assert cli("import", EXAMPLES / "warchest" / "in-progress.json", "--name", "w")[0] == 0
    before = cli.record("w")
    knight = '{"player":"Kasia","action":"deploy","coin":"knight","to":[6,1]}'
    code, _out, err = cli("fix", "w", "--entry", "rounds[0].plays[1]", "--set", knight)
    assert code == 1
    assert "rounds[0].plays[1]" in err and "WC-" in err and "Nothing was changed" in err
    for coin in ("archer", "royal", "guard", "legal"):
        assert coin not in err.lower()
    assert cli.record("w") == before
    code, _out, err = cli("fix", "w", "--entry", "rounds[0].plays[1]", "--set", knight, "--lang", "pl")
    assert code == 1 and "rounds[0].plays[1]" in err and "Nic nie zmieniono" in err
    assert not {"archer", "royal", "łucznik", "gwardia"} & set(err.lower().replace(",", " ").split())
    from referee.core.errors import RecordError
    from referee.core.service import SessionService
    from referee.store.sessions import Store

    # the service as Ctrl-F and the interactive ``referee fix`` call it (with their callbacks)
    with pytest.raises(RecordError) as refused:
        SessionService(Store(cli.data)).fix("w", "rounds[0].plays[1]", json.loads(knight),
                                            decide=lambda c: True, agree=lambda names: True)
    assert refused.value.key == "core.fix.refused_hidden" and refused.value.rule == "WC-V5"
    assert "archer" not in refused.value.render("en").lower()
    with SessionService(Store(cli.data)).open_live("w", open_table=True) as live:
        live.keep_choices()
    code, _out, err = cli("fix", "w", "--entry", "rounds[0].plays[1]", "--set", knight)
    assert code == 1 and "archer" in err.lower()  # an open table: the whole reason


def _fix_in_play(tmp_path, monkeypatch, same):
    """Kajko at turn 7: Ctrl-F, turn 6 entered again (``same``: its "cancel the correction"
    chosen instead), then play goes on and the table stops at the next turn.  What was drawn after
    the last board, and the whole output."""
    import io

    from rich.console import Console

    from referee.cli import commands
    from referee.cli.prompter import Prompter, keys_for
    from referee.core import dialog as dialogs
    from referee.games.kajko.actions import Send
    from referee.games.kajko.dialog import SEND
    from tests.harness import pipe_session
    from tests.kajko.test_live import target_game

    game = registry.get("kajko-kokosz")
    _, actions = target_game(3)
    meta = {"variants": {"dusigrosz": True, "coin_in_hand": True}}
    store, sid = stored_session(tmp_path, game, ["Ola", "Bartek", "Ewa"], actions[:6], meta)
    k = 5
    before = game.parse_record(game.write_record(["Ola", "Bartek", "Ewa"], actions[:k], meta)).replay()[0]
    other = actions[k] if same else next(a for a in game.legal_actions(before) if a != actions[k])
    phase = ["play"]
    asked = []
    buffer = io.StringIO()
    with pipe_session() as pipe:
        console = Console(file=buffer, width=80, height=24, force_terminal=True, color_system=None)
        prompter = Prompter(console, "en")
        monkeypatch.setattr(commands, "console", lambda: console)  # (play's news: one screen)

        def before_question(q):
            if q.key == "kajko.turn" and phase[0] == "play":
                phase[0] = "fix"
                pipe.send_text("\x06")  # Ctrl-F
            elif q.key == "kajko.turn" and phase[0] == "fix":
                phase[0] = "again"
                asked.append(q)
                pipe.send_text(keys_for(q, dialogs.UNDO if same else
                                        SEND if isinstance(other, Send) else other.stack))
            elif q.key == "kajko.turn":
                pipe.send_text("\x03")  # play went on: the table stops there
            elif q.key in ("fix.group", "fix.entry"):
                pipe.send_text(keys_for(q, q.choices[0].value if q.key == "fix.group" else k))
            elif q.key == "fix.note":
                pipe.send_text("typed wrong\r")
            elif q.key == "kajko.card":
                pipe.send_text(keys_for(q, other.card))
            elif q.key == "kajko.target":
                pipe.send_text(keys_for(q, other.target))
            else:
                raise AssertionError(q.key)

        prompter.before_question = before_question
        with pytest.raises(KeyboardInterrupt):
            commands.play(store, sid, "en", prompter=prompter)
    assert phase == ["again"]
    said = buffer.getvalue()
    (again,) = asked
    undo = [c.label for c in again.choices if c.value is dialogs.UNDO]
    assert undo == ["↶ Cancel the correction (nothing is changed)"]  # (not "Undo the last entry")
    return said.rsplit("Turn 7: Ola", 1)[-1], said  # (the board play goes on with)


def test_a_cancelled_correction_in_play_stays_visible_under_the_next_board(tmp_path, monkeypatch):
    last, _ = _fix_in_play(tmp_path, monkeypatch, same=True)
    assert "Nothing was corrected." in last
    from referee.store.sessions import Store

    (entry,) = Store(tmp_path / "data").entries()
    assert "corrections" not in Store(tmp_path / "data").open(entry["id"], write=False).record


def test_a_correction_in_play_is_told_under_the_next_board_and_the_first_board_tells_the_key(
        tmp_path, monkeypatch):
    last, said = _fix_in_play(tmp_path, monkeypatch, same=False)
    assert "Corrected: Turn 6, Ewa, typed wrong." in last
    first = said.split("Turn 6: Ewa")[0]  # play's first board, before the correction's questions
    assert "Ctrl-F at any question: correct an earlier entry." in first
    assert said.count("Ctrl-F at any question") == 1  # told once a sitting, not after a fix


@pytest.mark.slow
def test_a_correction_killed_at_any_moment_leaves_the_session_before_or_after_it(tmp_path):
    """Issue 23 item 4: ``referee fix --entry --set``, a real process killed (SIGKILL) at random
    moments: the session always loads and replays, and is either as it was before the
    correction or as after it (the value and the trail together), never in between."""
    import signal
    import subprocess
    import sys
    import time

    from referee.store.sessions import Store
    from tests.conftest import ROOT

    env = {**__import__("os").environ, "PYTHONPATH": str(ROOT), "REFEREE_LANG": "en"}
    data = tmp_path / "data"
    location = "rounds[1].reveal.provisions[0]"
    game = registry.get("na-grunwald")

    def run(value):
        return subprocess.Popen([sys.executable, "-m", "referee", "--data-dir", str(data), "fix", "g",
                                 "--entry", location, "--set", str(value), "--note", "typed wrong"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)

    def seen():
        session = Store(data).open("g", write=False)
        game.parse_record(session.record).replay()  # it replays
        record = session.record
        return fix.get(record, fix.path_of(location)), len(record.get("corrections", []))

    subprocess.run([sys.executable, "-m", "referee", "--data-dir", str(data), "import", str(GRUNWALD),
                    "--name", "g"], check=True, capture_output=True, env=env)
    began = time.monotonic()
    assert run(1).wait(timeout=120) == 0  # a whole correction: how long one takes here
    took = time.monotonic() - began
    now = seen()
    assert now == (1, 1)
    rng = random.Random(23)
    outcomes = set()
    for _ in range(25):
        target = 5 if now[0] == 1 else 1
        proc = run(target)
        time.sleep(rng.uniform(0.4, 1.2) * took)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        after = seen()
        assert after in (now, (target, now[1] + 1)), (now, after)
        outcomes.add("after" if after != now else "before")
        now = after
    assert outcomes == {"before", "after"}  # the kills landed on both sides of the save


def test_the_fix_key_works_at_a_private_moments_look_away_question_too():
    """Ctrl-F at "Bartek: press Enter when only you can see the screen" (the trial in tmux found
    it did nothing there): the correction starts, and nothing private was opened."""
    import io

    from rich.console import Console

    from referee.cli.prompter import FixRequested, Prompter
    from referee.core import dialog as dialogs
    from tests.harness import pipe_session

    with pipe_session() as pipe:
        prompter = Prompter(Console(file=io.StringIO(), width=80), "en")
        prompter.fix_key = True
        prompter.before_question = lambda q: pipe.send_text("\x06\r")  # (old code: Enter)
        with pytest.raises(FixRequested):
            prompter.ask(dialogs.Private("Bartek", "Bartek: press Enter when only you can see the screen"))
        assert prompter.private is None


@pytest.mark.parametrize("where", ["fix.group", "fix.entry"])
def test_each_list_of_a_correction_has_a_way_back(tmp_path, where):
    """A trial: the lists of rounds and of entries offered no way back (Esc, b, u did nothing):
    ``u`` cancels at either, and nothing is changed."""
    from referee.cli import fix as cli_fix
    from tests.harness import Typing, prompts
    from tests.kajko.test_live import target_game

    game = registry.get("kajko-kokosz")
    _, actions = target_game(3)
    store, sid = stored_session(tmp_path, game, ["Ola", "Bartek", "Ewa"], actions,
                                {"variants": {"dusigrosz": True, "coin_in_hand": True}})
    record0 = store.open(sid, write=False).record
    typing = {"fix.group": "u"} if where == "fix.group" else {"fix.group": "\r", "fix.entry": "u"}
    table = Typing(typing)
    said: list = []
    with prompts(table, "en") as prompter:
        cli_fix.interactive(store, sid, "en", prompter, said=said)
    assert [q.key for q in table.asked][-1] == where
    assert "Nothing was corrected." in [line.text for line in said]
    assert store.open(sid, write=False).record == record0
