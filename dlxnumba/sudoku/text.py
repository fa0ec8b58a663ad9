"""Symbols and one grid of text: the parser, and the digit of each symbol.

Digits past 9 are written as letters: ``A = 10``, ``B = 11``, ... ``Z = 35``,
then ``a = 36`` ... ``z = 61`` (for grids up to 35 x 35 lower case is read as
upper case).  ``.``, ``0`` and ``_`` mark an empty cell; white space and grid
drawing are ignored.

Examples
--------
>>> parse_text("12.. | ..12 | .... | ....").tolist()[:8]
[1, 2, 0, 0, 0, 0, 1, 2]
>>> symbol(10), symbol(0), symbol(62)
('A', '.', '62')
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..errors import SudokuError
from .geometry import side_of, cell_name

#: Symbols for the digits 1..61, in order.
SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
MAX_TEXT_N = len(SYMBOLS)
EMPTY = ".0_"
#: Characters ignored in text grids: white space and grid drawing.
DRAWING = set(" \t\r\n|-+=*:#,;/\\!") | set("─│┼┌┐└┘├┤┬┴━┃╋═║╬\ufeff")

# byte -> class: a digit 1..61, _EMPTY_CLASS, _SKIP (white space, drawing) or _UNKNOWN
_EMPTY_CLASS = 0
_SKIP = 254
_UNKNOWN = 255
_CLASS = np.full(256, _UNKNOWN, np.uint8)
for _i, _ch in enumerate(SYMBOLS):
    _CLASS[ord(_ch)] = _i + 1
for _ch in EMPTY:
    _CLASS[ord(_ch)] = _EMPTY_CLASS
for _ch in DRAWING:
    if ord(_ch) < 128:
        _CLASS[ord(_ch)] = _SKIP
_LOWER = np.frombuffer(b"abcdefghijklmnopqrstuvwxyz", np.uint8)

# the same tables as bytes, for the fast path (bytes.translate, all in C)
_SKIP_BYTES = bytes(ch for ch in range(128) if chr(ch) in DRAWING)
_CELL_BYTES = (SYMBOLS + EMPTY).encode("ascii")
_TO_DIGIT = bytes(int(_CLASS[ch]) if _CLASS[ch] <= MAX_TEXT_N else 0 for ch in range(256))
_TO_DIGIT_UPPER = bytes(int(_CLASS[ord(chr(ch).upper())]) if chr(ch).isascii() and chr(ch).isalpha()
                        else _TO_DIGIT[ch] for ch in range(256))


def symbol(d: int) -> str:
    """The text of digit ``d``: a symbol up to 61, else the number."""
    return "." if not d else SYMBOLS[d - 1] if d <= MAX_TEXT_N else str(d)


def parse_text(text: str, where: str = "puzzle") -> np.ndarray:
    """Cells of a text grid, as a flat uint8 array of digits (0 = empty); a
    :class:`~dlxnumba.errors.SudokuError` starting with ``where`` for text that
    is no grid (an unknown symbol, with its line and column; a count of cells
    that is no square; a symbol too large)."""
    # Fast path, all in C: drop drawing, check the symbols, map them to digits.
    try:
        b = text.encode("ascii").translate(None, _SKIP_BYTES)
    except UnicodeEncodeError:
        b = None
    if b and not b.translate(None, _CELL_BYTES):
        n = math.isqrt(len(b))
        if n * n == len(b) and n <= MAX_TEXT_N:
            values = b.translate(_TO_DIGIT_UPPER if n < 36 else _TO_DIGIT)
            if max(values) <= n:
                return np.frombuffer(values, np.uint8).copy()
    return _parse_text_slowly(text, where)


def _parse_text_slowly(text: str, where: str) -> np.ndarray:
    """:func:`parse_text` for unusual input, with precise error messages."""
    try:
        raw = np.frombuffer(text.encode("ascii"), np.uint8)
    except UnicodeEncodeError:
        # box-drawing characters: drop them, then parse the rest
        raw = np.frombuffer("".join(" " if ch in DRAWING else ch for ch in text)
                            .encode("ascii", "replace").replace(b"?", b"\x80"), np.uint8)
    cls = _CLASS[raw]
    unknown = np.flatnonzero(cls == _UNKNOWN)
    if unknown.size:
        k = int(unknown[0])
        line = text.count("\n", 0, k) + 1
        col = k - (text.rfind("\n", 0, k) + 1) + 1
        ch = text[k] if raw.size == len(text) else "?"
        at = f"column {col}" if "\n" not in text.rstrip("\r\n") else f"line {line}, column {col}"
        raise SudokuError(f"{where}: unknown symbol {ch!r} at {at} "
                          "(digits, letters, '.', '0' or '_' expected)")
    keep = cls != _SKIP
    values = cls[keep]
    if values.size == 0:
        raise SudokuError(f"{where}: no cells found")
    try:
        n = side_of(values.size)
    except SudokuError as e:
        raise SudokuError(f"{where}: {e}") from None
    if n > MAX_TEXT_N:
        raise SudokuError(f"{where}: a {n}x{n} grid is too large for text (at most {MAX_TEXT_N}x{MAX_TEXT_N}); "
                          "pass a 2-D array")
    if n < 36 and values.max() > 35:
        # up to 35 x 35, lower case letters mean the same as upper case
        lower = np.isin(raw[keep], _LOWER)
        values = values.copy()
        values[lower] -= 26
    too_big = np.flatnonzero(values > n)
    if too_big.size:
        k = int(too_big[0])
        sym = chr(raw[keep][k])
        raise SudokuError(f"{where}: symbol {sym!r} (= {values[k]}) in cell {cell_name(n, k)} "
                          f"is too large for a {n}x{n} grid")
    return values


def grid_from(puzzle: Any, where: str = "puzzle") -> np.ndarray:
    """Flat uint8 cells from a string (or bytes), a list of row strings, an
    array, nested lists or anything with ``__array__`` (a :class:`Sudoku` is its grid)."""
    if isinstance(puzzle, str):  # the common case first
        return parse_text(puzzle, where)
    if isinstance(puzzle, (bytes, bytearray, memoryview)):
        raw = bytes(puzzle)
        if raw.startswith(b"\xef\xbb\xbf"):  # a UTF-8 byte-order mark, as in files
            raw = raw[3:]
        return parse_text(raw.decode("utf-8", "replace"), where)  # grid drawing may be UTF-8
    if isinstance(puzzle, (list, tuple)) and puzzle and all(isinstance(row, str) for row in puzzle):
        return parse_text("\n".join(puzzle), where)  # one string per row
    return _cells_of_array(puzzle)


def _cells_of_array(puzzle: Any) -> np.ndarray:
    """Flat uint8 cells from a 1-D or 2-D array or nested lists (0 = empty)."""
    try:
        a = np.asarray(puzzle)
    except ValueError:
        raise SudokuError("puzzle rows have different lengths") from None
    if a.ndim == 0:
        shown = puzzle.item() if isinstance(puzzle, np.generic) else puzzle
        raise SudokuError(f"puzzle must be text, an array or nested lists of digits, not {shown!r}")
    if a.dtype == object:
        raise SudokuError("puzzle rows have different lengths or hold non-numbers")
    if a.dtype.kind in "US":
        raise SudokuError("puzzle mixes text and numbers: give a string, a list of row strings, "
                          "or numbers (0 for empty)")
    if a.ndim == 1:
        n = side_of(a.size)
    elif a.ndim == 2:
        if a.shape[0] != a.shape[1]:
            raise SudokuError(f"puzzle is {a.shape[0]}x{a.shape[1]}, not square")
        n = a.shape[0]
    else:
        raise SudokuError(f"puzzle must be 1-D or 2-D, got shape {a.shape}")
    if a.dtype.kind not in "iuf":
        raise SudokuError(f"puzzle must hold integers (0 for empty), got dtype {a.dtype}")
    flat = a.reshape(-1)
    if a.dtype.kind == "f" and not np.all(flat == np.round(flat)):
        k = int(np.flatnonzero(flat != np.round(flat))[0])
        raise SudokuError(f"cell {cell_name(n, k)} holds {flat[k].item()!r}, not a whole number")
    bad = np.flatnonzero((flat < 0) | (flat > n))
    if bad.size:
        k = int(bad[0])
        raise SudokuError(f"cell {cell_name(n, k)} holds {flat[k].item()!r}; digits must be 0 (empty) to {n}")
    return flat.astype(np.uint8)
