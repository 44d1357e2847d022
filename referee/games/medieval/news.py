"""Medieval Battle's entries in words: what an entry was, and what the rules and the calculator did
with it (the news after each entry)."""

from __future__ import annotations

from typing import Any

from referee.core.report import Line, Report
from referee.core.text import Catalog
from referee.games.medieval.actions import (
    Pass,
    Play,
    Pursue,
    Recruit,
    Regroup,
    Reserve,
    Stand,
    Stop,
    Withdraw,
)
from referee.games.medieval.names import army_text, knights, terrain_name, unit_name
from referee.games.medieval.scores import end_lines
from referee.games.medieval.state import MedievalState
from referee.games.medieval.units import BUDGET, OFF_MAP, army_cost


def describe(t: Catalog, action: Any) -> str:
    p = action.player
    if isinstance(action, Recruit):
        return t("medieval.describe.recruit", player=p)
    if isinstance(action, Reserve):
        return t("medieval.describe.reserve", player=p, units=", ".join(action.units) or "–")
    if isinstance(action, Pass):
        return t("medieval.describe.pass", player=p)
    if isinstance(action, Regroup):
        back = ", ".join((*action.returns, *action.enter))
        if not back:
            return t("medieval.describe.regroup", player=p)
        return t("medieval.describe.regroup_units", player=p, units=back)
    if isinstance(action, Stand):
        return t("medieval.describe.stand", player=p)
    if isinstance(action, Withdraw):
        if action.to == OFF_MAP:
            return t("medieval.describe.off_map", player=p, distance=action.distance)
        return t("medieval.describe.withdraw", player=p, terrain=terrain_name(t, action.to))
    if isinstance(action, Stop):
        return t("medieval.describe.stop", player=p)
    if isinstance(action, Pursue):
        return t("medieval.describe.pursue", player=p, target=action.attack,
                 terrain=terrain_name(t, action.terrain))
    if isinstance(action, Play):
        parts = [t("medieval.describe.play", player=p, unit=action.unit)]
        if action.dismount:
            parts.append(t("medieval.describe.dismount"))
        if action.path:
            parts.append(t("medieval.describe.path", path=", ".join(terrain_name(t, x) for x in action.path)))
        if action.attack:
            assert action.terrain is not None  # an applied attack names its hex (MB-K3)
            parts.append(t("medieval.describe.attack", target=action.attack,
                           terrain=terrain_name(t, action.terrain)))
        if action.fire:
            assert action.terrain is not None  # an applied shot names its hex (MB-F3)
            parts.append(t("medieval.describe.fire", target=action.fire,
                           terrain=terrain_name(t, action.terrain)))
        if action.join:
            parts.append(t("medieval.describe.join", target=action.join))
        if action.flag:
            parts.append(t("medieval.describe.flag", flag=action.flag))
        return " ".join(parts)
    return str(action)


def battle_lines(t: Catalog, data: dict[str, Any], attacker: str = "", defender: str = "") -> Report:
    """A fight explained: the card's base column, each shift, the result and the losses
    (``data``: ``calculator.Battle.as_data``)."""
    a, d = data["attacker"], data["defender"]
    who_a = f"{attacker} " if attacker else ""
    who_d = f"{defender} " if defender else ""
    out: Report = [Line(t(f"medieval.news.{data['kind']}",
                          attacker=f"{who_a}{unit_name(t, a['unit'])}",
                          attacker_terrain=terrain_name(t, a["terrain"]),
                          attacker_knights=knights(t, 2 if a["full"] else 1, a["unit"]),
                          defender=f"{who_d}{unit_name(t, d['unit'])}",
                          defender_terrain=terrain_name(t, d["terrain"]),
                          defender_knights=knights(t, 2 if d["full"] else 1, d["unit"])), "strong"),
                   Line("  " + t("medieval.news.base", column=data["base"]))]
    for f in data["factors"]:
        out.append(Line("  " + t(f"medieval.news.factor_{f['favours']}",
                                 factor=t(f"medieval.factor.{f['factor']}"))))
    if not data["factors"]:
        out.append(Line("  " + t("medieval.news.no_factors")))
    shift = data["shift"]
    if data["clamped"]:
        out.append(Line("  " + t(f"medieval.news.clamped_{data['clamped']}"), "muted"))
        if data.get("unverified_end"):
            out.append(Line("  " + t("medieval.news.unverified_end"), "muted"))
    out.append(Line("  " + t("medieval.news.result", column=data["result"], shift=f"{shift:+d}")))
    losses = data["losses"]
    if data["kind"] == "fire":  # MB-F1: the shooter never loses anything
        out.append(Line("  " + t("medieval.news.losses_fire",
                                 defender=losses_taken(t, losses["defender"], d))))
    else:
        out.append(Line("  " + t("medieval.news.losses", attacker=losses_taken(t, losses["attacker"], a),
                                 defender=losses_taken(t, losses["defender"], d))))
    return out


def losses_taken(t: Catalog, losses: int, side: dict[str, Any]) -> str:
    """The losses a side actually takes (MB-K4): never more knights than it has (the column may
    show 2 against a reduced unit), and ``(destroyed)`` when that is all of them.  ``side``: a
    calculator side (``unit``, ``full``)."""
    strength = 2 if side["full"] else 1
    taken = max(0, min(losses, strength))
    text = knights(t, taken, side["unit"])
    return t("medieval.news.loss_destroyed", losses=text) if taken and taken == strength else text


def _fate(t: Catalog, uid: str, fate: str) -> str:
    return t(f"medieval.news.fate_{fate}", unit=uid)


def entry_lines(t: Catalog, entry: dict[str, Any]) -> Report:
    """What the rules did with one entry."""
    out: Report = []
    p = entry["player"]
    kind = entry["kind"]
    if kind == "recruit":
        out.append(Line(t("medieval.news.recruited", player=p)))
    elif kind == "reserve":
        out.append(Line(t("medieval.news.deployed", player=p)))
    elif kind == "pass":
        out.append(Line(t("medieval.news.passed", player=p)))
    elif kind == "stop":
        out.append(Line(t("medieval.news.stop", player=p)))
    if "dismounted" in entry:
        x = entry["dismounted"]
        out.append(Line(t("medieval.news.dismounted", unit=x["unit"], type=unit_name(t, x["type"]),
                          mp=x["mp"][1])))
    if "moved" in entry:
        m = entry["moved"]
        out.append(Line(t("medieval.news.moved", unit=entry["unit"], cost=m["cost"], mp=m["mp"])))
    if "attack" in entry:
        x = entry["attack"]
        out.append(Line(t("medieval.news.attack", attacker=x["attacker"], defender=x["defender"],
                          cost=x["cost"])))
    if "withdrawal" in entry:
        w = entry["withdrawal"]
        if w["to"] == OFF_MAP:
            out.append(Line(t("medieval.news.withdrew_off", unit=w["unit"], distance=w["distance"])))
        else:
            out.append(Line(t("medieval.news.withdrew", unit=w["unit"], terrain=terrain_name(t, w["to"]))))
    if "battle" in entry:
        b = entry["battle"]
        out += battle_lines(t, b, b["units"]["attacker"], b["units"]["defender"])
        o = entry.get("outcome", {})
        fates = []
        if "attacker" in o:
            fates.append(_fate(t, b["units"]["attacker"], o["attacker"]))
        fates.append(_fate(t, b["units"]["defender"], o["defender"]))
        if "hex" in o:
            fates.append(t("medieval.news.takes_hex", unit=o["hex"]))
        out.append(Line("  " + " ".join(fates), "bad" if "destroyed" in o.values() else ""))
    if "baggage" in entry:
        x = entry["baggage"]
        out.append(Line(t(f"medieval.news.baggage_{x['result']}", unit=x["unit"],
                          attacker=x.get("attacker", "–")), "strong"))
    if "joined" in entry:
        x = entry["joined"]
        out.append(Line(t("medieval.news.joined", unit=x["unit"], into=x["into"], mp=x["mp"])))
    if "regroup" in entry:
        x = entry["regroup"]
        out.append(Line(t.n("medieval.news.regroup", x["tokens"], player=p)))
        back = ", ".join((*x["returns"], *x["enter"]))
        if back:
            out.append(Line(t("medieval.news.regroup_back", units=back)))
    for f in entry.get("flags", ()):
        out.append(Line(t("medieval.news.flag", player=f["player"], flag=f["flag"], unit=f["unit"]),
                        "good"))
    if "end" in entry:
        out += end_lines(t, entry["end"])
    return out


def news_marker(state: MedievalState) -> int:
    return len(state.log)


def news(t: Catalog, marker: int, state: MedievalState) -> Report:
    out: Report = []
    revealed = all(a.recruited is not None for a in state.armies)
    for entry in state.log[marker:]:
        if entry["kind"] == "recruit" and not revealed:
            continue  # the board just below says it, and that the army stays hidden (MB-R1)
        out += entry_lines(t, entry)
    if len(state.log) > marker and state.log[-1]["kind"] == "recruit" and revealed:
        out.append(Line(t("medieval.play.revealed"), "strong"))
        budget = BUDGET[state.map]
        for a in state.armies:
            out.append(Line(f"{a.name}: {army_text(t, a.recruited)}"))
            unspent = budget - army_cost(a.recruited or {})
            if unspent > 0:  # MB-R2: allowed, but the points are lost (told once both are shown)
                out.append(Line("  " + t.n("medieval.news.unspent", unspent, player=a.name,
                                           cost=budget - unspent, budget=budget), "muted"))
    return out
