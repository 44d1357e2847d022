"""The Decisions quote the book exactly (DEVELOPERS.md: "The book wins … quote it in Decisions").

The quotes live in the repository (``referee/games/medieval/DECISIONS.md``) and are checked in
two steps.  Always: each decision that quotes the book names the tests that hold it, and they
exist (the code against the quotes).  Where the book is (``REFEREE_RULEBOOKS``,
tests/rulebooks.py): every „…” quotation must be found, piece by piece (an ellipsis "…" marks what
is left out), in the rulebook's text — hyphenated line breaks joined, spaces and case ignored.
(Review of issue 25: MB-C2 quoted „karta walki wręcz właściwa dla atakującego oddziału” where the
book has „kartę … właściwą”.)"""

from __future__ import annotations

import re
from pathlib import Path

from referee.games.medieval import record
from tests import rulebooks

DECISIONS = Path(record.__file__).parent / "DECISIONS.md"
HERE = Path(__file__).parent


def _norm(text: str) -> str:
    text = re.sub(r"-\s*\n\s*", "", text)  # a word hyphenated at the line's end
    return re.sub(r"\s+", " ", text).lower()


def test_MB_C2_every_decision_that_quotes_the_book_names_tests_that_exist():
    text = DECISIONS.read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| MB-") and "„" in line]
    assert len(rows) > 20
    names = {name for path in HERE.glob("test_*.py")
             for name in re.findall(r"^(?:async )?def (test_\w+)", path.read_text(encoding="utf-8"), re.M)}
    missing = []
    for row in rows:
        cited = re.findall(r"(test_\w+)(\.py)?(…)?", row)
        assert any(not py for _, py, _ in cited), row  # every quoting decision names a test
        for name, py, cut in cited:
            if py:
                found = (HERE / f"{name}.py").is_file()
            else:
                found = any(n.startswith(name) for n in names) if cut else name in names
            if not found:
                missing.append(name + py + cut)
    assert missing == []


def test_MB_C2_every_quotation_in_decisions_is_the_books_text():
    book = _norm(rulebooks.book("medieval")[0].read_text(encoding="utf-8"))
    text = DECISIONS.read_text(encoding="utf-8")
    quotes = re.findall(r"„([^”]+)”", text)
    assert len(quotes) > 30
    missing = [piece for q in quotes for piece in (_norm(p).strip(" .,:") for p in re.split(r"…", q))
               if piece and piece not in book]
    assert missing == []
