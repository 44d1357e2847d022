"""Each placement rule once (issue 27): ``engine.placement_fault`` holds NG-C2 and NG-P1 … NG-P11;
the one checked path (``apply``) accepts and diagnoses with it and ``legal_placements`` generates
with it, so what the table is offered and what a record may hold are the same set."""

from __future__ import annotations

import random
from collections import Counter

from referee.core import dialog as dialogs
from referee.core.errors import RecordError
from referee.core.text import catalog
from referee.games.grunwald import bot, dialog, engine
from referee.games.grunwald.actions import Pass, Place

T = catalog("en")


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


class _Branch(Exception):
    """A question the path's answers do not reach yet: explored one answer at a time."""


def _answers(q) -> list:
    """Every answer of a placement question that enters a placement (not undo, back, the standing,
    an effect of the event card)."""
    if isinstance(q, dialogs.Text):  # (a range of helpers or ducats, typed)
        out = []
        for n in range(60):
            try:
                out.append(q.parse(str(n)))
            except dialogs.Invalid:
                pass
        return out
    skip = (dialogs.UNDO, dialogs.BACK, dialog.LATER, "standing")
    return [c.value for c in q.choices if not any(c.value is v for v in skip)]


def offered(state) -> tuple[list[str], list[str], set]:
    """What the table sees and can reach in a placement turn, through the dialog's questions: the
    field menu's fields, the lines said before it, and every action of every path of answers."""
    fields: list[str] = []
    said: list[str] = []
    reached = set()

    def explore(path: list) -> None:
        step, branches = 0, []

        def answer(q):
            nonlocal step
            if isinstance(q, dialogs.Notice):
                if not path:
                    said.extend(getattr(b, "text", "") for b in q.report)
                return None
            if isinstance(q, (dialogs.Private, dialogs.Public)):
                return None
            if step < len(path):
                step += 1
                return path[step - 1]
            branches.extend(_answers(q))
            if not path:
                fields.extend(v for v in branches if v in engine.FIELDS)
            raise _Branch

        try:
            reached.add(dialogs.run(dialog.ask(state, T), answer))
        except _Branch:
            for value in branches:
                explore([*path, value])

    explore([])
    return fields, said, reached


def accepted(state) -> set:
    """Every placement of a wide range the engine takes (each on a copy), and the pass."""
    p = state.players[state.turn]
    out = {Pass(p.name)}
    for field in engine.FIELDS:
        for pawn in (engine.OFFICER, engine.HELPER):
            for count in range(1, 7):
                for ducats in range(p.ducats + 2):
                    action = Place(p.name, field, pawn, count, ducats)
                    try:
                        engine.apply(state.copy(), action)
                    except RecordError:
                        continue
                    out.add(action)
    return out


def book_reason(state, p, field: str) -> str | None:
    """Why the book keeps a player off a field they have a pawn for, written from the digest
    (not the engine's ``placement_fault``): the truce (NG-P8, said by nobody), NG-P7's five
    helpers, NG-P8/NG-P10's one pawn a player, NG-P10's ducat bid, else no pawn that may stand
    there (NG-C2, NG-P2)."""
    if field == "teutons" and state.round < 4:
        return None
    if field == "helpers" and p.helpers >= 5:
        return "helpers_full"
    if field in ("teutons", "mercenaries") and any(s.player == p.index for s in state.fields[field]):
        return "one_pawn"
    if field == "mercenaries" and p.ducats < 1:
        return "no_ducats"
    return "no_pawn"


def test_NG_C2_NG_P7_NG_P8_NG_P10_the_dialog_offers_exactly_what_the_engine_accepts():
    """At placement turns of random games, the table's questions (the field menu, then pawn,
    helpers and ducats, every path of answers) reach exactly the placements ``engine.apply``
    takes, and the line before the menu names each other field with the book's reason, in the
    words the table always saw (``Not offered: Mercenaries (no ducats to bid), …``)."""
    reasons = Counter()
    for i, state in enumerate(placement_states(5)):
        if i % 11:
            continue
        p = state.players[state.turn]
        fields, said, reached = offered(state)
        legal = accepted(state)
        assert reached == legal, (state.round, p.name)
        assert fields == [f for f in engine.FIELDS if any(getattr(a, "field", None) == f for a in legal)]
        why = [(f, book_reason(state, p, f)) for f in engine.FIELDS if f not in fields]
        why = [(f, r) for f, r in why if r is not None]
        reasons.update(r for _, r in why)
        lines = [line for line in said if line.startswith("Not offered")]
        expected = ", ".join(f"{T(f'grunwald.field.{f}')} ({T(f'grunwald.play.not_offered_{r}')})"
                             for f, r in why)
        assert lines == ([f"Not offered: {expected}"] if why else []), (state.round, p.name)
    assert set(reasons) == {"helpers_full", "one_pawn", "no_ducats", "no_pawn"}, reasons
