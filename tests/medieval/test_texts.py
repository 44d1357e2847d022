"""Issue 22 trial: Medieval Battle's questions showed rule ids ("… MB-V3 …" inside a question).
A player reads the book's words; the ids stay where the house puts them, as in the other games:
in refusals and errors (a record's, a card table's, a refused army), and in the news of what the
referee resolved (`… (MB-F1)`, like Na Grunwald!'s `(NG-E1)` and Kajko's `(KK-11)`)."""

from __future__ import annotations

import re

import pytest

from referee.core import dialog as dialogs
from referee.core.text import catalog
from referee.games.medieval import dialog
from referee.games.medieval.actions import Pass
from tests.medieval.table import YELLOW, apply, battle

RULE_ID = re.compile(r"\b(?:MB|NG|WC|KK)-[A-Z]*\d")
#: where an id may stand: errors of records, card tables and entries; the news; a refusal
ID_SECTIONS = ("medieval.error.", "medieval.record.", "medieval.cards.", "medieval.news.")
ID_REFUSALS = {"medieval.play.recruit_unspent"}


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_no_question_or_notice_of_medieval_battle_names_a_rule_id(lang):
    t = catalog(lang)
    with_ids = sorted(key for key, text in t.entries.items()
                      if key.startswith("medieval.") and t.has_own(key) and RULE_ID.search(text)
                      and not key.startswith(ID_SECTIONS) and key not in ID_REFUSALS)
    assert not with_ids


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_MB_V3_the_question_that_ends_the_battle_speaks_the_books_words(lang):
    t = catalog(lang)
    state = battle()
    apply(state, Pass(YELLOW))
    gen = dialog.ask(state, t, {})
    q = next(gen)
    while not (isinstance(q, dialogs.Select) and q.key == "medieval.turn"):
        q = gen.send(None)
    pass_choice = next(c.value for c in q.choices if c.value == "pass")
    q = gen.send(pass_choice)
    while isinstance(q, dialogs.Notice):
        q = gen.send(None)
    assert q.key == "medieval.pass_ends" and not RULE_ID.search(q.message)
