"""The CLI speaks each game's own words where it has them, and its help names the games from the
registry."""

from __future__ import annotations

import json
import random

import pytest

from referee.cli.app import main
from referee.core import jsonio, registry


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


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_tools_game_help_says_which_game_they_take_without_game(capsys, lang):
    """Review of issue 25: ``battle`` and ``cards`` without ``--game`` take the only game with the
    tool (Medieval Battle), yet their help still called Na Grunwald! the default."""
    from referee.core.text import catalog

    t = catalog(lang)
    params = registry.help_params(t)
    for command, member in (("battle", "battle_tool"), ("cards", "cards_dialog")):
        text = t(f"cli.help.{command}_game", **params)
        having = [g for g in registry.games() if getattr(g, member, None) is not None]
        assert having and all(g.title in text for g in having)
        assert t("cli.help.default_game") not in text and "grunwald" not in text
    if lang == "en":  # the help as printed (built in the language of the environment)
        for command in ("battle", "cards"):
            code, out, _ = run(capsys, command, "--help")
            text = " ".join(out.split())
            assert code == 0 and "the only game that has this tool" in text and "the default" not in text

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
