"""The archive's views: ``referee list`` and ``referee stats``.

Thin: the session service (``referee.core.service``) gathers the rows and figures; these functions
draw them.  ``list`` fits a terminal of 80 columns: one line per session (the dates in a compact
form, long names, players and statuses cut with an ellipsis; the id, which the other commands take,
is never cut)."""

from __future__ import annotations

import sys
from datetime import datetime
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from referee.core import jsonio
from referee.core.report import Line, neutral
from referee.core.service import SessionService, short_title, trim_finished
from referee.core.text import Catalog, catalog
from referee.store.sessions import Store, slugify

__all__ = ["LIST_FINISHED", "compact_time", "list_sessions", "show_stats"]

#: finished sessions the table shows without ``--all`` (a terminal, not a report)
LIST_FINISHED = 20
#: the longest id the list keeps whole before it lets the other columns shrink to nothing
ID_WIDTH = 32


def _console() -> Console:
    from referee.cli.render import plain_console

    return plain_console()


def _service(store: Store) -> SessionService:
    return SessionService(store)


def compact_time(stamp: str | None, now: datetime | None = None) -> str:
    """``2026-11-23T20:08:31`` as ``11-23 20:08`` this year, ``2025-11-23`` an earlier one
    (eleven characters at most: the date never wraps in an 80-column list)."""
    if not stamp:
        return ""
    year = (now or datetime.now()).year
    day, _, clock = stamp.replace(" ", "T").partition("T")
    if day[:4] != str(year) or not clock:
        return day[:10]
    return f"{day[5:10]} {clock[:5]}"


def list_sessions(store: Store, as_json: bool, lang: str, show_all: bool = False,
                  console: Console | None = None) -> None:
    """The sessions: every unfinished one and the most recent finished ones (``--all``: every one;
    ``--json``: always every one)."""
    # words for people; the JSON says the same in data
    rows = _service(store).list_status(None if as_json else lang)
    if as_json:
        sys.stdout.write(jsonio.dumps_line(rows) + "\n")
        return
    t = catalog(lang)
    out = console or _console()
    if not rows:
        out.print(t("core.cli.no_sessions"))
        return
    several = len({r["game"] for r in rows}) > 1  # name the game only where it is not obvious
    hidden = 0
    if not show_all:
        rows, hidden = trim_finished(rows, LIST_FINISHED)
    # (a rule under the header only: no column borders, whose 3 characters per column an
    # 80-column list needs for the names)
    table = Table(title=t("core.cli.sessions_title"), title_justify="left", box=box.SIMPLE_HEAD,
                  pad_edge=False, collapse_padding=True)
    # the name only where an id does not already say it (an id is its session's name, slugified)
    named = any(not str(r["id"]).startswith(slugify(str(r["name"]))) for r in rows)
    # the id is never cut (the other commands take it) and the date never wraps; the other
    # columns shrink to what is left, each cell on one line, cut with an ellipsis
    id_width = min(max(len(neutral(str(r["id"]))) for r in rows), ID_WIDTH)
    table.add_column(t("core.cli.col_id"), no_wrap=True, overflow="fold", min_width=id_width)
    if named:
        table.add_column(t("core.cli.col_name"), max_width=24)
    if several:
        table.add_column(t("core.cli.col_game"), max_width=16)
    statuses = [_status(t, r) for r in rows]
    updated = [compact_time(r.get("updated")) for r in rows]
    date_width = max((len(u) for u in updated), default=0)
    table.add_column(t("core.cli.col_players"))
    # the status keeps its width where the line has room (who won is not cut to "…"); the
    # players shrink first (the id and the date never do)
    room = out.width - max(len(neutral(str(r["id"]))) for r in rows) - date_width - 12 - (26 if named else 0) - (18 if several else 0)
    table.add_column(t("core.cli.col_status"),
                     min_width=want if (want := min(max((len(s) for s in statuses), default=0),
                                                    30)) <= room else None)
    table.add_column(t("core.cli.col_updated"), no_wrap=True, min_width=date_width)
    for r, when, status in zip(rows, updated, statuses):
        game = (short_title(r["game"]),) if several else ()
        name = (r["name"],) if named else ()
        cells = (*name, *game, ", ".join(r["players"] or []), status)
        table.add_row(Text(neutral(str(r["id"]))),
                      *(Text(neutral(str(x)), no_wrap=True, overflow="ellipsis") for x in cells),
                      Text(when))
    out.print(table)
    if hidden:
        out.print(t.n("core.cli.list_more", hidden))


def _status(t: Catalog, r: dict[str, Any]) -> str:
    if r.get("error"):
        return t("core.cli.status_damaged")
    if r["complete"]:
        return t("core.cli.status_finished", winners=", ".join(r.get("winners") or []))
    progress: str = r.get("progress", "")
    return progress


def show_stats(store: Store, *, as_json: bool, player: str | None, players_count: int | None,
               since: str | None, game_name: str | None, lang: str,
               console: Console | None = None, html: bool = False, output: Path | None = None) -> None:
    """Per game, over the finished sessions (``player``: only that player's figures, over the
    games they played).  A damaged session is never silently left out: it is named and counted
    (``damaged`` in the JSON), as ``list`` shows it."""
    from referee.cli.render import render

    if output is not None and not (as_json or html):  # (never silently ignored)
        from referee.core.errors import UsageError

        raise UsageError("core.cli.stats_output_format")
    from referee.store import scores

    sessions = _service(store)
    kept = [{**r, "id": f"{scores.FOLDER}/{r['id']}"} for r in scores.entries(store.root)]
    result, damaged = sessions.stats_and_damaged(game_name=game_name, player=player,
                                                 players_count=players_count, since=since,
                                                 kept=kept)
    if as_json or html:
        text = (sessions.stats_html(result, lang, damaged) if html
                else jsonio.dumps_line({"games": result, "damaged": damaged}) + "\n")
        if output is None or str(output) == "-":
            sys.stdout.write(text)
        else:  # (never over the store's own files, as export)
            from referee.store.storage import write_user_file

            store.refuse_inside(output)
            write_user_file(output, text)
        return
    t = catalog(lang)
    out = console or _console()
    report = sessions.stats_report(result, lang)
    if report is None:
        out.print(t("core.cli.stats_none"))
    else:
        render(report, out)
    if damaged:
        render([Line(t.n("core.cli.stats_damaged", len(damaged), ids=", ".join(damaged)), "bad")],
               out)
