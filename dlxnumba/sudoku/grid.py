"""The record of a Sudoku: :class:`Grid`, one grid of cells with its puzzle, box and rules.

A :class:`Grid` is the data of a :class:`~dlxnumba.sudoku.Sudoku` -- its
cells, the givens of the puzzle it came from, the box shape and the
:class:`~.variants.Variant` -- read and checked once, with the views that need
no search (the (N, N) array, the givens, text, pictures, equality, the
exact-cover encoding).  It never changes once made.  Users meet it as
:class:`~dlxnumba.sudoku.Sudoku` (:mod:`.puzzle`), which adds the calls that
solve and grade it; the engines below that front door (:mod:`.solve`,
:mod:`.grading`, :mod:`.logic`) take a Grid and hand back arrays, or grids of
the same class as the one they were given (``_with_cells``), so that
no engine imports the class that calls it.  (The same pattern as
:class:`~dlxnumba.problem.Problem` under :class:`~dlxnumba.ExactCover`.)

Its fields, read by the engines of this package: ``n``, ``box``,
``variant``, ``_cells`` (the flat uint8 cells, read-only) and ``_puzzle``
(the givens' cells, shared by the solutions of one puzzle).

Examples
--------
>>> g = Grid("12.. ..12 .... ....")
>>> g, g.n, g.box, g.grid[0].tolist()
(Sudoku('12....12........'), 4, (2, 2), [1, 2, 0, 0])
>>> g == Grid("12....12........"), g.givens.sum()
(True, np.int64(4))
"""

from __future__ import annotations

from typing import IO, TYPE_CHECKING, Callable, TypeAlias, TypeVar

import numpy as np

from ..errors import SudokuError, plain
from . import display, drawing
from .encoding import decode, given_options, sudoku_problem
from .geometry import Geometry, check_box, default_box, geometry, plain_geometry, side_of
from .rules import conflicts
from .text import MAX_TEXT_N, grid_from, symbol
from .variants import CLASSIC, Variant, has_header, parse as parse_variant

if TYPE_CHECKING:  # pragma: no cover
    from numpy.typing import ArrayLike, DTypeLike

    from ..exact_cover import ExactCover
    from .geometry import BoxLike
    from .constraints import ConstraintsLike
    from .killer import CagesLike
    from .variants import VariantLike

    #: What a puzzle may be given as: text, rows of text, an array or nested lists of digits, a grid
    PuzzleLike: TypeAlias = "str | bytes | ArrayLike | Grid"

__all__ = ["Grid"]

#: First characters of a text that may start with a variant header (``variant:``, ``regions:``, ``cages:``,
#: ``constraints:``)
_HEAD = frozenset("vVrRcC \t\r\n")

G = TypeVar("G", bound="Grid")


class Grid:
    """The data of a Sudoku grid: use :class:`~dlxnumba.sudoku.Sudoku`, which solves it.

    The parameters are those of :class:`~dlxnumba.sudoku.Sudoku`: a puzzle
    (text, an array, nested lists or another grid), the box shape, and the
    rules of a variant (``variant``, ``regions``, ``cages``, ``constraints``).  The givens are
    checked against the rules (a :class:`SudokuError` names the cells that
    break one).
    """

    #: The extra rules (classic: a false Variant); kept by solutions and pickles.
    variant: Variant = CLASSIC
    #: The side of the grid: digits are 1..n.
    n: int
    #: Rows and columns of one box.
    box: tuple[int, int]
    _cells: np.ndarray  # flat, read-only
    _puzzle: np.ndarray  # the givens, flat, read-only

    def __init__(self, puzzle: PuzzleLike, box: BoxLike = None, *, variant: VariantLike = None,
                 regions: str | ArrayLike | None = None, cages: CagesLike = None,
                 constraints: ConstraintsLike = None) -> None:
        if variant is None and regions is None and cages is None and constraints is None:
            if isinstance(puzzle, Grid) and (box is None or box == puzzle.box):
                # its cells were checked against these same rules when it was made
                self._take(puzzle._cells, puzzle._cells, puzzle.box, puzzle.variant)
                return
            if isinstance(puzzle, Grid):
                variant = puzzle.variant
            elif isinstance(puzzle, str) and puzzle[:1] in _HEAD and has_header(puzzle):
                puzzle, variant = parse_variant(puzzle)
        cells = grid_from(puzzle)
        n = side_of(cells.size)
        if box is None and isinstance(puzzle, Grid):
            box = puzzle.box
        self.n = n
        if variant is not None or regions is not None or cages is not None or constraints is not None:
            v = Variant.parse(variant, regions, cages, n, constraints)
            if v:
                geo = v.geometry(n, box)
                self.variant, self.box = v, geo.box
                problems = v.conflicts(cells, geo)
                if problems:
                    raise SudokuError("the givens break the rules: " + "; ".join(problems))
                variant = v
            else:
                variant = None
        if variant is None:
            self.box = check_box(n, box)
            problems = conflicts(cells, plain_geometry(n, *self.box))
        if problems:
            raise SudokuError("the givens break the rules: " + "; ".join(problems))
        self._cells = cells
        self._cells.flags.writeable = False
        self._puzzle = cells  # the givens, shared with solutions

    @classmethod
    def _trusted(cls: type[G], cells: np.ndarray, givens: np.ndarray, box: tuple[int, int],
                 variant: Variant | None = None) -> G:
        """A grid of ``cells`` whose puzzle had ``givens`` (both flat uint8, read by
        the solver, so not checked again), e.g. a solution of a batch."""
        s = cls.__new__(cls)
        s._take(cells, givens, box, variant)
        return s

    def _take(self, cells: np.ndarray, givens: np.ndarray, box: tuple[int, int], variant: Variant | None) -> None:
        """Hold ``cells`` and ``givens`` (flat uint8, made read-only) as they are."""
        self.n = side_of(cells.size)
        self.box = box
        if variant:
            self.variant = variant
        self._cells = cells
        self._cells.flags.writeable = False
        self._puzzle = givens
        self._puzzle.flags.writeable = False

    def _with_cells(self: G, cells: np.ndarray) -> G:
        """A grid of this puzzle (same class, box, rules and givens) holding ``cells``
        (flat uint8, taken as they are: a solution the solver found)."""
        s = type(self).__new__(type(self))
        s.n = self.n
        s.box = self.box
        s.variant = self.variant
        s._cells = cells
        s._cells.flags.writeable = False
        s._puzzle = self._puzzle
        return s

    # ---------------------------------------------------------------- views

    @property
    def geometry(self) -> Geometry:
        """The :class:`~dlxnumba.sudoku.Geometry` (regions, boxes) of this grid's shape."""
        if self.variant:
            return self.variant.geometry(self.n, self.box)
        return geometry(self.n, self.box)

    @property
    def grid(self) -> np.ndarray:
        """The (N, N) uint8 grid, 0 for an empty cell (read-only)."""
        return self._cells.reshape(self.n, self.n)

    def __array__(self, dtype: DTypeLike | None = None, copy: bool | None = None) -> np.ndarray:
        """The (N, N) grid, so that ``np.asarray(s)`` works."""
        g = self._cells.reshape(self.n, self.n)
        return g.astype(dtype) if dtype is not None else g.copy()

    @property
    def givens(self) -> np.ndarray:
        """(N, N) bool mask of the puzzle's given cells."""
        return (self._puzzle != 0).reshape(self.n, self.n)

    def is_complete(self) -> bool:
        """True when every cell is filled (the rules hold by construction).

        Returns
        -------
        bool

        Examples
        --------
        >>> from dlxnumba import Sudoku
        >>> Sudoku("12.. ..12 .... ....").is_complete(), Sudoku("12.. ..12 .... ....").solve().is_complete()
        (False, True)
        """
        return bool(np.all(self._cells != 0))

    def __str__(self) -> str:
        if self.n > MAX_TEXT_N:  # no single symbols for so many digits: numbers, spaced
            return " ".join(symbol(int(d)) for d in self._cells)
        return "".join(symbol(int(d)) for d in self._cells)

    def __repr__(self) -> str:
        try:
            default = default_box(self.n)
        except SudokuError:  # a prime side: the box was given, (1, n) or (n, 1)
            default = None
        box = "" if self.box == default or self.variant.region_map is not None else f", box={self.box}"
        if self.variant:
            kinds = "+".join(k for k in self.variant.kinds if k not in ("jigsaw", "killer", "constraints"))
            box += (f", variant={kinds!r}" if kinds else "") + (
                f", regions={self.variant.map_text()!r}" if self.variant.region_map is not None else "") + (
                f", cages={self.variant.cages.text()!r}" if self.variant.cages is not None else "") + (
                f", constraints={self.variant.constraints.text()!r}" if self.variant.constraints is not None else "")
        return f"Sudoku({str(self)!r}{box})"

    def __format__(self, spec: str) -> str:
        if spec in ("grid", "boxed"):
            return self.boxed()
        return format(str(self), spec)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Grid) and self.box == other.box and self.variant == other.variant
                and np.array_equal(self._cells, other._cells))

    def __hash__(self) -> int:
        return hash((self.box, self._cells.tobytes()) + ((self.variant,) if self.variant else ()))

    def boxed(self) -> str:
        """A text picture with box borders, for ``print``.

        Returns
        -------
        str
            One line per row (and per border), digits spaced, ``.`` for an
            empty cell; a variant's regions drawn as text allows.

        Examples
        --------
        >>> from dlxnumba import Sudoku
        >>> print(Sudoku("12.. ..12 .... ....").boxed())  # doctest: +NORMALIZE_WHITESPACE
        1 2 | . .
        . . | 1 2
        ----+----
        . . | . .
        . . | . .
        """
        return display.boxed(self._cells, self.geometry, self.variant)

    def show(self, file: IO[str] | None = None) -> None:
        """Print :meth:`boxed`.

        Parameters
        ----------
        file : text file or None
            Where to print (None: standard output).
        """
        print(self.boxed(), file=file)

    def to_html(self) -> str:
        """What Jupyter shows for a grid: an HTML table (givens bold, filled cells
        blue, boxes, pieces, diagonals, windows and cages drawn), or, for a grid
        with setters' constraints, the drawing of :meth:`to_svg` with a caption.

        Returns
        -------
        str
            A ``<table>`` element with its own style, or a ``<div>`` holding an
            ``<svg>`` (:mod:`~dlxnumba.sudoku.drawing`).
        """
        return drawing.html(self._cells, self._puzzle != 0, self.geometry, self.variant)

    def to_svg(self, title: str | None = None) -> str:
        """The grid drawn as one SVG element with all its rules, setters' style
        (:mod:`~dlxnumba.sudoku.drawing`): for a web page, a file, or a grid of
        any kind.

        Parameters
        ----------
        title : str, optional
            The picture's accessible name (its ``<title>``; a default names the
            size and the number of constraints).

        Returns
        -------
        str
            An ``<svg>`` element (well-formed XML) with a ``viewBox``: it scales.

        Examples
        --------
        >>> from dlxnumba import Sudoku
        >>> p = Sudoku("1...............", constraints="xv 5 r1c1 r1c2").to_svg()
        >>> p.startswith("<svg") and 'class="constraint xv"' in p and ">V</text>" in p
        True
        """
        if title is not None and not isinstance(title, str):
            raise SudokuError(f"the picture's title must be text, not {plain(title)}")
        return drawing.svg(self._cells, self._puzzle != 0, self.geometry, self.variant, title)

    def _repr_html_(self) -> str:
        """:meth:`to_html`, for Jupyter (IPython's display protocol)."""
        return self.to_html()

    # -------------------------------------------------------------- encoding

    def to_problem(self) -> tuple[ExactCover, list[tuple[int, int, int]], list[int]]:
        """The encoding: ``(problem, key, given)`` with ``given`` the givens' options
        (the variant's rules included; ``key[j] = (row, col, digit)`` for option ``j``).

        Returns
        -------
        problem : ExactCover
            The rules of this grid's shape and variant (shared, built once).
        key : list of (int, int, int)
            ``(row, col, digit)`` of each option (0-based row and column).
        given : list of int
            The options of the filled cells.

        Examples
        --------
        >>> from dlxnumba import Sudoku
        >>> p, key, given = Sudoku("12.. ..12 .... ....").to_problem()
        >>> given, [key[j] for j in given][:2], p.count(given=given)
        ([0, 5, 24, 29], [(0, 0, 1), (0, 1, 2)], 12)
        """
        if self.variant:
            p = self.variant.problem(self.n, self.box)
            n = self.n
            key = [(j // (n * n), (j // n) % n, j % n + 1) for j in range(n ** 3)]
        else:
            p, key = sudoku_problem(self.n, self.box)
        return p, key, given_options(self._cells, self.n).tolist()

    def exact_cover(self: G) -> tuple[ExactCover, list[int], Callable[[list[int]], G]]:
        """The puzzle for the generic runners (:mod:`dlxnumba.parallel.dask`):
        ``(problem, given, decode)`` -- the encoding of :meth:`to_problem` (the
        variant's rules included), the options of the filled cells, and a function
        from a solution (option indices) to the solved grid (of this class).

        Returns
        -------
        problem : ExactCover
        given : list of int
        decode : callable
            ``decode(solution)``: the solved grid, a Sudoku.

        Examples
        --------
        >>> from dlxnumba import Sudoku
        >>> p, given, decode = Sudoku("12.. ..12 .... ....", variant="x").exact_cover()
        >>> decode(p.solve(given=given))
        Sudoku('1234341243212143', variant='x')
        """
        p, _key, given = self.to_problem()
        return p, given, self._solved_by

    def _solved_by(self: G, options: list[int]) -> G:
        """The grid of this puzzle that the solution ``options`` fills."""
        return self._with_cells(decode(options, self.n))
