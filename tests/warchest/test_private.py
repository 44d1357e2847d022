"""Issue 22 at the War Chest table: the game driven through ``referee play`` and its real prompts
onto an 80x24 virtual terminal (pyte).  Whenever a question is asked outside a private moment,
and once the play stops, the screen and the scrollback hold nothing the moments showed: the hand,
the turn menu that lists it, the face-down coin, the exact bag."""

from __future__ import annotations

import pytest

from referee.cli import commands
from referee.core import dialog as dialogs
from referee.core.service import SessionService
from referee.core.text import catalog
from referee.games.warchest import engine
from referee.store.sessions import Store
from tests.terminal import Terminal
from tests.warchest.test_live import TWO, WarTable
from tests.warchest.test_prompts import hidden_draws

#: words only a private moment shows (English, Polish)
PRIVATE = {"en": ("only you see it", "coins in hand: which coin", "Your bag:",
                  "which coin did you discard face down"),
           "pl": ("widzisz ją tylko ty", "sztony na ręce", "Twój woreczek", "odrzucono zakryty")}


def play_on_terminal(store, table, lang="en", open_table=None, hints=None):
    term = Terminal()
    checked = {"public": 0, "private": 0}
    with term.prompts(table, lang) as prompter:

        def before(q):  # (the table's typing, each question checked first)
            if prompter.private is not None and not isinstance(q, dialogs.Private):
                checked["private"] += 1
            else:  # a public question, or the look-away one (the table still sees the screen):
                checked["public"] += 1  # nothing of any moment before it is left anywhere
                if not prompter.open:
                    assert_clean(term, lang)
            table(q)

        prompter.before_question = before
        with pytest.raises(KeyboardInterrupt):
            commands.play(store, table.sid, lang, prompter=prompter, hints=hints,
                          open_table=open_table)
    return term, checked


def assert_clean(term, lang):
    everything = term.everything()
    for words in PRIVATE[lang]:
        assert words not in everything, words


def new_session(store, lang="en", **choices):
    """A first game of Ola and Bartek (no setup question), kept with ``choices``."""
    session = SessionService(store).new("warchest", TWO, lang=lang,
                                        setup={"setup": {"method": "first_game"}})
    sid = session.id
    session.close()
    if choices:
        with SessionService(store).open_live(sid, **choices) as live:
            live.keep_choices()
    return sid


@pytest.mark.parametrize("lang", ["en", pytest.param("pl", marks=pytest.mark.slow)])  # (pl: 18 s)
def test_issue22_war_chest_nothing_private_outlives_its_moment(tmp_path, lang):
    """Two rounds, every draw typed: each turn menu, face-down coin and draw in a moment; at
    every public question and at the end, no word of any moment on the screen or scrollback."""
    store = Store(tmp_path)
    _, target = hidden_draws(3, 2, {})
    table = WarTable(store, target, lang=lang)
    table.sid = new_session(store, lang)
    term, checked = play_on_terminal(store, table, lang)
    assert checked["public"] > 5 and checked["private"] > 10
    assert table.saved() == len(target)
    assert_clean(term, lang)


def test_issue22_war_chest_open_table_shows_the_hand_and_opens_no_moment(tmp_path):
    store = Store(tmp_path)
    _, target = hidden_draws(3, 1, {})
    table = WarTable(store, target[:6])
    table.sid = new_session(store, open_table=True)
    term, checked = play_on_terminal(store, table)  # (kept with the session: no flag now)
    assert checked["private"] == 0
    assert "Ola's hand (only you see it)" in term.everything()


def stopped_at_first(store, wanted, key):
    """A two-player game of hidden draws played on a terminal up to the first entry ``wanted``
    picks (``wanted(state, action)``), stopped by Ctrl-C at its question ``key``: the table, the
    entry's index and the terminal, checked saved up to the entry before and left clean."""
    _, target = hidden_draws(3, 2, {})
    state = engine.new_state(TWO, {"method": "first_game"})
    for k, a in enumerate(target):
        if wanted(state, a):
            break
        engine.apply(state, a)
    else:
        raise AssertionError(f"no entry asks {key}")
    table = WarTable(store, target[:k + 1], stop_at=(k, key))
    table.sid = new_session(store)
    term, _ = play_on_terminal(store, table)
    assert table.saved() == k
    assert_clean(term, "en")
    return table, k, term


@pytest.mark.slow  # (9 s; the face-up hex case of the same resume stays quick)
def test_issue22_ctrl_c_in_a_moment_resumes_into_a_new_moment(tmp_path):
    """Stopped at the face-down coin (inside Ola's moment): the screen is cleared before
    "Interrupted"; resumed, the kept answers replay silently and a new moment opens."""
    def face_down(state, a) -> bool:  # a face-down play whose coin is asked
        p = state.players[engine.index(state, getattr(a, "player", ""))] if hasattr(a, "action") \
            else None
        return p is not None and a.action in ("pass", "recruit", "initiative") and bool(a.coin) \
            and len(p.hand or {}) > 1

    store = Store(tmp_path)
    table, k, _term = stopped_at_first(store, face_down, "warchest.down_coin")
    kept = store.open(table.sid, write=False).settings.get("pending")
    assert kept and kept["answers"]  # the turn menu's answer was kept
    asked = len(table.asked)
    term, _checked = play_on_terminal(store, table)
    resumed = table.asked[asked:]
    assert isinstance(resumed[0], dialogs.Private)  # a new moment, before any private fact
    assert resumed[1].key == "warchest.down_coin"  # the turn menu's answer replayed silently
    assert table.saved() == k + 1


def test_issue22_show_json_and_exports_of_a_game_in_progress_hold_public_facts_only(tmp_path):
    """A hand, an exact bag and a face-down coin are private: ``show --json`` and the JSON export
    of a game in progress keep only their union; an open table's show them; the record (every
    secret entry) goes only into a file; a finished game shows everything."""
    from referee.core.errors import UsageError
    from referee.games.warchest.actions import Play

    store = Store(tmp_path)
    _, target = hidden_draws(3, 1, {})
    sid = new_session(store)
    with SessionService(store).open_live(sid) as live:
        for a in target[:4]:  # two draws told, two plays
            live.apply(a)
    service = SessionService(store)
    data = service.show_data(sid)
    for name, entry in data["players"].items():
        assert "hand" not in entry and "bag" not in entry and "discard_facedown" not in entry
        assert entry["hidden"] and entry["counts"]["hand"] >= 2
    exported = service.export(sid, "json")
    import json

    for entry in json.loads(exported)["players"].values():
        assert not {"hand", "bag", "discard_facedown"} & set(entry) and entry["hidden"]
    down = {a.action for a in target[:4] if isinstance(a, Play) and a.coin and a.action in (
        "pass", "recruit", "initiative")}
    for r in json.loads(exported)["rounds"]:
        for e in r["entries"]:
            assert e["action"] not in down or "coin" not in e
    with pytest.raises(UsageError) as info:
        service.export(sid, "record")
    assert info.value.key == "core.private.export_record"
    assert service.export(sid, "record", to_file=True).startswith('{\n  "game": "war-chest"')
    with service.open_live(sid, open_table=True) as live:
        live.keep_choices()
    assert all("hand" in e for e in service.show_data(sid)["players"].values())


def test_issue22_a_refused_draw_is_said_only_in_the_moment():
    """A draw typed wrong ("ar ca kn": not Ola's coins) is refused with what was typed —
    inside Ola's moment; once it is closed, neither the refusal nor the coins are anywhere."""
    from referee.games.warchest import dialog

    state = engine.new_state(TWO, {"method": "first_game"})
    term = Terminal()
    typed = iter(["ar ca kn\r", "sw pi ro\r"])
    inside = []

    def before(q):
        inside.append(term.everything())
        return next(typed)

    with term.prompts(before, "en") as prompter:
        action = dialogs.run(dialog.ask(state, catalog("en"), {}), prompter.ask)
    assert action.coins == ("pikeman", "swordsman", "royal")
    assert any("ar is not a coin here" in screen for screen in inside)  # said in the moment
    everything = term.everything()
    assert "ar is not a coin" not in everything and "Codes:" not in everything


def test_issue22_csv_of_a_game_in_progress_names_no_hand_or_bag(tmp_path):
    """``export --format csv`` of a game in progress: a row has the drafted units and counts of
    coins the table sees (board, removed, supply), never a hand, a bag or a face-down coin — the
    same row whether the table plays open or not."""
    import csv
    import io

    store = Store(tmp_path)
    _, target = hidden_draws(3, 1, {})
    sid = new_session(store)
    with SessionService(store).open_live(sid) as live:
        for a in target[:4]:  # two draws told, two plays
            live.apply(a)
    service = SessionService(store)
    text = service.export(sid, "csv")
    header = next(csv.reader(io.StringIO(text)))
    assert not {"hand", "bag", "discard", "discard_facedown"} & set(header)
    with service.open_live(sid, open_table=True) as live:
        live.keep_choices()
    assert service.export(sid, "csv") == text


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_issue22_a_coin_taken_back_is_never_named_to_the_table(tmp_path, capsys, lang):
    """Issue 22 trial ("what does the Archer do?" asked in public, then ← Back to the Lancer): Ola
    holds Sw Sw Pi, a Swordsman on the board.  She picks a Swordsman, is asked what it does,
    presses ← Back, deploys the Pikeman instead.  On every screen the table sees (each public
    question, each look-away question, the end) nothing names the Swordsman as a coin of her
    hand — not its action question, not its turn-menu line — nor any word of the moment; the
    table reads the entry recorded (the Pikeman deployed) in the news."""
    from referee.cli.prompter import keys_for
    from referee.games.warchest import record
    from referee.games.warchest.actions import Draw, Play
    from referee.games.warchest.names import hex_text, unit_name

    store = Store(tmp_path)
    sid = new_session(store, lang)
    state = engine.new_state(TWO, {"method": "first_game"})
    with SessionService(store).open_live(sid) as live:
        for a in (Draw("Ola", ("swordsman", "swordsman", "pikeman")), Draw("Bartek", None)):
            live.apply(a)
            engine.apply(state, a)
        first = next(a for a in engine.legal_actions(state) if a.coin == "swordsman" and a.action == "deploy")
        for a in (first, Play("Bartek", "pass", None)):
            live.apply(a)
            engine.apply(state, a)
    t = catalog(lang)
    answers = [("coin", "swordsman"), dialogs.BACK, ("coin", "pikeman"), None]
    asked: list[str] = []
    term = Terminal()
    seen: list[str] = []  # what the table saw, screen and scrollback, at each of its screens

    def keys(q):
        asked.append(q.key)
        answer = answers.pop(0)
        if answer is None:
            return None  # (Bartek's turn: the table stops there)
        return keys_for(q, answer, lang)

    with term.prompts(keys, lang) as prompter:
        typist = prompter.before_question

        def before(q):
            if prompter.private is None or isinstance(q, dialogs.Private):
                seen.append(term.everything())
            typist(q)

        prompter.before_question = before
        with pytest.raises(KeyboardInterrupt):
            commands.play(store, sid, lang, prompter=prompter)
    seen.append(term.everything())
    # (the Pikeman's action and hex: one possibility each, said in the moment)
    assert asked == ["warchest.play", "warchest.action", "warchest.play", "warchest.play"]
    entry = record.parse_record(store.open(sid, write=False).record).replay()[1][-1].action
    assert entry.player == "Ola" and entry.action == "deploy" and entry.coin == "pikeman"
    swordsman = unit_name(t, "swordsman")
    named = (t("warchest.play.action", player="Ola", unit=swordsman), f"{swordsman}: ",
             t.n("warchest.play.turn", 2, player="Ola"))  # (Bartek's hand is not known: public)
    assert len(seen) >= 3  # Ola's look-away question, Bartek's turn menu, the end
    for screen in seen:
        for words in named + tuple(w for w in PRIVATE[lang] if w not in ("coins in hand: which coin",
                                                                         "sztony na ręce")):
            assert words not in screen, words
    # the entry recorded, in the news (drawn by ``play`` on its own console: here, stdout)
    news = capsys.readouterr().out
    assert t("warchest.describe.deploy", player="Ola", unit=unit_name(t, "pikeman"),
             to=hex_text(entry.to)) in news
    assert not any(words in news for words in named)


def test_issue22_ctrl_c_at_a_face_up_coin_s_hex_resumes_in_a_new_moment(tmp_path):
    """Stopped at a face-up coin's hex (now inside the player's moment: the coin chosen is not
    named to the table until the entry is made): the screen is cleared before "Interrupted";
    resumed, the kept answers replay silently and the hex is asked in a new moment."""
    from referee.games.warchest.actions import Play

    def face_up_move(state, a) -> bool:  # a face-up play of a known hand that asks a hex
        return isinstance(a, Play) and bool(a.coin) and a.action == "move" \
            and state.players[engine.index(state, a.player)].hand is not None

    store = Store(tmp_path)
    table, k, term = stopped_at_first(store, face_up_move, "warchest.hex.to")
    assert "what does the" not in term.everything() and "to which hex" not in term.everything()
    asked = len(table.asked)
    play_on_terminal(store, table)
    resumed = table.asked[asked:]
    assert isinstance(resumed[0], dialogs.Private)  # a new moment, before any private fact
    assert resumed[1].key == "warchest.hex.to"  # the turn menu's (and action's) answers replayed
    assert table.saved() == k + 1
