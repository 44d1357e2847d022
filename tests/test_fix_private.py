"""Issue 22 at ``referee fix`` (and Ctrl-F in ``play``): while a game with private facts goes on
and its table does not play open, every list and every line of a correction shows public facts
only.  An entry whose value is still private — a card face down in a Na Grunwald! camp (a
skirmish card, a knight sent on a task), a War Chest hand or face-down coin, a Medieval Battle
army chosen in secret — is named by its place and kind.

Per game with private facts (its ``facts.py`` declares some, docs/table.md): a random game in
progress, every entry of it listed through ``referee fix``'s real prompts onto a virtual
terminal, and the screen and its scrollback searched for the private values, as the game's own
words (and the record's) would write them."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from importlib import import_module

import pytest

from referee.cli import commands
from referee.cli import fix as cli_fix
from referee.cli.prompter import keys_for
from referee.core import dialog as dialogs
from referee.core import fix as core_fix
from referee.core import registry
from referee.core.facts import PRIVATE
from referee.core.service import SessionService
from referee.core.text import catalog
from referee.store.sessions import Store
from tests.harness import Typist
from tests.terminal import Terminal

NAMES = ["Ola", "Bartek", "Ewa", "Kuba"]

#: the games whose facts include private ones (docs/table.md), by registry name
GAMES = [name for name in registry.names()
         if any(f.kind == PRIVATE for f in import_module(f"{registry.get(name).package}.facts").FACTS)]


def test_issue22_the_games_with_private_facts_are_tested_here():
    assert set(GAMES) == {"na-grunwald", "war-chest", "medieval-battle"}


# --------------------------------------------------------------------------------------------
# the private values of a game in progress, as words on a screen would name them


def _json_forms(value):
    """A record value as ``fix`` or a JSON dump could write it."""
    return {json.dumps(value), json.dumps(value, separators=(",", ":")), core_fix.shown(value),
            core_fix._plain(value)}


def grunwald_private(t, steps):
    """Every card that went face down into a camp: the skirmish cards played (the peasant comes
    back to the hand) and the knights events sent on a task."""
    from referee.games.grunwald.actions import Event, LaterEffect, SkirmishCards
    from referee.games.grunwald.names import card_name

    out, found = set(), set()
    for s in steps:
        a = s.action
        if isinstance(a, SkirmishCards):
            for player, card in a.cards:
                if card != "peasant":
                    out.add(f"{player} {card_name(t, card)}")  # ("Ola crown 4", as listed)
                    found.add("skirmish")
        elif isinstance(a, (Event, LaterEffect)):
            for e in a.effects:
                if e.exhaust is not None:
                    out.add(t("grunwald.effect.exhaust", card=card_name(t, e.exhaust)))
                    found.add("task")
    return out, found


def warchest_private(t, steps):
    """Every hand typed in secret and every coin played face down: as the record writes them,
    and, on the entry's own line of the list, the coins' names."""
    from referee.games.warchest.actions import FACE_DOWN, Draw, Play
    from referee.games.warchest.names import coins_text, unit_name

    out, found = set(), set()
    for s in steps:
        a = s.action
        if isinstance(a, Draw) and a.coins:
            coins = list(a.coins)
            out |= {" ".join(coins), *_json_forms(coins)}
            if len(set(coins)) < len(coins):  # ("Archer ×2, Scout": a hand, no other list)
                out.add(coins_text(t, Counter(coins)))
            ON_ITS_LINE[s.location] = {unit_name(t, c) for c in coins}
            found.add("draw")
        elif isinstance(a, Play) and a.action in FACE_DOWN and a.coin is not None:
            out |= {f'"coin": "{a.coin}"', f'"coin":"{a.coin}"', f"coin {a.coin}"}
            found.add("face down")
    return out, found


#: an entry's place -> words that must not stand on its line of the list (filled per game)
ON_ITS_LINE: dict[str, set[str]] = {}


def medieval_private(t, steps):
    """An army chosen in secret while the other player still chooses (MB-R1)."""
    from referee.games.medieval.actions import Recruit
    from referee.games.medieval.names import unit_name

    out, found = set(), set()
    armies = [s.action for s in steps if isinstance(s.action, Recruit)]
    if len(armies) == 1:
        counts = armies[0].counts()
        for unit, n in counts.items():
            out |= {unit, unit_name(t, unit), f"{n} {unit_name(t, unit)}", f"{unit_name(t, unit)} ×{n}"}
        out |= _json_forms(counts)
        found.add("army")
    return out, found


# --------------------------------------------------------------------------------------------
# a random game in progress, stored as a session that does not play open


def in_progress(name, seed):
    """A random game, cut a few entries after its first private entry of each kind (in
    progress, not too long: each list replays it) — ``(players, actions)``."""
    game = registry.get(name)
    rng = random.Random(seed)
    players = NAMES[: rng.choice(game.player_counts)]
    state = game.parse_record(game.new_record(players, {})).replay()[0]
    actions = []
    while not game.is_over(state):
        action = game.random_action(state, rng)
        game.apply(state, action)
        actions.append(action)
    if name == "medieval-battle":
        return players, actions[:1]  # the first army in, the second still being chosen
    t = catalog("en")
    kinds = PRIVATE_OF[name]
    steps = game.parse_record(game.write_record(players, actions, {})).replay()[1]
    assert len(steps) == len(actions)  # (an entry a step)
    for cut in range(1, len(actions)):
        if kinds(t, steps[:cut])[1] == NEEDED[name]:
            return players, actions[: min(cut + rng.randrange(4), len(actions) - 1)]
    raise AssertionError(f"no private entry of every kind in {name}'s game {seed}")


def stored(tmp_path, game, players, actions):
    store = Store(tmp_path / "data")
    session = store.create("g", game.name, game.write_record(players, actions, {}), "en")
    session.close()
    return store, session.id


def list_every_entry(store, sid, lang, groups):
    """``referee fix`` once per part of the record (its round, its turns): the part chosen, its
    list of entries shown, the correction cancelled.  What a table saw: the terminal's screen
    and scrollback (wide and tall: every label whole, no page of a list left unshown)."""
    term = Terminal(columns=400, lines=400)
    for g in groups:
        def keys(q, g=g):
            if q.key == "fix.group":
                return keys_for(q, g, lang)
            assert q.key == "fix.entry", q.key
            return "u"

        said: list = []
        with term.prompts(Typist(keys), lang) as prompter:
            cli_fix.interactive(store, sid, lang, prompter, said=said)
        assert [line.text for line in said] == [catalog(lang)("core.fix.cancelled")]
    return drawn(term)


def drawn(term):
    """Everything written to the terminal, its control sequences left out: each menu as it was
    shown (questionary leaves only the answer on the screen once a menu is answered)."""
    return re.sub(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][A-Z0-9]|\x1b[=>78]", "", "".join(term.raw))


SEEDS = {"na-grunwald": 3, "war-chest": 0, "medieval-battle": 1}
PRIVATE_OF = {"na-grunwald": grunwald_private, "war-chest": warchest_private,
              "medieval-battle": medieval_private}
NEEDED = {"na-grunwald": {"skirmish", "task"}, "war-chest": {"draw", "face down"},
          "medieval-battle": {"army"}}


@pytest.mark.parametrize("lang", ["en", pytest.param("pl", marks=pytest.mark.slow)])
@pytest.mark.parametrize("name", GAMES)
def test_issue22_fix_lists_every_entry_of_a_game_in_progress_and_shows_no_private_value(
        tmp_path, name, lang):
    game = registry.get(name)
    t = catalog(lang)
    ON_ITS_LINE.clear()
    players, actions = in_progress(name, SEEDS[name])
    store, sid = stored(tmp_path, game, players, actions)
    parsed = game.parse_record(store.open(sid, write=False).record)
    state, steps = parsed.replay()
    assert not game.is_over(state)
    ON_ITS_LINE.clear()
    private, found = PRIVATE_OF[name](t, steps)
    assert found == NEEDED[name]  # (the game holds every kind of private entry tested)
    groups = Counter(cli_fix.group_of(s.location) for s in steps)
    # (a part of one entry, a setup choice, is said in the list of parts: not opened)
    screen = list_every_entry(store, sid, lang, [g for g, n in groups.items() if n > 1 or len(groups) == 1])
    for s in steps:  # every entry was listed, by its place
        g = cli_fix.group_of(s.location)
        place = core_fix.where(t, s.location, head=False, prefix=game.info.text_prefix) \
            if groups[g] > 1 or len(groups) == 1 else cli_fix._group_words(t, g, game.info.text_prefix)
        assert place in screen, s.location
    shown = [p for p in private if p and p in screen]
    assert not shown, shown
    lines = re.split(r"[\r\n]", screen)
    for location, words in ON_ITS_LINE.items():
        place = core_fix.where(t, location, head=False, prefix=game.info.text_prefix)
        said = [line.split(f"{place}: ", 1)[1] for line in lines if f"{place}: " in line]
        assert said, location  # (the entry's line was found)
        assert not [(w, x) for x in said for w in words if w in x], location


@pytest.mark.slow  # (7 s: the needles of the hidden list are really there, open)
def test_issue22_an_open_table_sees_the_camp_cards_in_the_list(tmp_path):
    """The same list at a table that plays open names the cards (the test's needles are real)."""
    from referee.games.grunwald.actions import Event, SkirmishCards

    game = registry.get("na-grunwald")
    t = catalog("en")
    players, actions = in_progress("na-grunwald", SEEDS["na-grunwald"])
    store, sid = stored(tmp_path, game, players, actions)
    with SessionService(store).open_live(sid, open_table=True) as live:
        live.keep_choices()
    steps = game.parse_record(store.open(sid, write=False).record).replay()[1]
    private, _ = grunwald_private(t, steps)
    groups = list(dict.fromkeys(cli_fix.group_of(s.location) for s in steps
                                if isinstance(s.action, (Event, SkirmishCards))))
    screen = list_every_entry(store, sid, "en", groups)
    assert private and all(p in screen for p in private)


def test_issue22_ctrl_f_in_play_lists_no_camp_card(tmp_path):
    """Ctrl-F at a question of ``play``: the same lists, the same public words."""
    from referee.games.grunwald.actions import Event

    game = registry.get("na-grunwald")
    t = catalog("en")
    players, actions = in_progress("na-grunwald", SEEDS["na-grunwald"])
    store, sid = stored(tmp_path, game, players, actions)
    steps = game.parse_record(store.open(sid, write=False).record).replay()[1]
    private, _ = grunwald_private(t, steps)
    group = next(cli_fix.group_of(s.location) for s in steps  # (a knight sent on a task)
                 if isinstance(s.action, Event) and any(e.exhaust for e in s.action.effects))
    term = Terminal(columns=400, lines=400)
    asked = []

    def keys(q):
        asked.append(q.key)
        if q.key == "fix.group":
            return keys_for(q, group) if asked.count("fix.group") == 1 else None
        if q.key == "fix.entry":
            return "u"
        if isinstance(q, dialogs.Private):
            return "\r"
        return "\x06" if "fix.group" not in asked else None  # Ctrl-F, then Ctrl-C

    with term.prompts(Typist(keys, private=None), "en") as prompter, \
            pytest.raises(KeyboardInterrupt):
        commands.play(store, sid, "en", prompter=prompter)
    assert "fix.group" in asked and "fix.entry" in asked
    screen = drawn(term)
    shown = [p for p in private if p in screen]
    assert not shown, shown
