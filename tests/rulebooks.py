"""The original rulebooks, for the tests that check the repository's quotes against them.

The books are the publishers' and are not part of the repository: the quotes the code and the
docs rely on live in the repository (``docs/table.md``, each game's ``DECISIONS.md``) and are
checked against the code always; they are checked against the books only where the books are.
``REFEREE_RULEBOOKS`` names the books' folder (the texts ``000_*`` … ``004_*``: 000/001 Na
Grunwald!, 002 Medieval Battle, 003 Kajko i Kokosz, 004 War Chest); unset, the folder
``shared/seeds`` beside the clone (or beside the folder of a worktree) is used if it is there.
A folder named in ``REFEREE_RULEBOOKS`` must hold the books: a wrong one fails, it never skips."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import ROOT

VARIABLE = "REFEREE_RULEBOOKS"
#: the books of each game, by the prefix of their file names
BOOKS = {"grunwald": ("000_", "001_"), "medieval": ("002_",), "kajko": ("003_",), "warchest": ("004_",)}


def folder() -> Path | None:
    """The books' folder, or None (they are not on this machine, and no one said where)."""
    named = os.environ.get(VARIABLE)
    if named:
        return Path(named)
    return next((p for p in (ROOT.parent / "shared" / "seeds", ROOT.parent.parent / "shared" / "seeds")
                 if p.is_dir()), None)


def book(game: str, prefixes: tuple[str, ...] | None = None) -> list[Path]:
    """The texts of one game's book (those of ``prefixes`` only, if given); skips (naming the
    variable) if no folder is known."""
    where = folder()
    if where is None:
        pytest.skip(f"the rulebooks are not beside this clone: set {VARIABLE} to their folder to "
                    "check the quotes against the books")
    found = sorted(p for prefix in prefixes or BOOKS[game] for p in where.glob(f"{prefix}*.txt"))
    assert found, f"{VARIABLE} or the default folder ({where}) holds no {'/'.join(prefixes or BOOKS[game])}*.txt"
    return found
