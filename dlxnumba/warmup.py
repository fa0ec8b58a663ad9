"""Compile, or load from numba's cache, the kernels of the common paths ahead of time.

The first call of each compiled kernel in a process compiles it (seconds, on
a fresh install) or loads it from numba's on-disk cache (a fraction of a
second).  Statistics never count that time (each entry point gets its kernel
ready before its clock starts), but the first call still waits for it.
:func:`warm_up` pays it up front: before a benchmark, in a server's start-up,
at the top of a notebook.
"""

from __future__ import annotations

from .checks import flag
from .errors import ExactCoverError

__all__ = ["warm_up"]


def warm_up(sudoku: bool = True, exact_cover: bool = True, threads: int | None = None, *,
            everything: bool = False, progress: bool = False) -> int:
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
        The threads the batches will run on, as in ``solve_many`` (None: all
        that numba has).  Serial and parallel batches run the same kernels.
    everything : bool
        Also every other kernel: colors (DLX2), multiplicities (DLX3),
        dancing cells, the cheapest covers (DLX5), preprocessing (DLX-PRE),
        Sudoku grading and generating.  What ``dlxnumba warm-up`` does, for
        images, CI caches and installs about to be made read-only.
    progress : bool
        Report on standard error what is compiled, kernel by kernel, and the
        total (quiet by default).

    Returns
    -------
    int
        The number of kernels compiled (0 when all came from numba's cache).

    Raises
    ------
    ExactCoverError
        For a flag that is not a bool, or ``threads`` that is not a positive
        integer or None.

    Notes
    -----
    Each path runs once on a tiny problem, so that exactly the machine code
    later calls need is compiled or loaded.  After it, the first real call of
    those paths compiles nothing.

    Examples
    --------
    >>> from dlxnumba import Sudoku, warm_up
    >>> n = warm_up(exact_cover=False)
    >>> Sudoku("12.. ..12 .... ....").count()
    12
    """
    for name, value in (("sudoku", sudoku), ("exact_cover", exact_cover), ("everything", everything),
                        ("progress", progress)):
        flag(value, name, ExactCoverError)
    import sys
    import time

    from .kernels.compiling import Watch
    from .search_options import SearchOptions

    parallel = SearchOptions(threads=threads).thread_count() > 1

    def said(name: str, seconds: float) -> None:
        print(f"dlxnumba: compiled {name} ({seconds:.1f} s)", file=sys.stderr, flush=True)

    t0 = time.perf_counter()
    with Watch(on_compiled=said if progress else None) as watch:
        _run_paths(sudoku, exact_cover or everything, everything, parallel)
    if progress:
        n = len(watch.compiled)
        print(f"dlxnumba: {n} kernel{'s' * (n != 1)} compiled in {watch.seconds:.1f} s; ready in "
              f"{time.perf_counter() - t0:.1f} s" if n else
              f"dlxnumba: nothing to compile (every kernel came from the cache, "
              f"{time.perf_counter() - t0:.1f} s)", file=sys.stderr, flush=True)
    return len(watch.compiled)


def _run_paths(sudoku: bool, exact_cover: bool, everything: bool, parallel: bool) -> None:
    """Run each path of :func:`warm_up` once on a tiny problem."""
    from .batch import JOBS_PER_THREAD

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
    if everything:
        _run_other_kernels()
    if sudoku or everything:
        from .sudoku import Sudoku, solve_many

        s = Sudoku("12.. ..12 .... ....")
        s.solve()
        s.count(max_nodes=100)
        list(s.solutions())
        solve_many([s], threads=1)
        if parallel:
            solve_many([s] * jobs, threads=2)
    if everything:
        from .sudoku import Sudoku, generate, generate_many, grade_many

        g = generate(seed=1)
        Sudoku(g).grade()
        grade_many([g, g], threads=2 if parallel else 1)
        if parallel:
            generate_many(2, seed=1, threads=2)


def _run_other_kernels() -> None:
    """The generic kernels beyond plain exact covers, each once."""
    from .exact_cover import ExactCover

    colored = ExactCover.from_options([["A", "B", "X:0"], ["A", "X:1"], ["B", "X:1"], ["A"], ["B"]],
                                      primary=["A", "B"], secondary=["X"], costs=[3, 1, 1, 2, 2])
    for algorithm in ("links", "cells"):
        colored.count(algorithm=algorithm)
    plain_ = ExactCover.from_options([["a", "b"], ["a"], ["b"]], costs=[3, 1, 1])
    plain_.count(algorithm="cells")
    plain_.best()
    colored.best()
    plain_.reduce()
    colored.reduce()
    plain_.zdd().count()
    colored.zdd().count()
    bounded = ExactCover.from_options([["a", "b"], ["a"], ["b"]], bounds={"a": (1, 2)})
    bounded.count()
    bounded.count(algorithm="cells")
