"""Session commands: new, play, undo, list, show, delete, import, export, stats.

Thin: the session service (``referee.core.service``) decides everything; these functions ask the
table (through the ``Prompter``) and draw what it returns.  Without a terminal, a command that
would ask refuses before it changes anything (``Prompter.for_terminal``).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from rich.console import Console

from referee.cli import interrupt
from referee.cli.prompter import FixRequested, Prompter
from referee.cli.render import plain_console, render
from referee.core import dialog as dialogs
from referee.core import jsonio
from referee.core.errors import RefereeError, UsageError
from referee.core.report import Line, Report
from referee.core.service import (
    PLAY_FORMATS,
    SessionHandle,
    SessionService,
    UndoPlan,
    short_title,
)
from referee.core.text import Catalog, catalog, language_from_env
from referee.store.sessions import Store, default_data_dir

__all__ = [
    "delete",
    "export",
    "import_records",
    "new",
    "play",
    "show",
    "undo",
]


def console() -> Console:
    return plain_console()


def is_color(name: str) -> bool:
    """A colour of the list (``referee.core.colors``) the terminal (Rich) can draw."""
    from rich.color import Color, ColorParseError

    from referee.core.colors import is_color as listed

    if not listed(name):
        return False
    try:
        Color.parse(name)
    except ColorParseError:
        return False
    return True


def service(store: Store) -> SessionService:
    return SessionService(store, is_color=is_color)


# --------------------------------------------------------------------------------------------
# new


@interrupt.deferring
def new(store: Store, *, players: list[str] | None, colors: list[str] | None, name: str | None,
        game_name: str | None, lang: str, play_now: bool, prompter: Prompter | None = None,
        variants: list[str] | None = None, hints: bool | None = None,
        place: str | None = None, open_table: bool | None = None) -> SessionHandle:
    sessions = service(store)
    t = catalog(lang)
    out = console()
    game, setup = sessions.options(game_name, variants, hints)
    if players is None or play_now:
        prompter = prompter or Prompter.for_terminal(
            out, lang, "core.cli.no_terminal_players" if players is None else "core.cli.no_terminal_no_play")
    if players is None:
        assert prompter is not None  # (asked for above)
        players = dialogs.run(_ask_players(t, game.info.player_counts, game.info.text_prefix), prompter.ask)
        questions = game.setup(t, players)
        if questions is not None and not setup:
            setup = dialogs.run(questions, prompter.ask)
    if game.info.cards_file is not None:  # the owner's cards travel with the record (see ``cards``)
        from referee.store.cards import read_cards

        owned = read_cards(game, store.root)
        if owned:
            setup = {**setup, "cards": owned}
    remembered = (place is None and sessions.last_place()) or None  # where the table played last
    draft = sessions.plan(game, players, lang=lang, colors=colors, setup=setup, name=name,
                          place=place if place is not None else remembered)
    if play_now:
        assert prompter is not None  # (asked for above)
        prompter.require()  # the game is played at the table: nothing is created without one
    session = sessions.create(draft)
    out.print(t("core.cli.created", name=session.name, id=session.id))
    if remembered:
        out.print(t("core.cli.place_remembered", place=remembered))
    if play_now:
        play(store, session, lang, prompter=prompter, hints=hints, open_table=open_table)
    elif hints is not None or open_table is not None:  # kept with the session for its first play
        with sessions.open_live(session, hints=hints, open_table=open_table) as live:
            live.keep_choices()
    else:
        session.close()
    return session


def _ask_players(t: Catalog, counts: tuple[int, ...], prefix: str = "core") -> dialogs.Dialog:
    """How many play (not asked when the game allows one count) and their names; a game may
    word the name questions itself (``<prefix>.cli.first_player``, e.g. who moves first)."""
    count = counts[0] if len(counts) == 1 else (
        yield dialogs.Select("new.count", t("core.cli.player_count"),
                             [dialogs.Choice(str(n), n, str(n)) for n in counts]))
    names: list[str] = []
    for i in range(count):
        parse = dialogs.player_name(t, names)
        key = "new.first_player" if i == 0 else "new.player"
        names.append((yield dialogs.Text(key, t.for_game(prefix, key.replace("new.", "cli."), n=i + 1),
                                         parse)))
    return names


# --------------------------------------------------------------------------------------------
# play and undo


@interrupt.deferring
def play(store: Store, session: SessionHandle | str | None, lang: str | None,
         prompter: Prompter | None = None, hints: bool | None = None,
         open_table: bool | None = None) -> None:
    """Play or resume a session.  ``hints``: show the memory aid; ``open_table``: the table plays
    open (``None``: as the session was last played; both choices are kept with the session).
    ``FIX_KEY`` at a question corrects an earlier entry (``referee fix``), then play goes on."""
    opened: list[str] = []
    after: Report | None = None  # what a correction did, drawn under the next board (issue 23)
    while True:
        try:
            return _play(store, session, lang, prompter, hints, open_table, opened, after)
        except FixRequested:
            from referee.cli.fix import interactive

            session, hints, open_table = opened[-1], None, None  # (kept with the session)
            if prompter is not None:
                prompter.fix_key = False
            after = []
            try:
                interactive(store, session, lang, prompter, said=after)
            except RefereeError as error:  # said, and the game goes on as it was
                after.append(Line(error.render(error.lang or lang or language_from_env())))


def _play(store: Store, session: SessionHandle | str | None, lang: str | None,
          prompter: Prompter | None, hints: bool | None, open_table: bool | None,
          opened: list[str], after: Report | None = None) -> None:
    out = console()
    sessions = service(store)
    if session is None:
        session = _choose_unfinished(store, sessions, lang, prompter)
        if session is None:
            return
    with sessions.open_live(session, lang=lang, hints=hints, open_table=open_table) as live:
        opened.append(live.session.id)
        t = live.t
        prompter = prompter or Prompter.for_terminal(out, live.lang, "core.cli.no_terminal_play")
        prompter.open = live.open
        prompter.fix_key = True  # Ctrl-F: correct an earlier entry (issue 23)
        if not live.over:
            prompter.require()
        live.keep_choices()
        played = False
        try:
            # what the last entry resolved: drawn under the next board (on resume, the entry
            # before the interruption and its results, said again)
            news: Report = live.last_news() if not live.over else []
            if after is None and not live.over:  # the sitting's first board: the fix key
                news.append(Line(t("core.cli.fix_key_hint"), "muted"))
            news += after or []  # what a correction just did (issue 23)
            if live.over and news:
                render(news, out)

            def ask(q: dialogs.Question) -> Any:
                if news and not isinstance(q, dialogs.Notice):
                    prompter.show(news, out)
                    news.clear()
                answer = prompter.ask(q)
                if news and isinstance(q, dialogs.Notice):  # the board first, then the news
                    prompter.show(news, out)
                    news.clear()
                return answer

            while not live.over:
                played = True
                answers = dialogs.Resumable(ask, live.kept_answers(), live.keep_answers,
                                            lambda: prompter.typed,
                                            lambda n: out.print(t.n("core.cli.answers_kept", n)))
                prompter.new_entry()  # the entry's board is its head (issue 22: 80×24)
                result = dialogs.run(live.dialog(), answers)
                kept = live.drop_kept_answers()  # the entry is complete now
                if result is dialogs.UNDO:
                    undone = live.undo(lambda players: _all_agree(players, live.game.info.text_prefix, t, prompter, out))
                    if undone.status == "nothing":
                        news.append(Line(t("core.cli.nothing_to_undo")))
                    elif undone.status == "done":
                        news.append(Line(t("core.cli.undone", what=undone.what)))
                    if undone.status != "done" and kept:  # nothing else was written
                        live.save_settings()
                else:
                    news[:] = live.apply(result)  # saved before the next question appears
            render(news, out)  # the last entry ended the game
        except KeyboardInterrupt:
            prompter.leave_private()  # nothing private stays on the screen
            try:
                out.print()
                command = resume_command(store, live.session.id)
                for line in t("core.cli.interrupted", command=command).split("\n"):
                    # the command on a line of its own, never broken by us: it is pasted whole
                    out.print(line, soft_wrap=command in line)
            except (OSError, ValueError):  # the terminal is gone (SIGHUP): nobody reads it
                pass
            raise
        except BaseException:
            prompter.leave_private()
            raise
        if not played:  # the game was already over: show how it ended
            render(live.summary(), out)
        out.print(t("core.cli.finished", id=live.session.id))


def resume_command(store: Store, sid: str) -> str:
    """The command that resumes the session, with the data folder when it is not the default
    one (the hint printed on Ctrl-C must work when pasted as it is)."""
    import shlex

    words = ["referee"]
    if Path(store.root).resolve() != default_data_dir().resolve():
        words += ["--data-dir", str(store.root)]
    return " ".join(shlex.quote(w) for w in (*words, "play", sid))


def _all_agree(players: list[str], prefix: str, t: Catalog, prompter: Prompter, out: Console) -> bool:
    """Every player agrees to take back a secret entry (in the game's own words: ``prefix``)."""
    out.print(t.for_game(prefix, "cli.secret_undo"))
    for name in players:
        question = t.for_game(prefix, "cli.secret_undo_confirm", player=name)
        if not prompter.ask(dialogs.Confirm("undo.agree", question)):
            out.print(t.for_game(prefix, "cli.secret_undo_refused"))
            return False
    return True


def _choose_unfinished(store: Store, sessions: SessionService, lang: str | None,
                       prompter: Prompter | None) -> str | None:
    """The session to resume: the only unfinished one at once, else the table's choice, asked in
    the sessions' language when they share one (``lang``: the one asked for)."""
    open_ones = sessions.unfinished()
    if not lang:
        langs = {_session_lang(store, e["id"]) for e in open_ones}
        lang = langs.pop() if len(langs) == 1 and None not in langs else language_from_env()
    t = catalog(lang)
    if not open_ones:
        console().print(t("core.cli.no_unfinished"))
        return None
    if len(open_ones) == 1:  # nothing to choose: say which one goes on
        only = open_ones[0]
        console().print(t("core.cli.resuming", name=only["name"], id=only["id"]))
        sid: str = only["id"]
        return sid
    choices = [dialogs.Choice(f"{e['name']}  ({e['id']}) · {short_title(e.get('game'))}", e["id"])
               for e in open_ones]
    prompter = prompter or Prompter.for_terminal(console(), lang, "core.cli.no_terminal_play")
    chosen: str = prompter.ask(dialogs.Select("play.session", t("core.cli.choose_session"), choices))
    return chosen


def _session_lang(store: Store, sid: str) -> str | None:
    try:
        return store.open(sid, write=False).lang
    except Exception:  # a damaged session does not decide the language of the question
        return None


@interrupt.deferring
def undo(store: Store, key: str, steps: int, all_agree: bool, lang: str | None, yes: bool = True,
         prompter: Prompter | None = None) -> None:
    out = console()

    def confirm(plan: UndoPlan) -> bool:
        t = catalog(plan.lang)
        asker = prompter or Prompter.for_terminal(out, plan.lang, "core.cli.no_terminal_yes",
                                                  command="undo")
        asker.require()  # before a word of it is printed
        for what in plan.entries:
            out.print(t("core.cli.undo_would", what=what))
        if asker.ask(dialogs.Confirm("undo.confirm", t.n("core.cli.undo_confirm", plan.steps))):
            return True
        out.print(t("core.cli.undo_kept"))
        return False

    undone = service(store).undo(key, steps, all_agree, lang=lang, confirm=None if yes else confirm)
    if undone is not None:
        t = catalog(undone.lang)
        for what in undone.entries:
            out.print(t("core.cli.undone", what=what))


# --------------------------------------------------------------------------------------------
# list, show, delete


def show(store: Store, key: str, as_json: bool, lang: str | None, standing: bool = False) -> None:
    if as_json:
        sys.stdout.write(jsonio.dumps_line(service(store).show_data(key, standing)) + "\n")
        return
    render(service(store).show_report(key, lang, standing), console())


@interrupt.deferring
def delete(store: Store, key: str, yes: bool, lang: str, prompter: Prompter | None = None) -> None:
    t = catalog(lang)

    def confirm(sid: str) -> bool:
        asker = prompter or Prompter.for_terminal(console(), lang, "core.cli.no_terminal_yes",
                                                  command="delete")
        if asker.ask(dialogs.Confirm("delete.confirm", t("core.cli.delete_confirm", id=sid))):
            return True
        console().print(t("core.cli.delete_kept", id=sid))
        return False

    sid, deleted = service(store).delete(key, confirm=None if yes else confirm)
    if deleted:
        console().print(t("core.cli.deleted", id=sid))


# --------------------------------------------------------------------------------------------
# import and export


def import_records(store: Store, files: list[Path], name: str | None, game_name: str | None,
                   lang: str) -> None:
    t = catalog(lang)
    imported = service(store).import_records(files, name, lang, game_name=game_name)
    out = console()
    for path, session in imported:
        key = "core.cli.already_imported" if getattr(session, "existed", False) else "core.cli.imported"
        out.print(t(key, path=str(path), name=session.name, id=session.id))


def export(store: Store, key: str | None, fmt: str, output: Path | None, lang: str | None = None,
           *, every: bool = False, since: str | None = None, link: bool = False) -> None:
    """Print the export, or write it to ``output`` (``-``: standard output).  An existing file
    the user names is replaced, as other commands do (atomically: never half-written); a path
    inside the data folder is refused, so an export never overwrites the store's own files.
    ``every``: every finished session as logged plays (``bgstats``, ``bgg``; ``since`` a day)."""
    if every and key is not None:
        raise UsageError("core.cli.export_all_or_session")
    if not every and key is None:
        raise UsageError("core.cli.export_no_session")
    if (every or since is not None) and fmt not in PLAY_FORMATS:
        raise UsageError("core.cli.export_all_plays")
    if since is not None and not every:
        raise UsageError("core.cli.export_since_all")
    if link and fmt != "bgstats":
        raise UsageError("core.cli.export_link_bgstats")
    if output is not None and str(output) == "-":
        output = None
    if output is not None:
        store.refuse_inside(output)
    text = (service(store).export_plays(fmt, lang, since, link) if key is None  # (``every``: checked above)
            else service(store).export(key, fmt, lang, link, to_file=output is not None))
    if output is None:
        sys.stdout.write(text)
        return
    from referee.store.storage import write_user_file

    write_user_file(output, text)


# --------------------------------------------------------------------------------------------
# stats


