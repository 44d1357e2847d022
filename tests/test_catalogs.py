"""The English and Polish catalogs are complete and consistent with the code."""

from __future__ import annotations

import re
import string
from pathlib import Path

from referee.core.text import LANGUAGES, PLURAL_FORMS, catalog

ROOT = Path(__file__).resolve().parent.parent


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def base_key(key: str) -> str:
    """Plural variants (``x.one``, ``x.few`` …) count as one key."""
    head, _, last = key.rpartition(".")
    return head if last in PLURAL_FORMS else key


def test_every_language_has_every_key_with_the_same_placeholders():
    en = catalog("en").entries
    en_base = {base_key(k): v for k, v in en.items()}
    for lang in LANGUAGES:
        entries = catalog(lang).entries
        base = {base_key(k) for k in entries}
        assert base == set(en_base), (lang, base ^ set(en_base))
        for key, text in entries.items():
            mine, english = placeholders(text), placeholders(en_base[base_key(key)])
            if base_key(key) != key:  # plural variants may leave out the number itself
                mine, english = mine - {"n"}, english - {"n"}
            assert mine == english, (lang, key)


def test_plural_forms():
    from referee.core.text import plural_form

    assert [plural_form("pl", n) for n in (1, 2, 4, 5, 12, 22, 25)] == [
        "one", "few", "few", "many", "many", "few", "many"]
    assert catalog("pl").n("grunwald.plural.ducats", 2) == "2 dukaty"
    assert catalog("pl").n("grunwald.plural.ducats", 5) == "5 dukatów"
    assert catalog("en").n("grunwald.plural.ducats", 1) == "1 ducat"


def test_every_key_used_in_the_code_exists():
    from referee.core import registry

    prefixes = "|".join(["core", "cli", *(g.text_prefix for g in registry.games())])
    used = set()
    for path in (ROOT / "referee").rglob("*.py"):
        used |= set(re.findall(rf'"((?:{prefixes})\.[a-z_]+\.[a-z0-9_]+)"', path.read_text()))
    en = catalog("en")
    missing = {k for k in used if not k.endswith(".toml") and not en.has(k)
               and not any(en.has(f"{k}.{form}") for form in PLURAL_FORMS)}
    assert not missing, missing


def test_polish_uses_the_games_own_words():
    pl = " ".join(catalog("pl").entries.values())
    for word in ("Rycerze koronni", "zaciężn", "Krzyżac", "prowiant", "dukat", "pomocnik",
                 "obozowisk", "Dowódca", "Kwatermistrz"):
        assert word in pl, word


def test_polish_uses_kajkos_own_words():
    pl = " ".join(v for k, v in catalog("pl").entries.items() if k.startswith("kajko."))
    for word in ("zbójcerze", "rozbójnicy z Jomsborga", "podstępny szambelan", "moneta w ręku",
                 "grodu", "Dusigrosz"):
        assert word in pl, word


def test_the_help_texts_name_the_games_from_the_registry():
    """Help texts that speak of the games take them from the registry (no edit for a new game)."""
    from referee.core import registry

    for lang in LANGUAGES:
        t = catalog(lang)
        params = registry.help_params(t)
        for key, text in t.entries.items():
            if key.startswith("cli.help."):
                filled = text.format(**params)  # every placeholder is one help_params fills
                for g in registry.games():
                    assert g.title not in text and f" {g.aliases[0]} " not in f" {text} ", key
        assert "grunwald (Na Grunwald!, " in params["games"] and "kajko" in params["names"]
        assert "dusigrosz" in params["variants"] and "Kajko i Kokosz" in params["hint_games"]
        assert "{" not in filled


def test_a_game_has_its_own_words_for_a_cli_text_else_the_shared_ones():
    for lang in LANGUAGES:
        t = catalog(lang)
        assert t.game_key("grunwald", "cli.secret_undo") == "grunwald.cli.secret_undo"
        assert t.game_key("kajko", "cli.secret_undo") == "core.cli.secret_undo"
    assert "potyczki" in catalog("pl").for_game("grunwald", "cli.undo_secret")
    assert "skirmish" not in catalog("en").for_game("kajko", "cli.undo_secret")
    core = " ".join(v for k, v in catalog("en").entries.items() if k.startswith(("core.", "cli.")))
    for word in ("skirmish", "Kajko", "Grunwald", "dusigrosz"):  # the shared texts name no game
        assert word not in core, word


#: placeholders that hold a number somewhere in the catalogs (a text that puts one of them before a
#: word must make the word agree: a plural key read with ``t.n`` or inline forms
#: ``{x:plural:…}``); every other placeholder holds text (a name, a list, a formatted amount)
NUMBER_PLACEHOLDERS = {
    "n", "count", "knights", "price", "ducats", "have", "need", "got", "free", "expected", "total",
    "cards", "filled", "of", "left", "least", "most", "size", "characters", "mp", "cost", "limit",
    "budget", "tokens", "turns", "steps", "entries", "colors", "distance", "provisions",
    "pawns", "value", "k", "known", "up", "down", "coins", "step", "turn", "vp",
    "strength", "amount", "line", "column", "shift", "pid", "place", "points", "last",
    "hand", "bag", "chance", "owed", "score",
}
TEXT_PLACEHOLDERS = {
    "effect", "fields", "why", "holding",  # (issue 25: events later in the round, fields not offered)
    "camp",  # (a camp as ``C 5 · M 4``: issue 22's private moment)
    "action", "actions", "advised", "allowed", "army", "at", "attacker", "defender",
    "attacker_knights", "answer", "question", "undo", "attacker_fate", "defender_fate", "gains", "baggage",
    "attacker_terrain", "awaiting", "backup", "book", "by", "calculator_games", "captures", "card",
    "battle_games", "cards_games",
    "character", "chosen", "codes", "coin", "color", "columns", "command", "costs", "crown",
    "current", "dangers", "date", "defender_knights", "defender_terrain", "detail", "details",
    "dismount", "effects", "ending", "endings", "factor", "field", "flag", "flags", "folder",
    "frm", "front", "game", "games", "hex", "hint_games", "holder", "holds", "how", "id", "ids",
    "indexes", "into", "items", "key", "kind", "kinds", "legal", "letters", "losses", "map",
    "maps", "markers", "mercenary", "method", "naive", "name", "names", "notes", "old", "option",
    "options", "other", "other_type", "part", "participants", "path", "pending", "player",
    "range", "reason", "recruit", "resigned", "royal_guard", "s", "section", "session", "shooters",
    "side", "sizes", "stacks", "start", "store", "target", "terrain", "terrains", "teutons",
    "title", "to", "track", "type", "unit", "units", "variant", "variants", "what", "where",
    "winners", "word", "changes", "values", "low", "high",
    # numbers that are names (round 3, stack 2), signed changes and lists of names
    "round", "stack", "change", "players",
}
NUMBER_PLACEHOLDERS |= {"minutes"}  # issue 26: the play time
TEXT_PLACEHOLDERS |= {"started", "ended"}  # issue 26: when play started and ended
TEXT_PLACEHOLDERS |= {"score", "margin", "over", "date"}  # issue 26: stats records (numbers as written)
NUMBER_PLACEHOLDERS |= {"wins"}  # issue 26: stats --format html, a player's wins
TEXT_PLACEHOLDERS |= {"share"}  # issue 26: stats --format html, a share of the wins ("33%")
TEXT_PLACEHOLDERS |= {"entry", "fact", "location", "note", "now", "was"}  # issue 23: referee fix
#: words a bare number may stand before without agreeing: abbreviations and function words
#: (``5 MP``, ``3 pkt``, ``2 against 4``, ``1 of 3``, ``4 more``, ``2 left``)
INVARIANT_AFTER_NUMBER = {
    "en": {"MP", "VP", "of", "to", "against", "more", "left", "back", "at", "and", "but", "after",
           "from", "on", "is", "still", "would", "up", "down", "known", "answers", "pursues",
           "recruits", "deploys", "entry", "duc"},
    "pl": {"pkt", "PZ", "mod", "z", "na", "przeciw", "do", "po", "więcej", "nie", "odkr", "zakr",
           "odpowiada", "decyduje", "to", "pokazuje", "Piechura", "duk", "przy", "jest"},
}


def test_every_placeholder_is_known_to_hold_a_number_or_a_text():
    names = set()
    for lang in LANGUAGES:
        for text in catalog(lang).entries.values():
            names |= placeholders(text)
    unknown = names - NUMBER_PLACEHOLDERS - TEXT_PLACEHOLDERS
    assert not unknown, f"classify these placeholders in test_catalogs.py: {sorted(unknown)}"


def test_no_number_stands_before_a_word_that_does_not_agree_with_it():
    """"1 rycerzy", "2 kart", "1 provisions": a number placed before a noun must pick the noun's
    form (a plural key, or inline ``{x:plural:one|other}`` / ``{x:plural:one|few|many}``)."""
    bad = []
    for lang in LANGUAGES:
        for key, text in catalog(lang).entries.items():
            own = catalog(lang).has_own(key)
            if not own:
                continue
            plural_key = base_key(key) != key
            for m in re.finditer(r"\{(\w+)\}\s+([^\W\d_][\w-]*)", text):
                name, word = m.groups()
                if name not in NUMBER_PLACEHOLDERS or (plural_key and name == "n"):
                    continue
                if word in INVARIANT_AFTER_NUMBER[lang]:
                    continue
                if re.search(r"\{" + name + r":plural:", text):
                    continue
                bad.append((lang, key, m.group(0)))
    assert not bad, bad


def test_inline_plural_forms_have_every_form_of_the_language():
    from referee.core.text import INLINE_FORMS

    for lang in LANGUAGES:
        for key, text in catalog(lang).entries.items():
            if not catalog(lang).has_own(key):
                continue
            for spec in re.findall(r"\{\w+:plural:([^}]*)\}", text):
                assert len(spec.split("|")) == len(INLINE_FORMS[lang]), (lang, key, spec)


def test_inline_plural_forms_agree_with_the_number():
    pl, en = catalog("pl"), catalog("en")
    forms = {n: pl("grunwald.awaiting.feeding", player="Ala", knights=n) for n in (1, 2, 5, 12, 22)}
    assert forms[1] == "Dalej: Ala wybiera 1 rycerza do odrzucenia (nie wyżywi ich)."
    assert "2 rycerzy" in forms[2] and "22 rycerzy" in forms[22] and "12 rycerzy" in forms[12]
    assert en("grunwald.score_prompt.feeding", player="Ala", provisions=1, knights=1, left=1) == (
        "Ala can feed 1 of 1 knight: choose a knight to give up (1 to go)")
    assert "1 provisions" not in en("grunwald.score_prompt.feeding", player="A", provisions=1,
                                     knights=2, left=1)
    shared = {n: pl("grunwald.summary.winner_shared", players="A, B", total=30, cards=n)
              for n in (1, 2, 5, 22)}
    assert shared[1].endswith("po 30 pkt. i 1 karcie.")
    assert shared[2].endswith("i 2 karty.") and shared[22].endswith("i 22 karty.")
    assert shared[5].endswith("i 5 kart.")
    assert en("grunwald.summary.winner_points", players="A", total=1) == "Winner: A with 1 point."
    assert en("kajko.board.filled", filled=0, of=1) == "0 of 1 character"
    assert pl("kajko.play.stack", n=3, left=1) == "Stos 3: została 1"
    assert pl("kajko.play.stack", n=3, left=4) == "Stos 3: zostały 4"
    assert pl("kajko.play.stack", n=3, left=5) == "Stos 3: zostało 5"
    assert en("medieval.summary.over", turns=1) == "The battle is over after 1 turn."
    assert pl("medieval.summary.over", turns=2) == "Bitwa zakończona po 2 turach."


def test_nominative_plural_keys_follow_cldr():
    pl = catalog("pl")
    assert [pl.n("medieval.plural.knights", n) for n in (1, 2, 4, 5, 12, 22, 25)] == [
        "1 rycerz", "2 rycerze", "4 rycerze", "5 rycerzy", "12 rycerzy", "22 rycerze", "25 rycerzy"]
    assert [pl.n("grunwald.plural.helpers", n) for n in (1, 3, 5)] == [
        "1 pomocnik", "3 pomocnicy", "5 pomocników"]
