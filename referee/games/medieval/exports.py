"""Medieval Battle's game summaries to keep or post: Markdown and HTML (``export_report``, with the
victory points and time tokens over the turns), CSV."""

from __future__ import annotations

from typing import Any

from referee.core.report import Heading, Line, LineChart, Report, Table
from referee.core.text import Catalog
from referee.games.medieval import engine
from referee.games.medieval.names import army_text
from referee.games.medieval.news import entry_lines
from referee.games.medieval.output import army_hidden
from referee.games.medieval.scores import end_lines
from referee.games.medieval.state import MedievalState
from referee.games.medieval.summary import setup_line
from referee.games.medieval.view import armies_table, units_table


def timeline(state: MedievalState, meta: dict[str, Any], actions: list[Any] | None
             ) -> list[dict[str, Any]] | None:
    """VP (``state.vp``) and time tokens of each army when the battle begins and after every
    battle turn, replayed from the record's ``actions`` (``None`` without them): the chart's and
    the table's data.  A turn ends where the next entry is a new turn (an attack waits for its
    answer, a pursuit for its end) or the battle is over."""
    if actions is None:
        return None
    from referee.games.medieval.record import start

    trial = start(list(state.names), meta)
    rows: list[dict[str, Any]] = []

    def row() -> None:
        rows.append({"turn": len(rows),
                     "vp": {n: trial.vp(i) for i, n in enumerate(trial.names)},
                     "tokens": {n: trial.armies[i].tokens for i, n in enumerate(trial.names)}})

    for action in actions:
        engine.apply(trial, action)
        d = engine.decision(trial)
        if d is None or d.kind == engine.TURN:
            row()
    return rows


def export_report(state: MedievalState, t: Catalog, meta: dict[str, Any], name: str = "",
                  actions: list[Any] | None = None, public: bool = False) -> Report:
    """``public``: a game in progress as the table may see it (MB-R1: an army chosen in secret
    is only said to be chosen until the other one is chosen too — issue 22)."""
    secret = [public and army_hidden(state, i) for i in range(len(state.armies))]
    out: Report = [Heading(t("medieval.summary.title", players=", ".join(state.names))),
                   setup_line(t, state)]
    if name:
        out.append(Line(t("medieval.export.session", name=name), "muted"))
    out.append(Heading(t("medieval.export.armies"), 2))
    out += [Line(t("medieval.board.army_hidden", player=a.name), "muted") if secret[i] else
            Line(f"{a.name} ({t(f'medieval.army.{a.colour}')}): {army_text(t, a.recruited)}")
            for i, a in enumerate(state.armies)]
    out.append(Heading(t("medieval.export.log"), 2))
    for i, entry in enumerate(state.log, 1):  # every entry gets its number
        first, *rest = entry_lines(t, entry) or [Line(entry["player"])]
        assert isinstance(first, Line)  # entry_lines gives lines only
        out.append(Line(f"{i}. {first.text}", first.style))
        out += rest
    out.append(Heading(t("medieval.export.status"), 2))
    out.append(armies_table(t, state))
    for i in range(2):
        out.append(Line(t("medieval.board.army_hidden", player=state.armies[i].name), "muted")
                   if secret[i] else units_table(t, state, i))
    if state.end is not None:
        out += end_lines(t, state.end)
    rows = timeline(state, meta, actions)
    if not rows:
        return out
    step = max(1, (len(rows) - 1) // 20 + 1)  # the table: at most about 20 rows (the chart has all)
    shown = rows[::step] if rows[-1] in rows[::step] else [*rows[::step], rows[-1]]
    names = list(state.names)
    table = Table(t("medieval.export.over_turns"),
                  [t("medieval.export.col_turn"),
                   *(t("medieval.export.col_vp", player=n) for n in names),
                   *(t("medieval.export.col_tokens", player=n) for n in names)],
                  align=["left"] + ["right"] * 2 * len(names))
    for r in shown:
        table.rows.append([str(r["turn"]), *(str(r["vp"][n]) for n in names),
                           *(str(r["tokens"][n]) for n in names)])
    out.append(table)
    colors = [a.colour for a in state.armies]  # (the armies' own: red and yellow)
    for key in ("vp", "tokens"):  # (the table above has the figures: no second one in Markdown)
        out.append(LineChart(t(f"medieval.export.chart_{key}"), t("medieval.export.col_turn"),
                             [str(r["turn"]) for r in rows], [(n, [r[key][n] for r in rows]) for n in names],
                             colors, table=False))
    return out


CSV_HEADER = ["player", "army", "vp", "flags", "baggage_taken", "field_value", "time_tokens",
              "units_on_map", "place", "winner"]


def csv_rows(state: MedievalState, public: bool = False) -> tuple[list[str], list[list[Any]]]:
    """A row per army; ``public``: a game in progress as the table may see it (MB-R1: an army
    chosen in secret leaves what it is worth and how many units it has blank — issue 22)."""
    rows = []
    for i, a in enumerate(state.armies):
        flags = sorted(f for f, h in state.holder.items() if h == i)
        place = "" if state.end is None else (1 if a.name in state.end["winners"] else 2)
        secret = public and army_hidden(state, i)
        rows.append([a.name, a.colour, state.vp(i), " ".join(flags),
                     "" if secret else a.baggage_taken,
                     "" if secret else engine.field_value(state, i), a.tokens,
                     "" if secret else len(engine.field_units(state, i)),
                     place, "" if state.end is None else int(a.name in state.end["winners"])])
    return CSV_HEADER, rows
