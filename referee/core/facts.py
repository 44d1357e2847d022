"""Public, private and memory aid (issue 22): what a game's facts are at one shared screen.

Each game declares its facts in ``referee/games/<game>/facts.py`` as ``FACTS``: a tuple of
``Fact(fact, kind, book, english)`` — what it is, its kind, the rulebook's words that make it so
(Polish, verbatim from the book) and their English.  docs/table.md lists them and the tests read
them (every quote is checked against the book).

- ``public``: on the table for all; the shared screen shows it.
- ``private``: known to one player; shown only in that player's private moment
  (``dialog.Private`` … ``dialog.Public``), or to a table that plays open (``--open``).
- ``memory aid``: public once, but a table must remember it; shown with ``--hints``.
"""

from __future__ import annotations

from typing import NamedTuple

PUBLIC, PRIVATE, MEMORY_AID = "public", "private", "memory aid"
KINDS = (PUBLIC, PRIVATE, MEMORY_AID)


class Fact(NamedTuple):
    fact: str
    kind: str
    book: str  # the rulebook's words (Polish, verbatim)
    english: str
