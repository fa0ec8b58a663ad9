"""The rule (each region holds each digit at most once) and the verifier.

:func:`breaks_rules` is the fast check (compiled); :func:`conflicts` says
which digits clash where, naming cells and regions; :func:`is_solution` checks
a finished grid against the rules, a variant's too
(:meth:`.variants.Variant.is_solution`), independently of the solver.

Examples
--------
>>> g = geometry(4)
>>> cells = np.array([1, 2, 1, 0] + [0] * 12, np.uint8)
>>> breaks_rules(cells, g)
True
>>> conflicts(cells, g)
['1 appears 2 times in row 1 (r1c1, r1c3)']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from .kernels.links import grid_clash
from .geometry import Geometry, geometry
from .text import symbol
from .variants import Variant

if TYPE_CHECKING:  # pragma: no cover
    from .geometry import BoxLike
    from .variants import VariantLike


def breaks_rules(cells: np.ndarray, geo: Geometry) -> bool:
    """True when some digit appears twice in a region (compiled)."""
    n = geo.n
    seen = np.empty(3 * n * (n + 1), np.uint8)
    return grid_clash(cells, n, geo.flat_cell_regions, seen) >= 0


def conflicts(cells: np.ndarray, geo: Geometry) -> list[str]:
    """Describe every rule the givens break (empty list when none)."""
    if not breaks_rules(cells, geo):
        return []
    out = []
    for name, region in zip(geo.region_names, geo.regions.tolist()):
        out.extend(_clashes(cells, region, name, geo))
    return out


def _clashes(cells: np.ndarray, region: list[int], name: str, geo: Geometry) -> list[str]:
    """Describe each digit that appears more than once in one region."""
    where: dict[int, list[str]] = {}
    for cell in region:
        d = int(cells[cell])
        if d:
            where.setdefault(d, []).append(geo.cell_name(cell))
    return [f"{symbol(d)} appears {len(at)} times in {name} ({', '.join(at)})"
            for d, at in where.items() if len(at) > 1]


def is_solution(grid: Any, puzzle: Any = None, box: BoxLike = None, variant: VariantLike = None) -> bool:
    """True when ``grid`` is a complete, valid Sudoku (agreeing with ``puzzle``'s givens).

    Independent of the solver: it checks that every row, column and box holds
    the digits ``1..N``.  A variant's rules are checked too: ``variant`` when
    given, else the variant of ``grid`` or ``puzzle`` when either is a
    :class:`~.puzzle.Sudoku` (see :meth:`.variants.Variant.is_solution`).

    Parameters
    ----------
    grid : str, array_like or Sudoku
        The grid to check, in any form :class:`~.puzzle.Sudoku` reads.
    puzzle : str, array_like, Sudoku or None
        A puzzle whose givens the grid must keep.
    box : (int, int), str or None
        Rows and columns of one box (None: that of ``grid`` or ``puzzle``
        when either is a Sudoku, else the default shape).
    variant : str, Variant or None
        Extra rules to check (None: those of ``grid`` or ``puzzle``).

    Returns
    -------
    bool
        True when every rule holds and the givens are kept; False for an
        incomplete grid or a broken rule.

    Raises
    ------
    SudokuError
        For a grid or puzzle that cannot be read, an unknown variant, a box
        that does not fit the grid.

    Examples
    --------
    >>> from dlxnumba import is_solution
    >>> from dlxnumba.sudoku import Sudoku
    >>> is_solution(Sudoku("1234341221434321"))
    True
    >>> is_solution("1234341221434321", puzzle="2...............")
    False
    >>> is_solution("1234341221434321", variant="x")  # the diagonals repeat digits
    False
    >>> is_solution(Sudoku("1234341221434321"), puzzle=Sudoku("1...............", variant="x"))
    False
    """
    if variant is None:
        variant = getattr(grid, "variant", None) or getattr(puzzle, "variant", None)
    v = variant if isinstance(variant, Variant) else Variant.parse(variant)
    if box is None:
        box = getattr(grid, "box", None) or getattr(puzzle, "box", None)
    return v.is_solution(grid, puzzle, box)
