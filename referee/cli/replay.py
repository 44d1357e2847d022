"""``referee replay``: one or many records, as a readable summary or as the spec's JSON."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from referee.core import jsonio
from referee.core.errors import RecordError, RefereeError, from_file


def load_record(path: str | Path, default_game: str | None, text: str | None = None):
    """Read and parse a record file (``text``: already read); returns ``(game, record)``.  The
    record's ``game`` key decides; ``default_game`` (else the registry's default) serves records
    that do not say.  Every error, now or while replaying, names the file."""
    from referee.core import registry as games

    with from_file(path):
        document = jsonio.loads(jsonio.read_text(path) if text is None else text)
        game = games.for_document(document, default_game)
        return game, _Sourced(game.parse_record(document), str(path))


def lean_output(data: bytes | str, default_game: str | None):
    """The replay output of a complete game that breaks no rule, by its game's lean reader straight
    from the file's bytes or text (``jsonio.loads_counted``: the reader proves no key is
    repeated); ``None`` for any other record, or whenever unsure.  The caller then reads and
    replays the record in full: the only path that reports errors and partial games."""
    from referee.core import registry as games

    counted = jsonio.loads_counted(data)
    if counted is None:
        return None
    document, colons = counted
    try:
        parsed = games.for_document(document, default_game).parse_record(document)
    except (RefereeError, LookupError, TypeError, ValueError, RecursionError):  # see replay()
        return None
    lean = getattr(parsed, "complete_output", None)  # games without a lean reader: None
    return lean(colons) if lean is not None else None


class _Sourced:
    """A parsed record whose replay errors name the file they come from."""

    def __init__(self, parsed, source: str) -> None:
        self._parsed = parsed
        self.source = source
        self.players = parsed.players
        self.meta = parsed.meta

    def replay(self):
        with from_file(self.source):
            return self._parsed.replay()


def run(files: Sequence[str | Path], *, as_json: bool, default_game: str | None, lang: str) -> int:
    from referee.core.text import catalog

    several = len(files) > 1
    failed = 0
    out = sys.stdout
    console = None
    for path in files:
        try:
            # --json over a complete game: the lean one-pass reader; anything else (or anything
            # it is unsure of) is read and replayed in full by the engine, errors included.
            data = jsonio.read_bytes(path) if as_json else None
            result = lean_output(data, default_game) if as_json else None
            if result is None:
                text = jsonio.decode_text(data, path) if as_json else None
                game, record = load_record(path, default_game, text)
                state, _steps = record.replay()
        except RefereeError as error:
            if not several:
                raise
            failed += 1
            message = " ".join(error.render(lang).split())
            if not isinstance(error, RecordError) and str(path) not in message:
                message = f"{path}: {message}"  # (a file's own errors name it already)
            sys.stderr.write(f"referee: {message}\n")
            if as_json:
                entry = {"file": str(path), "error": _error_dict(error, lang)}
                out.write(jsonio.dumps_line(entry) + "\n")
            continue
        if as_json:
            if result is None:
                result = game.replay_output(state)
            if several:
                result = {"file": str(path), **result}
            out.write(jsonio.dumps_line_plain(result) + "\n")  # (a replay output has no floats)
        else:
            from rich.console import Console

            from referee.cli.render import render

            if console is None:
                console = Console(highlight=False)
            render(game.summary(state, catalog(lang), str(path)), console)
    out.flush()
    return 1 if failed else 0


def _error_dict(error: RefereeError, lang: str) -> dict:
    if isinstance(error, RecordError):
        return error.as_dict(lang)
    return {"rule": None, "location": None, "message": error.render(lang)}
