"""The replay output object (``replay --json``)."""

from __future__ import annotations

from typing import Any

from tests.tictactoe import engine
from tests.tictactoe.state import MARKS, TicTacToeState

GAME = "tic-tac-toe"


def replay_output(state: TicTacToeState) -> dict[str, Any]:
    over = state.over()
    points = engine.points(state) if over else {}
    players: dict[str, Any] = {}
    for i, name in enumerate(state.names):
        entry: dict[str, Any] = {"mark": MARKS[i], "cells": sorted(c for c, p in state.grid.items()
                                                                    if p == i),
                                 "moves": sum(m.player == name for m in state.moves)}
        if over:
            entry["score"] = {"result": points[name], "total": points[name]}
            entry["place"] = 1 + sum(v > points[name] for v in points.values())
        players[name] = entry
    out: dict[str, Any] = {"game": GAME, "complete": over, "players": players,
                           "winners": state.winners() if over else [],
                           "grid": [MARKS[state.grid[c]] if c in state.grid else "" for c in range(1, 10)]}
    if not over:
        out["awaiting"] = {"move": len(state.moves) + 1, "player": state.current()}
    return out
