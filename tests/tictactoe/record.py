"""Record format 1 of tic-tac-toe: ``{"game": "tic-tac-toe", "format": 1, "players": [X, O],
"date"?, "colors"?, "moves": [{"player": …, "cell": 1–9}, …]}``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from referee.core import fix as corrections
from referee.core import records, shape
from tests.tictactoe import engine
from tests.tictactoe.actions import Mark
from tests.tictactoe.state import TicTacToeState

GAME = "tic-tac-toe"
FORMAT = 1
META_KEYS = ("date", "colors")
TOP_KEYS = ("game", "format", "players", *META_KEYS, "moves", corrections.KEY)


def parse_players(value: Any) -> list[str]:
    """TT-1: two distinct names (the messages are core's, but for the count)."""
    return records.parse_players(value, "players", counts=(2,), count_rule="TT-1",
                                 count_key="tictactoe.error.player_count")


def parse_move(value: Any, location: str) -> Mark:
    entry = shape.obj(value, location, ("player", "cell"))
    player = shape.string(shape.required(entry, "player", location), f"{location}.player")
    cell = shape.integer(shape.required(entry, "cell", location), f"{location}.cell")
    return Mark(player, cell)


class TicTacToeRecord(records.EntryRecord[TicTacToeState]):
    """Its entries are one list, ``moves``: core's replay loop reads them one by one."""

    entries = "moves"

    def start(self) -> TicTacToeState:
        return engine.new_state(self.players)

    def read(self, state: TicTacToeState, raw: Any, location: str) -> Mark:
        return parse_move(raw, location)

    def apply(self, state: TicTacToeState, action: Any) -> None:
        engine.apply(state, action)


def parse_record(document: Any) -> TicTacToeRecord:
    doc = shape.header(document, GAME, FORMAT, TOP_KEYS)
    players = parse_players(shape.required(doc, "players", "$"))
    meta: dict[str, Any] = {}
    if "date" in doc:
        meta["date"] = shape.string(doc["date"], "date")
    if "colors" in doc:
        colors = shape.obj(doc["colors"], "colors", players)
        meta["colors"] = {n: shape.string(c, f"colors.{n}") for n, c in colors.items()}
    corrections.read(doc, meta)  # the trail of corrections (referee fix): replay ignores it
    return TicTacToeRecord(players, meta, doc)


def move_entry(action: Mark) -> dict[str, Any]:
    return {"player": action.player, "cell": action.cell}


def write_record(players: list[str], actions: Iterable[Mark], meta: dict[str, Any] | None = None
                 ) -> dict[str, Any]:
    meta = meta or {}
    doc: dict[str, Any] = {"game": GAME, "format": FORMAT, "players": list(players)}
    for k in META_KEYS:
        if k in meta:
            doc[k] = meta[k]
    doc["moves"] = [move_entry(a) for a in actions]
    corrections.write(doc, meta)  # (last: after the entries)
    return doc
