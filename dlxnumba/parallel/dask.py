"""Count and enumerate solutions on a Dask cluster (``pip install "dlxnumba[dask]"``).

One search is split into subproblems (:meth:`ExactCover.split`: each a list
of given options, the path to a node of the search tree; together they cover
the tree exactly once), the subproblems are grouped into *tasks*, and the
tasks run on the workers of a Dask cluster (the ``distributed`` package).
The problem goes to the workers once, as the result of a small task that
holds it (a worker fetches it from another the first time it needs it); each
task runs all its subproblems in compiled code on one thread
(:func:`~dlxnumba.parallel.tasks.count_tasks`), and the results come back as
the tasks finish (``as_completed``).

What runs is an :class:`~dlxnumba.ExactCover` (with ``given`` options), or
any *encoded puzzle*: an object with a method ``exact_cover()`` returning
``(problem, given, decode)`` -- the exact-cover problem, the options its own
givens force, and a function turning a solution (option indices) back into a
puzzle's answer (:class:`~dlxnumba.Sudoku` is one).  This module knows
nothing of Sudoku.

Where the work runs is the ``client`` argument of every function here:

* a :class:`distributed.Client`: its cluster (left open);
* a scheduler address, e.g. ``"tcp://10.0.0.5:8786"``: a client is connected
  for the call (within ``connect_timeout`` seconds, else :class:`ConnectionError`
  naming the address) and closed after it;
* ``None`` or ``"local"``: a :class:`distributed.LocalCluster` of one worker
  process per core (one thread each) is started for the call and closed after
  it, quietly (no log lines of the workers and nannies as they close).

Faults: Dask runs a task again when the worker running it dies, and the
results are kept by subproblem (each counted once, when the first result for
it arrives), so a worker killed in the middle of a run does not change the
answer.  The problem is a task's result, not scattered data: when every
worker holding it is lost, the scheduler makes it again from the task.  A task
cancelled by the cluster (its data lost) is submitted again, with the problem
again if that is lost too.  Ctrl-C cancels the tasks not finished (the
running ones see it and end within :data:`STOP_CHECK_SECONDS`), and closes
what the call opened.

Resumable counts: ``checkpoint=PATH`` is a
:class:`~dlxnumba.parallel.checkpoint.Checkpoint`: the split is recorded when
the run starts and each subproblem's count as its task comes back; a count
stopped by Ctrl-C, a crash or a timeout and started again with the same
``PATH`` runs only the subproblems the file does not record, and ends with the
same total.  The file is the one of ``ExactCover.count(threads=N,
checkpoint=PATH)`` and of the command line's ``--checkpoint``: a count started
on a cluster can be finished on one machine, and the other way round.

Task size
---------
Measured here (:func:`task_overhead`; ``python bench/dask_speedup.py
--overhead-only``: a 2-worker ``LocalCluster`` of processes, ``distributed``
2026.8, 2 cores shared with other work at a load of 7-9): an empty task's
round trip, one at a time, 13-33 ms (mostly waiting for a busy core); with
many tasks in flight 4-15 ms of wall time per task, and 2-5 ms for a task that
takes data already on the workers as its argument (the problem is not sent again).
The rule: a task of at least :data:`MIN_TASK_SECONDS` (0.5 s) of estimated
work keeps Dask's share under 1% at the typical 2-5 ms (under 3% at the
worst measured).  By default a call makes
:data:`TASKS_PER_THREAD` tasks per worker thread (load balance: the heaviest
are sent first, the lightest last), fewer when the split's estimate of the
work (nodes plus updates, at :data:`WEIGHT_PER_SECOND`) would make them
shorter than that, but at least :data:`MIN_TASKS_PER_THREAD`.  Starting a
``LocalCluster`` of two processes takes 3-4 s more, so counts of less than a
few seconds are faster with ``count(threads=N)`` on one machine.

Examples
--------
>>> from dlxnumba import queens
>>> from dlxnumba.parallel import dask as dd
>>> from distributed import Client, LocalCluster
>>> with LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
...                   dashboard_address=":0") as cluster, Client(cluster) as client:
...     p, key = queens(8)
...     dd.count(p, client), len(dd.solutions(p, client))
(92, 92)
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import time
from concurrent.futures import CancelledError
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Protocol, Sequence

import numpy as np

from ..checks import flag, integer, number
from ..errors import ExactCoverError, LimitReached, plain
from ..problem import Problem
from ..progress import Progress, ProgressArg
from ..search_options import SearchOptions
from ..stats import Stats, Status
from ..template import check_given
from .checkpoint import Checkpoint
from .split import Split, SplitOptions, check_splittable, make_split
from .tasks import TaskRun, search_tasks

__all__ = ["DaskRun", "Encoded", "count", "solutions", "count_run", "solutions_run", "connect",
           "chunk_subproblems", "task_overhead", "worker_threads", "TASKS_PER_THREAD", "MIN_TASK_SECONDS"]

#: Tasks per worker thread, when the split has enough subproblems (load balance).
TASKS_PER_THREAD = 16
#: Fewest tasks per worker thread, when the split has enough subproblems.
MIN_TASKS_PER_THREAD = 4
#: Fewest estimated seconds of work per task (Dask's cost per task is ~2 ms here).
MIN_TASK_SECONDS = 0.5
#: Estimated nodes plus updates (the unit of a split's weights) per second of one thread: low
#: on purpose (measured here: 3e7 to 1e8 by load), so that tasks err on the short side.
WEIGHT_PER_SECOND = 5e7
#: Seconds to wait for a scheduler to answer.
CONNECT_TIMEOUT = 5.0
#: Seconds between two looks at the futures (and at Ctrl-C).
POLL_SECONDS = 0.05
#: Seconds between two looks of a running task at whether it was cancelled.
STOP_CHECK_SECONDS = 0.5
#: Times a task cancelled by the cluster (its data lost) is submitted again.
RESUBMITS = 3
#: Seconds a run waits at its end for the workers to finish loading the kernels
#: (a worker busy with that when its cluster closes is killed, noisily).
WARM_UP_WAIT = 30.0
#: The loggers silenced while a LocalCluster started here closes.
QUIET_LOGGERS = ("distributed", "tornado", "asyncio")


def _wait_for_warm_ups(client: Any, warming: dict, distributed: Any) -> None:
    """Wait, at most :data:`WARM_UP_WAIT` seconds, for the workers still loading the
    kernels (one busy with that when its cluster closes is killed, noisily); then
    cancel what is left.  A warm-up is pinned to its worker: one whose worker left
    the cluster (killed, lost; a restarted worker has a new address) never runs, so
    it is not waited for (the end of a run that lost a worker waited the whole 30 s)."""
    deadline = time.monotonic() + WARM_UP_WAIT
    while time.monotonic() < deadline:
        try:
            alive = set(client.nthreads())
        except Exception:  # the cluster went away under us: nothing to wait for
            break
        pending = [f for w, f in warming.items() if w in alive and not f.done()]
        if not pending:
            break
        try:
            distributed.wait(pending, timeout=min(0.5, max(0.01, deadline - time.monotonic())))
        except Exception:  # not yet (a TimeoutError), or a worker lost meanwhile: look again
            pass
    with contextlib.suppress(Exception):
        client.cancel([f for f in warming.values() if not f.done()])


class Encoded(Protocol):
    """A puzzle that runs on the generic runners: ``exact_cover()`` returns
    ``(problem, given, decode)`` -- an :class:`~dlxnumba.ExactCover`, the
    options its givens force, and a function from a solution (sorted option
    indices) to the puzzle's answer.  :class:`~dlxnumba.Sudoku` is one."""

    def exact_cover(self) -> tuple[Problem, Sequence[int], Callable[[list[int]], Any]]: ...


def distributed_package() -> Any:
    """The ``distributed`` package, or an ImportError saying how to install it."""
    try:
        import distributed
    except ImportError:
        raise ImportError('dlxnumba.parallel.dask needs the distributed package: '
                          'pip install "dlxnumba[dask]"') from None
    return distributed


# ---------------------------------------------------------------------------
# Where the work runs
# ---------------------------------------------------------------------------


@contextlib.contextmanager
def connect(client: Any = None, *, workers: int | None = None, connect_timeout: float | None = None,
            processes: bool = True) -> Iterator[Any]:
    """A :class:`distributed.Client` for ``client`` (see the module), closed on
    exit when this call opened it.

    ``workers``: workers of a ``LocalCluster`` started here (default: one
    per core), each a process of one thread, or with ``processes=False`` a
    thread of this process (the kernels release the GIL, so the threads run
    in parallel; no process to start, and the kernels this process has
    loaded serve them); ignored for an address or a client.  ``connect_timeout``:
    seconds to wait for a scheduler (default :data:`CONNECT_TIMEOUT`).

    >>> with connect("tcp://127.0.0.1:1", connect_timeout=0.5) as c:  # doctest: +ELLIPSIS
    ...     pass
    Traceback (most recent call last):
    ConnectionError: cannot reach a Dask scheduler at tcp://127.0.0.1:1 within 0.5 s...
    """
    distributed = distributed_package()
    if isinstance(client, distributed.Client):
        yield client
        return
    connect_timeout = CONNECT_TIMEOUT if connect_timeout is None else number(
        connect_timeout, "connect_timeout", positive=True)
    if client is not None and not isinstance(client, str):
        raise ExactCoverError(f"client must be a distributed.Client, a scheduler address or None, "
                              f"not {plain(client)}")
    processes = flag(processes, "processes")
    if client is None or client.strip().lower() == "local":
        n = integer(workers, "workers", low=1, none=True)
        with _local_client(distributed, (os.cpu_count() or 1) if n is None else n, processes) as c:
            yield c
        return
    address = client.strip()
    try:
        c = distributed.Client(address, timeout=f"{connect_timeout}s")
    except (OSError, TimeoutError, ValueError) as e:
        raise ConnectionError(f"cannot reach a Dask scheduler at {address} within {connect_timeout:g} s "
                              f"({type(e).__name__}: {e})") from None
    try:
        try:
            c.wait_for_workers(1, timeout=connect_timeout)
        except (TimeoutError, OSError):
            raise ConnectionError(f"the Dask scheduler at {address} has no worker (waited "
                                  f"{connect_timeout:g} s for one)") from None
        yield c
    finally:
        c.close()


@contextlib.contextmanager
def _local_client(distributed: Any, n: int, processes: bool) -> Iterator[Any]:
    """A client of a LocalCluster of ``n`` workers started for the call, closed
    quietly: the workers' loggers, then this process's, are silenced while
    the cluster closes (a worker or nanny losing its connection to a
    scheduler that is closing logs tracebacks that mean nothing here)."""
    try:
        cluster = distributed.LocalCluster(n_workers=n, threads_per_worker=1, processes=processes,
                                           dashboard_address=":0")
    except RuntimeError as e:  # a worker process could not start
        raise RuntimeError(f"dlxnumba.parallel.dask: cannot start a LocalCluster of {n} worker processes ({e}); "
                           f"in a script, start it (call dlxnumba.parallel.dask) under "
                           f"'if __name__ == \"__main__\":', since the workers import the "
                           f"script's main module") from None
    c = None
    try:
        c = distributed.Client(cluster)
        yield c
    finally:
        with _silenced(QUIET_LOGGERS):
            if c is not None:
                with contextlib.suppress(Exception):
                    c.run(_silence_worker, QUIET_LOGGERS)
                with contextlib.suppress(Exception):
                    c.close()
            cluster.close()


@contextlib.contextmanager
def _silenced(names: Sequence[str]) -> Iterator[None]:
    """The loggers ``names`` of this process silenced (below CRITICAL) for the block."""
    loggers = [logging.getLogger(name) for name in names]
    levels = [x.level for x in loggers]
    for x in loggers:
        x.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for x, level in zip(loggers, levels):
            x.setLevel(level)


def _silence_worker(names: Sequence[str]) -> None:
    """On a worker about to be closed: its loggers ``names`` silenced (below CRITICAL)."""
    for name in names:
        logging.getLogger(name).setLevel(logging.CRITICAL)


def worker_threads(client: Any) -> int:
    """Worker threads of ``client``'s cluster (at least 1)."""
    return max(1, sum(client.nthreads().values()))


# ---------------------------------------------------------------------------
# What runs on the workers
# ---------------------------------------------------------------------------


def _hold(problem: Problem) -> Problem:
    """The problem, as a task's result (kept on the workers; made again from the
    task when every worker holding it is lost)."""
    return problem


def _run_chunk(problem: Problem, subproblems: list, listing: bool, stop_at: int) -> TaskRun:
    """Run ``subproblems`` to their ends on one thread of a worker, in compiled
    code (:func:`~dlxnumba.parallel.tasks.search_tasks`).

    Between two slices of the search (every :data:`STOP_CHECK_SECONDS`) the
    task looks whether its future was cancelled (Ctrl-C on the client), and
    then ends (raising :class:`concurrent.futures.CancelledError`, which no
    one reads): a stopped run frees the workers within about that time,
    where Dask itself cannot interrupt a running task."""
    cancelled = _cancelled()

    def check(report: Progress) -> None:
        if cancelled is not None and cancelled():
            raise CancelledError("the run was stopped")

    options = SearchOptions(stop_at=stop_at, threads=1, progress=check if cancelled is not None else None,
                            progress_interval=STOP_CHECK_SECONDS)
    return search_tasks(problem, subproblems, options, listing=listing)


def _cancelled() -> Callable[[], bool] | None:
    """In a task on a Dask worker: a test of whether the task has been cancelled
    (its state on the worker no longer "executing"); None elsewhere, or where
    this version of ``distributed`` keeps its state otherwise."""
    try:
        from distributed import get_worker

        worker = get_worker()
        key = worker.get_current_task()
        tasks = worker.state.tasks
        if tasks[key].state != "executing":
            return None
    except Exception:  # not in a task, or another layout of the worker's state
        return None

    def cancelled() -> bool:
        ts = tasks.get(key)
        return ts is None or ts.state != "executing"

    return cancelled


def _warm_up() -> None:
    """Load the search kernels (numba's cache, or compile) in this worker process."""
    # options {a b}, {a}, {b}: the kernels of every problem without colors or bounds
    p = Problem(2, ("a", "b"), np.array([0, 2, 3, 4]), np.array([0, 1, 0, 1]))
    search_tasks(p, [()], SearchOptions(threads=1))


def _empty_task(x: Any = None) -> None:
    """Nothing (for measuring Dask's cost per task)."""
    return None


# ---------------------------------------------------------------------------
# Subproblems into tasks
# ---------------------------------------------------------------------------


def chunk_subproblems(weights: Sequence[float], threads: int, chunks: int | None = None) -> list[list[int]]:
    """Group subproblems (given by their estimated ``weights``, nodes plus
    updates) into Dask tasks: lists of subproblem indices, the heaviest task
    first.

    ``chunks`` tasks when given; else :data:`TASKS_PER_THREAD` per worker
    thread, but none estimated under :data:`MIN_TASK_SECONDS` (at
    :data:`WEIGHT_PER_SECOND`), and at least :data:`MIN_TASKS_PER_THREAD`
    per thread (so that a wrong estimate does not leave a worker idle).
    Each subproblem, heaviest first, goes to the lightest task so far
    (longest processing time first), so the tasks weigh about the same;
    within a task the subproblems keep their order.

    >>> chunk_subproblems([5.0, 1.0, 1.0, 2.0], threads=1, chunks=2)
    [[0], [1, 2, 3]]
    """
    w = np.asarray(weights, float).reshape(-1)
    w = np.where(np.isfinite(w) & (w > 0), w, 0.0) + 1e-9
    if chunks is None:
        seconds = float(w.sum()) / WEIGHT_PER_SECOND
        chunks = min(TASKS_PER_THREAD * threads,
                     max(MIN_TASKS_PER_THREAD * threads, int(seconds / MIN_TASK_SECONDS)))
    n = max(1, min(int(chunks), len(w)))
    bins: list = [[] for _ in range(n)]
    load = np.zeros(n)
    for i in np.argsort(-w, kind="stable").tolist():
        k = int(np.argmin(load))
        bins[k].append(i)
        load[k] += w[i]
    return [sorted(bins[k]) for k in np.argsort(-load, kind="stable").tolist() if bins[k]]


# ---------------------------------------------------------------------------
# Runs
# ---------------------------------------------------------------------------


@dataclass
class DaskRun:
    """What a run on Dask found.

    ``count``: solutions (those the split met above its subproblems included);
    ``solutions`` (:func:`solutions_run`): every solution, in the order of the
    serial search with the same ``stop_at`` (the split's solutions, then each
    subproblem's, in the split's order); ``stats``: nodes and updates of the
    split and of every subproblem (with ``stop_at=0`` those of the serial
    search, exactly), ``seconds`` the wall-clock time of the call.
    ``split``: the :class:`~dlxnumba.parallel.split.Split`; ``tasks``: the Dask
    tasks run (lists of subproblem indices); ``ran``: the subproblems this call
    ran (the rest came from the checkpoint); per subproblem (in the split's
    order, None for those not run here) ``part_nodes`` and ``part_seconds``
    (time in its worker's lane); per task ``task_seconds`` (time on its
    worker, Dask's overhead excluded).  ``threads``: worker threads;
    ``resubmitted``: tasks submitted again after the cluster lost them.
    """

    count: int
    stats: Stats
    split: Any
    tasks: list
    ran: list
    threads: int
    solutions: list | None = None
    part_nodes: list = field(default_factory=list)
    part_seconds: list = field(default_factory=list)
    task_seconds: list = field(default_factory=list)
    resubmitted: int = 0

    @property
    def resumed(self) -> int:
        """Subproblems taken from the checkpoint, not run again."""
        return len(self.split.subproblems) - len(self.ran)


#: How the Dask API names itself when it refuses a problem it cannot split.
ASKED = "a Dask run (dlxnumba.parallel.dask)"
INSTEAD = "count it on one machine, serially (its count() without threads= or checkpoint=)"


def _problem_of(problem: Any, given: Iterable[int]) -> tuple[Problem, np.ndarray, Callable | None]:
    """The exact-cover problem, root givens and solution decoder of an
    :class:`ExactCover` (and ``given``) or of an :class:`Encoded` puzzle."""
    if isinstance(problem, Problem):
        return problem, check_given(problem, given), None
    encode = getattr(problem, "exact_cover", None)
    if not callable(encode):
        raise ExactCoverError(f"problem must be an ExactCover or an encoded puzzle (an object with an "
                              f"exact_cover() method, such as a Sudoku), not {plain(problem)}")
    if list(given):
        raise ExactCoverError("given is for an ExactCover; an encoded puzzle's givens are its own "
                              "(a Sudoku's filled cells)")
    p, base, decode = encode()
    return p, check_given(p, base), decode


def count_run(problem: "Problem | Encoded", client: Any = None, *, given: Iterable[int] = (), stop_at: int = 1,
              split: Split | None = None, tasks: int | None = None, chunks: int | None = None,
              checkpoint: Any = None, timeout: float | None = None, workers: int | None = None,
              progress: ProgressArg = None, progress_interval: float = 0.5, connect_timeout: float | None = None,
              processes: bool = True) -> DaskRun:
    """Count the solutions of ``problem`` on a Dask cluster: a :class:`DaskRun`.

    Parameters
    ----------
    problem : ExactCover or Encoded
        An exact-cover problem, or an encoded puzzle such as a Sudoku (see the module).
    client : distributed.Client, str or None
        Where to run (see the module): a client, a scheduler address, or
        None / ``"local"`` for a ``LocalCluster`` of ``workers`` processes
        started for the call.
    given : iterable of int
        Options forced into every solution (an ExactCover only).
    stop_at : {1, 0}
        The branching rule (as in :meth:`ExactCover.solve`).
    split : Split, optional
        A ready split of the problem (:meth:`ExactCover.split`, made with the
        same ``given`` and ``stop_at``); by default one is made here, of
        ``tasks`` subproblems (default: 64 per worker thread).
    chunks : int, optional
        Dask tasks to group the subproblems into (default: see the module).
    checkpoint : str or path, optional
        A :class:`~dlxnumba.parallel.checkpoint.Checkpoint` file: the split and
        every finished subproblem are recorded there; a run given an existing
        file runs only the subproblems it does not record.  The same file
        works with ``ExactCover.count(threads=N, checkpoint=...)`` and the
        command line's ``--checkpoint``.
    timeout : float, optional
        Wall-clock seconds for the whole call: when they run out, the tasks
        not finished are cancelled and :class:`~dlxnumba.errors.LimitReached`
        is raised, with the count of the subproblems finished in ``found``
        (and, with ``checkpoint``, those are kept in the file for a resume).
    progress : True or callable, optional
        :class:`~dlxnumba.progress.Progress` reports every ``progress_interval``
        seconds: ``done``/``total`` subproblems, ``fraction`` by their weights
        (the split's estimates), the time left at the rate so far.
    workers, processes, connect_timeout
        As in :func:`connect`: the workers of a ``LocalCluster`` started for
        the call, processes (the default) or threads of this process.

    Returns
    -------
    DaskRun
    """
    options = SearchOptions(stop_at=stop_at, timeout=timeout, progress=progress,
                            progress_interval=progress_interval)
    runner = _DaskRunner(problem, given, options, SplitOptions(tasks=tasks), False, split, chunks, checkpoint)
    return runner.run(client, workers=workers, connect_timeout=connect_timeout, processes=processes)


def solutions_run(problem: "Problem | Encoded", client: Any = None, *, given: Iterable[int] = (), stop_at: int = 1,
                  split: Split | None = None, tasks: int | None = None, chunks: int | None = None,
                  timeout: float | None = None, workers: int | None = None, progress: ProgressArg = None,
                  progress_interval: float = 0.5, connect_timeout: float | None = None,
                  processes: bool = True) -> DaskRun:
    """:func:`count_run`, and every solution in ``solutions`` (decoded for an encoded
    puzzle); the same parameters but ``checkpoint`` (a checkpoint records counts)."""
    options = SearchOptions(stop_at=stop_at, timeout=timeout, progress=progress,
                            progress_interval=progress_interval)
    runner = _DaskRunner(problem, given, options, SplitOptions(tasks=tasks), True, split, chunks, None)
    return runner.run(client, workers=workers, connect_timeout=connect_timeout, processes=processes)


def count(problem: "Problem | Encoded", client: Any = None, **kwargs: Any) -> int:
    """The number of solutions of ``problem`` (an ExactCover or an encoded puzzle),
    counted on a Dask cluster; the arguments are those of :func:`count_run`.

    In a script, ``count(problem)`` (a ``LocalCluster`` started for the call)
    goes under ``if __name__ == "__main__":``: the worker processes import the
    script's main module.
    """
    return count_run(problem, client, **kwargs).count


def solutions(problem: "Problem | Encoded", client: Any = None, **kwargs: Any) -> list:
    """Every solution of ``problem``, found on a Dask cluster, in the order of the
    serial search: sorted lists of option indices (givens included), or the
    decoded answers of an encoded puzzle (Sudoku grids for a Sudoku).  The
    arguments are those of :func:`solutions_run`."""
    result = solutions_run(problem, client, **kwargs).solutions
    assert result is not None
    return result


class _DaskRunner:
    """One run on Dask: checked arguments, the plan (split or checkpoint, tasks),
    the loop over the futures, and what came back."""

    def __init__(self, problem: Any, given: Iterable[int], options: SearchOptions, knobs: SplitOptions,
                 listing: bool, split: Split | None, chunks: int | None, checkpoint: Any):
        self.t0 = time.perf_counter()
        self.options, self.knobs, self.listing = options, knobs, listing
        self.chunks = integer(chunks, "chunks", low=1, none=True)
        if checkpoint is not None and split is not None:
            raise ExactCoverError("give a checkpoint or a split, not both (a checkpoint holds its split)")
        self.p, self.base, self.decode = _problem_of(problem, given)
        check_splittable(self.p, options, asked=ASKED, instead=INSTEAD)
        if split is not None and (not isinstance(split, Split) or split.problem != self.p
                                  or list(split.given) != self.base.tolist() or split.stop_at != options.stop_at):
            raise ExactCoverError("split must be a Split of this problem, made with the same given and stop_at")
        self.given_split, self.checkpoint = split, checkpoint
        self.report = options.reporter()
        self.book: Checkpoint | None = None
        self.parts: dict = {}  # subproblem -> (count, nodes, updates, seconds)
        self.found: dict = {}  # subproblem -> its solutions
        self.resubmitted = 0

    def run(self, client: Any, **where: Any) -> DaskRun:
        distributed = distributed_package()
        with connect(client, **where) as c:
            self.threads = worker_threads(c)
            # each worker loads the kernels while the problem is split here
            warming = {w: c.submit(_warm_up, workers=[w], allow_other_workers=False, pure=False)
                       for w in c.nthreads()}
            self._plan()
            self._execute(c)
            _wait_for_warm_ups(c, warming, distributed)
        return self._result()

    def _plan(self) -> None:
        """The split (from the checkpoint, given, or made here) and the Dask tasks."""
        tasks = self.knobs.tasks or 64 * self.threads
        if self.checkpoint is not None:
            self.book = Checkpoint.using(os.fspath(self.checkpoint), self.p, self.base, self.options,
                                         SplitOptions(tasks=tasks),
                                         asked=ASKED, instead=INSTEAD)
            self.split: Split = self.book.split
            self.done = dict(self.book.done)
        else:
            self.split = self.given_split if self.given_split is not None else make_split(
                self.p, self.base, self.options, SplitOptions(tasks=tasks), asked=ASKED, instead=INSTEAD)
            self.done = {}
        todo = [i for i in range(len(self.split.subproblems)) if i not in self.done]
        self.groups = [[todo[k] for k in g] for g in chunk_subproblems(
            [self.split.weights[i] for i in todo], self.threads, self.chunks)] if todo else []
        self.task_seconds: list = [None] * len(self.groups)

    def _execute(self, c: Any) -> None:
        """Run the Dask tasks on ``c``'s cluster, each subproblem's result kept once
        (those finished when the timeout runs out)."""
        distributed = distributed_package()
        split, done, timeout = self.split, self.done, self.options.timeout
        w = np.asarray(split.weights, float)
        total_w = float(w.sum()) or 1.0
        self.tally = [float(sum(w[i] for i in done)), sum(v[1] for v in done.values()),
                      sum(v[2] for v in done.values()), sum(v[0] for v in done.values()) + len(split.solutions),
                      len(done)]  # weight, nodes, updates, solutions, subproblems done

        def progress_now() -> Progress:
            t = self.tally
            return Progress(time.perf_counter() - self.t0, t[1], t[2], t[3], min(t[0] / total_w, 1.0), t[4],
                            len(split.subproblems), "tasks")

        deadline = None if timeout is None else self.t0 + timeout
        futures = _Futures(c, self.p, split, self.groups, self.listing)
        try:
            futures.submit_all()
            pending = distributed.as_completed(futures.current(), with_results=False)
            last = time.perf_counter()
            while not pending.is_empty():
                batch = pending.next_batch(block=False)
                if not batch:
                    time.sleep(POLL_SECONDS)
                for f in batch:
                    k = futures.index[f.key]
                    r = _result(f)
                    if r is None:  # lost with its workers (its data, or the problem's)
                        pending.add(futures.resubmit(k, f))
                        self.resubmitted += 1
                        continue
                    f.release()
                    self._absorb(k, r, w)
                now = time.perf_counter()
                if deadline is not None and now >= deadline:
                    break  # the tasks left are cancelled below
                if self.report is not None and now - last >= self.options.progress_interval:
                    last = now
                    self.report(progress_now())
        finally:
            futures.cancel_left()  # the running ones end at their next look (see _run_chunk)
            if self.report is not None:
                self.report.close(progress_now)

    def _absorb(self, k: int, r: TaskRun, w: np.ndarray) -> None:
        """The results of task ``k``: each subproblem's kept once (and recorded in the checkpoint)."""
        self.task_seconds[k] = r.wall
        fresh = []
        t = self.tally
        for j, i in enumerate(self.groups[k]):
            if i in self.parts:  # one result per subproblem: never counted twice
                continue
            self.parts[i] = (r.count[j], r.nodes[j], r.updates[j], r.seconds[j])
            fresh.append((i, *self.parts[i]))
            if r.solutions is not None:
                self.found[i] = r.solutions[j]
            t[0] += float(w[i])
            t[1] += r.nodes[j]
            t[2] += r.updates[j]
            t[3] += r.count[j]
            t[4] += 1
        if self.book is not None and fresh:
            self.book.record(fresh)

    def _result(self) -> DaskRun:
        split, parts = self.split, self.parts
        n = len(split.subproblems)
        records = {**self.done, **{i: v[:4] for i, v in parts.items()}}
        total = len(split.solutions) + sum(v[0] for v in records.values())
        stats = Stats(solutions=total, status=Status.COMPLETE, seconds=time.perf_counter() - self.t0,
                      nodes=split.stats.nodes + sum(v[1] for v in records.values()),
                      updates=split.stats.updates + sum(v[2] for v in records.values()))
        if len(records) < n:  # the timeout ran out
            stats.status = Status.TIMEOUT
            raise LimitReached(Status.TIMEOUT, stats, total if not self.listing else None)
        sols = None
        if self.listing:
            sols = [list(s) for s in split.solutions]
            for i in range(n):
                sols.extend(self.found.get(i, []))
            if self.decode is not None:
                sols = [self.decode(s) for s in sols]
        return DaskRun(total, stats, split, self.groups, sorted(parts), self.threads, sols,
                       [parts[i][1] if i in parts else None for i in range(n)],
                       [parts[i][3] if i in parts else None for i in range(n)], self.task_seconds,
                       self.resubmitted)


def _result(f: Any) -> TaskRun | None:
    """The result of the finished future ``f``, or None when the cluster cancelled
    it (its data lost, before or while it is gathered): not an error of the task."""
    if f.status != "cancelled":
        try:
            return f.result()
        except CancelledError:
            pass
    return None


class _Futures:
    """The futures of one run: the problem (a task's result) and one future per
    Dask task, submitted again (with the problem again if need be) when the
    cluster cancels them."""

    def __init__(self, client: Any, problem: Problem, split: Split, groups: list, listing: bool):
        self.client, self.problem, self.split, self.groups, self.listing = client, problem, split, groups, listing
        self.token = hashlib.sha256(os.urandom(16)).hexdigest()[:16]
        self.held: Any = None
        self.futures: list = [None] * len(groups)
        self.index: dict = {}  # key -> task
        self.tries = [0] * len(groups)

    def _hold(self) -> Any:
        if self.held is None or self.held.status not in ("pending", "finished"):
            self.held = self.client.submit(_hold, self.problem, key=f"dlxnumba-problem-{self.token}-"
                                           f"{sum(self.tries)}", pure=False)
        return self.held

    def _submit(self, k: int) -> Any:
        subs = [tuple(self.split.subproblems[i]) for i in self.groups[k]]
        f = self.client.submit(_run_chunk, self._hold(), subs, self.listing, self.split.stop_at,
                               key=f"dlxnumba-{self.token}-{k}-{self.tries[k]}", pure=False, retries=2)
        self.futures[k] = f
        self.index[f.key] = k
        return f

    def submit_all(self) -> None:
        for k in range(len(self.groups)):  # the heaviest first
            self._submit(k)

    def current(self) -> list:
        return [f for f in self.futures if f is not None]

    def resubmit(self, k: int, lost: Any) -> Any:
        """Task ``k`` again, after the cluster cancelled it (``lost``)."""
        self.tries[k] += 1
        if self.tries[k] > RESUBMITS:
            lost.result()  # raises the cluster's CancelledError
        return self._submit(k)

    def cancel_left(self) -> None:
        left = [f for f in self.current() if not f.done()]
        with contextlib.suppress(Exception):
            if left:
                self.client.cancel(left)
            if self.held is not None:
                self.held.release()


# ---------------------------------------------------------------------------
# Measuring Dask's cost per task
# ---------------------------------------------------------------------------


def task_overhead(client: Any, tasks: int = 200, payload: Any = None) -> dict:
    """Dask's cost per task on ``client``'s cluster, in seconds.

    ``serial``: one empty task at a time (submit, wait for the result);
    ``flight``: ``tasks`` empty tasks in flight together, wall time per task;
    ``scattered``: the same with the scattered ``payload`` (e.g. a problem) as
    argument (the cost of a task that refers to data already on the workers).
    """
    distributed = distributed_package()
    for f in [client.submit(_empty_task, i, pure=False) for i in range(2 * worker_threads(client))]:
        f.result()  # warm up every worker
    t0 = time.perf_counter()
    for i in range(max(tasks // 4, 1)):
        client.submit(_empty_task, i, pure=False).result()
    serial = (time.perf_counter() - t0) / max(tasks // 4, 1)
    t0 = time.perf_counter()
    distributed.wait([client.submit(_empty_task, i, pure=False) for i in range(tasks)])
    flight = (time.perf_counter() - t0) / tasks
    out = {"serial": serial, "flight": flight, "threads": worker_threads(client)}
    if payload is not None:
        shared = client.scatter(payload, broadcast=True, hash=False)
        t0 = time.perf_counter()
        distributed.wait([client.submit(_empty_task, shared, pure=False) for _ in range(tasks)])
        out["scattered"] = (time.perf_counter() - t0) / tasks
    return out
