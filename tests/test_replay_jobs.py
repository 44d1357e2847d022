"""``referee replay --json`` of many records, replayed by several processes side by side: the
output is the one a single process gives, byte for byte and in the order given, errors included;
Ctrl-C stops every process and says nothing more than it always does."""

import json
import os
import signal
import subprocess
import sys

import pytest

from conftest import EXAMPLES, referee
from referee.cli import replay
from referee.core.errors import RecordError

MANY = replay.PARALLEL_FROM + 7  # enough for the workers to start


def _records(tmp_path, count):
    """``count`` record files of every game and kind, with bad ones among them."""
    sources = [EXAMPLES / "four-players.json", EXAMPLES / "two-players.json",
               EXAMPLES / "in-progress-three-players.json",
               *sorted((EXAMPLES / "kajko").glob("*.json")),
               *sorted((EXAMPLES / "warchest").glob("*.json")),
               *sorted((EXAMPLES / "medieval").glob("*.json"))]
    bad_rule = json.loads((EXAMPLES / "two-players.json").read_text())
    bad_rule["rounds"][0]["reveal"]["crown"] = [9, 1]  # NG-C3
    (tmp_path / "rule.json").write_text(json.dumps(bad_rule))
    (tmp_path / "broken.json").write_text('{"game": "na-grunwald", "players": [')
    paths = []
    for i in range(count):
        if i % 10 == 3:
            paths.append(str(tmp_path / "rule.json"))
        elif i % 10 == 6:
            paths.append(str(tmp_path / "broken.json"))
        elif i % 10 == 8:
            paths.append(str(tmp_path / f"missing{i}.json"))
        else:
            target = tmp_path / f"r{i:04d}.json"
            target.write_text(sources[i % len(sources)].read_text())
            paths.append(str(target))
    return paths


def test_several_processes_write_what_one_writes(tmp_path):
    files = _records(tmp_path, MANY)
    one = referee("replay", "--json", "--jobs", "1", *files)
    two = referee("replay", "--json", "-j", "2", *files)
    assert one.returncode == two.returncode == 1
    assert two.stdout == one.stdout and two.stderr == one.stderr
    lines = [json.loads(line) for line in two.stdout.splitlines()]
    assert [line["file"] for line in lines] == files
    assert sum("error" in line for line in lines) == len(two.stderr.splitlines()) == 3 * MANY // 10
    assert {line["error"]["rule"] for line in lines if "error" in line} == {"NG-C3", None}


def test_the_workers_are_forked_in_process_and_keep_the_order(tmp_path, monkeypatch):
    """The pool path itself, in this process (so coverage sees it), with a low threshold."""
    monkeypatch.setattr(replay, "PARALLEL_FROM", 2)
    monkeypatch.setattr(replay, "CHUNK", 1)
    files = _records(tmp_path, 12)
    alone = list(replay._json_results(files, None, "en", True, 1))
    together = list(replay._json_results(files, None, "en", True, 3))
    assert together == alone
    assert [json.loads(out)["file"] for out, _problem in together] == files


def test_a_single_record_is_replayed_in_this_process_and_its_error_raised(tmp_path):
    files = _records(tmp_path, 4)
    with pytest.raises(RecordError) as caught:
        list(replay._json_results(files[3:4], None, "en", False, 4))
    assert caught.value.rule == "NG-C3"


def test_jobs_must_be_at_least_one():
    r = referee("replay", "--json", "--jobs", "0", EXAMPLES / "two-players.json")
    assert r.returncode == 2 and "--jobs" in r.stderr


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers are forked on Linux only")
def test_ctrl_c_stops_every_worker_quietly(tmp_path):
    source = (EXAMPLES / "four-players.json").read_text()
    files = []
    for i in range(3000):
        path = tmp_path / f"g{i}.json"
        path.write_text(source)
        files.append(str(path))
    env = {**os.environ, "REFEREE_LANG": "en"}
    child = subprocess.Popen([sys.executable, "-m", "referee", "replay", "--json", *files],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                             stdin=subprocess.DEVNULL, start_new_session=True)
    assert child.stdout.readline()  # the workers are replaying
    os.killpg(child.pid, signal.SIGINT)  # what Ctrl-C does: the whole foreground group
    _rest, err = child.communicate(timeout=60)
    assert child.returncode == 130
    assert err.strip() == ""  # no traceback from anyone
    leftover = subprocess.run(["pgrep", "-g", str(child.pid)], capture_output=True, text=True)
    assert leftover.stdout == ""
