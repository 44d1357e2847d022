"""The archive index (``index.sqlite``): flat, a cache of the session files, safe between processes."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time

import pytest

from referee.core import registry
from referee.core.errors import RefereeError
from referee.store.sessions import SessionNotFound, Store
from referee.store.storage import IndexCorrupt, StoreCorrupt
from tests.conftest import EXAMPLES, ROOT

PY = sys.executable
ENV = {**os.environ, "COLUMNS": "200", "PYTHONPATH": str(ROOT), "REFEREE_LANG": "en"}
RECORD = json.loads((EXAMPLES / "two-players.json").read_text(encoding="utf-8"))
GAME = registry.find("na-grunwald")
#: the record's result (a stored result is checked against its record)
RESULT = GAME.result_summary(GAME.parse_record(RECORD).replay()[0])


def referee(root, *args):
    return subprocess.run([PY, "-m", "referee", "--data-dir", str(root), *args], capture_output=True,
                          text=True, env=ENV, timeout=120)


def rows(root):
    with sqlite3.connect(root / "index.sqlite") as db:
        return {r[0]: (r[1], r[2]) for r in db.execute("SELECT id, name, name_key FROM sessions")}


def files(root):
    return {p.relative_to(root): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def archive(root, n=5):
    store = Store(root)
    store.create_many([(f"game {i}", "na-grunwald", RECORD, "en", i % 2 == 0, RESULT) for i in range(n)])
    return store


def test_create_resolve_and_delete_never_scan_the_archive(tmp_path, monkeypatch):
    """Flat: once the index exists, nothing but listing reads every session."""
    archive(tmp_path).entries()

    def scan(self):
        raise AssertionError("scanned every session")

    monkeypatch.setattr(Store, "_files", scan)
    store = Store(tmp_path)
    assert store.unique_name("game 1") == "game 1 (2)" and store.unique_name("fresh") == "fresh"
    store.create("fresh", "na-grunwald", RECORD, "en").close()
    store.create_many([("more", "na-grunwald", RECORD, "en", False, None)])
    assert store.resolve("game 3") == "game-3" and store.resolve("fresh") == "fresh"
    with pytest.raises(RefereeError) as info:
        store.create("game 2", "na-grunwald", RECORD, "en")
    assert info.value.key == "core.store.name_taken"
    assert store.delete("game 4") == "game-4"
    with store.open("more") as s:
        s.save(RECORD, complete=True, result=RESULT)  # the index learns the game is over
    monkeypatch.undo()
    entries = {e["id"]: e for e in Store(tmp_path).entries()}
    assert set(entries) == {"game-0", "game-1", "game-2", "game-3", "fresh", "more"}
    assert entries["more"]["complete"] and entries["more"]["result"] == RESULT


CREATOR = r"""
import sys, time
from pathlib import Path
from referee.core.errors import RefereeError
from referee.store.sessions import Store
import json
record = json.loads(Path(sys.argv[2]).read_text())
store = Store(Path(sys.argv[1]))
store.entries()
while time.time() < float(sys.argv[3]):
    pass
for i in range(15):
    try:
        store.create(f"same {i}", "na-grunwald", record, "en").close()
        print("ok", i, flush=True)
    except RefereeError as exc:
        print(exc.key, i, flush=True)
"""


@pytest.mark.slow
def test_two_processes_creating_the_same_names_one_wins_each(tmp_path):
    Store(tmp_path).entries()
    start = str(time.time() + 1.5)
    procs = [subprocess.Popen([PY, "-c", CREATOR, str(tmp_path), str(EXAMPLES / "two-players.json"), start],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)
             for _ in range(2)]
    outs = []
    for p in procs:
        out, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
        outs.append(out.split("\n"))
    for i in range(15):
        results = sorted(line.split()[0] for out in outs for line in out if line.endswith(f" {i}"))
        assert results == ["core.store.name_taken", "ok"], (i, results)
    names = [e["name"] for e in Store(tmp_path).entries()]
    assert sorted(names) == sorted(f"same {i}" for i in range(15))


@pytest.mark.slow
def test_two_referees_creating_one_name_at_once(tmp_path):
    assert referee(tmp_path, "list").returncode == 0
    cmd = [PY, "-m", "referee", "--data-dir", str(tmp_path), "new", "--players", "Ala,Bob", "--name",
           "Friday", "--no-play"]
    procs = [subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)
             for _ in range(2)]
    done = sorted((p.wait(timeout=120), p.stderr.read()) for p in procs)
    assert [code for code, _ in done] == [0, 1], done
    assert done[1][1].strip() == ('referee: a session named "Friday" already exists; choose another '
                                  'name with --name')
    assert [e["name"] for e in Store(tmp_path).entries()] == ["Friday"]


def test_a_damaged_index_changes_nothing_and_says_what_to_do(tmp_path):
    archive(tmp_path)
    index = tmp_path / "index.sqlite"
    for damage in (b"not a database", b"SQLite format 3\x00" + b"\x07" * 300):
        index.write_bytes(damage)
        before = files(tmp_path)
        store = Store(tmp_path)
        for action in (lambda: store.create("new", "na-grunwald", RECORD, "en"),
                       lambda: store.create_many([("new", "na-grunwald", RECORD, "en", False, None)]),
                       lambda: store.delete("game-1"), store.entries, lambda: store.resolve("game 1"),
                       lambda: store.unique_name("x")):
            with pytest.raises(IndexCorrupt) as info:
                action()
            assert isinstance(info.value, StoreCorrupt) and info.value.exit_code == 3
            text = info.value.render("en")
            assert str(index) in text and "delete it" in text and "\n" not in text
            assert files(tmp_path) == before
        with store.open("game-1") as s:  # a session named by its id needs no index
            assert s.name == "game 1"
            s.save(RECORD, complete=False)  # a save that leaves the index alone works
            during = files(tmp_path)
            with pytest.raises(IndexCorrupt):  # finishing the game changes the index: stopped first
                s.save(RECORD, complete=True, result=RESULT)
            assert files(tmp_path) == during
        before = files(tmp_path)
        r = referee(tmp_path, "new", "--players", "A,B", "--no-play")
        assert r.returncode == 3 and "delete it" in r.stderr and len(r.stderr.splitlines()) == 1
        assert files(tmp_path) == before
    index.unlink()  # what the message says to do
    assert len(Store(tmp_path).entries()) == 5


def test_the_index_is_built_again_when_deleted(tmp_path):
    store = archive(tmp_path)
    (tmp_path / "index.sqlite").unlink()
    assert store.resolve("game 2") == "game-2"  # the same Store notices the file is gone
    assert set(rows(tmp_path)) == {f"game-{i}" for i in range(5)}
    (tmp_path / "index.sqlite").unlink()
    with pytest.raises(RefereeError) as info:
        Store(tmp_path).create("game 3", "na-grunwald", RECORD, "en")
    assert info.value.key == "core.store.name_taken"
    entries = Store(tmp_path).entries()
    assert [e["complete"] for e in entries] == [True, False, True, False, True]
    assert entries[0]["result"] == RESULT


def old_store(tmp_path):
    """A store as an earlier version wrote it: flat ``sessions/<id>.json`` and ``index.json``."""
    new = tmp_path / "new"
    archive(new, 3)
    old = tmp_path / "old"
    (old / "sessions").mkdir(parents=True)
    table = {}
    for k, folder in enumerate(sorted((new / "sessions").iterdir()), 1):
        shutil.copy(folder / "session.json", old / "sessions" / f"{folder.name}.json")
        doc = next(iter(json.loads((folder / "session.json").read_text())["session"].values()))
        table[str(k)] = {"id": doc["id"], "name": doc["name"], "complete": doc["complete"]}
    (old / "index.json").write_text(json.dumps({"sessions": table}))
    return old


def test_a_store_of_an_earlier_version_lists_and_opens(tmp_path):
    old = old_store(tmp_path)
    legacy = (old / "index.json").read_bytes()
    store = Store(old)
    assert [(e["id"], e["complete"]) for e in store.entries()] == [
        ("game-0", True), ("game-1", False), ("game-2", True)]
    with store.open("game 1") as s:
        s.save(RECORD, complete=True, result=RESULT)
    assert all(e["complete"] for e in Store(old).entries())
    with pytest.raises(RefereeError):
        store.create("game 2", "na-grunwald", RECORD, "en")
    store.create("game 3", "na-grunwald", RECORD, "en").close()
    assert store.delete("game 0") == "game-0"
    assert sorted(p.name for p in (old / "sessions").iterdir()) == [
        "game-1.json", "game-1.json.bak", "game-1.lock", "game-2.json", "game-3"]
    assert (old / "index.json").read_bytes() == legacy  # left in place, unused
    assert set(rows(old)) == {"game-1", "game-2", "game-3"}


def test_sessions_sharing_a_name_still_list(tmp_path):
    """Files may share a name (copied by hand, or from an earlier version, whose check was outside
    the lock): the index is still built, the oldest holds the name, nothing is lost."""
    old = old_store(tmp_path)
    doc = json.loads((old / "sessions" / "game-1.json").read_text())
    inner = next(iter(doc["session"].values()))
    inner.update(id="game-1-copy", created="2099-01-01T00:00:00+00:00")
    (old / "sessions" / "game-1-copy.json").write_text(json.dumps(doc))
    store = Store(old)
    assert [e["name"] for e in store.entries()] == ["game 0", "game 1", "game 2", "game 1"]
    assert rows(old)["game-1"] == ("game 1", "game 1") and rows(old)["game-1-copy"] == ("game 1", None)
    assert store.resolve("game 1") == "game-1"
    store.delete("game-1")
    assert store.resolve("game 1") == "game-1-copy"
    with pytest.raises(RefereeError):
        store.create("game 1", "na-grunwald", RECORD, "en")


def test_a_writer_that_died_before_its_commit_is_caught_up(tmp_path, monkeypatch):
    """The session files are written before the index commits; if the process dies in between,
    the next writer learns them from the files first, so their names stay taken."""
    from referee.store.index import Index

    archive(tmp_path, 2)
    real_put = Index.put

    def dying(conn, entry, claim=True):
        real_put(conn, entry, claim)
        raise SystemExit(9)

    monkeypatch.setattr(Index, "put", staticmethod(dying))
    with pytest.raises(SystemExit):
        Store(tmp_path).create("lost", "na-grunwald", RECORD, "en")
    monkeypatch.undo()
    assert (tmp_path / "sessions" / "lost" / "session.json").exists() and "lost" not in rows(tmp_path)
    assert [p.name for p in tmp_path.glob(".index-pending-*")]
    with pytest.raises(RefereeError) as info:
        Store(tmp_path).create("lost", "na-grunwald", RECORD, "en")
    assert info.value.key == "core.store.name_taken"
    Store(tmp_path).create("found", "na-grunwald", RECORD, "en").close()
    assert {"lost", "found"} <= set(rows(tmp_path)) and not list(tmp_path.glob(".index-pending-*"))


def test_a_row_whose_file_is_gone_does_not_hold_its_name(tmp_path):
    store = archive(tmp_path, 2)
    shutil.rmtree(tmp_path / "sessions" / "game-1")  # as if a delete died before its commit
    with pytest.raises(SessionNotFound):
        store.resolve("game 1")
    store.create("game 1", "na-grunwald", RECORD, "en").close()
    assert rows(tmp_path)["game-1"] == ("game 1", "game 1")


def test_help_and_show_by_id_do_not_load_sqlite(tmp_path):
    archive(tmp_path, 1)
    for args in (["--help"], ["--data-dir", str(tmp_path), "show", "game-0"]):
        r = subprocess.run([PY, "-X", "importtime", "-m", "referee", *args], capture_output=True,
                           text=True, env=ENV)
        assert r.returncode == 0 and "sqlite3" not in r.stderr, args


def test_reading_an_empty_data_folder_creates_nothing(tmp_path):
    store = Store(tmp_path / "nowhere")
    assert store.entries() == []
    with pytest.raises(SessionNotFound):
        store.resolve("some name")
    assert not (tmp_path / "nowhere").exists()
