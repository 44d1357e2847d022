"""A game's card table, entered once by the owner (``referee cards``) and kept in the data folder
(``<data-dir>/`` + ``Game.cards_file``): read checked by the game (a malformed file is refused at
its exact place and left as it is), written atomically."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from referee.core import jsonio
from referee.core.errors import from_file


def cards_path(game: Any, data_dir: Path) -> Path:
    return Path(data_dir).joinpath(*game.cards_file)


def read_cards(game: Any, data_dir: Path) -> Any | None:
    """The owner's card table document, checked (``None``: there is none yet)."""
    path = cards_path(game, data_dir)
    if not path.exists():
        return None
    with from_file(path):
        document = jsonio.loads(jsonio.read_text(path))
        game.check_cards(document)
    return document


def write_cards(game: Any, data_dir: Path, document: Any) -> Path:
    """Check ``document`` and write it as the game's card table; returns the file's path."""
    from referee.store.storage import atomic_write  # (here: ``battle`` only reads, and starts sooner)

    game.check_cards(document)
    path = cards_path(game, data_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, jsonio.dumps_pretty(document))
    return path
