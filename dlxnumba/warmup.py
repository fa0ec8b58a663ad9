"""Compile, or load from numba's cache, the kernels of the common paths ahead of time.

The first call of each compiled kernel in a process compiles it (seconds, on
a fresh install) or loads it from numba's on-disk cache (a fraction of a
second).  Statistics never count that time (each entry point gets its kernel
ready before its clock starts), but the first call still waits for it.
:func:`warm_up` pays it up front: before a benchmark, in a server's start-up,
at the top of a notebook.
"""

from __future__ import annotations

from .errors import ExactCoverError, plain

__all__ = ["warm_up"]


def warm_up(sudoku: bool = True, exact_cover: bool = True, threads: int | None = None) -> None:
    """Compile or load every kernel that the common paths use, now.

    Parameters
    ----------
    sudoku : bool
        The Sudoku paths: :class:`~dlxnumba.Sudoku` (the rule check,
        ``solve``, ``count``, ``solutions``) and :func:`~dlxnumba.solve_many`.
    exact_cover : bool
        The generic paths: :class:`~dlxnumba.ExactCover` searches (``solve``,
        ``count``, ``solutions``, given options) for both layouts of the
        options, and batches (:meth:`~dlxnumba.ExactCover.batch`).
    threads : int, optional
        The threads the batches will run on, as in ``solve_many``: the
        parallel kernels are warmed up when that is more than one (None: all
        that numba has).

    Each path runs once on a tiny problem, so that exactly the machine code
    later calls need is compiled or loaded.  After it, the first real call of
    those paths compiles nothing.

    Examples
    --------
    >>> from dlxnumba import Sudoku
    >>> warm_up(exact_cover=False)
    >>> Sudoku("12.. ..12 .... ....").count()
    12
    """
    for name, value in (("sudoku", sudoku), ("exact_cover", exact_cover)):
        if not isinstance(value, bool):
            raise ExactCoverError(f"{name} must be True or False, not {plain(value)}")
    from .batch import JOBS_PER_THREAD
    from .search_options import SearchOptions

    parallel = SearchOptions(threads=threads).thread_count() > 1
    jobs = 2 * JOBS_PER_THREAD  # enough for two lanes
    if exact_cover:
        from .encodings import queens
        from .exact_cover import ExactCover

        spacers = ExactCover.from_options([["a", "b"], ["a"], ["b"], ["c"]])
        blocks, _ = queens(4)
        for p in (spacers, blocks):
            p.solve(given=[p.n_options - 1])
            p.count(max_nodes=100)
            list(p.solutions(progress=lambda stats: None))
            p.batch([[]], threads=1)
            if parallel:
                p.batch([[]] * jobs, threads=2)
    if sudoku:
        from .sudoku import Sudoku, solve_many

        s = Sudoku("12.. ..12 .... ....")
        s.solve()
        s.count(max_nodes=100)
        list(s.solutions())
        solve_many([s], threads=1)
        if parallel:
            solve_many([s] * jobs, threads=2)
