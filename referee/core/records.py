"""A record file read as its game's parsed record: strict JSON (``jsonio.loads``), every string
in NFC, the game the record names (or a default), and a parsed record whose replay errors name the
file.  Game-agnostic; ``replay`` and ``import`` read files through it.

Also what every game's record module shares: the ``Record`` base (players, meta, document), the
generic replay loop (``EntryRecord``), ``apply_at`` (an entry's rule error at its location) and the
players' names checked one way, worded once (``parse_players``, ``check_name``)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from referee.core import jsonio, registry, shape
from referee.core.errors import RecordError, RuleError, from_file
from referee.core.game import Step

if TYPE_CHECKING:
    from referee.core.game import Game

S = TypeVar("S")


def load_record(path: str | os.PathLike[str], default_game: str | None = None,
                text: str | None = None) -> tuple[Game, Sourced]:
    """Read and parse a record file (``text``: already read); returns ``(game, record)``.  The
    record's ``game`` key decides; ``default_game`` (else the registry's default) serves records
    that do not say.  Every error, now or while replaying, names the file."""
    with from_file(path):
        document = jsonio.nfc_document(jsonio.loads(jsonio.read_text(path) if text is None else text))
        game = registry.for_document(document, default_game)
        return game, Sourced(game.parse_record(document), str(path))


class Sourced:
    """A parsed record whose replay errors name the file it comes from."""

    def __init__(self, parsed: Any, source: str) -> None:
        self._parsed = parsed
        self.source = source
        self.players = parsed.players
        self.meta = parsed.meta

    def replay(self, tracked: bool = True) -> Any:
        with from_file(self.source):
            return self._parsed.replay(tracked)


# -- what every game's record module shares: the parsed record, the replay loop, the players


@dataclass
class Record(Generic[S]):
    """A record whose header was checked: its ``players``, its optional keys (``meta``: date,
    colours, the game's setup …) and the whole ``document``, whose entries ``replay`` reads.
    A game subclasses it and writes ``replay`` (or uses ``EntryRecord``'s loop)."""

    players: list[str]
    meta: dict[str, Any]
    document: dict[str, Any]

    def replay(self, tracked: bool = True) -> tuple[S, list[Step]]:
        """The state where the record stops and the steps applied (``RecordError`` on the first
        bad entry, at its location).  ``tracked=False``: only what the replay output needs, as
        fast as the game can (no steps)."""
        raise NotImplementedError


class EntryRecord(Record[S]):
    """The generic replay loop of a record whose entries are one list (``entries``): a new state
    (``start``), then each entry read (``read``) and applied (``apply``), in order.  The first bad
    entry (format or rule) is the one reported, at ``<entries>[i]…``; a record that stops
    part-way replays to the state where it stops."""

    #: the document's key of the list of entries
    entries: ClassVar[str]

    def start(self) -> S:
        """The state before the first entry (from ``players`` and ``meta``)."""
        raise NotImplementedError

    def read(self, state: S, raw: Any, location: str) -> Any:
        """The action of one entry (format errors at ``location``); ``state``: the game so far
        (an entry after the end is the game's own error)."""
        raise NotImplementedError

    def apply(self, state: S, action: Any) -> None:
        """The game's ``apply`` (``RecordError`` if illegal)."""
        raise NotImplementedError

    def replay(self, tracked: bool = True) -> tuple[S, list[Step]]:
        state = self.start()
        steps: list[Step] = []
        for i, raw in enumerate(shape.array(self.document.get(self.entries, []), self.entries)):
            location = f"{self.entries}[{i}]"
            action = self.read(state, raw, location)
            apply_at(self.apply, state, action, location)
            steps.append(Step(location, action))
        return state, steps


def apply_at(apply: Callable[[S, Any], None], state: S, action: Any, location: str) -> None:
    """``apply(state, action)`` with a rule error's location put under the entry's ``location``
    (``turns[3]`` + ``.card``)."""
    try:
        apply(state, action)
    except RecordError as error:
        error.location = location + error.location
        raise


def check_name(name: Any, location: str, rule: str, seen: set[str]) -> str:
    """One player's name: a non-empty string of printable characters, not a name already ``seen``
    ("Ola" and "Ola " are one person); ``seen`` gets it.  Errors cite ``rule``, worded once for
    every game (``core.record.player_…``)."""
    text = shape.string(name, location)
    if not text.strip():
        raise RuleError(rule, location, "core.record.player_empty")
    if not text.isprintable():
        raise RuleError(rule, location, "core.record.player_unprintable", name=json.dumps(text))
    person = shape.person(text)
    if person in seen:
        raise RuleError(rule, location, "core.record.player_duplicate", name=text)
    seen.add(person)
    return text


def parse_players(value: Any, location: str, *, counts: Sequence[int], count_rule: str,
                  count_key: str, name_rule: str | None = None) -> list[str]:
    """The record's ``players``: a list of ``counts`` many names (else ``count_key`` of the game,
    citing ``count_rule``), each checked by ``check_name`` (citing ``name_rule``, by default
    ``count_rule``)."""
    players = shape.array(value, location)
    if len(players) not in counts:
        raise RuleError(count_rule, location, count_key, count=len(players))
    seen: set[str] = set()
    for i, name in enumerate(players):
        check_name(name, f"{location}[{i}]", name_rule or count_rule, seen)
    return list(players)
