"""The bit-parallel Sudoku engine seen from Python: layouts, workspaces, runs.

The kernels (:mod:`dlxnumba.sudoku.kernels.bits`) keep a grid's candidates
as bits in one of two layouts:

* the **band layout**, for the classic 9x9 grid: 27 words of 27 bits, one per
  digit and band, with the triad rule on bands and stacks (the fast path);
* the **cell layout**, for any other geometry with at most 63 digits: one
  uint64 of candidates per cell, the regions as lists of cells (boxes of any
  shape, jigsaw maps, X, windoku, extra regions) and the bans as masks
  (anti-knight, anti-king, non-consecutive).  A killer's cages are beyond it.

:func:`layout` says which applies; :func:`engine` resolves ``algorithm=``
(``"auto"`` takes the bits where they were measured faster than the links:
the classic 9x9, see :data:`AUTO_BITS`).  The generator
(:mod:`dlxnumba.sudoku.kernels.generate`: random full grids and every
uniqueness check, each lane's work from :func:`lane_works`) and the grader's
count of solutions (:func:`count`) run on the same kernels, in the same
layouts.

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

import numpy as np

from .. import kernels as K
from ..kernels.core.lanes import Entries
from .geometry import Geometry, geometry as geometry_of
from .variants import Variant

__all__ = ["MAX_GENERATE_N", "ALGORITHMS", "AUTO_BITS", "generator_tables", "count", "counts", "layout", "engine",
           "BitsSpace", "BitsRun"]

#: Largest side: a cell's candidates are the bits of a uint64.
MAX_GENERATE_N = 63

#: The values of a Sudoku's ``algorithm=``.
ALGORITHMS = ("auto", "bits", "links")

#: The layouts ``algorithm="auto"`` runs on the bits: where they were measured
#: faster than the links (bench/test_sudoku_sets.py).  The cell layout lost to
#: the links on every size measured (4x4 to 16x16, classic and variants), so
#: it serves ``algorithm="bits"``, the generator and the grader only.
AUTO_BITS = ("band",)


def counts(variant: Variant, n: int) -> bool:
    """Whether the bits handle grids of side ``n`` with ``variant``'s rules."""
    return variant.cages is None and n <= MAX_GENERATE_N


def layout(n: int, box: tuple[int, int], variant: Variant) -> str | None:
    """``"band"``, ``"cells"`` or None (the bits cannot: a killer, or more than
    63 digits) for grids of side ``n``, ``box`` and ``variant``.

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

            why = "a killer's cages" if variant.cages is not None else f"{n} digits (at most {MAX_GENERATE_N})"
            raise SudokuError(f"algorithm='bits' cannot solve {why}: use algorithm='links' or 'auto'")
        return lay
    return lay if lay in AUTO_BITS else None


@functools.lru_cache(maxsize=None)
def generator_tables(g: Geometry, variant: Variant = Variant()) -> tuple:
    """``(peer_ptr, peers, regions, bans)`` of a geometry and variant, as the
    cell layout reads them: each cell's peers (the other cells of its regions, and
    the cells a same-digit ban ties it to), the regions, and the bans between
    different digits as ``(ban_ptr, ban_cell, ban_mask)`` keyed by ``cell * n
    + digit - 1`` (see :func:`dlxnumba.sudoku.kernels.bits._propagate`)."""
    n = g.n
    member = np.zeros((n * n, n * n), bool)
    for region in g.regions:
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
    regions = np.ascontiguousarray(g.regions, dtype=np.int32)
    return ptr, peers, regions, (ban_ptr, ban_cell, ban_mask)


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
    :data:`~.kernels.bits.CellWork` with a leading lane axis on every field,
    each lane's row padded at its end (at least :data:`GAP` entries of 8 bytes;
    the stacks by whole levels), so that no two lanes share a cache line.
    The kernels take lane ``k``'s views with ``band_lane`` / ``cell_lane``."""
    from .kernels import bits as KB

    pad = 8 * GAP
    state = np.zeros((count, K.STATE_SIZE + GAP), np.int64)
    rng = np.zeros((count, 1 + GAP), np.uint64)
    if lay == "band":
        levels = KB.DEPTH + -(-pad // (4 * KB.WIDTH))
        return (np.zeros((count, levels, KB.WIDTH), np.uint32), np.zeros((count, KB.DEPTH + GAP), np.int64),
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

        self.layout, self.nn, self.count = lay, nn, count
        self.counter = np.zeros(K.COUNTER_SIZE, np.int64)
        self.lanes = np.zeros((count, K.LANE_SIZE + GAP), np.int64)
        self.ret = np.zeros(count, np.int64)
        self.works = lane_works(lay, nn, count)
        self.state = (KB.BandWork if lay == "band" else KB.CellWork)(*self.works).state
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
    lay = layout(g.n, g.box, variant) if plain else "cells"
    w = space(lay, cells.size, 1)
    head = (cells, np.int64(limit), KB.NO_BUDGET, np.int64(1) << 40)
    if lay == "band":
        entry, args = KB.one_band, head + (w.one(), out)
    else:
        entry, args = KB.one_cells, head + (generator_tables(g, variant), w.one(), out)
    ret = entry(True, *args)
    if ret < 0:
        return 0
    while ret:
        ret = entry(False, *args)
    return int(w.state[0, K.SOLUTIONS])
