"""A game's card table, entered once by the owner (``referee cards``) and kept in the data folder
(``<data-dir>/`` + ``Game.cards_file``): read checked by the game (a malformed file is refused at
its exact place and left as it is), written atomically."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from referee.core import jsonio
from referee.core.errors import from_file


def cards_path(game: Any, data_dir: Path) -> Path:
    return Path(data_dir).joinpath(*game.info.cards_file)


def _folder_checked(game: Any, data_dir: Path) -> Path:
    """The card table's path, its folders inside the data folder checked: a link is never
    followed (``StoreLink``), whatever else stands in a folder's place is damage."""
    from referee.store.files import check_kind

    path = cards_path(game, data_dir)
    folder = Path(data_dir)
    for part in game.info.cards_file[:-1]:
        folder = folder / part
        check_kind(folder, folder=True)
    return path


def read_cards(game: Any, data_dir: Path) -> Any | None:
    """The owner's card table document, checked (``None``: there is none yet).  Read as every
    store file is (``referee.store.files``): never through a link, never from a pipe, never
    larger than ``MAX_CARDS_BYTES``."""
    from referee.store.files import MAX_CARDS_BYTES, read_store_bytes

    path = cards_path(game, data_dir)
    if not os.path.lexists(path) and not os.path.lexists(path.parent):
        return None
    path = _folder_checked(game, data_dir)
    data = read_store_bytes(path, MAX_CARDS_BYTES)
    if data is None:
        return None
    with from_file(path):
        document = jsonio.loads(jsonio.decode_text(data, path))
        game.check_cards(document)
    return document


def write_cards(game: Any, data_dir: Path, document: Any) -> Path:
    """Check ``document`` and write it as the game's card table; returns the file's path.  A link
    in its place (or in its folder's) is reported and left alone."""
    from referee.store.files import check_kind
    from referee.store.storage import atomic_write  # (here: ``battle`` only reads, and starts sooner)

    game.check_cards(document)
    path = cards_path(game, data_dir)
    if not os.path.lexists(path.parent):
        path.parent.mkdir(parents=True, exist_ok=True)
    path = _folder_checked(game, data_dir)
    check_kind(path)
    atomic_write(path, jsonio.dumps_pretty(document))
    return path
