"""tdoku's benchmark sets (``bench/data``): dlxnumba's ``solve_many(threads=1)`` beside tdoku and kudoku.

One group per set (``sudoku-peers-SET``: ``top1465``, ``17clue`` (its first 20,000
puzzles), ``hardest1106``, and Norvig's ``easy50``, ``top95``, ``hardest``), one row per solver and ``limit`` (1: the first
solution; 2: also prove it unique):

``bits``,      ``solve_many(array, threads=1, limit=limit, algorithm=...)`` on the set
``links``      read into an (n, 81) array (untimed), timed round by round like the
               batch rows of ``test_sudoku_sets.py``: dlxnumba's bit-parallel engine
               and its dancing links;
``per-call``   ``Sudoku(text).solve()`` for each line (limit 1 only; end to end: the
               text read, the grid checked, the search), the per-call path;
``tdoku``,     timed inside their own process by tdoku's harness ``run_benchmark``
``kudoku``,    (``sudoku_peers.rate``: the set as it is, unpermuted, for
``jczsolve``   ``BENCH_PEER_SECONDS`` seconds, 3 by default), which reports its own
               puzzles/s; that rate is the row's ``puzzles_per_second`` (its
               ``seconds`` is ``n_puzzles`` divided by it), and ``command`` holds the
               harness's command line.  The pytest-benchmark time of such a row is the
               whole harness process (start-up and warm-up included): read the rate.

The peers skip unless built (``python bench/sudoku_peers.py build --tdoku DIR``, or
``TDOKU_BENCH``/``TDOKU_CHECK`` naming the binaries), and ``jczsolve`` unless the
build has it.  Every answer is checked before a row is recorded: dlxnumba's with
:func:`dlxnumba.is_solution` against its puzzle, every status ``SOLVED``; a peer's
from ``tdoku_check`` (the same solver functions, built with the same flags), each
solution with :func:`dlxnumba.is_solution`, each count 1.

With ``--benchmark-disable`` (CI) each row takes the first ``QUICK`` puzzles of its
set, and a peer's harness runs for a second.  The rows have ``kind`` ``"sudoku-peers"``,
so ``report.py`` leaves them out of the tables of Norvig's sets.
"""

from __future__ import annotations

import io
import os

import pytest

import sudoku_peers
from benchutil import check_solutions, measure, record
from dlxnumba import Status, Sudoku, read_puzzles, solve_many

#: Puzzles per set under --benchmark-disable.
QUICK = 50
#: Seconds of each peer's timed run (run_benchmark -t), and of its warm-up (-w).
PEER_SECONDS = int(os.environ.get("BENCH_PEER_SECONDS", "3"))
PEER_WARMUP = 1

SOLVERS = ("bits", "links", "per-call") + sudoku_peers.SOLVERS
LIMITS = (1, 2)


def _lines(name: str, disabled: bool) -> list[str]:
    lines = sudoku_peers.read_set(name)
    return lines[:QUICK] if disabled else lines


def _dlxnumba(benchmark, name, lines, limit, algorithm):
    puzzles = read_puzzles(io.StringIO("\n".join(lines) + "\n"))

    def body():
        return solve_many(puzzles, threads=1, limit=limit, return_stats=True, algorithm=algorithm)

    solve_many(puzzles[:2], threads=1, limit=limit, algorithm=algorithm)  # warm up
    (sols, status, stats), timing = measure(benchmark, body)
    ok = status == Status.SOLVED
    bad = check_solutions(sols, lines)
    record(benchmark, seconds=timing.median, n_puzzles=len(lines), nodes=stats["nodes"].sum(),
           updates=stats["updates"].sum(), verified=bool(ok.all()) and not bad, kind="sudoku-peers", set=name,
           solver=f"dlxnumba-{algorithm}", mode="batch", timed="call", limit=limit, threads=1, timing=timing)
    assert ok.all(), f"{name}: status {[Status(s).name for s in status[~ok]]}"
    assert not bad, f"{name}: wrong solutions for puzzles {bad}"


def _per_call(benchmark, name, lines):
    def body():
        return [Sudoku(text).solve() for text in lines]

    Sudoku(lines[0]).solve()  # warm up
    sols, timing = measure(benchmark, body)
    bad = check_solutions(sols, lines)
    record(benchmark, seconds=timing.median, n_puzzles=len(lines), nodes=None, updates=None, verified=not bad,
           kind="sudoku-peers", set=name, solver="dlxnumba-per-call", mode="single", timed="e2e", limit=1,
           threads=1, timing=timing)
    assert not bad, f"{name}: wrong solutions for puzzles {bad}"


def _peer(benchmark, name, lines, limit, peer, disabled):
    b = sudoku_peers.binaries()
    if b is None:
        pytest.skip("tdoku's run_benchmark is not built: python bench/sudoku_peers.py build --tdoku DIR "
                    "(or set TDOKU_BENCH and TDOKU_CHECK)")
    if peer not in b.solvers:
        pytest.skip(f"{peer} is not in this build of run_benchmark (it has {', '.join(b.solvers)})")
    bad = sudoku_peers.verify(peer, lines, limit=limit, b=b)
    seconds = 1 if disabled else PEER_SECONDS
    rate, cmd = benchmark.pedantic(sudoku_peers.rate, args=(peer, lines),
                                   kwargs=dict(seconds=seconds, warmup=PEER_WARMUP, limit=limit, b=b),
                                   rounds=1, iterations=1)
    record(benchmark, seconds=len(lines) / rate, n_puzzles=len(lines), nodes=None, updates=None,
           verified=not bad, kind="sudoku-peers", set=name, solver=peer, mode=f"peer:{peer}",
           timed="in-process", limit=limit, threads=1, command=" ".join(cmd[1:-1]),
           build_info=sudoku_peers.build_info(b.bench))
    assert not bad, f"{name}/{peer}: wrong answers for puzzles {bad}"


@pytest.mark.parametrize("limit", LIMITS)
@pytest.mark.parametrize("solver", SOLVERS)
@pytest.mark.parametrize("name", list(sudoku_peers.SETS) + list(sudoku_peers.NORVIG))
def test_sudoku_peers(benchmark, disabled, name, solver, limit):
    benchmark.group = f"sudoku-peers-{name}"
    lines = _lines(name, disabled)
    if solver in ("bits", "links"):
        _dlxnumba(benchmark, name, lines, limit, solver)
    elif solver == "per-call":
        if limit != 1:
            pytest.skip("Sudoku(text).solve() looks for one solution")
        _per_call(benchmark, name, lines)
    else:
        _peer(benchmark, name, lines, limit, solver, disabled)
