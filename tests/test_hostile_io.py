"""Issue 24 (second red team), faults 4, 8, 10 and 12: each test failed on the code before its fix.

Fault 11 (Ctrl-C and signals) is in ``test_signals.py``, the record-shape fuzzer of fault 8 in
``test_record_shapes.py``."""

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import EXAMPLES, ROOT, referee


def data(tmp_path):
    return ["--data-dir", str(tmp_path / "data")]


def _one_clean_line(done, code=1):
    assert done.returncode == code, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("referee: "), done.stderr
    return lines[0]


# --------------------------------------------------------------------------------------------
# 8. War Chest: an array or an object where a name is expected is a record error with its place


def _warchest(tmp_path, key, value, play=0):
    doc = json.loads((EXAMPLES / "warchest" / "four-players.json").read_text(encoding="utf-8"))
    plays = doc["rounds"][0]["plays"]
    entry = next(p for p in plays if key in p) if key == "recruit" else plays[play]
    entry[key] = value
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path, plays.index(entry)


@pytest.mark.parametrize("key", ["action", "coin", "recruit"])
@pytest.mark.parametrize("value", [[], {"a": 1}, ["deploy"]])
def test_warchest_unhashable_action_coin_or_recruit_is_a_record_error(tmp_path, capsys, key, value):
    from tests.test_reliability import run_main

    path, index = _warchest(tmp_path, key, value)
    code, out, err = run_main(["replay", str(path)], capsys)
    assert code == 1, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "internal error" not in err, err
    assert f"rounds[0].plays[{index}].{key}" in err, err


def test_warchest_unhashable_value_through_import(tmp_path):
    path, index = _warchest(tmp_path, "coin", [1, 2])
    line = _one_clean_line(referee(*data(tmp_path), "import", path))
    assert f"rounds[0].plays[{index}].coin" in line


# --------------------------------------------------------------------------------------------
# 10. A closed output is a quiet exit 0; an encoding that cannot show a name gets escapes


def _with_closed(args, which, tmp_path):
    """Run ``referee`` with its stdout (or stderr) a pipe whose reader has already gone."""
    read, write = os.pipe()
    os.close(read)
    streams = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, which: write}
    env = {**os.environ, "COLUMNS": "100", "REFEREE_LANG": "en"}
    try:
        return subprocess.run([sys.executable, "-m", "referee", *map(str, args)], text=True,
                              stdin=subprocess.DEVNULL, env=env, timeout=60, **streams)
    finally:
        os.close(write)


@pytest.fixture
def archive(tmp_path):
    done = referee(*data(tmp_path), "import", EXAMPLES / "two-players.json",
                   EXAMPLES / "warchest" / "four-players.json")
    assert done.returncode == 0, done.stderr
    assert referee(*data(tmp_path), "new", "--players", "Zażółć,Gęś☃,Ὀδυσσεύς", "--no-play",
                   "--name", "Łódź 😀").returncode == 0
    return tmp_path


@pytest.mark.parametrize("args", [["list"], *(pytest.param(a, marks=pytest.mark.slow) for a in (
    ["list", "--json"], ["show", "two-players"], ["show", "two-players", "--json"],
    ["export", "two-players"], ["stats"], ["replay", EXAMPLES / "two-players.json"]))])
def test_a_closed_stdout_is_a_quiet_exit_0(archive, args):
    done = _with_closed([*data(archive), *args], "stdout", archive)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""


def test_a_closed_stderr_keeps_the_exit_code_and_prints_nothing_else(archive):
    done = _with_closed([*data(archive), "show", "no-such-session"], "stderr", archive)
    assert done.returncode == 1 and done.stdout == ""
    done = _with_closed([*data(archive), "show"], "stderr", archive)  # a usage error stays one
    assert done.returncode == 2
    done = _with_closed([*data(archive), "list"], "stderr", archive)
    assert done.returncode == 0 and "Zażółć" in done.stdout


@pytest.mark.slow
def test_list_piped_into_head_exits_0(archive):
    for i in range(30):  # more than a pipe's buffer: the writer meets the closed pipe
        assert referee(*data(archive), "import", "--name", f"game {i}",
                       EXAMPLES / "three-players.json").returncode == 0
    command = f"{sys.executable} -m referee --data-dir {archive / 'data'} list | head -1; " \
              f"exit ${{PIPESTATUS[0]}}"
    done = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "COLUMNS": "100"}, cwd=ROOT)
    assert done.returncode == 0 and done.stderr == "", done.stderr


def _encoded(encoding, *args):
    env = {**os.environ, "COLUMNS": "100", "REFEREE_LANG": "en", "PYTHONIOENCODING": encoding}
    return subprocess.run([sys.executable, "-m", "referee", *map(str, args)], capture_output=True,
                          text=True, encoding=encoding, env=env, timeout=60, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("encoding", ["ascii", pytest.param("latin-1", marks=pytest.mark.slow)])
def test_an_encoding_that_cannot_show_a_name_writes_escapes(archive, encoding):
    listed = _encoded(encoding, *data(archive), "list")
    assert listed.returncode == 0, listed.stderr
    assert "\\u0142" in listed.stdout  # ł
    as_json = _encoded(encoding, *data(archive), "list", "--json")
    assert as_json.returncode == 0, as_json.stderr
    flat = json.dumps([json.loads(line) for line in as_json.stdout.splitlines()], ensure_ascii=False)
    assert "Zażółć" in flat and "Łódź 😀" in flat  # the JSON stays JSON, with the same names
    shown = _encoded(encoding, *data(archive), "show", "lodz")
    assert shown.returncode == 0 and "Traceback" not in shown.stderr, shown.stderr
    _one_clean_line(_encoded(encoding, *data(archive), "show", "Ὀδυσσεύς"))
