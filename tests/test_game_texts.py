"""The CLI speaks each game's own words where it has them, and its help names the games from the
registry."""

from __future__ import annotations

import json
import random

import pytest

from referee.cli.app import main
from referee.core import jsonio
from referee.core import registry


def run(capsys, *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as done:
        main(list(args))
    out = capsys.readouterr()
    return done.value.code or 0, out.out, out.err


def test_the_help_names_every_registered_game(capsys):
    for command in ("new", "replay", "stats"):
        code, out, _ = run(capsys, command, "--help")
        text = " ".join(out.split())
        assert code == 0 and "{" not in text
        for game in registry.games():
            assert registry.short_name(game) in text


def test_undoing_a_secret_entry_speaks_the_games_words(capsys, tmp_path):
    game = registry.get("grunwald")
    rng = random.Random(5)
    players = ["Ola", "Bartek"]
    state = game.new_state(players)
    actions = []
    while not actions or not game.is_secret(actions[-1]):
        actions.append(game.random_action(state, rng))
        game.apply(state, actions[-1])
    path = tmp_path / "secret.json"
    path.write_text(jsonio.dumps_pretty(game.write_record(players, actions, {})), encoding="utf-8")
    data = ["--data-dir", str(tmp_path / "data")]
    assert run(capsys, *data, "import", str(path), "--name", "s")[0] == 0
    code, _, err = run(capsys, *data, "undo", "s", "--yes")
    assert code == 1 and "skirmish cards" in err
    assert len(json.loads(run(capsys, *data, "list", "--json")[1])) == 1
