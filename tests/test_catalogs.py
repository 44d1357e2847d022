"""The English and Polish catalogs are complete and consistent with the code."""

from __future__ import annotations

import re
import string
from pathlib import Path

from referee.core.text import LANGUAGES, PLURAL_FORMS, catalog

ROOT = Path(__file__).resolve().parent.parent


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def base_key(key: str) -> str:
    """Plural variants (``x.one``, ``x.few`` …) count as one key."""
    head, _, last = key.rpartition(".")
    return head if last in PLURAL_FORMS else key


def test_every_language_has_every_key_with_the_same_placeholders():
    en = catalog("en").entries
    en_base = {base_key(k): v for k, v in en.items()}
    for lang in LANGUAGES:
        entries = catalog(lang).entries
        base = {base_key(k) for k in entries}
        assert base == set(en_base), (lang, base ^ set(en_base))
        for key, text in entries.items():
            mine, english = placeholders(text), placeholders(en_base[base_key(key)])
            if base_key(key) != key:  # plural variants may leave out the number itself
                mine, english = mine - {"n"}, english - {"n"}
            assert mine == english, (lang, key)


def test_plural_forms():
    from referee.core.text import plural_form

    assert [plural_form("pl", n) for n in (1, 2, 4, 5, 12, 22, 25)] == [
        "one", "few", "few", "many", "many", "few", "many"]
    assert catalog("pl").n("grunwald.plural.ducats", 2) == "2 dukaty"
    assert catalog("pl").n("grunwald.plural.ducats", 5) == "5 dukatów"
    assert catalog("en").n("grunwald.plural.ducats", 1) == "1 ducat"


def test_every_key_used_in_the_code_exists():
    from referee.core import registry

    prefixes = "|".join(["core", "cli", *(g.text_prefix for g in registry.games())])
    used = set()
    for path in (ROOT / "referee").rglob("*.py"):
        used |= set(re.findall(rf'"((?:{prefixes})\.[a-z_]+\.[a-z0-9_]+)"', path.read_text()))
    en = catalog("en")
    missing = {k for k in used if not k.endswith(".toml") and not en.has(k)
               and not any(en.has(f"{k}.{form}") for form in PLURAL_FORMS)}
    assert not missing, missing


def test_polish_uses_the_games_own_words():
    pl = " ".join(catalog("pl").entries.values())
    for word in ("Rycerze koronni", "zaciężn", "Krzyżac", "prowiant", "dukat", "pomocnik",
                 "obozowisk", "Dowódca", "Kwatermistrz"):
        assert word in pl, word


def test_polish_uses_kajkos_own_words():
    pl = " ".join(v for k, v in catalog("pl").entries.items() if k.startswith("kajko."))
    for word in ("zbójcerze", "rozbójnicy z Jomsborga", "podstępny szambelan", "moneta w ręku",
                 "grodu", "Dusigrosz"):
        assert word in pl, word


def test_the_help_texts_name_the_games_from_the_registry():
    """Help texts that speak of the games take them from the registry (no edit for a new game)."""
    from referee.core import registry

    for lang in LANGUAGES:
        t = catalog(lang)
        params = registry.help_params(t)
        for key, text in t.entries.items():
            if key.startswith("cli.help."):
                filled = text.format(**params)  # every placeholder is one help_params fills
                for g in registry.games():
                    assert g.title not in text and f" {g.aliases[0]} " not in f" {text} ", key
        assert "grunwald (Na Grunwald!, " in params["games"] and "kajko" in params["names"]
        assert "dusigrosz" in params["variants"] and "Kajko i Kokosz" in params["hint_games"]
        assert "{" not in filled


def test_a_game_has_its_own_words_for_a_cli_text_else_the_shared_ones():
    for lang in LANGUAGES:
        t = catalog(lang)
        assert t.game_key("grunwald", "cli.secret_undo") == "grunwald.cli.secret_undo"
        assert t.game_key("kajko", "cli.secret_undo") == "core.cli.secret_undo"
    assert "potyczki" in catalog("pl").for_game("grunwald", "cli.undo_secret")
    assert "skirmish" not in catalog("en").for_game("kajko", "cli.undo_secret")
    core = " ".join(v for k, v in catalog("en").entries.items() if k.startswith(("core.", "cli.")))
    for word in ("skirmish", "Kajko", "Grunwald", "dusigrosz"):  # the shared texts name no game
        assert word not in core, word
