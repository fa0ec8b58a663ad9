"""Running subproblems on the lanes: the runner of split searches.

Each subproblem (a node of the search tree, named by its path from the root,
:mod:`dlxnumba.parallel.split`) runs as a batch job -- its options given --
searched to its end through the generic lanes (:mod:`dlxnumba.kernels.core.lanes`),
with its own nodes, updates and time.  A plain function of plain data, on one
machine or on each worker of a cluster: :func:`count_tasks` and
:func:`solutions_tasks` at the public edge (keywords), :func:`search_tasks`
for the layers that hold a :class:`~dlxnumba.search_options.SearchOptions`.

Examples
--------
>>> from dlxnumba import queens
>>> p, key = queens(8)
>>> s = p.split(tasks=8)
>>> r = count_tasks(p, s.subproblems, threads=2)
>>> len(s.solutions) + sum(r.count)
92
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Sequence

import numpy as np

from .. import kernels as K
from ..batch import Run, _job_arrays, drive_reporting, workspace
from ..checks import flag
from ..errors import ExactCoverError, plain
from ..kernels.core.lanes import TASKS, cycles
from ..progress import Progress, ProgressArg
from ..search_options import NO_LIMIT, SearchOptions
from ..stats import Stats, Status
from ..template import template
from .split import check_splittable

if TYPE_CHECKING:  # pragma: no cover
    from ..problem import Problem

__all__ = ["TaskRun", "count_tasks", "solutions_tasks", "search_tasks", "tick_rate", "SOLUTION_BUFFER",
           "TASK_SLICE"]

#: Entries of int32 per lane for solutions before the lane pauses to hand them over.
SOLUTION_BUFFER = 1 << 16
#: Seconds a slice of split tasks lasts (where the processor has a cycle
#: counter): the lanes return to Python together, each having run at its own
#: speed, about every this many seconds.  Slices of a fixed work made the
#: faster lane wait for the slower at each return (hard1 on two threads idled
#: 5.0 s in 64.4 s with slices of 2**22 updates).
TASK_SLICE = 0.1

#: ``on_done`` receives ``(index, count, nodes, updates, seconds)`` of the tasks finished
OnDone = Callable[[list], Any]


@dataclass
class TaskRun:
    """What a run of tasks found, one entry per subproblem, in the order given.

    Plain lists of Python numbers (picklable, cheap to send between processes).

    Attributes
    ----------
    count, nodes, updates : list of int
        Solutions, nodes and updates of each task (as a search with the
        subproblem given counts them; see :mod:`dlxnumba.parallel.split`).
    seconds : list of float
        Time each task spent in its lane (the processor's cycle counter,
        calibrated against the clock; where the processor has none, the
        wall time shared out in proportion to nodes plus updates).
    finished : list of bool
        Whether each task ran to its end (False: stopped by ``max_nodes`` or
        ``timeout``, or cut; its count is then partial).
    solutions : list of list of list of int, or None
        From :func:`solutions_tasks`: each task's solutions (sorted option
        lists, givens included), in the order that task's search met them.
    wall : float
        Wall-clock seconds of the call (compiling excluded).
    threads : int
        Threads (lanes) used.
    cut : list or None
        With a node budget (``max_nodes``) or ``share``: for each task cut
        (stopped by the budget, or for an idle lane), the path from the
        task's node to the node where it stopped (the options chosen on the
        way down), else None; see :func:`~dlxnumba.parallel.run.cut_remainder`.
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
        c0, t0 = cycles(), time.perf_counter()
        time.sleep(0.02)
        c1, t1 = cycles(), time.perf_counter()
        _RATE.append((c1 - c0) / (t1 - t0) if c1 > c0 else None)
    return _RATE[0]


# ---------------------------------------------------------------------------
# The public edge
# ---------------------------------------------------------------------------


def count_tasks(problem: "Problem", subproblems: Sequence[Sequence[int]], *, threads: int | None = 1,
                stop_at: int = 1, weights: Sequence[float] | None = None, max_nodes: int | None = None,
                timeout: float | None = None, progress: ProgressArg = None, progress_interval: float = 0.5,
                on_done: OnDone | None = None, share: bool = False) -> TaskRun:
    """Count the solutions of many subproblems of ``problem``, in compiled code, on ``threads`` lanes.

    Parameters
    ----------
    problem : ExactCover
    subproblems : sequence of sequences of int
        The given options of each task (``Split.subproblems``).
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
        no lane waits long for another's last task.
        :func:`~dlxnumba.parallel.run.count_split` runs the rest of the cut
        tasks in its next round.

    Returns
    -------
    TaskRun

    Examples
    --------
    >>> from dlxnumba import queens
    >>> p, key = queens(6)
    >>> count_tasks(p, [[0], [1], [2]], stop_at=0).count
    [0, 1, 1]
    """
    options = SearchOptions(stop_at=stop_at, max_nodes=max_nodes, timeout=timeout, progress=progress,
                            progress_interval=progress_interval, threads=threads)
    return search_tasks(problem, subproblems, options, weights=weights, on_done=_callable(on_done),
                        share=flag(share, "share"), asked="count_tasks()")


def solutions_tasks(problem: "Problem", subproblems: Sequence[Sequence[int]], *, threads: int | None = 1,
                    stop_at: int = 1, weights: Sequence[float] | None = None, max_nodes: int | None = None,
                    timeout: float | None = None, progress: ProgressArg = None, progress_interval: float = 0.5,
                    on_done: OnDone | None = None, share: bool = False) -> TaskRun:
    """:func:`count_tasks`, and every solution of every task in ``solutions`` (the same parameters).

    >>> from dlxnumba import queens
    >>> p, key = queens(6)
    >>> solutions_tasks(p, [[0], [1]], stop_at=0).solutions
    [[], [[1, 9, 17, 18, 26, 34]]]
    """
    options = SearchOptions(stop_at=stop_at, max_nodes=max_nodes, timeout=timeout, progress=progress,
                            progress_interval=progress_interval, threads=threads)
    return search_tasks(problem, subproblems, options, listing=True, weights=weights,
                        on_done=_callable(on_done), share=flag(share, "share"), asked="solutions_tasks()")


def _callable(on_done: Any) -> OnDone | None:
    if on_done is not None and not callable(on_done):
        raise ExactCoverError(f"on_done must be callable, not {plain(on_done)}")
    return on_done


def search_tasks(problem: "Problem", subproblems: Any, options: SearchOptions, *, listing: bool = False,
                 weights: Sequence[float] | None = None, on_done: OnDone | None = None, share: bool = False,
                 asked: str = "the tasks") -> TaskRun:
    """The body of :func:`count_tasks` (``listing``: and :func:`solutions_tasks`), for
    the layers that hold the :class:`~dlxnumba.search_options.SearchOptions` already."""
    check_splittable(problem, asked=asked, instead="search the problem serially")
    t0 = time.perf_counter()
    _, _, _, given = _job_arrays(problem, subproblems, 1)
    lanes = _TaskLanes(problem, given, _weights(weights, len(given)), options, listing,
                       share and options.thread_count() > 1, t0)
    return lanes.run(options, on_done)


def _weights(weights: Sequence[float] | None, n: int) -> np.ndarray | None:
    """``weights`` as floats, one per task (checked), or None."""
    if weights is None:
        return None
    try:
        w = np.asarray(weights, dtype=float)
    except (TypeError, ValueError):
        w = np.zeros(0)
    if w.shape != (n,) or not np.all(np.isfinite(w)) or (n and w.min() < 0):
        raise ExactCoverError(f"weights must be {n} non-negative numbers, one per subproblem")
    return w


class _TaskLanes:
    """One run of tasks on the lanes: the jobs (largest first), the results, and
    what is handed over between two slices (cuts, solutions, finished tasks)."""

    def __init__(self, problem: "Problem", given: list, weights: np.ndarray | None, options: SearchOptions,
                 listing: bool, share: bool, t0: float):
        n = self.n = len(given)
        self.given, self.t0 = given, t0
        order = self.order = np.argsort(-weights, kind="stable") if weights is not None else np.arange(n)
        w = np.ones(n) if weights is None else weights
        self.w_run = w[order]
        self.total_w = float(self.w_run.sum()) or 1.0
        ptr = np.zeros(n + 1, np.int64)
        np.cumsum([len(given[j]) for j in order], out=ptr[1:])
        flat = np.concatenate([given[j] for j in order]).astype(np.int32) if n else np.zeros(0, np.int32)
        jobs = (ptr, flat, np.full(n, 1 << 62, np.int64))
        t = template(problem)
        depth = problem.n_primary + 1
        nthreads = options.thread_count()
        lanes_n = self.lanes_n = max(1, nthreads if share else min(nthreads, n))
        buffer = max(SOLUTION_BUFFER, 4 * (depth + 2)) if listing else 0
        cut_rows = self.cut_rows = np.zeros((lanes_n if options.max_nodes is not None or share else 0,
                                             depth + 2), np.int32)
        self.results = (np.empty(n, np.int8), np.zeros(n, np.int64), np.zeros(n, np.int64),
                        np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros((lanes_n, buffer), np.int32),
                        cut_rows)
        self.status, self.count, self.nodes, self.updates, self.ticks, self.sols, _ = self.results
        self.job_run = Run(TASKS[t.width], problem.n_primary, jobs, self.results, t.first_node)
        self.space = workspace(t, depth, lanes_n, "tasks")
        self.found: list | None = [[] for _ in range(n)] if listing else None
        self.cuts: list | None = [None] * n if len(cut_rows) else None
        self.reported = np.zeros(n, bool)
        self.rate = tick_rate()
        # slices end on the clock where there is one: the lanes run at their own speeds
        self.space.counter[K.COUNTER_SLICE] = int(TASK_SLICE * self.rate) if self.rate else 0

    def run(self, options: SearchOptions, on_done: OnDone | None) -> TaskRun:
        """Drive the lanes to the end (or the timeout); the results in the order given."""

        def between() -> None:
            self.drain(on_done)

        try:
            compiling = drive_reporting(self.job_run, self.space, self.lanes_n, options.stop_at,
                                        options.max_nodes, options.timeout, options.reporter(),
                                        options.progress_interval, "tasks", self.t0,
                                        work_slice=NO_LIMIT if self.rate else None, between=between,
                                        report=self.report)
        except BaseException:  # Ctrl-C: hand over the tasks finished in the last slice too
            if on_done is not None:
                try:
                    self.drain(on_done)
                except Exception:
                    pass
            raise
        wall = time.perf_counter() - self.t0 - compiling
        n = self.n
        secs = self.seconds_of(np.arange(n))
        back = np.empty(n, np.int64)
        back[self.order] = np.arange(n)
        done = (self.status != K.ST_BUDGET)[back]
        return TaskRun(self.count[back].tolist(), self.nodes[back].tolist(), self.updates[back].tolist(),
                       secs[back].tolist(), done.tolist(), self.found, wall, self.lanes_n, self.cuts)

    def drain(self, on_done: OnDone | None) -> None:
        """Take what the lanes wrote since the last slice: the paths of cut
        tasks, the solutions in the lanes' buffers, and (to ``on_done``) the
        tasks finished."""
        order, space, lanes_n = self.order, self.space, self.lanes_n
        if self.cuts is not None:
            rows = self.cut_rows
            for k in range(lanes_n):
                if rows[k, 1]:
                    self.cuts[int(order[rows[k, 0]])] = tuple(rows[k, 2:2 + rows[k, 1]].tolist())
                    rows[k, 1] = 0
        if self.found is not None:
            for k in range(lanes_n):
                fill = int(space.lanes[k, K.LANE_FILL])
                row = self.sols[k, :fill].tolist()
                pos = 0
                while pos < fill:
                    i, m = row[pos], row[pos + 1]
                    j = int(order[i])
                    self.found[j].append(sorted(self.given[j].tolist() + row[pos + 2:pos + 2 + m]))
                    pos += m + 2
                space.lanes[k, K.LANE_FILL] = 0
        if on_done is not None:
            status = self.status
            fresh = np.flatnonzero(~self.reported & (status != K.ST_PENDING) & (status != K.ST_BUDGET))
            if fresh.size:
                self.reported[fresh] = True
                secs = self.seconds_of(fresh)
                on_done([(int(order[i]), int(self.count[i]), int(self.nodes[i]), int(self.updates[i]), float(x))
                         for i, x in zip(fresh.tolist(), secs.tolist())])

    def seconds_of(self, which: np.ndarray) -> np.ndarray:
        """The lane seconds of the tasks ``which`` (positions in the run's order)."""
        if self.rate:
            return self.ticks[which] / self.rate
        work = (self.nodes + self.updates).astype(float)  # no cycle counter: the wall time shared out
        whole = work.sum()
        if not whole:
            return np.zeros(len(which))
        return work[which] * ((time.perf_counter() - self.t0) * self.lanes_n / whole)

    def report(self) -> Progress:
        """A report between two slices: the tasks finished, and the work of those in hand."""
        space, lanes_n = self.space, self.lanes_n
        fin = self.status != K.ST_PENDING
        active = space.lanes[:lanes_n, K.LANE_ACTIVE] != 0
        fin[space.lanes[:lanes_n, K.LANE_CUR][active]] = False
        st = space.state[:lanes_n][active]
        total = int(self.count[fin].sum()) + int(space.lanes[:lanes_n, K.LANE_FOUND][active].sum())
        return Progress(time.perf_counter() - self.t0, int(self.nodes[fin].sum()) + int(st[:, K.NODES].sum()),
                        int(self.updates[fin].sum()) + int(st[:, K.UPDATES].sum()), total,
                        float(self.w_run[fin].sum()) / self.total_w if not fin.all() else 1.0, int(fin.sum()),
                        self.n, "tasks")
