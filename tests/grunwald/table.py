"""A small driver for rule tests: a table of named players advanced through the engine."""

from __future__ import annotations

from referee.games.grunwald import engine
from referee.games.grunwald.actions import (
    Effect,
    Event,
    Feed,
    HelperPurchase,
    Pass,
    PayLosses,
    Place,
    Reveal,
    SkirmishCards,
)

NAMES = ["Marek", "Jacek", "Kasia", "Ania"]


class Table:
    def __init__(self, n: int = 4, names: list[str] | None = None) -> None:
        self.s = engine.new_state(names or NAMES[:n])
        self.actions: list = []

    # -- low level
    def do(self, action):
        engine.apply(self.s, action)
        self.actions.append(action)
        return self

    @property
    def phase(self) -> str:
        return self.s.phase

    def p(self, name: str):
        return self.s.player(name)

    # -- phases
    def event(self, *effects: Effect, card: str = "Event"):
        return self.do(Event(card, tuple(effects)))

    def reveal(self, crown=(5, 2), mercenary=(6, 1), provisions=(5, 3), ducats=(4, 3, 2),
               teutons=None):
        if teutons is None and self.s.round >= 4:
            teutons = (3, 2)
        return self.do(Reveal(tuple(crown), tuple(mercenary), tuple(provisions), tuple(ducats),
                              None if teutons is None else tuple(teutons)))

    def place(self, player, field, pawn="officer", count=1, ducats=0):
        return self.do(Place(player, field, pawn, count, ducats))

    def helpers(self, player, field, count=1, ducats=0):
        return self.place(player, field, "helper", count, ducats)

    def pass_(self, player):
        return self.do(Pass(player))

    def pass_rest(self):
        """Everybody still placing passes, in turn."""
        while self.s.phase == "placement":
            self.pass_(self.s.names[self.s.turn])
        return self

    def cards(self, **cards):
        return self.do(SkirmishCards(tuple(cards.items())))

    def losses(self, player, *items):
        return self.do(PayLosses(player, tuple(items)))

    def buy(self, yes=True):
        return self.do(HelperPurchase(yes))

    def feed(self, player, *cards):
        return self.do(Feed(player, tuple(cards)))

    def pay_everything(self):
        """Every player still owing discards everything they hold (valid whatever they owe)."""
        while self.s.phase == "losses":
            self.pay_one_everything(engine.decision(self.s).player)
        return self

    def pay_provisions_first(self):
        """Every player still owing pays with provisions when they have enough, else everything."""
        while self.s.phase == "losses":
            d = engine.decision(self.s)
            if self.p(d.player).provisions >= d.owed:
                self.losses(d.player, f"provisions:{d.owed}")
            else:
                self.pay_one_everything(d.player)
        return self

    def pay_one_everything(self, name):
        p = self.p(name)
        items = [f"hand/{c}" for c, k in p.hand.items() if c != "peasant" for _ in range(k)]
        items += [f"camp/{c}" for c, k in p.camp.items() for _ in range(k)]
        if p.provisions:
            items.append(f"provisions:{p.provisions}")
        return self.losses(name, *items)

    def quiet_round(self, pay="everything", **reveal):
        """A round where everybody passes at once (skirmish, if any, joined by nobody)."""
        if self.s.phase == "event":
            self.event()
        self.reveal(**reveal)
        self.pass_rest()
        if self.s.phase == "skirmish":
            self.cards()
            if pay == "everything":
                self.pay_everything()
            else:
                self.pay_provisions_first()
        if self.s.phase == "helper_purchase":
            self.buy(False)
        return self

    def to_round(self, r: int):
        while self.s.round < r:
            self.quiet_round()
        if self.s.phase == "event":
            self.event()
        return self
