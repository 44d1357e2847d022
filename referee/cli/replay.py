"""``referee replay``: one or many records, as a readable summary or as the spec's JSON."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.core import jsonio, registry
from referee.core.errors import RecordError, RefereeError, from_file
from referee.core.records import load_record

if TYPE_CHECKING:
    from rich.console import Console

    from referee.core.game import Game, GameState


def _replay_json(path: str | Path, default_game: str | None) -> tuple[Game, GameState]:
    """``(game, state)`` of a record for ``--json``, replayed untracked.  The file is read as
    ``load_record`` reads it (the strict loader, names in NFC); the NFC walk over the document is
    skipped when the bytes prove every string is NFC already (no ``\\u`` escape, and
    ``jsonio.nfc_text``)."""
    data = jsonio.read_bytes(path)
    text = jsonio.decode_text(data, path)
    with from_file(path):
        document = jsonio.loads(text)
        if b"\\u" in data or not (data.isascii() or jsonio.nfc_text(data)):
            document = jsonio.nfc_document(document)
        game = registry.for_document(document, default_game)
        return game, game.parse_record(document).replay(tracked=False)[0]


def run(files: Sequence[str | Path], *, as_json: bool, default_game: str | None,
        lang: str) -> int:
    """Replay ``files`` and write what each gives, in the order given; returns the exit code."""
    from referee.core.text import catalog

    several = len(files) > 1
    failed = 0
    out = sys.stdout
    if as_json:
        for path in files:
            line, problem = _json_lines(path, default_game, lang, several)
            if problem is not None:
                failed += 1
                sys.stderr.write(problem)
            out.write(line)
        out.flush()
        return 1 if failed else 0
    console = None
    for path in files:
        try:
            game, record = load_record(path, default_game)
            state, _steps = record.replay()
        except RefereeError as error:
            if not several:
                raise
            failed += 1
            sys.stderr.write(_problem_line(error, path, lang))
            continue
        from referee.cli.render import render

        if console is None:
            console = summary_console()
        render(game.summary(state, catalog(lang), str(path)), console)
    out.flush()
    return 1 if failed else 0


def _problem_line(error: RefereeError, path: str | Path, lang: str) -> str:
    """The line on standard error for a record that cannot be replayed, among several."""
    message = " ".join(error.render(lang).split())
    if not isinstance(error, RecordError) and str(path) not in message:
        message = f"{path}: {message}"  # (a file's own errors name it already)
    return f"referee: {message}\n"


def _json_lines(path: str | Path, default_game: str | None, lang: str,
                several: bool) -> tuple[str, str | None]:
    """``(output line, error line or None)`` of one record for ``--json``.  Alone, a record that
    cannot be replayed raises its error (the CLI says it); among several, it is an output line
    naming the error and a line for standard error."""
    try:
        game, state = _replay_json(path, default_game)
    except RefereeError as error:
        if not several:
            raise
        entry = {"file": str(path), "error": _error_dict(error, lang)}
        return jsonio.dumps_line(entry) + "\n", _problem_line(error, path, lang)
    result = game.replay_output(state)
    if several:
        result = {"file": str(path), **result}
    return jsonio.dumps_line_plain(result) + "\n", None  # (a replay output has no floats)


#: the width of a summary written to a file or a pipe (no terminal to fit): tables keep the
#: orientation ``play`` shows them in (players as rows), not the one an 80-column guess forces
FILE_WIDTH = 160


def summary_console() -> Console:
    """The console a summary is drawn on: the one ``play`` draws on (names as typed, never
    markup), as wide as the terminal; written to a file or a pipe, ``FILE_WIDTH`` wide unless
    ``COLUMNS`` says otherwise."""
    import os

    from referee.cli.render import plain_console

    console = plain_console()
    if not console.is_terminal and not os.environ.get("COLUMNS"):
        console.width = FILE_WIDTH
    return console


def _error_dict(error: RefereeError, lang: str) -> dict[str, Any]:
    if isinstance(error, RecordError):
        return error.as_dict(lang)
    return {"rule": None, "location": None, "message": error.render(lang)}
