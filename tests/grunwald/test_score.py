"""``referee score``: the end-of-game calculator, from a file and from the prompts."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from referee.cli.prompter import keys_for
from referee.core import dialog as dialogs
from referee.core.errors import RecordError
from referee.core.text import catalog
from referee.games.grunwald.inventory import ask_inventory, score_document, score_output
from tests.conftest import ROOT
from tests.harness import prompts

# NG-E7: the rulebook's final example, as a paper inventory (Jacek gives up a mercenary 6).
RULEBOOK = {
    "game": "na-grunwald", "format": 1,
    "players": {
        "Jacek": {"crown": [6, 6, 6, 5], "mercenary": [6, 6, 1, 6], "teutons": [4, 4, 2],
                  "provisions": 7, "ducats": 1},
        "Ania": {"crown": [3, 2], "mercenary": [6, 6, 5, 4, 3, 2], "teutons": [2, 1, 1],
                 "provisions": 13, "ducats": 0},
        "Marek": {"crown": [6, 5, 4, 3, 2, 1], "mercenary": [4, 3], "teutons": [4, 3],
                  "provisions": 8, "ducats": 5},
    },
    "feeding": {"Jacek": ["mercenary:6"]},
}


def score(doc):
    return score_output(*score_document(doc))


def totals(out):
    return {n: (p["score"]["total"], p["place"]) for n, p in out["players"].items()}


def test_NG_E7_rulebook_example_from_a_file(tmp_path):
    path = tmp_path / "inventory.json"
    path.write_text(json.dumps(RULEBOOK), encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "referee", "score", "--json", str(path)],
                       capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert totals(out) == {"Jacek": (46, 2), "Ania": (46, 1), "Marek": (43, 3)}
    assert out["winners"] == ["Ania"]
    r = subprocess.run([sys.executable, "-m", "referee", "score", str(path)], capture_output=True,
                       text=True, cwd=ROOT, timeout=60, env={**os.environ, "COLUMNS": "120", "REFEREE_LANG": "en"})
    assert "Winner: Ania — tied on 46 points, more cards (11)." in r.stdout
    assert "Commander of crown troops: Marek (+6, most cards)" in r.stdout


def test_NG_E1_a_file_without_a_short_players_feeding_takes_the_advised_one_and_says_so(
        tmp_path, capsys):
    """Issue 25: refused before; now the advised knights go (as at the table), and one line
    says whose and which (the JSON says it as ``fed_as_advised``)."""
    from referee.cli import score as score_command
    from referee.core.registry import get
    from referee.games.grunwald import advice
    from referee.games.grunwald.inventory import parse_inventory

    doc = json.loads(json.dumps(RULEBOOK))
    del doc["feeding"]
    holdings, _ = parse_inventory(doc)
    position = [advice.Holding(h.name, tuple(h.crown), tuple(h.mercenary), tuple(h.teutons),
                               h.provisions, h.ducats) for h in holdings]
    best = list(advice.advise_feeding_holdings(position, 0).items)
    output, _ = get("grunwald").score(doc)
    assert output["fed_as_advised"] == {"Jacek": best}
    assert totals(output) == totals(score({**doc, "feeding": {"Jacek": best}}))
    path = tmp_path / "inventory.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    score_command.run(path, as_json=False, game_name=None, lang="en")
    out = capsys.readouterr().out
    assert "Jacek cannot feed every knight and the file lists no feeding: gives up" in out


def test_file_with_a_wrong_feeding_choice_is_refused(tmp_path):
    doc = json.loads(json.dumps(RULEBOOK))
    doc["feeding"] = {"Jacek": ["crown:1"]}
    with pytest.raises(RecordError) as info:
        score(doc)
    assert (info.value.rule, info.value.location) == ("NG-E1", "feeding.Jacek[0]")
    doc["feeding"] = {"Jacek": ["mercenary:6", "mercenary:6"]}
    with pytest.raises(RecordError) as info:
        score(doc)
    assert info.value.rule == "NG-E1"


def inv(**players):
    return {"game": "na-grunwald", "format": 1, "players": players}


def test_commander_tie_on_count_broken_by_strength_and_full_ties():
    out = score(inv(A={"crown": [6, 1], "provisions": 2}, B={"crown": [3, 3], "provisions": 2}))
    assert out["players"]["A"]["score"]["crown_commander"] == 2
    assert out["players"]["B"]["score"]["crown_commander"] == 0
    out = score(inv(A={"mercenary": [4, 2], "provisions": 2}, B={"mercenary": [3, 3], "provisions": 2},
                    C={"mercenary": [5, 1], "provisions": 2}))
    assert [out["players"][n]["score"]["mercenary_commander"] for n in "ABC"] == [2, 2, 2]


def test_quartermaster_ties_and_zero_cards_no_title():
    out = score(inv(A={"provisions": 4}, B={"provisions": 4}, C={"teutons": [3]}))
    assert [out["players"][n]["score"]["quartermaster"] for n in "ABC"] == [4, 4, 0]
    assert all(p["score"]["crown_commander"] == 0 for p in out["players"].values())


def test_feeding_choices_change_who_commands():
    base = {"A": {"crown": [6], "mercenary": [2, 2, 2], "provisions": 3}, "B": {"mercenary": [1, 1, 1], "provisions": 3}}
    doc = {**inv(**base), "feeding": {"A": ["crown:6"]}}
    assert score(doc)["players"]["A"]["score"]["mercenary_commander"] == 3
    doc = {**inv(**base), "feeding": {"A": ["mercenary:2"]}}
    out = score(doc)
    assert out["players"]["B"]["score"]["mercenary_commander"] == 3
    assert out["players"]["A"]["score"]["crown_commander"] == 1


def test_shared_victory_and_shared_places():
    out = score(inv(A={"crown": [6], "provisions": 1}, B={"mercenary": [6], "provisions": 1},
                    C={"teutons": [1]}, D={"teutons": [1]}))
    # A and B: 6 points + their commander title 1 = 7, one card each -> shared victory
    assert out["winners"] == ["A", "B"]
    assert totals(out) == {"A": (7, 1), "B": (7, 1), "C": (1, 3), "D": (1, 3)}


def test_bad_inventories():
    for doc, rule, location in (
        (inv(A={"crown": [7]}, B={}), "NG-C3", "players.A.crown[0]"),
        (inv(A={"teutons": [5]}, B={}), "NG-C3", "players.A.teutons[0]"),
        (inv(A={}), "NG-C1", "players"),
        (inv(A={"ducats": -1}, B={}), None, "players.A.ducats"),
        (inv(A={"gold": 1}, B={}), None, "players.A.gold"),
    ):
        with pytest.raises(RecordError) as info:
            score(doc)
        assert (info.value.rule, info.value.location) == (rule, location)


ANSWERS = {
    "score.count": [3],
    "score.name": ["Jacek", "Ania", "Marek"],
    "score.crown": ["6 6 6 5", "3 2", "6 5 4 3 2 1"],
    "score.mercenary": ["6 6 1 6", "6 6 5 4 3 2", "4 3"],
    "score.teutons": ["4 4 2", "2 1 1", "4 3"],
    "score.provisions": ["7", "13", "8"],
    "score.ducats": ["1", "0", "5"],
    "score.feeding": ["mercenary:6"],
}


def scripted():
    queues = {k: list(v) for k, v in ANSWERS.items()}
    return lambda q: queues[q.key].pop(0)


def test_NG_E7_rulebook_example_through_the_dialog():
    pick = scripted()
    document = dialogs.run(ask_inventory(catalog("en"), advise=False), lambda q: _answer(q, pick))
    assert document["feeding"] == {"Jacek": ["mercenary:6"]}
    assert totals(score(document)) == {"Jacek": (46, 2), "Ania": (46, 1), "Marek": (43, 3)}


def _answer(q, pick):
    value = pick(q)
    if isinstance(q, dialogs.Text):
        return q.parse(value)
    return value


@pytest.mark.slow
def test_NG_E7_rulebook_example_through_the_real_prompts():
    pick = scripted()
    feeding_choices = []

    def type_answer(q):
        value = pick(q)
        if q.key == "score.feeding":
            feeding_choices.append([c.value for c in q.choices])
        return keys_for(q, value)

    with prompts(type_answer, None, width=None) as prompter:
        document = dialogs.run(ask_inventory(catalog("pl"), advise=False), prompter.ask)
    # the feeding prompt offers exactly Jacek's knights, each kind once
    assert feeding_choices == [["crown:5", "crown:6", "mercenary:1", "mercenary:6"]]
    out = score(document)
    assert out["winners"] == ["Ania"] and out["players"]["Marek"]["score"]["ducats"] == 2


@pytest.mark.slow
def test_score_at_the_table_goes_back_to_the_previous_question(capsys):
    """``u`` (typed, or the menu's ← Back) returns to the previous question, through the real
    prompts: a wrong answer is corrected without starting again."""
    from referee.cli import score as score_cli

    typed = {k: list(v) for k, v in ANSWERS.items()}
    # Jacek's crown knights first typed wrong; at the next question u goes back to fix them
    typed["score.crown"].insert(0, "1 1")
    script = []
    seen = []

    def type_answer(q):
        seen.append(q.key)
        if q.key == "score.mercenary" and not script:
            script.append("back")
            return "u\r"
        if q.key == "score.feeding" and script == ["back"]:
            script.append("menu back")
            labels = [c.label for c in q.choices]
            assert labels[-1] == "← Back to the previous question", labels
            return "u\r"  # back to Marek's ducats
        if q.key == "score.ducats" and script == ["back", "menu back"]:
            assert "(u: back to the previous question)" in q.instruction
        return keys_for(q, typed[q.key].pop(0))

    typed["score.ducats"].append("5")  # Marek's ducats, asked again after the menu's Back
    with prompts(type_answer, "en", width=None) as prompter:
        score_cli.run(None, as_json=True, game_name="grunwald", lang="en", prompter=prompter)
    out = json.loads(capsys.readouterr().out)
    assert script == ["back", "menu back"]
    assert seen[:4] == ["score.count", "score.name", "score.name", "score.name"]
    assert seen[4:7] == ["score.crown", "score.mercenary", "score.crown"]
    assert out["players"]["Jacek"]["score"]["total"] == 46 and out["winners"] == ["Ania"]


def test_going_back_asks_the_question_again_as_the_earlier_answer_now_says():
    """Back past the number of players: the names asked follow the new count."""
    from referee.cli.score import run_with_back
    from referee.core.dialog import BACK

    t = catalog("en")
    answers = iter([2, "Ala", BACK, BACK, 3, "Ala", "Bob", "Cyd"])
    asked = []

    def ask(q):
        asked.append(q.key)
        a = next(answers)
        if isinstance(q, dialogs.Text) and a is not BACK:
            return q.parse(a)
        if isinstance(q, dialogs.Text):
            return q.parse("u")
        return a

    def names():
        count = yield dialogs.Select("n", "how many", [dialogs.Choice(str(n), n) for n in (2, 3)])
        out = []
        for i in range(count):
            out.append((yield dialogs.Text("name", f"name {i}", lambda s: s)))
        return out

    assert run_with_back(names, ask, t) == ["Ala", "Bob", "Cyd"]
    assert asked == ["n", "name", "name", "name", "n", "name", "name", "name"]


@pytest.mark.parametrize("lang, words", [("en", "whole number"), ("pl", "liczbę całkowitą")])
def test_score_an_amount_that_is_not_a_number_says_a_whole_number_is_needed(lang, words):
    """Typing ``x`` for provisions or ducats says what is wanted, not "must be in ≥ 0"."""
    t = catalog(lang)
    dialog = ask_inventory(t, advise=False)
    q = next(dialog)
    while not (isinstance(q, dialogs.Text) and q.key == "score.provisions"):
        answer = {"score.count": 2, "score.name": None}.get(q.key)
        if q.key == "score.name":
            answer = q.parse("Ania" if "1" in q.message else "Marek")
        elif isinstance(q, dialogs.Text):
            answer = q.parse("")
        q = dialog.send(answer)
    with pytest.raises(dialogs.Invalid) as info:
        q.parse("x")
    assert words in str(info.value) and "≥" not in str(info.value)
