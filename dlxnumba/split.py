"""One search, many workers: split the search tree into subproblems.

A *subproblem* is a node of the search tree of a problem, named by the path
to it: the options chosen on the way down from the root.  Forcing those
options (as the givens of a batch job) leaves exactly the state the serial
search reaches at that node, so the job searches exactly that node's subtree.
:func:`split` divides the tree into such subtrees: it expands nodes from the
root down, always the one whose subtree is estimated largest, until there are
enough subproblems and none dominates.  Together the subtrees, plus the
solutions met on the way down, cover the search tree exactly once.

What each part counts (Knuth's DLX1 definitions, see :class:`~dlxnumba.Stats`):

* the split (``Split.stats``): for each node it expanded, one node, the
  updates of covering the item branched on, and the updates of covering the
  other items of each of that item's options (one per child); plus one node
  for each solution met among the children;
* a task (one subproblem, run as a batch job): the search of the node's
  subtree from the node itself (the node's own entry, its branching and all
  below), exactly as a fresh search with the path's options given counts it
  (givens are forced, not counted).

So with a fixed split the split's statistics plus those of its tasks add up
to the serial search's nodes, updates and solutions exactly, whatever
``stop_at`` (tested with ``stop_at=0`` and ``1``).  (``max_level`` and the
per-level ``profile`` of a task count from the task's node, not the root.)

Examples
--------
>>> from dlxnumba import queens
>>> p, key = queens(6)
>>> s = p.split(tasks=4, stop_at=0)
>>> len(s.subproblems) >= 4, len(s.weights) == len(s.subproblems)
(True, True)
>>> tasks = [p.search(sub, stop_at=0) for sub in s.subproblems]
>>> len(s.solutions) + sum(t.count() for t in tasks)
4
>>> serial = p.search(stop_at=0)
>>> serial.count()
4
>>> s.stats.nodes + sum(t.stats.nodes for t in tasks) == serial.stats.nodes
True
"""

from __future__ import annotations

import hashlib
import heapq
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from .errors import ExactCoverError, plain
from .search import Search, Stats, check_limits

if TYPE_CHECKING:  # pragma: no cover
    from .problem import ExactCover

__all__ = ["Split", "split"]

#: Subproblems per thread when ``tasks`` is not given.
TASKS_PER_THREAD = 32
#: At most this many times ``tasks`` subproblems: the split stops there even
#: when the estimates still say one subtree dominates.
MAX_GROWTH = 8


@dataclass
class Split:
    """A search tree divided into subtrees (see the module for what is counted where).

    Attributes
    ----------
    problem : ExactCover
    given : tuple of int
        The options forced at the root (the split is of the tree that they leave).
    stop_at : int
        The branching rule of the search the split was made for (0 or 1);
        its tasks must be run with the same.
    subproblems : list of tuple of int
        Each the givens followed by the path from the root to one node, in
        the order of the serial search (depth first); run as batch jobs.
    weights : list of float
        The estimated size of each subtree (nodes plus updates: exact for the
        small ones, Knuth's estimate for the others), in the same order.
    exact : list of bool
        Whether each weight is exact.
    solutions : list of list of int
        The solutions met above the subtrees (sorted option lists, givens
        included), in the order of the serial search.
    stats : Stats
        The work done above the subtrees, as the serial search counts it.
    seconds : float
        Wall-clock time of the split (expanding and measuring).
    """

    problem: "ExactCover"
    given: tuple
    stop_at: int
    subproblems: list
    weights: list
    exact: list
    solutions: list
    stats: Stats = field(default_factory=lambda: Stats(status="complete"))
    seconds: float = 0.0

    def __len__(self) -> int:
        return len(self.subproblems)

    def fingerprint(self) -> str:
        """A hash of the problem, the givens and ``stop_at`` (not of the split itself):
        what a checkpoint must match to be resumed."""
        return fingerprint(self.problem, self.given, self.stop_at)

    def __repr__(self) -> str:
        return (f"Split({len(self.subproblems)} subproblems, {len(self.solutions)} solutions above them, "
                f"{self.stats.nodes:,} nodes split in {self.seconds:.3f} s)")


def fingerprint(problem: "ExactCover", given=(), stop_at: int = 1) -> str:
    """A hex digest naming a problem, its root givens and ``stop_at``."""
    h = hashlib.sha256()
    h.update(f"dlxnumba split v1|{problem.n_primary}|{problem.n_items}|{stop_at}|".encode())
    h.update(repr([plain(x) for x in problem.item_names]).encode())
    h.update(np.ascontiguousarray(problem.opt_ptr, np.int64).tobytes())
    h.update(np.ascontiguousarray(problem.opt_items, np.int32).tobytes())
    h.update(b"|" + np.asarray(list(given), np.int64).tobytes())
    return h.hexdigest()


def _positive(value, name: str, default: int | None = None) -> int:
    if value is None and default is not None:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
        raise ExactCoverError(f"{name} must be a positive integer, not {plain(value)}")
    return int(value)


class _Measurer:
    """Private links and cursor for expanding and measuring nodes of one problem."""

    def __init__(self, problem: "ExactCover", stop_at: int, probe_nodes: int, probes: int, seed: int):
        from .kernels.split import EXPAND, M_SIZE, MEASURE

        t = problem._template()
        u = np.uint32
        self.n1 = problem.n_primary
        self.stop_at = stop_at
        self.first_node = t.first_node
        self.template = (t.llink.view(u), t.rlink.view(u), t.top, t.ulink.view(u), t.dlink.view(u), t.length)
        arrays = (t.llink.copy(), t.rlink.copy(), t.ulink.copy(), t.dlink.copy(), t.length.copy())
        self.links = (arrays[0].view(u), arrays[1].view(u), t.top, arrays[2].view(u), arrays[3].view(u),
                      arrays[4])
        depth = problem.n_primary + 1
        self.cursor = (np.zeros(depth, np.int32), np.zeros(depth, np.int64), np.zeros(8, np.int64))
        width = problem.n_options + 1
        self.opts = np.zeros(width, np.int64)
        self.upds = np.zeros(width, np.int64)
        self.sols = np.zeros(width, np.int8)
        self.out = np.zeros(M_SIZE, np.int64)
        self.rng = np.array([np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) | np.uint64(1)], np.uint64)
        self.budget = probe_nodes
        self.probes = probes
        self.expand_kernel = EXPAND[t.width]
        self.measure_kernel = MEASURE[t.width]

    def expand(self, given: np.ndarray) -> int:
        return int(self.expand_kernel(self.n1, self.template, self.links, given, self.stop_at,
                                      self.first_node, self.opts, self.upds, self.sols))

    def measure(self, given: np.ndarray) -> tuple[float, bool]:
        from .kernels.split import M_EXACT, M_NODES, M_UPDATES

        self.measure_kernel(self.n1, self.template, self.links, self.cursor, given, self.stop_at,
                            self.first_node, self.budget, self.probes, self.rng, self.out)
        return float(self.out[M_NODES] + self.out[M_UPDATES]), bool(self.out[M_EXACT])


def split(problem: "ExactCover", tasks: int | None = None, *, given=(), stop_at: int = 1,
          threads: int | None = None, probe_nodes: int = 1000, probes: int = 8, seed: int = 0) -> Split:
    """Divide the search tree of ``problem`` into subtrees; see :meth:`ExactCover.split`."""
    from .batch import thread_count

    stop_at = check_limits(stop_at, None, None)[0]
    if tasks is None:
        tasks = TASKS_PER_THREAD * thread_count(threads)
    tasks = _positive(tasks, "tasks")
    probe_nodes = _positive(probe_nodes, "probe_nodes")
    probes = _positive(probes, "probes")
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ExactCoverError(f"seed must be a non-negative integer, not {plain(seed)}")
    t0 = time.perf_counter()
    root = Search(problem, given, stop_at=stop_at).given  # checked: conflicts raise here
    root_given = tuple(root.tolist())
    m = _Measurer(problem, stop_at, probe_nodes, probes, int(seed))
    stats = Stats(status="complete", profile=np.zeros(problem.n_primary + 1, np.int64))
    found: list = []  # (key, solution)
    weight, exact = m.measure(root)
    # the heap of leaves: (-weight, order, key, path, exact); key = the child numbers from the root
    heap: list = [(-weight, 0, (), root_given, exact)]
    order = 1
    limit = MAX_GROWTH * tasks
    total = weight
    while heap:
        w0 = -heap[0][0]
        if len(heap) >= tasks and (w0 <= total / tasks or len(heap) >= limit):
            break
        neg, _, key, path, _ = heapq.heappop(heap)
        total += neg
        g = np.array(path, np.int32)
        children = m.expand(g)
        level = len(path) - len(root_given)
        if children == -2:  # the node is a solution (only the root can be one here)
            stats.nodes += 1
            stats.solutions += 1
            found.append((key, sorted(path)))
            continue
        stats.nodes += 1
        stats.profile[level] += 1
        stats.max_level = max(stats.max_level, level)
        stats.updates += int(m.upds[0])
        opts = m.opts[1:children + 1].tolist()
        upds = m.upds[1:children + 1].tolist()
        sols = m.sols[1:children + 1].tolist()
        for k in range(children):
            stats.updates += upds[k]
            child = path + (opts[k],)
            if sols[k]:
                stats.nodes += 1
                stats.solutions += 1
                found.append((key + (k,), sorted(child)))
                continue
            cw, cx = m.measure(np.array(child, np.int32))
            heapq.heappush(heap, (-cw, order, key + (k,), child, cx))
            order += 1
            total += cw
    leaves = sorted(heap, key=lambda e: e[2])
    stats.profile = np.trim_zeros(stats.profile, "b")
    stats.seconds = time.perf_counter() - t0
    return Split(problem, root_given, stop_at, [e[3] for e in leaves], [-e[0] for e in leaves],
                 [e[4] for e in leaves], [s for _, s in sorted(found)], stats, stats.seconds)
