"""The table's side of War Chest without prompts: the hex map (fits 100 columns, every offered hex
labelled with its key), the menus built from the legal entries, the memory aid, the words of each
entry, what the rules resolved, and the exports."""

from __future__ import annotations

import random

import pytest

from referee.core import dialog as dialogs
from referee.core import export
from referee.core.report import Board, Line
from referee.core.text import catalog
from referee.games.warchest import GAME, bot, engine, exports, names, news, output, view
from referee.games.warchest.actions import Deal, Draw, Play, Resign
from referee.games.warchest.dialog import HEX_KEYS, Retry, ask, setup
from referee.games.warchest.units import sort_coins
from tests.warchest.driver import direct

EN, PL = catalog("en"), catalog("pl")


def playout(seed: int, players: int, method: str = "random"):
    """(state before each entry, the entry) over a whole random game."""
    rng = random.Random(seed)
    state = engine.new_state(["Ola", "Bartek", "Ewa", "Kuba"][:players], {"method": method})
    while not engine.is_over(state):
        a = bot.random_action(state, rng)
        if isinstance(a, Deal):
            a = Deal(a.player, sort_coins(a.units))
        yield state, a
        engine.apply(state, a)


@pytest.mark.parametrize("players,seed", [(2, 1), (4, 2), (2, 3), (4, 4)])
def test_every_question_offers_legal_entries_and_labels_its_hexes(players, seed):
    """Each entry of a whole game is reached through the menus; each hex question's choices carry
    keys that label those very hexes on the map drawn just before it; every map fits 100 columns."""
    hex_questions = 0
    for state, target in playout(seed, players):
        last_board = None
        questions = []

        def answer(q):
            nonlocal last_board, hex_questions
            if isinstance(q, dialogs.Notice):
                boards = [b for b in q.report if isinstance(b, Board)]
                if boards:
                    last_board = boards[0]
                    assert all(len(line) <= 100 for line in last_board.text().splitlines())
                return None
            if not isinstance(q, (dialogs.Private, dialogs.Public)):
                questions.append(q)
            if q.key.startswith("warchest.hex."):
                hex_questions += 1
                labels = {c.pos: c.label for c in last_board.cells if c.label}
                offered = [c for c in q.choices if isinstance(c.value, tuple)]
                assert offered and {c.value: c.key for c in offered} == labels
                assert set(labels.values()) <= set(HEX_KEYS)
            return direct(target)(q)

        got = dialogs.run(ask(state, EN, {}), answer)
        assert got == target
        if isinstance(target, Play) and target.by is None:
            first = questions[0]
            assert first.key == "warchest.play"
            keys = [c.key for c in first.choices]
            assert len(keys) == len(set(keys)) and keys[-1] == "u"  # undo last
    assert hex_questions > 20


def test_the_board_fits_100_columns_with_every_hex_labelled():
    for players in (2, 4):
        state = engine.new_state(["Ola", "Bartek", "Ewa", "Kuba"][:players], {"method": "custom"})
        hexes = sorted(state.board.hexes)
        labels = {h: HEX_KEYS[i % len(HEX_KEYS)] for i, h in enumerate(hexes)}
        board = view.grid(state, EN, {}, labels)
        text = board.text()
        assert len(board.cells) == {2: 37, 4: 47}[players]
        assert max(len(line) for line in text.splitlines()) <= 100
        assert len(text.splitlines()) == 7
        assert sum(line.count("[ · ]") for line in text.splitlines()) == len(hexes)
        assert all(c.label for c in board.cells)
        # 2 start locations per side and 6 neutral (4 players: 3 and 8)
        marks = [c.markers[0].symbol for c in board.cells if c.markers]
        assert marks.count("R") == marks.count("W") == {2: 2, 4: 3}[players]
        assert marks.count("*") == {2: 6, 4: 8}[players]


def test_a_board_picture_with_units_stacks_and_control():
    from tests.warchest.table import position

    state = position(stacks=(((3, 3), 0, "swordsman", 2), ((3, 4), 1, "archer", 1)))
    state.control[(3, 2)] = "raven"
    text = view.grid(state, EN, {"Ania": "red"}, {(3, 5): "a"}).text()
    assert text == "\n".join([
        "            [0,6]   [ · ]   [ · ]   [ · ]W  [ · ]  [3,6]",
        "        [0,5]   [ · ]W  [ · ]   [ · ]  a[ · ]   [ · ]* [4,5]",
        "    [0,4]   [ · ]   [ · ]   [ · ]   [Ar1]*  [ · ]   [ · ]  [5,4]",
        "[0,3]   [ · ]   [ · ]*  [ · ]   [Sw2]   [ · ]   [ · ]*  [ · ]  [6,3]",
        "    [1,2]   [ · ]   [ · ]   [ · ]R  [ · ]   [ · ]   [ · ]  [6,2]",  # [3,2]: the raven's now
        "        [2,1]   [ · ]*  [ · ]   [ · ]   [ · ]   [ · ]R [6,1]",
        "            [3,0]   [ · ]   [ · ]R  [ · ]   [ · ]  [6,0]"])
    assert "Łu1" in view.grid(state, PL).text() and "Sz2" in view.grid(state, PL).text()


def test_the_memory_aid_shows_only_what_the_table_has_seen():
    rng = random.Random(5)
    state = engine.new_state(["Ola", "Bartek"], {"method": "random"})
    for _ in range(70):
        engine.apply(state, bot.random_action(state, rng))
    report = view.board(state, EN, hints=True)
    title = next(k for k, b in enumerate(report) if isinstance(b, Line) and b.text.startswith("Memory aid"))
    aid = " ".join(b.text for b in report[title + 1:])
    assert all(len(b.text) <= 78 for b in report[title:])  # under the map, within 80 columns
    for p in state.players:
        memo = engine.memory_aid(state, p.name)
        assert p.name in aid and f"supply {names.codes_of(EN, p.supply)}" in aid
        assert f"face up {names.codes_of(EN, p.faceup)}" in aid
        # what can be hidden, never the exact bag or hand
        assert f"bag/hand/face down {names.codes_of(EN, memo['hidden'])}" in aid
        assert all(item in aid for item in view.next_draw_text(EN, memo["counts"]))
    assert not any(isinstance(b, Line) and b.text.startswith("Memory aid")
                   for b in view.board(state, EN, hints=False))
    # the live dialog shows it with --hints only
    first = next(ask(state, EN, {}, hints=True))
    assert any(isinstance(b, Line) and b.text.startswith("Memory aid") for b in first.report)


def notice_text(q) -> str:
    return "\n".join(b.text for b in q.report if isinstance(b, Line))


def test_draws_are_typed_in_secret_and_checked():
    """Issue 14 (4, 3): the codes are listed above the masked field, every legal one with its unit
    (the royal coin's too), within 80 columns; a wrong answer is said and asked again (a fresh,
    empty field)."""
    state = engine.new_state(["Ola", "Bartek"], {"method": "first_game"})
    dialog = ask(state, EN, {})
    assert isinstance(next(dialog), dialogs.Notice)  # the board
    assert dialog.send(None) == dialogs.private(EN, "Ola")  # typed in Ola's private moment
    assert "Ola's hand (only you see it): –" in notice_text(dialog.send(None))
    codes = dialog.send(None)
    said = notice_text(codes)
    assert said.startswith("Codes: Cr = Crossbowman, LC = Light Cavalry, Pi = Pikeman, Sw = Swordsman")
    assert "Ro = royal coin" in said and "Enter alone: the table does not say · u: undo" in said
    assert all(len(line) <= 78 for line in said.splitlines())
    q = dialog.send(None)
    assert isinstance(q, dialogs.Secret) and q.message == "Ola, the 3 coins you drew:"
    assert q.parse("sw, ro pikeman") == ("pikeman", "swordsman", "royal")
    polish = ask(state, PL, {})
    next(polish), polish.send(None), polish.send(None)
    assert "Kr = szton koronny" in notice_text(polish.send(None))
    pq = polish.send(None)
    assert pq.message == "Ola, 3 wylosowane sztony:"
    assert pq.parse("Szermierz sz kr") == ("swordsman", "swordsman", "royal")  # and English ids
    assert q.parse("") is None and q.parse("u") is dialogs.UNDO
    for typed_, wrong in (("sw sw", "type 3 coins, not 2"), ("sw sw ar", "ar is not a coin here"),
                          ("sw sw sw", "cannot have drawn")):  # only two Swordsman coins in the bag
        retry = q.parse(typed_)
        assert isinstance(retry, Retry) and wrong in retry.message
        error = dialog.send(retry)  # said in red, then the same question again
        assert isinstance(error, dialogs.Notice) and error.report[0].style == "bad"
        assert wrong in notice_text(error)
        assert dialog.send(None) == q
    assert isinstance(dialog.send(q.parse("ro sw pi")), dialogs.Public)  # the moment is closed
    with pytest.raises(StopIteration) as stop:
        dialog.send(None)
    assert stop.value.value == Draw("Ola", ("pikeman", "swordsman", "royal"))


def test_face_down_plays_never_ask_the_coin_when_the_hand_is_untold():
    state = engine.new_state(["Ola", "Bartek"], {"method": "first_game"})
    engine.apply(state, Draw("Ola", None))
    engine.apply(state, Draw("Bartek", None))
    asked = []
    target = Play("Ola", "recruit", None, recruit="pikeman")

    def answer(q):
        if not isinstance(q, dialogs.Notice):
            asked.append(q.key)
        return direct(target)(q)

    assert dialogs.run(ask(state, EN, {}), answer) == target
    assert asked == ["warchest.play", "warchest.recruit"]


def run_with_moments(state, target, lang="en"):
    """The questions, split into those inside the player's private moment and those outside,
    and every notice said outside one."""
    inside, outside, public_notices = [], [], []
    moment = False
    opened = 0

    def answer(q):
        nonlocal moment, opened
        if isinstance(q, dialogs.Private):
            moment, opened = True, opened + 1
        elif isinstance(q, dialogs.Public):
            moment = False
        elif isinstance(q, dialogs.Notice):
            if not moment:
                public_notices.append(notice_text(q))
        else:
            (inside if moment else outside).append(q)
        return direct(target, lang)(q)

    got = dialogs.run(ask(state, catalog(lang), {}), answer)
    assert not moment  # every moment is closed before the entry is returned
    assert opened == 1  # one moment per turn (never one for a public question)
    return got, inside, outside, public_notices


def test_issue22_face_down_coin_is_chosen_in_the_private_moment_among_the_hand():
    """Drawn Sw Pi Ro, pass with the royal coin: the turn menu and the coin are asked in Ola's
    private moment; the coin menu holds the hand's coins only (nothing to refuse, nothing named);
    outside the moment no word names a coin of the hand."""
    state = engine.new_state(["Ola", "Bartek"], {"method": "first_game"})
    engine.apply(state, Draw("Ola", ("swordsman", "pikeman", "royal")))
    engine.apply(state, Draw("Bartek", None))
    target = Play("Ola", "pass", "royal")
    got, inside, outside, said = run_with_moments(state, target)
    assert got == target
    assert [q.key for q in inside] == ["warchest.play", "warchest.down_coin"] and not outside
    assert [c.value for c in inside[-1].choices][:-1] == ["pikeman", "swordsman", "royal"]
    assert inside[-1].message == "Ola, which coin did you discard face down? (hidden)"
    for text in said:  # (the board's legend names every unit of the game: not a hand)
        assert "hand (only you see it)" not in text and "Ro" not in text.split()


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_issue22_recruit_face_down_the_coin_in_secret_the_unit_in_public(lang):
    """The recruited unit is public (it goes to the discard face up): the table reads it in the
    entry's news, never the coin; it is asked in the same moment as the coin, so that ← Back from
    it never leads out of the moment (issue 22 trial: the whole turn is one moment)."""
    state = engine.new_state(["Kasia", "Bartek"], {"method": "first_game"})
    engine.apply(state, Draw("Kasia", ("swordsman", "pikeman", "crossbowman")))
    engine.apply(state, Draw("Bartek", None))
    target = Play("Kasia", "recruit", "crossbowman", recruit="swordsman")
    got, inside, outside, _said = run_with_moments(state, target, lang)
    assert got == target
    assert [q.key for q in inside] == ["warchest.play", "warchest.down_coin", "warchest.recruit"]
    assert not outside
    t = catalog(lang)
    said = news.describe(t, target)
    assert names.unit_name(t, "swordsman") in said and names.unit_name(t, "crossbowman") not in said
    assert [c.value for c in inside[1].choices][:-1] == sorted(
        ["swordsman", "pikeman", "crossbowman"], key=lambda u: names.unit_name(catalog(lang), u))


def test_issue25_3_one_coin_in_hand_is_not_asked_face_down():
    """Issue 25 item 3: one coin left in hand: the face-down coin is not asked (nor named)."""
    state = engine.new_state(["Ola", "Bartek"], {"method": "first_game"})
    engine.apply(state, Draw("Ola", ("swordsman", "pikeman", "royal")))
    engine.apply(state, Draw("Bartek", None))
    engine.apply(state, Play("Ola", "pass", "royal"))
    engine.apply(state, Play("Bartek", "pass", None))
    engine.apply(state, Play("Ola", "pass", "pikeman"))
    engine.apply(state, Play("Bartek", "pass", None))
    target = Play("Ola", "pass", "swordsman")
    got, inside, _outside, _said = run_with_moments(state, target)
    assert got == target and [q.key for q in inside] == ["warchest.play"]


def public_transcript(state, target, lang="en"):
    """Everything said or asked outside the player's private moments, as text."""
    got, inside, outside, said = run_with_moments(state, target, lang)
    assert got == target
    asked = [(q.key, q.message, [c.label for c in getattr(q, "choices", [])]) for q in outside]
    return said, asked, inside


@pytest.mark.parametrize("lang", ["en", "pl"])
@pytest.mark.parametrize("action", ["deploy", "pass", "recruit"])
def test_issue22_the_shared_screen_is_the_same_whatever_the_hand(lang, action):
    """Two hands, the same public facts, the same entry: everything outside the private moment
    is word for word the same (a face-up play reveals only the coin played, a face-down one
    nothing); inside the moment the hand is shown."""
    def position(hand):
        state = engine.new_state(["Ola", "Bartek"], {"method": "first_game"})
        engine.apply(state, Draw("Ola", hand))
        engine.apply(state, Draw("Bartek", None))
        return state

    first, second = position(("swordsman", "pikeman", "royal")), position(
        ("swordsman", "crossbowman", "crossbowman"))

    def target(state):
        return next(a for a in engine.legal_actions(state) if isinstance(a, Play)
                    and a.coin == "swordsman" and a.action == action)

    one, two = public_transcript(first, target(first), lang), public_transcript(
        second, target(second), lang)
    assert one[:2] == two[:2]
    assert one[1] == [] and two[1] == []  # nothing of the turn is asked in public
    # one moment, the whole turn: the turn menu, then the hex to deploy on, or the face-down coin
    # (when there is a choice) and the unit recruited
    assert [q.key for q in one[2]] == {
        "deploy": ["warchest.play", "warchest.hex.to"], "pass": ["warchest.play", "warchest.down_coin"],
        "recruit": ["warchest.play", "warchest.down_coin", "warchest.recruit"]}[action]
    hand = catalog(lang)("warchest.unit.pikeman")
    assert any(hand in c.label for c in one[2][0].choices)  # the moment showed it
    assert not any(hand in text for text in one[0] if "Pi " not in text)  # (the legend's codes)


def _sequence(state, answers):
    """The dialog of the turn answered in turn by ``answers``: what it yielded (a moment's
    opening and closing as ``private``/``public``, a question by its key) and its result."""
    said = []
    answers = iter(answers)

    def answer(q):
        if isinstance(q, dialogs.Private):
            said.append("private")
        elif isinstance(q, dialogs.Public):
            said.append("public")
        elif not isinstance(q, dialogs.Notice):
            said.append(q.key)
            return next(answers)
        return None

    return dialogs.run(ask(state, EN, {}), answer), said


def _sw_sw_pi():
    """Ola holds Sw Sw Pi (typed), a Swordsman of hers on the board; Bartek's draw untold."""
    state = engine.new_state(["Ola", "Bartek"], {"method": "first_game"})
    engine.apply(state, Draw("Ola", ("swordsman", "swordsman", "pikeman")))
    engine.apply(state, Draw("Bartek", None))
    engine.apply(state, Play("Ola", "deploy", "swordsman", to=(4, 0)))
    engine.apply(state, Play("Bartek", "pass", None))
    return state


def test_issue22_the_whole_turn_is_one_moment_back_and_all():
    """The hand known: one moment opens before the turn menu and closes only once the entry is
    complete; ← Back from the action (and from a hex) stays in it, the coin chosen again in it
    (the unit moved from: one possibility, said in the moment)."""
    got, said = _sequence(_sw_sw_pi(), [("coin", "swordsman"), dialogs.BACK, ("coin", "swordsman"),
                                        "move", dialogs.BACK, "move", (4, 1)])
    assert got == Play("Ola", "move", "swordsman", frm=(4, 0), to=(4, 1))
    assert said == ["private", "warchest.play", "warchest.action", "warchest.play", "warchest.action",
                    "warchest.hex.to", "warchest.action", "warchest.hex.to", "public"]


def test_issue22_undo_and_resign_close_the_moment_first():
    state = _sw_sw_pi()
    got, said = _sequence(state, [("coin", "swordsman"), dialogs.BACK, dialogs.UNDO])
    assert got is dialogs.UNDO
    assert said == ["private", "warchest.play", "warchest.action", "warchest.play", "public"]
    got, said = _sequence(state, ["resign", False, "resign", True])
    assert got == Resign("Ola")
    assert said == ["private", "warchest.play", "warchest.resign", "warchest.play", "warchest.resign",
                    "public"]


def test_issue22_the_hand_unknown_opens_no_moment():
    """Ola's draw untold: nothing of the turn is private; it is asked with no moment at all,
    ← Back too (the table sees what any coin of her bag could do)."""
    state = engine.new_state(["Ola", "Bartek"], {"method": "first_game"})
    engine.apply(state, Draw("Ola", None))
    engine.apply(state, Draw("Bartek", None))
    got, said = _sequence(state, [("coin", "pikeman"), dialogs.BACK, ("coin", "swordsman"), (6, 1)])
    assert got == Play("Ola", "deploy", "swordsman", to=(6, 1))
    assert said == ["warchest.play", "warchest.hex.to", "warchest.play", "warchest.hex.to"]


def test_back_returns_to_the_previous_question():
    state = engine.new_state(["Ola", "Bartek"], {"method": "first_game"})
    engine.apply(state, Draw("Ola", None))
    engine.apply(state, Draw("Bartek", None))
    target = Play("Ola", "deploy", "swordsman", to=(6, 1))
    answers = iter([("coin", "pikeman"), dialogs.BACK, ("coin", "swordsman"), (6, 1)])
    asked = []

    def answer(q):
        if isinstance(q, dialogs.Notice):
            return None
        asked.append(q.key)
        return next(answers)

    assert dialogs.run(ask(state, EN, {}), answer) == target
    # (deploy is the only action of a coin whose unit is not on the board: not asked)
    assert asked == ["warchest.play", "warchest.hex.to", "warchest.play", "warchest.hex.to"]


def test_resign_asks_first_and_undo_is_offered():
    state = engine.new_state(["Ola", "Bartek"], {"method": "first_game"})
    engine.apply(state, Draw("Ola", None))
    engine.apply(state, Draw("Bartek", None))
    answers = iter(["resign", False, dialogs.UNDO])
    result = dialogs.run(ask(state, EN, {}), lambda q: None if isinstance(q, dialogs.Notice) else next(answers))
    assert result is dialogs.UNDO


def test_setup_questions_give_record_keys():
    answers = iter(["historic:crecy", "nobility"])
    got = dialogs.run(setup(EN), lambda q: next(answers))
    assert got == {"setup": {"method": "historic:crecy"}, "options": {"royal_guard": "nobility"}}
    cards = ["archer", "cavalry", "lancer", "scout", "knight", "pikeman", "ensign", "footman"]
    answers = iter(["draft", *cards])  # (no Royal Guard laid out: its card is not asked)
    assert dialogs.run(setup(PL, ["Ola", "Bartek"]), lambda q: next(answers)) == {
        "setup": {"method": "draft", "cards": ["archer", "cavalry", "ensign", "footman", "knight", "lancer",
                                               "pikeman", "scout"]}}


def test_entries_in_words_and_news_in_both_languages():
    for t in (EN, PL):
        for state, target in playout(7, 4):
            marker = news.news_marker(state)
            text = news.describe(t, target)
            assert text and "{" not in text
            if isinstance(target, Draw) and target.coins:
                assert not any(names.unit_name(t, c) in text for c in target.coins)  # secret
            trial = state.copy()
            engine.apply(trial, target)
            for block in news.news(t, marker, trial):
                assert "{" not in (block.title if isinstance(block, Board) else block.text)
        assert output.progress(state, t) == ""


def test_a_win_is_announced_at_once_with_the_map():
    for state, target in playout(3, 2):
        marker = news.news_marker(state)
        trial = state.copy()
        engine.apply(trial, target)
        if trial.winner is not None:
            said = news.news(EN, marker, trial)
            assert isinstance(said[-2], Board) and said[-1].text.endswith("wins: " + ", ".join(
                p.name for p in trial.players if p.side == trial.winner))
            break


def test_exports_in_every_format():
    from referee.core import jsonio

    doc = jsonio.loads((__import__("pathlib").Path(__file__).resolve().parents[2]
                        / "examples" / "warchest" / "four-players.json").read_text(encoding="utf-8"))
    state, _ = GAME.parse_record(doc).replay()
    meta = GAME.parse_record(doc).meta
    for t in (EN, PL):
        md = GAME.export(state, "md", t, meta, "four")
        assert md.startswith("# four\n") and "```text\n" in md
        page = GAME.export(state, "html", t, meta, "four")
        assert page.count("<svg") == 2 and page.rstrip().endswith("</html>")
        data = jsonio.loads(GAME.export(state, "json", t, meta))
        assert data["complete"] and len(data["players"]) == 4 and data["rounds"]
        assert all("coins" not in e or e.get("action") for r in data["rounds"] for e in r["entries"])
        csv_text = GAME.export(state, "csv", t, meta)
        assert len(csv_text.splitlines()) == 5
    report = exports.export_report(state, EN, meta)
    assert any(isinstance(b, export.Chart) for b in report)
    # a state without its entries (the live table's copy) still exports, without the log
    assert "Round by round" not in GAME.export(state.copy(), "md", EN, meta)


def test_WC_X2_WC_X4_four_players_are_offered_only_the_setups_for_four():
    """The first game and the historic battles are for two players: a table of four is not
    offered them (it would only learn so after typing every name)."""
    offered = []

    def answer(q):
        offered.append([c.value for c in q.choices])
        return q.choices[0].value

    dialogs.run(setup(EN, ["A", "B", "C", "D"]), answer)
    assert offered[0] == ["random", "draft", "custom"]
    offered.clear()
    dialogs.run(setup(EN, ["A", "B"]), answer)
    assert "first_game" in offered[0] and "historic:crecy" in offered[0]
