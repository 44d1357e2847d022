"""The ``referee`` command.  Commands stay thin and import their heavy helpers lazily, so that
``referee --help`` starts as fast as a bare Typer app.

Exit codes: 0 ok · 1 the input breaks a rule or the format · 2 usage error · 3 store locked or
corrupt · 130 interrupted.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from referee.core.errors import RefereeError

from referee.core.text import catalog, language_from_env

# Help texts are read by players too: they come from the catalog of $REFEREE_LANG.
_help = catalog(language_from_env()).raw

app = typer.Typer(
    name="referee",
    help=_help("cli.help.app"),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

_state: dict[str, str | None] = {"lang": None}

LangOption = Annotated[Optional[str], typer.Option("--lang", help=_help("cli.help.lang"))]


@app.callback()
def _main(lang: LangOption = None) -> None:
    _state["lang"] = lang


def language() -> str:
    return language_from_env(_state["lang"])


@app.command(help=_help("cli.help.replay"))
def replay(
    files: Annotated[list[Path], typer.Argument(help=_help("cli.help.replay_files"))],
    as_json: Annotated[bool, typer.Option("--json", help=_help("cli.help.replay_json"))] = False,
    game: Annotated[Optional[str], typer.Option("--game", help=_help("cli.help.game"))] = None,
) -> None:
    from referee.cli.replay import run

    raise typer.Exit(run(files, as_json=as_json, default_game=game, lang=language()))


def _print_error(error: RefereeError, lang: str) -> None:
    message = error.render(lang)
    # one line, whatever a hostile input put into it
    message = " ".join(message.split())
    sys.stderr.write(f"referee: {message}\n")


def main(argv: list[str] | None = None) -> None:
    """Entry point: the one place where errors become a one-line message and an exit code."""
    try:
        app(args=argv, prog_name="referee")  # Typer/Click handle usage errors (exit 2) themselves
    except RefereeError as error:
        _print_error(error, language())
        sys.exit(error.exit_code)
    except KeyboardInterrupt:
        sys.stderr.write("\n")
        sys.exit(130)


if __name__ == "__main__":  # pragma: no cover
    main()
