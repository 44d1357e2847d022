"""The rule ids of ``docs/rules/kajko-kokosz.md`` with a one-line reminder each.

Error messages cite these ids; the test suite checks that every id has at least one test.
"""

RULES = {
    "KK-1": "cards lie in stacks; default sizes 5, 5, 6, 6, 7, 7, 8, 8, 9, 9 (Decision: others at setup)",
    "KK-2": "each stack: one jomsborg, brigands, chamberlain, coin_in_hand, item:10; the rest coin / item:5",
    "KK-3": "characters per player: 4 with 2 players, 3 with 3–4, 2 with 5",
    "KK-4": "the first player starts, turns go clockwise; a player with every character filled is out",
    "KK-5": "a turn: reveal the top card of a non-empty stack, or send all items in front to an empty character",
    "KK-6": "items lie face up in front; only items in town are safe and score",
    "KK-7": "chamberlain: discard the most valuable item in front",
    "KK-8": "brigands: lie in front; a second one discards every item in front; a send discards them",
    "KK-9": "jomsborg: without brigands discard every item in front; with brigands both are discarded",
    "KK-10": "the end: every player out or every stack empty (Decision: automatic final sends)",
    "KK-11": "score: ducats in town; tie -> more items sent; still tied -> shared victory",
    "KK-12": "variant Dusigrosz: most coins in town gains 10 (Decision: nobody on a tie)",
    "KK-13": "variant moneta w ręku: take the named player's coins (else item:5s, else item:10s)",
}
