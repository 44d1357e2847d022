"""Plain data: the replay output (``replay --json``), the archive's result, the JSON export."""

from __future__ import annotations

from typing import Any

from referee.core.game import ResultSummary, scored_result
from referee.core.text import Catalog
from tests.nim import engine
from tests.nim.state import NimState

GAME = "nim"


def replay_output(state: NimState) -> dict[str, Any]:
    over = state.over()
    points = engine.points(state) if over else {}
    players: dict[str, Any] = {}
    for name in state.names:
        mine = [t for t in state.takes if t.player == name]
        entry: dict[str, Any] = {"takes": len(mine), "counters": sum(t.count for t in mine)}
        if over:
            entry["score"] = {"result": points[name], "total": points[name]}
            entry["place"] = 1 + sum(v > points[name] for v in points.values())
        players[name] = entry
    out: dict[str, Any] = {"game": GAME, "complete": over, "misere": state.misere,
                           "start": list(state.start), "heaps": list(state.heaps),
                           "players": players, "winners": state.winners()}
    if not over:
        out["awaiting"] = {"take": len(state.takes) + 1, "player": state.current()}
    return out


def progress(state: NimState, t: Catalog) -> str:
    """Where an unfinished game stands (``list``)."""
    return t("nim.summary.progress", left=sum(state.heaps), player=state.current())


def result_summary(state: NimState) -> ResultSummary | None:
    """What the archive keeps of a finished game (``list``, ``stats``): ``None`` before the end."""
    if not engine.is_over(state):
        return None
    out = replay_output(state)
    return scored_result(out, {n: {"takes": p["takes"]} for n, p in out["players"].items()})


def export_json(state: NimState, t: Catalog, meta: dict[str, Any],
                actions: list[Any] | None = None) -> dict[str, Any]:
    """The ``json`` export: the replay output, the record's metadata and the takes."""
    from tests.nim.record import take_entry

    return {**replay_output(state), "meta": meta, "takes": [take_entry(a) for a in state.takes]}
