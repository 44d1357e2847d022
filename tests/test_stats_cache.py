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
    cache_of(store).write_text(json.dumps(kept, separators=(",", ":")), encoding="utf-8")  # (its form)
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


def damage_a_row(store):
    """A finished game's index row changed by hand (its file's time kept, so the index trusts
    the row): its result names a player who never played.  Its id."""
    import sqlite3

    with sqlite3.connect(store.root / "index.sqlite") as conn:
        sid = conn.execute("SELECT id FROM sessions WHERE complete = 1 LIMIT 1").fetchone()[0]
        conn.execute("UPDATE sessions SET result = ? WHERE id = ?",
                     ('{"winners": ["Nobody"], "players": {"Nobody": {"score": {"total": "99"}}}}', sid))
    store._idx = None
    return sid


def test_a_damaged_row_is_caught_though_its_good_version_was_checked_before(tmp_path):
    """The index's rows are input: a row changed by hand is checked again, found damaged, and
    its file read instead (and the row mended), whatever the cache folder holds."""
    import sqlite3

    store = archive(tmp_path)
    expected = json.dumps(ask(store), sort_keys=True)
    sid = damage_a_row(store)
    assert json.dumps(ask(store), sort_keys=True) == expected  # the file's truth, not the row's
    with sqlite3.connect(store.root / "index.sqlite") as conn:  # and the row mended
        row = conn.execute("SELECT result FROM sessions WHERE id = ?", (sid,)).fetchone()[0]
    assert "Nobody" not in row


def test_no_file_of_the_data_folder_makes_a_rows_check_be_skipped(tmp_path, monkeypatch):
    """issue 26 / red team 2: every finished row's result is checked by every listing (a cache
    of rows found good, such as a forged ``cache/rows.hex`` holding the damaged row's digest,
    is never read)."""
    import hashlib
    import sqlite3

    from referee.store import index as store_index

    store = archive(tmp_path)
    ask(store)
    sid = damage_a_row(store)
    with sqlite3.connect(store.root / "index.sqlite") as conn:
        players, complete, result = conn.execute(
            "SELECT players, complete, result FROM sessions WHERE id = ?", (sid,)).fetchone()
    # (the digest the stats26 branch trusted: that row "found good before")
    forged = hashlib.blake2b(f"{players}\x00{complete!r}\x00{result}".encode(), digest_size=16)
    (store.root / CACHE_FOLDER / "rows.hex").write_text(forged.hexdigest(), encoding="utf-8")
    checked: list[int] = []
    real = store_index.bad_results

    def spy(results, players):
        checked.append(len(results))
        return real(results, players)

    monkeypatch.setattr(store_index, "bad_results", spy)
    result, damaged = ask(store)
    assert damaged == [] and "Nobody" not in json.dumps(result)
    finished = sum(1 for e in store.entries() if e.get("complete"))
    # both listings (``stats``' and the count's just now) checked every finished row's result
    assert checked == [finished, finished]


def kept_state(store):
    """The kept state file's state (``SessionService._stats_states`` checks its digest)."""
    text = (store.root / CACHE_FOLDER / "stats-state.json").read_text(encoding="utf-8")
    return json.loads(text)["state"]


def keep_state(store, state, signed=True):
    """``state`` written as the kept state, with its digest (``signed``) or with the digest
    that was there (as a byte flipped or a hand edit leaves it)."""
    import hashlib

    path = store.root / CACHE_FOLDER / "stats-state.json"
    body = json.dumps(state, separators=(",", ":"))
    digest = (hashlib.blake2b(body.encode(), digest_size=32).hexdigest() if signed
              else json.loads(path.read_text(encoding="utf-8"))["sum"])
    path.write_text('{"sum":"' + digest + '","state":' + body + "}", encoding="utf-8")


def test_damaged_or_foreign_kept_state_is_only_a_miss(tmp_path):
    store = archive(tmp_path)
    expected = json.dumps(ask(store), sort_keys=True)
    state = (store.root / CACHE_FOLDER / "stats-state.json")
    for junk in ("{", "[]", '{"na-grunwald": 1}', "\x00\xff", '{"sum":"' + "0" * 64 + '","state":{}}'):
        state.write_text(junk, encoding="utf-8")
        os.remove(cache_of(store))
        assert json.dumps(ask(store), sort_keys=True) == expected
    # a state changed by hand (its digest not made again): a miss, not the changed figures
    kept = kept_state(store)
    changed = json.loads(json.dumps(kept))
    for acc in changed["na-grunwald"]["fold"]["acc"]["per"].values():
        acc["wins"] += 100
    keep_state(store, changed, signed=False)
    os.remove(cache_of(store))
    assert json.dumps(ask(store), sort_keys=True) == expected


def test_a_kept_state_with_values_of_any_wrong_type_is_only_a_miss(tmp_path):
    """Even with a digest that matches (a state written by a bug, or forged): a value of the
    wrong type or size anywhere counts everything afresh, never a traceback."""
    store = archive(tmp_path)
    expected = json.dumps(ask(store), sort_keys=True)
    game = kept_state(store)["na-grunwald"]
    fold, acc = game["fold"], game["fold"]["acc"]
    name = next(iter(acc["per"]))
    bad = [
        {**game, "rate": {"kept": {**game["rate"]["kept"], "current": {"Ola": "x"}}}},
        {**game, "rate": {"kept": {**game["rate"]["kept"], "current": {name: [25, "inf"]}}}},
        {**game, "fold": {**fold, "acc": {**acc, "per": 5}}},
        {**game, "fold": {**fold, "acc": {**acc, "pairs": [[1]]}}},
        {**game, "fold": {**fold, "acc": {**acc, "per": {**acc["per"], name: {**acc["per"][name], "games": 0}}}}},
        {**game, "fold": {**fold, "acc": {**acc, "per": {**acc["per"], name: {**acc["per"][name], "totals": []}}}}},
        {**game, "fold": {**fold, "acc": {**acc, "rated": [["x"]]}}},
        {**game, "fold": {**fold, "acc": {**acc, "tags": {"t": {"games": 0, "wins": 0}}}}},
        {**game, "fold": {**fold, "acc": {**acc, "by_count": [["x", {}]]}}},
    ]
    for i, state in enumerate(bad):
        keep_state(store, {"na-grunwald": state})
        os.remove(cache_of(store))
        assert json.dumps(ask(store), sort_keys=True) == expected, i


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


# --------------------------------------------------------------------------------------------
# The count that goes on equals the count made afresh (random archives)

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

NAMES = ("Ala", "Bob", "Cyd", "Dan", "Zo\u00eb", "Zoe\u0308")  # (NFC and NFD: one person)


@st.composite
def a_game(draw, days):
    """A finished game's index entry (or, now and then, one still in play)."""
    players = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=4, unique=True))
    figures = {}
    for name in players:
        total = draw(st.integers(0, 30) | st.floats(0, 30, allow_nan=False).map(lambda v: round(v, 1)))
        score = {"total": total, "knights": draw(st.integers(0, 5))} if draw(st.booleans()) else {}
        figures[name] = {"score": score, "losses": draw(st.integers(0, 9)),
                         "tags": draw(st.lists(st.sampled_from(["red", "blue"]), max_size=1))}
        if draw(st.booleans()):
            figures[name]["place"] = draw(st.integers(1, 3))
    winners = draw(st.lists(st.sampled_from(players), min_size=1, max_size=2, unique=True))
    return {"date": draw(st.sampled_from(days)), "complete": draw(st.integers(0, 9)) > 0,
            "result": {"winners": winners, "players": figures}}


EARLY = [f"2026-01-0{d}" for d in range(1, 6)]
LATE = [f"2026-02-0{d}" for d in range(1, 6)]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(a_game(EARLY), max_size=12), st.lists(a_game(EARLY) | a_game(LATE), max_size=4),
       st.lists(a_game(LATE), max_size=4), st.booleans())
def test_the_count_and_ratings_gone_on_equal_a_fresh_computation(first, then, later, points):
    """``stats``, games added (after the last one counted or among them), ``stats`` again, and
    again: each answer from the kept state (through its JSON, as the cache keeps it) equals the
    one computed with no state at all."""
    import orjson

    from referee.core.stats import compute

    runs = [first, first + then, first + then + later]
    state: dict = {}
    for n, games in enumerate(runs):
        entries = [{"id": f"g{i:02}", **g} for i, g in enumerate(games)]
        kept = compute(entries, ("knights",), {"losses": "average_losses"}, points=points, state=state)
        fresh = compute(entries, ("knights",), {"losses": "average_losses"}, points=points)
        assert kept == fresh, n
        state = orjson.loads(orjson.dumps(state))
