"""The :class:`Sudoku` class: one puzzle or solved grid, its views, pictures and solving."""

from __future__ import annotations

from typing import Callable, Iterator, cast

import numpy as np

from ..errors import SudokuError
from ..exact_cover import ExactCover
from ..progress import ProgressArg
from ..search_options import check_limit
from ..stats import Stats, deprecated_stats
from . import display
from . import grading as _grade
from . import solve as _solve
from .encoding import decode, given_options, sudoku_problem
from .geometry import Geometry, _check_box, _geometry, _size_of, default_box, geometry
from .rules import conflicts
from .text import MAX_TEXT_N, _grid_from, _symbol
from .variants import CLASSIC, Variant, has_header, parse as _parse_variant


#: First characters of a text that may start with a variant header (``variant:``, ``regions:``, ``cages:``)
_HEAD = frozenset("vVrRcC \t\r\n")


class Sudoku:
    """A Sudoku puzzle (or solved grid) of any size and box shape.

    Parameters
    ----------
    puzzle : str, array_like or Sudoku
        Text (digits and letters, ``.``, ``0`` or ``_`` for an empty cell; white
        space and grid drawing such as ``|``, ``-``, ``+`` ignored), a 2-D array
        or nested lists (0 = empty), or a flat array of ``N*N`` cells.
    box : (int, int) or str, optional
        Rows and columns of one box, as a pair or as text ``"2x3"`` (as the
        command line's ``--box`` takes it); by default the squarest shape,
        wider than tall (6x6 -> (2, 3), 12x12 -> (3, 4)).
    variant : str or Variant, optional
        Extra rules (:mod:`~dlxnumba.sudoku.variants`): ``"x"``, ``"windoku"``,
        ``"anti-knight"``, ``"anti-king"``, ``"non-consecutive"``, combined
        with ``+``; by default those of ``puzzle`` when it is a Sudoku, or of
        the ``variant:`` header of its text, else the classic rules.
    regions : str or array_like, optional
        A jigsaw's region map (``n*n`` labels, one piece per label), replacing
        the boxes; see also :meth:`jigsaw`.
    cages : str or list of (sum, cells), optional
        A killer's cages (:mod:`~dlxnumba.sudoku.killer`): a cage map and
        sums as text, or ``(sum, cells)`` pairs; see also :meth:`killer`.

    Raises
    ------
    SudokuError
        For an unreadable puzzle or givens that break a rule (the message names
        the cells).

    Examples
    --------
    >>> s = Sudoku("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    >>> t = s.solve()
    >>> str(t)
    '417369825632158947958724316825437169791586432346912758289643571573291684164875293'
    >>> print(t.boxed())  # doctest: +NORMALIZE_WHITESPACE
    4 1 7 | 3 6 9 | 8 2 5
    6 3 2 | 1 5 8 | 9 4 7
    9 5 8 | 7 2 4 | 3 1 6
    ------+-------+------
    8 2 5 | 4 3 7 | 1 6 9
    7 9 1 | 5 8 6 | 4 3 2
    3 4 6 | 9 1 2 | 7 5 8
    ------+-------+------
    2 8 9 | 6 4 3 | 5 7 1
    5 7 3 | 2 9 1 | 6 8 4
    1 6 4 | 8 7 5 | 2 9 3
    >>> s.is_unique()
    True
    >>> Sudoku("12.. ..12 .... ....").count()
    12
    >>> Sudoku("12.. ..12 .... ....", variant="x")
    Sudoku('12....12........', variant='x')
    """

    #: The extra rules (classic: a false Variant); kept by solutions and pickles.
    variant: Variant = CLASSIC
    n: int
    box: tuple[int, int]
    _cells: np.ndarray  # flat, read-only
    _puzzle: np.ndarray  # the givens, flat, read-only

    def __init__(self, puzzle, box=None, *, variant=None, regions=None, cages=None):
        if variant is None and regions is None and cages is None:
            if isinstance(puzzle, Sudoku):
                variant = puzzle.variant
            elif isinstance(puzzle, str) and puzzle[:1] in _HEAD and has_header(puzzle):
                puzzle, variant = _parse_variant(puzzle)
        cells = _grid_from(puzzle)
        n = _size_of(cells.size)
        if box is None and isinstance(puzzle, Sudoku):
            box = puzzle.box
        self.n = n
        if variant is not None or regions is not None or cages is not None:
            v = Variant.parse(variant, regions, cages, n)
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
            self.box = _check_box(n, box)
            problems = conflicts(cells, _geometry(n, *self.box))
        if problems:
            raise SudokuError("the givens break the rules: " + "; ".join(problems))
        self._cells = cells
        self._cells.flags.writeable = False
        self._puzzle = cells  # the givens, shared with solutions

    @classmethod
    def _trusted(cls, cells: np.ndarray, givens: np.ndarray, box: tuple[int, int],
                 variant: Variant | None = None) -> "Sudoku":
        """A grid of ``cells`` whose puzzle had ``givens`` (both flat uint8, read by
        the solver, so not checked again), e.g. a solution of a batch."""
        s = cls.__new__(cls)
        s.n = _size_of(cells.size)
        s.box = box
        if variant:
            s.variant = variant
        s._cells = cells
        s._cells.flags.writeable = False
        s._puzzle = givens
        s._puzzle.flags.writeable = False
        return s

    def _with_cells(self, cells: np.ndarray) -> "Sudoku":
        """A grid of this puzzle (same box and givens) holding ``cells``, e.g. a solution."""
        s = Sudoku.__new__(Sudoku)
        s.n = self.n
        s.box = self.box
        s.variant = self.variant
        s._cells = cells
        s._cells.flags.writeable = False
        s._puzzle = self._puzzle
        return s

    # ---------------------------------------------------------------- views

    @classmethod
    def jigsaw(cls, puzzle, regions, variant=None) -> "Sudoku":
        """A jigsaw Sudoku: ``regions`` (a region map, ``n*n`` labels) replaces the boxes.

        >>> Sudoku.jigsaw("1... .... .... ....", "AAAB ABBB CCCD CDDD").count()
        36
        """
        return cls(puzzle, variant=variant, regions=regions)

    @classmethod
    def killer(cls, puzzle, cages, variant=None, box=None) -> "Sudoku":
        """A killer Sudoku: ``cages`` (a cage map and sums, or ``(sum, cells)`` pairs,
        see :mod:`~dlxnumba.sudoku.killer`) add cages with sums to the rules.

        >>> s = Sudoku.killer("........ ........", [(3, ["r1c1", "r1c2"]), (4, [(3, 2), (3, 3)])])
        >>> s.count(), s.variant.cages.text()
        (4, 'AA.. .... .... ..BB A=3 B=4')
        """
        return cls(puzzle, box, variant=variant, cages=cages)

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

    def __array__(self, dtype=None, copy=None) -> np.ndarray:
        """The (N, N) grid, so that ``np.asarray(s)`` works."""
        g = self._cells.reshape(self.n, self.n)
        return g.astype(dtype) if dtype is not None else g.copy()

    @property
    def givens(self) -> np.ndarray:
        """(N, N) bool mask of the puzzle's given cells."""
        return (self._puzzle != 0).reshape(self.n, self.n)

    @property
    def stats(self) -> Stats:
        """Deprecated: :func:`~dlxnumba.last_stats` (a puzzle never changes; the statistics of a
        one-shot call are recorded for the thread that made it)."""
        return deprecated_stats("Sudoku")

    def is_complete(self) -> bool:
        """True when every cell is filled (the rules hold by construction)."""
        return bool(np.all(self._cells != 0))

    def __str__(self) -> str:
        if self.n > MAX_TEXT_N:  # no single symbols for so many digits: numbers, spaced
            return " ".join(_symbol(int(d)) for d in self._cells)
        return "".join(_symbol(int(d)) for d in self._cells)

    def __repr__(self) -> str:
        try:
            default = default_box(self.n)
        except SudokuError:  # a prime side: the box was given, (1, n) or (n, 1)
            default = None
        box = "" if self.box == default or self.variant.region_map is not None else f", box={self.box}"
        if self.variant:
            kinds = "+".join(k for k in self.variant.kinds if k not in ("jigsaw", "killer"))
            box += (f", variant={kinds!r}" if kinds else "") + (
                f", regions={self.variant.map_text()!r}" if self.variant.region_map is not None else "") + (
                f", cages={self.variant.cages.text()!r}" if self.variant.cages is not None else "")
        return f"Sudoku({str(self)!r}{box})"

    def __format__(self, spec: str) -> str:
        if spec in ("grid", "boxed"):
            return self.boxed()
        return format(str(self), spec)

    def __eq__(self, other) -> bool:
        return (isinstance(other, Sudoku) and self.box == other.box and self.variant == other.variant
                and np.array_equal(self._cells, other._cells))

    def __hash__(self) -> int:
        return hash((self.box, self._cells.tobytes()) + ((self.variant,) if self.variant else ()))

    def boxed(self) -> str:
        """A text picture with box borders, for ``print``."""
        return display.boxed(self._cells, self.geometry, self.variant)

    def show(self, file=None) -> None:
        """Print :meth:`boxed`."""
        print(self.boxed(), file=file)

    def _repr_html_(self) -> str:
        """An HTML table, for Jupyter: givens bold, filled cells blue."""
        return display.html_table(self._cells, self._puzzle != 0, self.geometry, self.variant)

    # --------------------------------------------------------------- solving

    def to_problem(self) -> tuple[ExactCover, list[tuple[int, int, int]], list[int]]:
        """The encoding: ``(problem, key, given)`` with ``given`` the givens' options."""
        if self.variant:
            p = self.variant.problem(self.n, self.box)
            n = self.n
            key = [(j // (n * n), (j // n) % n, j % n + 1) for j in range(n ** 3)]
        else:
            p, key = sudoku_problem(self.n, self.box)
        return p, key, given_options(self._cells, self.n).tolist()

    def exact_cover(self) -> tuple[ExactCover, list[int], Callable[[list[int]], "Sudoku"]]:
        """The puzzle for the generic runners (:mod:`dlxnumba.parallel.dask`):
        ``(problem, given, decode)`` -- the encoding of :meth:`to_problem` (the
        variant's rules included), the options of the filled cells, and a function
        from a solution (option indices) to the solved :class:`Sudoku`.

        >>> p, given, decode = Sudoku("12.. ..12 .... ....", variant="x").exact_cover()
        >>> decode(p.solve(given=given))
        Sudoku('1234341243212143', variant='x')
        """
        p, _key, given = self.to_problem()
        return p, given, self._solved_by

    def _solved_by(self, options: list[int]) -> "Sudoku":
        """The grid of this puzzle that the solution ``options`` fills."""
        return self._with_cells(decode(options, self.n))

    def solve(self, *, stop_at: int = 1, max_nodes: int | None = None,
              timeout: float | None = None, progress: ProgressArg = None,
              progress_interval: float = 0.5) -> "Sudoku | None":
        """The first solution found, as a new :class:`Sudoku`, or None.

        Raises :class:`LimitReached` when ``max_nodes`` or ``timeout`` ends the
        search first (at once when either is 0: no search is run, even for a
        full grid).  Ctrl-C interrupts a long search within a fraction of a second.
        ``progress`` reports on a long search every ``progress_interval`` seconds:
        a callable receives a :class:`~dlxnumba.progress.Progress`, ``True`` shows
        a bar or a line (see :mod:`dlxnumba.progress`).
        """
        return _solve.solve_one(self, _solve.options_of(stop_at, max_nodes, timeout, progress,
                                                        progress_interval))

    def solutions(self, limit: int | None = None, *, stop_at: int = 1, max_nodes: int | None = None,
                  timeout: float | None = None, progress: ProgressArg = None,
                  progress_interval: float = 0.5, threads: int | None = None) -> Iterator["Sudoku"]:
        """Iterate over the solutions (each a :class:`Sudoku`), lazily.

        ``threads=N`` (N > 1) finds them all first, on N threads (see
        :meth:`ExactCover.solutions`): the same set, in another order.
        """
        limit = check_limit(limit, SudokuError)
        options = _solve.options_of(stop_at, max_nodes, timeout, progress, progress_interval, threads)
        if not options.serial:
            return _solve.split_solutions(self, limit, options)
        return _solve.iter_solutions(self, limit, options)

    def count(self, limit: int | None = None, *, stop_at: int = 1, max_nodes: int | None = None,
              timeout: float | None = None, progress: ProgressArg = None,
              progress_interval: float = 0.5, threads: int | None = None, checkpoint=None) -> int:
        """The number of solutions (at most ``limit``).

        With ``stop_at=0`` the statistics (:func:`~dlxnumba.last_stats`: ``nodes``,
        ``updates``) are those of Knuth's DLX1 fed by ``sudoku-dlx``.  ``threads``
        and ``checkpoint`` split the search as in :meth:`ExactCover.count` (same
        counts and statistics).
        """
        limit = check_limit(limit, SudokuError)
        options = _solve.options_of(stop_at, max_nodes, timeout, progress, progress_interval, threads)
        if not options.serial or checkpoint is not None:
            return _solve.split_count(self, limit, options, checkpoint)
        return _solve.count_solutions(self, limit, options)

    def is_unique(self, **kwargs) -> bool:
        """True when the puzzle has exactly one solution."""
        return self.count(2, **kwargs) == 1


    # -------------------------------------------------------- grading, hints

    def grade(self, *, samples: int = _grade.SAMPLES, seed: int = 0, effort: bool = True,
              max_guesses: int = _grade.MAX_GUESSES, uniqueness: bool = True) -> _grade.Grade:
        """The difficulty on both scales, a :class:`~dlxnumba.sudoku.grading.Grade`
        (see :func:`dlxnumba.sudoku.grading.grade`)."""
        return _grade.grade(self, samples=samples, seed=seed, effort=effort, max_guesses=max_guesses,
                            uniqueness=uniqueness)

    def candidates(self) -> np.ndarray:
        """The pencil marks: an (N, N, N) bool array, ``[row, col, d - 1]`` True
        when digit ``d`` can go into the cell (see :func:`dlxnumba.sudoku.grading.candidates`)."""
        return _grade.candidates(self)

    def hint(self, candidates=None, *, uniqueness: bool = True) -> "_grade.Step | None":
        """The next logical step, a :class:`~dlxnumba.sudoku.grading.Step` (None
        when the grid is full or no technique applies); ``candidates``: pencil
        marks to start from instead of :meth:`candidates`."""
        return _grade.hint(self, candidates, uniqueness)

    def steps(self, max_steps: int | None = None, *, uniqueness: bool = True) -> "list[_grade.Step]":
        """The steps of a logical solve of the grid (see :func:`dlxnumba.sudoku.grading.steps`)."""
        return _grade.steps(self, max_steps, uniqueness)
