"""The session store.

Layout under the data directory::

    sessions/<id>/session.json   one TinyDB file per session: its metadata, its game record and,
                                 once the game is over, its result (``.bak``: the version before)
    sessions/<id>/lock, owner    held (filelock) while a referee process writes the session, and
                                 the pid of that process
    index.sqlite                 the archive index (SQLite, ``referee.store.index``): one row per
                                 session (name, game, players, status, final result, file mtime)

A session *is* its record; everything else is derived from it.  Persisting an action rewrites only
that session's small file, inside that session's own folder, so it costs the same with 1 or 10,000
games in the archive (a write in a folder of 20,000 entries costs 5–15% more at every step); the
index changes only when a session is created, finished, un-finished or deleted, and then only that
session's row: creating, importing and deleting cost the same in any archive too.  Stores written
by earlier versions keep their sessions flat (``sessions/<id>.json``, ``.lock``, ``.owner``); those
are read and written where they are, and their ``index.json`` is left in place, unused (the SQLite
index is built from their files on first use).

The session file is always written first and is the truth; the index is a cache of it.  Every
index row remembers the modification time of the file it describes, so a crash between the two
writes is noticed (and mended) the next time the archive is listed; a missing index is built again
from the files.  Names and ids are unique by the index's constraints, checked and written in one
transaction under its write lock (a writer that died between its files and its commit leaves a
``.index-pending-*`` marker, and the next writer brings the index up to date first).  A damaged
index is reported (exit 3) before anything is written.
"""

from __future__ import annotations

import os
import re
import secrets
import stat
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from filelock import FileLock, Timeout
from tinydb import TinyDB

from referee.core.errors import RecordError, RefereeError, SessionDamaged, UsageError
from referee.core.shape import player_names
from referee.store.files import (
    MAX_OWNER_BYTES,
    StoreLink,
    StoreShape,
    check_kind,
    check_result,
    read_store_bytes,
)
from referee.store.storage import (
    AtomicJSONStorage,
    StoreCorrupt,
    StoreLocked,
    atomic_write,
    fsync_dir,
    read_json,
    write_document,
)

if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Collection

    from referee.store.index import Index

LOCK_TIMEOUT = 0.5  # seconds: a second process gives up well within a second
INDEX_TIMEOUT = 10  # seconds: index writes are short; past this another referee is stuck
BATCH = 200  # sessions created per index transaction (keeps the index's write lock short)
PENDING = ".index-pending-"  # a writer's marker while its new files are not yet in the index
_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,79}$")


#: the name of a session's file inside its folder
SESSION_FILE = "session.json"

class SessionNotFound(RefereeError):
    exit_code = 1


def default_data_dir() -> Path:
    env = os.environ.get("REFEREE_DATA")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("referee", appauthor=False))


def now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def slugify(text: str) -> str:
    ascii_text = unicodedata.normalize("NFKD", text.replace("ł", "l").replace("Ł", "L"))
    ascii_text = ascii_text.encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    return slug[:60] or "game"


def _no_link(path: Path) -> None:
    """Never follow a symbolic link out of the data folder: a session's folder or file that is a
    link is reported and left alone (nothing is read, written or deleted through it)."""
    if path.is_symlink():
        raise StoreLink(path)


#: a session document's keys and the types of their values (those after ``record``: optional,
#: as documents of earlier versions may lack them)
_DOC_TYPES: dict[str, tuple[type, ...]] = {
    "id": (str,), "name": (str,), "game": (str,), "record": (dict,), "lang": (str,),
    "created": (str,), "updated": (str,), "complete": (bool,), "result": (dict, type(None)),
    "settings": (dict,)}
_REQUIRED = ("id", "name", "game", "record")


def _plain(value: Any) -> Any:
    """``value`` as JSON reads it back (tuples as lists …): what the file and the index hold."""
    import json

    return json.loads(json.dumps(value, ensure_ascii=False))


def document_of(data: Any, sid: str) -> dict[str, Any]:
    """The session document of a session file's contents, checked (``StoreShape``: what is
    wrong).  Its ``id`` must be ``sid``, the folder it was found in."""
    from referee.core.text import LANGUAGES

    if not isinstance(data, dict) or set(data) != {"session"} or not isinstance(
            data["session"], dict) or len(data["session"]) != 1:
        raise StoreShape("not a session document")
    doc = next(iter(data["session"].values()))
    if not isinstance(doc, dict):
        raise StoreShape("not a session document")
    for key in doc:
        if key not in _DOC_TYPES:
            raise StoreShape(f"unknown key {key[:40]!r}")
    for key in _REQUIRED:
        if key not in doc:
            raise StoreShape(f"no {key!r}")
    for key, value in doc.items():
        if not isinstance(value, _DOC_TYPES[key]):
            raise StoreShape(f"{key!r} is not a {_DOC_TYPES[key][0].__name__}")
    if doc["id"] != sid:  # a folder copied under a new name: it is not that session
        raise StoreShape(f"its id {doc['id'][:80]!r} is not its folder's name {sid!r}")
    try:
        if check_name(doc["name"]) != doc["name"]:
            raise StoreShape("not a session name")
    except RefereeError:
        raise StoreShape("not a session name") from None
    if "lang" in doc and doc["lang"] not in LANGUAGES:
        raise StoreShape(f"unknown language {doc['lang'][:10]!r}")
    for key in ("created", "updated"):
        if len(doc.get(key, "")) > 40 or not doc.get(key, "").isprintable():
            raise StoreShape(f"{key!r} is not a time")
    if "hints" in doc.get("settings", {}) and not isinstance(doc["settings"]["hints"], bool):
        raise StoreShape("'settings' is not a session's settings")
    if doc.get("result") is not None:
        if not doc.get("complete"):
            raise StoreShape("a result for a game not over")
        check_result(doc["result"], player_names(doc["record"]))
    elif doc.get("complete"):
        raise StoreShape("a game over without its result")
    return doc


def _identity(status: os.stat_result) -> tuple[int, ...]:
    """What tells one version of a file from another: its device, inode (every atomic write
    makes a new one), size and modification time."""
    return (status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns)


def _identity_of(path: Path) -> tuple[int, ...] | None:
    """``_identity`` of the file at ``path`` (never followed; ``None``: there is none)."""
    try:
        return _identity(os.lstat(path))
    except OSError:
        return None


def check_name(name: str) -> str:
    """A session's name: one printable line (NFC: one name however it was typed)."""
    name = unicodedata.normalize("NFC", name.strip())
    if not name or not name.isprintable() or len(name) > 200:
        raise RefereeError("core.store.bad_name", name=name[:40].encode("unicode_escape").decode())
    return name


@dataclass
class Session:
    store: Store
    id: str
    name: str
    game: str
    record: dict[str, Any]
    lang: str = "en"
    created: str = ""
    updated: str = ""
    complete: bool = False
    result: dict[str, Any] | None = None
    _lock: FileLock | None = field(default=None, repr=False)
    #: the table's preferences for this session (e.g. the memory aid), kept with it
    settings: dict[str, Any] = field(default_factory=dict)
    #: an import run again found it already there (``create_many(resume=True)``)
    existed: bool = False
    #: the file as this session last read or wrote it: its document's key and ``_identity``
    _file: tuple[str, tuple[int, ...]] | None = field(default=None, repr=False)

    @property
    def path(self) -> Path:
        return self.store.session_path(self.id)

    @property
    def players(self) -> list[str]:
        return player_names(self.record)

    def document(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "game": self.game, "lang": self.lang,
                "created": self.created, "updated": self.updated, "complete": self.complete,
                "result": self.result, "settings": self.settings, "record": self.record}

    def save(self, record: dict[str, Any], *, complete: bool, result: dict[str, Any] | None = None
             ) -> None:
        """Persist the record (atomically) before the next prompt appears."""
        if self._lock is None:
            raise RuntimeError("session opened read-only")
        was_complete = self.complete
        if was_complete != complete:  # the index changes too: a damaged one stops before the file
            self.store._index()
        result = result if complete else None
        updated = now()
        document = {**self.document(), "record": record, "complete": complete, "result": result,
                    "updated": updated}
        path = self.path
        # written first: a failed save changes nothing.  The file is the one this session read
        # (checked) or wrote last, under its lock, if it has that file's inode, size and time:
        # it is not read again (issue 27: an answer's save read and checked the whole file back
        # first).  Anything else (changed or damaged behind the lock's back) goes through
        # TinyDB, which reads it (checked: a damaged file is reported, never overwritten).
        if self._file is not None and _identity_of(path) == self._file[1]:
            written = write_document(path, {"session": {self._file[0]: document}})
            self._file = (self._file[0], _identity(written))
        else:
            with TinyDB(path, storage=AtomicJSONStorage) as db:
                keys = db.table("session").upsert(document, cond=lambda d: True)
                status = cast(AtomicJSONStorage, db.storage).written
            self._file = (str(keys[0]), _identity(status)) if len(keys) == 1 and status else None
        self.record, self.complete, self.result, self.updated = record, complete, result, updated
        if was_complete != complete:
            self.store.index_put(self)

    def close(self) -> None:
        if self._lock is not None:
            self._lock.release()
            try:
                self.store.owner_path(self.id).unlink()
            except (OSError, RefereeError):
                pass
            self._lock = None

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


#: the store's folder of caches (``Store.cached``): derived data only, safe to delete
CACHE_FOLDER = "cache"
CACHE_FILE = "stats.json"
#: the largest cache file read (a result over 10,000 sessions is under 1 MB)
MAX_CACHE = 64 * 1024 * 1024


def _regular_bytes(path: Path, limit: int) -> bytes | None:
    """At most ``limit`` bytes of a regular file (``None``: missing, a link, a FIFO, a folder …;
    never followed, never waited on)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        chunks, size = [], 0
        while size < limit and (chunk := os.read(fd, min(1 << 20, limit - size))):
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(fd)


class Store:
    def __init__(self, root: Path | None = None) -> None:
        self.root = Path(root) if root is not None else default_data_dir()
        self._idx: Index | None = None  # the archive index (``referee.store.index.Index``), opened on use
        # the scan of the session files ``stats_signature`` made, for the listing of the ``stats``
        # it keys (``cached``: one scan, not two, per ``stats``; dropped when that ends)
        self._scanned: dict[str, int] | None = None

    # -- paths
    @property
    def sessions_dir(self) -> Path:
        folder = self.root / "sessions"
        _no_link(folder)  # (every session would be read and written through it)
        return folder

    @property
    def index_path(self) -> Path:
        return self.root / "index.sqlite"

    def session_path(self, sid: str) -> Path:
        """The session's file: ``sessions/<id>/session.json``, or where an earlier version kept
        it (``sessions/<id>.json``)."""
        if not _ID.match(sid):  # an id is never a path: nothing outside the store is touched
            raise SessionNotFound("core.store.not_found", session=sid)
        folder = self.sessions_dir / sid
        path = folder / SESSION_FILE
        if not path.exists():
            flat = self.sessions_dir / f"{sid}.json"
            if flat.exists() or flat.is_symlink():
                _no_link(flat)
                return flat
        _no_link(folder)
        _no_link(path)
        return path

    def _beside(self, sid: str, name: str) -> Path:
        """A file kept with the session: ``lock`` or ``owner`` (flat stores: ``<id>.lock`` …)."""
        path = self.session_path(sid)
        beside = path.with_name(name) if path.name == SESSION_FILE else path.with_suffix(f".{name}")
        check_kind(beside)  # a link or a FIFO … is reported, never opened (nor truncated)
        return beside

    def owner_path(self, sid: str) -> Path:
        return self._beside(sid, "owner")

    def _taken(self, sid: str) -> bool:
        """Is there anything of a session ``sid`` (a file, or a folder left by a crash)?"""
        return (os.path.lexists(self.sessions_dir / sid)
                or os.path.lexists(self.sessions_dir / f"{sid}.json"))

    def refuse_inside(self, path: Path) -> None:
        """A file the user asked to write must not be a file the store owns (a session's file,
        the index and its journal, a card table, the folders that hold them, the data folder
        itself): ``UsageError`` if it is, links followed.  Other files beside the store, in a
        data folder shared with them, are fine."""
        root = os.path.realpath(self.root)
        target = os.path.realpath(path)
        if target == root:
            raise UsageError("core.file.inside_store", path=str(path), store=str(self.root))
        relative = os.path.relpath(target, root)
        if relative.startswith(os.pardir + os.sep) or relative == os.pardir:
            return
        first = relative.split(os.sep)[0]
        if first in self.owned_folders() or first.startswith(("index.sqlite", "index.json", PENDING)):
            raise UsageError("core.file.inside_store", path=str(path), store=str(self.root))

    @staticmethod
    def owned_folders() -> set[str]:
        """The folders of the data folder that only the store writes: the sessions, the kept
        scores (``referee score``) and every game's card table folder (``Game.cards_file``)."""
        from referee.core import registry

        return {"sessions", "scores", CACHE_FOLDER,
                *(g.info.cards_file[0] for g in registry.games() if g.info.cards_file)}

    def ensure(self) -> None:
        try:
            self.sessions_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise RefereeError("core.store.unusable", path=str(self.root),
                               detail=exc.strerror or str(exc)) from None

    # -- locking
    def _lock(self, sid: str) -> FileLock:
        self.ensure()
        path = self._beside(sid, "lock")
        if not path.parent.exists():  # a new session's folder (made durable: the parent's fsync)
            try:
                path.parent.mkdir()
            except FileExistsError:
                pass
            fsync_dir(self.sessions_dir)
        lock = FileLock(str(path), timeout=LOCK_TIMEOUT)
        try:
            lock.acquire()
        except Timeout:
            raise StoreLocked("core.store.locked", session=sid,
                              pid=self._owner(sid) or "?") from None
        try:  # only to name the holder to a second referee: a full disk does not stop a delete
            atomic_write(self.owner_path(sid), str(os.getpid()), keep_backup=False)
        except OSError:
            pass
        return lock

    def _owner(self, sid: str) -> str | None:
        try:
            data = read_store_bytes(self.owner_path(sid), MAX_OWNER_BYTES)
        except (OSError, RefereeError):
            return None
        text = (data or b"").decode("ascii", "replace").strip()
        return text if text.isdigit() else None

    # -- index
    def _index(self) -> tuple[Index, sqlite3.Connection]:
        """The archive index and its connection, checked before anything is written: a damaged
        file raises ``IndexCorrupt`` (exit 3); a missing one is built from the session files."""
        if self._idx is None:
            from referee.store.index import Index

            self._idx = Index(self.root, INDEX_TIMEOUT)
        self.ensure()
        return self._idx, self._idx.connect(self._build_index)

    def _build_index(self, conn: Any) -> None:
        """Fill a new index from the session files (a first use, an index deleted, or a store of
        an earlier version, whose ``index.json`` is left where it is, unused)."""
        self._apply(conn, *self._reconcile({})[1:])

    def _apply(self, conn: Any, put: dict[str, dict[str, Any]], remove: list[str]) -> None:
        from referee.store.index import Index

        Index.remove(conn, remove)
        for entry in sorted(put.values(), key=lambda e: (e.get("created") or "", e["id"])):
            Index.put(conn, entry)  # the oldest of sessions sharing a name keeps it

    def _mtime(self, sid: str) -> int | None:
        try:
            return self.session_path(sid).stat().st_mtime_ns
        except OSError:
            return None

    def _entry(self, session: Session) -> dict[str, Any]:
        return {
            "id": session.id, "name": session.name, "game": session.game,
            "players": session.players, "created": session.created, "updated": session.updated,
            "complete": session.complete, "result": session.result,
            "date": str(session.record.get("date") or session.created[:10]),
            "mtime": self._mtime(session.id),
        }

    def index_put(self, session: Session) -> None:
        index, conn = self._index()
        with index.write(conn):
            index.put(conn, self._entry(session))

    def _pending(self) -> list[Path]:
        """Markers of writers that may have died between their session files and the index."""
        try:
            with os.scandir(self.root) as it:
                return [Path(e.path) for e in it if e.name.startswith(PENDING)]
        except OSError:
            return []

    # -- sessions
    def create(self, name: str, game: str, record: dict[str, Any], lang: str,
               complete: bool = False, result: dict[str, Any] | None = None) -> Session:
        """A new session (left open and locked for writing)."""
        return self.create_many([(name, game, record, lang, complete, result)], keep_open=True)[0]

    def newest(self, count: int) -> list[str]:
        """The ids of the ``count`` sessions created last, the newest first, from the archive
        index alone (no file read, nothing mended: ``entries`` does that), for a default that
        looks back a little way (``SessionService.last_place``): it costs the same in an archive
        of 10,000 games as in an empty one.  An empty or missing store: none."""
        if not self.sessions_dir.exists() and not self.index_path.exists():
            return []
        index, conn = self._index()
        with index.errors():
            return index.newest(conn, count)

    def unique_name(self, name: str) -> str:
        """``name``, or ``name (2)``, ``name (3)`` … if it is taken (for generated names)."""
        index, conn = self._index()
        candidate, k = name, 2
        with index.errors():
            while index.key_taken(conn, candidate) or (_ID.match(candidate) and self._taken(candidate)):
                candidate, k = f"{name} ({k})", k + 1
        return candidate

    def create_many(self, items: list[tuple[str, str, dict[str, Any], str, bool, Any]],
                    keep_open: bool = False, resume: bool = False) -> list[Session]:
        """New sessions and their index rows, one index transaction per batch.  The names are
        checked and the ids chosen under the index's write lock, so concurrent creates never
        share a name or an id; the session files are written before the transaction commits.
        ``resume`` (an import run again): an item whose name a session with the same game and
        the same record already holds is that session (``existed``), not a taken name."""
        items = [(check_name(name), *rest) for name, *rest in items]
        seen: set[str] = set()
        for name, *_ in items:
            if name in seen:
                raise RefereeError("core.store.name_taken", name=name)
            seen.add(name)
        index, conn = self._index()  # a damaged index stops here, before anything is written
        created: list[Session] = []
        try:
            for start in range(0, len(items), BATCH):
                # the first transaction checks every name: one taken name creates nothing
                created += self._create_batch(index, conn, items[start:start + BATCH],
                                              items if start == 0 else items[start:start + BATCH],
                                              seen, resume)
        except BaseException:
            for session in created:
                session.close()
            raise
        if not keep_open:
            for session in created:
                session.close()
        return created

    def _check_new_name(self, index: Any, conn: Any, name: str) -> None:
        for sid in index.named(conn, name):
            if self.session_path(sid).exists():
                raise RefereeError("core.store.name_taken", name=name)
            index.remove(conn, [sid])  # a row whose file is gone (a crash while deleting it)
        if _ID.match(name) and (self._taken(name) or index.has_id(conn, name)):
            # a name that is another session's id would make keys ambiguous
            raise RefereeError("core.store.name_is_id", name=name)

    def _create_batch(self, index: Any, conn: Any,
                      items: list[tuple[str, str, dict[str, Any], str, bool, Any]],
                      check: list[tuple[str, str, dict[str, Any], str, bool, Any]],
                      names: Collection[str] = frozenset(), resume: bool = False) -> list[Session]:
        """``names``: every name being created (no id chosen here may equal another's name)."""
        batch: list[Session] = []
        out: list[Session] = []
        existing: dict[str, Session] = {}
        begun: list[str] = []  # the ids whose folders this batch made
        stale = self._pending()
        marker = self.root / f"{PENDING}{os.getpid()}-{secrets.token_hex(4)}"
        try:
            with index.write(conn):
                if stale:  # a writer died after writing files: the index learns them first
                    self._clear_leftovers()
                    rows = index.rows(conn)
                    self._apply(conn, *self._reconcile(rows)[1:])
                for name, game, rec, *_ in check:  # every check and id before any file is written
                    same = self._same_session(index, conn, name, game, rec) if resume else None
                    if same is not None:
                        existing[name] = same
                    else:
                        self._check_new_name(index, conn, name)
                ids: list[str] = []
                for name, *_ in items:
                    if name in existing:
                        ids.append("")
                        continue
                    base = slugify(name)
                    sid, k = base, 2
                    while (sid in ids or (sid in names and sid != name) or self._taken(sid)
                           or index.key_taken(conn, sid)):
                        sid, k = f"{base}-{k}", k + 1
                    ids.append(sid)
                marker.touch()  # until the commit: these files may be unknown to the index
                for sid, (name, game, rec, lang, complete, result) in zip(ids, items):
                    if name in existing:
                        out.append(existing[name])
                        continue
                    begun.append(sid)
                    lock = self._lock(sid)
                    stamp = now()
                    session = Session(self, sid, name, game, rec, lang, stamp, stamp, complete,
                                      result if complete else None, lock)
                    batch.append(session)
                    out.append(session)
                    with TinyDB(session.path, storage=AtomicJSONStorage) as db:
                        key = db.table("session").insert(session.document())
                        written = cast(AtomicJSONStorage, db.storage).written
                    if written is not None:
                        session._file = (str(key), _identity(written))
                    if not index.put(conn, self._entry(session)):
                        raise RefereeError("core.store.name_taken", name=name)
        except BaseException as exc:
            for session in batch:
                session.close()
            if isinstance(exc, Exception):
                # a failed write (a full disk …): the transaction rolled back, its files go too
                # (no session without its index row, no folder holding only a lock), then the
                # marker.  A process that dies leaves the marker: the next writer catches up.
                for sid in begun:
                    self._discard(sid)
                try:
                    marker.unlink()
                except OSError:
                    pass
            raise
        for path in (marker, *stale):
            try:
                path.unlink()
            except OSError:
                pass
        return out

    def _same_session(self, index: Any, conn: Any, name: str, game: str,
                      record: dict[str, Any]) -> Session | None:
        """The session named ``name`` if it has this game and this record (an import run again
        after it was interrupted: it is finished, not refused)."""
        import json

        wanted = json.dumps(record, sort_keys=True)
        for sid in index.named(conn, name):
            try:
                session = self._load(sid, None)
            except RefereeError:
                continue
            if session.game == game and json.dumps(session.record, sort_keys=True) == wanted:
                session.existed = True
                return session
        return None

    def _clear_leftovers(self) -> None:
        """What writers that died left in the sessions folder (called under the index's write
        lock, when their markers are found): temporary files, and folders without their session
        file (only a lock, an owner), whose ids would stay taken.  A folder whose lock is held
        (a live referee) is left alone."""
        try:
            with os.scandir(self.sessions_dir) as it:
                folders = [e.name for e in it if _ID.match(e.name) and e.is_dir(follow_symlinks=False)]
        except OSError:
            return
        for sid in folders:
            folder = self.sessions_dir / sid
            try:
                names = os.listdir(folder)
            except OSError:
                continue
            temporary = [n for n in names if n.startswith(".") and n.endswith(".tmp")]
            if SESSION_FILE in names and not temporary:
                continue
            try:
                check_kind(folder / "lock")  # (a link is never opened, nor truncated)
            except RefereeError:
                continue
            lock = FileLock(str(folder / "lock"), timeout=0)
            try:
                lock.acquire()
            except Timeout:
                continue
            try:
                for n in temporary:
                    try:
                        (folder / n).unlink()
                    except OSError:
                        pass
            finally:
                lock.release()
            if SESSION_FILE not in names:
                self._discard(sid)

    def _discard(self, sid: str) -> None:
        """Remove what a failed create left of session ``sid`` (its folder was new)."""
        folder = self.sessions_dir / sid
        if folder.is_symlink() or not folder.is_dir():
            return
        for item in folder.iterdir():
            if item.name in (SESSION_FILE, f"{SESSION_FILE}.bak", "lock", "owner") or (
                    item.name.startswith(".") and item.name.endswith(".tmp")):
                try:
                    item.unlink()
                except OSError:
                    pass
        try:
            folder.rmdir()
        except OSError:
            pass

    def resolve(self, key: str, leftovers: bool = False) -> str:
        """A session id from an id or a name.  An id is found without reading the index (so opening
        a session costs the same in any archive); a name is looked up in the index (and, if it is
        not there, in every file: the index may not know a file yet).  No name can equal another
        session's id."""
        if _ID.match(key) and self.session_path(key).exists():
            return key
        if not self.sessions_dir.exists() and not self.index_path.exists():
            raise SessionNotFound("core.store.not_found", session=key)
        index, conn = self._index()
        with index.errors():
            found = index.named(conn, key)
        for sid in found:
            if self.session_path(sid).exists():
                return sid
        # what an interrupted delete left (``leftovers``: for ``delete``, which finishes it)
        leftover = self._leftover(key) if leftovers else None
        if leftover is not None:
            return leftover
        for entry in self.entries():
            if entry.get("name") == key:
                named: str = entry["id"]
                return named
        raise SessionNotFound("core.store.not_found", session=key)

    def open(self, key: str, write: bool = True) -> Session:
        sid = self.resolve(key)
        lock = self._lock(sid) if write else None
        try:
            session = self._load(sid, lock)
            if session.complete:  # a finished game's result is its record's
                self.derive(session)
            return session
        except BaseException:
            if lock is not None:  # (as ``close`` does: nothing of this opening is left)
                self._unlock(sid, lock)
            raise

    def settings_of(self, key: str) -> dict[str, Any]:
        """A session's settings (place, times, choices), its file read and checked as ``open``
        reads it, without working out a finished game's result (``derive``: a replay) that
        nobody asked for."""
        return self._load(self.resolve(key), None).settings

    def _unlock(self, sid: str, lock: FileLock) -> None:
        """Release a session's lock taken by a command that then changed nothing (its owner
        file goes too)."""
        lock.release()
        try:
            self.owner_path(sid).unlink()
        except (OSError, RefereeError):
            pass

    def _load(self, sid: str, lock: FileLock | None) -> Session:
        """Session ``sid`` from its file, checked as strictly as an imported record (the file is
        input too): the document's shape and every value's type, its ``id`` the folder's (a
        folder copied under another name would otherwise write the original's file), and its
        stored result consistent with its players.  Anything else: ``StoreCorrupt`` (exit 3)."""
        path = self.session_path(sid)
        seen = _identity_of(path) if lock is not None else None  # (before it is read: a change
        data = read_json(path)                                # after it is noticed at the save)
        if data is None:
            raise SessionNotFound("core.store.not_found", session=sid)
        from referee.core import jsonio

        try:
            doc = jsonio.nfc_document(document_of(data, sid))
        except RefereeError:
            raise StoreCorrupt(path, "two keys of one name") from None
        except StoreShape as wrong:
            raise StoreCorrupt(path, str(wrong)) from None
        session = Session(self, sid, doc["name"], doc["game"], doc["record"],
                          doc.get("lang", "en"), doc.get("created", ""), doc.get("updated", ""),
                          doc.get("complete", False), doc.get("result"), lock,
                          doc.get("settings", {}))
        if seen is not None:  # (the file this session read, checked: its next save trusts it)
            session._file = (next(iter(data["session"])), seen)
        return session

    def derive(self, session: Session) -> None:
        """A finished game's result, from its record (the truth), never from what its file says
        of it: the record is replayed and ``complete`` and ``result`` set from it (a result stored
        by hand, or by a version whose rules differed, is never shown).  The game's error as
        ``SessionDamaged`` if the record cannot be replayed."""
        from referee.core import registry

        try:
            game = registry.find(session.game)
            state = game.parse_record(session.record).replay()[0]
        except (RecordError, UsageError) as error:
            raise SessionDamaged(session.path, error) from None
        except (TypeError, ValueError, KeyError, AttributeError, IndexError, RecursionError):
            raise SessionDamaged(session.path, RefereeError("core.store.bad_record")) from None
        session.complete = bool(game.is_over(state))
        session.result = _plain(game.result_summary(state)) if session.complete else None

    def delete(self, key: str) -> str:
        """Delete a session: all or nothing from the user's view, and possible on a full disk.

        Its file goes first, in one ``unlink`` (which needs no space): until then nothing has
        changed; after it the session is gone, whatever happens next.  Then, each as far as it
        can: its ``.bak``, its lock and owner files, its folder and its index row (a row whose
        file is gone is ignored and mended by the next command that reads the index).  A delete
        interrupted after the file went is finished by running it again (the id still names
        what is left)."""
        sid = self._leftover(key)
        if sid is not None:  # (run again: finished)
            self._finish_delete(sid)
            return sid
        sid = self.resolve(key)
        _index, _conn = self._index()  # a damaged index stops here, before anything is touched
        path = self.session_path(sid)  # (a link is reported and left alone)
        lock = self._lock(sid)
        try:
            path.unlink()  # (a FIFO or a device in its place goes too: nothing is opened)
        except FileNotFoundError:
            pass
        except IsADirectoryError:
            self._unlock(sid, lock)
            raise StoreCorrupt(path, "not a regular file") from None
        except BaseException:
            self._unlock(sid, lock)
            raise
        lock.release()
        self._finish_delete(sid)
        return sid

    def _leftover(self, key: str) -> str | None:
        """The id of what a delete interrupted after the session's file went left behind (its
        folder, ``.bak``, lock, or index row), or ``None``."""
        if _ID.match(key):
            if os.path.lexists(self.session_path(key)):
                return None
            folder = self.sessions_dir / key
            if folder.is_dir() and not folder.is_symlink() and os.path.lexists(
                    folder / f"{SESSION_FILE}.bak"):
                return key
        if not self.index_path.exists():
            return None
        index, conn = self._index()
        with index.errors():
            ids = [key] if _ID.match(key) and index.has_id(conn, key) else index.named(conn, key)
        for sid in ids:
            if _ID.match(sid) and not os.path.lexists(self.session_path(sid)):
                return sid
        return None

    def _finish_delete(self, sid: str) -> None:
        """Remove what is left of a deleted session (its file is gone): each step as far as it
        can, so that a full disk or a locked index leaves only what the next command ignores."""
        folder = self.sessions_dir / sid
        inside = [folder / n for n in (f"{SESSION_FILE}.bak", "owner", "lock")] if (
            folder.is_dir() and not folder.is_symlink()) else []  # (never through a link)
        for item in (*inside,
                     *(self.sessions_dir / f"{sid}.{n}" for n in ("json.bak", "owner", "lock"))):
            try:  # (flat stores of earlier versions too; unlink never follows a link)
                item.unlink()
            except OSError:
                pass
        if folder.is_dir() and not folder.is_symlink():
            try:
                folder.rmdir()
            except OSError:  # something unexpected is in it: leave it
                pass
        try:
            index, conn = self._index()
            with index.write(conn):
                index.remove(conn, [sid])
        except (RefereeError, OSError):  # (a full disk, a busy index: the row is ignored and
            pass                         # mended by the next listing)

    def _files(self) -> dict[str, int]:
        """Every session file's id and ``mtime_ns``, from one scan of the sessions folder."""
        files: dict[str, int] = {}
        if self.sessions_dir.exists():
            # (10,000 sessions: one stat each; the names bound once, the path joined by hand)
            match, stat_, tail = _ID.match, os.stat, os.sep + SESSION_FILE
            with os.scandir(self.sessions_dir) as it:
                for item in it:
                    name = item.name
                    if item.is_symlink():  # never followed: listed as damaged
                        sid = name[:-5] if name.endswith(".json") else name
                        if match(sid):
                            files.setdefault(sid, 0)
                    elif item.is_dir(follow_symlinks=False) and match(name):
                        try:
                            files[name] = stat_(item.path + tail).st_mtime_ns
                        except OSError:  # a folder without its file (a crash while creating it)
                            pass
                    elif name.endswith(".json") and match(name[:-5]):
                        files.setdefault(name[:-5], item.stat().st_mtime_ns)  # flat (older)
        return files

    def _reconcile(self, index: dict[str, dict[str, Any]], files: dict[str, int] | None = None
                   ) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]], list[str]]:
        """Every session's entry, and how the index must change to match the files: finished
        games whose file has the index's mtime come from the index; everything else is read from
        its file (the truth).  ``files``: the scan of them (``_files``), if made already."""
        if files is None:
            files = self._files()
        out: dict[str, dict[str, Any]] = {}
        mend: dict[str, dict[str, Any]] = {}
        for sid, mtime in files.items():
            entry = index.get(sid)
            if entry is not None and entry.get("bad"):  # a damaged row: the file says, and mends it
                entry = None
            if entry is not None and entry.get("complete") and entry.get("mtime") == mtime:
                out[sid] = entry
                continue
            try:
                session = self._load(sid, None)
                if session.complete:  # its result goes to the index: the record's, never the
                    self.derive(session)  # file's word for it
            except RefereeError:  # listed as damaged (never silently left out), never indexed
                out[sid] = {"id": sid, "name": "", "game": None, "players": [], "created": "",
                            "updated": "", "complete": False, "result": None, "date": "",
                            "damaged": True}
                continue
            fresh = self._entry(session)
            out[sid] = fresh
            if entry is None or any(entry.get(k) != fresh[k] for k in ("complete", "result", "name")):
                mend[sid] = fresh
        gone = [sid for sid in index if sid not in files]
        return out, mend, gone

    def stats_signature(self) -> list[Any] | None:
        """What every session's entry depends on, cheaply (no file read): each session file's
        time and the index file's (and its journal's) — the key of ``stats``'s cache (issue 26);
        ``None`` where there is no archive."""
        if not self.sessions_dir.exists() and not self.index_path.exists():
            return None
        index: list[Any] = []
        for name in ("index.sqlite", "index.sqlite-journal", "index.sqlite-wal"):
            try:
                st = os.stat(self.root / name, follow_symlinks=False)
                index.append([name, st.st_mtime_ns, st.st_size, st.st_ino])
            except OSError:
                pass
        header = _regular_bytes(self.index_path, 100)  # SQLite's header counts every change
        if header is not None:  # written (a clock may not tick between two)
            index.append(header.hex())
        self._scanned = self._files()
        return [str(self.root), index, sorted(self._scanned.items())]

    def cached(self, key: str, produce: Callable[[], Any]) -> Any:
        """``produce()``, or the value it gave for the same ``key`` last time, kept in the store's
        ``cache`` folder (``stats``, issue 26).  The cache is derived data: a missing, damaged or
        foreign cache file (a link, a FIFO …) or a folder that cannot be written is never an
        error, only a cache miss; a link is never followed."""
        import orjson

        try:
            text = self.cache_read(CACHE_FILE)
            # (the file as ``orjson`` writes it below: the key first; another key is a miss
            # without reading the last answer, 0.8 MB over 10,000 sessions)
            if text is not None and text.startswith(b'{"key":' + orjson.dumps(key) + b","):
                try:
                    kept = orjson.loads(text)
                    if isinstance(kept, dict) and kept.get("key") == key and "value" in kept:
                        return kept["value"]
                except ValueError:
                    pass
            value = produce()
        finally:
            self._scanned = None  # (the next listing scans afresh)
        try:
            self.cache_write(CACHE_FILE, orjson.dumps({"key": key, "value": value}))
        except TypeError:
            pass
        return value

    def cache_read(self, name: str) -> bytes | None:
        """The store's cache file ``name`` (``None``: missing, a link, a FIFO …: a miss)."""
        return _regular_bytes(self.root / CACHE_FOLDER / name, MAX_CACHE)

    def cache_write(self, name: str, text: str | bytes) -> None:
        """Keep ``text`` as the cache file ``name``, if the folder can be written (never through
        a link; a read-only data folder: nothing kept, no error).  Derived data: written whole
        (a temporary file renamed over it) but not synced to the disk (issue 26: the fsyncs were
        most of a cold ``stats``' waiting); a crash leaves the old file, none, or one that reads
        as damaged: a miss."""
        import tempfile

        path = self.root / CACHE_FOLDER / name
        data = text.encode() if isinstance(text, str) else text
        try:
            folder = path.parent
            if not folder.is_symlink():
                folder.mkdir(exist_ok=True)
                if not path.is_symlink() and (not path.exists() or path.is_file()):
                    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
                    try:
                        with os.fdopen(fd, "wb") as fh:
                            fh.write(data)
                        os.replace(tmp, path)
                    except BaseException:
                        try:
                            os.unlink(tmp)
                        except OSError:
                            pass
                        raise
        except OSError:  # (a read-only data folder: computed each time)
            pass

    def entries(self) -> list[dict[str, Any]]:
        """Every session's entry.  Finished games come from the index (no replay); an entry whose
        file changed since it was written, a file the index does not know and every unfinished
        session are read from their files, which are the truth — and the index is mended."""
        if not self.sessions_dir.exists() and not self.index_path.exists():
            return []  # nothing to list: nothing is created
        index, conn = self._index()
        scanned, self._scanned = self._scanned, None  # (``stats``: the scan its key was made of)
        out, mend, gone = self._reconcile(index.rows(conn), scanned)
        if mend or gone:
            try:  # if nobody else is writing it; the next listing tries again otherwise
                with index.write(conn, timeout=0.2):
                    self._apply(conn, mend, gone)
            except (RefereeError, OSError):  # locked, read-only …: the next listing mends
                pass
        return sorted(out.values(), key=lambda e: (e.get("created") or "", e.get("id")))
