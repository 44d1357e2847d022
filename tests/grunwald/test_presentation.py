"""Game summaries: Markdown, HTML (checked in headless Chromium), JSON and CSV."""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess

import pytest

from referee.cli import commands
from referee.store.sessions import Store
from tests.conftest import EXAMPLES

HOSTILE = {"Marek": "<script>alert(1)</script>", "Jacek": "Ania | **x**"}


def export(tmp_path, fmt, hostile=False, lang="en", name="four-players.json"):
    store = Store(tmp_path / "data")
    source = EXAMPLES / name
    if hostile:
        text = source.read_text(encoding="utf-8")
        for old, new in HOSTILE.items():
            text = text.replace(f'"{old}"', json.dumps(new))
        source = tmp_path / name
        source.write_text(text, encoding="utf-8")
    commands.import_records(store, [source], "game", None, lang)
    out = tmp_path / f"game.{fmt}"
    commands.export(store, "game", fmt, out, lang)
    return out.read_text(encoding="utf-8")


def test_markdown_has_the_log_and_the_scoreboard(tmp_path):
    md = export(tmp_path, "md")
    assert md.startswith("# Na Grunwald! — Marek, Jacek, Kasia, Ania\n")
    assert "Played 2026-10-17 · at Toruń" in md
    assert "## Round 8 (start player: Ania)" in md
    assert "Skirmish: Teutons 9 against Ania mercenary 6, Jacek peasant, Kasia crown 4 = 10" in md
    assert "Captured: Ania Teuton 2, Kasia Teuton 1" in md
    assert "| Mercenaries | Kasia: mercenary 4 (ducats paid: 2); Ania: mercenary 4 (ducats paid: 1) |" in md
    assert "| Marek | 23 | 6 | 5 | 0 | 4 | 0 | 38 | 8 | 1 |" in md
    assert "Royal quartermaster: Marek, Jacek (+4, tie: every tied player scores)" in md
    assert "**Winner: Marek with 38 points.**" in md
    assert "discards" in md  # the losses paid after the lost skirmish of round 5


def test_csv_one_row_per_player_with_every_component(tmp_path):
    rows = list(csv.DictReader(io.StringIO(export(tmp_path, "csv"))))
    assert [r["player"] for r in rows] == ["Marek", "Jacek", "Kasia", "Ania"]
    marek = rows[0]
    assert (marek["knights"], marek["teutons"], marek["crown_commander"], marek["quartermaster"],
            marek["total"], marek["place"], marek["winner"]) == ("23", "6", "5", "4", "38", "1", "1")
    assert [r["place"] for r in rows] == ["1", "2", "2", "4"]


def test_json_is_the_replay_output_plus_the_round_log(tmp_path):
    data = json.loads(export(tmp_path, "json"))
    assert data["complete"] and data["winners"] == ["Marek"]
    assert len(data["rounds"]) == 8 and data["rounds"][3]["skirmish"]["strength"] == 10
    assert data["rounds"][0]["fields"]["crown"] == [
        {"player": "Ania", "gain": "crown:5", "paid": 0}, {"player": "Marek", "gain": "crown:2", "paid": 0}]
    assert data["meta"]["place"] == "Toruń"


def test_polish_summary(tmp_path):
    md = export(tmp_path, "md", lang="pl")
    assert "## Runda 8 (rozpoczyna: Ania)" in md and "Kwatermistrz królewski" in md


@pytest.mark.parametrize("fmt", ["md", "html", "csv", "json"])
def test_hostile_names_appear_literally(tmp_path, fmt):
    text = export(tmp_path, fmt, hostile=True)
    if fmt == "md":
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text and "<script>" not in text
        assert "Ania \\| \\*\\*x\\*\\*" in text
    elif fmt == "html":
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text and "<script>" not in text
        assert "Ania | **x**" in text
    elif fmt == "csv":
        names = [r["player"] for r in csv.DictReader(io.StringIO(text))]
        assert names[:2] == list(HOSTILE.values())
    else:
        assert list(json.loads(text)["players"])[:2] == list(HOSTILE.values())


def test_html_is_self_contained_with_an_svg_chart(tmp_path):
    page = export(tmp_path, "html")
    assert page.startswith("<!DOCTYPE html>") and "<svg" in page and "<style>" in page
    for needle in ("http://", "https://", "<script", "<link", "@import", "src="):
        assert needle not in page.replace('xmlns="http://www.w3.org/2000/svg"', ""), needle


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.mark.slow
@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (apt-get install chromium)")
def test_html_renders_in_headless_chromium(tmp_path):
    page = tmp_path / "game.html"
    page.write_text(export(tmp_path, "html", hostile=True), encoding="utf-8")
    profile = tmp_path / "profile"
    dom = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--dump-dom", page.as_uri()],
                         capture_output=True, text=True, timeout=120).stdout
    assert "<svg" in dom and dom.count("<rect") >= 8
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in dom  # shown as text, never run
    assert "<script>" not in dom
    shot = tmp_path / "shot.png"
    subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--window-size=1000,1400",
                    f"--screenshot={shot}", page.as_uri()], capture_output=True, timeout=120)
    assert shot.exists() and shot.stat().st_size > 20_000


def test_exports_review_the_record_actions_against_the_advice(tmp_path):
    """The session service hands the record's actions to the export: the advice replays them."""
    data = json.loads(export(tmp_path, "json"))
    assert data["advice"] and {d["decision"] for d in data["advice"]} <= {"losses", "feeding"}
    md = (tmp_path / "game.md")
    commands.export(Store(tmp_path / "data"), "game", "md", md, "en")
    assert "Where a choice cost points" in md.read_text(encoding="utf-8")


def test_export_advice_says_one_thing_one_way(tmp_path):
    """Issue 25: the ``advice`` objects as the README documents them — the same keys for losses
    and feeding, ``owed`` with its unit, ``chosen`` written as ``advised`` is (every card with its
    pile, provisions as one item, last), no ``before``."""
    import re

    data = json.loads(export(tmp_path, "json"))
    item = re.compile(r"^(camp|hand)/(crown|mercenary|teuton):\d$")
    kinds = ("crown", "mercenary", "teuton")
    for d in data["advice"]:
        assert set(d) == {"round", "decision", "rule", "player", "owed", "chosen", "chosen_score",
                          "advised", "advised_score", "cost"}
        unit = {"losses": "value", "feeding": "knights"}[d["decision"]]
        assert set(d["owed"]) == {"amount", "unit"} and d["owed"]["unit"] == unit
        for items in (d["chosen"], d["advised"]):
            cards = [i for i in items if not i.startswith("provisions:")]
            assert all(item.match(c) for c in cards)
            assert items[len(cards):] == [i for i in items if i.startswith("provisions:")]
            assert len(items) - len(cards) <= 1
            key = [(kinds.index(c.split("/")[1].split(":")[0]), int(c[-1]), c.startswith("hand"))
                   for c in cards]
            assert key == sorted(key)
        if d["decision"] == "feeding":
            assert len(d["chosen"]) == len(d["advised"]) == d["owed"]["amount"]


def test_issue22_csv_of_a_game_in_progress_does_not_count_the_face_down_camp(tmp_path):
    """A camp lies face down ("kładziemy ją na stół rewersem do góry"): the CSV of a game in
    progress leaves the cards by kind (hand and camp together) blank; the ducats, provisions and
    helpers the table sees stay; a table that plays open, and a finished game, count them."""
    from referee.core.service import SessionService

    text = export(tmp_path, "csv", name="in-progress-three-players.json")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [r["player"] for r in rows] == ["Zosia", "Tomek", "Igor"]
    for r in rows:
        assert r["crown_cards"] == r["mercenary_cards"] == r["teuton_cards"] == ""
        assert r["ducats_left"] != "" and r["helpers"] != ""
    store = Store(tmp_path / "data")
    service = SessionService(store)
    with service.open_live("game", open_table=True) as live:
        live.keep_choices()
    shown = list(csv.DictReader(io.StringIO(service.export("game", "csv"))))
    assert any(r["crown_cards"] or r["mercenary_cards"] or r["teuton_cards"] for r in shown)
    assert all(r["crown_cards"] != "" for r in shown)
