"""Issue 16, "Data and security": each test failed before its fix (through the real command)."""

import json
import os
import shutil
from pathlib import Path

import pytest

from tests.conftest import EXAMPLES, referee


def data(tmp_path):
    return ["--data-dir", str(tmp_path / "data")]


def sessions(tmp_path):
    folder = tmp_path / "data" / "sessions"
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


# 1. Rich markup in what players type is text, never markup

@pytest.mark.parametrize("players,name", [
    ("Ala,[/],Bob", None),
    pytest.param("Ala,Bob", "[link=http://evil]x[/link] [blink]b :smile:", marks=pytest.mark.slow)])
def test_markup_in_names_is_printed_as_typed(tmp_path, players, name):
    args = ["new", "--players", players, "--no-play"] + (["--name", name] if name else [])
    done = referee(*data(tmp_path), *args)
    assert done.returncode == 0, done.stderr
    assert "\x1b]8;" not in done.stdout and "\x1b[5m" not in done.stdout
    if name:
        assert name in done.stdout
    listed = referee(*data(tmp_path), "list")
    assert listed.returncode == 0, listed.stderr
    assert len(sessions(tmp_path)) == 1


@pytest.mark.slow
def test_markup_in_import_file_name_and_undo(tmp_path):
    record = tmp_path / "[blink]game[red].json"
    shutil.copy(EXAMPLES / "in-progress-three-players.json", record)
    done = referee(*data(tmp_path), "import", record)
    assert done.returncode == 0, done.stderr
    assert "[blink]game[red]" in done.stdout
    sid = sessions(tmp_path)[0]
    undone = referee(*data(tmp_path), "undo", sid, "--yes")
    assert undone.returncode == 0, undone.stderr
    shown = referee(*data(tmp_path), "show", sid)
    assert shown.returncode == 0 and "[blink]game[red]" in shown.stdout, shown.stderr


# 2. Names and ids never collide

def test_an_id_is_never_another_sessions_name(tmp_path):
    files = []
    for stem in ("Aaa", "AAA", "aaa-2"):
        files.append(tmp_path / f"{stem}.json")
        shutil.copy(EXAMPLES / "two-players.json", files[-1])
    done = referee(*data(tmp_path), "import", *files)
    assert done.returncode == 0, done.stderr
    rows = json.loads(referee(*data(tmp_path), "list", "--json").stdout)
    ids, names = {r["id"] for r in rows}, {r["id"]: r["name"] for r in rows}
    for sid, name in names.items():
        assert name not in ids or name == sid, (name, names)
    shown = json.loads(referee(*data(tmp_path), "show", "aaa-2", "--json").stdout)
    assert shown["session"]["name"] == "aaa-2"


# 3. A damaged session file is listed as damaged

@pytest.mark.slow
def test_a_session_file_that_is_not_json_is_listed_as_damaged(tmp_path):
    assert referee(*data(tmp_path), "import", EXAMPLES / "two-players.json").returncode == 0
    assert referee(*data(tmp_path), "new", "--players", "Ala,Bob", "--no-play", "--name", "n").returncode == 0
    (tmp_path / "data" / "sessions" / "two-players" / "session.json").write_text("{not json")
    (tmp_path / "data" / "sessions" / "n" / "session.json").write_text("\x00\x01")
    rows = json.loads(referee(*data(tmp_path), "list", "--json").stdout)
    assert {r["id"]: r.get("error") for r in rows} == {"two-players": True, "n": True}
    listed = referee(*data(tmp_path), "list")
    assert listed.returncode == 0 and "two-players" in listed.stdout and "damaged" in listed.stdout


# 4. Damaged store files: exit 3, the file named, the .bak named only when there is one

def _stored(tmp_path, sid="two-players"):
    assert referee(*data(tmp_path), "import", EXAMPLES / f"{sid}.json").returncode == 0
    return tmp_path / "data" / "sessions" / sid / "session.json"


def _edit(path, change):
    doc = json.loads(path.read_text())
    change(next(iter(doc["session"].values())))
    path.write_text(json.dumps(doc))


def test_no_backup_is_not_advertised(tmp_path):
    path = _stored(tmp_path)
    assert not Path(f"{path}.bak").exists()
    path.write_text("{")
    done = referee(*data(tmp_path), "show", "two-players")
    assert done.returncode == 3 and str(path) in done.stderr
    assert "last good version is -" not in done.stderr and "no .bak" in done.stderr


@pytest.mark.slow
def test_a_rule_breaking_store_file_is_damage(tmp_path):
    path = _stored(tmp_path)
    shutil.copy(path, f"{path}.bak")
    _edit(path, lambda doc: doc["record"]["rounds"][0].update(event="no-such-card"))
    for command in (["show", "two-players"], ["export", "two-players", "--format", "md"],
                    ["undo", "two-players", "--yes"]):
        done = referee(*data(tmp_path), *command)
        assert done.returncode == 3, (command, done.stderr)
        assert str(path) in done.stderr and f"{path}.bak" in done.stderr


def test_an_unknown_game_in_a_store_file_names_it(tmp_path):
    path = _stored(tmp_path)
    _edit(path, lambda doc: doc.update(game="nonexistent"))
    done = referee(*data(tmp_path), "show", "two-players")
    assert done.returncode == 3 and str(path) in done.stderr and "nonexistent" in done.stderr


# 5. Links out of the data folder are never followed

def test_a_linked_session_folder_is_left_alone(tmp_path):
    folder = _stored(tmp_path, "in-progress-three-players").parent
    outside = tmp_path / "outside"
    folder.rename(outside)
    folder.symlink_to(outside, target_is_directory=True)
    before = {p.name: p.read_bytes() for p in outside.iterdir()}
    for command in (["undo", "in-progress-three-players", "--yes"],
                    ["delete", "in-progress-three-players", "--yes"],
                    ["play", "in-progress-three-players"]):
        done = referee(*data(tmp_path), *command)
        assert done.returncode == 3 and "link" in done.stderr, (command, done.stderr)
    assert {p.name: p.read_bytes() for p in outside.iterdir()} == before
    rows = json.loads(referee(*data(tmp_path), "list", "--json").stdout)
    assert [(r["id"], r.get("error")) for r in rows] == [("in-progress-three-players", True)]


def test_a_linked_lock_file_is_not_followed(tmp_path):
    path = _stored(tmp_path, "in-progress-three-players")
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    (path.parent / "lock").unlink(missing_ok=True)
    (path.parent / "lock").symlink_to(victim)
    done = referee(*data(tmp_path), "undo", "in-progress-three-players", "--yes")
    assert done.returncode == 3, done.stderr
    assert victim.read_text() == "precious"


# 6. Escape sequences, NUL and U+202E never reach the terminal, Markdown or HTML

HOSTILE = "\x1b[31mRED\x1b]8;;http://x\x07\u202eevil\x00"


def _record(tmp_path, change, name="hostile.json", example="three-players.json"):
    doc = json.loads((EXAMPLES / example).read_text())
    change(doc)
    path = tmp_path / name
    path.write_text(json.dumps(doc))
    return path


def _clean(text):
    return not any(c in text for c in ("\x1b", "\x00", "\u202e", "\x07"))


@pytest.mark.slow
def test_hostile_event_card_is_neutralised_everywhere(tmp_path):
    path = _record(tmp_path, lambda d: d["rounds"][1]["event"].update(card=HOSTILE))
    shown = referee("replay", path)
    assert shown.returncode == 0 and "RED" in shown.stdout and _clean(shown.stdout)
    assert referee(*data(tmp_path), "import", path).returncode == 0
    for fmt in ("md", "html", "csv"):
        out = referee(*data(tmp_path), "export", "hostile", "--format", fmt)
        assert out.returncode == 0 and _clean(out.stdout), fmt
    out = referee(*data(tmp_path), "export", "hostile", "--format", "json")  # data: kept, escaped
    assert "\x1b" not in out.stdout and "\\u001b" in out.stdout
    shown = referee(*data(tmp_path), "show", "hostile")
    assert shown.returncode == 0 and _clean(shown.stdout)


@pytest.mark.parametrize("key", ["place", *(pytest.param(k, marks=pytest.mark.slow) for k in ("notes", "date"))])
def test_hostile_header_text_is_neutralised(tmp_path, key):
    # the spec's optional keys are ignored by replay: kept as written, never shown raw
    path = _record(tmp_path, lambda d: d.update({key: HOSTILE}))
    assert referee(*data(tmp_path), "import", path).returncode == 0
    for fmt in ("md", "html", "csv"):
        out = referee(*data(tmp_path), "export", "hostile", "--format", fmt)
        assert out.returncode == 0 and _clean(out.stdout), fmt
    shown = referee(*data(tmp_path), "show", "hostile")
    assert shown.returncode == 0 and _clean(shown.stdout)


def test_hostile_text_in_an_error_is_neutralised(tmp_path):
    path = _record(tmp_path, lambda d: d["rounds"][1]["event"]["effects"][0].update(player=HOSTILE))
    done = referee("replay", path)
    assert done.returncode == 1 and _clean(done.stderr), done.stderr


# 7. CSV cells are never formulas

def test_csv_cells_that_look_like_formulas_are_quoted(tmp_path):
    import csv
    import io

    text = (EXAMPLES / "two-players.json").read_text()
    evil = ['=HYPERLINK("http://x","y")', "@SUM(A1)"]
    for old, new in zip(("Ola", "Bartek"), evil):
        text = text.replace(f'"{old}"', json.dumps(new))
    path = tmp_path / "formula.json"
    path.write_text(text)
    assert referee(*data(tmp_path), "import", path).returncode == 0
    out = referee(*data(tmp_path), "export", "formula", "--format", "csv")
    assert out.returncode == 0, out.stderr
    rows = list(csv.reader(io.StringIO(out.stdout)))
    cells = [c for row in rows for c in row]
    assert not any(c[:1] in ("=", "+", "-", "@", "\t", "\r") for c in cells), cells
    assert {"'" + e for e in evil} <= set(cells)


# 8. export -o: never into the store, "-" is standard output, clear messages

def test_export_never_writes_into_the_data_folder(tmp_path):
    path = _stored(tmp_path)
    before = path.read_bytes()
    for target in (path, path.parent / "new.md", tmp_path / "data" / "index.sqlite"):
        done = referee(*data(tmp_path), "export", "two-players", "--format", "md", "-o", target)
        assert done.returncode == 2 and "store's own files" in done.stderr, done.stderr
    link = tmp_path / "link.json"
    link.symlink_to(path)
    done = referee(*data(tmp_path), "export", "two-players", "-o", link)
    assert done.returncode == 2, done.stderr
    assert path.read_bytes() == before
    assert referee(*data(tmp_path), "show", "two-players").returncode == 0


def test_export_dash_is_standard_output(tmp_path):
    _stored(tmp_path)
    done = referee(*data(tmp_path), "export", "two-players", "--format", "md", "-o", "-", cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.startswith("# "), done.stderr
    assert not (tmp_path / "-").exists()


@pytest.mark.slow
def test_export_to_a_folder_or_a_missing_folder_says_so(tmp_path):
    _stored(tmp_path)
    done = referee(*data(tmp_path), "export", "two-players", "-o", tmp_path)
    assert done.returncode == 1 and "cannot write" in done.stderr and "directory" in done.stderr
    missing = tmp_path / "nope" / "x.json"
    done = referee(*data(tmp_path), "export", "two-players", "-o", missing)
    assert done.returncode == 1 and "does not exist" in done.stderr and str(missing.parent) in done.stderr


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anything")
def test_export_leaves_a_read_only_file_alone(tmp_path):
    _stored(tmp_path)
    target = tmp_path / "keep.json"
    target.write_text("mine")
    target.chmod(0o444)
    done = referee(*data(tmp_path), "export", "two-players", "-o", target)
    assert done.returncode == 1 and "cannot write" in done.stderr
    assert target.read_text() == "mine"


def test_export_overwrites_a_file_the_user_names(tmp_path):
    _stored(tmp_path)
    target = tmp_path / "out.md"
    target.write_text("old")
    done = referee(*data(tmp_path), "export", "two-players", "--format", "md", "-o", target)
    assert done.returncode == 0 and target.read_text().startswith("# ")


# 9. A full disk: the file named, nothing half-made, nothing shown before it is saved

def _disk_full_after(monkeypatch, writes):
    """Every fsync of a regular file after the first ``writes`` fails with ENOSPC."""
    import errno
    import stat

    real = os.fsync
    count = {"n": 0}

    def fsync(fd):
        if stat.S_ISREG(os.fstat(fd).st_mode):
            count["n"] += 1
            if count["n"] > writes:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd)

    monkeypatch.setattr(os, "fsync", fsync)


def _main(*args):
    from referee.cli.app import main

    try:
        main([str(a) for a in args])
    except SystemExit as exit_:
        return exit_.code or 0
    return 0


@pytest.mark.parametrize("writes", [0, *(pytest.param(w, marks=pytest.mark.slow) for w in (1, 2, 3, 5))])
def test_a_full_disk_during_import_leaves_nothing(tmp_path, monkeypatch, capsys, writes):
    files = []
    for stem in ("one", "two", "three"):
        files.append(tmp_path / f"{stem}.json")
        shutil.copy(EXAMPLES / "two-players.json", files[-1])
    _disk_full_after(monkeypatch, writes)
    code = _main(*data(tmp_path), "import", *files)
    err = capsys.readouterr().err
    assert code == 1 and "No space left" in err and "sessions" in err and " -:" not in err, err
    monkeypatch.undo()
    assert sessions(tmp_path) == []
    assert [p.name for p in (tmp_path / "data").iterdir() if p.name.startswith(".index-pending")] == []
    assert json.loads(referee(*data(tmp_path), "list", "--json").stdout) == []
    assert referee(*data(tmp_path), "import", *files).returncode == 0
    assert sessions(tmp_path) == ["one", "three", "two"]


def test_a_full_disk_while_playing_changes_and_shows_nothing(tmp_path, monkeypatch):
    from referee.cli.commands import service
    from referee.core import registry
    from referee.store.sessions import Store

    game = registry.find("grunwald")
    parsed = game.parse_record(json.loads((EXAMPLES / "two-players.json").read_text()))
    action = parsed.replay()[1][0].action  # the first entry of a real game
    store = Store(tmp_path / "data")
    live = service(store).open_live(service(store).new(None, parsed.players, lang="en"))
    path = live.session.path
    live.apply(action)  # a first save (and its .bak) works
    before, actions = path.read_bytes(), list(live.actions)
    action = parsed.replay()[1][1].action
    _disk_full_after(monkeypatch, 0)
    with pytest.raises(OSError) as failed:
        live.apply(action)
    assert failed.value.filename == str(path)
    monkeypatch.undo()
    assert path.read_bytes() == before and live.actions == actions
    assert live.session.record == json.loads(before)["session"]["1"]["record"]
    live.close()


# 10. A FIFO or a device is refused, never waited on

@pytest.mark.parametrize("command", [["replay"], ["replay", "--json"], ["import"], ["score"]])
def test_a_fifo_is_refused_not_waited_on(tmp_path, command):
    fifo = tmp_path / "record.json"
    os.mkfifo(fifo)
    done = referee(*data(tmp_path), *command, fifo)  # (a hang fails by the helper's timeout)
    assert done.returncode == 1 and "not a regular file" in done.stderr, done.stderr
    assert sessions(tmp_path) == []


def test_a_device_is_refused(tmp_path):
    done = referee("replay", "/dev/zero")
    assert done.returncode == 1 and "not a regular file" in done.stderr, done.stderr


# 11. A killed import: its leftovers are cleared and running it again finishes it

@pytest.mark.slow
def test_running_a_killed_import_again_finishes_it(tmp_path, monkeypatch, capsys):
    from referee.store.index import Index

    files = []
    for stem in ("one", "two", "three"):
        files.append(tmp_path / f"{stem}.json")
        shutil.copy(EXAMPLES / "two-players.json", files[-1])
    real_put = Index.put

    def dying(conn, entry, claim=True):  # the process is killed after its first session file
        real_put(conn, entry, claim)
        raise SystemExit(9)

    monkeypatch.setattr(Index, "put", staticmethod(dying))
    assert _main(*data(tmp_path), "import", *files) == 9
    monkeypatch.undo()
    folder = tmp_path / "data" / "sessions"
    # what a SIGKILL at other moments leaves: a folder holding only its lock, temporary files
    (folder / "two").mkdir()
    (folder / "two" / "lock").write_text("")
    (folder / "two" / ".owner.abc.tmp").write_text("12")
    (folder / "one" / ".session.json.xyz.tmp").write_text("{")
    done = referee(*data(tmp_path), "import", *files)
    assert done.returncode == 0, done.stderr
    assert "already imported" in done.stdout and done.stdout.count("Imported") == 2, done.stdout
    assert sessions(tmp_path) == ["one", "three", "two"]
    assert not list(folder.glob("*/.*.tmp")) and not list((tmp_path / "data").glob(".index-pending-*"))
    assert {r["id"] for r in json.loads(referee(*data(tmp_path), "list", "--json").stdout)} == {
        "one", "two", "three"}
    again = referee(*data(tmp_path), "import", *files)  # done: nothing more, nothing twice
    assert again.returncode == 0 and again.stdout.count("already imported") == 3
    assert sessions(tmp_path) == ["one", "three", "two"]


def test_importing_another_record_under_a_taken_name_is_still_refused(tmp_path):
    assert referee(*data(tmp_path), "import", EXAMPLES / "two-players.json").returncode == 0
    other = tmp_path / "two-players.json"
    shutil.copy(EXAMPLES / "three-players.json", other)
    done = referee(*data(tmp_path), "import", other)
    assert done.returncode == 1 and "already exists" in done.stderr


# 12. Smaller things

def _example_text(example="three-players.json"):
    return (EXAMPLES / example).read_text()


def test_a_huge_integer_gives_no_python_advice(tmp_path):
    path = tmp_path / "big.json"
    path.write_text(_example_text().replace('"format": 1', '"format": ' + "9" * 5000))
    for command in (["replay"], ["replay", "--json"], ["score"]):
        done = referee(*command, path)
        assert done.returncode == 1 and "set_int_max_str_digits" not in done.stderr + done.stdout


def test_a_huge_name_makes_a_short_error_line(tmp_path):
    long = "X" * 4000
    path = tmp_path / "long.json"
    doc = json.loads(_example_text())
    doc["rounds"][1]["event"]["effects"][0]["player"] = long
    path.write_text(json.dumps(doc))
    done = referee("replay", path)
    assert done.returncode == 1 and len(done.stderr) < 1000 and "…" in done.stderr, done.stderr[:300]
    done = referee(*data(tmp_path), "show", long)
    assert done.returncode == 1 and len(done.stderr) < 1000, done.stderr[:300]


@pytest.mark.parametrize("options", [["--game", "chess"], ["--json", "--game", "chess"]])
def test_replay_with_an_unknown_game_is_a_usage_error(options):
    done = referee("replay", *options, EXAMPLES / "two-players.json")
    assert done.returncode == 2 and "chess" in done.stderr, done.stderr


def test_stats_since_a_word_is_a_usage_error(tmp_path):
    done = referee(*data(tmp_path), "stats", "--since", "yesterday")
    assert done.returncode == 2 and "yesterday" in done.stderr, done.stderr


@pytest.mark.slow
def test_nfc_and_nfd_names_are_one_person(tmp_path):
    import unicodedata

    nfc, nfd = unicodedata.normalize("NFC", "Zoë"), unicodedata.normalize("NFD", "Zoë")
    done = referee(*data(tmp_path), "new", "--players", f"{nfc},{nfd}", "--no-play")
    assert done.returncode == 1, done.stdout  # the same name twice
    assert referee(*data(tmp_path), "new", "--players", f"{nfd},Bob", "--no-play",
                   "--name", f"{nfd} game").returncode == 0
    shown = json.loads(referee(*data(tmp_path), "show", f"{nfc} game", "--json").stdout)
    assert list(shown["players"]) == [nfc, "Bob"]
    for i, form in enumerate((nfc, nfd)):
        text = _example_text("two-players.json").replace('"Ola"', json.dumps(form))
        (tmp_path / f"g{i}.json").write_text(text)
    assert referee(*data(tmp_path), "import", tmp_path / "g0.json", tmp_path / "g1.json").returncode == 0
    stats = json.loads(referee(*data(tmp_path), "stats", "--json", "--player", nfd).stdout)
    assert stats["games"]["na-grunwald"]["games"] == 2
    assert stats["games"]["na-grunwald"]["players"][nfc]["games"] == 2


@pytest.mark.parametrize("example", ["two-players.json", "kajko/three-players.json"])
def test_format_must_be_the_integer_1(tmp_path, example):
    doc = json.loads((EXAMPLES / example).read_text())
    doc["format"] = 1.0
    path = tmp_path / "f.json"
    path.write_text(json.dumps(doc))
    done = referee("replay", path)
    assert done.returncode == 1 and "format" in done.stderr, done.stderr


def test_replay_json_reads_raw_nfd_names_in_nfc(tmp_path):
    """The fast decoder's path: names written as raw UTF-8 in NFD (no ``\\u`` escape) come out
    in NFC, as through the strict loader; a record already in NFC is left as it is."""
    import unicodedata

    nfc, nfd = unicodedata.normalize("NFC", "Zoë"), unicodedata.normalize("NFD", "Zoë")
    text = _example_text("two-players.json")
    (tmp_path / "nfd.json").write_text(text.replace('"Ola"', f'"{nfd}"'), encoding="utf-8")
    (tmp_path / "nfc.json").write_text(text.replace('"Ola"', f'"{nfc}"'), encoding="utf-8")
    for name in ("nfd.json", "nfc.json"):
        done = referee("replay", "--json", tmp_path / name)
        assert done.returncode == 0, done.stderr
        assert list(json.loads(done.stdout)["players"]) == [nfc, "Bartek"]


@pytest.mark.slow
def test_a_place_that_is_not_a_string_is_shown_as_json(tmp_path):
    path = _record(tmp_path, lambda d: d.update(place={"city": "Toruń"}, notes=["a", 1]), "pl.json")
    assert referee(*data(tmp_path), "import", path).returncode == 0
    out = referee(*data(tmp_path), "export", "pl", "--format", "md").stdout
    assert "{'city'" not in out and "['a'" not in out and '"city": "Toruń"' in out


@pytest.mark.slow
def test_names_in_an_imported_record_are_kept_in_nfc(tmp_path):
    """A record file whose names are in NFD (or mix NFD and NFC) imports as one person each, kept
    in NFC: ``show``, ``list`` and ``stats`` agree with a game typed at the table."""
    import unicodedata

    nfc, nfd = unicodedata.normalize("NFC", "Zoë"), unicodedata.normalize("NFD", "Zoë")
    text = _example_text("two-players.json")
    mixed = text.replace('"Ola"', json.dumps(nfd), 1).replace('"Ola"', json.dumps(nfc))
    (tmp_path / "mixed.json").write_text(mixed)
    (tmp_path / "nfd.json").write_text(text.replace('"Ola"', json.dumps(nfd)))
    done = referee(*data(tmp_path), "import", tmp_path / "mixed.json", tmp_path / "nfd.json")
    assert done.returncode == 0, done.stderr
    for sid in ("mixed", "nfd"):
        shown = json.loads(referee(*data(tmp_path), "show", sid, "--json").stdout)
        assert list(shown["players"]) == [nfc, "Bartek"], shown["players"]
    listed = json.loads(referee(*data(tmp_path), "list", "--json").stdout)
    assert all(r["players"] == [nfc, "Bartek"] for r in listed)
    stats = json.loads(referee(*data(tmp_path), "stats", "--json").stdout)
    assert stats["games"]["na-grunwald"]["players"][nfc]["games"] == 2
    replayed = json.loads(referee("replay", "--json", tmp_path / "nfd.json").stdout)
    assert nfc in json.dumps(replayed, ensure_ascii=False) and nfd not in json.dumps(replayed, ensure_ascii=False)


def test_an_undo_refused_is_said_in_the_sessions_language(tmp_path):
    """A Polish session's undo refusal is in Polish without ``--lang`` (as its confirmation is);
    ``--lang en`` still asks for English."""
    path = EXAMPLES / "three-players.json"
    assert referee(*data(tmp_path), "--lang", "pl", "import", path).returncode == 0
    refused = referee(*data(tmp_path), "undo", "three-players", "--steps", "9999", "--yes")
    assert refused.returncode == 1 and "nie można cofnąć" in refused.stderr, refused.stderr
    english = referee(*data(tmp_path), "--lang", "en", "undo", "three-players", "--steps", "9999",
                      "--yes")
    assert "cannot undo" in english.stderr, english.stderr
