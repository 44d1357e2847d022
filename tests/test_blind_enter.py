"""Issue 22: a menu's default is always the safe choice, and a menu without one takes no Enter
alone (a War Chest trial: a player pressed Enter out of habit and the turn menu took its first
item, "Warrior priest: Deploy").  Each game's menus, as its dialog asks them in random games,
through the real prompts (``tests/harness.py``)."""

from __future__ import annotations

import pytest

from referee.cli.prompter import keys_for
from referee.core import dialog as dialogs
from referee.core import registry
from referee.core.text import catalog
from tests import playouts
from tests.test_keys import _one, drive

#: menus where every choice does something: a turn's actions, a unit, a hex, a card, a field
NO_SAFE_CHOICE = [
    ("war-chest", "warchest.play"), ("war-chest", "warchest.recruit"), ("war-chest", "warchest.hex.to"),
    ("medieval-battle", "medieval.turn"), ("medieval-battle", "medieval.play"),
    ("medieval-battle", "medieval.answer"), ("kajko-kokosz", "kajko.turn"), ("kajko-kokosz", "kajko.card"),
    ("na-grunwald", "placement.field"), ("na-grunwald", "placement.pawn"),
]
#: menus with a safe choice, highlighted: Enter alone takes it
SAFE_CHOICE = [("war-chest", "warchest.setup.method", "random"), ("medieval-battle", "medieval.setup.map", "standard"),
               ("na-grunwald", "helper_purchase", False)]


def find_menu(name: str, kind: str) -> dialogs.Select:
    """The first menu ``kind`` a random game of ``name`` asks (its setup's too)."""
    game = registry.get(name)
    t = catalog("en")
    if ".setup." in kind:
        setup = game.setup(t, ["Ola", "Bartek"])
        assert setup is not None
        q = next(setup)
        assert q.key == kind
        return q
    for seed in range(40):
        for _, q in playouts.questions(game, ["Ola", "Bartek"], seed):
            if isinstance(q, dialogs.Select) and q.key == kind and len(q.choices) > 2:
                return q
    raise AssertionError(f"no {kind} in 40 games of {name}")


@pytest.mark.parametrize(("name", "kind"), NO_SAFE_CHOICE, ids=[k for _, k in NO_SAFE_CHOICE])
def test_enter_alone_takes_nothing_on_a_menu_without_a_safe_choice(name, kind):
    """Enter out of habit, then the key the player meant: the key's choice, not the first one;
    Enter once the highlight was moved takes the highlighted choice."""
    q = find_menu(name, kind)
    assert q.safe_default is False
    meant = q.choices[1].value
    assert drive(_one(q), {kind: "\r\r" + keys_for(q, meant)})[0] == meant
    assert drive(_one(q), {kind: "\r\x1b[B\r"})[0] == meant
    with pytest.raises(AssertionError, match="no answer was accepted"):
        drive(_one(q), {kind: "\r\x03"})


@pytest.mark.parametrize(("name", "kind", "safe"), SAFE_CHOICE, ids=[k for _, k, _ in SAFE_CHOICE])
def test_enter_alone_takes_the_safe_choice_of_a_menu_that_has_one(name, kind, safe):
    """The book's standard setup, the helper purchase's No: Enter alone takes it."""
    q = find_menu(name, kind)
    assert q.safe_default is True
    assert drive(_one(q), {kind: "\r"})[0] == safe
