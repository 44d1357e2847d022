"""The registry of games the referee knows, keyed by the ``game`` value of their records."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.core.game import Game

# record "game" key -> module providing ``GAME``; imported only when a game is used.
_REGISTRY = {
    "na-grunwald": "referee.games.grunwald",
    "kajko-kokosz": "referee.games.kajko",
}
#: the game of records and sessions that do not name theirs
DEFAULT = "na-grunwald"
# Short names accepted by ``--game``.
ALIASES = {"grunwald": "na-grunwald", "kajko": "kajko-kokosz"}


def names() -> list[str]:
    return list(_REGISTRY)


def get(name: str) -> "Game":
    key = ALIASES.get(name, name)
    if key not in _REGISTRY:
        raise KeyError(name)
    game = _LOADED.get(key)
    if game is None:
        game = _LOADED[key] = import_module(_REGISTRY[key]).GAME
    return game


_LOADED: dict[str, "Game"] = {}  # ``replay`` asks once per record


def find(name: str | None) -> "Game":
    """The game of that name (default: ``DEFAULT``), or a clear error naming the known ones."""
    from referee.core.errors import UsageError

    try:
        return get((name or DEFAULT).strip().lower())
    except KeyError:
        raise UsageError("core.record.unknown_game", value=str(name)[:40], known=known()) from None


def known() -> str:
    """The games, each with its short name for ``--game``: ``na-grunwald (grunwald), …``."""
    short = {full: alias for alias, full in ALIASES.items()}
    return ", ".join(f"{n} ({short[n]})" if n in short else n for n in names())


def for_document(document: object, default: str | None) -> "Game":
    """The game a document names in its ``game`` key (else ``default``), as a record error at
    ``game`` when there is no such game."""
    from referee.core.errors import RecordError

    fallback = default or DEFAULT
    name = document.get("game", fallback) if isinstance(document, dict) else fallback
    try:
        if isinstance(name, str):
            return get(name)
    except KeyError:
        pass
    raise RecordError(None, "game", "core.record.unknown_game", value=str(name)[:40], known=known())
