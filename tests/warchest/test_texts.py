"""The War Chest catalogs: every message the rules layer raises exists in English and Polish with
the same placeholders, and the Polish speaks the rulebook's words."""

from __future__ import annotations

import re
import string
from pathlib import Path

from referee.core.text import catalog

PACKAGE = Path(__file__).resolve().parents[2] / "referee" / "games" / "warchest"


def placeholders(text: str) -> set:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_raised_message_exists_in_both_languages():
    used = set()
    for path in PACKAGE.glob("*.py"):
        used |= set(re.findall(r'"(warchest\.(?:error|record)\.[a-z0-9_]+)"', path.read_text(encoding="utf-8")))
    en, pl = catalog("en"), catalog("pl")
    assert used and all(en.has(k) and pl.has(k) for k in used), sorted(k for k in used if not pl.has(k))
    for key in used:
        assert placeholders(en.entries[key]) == placeholders(pl.entries[key]), key


def test_polish_speaks_to_anyone_and_says_szton():
    """Trial 2, finding 2: no Polish text assumes a player is a man (no past tense of the second
    person, no "nie mógł", "wybiera pierwszy").  The coins are "szton" throughout, the Polish
    rulebook's word (the book wins), never "żeton" beside it: that word is the initiative
    token's (plural forms stay agreed)."""
    pl = catalog("pl")
    texts = {k: v for k, v in pl.entries.items() if k.startswith("warchest.")}
    for key, text in texts.items():
        assert not re.search(r"(łeś|łaś)\b|\bmógł\b|\bmogła\b|wybiera pierwsz|\bpartner", text), key
        assert re.sub(r"żeton\w* inicjatywy", "", text.casefold()).count("żeton") == 0, key
    assert pl("warchest.play.down_coin", player="Łucja") == "Łucja, który szton odrzucono zakryty? (ukryte)"
    assert pl("warchest.describe.first_picker", player="Łucja") == "Łucja: pierwszy wybór"
    assert [pl.n("warchest.play.draw", n, player="Ola") for n in (1, 3, 5)] == [
        "Ola, wylosowany szton:", "Ola, 3 wylosowane sztony:", "Ola, 5 wylosowanych sztonów:"]


def test_polish_uses_the_rulebooks_words():
    pl = " ".join(v for k, v in catalog("pl").entries.items() if k.startswith("warchest."))
    for word in ("szton", "żeton inicjatywy", "woreczk", "pul", "pozycj", "inicjatyw", "rozstawia", "Gwardzist",
                 "Kapłan", "Rycerz", "wzmocnion", "sojuszniczy", "Piechur", "zespo"):
        assert word in pl, word


def test_units_are_listed_in_the_menus_order_polish_aware():
    """Trial 2, finding 4: the player lines, the export's tables and the menus list units
    alphabetically by name in the session's language, Polish letters right after their base
    letter (Łucznik after Lekka jazda, before Zwiadowca), with no locale module."""
    from referee.games.warchest import engine, names, summary, view
    from referee.games.warchest.actions import Draw
    from referee.games.warchest.dialog import card_keys

    pl, en = catalog("pl"), catalog("en")
    assert names.collation_key("Łucznik") > names.collation_key("Lekka jazda")
    assert names.collation_key("Łucznik") < names.collation_key("Zwiadowca")
    assert names.collation_key("ża") > names.collation_key("źz") > names.collation_key("zz")
    unit_names = [pl(f"warchest.unit.{u}") for u in card_keys(pl)]
    assert unit_names.index("Łucznik") == unit_names.index("Lekka jazda") + 1
    assert unit_names[-1] in ("Zwiadowca", "Łucznik") and unit_names[-1] != "Łucznik"
    assert [en(f"warchest.unit.{u}") for u in card_keys(en)] == sorted(
        en(f"warchest.unit.{u}") for u in card_keys(en))
    state = engine.new_state(["Kasia", "Bartek"], {"method": "first_game"})
    engine.apply(state, Draw("Kasia", None))
    kasia = view.players_line(state, en)[0].text
    assert "(Raven: Cr LC Pi Sw)" in kasia, kasia
    table = summary.players_table(state, en)
    assert table.rows[0][2] == "Crossbowman, Light Cavalry, Pikeman, Swordsman"
    assert names.coins_text(pl, {"swordsman": 2, "archer": 1, "royal": 1}) == (
        "Łucznik, Szermierz ×2, szton koronny")
    assert names.codes_of(en, {"royal": 1, "swordsman": 2, "crossbowman": 1}) == "Cr Sw×2 Ro"
