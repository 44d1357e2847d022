"""The 16 unit types (WC-U): coins in the box, tactics, the fixed setups (WC-X2, WC-X4)."""

from __future__ import annotations

ROYAL = "royal"

#: unit id -> coins in the box (WC-U; 74 in all, WC-C1)
COINS = {
    "archer": 4, "berserker": 5, "cavalry": 4, "crossbowman": 5, "ensign": 5, "footman": 5,
    "knight": 4, "lancer": 4, "light_cavalry": 5, "marshall": 5, "mercenary": 5, "pikeman": 4,
    "royal_guard": 5, "scout": 5, "swordsman": 5, "warrior_priest": 4,
}
UNITS = tuple(COINS)
#: the units whose card has a tactic (WC-A11)
TACTICS = frozenset({"archer", "cavalry", "crossbowman", "ensign", "footman", "lancer",
                     "light_cavalry", "marshall", "royal_guard"})
#: the units that attack only with their tactic (WC-U1, WC-U8)
TACTIC_ONLY_ATTACK = frozenset({"archer", "lancer"})
#: the coin sort order (canonical lists): the units, then the royal coin
ORDER = {u: i for i, u in enumerate((*UNITS, ROYAL))}

POLISH = {
    "archer": "Łucznik", "berserker": "Berserker", "cavalry": "Kawaleria", "crossbowman": "Kusznik",
    "ensign": "Chorąży", "footman": "Piechur", "knight": "Rycerz", "lancer": "Kopijnik",
    "light_cavalry": "Lekka jazda", "marshall": "Marszałek", "mercenary": "Najemnik",
    "pikeman": "Pikinier", "royal_guard": "Gwardzista", "scout": "Zwiadowca",
    "swordsman": "Szermierz", "warrior_priest": "Kapłan-wojownik",
}

#: WC-X2: player A (the first of the record, holding the initiative) and player B
FIRST_GAME = (("swordsman", "pikeman", "crossbowman", "light_cavalry"),
              ("archer", "cavalry", "lancer", "scout"))
#: WC-X4: the first army goes to the record's first player (Decision, DECISIONS.md)
HISTORIC = {
    "gaugamela": (("knight", "light_cavalry", "pikeman", "marshall"),
                  ("cavalry", "footman", "mercenary", "royal_guard")),
    "bannockburn": (("archer", "cavalry", "lancer", "footman"),
                    ("light_cavalry", "pikeman", "warrior_priest", "swordsman")),
    "crecy": (("archer", "ensign", "knight", "royal_guard"),
              ("cavalry", "crossbowman", "lancer", "scout")),
}
METHODS = ("random", "draft", "first_game", *(f"historic:{k}" for k in HISTORIC), "custom")


def sort_coins(coins) -> tuple[str, ...]:
    return tuple(sorted(coins, key=ORDER.__getitem__))
