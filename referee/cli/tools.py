"""``referee battle`` and ``referee cards``: a game's table tools (its battle calculator, its card
table).  The game does the work (``Game.battle_tool``, ``Game.cards_dialog``, ``Game.check_cards``,
``Game.cards_file``; the store reads and writes the cards file); here the game is looked up and
the result drawn.  A game without the tool is refused with a usage error."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from referee.core import dialog as dialogs
from referee.core import jsonio, registry
from referee.core.errors import UsageError
from referee.core.text import catalog
from referee.store.cards import read_cards, write_cards


def _tool(game_name: str | None, member: str, command: str) -> Any:
    if game_name is None:  # without --game: the only game that has the tool, if only one has it
        having = [g for g in registry.games() if getattr(g, member, None) is not None]
        if len(having) == 1:
            return having[0]
    game = registry.find(game_name)
    if getattr(game, member, None) is None:
        raise UsageError("core.cli.no_tool", game=game.info.title, command=command)
    return game


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

    game = _tool(game_name, "cards_dialog", "cards")
    t = catalog(lang)
    document = read_cards(game, data_dir)  # refused before any question when malformed
    console = Console(highlight=False)
    prompter = Prompter.for_terminal(console, lang, "core.cli.no_terminal_cards")
    new = dialogs.run(game.cards_dialog(t, document), prompter.ask)
    if new is None:
        console.print(t("core.cli.cards_unchanged"))
        return
    path = write_cards(game, data_dir, new)
    console.print(t("core.cli.cards_saved", path=str(path)))
