"""The one error family of the referee.

Every error a user can cause carries a message *key* (looked up in the ``prompts/`` catalogs) and its
parameters, never pre-rendered text, so the CLI can show it in the table's language.  ``str(error)``
renders it in English for logs and tests.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from referee.core.text import catalog

_IDENT = re.compile(r"^[^\W\d]\w*$")


def key_path(name: str) -> str:
    """How a dictionary key (a player's name) appears in a location: ``.Kasia`` or ``["Jan P."]``."""
    return f".{name}" if _IDENT.match(name) else f"[{json.dumps(name, ensure_ascii=False)}]"


class RefereeError(Exception):
    """Base of every error the CLI reports as a one-line message (never a traceback)."""

    exit_code = 1
    #: the language of the session the error is about, if any: the CLI says it in that language
    #: unless the command line (or the environment) asked for another
    lang: str | None = None

    def __init__(self, key: str, /, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def render(self, lang: str = "en") -> str:
        return catalog(lang).render_error(self)

    def __str__(self) -> str:  # pragma: no cover - exercised through render()
        return self.render("en")


class RecordError(RefereeError):
    """A game record (or another input document) is malformed or breaks a rule.

    ``rule`` is the rule id it breaks (``NG-P10``) or ``None`` for a format error;
    ``location`` is the JSON path of the offending entry (``rounds[3].placements[7]``).
    """

    def __init__(self, rule: str | None, location: str, key: str, /, **params: Any) -> None:
        super().__init__(key, **params)
        self.rule = rule
        self.location = location
        self.source: str | None = None  # the file the document came from, when there is one

    def with_location(self, location: str) -> RecordError:
        self.location = location
        return self

    def as_dict(self, lang: str = "en") -> dict[str, Any]:
        return {
            "rule": self.rule,
            "location": self.location,
            "message": catalog(lang).render_error(self, bare=True),
        }


class RuleError(RecordError):
    """An entry that breaks a rule of the game: a ``RecordError`` that always names the rule id of
    the game's digest (``NG-P10``, ``KK-4`` …)."""

    def __init__(self, rule: str, location: str, key: str, /, **params: Any) -> None:
        if not rule:
            raise ValueError("a RuleError names the rule it breaks")
        super().__init__(rule, location, key, **params)


class UsageError(RefereeError):
    """The command line asks for something that cannot be (a game without that option …)."""

    exit_code = 2


class DamagedStore(RefereeError):
    """A store file that cannot be used: unreadable, or a session whose record names no game
    this referee knows or breaks a rule (someone edited it).  Exit 3, naming the file and its
    ``.bak`` when there is one."""

    exit_code = 3


def backup_of(path: object) -> str | None:
    """The ``.bak`` kept beside a store file, if there is one."""
    import os

    backup = f"{path}.bak"
    return backup if os.path.exists(backup) else None


class SessionDamaged(DamagedStore):
    """A stored session whose record cannot be replayed (``cause``: the record or game error)."""

    def __init__(self, path: object, cause: RefereeError) -> None:
        backup = backup_of(path)
        super().__init__("core.store.damaged_record" if backup else "core.store.damaged_record_no_backup",
                         path=str(path), backup=backup or "")
        if isinstance(cause, RecordError):
            cause.source = None  # the path is named once
        self.cause = cause

    def render(self, lang: str = "en") -> str:
        return catalog(lang)(self.key, **self.params, detail=self.cause.render(lang))


class InputError(RefereeError):
    """A file could not be read at all (missing, a directory, too large, not UTF-8 …)."""


@contextmanager
def from_file(path: object) -> Iterator[None]:
    """Record errors raised inside name the file the document came from."""
    try:
        yield
    except RecordError as error:
        if path is not None:
            error.source = str(path)
        raise
