"""The replay output object of the spec (``replay --json``) and the per-round log, as plain data."""

from __future__ import annotations

from typing import Any

from referee.core.game import ResultSummary, scored_result
from referee.core.text import Catalog
from referee.games.grunwald import engine
from referee.games.grunwald.cards import CARDS, expand
from referee.games.grunwald.record import action_entry
from referee.games.grunwald.state import OVER, GrunwaldState, Player


def awaiting(state: GrunwaldState) -> dict[str, Any] | None:
    """What the record would need next (``None`` once the game is over)."""
    d = engine.decision(state)
    if d is None:
        return None
    out: dict[str, Any] = {"round": d.round, "phase": d.kind}
    if d.player is not None:
        out["player"] = d.player
    if d.kind == "skirmish":
        out["players"] = list(d.players)
    if d.kind in ("losses", "feeding"):
        out["owed" if d.kind == "losses" else "knights"] = d.owed
    if d.kind == "helper_purchase":
        out["price"] = d.price
    return out


def replay_output(state: GrunwaldState) -> dict[str, Any]:
    complete = state.phase == OVER
    out = players_output(state.players, complete, state.round_reached)
    if not complete:
        out["awaiting"] = awaiting(state)
    return out


def players_output(players: list[Player], complete: bool, round_reached: int) -> dict[str, Any]:
    """The replay output object but ``awaiting``: the players' inventories and, once the game is
    complete, the final score."""
    result = engine.scores_of(players) if complete else None
    out_players: dict[str, Any] = {}
    for p in players:
        entry: dict[str, Any] = {
            "ducats": p.ducats,
            "provisions": p.provisions,
            "helpers": p.helpers,
            "hand": expand(p.hand),
            "camp": expand(p.camp),
        }
        if result is not None:
            entry["score"] = result.scores[p.name].as_dict()
            entry["place"] = result.places[p.name]
        out_players[p.name] = entry
    return {
        "game": "na-grunwald",
        "complete": complete,
        "round": round_reached,
        "players": out_players,
        "winners": list(result.winners) if result is not None else [],
    }


def round_log(state: GrunwaldState) -> list[dict[str, Any]]:
    """Round by round: event, revealed cards, placements, skirmish, what each field gave whom."""
    out = []
    for log in state.log:
        if log.event is None and log.reveal is None:
            continue
        out.append({
            "round": log.round,
            "start_player": log.start_player,
            "event": action_entry(log.event) if log.event is not None else None,
            "reveal": action_entry(log.reveal) if log.reveal is not None else None,
            "placements": [action_entry(a) for a in log.placements],
            "skirmish": log.skirmish,
            "fields": log.fields,
            "removed": list(log.removed),
        })
    return out


def skirmish_losses(state: GrunwaldState) -> dict[str, int]:
    """What each player discarded after lost skirmishes, in points (cards' strength + provisions)."""
    out = dict.fromkeys(state.names, 0)
    for log in state.log:
        if log.skirmish is None:
            continue
        for name, items in log.skirmish["losses"].items():
            for item in items:
                if item.startswith("provisions:"):
                    out[name] += int(item.split(":", 1)[1])
                else:
                    out[name] += CARDS[item.split("/", 1)[-1]][1]
    return out


def public_output(state: GrunwaldState, data: dict[str, Any], hints: bool = False
                  ) -> dict[str, Any]:
    """``data`` (the replay output, or the JSON export) of a game in progress as the table may
    see it (issue 22, docs/table.md): a camp lies face down ("kładziemy ją na stół rewersem do
    góry"), so only how many cards it holds (``camp_count``); a hand is a memory aid, its cards
    only with ``hints`` (else ``hand_count``); the standing and the review of the advice, which
    read the camps, are left out."""
    import copy

    data = copy.deepcopy(data)
    for p in state.players:
        entry = data.get("players", {}).get(p.name)
        if not isinstance(entry, dict):
            continue
        knights = [c for c in entry.pop("camp", []) if c != "peasant"]
        entry["camp_count"] = len(knights)
        if not hints:
            entry["hand_count"] = len([c for c in entry.pop("hand", []) if c != "peasant"])
    data.pop("standing", None)
    data.pop("advice", None)
    return data


def progress(state: GrunwaldState, t: Catalog) -> str:
    """Where an unfinished game stands: the round and the step the table is at (``list``)."""
    out = replay_output(state)
    waiting = out.get("awaiting")
    if waiting:
        return t("grunwald.progress.awaiting", round=waiting["round"],
                 step=t(f"grunwald.step.{waiting['phase']}"))
    return t("grunwald.progress.round", round=out.get("round") or 0)


def play_facts(state: GrunwaldState, t: Catalog) -> dict[str, Any]:
    """The logged play: who started (NG-R4: the first round's start player is the first in the
    seating order)."""
    return {"start": state.names[0]}


def result_summary(state: GrunwaldState) -> ResultSummary | None:
    """What the archive keeps of a finished game (for list and stats)."""
    if not engine.is_over(state):
        return None
    losses = skirmish_losses(state)
    return scored_result(replay_output(state), {n: {"losses": n_} for n, n_ in losses.items()})


def export_json(state: GrunwaldState, t: Catalog, meta: dict[str, Any],
                actions: list[Any] | None = None) -> dict[str, Any]:
    """The replay output, the record's metadata, the round log and ``advice``: every loss and
    feeding decision with what was chosen and what the advice would have been (issue 13), from
    the record's ``actions`` (without them, none)."""
    from referee.games.grunwald.advice import review

    return {**replay_output(state), "meta": meta, "rounds": round_log(state),
            "advice": review(state, actions)}
