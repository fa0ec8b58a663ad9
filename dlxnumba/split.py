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
``stop_at`` (tested with ``stop_at=0`` and ``1``).  A task *cut* at its node
budget (:func:`run_split`) counts what it searched; the updates of trying the
siblings it left, and the siblings that are solutions, are counted by
:func:`cut_remainder`, and its other siblings and the node it was about to
enter are tasks of their own: the sums stay exact.  (``max_level`` and the
per-level ``profile`` of a task count from the task's node, not the root.)

Examples
--------
>>> from dlxnumba import queens
>>> p, key = queens(6)
>>> s = p.split(tasks=4, stop_at=0)
>>> len(s.subproblems) >= 4, len(s.weights) == len(s.subproblems)
(True, True)
>>> tasks = [p.search(given=sub, stop_at=0) for sub in s.subproblems]
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
import json
import os
import tempfile
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from .errors import ExactCoverError, LimitReached, plain
from .progress import Progress, Reporter, reporter
from .search import Search
from .search_options import NO_LIMIT, SearchOptions
from .stats import Stats, Status
from .template import check_given, template

if TYPE_CHECKING:  # pragma: no cover
    from .problem import Problem

__all__ = ["Split", "split"]

#: Subproblems per thread when ``tasks`` is not given.
TASKS_PER_THREAD = 32
#: At most this many times ``tasks`` subproblems: the split stops there even
#: when the estimates still say one subtree dominates.
MAX_GROWTH = 8
#: The split stops once no subtree is estimated above BALANCE times the mean size of ``tasks`` subtrees.
BALANCE = 2.0
#: Largest node budget of the dry runs that make the weights of small subtrees exact.
DRY_RUN_NODES = 1000


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
        small ones measured by a dry run, Knuth's estimate for the others),
        in the same order.
    exact : list of bool
        Whether each weight is exact.
    solutions : list of list of int
        The solutions met above the subtrees (sorted option lists, givens
        included), in the order of the serial search.
    stats : Stats
        The work done above the subtrees, as the serial search counts it.
    seconds : float
        Wall-clock time of the split (expanding and measuring).
    estimate : float
        Knuth's estimate of the nodes of the whole tree (below the givens),
        from the probes at the root (0 when unknown: a split loaded from a
        checkpoint).
    """

    problem: "Problem"
    given: tuple
    stop_at: int
    subproblems: list
    weights: list
    exact: list
    solutions: list
    stats: Stats = field(default_factory=lambda: Stats(status=Status.COMPLETE))
    seconds: float = 0.0
    estimate: float = 0.0

    def __len__(self) -> int:
        return len(self.subproblems)

    def fingerprint(self) -> str:
        """A hash of the problem, the givens and ``stop_at`` (not of the split itself):
        what a checkpoint must match to be resumed."""
        return fingerprint(self.problem, self.given, self.stop_at)

    def __repr__(self) -> str:
        return (f"Split({len(self.subproblems)} subproblems, {len(self.solutions)} solutions above them, "
                f"{self.stats.nodes:,} nodes split in {self.seconds:.3f} s)")


def fingerprint(problem: "Problem", given=(), stop_at: int = 1) -> str:
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


def _flag(value, name: str) -> bool:
    if value not in (True, False):
        raise ExactCoverError(f"{name} must be True or False, not {plain(value)}")
    return bool(value)


class _Measurer:
    """Private links and cursor for expanding and measuring nodes of one problem."""

    def __init__(self, problem: "Problem", stop_at: int, probe_nodes: int, probes: int, seed: int):
        from .kernels.core.split import EXPAND, M_SIZE, MEASURE, REMAINDER

        t = template(problem)
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
        self.levels = np.zeros(width, np.int32)
        self.out = np.zeros(M_SIZE, np.int64)
        self.rng = np.array([(seed * 0x9E3779B97F4A7C15 + 1) & (2**64 - 1) | 1], np.uint64)  # never 0
        self.budget = probe_nodes
        self.probes = probes
        self.expand_kernel = EXPAND[t.width]
        self.measure_kernel = MEASURE[t.width]
        self.remainder_kernel = REMAINDER[t.width]

    def expand(self, given: np.ndarray) -> int:
        return int(self.expand_kernel(self.n1, self.template, self.links, given, self.stop_at,
                                      self.first_node, self.opts, self.upds, self.sols))

    def remainder(self, given: np.ndarray, cut: np.ndarray) -> int:
        """The siblings left below ``given`` along ``cut``, into ``opts``,
        ``upds``, ``sols`` and ``levels`` (see :func:`.kernels.core.split._remainder`)."""
        k = int(self.remainder_kernel(self.n1, self.template, self.links, given, cut, self.stop_at,
                                      self.first_node, self.opts, self.upds, self.sols, self.levels))
        if k < 0:
            raise ExactCoverError(f"no such cut {list(cut)} below {list(given)}")
        return k

    def measure(self, given: np.ndarray, probes: int | None = None) -> tuple[float, bool]:
        """(weight: nodes + updates, exact) of the subtree below ``given``."""
        from .kernels.core.split import M_EXACT, M_NODES, M_UPDATES

        self.measure_kernel(self.n1, self.template, self.links, self.cursor, given, self.stop_at,
                            self.first_node, self.budget, probes or self.probes, self.rng, self.out)
        self.nodes = int(self.out[M_NODES])
        return float(self.out[M_NODES] + self.out[M_UPDATES]), bool(self.out[M_EXACT])


class _Sweep:
    """Measures many leaves at once on ``threads`` Python threads (the kernels release
    the GIL), each with its own :class:`_Measurer`; the leaves are dealt out in fixed
    chunks, so that the split depends on the seed and the thread count only."""

    SMALL = 64  # fewer leaves are measured on one thread

    def __init__(self, problem: "Problem", first: _Measurer, stop_at: int, probes: int, seed: int,
                 threads: int):
        self.problem, self.first, self.stop_at, self.probes, self.seed = problem, first, stop_at, probes, seed
        self.threads = threads
        self.more: list = []

    def measure_all(self, paths: list) -> list:
        if self.threads == 1 or len(paths) < self.SMALL:
            return [self.first.measure(np.array(path, np.int32)) for path in paths]
        from concurrent.futures import ThreadPoolExecutor

        while len(self.more) < self.threads - 1:
            extra = _Measurer(self.problem, self.stop_at, self.first.budget, self.probes,
                              self.seed + 1 + len(self.more))
            self.more.append(extra)
        measurers = [self.first] + self.more
        bounds = np.linspace(0, len(paths), self.threads + 1).astype(int)

        def part(k: int) -> list:
            mk = measurers[k]
            return [mk.measure(np.array(path, np.int32)) for path in paths[bounds[k]:bounds[k + 1]]]

        with ThreadPoolExecutor(self.threads) as pool:
            parts = list(pool.map(part, range(self.threads)))
        return [x for chunk in parts for x in chunk]


def split(problem: "Problem", tasks: int | None = None, *, given=(), stop_at: int = 1,
          threads: int | None = None, probe_nodes: int | None = None, probes: int = 8,
          seed: int = 0, cheap: bool = False) -> Split:
    """Divide the search tree of ``problem`` into subtrees; see :meth:`ExactCover.split`.

    ``cheap=True`` measures less, for a runner that cuts tasks at a node
    budget (:func:`run_split`): no dry runs (every weight is an estimate), and
    the subtrees never measured on the way down keep their share of their
    parent's estimate instead of being measured at the end.
    """
    options = SearchOptions(stop_at=stop_at, threads=threads)
    stop_at = options.stop_at
    if tasks is None:
        tasks = TASKS_PER_THREAD * options.thread_count()
    tasks = _positive(tasks, "tasks")
    if probe_nodes is not None:
        probe_nodes = _positive(probe_nodes, "probe_nodes")
    probes = _positive(probes, "probes")
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ExactCoverError(f"seed must be a non-negative integer, not {plain(seed)}")
    if cheap not in (True, False):
        raise ExactCoverError(f"cheap must be True or False, not {plain(cheap)}")
    t0 = time.perf_counter()
    check_splittable(problem)
    root = Search(problem, given=given, stop_at=stop_at).given  # checked: conflicts raise here
    root_given = tuple(root.tolist())
    m = _Measurer(problem, stop_at, DRY_RUN_NODES if probe_nodes is None else probe_nodes, probes, int(seed))
    stats = Stats(status=Status.COMPLETE, profile=np.zeros(problem.n_primary + 1, np.int64))
    found: list = []  # (key, solution)
    if cheap:
        m.budget = 0  # no dry runs: a probe alone estimates a subtree
    weight, exact = m.measure(root, 8 * probes)
    estimate = float(m.nodes)
    if probe_nodes is None and not cheap:  # dry runs well below the size of a task: a small part of the work
        m.budget = int(min(DRY_RUN_NODES, m.nodes / (64 * tasks)))
    sweep = _Sweep(problem, m, stop_at, probes, int(seed), options.thread_count())
    # the heap of leaves: (-weight, order, key, path, exact, measured); key = the child numbers
    # from the root.  A child inherits a share of its parent's weight and is measured when it
    # comes to the top (lazily: most nodes expanded on the way are measured once, not each of
    # their children); the leaves left unmeasured are measured at the end.
    heap: list = [(-weight, 0, (), root_given, exact, True)]
    order = 1
    limit = MAX_GROWTH * tasks
    total = weight
    while True:
        while heap:
            neg, at, key, path, _, measured = heap[0]
            if not measured:
                cw, cx = m.measure(np.array(path, np.int32))
                heapq.heapreplace(heap, (-cw, at, key, path, cx, True))
                total += neg + cw
                continue
            if len(heap) >= tasks and (-neg <= BALANCE * total / tasks or len(heap) >= limit):
                break
            heapq.heappop(heap)
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
            stats.updates += sum(upds)
            kids = children - sum(sols)
            share = max((-neg - 1 - int(m.upds[0]) - sum(upds)) / kids, 1.0) if kids else 0.0
            for k in range(children):
                child = path + (opts[k],)
                if sols[k]:
                    stats.nodes += 1
                    stats.solutions += 1
                    found.append((key + (k,), sorted(child)))
                    continue
                heapq.heappush(heap, (-share, order, key + (k,), child, False, False))
                order += 1
                total += share
        # the leaves never measured: measure them all, and go on while one of them turns
        # out to dominate (a share of the parent's estimate can be far off on uneven trees)
        fresh = [e for e in heap if not e[5]]
        if not fresh or cheap:
            break
        kept = [e for e in heap if e[5]]
        for (neg, at, key, path, _, _), (cw, cx) in zip(fresh, sweep.measure_all([e[3] for e in fresh])):
            kept.append((-cw, at, key, path, cx, True))
            total += neg + cw
        heap = kept
        heapq.heapify(heap)
    leaves = sorted(heap, key=lambda e: e[2])
    stats.profile = np.trim_zeros(stats.profile, "b")
    stats.seconds = time.perf_counter() - t0
    return Split(problem, root_given, stop_at, [e[3] for e in leaves], [-e[0] for e in leaves],
                 [e[4] for e in leaves], [s for _, s in sorted(found)], stats, stats.seconds, estimate)


# ---------------------------------------------------------------------------
# Running subproblems
# ---------------------------------------------------------------------------

#: Entries of int32 per lane for solutions before the lane pauses to hand them over.
SOLUTION_BUFFER = 1 << 16
#: Seconds a slice of split tasks lasts (where the processor has a cycle
#: counter): the lanes return to Python together, each having run at its own
#: speed, about every this many seconds.  Slices of a fixed work made the
#: faster lane wait for the slower at each return (hard1 on two threads idled
#: 5.0 s in 64.4 s with slices of 2**22 updates).
TASK_SLICE = 0.1


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
    cut : list or None
        With a node budget (``max_nodes``) or ``share``: for each task cut
        (stopped by the budget, or for an idle lane), the path from the
        task's node to the node where it stopped (the options chosen on the
        way down), else None; see :func:`cut_remainder`.
    """

    count: list
    nodes: list
    updates: list
    seconds: list
    finished: list
    solutions: list | None = None
    wall: float = 0.0
    threads: int = 1
    cut: list | None = None

    def __len__(self) -> int:
        return len(self.count)

    def stats(self) -> Stats:
        """The sum of the tasks' :class:`Stats` (solutions, nodes, updates, lane seconds)."""
        return Stats(solutions=sum(self.count), nodes=sum(self.nodes), updates=sum(self.updates),
                     seconds=sum(self.seconds), status=Status.COMPLETE if all(self.finished) else Status.TIMEOUT)


_RATE: list = []  # cycles per second, measured once per process


def tick_rate() -> float | None:
    """The processor's cycles per second as the lanes read them (None where there is no counter)."""
    if not _RATE:
        from .kernels.core.lanes import cycles

        c0, t0 = cycles(), time.perf_counter()
        time.sleep(0.02)
        c1, t1 = cycles(), time.perf_counter()
        _RATE.append((c1 - c0) / (t1 - t0) if c1 > c0 else None)
    return _RATE[0]


def _check_mode(mode: str) -> bool:
    if mode not in ("count", "solutions"):
        raise ExactCoverError(f"mode must be 'count' or 'solutions', not {plain(mode)}")
    return mode == "solutions"


def run_tasks(problem: "Problem", subproblems, mode: str = "count", *, threads: int | None = 1,
              stop_at: int = 1, weights=None, max_nodes: int | None = None, timeout: float | None = None,
              progress=None, progress_interval: float = 0.5, on_done=None, share: bool = False) -> TaskRun:
    """Search many subproblems of ``problem`` to their ends, in compiled code, on ``threads`` lanes.

    The runner of split searches, on one machine or on each worker of a
    cluster: a plain function of plain data.  Every subproblem is a batch job
    (its options given) counted with no limit through the generic lanes
    (:mod:`dlxnumba.kernels.core.lanes`), with its own nodes, updates and time.

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
        Called with a list of ``(index, count, nodes, updates, seconds)``
        tuples (``index`` a position in ``subproblems``) for the tasks that
        finished since the last call, a few times a second while the run goes
        on (for checkpoints); if it raises, the run stops there and the
        exception propagates.
    share : bool
        Once a lane finds no task left, each busy lane cuts its task (as at
        ``max_nodes``: ``finished`` False, the path in ``cut``) within
        :data:`~dlxnumba.kernels.core.lanes.CHUNK` updates, and the call returns:
        no lane waits long for another's last task.  :func:`run_split` runs
        the rest of the cut tasks (:func:`cut_remainder`) in its next round.

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
    from .batch import Run, _job_arrays, drive_reporting, workspace
    from .kernels.core.lanes import TASKS

    want = _check_mode(mode)
    options = SearchOptions(stop_at=stop_at, max_nodes=max_nodes, timeout=timeout, progress=progress,
                            progress_interval=progress_interval, threads=threads)
    stop_at, max_nodes, timeout = options.stop_at, options.max_nodes, options.timeout
    report_to = options.reporter()
    progress_interval = options.progress_interval
    nthreads = options.thread_count()
    check_splittable(problem)
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
    t = template(problem)
    depth = problem.n_primary + 1
    share = _flag(share, "share") and nthreads > 1
    lanes_n = max(1, nthreads if share else min(nthreads, n))
    buffer = max(SOLUTION_BUFFER, 4 * (depth + 2)) if want else 0
    cut_rows = np.zeros((lanes_n if max_nodes is not None or share else 0, depth + 2), np.int32)
    results = (np.empty(n, np.int8), np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(n, np.int64),
               np.zeros(n, np.int64), np.zeros((lanes_n, buffer), np.int32), cut_rows)
    run = Run(TASKS[t.width], problem.n_primary, jobs_t, results, t.first_node)
    space = workspace(t, depth, lanes_n, "tasks")
    status, count, nodes, updates, ticks, sols, _ = results
    found: list | None = [[] for _ in range(n)] if want else None
    cuts: list | None = [None] * n if len(cut_rows) else None
    reported = np.zeros(n, bool)
    w_run = w[order]
    total_w = float(w_run.sum()) or 1.0

    def drain() -> None:
        if cuts is not None:
            for k in range(lanes_n):
                if cut_rows[k, 1]:
                    cuts[int(order[cut_rows[k, 0]])] = tuple(cut_rows[k, 2:2 + cut_rows[k, 1]].tolist())
                    cut_rows[k, 1] = 0
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
                secs = seconds_of(fresh)
                on_done([(int(order[i]), int(count[i]), int(nodes[i]), int(updates[i]), float(x))
                         for i, x in zip(fresh.tolist(), secs.tolist())])

    rate = tick_rate()
    # slices end on the clock where there is one: the lanes run at their own speeds
    space.counter[K.COUNTER_SLICE] = int(TASK_SLICE * rate) if rate else 0

    def seconds_of(which: np.ndarray) -> np.ndarray:
        if rate:
            return ticks[which] / rate
        work = (nodes + updates).astype(float)  # no cycle counter: the wall time shared out
        whole = work.sum()
        return work[which] * ((time.perf_counter() - t0) * lanes_n / whole) if whole else np.zeros(len(which))

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
                        float(w_run[fin].sum()) / total_w if not fin.all() else 1.0, int(fin.sum()), n,
                        "tasks")

    try:
        compiling = drive_reporting(run, space, lanes_n, stop_at, max_nodes, timeout, report_to,
                                    progress_interval, "tasks", t0, work_slice=NO_LIMIT if rate else None,
                                    between=drain, report=report)
    except BaseException:  # Ctrl-C: hand over the tasks finished in the last slice too
        if on_done is not None:
            try:
                drain()
            except Exception:
                pass
        raise
    wall = time.perf_counter() - t0 - compiling
    secs = seconds_of(np.arange(n))
    back = np.empty(n, np.int64)
    back[order] = np.arange(n)
    done = (status != K.ST_BUDGET)[back]
    return TaskRun(count[back].tolist(), nodes[back].tolist(), updates[back].tolist(),
                   secs[back].tolist(), done.tolist(), found, wall, lanes_n, cuts)


# ---------------------------------------------------------------------------
# Checkpoints
# ---------------------------------------------------------------------------

CHECKPOINT_FORMAT = "dlxnumba-checkpoint"
CHECKPOINT_VERSION = 1


class Checkpoint:
    """A file recording a split and the results of its finished tasks, for resumable counts.

    The file is JSON lines: a header (the format, a :func:`fingerprint` of the
    problem, the root givens and ``stop_at``, and the whole split:
    subproblems, weights, the solutions and statistics above them), then one
    line per finished task: ``{"task": i, "count": c, "nodes": n, "updates":
    u, "seconds": s}``.  The header is written to a temporary file and moved
    into place (:func:`os.replace`), so a file either has a whole header or
    does not exist; task lines are appended and flushed to the disk
    (``fsync``) as tasks finish.  A line torn by a crash (the last one, with
    no newline) is dropped on loading; a task recorded twice (a task re-run
    after a lost worker) counts once, and its records must agree.

    One process writes a checkpoint at a time.  Use:

    * :meth:`open` -- load the file if it exists (refusing one made for
      another problem, other givens or another ``stop_at``), else split the
      problem and create it;
    * :attr:`split`, :meth:`remaining` -- what is left to run;
    * :meth:`record` -- append the results of finished tasks (the
      ``on_done`` hook of :func:`run_tasks` can call it directly);
    * :meth:`total` -- the count and :class:`Stats` of the split plus the
      finished tasks, and :attr:`complete`.

    Examples
    --------
    >>> import os, tempfile
    >>> from dlxnumba import queens
    >>> p, key = queens(6)
    >>> path = os.path.join(tempfile.mkdtemp(), "q6.ckpt")
    >>> ck = Checkpoint.open(path, p, tasks=3)
    >>> r = run_tasks(p, [ck.split.subproblems[i] for i in ck.remaining()[:2]])
    >>> ck.record([(i, r.count[k], r.nodes[k], r.updates[k], r.seconds[k])
    ...            for k, i in enumerate(ck.remaining()[:2])])
    >>> again = Checkpoint.open(path, p)
    >>> len(again.done), len(again.remaining()) == len(again.split.subproblems) - 2
    (2, True)
    """

    def __init__(self, path, split: Split, done: dict | None = None):
        self.path = os.fspath(path)
        self.split = split
        #: task index -> (count, nodes, updates, seconds)
        self.done: dict = {} if done is None else done

    # ------------------------------------------------------------- opening

    @classmethod
    def open(cls, path, problem: "Problem", *, given=(), stop_at: int = 1, tasks: int | None = None,
             threads: int | None = None, **split_options) -> "Checkpoint":
        """The checkpoint at ``path``: loaded when the file exists, else a new
        split of ``problem`` (``tasks``, ``threads`` and ``split_options`` as in
        :func:`split`) written there."""
        stop_at = SearchOptions(stop_at=stop_at).stop_at
        if os.path.exists(path):
            return cls.load(path, problem, given=given, stop_at=stop_at)
        return cls.create(path, split(problem, tasks, given=given, stop_at=stop_at, threads=threads,
                                      **split_options))

    @classmethod
    def create(cls, path, split: Split) -> "Checkpoint":
        """Write a new checkpoint of ``split`` at ``path`` (atomically; an existing file is replaced)."""
        st = split.stats
        header = {"format": CHECKPOINT_FORMAT, "version": CHECKPOINT_VERSION,
                  "fingerprint": split.fingerprint(), "stop_at": split.stop_at, "given": list(split.given),
                  "subproblems": [list(sp) for sp in split.subproblems],
                  "weights": [float(x) for x in split.weights], "exact": [bool(x) for x in split.exact],
                  "solutions": split.solutions,
                  "stats": {"solutions": st.solutions, "nodes": st.nodes, "updates": st.updates,
                            "max_level": st.max_level, "seconds": st.seconds},
                  "split_seconds": split.seconds}
        path = os.fspath(path)
        folder = os.path.dirname(os.path.abspath(path))
        try:
            fd, tmp = tempfile.mkstemp(prefix=".dlxnumba-ckpt-", dir=folder)
            with os.fdopen(fd, "w") as f:
                f.write(json.dumps(header, separators=(",", ":")) + "\n")
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except OSError as e:
            raise ExactCoverError(f"cannot write the checkpoint {path}: {e.strerror or e}") from None
        return cls(path, split)

    @classmethod
    def load(cls, path, problem: "Problem", *, given=(), stop_at: int = 1) -> "Checkpoint":
        """Read the checkpoint at ``path``, made for ``problem`` with ``given`` and ``stop_at``.

        Raises :class:`ExactCoverError` naming the file when it is not a
        checkpoint, is damaged, or was made for another problem, other givens
        or another ``stop_at``.
        """
        path = os.fspath(path)
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as e:
            raise ExactCoverError(f"cannot read the checkpoint {path}: {e.strerror or e}") from None
        lines = data.split(b"\n")
        torn = lines.pop()  # b"" after a final newline; else a line cut short by a crash
        try:
            header = json.loads(lines[0]) if lines else None
        except ValueError:
            header = None
        if not isinstance(header, dict) or header.get("format") != CHECKPOINT_FORMAT:
            raise ExactCoverError(f"{path} is not a dlxnumba checkpoint")
        if header.get("version") != CHECKPOINT_VERSION:
            raise ExactCoverError(f"{path} is a checkpoint of version {plain(header.get('version'))}; "
                                  f"this dlxnumba reads version {CHECKPOINT_VERSION}")
        root = check_given(problem, given)
        stop_at = SearchOptions(stop_at=stop_at).stop_at
        if header.get("fingerprint") != fingerprint(problem, root.tolist(), stop_at):
            what = ("stop_at" if header.get("stop_at") != stop_at
                    else "given options" if header.get("given") != root.tolist() else "problem")
            raise ExactCoverError(f"the checkpoint {path} was made for another {what}: "
                                  f"delete it or give the one it was made for")
        try:
            st = header["stats"]
            stats = Stats(solutions=int(st["solutions"]), nodes=int(st["nodes"]), updates=int(st["updates"]),
                          max_level=int(st["max_level"]), seconds=float(st["seconds"]), status=Status.COMPLETE)
            sp = Split(problem, tuple(root.tolist()), stop_at, [tuple(x) for x in header["subproblems"]],
                       list(header["weights"]), list(header["exact"]), header["solutions"], stats,
                       float(header["split_seconds"]))
            done: dict = {}
            n = len(sp.subproblems)
            for k, line in enumerate(lines[1:], start=2):
                rec = json.loads(line)
                i = rec["task"]
                value = (int(rec["count"]), int(rec["nodes"]), int(rec["updates"]), float(rec["seconds"]))
                if not (isinstance(i, int) and 0 <= i < n):
                    raise ValueError(f"line {k}: no task {i}")
                if i in done and done[i][:3] != value[:3]:
                    raise ValueError(f"line {k}: task {i} recorded twice with different results")
                done.setdefault(i, value)
        except (ValueError, KeyError, TypeError) as e:
            raise ExactCoverError(f"the checkpoint {path} is damaged: {e}") from None
        if torn:  # drop the torn line, so that the next record starts on a line of its own
            try:
                with open(path, "r+b") as f:
                    f.truncate(len(data) - len(torn))
            except OSError as e:
                raise ExactCoverError(f"cannot repair the checkpoint {path}: {e.strerror or e}") from None
        return cls(path, sp, done)

    # ------------------------------------------------------------- using

    def remaining(self) -> list:
        """The indices of the tasks not finished yet, in the split's order."""
        return [i for i in range(len(self.split.subproblems)) if i not in self.done]

    @property
    def complete(self) -> bool:
        """Whether every task is finished."""
        return len(self.done) == len(self.split.subproblems)

    def record(self, finished) -> None:
        """Append ``(index, count, nodes, updates, seconds)`` of finished tasks to the file
        (flushed to the disk before returning); tasks already recorded are skipped."""
        fresh = []
        for i, c, nd, up, sec in finished:
            i = int(i)
            if i in self.done:
                continue
            self.done[i] = (int(c), int(nd), int(up), float(sec))
            fresh.append(json.dumps({"task": i, "count": int(c), "nodes": int(nd), "updates": int(up),
                                     "seconds": round(float(sec), 6)}, separators=(",", ":")))
        if not fresh:
            return
        try:
            with open(self.path, "a") as f:
                f.write("\n".join(fresh) + "\n")
                f.flush()
                os.fsync(f.fileno())
        except OSError as e:
            raise ExactCoverError(f"cannot write the checkpoint {self.path}: {e.strerror or e}") from None

    def total(self) -> tuple[int, Stats]:
        """The solutions, and the :class:`Stats`, of the split plus the finished tasks."""
        st = self.split.stats
        c = len(self.split.solutions) + sum(v[0] for v in self.done.values())
        stats = Stats(solutions=c, nodes=st.nodes + sum(v[1] for v in self.done.values()),
                      updates=st.updates + sum(v[2] for v in self.done.values()), max_level=st.max_level,
                      seconds=st.seconds + sum(v[3] for v in self.done.values()),
                      status=Status.COMPLETE if self.complete else Status.RUNNING)
        return c, stats


# ---------------------------------------------------------------------------
# Split searches end to end
# ---------------------------------------------------------------------------


#: With cuts, planning for ``workers`` workers, a task's node budget: the
#: split's estimate of the tree's nodes over (workers times this), and at
#: least :data:`MIN_CUT_NODES`.
CUT_PARTS = 16
#: The smallest node budget of a task (below it, a task's set-up costs show).
MIN_CUT_NODES = 1 << 12


@dataclass
class Remainder:
    """What is left of a task cut at its node budget (:func:`cut_remainder`):
    ``tasks`` (subproblems, each a path), ``depths`` (how far below the task's
    node each branches off: 0 for the cut task's own siblings' level), and
    the work between them and the task's path: ``stats`` (the nodes,
    updates and solutions of the siblings not yet tried) and ``solutions``
    (those siblings that are solutions, as sorted option lists)."""

    tasks: list
    depths: list
    stats: Stats
    solutions: list


def cut_remainder(measurer: "_Measurer", path, cut) -> Remainder:
    """The rest of the search of the task ``path`` that was cut (at its node
    budget, or for an idle lane) with ``cut`` (the options chosen from its
    node down to the node it was about to enter; :attr:`TaskRun.cut`).

    The lane's own count is exact for the part it searched: every sibling
    before ``cut[l]`` at each level ``l``, and the nodes on the way down.  What
    is left: the subtree of the node it was about to enter (a task), and at
    each level the siblings after ``cut[l]`` (each a task, or a solution
    counted here), with the updates of trying them counted here, as the
    serial search counts them at that level.  So the task's count plus the
    remainder's stats plus those of the remainder's tasks equal the task's
    whole search, node for node and update for update.
    """
    path = tuple(path)
    cut = tuple(cut)
    tasks = [path + cut]
    depths = [len(cut)]
    stats = Stats(status=Status.COMPLETE)
    found: list = []
    k = measurer.remainder(np.array(path, np.int32), np.array(cut, np.int32))
    opts = measurer.opts[1:k + 1].tolist()
    upds = measurer.upds[1:k + 1].tolist()
    sols = measurer.sols[1:k + 1].tolist()
    levels = measurer.levels[1:k + 1].tolist()
    for option, u, solved, level in zip(opts, upds, sols, levels):
        stats.updates += u
        child = path + cut[:level] + (option,)
        if solved:
            stats.nodes += 1
            stats.solutions += 1
            found.append(sorted(child))
        else:
            tasks.append(child)
            depths.append(level)
    return Remainder(tasks, depths, stats, found)


@dataclass
class SplitRun:
    """The outcome of :func:`run_split`.

    ``count`` and ``stats`` are of the whole search (the split, the tasks of
    this call and those a checkpoint had recorded): ``stats.seconds`` is the
    wall-clock time of the call, without compiling the lanes.  ``ran`` lists
    the tasks this call ran (an index of the split, or for the remainder of a
    cut task the path of its node), and ``tasks`` their results (in the
    order of ``ran``; a cut task's are of the part it searched).
    ``solutions`` (mode "solutions") are all solutions: those above the
    subtrees, then each task's.

    ``parents`` gives, for each task run, the position in ``ran`` of the
    task whose cut made it (None for the split's own tasks), and
    ``cut_seconds`` the time spent working out each cut task's remainder (0
    for the others): what :meth:`speedup` schedules.  ``budget`` is the node
    budget of a task (None: no cuts) and ``cuts`` the number of tasks cut.
    """

    count: int
    stats: Stats
    split: Split
    ran: list
    tasks: TaskRun
    solutions: list | None = None
    parents: list = field(default_factory=list)
    cut_seconds: list = field(default_factory=list)
    budget: int | None = None
    cuts: int = 0

    def speedup(self, workers: int, by_work: bool = False) -> float:
        """The simulated speed-up of this run's work on ``workers`` workers
        over one (:func:`schedule`): the split and the tasks' searching (the
        work of one serial search) over the time of a schedule of the split,
        then the tasks, each with the time of working out its cut, each ready
        when the task whose cut made it has ended, longest first.  ``by_work``: each
        task's seconds taken in proportion to its nodes plus updates
        (machine-independent) instead of its measured time."""
        secs = np.asarray(self.tasks.seconds, float)
        if by_work:
            work = np.asarray(self.tasks.nodes, float) + np.asarray(self.tasks.updates, float)
            secs = work * (secs.sum() / work.sum()) if work.sum() else secs
        durations = secs + np.asarray(self.cut_seconds or [0.0] * len(secs), float)
        span = self.split.seconds + schedule(durations.tolist(), self.parents or [None] * len(secs), workers)
        return (self.split.seconds + float(secs.sum())) / span if span > 0 else 1.0


def run_split(problem: "Problem", mode: str = "count", *, given=(), stop_at: int = 1,
              threads: int | None = None, tasks: int | None = None, split_: Split | None = None,
              checkpoint=None, timeout: float | None = None, progress=None,
              progress_interval: float = 0.5, cuts: bool = True, workers: int | None = None,
              budget: int | None = None, cheap: bool = False) -> SplitRun:
    """Split the search of ``problem`` and run the parts on ``threads`` lanes.

    ``split_`` is a ready split (else one is made, ``tasks`` as in
    :func:`split`).  With ``checkpoint`` (a path; counting only), the split
    and each finished task are recorded there, and a run started again with
    the same path does only the tasks left (see :class:`Checkpoint`); the
    statistics are then those of the whole count, every run of the file
    alike: its nodes, updates and seconds (the split's and each finished
    task's, as recorded: lane time), so that their rates agree.  A
    ``timeout`` raises :class:`~dlxnumba.errors.LimitReached` with the partial
    count in ``found`` (the finished tasks stay in the checkpoint).

    Cuts (``cuts=True``, without a checkpoint) stop a task part way and
    make the rest of its subtree new tasks (:func:`cut_remainder`), run in
    the next round; what the task searched counts.  Nothing is searched
    twice and the statistics stay exact.  Tasks are cut in two ways:

    * on more than one thread, the lanes share the work (``share`` of
      :func:`run_tasks`): once a lane finds no task left, the busy lanes cut
      theirs, so that no thread waits long for another's last task;
    * at a node ``budget`` per task: by default, when ``workers`` is given
      (planning for a cluster, see :meth:`SplitRun.speedup`), the split's
      estimate of the tree's nodes over ``workers`` times :data:`CUT_PARTS`,
      and at least :data:`MIN_CUT_NODES`; a subtree whose size the split's
      estimate missed then cannot become one long task.

    A checkpointed run keeps its split's tasks whole.  ``cheap=True`` makes
    the split without dry runs (:func:`split`), for many workers, where the
    split's time is the serial part of the run and the cuts make up for its
    rougher estimates.

    Examples
    --------
    >>> from dlxnumba import queens
    >>> p, key = queens(8)
    >>> r = run_split(p, threads=2, stop_at=0)
    >>> serial = p.search(stop_at=0)
    >>> r.count, serial.count(), r.stats.nodes == serial.stats.nodes
    (92, 92, True)
    >>> r = run_split(p, threads=2, stop_at=0, tasks=2, budget=100)
    >>> r.count, r.stats.nodes == serial.stats.nodes, r.stats.updates == serial.stats.updates, r.cuts > 0
    (92, True, True, True)
    """
    want = _check_mode(mode)
    stop_at = SearchOptions(stop_at=stop_at, timeout=timeout, progress_interval=progress_interval).stop_at
    check_splittable(problem)
    cuts = _flag(cuts, "cuts")
    if budget is not None:
        budget = _positive(budget, "budget")
    if workers is not None:
        workers = _positive(workers, "workers")
    outer = reporter(progress)
    t0 = time.perf_counter()
    if checkpoint is not None:
        if want:
            raise ExactCoverError("checkpoint= records counts only: it cannot be used to list solutions")
        if split_ is not None:
            raise ExactCoverError("give a checkpoint or a split, not both (a checkpoint holds its split)")
        ck = Checkpoint.open(checkpoint, problem, given=given, stop_at=stop_at, tasks=tasks, threads=threads)
        sp = ck.split
        todo: list = [(i, sp.subproblems[i], sp.weights[i], None) for i in ck.remaining()]
        cuts = False
    else:
        ck = None
        if split_ is None:
            sp = split(problem, tasks, given=given, stop_at=stop_at, threads=threads, cheap=cheap)
        else:
            if not isinstance(split_, Split) or split_.problem != problem:
                raise ExactCoverError("split_ must be a Split of this problem")
            sp = split_
        todo = [(i, sub, w, None) for i, (sub, w) in enumerate(zip(sp.subproblems, sp.weights))]
    if not cuts:
        budget = None
    elif budget is None and workers is not None:
        budget = max(MIN_CUT_NODES, int(sp.estimate / (workers * CUT_PARTS)))
    measurer = None  # made at the first cut
    whole = float(sum(w for _, _, w, _ in todo)) or 1.0
    ran: list = []
    parents: list = []
    cut_secs: list = []
    columns: list = [[], [], [], []]  # count, nodes, updates, seconds of each task run
    sols = list(sp.solutions) if want else None
    extra = Stats(status=Status.COMPLETE)
    n_cuts = 0
    compiling = 0.0
    lanes = 1
    done_w = 0.0
    base = [0, 0, 0, 0, 0]  # nodes, updates, solutions, tasks done, tasks in all before this round
    finished_all = True
    shown = [0.0]  # the fraction last reported
    while todo:
        t1 = time.perf_counter()
        left = None if timeout is None else max(timeout - (t1 - t0 - compiling), 0.0)
        round_w = float(sum(w for _, _, w, _ in todo))

        def tell(report: Progress, round_w=round_w, done_w=done_w, base=tuple(base)) -> None:
            # a round's report counts a cut task as done, the next round's its remainder
            # as not: the fraction shown never goes back
            f = report.fraction if report.fraction is not None else 0.0
            shown[0] = max(shown[0], min((done_w + f * round_w) / whole, 1.0))
            assert outer is not None  # (only passed on with a reporter)
            outer(Progress(time.perf_counter() - t0 - compiling, base[0] + report.nodes, base[1] + report.updates,
                           len(sp.solutions) + base[2] + report.solutions, shown[0], base[3] + (report.done or 0),
                           base[4] + (report.total or 0), "tasks"))

        keys = [k for k, _, _, _ in todo]
        on_done = None if ck is None else (lambda fin, keys=keys: ck.record([(keys[k], *rest) for k, *rest in fin]))
        r = run_tasks(problem, [sub for _, sub, _, _ in todo], mode, threads=threads, stop_at=sp.stop_at,
                      weights=[w for _, _, w, _ in todo], max_nodes=budget, timeout=left,
                      progress=None if outer is None else Reporter(tell), progress_interval=progress_interval,
                      on_done=on_done, share=cuts)
        compiling += time.perf_counter() - t1 - r.wall
        lanes = r.threads
        following: list = []
        for k, (key, sub, w, parent) in enumerate(todo):
            cut = r.cut[k] if r.cut is not None else None
            if not r.finished[k] and cut is None:
                finished_all = False  # stopped by the timeout
                continue
            me = len(ran)
            ran.append(key)
            parents.append(parent)
            for col, value in zip(columns, (r.count[k], r.nodes[k], r.updates[k], r.seconds[k])):
                col.append(value)
            if sols is not None and r.solutions is not None:
                sols.extend(r.solutions[k])
            if cut is None:
                done_w += w
                cut_secs.append(0.0)
                continue
            tc = time.perf_counter()
            if measurer is None:
                measurer = _Measurer(problem, sp.stop_at, 1, 1, 0)
            rest = cut_remainder(measurer, sub, cut)
            n_cuts += 1
            extra = extra + rest.stats
            if sols is not None:
                sols.extend(rest.solutions)
            shares = [0.5 ** (len(cut) - d) for d in rest.depths]  # nearer the task's node: larger
            scale = w / sum(shares)
            following.extend((tuple(t), tuple(t), x * scale, me) for t, x in zip(rest.tasks, shares))
            cut_secs.append(time.perf_counter() - tc)
        base = [base[0] + sum(r.nodes), base[1] + sum(r.updates), base[2] + sum(r.count), base[3] + len(todo),
                base[4] + len(todo)]
        if not finished_all:
            break
        todo = following
    wall = time.perf_counter() - t0 - compiling
    if ck is not None:
        count, stats = ck.total()
    else:
        count = len(sp.solutions) + sum(columns[0]) + extra.solutions
        stats = sp.stats + Stats(solutions=count, nodes=sum(columns[1]), updates=sum(columns[2]),
                                 seconds=sum(columns[3])) + extra
    stats.solutions = count
    if ck is None:
        stats.seconds = wall
    # with a checkpoint, the nodes and updates are those of every run, and so are
    # the seconds: the split's and each finished part's, as recorded (ck.total())
    stats.status = Status.COMPLETE if finished_all else Status.TIMEOUT

    def final() -> Progress:
        return Progress(wall, stats.nodes, stats.updates, count, 1.0 if finished_all else done_w / whole,
                        base[3], base[4], "tasks")

    if outer is not None:
        outer.close(final)
    if not finished_all:
        raise LimitReached(Status.TIMEOUT, stats, count)
    tr = TaskRun(columns[0], columns[1], columns[2], columns[3], [True] * len(ran), None, wall, lanes)
    return SplitRun(count, stats, sp, ran, tr, sols, parents, cut_secs, budget, n_cuts)


def check_splittable(problem: "Problem", options: SearchOptions | None = None) -> None:
    """The one check of every split search (threads, checkpoints, :func:`split`, Dask): the lanes
    run problems without colors or bounds, on dancing links; say so for anything else."""
    if options is not None and options.algorithm != "links":
        raise ExactCoverError(f"threads= and checkpoint= search with dancing links: "
                              f"algorithm must be 'links', not {options.algorithm!r}")
    if problem.has_colors or problem.has_bounds:
        raise ExactCoverError("threads= and checkpoint= (split searches) take problems without "
                              "colors or bounds; search this one serially")


def _refuse_serial_limits(limit, options: SearchOptions) -> None:
    if limit is not None:
        raise ExactCoverError("limit cannot be combined with threads or checkpoint (a split search runs to the "
                              "end); leave threads out to stop at a limit")
    if options.max_nodes is not None:
        raise ExactCoverError("max_nodes cannot be combined with threads or checkpoint; use timeout")


def count_parallel(problem: "Problem", given, options: SearchOptions, *, limit=None,
                   checkpoint=None) -> tuple[int, Stats]:
    """The body of ``count(threads=N)`` / ``count(checkpoint=PATH)``: (count, Stats)."""
    check_splittable(problem, options)
    _refuse_serial_limits(limit, options)
    r = run_split(problem, given=given, stop_at=options.stop_at, threads=options.threads, checkpoint=checkpoint,
                  timeout=options.timeout, progress=options.progress, progress_interval=options.progress_interval)
    return r.count, r.stats


def solutions_parallel(problem: "Problem", given, options: SearchOptions, *, limit=None) -> tuple[list, Stats]:
    """The body of ``solutions(threads=N)``: (all solutions, Stats), in the split's order."""
    check_splittable(problem, options)
    _refuse_serial_limits(limit, options)
    r = run_split(problem, "solutions", given=given, stop_at=options.stop_at, threads=options.threads,
                  timeout=options.timeout, progress=options.progress, progress_interval=options.progress_interval)
    return r.solutions or [], r.stats


# ---------------------------------------------------------------------------
# Scaling: the best schedule of measured tasks on W workers
# ---------------------------------------------------------------------------


def makespan(seconds, workers: int) -> float:
    """The time ``workers`` workers take to run tasks of ``seconds`` each,
    scheduled longest first, each to the worker that is free first (Graham's
    LPT rule: within 4/3 of the best possible schedule)."""
    workers = _positive(workers, "workers")
    loads = [0.0] * workers
    for x in sorted((float(s) for s in seconds), reverse=True):
        heapq.heapreplace(loads, loads[0] + x)
    return max(loads)


def schedule(seconds, parents, workers: int) -> float:
    """The time ``workers`` workers take to run tasks of ``seconds`` each, a
    task ready when its parent (``parents[i]``: an index, or None for a task
    ready at the start) has ended: each time a worker is free it takes the
    longest task ready (the longest-processing-time rule, with release
    times).  With no parents this is :func:`makespan`."""
    workers = _positive(workers, "workers")
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


def speedup_of_tree(seconds, parents, workers: int, serial: float = 0.0) -> float:
    """:func:`speedup` for tasks with release times (:func:`schedule`)."""
    total = serial + sum(float(s) for s in seconds)
    span = serial + schedule(seconds, parents, workers)
    return total / span if span > 0 else 1.0


def speedup(seconds, workers: int, serial: float = 0.0) -> float:
    """The speed-up of ``workers`` workers over one: ``serial`` seconds (the
    split, run before the tasks) plus the tasks' sum, over ``serial`` plus
    their :func:`makespan`."""
    total = serial + sum(float(s) for s in seconds)
    span = serial + makespan(seconds, workers)
    return total / span if span > 0 else 1.0
