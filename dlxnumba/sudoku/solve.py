"""The Sudoku engine: one puzzle, many puzzles, all on the compiled lanes.

A Sudoku is the exact-cover problem of its box shape (built once per process,
:func:`.encoding.cover_problem`) with the givens as forced options.  Every way of
solving runs the same compiled path: a lane of :mod:`dlxnumba.batch` links up
the problem the givens leave (the fast builder
:func:`dlxnumba.sudoku.kernels.links.sudoku_links`) and runs the search loop.

* :func:`solve_arrays` -- a batch (an (P, N*N) uint8 array): one job per
  puzzle, on all threads (behind :func:`~dlxnumba.sudoku.solve_many`);
* :func:`solve_one`, :func:`count_solutions` -- a batch of one (``solve_one``
  goes straight to the compiled lane), behind :meth:`Sudoku.solve`,
  :meth:`Sudoku.count` and :meth:`Sudoku.is_unique`;
* :func:`iter_solutions` -- a resumable :class:`~dlxnumba.search.Search`
  whose links the same builder makes, to hand out solutions one by one
  (:meth:`Sudoku.solutions`);
* :func:`split_count`, :func:`split_solutions` -- the search split over
  threads (``threads=``, ``checkpoint=``).

A variant whose options are longer than four items (X, windoku, bans, cages)
runs on the generic engine instead: a :class:`~dlxnumba.search.Search`, or the
generic lanes of :func:`dlxnumba.batch.batch_jobs` for a batch.

The engine takes a :class:`~.grid.Grid` (the record) and checked
:class:`~dlxnumba.search_options.SearchOptions` (:func:`options_of` builds
them at the public edge) and returns arrays, or grids of the class it was
given (``Grid._with_cells``): it never imports the front door
(:class:`~dlxnumba.sudoku.Sudoku`).  A single puzzle that runs out of budget
raises :class:`~dlxnumba.errors.LimitReached` (with the statistics and what
was found), a puzzle in a batch gets the status ``BUDGET``.
"""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING, Iterator, NamedTuple, TypeVar, cast

import numpy as np

from .. import batch as B
from .. import kernels as K
from ..errors import ExactCoverError, LimitReached, SudokuError
from .kernels.lanes import SUDOKU, one_grid
from .kernels.links import link_givens
from ..progress import Progress
from ..estimate import search_progress
from ..search import Search, ready
from ..search_options import NO_LIMIT, SearchOptions
from ..stats import Stats, Status, record_last
from ..template import template
from . import bits as _bits
from .encoding import cover_problem, decode, given_options
from .geometry import check_box, geometry
from .grid import Grid
from .variants import Variant

if TYPE_CHECKING:  # pragma: no cover
    from .geometry import BoxLike

__all__ = ["options_of", "solve_one", "count_solutions", "iter_solutions", "split_count", "split_solutions",
           "solve_arrays", "BatchArrays", "memory"]

#: A grid of the caller's class: the engine hands back grids of the class it was given.
G = TypeVar("G", bound=Grid)

#: Updates between two returns of a lane to Python (progress, Ctrl-C, timeouts).
WORK_SLICE = B.WORK_SLICE


# ---------------------------------------------------------------------------
# Jobs: puzzles for the lanes
# ---------------------------------------------------------------------------


#: Jigsaw shapes kept at most in each cache (a generator may make many region maps).
VARIANT_SHAPES = 16


def _forget_variants(cache: dict) -> None:
    """Drop the variant entries (keys of three) of a cache that holds too many."""
    keys = [k for k in cache if len(k) == 3]
    if len(keys) >= VARIANT_SHAPES:
        for k in keys:
            cache.pop(k, None)


class _Shape:
    """What the lanes need of one box shape: the encoding, its template, the geometry."""

    _cache: dict = {}

    def __init__(self, n: int, box: tuple[int, int], variant: Variant | None = None):
        self.n = n
        # a variant here is a plain jigsaw: its pieces replace the boxes, four items per option
        self.problem = cover_problem(n, *box) if variant is None else variant.problem(n, box)
        self.template = template(self.problem)
        assert self.template.width == K.BLOCKS  # the builder links up four-node blocks
        self.cell_regions = (geometry(n, box) if variant is None else variant.geometry(n, box)).flat_cell_regions
        self.n1 = self.problem.n_primary
        self.depth = self.n1 + 1

    @classmethod
    def of(cls, n: int, box: tuple[int, int], variant: Variant | None = None) -> "_Shape":
        key = (n, box) if variant is None else (n, box, variant)
        s = cls._cache.get(key)
        if s is None:
            if variant is not None:
                _forget_variants(cls._cache)
            s = cls._cache[key] = cls(n, box, variant)
        return s

    def jobs(self, puzzles: np.ndarray, limit: np.ndarray) -> tuple:
        """The :data:`~dlxnumba.sudoku.kernels.links.SudokuJobs` of ``puzzles``
        (uint8 rows) with per-puzzle ``limit``, as a plain tuple."""
        return (limit, puzzles, self.n, self.cell_regions)

    def run(self, puzzles: np.ndarray, limit: np.ndarray, results: tuple) -> B.Run:
        """A batch run of ``puzzles`` (uint8 rows) with per-puzzle ``limit``."""
        return B.Run(SUDOKU, self.n1, self.jobs(puzzles, limit), results, self.template.first_node)


def _results(count: int, cells: int) -> tuple:
    """Empty results for ``count`` puzzles: ``(status, count, nodes, updates, grid)``
    (the fields of :data:`~dlxnumba.kernels.Results` that Sudoku jobs write)."""
    return (np.empty(count, np.int8), np.zeros(count, np.int64), np.zeros(count, np.int64),
            np.zeros(count, np.int64), np.zeros((count, cells), np.uint8))


class _One:
    """A per-thread workspace for one puzzle at a time: one lane and its buffers."""

    def __init__(self, shape: _Shape):
        nn = shape.n * shape.n
        self.shape = shape
        self.w = B.workspace(shape.template, shape.depth, 1, "single")
        self.puzzle = np.zeros((1, nn), np.uint8)
        self.limit = np.ones(1, np.int64)
        self.results = _results(1, nn)
        self.run = shape.run(self.puzzle, self.limit, self.results)
        rows, cursors, _ = self.w.rows(1)
        links = tuple(a if a.ndim == 1 else a[0] for a in rows)  # lane 0's (top is shared)
        cursor = tuple(a[0] for a in cursors)
        #: the arguments of :func:`one_grid` after ``start``, for stop_at 0 and 1 (no budget):
        #: the straight way, in lane 0's arrays (a budget or progress takes the lanes)
        self.args = tuple((shape.n1, self.run.jobs, self.run.first_node, links, cursor, stop_at, WORK_SLICE,
                           self.results) for stop_at in (0, 1))
        ready(one_grid, (True,) + self.args[1])  # before any clock starts: Stats count solving only

    def figures(self, seconds: float, status: Status) -> tuple:
        """The puzzle just run, as the arguments of :class:`Stats` (made into one on use)."""
        count, nodes, updates = self.results[1:4]
        w = self.w
        max_level = int(w.state[0, K.MAX_LEVEL])
        n = int(nodes[0])
        return (int(count[0]), n, int(updates[0]), max_level, seconds, status,
                w.profile[0, : max_level + 1 if n else 0].copy())


_LOCAL = threading.local()


def _one(puzzle: G) -> _One:
    """This thread's single-puzzle workspace for the puzzle's shape, holding its cells."""
    try:
        cache = _LOCAL.ones
    except AttributeError:
        cache = _LOCAL.ones = {}
    v = puzzle.variant
    key = (puzzle.n, puzzle.box, v) if v.kinds else (puzzle.n, puzzle.box)
    one = cache.get(key)
    if one is None or one.w.busy:  # busy: re-entered, e.g. from a progress callback
        one = _One(_Shape.of(puzzle.n, puzzle.box, v if v.kinds else None))
        if v.kinds and key not in cache:
            _forget_variants(cache)
        cache.setdefault(key, one)
    one.puzzle[0] = puzzle._cells  # a writable copy: one compiled signature for all callers
    return one


def _run_one(puzzle: G, limit: int, options: SearchOptions) -> tuple[_One, float]:
    """Run one puzzle through the lane, up to ``limit`` solutions."""
    stop_at, max_nodes, timeout = options.stop_at, options.max_nodes, options.timeout
    progress, progress_interval = options.reporter(), options.progress_interval
    one = _one(puzzle)
    one.limit[0] = limit
    t0 = time.perf_counter()
    w = one.w
    if max_nodes is None and timeout is None and progress is None:
        _straight(one, stop_at)
    elif progress is None:
        t0 += B.drive(one.run, w, 1, stop_at, max_nodes, timeout, None, work_slice=WORK_SLICE)
    else:
        def report() -> Progress:
            return search_progress(w.choice[0], w.state[0], one.shape.template.top, w.dlink[0], w.length[0],
                                   time.perf_counter() - t0)

        try:
            t0 += B.drive(one.run, w, 1, stop_at, max_nodes, timeout, lambda done, total: progress(report()),
                          progress_interval, work_slice=WORK_SLICE)
        finally:
            progress.close(report)
    return one, time.perf_counter() - t0


def _straight(one: _One, stop_at: int) -> None:
    """The common case: no budget, no progress, straight to the compiled lane."""
    w = one.w
    w.busy = True
    try:
        args = one.args[stop_at]
        if one_grid(True, *args):
            while one_grid(False, *args):
                pass  # a long search returns every WORK_SLICE updates: Ctrl-C works
    finally:
        w.busy = False


def _outcome(puzzle: G, one: _One, seconds: float, complete: bool, max_nodes) -> Stats:
    """The puzzle's Stats after a run (:func:`~dlxnumba.last_stats`); raises LimitReached
    on a spent budget."""
    stats = Stats(*one.figures(seconds, Status.COMPLETE if complete else Status.LIMIT))
    record_last(stats)
    if int(one.results[0][0]) == K.ST_BUDGET:
        stats.status = Status.MAX_NODES if max_nodes is not None and stats.nodes >= max_nodes else Status.TIMEOUT
        raise LimitReached(stats.status, stats, stats.solutions)
    return stats


# ---------------------------------------------------------------------------
# One puzzle (the bodies of Sudoku's solving methods)
# ---------------------------------------------------------------------------


#: The options of a call with none given, for ``stop_at`` 0 and 1 (the per-puzzle path
#: does not build a record).
DEFAULTS = (SearchOptions(stop_at=0), SearchOptions(stop_at=1))


def options_of(stop_at: object = 1, max_nodes: object = None, timeout: object = None, progress: object = None,
               progress_interval: object = 0.5, threads: object = None) -> SearchOptions:
    """The :class:`~dlxnumba.search_options.SearchOptions` of a Sudoku call, a bad one
    raising :class:`SudokuError` (the defaults cost nothing: a common record)."""
    if (max_nodes is None and timeout is None and progress is None and threads is None
            and type(stop_at) is int and 0 <= stop_at <= 1 and progress_interval == 0.5):
        return DEFAULTS[stop_at]
    values = (stop_at, max_nodes, timeout, progress, progress_interval, threads)
    key = tuple((type(v), v) for v in values) if all(type(v) in _PLAIN for v in values) else None
    options = _OPTIONS.get(key) if key is not None else None
    if options is None:
        options = SearchOptions.make(SudokuError, stop_at=stop_at, max_nodes=max_nodes, timeout=timeout,
                                     progress=progress, progress_interval=progress_interval, threads=threads)
        if key is not None and len(_OPTIONS) < 64:
            _OPTIONS[key] = options
    return options


#: The records of the calls seen with plain values (``solve_many(ps, threads=1)``
#: in a loop): a frozen record is checked once and shared, as DEFAULTS are.
_OPTIONS: dict = {}
_PLAIN = (type(None), bool, int, float)


def engine_of(puzzle: Grid, algorithm: str) -> str | None:
    """The bits' layout that solves ``puzzle`` with ``algorithm`` (checked), or
    None for the links (:func:`dlxnumba.sudoku.bits.engine`)."""
    return _bits.engine(puzzle.n, puzzle.box, puzzle.variant, algorithm)


def _bits_one(puzzle: Grid, lay: str, limit: int, options: SearchOptions, found_on_limit: bool) -> _bits.One:
    """One search on the bits; its statistics recorded; a spent budget raises
    LimitReached (``found``: the count, or None for ``solve``)."""
    r = _bits.search_one(puzzle._cells, puzzle.n, puzzle.box, puzzle.variant, lay, limit, options)
    record_last(r.stats)
    if r.spent is not None:
        raise LimitReached(r.stats.status, r.stats, r.count if found_on_limit else None)
    return r


def solve_one(puzzle: G, options: SearchOptions, algorithm: str = "auto") -> G | None:
    """The body of :meth:`Sudoku.solve`: the first solution, or None."""
    lay = engine_of(puzzle, algorithm)
    if lay is not None and (options is DEFAULTS[0] or options is DEFAULTS[1]):  # the lean way
        f = _bits.fast(lay, puzzle.n, puzzle.box, puzzle.variant)
        figures = f.search(puzzle._cells, 1)
        record_last(figures)
        return puzzle._with_cells(f.out.copy()) if figures[0] else None
    if lay is not None:
        r = _bits_one(puzzle, lay, 1, options, False)
        return None if r.first is None else puzzle._with_cells(r.first)
    if puzzle.variant.kinds and not puzzle.variant.fast:
        sol = _generic(puzzle, options).first()
        return None if sol is None else puzzle._with_cells(decode(sol, puzzle.n))
    if options is DEFAULTS[0] or options is DEFAULTS[1]:
        # the per-puzzle path, kept lean: Stats are made on first use
        one = _one(puzzle)
        one.limit[0] = 1
        t0 = time.perf_counter()
        _straight(one, options.stop_at)
        seconds = time.perf_counter() - t0
        found = bool(one.results[1][0])
        record_last(one.figures(seconds, Status.LIMIT if found else Status.COMPLETE))
        return _first(puzzle, one)
    one, seconds = _run_one(puzzle, 1, options)
    try:
        stats = _outcome(puzzle, one, seconds, False, options.max_nodes)
    except LimitReached as e:
        e.found = None
        raise
    if stats.solutions == 0:
        stats.status = Status.COMPLETE
    return _first(puzzle, one)


def _generic(puzzle: Grid, options: SearchOptions) -> Search:
    """A variant whose options are longer than four items: a resumable search on the
    generic engine (the givens forced), its statistics recorded for the thread."""
    p = puzzle.variant.problem(puzzle.n, puzzle.box)
    search = Search.using(p, options, given_options(puzzle._cells, puzzle.n))
    record_last(search.stats)
    return search


def _first(puzzle: G, one: _One) -> G | None:
    """The first solution the run found, as a grid of the puzzle's class, or None."""
    return puzzle._with_cells(one.results[4][0].copy()) if one.results[1][0] else None


def count_solutions(puzzle: G, limit: int | None, options: SearchOptions, algorithm: str = "auto") -> int:
    """The body of :meth:`Sudoku.count`: the number of solutions, at most ``limit`` (checked)."""
    lay = engine_of(puzzle, algorithm)
    if limit == 0:
        record_last(Stats(status=Status.LIMIT, algorithm="links" if lay is None else "bits"))
        return 0
    if lay is not None and (options is DEFAULTS[0] or options is DEFAULTS[1]):  # the lean way
        figures = _bits.fast(lay, puzzle.n, puzzle.box, puzzle.variant).search(
            puzzle._cells, NO_LIMIT if limit is None else min(limit, NO_LIMIT))
        record_last(figures)
        return figures[0]
    if lay is not None:
        return _bits_one(puzzle, lay, NO_LIMIT if limit is None else limit, options, True).count
    if puzzle.variant.kinds and not puzzle.variant.fast:
        return _generic(puzzle, options).count(limit)
    target = NO_LIMIT if limit is None else min(int(limit), NO_LIMIT)
    one, seconds = _run_one(puzzle, target, options)
    stats = _outcome(puzzle, one, seconds, True, options.max_nodes)
    if stats.solutions >= target:
        stats.status = Status.LIMIT
    return stats.solutions


def iter_solutions(puzzle: G, limit: int | None, options: SearchOptions, algorithm: str = "auto") -> Iterator[G]:
    """The body of :meth:`Sudoku.solutions`: a resumable search, linked up by the same builder
    (or on the bits)."""
    lay = engine_of(puzzle, algorithm)
    if lay is not None:
        if limit == 0:
            record_last(Stats(status=Status.LIMIT, algorithm="bits"))
            return iter(())
        live = Stats(status=Status.RUNNING, algorithm="bits")  # the search's, from now on
        record_last(live)
        return _bits_solutions(puzzle, lay, limit, options, live)
    v = puzzle.variant
    if v.kinds and not v.fast:
        return (puzzle._with_cells(decode(sol, puzzle.n)) for sol in _generic(puzzle, options).solutions(limit))
    shape = _Shape.of(puzzle.n, puzzle.box, v if v.kinds else None)
    cells = puzzle._cells.copy()
    jobs = shape.jobs(cells.reshape(1, -1), np.ones(1, np.int64))

    def prepare(links: tuple, first_node: np.ndarray) -> bool:
        return link_givens(jobs, first_node, links)

    search = Search.using(shape.problem, options, given_options(cells, puzzle.n), prepare=prepare)
    record_last(search.stats)
    return (puzzle._with_cells(decode(sol, puzzle.n)) for sol in search.solutions(limit))


def _bits_solutions(puzzle: G, lay: str, limit: int | None, options: SearchOptions, live: Stats) -> Iterator[G]:
    """The solutions on the bits, one at a time: the search waits between two;
    ``live`` follows it (:func:`~dlxnumba.last_stats`)."""
    steps = _bits.run(puzzle._cells, puzzle.n, puzzle.box, puzzle.variant, lay,
                      NO_LIMIT if limit is None else limit, options, lazy=True, live=live)
    while True:
        try:
            grid = next(steps)
        except StopIteration as e:
            r = e.value
            record_last(r.stats)
            if r.spent is not None:
                raise LimitReached(r.stats.status, r.stats, r.count) from None
            return
        yield puzzle._with_cells(grid)


def split_count(puzzle: G, limit: int | None, options: SearchOptions, checkpoint: object) -> int:
    """The body of :meth:`Sudoku.count` with ``threads`` or a ``checkpoint``: a split search."""
    from ..parallel.run import count_parallel

    p, _, given = puzzle.to_problem()
    try:
        n, stats = count_parallel(p, np.asarray(given, np.int32), options, limit=limit, checkpoint=checkpoint)
    except ExactCoverError as e:
        raise SudokuError(str(e)) from None
    record_last(stats)
    return n


def split_solutions(puzzle: G, limit: int | None, options: SearchOptions) -> Iterator[G]:
    """The body of :meth:`Sudoku.solutions` with ``threads``: every solution, found first."""
    from ..parallel.run import solutions_parallel

    p, _, given = puzzle.to_problem()
    try:
        sols, stats = solutions_parallel(p, np.asarray(given, np.int32), options, limit=limit)
    except ExactCoverError as e:
        raise SudokuError(str(e)) from None
    record_last(stats)
    return iter([puzzle._with_cells(decode(sol, puzzle.n)) for sol in sols])


# ---------------------------------------------------------------------------
# Batches (the body of solve_many)
# ---------------------------------------------------------------------------


class BatchArrays(NamedTuple):
    """What :func:`solve_arrays` returns: one entry per puzzle, in input order."""

    #: (P, N*N) uint8: the first solution of each puzzle, zeros where none was found
    solutions: np.ndarray
    #: (P,) int8 Status codes
    status: np.ndarray
    #: (P,) int64 solutions found (at most the limit), search nodes and updates
    count: np.ndarray  # type: ignore[assignment]  # shadows tuple.count (a field of this record)
    nodes: np.ndarray
    updates: np.ndarray
    #: wall-clock seconds of the call, without compiling or loading compiled code
    seconds: float
    #: the (P, N*N) puzzles solved (a copy of the input where rows were marked INVALID)
    puzzles: np.ndarray
    #: the engine that solved them: "bits" (guesses and propagation steps in
    #: ``nodes`` and ``updates``) or "links"
    algorithm: str = "links"


def solve_arrays(arr: np.ndarray, bad: np.ndarray, n: int, box: tuple[int, int], variant: Variant, limit: int,
                 options: SearchOptions, *, shared: bool = True, t0: float | None = None,
                 algorithm: str = "auto") -> BatchArrays:
    """Solve the (P, N*N) uint8 puzzles ``arr`` (rows ``bad`` are INVALID: unreadable),
    up to ``limit`` solutions each, with ``options`` (checked), on their threads.

    ``shared``: ``arr`` is the caller's (copied before a row is marked);
    ``t0``: when the call began (its reading counts in ``seconds``).
    """
    t0 = time.perf_counter() if t0 is None else t0
    stop_at, max_nodes, timeout = options.stop_at, options.max_nodes, options.timeout
    if (max_nodes == 0 or timeout == 0) and arr.size:  # no lane runs: digits past N are caught here
        bad = bad | (arr > n).any(axis=1)
    # givens that no digits complete to a cage's sum, as Sudoku() refuses: INVALID too
    broken = _cages_broken(arr, bad | (arr > n).any(axis=1), variant) if variant.cages is not None else None
    any_bad = bool(bad.any())
    if any_bad:
        arr = arr.copy() if shared or not arr.flags.writeable else arr
        arr[bad, 0] = n + 1  # the lanes reject these at once (INVALID), without a search
    nthreads = options.thread_count()
    if variant.kinds:
        variant.geometry(n, box)  # a region map of another size, a windoku without room: SudokuError
    limit = min(int(limit), NO_LIMIT)
    lay = _bits.engine(n, box, variant, algorithm)
    if lay is not None:
        todo = arr
        if broken is not None and broken.any():
            bad = bad | broken
            todo = arr.copy()
            todo[broken, 0] = n + 1  # no search; the puzzles returned keep their digits (the errors name them)
        res, compiling = _bits.solve_batch(todo, n, box, variant, lay, limit, options,
                                           B.lanes_for(nthreads, len(arr)), t0)
        status, out = res[0], res[4]
        if bad.any():
            status[bad] = K.ST_INVALID
            out[bad] = 0
        return BatchArrays(out, status, res[1], res[2], res[3], time.perf_counter() - t0 - compiling, arr, "bits")
    if variant.kinds and not variant.fast:
        return _generic_batch(arr, bad if broken is None else bad | broken, n, box, variant, limit, options)
    shape = _Shape.of(n, box, variant if variant.kinds else None)
    results = _results(len(arr), n * n)
    run = shape.run(arr, np.full(len(arr), limit, np.int64), results)
    lanes_n = B.lanes_for(nthreads, len(arr))
    compiling = B.drive_reporting(run, B.workspace(shape.template, shape.depth, lanes_n), lanes_n, stop_at,
                                  max_nodes, timeout, options.reporter(), options.progress_interval, "puzzles",
                                  t0, work_slice=WORK_SLICE)
    status, out = results[0], results[4]
    if any_bad:
        status[bad] = K.ST_INVALID
        out[bad] = 0
    return BatchArrays(out, status, results[1], results[2], results[3], time.perf_counter() - t0 - compiling, arr)


def _cages_broken(arr: np.ndarray, skip: np.ndarray, variant: Variant) -> np.ndarray:
    """The rows of ``arr`` (but those in ``skip``) whose givens break a cage of ``variant``."""
    cages = variant.cages
    assert cages is not None
    return np.array([not skip[k] and bool(cages.conflicts(arr[k])) for k in range(len(arr))], bool).reshape(-1)


def _generic_batch(arr: np.ndarray, bad: np.ndarray, n: int, box: tuple[int, int], variant: Variant, limit: int,
                   options: SearchOptions) -> BatchArrays:
    """A batch of variant puzzles on the generic lanes; rows in ``bad`` and rows
    that break a rule are INVALID."""
    p = variant.problem(n, box)
    over = (arr > n).any(axis=1) if arr.size else np.zeros(0, bool)
    invalid = bad | over  # ``bad`` holds the rows that break a cage (solve_arrays)
    jobs = [given_options(np.zeros(0, np.uint8), n) if invalid[k] else given_options(arr[k], n)
            for k in range(len(arr))]
    r = B.batch_jobs(p, cast(list, jobs), limit, options)
    status = r.status.astype(np.int8)
    count, nodes, updates = r.count, r.nodes, r.updates
    grids = np.zeros((len(arr), n * n), np.uint8)
    for k, sol in enumerate(r.first):
        if invalid[k]:
            status[k], count[k], nodes[k], updates[k] = K.ST_INVALID, 0, 0, 0
        elif sol is not None:
            grids[k] = decode(sol, n)
    return BatchArrays(grids, status, count, nodes, updates, r.seconds, arr)


def memory(n: int = 9, box: BoxLike = None) -> tuple[int, int]:
    """(bytes per thread, bytes shared) of solving ``n x n`` grids of ``box``,
    computed from the sizes: nothing is built.

    *Shared*, built once per process and box shape: the encoding (its options
    in CSR form) and its dancing-links template.  *Per thread*: the private
    links and cursor of one lane; :func:`solve_many` runs one lane per thread,
    :meth:`Sudoku.solve` one per Python thread (the lanes of a batch on
    several threads round each of their nine arrays up to whole 4 KB pages:
    :func:`dlxnumba.batch.row_width`).  Python, numpy and numba add about
    100 MB to a process.

    >>> memory(9)
    (36416, 63256)
    >>> [round(b / 2**20) for b in memory(250)]
    [484, 1138]
    """
    box = check_box(n, box)
    nn = n * n
    n_items, n_options = 4 * nn, n ** 3
    nodes = ((n_items + 4) & ~3) + 4 * n_options  # four-node blocks (see dlxnumba.kernels)
    i32, i64 = np.dtype(np.int32), np.dtype(np.int64)

    def row(size: int, dtype: np.dtype) -> int:  # one lane's row (batch._rows; a single lane)
        return B.row_width(size, dtype.itemsize, paged=False) * dtype.itemsize

    depth = n_items + 1
    per_thread = (2 * row(n_items + 2, i32) + 2 * row(nodes, i32) + row(n_items + 1, i32)
                  + row(depth, i32) + row(depth, i64) + row(K.STATE_SIZE, i64) + row(K.LANE_SIZE, i64))
    template = 4 * (2 * (n_items + 2) + 3 * nodes + (n_items + 1) + n_options)
    encoding = 8 * (n_options + 1) + 4 * 4 * n_options
    return per_thread, template + encoding
