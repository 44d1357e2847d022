"""Na Grunwald! (Filip Miłuński): pure rules, record format 1, replay output.  No I/O here."""

from __future__ import annotations

from typing import Any, Iterable

from referee.core.game import Step
from referee.games.grunwald import bot, engine, output, record, summary
from referee.games.grunwald.state import GrunwaldState


class Grunwald:
    name = record.GAME
    title = "Na Grunwald!"

    new_state = staticmethod(engine.new_state)
    decision = staticmethod(engine.decision)
    legal_actions = staticmethod(engine.legal_actions)
    apply = staticmethod(engine.apply)
    is_over = staticmethod(engine.is_over)
    random_action = staticmethod(bot.random_action)
    parse_record = staticmethod(record.parse_record)
    replay_output = staticmethod(output.replay_output)
    summary = staticmethod(summary.summary)

    @staticmethod
    def write_record(players: list[str], steps: Iterable[Step | Any], meta: dict[str, Any]
                     ) -> dict[str, Any]:
        actions = [s.action if isinstance(s, Step) else s for s in steps]
        return record.write_record(players, actions, meta)

    @staticmethod
    def snapshot(state: GrunwaldState) -> dict[str, Any]:
        return state.snapshot()


GAME = Grunwald()
