"""Sudoku as exact cover, built from the :class:`~.geometry.Geometry` (Knuth's ``sudoku-dlx`` order).

Items, all primary: the ``n*n`` cell items ``p{row}{col}`` (row-major), then
one item per region and digit: item ``n*n + u*n + digit - 1`` is named
``{kind}{k}{digit}`` for the ``k``-th region of its kind (``r``, ``c``, ``b``
for row, column, box; numbers zero-padded when ``n > 9``).  Option
``cell * n + digit - 1`` places ``digit`` in ``cell`` and lists its items as
cell, row, column, box.  So the search does exactly the work of DLX1 fed by
``sudoku-dlx``.  The givens are forced options (:func:`given_options`).

Examples
--------
>>> p, key = sudoku_problem(4)
>>> p.option_names(6)
('p12', 'r13', 'c23', 'b13')
>>> given_options(np.array([0, 3] + [0] * 14, np.uint8), 4).tolist()
[6]
>>> decode([6], 4)[:2].tolist()
[0, 3]
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Iterable

import numpy as np

from ..exact_cover import ExactCover
from ..template import template
from .geometry import KINDS, Geometry, check_box, geometry

if TYPE_CHECKING:  # pragma: no cover
    from .geometry import BoxLike


def sudoku_problem(n: int = 9, box: BoxLike = None) -> tuple[ExactCover, list[tuple[int, int, int]]]:
    """The exact-cover problem of the empty ``n x n`` grid and its decoding key.

    Parameters
    ----------
    n : int
        The side of the grid.
    box : (int, int), str or None
        Rows and columns of one box (None: the default shape).

    Returns
    -------
    problem : ExactCover
        Primary items ``p`` (cells), ``r`` (row and digit), ``c`` (column
        and digit), ``b`` (box and digit); one option per cell and digit.
        Built once per shape and shared.
    key : list of (int, int, int)
        ``key[j] = (row, col, digit)`` for option ``j`` (0-based row and
        column); a puzzle's givens are the options ``(row * n + col) * n +
        digit - 1``.

    Raises
    ------
    SudokuError
        For a bad side, or a box that does not fit it.

    Examples
    --------
    >>> from dlxnumba import sudoku_problem
    >>> p, key = sudoku_problem(4)
    >>> p
    ExactCover(64 primary + 0 secondary items, 64 options, 256 nodes)
    >>> key[5]
    (0, 1, 2)
    >>> p.item_names[:3], p.item_names[16], p.item_names[63]
    (['p11', 'p12', 'p13'], 'r11', 'b44')
    """
    r, c = check_box(n, box)
    return cover_problem(n, r, c), [(j // (n * n), (j // n) % n, j % n + 1) for j in range(n ** 3)]


_ENCODINGS: dict = {}
_ENC_LOCK = threading.Lock()


def cover_problem(n: int, r: int, c: int) -> ExactCover:
    """The problem of one box shape, built (with its links) once per process."""
    key = (n, r, c)
    p = _ENCODINGS.get(key)
    if p is None:
        with _ENC_LOCK:
            p = _ENCODINGS.get(key)
            if p is None:
                p = _build_encoding(geometry(n, (r, c)))
                template(p)
                _ENCODINGS[key] = p
    return p


def _build_encoding(geo: Geometry) -> ExactCover:
    """The exact-cover problem of the empty grid of ``geo``: four items per option."""
    n, nn = geo.n, geo.cells
    items = np.empty((nn, n, 4), np.int32)  # [cell, digit - 1, k]
    items[:, :, 0] = np.arange(nn)[:, None]
    items[:, :, 1:] = nn + n * geo.cell_regions[:, None, :] + np.arange(n)[None, :, None]
    return ExactCover(4 * nn, _item_names(geo), np.arange(0, 4 * n ** 3 + 1, 4, dtype=np.int64),
                      items.reshape(-1))


def _item_names(geo: Geometry) -> list[str]:
    """``p{row}{col}`` per cell, then ``{r|c|b}{k}{digit}`` per region and digit."""
    n = geo.n
    num = [str(v + 1).zfill(len(str(n))) for v in range(n)]
    cells = [f"p{num[i]}{num[j]}" for i in range(n) for j in range(n)]
    regions = [f"{KINDS[u // n][0]}{num[u % n]}{num[d]}" for u in range(3 * n) for d in range(n)]
    return cells + regions


def given_options(cells: np.ndarray, n: int) -> np.ndarray:
    """The options (int32) that place the filled cells' digits: ``cell * n + digit - 1``."""
    idx = np.flatnonzero(cells)
    return (idx * n + cells[idx].astype(np.int64) - 1).astype(np.int32)


def decode(options: Iterable[int], n: int) -> np.ndarray:
    """The cells (uint8, 0 = empty) that a list of options fills (options past
    the ``n**3`` placings, such as a killer's cage options, place nothing)."""
    cells = np.zeros(n * n, np.uint8)
    sol = np.asarray(options, np.int64)
    sol = sol[sol < n ** 3]
    cells[sol // n] = (sol % n + 1).astype(np.uint8)
    return cells
