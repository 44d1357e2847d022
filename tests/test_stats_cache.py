"""``stats`` answers the same question over the same archive from the store's cache (issue 26:
10,000 sessions in under a second); any change of the archive, a damaged or foreign cache file,
or a data folder that cannot be written is never answered wrongly, nor an error."""

from __future__ import annotations

import json
import os

from referee.cli import commands
from referee.core.service import SessionService
from referee.store.sessions import CACHE_FILE, CACHE_FOLDER
from tests.conftest import EXAMPLES
from tests.test_stats import archive


def ask(store, **filters):
    return SessionService(store).stats_and_damaged(**filters)


def cache_of(store):
    return store.root / CACHE_FOLDER / CACHE_FILE


def test_a_cached_result_is_the_computed_one(tmp_path):
    store = archive(tmp_path)
    first = ask(store)
    assert cache_of(store).is_file()
    again = ask(store)
    assert json.dumps(again, sort_keys=True) == json.dumps(first, sort_keys=True)
    os.remove(cache_of(store))
    assert json.dumps(ask(store), sort_keys=True) == json.dumps(first, sort_keys=True)
    # a cache hit really is read from the file: a planted value with the same key is what comes back
    kept = json.loads(cache_of(store).read_text(encoding="utf-8"))
    kept["value"][0]["na-grunwald"]["games"] = 999
    cache_of(store).write_text(json.dumps(kept), encoding="utf-8")
    assert ask(store)[0]["na-grunwald"]["games"] == 999


def test_every_change_of_the_archive_or_the_question_is_computed_afresh(tmp_path):
    store = archive(tmp_path)
    assert ask(store)[0]["na-grunwald"]["games"] == 3
    assert ask(store, players_count=4)[0]["na-grunwald"]["games"] == 1
    copy = tmp_path.parent / f"{tmp_path.name}-another.json"
    doc = json.loads((EXAMPLES / "two-players.json").read_text(encoding="utf-8"))
    copy.write_text(json.dumps({**doc, "date": "2026-12-01"}), encoding="utf-8")
    commands.import_records(store, [copy], None, None, "en")
    assert ask(store)[0]["na-grunwald"]["games"] == 4
    victim = next(e["id"] for e in store.entries() if e.get("complete"))
    store.delete(victim)
    assert ask(store)[0]["na-grunwald"]["games"] == 3
    # a session file damaged by hand (its time kept): named as damaged, not the cached figures
    sid = next(e["id"] for e in store.entries() if e.get("complete"))
    path = store.session_path(sid)
    st = os.stat(path)
    path.write_text("{", encoding="utf-8")
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1))
    result, damaged = ask(store)
    assert damaged == [sid] and result["na-grunwald"]["games"] == 2


def test_a_damaged_foreign_or_unwritable_cache_is_only_a_miss(tmp_path):
    store = archive(tmp_path)
    expected = json.dumps(ask(store), sort_keys=True)
    for junk in ("{", "[]", '{"key": 1}', "\x00\xff"):
        cache_of(store).write_text(junk, encoding="utf-8")
        assert json.dumps(ask(store), sort_keys=True) == expected
    # a link in the cache's place is never followed (nor written through)
    outside = tmp_path.parent / f"{tmp_path.name}-outside.json"
    outside.write_text("untouched", encoding="utf-8")
    os.remove(cache_of(store))
    os.symlink(outside, cache_of(store))
    assert json.dumps(ask(store), sort_keys=True) == expected
    assert outside.read_text(encoding="utf-8") == "untouched"
    # a data folder that cannot be written: computed every time, no error
    os.remove(cache_of(store))
    os.chmod(store.root / CACHE_FOLDER, 0o500)
    try:
        assert json.dumps(ask(store), sort_keys=True) == expected
    finally:
        os.chmod(store.root / CACHE_FOLDER, 0o700)


def test_the_cache_folder_is_the_stores(tmp_path):
    """An export or ``stats -o`` is never written into the store's cache folder."""
    import pytest

    from referee.core.errors import UsageError

    store = archive(tmp_path)
    ask(store)
    with pytest.raises(UsageError):
        store.refuse_inside(store.root / CACHE_FOLDER / "mine.html")


def test_a_fifo_in_the_caches_place_never_hangs(tmp_path):
    store = archive(tmp_path)
    expected = json.dumps(ask(store), sort_keys=True)
    os.remove(cache_of(store))
    os.mkfifo(cache_of(store))
    assert json.dumps(ask(store), sort_keys=True) == expected


# --------------------------------------------------------------------------------------------
# The cold path (issue 26: the first ``stats`` after a game was added, at 10,000 sessions)

def add_game(store, tmp_path, example, date, tag):
    copy = tmp_path.parent / f"{tmp_path.name}-{tag}.json"
    doc = json.loads(example.read_text(encoding="utf-8"))
    copy.write_text(json.dumps({**doc, "date": date}), encoding="utf-8")
    commands.import_records(store, [copy], None, None, "en")


def from_scratch(store):
    """The same question with every cache file gone: computed from the archive alone."""
    import shutil

    shutil.rmtree(store.root / CACHE_FOLDER, ignore_errors=True)
    return json.dumps(ask(store), sort_keys=True)


def rated_counts(monkeypatch, counted=None):
    """The number of games each rating loop was handed (the games it rated in this run);
    ``counted``: a list that gets the number of entries each count was handed."""
    from referee.core import stats as core_stats

    seen: list[int] = []
    real, fold = core_stats._rate, core_stats._fold

    def spy(model, games, *args):
        seen.append(len(games))
        return real(model, games, *args)

    def fold_spy(entries, *args):
        if counted is not None:
            counted.append(len(entries))
        return fold(entries, *args)

    monkeypatch.setattr(core_stats, "_rate", spy)
    monkeypatch.setattr(core_stats, "_fold", fold_spy)
    return seen


def test_a_game_added_after_the_last_is_the_only_one_rated_and_the_figures_are_a_fresh_computations(
        tmp_path, monkeypatch):
    store = archive(tmp_path)
    for name in ("four-players.json", "two-players-first-game.json"):  # (War Chest: teams)
        add_game(store, tmp_path, EXAMPLES / "warchest" / name, "2026-10-01", name[:4])
    ask(store)
    counted: list[int] = []
    seen = rated_counts(monkeypatch, counted)
    add_game(store, tmp_path, EXAMPLES / "four-players.json", "2026-12-24", "later")
    add_game(store, tmp_path, EXAMPLES / "warchest" / "four-players.json", "2026-12-24", "wc-later")
    cold = json.dumps(ask(store), sort_keys=True)
    assert sorted(seen) == [1, 1]  # one new game of each: rated on from where the last run stood
    assert sorted(counted) == [1, 1]  # and counted on
    seen.clear()
    counted.clear()
    assert cold == from_scratch(store)
    assert sorted(seen) == [3, 4]  # (from scratch: every game of each)
    assert sorted(counted) == [3, 4]  # (and every finished game)


def test_a_game_put_before_the_last_rated_or_a_filter_rates_every_game_again(tmp_path, monkeypatch):
    store = archive(tmp_path)
    ask(store)
    seen = rated_counts(monkeypatch)
    add_game(store, tmp_path, EXAMPLES / "four-players.json", "2026-01-02", "earlier")
    cold = json.dumps(ask(store), sort_keys=True)
    assert seen == [4]  # the order changed: every game rated again
    assert cold == from_scratch(store)
    seen.clear()
    assert ask(store, player="Marek")[0]["na-grunwald"]["ratings"]  # a filter: its own games,
    assert seen == [3]  # rated afresh (and the archive's state is kept for the next plain stats)
    seen.clear()
    add_game(store, tmp_path, EXAMPLES / "four-players.json", "2026-12-24", "later")
    assert json.dumps(ask(store), sort_keys=True) == from_scratch(store)
    assert seen[0] == 1


def test_a_damaged_row_is_caught_though_its_good_version_was_checked_before(tmp_path):
    """The index's rows are input: a row changed by hand (its file's time kept, so the index
    trusts its row) is walked again, found damaged, and its file read instead."""
    import sqlite3

    store = archive(tmp_path)
    expected = json.dumps(ask(store), sort_keys=True)
    assert (store.root / CACHE_FOLDER / "rows.hex").is_file()  # the good rows are known
    os.remove(cache_of(store))
    with sqlite3.connect(store.root / "index.sqlite") as conn:
        sid = conn.execute("SELECT id FROM sessions WHERE complete = 1 LIMIT 1").fetchone()[0]
        conn.execute("UPDATE sessions SET result = ? WHERE id = ?",
                     ('{"winners": ["Nobody"], "players": {"Nobody": {"score": {"total": "99"}}}}', sid))
    store._idx = None
    assert json.dumps(ask(store), sort_keys=True) == expected  # the file's truth, not the row's
    with sqlite3.connect(store.root / "index.sqlite") as conn:  # and the row mended
        row = conn.execute("SELECT result FROM sessions WHERE id = ?", (sid,)).fetchone()[0]
    assert "Nobody" not in row


def test_damaged_or_foreign_rating_and_row_caches_are_only_a_miss(tmp_path):
    store = archive(tmp_path)
    expected = json.dumps(ask(store), sort_keys=True)
    kept = json.loads((store.root / CACHE_FOLDER / "stats-state.json").read_text(encoding="utf-8"))
    game = kept["na-grunwald"]
    bad_rate = {"na-grunwald": {**game, "rate": {"kept": {**game["rate"]["kept"], "current": {"Ola": "x"}}}}}
    bad_fold = {"na-grunwald": {**game, "fold": {**game["fold"], "acc": {**game["fold"]["acc"], "per": 5}}}}
    bad_pairs = {"na-grunwald": {**game, "fold": {**game["fold"], "acc": {**game["fold"]["acc"],
                                                                          "pairs": [[1]]}}}}
    for junk in ("{", "[]", '{"na-grunwald": 1}', json.dumps(bad_rate), json.dumps(bad_fold),
                 json.dumps(bad_pairs), "\x00\xff"):
        for name in ("stats-state.json", "rows.hex"):
            (store.root / CACHE_FOLDER / name).write_text(junk, encoding="utf-8")
        os.remove(cache_of(store))
        assert json.dumps(ask(store), sort_keys=True) == expected


def test_a_game_in_play_when_stats_ran_is_no_part_of_the_kept_count(tmp_path, monkeypatch):
    """``stats`` while a game is played, then the game ends (here: its session goes, a finished
    one dated the same day comes): only the finished game is counted on."""
    from referee.store.sessions import Store

    store = Store(tmp_path)
    commands.import_records(store, [EXAMPLES / n for n in ("two-players.json", "three-players.json")],
                            None, None, "en")
    add_game(store, tmp_path, EXAMPLES / "in-progress-three-players.json", "2026-12-24", "open")
    ask(store)
    counted: list[int] = []
    seen = rated_counts(monkeypatch, counted)
    store.delete(next(e["id"] for e in store.entries() if not e.get("complete")))
    add_game(store, tmp_path, EXAMPLES / "four-players.json", "2026-12-24", "ended")
    cold = json.dumps(ask(store), sort_keys=True)
    assert counted == [1] and seen == [1]
    assert cold == from_scratch(store)
