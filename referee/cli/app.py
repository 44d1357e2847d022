"""The ``referee`` command.  Commands stay thin and import their heavy helpers lazily, so that
``referee --help`` starts as fast as a bare Typer app.

Exit codes: 0 ok · 1 the input breaks a rule or the format · 2 usage error · 3 store locked or
corrupt · 130 interrupted.
"""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from referee.core.errors import InputError, RefereeError

from referee.core.text import LANGUAGES, catalog, language_from_env

# Help texts are read by players too: they come from the catalog of $REFEREE_LANG; those that
# name the games ({games}, {names}, {variants}, {hint_games}) take them from the registry.
_catalog = catalog(language_from_env())


def _help(key: str) -> str:
    text = _catalog.raw(key)
    if "{" in text:
        from referee.core.registry import help_params

        text = text.format(**help_params(_catalog))
    return text

app = typer.Typer(
    name="referee",
    help=_help("cli.help.app"),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    # Plain Click help and errors: a usage error is a short plain message (not a box), and help
    # starts without importing Rich's Markdown renderer.
    rich_markup_mode=None,
)

_state: dict[str, Optional[str]] = {"lang": None, "data_dir": None}

LangOption = Annotated[Optional[str], typer.Option("--lang", help=_help("cli.help.lang"))]
DataDirOption = Annotated[Optional[Path], typer.Option("--data-dir", help=_help("cli.help.data_dir"))]
SessionArg = Annotated[str, typer.Argument(help=_help("cli.help.session"))]


@app.callback()
def _main(lang: LangOption = None, data_dir: DataDirOption = None) -> None:
    if lang is not None and lang.strip().lower() not in LANGUAGES:
        raise typer.BadParameter(f"{lang!r}: {', '.join(LANGUAGES)}", param_hint="--lang")
    _state["lang"] = lang
    _state["data_dir"] = str(data_dir) if data_dir is not None else None


def language() -> str:
    return language_from_env(_state["lang"])


def explicit_language() -> Optional[str]:
    """The language asked for on this command line or in $REFEREE_LANG (else the session's)."""
    import os

    return language() if (_state["lang"] or os.environ.get("REFEREE_LANG")) else None


def store():
    from referee.store.sessions import Store

    return Store(Path(_state["data_dir"]) if _state["data_dir"] else None)


@app.command(help=_help("cli.help.new"))
def new(
    players: Annotated[Optional[str], typer.Option("--players", help=_help("cli.help.new_players"))] = None,
    colors: Annotated[Optional[str], typer.Option("--colors", help=_help("cli.help.new_colors"))] = None,
    name: Annotated[Optional[str], typer.Option("--name", help=_help("cli.help.new_name"))] = None,
    game: Annotated[Optional[str], typer.Option("--game", help=_help("cli.help.game"))] = None,
    variant: Annotated[Optional[list[str]], typer.Option("--variant", help=_help("cli.help.new_variant"))] = None,
    no_play: Annotated[bool, typer.Option("--no-play", help=_help("cli.help.new_no_play"))] = False,
    hints: Annotated[Optional[bool], typer.Option("--hints/--no-hints", help=_help("cli.help.play_hints"))] = None,
    open_table: Annotated[Optional[bool], typer.Option("--open/--no-open", help=_help("cli.help.play_open"))] = None,
) -> None:
    from referee.cli import commands

    split = lambda text: [x.strip() for x in text.split(",")] if text is not None else None  # noqa: E731
    commands.new(store(), players=split(players), colors=split(colors), name=name, game_name=game,
                 lang=language(), play_now=not no_play, variants=variant, hints=hints,
                 open_table=open_table)


@app.command(help=_help("cli.help.play"))
def play(
    session: Annotated[Optional[str], typer.Argument(help=_help("cli.help.session"))] = None,
    hints: Annotated[Optional[bool], typer.Option("--hints/--no-hints", help=_help("cli.help.play_hints"))] = None,
    open_table: Annotated[Optional[bool], typer.Option("--open/--no-open", help=_help("cli.help.play_open"))] = None,
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
    name: Annotated[Optional[str], typer.Option("--name", help=_help("cli.help.import_name"))] = None,
    game: Annotated[Optional[str], typer.Option("--game", help=_help("cli.help.game"))] = None,
) -> None:
    from referee.cli import commands

    commands.import_records(store(), files, name, game, language())


class ExportFormat(str, Enum):
    record = "record"
    md = "md"
    html = "html"
    json = "json"
    csv = "csv"


@app.command(help=_help("cli.help.export"))
def export(
    session: SessionArg,
    fmt: Annotated[ExportFormat, typer.Option("--format", help=_help("cli.help.export_format"))] = ExportFormat.record,
    output: Annotated[Optional[Path], typer.Option("--output", "-o", help=_help("cli.help.export_output"))] = None,
) -> None:
    from referee.cli import commands

    commands.export(store(), session, fmt.value, output, explicit_language())


@app.command(help=_help("cli.help.replay"))
def replay(
    # str, not Path: kept as typed (the output's "file"), and no per-file conversion and stat
    files: Annotated[list[str], typer.Argument(help=_help("cli.help.replay_files"))],
    as_json: Annotated[bool, typer.Option("--json", help=_help("cli.help.replay_json"))] = False,
    game: Annotated[Optional[str], typer.Option("--game", help=_help("cli.help.game"))] = None,
    jobs: Annotated[Optional[int], typer.Option("--jobs", "-j", min=1, help=_help("cli.help.replay_jobs"))] = None,
) -> None:
    from referee.cli.replay import run

    if game is not None:  # an unknown game is a usage error (exit 2), whatever the files hold
        from referee.core.registry import find

        find(game)
    raise typer.Exit(run(files, as_json=as_json, default_game=game, lang=language(), jobs=jobs))


@app.command(help=_help("cli.help.stats"))
def stats(
    as_json: Annotated[bool, typer.Option("--json", help=_help("cli.help.stats_json"))] = False,
    player: Annotated[Optional[str], typer.Option("--player", help=_help("cli.help.stats_player"))] = None,
    players_count: Annotated[Optional[int], typer.Option("--players-count", min=2, help=_help("cli.help.stats_count"))] = None,
    since: Annotated[Optional[str], typer.Option("--since", help=_help("cli.help.stats_since"))] = None,
    game: Annotated[Optional[str], typer.Option("--game", help=_help("cli.help.stats_game"))] = None,
) -> None:
    from referee.cli.archive import show_stats

    show_stats(store(), as_json=as_json, player=player, players_count=players_count, since=since,
               game_name=game, lang=language())


@app.command(help=_help("cli.help.score"))
def score(
    file: Annotated[Optional[Path], typer.Argument(help=_help("cli.help.score_file"))] = None,
    as_json: Annotated[bool, typer.Option("--json", help=_help("cli.help.score_json"))] = False,
    game: Annotated[Optional[str], typer.Option("--game", help=_help("cli.help.game"))] = None,
) -> None:
    from referee.cli.score import run

    run(file, as_json=as_json, game_name=game, lang=language())


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
    game: Annotated[Optional[str], typer.Option("--game", help=_help("cli.help.game"))] = None,
) -> None:
    from referee.cli.tools import battle as run

    run(_data_dir(), game_name=game, as_json=as_json, lang=language(), attacker=attacker,
        defender=defender, fire=fire, attacker_terrain=attacker_terrain,
        defender_terrain=defender_terrain, attacker_strength=attacker_strength,
        defender_strength=defender_strength)


@app.command(help=_help("cli.help.cards"))
def cards(
    game: Annotated[Optional[str], typer.Option("--game", help=_help("cli.help.game"))] = None,
) -> None:
    from referee.cli.tools import cards as run

    run(_data_dir(), game_name=game, lang=language())


def _print_error(error: RefereeError, lang: str) -> None:
    from referee.core.report import neutral

    message = error.render(lang)
    # one line, whatever a hostile input put into it (no escape sequence reaches the terminal)
    message = " ".join(neutral(message).split())
    sys.stderr.write(f"referee: {message}\n")


def main(argv: list[str] | None = None) -> None:
    """Entry point: the one place where errors become a one-line message and an exit code."""
    try:
        app(args=argv, prog_name="referee")  # Typer/Click handle usage errors (exit 2) themselves
    except RefereeError as error:
        _print_error(error, explicit_language() or error.lang or language())
        sys.exit(error.exit_code)
    except KeyboardInterrupt:
        sys.stderr.write("\n")
        sys.exit(130)
    except OSError as exc:  # the machine said no (a full disk, a read-only folder …)
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
