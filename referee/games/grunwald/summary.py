"""A readable summary of a Na Grunwald! game as a renderer-neutral report (``referee.core.report``).

All wording comes from the ``prompts/grunwald.*.toml`` catalogs.  No printing here.
"""

from __future__ import annotations

from typing import Any

from referee.core.report import Chart, Heading, Line, LineChart, Report, Table
from referee.core.text import Catalog
from referee.games.grunwald import engine
from referee.games.grunwald.actions import (
    FIELDS,
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
from referee.games.grunwald.cards import CARDS, expand
from referee.games.grunwald.output import awaiting
from referee.games.grunwald.record import player_colors
from referee.games.grunwald.scoring import Result, Title
from referee.games.grunwald.state import FEEDING, OVER, ROUNDS, TEUTON_BONUS, GrunwaldState

SCORE_PARTS = ("knights", "teutons", "crown_commander", "mercenary_commander", "quartermaster",
               "ducats")


def card_name(t: Catalog, c: str) -> str:
    source = None
    if "/" in c:
        source, c = c.split("/", 1)
    if c.startswith("provisions:"):
        text = t("grunwald.card.provisions", n=c.split(":", 1)[1])
    else:
        kind, strength = CARDS[c]
        text = t(f"grunwald.card.{kind}", s=strength)
    return t(f"grunwald.card.from_{source}", card=text) if source else text


def cards_text(t: Catalog, cards: list[str]) -> str:
    """Cards (and ``provisions:N`` items, added up into one) as words."""
    provisions = sum(int(c.split(":", 1)[1]) for c in cards if c.startswith("provisions:"))
    words = [card_name(t, c) for c in cards if not c.startswith("provisions:")]
    if provisions:
        words.append(card_name(t, f"provisions:{provisions}"))
    return ", ".join(words) or t("grunwald.summary.none")


def _pair(t: Catalog, player: str, card: str) -> str:
    return t("grunwald.summary.pair", player=player, card=card_name(t, card))


def event_line(t: Catalog, ev: Event) -> str:
    parts = []
    for e in (*ev.effects, *(e for _, e in ev.later)):
        bits = []
        for key in ("ducats", "provisions", "helpers"):
            v = getattr(e, key)
            if v:
                bits.append(t(f"grunwald.effect.{key}", n=f"{v:+d}"))
        for key in ("gain", "discard", "exhaust"):
            v = getattr(e, key)
            if v is not None:
                bits.append(t(f"grunwald.effect.{key}", card=card_name(t, v)))
        parts.append(f"{e.player}: {', '.join(bits) or t('grunwald.effect.nothing')}")
    for k in range(len(ev.effects), len(parts)):
        parts[k] = t("grunwald.summary.event_later", effect=parts[k])
    effects = "; ".join(parts) if parts else t("grunwald.effect.none")
    return t("grunwald.summary.event", card=ev.card, effects=effects)


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


def holdings_table(t: Catalog, state: GrunwaldState, public: bool = False) -> Table:
    """Every player's holdings; ``public``: as a game in progress shows them to the table (hands
    and camps as counts: docs/table.md)."""
    table = Table(
        t("grunwald.summary.holdings_title"),
        [t("grunwald.summary.col_player"), t("grunwald.summary.col_ducats"),
         t("grunwald.summary.col_provisions"), t("grunwald.summary.col_helpers"),
         t("grunwald.summary.col_hand"), t("grunwald.summary.col_camp")],
        align=["left", "right", "right", "right", "left", "left"],
    )
    for p in state.players:
        if public:
            hand, camp = hidden_hand(t, p.hand), hidden_camp(t, p.camp)
        else:
            hand, camp = cards_text(t, expand(p.hand)), cards_text(t, expand(p.camp))
        table.rows.append([p.name, str(p.ducats), str(p.provisions), str(p.helpers), hand, camp])
    return table


def _title_line(t: Catalog, key: str, title: Title) -> Line:
    name = t(f"grunwald.title.{key}")
    if not title.holders:
        return Line(t("grunwald.summary.title_nobody", title=name), "muted")
    how = t(f"grunwald.summary.decided_{title.decided_by}")
    return Line(t("grunwald.summary.title_holders", title=name, players=", ".join(title.holders),
                  points=title.points, how=how))


def score_blocks(t: Catalog, result: Result, names: list[str], standing: bool = False) -> Report:
    """The scoreboard, the titles and the winner.  ``standing``: the score as if the game ended
    now, under the standing's heading: no title of its own, and who *would* win."""
    table = Table(
        "" if standing else t("grunwald.summary.score_title"),
        [t("grunwald.summary.col_player")] + [t(f"grunwald.score.{k}") for k in SCORE_PARTS]
        + [t("grunwald.score.total"), t("grunwald.summary.col_cards"), t("grunwald.summary.col_place")],
        align=["left"] + ["right"] * (len(SCORE_PARTS) + 3),
        transposable=True,
    )
    for name in sorted(names, key=lambda n: (result.places[n], names.index(n))):
        s = result.scores[name].as_dict()
        table.rows.append([name] + [str(s[k]) for k in SCORE_PARTS]
                          + [str(s["total"]), str(result.cards[name]), str(result.places[name])])
    out: Report = [table]
    out.append(_title_line(t, "crown_commander", result.crown_commander))
    out.append(_title_line(t, "mercenary_commander", result.mercenary_commander))
    out.append(_title_line(t, "quartermaster", result.quartermaster))
    winner = "standing_winner" if standing else "winner"
    out.append(Line(t(f"grunwald.summary.{winner}_{result.decided_by}",
                      players=", ".join(result.winners),
                      total=result.scores[result.winners[0]].total,
                      cards=result.cards[result.winners[0]]), "strong"))
    return out


def awaiting_text(t: Catalog, state: GrunwaldState) -> str:
    a = awaiting(state)
    if a is None:
        return ""
    params = {k: ", ".join(v) if isinstance(v, list) else v for k, v in a.items() if k != "phase"}
    return t(f"grunwald.awaiting.{a['phase']}", **params)


def summary(state: GrunwaldState, t: Catalog, source: str | None = None,
            public: bool = False) -> Report:
    """The game so far (``public``: a game in progress as the table may see it)."""
    title = t("grunwald.summary.heading", players=", ".join(state.names))
    out: Report = [Heading(title, 1)]
    if source:
        out.append(Line(source, "muted"))
    out.extend(round_blocks(t, state))
    for name, cards in state.feeding_log:
        out.append(Line(t("grunwald.summary.fed", player=name, cards=cards_text(t, list(cards)))))
    if state.phase == OVER:
        out.append(Heading(t("grunwald.summary.final"), 2))
        out.append(holdings_table(t, state))
        out.extend(score_blocks(t, engine.final_scores(state), list(state.names)))
    else:
        out.append(Heading(t("grunwald.summary.in_progress"), 2))
        out.append(holdings_table(t, state, public))
        out.append(Line(awaiting_text(t, state), "strong"))
    return out


def public_summary(state: GrunwaldState, t: Catalog, source: str | None = None) -> Report:
    return summary(state, t, source, public=True)


# --------------------------------------------------------------------------------------------
# The board, drawn before every decision of a live game


def _stake_text(t: Catalog, st) -> str:
    """A stake in a few characters: ``O+2`` (the officer and two helpers), ``3``, ``O · 2 duc.``."""
    pawns = "+".join(([t("grunwald.board.short_officer")] if st.officer else [])
                     + ([str(st.helpers)] if st.helpers else []))
    if st.ducats:
        pawns = f"{pawns} · {t('grunwald.board.stake_ducats', n=st.ducats)}".strip(" ·")
    return pawns


def field_stakes(state: GrunwaldState, t: Catalog, name: str) -> str:
    """Who stands on a field, in order of position (``Ania O+1, Kasia 2``; empty: nobody)."""
    return ", ".join(f"{state.names[s.player]} {_stake_text(t, s)}" for s in state.fields.get(name, ()))


def compact_cards(t: Catalog, counts: dict[str, int]) -> str:
    """A hand or a camp in a few characters: ``C 1 3 3 5 · M 4 · T 2`` (the peasant, always in
    its owner's hand, is left out)."""
    groups: dict[str, list[int]] = {}
    for c in expand(counts):
        kind, strength = CARDS[c]
        if kind != "peasant":
            groups.setdefault(kind, []).append(strength)
    parts = [t(f"grunwald.board.short_{kind}") + " " + " ".join(map(str, groups[kind]))
             for kind in ("crown", "mercenary", "teuton") if kind in groups]
    return " · ".join(parts) or "—"


def _knights(counts: dict[str, int]) -> int:
    return sum(n for c, n in counts.items() if CARDS[c][0] != "peasant")


def hidden_hand(t: Catalog, counts: dict[str, int]) -> str:
    """A hand as the table sees it without the memory aid: how many cards (the peasant, always
    held, is left out)."""
    n = _knights(counts)
    return t.n("grunwald.private.hand", n) if n else "—"


def hidden_camp(t: Catalog, counts: dict[str, int]) -> str:
    """A camp as the table sees it: how many cards lie face down ("rewersem do góry")."""
    n = _knights(counts)
    return t.n("grunwald.private.camp", n) if n else "—"


def _pawns_left(t: Catalog, p) -> str:
    if p.passed:
        return t("grunwald.board.passed")
    left = p.helpers - p.helpers_placed
    parts = ([t("grunwald.board.short_officer")] if not p.officer_placed else []) + ([str(left)] if left else [])
    return "+".join(parts) or "—"


def _board_reveal(t: Catalog, state: GrunwaldState) -> str:
    """The revealed cards in one line of at most 80 columns."""
    rv = state.reveal
    text = t("grunwald.board.reveal", crown=" ".join(map(str, rv.crown)),
             mercenary=" ".join(map(str, rv.mercenary)),
             provisions="/".join(map(str, sorted(rv.provisions, reverse=True))),
             ducats="/".join(map(str, sorted(rv.ducats, reverse=True))))
    if rv.teutons is not None:
        text += " · " + t("grunwald.board.reveal_teutons", teutons=" ".join(map(str, rv.teutons)),
                          strength=sum(rv.teutons) + TEUTON_BONUS[state.n])
    return text


def player_lines(state: GrunwaldState, t: Catalog, colors: dict[str, str] | None = None,
                 current: str | None = None, pawns: bool = True, hands: bool = True,
                 camps: bool = True) -> Report:
    """A header and one line per player, in columns: ducats, provisions, helpers, the pawns
    still to place (``pawns``), hand and camp as ``C 1 3 3 5 · M 4``; ``current`` is marked."""
    colors = colors or {}
    start = state.names[state.start_player]
    header = ["  " + t("grunwald.board.col_player"), t("grunwald.board.col_ducats"),
              t("grunwald.board.col_provisions"), t("grunwald.board.col_helpers"),
              t("grunwald.board.col_pawns_short"), t("grunwald.board.col_hand"),
              t("grunwald.board.col_camp")]
    rows = []
    for p in state.players:
        marks = ("▶ " if p.name == current else "  ") + p.name + (" ★" if p.name == start else "")
        rows.append([marks, str(p.ducats), str(p.provisions), str(p.helpers), _pawns_left(t, p),
                     compact_cards(t, p.hand) if hands else hidden_hand(t, p.hand),
                     compact_cards(t, p.camp) if camps else hidden_camp(t, p.camp)])
    if not pawns:
        header, rows = header[:4] + header[5:], [r[:4] + r[5:] for r in rows]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    right = (1, 2, 3)

    def line(cells: list[str]) -> str:
        return "  ".join(c.rjust(w) if i in right else c.ljust(w)
                         for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    out: Report = [Line(line(header), "muted")]
    for p, row in zip(state.players, rows):
        out.append(Line(line(row), colors.get(p.name, "")))
    return out


def board(state: GrunwaldState, t: Catalog, colors: dict[str, str] | None = None,
          hints: bool = False, open: bool = False) -> Report:
    """The live screen above every question (issue 16): for four players at most 11 lines of
    at most 80 columns, so that the question and its menu fit under it on an 80×24 terminal.
    The fields' pawns are shown in the placement menu itself.  Issue 22 (docs/table.md): the
    hands (a memory aid) as ``C 1 3 3 5 · M 4`` only with ``hints`` or ``open``, else how many
    cards; the camps (face down: private) only at an ``open`` table, else how many."""
    colors = player_colors({"colors": colors})
    track = "".join("●" if r < state.round else "◉" if r == state.round else "○" for r in range(1, 9))
    start = state.names[state.start_player]
    out: Report = [Heading(t("grunwald.board.title", round=state.round, track=track, start=start), 1)]
    if state.log[-1].event is not None:
        out.append(Line(event_line(t, state.log[-1].event)))
    if state.reveal is not None:
        out.append(Line(_board_reveal(t, state)))
    d = engine.decision(state)
    out.extend(player_lines(state, t, colors, d.player if d is not None else None,
                            hands=hints or open, camps=open))
    out.append(Line(t("grunwald.board.legend"), "muted"))
    if state.phase in ("placement", "skirmish"):  # after the skirmish they no longer matter
        offered = set()
        if state.phase == "placement":  # the menu shows the pawns on the fields it offers
            offered = {a.field for a in engine.legal_actions(state) if isinstance(a, Place)}
        for name in FIELDS:
            if state.fields.get(name) and name not in offered:
                out.append(Line(f"{t(f'grunwald.field.{name}')}: {field_stakes(state, t, name)}"))
    return out


# --------------------------------------------------------------------------------------------
# Game summaries to keep or post (export formats)


def meta_text(value: Any) -> str:
    """An optional key of the record (date, place, notes) as text: a string as written, anything
    else (replay ignores these keys, so they may hold any JSON) as JSON, never Python's repr."""
    if isinstance(value, str):
        return value
    import json

    return json.dumps(value, ensure_ascii=False)


def standings(state: GrunwaldState, actions: list[Any] | None) -> list[tuple[int, dict[str, int]]] | None:
    """The standing after each round the record finished (issue 26): the score as if the game
    had ended then (``advice.standing``, NG-E1 … NG-E6: everybody fed as the advice feeds them);
    after the last round, the final score once the feeding is done.  Replayed from the record's
    ``actions`` (``None`` without them)."""
    if actions is None:
        return None
    from referee.games.grunwald import advice

    trial = engine.new_state(list(state.names), tracked=False)
    out: list[tuple[int, dict[str, int]]] = []

    def record(round_: int) -> None:
        result = advice.standing(trial).result
        out.append((round_, {n: result.scores[n].total for n in trial.names}))

    for action in actions:
        engine.apply(trial, action)
        # a round is finished once the next one began (or the game is over); the last round's
        # point waits for the feeding (NG-E1), which changes the score
        finished = ROUNDS if trial.phase == OVER else trial.round - 1
        if finished > (out[-1][0] if out else 0) and trial.phase != FEEDING:
            record(finished)
    if trial.phase == FEEDING:  # the feeding still to be told: as the advice would feed
        record(ROUNDS)
    return out


def standings_chart(t: Catalog, state: GrunwaldState, points: list[tuple[int, dict[str, int]]],
                    meta: dict[str, Any]) -> LineChart:
    colors = player_colors(meta)
    return LineChart(t("grunwald.export.history"), t("grunwald.export.history_axis"),
                     [str(r) for r, _ in points],
                     [(n, [score[n] for _, score in points]) for n in state.names],
                     [colors.get(n, "") for n in state.names])


def export_report(state: GrunwaldState, t: Catalog, meta: dict[str, Any], name: str = "",
                  actions: list[Any] | None = None, public: bool = False) -> Report:
    """``public``: a game in progress as the table may see it (hands and camps as counts, and
    no review of the advice, which reads the camps)."""
    out: Report = [Heading(t("grunwald.export.title", players=", ".join(state.names)), 1)]
    facts = []
    if meta.get("date"):
        # (a game still in progress was not played yet: it was started then)
        facts.append(t("grunwald.export.date" if state.phase == "over" else "grunwald.export.date_started",
                       date=meta_text(meta["date"])))
    if meta.get("place"):
        facts.append(t("grunwald.export.place", place=meta_text(meta["place"])))
    if name:
        facts.append(t("grunwald.export.session", name=name))
    if facts:
        out.append(Line(" · ".join(facts), "muted"))
    out.append(Line(t("grunwald.export.players", players=", ".join(state.names))))
    result = engine.final_scores(state) if state.phase == OVER else None
    if result is not None:
        out.append(Line(t(f"grunwald.summary.winner_{result.decided_by}",
                          players=", ".join(result.winners),
                          total=result.scores[result.winners[0]].total,
                          cards=result.cards[result.winners[0]]), "strong"))
    else:
        out.append(Line(t("grunwald.export.unfinished", round=state.round), "muted"))
    if meta.get("notes"):
        out.append(Line(t("grunwald.export.notes", notes=meta_text(meta["notes"])), "muted"))
    out.extend(round_blocks(t, state))
    for pname, cards in state.feeding_log:
        out.append(Line(t("grunwald.summary.fed", player=pname, cards=cards_text(t, list(cards)))))
    if not public:
        out.extend(advice_blocks(t, state, actions))
        # (the standing reads the camps' face-down cards: never in a public summary)
        points = standings(state, actions)
        if points:
            out.append(standings_chart(t, state, points, meta))
    if result is not None:
        out.append(Heading(t("grunwald.summary.final"), 2))
        out.extend(score_blocks(t, result, list(state.names)))
        colors = player_colors(meta)
        out.append(Chart(t("grunwald.export.chart"), [t(f"grunwald.score.{k}") for k in SCORE_PARTS],
                         [(n, [result.scores[n].as_dict()[k] for k in SCORE_PARTS]) for n in state.names],
                         [colors.get(n, "") for n in state.names]))
        out.append(holdings_table(t, state))
    else:
        out.append(Heading(t("grunwald.summary.in_progress"), 2))
        out.append(holdings_table(t, state, public))
        out.append(Line(awaiting_text(t, state), "strong"))
    return out


CSV_COLUMNS = ("player", "place", "winner", *SCORE_PARTS, "total", "cards", "crown_cards",
               "mercenary_cards", "teuton_cards", "ducats_left", "provisions_left", "helpers")


def csv_rows(state: GrunwaldState, public: bool = False) -> tuple[list[str], list[list[object]]]:
    """One row per player with every score component (blank while the game is running);
    ``public``: a game in progress as the table may see it (the cards by kind count the camp's
    face-down knights: blank — issue 22, docs/table.md)."""
    result = engine.final_scores(state) if state.phase == OVER else None
    rows: list[list[object]] = []
    for p in state.players:
        counts = {k: sum(n for c, n in (*p.hand.items(), *p.camp.items()) if CARDS[c][0] == k)
                  for k in ("crown", "mercenary", "teuton")}
        if result is not None:
            s = result.scores[p.name].as_dict()
            scored: list[int | None] = [result.places[p.name], int(p.name in result.winners), *(s[k] for k in SCORE_PARTS),
                      s["total"], result.cards[p.name]]
        else:
            scored = [None] * (3 + len(SCORE_PARTS) + 1)
        kinds: list[object] = ["", "", ""] if public else \
            [counts["crown"], counts["mercenary"], counts["teuton"]]
        rows.append([p.name, *scored, *kinds, p.ducats, p.provisions, p.helpers])
    return list(CSV_COLUMNS), rows


# --------------------------------------------------------------------------------------------
# The live table: what an entry was, and what the rules did with it


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


# --------------------------------------------------------------------------------------------
# The standing as if the game ended now (issue 13)


def standing_report(state: GrunwaldState, t: Catalog) -> Report:
    """The score as if the game ended now (NG-E1 … NG-E6): who would feed whom, the scoreboard,
    the titles and who would win.  Once the game is over, the final score (its own title only)."""
    from referee.games.grunwald import advice

    st = advice.standing(state)
    if st.final:
        return score_blocks(t, st.result, list(state.names))
    out: Report = [Heading(t("grunwald.advice.standing_heading", round=state.round), 2)]
    for name, feeding in st.feedings.items():
        out.append(Line(t("grunwald.advice.standing_feeds", player=name,
                          cards=cards_text(t, list(feeding.give_up))), "muted"))
    out.extend(score_blocks(t, st.result, list(state.names), standing=True))
    return out


def advice_blocks(t: Catalog, state: GrunwaldState, actions: list[Any] | None) -> Report:
    """The loss (NG-S4) and feeding (NG-E1) decisions whose choice cost points against the advice
    (the record's ``actions`` replayed; without them, nothing)."""
    from referee.games.grunwald import advice

    costly = [e for e in advice.review(state, actions) if e["cost"] > 0]
    if not costly:
        return []
    out: Report = [Heading(t("grunwald.advice.review_heading"), 2)]
    for e in costly:
        out.append(Line(t(f"grunwald.advice.review_{e['decision']}", round=e["round"],
                          player=e["player"], owed=e["owed"]["amount"], chosen=cards_text(t, e["chosen"]),
                          advised=cards_text(t, e["advised"]),
                          cost=t.n("grunwald.advice.points", e["cost"]))))
    return out
