"""The generator's solver seen from Python: its tables and a count of solutions.

The solver of :mod:`dlxnumba.sudoku.kernels.generate` keeps each cell's
candidates as the bits of a uint64 and propagates naked and hidden singles
between branchings.  The generator uses it for the random full grid and for
every uniqueness check of clue removal; the grader counts a puzzle's
solutions with it (:func:`count`) before rating it, so a first
``generate()`` then ``grade()`` compiles one solver, not two.  It reads the
regions of a geometry (a variant's extra regions and region map included)
and a variant's bans; a killer's cages are beyond it (the dancing-links
engine counts those).

>>> from dlxnumba.sudoku.geometry import geometry
>>> g = geometry(4, (2, 2))
>>> count(np.zeros(16, np.uint8), g, limit=1000)
288
>>> count(np.array([1, 2, 3, 4] + [0] * 12, np.uint8), g, limit=1000)
12
"""

from __future__ import annotations

import functools

import numpy as np

from .geometry import Geometry
from .variants import Variant

__all__ = ["MAX_GENERATE_N", "generator_tables", "count", "counts"]

#: Largest side: a cell's candidates are the bits of a uint64.
MAX_GENERATE_N = 63


def counts(variant: Variant, n: int) -> bool:
    """Whether :func:`count` handles grids of side ``n`` with ``variant``'s rules."""
    return variant.cages is None and n <= MAX_GENERATE_N


@functools.lru_cache(maxsize=None)
def generator_tables(g: Geometry, variant: Variant = Variant()) -> tuple:
    """``(peer_ptr, peers, regions, bans)`` of a geometry and variant, as the
    kernel reads them: each cell's peers (the other cells of its regions, and
    the cells a same-digit ban ties it to), the regions, and the bans between
    different digits as ``(ban_ptr, ban_cell, ban_mask)`` keyed by ``cell * n
    + digit - 1`` (see :func:`dlxnumba.sudoku.kernels.generate._propagate`)."""
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


def count(cells: np.ndarray, g: Geometry, variant: Variant = Variant(), *, limit: int) -> int:
    """The number of solutions of ``cells`` (uint8, ``g.cells`` of them, 0 for
    empty) under the rules of ``g`` and ``variant``, counted up to ``limit``;
    0 when the givens already clash.  The caller checked :func:`counts`."""
    from .kernels import generate as K

    cells = np.ascontiguousarray(cells, np.uint8).reshape(-1)
    out = np.zeros(cells.size, np.uint8)
    work = tuple(K.new_work(1, cells.size, 0))
    return int(K.count_solutions(cells, np.int64(limit), generator_tables(g, variant), out, work,
                                 np.zeros(1, np.int64)))
