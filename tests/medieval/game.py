"""Medieval Battle in the shared game suite before it is registered (``tests/conftest.py`` picks
up every ``tests/<folder>/game.py``).

The game has its rules, records and replay output; its text layer (the live dialog, board,
summary, news and exports) comes next.  Until then the suite's language test reads these
stand-ins: plain lines built from the replay output, in no language.  Delete this file once
``referee.games.medieval`` defines ``GAME``.
"""

from __future__ import annotations

import json
from typing import Any

from referee.core.report import Line
from referee.games.medieval import MedievalBattle


class _Suite(MedievalBattle):
    def summary(self, state: Any, t: Any, source: str | None = None) -> list[Line]:
        return [Line(json.dumps(self.replay_output(state), ensure_ascii=False))]

    board = summary

    @staticmethod
    def news_marker(state: Any) -> int:
        return len(state.log)

    def news(self, t: Any, marker: int, state: Any) -> list[Line]:
        return [Line(json.dumps(entry, ensure_ascii=False)) for entry in state.log[marker:]]

    def describe(self, t: Any, action: Any) -> str:
        return repr(action)

    def export(self, state: Any, fmt: str, t: Any, meta: dict[str, Any], name: str = "") -> str:
        return json.dumps(self.replay_output(state), ensure_ascii=False)


GAME = _Suite()
