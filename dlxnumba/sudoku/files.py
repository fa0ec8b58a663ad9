"""Files of puzzles: one per line, or multi-line grids; read in chunks.

:func:`iter_puzzles` streams a file of any length through in chunks;
:func:`read_puzzles` reads it whole.  :class:`_Reader` turns lines into
puzzles (and a malformed entry into an error naming the file and line).
"""

from __future__ import annotations

import math
import os
import sys
from typing import Iterator

import numpy as np

from ..errors import SudokuError
from .text import _CELL_BYTES, DRAWING, EMPTY, MAX_TEXT_N, SYMBOLS, _parse_text


def _open_text(source):
    """``(file, close it?, name)`` for a path, ``"-"`` (stdin) or a file object."""
    if hasattr(source, "read"):
        return source, False, getattr(source, "name", "<file>")
    if source == "-":
        return sys.stdin, False, "<stdin>"
    return open(source, encoding="utf-8", errors="replace"), True, os.fspath(source)


def _is_separator(line: str) -> bool:
    """True for a line between grids: blank, a comment, ``Grid 01``, ``Puzzle 1``, ``=====``."""
    s = line.strip()
    return (not s or s.startswith("#") or s[:4].lower() == "grid" or s[:6].lower() == "puzzle"
            or set(s) <= set("="))


_DROP_DRAWING = {ord(ch): None for ch in DRAWING}


class _Reader:
    """Splits lines into puzzles: one per line, or multi-line grids (see read_puzzles)."""

    def __init__(self, name: str, size: int | None, errors: list | None):
        self.name = name
        self.n = size
        self.errors = errors
        self.rows: list = []  # parsed puzzles (arrays) or None for a bad entry
        # True: the file holds multi-line grids; False: one puzzle per line;
        # None: either (the caller gave the size)
        self.grids = None
        self.block: list = []  # (line number, cells) of a grid being read
        self.pending: list = []  # (line number, cells) while the size is undecided

    def fail(self, lineno: int, msg: str) -> None:
        """A bad entry at ``lineno``: raise, or record it (a row of zeros) when collecting errors."""
        full = f"{self.name}, line {lineno}: {msg}"
        if self.errors is None:
            raise SudokuError(full)
        self.errors.append((len(self.rows), full))
        self.rows.append(None)

    def emit(self, lineno: int, cells: str) -> None:
        """Parse one whole puzzle and add it (or its error)."""
        try:
            values = _parse_text(cells, where=f"{self.name}, line {lineno}")
        except SudokuError as e:
            if self.errors is None:
                raise
            self.errors.append((len(self.rows), str(e)))
            self.rows.append(None)
            return
        if values.size != self.n * self.n:
            self.fail(lineno, f"{values.size} cells, expected {self.n * self.n} as in the first puzzle")
            return
        self.rows.append(values)

    def flush_block(self) -> None:
        """Emit the grid being read (one entry, however malformed)."""
        if not self.block:
            return
        block, self.block = self.block, []
        n = self.n
        for lineno, cells in block:
            bad = cells.encode("ascii", "replace").translate(None, _CELL_BYTES)
            if bad:
                ch = next(c for c in cells if c not in SYMBOLS and c not in EMPTY)
                self.fail(lineno, f"unknown symbol {ch!r} in this grid row "
                                  "(digits, letters, '.', '0' or '_' expected)")
                return
            if len(cells) != n:
                self.fail(lineno, f"a grid row of {len(cells)} cells, expected {n}")
                return
        if len(block) != n:
            self.fail(block[0][0], f"a grid of {len(block)} rows, expected {n}")
            return
        self.emit(block[0][0], "".join(c for _, c in block))

    def take(self, lineno: int, cells: str, text: str) -> None:
        """One line with cells, once the size is known."""
        k = len(cells)
        n = self.n
        if k == n * n:
            self.flush_block()  # a grid cut short is one bad entry
            self.emit(lineno, text)
        elif self.grids is not False and (self.block or k == n):
            # a row of a grid; a malformed one stays with its grid
            self.block.append((lineno, cells))
            if len(self.block) == n:
                self.flush_block()
        else:
            self.fail(lineno, f"{k} cells: expected {n * n} (a puzzle on one line)"
                      + (f" or {n} (a row of a grid)" if self.grids is not False else ""))

    def decide(self, final: bool) -> None:
        """Settle the size from the first lines, then feed them through.

        The first line of ``k`` cells is the first row of a ``k x k`` grid when
        the first ``k`` lines all have ``k`` cells (and, when ``k`` is a square,
        a separator or the end follows them); otherwise it is a whole puzzle
        when ``k`` is a square of at least 16, and a bad entry when it is not
        (a title, say), after which the next line decides.
        """
        while self.pending and self.n is None:
            pend = self.pending
            k = len(pend[0][1])
            root = math.isqrt(k)
            square = root * root == k and root >= 4
            if k <= MAX_TEXT_N and k >= 4:
                if len(pend) < k + square and not final:
                    return  # wait for more lines
                first = pend[:k]
                grid = (len(first) == k and all(c is not None and len(c) == k for _, c, _ in first)
                        and (not square or len(pend) == k or pend[k][1] is None))
            else:
                grid = False
            if grid or square:
                self.n = k if grid else root
                self.grids = grid
                break
            lineno, _, text = pend.pop(0)
            self.fail(lineno, f"{k} cells: neither a puzzle nor the first row of a grid")
            while self.pending and self.pending[0][1] is None:
                self.pending.pop(0)
        pend, self.pending = self.pending, []
        for lineno, cells, text in pend:
            if cells is None:
                self.flush_block()
            else:
                self.take(lineno, cells, text)

    def line(self, lineno: int, text: str) -> None:
        """Take the next line of the file."""
        if _is_separator(text):
            if self.n is not None:
                self.flush_block()
            elif self.pending:
                self.pending.append((lineno, None, text))
            return
        cells = text.translate(_DROP_DRAWING)
        if not cells:
            return  # a line of grid drawing only
        if cells.encode("ascii", "replace").translate(None, _CELL_BYTES) and not (
                self.n is not None and self.grids is not False and self.block):
            # unknown symbols: a bad entry of its own (rows of a grid being read
            # stay with their grid, which reports them)
            self.emit_bad_text(lineno, text)
            return
        if self.n is None:
            self.pending.append((lineno, cells, text))
            self.decide(False)
        else:
            self.take(lineno, cells, text)

    def emit_bad_text(self, lineno: int, text: str) -> None:
        """A line with unknown symbols: one bad entry, with the parser's message."""
        where = f"{self.name}, line {lineno}"
        try:
            _parse_text(text, where)
        except SudokuError as e:
            if self.errors is None:
                raise
            self.errors.append((len(self.rows), str(e)))
            self.rows.append(None)

    def finish(self) -> None:
        """At the end of the file: settle the size and emit the last grid."""
        if self.n is None and self.pending:
            self.decide(True)
        if self.n is not None:
            self.flush_block()

    def chunk(self, count: int) -> tuple[np.ndarray, list]:
        """The first ``count`` puzzles as an array, and their errors."""
        n = self.n or 9
        rows, self.rows = self.rows[:count], self.rows[count:]
        out = np.zeros((len(rows), n * n), np.uint8)
        for k, row in enumerate(rows):
            if row is not None:
                out[k] = row
        if self.errors is None:
            return out, []
        errs = [(i, m) for i, m in self.errors if i < count]
        self.errors = [(i - count, m) for i, m in self.errors if i >= count]
        return out, errs


def iter_puzzles(source, chunk_size: int = 100_000, size: int | None = None,
                 errors: list | None = None) -> Iterator[np.ndarray]:
    """Read puzzles from a path, ``"-"`` (stdin) or a file object, in chunks.

    Yields (k, N*N) uint8 arrays of at most ``chunk_size`` puzzles, reading the
    file as it goes, so inputs larger than memory stream through.  See
    :func:`read_puzzles` for the formats.  A malformed entry raises
    :class:`SudokuError` naming the file and line, unless ``errors`` is a list:
    then the entry becomes a row of zeros and ``(index, message)`` is appended
    to ``errors`` (``index`` counts puzzles from 0 across chunks).

    >>> import io
    >>> text = "1234341221434321  12..............  x".replace("  ", chr(10))
    >>> errors = []
    >>> [c.shape for c in iter_puzzles(io.StringIO(text), chunk_size=2, size=4, errors=errors)]
    [(2, 16), (1, 16)]
    >>> errors
    [(2, '<file>, line 3: 1 cells: expected 16 (a puzzle on one line) or 4 (a row of a grid)')]
    """
    if size is not None and (not isinstance(size, (int, np.integer)) or size < 1):
        raise SudokuError(f"size must be a positive integer, not {size!r}")
    if not isinstance(chunk_size, (int, np.integer)) or chunk_size < 1:
        raise SudokuError(f"chunk_size must be a positive integer, not {chunk_size!r}")
    f, close, name = _open_text(source)
    reader = _Reader(name, size, None if errors is None else [])
    offset = 0

    def drain(count):
        """The next ``count`` puzzles, their errors numbered across chunks."""
        nonlocal offset
        out, errs = reader.chunk(count)
        if errors is not None:
            errors.extend((offset + i, msg) for i, msg in errs)
        offset += len(out)
        return out

    try:
        for lineno, text in enumerate(f, start=1):
            if isinstance(text, bytes):
                text = text.decode("utf-8", "replace")
            reader.line(lineno, text)
            while len(reader.rows) >= chunk_size and reader.n is not None:
                yield drain(chunk_size)
        reader.finish()
        while reader.rows:
            yield drain(chunk_size)
    finally:
        if close:
            f.close()


def read_puzzles(source, size: int | None = None, errors: list | None = None) -> np.ndarray:
    """Read a file of puzzles into an (n, N*N) uint8 array (0 = empty).

    Formats: one puzzle per line (any symbols :class:`Sudoku` accepts), or
    multi-line grids, one row per line, separated by blank lines or lines such
    as ``Grid 01`` or ``========`` (Project Euler's and Norvig's easy50 form).
    Lines starting with ``#`` are comments; lines of grid drawing only are
    skipped.  Every puzzle in a file has the same size, settled by the first
    one: a first line of ``k`` cells is the first row of a ``k x k`` grid
    when ``k`` is not a square, or when it is a square of at most 61 and the
    first ``k`` lines all have ``k`` cells and are followed by a separator or
    the end; otherwise each line is a whole puzzle.  Give ``size`` (the N of an
    N x N grid) to settle it yourself, e.g. for a file of exactly sixteen
    one-line 4x4 puzzles.

    >>> import io
    >>> read_puzzles(io.StringIO("Grid 01\\n12..\\n..12\\n....\\n....\\n")).shape
    (1, 16)
    """
    chunks = list(iter_puzzles(source, chunk_size=1 << 30, size=size, errors=errors))
    if not chunks:
        return np.zeros((0, (size or 9) ** 2), np.uint8)
    return np.concatenate(chunks)
