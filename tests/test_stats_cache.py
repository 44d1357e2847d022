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
