"""The final inventory of a game tracked on paper (input of ``referee score``): each player's town
(one list of cards per filled character, as in the replay output) and the variants.  Pure."""

from __future__ import annotations

from typing import Any

from referee.core import shape
from referee.core.dialog import (
    Choice,
    Confirm,
    Dialog,
    Invalid,
    Select,
    Text,
    player_name,
)
from referee.core.errors import RuleError, key_path
from referee.core.text import Catalog
from referee.games.kajko import engine
from referee.games.kajko.record import FORMAT, GAME, parse_players, parse_variants
from referee.games.kajko.state import COIN, ITEM5, ITEM10, VALUES, characters_for


def parse_inventory(document: Any) -> tuple[dict[str, list[list[str]]], bool]:
    doc = shape.header(document, GAME, FORMAT, ("game", "format", "players", "variants", "date",
                                                "place", "notes"))
    players = shape.required(doc, "players", "$")
    if not isinstance(players, dict):
        raise shape.fail("players", "core.record.expected", expected="object",
                         got=shape.type_name(players))
    parse_players(list(players), "players")
    characters = characters_for(len(players))
    towns: dict[str, list[list[str]]] = {}
    for name, raw in players.items():
        loc = f"players{key_path(name)}"
        entry = shape.obj(raw, loc, ("town",))
        town = shape.array(shape.required(entry, "town", loc), f"{loc}.town")
        if len(town) > characters:
            raise RuleError("KK-3", f"{loc}.town", "kajko.error.too_many_characters",
                            player=name, count=len(town), characters=characters)
        towns[name] = []
        for i, character in enumerate(town):
            cards = shape.array(character, f"{loc}.town[{i}]")
            if not cards:
                raise RuleError("KK-5", f"{loc}.town[{i}]", "kajko.error.empty_character")
            for j, card in enumerate(cards):
                shape.string(card, f"{loc}.town[{i}][{j}]")
                if card not in VALUES:
                    raise RuleError("KK-6", f"{loc}.town[{i}][{j}]", "kajko.error.not_an_item",
                                    card=card, items=", ".join(VALUES))
            towns[name].append(list(cards))
    variants = parse_variants(doc["variants"]) if "variants" in doc else {}
    return towns, variants.get("dusigrosz", False)


def score(document: Any) -> tuple[dict[str, Any], engine.Result]:
    towns, dusigrosz = parse_inventory(document)
    result = engine.score_towns(towns, dusigrosz)
    output = {"players": {n: {"score": result.scores[n].as_dict(), "place": result.places[n]}
                          for n in towns},
              "winners": list(result.winners)}
    return output, result


def _count(t: Catalog):
    def parse(text: str) -> int:
        text = text.strip() or "0"
        if not text.isdigit():
            raise Invalid(t("kajko.score.count_expected"))
        return int(text)

    return parse


def ask_inventory(t: Catalog) -> Dialog:
    """Ask the table for each player's town and build the final inventory document."""
    count = yield Select("score.count", t("core.cli.player_count"),
                         [Choice(str(n), n, str(n)) for n in (2, 3, 4, 5)])
    dusigrosz = yield Confirm("kajko.setup.dusigrosz", t("kajko.setup.dusigrosz"), default=False)
    names: list[str] = []
    players: dict[str, Any] = {}
    for i in range(count):
        name = yield Text("score.player", t("core.cli.player", n=i + 1), player_name(t, names))
        names.append(name)
        cards: list[str] = []
        for card in (COIN, ITEM5, ITEM10):
            n = yield Text(f"kajko.score.count.{card}", t("kajko.score.ask_count", player=name,
                                                          card=t(f"kajko.score.kind_{card.replace(':', '')}")),
                           _count(t), t("kajko.score.count_hint"))
            cards += [card] * n
        # one pile is enough to score: characters only matter while playing
        players[name] = {"town": [cards] if cards else []}
    doc: dict[str, Any] = {"game": GAME, "format": FORMAT, "players": players}
    if dusigrosz:
        doc["variants"] = {"dusigrosz": True}
    return doc
