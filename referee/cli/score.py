"""``referee score``: the end-of-game calculator for a game tracked on paper."""

from __future__ import annotations

import sys
from pathlib import Path

from referee import games
from referee.core import dialog as dialogs
from referee.core import jsonio
from referee.core.errors import RecordError
from referee.core.text import catalog


def run(file: Path | None, *, as_json: bool, game_name: str | None, lang: str) -> None:
    from rich.console import Console

    from referee.cli.render import render

    t = catalog(lang)
    console = Console(highlight=False)
    if file is not None:
        try:
            document = jsonio.loads(jsonio.read_text(file))
        except RecordError as error:
            error.source = str(file)
            raise
        name = document.get("game") if isinstance(document, dict) else None
        try:
            game = games.get(name if isinstance(name, str) else (game_name or games.DEFAULT))
        except KeyError:
            raise RecordError(None, "game", "core.record.unknown_game", value=str(name)[:40],
                              known=", ".join(games.names())) from None
    else:
        from referee.cli.prompter import Prompter

        game = games.find(game_name)
        document = dialogs.run(game.ask_inventory(t), Prompter(console, lang).ask)
    try:
        output, result = game.score(document)
    except RecordError as error:
        error.source = str(file) if file is not None else None
        raise
    if as_json:
        sys.stdout.write(jsonio.dumps_line(output) + "\n")
        return
    render(game.score_report(result, list(output["players"]), t), console)
