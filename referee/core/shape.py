"""Format checks of input documents (wrong types, unknown or missing keys), shared by every game's
record reader.  A format error is a ``RecordError`` without a rule id, at the offending location.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Any

from referee.core.errors import RecordError


def fail(location: str, key: str, /, **params: Any) -> RecordError:
    return RecordError(None, location, key, **params)


def type_name(value: Any) -> str:
    return {dict: "object", list: "array", str: "string", bool: "boolean", int: "integer",
            float: "number", type(None): "null"}.get(type(value), type(value).__name__)


def child(location: str, key: str) -> str:
    return key if location == "$" else f"{location}.{key}"


def obj(value: Any, location: str, allowed: Iterable[str]) -> dict[str, Any]:
    """An object whose keys are all in ``allowed``."""
    if not isinstance(value, dict):
        raise fail(location, "core.record.expected", expected="object", got=type_name(value))
    allowed = tuple(allowed)
    for k in value:
        if k not in allowed:
            raise fail(child(location, str(k)), "core.record.unknown_key", key=k,
                       allowed=", ".join(allowed))
    return value


def array(value: Any, location: str) -> list[Any]:
    if not isinstance(value, list):
        raise fail(location, "core.record.expected", expected="array", got=type_name(value))
    return value


def integer(value: Any, location: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise fail(location, "core.record.expected", expected="integer", got=type_name(value))
    return value


def string(value: Any, location: str) -> str:
    if not isinstance(value, str):
        raise fail(location, "core.record.expected", expected="string", got=type_name(value))
    return value


def boolean(value: Any, location: str) -> bool:
    if not isinstance(value, bool):
        raise fail(location, "core.record.expected", expected="boolean", got=type_name(value))
    return value


def required(document: dict[str, Any], key: str, location: str) -> Any:
    if key not in document:
        raise fail(location, "core.record.missing_key", key=key)
    return document[key]


def header(document: Any, game: str, fmt: int, allowed: Iterable[str]) -> dict[str, Any]:
    """The top level of a record: an object with known keys, of this game, in this format."""
    doc = obj(document, "$", allowed)
    value = required(doc, "game", "$")
    if value != game:
        raise fail("game", "core.record.bad_game", value=str(value)[:40], expected=game)
    value = required(doc, "format", "$")
    if type(value) is not int or value != fmt:  # the integer itself: not 1.0, not true
        raise fail("format", "core.record.bad_format", value=str(value)[:40], expected=fmt)
    return doc


def person(name: str) -> str:
    """Who a player's name means: the name as ``new --players`` keeps it (stripped, NFC), so
    that "Ola" and "Ola " in one record are one person twice, not two players."""
    return unicodedata.normalize("NFC", name.strip())


def player_names(record: Any) -> list[Any]:
    """The names in a record's ``players`` (each a name, or an object with a ``name``, as War
    Chest's records list a player with their side and units): what the archive shows.  (Strings
    in a record that replays; whatever a damaged one holds, its checks say what is wrong.)"""
    players = record.get("players", []) if isinstance(record, dict) else []
    if not isinstance(players, list):
        return []
    return [p.get("name") if isinstance(p, dict) else p for p in players]
