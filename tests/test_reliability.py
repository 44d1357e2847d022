"""Crash safety, one writer at a time, corruption detection and hostile input — with real processes."""

from __future__ import annotations

import json
import os
import pty
import random
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cli.app import main
from referee.core import jsonio
from referee.games.grunwald import bot, record
from referee.store.sessions import Store
from tests.conftest import EXAMPLES, ROOT

PY = sys.executable
ENV = {**os.environ, "COLUMNS": "200", "PYTHONPATH": str(ROOT), "REFEREE_LANG": "en"}

WRITER = r"""
import random, sys, time
from pathlib import Path
from referee.games.grunwald import bot, record
from referee.store.sessions import Store

root, seed = Path(sys.argv[1]), int(sys.argv[2])
players = ["Marek", "Jacek", "Kasia"]
_, actions = bot.play_sensible_game(players, random.Random(seed))
store = Store(root)
with store.open("game") as session:
    done = len(record.parse_record(session.record).replay()[1])
    while done < len(actions):
        done += 1
        session.save(record.write_record(players, actions[:done], {}), complete=False)
        print(done, flush=True)
        time.sleep(0.002)  # a (very) fast table
"""


def check_store(root: Path) -> dict[str, int]:
    """The store loads and every session replays to a legal state; returns entries per session."""
    store = Store(root)
    counts = {}
    for entry in store.entries():
        s = store.open(entry["id"], write=False)
        counts[s.id] = len(record.parse_record(s.record).replay()[1])
    return counts


@pytest.mark.slow
def test_sigkill_while_writing_actions_loses_at_most_the_action_in_flight(tmp_path):
    seed = 11
    players = ["Marek", "Jacek", "Kasia"]
    _, actions = bot.play_sensible_game(players, random.Random(seed))
    store = Store(tmp_path)
    store.create("game", "na-grunwald", record.write_record(players, [], {}), "en").close()
    rng = random.Random(1)
    kills = 0
    while kills < 35:
        proc = subprocess.Popen([PY, "-c", WRITER, str(tmp_path), str(seed)], stdout=subprocess.PIPE,
                                text=True, env=ENV)
        acknowledged = None
        deadline = time.monotonic() + rng.uniform(0.2, 0.6)
        while time.monotonic() < deadline:
            ready, _, _ = select.select([proc.stdout], [], [], 0.01)
            if ready:
                line = proc.stdout.readline()
                if not line:
                    break
                acknowledged = int(line)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        while (line := proc.stdout.readline()):
            acknowledged = int(line)  # printed before the kill, read late
        kills += 1
        saved = check_store(tmp_path)["game"]
        if acknowledged is not None:
            assert saved in (acknowledged, acknowledged + 1)
        s = store.open("game", write=False)
        assert record.write_record(players, actions[:saved], {}) == s.record
        if saved == len(actions):  # the whole game is saved: start it again
            with store.open("game") as session:
                session.save(record.write_record(players, [], {}), complete=False)


@pytest.mark.slow
def test_sigkill_during_imports_leaves_a_loadable_store(tmp_path):
    files = []
    for i in range(40):
        _, actions = bot.play_random_game(["Ola", "Bartek"], random.Random(i), stop_after=25)
        path = tmp_path / f"g{i:03d}.json"
        path.write_text(jsonio.dumps_pretty(record.write_record(["Ola", "Bartek"], actions, {})))
        files.append(path)
    data = tmp_path / "data"
    rng = random.Random(2)
    for kill in range(50):  # a real `referee import`, killed 50 times at random moments
        batch = rng.sample(files, 8)
        proc = subprocess.Popen([PY, "-m", "referee", "--data-dir", str(data), "import", *map(str, batch)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
        time.sleep(rng.uniform(0.15, 0.6))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        counts = check_store(data)
        for sid, n in counts.items():
            assert n == 25, sid
    r = subprocess.run([PY, "-m", "referee", "--data-dir", str(data), "list", "--json"],
                       capture_output=True, text=True, env=ENV)
    assert r.returncode == 0 and len(json.loads(r.stdout)) == len(check_store(data))


@pytest.mark.slow
def test_two_processes_import_200_records_each_at_the_same_time(tmp_path):
    groups = []
    for g in range(2):
        folder = tmp_path / f"batch{g}"
        folder.mkdir()
        for i in range(200):
            _, actions = bot.play_random_game(["Ola", "Bartek"], random.Random(1000 * g + i), stop_after=12)
            (folder / f"b{g}-{i:03d}.json").write_text(
                jsonio.dumps_pretty(record.write_record(["Ola", "Bartek"], actions, {})))
        groups.append(sorted(folder.glob("*.json")))
    data = tmp_path / "data"
    procs = [subprocess.Popen([PY, "-m", "referee", "--data-dir", str(data), "import", *map(str, files)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=ENV)
             for files in groups]
    for p in procs:
        _, err = p.communicate(timeout=600)
        assert p.returncode == 0, err
    counts = check_store(data)
    assert len(counts) == 400 and set(counts.values()) == {12}
    import sqlite3

    with sqlite3.connect(data / "index.sqlite") as db:
        assert db.execute("SELECT count(*), count(DISTINCT name_key) FROM sessions").fetchone() == (400, 400)


@pytest.mark.slow
def test_corrupt_store_files_are_reported_and_never_overwritten(tmp_path):
    Store(tmp_path)
    for name in ("two-players.json", "in-progress-three-players.json"):
        r = subprocess.run([PY, "-m", "referee", "--data-dir", str(tmp_path), "import", str(EXAMPLES / name)],
                           capture_output=True, text=True, env=ENV)
        assert r.returncode == 0, r.stderr
    session_file = tmp_path / "sessions" / "in-progress-three-players" / "session.json"
    # a second save leaves a .bak of the previous version
    subprocess.run([PY, "-m", "referee", "--data-dir", str(tmp_path), "undo", "--yes", "in-progress-three-players"],
                   capture_output=True, env=ENV, check=True)
    assert session_file.with_name("session.json.bak").exists()
    broken = session_file.read_bytes()[:200]
    session_file.write_bytes(broken)
    for args in (["show", "in-progress-three-players"], ["undo", "in-progress-three-players"],
                 ["export", "in-progress-three-players"]):
        r = subprocess.run([PY, "-m", "referee", "--data-dir", str(tmp_path), *args],
                           capture_output=True, text=True, env=ENV)
        assert r.returncode == 3, (args, r.stderr)
        assert str(session_file) in r.stderr and ".bak" in r.stderr and "Traceback" not in r.stderr
        assert len(r.stderr.strip().splitlines()) == 1
        assert session_file.read_bytes() == broken
    index = tmp_path / "index.sqlite"
    index.write_text("not json at all")
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    for args in (["list"], ["import", str(EXAMPLES / "three-players.json")], ["stats"],
                 ["new", "--players", "A,B", "--no-play"], ["delete", "--yes", "two-players"],
                 ["show", "Ala"]):
        r = subprocess.run([PY, "-m", "referee", "--data-dir", str(tmp_path), *args],
                           capture_output=True, text=True, env=ENV)
        assert r.returncode == 3 and str(index) in r.stderr, (args, r.stderr)
        assert "delete it" in r.stderr and len(r.stderr.strip().splitlines()) == 1
        assert index.read_text() == "not json at all"
        assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before  # nothing written
    assert not (tmp_path / "sessions" / "three-players").exists()


# --- hostile input ----------------------------------------------------------------------------


def run_main(args, capsys):
    try:
        main(args)
        code = 0
    except SystemExit as exc:
        code = exc.code
    out = capsys.readouterr()
    return code, out.out, out.err


def assert_clean_failure(code, err):
    assert code == 1, (code, err)
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("referee: "), err


EXAMPLE = json.loads((EXAMPLES / "four-players.json").read_text(encoding="utf-8"))


def _paths(doc, prefix=()):
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield prefix + (k,)
            yield from _paths(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield prefix + (i,)
            yield from _paths(v, prefix + (i,))


PATHS = list(_paths(EXAMPLE))
WEIRD = st.one_of(st.none(), st.booleans(), st.integers(min_value=-10**30, max_value=10**30),
                  st.floats(allow_nan=False), st.text(max_size=20), st.lists(st.integers(-3, 9), max_size=4),
                  st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
                  st.sampled_from(["crown:7", "teuton:0", "peasant", "camp/crown:3", "hand/", "provisions:0",
                                   "Marek\u0000", "Zbyszko", "", "\u202e", "teutons", "officer"]))


def mutate(data, rng_ops, paths=None):
    """A copy of ``data`` with the operations applied at places among ``paths`` (its own)."""
    paths = paths if paths is not None else list(_paths(data))
    doc = json.loads(json.dumps(data))
    for op, index, value in rng_ops:
        path = paths[index % len(paths)]
        parent = doc
        try:
            for key in path[:-1]:
                parent = parent[key]
            last = path[-1]
            if op == "delete":
                del parent[last]
            elif op == "set":
                parent[last] = value
            elif op == "add" and isinstance(parent, dict):
                parent[str(value)[:8] or "x"] = value
        except (KeyError, IndexError, TypeError):
            continue
    return doc


ops = st.lists(st.tuples(st.sampled_from(["delete", "set", "add"]), st.integers(0, 10**6), WEIRD),
               min_size=1, max_size=4)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops)
def test_fuzz_replay_and_import_of_mutated_records(tmp_path, capsys, operations):
    doc = mutate(EXAMPLE, operations, PATHS)
    path = tmp_path / "fuzz.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, out, err = run_main(["replay", "--json", str(path)], capsys)
    if code == 0:
        json.loads(out)
    else:
        assert_clean_failure(code, err)
    import tempfile

    data = Path(tempfile.mkdtemp(dir=tmp_path))
    code2, _, err2 = run_main(["--data-dir", str(data), "import", "--name", "x", str(path)], capsys)
    assert code2 == code, err2
    if code2:
        assert_clean_failure(code2, err2)
        assert not (data / "sessions").exists() or not list((data / "sessions").rglob("*.json"))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(json_values, st.sampled_from(["replay", "score"]))
def test_fuzz_arbitrary_json_documents(tmp_path, capsys, value, command):
    path = tmp_path / "doc.json"
    if isinstance(value, dict) and command == "score":
        value = {"game": "na-grunwald", "format": 1, **value}
    path.write_text(json.dumps(value), encoding="utf-8")
    code, _, err = run_main([command, str(path)], capsys)
    if code:
        assert_clean_failure(code, err)


@pytest.mark.parametrize("content", [
    b"", b"   \n", b"\xff\xfe\x00\x00binary", b"[" * 50_000 + b"]" * 50_000,
    b'{"game": "na-grunwald", "format": 1, "players": ["A", "A"], "rounds": []}',
    b'{"game": "na-grunwald", "format": 1, "players": ["A", "B"], "rounds": [], "rounds": []}',
    b'{"game": "na-grunwald", "format": 1, "players": ["A", "B"], "rounds": [{"reveal": {"crown": [1' + b"0" * 5000 + b', 1]}}]}',
    b'{"game": "na-grunwald", "format": 1, "players": ["A", "B"], "rounds": [{"reveal": {"crown": [-3, 1], "mercenary": [1, 1], "provisions": [1], "ducats": [1]}}]}',
    b'{"game": "na-grunwald", "format": 1, "players": ["A\\u0007", "B"], "rounds": []}',
    b'{"game": "na-grunwald", "format": 1, "players": ["A", "B"], "rounds": [], "feeding": 7}',
])
@pytest.mark.parametrize("command", ["replay", "score", "import"])
def test_hostile_files(tmp_path, capsys, content, command):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    data = tmp_path / "data"
    args = ["--data-dir", str(data), command, str(path)]
    code, _, err = run_main(args, capsys)
    assert_clean_failure(code, err)
    assert not (data / "sessions").exists() or not list((data / "sessions").rglob("*.json"))


@pytest.mark.parametrize("command", ["replay", "score", "import"])
def test_missing_files_directories_and_a_100_mb_file(tmp_path, capsys, command):
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:
        fh.truncate(100 * 1024 * 1024)  # sparse: 100 MB without writing them
    for target, fragment in ((tmp_path / "missing.json", "no such file"), (tmp_path, "directory"),
                             (big, "too large")):
        code, _, err = run_main(["--data-dir", str(tmp_path / "data"), command, str(target)], capsys)
        assert_clean_failure(code, err)
        assert fragment in err


@pytest.mark.slow
def test_sighup_from_a_closed_terminal_leaves_the_session_resumable(tmp_path):
    store = Store(tmp_path)
    players = ["Ola", "Bartek"]
    store.create("game", "na-grunwald", record.write_record(players, [], {}), "en").close()
    pid, fd = pty.fork()
    if pid == 0:  # the child: a referee in a terminal
        os.environ.update({"COLUMNS": "120", "LINES": "40", "TERM": "xterm", "PYTHONPATH": str(ROOT),
                           "REFEREE_LANG": "en"})
        os.execv(PY, [PY, "-m", "referee", "--data-dir", str(tmp_path), "play", "game"])

    def read_until(text: str, timeout: float = 20) -> str:
        buffer = b""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    break
                buffer += chunk
                if text.encode() in buffer:
                    return buffer.decode(errors="replace")
        raise AssertionError(f"{text!r} not seen in {buffer[-500:]!r}")

    try:
        for prompt, answer in (("two crown knights", "5 2"), ("two mercenaries", "6 1"),
                               ("provision card", "5 3"), ("ducat card", "4 3 2")):
            read_until(prompt)
            os.write(fd, answer.encode() + b"\r")
        read_until("where do you place")
        os.kill(pid, signal.SIGHUP)
        _, _status = os.waitpid(pid, 0)
    finally:
        os.close(fd)
    s = store.open("game")  # the lock is free again
    state, steps = record.parse_record(s.record).replay()
    s.close()
    assert len(steps) == 1 and state.reveal.crown == (5, 2)
