"""The two table tools of Medieval Battle, pure: the battle calculator asked about one fight
(``referee battle``) and the owner's card table entered through questions (``referee cards``).
The CLI reads and writes the cards file (``<data-dir>/cards/medieval.json``); here the document
is only checked, asked about and explained.  No I/O."""

from __future__ import annotations

from typing import Any

from referee.core.dialog import BACK, Choice, Dialog, Notice, Select
from referee.core.errors import InputError, RuleError, UsageError
from referee.core.report import Line, Report
from referee.core.text import Catalog
from referee.games.medieval import calculator
from referee.games.medieval.cards import (
    BOOK,
    CARDS,
    FIRE,
    ICONS,
    KINDS,
    MELEE,
    CardTable,
    card_document,
    card_of,
    fire_column_ok,
    icon_of,
    outcome_text,
    parse_cards,
)
from referee.games.medieval.names import knights, unit_name
from referee.games.medieval.news import battle_lines
from referee.games.medieval.units import TERRAINS, UNIT_TYPES, UNITS, may_stand

#: where the cards live in the data folder (relative to it)
CARDS_FILE = ("cards", "medieval.json")


def card_table(document: Any | None) -> CardTable:
    """The owner's card table (the cards file's document) merged with the book's cards; no
    document: the book's cards only.  A malformed document: ``RecordError`` at its place."""
    return parse_cards(document if document is not None else {}, "$")


def _choice(value: Any, allowed: tuple[Any, ...], option: str) -> None:
    if value not in allowed:
        raise UsageError("medieval.battle.bad_option", option=option, value=str(value)[:40],
                         allowed=", ".join(map(str, allowed)))


def battle_tool(t: Catalog, cards: Any | None, *, attacker: str, defender: str, fire: bool = False,
                attacker_terrain: str = "plain", defender_terrain: str = "plain",
                attacker_strength: int = 2, defender_strength: int = 2
                ) -> tuple[dict[str, Any], Report]:
    """One fight through the calculator: ``(data, report)``.  ``data`` holds ``base_column``,
    ``shifts`` (each factor, the side it favours and its shift), ``column``, ``clamped`` and both
    sides' losses.  Bad options: ``UsageError``; a fight the rules rule out or a card nobody
    entered: ``InputError`` (the card to enter is named)."""
    _choice(attacker, UNIT_TYPES, "--attacker")
    _choice(defender, UNIT_TYPES, "--defender")
    _choice(attacker_terrain, TERRAINS, "--attacker-terrain")
    _choice(defender_terrain, TERRAINS, "--defender-terrain")
    _choice(attacker_strength, (1, 2), "--attacker-strength")
    _choice(defender_strength, (1, 2), "--defender-strength")
    table = card_table(cards)
    kind = FIRE if fire else MELEE
    if fire and not UNITS[attacker].fire_range:
        raise InputError("medieval.battle.not_a_shooter", unit=unit_name(t, attacker))
    for unit, terrain in ((attacker, attacker_terrain), (defender, defender_terrain)):
        if not may_stand(unit, terrain):
            raise InputError("medieval.battle.cannot_stand", unit=unit_name(t, unit),
                             terrain=t(f"medieval.terrain.{terrain}"))
    if table.base(kind, attacker, defender) is None:
        raise InputError("medieval.battle.no_card", defender=unit_name(t, icon_of(defender)),
                         card=t(f"medieval.battle.card_{kind}",
                                unit=unit_name(t, card_of(kind, attacker) or attacker)))  # MB-C2: as printed
    result = calculator.battle(table, kind, calculator.Side(attacker, attacker_strength == 2,
                                                            attacker_terrain),
                               calculator.Side(defender, defender_strength == 2, defender_terrain))
    data = result.as_data(table)
    out = {
        "kind": kind,
        "attacker": {"unit": attacker, "strength": attacker_strength, "terrain": attacker_terrain},
        "defender": {"unit": defender, "strength": defender_strength, "terrain": defender_terrain},
        "base_column": data["base"],
        "shifts": [{"factor": f.name, "favours": f.favours, "shift": f.shift} for f in result.factors],
        "shift": result.shift,
        "column": data["result"],
        "clamped": result.clamped,
        "unverified_end": result.unverified_end,
        "attacker_losses": result.attacker_losses,
        "defender_losses": result.defender_losses,
    }
    report: Report = battle_lines(t, data)
    fates = [_fate(t, strength, losses) for strength, losses in
             ((attacker_strength, result.attacker_losses), (defender_strength, result.defender_losses))]
    if fire:
        report.append(Line(t("medieval.battle.summary_fire", defender=unit_name(t, defender),
                             defender_fate=fates[1]), "strong"))
    else:
        report.append(Line(t("medieval.battle.summary", attacker=unit_name(t, attacker),
                             attacker_fate=fates[0], defender=unit_name(t, defender),
                             defender_fate=fates[1]), "strong"))
    return out, report


def _fate(t: Catalog, strength: int, losses: int) -> str:
    """MB-K4: what the losses do to a unit of that strength, in words."""
    fate = "none" if losses <= 0 else "destroyed" if losses >= strength else "reduced"
    return t(f"medieval.battle.fate_{fate}")


# --------------------------------------------------------------------------------------------
# entering the cards


def _card_label(t: Catalog, table: CardTable, kind: str, card: str) -> str:
    known = sum((kind, card, icon) in table.columns for icon in ICONS)
    return t(f"medieval.cards_dialog.card_{kind}", unit=unit_name(t, card), known=known,
             of=len(ICONS))


def cards_dialog(t: Catalog, document: Any | None) -> Dialog:
    """Enter or edit the owner's melee and fire cards as the box has them (MB-C2): the nine
    cards of one set, in their order (``CARDS``), and on each the seven icons (``ICONS``): the
    calculator column each icon stands over.  Returns the new card table document (a document
    written before the nine cards comes back converted), or ``None`` when the owner leaves
    without saving.  The book's columns are shown, never asked (MB-K6); a fire column the
    rulebook rules out is not offered (MB-F4)."""
    table = card_table(document)
    calculator_given = isinstance(document, dict) and "calculator" in document
    keys = "123456789"
    while True:
        cards = [(kind, card) for kind in KINDS for card in CARDS[kind]]
        choices = [Choice(_card_label(t, table, kind, card), (kind, card), keys[i])
                   for i, (kind, card) in enumerate(cards)]
        choices += [Choice(t("medieval.cards_dialog.save"), "save", "s"),
                    Choice(t("medieval.cards_dialog.quit"), "quit", "q")]
        picked = yield Select("medieval.cards_card", t("medieval.cards_dialog.which"), choices)
        if picked == "quit":
            return None
        if picked == "save":
            out = card_document(table)
            if calculator_given:
                out = {"calculator": [outcome_text(o) for o in table.scale], **out}
            return out
        kind, card = picked
        yield from _enter_card(t, table, kind, card)


def _enter_card(t: Catalog, table: CardTable, kind: str, card: str) -> Dialog:
    lines: Report = [Line(t(f"medieval.cards_dialog.card_title_{kind}", unit=unit_name(t, card)),
                          "strong")]
    for icon in ICONS:
        if (kind, card, icon) in BOOK:
            lines.append(Line(t("medieval.cards_dialog.book", defender=unit_name(t, icon),
                                column=outcome_text(table.scale[table.columns[(kind, card, icon)]])),
                              "muted"))
    yield Notice(lines)
    for icon in ICONS:
        key = (kind, card, icon)
        if key in BOOK:
            continue
        known = table.columns.get(key)
        label = "medieval.cards_dialog.column" + ("_fire" if kind == FIRE else "")
        choices = [Choice(t(label, losses=outcome_text(o), attacker=o[0],
                            defender=_losses_word(t, o[1], icon, kind)), i, str(i + 1))
                   for i, o in enumerate(table.scale)
                   if kind == MELEE or fire_column_ok(table.scale, i)]
        if known is not None:
            choices.insert(0, Choice(t("medieval.cards_dialog.keep",
                                       losses=outcome_text(table.scale[known])), known, "k"))
            choices.append(Choice(t("medieval.cards_dialog.forget"), "forget", "x"))
        else:
            choices.append(Choice(t("medieval.cards_dialog.skip"), "skip", "n"))
        choices.append(Choice(t("medieval.cards_dialog.back"), BACK, "b"))
        answer = yield Select("medieval.cards_column",
                              t(f"medieval.cards_dialog.ask_{kind}", unit=unit_name(t, card),
                                defender=unit_name(t, icon)), choices)
        if answer is BACK:
            return
        if answer == "forget":
            table.columns.pop(key, None)
        elif answer != "skip":
            table.columns[key] = answer


def _losses_word(t: Catalog, n: int, defender: str, kind: str) -> Any:
    """A fire column names the target's losses in its own word (``1 pikeman``); a melee one
    keeps the bare numbers of both rows."""
    return knights(t, n, defender) if kind == FIRE else n


def check_cards(document: Any) -> None:
    """Raise ``RecordError`` at the exact place if ``document`` is not a valid card table."""
    card_table(document)


__all__ = ["CARDS_FILE", "RuleError", "battle_tool", "card_table", "cards_dialog", "check_cards"]
