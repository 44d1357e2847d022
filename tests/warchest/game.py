"""War Chest as a throwaway game of the shared suite (``tests/conftest.py`` registers every
``tests/<folder>/game.py``'s ``GAME`` while a test uses it), before ``referee/games/warchest``
defines its own ``GAME``.

Opt-in with ``REFEREE_SUITE_WARCHEST=1``: the shared suite also checks what the dialog engineer
adds next (summaries, board picture, exports: ``test_the_game_speaks_both_languages``) and the
shared rule-coverage test does not yet read dotted ids (``WC-4.1``); see DECISIONS.md.
"""

from __future__ import annotations

import os

from referee.games.warchest import WarChest

if os.environ.get("REFEREE_SUITE_WARCHEST") == "1":
    GAME = WarChest()
