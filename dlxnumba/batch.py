"""Many jobs on one problem, through the compiled lanes, on all threads.

A *job* is a search of one :class:`~dlxnumba.ExactCover` with some options
forced (its givens) and its own limit on the number of solutions.  A batch
runs many jobs in compiled code: each thread is a *lane* with private links
that takes the next job from a shared counter (see
:mod:`dlxnumba.kernels.core.lanes`), so one call does the work of thousands of
searches without returning to Python.  Every job gets one result, in job
order: a :class:`Status`, the number of solutions found, its nodes and
updates, and its first solution.

This is the runner that Sudoku batches (plus a fast link builder), puzzle
generation (many uniqueness checks on one template) and split searches use.

Examples
--------
>>> from dlxnumba import ExactCover
>>> p = ExactCover.from_options([["a", "b"], ["a"], ["b"], ["c"]])
>>> r = p.batch([[], [1], [0, 1]], limit=10, threads=1)
>>> r.status_names, r.count.tolist()
(['MULTIPLE', 'SOLVED', 'INVALID'], [2, 1, 0])
>>> r.first
[[0, 3], [1, 2, 3], None]
"""

from __future__ import annotations

import os
import threading
import time
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterator, Sequence

import numpy as np

from . import kernels as K
from .checks import is_integer
from .errors import ExactCoverError, LimitReached, plain
from .kernels.core.lanes import GENERIC, Entries
from .progress import Progress, ProgressArg, Reporter
from .search import Search, ready
from .search_options import NO_LIMIT, SearchOptions, documented
from .stats import Stats, Status
from .template import check_given, describe_conflict, first_repeat, template

if TYPE_CHECKING:  # pragma: no cover
    from .problem import Problem

__all__ = ["BatchResult", "run_batch", "batch_jobs"]

#: Updates between two returns of the lanes to Python (progress, Ctrl-C, timeouts).
WORK_SLICE = 1 << 22
#: Fewest jobs per thread in a batch (smaller batches use fewer threads).
JOBS_PER_THREAD = 16


@dataclass
class BatchResult:
    """What a batch found, one entry per job in job order.

    ``count[i]`` is exact when ``count[i] < limit`` of job ``i`` and its status
    is not BUDGET; otherwise the search stopped there.  ``first[i]`` is the
    first solution (sorted option indices, givens included) or None.
    ``seconds`` is the wall-clock time of the call, without the time spent
    compiling the kernels or loading them from numba's cache.
    """

    status: np.ndarray
    count: np.ndarray
    nodes: np.ndarray
    updates: np.ndarray
    first: list
    seconds: float = 0.0
    errors: list = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.status)

    @property
    def status_names(self) -> list[str]:
        """The name of each job's :class:`~dlxnumba.Status` (``"SOLVED"``, ...), a fresh list.
        (``status`` holds the codes: ``status[i] == Status.SOLVED``.)"""
        return [Status(s).name for s in self.status.tolist()]

    def stats(self, i: int | None = None) -> Stats:
        """:class:`Stats` of job ``i``, or of the whole batch (the sum of its jobs).

        Parameters
        ----------
        i : int or None
            A job's index (negative ones count from the end); None: the whole
            batch, its ``seconds`` those of the call.

        Returns
        -------
        Stats
            ``solutions`` (the job's count), ``nodes``, ``updates`` and a
            ``status``: ``MAX_NODES`` for a spent budget, ``COMPLETE`` for no
            solution or invalid givens, else ``LIMIT``.

        Raises
        ------
        ExactCoverError
            For an ``i`` that is not the index of a job.

        Examples
        --------
        >>> from dlxnumba import ExactCover
        >>> r = ExactCover.from_options(["A B", "B C", "C", "A"]).batch([[0], [1]], threads=1)
        >>> r.stats(0).solutions, r.stats().solutions
        (1, 2)
        """
        if i is None:
            total = Stats(status=Status.NONE)
            for k in range(len(self)):
                total = total + self.stats(k)
            total.seconds = self.seconds
            return total
        if not is_integer(i) or not -len(self) <= i < len(self):
            raise ExactCoverError(f"job index {plain(i)} is not one of the {len(self)} jobs")
        st = int(self.status[i])
        status = (Status.MAX_NODES if st == K.ST_BUDGET
                  else Status.COMPLETE if st in (K.ST_NO_SOLUTION, K.ST_INVALID) else Status.LIMIT)
        return Stats(solutions=int(self.count[i]), nodes=int(self.nodes[i]),
                     updates=int(self.updates[i]), status=status)


# ---------------------------------------------------------------------------
# Workspaces: per-thread lane rows
# ---------------------------------------------------------------------------


#: Spare bytes after each lane's row.  The hardware fetches cache lines in
#: aligned pairs (the adjacent-line prefetcher), so one spare 64-byte line was
#: not enough: two threads splitting 15 queens each ran at 0.75 of the speed of
#: one (the item headers at the start of one lane's links shared a pair of lines
#: with the last nodes of the lane before); with four spare lines at 0.98.
ROW_GAP = 256

#: Lane rows of several lanes are whole pages apart (bytes).  A lane's arrays
#: then sit at the same offsets within a page as lane 0's (the same cache sets,
#: and the same pairs of addresses alike in their low 12 bits, which the
#: processor may take for a store and a later load to one place): with rows
#: only :data:`ROW_GAP` bytes apart, lane 1 of a split of hard1 searched its
#: tasks 5-10% slower than lane 0 (134.0 ms a task on average against 127.5 ms
#: with whole pages, the same tasks over 8 processes each).  One lane keeps the
#: compact row (whole pages cost easy Sudoku batches on one thread 2-3%).
PAGE = 4096


def row_width(size: int, itemsize: int, paged: bool = True) -> int:
    """Entries in one lane's row of :func:`_rows` for ``size`` entries of
    ``itemsize`` bytes: the entries and at least :data:`ROW_GAP` spare bytes,
    in whole :data:`PAGE`\\ s when ``paged`` (several lanes), else in whole
    64-byte lines.

    >>> row_width(900, 4), row_width(1000, 4), row_width(1000, 4, paged=False)
    (1024, 2048, 1072)
    """
    unit = PAGE if paged else 64
    return -(-(size * itemsize + ROW_GAP) // unit) * (unit // itemsize)


def _rows(count: int, like: np.ndarray) -> np.ndarray:
    """``count`` copies of ``like`` as the rows of a 2-D array, whole pages
    apart when there are several (:func:`row_width`): two threads never write
    to one pair of cache lines (false sharing), and every lane's arrays lie
    alike in their pages."""
    rows = np.zeros((count, row_width(like.size, like.itemsize, count > 1)), like.dtype)
    rows[:, :like.size] = like
    return rows


class Workspace:
    """Lane rows for one template: links, cursors and lane vectors, ``count`` lanes."""

    def __init__(self, template, depth: int, count: int):
        t = template
        self.template = t
        self.count = count
        self.counter = np.zeros(K.COUNTER_SIZE, np.int64)
        u = np.uint32
        self.llink, self.rlink = _rows(count, t.llink), _rows(count, t.rlink)
        self.ulink, self.dlink = _rows(count, t.ulink), _rows(count, t.dlink)
        self.length = _rows(count, t.length)
        self.choice = _rows(count, np.zeros(depth, np.int32))
        self.profile = _rows(count, np.zeros(depth, np.int64))
        self.state = _rows(count, np.zeros(K.STATE_SIZE, np.int64))
        self.lanes = _rows(count, np.zeros(K.LANE_SIZE, np.int64))
        self.ret = np.zeros(count, np.int64)
        #: the template as a plain Links tuple
        self.template_t = (t.llink.view(u), t.rlink.view(u), t.top, t.ulink.view(u), t.dlink.view(u),
                           t.length)
        self.busy = False
        self._views: dict = {}

    def rows(self, k: int) -> tuple:
        """(links rows, cursor rows, lane rows) of the first ``k`` lanes, as plain tuples."""
        v = self._views.get(k)
        if v is None:
            u = np.uint32
            v = self._views[k] = (
                (self.llink[:k].view(u), self.rlink[:k].view(u), self.template.top,
                 self.ulink[:k].view(u), self.dlink[:k].view(u), self.length[:k]),
                (self.choice[:k], self.profile[:k], self.state[:k]),
                self.lanes[:k])
        return v

    @property
    def nbytes(self) -> int:
        """Bytes of solver state per lane (the shared, read-only template excluded)."""
        return sum(a.nbytes for a in (self.llink, self.rlink, self.ulink, self.dlink, self.length,
                                      self.choice, self.profile, self.state, self.lanes)) // self.count


_LOCAL = threading.local()
_CACHED = 8  # workspaces kept per Python thread
#: Parallel batches run one at a time in a process (their lanes take all the threads).
PARALLEL = threading.RLock()
#: The threads that run lanes 1, 2, ... of a parallel batch (lane 0 runs on the
#: caller's thread); grown on demand, made anew in a forked child.
_POOL: ThreadPoolExecutor | None = None
_POOL_SIZE = 0


def _pool(workers: int) -> ThreadPoolExecutor:
    """The pool of lane threads, with at least ``workers`` threads."""
    global _POOL, _POOL_SIZE
    if _POOL is None or _POOL_SIZE < workers:
        if _POOL is not None:
            _POOL.shutdown(wait=False)
        _POOL, _POOL_SIZE = ThreadPoolExecutor(workers, thread_name_prefix="dlxnumba-lane"), workers
    return _POOL


def _forget_pool() -> None:
    global _POOL, _POOL_SIZE
    _POOL, _POOL_SIZE = None, 0


os.register_at_fork(after_in_child=_forget_pool)


def run_lanes(lane: Callable, args: tuple, lanes_n: int, ret: np.ndarray) -> bool:
    """Run lanes ``0 .. lanes_n - 1`` of a batch once (one slice), lane 0 on this
    thread and the others on the pool's (the compiled lanes release the GIL);
    ``ret[k]`` gets lane k's return code.  Returns whether any lane paused.

    Ctrl-C while the others run waits for them (each ends its slice within a
    fraction of a second), so that no lane is left running, then goes on.
    """
    pool = _pool(lanes_n - 1)
    futures = [pool.submit(lane, k, *args) for k in range(1, lanes_n)]
    interrupted = False
    try:
        ret[0] = lane(0, *args)
    finally:
        while True:
            try:
                wait(futures)
                break
            except KeyboardInterrupt:
                interrupted = True
    for k, f in enumerate(futures, 1):
        ret[k] = f.result()
    if interrupted:
        raise KeyboardInterrupt
    return bool(ret[:lanes_n].any())


def workspace(template, depth: int, count: int, kind: str = "batch") -> Workspace:
    """This Python thread's workspace for ``count`` lanes of ``template`` (a fresh
    one when the cached one is in use, e.g. from a progress callback)."""
    cache = getattr(_LOCAL, "spaces", None)
    if cache is None:
        cache = _LOCAL.spaces = OrderedDict()
    key = (id(template), kind)
    w = cache.get(key)
    if w is None or w.count < count or w.template is not template:
        w = cache[key] = Workspace(template, depth, count)
        while len(cache) > _CACHED:
            cache.popitem(last=False)
    cache.move_to_end(key)
    if w.busy:
        w = Workspace(template, depth, count)
    return w


# ---------------------------------------------------------------------------
# The driver
# ---------------------------------------------------------------------------


@dataclass
class Run:
    """One batch in compiled code: what to run and where the results go."""

    entries: Entries  # the kernels that run it (e.g. GENERIC[width] of kernels.core.lanes)
    n1: int  # primary items
    jobs: tuple  # the entries' jobs record (kernels.Jobs), as a plain tuple
    results: tuple  # the entries' results record (kernels.Results), as a plain tuple
    first_node: np.ndarray

    def head(self, w: "Workspace", lanes_n: int) -> tuple:
        """The kernel's arguments before the budgets: jobs, template, lane rows."""
        links, cursors, lanes = w.rows(lanes_n)
        template = (w.template_t,) if self.entries.templated else ()
        return (self.n1, self.jobs, *template, self.first_node, links, cursors, lanes, w.counter)


def drive(run: Run, w: Workspace, lanes_n: int, stop_at: int, max_nodes: int | None,
          timeout: float | None, progress: Callable[[int, int], None] | None,
          progress_interval: float = 0.5, work_slice: int | None = None,
          between: Callable[[], None] | None = None) -> float:
    """Run every job of ``run`` on ``lanes_n`` lanes of ``w``.

    Returns when all jobs are done or ``timeout`` seconds have passed (then
    every unfinished job is BUDGET).  ``progress(done, total)`` is called every
    ``progress_interval`` seconds.  Ctrl-C interrupts between two slices.
    The kernel is compiled or loaded first (:func:`~dlxnumba.search.ready`),
    outside the timeout; the seconds that took are returned, so that callers
    can leave them out of their statistics.  ``between()``, when given, is
    called after every return of the lanes to Python (every slice of work, and
    when a lane's buffer of solutions is full), before anything else.
    """
    status = run.results[0]
    n_jobs = len(status)
    status.fill(K.ST_PENDING)
    if n_jobs == 0:
        return 0.0
    if max_nodes == 0 or timeout == 0:
        _search_nothing(run, w, lanes_n)
        return 0.0
    w.busy = True
    try:
        links, cursors, lanes = w.rows(lanes_n)
        lanes[:] = 0
        w.counter[K.COUNTER_NEXT] = w.counter[K.COUNTER_IDLE] = 0
        budget = NO_LIMIT if max_nodes is None else min(int(max_nodes), NO_LIMIT)
        slice_ = WORK_SLICE if work_slice is None else work_slice
        args = run.head(w, lanes_n) + ((stop_at, budget, slice_), run.results)
        lane = run.entries.lane
        ret = w.ret[:lanes_n]
        compiling = ready(lane, (0,) + args)
        started = last = time.perf_counter()
        while True:
            if lanes_n == 1:
                busy = lane(0, *args) != 0
            else:
                with PARALLEL:
                    busy = run_lanes(lane, args, lanes_n, ret)
            if between is not None:
                between()
            if not busy:
                return compiling
            now = time.perf_counter()
            if timeout is not None and now - started >= timeout:
                _time_out(run, w, lanes_n)
                return compiling
            if progress is not None and now - last >= progress_interval:
                last = now
                progress(int(min(w.counter[K.COUNTER_NEXT], n_jobs) - lanes[:, K.LANE_ACTIVE].sum()), n_jobs)
    finally:
        w.busy = False


def _search_nothing(run: Run, w: Workspace, lanes_n: int) -> None:
    """A budget of nothing (``max_nodes=0`` or ``timeout=0``): every job is
    BUDGET, with no solution, no node and no update, and no search is run."""
    status, count, nodes, updates = run.results[:4]
    status.fill(K.ST_BUDGET)
    count.fill(0)
    nodes.fill(0)
    updates.fill(0)
    if run.entries.first is not None:
        run.results[run.entries.first].fill(0)  # e.g. the lengths of the first solutions
    w.state[:lanes_n] = 0
    w.profile[:lanes_n] = 0
    w.lanes[:lanes_n] = 0


def _time_out(run: Run, w: Workspace, lanes_n: int) -> None:
    """Jobs in hand or not yet taken run out of time (BUDGET)."""
    status, count, nodes, updates = run.results[:4]
    for k in range(lanes_n):
        if w.lanes[k, K.LANE_ACTIVE]:
            i = int(w.lanes[k, K.LANE_CUR])
            count[i] = w.lanes[k, K.LANE_FOUND]
            nodes[i] = w.state[k, K.NODES]
            updates[i] = w.state[k, K.UPDATES]
            if run.entries.first is not None and count[i] == 0:
                run.results[run.entries.first][i] = 0
    status[status == K.ST_PENDING] = K.ST_BUDGET


def lanes_for(threads: int, n_jobs: int) -> int:
    """Lanes for a batch: a thread earns its start-up cost only with a few jobs to share."""
    return max(1, min(threads, n_jobs // JOBS_PER_THREAD))


# ---------------------------------------------------------------------------
# Generic batches
# ---------------------------------------------------------------------------


def _job_arrays(problem: "Problem", jobs, limit) -> tuple[np.ndarray, np.ndarray, np.ndarray, list]:
    """CSR givens, per-job limits and the given lists of ``jobs``, checked."""
    if isinstance(jobs, (str, bytes)):
        raise ExactCoverError("jobs must be a list of lists of given options")
    try:
        jobs = list(jobs)
    except TypeError:
        raise ExactCoverError(f"jobs must be an iterable of lists of option indices, "
                              f"not {plain(jobs)}") from None
    given = []
    for i, job in enumerate(jobs):
        try:
            given.append(check_given(problem, job))
        except ExactCoverError as e:
            raise ExactCoverError(f"job {i}: {e}") from None
    ptr = np.zeros(len(given) + 1, np.int64)
    np.cumsum([len(g) for g in given], out=ptr[1:])
    flat = np.concatenate(given).astype(np.int32) if given else np.zeros(0, np.int32)
    if is_integer(limit):
        if limit < 1:  # (checked with no jobs too)
            raise ExactCoverError(f"limit must be a positive integer, not {plain(limit)}")
        limits = np.full(len(given), min(int(limit), NO_LIMIT), np.int64)
    else:
        listed = limit
        try:
            listed = list(limit)
            limits = np.array(listed)
            if limits.size and (limits.dtype.kind not in "iu" or limits.ndim != 1):
                raise ValueError  # 1.5 was cut to 1
            limits = limits.astype(np.int64)
        except (TypeError, ValueError, OverflowError):
            raise ExactCoverError(f"limit must be a positive integer or one per job, "
                                  f"not {plain(listed if isinstance(limit, Iterator) else limit)}") from None
        if limits.shape != (len(given),):
            raise ExactCoverError(f"limit lists {limits.size} limits for {len(given)} jobs")
    if limits.size and limits.min() < 1:
        raise ExactCoverError(f"limit must be a positive integer, not {int(limits.min())}")
    return ptr, flat, limits, given


@documented
def run_batch(problem: "Problem", jobs: Sequence[Sequence[int]], limit: Any = 1, *, threads: int | None = None,
              stop_at: int = 1, max_nodes: int | None = None, timeout: float | None = None,
              progress: ProgressArg = None, progress_interval: float = 0.5,
              algorithm: str = "links") -> BatchResult:
    """Run many jobs, each a list of given options, through the compiled lanes.

    A job's own trouble (conflicting givens, a spent budget) is its status
    in the result, not an exception.  Batches run on dancing links only.
    This is :meth:`ExactCover.batch <dlxnumba.ExactCover.batch>`
    (``problem`` is the problem it is called on).

    Parameters
    ----------
    problem : ExactCover
        The problem every job searches.
    jobs : sequence of sequences of int
        The given options of each job (indices).  Conflicting givens make
        that job INVALID, with the reason in ``errors``.
    limit : int or sequence of int
        Solutions to look for (>= 1), for all jobs or one per job: ``1``
        finds a first solution, ``2`` also tells unique from multiple, a
        large limit counts.
    threads : int or None
        Threads the lanes run on (None: all that numba has).
    {stop_at}
    {max_nodes}
        Per job: a job that spends it gets BUDGET.
    {timeout}
        For the whole batch: the jobs left unfinished get BUDGET.  With
        ``max_nodes=0`` or ``timeout=0`` no job is searched: each gets
        BUDGET (an option given twice is still INVALID).
    {progress}
        Reports count the jobs done.
    {progress_interval}
    algorithm : {"links"}
        Only ``"links"``: batches run on dancing links.

    Returns
    -------
    BatchResult
        One entry per job, in job order: ``status`` (codes that compare
        with :class:`~dlxnumba.Status` members), ``count``, ``nodes``,
        ``updates``, ``first`` (the first solution, givens included, or
        None) and ``errors``.

    Raises
    ------
    ExactCoverError
        For a bad search option or ``limit``, an ``algorithm`` other than
        ``"links"``, jobs that are not lists of option indices in range.

    Examples
    --------
    >>> from dlxnumba import ExactCover, run_batch
    >>> p = ExactCover.from_options(["A B", "B C", "C", "A"])
    >>> r = p.batch([[0], [1], [0, 1]], limit=2)
    >>> r.status_names, r.count.tolist(), r.first
    (['SOLVED', 'SOLVED', 'INVALID'], [1, 1, 0], [[0, 2], [1, 3], None])
    >>> r = run_batch(p, [[], [2]], limit=2, threads=1)
    >>> r.status_names, r.count.tolist(), r.first
    (['MULTIPLE', 'SOLVED'], [2, 1], [[0, 2], [0, 2]])
    """
    options = SearchOptions(stop_at=stop_at, max_nodes=max_nodes, timeout=timeout, progress=progress,
                            progress_interval=progress_interval, threads=threads, algorithm=algorithm)
    if options.algorithm != "links":
        raise ExactCoverError(f"batches run on dancing links only: algorithm must be 'links', not "
                              f"{options.algorithm!r} (search one job at a time with Search for cells)")
    return batch_jobs(problem, jobs, limit, options)


def batch_jobs(problem: "Problem", jobs: Any, limit: Any, options: SearchOptions) -> BatchResult:
    """:func:`run_batch` with its search options in one record (checked already)."""
    stop_at, max_nodes, timeout = options.stop_at, options.max_nodes, options.timeout
    progress = options.reporter()
    progress_interval = options.progress_interval
    nthreads = options.thread_count()
    t0 = time.perf_counter()
    ptr, flat, limits, given = _job_arrays(problem, jobs, limit)
    if problem.has_colors or problem.has_bounds:
        return _run_searches(problem, given, limits, nthreads, options, progress, t0)
    n_jobs = len(limits)
    t = template(problem)
    depth = problem.n_primary + 1
    results = (np.empty(n_jobs, np.int8), np.zeros(n_jobs, np.int64), np.zeros(n_jobs, np.int64),
               np.zeros(n_jobs, np.int64), np.zeros((n_jobs, depth), np.int32),
               np.zeros(n_jobs, np.int32))
    jobs_t = (ptr, flat, limits)
    run = Run(GENERIC[t.width], problem.n_primary, jobs_t, results, t.first_node)
    lanes_n = lanes_for(nthreads, n_jobs)
    compiling = drive_reporting(run, workspace(t, depth, lanes_n), lanes_n, stop_at, max_nodes, timeout,
                                progress, progress_interval, "jobs", t0)
    status, count, nodes, updates, first, first_len = results
    for i, g in enumerate(given):
        if g.size and np.unique(g).size < g.size:  # an option listed twice (maybe an empty one)
            status[i], count[i], nodes[i], updates[i] = K.ST_INVALID, 0, 0, 0
    sols: list = []
    errors: list = []
    for i in range(n_jobs):
        if count[i] > 0:
            sols.append(sorted(given[i].tolist() + first[i, :first_len[i]].tolist()))
        else:
            sols.append(None)
        errors.append(_conflict(problem, given[i]) if status[i] == K.ST_INVALID else None)
    return BatchResult(status, count, nodes, updates, sols, time.perf_counter() - t0 - compiling, errors)


def _conflict(problem: "Problem", given: np.ndarray) -> str:
    """Why the givens of a job conflict."""
    twice = first_repeat(given)
    if twice is not None:
        return f"given option {twice} is listed twice"
    for bad in range(1, len(given)):
        seen = set()
        for j in given[:bad].tolist():
            seen.update(problem.option(j))
        if seen & set(problem.option(int(given[bad]))) or int(given[bad]) in given[:bad]:
            return describe_conflict(problem, given, bad)
    return "the given options conflict"


def batch_report(run: Run, w: Workspace, lanes_n: int, started: float, unit: str) -> Progress:
    """A :class:`~dlxnumba.progress.Progress` report of a batch between two slices:
    the jobs finished, and the nodes, updates and solutions of those and of the
    jobs in hand."""
    status, count, nodes, updates = run.results[:4]
    total = len(status)
    done = total - int(np.count_nonzero(status == K.ST_PENDING))
    active = w.lanes[:lanes_n, K.LANE_ACTIVE] != 0
    in_hand = w.lanes[:lanes_n, K.LANE_CUR][active]  # their results are written when they end
    state = w.state[:lanes_n][active]

    def total_of(results: np.ndarray, now: np.ndarray) -> int:
        return int(results.sum()) - int(results[in_hand].sum()) + int(now.sum())

    return Progress.of_jobs(done, total, time.perf_counter() - started,
                            total_of(nodes, state[:, K.NODES]), total_of(updates, state[:, K.UPDATES]),
                            total_of(count, w.lanes[:lanes_n, K.LANE_FOUND][active]), unit)


def drive_reporting(run: Run, w: Workspace, lanes_n: int, stop_at: int, max_nodes: int | None,
                    timeout: float | None, progress: Reporter | None, progress_interval: float,
                    unit: str, started: float, work_slice: int | None = None,
                    between: Callable[[], None] | None = None,
                    report: Callable[[], Progress] | None = None) -> float:
    """:func:`drive`, with a :func:`batch_report` to ``progress`` every
    ``progress_interval`` seconds (``started``: when the call began) and at the end;
    returns what :func:`drive` returns (the seconds spent compiling).
    ``report()``, when given, makes the reports instead of :func:`batch_report`;
    ``between`` is passed on to :func:`drive`."""
    if progress is None:
        return drive(run, w, lanes_n, stop_at, max_nodes, timeout, None, progress_interval, work_slice,
                     between)
    make = report if report is not None else lambda: batch_report(run, w, lanes_n, started, unit)

    def tell(done: int, total: int) -> None:
        progress(make())

    try:
        return drive(run, w, lanes_n, stop_at, max_nodes, timeout, tell, progress_interval, work_slice,
                     between)
    finally:
        progress.close(make)


# ---------------------------------------------------------------------------
# Batches of problems with colors or bounds
# ---------------------------------------------------------------------------


def _run_searches(problem: "Problem", given: list, limits: np.ndarray, nthreads: int, options: SearchOptions,
                  progress: Reporter | None, t0: float) -> BatchResult:
    """A batch of a problem with colors or bounds: one :class:`~dlxnumba.search.Search`
    per job (the compiled lanes run plain problems only), on ``nthreads`` Python
    threads (the search kernels release the GIL).  Statuses, counts, first
    solutions, budgets (``max_nodes`` per job, ``timeout`` for the batch) and
    errors as the lanes give them."""
    from concurrent.futures import ThreadPoolExecutor

    max_nodes, timeout, progress_interval = options.max_nodes, options.timeout, options.progress_interval
    n_jobs = len(given)
    status = np.full(n_jobs, K.ST_BUDGET, np.int8)
    count = np.zeros(n_jobs, np.int64)
    nodes = np.zeros(n_jobs, np.int64)
    updates = np.zeros(n_jobs, np.int64)
    first: list = [None] * n_jobs
    errors: list = [None] * n_jobs
    for i, g in enumerate(given):
        if g.size and np.unique(g).size < g.size:
            status[i] = K.ST_INVALID
            errors[i] = _conflict(problem, g)
    if max_nodes == 0 or timeout == 0 or n_jobs == 0:
        return BatchResult(status, count, nodes, updates, first, time.perf_counter() - t0, errors)
    compile_start = time.perf_counter()
    Search.using(problem, options.replace(progress=None))  # compiles (or loads) the kernel before any clock
    compiling = time.perf_counter() - compile_start
    deadline = None if timeout is None else time.perf_counter() + timeout
    lock = threading.Lock()
    finished = [0]  # jobs done
    last_report = [compile_start]

    def one(i: int) -> None:
        if status[i] == K.ST_INVALID:
            return
        left = None if deadline is None else deadline - time.perf_counter()
        if left is not None and left <= 0:
            return  # BUDGET
        try:
            s = Search.using(problem, options.replace(timeout=left, progress=None), given[i])
        except ExactCoverError as e:
            status[i] = K.ST_INVALID
            errors[i] = str(e)
            return
        try:
            sol = s.next()
            if sol is not None:
                first[i] = sol
                s.count(int(limits[i]))
            found = s.stats.solutions
            status[i] = (K.ST_NO_SOLUTION if found == 0 else K.ST_SOLVED if found == 1
                         else K.ST_MULTIPLE)
        except LimitReached:
            found = s.stats.solutions
        count[i] = found
        nodes[i] = s.stats.nodes
        updates[i] = s.stats.updates
        if progress is not None:
            with lock:
                finished[0] += 1
                now = time.perf_counter()
                if now - last_report[0] >= progress_interval:
                    last_report[0] = now
                    progress(_searches_report(finished[0], status, count, nodes, updates, t0, compiling))

    try:
        if nthreads > 1 and n_jobs > 1:
            with ThreadPoolExecutor(min(nthreads, n_jobs)) as pool:
                list(pool.map(one, range(n_jobs)))
        else:
            for i in range(n_jobs):
                one(i)
    finally:
        if progress is not None:
            progress.close(lambda: _searches_report(n_jobs, status, count, nodes, updates, t0, compiling))
    return BatchResult(status, count, nodes, updates, first, time.perf_counter() - t0 - compiling, errors)


def _searches_report(done: int, status, count, nodes, updates, t0: float, compiling: float) -> Progress:
    return Progress.of_jobs(done, len(status), time.perf_counter() - t0 - compiling, int(nodes.sum()),
                            int(updates.sum()), int(count.sum()), "jobs")
