"""The generic engine: known counts, big empty Sudokus, 16x16 / 25x25 puzzle sets, and the peers.

Counting benchmarks record ``updates_per_second`` (DLX updates of one count divided
by its median time): the engine's raw speed, comparable with Knuth's DLX1 figures.

Group ``exact-cover-peers``: dlxnumba and every installed peer (``peers.py``) count
the solutions of the same problems, given the same options (the CSR arrays that
:mod:`dlxnumba.encodings` builds).  Each round runs end to end -- the options'
arrays turned into the solver's own input (:class:`dlxnumba.ExactCover`, or the
peer's format), then the count -- and times the count alone inside the round, so
one run gives both views.  The problems run one by one, in passes
(``benchutil.PASSES``, 3): each pass runs every solver in turn, so their rounds
interleave; ``report.py`` merges the passes.  Every count is checked against its known value, and
every solver's first solution (found untimed) with an independent checker.
"""

from __future__ import annotations

import math
import time

import pytest

import peers
from benchutil import (PASSES, PUZZLES, benchmark_disabled, check_solutions, is_exact_cover, is_langford,
                       is_pentomino_tiling, is_queens, measure, passes, record, run)
from dlxnumba import last_stats
from dlxnumba import (ExactCover, Status, Sudoku, is_solution, langford, pentominoes, queens, read_puzzles,
                      solve_many)
from dlxnumba.encodings import PENTOMINOES

#: Known counts: OEIS A000170 (n queens) and the 2339 tilings of the 6x10 rectangle.
QUEENS = {10: 724, 11: 2680, 12: 14200}
PENTOMINO_6X10 = 2339


@pytest.mark.parametrize("n", sorted(QUEENS))
def test_queens_count(benchmark, n):
    benchmark.group = "exact-cover-count"
    problem, _ = queens(n)
    queens(6)[0].count()  # warm up the JIT

    count, seconds = run(benchmark, problem.count)
    st = last_stats()
    record(benchmark, seconds=seconds, n_puzzles=1, nodes=st.nodes, updates=st.updates,
           verified=count == QUEENS[n], kind="engine", problem=f"queens-{n}", count=count, timed="call")
    assert count == QUEENS[n]


def test_pentominoes_6x10(benchmark, disabled):
    benchmark.group = "exact-cover-count"
    problem, _ = pentominoes(6, 10, break_symmetry=True)
    queens(6)[0].count()  # warm up the JIT (the same search kernel)

    count, seconds = run(benchmark, problem.count, rounds=1 if disabled else 3)
    st = last_stats()
    record(benchmark, seconds=seconds, n_puzzles=1, nodes=st.nodes, updates=st.updates,
           verified=count == PENTOMINO_6X10, kind="engine", problem="pentominoes-6x10-sym",
           count=count, timed="call")
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
    record(benchmark, seconds=seconds, n_puzzles=1, nodes=last_stats().nodes, updates=last_stats().updates,
           verified=ok, kind="engine", problem=f"empty-{n}x{n}", timed="e2e")
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
           set=name, mode="batch", timed="call")
    assert ok.all(), f"{name}: status {[Status(s).name for s in status[~ok]]}"
    assert not bad, f"{name}: wrong solutions for puzzles {bad}"


# ---------------------------------------------------------------------------
# dlxnumba and the peers on the same generic problems
# ---------------------------------------------------------------------------

def _queens_ok(n):
    return lambda sol, key: is_queens(n, [key[j] for j in sol])


def _langford_ok(n):
    def ok(sol, key):
        seq = [0] * (2 * n)
        for j in sol:
            k, a, b = key[j]
            seq[a] = seq[b] = k
        return is_langford(n, seq)
    return ok


def _pentominoes_ok(h, w):
    return lambda sol, key: is_pentomino_tiling(h, w, [key[j] for j in sol], PENTOMINOES)


#: name -> (build (problem, key), known count, checker(solution, key)) for timed runs,
#: and the quick stand-in used with --benchmark-disable.  Counts: OEIS A000170 (queens);
#: twice OEIS A014552 (Langford pairs: the encoding counts a sequence and its reverse);
#: the 2339 tilings of 6x10 (Haselgrove 1960) times its 4 symmetries, and the 2 of 3x20.
GENERIC = {
    "queens": ((lambda: queens(12), 14_200, _queens_ok(12), "queens-12"),
               (lambda: queens(8), 92, _queens_ok(8), "queens-8")),
    "langford": ((lambda: langford(12), 216_288, _langford_ok(12), "langford-12"),
                 (lambda: langford(7), 52, _langford_ok(7), "langford-7")),
    "pentominoes": ((lambda: pentominoes(6, 10), 9_356, _pentominoes_ok(6, 10), "pentominoes-6x10"),
                    (lambda: pentominoes(3, 20), 8, _pentominoes_ok(3, 20), "pentominoes-3x20")),
}
#: Rounds for the long counts (seconds each; fewer if --benchmark-min-rounds is
#: smaller), spread over the passes; the others fill --benchmark-max-time.
GENERIC_ROUNDS = {"pentominoes": 3}


def _ours_prepare(o: peers.Options):
    return ExactCover(o.n_primary, [f"i{i}" for i in range(o.n_items)], o.ptr, o.items)


#: name -> (prepare(Options) -> input, first(input), count(input)); dlxnumba first.
SOLVERS = {"dlxnumba": (_ours_prepare, lambda p: p.solve(), lambda p: p.count())}
SOLVERS.update({name: (p.prepare, p.first, p.count) for name, p in peers.PEERS.items()})


def pytest_generate_tests(metafunc):
    """test_generic runs problem by problem, pass by pass, every solver in turn within a pass."""
    if metafunc.function.__name__ == "test_generic":
        cases = [(prob, k, solver) for prob in GENERIC for k in passes(benchmark_disabled(metafunc.config))
                 for solver in SOLVERS]
        metafunc.parametrize("problem_name,pass_no,solver", cases,
                             ids=[f"{p}-pass{k}-{s}" for p, k, s in cases])


def test_generic(benchmark, problem_name, pass_no, solver, disabled):
    """Count every solution of a generic problem: end to end, with the count's share."""
    if solver != "dlxnumba" and not peers.available(solver):
        pytest.skip(f"{solver} is not installed (pip install -e '.[peers]')")
    benchmark.group = "exact-cover-peers"
    benchmark.extra_info["pass"] = pass_no
    build, known, ok, label = GENERIC[problem_name][1 if disabled else 0]
    problem, key = build()
    opts = peers.options_of(problem)
    prepare, first, count = SOLVERS[solver]
    count(prepare(peers.options_of(queens(5)[0])))  # warm up (imports, JIT)

    def body():
        inp = prepare(opts)
        t0 = time.perf_counter()
        n = count(inp)
        return n, time.perf_counter() - t0

    rounds = GENERIC_ROUNDS.get(problem_name)
    if rounds is not None:  # spread over the passes
        rounds = max(1, math.ceil(min(rounds, int(getattr(benchmark, "_min_rounds", rounds))) / PASSES))
    n, timing = measure(benchmark, body, split=True, rounds=rounds, share=PASSES)
    sol = first(prepare(opts))  # untimed: one solution for the independent checker
    good = (sol is not None and is_exact_cover(opts.n_primary, opts.n_items, opts.ptr.tolist(),
                                               opts.items.tolist(), sol) and ok(sol, key))
    record(benchmark, seconds=timing.median, n_puzzles=1, nodes=None, updates=None,
           verified=n == known and good, kind="generic", problem=label, solver=solver,
           timed="e2e", count=n, known=known, timing=timing,
           peer_version=peers.version(solver) if solver in peers.PEERS else None)
    assert n == known, f"{label}/{solver}: {n} solutions, not {known}"
    assert good, f"{label}/{solver}: first solution {sol} fails the checker"
