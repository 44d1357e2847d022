"""Record format 1 of Kajko i Kokosz (``docs/rules/kajko-kokosz.md``): parse, replay, write.

The header (players, stacks, variants) is checked first; then the turns are read and applied one
by one, so the first bad entry — format or rule — is the one reported, at ``turns[12]…``, and a
record that stops part-way replays to the state where it stops.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from referee.core import fix as corrections
from referee.core import records, shape
from referee.core.errors import RuleError
from referee.games.kajko import engine
from referee.games.kajko.actions import Action, Reveal, Send
from referee.games.kajko.state import MAX_STACKS, MIN_STACK, VARIANTS, KajkoState

GAME = "kajko-kokosz"
FORMAT = 1
#: optional setup keys (KK-1 stack sizes, the variants); the format has no other optional keys
SETUP_KEYS = ("stacks", "variants")
TOP_KEYS = ("game", "format", "players", *SETUP_KEYS, "turns", corrections.KEY)
TURN_KEYS = ("player", "reveal", "card", "target", "send")


def parse_players(value: Any, location: str = "players") -> list[str]:
    """KK-3: 2–5 players; KK-4: distinct names in turn order."""
    return records.parse_players(value, location, counts=(2, 3, 4, 5), count_rule="KK-3",
                                 count_key="kajko.error.player_count", name_rule="KK-4")


def parse_stacks(value: Any, location: str = "stacks") -> list[int]:
    """KK-1: 1–20 stacks; KK-2: each holds at least its five one-of-a-kind cards."""
    sizes = shape.array(value, location)
    if not 1 <= len(sizes) <= MAX_STACKS:
        raise RuleError("KK-1", location, "kajko.error.stack_count", count=len(sizes),
                        most=MAX_STACKS)
    for i, size in enumerate(sizes):
        shape.integer(size, f"{location}[{i}]")
        if size < MIN_STACK:
            raise RuleError("KK-2", f"{location}[{i}]", "kajko.error.stack_size", size=size,
                            least=MIN_STACK)
    return list(sizes)


def parse_variants(value: Any, location: str = "variants") -> dict[str, bool]:
    variants = shape.obj(value, location, VARIANTS)
    return {k: shape.boolean(variants[k], f"{location}.{k}") for k in VARIANTS if k in variants}


def parse_turn(value: Any, location: str) -> Action:
    entry = shape.obj(value, location, TURN_KEYS)
    player = shape.string(shape.required(entry, "player", location), f"{location}.player")
    if "send" in entry:
        if entry["send"] is not True:
            raise shape.fail(f"{location}.send", "kajko.record.send_true",
                             got=json.dumps(entry["send"])[:40])
        for k in ("reveal", "card", "target"):
            if k in entry:
                raise shape.fail(f"{location}.{k}", "kajko.record.send_alone", key=k)
        return Send(player)
    if "reveal" not in entry:
        raise shape.fail(location, "kajko.record.reveal_or_send")
    stack = shape.integer(entry["reveal"], f"{location}.reveal")
    card = shape.string(shape.required(entry, "card", location), f"{location}.card")
    target = entry.get("target")
    if target is not None or "target" in entry:
        target = shape.string(target, f"{location}.target")
    return Reveal(player, stack, card, target)


class KajkoRecord(records.EntryRecord[KajkoState]):
    """``meta``: the record's optional setup keys as written (stacks, variants).  (``tracked``
    is ignored: the turn log is the replay output's own.)"""

    entries = "turns"

    def start(self) -> KajkoState:
        variants = self.meta.get("variants", {})
        return engine.new_state(self.players, self.meta.get("stacks"),
                                variants.get("dusigrosz", False), variants.get("coin_in_hand", False))

    def read(self, state: KajkoState, raw: Any, location: str) -> Action:
        if state.over:  # KK-10: nothing is played after the end
            raise RuleError("KK-10", location, "kajko.error.after_end")
        return parse_turn(raw, location)

    def apply(self, state: KajkoState, action: Any) -> None:
        engine.apply(state, action)


def parse_record(document: Any) -> KajkoRecord:
    """Check the header (game, format, players, stacks, variants); turns are read by replay."""
    doc = shape.header(document, GAME, FORMAT, TOP_KEYS)
    players = parse_players(shape.required(doc, "players", "$"))
    meta: dict[str, Any] = {}
    if "stacks" in doc:
        meta["stacks"] = parse_stacks(doc["stacks"])
    if "variants" in doc:
        meta["variants"] = parse_variants(doc["variants"])
    corrections.read(doc, meta)  # the trail of corrections (issue 23): replay ignores it
    return KajkoRecord(players, meta, doc)


def action_entry(action: Action) -> dict[str, Any]:
    """The record form of one turn."""
    if isinstance(action, Send):
        return {"player": action.player, "send": True}
    out: dict[str, Any] = {"player": action.player, "reveal": action.stack, "card": action.card}
    if action.target is not None:
        out["target"] = action.target
    return out


def write_record(players: list[str], actions: Iterable[Action], meta: dict[str, Any] | None = None
                 ) -> dict[str, Any]:
    """The record (a JSON-ready dict): players, setup and turns, in canonical order."""
    meta = meta or {}
    doc: dict[str, Any] = {"game": GAME, "format": FORMAT, "players": list(players)}
    for k in SETUP_KEYS:
        if k in meta:
            doc[k] = meta[k]
    doc["turns"] = [action_entry(a) for a in actions]
    corrections.write(doc, meta)
    return doc

