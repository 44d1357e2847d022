"""Issue 26 item 5: every summary of a game with points shows the standing after every round (Na
Grunwald!, Kajko i Kokosz) or the VP and time tokens after every turn (Medieval Battle) as a chart:
an inline SVG line chart in HTML, a compact table in Markdown.

The expected figures are computed here, independently of the summaries: each record is cut after
every round (or turn) and the shortened record replayed on its own, then scored from its replay
output or state by the book's arithmetic."""

from __future__ import annotations

import copy
import json
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

from referee.core import registry
from referee.core.text import catalog

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def export(game_name: str, doc: dict, fmt: str, lang: str = "en", public: bool = False) -> str:
    game = registry.find(game_name)
    parsed = game.parse_record(doc)
    state, steps = parsed.replay()
    return game.export(state, fmt, catalog(lang), parsed.meta, "s", [s.action for s in steps],
                       public=public)


# -------------------------------------------------------------------------------- reading a summary


class Balanced(HTMLParser):
    """Every element closed in order (HTML's void elements aside)."""

    VOID = {"meta", "br", "img", "input", "link", "hr"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        assert self.stack and self.stack.pop() == tag, tag


def html_lines(page: str, title: str) -> dict[str, list[tuple[str, int]]]:
    """The line chart captioned ``title``: per series, its (step, figure) points, read from the
    dots' tooltips; the figure must be well-formed XML and have one polyline per series."""
    checker = Balanced()
    checker.feed(page)
    checker.close()
    assert checker.stack == []
    start = page.index(f"<figure><figcaption>{title}</figcaption>")
    figure = ET.fromstring(page[start:page.index("</figure>", start) + len("</figure>")])
    svg = figure.find("{http://www.w3.org/2000/svg}svg")
    assert svg is not None
    out: dict[str, list[tuple[str, int]]] = {}
    for group in svg.findall("{http://www.w3.org/2000/svg}g"):
        line = group.find("{http://www.w3.org/2000/svg}polyline")
        name = line.find("{http://www.w3.org/2000/svg}title").text
        dots = group.findall("{http://www.w3.org/2000/svg}circle")
        points = []
        for dot in dots:
            m = re.fullmatch(r".* · \w+ (\S+): (-?\d+)", dot.find("{http://www.w3.org/2000/svg}title").text)
            points.append((m.group(1), int(m.group(2))))
        assert len(line.get("points").split()) == len(points)
        out[name] = points
    return out


def table_rows(lines: list[str], k: int) -> list[list[str]]:
    """The body rows of the Markdown table whose title is ``lines[k]``."""
    rows = []
    for line in lines[k + 4:]:
        if not line.startswith("|"):
            break
        rows.append([c.strip() for c in line.strip("|").split("|")])
    return rows


def md_lines(text: str, title: str, names: list[str]) -> dict[str, list[tuple[str, int]]]:
    """The Markdown table under ``*title*``: per player, the (step, figure) pairs (the table has a
    row per player, or, with many steps, a row per step)."""
    lines = text.splitlines()
    k = lines.index(f"*{title}*")
    rows = []
    for line in lines[k + 2:]:
        if not line.startswith("|"):
            break
        rows.append([c.strip() for c in line.strip("|").split("|")])
    header, body = rows[0], rows[2:]
    if header[1:] == names:  # a row per step
        return {n: [(row[0], int(row[1 + i])) for row in body] for i, n in enumerate(names)}
    return {row[0]: [(step, int(v)) for step, v in zip(header[1:], row[1:])] for row in body}


# -------------------------------------------------------------------------------- Na Grunwald!


def grunwald_expected(doc: dict) -> dict[str, list[tuple[str, int]]]:
    """The record cut after each round and replayed: the standing (the score as if the game ended
    there, ``show --standing``); after the last round, with the feeding, the final score."""
    game = registry.find("na-grunwald")
    names = doc["players"]
    out: dict[str, list[tuple[str, int]]] = {n: [] for n in names}
    for k in range(1, len(doc["rounds"]) + 1):
        cut = copy.deepcopy(doc)
        cut["rounds"] = doc["rounds"][:k]
        if k < 8:
            cut.pop("feeding", None)
        elif "feeding" not in doc:
            continue
        state, _ = game.parse_record(cut).replay()
        if state.round == k and state.phase != "over":  # the round's entries are not all there
            continue
        standing = game.standing_output(state)
        assert standing["final"] == (k == 8)
        for n in names:
            out[n].append((str(k), standing["players"][n]["score"]["total"]))
    return out


GRUNWALD = ["two-players.json", "three-players.json", "four-players.json",
            "in-progress-three-players.json"]


@pytest.mark.parametrize("name", GRUNWALD)
@pytest.mark.parametrize("lang", ["en", "pl"])
def test_grunwald_summary_charts_the_standing_after_every_round(name, lang):
    doc = load(EXAMPLES / name)
    expected = grunwald_expected(doc)
    t = catalog(lang)
    assert expected[doc["players"][0]]  # (every example finished a round at least)
    assert md_lines(export("na-grunwald", doc, "md", lang), t("grunwald.export.history"),
                    doc["players"]) == expected
    assert html_lines(export("na-grunwald", doc, "html", lang), t("grunwald.export.history")) == expected


def test_grunwald_final_point_is_the_final_score():
    doc = load(EXAMPLES / "four-players.json")
    out = json.loads(export("na-grunwald", doc, "json"))
    final = {n: p["score"]["total"] for n, p in out["players"].items()}
    assert {n: points[-1] for n, points in grunwald_expected(doc).items()} == \
        {n: ("8", final[n]) for n in doc["players"]}


def test_grunwald_public_summary_has_no_standing_chart():
    """The standing reads the camps' face-down cards (issue 22): a summary of a game in progress
    shown to the table (``public``) never charts it."""
    doc = load(EXAMPLES / "in-progress-three-players.json")
    t = catalog("en")
    assert t("grunwald.export.history") not in export("na-grunwald", doc, "md", public=True)
    assert t("grunwald.export.history") not in export("na-grunwald", doc, "html", public=True)
    assert t("grunwald.export.history") in export("na-grunwald", doc, "md")


# -------------------------------------------------------------------------------- Kajko i Kokosz

#: KK-6, KK-11: what each card is worth in town (the book: "sumuje dukaty na wszystkich zdobytych
#: przez siebie kartach wysłanych do grodu")
DUCATS = {"coin": 1, "coin_in_hand": 1, "item:5": 5, "item:10": 10}


def kajko_expected(doc: dict) -> dict[str, list[tuple[str, int]]]:
    """The record cut after each round (a round ends where the next turn goes to a seat at or
    before the one that just played, or the game ends) and replayed: the ducats in each town from
    the replay output; at the end the final score."""
    game = registry.find("kajko")
    names = doc["players"]
    seat = {n: i for i, n in enumerate(names)}
    turns = doc["turns"]
    out: dict[str, list[tuple[str, int]]] = {n: [] for n in names}
    rounds = 0
    for j, turn in enumerate(turns):
        last = j == len(turns) - 1
        if not last and seat[turns[j + 1]["player"]] > seat[turn["player"]]:
            continue
        rounds += 1
        cut = {**doc, "turns": turns[:j + 1]}
        state, _ = game.parse_record(cut).replay()
        output = json.loads(game.export(state, "json", catalog("en"), {}))
        for n in names:
            player = output["players"][n]
            value = player["score"]["total"] if output["complete"] else \
                sum(DUCATS[c] for character in player["town"] for c in character)
            out[n].append((str(rounds), value))
    return out


@pytest.mark.parametrize("name", ["two-players.json", "three-players.json"])
@pytest.mark.parametrize("lang", ["en", "pl"])
def test_kajko_summary_charts_the_ducats_in_town_after_every_round(name, lang):
    doc = load(EXAMPLES / "kajko" / name)
    expected = kajko_expected(doc)
    t = catalog(lang)
    assert len(expected[doc["players"][0]]) > 3
    assert md_lines(export("kajko", doc, "md", lang), t("kajko.export.history"), doc["players"]) == expected
    assert html_lines(export("kajko", doc, "html", lang), t("kajko.export.history")) == expected


def test_kajko_game_in_progress_has_no_chart():
    """The towns' cards lie face down until the end ("żaden gracz nie może ich podglądać w trakcie
    gry"): no standing while the game is played."""
    doc = load(EXAMPLES / "kajko" / "in-progress-five-players.json")
    t = catalog("en")
    assert t("kajko.export.history") not in export("kajko", doc, "md")
    assert t("kajko.export.history") not in export("kajko", doc, "html")


# -------------------------------------------------------------------------------- Medieval Battle


def medieval_expected(doc: dict) -> tuple[dict[str, list[tuple[str, int]]], dict[str, list[tuple[str, int]]]]:
    """The record cut after every entry and replayed; where a new turn is asked next (or the battle
    is over) a turn ended: each army's VP by the book (MB-V: the value of the flags it holds, 3 per
    enemy baggage train destroyed) and its time tokens."""
    from referee.games.medieval import engine

    game = registry.find("medieval-battle")
    names = doc["players"]
    vp: dict[str, list[tuple[str, int]]] = {n: [] for n in names}
    tokens: dict[str, list[tuple[str, int]]] = {n: [] for n in names}
    turn = 0
    for j in range(len(doc["turns"]) + 1):
        state, _ = game.parse_record({**doc, "turns": doc["turns"][:j]}).replay()
        d = engine.decision(state)
        if d is not None and d.kind != "turn":
            continue
        for i, n in enumerate(names):
            held = sum(state.flags[f] for f, owner in state.holder.items() if owner == i)
            vp[n].append((str(turn), held + 3 * state.armies[i].baggage_taken))
            tokens[n].append((str(turn), state.armies[i].tokens))
        turn += 1
    return vp, tokens


@pytest.mark.parametrize("name", ["standard-map.json", "in-progress.json"])
@pytest.mark.parametrize("lang", ["en", "pl"])
def test_medieval_summary_charts_vp_and_time_tokens_after_every_turn(name, lang):
    doc = load(EXAMPLES / "medieval" / name)
    vp, tokens = medieval_expected(doc)
    t = catalog(lang)
    assert len(vp[doc["players"][0]]) > 3
    page = export("medieval-battle", doc, "html", lang)
    assert html_lines(page, t("medieval.export.chart_vp")) == vp
    assert html_lines(page, t("medieval.export.chart_tokens")) == tokens
    # Markdown: the table of both (thinned to about 20 rows; these examples are shorter)
    text = export("medieval-battle", doc, "md", lang)
    lines = text.splitlines()
    k = lines.index(f"*{t('medieval.export.over_turns')}*")
    rows = table_rows(lines, k)
    names = doc["players"]
    assert [row[0] for row in rows] == [step for step, _ in vp[names[0]]]
    for i, n in enumerate(names):
        assert [int(row[1 + i]) for row in rows] == [v for _, v in vp[n]]
        assert [int(row[1 + len(names) + i]) for row in rows] == [v for _, v in tokens[n]]


def test_charts_escape_names_and_stay_self_contained():
    """A player's name is text in the SVG, never markup; nothing is fetched from the net."""
    doc = load(EXAMPLES / "two-players.json")
    hostile = "<script>x</script>&"
    old = doc["players"][0]
    text = json.dumps(doc, ensure_ascii=False).replace(f'"{old}"', json.dumps(hostile))
    page = export("na-grunwald", json.loads(text), "html")
    assert "<script" not in page and "&lt;script&gt;x&lt;/script&gt;&amp;" in page
    assert not re.sub(r'xmlns="http://www.w3.org/2000/svg"', "", page).count("http")
    assert hostile in html_lines(page, catalog("en")("grunwald.export.history"))


# -------------------------------------------------------------------------------- War Chest


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_warchest_markdown_has_the_locations_held_per_round(lang):
    """War Chest has no points: its summary charts the locations each side holds at the end of
    every round (HTML: stacked bars); Markdown now shows the same figures as a table."""
    doc = load(EXAMPLES / "warchest" / "four-players.json")
    game = registry.find("war-chest")
    parsed = game.parse_record(doc)
    state, _ = parsed.replay()
    t = catalog(lang)
    text = export("war-chest", doc, "md", lang)
    lines = text.splitlines()
    k = lines.index(f"*{t('warchest.summary.control_chart')}*")
    rows = table_rows(lines, k)
    assert [row[0] for row in rows] == [t("warchest.summary.round", round=r) for r in range(1, state.round + 1)]
    held = [sum(v == side for v in state.control.values()) for side in ("raven", "wolf")]
    assert [int(v) for v in rows[-1][1:]] == held
