"""The rule ids of ``rules.md`` (this game's digest) with a one-line reminder each."""

RULES = {
    "NM-1": "two players: the first named moves first, then they alternate",
    "NM-2": "the heaps are laid out before the game: 1–6 heaps of 1–15 counters (standard 3, 4, 5)",
    "NM-3": "a take removes 1–3 counters from one heap, never more than it holds",
    "NM-4": "who takes the last counter wins; variant misere: who takes it loses",
}
