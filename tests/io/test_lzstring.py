"""lz-string (dlxnumba.io.lzstring): the reference vectors of the JavaScript original
(tests/io/lzstring_vectors.json, made with pieroxy's lz-string 1.5.0 under node),
round trips of random text, and corrupt input refused with a clear error."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dlxnumba.io.lzstring import (compress_to_base64, compress_to_encoded_uri_component, decompress_from_base64,
                                  decompress_from_encoded_uri_component)
from strategies import examples

VECTORS = json.loads((Path(__file__).parent / "lzstring_vectors.json").read_text(encoding="utf-8"))["vectors"]


@pytest.mark.parametrize("k", range(len(VECTORS)))
def test_reference_vectors(k):
    v = VECTORS[k]
    assert compress_to_base64(v["text"]) == v["base64"]
    assert compress_to_encoded_uri_component(v["text"]) == v["uri"]
    assert decompress_from_base64(v["base64"]) == v["text"]
    assert decompress_from_encoded_uri_component(v["uri"]) == v["text"]


def test_vectors_cover_the_hard_cases():
    texts = [v["text"] for v in VECTORS]
    assert "" in texts
    assert any(any(ord(ch) > 0xFFFF for ch in t) for t in texts)        # surrogate pairs
    assert any(any(256 <= ord(ch) < 0xD800 for ch in t) for t in texts)  # 16-bit literals
    assert max(map(len, texts)) > 500                                     # the width grows past 9 bits


@settings(max_examples=examples(200), deadline=None)
@given(st.text(st.characters(), max_size=300))
def test_round_trip(text):
    assert decompress_from_base64(compress_to_base64(text)) == text
    assert decompress_from_encoded_uri_component(compress_to_encoded_uri_component(text)) == text


@settings(max_examples=examples(100), deadline=None)
@given(st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", min_size=1, max_size=200))
def test_any_base64_ends_or_raises(text):
    """Arbitrary base64 either decodes to some text or raises ValueError; it never hangs."""
    try:
        out = decompress_from_base64(text, max_length=100_000)
    except ValueError as e:
        assert str(e).startswith("lz-string: ")
    else:
        assert isinstance(out, str)


@pytest.mark.parametrize("text, match", [
    ("", "no compressed data"),
    ("===", "no compressed data"),
    ("IY1", "ends before its end marker"),
    ("IY1A!", r"'!' at character 5 is not a base64 character"),
    ("I=Y1A", r"'=' at character 2"),
    ("/////", "does not start with a character"),
])
def test_corrupt_input(text, match):
    with pytest.raises(ValueError, match=match):
        decompress_from_base64(text)


def test_code_beyond_the_dictionary():
    # a first literal 'a', then code 7 in 3 bits: the dictionary holds 4 codes
    with pytest.raises(ValueError, match="beyond the dictionary"):
        decompress_from_base64(_pack([(0, 2), (ord("a"), 8), (7, 3), (2, 3)]))


def test_quadratic_growth_is_bounded():
    # each code names the phrase being made: the text doubles its phrases' lengths
    fields = [(0, 2), (ord("a"), 8)] + [(4 + k, w) for k, w in _widths(300)] + [(2, 10)]
    with pytest.raises(ValueError, match="grows past 1,000 characters"):
        decompress_from_base64(_pack(fields), max_length=1_000)


def _widths(count):
    """(k, width) of the codes that follow the first literal, as the reader's widths grow."""
    width, room, out = 3, 4, []
    for k in range(count):
        out.append((k, width))
        room -= 1
        if room == 0:
            room, width = 1 << width, width + 1
    return out


def _pack(fields):
    """Base64 of bit fields (value, width), lowest bit first, as lz-string writes them."""
    bits = "".join(format(v, f"0{w}b")[::-1] for v, w in fields)
    bits += "0" * (-len(bits) % 6)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    return "".join(alphabet[int(bits[i:i + 6], 2)] for i in range(0, len(bits), 6))


def test_not_text():
    with pytest.raises(TypeError):
        decompress_from_base64(b"IY1A")
