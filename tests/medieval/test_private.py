"""Issue 22 at the Medieval Battle table: the army chosen in secret (MB-R1) is typed in its
player's private moment, through the real prompts onto an 80x24 virtual terminal (pyte): a
refused army names what was typed only there, and nothing of it outlives the moment."""

from __future__ import annotations

import pytest

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


def _recruited_session(store, **choices):
    """Ala's army (4 HC, 1 LB, 6 PK) chosen in secret (MB-R1); Bob's not yet: the trial's
    ``med2`` at Bob's look-away prompt."""
    from referee.core.service import SessionService
    from referee.games.medieval.units import HEAVY_CAVALRY, LONGBOWMEN, PIKEMEN

    session = SessionService(store).new("medieval", ["Ala", "Bob"], lang="en", name="med2")
    sid = session.id
    session.close()
    with SessionService(store).open_live(sid, **choices) as live:
        live.apply(Recruit("Ala", ((HEAVY_CAVALRY, 4), (LONGBOWMEN, 1), (PIKEMEN, 6))))
        live.keep_choices()
    return sid


@pytest.mark.parametrize("fmt", ["md", "html", "csv", "json"])
def test_MB_R1_issue22_an_export_during_recruitment_hides_the_secret_army(tmp_path, fmt):
    """``referee export med2 --format md|html|csv|json`` while Bob still chooses: Ala's army is
    only said to be chosen — no unit type, unit table, points spent or unit count (csv:
    ``Ala,red,0,,,,5,,,``); a table that plays open exports it."""
    from referee.core.service import SessionService
    from referee.store.sessions import Store

    store = Store(tmp_path)
    service = SessionService(store)
    text = service.export(_recruited_session(store), fmt)
    for word in ("heavy cavalry", "long bowmen", "pikemen", "heavy_cavalry", "pikemen", "R-HC1",
                 "R-PK6"):
        assert word not in text.lower()
    if fmt == "csv":
        ala = next(r for r in text.splitlines() if r.startswith("Ala,"))
        assert ala.split(",")[4:8] == ["", "", "5", ""]  # baggage, value, tokens, units on map
    elif fmt == "json":
        import json

        assert json.loads(text)["players"]["Ala"]["hidden"] is True
    else:
        assert "Ala" in text and catalog("en")("medieval.board.army_hidden", player="Ala") in text
    opened = _recruited_session(Store(tmp_path / "open"), open_table=True)
    shown = SessionService(Store(tmp_path / "open")).export(opened, fmt)
    assert "R-PK6" in shown or ",20," in shown or "pikemen" in shown.lower()
