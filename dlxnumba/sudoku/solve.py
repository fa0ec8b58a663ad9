"""The Sudoku engine: one puzzle, many puzzles, all on the compiled lanes.

A Sudoku is the exact-cover problem of its box shape (built once per process,
:func:`.encoding._encoding`) with the givens as forced options.  Every way of
solving runs the same compiled path: a lane of :mod:`dlxnumba.batch` links up
the problem the givens leave (the fast builder
:func:`dlxnumba.kernels.sudoku.links.sudoku_links`) and runs the search loop.

* :func:`solve_many` -- a batch: one job per puzzle, on all threads;
* :meth:`Sudoku.solve`, :meth:`Sudoku.count`, :meth:`Sudoku.is_unique` --
  a batch of one (``solve`` goes straight to the compiled lane);
* :meth:`Sudoku.solutions` -- a resumable :class:`~dlxnumba.search.Search`
  whose links the same builder makes, to hand out solutions one by one.

All take ``stop_at``, ``max_nodes``, ``timeout`` and ``progress``; a single
puzzle that runs out of budget raises :class:`~dlxnumba.errors.LimitReached`
(with the statistics and what was found), a puzzle in a batch gets the status
``BUDGET``.
"""

from __future__ import annotations

import math
import threading
import time
from typing import TYPE_CHECKING, Iterator

import numpy as np

from .. import batch as B
from .. import kernels as K
from ..checks import is_integer
from ..errors import ExactCoverError, LimitReached, SudokuError, plain
from ..kernels.sudoku.lanes import SUDOKU, lane_sudoku
from ..kernels.sudoku.links import link_givens
from ..progress import Progress, ProgressArg, Reporter
from ..search import Search, ready, search_progress
from ..search_options import NO_LIMIT, SearchOptions, check_limit
from ..stats import Stats, Status, record_last
from ..template import template
from .encoding import _encoding, decode, given_options
from .geometry import MAX_N, _box_of_text, _check_box, _size_of, cell_name, geometry
from .rules import conflicts
from .text import DRAWING, _grid_from
from .variants import CLASSIC, Variant, decode_all, generic_search, solve_batch

if TYPE_CHECKING:  # pragma: no cover
    from .puzzle import Sudoku

__all__ = ["Status", "SudokuBatchResult", "solve_many"]

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
        self.problem = _encoding(n, *box) if variant is None else variant.problem(n, box)
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

    def run(self, puzzles: np.ndarray, limit: np.ndarray, results: tuple) -> B.Run:
        """A batch run of ``puzzles`` (uint8 rows) with per-puzzle ``limit``."""
        jobs = (limit, puzzles, self.n, self.cell_regions)
        return B.Run(SUDOKU, self.n1, jobs, results, self.template.first_node)


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
        head = self.run.head(self.w, 1)
        #: the whole argument tuple of the lane for stop_at 0 and 1 (no budget)
        self.args = tuple(head + ((stop_at, NO_LIMIT, WORK_SLICE), self.results) for stop_at in (0, 1))
        ready(lane_sudoku, self.args[1])  # before any clock starts: Stats count solving only

    def figures(self, seconds: float, status: Status) -> tuple:
        """The puzzle just run, as the arguments of :class:`Stats` (made into one on use)."""
        count, nodes, updates = self.results[1:4]
        w = self.w
        max_level = int(w.state[0, K.MAX_LEVEL])
        n = int(nodes[0])
        return (int(count[0]), n, int(updates[0]), max_level, seconds, status,
                w.profile[0, : max_level + 1 if n else 0].copy())


_LOCAL = threading.local()


def _one(puzzle: "Sudoku") -> _One:
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


def _run_one(puzzle: "Sudoku", limit: int, options: SearchOptions) -> tuple[_One, float]:
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
        w.counter[K.COUNTER_NEXT] = 0
        w.lanes[0, K.LANE_ACTIVE] = 0
        args = one.args[stop_at]
        while lane_sudoku(*args):
            pass  # a long search returns every WORK_SLICE updates: Ctrl-C works
    finally:
        w.busy = False


def _outcome(puzzle: "Sudoku", one: _One, seconds: float, complete: bool, max_nodes) -> Stats:
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
    return SearchOptions.make(SudokuError, stop_at=stop_at, max_nodes=max_nodes, timeout=timeout,
                              progress=progress, progress_interval=progress_interval, threads=threads)


def solve_one(puzzle: "Sudoku", options: SearchOptions) -> "Sudoku | None":
    """The body of :meth:`Sudoku.solve`: the first solution, or None."""
    if puzzle.variant.kinds and not puzzle.variant.fast:
        search = _generic(puzzle, options)
        try:
            sol = search.next()
        except LimitReached as e:
            e.found = None
            raise
        if sol is not None:
            search.stats.status = Status.LIMIT
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


def _generic(puzzle: "Sudoku", options: SearchOptions) -> Search:
    """A variant whose options are longer than four items: a resumable search on the generic engine."""
    search = generic_search(puzzle, options)
    record_last(search.stats)
    return search


def _first(puzzle: "Sudoku", one: _One) -> "Sudoku | None":
    """The first solution the run found, as a Sudoku, or None."""
    return puzzle._with_cells(one.results[4][0].copy()) if one.results[1][0] else None


def count_solutions(puzzle: "Sudoku", limit: int | None, options: SearchOptions) -> int:
    """The body of :meth:`Sudoku.count`: the number of solutions, at most ``limit`` (checked)."""
    if limit == 0:
        record_last(Stats(status=Status.LIMIT))
        return 0
    if puzzle.variant.kinds and not puzzle.variant.fast:
        return _generic(puzzle, options).count(limit)
    target = NO_LIMIT if limit is None else min(int(limit), NO_LIMIT)
    one, seconds = _run_one(puzzle, target, options)
    stats = _outcome(puzzle, one, seconds, True, options.max_nodes)
    if stats.solutions >= target:
        stats.status = Status.LIMIT
    return stats.solutions


def iter_solutions(puzzle: "Sudoku", limit: int | None, options: SearchOptions) -> Iterator["Sudoku"]:
    """The body of :meth:`Sudoku.solutions`: a resumable search, linked up by the same builder."""
    v = puzzle.variant
    if v.kinds and not v.fast:
        return decode_all(puzzle, _generic(puzzle, options).solutions(limit))
    shape = _Shape.of(puzzle.n, puzzle.box, v if v.kinds else None)
    cells = puzzle._cells.copy()

    def prepare(links: tuple, first_node: np.ndarray) -> bool:
        return link_givens(cells, shape.n, shape.cell_regions, first_node, links)

    search = Search.using(shape.problem, options, given_options(cells, puzzle.n), prepare=prepare)
    record_last(search.stats)
    return (puzzle._with_cells(decode(sol, puzzle.n)) for sol in search.solutions(limit))


def split_count(puzzle: "Sudoku", limit: int | None, options: SearchOptions, checkpoint: object) -> int:
    """The body of :meth:`Sudoku.count` with ``threads`` or a ``checkpoint``: a split search."""
    from ..parallel.run import count_parallel

    p, _, given = puzzle.to_problem()
    try:
        n, stats = count_parallel(p, np.asarray(given, np.int32), options, limit=limit, checkpoint=checkpoint)
    except ExactCoverError as e:
        raise SudokuError(str(e)) from None
    record_last(stats)
    return n


def split_solutions(puzzle: "Sudoku", limit: int | None, options: SearchOptions) -> Iterator["Sudoku"]:
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
# Batches
# ---------------------------------------------------------------------------


def _batch_array(puzzles, box, variants: dict | None = None, who: str = "solve_many"
                 ) -> tuple[np.ndarray, np.ndarray, int, tuple[int, int], list]:
    """(P, N*N) uint8 cells, a per-row 'unreadable' mask, N, box, and errors
    (``variants``: filled with variant -> first puzzle that has it; ``who``:
    the public function, for the message that refuses one grid given as a batch)."""
    errors: list[str | None] = []
    n: int | None
    if isinstance(box, str):  # "2x3": a pair from here on (the side of an unreadable batch below)
        box = _box_of_text(box)
    if isinstance(puzzles, np.ndarray) and puzzles.dtype.kind in "biu":
        if puzzles.ndim == 3 and puzzles.shape[1] == puzzles.shape[2]:
            puzzles = puzzles.reshape(len(puzzles), puzzles.shape[1] * puzzles.shape[2])  # (-1 fails on 0 rows)
        if puzzles.ndim != 2:
            raise SudokuError(f"puzzles must be an (n, N*N) array, got shape {puzzles.shape}")
        try:
            n = _size_of(puzzles.shape[1])
        except SudokuError as e:
            side = puzzles.shape[0]
            if side == puzzles.shape[1] and side >= 4:  # (9, 9): one grid, not nine puzzles of 9 cells
                raise SudokuError(_one_grid(who, side, "a 2-D array", "[grid] or grid[None]")) from None
            raise SudokuError(f"puzzles must be an (n, N*N) array: {e}") from None
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
    try:
        items = iter(puzzles)
    except TypeError:
        raise SudokuError(f"puzzles must be a list or an array of puzzles, not {plain(puzzles)}") from None
    side = _nested_side(puzzles)
    if side:
        raise SudokuError(_one_grid(who, side, f"{side} lists of {side} numbers", "[grid]"))
    rows: list[np.ndarray | None] = []
    unsized: list[int] = []  # the cell counts of rows that are no grid (9 cells: a row of a 9x9 grid)
    n = None
    boxes: dict = {}  # box -> the first puzzle (a Sudoku) that has it
    for k, item in enumerate(items):
        try:
            cells = _grid_from(item, where=f"puzzle {k}")
        except SudokuError as e:
            if n is None:  # "4.....8.5": a row of a grid?
                unsized.append(_row_cells(item))
            rows.append(None)
            msg = str(e)
            errors.append(msg if msg.startswith(f"puzzle {k}") else f"puzzle {k}: {msg}")
            continue
        if n is None:
            try:
                n = _size_of(cells.size)
            except SudokuError as e:  # no grid has that many cells: this row is INVALID, not the batch
                unsized.append(cells.size)
                rows.append(None)
                errors.append(f"puzzle {k}: {e}")
                continue
        if cells.size != n * n:
            rows.append(None)
            errors.append(f"puzzle {k}: {cells.size} cells, but the batch has {n * n}")
            continue
        rows.append(cells)
        errors.append(None)
        if not isinstance(item, str) and _is_sudoku(item):  # (strings first: the common case, fast)
            boxes.setdefault(item.box, k)
            if variants is not None:
                variants.setdefault(item.variant, k)
    if n is None and len(rows) >= 4 and len(unsized) == len(rows) and set(unsized) == {len(rows)}:
        side = len(rows)  # nine rows of nine cells (row strings, array rows): one 9x9 grid, not nine puzzles
        raise SudokuError(_one_grid(who, side, f"{side} rows of {side} cells", "[grid]"))
    if n is None:  # nothing readable (every row is INVALID, or none): an array's shape, box=, else 9
        pair = box if isinstance(box, tuple) and len(box) == 2 else None
        n = _array_side(puzzles) or (
            pair[0] * pair[1] if pair and all(type(b) is int and b > 0 for b in pair) else 9)
    arr = np.zeros((len(rows), n * n), np.uint8)
    bad = np.zeros(len(rows), bool)
    for k, row in enumerate(rows):
        if row is None:
            bad[k] = True
        else:
            arr[k] = row
    return arr, bad, n, _batch_box(n, box, boxes), errors


def _nested_side(puzzles) -> int | None:
    """``N`` when ``puzzles`` is nested lists (or tuples) of ``N`` rows of ``N`` numbers,
    ``4 <= N <= MAX_N``: the way one grid is written, so not taken for a batch."""
    if type(puzzles) not in (list, tuple) or not 4 <= len(puzzles) <= MAX_N:
        return None
    side = len(puzzles)
    for row in puzzles:
        if type(row) not in (list, tuple) or len(row) != side:
            return None
        if not all(isinstance(v, (int, float, np.number)) for v in row):
            return None
    return side


def _row_cells(item) -> int:
    """The cells of ``item`` as a row of a grid (a string, a 1-D array), else -1."""
    if isinstance(item, str):
        return sum(ch not in DRAWING for ch in item)
    if isinstance(item, np.ndarray) and item.ndim == 1:
        return item.size
    return -1


def _one_grid(who: str, side: int, what: str, wrapped: str) -> str:
    """The message that refuses one grid given where a batch is expected."""
    msg = (f"{who} takes a batch of puzzles, but got one {side}x{side} grid ({what}); "
           f"for a batch of one, pass {wrapped} (or use Sudoku(grid) for one puzzle)")
    root = math.isqrt(side)
    if root * root == side and root >= 4:  # 16 rows of 16: sixteen 4x4 puzzles are written so too
        msg += (f"; for {side} puzzles of {root}x{root}, pass a ({side}, {side}) array "
                f"(numpy.array(puzzles)) or strings")
    return msg


def _array_side(puzzles) -> int | None:
    """The side N that the shape of an (n, N, N) or (n, N*N) array tells, else None."""
    if isinstance(puzzles, np.ndarray):
        if puzzles.ndim == 3 and puzzles.shape[1] == puzzles.shape[2]:
            return int(puzzles.shape[1]) or None
        if puzzles.ndim == 2 and math.isqrt(puzzles.shape[1]) ** 2 == puzzles.shape[1]:
            return math.isqrt(puzzles.shape[1]) or None
    return None


def _is_sudoku(item) -> bool:
    """Whether ``item`` is a :class:`Sudoku` (which carries its box shape)."""
    return hasattr(item, "boxed") and hasattr(item, "box")


def _batch_box(n: int, box, boxes: dict) -> tuple[int, int]:
    """The one box shape of a batch: ``box``, else that of its Sudoku objects, else the default.

    A batch is solved with one box shape: Sudoku objects with another shape
    than ``box``, or than each other, are refused rather than solved wrongly.
    """
    if box is not None:
        box = _check_box(n, box)
        for other, k in boxes.items():
            if other != box:
                raise SudokuError(f"puzzle {k} has {other[0]}x{other[1]} boxes, but box={box}; "
                                  "a batch is solved with one box shape")
        return box
    if len(boxes) > 1:
        (a, i), (b, j) = list(boxes.items())[:2]
        raise SudokuError(f"puzzle {i} has {a[0]}x{a[1]} boxes and puzzle {j} {b[0]}x{b[1]} boxes; "
                          "a batch is solved with one box shape (solve_many once per shape)")
    return next(iter(boxes)) if boxes else _check_box(n, None)


def solve_many(puzzles, threads: int | None = None, limit: int = 1, *, box=None, stop_at: int = 1,
               max_nodes: int | None = None, timeout: float | None = None,
               progress: ProgressArg = None, progress_interval: float = 0.5,
               return_stats: bool = False, variant=None) -> SudokuBatchResult:
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
        With ``max_nodes=0`` or ``timeout=0`` no puzzle is searched: each
        readable one gets ``BUDGET``, even a full grid.
    progress : True or callable, optional
        A callable receives a :class:`~dlxnumba.progress.Progress` report
        (puzzles done of all, nodes, solutions, elapsed and estimated time
        left) every ``progress_interval`` seconds (default 0.5) of a long
        batch; ``True`` shows them (a tqdm bar when tqdm is installed, else a
        line on stderr).
    return_stats : bool
        Also return a dict: per-puzzle ``nodes``, ``updates`` and ``count``
        arrays, ``seconds``, and ``errors`` (a message per INVALID puzzle,
        else None).  The result has them as attributes all the same.
    box : (int, int) or str, optional
        The box shape of every puzzle (a pair, or text ``"2x3"``); by default that of the :class:`Sudoku`
        objects among the puzzles, else the default shape.  A batch is solved
        with one shape: puzzles of another shape are refused (SudokuError).
    variant : str or Variant, optional
        The variant of every puzzle (``"x"``, ``"windoku"``, ``"anti-knight"``,
        ... or a :class:`~dlxnumba.sudoku.variants.Variant`, e.g. a jigsaw's);
        by default that of the :class:`Sudoku` objects among the puzzles, else
        the classic rules.  A batch is solved with one variant.

    Returns
    -------
    SudokuBatchResult
        The tuple ``(solutions, status)``, so that ``solutions, status =
        solve_many(...)`` works, with the statistics as attributes and
        :meth:`~SudokuBatchResult.sudoku` to pair a solution with its puzzle:

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
    >>> r = solve_many(["1234............", "1..............1"], variant="x", limit=2, threads=1)
    >>> r.status_names, r.sudoku(0)
    (['MULTIPLE', 'INVALID'], Sudoku('1234341243212143', variant='x'))
    """
    check_limit(limit, SudokuError, positive=True)
    options = options_of(stop_at, max_nodes, timeout, progress, progress_interval, threads)
    stop_at, max_nodes, timeout = options.stop_at, options.max_nodes, options.timeout
    reporter, progress_interval = options.reporter(), options.progress_interval
    if isinstance(puzzles, (str, bytes)) or hasattr(puzzles, "boxed"):  # one puzzle, not a batch
        raise SudokuError("solve_many takes a batch: pass a list or array of puzzles "
                          "(for one puzzle, use Sudoku(puzzle).solve())")
    t0 = time.perf_counter()
    v = None if variant is None else Variant.parse(variant)
    if v is not None and v.region_map is not None and box is None:
        box = v.geometry(v.side() or 0).box
    seen: dict = {}
    arr, bad, n, box, errors = _batch_array(puzzles, box, seen)
    v = _batch_variant(v, seen)
    if (max_nodes == 0 or timeout == 0) and arr.size:  # no lane runs: digits past N are caught here
        bad = bad | (arr > n).any(axis=1)
    any_bad = bool(bad.any())
    if any_bad:
        arr = arr.copy() if not arr.flags.writeable or arr is puzzles else arr
        arr[bad, 0] = n + 1  # the lanes reject these at once (INVALID), without a search
    nthreads = options.thread_count()
    if v.kinds:
        v.geometry(n, box)  # a region map of another size, a windoku without room: SudokuError
    if v.kinds and not v.fast:
        status, count, nodes, updates, out, seconds = solve_batch(arr, bad, n, box, v, min(int(limit), NO_LIMIT),
                                                                  options)
        return SudokuBatchResult(out, status, count, nodes, updates, seconds, arr, n, box, errors, return_stats,
                                 variant=v)
    shape = _Shape.of(n, box, v if v.kinds else None)
    results = _results(len(arr), n * n)
    run = shape.run(arr, np.full(len(arr), min(int(limit), NO_LIMIT), np.int64), results)
    lanes_n = B.lanes_for(nthreads, len(arr))
    compiling = B.drive_reporting(run, B.workspace(shape.template, shape.depth, lanes_n), lanes_n, stop_at,
                                  max_nodes, timeout, reporter, progress_interval, "puzzles", t0,
                                  work_slice=WORK_SLICE)
    status, out = results[0], results[4]
    if any_bad:
        status[bad] = K.ST_INVALID
        out[bad] = 0
    return SudokuBatchResult(out, status, results[1], results[2], results[3],
                             time.perf_counter() - t0 - compiling, arr, n, box, errors, return_stats,
                             variant=v)


def _batch_variant(variant: Variant | None, seen: dict) -> Variant:
    """The one variant of a batch: ``variant``, else that of its Sudoku objects, else classic."""
    if variant is not None:
        for other, k in seen.items():
            if other != variant:
                raise SudokuError(f"puzzle {k} is a {other} Sudoku, but variant={variant.name!r}; "
                                  "a batch is solved with one variant")
        return variant
    if len(seen) > 1:
        (a, i), (b, j) = list(seen.items())[:2]
        raise SudokuError(f"puzzle {i} is a {a} Sudoku and puzzle {j} a {b} one; a batch is solved "
                          "with one variant (solve_many once per variant)")
    return next(iter(seen)) if seen else CLASSIC


class SudokuBatchResult(tuple):
    """What :func:`solve_many` returns: the tuple ``(solutions, status)`` -- or
    ``(solutions, status, info)`` with ``return_stats`` -- with more as attributes.

    Attributes
    ----------
    solutions : ndarray, (P, N*N) uint8
        The first solution of each puzzle, zeros where none was found.
    status : ndarray, (P,) int8
        A :class:`Status` value per puzzle, in input order (``statuses`` has
        them as :class:`Status` members).
    count, nodes, updates : ndarray, (P,) int64
        Solutions found (at most ``limit``), search nodes and updates per puzzle.
    seconds : float
        Wall-clock time of the call, without compiling or loading compiled code.
    n, box : int, (int, int)
        The side of the grids and the box shape they were solved with.

    Notes
    -----
    :meth:`sudoku` pairs a solution with its puzzle, as a :class:`Sudoku` that
    remembers the givens (bold in Jupyter); :meth:`puzzle` is the puzzle.

    Examples
    --------
    >>> r = solve_many(["12.. ..12 .... ....", "11.. .... .... ....", "1234 3412 2143 4321"], threads=1)
    >>> solutions, status = r
    >>> r.status_names
    ['SOLVED', 'INVALID', 'SOLVED']
    >>> print(r.sudoku(0).boxed())  # doctest: +NORMALIZE_WHITESPACE
    1 2 | 3 4
    3 4 | 1 2
    ----+----
    2 1 | 4 3
    4 3 | 2 1
    >>> r.sudoku(0).givens.sum(), r.puzzle(0), r.sudoku(1)
    (np.int64(4), Sudoku('12....12........'), None)
    >>> r.errors[1][:50]
    'puzzle 1: the givens break the rules: 1 appears 2 '
    """

    # the attributes, set in __new__ through vars(self)
    solutions: np.ndarray
    status: np.ndarray
    count: np.ndarray  # type: ignore[assignment]  # shadows tuple.count, as documented above
    nodes: np.ndarray
    updates: np.ndarray
    seconds: float
    n: int
    box: tuple[int, int]
    _puzzles: np.ndarray
    _errors: list[str | None]
    _explained: bool
    variant: Variant

    def __new__(cls, solutions, status, count, nodes, updates, seconds, puzzles, n, box, errors,
                return_stats=False, variant=None):
        info = None
        if return_stats:
            info = {"nodes": nodes, "updates": updates, "count": count, "seconds": seconds, "errors": None}
        self = super().__new__(cls, (solutions, status, info) if return_stats else (solutions, status))
        vars(self).update(solutions=solutions, status=status, count=count, nodes=nodes, updates=updates,
                          seconds=seconds, n=n, box=box, _puzzles=puzzles, _errors=errors, _explained=False,
                          variant=variant if variant is not None else CLASSIC)
        if info is not None:
            info["errors"] = self.errors
        return self

    def __reduce__(self):
        return (_rebuild_batch, (self.solutions, self.status, self.count, self.nodes, self.updates,
                                 self.seconds, self._puzzles, self.n, self.box, self.errors, len(self) == 3,
                                 self.variant))

    def __repr__(self) -> str:
        values, counts = np.unique(self.status, return_counts=True)
        tally = ", ".join(f"{k} {Status(s).name}" for s, k in zip(values.tolist(), counts.tolist()))
        kind = f" {self.variant}" if self.variant else ""
        return (f"SudokuBatchResult({len(self.status)} puzzles of {self.n}x{self.n}{kind}"
                f"{': ' * bool(tally)}{tally})")

    @property
    def status_names(self) -> list[str]:
        """The name of each puzzle's :class:`Status` (``"SOLVED"``, ...), a fresh list.
        (``status`` holds the codes: ``status[i] == Status.SOLVED``.)"""
        return [Status(s).name for s in self.status.tolist()]

    @property
    def statuses(self) -> list[Status]:
        """Deprecated: the :class:`Status` of each puzzle; read ``status`` (the codes, which
        compare with the members) or :attr:`status_names`."""
        import warnings

        warnings.warn("SudokuBatchResult.statuses is deprecated: read status (codes that compare with "
                      "Status members) or status_names", DeprecationWarning, stacklevel=2)
        return [Status(s) for s in self.status.tolist()]

    @property
    def errors(self) -> list[str | None]:
        """Why each INVALID puzzle is invalid (a message naming it), else None."""
        if not self._explained:
            _explain_invalid(self._puzzles, self.status, self.n, self.box, self._errors, self.variant)
            self._explained = True
        return self._errors

    def puzzle(self, i: int) -> Sudoku | None:
        """Puzzle ``i`` as a :class:`Sudoku`, or None when it is INVALID (see :attr:`errors`)."""
        i = self._index(i)
        if self.status[i] == K.ST_INVALID:
            return None
        cells = self._puzzles[i].copy()
        return _grid(cells, cells, self.box, self.variant)

    def sudoku(self, i: int) -> Sudoku | None:
        """Solution ``i`` as a :class:`Sudoku` that remembers its puzzle (its givens
        are drawn bold), or None when no solution was found."""
        i = self._index(i)
        if not self.count[i]:
            return None
        return _grid(self.solutions[i].copy(), self._puzzles[i].copy(), self.box, self.variant)

    def sudokus(self) -> list[Sudoku | None]:
        """:meth:`sudoku` of every puzzle, in input order."""
        return [self.sudoku(i) for i in range(len(self.status))]

    def _index(self, i) -> int:
        if not is_integer(i):
            raise SudokuError(f"puzzle index must be an integer, not {plain(i)}")
        size = len(self.status)
        if not -size <= i < size:
            raise SudokuError(f"puzzle index {plain(i)} is out of range for {size} puzzles")
        return int(i) % size


def _grid(cells: np.ndarray, givens: np.ndarray, box: tuple[int, int], variant: Variant | None = None) -> "Sudoku":
    """A :class:`Sudoku` of ``cells`` (read by the solver) whose puzzle had ``givens``."""
    # From the package: the module that defines Sudoku solves through this one.
    from . import Sudoku

    return Sudoku._trusted(cells, givens, box, variant)


def _rebuild_batch(*args) -> SudokuBatchResult:
    r = SudokuBatchResult(*args)
    r._explained = True
    return r


def _explain_invalid(arr: np.ndarray, status: np.ndarray, n: int, box, errors: list,
                     variant: Variant | None = None) -> None:
    """A message for each INVALID puzzle that was readable (a digit too large, a broken rule)."""
    for k in np.flatnonzero(status == K.ST_INVALID).tolist():
        if errors[k] is None:
            big = np.flatnonzero(arr[k] > n)
            if big.size:
                c = int(big[0])
                errors[k] = f"puzzle {k}: cell {cell_name(n, c)} holds {arr[k, c]}; digits must be 0 to {n}"
            else:
                problems = (variant.conflicts(arr[k], variant.geometry(n, box)) if variant
                            else conflicts(arr[k], geometry(n, box)))
                errors[k] = f"puzzle {k}: the givens break the rules: " + "; ".join(problems)


def memory(n: int = 9, box=None) -> tuple[int, int]:
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
    box = _check_box(n, box)
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
