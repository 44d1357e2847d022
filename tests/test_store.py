"""The store's keys, names and index: found in review, kept by these tests."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from referee.cli import commands
from referee.core import registry
from referee.core.errors import RefereeError
from referee.store.sessions import SessionNotFound, Store
from tests.conftest import EXAMPLES, ROOT


def index_rows(root):
    """The archive index's rows, read straight from ``index.sqlite``."""
    import sqlite3

    with sqlite3.connect(root / "index.sqlite") as db:
        db.row_factory = sqlite3.Row
        return {r["id"]: dict(r) for r in db.execute("SELECT * FROM sessions")}


def referee(tmp_path, *args, **kw):
    return subprocess.run([sys.executable, "-m", "referee", "--data-dir", str(tmp_path / "data"), *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=60,
                          env={**os.environ, "COLUMNS": "200", "REFEREE_LANG": "en"}, **kw)


def test_a_session_key_is_never_a_path(tmp_path):
    victim = tmp_path / "victim.json"
    victim.write_text("{}")
    store = Store(tmp_path / "data")
    commands.import_records(store, [EXAMPLES / "two-players.json"], None, None, "en")
    for key in (str(tmp_path / "victim"), "../index", "../sessions/two-players", ""):
        with pytest.raises(SessionNotFound):
            store.delete(key)
    assert victim.exists() and (tmp_path / "data" / "index.sqlite").exists()
    assert [e["id"] for e in store.entries()] == ["two-players"]


def test_a_name_cannot_be_another_sessions_id(tmp_path):
    store = Store(tmp_path)
    commands.import_records(store, [EXAMPLES / "two-players.json"], "2026-11-22 Ala, Bob", None, "en")
    with pytest.raises(RefereeError) as info:
        commands.import_records(store, [EXAMPLES / "three-players.json"], "2026-11-22-ala-bob", None, "en")
    assert info.value.key == "core.store.name_is_id"


def test_same_day_rematch_gets_a_numbered_name(tmp_path):
    r1 = referee(tmp_path, "new", "--players", "Ala,Bob", "--no-play")
    r2 = referee(tmp_path, "new", "--players", "Ala,Bob", "--no-play")
    assert r1.returncode == 0 and r2.returncode == 0, r2.stderr
    names = [e["name"] for e in json.loads(referee(tmp_path, "list", "--json").stdout)]
    assert names[1] == names[0] + " (2)"


def test_index_is_mended_after_a_crash_between_the_two_writes(tmp_path, monkeypatch):
    store = Store(tmp_path)
    commands.import_records(store, [EXAMPLES / "two-players.json"], None, None, "en")
    # the session file is written, then the process "dies" before the index is updated
    monkeypatch.setattr(Store, "index_put", lambda self, session: (_ for _ in ()).throw(SystemExit(9)))
    with pytest.raises(SystemExit):
        commands.undo(store, "two-players", 2, False, "en")
    monkeypatch.undo()
    entry = next(e for e in store.entries() if e["id"] == "two-players")
    assert entry["complete"] is False and entry["result"] is None  # read from the file, the truth
    assert index_rows(tmp_path)["two-players"]["complete"] == 0  # and the index was mended


def test_sessions_missing_from_the_index_still_count(tmp_path):
    store = Store(tmp_path)
    commands.import_records(store, [EXAMPLES / "two-players.json", EXAMPLES / "four-players.json"],
                            None, None, "en")
    (tmp_path / "index.sqlite").unlink()
    entries = {e["id"]: e for e in store.entries()}  # the index is built again from the files
    assert set(index_rows(tmp_path)) == {"two-players", "four-players"}
    assert entries["four-players"]["complete"] and entries["four-players"]["result"]["winners"] == ["Marek"]
    with pytest.raises(RefereeError):  # the name is still taken, even though the index forgot it
        # (another record: the same one again is found already imported, see test_data_and_security)
        commands.import_records(store, [EXAMPLES / "three-players.json"], "two-players", None, "en")


@pytest.mark.parametrize("args, fragment, code", [
    (["export", "two-players", "--format", "md", "-o", "/nonexistent/x.md"], "cannot write", 1),
    pytest.param(["new", "--players", "A,B", "--game", "chess", "--no-play"], "unknown game", 2,
                 marks=pytest.mark.slow),
    (["stats", "--game", "chess"], "unknown game", 2),
    pytest.param(["new", "--players", "A,B", "--name", "two\nlines", "--no-play"],
                 "cannot be a session name", 1, marks=pytest.mark.slow),
])
def test_environment_and_input_problems_are_one_line(tmp_path, args, fragment, code):
    """Exit 1 for what the input or the machine says no to, 2 for an option that cannot be."""
    assert referee(tmp_path, "import", str(EXAMPLES / "two-players.json")).returncode == 0
    r = referee(tmp_path, *args)
    assert r.returncode == code, r.stderr
    assert fragment in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_data_dir_that_is_a_file(tmp_path):
    (tmp_path / "data").write_text("not a folder")
    r = referee(tmp_path, "new", "--players", "A,B", "--no-play")
    assert r.returncode == 1 and "cannot use" in r.stderr


def test_lone_surrogates_are_refused(tmp_path):
    text = (EXAMPLES / "two-players.json").read_text().replace('"date": "2026-10-03"', '"date": "\\ud800"')
    path = tmp_path / "bad.json"
    path.write_text(text)
    for command in ("replay", "import"):
        r = referee(tmp_path, command, str(path))
        assert r.returncode == 1 and "surrogate" in r.stderr


def test_exports_are_ordinary_files_and_follow_links(tmp_path):
    assert referee(tmp_path, "import", str(EXAMPLES / "two-players.json")).returncode == 0
    real = tmp_path / "real.html"
    real.write_text("old")
    link = tmp_path / "link.html"
    link.symlink_to(real)
    old_umask = os.umask(0o022)
    os.umask(old_umask)
    r = referee(tmp_path, "export", "two-players", "--format", "html", "-o", str(link))
    assert r.returncode == 0, r.stderr
    assert link.is_symlink() and real.read_text().startswith("<!DOCTYPE html>")
    assert oct(real.stat().st_mode & 0o777) == oct(0o666 & ~old_umask)


def test_a_batch_writes_the_index_once(tmp_path, monkeypatch):
    """Importing into a large archive must not write the index once per record (it did, through
    TinyDB's per-entry inserts: 10,000 records took 38 minutes): one transaction per batch."""
    import sqlite3

    from referee.store import storage

    store = Store(tmp_path)
    store.ensure()
    assert store.entries() == [] and (tmp_path / "index.sqlite").exists()  # the (empty) index is built here
    record = json.loads((EXAMPLES / "two-players.json").read_text(encoding="utf-8"))
    writes, statements = [], []
    real_write, real_connect = storage.AtomicJSONStorage.write, sqlite3.connect

    def counting(self, data):
        writes.append(self.path.name)
        return real_write(self, data)

    def connect(*args, **kw):
        conn = real_connect(*args, **kw)
        conn.set_trace_callback(statements.append)
        return conn

    monkeypatch.setattr(storage.AtomicJSONStorage, "write", counting)
    monkeypatch.setattr(sqlite3, "connect", connect)
    store = Store(tmp_path)
    store.create_many([(f"g{i}", "na-grunwald", record, "en", False, None) for i in range(30)])
    assert len(writes) == 30 and set(writes) == {"session.json"}  # the session files only
    transactions = [s for s in statements if s.startswith(("BEGIN", "COMMIT", "PRAGMA user_version ="))]
    assert transactions == ["BEGIN IMMEDIATE", "COMMIT"]  # and the index once
    assert len(index_rows(tmp_path)) == 30
    assert len(store.entries()) == 30
    store.delete("g3")
    assert {e["name"] for e in store.entries()} == {f"g{i}" for i in range(30)} - {"g3"}
    store.create_many([("again", "na-grunwald", record, "en", False, None)])
    ids = [e["id"] for e in store.entries()]
    assert len(ids) == len(set(ids)) == 30


def test_no_temporary_link_is_left_when_the_backup_is_already_this_version(tmp_path):
    """After a crash between updating the backup and replacing the file, both names are links to
    one file; rename() then does nothing, and the temporary link must still go."""
    import os

    from referee.store.storage import atomic_write

    path = tmp_path / "s.json"
    atomic_write(path, "1")
    os.link(path, tmp_path / "s.json.bak.x")
    os.replace(tmp_path / "s.json.bak.x", tmp_path / "s.json.bak")  # the crash window's state
    for text in ("2", "3"):
        atomic_write(path, text)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.json", "s.json.bak"]
    assert path.read_text() == "3" and (tmp_path / "s.json.bak").read_text() == "2"


def test_each_session_has_its_own_folder_and_flat_stores_still_work(tmp_path):
    """A save touches only the session's own small folder (flat persistence, issue 6); a store
    written by an earlier version (``sessions/<id>.json``) is read, written and listed in place."""
    import shutil

    store = Store(tmp_path)
    record = json.loads((EXAMPLES / "two-players.json").read_text(encoding="utf-8"))
    with store.create("new one", "na-grunwald", record, "en") as s:
        s.save(record, complete=False)
    folder = tmp_path / "sessions" / "new-one"
    assert sorted(p.name for p in folder.iterdir()) == ["lock", "session.json", "session.json.bak"]
    # an older store: the same session kept flat
    old = tmp_path / "old"
    (old / "sessions").mkdir(parents=True)
    shutil.copy(folder / "session.json", old / "sessions" / "new-one.json")
    flat = Store(old)
    assert [e["id"] for e in flat.entries()] == ["new-one"]
    with flat.open("new one") as s:
        # (the result the record gives: a stored result is checked against its record)
        game = registry.find("na-grunwald")
        s.save(record, complete=True,
               result=game.result_summary(game.parse_record(record).replay()[0]))
    assert sorted(p.name for p in (old / "sessions").iterdir()) == [
        "new-one.json", "new-one.json.bak", "new-one.lock"]
    assert flat.entries()[0]["complete"]
    flat.delete("new-one")
    assert sorted(p.name for p in (old / "sessions").iterdir()) == []
    store.delete("new one")
    assert not folder.exists() and store.entries() == []


def test_a_save_reads_back_only_a_file_changed_behind_the_lock(tmp_path, monkeypatch):
    """Issue 27: a save does not read back (and check again) the session file it read or wrote
    itself, under its lock: the same file, whole, as a fresh read gives it.  A file changed by
    someone else since (another version, an editor) is read and checked before it is
    replaced: a damaged one is reported, never overwritten."""
    from referee.store import storage
    from referee.store.storage import StoreCorrupt

    reads = []
    read = storage.read_json
    monkeypatch.setattr(storage, "read_json", lambda path: reads.append(path) or read(path))
    store = Store(tmp_path)
    record = json.loads((EXAMPLES / "two-players.json").read_text(encoding="utf-8"))
    game = registry.find("na-grunwald")
    actions = [s.action for s in game.parse_record(record).replay()[1]]
    players = game.parse_record(record).players
    with store.create("g", "na-grunwald", game.write_record(players, [], {}), "en") as s:
        reads.clear()  # (a new file: TinyDB looks for it first)
        for n in range(1, 4):  # written by create, then by each save: never read back
            s.settings["n"] = n
            s.save(game.write_record(players, actions[:n], {}), complete=False)
    assert reads == []
    with store.open("g", write=False) as fresh:
        assert fresh.record == game.write_record(players, actions[:3], {})
        assert fresh.settings["n"] == 3
    with store.open("g") as s:  # opened (read and checked once), then saved: not read again
        reads.clear()
        s.save(game.write_record(players, actions[:4], {}), complete=False)
        assert reads == []
        path = s.path
        # changed behind the lock's back, the same size (another inode): read before the save
        text = path.read_text(encoding="utf-8")
        other = path.with_name("other")
        other.write_text(text, encoding="utf-8")
        os.replace(other, path)
        s.save(game.write_record(players, actions[:5], {}), complete=False)
        assert reads == [path]
        reads.clear()
        s.save(game.write_record(players, actions[:6], {}), complete=False)  # its own again
        assert reads == []
        damaged = '{"session": {"1": {"id": ' + " " * 20  # damaged in place
        with open(path, "r+", encoding="utf-8") as f:
            f.write(damaged)
        with pytest.raises(StoreCorrupt):
            s.save(game.write_record(players, actions[:7], {}), complete=False)
        assert path.read_text(encoding="utf-8").startswith(damaged)  # left as it was


def test_a_session_file_is_written_as_json_writes_it(tmp_path):
    """Issue 27: the session document is serialised by orjson, to the text ``json`` gives
    (compact, not ASCII-escaped), for every example record; what orjson refuses still goes
    through ``json``."""
    from referee.store.storage import document_text

    for path in sorted(EXAMPLES.rglob("*.json")):
        record = json.loads(path.read_text(encoding="utf-8"))
        doc = {"session": {"1": {"id": "x", "name": "Łódź — gra ½ “x” \u2028", "record": record,
                                 "settings": {"times": {"entries": [None, "2026-01-01T00:00:00"]}},
                                 "complete": False, "result": None}}}
        assert document_text(doc) == json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
    odd = {"session": {"1": {"n": {1: 2**70}}}}  # (orjson refuses both: json writes them)
    assert document_text(odd) == json.dumps(odd, ensure_ascii=False, separators=(",", ":"))
