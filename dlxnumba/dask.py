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

Faults: Dask runs a task again when the worker running it dies, and results are
kept by task number (a task's result is counted once, when its future
finishes), so a worker killed in the middle of a run does not change the
answer.  Ctrl-C cancels the tasks not finished and closes what the call opened.

Resumable counts: ``checkpoint=PATH`` records the tasks (the split) when the run
starts and every finished task's count as it arrives; a count stopped by
Ctrl-C, a crash or a timeout and started again with the same ``PATH`` runs only
the tasks that are not in the file, and ends with the same total.

Task size
---------
Measured here (2 cores shared with other work, ``distributed`` 2026.8,
2-worker ``LocalCluster`` of processes, :func:`task_overhead`): a round trip of
an empty task costs about 2 ms of the client's and scheduler's time when many
are in flight (about 5 ms one at a time), and a task that takes the
scattered problem as its argument costs the same (the problem is not sent
again).  So a task of 0.5 s or more keeps Dask's overhead under 1%; by
default a call makes :data:`TASKS_PER_THREAD` tasks per worker thread (for
load balance: the largest tasks are sent first, the smallest last), but no
more than the split's estimate of the work divided by
:data:`MIN_TASK_SECONDS`.  Counts that take less than a few seconds on one
core are faster without Dask (start-up of a ``LocalCluster``: 2-4 s).

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
import json
import os
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator

import numpy as np

from .errors import ExactCoverError, plain
from .progress import Progress, ProgressArg, check_interval, reporter
from .search import Stats, check_limits

if TYPE_CHECKING:  # pragma: no cover
    from .problem import ExactCover
    from .sudoku import Sudoku

__all__ = ["DaskRun", "count", "solutions", "run", "solve_chunks", "connect", "task_overhead",
           "TASKS_PER_THREAD", "MIN_TASK_SECONDS"]

#: Tasks per worker thread, when the split has enough subproblems (load balance).
TASKS_PER_THREAD = 8
#: Fewest estimated seconds of work per task (Dask's cost per task is ~2 ms here).
MIN_TASK_SECONDS = 0.5
#: Nodes plus updates one thread searches per second (the unit of a split's weights), about.
WEIGHT_PER_SECOND = 1.5e8
#: Seconds to wait for a scheduler to answer.
CONNECT_TIMEOUT = 5.0
#: Seconds between two looks at the futures (and at Ctrl-C).
POLL_SECONDS = 0.05
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
def connect(client=None, *, workers: int | None = None,
            connect_timeout: float | None = None) -> Iterator[Any]:
    """A :class:`distributed.Client` for ``client`` (see the module), closed on
    exit when this call opened it.

    ``workers``: worker processes of a ``LocalCluster`` started here (default:
    one per core); ignored for an address or a client.  ``connect_timeout``:
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
    if client is None or client.strip().lower() == "local":
        if workers is not None and (isinstance(workers, bool) or not isinstance(workers, (int, np.integer))
                                    or workers < 1):
            raise ExactCoverError(f"workers must be a positive integer or None, not {plain(workers)}")
        n = int(workers) if workers is not None else (os.cpu_count() or 1)
        with distributed.LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                                      dashboard_address=":0") as cluster, \
                distributed.Client(cluster) as c:
            yield c
        return
    address = client.strip()
    try:
        c = distributed.Client(address, timeout=f"{connect_timeout}s")
    except (OSError, TimeoutError, ValueError) as e:
        raise ConnectionError(f"cannot reach a Dask scheduler at {address} within {connect_timeout:g} s "
                              f"({type(e).__name__}: {e})") from None
    try:
        yield c
    finally:
        c.close()


def _threads(client) -> int:
    """Worker threads of the cluster (at least 1)."""
    return max(1, sum(client.nthreads().values()))


# ---------------------------------------------------------------------------
# What runs on the workers
# ---------------------------------------------------------------------------


def _count_task(problem: "ExactCover", jobs: list, stop_at: int) -> tuple[int, int, int, float]:
    """Count the solutions of ``jobs`` (lists of given options) on one thread:
    ``(solutions, nodes, updates, seconds)``."""
    from .batch import NO_LIMIT, run_batch

    t0 = time.perf_counter()
    r = run_batch(problem, jobs, NO_LIMIT, threads=1, stop_at=stop_at)
    return int(r.count.sum()), int(r.nodes.sum()), int(r.updates.sum()), time.perf_counter() - t0


def _solutions_task(problem: "ExactCover", jobs: list, stop_at: int) -> tuple[list, int, int, float]:
    """The solutions of ``jobs`` (each a sorted list of option indices, givens
    included): ``(solutions, nodes, updates, seconds)``."""
    t0 = time.perf_counter()
    found: list = []
    nodes = updates = 0
    for job in jobs:
        s = problem.search(job, stop_at=stop_at)
        found.extend(s.solutions())
        nodes += s.stats.nodes
        updates += s.stats.updates
    return found, nodes, updates, time.perf_counter() - t0


def _empty_task(x=None) -> None:
    """Nothing (for measuring Dask's cost per task)."""
    return None


# ---------------------------------------------------------------------------
# Splits into tasks
# ---------------------------------------------------------------------------


@dataclass
class _Plan:
    """The tasks of a run: each a list of jobs (lists of given options)."""

    tasks: list  # list of lists of jobs
    weights: list  # estimated work of each task (the split's weights, summed)
    above: list  # solutions found by the split, above the subproblems
    above_stats: Stats
    seconds: float | None = None  # the split's estimate of the whole work, if any


def _split(problem: "ExactCover", given: list, stop_at: int, parts: int):
    """The split of ``problem`` below ``given`` into about ``parts`` subproblems."""
    splitter = getattr(problem, "split", None)
    if splitter is None:
        raise ExactCoverError("this dlxnumba has no ExactCover.split: pass split= (an object with "
                              "subproblems, solutions, weights and stats)")
    return splitter(parts, given=given, stop_at=stop_at)


def _plan(split, threads: int, tasks: int | None) -> _Plan:
    """Group the subproblems of ``split`` into tasks, largest first (longest
    processing time first: each subproblem goes to the lightest task so far)."""
    subs = [list(map(int, s)) for s in split.subproblems]
    weights = getattr(split, "weights", None)
    w = np.ones(len(subs)) if weights is None else np.asarray(weights, float).reshape(-1)
    if w.size != len(subs):
        raise ExactCoverError(f"the split has {len(subs)} subproblems and {w.size} weights")
    w = np.where(np.isfinite(w) & (w > 0), w, 0.0) + 1e-9
    above = [sorted(map(int, s)) for s in getattr(split, "solutions", [])]
    above_stats = getattr(split, "stats", None) or Stats(status="complete")
    seconds = None
    from .split import Split

    if isinstance(split, Split):  # weights: estimated nodes plus updates
        seconds = float(w.sum()) / WEIGHT_PER_SECOND
    if tasks is None:
        n = TASKS_PER_THREAD * threads
        if seconds is not None:
            n = min(n, max(threads, int(seconds / MIN_TASK_SECONDS)))
    else:
        n = tasks
    n = max(1, min(n, len(subs)))
    bins: list = [[] for _ in range(n)]
    load = np.zeros(n)
    for i in np.argsort(-w, kind="stable").tolist():
        k = int(np.argmin(load))
        bins[k].append(i)
        load[k] += w[i]
    order = np.argsort(-load, kind="stable").tolist()
    plan_tasks = [[subs[i] for i in sorted(bins[k])] for k in order if bins[k]]
    plan_weights = [float(load[k]) for k in order if bins[k]]
    return _Plan(plan_tasks, plan_weights, above, above_stats, seconds)


# ---------------------------------------------------------------------------
# Checkpoints
# ---------------------------------------------------------------------------

_MAGIC = "dlxnumba-dask-checkpoint"


def _fingerprint(problem: "ExactCover", given: list, stop_at: int) -> str:
    """A digest of the problem, the base givens and the branching rule (:func:`dlxnumba.split.fingerprint`)."""
    from .split import fingerprint

    return fingerprint(problem, given, stop_at)


def _read_checkpoint(path: str, fingerprint: str) -> tuple[_Plan, dict] | None:
    """The plan and the finished tasks (``{task: (count, nodes, updates, seconds)}``)
    recorded in ``path``, or None when there is no such file (or it is empty).
    A last line cut short (a crash while writing it) is cut off the file."""
    try:
        with open(path, "rb") as f:
            data = f.read()
        lines = data.decode("utf-8", "replace").split("\n")
    except FileNotFoundError:
        return None
    except OSError as e:
        raise ExactCoverError(f"cannot read checkpoint {path}: {e.strerror or e}") from None
    if not lines[0].strip():
        return None
    try:
        head = json.loads(lines[0])
        ok = isinstance(head, dict) and head.get("format") == _MAGIC
    except ValueError:
        ok = False
    if not ok:
        raise ExactCoverError(f"{path} is not a dlxnumba Dask checkpoint (line 1)")
    if head.get("problem") != fingerprint:
        raise ExactCoverError(f"checkpoint {path} is of another problem (or other givens or stop_at)")
    st = head["above_stats"]
    plan = _Plan(head["tasks"], head["weights"], head["above"],
                 Stats(solutions=st[0], nodes=st[1], updates=st[2], status="complete"))
    done: dict = {}
    for lineno, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
            k = int(rec["task"])
            value = (int(rec["count"]), int(rec["nodes"]), int(rec["updates"]), float(rec["seconds"]))
        except (ValueError, KeyError, TypeError):
            if lineno == len(lines):  # the last line, cut short by a crash: cut off, that task runs again
                with open(path, "r+b") as f:
                    f.truncate(data.rfind(b"\n") + 1)
                continue
            raise ExactCoverError(f"checkpoint {path}, line {lineno}: not a task record") from None
        if not 0 <= k < len(plan.tasks):
            raise ExactCoverError(f"checkpoint {path}, line {lineno}: task {k} is not one of "
                                  f"the {len(plan.tasks)} tasks")
        done[k] = value
    return plan, done


class _Checkpoint:
    """Appends one line per finished task to a checkpoint file, flushed to disk."""

    def __init__(self, path: str, plan: _Plan | None, fingerprint: str):
        try:
            if plan is not None:  # a new file: its first line is the plan
                s = plan.above_stats
                head = {"format": _MAGIC, "version": 1, "problem": fingerprint, "tasks": plan.tasks,
                        "weights": plan.weights, "above": plan.above,
                        "above_stats": [len(plan.above), s.nodes, s.updates]}
                with open(path, "w", encoding="utf-8") as f:
                    f.write(json.dumps(head, separators=(",", ":")) + "\n")
                    f.flush()
                    os.fsync(f.fileno())
            self.file = open(path, "a", encoding="utf-8")
        except OSError as e:
            raise ExactCoverError(f"cannot write checkpoint {path}: {e.strerror or e}") from None

    def add(self, k: int, value: tuple) -> None:
        c, n, u, s = value
        self.file.write(json.dumps({"task": k, "count": c, "nodes": n, "updates": u, "seconds": s}) + "\n")
        self.file.flush()
        os.fsync(self.file.fileno())

    def close(self) -> None:
        self.file.close()


# ---------------------------------------------------------------------------
# Runs
# ---------------------------------------------------------------------------


@dataclass
class DaskRun:
    """What a run on Dask found.

    ``count``: solutions (those above the split's subproblems included);
    ``solutions``: the solutions (enumerations only; in no particular order);
    ``stats``: nodes and updates of the split and of every task, ``seconds`` the
    wall-clock time of the call; per task (in task order) its ``task_nodes``,
    ``task_seconds`` (time on its worker) and ``task_weights`` (the split's
    estimate); ``resumed``: tasks taken from the checkpoint, not run again.
    """

    count: int
    stats: Stats
    tasks: int
    resumed: int = 0
    threads: int = 0
    solutions: list | None = None
    task_nodes: list = field(default_factory=list)
    task_seconds: list = field(default_factory=list)
    task_weights: list = field(default_factory=list)


def _problem_of(problem, given) -> tuple["ExactCover", list, Callable | None]:
    """The exact-cover problem, base givens and solution decoder of an
    :class:`ExactCover` (and ``given``) or a :class:`Sudoku`."""
    from .problem import ExactCover
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
    return problem, problem._check_given(given).tolist(), None


def run(problem, client=None, *, solutions: bool = False, given: Iterable[int] = (), stop_at: int = 1,
        split=None, parts: int | None = None, tasks: int | None = None, checkpoint: str | None = None,
        workers: int | None = None, progress: ProgressArg = None, progress_interval: float = 0.5,
        connect_timeout: float | None = None) -> DaskRun:
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
    split : optional
        A split of the problem (:meth:`ExactCover.split`'s result, or any object
        with ``subproblems``, ``solutions``, ``weights`` and ``stats``); by
        default the problem is split into ``parts`` subproblems (default 64
        per worker thread).
    tasks : int, optional
        Tasks to make of the subproblems (default: see the module).
    checkpoint : str, optional
        A file recording the plan and the finished tasks (counts only): a run
        with an existing file resumes it, running only the unfinished tasks.
    progress : True or callable, optional
        :class:`~dlxnumba.progress.Progress` reports every ``progress_interval``
        seconds: ``done``/``total`` tasks, ``fraction`` by the tasks' weights
        (the split's estimates), the time left at the rate so far.

    Returns
    -------
    DaskRun
    """
    t0 = time.perf_counter()
    stop_at, _, _ = check_limits(stop_at, None, None)
    report = reporter(progress)
    progress_interval = check_interval(progress_interval)
    for name, value in (("tasks", tasks), ("parts", parts)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, (int, np.integer))
                                  or value < 1):
            raise ExactCoverError(f"{name} must be a positive integer or None, not {plain(value)}")
    if checkpoint is not None and solutions:
        raise ExactCoverError("checkpoint= is for counts (solutions=False)")
    p, base, decode = _problem_of(problem, given)
    fingerprint = _fingerprint(p, base, stop_at)
    resumed = _read_checkpoint(os.fspath(checkpoint), fingerprint) if checkpoint is not None else None
    _distributed()
    with connect(client, workers=workers, connect_timeout=connect_timeout) as c:
        threads = _threads(c)
        if resumed is not None:
            plan, done = resumed
        else:
            if split is None:
                split = _split(p, base, stop_at, parts or 64 * threads)
            plan, done = _plan(split, threads, tasks), {}
        book = _Checkpoint(os.fspath(checkpoint), None if resumed else plan, fingerprint) \
            if checkpoint is not None else None
        try:
            found, records = _execute(c, p, plan, done, solutions, stop_at, book, report,
                                      progress_interval, t0)
        finally:
            if book is not None:
                book.close()
    n_tasks = len(plan.tasks)
    nodes = plan.above_stats.nodes + sum(records[k][1] for k in range(n_tasks))
    updates = plan.above_stats.updates + sum(records[k][2] for k in range(n_tasks))
    if solutions:
        every = [sorted(s) for s in plan.above] + found
        total = len(every)
        sols: list | None = [decode(s) for s in every] if decode is not None else every
    else:
        total = len(plan.above) + sum(records[k][0] for k in range(n_tasks))
        sols = None
    stats = Stats(solutions=total, nodes=nodes, updates=updates, status="complete",
                  seconds=time.perf_counter() - t0)
    return DaskRun(total, stats, n_tasks, len(done), threads, sols,
                   [records[k][1] for k in range(n_tasks)], [records[k][3] for k in range(n_tasks)],
                   list(plan.weights))


def _execute(client, problem, plan: _Plan, done: dict, solutions: bool, stop_at: int,
             book: _Checkpoint | None, report, interval: float, t0: float) -> tuple[list, dict]:
    """Run the tasks of ``plan`` not in ``done`` on ``client``'s cluster; the
    solutions found (enumerations) and every task's ``(count, nodes, updates, seconds)``."""
    distributed = _distributed()
    records: dict = dict(done)
    found: list = []
    todo = [k for k in range(len(plan.tasks)) if k not in done]
    total_w = float(sum(plan.weights)) or 1.0
    state = {"w": float(sum(plan.weights[k] for k in done)), "n": sum(v[1] for v in done.values()),
             "u": sum(v[2] for v in done.values()), "s": sum(v[0] for v in done.values())}

    def progress_now() -> Progress:
        return Progress(time.perf_counter() - t0, state["n"], state["u"], state["s"] + len(plan.above),
                        min(state["w"] / total_w, 1.0), len(records), len(plan.tasks), "tasks")

    futures: list = []
    try:
        if todo:
            shared = client.scatter(problem, broadcast=True, hash=False)
            fn = _solutions_task if solutions else _count_task
            token = hashlib.sha256(os.urandom(16)).hexdigest()[:16]
            for k in todo:  # the plan lists the largest tasks first
                futures.append(client.submit(fn, shared, plan.tasks[k], stop_at, key=f"dlxnumba-{token}-{k}",
                                             pure=False, retries=2))
        index = {f.key: k for f, k in zip(futures, todo)}
        pending = distributed.as_completed(futures, with_results=False)
        last = time.perf_counter()
        while not pending.is_empty():
            batch = pending.next_batch(block=False)
            if not batch:
                time.sleep(POLL_SECONDS)
            for f in batch:
                k = index[f.key]
                if k in records:  # a result arrives once per task; never count one twice
                    continue
                try:
                    result = f.result()
                except distributed.client.FutureCancelledError:
                    raise RuntimeError(f"task {k} was cancelled (the cluster closed?)") from None
                value = (len(result[0]) if solutions else result[0], result[1], result[2], result[3])
                if solutions:
                    found.extend(result[0])
                records[k] = value
                f.release()
                state["w"] += plan.weights[k]
                state["n"] += value[1]
                state["u"] += value[2]
                state["s"] += value[0]
                if book is not None:
                    book.add(k, value)
            now = time.perf_counter()
            if report is not None and now - last >= interval:
                last = now
                report(progress_now())
        return found, records
    finally:
        left = [f for f in futures if not f.done()]
        if left:
            with contextlib.suppress(Exception):
                client.cancel(left)
        if report is not None:
            report.close(progress_now)


def count(problem, client=None, **kwargs) -> int:
    """The number of solutions of ``problem`` (an ExactCover or a Sudoku), counted
    on a Dask cluster; the arguments are those of :func:`run`.

    >>> from dlxnumba import queens
    >>> p, key = queens(6)
    >>> count(p, "local", workers=1)  # doctest: +SKIP
    4
    """
    return run(problem, client, **kwargs).count


def solutions(problem, client=None, **kwargs) -> list:
    """Every solution of ``problem``, found on a Dask cluster, in no particular
    order: sorted lists of option indices (givens included), or Sudoku grids
    for a Sudoku.  The arguments are those of :func:`run`."""
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

