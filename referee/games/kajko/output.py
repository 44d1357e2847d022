"""The replay output object of the spec (``replay --json``), as plain data."""

from __future__ import annotations

from typing import Any

from referee.core.game import ResultSummary, summarize_result
from referee.core.text import Catalog
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


def progress(state: KajkoState, t: Catalog) -> str:
    """Where an unfinished game stands: the turn and whose it is (``list``)."""
    return t("kajko.summary.progress", turn=len(state.log) + 1, player=state.current().name)


def play_facts(state: KajkoState, t: Catalog) -> dict[str, Any]:
    """The logged play: who started (KK-4: the youngest player starts, the first in the record)."""
    return {"start": state.names[0]}


def result_summary(state: KajkoState) -> ResultSummary | None:
    """What the archive keeps of a finished game (for list and stats)."""
    if not state.over:
        return None
    out = replay_output(state)
    return summarize_result(out["winners"], {
        n: {"score": {k: v for k, v in p["score"].items() if k != "items_sent"},
            "place": p["place"], "items_sent": p["score"]["items_sent"]}
        for n, p in out["players"].items()})


def export_json(state: KajkoState, t: Catalog, meta: dict[str, Any],
                actions: list[Any] | None = None) -> dict[str, Any]:
    """The replay output, the setup and every turn with what it did."""
    from referee.games.kajko import news, record

    turns = [{"turn": i, **record.action_entry(log.action), "outcome": news.outcome(t, log)}
             for i, log in enumerate(state.log, 1)]
    setup = {"stacks": list(state.sizes),
             "variants": {"dusigrosz": state.dusigrosz, "coin_in_hand": state.coin_in_hand}}
    return {**replay_output(state), "setup": setup, "turns": turns}
