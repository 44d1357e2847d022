"""Issue 16, "At the table": the live screens of Na Grunwald! end to end — real questionary prompts
fed through prompt_toolkit's pipe input, the keys a table would press."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from referee.cli import commands
from referee.cli.prompter import keys_for
from referee.cli.render import render
from referee.core import dialog as dialogs
from referee.core.text import catalog
from referee.games.grunwald import dialog, engine, news, record, view
from referee.games.grunwald.actions import Effect, Event, PayLosses, SkirmishCards
from referee.store.sessions import Store
from tests.grunwald.table import Table
from tests.harness import Script, prompts


@pytest.fixture(autouse=True)
def no_hang():
    """A key the prompt refuses would wait for more input for ever: fail instead."""
    import signal

    def stop(*_):
        raise TimeoutError("a prompt waited for keys that never came")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def ask_through_pipe(dialog_, script, lang="en", width=80):
    """Drive a dialog with real prompts, typing ``script[i]`` at the i-th question (keys, or a
    function of the question giving them; Ctrl-C past it); returns (result, questions asked,
    what was printed)."""
    screen = io.StringIO()
    keys = Script(script)
    with prompts(keys, lang, screen=screen, width=width) as prompter:
        try:
            result = dialogs.run(dialog_, prompter.ask)
        except KeyboardInterrupt:  # more questions than the script answers
            raise AssertionError([(q.key, q.message) for q in keys.asked]) from None
    return result, keys.asked, screen.getvalue()


def play_through_pipe(store, sid, script, lang=None):
    """``referee play`` on a session with real prompts; Ctrl-C once the script is over."""
    keys = Script(script)
    with prompts(keys, lang) as prompter, pytest.raises(KeyboardInterrupt):
        commands.play(store, sid, lang, prompter=prompter)
    return keys.asked


def entries(store, sid):
    return [step.action for step in record.parse_record(store.open(sid, write=False).record).replay()[1]]


# -- 4. one key chooses -------------------------------------------------------------------------


def test_one_key_answers_a_menu_without_enter():
    q = dialogs.Select("x", "Which?", [dialogs.Choice("one", 1), dialogs.Choice("two", 2),
                                       dialogs.Choice("three", 3)])
    # "2" alone answers; the arrow and Enter after it would pick "one" if it only moved the pointer
    answer, _, _ = ask_through_pipe(iter_one(q), ["2\x1b[A\r"])
    assert answer == 2
    yes, _, _ = ask_through_pipe(iter_one(dialogs.Confirm("y", "Sure?")), ["y\x1b[B\r"])
    assert yes is True


def iter_one(q):
    answer = yield q
    return answer


def test_everyone_gains_a_ducat_in_one_answer():
    t = Table(4).quiet_round()  # round 2 starts with its event card
    keys = ["Plague\r", "1", "a", "1", "1\r", "2"]  # add · every player · ducats · 1 · done
    action, asked, _ = ask_through_pipe(dialog.ask(t.s, catalog("en")), keys)
    assert action == Event("Plague", tuple(Effect(n, ducats=1) for n in t.s.names))
    assert len(asked) == 6


# -- 3. a player retypes their own secret card -------------------------------------------------


def _skirmish_of_two():
    t = Table(3)
    t.to_round(4)
    t.s.player("Marek").hand.update({"crown:4": 1, "crown:2": 1})
    t.s.player("Jacek").hand["mercenary:5"] = 1
    t.reveal()
    t.place("Marek", "teutons")
    t.place("Jacek", "teutons")
    t.place("Kasia", "crown")
    t.pass_rest()
    assert t.phase == "skirmish"
    return t


def test_u_at_a_secret_card_lets_the_previous_player_retype_theirs():
    t = _skirmish_of_two()
    # Marek types 1, Jacek presses u: Marek types 2 instead; Jacek types 1.
    action, asked, screen = ask_through_pipe(dialog.ask(t.s, catalog("en")),
                                             ["1\r", "u\r", "2\r", "1\r"])
    assert isinstance(action, SkirmishCards)
    assert dict(action.cards) == {"Marek": "crown:4", "Jacek": "mercenary:5"}
    assert [q.key for q in asked] == ["skirmish.card"] * 4
    assert "u undoes the last entry" in asked[0].message
    assert "u: Marek types theirs again" in asked[1].message
    assert "Marek, type your card again." in screen
    # At the first card, u still takes back the last entry.
    undo, _, _ = ask_through_pipe(dialog.ask(t.s, catalog("pl")), ["u\r"], "pl")
    assert undo is dialogs.UNDO


# -- 5. questions answered alone, defaults, exact payments, labels ------------------------------


def test_a_question_answered_alone_says_so_in_one_line():
    t = Table(2)
    t.reveal()
    t.place("Marek", "crown")  # Marek's officer is out: only helpers are left
    t.pass_("Jacek")
    t.s.player("Marek").ducats = 0  # and no ducat to add on Provisions
    _, asked, screen = ask_through_pipe(dialog.ask(t.s, catalog("en")), ["3", "1"])  # provisions · 1 helper
    assert [q.key for q in asked] == ["placement.field", "placement.count"]
    assert "Marek on Provisions: which pawn? → helper(s) (worth 1 each) (only choice)\n" in screen
    assert "how many ducats go along? → 0 ducats (only choice)" in screen


def test_the_officer_on_mercenaries_is_not_said_to_be_worth_2():
    t = Table(2)
    t.reveal()
    _, asked, _ = ask_through_pipe(dialog.ask(t.s, catalog("en")), ["5", "1", "1"])
    pawn = next(q for q in asked if q.key == "placement.pawn")
    labels = [c.label for c in pawn.choices]
    assert not any("worth" in label for label in labels)
    assert labels[0] == "the royal officer (here only the ducats count)"


def _losses_position(provisions, hand):
    t = Table(2)
    t.to_round(4)
    p = t.s.player("Marek")
    p.hand.update(hand)
    p.provisions = provisions
    t.reveal(teutons=(4, 4))  # strength 10, nobody joins: everybody owes 10
    t.pass_rest()
    t.cards()
    while t.s.names[t.s.skirmish.pending[0]] != "Marek":
        t.pay_one_everything(t.s.names[t.s.skirmish.pending[0]])
    return t


def test_provisions_paid_with_enter_alone_and_an_exact_payment_ends_itself():
    t = _losses_position(6, {"crown:4": 1, "crown:5": 1})
    # crown 4 (4 paid), then provisions with Enter alone: the 6 still owed, which is exact.
    action, asked, _ = ask_through_pipe(dialog.ask(t.s, catalog("en")), [
        lambda q: keys_for(q, "hand/crown:4"), "p", "\r"])
    assert action == PayLosses("Marek", ("hand/crown:4", "provisions:6"))
    assert asked[-1].key == "losses.provisions" and asked[-1].default == "6"
    assert len(asked) == 3  # no "Done" after an exact payment


# -- 2 and 6. every confirmed answer is saved; the resume hint keeps --data-dir -----------------


def test_ctrl_c_after_the_event_name_keeps_it(tmp_path):
    store = Store(tmp_path)
    sid = commands.new(store, players=["Ala", "Bob"], colors=None, name=None, game_name=None,
                       lang="en", play_now=False).id
    round_1 = Table(2, ["Ala", "Bob"]).quiet_round().actions
    with commands.service(store).open_live(sid) as live:
        for action in round_1:
            live.apply(action)
    play_through_pipe(store, sid, ["Grunwald fair\r", "1", "a", "1", "2\r"])  # Ctrl-C at "more?"
    assert entries(store, sid) == round_1
    asked = play_through_pipe(store, sid, ["2"])  # done; then Ctrl-C at the revealed cards
    assert asked[0].key == "event.more" and "Grunwald fair" in asked[0].message
    assert "Ala: ducats +2; Bob: ducats +2" in asked[0].message
    assert entries(store, sid)[len(round_1):] == [
        Event("Grunwald fair", (Effect("Ala", ducats=2), Effect("Bob", ducats=2)))]
    assert asked[1].key == "reveal.crown"
    # The half-typed revealed cards are kept too, and dropped once the entry is complete.
    play_through_pipe(store, sid, ["5 2\r"])
    asked = play_through_pipe(store, sid, [])
    assert asked[0].key == "reveal.mercenary"


def test_the_resume_hint_names_a_data_dir_that_is_not_the_default(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("REFEREE_DATA", raising=False)
    store = Store(tmp_path / "my data")
    sid = commands.new(store, players=["Ala", "Bob"], colors=None, name=None, game_name=None,
                       lang="pl", play_now=False).id
    capsys.readouterr()
    play_through_pipe(store, sid, [])
    out = " ".join(capsys.readouterr().out.split())
    assert f"wznowienie: referee --data-dir '{tmp_path / 'my data'}' play {sid}" in out
    monkeypatch.setenv("REFEREE_DATA", str(tmp_path / "my data"))  # the default: nothing to add
    play_through_pipe(store, sid, [])
    assert f"wznowienie: referee play {sid}" in " ".join(capsys.readouterr().out.split())


def test_play_resumes_the_only_unfinished_game_in_its_language(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("REFEREE_LANG", raising=False)
    store = Store(tmp_path)
    sid = commands.new(store, players=["Ala", "Bob"], colors=None, name=None, game_name=None,
                       lang="pl", play_now=False).id
    asked = play_through_pipe(store, None, [])
    assert asked[0].key == "reveal.crown" and asked[0].message.startswith("Runda 1")
    out = capsys.readouterr().out
    assert "Wznawiam" in out and sid in out


# -- 5. what the rules resolved is shown: the helper purchase, the final hands ------------------


def test_news_show_the_helper_purchase_and_the_final_hands():
    import random

    from referee.games.grunwald import bot
    from referee.games.grunwald.actions import HelperPurchase

    T = catalog("en")
    for seed in range(60):
        _, actions = bot.play_sensible_game(["A", "B", "C"], random.Random(seed))
        if any(isinstance(a, HelperPurchase) and a.buy for a in actions):
            break
    s = engine.new_state(["A", "B", "C"])
    shown = {}
    for a in actions:
        marker = news.news_marker(s)
        engine.apply(s, a)
        if isinstance(a, HelperPurchase) and a.buy:
            shown["buy"] = news.news(T, marker, s)
        last = news.news(T, marker, s)
    assert any("Helpers:" in b.text and "bought a helper" in b.text for b in shown["buy"])
    texts = [getattr(b, "text", "") for b in last]
    header = next(x for x in texts if "Hand" in x and "Camp" in x)  # every hand after feeding
    assert [x.split()[0] for x in texts[texts.index(header) + 1:][:3]] == ["A", "B", "C"]


# -- 1. the live screen fits 80×24 ---------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_four_player_placement_screen_fits_80_by_24(lang):
    names = ["Małgorzata", "Przemysław", "Kasia", "Ania"]
    t = Table(4, names)
    t.to_round(4)
    for name in names:
        t.s.player(name).hand.update({"crown:1": 1, "crown:3": 2, "crown:5": 1, "mercenary:4": 1})
        t.s.player(name).camp.update({"mercenary:6": 1, "teuton:2": 1})
    t.reveal()
    t.place(t.s.names[t.s.turn], "crown", "helper", 2)
    t.place(t.s.names[t.s.turn], "teutons")
    screen = io.StringIO()
    console = Console(file=screen, width=80, color_system=None)
    render(view.board(t.s, catalog(lang), hints=True), console)  # (the widest: the hands)
    lines = screen.getvalue().rstrip("\n").split("\n")
    menu = next(q for q in iter_questions(t.s, lang) if q.key == "placement.field")
    assert len(lines) + 1 + len(menu.choices) <= 24  # the board, the question, its menu
    assert max(map(len, lines)) <= 80
    assert any("C 1 3 3 5 · M 4" in line or "K 1 3 3 5 · Z 4" in line for line in lines)
    assert any(re.search(r"— \w+ O\b", c.label) for c in menu.choices)  # the Teutons field's pawns


def iter_questions(state, lang):
    d = dialog.ask(state, catalog(lang))
    q = next(d)
    while isinstance(q, dialogs.Notice):
        q = d.send(None)
    yield q
