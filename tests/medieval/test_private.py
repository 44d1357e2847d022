"""Issue 22 at the Medieval Battle table: the army chosen in secret (MB-R1) is typed in its
player's private moment, through the real prompts onto an 80x24 virtual terminal (pyte): a
refused army names what was typed only there, and nothing of it outlives the moment."""

from __future__ import annotations

from referee.core import dialog as dialogs
from referee.core.text import catalog
from referee.games.medieval import dialog, engine, output
from referee.games.medieval.actions import Recruit
from tests.terminal import Terminal


def test_issue22_a_secret_army_is_typed_in_a_private_moment_and_cleared():
    state = engine.new_state(["Ola", "Bartek"])
    term = Terminal()
    inside = []
    keys = ["99 HC\r", "\x15", "1 HC!\r"]  # refused (over the budget), cleared, then accepted (! keeps it)

    def before(q):
        inside.append(prompter.private)
        return "".join(keys)

    with term.prompts(before, "en") as prompter:
        action = dialogs.run(dialog.ask(state, catalog("en")), prompter.ask)
    assert isinstance(action, Recruit) and action.player == "Ola"
    assert inside == ["Ola"]  # asked inside Ola's moment
    everything = term.everything()
    assert "99" not in everything and "Ola, " not in everything


def test_issue22_show_json_hides_the_first_army_until_the_second_is_chosen():
    state = engine.new_state(["Ola", "Bartek"])
    first = dialogs.run(dialog.ask(state, catalog("en")), lambda q: None if isinstance(
        q, (dialogs.Notice, dialogs.Private, dialogs.Public)) else q.parse("2 HC!"))
    engine.apply(state, first)
    data = output.public_output(state, output.replay_output(state))
    ola = data["players"]["Ola"]
    assert ola["hidden"] and "units" not in ola and "recruited" not in ola
    assert output.replay_output(state)["players"]["Ola"]["units"]  # (there to hide)
