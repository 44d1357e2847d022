"""Issue 22 trial (Na Grunwald!, loss payment, Polish): "Ile prowiantu? (ma 5, brakuje jeszcze 3)"
refused 43, 6 and ``abc`` with no reason the table could act on.  NG-S4 with NG-C4: provisions
are paid by value, at least 1 and no more than the player holds; each refusal says so under the
field, in the table's language (real prompts on an 80×24 pyte terminal)."""

from __future__ import annotations

import pytest

from referee.cli.prompter import Prompter, keys_for
from referee.core import dialog as dialogs
from referee.core.text import catalog
from referee.games.grunwald import dialog
from tests.grunwald.test_prompts import _losses_position
from tests.terminal import Terminal

WRONG = ["43", "6", "abc"]


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_NG_S4_a_refused_provisions_amount_says_from_1_to_what_is_held(lang):
    t = _losses_position(5, {"crown:5": 1, "crown:4": 1})
    reason = catalog(lang)("grunwald.play.losses_amount_refused", player="Marek", have=5)
    assert ("from 1 to 5" if lang == "en" else "od 1 do 5") in reason
    term = Terminal()
    screens: list[str] = []
    with term.session() as pipe:
        prompter = Prompter(term.console(), lang)
        wrong = list(WRONG)

        def refuse(typed: str) -> None:
            """Type a wrong answer; the screen is kept once it has been redrawn with the reason
            and without the answer in the field (or after 10 s: the assertions say what is
            missing), and the next one typed then."""
            written = len(term.raw)

            def refused(screen: str) -> bool:
                rows = screen.split("\n")
                field = max((i for i, row in enumerate(rows) if row.startswith("?")), default=0)
                return (len(term.raw) > written and typed not in rows[field].split()
                        and any(reason in row for row in rows[field:field + 4]))

            pipe.send_text(f"{typed}\r")
            term.once_shown(refused, after_each)

        def after_each() -> None:
            screens.append(term.display())
            if wrong:
                refuse(wrong.pop(0))
            else:
                pipe.send_text("\x03")

        def before(q):
            if isinstance(q, dialogs.Private):
                pipe.send_text("\r")
            elif q.key == "losses.item":
                pipe.send_text(keys_for(q, ("provisions", 5), lang))
            elif q.key == "losses.provisions":
                refuse(wrong.pop(0))
            else:
                pipe.send_text("\x03")

        prompter.before_question = before
        with pytest.raises(KeyboardInterrupt):
            dialogs.run(dialog.ask(t.s, catalog(lang)), prompter.ask)
    assert len(screens) == len(WRONG)
    for typed, screen in zip(WRONG, screens, strict=True):
        rows = screen.split("\n")
        field = max(i for i, row in enumerate(rows) if row.startswith("?"))
        assert any(reason in row for row in rows[field:field + 4]), f"{typed!r} refused without a reason:\n{screen}"
        assert typed not in rows[field].split()  # (and cleared from the field)
