"""DLX6, a ZDD of every solution (:func:`dlxnumba.zdd.zdd`), beside Knuth's own
program and xcover's ZDD search.

Group ``zdd``: one benchmark per problem (bench/zdd_problems.py: domino
tilings, n queens, de Bruijn cycles, Langford pairs, pentominoes) and solver:

``dlxnumba``
    ``problem.zdd()``: the search, the diagram and its exact count.
``dlx6``
    Knuth's DLX6, built from ``dlx6.w`` (``ctangle``, ``gcc -O2``), its path in
    the environment variable ``DLX6`` (skipped when unset), fed
    ``problem.to_dlx()`` on standard input; the timed call is the whole
    process.  Its figures (solutions, search nodes, updates, cleansings, ZDD
    nodes) must equal dlxnumba's on every problem.
``xcover``
    ``xcover.dancing_cells_zdd.algorithm_z`` on arrays (what ``covers_zdd``
    calls after converting lists), without its memo cache: its default, and
    the fastest path that counts right (with ``use_memo_cache=True``, xcover
    0.2.6 finds 12,947,715 tilings of 8 x 8 instead of 12,988,816, 14,198
    solutions of 12 queens instead of 14,200 and 216,345 Langford pairings of
    12 instead of 216,288; bench/zdd_table.py shows it).  Without the memo its
    ZDD is a tree of the solutions, so the domino boards and 4 x 15
    pentominoes are left out.  Skipped when xcover is not installed.

Every count is checked against the number known independently
(bench/zdd_problems.py), and each benchmark records ``nodes``, ``updates``,
``cleansings``, ``zdd_nodes`` and ``count``.  Peak memory and the table of
bench/results/zdd.md come from bench/zdd_table.py (one process per run, under
``/usr/bin/time -v``).
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile

import numpy as np
import pytest

from benchutil import record, run
from dlxnumba import ExactCover
from zdd_problems import INSTANCES, de_bruijn_knuth, dominoes, golden, queens_knuth, xcover_args, xcover_count

DLX6 = os.environ.get("DLX6")
#: Too slow to run once in CI (``--benchmark-disable``) for every solver.
SLOW = {"langford-12", "pentominoes-4x15", "langford-11", "queens-12"}


def dlx6_run(path: str) -> dict:
    """Knuth's DLX6 on a DLX file: the figures of its last line on stderr."""
    with open(path) as f:
        done = subprocess.run([DLX6], stdin=f, capture_output=True, text=True, check=True)
    line = done.stderr.strip().splitlines()[-1]
    m = re.search(r"Altogether (\d+) solutions?, .* (\d+) updates, (\d+) cleansings, (\d+) bytes, "
                  r"(\d+) search nodes, (\d+) ZDD nodes?", line)
    assert m, line
    keys = ("count", "updates", "cleansings", "bytes", "nodes", "zdd_nodes")
    return dict(zip(keys, map(int, m.groups())))


@pytest.mark.parametrize("solver", ["dlxnumba", "dlx6", "xcover"])
@pytest.mark.parametrize("name", list(INSTANCES))
def test_zdd(benchmark, disabled, name, solver):
    benchmark.group = "zdd"
    inst = INSTANCES[name]
    if disabled and name in SLOW:
        pytest.skip("slow: timed runs only")
    if solver == "dlx6" and (not DLX6 or not inst.dlx6):
        pytest.skip("set DLX6 to the path of Knuth's dlx6 (built from dlx6.w)")
    if solver == "xcover":
        pytest.importorskip("xcover")
        if not inst.xcover:
            pytest.skip("without its memo, xcover's ZDD lists every solution: too many here")
    problem = inst.build()
    expect = inst.count()
    ours = problem.zdd()
    assert ours.count() == expect
    rounds = 1 if disabled else 3
    figures = dict(nodes=ours.stats.nodes, updates=ours.stats.updates, cleansings=ours.stats.cleansings,
                   zdd_nodes=ours.nodes)
    if solver == "dlxnumba":
        z, seconds = run(benchmark, lambda: problem.zdd(), rounds=rounds)
        count = z.count()
        verified = count == expect and all(_is_cover(problem, s) for s in z.sample(20, seed=1))
    elif solver == "dlx6":
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, f"{name}.dlx")
            with open(path, "w") as f:
                f.write(problem.to_dlx())
            out, seconds = run(benchmark, lambda: dlx6_run(path), rounds=rounds)
        count = out["count"]
        theirs = {k: out[k] for k in figures}
        assert theirs == figures, (theirs, figures)  # the same search, step for step
        verified = count == expect
    else:
        args = xcover_args(problem)
        xcover_count(xcover_args(queens_knuth(5)))  # warm up its JIT
        (count, xnodes), seconds = run(benchmark, lambda: xcover_count(args), rounds=rounds)
        figures = dict(zdd_nodes=xnodes)
        verified = count == expect
    record(benchmark, seconds=seconds, n_puzzles=1, nodes=figures.get("nodes"), updates=figures.get("updates"),
           verified=verified, kind="engine", problem=name, solver=solver, count=int(count), timed="call",
           cleansings=figures.get("cleansings"), zdd_nodes=figures["zdd_nodes"])
    assert verified


def _is_cover(problem: ExactCover, solution) -> bool:
    times = np.zeros(problem.n_items, np.int64)
    colors: dict = {}
    oc = problem.opt_colors
    for j in solution:
        a, b = int(problem.opt_ptr[j]), int(problem.opt_ptr[j + 1])
        for i, c in zip(problem.opt_items[a:b].tolist(), oc[a:b].tolist()):
            times[i] += 1
            colors.setdefault(i, set()).add(c)
    n1 = problem.n_primary
    return bool((times[:n1] == 1).all()) and all(
        len(cs) == 1 and (0 not in cs or times[i] == 1) for i, cs in colors.items() if i >= n1)


def test_problems_are_knuths():
    """The generators write Knuth's files (tests/golden) exactly."""
    assert queens_knuth(8) == golden("queens8.dlx")
    assert de_bruijn_knuth(1, 3, 5) == golden("debruijn135.dlx")
    assert dominoes(6, 6) == golden("dominoes6x6.dlx")
