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
``timed``      what the benchmark's own time covers: ``"call"`` (the library call
               alone, its input already in the library's own format) or ``"e2e"``
               (end to end: from the puzzle string, or the option arrays, to the
               answer); a benchmark timed end to end may also hold
``call_best`` / ``call_median``  the library call's share of the same rounds
               (best and median round), measured inside each round;
``round_seconds`` / ``call_round_seconds``  every round (for merging passes);
``pass``       the pass number of a comparison run in passes (see :data:`PASSES`);

and ``kind`` plus ``set`` and ``mode`` (Sudoku) or ``problem`` (exact cover), which
``report.py`` and ``plot.py`` use to lay out their tables.
"""

from __future__ import annotations

import math
import os
import statistics
import time
from pathlib import Path
from typing import NamedTuple

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


class Timing(NamedTuple):
    """Seconds of one timed call, round by round, from :func:`measure`.

    ``calls`` is empty unless the body reported its library call's share.
    """

    seconds: tuple[float, ...]       # each round, as pytest-benchmark timed it
    calls: tuple[float, ...] = ()    # the library call's share of each round

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)

    @property
    def best(self) -> float:
        return min(self.seconds)

    @property
    def rounds(self) -> int:
        return len(self.seconds)


#: Most rounds :func:`measure` runs when it chooses the number itself.
MAX_ROUNDS = 1000

#: The comparisons run in this many passes (env BENCH_PASSES, default 3): each pass
#: runs every solver in turn, so the rounds of the solvers compared are interleaved
#: pass by pass; ``report.py`` merges the passes.  One pass with --benchmark-disable.
PASSES = max(1, int(os.environ.get("BENCH_PASSES", "3")))


def passes(disabled: bool) -> list[int]:
    """The pass numbers to parametrize the comparisons with."""
    return [1] if disabled else list(range(1, PASSES + 1))


def measure(benchmark, body, *, setup=None, split: bool = False, rounds: int | None = None,
            share: int = 1):
    """Time ``body`` (already warmed up) round by round: ``(its last result, Timing)``.

    ``setup()``, if given, runs untimed before every round and returns the
    arguments tuple for ``body`` (for inputs that one call uses up).  With
    ``split=True`` ``body`` returns ``(result, seconds of its library call
    alone)``, measured inside the round.  ``rounds=None`` runs as many rounds as
    fit in ``--benchmark-max-time`` (one second by default) divided by
    ``share`` (the number of passes the benchmark is spread over), at least
    ``--benchmark-min-rounds`` (5) divided by ``share`` and rounded up, at most
    :data:`MAX_ROUNDS`, estimated from one untimed call.  With
    ``--benchmark-disable`` the body runs once.
    """
    calls: list[float] = []

    def args_of():
        return (setup(), {}) if setup is not None else ((), {})

    def timed(*args):
        out = body(*args)
        if split:
            out, call = out
            calls.append(call)
        return out

    if getattr(benchmark, "disabled", False):  # pedantic runs setup and body once
        t0 = time.perf_counter()
        out = benchmark.pedantic(timed, setup=args_of if setup is not None else None, rounds=1)
        return out, Timing((time.perf_counter() - t0,), tuple(calls))
    if rounds is None:
        a, k = args_of()
        t0 = time.perf_counter()
        timed(*a, **k)
        estimate = time.perf_counter() - t0
        calls.clear()
        max_time = float(getattr(benchmark, "_max_time", 1.0)) / share
        min_rounds = math.ceil(int(getattr(benchmark, "_min_rounds", 5)) / share)
        rounds = max(min_rounds, min(MAX_ROUNDS, math.ceil(max_time / max(estimate, 1e-9))))
    out = benchmark.pedantic(timed, setup=args_of if setup is not None else None, rounds=rounds,
                             iterations=1, warmup_rounds=0)
    return out, Timing(tuple(benchmark.stats.stats.data), tuple(calls))


def record(benchmark, *, seconds: float, n_puzzles: int, nodes, updates, verified: bool,
           rates: bool = True, **extra) -> None:
    """Fill ``benchmark.extra_info`` with the common fields plus ``extra``.

    ``rates=False`` leaves out puzzles/s and updates/s (start-up and memory).
    ``timing=`` (a :class:`Timing`) adds the rounds, the best round and the
    library call's share.
    """
    info = benchmark.extra_info
    timing = extra.pop("timing", None)
    if timing is not None:  # every round, so that report.py can merge passes
        info["round_seconds"] = [float(x) for x in timing.seconds]
        info["best_seconds"] = float(timing.best)
        if timing.calls:
            info["call_round_seconds"] = [float(x) for x in timing.calls]
            info["call_median"] = float(statistics.median(timing.calls))
            info["call_best"] = float(min(timing.calls))
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


# ---------------------------------------------------------------------------
# Independent checkers for the generic problems: each checks the puzzle's own
# rules on a decoded answer, without the exact-cover matrix or any solver.
# ---------------------------------------------------------------------------


def is_exact_cover(n_primary: int, n_items: int, ptr, items, solution) -> bool:
    """True when the options ``solution`` cover each primary item once and each secondary at most once.

    >>> ptr, items = [0, 2, 3, 5], [0, 2, 1, 1, 2]  # options {0, 2}, {1}, {1, 2}; item 2 secondary
    >>> is_exact_cover(2, 3, ptr, items, [0, 1]), is_exact_cover(2, 3, ptr, items, [0, 2])
    (True, False)
    >>> is_exact_cover(2, 3, ptr, items, [1]), is_exact_cover(2, 3, ptr, items, [3])
    (False, False)
    """
    hits = [0] * n_items
    for j in solution:
        if not 0 <= j < len(ptr) - 1:
            return False
        for i in items[ptr[j]:ptr[j + 1]]:
            hits[i] += 1
    return all(h == 1 for h in hits[:n_primary]) and all(h <= 1 for h in hits[n_primary:])


def is_queens(n: int, squares) -> bool:
    """True when ``squares`` ((row, column) pairs) are ``n`` queens on an n x n board, none attacking.

    >>> is_queens(4, [(0, 1), (1, 3), (2, 0), (3, 2)]), is_queens(4, [(0, 0), (1, 2), (2, 3), (3, 1)])
    (True, False)
    """
    squares = list(squares)
    if len(squares) != n or not all(0 <= r < n and 0 <= c < n for r, c in squares):
        return False
    for lines in ({r for r, _ in squares}, {c for _, c in squares},
                  {r + c for r, c in squares}, {r - c for r, c in squares}):
        if len(lines) != n:
            return False
    return True


def is_langford(n: int, seq) -> bool:
    """True when ``seq`` holds each of ``1..n`` twice, the two ``k`` with ``k`` numbers between them.

    >>> is_langford(3, [3, 1, 2, 1, 3, 2]), is_langford(3, [3, 1, 2, 1, 2, 3])
    (True, False)
    """
    seq = list(seq)
    if len(seq) != 2 * n or sorted(seq) != sorted(list(range(1, n + 1)) * 2):
        return False
    where: dict[int, list[int]] = {}
    for pos, k in enumerate(seq):
        where.setdefault(k, []).append(pos)
    return all(b - a == k + 1 for k, (a, b) in where.items())


def _shape(cells) -> tuple:
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def _congruent(cells, picture) -> bool:
    """True when ``cells`` are the piece drawn by ``picture`` (rows of ``#``), turned or flipped."""
    base = [(r, c) for r, line in enumerate(picture) for c, ch in enumerate(line) if ch == "#"]
    target = _shape(cells)
    for turn in range(4):
        for flip in (1, -1):
            shape = base
            for _ in range(turn):
                shape = [(c, -r) for r, c in shape]
            if _shape([(r, flip * c) for r, c in shape]) == target:
                return True
    return False


def is_pentomino_tiling(height: int, width: int, placements, pictures) -> bool:
    """True when ``placements`` ((letter, cells) pairs) tile the board, each piece of ``pictures`` once.

    ``pictures`` maps each letter to its drawing (rows of ``#`` and ``.``).

    >>> pics = {"I": ("#####",), "L": ("####", "#...")}
    >>> i = ("I", [(0, c) for c in range(5)])
    >>> is_pentomino_tiling(2, 5, [i, ("L", [(1, 0), (1, 1), (1, 2), (1, 3), (1, 4)])], pics)
    False
    >>> is_pentomino_tiling(1, 5, [i], {"I": pics["I"]})
    True
    >>> is_pentomino_tiling(2, 5, [("I", [(1, c) for c in range(5)]),
    ...                            ("L", [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0)])], pics)
    False
    """
    placements = list(placements)
    letters = [p for p, _ in placements]
    if sorted(letters) != sorted(pictures):
        return False
    seen = set()
    for letter, cells in placements:
        cells = list(cells)
        if len(cells) != 5 or not _congruent(cells, pictures[letter]):
            return False
        for r, c in cells:
            if not (0 <= r < height and 0 <= c < width) or (r, c) in seen:
                return False
            seen.add((r, c))
    return len(seen) == height * width
