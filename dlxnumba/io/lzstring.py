"""lz-string: the compressed text that f-puzzles and SudokuPad links carry.

f-puzzles writes a puzzle as JSON, compresses it with pieroxy's lz-string
(JavaScript) and puts the result, in base64, after ``?load=`` in its links.
This module is a small, independent implementation of the same format, held
to the JavaScript original output for output by reference vectors made with
it (``tests/io/lzstring_vectors.json``).

The format
----------
lz-string is LZW over the UTF-16 *code units* of a JavaScript string (a
character outside the Basic Multilingual Plane is two units, a surrogate
pair).  The codes are written as little-endian bit fields whose *width*
grows by one bit whenever the codes in use fill it, starting at 2 bits:

* codes 0 and 1 introduce a new code unit, spelled out in the next 8 bits
  (0, a unit below 256) or 16 bits (1); the unit becomes a code of its own;
* code 2 ends the stream;
* every other code is a phrase of the dictionary.  After each phrase the
  phrase followed by the next phrase's first unit becomes a new code (the
  reader knows it one step late, so a code may name the phrase being made:
  the previous phrase plus its own first unit).

The bits fill characters of ``bits_per_char`` bits from the most
significant end; the last character is padded with zeros (a whole character
of zeros when the end marker ends flush).  Base64 uses 6 bits a character
and pads the text to a multiple of four with ``=``; the URI-safe alphabet
(``compressToEncodedURIComponent``) uses ``+``, ``-`` and ``$`` and no
padding.

Decompression checks what the original lets pass: a character outside the
alphabet, a code beyond the dictionary, a stream without its end marker, a
result longer than ``max_length`` (corrupt data can grow quadratically) all
raise a :class:`ValueError` that says what and where; it never loops.

Examples
--------
>>> compress_to_base64("hello, hello")
'BYUwNmD2A0AEoUkA'
>>> decompress_from_base64('BYUwNmD2A0AEoUkA')
'hello, hello'
>>> decompress_from_encoded_uri_component(compress_to_encoded_uri_component("é 🧩"))
'é 🧩'
"""

from __future__ import annotations

__all__ = ["compress_to_base64", "decompress_from_base64", "compress_to_encoded_uri_component",
           "decompress_from_encoded_uri_component", "MAX_LENGTH"]

#: The base64 alphabet (``=`` pads the end).
BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
#: The URI-safe alphabet of ``compressToEncodedURIComponent``.
URI_SAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$"
#: The longest text (in UTF-16 code units) decompression makes before it gives up.
MAX_LENGTH = 10_000_000

_VALUE = {alphabet: {ch: k for k, ch in enumerate(alphabet)} for alphabet in (BASE64, URI_SAFE)}


# ---------------------------------------------------------------------------
# Code units: a JavaScript string is a sequence of UTF-16 code units
# ---------------------------------------------------------------------------


def _units(text: str) -> str:
    """``text`` with each character outside the BMP split into its surrogate pair
    (a str of code units, one character each)."""
    if all(ord(ch) < 0x10000 for ch in text):
        return text
    raw = text.encode("utf-16-le", "surrogatepass")
    return "".join(chr(raw[i] | raw[i + 1] << 8) for i in range(0, len(raw), 2))


def _text(units: str) -> str:
    """The inverse of :func:`_units`: surrogate pairs joined (lone surrogates kept)."""
    if all(not 0xD800 <= ord(ch) < 0xE000 for ch in units):
        return units
    return units.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


# ---------------------------------------------------------------------------
# Compression
# ---------------------------------------------------------------------------


class _Bits:
    """Bit fields written lowest bit first into characters of ``size`` bits."""

    def __init__(self, size: int, alphabet: str):
        self.size, self.alphabet = size, alphabet
        self.chars: list[str] = []
        self.acc = 0      # the bits of the character being filled
        self.filled = 0   # how many

    def put(self, value: int, width: int) -> None:
        for _ in range(width):
            self.acc = self.acc << 1 | (value & 1)
            value >>= 1
            self.filled += 1
            if self.filled == self.size:
                self.chars.append(self.alphabet[self.acc])
                self.acc = self.filled = 0

    def close(self) -> str:
        """Pad the last character with zeros (a whole one when none is open), as the original does."""
        self.acc <<= self.size - self.filled
        self.chars.append(self.alphabet[self.acc])
        return "".join(self.chars)


def _compress(text: str, size: int, alphabet: str) -> str:
    """The compressed code units of ``text`` as characters of ``alphabet`` (``size`` bits each)."""
    out = _Bits(size, alphabet)
    codes: dict[str, int] = {}
    unsent: set[str] = set()   # units with a code that the reader has not been told yet
    state = [2, 2]             # [width, codes left before the width grows]

    def used_one() -> None:
        state[1] -= 1
        if state[1] == 0:
            state[1] = 1 << state[0]
            state[0] += 1

    def send(phrase: str) -> None:
        if phrase in unsent:
            unit = ord(phrase)
            wide = unit >= 256
            out.put(int(wide), state[0])
            out.put(unit, 16 if wide else 8)
            used_one()
            unsent.discard(phrase)
        else:
            out.put(codes[phrase], state[0])
        used_one()

    phrase = ""
    for unit in _units(text):
        if unit not in codes:
            codes[unit] = len(codes) + 3
            unsent.add(unit)
        longer = phrase + unit
        if longer in codes:
            phrase = longer
            continue
        send(phrase)
        codes[longer] = len(codes) + 3
        phrase = unit
    if phrase:
        send(phrase)
    out.put(2, state[0])
    return out.close()


def compress_to_base64(text: str) -> str:
    """``text`` compressed as lz-string's ``compressToBase64`` does.

    Parameters
    ----------
    text : str
        Any text (characters outside the BMP count as two UTF-16 units, as
        in JavaScript).

    Returns
    -------
    str
        Base64 characters, padded with ``=`` to a multiple of four.

    Examples
    --------
    >>> compress_to_base64(""), compress_to_base64("aaaaaa")
    ('Q===', 'IY1A')
    """
    body = _compress(text, 6, BASE64)
    return body + "=" * (-len(body) % 4)


def compress_to_encoded_uri_component(text: str) -> str:
    """``text`` compressed as lz-string's ``compressToEncodedURIComponent`` does
    (the URI-safe alphabet, no padding).

    >>> compress_to_encoded_uri_component("aaaaaa")
    'IY1A'
    """
    return _compress(text, 6, URI_SAFE)


# ---------------------------------------------------------------------------
# Decompression
# ---------------------------------------------------------------------------


def _decompress(values: list[int], size: int, max_length: int) -> str:
    """The text that the ``size``-bit values encode (see the module's docstring)."""
    pos = 0           # the value being read
    mask = 1 << (size - 1)
    total = len(values)

    def get(width: int) -> int:
        nonlocal pos, mask
        out = 0
        for k in range(width):
            if pos >= total:
                raise ValueError("lz-string: the compressed text ends before its end marker "
                                 "(truncated or not lz-string data)")
            if values[pos] & mask:
                out |= 1 << k
            mask >>= 1
            if mask == 0:
                mask = 1 << (size - 1)
                pos += 1
        return out

    def literal(kind: int) -> str:
        unit = get(8 if kind == 0 else 16)
        return chr(unit)

    first = get(2)
    if first == 2:
        return ""
    if first == 3:
        raise ValueError("lz-string: the compressed text does not start with a character (not lz-string data)")
    w = literal(first)
    phrases: list[str] = ["", "", "", w]
    parts = [w]
    length = 1
    width, room = 3, 4
    while True:
        code = get(width)
        if code == 2:
            return _text("".join(parts))
        if code < 2:
            phrases.append(literal(code))
            code = len(phrases) - 1
            room -= 1
            if room == 0:
                room = 1 << width
                width += 1
        if code < len(phrases) and code > 2:
            entry = phrases[code]
        elif code == len(phrases):
            entry = w + w[0]
        else:
            raise ValueError(f"lz-string: code {code} at character {pos + 1} is beyond the dictionary "
                             f"({len(phrases)} codes; corrupt or not lz-string data)")
        parts.append(entry)
        length += len(entry)
        if length > max_length:
            raise ValueError(f"lz-string: the text grows past {max_length:,} characters (corrupt data, or "
                             "raise max_length)")
        phrases.append(w + entry[0])
        room -= 1
        w = entry
        if room == 0:
            room = 1 << width
            width += 1


def _values(text: str, alphabet: str, what: str) -> list[int]:
    """The values of ``text``'s characters in ``alphabet``; ValueError names a stray one."""
    table = _VALUE[alphabet]
    try:
        return [table[ch] for ch in text]
    except KeyError:
        k = next(i for i, ch in enumerate(text) if ch not in table)
        raise ValueError(f"lz-string: {text[k]!r} at character {k + 1} is not a {what} character") from None


def decompress_from_base64(text: str, max_length: int = MAX_LENGTH) -> str:
    """The text that lz-string's ``compressToBase64`` made ``text`` from.

    Parameters
    ----------
    text : str
        Base64 characters; ``=`` only as padding at the end.
    max_length : int
        The longest result accepted, in UTF-16 code units.

    Returns
    -------
    str

    Raises
    ------
    ValueError
        For a character outside the alphabet, a corrupt or truncated stream,
        or a result longer than ``max_length``.

    Examples
    --------
    >>> decompress_from_base64("IY1A")
    'aaaaaa'
    >>> decompress_from_base64("IYYg")
    Traceback (most recent call last):
    ...
    ValueError: lz-string: the compressed text ends before its end marker (truncated or not lz-string data)
    """
    if not isinstance(text, str):
        raise TypeError(f"lz-string: expected text, not {type(text).__name__}")
    body = text.rstrip("=")
    if not body:
        raise ValueError("lz-string: no compressed data")
    return _decompress(_values(body, BASE64, "base64"), 6, max_length)


def decompress_from_encoded_uri_component(text: str, max_length: int = MAX_LENGTH) -> str:
    """The text that lz-string's ``compressToEncodedURIComponent`` made ``text``
    from (a space reads as ``+``, as in the original).

    >>> decompress_from_encoded_uri_component("IY1A")
    'aaaaaa'
    """
    if not isinstance(text, str):
        raise TypeError(f"lz-string: expected text, not {type(text).__name__}")
    body = text.replace(" ", "+")
    if not body:
        raise ValueError("lz-string: no compressed data")
    return _decompress(_values(body, URI_SAFE, "URI-safe lz-string"), 6, max_length)
