"""Helpers shared by the benchmark files: puzzle sets, timing, ``extra_info``.

Every benchmark stores in ``benchmark.extra_info`` at least

``n_puzzles``  puzzles (or problems) solved per timed call;
``nodes``      search-tree nodes of one call (None when the solver does not say);
``updates``    DLX updates of one call (None when not applicable);
``verified``   True only if every answer was checked -- each Sudoku solution with
               :func:`dlxnumba.is_solution` against its puzzle, each count against
               its known value -- and the test asserts it;
``seconds``    the time of one call used for the derived rates (the median of
               the rounds when timing, the single run with ``--benchmark-disable``);
``puzzles_per_second`` / ``updates_per_second`` where they make sense;

and ``kind`` plus ``set`` and ``mode`` (Sudoku) or ``problem`` (exact cover), which
``report.py`` and ``plot.py`` use to lay out their tables.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "puzzles"

#: Norvig's sets, in the order of the tables.
SETS = ("easy50", "top95", "hardest")


def benchmark_disabled(config) -> bool:
    """True under ``--benchmark-disable`` (CI: each body runs once, answers checked)."""
    try:
        return bool(config.getoption("benchmark_disable"))
    except ValueError:  # pytest-benchmark not loaded
        return True


def puzzle_lines(name: str) -> list[str]:
    """The puzzles of the shipped set ``name`` as one-line strings.

    Read through the package's API (``dlxnumba.load_puzzles``), as a user of the
    installed package does; ``puzzles/{name}.txt`` links to the same file.
    """
    from dlxnumba import load_puzzles

    return load_puzzles(name)


def puzzle_array(name: str) -> np.ndarray:
    """The puzzles of the shipped set ``name`` as an (n, N*N) uint8 array."""
    from dlxnumba import puzzle_path, read_puzzles

    with puzzle_path(name) as path:
        return read_puzzles(path)


def run(benchmark, fn, *, rounds: int | None = None):
    """Time ``fn`` (already warmed up) and return ``(its result, seconds of one call)``.

    ``rounds=None`` lets pytest-benchmark choose rounds and iterations; an int runs
    exactly that many rounds of one call each (``benchmark.pedantic``), for slow
    bodies.  The seconds are the median over the rounds, or the duration of the
    single call when benchmarking is disabled.
    """
    last = [0.0]

    def timed():
        t0 = time.perf_counter()
        out = fn()
        last[0] = time.perf_counter() - t0
        return out

    if rounds is None:
        result = benchmark(timed)
    else:
        result = benchmark.pedantic(timed, rounds=rounds, iterations=1, warmup_rounds=0)
    stats = getattr(benchmark, "stats", None)
    seconds = stats.stats.median if stats is not None else last[0]
    return result, seconds


def record(benchmark, *, seconds: float, n_puzzles: int, nodes, updates, verified: bool,
           rates: bool = True, **extra) -> None:
    """Fill ``benchmark.extra_info`` with the common fields plus ``extra``.

    ``rates=False`` leaves out puzzles/s and updates/s (start-up and memory).
    """
    info = benchmark.extra_info
    info["n_puzzles"] = int(n_puzzles)
    info["nodes"] = None if nodes is None else int(nodes)
    info["updates"] = None if updates is None else int(updates)
    info["verified"] = bool(verified)
    info["seconds"] = float(seconds)
    if rates and seconds > 0:
        info["puzzles_per_second"] = n_puzzles / seconds
        if updates:
            info["updates_per_second"] = int(updates) / seconds
    info.update(extra)


def check_solutions(solutions, puzzles, box=None) -> list[int]:
    """Indices of the answers that are not valid solutions of their puzzles.

    An answer of None or all zeros counts as wrong.
    """
    from dlxnumba import is_solution

    bad = []
    for k, (sol, puzzle) in enumerate(zip(solutions, puzzles)):
        if sol is None or not np.any(sol.grid if hasattr(sol, "grid") else np.asarray(sol)):
            bad.append(k)
        elif not is_solution(sol, puzzle, box=box):
            bad.append(k)
    return bad
