"""The interface every game implements, split the way OpenSpiel splits ``GameType`` from ``State``:
what a game *is* (``GameInfo``: plain, frozen data), then a few small protocols of what it *does*:
``Rules`` (new_state, decision, legal_actions, apply, is_over), ``Records`` (parse, write, replay
output, the archive's result), ``Presentation`` (board, news, summary, exports, progress) and
``Table`` (the live questions, the shared suite's hooks).  Optional groups (``Standing``,
``Hidden``, ``Calculator``, ``Tools``) are either provided whole or left ``None``.  Rules are pure:
no I/O, no UI library; the CLI drives them.

A session *is* its record: an ordered list of the table's facts and choices.  State is derived by
replaying it, so undo is "drop the last entry and replay".

A game in ``referee/games/<folder>/`` is a ``GamePackage``: its ``info`` and, by convention
(``CONVENTION``), functions of its modules imported on first use (docs/adding-a-game.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from importlib import import_module
from pathlib import Path
from typing import Any, ClassVar, Protocol, cast, runtime_checkable

from referee.core.dialog import Dialog
from referee.core.report import Report
from referee.core.text import Catalog


@dataclass(frozen=True)
class GameInfo:
    """What a game is, as data: everything the registry, the help texts, ``list``, ``stats`` and
    the exports read without running a rule."""

    name: str  # the record's ``game`` value
    title: str  # shown to players
    text_prefix: str  # this game's namespace in the catalogs (its folder's name in referee/games)
    player_counts: tuple[int, ...]  # how many may play
    export_title_key: str  # catalog key of the exports' title (given ``players``)
    short_title: str = ""  # where space is short (default: the title)
    aliases: tuple[str, ...] = ()  # short names for ``--game``
    is_default: bool = False  # the game of records that do not name theirs (at most one game)
    titles: tuple[str, ...] = ()  # score parts that are titles (stats counts how often each was won)
    variants: tuple[str, ...] = ()  # optional rules a table may switch on (``new --variant``)
    #: the optional keys its record format holds beyond the game itself (date, colors …)
    meta_keys: tuple[str, ...] = ()
    has_hints: bool = False  # whether ``dialog`` can show a memory aid (``play --hints``)
    #: numeric extras of a result summary's players that stats averages:
    #: extra -> (its stats JSON key, the catalog key of its column)
    stats_extras: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    #: ``stats``' table of tags (a unit card drafted …): the catalog key of a tag's name, with
    #: ``{tag}`` in it (``"{tag}"``: the tag as it is), and of the table's title
    stats_tag_key: str = "{tag}"
    stats_tags_title: str = "core.cli.stats_detail"
    stats_points: bool = True  # whether its results score points (``stats``' totals; not War Chest)
    #: its BoardGameGeek id, for the logged play (``export --format bgstats|bgg``; ``None``: not
    #: confirmed, left out)
    bgg_id: int | None = None
    #: the file name of its rules digest in ``docs/rules/`` (``None``: it has none)
    digest: str | None = None
    #: the folder of its ``<text_prefix>.<lang>.toml`` catalogs (``None``: a game in
    #: ``referee/games/<text_prefix>/`` keeps them in that folder's ``prompts/``)
    catalog_dir: Path | None = None
    #: whether it has an end-of-game calculator (``referee score``; without: ``Calculator``'s
    #: members refuse with ``core.cli.no_calculator``)
    calculator: bool = True
    #: issue 22: the standing reads hidden facts (refused at a table that does not play open)
    standing_is_private: bool = False
    #: whether its record holds private facts (``show`` of a hidden game refuses to print it)
    secret_record: bool = True
    #: where the owner's card table lives, relative to the data folder (``Tools``)
    cards_file: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        if not self.short_title:
            object.__setattr__(self, "short_title", self.title)


class Decision:
    """The base of every game's decision (what the table must enter next): a ``kind`` (the game's
    own words: ``placement``, ``turn``, ``draw`` …) and the ``player`` who decides (``None``: the
    table as a whole).  Each game subclasses it as a frozen dataclass with its own extra fields;
    ``finite`` says whether ``legal_actions`` lists every choice (a free-form entry does not: its
    ``legal_actions`` is ``[]``; the shared suite checks both over random playouts)."""

    __slots__ = ()
    kind: str
    player: str | None

    @property
    def finite(self) -> bool:
        return True


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
    """A record whose header was checked (``core.records.Record``)."""

    players: list[str]
    meta: dict[str, Any]  # the record's optional keys (date, place, notes, colors …)

    def replay(self, tracked: bool = True) -> tuple[Any, list[Step]]:
        """The state where the record stops and the steps applied (``RecordError`` on the first
        bad entry).  ``tracked=False``: only what ``replay_output`` needs, as fast as the game can
        (``replay --json``): a game may skip the logs its summaries read and return no steps, or
        ignore the flag."""


#: What the archive keeps of a finished game (``list`` and ``stats``): ``winners`` (a list of names)
#: and ``players``: per player ``score`` (its parts), ``place``, the game's numeric extras
#: (``GameInfo.stats_extras``) and, where the game has them, ``tags`` (the store keeps it as JSON)
ResultSummary = dict[str, Any]


def summarize_result(winners: Sequence[str], players: Mapping[str, Mapping[str, Any]]
                   ) -> ResultSummary:
    """A result summary: the winners and, per player, ``score``, ``place`` and the extras."""
    return {"winners": list(winners), "players": {n: dict(p) for n, p in players.items()}}


def scored_result(output: Mapping[str, Any], extras: Mapping[str, Mapping[str, Any]] | None = None
                  ) -> ResultSummary:
    """The result summary of a replay output holding ``winners`` and per player ``score`` and
    ``place`` (the common shape); ``extras``: per player the numeric extras ``stats`` averages."""
    extras = extras or {}
    return summarize_result(output["winners"],
                            {n: {"score": p["score"], "place": p["place"], **extras.get(n, {})}
                             for n, p in output["players"].items()})


# -- the contract: what every game does

class Rules(Protocol):
    """The rules, pure: a state, what comes next, what is legal, applying an entry."""

    def new_state(self, players: list[str]) -> Any: ...
    def decision(self, state: Any) -> Decision | None:
        """What the table must enter next, or ``None`` once the game is over."""
    def legal_actions(self, state: Any) -> list[Any]:
        """Every legal action when the next decision is a finite choice."""
    def apply(self, state: Any, action: Any) -> None:
        """Validate ``action`` and apply it in place (``RecordError`` if illegal, the state
        unchanged)."""
    def is_over(self, state: Any) -> bool: ...


class Records(Protocol):
    """The record format: parse (its header; the entries are read by the replay), write, and what
    a replay gives the archive."""

    def parse_record(self, document: Any) -> ParsedRecord: ...
    def new_record(self, players: list[str], meta: dict[str, Any]) -> dict[str, Any]: ...
    def write_record(self, players: list[str], steps: Iterable[Any], meta: dict[str, Any]
                     ) -> dict[str, Any]: ...
    def replay_output(self, state: Any) -> dict[str, Any]:
        """``replay --json``: the state as plain data."""
    def result_summary(self, state: Any) -> ResultSummary | None:
        """What the archive keeps of a finished game (``winners``; per player ``score``,
        ``place``, numeric extras and, where the game has them, ``tags``: the things a player
        had, for ``stats``' wins per tag) for ``list`` and ``stats``; ``None`` before the end."""
    def play_facts(self, state: Any, t: Catalog) -> dict[str, Any]:
        """What a logged play adds beyond the result: ``roles``, ``board``, ``start``."""


class Presentation(Protocol):
    """What players read (reports are plain data; the CLI renders them)."""

    def progress(self, state: Any, t: Catalog) -> str:
        """Where an unfinished game stands, in a few words (``list``)."""
    def board(self, state: Any, t: Catalog, colors: dict[str, str] | None = None) -> Report: ...
    def describe(self, t: Catalog, action: Any) -> str: ...
    def news_marker(self, state: Any) -> Any: ...
    def news(self, t: Catalog, marker: Any, state: Any) -> Report:
        """What the rules just resolved since ``marker``."""
    def summary(self, state: Any, t: Catalog, source: str | None = None) -> Report: ...
    def export_json(self, state: Any, t: Catalog, meta: dict[str, Any],
                    actions: list[Any] | None = None) -> dict[str, Any]:
        """The ``json`` export: the replay output and whatever the game adds."""
    def export(self, state: Any, fmt: str, t: Catalog, meta: dict[str, Any], name: str = "",
               actions: list[Any] | None = None, after: Report | None = None,
               public: bool = False) -> str:
        """``actions``: the record's actions that led to ``state``, when the caller has them;
        ``after``: what the summary (``md``, ``html``) ends with (where and how long it was played);
        ``public``: a game in progress as the table may see it (a game with ``public_output``)."""


class Table(Protocol):
    """The live table (dialogs are plain data; the CLI asks) and the shared suite's hooks."""

    def setup(self, t: Catalog, players: list[str]) -> Dialog | None:
        """The table's setup questions of a new game (their answers are record keys), if any;
        ``players`` as entered (what may be chosen can depend on how many play)."""
    def dialog(self, state: Any, t: Catalog, colors: dict[str, str] | None = None,
               hints: bool = False, open: bool = False) -> Dialog:
        """The questions of the next entry.  ``hints``: the memory aid is shown; ``open``: the
        table plays open (private facts on the shared screen).  Not open, a private fact appears
        only between ``dialog.Private`` and ``dialog.Public`` (issue 22; docs/table.md)."""
    def is_secret(self, action: Any) -> bool:
        """Would undoing this action let players choose again after a reveal?  (The CLI then asks
        every player, with the game's ``<text_prefix>.cli.secret_undo…`` texts if it has them.)"""
    def random_action(self, state: Any, rng: random.Random) -> Any: ...
    def check_invariants(self, state: Any) -> None:
        """What must hold after every entry (``AssertionError`` if not; the shared suite)."""


class Game(Rules, Records, Presentation, Table, Protocol):
    """A game: its ``info`` and the four protocols above.  The optional groups below are looked
    up with ``getattr(game, member, None)``: a game provides a group whole or not at all."""

    info: GameInfo

    @property
    def rules(self) -> dict[str, str]:
        """The rule ids of its digest, each with a one-line reminder (errors cite them; every id
        has a test whose name carries it)."""


# -- optional groups (``None`` on a game without them)

class Standing(Protocol):
    """The score as if the game ended now (``show --standing``, ``show --json``'s ``standing``)."""

    def standing(self, state: Any, t: Catalog) -> Report: ...
    def standing_output(self, state: Any) -> dict[str, Any]: ...


class Hidden(Protocol):
    """A game with private facts, shown to a table that does not play open (issue 22)."""

    def public_output(self, state: Any, data: dict[str, Any]) -> dict[str, Any]:
        """A replay output (``show --json``) of a game in progress, its private facts left out."""
    def public_summary(self, state: Any, t: Catalog, source: str | None = None) -> Report:
        """``show`` of a game in progress (optional within the group)."""
    def public_describe(self, t: Catalog, action: Any) -> str:
        """An entry in words with its private values left out, for ``referee fix``'s lists of a
        game in progress (optional within the group: without it, ``describe``; an ``is_secret``
        entry is then named by its place only)."""


class Calculator(Protocol):
    """The end-of-game calculator (``referee score``); ``GameInfo.calculator`` says whether a game
    has one (without: each member refuses with a usage error, ``core.cli.no_calculator``).  Found
    by convention: ``inventory.ask_inventory``, ``inventory.score``, ``scores.score_blocks``
    (drawn by ``score_report``); ``score_notes`` is ``[]`` unless the game declares its own."""

    def ask_inventory(self, t: Catalog) -> Dialog: ...
    def score(self, document: Any) -> tuple[dict[str, Any], Any]: ...
    def score_report(self, result: Any, names: list[str], t: Catalog) -> Report: ...
    def score_notes(self, output: dict[str, Any], t: Catalog) -> Report:
        """What the calculator decided for the table that a file left open (said first)."""


class Tools(Protocol):
    """The game's own table tools (``referee battle``, ``referee cards``; a game without them is
    refused with a usage error, ``core.cli.no_tool``); ``GameInfo.cards_file`` is where the
    owner's card table lives."""

    def battle_tool(self, t: Catalog, cards: Any, **options: Any) -> tuple[dict[str, Any], Report]:
        """One fight through the game's battle calculator; ``cards``: the card table or ``None``."""
    def cards_dialog(self, t: Catalog, cards: Any) -> Dialog:
        """Enter or edit the card table document; the dialog returns the new one (``None``: kept)."""
    def check_cards(self, document: Any) -> None:
        """``RecordError`` at the exact place if the card table document is malformed."""


def standing_of(game: Game) -> Standing | None:
    """The game's ``Standing`` group, or ``None`` if it cannot tell the score before the end."""
    return cast(Standing, game) if getattr(game, "standing", None) is not None else None


def hidden_of(game: Game) -> Hidden | None:
    """The game's ``Hidden`` group, or ``None`` if every fact of its play is public."""
    return cast(Hidden, game) if getattr(game, "public_output", None) is not None else None


#: the optional groups and their members (the shared suite checks each is whole or absent)
OPTIONAL: dict[str, tuple[str, ...]] = {
    "standing": ("standing", "standing_output"),
    "hidden": ("public_output",),
    "tools": ("battle_tool", "cards_dialog", "check_cards"),
    # by convention (``CONVENTION``), present where ``GameInfo.calculator`` (else they refuse)
    "calculator": ("ask_inventory", "score", "score_blocks"),
}


def lazy(package: str) -> Callable[[str, str], Any]:
    """``lazy(package)(module, function)``: a static method that imports ``package.module`` on its
    first call, so a command pays only for the parts of a game it uses."""

    def method(module: str, function: str) -> Any:
        target: Callable[..., Any] | None = None

        def call(*args: Any, **kwargs: Any) -> Any:
            nonlocal target  # looked up once: ``replay`` calls some of these per record
            if target is None:
                target = getattr(import_module(f"{package}.{module}"), function)
            return target(*args, **kwargs)

        call.__name__ = function
        call.__doc__ = f"``{module}.{function}`` (imported on first use)."
        call.lazy = (module, function)  # type: ignore[attr-defined]
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
    "result_summary": ("output", "result_summary"),  # (state): None before the end
    "export_json": ("output", "export_json"),  # (state, t, meta, actions=None)
    "progress": ("output", "progress"),  # (state, t): where an unfinished game stands (``list``)
    "summary": ("summary", "summary"),
    "board": ("view", "board"),
    "describe": ("news", "describe"),  # (t, action): an entry in words
    "news_marker": ("news", "news_marker"),
    "news": ("news", "news"),  # (t, marker, state): what the rules just resolved
    # what ``export`` and ``score_report`` draw (the ``md``/``html`` report, the ``csv`` rows, the
    # calculator's scoreboard)
    "export_report": ("exports", "export_report"),
    "csv_rows": ("exports", "csv_rows"),
    "score_blocks": ("scores", "score_blocks"),  # (t, result, names): a game with a calculator
    "dialog": ("dialog", "ask"),  # (state, t, colors=None, hints=False, open=False)
    "is_secret": ("dialog", "is_secret"),
    "check_invariants": ("invariants", "check_invariants"),
    # the calculator (``Calculator``; a game with ``GameInfo.calculator``), with ``score_blocks``
    "ask_inventory": ("inventory", "ask_inventory"),  # (t): the dialog of a final inventory
    "score": ("inventory", "score"),  # (document): (its JSON output, the result score_blocks draws)
}


class GamePackage:
    """The base of a game object whose parts live in the modules of ``package`` by convention
    (``CONVENTION``), each imported on first use.  A game names its package and its ``info``, and
    declares the rest (its setup questions, its optional groups …) as ``lazy`` members too.

    The fields of ``info`` read as the game's own attributes (``game.title`` is
    ``game.info.title``), as every caller did before ``GameInfo``."""

    package: ClassVar[str]
    info: ClassVar[GameInfo]
    #: the optional groups (see ``Game``): ``None`` where the game has none
    standing: Any = None
    standing_output: Any = None
    battle_tool: Any = None
    cards_dialog: Any = None
    check_cards: Any = None

    def setup(self, t: Catalog, players: list[str]) -> Dialog | None:
        """The table's setup questions: none beyond the players, unless the game has some."""
        return None

    def play_facts(self, state: Any, t: Catalog) -> dict[str, Any]:
        """What a logged play adds beyond the result: ``roles`` (name -> the player's role or
        team, in the table's words), ``board`` (the map or scenario), ``start`` (who began)."""
        return {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        method = lazy(cls.package)
        for name, (module, function) in CONVENTION.items():
            if name not in cls.__dict__:
                setattr(cls, name, method(module, function))
        if not cls.info.calculator:  # the group refuses whole (``OPTIONAL["calculator"]``)
            for name in OPTIONAL["calculator"]:
                setattr(cls, name, cls._no_calculator)

    def __getattr__(self, name: str) -> Any:
        """The fields of ``info`` (only reached when the usual lookup fails)."""
        if name in _INFO_FIELDS:
            return getattr(self.info, name)
        raise AttributeError(name)

    def _no_calculator(self, *args: Any) -> Any:
        from referee.core.errors import UsageError

        raise UsageError("core.cli.no_calculator", game=self.info.title)

    def module(self, name: str) -> Any:
        return import_module(f"{self.package}.{name}")

    @property
    def rules(self) -> dict[str, str]:
        """``RULES`` of the package's ``rules`` module."""
        rules: dict[str, str] = self.module("rules").RULES
        return rules

    def new_record(self, players: list[str], meta: dict[str, Any]) -> dict[str, Any]:
        document: dict[str, Any] = self.module("record").write_record(players, [], meta)
        return document

    def write_record(self, players: list[str], steps: Iterable[Any], meta: dict[str, Any]
                     ) -> dict[str, Any]:
        actions = [s.action if isinstance(s, Step) else s for s in steps]
        document: dict[str, Any] = self.module("record").write_record(players, actions, meta)
        return document

    def snapshot(self, state: Any) -> dict[str, Any]:
        snapshot: dict[str, Any] = state.snapshot()
        return snapshot

    def score_report(self, result: Any, names: list[str], t: Catalog) -> Report:
        report: Report = self.score_blocks(t, result, names)
        return report

    def score_notes(self, output: dict[str, Any], t: Catalog) -> Report:
        """What the calculator decided for the table that a file left open (said before the
        scores); most games decide nothing."""
        return []

    def export(self, state: Any, fmt: str, t: Catalog, meta: dict[str, Any], name: str = "",
               actions: list[Any] | None = None, after: Report | None = None,
               public: bool = False) -> str:
        """A game summary as ``md``, ``html``, ``json`` or ``csv`` text (``actions``: the record's
        actions that led to ``state``, when the caller has them; ``after``: blocks the ``md`` and
        ``html`` summaries end with; ``public``: a game in progress as the table may see it, for a
        game with ``public_output`` — issue 22)."""
        from referee.core import export, jsonio

        if fmt == "json":
            exported: dict[str, Any] = self.export_json(state, t, meta, actions)
            return jsonio.dumps_pretty(exported)
        if fmt == "csv":
            return export.to_csv(*self.csv_rows(state, **({"public": True} if public else {})))
        report = [*self.export_report(state, t, meta, name, actions,
                                      **({"public": True} if public else {})), *(after or [])]
        if fmt == "md":
            return export.to_markdown(report)
        if fmt == "html":
            return export.to_html(report, t(self.info.export_title_key,
                                            players=", ".join(state.names)), t.lang)
        raise ValueError(fmt)


_INFO_FIELDS = frozenset(f.name for f in fields(GameInfo))
