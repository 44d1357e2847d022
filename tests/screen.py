"""An 80×24 terminal for screen tests (issue 22 part 3): what the play loop draws — the board and
the notices with the real Rich renderer, each question as questionary draws it — fed to a pyte
screen, and the checks every question must pass there."""

from __future__ import annotations

import io
import random
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from rich.console import Console

from referee.cli import prompter as prompting
from referee.cli.render import render
from referee.core import dialog as dialogs
from referee.core.text import catalog

WIDTH, HEIGHT = 80, 24
#: answers tried, in turn, at a text question of a random walk (the first one its parse accepts)
TEXTS = ["", "5 2", "6 1", "5 3", "4 3 2", "3 2", "1", "2", "Event", "2 HC, 1 LB, 2 SB, 2 PK"]


def rich_lines(report, console_width: int = WIDTH) -> list[str]:
    """The report as the play loop draws it, line by line (as a terminal of that width shows it:
    a line longer than the terminal continues on the next one)."""
    buffer = io.StringIO()
    console = Console(file=buffer, width=console_width, height=HEIGHT, color_system=None,
                      highlight=False, markup=False, emoji=False, force_terminal=False)
    render(report, console)
    return buffer.getvalue().splitlines()


def question_lines(q, t, shown: list[int], more: bool) -> tuple[list[str], list[str]]:
    """The lines questionary draws for ``q`` (the question, its page of choices), with
    the prompter's page of choices (``shown``, ``more``); and the lines it leaves once answered
    with its first choice (``answered`` gives them for another answer)."""
    if isinstance(q, (dialogs.Select, dialogs.Confirm)):
        hint = t("core.cli.select_hint")
        if isinstance(q, dialogs.Confirm):
            yes, no = prompting.confirm_choices(t.lang)
            labels = [(t("core.cli.yes"), yes), (t("core.cli.no"), no)]
            more = False
        else:
            keys = prompting.shortcut_keys(q.choices)
            labels = [(prompting.wrap_label(q.choices[i].label, WIDTH), keys[i]) for i in shown]
            if more:
                labels.append((t("core.cli.more"), prompting.next_page_key(keys)))
            if not all(k for _, k in labels):
                labels = [(label, None) for label, _ in labels]
        head = f"? {prompting.wrap_message(q.message, WIDTH)} {hint}"
        lines = head.split("\n")
        for i, (label, key) in enumerate(labels):
            pointer = "»" if i == 0 else " "
            lines += (f" {pointer} {key}) {label}" if key else f" {pointer} {label}").split("\n")
        return lines, answered(q, labels[0][0] if labels else "")
    hint = prompting.text_hint(q)
    head = f"? {prompting.wrap_message(q.message, WIDTH, prompting.hint_room(q))}{hint}"
    return head.split("\n"), answered(q, "")


def answered(q, answer: str, t=None) -> list[str]:
    """The lines a question leaves once answered: the question and the answer after it, as the
    prompter draws them (a menu's answer: ``answer_text``; a typed one: after the field's
    instruction, masked with ``*`` in a secret field)."""
    if isinstance(q, (dialogs.Select, dialogs.Confirm)):
        message = prompting.wrap_message(q.message, WIDTH)
        return f"? {message} {prompting.answer_text(answer, message, WIDTH)}".split("\n")
    message = prompting.wrap_message(q.message, WIDTH, prompting.hint_room(q))
    typed = "*" * len(answer) if isinstance(q, dialogs.Secret) else answer
    # (a masked field shows its instruction too: ``text_hint``, as the prompter asks it)
    instruction = f" {q.instruction} " if isinstance(q, dialogs.Text) and q.instruction else ""
    return f"? {message} {instruction}{typed}".split("\n")


def _answer_label(q, answer, t) -> str:
    if isinstance(q, dialogs.Confirm):
        return t("core.cli.yes") if answer else t("core.cli.no")
    if isinstance(q, dialogs.Select):
        return next(c.label for c in q.choices if c.value is answer or c.value == answer)
    return _typed.get(id(q), "")


_typed: dict[int, str] = {}  # what the random walk typed at a text question


class Terminal:
    """The screen of one table: every row drawn (a line longer than the screen continues on the
    next row, as a terminal shows it; a clear screen starts afresh), the last HEIGHT rows in
    view.  It is the file of the table's Rich console, which draws plain text on it."""

    def __init__(self) -> None:
        self.rows: list[str] = []
        self.cut: list[str] = []  # lines longer than the screen (a word cut in two)
        self._partial = ""

    @property
    def count(self) -> int:
        return len(self.rows)

    def write(self, text: str) -> int:
        text = text.replace("\x1b[H", "").replace("\x1b[3J", "")  # (the scrollback: none here)
        while "\x1b[2J" in text:
            before, text = text.split("\x1b[2J", 1)
            self.write(before)
            self.rows, self._partial = [], ""
        assert "\x1b" not in text, repr(text)
        *full, self._partial = (self._partial + text).split("\n")
        self.draw(full)
        return len(text)

    def flush(self) -> None:
        pass

    def draw(self, lines: list[str]) -> tuple[int, int]:
        """Draw lines; the rows they took (first, last)."""
        first = len(self.rows)
        for line in lines:
            if cell_len(line) > WIDTH:
                self.cut.append(line)
            self.rows += [line[i:i + WIDTH] for i in range(0, max(1, cell_len(line)), WIDTH)] or [""]
        return first, len(self.rows) - 1

    def erase_from(self, row: int) -> None:
        """The prompt redraws itself from ``row`` (an answered question collapses)."""
        del self.rows[row:]

    def visible(self, row: int) -> bool:
        return row >= len(self.rows) - HEIGHT

    def text(self) -> str:
        return "\n".join(self.rows[-HEIGHT:])


@dataclass
class Fault:
    game: str
    lang: str
    players: int
    question: str
    what: str
    screen: str
    head_fits: bool = True  # False: the board and the news alone leave no room for the question

    def __str__(self) -> str:
        return f"{self.game} {self.lang} {self.players}p {self.question}: {self.what}\n{self.screen}"


def table(lang: str) -> tuple[Terminal, prompting.Prompter]:
    """An 80×24 terminal and the prompter of the play loop drawing on it."""
    term = Terminal()
    console = Console(file=term, width=WIDTH, height=HEIGHT, force_terminal=True, color_system=None,
                      highlight=False, markup=False, emoji=False, legacy_windows=False)
    return term, prompting.Prompter(console, lang)


def walk(game, state, t, rng: random.Random, hints: bool, term: Terminal, prompter, news: list,
         faults: list[Fault], where: tuple[str, str, int], limit: int = 40) -> None:
    """Ask the questions of one entry as the play loop does, answering at random, drawing each
    on ``term``; every question is checked when it appears."""
    dialog = game.dialog(state, t, dict(zip(state.names, ["red", "blue", "green", "yellow", "magenta"])),
                         hints=hints)
    prompter.new_entry()
    last_text = None
    try:
        q = next(dialog)
        for _ in range(limit):
            if isinstance(q, (dialogs.Private, dialogs.Public)):
                if isinstance(q, dialogs.Private):  # the look-away question, under the board
                    look = dialogs.Select(q.key, q.message, [dialogs.Choice(t("core.private.ready"), True)])
                    shown, _, more = prompter.prepare(look)
                    lines, _ = question_lines(look, t, shown, more)
                    first, last = term.draw(lines)
                    header = len(term.rows) - prompter.drawn - (last - first + 1)
                    _check(look, lines, first, header, term, faults, where, _head_fits(look, prompter))
                prompter.clear()  # the moment starts (or ends) on a clear screen
                answer = None
            elif isinstance(q, dialogs.Notice):
                prompter.ask(q)
                if news:
                    prompter.show(news)
                    news.clear()
                answer = None
            else:
                if news:
                    prompter.show(news)
                    news.clear()
                if not isinstance(q, (dialogs.Select, dialogs.Confirm)):
                    if q.key == last_text:
                        return  # asked again: the random answer was refused
                    last_text = q.key
                shown, _, more = prompter.prepare(q)
                lines, _ = question_lines(q, t, shown, more)
                first, last = term.draw(lines)
                header = len(term.rows) - prompter.drawn - (last - first + 1)
                _check(q, lines, first, header, term, faults, where, _head_fits(q, prompter))
                answer = _answer(q, rng, t, faults, where)
                if answer is _STOP:
                    return
                term.erase_from(first)
                left = answered(q, _answer_label(q, answer, t))
                term.draw(left)  # the question collapses to its answer
                prompter.answered(len(left) if isinstance(q, dialogs.Select) else 1)
            q = dialog.send(answer)
    except StopIteration:
        return
    finally:
        dialog.close()


_STOP = object()


def _answer(q, rng: random.Random, t=None, faults: list[Fault] | None = None, where=None) -> Any:
    if isinstance(q, dialogs.Select):
        values = [c.value for c in q.choices if c.value is not dialogs.UNDO and c.value is not dialogs.BACK]
        return rng.choice(values) if values else _STOP
    if isinstance(q, dialogs.Confirm):
        return rng.random() < 0.5
    for text in TEXTS:
        try:
            value = q.parse(text)
        except dialogs.Invalid as refused:
            # the refusal under the field, as the prompter draws it: broken between words
            for line in prompting.refusal_text(str(refused), WIDTH).split("\n"):
                if cell_len(line) > WIDTH and faults is not None:
                    game, lang, players = where
                    faults.append(Fault(game, lang, players, q.key, f"a refusal is cut: {line!r}", ""))
            continue
        if value is not dialogs.UNDO and value is not dialogs.BACK:
            _typed[id(q)] = text
            return value
    return _STOP


def _head_fits(q, prompter) -> bool:
    """Whether the entry's head (its board, the news), the question and the smallest page of
    its choices fit the screen together: if not, the board is too tall for 80×24."""
    need = prompting.message_rows(q.message, WIDTH, prompting.text_hint(q))
    if isinstance(q, dialogs.Select):
        sizes = [prompting.label_rows(c.label, WIDTH) for c in q.choices]
        need += sum(sizes) if len(sizes) <= prompting.MIN_PAGE + 1 else sum(sizes[:prompting.MIN_PAGE]) + 1
    elif isinstance(q, dialogs.Confirm):
        need += 2
    return prompter.head_rows + need <= HEIGHT


def _check(q, lines, first, header, term: Terminal, faults: list[Fault], where, head_fits=True) -> None:
    game, lang, players = where

    def fault(what: str) -> None:
        faults.append(Fault(game, lang, players, q.key, what, term.text(), head_fits))

    if not term.visible(first):
        fault("the question's first line is off the screen")
    if not term.visible(header):
        fault(f"the header is off the screen ({term.count - HEIGHT - header} rows)")
    for line in [*lines, *term.cut]:
        if cell_len(line) > WIDTH:
            fault(f"a line is cut: {line!r}")
    term.cut.clear()


def play(game, seed: int, count: int, lang: str, hints: bool, entries: int | None = None) -> list[Fault]:
    """A random playout of ``game`` whose every question is drawn and checked (``entries``: stop
    after that many)."""
    rng = random.Random(seed)
    t = catalog(lang)
    names = ["Ola", "Bartek", "Ewa", "Kuba", "Lena"][:count]
    state, _ = game.parse_record(game.new_record(names, {})).replay()
    faults: list[Fault] = []
    term, prompter = table(lang)
    news: list = []
    n = 0
    while not game.is_over(state) and (entries is None or n < entries):
        walk(game, state, t, rng, hints, term, prompter, news, faults, (game.name, lang, count))
        action = game.random_action(state, rng)
        marker = game.news_marker(state)
        game.apply(state, action)
        news[:] = game.news(t, marker, state)
        n += 1
    return faults
