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


# --- loads: one strict reader (issue 27: no second, faster path that proves by counting) --------

import json  # noqa: E402

import pytest  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from referee.core.errors import RecordError  # noqa: E402


class Repeated(ValueError):
    pass


def reference(text: str):
    """An independent reading: ``json`` with a hook that looks at every key of every object;
    ``("ok", document)`` or ``("error", why)``."""

    def pairs(items):
        keys = [k for k, _ in items]
        if len(set(keys)) != len(keys):
            raise Repeated
        return dict(items)

    try:
        value = json.loads(text, object_pairs_hook=pairs,
                           parse_constant=lambda name: (_ for _ in ()).throw(ValueError(name)))
    except Repeated:
        return "error", "core.json.duplicate_key"
    except (ValueError, RecursionError) as exc:
        return "error", type(exc).__name__
    return "ok", value


def strict(text: str):
    """What ``jsonio.loads`` gives: ``("ok", document)`` or ``("error", message key)``."""
    try:
        return "ok", jsonio.loads(text)
    except RecordError as err:
        return "error", err.key


# Texts made of pieces that matter: keys that may repeat, strings with ":" and escapes (some of
# which write a ":" or a quote, or the same key twice in two spellings), numbers of every size.
KEYS = ["a", "b", "a:", ":", "ż:ó", 'q\\"', "a\\u003a", "\\u0061", "x\\n:", "c"]
STRINGS = ['""', '":"', '"a:b:c"', '"\\u003a"', '"\\\\u003a"', '"\\":\\""', '"ż:ó"', '"\\t:"',
           '"\\ud83c\\udfb2"', '"\\\\"', '"🎲:"']
NUMBERS = ["0", "-0", "7", "1.5", "2e3", "1E2", "18446744073709551615", "18446744073709551616",
           "-9223372036854775809", "1e400", "NaN", "Infinity", "01", "1."]
SPACE = ["", " ", "\n", "\t", " \n "]


@st.composite
def texts(draw, depth=0):
    space = draw(st.sampled_from(SPACE))
    roll = draw(st.integers(0, 9))
    if depth > 3 or roll < 4:
        atom = draw(st.sampled_from([*STRINGS, *NUMBERS, "true", "false", "null"]))
        return space + atom + space
    if roll < 6:
        items = draw(st.lists(texts(depth + 1), max_size=4))
        return space + "[" + ",".join(items) + "]" + space
    keys = draw(st.lists(st.sampled_from(KEYS), max_size=5))  # repeats: duplicate keys
    pairs = [f'"{k}"{draw(st.sampled_from(SPACE))}:{draw(texts(depth + 1))}' for k in keys]
    return space + "{" + ",".join(pairs) + "}" + space


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(texts())
def test_loads_refuses_every_repeated_key_and_reads_the_rest_as_json_does(text):
    kind, value = strict(text)
    ref_kind, ref_value = reference(text)
    assert kind == ref_kind, text
    if kind == "ok":
        assert value == ref_value and json.dumps(value) == json.dumps(ref_value)
    elif ref_value == "core.json.duplicate_key":
        assert value == "core.json.duplicate_key", text


def test_loads_finds_a_repeated_key_anywhere_in_real_documents():
    """Real documents, one key repeated anywhere (same value or another): always refused;
    without: read as written."""
    import random

    rng = random.Random(1)
    words = ["", "a", ":", "a:b", "::", "crown:6", "Jan P.", "ż:ó", 'q"', "back\\slash", "\n"]

    def value(depth):
        roll = rng.random()
        if depth > 4 or roll < 0.4:
            return rng.choice([0, -2, 1.5, True, None, 2 ** 63, *words])
        if roll < 0.7:
            return [value(depth + 1) for _ in range(rng.randrange(4))]
        return {rng.choice(words) + str(k): value(depth + 1) for k in range(rng.randrange(1, 4))}

    repeated = accepted = 0
    for _ in range(400):
        doc = {"k": value(0)}
        for text in (json.dumps(doc, ensure_ascii=False), jsonio.dumps_pretty(doc),
                     json.dumps(doc, indent=1, separators=(" , ", " : "))):
            assert jsonio.loads(text) == doc
            accepted += 1
            spots = [i for i in range(len(text)) if text[i] == "{" and text[i + 1:].lstrip()[:1] == '"']
            i = rng.choice(spots)
            inner = text[i + 1:]
            start = inner.index('"')
            key = inner[start:inner.index('"', start + 1) + 1]
            while key.endswith('\\"'):  # an escaped quote inside the key: take the next one
                key = inner[start:inner.index('"', start + len(key)) + 1]
            dup = text[:i + 1] + key + ": " + rng.choice(["1", '"x:y"', "[]", "{}", "null"]) + "," \
                + text[i + 1:]
            assert strict(dup) == ("error", "core.json.duplicate_key"), dup
            repeated += 1
    assert accepted > 1000 and repeated > 1000, (accepted, repeated)


@pytest.mark.parametrize("text", ['{"a": 1, "a": 1}', '{"a:": 1, "a:": 1}', '{"a": {"b": 1, "b": 2}}',
                                  '{"a": 1, "\\u0061": 2}', '[{"x": [{"y": 1, "y": 1}]}]'])
def test_loads_refuses_a_key_given_twice(text):
    assert strict(text) == ("error", "core.json.duplicate_key")


def test_text_below_u0300_is_nfc_without_asking_and_the_rest_is_asked():
    """``nfc_text`` answers at once for text with no character from U+0300 on: that holds only if
    NFC changes no such text, which is checked here for every character and every pair of them
    (a change needs a combining mark or a composing second character; none is below U+0300)."""
    import unicodedata

    below = [chr(c) for c in range(0x300)]
    assert not any(unicodedata.combining(c) for c in below)
    assert all(unicodedata.is_normalized("NFC", a + b) for a in below for b in below)
    assert jsonio.nfc_text("Zażółć gęślą jaźń, Łódź — Kraków ©".encode())
    assert jsonio.nfc_text("Zoë 🎲 \u4e2d".encode())  # (from U+0300 on: asked, and NFC)
    for nfd in ("Zoe\u0308", "Kra\u0301kow", "\u1100\u1161", "a\u0323\u0302"):
        assert not jsonio.nfc_text(f'{{"name": "{nfd}"}}'.encode())
        assert jsonio.nfc_text(unicodedata.normalize("NFC", nfd).encode())
