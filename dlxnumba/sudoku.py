"""Sudoku on the exact-cover engine: any box shape, single puzzles and batches.

Vocabulary
----------
A grid of ``N x N`` *cells* is cut into *boxes* of ``r`` rows by ``c`` columns
(``N = r * c``); each cell holds a *digit* ``1..N`` (0 = empty).  Digits past 9
are written as letters: ``A = 10``, ``B = 11``, ... ``Z = 35``, then ``a = 36``
... ``z = 61`` (for grids up to 35 x 35 lower case is read as upper case).

Encoding (Knuth's ``sudoku-dlx`` order)
---------------------------------------
Items, all primary: the cell items ``p{r}{c}`` (row-major), then the row items
``r{r}{d}``, the column items ``c{c}{d}`` and the box items ``b{x}{d}``.  Options,
in (row, column, digit) order: option ``(row * N + col) * N + digit - 1`` places
``digit`` in cell ``(row, col)`` and lists its items as cell, row, column, box.
The givens are forced options.  So the search does exactly the work of DLX1 fed
by ``sudoku-dlx``, and ``count(stop_at=0)`` reproduces its node and update counts.

Fast path
---------
The dancing-links arrays of the empty grid are built once per box shape per
process.  For each puzzle a compiled *lane* (see :mod:`dlxnumba._kernels`)
restores those template arrays, applies the givens and searches, all in one
call; a batch is one call per slice of work, and a parallel batch runs one lane
per thread.
"""

from __future__ import annotations

import functools
import html
import math
import os
import sys
import threading
import time
from enum import IntEnum
from typing import Callable, Iterator

import numpy as np

from . import _kernels as K
from .problem import ExactCover, LimitReached, Stats, _check_limit

__all__ = [
    "Sudoku",
    "SudokuError",
    "Status",
    "solve_many",
    "read_puzzles",
    "iter_puzzles",
    "default_box",
    "sudoku_problem",
    "is_solution",
]

#: Symbols for the digits 1..61, in order.
SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
MAX_TEXT_N = len(SYMBOLS)
EMPTY = ".0_"
#: Characters ignored in text grids: white space and grid drawing.
DRAWING = set(" \t\r\n|-+=*:#,;/\\!") | set("─│┼┌┐└┘├┤┬┴━┃╋═║╬\ufeff")

#: Updates between two returns of a batch lane to Python (progress, Ctrl-C, timeouts).
WORK_SLICE = 1 << 22
_NO_LIMIT = 1 << 62
#: Fewest puzzles per thread in a batch (smaller batches use fewer threads).
_PUZZLES_PER_THREAD = 16


class SudokuError(ValueError):
    """A puzzle that cannot be read or breaks a rule; the message says where."""


class Status(IntEnum):
    """Outcome of one puzzle in a batch (:func:`solve_many`)."""

    SOLVED = K.ST_SOLVED  #: a solution was found (and, with ``limit >= 2``, it is unique)
    NO_SOLUTION = K.ST_NO_SOLUTION  #: the givens are consistent but have no completion
    INVALID = K.ST_INVALID  #: unreadable, or the givens break a rule
    MULTIPLE = K.ST_MULTIPLE  #: more than one solution (only looked for when ``limit >= 2``)
    BUDGET = K.ST_BUDGET  #: ``max_nodes`` or ``timeout`` ran out first


# ---------------------------------------------------------------------------
# Vocabulary: sizes, symbols, cells
# ---------------------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def default_box(n: int) -> tuple[int, int]:
    """The usual box shape for an ``n x n`` grid: as square as possible, wider than tall.

    >>> default_box(9), default_box(6), default_box(12), default_box(16)
    ((3, 3), (2, 3), (3, 4), (4, 4))
    """
    for r in range(math.isqrt(n), 1, -1):
        if n % r == 0:
            return r, n // r
    raise SudokuError(f"a {n}x{n} grid has no box shape with at least 2 rows and 2 columns; "
                      f"give box=(rows, columns) explicitly")


def _check_box(n: int, box) -> tuple[int, int]:
    if box is None:
        return default_box(n)
    try:
        r, c = (int(v) for v in box)
    except (TypeError, ValueError):
        raise SudokuError(f"box must be a pair (rows, columns), not {box!r}") from None
    if r < 1 or c < 1 or r * c != n:
        raise SudokuError(f"box {r}x{c} does not fit a {n}x{n} grid: rows * columns must be {n}")
    return r, c


#: Largest grid side: digits are stored as uint8, and a batch marks an
#: unreadable puzzle with the digit N + 1.
MAX_N = 250


def _size_of(cells: int) -> int:
    n = math.isqrt(cells)
    if n * n != cells or n < 4:
        raise SudokuError(f"{cells} cells: expected a square number of at least 16 (16, 36, 64, 81, 144, 256, ...)")
    if n > MAX_N:
        raise SudokuError(f"a {n}x{n} grid is larger than the {MAX_N}x{MAX_N} this package supports")
    return n


def _cell_name(n: int, cell: int) -> str:
    return f"r{cell // n + 1}c{cell % n + 1}"


def _symbol(d: int) -> str:
    """The text of digit ``d``: a symbol up to 61, else the number."""
    return "." if not d else SYMBOLS[d - 1] if d <= MAX_TEXT_N else str(d)


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


_SKIP_BYTES = bytes(ch for ch in range(128) if chr(ch) in DRAWING)
_CELL_BYTES = (SYMBOLS + EMPTY).encode("ascii")
_TO_DIGIT = bytes(int(_CLASS[ch]) if _CLASS[ch] <= MAX_TEXT_N else 0 for ch in range(256))
_TO_DIGIT_UPPER = bytes(int(_CLASS[ord(chr(ch).upper())]) if chr(ch).isascii() and chr(ch).isalpha()
                        else _TO_DIGIT[ch] for ch in range(256))


def _parse_text(text: str, where: str = "puzzle") -> np.ndarray:
    """Cells of a text grid, as a flat uint8 array of digits (0 = empty)."""
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
    """:func:`_parse_text` for unusual input, with precise error messages."""
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
        n = _size_of(values.size)
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
        raise SudokuError(f"{where}: symbol {sym!r} (= {values[k]}) in cell {_cell_name(n, k)} "
                          f"is too large for a {n}x{n} grid")
    return values


def _grid_from(puzzle, where: str = "puzzle") -> np.ndarray:
    """Flat uint8 cells from a string, an array or nested lists."""
    if isinstance(puzzle, Sudoku):
        return puzzle._cells.copy()
    if isinstance(puzzle, bytes):
        puzzle = puzzle.decode("ascii", "replace")
    if isinstance(puzzle, str):
        return _parse_text(puzzle, where)
    try:
        a = np.asarray(puzzle)
    except ValueError:
        raise SudokuError("puzzle rows have different lengths") from None
    if a.dtype == object:
        raise SudokuError("puzzle rows have different lengths or hold non-numbers")
    if a.ndim == 1:
        n = _size_of(a.size)
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
        raise SudokuError(f"cell {_cell_name(n, k)} holds {flat[k]!r}, not a whole number")
    bad = np.flatnonzero((flat < 0) | (flat > n))
    if bad.size:
        k = int(bad[0])
        raise SudokuError(f"cell {_cell_name(n, k)} holds {flat[k]!r}; digits must be 0 (empty) to {n}")
    return flat.astype(np.uint8)


def _breaks_rules(cells: np.ndarray, n: int, box: tuple[int, int]) -> bool:
    """True when some digit appears twice in a row, column or box."""
    seen = np.empty(3 * n * (n + 1), np.uint8)
    return K.grid_clash(cells, n, box[0], box[1], seen) >= 0


def _conflicts(cells: np.ndarray, n: int, box: tuple[int, int]) -> list[str]:
    """Describe every rule the givens break (empty list when none)."""
    if not _breaks_rules(cells, n, box):
        return []
    r, c = box
    grid = cells.reshape(n, n)
    out = []
    units = []
    for i in range(n):
        units.append((f"row {i + 1}", [(i, j) for j in range(n)]))
    for j in range(n):
        units.append((f"column {j + 1}", [(i, j) for i in range(n)]))
    for bi in range(n // r):
        for bj in range(n // c):
            units.append((f"box {bi * (n // c) + bj + 1}",
                          [(bi * r + i, bj * c + j) for i in range(r) for j in range(c)]))
    for name, unit in units:
        seen: dict[int, list] = {}
        for (i, j) in unit:
            d = int(grid[i, j])
            if d:
                seen.setdefault(d, []).append(f"r{i + 1}c{j + 1}")
        for d, where in seen.items():
            if len(where) > 1:
                out.append(f"{_symbol(d)} appears {len(where)} times in {name} ({', '.join(where)})")
    return out


def is_solution(grid, puzzle=None, box=None) -> bool:
    """True when ``grid`` is a complete, valid Sudoku (agreeing with ``puzzle``'s givens).

    Independent of the solver: it checks every row, column and box directly.

    >>> is_solution(Sudoku("1234341221434321"))
    True
    """
    cells = _grid_from(grid)
    n = _size_of(cells.size)
    r, c = _check_box(n, box if box is not None else getattr(grid, "box", None))
    g = cells.reshape(n, n).astype(np.int64)
    want = set(range(1, n + 1))
    for i in range(n):
        if set(g[i].tolist()) != want or set(g[:, i].tolist()) != want:
            return False
    for bi in range(0, n, r):
        for bj in range(0, n, c):
            if set(g[bi:bi + r, bj:bj + c].reshape(-1).tolist()) != want:
                return False
    if puzzle is not None:
        p = _grid_from(puzzle)
        if p.size != cells.size or np.any((p != 0) & (p != cells)):
            return False
    return True


# ---------------------------------------------------------------------------
# Encoding
# ---------------------------------------------------------------------------


def sudoku_problem(n: int = 9, box=None) -> tuple[ExactCover, list[tuple[int, int, int]]]:
    """The exact-cover problem of the empty ``n x n`` grid and its decoding key.

    ``key[j] = (row, col, digit)`` for option ``j``; a puzzle's givens are the
    options ``(row * n + col) * n + digit - 1``.

    >>> p, key = sudoku_problem(4)
    >>> p
    ExactCover(64 primary + 0 secondary items, 64 options, 256 nodes)
    >>> key[5]
    (0, 1, 2)
    >>> p.item_names[:3], p.item_names[16], p.item_names[63]
    (['p11', 'p12', 'p13'], 'r11', 'b44')
    """
    r, c = _check_box(n, box)
    return _encoding(n, r, c), [(j // (n * n), (j // n) % n, j % n + 1) for j in range(n ** 3)]


_ENCODINGS: dict = {}
_ENC_LOCK = threading.Lock()


def _encoding(n: int, r: int, c: int) -> ExactCover:
    key = (n, r, c)
    p = _ENCODINGS.get(key)
    if p is None:
        with _ENC_LOCK:
            p = _ENCODINGS.get(key)
            if p is None:
                p = _build_encoding(n, r, c)
                p._template()
                _ENCODINGS[key] = p
    return p


def _build_encoding(n: int, r: int, c: int) -> ExactCover:
    nn = n * n
    j = np.arange(n ** 3, dtype=np.int64)
    row, col, d = j // nn, (j // n) % n, j % n
    boxi = (row // r) * (n // c) + col // c
    items = np.empty((n ** 3, 4), np.int32)
    items[:, 0] = row * n + col
    items[:, 1] = nn + row * n + d
    items[:, 2] = 2 * nn + col * n + d
    items[:, 3] = 3 * nn + boxi * n + d
    width = len(str(n))

    def num(v):
        return str(v + 1).zfill(width) if n > 9 else str(v + 1)

    names = ([f"p{num(a)}{num(b)}" for a in range(n) for b in range(n)]
             + [f"r{num(a)}{num(b)}" for a in range(n) for b in range(n)]
             + [f"c{num(a)}{num(b)}" for a in range(n) for b in range(n)]
             + [f"b{num(a)}{num(b)}" for a in range(n) for b in range(n)])
    return ExactCover(4 * nn, names, np.arange(0, 4 * n ** 3 + 1, 4, dtype=np.int64), items.reshape(-1))


# ---------------------------------------------------------------------------
# Lanes: per-thread workspaces for the compiled batch solver
# ---------------------------------------------------------------------------


def _rows(count: int, like: np.ndarray) -> np.ndarray:
    """``count`` copies of ``like`` as the rows of a 2-D array, each row padded
    to whole cache lines plus one spare line."""
    per_line = 64 // like.itemsize
    width = -(-like.size // per_line) * per_line + per_line
    rows = np.zeros((count, width), like.dtype)
    rows[:, :like.size] = like
    return rows


class _Lanes:
    """Per-thread workspaces (rows of 2-D arrays) for one box shape."""

    def __init__(self, n: int, r: int, c: int, count: int):
        p = _encoding(n, r, c)
        t = p._template()
        self.n = n
        self.count = count
        self.counter = np.zeros(1, np.int64)
        assert t.width == 4  # the lanes link up four-node blocks
        u = np.uint32
        self.shared = (r, c, self.counter, t.top, t.first_node)
        depth = p.n_primary + 1
        # One row per thread, each padded by a cache line or more, so that two
        # threads never write to the same cache line (false sharing halved the
        # speed of two threads).
        self.llink = _rows(count, t.llink)
        self.rlink = _rows(count, t.rlink)
        self.ulink = _rows(count, t.ulink)
        self.dlink = _rows(count, t.dlink)
        self.length = _rows(count, t.length)
        self.choice = _rows(count, np.zeros(depth, np.int32))
        self.profile = _rows(count, np.zeros(depth, np.int64))
        self.state = _rows(count, np.zeros(K.STATE_SIZE, np.int64))
        self.lane = _rows(count, np.zeros(K.LANE_SIZE, np.int64))
        self.ret = np.zeros(count, np.int64)
        # buffers for one puzzle at a time (Sudoku.solve)
        self.out1 = np.zeros((1, n * n), np.uint8)
        self.puzzle1 = np.zeros((1, n * n), np.uint8)
        self.status1 = np.zeros(1, np.int8)
        self.nodes1 = np.zeros(1, np.int64)
        self.updates1 = np.zeros(1, np.int64)
        self.private = (self.llink.view(u), self.rlink.view(u), self.ulink.view(u),
                        self.dlink.view(u), self.length, self.choice, self.profile,
                        self.state, self.lane)
        self.private0 = tuple(a[0] for a in self.private)
        self.busy = False
        self._views: dict = {}
        self.head1 = (self.puzzle1, n, *self.shared, *self.private0)
        self.tail1 = (self.out1, self.status1, self.nodes1, self.updates1)

    def rows(self, k: int) -> tuple:
        """The per-lane arrays of the first ``k`` lanes (C-contiguous row blocks)."""
        v = self._views.get(k)
        if v is None:
            v = self._views[k] = tuple(a[:k] for a in self.private)
        return v

    @property
    def nbytes(self) -> int:
        """Bytes of solver state per thread (the shared, read-only template excluded)."""
        return sum(a.nbytes for a in (self.llink, self.rlink, self.ulink, self.dlink, self.length,
                                      self.choice, self.profile, self.state, self.lane)) // self.count


_LOCAL = threading.local()
#: The parallel kernel is launched by one Python thread at a time (numba's
#: workqueue threading layer aborts on concurrent launches).
_PARALLEL = threading.RLock()


def _lanes(n: int, r: int, c: int, count: int, kind: str = "batch") -> _Lanes:
    """This Python thread's workspace for ``count`` lanes (``kind`` "single"
    is Sudoku.solve's own); a fresh one when the cached one is in use."""
    cache = getattr(_LOCAL, "lanes", None)
    if cache is None:
        cache = _LOCAL.lanes = {}
    key = (n, r, c, kind)
    w = cache.get(key)
    if w is None or w.count < count:
        w = cache[key] = _Lanes(n, r, c, count)
    if w.busy:  # re-entered, e.g. from a progress callback
        w = _Lanes(n, r, c, count)
    return w


def _search_args(stop_at, max_nodes, timeout) -> tuple[int, int | None, float | None]:
    """Check and normalize the search arguments of Sudoku.solve and solve_many."""
    if isinstance(stop_at, bool) or stop_at not in (0, 1):
        raise SudokuError(f"stop_at must be 0 or 1, not {stop_at!r}")
    if max_nodes is not None and (isinstance(max_nodes, bool) or not isinstance(max_nodes, (int, np.integer))
                                  or max_nodes < 0):
        raise SudokuError(f"max_nodes must be a non-negative integer, not {max_nodes!r}")
    if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, (int, float, np.number))
                                or not timeout >= 0):
        raise SudokuError(f"timeout must be a non-negative number of seconds, not {timeout!r}")
    return int(stop_at), None if max_nodes is None else int(max_nodes), timeout


def _progress_bar(done: int, total: int) -> None:
    """Default batch progress (``progress=True``): one refreshed line on stderr."""
    sys.stderr.write(f"\r[dlxnumba] {done:,} / {total:,} puzzles   ")
    sys.stderr.flush()


def _threads(threads) -> int:
    import numba

    if threads is None:
        return numba.get_num_threads()
    if not isinstance(threads, (int, np.integer)) or threads < 1:
        raise SudokuError(f"threads must be a positive integer or None, not {threads!r}")
    return min(int(threads), numba.config.NUMBA_NUM_THREADS)


def _solve_array(puzzles: np.ndarray, n: int, box: tuple[int, int], threads: int, limit: int,
                 stop_at: int, max_nodes, timeout, progress, progress_interval=0.5,
                 out=None, status=None, nodes=None, updates=None):
    """Drive the compiled lanes over a (P, n*n) uint8 array.  Returns the arrays."""
    count = len(puzzles)
    if out is None:
        out = np.zeros((count, n * n), np.uint8)
        status = np.full(count, K.ST_PENDING, np.int8)
        nodes = np.zeros(count, np.int64)
        updates = np.zeros(count, np.int64)
    status.fill(K.ST_PENDING)
    if count == 0:
        return out, status, nodes, updates
    # a thread earns its start-up cost only with a few puzzles to share
    lanes_n = max(1, min(threads, count // _PUZZLES_PER_THREAD))
    w = _lanes(n, box[0], box[1], lanes_n)
    w.busy = True
    try:
        rows = w.rows(lanes_n)
        lane, state = rows[-1], rows[-2]
        lane[:] = 0
        counter = w.counter
        counter[0] = 0
        budget = _NO_LIMIT if max_nodes is None else min(int(max_nodes), _NO_LIMIT)
        started = time.perf_counter()
        last = started
        args_tail = (stop_at, limit, budget, WORK_SLICE, out, status, nodes, updates)
        ret = w.ret[:lanes_n]
        while True:
            if lanes_n == 1:
                busy = K.sudoku_lane(puzzles, n, *w.shared, *w.private0, *args_tail) != 0
            else:
                with _PARALLEL:
                    K.sudoku_lanes(puzzles, n, *w.shared, *rows, *args_tail, ret)
                busy = bool(ret.any())
            if not busy:
                break
            now = time.perf_counter()
            if timeout is not None and now - started >= timeout:
                # puzzles in hand or not yet taken run out of time
                pending = status == K.ST_PENDING
                for k in range(lanes_n):
                    if lane[k, K.LANE_ACTIVE]:
                        i = int(lane[k, K.LANE_CUR])
                        nodes[i] = state[k, K.NODES]
                        updates[i] = state[k, K.UPDATES]
                        if lane[k, K.LANE_FOUND] == 0:
                            out[i] = 0
                status[pending] = K.ST_BUDGET
                break
            if progress is not None and now - last >= progress_interval:
                last = now
                progress(int(min(counter[0], count) - lane[:, K.LANE_ACTIVE].sum()), count)
    finally:
        w.busy = False
    return out, status, nodes, updates


# ---------------------------------------------------------------------------
# The Sudoku class
# ---------------------------------------------------------------------------


class Sudoku:
    """A Sudoku puzzle (or solved grid) of any size and box shape.

    Parameters
    ----------
    puzzle : str, array_like or Sudoku
        Text (digits and letters, ``.``, ``0`` or ``_`` for an empty cell; white
        space and grid drawing such as ``|``, ``-``, ``+`` ignored), a 2-D array
        or nested lists (0 = empty), or a flat array of ``N*N`` cells.
    box : (int, int), optional
        Rows and columns of one box; by default the squarest shape, wider than
        tall (6x6 -> (2, 3), 12x12 -> (3, 4)).

    Raises
    ------
    SudokuError
        For an unreadable puzzle or givens that break a rule (the message names
        the cells).

    Examples
    --------
    >>> s = Sudoku("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    >>> t = s.solve()
    >>> str(t)
    '417369825632158947958724316825437169791586432346912758289643571573291684164875293'
    >>> print(t.boxed())  # doctest: +NORMALIZE_WHITESPACE
    4 1 7 | 3 6 9 | 8 2 5
    6 3 2 | 1 5 8 | 9 4 7
    9 5 8 | 7 2 4 | 3 1 6
    ------+-------+------
    8 2 5 | 4 3 7 | 1 6 9
    7 9 1 | 5 8 6 | 4 3 2
    3 4 6 | 9 1 2 | 7 5 8
    ------+-------+------
    2 8 9 | 6 4 3 | 5 7 1
    5 7 3 | 2 9 1 | 6 8 4
    1 6 4 | 8 7 5 | 2 9 3
    >>> s.is_unique()
    True
    >>> Sudoku("12.. ..12 .... ....").count()
    12
    """

    def __init__(self, puzzle, box=None):
        cells = _grid_from(puzzle)
        n = _size_of(cells.size)
        if box is None and isinstance(puzzle, Sudoku):
            box = puzzle.box
        self.n = n
        self.box = _check_box(n, box)
        problems = _conflicts(cells, n, self.box)
        if problems:
            raise SudokuError("the givens break the rules: " + "; ".join(problems))
        self._cells = cells
        self._cells.flags.writeable = False
        self._puzzle = cells  # the givens, shared with solutions
        self._stats = None

    @classmethod
    def _solved(cls, cells: np.ndarray, like: "Sudoku") -> "Sudoku":
        s = cls.__new__(cls)
        s.n = like.n
        s.box = like.box
        s._cells = cells
        s._cells.flags.writeable = False
        s._puzzle = like._puzzle
        s._stats = like._stats
        return s

    # ---------------------------------------------------------------- views

    @property
    def grid(self) -> np.ndarray:
        """The (N, N) uint8 grid, 0 for an empty cell (read-only)."""
        return self._cells.reshape(self.n, self.n)

    @property
    def givens(self) -> np.ndarray:
        """(N, N) bool mask of the puzzle's given cells."""
        return (self._puzzle != 0).reshape(self.n, self.n)

    @property
    def stats(self) -> Stats:
        """:class:`Stats` of the last search run on this puzzle."""
        if self._stats is None:
            self._stats = Stats(status="none")
        return self._stats

    @stats.setter
    def stats(self, value: Stats) -> None:
        self._stats = value

    def is_complete(self) -> bool:
        """True when every cell is filled (the rules hold by construction)."""
        return bool(np.all(self._cells != 0))

    def __str__(self) -> str:
        if self.n > MAX_TEXT_N:  # no single symbols for so many digits: numbers, spaced
            return " ".join(_symbol(int(d)) for d in self._cells)
        return "".join(_symbol(int(d)) for d in self._cells)

    def __repr__(self) -> str:
        box = "" if self.box == default_box(self.n) else f", box={self.box}"
        return f"Sudoku({str(self)!r}{box})"

    def __format__(self, spec: str) -> str:
        if spec in ("grid", "boxed"):
            return self.boxed()
        return format(str(self), spec)

    def __eq__(self, other) -> bool:
        return (isinstance(other, Sudoku) and self.box == other.box
                and np.array_equal(self._cells, other._cells))

    def __hash__(self) -> int:
        return hash((self.box, self._cells.tobytes()))

    def boxed(self) -> str:
        """A text picture with box borders, for ``print``."""
        n = self.n
        r, c = self.box
        lines = []
        g = self.grid
        width = 1 if n <= MAX_TEXT_N else len(str(n))
        seg = "-" * ((width + 1) * c + 1)
        rule = "+".join([seg] * (n // c))[1:-1]
        for i in range(n):
            if i and i % r == 0:
                lines.append(rule)
            parts = []
            for j0 in range(0, n, c):
                parts.append(" ".join(_symbol(int(d)).rjust(width) for d in g[i, j0:j0 + c]))
            lines.append(" | ".join(parts))
        return "\n".join(lines)

    def show(self, file=None) -> None:
        """Print :meth:`boxed`."""
        print(self.boxed(), file=file)

    def _repr_html_(self) -> str:
        n = self.n
        r, c = self.box
        size = 28 if n <= 9 else 22 if n <= 16 else 18
        rows = []
        for i in range(n):
            tds = []
            for j in range(n):
                d = int(self.grid[i, j])
                style = [f"width:{size}px;height:{size}px;text-align:center;padding:0",
                         "border:1px solid #bbb"]
                if i % r == 0:
                    style.append("border-top:2px solid #222")
                if j % c == 0:
                    style.append("border-left:2px solid #222")
                if i == n - 1:
                    style.append("border-bottom:2px solid #222")
                if j == n - 1:
                    style.append("border-right:2px solid #222")
                if d and self.givens[i, j]:
                    style.append("font-weight:bold;color:#000")
                elif d:
                    style.append("color:#1f5fbf")
                cls = "given" if d and self.givens[i, j] else "filled" if d else "empty"
                tds.append(f'<td class="{cls}" style="{";".join(style)}">{html.escape(_symbol(d)) if d else ""}</td>')
            rows.append("<tr>" + "".join(tds) + "</tr>")
        return ('<table class="dlxnumba-sudoku" style="border-collapse:collapse;'
                f'font-family:monospace;font-size:{size * 0.6:.0f}px">' + "".join(rows) + "</table>")

    # --------------------------------------------------------------- solving

    def to_problem(self) -> tuple[ExactCover, list[tuple[int, int, int]], list[int]]:
        """The encoding: ``(problem, key, given)`` with ``given`` the givens' options."""
        p, key = sudoku_problem(self.n, self.box)
        return p, key, self._given_options().tolist()

    def _given_options(self) -> np.ndarray:
        idx = np.flatnonzero(self._cells)
        return (idx * self.n + self._cells[idx].astype(np.int64) - 1).astype(np.int32)

    def _decode(self, solution: list[int]) -> "Sudoku":
        cells = np.zeros(self.n * self.n, np.uint8)
        sol = np.asarray(solution, np.int64)
        cells[sol // self.n] = (sol % self.n + 1).astype(np.uint8)
        return Sudoku._solved(cells, self)

    def solve(self, *, stop_at: int = 1, max_nodes: int | None = None,
              timeout: float | None = None) -> "Sudoku | None":
        """The first solution found, as a new :class:`Sudoku`, or None.

        Raises :class:`LimitReached` when ``max_nodes`` or ``timeout`` ends the
        search first.  Ctrl-C interrupts a long search within a fraction of a second.
        """
        stop_at, max_nodes, timeout = _search_args(stop_at, max_nodes, timeout)
        stats = Stats()
        self._stats = stats
        t0 = time.perf_counter()
        w = _lanes(self.n, self.box[0], self.box[1], 1, "single")
        w.puzzle1[0] = self._cells  # a writable copy: one compiled signature for all callers
        w.busy = True
        try:
            if max_nodes is None and timeout is None:
                # the common case, straight to the compiled lane
                w.counter[0] = 0
                w.lane[0, K.LANE_ACTIVE] = 0
                while K.sudoku_lane(*w.head1, stop_at, 1, _NO_LIMIT, WORK_SLICE, *w.tail1):
                    pass  # a long search returns every WORK_SLICE updates: Ctrl-C works
                out, status, nodes, updates = w.tail1
            else:
                out, status, nodes, updates = _solve_array(
                    w.puzzle1, self.n, self.box, 1, 1, stop_at, max_nodes, timeout, None,
                    out=w.out1, status=w.status1, nodes=w.nodes1, updates=w.updates1)
        finally:
            w.busy = False
            stats.seconds = time.perf_counter() - t0
        stats.nodes = int(nodes[0])
        stats.updates = int(updates[0])
        stats.max_level = int(w.state[0, K.MAX_LEVEL])
        stats.profile = w.profile[0, : stats.max_level + 1 if stats.nodes else 0].copy()
        st = int(status[0])
        if st == K.ST_SOLVED:
            stats.solutions = 1
            stats.status = "limit"
            return Sudoku._solved(out[0].copy(), self)
        if st == K.ST_NO_SOLUTION:
            stats.status = "complete"
            return None
        stats.status = "max_nodes" if max_nodes is not None and stats.nodes >= max_nodes else "timeout"
        raise LimitReached(stats.status, stats, None)

    def solutions(self, limit: int | None = None, *, stop_at: int = 1, max_nodes: int | None = None,
                  timeout: float | None = None, progress=None) -> Iterator["Sudoku"]:
        """Iterate over the solutions (each a :class:`Sudoku`), lazily."""
        _check_limit(limit)
        run = self._run(stop_at, max_nodes, timeout, progress)
        return (self._decode(sol) for sol in ExactCover._iterate(run, limit))

    def _run(self, stop_at, max_nodes, timeout, progress):
        """A search of this puzzle on the shared encoding; its stats become ours.

        (The encoding is shared by every puzzle of this size, in every thread:
        the statistics must come from this run, not from ``problem.stats``.)
        """
        p = _encoding(self.n, *self.box)
        run = p._run(self._given_options(), stop_at, max_nodes, timeout, progress, 0.5)
        self._stats = run.stats
        return run

    def count(self, limit: int | None = None, *, stop_at: int = 1, max_nodes: int | None = None,
              timeout: float | None = None, progress=None) -> int:
        """The number of solutions (at most ``limit``).

        With ``stop_at=0`` the statistics (``self.stats.nodes``, ``.updates``)
        are those of Knuth's DLX1 fed by ``sudoku-dlx``.
        """
        _check_limit(limit)
        return ExactCover._count(self._run(stop_at, max_nodes, timeout, progress), limit)

    def is_unique(self, **kwargs) -> bool:
        """True when the puzzle has exactly one solution."""
        return self.count(2, **kwargs) == 1


# ---------------------------------------------------------------------------
# Batches and files
# ---------------------------------------------------------------------------


def _batch_array(puzzles, box) -> tuple[np.ndarray, np.ndarray, int, tuple[int, int], list]:
    """(P, N*N) uint8 cells, a per-row 'unreadable' mask, N, box, and errors."""
    errors: list = []
    if isinstance(puzzles, np.ndarray) and puzzles.dtype.kind in "biu":
        if puzzles.ndim == 3 and puzzles.shape[1] == puzzles.shape[2]:
            puzzles = puzzles.reshape(len(puzzles), -1)
        if puzzles.ndim != 2:
            raise SudokuError(f"puzzles must be an (n, N*N) array, got shape {puzzles.shape}")
        n = _size_of(puzzles.shape[1])
        errors = [None] * len(puzzles)
        if puzzles.dtype == np.uint8:
            # digits above N are caught by the compiled lanes (INVALID); a
            # read-only array is copied (one compiled signature for all)
            if not (puzzles.flags.c_contiguous and puzzles.flags.writeable):
                puzzles = np.array(puzzles, np.uint8, order="C")
            return puzzles, np.zeros(len(puzzles), bool), n, _check_box(n, box), errors
        bad = ((puzzles < 0) | (puzzles > n)).any(axis=1) if puzzles.size else np.zeros(0, bool)
        arr = np.ascontiguousarray(np.where(bad[:, None], 0, puzzles), dtype=np.uint8)
        for k in np.flatnonzero(bad).tolist():
            errors[k] = f"puzzle {k}: a cell holds a value outside 0..{n}"
        return arr, bad, n, _check_box(n, box), errors
    rows = []
    n = None
    for k, item in enumerate(puzzles):
        try:
            cells = _grid_from(item, where=f"puzzle {k}")
        except SudokuError as e:
            rows.append(None)
            msg = str(e)
            errors.append(msg if msg.startswith(f"puzzle {k}") else f"puzzle {k}: {msg}")
            continue
        if n is None:
            n = _size_of(cells.size)
        if cells.size != n * n:
            rows.append(None)
            errors.append(f"puzzle {k}: {cells.size} cells, but the batch has {n * n}")
            continue
        rows.append(cells)
        errors.append(None)
    if n is None:
        n = 9  # nothing readable: every row is INVALID anyway
    arr = np.zeros((len(rows), n * n), np.uint8)
    bad = np.zeros(len(rows), bool)
    for k, cells in enumerate(rows):
        if cells is None:
            bad[k] = True
        else:
            arr[k] = cells
    return arr, bad, n, _check_box(n, box), errors


def solve_many(puzzles, threads: int | None = None, limit: int = 1, *, box=None, stop_at: int = 1,
               max_nodes: int | None = None, timeout: float | None = None,
               progress: Callable[[int, int], None] | None = None, progress_interval: float = 0.5,
               return_stats: bool = False):
    """Solve a batch of puzzles in compiled code, optionally on several threads.

    Parameters
    ----------
    puzzles : array_like or iterable of str
        An (n, N*N) integer array (0 = empty), an (n, N, N) array, or puzzles
        in any form :class:`Sudoku` accepts (strings, grids).
    threads : int, optional
        Threads to use; None means all that numba has.  ``1`` solves serially.
    limit : int
        Solutions to look for per puzzle: ``1`` (first solution) or ``2`` (also
        prove uniqueness: ``MULTIPLE`` when a second exists).  A larger limit
        searches on to that many solutions (useful with ``return_stats``).
    max_nodes : int, optional
        Per-puzzle budget of search nodes (``BUDGET`` when spent).
    timeout : float, optional
        Wall-clock limit for the whole batch; unfinished puzzles get ``BUDGET``.
    progress : True or callable(done, total), optional
        Called every ``progress_interval`` seconds (default 0.5) during a long
        batch; ``True`` prints a progress line on stderr.
    return_stats : bool
        Also return a dict: per-puzzle ``nodes`` and ``updates`` arrays,
        ``seconds``, and ``errors`` (a message per INVALID puzzle, else None).

    Returns
    -------
    solutions : ndarray, (n, N*N) uint8
        The first solution of each puzzle, zeros where none was found.
    status : ndarray, (n,) int8
        A :class:`Status` value per puzzle, in input order.

    Examples
    --------
    >>> sols, status = solve_many(["1.3..4.23.4..2.1", "11..............", "1234............"], threads=1)
    >>> [Status(s).name for s in status]
    ['NO_SOLUTION', 'INVALID', 'SOLVED']
    >>> sols[0].any(), sols[2].tolist()
    (np.False_, [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1])
    """
    if isinstance(limit, bool) or not isinstance(limit, (int, np.integer)) or limit < 1:
        raise SudokuError(f"limit must be a positive integer, not {limit!r}")
    stop_at, max_nodes, timeout = _search_args(stop_at, max_nodes, timeout)
    if progress is True:
        progress = _progress_bar
    elif progress is not None and not callable(progress):
        raise SudokuError(f"progress must be True, None or a callable(done, total), not {progress!r}")
    if isinstance(puzzles, (str, bytes, Sudoku)):
        raise SudokuError("solve_many takes a batch: pass a list or array of puzzles "
                          "(for one puzzle, use Sudoku(puzzle).solve())")
    t0 = time.perf_counter()
    arr, bad, n, box, _errors = _batch_array(puzzles, box)
    any_bad = bool(bad.any())
    if any_bad:
        arr = arr.copy() if not arr.flags.writeable or arr is puzzles else arr
        arr[bad, 0] = n + 1  # the lanes reject these at once (INVALID), without a search
    nthreads = _threads(threads)
    out = np.zeros(arr.shape, np.uint8)
    status = np.empty(len(arr), np.int8)  # _solve_array marks every row PENDING first
    nodes = np.zeros(len(arr), np.int64)
    updates = np.zeros(len(arr), np.int64)
    _solve_array(arr, n, box, nthreads, int(limit), stop_at, max_nodes, timeout, progress,
                 progress_interval, out=out, status=status, nodes=nodes, updates=updates)
    if any_bad:
        status[bad] = K.ST_INVALID
        out[bad] = 0
    if return_stats:
        for k in np.flatnonzero(status == K.ST_INVALID).tolist():
            if _errors[k] is None:  # readable, but a digit is too large or the givens break a rule
                big = np.flatnonzero(arr[k] > n)
                if big.size:
                    c = int(big[0])
                    _errors[k] = f"puzzle {k}: cell {_cell_name(n, c)} holds {arr[k, c]}; digits must be 0 to {n}"
                else:
                    _errors[k] = f"puzzle {k}: the givens break the rules: " + "; ".join(_conflicts(arr[k], n, box))
        return out, status, {"nodes": nodes, "updates": updates, "seconds": time.perf_counter() - t0,
                             "errors": _errors}
    return out, status


def _open_text(source):
    if hasattr(source, "read"):
        return source, False, getattr(source, "name", "<file>")
    if source == "-":
        return sys.stdin, False, "<stdin>"
    return open(source, encoding="utf-8", errors="replace"), True, os.fspath(source)


def _is_separator(line: str) -> bool:
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
        full = f"{self.name}, line {lineno}: {msg}"
        if self.errors is None:
            raise SudokuError(full)
        self.errors.append((len(self.rows), full))
        self.rows.append(None)

    def emit(self, lineno: int, cells: str) -> None:
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
        where = f"{self.name}, line {lineno}"
        try:
            _parse_text(text, where)
        except SudokuError as e:
            if self.errors is None:
                raise
            self.errors.append((len(self.rows), str(e)))
            self.rows.append(None)

    def finish(self) -> None:
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
