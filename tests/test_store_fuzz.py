"""Issue 24, the proof: the store fuzzed (slow).  Hypothesis changes the session document's
structure (any value of any type at any of its keys, keys taken away or added, nesting) or puts
another kind of file in place of a store file (a FIFO, a link out of the data folder, a folder,
a huge sparse file, an empty one, bytes that are not JSON, another owner), then runs every
command (list, stats, show, play without a terminal, undo, export, delete) in a child process
with a timeout.  Each either works or reports the damaged session in one line with its exit
code, never hangs, never writes outside the data folder, and leaves the other session usable."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.store.files import MAX_SESSION_BYTES
from tests.conftest import EXAMPLES, ROOT

ENV = {**os.environ, "COLUMNS": "120", "PYTHONPATH": str(ROOT), "REFEREE_LANG": "en"}
LIVE, DONE = "in-progress-three-players", "two-players"
TIMEOUT = 30

pytestmark = pytest.mark.slow


def run(root, *args):
    try:
        return subprocess.run([sys.executable, "-m", "referee", "--data-dir", str(root),
                               *map(str, args)], capture_output=True, text=True, env=ENV,
                              timeout=TIMEOUT, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        pytest.fail(f"referee {' '.join(map(str, args))} hangs")


#: runs the commands one after the other in one child process (one start instead of one each);
#: the child's timeout still catches any hang
CHILD = """
import contextlib, io, json, sys
from referee.cli.app import main
out = []
for args in json.loads(sys.argv[1]):
    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        try:
            main(args)
            code = 0
        except SystemExit as exit_:
            code = exit_.code or 0
    out.append([code, stdout.getvalue(), stderr.getvalue()])
sys.stdout.write(json.dumps(out))
"""


def run_all(root, commands):
    """``(exit code, stdout, stderr)`` of each command, run in order in one child process."""
    args = [["--data-dir", str(root), *map(str, c)] for c in commands]
    try:
        done = subprocess.run([sys.executable, "-c", CHILD, json.dumps(args)], capture_output=True,
                              text=True, env=ENV, timeout=TIMEOUT * 2, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        pytest.fail(f"one of {commands} hangs")
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    return [subprocess.CompletedProcess(c, code, out, err)
            for c, (code, out, err) in zip(commands, json.loads(done.stdout))]


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    root = tmp_path_factory.mktemp("template") / "data"
    done = run(root, "import", EXAMPLES / f"{LIVE}.json", EXAMPLES / f"{DONE}.json")
    assert done.returncode == 0, done.stderr
    (root / "cards").mkdir()
    cards = json.loads((EXAMPLES / "medieval" / "standard-map.json").read_text())["cards"]
    (root / "cards" / "medieval.json").write_text(json.dumps(cards))
    return root


def snapshot(folder):
    out = {}
    for p in sorted(Path(folder).rglob("*")):
        if p.is_symlink():
            out[str(p)] = ("link", os.readlink(p))
        elif p.is_file():
            out[str(p)] = p.read_bytes()
        else:
            out[str(p)] = "dir"
    return out


# -- what is changed

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12)

KEYS = ["id", "name", "game", "lang", "created", "updated", "complete", "result", "settings",
        "record", "record.players", "record.rounds", "record.game", "record.format",
        "record.rounds.0", "record.rounds.-1", "result.winners", "result.players",
        "settings.hints", "settings.pending"]

FILES = ["session.json", "session.json.bak", "lock", "owner", "../../index.sqlite",
         "../../index.sqlite-journal", "../../cards/medieval.json"]
KINDS = ["fifo", "link", "folder", "huge", "empty", "garbage", "owner"]


@st.composite
def attacks(draw):
    target = draw(st.sampled_from([LIVE, DONE]))
    if draw(st.booleans()):
        key = draw(st.sampled_from(KEYS))
        how = draw(st.sampled_from(["value", "remove", "add", "deep"]))
        value = draw(JSON)
        return target, ("document", key, how, value)
    return target, ("file", draw(st.sampled_from(FILES)), draw(st.sampled_from(KINDS)), None)


def _change_document(path, key, how, value):
    data = json.loads(path.read_text())
    doc = next(iter(data["session"].values()))
    *parents, last = key.split(".")
    node = doc
    for part in parents:
        node = node[int(part)] if isinstance(node, list) else node.get(part) if isinstance(node, dict) else None
        if node is None:
            return
    if isinstance(node, list):
        if not node:
            return
        last = int(last)
    elif not isinstance(node, dict):
        return
    if how == "value":
        node[last] = value
    elif how == "remove":
        if isinstance(node, dict):
            node.pop(last, None)
        else:
            node.pop(last)
    elif how == "add":
        if isinstance(node, dict):
            node["surplus"] = value
        else:
            node.append(value)
    else:  # nested far deeper than any session (written as text: no recursion here)
        node[last] = "\u0000deep\u0000"
    path.write_text(json.dumps(data).replace('"\\u0000deep\\u0000"', "[" * 3000 + "]" * 3000))


def _change_file(path, kind, outside):
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    elif os.path.lexists(path):
        path.unlink()
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "link":
        path.symlink_to(outside / "victim")
    elif kind == "folder":
        path.mkdir()
    elif kind == "huge":
        with open(path, "wb") as fh:
            fh.truncate(MAX_SESSION_BYTES + 1 if "session" in path.name else 1 << 30)
    elif kind == "empty":
        path.write_bytes(b"")
    elif kind == "garbage":
        path.write_bytes(b"\x00\xff{not json")
    else:  # another owner (testable as root; elsewhere the file is only changed)
        path.write_text("{}")
        if os.geteuid() == 0:
            os.chown(path, 65534, 65534)


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(attack=attacks())
def test_every_command_works_or_reports_the_damaged_session(template, tmp_path_factory, attack):
    target, (what, where, how, value) = attack
    other = DONE if target == LIVE else LIVE
    base = tmp_path_factory.mktemp("fuzz")
    root, outside, exports = base / "data", base / "outside", base / "exports"
    shutil.copytree(template, root, symlinks=True)
    outside.mkdir()
    exports.mkdir()
    (outside / "victim").write_bytes(b"precious")
    session = root / "sessions" / target / "session.json"
    if what == "document":
        _change_document(session, where, how, value)
    else:
        _change_file((session.parent / where).resolve() if ".." in where else session.parent / where,
                     how, outside)
    before = snapshot(outside)
    index_attacked = "index" in where

    def check(done, command):
        assert done.returncode in (0, 1, 2, 3), (command, done.returncode, done.stderr)
        assert "Traceback" not in done.stderr, (command, done.stderr)
        lines = done.stderr.strip().splitlines()
        assert len(lines) <= 1 and all(line.startswith("referee: ") for line in lines), (
            command, done.stderr)
        if done.returncode == 3:  # the damaged file is named
            assert str(root) in done.stderr or target in done.stderr, (command, done.stderr)
        assert snapshot(outside) == before, command  # nothing written outside the data folder

    commands = [["list", "--json"], ["list"], ["stats", "--json"], ["show", target],
                ["play", target], ["undo", target, "--yes"],
                ["export", target, "-o", exports / "out.md", "--format", "md"],
                ["delete", target, "--yes"], ["show", other], ["list", "--json"]]
    results = run_all(root, commands)
    for command, done in zip(commands, results):
        check(done, command)
    listed = results[0]
    if listed.returncode == 0:  # never silently left out
        rows = {r["id"]: r for r in json.loads(listed.stdout)}
        assert target in rows and not rows[other].get("error"), rows
    # the other session is still usable (by its id, which needs no index)
    assert results[-2].returncode == 0, (attack, results[-2].stderr)
    if not index_attacked:
        assert results[-1].returncode == 0, results[-1].stderr
        rows = {r["id"]: r for r in json.loads(results[-1].stdout)}
        assert other in rows and not rows[other].get("error")
