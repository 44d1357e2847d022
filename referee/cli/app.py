"""The ``referee`` command.  Commands stay thin and import their heavy helpers lazily, so that
``referee --help`` starts as fast as a bare Typer app.

Exit codes: 0 ok · 1 the input breaks a rule or the format · 2 usage error · 3 store locked or
corrupt · 130 interrupted.
"""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TextIO

import typer
from typer.core import TyperGroup

from referee.core.errors import InputError, RefereeError
from referee.core.text import LANGUAGES, catalog, language_from_env

if TYPE_CHECKING:
    from referee.store.sessions import Store

# Help texts are read by players too: they come from the catalog of $REFEREE_LANG; those that
# name the games ({games}, {names}, {variants}, {hint_games}) take them from the registry.
_catalog = catalog(language_from_env())


def _help(key: str) -> str:
    text = _catalog.raw(key)
    if "{" in text:
        from referee.core.registry import help_params

        text = text.format(**help_params(_catalog))
    return text


class _Commands(TyperGroup):
    """The commands: each accepts the global options after its name too (``referee show x
    --data-dir d`` is ``referee --data-dir d show x``; issue 27), and Typer's completion options
    (``--install-completion``, ``--show-completion``) are described in the table's language."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        for command in self.commands.values():
            command.params += _after_the_command(self.params)

    def get_params(self, ctx: Any) -> list[Any]:
        params: list[Any] = super().get_params(ctx)
        for param in params:
            if param.name in ("install_completion", "show_completion"):
                param.help = _help(f"cli.help.{param.name}")
        return params


def _after_the_command(params: list[Any]) -> list[Any]:
    """A command's own ``--lang`` and ``--data-dir``: copies of the global ones (Typer's own
    parameters, so they are parsed, converted and shown alike) that set what the global ones set
    (given at both places, the one after the command wins)."""
    import copy

    def set_lang(ctx: Any, param: Any, value: Any) -> None:
        if value is not None:
            _state["lang"] = _checked_lang(value)

    def set_data_dir(ctx: Any, param: Any, value: Any) -> None:
        if value is not None:
            _state["data_dir"] = str(Path(value))

    setters = {"lang": set_lang, "data_dir": set_data_dir}
    copies: list[Any] = []
    for param in params:
        if param.name in setters:
            option = copy.copy(param)
            option.expose_value, option.callback = False, setters[param.name]
            copies.append(option)
    return copies


app = typer.Typer(
    name="referee",
    cls=_Commands,
    help=_help("cli.help.app"),
    no_args_is_help=True,
    add_completion=True,  # --install-completion, --show-completion (Typer's, shellingham's shell)
    pretty_exceptions_enable=False,
    # Plain Click help and errors: a usage error is a short plain message (not a box), and help
    # starts without importing Rich's Markdown renderer.
    rich_markup_mode=None,
)

_state: dict[str, str | None] = {"lang": None, "data_dir": None}

LangOption = Annotated[str | None, typer.Option("--lang", help=_help("cli.help.lang"))]
DataDirOption = Annotated[Path | None, typer.Option("--data-dir", help=_help("cli.help.data_dir"))]
SessionArg = Annotated[str, typer.Argument(help=_help("cli.help.session"))]


def _version(value: bool) -> None:
    if value:
        import referee

        typer.echo(f"referee {referee.__version__}")
        raise typer.Exit()


VersionOption = Annotated[bool | None, typer.Option("--version", callback=_version, is_eager=True,
                                                    help=_help("cli.help.version"))]


def _checked_lang(lang: str) -> str:
    if lang.strip().lower() not in LANGUAGES:
        raise typer.BadParameter(f"{lang!r}: {', '.join(LANGUAGES)}", param_hint="--lang")
    return lang


@app.callback()
def _options(lang: LangOption = None, data_dir: DataDirOption = None, version: VersionOption = None) -> None:
    _state["lang"] = _checked_lang(lang) if lang is not None else None
    _state["data_dir"] = str(data_dir) if data_dir is not None else None


def language() -> str:
    return language_from_env(_state["lang"])


def explicit_language() -> str | None:
    """The language asked for on this command line or in $REFEREE_LANG (else the session's)."""
    import os

    return language() if (_state["lang"] or os.environ.get("REFEREE_LANG")) else None


def store() -> Store:
    from referee.store.sessions import Store

    return Store(Path(_state["data_dir"]) if _state["data_dir"] else None)


@app.command(help=_help("cli.help.new"))
def new(
    players: Annotated[str | None, typer.Option("--players", help=_help("cli.help.new_players"))] = None,
    colors: Annotated[str | None, typer.Option("--colors", help=_help("cli.help.new_colors"))] = None,
    name: Annotated[str | None, typer.Option("--name", help=_help("cli.help.new_name"))] = None,
    game: Annotated[str | None, typer.Option("--game", help=_help("cli.help.game"))] = None,
    variant: Annotated[list[str] | None, typer.Option("--variant", help=_help("cli.help.new_variant"))] = None,
    no_play: Annotated[bool, typer.Option("--no-play", help=_help("cli.help.new_no_play"))] = False,
    hints: Annotated[bool | None, typer.Option("--hints/--no-hints", help=_help("cli.help.play_hints"))] = None,
    place: Annotated[str | None, typer.Option("--place", help=_help("cli.help.new_place"))] = None,
    open_table: Annotated[bool | None, typer.Option("--open/--no-open", help=_help("cli.help.play_open"))] = None,
) -> None:
    from referee.cli import commands

    def split(text: str | None) -> list[str] | None:
        return [x.strip() for x in text.split(",")] if text is not None else None

    commands.new(store(), players=split(players), colors=split(colors), name=name, game_name=game,
                 lang=language(), play_now=not no_play, variants=variant, hints=hints, place=place,
                 open_table=open_table)


@app.command(help=_help("cli.help.play"))
def play(
    session: Annotated[str | None, typer.Argument(help=_help("cli.help.session"))] = None,
    hints: Annotated[bool | None, typer.Option("--hints/--no-hints", help=_help("cli.help.play_hints"))] = None,
    open_table: Annotated[bool | None, typer.Option("--open/--no-open", help=_help("cli.help.play_open"))] = None,
) -> None:
    from referee.cli import commands

    commands.play(store(), session, explicit_language(), hints=hints, open_table=open_table)


@app.command(help=_help("cli.help.undo"))
def undo(
    session: SessionArg,
    steps: Annotated[int, typer.Option("--steps", min=1, help=_help("cli.help.undo_steps"))] = 1,
    all_agree: Annotated[bool, typer.Option("--all-agree", help=_help("cli.help.undo_all_agree"))] = False,
    yes: Annotated[bool, typer.Option("--yes", "-y", help=_help("cli.help.delete_yes"))] = False,
) -> None:
    from referee.cli import commands

    commands.undo(store(), session, steps, all_agree, explicit_language(), yes=yes)


@app.command(help=_help("cli.help.fix"))
def fix(
    session: SessionArg,
    entry: Annotated[str | None, typer.Option("--entry", help=_help("cli.help.fix_entry"))] = None,
    value: Annotated[str | None, typer.Option("--set", help=_help("cli.help.fix_set"))] = None,
    truncate: Annotated[bool, typer.Option("--truncate", help=_help("cli.help.fix_truncate"))] = False,
    all_agree: Annotated[bool, typer.Option("--all-agree", help=_help("cli.help.fix_all_agree"))] = False,
    note: Annotated[str, typer.Option("--note", help=_help("cli.help.fix_note"))] = "",
) -> None:
    from referee.cli.fix import fix as correct

    correct(store(), session, entry, value, truncate=truncate, all_agree=all_agree, note=note,
            lang=explicit_language())


@app.command("list", help=_help("cli.help.list"))
def list_(
    as_json: Annotated[bool, typer.Option("--json", help=_help("cli.help.list_json"))] = False,
    show_all: Annotated[bool, typer.Option("--all", help=_help("cli.help.list_all"))] = False,
) -> None:
    from referee.cli.archive import list_sessions

    list_sessions(store(), as_json, language(), show_all)


@app.command(help=_help("cli.help.show"))
def show(
    session: SessionArg,
    as_json: Annotated[bool, typer.Option("--json", help=_help("cli.help.show_json"))] = False,
    standing: Annotated[bool, typer.Option("--standing", help=_help("cli.help.show_standing"))] = False,
) -> None:
    from referee.cli import commands

    commands.show(store(), session, as_json, explicit_language(), standing)


@app.command(help=_help("cli.help.delete"))
def delete(
    session: SessionArg,
    yes: Annotated[bool, typer.Option("--yes", "-y", help=_help("cli.help.delete_yes"))] = False,
) -> None:
    from referee.cli import commands

    commands.delete(store(), session, yes, language())


@app.command("import", help=_help("cli.help.import"))
def import_(
    files: Annotated[list[Path], typer.Argument(help=_help("cli.help.replay_files"))],
    name: Annotated[str | None, typer.Option("--name", help=_help("cli.help.import_name"))] = None,
    game: Annotated[str | None, typer.Option("--game", help=_help("cli.help.game"))] = None,
) -> None:
    from referee.cli import commands

    commands.import_records(store(), files, name, game, language())


class ExportFormat(str, Enum):
    record = "record"
    md = "md"
    html = "html"
    json = "json"
    csv = "csv"
    bgstats = "bgstats"
    bgg = "bgg"


@app.command(help=_help("cli.help.export"))
def export(
    session: Annotated[str | None, typer.Argument(help=_help("cli.help.session"))] = None,
    fmt: Annotated[ExportFormat, typer.Option("--format", help=_help("cli.help.export_format"))] = ExportFormat.record,
    output: Annotated[Path | None, typer.Option("--output", "-o", help=_help("cli.help.export_output"))] = None,
    every: Annotated[bool, typer.Option("--all", help=_help("cli.help.export_all"))] = False,
    since: Annotated[str | None, typer.Option("--since", help=_help("cli.help.export_since"))] = None,
    link: Annotated[bool, typer.Option("--link", help=_help("cli.help.export_link"))] = False,
) -> None:
    from referee.cli import commands

    commands.export(store(), session, fmt.value, output, explicit_language(), every=every,
                    since=since, link=link)


@app.command(help=_help("cli.help.replay"))
def replay(
    # str, not Path: kept as typed (the output's "file"), and no per-file conversion and stat
    files: Annotated[list[str], typer.Argument(help=_help("cli.help.replay_files"))],
    as_json: Annotated[bool, typer.Option("--json", help=_help("cli.help.replay_json"))] = False,
    game: Annotated[str | None, typer.Option("--game", help=_help("cli.help.game"))] = None,
) -> None:
    from referee.cli.replay import run

    if game is not None:  # an unknown game is a usage error (exit 2), whatever the files hold
        from referee.core.registry import find

        find(game)
    raise typer.Exit(run(files, as_json=as_json, default_game=game, lang=language()))


class StatsFormat(str, Enum):
    text = "text"
    json = "json"
    html = "html"


@app.command(help=_help("cli.help.stats"))
def stats(
    as_json: Annotated[bool, typer.Option("--json", help=_help("cli.help.stats_json"))] = False,
    fmt: Annotated[StatsFormat, typer.Option("--format", help=_help("cli.help.stats_format"))] = StatsFormat.text,
    output: Annotated[Path | None, typer.Option("--output", "-o", help=_help("cli.help.stats_output"))] = None,
    player: Annotated[str | None, typer.Option("--player", help=_help("cli.help.stats_player"))] = None,
    players_count: Annotated[int | None, typer.Option("--players-count", min=2, help=_help("cli.help.stats_count"))] = None,
    since: Annotated[str | None, typer.Option("--since", help=_help("cli.help.stats_since"))] = None,
    game: Annotated[str | None, typer.Option("--game", help=_help("cli.help.stats_game"))] = None,
) -> None:
    from referee.cli.archive import show_stats

    show_stats(store(), as_json=as_json or fmt is StatsFormat.json, player=player,
               players_count=players_count, since=since, game_name=game, lang=language(),
               html=fmt is StatsFormat.html, output=output)


@app.command(help=_help("cli.help.score"))
def score(
    file: Annotated[Path | None, typer.Argument(help=_help("cli.help.score_file"))] = None,
    as_json: Annotated[bool, typer.Option("--json", help=_help("cli.help.score_json"))] = False,
    game: Annotated[str | None, typer.Option("--game", help=_help("cli.help.game"))] = None,
    kept: Annotated[bool, typer.Option("--list", help=_help("cli.help.score_list"))] = False,
) -> None:
    from referee.cli.score import list_kept, run

    if kept:
        list_kept(store().root, as_json=as_json, lang=language())
        return
    run(file, as_json=as_json, game_name=game, lang=language(), root=store().root)


def _data_dir() -> Path:
    return store().root


@app.command(help=_help("cli.help.battle"))
def battle(
    attacker: Annotated[str, typer.Option("--attacker", help=_help("cli.help.battle_attacker"))],
    defender: Annotated[str, typer.Option("--defender", help=_help("cli.help.battle_defender"))],
    fire: Annotated[bool, typer.Option("--fire", help=_help("cli.help.battle_fire"))] = False,
    attacker_terrain: Annotated[str, typer.Option("--attacker-terrain",
                                                  help=_help("cli.help.battle_terrain"))] = "plain",
    defender_terrain: Annotated[str, typer.Option("--defender-terrain",
                                                  help=_help("cli.help.battle_terrain"))] = "plain",
    attacker_strength: Annotated[int, typer.Option("--attacker-strength",
                                                   help=_help("cli.help.battle_strength"))] = 2,
    defender_strength: Annotated[int, typer.Option("--defender-strength",
                                                   help=_help("cli.help.battle_strength"))] = 2,
    as_json: Annotated[bool, typer.Option("--json", help=_help("cli.help.battle_json"))] = False,
    game: Annotated[str | None, typer.Option("--game", help=_help("cli.help.battle_game"))] = None,
) -> None:
    from referee.cli.tools import battle as run

    run(_data_dir(), game_name=game, as_json=as_json, lang=language(), attacker=attacker,
        defender=defender, fire=fire, attacker_terrain=attacker_terrain,
        defender_terrain=defender_terrain, attacker_strength=attacker_strength,
        defender_strength=defender_strength)


@app.command(help=_help("cli.help.cards"))
def cards(
    game: Annotated[str | None, typer.Option("--game", help=_help("cli.help.cards_game"))] = None,
) -> None:
    from referee.cli.tools import cards as run

    run(_data_dir(), game_name=game, lang=language())


def _print_error(error: RefereeError, lang: str) -> None:
    from referee.core.report import neutral

    message = error.render(lang)
    # one line, whatever a hostile input put into it (no escape sequence reaches the terminal)
    message = " ".join(neutral(message).split())
    _to_stderr(f"referee: {message}\n")


def _to_stderr(text: str) -> None:
    """Write to stderr, if anybody reads it (a closed stderr loses the line, not the exit code)."""
    try:
        sys.stderr.write(text)
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        pass


def _escape(error: UnicodeError) -> tuple[str, int]:
    """The ``referee-escape`` error handler: what the output's encoding cannot show is written
    as ``\\uXXXX`` (a surrogate pair beyond U+FFFF), which keeps ``--json`` output valid JSON."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    out = []
    for ch in error.object[error.start:error.end]:
        code = ord(ch)
        if code > 0xFFFF:
            code -= 0x10000
            out.append(f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}")
        else:
            out.append(f"\\u{code:04x}")
    return "".join(out), error.end


def _tolerant_streams() -> None:
    """Standard streams that never end a command in a traceback (issue 24, fault 10): a closed
    descriptor 0, 1 or 2 is /dev/null (so no file the referee opens takes its number and
    receives its output), and a name the output's encoding (``PYTHONIOENCODING=ascii``)
    cannot show is written as an escape."""
    import codecs
    import io
    import os

    try:
        codecs.lookup_error("referee-escape")
    except LookupError:
        codecs.register_error("referee-escape", _escape)
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            null = os.open(os.devnull, os.O_RDWR)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is None:  # closed when Python started: write into /dev/null
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 (for the process)
        elif isinstance(stream, io.TextIOWrapper):
            try:
                stream.reconfigure(errors="referee-escape")
            except (ValueError, OSError):
                pass
    if not isinstance(sys.stderr, _Messages):
        sys.stderr = _Messages(sys.stderr)


class _Messages:
    """Standard error that nobody may read (``2>&-``, a closed pipe): a message that cannot be
    written is lost, the command's exit code is not (a usage error stays exit 2)."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except (OSError, ValueError):
            return len(text)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except (OSError, ValueError):
            pass

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _quiet_close() -> None:
    """Standard output was closed by its reader (``referee list | head -1``): whatever is left
    goes to /dev/null, so that nothing complains at exit either."""
    import os

    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def _closed_pipe(exc: BaseException) -> bool:
    import errno

    return isinstance(exc, BrokenPipeError) or (isinstance(exc, OSError) and exc.errno == errno.EPIPE)


def main(argv: list[str] | None = None) -> None:
    """Entry point: the one place where errors become a one-line message and an exit code.  A
    reader that closes the output early (``referee list | head -1``) ends the command quietly
    with exit 0, as ``git log | head`` does."""
    from referee.cli import interrupt

    _tolerant_streams()
    try:
        with interrupt.installed():  # Ctrl-C, SIGTERM, SIGHUP: exit 130 at a safe point
            _main(argv)
    except SystemExit:
        if type(sys.stdout).__name__.endswith("PacifyFlushWrapper"):  # Click's mark: a closed pipe
            _quiet_close()
            sys.exit(0)
        _flush()
        raise
    except BaseException as exc:
        if not _closed_pipe(exc):
            raise
        _quiet_close()
        sys.exit(0)
    _flush()


def _flush() -> None:
    """Flush standard output now, so that a closed pipe is noticed here and not at exit."""
    try:
        sys.stdout.flush()
    except (OSError, ValueError, AttributeError) as exc:
        _quiet_close()  # (a terminal closed under us: nothing more to say either)
        if _closed_pipe(exc):
            sys.exit(0)


def _main(argv: list[str] | None) -> None:
    try:
        app(args=argv, prog_name="referee")  # Typer/Click handle usage errors (exit 2) themselves
    except RefereeError as error:
        _print_error(error, explicit_language() or error.lang or language())
        sys.exit(error.exit_code)
    except KeyboardInterrupt:
        _to_stderr("\n")
        sys.exit(130)
    except OSError as exc:  # the machine said no (a full disk, a read-only folder …)
        if _closed_pipe(exc):  # the reader of our output has gone: a quiet end (``main``)
            raise
        _print_error(InputError("core.file.os_error", path=str(exc.filename or "-"),
                                detail=exc.strerror or str(exc)), language())
        sys.exit(1)
    except Exception as exc:  # a bug: still one line for the table, details on request
        import os

        if os.environ.get("REFEREE_DEBUG"):
            raise
        _print_error(RefereeError("core.cli.internal", kind=type(exc).__name__,
                                  detail=str(exc)[:200]), language())
        sys.exit(70)


if __name__ == "__main__":  # pragma: no cover
    main()
