"""Norvig's Sudoku sets solved every way, and by every installed peer: one group per set.

Modes (``extra_info["mode"]``), each solving the whole set per timed call, and what
the timed call covers (``extra_info["timed"]``: ``call`` = the library call alone,
its input already in the library's own format; ``e2e`` = end to end, from the
puzzle strings to the solution grids):

``batch``     call  ``solve_many(array, threads=1)`` on the prepared (n, 81) array
                    (``algorithm="auto"``: the bit-parallel engine on these 9x9 sets)
``links``     call  ``solve_many(array, threads=1, algorithm="links")``: the dancing links
``parallel``  call  ``solve_many(array, threads=2)``
``unique``    call  ``solve_many(array, threads=1, limit=2)``: solve and prove uniqueness
``strings``   e2e   ``solve_many(list of strings, threads=1)``
``single``    e2e   ``Sudoku(text).solve()`` for each string; the ``.solve()`` calls
                    alone are timed inside the same rounds (``call_best``/``call_median``)
``peer:NAME`` e2e   each string through peer NAME (``peers.py``): parse, the problem
                    the givens leave, the peer's input, its call, the grid; the peer's
                    calls alone are timed inside the same rounds (skipped when the
                    peer is not installed)
``naive``     call  the naive backtracking baseline of ``naive.py``, with a node budget

The tests run set by set, in passes (``benchutil.PASSES``, 3): each pass runs every
mode and peer in turn for a third of its time, so that the solvers compared meet
the machine in the same states; ``report.py`` merges the passes.  The naive
baseline (tens of seconds on top95) runs last, once.  Every answer is verified with
:func:`dlxnumba.is_solution` against its puzzle, outside the timing.
"""

from __future__ import annotations

import os
import time

import numba
import numpy as np
import pytest

import naive
import peers
from benchutil import (PASSES, SETS, benchmark_disabled, check_solutions, measure, passes, puzzle_array, puzzle_lines,
                       record)
from dlxnumba import last_stats
from dlxnumba import Status, Sudoku, solve_many

#: Naive budget of tried placements per puzzle: timed runs, and --benchmark-disable runs.
NAIVE_BUDGET = int(float(os.environ.get("BENCH_NAIVE_BUDGET", "1e7")))
NAIVE_BUDGET_QUICK = 200_000
#: Rounds of the naive benchmark (one round of top95 takes tens of seconds).
NAIVE_ROUNDS = {"easy50": 3, "top95": 1, "hardest": 3}

THREADS = 2

#: dlxnumba's modes, then the peers.
MODES = ["batch", "links", "parallel", "unique", "strings", "single"] + [f"peer:{name}" for name in peers.PEERS]


def _record_many(benchmark, name, mode, puzzles, timing, result, **extra):
    sols, status, stats = result
    ok = status == Status.SOLVED
    bad = check_solutions(sols, puzzles)
    verified = bool(ok.all()) and not bad
    record(benchmark, seconds=timing.median, n_puzzles=len(puzzles), nodes=stats["nodes"].sum(),
           updates=stats["updates"].sum(), verified=verified, kind="sudoku", set=name, mode=mode,
           timing=timing, **extra)
    assert ok.all(), f"{name}/{mode}: status {[Status(s).name for s in status[~ok]]}"
    assert not bad, f"{name}/{mode}: wrong solutions for puzzles {bad}"


def _solve_many(benchmark, name, mode, lines, puzzles):
    threads = THREADS if mode == "parallel" else 1
    limit = 2 if mode == "unique" else 1
    data = lines if mode == "strings" else puzzles
    algorithm = "links" if mode == "links" else "auto"

    def body():
        return solve_many(data, threads=threads, limit=limit, return_stats=True, algorithm=algorithm)

    solve_many(data[:2], threads=threads, limit=limit, algorithm=algorithm)  # warm up (two puzzles: both lanes)
    result, timing = measure(benchmark, body, share=PASSES)
    _record_many(benchmark, name, mode, puzzles, timing, result,
                 timed="e2e" if mode == "strings" else "call",
                 threads=min(threads, numba.config.NUMBA_NUM_THREADS), limit=limit)


def _single(benchmark, name, lines):
    def body():
        out, call = [], 0.0
        for text in lines:
            s = Sudoku(text)
            t0 = time.perf_counter()
            sol = s.solve()
            call += time.perf_counter() - t0
            out.append((s, sol))
        return out, call

    Sudoku(lines[0]).solve()  # warm up the JIT and the per-shape tables
    result, timing = measure(benchmark, body, split=True, share=PASSES)
    bad = check_solutions([sol for _, sol in result], lines)
    record(benchmark, seconds=timing.median, n_puzzles=len(lines),
           nodes=sum(last_stats().nodes for s, _ in result), updates=sum(last_stats().updates for s, _ in result),
           verified=not bad, kind="sudoku", set=name, mode="single", timed="e2e", timing=timing)
    assert not bad, f"{name}/single: wrong solutions for puzzles {bad}"


def _peer(benchmark, name, peer, lines):
    if not peers.available(peer):
        pytest.skip(f"{peer} is not installed (pip install -e '.[peers]')")

    def body():
        out, call = [], 0.0
        for text in lines:
            grid, seconds = peers.solve_sudoku_timed(peer, text)
            out.append(grid)
            call += seconds
        return out, call

    peers.solve_sudoku(peer, lines[0])  # warm up (imports, JIT)
    sols, timing = measure(benchmark, body, split=True, share=PASSES)
    bad = check_solutions(sols, lines)
    record(benchmark, seconds=timing.median, n_puzzles=len(lines), nodes=None, updates=None,
           verified=not bad, kind="sudoku", set=name, mode=f"peer:{peer}", timed="e2e", timing=timing,
           peer_version=peers.version(peer))
    assert not bad, f"{name}/{peer}: wrong solutions for puzzles {bad}"


def pytest_generate_tests(metafunc):
    """test_sudoku runs set by set, pass by pass, every mode in turn within a pass."""
    if metafunc.function.__name__ == "test_sudoku":
        cases = [(name, k, mode) for name in SETS for k in passes(benchmark_disabled(metafunc.config))
                 for mode in MODES]
        metafunc.parametrize("name,pass_no,mode", cases, ids=[f"{n}-pass{k}-{m}" for n, k, m in cases])


def test_sudoku(benchmark, name, pass_no, mode):
    benchmark.group = f"sudoku-{name}"
    benchmark.extra_info["pass"] = pass_no
    lines, puzzles = puzzle_lines(name), puzzle_array(name)
    if mode == "single":
        _single(benchmark, name, lines)
    elif mode.startswith("peer:"):
        _peer(benchmark, name, mode[5:], lines)
    else:
        _solve_many(benchmark, name, mode, lines, puzzles)


@pytest.mark.parametrize("name", SETS)
def test_naive(benchmark, name, disabled):
    benchmark.group = f"sudoku-{name}"
    puzzles = puzzle_array(name)
    budget = NAIVE_BUDGET_QUICK if disabled else NAIVE_BUDGET

    def body():
        return naive.solve_naive_many(puzzles, max_nodes=budget)

    naive.solve_naive_many(puzzles[:1], max_nodes=1000)  # warm up the JIT
    (sols, nodes, placements, ran_out), timing = measure(benchmark, body, rounds=NAIVE_ROUNDS.get(name, 3))
    done = ~ran_out
    bad = check_solutions(sols[done], puzzles[done])
    hit = int(ran_out.sum())
    # "verified": every answer given was checked; puzzles over budget gave none
    record(benchmark, seconds=timing.median, n_puzzles=len(puzzles), nodes=nodes.sum(), updates=None,
           verified=not bad, kind="sudoku", set=name, mode="naive", timed="call", timing=timing,
           budget=budget, budget_hit=hit, lower_bound=hit > 0, placements=int(placements.sum()))
    assert not bad, f"{name}/naive: wrong solutions for puzzles {np.flatnonzero(done)[bad].tolist()}"
