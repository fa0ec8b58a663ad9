"""Minimum-cost exact covers: Knuth's DLX5, the ``k`` cheapest solutions.

Each option of a problem carries a nonnegative integer cost
(``ExactCover.from_options(..., costs=...)``, ``|n`` in DLX text, or
:meth:`~dlxnumba.problem.Problem.with_costs`); :func:`best` finds
the solution of least total cost (the sum of its options' costs), or the
``k`` cheapest, with the search of Knuth's program DLX5
(:mod:`dlxnumba.kernels.core.costs` explains it): taxes on the primary items,
item lists sorted by cost, and a cutoff that prunes every branch that cannot
beat the ``k``-th best solution found so far.  Its statistics are DLX5's
(nodes, updates, cleansings, and as ``solutions`` the solutions it found,
each cheaper than the ``k``-th best known at the time), so they can be
compared with Knuth's program run with ``m0`` and ``k<k>``.

Secondary items and colors work as in DLX2 (and DLX5); multiplicities
(DLX3's bounds) are not supported.  Options with no primary item are left
out, as DLX5 leaves them out: they can be in no solution.

In DLX text (:mod:`dlxnumba.io.dlx`) an option's cost is written ``|n``
after its items.  Users call :meth:`ExactCover.best <dlxnumba.ExactCover.best>`.

Examples
--------
Three workers, three jobs; worker ``w`` does job ``j`` at the cost in the
table:

>>> from dlxnumba import ExactCover
>>> table = [[4, 1, 3], [2, 0, 5], [4, 2, 2]]
>>> p = ExactCover.from_options([[f"w{w}", f"j{j}"] for w in range(3) for j in range(3)],
...                             costs=[c for row in table for c in row])
>>> b = p.best(k=2)
>>> b.costs, b.solutions, b.optimal
([5, 6], [[1, 3, 8], [0, 4, 8]], True)
>>> [p.option_names(j) for j in b.solutions[0]]
[('w0', 'j1'), ('w1', 'j0'), ('w2', 'j2')]
>>> for cost, solution in p.best(given=[0]):
...     print(cost, solution)
6 [0, 4, 8]
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Iterable, Iterator

import numpy as np

from . import kernels as K
from .checks import integer
from .errors import ExactCoverError, interrupted
from .kernels.core import costs as KC
from .problem import Problem
from .problem_input import MAX_COST
from .progress import Progress, ProgressArg
from .search import SLICE_UPDATES, ready
from .search_options import SearchOptions, documented
from .stats import Stats, Status, record_last
from .template import build_arrays, check_given, check_given_together, first_repeat


__all__ = ["best", "Best", "CostSearch", "MAX_COST"]

_NO_LIMIT = np.iinfo(np.int64).max
#: Entries of the rows that keep the ``k`` best solutions, at most (4 bytes each).
_KEPT_LIMIT = 1 << 28
#: Rows for the best solutions to begin with; they double as solutions are found, up to ``k``.
_FIRST_ROWS = 64


@dataclass(frozen=True)
class Best:
    """The cheapest solutions found, cheapest first.

    Attributes
    ----------
    costs : list of int
        The total cost of each solution (the sum of its options' costs,
        givens included), nondecreasing.
    solutions : list of list of int
        Each solution as its sorted option indices, givens included, aligned
        with ``costs``.  Among solutions of equal cost, the ones found first
        come first.
    optimal : bool
        True when the search was complete: these are then the ``k`` cheapest
        solutions (all of them, when there are fewer than ``k``); at a cost
        shared by more than fit, the ones found first are kept.  False when a node budget or a timeout stopped it: the
        best found so far.
    stats : Stats
        DLX5's counters: ``nodes``, ``updates``, ``cleansings``, and as
        ``solutions`` the number of solutions the search found, each cheaper
        than the ``k``-th best known when it was found (the ones DLX5
        prints); ``status`` says how the search ended.

    Examples
    --------
    >>> from dlxnumba import ExactCover
    >>> p = ExactCover.from_options([["a"], ["a", "b"], ["b"]], costs=[2, 5, 1])
    >>> r = p.best(k=5)
    >>> len(r), r.costs, r.solutions, r.optimal
    (2, [3, 5], [[0, 2], [1]], True)
    >>> dict(r)
    {3: [0, 2], 5: [1]}
    """

    costs: list
    solutions: list
    optimal: bool
    stats: Stats

    def __iter__(self) -> Iterator[tuple[int, list[int]]]:
        """The pairs ``(cost, solution)``, cheapest first."""
        return iter(zip(self.costs, self.solutions))

    def __len__(self) -> int:
        return len(self.costs)


def _check_problem(problem: "Problem") -> np.ndarray:
    """The problem's costs, or ExactCoverError when it has none or has multiplicities."""
    if not isinstance(problem, Problem):
        raise ExactCoverError(f"best() needs an ExactCover problem, not {type(problem).__name__}")
    if problem.has_bounds:
        raise ExactCoverError("best() does not support multiplicities (primary items with bounds other "
                              "than 1:1): DLX5 solves exact covers with colors, not DLX3's problems")
    if problem.costs is None:
        raise ExactCoverError("the problem has no costs: give them when building it (costs=, or |n in DLX "
                              "text) or with problem.with_costs(costs)")
    return problem.costs


def _check_given(problem: "Problem", given) -> np.ndarray:
    """The given options as int64, after the checks of every search's givens:
    indices in range, none twice, no two sharing a primary item or a
    secondary item they do not give one color."""
    g = check_given(problem, given)
    twice = first_repeat(g) if g.size > 1 else None
    if twice is not None:
        raise ExactCoverError(f"given option {twice} is listed twice")
    check_given_together(problem, g)
    return g.astype(np.int64)


@dataclass(frozen=True)
class _Reduced:
    """The problem that DLX5 sees once the givens are in: the options that can
    join them and hold a primary item, without the entries the givens settled."""

    live: np.ndarray  # the problem's number of each option left (int64)
    ptr: np.ndarray  # their entries, CSR (int64 pointers)
    items: np.ndarray  # (int32)
    colors: np.ndarray | None  # (int32), None without colors
    covered: np.ndarray  # bool per item: a primary item the givens cover


def _reduce(problem: "Problem", given: np.ndarray) -> _Reduced:
    ptr, items = problem.opt_ptr, problem.opt_items
    colors = problem.opt_colors if problem.has_colors else None
    n, n1, m = problem.n_items, problem.n_primary, problem.n_options
    counts = np.diff(ptr)
    owner = np.repeat(np.arange(m, dtype=np.int64), counts)
    # how the givens use each item: -2 not at all, 0 without a color, else their color
    settled = np.full(n, -2, np.int64)
    for j in given.tolist():
        a, b = int(ptr[j]), int(ptr[j + 1])
        settled[items[a:b]] = 0 if colors is None else colors[a:b]
    entry_use = settled[items]
    touched = entry_use != -2
    primary = items < n1
    if colors is None:
        clash = touched
    else:
        clash = touched & (primary | (entry_use == 0) | (colors == 0) | (colors != entry_use))
    bad = np.zeros(m, bool)
    bad[owner[clash]] = True
    bad[given] = True
    has_primary = np.zeros(m, bool)
    has_primary[owner[primary]] = True
    keep_option = ~bad & has_primary
    keep_entry = keep_option[owner] & ~touched  # (a live option's touched entries agree with the givens)
    live = np.flatnonzero(keep_option).astype(np.int64)
    new_counts = np.bincount(owner[keep_entry], minlength=m)[live] if m else np.zeros(0, np.int64)
    new_ptr = np.zeros(live.size + 1, np.int64)
    np.cumsum(new_counts, out=new_ptr[1:])
    covered = np.zeros(n, bool)
    covered[:n1] = settled[:n1] != -2
    return _Reduced(live, new_ptr, items[keep_entry].astype(np.int32),
                    None if colors is None else colors[keep_entry].astype(np.int32), covered)


class CostSearch:
    """A resumable DLX5 search for the ``k`` cheapest solutions of a problem.

    :func:`best` runs one to the end; use this class to continue a search
    that a budget, a timeout or Ctrl-C stopped.  Parameters as in
    :func:`best`; ``max_nodes`` and ``timeout`` may be raised between runs
    (``timeout`` counts from the start of each :meth:`run`).

    Examples
    --------
    >>> from dlxnumba import queens
    >>> p, key = queens(6)
    >>> p = p.with_costs([(j * j) % 10 for j in range(p.n_options)])
    >>> s = CostSearch(p, k=2, max_nodes=10)
    >>> s.run().optimal, s.stats.status
    (False, Status.MAX_NODES)
    >>> s.max_nodes = None
    >>> r = s.run()
    >>> r.optimal, r.costs, p.best(k=2).stats.nodes == s.stats.nodes
    (True, [27, 27], True)
    """

    def __init__(self, problem: "Problem", k: int = 1, *, given: Iterable[int] | None = (),
                 max_nodes: int | None = None, timeout: float | None = None, progress: ProgressArg = None,
                 progress_interval: float = 0.5):
        options = SearchOptions(max_nodes=max_nodes, timeout=timeout, progress=progress,
                                progress_interval=progress_interval)
        self._start(problem, k, given, options)

    @classmethod
    def using(cls, problem: "Problem", k: int, given, options: SearchOptions) -> "CostSearch":
        """A search with ``options`` checked already (the front door builds the record once)."""
        search = cls.__new__(cls)
        search._start(problem, k, given, options)
        return search

    def _start(self, problem: "Problem", k, given, options: SearchOptions) -> None:
        self.costs = _check_problem(problem)
        self.max_nodes, self.timeout = options.max_nodes, options.timeout
        self.k = integer(k, "k", low=1)
        self.problem = problem
        self.given = _check_given(problem, given)
        self.progress = options.reporter()
        self.progress_interval = options.progress_interval
        self._prepare()

    def _prepare(self) -> None:
        """Taxes, the links of the sorted options, and the arrays of the search."""
        p = self.problem
        r = _reduce(p, self.given)
        n, n1 = p.n_items, p.n_primary
        m = r.live.size
        counts = np.diff(r.ptr)
        # taxes: the options of each primary item, in input order
        owner = np.repeat(np.arange(m, dtype=np.int64), counts)
        prim = r.items < n1
        by_item = np.argsort(r.items[prim], kind="stable")
        item_options = owner[prim][by_item]
        item_ptr = np.zeros(n1 + 2, np.int64)
        np.cumsum(np.bincount(r.items[prim] + 1, minlength=n1 + 1)[: n1 + 1], out=item_ptr[1:])
        net = self.costs[r.live].copy()
        tax = np.zeros(n1 + 1, np.int64)
        ready(KC.assess_taxes, (n1, item_ptr, item_options, net, tax))
        #: the sum of the taxes on the primary items (DLX5's ``totaltax``)
        self.total_tax = int(KC.assess_taxes(n1, item_ptr, item_options, net, tax))
        self.taxes = tax[1:]
        # the links, from the options sorted stably by net cost: every list is sorted
        order = np.argsort(net, kind="stable")
        starts = r.ptr[:-1][order]
        sorted_counts = counts[order]
        sptr = np.zeros(m + 1, np.int64)
        np.cumsum(sorted_counts, out=sptr[1:])
        # entry e of the sorted options is entry e - sptr[i] of sorted option i
        take = np.repeat(starts - sptr[:-1], sorted_counts) + np.arange(int(sptr[-1]), dtype=np.int64)
        sitems = r.items[take]
        scolors = None if r.colors is None else r.colors[take]
        t = build_arrays(n, n1, sptr, sitems, scolors, spacers=True)
        self._option = r.live[order]  # the problem's number of each sorted option
        self.first_node = t.first_node
        llink, rlink = t.llink.copy(), t.rlink.copy()
        if r.covered.any():  # the primary items the givens cover leave the item list
            active = np.concatenate(([0], np.flatnonzero(~r.covered[:n1]) + 1)).astype(np.int32)
            rlink[active] = np.roll(active, -1)
            llink[active] = np.roll(active, 1)
        u = np.uint32
        self._arrays = (llink, rlink, t.ulink.copy(), t.dlink.copy(), t.length.copy())
        self.links = (llink.view(u), rlink.view(u), t.top, self._arrays[2].view(u), self._arrays[3].view(u),
                      self._arrays[4])
        self.top = t.top
        node_cost = np.zeros(t.top.size, np.int64)
        if m:
            node_of_entry = np.repeat(t.first_node.astype(np.int64), sorted_counts) + (
                np.arange(sitems.size, dtype=np.int64) - np.repeat(sptr[:-1], sorted_counts))
            node_cost[node_of_entry] = np.repeat(net[order], sorted_counts)
        color = np.zeros(t.top.size, np.int32) if t.color is None else t.color.copy()
        #: the kernel: with colors (DLX2's purification) when some option left has one
        self._kernel = KC.search_costs_colors if bool(color.any()) else KC.search_costs
        self.priced = (color, node_cost)
        depth = n1 + 1
        self.cursor = (np.zeros(depth, np.int32), np.zeros(depth, np.int64),
                       np.zeros(KC.COST_STATE_SIZE, np.int64))
        self.cursor[2][KC.CUTOFF] = KC.INF
        self.ledger = (np.zeros(depth, np.int64), np.zeros(depth, np.int64), np.zeros(depth, np.int64))
        self.cursor[2][KC.KEEP] = self.k
        self._depth = depth
        self.kept = self._rows(min(self.k, _FIRST_ROWS))
        self.stats = Stats(profile=self.cursor[1])
        ready(self._kernel, self._args(1, 1))

    def _rows(self, rows: int) -> tuple:
        """The :data:`~dlxnumba.kernels.core.costs.Kept` record with ``rows`` rows
        (the heap's entries and rows held so far copied over)."""
        depth = self._depth
        if rows * depth > _KEPT_LIMIT:
            raise ExactCoverError(f"k = {self.k} is too large for this problem: keeping more than "
                                  f"{self.state[KC.HELD]:,} solutions of up to {depth} options each would take "
                                  f"{4 * rows * depth / 2**30:.1f} GiB; ask for fewer")
        kept: tuple[np.ndarray, ...] = (np.zeros(rows, np.int64), np.zeros(rows, np.int32),
                                        np.zeros((rows, depth), np.int32), np.zeros(rows, np.int32),
                                        np.zeros(rows, np.int64))
        old: tuple | None = getattr(self, "kept", None)
        if old is not None:
            held = int(self.state[KC.HELD])
            for new, was in zip(kept, old):
                new[:held] = was[:held]
        return kept

    def _args(self, node_stop: int, update_stop: int) -> tuple:
        return (self.links, self.priced, self.cursor, self.ledger, self.kept, node_stop, update_stop)

    @property
    def state(self) -> np.ndarray:
        """The int64 state vector of the kernel (slots LEVEL, NODES, ..., CUTOFF)."""
        return self.cursor[2]

    @property
    def done(self) -> bool:
        """True once the search tree is exhausted."""
        return bool(self.state[K.PHASE] == K.PH_DONE)

    def run(self) -> Best:
        """Search on until the end, the node budget or the timeout; the best so far.

        A KeyboardInterrupt is let through between two slices of the search
        (``stats.status`` is then ``Status.INTERRUPTED``); :meth:`result` gives
        the best found so far and :meth:`run` goes on from there.
        """
        st = self.state
        started = time.perf_counter()
        deadline = None if self.timeout is None else started + self.timeout
        last_report = started
        node_cap = _NO_LIMIT if self.max_nodes is None else self.max_nodes
        s = self.stats
        try:
            while True:
                if self.done:
                    s.status = Status.COMPLETE
                    break
                if st[K.NODES] >= node_cap:
                    s.status = Status.MAX_NODES
                    break
                if deadline is not None and time.perf_counter() >= deadline:
                    s.status = Status.TIMEOUT
                    break
                s.status = Status.RUNNING
                self._kernel(*self._args(node_cap, st[K.UPDATES] + SLICE_UPDATES))
                if st[K.PHASE] == KC.PH_KEEP:  # the rows are full: twice as many (at most k)
                    self.kept = self._rows(min(2 * self.kept[0].size, self.k))
                if self.progress is not None and not self.done:
                    now = time.perf_counter()
                    if now - last_report >= self.progress_interval:
                        self._sync(started)
                        started = last_report = now
                        self.progress(self.report())
        except KeyboardInterrupt:
            s.status = Status.INTERRUPTED
            raise
        finally:
            self._sync(started)
            if self.progress is not None:
                self.progress.close(self.report)
        return self.result()

    def _sync(self, started: float) -> None:
        s = self.stats
        st = self.state
        s.nodes = int(st[K.NODES])
        s.updates = int(st[K.UPDATES])
        s.solutions = int(st[K.SOLUTIONS])
        s.max_level = int(st[K.MAX_LEVEL])
        s.cleansings = int(st[K.CLEANSINGS])
        s.seconds += time.perf_counter() - started

    def result(self) -> Best:
        """The cheapest solutions found so far (:class:`Best`; ``optimal`` once
        the search is complete)."""
        best, slot, options, size, found = self.kept
        entries = [(int(best[h]), int(found[slot[h]]), int(slot[h])) for h in range(int(self.state[KC.HELD]))]
        entries.sort()
        given = self.given.tolist()
        costs, solutions = [], []
        for _, _, row in entries:
            chosen = self._option[options[row, : size[row]]].tolist()
            sol = sorted(given + chosen)
            solutions.append(sol)
            costs.append(int(self.costs[sol].sum()) if sol else 0)
        stats = Stats(**{f: getattr(self.stats, f) for f in ("solutions", "nodes", "updates", "max_level",
                                                              "seconds", "status", "cleansings")},
                      profile=self.stats.profile.copy())
        return Best(costs, solutions, self.done, stats)

    def report(self) -> Progress:
        """A :class:`~dlxnumba.progress.Progress` report of the search as it stands."""
        st = self.state
        return Progress(self.stats.seconds, int(st[K.NODES]), int(st[K.UPDATES]), int(st[K.SOLUTIONS]),
                        self.fraction())

    def fraction(self) -> float:
        """DLX5's estimate of the fraction of the tree searched: the choice on
        level ``l`` is the ``k``-th of ``d`` options (those still cheap enough
        for the cutoff), and the estimate adds up ``(k - 1) / (d_0 ... d_l)``."""
        st = self.state
        phase = int(st[K.PHASE])
        if phase == K.PH_DONE:
            return 1.0
        if phase == K.PH_START:
            return 0.0
        choice, top, cost = self.cursor[0], self.top, self.priced[1]
        dlink = self._arrays[3]
        partcost = self.ledger[0]
        cutoff = int(st[KC.CUTOFF])
        f, scale = 0.0, 1.0
        for level in range(int(st[K.LEVEL])):
            node = int(choice[level])
            item = int(top[node])
            k, p = 1, int(dlink[item])
            while p != node and p != item:
                p = int(dlink[p])
                k += 1
            d = k - 1
            while p != item and int(cost[p]) < cutoff - int(partcost[level]):
                p = int(dlink[p])
                d += 1
            scale *= max(d, 1)
            f += (k - 1) / scale
            if scale > 2.0 ** 53:
                break
        return min(f, 1.0)


@documented
def best(problem: "Problem", k: int = 1, *, given: Iterable[int] | None = (), max_nodes: int | None = None,
         timeout: float | None = None, progress: ProgressArg = None, progress_interval: float = 0.5) -> Best:
    """The ``k`` cheapest solutions, by the costs of the options (Knuth's DLX5).

    Colors work as in DLX2; multiplicities and a problem without costs
    are refused.  When ``max_nodes`` or ``timeout`` ends the search
    first, the result holds the best found so far, marked
    ``optimal=False`` (no exception).  The statistics also go to
    :func:`~dlxnumba.last_stats`.  This is :meth:`ExactCover.best
    <dlxnumba.ExactCover.best>` (``problem`` is the problem it is called on).

    Parameters
    ----------
    problem : ExactCover
        Its ``costs`` (one nonnegative integer per option, all of them
        together below ``2**61``) are what a solution costs.
    k : int
        How many of the cheapest solutions to find (default 1: an optimum).
    {given}
        Their costs count.
    {max_nodes}
    {timeout}
    {progress}
    {progress_interval}

    Returns
    -------
    Best
        ``costs`` (nondecreasing) and ``solutions`` (sorted option indices,
        givens included), iterating as ``(cost, solution)`` pairs, ``k`` of
        them or all there are when fewer (none without a solution);
        ``optimal`` (False when a budget ended the search first); ``stats``
        (DLX5's nodes, updates, cleansings, and as ``solutions`` the
        improving solutions it found).

    Raises
    ------
    ExactCoverError
        For a problem without costs or with multiplicities, a bad ``k``
        or search option, an option index out of range or conflicting
        givens.

    Notes
    -----
    Ctrl-C raises KeyboardInterrupt as usual, with the cheapest solutions
    found so far as its attribute ``result`` (a :class:`Best` with
    ``optimal=False``); ``timeout`` or ``max_nodes`` ends the search with the
    best found so far instead.  Searching costs the work of DLX5 run with
    ``k<k>``: Knuth's figures for ``golden/cost_toy2.dlx`` and the others are
    reproduced exactly.

    Examples
    --------
    >>> from dlxnumba import ExactCover
    >>> p = ExactCover.from_options(["a b", "a", "b", "b c", "c"], costs=[5, 1, 3, 2, 4])
    >>> r = p.best(k=3)
    >>> list(r)
    [(3, [1, 3]), (8, [1, 2, 4]), (9, [0, 4])]
    >>> r.optimal, r.stats.solutions
    (True, 3)
    >>> p.best(given=[0]).costs, p.best(k=2).costs
    ([9], [3, 8])
    """
    options = SearchOptions(max_nodes=max_nodes, timeout=timeout, progress=progress,
                            progress_interval=progress_interval)
    search = CostSearch.using(problem, k, given, options)
    record_last(search.stats)
    try:
        return search.run()
    except KeyboardInterrupt:
        raise interrupted(search.result()) from None  # the best so far, optimal=False
