"""The "Final inventory" document (input of ``referee score``): parse, feed, score.

For tables that tracked the game on paper: each player's crown knights, mercenaries and captured
Teutons (strength lists, hand and camp together), provisions and ducats, plus the feeding choices of
short players (NG-E1).  A pure module: the CLI reads the file, the dialog asks at the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.core import shape
from referee.core.dialog import Choice, Dialog, Invalid, Notice, Select, Text, player_name
from referee.core.errors import RuleError, key_path
from referee.core.report import Line
from referee.core.text import Catalog
from referee.games.grunwald import scoring
from referee.games.grunwald.cards import RANGES, parse_card
from referee.games.grunwald.names import card_name, cards_text
from referee.games.grunwald.record import FORMAT, GAME, card_list, parse_players, string_map

KINDS = (("crown", "crown"), ("mercenary", "mercenary"), ("teutons", "teuton"))


@dataclass
class Holdings:
    name: str
    crown: list[int]
    mercenary: list[int]
    teutons: list[int]
    provisions: int
    ducats: int

    @property
    def knights(self) -> int:
        return len(self.crown) + len(self.mercenary)

    @property
    def short(self) -> int:
        """How many knights the player cannot feed (NG-E1)."""
        return max(0, self.knights - self.provisions)


def parse_inventory(document: Any) -> tuple[list[Holdings], dict[str, list[str]] | None]:
    doc = shape.header(document, GAME, FORMAT, ("game", "format", "players", "feeding", "date",
                                                "place", "notes"))
    players = string_map(shape.required(doc, "players", "$"), "players")
    parse_players(list(players), "players")
    out = []
    for name, raw in players.items():
        loc = f"players{key_path(name)}"
        entry = shape.obj(raw, loc, ("crown", "mercenary", "teutons", "provisions", "ducats"))
        lists = {}
        for key, kind in KINDS:
            values = shape.array(entry.get(key, []), f"{loc}.{key}")
            lo, hi = RANGES[kind]
            checked = []
            for i, v in enumerate(values):
                v = shape.integer(v, f"{loc}.{key}[{i}]")
                if not lo <= v <= hi:
                    raise RuleError("NG-C3", f"{loc}.{key}[{i}]", "grunwald.error.value_range",
                                    what=key, value=v, range=f"{lo}–{hi}")
                checked.append(v)
            lists[key] = checked
        amounts = {}
        for key in ("provisions", "ducats"):
            v = shape.integer(entry.get(key, 0), f"{loc}.{key}")
            if v < 0:
                raise shape.fail(f"{loc}.{key}", "grunwald.record.negative", key=key, value=v)
            amounts[key] = v
        out.append(Holdings(name, lists["crown"], lists["mercenary"], lists["teutons"], **amounts))
    feeding = None
    if "feeding" in doc:
        feeding = {}
        for name, items in string_map(doc["feeding"], "feeding").items():
            feeding[name] = list(card_list(items, f"feeding{key_path(name)}"))
    return out, feeding


def apply_feeding(players: list[Holdings], feeding: dict[str, list[str]] | None) -> list[scoring.Inventory]:
    """NG-E1: short players give up exactly the knights they cannot feed; provisions are spent."""
    names = {p.name for p in players}
    feeding = feeding or {}
    for name in feeding:
        if name not in names:
            raise RuleError("NG-C1", f"feeding{key_path(name)}", "grunwald.error.unknown_player",
                            player=name, players=", ".join(p.name for p in players))
    out = []
    for p in players:
        where = f"feeding{key_path(p.name)}"
        items = feeding.get(p.name, [])
        if p.short and p.name not in feeding:
            raise RuleError("NG-E1", "feeding", "grunwald.error.feeding_player_missing",
                            player=p.name, need=p.short)
        if len(items) != p.short:
            raise RuleError("NG-E1", where, "grunwald.error.feeding_count", player=p.name,
                            need=p.short, got=len(items))
        crown, mercenary = list(p.crown), list(p.mercenary)
        for i, item in enumerate(items):
            _source, card = parse_card(item, f"{where}[{i}]", prefix=True)
            kind, _, strength = card.partition(":")
            pile = {"crown": crown, "mercenary": mercenary}.get(kind)
            if pile is None or int(strength) not in pile:
                raise RuleError("NG-E1", f"{where}[{i}]", "grunwald.error.feeding_card",
                                player=p.name, card=item,
                                knights=", ".join(knight_cards(p)))
            pile.remove(int(strength))
        fed = len(crown) + len(mercenary)
        out.append(scoring.Inventory(p.name, sorted(crown, reverse=True),
                                     sorted(mercenary, reverse=True), sorted(p.teutons, reverse=True),
                                     p.provisions - fed, p.ducats))
    return out


def knight_cards(p: Holdings) -> list[str]:
    return [f"crown:{s}" for s in sorted(p.crown)] + [f"mercenary:{s}" for s in sorted(p.mercenary)]


def score_document(document: Any) -> tuple[list[scoring.Inventory], scoring.Result]:
    inventories, result, _ = score_advised(document)
    return inventories, result


def score_advised(document: Any
                  ) -> tuple[list[scoring.Inventory], scoring.Result, dict[str, list[str]]]:
    """The same, where a short player the ``feeding`` does not list gives up the knights the
    advice keeps best (NG-E1, as ``referee score`` asked at the table offers them): also returns
    those players and the knights taken for them (the table is told)."""
    players, feeding = parse_inventory(document)
    advised = advise_missing(players, feeding)
    if advised:
        feeding = {**(feeding or {}), **advised}
    inventories = apply_feeding(players, feeding)
    return inventories, scoring.score(inventories), advised


def advise_missing(players: list[Holdings], feeding: dict[str, list[str]] | None
                   ) -> dict[str, list[str]]:
    """The advised feeding of every short player ``feeding`` does not list, in seating order,
    each against the others as they stand (those before fed as listed or advised)."""
    feeding = feeding or {}
    if all(not p.short or p.name in feeding for p in players):
        return {}
    from referee.games.grunwald import advice

    position = [advice.Holding(p.name, tuple(p.crown), tuple(p.mercenary), tuple(p.teutons),
                               p.provisions, p.ducats) for p in players]
    out: dict[str, list[str]] = {}
    for i, p in enumerate(players):
        if not p.short:
            continue
        if p.name in feeding:
            chosen = list(feeding[p.name])
        else:
            chosen = out[p.name] = list(advice.advise_feeding_holdings(position, i).items)
        crown, merc = list(p.crown), list(p.mercenary)
        for c in chosen:
            kind, _, strength = c.rpartition("/")[2].partition(":")
            pile = crown if kind == "crown" else merc
            if strength.isdigit() and int(strength) in pile:
                pile.remove(int(strength))  # (a wrong listed card: apply_feeding names it)
        position[i] = advice.Holding(p.name, tuple(crown), tuple(merc), tuple(p.teutons),
                                     p.provisions, p.ducats)
    return out


def score_output(inventories: list[scoring.Inventory], result: scoring.Result) -> dict[str, Any]:
    """The ``players`` (with ``score`` and ``place``) and ``winners`` parts of the replay output."""
    return {
        "players": {
            i.name: {"provisions": i.provisions, "ducats": i.ducats,
                     "score": result.scores[i.name].as_dict(), "place": result.places[i.name]}
            for i in inventories
        },
        "winners": list(result.winners),
    }


# --------------------------------------------------------------------------------------------
# Asking the table


def ask_inventory(t: Catalog, advise: bool = True) -> Dialog:
    """Players, then each one's cards, provisions and ducats, then feeding choices: a document.

    ``advise``: a short player's menu starts with the referee's best feeding (NG-E1, issue 13), so
    Enter takes it and a line says which knights and why (``referee score`` at the table);
    ``advise=False``: the plain questions (scripted callers)."""
    count = yield Select("score.count", t("core.cli.player_count"),
                         [Choice(str(n), n, str(n)) for n in (2, 3, 4)])
    names: list[str] = []
    for i in range(count):
        parse_name = player_name(t, names)
        names.append((yield Text("score.name", t("grunwald.score_prompt.name", n=i + 1), parse_name)))
    players: dict[str, Any] = {}
    for name in names:
        entry: dict[str, Any] = {}
        for key, kind in KINDS:
            lo, hi = RANGES[kind]

            def strengths(text: str, lo=lo, hi=hi) -> list[int]:
                parts = text.replace(",", " ").split()
                if not all(p.isdigit() and lo <= int(p) <= hi for p in parts):
                    raise Invalid(t("grunwald.play.range_expected", range=f"{lo}–{hi}"))
                return sorted((int(p) for p in parts), reverse=True)

            entry[key] = yield Text(f"score.{key}", t(f"grunwald.score_prompt.{key}", player=name),
                                    strengths, t("grunwald.score_prompt.list_hint"))
        for key in ("provisions", "ducats"):
            def amount(text: str) -> int:
                if not text.strip().isdigit():
                    raise Invalid(t("grunwald.play.amount_expected"))
                return int(text)

            entry[key] = yield Text(f"score.{key}", t(f"grunwald.score_prompt.{key}", player=name), amount)
        players[name] = entry
    document: dict[str, Any] = {"game": GAME, "format": FORMAT, "players": players}
    holdings, _ = parse_inventory(document)
    feeding: dict[str, list[str]] = {}
    from referee.games.grunwald import advice

    position = [advice.Holding(p.name, tuple(p.crown), tuple(p.mercenary), tuple(p.teutons),
                               p.provisions, p.ducats) for p in holdings]
    for i, p in enumerate(holdings):
        if not p.short:
            continue
        # NG-E1: the knights that keep this player's final score highest come first (Enter takes
        # them), against the others as they stand (those before already fed as chosen here).
        if advise:
            best = advice.advise_feeding_holdings(position, i)
            advised = list(best.items)
            why = advice.feeding_reason(t, best)
        left = knight_cards(p)
        chosen: list[str] = []
        while len(chosen) < p.short:
            choices = [Choice(card_name(t, c), c) for c in dict.fromkeys(left)]
            if advise and not chosen:
                choices.insert(0, Choice(t("grunwald.advice.feed_choice", cards=cards_text(t, advised)),
                                         tuple(advised), "0"))
                yield Notice([Line(t("grunwald.advice.why", reason=why))])  # a menu cuts long choices
            card = yield Select("score.feeding", t("grunwald.score_prompt.feeding", player=p.name,
                                                   provisions=p.provisions, knights=p.knights,
                                                   left=p.short - len(chosen)), choices)
            if isinstance(card, tuple):  # the advice: every knight at once
                chosen = list(card)
                yield Notice([Line(t("grunwald.advice.fed_as_advised", player=p.name,
                                     cards=cards_text(t, chosen)))])
                break
            left.remove(card)
            chosen.append(card)
        feeding[p.name] = chosen
        crown, merc = list(p.crown), list(p.mercenary)
        for c in chosen:
            kind, _, strength = c.partition(":")
            (crown if kind == "crown" else merc).remove(int(strength))
        position[i] = advice.Holding(p.name, tuple(crown), tuple(merc), tuple(p.teutons),
                                     p.provisions, p.ducats)
    if feeding:
        document["feeding"] = feeding
    return document


def score(document: Any) -> tuple[dict[str, Any], scoring.Result]:
    """Score a final inventory: the JSON output and the scoring result (for the breakdown).
    A short player the file's ``feeding`` does not list gives up the advised knights (NG-E1):
    ``fed_as_advised`` in the output says whose and which."""
    inventories, result, advised = score_advised(document)
    output = score_output(inventories, result)
    if advised:
        output["fed_as_advised"] = advised
    return output, result


def score_notes(output: dict[str, Any], t: Catalog) -> list[Line]:
    """What the calculator decided for the table that the file left open: the advised feeding."""
    return [Line(t("grunwald.advice.fed_from_file", player=name, cards=cards_text(t, cards)))
            for name, cards in output.get("fed_as_advised", {}).items()]
