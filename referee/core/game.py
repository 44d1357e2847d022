"""The interface every game implements (in the spirit of boardgame.io's game object and OpenSpiel's
``Game``/``State``).  Rules are pure: no I/O, no UI library; the CLI drives them.

A session *is* its record: an ordered list of the table's facts and choices.  State is derived by
replaying it, so undo is "drop the last entry and replay".
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from referee.core.dialog import Dialog
from referee.core.report import Report
from referee.core.text import Catalog


@dataclass(frozen=True)
class Step:
    """One entry of a game's action log: the action and where it lives in the record."""

    location: str
    action: Any


@runtime_checkable
class GameState(Protocol):
    """What the CLI, the store and the shared suite use of a game's state (the rest is the game's
    own business)."""

    @property
    def names(self) -> Sequence[str]:
        """The players, in the record's order (the undo of a secret entry asks each of them)."""

    def copy(self) -> GameState:
        """An independent copy: the CLI applies an entry to a copy and keeps it only if legal."""

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data: equal snapshots are the same game (replay equality)."""


class ParsedRecord(Protocol):
    players: list[str]
    meta: dict[str, Any]  # the record's optional keys (date, place, notes, colors …)

    def replay(self, tracked: bool = True) -> tuple[GameState, list[Step]]:
        """The state where the record stops and the steps applied (``RecordError`` on the first
        bad entry).  ``tracked=False``: only what ``replay_output`` needs, as fast as the game can
        (``replay --json``): a game may skip the logs its summaries read and return no steps, or
        ignore the flag."""


class Game(Protocol):
    name: str  # the record's ``game`` value
    aliases: tuple[str, ...]  # short names for ``--game``
    is_default: bool  # the game of records that do not name theirs (at most one game)
    title: str  # shown to players
    short_title: str  # where space is short
    text_prefix: str  # this game's namespace in the catalogs (its folder's name in referee/games)
    titles: tuple[str, ...]  # score parts that are titles (stats counts how often each was won)
    player_counts: tuple[int, ...]  # how many may play
    #: numeric extras of a result summary's players that stats averages:
    #: extra -> (its stats JSON key, the catalog key of its column)
    stats_extras: dict[str, tuple[str, str]]
    #: ``stats``' table of tags (a unit card drafted …): the catalog key of a tag's name, with
    #: ``{tag}`` in it (``"{tag}"``: the tag as it is), and of the table's title
    stats_tag_key: str
    stats_tags_title: str
    stats_points: bool  # whether its results score points (``stats``' totals; not War Chest)
    #: its BoardGameGeek id, for the logged play (``export --format bgstats|bgg``; ``None``: not
    #: confirmed, left out)
    bgg_id: int | None
    variants: tuple[str, ...]  # optional rules a table may switch on (``new --variant``)
    #: the optional keys its record format holds beyond the game itself (date, colors …)
    meta_keys: tuple[str, ...]
    #: whether ``dialog`` can show a memory aid (``play --hints``)
    has_hints: bool
    #: optional: ``public_output(state, data) -> data``: a replay output (``show --json``) of a
    #: game in progress with its private facts left out (``show``/exports of a session that does
    #: not play open); ``standing_is_private``: the standing uses hidden facts (refused then)
    #: ``FACTS``: the game's facts as (fact, kind, the rulebook's words), kind one of
    #: ``public``, ``private``, ``memory aid`` (docs/table.md and the tests read them)
    #: the rule ids of its digest, each with a one-line reminder (errors cite them; every id has a
    #: test whose name carries it)
    rules: dict[str, str]
    #: the file name of its rules digest in ``docs/rules/`` (``None``: it has none)
    digest: str | None
    #: the folder of its ``<text_prefix>.<lang>.toml`` catalogs (``None``: a game in
    #: ``referee/games/<text_prefix>/`` keeps them in that folder's ``prompts/``)
    catalog_dir: Path | None

    # -- rules
    def new_state(self, players: list[str]) -> GameState: ...
    def decision(self, state: GameState) -> Any | None:
        """What the table must enter next, or ``None`` once the game is over."""
    def legal_actions(self, state: GameState) -> list[Any]:
        """Every legal action when the next decision is a finite choice."""
    def apply(self, state: GameState, action: Any) -> None:
        """Validate ``action`` and apply it in place (``RecordError`` if illegal)."""
    def is_over(self, state: GameState) -> bool: ...
    def random_action(self, state: GameState, rng: random.Random) -> Any: ...
    def is_secret(self, action: Any) -> bool:
        """Would undoing this action let players choose again after a reveal?  (The CLI then asks
        every player, with the game's ``<text_prefix>.cli.secret_undo…`` texts if it has them.)"""
    def check_invariants(self, state: GameState) -> None:
        """What must hold after every entry (``AssertionError`` if not; the shared suite)."""

    # -- records
    def parse_record(self, document: Any) -> ParsedRecord: ...
    def new_record(self, players: list[str], meta: dict[str, Any]) -> dict[str, Any]: ...
    def write_record(self, players: list[str], steps: Iterable[Any], meta: dict[str, Any]
                     ) -> dict[str, Any]: ...
    def replay_output(self, state: GameState) -> dict[str, Any]: ...
    def play_facts(self, state: GameState, t: Catalog) -> dict[str, Any]:
        """What a logged play adds beyond the result: ``roles``, ``board``, ``start``."""
    def result_summary(self, state: GameState) -> dict[str, Any] | None:
        """What the archive keeps of a finished game (``winners``; per player ``score``,
        ``place``, numeric extras and, where the game has them, ``tags``: the things a player
        had, for ``stats``' wins per tag) for ``list`` and ``stats``."""

    # -- the table (reports and dialogs are plain data; the CLI renders and asks)
    def setup(self, t: Catalog, players: list[str]) -> Dialog | None:
        """The table's setup questions of a new game (their answers are record keys), if any;
        ``players`` as entered (what may be chosen can depend on how many play)."""
    def dialog(self, state: GameState, t: Catalog, colors: dict[str, str], hints: bool = False,
               open: bool = False) -> Dialog:
        """The questions of the next entry.  ``hints``: the memory aid is shown; ``open``: the
        table plays open (private facts on the shared screen).  Not open, a private fact appears
        only between ``dialog.Private`` and ``dialog.Public`` (issue 22; docs/table.md)."""
    def progress(self, state: GameState, t: Catalog) -> str:
        """Where an unfinished game stands, in a few words (``list``)."""
    def board(self, state: GameState, t: Catalog, colors: dict[str, str] | None = None) -> Report: ...
    def describe(self, t: Catalog, action: Any) -> str: ...
    def news_marker(self, state: GameState) -> Any: ...
    def news(self, t: Catalog, marker: Any, state: GameState) -> Report: ...
    def summary(self, state: GameState, t: Catalog, source: str | None = None) -> Report: ...
    def export(self, state: GameState, fmt: str, t: Catalog, meta: dict[str, Any], name: str = "",
               actions: list[Any] | None = None, after: Report | None = None, public: bool = False) -> str:
        """``actions``: the record's actions that led to ``state``, when the caller has them;
        ``after``: what the summary (``md``, ``html``) ends with (where and how long it was played);
        ``public``: a game in progress as the table may see it (a game with ``public_output``)."""

    # -- the standing: the score as if the game ended now (``show --standing``, ``show --json``'s
    #    ``standing``); ``None`` for a game that cannot tell it before its end (both or neither)
    standing: Callable[[GameState, Catalog], Report] | None
    standing_output: Callable[[GameState], dict[str, Any]] | None

    # -- the end-of-game calculator (a game without one refuses both with a usage error,
    #    ``core.cli.no_calculator``: ``GamePackage.calculator = False``)
    def ask_inventory(self, t: Catalog) -> Dialog: ...
    def score(self, document: Any) -> tuple[dict[str, Any], Any]: ...
    def score_report(self, result: Any, names: list[str], t: Catalog) -> Report: ...
    def score_notes(self, output: dict[str, Any], t: Catalog) -> Report: ...

    # -- optional table tools (a game without them: ``referee battle`` / ``referee cards`` refuse
    #    it with a usage error, ``core.cli.no_tool``); looked up with ``getattr(game, name, None)``
    #: ``battle_tool(t, cards, **options) -> (data, report)``: one fight through the game's battle
    #: calculator (``referee battle``); ``cards`` is the owner's card table document or ``None``
    battle_tool: Callable[..., tuple[dict[str, Any], Report]] | None
    #: ``cards_dialog(t, cards) -> Dialog``: enter or edit the owner's card table document; the
    #: dialog returns the new document (``None``: leave it as it was)
    cards_dialog: Callable[[Catalog, Any], Dialog] | None
    #: ``check_cards(document)``: ``RecordError`` at the exact place if the document is malformed
    check_cards: Callable[[Any], None] | None
    #: where the card table lives, relative to the data folder (``("cards", "<game>.json")``)
    cards_file: tuple[str, ...] | None


def lazy(package: str) -> Callable[[str, str], staticmethod[..., Any]]:
    """``lazy(package)(module, function)``: a static method that imports ``package.module`` on its
    first call, so a command pays only for the parts of a game it uses."""

    def method(module: str, function: str) -> staticmethod[..., Any]:
        target = None

        def call(*args: Any, **kwargs: Any) -> Any:
            nonlocal target  # looked up once: ``replay`` calls some of these per record
            if target is None:
                target = getattr(import_module(f"{package}.{module}"), function)
            return target(*args, **kwargs)

        call.__name__ = function
        call.__doc__ = f"``{module}.{function}`` (imported on first use)."
        return staticmethod(call)

    return method


#: the parts every game package provides, by convention: method -> (module, function)
CONVENTION = {
    "new_state": ("engine", "new_state"),
    "decision": ("engine", "decision"),
    "legal_actions": ("engine", "legal_actions"),
    "apply": ("engine", "apply"),
    "is_over": ("engine", "is_over"),
    "random_action": ("bot", "random_action"),
    "parse_record": ("record", "parse_record"),
    "replay_output": ("output", "replay_output"),
    "summary": ("summary", "summary"),
    "board": ("summary", "board"),
    "describe": ("summary", "describe"),  # (t, action): an entry in words
    "news_marker": ("summary", "news_marker"),
    "news": ("summary", "news"),  # (t, marker, state): what the rules just resolved
    "is_secret": ("dialog", "is_secret"),
    "check_invariants": ("invariants", "check_invariants"),
    "ask_inventory": ("inventory", "ask_inventory"),
}


class GamePackage:
    """The base of a game object whose parts live in the modules of ``package`` by convention
    (``CONVENTION``), each imported on first use.  A game names its package and its facts, and
    writes only what is its own (the live dialog, its exports' JSON, its result summary …)."""

    package: str
    title: str
    aliases: tuple[str, ...] = ()
    is_default = False
    digest: str | None = None
    catalog_dir: Path | None = None  # the games in referee/games keep theirs in <folder>/prompts/
    #: ``stats``' wins per tag, where a result summary lists ``tags`` (see ``Game``)
    stats_tag_key = "{tag}"
    stats_tags_title = "core.cli.stats_detail"
    #: whether its result summaries score points (``stats``: the average and best totals)
    stats_points = True
    #: whether it has an end-of-game calculator (``score``, ``ask_inventory``)
    calculator = True
    #: the score as if the game ended now, where the game can tell it (see ``Game``)
    standing: Any = None
    standing_output: Any = None
    #: the game's own tools (``referee battle``, ``referee cards``), where it has them (see ``Game``)
    battle_tool: Any = None
    cards_dialog: Any = None
    check_cards: Any = None
    cards_file: tuple[str, ...] | None = None
    #: catalog key of the exports' title (given ``players``)
    export_title_key: str
    #: the logged play (``export --format bgstats|bgg``, ``core.plays``): the game's BoardGameGeek
    #: id (``None``: not confirmed); whether a result has points is ``stats_points``
    bgg_id: int | None = None

    def play_facts(self, state: Any, t: Any) -> dict[str, Any]:
        """What a logged play adds beyond the result: ``roles`` (name -> the player's role or
        team, in the table's words), ``board`` (the map or scenario), ``start`` (who began)."""
        return {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        method = lazy(cls.package)
        for name, (module, function) in CONVENTION.items():
            if name not in cls.__dict__:
                setattr(cls, name, method(module, function))
        if not cls.calculator:
            for name in ("ask_inventory", "score"):
                setattr(cls, name, cls._no_calculator)

    def _no_calculator(self, *args: Any) -> Any:
        from referee.core.errors import UsageError

        raise UsageError("core.cli.no_calculator", game=self.title)

    def module(self, name: str) -> Any:
        return import_module(f"{self.package}.{name}")

    @property
    def rules(self) -> dict[str, str]:
        """``RULES`` of the package's ``rules`` module."""
        rules: dict[str, str] = self.module("rules").RULES
        return rules

    def new_record(self, players: list[str], meta: dict[str, Any]) -> dict[str, Any]:
        record: dict[str, Any] = self.module("record").write_record(players, [], meta)
        return record

    def write_record(self, players: list[str], steps: Iterable[Any], meta: dict[str, Any]
                     ) -> dict[str, Any]:
        actions = [s.action if isinstance(s, Step) else s for s in steps]
        record: dict[str, Any] = self.module("record").write_record(players, actions, meta)
        return record

    def snapshot(self, state: GameState) -> dict[str, Any]:
        return state.snapshot()

    def score_report(self, result: Any, names: list[str], t: Catalog) -> Report:
        report: Report = self.module("summary").score_blocks(t, result, names)
        return report

    def score_notes(self, output: dict[str, Any], t: Catalog) -> Report:
        """What the calculator decided for the table that a file left open (said before the
        scores); most games decide nothing."""
        return []

    def export_json(self, state: Any, t: Catalog, meta: dict[str, Any],
                    actions: list[Any] | None = None) -> dict[str, Any]:
        """The ``json`` export: the replay output and whatever the game adds (``actions``: the
        record's actions that led to ``state``, when the caller has them)."""
        raise NotImplementedError

    def export(self, state: Any, fmt: str, t: Catalog, meta: dict[str, Any], name: str = "",
               actions: list[Any] | None = None, after: Report | None = None,
               public: bool = False) -> str:
        """A game summary as ``md``, ``html``, ``json`` or ``csv`` text (``actions``: the record's
        actions that led to ``state``, when the caller has them; ``after``: blocks the ``md`` and
        ``html`` summaries end with; ``public``: a game in progress as the table may see it, for a
        game with ``public_output`` — issue 22)."""
        from referee.core import export, jsonio

        if fmt == "json":
            return jsonio.dumps_pretty(self.export_json(state, t, meta, actions))
        summary = self.module("summary")
        if fmt == "csv":
            return export.to_csv(*summary.csv_rows(state))
        report = [*summary.export_report(state, t, meta, name, actions,
                                         **({"public": True} if public else {})), *(after or [])]
        if fmt == "md":
            return export.to_markdown(report)
        if fmt == "html":
            return export.to_html(report, t(self.export_title_key, players=", ".join(state.names)),
                                  t.lang)
        raise ValueError(fmt)
