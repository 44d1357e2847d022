"""The replay output of War Chest (``replay --json``; the digest's "Replay output")."""

from __future__ import annotations

from typing import Any

from referee.core.game import ResultSummary, summarize_result
from referee.core.text import Catalog
from referee.games.warchest.engine import decision
from referee.games.warchest.state import WarChestState
from referee.games.warchest.units import sort_coins


def ordered(bag: dict | None) -> dict | None:
    return None if bag is None else {c: bag[c] for c in sort_coins(bag)}


def replay_output(state: WarChestState) -> dict[str, Any]:
    d = decision(state)
    control: dict = {s: [] for s in ("raven", "wolf")}
    for h in sorted(state.control):
        control[state.control[h]].append(list(h))
    players = {}
    for p in state.players:
        entry: dict[str, Any] = {"side": p.side, "units": list(p.units), "supply": ordered(p.supply),
                                 "discard_faceup": ordered(p.faceup), "removed": ordered(p.removed),
                                 "counts": {"bag": p.bag_n, "hand": p.hand_n, "discard_facedown": p.down_n}}
        if p.hand is not None and p.down is not None:  # WC-V5: exact
            bag = dict(p.hidden)
            for part in (p.hand, p.down):
                for c, n in part.items():
                    bag[c] -= n
            entry["bag"] = ordered({c: n for c, n in bag.items() if n})
            entry["hand"] = ordered(p.hand)
            entry["discard_facedown"] = ordered(p.down)
        else:  # WC-V4
            entry["hidden"] = ordered(p.hidden)
            if p.hand is not None:
                entry["hand"] = ordered(p.hand)
        players[p.name] = entry
    holder = None if state.initiative is None else state.players[state.initiative].name
    winner = None
    if state.winner is not None:
        winner = {"side": state.winner, "players": [p.name for p in state.players if p.side == state.winner]}
        if state.resigned is not None:
            winner["resigned"] = state.resigned
    return {
        "complete": state.winner is not None,
        "round": state.round,
        "to_play": d.player if d is not None and d.kind in ("play", "then") else None,
        "next": None if d is None else {"kind": d.kind, "player": d.player, **({"by": d.by} if d.by else {})},
        "winner": winner,
        "board": [{"hex": list(h), "player": state.players[s.player].name, "unit": s.unit, "coins": s.coins}
                  for h, s in sorted(state.stacks.items())],
        "control": control,
        "markers_in_hand": dict(state.markers),
        "initiative": {"holder": holder, "changed_this_round": state.changed},
        "players": players,
    }


def public_output(state: WarChestState, data: dict[str, Any], hints: bool = False
                  ) -> dict[str, Any]:
    """``data`` (the replay output, or the JSON export) of a game in progress as the table may
    see it (issue 22, docs/table.md): a hand, an exact bag and the face-down discard are private
    (the book: draw "tak, aby przeciwnik nie widział, jakie sztony zostały wylosowane"; a coin
    discarded face down: "nie pokazuj przeciwnikowi, jaki to szton"): only their union
    (``hidden``) and the counts stay, and a face-down play's coin is left out of the entries."""
    import copy

    from referee.games.warchest.actions import FACE_DOWN

    data = copy.deepcopy(data)
    for p in state.players:
        entry = data.get("players", {}).get(p.name)
        if not isinstance(entry, dict):
            continue
        for key in ("hand", "bag", "discard_facedown"):
            entry.pop(key, None)
        entry["hidden"] = ordered(p.hidden)
    for r in data.get("rounds", []) or []:
        for e in r.get("entries", []):
            if e.get("action") in FACE_DOWN:
                e.pop("coin", None)
    return data


def play_facts(state: WarChestState, t: Catalog) -> dict[str, Any]:
    """The logged play: each player's side as the role (the teams of four)."""
    return {"roles": {p.name: t(f"warchest.side.{p.side}") for p in state.players}}


def result_summary(state: WarChestState) -> ResultSummary | None:
    """What the archive keeps of a finished game: the winning side's players, and each
    player's unit cards (``tags``: ``stats`` counts the wins per unit card)."""
    if state.winner is None:
        return None
    winners = [p.name for p in state.players if p.side == state.winner]
    return summarize_result(winners, {
        p.name: {"score": {}, "place": 1 if p.side == state.winner else 2, "tags": list(p.units)}
        for p in state.players})


def export_json(state: WarChestState, t: Catalog, meta: dict[str, Any],
                actions: list[Any] | None = None) -> dict[str, Any]:
    """The replay output, the setup and every round's entries and control."""
    from referee.games.warchest.actions import Draw
    from referee.games.warchest.news import describe, history
    from referee.games.warchest.record import action_entry

    out = replay_output(state)
    out["setup"] = {"method": state.method, "options": {"royal_guard": "base", **state.options},
                    "units": {p.name: list(p.units) for p in state.players}}
    if state.cards is not None:  # the draft's cards laid out (WC-X1, WC-X3)
        out["setup"]["cards"] = list(state.cards)
    rounds = history(state)
    if rounds is not None:
        out["rounds"] = [{"round": r["round"], "control": r["control"],
                          "entries": [{"text": describe(t, a), **(action_entry(a) or {})}
                                      for a in r["entries"] if not isinstance(a, Draw)]}
                         for r in rounds]
    return out


def progress(state: WarChestState, t: Catalog) -> str:
    """Where an unfinished game stands, in a few words (``list``, ``show``); ``""`` once over."""
    d = decision(state)
    if d is None:
        return ""
    if state.round == 0:
        return t("warchest.summary.progress_setup")
    return t("warchest.summary.progress", round=state.round, player=d.player or "")
