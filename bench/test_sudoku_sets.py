"""Norvig's Sudoku sets solved every way: one benchmark group per set.

Modes (``extra_info["mode"]``), each solving the whole set per timed call:

``single``    ``Sudoku(text).solve()`` for each puzzle string (parsing included)
``batch``     ``solve_many(array, threads=1)``
``parallel``  ``solve_many(array, threads=2)``
``unique``    ``solve_many(array, threads=1, limit=2)``: solve and prove uniqueness
``naive``     the naive backtracking baseline of ``naive.py``, with a node budget
``peer:exact_cover``, ``peer:xcover``  peers, through ``peers.py`` (skipped when not installed)
"""

from __future__ import annotations

import os

import numba
import numpy as np
import pytest

import naive
import peers
from benchutil import SETS, check_solutions, puzzle_array, puzzle_lines, record, run
from dlxnumba import Status, Sudoku, solve_many

#: Naive budget of tried placements per puzzle: timed runs, and --benchmark-disable runs.
NAIVE_BUDGET = int(float(os.environ.get("BENCH_NAIVE_BUDGET", "1e7")))
NAIVE_BUDGET_QUICK = 200_000
#: Rounds of the naive benchmark (one round of top95 takes tens of seconds).
NAIVE_ROUNDS = {"easy50": 3, "top95": 1, "hardest": 3}

THREADS = 2


@pytest.fixture(params=SETS)
def sudoku_set(request, benchmark):
    """(name, one-line strings, array) of a set; puts the benchmark in its group."""
    name = request.param
    benchmark.group = f"sudoku-{name}"
    return name, puzzle_lines(name), puzzle_array(name)


def _record_many(benchmark, name, mode, puzzles, seconds, result, **extra):
    sols, status, stats = result
    ok = status == Status.SOLVED
    bad = check_solutions(sols, puzzles)
    verified = bool(ok.all()) and not bad
    record(benchmark, seconds=seconds, n_puzzles=len(puzzles), nodes=stats["nodes"].sum(),
           updates=stats["updates"].sum(), verified=verified, kind="sudoku", set=name, mode=mode, **extra)
    assert ok.all(), f"{name}/{mode}: status {[Status(s).name for s in status[~ok]]}"
    assert not bad, f"{name}/{mode}: wrong solutions for puzzles {bad}"


def test_single(benchmark, sudoku_set):
    name, lines, _ = sudoku_set

    def body():
        out = []
        for text in lines:
            s = Sudoku(text)
            out.append((s, s.solve()))
        return out

    Sudoku(lines[0]).solve()  # warm up the JIT and the per-shape tables
    result, seconds = run(benchmark, body)
    bad = check_solutions([sol for _, sol in result], lines)
    record(benchmark, seconds=seconds, n_puzzles=len(lines),
           nodes=sum(s.stats.nodes for s, _ in result), updates=sum(s.stats.updates for s, _ in result),
           verified=not bad, kind="sudoku", set=name, mode="single")
    assert not bad, f"{name}/single: wrong solutions for puzzles {bad}"


@pytest.mark.parametrize("mode", ["batch", "parallel", "unique"])
def test_solve_many(benchmark, sudoku_set, mode):
    name, _, puzzles = sudoku_set
    threads = THREADS if mode == "parallel" else 1
    limit = 2 if mode == "unique" else 1

    def body():
        return solve_many(puzzles, threads=threads, limit=limit, return_stats=True)

    solve_many(puzzles[:2], threads=threads, limit=limit)  # warm up (two puzzles: both lanes)
    result, seconds = run(benchmark, body)
    _record_many(benchmark, name, mode, puzzles, seconds, result,
                 threads=min(threads, numba.config.NUMBA_NUM_THREADS), limit=limit)


def test_naive(benchmark, sudoku_set, disabled):
    name, _, puzzles = sudoku_set
    budget = NAIVE_BUDGET_QUICK if disabled else NAIVE_BUDGET

    def body():
        return naive.solve_naive_many(puzzles, max_nodes=budget)

    naive.solve_naive_many(puzzles[:1], max_nodes=1000)  # warm up the JIT
    (sols, nodes, placements, ran_out), seconds = run(benchmark, body, rounds=NAIVE_ROUNDS.get(name, 3))
    done = ~ran_out
    bad = check_solutions(sols[done], puzzles[done])
    hit = int(ran_out.sum())
    # "verified": every answer given was checked; puzzles over budget gave none
    record(benchmark, seconds=seconds, n_puzzles=len(puzzles), nodes=nodes.sum(), updates=None,
           verified=not bad, kind="sudoku", set=name, mode="naive", budget=budget, budget_hit=hit,
           lower_bound=hit > 0, placements=int(placements.sum()))
    assert not bad, f"{name}/naive: wrong solutions for puzzles {np.flatnonzero(done)[bad].tolist()}"


@pytest.mark.parametrize("peer", sorted(peers.PEERS))
def test_peer(benchmark, sudoku_set, peer):
    if not peers.available(peer):
        pytest.skip(f"{peer} is not installed (pip install -e '.[peers]')")
    name, _, puzzles = sudoku_set

    def body():
        return [peers.solve_with(peer, p) for p in puzzles]

    peers.solve_with(peer, puzzles[0])  # warm up (imports, JIT, the matrix)
    sols, seconds = run(benchmark, body)
    bad = check_solutions(sols, puzzles)
    record(benchmark, seconds=seconds, n_puzzles=len(puzzles), nodes=None, updates=None,
           verified=not bad, kind="sudoku", set=name, mode=f"peer:{peer}")
    assert not bad, f"{name}/{peer}: wrong solutions for puzzles {bad}"
