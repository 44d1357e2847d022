"""Na Grunwald!'s entries in words: what an entry was, what the rules resolved after it (the
skirmish, the fields, the end), and the game round by round.  No printing here."""

from __future__ import annotations

from typing import Any

from referee.core.report import Heading, Line, Report, Table
from referee.core.text import Catalog
from referee.games.grunwald import engine
from referee.games.grunwald.actions import (
    Event,
    Feed,
    HelperPurchase,
    LaterEffect,
    Pass,
    PayLosses,
    Place,
    Reveal,
    SkirmishCards,
)
from referee.games.grunwald.names import card_name, cards_text, event_line
from referee.games.grunwald.scores import score_blocks
from referee.games.grunwald.state import OVER, TEUTON_BONUS, GrunwaldState
from referee.games.grunwald.view import player_lines


def _pair(t: Catalog, player: str, card: str) -> str:
    return t("grunwald.summary.pair", player=player, card=card_name(t, card))


def _reveal_line(t: Catalog, rv: Reveal, players: int = 4) -> str:
    strength = sum(rv.teutons) + TEUTON_BONUS[players] if rv.teutons is not None else 0
    text = t(
        "grunwald.summary.reveal",
        crown=", ".join(map(str, rv.crown)),
        mercenary=", ".join(map(str, rv.mercenary)),
        provisions="/".join(map(str, sorted(rv.provisions, reverse=True))),
        ducats="/".join(map(str, sorted(rv.ducats, reverse=True))),
    )
    if rv.teutons is not None:
        text += " · " + t("grunwald.summary.reveal_teutons", teutons=", ".join(map(str, rv.teutons)),
                          strength=strength)
    return text


def _field_text(t: Catalog, name: str, results: list[dict[str, Any]]) -> str:
    if not results:
        return t("grunwald.summary.field_nobody")
    parts = []
    for res in results:
        gain = res["gain"]
        if gain is None:
            parts.append(t(f"grunwald.summary.helper_{res.get('reason') or 'declined'}",
                           player=res["player"]))
            continue
        if name in ("crown", "mercenaries"):
            what = card_name(t, gain)
        elif name == "helpers":
            what = (t("grunwald.summary.helper_bought", price=t.n("grunwald.plural.ducats", res["paid"]))
                    if res["paid"] else t("grunwald.summary.helper_free"))
        elif name == "ducats":
            what = t.n("grunwald.plural.ducats", gain)
        else:
            what = t(f"grunwald.summary.gain_{name}", n=gain)
        paid = t("grunwald.summary.paid", n=res["paid"]) if res["paid"] and name != "helpers" else ""
        parts.append(f"{res['player']}: {what}{paid}")
    return "; ".join(parts)


def _skirmish_lines(t: Catalog, sk: dict[str, Any]) -> list[Line]:
    cards = ", ".join(_pair(t, p, c) for p, c in sk["cards"].items())
    lines = [Line(t("grunwald.summary.skirmish", strength=sk["strength"], cards=cards,
                    total=sk["total"]) if cards
                  else t("grunwald.summary.skirmish_nobody", strength=sk["strength"]))]
    if sk["captures"]:
        lines.append(Line(t("grunwald.summary.captures", captures=", ".join(
            _pair(t, p, c) for p, c in sk["captures"].items()))))
    if sk["won"]:
        lines.append(Line(t("grunwald.summary.skirmish_won"), "good"))
    else:
        lines.append(Line(t("grunwald.summary.skirmish_lost", owed=sk["owed"]), "bad"))
        for p, items in sk["losses"].items():
            lines.append(Line(t("grunwald.summary.loss", player=p, items=cards_text(t, items))))
    return lines


def _skirmish_row(t: Catalog, sk: dict[str, Any], losses: bool = True) -> str:
    """The skirmish in one cell: outcome, captures, losses paid (``losses``)."""
    text = t("grunwald.summary.skirmish_won_short" if sk["won"] else "grunwald.summary.skirmish_lost_short",
             strength=sk["strength"], total=sk["total"], owed=sk["owed"])
    if sk["captures"]:
        text += "; " + t("grunwald.summary.captures", captures=", ".join(
            _pair(t, p, c) for p, c in sk["captures"].items()))
    for p, items in (sk["losses"] if losses else {}).items():
        text += "; " + t("grunwald.summary.loss", player=p, items=cards_text(t, items)).strip()
    return text


def round_blocks(t: Catalog, state: GrunwaldState) -> Report:
    out: Report = []
    for log in state.log:
        if log.event is None and log.reveal is None:
            continue
        out.append(Heading(t("grunwald.summary.round", round=log.round, start=log.start_player), 2))
        if log.event is not None:
            out.append(Line(event_line(t, log.event)))
        if log.reveal is not None:
            out.append(Line(_reveal_line(t, log.reveal, state.n)))
        if log.skirmish is not None:
            out.extend(_skirmish_lines(t, log.skirmish))
        if log.fields:
            table = Table(t("grunwald.summary.fields_title"),
                          [t("grunwald.summary.col_field"), t("grunwald.summary.col_result")])
            for name in ("crown", "provisions", "ducats", "mercenaries", "helpers"):
                if name in log.fields:
                    table.rows.append([t(f"grunwald.field.{name}"),
                                       _field_text(t, name, log.fields[name])])
            out.append(table)
    return out


def describe(t: Catalog, action: Any) -> str:
    """One entry of the record in words (what an undo took back)."""
    if isinstance(action, Place):
        pawns = (t("grunwald.describe.officer") if action.pawn == "officer"
                 else t.n("grunwald.plural.helpers", action.count))
        text = t("grunwald.describe.place", player=action.player, pawns=pawns,
                 field=t(f"grunwald.field.{action.field}"))
        if action.ducats:
            text += t("grunwald.describe.with", ducats=t.n("grunwald.plural.ducats", action.ducats))
        return text
    if isinstance(action, Pass):
        return t("grunwald.describe.pass", player=action.player)
    if isinstance(action, Reveal):
        return _reveal_line(t, action)
    if isinstance(action, Event):
        return event_line(t, action)
    if isinstance(action, LaterEffect):
        line = event_line(t, Event("", action.effects))
        return t("grunwald.describe.later", effects=line.split("—", 1)[-1].strip())
    if isinstance(action, SkirmishCards):
        cards = ", ".join(f"{p} {card_name(t, c)}" for p, c in action.cards)
        return t("grunwald.describe.skirmish", cards=cards or t("grunwald.summary.nobody"))
    if isinstance(action, PayLosses):
        return t("grunwald.summary.loss", player=action.player, items=cards_text(t, list(action.items))).strip()
    if isinstance(action, HelperPurchase):
        return t("grunwald.describe.buy" if action.buy else "grunwald.describe.no_buy")
    if isinstance(action, Feed):
        return t("grunwald.describe.feed", player=action.player, cards=cards_text(t, list(action.cards)))
    return str(action)


def news_marker(state: GrunwaldState) -> tuple:
    """Where the round logs stand, to tell afterwards what an entry set in motion."""
    log = state.log[-1]
    losses = len(log.skirmish["losses"]) if log.skirmish is not None else 0
    return (len(state.log), log.skirmish is not None, bool(log.fields), state.phase, losses,
            len(state.feeding_log))


def news(t: Catalog, marker: tuple, state: GrunwaldState) -> Report:
    """What the rules resolved after the last entry: the skirmish, the fields, the end."""
    count, had_skirmish, had_fields, _, losses, fed = marker
    out: Report = []
    for i in range(count - 1, len(state.log)):
        log = state.log[i]
        first = i == count - 1
        if log.skirmish is not None and not (first and had_skirmish):
            out.extend(_skirmish_lines(t, log.skirmish))
        elif log.skirmish is not None:  # losses paid since
            for p, items in list(log.skirmish["losses"].items())[losses:]:
                out.append(Line(t("grunwald.summary.loss", player=p, items=cards_text(t, items))))
        if first and marker[3] == "helper_purchase" and "helpers" in log.fields:
            # the purchase just decided: the Helpers field's result, which waited for it
            out.append(Line(f"{t('grunwald.field.helpers')}: {_field_text(t, 'helpers', log.fields['helpers'])}"))
        if log.fields and not (first and had_fields):
            # a line a field (issue 22: the board, the news and the next question fit 80×24);
            # the Teutons' losses were said as they were paid (the summary's table repeats them)
            out.append(Line(t("grunwald.summary.round_fields", round=log.round), "strong"))
            if log.skirmish is not None:
                out.append(Line(f"{t('grunwald.field.teutons')}: {_skirmish_row(t, log.skirmish, False)}"))
            for name in ("crown", "provisions", "ducats", "mercenaries", "helpers"):
                if name in log.fields:
                    out.append(Line(f"{t(f'grunwald.field.{name}')}: "
                                    f"{_field_text(t, name, log.fields[name])}"))
    for name, cards in state.feeding_log[fed:]:
        out.append(Line(t("grunwald.summary.fed", player=name, cards=cards_text(t, list(cards)))))
    if state.phase == OVER and marker[3] != OVER:
        out.append(Heading(t("grunwald.summary.final"), 2))
        out.extend(player_lines(t=t, state=state, pawns=False))  # what everybody keeps after feeding
        out.append(Line(t("grunwald.board.legend"), "muted"))
        out.extend(score_blocks(t, engine.final_scores(state), list(state.names)))
    return out
