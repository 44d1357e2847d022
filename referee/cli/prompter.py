"""Answers a game dialog's questions with real questionary prompts (the one UI seam).

Every question runs through ``interrupt.ask`` (questionary's ``unsafe_ask`` with the signals
handled), so Ctrl-C raises ``KeyboardInterrupt`` instead of silently
returning ``None``: the play loop has persisted every confirmed action, so the session stays
resumable exactly where it was.  Tests drive these same prompts through prompt_toolkit's pipe
input; ``before_question`` lets them type the answer for each question just in time.

Whether anybody can answer is decided here, once (``interactive``): the prompter a command builds
for the real terminal (``Prompter.for_terminal``) refuses to ask when stdin is not a terminal, in
one line that says what to pass instead (exit 2), before anything is changed.  A prompter built
directly (tests, scripted demos) answers through whatever input it is given.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

from rich.cells import cell_len
from rich.console import Console

from referee.cli import interrupt
from referee.cli.render import render
from referee.core.dialog import (
    Choice,
    Confirm,
    Invalid,
    Notice,
    Private,
    Public,
    Question,
    Secret,
    Select,
    Text,
)
from referee.core.errors import UsageError
from referee.core.report import Board, Line, Report, wrap_words

SHORTCUTS = "1234567890abcdefghijklmnopqrstuvwxyz"
#: clears the visible screen AND the terminal's scrollback (ESC[3J), cursor home: what a private
#: moment leaves behind is gone, also for a player who scrolls back
CLEAR = "\x1b[H\x1b[2J\x1b[3J"


def shortcut_keys(choices: list[Any]) -> list[str | None]:
    """The key of each choice: its own stable key, else the next free one (``None`` past 36)."""
    taken = {c.key for c in choices if c.key}
    free = iter(k for k in SHORTCUTS if k not in taken)
    return [c.key or next(free, None) for c in choices]


class FixRequested(Exception):
    """The table pressed the correction key (``FIX_KEY``) at a question of ``play`` (issue 23):
    the entry being asked is left and ``referee fix`` starts."""


#: the key that starts a correction of an earlier entry during ``play`` (Ctrl-F: a control key,
#: so it never takes a menu's letter or a typed character, and means the same at every question)
FIX_KEY = "c-f"
_FIX = object()


def _fix_binding(question: Any) -> None:
    """``FIX_KEY`` leaves the question with ``_FIX``."""
    from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings

    bindings = KeyBindings()

    @bindings.add(FIX_KEY, eager=True)
    def fix(event: Any) -> None:
        event.app.exit(result=_FIX)

    app = question.application
    app.key_bindings = merge_key_bindings([app.key_bindings, bindings])


class NoTerminal(UsageError):
    """A command would ask the table, but nobody can answer: stdin is not a terminal."""


def interactive() -> bool:
    """Whether questions can be answered at all: stdin is a terminal."""
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (ValueError, OSError):  # closed
        return False


class Prompter:
    def __init__(self, console: Console, lang: str | None = None) -> None:
        from referee.core.text import catalog, language_from_env

        self.console = console
        self.t = catalog(lang or language_from_env())
        #: called with each question before it is asked (tests type their answer here)
        self.before_question: Callable[[Question], None] | None = None
        #: the error (catalog key, params) to give instead of asking without a terminal
        #: (``None``: ask whatever the input is)
        self.refusal: tuple[str, dict[str, Any]] | None = None
        #: lines drawn since the entry began (its board, notices, answered questions): what
        #: is left of the screen under them is the room of the next menu
        self.drawn = 0
        #: what an entry draws before its first question (its board, the news), and its rows
        self.head: Report = []
        self.head_rows = 0
        self.asked = 0  # questions answered since the head was drawn
        self.in_entry = False  # an entry of a game is being asked (``new_entry``)
        #: what was typed at the last text question, as typed (kept with the session until the
        #: entry is complete, so that an interrupted entry resumes where it stopped)
        self.typed = ""
        #: the table plays open (``--open``): private moments are not opened, nothing is cleared
        self.open = False
        #: whose private moment is open (``None``: none)
        self.private: str | None = None
        #: ``FIX_KEY`` starts a correction (``play``, issue 23): ``ask`` raises ``FixRequested``
        self.fix_key = False
        #: the memory aid's lines left out of the head to make room for a question (``fold``)
        self.folded: Report = []
        #: the head's blocks that are the news (the last entry's report, drawn by the play loop,
        #: not by the entry): once read (a question answered, a page turned under it) or when
        #: even a short page of the menu would push the header off, folded like the memory aid
        self.news: Report = []
        self.stale = False  # the head is not on the screen (the folded aid is): draw it again
        #: seconds a question waits before it appears after a notice (an answer the referee gave
        #: itself: "only choice"): a key meant for the question it answered, pressed a moment
        #: later, is thrown away, never answers the next one; a question on the screen takes
        #: every key (issue 22).  ``for_terminal`` sets it (``GRACE``)
        self.grace = 0.0
        self.after_notice = False

    @classmethod
    def for_terminal(cls, console: Console, lang: str | None, refusal: str, **params: Any
                     ) -> Prompter:
        """The prompter of a command run by people: without a terminal it refuses with
        ``refusal`` (a ``core.cli.no_terminal_*`` text that names the flag to pass instead)."""
        prompter = cls(console, lang)
        prompter.refusal = (refusal, params)
        prompter.grace = grace()
        return prompter

    def require(self) -> None:
        """Refuse now (``NoTerminal``, exit 2) if questions could not be answered: commands call
        it before a change that questions would follow; ``ask`` calls it before every question."""
        if self.refusal is not None and not interactive():
            key, params = self.refusal
            raise NoTerminal(key, **params)

    def ask(self, q: Question) -> Any:
        import questionary

        if isinstance(q, (Private, Public)):
            return self.moment(q)
        if isinstance(q, Notice):
            self.show(q.report, board=True)
            self.after_notice = bool(q.report)
            return None
        self.require()
        if isinstance(q, Select):
            return self._select(q)
        if isinstance(q, (Text, Secret)):
            def validate(text: str) -> bool | str:
                try:
                    q.parse(text)
                except Invalid as exc:
                    return refusal_text(str(exc), self.console.width)
                return True

            ask = questionary.password if isinstance(q, Secret) else questionary.text
            # (a masked field shows its instruction too, as the plain one does: issue 22 trial)
            kwargs: dict[str, Any] = {"instruction": q.instruction} if q.instruction else {}
            question = ask(wrap_message(q.message, self.console.width, hint_room(q)), validate=validate,
                           default=q.default, **kwargs)
            _clear_when_refused(question)
            if self.fix_key:
                _fix_binding(question)
            _tall_refusals(question)
            self.prepare(q)
            self._begin(q, question.application)
            text = interrupt.ask(question.application)
            self.answered()
            if text is _FIX:
                raise FixRequested
            self.typed = text
            return q.parse(text)
        if isinstance(q, Confirm):
            # A two-choice menu: its key answers at once (Polish tables press t for "tak"), and
            # Enter alone takes the default, which is "no" unless the question says otherwise.
            yes, no = confirm_choices(self.t.lang)
            choices = [questionary.Choice(title=self.t("core.cli.yes"), value=True, shortcut_key=yes),
                       questionary.Choice(title=self.t("core.cli.no"), value=False, shortcut_key=no)]
            message = wrap_message(q.message, self.console.width)
            question = questionary.select(message, choices=choices,
                                          use_shortcuts=True, use_jk_keys=False,
                                          default=choices[0 if q.default else 1],
                                          instruction=self.t("core.cli.select_hint"))
            _one_key(question, [yes, no])
            _wrap_answer(question, message, self.console.width)
            self.prepare(q)
            self._begin(q, question.application)
            answer = bool(interrupt.ask(question.application))
            self.answered()
            return answer
        raise TypeError(q)

    # -- what is on the screen (issue 22): a question, its options and what decides the answer fit
    # the terminal; a long menu is shown a page at a time, the next page one key away

    # -- private moments (issue 22): one player's facts on a shared screen

    def moment(self, q: Private | Public) -> None:
        """Open a private moment (``Private``): clear the screen, say whose moment it is, wait
        for that player's Enter; close it (``Public``): clear the screen and the scrollback.  A
        table that plays open does neither."""
        import questionary

        if isinstance(q, Public):
            self.leave_private()
            return None
        if self.open:
            return None
        self.require()
        self.private = q.player
        # (room under the board for it: the screen test draws it so, issue 22)
        self.prepare(Select(q.key, q.message, [Choice(self.t("core.private.ready"), True)]))
        # asked under the table's board (it stays in sight while the others look away); the
        # screen is cleared once the player is alone at it, before anything of theirs is shown
        begun = False
        while True:
            look = questionary.select(wrap_message(q.message, self.console.width), choices=[
                questionary.Choice(title=self.t("core.private.ready"), value=True)], use_shortcuts=False,
                use_jk_keys=False, instruction=" ")
            if self.folded:
                _aid_key(look)  # (the board's memory aid, folded: ``?`` shows it here too)
            if self.fix_key:  # (issue 23: Ctrl-F at every question of play, this one too)
                _fix_binding(look)
            if not begun:
                self._begin(q, look.application)  # keys typed ahead never pass the look-away question
                begun = True
            answer = interrupt.ask(look.application)
            if answer is _FIX:
                self.private = None  # (the moment never opened: nothing private was shown)
                raise FixRequested
            if answer != SHOW_AID:
                break
            self.show_folded(Select(q.key, q.message, [Choice(self.t("core.private.ready"), True)]))
        self.clear()
        return None

    def leave_private(self) -> None:
        """Close the private moment if one is open (also when a moment ends with Ctrl-C or an
        error: nothing of it stays on the screen)."""
        if self.private is not None:
            self.private = None
            self.clear()

    def clear(self) -> None:
        """Clear the screen and the terminal's scrollback (nothing drawn is on it any more: the
        next board is the head of what follows)."""
        self.drawn, self.head, self.head_rows, self.asked = 0, [], 0, 0
        self.folded, self.stale, self.news = [], False, []
        file = self.console.file
        try:
            file.write(CLEAR)
            file.flush()
        except (OSError, ValueError):  # a closed terminal: nothing left to clear
            pass


    def new_entry(self) -> None:
        """An entry begins (its board is drawn next): count the lines drawn from here."""
        self.drawn, self.head, self.head_rows, self.asked = 0, [], 0, 0
        self.folded, self.stale, self.news = [], False, []
        self.in_entry = True

    def show(self, report: Any, console: Console | None = None, board: bool = False) -> None:
        """Draw a report above the next question (and count its rows).  What is drawn before the
        entry's first question is its head (the board, the news), and so is a board drawn
        later in the entry (a map with the choices' keys on it): it is drawn again when a
        question would push it off the screen.  ``board``: drawn by the entry (a ``Notice``),
        else it is the play loop's news (``news``)."""
        n = drawn_rows(report, console or self.console, self.console.width)
        if self.in_entry and (not self.asked or any(isinstance(block, Board) for block in report)):
            if self.asked:  # a new board: it is the head from here
                self.head, self.head_rows, self.asked = [], 0, 0
                self.folded, self.stale, self.news = [], False, []
            self.head += list(report)
            if not board:
                self.news += list(report)
            self.head_rows += n
        self.drawn += n

    def height(self) -> int:
        return self.console.height or HEIGHT

    def prepare(self, q: Any) -> tuple[list[int], int, bool]:
        """Make room for ``q`` under its head: when the question and its options would push the
        head off the screen, the screen is cleared and the head drawn again.  For a menu: the
        choices shown first (their indices), the first one's index, and whether more follow
        (see ``page``)."""
        width = self.console.width
        count = len(q.choices) if isinstance(q, Select) else 2 if isinstance(q, Confirm) else 0
        need = message_rows(q.message, width, text_hint(q)) + count
        self.fold(q)
        if self.head and (self.stale or (self.drawn > self.head_rows and self.drawn + need > self.height())):
            self.redraw()
        if isinstance(q, Select):
            return page(q, self.above(), self.height(), width)
        return [], 0, False

    def fold(self, q: Any) -> None:
        """Issue 22: when the head (the board, the news) and the question ``q`` with all its
        choices do not fit the screen together, the board's memory aid (``--hints``: its lines
        of style ``aid``) is left out of the head, one line in its place saying that ``?`` shows
        it; the head is drawn again at once (``stale``).  What decides the answer stays in view.
        So is the news (a long fight report), once it was read (a question answered under it, a
        page turned) or when even a short page of the menu would push the header off."""
        width = self.console.width
        need = message_rows(q.message, width, text_hint(q)) + (
            sum(label_rows(c.label, width) for c in q.choices) if isinstance(q, Select)
            else 2 if isinstance(q, Confirm) else 0)
        if not self.head or self.head_rows + need <= self.height():
            return
        if any(_is_aid(block) for block in self.head):  # (once folded, none is left in it)
            self._fold(_is_aid, "core.cli.aid_folded")
        news = self.news
        if news and (self.asked or self.head_rows + shortest(q, width) > self.height()):
            self._fold(lambda block: any(block is n for n in news), "core.cli.news_folded")
            self.news = []

    def _fold(self, folding: Callable[[Any], bool], key: str) -> None:
        """The head's blocks ``folding`` says are to go: one line (``key``) in their place."""
        at = next(i for i, block in enumerate(self.head) if folding(block))
        self.folded += [block for block in self.head if folding(block)]
        head = [block for block in self.head if not folding(block)]
        head.insert(at, Line(self.t(key), "muted"))
        self.head, self.head_rows, self.stale = head, rows(head, self.console.width), True

    def redraw(self) -> None:
        """The screen cleared, the head drawn again at its top."""
        self.console.clear()
        render(self.head, self.console, compact=True)
        self.drawn, self.stale = self.head_rows, False

    def show_folded(self, q: Any = None) -> None:
        """``?`` at a menu (``q``): the memory aid that was folded, on a clear screen under the
        entry's header and as much of its head as leaves ``q`` room, the menu under it (the head
        is drawn again before the next question).  Issue 22 trial: the aid alone was drawn, and
        the turn header and the table were gone until the next entry."""
        width = self.console.width
        room = self.height() - rows(self.folded, width) - (shortest(q, width) if q is not None else 0)
        head: Report = []
        for block in self.head:  # (the header, the head's first block, always)
            if head and rows([*head, block], width) > room:
                break
            head.append(block)
        shown = [*head, *self.folded]
        self.console.clear()
        render(shown, self.console, compact=True)
        self.drawn, self.stale = rows(shown, width), True

    def above(self) -> int:
        """The rows a menu must leave room for: those of the entry drawn so far (none outside a
        game's entry: there, only a menu taller than the screen is paginated)."""
        return self.drawn if self.head else 0

    def _begin(self, q: Any, app: Any) -> None:
        """Whatever was typed before the question ``app`` asks appears is thrown away (issue 22:
        keys typed ahead, or across a question the referee answered itself, never answer it):
        what is queued now, and again at the last moment before its first screen goes out to
        the terminal (a table keeps typing while it is built and drawn: on a busy machine that
        takes tens of milliseconds), so that the keys typed once it is on the screen, and only
        those, answer it; then the tests' ``before_question`` types its answer.  Keys typed
        ahead are not echoed meanwhile (``quiet_echo``)."""
        quiet_echo()
        if self.grace > 0 and self.after_notice:
            # an answer the referee gave itself was just said: the question waits ``grace``
            # before it appears, and the keys typed meanwhile (still meant for the answered
            # question) are thrown away with the rest; once shown, it takes every key at once
            import time

            time.sleep(self.grace)
        self.after_notice = False
        discard_typed_ahead()
        renderer = app.renderer
        drawn: list[bool] = []
        real = renderer.output

        class FirstScreen:
            """The renderer's output while it draws the question's first screen."""

            def __getattr__(self, name: str) -> Any:
                return getattr(real, name)

            def flush(self) -> None:
                renderer.output = real
                discard_typed_ahead(app)
                real.flush()

        def drawing(_: Any) -> None:
            if not drawn:
                renderer.output = FirstScreen()

        def shown(_: Any) -> None:
            if drawn:  # (every later redraw)
                return
            drawn.append(True)
            if renderer.output is not real:  # (a first screen that sent nothing)
                renderer.output = real
                discard_typed_ahead(app)
            if self.before_question is not None:
                self.before_question(q)

        app.before_render += drawing
        app.after_render += shown

    def answered(self, rows: int = 1) -> None:
        """A question was answered: it stays as one line (``rows``: as many as it takes)."""
        self.drawn += rows
        self.asked += 1

    def _select(self, q: Select) -> Any:
        import questionary

        keys = shortcut_keys(q.choices)
        more_key = next_page_key(keys)
        shown, start, more = self.prepare(q)
        begun = False
        while True:
            page_keys = [keys[i] for i in shown]
            shortcuts = all(page_keys) and (more_key is not None or not more)
            choices = [questionary.Choice(title=wrap_label(q.choices[i].label, self.console.width), value=i,
                                          shortcut_key=keys[i] if shortcuts else True) for i in shown]
            if more:
                choices.append(questionary.Choice(title=self.t("core.cli.more"),
                                                  value=MORE, shortcut_key=more_key if shortcuts else True))
            default = _default_index(q)
            message = wrap_message(q.message, self.console.width)
            question = questionary.select(
                message, choices=choices, use_shortcuts=shortcuts,
                use_jk_keys=False, use_arrow_keys=True,
                # (questionary finds the default among the choices' values, ints here; its stubs say str)
                default=default if default in shown else None,  # type: ignore[arg-type]
                instruction=self.t("core.cli.select_hint"))
            _wrap_answer(question, message, self.console.width)
            if shortcuts:
                others = [(key, i, q.choices[i].label) for i, key in enumerate(keys)
                          if i not in shown and key]
                _one_key(question, [k for k in page_keys if k] + ([more_key] if more and more_key else []), others)
            if not q.safe_default:  # no safe choice: Enter alone takes nothing (issue 22)
                _no_blind_enter(question)
            if self.fix_key:
                _fix_binding(question)
            if self.folded:
                _aid_key(question)
            if not begun:  # the next page's keys may be typed at once after "more"
                self._begin(q, question.application)
                begun = True
            index = interrupt.ask(question.application)
            if index is _FIX:
                self.answered()
                raise FixRequested
            if index == SHOW_AID:  # the memory aid, then the same menu again under it
                self.show_folded(q)
                shown, start, more = page(q, self.above(), self.height(), self.console.width, start)
                continue
            title = self.t("core.cli.more") if index == MORE else q.choices[index].label
            self.answered(answered_rows(message, answer_text(title, message, self.console.width)))
            if index != MORE:
                return q.choices[index].value
            if self.head:  # (issue 22: page turns never push the header off; the news, read, folds)
                self.fold(q)
                self.redraw()
            shown, start, more = page(q, self.above(), self.height(), self.console.width,
                                      start + len(shown))


HEIGHT = 24  # the terminal's rows when it does not say (the smallest the referee is made for)
#: a menu's page shows at least this many choices (a smaller terminal scrolls instead)
MIN_PAGE = 2
MORE = -1  # the choice that shows the next page
MORE_KEYS = "mzyxwvtsrqponlkjihgfedcba"  # its key: the first no choice of the menu has
SHOW_AID = -2  # ``?``: the memory aid folded away (``Prompter.fold``)
AID_KEY = "?"


def _is_aid(block: Any) -> bool:
    return isinstance(block, Line) and block.style == "aid"


def _aid_key(question: Any) -> None:
    """``?`` shows the memory aid folded away to make room for the menu."""
    from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings

    bindings = KeyBindings()

    @bindings.add(AID_KEY, eager=True)
    def show(event: Any) -> None:
        event.app.exit(result=SHOW_AID)

    app = question.application
    app.key_bindings = merge_key_bindings([app.key_bindings, bindings])


def next_page_key(keys: list[str | None]) -> str | None:
    """The key of "more": the first letter no choice has (``None`` when every letter is a choice's:
    the menu is then answered with the arrows)."""
    return next((k for k in MORE_KEYS if k not in keys), None)


def drawn_rows(report: Any, console: Console, width: int) -> int:
    """Draw ``report`` on ``console`` and return how many rows it takes ``width`` columns wide
    (``rows``), counted from what was drawn: laid out once, not again on a probe (issue 27)."""
    if console.record or console.width != width:  # (a console that records for its own use)
        render(report, console, compact=True)
        return rows(report, width)
    console.record = True
    try:
        render(report, console, compact=True)
    finally:
        text = console.export_text(clear=True)
        console.record = False
    return sum(max(1, -(-cell_len(line) // width)) for line in text.splitlines())


def rows(report: Any, width: int) -> int:
    """How many terminal rows ``report`` takes when drawn ``width`` columns wide."""
    import io

    drawn = io.StringIO()
    probe = Console(file=drawn, width=width, color_system=None, highlight=False,
                    markup=False, emoji=False)
    render(report, probe, compact=True)
    return sum(max(1, -(-cell_len(line) // width)) for line in drawn.getvalue().splitlines())


def shortest(q: Any, width: int) -> int:
    """The rows of ``q`` with the shortest page of its choices (``page``'s floor)."""
    sizes = [label_rows(c.label, width) for c in q.choices] if isinstance(q, Select) else \
        [1, 1] if isinstance(q, Confirm) else []
    shown = sum(sizes) if len(sizes) <= MIN_PAGE + 1 else sum(sizes[:MIN_PAGE]) + 1
    return message_rows(q.message, width, text_hint(q)) + shown


def text_hint(q: Any) -> str:
    """What questionary draws after a question's text: a menu's hint (as wide as the widest
    language's), a text field's instruction (a masked one's too) and room for what is
    typed (``ANSWER_ROOM``: a typed answer is not cut in the middle of a word)."""
    if isinstance(q, Text):
        return (f" {q.instruction} " if q.instruction else "") + " " * ANSWER_ROOM
    return " " * HINT_ROOM


#: the columns a text question's last line leaves for what is typed (else it is typed on a line
#: of its own)
ANSWER_ROOM = 24


def answer_text(title: str, message: str, width: int) -> str:
    """A menu's answer as the answered question shows it (``? <message> <answer>``): after the
    question's last line when it fits there, else on the lines under it, broken between words
    (issue 22: the terminal would cut a word in two)."""
    text = title.replace("\n" + " " * LABEL_INDENT, " ")  # (a label wrapped for the menu)
    last = message.split("\n")[-1]
    used = (0 if "\n" in message else 2) + cell_len(last) + 1
    if used + cell_len(text) <= width:
        return text
    lines = wrap_words(text, max(20, width - 2), break_long_words=False, break_on_hyphens=False)
    return "\n" + "\n".join("  " + line for line in lines)


def answered_rows(message: str, answer: str) -> int:
    """The rows an answered question takes (``answer_text``'s answer)."""
    return message.count("\n") + answer.count("\n") + 1


def refusal_text(text: str, width: int) -> str:
    """A refused answer's reason broken between words to fit ``width`` (issue 22: it was cut at
    80 columns); a list too long for a line (ids joined by commas) breaks after a comma."""
    room = max(20, width - 1)
    words = [w.replace(",", ", ") if cell_len(w) > room else w for w in text.split(" ")]
    return "\n".join(wrap_words(" ".join(words), room, break_long_words=True,
                                 break_on_hyphens=False)) or text


def hint_room(q: Any) -> int:
    """The room the last line of a question's text leaves for what follows it."""
    return cell_len(text_hint(q).split("\n")[0]) + 1


def message_rows(message: str, width: int, hint: str = " " * 28) -> int:
    """The rows of a question's text and what follows it (``text_hint``)."""
    first = hint.split("\n")[0]
    lines = f"? {wrap_message(message, width, cell_len(first) + 1)}{hint}".split("\n")
    return sum(max(1, -(-cell_len(line) // width)) for line in lines)


def wrap_message(message: str, width: int, hint: int = 0) -> str:
    """The question's text broken between words to fit ``width`` after questionary's ``? ``
    (the terminal would cut a word in two), leaving room for the menu's hint on its last line."""
    lines: list[str] = []
    for paragraph in message.split("\n"):
        lines += wrap_words(paragraph, max(20, width - 2), break_long_words=False,
                            break_on_hyphens=False) or [""]
    if lines and cell_len(lines[-1]) + (hint or HINT_ROOM) > width - 2:
        lines.append("")  # the hint on a line of its own
    return "\n".join(lines)


HINT_ROOM = 28  # " (a key, or ↑↓ and Enter)" and its Polish twin, with the spaces around


def page(q: Any, drawn: int, height: int, width: int, start: int | None = None
         ) -> tuple[list[int], int, bool]:
    """The choices of ``q`` shown now (their indices), the first one's index, and whether more
    follow: all when they fit under the ``drawn`` lines, else a page (from ``start``; first time:
    the page holding the default) with "more" as its last line."""
    count = len(q.choices)
    sizes = [label_rows(c.label, width) for c in q.choices]
    room = height - drawn - message_rows(q.message, width, text_hint(q))
    if sum(sizes) <= room or count <= MIN_PAGE + 1:
        return list(range(count)), 0, False
    def end_of(first: int) -> int:  # a page from ``first``, as long as the room allows
        used, i = 0, first
        while i < count and (i - first < MIN_PAGE or used + sizes[i] <= room - 1):
            used += sizes[i]
            i += 1
        return i

    if start is None:  # the page holding the default
        default, start = _default_index(q) or 0, 0
        while end_of(start) <= default:
            start = end_of(start)
    elif start >= count:  # after the last page, the first again
        start = 0
    return list(range(start, end_of(start))), start, True


LABEL_INDENT = 6  # " » 1) " before a choice's label


def wrap_label(label: str, width: int) -> str:
    """A choice's label broken between words to fit after its key (continued under it)."""
    lines = wrap_words(label, max(20, width - LABEL_INDENT), break_long_words=False,
                       break_on_hyphens=False) or [label]
    return ("\n" + " " * LABEL_INDENT).join(lines)


def label_rows(label: str, width: int) -> int:
    return wrap_label(label, width).count("\n") + 1


def discard_typed_ahead(app: Any = None) -> None:
    """Throw away what was typed before the question appeared (issue 22): keys pressed ahead, or
    across a question the referee answered itself, would otherwise answer this one, often for
    the next player.  prompt_toolkit's own type-ahead store (keys the last prompt read but did
    not use) is cleared; on a terminal outside a question (cooked mode: a half-typed line is not
    readable yet) the kernel's input queue is read with the line discipline off for a moment and
    flushed (``_typed_on_terminal``); otherwise (a question being drawn: raw mode; a pipe: tests,
    scripts) the input is read until empty.  ``app``: the question just drawn, which asked the
    terminal where its cursor is: that answer (a cursor position report, not a key) is handed
    back to it, only the keys are dropped.  A Ctrl-C among what is thrown away still stops
    (``interrupt.typed_ahead``, issue 24): before a question, as ``KeyboardInterrupt``; while
    ``app`` is drawn, by closing it with one."""
    import os
    import select

    from prompt_toolkit.application.current import get_app_session
    from prompt_toolkit.input.typeahead import get_typeahead

    ahead: list[str] = []
    try:
        source = get_app_session().input
        ahead += [key.data for key in get_typeahead(source)]  # (the store is empty after)
        fd = source.fileno()
    except (NotImplementedError, ValueError, OSError, AttributeError):
        interrupt.typed_ahead("".join(ahead))
        return  # no input to flush (the prompt itself says what is wrong with it)
    read = b""
    failed: tuple[type[Exception], ...] = (OSError, ValueError)
    tty: Any = None  # termios, where there is one
    try:
        import termios

        tty, failed = termios, (*failed, termios.error)
    except ImportError:  # (Windows: a pipe is read until empty, a console is left as it is)
        pass
    try:
        if app is None and tty is not None and os.isatty(fd):
            ahead.append(_typed_on_terminal(fd))
        else:
            while select.select([fd], [], [], 0)[0]:
                chunk = os.read(fd, 4096)
                if not chunk:
                    break  # end of input: nothing more to throw away
                read += chunk
    except failed:
        pass  # a closed input: nothing more to flush
    if app is not None:
        _give_back_cursor_reports(app, read)
    interrupt.typed_ahead("".join(ahead) + read.decode("latin-1"), app)


def _typed_on_terminal(fd: int) -> str:
    """Empty the terminal's input queue, and say what was in it: what was typed in raw mode
    after the last question stopped reading, or a line not yet ended (read with the line
    discipline off for a moment; a Ctrl-C typed meanwhile is still a signal)."""
    import os
    import termios

    mode = termios.tcgetattr(fd)
    reading = [*mode[:6], list(mode[6])]
    reading[3] &= ~termios.ICANON
    reading[6][termios.VMIN], reading[6][termios.VTIME] = 0, 0
    typed = b""
    termios.tcsetattr(fd, termios.TCSANOW, reading)
    try:
        for _ in range(64):  # (a bound: keys pasted for ever are not read for ever)
            chunk = os.read(fd, 4096)
            if not chunk:
                break
            typed += chunk
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, mode)
        termios.tcflush(fd, termios.TCIFLUSH)
    return typed.decode("latin-1")


def _wrap_answer(question: Any, message: str, width: int) -> None:
    """The answer a menu shows once answered, broken between words (``answer_text``)."""
    from questionary import Choice as Shown
    from questionary.prompts.common import InquirerControl

    control = next(c for c in question.application.layout.find_all_controls()
                   if isinstance(c, InquirerControl))
    pointed = control.get_pointed_at

    def get_pointed_at() -> Any:
        choice = pointed()
        if not control.is_answered or not isinstance(choice.title, str):
            return choice
        return Shown(title=answer_text(choice.title, message, width), value=choice.value)

    control.get_pointed_at = get_pointed_at  # type: ignore[method-assign]


def _tall_refusals(question: Any) -> None:
    """The line under a text field that says why an answer was refused is as tall as the reason
    (prompt_toolkit's is one row: the rest was cut); ``refusal_text`` breaks it between words.
    No taller: on a terminal that says where its cursor is, the spare rows under the question
    went to it, and the reason stood ten rows under its field (issue 22 trial)."""
    from prompt_toolkit.filters import to_filter
    from prompt_toolkit.filters.app import has_validation_error
    from prompt_toolkit.layout.containers import ConditionalContainer, Window
    from prompt_toolkit.layout.controls import BufferControl

    for container in question.application.layout.walk():
        if isinstance(container, ConditionalContainer) and container.filter is has_validation_error \
                and isinstance(container.content, Window):
            container.content.height = None
            container.content.dont_extend_height = to_filter(True)
        elif isinstance(container, Window) and isinstance(container.content, BufferControl):
            container.dont_extend_height = to_filter(True)  # (the field: the reason right under it)


def _give_back_cursor_reports(app: Any, read: bytes) -> None:
    """The terminal's cursor position reports (``ESC[row;colR``) among the keys thrown away go
    back to the question that asked for them (without one it would wait for it when it ends)."""
    import re

    from prompt_toolkit.key_binding.key_processor import KeyPress
    from prompt_toolkit.keys import Keys

    reports = re.findall(r"\x1b\[\d+;\d+R", read.decode("utf-8", "replace"))
    if reports:
        app.key_processor.feed_multiple([KeyPress(Keys.CPRResponse, r) for r in reports])
        app.key_processor.process_keys()


#: the terminal's settings before the referee stopped echoing typed-ahead keys (issue 22)
_echoing: list[Any] = []


def quiet_echo() -> None:
    """Between two questions the terminal is in its ordinary mode, where a key typed ahead is
    echoed at the cursor: it showed up on the shared screen (a masked draw typed ahead, in
    clear), pushed the next question's text aside, and vanished when the question appeared
    (issue 22).  From the first question on the terminal stops echoing (every question draws
    what it is typed itself); its settings are restored when the referee ends."""
    if _echoing:
        return
    try:
        import termios
    except ImportError:  # no termios (Windows): nothing to quiet
        return
    import atexit
    import os

    from prompt_toolkit.application.current import get_app_session

    try:
        fd = get_app_session().input.fileno()
        if not os.isatty(fd):
            return
        before = termios.tcgetattr(fd)
        if not before[3] & termios.ECHO:
            return
        quiet = [*before[:6], list(before[6])]
        quiet[3] &= ~termios.ECHO
        termios.tcsetattr(fd, termios.TCSANOW, quiet)
    except (termios.error, NotImplementedError, ValueError, OSError, AttributeError):
        return  # no terminal after all: nothing to quiet
    _echoing.append((fd, before))

    def restore() -> None:
        try:
            termios.tcsetattr(fd, termios.TCSANOW, before)
        except (termios.error, OSError, ValueError):  # the terminal is gone
            pass

    atexit.register(restore)


def _default_index(q: Select) -> int | None:
    """The index of the menu's safe default (``Select.default``), highlighted first (issue 22)."""
    default = getattr(q, "default", None)
    if default is None:
        return None
    return next((i for i, c in enumerate(q.choices) if c.value is default or c.value == default), None)


def _clear_when_refused(question: Any) -> None:
    """A refused answer is cleared from the field (issue 22): in a masked field nobody could
    see what was left there, and the next answer was typed after it.  The refusal stays in
    view until a new answer is accepted."""
    from prompt_toolkit.buffer import ValidationState
    from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings

    app = question.application
    buffer = app.layout.current_buffer
    if buffer is None:
        return
    refusal: list[Any] = []
    bindings = KeyBindings()

    @bindings.add("enter", eager=True)
    def enter(event: Any) -> None:
        if buffer.validate(set_cursor=True):
            buffer.validate_and_handle()
            return
        refusal[:] = [buffer.validation_error]
        buffer.reset()  # the field is empty again ...
        buffer.validation_error = refusal[0]  # ... and says why
        # (judged: a validation the answer started while it was typed, still to run, would
        # judge the empty field instead and say something else — issue 22 trial, "9" and Enter)
        buffer.validation_state = ValidationState.INVALID

    def keep_refusal(_: Any) -> None:
        if refusal and buffer.validation_error is None:
            buffer.validation_error = refusal[0]

    buffer.on_text_changed += keep_refusal
    app.key_bindings = merge_key_bindings([app.key_bindings, bindings])


def _one_key(question: Any, keys: list[str], others: Sequence[tuple[str, Any, str]] = ()) -> None:
    """Make each choice's key answer the menu at once (issue 16: a key, not a key and Enter),
    exactly as Enter on that choice would: the menu then shows the answer, not the list.
    ``others``: (key, value, label) of a long menu's choices on its other pages, whose keys
    answer too (issue 22: a key means the same thing on every page)."""
    from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings
    from questionary import Choice as Shown
    from questionary.prompts.common import InquirerControl

    app = question.application
    control = next(c for c in app.layout.find_all_controls() if isinstance(c, InquirerControl))
    bindings = KeyBindings()
    for index, key in enumerate(keys):
        def choose(event: Any, index: int = index) -> None:
            control.pointed_at = index
            control.is_answered = True
            event.app.exit(result=control.get_pointed_at().value)

        bindings.add(key, eager=True)(choose)
    for key, value, label in others:
        def elsewhere(event: Any, value: Any = value, label: str = label) -> None:
            control.choices.append(Shown(title=label, value=value))  # the answer shows its label
            control.pointed_at = len(control.choices) - 1
            control.is_answered = True
            event.app.exit(result=value)

        bindings.add(key, eager=True)(elsewhere)
    # the later bindings win over questionary's own (which only move the pointer)
    app.key_bindings = merge_key_bindings([app.key_bindings, bindings])


#: seconds a question waits before it appears just after a notice (an automatic answer): keys typed
#: meanwhile are thrown away (``Prompter.grace``)
GRACE = 0.8


def grace() -> float:
    """``GRACE``, or ``REFEREE_KEY_GRACE`` (seconds; scripted terminals in tests set 0)."""
    import os

    try:
        return max(0.0, float(os.environ.get("REFEREE_KEY_GRACE", GRACE)))
    except ValueError:
        return GRACE


def _no_blind_enter(question: Any) -> None:
    """A menu without a safe choice (``Select.safe_default`` false: a turn's actions, each does
    something): Enter alone does nothing until the highlight was moved (arrows) — a table pressing
    Enter out of habit (after a look-away question, say) never takes the first action (issue 22).
    Its keys answer as ever; Enter after a move takes what is highlighted."""
    from prompt_toolkit.filters import Condition
    from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings
    from prompt_toolkit.keys import Keys
    from questionary.prompts.common import InquirerControl

    app = question.application
    control = next(c for c in app.layout.find_all_controls() if isinstance(c, InquirerControl))
    moved: list[bool] = []

    def moving(step: Callable[[], None]) -> Callable[[], None]:
        def move() -> None:
            moved.append(True)
            step()

        return move

    control.select_next = moving(control.select_next)  # type: ignore[method-assign]
    control.select_previous = moving(control.select_previous)  # type: ignore[method-assign]
    bindings = KeyBindings()

    @bindings.add(Keys.ControlM, eager=True, filter=Condition(lambda: not moved))
    def _ignored(event: Any) -> None:
        """Enter on the highlight nobody chose: nothing happens."""

    app.key_bindings = merge_key_bindings([app.key_bindings, bindings])


def confirm_choices(lang: str) -> tuple[str, str]:
    """The keys of yes and no."""
    return ("t", "n") if lang == "pl" else ("y", "n")


def keys_for(q: Question, answer: Any, lang: str = "en") -> str:
    """The keystrokes that give ``answer`` to ``q`` (used by tests and scripted demos)."""
    if isinstance(q, Private):
        return "\r"  # the player alone at the screen presses Enter
    if isinstance(q, Select):
        index = next(i for i, c in enumerate(q.choices) if c.value is answer or c.value == answer)
        key = shortcut_keys(q.choices)[index]
        return key if key and all(shortcut_keys(q.choices)) else "\x1b[B" * index + "\r"
    if isinstance(q, Confirm):
        yes, no = confirm_choices(lang)
        return yes if answer else no
    if getattr(q, "default", ""):
        return f"\x15{answer}\r"  # Ctrl-U clears what the field holds first
    return f"{answer}\r"
