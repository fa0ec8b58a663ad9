"""The bit-parallel Sudoku engine seen from Python: layouts, workspaces, runs.

The kernels (:mod:`dlxnumba.sudoku.kernels.bits`) keep a grid's candidates
as bits in one of two layouts:

* the **band layout**, for the classic 9x9 grid: 27 words of 27 bits, one per
  digit and band, with the triad rule on bands and stacks (the fast path);
* the **cell layout**, for any other geometry with at most 63 digits: one
  uint64 of candidates per cell, the regions as lists of cells (boxes of any
  shape, jigsaw maps, X, windoku, extra regions) and the bans as masks
  (anti-knight, anti-king, non-consecutive), the setters' constraints and a
  killer's cages as masks and sums (:mod:`.cell_rules`).

:func:`layout` says which applies; :func:`engine` resolves ``algorithm=``
(``"auto"`` takes the bits where they were measured faster than the links:
the classic 9x9, 4x4 and 6x6 grids, some 9x9 variants and the grids with
constraints or cages, see :data:`AUTO_MAX_N`, :data:`AUTO_KINDS` and
:data:`AUTO_MARKS_MAX_N`).  The generator (:mod:`dlxnumba.sudoku.kernels.generate`:
random full grids and every uniqueness check, each lane's work from
:func:`lane_works`) and the grader's count of solutions (:func:`count`) run on
the same kernels, in the same layouts.

>>> from dlxnumba.sudoku.geometry import geometry
>>> g = geometry(4, (2, 2))
>>> count(np.zeros(16, np.uint8), g, limit=1000)
288
>>> count(np.array([1, 2, 3, 4] + [0] * 12, np.uint8), g, limit=1000)
12
"""

from __future__ import annotations

import functools
import threading
import time
from typing import Generator

import numpy as np

from .. import kernels as K
from ..kernels.core.lanes import Entries
from ..progress import Progress
from ..search import ready
from ..search_options import NO_LIMIT, SearchOptions
from ..stats import Stats, Status
from .cell_rules import cell_rules, no_rules, pack
from .geometry import Geometry, geometry as geometry_of
from .variants import Variant

__all__ = ["MAX_GENERATE_N", "ALGORITHMS", "AUTO_MAX_N", "AUTO_KINDS", "AUTO_MARKS_MAX_N", "generator_tables",
           "count", "counts", "layout", "engine",
           "BitsSpace", "BitsRun"]

#: Largest side: a cell's candidates are the bits of a uint64.
MAX_GENERATE_N = 63

#: The values of a Sudoku's ``algorithm=``.
ALGORITHMS = ("auto", "bits", "links")

#: The largest side of a classic grid (no variant) other than the 9x9 that
#: ``algorithm="auto"`` runs on the bits (the cell layout): measured faster on
#: 4x4 and 6x6, slower from 8x8 on (8x8, 12x12, 16x16, 25x25); the classic 9x9
#: runs on the band layout, the fastest of all.  See
#: ``bench/results/bits_vs_links.md`` (``python bench/bits_vs_links.py``).
AUTO_MAX_N = 6
#: The variant kinds whose 9x9 grids ``algorithm="auto"`` runs on the bits
#: (measured faster there: X, anti-knight, non-consecutive); any other kind
#: (windoku was slower; anti-king and jigsaw maps were not measured), and any
#: mix with one, runs on the links.
AUTO_KINDS = frozenset({"x", "anti-knight", "non-consecutive"})
#: The largest side of a grid with setters' constraints or a killer's cages
#: (with any other kinds) that ``algorithm="auto"`` runs on the bits, whose
#: propagation keeps those rules far more strongly than the links' forward
#: checks (arc consistency on relations, bounds on sums, see
#: :mod:`.kernels.cell_layout`).  Measured on 9x9 puzzles made by
#: ``python bench/constraints_engines.py --puzzles 5 --rounds 3`` (the median
#: proof of uniqueness, links ms / bits ms, and guesses links / bits):
#: thermometers 36 / 0.21 (36,059 / 12), arrows 169 / 0.24 (187,515 / 32),
#: kropki dots 178 / 1.7 (314,461 / 172), XV with negative XV 0.60 / 0.24
#: (547 / 6), little killers 1,367 / 1.3 (810,452 / 191), odd/even 0.29 /
#: 0.06 (749 / 9), quadruples over 10,000 (cut) / 0.94 (164), thermometers,
#: arrows and dots 996 / 2.0 (1,936,335 / 255), killer cages 27 / 0.61
#: (66,471 / 114): the bits win every kind, by 2.5 to over 1,000 times
#: (``docs/performance.md``).  On the seven 6x6 cases of
#: ``tests/sudoku/test_bits_constraints.py`` (every solution counted) the bits
#: took 2.6 to 16 times less time.  Larger grids were not measured: the links.
AUTO_MARKS_MAX_N = 9


def counts(variant: Variant, n: int) -> bool:
    """Whether the bits handle grids of side ``n`` with ``variant``'s rules
    (all of them: regions, bans, setters' constraints, a killer's cages)."""
    return n <= MAX_GENERATE_N


def layout(n: int, box: tuple[int, int], variant: Variant) -> str | None:
    """``"band"``, ``"cells"`` or None (the bits cannot: more than 63 digits)
    for grids of side ``n``, ``box`` and ``variant``.

    >>> layout(9, (3, 3), Variant()), layout(9, (3, 3), Variant.parse("x")), layout(16, (4, 4), Variant())
    ('band', 'cells', 'cells')
    """
    if not counts(variant, n):
        return None
    if n == 9 and tuple(box) == (3, 3) and not variant.kinds:
        return "band"
    return "cells"


def engine(n: int, box: tuple[int, int], variant: Variant, algorithm: str) -> str | None:
    """The layout a search runs on (None: the links) for ``algorithm``, checked
    already; ``"bits"`` where the bits cannot raises :class:`SudokuError`."""
    if algorithm == "links":
        return None
    lay = layout(n, box, variant)
    if algorithm == "bits":
        if lay is None:
            from ..errors import SudokuError

            why = f"{n} digits (at most {MAX_GENERATE_N})"
            raise SudokuError(f"algorithm='bits' cannot solve {why}: use algorithm='links' or 'auto'")
        return lay
    if lay is None:
        return None
    if variant.has_marks:
        return lay if n <= AUTO_MARKS_MAX_N else None
    if variant.kinds:
        return lay if n == 9 and not variant.has_marks and set(variant.kinds) <= AUTO_KINDS else None
    return lay if lay == "band" or n <= AUTO_MAX_N else None


#: Geometries (and variants) whose tables are kept: a generator may make many region maps.
TABLES_KEPT = 32


@functools.lru_cache(maxsize=TABLES_KEPT)
def generator_tables(g: Geometry, variant: Variant = Variant()) -> tuple:
    """``(peer_ptr, peers, regions, bans, rules)`` of a geometry and variant, as the
    cell layout reads them: each cell's peers (the other cells of its regions and
    groups, and the cells a same-digit ban ties it to), the regions (a group
    of ``n`` cells among them), the bans between different digits as
    ``(ban_ptr, ban_cell, ban_mask)`` keyed by ``cell * n + digit - 1`` (see
    :func:`dlxnumba.sudoku.kernels.cell_layout._propagate`), and the setters'
    constraints and a killer's cages, :data:`~.cell_rules.CellRules` packed
    (:func:`~.cell_rules.pack`; empty tables without them)."""
    n = g.n
    member = np.zeros((n * n, n * n), bool)
    groups, rules = cell_rules(variant, g) if variant.has_marks else ([], no_rules())
    for region in list(g.regions) + groups:
        member[np.ix_(region, region)] = True
    pairs = variant.ban_pairs(g) if variant.bans else np.zeros((0, 4), np.int32)
    same = pairs[pairs[:, 1] == pairs[:, 3]]
    member[same[:, 0], same[:, 2]] = True
    member[same[:, 2], same[:, 0]] = True
    np.fill_diagonal(member, False)
    ptr = np.zeros(n * n + 1, np.int32)
    np.cumsum(member.sum(axis=1), out=ptr[1:])
    peers = np.nonzero(member)[1].astype(np.int32)  # row-major: cell by cell
    # bans between different digits, both ways, one (cell, mask) per placing and cell
    other = pairs[pairs[:, 1] != pairs[:, 3]]
    masks: dict[tuple[int, int], int] = {}
    for a, da, b, db in other.tolist():
        key = (a * n + da - 1, b)
        masks[key] = masks.get(key, 0) | 1 << (db - 1)
        key = (b * n + db - 1, a)
        masks[key] = masks.get(key, 0) | 1 << (da - 1)
    keys = sorted(masks)
    ban_ptr = np.zeros(n * n * n + 1, np.int64)
    np.add.at(ban_ptr, np.array([k[0] + 1 for k in keys], np.int64), 1)
    np.cumsum(ban_ptr, out=ban_ptr)
    ban_cell = np.array([k[1] for k in keys], np.int64)
    ban_mask = np.array([masks[k] for k in keys], np.uint64)
    units = [list(r) for r in g.regions.tolist()]
    known = {tuple(sorted(r)) for r in units}
    for x in groups:  # a group of n cells holds every digit: a region
        if len(x) == n and tuple(sorted(x)) not in known:
            known.add(tuple(sorted(x)))
            units.append(list(x))
    regions = np.ascontiguousarray(np.array(units, np.int32).reshape(-1, n))
    return ptr, peers, regions, (ban_ptr, ban_cell, ban_mask), pack(rules)


def tables(n: int, box: tuple[int, int], variant: Variant) -> tuple:
    """The cell layout's tables of a shape (:func:`generator_tables`)."""
    g = variant.geometry(n, box) if variant.kinds else geometry_of(n, box)
    return generator_tables(g, variant)


# ---------------------------------------------------------------------------
# Workspaces
# ---------------------------------------------------------------------------

#: Entries of padding at the end of each lane's rows: two lanes never write to
#: one pair of cache lines (false sharing: 32 entries of 8 bytes,
#: :data:`~dlxnumba.kernels._common.PAD_BYTES`).
GAP = 32


def lane_works(lay: str, nn: int, count: int) -> tuple:
    """The work record of ``count`` lanes of the bits in ``lay``out on grids of
    ``nn`` cells, as a plain tuple: :data:`~.kernels.bits.BandWork` or
    :data:`~.kernels.cell_layout.CellWork` with a leading lane axis on every field,
    each lane's row padded at its end (at least :data:`GAP` entries of 8 bytes;
    the stacks by whole levels), so that no two lanes share a cache line.
    The kernels take lane ``k``'s views with ``band_lane`` / ``cell_lane``."""
    from .kernels import bits as KB

    pad = 8 * GAP
    state = np.zeros((count, K.STATE_SIZE + GAP), np.int64)
    rng = np.zeros((count, 1 + GAP), np.uint64)
    if lay == "band":
        levels = KB.DEPTH + -(-pad // (4 * KB.WIDTH))
        return (np.zeros((count, levels, KB.WIDTH), KB.WORD), np.zeros((count, KB.DEPTH + GAP), np.int64),
                np.zeros((count, KB.DEPTH + GAP), np.int64), np.zeros((count, 27 + GAP), np.int64), state, rng)
    levels = nn + 1 + -(-pad // (8 * nn))
    return (np.zeros((count, levels, nn), np.uint64), np.zeros((count, nn + GAP), np.int64),
            np.zeros((count, 2 * nn + 2 + GAP), np.int64), np.zeros((count, nn + 1 + GAP), np.uint64), rng, state)


class BitsSpace:
    """The arrays of ``count`` lanes of the bits on grids of ``nn`` cells in
    ``lay``out, with what :func:`dlxnumba.batch.drive` reads of a workspace
    (``counter``, ``lanes``, ``state``, ``profile``, ``ret``, ``busy``, ``rows``)."""

    def __init__(self, lay: str, nn: int, count: int):
        from .kernels import bits as KB
        from .kernels.cell_layout import CellWork

        self.layout, self.nn, self.count = lay, nn, count
        self.counter = np.zeros(K.COUNTER_SIZE, np.int64)
        self.lanes = np.zeros((count, K.LANE_SIZE + GAP), np.int64)
        self.ret = np.zeros(count, np.int64)
        self.works = lane_works(lay, nn, count)
        self.state = (KB.BandWork if lay == "band" else CellWork)(*self.works).state
        self.profile = np.zeros((count, 1), np.int64)
        self.busy = False

    def rows(self, k: int) -> tuple:
        """What :func:`~dlxnumba.batch.drive` takes of the first ``k`` lanes: their lane vectors."""
        return None, None, self.lanes[:k]

    def one(self) -> tuple:
        """Lane 0's work record, as a plain tuple of 1-D and 2-D arrays."""
        return tuple(a[0] for a in self.works)


_LOCAL = threading.local()


def space(lay: str, nn: int, count: int) -> BitsSpace:
    """This Python thread's workspace for ``count`` lanes (a fresh one when the
    cached one is busy, e.g. from a progress callback)."""
    cache = getattr(_LOCAL, "spaces", None)
    if cache is None:
        cache = _LOCAL.spaces = {}
    key = (lay, nn)
    w = cache.get(key)
    if w is None or w.count < count:
        w = cache[key] = BitsSpace(lay, nn, count)
    if w.busy:
        w = BitsSpace(lay, nn, count)
    return w


class BitsRun:
    """A batch on the bits, as :func:`dlxnumba.batch.drive` runs it (the
    duck type of :class:`dlxnumba.batch.Run`)."""

    def __init__(self, lay: str, jobs: tuple, results: tuple):
        from .kernels import bits as KB

        self.entries = Entries(KB.lane_band if lay == "band" else KB.lane_cells, False, 4)
        self.jobs, self.results = jobs, results

    def head(self, w: BitsSpace, lanes_n: int) -> tuple:
        """The lane's arguments before the budgets."""
        return (self.jobs, w.works, w.lanes, w.counter)


def count(cells: np.ndarray, g: Geometry, variant: Variant = Variant(), *, limit: int,
          out: np.ndarray | None = None) -> int:
    """The number of solutions of ``cells`` (uint8, ``g.cells`` of them, 0 for
    empty) under the rules of ``g`` and ``variant``, counted up to ``limit``;
    0 when the givens already clash.  The first solution goes into ``out``
    (uint8, ``g.cells``) when given.  The classic 9x9 runs in the band layout,
    any other shape in the cell layout.  The caller checked :func:`counts`."""
    from .kernels import bits as KB

    cells = np.ascontiguousarray(cells, np.uint8).reshape(-1)
    if out is None:
        out = np.zeros(cells.size, np.uint8)
    plain = g.region_map is None and not g.extra  # the geometry's regions are its shape's
    lay = (layout(g.n, g.box, variant) or "cells") if plain else "cells"
    w = space(lay, cells.size, 1)
    head = (cells, np.int64(limit), KB.NO_BUDGET, np.int64(1) << 40)
    args: tuple
    if lay == "band":
        entry, args = KB.one_band, head + (w.one(), out)
    else:
        entry, args = KB.one_cells, head + (generator_tables(g, variant), w.one(), out)
    ret = entry(True, *args)
    if ret < 0:
        return 0
    while ret == 1:
        ret = entry(False, *args)
    return int(w.state[0, K.SOLUTIONS])


# ---------------------------------------------------------------------------
# Running: one grid, a batch
# ---------------------------------------------------------------------------

#: Propagation steps between two returns of a search to Python (Ctrl-C,
#: progress, timeouts): a few milliseconds.
WORK_SLICE = 1 << 18


class One:
    """What one search of one grid returned: ``count`` solutions, the ``first``
    (a flat uint8 grid, or None), the figures as :class:`~dlxnumba.Stats`
    arguments, and whether it stopped on its budget (``spent``: "nodes" or
    "time", else None)."""

    __slots__ = ("count", "first", "stats", "spent")

    def __init__(self, count: int, first, stats: Stats, spent: str | None):
        self.count, self.first, self.stats, self.spent = count, first, stats, spent


def _entry(lay: str):
    from .kernels import bits as KB

    return KB.one_band if lay == "band" else KB.one_cells


def search_one(cells: np.ndarray, n: int, box: tuple[int, int], variant: Variant, lay: str, limit: int,
               options: SearchOptions) -> One:
    """Search the flat uint8 grid ``cells`` in layout ``lay`` up to ``limit``
    solutions with ``options`` (checked): budgets, timeout, progress, Ctrl-C
    between slices (see :func:`run`)."""
    steps = run(cells, n, box, variant, lay, limit, options)
    while True:
        try:
            next(steps)
        except StopIteration as e:
            return e.value


def run(cells: np.ndarray, n: int, box: tuple[int, int], variant: Variant, lay: str, limit: int,
        options: SearchOptions, *, lazy: bool = False, live: Stats | None = None
        ) -> Generator[np.ndarray, None, One]:
    """The search of :func:`search_one` as a generator: with ``lazy``, it yields
    every solution (a new flat grid) as it is found, and stops between two
    when the caller stops asking; it returns the :class:`One`.  An invalid
    grid (a given past ``n``, a clash, a broken ban) counts 0 solutions with
    status COMPLETE.  ``live``, when given, is the :class:`~dlxnumba.Stats`
    kept up to date at every solution yielded (status RUNNING) and at the end
    (the callers' :func:`~dlxnumba.last_stats`)."""
    from .kernels import bits as KB

    nn = n * n
    # a lazy search keeps its arrays while the caller may search other grids
    w = BitsSpace(lay, nn, 1) if lazy else space(lay, nn, 1)
    out = np.zeros(nn, np.uint8)
    node_budget = KB.NO_BUDGET if options.max_nodes is None else np.int64(min(options.max_nodes, NO_LIMIT))
    timeout, progress, interval = options.timeout, options.reporter(), options.progress_interval
    slice_ = np.int64(WORK_SLICE)
    grid = np.ascontiguousarray(cells, np.uint8)
    state = w.state[0]
    target = np.int64(min(int(limit), NO_LIMIT))
    first = np.int64(1) if lazy else target
    if lay == "band":
        args: tuple = (grid, first, node_budget, slice_, w.one(), out)
    else:
        args = (grid, first, node_budget, slice_, tables(n, box, variant), w.one(), out)
    entry = _entry(lay)
    ready(entry, (True,) + args)
    t0 = last = time.perf_counter()
    seconds = 0.0

    ret = 1

    def report() -> Progress:
        done = 1.0 if ret == 0 else fraction(lay, w, args)  # 0: the whole tree was searched
        return Progress(seconds + time.perf_counter() - t0, int(state[K.NODES]), int(state[K.UPDATES]),
                        int(state[K.SOLUTIONS]), done)

    spent = None
    try:
        if options.max_nodes == 0 or timeout == 0:
            state[:] = 0
            spent = "nodes" if options.max_nodes == 0 else "time"
        else:
            w.busy = True
            ret = entry(True, *args)
            seen = 0
            while True:
                if lazy and ret >= 0 and state[K.SOLUTIONS] > seen:
                    seen = int(state[K.SOLUTIONS])
                    seconds += time.perf_counter() - t0
                    if live is not None:
                        _figures(live, state, seconds, Status.RUNNING)
                    yield out.copy()
                    t0 = time.perf_counter()
                if ret == 2 and lazy and seen < target:  # one solution at a time
                    args = args[:1] + (np.int64(seen + 1),) + args[2:]
                elif ret != 1:
                    break
                elif state[K.NODES] >= node_budget:
                    spent = "nodes"
                    break
                now = time.perf_counter()
                if timeout is not None and seconds + now - t0 >= timeout:
                    spent = "time"
                    break
                if progress is not None and now - last >= interval:
                    last = now
                    progress(report())
                ret = entry(False, *args)
            if ret < 0:
                state[:] = 0
    finally:
        w.busy = False
        if progress is not None:
            progress.close(report)
    seconds += time.perf_counter() - t0
    found = int(state[K.SOLUTIONS])
    status = (Status.MAX_NODES if spent == "nodes" else Status.TIMEOUT if spent == "time"
              else Status.LIMIT if found >= target else Status.COMPLETE)
    stats = _figures(live if live is not None else Stats(algorithm="bits"), state, seconds, status)
    return One(found, out if found else None, stats, spent)


def _figures(stats: Stats, state: np.ndarray, seconds: float, status: Status) -> Stats:
    """``stats`` with the figures of a search's ``state``."""
    stats.solutions, stats.nodes, stats.updates, stats.max_level = (
        int(state[K.SOLUTIONS]), int(state[K.NODES]), int(state[K.UPDATES]), int(state[K.MAX_LEVEL]))
    stats.seconds, stats.status, stats.algorithm = seconds, status, "bits"
    return stats


def solve_batch(arr: np.ndarray, n: int, box: tuple[int, int], variant: Variant, lay: str, limit: int,
                options: SearchOptions, lanes_n: int, t0: float) -> tuple[tuple, float]:
    """Solve the (P, N*N) uint8 puzzles ``arr`` in layout ``lay`` on ``lanes_n``
    lanes, up to ``limit`` solutions each, with ``options`` (checked), as the
    links' batches run (:func:`dlxnumba.batch.drive`: budgets, timeout,
    progress, Ctrl-C).  Returns the results ``(status, count, nodes, updates,
    grids)`` and the seconds spent compiling (``t0``: when the call began)."""
    from .. import batch as B

    p, nn = arr.shape
    results = (np.empty(p, np.int8), np.zeros(p, np.int64), np.zeros(p, np.int64), np.zeros(p, np.int64),
               np.zeros((p, nn), np.uint8))
    limits = np.full(p, min(int(limit), NO_LIMIT), np.int64)
    jobs = (limits, arr) if lay == "band" else (limits, arr, tables(n, box, variant))
    run = BitsRun(lay, jobs, results)
    compiling = B.drive_reporting(run, space(lay, nn, lanes_n), lanes_n, options.stop_at,  # type: ignore[arg-type]
                                  options.max_nodes, options.timeout, options.reporter(), options.progress_interval,
                                  "puzzles", t0, work_slice=WORK_SLICE)
    return results, compiling


class Fast:
    """This thread's lean way to one grid with no options (``Sudoku(p).solve()``,
    ``count()``) in layout ``lay``: the entry, its arguments and buffers, made once
    per shape."""

    def __init__(self, lay: str, n: int, box: tuple[int, int], variant: Variant):
        from .kernels import bits as KB

        nn = n * n
        self.w = BitsSpace(lay, nn, 1)
        self.grid = np.zeros(nn, np.uint8)  # a writable copy: one compiled signature for all callers
        self.out = np.zeros(nn, np.uint8)
        self.entry = _entry(lay)
        self.head = (KB.NO_BUDGET, np.int64(WORK_SLICE)) + (() if lay == "band" else (tables(n, box, variant),))
        self.work = self.w.one()
        self.state = self.w.state[0]
        ready(self.entry, (True, self.grid, np.int64(1)) + self.head + (self.work, self.out))

    def search(self, cells: np.ndarray, limit: int) -> tuple:
        """Up to ``limit`` solutions of ``cells``: the arguments of
        :class:`~dlxnumba.Stats` (Ctrl-C works between slices of the search);
        the first solution is in ``out`` when one was found."""
        self.grid[:] = cells
        args = (self.grid, limit) + self.head + (self.work, self.out)
        t0 = time.perf_counter()
        self.w.busy = True
        try:
            ret = self.entry(True, *args)
            while ret == 1:
                ret = self.entry(False, *args)
        finally:
            self.w.busy = False
        seconds = time.perf_counter() - t0
        state = self.state
        if ret < 0:
            state[:] = 0
        found = int(state[K.SOLUTIONS])
        return (found, int(state[K.NODES]), int(state[K.UPDATES]), int(state[K.MAX_LEVEL]), seconds,
                Status.LIMIT if found >= limit else Status.COMPLETE, _NO_PROFILE, 0, "bits")


_NO_PROFILE = np.zeros(0, np.int64)
#: Shapes (variants included) whose :class:`Fast` a thread keeps at most.
_FAST_SHAPES = 16


def fast(lay: str, n: int, box: tuple[int, int], variant: Variant) -> Fast:
    """This thread's :class:`Fast` for the shape (a fresh one while it is busy: a callback's)."""
    cache = getattr(_LOCAL, "fast", None)
    if cache is None:
        cache = _LOCAL.fast = {}
    key = (n, box, variant) if variant else (n, box)
    f = cache.get(key)
    if f is None:
        if len(cache) >= _FAST_SHAPES:
            cache.clear()
        f = cache[key] = Fast(lay, n, box, variant)
    return f if not f.w.busy else Fast(lay, n, box, variant)


def fraction(lay: str, w: BitsSpace, args: tuple) -> float:
    """Knuth's estimate of the fraction of the search tree done, from the path to
    the node in hand: at each level, the branches tried before the one taken,
    out of all, weighted by the product of the branch counts above it."""
    state = w.state[0]
    level = int(state[K.LEVEL])
    done, scale = 0.0, 1.0
    if lay == "band":
        gent = w.works[1][0]
        for lev in range(min(level, len(gent))):
            for _ in range(int(gent[lev]) >> 8):  # the first branches finished here (each a half)
                done += scale / 2
                scale /= 2
            scale /= 2  # the first branch of the guess in hand
        return min(done, 1.0)
    stack, cell, rem = w.works[0][0], w.works[2][0], w.works[3][0]
    nn = stack.shape[1]
    regions = args[4][2]
    low = np.uint64((1 << 63) - 1)
    for lev in range(min(level, nn)):
        c = int(cell[lev])
        cur = stack[lev]
        if c >= 0:
            total = int(cur[c] & low).bit_count()
        else:
            bit = np.uint64(1 << int(cell[lev + nn + 1]))
            total = sum(1 for k in regions[-1 - c] if cur[k] & bit)
        tried = total - int(rem[lev]).bit_count()
        if total <= 0 or tried <= 0:
            break
        done += scale * (tried - 1) / total
        scale /= total
    return min(done, 1.0)
