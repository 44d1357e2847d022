"""Each placement rule once (issue 27): ``engine.placement_fault`` holds NG-C2 and NG-P1 … NG-P11;
the one checked path (``apply``) accepts and diagnoses with it and ``legal_placements`` generates
with it, so what the table is offered and what a record may hold are the same set."""

from __future__ import annotations

import random

from referee.core.errors import RecordError
from referee.games.grunwald import bot, engine
from referee.games.grunwald.actions import Place


def placement_states(games: int):
    """States of random games at each placement turn."""
    for seed in range(games):
        rng = random.Random(seed)
        state = engine.new_state(["Ola", "Bartek", "Ewa", "Kuba"][: 2 + seed % 3])
        while not engine.is_over(state):
            if state.phase == engine.PLACEMENT:
                yield state
            engine.apply(state, bot.random_action(state, rng))


def test_NG_P1_to_NG_P11_apply_accepts_exactly_what_legal_placements_offers():
    """Every placement of a wide range (fields and pawns that do not exist, counts and ducats
    out of range) at placement turns of random games: ``apply`` takes it if and only if
    ``legal_placements`` lists it, and refuses it with the rule ``placement_fault`` names."""
    checked = refused = 0
    for i, state in enumerate(placement_states(4)):
        if i % 13:
            continue
        p = state.players[state.turn]
        before = state.snapshot()
        legal = set(engine.legal_placements(state, state.turn))
        for field in (*engine.FIELDS, "castle"):
            for pawn in (engine.OFFICER, engine.HELPER, "knight"):
                for count in (0, 1, 2, 6):
                    for ducats in (-1, 0, 1, p.ducats + 1):
                        action = Place(p.name, field, pawn, count, ducats)
                        checked += 1
                        if action in legal:
                            engine.apply(state.copy(), action)  # (accepted: raises otherwise)
                            continue
                        try:  # (refused: nothing changes, so the state itself is used)
                            engine.apply(state, action)
                        except RecordError as err:
                            st = state.stake(field, p.index) if field in engine.FIELDS else None
                            fault = engine.placement_fault(state, p, st, field, pawn, count, ducats)
                            assert fault is not None and err.rule == fault[0], action
                            refused += 1
                        else:
                            raise AssertionError(f"accepted, not offered: {action}")
        assert state.snapshot() == before
    assert checked > 2_000 and 0 < refused < checked
