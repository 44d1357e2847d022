"""Record format 1 of Nim: ``{"game": "nim", "format": 1, "players": [first, second], "date"?,
"heaps"?: [sizes] (NM-2; absent: 3, 4, 5), "variants"?: {"misere": true} (NM-4),
"takes": [{"player": …, "heap": 1–6, "count": 1–3}, …]}``.

``heaps`` and ``variants`` are the table's setup (``dialog.setup``, ``new --variant misere``): core
hands them to ``write_record`` in ``meta`` and they come back in the parsed record's ``meta``, so
an undo or a correction writes them again."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from referee.core import fix as corrections
from referee.core import records, shape
from tests.nim import engine
from tests.nim.actions import Take
from tests.nim.state import STANDARD_HEAPS, NimState

GAME = "nim"
FORMAT = 1
META_KEYS = ("date", "heaps", "variants")
TOP_KEYS = ("game", "format", "players", *META_KEYS, "takes", corrections.KEY)
VARIANTS = ("misere",)


def parse_players(value: Any) -> list[str]:
    """NM-1: two distinct names (the messages are core's, but for the count)."""
    return records.parse_players(value, "players", counts=(2,), count_rule="NM-1",
                                 count_key="nim.error.player_count")


def parse_take(value: Any, location: str) -> Take:
    entry = shape.obj(value, location, ("player", "heap", "count"))
    player = shape.string(shape.required(entry, "player", location), f"{location}.player")
    heap = shape.integer(shape.required(entry, "heap", location), f"{location}.heap")
    count = shape.integer(shape.required(entry, "count", location), f"{location}.count")
    return Take(player, heap, count)


class NimRecord(records.EntryRecord[NimState]):
    """Its entries are one list, ``takes``: core's replay loop reads them one by one."""

    entries = "takes"

    def start(self) -> NimState:
        return engine.new_state(self.players, self.meta.get("heaps", STANDARD_HEAPS),
                                bool(self.meta.get("variants", {}).get("misere")))

    def read(self, state: NimState, raw: Any, location: str) -> Take:
        return parse_take(raw, location)

    def apply(self, state: NimState, action: Any) -> None:
        engine.apply(state, action)


def parse_record(document: Any) -> NimRecord:
    doc = shape.header(document, GAME, FORMAT, TOP_KEYS)
    players = parse_players(shape.required(doc, "players", "$"))
    meta: dict[str, Any] = {}
    if "date" in doc:
        meta["date"] = shape.string(doc["date"], "date")
    if "heaps" in doc:
        sizes = shape.array(doc["heaps"], "heaps")
        meta["heaps"] = [shape.integer(s, f"heaps[{i}]") for i, s in enumerate(sizes)]
        engine.check_heaps(meta["heaps"])  # NM-2, at the record's own place
    if "variants" in doc:
        chosen = shape.obj(doc["variants"], "variants", VARIANTS)
        meta["variants"] = {v: shape.boolean(on, f"variants.{v}") for v, on in chosen.items()}
    corrections.read(doc, meta)  # the trail of corrections (referee fix): replay ignores it
    return NimRecord(players, meta, doc)


def take_entry(action: Take) -> dict[str, Any]:
    return {"player": action.player, "heap": action.heap, "count": action.count}


def write_record(players: list[str], actions: Iterable[Take], meta: dict[str, Any] | None = None
                 ) -> dict[str, Any]:
    meta = meta or {}
    doc: dict[str, Any] = {"game": GAME, "format": FORMAT, "players": list(players)}
    for k in META_KEYS:
        if k in meta:
            doc[k] = meta[k]
    doc["takes"] = [take_entry(a) for a in actions]
    corrections.write(doc, meta)  # (last: after the entries)
    return doc
