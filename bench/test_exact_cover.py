"""The generic engine: known counts, big empty Sudokus, 16x16 / 25x25 puzzle sets.

Counting benchmarks record ``updates_per_second`` (DLX updates of one count divided
by its median time): the engine's raw speed, comparable with Knuth's DLX1 figures.
"""

from __future__ import annotations

import pytest

from benchutil import PUZZLES, check_solutions, record, run
from dlxnumba import Status, Sudoku, is_solution, pentominoes, queens, read_puzzles, solve_many

#: Known counts: OEIS A000170 (n queens) and the 2339 tilings of the 6x10 rectangle.
QUEENS = {10: 724, 11: 2680, 12: 14200}
PENTOMINO_6X10 = 2339


@pytest.mark.parametrize("n", sorted(QUEENS))
def test_queens_count(benchmark, n):
    benchmark.group = "exact-cover-count"
    problem, _ = queens(n)
    queens(6)[0].count()  # warm up the JIT

    count, seconds = run(benchmark, problem.count)
    st = problem.stats
    record(benchmark, seconds=seconds, n_puzzles=1, nodes=st.nodes, updates=st.updates,
           verified=count == QUEENS[n], kind="engine", problem=f"queens-{n}", count=count)
    assert count == QUEENS[n]


def test_pentominoes_6x10(benchmark, disabled):
    benchmark.group = "exact-cover-count"
    problem, _ = pentominoes(6, 10, break_symmetry=True)
    queens(6)[0].count()  # warm up the JIT (the same search kernel)

    count, seconds = run(benchmark, problem.count, rounds=1 if disabled else 3)
    st = problem.stats
    record(benchmark, seconds=seconds, n_puzzles=1, nodes=st.nodes, updates=st.updates,
           verified=count == PENTOMINO_6X10, kind="engine", problem="pentominoes-6x10",
           count=count)
    assert count == PENTOMINO_6X10


@pytest.mark.parametrize("n", [16, 25])
def test_empty_sudoku(benchmark, n):
    """First solution of the empty n x n grid (Sudoku.solve, parsing included)."""
    benchmark.group = "sudoku-empty"
    text = "." * (n * n)
    Sudoku(text).solve()  # warm up the JIT and build this shape's tables

    def body():
        s = Sudoku(text)
        return s, s.solve()

    (s, sol), seconds = run(benchmark, body)
    ok = sol is not None and is_solution(sol, text)
    record(benchmark, seconds=seconds, n_puzzles=1, nodes=s.stats.nodes, updates=s.stats.updates,
           verified=ok, kind="engine", problem=f"empty-{n}x{n}")
    assert ok


#: Bigger puzzle sets another part of the project adds to puzzles/ (skipped while absent).
BIG_SETS = ["sudoku16", "sudoku25"]
QUICK_SUBSET = 10


@pytest.mark.parametrize("name", BIG_SETS)
def test_big_set(benchmark, name, disabled):
    path = PUZZLES / f"{name}.txt"
    if not path.exists():
        pytest.skip(f"puzzles/{name}.txt is not there (yet)")
    benchmark.group = "sudoku-big"
    puzzles = read_puzzles(path)
    if disabled:
        puzzles = puzzles[:QUICK_SUBSET]
    solve_many(puzzles[:1], threads=1)  # warm up

    def body():
        return solve_many(puzzles, threads=1, return_stats=True)

    (sols, status, stats), seconds = run(benchmark, body)
    ok = status == Status.SOLVED
    bad = check_solutions(sols, puzzles)
    record(benchmark, seconds=seconds, n_puzzles=len(puzzles), nodes=stats["nodes"].sum(),
           updates=stats["updates"].sum(), verified=bool(ok.all()) and not bad, kind="sudoku",
           set=name, mode="batch")
    assert ok.all(), f"{name}: status {[Status(s).name for s in status[~ok]]}"
    assert not bad, f"{name}: wrong solutions for puzzles {bad}"
