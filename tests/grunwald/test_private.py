"""Issue 22 at the Na Grunwald! table: hands are a memory aid (``--hints``), camps lie face down
(private: "kładziemy ją na stół rewersem do góry"); the skirmish card, the loss payment and the
feeding, which use a player's own cards, are asked in that player's private moment; driven
through the real prompts onto an 80x24 virtual terminal (pyte)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from referee.cli.render import render
from referee.core import dialog as dialogs
from referee.core.text import catalog
from referee.games.grunwald import dialog, names, output, summary
from referee.games.grunwald.view import board
from tests.grunwald.table import Table
from tests.harness import Typist
from tests.terminal import Terminal


def board_text(state, lang="en", **view):
    screen = io.StringIO()
    render(board(state, catalog(lang), **view), Console(file=screen, width=80,
                                                            color_system=None))
    return screen.getvalue()


def holding_table():
    t = Table(3)
    t.to_round(4)
    t.s.player("Marek").hand.update({"crown:1": 1, "crown:3": 2, "mercenary:4": 1})
    t.s.player("Marek").camp.update({"mercenary:6": 1, "teuton:2": 1})
    return t


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_issue22_the_board_shows_hands_with_hints_and_camps_only_open(lang):
    t = holding_table()
    t.reveal()
    hidden = board_text(t.s, lang)
    hand = "C 1 3 3 · M 4" if lang == "en" else "K 1 3 3 · Z 4"
    camp = "M 6 · T 2" if lang == "en" else "Z 6 · K"  # (the camp's first cards)
    assert hand not in hidden and camp not in hidden
    assert ("4 cards" if lang == "en" else "4 karty") in hidden
    assert ("2 face down" if lang == "en" else "2 zakryte") in hidden
    hints = board_text(t.s, lang, hints=True)
    assert hand in hints and camp not in hints
    assert hand in board_text(t.s, lang, open=True) and camp in board_text(t.s, lang, open=True)


def test_issue22_show_json_of_a_game_in_progress_counts_the_camps():
    t = holding_table()
    data = output.public_output(t.s, output.replay_output(t.s))
    marek = data["players"]["Marek"]
    assert "camp" not in marek and marek["camp_count"] == 2
    assert "hand" not in marek and marek["hand_count"] == 4
    assert output.public_output(t.s, output.replay_output(t.s), hints=True)["players"]["Marek"][
        "hand"]
    shown = summary.public_summary(t.s, catalog("en"))
    text = str([getattr(b, "rows", getattr(b, "text", "")) for b in shown])
    assert "Mercenary 6" not in text and "2 face down" in text


def drive(state, keys, lang="en", **view):
    """The next entry through the real prompts on the virtual terminal; at every question asked
    outside a moment, a copy of everything the terminal holds."""
    term = Terminal()
    public, inside = [], []
    script = list(keys)

    def before(q):
        (public if prompter.private is None else inside).append(term.everything())
        return script.pop(0) if script else None  # (None: Ctrl-C)

    with term.prompts(before, lang) as prompter:
        prompter.open = view.get("open", False)
        result = dialogs.run(dialog.ask(state, catalog(lang), **view), prompter.ask)
    drive.inside = inside  # (what the moments showed: the tests check it was there)
    return result, term, public


def losses_position():
    t = holding_table()
    t.s.player("Marek").provisions = 0
    t.reveal(teutons=(4, 4))
    t.pass_rest()
    t.cards()
    while t.s.names[t.s.skirmish.pending[0]] != "Marek":
        t.pay_one_everything(t.s.names[t.s.skirmish.pending[0]])
    return t


def test_issue22_loss_payment_in_a_private_moment_leaves_no_camp_on_screen():
    """Marek pays with the advice (Enter): his hand and camp, the menu that lists them and the
    advice were on his screen; afterwards neither the screen nor the scrollback holds them."""
    t = losses_position()
    action, term, _ = drive(t.s, ["\r"])
    assert action.player == "Marek"
    assert any("camp M 6 · T 2" in screen for screen in drive.inside)
    everything = term.everything()
    assert "Mercenary 6" not in everything and "M 6" not in everything
    assert "Advised" not in everything and "owes" not in everything


def test_issue22_skirmish_cards_each_in_its_players_moment():
    t = holding_table()
    t.s.player("Jacek").hand["mercenary:5"] = 1
    t.reveal()
    t.place("Marek", "teutons")
    t.place("Jacek", "teutons")
    t.place("Kasia", "crown")
    t.pass_rest()
    action, term, _public = drive(t.s, ["2\r", "1\r"])
    assert dict(action.cards)["Jacek"] == "mercenary:5"
    assert any("hand C 1 3 3 · M 4" in screen for screen in drive.inside)
    everything = term.everything()
    assert "Mercenary 4" not in everything and "1) " not in everything  # Marek's listing is gone
    assert "Mercenary 6" not in everything and "M 4" not in everything and "M 6" not in everything


def test_issue22_an_open_table_sees_the_camps_and_no_moment():
    t = losses_position()
    _action, term, _public = drive(t.s, ["\r"], open=True)
    assert "M 6" in term.everything()


def test_issue22_an_event_discard_lists_the_camp_only_in_the_players_moment():
    """An event makes Marek give up a card: the menu lists his camp's face-down cards, so it is
    asked in his private moment; the card given up is then said (it leaves the game), the camp
    card he keeps is on neither the screen nor the scrollback.  (``referee fix`` enters an event
    again with the same questions.)"""
    t = Table(3)
    while t.s.round < 5:
        t.quiet_round()
    assert t.s.phase == "event"  # (round 5: its event card)
    t.s.player("Marek").hand.update({"crown:1": 1, "crown:3": 2, "mercenary:4": 1})
    t.s.player("Marek").camp.update({"mercenary:6": 1, "teuton:2": 1})
    camp_keeps = names.card_name(catalog("en"), "mercenary:6")

    def keys(q):
        from referee.cli.prompter import keys_for

        answer = {"event.card": "Zaraza", "event.more": "add" if not keys.done else "done",
                  "effect.player": "Marek", "effect.kind": "discard",
                  "effect.discard": "camp/teuton:2"}[q.key]
        if q.key == "effect.discard":
            keys.done = True
            keys.inside = camp_keeps in term.everything()  # (his moment shows it)
        return keys_for(q, answer) if not isinstance(q, dialogs.Text) else answer + "\r"
    keys.done, keys.inside = False, False

    term = Terminal()
    asked = []

    def before(q):
        asked.append(q.key)
        return "\r" if isinstance(q, dialogs.Private) else keys(q)

    with term.prompts(Typist(before, private=None), "en") as prompter:
        action = dialogs.run(dialog.ask(t.s, catalog("en")), prompter.ask)
    assert action.effects[0].discard == "camp/teuton:2"
    assert asked[asked.index("effect.kind") + 1] == "private"  # Marek alone at the screen
    assert keys.inside
    everything = term.everything()
    assert camp_keeps not in everything and "M 6" not in everything
