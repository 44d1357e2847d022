"""Issue 25 item 10: a score asked at the table can be kept (``<data>/scores/``): ``score --list``
lists it, ``stats`` counts it, ``score FILE`` prints its scoreboard again; a damaged one is named
and counted nowhere."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from referee.cli.app import app
from referee.cli.prompter import keys_for
from tests.conftest import ROOT
from tests.grunwald.test_score import ANSWERS
from tests.harness import prompts


def _score_at_the_table(root, keep):
    """``referee score`` through the real prompts; ``keep``: the answer to the offer (``None``:
    Enter, the default).  Returns the keys of the questions asked and what the console showed."""
    from referee.cli import score as score_cli

    typed = {k: list(v) for k, v in ANSWERS.items()}
    seen = []
    shown = io.StringIO()

    def type_answer(q):
        seen.append(q.key)
        if q.key == "score.keep":
            return "\r" if keep is None else keys_for(q, keep)
        return keys_for(q, typed[q.key].pop(0))

    with prompts(type_answer, "en", screen=shown, width=100) as prompter:
        score_cli.run(None, as_json=False, game_name="grunwald", lang="en", prompter=prompter,
                      root=root)
    return seen, shown.getvalue()


def _cli(root, *args):
    r = CliRunner().invoke(app, ["--data-dir", str(root), "--lang", "en", *args])
    return r


@pytest.mark.parametrize("keep", [True, None])
def test_a_score_asked_at_the_table_is_kept_listed_counted_and_shown_again(tmp_path, keep):
    seen, shown = _score_at_the_table(tmp_path, keep)
    assert seen[-1] == "score.keep"
    assert "Winner: Ania" in shown and "Kept: " in shown
    files = list((tmp_path / "scores").iterdir())
    assert len(files) == 1 and files[0].name.endswith("-jacek-ania-marek.json")
    listed = json.loads(_cli(tmp_path, "score", "--list", "--json").stdout)["scores"]
    assert [(r["game"], r["players"], r["result"]["winners"]) for r in listed] == [
        ("na-grunwald", ["Jacek", "Ania", "Marek"], ["Ania"])]
    r = _cli(tmp_path, "score", "--list")
    assert r.exit_code == 0 and files[0].name in r.stdout
    stats = json.loads(_cli(tmp_path, "stats", "--json").stdout)
    assert stats["games"]["na-grunwald"]["games"] == 1 and stats["damaged"] == []
    r = _cli(tmp_path, "stats", "--player", "Ania", "--json")
    assert json.loads(r.stdout)["games"]["na-grunwald"]["players"]["Ania"]["wins"] == 1
    r = _cli(tmp_path, "score", str(files[0]))
    assert r.exit_code == 0 and "Winner: Ania — tied on 46 points, more cards (11)." in r.stdout


def test_a_score_not_kept_leaves_nothing(tmp_path):
    seen, shown = _score_at_the_table(tmp_path, False)
    assert seen[-1] == "score.keep" and "Kept" not in shown
    assert not (tmp_path / "scores").exists()
    assert json.loads(_cli(tmp_path, "score", "--list", "--json").stdout) == {"scores": []}


def test_a_damaged_kept_score_is_named_and_counted_nowhere(tmp_path):
    _score_at_the_table(tmp_path, True)
    bad = tmp_path / "scores" / "2026-01-01-x.json"
    good = json.loads(next((tmp_path / "scores").iterdir()).read_text(encoding="utf-8"))
    good["players"]["Ania"]["ducats"] = -3
    bad.write_text(json.dumps(good), encoding="utf-8")
    r = _cli(tmp_path, "score", "--list")
    assert r.exit_code == 0 and "players.Ania.ducats: ducats cannot be negative (-3)" in r.stdout
    stats = json.loads(_cli(tmp_path, "stats", "--json").stdout)
    assert stats["games"]["na-grunwald"]["games"] == 1
    assert stats["damaged"] == ["scores/2026-01-01-x.json"]


def test_a_kept_score_is_never_written_through_a_link(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    root = tmp_path / "data"
    root.mkdir()
    (root / "scores").symlink_to(elsewhere)
    from referee.core.errors import RefereeError
    from referee.store import scores

    with pytest.raises(RefereeError):
        scores.keep(root, {"game": "na-grunwald", "format": 1, "players": {"A": {}}}, "2026-11-25")
    assert list(elsewhere.iterdir()) == []
    r = subprocess.run([sys.executable, "-m", "referee", "--data-dir", str(root), "score", "--list"],
                       capture_output=True, text=True, cwd=ROOT, timeout=60,
                       env={**os.environ, "REFEREE_LANG": "en"})
    assert r.returncode != 0 and "link" in r.stderr and "Traceback" not in r.stderr


def test_a_kept_score_leaves_the_averages_it_cannot_know_alone():
    """A kept score has no skirmish losses (an inventory does not know them): the average is
    over the sessions that do, not lowered by the kept score's missing figure."""
    from referee.core import registry
    from referee.core.stats import compute

    game = registry.get("grunwald")
    extras = {x: key for x, (key, _) in game.stats_extras.items()}
    extra, key = next(iter(extras.items()))
    player = {"score": {"total": 40}, "place": 1}
    session = {"complete": True, "date": "2026-11-01",
               "result": {"players": {"Ania": {**player, extra: 4}, "Ola": {**player, "place": 2,
                                                                              extra: 0}},
                          "winners": ["Ania"]}}
    kept = {"complete": True, "date": "2026-11-02",
            "result": {"players": {"Ania": player, "Ola": {**player, "place": 2}},
                       "winners": ["Ania"]}}
    out = compute([session, kept], game.titles, extras)
    assert out["players"]["Ania"]["games"] == 2 and out["players"]["Ania"]["wins"] == 2
    assert out["players"]["Ania"][key] == 4.0


def test_an_export_never_writes_among_the_kept_scores(tmp_path):
    """``scores/`` is the store's: a file asked for there is refused, as one among the sessions."""
    from referee.core.errors import UsageError
    from referee.store.sessions import Store

    with pytest.raises(UsageError):
        Store(tmp_path).refuse_inside(tmp_path / "scores" / "x.json")
