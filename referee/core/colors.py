"""The colours a player may have (issue 24, fault 4): a fixed list of names, or ``#rrggbb``.

A record's ``colors`` and ``new --colors`` are checked against it, and a renderer turns only such
a colour into a style: anything else a record could carry (``blink``, ``conceal``, ``link
https://…``, ``bold red``) would reach the terminal as a style, not a colour."""

from __future__ import annotations

import re
from typing import Any

#: the names (the terminal's sixteen colours, and purple)
NAMES = ("red", "green", "yellow", "blue", "magenta", "cyan", "white", "black", "purple",
         "bright_red", "bright_green", "bright_yellow", "bright_blue", "bright_magenta",
         "bright_cyan", "bright_white", "bright_black")
_NAMES = frozenset(NAMES)
_HEX = re.compile(r"#[0-9a-fA-F]{6}")


def is_color(value: Any) -> bool:
    """Whether ``value`` is a colour of the list (a name, or ``#rrggbb``)."""
    return type(value) is str and (value in _NAMES or _HEX.fullmatch(value) is not None)
