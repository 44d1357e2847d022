"""Every command of the referee on Medieval Battle, in-process (``referee.cli.app.main``) with
``--data-dir``; ``play`` and ``cards`` go through the real questionary prompts on a
prompt_toolkit pipe, each answer typed as its question appears."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from referee.cli.app import main
from referee.core import dialog as dialogs
from tests.conftest import EXAMPLES
from tests.harness import Answers, terminal_prompts

EXAMPLE = EXAMPLES / "medieval" / "standard-map.json"
BOOK = ["--attacker", "light_infantry", "--defender", "heavy_cavalry",
        "--attacker-terrain", "mountains", "--defender-terrain", "hills"]


@pytest.fixture
def data(tmp_path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def referee(data, capsys, monkeypatch):
    """``referee(*args)``: run a command on a fresh data folder; (exit code, stdout, stderr)."""
    monkeypatch.setenv("COLUMNS", "200")

    def run(*args: str) -> tuple[int, str, str]:
        with pytest.raises(SystemExit) as done:
            main(["--data-dir", str(data), *args])
        out = capsys.readouterr()
        return done.value.code or 0, out.out, out.err

    return run


def answering(referee, monkeypatch, answers, *args):
    """A command with the real prompts; ``answers`` feeds each question (not notices) in turn."""
    table = Answers(answers)
    with terminal_prompts(monkeypatch, table):
        result = referee(*args)
    assert table.done(), "not every answer was asked for"
    return result, table.asked


@pytest.mark.slow
def test_every_session_command_on_medieval_battle(referee, monkeypatch, tmp_path):
    code, out, _ = referee("new", "--game", "medieval", "--players", "Ola,Bartek", "--no-play",
                           "--name", "b")
    assert code == 0 and "New session" in out
    (row,) = json.loads(referee("list", "--json")[1])
    assert row["game"] == "medieval-battle" and not row["complete"]
    assert "Recruitment: Ola chooses an army" in referee("list")[1]

    # play: both armies in secret, deployment, one move, then both pass (VP 0–0: the value decides)
    answers = ["1 HC, 2 PK!", "2 LC!", "", "", "Y-LC1", "move", "p", "stay", None, "pass", "pass", True]
    (code, out, _), asked = answering(referee, monkeypatch, answers, "play", "b")
    assert code == 0, out
    assert isinstance(asked[0], dialogs.Secret) and isinstance(asked[1], dialogs.Secret)
    assert "Both armies revealed:" in out and "The battle is over: both players passed." in out
    assert "Ola wins: the more valuable units held on the battlefield." in " ".join(out.split())
    code, out, _ = referee("show", "b")
    assert code == 0 and "Medieval Battle: Ola, Bartek" in out and "Y-LC1" in out
    shown = json.loads(referee("show", "b", "--json")[1])
    assert shown["complete"] and shown["players"]["Bartek"]["units"]["Y-LC1"]["mp"] == 4

    # undo at the command line, then the last pass again
    code, out, _ = referee("undo", "b", "--steps", "1", "--yes")
    assert code == 0 and "Took back: Bartek passes" in out
    assert "Turn 3: Bartek to play" in referee("list")[1]
    assert answering(referee, monkeypatch, ["pass", True], "play", "b")[0][0] == 0
    # a secret army goes back only with everybody's agreement
    code, _, err = referee("undo", "b", "--steps", "7", "--yes")
    assert code == 1 and err

    # export in every format
    record = json.loads(referee("export", "b", "--format", "record")[1])
    assert record["armies"] == {"Ola": {"heavy_cavalry": 1, "pikemen": 2},
                                "Bartek": {"light_cavalry": 2}}
    md = referee("export", "b", "--format", "md")[1]
    assert "The battle, entry by entry" in md and "Victory points and time tokens over" in md
    page = referee("export", "b", "--format", "html")[1]
    assert "Victory points after each turn" in page and "Time tokens left after each turn" in page
    ET.fromstring(page[page.index("<svg"): page.index("</svg>") + 6])  # the chart is an SVG
    exported = json.loads(referee("export", "b", "--format", "json")[1])
    assert exported["game"] == "medieval-battle" and exported["entries"][4]["moved"]["cost"] == 1
    csv = referee("export", "b", "--format", "csv")[1].splitlines()
    assert csv[0].startswith("player,army,vp") and csv[1].startswith("Ola,red,0")

    # replay, import, stats, delete
    code, out, _ = referee("replay", str(EXAMPLE))
    assert code == 0 and "Medieval Battle" in out
    code, out, _ = referee("replay", "--json", str(EXAMPLE))
    assert code == 0 and json.loads(out)["game"] == "medieval-battle"
    code, out, _ = referee("--lang", "pl", "replay", str(EXAMPLE))
    assert code == 0 and "Armia Czerwona" in out
    assert referee("import", str(EXAMPLE))[0] == 0
    stats = json.loads(referee("stats", "--json", "--game", "medieval")[1])
    assert stats["games"]["medieval-battle"]["games"] >= 1
    code, out, _ = referee("delete", "b", "--yes")
    assert code == 0 and len(json.loads(referee("list", "--json")[1])) == 1
    code, _, err = referee("score", "--game", "medieval")
    assert code == 2 and "no end-of-game calculator" in err


# --------------------------------------------------------------------------------------------
# referee battle


def test_battle_the_rulebooks_example(referee):
    code, out, err = referee("battle", "--game", "medieval", *BOOK)
    assert code == 0 and err == ""
    text = " ".join(out.split())
    assert "the card puts the defender over column 1/0" in text
    assert "height (the higher hex): one column right, for the attacker" in text
    assert "terrain hard for cavalry (rocky hills or forest): one column right, for the attacker" in text
    assert "result: column 0/1 (shift +2)" in text
    assert "losses: attacker 0 foot soldiers, defender 1 knight" in text
    assert text.endswith("Attacker (light infantry) loses nothing; defender (heavy cavalry) loses one "
                         "and is flipped to its reduced side.")


def test_battle_json(referee):
    code, out, _ = referee("battle", "--game", "medieval", *BOOK, "--json")
    data = json.loads(out)
    assert code == 0 and data["base_column"] == "1/0" and data["column"] == "0/1"
    assert data["shifts"] == [{"factor": "height", "favours": "attacker", "shift": 1},
                              {"factor": "terrain", "favours": "attacker", "shift": 1}]
    assert (data["attacker_losses"], data["defender_losses"]) == (0, 1)


def test_battle_the_light_cavalry_card_and_the_clamp(referee):
    code, out, _ = referee("battle", "--game", "medieval", "--attacker", "light_cavalry",
                           "--defender", "pikemen", "--defender-terrain", "forest",
                           "--attacker-strength", "1", "--json")
    data = json.loads(out)
    assert code == 0 and data["base_column"] == "1/0" and data["shift"] == -2
    assert data["clamped"] == "left" and data["column"] == "1/0"
    assert (data["attacker_losses"], data["defender_losses"]) == (1, 0)
    code, out, _ = referee("battle", "--game", "medieval", "--attacker", "light_cavalry",
                           "--defender", "bowmen", "--attacker-terrain", "hills")
    text = " ".join(out.split())
    assert code == 0 and "run past the right end" in text and "defender (short bowmen) is destroyed" in text


def test_battle_a_missing_card_names_the_card_to_enter(referee):
    code, out, err = referee("battle", "--game", "medieval", "--attacker", "heavy_cavalry",
                             "--defender", "pikemen")
    assert code == 1 and out == ""
    assert err == ("referee: the melee card of heavy cavalry has no column for pikemen yet: "
                   "enter it with referee cards --game medieval\n")
    code, _, err = referee("battle", "--game", "medieval", "--fire", "--attacker", "pikemen",
                           "--defender", "bowmen")
    assert code == 1 and "do not shoot" in err


def test_battle_in_polish_every_label_is_translated(referee):
    """Issue 15: no ``attacker_losses:`` nor internal ids (``melee:heavy_cavalry``,
    ``pikemen``) in the Polish output; a shot names only the target's losses (MB-F1)."""
    import re

    code, out, _ = referee("--lang", "pl", "battle", "--game", "medieval", *BOOK)
    text = " ".join(out.split())
    assert code == 0 and "straty: atakujący 0 piechurów, obrońca 1 rycerz" in text
    assert text.endswith("Atakujący (lekka piechota) nic nie traci; obrońca (ciężka jazda) traci "
                         "jednego i zostaje odwrócony na stronę osłabioną.")
    code, _, err = referee("--lang", "pl", "battle", "--game", "medieval", "--fire",
                           "--attacker", "longbowmen", "--defender", "pikemen")
    assert code == 1 and ("karta ostrzału (łucznicy z długimi łukami) nie ma jeszcze kolumny dla: "
                          "pikinierzy") in err
    for found in (out, err):
        assert not re.search(r"[a-z]+_[a-z]+|melee:|fire:|pikemen|losses", found), found


def test_battle_names_a_unit_type_by_its_type_word_not_a_count(referee):
    """Trial 2: "broni się: pikinier (1 pikinier…)" — the kind of unit is the type word
    (plural), the strength in parentheses its count form."""
    args = ("battle", "--game", "medieval", "--attacker", "light_cavalry", "--defender",
            "pikemen", "--defender-strength", "1")
    code, out, _ = referee("--lang", "pl", *args)
    text = " ".join(out.split())
    assert code == 0 and "broni się: pikinierzy (1 pikinier, równina)" in text, text
    assert "obrońca (pikinierzy)" in text
    code, out, _ = referee(*args)
    text = " ".join(out.split())
    assert code == 0 and "against pikemen (1 pikeman, plain)" in text, text
    assert "defender (pikemen)" in text


@pytest.mark.parametrize("lang, said", [
    ("en", "losses: attacker 0 riders, defender 1 archer (destroyed)"),
    ("pl", "straty: atakujący 0 jeźdźców, obrońca 1 łucznik (oddział ginie)"),
])
def test_battle_the_losses_are_those_taken_not_the_columns_figure(referee, lang, said):
    """Trial 2: a reduced unit on a 0/2 column loses its 1 knight and is destroyed; the
    report said "2 knights"."""
    code, out, _ = referee("--lang", lang, "battle", "--game", "medieval", "--attacker",
                           "light_cavalry", "--defender", "bowmen", "--attacker-terrain", "hills",
                           "--defender-strength", "1")
    text = " ".join(out.split())
    assert code == 0 and "0/2" in text and said in text, text
    code, out, _ = referee("--lang", lang, "battle", "--game", "medieval", "--attacker",
                           "light_cavalry", "--defender", "bowmen", "--attacker-terrain", "hills")
    full = "2 archers (destroyed)" if lang == "en" else "2 łuczników (oddział ginie)"
    assert full in " ".join(out.split())


def test_battle_uses_the_cards_file(referee, data):
    (data / "cards").mkdir(parents=True)
    (data / "cards" / "medieval.json").write_text(
        '{"melee": {"heavy_cavalry": {"pikemen": "1/1"}}, "fire": {"longbowmen": {"pikemen": "1/1"}}}',
        encoding="utf-8")
    code, out, _ = referee("battle", "--game", "medieval", "--attacker", "heavy_cavalry",
                           "--defender", "pikemen", "--json")
    assert code == 0 and json.loads(out)["base_column"] == "1/1"
    code, out, _ = referee("battle", "--game", "medieval", "--fire", "--attacker", "longbowmen",
                           "--defender", "pikemen", "--defender-terrain", "forest", "--json")
    data_ = json.loads(out)
    assert data_["shifts"] == [{"factor": "cover", "favours": "defender", "shift": -1}]
    assert data_["attacker_losses"] == 0 and data_["defender_losses"] == 0


def test_battle_usage_errors(referee):
    code, _, err = referee("battle", "--game", "grunwald", "--attacker", "heavy_cavalry",
                           "--defender", "pikemen")
    assert code == 2 and err == "referee: Na Grunwald! has no such tool (referee battle)\n"
    code, _, err = referee("battle", "--game", "medieval", "--attacker", "tank", "--defender", "pikemen")
    assert code == 2 and err.count("\n") == 1 and '"tank" is not one of' in err
    code, _, err = referee("battle", "--game", "medieval", "--attacker", "pikemen",
                           "--defender", "pikemen", "--attacker-strength", "3")
    assert code == 2 and "--attacker-strength" in err
    code, _, err = referee("battle", "--game", "medieval", "--attacker", "heavy_cavalry",
                           "--defender", "pikemen", "--attacker-terrain", "mountains")
    assert code == 1 and "cannot stand in high mountains" in err
    assert referee("battle", "--game", "medieval")[0] == 2  # --attacker and --defender required


# --------------------------------------------------------------------------------------------
# referee cards


@pytest.mark.slow
def test_cards_entered_through_the_prompts(referee, monkeypatch, data):
    # the heavy-cavalry melee card: pikemen 1/1 (column 2), bowmen 0/2 (column 4), the rest later
    # (MB-C2: the icons are the seven printed ones; the foot archers are one icon)
    answers = [("melee", "heavy_cavalry"), 1, "skip", "skip", "skip", 3, BACK,
               ("fire", "bowmen_horse_archers"), 0, BACK, "save"]
    answers = list(answers)
    (code, out, _), asked = answering(referee, monkeypatch, answers, "cards", "--game", "medieval")
    assert code == 0 and "Cards saved" in out
    assert asked[1].message == ("Melee card of heavy cavalry: over which calculator column is the "
                                "icon of heavy cavalry?")
    saved = json.loads((data / "cards" / "medieval.json").read_text(encoding="utf-8"))
    assert saved == {"melee": {"heavy_cavalry": {"heavy_cavalry": "1/1", "foot_archers": "0/2"}},
                     "fire": {"bowmen_horse_archers": {"heavy_cavalry": "1/0"}}}
    # the fire card offers only the columns the rulebook allows (MB-F4): 1/0 and 1/1
    fire_columns = [c.value for c in asked[-3].choices if isinstance(c.value, int)]
    assert fire_columns == [0, 1]
    # battle reads them
    code, out, _ = referee("battle", "--game", "medieval", "--attacker", "heavy_cavalry",
                           "--defender", "heavy_cavalry", "--json")
    assert code == 0 and json.loads(out)["base_column"] == "1/1"
    # edited again: the known column is offered first (keep), the file is rewritten
    answers = [("melee", "heavy_cavalry"), "forget", BACK, "save"]
    assert answering(referee, monkeypatch, answers, "cards", "--game", "medieval")[0][0] == 0
    saved = json.loads((data / "cards" / "medieval.json").read_text(encoding="utf-8"))
    assert saved["melee"] == {"heavy_cavalry": {"foot_archers": "0/2"}}
    # leaving without saving changes nothing
    (code, out, _), _ = answering(referee, monkeypatch, ["quit"], "cards", "--game", "medieval")
    assert code == 0 and "Nothing changed." in out


BACK = dialogs.BACK


def test_a_malformed_cards_file_is_refused_and_left_untouched(referee, data):
    path = data / "cards" / "medieval.json"
    path.parent.mkdir(parents=True)
    bad = '{"melee": {"pikemen": {"bowmen": "3/0"}}}'
    path.write_text(bad, encoding="utf-8")
    for args in (("cards", "--game", "medieval"),
                 ("battle", "--game", "medieval", "--attacker", "pikemen", "--defender", "bowmen")):
        code, out, err = referee(*args)
        assert code == 1 and out == ""
        assert err.startswith(f"referee: {path}: melee.pikemen.bowmen: "), err
        assert path.read_text(encoding="utf-8") == bad
    path.write_text('{"melee": {"light_cavalry": {"pikemen": "1/1"}}}', encoding="utf-8")
    code, _, err = referee("battle", "--game", "medieval", *BOOK)
    assert code == 1 and "melee.light_cavalry.pikemen: MB-K6" in err
    path.write_text("{not json", encoding="utf-8")
    assert referee("cards", "--game", "medieval")[0] == 1
    assert path.read_text(encoding="utf-8") == "{not json"


def test_cards_usage_errors(referee):
    code, _, err = referee("cards", "--game", "kajko")
    assert code == 2 and err == "referee: Kajko i Kokosz: Przygody Wojów has no such tool (referee cards)\n"
    code, _, err = referee("cards", "--game", "medieval")  # no terminal: refused before asking
    assert code == 2 and "not a terminal" in err


def test_MB_K9_a_new_game_carries_the_owners_cards_in_its_record(referee, data):
    """``new`` copies the owner's card table into the record, so a replay never depends on the
    machine it was played on (the cards file may change or be missing later)."""
    (data / "cards").mkdir(parents=True)
    cards = data / "cards" / "medieval.json"
    cards.write_text('{"melee": {"heavy_cavalry": {"pikemen": "1/1"}}}', encoding="utf-8")
    code, _, _ = referee("new", "--game", "medieval", "--players", "Ola,Bartek", "--no-play",
                         "--name", "with cards")
    assert code == 0
    cards.unlink()
    # (a game in progress: its record, with the armies chosen in secret, only into a file)
    assert referee("export", "with cards", "--format", "record")[0] == 2
    target = data.parent / "with-cards.json"
    assert referee("export", "with cards", "--format", "record", "-o", str(target))[0] == 0
    record = json.loads(target.read_text(encoding="utf-8"))
    assert record["cards"]["melee"]["heavy_cavalry"] == {"pikemen": "1/1"}
    code, _, _ = referee("new", "--game", "medieval", "--players", "Ola,Bartek", "--no-play",
                         "--name", "without cards")
    assert referee("export", "without cards", "--format", "record", "-o", str(target))[0] == 0
    assert code == 0 and "cards" not in json.loads(target.read_text(encoding="utf-8"))


def test_battle_without_game_takes_the_only_game_that_has_a_calculator(referee):
    """Issue 25: ``referee battle`` without ``--game`` said "Na Grunwald! has no such tool"."""
    code, out, err = referee("battle", *BOOK, "--json")
    assert code == 0 and err == "" and json.loads(out)["column"] == "0/1"
