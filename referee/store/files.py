"""How the store opens its own files: never through a symbolic link, never waiting on a pipe or a
device, never reading more than a legitimate file can hold.

Every file of the data folder (a session's file, its ``.bak``, lock and owner files, the index and
its journal, a card table) is opened with ``O_NOFOLLOW | O_NONBLOCK`` and checked to be a regular
file before one byte is read: a link is reported as a link (``StoreLink``), anything else that is
not a regular file (a FIFO, a folder, a device) or larger than its limit as damaged (exit 3).  Both
say that nothing was changed, which is true: they are raised before anything is written.

No TinyDB here (``battle`` reads a card table through this module and starts sooner without it).
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Sequence
from itertools import chain, repeat
from pathlib import Path
from typing import Any

from referee.core.errors import DamagedStore, RecordError, RefereeError, backup_of

#: The largest session file the store reads.  Measured: a 4-player War Chest game (the longest
#: records of the four games: about 16 entries a round) takes about 1,010 bytes a round in its
#: session file, so 100 rounds are about 100 kB (names of 100 characters: 255 kB; measured by
#: tests/test_store_safety.py).  Ten times that and more, so no game played at a table comes near
#: it; anything larger is damage (a 1 GiB sparse file is refused at once, not read into memory).
MAX_SESSION_BYTES = 4 * 1024 * 1024
#: A card table (a few dozen cards, entered by hand)
MAX_CARDS_BYTES = 1024 * 1024
#: An owner file holds one pid
MAX_OWNER_BYTES = 64
#: The deepest nesting of a legitimate session document is under 10 levels (the document, the
#: record, its rounds, an entry, its parts); deeper than this is damage (and never reaches a
#: recursion: Python's own limit is 1,000).  255 is orjson's (what it writes).
MAX_DEPTH = 255
NOT_REGULAR = "not a regular file"


class StoreLink(DamagedStore):
    """A store file (or folder) that is a symbolic link: never followed, left as it is."""

    def __init__(self, path: object) -> None:
        super().__init__("core.store.link", path=str(path))


class StoreCorrupt(DamagedStore):
    def __init__(self, path: Path, detail: str) -> None:
        backup = backup_of(path)
        super().__init__("core.store.corrupt" if backup else "core.store.corrupt_no_backup",
                         path=str(path), detail=detail, backup=backup or "")


def check_kind(path: Path, *, missing_ok: bool = True, folder: bool = False) -> bool:
    """Is ``path`` there (``False``: it is not)?  A link raises ``StoreLink``; a file of another
    kind than expected (a regular file, or a folder with ``folder``) raises ``StoreCorrupt``."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        if missing_ok:
            return False
        raise
    except NotADirectoryError:
        raise RefereeError("core.store.unusable", path=str(Path(path).parent),
                           detail=os.strerror(errno.ENOTDIR)) from None
    if stat.S_ISLNK(st.st_mode):
        raise StoreLink(path)
    if not (stat.S_ISDIR(st.st_mode) if folder else stat.S_ISREG(st.st_mode)):
        raise StoreCorrupt(path, "not a folder" if folder else NOT_REGULAR)
    return True


def read_store_bytes(path: Path, limit: int = MAX_SESSION_BYTES) -> bytes | None:
    """A store file's bytes (``None``: it does not exist), opened without following a link or
    waiting on a pipe, refused if it is not a regular file or larger than ``limit``."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(
        os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        raise RefereeError("core.store.unusable", path=str(Path(path).parent),
                           detail=os.strerror(errno.ENOTDIR)) from None
    except OSError as exc:
        if exc.errno == errno.ELOOP or os.path.islink(path):
            raise StoreLink(path) from None
        raise StoreCorrupt(path, exc.strerror or str(exc)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):  # a folder, a FIFO, a device: never waited on
            raise StoreCorrupt(path, NOT_REGULAR)
        if info.st_size > limit:  # refused before reading (a sparse 1 GiB file costs nothing)
            raise StoreCorrupt(path, f"larger than {limit} bytes")
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:  # it grew while being read
                raise StoreCorrupt(path, f"larger than {limit} bytes")
    except OSError as exc:
        raise StoreCorrupt(path, exc.strerror or str(exc)) from None
    finally:
        os.close(fd)
    return b"".join(chunks)


def depth_exceeds(value: object, limit: int = MAX_DEPTH) -> bool:
    """Does ``value`` nest deeper than ``limit`` (no recursion)?"""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            return True
        if isinstance(item, dict):
            stack.extend((x, depth + 1) for x in item.values() if isinstance(x, (dict, list)))
        elif isinstance(item, list):
            stack.extend((x, depth + 1) for x in item if isinstance(x, (dict, list)))
    return False


def read_store_json(path: Path, limit: int = MAX_SESSION_BYTES) -> object:
    """A store file's document (``None``: it does not exist), read as strictly as an imported
    record (``jsonio.loads``: no repeated key, no ``NaN``, no lone surrogate) and no deeper than
    ``MAX_DEPTH``; anything else is ``StoreCorrupt``."""
    from referee.core import jsonio

    data = read_store_bytes(path, limit)
    if data is None:
        return None
    if not data.strip():
        raise StoreCorrupt(path, "empty file")
    deep = False
    try:
        document = jsonio.loads(data.decode("utf-8"))
        deep = depth_exceeds(document)
    except UnicodeDecodeError as exc:
        raise StoreCorrupt(path, str(exc)[:100]) from None
    except RecordError as exc:
        raise StoreCorrupt(path, exc.render("en")[:100]) from None
    except RecursionError:
        raise StoreCorrupt(path, "nested too deeply") from None
    if deep:
        raise StoreCorrupt(path, "nested too deeply")
    return document


class StoreShape(ValueError):
    """What is wrong with a session document's shape (said in the damaged file's message)."""



def check_result(result: Any, players: list[Any]) -> None:
    """A finished game's result summary, as every game writes it (``StoreShape`` otherwise):
    ``winners`` (some of the players) and ``players`` (a figure per player: a ``score`` of
    numbers, ``tags`` of words, anything else as the game writes it).  What ``list`` and
    ``stats`` read of it."""
    if not results_ok([result], [players]):
        raise StoreShape("its stored result is not a result")


#: the types of a score's values (``bool`` is not one: ``type``, not ``isinstance``)
_NUMBERS = frozenset((int, float))
_NO_TAGS: list[Any] = []
_NO_SCORE: dict[str, Any] = {}


def results_ok(results: Sequence[Any], players: Sequence[Any]) -> bool:
    """Is each of ``results`` a result of its ``players`` (``check_result``)?  The one
    definition of a result's shape, checked over all of them at once: each step is one ``map``
    over every result (or every figure, every score's values …) run in C, no Python loop, no
    generator (issue 26: every listing checks every finished row of the index, 10,000 at a
    time).  ``bad_results`` finds which ones are not."""
    if not all(map(isinstance, results, repeat(dict))):
        return False
    winners: list[Any] = list(map(dict.get, results, repeat("winners")))
    named: list[Any] = list(map(dict.get, results, repeat("players")))
    if not (all(map(isinstance, winners, repeat(list))) and all(map(isinstance, named, repeat(dict)))
            and all(map(isinstance, chain.from_iterable(players), repeat(str)))):
        return False
    keys: list[set[Any]] = list(map(set, named))  # (each figure's names: the players, and only they)
    if keys != list(map(set, players)) or not (
            all(map(isinstance, chain.from_iterable(winners), repeat(str)))
            and all(map(set.issuperset, keys, winners))):
        return False
    figures = list(chain.from_iterable(map(dict.values, named)))
    if not all(map(isinstance, figures, repeat(dict))):
        return False
    scores = list(map(dict.get, figures, repeat("score"), repeat(_NO_SCORE)))
    tags = list(map(dict.get, figures, repeat("tags"), repeat(_NO_TAGS)))
    return (all(map(isinstance, scores, repeat(dict)))
            and _NUMBERS.issuperset(map(type, chain.from_iterable(map(dict.values, scores))))
            and all(map(isinstance, tags, repeat(list)))
            and all(map(isinstance, chain.from_iterable(tags), repeat(str))))


def bad_results(results: Sequence[Any], players: Sequence[Any]) -> list[int]:
    """The positions of the ``results`` that are not results of their ``players``
    (``results_ok``): all of them checked at once, and only a part that fails split in two
    until the bad ones are found (a few checks more per damaged result)."""
    if results_ok(results, players):
        return []
    if len(results) <= 16:  # (an index damaged all over: each one alone, not halved further)
        return [i for i in range(len(results)) if not results_ok([results[i]], [players[i]])]
    half = len(results) // 2
    return [*bad_results(results[:half], players[:half]),
            *(half + i for i in bad_results(results[half:], players[half:]))]
