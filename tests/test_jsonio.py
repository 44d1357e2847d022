"""``core.jsonio`` on its own: the fast decoder of ``replay --json`` against the strict loader, and
the plain line encoder against ``json``."""

from __future__ import annotations

import random

from referee.core import jsonio


def test_the_plain_line_encoder_writes_what_json_writes():
    rng = random.Random(5)
    strings = ["", "Marek", "ż:ó", "tab\t", 'q"uote', "back\\slash", "\x00\x1f\x7f", "\u2028",
               "emoji 🎲", "\ud800", "crown:6"]
    atoms = [0, -1, 2 ** 63 - 1, 2 ** 64, -(2 ** 63) - 1, 10 ** 30, True, False, None, *strings]

    def value(depth):
        roll = rng.random()
        if depth > 3 or roll < 0.5:
            return rng.choice(atoms)
        if roll < 0.75:
            return [value(depth + 1) for _ in range(rng.randrange(4))]
        return {rng.choice(strings) + str(k): value(depth + 1) for k in range(rng.randrange(4))}

    for _ in range(2000):
        v = value(0)
        assert jsonio.dumps_line_plain(v) == jsonio.dumps_line(v)
    assert jsonio.dumps_line_plain({1: "non-string key"}) == jsonio.dumps_line({1: "non-string key"})
