"""The replay output object (``replay --json``) of Medieval Battle, as plain data."""

from __future__ import annotations

from typing import Any

from referee.core.game import ResultSummary, summarize_result
from referee.core.text import Catalog
from referee.games.medieval import engine
from referee.games.medieval.state import MedievalState


def unit_output(u: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"type": u.type, "where": u.where, "strength": u.strength, "mp": u.mp}
    if u.type != u.recruited:
        out["recruited"] = u.recruited
    if u.distance is not None:
        out["distance"] = u.distance
    if u.flag is not None:
        out["flag"] = u.flag
    if u.baggage is not None:
        out["baggage"] = u.baggage
    return out


def replay_output(state: MedievalState) -> dict[str, Any]:
    players: dict[str, Any] = {}
    for i, army in enumerate(state.armies):
        entry: dict[str, Any] = {
            "army": army.colour, "recruited": army.recruited, "time_tokens": army.tokens,
            "vp": state.vp(i), "flags": sorted(f for f, h in state.holder.items() if h == i),
            "baggage_taken": army.baggage_taken, "field_value": engine.field_value(state, i),
            "units": {u.id: unit_output(u) for u in state.army_units(i)},
        }
        if state.end is not None:
            entry["place"] = 1 if army.name in state.end["winners"] else 2
        players[army.name] = entry
    out: dict[str, Any] = {
        "game": "medieval-battle",
        "complete": state.over,
        "map": state.map,
        "players": players,
        "winners": list(state.end["winners"]) if state.end else [],
        "turns": state.turns,
    }
    if state.end is not None:
        out["end"] = state.end
    d = engine.decision(state)
    if d is not None:
        out["awaiting"] = {"kind": d.kind, "player": d.player}
    return out


def army_hidden(state: MedievalState, owner: int) -> bool:
    """MB-R1: an army chosen in secret stays hidden until the other one is chosen too (the board,
    the replay output and the exports of a game in progress hide it — issue 22)."""
    return any(a.recruited is None for a in state.armies) and state.armies[owner].recruited is not None


def public_output(state: MedievalState, data: dict[str, Any], hints: bool = False
                  ) -> dict[str, Any]:
    """``data`` (the replay output, or the JSON export) of a game in progress as the table may
    see it (issue 22, MB-R1: "budują swoje armie dokonując w sekrecie wyboru żetonów"): an army
    chosen while the other is not yet is only said to be chosen (``hidden``)."""
    import copy

    data = copy.deepcopy(data)
    for i, army in enumerate(state.armies):
        entry = data.get("players", {}).get(army.name)
        if isinstance(entry, dict) and army_hidden(state, i):
            for key in ("recruited", "units", "field_value", "baggage_taken"):
                entry.pop(key, None)
            entry["hidden"] = True
    return data


def result_summary(state: MedievalState) -> ResultSummary | None:
    """What the archive keeps of a finished game (for list and stats)."""
    if not state.over:
        return None
    out = replay_output(state)
    flags = {n: sum(state.flags[f] for f in p["flags"]) for n, p in out["players"].items()}
    return summarize_result(out["winners"], {
        n: {"score": {"flags": flags[n], "baggage": p["vp"] - flags[n], "total": p["vp"]},
            "place": p["place"], "field_value": p["field_value"]}
        for n, p in out["players"].items()})


def export_json(state: MedievalState, t: Catalog, meta: dict[str, Any],
                actions: list[Any] | None = None) -> dict[str, Any]:
    """The replay output, the setup and every entry with what the rules did with it."""
    from referee.games.medieval.cards import card_document

    setup = {"map": state.map, "flags": dict(state.flags), "victory": state.victory,
             "dismount": state.dismount, "cards": card_document(state.cards)}
    entries = [{"entry": i, **log} for i, log in enumerate(state.log, 1)]
    return {**replay_output(state), "setup": setup, "entries": entries}


def progress(state: MedievalState, t: Catalog) -> str:
    """Where the game stands, in a few words (``list``; the board's first line)."""
    d = engine.decision(state)
    if d is None:
        return t("medieval.summary.over", turns=state.turns)
    return t(f"medieval.summary.progress_{d.kind}", turn=state.turns + 1, player=d.player)
