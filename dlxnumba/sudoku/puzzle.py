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

from typing import TYPE_CHECKING, Any, Iterator, TypeVar

import numpy as np

from ..checks import choice
from ..errors import SudokuError
from ..progress import ProgressArg
from ..search_options import PARAMETERS, check_limit, documented
from . import bits as _bits
from . import fpuzzles as _fpuzzles
from . import grading as _grade
from . import logic as _logic
from . import solve as _solve
from .gattai import Gattai
from .grid import Grid

if TYPE_CHECKING:  # pragma: no cover
    from numpy.typing import ArrayLike

    from .grid import PuzzleLike
    from .geometry import BoxLike
    from .killer import CagesLike
    from .variants import VariantLike

__all__ = ["Sudoku"]


T = TypeVar("T")

#: The search options as Sudoku's methods describe them: ExactCover's words, with
#: what a grid adds (a full grid is searched too; killers count serially).
_ENTRIES = {**PARAMETERS,
            "max_nodes": "max_nodes : int or None\n"
                         "    A budget of search-tree nodes (``0``: no search at all, even for a\n"
                         "    full grid).",
            "threads": "threads : int or None\n"
                       "    ``N > 1`` splits the search and runs the parts on N threads (as\n"
                       "    :meth:`ExactCover.count <dlxnumba.ExactCover.count>` does; not for\n"
                       "    killers, whose cages need colors); None or 1: the serial search.",
            "algorithm": "algorithm : {\"auto\", \"bits\", \"links\"}\n"
                         "    The engine: ``\"bits\"``, the bit-parallel Sudoku engine (any\n"
                         "    geometry and variant but killers, up to 63 digits; ``Stats`` counts\n"
                         "    its guesses and propagation steps), ``\"links\"``, the dancing\n"
                         "    links (Knuth's nodes and updates), or ``\"auto\"``, the faster on\n"
                         "    this grid: the bits on the classic 9x9, else the links (see\n"
                         "    :mod:`dlxnumba.sudoku.bits`)."}


def _links_only(algorithm: str, what: str) -> None:
    """``threads``/``checkpoint`` split the links' search: not with ``algorithm="bits"``."""
    if algorithm == "bits":
        raise SudokuError(f"{what}= splits the search of the dancing links: use algorithm='links' or 'auto' "
                          f"with it, not 'bits'")


def _algorithm(algorithm: object) -> str:
    """``algorithm=`` of a Sudoku method, checked."""
    return algorithm if algorithm == "auto" else choice(algorithm, "algorithm", _bits.ALGORITHMS, SudokuError)


def _documented(method: T) -> T:
    """:func:`~dlxnumba.search_options.documented` with Sudoku's words."""
    return documented(method, _ENTRIES)


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
    constraints : str, list or Constraints, optional
        Setters' constraints (:mod:`~dlxnumba.sudoku.constraints`):
        thermometers, arrows, kropki dots, XV, little killers and the rest,
        as text (``"thermometer r1c1 r1c2; xv 10 r2c1 r2c2"``) or records.

    Raises
    ------
    SudokuError
        For an unreadable puzzle or givens that break a rule (the message names
        the cells).

    Examples
    --------
    >>> from dlxnumba import Sudoku
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

        Parameters
        ----------
        puzzle : str, array_like or Sudoku
            The givens, as :class:`Sudoku` reads them.
        regions : str or array_like
            The region map: ``n*n`` labels (white space ignored), ``n`` cells
            for each label.
        variant : str or Variant, optional
            Extra rules, as for :class:`Sudoku`.

        Returns
        -------
        Sudoku

        Raises
        ------
        SudokuError
            For an unreadable puzzle or region map, a region of the wrong
            size, givens that break a rule.

        Examples
        --------
        >>> from dlxnumba import Sudoku
        >>> Sudoku.jigsaw("1... .... .... ....", "AAAB ABBB CCCD CDDD").count()
        36
        """
        return cls(puzzle, variant=variant, regions=regions)

    @classmethod
    def killer(cls, puzzle: PuzzleLike, cages: CagesLike, variant: VariantLike = None,
               box: BoxLike = None) -> Sudoku:
        """A killer Sudoku: cages with sums added to the rules.

        Parameters
        ----------
        puzzle : str, array_like or Sudoku
            The givens, as :class:`Sudoku` reads them (often none).
        cages : str or list of (sum, cells)
            A cage map and sums as text (``"AA.. .... A=3"``), or ``(sum,
            cells)`` pairs, cells named ``"r1c2"`` or given as 0-based
            ``(row, column)`` pairs (see :mod:`~dlxnumba.sudoku.killer`).
        variant : str or Variant, optional
            Extra rules, as for :class:`Sudoku`.
        box : (int, int) or str, optional
            Rows and columns of one box, as for :class:`Sudoku`.

        Returns
        -------
        Sudoku

        Raises
        ------
        SudokuError
            For an unreadable puzzle or cage, a cell outside the grid or in two
            cages, a sum no digits can make, givens that break a rule.

        Examples
        --------
        >>> from dlxnumba import Sudoku
        >>> s = Sudoku.killer("........ ........", [(3, ["r1c1", "r1c2"]), (4, [(3, 2), (3, 3)])])
        >>> s.count(), s.variant.cages.text()
        (4, 'AA.. .... .... ..BB A=3 B=4')
        """
        return cls(puzzle, box, variant=variant, cages=cages)

    @staticmethod
    def samurai(text: str | ArrayLike) -> Gattai:
        """A samurai puzzle: five overlapping 9x9 grids, as a :class:`~dlxnumba.Gattai`.

        Parameters
        ----------
        text : str or array_like
            21 lines of 21 characters: ``.`` or ``0`` an empty cell, a digit a
            given, a space outside every grid (lines whose trailing spaces
            were stripped are padded); or a 21x21 array (0: empty or outside).
            The corner grids sit at rows and columns 0 and 12, the centre at
            6, sharing a box with each corner.

        Returns
        -------
        Gattai
            Not a Sudoku: overlapping grids have their own class (solve,
            count, is_unique, pictures), see :mod:`dlxnumba.sudoku.gattai`.

        Raises
        ------
        SudokuError
            For text that does not fit (naming its line and column) or givens
            that clash (naming the cells).

        Examples
        --------
        >>> from dlxnumba import Gattai, Sudoku
        >>> g = Sudoku.samurai(Gattai.generate(seed=1).text())
        >>> g.layout, g.shape, g.is_unique()
        ('samurai', (21, 21), True)
        """
        return Gattai.samurai(text)

    @classmethod
    def from_fpuzzles(cls, source: Any) -> Sudoku:
        """A puzzle from f-puzzles: its JSON (text or a dict), the lz-string data
        of its links, an f-puzzles link or a SudokuPad link carrying f-puzzles data.

        Givens, jigsaw regions, the variant rules, killer cages and the setters'
        constraints are read (see :mod:`~dlxnumba.sudoku.fpuzzles` for the
        entries, and :func:`~dlxnumba.sudoku.fpuzzles.read` for the title,
        author and rules text).

        Parameters
        ----------
        source : str, dict, bytes or path
            JSON, lz-string base64 data, or a link (``https://www.f-puzzles.com/?load=...``,
            ``https://sudokupad.app/fpuzzles...``).

        Returns
        -------
        Sudoku

        Raises
        ------
        SudokuError
            For data that is not f-puzzles', a rule f-puzzles has and dlxnumba
            does not, a malformed entry (the message names it), givens that
            break a rule.

        Examples
        --------
        >>> from dlxnumba import Sudoku
        >>> s = Sudoku.from_fpuzzles('{"size": 4, "grid": [[{"value": 1, "given": true}, {}, {}, {}], '
        ...                          '[{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]], '
        ...                          '"thermometer": [{"lines": [["R2C3", "R3C2", "R4C1"]]}], "diagonal-": true}')
        >>> s.variant.constraints.text(), s.count()
        ('thermometer r2c3 r3c2 r4c1; diagonal-', 3)
        """
        p = _fpuzzles.read(source)
        return cls(p.givens, p.box, variant=p.variant)

    def to_fpuzzles(self, **meta: Any) -> str:
        """This puzzle as f-puzzles JSON (one line), every rule included.

        ``title``, ``author`` and ``ruleset`` (keywords) are written when given.
        A solved grid writes its puzzle's givens as givens and the other digits
        as entries.  Raises SudokuError for what f-puzzles cannot show (see
        :func:`~dlxnumba.sudoku.fpuzzles.to_fpuzzles`).

        Examples
        --------
        >>> from dlxnumba import Sudoku
        >>> Sudoku("1... .... .... ....", variant="anti-king").to_fpuzzles()[-16:]
        '"antiking":true}'
        """
        return _fpuzzles.to_fpuzzles(self, **meta)

    def fpuzzles_url(self, **meta: Any) -> str:
        """A link that opens this puzzle in f-puzzles (``https://www.f-puzzles.com/?load=``
        and its JSON in lz-string base64); keywords as for :meth:`to_fpuzzles`.

        Examples
        --------
        >>> from dlxnumba import Sudoku
        >>> url = Sudoku("1... .... .... ....", variant="x").fpuzzles_url()
        >>> url[:32], Sudoku.from_fpuzzles(url) == Sudoku("1... .... .... ....", variant="x")
        ('https://www.f-puzzles.com/?load=', True)
        """
        return _fpuzzles.fpuzzles_url(self, **meta)

    # --------------------------------------------------------------- solving

    @_documented
    def solve(self, *, stop_at: int = 1, max_nodes: int | None = None,
              timeout: float | None = None, progress: ProgressArg = None,
              progress_interval: float = 0.5, algorithm: str = "auto") -> Sudoku | None:
        """The first solution found, as a new :class:`Sudoku`, or None.

        Ctrl-C interrupts a long search within a fraction of a second.  The
        statistics go to :func:`~dlxnumba.last_stats`.

        Parameters
        ----------
        {stop_at}
        {max_nodes}
        {timeout}
        {progress}
        {progress_interval}
        {algorithm}

        Returns
        -------
        Sudoku or None
            The solved grid (same box and rules), or None when the puzzle has
            no solution.

        Raises
        ------
        LimitReached
            When ``max_nodes`` or ``timeout`` stops the search first (the
            statistics in ``stats``; None in ``found``).
        SudokuError
            For a bad search option.

        See Also
        --------
        ExactCover.solve : the same search options.

        Examples
        --------
        >>> from dlxnumba import Sudoku
        >>> print(Sudoku("1... ..2. .3.. ...4").solve())
        1243342143122134
        >>> Sudoku("12.. 3... .4.. ....").solve() is None  # no place for the 4 in box 1
        True
        """
        return _solve.solve_one(self, _solve.options_of(stop_at, max_nodes, timeout, progress,
                                                        progress_interval), _algorithm(algorithm))

    @_documented
    def solutions(self, limit: int | None = None, *, stop_at: int = 1, max_nodes: int | None = None,
                  timeout: float | None = None, progress: ProgressArg = None,
                  progress_interval: float = 0.5, threads: int | None = None,
                  algorithm: str = "auto") -> Iterator[Sudoku]:
        """Iterate over the solutions (each a :class:`Sudoku`), lazily.

        ``threads=N`` (N > 1) finds them all first, on N threads (see
        :meth:`ExactCover.solutions <dlxnumba.ExactCover.solutions>`): the
        same set, in another order; ``limit`` and ``max_nodes`` cannot go
        with it.

        Parameters
        ----------
        limit : int or None
            Stop after this many solutions (None: all of them).
        {stop_at}
        {max_nodes}
        {timeout}
        {progress}
        {progress_interval}
        {threads}
        {algorithm}

        Yields
        ------
        Sudoku
            Each solved grid.

        Raises
        ------
        LimitReached
            When ``max_nodes`` or ``timeout`` stops the search first (the
            statistics in ``stats``; the number of solutions yielded so far in ``found``).
        SudokuError
            For a bad search option or ``limit`` (a negative one; ``limit`` or
            ``max_nodes`` with ``threads``), a killer (with ``threads``).

        Examples
        --------
        >>> from dlxnumba import Sudoku
        >>> [str(t) for t in Sudoku("12.. 34.. 2... ...1").solutions()]
        ['1234341221434321', '1243341221344321']
        """
        limit = check_limit(limit, SudokuError)
        options = _solve.options_of(stop_at, max_nodes, timeout, progress, progress_interval, threads)
        algorithm = _algorithm(algorithm)
        if not options.serial:
            _links_only(algorithm, "threads")
            return _solve.split_solutions(self, limit, options)
        return _solve.iter_solutions(self, limit, options, algorithm)

    @_documented
    def count(self, limit: int | None = None, *, stop_at: int = 1, max_nodes: int | None = None,
              timeout: float | None = None, progress: ProgressArg = None,
              progress_interval: float = 0.5, threads: int | None = None, checkpoint: Any = None,
              algorithm: str = "auto") -> int:
        """The number of solutions (at most ``limit``).

        With ``stop_at=0`` and ``algorithm="links"`` the statistics
        (:func:`~dlxnumba.last_stats`: ``nodes``, ``updates``) are those of
        Knuth's DLX1 fed by ``sudoku-dlx``; on the bits they count guesses and
        propagation steps.  ``threads`` and ``checkpoint`` split the search as
        in :meth:`ExactCover.count <dlxnumba.ExactCover.count>` (same counts
        and statistics).

        Parameters
        ----------
        {limit}
        {stop_at}
        {max_nodes}
        {timeout}
        {progress}
        {progress_interval}
        {threads}
        {algorithm}
        {checkpoint}

        Returns
        -------
        int
            The number of solutions (at most ``limit``).

        Raises
        ------
        LimitReached
            When ``max_nodes`` or ``timeout`` stops the search first (the
            statistics in ``stats``; the partial count in ``found``).
        SudokuError
            For a bad search option or ``limit`` (a negative one; ``limit`` or
            ``max_nodes`` with ``threads`` or ``checkpoint``), a killer (with
            ``threads`` or ``checkpoint``), a checkpoint that cannot be read or written or was
            made for another puzzle.

        Examples
        --------
        >>> from dlxnumba import Sudoku
        >>> s = Sudoku("12.. ..12 .... ....")
        >>> s.count(), s.count(5)
        (12, 5)
        """
        limit = check_limit(limit, SudokuError)
        options = _solve.options_of(stop_at, max_nodes, timeout, progress, progress_interval, threads)
        algorithm = _algorithm(algorithm)
        if not options.serial or checkpoint is not None:
            _links_only(algorithm, "threads" if checkpoint is None else "checkpoint")
            return _solve.split_count(self, limit, options, checkpoint)
        return _solve.count_solutions(self, limit, options, algorithm)

    @_documented
    def is_unique(self, *, stop_at: int = 1, max_nodes: int | None = None, timeout: float | None = None,
                  progress: ProgressArg = None, progress_interval: float = 0.5,
                  threads: int | None = None, algorithm: str = "auto") -> bool:
        """True when the puzzle has exactly one solution (:meth:`count` up to 2, with these options).

        Parameters
        ----------
        {stop_at}
        {max_nodes}
        {timeout}
        {progress}
        {progress_interval}
        {threads}
        {algorithm}

        Returns
        -------
        bool

        Raises
        ------
        LimitReached
            When ``max_nodes`` or ``timeout`` stops the search first (the
            statistics in ``stats``; the partial count in ``found``).
        SudokuError
            For a bad search option.

        Examples
        --------
        >>> from dlxnumba import Sudoku
        >>> Sudoku("12.. 34.. 2... ...1").is_unique(), Sudoku("1... ..2. .3.. ...4").is_unique()
        (False, True)
        """
        return self.count(2, stop_at=stop_at, max_nodes=max_nodes, timeout=timeout, progress=progress,
                          progress_interval=progress_interval, threads=threads, algorithm=algorithm) == 1

    # -------------------------------------------------------- grading, hints

    def grade(self, *, samples: int = _grade.SAMPLES, seed: int = 0, effort: bool = True,
              max_guesses: int = _grade.MAX_GUESSES, uniqueness: bool = True) -> _grade.Grade:
        """The difficulty on both scales (see :func:`dlxnumba.sudoku.grading.grade`).

        Parameters
        ----------
        samples : int
            Random copies the search effort averages over (0: no search
            effort).
        seed : int
            Seed of the copies: the same seed gives the same rating.
        effort : bool
            False skips the search effort (``Grade.effort`` is None).
        max_guesses : int
            Guesses at which the search of one copy stops (it then counts as
            ``max_guesses``, so the effort is a lower bound).
        uniqueness : bool
            Whether the puzzle must have one solution, which the logical
            solver may then assume; False grades a puzzle with several
            solutions too, without the techniques that assume one.

        Returns
        -------
        Grade
            A :class:`~dlxnumba.sudoku.grading.Grade`: ``score``, ``level``,
            ``hardest``, ``steps``, ``effort``, ``solved``, ``techniques``.

        Raises
        ------
        SudokuError
            For a puzzle without a solution or (with ``uniqueness``) with more
            than one, a bad argument, a grid too large for the grader.

        Examples
        --------
        >>> from dlxnumba import Sudoku
        >>> g = Sudoku("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..").grade()
        >>> g.level, g.score, g.effort
        ('easy', 1.5, 0.0)
        """
        return _grade.grade(self, samples=samples, seed=seed, effort=effort, max_guesses=max_guesses,
                            uniqueness=uniqueness)

    def candidates(self) -> np.ndarray:
        """The pencil marks (see :func:`dlxnumba.sudoku.logic.candidates`).

        Returns
        -------
        numpy.ndarray
            An (N, N, N) bool array, ``[row, col, d - 1]`` True when digit
            ``d`` is not yet in any region of the cell (row, column, box,
            ...); a filled cell has only its own digit.

        Examples
        --------
        >>> from dlxnumba import Sudoku
        >>> c = Sudoku("12.. ..12 .... ....").candidates()
        >>> c.shape, (c[0, 2].nonzero()[0] + 1).tolist()
        ((4, 4, 4), [3, 4])
        """
        return _logic.candidates(self)

    def hint(self, marks: ArrayLike | None = None, *, uniqueness: bool = True) -> _logic.Step | None:
        """The next logical step (see :func:`dlxnumba.sudoku.logic.hint`).

        Parameters
        ----------
        marks : array_like or None
            Pencil marks to start from instead of :meth:`candidates`: an
            (N, N, N) bool array with some candidates removed.
        uniqueness : bool
            Whether the puzzle may be assumed to have one solution, as the
            unique rectangle assumes; False leaves out the techniques that
            assume it, for grids that may have several (by keyword only).

        Returns
        -------
        Step or None
            The step (a :class:`~dlxnumba.sudoku.logic.Step`: its technique,
            the placements and eliminations, and why), or None when the grid
            is full or no technique applies.

        Raises
        ------
        SudokuError
            For marks of the wrong shape or type, or marks that contradict (a
            cell or a digit of a region without a place: no solution).

        Examples
        --------
        >>> from dlxnumba import Sudoku
        >>> print(Sudoku("1234 34.. 2143 ....").hint())
        full house: r4c1 = 4 (the last empty cell of column 1)
        """
        return _logic.hint(self, marks, uniqueness=uniqueness)

    def steps(self, max_steps: int | None = None, *, uniqueness: bool = True) -> list[_logic.Step]:
        """The steps of a logical solve of the grid (see :func:`dlxnumba.sudoku.logic.steps`).

        Easiest technique first at each step, until the grid is full, no
        technique applies or ``max_steps`` are taken.

        Parameters
        ----------
        max_steps : int or None
            Take at most this many steps (None: as many as there are).
        uniqueness : bool
            Whether the puzzle may be assumed to have one solution, as the
            unique rectangle assumes; False leaves out the techniques that
            assume it, for grids that may have several (by keyword only).

        Returns
        -------
        list of Step
            The :class:`~dlxnumba.sudoku.logic.Step` objects, in order.

        Raises
        ------
        SudokuError
            For a bad ``max_steps``, or a grid whose marks come to contradict
            (it has no solution).

        Examples
        --------
        >>> from dlxnumba import Sudoku
        >>> [str(step) for step in Sudoku("1234 34.. 2143 ....").steps(2)]
        ['full house: r4c1 = 4 (the last empty cell of column 1)', 'full house: r4c2 = 3 (the last empty cell of column 2)']
        """
        return _logic.steps(self, max_steps, uniqueness=uniqueness)
