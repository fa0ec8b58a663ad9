"""Split searches end to end on one machine: split, run the tasks, cut the long ones.

:func:`count_split` and :func:`solutions_split` split a search
(:mod:`dlxnumba.parallel.split`) and run its tasks on the lanes
(:mod:`dlxnumba.parallel.tasks`) in *rounds*: a task may be cut part way
(:func:`cut_remainder`), and the rest of its subtree becomes new tasks of the
next round.  ``count(threads=N)``, ``count(checkpoint=PATH)`` and
``solutions(threads=N)`` of :class:`~dlxnumba.ExactCover` and
:class:`~dlxnumba.Sudoku` come here through :func:`count_parallel` and
:func:`solutions_parallel`.

Cuts stop a task part way and make the rest of its subtree new tasks, run in
the next round; what the task searched counts.  Nothing is searched twice and
the statistics stay exact.  Tasks are cut in two ways:

* on more than one thread, the lanes share the work (``share`` of
  :func:`~dlxnumba.parallel.tasks.count_tasks`): once a lane finds no task
  left, the busy lanes cut theirs, so that no thread waits long for another's
  last task;
* at a node ``budget`` per task: by default, when ``workers`` is given
  (planning for a cluster, see :meth:`SplitRun.speedup`), the split's estimate
  of the tree's nodes over ``workers`` times :data:`CUT_PARTS`, and at least
  :data:`MIN_CUT_NODES`; a subtree whose size the split's estimate missed then
  cannot become one long task.

A checkpointed run keeps its split's tasks whole.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterable

import numpy as np

from ..errors import ExactCoverError, LimitReached
from ..progress import Progress, ProgressArg, Reporter
from ..search_options import SearchOptions
from ..stats import Stats, Status
from ..template import check_given
from .checkpoint import Checkpoint
from .schedule import schedule
from .split import Measurer, Split, SplitOptions, check_splittable, make_split
from .tasks import TaskRun, search_tasks

if TYPE_CHECKING:  # pragma: no cover
    from ..problem import Problem

__all__ = ["SplitRun", "Remainder", "count_split", "solutions_split", "cut_remainder", "count_parallel",
           "solutions_parallel", "CUT_PARTS", "MIN_CUT_NODES"]

#: With cuts, planning for ``workers`` workers, a task's node budget: the
#: split's estimate of the tree's nodes over (workers times this), and at
#: least :data:`MIN_CUT_NODES`.
CUT_PARTS = 16
#: The smallest node budget of a task (below it, a task's set-up costs show).
MIN_CUT_NODES = 1 << 12


# ---------------------------------------------------------------------------
# Cuts
# ---------------------------------------------------------------------------


@dataclass
class Remainder:
    """What is left of a task cut part way (:func:`cut_remainder`):
    ``tasks`` (subproblems, each a path), ``depths`` (how far below the task's
    node each branches off: 0 for the cut task's own siblings' level), and
    the work between them and the task's path: ``stats`` (the nodes,
    updates and solutions of the siblings not yet tried) and ``solutions``
    (those siblings that are solutions, as sorted option lists)."""

    tasks: list
    depths: list
    stats: Stats
    solutions: list


def cut_remainder(measurer: Measurer, path: Iterable[int], cut: Iterable[int]) -> Remainder:
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


# ---------------------------------------------------------------------------
# Runs
# ---------------------------------------------------------------------------


@dataclass
class SplitRun:
    """The outcome of :func:`count_split` or :func:`solutions_split`.

    ``count`` and ``stats`` are of the whole search (the split, the tasks of
    this call and those a checkpoint had recorded): ``stats.seconds`` is the
    wall-clock time of the call, without compiling the lanes.  ``ran`` lists
    the tasks this call ran (an index of the split, or for the remainder of a
    cut task the path of its node), and ``tasks`` their results (in the
    order of ``ran``; a cut task's are of the part it searched).
    ``solutions`` (:func:`solutions_split`) are all solutions: those above the
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
        over one (:func:`~dlxnumba.parallel.schedule.schedule`): the split and
        the tasks' searching (the work of one serial search) over the time of
        a schedule of the split, then the tasks, each with the time of working
        out its cut, each ready when the task whose cut made it has ended,
        longest first.  ``by_work``: each task's seconds taken in proportion
        to its nodes plus updates (machine-independent) instead of its
        measured time."""
        secs = np.asarray(self.tasks.seconds, float)
        if by_work:
            work = np.asarray(self.tasks.nodes, float) + np.asarray(self.tasks.updates, float)
            secs = work * (secs.sum() / work.sum()) if work.sum() else secs
        durations = secs + np.asarray(self.cut_seconds or [0.0] * len(secs), float)
        span = self.split.seconds + schedule(durations.tolist(), self.parents or [None] * len(secs), workers)
        return (self.split.seconds + float(secs.sum())) / span if span > 0 else 1.0


def count_split(problem: "Problem", *, given: Iterable[int] = (), stop_at: int = 1, threads: int | None = None,
                tasks: int | None = None, split: Split | None = None, checkpoint: Any = None,
                timeout: float | None = None, progress: ProgressArg = None, progress_interval: float = 0.5,
                cuts: bool = True, workers: int | None = None, budget: int | None = None,
                cheap: bool = False) -> SplitRun:
    """Count the solutions of ``problem``: split its search and run the parts on ``threads`` lanes.

    Parameters
    ----------
    problem : ExactCover
    given, stop_at, threads, timeout, progress, progress_interval
        The search options (:mod:`dlxnumba.exact_cover`).  A ``timeout``
        raises :class:`~dlxnumba.LimitReached` with the partial count in
        ``found`` (the finished tasks stay in the checkpoint).
    tasks, cheap
        The split (:func:`~dlxnumba.parallel.split.split`), unless ``split``
        gives a ready one.  ``cheap=True`` makes it without dry runs, for
        many workers, where the split's time is the serial part of the run
        and the cuts make up for its rougher estimates.
    checkpoint : str or path, optional
        The split and each finished task are recorded there, and a run started
        again with the same path does only the tasks left
        (:class:`~dlxnumba.parallel.checkpoint.Checkpoint`).
    cuts, workers, budget
        How tasks are cut (see the module).

    Returns
    -------
    SplitRun

    Examples
    --------
    >>> from dlxnumba import queens
    >>> p, key = queens(8)
    >>> r = count_split(p, threads=2, stop_at=0)
    >>> serial = p.search(stop_at=0)
    >>> r.count, serial.count(), r.stats.nodes == serial.stats.nodes
    (92, 92, True)
    >>> r = count_split(p, threads=2, stop_at=0, tasks=2, budget=100)
    >>> r.count, r.stats.nodes == serial.stats.nodes, r.stats.updates == serial.stats.updates, r.cuts > 0
    (92, True, True, True)
    """
    options = SearchOptions(stop_at=stop_at, threads=threads, timeout=timeout, progress=progress,
                            progress_interval=progress_interval)
    knobs = SplitOptions(tasks=tasks, cheap=cheap, cuts=cuts, workers=workers, budget=budget)
    return search_split(problem, check_given(problem, given), options, knobs, split=split, checkpoint=checkpoint,
                        asked="count_split()", instead="search it serially")


def solutions_split(problem: "Problem", *, given: Iterable[int] = (), stop_at: int = 1,
                    threads: int | None = None, tasks: int | None = None, split: Split | None = None,
                    timeout: float | None = None, progress: ProgressArg = None, progress_interval: float = 0.5,
                    cuts: bool = True, workers: int | None = None, budget: int | None = None,
                    cheap: bool = False) -> SplitRun:
    """:func:`count_split`, and every solution in ``solutions`` (the split's, then each
    task's); the same parameters, but no checkpoint (a checkpoint records counts).

    >>> from dlxnumba import queens
    >>> r = solutions_split(queens(6)[0], threads=2)
    >>> r.count, len(r.solutions)
    (4, 4)
    """
    options = SearchOptions(stop_at=stop_at, threads=threads, timeout=timeout, progress=progress,
                            progress_interval=progress_interval)
    knobs = SplitOptions(tasks=tasks, cheap=cheap, cuts=cuts, workers=workers, budget=budget)
    return search_split(problem, check_given(problem, given), options, knobs, listing=True, split=split,
                        asked="solutions_split()", instead="search it serially")


def search_split(problem: "Problem", given: np.ndarray, options: SearchOptions, knobs: SplitOptions, *,
                 listing: bool = False, split: Split | None = None, checkpoint: Any = None,
                 asked: str = "threads= and checkpoint=",
                 instead: str = "leave them out to search it serially") -> SplitRun:
    """The body of :func:`count_split` (``listing``: :func:`solutions_split`), for the
    layers that hold the records already (``asked``/``instead``: the caller's words
    for :func:`~dlxnumba.parallel.split.check_splittable`)."""
    check_splittable(problem, options, asked=asked, instead=instead)
    runner = _SplitRunner(problem, options, knobs, listing)
    if checkpoint is not None:
        if listing:
            raise ExactCoverError("checkpoint= records counts only: it cannot be used to list solutions")
        if split is not None:
            raise ExactCoverError("give a checkpoint or a split, not both (a checkpoint holds its split)")
        runner.resume(Checkpoint.using(checkpoint, problem, given, options, knobs, asked=asked, instead=instead))
    else:
        if split is None:
            split = make_split(problem, given, options, knobs, asked=asked, instead=instead)
        elif not isinstance(split, Split) or split.problem != problem:
            raise ExactCoverError("split must be a Split of this problem")
        runner.start(split)
    while runner.todo:
        if not runner.round():
            break
    return runner.result()


class _SplitRunner:
    """One split search in rounds: the tasks to run (``todo``: ``(key, path, weight,
    parent)`` each), and what the rounds before found."""

    def __init__(self, problem: "Problem", options: SearchOptions, knobs: SplitOptions, listing: bool):
        self.problem, self.options, self.knobs, self.listing = problem, options, knobs, listing
        self.t0 = time.perf_counter()
        self.outer = options.reporter()
        self.ck: Checkpoint | None = None
        self.cuts = knobs.cuts
        self.measurer: Measurer | None = None  # made at the first cut
        self.ran: list = []
        self.parents: list = []
        self.cut_secs: list = []
        self.columns: list = [[], [], [], []]  # count, nodes, updates, seconds of each task run
        self.extra = Stats(status=Status.COMPLETE)
        self.n_cuts = 0
        self.compiling = 0.0
        self.lanes = 1
        self.done_w = 0.0
        self.base = (0, 0, 0, 0, 0)  # nodes, updates, solutions, tasks done, tasks in all before this round
        self.finished = True
        self.shown = 0.0  # the fraction last reported

    def resume(self, ck: Checkpoint) -> None:
        """Run the tasks a checkpoint has not recorded (whole: no cuts)."""
        self.ck = ck
        sp = ck.split
        self.cuts = False
        self._plan(sp, [(i, sp.subproblems[i], sp.weights[i], None) for i in ck.remaining()])

    def start(self, sp: Split) -> None:
        """Run every task of the split ``sp``."""
        self._plan(sp, [(i, sub, w, None) for i, (sub, w) in enumerate(zip(sp.subproblems, sp.weights))])

    def _plan(self, sp: Split, todo: list) -> None:
        self.sp, self.todo = sp, todo
        self.budget = self.knobs.budget if self.cuts else None
        if self.cuts and self.budget is None and self.knobs.workers is not None:
            self.budget = max(MIN_CUT_NODES, int(sp.estimate / (self.knobs.workers * CUT_PARTS)))
        self.whole = float(sum(w for _, _, w, _ in todo)) or 1.0
        self.sols = list(sp.solutions) if self.listing else None

    def round(self) -> bool:
        """Run the tasks of ``todo``; the remainders of the cut ones become the
        next ``todo``.  False when the timeout stopped the round."""
        t1 = time.perf_counter()
        todo, timeout = self.todo, self.options.timeout
        left = None if timeout is None else max(timeout - (t1 - self.t0 - self.compiling), 0.0)
        keys = [k for k, _, _, _ in todo]
        ck = self.ck
        on_done = None if ck is None else (lambda fin: ck.record([(keys[k], *rest) for k, *rest in fin]))
        tell = self._teller(float(sum(w for _, _, w, _ in todo)))
        r = search_tasks(self.problem, [sub for _, sub, _, _ in todo],
                         self.options.replace(stop_at=self.sp.stop_at, max_nodes=self.budget, timeout=left,
                                              progress=None if tell is None else Reporter(tell)),
                         listing=self.listing, weights=[w for _, _, w, _ in todo], on_done=on_done,
                         share=self.cuts)
        self.compiling += time.perf_counter() - t1 - r.wall
        self.lanes = r.threads
        following = self._absorb(r)
        b = self.base
        self.base = (b[0] + sum(r.nodes), b[1] + sum(r.updates), b[2] + sum(r.count), b[3] + len(todo),
                     b[4] + len(todo))
        self.todo = following if self.finished else []
        return self.finished

    def _teller(self, round_w: float) -> Any:
        """The reports of a round, as fractions of the whole run (None: no reports)."""
        outer = self.outer
        if outer is None:
            return None
        done_w, base, sp = self.done_w, self.base, self.sp

        def tell(report: Progress) -> None:
            # a round's report counts a cut task as done, the next round's its remainder
            # as not: the fraction shown never goes back
            f = report.fraction if report.fraction is not None else 0.0
            self.shown = max(self.shown, min((done_w + f * round_w) / self.whole, 1.0))
            outer(Progress(time.perf_counter() - self.t0 - self.compiling, base[0] + report.nodes,
                           base[1] + report.updates, len(sp.solutions) + base[2] + report.solutions,
                           self.shown, base[3] + (report.done or 0), base[4] + (report.total or 0), "tasks"))

        return tell

    def _absorb(self, r: TaskRun) -> list:
        """Take a round's results; return the tasks its cuts left."""
        following: list = []
        for k, (key, sub, w, parent) in enumerate(self.todo):
            cut = r.cut[k] if r.cut is not None else None
            if not r.finished[k] and cut is None:
                self.finished = False  # stopped by the timeout
                continue
            me = len(self.ran)
            self.ran.append(key)
            self.parents.append(parent)
            for col, value in zip(self.columns, (r.count[k], r.nodes[k], r.updates[k], r.seconds[k])):
                col.append(value)
            if self.sols is not None and r.solutions is not None:
                self.sols.extend(r.solutions[k])
            if cut is None:
                self.done_w += w
                self.cut_secs.append(0.0)
                continue
            tc = time.perf_counter()
            if self.measurer is None:
                self.measurer = Measurer(self.problem, self.sp.stop_at)
            rest = cut_remainder(self.measurer, sub, cut)
            self.n_cuts += 1
            self.extra = self.extra + rest.stats
            if self.sols is not None:
                self.sols.extend(rest.solutions)
            shares = [0.5 ** (len(cut) - d) for d in rest.depths]  # nearer the task's node: larger
            scale = w / sum(shares)
            following.extend((tuple(t), tuple(t), x * scale, me) for t, x in zip(rest.tasks, shares))
            self.cut_secs.append(time.perf_counter() - tc)
        return following

    def result(self) -> SplitRun:
        """The run's outcome (LimitReached when the timeout stopped it)."""
        wall = time.perf_counter() - self.t0 - self.compiling
        columns, sp = self.columns, self.sp
        if self.ck is not None:
            count, stats = self.ck.total()
        else:
            count = len(sp.solutions) + sum(columns[0]) + self.extra.solutions
            stats = sp.stats + Stats(solutions=count, nodes=sum(columns[1]), updates=sum(columns[2]),
                                     seconds=sum(columns[3])) + self.extra
        stats.solutions = count
        if self.ck is None:
            stats.seconds = wall
        # with a checkpoint, the nodes and updates are those of every run, and so are
        # the seconds: the split's and each finished part's, as recorded (ck.total())
        stats.status = Status.COMPLETE if self.finished else Status.TIMEOUT

        def final() -> Progress:
            return Progress(wall, stats.nodes, stats.updates, count,
                            1.0 if self.finished else self.done_w / self.whole, self.base[3], self.base[4], "tasks")

        if self.outer is not None:
            self.outer.close(final)
        if not self.finished:
            raise LimitReached(Status.TIMEOUT, stats, count)
        tr = TaskRun(columns[0], columns[1], columns[2], columns[3], [True] * len(self.ran), None, wall, self.lanes)
        return SplitRun(count, stats, sp, self.ran, tr, self.sols, self.parents, self.cut_secs, self.budget,
                        self.n_cuts)


# ---------------------------------------------------------------------------
# The bodies of count(threads=N) and solutions(threads=N)
# ---------------------------------------------------------------------------


def _refuse_serial_limits(limit: int | None, options: SearchOptions) -> None:
    if limit is not None:
        raise ExactCoverError("limit cannot be combined with threads or checkpoint (a split search runs to the "
                              "end); leave threads out to stop at a limit")
    if options.max_nodes is not None:
        raise ExactCoverError("max_nodes cannot be combined with threads or checkpoint; use timeout")


def count_parallel(problem: "Problem", given: np.ndarray, options: SearchOptions, *, limit: int | None = None,
                   checkpoint: Any = None) -> tuple[int, Stats]:
    """The body of ``count(threads=N)`` / ``count(checkpoint=PATH)``: (count, Stats)."""
    check_splittable(problem, options)
    _refuse_serial_limits(limit, options)
    r = search_split(problem, given, options, SplitOptions(), checkpoint=checkpoint)
    return r.count, r.stats


def solutions_parallel(problem: "Problem", given: np.ndarray, options: SearchOptions, *,
                       limit: int | None = None) -> tuple[list, Stats]:
    """The body of ``solutions(threads=N)``: (all solutions, Stats), in the split's order."""
    check_splittable(problem, options)
    _refuse_serial_limits(limit, options)
    r = search_split(problem, given, options, SplitOptions(), listing=True)
    return r.solutions or [], r.stats
