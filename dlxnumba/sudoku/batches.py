"""A batch of puzzles as one array: what :func:`~dlxnumba.sudoku.solve_many` and
:func:`~dlxnumba.sudoku.grade_many` read.

A batch is an (P, N*N) or (P, N, N) integer array, or an iterable of puzzles in
any form :class:`~dlxnumba.sudoku.Sudoku` accepts (strings, row strings,
arrays, grids).  :func:`read_batch` turns it into one (P, N*N) uint8 array of
one side and box shape; a puzzle that cannot be read is a row marked
unreadable, with a message naming it, not an error for the whole batch.  One
grid given where a batch is expected (nine rows of nine, a (9, 9) array) is
refused, naming what to pass instead.

Examples
--------
>>> b = read_batch(["12.. ..12 .... ....", "1?..............", Grid("1234............", box=(2, 2))])
>>> b.cells.shape, b.bad.tolist(), b.n, b.box
((3, 16), [False, True, False], 4, (2, 2))
>>> b.errors[1]
"puzzle 1: unknown symbol '?' at column 2 (digits, letters, '.', '0' or '_' expected)"
>>> read_batch([[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]])
Traceback (most recent call last):
...
dlxnumba.errors.SudokuError: solve_many takes a batch of puzzles, but got one 4x4 grid (4 lists of 4 numbers); for a batch of one, pass [grid] (or use Sudoku(grid) for one puzzle)
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from ..errors import SudokuError, plain
from ..stats import Status
from .geometry import MAX_N, box_of_text, cell_name, check_box, geometry, side_of
from .grid import Grid
from .rules import conflicts
from .text import DRAWING, grid_from
from .variants import Variant

if TYPE_CHECKING:  # pragma: no cover
    from .geometry import BoxLike

__all__ = ["Batch", "read_batch"]


class Batch(NamedTuple):
    """A batch read by :func:`read_batch`."""

    #: (P, N*N) uint8, C-contiguous and writable; an unreadable row holds zeros
    cells: np.ndarray
    #: (P,) bool: the rows that could not be read (see ``errors``)
    bad: np.ndarray
    #: the side of the grids
    n: int
    #: the one box shape of the batch
    box: tuple[int, int]
    #: why each unreadable row is unreadable (a message naming it), else None
    errors: list[str | None]
    #: the variant of each kind of grid object in the batch -> the first puzzle that has it
    variants: dict[Variant, int]
    #: True when ``cells`` is the caller's own array (copy it before writing)
    shared: bool


def read_batch(puzzles: Any, box: BoxLike = None, *, who: str = "solve_many") -> Batch:
    """The batch ``puzzles`` as one array (see the module's docstring).

    ``box``: the box shape of every puzzle (a pair or text ``"2x3"``); by
    default that of the grid objects among the puzzles, else the default
    shape (a grid of another shape is refused).  ``who``: the public function,
    for the messages.
    """
    variants: dict[Variant, int] = {}
    arr, bad, n, box, errors = _batch_array(puzzles, box, variants, who)
    return Batch(arr, bad, n, box, errors, variants, arr is puzzles)


def _batch_array(puzzles: Any, box: Any, variants: dict | None = None, who: str = "solve_many"
                 ) -> tuple[np.ndarray, np.ndarray, int, tuple[int, int], list]:
    """(P, N*N) uint8 cells, a per-row 'unreadable' mask, N, box, and errors
    (``variants``: filled with variant -> first puzzle that has it; ``who``:
    the public function, for the message that refuses one grid given as a batch)."""
    errors: list[str | None] = []
    n: int | None
    if isinstance(box, str):  # "2x3": a pair from here on (the side of an unreadable batch below)
        box = box_of_text(box)
    if isinstance(puzzles, np.ndarray) and puzzles.dtype.kind in "biu":
        if puzzles.ndim == 3 and puzzles.shape[1] == puzzles.shape[2]:
            puzzles = puzzles.reshape(len(puzzles), puzzles.shape[1] * puzzles.shape[2])  # (-1 fails on 0 rows)
        if puzzles.ndim != 2:
            raise SudokuError(f"puzzles must be an (n, N*N) array, got shape {puzzles.shape}")
        try:
            n = side_of(puzzles.shape[1])
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
            return puzzles, np.zeros(len(puzzles), bool), n, check_box(n, box), errors
        bad = ((puzzles < 0) | (puzzles > n)).any(axis=1) if puzzles.size else np.zeros(0, bool)
        arr = np.ascontiguousarray(np.where(bad[:, None], 0, puzzles), dtype=np.uint8)
        for k in np.flatnonzero(bad).tolist():
            errors[k] = f"puzzle {k}: a cell holds a value outside 0..{n}"
        return arr, bad, n, check_box(n, box), errors
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
            cells = grid_from(item, where=f"puzzle {k}")
        except SudokuError as e:
            if n is None:  # "4.....8.5": a row of a grid?
                unsized.append(_row_cells(item))
            rows.append(None)
            msg = str(e)
            errors.append(msg if msg.startswith(f"puzzle {k}") else f"puzzle {k}: {msg}")
            continue
        if n is None:
            try:
                n = side_of(cells.size)
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
        if isinstance(item, Grid):
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


def _batch_box(n: int, box, boxes: dict) -> tuple[int, int]:
    """The one box shape of a batch: ``box``, else that of its Sudoku objects, else the default.

    A batch is solved with one box shape: Sudoku objects with another shape
    than ``box``, or than each other, are refused rather than solved wrongly.
    """
    if box is not None:
        box = check_box(n, box)
        for other, k in boxes.items():
            if other != box:
                raise SudokuError(f"puzzle {k} has {other[0]}x{other[1]} boxes, but box={box}; "
                                  "a batch is solved with one box shape")
        return box
    if len(boxes) > 1:
        (a, i), (b, j) = list(boxes.items())[:2]
        raise SudokuError(f"puzzle {i} has {a[0]}x{a[1]} boxes and puzzle {j} {b[0]}x{b[1]} boxes; "
                          "a batch is solved with one box shape (solve_many once per shape)")
    return next(iter(boxes)) if boxes else check_box(n, None)


def explain_invalid(arr: np.ndarray, status: np.ndarray, n: int, box: tuple[int, int], errors: list[str | None],
                    variant: Variant | None = None) -> None:
    """Fill ``errors[k]`` (where None) of each INVALID puzzle ``k`` of a batch that was
    readable: a digit too large, or the rules its givens break."""
    for k in np.flatnonzero(status == int(Status.INVALID)).tolist():
        if errors[k] is None:
            big = np.flatnonzero(arr[k] > n)
            if big.size:
                c = int(big[0])
                errors[k] = f"puzzle {k}: cell {cell_name(n, c)} holds {arr[k, c]}; digits must be 0 to {n}"
            else:
                problems = (variant.conflicts(arr[k], variant.geometry(n, box)) if variant
                            else conflicts(arr[k], geometry(n, box)))
                errors[k] = f"puzzle {k}: the givens break the rules: " + "; ".join(problems)
