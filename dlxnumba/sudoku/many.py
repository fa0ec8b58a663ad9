"""Many puzzles at once: :func:`solve_many` and its result, :class:`SudokuBatchResult`.

The front door of a batch, as :mod:`.puzzle` is that of one puzzle: the
puzzles are read into one array (:mod:`.batches`), the search options checked
once, and the array solved by the engine (:func:`.solve.solve_arrays`); the
result pairs each solution with its puzzle as a :class:`~.puzzle.Sudoku`.

Examples
--------
>>> r = solve_many(["12.. ..12 .... ....", "11.............."], threads=1)
>>> r.status_names, r.sudoku(0).is_complete()
(['SOLVED', 'INVALID'], True)
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import numpy as np

from .. import kernels as K
from ..checks import choice, is_integer
from ..errors import SudokuError, plain
from ..progress import ProgressArg
from ..search_options import check_limit, documented
from ..stats import Status
from .batches import explain_invalid, read_batch
from .bits import ALGORITHMS
from .grid import Grid
from .puzzle import Sudoku
from .solve import options_of, solve_arrays
from .variants import CLASSIC, Variant

if TYPE_CHECKING:  # pragma: no cover
    from .geometry import BoxLike
    from .variants import VariantLike

__all__ = ["solve_many", "SudokuBatchResult"]


@documented
def solve_many(puzzles: Any, limit: int = 1, *, threads: int | None = None,
               box: BoxLike = None, stop_at: int = 1, max_nodes: int | None = None, timeout: float | None = None,
               progress: ProgressArg = None, progress_interval: float = 0.5, return_stats: bool = False,
               variant: VariantLike = None, algorithm: str = "auto") -> SudokuBatchResult:
    """Solve a batch of puzzles in compiled code, optionally on several threads.

    Parameters
    ----------
    puzzles : array_like or iterable of str
        An (n, N*N) integer array (0 = empty), an (n, N, N) array, or puzzles
        in any form :class:`Sudoku` accepts (strings, grids).
    limit : int
        Solutions to look for per puzzle: ``1`` (first solution) or ``2`` (also
        prove uniqueness: ``MULTIPLE`` when a second exists).  A larger limit
        searches on to that many solutions (useful with ``return_stats``).
    threads : int or None
        Threads the puzzles are solved on (None: all that numba has; ``1``:
        serially).
    {stop_at}
    max_nodes : int or None
        A budget of search-tree nodes, per puzzle (``BUDGET`` when spent; on
        the bits, of guesses).
    timeout : float or None
        A budget of seconds of wall-clock time for the whole batch, counted
        from its start (never while compiling); unfinished puzzles get
        ``BUDGET``.  With ``max_nodes=0`` or ``timeout=0`` no puzzle is
        searched: each readable one gets ``BUDGET``, even a full grid.
    progress : bool, callable or None
        ``True`` shows reports on a long batch (a tqdm bar when tqdm is
        installed, else a line on stderr); a callable receives each
        :class:`~dlxnumba.Progress` report (puzzles done of all, nodes,
        solutions, elapsed and estimated time left).
    {progress_interval}
    return_stats : bool
        Also return a dict: per-puzzle ``nodes``, ``updates`` and ``count``
        arrays, ``seconds``, and ``errors`` (a message per INVALID puzzle,
        else None).  The result has them as attributes all the same.
    box : (int, int) or str, optional
        The box shape of every puzzle (a pair, or text ``"2x3"``); by default that of the :class:`Sudoku`
        objects among the puzzles, else the default shape.  A batch is solved
        with one shape: puzzles of another shape are refused (SudokuError).
    variant : str or Variant, optional
        The variant of every puzzle (``"x"``, ``"windoku"``, ``"anti-knight"``,
        ... or a :class:`~dlxnumba.sudoku.variants.Variant`, e.g. a jigsaw's);
        by default that of the :class:`Sudoku` objects among the puzzles, else
        the classic rules.  A batch is solved with one variant.
    algorithm : {"auto", "bits", "links"}
        The engine (see :meth:`Sudoku.solve`): ``"auto"`` runs the classic
        9x9 on the bit-parallel engine (``nodes`` then count its guesses and
        ``updates`` its propagation steps) and everything else on the
        dancing links; the result's ``algorithm`` says which ran.

    Returns
    -------
    SudokuBatchResult
        The tuple ``(solutions, status)``, so that ``solutions, status =
        solve_many(...)`` works, with the statistics as attributes and
        :meth:`~SudokuBatchResult.sudoku` to pair a solution with its puzzle:

    solutions : ndarray, (n, N*N) uint8
        The first solution of each puzzle, zeros where none was found.
    status : ndarray, (n,) int8
        A :class:`Status` value per puzzle, in input order.

    Raises
    ------
    SudokuError
        For a bad search option or ``limit``, one puzzle instead of a batch,
        a batch that is not a list or array of puzzles, puzzles of another
        box shape or variant than the others (or than ``box`` or
        ``variant``).  A puzzle that cannot be read or breaks a rule is no
        exception: it gets ``INVALID``, with the reason in ``errors``.

    Examples
    --------
    >>> from dlxnumba import Status, solve_many
    >>> sols, status = solve_many(["1.3..4.23.4..2.1", "11..............", "1234............"], threads=1)
    >>> [Status(s).name for s in status]
    ['NO_SOLUTION', 'INVALID', 'SOLVED']
    >>> sols[0].any(), sols[2].tolist()
    (np.False_, [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1])
    >>> r = solve_many(["1234............", "1..............1"], variant="x", limit=2, threads=1)
    >>> r.status_names, r.sudoku(0)
    (['MULTIPLE', 'INVALID'], Sudoku('1234341243212143', variant='x'))
    """
    check_limit(limit, SudokuError, positive=True)
    options = options_of(stop_at, max_nodes, timeout, progress, progress_interval, threads)
    if algorithm != "auto":
        choice(algorithm, "algorithm", ALGORITHMS, SudokuError)
    if isinstance(puzzles, (str, bytes, Grid)):  # one puzzle, not a batch
        raise SudokuError("solve_many takes a batch: pass a list or array of puzzles "
                          "(for one puzzle, use Sudoku(puzzle).solve())")
    t0 = time.perf_counter()
    v = None if variant is None else Variant.parse(variant)
    if v is not None and v.region_map is not None and box is None:
        box = v.geometry(v.side() or 0).box
    batch = read_batch(puzzles, box)
    v = _batch_variant(v, batch.variants)
    r = solve_arrays(batch.cells, batch.bad, batch.n, batch.box, v, limit, options, shared=batch.shared, t0=t0,
                     algorithm=algorithm)
    return SudokuBatchResult(r.solutions, r.status, r.count, r.nodes, r.updates, r.seconds, r.puzzles, batch.n,
                             batch.box, batch.errors, return_stats, variant=v, algorithm=r.algorithm)


def _batch_variant(variant: Variant | None, seen: dict) -> Variant:
    """The one variant of a batch: ``variant``, else that of its Sudoku objects, else classic."""
    if variant is not None:
        for other, k in seen.items():
            if other != variant:
                raise SudokuError(f"puzzle {k} is a {other} Sudoku, but variant={variant.name!r}; "
                                  "a batch is solved with one variant")
        return variant
    if len(seen) > 1:
        (a, i), (b, j) = list(seen.items())[:2]
        raise SudokuError(f"puzzle {i} is a {a} Sudoku and puzzle {j} a {b} one; a batch is solved "
                          "with one variant (solve_many once per variant)")
    return next(iter(seen)) if seen else CLASSIC


class SudokuBatchResult(tuple):
    """What :func:`solve_many` returns: the tuple ``(solutions, status)`` -- or
    ``(solutions, status, info)`` with ``return_stats`` -- with more as attributes.

    Attributes
    ----------
    solutions : ndarray, (P, N*N) uint8
        The first solution of each puzzle, zeros where none was found.
    status : ndarray, (P,) int8
        A :class:`Status` code per puzzle, in input order (the codes compare
        with the members: ``status[i] == Status.SOLVED``; ``status_names``
        has their names).
    count, nodes, updates : ndarray, (P,) int64
        Solutions found (at most ``limit``), search nodes and updates per
        puzzle (the bits: guesses and propagation steps).
    algorithm : str
        The engine that solved the batch: ``"bits"`` or ``"links"``.
    seconds : float
        Wall-clock time of the call, without compiling or loading compiled code.
    n, box : int, (int, int)
        The side of the grids and the box shape they were solved with.

    Notes
    -----
    :meth:`sudoku` pairs a solution with its puzzle, as a :class:`Sudoku` that
    remembers the givens (bold in Jupyter); :meth:`puzzle` is the puzzle.

    Examples
    --------
    >>> from dlxnumba import solve_many
    >>> r = solve_many(["12.. ..12 .... ....", "11.. .... .... ....", "1234 3412 2143 4321"], threads=1)
    >>> solutions, status = r
    >>> r.status_names
    ['SOLVED', 'INVALID', 'SOLVED']
    >>> print(r.sudoku(0).boxed())  # doctest: +NORMALIZE_WHITESPACE
    1 2 | 3 4
    3 4 | 1 2
    ----+----
    2 1 | 4 3
    4 3 | 2 1
    >>> r.sudoku(0).givens.sum(), r.puzzle(0), r.sudoku(1)
    (np.int64(4), Sudoku('12....12........'), None)
    >>> r.errors[1][:50]
    'puzzle 1: the givens break the rules: 1 appears 2 '
    """

    # the attributes, set in __new__ through vars(self)
    solutions: np.ndarray
    status: np.ndarray
    count: np.ndarray  # type: ignore[assignment]  # shadows tuple.count, as documented above
    nodes: np.ndarray
    updates: np.ndarray
    seconds: float
    n: int
    box: tuple[int, int]
    _puzzles: np.ndarray
    _errors: list[str | None]
    _explained: bool
    variant: Variant
    algorithm: str

    def __new__(cls, solutions, status, count, nodes, updates, seconds, puzzles, n, box, errors,
                return_stats=False, variant=None, algorithm="links"):
        info = None
        if return_stats:
            info = {"nodes": nodes, "updates": updates, "count": count, "seconds": seconds, "errors": None}
        self = super().__new__(cls, (solutions, status, info) if return_stats else (solutions, status))
        vars(self).update(solutions=solutions, status=status, count=count, nodes=nodes, updates=updates,
                          seconds=seconds, n=n, box=box, _puzzles=puzzles, _errors=errors, _explained=False,
                          variant=variant if variant is not None else CLASSIC, algorithm=algorithm)
        if info is not None:
            info["errors"] = self.errors
        return self

    def __reduce__(self):
        return (_rebuild_batch, (self.solutions, self.status, self.count, self.nodes, self.updates,
                                 self.seconds, self._puzzles, self.n, self.box, self.errors, len(self) == 3,
                                 self.variant, self.algorithm))

    def __repr__(self) -> str:
        values, counts = np.unique(self.status, return_counts=True)
        tally = ", ".join(f"{k} {Status(s).name}" for s, k in zip(values.tolist(), counts.tolist()))
        kind = f" {self.variant}" if self.variant else ""
        return (f"SudokuBatchResult({len(self.status)} puzzles of {self.n}x{self.n}{kind}"
                f"{': ' * bool(tally)}{tally})")

    @property
    def status_names(self) -> list[str]:
        """The name of each puzzle's :class:`Status` (``"SOLVED"``, ...), a fresh list.
        (``status`` holds the codes: ``status[i] == Status.SOLVED``.)"""
        return [Status(s).name for s in self.status.tolist()]

    @property
    def errors(self) -> list[str | None]:
        """Why each INVALID puzzle is invalid (a message naming it), else None."""
        if not self._explained:
            explain_invalid(self._puzzles, self.status, self.n, self.box, self._errors, self.variant)
            self._explained = True
        return self._errors

    def puzzle(self, i: int) -> Sudoku | None:
        """Puzzle ``i`` as a :class:`Sudoku`, or None when it is INVALID (see :attr:`errors`).

        Parameters
        ----------
        i : int
            The puzzle's index in the batch (negative ones count from the end).

        Returns
        -------
        Sudoku or None

        Raises
        ------
        SudokuError
            For an ``i`` that is not an integer or out of range.
        """
        i = self._index(i)
        if self.status[i] == K.ST_INVALID:
            return None
        cells = self._puzzles[i].copy()
        return _grid(cells, cells, self.box, self.variant)

    def sudoku(self, i: int) -> Sudoku | None:
        """Solution ``i`` as a :class:`Sudoku` that remembers its puzzle (its givens
        are drawn bold), or None when no solution was found.

        Parameters
        ----------
        i : int
            The puzzle's index in the batch (negative ones count from the end).

        Returns
        -------
        Sudoku or None

        Raises
        ------
        SudokuError
            For an ``i`` that is not an integer or out of range.
        """
        i = self._index(i)
        if not self.count[i]:
            return None
        return _grid(self.solutions[i].copy(), self._puzzles[i].copy(), self.box, self.variant)

    def sudokus(self) -> list[Sudoku | None]:
        """:meth:`sudoku` of every puzzle, in input order.

        Returns
        -------
        list of Sudoku or None
        """
        return [self.sudoku(i) for i in range(len(self.status))]

    def _index(self, i) -> int:
        if not is_integer(i):
            raise SudokuError(f"puzzle index must be an integer, not {plain(i)}")
        size = len(self.status)
        if not -size <= i < size:
            raise SudokuError(f"puzzle index {plain(i)} is out of range for {size} puzzles")
        return int(i) % size


def _grid(cells: np.ndarray, givens: np.ndarray, box: tuple[int, int], variant: Variant | None = None) -> Sudoku:
    """A :class:`Sudoku` of ``cells`` (read by the solver) whose puzzle had ``givens``."""
    return Sudoku._trusted(cells, givens, box, variant)


def _rebuild_batch(*args) -> SudokuBatchResult:
    r = SudokuBatchResult(*args)
    r._explained = True
    return r
