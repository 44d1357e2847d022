"""The live referee's questions for Kajko i Kokosz, built from the engine's legal options.

``ask(state, t, colors, hints)`` is a dialog (see ``referee.core.dialog``): it yields questions and
returns the turn to record, or ``UNDO``.  Pure: no UI library, no printing.
"""

from __future__ import annotations

from typing import Any

from referee.core.dialog import (
    BACK,
    UNDO,
    Choice,
    Confirm,
    Dialog,
    Invalid,
    Notice,
    Select,
    Text,
)
from referee.core.report import Line
from referee.core.text import Catalog
from referee.games.kajko import engine
from referee.games.kajko.actions import Reveal, Send
from referee.games.kajko.names import card_name, cards_text
from referee.games.kajko.state import (
    COIN_IN_HAND,
    DEFAULT_STACKS,
    MAX_STACKS,
    MIN_STACK,
    VALUES,
    KajkoState,
)
from referee.games.kajko.view import board, danger_odds

#: stable keys: stack n keeps its key all game long (s, u and b are taken by send, undo, back)
STACK_KEYS = "1234567890acdefghijk"
#: stable keys of the cards, the same in every language
CARD_KEYS = {"coin": "1", "item:5": "5", "item:10": "0", "coin_in_hand": "m", "chamberlain": "c",
             "brigands": "z", "jomsborg": "j"}
SEND = "send"


def is_secret(action: Any) -> bool:
    """Nothing is hidden in this game: any entry may be taken back."""
    return False


def ask(state: KajkoState, t: Catalog, colors: dict[str, str] | None = None,
        hints: bool = False, open: bool = False) -> Dialog:
    """The next turn's questions.  Issue 22 (docs/table.md): nothing here is private to one
    player; the memory aid (``hints``) adds the dangers left in each stack and what lies face
    down on each player's characters ("żaden gracz nie może ich podglądać"), which the table saw
    sent but must remember."""
    # the stack menu says what each holds
    yield Notice(board(state, t, colors, stacks=False, town=hints or open))
    p = state.current()
    while True:
        choices = [Choice(_stack_label(t, state, i, hints), i, STACK_KEYS[i])
                   for i, left in enumerate(state.left) if left]
        if engine.can_send(state, p):
            items = p.items()
            choices.append(Choice(t.n("kajko.play.send", len(items), value=sum(VALUES[c] for c in items),
                                      character=len(p.town) + 1, of=state.characters), SEND, "s"))
        if state.log:
            choices.append(Choice(t("kajko.play.undo"), UNDO, "u"))
        answer = yield Select("kajko.turn", t("kajko.play.turn", player=p.name), choices,
                              safe_default=False)
        if answer is UNDO:
            return UNDO
        if answer == SEND:
            return Send(p.name)
        stack = answer
        cards = engine.possible_cards(state, stack)
        if len(cards) == 1:  # the only card the stack can still show: not asked, said
            card = cards[0]
            yield Notice([Line(t("kajko.play.only_choice", question=t("kajko.play.card", n=stack + 1),
                                 answer=card_name(t, card)), "muted")])
        else:
            card = yield Select("kajko.card", t("kajko.play.card", n=stack + 1),
                                [Choice(card_name(t, c), c, CARD_KEYS[c]) for c in cards]
                                + [Choice(t("kajko.play.back"), BACK, "b")], safe_default=False)
        if card is BACK:
            continue
        target = None
        if card == COIN_IN_HAND and state.coin_in_hand:
            names = engine.targets(state, p.name)
            if len(names) == 1:  # two players: the other one (KK-13), not asked
                yield Notice([Line(t("kajko.play.only_choice",
                                     question=t("kajko.play.target", player=p.name),
                                     answer=names[0]), "muted")])
                return Reveal(p.name, stack, card, names[0])
            target = yield Select(
                "kajko.target", t("kajko.play.target", player=p.name),
                [Choice(t("kajko.play.target_choice", player=n,
                          front=cards_text(t, state.player(n).front)), n, str(state.names.index(n) + 1))
                 for n in names] + [Choice(t("kajko.play.back"), BACK, "b")], safe_default=False)
            if target is BACK:
                continue
        return Reveal(p.name, stack, card, target)


def _stack_label(t: Catalog, state: KajkoState, stack: int, hints: bool) -> str:
    label = t("kajko.play.stack", n=stack + 1, left=state.left[stack])
    if hints:  # the memory aid, where the choice is made
        inside, chance = danger_odds(state, stack)
        label += " · " + t("kajko.play.hint", chance=f"{chance:.0%}",
                           dangers=", ".join(t(f"kajko.hint.{c}") for c in inside) or "–")
    return label


def parse_stacks(t: Catalog):
    def parse(text: str) -> list[int]:
        parts = text.replace(",", " ").split()
        if not parts or not all(x.isdigit() for x in parts):
            raise Invalid(t("kajko.setup.stacks_numbers"))
        sizes = [int(x) for x in parts]
        if len(sizes) > MAX_STACKS or any(s < MIN_STACK for s in sizes):
            raise Invalid(t("kajko.setup.stacks_range", least=MIN_STACK, most=MAX_STACKS))
        return sizes

    return parse


def setup(t: Catalog, players: list[str] | None = None) -> Dialog:
    """The table's setup choices (KK-1 stack sizes, KK-12 and KK-13 variants) as record keys."""
    out: dict[str, Any] = {}
    variants = {}
    for v in ("dusigrosz", "coin_in_hand"):
        variants[v] = yield Confirm(f"kajko.setup.{v}", t(f"kajko.setup.{v}"), default=False)
    if any(variants.values()):
        out["variants"] = {k: v for k, v in variants.items() if v}
    standard = yield Confirm("kajko.setup.standard", t("kajko.setup.standard",
                                                         sizes=", ".join(map(str, DEFAULT_STACKS))),
                             default=True)
    if not standard:
        out["stacks"] = yield Text("kajko.setup.stacks", t("kajko.setup.stacks"), parse_stacks(t))
    return out
