"""Helpers of the tests of split searches (tests/parallel/, tests/sudoku/test_parallel.py)."""

from __future__ import annotations

from dlxnumba import ExactCover, Stats, Status
from dlxnumba.parallel.split import Split
from dlxnumba.parallel.tasks import count_tasks, solutions_tasks

import reference as ref


def numbered(options, n_primary, n_items) -> ExactCover:
    """The problem of ``options`` (lists of item numbers), items named by their numbers."""
    return ExactCover.from_options(options, primary=range(n_primary), secondary=range(n_primary, n_items))


def split_and_run(p, tasks, threads, stop_at, given=(), listing=False):
    """The split of ``p`` and its tasks' results: (Split, TaskRun)."""
    s = p.split(tasks, given=given, stop_at=stop_at)
    run = solutions_tasks if listing else count_tasks
    r = run(p, s.subproblems, threads=threads, stop_at=stop_at, weights=s.weights)
    return s, r


def check_against_trace(p, options, n1, n, tasks, threads, stop_at, given=()):
    """Counts, solution sets and the sums of nodes and updates against DLX1's trace."""
    trace = ref.dlx1_trace(options, n1, n, stop_at=stop_at, given=given)
    s, r = split_and_run(p, tasks, threads, stop_at, given, listing=True)
    assert len(s.subproblems) == len(s.weights) == len(s.exact) == len(r)
    assert all(tuple(sp[:len(given)]) == tuple(given) for sp in s.subproblems)
    assert len(s.solutions) + sum(r.count) == len(trace["solutions"])
    got = s.solutions + [x for part in r.solutions for x in part]
    assert sorted(got) == sorted(sorted(x) for x in trace["solutions"])
    assert all(len(part) == c for part, c in zip(r.solutions, r.count))
    assert s.stats.nodes + sum(r.nodes) == trace["nodes"]
    assert s.stats.updates + sum(r.updates) == trace["updates"]
    assert all(r.finished) and all(x >= 0 for x in r.seconds)


def plain_split(p: ExactCover, parts: int, given=()) -> Split:
    """A split made independently of ExactCover.split, breadth-first, in Python:
    every path is extended by each option (compatible with it) of its uncovered
    primary item with fewest such options, until there are ``parts`` paths or no
    path can grow; complete paths are solutions, dead ones are dropped.  The paths
    left cover the rest of the tree exactly once (but not in the serial search's
    order, and its statistics count nothing)."""
    opts = [set(p.option(j)) for j in range(p.n_options)]
    frontier = [list(given)]
    found = []
    while len(frontier) < parts:
        grown, grew = [], False
        for path in frontier:
            covered = set().union(*(opts[j] for j in path))
            best = None
            for i in range(p.n_primary):
                if i not in covered:
                    fits = [j for j in range(p.n_options) if i in opts[j] and not opts[j] & covered]
                    if best is None or len(fits) < len(best):
                        best = fits
            if best is None:
                found.append(sorted(path))
            else:
                grown.extend(path + [j] for j in best)
                grew = True
        frontier = grown
        if not grew:
            break
    return Split(p, tuple(given), 1, [tuple(f) for f in frontier], [float(len(f)) for f in frontier],
                 [False] * len(frontier), found, Stats(status=Status.COMPLETE))
