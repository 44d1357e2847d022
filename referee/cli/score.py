"""``referee score``: the end-of-game calculator for a game tracked on paper."""

from __future__ import annotations

import sys
from pathlib import Path

from referee.core import registry
from referee.core import dialog as dialogs
from referee.core import jsonio
from referee.core.errors import from_file
from referee.core.text import catalog


def run(file: Path | None, *, as_json: bool, game_name: str | None, lang: str) -> None:
    from referee.cli.render import plain_console, render

    t = catalog(lang)
    console = plain_console()
    if file is not None:
        with from_file(file):
            document = jsonio.loads(jsonio.read_text(file))
            game = registry.for_document(document, game_name)
    else:
        from referee.cli.prompter import Prompter

        game = registry.find(game_name)
        prompter = Prompter.for_terminal(console, lang, "core.cli.no_terminal_score")
        document = dialogs.run(game.ask_inventory(t), prompter.ask)
    with from_file(file):
        output, result = game.score(document)
    if as_json:
        sys.stdout.write(jsonio.dumps_line(output) + "\n")
        return
    render(game.score_report(result, list(output["players"]), t), console)
