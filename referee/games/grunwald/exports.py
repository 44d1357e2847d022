"""Na Grunwald!'s game summaries to keep or post: Markdown and HTML (``export_report``, with the
standing after each round and the review of the advice), CSV.  No printing here."""

from __future__ import annotations

from typing import Any

from referee.core.report import Chart, Heading, Line, LineChart, Report
from referee.core.text import Catalog
from referee.games.grunwald import engine
from referee.games.grunwald.cards import CARDS
from referee.games.grunwald.names import cards_text
from referee.games.grunwald.news import round_blocks
from referee.games.grunwald.record import player_colors
from referee.games.grunwald.scores import SCORE_PARTS, score_blocks
from referee.games.grunwald.state import FEEDING, OVER, ROUNDS, GrunwaldState
from referee.games.grunwald.summary import awaiting_text, holdings_table


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
