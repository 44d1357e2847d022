"""The session store.

Layout under the data directory::

    sessions/<id>/session.json   one TinyDB file per session: its metadata, its game record and,
                                 once the game is over, its result (``.bak``: the version before)
    sessions/<id>/lock, owner    held (filelock) while a referee process writes the session, and
                                 the pid of that process
    index.json                   one entry per session (name, game, players, status, final result)

A session *is* its record; everything else is derived from it.  Persisting an action rewrites only
that session's small file, inside that session's own folder, so it costs the same with 1 or 10,000
games in the archive (a write in a folder of 20,000 entries costs 5–15% more at every step); the
index changes only when a session is created, finished, un-finished or deleted.  Stores written by
earlier versions keep their sessions flat (``sessions/<id>.json``, ``.lock``, ``.owner``); those are
read and written where they are.

The session file is always written first and is the truth; the index is a cache of it.  Every
index entry remembers the modification time of the file it describes, so a crash between the two
writes is noticed (and mended) the next time the archive is listed.
"""

from __future__ import annotations

import os
import re
import unicodedata
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator

from filelock import FileLock, Timeout
from tinydb import TinyDB

from referee.core.errors import RefereeError
from referee.store.storage import (
    AtomicJSONStorage, StoreCorrupt, atomic_write, fsync_dir, read_json,
)

LOCK_TIMEOUT = 0.5  # seconds: a second process gives up well within a second
INDEX_TIMEOUT = 10  # seconds: index writes are short; past this another referee is stuck
BATCH = 200  # sessions created per index write (keeps the index lock short)
_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,79}$")


#: the name of a session's file inside its folder
SESSION_FILE = "session.json"

class StoreLocked(RefereeError):
    exit_code = 3


class SessionNotFound(RefereeError):
    exit_code = 1


def default_data_dir() -> Path:
    env = os.environ.get("REFEREE_DATA")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("referee", appauthor=False))


def now() -> str:
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()


def slugify(text: str) -> str:
    ascii_text = unicodedata.normalize("NFKD", text.replace("ł", "l").replace("Ł", "L"))
    ascii_text = ascii_text.encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    return slug[:60] or "game"


def check_name(name: str) -> str:
    """A session's name: one printable line."""
    name = name.strip()
    if not name or not name.isprintable() or len(name) > 200:
        raise RefereeError("core.store.bad_name", name=name[:40].encode("unicode_escape").decode())
    return name


@dataclass
class Session:
    store: "Store"
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

    @property
    def path(self) -> Path:
        return self.store.session_path(self.id)

    @property
    def players(self) -> list[str]:
        return list(self.record.get("players", []))

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
        self.record = record
        self.complete = complete
        self.result = result if complete else None
        self.updated = now()
        with TinyDB(self.path, storage=AtomicJSONStorage) as db:
            db.table("session").upsert(self.document(), cond=lambda d: True)
        if was_complete != complete:
            self.store.index_put(self)

    def close(self) -> None:
        if self._lock is not None:
            self._lock.release()
            try:
                self.store.owner_path(self.id).unlink()
            except OSError:
                pass
            self._lock = None

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class Store:
    def __init__(self, root: Path | None = None) -> None:
        self.root = Path(root) if root is not None else default_data_dir()

    # -- paths
    @property
    def sessions_dir(self) -> Path:
        return self.root / "sessions"

    @property
    def index_path(self) -> Path:
        return self.root / "index.json"

    def session_path(self, sid: str) -> Path:
        """The session's file: ``sessions/<id>/session.json``, or where an earlier version kept
        it (``sessions/<id>.json``)."""
        if not _ID.match(sid):  # an id is never a path: nothing outside the store is touched
            raise SessionNotFound("core.store.not_found", session=sid)
        path = self.sessions_dir / sid / SESSION_FILE
        if not path.exists():
            flat = self.sessions_dir / f"{sid}.json"
            if flat.exists():
                return flat
        return path

    def _beside(self, sid: str, name: str) -> Path:
        """A file kept with the session: ``lock`` or ``owner`` (flat stores: ``<id>.lock`` …)."""
        path = self.session_path(sid)
        return path.with_name(name) if path.name == SESSION_FILE else path.with_suffix(f".{name}")

    def owner_path(self, sid: str) -> Path:
        return self._beside(sid, "owner")

    def _taken(self, sid: str) -> bool:
        """Is there anything of a session ``sid`` (a file, or a folder left by a crash)?"""
        return (self.sessions_dir / sid).exists() or (self.sessions_dir / f"{sid}.json").exists()

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
        atomic_write(self.owner_path(sid), str(os.getpid()), keep_backup=False)
        return lock

    def _owner(self, sid: str) -> str | None:
        try:
            return self.owner_path(sid).read_text().strip() or None
        except OSError:
            return None

    @contextmanager
    def _index_lock(self, timeout: float = INDEX_TIMEOUT) -> Iterator[None]:
        self.ensure()
        lock = FileLock(str(self.root / "index.lock"), timeout=timeout)
        try:
            lock.acquire()
        except Timeout:
            raise StoreLocked("core.store.index_locked", path=str(self.index_path)) from None
        try:
            yield
        finally:
            lock.release()

    # -- index
    def _read_index(self) -> dict[str, dict[str, Any]]:
        data = read_json(self.index_path)
        if data is None:
            return {}
        table = data.get("sessions", {}) if isinstance(data, dict) else None
        if not isinstance(table, dict):
            raise StoreCorrupt(self.index_path, "not a TinyDB document")
        return {str(v.get("id")): v for v in table.values() if isinstance(v, dict)}

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
        with self._index_lock():
            self._index_write({session.id: self._entry(session)}, [])

    def _index_write(self, put: dict[str, dict[str, Any]], remove: list[str]) -> None:
        """Add, replace and remove index entries with one read and one write of the index (the
        caller holds the index lock).  TinyDB's table methods would read and write the whole file
        once per entry, which made importing into a large archive quadratic; the document is the
        same TinyDB table (``{"sessions": {doc_id: entry}}``, new ids after the largest)."""
        storage = AtomicJSONStorage(self.index_path)
        data = storage.read() or {}
        table = data.setdefault("sessions", {})
        if not isinstance(table, dict):
            raise StoreCorrupt(self.index_path, "not a TinyDB document")
        by_id = {v.get("id"): k for k, v in table.items() if isinstance(v, dict)}
        for sid in remove:
            table.pop(by_id.pop(sid, None), None)
        next_id = max((int(k) for k in table if k.isdigit()), default=0) + 1
        for sid, entry in put.items():
            if sid in by_id:
                table[by_id[sid]] = entry
            else:
                table[str(next_id)] = entry
                next_id += 1
        storage.write(data)

    # -- sessions
    def create(self, name: str, game: str, record: dict[str, Any], lang: str,
               complete: bool = False, result: dict[str, Any] | None = None) -> Session:
        """A new session (left open and locked for writing)."""
        return self.create_many([(name, game, record, lang, complete, result)], keep_open=True)[0]

    def unique_name(self, name: str) -> str:
        """``name``, or ``name (2)``, ``name (3)`` … if it is taken (for generated names)."""
        taken = {e.get(k) for e in self.entries() for k in ("name", "id")}
        candidate, k = name, 2
        while candidate in taken:
            candidate, k = f"{name} ({k})", k + 1
        return candidate

    def create_many(self, items: list[tuple[str, str, dict[str, Any], str, bool, Any]],
                    keep_open: bool = False) -> list[Session]:
        """New sessions and their index entries.  Ids are chosen under the index lock, so
        concurrent imports never collide; the index is written once per batch."""
        items = [(check_name(name), *rest) for name, *rest in items]
        existing = self.entries()
        names = {e.get("name") for e in existing}
        ids = {e.get("id") for e in existing}
        for name, *_ in items:
            if name in names:
                raise RefereeError("core.store.name_taken", name=name)
            if name in ids:  # a name that is another session's id would make keys ambiguous
                raise RefereeError("core.store.name_is_id", name=name)
            names.add(name)
        created: list[Session] = []
        try:
            for start in range(0, len(items), BATCH):
                with self._index_lock():
                    taken = set(self._read_index())
                    batch = []
                    for name, game, rec, lang, complete, result in items[start:start + BATCH]:
                        base = slugify(name)
                        sid, k = base, 2
                        while sid in taken or self._taken(sid):
                            sid, k = f"{base}-{k}", k + 1
                        lock = self._lock(sid)
                        stamp = now()
                        session = Session(self, sid, name, game, rec, lang, stamp, stamp, complete,
                                          result if complete else None, lock)
                        created.append(session)
                        batch.append(session)
                        with TinyDB(session.path, storage=AtomicJSONStorage) as db:
                            db.table("session").insert(session.document())
                    self._index_write({s.id: self._entry(s) for s in batch}, [])
        except BaseException:
            for session in created:
                session.close()
            raise
        if not keep_open:
            for session in created:
                session.close()
        return created

    def resolve(self, key: str) -> str:
        """A session id from an id or a name.  An id is found without reading the index (so opening
        a session costs the same in any archive); no name can equal another session's id."""
        if _ID.match(key) and self.session_path(key).exists():
            return key
        for entry in self.entries():
            if entry.get("name") == key:
                return entry["id"]
        raise SessionNotFound("core.store.not_found", session=key)

    def open(self, key: str, write: bool = True) -> Session:
        sid = self.resolve(key)
        lock = self._lock(sid) if write else None
        try:
            return self._load(sid, lock)
        except BaseException:
            if lock is not None:
                lock.release()
            raise

    def _load(self, sid: str, lock: FileLock | None) -> Session:
        path = self.session_path(sid)
        data = read_json(path)
        if data is None:
            raise SessionNotFound("core.store.not_found", session=sid)
        try:
            doc = next(iter(data["session"].values()))
            return Session(self, doc["id"], doc["name"], doc["game"], doc["record"],
                           doc.get("lang", "en"), doc.get("created", ""), doc.get("updated", ""),
                           bool(doc.get("complete")), doc.get("result"), lock,
                           doc["settings"] if isinstance(doc.get("settings"), dict) else {})
        except (KeyError, TypeError, StopIteration, AttributeError):
            raise StoreCorrupt(path, "not a session document") from None

    def delete(self, key: str) -> str:
        sid = self.resolve(key)
        path = self.session_path(sid)
        leftovers = [self.owner_path(sid), self._beside(sid, "lock")]
        lock = self._lock(sid)
        try:
            for item in (path, path.with_name(path.name + ".bak")):
                try:
                    item.unlink()
                except FileNotFoundError:
                    pass
            with self._index_lock():
                self._index_write({}, [sid])
        finally:
            lock.release()
            for leftover in leftovers:
                try:
                    leftover.unlink()
                except OSError:
                    pass
            if path.name == SESSION_FILE:
                try:
                    path.parent.rmdir()
                except OSError:  # something unexpected is in it: leave it
                    pass
        return sid

    def entries(self) -> list[dict[str, Any]]:
        """Every session's entry.  Finished games come from the index (no replay); an entry whose
        file changed since it was written, a file the index does not know and every unfinished
        session are read from their files, which are the truth — and the index is mended."""
        index = self._read_index()
        files: dict[str, int] = {}
        if self.sessions_dir.exists():
            with os.scandir(self.sessions_dir) as it:
                for item in it:
                    if _ID.match(item.name) and item.is_dir(follow_symlinks=False):
                        try:
                            files[item.name] = os.stat(os.path.join(item.path, SESSION_FILE)).st_mtime_ns
                        except OSError:  # a folder without its file (a crash while creating it)
                            pass
                    elif item.name.endswith(".json") and _ID.match(item.name[:-5]):
                        files.setdefault(item.name[:-5], item.stat().st_mtime_ns)  # flat (older)
        out: dict[str, dict[str, Any]] = {}
        mend: dict[str, dict[str, Any]] = {}
        for sid, mtime in files.items():
            entry = index.get(sid)
            if entry is not None and entry.get("complete") and entry.get("mtime") == mtime:
                out[sid] = entry
                continue
            try:
                session = self._load(sid, None)
            except RefereeError:
                continue
            fresh = self._entry(session)
            out[sid] = fresh
            if entry is None or any(entry.get(k) != fresh[k] for k in ("complete", "result", "name")):
                mend[sid] = fresh
        gone = [sid for sid in index if sid not in files]
        if mend or gone:
            self._mend_index(mend, gone)
        return sorted(out.values(), key=lambda e: (e.get("created") or "", e.get("id")))

    def _mend_index(self, put: dict[str, dict[str, Any]], remove: list[str]) -> None:
        """Bring the index back in line with the session files, if nobody else is writing it."""
        try:
            with self._index_lock(timeout=0.2):
                self._index_write(put, remove)
        except (StoreLocked, OSError):
            pass  # the next listing tries again; the answer above is right either way
