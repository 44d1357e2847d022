"""Property tests over random legal battles (the bot plays both armies with a complete random
card table): the invariants after every entry, write → parse → replay equality, every prefix
replays to the engine's state, nothing legal once over; and the texts every error uses."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core import jsonio
from referee.core.text import PLURAL_FORMS, catalog
from referee.games.medieval import bot, engine, record
from referee.games.medieval.cards import card_document
from referee.games.medieval.invariants import check_invariants
from referee.games.medieval.rules import RULES
from tests.playouts import play_to_the_end

PLAYERS = ["Ola", "Bartek"]
PACKAGE = Path(__file__).resolve().parents[2] / "referee" / "games" / "medieval"
#: the rule digest, in the repository (issue 27: the rule-coverage tests never skip)
DIGEST = Path(__file__).resolve().parents[2] / "docs" / "rules" / "medieval-battle.md"


def play(seed: int, large: bool, dismount: bool, full_cards: bool):
    rng = random.Random(seed)
    meta = {"map": "large" if large else "standard"}
    if dismount:
        meta["variants"] = {"dismount": True}
    if full_cards:
        meta["cards"] = card_document(bot.random_cards(rng))
    state, actions = play_to_the_end(engine, bot, check_invariants, record, PLAYERS, meta, rng, 2000)
    return meta, state, actions


def replayed(meta, actions):
    text = jsonio.dumps_pretty(record.write_record(PLAYERS, actions, meta))
    return text, record.parse_record(jsonio.loads(text)).replay()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), large=st.booleans(), dismount=st.booleans(),
       full_cards=st.booleans())
def test_random_battles_keep_the_invariants_and_replay_equal(seed, large, dismount, full_cards):
    meta, state, actions = play(seed, large, dismount, full_cards)
    assert engine.decision(state) is None and engine.legal_actions(state) == []
    assert state.end["winners"]
    text, (again, steps) = replayed(meta, actions)
    assert again.snapshot() == state.snapshot()
    assert jsonio.dumps_pretty(record.write_record(PLAYERS, [s.action for s in steps], meta)) == text


@pytest.mark.slow
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_every_prefix_replays_to_the_engines_state(seed):
    meta, _state, actions = play(seed, False, True, True)
    trial, _ = replayed(meta, [])[1]
    for k, action in enumerate(actions):
        engine.apply(trial, action)
        _, (prefix, _) = replayed(meta, actions[: k + 1])
        assert prefix.snapshot() == trial.snapshot()
        assert prefix.over == (k == len(actions) - 1)


def test_finite_decisions_list_only_legal_entries():
    for seed in range(15):
        rng = random.Random(seed)
        state = engine.new_state(PLAYERS, cards=bot.random_cards(rng))
        while not engine.is_over(state):
            d = engine.decision(state)
            if d.finite:
                for option in engine.legal_actions(state):
                    engine.apply(state.copy(), option)
            else:
                assert engine.free_form(state)["player"] == d.player
            engine.apply(state, bot.random_action(state, rng))


def test_every_message_the_code_raises_is_in_both_catalogs():
    used = set()
    for path in PACKAGE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        used |= set(re.findall(r'"(medieval\.[a-z_]+\.[a-z0-9_]+)"', text))
        for prefix in re.findall(r'f"(medieval\.error\.[a-z_]*)\{', text):
            used |= {k for k in catalog("en").entries if k.startswith(prefix)}
    for lang in ("en", "pl"):
        entries = catalog(lang).entries
        plural = {k.rsplit(".", 1)[0] for k in entries if k.rsplit(".", 1)[-1] in PLURAL_FORMS}
        assert not {k for k in used if k not in entries and k not in plural}, lang
    for kind in ("recruit", "reserve", "turn", "answer", "pursuit"):
        assert f"medieval.error.expected_{kind}" in catalog("pl").entries
        assert f"medieval.error.entry_{kind}" in catalog("pl").entries
    for where in ("off_map", "reserve"):
        assert f"medieval.error.not_{where}" in catalog("pl").entries


def test_polish_uses_the_games_own_words():
    pl = " ".join(v for k, v in catalog("pl").entries.items() if k.startswith("medieval."))
    for word in ("oddział", "punkt", "ruchu", "tabor", "przegrupowani", "żeton", "upływu czasu",
                 "kalkulator starć", "chorągiew", "zaciąg", "pościg", "spiesz", "poza planszą"):
        assert word in pl, word


def test_the_digest_and_the_code_know_the_same_rule_ids():
    ids = re.findall(r"^- (MB-[A-Z]*\d+)\b", DIGEST.read_text(encoding="utf-8"), re.M)
    assert set(ids) == set(RULES) and len(ids) == len(RULES)


JUNK = st.recursive(st.none() | st.booleans() | st.integers(-3, 30) | st.sampled_from(
    ["plain", "forest", "hills", "mountains", "off_map", "R-HC1", "Y-BG", "Ola", "Bartek", "1/1",
     "edge1", "before", ""]), lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.sampled_from(["player", "unit", "path", "attack", "terrain", "stand",
                                       "withdraw", "pass", "regroup", "flag", "card"]), inner,
                      max_size=4), max_leaves=8)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_mutated_record_replays_or_fails_with_a_record_error(data):
    from referee.core.errors import RecordError
    from tests.conftest import EXAMPLES

    doc = jsonio.loads((EXAMPLES / "medieval" / "standard-map.json").read_text(encoding="utf-8"))
    section = data.draw(st.sampled_from(["turns", "armies", "reserve", "cards", "top"]))
    value = data.draw(JUNK)
    if section == "turns":
        doc["turns"][data.draw(st.integers(0, len(doc["turns"]) - 1))] = value
    elif section == "top":
        doc[data.draw(st.sampled_from(["map", "flags", "movement", "time_tokens", "players"]))] = value
    elif section == "cards":
        doc["cards"]["melee"]["pikemen"] = value
    else:
        doc[section][data.draw(st.sampled_from(PLAYERS))] = value
    try:
        state, _ = record.parse_record(doc).replay()
    except RecordError as err:
        assert err.render("en") and err.render("pl") and err.location is not None
    else:
        check_invariants(state)
