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


# --- loads_fast: the strict loader's document, or None ------------------------------------------

import json  # noqa: E402

import orjson  # noqa: E402
import pytest  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from referee.core.errors import RecordError  # noqa: E402


def strict(data: bytes):
    """What the strict path gives: ``("ok", document)`` or ``("error", key)``."""
    try:
        return "ok", jsonio.loads(jsonio.decode_text(data, "x"))
    except RecordError as err:
        return "error", err.key
    except Exception as err:  # (InputError: not UTF-8)
        return "error", type(err).__name__


def big_int_as_float(strict_value, fast) -> bool:
    """Equal, but for integers beyond 64 bits, which orjson reads as floats."""
    if type(strict_value) is int and type(fast) is float:
        return not -(2 ** 63) <= strict_value < 2 ** 64 and float(strict_value) == fast
    if type(strict_value) is list and type(fast) is list and len(strict_value) == len(fast):
        return all(big_int_as_float(a, b) for a, b in zip(strict_value, fast))
    if type(strict_value) is dict and type(fast) is dict and list(strict_value) == list(fast):
        return all(big_int_as_float(strict_value[k], fast[k]) for k in strict_value)
    return strict_value == fast and type(strict_value) is type(fast)


def check(data: bytes) -> str:
    """``loads_fast`` never accepts what the strict loader refuses, and gives its document."""
    fast = jsonio.loads_fast(data)
    kind, value = strict(data)
    if fast is None:
        return "refused"
    assert kind == "ok", (data, value)
    assert big_int_as_float(value, fast), data
    return "same"


# Texts made of pieces that matter: keys that may repeat, strings with ":" and escapes (some of
# which write a ":" or a quote), numbers of every size, non-ASCII text.
KEYS = ["a", "b", "a:", ":", "ż:ó", 'q\\"', "a\\u003a", "\\u0061", "x\\n:", "c"]
STRINGS = ['""', '":"', '"a:b:c"', '"\\u003a"', '"\\\\u003a"', '"\\":\\""', '"ż:ó"', '"\\t:"',
           '"\\ud800"', '"\\ud83c\\udfb2"', '"\\\\"', '"\t"', '"🎲:"']
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
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(texts())
def test_loads_fast_agrees_with_the_strict_loader_or_steps_aside(text):
    data = text.encode("utf-8", "surrogatepass")
    check(data)
    check(b"\xef\xbb\xbf" + data)


def test_loads_fast_on_random_documents_with_repeated_keys():
    """Real documents, one key repeated anywhere: always refused; without: always accepted."""
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
    for _ in range(800):
        doc = {"k": value(0)}
        for text in (json.dumps(doc, ensure_ascii=False), jsonio.dumps_pretty(doc),
                     json.dumps(doc, indent=1, ensure_ascii=False, separators=(" , ", " : "))):
            data = text.encode()
            if b"\\u" in data:
                assert jsonio.loads_fast(data) is None
                continue
            assert jsonio.loads_fast(data) == doc
            accepted += 1
            # repeat the first key of one object (same value, or another one)
            spots = [i for i in range(len(text)) if text[i] == "{" and text[i + 1:].lstrip()[:1] == '"']
            if not spots:
                continue
            i = rng.choice(spots)
            inner = text[i + 1:]
            # the first key: from the first quote to the first quote-colon after it
            start = inner.index('"')
            key = inner[start:inner.index('"', start + 1) + 1]
            while key.endswith('\\"'):  # an escaped quote inside the key: take the next one
                key = inner[start:inner.index('"', start + len(key)) + 1]
            dup = text[:i + 1] + key + ": " + rng.choice(["1", '"x:y"', "[]", "{}", "null"]) + "," \
                + text[i + 1:]
            assert strict(dup.encode())[0] == "error", dup
            assert jsonio.loads_fast(dup.encode()) is None, dup
            repeated += 1
    assert accepted > 1000 and repeated > 500, (accepted, repeated)


@pytest.mark.parametrize("data", [
    b'{"a": "\\u003a"}', b'{"a": NaN}', b'{"a": 1', b'', b'  ', b'{"a": "\xff"}',
    b'{"a": "\xed\xa0\x80"}', b'\xef\xbb\xbf{"a": 1}', b'{"a": 1, "a": 1}', b'{"a:": 1, "a:": 1}',
    b'{"a": {"b": 1, "b": 2}}', b'[' * 300 + b']' * 300, b'{"a": 1e400}',
])
def test_loads_fast_steps_aside(data):
    assert jsonio.loads_fast(data) is None


def test_loads_fast_reads_what_the_strict_loader_reads():
    for data in (b'{"\xc5\xbc:": "\xc5\xbc\xc3\xb3\xc5\x82w", "b": [1, -0, 2.5, true, null]}',
                 b' {"a" : "x:y" , "b":{"c:d":":"}} ', b'[' * 250 + b']' * 250, b'"a\\"b:\\n"'):
        assert jsonio.loads_fast(data) == json.loads(data)
    assert jsonio.loads_fast(b'[18446744073709551616]') == [float(2 ** 64)]  # orjson's reading
    assert jsonio.loads_fast('{"a": 1}') is None  # bytes only
    assert orjson.dumps(jsonio.loads_fast(b'{"a": ":"}')).count(b":") == 2


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
