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


# ---------------------------------------------------------------------------
# Running subproblems
# ---------------------------------------------------------------------------

#: Entries of int32 per lane for solutions before the lane pauses to hand them over.
SOLUTION_BUFFER = 1 << 16


@dataclass
class TaskRun:
    """What :func:`run_tasks` found, one entry per subproblem, in the order given.

    Plain lists of Python numbers (picklable, cheap to send between processes).

    Attributes
    ----------
    count, nodes, updates : list of int
        Solutions, nodes and updates of each task (as a search with the
        subproblem given counts them; see the module).
    seconds : list of float
        Time each task spent in its lane (the processor's cycle counter,
        calibrated against the clock; where the processor has none, the
        wall time shared out in proportion to nodes plus updates).
    finished : list of bool
        Whether each task ran to its end (False: stopped by ``max_nodes`` or
        ``timeout``; its count is then partial).
    solutions : list of list of list of int, or None
        With ``mode="solutions"``: each task's solutions (sorted option
        lists, givens included), in the order that task's search met them.
    wall : float
        Wall-clock seconds of the call (compiling excluded).
    threads : int
        Threads (lanes) used.
    """

    count: list
    nodes: list
    updates: list
    seconds: list
    finished: list
    solutions: list | None = None
    wall: float = 0.0
    threads: int = 1

    def __len__(self) -> int:
        return len(self.count)

    def stats(self) -> Stats:
        """The sum of the tasks' :class:`Stats` (solutions, nodes, updates, lane seconds)."""
        return Stats(solutions=sum(self.count), nodes=sum(self.nodes), updates=sum(self.updates),
                     seconds=sum(self.seconds), status="complete" if all(self.finished) else "timeout")


_RATE: list = []  # cycles per second, measured once per process


def tick_rate() -> float | None:
    """The processor's cycles per second as the lanes read them (None where there is no counter)."""
    if not _RATE:
        from .kernels.lanes import cycles

        c0, t0 = cycles(), time.perf_counter()
        time.sleep(0.02)
        c1, t1 = cycles(), time.perf_counter()
        _RATE.append((c1 - c0) / (t1 - t0) if c1 > c0 else None)
    return _RATE[0]


def _check_mode(mode: str) -> bool:
    if mode not in ("count", "solutions"):
        raise ExactCoverError(f"mode must be 'count' or 'solutions', not {plain(mode)}")
    return mode == "solutions"


def run_tasks(problem: "ExactCover", subproblems, mode: str = "count", *, threads: int | None = 1,
              stop_at: int = 1, weights=None, max_nodes: int | None = None, timeout: float | None = None,
              progress=None, progress_interval: float = 0.5, on_done=None) -> TaskRun:
    """Search many subproblems of ``problem`` to their ends, in compiled code, on ``threads`` lanes.

    The runner of split searches, on one machine or on each worker of a
    cluster: a plain function of plain data.  Every subproblem is a batch job
    (its options given) counted with no limit through the generic lanes
    (:mod:`dlxnumba.kernels.lanes`), with its own nodes, updates and time.

    Parameters
    ----------
    problem : ExactCover
    subproblems : sequence of sequences of int
        The given options of each task (``Split.subproblems``).
    mode : {"count", "solutions"}
        Count only, or also collect every solution of every task.
    threads : int, optional
        Lanes (None: all the threads numba has).
    stop_at : {1, 0}
        The branching rule; the one the split was made with.
    weights : sequence of float, optional
        Estimated sizes; the tasks then start largest first (their results
        stay in the order given).
    max_nodes, timeout
        A node budget per task, a wall-clock limit for the call: tasks not
        finished get ``finished`` False.
    progress, progress_interval
        Reports (:class:`~dlxnumba.progress.Progress`) with the fraction of
        the weights done (of the tasks when no weights are given) and the
        time left at the rate so far.
    on_done : callable, optional
        Called with a list of task indices (positions in ``subproblems``) as
        they finish, a few times a second (for checkpoints); if it raises,
        the run stops there and the exception propagates.

    Returns
    -------
    TaskRun

    Examples
    --------
    >>> from dlxnumba import queens
    >>> p, key = queens(8)
    >>> s = p.split(tasks=8)
    >>> r = run_tasks(p, s.subproblems, threads=2)
    >>> len(s.solutions) + sum(r.count)
    92
    """
    from . import kernels as K
    from .batch import GENERIC, Run, _job_arrays, drive_reporting, lanes_for, thread_count, workspace
    from .kernels.lanes import TASKS
    from .progress import Progress, check_interval, reporter

    want = _check_mode(mode)
    stop_at, max_nodes, timeout = check_limits(stop_at, max_nodes, timeout)
    report_to = reporter(progress)
    progress_interval = check_interval(progress_interval)
    nthreads = thread_count(threads)
    if on_done is not None and not callable(on_done):
        raise ExactCoverError(f"on_done must be callable, not {plain(on_done)}")
    t0 = time.perf_counter()
    _, _, _, given = _job_arrays(problem, subproblems, 1)
    n = len(given)
    if weights is None:
        w = np.ones(n)
    else:
        w = np.asarray(weights, dtype=float)
        if w.shape != (n,) or not np.all(np.isfinite(w)) or (n and w.min() < 0):
            raise ExactCoverError(f"weights must be {n} non-negative numbers, one per subproblem")
    order = np.argsort(-w, kind="stable") if weights is not None else np.arange(n)
    ptr = np.zeros(n + 1, np.int64)
    np.cumsum([len(given[j]) for j in order], out=ptr[1:])
    flat = (np.concatenate([given[j] for j in order]).astype(np.int32) if n else np.zeros(0, np.int32))
    jobs_t = (ptr, flat, np.full(n, 1 << 62, np.int64))
    t = problem._template()
    depth = problem.n_primary + 1
    lanes_n = max(1, min(nthreads, n))
    buffer = max(SOLUTION_BUFFER, 4 * (depth + 2)) if want else 0
    results = (np.empty(n, np.int8), np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(n, np.int64),
               np.zeros(n, np.int64), np.zeros((lanes_n, buffer), np.int32))
    run = Run(TASKS, t.width, problem.n_primary, jobs_t, results, t.first_node)
    space = workspace(t, depth, lanes_n, "tasks")
    status, count, nodes, updates, ticks, sols = results
    found: list | None = [[] for _ in range(n)] if want else None
    reported = np.zeros(n, bool)
    w_run = w[order]
    total_w = float(w_run.sum()) or 1.0

    def drain() -> None:
        if found is not None:
            for k in range(lanes_n):
                fill = int(space.lanes[k, K.LANE_FILL])
                row = sols[k, :fill].tolist()
                pos = 0
                while pos < fill:
                    i, m = row[pos], row[pos + 1]
                    j = int(order[i])
                    found[j].append(sorted(given[j].tolist() + row[pos + 2:pos + 2 + m]))
                    pos += m + 2
                space.lanes[k, K.LANE_FILL] = 0
        if on_done is not None:
            fresh = np.flatnonzero(~reported & (status != K.ST_PENDING) & (status != K.ST_BUDGET))
            if fresh.size:
                reported[fresh] = True
                on_done(order[fresh].tolist())

    def report() -> Progress:
        done_mask = status != K.ST_PENDING
        active = space.lanes[:lanes_n, K.LANE_ACTIVE] != 0
        in_hand = space.lanes[:lanes_n, K.LANE_CUR][active]
        st = space.state[:lanes_n][active]
        fin = done_mask.copy()
        fin[in_hand] = False
        total = int(count[fin].sum()) + int(space.lanes[:lanes_n, K.LANE_FOUND][active].sum())
        return Progress(time.perf_counter() - t0, int(nodes[fin].sum()) + int(st[:, K.NODES].sum()),
                        int(updates[fin].sum()) + int(st[:, K.UPDATES].sum()), total,
                        float(w_run[fin].sum()) / total_w if n else 1.0, int(fin.sum()), n, "tasks")

    compiling = drive_reporting(run, space, lanes_n, stop_at, max_nodes, timeout, report_to, progress_interval,
                                "tasks", t0, between=drain, report=report)
    wall = time.perf_counter() - t0 - compiling
    rate = tick_rate()
    if rate:
        secs = ticks / rate
    else:
        work = (nodes + updates).astype(float)
        secs = work * (wall * lanes_n / work.sum()) if work.sum() else np.zeros(n)
    back = np.empty(n, np.int64)
    back[order] = np.arange(n)
    done = (status != K.ST_BUDGET)[back]
    return TaskRun(count[back].tolist(), nodes[back].tolist(), updates[back].tolist(),
                   secs[back].tolist(), done.tolist(), found, wall, lanes_n)
