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
    code, _out, err = run_main(["replay", str(path)], capsys)
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


def _run(args, capsys):
    from tests.test_reliability import run_main

    return run_main([str(a) for a in args], capsys)


# --------------------------------------------------------------------------------------------
# 4. A record's colours are colours of a list, never a style that reaches the terminal

HOSTILE_COLOURS = ["link https://evil.example", "blink", "conceal", "bold red", "reverse",
                   "red on link", "#12345", "color(5)"]


@pytest.mark.parametrize("colour", HOSTILE_COLOURS)
def test_a_record_colour_that_is_not_a_colour_is_refused_at_import_with_its_place(tmp_path, capsys, colour):
    doc = json.loads((EXAMPLES / "two-players.json").read_text(encoding="utf-8"))
    doc["colors"]["Bartek"] = colour
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, _out, err = _run([*data(tmp_path), "import", path], capsys)
    assert code == 1, err
    assert len(err.strip().splitlines()) == 1 and "hostile.json: colors.Bartek: " in err, err
    assert not (tmp_path / "data" / "sessions").exists() or not any((tmp_path / "data" / "sessions").iterdir())


@pytest.mark.parametrize("colors,where", [("red", "colors"), ({"Zed": "red"}, "colors.Zed"),
                                          ({"Ola": ["red"]}, "colors.Ola")])
def test_a_record_colours_map_is_a_map_of_players_to_colours(tmp_path, capsys, colors, where):
    doc = json.loads((EXAMPLES / "two-players.json").read_text(encoding="utf-8"))
    doc["colors"] = colors
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, _out, err = _run(["replay", path], capsys)
    assert code == 1 and f"bad.json: {where}: " in err, err


def test_colours_of_the_list_and_rrggbb_are_kept(tmp_path, capsys):
    doc = json.loads((EXAMPLES / "two-players.json").read_text(encoding="utf-8"))
    doc["colors"] = {"Ola": "#1e90ff", "Bartek": "bright_magenta"}
    path = tmp_path / "fine.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, out, err = _run([*data(tmp_path), "import", path], capsys)
    assert code == 0, err
    code, out, err = _run([*data(tmp_path), "export", "fine"], capsys)
    assert json.loads(out)["colors"] == doc["colors"]


@pytest.mark.parametrize("colour", ["color(5)", "default", "blink", "grey50"])
def test_new_colors_takes_only_colours_of_the_list(tmp_path, capsys, colour):
    code, _out, err = _run([*data(tmp_path), "new", "--players", "Ala,Bob", "--colors", f"red,{colour}",
                           "--no-play"], capsys)
    assert code == 1 and len(err.strip().splitlines()) == 1 and colour in err, err


def test_a_stored_colour_never_reaches_rich_as_a_style():
    """Defence in depth: whatever a stored document holds, only a colour becomes a style."""
    import io

    from rich.console import Console

    from referee.cli.render import render
    from referee.core.report import Board, Cell, Line, Table

    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, color_system="truecolor", width=80)
    table = Table("t", ["a"], [["x"], ["y"]])
    table.row_styles = ["link https://evil.example", "conceal"]
    render([Line("Ola", "link https://evil.example"), Line("Bartek", "blink"), Line("Cyd", "red"),
            table, Board("b", [Cell((0, 0), "A", "bold blink")])], console)
    text = screen.getvalue()
    assert "\x1b]8;" not in text and "evil" not in text  # no hyperlink
    assert "\x1b[5m" not in text and "\x1b[8m" not in text  # no blink, nothing concealed
    assert "\x1b[31m" in text  # a colour of the list is drawn


# --------------------------------------------------------------------------------------------
# 12. A derived session name is always free and fits; an empty name is refused; one person
# cannot play twice under two spellings


def test_new_without_a_name_takes_the_next_free_one_when_another_table_was_faster(tmp_path, monkeypatch):
    from referee.core.service import SessionService
    from referee.store.sessions import Store

    store = Store(tmp_path / "data")
    service = SessionService(store)
    free = store.unique_name

    def raced(name):  # another table starts a game between the look-up and the creation
        chosen = free(name)
        if not raced.done:
            raced.done = True
            other = SessionService(Store(tmp_path / "data")).new(None, ["Ala", "Bob"], lang="en",
                                                                name=chosen)
            other.close()
        return chosen

    raced.done = False

    monkeypatch.setattr(store, "unique_name", raced)
    session = service.new(None, ["Ala", "Bob"], lang="en")
    session.close()
    assert session.name.endswith("Ala, Bob (2)")


def test_new_with_long_player_names_derives_a_name_and_id_that_fit(tmp_path, capsys):
    players = ["Ą" + "a" * 99, "B" * 100, "C" * 100, "Ż" * 100]
    for _ in range(2):  # the second one needs " (2)" as well
        code, out, err = _run([*data(tmp_path), "new", "--players", ",".join(players), "--no-play"], capsys)
        assert code == 0, err
    code, out, err = _run([*data(tmp_path), "list", "--json"], capsys)
    rows = json.loads(out)
    assert len(rows) == 2 and len({r["name"] for r in rows}) == 2
    assert all(len(r["name"]) <= 200 and len(r["id"]) <= 64 for r in rows)


@pytest.mark.parametrize("name", ["", "   "])
def test_new_and_import_with_an_empty_name_are_refused(tmp_path, capsys, name):
    code, out, err = _run([*data(tmp_path), "new", "--players", "Ala,Bob", "--name", name, "--no-play"], capsys)
    assert code == 1 and len(err.strip().splitlines()) == 1 and "session name" in err, err
    code, _out, err = _run([*data(tmp_path), "import", "--name", name, EXAMPLES / "two-players.json"], capsys)
    assert code == 1 and len(err.strip().splitlines()) == 1 and "session name" in err, err
    assert not (tmp_path / "data" / "sessions").exists() or not any((tmp_path / "data" / "sessions").iterdir())


def _twice(example, second):
    doc = json.loads((EXAMPLES / example).read_text(encoding="utf-8"))
    players = doc["players"]
    if isinstance(players[0], dict):
        players[1]["name"] = second(players[0]["name"])
    else:
        players[1] = second(players[0])
    return doc


SPELLINGS = [lambda n: n + " ", lambda n: " " + n, lambda n: f"  {n}  "]


@pytest.mark.parametrize("rule,example,where", [
    ("NG-C1", "two-players.json", "players[1]"), ("KK-4", "kajko/two-players.json", "players[1]"),
    ("WC-C1", "warchest/four-players.json", "players[1].name"),
    ("MB-C1", "medieval/standard-map.json", "players[1]")])
@pytest.mark.parametrize("spelling", range(len(SPELLINGS)))
def test_NG_C1_KK_4_WC_C1_MB_C1_one_person_under_two_spellings_is_refused(rule, example, where, spelling):
    from referee.core.errors import RuleError
    from referee.core.records import load_record

    doc = _twice(example, SPELLINGS[spelling])
    with pytest.raises(RuleError) as caught:
        load_record("twice.json", text=json.dumps(doc))[1].replay()
    assert caught.value.rule == rule and caught.value.location == where


@pytest.mark.slow
def test_two_tables_starting_at_once_both_get_a_session(tmp_path):
    env = {**os.environ, "REFEREE_LANG": "en"}
    command = [sys.executable, "-m", "referee", *data(tmp_path), "new", "--players", "Ala,Bob", "--no-play"]
    for _ in range(4):
        runs = [subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                 env=env, stdin=subprocess.DEVNULL) for _ in range(3)]
        for run in runs:
            _out, err = run.communicate(timeout=120)
            assert run.returncode == 0, err
    rows = json.loads(referee(*data(tmp_path), "list", "--json").stdout)
    assert len(rows) == 12 and len({r["name"] for r in rows}) == 12
