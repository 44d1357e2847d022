"""Issue 22 part 3: every question fits 80×24, in every game, at every player count, in both
languages.  Random playouts of each game (the shared suite's way: the game's own random legal
entries) ask every question of every entry as the play loop does — the board and the news drawn
by the real Rich renderer through the real ``Prompter``'s screen keeping, each question as
questionary draws it — on an 80×24 terminal (``tests/screen.py``), answering at random.  When a
question appears, its text and its page of choices are on the screen, no line is cut in the
middle of a word, and the entry's header (the first row of its board) is still in view."""

from __future__ import annotations

import io
import itertools
import random

import pytest
from rich.cells import cell_len
from rich.console import Console

from referee.cli.prompter import Prompter, next_page_key, page, shortcut_keys
from referee.core import registry
from referee.core.dialog import Choice, Notice, Select
from referee.core.report import Line
from tests import screen
from tests.harness import pipe_session
from tests.terminal import Terminal

COMBOS = [(name, count, lang, hints)
          for name in sorted(registry.names())
          for count in registry.get(name).player_counts
          for lang in ("en", "pl")
          for hints in ((False, True) if registry.get(name).has_hints else (False,))]


def _ids(combo) -> str:
    name, count, lang, hints = combo
    return f"{name}-{count}p-{lang}" + ("-hints" if hints else "")


def _faults(name, count, lang, hints, seed, entries=None) -> list[screen.Fault]:
    return screen.play(registry.get(name), seed, count, lang, hints, entries)


def _report(faults) -> str:
    return "\n\n".join(str(f) for f in faults[:3])


@pytest.mark.parametrize("combo", COMBOS, ids=_ids)
def test_every_question_fits_80x24_at_the_start_of_a_game(combo):
    """The first entries of a random game (quick); the whole games are the slow test below."""
    faults = [f for f in _faults(*combo, seed=1, entries=25) if f.head_fits]
    assert not faults, _report(faults)


@pytest.mark.slow
@pytest.mark.parametrize("combo", COMBOS, ids=_ids)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_every_question_of_whole_random_games_fits_80x24(combo, seed):
    faults = [f for f in _faults(*combo, seed=seed) if f.head_fits]
    assert not faults, _report(faults)


@pytest.mark.slow
@pytest.mark.parametrize("combo", COMBOS, ids=_ids)
def test_every_board_leaves_room_for_its_questions(combo):
    """Strict for every game, count, language and memory aid: War Chest's memory aid
    (``--hints``) is folded to one line when a question needs its room (``?`` shows it), Na
    Grunwald!'s field results are a line a field under the board."""
    faults = [f for f in _faults(*combo, seed=0) if not f.head_fits]
    assert not faults, _report(faults)


# -- the real prompts on an 80×24 console


def _prompter(pipe, lang="en"):
    out = io.StringIO()
    return Prompter(Console(file=out, width=80, height=24, color_system=None), lang), out


def _long_menu(n=14):
    return Select("menu", "Where does the Light Cavalry move?",
                  [Choice(f"[{i},{i}] plain", i) for i in range(n)])


def _board(rows=14):
    return [Line("Round 3 — Ola to play", "strong"), *(Line(f"map row {i}") for i in range(rows - 1))]


def test_a_long_menu_under_a_board_is_paginated_and_more_is_one_key_away():
    """The Light Cavalry's 14 destinations under a 14-row map: a page of what fits, then "more"
    (the map's top stays on screen); the next page is one key away."""
    q = _long_menu()
    shown, _, more = page(q, 14, 24, 80)
    assert more and 14 + 1 + len(shown) + 1 <= 24
    keys = shortcut_keys(q.choices)
    second = len(shown)  # the first choice of page 2
    with pipe_session() as pipe:
        prompter, _ = _prompter(pipe)
        prompter.new_entry()
        prompter.ask(Notice(_board()))
        prompter.before_question = lambda q: pipe.send_text(next_page_key(keys) + "\r")
        assert prompter.ask(q) == q.choices[second].value  # Enter on page 2's first choice
        assert prompter.asked == 2  # two pages were shown


def test_a_key_of_a_choice_on_another_page_answers_at_once():
    """A key keeps its meaning whatever page shows: the last choice's key answers from page 1."""
    q = _long_menu()
    keys = shortcut_keys(q.choices)
    with pipe_session() as pipe:
        prompter, _ = _prompter(pipe)
        prompter.new_entry()
        prompter.ask(Notice(_board()))
        prompter.before_question = lambda q: pipe.send_text(keys[-1])
        assert prompter.ask(q) == q.choices[-1].value


def test_a_question_that_would_push_the_board_off_draws_it_again():
    """After a few answered questions the next menu would push the board's header off the
    screen: the screen is cleared and the board drawn again above it."""
    with pipe_session() as pipe:
        out = io.StringIO()
        prompter = Prompter(Console(file=out, width=80, height=24, color_system=None,
                                    force_terminal=True), "en")
        prompter.new_entry()
        prompter.ask(Notice(_board(12)))
        small = Select("small", "Which?", [Choice("a", 1, "1"), Choice("b", 2, "2")])
        prompter.before_question = lambda q: pipe.send_text("1")
        for _ in range(4):
            prompter.ask(small)
        assert out.getvalue().count("Round 3 — Ola to play") == 1
        prompter.ask(Select("big", "Which one?", [Choice(f"c{i}", i, str(i)) for i in range(1, 10)]))
        assert out.getvalue().count("Round 3 — Ola to play") == 2
        assert "\x1b[2J" in out.getvalue()


def test_outside_a_game_s_entry_only_a_menu_taller_than_the_screen_is_paginated():
    """``score`` and the other commands ask many questions without a board: what they drew
    before does not shrink their menus."""
    with pipe_session() as pipe:
        prompter, _ = _prompter(pipe)
        for _ in range(30):
            prompter.ask(Notice([Line("a line of the score so far")]))
        menu = Select("m", "Which?", [Choice(f"knight {i}", i, str(i)) for i in range(1, 8)])
        assert prompter.prepare(menu) == (list(range(7)), 0, False)


def _aid(rows=8):
    return [Line("Memory aid (what the table has seen):", "aid"),
            *(Line(f"aid row {i}", "aid") for i in range(rows - 1))]


def _terminal_prompter(lang="en"):
    out = io.StringIO()
    return Prompter(Console(file=out, width=80, height=24, color_system=None, force_terminal=True),
                    lang), out


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_memory_aid_that_leaves_a_menu_no_room_is_folded_and_one_key_away(lang):
    """War Chest 4 players with ``--hints``: a 14-row board, an 8-row memory aid and a 6-choice
    menu do not fit 24 rows.  The board is drawn again with the aid folded to one line that says
    ``?`` shows it; ``?`` draws the aid with the same menu under it, whose keys still answer."""
    menu = Select("menu", "Which coin?", [Choice(f"coin {i}", i, str(i)) for i in range(1, 7)])
    with pipe_session() as pipe:
        prompter, out = _terminal_prompter(lang)
        prompter.new_entry()
        prompter.ask(Notice(_board() + _aid()))
        assert out.getvalue().count("aid row 3") == 1
        prompter.before_question = lambda q: pipe.send_text("?5")
        assert prompter.ask(menu) == 5
        drawn = out.getvalue()
        folded = prompter.t("core.cli.aid_folded")
        assert "?" in folded and drawn.count(folded) == 1
        # the board drawn again without the aid (the fold), then the aid under the board's header
        # (``?``: the header stays on the screen, issue 22 trial)
        assert drawn.count("Round 3 — Ola to play") == 3 and drawn.count("aid row 3") == 2
        assert drawn.rindex("Round 3 — Ola to play") < drawn.rindex("aid row 3")
        assert drawn.index(folded) < drawn.rindex("aid row 3")
        assert prompter.head_rows + 2 + 6 <= 24  # the board, the fold line, the whole menu
        assert prompter.asked == 1  # ``?`` answered nothing


def test_a_memory_aid_that_leaves_room_stays_on_the_screen():
    menu = Select("menu", "Which coin?", [Choice(f"coin {i}", i, str(i)) for i in range(1, 3)])
    with pipe_session() as pipe:
        prompter, out = _terminal_prompter()
        prompter.new_entry()
        prompter.ask(Notice(_board(10) + _aid(6)))
        prompter.before_question = lambda q: pipe.send_text("2")
        assert prompter.ask(menu) == 2
        assert prompter.t("core.cli.aid_folded") not in out.getvalue()
        assert out.getvalue().count("aid row 3") == 1 and not prompter.folded


# -- long lines broken between words on the real prompts' 80×24 terminal (pyte)


class _Filmed(Terminal):
    """The virtual terminal, every screen it showed kept (a refusal is on it only for a while)."""

    def __init__(self) -> None:
        super().__init__()
        self.shots: list[list[str]] = []

    def write(self, text: str) -> int:
        n = super().write(text)
        self.shots.append(list(self.screen.display))
        return n


def _cut_words(lines: list[str]) -> list[str]:
    """Rows whose last column and the next row's first both hold a letter: a word the terminal
    wrapped in its middle."""
    return [a for a, b in itertools.pairwise(lines) if len(a) >= 80 and a[79] != " " and b[:1] not in ("", " ")]


def _words_in_order(words: list[str], lines: list[str]) -> bool:
    shown = " ".join(lines).split()
    return any(shown[i:i + len(words)] == words for i in range(len(shown)))


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_long_refusal_is_broken_between_words_not_cut_at_80_columns(lang):
    """Medieval Battle's long-bowman refusal (81 columns in Polish) was cut at the 80th column:
    prompt_toolkit's line under the field is one row.  Now it is as tall as the reason, broken
    between words, every word of it on the screen."""
    from referee.core import dialog as dialogs
    from referee.core.text import catalog
    from referee.games.medieval import dialog, engine

    state = engine.new_state(["Ola", "Bartek"])
    term = _Filmed()
    with term.session() as pipe:
        prompter = Prompter(term.console(), lang)

        def before(q):
            if isinstance(q, dialogs.Private):
                pipe.send_text("\r")
                return
            try:  # (the refusal's first words: the next army is typed once they are drawn)
                q.parse("9 LB")
                first: list[str] = []
            except dialogs.Invalid as error:
                first = str(error).split()[:3]
            pipe.send_text("9 LB\r")  # refused; an army it takes once the refusal is drawn
            term.once_shown(lambda screen: _words_in_order(first, screen.split("\n")),
                            lambda: pipe.send_text("1 HC!\r"))

        prompter.before_question = before
        questions = dialog.ask(state, catalog(lang))
        refused = None
        q = next(questions)
        while not isinstance(q, dialogs.Secret):
            q = questions.send(prompter.ask(q))
        try:
            q.parse("9 LB")
        except dialogs.Invalid as error:
            refused = str(error).split()
        prompter.ask(q)
    assert refused and (lang == "en" or len(" ".join(refused)) > 80)
    shots = [shot for shot in term.shots if _words_in_order(refused[:3], shot)]
    assert shots, "the refusal was never on the screen"
    assert any(_words_in_order(refused, shot) for shot in shots), shots[-1]
    assert not [row for shot in shots for row in _cut_words(shot)]


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_an_answered_question_is_broken_between_words(lang):
    """``? <question> <answer>`` longer than the screen was wrapped by the terminal in the middle
    of a word; now the answer goes under the question, broken between words."""
    from referee.core.text import catalog

    t = catalog(lang)
    # Na Grunwald!'s event menu, an effect added (its answer, 49 columns, after the question)
    q = Select("event.more", t("grunwald.play.event_effects", card="Wielka bitwa",
                               effects=t("grunwald.effect.none")),
               [Choice(t("grunwald.play.effect_add"), 1, "1"), Choice(t("grunwald.play.effect_done"), 2, "2")])
    assert len(f"? {q.message} {q.choices[0].label}") > 80
    term = Terminal()
    with term.session() as pipe:
        prompter = Prompter(term.console(), lang)
        prompter.before_question = lambda q: pipe.send_text("1")
        assert prompter.ask(q) == 1
    lines = term.display().splitlines()
    assert _words_in_order(f"? {q.message} {q.choices[0].label}".split(), lines)
    assert not _cut_words(list(term.screen.display))


def test_the_folded_memory_aid_is_one_key_away_at_the_look_away_question_too():
    """War Chest 4 players with ``--hints``: the look-away question under the board folds the
    memory aid (it would push the board's header off); ``?`` there shows it, Enter goes on."""
    from referee.core.dialog import private
    from referee.core.text import catalog

    with pipe_session() as pipe:
        prompter, out = _terminal_prompter()
        prompter.new_entry()
        prompter.ask(Notice(_board(16) + _aid()))
        prompter.before_question = lambda q: pipe.send_text("?\r")
        prompter.ask(private(catalog("en"), "Ola"))
        drawn = out.getvalue()
        assert drawn.count(prompter.t("core.cli.aid_folded")) == 1
        assert drawn.count("aid row 3") == 2  # in the board at first, then at ``?``
        assert drawn.rindex("aid row 3") > drawn.index(prompter.t("core.cli.aid_folded"))


# -- page turns after a long report (issue 22 trial: Medieval Battle's unit menu paged 2 items at a
# time after a fight report, and a few page turns later the turn header was off the screen)


def _pages_on_terminal(turns: int, first_keys, play, lang="en"):
    """Drive ``play(prompter)`` on an 80×24 pyte terminal: ``first_keys(q)`` types at each
    question; at the menu it gives ``None`` for, ``turns`` page turns ("more", one key each time
    a page is on the screen; none once the whole menu is), then Ctrl-C.  The screens of the
    pages, as they were shown."""
    from referee.cli import interrupt
    from referee.cli import prompter as prompting
    from referee.core.text import catalog
    from tests.harness import CTRL_C, Typist

    term = Terminal()
    console = Console(file=term, width=80, height=24, color_system=None, highlight=False,
                      markup=False, emoji=False, force_terminal=True)
    pages: list[str] = []
    paging: list[str] = []  # the keys still to type at the pages
    real_ask = interrupt.ask

    def ask(app, *args, **kwargs):
        def shown(_):
            if paging and not seen:  # (a page's first screen: the next key is typed)
                seen.append(True)
                pages.append(term.display())
                more = catalog(lang)("core.cli.more")
                if f") {more}" not in pages[-1]:  # the whole menu is on the screen: no page to turn
                    paging[:] = [CTRL_C]
                typist.type(paging.pop(0))

        seen: list[bool] = []
        app.after_render += shown
        return real_ask(app, *args, **kwargs)

    def keys(q):
        typed = first_keys(q)
        if typed is None:  # the menu whose pages are turned
            more = prompting.next_page_key(prompting.shortcut_keys(q.choices))
            paging[:] = [more] * turns + [CTRL_C]
            return ""
        return typed

    typist = Typist(keys)
    with term.session() as pipe:
        prompter = Prompter(console, lang)
        typist.pipe, typist.lang = pipe, lang
        prompter.before_question = typist
        original = prompting.interrupt.ask
        prompting.interrupt.ask = ask
        try:
            with pytest.raises(KeyboardInterrupt):
                play(prompter)
        finally:
            prompting.interrupt.ask = original
    return pages


def _menu_rows(screen_text: str) -> int:
    return sum(1 for line in screen_text.splitlines() if line[:6].strip(" »").endswith(")"))


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_issue22_medieval_page_turns_after_a_fight_report_keep_the_turn_header(tmp_path, monkeypatch, lang):
    """Medieval Battle (examples/medieval/in-progress.json): Bartek takes the fight, the melee's
    report is drawn under the turn header, then his unit menu's pages are turned eight times.
    Every page has the turn header (turn, VP, time tokens) on the screen and a decent page of
    units under it: the report, once read, is folded to one line (``?`` shows it)."""
    from pathlib import Path

    from referee.cli import commands
    from referee.core.service import SessionService
    from referee.store.sessions import Store

    store = Store(tmp_path)
    example = Path(__file__).parents[1] / "examples" / "medieval" / "in-progress.json"
    [(_, handle)] = SessionService(store).import_records([example], "trial", lang)
    sid = handle if isinstance(handle, str) else handle.id

    def first_keys(q):
        if q.key == "medieval.answer":
            return shortcut_keys(q.choices)[0]  # take the fight
        return None  # the unit menu: its pages are turned

    def play(prompter):
        monkeypatch.setattr(commands, "console", lambda: prompter.console)
        commands.play(store, sid, lang, prompter=prompter)

    pages = _pages_on_terminal(8, first_keys, play, lang)
    assert len(pages) >= 2  # (a page was turned)
    for n, shown in enumerate(pages):  # the header (turn, VP, time tokens) on every page
        lines = shown.splitlines()
        assert any(line.startswith(("Turn 7:", "Tura 7:")) for line in lines), f"page {n}:\n{shown}"
        assert sum(" VP " in line or " PZ " in line for line in lines) >= 2, f"page {n}:\n{shown}"
    for n, shown in enumerate(pages):  # under it, a decent page of units (the report read, folded)
        assert _menu_rows(shown) >= (5 if n == 0 else 8), f"page {n}:\n{shown}"


# -- a card's name and its value never parted by a wrap (issue 22 trial: "koronny" / "5" on two lines)


def _wraps(text: str) -> dict[str, list[str]]:
    """``text`` as each of the referee's word wraps draws it at 80 columns: a line of the news
    (Rich), a question, a menu's label, an answered menu line, a refusal."""
    from referee.cli.prompter import answer_text, refusal_text, wrap_label, wrap_message
    from referee.cli.render import render

    out = io.StringIO()
    render([Line(text)], Console(file=out, width=80, color_system=None, highlight=False,
                                 markup=False, emoji=False), compact=True)
    return {"news": out.getvalue().splitlines(), "question": wrap_message(text, 80).split("\n"),
            "label": wrap_label(text, 80).split("\n"),
            "answered": answer_text(text, "Which card?", 80).split("\n"),
            "refusal": refusal_text(text, 80).split("\n")}


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_issue22_a_card_s_name_and_its_value_stay_on_one_line_wherever_it_wraps(lang):
    """Na Grunwald!'s reveal in Polish broke "zaciężny 1; Ewa: nowa karta: koronny" / "5" at
    80 columns (Rich's news line; the skirmish question split "mercenary" / "3" the same way).
    Every card, at every column where a wrap falls on it: its name and value on one line, in
    the news, a question, a menu's label, an answered line and a refusal — each word still
    there, in order."""
    from referee.core.text import catalog
    from referee.games.grunwald.cards import CARDS
    from referee.games.grunwald.names import card_name

    t = catalog(lang)
    for card in (card_name(t, c) for c in CARDS if c != "peasant"):
        name = card.rsplit(" ", 1)[0]
        for pad in range(40, 80):
            text = f"{'x' * (pad - 10)} {'y' * 8} {card}; {lang} the next card after it"
            for where, lines in _wraps(text).items():
                assert all(cell_len(line) <= 80 for line in lines), (where, lines)
                assert " ".join(lines).split() == text.split(), (where, lines)
                parted = [(a, b) for a, b in itertools.pairwise(lines)
                          if a.rstrip().endswith(name) and b.strip()[:1].isdigit()]
                assert not parted, (where, card, parted)


COLORS = ["red", "blue", "green", "yellow", "magenta"]


def _longest_news_before_a_menu(game, names, t, seeds=(0, 1, 2), entries=120):
    """Of random playouts' first ``entries`` entries, the one whose first question is a menu
    paged under the board and the longest news (else the longest news): (seed, entry)."""
    from tests.screen import rich_lines

    best = None
    for seed in seeds:
        rng = random.Random(seed)
        state, _ = game.parse_record(game.new_record(names, {})).replay()
        news: list = []
        for n in range(entries):
            if game.is_over(state):
                break
            q, board = _first_menu(game, state, t, names)
            if isinstance(q, Select) and news:
                head = len(rich_lines(board)) + len(rich_lines(news))
                shown, _, more = page(q, head, 24, 80)
                key = (more, len(rich_lines(news)))
                if best is None or key > best[0]:
                    best = (key, seed, n)
            action = game.random_action(state, rng)
            marker = game.news_marker(state)
            game.apply(state, action)
            news = game.news(t, marker, state)
    assert best is not None
    return best[1], best[2]


def _first_menu(game, state, t, names):
    from referee.core import dialog as dialogs

    dialog = game.dialog(state, t, dict(zip(names, COLORS)), hints=False)
    board: list = []
    try:
        q = next(dialog)
        while isinstance(q, (dialogs.Notice, dialogs.Private, dialogs.Public)):
            board += q.report if isinstance(q, dialogs.Notice) else []
            q = dialog.send(None)
    except StopIteration:
        q = None
    dialog.close()
    return q, board


def _at_entry(game, names, t, seed, entry):
    rng = random.Random(seed)
    state, _ = game.parse_record(game.new_record(names, {})).replay()
    news: list = []
    for _ in range(entry):
        action = game.random_action(state, rng)
        marker = game.news_marker(state)
        game.apply(state, action)
        news = game.news(t, marker, state)
    return state, news


@pytest.mark.parametrize(("name", "count"), [("war-chest", 4), ("kajko-kokosz", 5), ("na-grunwald", 4),
                                             ("medieval-battle", 2)])
@pytest.mark.parametrize("lang", ["en", pytest.param("pl", marks=pytest.mark.slow)])  # (pl: CI's slow checks)
def test_issue22_page_turns_after_the_longest_news_keep_the_header(name, count, lang):
    """Each game at its largest table: the entry with the longest news under its board before a
    menu (paged where one is), drawn as the play loop draws it (the table playing open), its
    pages turned up to eight times: the board's first row is on the screen at every page."""
    from referee.core import dialog as dialogs
    from referee.core.text import catalog
    from tests.screen import rich_lines

    game, t = registry.get(name), catalog(lang)
    names = ["Ola", "Bartek", "Ewa", "Kuba", "Lena"][:count]
    seed, entry = _longest_news_before_a_menu(game, names, t)
    state, news = _at_entry(game, names, t, seed, entry)
    header: list[str] = []

    def first_keys(q):
        return None  # the entry's first menu: its pages are turned

    def play(prompter):
        prompter.open = True
        prompter.new_entry()
        dialog = game.dialog(state, t, dict(zip(names, COLORS)), hints=False)
        q = next(dialog)
        while True:
            if not isinstance(q, dialogs.Notice) and news:
                prompter.show(news)
                news.clear()
            answer = prompter.ask(q)
            if isinstance(q, dialogs.Notice):
                header.extend([line for line in rich_lines(q.report) if line.strip()][:1])
                if news:
                    prompter.show(news)
                    news.clear()
            q = dialog.send(answer)

    pages = _pages_on_terminal(8, first_keys, play, lang)
    assert pages and header
    for n, shown in enumerate(pages):
        assert header[0].strip() in shown, f"{name} {count}p {lang}, page {n}:\n{shown}"
