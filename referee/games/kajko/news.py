"""Kajko i Kokosz's entries in words: what an entry was, and what the rules did with it (the news
after each entry, the turn list)."""

from __future__ import annotations

from typing import Any

from referee.core.report import Line, Report, Table
from referee.core.text import Catalog
from referee.games.kajko import engine
from referee.games.kajko.actions import Reveal, Send
from referee.games.kajko.names import card_name, cards_text, stack_name
from referee.games.kajko.scores import score_blocks
from referee.games.kajko.state import (
    BRIGANDS,
    CHAMBERLAIN,
    JOMSBORG,
    VALUES,
    KajkoState,
    TurnLog,
)
from referee.games.kajko.view import players_table


def describe(t: Catalog, action: Any) -> str:
    """One entry in words (undo messages, the turn list)."""
    if isinstance(action, Send):
        return t("kajko.summary.did_send", player=action.player)
    if isinstance(action, Reveal):
        text = t("kajko.summary.did_reveal", player=action.player, stack=stack_name(t, action.stack),
                 card=card_name(t, action.card))
        if action.target is not None:
            text += " " + t("kajko.summary.naming", target=action.target)
        return text
    return str(action)


def outcome(t: Catalog, log: TurnLog) -> str:
    """What the rules did with one entry (the end of the game is told by ``_end_lines``)."""
    a, player = log.action, log.player
    lost = [c for c in log.discarded if c in VALUES]
    if isinstance(a, Send):
        text = t("kajko.news.sent", player=player, cards=cards_text(t, log.sent),
                 character=log.character)
        return text + (" " + t("kajko.news.brigands_leave") if BRIGANDS in log.discarded else "")
    if a.card == CHAMBERLAIN:  # KK-7
        return (t("kajko.news.chamberlain", player=player, cards=cards_text(t, lost)) if lost
                else t("kajko.news.chamberlain_nothing", player=player))
    if a.card == BRIGANDS:  # KK-8: the player's own first robber knights went with the second
        if BRIGANDS not in log.discarded:
            return t("kajko.news.brigands_first", player=player)
        return (t("kajko.news.brigands_twice", player=player, cards=cards_text(t, lost)) if lost
                else t("kajko.news.brigands_twice_nothing", player=player))
    if a.card == JOMSBORG:  # KK-9
        if BRIGANDS in log.discarded:
            return t("kajko.news.jomsborg_fight", player=player)
        return (t("kajko.news.jomsborg_rob", player=player, cards=cards_text(t, lost)) if lost
                else t("kajko.news.jomsborg_nothing", player=player))
    if a.target is not None:  # KK-13
        return (t("kajko.news.coin_in_hand", player=player, target=a.target,
                  cards=cards_text(t, log.taken)) if log.taken
                else t("kajko.news.coin_in_hand_nothing", target=a.target))
    return t("kajko.news.item", card=card_name(t, a.card), player=player)


def _end_lines(t: Catalog, log: TurnLog) -> list[Line]:
    """KK-10: how the game ended, and the automatic sends when the stacks ran out."""
    if log.ended == "out":
        return [Line(t("kajko.news.all_out"), "strong")]
    if log.ended != "stacks":
        return []
    out = [Line(t("kajko.news.stacks_empty"), "strong")]
    for player, cards, character, brigands in log.final_sends:
        text = t("kajko.news.final_send", player=player, cards=cards_text(t, cards), character=character)
        out.append(Line(text + (" " + t("kajko.news.brigands_leave") if brigands else "")))
    return out


def news_marker(state: KajkoState) -> int:
    return len(state.log)


def news(t: Catalog, marker: int, state: KajkoState) -> Report:
    """What the rules resolved since ``marker``: each entry's outcome, the end and the scores."""
    out: Report = []
    for log in state.log[marker:]:
        lost = isinstance(log.action, Reveal) and any(c in VALUES for c in log.discarded)
        out.append(Line(outcome(t, log), "bad" if lost else ""))
        out.extend(_end_lines(t, log))
    if state.over and marker < len(state.log):
        # the end: what each character carries to town (the cards are turned up), then the score
        out.append(players_table(t, state, None, show_town=True))
        out.extend(score_blocks(t, engine.final_scores(state), state.names))
    return out


def turn_table(t: Catalog, state: KajkoState) -> Table:
    table = Table(t("kajko.summary.turns"), [t("kajko.summary.col_turn"), t("kajko.summary.col_entry"),
                                             t("kajko.summary.col_outcome")],
                  align=["right", "left", "left"])
    for i, log in enumerate(state.log, start=1):
        said = " ".join([outcome(t, log), *(line.text for line in _end_lines(t, log))])
        table.rows.append([str(i), describe(t, log.action), said])
    return table
