"""The replay output object (``replay --json``)."""

from __future__ import annotations

from typing import Any

from referee.core.game import ResultSummary, scored_result
from referee.core.text import Catalog
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


def progress(state: TicTacToeState, t: Catalog) -> str:
    """Where an unfinished game stands (``list``)."""
    return t("tictactoe.summary.progress", move=len(state.moves) + 1, player=state.current())


def result_summary(state: TicTacToeState) -> ResultSummary | None:
    """What the archive keeps of a finished game (``list``, ``stats``): ``None`` before the end."""
    if not engine.is_over(state):
        return None
    out = replay_output(state)
    return scored_result(out, {n: {"moves": p["moves"]} for n, p in out["players"].items()})


def export_json(state: TicTacToeState, t: Catalog, meta: dict[str, Any],
                actions: list[Any] | None = None) -> dict[str, Any]:
    """The ``json`` export: the replay output, the record's metadata and the moves."""
    from tests.tictactoe.record import move_entry

    return {**replay_output(state), "meta": meta, "moves": [move_entry(m) for m in state.moves]}
