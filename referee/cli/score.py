"""``referee score``: the end-of-game calculator for a game tracked on paper.

Asked at the table, every question after the first offers a way back to the previous one
(``u``: a menu's **← Back** choice, or typed where a number or a name is typed): the answers given
so far are kept, the game's questions are asked again from the start with them (so a question that
depends on an earlier answer is asked as that answer now says) and the table continues one
question earlier."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from referee.core import dialog as dialogs
from referee.core import jsonio, registry
from referee.core.errors import from_file
from referee.core.game import Calculator
from referee.core.text import Catalog, catalog

#: what is typed (or the menu key pressed) to go back to the previous question
BACK_KEY = "u"


def run(file: Path | None, *, as_json: bool, game_name: str | None, lang: str,
        prompter: Any = None, root: Path | None = None) -> None:
    """Score ``file`` (else ask at the table).  ``root``: the data folder, where a score asked at
    the table may be kept (the table is asked; without ``root`` it is not)."""
    from referee.cli.render import plain_console, render

    t = catalog(lang)
    console = plain_console() if prompter is None else prompter.console
    if file is not None:
        with from_file(file):
            document = jsonio.loads(jsonio.read_text(file))
            game = registry.for_document(document, game_name)
    else:
        from referee.cli.prompter import Prompter

        game = registry.find(game_name)
        prompter = prompter or Prompter.for_terminal(console, lang, "core.cli.no_terminal_score")
        document = run_with_back(lambda: cast(Calculator, game).ask_inventory(t), prompter.ask, t)
    calc = cast(Calculator, game)  # (a game without a calculator refuses: core.cli.no_calculator)
    with from_file(file):
        output, result = calc.score(document)
    if as_json:
        sys.stdout.write(jsonio.dumps_line(output) + "\n")
    else:
        render(calc.score_notes(output, t) + calc.score_report(result, list(output["players"]), t),
               console)
    if file is None and root is not None:
        offer_to_keep(document, root, prompter, t, console)


def offer_to_keep(document: dict[str, Any], root: Path, prompter: Any, t: Catalog,
                  console: Any) -> None:
    """Ask whether to keep the score just asked at the table (default Yes: answered by a stray
    Enter, a kept file costs a ``rm``; not kept, the table's answers are lost for good)."""
    from referee.cli.render import render
    from referee.core.report import Line
    from referee.store import scores
    from referee.store.sessions import now

    if not prompter.ask(dialogs.Confirm("score.keep", t("core.cli.score_keep"), default=True)):
        return
    path = scores.keep(root, document, now()[:10])
    render([Line(t("core.cli.score_kept", path=str(path)), "good")], console)


def list_kept(root: Path, *, as_json: bool, lang: str) -> None:
    """``score --list``: the kept scores, oldest first; a damaged one is named with its error."""
    from referee.cli.render import plain_console, render
    from referee.core.report import Line, Table
    from referee.store import scores

    rows = scores.entries(root)
    if as_json:
        sys.stdout.write(jsonio.dumps_line({"scores": [
            {k: (v.render(lang) if k == "error" else v) for k, v in r.items()} for r in rows]}) + "\n")
        return
    t = catalog(lang)
    console = plain_console()
    good = [r for r in rows if not r.get("damaged")]
    report: list[Any] = []
    if good:
        report.append(Table(t("core.cli.score_list_title"), [
            t("core.cli.score_list_file"), t("core.cli.score_list_game"),
            t("core.cli.score_list_players"), t("core.cli.score_list_winners")], [
            [r["id"], registry.get(r["game"]).info.title, ", ".join(r["players"]),
             ", ".join(r["result"]["winners"])] for r in good]))
    else:
        report.append(Line(t("core.cli.score_list_none", folder=str(scores.folder_of(root)))))
    for r in rows:
        if r.get("damaged"):
            report.append(Line(r["error"].render(lang), "bad"))
    render(report, console)


def run_with_back(make: Callable[[], dialogs.Dialog], ask: Callable[[dialogs.Question], Any],
                  t: Catalog) -> Any:
    """Drive the dialog ``make()`` builds, as ``dialogs.run`` does, offering **← Back** on every
    question after the first.  Going back starts a fresh dialog and gives it the answers kept, all
    but the last (what it shows on the way, ``Notice``, is not shown again)."""
    answers: list[Any] = []
    while True:
        dialog = make()
        given = 0
        went_back = False
        try:
            question = next(dialog)
            while True:
                if isinstance(question, dialogs.Notice):
                    answer = ask(question) if given == len(answers) else None
                elif given < len(answers):
                    answer = answers[given]
                    given += 1
                else:
                    answer = ask(_with_back(question, t)) if answers else ask(question)
                    if answer is dialogs.BACK:
                        answers.pop()
                        went_back = True
                        break
                    answers.append(answer)
                    given += 1
                question = dialog.send(answer)
        except StopIteration as stop:
            return stop.value
        finally:
            if went_back:
                dialog.close()


def _with_back(q: dialogs.Question, t: Catalog) -> dialogs.Question:
    """``q`` with a way back to the previous question."""
    back = t("core.cli.score_back")
    if isinstance(q, dialogs.Select):
        key = BACK_KEY if all(c.key != BACK_KEY for c in q.choices) else None
        return dialogs.Select(q.key, q.message, [*q.choices, dialogs.Choice(back, dialogs.BACK, key)])
    if isinstance(q, dialogs.Confirm):
        from referee.cli.prompter import confirm_choices

        yes, no = confirm_choices(t.lang)
        return dialogs.Select(q.key, q.message, [
            *sorted([dialogs.Choice(t("core.cli.yes"), True, yes), dialogs.Choice(t("core.cli.no"), False, no)],
                    key=lambda c: not c.value if q.default else c.value),
            dialogs.Choice(back, dialogs.BACK, BACK_KEY)])
    if isinstance(q, dialogs.Text):  # (and Secret) typed: u goes back
        parse = q.parse

        def parse_or_back(text: str) -> Any:
            if text.strip().lower() == BACK_KEY:
                return dialogs.BACK
            return parse(text)

        hint = t("core.cli.score_back_hint", key=BACK_KEY)
        instruction = f"{q.instruction} · {hint}" if q.instruction else hint
        return type(q)(q.key, q.message, parse_or_back, instruction)
    return q
