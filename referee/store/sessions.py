"""The session store.

Layout under the data directory::

    sessions/<id>.json    one TinyDB file per session: its metadata and its game record
    sessions/<id>.lock    held (filelock) while a referee process writes the session
    index.json            one line per session (name, game, players, status, final result)

A session *is* its record; everything else is derived by replaying it.  Persisting an action
rewrites only that session's small file, so it costs the same with 1 or 10,000 games in the
archive; the index changes only when a session is created, finished, renamed or deleted.
"""

from __future__ import annotations

import os
import re
import unicodedata
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator

from filelock import FileLock, Timeout
from tinydb import TinyDB

from referee.core.errors import RefereeError
from referee.store.storage import AtomicJSONStorage, StoreCorrupt, atomic_write, read_json

LOCK_TIMEOUT = 0.5  # seconds: a second process gives up well within a second


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
    _lock: FileLock | None = field(default=None, repr=False)

    @property
    def path(self) -> Path:
        return self.store.session_path(self.id)

    @property
    def players(self) -> list[str]:
        return list(self.record.get("players", []))

    def document(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "game": self.game, "lang": self.lang,
                "created": self.created, "updated": self.updated, "complete": self.complete,
                "record": self.record}

    def save(self, record: dict[str, Any], *, complete: bool, result: dict[str, Any] | None = None
             ) -> None:
        """Persist the record (atomically) before the next prompt appears."""
        if self._lock is None:
            raise RuntimeError("session opened read-only")
        was_complete = self.complete
        self.record = record
        self.complete = complete
        self.updated = now()
        with TinyDB(self.path, storage=AtomicJSONStorage) as db:
            db.table("session").upsert(self.document(), cond=lambda d: True)
        if was_complete != complete:
            self.store.index_put(self, result)

    def close(self) -> None:
        if self._lock is not None:
            self._lock.release()
            owner = self.store.owner_path(self.id)
            try:
                owner.unlink()
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
        return self.sessions_dir / f"{sid}.json"

    def owner_path(self, sid: str) -> Path:
        return self.sessions_dir / f"{sid}.owner"

    def ensure(self) -> None:
        self.sessions_dir.mkdir(parents=True, exist_ok=True)

    # -- locking
    def _lock(self, sid: str) -> FileLock:
        self.ensure()
        lock = FileLock(str(self.sessions_dir / f"{sid}.lock"), timeout=LOCK_TIMEOUT)
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

    # -- index
    def _read_index(self) -> dict[str, dict[str, Any]]:
        data = read_json(self.index_path)
        if data is None:
            return {}
        table = data.get("sessions", {}) if isinstance(data, dict) else None
        if not isinstance(table, dict):
            raise StoreCorrupt(self.index_path, "not a TinyDB document")
        return {str(v.get("id")): v for v in table.values() if isinstance(v, dict)}

    @staticmethod
    def _entry(session: Session, result: dict[str, Any] | None) -> dict[str, Any]:
        return {
            "id": session.id, "name": session.name, "game": session.game,
            "players": session.players, "created": session.created, "updated": session.updated,
            "complete": session.complete, "result": result,
            "date": str(session.record.get("date") or session.created[:10]),
        }

    def index_put(self, session: Session, result: dict[str, Any] | None) -> None:
        with self._index_lock():
            self._index_write(session.id, self._entry(session, result))

    def _index_write_many(self, entries: dict[str, dict[str, Any]]) -> None:
        """Add index entries (the caller holds the index lock): one write for the batch."""
        with TinyDB(self.index_path, storage=AtomicJSONStorage) as db:
            db.table("sessions").insert_multiple(entries.values())

    def _index_write(self, sid: str, entry: dict[str, Any] | None) -> None:
        """Change one index entry (the caller holds the index lock)."""
        with TinyDB(self.index_path, storage=AtomicJSONStorage) as db:
            table = db.table("sessions")
            doc_id = next((d.doc_id for d in table.all() if d.get("id") == sid), None)
            if entry is None:
                if doc_id is not None:
                    table.remove(doc_ids=[doc_id])
            elif doc_id is None:
                table.insert(entry)
            else:
                table.update(entry, doc_ids=[doc_id])

    # -- sessions
    def _index_lock(self) -> FileLock:
        self.ensure()
        return FileLock(str(self.root / "index.lock"), timeout=30)

    def create(self, name: str, game: str, record: dict[str, Any], lang: str,
               complete: bool = False, result: dict[str, Any] | None = None) -> Session:
        """A new session (left open and locked for writing)."""
        return self.create_many([(name, game, record, lang, complete, result)], keep_open=True)[0]

    def create_many(self, items: list[tuple[str, str, dict[str, Any], str, bool, Any]],
                    keep_open: bool = False) -> list[Session]:
        """New sessions, their files, and one index update for all of them.  Ids are chosen under
        the index lock, so concurrent imports never collide; the index is written once per batch,
        so importing a large archive does not rewrite the index once per game."""
        created: list[Session] = []
        with self._index_lock():
            existing = self._read_index()
            names = {e.get("name") for e in existing.values()}
            for name, *_ in items:
                if name in names:
                    raise RefereeError("core.store.name_taken", name=name)
                names.add(name)
            try:
                for name, game, rec, lang, complete, result in items:
                    base = slugify(name)
                    sid = base
                    k = 2
                    while sid in existing or self.session_path(sid).exists():
                        sid = f"{base}-{k}"
                        k += 1
                    lock = self._lock(sid)
                    stamp = now()
                    session = Session(self, sid, name, game, rec, lang, stamp, stamp, complete, lock)
                    created.append(session)
                    with TinyDB(session.path, storage=AtomicJSONStorage) as db:
                        db.table("session").insert(session.document())
                    existing[sid] = self._entry(session, result)
                self._index_write_many({s.id: existing[s.id] for s in created})
            except BaseException:
                for session in created:
                    session.close()
                raise
        if not keep_open:
            for session in created:
                session.close()
        return created

    def resolve(self, key: str) -> str:
        """A session id from an id or a name."""
        index = self._read_index()
        if key in index or self.session_path(key).exists():
            return key
        for sid, entry in index.items():
            if entry.get("name") == key:
                return sid
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
                           bool(doc.get("complete")), lock)
        except (KeyError, TypeError, StopIteration, AttributeError):
            raise StoreCorrupt(path, "not a session document") from None

    def delete(self, key: str) -> str:
        sid = self.resolve(key)
        lock = self._lock(sid)
        try:
            for suffix in (".json", ".json.bak"):
                try:
                    (self.sessions_dir / f"{sid}{suffix}").unlink()
                except FileNotFoundError:
                    pass
            with self._index_lock():
                self._index_write(sid, None)
        finally:
            lock.release()
            try:
                self.owner_path(sid).unlink()
            except OSError:
                pass
        return sid

    def entries(self) -> list[dict[str, Any]]:
        """Every session's index entry (sessions missing from the index are read directly)."""
        index = self._read_index()
        if self.sessions_dir.exists():
            for path in self.sessions_dir.glob("*.json"):
                sid = path.stem
                if sid not in index:
                    try:
                        s = self._load(sid, None)
                    except RefereeError:
                        continue
                    index[sid] = {"id": s.id, "name": s.name, "game": s.game,
                                  "players": s.players, "created": s.created,
                                  "updated": s.updated, "complete": s.complete, "result": None}
        return sorted(index.values(), key=lambda e: (e.get("created") or "", e.get("id")))

    def iter_sessions(self) -> Iterator[Session]:
        for entry in self.entries():
            try:
                yield self._load(entry["id"], None)
            except SessionNotFound:
                continue
