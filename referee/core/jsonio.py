"""Strict JSON in, canonical JSON out.

Input documents come from files other tools wrote, so loading refuses what ``json`` would quietly
accept: duplicate keys, ``NaN``/``Infinity``, absurd nesting, numbers too long to be real, files too
large to be a game record.  Output is deterministic so a record written, parsed and written again is
byte-for-byte the same.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from referee.core.errors import InputError, RecordError

MAX_DOCUMENT_BYTES = 16 * 1024 * 1024


class _Duplicate(ValueError):
    pass


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # Called for every object of every document: one C-level dict() and a length test in the
    # common case; only a document that does repeat a key pays for finding which one.
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Duplicate(key)
            seen.add(key)
    return out


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


# Built once: json.loads with options builds a decoder (and its scanner) on every call.
_DECODER = json.JSONDecoder(object_pairs_hook=_no_duplicates, parse_constant=_no_constants)
_LINE_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def loads(text: str) -> Any:
    """Parse one JSON document strictly; errors are ``RecordError`` at location ``$``."""
    if len(text) > MAX_DOCUMENT_BYTES:
        raise RecordError(None, "$", "core.json.too_large", limit=MAX_DOCUMENT_BYTES)
    if not text or text.isspace():  # (what strip() would leave empty, without the copy)
        raise RecordError(None, "$", "core.json.empty")
    try:
        if text.startswith("\ufeff"):  # as json.loads does; the decoder does not check
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
        value = _DECODER.decode(text)
        if "\\u" in text and ("\\ud" in text or "\\uD" in text):  # an escaped surrogate: lone
            # ones cannot be text (one pass over a text without escapes, not two)
            json.dumps(value, ensure_ascii=False).encode("utf-8")
        return value
    except _Duplicate as exc:
        raise RecordError(None, "$", "core.json.duplicate_key", key=str(exc)) from None
    except json.JSONDecodeError as exc:
        raise RecordError(
            None, "$", "core.json.syntax", line=exc.lineno, column=exc.colno, detail=exc.msg
        ) from None
    except RecursionError:
        raise RecordError(None, "$", "core.json.too_deep") from None
    except UnicodeEncodeError:
        raise RecordError(None, "$", "core.json.surrogate") from None
    except ValueError as exc:
        raise RecordError(None, "$", "core.json.invalid", detail=str(exc).split("; use sys.")[0][:120]) from None


def read_text(path: str | os.PathLike[str]) -> str:
    """Read a UTF-8 input file, turning every OS-level failure into one clear ``InputError``."""
    return decode_text(read_bytes(path), path)


def _shown(path: str | os.PathLike[str]) -> str:
    """A path as the user gave it (``""`` shown as such)."""
    return os.fspath(path) or '""'


def decode_text(data: bytes, path: str | os.PathLike[str]) -> str:
    """The text of a file's bytes (UTF-8, with or without a byte order mark)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError("core.file.not_utf8", path=_shown(path)) from None


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """The bytes of an input file (``read_text`` without the decoding), every OS-level failure
    as one clear ``InputError``.

    Plain ``os`` calls (open, fstat, read, close): ``replay`` reads thousands of these files."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0))
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):  # a folder, a FIFO, a device: never waited on
                raise IsADirectoryError if stat.S_ISDIR(info.st_mode) else InputError("core.file.not_regular", path=_shown(path))
            if info.st_size > MAX_DOCUMENT_BYTES:
                raise InputError("core.file.too_large", path=_shown(path),
                                 limit=MAX_DOCUMENT_BYTES)
            # The size is a hint (a file may grow; a pipe has none): read to the end, but never
            # more than the limit allows.
            chunks = [os.read(fd, info.st_size + 1)]
            total = len(chunks[0])
            if total <= info.st_size and stat.S_ISREG(info.st_mode):
                chunks.append(b"")  # a regular file read short: its end
            while chunks[-1] and total <= MAX_DOCUMENT_BYTES:
                chunks.append(os.read(fd, 1 << 16))
                total += len(chunks[-1])
        finally:
            os.close(fd)
    except IsADirectoryError:
        raise InputError("core.file.is_dir", path=_shown(path)) from None
    except FileNotFoundError:
        raise InputError("core.file.missing", path=_shown(path)) from None
    except PermissionError:  # (a folder one may not list, or any folder on Windows)
        raise InputError("core.file.is_dir" if Path(path).is_dir() else "core.file.denied",
                         path=_shown(path)) from None
    except OSError as exc:
        raise InputError("core.file.unreadable", path=_shown(path),
                         detail=exc.strerror or str(exc)) from None
    data = chunks[0] if len(chunks) == 2 else b"".join(chunks)
    if len(data) > MAX_DOCUMENT_BYTES:
        raise InputError("core.file.too_large", path=_shown(path), limit=MAX_DOCUMENT_BYTES)
    return data


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def dumps_pretty(value: Any, width: int = 100) -> str:
    """Canonical, human-friendly JSON: anything that fits on one line stays on one line."""

    def render(v: Any, indent: int, lead: int) -> str:
        one_line = _compact(v)
        if not isinstance(v, (dict, list)) or not v or lead + len(one_line) <= width:
            return one_line
        pad = " " * (indent + 2)
        if isinstance(v, list):
            items = [pad + render(item, indent + 2, indent + 2) for item in v]
        else:
            items = []
            for k, item in v.items():
                key = json.dumps(k, ensure_ascii=False) + ": "
                items.append(pad + key + render(item, indent + 2, indent + 2 + len(key)))
        opener, closer = ("[", "]") if isinstance(v, list) else ("{", "}")
        return opener + "\n" + ",\n".join(items) + "\n" + " " * indent + closer

    return render(value, 0, 0) + "\n"


def dumps_line(value: Any) -> str:
    """One JSON object per line (``--json`` output)."""
    return _LINE_ENCODER.encode(value)


def dumps_line_plain(value: Any) -> str:
    """``dumps_line`` for a value made only of dicts with string keys, lists, strings, integers,
    booleans and ``None`` (a replay output, say): the same text, by orjson (a sixth of the
    time).  No floats: orjson writes them otherwise (``1e16``, ``null`` for NaN).  What orjson
    refuses (an integer beyond 64 bits, a lone surrogate, a non-string key) goes to ``dumps_line``."""
    import orjson

    try:
        return orjson.dumps(value).decode()
    except TypeError:  # orjson.JSONEncodeError
        return _LINE_ENCODER.encode(value)


#: every byte UTF-8 writes for the characters below U+0300 (ASCII; lead bytes up to 0xCB and
#: continuation bytes): NFC changes no text made of those alone (U+0300 is the first combining
#: mark; tests/test_jsonio.py checks every such character and every pair of them)
_BELOW_U0300 = bytes(range(0xCC))


def nfc_text(data: bytes) -> bool:
    """Is the text of these UTF-8 bytes in NFC (so every string in it is)?  One quick check in C
    instead of a walk over the document: JSON's own characters are ASCII, which no combining
    mark composes with or moves across.  Text with no character from U+0300 on (Polish and the
    other Latin alphabets, precomposed) is NFC without asking: one C pass over the bytes.  The
    bytes must be UTF-8 (the caller's decoder has accepted them): this does not check it."""
    if not data.translate(None, _BELOW_U0300):
        return True
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
