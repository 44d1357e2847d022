"""Issue 14, the new user's trial of War Chest: each finding end to end, through the real prompts
on a prompt_toolkit pipe (``test_live.run``), and the exports as a browser gets them."""

from __future__ import annotations

import random
import re

import pytest

from referee.cli.prompter import CLEAR
from referee.core import dialog as dialogs
from referee.core import export
from referee.core.text import catalog
from referee.games.warchest import GAME, bot, engine, names, news
from referee.games.warchest.actions import FACE_DOWN, Draw, Flip, Play
from referee.games.warchest.dialog import CARD_KEYS, card_keys, coin_keys
from referee.games.warchest.units import sort_coins
from referee.store.sessions import Store
from tests.warchest.test_live import TWO, WarTable, final_state, new_game_answers
from tests.warchest.test_live import run as live_run

EN, PL = catalog("en"), catalog("pl")


def run(store, table, width=100, lang="en") -> str:
    """``referee new`` for two, played by ``table`` through the real prompts up to the end of its
    target (Ctrl-C there); returns what the screen showed."""
    return live_run(store, table, new=[], lang=lang, width=width, interrupted=True)


def hidden_draws(seed: int, rounds: int, untold: dict[str, set[int]]):
    """A first game played by the random table with every draw told, then ``untold`` (player ->
    rounds) as the table tells it: those draws not said, and so those rounds' face-down coins not
    named (WC-V3).  Stops after ``rounds`` rounds."""
    rng = random.Random(seed)
    state = engine.new_state(TWO, {"method": "first_game"})
    actions = []
    while state.round <= rounds and not engine.is_over(state):
        d = engine.decision(state)
        if d.kind == "draw":
            p = state.players[engine.index(state, d.player)]
            a = bot.random_draw(state, engine.index(state, d.player), random.Random(rng.random()))
            while a.coins is None and p.down is not None:  # (the bot keeps one in ten untold)
                a = bot.random_draw(state, engine.index(state, d.player), random.Random(rng.random()))
        else:
            a = bot.random_action(state, rng)
        engine.apply(state, a)
        actions.append((state.round, a))
    told = engine.new_state(TWO, {"method": "first_game"})
    out = []
    for r, a in actions:
        if r in untold.get(a.player, ()):
            if isinstance(a, Draw):
                a = Draw(a.player, None)
            elif isinstance(a, Play) and a.action in FACE_DOWN:
                a = Play(a.player, a.action, None, recruit=a.recruit)
        engine.apply(told, a)  # the table's record is legal as it stands
        out.append(a)
    return told, out


def draw_index(target, player: str, k: int) -> int:
    """The index of ``player``'s ``k``-th draw (0: the first) in ``target``."""
    return [i for i, a in enumerate(target) if isinstance(a, Draw) and a.player == player][k]


@pytest.mark.slow
def test_issue14_undo_steps_back_past_an_untold_draw_and_later_draws_are_asked(tmp_path):
    """Findings 1 and 2: every draw is asked, even one whose bag the referee no longer knows, so
    ↶ Undo at the next turn takes the untold draw back and the question comes again; after an
    untold draw the player's later draws can be typed (checked against what can be in the bag,
    WC-V4) and are recorded."""
    store = Store(tmp_path)
    target_state, target = hidden_draws(3, 3, {"Bartek": {1, 2}})
    second = draw_index(target, "Bartek", 1)  # round 2: untold, and nothing tells the bag
    third = draw_index(target, "Bartek", 2)  # round 3: told again
    assert target[second].coins is None and target[third].coins is not None
    table = WarTable(store, target, setup=new_game_answers(TWO, "first_game"), undo_at=second + 1)
    run(store, table)
    assert table.undone == 1
    record = store.open(table.sid, write=False).record
    assert [r["draws"].get("Bartek") for r in record["rounds"][:3]] == [
        None, None, list(target[third].coins)]
    assert final_state(store, table.sid).snapshot() == target_state.snapshot()
    bartek = [q for q in table.asked if q.key == "warchest.draw" and q.message.startswith("Bartek")]
    assert len(bartek) == 4  # rounds 1, 2, 2 again after the undo, 3
    assert isinstance(bartek[2], dialogs.Secret)


@pytest.mark.slow
def test_issue14_the_screen_says_what_it_chose_echoes_each_entry_and_fits_80_columns(tmp_path, capsys,
                                                                                     monkeypatch):
    """Findings 2, 4, 6, 7: the codes (the royal coin's ``Ro`` too) above each draw; a question
    with one possibility is said, not skipped silently; each entry is echoed once saved; nothing
    printed is wider than 80 columns (the console is wider here, so a line too long shows), and
    the board, legend and players take 12 lines with two players."""
    store = Store(tmp_path)
    _target_state, target = hidden_draws(5, 4, {})
    table = WarTable(store, target, setup=new_game_answers(TWO, "first_game"))
    monkeypatch.setenv("COLUMNS", "200")  # what the rules resolved is printed on the console
    said = run(store, table, width=200) + capsys.readouterr().out
    said = said.replace(CLEAR, "")  # (the private moments' clearing: no width on the screen)
    lines = said.splitlines()
    assert "Codes: Cr = Crossbowman, LC = Light Cavalry, Pi = Pikeman, Sw = Swordsman" in said
    assert "Ro = royal coin" in said
    assert "Only one possibility, chosen: Deploy" in said
    for a in target:
        assert f"Recorded: {news.describe(EN, a)}" in said, a
    too_wide = [line for line in lines if len(line) > 80
                and not line.startswith(("Interrupted.", "New session", "referee "))]  # (core's, not the
    # game's: the resume command is printed whole, on a line of its own, for pasting)
    assert not too_wide, too_wide
    title = next(k for k, line in enumerate(lines) if line.startswith("Round 1 · initiative"))
    screen = lines[title:title + 12]
    assert screen[-2].startswith("Ola (Raven: Cr LC Pi Sw)") and screen[-1].startswith("Bartek (Wolf")
    assert screen[8].startswith("Ar Archer · Ca Cavalry") and screen[9].endswith("* neutral location")


@pytest.mark.slow
def test_issue14_menu_keys_are_fixed_and_ordered(tmp_path):
    """Finding 5: a player's coins are 1, 2, 3, 4 in the alphabetical order of the units' names
    (the royal coin 5), every turn; the actions have their mnemonic letters in every menu (Polish:
    its own); the cards of the deal are in alphabetical order."""
    store = Store(tmp_path)
    _, target = hidden_draws(7, 6, {})
    table = WarTable(store, target, setup=new_game_answers(TWO, "first_game"))
    run(store, table)
    expected = {"Ola": {"Crossbowman": "1", "Light Cavalry": "2", "Pikeman": "3", "Swordsman": "4",
                        "royal coin": "5"},
                "Bartek": {"Archer": "1", "Cavalry": "2", "Lancer": "3", "Scout": "4", "royal coin": "5"}}
    seen = 0
    for q in table.asked:
        if q.key == "warchest.play":
            player = q.message.split(",")[0]
            for c in q.choices:
                unit = c.label.split(":")[0]
                if unit in expected[player]:
                    assert c.key == expected[player][unit]
                    seen += 1
                elif isinstance(c.value, tuple) and c.value[0] == "down":
                    assert c.key == {"initiative": "i", "recruit": "r", "pass": "p"}[c.value[1]]
        if q.key == "warchest.action":
            letters = {"deploy": "d", "bolster": "o", "move": "m", "control": "c", "attack": "a",
                       "tactic": "t"}
            assert all(c.key == letters.get(c.value, "b") for c in q.choices)
    assert seen > 20
    state = engine.new_state(TWO, {"method": "first_game"})
    assert coin_keys(state, PL, "Ola") == {"crossbowman": "1", "light_cavalry": "2",
                                           "pikeman": "3", "swordsman": "4", "royal": "5"}
    keys = card_keys(EN)
    assert list(keys.values()) == list(CARD_KEYS) and list(keys)[:3] == ["archer", "berserker", "cavalry"]
    assert {PL(f"warchest.key.{a}") for a in ("deploy", "bolster", "initiative", "recruit", "pass",
                                              "move", "control", "attack", "tactic")} == set("owirsckat")


def test_issue14_a_wrong_secret_is_asked_again_in_an_empty_field(tmp_path):
    """Finding 3: an impossible draw typed at the masked field is said and asked again; what is
    typed next is the whole answer (nothing of the wrong one is left in the field)."""
    store = Store(tmp_path)
    _, target = hidden_draws(9, 1, {})
    first = draw_index(target, "Ola", 0)
    table = WarTable(store, target[:first + 1], setup=new_game_answers(TWO, "first_game"))
    wrong = iter(["sw sw sw", "xx", "sw"])  # a third Swordsman; no such code; one coin of three
    answer = table.answer

    def answer_with_mistakes(q):
        if q.key == "warchest.draw":
            return next(wrong, None) or answer(q)
        return answer(q)

    table.answer = answer_with_mistakes
    said = run(store, table)
    assert said.count("Ola cannot have drawn these coins") == 1 and "xx is not a coin here" in said
    draws = [q for q in table.asked if q.key == "warchest.draw" and q.message.startswith("Ola")]
    assert len(draws) == 4  # three mistakes, then the right coins at once
    assert store.open(table.sid, write=False).record["rounds"][0]["draws"]["Ola"] == list(target[first].coins)


def test_issue14_WC_T2_WC_T4_draws_in_seating_order_play_from_the_initiative():
    """Finding 8 (order): the digest's draws are simultaneous (WC-T2: each player draws from their
    own bag, unseen), so the referee asks them in seating order whoever holds the initiative; play
    starts with the holder (WC-T4)."""
    state = engine.new_state(TWO, {"method": "random"})
    for name, units in zip(TWO, (("archer", "cavalry", "lancer", "scout"),
                                 ("knight", "pikeman", "ensign", "footman"))):
        engine.apply(state, engine.legal_actions(state)[0].__class__(name, tuple(sort_coins(units))))
    engine.apply(state, Flip("Bartek"))
    asked = []
    for _ in TWO:
        d = engine.decision(state)
        asked.append(d.player)
        engine.apply(state, Draw(d.player, None))
    assert asked == ["Ola", "Bartek"]
    assert engine.decision(state).player == "Bartek"  # WC-T4


def test_issue14_exports_name_hexes_as_the_terminal_and_colour_the_units(tmp_path):
    """Findings 8 and 9: the HTML board's hexes are named ``[q,r]`` as everywhere else (never
    ``(q, r)``), each unit is drawn in its owner's colour (the live palette by seat when the
    record has none), and a legend says whose colour is whose."""
    _state, target = hidden_draws(11, 5, {})
    parsed = GAME.parse_record(GAME.write_record(TWO, target, {"setup": {"method": "first_game"}}))
    final, _ = parsed.replay()
    html = GAME.export(final, "html", EN, parsed.meta, "trial")
    assert not re.search(r"\(\d+, \d+\)", html)
    assert re.search(r"<title>\[\d,\d\]", html)
    units = {(h, s.player) for h, s in final.stacks.items()}
    assert units
    for h, i in units:
        colour = export.PALETTE[("red", "green")[i]]
        code = names.code(EN, final.stacks[h].unit)
        assert re.search(rf'<title>\[{h[0]},{h[1]}\] {code}\d[^<]*</title><polygon [^>]*fill="{colour}" '
                         rf'fill-opacity="0.25"[^>]*/><text [^>]*fill="{colour}">{code}\d</text>', html)
    assert "Colours on the map" in html and f'style="color:{export.PALETTE["red"]}"><td>■ Ola' in html
    md = GAME.export(final, "md", EN, parsed.meta, "trial")
    assert not re.search(r"\(\d+, \d+\)", md) and "| ■ Ola | Raven | Cr Crossbowman, LC Light Cavalry, Pi Pikeman, Sw Swordsman |" in md


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_issue14_questions_and_notices_fit_80_columns(lang):
    """Finding 7: a menu's question with the prompt's hint after it, and each line said above a
    masked field, fit 80 columns with a six-letter name (nothing wraps to leave a lone ")")."""
    t = catalog(lang)
    hint = t("core.cli.select_hint")
    params = dict(player="Bartek", unit="Light Cavalry", action=t("warchest.action.control"), step=2,
                  n=3, k=1, got=2, what=t("warchest.action.control"), coin=t("warchest.unit.royal"),
                  side=t("warchest.side.raven"), actions="Deploy, Move", codes="Ar = Archer")
    for key, text in t.entries.items():
        if key.startswith(("warchest.play.", "warchest.ask.")) and not key.startswith(
                ("warchest.play.coin_unknown", "warchest.play.hex")):
            shown = text.format(**params)
            assert 2 + len(shown) + 1 + len(hint) <= 80 or (len(shown) <= 78 and key.endswith(
                ("draw_untracked", "auto", "draw_keys", "down_coin", "draw_impossible", "down_coin_wrong",
                 "down_coin_not_in_hand"))), key


def _chart(html: str) -> str:
    start = html.index("<figcaption>Locations controlled at the end of each round</figcaption>")
    return html[start:html.index("</figure>", start)]


def test_trial2_control_chart_in_the_sides_colours_and_an_unfinished_round_marked():
    """Trial 2, finding 3: the HTML chart of locations controlled colours each side as the map
    does (its first player's colour, here red and green: never the palette's browns), and a last
    round still being played is marked "(so far)" — a finished one is not."""
    state, target = hidden_draws(11, 5, {})
    assert state.round == 6 and state.winner is None
    cut = max(i for i, a in enumerate(target) if isinstance(a, Play) and a.action in ("deploy", "control")
              and sum(isinstance(b, Draw) for b in target[:i]) > 8)  # a play of round 5
    for entries, unfinished in ((target, False), (target[:cut + 1], True)):
        parsed = GAME.parse_record(GAME.write_record(TWO, entries, {"setup": {"method": "first_game"}}))
        final, _ = parsed.replay()
        chart = _chart(GAME.export(final, "html", EN, parsed.meta, "trial"))
        fills = set(re.findall(r'<rect [^>]*fill="(#[0-9a-f]{6})"', chart))
        assert fills and fills <= {export.PALETTE["red"], export.PALETTE["green"]}, fills
        assert f'background:{export.PALETTE["red"]}"></i>Raven' in chart
        assert f'background:{export.PALETTE["green"]}"></i>Wolf' in chart
        assert ("(so far)" in chart) is unfinished
        if unfinished:
            assert f">Round {final.round} (so far)</text>" in chart and chart.count("(so far)") == 1
        else:
            assert ">Round 5</text>" in chart
    pl = GAME.export(final, "html", catalog("pl"), parsed.meta, "trial")
    assert f">Runda {final.round} (w toku)</text>" in pl


def test_issue22_enter_alone_after_a_refused_draw_asks_before_the_draw_goes_untold(tmp_path):
    """A trial: an impossible draw was refused and asked again; the table's next Enter, out of
    habit (meant for the next screen), recorded the draw as untold.  Enter alone right after a
    refusal now asks whether the table does not say (default No: the draw is asked again)."""
    store = Store(tmp_path)
    _, target = hidden_draws(9, 1, {})
    first = draw_index(target, "Ola", 0)
    table = WarTable(store, target[:first + 1], setup=new_game_answers(TWO, "first_game"))
    wrong = iter(["sw sw sw", ""])  # a third Swordsman, then Enter alone
    answer = table.answer
    confirms = []

    def answer_with_mistakes(q):
        if q.key == "warchest.draw_untold":
            confirms.append(q)
            return q.default  # (Enter: the safe default, No)
        if q.key == "warchest.draw":
            typed = next(wrong, None)
            if typed is not None:
                return typed
        return answer(q)

    table.answer = answer_with_mistakes
    run(store, table)
    assert [q.default for q in confirms] == [False] and "Ola" in confirms[0].message
    assert store.open(table.sid, write=False).record["rounds"][0]["draws"]["Ola"] == list(target[first].coins)
