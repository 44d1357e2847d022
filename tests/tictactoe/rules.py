"""The rule ids of ``rules.md`` (this game's digest) with a one-line reminder each."""

RULES = {
    "TT-1": "two players: the first plays X and starts, then they alternate",
    "TT-2": "a move marks one empty cell of the 3×3 grid (cells 1–9, row by row)",
    "TT-3": "three marks of one player in a row, column or diagonal win; the game ends",
    "TT-4": "a full grid without a line is a draw; points: win 2, draw 1, loss 0",
}
