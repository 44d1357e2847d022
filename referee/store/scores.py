"""Kept scores: a final inventory asked at the table (``referee score``) and kept on request.

A kept score is not a session (a session is a record that replays; an inventory is only the end
of a game): it is the inventory document itself, in ``<data>/scores/<date>-<players>.json``,
written atomically and never through a link.  ``referee score FILE`` reads it again,
``referee score --list`` lists them and ``referee stats`` counts them.  Each one is read as
``score FILE`` reads a file (the game's own validation): one that fails is damaged, named and
counted nowhere, as a damaged session is."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, cast

from referee.core import registry
from referee.core.errors import RefereeError, from_file
from referee.core.game import Calculator
from referee.store.files import StoreLink, check_kind
from referee.store.sessions import slugify
from referee.store.storage import atomic_write, fsync_dir, read_json

FOLDER = "scores"


def folder_of(root: Path) -> Path:
    folder = Path(root) / FOLDER
    if folder.is_symlink():  # (every kept score would be read and written through it)
        raise StoreLink(folder)
    return folder


def keep(root: Path, document: dict[str, Any], day: str) -> Path:
    """Keep ``document`` (an inventory ``score`` accepted), played on ``day``: its new file."""
    folder = folder_of(root)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise RefereeError("core.store.unusable", path=str(root),
                           detail=exc.strerror or str(exc)) from None
    folder = folder_of(root)
    stem = f"{day}-{slugify('-'.join(document['players']))}"
    number = 1
    while True:
        path = folder / (f"{stem}.json" if number == 1 else f"{stem}-{number}.json")
        if not os.path.lexists(path):
            break
        number += 1
    atomic_write(path, json.dumps({**document, "date": day}, ensure_ascii=False, indent=1),
                 keep_backup=False)
    fsync_dir(folder)
    return path


def entries(root: Path) -> list[dict[str, Any]]:
    """Every kept score, oldest first: ``id`` (the file's name), ``path``, ``game``, ``date``,
    ``complete``, ``result`` (``players`` with ``score`` and ``place``, ``winners``: as the
    archive keeps a finished session's) — or ``damaged`` (with ``error``, the ``RefereeError``)."""
    folder = folder_of(root)
    if not folder.is_dir():
        return []
    rows = []
    for path in sorted(folder.iterdir()):
        if path.name.startswith(".") or not path.name.endswith(".json"):
            continue  # (a write's temporary file)
        row: dict[str, Any] = {"id": path.name, "path": str(path)}
        try:
            check_kind(path)
            document = read_json(path)
            with from_file(path):
                game = registry.for_document(document, None)
                output, _ = cast(Calculator, game).score(document)
            date = document.get("date")
            if not isinstance(date, str):
                date = ""
        except RefereeError as exc:
            row.update(damaged=True, error=exc)
        else:
            row.update(game=game.info.name, date=date, complete=True,
                       players=list(output["players"]),
                       result={"players": output["players"], "winners": output["winners"]})
        rows.append(row)
    rows.sort(key=lambda r: (r.get("date") or "", r["id"]))
    return rows
