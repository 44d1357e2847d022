"""What holds after every entry (``AssertionError`` if not): every coin in exactly one zone
(WC-C10), one unit of a type on the board (two Footmen, WC-U6), no empty stack, control markers
conserved (WC-A9), the initiative changes hands at most once a round (WC-A5)."""

from __future__ import annotations

from referee.games.warchest.board import MARKERS, SIDES
from referee.games.warchest.state import WarChestState, contains, plus


def check_invariants(state: WarChestState) -> None:
    n = len(state.players)
    board: dict = {}
    for h, s in state.stacks.items():
        assert h in state.board.hexes, h
        assert s.coins >= 1, (h, s)  # a stack is never empty
        board.setdefault(s.player, {})
        board[s.player][s.unit] = board[s.player].get(s.unit, 0) + s.coins
    for i, p in enumerate(state.players):
        if state.phase == "setup" and not p.hidden:
            continue
        zones = [p.supply, p.hidden, p.faceup, board.get(i, {}), p.removed]
        for z in zones:
            assert all(v > 0 for v in z.values()), (p.name, z)
        total: dict = {}
        for z in zones:
            total = plus(total, z)
        assert total == p.total(), (p.name, total, p.total())
        assert p.bag_n >= 0 and p.hand_n >= 0 and p.down_n >= 0, p
        assert p.bag_n + p.hand_n + p.down_n == sum(p.hidden.values()), p
        if p.hand is not None:
            assert sum(p.hand.values()) == p.hand_n and contains(p.hidden, p.hand), p
        if p.down is not None:
            assert sum(p.down.values()) == p.down_n and contains(p.hidden, p.down), p
        if p.hand is not None and p.down is not None:
            assert contains(p.hidden, plus(p.hand, p.down)), p
        assert p.hidden.get("royal", 0) + p.faceup.get("royal", 0) == 1, p  # never leaves the game
        for unit in p.units:
            count = sum(1 for s in state.stacks.values() if s.player == i and s.unit == unit)
            assert count <= (2 if unit == "footman" else 1), (p.name, unit, count)
        assert all(s.unit in p.units for s in state.stacks.values() if s.player == i)
    for side in SIDES:
        placed = sum(1 for s in state.control.values() if s == side)
        assert placed + state.markers[side] == MARKERS[n], (side, placed, state.markers[side])
        assert state.markers[side] >= 0
        assert (state.markers[side] == 0) == (state.winner == side and state.resigned is None) or \
            state.resigned is not None, side
    assert all(h in state.board.locations for h in state.control)
    if state.phase in ("draw", "play"):
        assert (state.initiative == state.start_holder) != state.changed, "initiative"
    if state.phase == "play" and not state.pending:
        assert state.current is not None
        assert state.players[state.current].hand_n > 0
