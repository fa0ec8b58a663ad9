"""Generating puzzles with exactly one solution: :func:`generate`, :func:`generate_many`.

How a puzzle is made (all of it compiled, :mod:`dlxnumba.sudoku.kernels.generate`,
on the bit-parallel engine: its band layout for the classic 9x9, its cell
layout for every other shape and variant, :mod:`.bits`):

1. a random full grid, by the engine's search drawing each branching cell's
   digit at random;
2. the cells in random order (with ``symmetric``, the *orbits* of cells under
   the symmetry), each removed if the puzzle keeps exactly one solution and
   put back otherwise (the engine's searches tell).  One pass leaves a
   *minimal* puzzle: no clue (no orbit) can be removed without losing
   uniqueness.

Every random choice comes from SplitMix64, an integer PRNG seeded from
``(seed, puzzle number, attempt)``: a seed gives the same puzzles on every
machine, with any number of threads.

Killer puzzles (``variant="killer"``, alone or with other kinds) are made
another way, in Python over the colored engine: a random full grid (step 1),
cages drawn at random over it (:func:`~.killer.random_cages`), then givens
of the full grid added -- at a random cell (orbit) where a second solution
differs -- until the puzzle has one solution, and with ``minimal`` removed
again, in random order, while it keeps one.  Most 9x9 killers need no
givens at all.

Requests that filter (a clue range, a level) try one attempt after another,
each from its own seed, up to ``max_attempts`` per puzzle and within
``timeout`` seconds; when the budget runs out first, :class:`SudokuError`
says what could not be met (never a hang).

Examples
--------
>>> s = generate(seed=1)
>>> s.is_unique(), s == generate(seed=1)
(True, True)
>>> t = generate((2, 3), seed=7, symmetric="central")
>>> g = t.givens
>>> bool((g == g[::-1, ::-1]).all()), t.n
(True, 6)
"""

from __future__ import annotations

import functools
import os
import threading
import time
from typing import TYPE_CHECKING, Any, Callable, Sequence

import numpy as np

from ..batch import run_lanes
from ..checks import flag, integer, is_integer, seed as check_seed
from ..errors import LimitReached, SudokuError, plain
from ..search_options import SearchOptions
from .bits import GAP, MAX_GENERATE_N, generator_tables, lane_works, layout
from .geometry import geometry, read_box
from .grading import LEVELS, TECHNIQUE_SCALE, _grade_array
from .killer import random_cages
from .puzzle import Sudoku
from .variants import Variant, kinds_of

if TYPE_CHECKING:  # pragma: no cover
    from numpy.typing import ArrayLike

    from .geometry import BoxLike
    from .variants import VariantLike

__all__ = ["generate", "generate_many", "GenerateRequest", "generate_slice", "SYMMETRIES"]

#: The clue symmetries: each name lists the maps of a cell ``(row, col)`` of an
#: ``n x n`` grid (``m = n - 1``) that keep the clue pattern.
SYMMETRIES: dict[str, tuple[Callable[[int, int, int], tuple[int, int]], ...]] = {
    "central": (lambda r, c, m: (m - r, m - c),),                       # 180-degree turn
    "rotational": (lambda r, c, m: (c, m - r),),                        # 90-degree turn
    "mirror": (lambda r, c, m: (r, m - c),),                            # left-right
    "vertical": (lambda r, c, m: (m - r, c),),                          # top-bottom
    "diagonal": (lambda r, c, m: (c, r),),                              # main diagonal
    "antidiagonal": (lambda r, c, m: (m - c, m - r),),                  # the other diagonal
    "dihedral": (lambda r, c, m: (c, m - r), lambda r, c, m: (r, m - c)),  # all eight
}

#: Default attempts per puzzle for a request that filters (clues, level).
MAX_ATTEMPTS = 10_000
#: Guesses of one try at a random full grid (per cell of the grid).
FILL_GUESSES_PER_CELL = 100
#: Seconds between looks at the clock, Ctrl-C and the progress report.
POLL_SECONDS = 0.05


@functools.lru_cache(maxsize=None)
def symmetry_orbits(n: int, symmetric: str | None) -> tuple[np.ndarray, np.ndarray]:
    """``(orbit_ptr, orbit_cells)``: the cells grouped into orbits under the
    symmetry (one cell each without one), in order of their smallest cell."""
    maps = SYMMETRIES[symmetric] if symmetric else ()
    seen = np.zeros(n * n, bool)
    ptr = [0]
    cells: list[int] = []
    for start in range(n * n):
        if seen[start]:
            continue
        orbit = {start}
        frontier = [start]
        while frontier:
            cell = frontier.pop()
            for f in maps:
                r, c = f(cell // n, cell % n, n - 1)
                image = r * n + c
                if image not in orbit:
                    orbit.add(image)
                    frontier.append(image)
        for cell in sorted(orbit):
            seen[cell] = True
            cells.append(cell)
        ptr.append(len(cells))
    return np.array(ptr, np.int64), np.array(cells, np.int64)


# --------------------------------------------------------------- arguments


def _shape(box: Any) -> tuple[int, int]:
    """``box`` as ``(rows, columns)``; an integer side takes its default box, text
    ``"RxC"`` is read as the command line's ``--box`` reads it."""
    r, c = read_box(box, side=True, positive=True)
    n = r * c
    if n < 4:
        raise SudokuError(f"box {r}x{c} makes a {n}x{n} grid; the smallest Sudoku is 4x4")
    if n > MAX_GENERATE_N:
        raise SudokuError(f"box {r}x{c} makes a {n}x{n} grid; the generator makes grids up to "
                          f"{MAX_GENERATE_N}x{MAX_GENERATE_N}")
    return r, c


def _symmetry(symmetric: Any) -> str | None:
    if symmetric is None or symmetric is False:
        return None
    if symmetric is True:
        return "central"
    if isinstance(symmetric, str) and symmetric in SYMMETRIES:
        return symmetric
    raise SudokuError(f"symmetric must be False, True (central) or one of {', '.join(SYMMETRIES)}, "
                      f"not {plain(symmetric)}")


def _clue_range(clues: Any, cells: int, minimal: bool) -> tuple[int, int]:
    """``clues`` (None, an int, a pair ``(low, high)`` or a range) as ``(low, high)``."""
    if clues is None:
        if not minimal:
            raise SudokuError("minimal=False needs clues=(low, high): the clue count at which "
                              "removal stops")
        return 0, cells
    if isinstance(clues, range):
        if clues.step != 1 or len(clues) == 0:
            raise SudokuError(f"clues must be a non-empty range with step 1, not {clues!r}")
        low, high = clues.start, clues.stop - 1
    elif is_integer(clues):
        low = high = int(clues)
    else:
        try:
            low, high = clues
        except (TypeError, ValueError):
            raise SudokuError(f"clues must be a count, a pair (low, high) or a range, "
                              f"not {plain(clues)}") from None
        if not (is_integer(low) and is_integer(high)):
            raise SudokuError(f"clues must be a pair of integers (low, high), not {plain(clues)}")
        low, high = int(low), int(high)
    if not 0 <= low <= high <= cells:
        raise SudokuError(f"clues {low}-{high} is not a range within 0-{cells} "
                          f"(the cells of the grid)")
    return low, high


# -------------------------------------------------------------------- runs


class GenerateRequest:
    """A validated request for puzzles: the tables and the filters, shared by every
    call of :func:`generate_slice` (the arguments are those of :func:`generate`;
    ``timeout``: seconds or None, checked by the caller).

    :func:`generate` and :func:`generate_many` make one and ask for their puzzles
    at once; the command line asks for a batch slice by slice
    (:func:`generate_slice`), writing each slice as it comes.

    Examples
    --------
    >>> req = GenerateRequest(4, 7, True, None, None, None, None, None, None, None)
    >>> req.describe(), req.seed
    ('4x4 minimal puzzle with 0-16 clues', 7)
    """

    def __init__(self, box: Any, seed: Any, minimal: Any, symmetric: Any, clues: Any, level: Any, variant: Any,
                 regions: Any, max_attempts: Any, timeout: float | None):
        if isinstance(variant, Variant) and variant.cages is not None:
            raise SudokuError("variant: generate draws a killer's cages itself; pass variant='killer' "
                              "(or e.g. 'x+killer'), not a Variant with cages")
        kinds = kinds_of(variant)
        #: a killer: cages drawn per puzzle over the other kinds (see _killer_puzzles)
        self.killer = "killer" in kinds
        if self.killer:
            variant = "+".join(sorted(kinds - {"killer"})) or None
        self.variant = Variant.parse(variant, regions)
        side = self.variant.side()
        if box is None:
            box = side if side is not None else (3, 3)
        self.box = _shape(box)
        self.n = self.box[0] * self.box[1]
        if side is not None and side != self.n:
            raise SudokuError(f"the region map is for a {side}x{side} grid, but box "
                              f"{self.box[0]}x{self.box[1]} makes a {self.n}x{self.n} grid")
        self.g = self.variant.geometry(self.n, self.box) if self.variant else geometry(self.n, self.box)
        self.seed = check_seed(seed, integer_only=True, error=SudokuError)
        self.minimal = flag(minimal, "minimal", SudokuError)
        self.symmetric = _symmetry(symmetric)
        self.low, self.high = _clue_range(clues, self.g.cells, self.minimal)
        self.stop_clues = 0 if self.minimal else self.high
        self.levels = _levels(level)
        if self.levels is not None and (self.killer or self.variant.bans):
            raise SudokuError(f"level: the grader sees regions only, not cages or bans, so it cannot rate "
                              f"variant {self.variant_name()!r}")
        self.max_attempts = integer(max_attempts, "max_attempts", low=1, none=True, error=SudokuError) or MAX_ATTEMPTS
        self.timeout = timeout  # checked by the caller (SearchOptions)
        self.tables = generator_tables(self.g, self.variant)
        self.orbits = symmetry_orbits(self.n, self.symmetric)

    def variant_name(self) -> str:
        """The variant asked for, killer included."""
        if not self.killer:
            return str(self.variant)
        return "killer" if not self.variant else f"{self.variant}+killer"

    def describe(self) -> str:
        parts = [f"{self.n}x{self.n}"]
        if self.variant or self.killer:
            parts.append(self.variant_name())
        if self.minimal:
            parts.append("minimal")
        if self.symmetric:
            parts.append(self.symmetric)
        if self.levels is not None:
            parts.append("/".join(self.levels))
        return " ".join(parts) + f" puzzle with {self.low}-{self.high} clues"


def _levels(level) -> tuple[str, ...] | None:
    """``level`` (None, a level name or a sequence of names) as a tuple of names."""
    if level is None:
        return None
    names = (level,) if isinstance(level, str) else level
    try:
        names = tuple(names)
    except TypeError:
        names = (level,)
    bad = [v for v in names if not isinstance(v, str) or v not in LEVELS]
    if bad or not names:
        shown = plain(bad[0]) if bad else plain(level)
        raise SudokuError(f"level must be one of {', '.join(LEVELS)} (or a list of them), not {shown}")
    return names


def _run(req: GenerateRequest, index: np.ndarray, attempt0, max_attempts: int, threads: int,
         deadline: float | None, on_poll: Callable[[int], None] | None = None):
    """Generate puzzles ``index`` (int64) of the request's batch, trying the
    attempts from ``attempt0`` on (at most ``max_attempts``); returns
    ``(puzzles, solutions, clues, status, attempt)`` (``attempt``: the last
    attempt made).

    The kernel runs in a worker thread (it releases the GIL); this thread
    polls the clock, Ctrl-C and ``on_poll`` (given the rows done so far)
    every :data:`POLL_SECONDS` and stops the kernel through a flag.
    """
    from .kernels import generate as K

    m = index.size
    nn = req.g.cells
    puzzles = np.zeros((m, nn), np.uint8)
    solutions = np.zeros((m, nn), np.uint8)
    clues = np.zeros(m, np.int64)
    status = np.full(m, K.GEN_PENDING, np.int8)
    attempt = np.zeros(m, np.int64)
    stop = np.zeros(1, np.int64)
    optr, ocells = req.orbits
    attempt[:] = attempt0
    request = (np.uint64(req.seed), optr, ocells, req.low, req.high, req.stop_clues, max_attempts,
               FILL_GUESSES_PER_CELL * nn)  # kernels.generate.Request, as a plain tuple
    lanes = max(1, min(threads, m))  # a lane per thread, each a contiguous share of the puzzles
    # the engine's layout (the band layout for the classic 9x9), each lane's rows padded
    lay = layout(req.n, req.box, req.variant) or "cells"
    entry = K.generate_band if lay == "band" else K.generate_cells
    order = np.zeros((lanes, len(optr) + GAP), np.int64)
    args = (lanes, request, req.tables, (index, attempt, puzzles, solutions, clues, status),
            lane_works(lay, nn, lanes), order, stop)

    def work():
        if lanes == 1:
            entry(0, *args)
        else:  # lane 0 on the worker thread, the others on the lane threads
            run_lanes(entry, args, lanes, np.zeros(lanes, np.int64))

    if m == 0:
        return puzzles, solutions, clues, status, attempt
    errors: list[BaseException] = []

    def guarded():
        try:
            work()
        except BaseException as e:  # pragma: no cover (a compiled kernel that fails)
            errors.append(e)

    worker = threading.Thread(target=guarded, name="dlxnumba-generate", daemon=True)
    worker.start()
    try:
        while True:
            worker.join(POLL_SECONDS)
            if not worker.is_alive():
                break
            if deadline is not None and time.monotonic() >= deadline:
                stop[0] = 1
            if on_poll is not None:
                on_poll(int(np.count_nonzero(status != K.GEN_PENDING)))
    except BaseException:  # Ctrl-C (or an error in on_poll): stop the kernel, then go on raising
        stop[0] = 1
        worker.join()
        raise
    if errors:  # pragma: no cover
        raise errors[0]
    return puzzles, solutions, clues, status, attempt


def _check_status(req: GenerateRequest, status: np.ndarray, attempt: np.ndarray, index: np.ndarray) -> None:
    """SudokuError for the first puzzle that could not be made."""
    from .kernels import generate as K

    bad = np.flatnonzero(status != K.GEN_OK)
    if bad.size == 0:
        return
    i = int(bad[0])
    st = int(status[i])
    what = req.describe()
    if st == K.GEN_STOPPED:
        raise SudokuError(f"no {what} within the timeout of {req.timeout} s "
                          f"(puzzle {int(index[i])} of the batch; {int(attempt[i]) + 1} attempts)")
    if st == K.GEN_FILL:
        raise SudokuError(_no_full_grid(req))
    raise SudokuError(f"no {what} in {req.max_attempts} attempts (puzzle {int(index[i])} of the batch); "
                      f"widen the clue range, or raise max_attempts or timeout")


#: Seconds the exact search may take to tell whether any full grid satisfies
#: the rules, once the generator found none within its budget.
FILL_CHECK_SECONDS = 2.0


def _shape_text(req: GenerateRequest) -> str:
    """``6x6 grid with box 2x3 and the rules of x+anti-knight``: what was asked for."""
    if req.variant and req.variant.region_map is not None:  # its pieces replace the boxes
        return f"{req.n}x{req.n} grid with the rules of {req.variant}"
    text = f"{req.n}x{req.n} grid with box {req.box[0]}x{req.box[1]}"
    return text + (f" and the rules of {req.variant}" if req.variant else "")


def _no_full_grid(req: GenerateRequest) -> str:
    """Why the generator found no full grid: none exists (the exact search
    decides it, when it can within FILL_CHECK_SECONDS), or none was found."""
    empty = Sudoku._trusted(np.zeros(req.g.cells, np.uint8), np.zeros(req.g.cells, np.uint8), req.box,
                            req.variant or None)
    try:
        exists = empty.count(1, timeout=FILL_CHECK_SECONDS) > 0
    except LimitReached:
        return (f"no full {_shape_text(req)} was found within the search budget (whether one exists "
                f"was not settled within {FILL_CHECK_SECONDS:g} s)")
    if not exists:
        return f"no full {_shape_text(req)} exists: those rules leave no solution, so no puzzle either"
    return f"no full {_shape_text(req)} was found within the search budget, though one exists; try another seed"


def generate_slice(req: GenerateRequest, first: int, count: int, threads: int,
                   on_poll: Callable[[int], None] | None = None, deadline: float | None = None) -> list[Sudoku]:
    """Puzzles ``first .. first + count - 1`` of the request's batch: each the
    puzzle :func:`generate_many` makes at that place, whatever the slices and
    threads (``on_poll(done)`` is called now and then while they are made;
    ``deadline``, a :func:`time.monotonic` time, overrides the request's
    timeout).

    Without a level, the kernel tries the attempts of each puzzle itself until
    one meets the clue range.  With a level, rounds: each puzzle still pending
    gets its next ``k`` attempts at once (``k`` doubling from 4 to 256), the
    grader rates them, and the first attempt in order that meets the request
    is the puzzle -- the same one whatever the rounds and threads.

    Examples
    --------
    >>> req = GenerateRequest(4, 7, True, None, None, None, None, None, None, None)
    >>> [str(s) for s in generate_slice(req, 1, 2, 1)] == [str(s) for s in generate_many(3, box=4, seed=7)[1:]]
    True
    """
    from .kernels import generate as K

    if deadline is None and req.timeout is not None:
        deadline = time.monotonic() + req.timeout
    if req.killer:
        return _killer_puzzles(req, first, count, threads, on_poll, deadline)
    index = np.arange(first, first + count, dtype=np.int64)
    if req.levels is None:
        puzzles, _, _, status, attempt = _run(req, index, 0, req.max_attempts, threads, deadline, on_poll)
        _check_status(req, status, attempt, index)
        return [Sudoku._trusted(puzzles[i], puzzles[i], req.box, req.variant) for i in range(count)]
    wanted = np.array([LEVELS.index(v) for v in req.levels], np.int8)
    result: list[Sudoku | None] = [None] * count
    next_attempt = np.zeros(count, np.int64)
    k = 4
    while True:
        pending = np.array([i for i in range(count) if result[i] is None], np.int64)
        if pending.size == 0:
            return [s for s in result if s is not None]
        spent = next_attempt[pending] >= req.max_attempts
        if spent.any():
            i = int(pending[np.flatnonzero(spent)[0]])
            raise SudokuError(f"no {req.describe()} in {req.max_attempts} attempts (puzzle {first + i} "
                              f"of the batch); ask for another level, or raise max_attempts or timeout")
        rows = np.repeat(pending, k)
        tries = np.repeat(next_attempt[pending], k) + np.tile(np.arange(k), pending.size)
        keep = tries < req.max_attempts
        rows, tries = rows[keep], tries[keep]
        done_before = count - pending.size
        poll = None if on_poll is None else (lambda d: on_poll(done_before + d * pending.size // rows.size))
        puzzles, _, _, status, _ = _run(req, first + rows, tries, 1, threads, deadline, poll)
        if (status == K.GEN_STOPPED).any():
            i = int(rows[np.flatnonzero(status == K.GEN_STOPPED)[0]])
            raise SudokuError(f"no {req.describe()} within the timeout of {req.timeout} s "
                              f"(puzzle {first + i} of the batch; {int(next_attempt[i])} attempts)")
        if (status == K.GEN_FILL).any():
            _check_status(req, status, tries, first + rows)
        ok = np.flatnonzero(status == K.GEN_OK)
        if ok.size:
            levels = _grade_array(np.ascontiguousarray(puzzles[ok]), req.g, TECHNIQUE_SCALE, threads,
                                  req.variant, check=False).level_codes
            for j, lv in zip(ok.tolist(), levels.tolist()):
                i = int(rows[j])
                if result[i] is None and lv in wanted:
                    result[i] = Sudoku._trusted(puzzles[j], puzzles[j], req.box, req.variant)
        next_attempt[pending] += k
        k = min(2 * k, 256)
        if deadline is not None and time.monotonic() >= deadline and any(r is None for r in result):
            raise SudokuError(f"no {req.describe()} within the timeout of {req.timeout} s")


#: A killer's attempts draw their cages from numpy's PCG64 seeded with
#: ``(seed, puzzle number, attempt, KILLER_STREAM)``.
KILLER_STREAM = 0x4B494C4C


def _killer_puzzles(req: GenerateRequest, first: int, count: int, threads: int,
                    on_poll: Callable[[int], None] | None, deadline: float | None) -> list[Sudoku]:
    """Killer puzzles ``first .. first + count - 1``: each made by
    :func:`_killer_one` (its attempts in turn), ``threads`` at a time."""
    from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait

    grid_req = _full_grid_request(req)
    optr, ocells = req.orbits
    orbits = [ocells[optr[k]:optr[k + 1]] for k in range(optr.size - 1)]
    orbit_of = np.empty(req.g.cells, np.int64)
    for k, cells in enumerate(orbits):
        orbit_of[cells] = k
    stop = threading.Event()
    done = [0]
    lock = threading.Lock()

    def one(i: int) -> Sudoku:
        for attempt in range(req.max_attempts):
            s = _killer_one(req, grid_req, orbits, orbit_of, i, attempt, stop, deadline)
            if s is not None:
                with lock:
                    done[0] += 1
                return s
        raise SudokuError(f"no {req.describe()} in {req.max_attempts} attempts (puzzle {i} of the batch); "
                          "widen the clue range, or raise max_attempts")

    indices = range(first, first + count)
    if threads <= 1 or count <= 1:
        out = []
        for i in indices:
            out.append(one(i))
            if on_poll is not None:
                on_poll(len(out))
        return out
    with ThreadPoolExecutor(max_workers=threads, thread_name_prefix="dlxnumba-killer") as pool:
        futures = [pool.submit(one, i) for i in indices]
        try:
            pending = set(futures)
            while pending:
                finished, pending = wait(pending, timeout=POLL_SECONDS, return_when=FIRST_EXCEPTION)
                if any(f.exception() is not None for f in finished):
                    break
                if on_poll is not None:
                    on_poll(done[0])
            if on_poll is not None:
                on_poll(done[0])
            return [f.result() for f in futures]
        except BaseException:  # Ctrl-C or a failed puzzle: the others stop at their next step
            stop.set()
            for f in futures:
                f.cancel()
            raise


def _full_grid_request(req: GenerateRequest) -> GenerateRequest:
    """``req`` made to stop at full grids: the compiled generator's step 1 alone."""
    import copy

    g = copy.copy(req)
    g.killer = False
    g.minimal = False
    g.levels = None
    g.low = g.high = g.stop_clues = req.g.cells
    return g


def _killer_one(req: GenerateRequest, grid_req: GenerateRequest, orbits: list, orbit_of: np.ndarray, i: int,
                attempt: int, stop: threading.Event, deadline: float | None) -> Sudoku | None:
    """Attempt ``attempt`` at killer puzzle ``i``: a full grid, cages over it,
    givens added (an orbit of cells at a time: ``orbits``, and ``orbit_of``
    each cell) until the solution is unique and (``minimal``) removed while it
    stays so.  None when the clue count misses the request's range."""
    def check() -> None:
        if stop.is_set():
            raise SudokuError("stopped")
        if deadline is not None and time.monotonic() >= deadline:
            raise SudokuError(f"no {req.describe()} within the timeout of {req.timeout} s "
                              f"(puzzle {i} of the batch; {attempt + 1} attempts)")

    check()
    index = np.array([i], np.int64)
    full, _, _, status, _ = _run(grid_req, index, attempt, 1, 1, deadline)
    _check_status(grid_req, status, np.array([attempt], np.int64), index)
    solution = full[0]
    rng = np.random.default_rng([req.seed, i, attempt, KILLER_STREAM])
    variant = Variant.parse(req.variant, cages=random_cages(solution, req.n, rng))
    puzzle = np.zeros(req.g.cells, np.uint8)

    def other_solution():
        check()
        s = Sudoku._trusted(puzzle.copy(), puzzle.copy(), req.box, variant)
        for t in s.solutions(2):
            cells = t._cells
            if not np.array_equal(cells, solution):
                return cells
        return None

    while True:  # add givens where a second solution differs
        other = other_solution()
        if other is None:
            break
        differ = np.flatnonzero(other != solution)
        k = int(orbit_of[differ[int(rng.integers(differ.size))]])
        puzzle[orbits[k]] = solution[orbits[k]]
    if req.minimal:
        given_orbits = sorted({int(orbit_of[c]) for c in np.flatnonzero(puzzle)})
        for k in rng.permutation(given_orbits).tolist() if given_orbits else []:
            puzzle[orbits[k]] = 0
            if other_solution() is not None:
                puzzle[orbits[k]] = solution[orbits[k]]
    clues = int(np.count_nonzero(puzzle))
    if not req.low <= clues <= req.high:
        return None
    return Sudoku._trusted(puzzle.copy(), puzzle, req.box, variant)


def generate(box: BoxLike | int = None, *, seed: int | np.random.Generator | None = None, minimal: bool = True,
             symmetric: bool | str = False, clues: int | tuple[int, int] | range | None = None,
             level: str | Sequence[str] | None = None, variant: VariantLike = None,
             regions: str | ArrayLike | None = None, max_attempts: int | None = None,
             timeout: float | None = None) -> Sudoku:
    """A random puzzle with exactly one solution.

    Parameters
    ----------
    box : (int, int), str or int, optional
        Rows and columns of one box (the grid is ``rows * columns`` square),
        as a pair or as text ``"2x3"`` (as ``--box`` takes it); an integer is
        the side, with its default box (``9`` is ``(3, 3)``).
        Grids up to 63x63.  Default ``(3, 3)``, or the side of ``regions``.
    seed : int, numpy Generator or None
        0 to 2**64 - 1: the same seed gives the same puzzle on every machine.
        A numpy :class:`~numpy.random.Generator` gives the seed (its next
        64-bit draw); None draws one from the operating system (the kinds
        every ``seed=`` of the package takes: :func:`dlxnumba.checks.seed`).
        By keyword.
    minimal : bool
        True (default): remove clues until none can go without losing
        uniqueness.  False: stop as soon as the clue count is at most the top
        of ``clues`` (which is then required).
    symmetric : bool or str
        The clue pattern's symmetry: False (none), True or ``"central"``
        (180-degree turn), ``"rotational"`` (90-degree), ``"mirror"``
        (left-right), ``"vertical"`` (top-bottom), ``"diagonal"``,
        ``"antidiagonal"``, ``"dihedral"`` (all eight).  Clues are removed an
        orbit at a time, so with a symmetry ``minimal`` means that no orbit
        can be removed.
    clues : int, (int, int) or range, optional
        The clue counts to accept; attempts that miss are discarded.
    level : str or sequence of str, optional
        The grader's level (:data:`~dlxnumba.sudoku.LEVELS`: ``"easy"``,
        ``"medium"``, ``"hard"``, ``"expert"``, ``"beyond"``), or several;
        attempts whose :func:`~dlxnumba.grade` level differs are discarded.
        With a variant of regions (X, windoku, jigsaw) the grader uses them
        (and no unique rectangle); it sees no bans or cages, so not for
        anti-knight, anti-king, non-consecutive or killer.
    variant : str or Variant, optional
        Extra rules (:mod:`~dlxnumba.sudoku.variants`): ``"x"``, ``"windoku"``,
        ``"anti-knight"``, ``"anti-king"``, ``"non-consecutive"``, combinations
        such as ``"x+anti-king"``; the puzzle is unique under those rules.
        ``"killer"`` (alone or combined) draws cages with sums over the
        puzzle's solution, each puzzle its own (see the module docstring;
        seconds per 9x9 puzzle, most with no givens).
    regions : str or array_like, optional
        A jigsaw's region map (``n*n`` symbols, one per piece): its pieces
        replace the boxes.
    max_attempts : int, optional
        Attempts per puzzle for a request that filters (default 10,000).
    timeout : float, optional
        Seconds before giving up.

    Returns
    -------
    Sudoku
        The puzzle, with the rules it was made for (``variant``,
        ``regions``): it has exactly one solution under them.

    Raises
    ------
    SudokuError
        Bad arguments (the message names the one), or a request that could
        not be met within ``max_attempts`` or ``timeout``.

    See Also
    --------
    dlxnumba.Gattai.generate : samurai and other overlapping grids.

    Examples
    --------
    >>> from dlxnumba import Sudoku, generate
    >>> s = generate(seed=2024)
    >>> s.count(2), s == generate(seed=2024), s == generate(seed=2025)
    (1, True, False)
    >>> len(generate(4, seed=3).givens.nonzero()[0]) <= 16
    True
    >>> int(generate(seed=5, minimal=False, clues=(30, 32)).givens.sum()) in (30, 31, 32)
    True
    >>> x = generate(seed=6, variant="x")
    >>> x.variant, x.count(2), Sudoku(str(x)).count(2)  # unique only with the diagonals
    (Variant('x'), 1, 2)
    >>> from dlxnumba import grade
    >>> grade(generate(seed=3, level="hard")).level
    'hard'
    """
    options = SearchOptions.make(SudokuError, timeout=timeout)
    req = GenerateRequest(box, seed, minimal, symmetric, clues, level, variant, regions, max_attempts,
                          options.timeout)
    return generate_slice(req, 0, 1, 1)[0]


def generate_many(count: int, *, box: BoxLike | int = None, seed: int | np.random.Generator | None = None,
                  minimal: bool = True, symmetric: bool | str = False,
                  clues: int | tuple[int, int] | range | None = None, level: str | Sequence[str] | None = None,
                  variant: VariantLike = None, regions: str | ArrayLike | None = None, threads: int | None = None,
                  max_attempts: int | None = None, timeout: float | None = None) -> list[Sudoku]:
    """``count`` random puzzles, each with exactly one solution, on all threads.

    Puzzle ``i`` depends only on ``seed`` and ``i`` (not on ``threads``),
    and ``generate_many(1, ..., seed=s)[0] == generate(..., seed=s)``.

    Parameters
    ----------
    count : int
        How many puzzles (0 or more).
    box : (int, int), str or int, optional
        As for :func:`generate`.
    seed, minimal, symmetric, clues, level, variant, regions, max_attempts, timeout
        As for :func:`generate`; ``max_attempts`` is per puzzle.
    threads : int or None
        Threads the puzzles are made on (None: all that numba has; ``1``:
        serially).

    Returns
    -------
    list of Sudoku
        The puzzles, in order of their number ``i``.

    Raises
    ------
    SudokuError
        Bad arguments (the message names the one), more puzzles than this
        machine's memory could hold as a list, or a request that could not
        be met within ``max_attempts`` or ``timeout``.

    See Also
    --------
    generate : one puzzle; the parameters in full.

    Examples
    --------
    >>> from dlxnumba import generate, generate_many
    >>> batch = generate_many(4, seed=11, threads=2)
    >>> batch == generate_many(4, seed=11, threads=1), batch[0] == generate(seed=11)
    (True, True)
    >>> all(s.is_unique() for s in batch), len(set(batch))
    (True, 4)
    """
    count = integer(count, "count", low=0, error=SudokuError)
    options = SearchOptions.make(SudokuError, threads=threads, timeout=timeout)
    req = GenerateRequest(box, seed, minimal, symmetric, clues, level, variant, regions, max_attempts,
                          options.timeout)
    _check_fits(count, req.g.cells)
    return generate_slice(req, 0, count, options.thread_count())


PUZZLE_BYTES = 320  # a Sudoku object beside its cells (measured with tracemalloc)


def _check_fits(count: int, cells: int) -> None:
    """Refuse a batch whose list of puzzles could not fit in this machine's memory
    (``generate_many(2**31)`` failed in numpy's allocator, ``2**63`` with an IndexError)."""
    need = count * (PUZZLE_BYTES + 3 * cells)
    try:
        have = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):  # pragma: no cover - not POSIX
        have = 2 ** 40
    if need > have:
        raise SudokuError(f"count={count:,} puzzles would need about {need / 2 ** 30:,.0f} GiB as a list, "
                          f"more than this machine's memory ({have / 2 ** 30:,.0f} GiB): ask for fewer at a "
                          f"time, or stream them with the command line (dlxnumba generate -n N), which "
                          f"writes each puzzle as it comes")
