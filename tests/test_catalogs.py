"""The English and Polish catalogs are complete and consistent with the code."""

from __future__ import annotations

import re
import string
from pathlib import Path

from referee.core.text import LANGUAGES, catalog

ROOT = Path(__file__).resolve().parent.parent


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_language_has_every_key_with_the_same_placeholders():
    en = catalog("en").entries
    for lang in LANGUAGES:
        entries = catalog(lang).entries
        assert set(entries) == set(en), (lang, set(en) ^ set(entries))
        for key, text in entries.items():
            assert placeholders(text) == placeholders(en[key]), (lang, key)


def test_every_key_used_in_the_code_exists():
    used = set()
    for path in (ROOT / "referee").rglob("*.py"):
        used |= set(re.findall(r'"((?:core|cli|grunwald)\.[a-z_]+\.[a-z0-9_]+)"', path.read_text()))
    missing = {k for k in used if not k.endswith(".toml") and not catalog("en").has(k)}
    assert not missing, missing


def test_polish_uses_the_games_own_words():
    pl = " ".join(catalog("pl").entries.values())
    for word in ("Rycerze koronni", "zaciężn", "Krzyżac", "prowiant", "dukat", "pomocnik",
                 "obozowisk", "Dowódca", "Kwatermistrz"):
        assert word in pl, word
