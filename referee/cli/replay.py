"""``referee replay``: one or many records, as a readable summary or as the spec's JSON."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from referee.core import jsonio
from referee.core.errors import RecordError, RefereeError, from_file


def load_record(path: str | Path, default_game: str | None, text: str | None = None):
    """Read and parse a record file (``text``: already read); returns ``(game, record)``.  The
    record's ``game`` key decides; ``default_game`` (else the registry's default) serves records
    that do not say.  Every error, now or while replaying, names the file."""
    from referee.core import registry

    with from_file(path):
        document = nfc_document(jsonio.loads(jsonio.read_text(path) if text is None else text))
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
    if document is not None and not data.isascii() and not _nfc_text(data):
        document = nfc_document(document)  # (loads_fast took no \u escape: the text says it all)
    if document is not None:
        try:
            with from_file(path):
                game = registry.for_document(document, default_game)
                return game, game.parse_record(document).replay(tracked=False)[0]
        except RefereeError:
            pass  # read it again strictly: that path's error is the one to report
    game, record = load_record(path, default_game, jsonio.decode_text(data, path))
    return game, record.replay(tracked=False)[0]


def _nfc_text(data: bytes) -> bool:
    """Is the text of these UTF-8 bytes in NFC (so every string in it is)?  One quick check in C
    instead of a walk over the document: JSON's own characters are ASCII, which no combining
    mark composes with or moves across."""
    import unicodedata

    return unicodedata.is_normalized("NFC", data.decode("utf-8"))


def nfc_document(value: Any) -> Any:
    """A record with every string, keys included, in Unicode's composed form (NFC): a name typed
    as "Zoë" with a combining diaeresis (NFD) and one typed with "ë" are one person, as everywhere
    else in the referee (``new``, the store, ``stats``).  A document already in NFC is returned
    as it is.  (No recursion: a record may nest deeper than Python's stack.)"""
    import unicodedata

    def decomposed(text: str) -> bool:
        return not text.isascii() and not unicodedata.is_normalized("NFC", text)

    def fixed(text: str) -> str:
        return unicodedata.normalize("NFC", text) if decomposed(text) else text

    if isinstance(value, str):
        return fixed(value)
    if not _any_decomposed(value, decomposed):
        return value
    root: list[Any] = [value]
    stack: list[tuple[Any, Any, Any]] = [(root, 0, value)]  # (container, slot, value to copy)
    while stack:
        parent, slot, item = stack.pop()
        if isinstance(item, dict):
            copy: dict[str, Any] = {}
            for k, x in item.items():
                key = fixed(k)
                if key in copy:  # two spellings of one name: one key given twice
                    raise RecordError(None, "$", "core.json.duplicate_key", key=key)
                copy[key] = x
            parent[slot] = copy
            stack.extend((copy, k, x) for k, x in copy.items() if isinstance(x, (dict, list, str)))
        elif isinstance(item, list):
            parent[slot] = copy_list = list(item)
            stack.extend((copy_list, i, x) for i, x in enumerate(item) if isinstance(x, (dict, list, str)))
        else:
            parent[slot] = fixed(item)
    return root[0]


def _any_decomposed(value: Any, decomposed: Any) -> bool:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if decomposed(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


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
