"""User-facing text catalogs: ``<namespace>.<lang>.toml`` files of dotted keys.

The shared texts (``core``, ``cli``) are in ``prompts/`` (shipped as ``referee.prompts``); each game's
live with the game, in ``referee/games/<game>/prompts/`` (its namespace is its folder's name), so
a new game is a new folder and never edits another's text.  A game defined outside
``referee/games`` (a plugin, a test's game) names its folder: ``add_folder(namespace, folder)``
(the registry does it for a game's ``catalog_dir``).  Where a game has its own words for a text of
the CLI, ``<text_prefix>.cli.<key>`` replaces ``core.cli.<key>`` (``Catalog.game_key``).  Values
use ``str.format`` placeholders.

A number inside a sentence agrees with its noun in one of two ways.  A text about one number is a
plural key (``key.one``/``key.few``/``key.many``/``key.other``, read with ``Catalog.n``).  A text
with several numbers, or one built by code that passes plain parameters (a rule error), spells the
word's forms inline: ``{need} {need:plural:knight|knights}`` in English (one|other),
``{need} {need:plural:rycerz|rycerze|rycerzy}`` in Polish (one|few|many): the number's CLDR
category picks the form (``plural_form``).
"""

from __future__ import annotations

import os
import string
import tomllib
from functools import cache
from pathlib import Path
from typing import Any, Protocol, overload

LANGUAGES = ("en", "pl")
DEFAULT_LANGUAGE = "en"


PLURAL_FORMS = ("one", "few", "many", "other")


def plural_form(lang: str, n: int) -> str:
    """CLDR plural categories for the languages we ship."""
    n = abs(n)
    if lang == "pl":
        if n == 1:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    return "one" if n == 1 else "other"


#: the order of a language's inline plural forms (``{x:plural:a|b|c}``)
INLINE_FORMS = {"en": ("one", "other"), "pl": ("one", "few", "many")}
PLURAL_SPEC = "plural:"


def inline_plural(lang: str, count: object, spec: str) -> str:
    """The form of ``spec`` (``one|few|many``, the language's order) that agrees with ``count``."""
    forms = spec.split("|")
    order = INLINE_FORMS.get(lang, INLINE_FORMS[DEFAULT_LANGUAGE])
    try:
        number = int(count)  # type: ignore[call-overload]
    except (TypeError, ValueError):
        return forms[-1]
    category = plural_form(lang, number)
    index = order.index(category) if category in order else len(order) - 1
    return forms[min(index, len(forms) - 1)]


class Message(Protocol):
    """What ``Catalog.render_error`` reads of an error (``referee.core.errors.RefereeError``: the
    errors import this module, so it names them by shape, not by import)."""

    key: str
    params: dict[str, Any]


class _Formatter(string.Formatter):
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec.startswith(PLURAL_SPEC):
            return inline_plural(self.lang, value, format_spec[len(PLURAL_SPEC):])
        return format(value, format_spec)  # what string.Formatter.format_field does


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


#: namespaces whose files a game defined elsewhere keeps in a folder of its own: namespace -> folder
_folders: dict[str, Path] = {}
#: the games' folders (``referee/games``: each game's texts are in its ``prompts/``)
_GAMES = Path(__file__).resolve().parent.parent / "games"


def _folder_of(namespace: str) -> Path:
    """Where a namespace's files are: a folder added for it, else the game folder of that name's
    ``prompts/``, else the shared ``prompts/``."""
    folder = _folders.get(namespace)
    if folder is None:
        own = _GAMES / namespace / "prompts"
        folder = own if own.is_dir() else _prompts_folder()
    return folder


def add_folder(namespace: str, folder: Path) -> None:
    """Read the ``<namespace>.<lang>.toml`` files from ``folder`` (a game's own catalogs)."""
    _folders[namespace] = Path(folder)
    _forget(namespace)


def remove_folder(namespace: str) -> None:
    if _folders.pop(namespace, None) is not None:
        _forget(namespace)


def _forget(namespace: str) -> None:
    for lang in LANGUAGES:  # the catalogs read so far read this namespace again on next use
        catalog(lang)._namespaces.pop(namespace, None)


class Catalog:
    """The texts of one language.  A key's first segment names its file (``game.error.x`` lives
    in ``game.<lang>.toml``); files are read on first use, so start-up reads only what it shows."""

    def __init__(self, lang: str, fallback: Catalog | None) -> None:
        self.lang = lang
        self.fallback = fallback
        self._namespaces: dict[str, dict[str, str]] = {}
        self._formatter = _Formatter(lang)

    def format(self, text: str, /, **params: Any) -> str:
        """``text.format(**params)``, with this language's inline plural forms."""
        if PLURAL_SPEC in text:
            return self._formatter.format(text, **params)
        return text.format(**params)

    def _namespace(self, name: str) -> dict[str, str]:
        if name not in self._namespaces:
            entries: dict[str, str] = {}
            item = _folder_of(name) / f"{name}.{self.lang}.toml"
            if item.is_file():
                _flatten("", tomllib.loads(item.read_text(encoding="utf-8")), entries)
            self._namespaces[name] = entries
        return self._namespaces[name]

    @property
    def entries(self) -> dict[str, str]:
        """Every text of this language (all files)."""
        out: dict[str, str] = {}
        suffix = f".{self.lang}.toml"
        games = {p for p in _GAMES.glob("*/prompts") if p.is_dir()}
        for folder in {_prompts_folder(), *games, *_folders.values()}:
            for item in folder.iterdir():
                name = item.name[: -len(suffix)]
                if item.name.endswith(suffix) and _folder_of(name) == folder:
                    out.update(self._namespace(name))
        return out

    def game_key(self, prefix: str, key: str) -> str:
        """The game's own ``<prefix>.<key>`` where it has one, else the shared ``core.<key>``
        (e.g. ``game_key(game.info.text_prefix, "cli.secret_undo")``)."""
        own = f"{prefix}.{key}"
        return own if self.has(own) or self.has_own(f"{own}.other") else f"core.{key}"

    def for_game(self, prefix: str, key: str, /, **params: Any) -> str:
        """The text of ``game_key(prefix, key)``."""
        return self(self.game_key(prefix, key), **params)

    def has(self, key: str) -> bool:
        return key in self._namespace(key.split(".", 1)[0]) or (
            self.fallback is not None and self.fallback.has(key))

    def raw(self, key: str) -> str:
        entries = self._namespace(key.split(".", 1)[0])
        if key in entries:
            return entries[key]
        if self.fallback is not None:
            return self.fallback.raw(key)
        raise KeyError(f"no text for {key!r} in the {self.lang} catalog")

    def __call__(self, key: str, /, **params: Any) -> str:
        return self.format(self.raw(key), **params)

    def n(self, key: str, count: int, /, **params: Any) -> str:
        """A text that agrees with a number: ``key.one``, ``key.few``, ``key.many`` or
        ``key.other``, as the language's plural rules pick (``count`` is passed as ``n``)."""
        form = plural_form(self.lang, count)
        for candidate in (form, "other", "many"):
            full = f"{key}.{candidate}"
            if self.has_own(full):
                return self.format(self.raw(full), n=count, **params)
        return self.fallback.n(key, count, **params) if self.fallback else str(count)

    def has_own(self, key: str) -> bool:
        return key in self._namespace(key.split(".", 1)[0])

    def render_error(self, error: Message, bare: bool = False) -> str:
        """One line: ``location: rule: message`` (``bare`` gives the message alone); a record
        error (one with a ``location``) is prefixed by its file, location and rule id."""
        message = self(error.key, **{k: _cap(v) for k, v in error.params.items()})
        location = getattr(error, "location", None)
        if bare or location is None:
            return message
        parts = [_cap(p) for p in (getattr(error, "source", None), location, getattr(error, "rule", None)) if p]
        return ": ".join([*parts, message])


#: the most of one quoted value (a name, a card, a location) an error line shows
QUOTE_LIMIT = 200


@overload
def _cap(value: str) -> str: ...
@overload
def _cap(value: object) -> object: ...
def _cap(value: object) -> object:
    """A value quoted in an error, cut to ``QUOTE_LIMIT`` characters (a 4,000-character name
    must not make a 4,000-character error line), with every character that is not printable
    escaped (``\\n``, ``\\x85``, ``\\u2028``: an error is one line, whatever a record holds)."""
    if not isinstance(value, str):
        return value
    if len(value) > QUOTE_LIMIT:
        value = value[:QUOTE_LIMIT] + "…"
    if not value.isprintable():
        value = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in value)
    return value


def _prompts_folder() -> Path:
    """The shared catalogs: ``referee/prompts`` when installed, else ``prompts/`` beside the sources
    (plain paths: importing importlib.resources would cost every start-up)."""
    package = Path(__file__).resolve().parent.parent
    installed = package / "prompts"
    if (installed / "core.en.toml").is_file():
        return installed
    return package.parent / "prompts"


@cache
def catalog(lang: str = DEFAULT_LANGUAGE) -> Catalog:
    lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
    fallback = None if lang == DEFAULT_LANGUAGE else catalog(DEFAULT_LANGUAGE)
    return Catalog(lang, fallback)
