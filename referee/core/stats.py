"""Statistics over finished games, from the archive's per-game result summaries (no replays).

A result summary is ``{"winners": [...], "players": {name: {"score": {part: points, ..., "total"},
"place": n, extra: value …}}}``; which score parts are titles, and which numeric extras are
averaged (losses, items sent …), is the game's business.  A player's ``tags`` (a list of
words: what they played with, e.g. War Chest's unit cards) are counted over the games: how often
each was played and won (``tags`` in the result, only when some game has them).

Beyond each player's figures (issue 26): results by player count (``by_count``), head to head
(``head_to_head``: each pair of players, the games they played together and the wins of each),
winning streaks in the order the games were played (``streaks``: the longest and the current) and,
for a game with points, the records (``records``: the highest score, the largest margin between the
winner and the next) and how often each player scored each total (``score_counts``).

Ratings (``ratings``): openskill's Plackett-Luce model (a kept library, imported only when
``stats`` rates), the games rated in the order they were played, each player's place as the
rank (a shared place is a tie).  In a game without points the place is the side's (War Chest:
the winning side first), so the players who share it are rated as one team.  A player's rating is
the model's *ordinal*, mu - 3 sigma: a skill the model is quite sure the player has at least;
everyone starts at 0, and it rises with wins over strong players and with games played.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from itertools import combinations
from pathlib import Path
from typing import Any


@lru_cache(maxsize=4096)
def _nfc(name: str) -> str:
    return unicodedata.normalize("NFC", name)


def nfc(name: str) -> str:
    """A name in Unicode's composed form (NFC): how names are compared and kept (the same few
    names over and over in an archive: each normalized once)."""
    return _nfc(name) if isinstance(name, str) else name


def _played_on(entry: dict[str, Any]) -> str:
    """The day a game was played: the archive lists the sessions in the order they were created,
    and a stable sort by day keeps that order within a day."""
    day = entry.get("date")
    return day if isinstance(day, str) else ""


def compute(entries: Iterable[dict[str, Any]], titles: tuple[str, ...], extras: dict[str, str],
            *, player: str | None = None,
            players_count: int | None = None, since: str | None = None,
            points: bool = True, state: dict[str, Any] | None = None) -> dict[str, Any]:
    """The figures of every player over the matching finished games (``player``: only the games
    that player played, and only their figures: their row, their titles, their tags, their
    pairs, streak and records; the name in any case).  ``points``: the game's results score
    points (else no records).

    ``state`` (issue 26: the first ``stats`` after a game was added, over 10,000 sessions): a
    dict kept between runs of the same question.  ``state["fold"]`` is where the figures stood
    after the games of the last run (with a digest of those games, in play order, of the
    question and of this code); when they are the first of this run's games only the games
    after them are counted on, else (a game changed, removed or put before them; a damaged
    state) all of them.  The ratings keep theirs in ``state["rate"]`` (``rate``).  The same
    figures either way (tests/test_stats_cache.py); a state damaged in any way (a value of the
    wrong type or size anywhere in it) is only a miss: everything is counted afresh."""
    if state is not None:
        try:
            return _compute(entries := list(entries), titles, extras, player=player,
                            players_count=players_count, since=since, points=points, state=state)
        except (ArithmeticError, AttributeError, KeyError, TypeError, ValueError, IndexError):
            state.clear()  # (a bug, not damage, fails again below, where it is seen)
    return _compute(entries, titles, extras, player=player, players_count=players_count,
                    since=since, points=points, state=state)


def _compute(entries: Iterable[dict[str, Any]], titles: tuple[str, ...], extras: dict[str, str],
             *, player: str | None, players_count: int | None, since: str | None, points: bool,
             state: dict[str, Any] | None) -> dict[str, Any]:
    """``compute``, from ``state`` if it holds the count of these games' first ones."""
    # only finished games count (a game still in play is no part of the games counted: its end
    # is only added on); streaks follow the order the games were played
    entries = sorted((e for e in entries if e.get("complete") and isinstance(e.get("result"), dict)),
                     key=_played_on)
    # (a name as typed at the prompt: "kasia" is Kasia, whatever the case)
    only = nfc(player.strip()).casefold() if player is not None else None
    question = [titles, sorted(extras.items()), player, players_count, since, points]
    ratings: dict[str, Any] | None = None
    if state is not None:
        played = [(e.get("id"), e.get("date"), e["result"]) for e in entries]
        kept = state.get("fold")
        kept = kept if isinstance(kept, dict) else {}
        before, now = _prefix_digests(played, question, kept.get("count"))
        if before is not None and kept.get("digest") == before:
            # (what the kept figures hold is only read here: any damage raises, and ``compute``
            # counts everything afresh)
            acc = _fold(entries[kept["count"]:], _thawed(kept["acc"]), only, players_count,
                        since, points, titles, extras)
            result_out, tags_out = _figures(acc, extras, points)
            rate_state = state.get("rate")
            if not (isinstance(rate_state, dict) and rate_state.get("after") == before):
                raise ValueError("the ratings kept are not of the games counted")
            ratings = rate(acc["rated"], teams=not points, state=rate_state)  # (the new ones)
        state.clear()
    if ratings is None:
        acc = _fold(entries, _fresh(), only, players_count, since, points, titles, extras)
        result_out, tags_out = _figures(acc, extras, points)
        rate_state = {} if state is not None else None
        ratings = rate(acc["rated"], teams=not points, state=rate_state)
    if state is not None:
        state["fold"] = {"count": len(entries), "digest": now, "acc": _frozen(acc)}
        state["rate"] = {**(rate_state or {}), "after": now}
    result_out["ratings"] = {name: v for name, v in ratings["players"].items()
                             if only is None or name.casefold() == only}
    result_out["rated_games"] = ratings["games"]
    if tags_out:
        result_out["tags"] = tags_out
    return result_out


def _figures(acc: dict[str, Any], extras: dict[str, str], points: bool
             ) -> tuple[dict[str, Any], dict[str, Any]]:
    """``compute``'s figures (all but the ratings) and its tags, from ``_fold``'s count."""
    games, by_count, pairs, per, tags, scores = (
        acc[k] for k in ("games", "by_count", "pairs", "per", "tags", "scores"))
    highest, margin = acc["highest"], acc["margin"]
    out = {}
    for name, pacc in sorted(per.items(), key=lambda kv: (-kv[1]["wins"], -kv[1]["games"], kv[0])):
        n = pacc["games"]
        out[name] = {
            "games": n,
            "wins": pacc["wins"],
            "win_rate": round(pacc["wins"] / n, 3),
            "average_total": round(sum(pacc["totals"]) / n, 2),
            "best_total": max(pacc["totals"]),
            "average_points": {k: round(v / n, 2) for k, v in pacc["parts"].items()},
            "titles": pacc["titles"],
            **{key: round(pacc["extras"][extra] / (pacc["seen"][extra] or n), 2)
               for extra, key in extras.items()},
        }
    result_out: dict[str, Any] = {"games": games, "players": out}
    result_out["by_count"] = {
        str(n): {"games": c["games"],
                 "players": {name: {**v, "win_rate": round(v["wins"] / v["games"], 3)}
                             for name, v in sorted(c["players"].items(),
                                                   key=lambda kv: (-kv[1]["wins"], -kv[1]["games"], kv[0]))}}
        for n, c in sorted(by_count.items())}
    result_out["head_to_head"] = [{"players": [a, b], **pair}
                                  for (a, b), pair in sorted(pairs.items(), key=lambda kv: (-kv[1]["games"], kv[0]))]
    result_out["streaks"] = {name: {"longest": per[name]["longest"], "current": per[name]["current"]}
                             for name in out}
    if points:
        result_out["records"] = {"highest_score": highest, "largest_margin": margin}
        # (how often each total was scored, per player: the HTML's score distribution)
        result_out["score_counts"] = {name: {_number(v): c for v, c in sorted(scores[name].items())}
                                      for name in out if name in scores}
    tags_out = {tag: {**tally, "win_rate": round(tally["wins"] / tally["games"], 3)}
                for tag, tally in sorted(tags.items(), key=lambda kv: (-kv[1]["wins"],
                                                                      -kv[1]["games"], kv[0]))}
    return result_out, tags_out


def _fresh() -> dict[str, Any]:
    return {"games": 0, "by_count": {}, "pairs": {}, "highest": None, "margin": None, "per": {},
            "rated": [], "tags": {}, "scores": {}}


def _frozen(acc: dict[str, Any]) -> dict[str, Any]:
    """``_fold``'s figures as JSON keeps them (its keys that are not strings as lists)."""
    return {**acc, "rated": [],  # (the games rated: the ratings' state keeps them)
            "by_count": [[n, c] for n, c in acc["by_count"].items()],
            "pairs": [[a, b, pair] for (a, b), pair in acc["pairs"].items()],
            "scores": {name: [[v, c] for v, c in counted.items()]
                       for name, counted in acc["scores"].items()}}


def _thawed(kept: Any) -> dict[str, Any]:
    """``_frozen``'s inverse (a damaged state raises ``KeyError``, ``TypeError`` …)."""
    acc = {k: kept[k] for k in _fresh()}
    acc["rated"] = []  # (only the games counted on: ``rate`` goes on from its own state)
    acc["by_count"] = {int(n): c for n, c in kept["by_count"]}
    acc["pairs"] = {(a, b): pair for a, b, pair in kept["pairs"]}
    acc["scores"] = {name: dict(counted) for name, counted in kept["scores"].items()}
    if not (type(acc["games"]) is int and isinstance(acc["per"], dict)
            and isinstance(acc["tags"], dict)):
        raise TypeError
    return acc


def _fold(entries: list[dict[str, Any]], acc: dict[str, Any], only: str | None,
          players_count: int | None, since: str | None, points: bool, titles: tuple[str, ...],
          extras: dict[str, str]) -> dict[str, Any]:
    """``compute``'s count: ``acc`` (``_fresh()``, or where an earlier count stood) counted on
    over ``entries``, in play order."""
    by_count, pairs, per, rated, tags, scores = (
        acc[k] for k in ("by_count", "pairs", "per", "rated", "tags", "scores"))
    highest, margin = acc["highest"], acc["margin"]
    games = acc["games"]
    for entry in entries:  # (finished games: ``compute`` chose them)
        result = entry["result"]
        # one person whatever the Unicode form their name was typed in (NFC and NFD "Zoë")
        players = {nfc(n): p for n, p in (result.get("players") or {}).items()}
        winners = [nfc(w) for w in result.get("winners", [])]
        if only is not None and all(n.casefold() != only for n in players):
            continue
        if players_count is not None and len(players) != players_count:
            continue
        if since is not None and (entry.get("date") or "") < since:
            continue
        games += 1
        won = set(winners)
        if len(players) > 1:
            rated.append((entry.get("id"), entry.get("date"),
                          {n: _place(p, n in won) for n, p in players.items()}))
        count = by_count.get(len(players))
        if count is None:
            count = by_count[len(players)] = {"games": 0, "players": {}}
        count["games"] += 1
        seats = count["players"]
        for a, b in combinations(sorted(players), 2):  # each pair once, in name order
            if only is None or a.casefold() == only or b.casefold() == only:
                pair = pairs.get((a, b))
                if pair is None:
                    pair = pairs[(a, b)] = {"games": 0, "wins": {a: 0, b: 0}}
                pair["games"] += 1
                pair["wins"][a] += a in won
                pair["wins"][b] += b in won
        if points and len(winners) == 1 and len(players) > 1 and (
                only is None or winners[0].casefold() == only):  # the margin of a sole winner
            totals = {n: (p.get("score") or {}).get("total") for n, p in players.items()}
            top = totals.get(winners[0])
            rest = [v for n, v in totals.items() if n != winners[0] and isinstance(v, (int, float))]
            if isinstance(top, (int, float)) and rest:
                second = max(rest)
                if margin is None or top - second > margin["margin"]:
                    margin = {"player": winners[0], "margin": top - second,
                              "over": sorted(n for n, v in totals.items() if v == second and n != winners[0]),
                              "session": entry.get("id"), "date": entry.get("date")}
        for name, p in players.items():
            if only is not None and name.casefold() != only:  # theirs, not their opponents'
                continue
            pacc = per.get(name)
            if pacc is None:
                pacc = per[name] = {"games": 0, "wins": 0, "totals": [], "parts": {}, "titles": {},
                                   "extras": dict.fromkeys(extras, 0), "seen": dict.fromkeys(extras, 0), "longest": 0, "current": 0}
            win = name in won
            pacc["games"] += 1
            pacc["wins"] += win
            seat = seats.get(name)
            if seat is None:
                seat = seats[name] = {"games": 0, "wins": 0}
            seat["games"] += 1
            if win:
                seat["wins"] += 1
                pacc["current"] += 1
                if pacc["current"] > pacc["longest"]:
                    pacc["longest"] = pacc["current"]
            else:
                pacc["current"] = 0
            score = p.get("score", {})
            total = score.get("total", 0)
            pacc["totals"].append(total)
            if points and "total" in score and isinstance(total, (int, float)):
                counted = scores.setdefault(name, {})
                counted[total] = counted.get(total, 0) + 1
            if points and "total" in score and isinstance(total, (int, float)) and (
                    highest is None or total > highest["score"]):
                highest = {"player": name, "score": total, "session": entry.get("id"),
                           "date": entry.get("date")}
            for part, value in score.items():
                if part != "total":
                    pacc["parts"][part] = pacc["parts"].get(part, 0) + value
            for title in titles:
                pacc["titles"][title] = pacc["titles"].get(title, 0) + (score.get(title, 0) > 0)
            for extra in extras:  # (a kept score knows none: averaged over the games that do)
                value = p.get(extra, 0)
                pacc["extras"][extra] += value if isinstance(value, (int, float)) else 0
                pacc["seen"][extra] += extra in p
            for tag in p.get("tags") or ():
                if isinstance(tag, str):
                    tally = tags.setdefault(tag, {"games": 0, "wins": 0})
                    tally["games"] += 1
                    tally["wins"] += win
    acc.update(games=games, highest=highest, margin=margin)
    return acc


def _place(p: dict[str, Any], won: bool) -> int:
    """A player's place in a game (1 the best); a summary without one: 1 the winners, 2 the rest."""
    place = p.get("place")
    return place if isinstance(place, int) and not isinstance(place, bool) and place > 0 else (1 if won else 2)


#: the store's cache file of where each game's figures and ratings stood after the last plain
#: ``stats`` (``compute``'s ``state``)
STATE_FILE = "stats-state.json"


def rate(games: list[tuple[Any, Any, dict[str, int]]], *, teams: bool = False,
         state: dict[str, Any] | None = None) -> dict[str, Any]:
    """The ratings after the games (``(session, day, {name: place})``, in play order):
    ``{"games": [[session, day], …] (game number k is item k-1), "players": {name: {"rating":
    ordinal, "mu", "sigma", "games", "history": [[game number, rating after it], …]}}}``, the best
    rated first.  ``teams``: the players who share a place are one team (War Chest's sides); else
    each player is alone and a shared place is a tie.

    ``state`` (issue 26: the first ``stats`` after a game was added): a dict kept between runs;
    ``state["kept"]``, if there, is where the ratings stood after the games rated before
    ``games`` (``compute`` knows which: its digest of the games it counted), and ``games`` are
    rated on from there; on return it is where they stand now.  A damaged ``kept`` raises
    ``ValueError`` (``compute`` then counts everything afresh).  The same numbers either way
    (tests/test_stats_cache.py)."""
    kept = state.get("kept") if state is not None else None
    if not games and not kept:
        if state is not None:
            state.pop("kept", None)
        return {"games": [], "players": {}}
    from openskill.models import PlackettLuce  # (~80 ms: paid only here, never at start-up)

    model = PlackettLuce()
    current: dict[str, Any] = {}
    out: dict[str, dict[str, Any]] = {}
    rated: list[list[Any]] = []
    if kept:
        try:
            for name, (mu, sigma) in kept["current"].items():
                if not (type(mu) in (int, float) and type(sigma) in (int, float)
                        and math.isfinite(mu) and math.isfinite(sigma) and sigma > 0):
                    raise ValueError
                current[name] = model.rating(mu=mu, sigma=sigma, name=name)
            out, rated = kept["out"], kept["rated"]
            if not (isinstance(out, dict) and isinstance(rated, list) and set(out) == set(current)
                    and all(isinstance(v, dict) and type(v.get("games")) is int
                            and isinstance(v.get("history"), list) for v in out.values())):
                raise ValueError
        except (AttributeError, KeyError, TypeError, ValueError) as exc:
            raise ValueError("a damaged ratings state") from exc
    result = _rate(model, games, teams, current, out, rated)
    if state is not None:
        # (``rated`` of ``compute``, lists or tuples: the same JSON)
        state["kept"] = {"rated": rated,
                         "current": {n: [r.mu, r.sigma] for n, r in current.items()},
                         "out": {n: {"games": v["games"], "history": v["history"]}
                                 for n, v in out.items()}}
    return result


def _prefix_digests(games: list[Any], salt: Any, count: Any) -> tuple[str | None, str]:
    """Digests of the first ``count`` games (``None`` if ``count`` is no count of them) and of
    all of them, each also of this module's code, openskill's version and ``salt`` (how they
    are counted): equal digests, equal games in the same order, counted the same way.  The
    games are serialized once: the JSON of the first ``count`` is that of all of them without
    the rest's (orjson writes a list as ``[a,b,…]``)."""
    import hashlib

    import openskill
    import orjson

    head = hashlib.sha256(Path(__file__).read_bytes())
    head.update(f"{getattr(openskill, '__version__', '?')}\x00{salt!r}\x00".encode())
    # (keys in the order the results were read: the same stored text reads the same way; any
    # other order is only a miss)
    # (keys that are not strings: never in a result read from JSON, only then the slower option)
    option = 0
    try:
        text = orjson.dumps(games, default=str)
    except TypeError:
        option = orjson.OPT_NON_STR_KEYS
        text = orjson.dumps(games, option=option, default=str)
    if not (type(count) is int and 0 < count <= len(games)):
        head.update(text)
        return None, head.hexdigest()
    if count == len(games):
        head.update(text)
        return head.hexdigest(), head.hexdigest()
    # (each byte hashed once: the first ones, then the rest on a copy)
    cut = len(text) - len(orjson.dumps(games[count:], option=option, default=str))
    head.update(memoryview(text)[:cut])  # "[" + the first ones (the rest: "[" + them + "]")
    first = head.copy()
    first.update(b"]")
    head.update(memoryview(text)[cut:])
    return first.hexdigest(), head.hexdigest()


def _rate(model: Any, games: list[tuple[Any, Any, dict[str, int]]], teams: bool,
          current: dict[str, Any], out: dict[str, dict[str, Any]], rated: list[list[Any]]
          ) -> dict[str, Any]:
    """``rate``'s loop: the games rated on from ``current`` (each player's rating), ``out``
    (their game counts and histories) and ``rated`` (the games rated so far), all updated."""
    update = _updater(model)
    for session, day, places in games:
        if teams:
            groups: dict[int, list[str]] = {}
            for name, place in places.items():
                groups.setdefault(place, []).append(name)
            ranks = sorted(groups)
            sides = [sorted(groups[place]) for place in ranks]
        else:  # (the best first, as the model orders them)
            sides = [[name] for name in sorted(places, key=lambda n: (places[n], n))]
            ranks = [places[side[0]] for side in sides]
        if len(sides) < 2:  # (one side: nobody beat anybody)
            continue
        rated.append([session, day])
        number = len(rated)
        for side in sides:
            for name in side:
                if name not in current:
                    current[name] = model.rating(name=name)
        new = update([[current[n] for n in side] for side in sides], ranks)
        for side, ratings in zip(sides, new):
            for name, r in zip(side, ratings):
                current[name] = r
                acc = out.get(name)
                if acc is None:
                    acc = out[name] = {"rating": 0.0, "mu": 0.0, "sigma": 0.0, "games": 0, "history": []}
                acc["games"] += 1
                acc["history"].append([number, round(r.mu - 3 * r.sigma, 2)])  # (the ordinal)
    for name, acc in out.items():
        r = current[name]
        acc["rating"], acc["mu"], acc["sigma"] = round(r.ordinal(), 2), round(r.mu, 3), round(r.sigma, 3)
    return {"games": rated,
            "players": {n: out[n] for n in sorted(out, key=lambda n: (-out[n]["rating"], n))}}


def _updater(model: Any) -> Any:
    """``update(teams, ranks)`` -> the teams' new ratings (``ranks`` ascending, the teams in that
    order).  openskill's ``rate`` deep-copies its input and draws a fresh id for every rating it
    returns (~155 µs a four-player game: 1.5 s over 10,000 games); its own update step, given the
    teams as ``rate`` hands them over (sigma widened by tau, sorted by rank; limit_sigma off),
    updates them in place for a fifth of that.  The same numbers (tests/test_stats.py checks them
    against ``rate``); where that step is not there (another openskill), ``rate`` itself."""
    compute = getattr(model, "_compute", None)
    if compute is None or getattr(model, "limit_sigma", False):
        return lambda teams, ranks: model.rate(teams, ranks=ranks)
    tau2 = model.tau * model.tau

    def update(teams: list[list[Any]], ranks: list[int]) -> list[list[Any]]:
        for team in teams:
            for r in team:
                r.sigma = math.sqrt(r.sigma * r.sigma + tau2)
        compute(teams=teams, ranks=ranks)
        return teams

    return update


def report(results: dict[Any, dict[str, Any]], t: Any) -> list[Any]:
    """The statistics of each game (``{game object: compute(...)}``) as a ``core.report`` report:
    an overview per player, then average points by category and titles won."""
    from referee.core.report import Heading, Line, Table

    out: list[Any] = []
    for game, r in results.items():
        if not r["games"]:  # (a player's figures: a game they never finished says nothing)
            continue
        players = list(r["players"])
        out.append(Heading(t.n("core.cli.stats_title", r["games"], game=game.info.title), 2))
        extras = list(game.info.stats_extras.values())  # (JSON key, label key)
        points = game.info.stats_points  # (a game without points: no totals)
        columns = ("col_player", "col_games", "col_wins", "col_rate") + (
            ("col_avg", "col_best") if points else ())
        overview = Table(
            "", [t(f"core.cli.{c}") for c in columns] + [t(label) for _, label in extras],
            align=["left"] + ["right"] * (len(columns) - 1 + len(extras)))
        for pname, p in r["players"].items():
            overview.rows.append([pname, str(p["games"]), str(p["wins"]), f"{p['win_rate']:.0%}",
                                  *((f"{p['average_total']:.1f}", str(p["best_total"])) if points else ()),
                                  *(f"{p[key]:.1f}" for key, _ in extras)])
        out.append(overview)
        # Points by category and titles: one row each, one column per player.
        parts = list(next(iter(r["players"].values()))["average_points"]) if players else []
        # the heading on a line of its own: a table's title wraps to the table's width
        out.append(Line(t("core.cli.stats_detail"), "strong"))
        detail = Table("", [t("core.cli.col_category"), *players],
                       align=["left"] + ["right"] * len(players))
        for part in parts:
            detail.rows.append([t("core.cli.stats_avg", part=t(f"{game.info.text_prefix}.score.{part}")),
                                *(f"{r['players'][n]['average_points'].get(part, 0):.1f}" for n in players)])
        for title in game.info.titles:
            detail.rows.append([t("core.cli.stats_titles", part=t(f"{game.info.text_prefix}.score.{title}")),
                                *(str(r["players"][n]["titles"].get(title, 0)) for n in players)])
        if detail.rows:  # (nothing by category, no titles: no empty table)
            out.append(detail)
        out.extend(_group_blocks(r, t))
        if r.get("tags"):  # per tag (a unit card …): games and wins, in the game's words
            label = game.info.stats_tag_key
            tagged = Table(t(game.info.stats_tags_title),
                           [t("core.cli.col_category"), t("core.cli.col_games"), t("core.cli.col_wins"),
                            t("core.cli.col_rate")], align=["left", "right", "right", "right"])
            for tag, tally in r["tags"].items():
                name = t(label.format(tag=tag)) if label != "{tag}" and t.has(label.format(tag=tag)) else tag
                tagged.rows.append([name, str(tally["games"]), str(tally["wins"]), f"{tally['win_rate']:.0%}"])
            out.append(tagged)
    return out


def _number(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _group_blocks(r: dict[str, Any], t: Any) -> list[Any]:
    """What a group looks at (issue 26): results by player count, head to head, winning streaks
    and the records."""
    from referee.core.report import Line, Table

    out: list[Any] = []
    right = ["left", "left", "right", "right", "right"]
    if len(r.get("by_count") or {}) > 1:  # (one count: the overview says it all)
        counts = Table(t("core.cli.stats_by_count"),
                       [t("core.cli.col_players"), t("core.cli.col_player"), t("core.cli.col_games"),
                        t("core.cli.col_wins"), t("core.cli.col_rate")], align=right)
        for n, c in r["by_count"].items():
            for name, v in c["players"].items():
                counts.rows.append([n, name, str(v["games"]), str(v["wins"]), f"{v['win_rate']:.0%}"])
        out.append(counts)
    if r.get("head_to_head"):
        pairs = Table(t("core.cli.stats_h2h"), [t("core.cli.col_pair"), t("core.cli.col_together"),
                                                t("core.cli.col_wins")], align=["left", "right", "right"])
        for pair in r["head_to_head"]:
            a, b = pair["players"]
            pairs.rows.append([f"{a} – {b}", str(pair["games"]), f"{pair['wins'][a]} : {pair['wins'][b]}"])
        out.append(pairs)
    if r.get("streaks"):
        streaks = Table(t("core.cli.stats_streaks"), [t("core.cli.col_player"), t("core.cli.col_longest"),
                                                      t("core.cli.col_current")], align=["left", "right", "right"])
        for name, run in r["streaks"].items():
            streaks.rows.append([name, str(run["longest"]), str(run["current"])])
        out.append(streaks)
    if r.get("ratings"):  # (the model's ordinal; stats --help says what it means)
        ratings = Table(t("core.cli.stats_ratings"), [t("core.cli.col_player"), t("core.cli.col_rating"),
                                                      t("core.cli.col_games")], align=["left", "right", "right"])
        for name, rating in r["ratings"].items():
            ratings.rows.append([name, f"{rating['rating']:.1f}", str(rating["games"])])
        out.append(ratings)
    records = r.get("records") or {}
    if records.get("highest_score"):
        h = records["highest_score"]
        out.append(Line(t("core.cli.stats_highest", score=_number(h["score"]), player=h["player"],
                          date=h.get("date") or "")))
    if records.get("largest_margin"):
        m = records["largest_margin"]
        out.append(Line(t("core.cli.stats_margin", margin=_number(m["margin"]), player=m["player"],
                          over=", ".join(m["over"]), date=m.get("date") or "")))
    return out


# --------------------------------------------------------------------------------------------
# The cache of the last result (issue 26: ``stats`` over 10,000 sessions under a second)

def cache_key(parts: Any) -> str:
    """A digest of everything a ``stats`` result depends on: ``parts`` (the archive's files and
    their times, the index file's, the kept scores, the question asked) and this module's own
    code, so that a change of the code or of the archive is never answered from the cache."""
    import hashlib

    import orjson

    digest = hashlib.sha256(Path(__file__).read_bytes())
    digest.update(orjson.dumps(parts, default=str, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS))
    return digest.hexdigest()
