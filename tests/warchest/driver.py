"""Answers the War Chest dialog's questions so that it returns a given entry (the live tests'
table): what a player would press or type for each question."""

from __future__ import annotations

from referee.core import dialog as dialogs
from referee.core.text import catalog
from referee.games.warchest.actions import Deal, Done, Draw, FirstPicker, Flip, Pick, Play, Resign
from referee.games.warchest.dialog import LEVELS, RESIGN, _group
from referee.games.warchest.names import code

BY_FIELD = {level.field: level for level in LEVELS if level.field}


def typed(target, q, lang: str = "en"):
    """The answer to ``q`` leading to ``target``: a choice's value, or the text typed."""
    t = catalog(lang)
    if isinstance(q, dialogs.Private):
        return True  # the player alone at the screen presses Enter
    key = q.key
    if isinstance(target, Resign):
        return RESIGN if isinstance(q, dialogs.Select) else True
    if key == "warchest.units":
        values = [c.value for c in q.choices]
        return next(u for u in target.units if u in values)
    if key == "warchest.pick":
        return target.unit
    if key == "warchest.royal_guard":
        return target.card
    if key in ("warchest.first_picker", "warchest.initiative"):
        return target.player
    if key == "warchest.draw":
        return "" if target.coins is None else " ".join(code(t, c) for c in target.coins)
    if key in ("warchest.play", "warchest.then"):
        return _group(target)
    if isinstance(target, Done):
        raise AssertionError(key)
    if key == "warchest.action":
        return target.action
    if key == "warchest.recruit":
        return target.recruit
    if key == "warchest.down_coin":
        return target.coin
    field = key.split(".")[-1]
    return BY_FIELD[field].value(target)


def direct(target, lang: str = "en"):
    """An answering function for ``dialogs.run``: typed texts are parsed as the prompter would."""

    def answer(q):
        if isinstance(q, (dialogs.Notice, dialogs.Private, dialogs.Public)):
            return None
        value = typed(target, q, lang)
        if isinstance(q, dialogs.Text):
            return q.parse(value)
        return value

    return answer


__all__ = ["Deal", "Draw", "FirstPicker", "Flip", "Pick", "Play", "direct", "typed"]
