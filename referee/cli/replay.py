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
    from referee.core import registry

    with from_file(path):
        document = jsonio.nfc_document(jsonio.loads(jsonio.read_text(path) if text is None else text))
        game = registry.for_document(document, default_game)
        return game, _Sourced(game.parse_record(document), str(path))


def _replay_json(path: str | Path, default_game: str | None):
    """``(game, state)`` of a record for ``--json``, replayed untracked.

    The file's bytes are decoded by ``jsonio.loads_fast`` when it can prove the document is the
    one the strict loader gives (``None`` otherwise).  A fast-decoded document that raises a
    referee error is read again strictly and replayed, so every error is the strict path's own (orjson
    reads an integer beyond 64 bits as a float, and the error such a number causes must be the
    one the strict path reports)."""
    from referee.core import registry

    data = jsonio.read_bytes(path)
    document = jsonio.loads_fast(data)
    if document is not None and not data.isascii() and not jsonio.nfc_text(data):
        document = jsonio.nfc_document(document)  # (loads_fast took no \u escape: the text says it all)
    if document is not None:
        try:
            with from_file(path):
                game = registry.for_document(document, default_game)
                return game, game.parse_record(document).replay(tracked=False)[0]
        except RefereeError:
            pass  # read it again strictly: that path's error is the one to report
    game, record = load_record(path, default_game, jsonio.decode_text(data, path))
    return game, record.replay(tracked=False)[0]


class _Sourced:
    """A parsed record whose replay errors name the file they come from."""

    def __init__(self, parsed, source: str) -> None:
        self._parsed = parsed
        self.source = source
        self.players = parsed.players
        self.meta = parsed.meta

    def replay(self, tracked: bool = True):
        with from_file(self.source):
            return self._parsed.replay(tracked)


def run(files: Sequence[str | Path], *, as_json: bool, default_game: str | None, lang: str) -> int:
    from referee.core.text import catalog

    several = len(files) > 1
    failed = 0
    out = sys.stdout
    console = None
    for path in files:
        try:
            if as_json:
                game, state = _replay_json(path, default_game)
            else:
                game, record = load_record(path, default_game)
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
            result = game.replay_output(state)
            if several:
                result = {"file": str(path), **result}
            out.write(jsonio.dumps_line_plain(result) + "\n")  # (a replay output has no floats)
        else:
            from referee.cli.render import render

            if console is None:
                console = summary_console()
            render(game.summary(state, catalog(lang), str(path)), console)
    out.flush()
    return 1 if failed else 0


#: the width of a summary written to a file or a pipe (no terminal to fit): tables keep the
#: orientation ``play`` shows them in (players as rows), not the one an 80-column guess forces
FILE_WIDTH = 160


def summary_console():
    """The console a summary is drawn on: the one ``play`` draws on (names as typed, never
    markup), as wide as the terminal; written to a file or a pipe, ``FILE_WIDTH`` wide unless
    ``COLUMNS`` says otherwise."""
    import os

    from referee.cli.render import plain_console

    console = plain_console()
    if not console.is_terminal and not os.environ.get("COLUMNS"):
        console.width = FILE_WIDTH
    return console


def _error_dict(error: RefereeError, lang: str) -> dict:
    if isinstance(error, RecordError):
        return error.as_dict(lang)
    return {"rule": None, "location": None, "message": error.render(lang)}
