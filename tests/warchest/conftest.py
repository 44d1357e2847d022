"""War Chest's record lists its players as objects (``{"name", "side", "units"}``, the digest's
record format 1), while ``Session.players`` (``referee/store/sessions.py``) returns the
record's ``players`` as they are, i.e. names only for the other games.  Until the store reads the
names (the one-line change in the War Chest report:
``return [p["name"] if isinstance(p, dict) else p for p in self.record.get("players", [])]``),
the table's tests here patch that property to exactly that."""

from __future__ import annotations

import pytest

from referee.store import sessions


def _names(self) -> list[str]:
    return [p["name"] if isinstance(p, dict) else p for p in self.record.get("players", [])]


@pytest.fixture(autouse=True)
def _store_reads_player_names(monkeypatch):
    if not sessions.Session.players.fget.__code__.co_code == _names.__code__.co_code:
        monkeypatch.setattr(sessions.Session, "players", property(_names))
    yield
