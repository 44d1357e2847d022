"""Issue 24, the store's own files as an attacker or an accident leaves them (faults 1, 2, 3, 5, 6,
7 and 9): each test failed before its fix.  A damaged or foreign store file is detected and
reported (exit 3, named), never followed, never trusted, and never takes the rest of the archive
down with it.  (The fuzzer over all of it: tests/test_store_fuzz.py, slow.)"""

from __future__ import annotations

import errno
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from referee.core import registry
from referee.core.errors import RefereeError
from referee.core.service import SessionService
from referee.store.files import MAX_SESSION_BYTES, StoreLink
from referee.store.sessions import Store
from tests.conftest import EXAMPLES, ROOT

ENV = {**os.environ, "COLUMNS": "120", "PYTHONPATH": str(ROOT), "REFEREE_LANG": "en"}
LIVE = "in-progress-three-players"
DONE = "two-players"


def run(root, *args, timeout=30):
    """The real command in a child process; a hang fails the test (never waits for ever)."""
    try:
        return subprocess.run([sys.executable, "-m", "referee", "--data-dir", str(root),
                               *map(str, args)], capture_output=True, text=True, env=ENV,
                              timeout=timeout, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        pytest.fail(f"referee {' '.join(map(str, args))} hangs")


def main(root, *args):
    """The command in this process (quicker; only where nothing can hang): its exit code."""
    from referee.cli.app import main as referee_main

    try:
        referee_main(["--data-dir", str(root), *map(str, args)])
    except SystemExit as exit_:
        return exit_.code or 0
    return 0


@pytest.fixture
def root(tmp_path):
    """A data folder with an unfinished and a finished session."""
    data = tmp_path / "data"
    assert main(data, "import", EXAMPLES / f"{LIVE}.json", EXAMPLES / f"{DONE}.json") == 0
    return data


def session_file(root, sid):
    return root / "sessions" / sid / "session.json"


def snapshot(folder):
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(Path(folder).rglob("*"))
            if p.is_file() and not p.is_symlink()}


def listed(root, capsys):
    capsys.readouterr()
    assert main(root, "list", "--json") == 0
    return {r["id"]: r for r in json.loads(capsys.readouterr().out)}


def edit(path, change):
    data = json.loads(path.read_text())
    change(next(iter(data["session"].values())))
    path.write_text(json.dumps(data))


# 1. A session folder copied under a new name is damaged, never written (nor the original)

def test_a_copied_session_folder_never_writes_the_originals_file(root, capsys):
    shutil.copytree(session_file(root, LIVE).parent, root / "sessions" / "copy")
    before = snapshot(root / "sessions")
    assert main(root, "undo", "copy", "--yes") == 3
    err = capsys.readouterr().err
    assert str(session_file(root, "copy")) in err and len(err.strip().splitlines()) == 1
    with pytest.raises(RefereeError) as raised:  # play: the session is never opened
        SessionService(Store(root)).open_live("copy")
    assert raised.value.exit_code == 3
    assert snapshot(root / "sessions") == before
    rows = listed(root, capsys)
    assert rows["copy"].get("error") and not rows[LIVE].get("error")


# 2. No store file is ever followed when it is a link, and "nothing was changed" is true

def _foreign_database(path):
    """Another program's database, with a ``sessions`` table shaped like the index's."""
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE sessions (id TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL, "
                   "name_key TEXT UNIQUE, game TEXT NOT NULL, players TEXT NOT NULL, "
                   "created TEXT NOT NULL, updated TEXT NOT NULL, complete INTEGER NOT NULL, "
                   "result TEXT, date TEXT NOT NULL, mtime INTEGER)")
        db.execute("INSERT INTO sessions VALUES ('precious', 'p', 'p', 'g', '[]', '', '', 0, "
                   "NULL, '', NULL)")
    db.close()


@pytest.mark.parametrize("command", [["list"], ["delete", DONE, "--yes"],
                                     ["new", "--players", "Ala,Bob", "--no-play"]])
def test_a_linked_index_is_never_followed(root, tmp_path, capsys, command):
    foreign = tmp_path / "foreign.sqlite"
    _foreign_database(foreign)
    (root / "index.sqlite").unlink()
    (root / "index.sqlite").symlink_to(foreign)
    before, sessions = foreign.read_bytes(), snapshot(root / "sessions")
    assert main(root, *command) == 3
    assert "symbolic link" in capsys.readouterr().err
    assert foreign.read_bytes() == before and snapshot(root / "sessions") == sessions


def test_a_linked_journal_is_never_followed(root, tmp_path, capsys):
    victim = tmp_path / "victim"
    victim.write_bytes(b"precious")
    (root / "index.sqlite-journal").symlink_to(victim)
    sessions = snapshot(root / "sessions")
    assert main(root, "delete", DONE, "--yes") == 3
    assert "index.sqlite-journal is a symbolic link" in capsys.readouterr().err
    assert victim.read_bytes() == b"precious" and snapshot(root / "sessions") == sessions


def test_a_foreign_database_in_the_index_place_is_never_changed(root, capsys):
    (root / "index.sqlite").unlink()
    _foreign_database(root / "index.sqlite")
    with sqlite3.connect(root / "index.sqlite") as db:
        db.execute("CREATE TABLE other (x)")
    db.close()
    before = (root / "index.sqlite").read_bytes()
    assert main(root, "list") == 3
    assert "not an index of the referee" in capsys.readouterr().err
    assert (root / "index.sqlite").read_bytes() == before


def test_a_linked_card_table_or_its_folder_is_never_followed(tmp_path):
    from referee.store.cards import read_cards, write_cards

    game = registry.find("medieval-battle")
    cards = json.loads((EXAMPLES / "medieval" / "standard-map.json").read_text())["cards"]
    victim = tmp_path / "victim.json"
    victim.write_text(json.dumps(cards))
    data = tmp_path / "data"
    (data / "cards").mkdir(parents=True)
    (data / "cards" / "medieval.json").symlink_to(victim)
    with pytest.raises(StoreLink):
        read_cards(game, data)
    with pytest.raises(StoreLink):
        write_cards(game, data, cards)
    outside = tmp_path / "outside"
    outside.mkdir()
    shutil.rmtree(data / "cards")
    (data / "cards").symlink_to(outside, target_is_directory=True)
    with pytest.raises(StoreLink):
        write_cards(game, data, cards)
    assert list(outside.iterdir()) == [] and victim.read_text() == json.dumps(cards)


@pytest.mark.parametrize("name", ["owner", "session.json.bak", "lock"])
def test_a_sessions_linked_side_file_is_never_followed(root, tmp_path, name):
    victim = tmp_path / "victim"
    victim.write_bytes(b"precious")
    side = session_file(root, LIVE).with_name(name)
    side.unlink(missing_ok=True)
    side.symlink_to(victim)
    code = main(root, "undo", LIVE, "--yes")
    assert victim.read_bytes() == b"precious"
    assert code in (0, 3)


# 3. export -o refuses every file the store owns

@pytest.mark.parametrize("target", ["cards/medieval.json", "index.sqlite-journal", "index.sqlite",
                                    f"sessions/{LIVE}/session.json.bak", "cards", "."])
def test_export_refuses_every_file_the_store_owns(root, capsys, target):
    (root / "cards").mkdir(exist_ok=True)
    (root / "cards" / "medieval.json").write_text("{}")
    before = snapshot(root)
    assert main(root, "export", LIVE, "-o", root / target) == 2
    assert "store's own files" in capsys.readouterr().err
    assert snapshot(root) == before
    assert main(root, "export", LIVE, "-o", root / "mine.json") == 0  # beside the store: fine


# 5. Content that parses but is wrong: that one session is damaged, the others list

WRONG = {
    "name a number": lambda d: d.update(name=5),
    "record a list": lambda d: d.update(record=[]),
    "complete a string": lambda d: d.update(complete="yes"),
    "result a list": lambda d: d.update(result=[1]),
    "settings a list": lambda d: d.update(settings=[]),
    "unknown language": lambda d: d.update(lang="xx"),
    "players a number": lambda d: d["record"].update(players=7),
    "an entry an object": lambda d: d["record"]["rounds"].append({"x": {"y": [1]}}),
    "deeply nested": lambda d: d["record"].update(extra=json.loads("[" * 5000 + "]" * 5000)),
    "a result for a game not over": lambda d: d.update(complete=True, result={
        "winners": [], "players": {}}),
}


@pytest.mark.parametrize("wrong", list(WRONG))
def test_wrong_content_is_one_damaged_session(root, capsys, wrong):
    sid = LIVE
    path = session_file(root, sid)
    if "deeply" in wrong:
        data = json.loads(path.read_text())
        doc = next(iter(data["session"].values()))
        path.write_text(json.dumps(data)[:-2] + ', "deep": ' + "[" * 5000 + "]" * 5000 + "}}}")
        assert doc  # (the document, nested far deeper than any session)
    else:
        edit(path, WRONG[wrong])
    rows = listed(root, capsys)
    assert rows[sid].get("error") and not rows[DONE if sid == LIVE else LIVE].get("error")
    for command in (["show", sid], ["export", sid], ["undo", sid, "--yes"]):
        assert main(root, *command) == 3, command
        err = capsys.readouterr().err
        assert str(path) in err and len(err.strip().splitlines()) == 1, err
    assert main(root, "stats", "--json") == 0
    stats = json.loads(capsys.readouterr().out)
    # (an unfinished game counts nowhere in any case: named when its file cannot be read)
    assert stats["damaged"] in ([sid], [])
    assert stats["games"]["na-grunwald"]["games"] == 1


@pytest.mark.parametrize("copy", ["index deleted", "file changed"])
def test_a_stored_result_never_shows_a_wrong_winner(root, capsys, copy):
    """The result of a finished game comes from its record, whatever its file says of it."""
    path = session_file(root, DONE)
    capsys.readouterr()
    assert main(root, "show", DONE, "--json") == 0
    winners = json.loads(capsys.readouterr().out)["winners"]
    loser = next(p for p in ("Ola", "Bartek") if p not in winners)
    edit(path, lambda d: d["result"].update(winners=[loser]))
    if copy == "index deleted":
        (root / "index.sqlite").unlink()
    rows = listed(root, capsys)
    assert rows[DONE]["winners"] == winners and not rows[DONE].get("error")
    assert main(root, "stats", "--json") == 0
    figures = json.loads(capsys.readouterr().out)["games"]["na-grunwald"]["players"]
    assert figures[loser]["wins"] == 0 and figures[winners[0]]["wins"] == 1
    assert main(root, "show", DONE, "--json") == 0
    assert json.loads(capsys.readouterr().out)["winners"] == winners


def test_a_damaged_index_row_is_read_from_its_file_and_mended(root, capsys):
    with sqlite3.connect(root / "index.sqlite") as db:
        db.execute("UPDATE sessions SET players = 'not json', result = '[1' WHERE id = ?", (DONE,))
    db.close()
    rows = listed(root, capsys)
    assert not rows[DONE].get("error") and rows[DONE]["players"] == ["Ola", "Bartek"]
    with sqlite3.connect(root / "index.sqlite") as db:  # mended
        assert json.loads(db.execute("SELECT players FROM sessions WHERE id = ?",
                                     (DONE,)).fetchone()[0]) == ["Ola", "Bartek"]
    db.close()
    with sqlite3.connect(root / "index.sqlite") as db:  # a result that is not a result
        db.execute("UPDATE sessions SET result = '{\"winners\": [\"Nobody\"]}' WHERE id = ?", (DONE,))
    db.close()
    assert main(root, "stats", "--json") == 0
    assert json.loads(capsys.readouterr().out)["games"]["na-grunwald"]["games"] == 1


# 6. A session's files replaced by a FIFO (or another non-regular file) never hang a command

@pytest.mark.parametrize("name", ["session.json", "../../index.sqlite", *(  # (the other files: CI's slow checks)
    pytest.param(n, marks=pytest.mark.slow) for n in ("owner", "lock", "session.json.bak",
                                                      "../../index.sqlite-journal"))])
def test_a_fifo_in_the_store_never_hangs(root, name):
    path = (session_file(root, LIVE).parent / name).resolve()
    if path.exists():
        path.unlink()
    os.mkfifo(path)
    for command in (["list"], ["stats"], ["show", LIVE], ["undo", LIVE, "--yes"], ["export", LIVE, "--format", "md"],
                    ["delete", LIVE, "--yes"]):
        done = run(root, *command, timeout=20)
        assert done.returncode in (0, 3), (command, done.stderr)
        assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) <= 1


def test_a_folder_in_a_session_files_place_is_damage(root, capsys):
    path = session_file(root, LIVE)
    path.unlink()
    path.mkdir()
    assert listed(root, capsys)[LIVE].get("error")
    assert main(root, "show", LIVE) == 3


# 7. Size limits, set from the largest legitimate session

def test_the_size_limit_is_far_above_a_100_round_four_player_war_chest_game():
    """Measured: one 4-player War Chest game (random legal entries) as its session file, with
    names of 100 characters; 100 rounds of it, ten times over, still fit under the limit."""
    import random

    from referee.games.warchest import bot, engine, record

    game = registry.find("war-chest")
    names = [c * 100 for c in "ABCD"]
    state = engine.new_state(names, record.setup_of({}))
    rng, actions = random.Random(1), []
    while not engine.is_over(state) and len(actions) < 2000:
        action = bot.random_action(state, rng)
        engine.apply(state, action)
        actions.append(action)
    doc = game.write_record(names, actions, {})
    size = len(json.dumps({"session": {"1": {"record": doc}}}, ensure_ascii=False))
    rounds = state.round if hasattr(state, "round") else len(actions) / 16
    assert size / rounds * 100 * 10 < MAX_SESSION_BYTES, (size, rounds)


def test_a_huge_sparse_session_file_is_refused_before_reading(root, capsys):
    path = session_file(root, LIVE)
    with open(path, "r+b") as fh:
        fh.truncate(1 << 30)
    start = time.monotonic()
    assert listed(root, capsys)[LIVE].get("error")
    assert main(root, "show", LIVE) == 3
    assert "larger than" in capsys.readouterr().err
    assert time.monotonic() - start < 5


# 9. delete: all or nothing, on a full disk too; a re-run finishes an interrupted one

def test_delete_works_on_a_full_disk(root, capsys, monkeypatch):
    from referee.store import index as index_module

    def full(*_, **__):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    real_write = index_module.Index.write

    def write(self, conn, timeout=None):  # SQLite's journal cannot be written either
        raise RefereeError("core.store.unusable", path=str(self.path),
                           detail="database or disk is full")

    monkeypatch.setattr("referee.store.sessions.atomic_write", full)
    monkeypatch.setattr(index_module.Index, "write", write)
    assert main(root, "delete", DONE, "--yes") == 0, capsys.readouterr().err
    assert not (root / "sessions" / DONE).exists()
    monkeypatch.setattr(index_module.Index, "write", real_write)
    assert set(listed(root, capsys)) == {LIVE}  # the row left behind is ignored, then mended
    with sqlite3.connect(root / "index.sqlite") as db:
        assert [r[0] for r in db.execute("SELECT id FROM sessions")] == [LIVE]
    db.close()


@pytest.mark.parametrize("key", [DONE, DONE.replace("-", " ")])
def test_running_an_interrupted_delete_again_finishes_it(root, capsys, key):
    """Killed after the session's file went: its .bak, lock, folder and index row are left."""
    if key != DONE:  # (by its name)
        edit(session_file(root, DONE), lambda d: d.update(name=key))
        listed(root, capsys)
    folder = session_file(root, DONE).parent
    shutil.copy(folder / "session.json", folder / "session.json.bak")
    (folder / "lock").write_text("")
    (folder / "session.json").unlink()
    capsys.readouterr()
    assert main(root, "delete", key, "--yes") == 0, capsys.readouterr().err
    assert DONE in capsys.readouterr().out
    assert not folder.exists()
    with sqlite3.connect(root / "index.sqlite") as db:
        assert [r[0] for r in db.execute("SELECT id FROM sessions")] == [LIVE]
    db.close()
