"""The front door of Sudoku: :class:`Sudoku`, a grid you can solve, count and grade.

:class:`Sudoku` is a :class:`~.grid.Grid` (the data: cells, givens, box,
rules; immutable, picklable) with the calls that search it.  Each call turns
its keywords into one :class:`~dlxnumba.search_options.SearchOptions` (a
shared record when none is given, so that the per-puzzle path costs nothing)
and hands the grid down to an engine: :mod:`.solve` (the compiled lanes, the
generic engine for variants, the split search), :mod:`.grading` (both
difficulty scales), :mod:`.logic` (pencil marks, hints, steps).  The engines
take a Grid and return arrays or grids of its own class, so nothing below
imports this module; :mod:`.many` (batches) and :mod:`.generating` (new
puzzles) build Sudoku objects and sit above it.
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Any, Iterator

import numpy as np

from ..errors import SudokuError
from ..progress import ProgressArg
from ..search_options import check_limit
from ..stats import Stats, deprecated_stats
from . import grading as _grade
from . import logic as _logic
from . import solve as _solve
from .grid import Grid

if TYPE_CHECKING:  # pragma: no cover
    from numpy.typing import ArrayLike

    from .grid import PuzzleLike
    from .geometry import BoxLike
    from .killer import CagesLike
    from .variants import VariantLike

__all__ = ["Sudoku"]


class Sudoku(Grid):
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

    # __init__ (reading and checking the puzzle) and the views are those of Grid.

    @classmethod
    def jigsaw(cls, puzzle: PuzzleLike, regions: str | ArrayLike, variant: VariantLike = None) -> Sudoku:
        """A jigsaw Sudoku: ``regions`` (a region map, ``n*n`` labels) replaces the boxes.

        >>> Sudoku.jigsaw("1... .... .... ....", "AAAB ABBB CCCD CDDD").count()
        36
        """
        return cls(puzzle, variant=variant, regions=regions)

    @classmethod
    def killer(cls, puzzle: PuzzleLike, cages: CagesLike, variant: VariantLike = None,
               box: BoxLike = None) -> Sudoku:
        """A killer Sudoku: ``cages`` (a cage map and sums, or ``(sum, cells)`` pairs,
        see :mod:`~dlxnumba.sudoku.killer`) add cages with sums to the rules.

        >>> s = Sudoku.killer("........ ........", [(3, ["r1c1", "r1c2"]), (4, [(3, 2), (3, 3)])])
        >>> s.count(), s.variant.cages.text()
        (4, 'AA.. .... .... ..BB A=3 B=4')
        """
        return cls(puzzle, box, variant=variant, cages=cages)

    @property
    def stats(self) -> Stats:
        """Deprecated: :func:`~dlxnumba.last_stats` (a puzzle never changes; the statistics of a
        one-shot call are recorded for the thread that made it)."""
        return deprecated_stats("Sudoku")

    # --------------------------------------------------------------- solving

    def solve(self, *, stop_at: int = 1, max_nodes: int | None = None,
              timeout: float | None = None, progress: ProgressArg = None,
              progress_interval: float = 0.5) -> Sudoku | None:
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
                  progress_interval: float = 0.5, threads: int | None = None) -> Iterator[Sudoku]:
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
              progress_interval: float = 0.5, threads: int | None = None, checkpoint: Any = None) -> int:
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

    def is_unique(self, *, stop_at: int = 1, max_nodes: int | None = None, timeout: float | None = None,
                  progress: ProgressArg = None, progress_interval: float = 0.5,
                  threads: int | None = None) -> bool:
        """True when the puzzle has exactly one solution (:meth:`count` up to 2, with these options)."""
        return self.count(2, stop_at=stop_at, max_nodes=max_nodes, timeout=timeout, progress=progress,
                          progress_interval=progress_interval, threads=threads) == 1

    # -------------------------------------------------------- grading, hints

    def grade(self, *, samples: int = _grade.SAMPLES, seed: int = 0, effort: bool = True,
              max_guesses: int = _grade.MAX_GUESSES, uniqueness: bool = True) -> _grade.Grade:
        """The difficulty on both scales, a :class:`~dlxnumba.sudoku.grading.Grade`
        (see :func:`dlxnumba.sudoku.grading.grade`)."""
        return _grade.grade(self, samples=samples, seed=seed, effort=effort, max_guesses=max_guesses,
                            uniqueness=uniqueness)

    def candidates(self) -> np.ndarray:
        """The pencil marks: an (N, N, N) bool array, ``[row, col, d - 1]`` True
        when digit ``d`` can go into the cell (see :func:`dlxnumba.sudoku.logic.candidates`)."""
        return _logic.candidates(self)

    def hint(self, marks: ArrayLike | None = None, *, uniqueness: bool = True,
             candidates: ArrayLike | None = None) -> _logic.Step | None:
        """The next logical step, a :class:`~dlxnumba.sudoku.logic.Step` (None
        when the grid is full or no technique applies); ``marks``: pencil
        marks to start from instead of :meth:`candidates` (an (N, N, N) bool
        array with some candidates removed).  ``candidates=`` is the old name
        of ``marks`` (deprecated)."""
        if candidates is not None:
            warnings.warn("Sudoku.hint(candidates=...) is deprecated: pass marks=... (the pencil marks "
                          "to start from)", DeprecationWarning, stacklevel=2)
            if marks is not None:
                raise TypeError("Sudoku.hint() got both marks and candidates (its old name)")
            marks = candidates
        return _logic.hint(self, marks, uniqueness=uniqueness)

    def steps(self, max_steps: int | None = None, *, uniqueness: bool = True) -> list[_logic.Step]:
        """The steps of a logical solve of the grid (see :func:`dlxnumba.sudoku.logic.steps`)."""
        return _logic.steps(self, max_steps, uniqueness=uniqueness)
