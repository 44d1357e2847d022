"""Issue 22 trial: the private bag line of a draw that refills the bag (WC-T2) left out the
face-up discard, which goes into the bag with the face-down one."""

from __future__ import annotations

import random

import pytest

from referee.core.text import catalog
from referee.games.warchest import bot, engine
from referee.games.warchest.dialog import private_lines
from referee.games.warchest.names import codes_of


def _refilling_draw():
    """A told draw whose player's bag runs out during it, with coins in the face-up discard."""
    for seed in range(100):
        rng = random.Random(seed)
        state = engine.new_state(["Ala", "Bob"])
        for _ in range(600):
            if state.over:
                break
            if state.phase == "draw":
                p = state.players[state.drawn]
                if (p.bag_n < min(3, engine.available(p)) and sum(p.faceup.values())
                        and p.hand is not None and p.down is not None):
                    return state, rng
            engine.apply(state, bot.random_action(state, rng))
    raise AssertionError("no refilling draw in 100 games")


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_WC_T2_the_bag_line_of_a_refilling_draw_names_the_whole_discard(lang):
    t = catalog(lang)
    state, rng = _refilling_draw()
    p = state.players[state.drawn]
    lines = [line.text for line in private_lines(state, t, p.name)]
    said = " · ".join(lines[1:])
    assert said.startswith(t("warchest.private.bag_refill",
                             bag=codes_of(t, engine.memory_aid(state, p.name)["bag"])))
    # the face-up coins go into the bag too, with the face-down ones; each line fits 80 columns
    assert t("warchest.private.refill_up", coins=codes_of(t, p.faceup)) in said
    assert t("warchest.private.refill_down", coins=codes_of(t, p.down)) in said
    assert all(len(line) <= 80 for line in lines)
    # once drawn, the bag holds what is left of bag and discard, face-up coins included
    engine.apply(state, bot.random_action(state, rng))
    while state.phase == "draw" and state.players[state.drawn] is not p:
        engine.apply(state, bot.random_action(state, rng))
    after = [line.text for line in private_lines(state, t, p.name)]
    assert after[-1] == t("warchest.private.bag", bag=codes_of(t, engine.memory_aid(state, p.name)["bag"]),
                          down=codes_of(t, p.down))
    assert sum(engine.memory_aid(state, p.name)["bag"].values()) == p.bag_n


def test_WC_T2_a_draw_from_a_full_bag_shows_the_bag_line_as_before():
    t = catalog("en")
    state = engine.new_state(["Ala", "Bob"])
    rng = random.Random(1)
    while state.phase != "draw":
        engine.apply(state, bot.random_action(state, rng))
    p = state.players[state.drawn]
    assert private_lines(state, t, p.name)[-1].text.startswith("Your bag: ")
    assert "refills" not in private_lines(state, t, p.name)[-1].text
