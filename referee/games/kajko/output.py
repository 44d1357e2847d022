"""The replay output object of the spec (``replay --json``), as plain data."""

from __future__ import annotations

from typing import Any

from referee.games.kajko import engine
from referee.games.kajko.state import KajkoState


def replay_output(state: KajkoState) -> dict[str, Any]:
    result = engine.final_scores(state) if state.over else None
    players: dict[str, Any] = {}
    for p in state.players:
        entry: dict[str, Any] = {"front": list(p.front), "town": [list(c) for c in p.town]}
        if result is not None:
            entry["score"] = result.scores[p.name].as_dict()
            entry["place"] = result.places[p.name]
        players[p.name] = entry
    out: dict[str, Any] = {
        "game": "kajko-kokosz",
        "complete": state.over,
        "players": players,
        "winners": list(result.winners) if result is not None else [],
        "stacks": list(state.left),
    }
    if not state.over:
        # the turn the table is at, counted from 1 as people do (the record's ``turns[turn - 1]``)
        out["awaiting"] = {"turn": len(state.log) + 1, "player": state.current().name}
    return out


def public_output(state: Any, data: dict[str, Any], hints: bool = False) -> dict[str, Any]:
    """``data`` (the replay output, or the JSON export) of a game in progress as the table may
    see it (issue 22): the cards on the characters lie face down and "żaden gracz nie może ich
    podglądać w trakcie gry", so only how many characters are filled (``town_filled``), unless
    the table keeps the memory aid (``hints``)."""
    import copy

    data = copy.deepcopy(data)
    if not hints:
        for entry in data.get("players", {}).values():
            if isinstance(entry, dict) and "town" in entry:
                entry["town_filled"] = len(entry.pop("town"))
    return data
