"""A finished (or stopped) game as a *logged play*, for the apps a table logs its plays in.

``play(...)`` gathers what every play log asks, the same way for every game: when and where it was
played, for how long, the game (its BoardGameGeek id and whether it has points, each game's small
declaration: ``GamePackage.bgg_id``, ``stats_points``, ``play_facts``) and each player's result.
The formats are presentation, each written from its published description:

- ``bgstats``: the JSON object BG Stats documents for plays pushed from other apps or websites
  ("Push plays to BG Stats from other apps or websites", bgstatsapp.com support), and the
  ``createPlay`` link that opens it in the app (``https://app.bgstatsapp.com/createPlay.html?data=``
  and the object, URL-encoded).  The fields are checked by ``docs/schema/bgstats-play.json``.
- ``bgg``: the ``play`` element of BoardGameGeek's XML API 2 (``/xmlapi2/plays``): ``date``,
  ``length``, ``location``, ``incomplete``, ``item`` (``objectid``), ``players/player`` (``name``,
  ``startposition``, ``color``, ``score``, ``win``, ``new``).

Core never imports the store or the CLI: the session's facts arrive as plain values.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote
from xml.etree import ElementTree as ET

from referee.core.text import Catalog

#: who the plays come from (BG Stats keeps a table's matches of games and players per source)
SOURCE_NAME = "referee"
#: BG Stats' link that opens a play in the app, pre-filled
CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html?data="


def play_date(meta: dict[str, Any], created: str, started: str | None = None) -> str:
    """``YYYY-MM-DD HH:MM:SS`` (UTC): when play started, where the session kept it; else the
    record's ``date`` (a day: at the time the session was created when it is that day, else at
    noon) or when the session was created."""
    if started:
        return started[:19].replace("T", " ")
    stamp = (created or "")[:19].replace("T", " ")
    day = meta.get("date")
    if isinstance(day, str) and len(day) >= 10:
        day = day[:10]
        return stamp if stamp.startswith(day) and len(stamp) == 19 else f"{day} 12:00:00"
    return stamp if len(stamp) == 19 else "1970-01-01 00:00:00"


def play(game: Any, state: Any, t: Catalog, meta: dict[str, Any], *, session_id: str, created: str,
         started: str | None = None, place: str | None = None, duration_min: int | None = None
         ) -> dict[str, Any]:
    """The play as plain data (what both formats write): ``id``, ``date``, ``duration_min``,
    ``location``, ``comments``, ``board``, ``complete``, ``game{name, title, bgg_id, has_points}``
    and ``players`` in seating order, each with ``name``, ``position`` and, where known,
    ``score``, ``winner``, ``rank``, ``role``, ``start``, ``color``."""
    summary = game.result_summary(state)
    facts = game.play_facts(state, t) if hasattr(game, "play_facts") else {}
    roles: dict[str, str] = facts.get("roles") or {}
    colors = meta.get("colors")
    colors = colors if isinstance(colors, dict) else {}
    players = []
    for i, name in enumerate(state.names, 1):
        p: dict[str, Any] = {"name": name, "position": i}
        if summary is not None:
            result = summary["players"].get(name, {})
            p["winner"] = name in summary.get("winners", [])
            if isinstance(result.get("place"), int):
                p["rank"] = result["place"]
            total = (result.get("score") or {}).get("total")
            if game.info.stats_points and isinstance(total, (int, float)):
                p["score"] = total
        if name in roles:
            p["role"] = roles[name]
        if facts.get("start") is not None:
            p["start"] = name == facts["start"]
        if isinstance(colors.get(name), str):
            p["color"] = colors[name]
        players.append(p)
    location = place if place else meta.get("place")
    notes = meta.get("notes")
    return {"id": session_id, "date": play_date(meta, created, started), "duration_min": duration_min,
            "location": location if isinstance(location, str) and location else None,
            "comments": notes if isinstance(notes, str) and notes else None,
            "board": facts.get("board"), "complete": summary is not None,
            "game": {"name": game.info.name, "title": game.info.title, "bgg_id": game.info.bgg_id,
                     "has_points": game.info.stats_points},
            "players": players}


# --------------------------------------------------------------------------------------------
# BG Stats


def bgstats(p: dict[str, Any]) -> dict[str, Any]:
    """The play as BG Stats' pushed play: only the documented fields, none empty."""
    g = p["game"]
    game: dict[str, Any] = {"name": g["title"], "sourceGameId": g["name"], "highestWins": True,
                            "noPoints": not g["has_points"]}
    if g["bgg_id"] is not None:
        game["bggId"] = g["bgg_id"]
    out: dict[str, Any] = {"sourceName": SOURCE_NAME, "sourcePlayId": p["id"], "playDate": p["date"]}
    for key, field in (("duration_min", "durationMin"), ("location", "location"),
                       ("comments", "comments"), ("board", "board")):
        if p.get(key) is not None:
            out[field] = p[key]
    out["game"] = game
    players = []
    for q in p["players"]:
        player: dict[str, Any] = {"name": q["name"], "sourcePlayerId": q["name"]}
        for key, field in (("score", "score"), ("winner", "winner"), ("rank", "rank"),
                           ("role", "role"), ("start", "startPlayer")):
            if key in q:
                player[field] = q[key]
        players.append(player)
    out["players"] = players
    return out


def bgstats_link(p: dict[str, Any]) -> str:
    """The ``createPlay`` link that opens the play in BG Stats (the JSON, URL-encoded)."""
    text = json.dumps(bgstats(p), ensure_ascii=False, separators=(",", ":"))
    return CREATE_PLAY + quote(text, safe="")


# --------------------------------------------------------------------------------------------
# BoardGameGeek


def bgg_element(p: dict[str, Any]) -> ET.Element:
    """The play as the ``play`` element of BoardGameGeek's XML API 2."""
    g = p["game"]
    attrs = {"date": p["date"][:10], "quantity": "1", "length": str(p.get("duration_min") or 0),
             "incomplete": "0" if p["complete"] else "1", "nowinstats": "0",
             "location": p.get("location") or ""}
    element = ET.Element("play", attrs)
    item = ET.SubElement(element, "item", {"name": g["title"], "objecttype": "thing"})
    if g["bgg_id"] is not None:
        item.set("objectid", str(g["bgg_id"]))
    if p.get("comments"):
        ET.SubElement(element, "comments").text = p["comments"]
    players = ET.SubElement(element, "players")
    for q in p["players"]:
        score = q.get("score")
        ET.SubElement(players, "player", {
            "username": "", "userid": "0", "name": q["name"], "startposition": str(q["position"]),
            "color": q.get("color") or q.get("role") or "",
            "score": "" if score is None else (str(int(score)) if float(score).is_integer() else str(score)),
            "new": "0", "rating": "0", "win": "1" if q.get("winner") else "0"})
    return element


def bgg_xml(plays: list[dict[str, Any]], single: bool = False) -> str:
    """One play as its ``play`` element (``single``); else every play inside ``<plays>``."""
    if single:
        root = bgg_element(plays[0])
    else:
        root = ET.Element("plays", {"total": str(len(plays))})
        root.extend(bgg_element(p) for p in plays)
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
