"""Other exact-cover packages (the ``peers`` extra), each through its fastest documented path.

Every peer gets the same exact-cover problems as dlxnumba, in one neutral form,
:class:`Options` (CSR arrays of item numbers, primary items first, as
:class:`dlxnumba.ExactCover` holds them), turned into the peer's own input
format by :func:`prepare`; :func:`first` and :func:`count` then make one call
of the peer's library on that input.  So a benchmark can time the two views
the tables report:

*library call alone*
    the peer's input already in its own format (built untimed); the timed work
    is the call that finds the first solution (or counts them all);
*end to end*
    from the puzzle string (Sudoku) or the option arrays (generic problems) to
    the answer: parsing, building the peer's input, the call, and decoding the
    chosen options into a grid.

Sudoku (:func:`sudoku_reduce`): a peer sees what Knuth's DLX sees after
covering the givens, as ``sudoku-dlx`` feeds DLX1: only the items the givens
leave open and only the options that agree with the givens, both in
dlxnumba's order (:func:`dlxnumba.sudoku_problem`: cell, row, column and box
items; options by cell and digit).

Peers and the paths used (each is documented by its package):

``xcover`` (numba, Knuth's Algorithm C with dancing cells)
    ``xcover.dancing_cells.algorithm_c(options, options_ptr, colors, n_items,
    n_secondary)``, the sparse form that its README says "can be called
    directly"; ``covers`` (lists of item names) and ``covers_bool`` (a dense
    matrix) build the same arrays in Python first.  A generator of solutions
    (lists of option indices); secondary items are the last ``n_secondary``.
``miniexact`` (C, Knuth's Algorithm X with dancing links, MRV branching)
    the Python API of its README: ``s = miniexacts_x()``; ``s.primary(name)``,
    ``s.secondary(name)`` per item, ``s.add([item ids])`` per option (returns
    the option's index); ``s.solve()`` returns 10 for each next solution, 20
    when there are no more; ``s.selected_options()``.  The solver object is
    used up by solving, so its input is built afresh for every call.
``exact_cover`` (C, Knuth's DLX; jwg4/exact_cover)
    ``exact_cover.get_exact_cover(matrix)`` (raises
    ``exact_cover.error.NoSolution``) and ``exact_cover.get_solution_count``
    on a C-contiguous bool matrix, its only input form.  It has no secondary
    items: each secondary item becomes primary with a one-item slack option,
    which extends every solution in exactly one way (counts unchanged); slack
    options are dropped from the answers.

All are imported lazily, so this module imports without them.

Examples
--------
>>> r = sudoku_reduce(parse_puzzle("1234............"))  # 4x4: 4 givens cover 16 items
>>> r.options.n_items, r.options.n_options, r.givens.tolist()
(48, 32, [0, 5, 10, 15])
>>> decode_sudoku(r, []).tolist()[:6]
[1, 2, 3, 4, 0, 0]
>>> sudoku_reduce(parse_puzzle("11..............")) is None  # two givens share an item
True
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, NamedTuple

import numpy as np

__all__ = ["PEERS", "Options", "options_of", "available", "version", "prepare", "first", "count",
           "parse_puzzle", "sudoku_reduce", "decode_sudoku", "solve_sudoku", "solve_sudoku_timed"]


class Options(NamedTuple):
    """An exact-cover problem in CSR form: option ``j`` is ``items[ptr[j]:ptr[j+1]]``.

    Items are numbered from 0, the ``n_primary`` primary items first.
    """

    n_primary: int
    n_items: int
    ptr: np.ndarray    # int64, n_options + 1
    items: np.ndarray  # int64

    @property
    def n_options(self) -> int:
        return len(self.ptr) - 1


def options_of(problem) -> Options:
    """The :class:`Options` of a :class:`dlxnumba.ExactCover`."""
    return Options(problem.n_primary, problem.n_items, np.asarray(problem.opt_ptr, np.int64),
                   np.asarray(problem.opt_items, np.int64))


# ---------------------------------------------------------------------------
# the peers
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Peer:
    """How one package is driven."""

    module: str             # what must be importable
    distribution: str       # the name on PyPI
    language: str
    algorithm: str
    api: str                # the documented call, for the tables
    prepare: Callable       # Options -> the peer's input
    first: Callable         # input -> list of option indices (0-based) or None
    count: Callable         # input -> number of solutions
    reusable: bool = True   # False: one input serves one call only


def _xcover_prepare(o: Options):
    return (o.items.astype(np.uint32), o.ptr.astype(np.uint32), np.zeros(o.items.size, np.uint32),
            int(o.n_items), int(o.n_items - o.n_primary))


def _xcover_first(args):
    from xcover.dancing_cells import algorithm_c

    sol = next(algorithm_c(*args), None)
    return None if sol is None else [int(j) for j in sol]


def _xcover_count(args) -> int:
    from xcover.dancing_cells import algorithm_c

    return sum(1 for _ in algorithm_c(*args))


class _Matrix(NamedTuple):
    matrix: np.ndarray  # bool, C-contiguous: options (then slack options) x items
    n_options: int      # rows past this are slack options


def _exact_cover_prepare(o: Options) -> _Matrix:
    m, n_sec = o.n_options, o.n_items - o.n_primary
    mat = np.zeros((m + n_sec, o.n_items), np.bool_)
    mat[np.repeat(np.arange(m), np.diff(o.ptr)), o.items] = True
    mat[m + np.arange(n_sec), o.n_primary + np.arange(n_sec)] = True
    return _Matrix(mat, m)


def _exact_cover_first(inp: _Matrix):
    import exact_cover
    from exact_cover.error import NoSolution

    if inp.matrix.shape[1] == 0:
        return []  # nothing to cover (the C code is not asked about an empty matrix)
    try:
        rows = exact_cover.get_exact_cover(inp.matrix)
    except NoSolution:
        return None
    return [int(j) for j in rows if j < inp.n_options]


def _exact_cover_count(inp: _Matrix) -> int:
    import exact_cover

    if inp.matrix.shape[1] == 0:
        return 1
    return int(exact_cover.get_solution_count(inp.matrix))


class _MiniExact(NamedTuple):
    solver: object        # a miniexacts_x, ready to solve
    option_of: np.ndarray  # miniexact's option index -> ours (-1: none)
    trivial: bool          # no items at all: the empty cover (miniexact refuses an empty problem)


def _miniexact_prepare(o: Options) -> _MiniExact:
    from miniexact import miniexacts_x

    s = miniexacts_x()
    ids = [s.primary(f"i{i}") for i in range(o.n_primary)]
    ids += [s.secondary(f"i{i}") for i in range(o.n_primary, o.n_items)]
    ptr, items = o.ptr.tolist(), o.items.tolist()
    got = [s.add([ids[i] for i in items[ptr[j]:ptr[j + 1]]]) for j in range(o.n_options)]
    if 0 in got or len(set(got)) != len(got):  # 0 is miniexact's error value
        raise RuntimeError(f"miniexact did not take the options (indices {got[:5]} ...)")
    option_of = np.full(max(got, default=0) + 1, -1, np.int64)
    option_of[got] = np.arange(o.n_options)
    return _MiniExact(s, option_of, o.n_items == 0)


def _miniexact_first(inp: _MiniExact):
    if inp.trivial:
        return []
    if inp.solver.solve() != 10:
        return None
    return inp.option_of[list(inp.solver.selected_options())].tolist()


def _miniexact_count(inp: _MiniExact) -> int:
    if inp.trivial:
        return 1
    n = 0
    while inp.solver.solve() == 10:
        n += 1
    return n


#: The peers, in the order of the tables.
PEERS: dict[str, Peer] = {
    "xcover": Peer("xcover", "xcover", "numba", "Algorithm C (dancing cells)",
                   "`next(xcover.dancing_cells.algorithm_c(options, ptr, colors, n_items, n_secondary))`",
                   _xcover_prepare, _xcover_first, _xcover_count),
    "miniexact": Peer("miniexact", "miniexact", "C", "Algorithm X (dancing links)",
                      "`miniexacts_x()`: `primary`/`secondary` per item, `add([ids])` per option, `solve()`",
                      _miniexact_prepare, _miniexact_first, _miniexact_count, reusable=False),
    "exact_cover": Peer("exact_cover", "exact-cover", "C", "Algorithm X (dancing links)",
                        "`exact_cover.get_exact_cover(bool_matrix)` / `get_solution_count`",
                        _exact_cover_prepare, _exact_cover_first, _exact_cover_count),
}


def available(name: str) -> bool:
    """True when peer ``name`` can be imported."""
    try:
        __import__(PEERS[name].module)
    except ImportError:
        return False
    return True


def version(name: str) -> str | None:
    """The installed version of peer ``name`` (None if it is not installed)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as _version

    try:
        return _version(PEERS[name].distribution)
    except PackageNotFoundError:
        return None


def prepare(name: str, options: Options):
    """``options`` in peer ``name``'s own input format."""
    return PEERS[name].prepare(options)


def first(name: str, inp):
    """The first solution (0-based option indices) that peer ``name`` finds, or None."""
    return PEERS[name].first(inp)


def count(name: str, inp) -> int:
    """The number of solutions, counted by peer ``name``."""
    return PEERS[name].count(inp)


# ---------------------------------------------------------------------------
# Sudoku: the problem the givens leave
# ---------------------------------------------------------------------------


_DIGIT = np.full(256, 255, np.uint8)
_DIGIT[ord(".")] = 0
_DIGIT[ord("0"):ord("9") + 1] = np.arange(10)


def parse_puzzle(text: str) -> np.ndarray:
    """One-line puzzle (``1``-``9``, ``.`` or ``0`` for empty; 4x4 to 9x9) -> flat uint8 cells.

    >>> parse_puzzle("1.3..4.23.4..2.1")[:4].tolist()
    [1, 0, 3, 0]
    """
    cells = _DIGIT[np.frombuffer(text.strip().encode("ascii"), np.uint8)]
    n = int(round(cells.size ** 0.5))
    if n * n != cells.size or n > 9 or (cells > n).any():
        raise ValueError(f"not a one-line puzzle of at most 9x9: {text[:90]!r}")
    return cells


@lru_cache(maxsize=None)
def _template(n: int, box) -> np.ndarray:
    """Item numbers of every option of the empty grid, (n**3, 4) int64, dlxnumba's order."""
    from dlxnumba import sudoku_problem

    p, _ = sudoku_problem(n, box=box)
    assert np.array_equal(p.opt_ptr, np.arange(0, 4 * n ** 3 + 1, 4))
    tab = np.asarray(p.opt_items, np.int64).reshape(-1, 4)
    tab.setflags(write=False)
    return tab


class Reduced(NamedTuple):
    """What DLX sees of one puzzle after covering its givens."""

    options: Options    # the open items (renumbered, in order) and the options that agree
    keep: np.ndarray    # option j of ``options`` is option keep[j] of the empty grid
    givens: np.ndarray  # the givens' options of the empty grid
    n: int


def sudoku_reduce(cells, box=None) -> Reduced | None:
    """The exact-cover problem a puzzle leaves once its givens are covered; None if two givens clash."""
    cells = np.asarray(cells, np.int64).reshape(-1)
    n = int(round(cells.size ** 0.5))
    tab = _template(n, None if box is None else tuple(box))
    filled = np.flatnonzero(cells)
    givens = filled * n + cells[filled] - 1
    hits = np.bincount(tab[givens].ravel(), minlength=4 * n * n)
    if hits.size and hits.max() > 1:
        return None
    covered = hits.astype(np.bool_)
    keep = np.flatnonzero(~covered[tab].any(axis=1))
    renumber = np.cumsum(~covered) - 1
    n_items = int(covered.size - np.count_nonzero(covered))
    opts = Options(n_items, n_items, np.arange(0, 4 * keep.size + 1, 4, dtype=np.int64),
                   renumber[tab[keep]].ravel())
    return Reduced(opts, keep, givens, n)


def decode_sudoku(reduced: Reduced, solution) -> np.ndarray:
    """The flat grid (uint8) of the givens plus the chosen options of ``reduced``."""
    n = reduced.n
    chosen = np.concatenate([reduced.givens, reduced.keep[np.asarray(list(solution), np.int64)]])
    grid = np.zeros(n * n, np.uint8)
    grid[chosen // n] = (chosen % n + 1).astype(np.uint8)
    return grid


def solve_sudoku(name: str, text: str) -> np.ndarray | None:
    """End to end with peer ``name``: puzzle string -> solved flat grid, or None."""
    return solve_sudoku_timed(name, text)[0]


def solve_sudoku_timed(name: str, text: str) -> tuple[np.ndarray | None, float]:
    """:func:`solve_sudoku`, and the seconds spent in the peer's call alone."""
    peer = PEERS[name]
    reduced = sudoku_reduce(parse_puzzle(text))
    if reduced is None:
        return None, 0.0
    inp = peer.prepare(reduced.options)
    t0 = time.perf_counter()
    sol = peer.first(inp)
    call = time.perf_counter() - t0
    return (None if sol is None else decode_sudoku(reduced, sol)), call
