"""The interface every game implements (in the spirit of boardgame.io's game object and OpenSpiel's
``Game``/``State``).  Rules are pure: no I/O, no UI library; the CLI drives them.

A session *is* its record: an ordered list of the table's facts and choices.  State is derived by
replaying it, so undo is "drop the last entry and replay".
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Protocol

from referee.core.dialog import Dialog
from referee.core.report import Report
from referee.core.text import Catalog


@dataclass(frozen=True)
class Step:
    """One entry of a game's action log: the action and where it lives in the record."""

    location: str
    action: Any


class ParsedRecord(Protocol):
    players: list[str]
    meta: dict[str, Any]  # the record's optional keys (date, place, notes, colors …)

    def replay(self) -> tuple[Any, list[Step]]:
        """The state where the record stops and the steps applied (``RecordError`` on the first
        bad entry)."""


class Game(Protocol):
    name: str  # the record's ``game`` value
    title: str  # shown to players
    short_title: str  # where space is short
    text_prefix: str  # this game's namespace in the prompts/ catalogs
    titles: tuple[str, ...]  # score parts that are titles (stats counts how often each was won)
    player_counts: tuple[int, ...]  # how many may play
    #: numeric extras of a result summary's players that stats averages:
    #: extra -> (its stats JSON key, the catalog key of its column)
    stats_extras: dict[str, tuple[str, str]]
    variants: tuple[str, ...]  # optional rules a table may switch on (``new --variant``)
    #: the optional keys its record format holds beyond the game itself (date, colors …)
    meta_keys: tuple[str, ...]
    #: whether ``dialog`` can show a memory aid (``play --hints``)
    has_hints: bool

    # -- rules
    def new_state(self, players: list[str]) -> Any: ...
    def decision(self, state: Any) -> Any | None:
        """What the table must enter next, or ``None`` once the game is over."""
    def legal_actions(self, state: Any) -> list[Any]:
        """Every legal action when the next decision is a finite choice."""
    def apply(self, state: Any, action: Any) -> None:
        """Validate ``action`` and apply it in place (``RecordError`` if illegal)."""
    def is_over(self, state: Any) -> bool: ...
    def random_action(self, state: Any, rng: random.Random) -> Any: ...
    def is_secret(self, action: Any) -> bool:
        """Would undoing this action let players choose again after a reveal?"""

    # -- records
    def parse_record(self, document: Any) -> ParsedRecord: ...
    def new_record(self, players: list[str], meta: dict[str, Any]) -> dict[str, Any]: ...
    def write_record(self, players: list[str], steps: Iterable[Any], meta: dict[str, Any]
                     ) -> dict[str, Any]: ...
    def replay_output(self, state: Any) -> dict[str, Any]: ...
    def result_summary(self, state: Any) -> dict[str, Any] | None:
        """What the archive keeps of a finished game (``winners``; per player ``score``,
        ``place`` and numeric extras) for ``list`` and ``stats``."""

    # -- the table (reports and dialogs are plain data; the CLI renders and asks)
    def setup(self, t: Catalog) -> Dialog | None:
        """The table's setup questions of a new game (their answers are record keys), if any."""
    def dialog(self, state: Any, t: Catalog, colors: dict[str, str], hints: bool = False) -> Dialog: ...
    def progress(self, state: Any, t: Catalog) -> str:
        """Where an unfinished game stands, in a few words (``list``)."""
    def board(self, state: Any, t: Catalog, colors: dict[str, str] | None = None) -> Report: ...
    def describe(self, t: Catalog, action: Any) -> str: ...
    def news_marker(self, state: Any) -> Any: ...
    def news(self, t: Catalog, marker: Any, state: Any) -> Report: ...
    def summary(self, state: Any, t: Catalog, source: str | None = None) -> Report: ...
    def export(self, state: Any, fmt: str, t: Catalog, meta: dict[str, Any], name: str = "") -> str: ...

    # -- the end-of-game calculator
    def ask_inventory(self, t: Catalog) -> Dialog: ...
    def score(self, document: Any) -> tuple[dict[str, Any], Any]: ...
    def score_report(self, result: Any, names: list[str], t: Catalog) -> Report: ...


def lazy(package: str):
    """``lazy(package)(module, function)``: a static method that imports ``package.module`` on its
    first call, so a command pays only for the parts of a game it uses."""

    def method(module: str, function: str) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            return getattr(import_module(f"{package}.{module}"), function)(*args, **kwargs)

        call.__name__ = function
        call.__doc__ = f"``{module}.{function}`` (imported on first use)."
        return staticmethod(call)

    return method
