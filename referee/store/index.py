"""The archive index: ``index.sqlite``, a SQLite cache of the session files.

One row per session (id, name, game, players, created, updated, complete, result, date and the
session file's ``mtime_ns``).  Finding a name, creating and deleting a session touch a few rows of
a B-tree, so they cost the same in an empty store and in one of 10,000 games; ``list`` and
``stats`` read every row in one query.

Uniqueness comes from the database: ``id`` is the primary key and ``name_key`` (the name, for the
session that holds it) is UNIQUE.  Writers take SQLite's write lock (``BEGIN IMMEDIATE``) for the
whole check-and-create, so two processes creating the same name cannot both succeed; a second
writer waits (busy timeout) instead of failing.  ``name`` itself is not unique only because files
written by earlier versions (or copied in by hand) may share a name: the first keeps the claim,
the others are listed with ``name_key`` NULL.

This module is imported only where the index is used (``referee --help`` never loads ``sqlite3``).
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import repeat
from pathlib import Path
from typing import Any

from referee.core.errors import RefereeError
from referee.store.files import StoreCorrupt, bad_results, check_kind
from referee.store.storage import IndexCorrupt, StoreLocked

INDEX_FILE = "index.sqlite"
#: the index and the files SQLite keeps beside it (none is ever followed if it is a link)
SIDE_FILES = ("", "-journal", "-wal", "-shm")
#: ``PRAGMA user_version`` of a complete index; 0 means it has still to be built from the files
VERSION = 1
COLUMNS = ("id", "name", "game", "players", "created", "updated", "complete", "result", "date",
           "mtime")

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS sessions (
        id TEXT PRIMARY KEY NOT NULL,
        name TEXT NOT NULL,
        name_key TEXT UNIQUE,
        game TEXT NOT NULL,
        players TEXT NOT NULL,
        created TEXT NOT NULL,
        updated TEXT NOT NULL,
        complete INTEGER NOT NULL,
        result TEXT,
        date TEXT NOT NULL,
        mtime INTEGER)""",
    "CREATE INDEX IF NOT EXISTS sessions_by_name ON sessions (name)",
)

_UPSERT = (
    "INSERT INTO sessions (id, name, name_key, game, players, created, updated, complete, result, "
    "date, mtime) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET "
    "name = excluded.name, name_key = excluded.name_key, game = excluded.game, "
    "players = excluded.players, created = excluded.created, updated = excluded.updated, "
    "complete = excluded.complete, result = excluded.result, date = excluded.date, "
    "mtime = excluded.mtime"
)


_BAD = object()


def _loads(text: Any) -> Any:
    import orjson

    try:
        return orjson.loads(text)
    except (ValueError, TypeError):
        return _BAD


def _row_ok(row: tuple[Any, ...], players: Any, result: Any) -> bool:
    """Are a row's values of the types the index writes (its result, if any, on a finished
    game's row; its shape is ``files.results_ok``'s, checked for all the rows at once)?"""
    return (type(row[1]) is str and type(row[2]) is str and type(row[4]) is str
            and type(row[5]) is str and type(row[8]) is str and row[6] in (0, 1)
            and (row[9] is None or type(row[9]) is int) and isinstance(players, list)
            and all(map(isinstance, players, repeat(str))) and (result is not None) == bool(row[6]))


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class Index:
    """One store's index; the connection is kept while the file is the same file."""

    def __init__(self, root: Path, timeout: float) -> None:
        self.path = root / INDEX_FILE
        self.timeout = timeout
        self._conn: sqlite3.Connection | None = None
        self._ident: tuple[int, int] | None = None
        self._guard = threading.RLock()

    # -- errors
    @contextmanager
    def errors(self) -> Iterator[None]:
        """SQLite's errors as the store's: busy → in use (exit 3), unreadable → damaged (exit 3,
        naming the file and saying it can be deleted), the disk or folder → unusable (exit 1)."""
        try:
            yield
        except sqlite3.OperationalError as exc:
            text = str(exc)
            if "locked" in text or "busy" in text:

                raise StoreLocked("core.store.index_locked", path=str(self.path)) from None
            if any(w in text for w in ("disk is full", "unable to open", "readonly", "disk I/O")):
                raise RefereeError("core.store.unusable", path=str(self.path), detail=text) from None
            raise IndexCorrupt(self.path, text) from None
        except sqlite3.DatabaseError as exc:  # not a database, malformed …
            raise IndexCorrupt(self.path, str(exc)) from None

    # -- connection
    def check_files(self) -> None:
        """The index and SQLite's files beside it (its journal …) are regular files or absent:
        a link is never followed (``StoreLink``: SQLite would write through it), a FIFO never
        waited on (``IndexCorrupt``).  Checked before every connection and every write."""
        for suffix in SIDE_FILES:
            path = Path(f"{self.path}{suffix}")
            try:
                check_kind(path)
            except StoreCorrupt as error:
                raise IndexCorrupt(path, error.params.get("detail", "")) from None

    def _stat(self) -> tuple[int, int] | None:
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            return None
        return st.st_dev, st.st_ino

    def connect(self, build: Any) -> sqlite3.Connection:
        """The connection, checked: a file that is not this index raises ``IndexCorrupt`` before
        anything is written; a missing or unfinished index is built by ``build(conn)`` (called
        inside the write transaction) from the session files."""
        with self._guard:
            self.check_files()
            ident = self._stat()
            if self._conn is not None and ident is not None and ident == self._ident:
                return self._conn
            self.close()
            with self.errors():
                conn = sqlite3.connect(str(self.path), timeout=self.timeout, isolation_level=None,
                                       check_same_thread=False)
                try:
                    if self._version(conn) != VERSION:
                        self._build(conn, build)
                    conn.execute(f"SELECT {', '.join(COLUMNS)}, name_key FROM sessions LIMIT 0")
                except BaseException:
                    conn.close()
                    raise
            self._conn, self._ident = conn, self._stat()
            return conn

    def _version(self, conn: sqlite3.Connection) -> int:
        version: int = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > VERSION:
            raise IndexCorrupt(self.path, f"written by a newer referee (version {version})")
        return version

    def _build(self, conn: sqlite3.Connection, build: Any) -> None:
        conn.execute("BEGIN IMMEDIATE")
        try:
            if self._version(conn) != VERSION:  # nobody built it while this one waited
                foreign = [n for (n,) in conn.execute("SELECT name FROM sqlite_master")
                           if n not in ("sessions", "sessions_by_name")
                           and not n.startswith("sqlite_autoindex_sessions")]
                columns = {r[1] for r in conn.execute("PRAGMA table_info(sessions)")}
                if columns and columns != {*COLUMNS, "name_key"}:
                    foreign.append("sessions")
                if foreign:  # another program's database: never changed (nor its rows deleted)
                    raise IndexCorrupt(self.path, "not an index of the referee")
                for statement in SCHEMA:
                    conn.execute(statement)
                conn.execute("DELETE FROM sessions")
                build(conn)
                conn.execute(f"PRAGMA user_version = {VERSION}")
            conn.execute("COMMIT")
        except BaseException:
            self._rollback(conn)
            raise

    @staticmethod
    def _rollback(conn: sqlite3.Connection) -> None:
        if conn.in_transaction:
            try:
                conn.execute("ROLLBACK")
            except sqlite3.Error:
                pass

    def close(self) -> None:
        if self._conn is not None:
            try:
                self._conn.close()
            except sqlite3.Error:
                pass
        self._conn = self._ident = None

    @contextmanager
    def write(self, conn: sqlite3.Connection, timeout: float | None = None
              ) -> Iterator[sqlite3.Connection]:
        """One write transaction (SQLite's write lock is held from its start: check and write
        happen together); rolled back on any error."""
        with self._guard, self.errors():
            self.check_files()  # (a journal made a link since the connection was opened)
            if timeout is not None:
                conn.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
            try:
                conn.execute("BEGIN IMMEDIATE")
                try:
                    yield conn
                    conn.execute("COMMIT")
                except BaseException:
                    self._rollback(conn)
                    raise
            finally:
                if timeout is not None:
                    conn.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")

    # -- reading
    def rows(self, conn: sqlite3.Connection) -> dict[str, dict[str, Any]]:
        """Every row, checked: a row whose values have the wrong types (a damaged or edited index)
        is ``{"id": id, "bad": True}`` (its file is read instead, and the row mended)."""
        with self._guard, self.errors():
            rows = conn.execute(f"SELECT {', '.join(COLUMNS)} FROM sessions").fetchall()
        # one decode for all the players and one for all the results, by orjson: at 10,000 rows
        # this is most of what ``list`` and ``stats`` spend here
        import orjson

        try:
            players = orjson.loads("[" + ",".join(r[3] for r in rows) + "]")
            results = orjson.loads("[" + ",".join(r[7] or "null" for r in rows) + "]")
            if len(players) != len(rows) or len(results) != len(rows):
                raise ValueError
        except (ValueError, TypeError):  # a damaged row: each is decoded alone
            players, results = [], []
            for r in rows:
                players.append(_loads(r[3]))
                results.append(_loads(r[7]) if r[7] is not None else None)
        ok = list(map(_row_ok, rows, players, results))
        # every finished row's result checked, by every listing (whatever the data folder's other
        # files say): all at once, the few damaged ones found by halving
        finished = [i for i, good in enumerate(ok) if good and results[i] is not None]
        for i in bad_results([results[i] for i in finished], [players[i] for i in finished]):
            ok[finished[i]] = False
        out: dict[str, dict[str, Any]] = {}
        for r, p, res, good in zip(rows, players, results, ok):
            if type(r[0]) is str:
                out[r[0]] = ({"id": r[0], "name": r[1], "game": r[2], "players": p, "created": r[4],
                              "updated": r[5], "complete": bool(r[6]), "result": res,
                              "date": r[8], "mtime": r[9]}
                             if good else {"id": r[0], "bad": True})
        return out

    @staticmethod
    def holder(conn: sqlite3.Connection, name: str) -> str | None:
        """The id of the session that holds ``name``."""
        row = conn.execute("SELECT id FROM sessions WHERE name_key = ?", (name,)).fetchone()
        return row[0] if row else None

    @staticmethod
    def named(conn: sqlite3.Connection, name: str) -> list[str]:
        """The ids of every session called ``name`` (oldest first)."""
        return [r[0] for r in conn.execute(
            "SELECT id FROM sessions WHERE name = ? ORDER BY created, id", (name,))]

    @staticmethod
    def newest(conn: sqlite3.Connection, count: int) -> list[str]:
        """The ids of the ``count`` sessions created last, the newest first (as ``entries``
        orders them: by creation, then id)."""
        return [r[0] for r in conn.execute(
            "SELECT id FROM sessions ORDER BY created DESC, id DESC LIMIT ?", (count,))]

    @staticmethod
    def has_id(conn: sqlite3.Connection, sid: str) -> bool:
        return conn.execute("SELECT 1 FROM sessions WHERE id = ?", (sid,)).fetchone() is not None

    @staticmethod
    def key_taken(conn: sqlite3.Connection, key: str) -> bool:
        """Is ``key`` a session's id or name?"""
        return conn.execute("SELECT 1 FROM sessions WHERE id = ?1 OR name = ?1 LIMIT 1",
                            (key,)).fetchone() is not None

    # -- writing (inside ``write``)
    @staticmethod
    def put(conn: sqlite3.Connection, entry: dict[str, Any], claim: bool = True) -> bool:
        """Add or replace a session's row; it claims its name unless another session holds it
        (``claim=False``: never, i.e. a duplicate).  Returns whether it holds its name."""
        name = str(entry["name"])
        values = [entry["id"], name, name, str(entry["game"] or ""), _dumps(entry["players"] or []),
                  entry["created"] or "", entry["updated"] or "", int(bool(entry["complete"])),
                  None if entry["result"] is None else _dumps(entry["result"]), entry["date"] or "",
                  entry["mtime"]]
        if claim:
            try:
                conn.execute(_UPSERT, values)
                return True
            except sqlite3.IntegrityError:  # another session holds the name
                pass
        values[2] = None
        conn.execute(_UPSERT, values)
        return False

    @staticmethod
    def remove(conn: sqlite3.Connection, ids: list[str]) -> None:
        conn.executemany("DELETE FROM sessions WHERE id = ?", [(sid,) for sid in ids])
