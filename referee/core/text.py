"""User-facing text catalogs (``prompts/*.toml``, shipped as ``referee.prompts``).

A catalog is a flat namespace of dotted keys; each game adds its own files
(``core.en.toml``, ``grunwald.en.toml`` …), so a new game never edits another game's text.
Values use ``str.format`` placeholders.
"""

from __future__ import annotations

import os
import tomllib
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee.core.errors import RefereeError

LANGUAGES = ("en", "pl")
DEFAULT_LANGUAGE = "en"


def language_from_env(explicit: str | None = None) -> str:
    """The language to use: an explicit choice, else ``REFEREE_LANG``, else English."""
    lang = (explicit or os.environ.get("REFEREE_LANG") or DEFAULT_LANGUAGE).strip().lower()
    return lang if lang in LANGUAGES else DEFAULT_LANGUAGE


def _flatten(prefix: str, table: dict[str, Any], out: dict[str, str]) -> None:
    for key, value in table.items():
        full = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict):
            _flatten(full, value, out)
        else:
            out[full] = str(value)


class Catalog:
    def __init__(self, lang: str, entries: dict[str, str], fallback: "Catalog | None") -> None:
        self.lang = lang
        self.entries = entries
        self.fallback = fallback

    def has(self, key: str) -> bool:
        return key in self.entries or (self.fallback is not None and self.fallback.has(key))

    def raw(self, key: str) -> str:
        if key in self.entries:
            return self.entries[key]
        if self.fallback is not None:
            return self.fallback.raw(key)
        raise KeyError(f"no text for {key!r} in the {self.lang} catalog")

    def __call__(self, key: str, /, **params: Any) -> str:
        return self.raw(key).format(**params)

    def render_error(self, error: "RefereeError", bare: bool = False) -> str:
        """One line: ``location: rule: message`` (``bare`` gives the message alone)."""
        from referee.core.errors import RecordError

        message = self(error.key, **error.params)
        if bare or not isinstance(error, RecordError):
            return message
        parts = [p for p in (error.location, error.rule) if p]
        return ": ".join([*parts, message])


def _load_entries(lang: str) -> dict[str, str]:
    entries: dict[str, str] = {}
    folder = resources.files("referee.prompts")
    for item in sorted(folder.iterdir(), key=lambda p: p.name):
        name = item.name
        if name.endswith(f".{lang}.toml"):
            _flatten("", tomllib.loads(item.read_text(encoding="utf-8")), entries)
    return entries


@lru_cache(maxsize=None)
def catalog(lang: str = DEFAULT_LANGUAGE) -> Catalog:
    lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
    fallback = None if lang == DEFAULT_LANGUAGE else catalog(DEFAULT_LANGUAGE)
    return Catalog(lang, _load_entries(lang), fallback)
