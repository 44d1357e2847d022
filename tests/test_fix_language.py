"""Issue 22 trial: Ctrl-F (a correction) in a Polish game listed its entries as ``event:``,
``reveal:``, ``placements #1:``, ``skirmish cards:``, ``skirmish losses Darek:`` — the record's
own (English) names of its parts.  The table-facing list says where an entry lies in the
table's language, from the game's catalog (``<prefix>.record_part``); ``fix --entry`` still
takes the record's location."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from referee.cli import fix as cli_fix
from referee.cli.prompter import Prompter, keys_for
from referee.core import dialog as dialogs
from referee.core import fix, registry
from referee.core.text import catalog
from tests.harness import pipe_session
from tests.test_fix import grunwald_record, stored_session

ENGLISH = ["event", "reveal", "placements", "skirmish", "cards", "losses", "feeding", "helper",
           "purchase", "crown", "mercenary", "later"]
NAMES = ["Ola", "Bartek", "Ewa", "Kuba"]


def _lists(lang, tmp_path):
    """The labels of ``referee fix``'s lists (every round of the example, then its entries)."""
    game = registry.get("na-grunwald")
    parsed = game.parse_record(grunwald_record())
    actions = [s.action for s in parsed.replay()[1]]
    labels: list[str] = []
    for n, group in enumerate(sorted({cli_fix.group_of(s.location) for s in parsed.replay()[1]})):
        store, sid = stored_session(tmp_path / f"{lang}{n}", game, parsed.players, actions, parsed.meta)
        with pipe_session() as pipe:
            prompter = Prompter(Console(file=io.StringIO(), width=120), lang)

            def before(q, group=group):
                if q.key == "fix.group":
                    labels.extend(c.label for c in q.choices)
                    pipe.send_text(keys_for(q, group, lang))
                elif q.key == "fix.entry":
                    labels.extend(c.label for c in q.choices)
                    pipe.send_text(keys_for(q, dialogs.UNDO, lang))  # cancelled: nothing changes
                else:
                    pipe.send_text("\x03")

            prompter.before_question = before
            cli_fix.fix(store, sid, None, None, lang=lang, prompter=prompter)
    return labels


def test_issue22_a_polish_fix_list_says_where_each_entry_lies_in_polish(tmp_path):
    labels = _lists("pl", tmp_path)
    assert any("potyczka" in label for label in labels)
    said = " ".join(labels)
    english = [w for w in ENGLISH if re.search(rf"\b{w}\b", said)]
    assert not english, [label for label in labels if any(re.search(rf"\b{w}\b", label) for w in english)]


@pytest.mark.slow  # (7 s; the Polish list, the finding, stays in the quick run)
def test_issue22_an_english_fix_list_keeps_its_words(tmp_path):
    said = " ".join(_lists("en", tmp_path))
    assert "skirmish cards" in said and "placements #1" in said


@pytest.mark.parametrize("name", sorted(registry.names()))
def test_issue22_every_part_of_every_record_location_is_said_in_both_languages(name):
    """Random playouts of every game at every player count: each part of an entry's location
    (but a player's name) is in the game's catalog, in English and Polish."""
    game = registry.get(name)
    prefix = game.info.text_prefix
    missing: set[str] = set()
    for count in game.player_counts:
        rng = random.Random(count)
        names = NAMES[:count] if count <= len(NAMES) else [*NAMES, "Lena"][:count]
        state = game.parse_record(game.new_record(names, {})).replay()[0]
        actions = []
        while not game.is_over(state) and len(actions) < 300:
            action = game.random_action(state, rng)
            game.apply(state, action)
            actions.append(action)
        for step in game.parse_record(game.write_record(names, actions, {})).replay()[1]:
            for part in fix.path_of(step.location):
                if isinstance(part, str) and part not in names and part not in ("rounds", "turns"):
                    for lang in ("en", "pl"):
                        if not catalog(lang).has(f"{prefix}.record_part.{part}"):
                            missing.add(f"{lang}: {part}")
    assert not missing, sorted(missing)
