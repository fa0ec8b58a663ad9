"""Count and enumerate solutions on a Dask cluster (``pip install "dlxnumba[dask]"``).

One search is split into subproblems (:meth:`ExactCover.split`: each a list
of given options, the path to a node of the search tree; together they cover
the tree exactly once), the subproblems are grouped into *tasks*, and the
tasks run on the workers of a Dask cluster (the ``distributed`` package).
The problem is sent to the workers once (``Client.scatter(broadcast=True)``);
each task runs all its subproblems in compiled code on one thread, and the
results come back as the tasks finish (``as_completed``).

Where the work runs is the ``client`` argument of every function here:

* a :class:`distributed.Client`: its cluster (left open);
* a scheduler address, e.g. ``"tcp://10.0.0.5:8786"``: a client is connected
  for the call (within ``connect_timeout`` seconds, else :class:`ConnectionError`
  naming the address) and closed after it;
* ``None`` or ``"local"``: a :class:`distributed.LocalCluster` of one worker
  process per core (one thread each) is started for the call and closed after it.

Faults: Dask runs a task again when the worker running it dies, and the
results are kept by subproblem (each counted once, when the first result for
it arrives), so a worker killed in the middle of a run does not change the
answer.  Ctrl-C cancels the tasks not finished (the running ones see it and end
within :data:`STOP_CHECK_SECONDS`), and closes what the call opened.

Resumable counts: ``checkpoint=PATH`` is a :class:`dlxnumba.split.Checkpoint`:
the split is recorded when the run starts and each subproblem's count as its
task comes back; a count stopped by Ctrl-C, a crash or a timeout and started
again with the same ``PATH`` runs only the subproblems the file does not
record, and ends with the same total.  The file is the one of
``ExactCover.count(threads=N, checkpoint=PATH)`` and of the command line's
``--checkpoint``: a count started on a cluster can be finished on one machine,
and the other way round.

Task size
---------
Measured here (:func:`task_overhead`; ``python bench/dask_speedup.py
--overhead-only``: a 2-worker ``LocalCluster`` of processes, ``distributed``
2026.8, 2 cores shared with other work at a load of 7-9): an empty task's
round trip, one at a time, 13-33 ms (mostly waiting for a busy core); with
many tasks in flight 4-15 ms of wall time per task, and 2-5 ms for a task that
takes the scattered problem as its argument (the problem is not sent again).
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
>>> from dlxnumba import dask as dd
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
import os
import time
from concurrent.futures import CancelledError
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator

import numpy as np

from .errors import ExactCoverError, LimitReached, plain
from .progress import Progress, ProgressArg
from .search_options import SearchOptions
from .stats import Stats, Status
from .template import check_given

if TYPE_CHECKING:  # pragma: no cover
    from .exact_cover import ExactCover

__all__ = ["DaskRun", "count", "solutions", "run", "solve_chunks", "connect", "chunk_subproblems",
           "task_overhead", "TASKS_PER_THREAD", "MIN_TASK_SECONDS"]

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
#: Chunks of puzzles in flight per worker thread in :func:`solve_chunks`.
CHUNKS_IN_FLIGHT = 2


def _distributed():
    """The ``distributed`` package, or an ImportError saying how to install it."""
    try:
        import distributed
    except ImportError:
        raise ImportError('dlxnumba.dask needs the distributed package: pip install "dlxnumba[dask]"') from None
    return distributed


# ---------------------------------------------------------------------------
# Where the work runs
# ---------------------------------------------------------------------------


@contextlib.contextmanager
def connect(client=None, *, workers: int | None = None, connect_timeout: float | None = None,
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
    distributed = _distributed()
    if isinstance(client, distributed.Client):
        yield client
        return
    if connect_timeout is None:
        connect_timeout = CONNECT_TIMEOUT
    if client is not None and not isinstance(client, str):
        raise ExactCoverError(f"client must be a distributed.Client, a scheduler address or None, "
                              f"not {plain(client)}")
    if isinstance(connect_timeout, bool) or not isinstance(connect_timeout, (int, float)) \
            or not connect_timeout > 0:
        raise ExactCoverError(f"connect_timeout must be a positive number of seconds, not {plain(connect_timeout)}")
    if processes not in (True, False):
        raise ExactCoverError(f"processes must be True or False, not {plain(processes)}")
    if client is None or client.strip().lower() == "local":
        if workers is not None and (isinstance(workers, bool) or not isinstance(workers, (int, np.integer))
                                    or workers < 1):
            raise ExactCoverError(f"workers must be a positive integer or None, not {plain(workers)}")
        n = int(workers) if workers is not None else (os.cpu_count() or 1)
        try:
            cluster = distributed.LocalCluster(n_workers=n, threads_per_worker=1, processes=processes,
                                               dashboard_address=":0")
        except RuntimeError as e:  # a worker process could not start
            raise RuntimeError(f"dlxnumba.dask: cannot start a LocalCluster of {n} worker processes ({e}); "
                               f"in a script, start it (call dlxnumba.dask) under "
                               f"'if __name__ == \"__main__\":', since the workers import the "
                               f"script's main module") from None
        with cluster, distributed.Client(cluster) as c:
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


def _threads(client) -> int:
    """Worker threads of the cluster (at least 1)."""
    return max(1, sum(client.nthreads().values()))


# ---------------------------------------------------------------------------
# What runs on the workers
# ---------------------------------------------------------------------------


def _run_chunk(problem: "ExactCover", subproblems: list, mode: str, stop_at: int):
    """Run ``subproblems`` to their ends on one thread of a worker, in compiled
    code (:func:`dlxnumba.split.run_tasks`): a :class:`~dlxnumba.split.TaskRun`.

    Between two slices of the search (every :data:`STOP_CHECK_SECONDS`) the
    task looks whether its future was cancelled (Ctrl-C on the client), and
    then ends (raising :class:`concurrent.futures.CancelledError`, which no
    one reads): a stopped run frees the workers within about that time,
    where Dask itself cannot interrupt a running task."""
    from .split import run_tasks

    cancelled = _cancelled()

    def check(report) -> None:
        if cancelled is not None and cancelled():
            raise CancelledError("the run was stopped")

    return run_tasks(problem, subproblems, mode, threads=1, stop_at=stop_at,
                     progress=check if cancelled is not None else None, progress_interval=STOP_CHECK_SECONDS)


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
    from .encodings import queens
    from .split import run_tasks

    p, _ = queens(5)
    run_tasks(p, [()], "count", threads=1)


def _empty_task(x=None) -> None:
    """Nothing (for measuring Dask's cost per task)."""
    return None


# ---------------------------------------------------------------------------
# Subproblems into tasks
# ---------------------------------------------------------------------------


def chunk_subproblems(weights: list, threads: int, chunks: int | None = None) -> list[list[int]]:
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
    ``solutions`` (enumerations): every solution, in the order of the serial
    search with the same ``stop_at`` (the split's solutions, then each
    subproblem's, in the split's order); ``stats``: nodes and updates of the
    split and of every subproblem (with ``stop_at=0`` those of the serial
    search, exactly), ``seconds`` the wall-clock time of the call.
    ``split``: the :class:`~dlxnumba.split.Split`; ``tasks``: the Dask tasks
    run (lists of subproblem indices); ``ran``: the subproblems this call ran
    (the rest came from the checkpoint); per subproblem (in the split's
    order, None for those not run here) ``part_nodes`` and ``part_seconds``
    (time in its worker's lane); per task ``task_seconds`` (time on its
    worker, Dask's overhead excluded).  ``threads``: worker threads.
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

    @property
    def resumed(self) -> int:
        """Subproblems taken from the checkpoint, not run again."""
        return len(self.split.subproblems) - len(self.ran)


def _problem_of(problem, given) -> tuple["ExactCover", list, Callable | None]:
    """The exact-cover problem, root givens and solution decoder of an
    :class:`ExactCover` (and ``given``) or a :class:`Sudoku`."""
    from .exact_cover import ExactCover
    from .sudoku import Sudoku

    if isinstance(problem, Sudoku):
        if list(given):
            raise ExactCoverError("given is for an ExactCover; a Sudoku's givens are its filled cells")
        from .sudoku.encoding import decode

        p, _key, base = problem.to_problem()
        puzzle = problem
        return p, list(base), lambda sol: puzzle._with_cells(decode(sol, puzzle.n))
    if not isinstance(problem, ExactCover):
        raise ExactCoverError(f"problem must be an ExactCover or a Sudoku, not {plain(problem)}")
    return problem, check_given(problem, given).tolist(), None


def _positive_or_none(value, name: str) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1):
        raise ExactCoverError(f"{name} must be a positive integer or None, not {plain(value)}")


def run(problem, client=None, *, solutions: bool = False, given: Iterable[int] = (), stop_at: int = 1,
        split=None, tasks: int | None = None, chunks: int | None = None, checkpoint=None,
        timeout: float | None = None, workers: int | None = None, progress: ProgressArg = None,
        progress_interval: float = 0.5, connect_timeout: float | None = None,
        processes: bool = True) -> DaskRun:
    """Count (or, with ``solutions=True``, enumerate) on a Dask cluster.

    Parameters
    ----------
    problem : ExactCover or Sudoku
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
        A :class:`~dlxnumba.split.Checkpoint` file (counts only): the split and
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
    from .split import Checkpoint, Split

    t0 = time.perf_counter()
    options = SearchOptions(stop_at=stop_at, timeout=timeout, progress=progress,
                            progress_interval=progress_interval)
    stop_at, timeout = options.stop_at, options.timeout
    report, progress_interval = options.reporter(), options.progress_interval
    _positive_or_none(tasks, "tasks")
    _positive_or_none(chunks, "chunks")
    if checkpoint is not None and solutions:
        raise ExactCoverError("checkpoint= records counts only: it cannot be used to list solutions")
    if checkpoint is not None and split is not None:
        raise ExactCoverError("give a checkpoint or a split, not both (a checkpoint holds its split)")
    p, base, decode = _problem_of(problem, given)
    if split is not None and (not isinstance(split, Split) or split.problem != p
                              or list(split.given) != base or split.stop_at != stop_at):
        raise ExactCoverError("split must be a Split of this problem, made with the same given and stop_at")
    _distributed()
    with connect(client, workers=workers, connect_timeout=connect_timeout, processes=processes) as c:
        threads = _threads(c)
        # each worker loads the kernels while the problem is split here
        warming = [c.submit(_warm_up, workers=[w], allow_other_workers=False, pure=False)
                   for w in c.nthreads()]
        book = None
        if checkpoint is not None:
            book = Checkpoint.open(os.fspath(checkpoint), p, given=base, stop_at=stop_at,
                                   tasks=tasks or 64 * threads)
            split, done = book.split, dict(book.done)
        else:
            if split is None:
                split = p.split(tasks or 64 * threads, given=base, stop_at=stop_at)
            done = {}
        todo = [i for i in range(len(split.subproblems)) if i not in done]
        groups = [[todo[k] for k in g] for g in
                  chunk_subproblems([split.weights[i] for i in todo], threads, chunks)] if todo else []
        deadline = None if timeout is None else t0 + timeout
        parts, found, task_seconds = _execute(c, p, split, groups, done, solutions, book, report,
                                              progress_interval, t0, deadline)
        c.cancel([f for f in warming if not f.done()])  # (a worker lost before it ran its own)
    n = len(split.subproblems)
    records = {**done, **{i: v[:4] for i, v in parts.items()}}
    total = len(split.solutions) + sum(v[0] for v in records.values())
    stats = Stats(solutions=total, status=Status.COMPLETE, seconds=time.perf_counter() - t0,
                  nodes=split.stats.nodes + sum(v[1] for v in records.values()),
                  updates=split.stats.updates + sum(v[2] for v in records.values()))
    if len(records) < n:  # the timeout ran out
        stats.status = Status.TIMEOUT
        raise LimitReached(Status.TIMEOUT, stats, total if not solutions else None)
    sols = None
    if solutions:
        sols = [list(s) for s in split.solutions]
        for i in range(n):
            sols.extend(found.get(i, []))
        if decode is not None:
            sols = [decode(s) for s in sols]
    return DaskRun(total, stats, split, groups, sorted(parts), threads, sols,
                   [parts[i][1] if i in parts else None for i in range(n)],
                   [parts[i][3] if i in parts else None for i in range(n)], task_seconds)


def _execute(client, problem, split, groups: list, done: dict, solutions: bool, book, report,
             interval: float, t0: float, deadline: float | None) -> tuple[dict, dict, list]:
    """Run the Dask tasks ``groups`` (lists of subproblem indices) on ``client``'s
    cluster: each subproblem's ``(count, nodes, updates, seconds)``, each
    subproblem's solutions (enumerations), each task's seconds on its worker
    (those finished by ``deadline``, a :func:`time.perf_counter` time)."""
    distributed = _distributed()
    mode = "solutions" if solutions else "count"
    parts: dict = {}
    found: dict = {}
    task_seconds: list = [None] * len(groups)
    w = np.asarray(split.weights, float)
    total_w = float(w.sum()) or 1.0
    state = {"w": float(sum(w[i] for i in done)), "n": sum(v[1] for v in done.values()),
             "u": sum(v[2] for v in done.values()),
             "s": sum(v[0] for v in done.values()) + len(split.solutions), "done": len(done)}

    def progress_now() -> Progress:
        return Progress(time.perf_counter() - t0, state["n"], state["u"], state["s"],
                        min(state["w"] / total_w, 1.0), state["done"], len(split.subproblems), "tasks")

    futures: list = []
    token = hashlib.sha256(os.urandom(16)).hexdigest()[:16]
    try:
        if groups:
            shared = client.scatter(problem, broadcast=True, hash=False)
            for k, g in enumerate(groups):  # the heaviest first
                futures.append(client.submit(_run_chunk, shared, [tuple(split.subproblems[i]) for i in g],
                                             mode, split.stop_at, key=f"dlxnumba-{token}-{k}",
                                             pure=False, retries=2))
        index = {f.key: k for k, f in enumerate(futures)}
        pending = distributed.as_completed(futures, with_results=False)
        last = time.perf_counter()
        while not pending.is_empty():
            batch = pending.next_batch(block=False)
            if not batch:
                time.sleep(POLL_SECONDS)
            for f in batch:
                k = index[f.key]
                r = f.result()
                f.release()
                task_seconds[k] = r.wall
                fresh = []
                for j, i in enumerate(groups[k]):
                    if i in parts:  # one result per subproblem: never counted twice
                        continue
                    parts[i] = (r.count[j], r.nodes[j], r.updates[j], r.seconds[j])
                    fresh.append((i, *parts[i]))
                    if r.solutions is not None:
                        found[i] = r.solutions[j]
                    state["w"] += float(w[i])
                    state["n"] += r.nodes[j]
                    state["u"] += r.updates[j]
                    state["s"] += r.count[j]
                    state["done"] += 1
                if book is not None and fresh:
                    book.record(fresh)
            now = time.perf_counter()
            if deadline is not None and now >= deadline:
                break  # the tasks left are cancelled below
            if report is not None and now - last >= interval:
                last = now
                report(progress_now())
        return parts, found, task_seconds
    finally:
        left = [f for f in futures if not f.done()]
        if left:
            with contextlib.suppress(Exception):
                client.cancel(left)  # the running ones end at their next look (see _run_chunk)
        if report is not None:
            report.close(progress_now)


def count(problem, client=None, **kwargs) -> int:
    """The number of solutions of ``problem`` (an ExactCover or a Sudoku), counted
    on a Dask cluster; the arguments are those of :func:`run`.

    In a script, ``count(problem)`` (a ``LocalCluster`` started for the call)
    goes under ``if __name__ == "__main__":``: the worker processes import the
    script's main module.
    """
    return run(problem, client, **kwargs).count


def solutions(problem, client=None, **kwargs) -> list:
    """Every solution of ``problem``, found on a Dask cluster, in the order of the
    serial search: sorted lists of option indices (givens included), or Sudoku
    grids for a Sudoku.  The arguments are those of :func:`run`."""
    result = run(problem, client, solutions=True, **kwargs).solutions
    assert result is not None
    return result


# ---------------------------------------------------------------------------
# Batches of puzzles
# ---------------------------------------------------------------------------


def _solve_chunk_task(cells: np.ndarray, limit: int, box, stop_at: int, max_nodes) -> tuple:
    """:func:`~dlxnumba.sudoku.solve_many` of one chunk on one thread:
    ``(solutions, status, nodes, updates, counts)`` arrays."""
    from .sudoku import solve_many

    r = solve_many(cells, 1, limit, box=box, stop_at=stop_at, max_nodes=max_nodes, return_stats=True)
    sols, status, info = r[0], r[1], r[2]
    return (np.asarray(sols), np.asarray(status, np.int8), np.asarray(info["nodes"]),
            np.asarray(info["updates"]), np.asarray(info["count"]))


def solve_chunks(chunks: Iterable[np.ndarray], client, *, limit: int = 1, box=None, stop_at: int = 1,
                 max_nodes: int | None = None, in_flight: int | None = None) -> Iterator[tuple]:
    """Solve chunks of puzzles ((k, N*N) uint8 arrays, e.g. from
    :func:`~dlxnumba.sudoku.iter_puzzles`) on a Dask cluster, each with
    :func:`~dlxnumba.sudoku.solve_many` on one worker thread.

    Yields ``(chunk, solutions, status, nodes, updates, counts)`` per chunk,
    in input order, as soon as that chunk and all before it are done; at most
    ``in_flight`` chunks (default: :data:`CHUNKS_IN_FLIGHT` per worker thread)
    are read ahead, so a file of any size streams through in bounded memory.
    ``client`` must be a :class:`distributed.Client` (see :func:`connect`).
    Closing the generator (or Ctrl-C) cancels the chunks in flight.
    """
    distributed = _distributed()
    if not isinstance(client, distributed.Client):
        raise ExactCoverError(f"client must be a distributed.Client (see dlxnumba.dask.connect), "
                              f"not {plain(client)}")
    depth = in_flight if in_flight is not None else CHUNKS_IN_FLIGHT * _threads(client)
    queue: list = []
    try:
        for chunk in chunks:
            queue.append((chunk, client.submit(_solve_chunk_task, chunk, limit, box, stop_at, max_nodes,
                                               pure=False, retries=2)))
            while len(queue) >= depth:
                chunk0, f = queue.pop(0)
                yield (chunk0, *f.result())
        while queue:
            chunk0, f = queue.pop(0)
            yield (chunk0, *f.result())
    finally:
        if queue:
            with contextlib.suppress(Exception):
                client.cancel([f for _, f in queue])


# ---------------------------------------------------------------------------
# Measuring Dask's cost per task
# ---------------------------------------------------------------------------


def task_overhead(client, tasks: int = 200, payload=None) -> dict:
    """Dask's cost per task on ``client``'s cluster, in seconds.

    ``serial``: one empty task at a time (submit, wait for the result);
    ``flight``: ``tasks`` empty tasks in flight together, wall time per task;
    ``scattered``: the same with the scattered ``payload`` (e.g. a problem) as
    argument (the cost of a task that refers to data already on the workers).
    """
    distributed = _distributed()
    for f in [client.submit(_empty_task, i, pure=False) for i in range(2 * _threads(client))]:
        f.result()  # warm up every worker
    t0 = time.perf_counter()
    for i in range(max(tasks // 4, 1)):
        client.submit(_empty_task, i, pure=False).result()
    serial = (time.perf_counter() - t0) / max(tasks // 4, 1)
    t0 = time.perf_counter()
    distributed.wait([client.submit(_empty_task, i, pure=False) for i in range(tasks)])
    flight = (time.perf_counter() - t0) / tasks
    out = {"serial": serial, "flight": flight, "threads": _threads(client)}
    if payload is not None:
        shared = client.scatter(payload, broadcast=True, hash=False)
        t0 = time.perf_counter()
        distributed.wait([client.submit(_empty_task, shared, pure=False) for _ in range(tasks)])
        out["scattered"] = (time.perf_counter() - t0) / tasks
    return out

