"""A small driver for Kajko i Kokosz rule tests: the current player reveals or sends."""

from __future__ import annotations

from referee.games.kajko import engine
from referee.games.kajko.actions import Reveal, Send

NAMES = ["Ola", "Bartek", "Ewa", "Kuba", "Lena"]


class Table:
    def __init__(self, n: int = 3, stacks=None, dusigrosz=False, coin_in_hand=False, names=None):
        self.s = engine.new_state(names or NAMES[:n], stacks, dusigrosz, coin_in_hand)
        self.actions: list = []

    @property
    def now(self) -> str:
        return self.s.current().name

    def do(self, action):
        engine.apply(self.s, action)
        self.actions.append(action)
        return engine.last_turn(self.s)

    def reveal(self, stack, card, target=None):
        return self.do(Reveal(self.now, stack, card, target))

    def send(self):
        return self.do(Send(self.now))

    def p(self, name):
        return self.s.player(name)

    def front(self, name):
        return self.p(name).front

    def town(self, name):
        return self.p(name).town
