"""The shape of a grid, as one table: cells, regions, boxes.

Vocabulary
----------
An ``n x n`` grid has ``n * n`` *cells*, numbered row-major from 0; cell
``row * n + col`` is named ``r{row+1}c{col+1}``.  A *region* (Norvig's *unit*)
is a set of ``n`` cells that must hold the *digits* ``1..n`` once each: the
``n`` rows, the ``n`` columns and the ``n`` *boxes* of ``r`` rows by ``c``
columns (``n = r * c``).

Every Python-side user of row, column and box arithmetic (the encoding, the
rule checks, the verifier, the pictures) reads a :class:`Geometry` instead of
working it out again.

Examples
--------
>>> g = geometry(6)
>>> g
Geometry(n=6, box=(2, 3))
>>> g.regions[[0, 6, 12]].tolist()  # row 1, column 1, box 1
[[0, 1, 2, 3, 4, 5], [0, 6, 12, 18, 24, 30], [0, 1, 2, 6, 7, 8]]
>>> [g.region_names[u] for u in g.cell_regions[9]], g.cell_name(9)
(['row 2', 'column 4', 'box 2'], 'r2c4')

Variants (:mod:`.variants`) grow the table: a *region map* replaces the
boxes by irregular *pieces* (jigsaw), and *extra* regions (diagonals,
windows) follow the ``3n`` regions of every grid.

>>> x = geometry(4, extra=(("diagonal", (0, 5, 10, 15)),))
>>> x, x.regions[-1].tolist(), x.extra_of(5)
(Geometry(n=4, box=(2, 2), extra=1), [0, 5, 10, 15], [12])
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence

import numpy as np

from ..checks import integer, is_integer
from ..errors import SudokuError, plain

if TYPE_CHECKING:  # pragma: no cover
    from numpy.typing import ArrayLike

    #: A box shape: a pair ``(rows, columns)``, text ``"2x3"``, or None for the default
    BoxLike = Sequence[int] | str | None

#: Largest grid side: digits are stored as uint8, and a batch marks an
#: unreadable puzzle with the digit N + 1.
MAX_N = 250

#: The kinds of region, in the order of their numbers.
KINDS = ("row", "column", "box")


def default_box(n: int) -> tuple[int, int]:
    """The usual box shape for an ``n x n`` grid: as square as possible, wider than tall.

    Parameters
    ----------
    n : int
        The side of the grid.

    Returns
    -------
    (int, int)
        Rows and columns of one box.

    Raises
    ------
    SudokuError
        For an ``n`` that is not a positive integer, or a side with no box of
        at least 2 rows and 2 columns (a prime: give the box explicitly).

    Examples
    --------
    >>> from dlxnumba import default_box
    >>> default_box(9), default_box(6), default_box(12), default_box(16)
    ((3, 3), (2, 3), (3, 4), (4, 4))
    """
    return _default_box(check_side(n))


def check_side(n: Any) -> int:
    """``n`` as the side of a grid: a positive integer, or SudokuError naming it."""
    if type(n) is int and n >= 1:  # the common case, cheaply
        return n
    return integer(n, "the side of a grid", low=1, error=SudokuError)


@functools.lru_cache(maxsize=None)
def _default_box(n: int) -> tuple[int, int]:
    for r in range(math.isqrt(n), 1, -1):
        if n % r == 0:
            return r, n // r
    raise SudokuError(f"a {n}x{n} grid has no box shape with at least 2 rows and 2 columns; "
                      f"give box=(rows, columns) explicitly")


#: A box shape as text, as the command line's ``--box`` takes it: ``2x3``,
#: ``2 x 3``, ``2X3``, ``2×3`` or ``2,3`` (rows first).
_BOX_TEXT = re.compile(r"\s*([0-9]+)\s*[xX×,]\s*([0-9]+)\s*", re.ASCII)


def box_of_text(text: str) -> tuple[int, int]:
    """The pair ``(rows, columns)`` that ``text`` (``"2x3"``) names, not yet checked against a grid.

    >>> box_of_text("2x3"), box_of_text(" 3 X 2 "), box_of_text("4×4")
    ((2, 3), (3, 2), (4, 4))
    """
    m = _BOX_TEXT.fullmatch(text)
    if m is None:
        raise SudokuError(f"box {text!r} is not ROWSxCOLUMNS such as '2x3'")
    return int(m.group(1)), int(m.group(2))


def check_box(n: int, box: BoxLike) -> tuple[int, int]:
    """``box`` as a pair ``(rows, columns)`` that fits an ``n x n`` grid (None: the default).

    ``box`` is a pair of integers or the text ``"RxC"`` that the command line's
    ``--box`` takes (:func:`box_of_text`).

    >>> check_box(6, None), check_box(6, [3, 2]), check_box(5, (np.int64(1), 5)), check_box(6, "2x3")
    ((2, 3), (3, 2), (1, 5), (2, 3))
    """
    n = check_side(n)
    if box is None:
        return _default_box(n)
    r, c = read_box(box)
    if r < 1 or c < 1 or r * c != n:
        raise SudokuError(f"box {r}x{c} does not fit a {n}x{n} grid: rows * columns must be {n}")
    return r, c


def read_box(box: BoxLike | int, *, side: bool = False, positive: bool = False) -> tuple[int, int]:
    """``box`` as a pair of integers ``(rows, columns)``, not yet fitted to a grid:
    a pair, or text ``"RxC"`` (:func:`box_of_text`); with ``side``, an integer
    is the side of a grid, which takes its :func:`default_box`; with
    ``positive``, both numbers must be positive.

    >>> read_box([2, np.int64(3)]), read_box("3x2"), read_box(6, side=True)
    ((2, 3), (3, 2), (2, 3))
    >>> read_box(6)
    Traceback (most recent call last):
    ...
    dlxnumba.errors.SudokuError: box must be a pair (rows, columns) or text such as '2x3', not 6
    """
    if isinstance(box, str):
        return box_of_text(box)
    if side and is_integer(box):
        return default_box(box)  # type: ignore[arg-type]  # an integer, checked just above
    try:
        r, c = box  # type: ignore[misc]  # anything else is refused below
    except (TypeError, ValueError):
        sides = ", a side" if side else ""
        raise SudokuError(f"box must be a pair (rows, columns){sides} or text such as '2x3', "
                          f"not {plain(box)}") from None
    if not (is_integer(r) and is_integer(c)) or (positive and not (r >= 1 and c >= 1)):
        kind = "positive integers" if positive else "integers"
        raise SudokuError(f"box must be a pair of {kind} (rows, columns), not {plain(box)}")
    return int(r), int(c)


def side_of(cells: int) -> int:
    """The side ``n`` of a grid of ``cells`` cells (a square of at least 16).

    >>> side_of(81)
    9
    """
    n = math.isqrt(cells)
    if n * n != cells or n < 4:
        raise SudokuError(f"{cells} cells: expected a square number of at least 16 (16, 36, 64, 81, 144, 256, ...)")
    if n > MAX_N:
        raise SudokuError(f"a {n}x{n} grid is larger than the {MAX_N}x{MAX_N} this package supports")
    return n


def cell_name(n: int, cell: int) -> str:
    """The name ``r{row}c{col}`` (1-based) of cell number ``cell`` of an ``n x n`` grid.

    >>> cell_name(9, 10)
    'r2c2'
    """
    return f"r{cell // n + 1}c{cell % n + 1}"


def _frozen(a: np.ndarray) -> np.ndarray:
    """A copy of ``a`` over immutable memory: no one can make it writable again
    (every grid of the shape reads these tables)."""
    return np.frombuffer(np.ascontiguousarray(a).tobytes(), a.dtype).reshape(a.shape)


@dataclass(frozen=True, eq=False)
class Geometry:
    """The regions of an ``n x n`` grid with boxes of ``box = (rows, columns)``.

    Obtain one with :func:`geometry` (cached: one object per shape).

    Attributes
    ----------
    n : int
        The side; the digits are ``1..n``.
    box : (int, int)
        Rows and columns of one box.
    cells : int
        ``n * n``, the cells numbered row-major.
    regions : ndarray, int32 (3n, n), read-only
        The cells of each region, in row-major order: regions ``0..n-1`` are
        the rows, ``n..2n-1`` the columns, ``2n..3n-1`` the boxes (row-major).
    region_names : tuple of str
        ``"row 1"``, ..., ``"column 1"``, ..., ``"box 1"``, ... (1-based).
    cell_regions : ndarray, int32 (n*n, 3), read-only
        The regions of each cell: ``(row, n + column, 2n + box)``.
    box_top, box_left : ndarray, bool (n,), read-only
        The rows, and the columns, where a new box starts.
    region_map : ndarray, int32 (n*n,), read-only, or None
        A jigsaw's piece of each cell (regions ``2n..3n-1`` are then its
        pieces, named ``"piece 1"``, ...), else None.
    extra, extra_regions : int, tuple of (str, tuple of int)
        The extra all-different regions of a variant (diagonals, windows),
        the last ``extra`` rows of ``regions``; ``cell_regions`` keeps the
        three regions every cell has.

    Examples
    --------
    >>> from dlxnumba import geometry
    >>> g = geometry(4)
    >>> g.box, g.cells, len(g.region_names)
    ((2, 2), 16, 12)
    >>> g.regions[8:].tolist()  # the boxes
    [[0, 1, 4, 5], [2, 3, 6, 7], [8, 9, 12, 13], [10, 11, 14, 15]]
    >>> g.cell_regions[6].tolist(), g.box_top.tolist()
    ([1, 6, 9], [True, False, True, False])
    """

    n: int
    box: tuple[int, int]
    cells: int = field(repr=False)
    regions: np.ndarray = field(repr=False)
    region_names: tuple[str, ...] = field(repr=False)
    cell_regions: np.ndarray = field(repr=False)
    box_top: np.ndarray = field(repr=False)
    box_left: np.ndarray = field(repr=False)
    #: ``cell_regions`` flattened (``3 * cell + k``), as the compiled kernels read it
    flat_cell_regions: np.ndarray = field(repr=False)
    #: the piece of each cell (int32, ``n*n``) when a region map replaces the
    #: boxes (jigsaw), else None; regions ``2n..3n-1`` are then the pieces
    region_map: np.ndarray | None = field(default=None, repr=False)
    #: the number of extra regions (diagonals, windows), the last rows of ``regions``
    extra: int = 0
    #: ``(name, cells)`` of each extra region, as given to :func:`geometry`
    extra_regions: tuple = field(default=(), repr=False)

    def __repr__(self) -> str:
        more = (", region_map=..." if self.region_map is not None else "") + (
            f", extra={self.extra}" if self.extra else "")
        return f"Geometry(n={self.n}, box={self.box}{more})"

    def cell_name(self, cell: int) -> str:
        """The name ``r{row}c{col}`` (1-based) of a cell number.

        Parameters
        ----------
        cell : int
            A flat cell index, ``row * n + col`` (0-based).

        Returns
        -------
        str
        """
        return cell_name(self.n, cell)

    def extra_of(self, cell: int) -> list[int]:
        """The extra regions (their numbers in ``regions``) that hold ``cell``.

        Parameters
        ----------
        cell : int
            A flat cell index, ``row * n + col`` (0-based).

        Returns
        -------
        list of int
        """
        first = 3 * self.n
        return [first + k for k, (_, cells) in enumerate(self.extra_regions) if cell in cells]

    @property
    def plain(self) -> bool:
        """True for the rows, columns and boxes alone (no region map, no extra region)."""
        return self.region_map is None and not self.extra

    def __reduce__(self):
        if self.plain:
            return geometry, (self.n, self.box)
        rm = None if self.region_map is None else tuple(self.region_map.tolist())
        return _rebuild, (self.n, self.box, rm, self.extra_regions)


def geometry(n: int, box: BoxLike = None, *, region_map: ArrayLike | None = None,
             extra: Sequence[tuple[str, Sequence[int]]] = ()) -> Geometry:
    """The :class:`Geometry` of an ``n x n`` grid (``box`` None: :func:`default_box`).

    Build jigsaws and extra regions through :mod:`.variants`, which checks
    its input and names the place of a fault.

    Parameters
    ----------
    n : int
        The side of the grid.
    box : (int, int), str or None
        Rows and columns of one box (None: :func:`default_box`).
    region_map : array_like or None
        The piece (0..n-1) of each cell, replacing the boxes (jigsaw;
        checked: every piece has ``n`` cells -- pieces need not be
        connected).
    extra : sequence of (str, cells)
        ``(name, cells)`` pairs, more all-different regions of ``n`` cells
        each (flat cell indices).

    Returns
    -------
    Geometry
        The grid's cells and regions (cached: a geometry is made once per
        shape).

    Raises
    ------
    SudokuError
        For a bad side, a box that does not fit it, a region map whose pieces
        are not all of ``n`` cells.

    Examples
    --------
    >>> from dlxnumba import geometry
    >>> geometry(9) is geometry(9, (3, 3))
    True
    """
    if region_map is None and not extra:
        r, c = check_box(n, box)
        return plain_geometry(n, r, c)
    n = check_side(n)
    if region_map is None:
        r, c = check_box(n, box)
    else:
        r, c = check_box(n, box) if box is not None else _box_or_band(n)
        region_map = tuple(int(v) for v in np.asarray(region_map).reshape(-1).tolist())
    extra = tuple((str(name), tuple(int(v) for v in cells)) for name, cells in extra)
    return _variant_geometry(n, r, c, region_map, extra)


def _box_or_band(n: int) -> tuple[int, int]:
    """The default box shape, or ``(1, n)`` for a side with none (a prime: a jigsaw needs no boxes)."""
    try:
        return _default_box(n)
    except SudokuError:
        return 1, n


def _rebuild(n, box, region_map, extra) -> Geometry:
    return geometry(n, box, region_map=region_map, extra=extra)


@functools.lru_cache(maxsize=256)
def _variant_geometry(n: int, r: int, c: int, region_map: tuple | None, extra: tuple) -> Geometry:
    """A shape with a region map and/or extra regions (cached per distinct input)."""
    base = plain_geometry(n, r, c)
    regions = base.regions
    cell_regions = base.cell_regions
    names = list(base.region_names)
    rmap = None
    if region_map is not None:
        rmap = np.asarray(region_map, np.int32)
        if rmap.shape != (n * n,) or rmap.min() < 0 or rmap.max() >= n or np.any(np.bincount(rmap, minlength=n) != n):
            raise SudokuError(f"a region map of a {n}x{n} grid must give each of its {n * n} cells "
                              f"one of {n} pieces of {n} cells each")
        cell_regions = cell_regions.copy()
        cell_regions[:, 2] = 2 * n + rmap
        pieces = np.argsort(rmap, kind="stable").reshape(n, n).astype(np.int32)
        regions = np.concatenate([regions[:2 * n], pieces])
        names[2 * n:] = [f"piece {k + 1}" for k in range(n)]
    if extra:
        cells = np.array([sorted(cells) for _, cells in extra], np.int32).reshape(len(extra), -1)
        if cells.shape[1] != n or cells.min() < 0 or cells.max() >= n * n or any(
                len(set(row)) != n for row in cells.tolist()):
            raise SudokuError(f"every extra region of a {n}x{n} grid must hold {n} distinct cells")
        regions = np.concatenate([regions, cells])
        names += [name for name, _ in extra]
    return Geometry(
        n=n, box=(r, c), cells=n * n, regions=_frozen(regions), region_names=tuple(names),
        cell_regions=_frozen(cell_regions), flat_cell_regions=_frozen(cell_regions.reshape(-1)),
        box_top=base.box_top, box_left=base.box_left,
        region_map=None if rmap is None else _frozen(rmap), extra=len(extra), extra_regions=extra)


@functools.lru_cache(maxsize=None)
def plain_geometry(n: int, r: int, c: int) -> Geometry:
    """Build the table of one shape."""
    row, col = np.divmod(np.arange(n * n), n)
    box = (row // r) * (n // c) + col // c
    cell_regions = np.stack([row, n + col, 2 * n + box], axis=1).astype(np.int32)
    # a stable sort by region keeps the cells of each region in row-major order
    regions = np.concatenate([np.argsort(cell_regions[:, k], kind="stable").reshape(n, n)
                              for k in range(len(KINDS))]).astype(np.int32)
    return Geometry(
        n=n, box=(r, c), cells=n * n,
        regions=_frozen(regions),
        region_names=tuple(f"{kind} {k + 1}" for kind in KINDS for k in range(n)),
        cell_regions=_frozen(cell_regions),
        flat_cell_regions=_frozen(cell_regions.reshape(-1)),
        box_top=_frozen(np.arange(n) % r == 0),
        box_left=_frozen(np.arange(n) % c == 0),
    )
