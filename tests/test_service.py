"""The session service (``referee.core.service``) over an in-memory archive: the ``Archive``
protocol is all it needs, and every rule of the session commands holds without the store or the CLI."""

from __future__ import annotations

import copy
import inspect
import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from referee.core import jsonio, registry
from referee.core.errors import RecordError, RefereeError, UsageError
from referee.core.report import Heading, Table
from referee.core.service import Archive, SessionHandle, SessionService, trim_finished
from tests.conftest import EXAMPLES


@dataclass
class MemorySession:
    archive: MemoryArchive
    id: str
    name: str
    game: str
    record: dict[str, Any]
    lang: str = "en"
    created: str = ""
    updated: str = ""
    complete: bool = False
    result: dict[str, Any] | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    writable: bool = False

    @property
    def players(self) -> list[str]:
        return list(self.record.get("players", []))

    @property
    def path(self) -> str:
        return f"memory:{self.id}"

    def save(self, record: dict[str, Any], *, complete: bool, result: dict[str, Any] | None = None
             ) -> None:
        assert self.writable, "saved through a read-only handle"
        self.record, self.complete = record, complete
        self.result = result if complete else None
        self.archive.clock += 1
        self.updated = f"t{self.archive.clock:04d}"
        self.archive.saves.append(self.id)
        self.archive.docs[self.id] = self.document()

    def document(self) -> dict[str, Any]:
        return copy.deepcopy({k: getattr(self, k) for k in (
            "id", "name", "game", "record", "lang", "created", "updated", "complete", "result",
            "settings")})

    def close(self) -> None:
        if self.writable:
            self.archive.locked.discard(self.id)
            self.writable = False


class MemoryArchive:
    """Everything the service may ask of an archive, in a dictionary."""

    def __init__(self) -> None:
        self.docs: dict[str, dict[str, Any]] = {}
        self.locked: set[str] = set()
        self.saves: list[str] = []
        self.clock = 0

    def create(self, name: str, game: str, record: dict[str, Any], lang: str,
               complete: bool = False, result: Any = None) -> MemorySession:
        return self.create_many([(name, game, record, lang, complete, result)], keep_open=True)[0]

    def create_many(self, items, keep_open: bool = False, resume: bool = False) -> list[MemorySession]:
        out = []
        for name, game, record, lang, complete, result in items:
            if any(d["name"] == name for d in self.docs.values()):
                raise RefereeError("core.store.name_taken", name=name)
            sid = name.lower().replace(" ", "-")
            self.clock += 1
            stamp = f"t{self.clock:04d}"
            s = MemorySession(self, sid, name, game, record, lang, stamp, stamp, complete,
                              result if complete else None)
            self.docs[sid] = s.document()
            if keep_open:
                s.writable = True
                self.locked.add(sid)
            out.append(s)
        return out

    def resolve(self, key: str, leftovers: bool = False) -> str:
        if key in self.docs:
            return key
        for sid, d in self.docs.items():
            if d["name"] == key:
                return sid
        raise RefereeError("core.store.not_found", session=key)

    def open(self, key: str, write: bool = True) -> MemorySession:
        sid = self.resolve(key)
        if write:
            if sid in self.locked:
                raise RefereeError("core.store.locked", session=sid, pid="?")
            self.locked.add(sid)
        return MemorySession(self, **copy.deepcopy(self.docs[sid]), writable=write)

    def entries(self) -> list[dict[str, Any]]:
        return [{**{k: d[k] for k in ("id", "name", "game", "created", "updated", "complete",
                                      "result")},
                 "players": list(d["record"].get("players", [])),
                 "date": str(d["record"].get("date") or d["created"])} for d in self.docs.values()]

    def newest(self, count: int) -> list[str]:
        return [d["id"] for d in sorted(self.docs.values(), key=lambda d: (d["created"], d["id"]),
                                        reverse=True)[:count]]

    def settings_of(self, key: str) -> dict[str, Any]:
        return copy.deepcopy(self.docs[self.resolve(key)]["settings"])

    def delete(self, key: str) -> str:
        sid = self.resolve(key)
        del self.docs[sid]
        return sid

    def unique_name(self, name: str) -> str:
        taken = {d["name"] for d in self.docs.values()} | set(self.docs)
        candidate, k = name, 2
        while candidate in taken:
            candidate, k = f"{name} ({k})", k + 1
        return candidate


def test_the_memory_archive_has_every_member_of_the_archive_interface():
    """The service is tested against ``MemoryArchive``: a member the interface gains (``newest``,
    ``settings_of`` for ``last_place``) must be there too, or those tests would not reach it."""
    from referee.core.service import Archive

    members = {name for name in vars(Archive) if not name.startswith("_")}
    assert members and members <= set(dir(MemoryArchive)), members - set(dir(MemoryArchive))


def test_last_place_is_the_newest_sessions_place_over_any_archive():
    sessions, archive = service()
    for name, place in (("first", "Pionek"), ("second", None)):
        sessions.new("kajko", ["Ola", "Bartek"], lang="en", name=name, place=place).close()
    assert sessions.last_place() == "Pionek"
    assert sessions.last_place(look=1) is None


def service() -> tuple[SessionService, MemoryArchive]:
    archive = MemoryArchive()
    return SessionService(archive, is_color=lambda c: c in {"red", "green", "blue", "magenta"}), archive


def load(path):
    document = jsonio.loads(path.read_text(encoding="utf-8"))
    game = registry.for_document(document, None)
    return game, game.parse_record(document)


def imported(*names):
    svc, archive = service()
    svc.import_records([EXAMPLES / n for n in names], None, "en", load)
    return svc, archive


def members(protocol) -> set[str]:
    return {n for n in vars(protocol) if not n.startswith("_")} | set(
        getattr(protocol, "__annotations__", {}))


def test_the_real_store_is_an_archive():
    """``referee.store.sessions.Store`` and its ``Session`` have everything the protocols name,
    with parameters the service can pass (checked structurally: no store import in core)."""
    from referee.store.sessions import Session, Store

    for protocol, real in ((Archive, Store), (SessionHandle, Session)):
        fields = set(getattr(real, "__dataclass_fields__", {}))
        for name in members(protocol):
            assert hasattr(real, name) or name in fields, (real.__name__, name)
            wanted = getattr(protocol, name, None)
            if inspect.isfunction(wanted):
                theirs = inspect.signature(getattr(real, name)).parameters
                for p in inspect.signature(wanted).parameters:
                    assert p in theirs, (real.__name__, name, p)


def test_core_knows_no_archive_and_no_cli():
    import re
    from pathlib import Path

    import referee.core

    for path in Path(referee.core.__file__).parent.glob("*.py"):
        assert not re.search(r"^\s*(from|import)\s+referee\.(store|cli)\b", path.read_text(), re.M), path


# -- new


def test_new_builds_the_record_from_the_games_meta_keys_and_names_it_uniquely():
    svc, _archive = service()
    a = svc.new(None, [" Ala", "Bob "], lang="pl", colors=["red", "blue"])
    assert a.players == ["Ala", "Bob"] and a.lang == "pl" and a.writable
    assert a.record["colors"] == {"Ala": "red", "Bob": "blue"} and "date" in a.record
    assert a.name == f"{a.record['date']} Ala, Bob"
    a.close()
    b = svc.new(None, ["Ala", "Bob"], lang="en")
    assert b.name.endswith("(2)") and b.record["colors"] == {"Ala": "red", "Bob": "green"}
    k = svc.new("kajko", ["Ola", "Ewa"], lang="en", variants=["dusigrosz"], name="Friday")
    assert k.name == "Friday" and k.game == "kajko-kokosz"
    assert k.record["variants"] == {"dusigrosz": True} and "colors" not in k.record


@pytest.mark.parametrize("args, key", [
    (dict(game_name="kajko", variants=["dragons"]), "core.cli.no_variant"),
    (dict(game_name="medieval", hints=True), "core.cli.no_hints"),  # (no memory aid)
    (dict(game_name="kajko", colors=["red", "blue"]), "core.cli.no_colors"),
    (dict(game_name=None, colors=["red"]), "core.cli.colors_count"),
    (dict(game_name=None, colors=["red", "red"]), "core.cli.colors_twice"),
    (dict(game_name=None, colors=["red", "plaid"]), "core.cli.bad_color"),
])
def test_new_refuses_options_the_game_has_not_and_creates_nothing(args, key):
    svc, archive = service()
    with pytest.raises(RefereeError) as info:
        svc.new(players=["Ala", "Bob"], lang="en", **args)
    assert info.value.key == key
    usage = key in {"core.cli.no_variant", "core.cli.no_hints", "core.cli.no_colors"}
    assert isinstance(info.value, UsageError) == usage  # exit 2: the command line asks the impossible
    assert archive.docs == {}


def test_new_checks_the_players_by_replaying():
    svc, archive = service()
    with pytest.raises(RecordError) as info:
        svc.new(None, ["Ala", "Ala"], lang="en")
    assert info.value.rule == "NG-C1" and archive.docs == {}


# -- live play


@pytest.mark.parametrize("game_name, players, seed", [
    (None, ["Ola", "Bartek", "Ewa"], 1), ("kajko", ["Ola", "Bartek", "Ewa"], 2)])
def test_a_whole_game_is_saved_once_per_entry(game_name, players, seed):
    svc, archive = service()
    session = svc.new(game_name, players, lang="en", variants=None)
    session.close()
    rng = random.Random(seed)
    with svc.open_live(session.id) as live:
        game = live.game
        while not live.over:
            before = len(archive.saves)
            live.apply(game.random_action(live.state, rng))
            assert len(archive.saves) == before + 1  # on disk before the next question
            saved = game.parse_record(archive.docs[session.id]["record"]).replay()[1]
            assert [s.action for s in saved] == live.actions
        summary = live.summary()
    assert session.id not in archive.locked
    entry = archive.entries()[0]
    assert entry["complete"] and entry["result"]["winners"] == game.replay_output(live.state)["winners"]
    assert summary and all(not isinstance(b, str) for b in summary)


def test_an_illegal_action_changes_and_saves_nothing():
    svc, archive = service()
    sid = svc.new(None, ["Ola", "Bartek"], lang="en").id
    archive.locked.clear()
    rng = random.Random(4)
    with svc.open_live(sid) as live:
        for _ in range(3):
            live.apply(live.game.random_action(live.state, rng))
        snapshot, actions, saves = live.state.snapshot(), list(live.actions), len(archive.saves)
        with pytest.raises(RecordError):
            live.apply(live.actions[0])  # round 1's event again: not what the table expects now
        assert live.state.snapshot() == snapshot and live.actions == actions
        assert len(archive.saves) == saves


def secret_game():
    """A Na Grunwald! session whose last entry is a revealed skirmish."""
    game = registry.find(None)
    from referee.games.grunwald import bot

    _, target = bot.play_sensible_game(["Ola", "Bartek"], random.Random(5))
    k = next(i for i, a in enumerate(target) if game.is_secret(a) and getattr(a, "cards", None))
    svc, archive = service()
    sid = svc.new(None, ["Ola", "Bartek"], lang="en").id
    archive.locked.clear()
    with svc.open_live(sid) as live:
        for a in target[: k + 1]:
            live.apply(a)
    return svc, archive, sid, k


def test_undo_at_the_table_asks_everybody_for_a_secret_entry():
    svc, archive, sid, k = secret_game()
    with svc.open_live(sid) as live:
        assert live.needs_agreement() == ["Ola", "Bartek"]
        asked = []
        saves = len(archive.saves)
        assert live.undo(lambda players: asked.append(players) or False).status == "refused"
        assert live.undo().status == "refused"  # nobody asked: it stays
        assert asked == [["Ola", "Bartek"]] and len(live.actions) == k + 1
        assert len(archive.saves) == saves
        done = live.undo(lambda players: True)
        assert done.status == "done" and done.what and len(live.actions) == k
        assert len(archive.saves) == saves + 1
        assert live.needs_agreement() == []
    state, steps = registry.find(None).parse_record(archive.docs[sid]["record"]).replay()
    assert len(steps) == k and state.snapshot() == live.state.snapshot()


def test_undo_at_the_table_with_nothing_to_take_back():
    svc, archive = service()
    sid = svc.new(None, ["Ola", "Bartek"], lang="en").id
    archive.locked.clear()
    with svc.open_live(sid) as live:
        assert live.undo(lambda players: True).status == "nothing" and archive.saves == []


def test_the_memory_aid_is_kept_with_the_session():
    svc, archive = service()
    sid = svc.new("kajko", ["Ola", "Ewa"], lang="en").id
    archive.locked.clear()
    with pytest.raises(UsageError):
        svc.open_live(svc.new("medieval", ["A", "B"], lang="en"), hints=True)
    with svc.open_live(sid, hints=True) as live:
        assert live.hints
        live.apply(live.game.random_action(live.state, random.Random(1)))
    with svc.open_live(sid) as live:
        assert live.hints and live.lang == "en"
    with svc.open_live(sid, hints=False, lang="pl") as live:
        assert not live.hints and live.t.lang == "pl"


def test_the_memory_aid_chosen_is_kept_even_before_the_first_entry():
    """``play --hints`` then Ctrl-C before any entry: the next ``play`` still shows the aid."""
    svc, archive = service()
    sid = svc.new("kajko", ["Ola", "Ewa"], lang="en").id
    archive.locked.clear()
    with svc.open_live(sid, hints=True) as live:
        assert archive.docs[sid]["settings"].get("hints") is None  # (nothing written yet)
        live.keep_choices()  # once the command may go on; then stopped at the first question
    assert archive.docs[sid]["settings"]["hints"] is True
    with svc.open_live(sid) as live:
        assert live.hints
    saves = len(archive.saves)
    with svc.open_live(sid, hints=True) as live:  # the same choice again: nothing to write
        live.keep_choices()
    assert len(archive.saves) == saves


# -- the undo command


def test_undo_command_policy():
    svc, archive, sid, k = secret_game()
    with pytest.raises(RefereeError) as info:
        svc.undo(sid, k + 5, False)
    assert info.value.key == "core.cli.undo_too_far"
    with pytest.raises(RefereeError) as info:
        svc.undo(sid, 1, False)
    assert info.value.key == "grunwald.cli.undo_secret"
    before, saves = copy.deepcopy(archive.docs), len(archive.saves)
    plans = []
    assert svc.undo(sid, 2, True, confirm=lambda plan: plans.append(plan) or False) is None
    assert archive.docs == before and len(archive.saves) == saves and sid not in archive.locked
    assert plans[0].steps == 2 and len(plans[0].entries) == 2 and plans[0].lang == "en"
    done = svc.undo(sid, 2, True, lang="pl")
    assert done.entries and done.lang == "pl" and len(archive.saves) == saves + 1
    steps = registry.find(None).parse_record(archive.docs[sid]["record"]).replay()[1]
    assert len(steps) == k - 1 and sid not in archive.locked


# -- list, show, export, import, delete, stats


def test_list_status_replays_only_the_unfinished():
    svc, archive = imported("two-players.json", "in-progress-three-players.json")
    archive.docs["two-players"]["record"] = {"broken": True}  # finished: read from its entry
    damaged = svc.new(None, ["Ola", "Ewa"], lang="en", name="damaged")
    damaged.close()
    archive.docs["damaged"]["record"]["players"] = ["Ola", "Ola"]
    rows = {r["id"]: r for r in svc.list_status("en")}
    assert rows["two-players"]["complete"] and rows["two-players"]["winners"] == ["Ola"]
    progress = rows["in-progress-three-players"]
    assert progress["round"] == 6 and progress["progress"] and "awaiting" in progress
    assert rows["damaged"]["error"] is True
    assert "progress" not in svc.list_status()[1]  # data only
    assert list(svc.list_status()[0])[:7] == ["id", "name", "game", "players", "created",
                                               "updated", "complete"]


def test_trim_finished_keeps_the_most_recent():
    rows = [{"id": i, "complete": i % 2 == 0, "updated": f"t{i:02d}"} for i in range(10)]
    kept, hidden = trim_finished(rows, 2)
    assert [r["id"] for r in kept] == [1, 3, 5, 6, 7, 8, 9] and hidden == 3
    assert trim_finished(rows, 5) == (rows, 0)


def test_show_export_import_delete():
    svc, archive = imported("four-players.json", "kajko/three-players.json")
    assert svc.show_data("four-players")["session"]["name"] == "four-players"
    assert svc.show_data("four-players")["winners"] == ["Marek"]
    assert isinstance(svc.show_report("three-players", "pl")[0], Heading)
    for name in ("four-players.json", "kajko/three-players.json"):
        text = svc.export(name.split("/")[-1][:-5], "record")
        assert text == (EXAMPLES / name).read_text(encoding="utf-8")
    assert svc.export("four-players", "csv").count("\n") >= 5
    with pytest.raises(RefereeError) as info:
        svc.import_records([EXAMPLES / "two-players.json", EXAMPLES / "three-players.json"], "x",
                           "en", load)
    assert info.value.key == "core.cli.import_one_name"
    bad = EXAMPLES / "nope.json"
    with pytest.raises(Exception):
        svc.import_records([EXAMPLES / "two-players.json", bad], None, "en", load)
    assert set(archive.docs) == {"four-players", "three-players"}  # one bad file: nothing
    assert svc.delete("four-players", confirm=lambda sid: False) == ("four-players", False)
    assert "four-players" in archive.docs
    assert svc.delete("four-players", confirm=lambda sid: sid == "four-players") == ("four-players", True)
    assert svc.delete("three-players") == ("three-players", True) and archive.docs == {}


def test_stats_and_its_report():
    svc, _ = imported("two-players.json", "three-players.json", "four-players.json",
                      "in-progress-three-players.json")
    svc.import_records([EXAMPLES / "kajko" / "three-players.json"], "kajko", "en", load)
    result = svc.stats()
    assert set(result) == {"na-grunwald", "kajko-kokosz"} and result["na-grunwald"]["games"] == 3
    assert svc.stats(game_name="grunwald", player="Marek")["na-grunwald"]["games"] == 2
    with pytest.raises(RefereeError) as info:
        svc.stats(since="yesterday")
    assert info.value.key == "core.cli.bad_date"
    report = svc.stats_report(result, "en")
    headings = [b.text for b in report if isinstance(b, Heading)]
    assert any("3 finished games" in h for h in headings) and len(headings) == 2
    # per game: the overview and the detail, then (issue 26) head to head and streaks, and for
    # Na Grunwald!'s three player counts the results by count; then the ratings of each game
    assert sum(isinstance(b, Table) for b in report) == 4 + 2 + 2 + 1 + 2
    assert svc.stats_report(svc.stats(players_count=9), "en") is None
