"""Issue 22 trial (Kajko i Kokosz, 5 players, ``--hints``): ``?`` at a menu whose memory aid was
folded away redrew the screen as the aid and the menu alone — the turn header and the table were
gone until the next entry.  ``?`` keeps the header on the screen, with the aid under it, in every
game that has a memory aid (real prompts on an 80×24 pyte terminal)."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from referee.cli.prompter import AID_KEY, Prompter
from referee.core import dialog as dialogs
from referee.core import registry
from referee.core.report import Line
from referee.core.text import catalog
from tests.screen import rich_lines
from tests.terminal import Terminal

NAMES = ["Ola", "Bartek", "Ewa", "Kuba", "Lena"]
COLORS = ["red", "blue", "green", "yellow", "magenta"]


def _first_menu_folds(game, state, t, names) -> bool:
    """Whether the entry's first menu folds the memory aid away at 80×24."""
    prompter = Prompter(Console(file=io.StringIO(), width=80, height=24, color_system=None), t.lang)
    prompter.open = True
    prompter.new_entry()
    dialog = game.dialog(state, t, dict(zip(names, COLORS)), hints=True)
    try:
        q = next(dialog)
        while not isinstance(q, dialogs.Select):
            if not isinstance(q, (dialogs.Notice, dialogs.Private, dialogs.Public)):
                return False
            if isinstance(q, dialogs.Notice):
                prompter.show(q.report, board=True)
            q = dialog.send(None)
    except StopIteration:
        return False
    finally:
        dialog.close()
    prompter.prepare(q)
    return bool(prompter.folded)


def _folding_entry(game, names, t, entries=200):
    """A random playout's first state whose first menu folds the aid (``None``: none does)."""
    rng = random.Random(0)
    state, _ = game.parse_record(game.new_record(names, {})).replay()
    for _ in range(entries):
        if game.is_over(state):
            return None
        if _first_menu_folds(game, state, t, names):
            return state
        game.apply(state, game.random_action(state, rng))
    return None


@pytest.mark.parametrize(("name", "count"), [("kajko-kokosz", 5), ("war-chest", 4), ("war-chest", 2)])
@pytest.mark.parametrize("lang", ["en", "pl"])
def test_issue22_the_aid_key_keeps_the_turn_header_on_the_screen(name, count, lang):
    game, t = registry.get(name), catalog(lang)
    names = NAMES[:count]
    state = _folding_entry(game, names, t)
    assert state is not None, "no entry folds the memory aid"
    term = Terminal()
    seen: list[str] = []
    header: list[str] = []
    aid: list[str] = []
    with term.session() as pipe:
        # (a terminal: the console clears the screen, as the table's does)
        console = Console(file=term, width=80, height=24, force_terminal=True, color_system=None,
                          highlight=False, markup=False, emoji=False)
        prompter = Prompter(console, lang)
        prompter.open = True

        def typist(q):
            if isinstance(q, dialogs.Select):
                pipe.send_text(AID_KEY)

                def look() -> None:  # (the screen once ? has drawn the aid, or after 10 s:
                    # a fixed wait failed on a busy machine before the redraw was done)
                    seen.append(term.display())
                    pipe.send_text("\x03")

                term.once_shown(aid[-1].strip() if aid else "", look)
            else:
                pipe.send_text("\x03")

        prompter.before_question = typist
        prompter.new_entry()
        dialog = game.dialog(state, t, dict(zip(names, COLORS)), hints=True)
        q = next(dialog)
        with pytest.raises(KeyboardInterrupt):
            while True:
                if isinstance(q, dialogs.Notice):
                    lines = [line.strip() for line in rich_lines(q.report) if line.strip()]
                    header.extend(lines[:1])
                    aid.extend(line.text for line in q.report
                               if isinstance(line, Line) and line.style == "aid")
                q = dialog.send(prompter.ask(q))
    assert seen and header and aid
    shown = seen[0]
    assert aid[-1].strip() in shown, f"? did not show the aid:\n{shown}"
    assert header[0] in shown, f"{name} {count}p {lang}: the header is gone after ?:\n{shown}"
