"""The session service: the application between the rules and an archive of sessions.

Everything a session command decides lives here, once, for every game: the options of a new game
(variants, the memory aid, colours), its record's metadata, the players' check by replaying, the
live play (each action validated on a copy, applied and saved before the next question), the undo
policy (secret entries need every player's agreement), the status of unfinished sessions, export,
import and the statistics.  The CLI only asks and draws: questions reach the service as answers or
callbacks, and what the players read comes back as catalog texts or ``core.report`` reports.

The archive is anything shaped like ``Archive`` (``referee.store.sessions.Store`` is one); core
never imports the store or the CLI.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any, Protocol, cast

from referee.core import registry
from referee.core.errors import RecordError, RefereeError, SessionDamaged, UsageError
from referee.core.fix import Correction, public_trail, trail_report
from referee.core.game import Game, hidden_of, standing_of
from referee.core.records import load_record
from referee.core.report import Line, Report
from referee.core.text import catalog

#: the players' colours when the table names none (in seating order)
PALETTE = ["red", "green", "magenta", "yellow", "cyan", "blue"]


# --------------------------------------------------------------------------------------------
# what the service needs of an archive


class SessionHandle(Protocol):
    """One session of the archive, opened (for writing, it is locked until ``close``)."""

    id: str
    name: str
    game: str  # the record's ``game`` value
    lang: str  # the language it was created in
    created: str
    updated: str
    record: dict[str, Any]
    #: the table's preferences for this session (e.g. the memory aid), kept with it
    settings: dict[str, Any]

    @property
    def players(self) -> list[str]: ...

    @property
    def path(self) -> Any:
        """Where it lives (errors in its record name it)."""

    def save(self, record: dict[str, Any], *, complete: bool, result: dict[str, Any] | None = None
             ) -> None:
        """Persist the record (with the settings) before returning."""

    def close(self) -> None: ...


class Archive(Protocol):
    def create(self, name: str, game: str, record: dict[str, Any], lang: str) -> SessionHandle:
        """A new session, left open for writing."""

    def create_many(self, items: list[tuple[str, str, dict[str, Any], str, bool, Any]], *,
                    resume: bool = False) -> Sequence[SessionHandle]:
        """New sessions ``(name, game, record, lang, complete, result)``, all or none, closed
        (``resume``: a name held by a session with the same game and record is that session,
        with ``existed`` true)."""

    def open(self, key: str, write: bool = True) -> SessionHandle:
        """A session; for writing it is locked until ``close``, read-only (``write=False``) it
        holds nothing and needs no ``close``."""

    def entries(self) -> list[dict[str, Any]]:
        """Every session's entry: ``id``, ``name``, ``game``, ``players``, ``created``,
        ``updated``, ``complete``, ``result`` (a finished game's result summary), ``date``."""

    def newest(self, count: int) -> list[str]:
        """The ids of the ``count`` sessions created last, the newest first (cheap at any size
        of the archive)."""

    def settings_of(self, key: str) -> dict[str, Any]:
        """A session's settings (``place`` …), without working out a finished game's result."""

    def delete(self, key: str) -> str: ...

    def unique_name(self, name: str) -> str: ...

    def resolve(self, key: str, leftovers: bool = False) -> str:
        """The id of the session ``key`` names (``leftovers``: or of what an interrupted delete
        left of one, for ``delete`` to finish)."""


# --------------------------------------------------------------------------------------------
# the rules of the application, each in one place


def replay(game: Game, record: dict[str, Any], source: Any = None) -> tuple[Any, Any, list[Any]]:
    """Parse and replay a record: ``(parsed, state, actions)``; errors in a stored session name
    its file (``source``)."""
    try:
        parsed = game.parse_record(record)
        state, steps = parsed.replay()
    except RecordError as error:
        if source is not None:  # a stored session that breaks a rule: a damaged store file
            raise SessionDamaged(source, error) from None
        raise
    except _BROKEN:
        if source is None:
            raise
        # a stored record the game cannot even read (the store is input too): that one session
        # is damaged, never a traceback that takes the archive down
        raise SessionDamaged(source, RefereeError("core.store.bad_record")) from None
    return parsed, state, [s.action for s in steps]


#: what reading a record of the wrong shape may raise in a game's parser
_BROKEN = (TypeError, ValueError, KeyError, AttributeError, IndexError, RecursionError)


def game_of(session: Any) -> Game:
    """The game of a stored session (a game this referee does not know: a damaged file)."""
    try:
        return registry.find(session.game)
    except UsageError as error:
        raise SessionDamaged(session.path, error) from None


def _save(session: SessionHandle, game: Game, record: dict[str, Any], state: Any) -> None:
    """The one place a session is written (play, undo at the table and the undo command)."""
    over = game.is_over(state)  # (the result is kept only for a finished game)
    session.save(record, complete=over, result=game.result_summary(state) if over else None)


def needs_agreement(game: Game, entries: Iterable[Any]) -> bool:
    """Taking back any of these entries lets players choose again after a reveal: only with every
    player's agreement."""
    return any(game.is_secret(a) for a in entries)


def short_title(name: object) -> str:
    """A game's short title (or its name as stored, for a game this referee does not know)."""
    try:
        return registry.get(str(name)).info.short_title
    except KeyError:
        return str(name)


def trim_finished(rows: list[dict[str, Any]], keep: int) -> tuple[list[dict[str, Any]], int]:
    """Every unfinished row and the ``keep`` most recently updated finished ones; and how many
    finished ones were left out."""
    finished = [r for r in rows if r["complete"]]
    if len(finished) <= keep:
        return rows, 0
    recent = sorted(finished, key=lambda r: r.get("updated") or "", reverse=True)[:keep]
    kept = {id(r) for r in recent}
    return [r for r in rows if not r["complete"] or id(r) in kept], len(finished) - keep


# --------------------------------------------------------------------------------------------
# results the CLI shows


@dataclass
class Draft:
    """A new session, checked and not yet created."""

    game: Game
    players: list[str]
    record: dict[str, Any]
    name: str
    named: bool  # the table named it (else the name is made unique when it is created)
    lang: str
    place: str | None = None  # where it is played (kept with the session, not in the record)


@dataclass
class UndoPlan:
    """What an undo would take back (for the question before it happens)."""

    steps: int
    entries: list[str]  # each entry in words, in the session's language (or the one asked for)
    lang: str


@dataclass
class Undone:
    """The outcome of an undo at the table: ``"nothing"`` to take back, ``"refused"`` by a player,
    or ``"done"`` (``what``: the entry taken back, in words)."""

    status: str
    what: str = ""


@dataclass
class Fixed:
    """The outcome of a correction: ``"done"``, ``"cancelled"`` (a later entry broke and the
    table kept the record) or ``"refused"`` (not every player agreed); ``hidden``: the game is in
    progress and its table does not play open."""

    correction: Correction
    lang: str
    status: str
    hidden: bool = False
    prefix: str = ""  # the game's catalog namespace (its names for scores, titles, sides)


def hides_private(game: Game, session: Any, state: Any) -> bool:
    """Whether the table may not see a game's private facts now: a game with private facts, in
    progress, whose table does not play open (a correction's values are then not said)."""
    return getattr(game, "public_output", None) is not None and not is_open(session) \
        and not game.is_over(state)


def fix_reason(error: RecordError, lang: str, hidden: bool = False) -> str:
    """Why an entry is no longer legal: its rule id and message (as errors write them);
    ``hidden``: a game in progress whose table does not play open hears the rule id only (the
    message may name a private fact: a hand, a bag)."""
    said = error.as_dict(lang)
    if hidden and said["rule"]:
        return str(said["rule"])
    return f"{said['rule']}: {said['message']}" if said["rule"] else str(said["message"])


#: how long a name the referee derives may be (a session name holds at most 200 characters:
#: this leaves room for `` (12)`` and more when the name is taken)
DERIVED_NAME = 180
#: how many free names a new session tries when other tables take them at the same moment
NAME_ATTEMPTS = 20


def default_name(today: str, players: Sequence[str]) -> str:
    """The name of a session the table did not name: the date and the players, shortened (with
    "…") to fit however long the names are."""
    name = f"{today} {', '.join(players)}"
    return name if len(name) <= DERIVED_NAME else name[: DERIVED_NAME - 1].rstrip(", ") + "…"


def chosen_name(name: str) -> str:
    """A name the table typed (``--name``): an empty one is refused, never replaced by a
    default."""
    if not name.strip():
        raise RefereeError("core.store.bad_name", name=name)
    return name


# --------------------------------------------------------------------------------------------
# live play


#: the session setting that keeps the answers of an entry not complete yet
PENDING = "pending"
#: the session setting that keeps when it was played (issue 26): ``sittings`` (``[start, last
#: entry]`` of each time the table played it: from the moment ``play`` opened it to its last entry
#: there), ``entries`` (when each entry of the record was made; ``None`` where not known) and
#: ``ended`` (when the game ended)
TIMES = "times"
#: the session setting of where the game is played (``new --place``)
PLACE = "place"


def clock() -> str:
    """Now, UTC, to the second (ISO 8601): how the session's times are kept."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def _times(settings: dict[str, Any]) -> dict[str, Any]:
    times = settings.get(TIMES)
    return times if isinstance(times, dict) else {}


def _after_undo(settings: dict[str, Any], kept: int) -> None:
    """The times after an undo: the taken-back entries' times go, and the game has not ended."""
    times = _times(settings)
    if times:
        settings[TIMES] = {**times, "entries": list(times.get("entries") or [])[:kept], "ended": None}


def play_minutes(settings: dict[str, Any]) -> int | None:
    """How long the table played, in whole minutes (the sittings added up; a break between two
    sittings is not play), or ``None`` where the session kept no times (an imported record)."""
    total = 0.0
    sittings = _times(settings).get("sittings")
    if not isinstance(sittings, list) or not sittings:
        return None
    for sitting in sittings:
        try:
            start, last = (datetime.fromisoformat(x) for x in sitting)
        except (TypeError, ValueError):
            return None  # not the referee's own: no time rather than a wrong one
        total += max((last - start).total_seconds(), 0)
    return round(total / 60)


def _local(stamp: str) -> str:
    """A kept time as the table reads it: local, to the minute."""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except (TypeError, ValueError):
        return str(stamp)


def played(settings: dict[str, Any], t: Any) -> Report:
    """Where and how long the game was played, as the summaries say it (nothing kept: nothing)."""
    out: Report = []
    place = settings.get(PLACE)
    if isinstance(place, str) and place:
        out.append(Line(t("core.cli.played_at", place=place)))
    minutes, started = play_minutes(settings), play_started(settings)
    if minutes is not None and started is not None:
        ended = _times(settings).get("ended")
        key = "core.cli.play_time_ended" if isinstance(ended, str) else "core.cli.play_time"
        out.append(Line(t(key, minutes=minutes, started=_local(started),
                          ended=_local(ended) if isinstance(ended, str) else "")))
    return out


def play_started(settings: dict[str, Any]) -> str | None:
    sittings: Any = _times(settings).get("sittings")  # (stored JSON: checked by the try)
    try:
        return str(sittings[0][0])
    except (TypeError, IndexError, KeyError):
        return None


#: the session setting of a table that plays open (``--open``: private facts on the screen)
OPEN = "open"


def is_open(session: Any) -> bool:
    """Whether the session's table plays open (its private facts may be shown)."""
    return bool(getattr(session, "settings", {}).get(OPEN))


def public_view(game: Game, session: Any, state: Any, data: dict[str, Any],
                over: bool | None = None) -> dict[str, Any]:
    """``data`` (a replay output) as the table may see it: a game in progress shows public facts
    only (the game's ``public_output`` hides the private ones) unless its table plays open."""
    hide = getattr(game, "public_output", None)
    if hide is None or is_open(session) or (game.is_over(state) if over is None else over):
        return data
    hints = bool(getattr(session, "settings", {}).get("hints"))  # the table's memory aid
    shown: dict[str, Any] = hide(state, data, hints=hints)
    return shown


class Live:
    """A session open for play.  ``apply`` and ``undo`` save before they return, so every
    confirmed answer is on disk before the next question appears."""

    def __init__(self, session: SessionHandle, game: Game, lang: str, hints: bool,
                 now: Callable[[], str] = clock, open_table: bool = False) -> None:
        self.session = session
        self.now = now
        self.opened = now()  # this sitting at the table starts when play opens the session
        self.sitting: int | None = None  # its place in the sittings, from its first entry
        self.game = game
        self.lang = lang
        self.t = catalog(lang)
        self.hints = hints
        #: the table plays open (``--open``): private facts are shown, no private moment
        self.open = open_table
        parsed, self.state, self.actions = replay(game, session.record, session.path)
        self.meta: dict[str, Any] = parsed.meta
        self.colors: dict[str, str] = parsed.meta.get("colors") or dict(zip(session.players, PALETTE))

    #: the table's choices for this session (the memory aid) differ from those saved
    choices_changed = False

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    # -- the answers of an entry not complete yet (issue 16): every confirmed answer is saved at
    # once, so Ctrl-C after typing an event's name resumes at the question after it

    _digest: tuple[Any, str] | None = None  # (the record, its digest): one per entry, not per answer

    def _record_digest(self) -> str:
        import hashlib

        record = self.session.record  # (a save puts a new record in place, never changes one)
        if self._digest is not None and self._digest[0] is record:
            return self._digest[1]
        text = json.dumps(record, sort_keys=True, ensure_ascii=False, default=str)
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
        self._digest = (record, digest)
        return digest

    def kept_answers(self) -> list[Any]:
        """The answers kept from an interrupted entry, if the record is still the one they
        follow."""
        kept = self.session.settings.get(PENDING)
        if not isinstance(kept, dict) or kept.get("record") != self._record_digest():
            return []
        answers = kept.get("answers")
        return answers if isinstance(answers, list) else []

    def keep_answers(self, tokens: list[dict[str, Any]]) -> None:
        self.session.settings[PENDING] = {"record": self._record_digest(), "answers": list(tokens)}
        self.save_settings()

    def drop_kept_answers(self) -> Any:
        """Forget the kept answers (the entry is complete or taken back); returns what was kept
        (saved with the next write)."""
        return self.session.settings.pop(PENDING, None)

    def save_settings(self) -> None:
        """Save the session's settings (the record as it is)."""
        _save(self.session, self.game, self.session.record, self.state)

    def keep_choices(self) -> None:
        """Save the table's choices now (``play --hints``), not only with the first entry: a
        table that stops before it keeps them.  Called once the command may go on (a refused
        command changes nothing)."""
        if self.choices_changed:
            self.save_settings()
            self.choices_changed = False

    def dialog(self) -> Any:
        """The questions of the next entry (a ``core.dialog`` dialog)."""
        if self.open:  # (a game's dialog shows its private facts on the shared screen)
            return self.game.dialog(self.state, self.t, self.colors, hints=self.hints, open=True)
        return self.game.dialog(self.state, self.t, self.colors, hints=self.hints)

    def apply(self, action: Any) -> Report:
        """Validate ``action`` on a copy, apply it, save; returns what the rules resolved."""
        trial = self.state.copy()
        self.game.apply(trial, action)  # the engine validates every action again
        marker = self.game.news_marker(self.state)
        actions = [*self.actions, action]
        before = self.session.settings.get(TIMES)
        sitting = self._stamp(len(self.actions), self.game.is_over(trial))
        try:
            self._write(actions, trial)  # saved first: a failed save changes nothing, shows nothing
        except BaseException:
            self.session.settings[TIMES] = before
            if before is None:
                self.session.settings.pop(TIMES, None)
            raise
        self.state, self.actions, self.sitting = trial, actions, sitting
        return self.game.news(self.t, marker, self.state)

    def _stamp(self, made: int, over: bool) -> int:
        """Keep the time of the entry being made (after ``made`` entries) in the settings: its
        time, this sitting's last entry and, if it ends the game, the end; returns the sitting's
        place."""
        stamp = self.now()
        times = _times(self.session.settings)
        entries = list(times.get("entries") or [])[:made]
        entries += [None] * (made - len(entries)) + [stamp]
        sittings = [list(x) for x in times.get("sittings") or [] if isinstance(x, list)]
        sitting = self.sitting
        if sitting is None or sitting >= len(sittings):
            sittings.append([self.opened, stamp])
            sitting = len(sittings) - 1
        else:
            sittings[sitting][1] = stamp
        self.session.settings[TIMES] = {"sittings": sittings, "entries": entries,
                                        "ended": stamp if over else None}
        return sitting

    def needs_agreement(self) -> list[str]:
        """Who must agree before the last entry is taken back (nobody: ``[]``)."""
        if self.actions and needs_agreement(self.game, self.actions[-1:]):
            return list(self.state.names)
        return []

    def undo(self, agree: Callable[[list[str]], bool] | None = None) -> Undone:
        """Take back the last entry.  A secret one needs ``agree(players)`` to say yes (no
        callback: it stays)."""
        if not self.actions:
            return Undone("nothing")
        players = self.needs_agreement()
        if players and (agree is None or not agree(players)):
            return Undone("refused")
        what = self.game.describe(self.t, self.actions[-1])
        kept = self.actions[:-1]
        _after_undo(self.session.settings, len(kept))
        self.state = self._write(kept)  # saved before anything is said
        self.actions = kept
        return Undone("done", what)

    def summary(self) -> Report:
        return self.game.summary(self.state, self.t, self.session.name)

    def last_news(self) -> Report:
        """The last entry and what the rules resolved after it, as play showed them (said again
        when a session is resumed); ``[]`` before the first entry."""
        if not self.actions:
            return []
        before = replay(self.game, self.game.write_record(self.session.players, self.actions[:-1],
                                                          self.meta))[1]
        what = self.game.describe(self.t, self.actions[-1])
        news = self.game.news(self.t, self.game.news_marker(before), self.state)
        if any(what in getattr(block, "text", "") for block in news):
            return news  # the game's news says the entry already ("Recorded: …"): once is enough
        return [Line(self.t("core.cli.last_entry", what=what)), *news]

    def _write(self, actions: list[Any], state: Any = None) -> Any:
        """Save the record of ``actions`` whose state is ``state`` (``None``: after an undo, the
        state is rebuilt from the shorter record: undo is "drop the last entry and replay");
        returns the state."""
        record = self.game.write_record(self.session.players, actions, self.meta)
        if state is None:
            state = replay(self.game, record)[1]
        _save(self.session, self.game, record, state)
        return state

    def close(self) -> None:
        self.session.close()

    def __enter__(self) -> Live:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _day(since: str | None) -> str | None:
    """``--since``: a day (``YYYY-MM-DD``), else a usage error."""
    if since is None:
        return None
    try:
        return date.fromisoformat(since).isoformat()
    except ValueError:
        raise UsageError("core.cli.bad_date", value=since) from None


#: the exports that are logged plays (``core.plays``)
PLAY_FORMATS = ("bgstats", "bgg")


def render_plays(plays: list[dict[str, Any]], fmt: str, link: bool, single: bool) -> str:
    """Logged plays as ``bgstats`` (one object, or a list; ``link``: the links, one a line) or
    ``bgg`` XML."""
    from referee.core import jsonio
    from referee.core import plays as formats

    if link:
        return "".join(formats.bgstats_link(p) + "\n" for p in plays)
    if fmt == "bgg":
        return formats.bgg_xml(plays, single)
    data = [formats.bgstats(p) for p in plays]
    return jsonio.dumps_pretty(data[0] if single else data)


# --------------------------------------------------------------------------------------------
# the service


class SessionService:
    """The session commands of every game over one archive.

    ``is_color``: whether a colour name is one the table's display knows (the CLI passes Rich's
    parser; the service checks only that each player has one, all different, when it is absent).
    """

    def __init__(self, archive: Archive, *, is_color: Callable[[str], bool] | None = None,
                 now: Callable[[], str] = clock) -> None:
        self.archive = archive
        self.is_color = is_color
        self.now = now  # the clock of the session's times

    # -- new
    def options(self, game_name: str | None, variants: Sequence[str] | None = None,
                hints: bool | None = None) -> tuple[Game, dict[str, Any]]:
        """The game and the record keys of the chosen variants (``UsageError`` for options the
        game does not have)."""
        game = registry.find(game_name)
        setup: dict[str, Any] = {}
        for v in variants or []:
            if v not in game.info.variants:
                raise UsageError("core.cli.no_variant", game=game.info.title, variant=v,
                                 known=", ".join(game.info.variants) or "-")
            setup.setdefault("variants", {})[v] = True
        if hints and not game.info.has_hints:
            raise UsageError("core.cli.no_hints", game=game.info.title)
        return game, setup

    def plan(self, game: Game | str | None, players: Sequence[str], *, lang: str,
             colors: Sequence[str] | None = None, setup: dict[str, Any] | None = None,
             name: str | None = None, place: str | None = None) -> Draft:
        """Check a new session without creating it: colours, the record's metadata (only the
        keys the game's record holds) and the players (by replaying the empty record);
        ``place``: where it is played."""
        if game is None or isinstance(game, str):
            game = registry.find(game)
        players = [unicodedata.normalize("NFC", p.strip()) for p in players]  # one form each
        if colors is not None and "colors" not in game.info.meta_keys:
            raise UsageError("core.cli.no_colors", game=game.info.title)
        colors = list(colors or PALETTE[: len(players)])
        if len(colors) != len(players):
            raise RefereeError("core.cli.colors_count", players=len(players), colors=len(colors))
        self.check_colors(colors)
        today = date.today().isoformat()
        extras = {"date": today, "colors": dict(zip(players, colors))}
        # only what the game's record format holds (a record is a public contract)
        meta = {**(setup or {}), **{k: v for k, v in extras.items() if k in game.info.meta_keys}}
        record = game.new_record(players, meta)
        game.parse_record(record).replay()  # validates the players (NG-C1, KK-3 …)
        place = " ".join(place.split()) if isinstance(place, str) else None
        if name is not None:
            return Draft(game, players, record, chosen_name(name), True, lang, place or None)
        return Draft(game, players, record, default_name(today, players), False, lang, place or None)

    def check_colors(self, colors: Sequence[str]) -> None:
        if len(set(colors)) != len(colors):
            raise RefereeError("core.cli.colors_twice")
        from referee.core.colors import is_color

        for c in colors:
            if not is_color(c) or (self.is_color is not None and not self.is_color(c)):
                raise RefereeError("core.cli.bad_color", color=c[:40])

    def create(self, draft: Draft) -> SessionHandle:
        """The session of a checked draft (open for writing)."""
        session = self._create(draft)
        if draft.place:  # kept with the session at once (``new --no-play`` keeps it too)
            try:
                session.settings[PLACE] = draft.place
                session.save(session.record, complete=False, result=None)
            except BaseException:
                session.close()
                raise
        return session

    def _create(self, draft: Draft) -> SessionHandle:
        if draft.named:
            return self.archive.create(draft.name, draft.game.info.name, draft.record, draft.lang)
        # a name the referee derives is its own to change: another table that starts a game at
        # the same moment may take the free name first; the next free one is then taken
        for attempt in range(NAME_ATTEMPTS):
            name = self.archive.unique_name(draft.name)
            try:
                return self.archive.create(name, draft.game.info.name, draft.record, draft.lang)
            except RefereeError as error:
                if error.key != "core.store.name_taken" or attempt == NAME_ATTEMPTS - 1:
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    def last_place(self, look: int = 20) -> str | None:
        """Where the table played last (the newest of the last ``look`` sessions that says):
        the default answer of the next game's place.  The sessions are the index's newest (not
        ``entries``, which checks every row of the archive: a second at 10,000 games); each
        place is read from its session's file, the truth, and a damaged one is passed over."""
        for sid in self.archive.newest(look):
            try:
                place = self.archive.settings_of(sid).get(PLACE)
            except RefereeError:
                continue
            if isinstance(place, str) and place:
                return place
        return None

    def new(self, game_name: str | None, players: Sequence[str], *, lang: str,
            colors: Sequence[str] | None = None, variants: Sequence[str] | None = None,
            hints: bool | None = None, setup: dict[str, Any] | None = None,
            name: str | None = None, place: str | None = None) -> SessionHandle:
        """Check everything, then create the session (open for writing)."""
        game, chosen = self.options(game_name, variants, hints)
        return self.create(self.plan(game, players, lang=lang, colors=colors,
                                     setup={**chosen, **(setup or {})}, name=name, place=place))

    # -- play and undo
    def unfinished(self) -> list[dict[str, Any]]:
        return [e for e in self.archive.entries() if not e.get("complete")]

    def open_live(self, session: SessionHandle | str, *, lang: str | None = None,
                  hints: bool | None = None, open_table: bool | None = None) -> Live:
        """Open a session for play.  ``hints``: show the memory aid; ``open_table``: the table
        plays open, every private fact on the shared screen (``None``: as the session was last
        played; both choices are kept with the session)."""
        if isinstance(session, str):
            session = self.archive.open(session)
        try:
            game = game_of(session)
            if hints and not game.info.has_hints:
                raise UsageError("core.cli.no_hints", game=game.info.title)
            changed = False
            if hints is None:
                hints = bool(session.settings.get("hints")) and game.info.has_hints
            elif game.info.has_hints and session.settings.get("hints") != hints:
                session.settings["hints"] = hints
                changed = True
            if open_table is None:
                open_table = bool(session.settings.get(OPEN))
            elif bool(session.settings.get(OPEN)) != open_table:
                session.settings[OPEN] = open_table
                changed = True
            live = Live(session, game, lang or session.lang, bool(hints), self.now, open_table)
            live.choices_changed = changed
            return live
        except BaseException:
            session.close()
            raise

    def undo(self, key: str, steps: int, all_agree: bool, *, lang: str | None = None,
             confirm: Callable[[UndoPlan], bool] | None = None) -> UndoPlan | None:
        """Take back the last ``steps`` entries; returns what was taken back (``None``:
        ``confirm`` said no and nothing changed).  Secret entries go only with ``all_agree``."""
        with closing(self.archive.open(key)) as session:
            lang = lang or session.lang
            t = catalog(lang)
            game = game_of(session)
            parsed, _state, actions = replay(game, session.record, session.path)
            refusal = None
            if steps > len(actions):
                refusal = RefereeError("core.cli.undo_too_far", steps=steps, entries=len(actions))
            kept, dropped = actions[: len(actions) - steps], actions[len(actions) - steps:]
            if refusal is None and needs_agreement(game, dropped) and not all_agree:
                refusal = RefereeError(t.game_key(game.info.text_prefix, "cli.undo_secret"))
            if refusal is not None:
                refusal.lang = lang  # (said in the session's language, as its confirmation is)
                raise refusal
            plan = UndoPlan(steps, [game.describe(t, a) for a in dropped], lang)
            if confirm is not None and not confirm(plan):
                return None
            record = game.write_record(session.players, kept, parsed.meta)
            _after_undo(session.settings, len(kept))
            _save(session, game, record, replay(game, record)[1])
            return plan

    # -- fix (issue 23): correct an earlier entry, the later ones replayed
    def fix(self, key: str, location: str, value: Any, *, truncate: bool = False,
            all_agree: bool = False, note: str = "", lang: str | None = None,
            decide: Callable[[Correction], bool] | None = None,
            agree: Callable[[list[str]], bool] | None = None) -> Fixed:
        """Correct the entry at ``location`` to ``value`` (record JSON) and replay the rest; one
        atomic save.  A later entry the correction makes illegal: ``decide(correction)`` says
        whether the game stops there (no callback: ``truncate``, else refused naming it).  A
        correction that lets a player choose again after a reveal needs ``all_agree`` or
        ``agree(players)``."""
        from referee.core import fix

        with closing(self.archive.open(key)) as session:
            lang = lang or session.lang
            game = game_of(session)
            parsed, now_state, _steps = replay(game, session.record, session.path)

            def work(cut: bool) -> Correction:
                return fix.correct(game, session.record, location, value, at=self.now(),
                                   note=note, truncate=cut,
                                   public=lambda st, out: public_view(game, session, st, out))

            try:
                c = work(truncate)
            except RecordError as error:
                if error.rule and hides_private(game, session, now_state):
                    # the corrected entry itself refused by the rules: its place and rule id
                    # only (the message may name a private fact: a hand — issue 22)
                    hidden = RecordError(error.rule, error.location, "core.fix.refused_hidden")
                    hidden.lang = lang
                    raise hidden from None
                error.lang = lang
                raise
            except RefereeError as error:
                error.lang = lang
                raise
            if c.broken is not None and not c.dropped:
                if decide is None:
                    refusal = RefereeError("core.fix.breaks", entry=c.broken.entry,
                                         reason=fix_reason(c.broken.error, lang,
                                                        hides_private(game, session, c.state)))
                    refusal.lang = lang
                    raise refusal
                if not decide(c):
                    return Fixed(c, lang, "cancelled")
                c = work(True)
            if c.secret and not all_agree:
                if agree is None:
                    refusal = RefereeError("core.fix.secret")
                    refusal.lang = lang
                    raise refusal
                if not agree(list(parsed.players)):
                    return Fixed(c, lang, "refused")
            if c.dropped:
                _after_undo(session.settings, c.broken.index if c.broken else 0)
            elif not game.is_over(c.state) and _times(session.settings).get("ended"):
                session.settings[TIMES] = {**_times(session.settings), "ended": None}
            _save(session, game, c.record, c.state)  # one atomic save: before or after it
            return Fixed(c, lang, "done", hidden=hides_private(game, session, c.state),
                         prefix=game.info.text_prefix)

    # -- list, show, delete
    def list_status(self, lang: str | None = None) -> list[dict[str, Any]]:
        """A row per session: its entry's keys, ``complete`` and, finished, ``winners``;
        unfinished, ``round``/``awaiting`` as in the replay output and (given ``lang``) its
        ``progress`` in words, or ``error`` when its record cannot be replayed."""
        t = catalog(lang) if lang is not None else None
        rows = []
        for e in self.archive.entries():
            status: dict[str, Any] = {"complete": bool(e.get("complete"))}
            if e.get("damaged"):  # (its file was read for this listing: it is damaged)
                status["error"] = True
            elif e.get("complete") and e.get("result"):
                status["winners"] = e["result"].get("winners", [])
            elif not e.get("complete"):
                try:
                    s = self.archive.open(e["id"], write=False)
                    game = game_of(s)
                    state = replay(game, s.record, s.path)[1]
                    out_state = game.replay_output(state)
                    for k in ("round", "awaiting"):
                        if k in out_state:
                            status[k] = out_state[k]
                    if t is not None:  # words for people; the data says the same
                        status["progress"] = game.progress(state, t)
                    e = {**e, "updated": s.updated}
                except (RefereeError, *_BROKEN):  # that one session is damaged; the rest list
                    status["error"] = True
            rows.append({**{k: e.get(k) for k in ("id", "name", "game", "players", "created",
                                                   "updated")}, **status})
        return rows

    def show_data(self, key: str, standing: bool = False) -> dict[str, Any]:
        """The session and the replay output of where it stands, with the score as if the game
        ended now where the game can tell it (``standing``: asked for, so a game that cannot tell
        it is refused, as ``show_report`` refuses it)."""
        session = self.archive.open(key, write=False)
        game = game_of(session)
        scores = standing_of(game)
        if standing and scores is None:
            raise UsageError("core.cli.no_standing", game=game.info.title)
        parsed, state, _steps = replay(game, session.record, session.path)
        times = _times(session.settings)
        place = session.settings.get(PLACE)
        out = {"session": {"id": session.id, "name": session.name, "created": session.created,
                           "updated": session.updated,
                           "place": place if isinstance(place, str) else None,
                           "started": play_started(session.settings),
                           "ended": times.get("ended") if isinstance(times.get("ended"), str) else None,
                           "play_minutes": play_minutes(session.settings),
                           "entry_times": list(times.get("entries") or [])},
               **game.replay_output(state)}
        if scores is not None:  # the score as if the game ended now
            out["standing"] = scores.standing_output(state)
        out = public_view(game, session, state, out)
        if parsed.meta.get("corrections"):  # the trail (issue 23)
            out["corrections"] = public_trail(parsed.meta["corrections"],
                                              hides_private(game, session, state))
        return out

    def show_report(self, key: str, lang: str | None = None, standing: bool = False) -> Report:
        """The summary so far (``standing``: the score as if the game ended now, for a game that
        can tell it)."""
        session = self.archive.open(key, write=False)
        game = game_of(session)
        scores = standing_of(game)
        if standing and scores is None:
            raise UsageError("core.cli.no_standing", game=game.info.title)
        parsed, state, _ = replay(game, session.record, session.path)
        t = catalog(lang or session.lang)
        hidden = not is_open(session) and not game.is_over(state)
        if standing:
            if hidden and game.info.standing_is_private:
                raise UsageError("core.private.standing", game=game.info.title)
            assert scores is not None
            return scores.standing(state, t)
        trail = trail_report(t, parsed.meta, hides_private(game, session, state),  # (issue 23)
                             game.info.text_prefix)
        private = hidden_of(game)
        source = f"{session.name} ({session.id})"
        if hidden and private is not None and getattr(private, "public_summary", None) is not None:
            return [*private.public_summary(state, t, source), *trail, *played(session.settings, t)]
        return [*game.summary(state, t, source), *trail, *played(session.settings, t)]

    def delete(self, key: str, confirm: Callable[[str], bool] | None = None) -> tuple[str, bool]:
        """Delete a session (``confirm(id)`` first, if given); returns its id and whether it went."""
        sid = self.archive.resolve(key, leftovers=True)
        if confirm is not None and not confirm(sid):
            return sid, False
        self.archive.delete(sid)
        return sid, True

    # -- import and export
    def import_records(self, files: Sequence[Any], name: str | None, lang: str,
                       load: Callable[[Any], tuple[Game, Any]] | None = None,
                       game_name: str | None = None) -> list[tuple[Any, SessionHandle]]:
        """Each record file becomes a session (named ``name`` or after the file); ``load(file)``
        reads one as ``(game, parsed record)`` (default: ``records.load_record``, with
        ``game_name`` for records that do not name their game).  Every file is read and replayed
        first: one bad file imports nothing."""
        if name is not None and len(files) > 1:
            raise RefereeError("core.cli.import_one_name")
        if name is not None:
            name = chosen_name(name)
        if load is None:
            def load(path: Any) -> tuple[Game, Any]:
                return load_record(path, game_name)
        loaded = []
        for path in files:
            game, parsed = load(path)
            state, steps = parsed.replay()
            loaded.append((path, game, parsed, state, steps))
        items = []
        for path, game, parsed, state, steps in loaded:
            record = game.write_record(parsed.players, steps, parsed.meta)
            stem = getattr(path, "stem", None) or str(path)
            items.append((name or stem, game.info.name, record, lang, game.is_over(state),
                          game.result_summary(state)))
        # run again (after an interruption), an import finishes: what is already there stays
        return list(zip(files, self.archive.create_many(items, resume=True)))

    def export(self, key: str, fmt: str, lang: str | None = None, link: bool = False,
               to_file: bool = False) -> str:
        """The session as ``record`` (its game record, JSON), a game's summary (``md``,
        ``html``, ``json``, ``csv``) or a logged play (``bgstats``, with ``link`` its
        ``createPlay`` link; ``bgg``).  A game in progress whose table does not play open shows
        public facts only (issue 22): its JSON without the private ones, its record (which holds
        every secret entry) only into a file (``to_file``), never on the screen."""
        from referee.core import jsonio

        session = self.archive.open(key, write=False)
        game = game_of(session)
        parsed, state, actions = replay(game, session.record, session.path)
        hidden = getattr(game, "public_output", None) is not None and not is_open(session) \
            and not game.is_over(state)
        if fmt in PLAY_FORMATS:
            return render_plays([self._play(session, game, parsed, state, lang)], fmt, link, single=True)
        if fmt == "record":
            if hidden and not to_file and game.info.secret_record:
                # the record holds every secret entry: not on the screen
                raise UsageError("core.private.export_record", game=game.info.title)
            return jsonio.dumps_pretty(game.write_record(session.players, actions, parsed.meta))
        t = catalog(lang or session.lang)
        after = [*trail_report(t, parsed.meta, hides_private(game, session, state),
                               game.info.text_prefix),
                 *played(session.settings, t)]
        if hidden and fmt in ("md", "html", "csv"):
            return game.export(state, fmt, t, parsed.meta, session.name, actions, public=True,
                               after=after)
        text = game.export(state, fmt, t, parsed.meta, session.name, actions, after=after)
        if hidden and fmt == "json":  # public facts only while the game is played
            text = jsonio.dumps_pretty(public_view(game, session, state, json.loads(text)))
        return text

    def _play(self, session: SessionHandle, game: Game, parsed: Any, state: Any,
              lang: str | None) -> dict[str, Any]:
        from referee.core.plays import play

        return play(game, state, catalog(lang or session.lang), parsed.meta, session_id=session.id,
                    created=session.created, started=play_started(session.settings),
                    place=session.settings.get(PLACE) if isinstance(session.settings.get(PLACE), str) else None,
                    duration_min=play_minutes(session.settings))

    def export_plays(self, fmt: str, lang: str | None = None, since: str | None = None,
                     link: bool = False) -> str:
        """Every finished session (played on ``since`` or later) as logged plays, oldest first:
        ``bgstats`` (a JSON list, with ``link`` a link a line) or ``bgg`` (``<plays>``)."""
        since = _day(since)
        plays = []
        for e in self.archive.entries():
            if not e.get("complete") or e.get("damaged") or e.get("game") not in registry.names():
                continue
            session = self.archive.open(e["id"], write=False)
            game = game_of(session)
            parsed, state, _ = replay(game, session.record, session.path)
            p = self._play(session, game, parsed, state, lang)
            if since is None or p["date"][:10] >= since:
                plays.append(p)
        plays.sort(key=lambda p: (p["date"], p["id"]))
        return render_plays(plays, fmt, link, single=False)

    # -- stats
    def stats(self, *, game_name: str | None = None, player: str | None = None,
              players_count: int | None = None, since: str | None = None) -> dict[str, Any]:
        """Per game, over the finished sessions: ``{game: stats.compute(...)}``."""
        return self.stats_and_damaged(game_name=game_name, player=player,
                                      players_count=players_count, since=since)[0]

    def stats_and_damaged(self, *, game_name: str | None = None, player: str | None = None,
                          players_count: int | None = None, since: str | None = None,
                          kept: Iterable[dict[str, Any]] = ()
                          ) -> tuple[dict[str, Any], list[str]]:
        """``stats`` and the ids of the damaged sessions (files that cannot be read: they are
        counted nowhere, and named so that nobody takes the figures for the whole archive).
        ``kept``: more finished games, shaped as the archive's entries (the scores kept by
        ``referee score``, a damaged one with ``damaged`` and its ``id``)."""
        from referee.core.stats import cache_key, compute

        since = _day(since)
        kept = list(kept)

        def produce() -> tuple[dict[str, Any], list[str]]:
            import gc

            # (issue 26: the cyclic collector finds nothing in these freshly decoded trees but
            # walks them again and again as they grow: ~0.1 s of a cold run at 10,000 sessions)
            collecting = gc.isenabled()
            gc.disable()
            try:
                return work()
            finally:
                if collecting:
                    gc.enable()

        def work() -> tuple[dict[str, Any], list[str]]:
            entries = [*self.archive.entries(), *kept]
            damaged = sorted(str(e.get("id")) for e in entries if e.get("damaged"))
            wanted = [registry.find(game_name).info.name] if game_name else sorted(
                set(registry.names()).intersection(e.get("game") for e in entries))
            # (a filter's count is not kept: the whole archive's is)
            plain = player is None and players_count is None and since is None
            states = self._stats_states() if plain else {}
            result: dict[str, Any] = {}
            for name in wanted:
                game = registry.find(name)
                result[name] = compute((e for e in entries if e.get("game") == name), game.info.titles,
                                       {x: key for x, (key, _) in game.info.stats_extras.items()},
                                       player=player, players_count=players_count, since=since,
                                       points=game.info.stats_points,
                                       state=states.setdefault(name, {}) if plain else None)
            if plain:
                self._keep_stats_states(states)
            return result, damaged

        # issue 26: the result of the same question over the same archive (every session file
        # and its time, the index file's, the kept scores) is read back from the store's cache
        # (an archive that keeps no cache, or no archive yet: computed)
        signature = getattr(self.archive, "stats_signature", lambda: None)()
        if signature is None:
            return produce()
        games = [(g.info.name, g.info.titles, sorted(g.info.stats_extras.items()), g.info.stats_points)
                 for g in registry.games()]
        key = cache_key([signature, kept, games, game_name, player, players_count, since])
        result, damaged = cast(Any, self.archive).cached(key, produce)  # (a store that signs keeps one)
        return result, damaged

    def _stats_states(self) -> dict[str, Any]:
        """Where each game's figures and ratings stood after the last ``stats`` without a filter
        (``core.stats.compute``'s ``state``), from the store's cache (none, or a damaged file:
        ``{}``, everything counted afresh).  The file carries a digest of its own text: a file
        damaged anywhere (a flipped byte, a cut, an edit) is only a miss."""
        import hashlib

        import orjson

        from referee.core.stats import STATE_FILE

        read = getattr(self.archive, "cache_read", None)
        text = read(STATE_FILE) if read is not None else None
        head, tail = b'{"sum":"', b'","state":'
        start = len(head) + 64 + len(tail)
        if not (text and text.startswith(head) and text[len(head) + 64:start] == tail
                and text.endswith(b"}")):
            return {}
        body = memoryview(text)[start:-1]
        if hashlib.blake2b(body, digest_size=32).hexdigest().encode() != text[len(head):len(head) + 64]:
            return {}
        try:
            kept = orjson.loads(body)
        except ValueError:
            return {}
        return {k: v for k, v in kept.items() if isinstance(v, dict)} if isinstance(kept, dict) else {}

    def _keep_stats_states(self, states: dict[str, Any]) -> None:
        """``states`` kept for the next ``stats`` (``_stats_states``: JSON, with the digest of
        the state's text before it)."""
        import hashlib

        import orjson

        from referee.core.stats import STATE_FILE

        write = getattr(self.archive, "cache_write", None)
        if write is not None:
            body = orjson.dumps({k: v for k, v in states.items() if v})
            digest = hashlib.blake2b(body, digest_size=32).hexdigest()
            write(STATE_FILE, b'{"sum":"' + digest.encode() + b'","state":' + body + b"}")

    def stats_html(self, result: dict[str, Any], lang: str, damaged: Sequence[str] = ()) -> str:
        """``stats`` as one self-contained HTML page with charts (the damaged sessions named)."""
        from referee.core.stats_html import page

        return page({registry.find(name): r for name, r in result.items()}, catalog(lang), lang,
                    list(damaged))

    def stats_report(self, result: dict[str, Any], lang: str) -> Report | None:
        """``stats`` as a report (``None``: no finished game matches)."""
        from referee.core.stats import report

        if not any(r["games"] for r in result.values()):
            return None
        return report({registry.find(name): r for name, r in result.items()}, catalog(lang))
