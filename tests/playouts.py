"""Random playouts that ask every question of every entry through the game's own dialog (the way
of the shared suite: the game's own random legal entries move the game on, the dialog's answers
only walk its questions).  One walker for the tests that look at questions: a key's meanings, the
menus that take no Enter alone, the text fields' refusals."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from referee.core import dialog as dialogs
from referee.core.text import Catalog, catalog
from tests import screen

NAMES = ["Ola", "Bartek", "Ewa", "Kuba", "Lena"]
COLORS = ["red", "blue", "green", "yellow", "magenta"]
STOP = screen._STOP  # an answer that leaves the entry


def questions(game: Any, names: list[str], seed: int = 0, lang: str = "en", *,
              answer: Callable[[Any, random.Random, Catalog], Any] = screen._answer,
              hints: bool = False, entries: int | None = None, per_entry: int = 60
              ) -> Iterator[tuple[Any, Any]]:
    """``(state, question)`` for every menu, confirmation and text question of a random game of
    ``names`` (``entries``: of its first entries only), each answered by ``answer(q, rng, t)``
    (``STOP`` leaves the entry); after each entry the game's own random legal entry is applied."""
    t, rng = catalog(lang), random.Random(seed)
    state, _ = game.parse_record(game.new_record(list(names), {})).replay()
    played = 0
    while not game.is_over(state) and (entries is None or played < entries):
        dialog = game.dialog(state, t, dict(zip(state.names, COLORS)), hints=hints)
        try:
            q = next(dialog)
            for _ in range(per_entry):
                reply = None
                if isinstance(q, (dialogs.Select, dialogs.Confirm, dialogs.Text)):
                    yield state, q
                    reply = answer(q, rng, t)
                    if reply is STOP:
                        break
                q = dialog.send(reply)
        except StopIteration:
            pass
        finally:
            dialog.close()
        game.apply(state, game.random_action(state, rng))
        played += 1


def play_to_the_end(engine: Any, bot: Any, check: Callable[[Any], None], record: Any,
                    players: list[str], meta: dict[str, Any], rng: random.Random, limit: int
                    ) -> tuple[Any, list[Any]]:
    """A random legal game (a game's ``engine``, ``bot`` and ``record`` modules), from its
    record's setup (``meta``) to the end: ``(state, actions)``, the game's invariants
    (``check``) checked after every entry, at most ``limit`` entries."""
    state, _ = record.parse_record(record.write_record(players, [], meta)).replay()
    actions: list[Any] = []
    while not engine.is_over(state):
        action = bot.random_action(state, rng)
        engine.apply(state, action)
        actions.append(action)
        check(state)
        assert len(actions) < limit
    return state, actions
