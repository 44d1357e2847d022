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


def test_polish_uses_the_rulebooks_words():
    pl = " ".join(v for k, v in catalog("pl").entries.items() if k.startswith("warchest."))
    for word in ("szton", "woreczk", "pul", "pozycj", "inicjatyw", "rozstawia", "Gwardzist",
                 "Kapłan", "Rycerz", "wzmocnion", "sojuszniczy", "Piechur", "zespo"):
        assert word in pl, word
