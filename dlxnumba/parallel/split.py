"""One search, many workers: split the search tree into subproblems.

A *subproblem* is a node of the search tree of a problem, named by the path
to it: the options chosen on the way down from the root.  Forcing those
options (as the givens of a batch job) leaves exactly the state the serial
search reaches at that node, so the job searches exactly that node's subtree.
:func:`split` divides the tree into such subtrees: it expands nodes from the
root down, always the one whose subtree is estimated largest, until there are
enough subproblems and none dominates.  Together the subtrees, plus the
solutions met on the way down, cover the search tree exactly once
(:func:`check_split` verifies that of any split, by walking the expanded
nodes again).

What each part counts (Knuth's DLX1 definitions, see :class:`~dlxnumba.Stats`):

* the split (``Split.stats``): for each node it expanded, one node, the
  updates of covering the item branched on, and the updates of covering the
  other items of each of that item's options (one per child); plus one node
  for each solution met among the children;
* a task (one subproblem, run as a batch job, :mod:`dlxnumba.parallel.tasks`):
  the search of the node's subtree from the node itself (the node's own entry,
  its branching and all below), exactly as a fresh search with the path's
  options given counts it (givens are forced, not counted).

So with a fixed split the split's statistics plus those of its tasks add up
to the serial search's nodes, updates and solutions exactly, whatever
``stop_at`` (tested with ``stop_at=0`` and ``1``).  A task *cut* part way
(:mod:`dlxnumba.parallel.run`) counts what it searched; the rest of its
subtree is counted by :func:`~dlxnumba.parallel.run.cut_remainder` and by
new tasks: the sums stay exact.  (``max_level`` and the per-level
``profile`` of a task count from the task's node, not the root.)

This module is the floor of :mod:`dlxnumba.parallel`: the one check that a
problem can be split (:func:`check_splittable`), the knobs of a split and its
cuts (:class:`SplitOptions`), and the :class:`Measurer` that expands and
measures nodes in compiled code (:mod:`dlxnumba.kernels.core.split`).

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
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterable

import numpy as np

from ..checks import flag, integer
from ..errors import ExactCoverError, plain
from ..kernels.core.split import EXPAND, M_EXACT, M_NODES, M_SIZE, M_UPDATES, MEASURE, REMAINDER
from ..search import Search
from ..search_options import SearchOptions, documented
from ..stats import Stats, Status
from ..template import check_given, template

if TYPE_CHECKING:  # pragma: no cover
    from ..problem import Problem

__all__ = ["Split", "split", "SplitOptions", "check_splittable", "check_split", "fingerprint",
           "TASKS_PER_THREAD", "MAX_GROWTH", "BALANCE", "DRY_RUN_NODES"]

#: Subproblems per thread when ``tasks`` is not given.
TASKS_PER_THREAD = 32
#: At most this many times ``tasks`` subproblems: the split stops there even
#: when the estimates still say one subtree dominates.
MAX_GROWTH = 8
#: The split stops once no subtree is estimated above BALANCE times the mean size of ``tasks`` subtrees.
BALANCE = 2.0
#: Largest node budget of the dry runs that make the weights of small subtrees exact.
DRY_RUN_NODES = 1000


# ---------------------------------------------------------------------------
# What can be split, and how
# ---------------------------------------------------------------------------


def check_splittable(problem: "Problem", options: SearchOptions | None = None, *,
                     asked: str = "threads= and checkpoint=", instead: str = "leave them out to search it serially",
                     error: type[Exception] = ExactCoverError) -> None:
    """The one check of every split search: the lanes run problems without colors or
    bounds, on dancing links; anything else raises ``error``.

    Each caller names itself in its own words: ``asked`` is what the user asked
    for that splits the search (``"threads= and checkpoint="``, ``"--dask"``,
    ...), ``instead`` what to do about it.

    >>> from dlxnumba import ExactCover
    >>> p = ExactCover.from_options([["a", ("x", "R")], ["a"]], secondary=["x"])
    >>> check_splittable(p, asked="--threads", instead="leave it out")
    Traceback (most recent call last):
    ...
    dlxnumba.errors.ExactCoverError: --threads: a split search takes problems without colors or bounds, \
and this one has colors; leave it out
    """
    if options is not None and options.algorithm != "links":
        raise error(f"{asked}: a split search runs on dancing links: algorithm must be 'links', "
                    f"not {options.algorithm!r}")
    has = [what for what, yes in (("colors", problem.has_colors), ("bounds", problem.has_bounds)) if yes]
    if has:
        raise error(f"{asked}: a split search takes problems without colors or bounds, and this one has "
                    f"{' and '.join(has)}; {instead}")


def _positive(value: Any, name: str) -> Any:
    return None if value is None else integer(value, name, low=1)


@dataclass(frozen=True)
class SplitOptions:
    """How a search is split and its tasks cut: one record, checked once
    (an :class:`~dlxnumba.ExactCoverError` names a bad value).

    Attributes
    ----------
    tasks : int or None
        Subproblems wanted (None: :data:`TASKS_PER_THREAD` per thread).
    probe_nodes, probes, seed
        How subtrees are measured (see :meth:`ExactCover.split`).
    cheap : bool
        No dry runs: every weight is an estimate, and the subtrees never
        measured on the way down keep their share of their parent's estimate
        (for a runner that cuts tasks, where the split is the serial part).
    cuts : bool
        Whether a run may cut its tasks part way (:mod:`dlxnumba.parallel.run`).
    workers, budget
        A node budget per task: ``budget``, or by default when planning for
        ``workers`` workers the split's estimate of the tree over ``workers``
        times :data:`~dlxnumba.parallel.run.CUT_PARTS`.

    >>> SplitOptions(tasks=0)
    Traceback (most recent call last):
    ...
    dlxnumba.errors.ExactCoverError: tasks must be a positive integer, not 0
    """

    tasks: int | None = None
    probe_nodes: int | None = None
    probes: int = 8
    seed: int = 0
    cheap: bool = False
    cuts: bool = True
    workers: int | None = None
    budget: int | None = None

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        for name in ("tasks", "probe_nodes", "workers", "budget"):
            set_(self, name, _positive(getattr(self, name), name))
        set_(self, "probes", integer(self.probes, "probes", low=1))
        set_(self, "seed", integer(self.seed, "seed", low=0))
        set_(self, "cheap", flag(self.cheap, "cheap"))
        set_(self, "cuts", flag(self.cuts, "cuts"))


# ---------------------------------------------------------------------------
# The split
# ---------------------------------------------------------------------------


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
        what a checkpoint must match to be resumed.

        Returns
        -------
        str
            A hex digest.
        """
        return fingerprint(self.problem, self.given, self.stop_at)

    def __repr__(self) -> str:
        return (f"Split({len(self.subproblems)} subproblems, {len(self.solutions)} solutions above them, "
                f"{self.stats.nodes:,} nodes split in {self.seconds:.3f} s)")


def fingerprint(problem: "Problem", given: Iterable[int] = (), stop_at: int = 1) -> str:
    """A hex digest naming a problem, its root givens and ``stop_at``."""
    h = hashlib.sha256()
    h.update(f"dlxnumba split v1|{problem.n_primary}|{problem.n_items}|{stop_at}|".encode())
    h.update(repr([plain(x) for x in problem.item_names]).encode())
    h.update(np.ascontiguousarray(problem.opt_ptr, np.int64).tobytes())
    h.update(np.ascontiguousarray(problem.opt_items, np.int32).tobytes())
    h.update(b"|" + np.asarray(list(given), np.int64).tobytes())
    return h.hexdigest()


class Measurer:
    """Private links and cursor for expanding and measuring nodes of one problem
    (the kernels of :mod:`dlxnumba.kernels.core.split`); one per thread."""

    def __init__(self, problem: "Problem", stop_at: int, probe_nodes: int = 1, probes: int = 1, seed: int = 0):
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
        self.nodes = 0
        self.expand_kernel = EXPAND[t.width]
        self.measure_kernel = MEASURE[t.width]
        self.remainder_kernel = REMAINDER[t.width]

    def expand(self, given: np.ndarray) -> int:
        """The children of the node ``given`` (see :func:`.kernels.core.split._expand`):
        their number (-2: the node is a solution), into ``opts``, ``upds``, ``sols``."""
        return int(self.expand_kernel(self.n1, self.template, self.links, given, self.stop_at,
                                      self.first_node, self.opts, self.upds, self.sols))

    def children(self, path: tuple) -> tuple[int, list, list, list]:
        """``(k, options, updates, solution flags)`` of the children of the node ``path``
        (k = -2: the node is a solution; then the lists are empty)."""
        k = self.expand(np.array(path, np.int32))
        if k < 0:
            return k, [], [], []
        return (k, self.opts[1:k + 1].tolist(), self.upds[1:k + 1].tolist(),
                self.sols[1:k + 1].tolist())

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
        self.measure_kernel(self.n1, self.template, self.links, self.cursor, given, self.stop_at,
                            self.first_node, self.budget, probes or self.probes, self.rng, self.out)
        self.nodes = int(self.out[M_NODES])
        return float(self.out[M_NODES] + self.out[M_UPDATES]), bool(self.out[M_EXACT])


class _Sweep:
    """Measures many leaves at once on ``threads`` Python threads (the kernels release
    the GIL), each with its own :class:`Measurer`; the leaves are dealt out in fixed
    chunks, so that the split depends on the seed and the thread count only."""

    SMALL = 64  # fewer leaves are measured on one thread

    def __init__(self, problem: "Problem", first: Measurer, probes: int, seed: int, threads: int):
        self.problem, self.first, self.probes, self.seed = problem, first, probes, seed
        self.threads = threads
        self.more: list = []

    def measure_all(self, paths: list) -> list:
        if self.threads == 1 or len(paths) < self.SMALL:
            return [self.first.measure(np.array(path, np.int32)) for path in paths]
        while len(self.more) < self.threads - 1:
            self.more.append(Measurer(self.problem, self.first.stop_at, self.first.budget, self.probes,
                                      self.seed + 1 + len(self.more)))
        measurers = [self.first] + self.more
        bounds = np.linspace(0, len(paths), self.threads + 1).astype(int)

        def part(k: int) -> list:
            mk = measurers[k]
            return [mk.measure(np.array(path, np.int32)) for path in paths[bounds[k]:bounds[k + 1]]]

        with ThreadPoolExecutor(self.threads) as pool:
            parts = list(pool.map(part, range(self.threads)))
        return [x for chunk in parts for x in chunk]


@documented
def split(problem: "Problem", tasks: int | None = None, *, given: Iterable[int] = (), stop_at: int = 1,
          threads: int | None = None, probe_nodes: int | None = None, probes: int = 8,
          seed: int = 0, cheap: bool = False) -> Split:
    """Divide the search tree into subproblems for parallel or distributed search.

    The subtrees and the solutions found above them cover the tree
    exactly once; the module's docstring says what is counted where.  This
    is :meth:`ExactCover.split <dlxnumba.ExactCover.split>` (``problem`` is
    the problem it is called on).

    Parameters
    ----------
    problem : ExactCover
        Without colors or bounds (a split search takes neither).
    tasks : int or None
        Subproblems wanted (None: 32 per thread).  The split keeps
        expanding the largest subtree until there are at least ``tasks``
        and none is estimated above twice their mean size, or until
        there are 8 times ``tasks``.
    {given}
    {stop_at}
        Run the subproblems with the same ``stop_at``.
    threads : int or None
        Threads the default ``tasks`` is sized for, and that measure the
        subtrees (None: all that numba has).
    probe_nodes : int or None
        A subtree estimated at most this many nodes is searched (a dry run
        of at most that many nodes), which makes its weight exact when it
        finishes.  None: 1000, or less for a small tree (1/64 of the
        estimated size of a task).
    probes : int
        Subtrees are measured by the mean of this many random probes
        (Knuth's estimate), 8 by default.
    seed : int
        Seed of the random generator of the probes (the split depends on
        it and on the thread count only).
    cheap : bool
        Measure less, for a runner that cuts tasks
        (:func:`~dlxnumba.parallel.run.count_split`): no dry runs (every
        weight is an estimate), and the subtrees never measured on the way
        down keep their share of their parent's estimate instead of being
        measured at the end.

    Returns
    -------
    Split
        A picklable :class:`~dlxnumba.parallel.split.Split`:
        ``subproblems`` (each the givens plus the path of options from the
        root to a node of the tree), ``weights`` (their estimated sizes),
        ``solutions`` found above them and ``stats`` of the work done
        above them.

    Raises
    ------
    ExactCoverError
        For a bad search option, a problem with colors or bounds, an option
        index out of range or conflicting givens.

    See Also
    --------
    ExactCover.count, ExactCover.solutions : ``threads=`` splits and runs the parts.

    Examples
    --------
    >>> from dlxnumba import ExactCover, queens
    >>> p = ExactCover.from_options([["a", "b"], ["a"], ["b"], ["a", "c"], ["c"]])
    >>> s = p.split(tasks=2, stop_at=0)
    >>> s.subproblems, s.solutions
    ([(0,), (2,)], [])
    >>> len(s.solutions) + sum(p.count(given=sub, stop_at=0) for sub in s.subproblems) == p.count(stop_at=0)
    True
    >>> s = queens(6)[0].split(4, stop_at=0)
    >>> len(s) >= 4, s.solutions
    (True, [])
    """
    options = SearchOptions(stop_at=stop_at, threads=threads)
    knobs = SplitOptions(tasks=tasks, probe_nodes=probe_nodes, probes=probes, seed=seed, cheap=cheap)
    return make_split(problem, check_given(problem, given), options, knobs, asked="split()",
                      instead="search it serially")


def make_split(problem: "Problem", given: np.ndarray, options: SearchOptions, knobs: SplitOptions, *,
               asked: str = "threads= and checkpoint=",
               instead: str = "leave them out to search it serially") -> Split:
    """The body of :func:`split`, for the layers that hold the records already
    (``given``: checked option indices; ``asked``/``instead``: the caller's words
    for :func:`check_splittable`)."""
    t0 = time.perf_counter()
    check_splittable(problem, options, asked=asked, instead=instead)
    root = Search.using(problem, options.replace(max_nodes=None), given).given  # conflicts raise here
    tree = _Tree(problem, tuple(root.tolist()), options, knobs)
    tree.grow()
    return tree.result(time.perf_counter() - t0)


class _Tree:
    """The split as it grows: a heap of leaves, the largest estimate on top.

    A heap entry is ``(-weight, order, key, path, exact, measured)``, ``key``
    the child numbers from the root (depth-first order).  A child inherits a
    share of its parent's weight and is measured when it comes to the top
    (lazily: most nodes expanded on the way are measured once, not each of
    their children); the leaves left unmeasured are measured at the end.
    """

    def __init__(self, problem: "Problem", root: tuple, options: SearchOptions, knobs: SplitOptions):
        self.problem, self.root, self.stop_at, self.knobs = problem, root, options.stop_at, knobs
        self.tasks = knobs.tasks if knobs.tasks is not None else TASKS_PER_THREAD * options.thread_count()
        m = self.m = Measurer(problem, options.stop_at, DRY_RUN_NODES if knobs.probe_nodes is None
                              else knobs.probe_nodes, knobs.probes, knobs.seed)
        self.stats = Stats(status=Status.COMPLETE, profile=np.zeros(problem.n_primary + 1, np.int64))
        self.found: list = []  # (key, solution)
        if knobs.cheap:
            m.budget = 0  # no dry runs: a probe alone estimates a subtree
        weight, exact = m.measure(np.array(root, np.int32), 8 * knobs.probes)
        self.estimate = float(m.nodes)
        if knobs.probe_nodes is None and not knobs.cheap:  # dry runs well below a task's size: little work
            m.budget = int(min(DRY_RUN_NODES, m.nodes / (64 * self.tasks)))
        self.sweep = _Sweep(problem, m, knobs.probes, knobs.seed, options.thread_count())
        self.heap: list = [(-weight, 0, (), root, exact, True)]
        self.order = 1
        self.total = weight

    def grow(self) -> None:
        """Expand the largest leaf until the leaves are enough and balanced; then
        measure the leaves never measured, and go on while one of them turns
        out to dominate (a share of the parent's estimate can be far off)."""
        limit = MAX_GROWTH * self.tasks
        while True:
            while self.heap:
                neg, at, key, path, _, measured = self.heap[0]
                if not measured:
                    cw, cx = self.m.measure(np.array(path, np.int32))
                    heapq.heapreplace(self.heap, (-cw, at, key, path, cx, True))
                    self.total += neg + cw
                    continue
                if len(self.heap) >= self.tasks and (-neg <= BALANCE * self.total / self.tasks
                                                     or len(self.heap) >= limit):
                    break
                heapq.heappop(self.heap)
                self.total += neg
                self._expand(-neg, key, path)
            if self.knobs.cheap or not self._measure_fresh():
                return

    def _expand(self, weight: float, key: tuple, path: tuple) -> None:
        """Expand the leaf ``path``: its children become leaves (or solutions)."""
        stats = self.stats
        k, opts, upds, sols = self.m.children(path)
        level = len(path) - len(self.root)
        stats.nodes += 1
        if k == -2:  # the node is a solution (only the root can be one here)
            stats.solutions += 1
            self.found.append((key, sorted(path)))
            return
        stats.profile[level] += 1
        stats.max_level = max(stats.max_level, level)
        stats.updates += int(self.m.upds[0]) + sum(upds)
        kids = k - sum(sols)
        share = max((weight - 1 - int(self.m.upds[0]) - sum(upds)) / kids, 1.0) if kids else 0.0
        for j in range(k):
            child = path + (opts[j],)
            if sols[j]:
                stats.nodes += 1
                stats.solutions += 1
                self.found.append((key + (j,), sorted(child)))
                continue
            heapq.heappush(self.heap, (-share, self.order, key + (j,), child, False, False))
            self.order += 1
            self.total += share

    def _measure_fresh(self) -> bool:
        """Measure every leaf not measured yet; False when there was none."""
        fresh = [e for e in self.heap if not e[5]]
        if not fresh:
            return False
        kept = [e for e in self.heap if e[5]]
        for (neg, at, key, path, _, _), (cw, cx) in zip(fresh, self.sweep.measure_all([e[3] for e in fresh])):
            kept.append((-cw, at, key, path, cx, True))
            self.total += neg + cw
        self.heap = kept
        heapq.heapify(self.heap)
        return True

    def result(self, seconds: float) -> Split:
        leaves = sorted(self.heap, key=lambda e: e[2])
        self.stats.profile = np.trim_zeros(self.stats.profile, "b")
        self.stats.seconds = seconds
        return Split(self.problem, self.root, self.stop_at, [e[3] for e in leaves], [-e[0] for e in leaves],
                     [e[4] for e in leaves], [s for _, s in sorted(self.found)], self.stats, seconds,
                     self.estimate)


# ---------------------------------------------------------------------------
# Checking a split against its problem
# ---------------------------------------------------------------------------


def check_split(sp: Split) -> None:
    """Verify that ``sp`` divides its problem's search tree exactly once, as
    :func:`split` divides it; raise :class:`~dlxnumba.ExactCoverError` naming
    what is wrong.

    The nodes the split expanded are walked again from the root (each one
    expansion, as the split made them: the cost of the split without its
    measuring): every child of an expanded node must be a subproblem, a
    solution above the subtrees, or a node expanded in turn.  So every
    subproblem must be a node of the tree reached by the search's own
    branching rule (``stop_at``), none listed twice, none left out, and the
    solutions above them and the nodes, updates and deepest level of
    ``sp.stats`` must be exactly those of the walk.  Not checked: ``weights``
    and ``exact`` (estimates; they order the tasks only) and ``seconds``.
    A split made by another rule (any partition of the tree) is refused.

    >>> from dlxnumba import queens
    >>> p, key = queens(6)
    >>> s = p.split(tasks=8)
    >>> check_split(s)
    >>> s.subproblems.pop()  # doctest: +ELLIPSIS
    (...)
    >>> check_split(s)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dlxnumba.errors.ExactCoverError: the split ...
    """
    problem, root = sp.problem, tuple(sp.given)
    index: dict = {}
    for i, sub in enumerate(sp.subproblems):
        sub = tuple(sub)
        if sub in index:
            raise ExactCoverError(f"subproblems {index[sub]} and {i} are the same node {list(sub)}")
        if sub[:len(root)] != root:
            raise ExactCoverError(f"subproblem {i} does not start with the given options {list(root)}")
        index[sub] = i
    m = Measurer(problem, sp.stop_at)
    walk = Stats(status=Status.COMPLETE)
    budget = max(int(sp.stats.nodes), 1)  # the walk expands no more nodes than the split did
    found: list = []
    reached = int(root in index)
    todo = [] if root in index else [root]
    overflow = None
    while todo:
        path = todo.pop()
        k, opts, upds, sols = m.children(path)
        walk.nodes += 1
        if walk.nodes > budget:
            overflow = path
            break
        if k == -2:
            walk.solutions += 1
            found.append(sorted(path))
            continue
        walk.max_level = max(walk.max_level, len(path) - len(root))
        walk.updates += int(m.upds[0]) + sum(upds)
        for j in range(k):
            child = path + (opts[j],)
            if sols[j]:
                walk.nodes += 1
                walk.solutions += 1
                found.append(sorted(child))
            elif child in index:
                reached += 1
            else:
                todo.append(child)
    if overflow is not None or reached < len(index):
        _name_the_fault(sp, m, index, overflow)
    _compare_walk(sp, walk, found)


def _name_the_fault(sp: Split, m: Measurer, index: dict, overflow: tuple | None) -> None:
    """Why the walk of a split went wrong: a subproblem off the tree, one below
    another, or (``overflow``) a node in no subproblem."""
    root = tuple(sp.given)
    for i, sub in enumerate(sp.subproblems):
        sub = tuple(sub)
        for d in range(len(root), len(sub)):
            k, opts, _, sols = m.children(sub[:d])
            if k < 0 or sub[d] not in [o for o, s in zip(opts, sols) if not s]:
                raise ExactCoverError(f"subproblem {i} {list(sub)} is not a node of the search tree as the "
                                      f"split expands it")
            if sub[:d + 1] in index and d + 1 < len(sub):
                raise ExactCoverError(f"subproblem {i} lies below subproblem {index[sub[:d + 1]]}")
    raise ExactCoverError(f"the split leaves out node {list(overflow or root)} of the search tree (its "
                          f"subtree is in no subproblem), or its stats count too few nodes")


def _compare_walk(sp: Split, walk: Stats, found: list) -> None:
    """The solutions and statistics of ``sp`` against those of the walk."""
    if sorted(found) != sorted(sorted(s) for s in sp.solutions):
        raise ExactCoverError(f"the split lists {len(sp.solutions)} solutions above its subproblems; "
                              f"the search tree has {len(found)} there"
                              + ("" if len(found) != len(sp.solutions) else " (others)"))
    for name in ("solutions", "nodes", "updates", "max_level"):
        mine, theirs = int(getattr(sp.stats, name)), int(getattr(walk, name))
        if mine != theirs:
            raise ExactCoverError(f"the split's stats give {mine} {name.replace('_', ' ')} above the "
                                  f"subproblems; the search tree has {theirs}")
