"""The Decisions quote the book exactly (DEVELOPERS.md: "The book wins … quote it in Decisions").

Every „…” quotation in ``referee/games/medieval/DECISIONS.md`` must be found, piece by piece
(an ellipsis "…" marks what is left out), in the rulebook /work/shared/seeds/002_* — hyphenated
line breaks joined, spaces and case ignored.  (Review of issue 25: MB-C2 quoted „karta walki
wręcz właściwa dla atakującego oddziału” where the book has „kartę … właściwą”.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.games.medieval import record

BOOKS = sorted(Path("/work/shared/seeds").glob("002_*"))


def _norm(text: str) -> str:
    text = re.sub(r"-\s*\n\s*", "", text)  # a word hyphenated at the line's end
    return re.sub(r"\s+", " ", text).lower()


@pytest.mark.skipif(not BOOKS, reason="the rulebook (/work/shared/seeds/002_*) is not on this machine")
def test_MB_C2_every_quotation_in_decisions_is_the_books_text():
    book = _norm(BOOKS[0].read_text(encoding="utf-8"))
    text = (Path(record.__file__).parent / "DECISIONS.md").read_text(encoding="utf-8")
    quotes = re.findall(r"„([^”]+)”", text)
    assert len(quotes) > 30
    missing = [piece for q in quotes for piece in (_norm(p).strip(" .,:") for p in re.split(r"…", q))
               if piece and piece not in book]
    assert missing == []
