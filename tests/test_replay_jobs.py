"""``referee replay --json`` of many records, replayed by several processes side by side: the
output is the one a single process gives, byte for byte and in the order given, errors included;
Ctrl-C stops every process and says nothing more than it always does."""

import json
import os
import signal
import subprocess
import sys
import time

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


def _group_is_gone(pgid: int) -> bool:
    return subprocess.run(["pgrep", "-g", str(pgid)], capture_output=True).stdout == b""


#: a child that replays ``sys.argv[2:]`` through ``replay.run`` the way ``referee`` does (its
#: one place for errors), after the Python code in ``sys.argv[1]`` has changed what a test needs
CHILD = """
import sys
from referee.cli import replay
exec(sys.argv[1])
from referee.cli.app import main
sys.stderr.write("ready\\n"); sys.stderr.flush()
main(["replay", "--json", *sys.argv[2:]])
"""


def _child(tmp_path, patch, files):
    out, err = open(tmp_path / "out.txt", "w"), open(tmp_path / "err.txt", "w")
    env = {**os.environ, "REFEREE_LANG": "en"}
    return subprocess.Popen([sys.executable, "-c", CHILD, patch, *files], stdout=out, stderr=err,
                            env=env, stdin=subprocess.DEVNULL, start_new_session=True)


def _read(tmp_path):
    return (tmp_path / "out.txt").read_text(), (tmp_path / "err.txt").read_text()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers are forked on Linux only")
def test_ctrl_c_while_the_workers_start_leaves_no_worker_and_no_traceback(tmp_path):
    """The workers take 0.4 s to start here, and Ctrl-C comes in the middle of it: no worker may
    receive it (they are forked with it blocked), the referee stops as it does for any Ctrl-C,
    and nothing of it is left running."""
    files = _records(tmp_path, MANY)
    slow_start = ("import time\nreal = replay._worker_start\n"
                  "def slow():\n    time.sleep(0.4)\n    real()\nreplay._worker_start = slow\n")
    child = _child(tmp_path, slow_start, files)
    while "ready" not in _read(tmp_path)[1]:
        assert child.poll() is None
        time.sleep(0.01)
    time.sleep(0.2)  # (the workers are forked at once: they are in their 0.4 s start)
    os.killpg(child.pid, signal.SIGINT)
    assert child.wait(timeout=60) == 130
    assert _group_is_gone(child.pid)
    _out, err = _read(tmp_path)
    assert err.strip() == "ready"  # no traceback, no "Process ForkPoolWorker"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers are forked on Linux only")
def test_a_worker_that_dies_is_an_error_not_a_wait(tmp_path):
    files = _records(tmp_path, MANY)
    dies = ("import os\nreal = replay._json_lines\n"
            f"def dying(path, *args):\n    if path == {files[40]!r}: os._exit(9)\n"
            "    return real(path, *args)\nreplay._json_lines = dying\n")
    child = _child(tmp_path, dies, files)
    assert child.wait(timeout=60) == 70
    assert _group_is_gone(child.pid)
    out, err = _read(tmp_path)
    lines = err.strip().splitlines()
    assert lines[0] == "ready" and "BrokenProcessPool" in lines[-1] and "internal error" in lines[-1]
    # before it, the lines of bad records among the first files, if their task was done in time
    assert all(".json" in line for line in lines[1:-1])
    assert len(out.splitlines()) <= 40


@pytest.mark.parametrize("exception", ["ValueError('boom')", "OSError(28, 'No space left on device', 'x')",
                                       "type('Odd', (Exception,), {'__init__': lambda self, a, b: None})(1, 2)"])
def test_an_unexpected_error_stops_at_its_file_as_in_one_process(tmp_path, exception):
    """What a bug or the machine raises in a worker is raised at the file that raised it, after
    the lines of the files before it, as one process does: the same output, error and exit code
    (an exception that cannot cross processes is told by its type's name and message)."""
    files = _records(tmp_path, MANY)
    raises = ("real = replay._json_lines\n"
              f"def failing(path, *args):\n    if path == {files[50]!r}: raise {exception}\n"
              "    return real(path, *args)\nreplay._json_lines = failing\n")
    results = []
    for jobs in ("1", "2"):
        child = _child(tmp_path, raises, ["--jobs", jobs, *files])
        code = child.wait(timeout=60)
        results.append((code, *_read(tmp_path)))
    assert results[0] == results[1]
    code, out, err = results[0]
    assert len(out.splitlines()) == 50
    if exception.startswith("OSError"):
        assert code == 1 and "No space left on device" in err
    else:
        assert code == 70 and ("boom" in err or "Odd" in err)


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
    with open(tmp_path / "out.txt", "w") as out, open(tmp_path / "err.txt", "w") as err:
        child = subprocess.Popen([sys.executable, "-m", "referee", "replay", "--json", *files],
                                 stdout=out, stderr=err, env=env, stdin=subprocess.DEVNULL,
                                 start_new_session=True)
    while not (tmp_path / "out.txt").read_text():  # (until the workers are replaying)
        assert child.poll() is None
        time.sleep(0.01)
    os.killpg(child.pid, signal.SIGINT)  # what Ctrl-C does: the whole foreground group
    assert child.wait(timeout=60) == 130
    assert _group_is_gone(child.pid)  # (every worker is gone with the referee)
    assert (tmp_path / "err.txt").read_text().strip() == ""  # no traceback from anyone
