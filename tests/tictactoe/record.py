"""Record format 1 of tic-tac-toe: ``{"game": "tic-tac-toe", "format": 1, "players": [X, O],
"date"?, "colors"?, "moves": [{"player": …, "cell": 1–9}, …]}``."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from referee.core import shape
from referee.core.errors import RecordError, RuleError
from referee.core.game import Step
from tests.tictactoe import engine
from tests.tictactoe.actions import Mark
from tests.tictactoe.state import TicTacToeState

GAME = "tic-tac-toe"
FORMAT = 1
META_KEYS = ("date", "colors")
TOP_KEYS = ("game", "format", "players", *META_KEYS, "moves")


def parse_players(value: Any) -> list[str]:
    players = shape.array(value, "players")
    if len(players) != 2:
        raise RuleError("TT-1", "players", "tictactoe.error.player_count", count=len(players))
    for i, name in enumerate(players):
        shape.string(name, f"players[{i}]")
        if not name.strip() or not name.isprintable():
            raise RuleError("TT-1", f"players[{i}]", "tictactoe.error.player_name")
    if players[0] == players[1]:
        raise RuleError("TT-1", "players[1]", "tictactoe.error.player_name")
    return list(players)


def parse_move(value: Any, location: str) -> Mark:
    entry = shape.obj(value, location, ("player", "cell"))
    player = shape.string(shape.required(entry, "player", location), f"{location}.player")
    cell = shape.integer(shape.required(entry, "cell", location), f"{location}.cell")
    return Mark(player, cell)


@dataclass
class TicTacToeRecord:
    players: list[str]
    meta: dict[str, Any]
    document: dict[str, Any]

    def replay(self, tracked: bool = True) -> tuple[TicTacToeState, list[Step]]:
        state = engine.new_state(self.players)
        steps = []
        for i, raw in enumerate(shape.array(self.document.get("moves", []), "moves")):
            location = f"moves[{i}]"
            action = parse_move(raw, location)
            try:
                engine.apply(state, action)
            except RecordError as exc:
                exc.location = location + exc.location
                raise
            steps.append(Step(location, action))
        return state, steps


def parse_record(document: Any) -> TicTacToeRecord:
    doc = shape.header(document, GAME, FORMAT, TOP_KEYS)
    players = parse_players(shape.required(doc, "players", "$"))
    meta: dict[str, Any] = {}
    if "date" in doc:
        meta["date"] = shape.string(doc["date"], "date")
    if "colors" in doc:
        colors = shape.obj(doc["colors"], "colors", players)
        meta["colors"] = {n: shape.string(c, f"colors.{n}") for n, c in colors.items()}
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
    return doc
