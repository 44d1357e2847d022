"""A record file read as its game's parsed record: strict JSON (``jsonio.loads``), every string
in NFC, the game the record names (or a default), and a parsed record whose replay errors name the
file.  Game-agnostic; ``replay`` and ``import`` read files through it."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from referee.core import jsonio, registry
from referee.core.errors import from_file

if TYPE_CHECKING:
    from referee.core.game import Game


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
