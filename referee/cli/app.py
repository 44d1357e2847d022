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

app = typer.Typer(
    name="referee",
    help="Referee and scoring assistant for physical play of Na Grunwald!",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

_state = {"lang": None}

LangOption = Annotated[
    Optional[str],
    typer.Option("--lang", help="Language of everything printed: en or pl (default: $REFEREE_LANG, else en)."),
]


@app.callback()
def _main(lang: LangOption = None) -> None:
    _state["lang"] = lang


def language() -> str:
    from referee.core.text import language_from_env

    return language_from_env(_state["lang"])


@app.command()
def replay(
    files: Annotated[list[Path], typer.Argument(help="Game record files (JSON, record format 1).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the replay output object (one JSON line per file).")] = False,
    game: Annotated[str, typer.Option("--game", help="Game of records that do not say (grunwald).")] = "grunwald",
) -> None:
    """Replay game records: the state where each one stops, and the final score once complete."""
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
