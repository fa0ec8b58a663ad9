"""Dancing links against dancing cells against ``"auto"`` (issue 11), as pytest-benchmark groups.

Each group ``cells-<problem>`` counts one problem's solutions with the three
values of ``algorithm=``; every count is checked against its known value.
Timed: the 6x10 pentominoes (9,356 tilings, no symmetry breaking), Langford
pairs n=12 (216,288), 13 queens (73,712) and the counts of the top95 Sudokus;
under ``--benchmark-disable`` (CI) small sizes, each body once.  The targets
(cells <= 0.55x links on the pentominoes, <= 0.8x on Langford 12, auto within
10% of the better) are read off the group tables, or from
``bench/cells_vs_links.py``, which runs the three interleaved in one table.
"""

from __future__ import annotations

import numpy as np
import pytest

from benchutil import record, run
from dlxnumba import Sudoku, langford, load_puzzles, pentominoes, queens
from dlxnumba.search import Search

ALGORITHMS = ("links", "cells", "auto")

#: name -> (full size, quick size, known counts of both)
PROBLEMS = {
    "pentominoes": (lambda: pentominoes(6, 10)[0], lambda: pentominoes(3, 20)[0], 9356, 8),
    "langford": (lambda: langford(12)[0], lambda: langford(8)[0], 216288, 300),
    "queens": (lambda: queens(13)[0], lambda: queens(8)[0], 73712, 92),
}


def _count(problem, given, algorithm):
    s = Search(problem, given=given, algorithm=algorithm)
    n = s.count()
    return n, s.stats


@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize("name", sorted(PROBLEMS))
def test_count(benchmark, disabled, name, algorithm):
    benchmark.group = f"cells-{name}"
    full, quick, known_full, known_quick = PROBLEMS[name]
    problem = quick() if disabled else full()
    known = known_quick if disabled else known_full
    _count(quick(), (), algorithm)  # warm up: compile or load the kernels

    (count, stats), seconds = run(benchmark, lambda: _count(problem, (), algorithm), rounds=1 if disabled else 3)
    record(benchmark, seconds=seconds, n_puzzles=1, nodes=stats.nodes, updates=stats.updates,
           verified=count == known, kind="engine", problem=f"{name}-{algorithm}", count=count,
           picked=stats.algorithm, timed="call")
    assert count == known
    assert stats.algorithm == algorithm or algorithm == "auto"


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_sudoku_counts(benchmark, disabled, algorithm):
    """Count the solutions of each top95 puzzle (one each) as an exact-cover problem."""
    benchmark.group = "cells-sudoku"
    puzzles = load_puzzles("top95")[: 5 if disabled else 95]
    jobs = []
    for text in puzzles:
        p, _key, given = Sudoku(text).to_problem()
        jobs.append((p, np.asarray(given, np.int32)))
    _count(jobs[0][0], jobs[0][1], algorithm)

    def body():
        total, nodes, updates = 0, 0, 0
        for p, given in jobs:
            n, st = _count(p, given, algorithm)
            total, nodes, updates = total + n, nodes + st.nodes, updates + st.updates
        return total, nodes, updates

    (total, nodes, updates), seconds = run(benchmark, body, rounds=1 if disabled else 3)
    record(benchmark, seconds=seconds, n_puzzles=len(jobs), nodes=nodes, updates=updates,
           verified=total == len(jobs), kind="engine", problem=f"sudoku-top95-{algorithm}", timed="call")
    assert total == len(jobs)
