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
    used = set()
    for path in (ROOT / "referee").rglob("*.py"):
        used |= set(re.findall(r'"((?:core|cli|grunwald|kajko)\.[a-z_]+\.[a-z0-9_]+)"', path.read_text()))
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
