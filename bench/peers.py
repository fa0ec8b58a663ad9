"""Adapters that solve a Sudoku through other exact-cover packages (the ``peers`` extra).

Each peer gets the standard exact-cover matrix of Sudoku -- 729 options (cell,
digit) by 324 items (cell, row-digit, column-digit, box-digit), built once with
numpy -- restricted to the options a puzzle allows: in a given cell only the
given digit.  The peer solves that matrix through its public API and the chosen
options are decoded into a grid.  Building the restricted matrix is part of each
solve, as parsing is part of :meth:`dlxnumba.Sudoku.solve`.

Peers (``pip install -e ".[peers]"``):

``exact_cover``
    ``exact_cover.get_exact_cover(matrix)``: C code (Knuth's dancing links) over a
    C-contiguous bool matrix; returns the chosen row indices, raises
    ``exact_cover.error.NoSolution`` when there is none.
``xcover``
    ``xcover.covers_bool(matrix)``: numba code (Knuth's dancing cells, Algorithm
    C, minimum-remaining-values branching); a generator of solutions, each a
    list of row indices.

Both are imported lazily, so this module imports without them.

Examples
--------
>>> opt_cell, opt_digit, m = sudoku_matrix(2, 2)
>>> m.shape, int(m.sum())
((64, 64), 256)
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

__all__ = ["PEERS", "sudoku_matrix", "restricted", "available", "solve_with"]

#: Peer name -> the module that must be importable.
PEERS = {"exact_cover": "exact_cover", "xcover": "xcover"}


@lru_cache(maxsize=None)
def sudoku_matrix(r: int = 3, c: int = 3):
    """The empty grid's exact-cover matrix: ``(opt_cell, opt_digit, matrix)``.

    Option ``(cell * N) + digit - 1`` puts ``digit`` in ``cell`` (row-major);
    ``matrix`` is a C-contiguous bool array of N**3 options by 4 N**2 items.
    """
    n = r * c
    nn = n * n
    j = np.arange(n ** 3)
    cell, d = j // n, j % n
    row, col = cell // n, cell % n
    box = (row // r) * (n // c) + col // c
    m = np.zeros((n ** 3, 4 * nn), np.bool_)
    m[j, cell] = True
    m[j, nn + row * n + d] = True
    m[j, 2 * nn + col * n + d] = True
    m[j, 3 * nn + box * n + d] = True
    m.setflags(write=False)
    return cell, (d + 1).astype(np.uint8), m


def restricted(cells, r: int = 3, c: int = 3):
    """The matrix of one puzzle (flat digits, 0 = empty) and its options' numbers."""
    cells = np.asarray(cells, np.uint8).reshape(-1)
    opt_cell, opt_digit, m = sudoku_matrix(r, c)
    given = cells[opt_cell]
    keep = np.flatnonzero((given == 0) | (given == opt_digit))
    return np.ascontiguousarray(m[keep]), keep


def _decode(rows, keep, r, c):
    opt_cell, opt_digit, _ = sudoku_matrix(r, c)
    n = r * c
    grid = np.zeros(n * n, np.uint8)
    chosen = keep[np.asarray(rows, np.int64)]
    grid[opt_cell[chosen]] = opt_digit[chosen]
    return grid


def _solve_exact_cover(cells, r=3, c=3):
    import exact_cover
    from exact_cover.error import NoSolution

    m, keep = restricted(cells, r, c)
    try:
        rows = exact_cover.get_exact_cover(m)
    except NoSolution:
        return None
    return _decode(rows, keep, r, c)


def _solve_xcover(cells, r=3, c=3):
    import xcover

    m, keep = restricted(cells, r, c)
    rows = next(xcover.covers_bool(m), None)
    if rows is None:
        return None
    return _decode(rows, keep, r, c)


_SOLVERS = {"exact_cover": _solve_exact_cover, "xcover": _solve_xcover}


def available(name: str) -> bool:
    """True when peer ``name`` can be imported."""
    try:
        __import__(PEERS[name])
    except ImportError:
        return False
    return True


def solve_with(name: str, cells, r: int = 3, c: int = 3):
    """Solve one puzzle (flat digits, 0 = empty) with peer ``name``: a flat grid or None."""
    return _SOLVERS[name](cells, r, c)
