"""The scheduling model: how long measured tasks take on W workers.

A run of a split search on one machine records each task's seconds (and,
with cuts, the task whose cut made it); these functions replay such a run on
``workers`` simulated workers, so that a run on two threads tells what a
cluster would do (``bench/scaling.py``, :meth:`~dlxnumba.parallel.run.SplitRun.speedup`).
They model the plan; they run nothing.

>>> makespan([2, 3, 4, 5, 6, 7], 3)
9.0
>>> schedule([4, 1, 3, 3], [None, None, 0, 0], 2)
7.0
"""

from __future__ import annotations

import heapq
from typing import Iterable, Sequence

from ..checks import integer

__all__ = ["makespan", "schedule", "speedup", "speedup_of_tree"]


def makespan(seconds: Iterable[float], workers: int) -> float:
    """The time ``workers`` workers take to run tasks of ``seconds`` each,
    scheduled longest first, each to the worker that is free first (Graham's
    LPT rule: within 4/3 of the best possible schedule)."""
    workers = integer(workers, "workers", low=1)
    loads = [0.0] * workers
    for x in sorted((float(s) for s in seconds), reverse=True):
        heapq.heapreplace(loads, loads[0] + x)
    return max(loads)


def schedule(seconds: Sequence[float], parents: Sequence[int | None], workers: int) -> float:
    """The time ``workers`` workers take to run tasks of ``seconds`` each, a
    task ready when its parent (``parents[i]``: an index, or None for a task
    ready at the start) has ended: each time a worker is free it takes the
    longest task ready (the longest-processing-time rule, with release
    times).  With no parents this is :func:`makespan`."""
    workers = integer(workers, "workers", low=1)
    n = len(seconds)
    children: list = [[] for _ in range(n)]
    ready: list = []
    for i, p in enumerate(parents):
        if p is None:
            heapq.heappush(ready, (-float(seconds[i]), i))
        else:
            children[p].append(i)
    running: list = []  # (end, task)
    now = 0.0
    free = workers
    end = 0.0
    while ready or running:
        while free and ready:
            neg, i = heapq.heappop(ready)
            heapq.heappush(running, (now - neg, i))
            free -= 1
        now, i = heapq.heappop(running)
        free += 1
        end = max(end, now)
        for c in children[i]:
            heapq.heappush(ready, (-float(seconds[c]), c))
    return end


def speedup_of_tree(seconds: Sequence[float], parents: Sequence[int | None], workers: int,
                    serial: float = 0.0) -> float:
    """:func:`speedup` for tasks with release times (:func:`schedule`)."""
    total = serial + sum(float(s) for s in seconds)
    span = serial + schedule(seconds, parents, workers)
    return total / span if span > 0 else 1.0


def speedup(seconds: Sequence[float], workers: int, serial: float = 0.0) -> float:
    """The speed-up of ``workers`` workers over one: ``serial`` seconds (the
    split, run before the tasks) plus the tasks' sum, over ``serial`` plus
    their :func:`makespan`.

    >>> speedup([2, 3, 4, 5, 6, 7], 3, serial=3.0)
    2.5
    """
    total = serial + sum(float(s) for s in seconds)
    span = serial + makespan(seconds, workers)
    return total / span if span > 0 else 1.0
