"""What the table reads about a game of Medieval Battle: the status report (no map: the referee
cannot see it), the news after each entry (what the calculator did), the summary and the exports
— as renderer-neutral reports (no I/O here)."""

from __future__ import annotations

from typing import Any

from referee.core.report import Heading, Line, LineChart, Report, Table
from referee.core.text import Catalog
from referee.games.medieval import engine
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
from referee.games.medieval.state import DESTROYED, JOINED, OFF, ON_MAP, RESERVE, MedievalState, Unit
from referee.games.medieval.units import BAGGAGE, BUDGET, OFF_MAP, UNIT_TYPES, army_cost


def unit_name(t: Catalog, unit_type: str) -> str:
    return t(f"medieval.unit.{unit_type}")


def terrain_name(t: Catalog, terrain: str) -> str:
    return t(f"medieval.terrain.{terrain}")


def knights(t: Catalog, n: int, unit_type: str | None = None) -> str:
    """``2 knights``, ``1 pikeman``: a unit's strength in its own type's word (MB-C2: the
    counter shows 2 figures full, 1 reduced)."""
    key = f"medieval.plural.{unit_type}"
    return t.n(key if unit_type and t.has_own(f"{key}.other") else "medieval.plural.knights", n)


def unit_label(t: Catalog, u: Unit) -> str:
    """``R-HC1 heavy cavalry · 2 knights · 4 MP``."""
    if u.is_baggage:
        return t("medieval.board.baggage_label", unit=u.id, side=t(f"medieval.baggage.{u.baggage}"),
                 mp=u.mp)
    return t("medieval.board.unit_label", unit=u.id, type=unit_name(t, u.type),
             knights=knights(t, u.strength, u.type), mp=u.mp)


def unit_short(t: Catalog, u: Unit) -> str:
    """``Y-HC1 (heavy cavalry)``: a unit named inside a sentence."""
    return f"{u.id} ({unit_name(t, u.type)})"


def army_text(t: Catalog, army: dict[str, int] | None) -> str:
    if not army:
        return t("medieval.summary.none")
    return ", ".join(f"{n} × {unit_name(t, u)}" for u, n in army.items() if n)


def _where(t: Catalog, u: Unit) -> str:
    if u.where == ON_MAP:
        return t("medieval.board.on_flag", flag=u.flag) if u.flag else t("medieval.board.on_map")
    if u.where == OFF:
        return t("medieval.board.off_map", distance=u.distance)
    return t(f"medieval.board.{u.where}")


# --------------------------------------------------------------------------------------------
# the status report


def _hidden(state: MedievalState, owner: int) -> bool:
    """MB-R1: an army chosen in secret stays hidden until the other one is chosen too."""
    return any(a.recruited is None for a in state.armies) and state.armies[owner].recruited is not None


#: (its public name: the replay output hides such an army too — issue 22)
army_hidden = _hidden


def armies_table(t: Catalog, state: MedievalState, colors: dict[str, str] | None = None) -> Table:
    columns = [t("medieval.board.col_player"), t("medieval.board.col_army"),
               t("medieval.board.col_tokens"), t("medieval.board.col_flags"),
               t("medieval.board.col_baggage"), t("medieval.board.col_value"),
               t("medieval.board.col_vp")]
    table = Table(t("medieval.board.armies", target=state.victory), columns,
                  align=["left", "left", "right", "left", "left", "right", "right"])
    for i, army in enumerate(state.armies):
        flags = sorted(f for f, h in state.holder.items() if h == i)
        baggage = state.baggage(i)
        secret = _hidden(state, i)  # MB-R1: not even what the army is worth, until both are in
        table.rows.append([army.name, t(f"medieval.army.{army.colour}"), str(army.tokens),
                           ", ".join(f"{f} ({state.flags[f]})" for f in flags) or "–",
                           t(f"medieval.baggage.{baggage.baggage}") if baggage and not secret else "–",
                           "–" if secret else str(engine.field_value(state, i)), str(state.vp(i))])
        table.row_styles.append((colors or {}).get(army.name, ""))
    return table


def units_table(t: Catalog, state: MedievalState, owner: int) -> Table:
    army = state.armies[owner]
    table = Table(t("medieval.board.units", player=army.name, army=t(f"medieval.army.{army.colour}")),
                  [t("medieval.board.col_unit"), t("medieval.board.col_type"),
                   t("medieval.board.col_strength"), t("medieval.board.col_mp"),
                   t("medieval.board.col_where")], align=["left", "left", "right", "right", "left"])
    order = {ON_MAP: 0, OFF: 1, RESERVE: 2, DESTROYED: 3, JOINED: 4}
    for u in sorted(state.army_units(owner), key=lambda u: order.get(u.where, 5)):
        table.rows.append([u.id, unit_name(t, u.type), knights(t, u.strength, u.type) if not u.is_baggage
                           else t(f"medieval.baggage.{u.baggage}"), str(u.mp), _where(t, u)])
    return table


def board(state: MedievalState, t: Catalog, colors: dict[str, str] | None = None) -> Report:
    out: Report = [Line(progress(state, t), "strong"), armies_table(t, state, colors)]
    for i in range(2):
        if _hidden(state, i):
            out.append(Line(t("medieval.board.army_hidden", player=state.armies[i].name), "muted"))
        elif state.army_units(i):
            out.append(units_table(t, state, i))
    return out


def live_board(state: MedievalState, t: Catalog, colors: dict[str, str] | None = None) -> Report:
    """What the table reads before a question, compact enough for 80×24 (the units themselves
    are in the question's menu; ``referee show`` has the full tables): where the game stands, one
    line per army and, when there are any, the units not on the map."""
    out: Report = [Line(progress(state, t), "strong")]
    for i, army in enumerate(state.armies):
        style = (colors or {}).get(army.name, "")
        if _hidden(state, i):  # MB-R1: nothing of a secret army shows
            out.append(Line(t("medieval.board.army_hidden", player=army.name), "muted"))
            continue
        flags = sorted(f for f, h in state.holder.items() if h == i)
        baggage = state.baggage(i)
        out.append(Line(t("medieval.board.army_line", player=army.name,
                          army=t(f"medieval.army.{army.colour}"),
                          tokens=t.n("medieval.plural.tokens", army.tokens), vp=state.vp(i),
                          flags=t("medieval.board.army_flags", flags=", ".join(
                              f"{f} ({state.flags[f]})" for f in flags)) if flags else "",
                          baggage=t(f"medieval.baggage.{baggage.baggage}") if baggage else "–",
                          value=engine.field_value(state, i)), style))
        away = [f"{u.id} ({_where(t, u)})" for u in state.army_units(i) if not u.on_map]
        if away:
            out.append(Line("  " + t("medieval.board.away", player=army.name, units=", ".join(away)),
                            "muted"))
    return out


def progress(state: MedievalState, t: Catalog) -> str:
    d = engine.decision(state)
    if d is None:
        return t("medieval.summary.over", turns=state.turns)
    return t(f"medieval.summary.progress_{d.kind}", turn=state.turns + 1, player=d.player)


# --------------------------------------------------------------------------------------------
# entries in words


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


# --------------------------------------------------------------------------------------------
# what the calculator did


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


def end_lines(t: Catalog, end: dict[str, Any]) -> Report:
    out: Report = [Line(t(f"medieval.news.end_{end['reason']}"), "strong")]
    for name, vp in end["vp"].items():
        out.append(Line(t("medieval.news.end_score", player=name, vp=vp,
                          value=end["field_value"][name])))
    winners = end["winners"]
    if end["decided_by"] == "draw":
        out.append(Line(t("medieval.news.draw"), "strong"))
    else:
        out.append(Line(t(f"medieval.news.winner_{end['decided_by']}", player=winners[0]), "good"))
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


# --------------------------------------------------------------------------------------------
# the summary and the exports


def _setup_line(t: Catalog, state: MedievalState) -> Line:
    flags = ", ".join(f"{f} ({v})" for f, v in state.flags.items())
    return Line(t("medieval.summary.setup", map=t(f"medieval.setup.map_{state.map}"), flags=flags,
                  target=state.victory,
                  dismount=t("medieval.summary.dismount_on" if state.dismount
                             else "medieval.summary.dismount_off")), "muted")


def summary(state: MedievalState, t: Catalog, source: str | None = None) -> Report:
    out: Report = [Heading(t("medieval.summary.title", players=", ".join(state.names))
                           + (f" — {source}" if source else "")), _setup_line(t, state)]
    out += board(state, t)
    if state.end is not None:
        out += end_lines(t, state.end)
    return out


def timeline(state: MedievalState, meta: dict[str, Any], actions: list[Any] | None
             ) -> list[dict[str, Any]] | None:
    """VP (``state.vp``) and time tokens of each army when the battle begins and after every
    battle turn, replayed from the record's ``actions`` (``None`` without them): the chart's and
    the table's data.  A turn ends where the next entry is a new turn (an attack waits for its
    answer, a pursuit for its end) or the battle is over."""
    if actions is None:
        return None
    from referee.games.medieval.record import start

    trial = start(list(state.names), meta)
    rows: list[dict[str, Any]] = []

    def row() -> None:
        rows.append({"turn": len(rows),
                     "vp": {n: trial.vp(i) for i, n in enumerate(trial.names)},
                     "tokens": {n: trial.armies[i].tokens for i, n in enumerate(trial.names)}})

    for action in actions:
        engine.apply(trial, action)
        d = engine.decision(trial)
        if d is None or d.kind == engine.TURN:
            row()
    return rows


def export_report(state: MedievalState, t: Catalog, meta: dict[str, Any], name: str = "",
                  actions: list[Any] | None = None, public: bool = False) -> Report:
    """``public``: a game in progress as the table may see it (MB-R1: an army chosen in secret
    is only said to be chosen until the other one is chosen too — issue 22)."""
    secret = [public and _hidden(state, i) for i in range(len(state.armies))]
    out: Report = [Heading(t("medieval.summary.title", players=", ".join(state.names))),
                   _setup_line(t, state)]
    if name:
        out.append(Line(t("medieval.export.session", name=name), "muted"))
    out.append(Heading(t("medieval.export.armies"), 2))
    out += [Line(t("medieval.board.army_hidden", player=a.name), "muted") if secret[i] else
            Line(f"{a.name} ({t(f'medieval.army.{a.colour}')}): {army_text(t, a.recruited)}")
            for i, a in enumerate(state.armies)]
    out.append(Heading(t("medieval.export.log"), 2))
    for i, entry in enumerate(state.log, 1):  # every entry gets its number
        first, *rest = entry_lines(t, entry) or [Line(entry["player"])]
        assert isinstance(first, Line)  # entry_lines gives lines only
        out.append(Line(f"{i}. {first.text}", first.style))
        out += rest
    out.append(Heading(t("medieval.export.status"), 2))
    out.append(armies_table(t, state))
    for i in range(2):
        out.append(Line(t("medieval.board.army_hidden", player=state.armies[i].name), "muted")
                   if secret[i] else units_table(t, state, i))
    if state.end is not None:
        out += end_lines(t, state.end)
    rows = timeline(state, meta, actions)
    if not rows:
        return out
    step = max(1, (len(rows) - 1) // 20 + 1)  # the table: at most about 20 rows (the chart has all)
    shown = rows[::step] if rows[-1] in rows[::step] else [*rows[::step], rows[-1]]
    names = list(state.names)
    table = Table(t("medieval.export.over_turns"),
                  [t("medieval.export.col_turn"),
                   *(t("medieval.export.col_vp", player=n) for n in names),
                   *(t("medieval.export.col_tokens", player=n) for n in names)],
                  align=["left"] + ["right"] * 2 * len(names))
    for r in shown:
        table.rows.append([str(r["turn"]), *(str(r["vp"][n]) for n in names),
                           *(str(r["tokens"][n]) for n in names)])
    out.append(table)
    colors = [a.colour for a in state.armies]  # (the armies' own: red and yellow)
    for key in ("vp", "tokens"):  # (the table above has the figures: no second one in Markdown)
        out.append(LineChart(t(f"medieval.export.chart_{key}"), t("medieval.export.col_turn"),
                             [str(r["turn"]) for r in rows], [(n, [r[key][n] for r in rows]) for n in names],
                             colors, table=False))
    return out


CSV_HEADER = ["player", "army", "vp", "flags", "baggage_taken", "field_value", "time_tokens",
              "units_on_map", "place", "winner"]


def csv_rows(state: MedievalState, public: bool = False) -> tuple[list[str], list[list[Any]]]:
    """A row per army; ``public``: a game in progress as the table may see it (MB-R1: an army
    chosen in secret leaves what it is worth and how many units it has blank — issue 22)."""
    rows = []
    for i, a in enumerate(state.armies):
        flags = sorted(f for f, h in state.holder.items() if h == i)
        place = "" if state.end is None else (1 if a.name in state.end["winners"] else 2)
        secret = public and _hidden(state, i)
        rows.append([a.name, a.colour, state.vp(i), " ".join(flags),
                     "" if secret else a.baggage_taken,
                     "" if secret else engine.field_value(state, i), a.tokens,
                     "" if secret else len(engine.field_units(state, i)),
                     place, "" if state.end is None else int(a.name in state.end["winners"])])
    return CSV_HEADER, rows


__all__ = ["BAGGAGE", "UNIT_TYPES", "army_text", "battle_lines", "board", "csv_rows", "describe",
           "export_report", "live_board", "losses_taken", "news", "news_marker", "progress", "summary",
           "unit_label"]
