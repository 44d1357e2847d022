"""The registry of games the referee knows, keyed by the ``game`` value of their records.

A game registers itself: every package in the ``referee.games`` folder that defines ``GAME`` is
found on first use (a new game is a new folder, nothing else to edit), and ``register`` adds a game
defined anywhere else (a plugin, or a test's throwaway game).  Each game names its own short
aliases for ``--game`` and whether it is the default (the game of records that do not name
theirs: the first record format had no ``game`` key).
"""

from __future__ import annotations

import pkgutil
from importlib import import_module
from typing import TYPE_CHECKING

from referee.core.errors import RecordError, UsageError

if TYPE_CHECKING:
    from referee.core.game import Game
    from referee.core.text import Catalog

#: the folder whose packages are games (found by name: the games depend on core, not the reverse)
GAMES_PACKAGE = "referee.games"

_games: dict[str, Game] = {}
_aliases: dict[str, str] = {}
_discovered = False


def register(game: Game) -> Game:
    """Add ``game`` (a later game of the same name replaces an earlier one).  A game whose
    catalogs are not in its folder's ``prompts/`` (``catalog_dir``) has that folder read for its
    namespace."""
    _games[game.info.name] = game
    for alias in game.info.aliases:
        _aliases[alias] = game.info.name
    folder = game.info.catalog_dir
    if folder is not None:
        from referee.core.text import add_folder

        add_folder(game.info.text_prefix, folder)
    return game


def unregister(name: str) -> None:
    """Remove a game registered with ``register`` (tests)."""
    game = _games.pop(name, None)
    for alias in [a for a, full in _aliases.items() if full == name]:
        del _aliases[alias]
    if game is not None and game.info.catalog_dir is not None:
        from referee.core.text import remove_folder

        remove_folder(game.info.text_prefix)


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    found = []
    package = import_module(GAMES_PACKAGE)
    for info in pkgutil.iter_modules(package.__path__):
        if info.ispkg:
            game = getattr(import_module(f"{GAMES_PACKAGE}.{info.name}"), "GAME", None)
            if game is not None:
                found.append(game)
    registered = dict(_games)  # registered by hand before discovery: they keep their place last
    _games.clear()
    for game in [*found, *registered.values()]:
        register(game)


def names() -> list[str]:
    _discover()
    return list(_games)


def games() -> list[Game]:
    _discover()
    return list(_games.values())


def default() -> str:
    """The game of records and sessions that do not name theirs."""
    _discover()
    for game in _games.values():
        if game.info.is_default:
            return game.info.name
    return next(iter(_games))


def get(name: str) -> Game:
    """The game of that name or alias (``KeyError`` if there is none)."""
    _discover()
    return _games[_aliases.get(name, name)]


def find(name: str | None) -> Game:
    """The game of that name (default: ``default()``), or a clear usage error naming the known
    ones."""
    try:
        return get((name or default()).strip().lower())
    except KeyError:
        raise UsageError("core.record.unknown_game", value=str(name)[:40], known=known()) from None


def known() -> str:
    """The games, each with its short name for ``--game``: ``full-name (alias), …``."""
    _discover()
    short: dict[str, str] = {}
    for alias, full in _aliases.items():
        short.setdefault(full, alias)
    return ", ".join(f"{n} ({short[n]})" if n in short else n for n in _games)


def short_name(game: Game) -> str:
    """What to type after ``--game``: its first alias, else its name."""
    aliases = game.info.aliases
    return aliases[0] if aliases else game.info.name


def help_params(t: Catalog) -> dict[str, str]:
    """The placeholders of the command line's help texts that name the games (``{games}``,
    ``{names}``, ``{variants}``, ``{hint_games}``, ``{calculator_games}``, ``{battle_games}``,
    ``{cards_games}``), from the registry in the language of ``t``:
    help texts need no edit when a game is added."""
    _discover()
    games_ = list(_games.values())
    default_name = default() if games_ else None
    listed = []
    for g in games_:
        mark = f", {t('cli.help.default_game')}" if g.info.name == default_name else ""
        listed.append(f"{short_name(g)} ({g.info.title}{mark})")
    variants = [f"{short_name(g)}: {', '.join(g.info.variants)}" for g in games_ if g.info.variants]
    hints = [g.info.short_title for g in games_ if g.info.has_hints]
    scored = [g.info.short_title for g in games_ if g.info.calculator]
    none = t("cli.help.none")

    def having(member: str) -> str:  # the games with a tool (``battle``, ``cards``)
        return ", ".join(f"{short_name(g)} ({g.info.title})" for g in games_
                         if getattr(g, member, None) is not None) or none

    return {"games": ", ".join(listed), "names": ", ".join(short_name(g) for g in games_),
            "variants": "; ".join(variants) or none, "hint_games": ", ".join(hints) or none,
            "calculator_games": ", ".join(scored) or none,
            "battle_games": having("battle_tool"), "cards_games": having("cards_dialog")}


def for_document(document: object, default_name: str | None) -> Game:
    """The game a document names in its ``game`` key (else ``default_name``, else the default),
    as a record error at ``game`` when there is no such game."""
    fallback = default_name or default()
    name = document.get("game", fallback) if isinstance(document, dict) else fallback
    try:
        if isinstance(name, str):
            return get(name)
    except KeyError:
        pass
    raise RecordError(None, "game", "core.record.unknown_game", value=str(name)[:40], known=known())
