"""What the table reads about a game of Kajko i Kokosz: the board, the news after each entry, the
summary, the final scoreboard and the exports — as renderer-neutral reports (no I/O here)."""

from __future__ import annotations

from typing import Any

from referee.core.report import Chart, Heading, Line, LineChart, Report, Table
from referee.core.text import Catalog
from referee.games.kajko import engine
from referee.games.kajko.actions import Reveal, Send
from referee.games.kajko.engine import Result
from referee.games.kajko.state import (
    BRIGANDS,
    CARDS,
    CHAMBERLAIN,
    COIN,
    COIN_IN_HAND,
    COINS,
    DANGERS,
    DEFAULT_STACKS,
    ITEM5,
    ITEM10,
    JOMSBORG,
    VALUES,
    KajkoState,
    TurnLog,
)

#: catalog key of each card (record names hold a colon)
CARD_KEYS = {c: c.replace(":", "") for c in CARDS}


def card_name(t: Catalog, card: str) -> str:
    return t(f"kajko.card.{CARD_KEYS.get(card, card)}")


def cards_text(t: Catalog, cards: list[str]) -> str:
    """``2 × coin, item worth 5`` (in order of value, highest first)."""
    if not cards:
        return t("kajko.summary.none")
    order = sorted(set(cards), key=lambda c: (-VALUES.get(c, 0), CARDS.index(c)))
    return ", ".join(f"{cards.count(c)} × {card_name(t, c)}" if cards.count(c) > 1 else card_name(t, c)
                     for c in order)


def stack_name(t: Catalog, stack: int) -> str:
    """Stacks are numbered from 1 at the table (the record counts from 0)."""
    return t("kajko.summary.stack", n=stack + 1)


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
        out.append(_players_table(t, state, None, show_town=True))
        out.extend(score_blocks(t, engine.final_scores(state), state.names))
    return out


# --------------------------------------------------------------------------------------------
# The board


def danger_odds(state: KajkoState, stack: int) -> tuple[list[str], float]:
    """The memory aid (``play --hints``): the dangers still inside ``stack`` and the chance that
    its next card is one of them (KK-2: each stack holds one of each; every order is as likely)."""
    inside = [c for c in DANGERS if c in state.inside[stack]]
    return inside, len(inside) / state.left[stack]


def _players_table(t: Catalog, state: KajkoState, colors: dict[str, str] | None,
                   show_town: bool) -> Table:
    columns = [t("kajko.board.col_player"), t("kajko.board.col_front"), t("kajko.board.col_value"),
               t("kajko.board.col_town")]
    table = Table(t("kajko.board.players"), columns, align=["left", "left", "right", "left"])
    for p in state.players:
        if show_town:
            town = "; ".join(cards_text(t, c) for c in p.town) or t("kajko.summary.none")
        else:  # the cards on a character lie face down (the rulebook): only how many are filled
            town = t("kajko.board.filled", filled=len(p.town), of=state.characters)
        if state.is_out(p) and not state.over:
            town += " · " + t("kajko.board.out")
        table.rows.append([p.name, cards_text(t, p.front), str(sum(VALUES[c] for c in p.items())),
                           town])
        table.row_styles.append((colors or {}).get(p.name, ""))
    return table


def setup_lines(t: Catalog, state: KajkoState, with_stacks: bool = True) -> Report:
    """The variants played and, where they are not the standard ones, the stack sizes."""
    out: Report = []
    variants = [t(f"kajko.variant.{v}") for v in ("dusigrosz", "coin_in_hand") if getattr(state, v)]
    out.append(Line(t("kajko.board.variants", variants=", ".join(variants)) if variants
                    else t("kajko.board.basic"), "muted"))
    if with_stacks and tuple(state.sizes) != DEFAULT_STACKS:
        out.append(Line(t("kajko.board.sizes", sizes=", ".join(map(str, state.sizes))), "muted"))
    return out


def board(state: KajkoState, t: Catalog, colors: dict[str, str] | None = None,
          stacks: bool = True, town: bool = False) -> Report:
    """The table: whose turn, the players' fronts, and the stacks (or the memory aid).  The live
    dialog leaves the stacks out: its stack menu says how many cards each holds."""
    out: Report = []
    if state.over:
        out.append(Heading(t("kajko.board.over"), 2))
    else:
        out.append(Heading(t("kajko.board.turn", n=len(state.log) + 1, player=state.current().name), 2))
    out.extend(setup_lines(t, state, with_stacks=False))
    out.append(_players_table(t, state, colors, show_town=state.over))
    if town and not state.over:
        # what lies face down on the characters (the memory aid, or an open table's), a line a
        # player under the table: folded to one line when a question needs the room (issue 22)
        out.extend(Line(t("kajko.board.town_line", player=p.name,
                          cards="; ".join(cards_text(t, c) for c in p.town)), "aid")
                   for p in state.players if p.town)
    left = Table(t("kajko.board.stacks"), [str(i + 1) for i in range(len(state.left))],
                 [[str(n) for n in state.left]], align=["right"] * len(state.left))
    if stacks:
        out.append(left)
    return out


# --------------------------------------------------------------------------------------------
# The end


def score_table(t: Catalog, result: Result, names: list[str]) -> Table:
    """The scoreboard; the Dusigrosz column only where the table plays that variant (KK-12)."""
    dusigrosz = result.dusigrosz_variant
    columns = [t("kajko.score.col_player"), t("kajko.score.ducats"),
               *([t("kajko.score.dusigrosz")] if dusigrosz else []),
               t("kajko.score.total"), t("kajko.score.items_sent"), t("kajko.score.place")]
    table = Table(t("kajko.score.title"), columns, align=["left"] + ["right"] * (len(columns) - 1),
                  transposable=True)
    for n in sorted(names, key=lambda n: (result.places[n], names.index(n))):
        s = result.scores[n]
        table.rows.append([n, str(s.ducats), *([str(s.dusigrosz)] if dusigrosz else []),
                           str(s.total), str(s.items_sent), str(result.places[n])])
    return table


def score_blocks(t: Catalog, result: Result, names: list[str]) -> Report:
    """The scoreboard with the Dusigrosz and the tie-break explained (KK-11, KK-12)."""
    out: Report = [score_table(t, result, names)]
    if result.dusigrosz_variant:
        if result.dusigrosz is not None:
            coins = result.scores[result.dusigrosz].coins
            out.append(Line(t.n("kajko.score.dusigrosz_to", coins, player=result.dusigrosz)))
        elif result.dusigrosz_tied:
            coins = result.scores[result.dusigrosz_tied[0]].coins
            out.append(Line(t.n("kajko.score.dusigrosz_tie", coins,
                                players=", ".join(result.dusigrosz_tied))))
    winners = result.winners
    if len(winners) > 1:
        out.append(Line(t("kajko.score.shared", players=", ".join(winners)), "strong"))
    else:
        out.append(Line(t("kajko.score.winner", player=winners[0]), "strong"))
    # KK-11: every group of players with the same total, and what the items sent made of it
    totals = sorted({s.total for s in result.scores.values()}, reverse=True)
    for total in totals:
        tied = [n for n in names if result.scores[n].total == total]
        if len(tied) < 2:
            continue
        split = len({result.scores[n].items_sent for n in tied}) > 1
        if total == totals[0]:
            out.append(Line(t("kajko.score.tie_break", players=", ".join(tied), total=total,
                              winners=", ".join(winners)) if split else t("kajko.score.tie_full")))
        elif split:
            out.append(Line(t("kajko.score.tie_places", players=", ".join(tied), total=total)))
        else:
            out.append(Line(t("kajko.score.tie_place", players=", ".join(tied), total=total,
                              place=result.places[tied[0]])))
    return out


def turn_table(t: Catalog, state: KajkoState) -> Table:
    table = Table(t("kajko.summary.turns"), [t("kajko.summary.col_turn"), t("kajko.summary.col_entry"),
                                             t("kajko.summary.col_outcome")],
                  align=["right", "left", "left"])
    for i, log in enumerate(state.log, start=1):
        said = " ".join([outcome(t, log), *(line.text for line in _end_lines(t, log))])
        table.rows.append([str(i), describe(t, log.action), said])
    return table


def summary(state: KajkoState, t: Catalog, source: str | None = None) -> Report:
    out: Report = [Heading(t("kajko.summary.title", players=", ".join(state.names)), 1)]
    if source:
        out.append(Line(source, "muted"))
    out.append(turn_table(t, state))
    out.extend(board(state, t)[1:])
    if state.over:
        out.extend(score_blocks(t, engine.final_scores(state), state.names))
    else:
        out.append(Line(t("kajko.summary.awaiting", turn=len(state.log) + 1,
                          player=state.current().name), "strong"))
    return out


# --------------------------------------------------------------------------------------------
# Exports


CHART_PARTS = ("coins", "items5", "items10", "dusigrosz")


def ducats_by_kind(state: KajkoState, result: Result) -> dict[str, list[int]]:
    out = {}
    for p in state.players:
        cards = [c for character in p.town for c in character]
        out[p.name] = [sum(c in COINS for c in cards), 5 * cards.count(ITEM5),
                       10 * cards.count(ITEM10), result.scores[p.name].dusigrosz]
    return out


def standings(state: KajkoState) -> list[tuple[int, dict[str, int]]]:
    """The standing after each round (issue 26), replayed from the turn log: the ducats in each
    player's town (KK-11; the Dusigrosz, KK-12, only at the end), and at the end the final score.
    The book has no rounds (turns go clockwise, KK-4): a round ends where the turn comes back round
    the table to a seat at or before the one that just played (those who are out are skipped)."""
    trial = engine.new_state(list(state.names), state.sizes, state.dusigrosz, state.coin_in_hand)
    seat = {n: i for i, n in enumerate(state.names)}
    out: list[tuple[int, dict[str, int]]] = []
    for log in state.log:
        engine.apply(trial, log.action)
        if trial.over:
            result = engine.final_scores(trial)
        elif seat[trial.current().name] <= seat[log.player]:
            result = engine.score_towns({p.name: p.town for p in trial.players}, False)
        else:
            continue
        out.append((len(out) + 1, {n: result.scores[n].total for n in state.names}))
    return out


def export_report(state: KajkoState, t: Catalog, meta: dict[str, Any], name: str = "",
                  actions: list[Any] | None = None, public: bool = False) -> Report:
    # the game's name in the title; the session's name under it
    out: Report = [Heading(t("kajko.summary.title", players=", ".join(state.names)), 1)]
    if name:
        out.append(Line(t("kajko.export.session", name=name), "muted"))
    out.extend(setup_lines(t, state))
    if state.over:
        result = engine.final_scores(state)
        out.extend(score_blocks(t, result, state.names))
        by_kind = ducats_by_kind(state, result)
        parts = CHART_PARTS if result.dusigrosz_variant else CHART_PARTS[:-1]  # (KK-12 off)
        chart = Chart(t("kajko.export.chart"), [t(f"kajko.export.part_{p}") for p in parts])
        for n in state.names:
            chart.series.append((n, by_kind[n][:len(parts)]))
        out.append(chart)
        # (the towns' cards lie face down until the end: the standing only once the game is over)
        points = standings(state)
        out.append(LineChart(t("kajko.export.history"), t("kajko.export.history_axis"),
                             [str(r) for r, _ in points],
                             [(n, [score[n] for _, score in points]) for n in state.names]))
    else:
        out.append(Line(t("kajko.summary.awaiting", turn=len(state.log) + 1,
                          player=state.current().name), "strong"))
    out.append(_players_table(t, state, None, show_town=state.over))
    out.append(turn_table(t, state))
    return out


CSV_COLUMNS = ("player", "place", "total", "ducats", "dusigrosz", "items_sent", "coins_in_town",
               "items_5_in_town", "items_10_in_town", "front")


def csv_rows(state: KajkoState, public: bool = False) -> tuple[list[str], list[list[object]]]:
    """A row per player; ``public``: a game in progress as the table may see it (the cards on
    the characters lie face down: what they are is blank, only how many — issue 22)."""
    result = engine.final_scores(state) if state.over else None
    rows: list[list[object]] = []
    for p in state.players:
        cards = [c for character in p.town for c in character]
        s = result.scores[p.name] if result else None
        town: list[object] = ["", "", ""] if public else \
            [sum(c in (COIN, COIN_IN_HAND) for c in cards), cards.count(ITEM5), cards.count(ITEM10)]
        rows.append([p.name, result.places[p.name] if result else "", s.total if s else "",
                     s.ducats if s else "", s.dusigrosz if s else "", len(cards), *town,
                     " ".join(p.front)])
    return list(CSV_COLUMNS), rows
