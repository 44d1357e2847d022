"""War Chest's entries in words: what an entry was, what the rules resolved after it, and the game
round by round (the log)."""

from __future__ import annotations

from typing import Any

from referee.core.report import Line, Report, Table
from referee.core.text import Catalog
from referee.games.warchest import engine
from referee.games.warchest.actions import Deal, Done, Draw, FirstPicker, Flip, GuardCard, Pick, Play, Resign
from referee.games.warchest.board import SIDES
from referee.games.warchest.names import by_name, hex_text, side_name, unit_name
from referee.games.warchest.scores import result_line
from referee.games.warchest.state import WarChestState
from referee.games.warchest.units import ROYAL
from referee.games.warchest.view import grid


def play_text(t: Catalog, a: Play) -> str:
    """A play in words; a face-down play never names its coin (nobody saw it)."""
    unit = "royal_guard" if a.coin == ROYAL and a.action == "tactic" else (a.coin or a.by)
    params = dict(player=a.player, unit=unit_name(t, unit), frm=hex_text(a.frm), to=hex_text(a.to),
                  at=hex_text(a.at), target=hex_text(a.target), recruit=unit_name(t, a.recruit))
    if a.action == "tactic":
        parts = []
        if a.frm is not None:
            parts.append(t("warchest.describe.part_from", hex=hex_text(a.frm)))
        if a.unit is not None:
            parts.append(t("warchest.describe.part_unit", hex=hex_text(a.unit)))
        if a.to is not None:
            parts.append(t("warchest.describe.part_to", hex=hex_text(a.to)))
        if a.target is not None:
            parts.append(t("warchest.describe.part_target", hex=hex_text(a.target)))
        for m in a.steps:
            parts.append(step_text(t, m))
        text = t("warchest.describe.tactic", player=a.player, unit=params["unit"],
                 details="; ".join(parts))
    else:
        text = t(f"warchest.describe.{a.action}", **params)
    if a.absorb:
        text += " " + t("warchest.describe.absorb")
    if a.by:
        text = t("warchest.describe.by", by=unit_name(t, a.by), what=text)
    return text


def step_text(t: Catalog, m) -> str:
    return t(f"warchest.describe.step_{m.action}", frm=hex_text(m.frm), to=hex_text(m.to),
             at=hex_text(m.at), target=hex_text(m.target)) + (
        " " + t("warchest.describe.absorb") if m.absorb else "")


def describe(t: Catalog, action: Any) -> str:
    if isinstance(action, Play):
        return play_text(t, action)
    if isinstance(action, Draw):
        if action.coins is None:
            return t("warchest.describe.draw_untold", player=action.player)
        return t.n("warchest.describe.draw", len(action.coins), player=action.player)
    if isinstance(action, Deal):
        return t("warchest.describe.deal", player=action.player,
                 units=", ".join(unit_name(t, u) for u in by_name(t, action.units)))
    if isinstance(action, GuardCard):
        return t("warchest.describe.royal_guard",
                 card=t(f"warchest.setup.royal_guard_{action.card or 'base'}"))
    if isinstance(action, FirstPicker):
        return t("warchest.describe.first_picker", player=action.player)
    if isinstance(action, Pick):
        return t("warchest.describe.pick", player=action.player, unit=unit_name(t, action.unit))
    if isinstance(action, Flip):
        return t("warchest.describe.flip", player=action.player)
    if isinstance(action, Done):
        return t("warchest.describe.done", player=action.player)
    if isinstance(action, Resign):
        return t("warchest.describe.resign", player=action.player)
    return str(action)


def news_marker(state: WarChestState) -> dict[str, Any]:
    return {"round": state.round, "control": dict(state.control), "initiative": state.initiative,
            "removed": [dict(p.removed) for p in state.players], "winner": state.winner,
            "stacks": {h: (s.player, s.unit) for h, s in state.stacks.items()}}


def news(t: Catalog, marker: dict[str, Any], state: WarChestState) -> Report:
    """What the rules resolved: control taken, coins removed, units gone, the initiative, a new
    round, the win."""
    out: Report = []
    if state.last is not None:  # what was recorded, in one line (WC-V3: a draw says no coin)
        out.append(Line(t("warchest.news.recorded", what=describe(t, state.last)), "muted"))
    before = marker["control"]
    for h in sorted(set(before) | set(state.control)):
        old, new = before.get(h), state.control.get(h)
        if old != new and new is not None:
            key = "warchest.news.control_taken" if old else "warchest.news.control"
            out.append(Line(t(key, side=side_name(t, new), hex=hex_text(h),
                              old=side_name(t, old) if old else ""), "good"))
    for i, p in enumerate(state.players):
        gone = {c: n - marker["removed"][i].get(c, 0) for c, n in p.removed.items()
                if n > marker["removed"][i].get(c, 0)}
        for c, n in gone.items():
            out.append(Line(t.n("warchest.news.removed", n, player=p.name, unit=unit_name(t, c)), "bad"))
    for h, (i, unit) in sorted(marker["stacks"].items()):
        if h not in state.stacks and not any(s.player == i and s.unit == unit for s in state.stacks.values()):
            out.append(Line(t("warchest.news.unit_gone", player=state.players[i].name,
                              unit=unit_name(t, unit), hex=hex_text(h)), "bad"))
    if state.initiative is not None and marker["initiative"] is not None \
            and state.initiative != marker["initiative"]:
        out.append(Line(t("warchest.news.initiative", player=state.players[state.initiative].name)))
    if state.winner is not None and marker["winner"] is None:
        out += [grid(state, t), result_line(t, state)]
    elif state.round != marker["round"] and state.round:
        assert state.initiative is not None  # told at the setup's flip (WC-C9)
        holder = state.players[state.initiative].name
        out.append(Line(t("warchest.news.round", round=state.round, player=holder), "strong"))
    return out


def history(state: WarChestState) -> list[dict[str, Any]] | None:
    """Round by round, the entries and who controlled how many locations at the round's end
    (``None`` when the state does not carry its entries: see ``record.WarChestRecord``)."""
    entries = getattr(state, "entries", None)
    meta = getattr(state, "meta", None)
    if entries is None or meta is None:
        return None
    from referee.games.warchest.record import setup_of

    trial = engine.new_state(list(state.names), setup_of(meta))
    rounds: list[dict[str, Any]] = [{"round": 0, "entries": [], "control": {}}]
    for a in entries:
        if trial.round != rounds[-1]["round"]:
            rounds.append({"round": trial.round, "entries": [], "control": {}})
        engine.apply(trial, a)
        rounds[-1]["entries"].append(a)
        rounds[-1]["control"] = {s: sum(v == s for v in trial.control.values()) for s in SIDES}
    # the last round is unfinished while it is still being played (a round that ended moved the
    # state on to the next; a win ends the game's last round)
    rounds[-1]["unfinished"] = bool(rounds[-1]["round"]) and trial.winner is None and \
        trial.round == rounds[-1]["round"]
    return [r for r in rounds if r["entries"]]


def log_table(t: Catalog, rounds: list[dict[str, Any]]) -> Table:
    table = Table(t("warchest.summary.log"), [t("warchest.summary.col_round"),
                                              t("warchest.summary.col_entry")],
                  align=["right", "left"])
    for r in rounds:
        for a in r["entries"]:
            table.rows.append([str(r["round"]) if r["round"] else t("warchest.summary.setup_round"),
                               describe(t, a)])
    return table
