"""A TinyDB storage that never leaves a half-written file behind.

Every write goes to a temporary file in the same directory, is flushed and fsynced, and replaces
the old file with ``os.replace`` (then the directory is fsynced).  The previous good version is kept
as ``<file>.bak``.  A file that cannot be read is reported, never overwritten.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from referee.core.errors import InputError, RefereeError
from referee.store.files import StoreCorrupt, StoreLink, read_store_json

__all__ = [
    "AtomicJSONStorage",
    "IndexCorrupt",
    "StoreCorrupt",
    "StoreLink",
    "StoreLocked",
    "atomic_write",
    "fsync_dir",
    "read_json",
    "write_document",
    "write_user_file",
]


class StoreLocked(RefereeError):
    """A session or the archive index is in use by another referee."""

    exit_code = 3


class IndexCorrupt(StoreCorrupt):
    """The archive index cannot be read.  It is only a cache of the session files: deleting it
    is the cure (the next command builds it again from the sessions)."""

    def __init__(self, path: Path, detail: str) -> None:
        RefereeError.__init__(self, "core.store.index_corrupt", path=str(path), detail=detail)


def fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - platforms without directory fds
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def atomic_write(path: Path, text: str, keep_backup: bool = True, mode: int | None = None
                 ) -> os.stat_result:
    """Replace ``path`` by ``text``, durably: the new contents are written to a temporary file
    and fsynced, renamed over the file (``os.replace``), and the folder is fsynced.  Both fsyncs
    are needed: the first puts the new contents on the disk before the rename can be (else a
    power cut may leave the new name on an empty file); the second puts the rename itself on the
    disk (else a power cut may bring back the version before: the last answer lost).  Returns
    the new file's status (``fstat`` of what was written: its inode, size, mtime)."""
    folder = path.parent
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        if mode is not None:
            os.fchmod(fd, mode)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
            written = os.fstat(fh.fileno())
        if keep_backup and path.is_file() and not path.is_symlink():
            # The last good version, kept as <file>.bak: a hard link to the old contents, so the
            # file itself is never missing, whenever the process dies.
            backup = path.with_name(path.name + ".bak")
            link = path.with_name(f".{path.name}.{os.getpid()}.bak.tmp")
            try:
                os.link(path, link, follow_symlinks=False)  # (a link is never followed)
                os.replace(link, backup)
            except OSError:
                pass
            try:  # rename() does nothing when both names are links to one file (the backup is
                os.unlink(link)  # already this version, after a crash): never leave it behind
            except OSError:
                pass
        os.replace(tmp, path)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError) and (exc.filename is None or exc.filename == tmp):
            exc.filename = str(path)  # a full disk names the file it could not write
        raise
    fsync_dir(folder)
    return written


def read_json(path: Path) -> Any:
    """Read a store file; ``None`` if it does not exist; ``StoreCorrupt`` if it is unreadable, not
    a regular file, too large or nested too deep; ``StoreLink`` if it is a link (never followed)."""
    return read_store_json(path)


class AtomicJSONStorage(Storage):
    def __init__(self, path: str | os.PathLike[str], **_: Any) -> None:
        self.path = Path(path)

    def read(self) -> dict[str, dict[str, Any]] | None:
        data = read_json(self.path)
        if data is not None and not isinstance(data, dict):
            raise StoreCorrupt(self.path, "not a TinyDB document")
        return data

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        self.written = write_document(self.path, data)

    #: the status of the file the last ``write`` wrote (``os.stat_result``)
    written: os.stat_result | None = None

    def close(self) -> None:
        pass


def document_text(data: Any) -> str:
    """A store document's text: compact JSON, not ASCII-escaped.  orjson writes it (a tenth of
    ``json``'s time for a long record, issue 27; the same text, tests/test_store.py, but for a
    float under 1e-4, written ``1e-7`` where ``json`` writes ``1e-07``: the same number); what
    it refuses (a key that is not a string, an integer over 64 bits …) ``json`` writes."""
    import orjson

    try:
        return orjson.dumps(data).decode("utf-8")
    except TypeError:  # (orjson.JSONEncodeError is one)
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def write_document(path: Path, data: dict[str, dict[str, Any]]) -> os.stat_result:
    """Write a TinyDB document (``AtomicJSONStorage``'s file) atomically; returns the new file's
    status."""
    return atomic_write(path, document_text(data))


def write_user_file(path: Path, text: str) -> None:
    """Write a file the user asked for (an export): atomically, with the usual permissions
    (``0o666`` less the umask) and through a symbolic link to its target."""
    path = Path(path)
    try:
        target = path.resolve() if path.is_symlink() else path
        if target.is_dir():
            raise InputError("core.file.write_is_dir", path=str(path))
        if not target.parent.is_dir():
            raise InputError("core.file.no_folder", path=str(path), folder=str(target.parent))
        if target.exists() and not target.is_file():  # /dev/stdout, a pipe: written in place
            with open(target, "w", encoding="utf-8") as fh:
                fh.write(text)
            return
        if target.exists() and not os.access(target, os.W_OK):  # a read-only file stays so
            raise InputError("core.file.cannot_write", path=str(path), detail=os.strerror(13))
        umask = os.umask(0)
        os.umask(umask)
        atomic_write(target, text, keep_backup=False, mode=0o666 & ~umask)
    except OSError as exc:
        raise InputError("core.file.cannot_write", path=str(path),
                         detail=exc.strerror or str(exc)) from None
