"""The status report of a game of Medieval Battle (no map: the referee cannot see it), drawn before
every entry — renderer-neutral reports (no I/O here)."""

from __future__ import annotations

from referee.core.report import Line, Report, Table
from referee.core.text import Catalog
from referee.games.medieval import engine
from referee.games.medieval.names import knights, unit_name
from referee.games.medieval.output import army_hidden, progress
from referee.games.medieval.state import DESTROYED, JOINED, OFF, ON_MAP, RESERVE, MedievalState, Unit


def _where(t: Catalog, u: Unit) -> str:
    if u.where == ON_MAP:
        return t("medieval.board.on_flag", flag=u.flag) if u.flag else t("medieval.board.on_map")
    if u.where == OFF:
        return t("medieval.board.off_map", distance=u.distance)
    return t(f"medieval.board.{u.where}")


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
        secret = army_hidden(state, i)  # MB-R1: not even what the army is worth, until both are in
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
        if army_hidden(state, i):
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
        if army_hidden(state, i):  # MB-R1: nothing of a secret army shows
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
