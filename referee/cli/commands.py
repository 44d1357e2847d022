"""Session commands: new, play, undo, list, show, delete, import, export, stats.

Game-agnostic: everything about a game goes through its object in the registry.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from referee.core import registry as games
from referee.cli.prompter import Prompter
from referee.cli.render import render
from referee.core import dialog as dialogs
from referee.core import jsonio
from referee.core.errors import RefereeError, UsageError, from_file
from referee.core.text import Catalog, catalog
from referee.store.sessions import Session, Store

PALETTE = ["red", "green", "magenta", "yellow", "cyan", "blue"]


def console() -> Console:
    return Console(highlight=False)


def _replay(game, record: dict[str, Any], source: Any = None):
    """Parse and replay a record; errors in a stored session name its file (``source``)."""
    with from_file(source):
        parsed = game.parse_record(record)
        state, steps = parsed.replay()
    return parsed, state, [s.action for s in steps]


# --------------------------------------------------------------------------------------------
# new


_game = games.find


def new(store: Store, *, players: list[str] | None, colors: list[str] | None, name: str | None,
        game_name: str | None, lang: str, play_now: bool, prompter: Prompter | None = None,
        variants: list[str] | None = None, hints: bool | None = None) -> Session:
    game = _game(game_name)
    t = catalog(lang)
    out = console()
    setup: dict[str, Any] = {}
    for v in variants or []:
        if v not in game.variants:
            raise UsageError("core.cli.no_variant", game=game.title, variant=v,
                             known=", ".join(game.variants) or "-")
        setup.setdefault("variants", {})[v] = True
    if hints and not game.has_hints:
        raise UsageError("core.cli.no_hints", game=game.title)
    if players is None:
        prompter = prompter or Prompter(out, lang)
        players = dialogs.run(_ask_players(t, game.player_counts), prompter.ask)
        questions = game.setup(t)
        if questions is not None and not setup:
            setup = dialogs.run(questions, prompter.ask)
    players = [p.strip() for p in players]
    if colors is not None and "colors" not in game.meta_keys:
        raise UsageError("core.cli.no_colors", game=game.title)
    colors = colors or PALETTE[: len(players)]
    if len(colors) != len(players):
        raise RefereeError("core.cli.colors_count", players=len(players), colors=len(colors))
    _check_colors(colors)
    from datetime import date

    today = date.today().isoformat()
    extras = {"date": today, "colors": dict(zip(players, colors))}
    # only what the game's record format holds (a record is a public contract)
    meta = {**setup, **{k: v for k, v in extras.items() if k in game.meta_keys}}
    record = game.new_record(players, meta)
    game.parse_record(record).replay()  # validates the players (NG-C1, KK-3 …)
    name = name or store.unique_name(f"{today} {', '.join(players)}")
    session = store.create(name, game.name, record, lang)
    out.print(t("core.cli.created", name=session.name, id=session.id))
    if play_now:
        play(store, session, lang, prompter=prompter, hints=hints)
    else:
        session.close()
    return session


def _ask_players(t: Catalog, counts: tuple[int, ...]) -> dialogs.Dialog:
    count = yield dialogs.Select("new.count", t("core.cli.player_count"),
                                 [dialogs.Choice(str(n), n, str(n)) for n in counts])
    names: list[str] = []
    for i in range(count):
        parse = dialogs.player_name(t, names)
        key = "new.first_player" if i == 0 else "new.player"
        names.append((yield dialogs.Text(key, t(key.replace("new.", "core.cli."), n=i + 1), parse)))
    return names


def _check_colors(colors: list[str]) -> None:
    from rich.color import Color, ColorParseError

    if len(set(colors)) != len(colors):
        raise RefereeError("core.cli.colors_twice")
    for c in colors:
        try:
            Color.parse(c)
        except ColorParseError:
            raise RefereeError("core.cli.bad_color", color=c) from None


# --------------------------------------------------------------------------------------------
# play and undo


def play(store: Store, session: Session | str | None, lang: str | None, prompter: Prompter | None = None,
         hints: bool | None = None) -> None:
    """Play or resume a session.  ``hints``: show the memory aid (``None``: as the session was
    last played; the choice is kept with the session)."""
    out = console()
    if session is None:
        session = _choose_unfinished(store, lang, prompter or Prompter(out, lang))
        if session is None:
            return
    if isinstance(session, str):
        session = store.open(session)
    with session:
        lang = lang or session.lang
        t = catalog(lang)
        game = _game(session.game)
        if hints and not game.has_hints:
            raise UsageError("core.cli.no_hints", game=game.title)
        if hints is None:
            hints = bool(session.settings.get("hints")) and game.has_hints
        elif game.has_hints:
            session.settings["hints"] = hints
        parsed, state, actions = _replay(game, session.record, session.path)
        colors = parsed.meta.get("colors") or dict(zip(session.players, PALETTE))
        prompter = prompter or Prompter(out, lang)
        played = False
        try:
            while not game.is_over(state):
                played = True
                result = dialogs.run(game.dialog(state, t, colors, hints=hints), prompter.ask)
                if result is dialogs.UNDO:
                    if not actions:
                        out.print(t("core.cli.nothing_to_undo"))
                        continue
                    if game.is_secret(actions[-1]) and not _all_agree(game, state, t, prompter, out):
                        continue
                    out.print(t("core.cli.undone", what=game.describe(t, actions[-1])))
                    actions.pop()
                    state = _replay(game, game.write_record(session.players, actions, parsed.meta))[1]
                else:
                    trial = state.copy()
                    game.apply(trial, result)  # the engine validates every action again
                    marker = game.news_marker(state)
                    state = trial
                    actions.append(result)
                    render(game.news(t, marker, state), out)
                # persisted before the next prompt appears
                session.save(game.write_record(session.players, actions, parsed.meta),
                             complete=game.is_over(state), result=game.result_summary(state))
        except KeyboardInterrupt:
            out.print()
            out.print(t("core.cli.interrupted", id=session.id))
            raise
        if not played:  # the game was already over: show how it ended
            render(game.summary(state, t, session.name), out)
        out.print(t("core.cli.finished", id=session.id))


def _all_agree(game, state, t: Catalog, prompter: Prompter, out: Console) -> bool:
    out.print(t("core.cli.secret_undo"))
    for name in state.names:
        if not prompter.ask(dialogs.Confirm("undo.agree", t("core.cli.secret_undo_confirm", player=name))):
            out.print(t("core.cli.secret_undo_refused"))
            return False
    return True


def _choose_unfinished(store: Store, lang: str | None, prompter: Prompter) -> Session | None:
    t = catalog(lang or "en")
    open_ones = [e for e in store.entries() if not e.get("complete")]
    if not open_ones:
        console().print(t("core.cli.no_unfinished"))
        return None
    choices = [dialogs.Choice(f"{e['name']}  ({e['id']}) · {_title(e.get('game'))}", e["id"])
               for e in open_ones]
    sid = prompter.ask(dialogs.Select("play.session", t("core.cli.choose_session"), choices))
    return store.open(sid)


def _title(name: object) -> str:
    try:
        return games.get(str(name)).short_title
    except KeyError:
        return str(name)


def undo(store: Store, key: str, steps: int, all_agree: bool, lang: str | None, yes: bool = True,
         prompter: Prompter | None = None) -> None:
    with store.open(key) as session:
        t = catalog(lang or session.lang)
        game = _game(session.game)
        parsed, state, actions = _replay(game, session.record, session.path)
        if steps > len(actions):
            raise RefereeError("core.cli.undo_too_far", steps=steps, entries=len(actions))
        dropped = actions[len(actions) - steps:]
        if any(game.is_secret(a) for a in dropped) and not all_agree:
            raise RefereeError("core.cli.undo_secret")
        out = console()
        if not yes:
            for a in dropped:
                out.print(t("core.cli.undo_would", what=game.describe(t, a)))
            prompter = prompter or Prompter(out, lang or session.lang)
            if not prompter.ask(dialogs.Confirm("undo.confirm", t.n("core.cli.undo_confirm", steps))):
                out.print(t("core.cli.undo_kept"))
                return
        actions = actions[: len(actions) - steps]
        state = _replay(game, game.write_record(session.players, actions, parsed.meta))[1]
        session.save(game.write_record(session.players, actions, parsed.meta),
                     complete=game.is_over(state), result=game.result_summary(state))
        for a in dropped:
            out.print(t("core.cli.undone", what=game.describe(t, a)))


# --------------------------------------------------------------------------------------------
# list, show, delete


#: finished sessions the table shows without ``--all`` (a terminal, not a report)
LIST_FINISHED = 20


def list_sessions(store: Store, as_json: bool, lang: str, show_all: bool = False) -> None:
    """The sessions: every unfinished one and the most recent finished ones (``--all``: every one;
    ``--json``: always every one)."""
    t = catalog(lang)
    entries = store.entries()
    rows = []
    for e in entries:
        status: dict[str, Any] = {"complete": bool(e.get("complete"))}
        if e.get("complete") and e.get("result"):
            status["winners"] = e["result"].get("winners", [])
        elif not e.get("complete"):
            try:
                s = store.open(e["id"], write=False)
                game = _game(s.game)
                state = _replay(game, s.record, s.path)[1]
                out_state = game.replay_output(state)
                for k in ("round", "awaiting"):
                    if k in out_state:
                        status[k] = out_state[k]
                if not as_json:  # words for people; the JSON says the same in data
                    status["progress"] = game.progress(state, t)
                e = {**e, "updated": s.updated}
            except RefereeError:
                status["error"] = True
        rows.append({**{k: e.get(k) for k in ("id", "name", "game", "players", "created", "updated")},
                     **status})
    if as_json:
        sys.stdout.write(jsonio.dumps_line(rows) + "\n")
        return
    out = console()
    if not rows:
        out.print(t("core.cli.no_sessions"))
        return
    several = len({r["game"] for r in rows}) > 1  # name the game only where it is not obvious
    hidden = 0
    finished = [r for r in rows if r["complete"]]
    if not show_all and len(finished) > LIST_FINISHED:
        recent = sorted(finished, key=lambda r: r.get("updated") or "", reverse=True)[:LIST_FINISHED]
        keep = {id(r) for r in recent}
        hidden = len(finished) - LIST_FINISHED
        rows = [r for r in rows if not r["complete"] or id(r) in keep]
    table = Table(title=t("core.cli.sessions_title"), title_justify="left")
    columns = ("col_id", "col_name", *(("col_game",) if several else ()), "col_players", "col_status",
               "col_updated")
    for col in columns:
        table.add_column(t(f"core.cli.{col}"), overflow="fold", no_wrap=col == "col_id")
    for r in rows:
        if r.get("error"):
            status = t("core.cli.status_damaged")
        elif r["complete"]:
            status = t("core.cli.status_finished", winners=", ".join(r.get("winners") or []))
        else:
            status = r.pop("progress", "")
        game = (_title(r["game"]),) if several else ()
        table.add_row(*(Text(str(x)) for x in (r["id"], r["name"], *game, ", ".join(r["players"] or []),
                                               status, (r.get("updated") or "")[:16].replace("T", " "))))
    out.print(table)
    if hidden:
        out.print(t.n("core.cli.list_more", hidden))


def show(store: Store, key: str, as_json: bool, lang: str | None) -> None:
    session = store.open(key, write=False)
    lang = lang or session.lang
    game = _game(session.game)
    state = _replay(game, session.record, session.path)[1]
    if as_json:
        out = {"session": {"id": session.id, "name": session.name, "created": session.created,
                           "updated": session.updated}, **game.replay_output(state)}
        sys.stdout.write(jsonio.dumps_line(out) + "\n")
        return
    render(game.summary(state, catalog(lang), f"{session.name} ({session.id})"), console())


def delete(store: Store, key: str, yes: bool, lang: str, prompter: Prompter | None = None) -> None:
    t = catalog(lang)
    sid = store.resolve(key)
    if not yes:
        prompter = prompter or Prompter(console(), lang)
        if not prompter.ask(dialogs.Confirm("delete.confirm", t("core.cli.delete_confirm", id=sid))):
            console().print(t("core.cli.delete_kept", id=sid))
            return
    store.delete(sid)
    console().print(t("core.cli.deleted", id=sid))


# --------------------------------------------------------------------------------------------
# import and export


def import_records(store: Store, files: list[Path], name: str | None, game_name: str | None,
                   lang: str) -> None:
    from referee.cli.replay import load_record

    t = catalog(lang)
    if name is not None and len(files) > 1:
        raise RefereeError("core.cli.import_one_name")
    # Every file is read and replayed first: one bad file imports nothing.
    loaded = []
    for path in files:
        game, parsed = load_record(path, game_name)
        state, steps = parsed.replay()
        loaded.append((path, game, parsed, state, steps))
    items = []
    for path, game, parsed, state, steps in loaded:
        record = game.write_record(parsed.players, steps, parsed.meta)
        items.append((name or path.stem, game.name, record, lang, game.is_over(state),
                      game.result_summary(state)))
    out = console()
    for path, session in zip(files, store.create_many(items)):
        out.print(t("core.cli.imported", path=str(path), name=session.name, id=session.id))


def export(store: Store, key: str, fmt: str, output: Path | None, lang: str | None = None) -> None:
    session = store.open(key, write=False)
    game = _game(session.game)
    parsed, state, actions = _replay(game, session.record, session.path)
    if fmt == "record":
        text = jsonio.dumps_pretty(game.write_record(session.players, actions, parsed.meta))
    else:
        text = game.export(state, fmt, catalog(lang or session.lang), parsed.meta, session.name)
    if output is None:
        sys.stdout.write(text)
        return
    from referee.store.storage import write_user_file

    write_user_file(output, text)


# --------------------------------------------------------------------------------------------
# stats


def show_stats(store: Store, *, as_json: bool, player: str | None, players_count: int | None,
               since: str | None, game_name: str | None, lang: str) -> None:
    from datetime import date

    from referee.core.stats import compute

    t = catalog(lang)
    if since is not None:
        try:
            since = date.fromisoformat(since).isoformat()
        except ValueError:
            raise RefereeError("core.cli.bad_date", value=since) from None
    entries = store.entries()
    wanted = [_game(game_name).name] if game_name else sorted(
        {e.get("game") for e in entries} & set(games.names()))
    result = {}
    for name in wanted:
        game = _game(name)
        result[name] = compute((e for e in entries if e.get("game") == name), game.titles,
                               {x: key for x, (key, _) in game.stats_extras.items()}, player=player, players_count=players_count,
                               since=since)
    if as_json:
        sys.stdout.write(jsonio.dumps_line({"games": result}) + "\n")
        return
    out = console()
    if not any(r["games"] for r in result.values()):
        out.print(t("core.cli.stats_none"))
        return
    from referee.core.report import Heading
    from referee.core.report import Table as ReportTable

    for name, r in result.items():
        game = _game(name)
        players = list(r["players"])
        report = [Heading(t.n("core.cli.stats_title", r["games"], game=game.title), 2)]
        extras = list(game.stats_extras.values())  # (JSON key, label key)
        overview = ReportTable(
            "", [t(f"core.cli.{c}") for c in ("col_player", "col_games", "col_wins", "col_rate",
                                               "col_avg", "col_best")]
            + [t(label) for _, label in extras],
            align=["left"] + ["right"] * (5 + len(extras)))
        for pname, p in r["players"].items():
            overview.rows.append([pname, str(p["games"]), str(p["wins"]), f"{p['win_rate']:.0%}",
                                  f"{p['average_total']:.1f}", str(p["best_total"]),
                                  *(f"{p[key]:.1f}" for key, _ in extras)])
        report.append(overview)
        # Points by category and titles: one row each, one column per player.
        parts = list(next(iter(r["players"].values()))["average_points"]) if players else []
        detail = ReportTable(t("core.cli.stats_detail"), [t("core.cli.col_category"), *players],
                             align=["left"] + ["right"] * len(players))
        for part in parts:
            detail.rows.append([t("core.cli.stats_avg", part=t(f"{game.text_prefix}.score.{part}")),
                                *(f"{r['players'][n]['average_points'].get(part, 0):.1f}" for n in players)])
        for title in game.titles:
            detail.rows.append([t("core.cli.stats_titles", part=t(f"{game.text_prefix}.score.{title}")),
                                *(str(r["players"][n]["titles"].get(title, 0)) for n in players)])
        report.append(detail)
        render(report, out)
