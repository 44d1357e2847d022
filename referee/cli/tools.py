"""``referee battle`` and ``referee cards``: a game's table tools (its battle calculator, its card
table).  The game does the work (``Game.battle_tool``, ``Game.cards_dialog``, ``Game.check_cards``,
``Game.cards_file``); here the game is looked up, its cards file read and written, and the result
drawn.  A game without the tool is refused with a usage error."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from referee.core import dialog as dialogs
from referee.core import jsonio, registry
from referee.core.errors import UsageError, from_file
from referee.core.text import catalog


def _tool(game_name: str | None, member: str, command: str) -> Any:
    game = registry.find(game_name)
    if getattr(game, member, None) is None:
        raise UsageError("core.cli.no_tool", game=game.title, command=command)
    return game


def cards_path(game: Any, data_dir: Path) -> Path:
    return data_dir.joinpath(*game.cards_file)


def read_cards(game: Any, data_dir: Path) -> Any | None:
    """The owner's card table document, checked (``None``: there is none yet).  A malformed file
    is refused with its exact place (and left as it is)."""
    path = cards_path(game, data_dir)
    if not path.exists():
        return None
    with from_file(path):
        document = jsonio.loads(jsonio.read_text(path))
        game.check_cards(document)
    return document


def battle(data_dir: Path, *, game_name: str | None, as_json: bool, lang: str, **options: Any) -> None:
    from rich.console import Console

    from referee.cli.render import render

    game = _tool(game_name, "battle_tool", "battle")
    t = catalog(lang)
    data, report = game.battle_tool(t, read_cards(game, data_dir), **options)
    if as_json:
        sys.stdout.write(jsonio.dumps_line(data) + "\n")
        return
    render(report, Console(highlight=False))


def cards(data_dir: Path, *, game_name: str | None, lang: str) -> None:
    from rich.console import Console

    from referee.cli.prompter import Prompter
    from referee.store.storage import atomic_write

    game = _tool(game_name, "cards_dialog", "cards")
    t = catalog(lang)
    document = read_cards(game, data_dir)  # refused before any question when malformed
    console = Console(highlight=False)
    prompter = Prompter.for_terminal(console, lang, "core.cli.no_terminal_cards")
    new = dialogs.run(game.cards_dialog(t, document), prompter.ask)
    if new is None:
        console.print(t("core.cli.cards_unchanged"))
        return
    game.check_cards(new)
    path = cards_path(game, data_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, jsonio.dumps_pretty(new))
    console.print(t("core.cli.cards_saved", path=str(path)))
