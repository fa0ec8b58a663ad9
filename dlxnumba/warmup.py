"""Compile, or load from numba's cache, the kernels of the common paths ahead of time.

The first call of each compiled kernel in a process compiles it (seconds, on
a fresh install) or loads it from numba's on-disk cache (a fraction of a
second).  Statistics never count that time (each entry point gets its kernel
ready before its clock starts), but the first call still waits for it.
:func:`warm_up` pays it up front: before a benchmark, in a server's start-up,
at the top of a notebook.
"""

from __future__ import annotations

from .checks import flag, integer
from .errors import ExactCoverError

__all__ = ["warm_up"]


def warm_up(sudoku: bool = True, exact_cover: bool = True, threads: int | None = None, *,
            everything: bool = False, progress: bool = False, processes: int = 1) -> int:
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
    processes : int
        Compile in this many fresh processes at once, each a share of the
        paths (numba compiles one kernel at a time per process): on a cold
        cache, ``everything=True`` with ``processes=2`` takes about half the
        wall-clock time on two cores.  The kernels land in numba's on-disk
        cache, which is what later processes load; this process itself still
        loads them on first use.  1 (the default) compiles here.

    Returns
    -------
    int
        The number of kernels compiled (0 when all came from numba's cache).

    Raises
    ------
    ExactCoverError
        For a flag that is not a bool, ``threads`` that is not a positive
        integer or None, or ``processes`` that is not a positive integer; or
        when a process of ``processes > 1`` fails (its error is in the message).

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
    processes = integer(processes, "processes", low=1)
    import sys
    import time

    from .kernels.compiling import Watch
    from .search_options import SearchOptions

    parallel = SearchOptions(threads=threads).thread_count() > 1
    groups = _groups(sudoku, exact_cover, everything)
    if processes > 1 and len(groups) > 1:
        return _in_processes(groups, processes, parallel, progress)

    def said(name: str, seconds: float) -> None:
        print(f"dlxnumba: compiled {name} ({seconds:.1f} s)", file=sys.stderr, flush=True)

    t0 = time.perf_counter()
    with Watch(on_compiled=said if progress else None) as watch:
        for group in groups:
            _run_group(group, parallel)
    if progress:
        n = len(watch.compiled)
        print(f"dlxnumba: {n} kernel{'s' * (n != 1)} compiled in {watch.seconds:.1f} s; ready in "
              f"{time.perf_counter() - t0:.1f} s" if n else
              f"dlxnumba: nothing to compile (every kernel came from the cache, "
              f"{time.perf_counter() - t0:.1f} s)", file=sys.stderr, flush=True)
    return len(watch.compiled)


#: The paths of :func:`warm_up` in groups, in the order they run, each with
#: about the CPU seconds it takes numba to compile on a cold cache (each group
#: alone in a fresh process with an empty ``NUMBA_CACHE_DIR``, less the import,
#: on a 2-core machine): what ``processes > 1`` deals out, the longest first, each
#: to the process with the least so far.  All but the first two run only with
#: ``everything``.
GROUPS = {"exact cover": 12.0, "sudoku": 10.0, "bits on any grid": 6.0, "colors": 2.0, "cells": 4.5, "costs": 7.0,
          "multiplicities": 6.0, "preprocessing and zdd": 6.0, "generate": 13.0, "grade": 24.0}


def _groups(sudoku: bool, exact_cover: bool, everything: bool) -> list[str]:
    """The groups a call of :func:`warm_up` runs."""
    return [g for g in GROUPS if everything or (g == "exact cover" and exact_cover) or (g == "sudoku" and sudoku)]


def _shares(groups: list[str], processes: int) -> list[list[str]]:
    """``groups`` dealt out to at most ``processes`` shares of about equal
    compiling time: the longest first, each to the share with the least."""
    shares: list[list[str]] = [[] for _ in range(min(processes, len(groups)))]
    load = [0.0] * len(shares)
    for g in sorted(groups, key=lambda g: -GROUPS[g]):
        k = load.index(min(load))
        shares[k].append(g)
        load[k] += GROUPS[g]
    return shares


def _in_processes(groups: list[str], processes: int, parallel: bool, progress: bool) -> int:
    """Run the groups in up to ``processes`` fresh interpreters at once
    (:func:`_shares`); each reports its count of kernels compiled on its last line."""
    import subprocess
    import sys
    import time

    shares = _shares(groups, processes)
    code = ("import sys, json\nfrom dlxnumba.warmup import _child\n"
            "print(_child(json.loads(sys.argv[1]), sys.argv[2] == '1', sys.argv[3] == '1'))")
    t0 = time.perf_counter()
    import json

    children = [subprocess.Popen([sys.executable, "-c", code, json.dumps(share), str(int(parallel)),
                                  str(int(progress))], stdout=subprocess.PIPE, stderr=None, text=True)
                for share in shares]
    total = 0
    failed = []
    for share, child in zip(shares, children):
        out, _ = child.communicate()
        lines = out.strip().splitlines()
        if child.returncode != 0 or not lines or not lines[-1].isdigit():
            failed.append(f"{', '.join(share)} (exit status {child.returncode})")
        else:
            total += int(lines[-1])
    if failed:
        raise ExactCoverError("warm_up: the process that compiled " + "; ".join(failed) +
                              " failed; its error is on standard error above")
    if progress:
        print(f"dlxnumba: {total} kernel{'s' * (total != 1)} compiled in {len(shares)} processes; ready in "
              f"{time.perf_counter() - t0:.1f} s", file=sys.stderr, flush=True)
    return total


def _child(groups: list[str], parallel: bool, progress: bool) -> int:
    """One process of :func:`_in_processes`: run ``groups``, return how many kernels it compiled."""
    import sys

    from .kernels.compiling import Watch

    def said(name: str, seconds: float) -> None:
        print(f"dlxnumba: compiled {name} ({seconds:.1f} s)", file=sys.stderr, flush=True)

    with Watch(on_compiled=said if progress else None) as watch:
        for group in groups:
            _run_group(group, parallel)
    return len(watch.compiled)


def _run_group(group: str, parallel: bool) -> None:
    """Run the paths of one of :data:`GROUPS` once, on tiny problems."""
    from .batch import JOBS_PER_THREAD
    from .exact_cover import ExactCover

    jobs = 2 * JOBS_PER_THREAD  # enough for two lanes
    colored = ExactCover.from_options([["A", "B", "X:0"], ["A", "X:1"], ["B", "X:1"], ["A"], ["B"]],
                                      primary=["A", "B"], secondary=["X"], costs=[3, 1, 1, 2, 2])
    plain = ExactCover.from_options([["a", "b"], ["a"], ["b"]], costs=[3, 1, 1])
    if group == "exact cover":
        from .encodings import queens

        spacers = ExactCover.from_options([["a", "b"], ["a"], ["b"], ["c"]])
        blocks, _ = queens(4)
        for p in (spacers, blocks):
            p.solve(given=[p.n_options - 1])
            p.count(max_nodes=100)
            list(p.solutions(progress=lambda stats: None))
            p.batch([[]], threads=1)
            if parallel:
                p.batch([[]] * jobs, threads=2)
    elif group == "sudoku":
        from .sudoku import Sudoku, solve_many

        s = Sudoku("12.. ..12 .... ....")  # the links
        s9 = Sudoku("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")  # the bits
        for t in (s, s9):
            t.solve()
            t.count(max_nodes=100)
            list(t.solutions(limit=2))
            solve_many([t], threads=1)
            if parallel:
                solve_many([t] * jobs, threads=2)
    elif group == "bits on any grid":
        from .sudoku import Sudoku, solve_many

        s = Sudoku("12.. ..12 .... ....")
        s.count(algorithm="bits")
        solve_many([s], threads=1, algorithm="bits")
        if parallel:
            solve_many([s] * jobs, threads=2, algorithm="bits")
    elif group == "colors":
        colored.count()
    elif group == "cells":
        colored.count(algorithm="cells")
        plain.count(algorithm="cells")
    elif group == "costs":
        plain.best()
        colored.best()
    elif group == "multiplicities":
        bounded = ExactCover.from_options([["a", "b"], ["a"], ["b"]], bounds={"a": (1, 2)})
        bounded.count()
        bounded.count(algorithm="cells")
    elif group == "preprocessing and zdd":
        plain.reduce()
        colored.reduce()
        for z in (plain.zdd(), colored.zdd()):
            z.count()
            z.sample(2, seed=1)  # the draws
    elif group == "generate":
        from .sudoku import generate, generate_many

        generate(seed=1)  # the classic 9x9: the band layout's generator
        generate((2, 2), seed=1)  # every other shape and variant: the cell layout's
        if parallel:
            generate_many(2, seed=1, threads=2)
    else:
        from .sudoku import Sudoku, grade_many

        g = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
        Sudoku(g).grade()  # its count of solutions: the bits' band layout
        Sudoku("..3..2.....14...").grade()  # any other shape's count: the cell layout
        grade_many([g, g], threads=2 if parallel else 1)
