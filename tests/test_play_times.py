"""When and where (issue 26): a session keeps when play started and ended, when each entry was made
and where the game is played, with the session (its settings, not the record); ``durationMin`` is
real, ``show`` and the summaries give the play time."""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta

import pytest

from referee.core.export import to_markdown
from referee.core.service import PLACE, TIMES, SessionService, play_minutes
from referee.store.sessions import Store
from tests.conftest import referee


class Clock:
    """A clock the test moves: each reading is ``step`` later than the one before."""

    def __init__(self, start: str = "2026-10-03T18:00:00+00:00", step: int = 60) -> None:
        self.t = datetime.fromisoformat(start)
        self.step = timedelta(seconds=step)

    def __call__(self) -> str:
        now = self.t
        self.t += self.step
        return now.isoformat()

    def wait(self, minutes: int) -> None:
        self.t += timedelta(minutes=minutes)


def _play(service, sid, game, rng, entries=None):
    """Enter random legal entries (all of them: ``None``) in one sitting at the table."""
    with service.open_live(sid) as live:
        n = 0
        while not live.over and (entries is None or n < entries):
            live.apply(game.random_action(live.state, rng))
            n += 1
        return list(live.actions)


@pytest.fixture
def table(tmp_path):
    clock = Clock()
    return Store(tmp_path), SessionService(Store(tmp_path), now=clock), clock


def test_each_entry_time_sittings_and_end_are_kept(table):
    store, service, clock = table
    session = service.new("kajko", ["Ola", "Bartek"], lang="en", place="Klub Pionek")
    sid, game = session.id, __import__("referee.core.registry", fromlist=["find"]).find("kajko")
    session.close()
    _play(service, sid, game, random.Random(3), entries=4)
    clock.wait(120)  # a break: not play time
    actions = _play(service, sid, game, random.Random(4))
    settings = store.open(sid, write=False).settings
    times = settings[TIMES]
    assert settings[PLACE] == "Klub Pionek"
    assert len(times["entries"]) == len(actions) and all(times["entries"])
    assert times["entries"] == sorted(times["entries"])
    assert len(times["sittings"]) == 2
    assert times["ended"] == times["entries"][-1] == times["sittings"][1][1]
    # each reading is a minute: opening + 4 entries, then opening + the rest; the break is left out
    assert play_minutes(settings) == 4 + (len(actions) - 4)
    assert "place" not in store.open(sid, write=False).record  # the record's rules part is untouched


def test_undo_takes_back_the_entry_time_and_the_end(table):
    store, service, _clock = table
    from referee.core.registry import find

    game = find("kajko")
    session = service.new("kajko", ["Ola", "Bartek"], lang="en")
    sid = session.id
    session.close()
    actions = _play(service, sid, game, random.Random(5))
    assert store.open(sid, write=False).settings[TIMES]["ended"]
    service.undo(sid, 1, all_agree=True)
    times = store.open(sid, write=False).settings[TIMES]
    assert times["ended"] is None and len(times["entries"]) == len(actions) - 1
    with service.open_live(sid) as live:
        live.undo(agree=lambda players: True)
    assert len(store.open(sid, write=False).settings[TIMES]["entries"]) == len(actions) - 2


def test_duration_place_show_and_summaries_give_the_play_time(table):
    store, service, _clock = table
    from referee.core.registry import find

    game = find("na-grunwald")
    session = service.new("na-grunwald", ["Ola", "Bartek"], lang="en", place="  Kraków,   Pionek ")
    sid = session.id
    session.close()
    actions = _play(service, sid, game, random.Random(1))
    minutes = play_minutes(store.open(sid, write=False).settings)
    assert minutes == len(actions)  # one minute a reading, one sitting
    play = json.loads(service.export(sid, "bgstats"))
    assert play["durationMin"] == minutes and play["location"] == "Kraków, Pionek"
    assert play["playDate"] == "2026-10-03 18:00:00"  # when play started
    shown = to_markdown(service.show_report(sid))
    assert f"Play time: {minutes} minute" in shown and "Played at: Kraków, Pionek" in shown
    assert f"Play time: {minutes} minute" in service.export(sid, "md")
    assert "Czas gry" in service.export(sid, "html", "pl")
    data = service.show_data(sid)["session"]
    assert data["play_minutes"] == minutes and data["place"] == "Kraków, Pionek"
    assert len(data["entry_times"]) == len(actions)


def test_imported_record_has_no_play_time(tmp_path):
    """A record typed in after the game has no times: no durationMin, no play time line."""
    from tests.conftest import EXAMPLES

    service = SessionService(Store(tmp_path))
    service.import_records([EXAMPLES / "two-players.json"], None, "en")
    assert "durationMin" not in json.loads(service.export("two-players", "bgstats"))
    assert "Play time" not in service.export("two-players", "md")


def test_new_place_is_remembered_for_the_next_game(tmp_path):
    data = tmp_path / "data"
    first = referee("--data-dir", data, "new", "--players", "Ola,Bartek", "--no-play", "--place", "Pionek")
    assert first.returncode == 0, first.stderr
    second = referee("--data-dir", data, "new", "--players", "Ola,Kasia", "--no-play", "--name", "next")
    assert second.returncode == 0 and "Pionek" in second.stdout
    assert Store(data).open("next", write=False).settings[PLACE] == "Pionek"


def test_the_place_remembered_reads_the_newest_sessions_not_the_whole_archive(tmp_path, monkeypatch):
    """``new`` listed every session of the archive (``Store.entries``: every index row checked) to
    find where the table played last: 0.8–1.2 s at 10,000 games against 0.3 s in an empty store.
    The newest sessions come from the index alone; each place is read from its file, and a
    damaged file among them is passed over."""
    from referee.store import sessions

    times = iter(f"2026-01-0{day}T20:00:00+00:00" for day in range(1, 10))
    monkeypatch.setattr(sessions, "now", lambda: next(times))  # (created a day apart)
    store = Store(tmp_path)
    service = SessionService(store)
    for name, place in (("first", "Pionek"), ("second", "Klub"), ("third", None)):
        service.new("kajko", ["Ola", "Bartek"], lang="en", name=name, place=place).close()
    monkeypatch.setattr(Store, "entries", lambda self: pytest.fail("the whole archive listed"))
    assert service.last_place() == "Klub"  # ("third" has none: the newest that says)
    store.session_path(store.resolve("second")).write_text("{ damaged", encoding="utf-8")
    assert service.last_place() == "Pionek"
    assert service.last_place(look=2) is None  # (it looks back no further than asked)
    assert SessionService(Store(tmp_path / "empty")).last_place() is None


def test_a_failed_save_keeps_no_time_of_the_entry_it_lost(table):
    """The entry's time is saved with the entry: a save that fails leaves the times as they were."""
    store, service, _clock = table
    from referee.core.registry import find

    game = find("kajko")
    session = service.new("kajko", ["Ola", "Bartek"], lang="en")
    sid = session.id
    session.close()
    _play(service, sid, game, random.Random(2), entries=2)
    with service.open_live(sid) as live:
        before = json.loads(json.dumps(live.session.settings[TIMES]))
        real = live.session.save

        def broken(*args, **kwargs):
            raise OSError("disk full")

        live.session.save = broken
        with pytest.raises(OSError):
            live.apply(game.random_action(live.state, random.Random(7)))
        assert live.session.settings[TIMES] == before and len(live.actions) == 2
        live.session.save = real
        live.apply(game.random_action(live.state, random.Random(7)))
    assert len(store.open(sid, write=False).settings[TIMES]["entries"]) == 3
