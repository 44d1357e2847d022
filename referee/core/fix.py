"""Correcting an earlier entry (issue 23): the record is the truth, so a correction is a record
edit followed by a replay from scratch.

A correction names one entry of the record by its location, as errors write it
(``rounds[4].reveal.mercenary[1]``, ``turns[12]``), and gives its new value (record JSON).  The
corrected record is replayed from the start:

- every later entry still legal: the corrected record is kept, with what changed in the standing
  (scores, places, titles, control, the winner: the public facts of the replay output);
- a later entry no longer legal: it is named (its location, the rule id and the message), and
  the table may stop the game there (``truncate``: the later entries leave the record and are
  kept in the trail) or cancel.

The trail is the record's optional ``corrections`` key (every game's record format documents it):
``[{at, entry, was, now, changed, note, dropped}]``.  A record without it reads as before; replay
ignores it for the state.  Game-agnostic: games only read and write the key (``parse`` and
``write`` below).
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from referee.core import shape
from referee.core.errors import RecordError, RefereeError, key_path

#: the record key of the trail
KEY = "corrections"
#: the keys of one correction
ENTRY_KEYS = ("at", "entry", "was", "now", "changed", "note", "dropped")
CHANGE_KEYS = ("fact", "was", "now")
DROPPED_KEYS = ("entry", "value")


# --------------------------------------------------------------------------------------------
# the record key, read and written by every game's record format


def parse(value: Any, location: str = KEY) -> list[dict[str, Any]]:
    """The optional ``corrections`` key, checked for its shape (its values are kept as written:
    replay ignores them)."""
    items = shape.array(value, location)
    for i, item in enumerate(items):
        where = f"{location}[{i}]"
        entry = shape.obj(item, where, ENTRY_KEYS)
        for k in ("at", "entry"):
            shape.string(shape.required(entry, k, where), f"{where}.{k}")
        for k in ("was", "now"):
            shape.required(entry, k, where)
        if "note" in entry:
            shape.string(entry["note"], f"{where}.note")
        for k, keys in (("changed", CHANGE_KEYS), ("dropped", DROPPED_KEYS)):
            for j, sub in enumerate(shape.array(entry.get(k, []), f"{where}.{k}")):
                shape.obj(sub, f"{where}.{k}[{j}]", keys)
                shape.required(sub, keys[0], f"{where}.{k}[{j}]")
    return list(items)


def read(doc: dict[str, Any], meta: dict[str, Any]) -> None:
    """Keep a record's ``corrections`` (if any) in its parsed ``meta``."""
    if KEY in doc:
        meta[KEY] = parse(doc[KEY])


def write(doc: dict[str, Any], meta: dict[str, Any] | None) -> None:
    """Write the trail kept in ``meta`` (last, after the game's own keys)."""
    if meta and meta.get(KEY):
        doc[KEY] = [dict(c) for c in meta[KEY]]


# --------------------------------------------------------------------------------------------
# locations: the JSON paths errors write

_TOKEN = re.compile(r'\.([^\W\d]\w*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]|^([^\W\d]\w*)')


def path_of(location: str) -> tuple[Any, ...]:
    """``rounds[4].reveal.mercenary[1]`` as ``("rounds", 4, "reveal", "mercenary", 1)``
    (``UsageError``-free: a location that is no path raises ``ValueError``)."""
    out: list[Any] = []
    pos = 0
    while pos < len(location):
        m = _TOKEN.match(location, pos) if pos else _TOKEN.match(location)
        if m is None or m.end() == pos:
            raise ValueError(location)
        name, index, quoted, first = m.groups()
        if pos and first is not None:
            raise ValueError(location)
        out.append(int(index) if index is not None else
                   json.loads(quoted) if quoted is not None else name or first)
        pos = m.end()
    if not out:
        raise ValueError(location)
    return tuple(out)


def location_of(path: Sequence[Any]) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (p if not out and re.match(r"^[^\W\d]\w*$", p)
                                                    else key_path(p))
    return out


_MISSING = object()


def get(doc: Any, path: Sequence[Any]) -> Any:
    """The value at ``path`` (``_MISSING`` where there is none)."""
    for p in path:
        listed = isinstance(p, int) and isinstance(doc, list) and 0 <= p < len(doc)
        if not listed and not (isinstance(p, str) and isinstance(doc, dict) and p in doc):
            return _MISSING
        doc = doc[p]
    return doc


def put(doc: Any, path: Sequence[Any], value: Any) -> None:
    """Set the value at ``path`` (an object on the way that the record leaves out is added)."""
    parent = doc
    for p, after in pairwise(path):
        child = get(parent, (p,))
        if child is _MISSING and isinstance(p, str) and isinstance(parent, dict):
            child = parent[p] = {} if isinstance(after, str) else []
        parent = child
    parent[path[-1]] = value


def _within(path: tuple[Any, ...], entry: tuple[Any, ...]) -> bool:
    return path[: len(entry)] == entry


# --------------------------------------------------------------------------------------------
# the standing before and after


#: the facts of a replay output that make the standing (per player and for the table)
TABLE_FACTS = ("winners", "winner", "control")
PLAYER_FACTS = ("score", "place", "vp", "flags", "baggage_taken", "field_value")
#: and, while the game goes on (its output not ``complete``), the stock a board shows
STOCK_FACTS = ("ducats", "provisions", "helpers")


def standing(output: dict[str, Any]) -> dict[str, Any]:
    """The standing of a (public) replay output, flattened: ``players.Ola.score.total`` → 12."""
    flat: dict[str, Any] = {}

    def walk(prefix: str, value: Any) -> None:
        if isinstance(value, dict) and value:
            for k, v in value.items():
                walk(f"{prefix}{key_path(str(k))}", v)
        else:
            flat[prefix] = value

    for k in TABLE_FACTS:
        if k in output:
            walk(k, output[k])
    players = output.get("players")
    kinds = PLAYER_FACTS if output.get("complete", True) else (*PLAYER_FACTS, *STOCK_FACTS)
    if isinstance(players, dict):
        for name, facts in players.items():
            if isinstance(facts, dict):
                for k in kinds:
                    if k in facts:
                        walk(f"players{key_path(str(name))}.{k}", facts[k])
    return flat


def changes(before: dict[str, Any], after: dict[str, Any]) -> list[dict[str, Any]]:
    """What differs, as ``{fact, was, now}``.  A fact told on one side only (the scores of a game
    that is over no more, or over now) is left out, but for the winners."""
    out = []
    for k in [*before, *(k for k in after if k not in before)]:
        if (k not in before or k not in after) and not k.startswith("winner"):
            continue
        if before.get(k) != after.get(k):
            out.append({"fact": k.lstrip("."), "was": before.get(k), "now": after.get(k)})
    return out


# --------------------------------------------------------------------------------------------
# a correction


@dataclass
class Broken:
    """The first later entry a correction makes illegal."""

    entry: str  # its location
    index: int  # its place among the record's entries
    error: RecordError


@dataclass
class Correction:
    """A correction worked out (not saved yet)."""

    entry: str  # the corrected entry's location (as asked)
    index: int  # the place of the entry it lies in
    was: Any
    now: Any
    record: dict[str, Any]  # the corrected record (with its trail), or the record as it was
    state: Any = None  # its replayed state
    broken: Broken | None = None
    changed: list[dict[str, Any]] = field(default_factory=list)
    dropped: list[dict[str, Any]] = field(default_factory=list)  # later entries left out
    secret: bool = False  # it takes back a choice made before a reveal (every player agrees)
    note: str = ""  # why (the table's words)

    @property
    def applies(self) -> bool:
        """Whether saving ``record`` makes the correction (no breaking entry, or truncated)."""
        return self.broken is None or bool(self.dropped)


def _replay(game: Any, doc: dict[str, Any]) -> tuple[Any, Any, list[Any]]:
    parsed = game.parse_record(doc)
    state, steps = parsed.replay()
    return parsed, state, steps


def owner(steps: Sequence[Any], path: tuple[Any, ...]) -> int | None:
    """The entry (its index among ``steps``) that holds the value at ``path``."""
    best: int | None = None
    best_len = -1
    for i, s in enumerate(steps):
        try:
            p = path_of(s.location)
        except ValueError:
            continue
        if _within(path, p) and len(p) > best_len:
            best, best_len = i, len(p)
    return best


def correct(game: Any, record: dict[str, Any], location: str, value: Any, *, at: str,
            note: str = "", truncate: bool = False,
            public: Callable[[Any, dict[str, Any]], dict[str, Any]] | None = None) -> Correction:
    """Work out the correction of the entry at ``location`` to ``value`` in ``record`` (a
    canonical record, as sessions keep them).  ``public(state, output)``: the replay output as
    the table may see it (the standing is told from it).  Raises ``RefereeError`` for a location
    that is no entry of the record, or a value the entry itself cannot take (the error names it);
    a later entry made illegal is ``Correction.broken`` (the record is cut before it only with
    ``truncate``)."""
    try:
        path = path_of(location)
    except ValueError:
        raise RefereeError("core.fix.bad_location", location=location[:80]) from None
    parsed, state0, steps0 = _replay(game, record)
    was = get(record, path)
    k = owner(steps0, path)
    if k is None or (was is _MISSING and path_of(steps0[k].location) != path):
        raise RefereeError("core.fix.no_entry", location=location[:80])
    if was is _MISSING:  # an entry the record writes as absent (War Chest's untold draw)
        was = None
    if was == value:
        raise RefereeError("core.fix.same", location=location)
    meta = dict(parsed.meta)
    actions0 = [s.action for s in steps0]

    def prefix(n: int) -> dict[str, Any]:
        doc: dict[str, Any] = copy.deepcopy(game.write_record(parsed.players, actions0[:n], meta))
        put(doc, path, copy.deepcopy(value))
        return doc

    # the entry itself first: a value it cannot take is refused (nothing else is told)
    try:
        _replay(game, prefix(k + 1))
    except RecordError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError, IndexError):
        raise RefereeError("core.fix.bad_value", location=location) from None
    view = public or (lambda _s, out: out)
    before = standing(view(state0, game.replay_output(state0)))
    secret = bool(game.is_secret(actions0[k]))
    broken = None
    try:
        _p, state, steps = _replay(game, prefix(len(actions0)))
    except RecordError:
        # the first entry the corrected record cannot take: prefixes replay until it (a
        # prefix that fails makes every longer one fail), found by halving
        lo, hi = k + 1, len(actions0)  # prefix(lo) replays, prefix(hi) does not
        while hi - lo > 1:
            mid = (lo + hi) // 2
            try:
                _replay(game, prefix(mid))
                lo = mid
            except RecordError:
                hi = mid
        try:
            _replay(game, prefix(hi))
            raise AssertionError("a prefix that fails replays")  # pragma: no cover
        except RecordError as error:
            broken = Broken(steps0[hi - 1].location, hi - 1, error)
        _p, state, steps = _replay(game, prefix(hi - 1))
    now = get(game.write_record(parsed.players, [s.action for s in steps], meta), path)
    now = value if now is _MISSING else now
    result = Correction(location, k, was, now, record, state0, broken, secret=secret, note=note)
    if broken is not None and not truncate:
        return result
    if broken is not None:
        result.dropped = [{"entry": s.location, "value": _value(record, s.location)}
                          for s in steps0[broken.index:]]
        result.secret = secret or any(game.is_secret(s.action) for s in steps0[broken.index:])
    result.changed = changes(before, standing(view(state, game.replay_output(state))))
    trail = {"at": at, "entry": location, "was": was, "now": now, "changed": result.changed}
    if note:
        trail["note"] = note
    if result.dropped:
        trail["dropped"] = result.dropped
    meta[KEY] = [*(meta.get(KEY) or []), trail]
    result.record = game.write_record(parsed.players, [s.action for s in steps], meta)
    result.state = _replay(game, result.record)[1]
    return result


def _value(record: dict[str, Any], location: str) -> Any:
    try:
        value = get(record, path_of(location))
    except ValueError:
        return None
    return None if value is _MISSING else copy.deepcopy(value)


def entry_value(game: Any, players: list[str], actions: Sequence[Any], meta: dict[str, Any],
                index: int) -> tuple[str, Any]:
    """The location and record value of the ``index``-th action of ``actions`` (a re-entered
    action, from the game's dialog, becomes the value a correction sets)."""
    doc = game.write_record(players, list(actions[: index + 1]), meta)
    steps = game.parse_record(doc).replay()[1]
    location = steps[index].location
    return location, _value(doc, location)


# --------------------------------------------------------------------------------------------
# in words (the catalogs' ``core.fix`` texts)


def shown(value: Any, width: int = 60) -> str:
    """A record value in one short line."""
    from referee.core import jsonio

    text = jsonio.dumps_line(value) if not isinstance(value, str) else value
    return text if len(text) <= width else text[: width - 1] + "…"


def changed_lines(t: Any, changed: Sequence[dict[str, Any]], most: int = 8,
                  prefix: str = "") -> list[str]:
    """What a correction changed in the standing, in words (at most ``most`` lines): the winner,
    the titles that moved, each player's scores and place, who controls what; the names are the
    game's own (``<prefix>.title.*``, ``<prefix>.score.*``, ``<prefix>.side.*`` in its
    catalogs), a fact no game names is said in the generic ``fact: was → now`` form."""
    lines = said(t, changed, prefix)
    if len(lines) > most:
        lines = [*lines[: most - 1], t("core.fix.changed_more", n=len(lines) - most + 1)]
    return lines


def _name(t: Any, keys: Sequence[str], fallback: str) -> str:
    for key in keys:
        if key and t.has(key):
            return str(t(key))
    return fallback


def _names(t: Any, names: Sequence[Any]) -> str:
    return t("core.fix.said.nobody") if not names else ", ".join(str(n) for n in names)


def _item(value: Any) -> str:
    """One item of a list fact (a hex ``[3,4]``, a flag ``edge2``)."""
    if isinstance(value, list) and all(isinstance(x, int) for x in value):
        return "[" + ",".join(str(x) for x in value) + "]"
    return shown(value, 24)


def _list_change(t: Any, was: Any, now: Any) -> str | None:
    """A list fact that changed as its items gained and lost (``+[3,4] −[2,1]``)."""
    if not isinstance(was, list) or not isinstance(now, list):
        return None
    gained = [x for x in now if x not in was]
    lost = [x for x in was if x not in now]
    parts = [*(f"+{_item(x)}" for x in gained), *(f"−{_item(x)}" for x in lost)]
    if len(parts) > 6:
        parts = [*parts[:5], "…"]
    return " ".join(parts) or None


def _split(fact: str) -> tuple[str, ...]:
    try:
        return tuple(str(p) for p in path_of(fact))
    except ValueError:
        return (fact,)


def said(t: Any, changed: Sequence[dict[str, Any]], prefix: str = "") -> list[str]:
    """``changes`` in words, a few lines (see ``changed_lines``)."""
    winner: tuple[Any, Any] | None = None
    titles: dict[str, dict[str, tuple[Any, Any]]] = {}
    per_player: dict[str, list[str]] = {}
    control: list[str] = []
    other: list[str] = []
    game = f"{prefix}." if prefix else "-."
    for c in changed:
        fact, was, now = str(c.get("fact", "")), c.get("was"), c.get("now")
        path = _split(fact)
        if path[0] in ("winners", "winner"):
            if path[0] == "winner" and len(path) > 1 and path[1] != "players":
                continue  # (War Chest's side: its players say it)
            winner = (was or [], now or [])
        elif path[0] == "control" and len(path) == 2:
            side = _name(t, [f"{game}side.{path[1]}"], path[1])
            diff = _list_change(t, was, now)
            control.append(t("core.fix.said.control", side=side, change=diff) if diff else
                           t("core.fix.changed", fact=side, was=shown(was), now=shown(now)))
        elif path[0] == "players" and len(path) >= 3:
            player, key = path[1], path[2:]
            if key[0] == "score" and len(key) == 2 and t.has(f"{game}title.{key[1]}"):
                titles.setdefault(key[1], {})[player] = (was, now)
                continue
            if key[0] == "score" and len(key) == 2:
                name = _name(t, [f"{game}score.{key[1]}", f"core.fix.fact.{key[1]}"], key[1])
            elif len(key) == 1:
                name = _name(t, [f"core.fix.fact.{key[0]}", f"{game}field.{key[0]}",
                                 f"{game}score.{key[0]}"], key[0])
            else:
                name = ".".join(key)
            diff = _list_change(t, was, now)
            part = t("core.fix.said.list", name=name, change=diff) if diff else \
                t("core.fix.said.part", name=name, was=shown(was, 24), now=shown(now, 24))
            per_player.setdefault(player, []).append(part)
        else:
            other.append(t("core.fix.changed", fact=fact, was=shown(was), now=shown(now)))
    lines: list[str] = []
    if winner is not None:
        was_w, now_w = winner
        if was_w and now_w:
            lines.append(t("core.fix.said.winner", was=_names(t, was_w), now=_names(t, now_w)))
        elif was_w:
            lines.append(t("core.fix.said.not_over", was=_names(t, was_w)))
        else:
            lines.append(t("core.fix.said.over", now=_names(t, now_w)))
    for title_key, holders in titles.items():
        title_name = t(f"{game}title.{title_key}")
        lost = [p for p, (w, n) in holders.items() if (w or 0) > 0 and not (n or 0) > 0]
        gained = [p for p, (w, n) in holders.items() if not (w or 0) > 0 and (n or 0) > 0]
        if lost and gained:
            lines.append(t("core.fix.said.title_moved", title=title_name, was=_names(t, lost),
                           now=_names(t, gained)))
        elif gained:
            lines.append(t("core.fix.said.title_gained", title=title_name, now=_names(t, gained)))
        elif lost:
            lines.append(t("core.fix.said.title_lost", title=title_name, was=_names(t, lost)))
        for p, (w, n) in holders.items():
            if p not in lost and p not in gained:
                per_player.setdefault(p, []).append(
                    t("core.fix.said.part", name=title_name, was=shown(w), now=shown(n)))
    lines += [t("core.fix.said.player", player=p, changes="; ".join(parts))
              for p, parts in per_player.items()]
    return [*lines, *control, *other]


def where(t: Any, location: str, head: bool = True, prefix: str = "") -> str:
    """Where an entry lies, in words: ``rounds[4].reveal.mercenary[1]`` → "Round 5, reveal
    mercenary #2" (``head=False``: without its round or turn, "reveal mercenary #2").  The parts
    of the record are said in the table's language where the game's catalog (``prefix``) names
    them (``<prefix>.record_part.<part>``: issue 22 trial, a Polish list read "skirmish losses");
    a player's name stays as it is."""
    try:
        path = path_of(location)
    except ValueError:
        return location
    first: list[str] = []
    rest = list(path)
    if len(rest) >= 2 and rest[0] in ("rounds", "turns") and isinstance(rest[1], int):
        first.append(t(f"core.fix.said.{rest[0][:-1]}", n=rest[1] + 1))
        rest = rest[2:]
    words = " ".join(f"#{p + 1}" if isinstance(p, int) else _part(t, prefix, p) for p in rest)
    if not head:
        return words
    return ", ".join([*first, words] if words else first) or location


def _part(t: Any, prefix: str, part: str) -> str:
    """A part of the record in the game's words (``where``), else as the record names it."""
    key = f"{prefix}.record_part.{part}"
    return t(key) if prefix and t.has(key) else part


_where = where


def _values(was: Any, now: Any) -> str:
    """An entry's old and new value, only the parts that differ (the fields of an entry the
    correction left alone are not repeated)."""
    if isinstance(was, dict) and isinstance(now, dict):
        keys = [k for k in [*was, *(k for k in now if k not in was)] if was.get(k) != now.get(k)]
        if keys:
            return "; ".join(f"{k} {_plain(was.get(k, '–'))} → {_plain(now.get(k, '–'))}"
                             for k in keys)
    return f"{_plain(was)} → {_plain(now)}"


def _plain(value: Any, width: int = 48) -> str:
    """A record value without JSON's quotes and brackets where the words are plain."""
    if value is None:
        return "–"
    if isinstance(value, list) and value and all(isinstance(x, int) for x in value):
        return _item(value)  # (a hex)
    if isinstance(value, list) and all(isinstance(x, (str, int, list)) for x in value):
        text = " ".join(_item(x) for x in value) or "–"
        return text if len(text) <= width else text[: width - 1] + "…"
    return shown(value, width)


def headline(t: Any, location: str, was: Any, now: Any, note: str = "",
             hidden: bool = False, prefix: str = "") -> str:
    """A correction in one line: "Round 5, reveal mercenary #2: 1 → 4, typed wrong"."""
    where = _where(t, location, prefix=prefix)
    player = was.get("player") if isinstance(was, dict) else None
    if player is not None and isinstance(now, dict) and now.get("player") == player:
        where = t("core.fix.said.by", where=where, player=player)
        was, now = ({k: v for k, v in x.items() if k != "player"} for x in (was, now))
    text = where if hidden else t("core.fix.said.entry", where=where, values=_values(was, now))
    return text + (t("core.fix.trail_note", note=note) if note else "")


def trail_report(t: Any, meta: dict[str, Any], hidden: bool = False,
                 prefix: str = "") -> list[Any]:
    """The corrections of a record, for ``show`` and the Markdown/HTML summaries (``hidden``: a
    game in progress that does not play open: the entries' values are not said, they may be a
    private fact)."""
    from referee.core.report import Heading, Line

    trail = meta.get(KEY) or []
    if not trail:
        return []
    out: list[Any] = [Heading(t("core.fix.trail_title"), 2)]
    for c in trail:
        text = t("core.fix.trail_entry_hidden" if hidden else "core.fix.trail_entry",
                 at=_local(c.get("at")),
                 what=headline(t, str(c.get("entry", "")), c.get("was"), c.get("now"),
                               str(c.get("note") or ""), hidden, prefix))
        out.append(Line(text))
        out += [Line("  " + line, "muted")
                for line in changed_lines(t, c.get("changed") or [], prefix=prefix)]
        dropped = c.get("dropped") or []
        if dropped:
            out.append(Line("  " + t.n("core.fix.trail_dropped", len(dropped),
                                     entry=dropped[0].get("entry", "")), "muted"))
    return out


def public_trail(trail: Sequence[dict[str, Any]], hidden: bool = False) -> list[dict[str, Any]]:
    """The trail for ``show --json``: as the record keeps it, but for a game in progress that
    hides private facts (``hidden``): then the values (``was``, ``now`` and the dropped entries'
    ``value``) are left out, as ``show`` does not say them (they may be a private fact)."""
    out = []
    for c in trail:
        c = copy.deepcopy(dict(c))
        if hidden:
            c.pop("was", None)
            c.pop("now", None)
            c["dropped"] = [{"entry": d.get("entry")} for d in c.get("dropped") or []]
            if not c["dropped"]:
                del c["dropped"]
        out.append(c)
    return out


def _local(stamp: Any) -> str:
    from datetime import datetime

    try:
        return datetime.fromisoformat(str(stamp)).astimezone().strftime("%Y-%m-%d %H:%M")
    except (TypeError, ValueError):
        return str(stamp)
