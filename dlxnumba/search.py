"""A search in progress: :class:`Search` owns the links, the cursor and the :class:`Stats`.

A problem (:class:`~dlxnumba.ExactCover`) is immutable; everything that
changes while searching lives here, so any number of searches of one problem
can run at once, in one thread or many.  A search is resumable: it stops at a
solution, a budget or a time limit and continues exactly where it stopped.
The compiled loop returns to Python every :data:`SLICE_UPDATES` updates, so
that Ctrl-C, timeouts and progress reports take effect within a fraction of a
second.

Examples
--------
>>> from dlxnumba import ExactCover
>>> p = ExactCover.from_options([["a", "b"], ["a"], ["b"]])
>>> s = Search(p)
>>> s.next(), s.next(), s.next()
([0], [1, 2], None)
>>> s.stats.solutions, s.stats.status
(2, Status.COMPLETE)
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, cast

import numpy as np

from . import kernels as K
from .cells import CellsEngine, prefer_cells
from .estimate import search_progress
from .errors import ExactCoverError, LimitReached
from .kernels.core.search import (APPLY_GIVEN, SEARCH, apply_given_bounds, apply_given_colors, chosen_options_m,
                                  search_bounds, search_colors)
from .progress import Progress, ProgressArg
from .search_options import SearchOptions, check_limit, documented
from .stats import Stats, Status
from .template import check_given, check_given_together, describe_conflict, first_repeat, template

if TYPE_CHECKING:  # pragma: no cover
    from .problem import Problem

__all__ = ["Search", "Stats", "Progress", "ready"]

#: Updates between two returns of the kernel to Python during a long search:
#: small enough that Ctrl-C, timeouts and progress take effect within a small
#: fraction of a second, large enough that the round trip costs nothing.
SLICE_UPDATES = 1 << 22
_NO_LIMIT = np.iinfo(np.int64).max

#: The kernels whose machine code this process has compiled or loaded (:func:`ready`).
_READY: set = set()


def ready(kernel, args: tuple) -> float:
    """Compile ``kernel`` for the types of ``args``, or load it from numba's
    cache, now; return the seconds that took (0.0 once it is ready).

    Statistics and rates count searching only: every entry point calls this
    before its clock (and its ``timeout``) starts, so that the first call of a
    process does not charge the seconds numba spends compiling or loading to
    the search.  Each kernel is called with one signature (the arrays of a
    search are always made alike), so working out the types of ``args``
    (about 0.2 ms) is done once per kernel; later calls cost a set lookup.
    """
    if kernel in _READY or not hasattr(kernel, "compile"):  # (a plain function with NUMBA_DISABLE_JIT=1)
        return 0.0
    t0 = time.perf_counter()
    kernel.compile(tuple(kernel.typeof_pyval(a) for a in args))
    _READY.add(kernel)
    return time.perf_counter() - t0


def _options_of(nodes: np.ndarray, first_node: np.ndarray) -> np.ndarray:
    """The option of each node of ``nodes``: the last option whose first node is
    not after it (``first_node`` ascends; an option's nodes follow its first,
    in either layout).  numpy, so that a first solve compiles no kernel for it."""
    return np.searchsorted(first_node, nodes, side="right") - 1


@documented
class Search:
    """One search of a problem, resumable, with its own links and :class:`Stats`.

    The givens are applied at once; the search runs when asked
    (:meth:`next`, :meth:`solutions`, :meth:`count`), each call going on
    from where the last one stopped.  :meth:`ExactCover.search
    <dlxnumba.ExactCover.search>` makes one.

    Parameters
    ----------
    problem : ExactCover
        The problem to search.
    {given}
    {stop_at}
    {max_nodes}
    timeout : float or None
        A budget of seconds of wall-clock time, counted from the creation of
        the search (after the search kernel is compiled or loaded: see
        :func:`ready`).
    {progress}
    {progress_interval}
    {algorithm}

    Attributes
    ----------
    stats : Stats
        The statistics of this search so far.

    Raises
    ------
    ExactCoverError
        For a bad search option, an option index out of range or
        conflicting givens.

    Examples
    --------
    >>> from dlxnumba import Search, queens
    >>> p, key = queens(6)
    >>> s = Search(p, stop_at=0)
    >>> s.count(), s.stats.nodes
    (4, 93)
    """

    def __init__(self, problem: "Problem", *, given: Iterable[int] | None = (), stop_at: int = 1,
                 max_nodes: int | None = None, timeout: float | None = None, progress: ProgressArg = None,
                 progress_interval: float = 0.5, algorithm: str = "links"):
        options = SearchOptions(stop_at=stop_at, max_nodes=max_nodes, timeout=timeout, progress=progress,
                                progress_interval=progress_interval, algorithm=algorithm)
        self._start(problem, check_given(problem, given), options, None)

    @classmethod
    def using(cls, problem: "Problem", options: SearchOptions, given: np.ndarray | None = None,
              prepare: Callable[[tuple, np.ndarray], bool] | None = None) -> "Search":
        """A search of ``problem`` with ``options`` checked already (the front ends build the
        record once) and ``given`` an int32 array from :func:`~dlxnumba.template.check_given`.

        Parameters
        ----------
        problem : ExactCover
            The problem to search.
        options : SearchOptions
            The search options, checked.
        given : numpy.ndarray or None
            The given options (int32, checked to be in range; None: none).
        prepare : callable or None
            ``prepare(links, first_node)``, for links only, sets the links up
            in place of the givens (a front end's fast builder); it returns
            False when they conflict.

        Returns
        -------
        Search

        Raises
        ------
        ExactCoverError
            For givens that conflict or repeat, or ``prepare`` with another
            algorithm than links.
        """
        search = cls.__new__(cls)
        search._start(problem, np.zeros(0, np.int32) if given is None else given, options, prepare)
        return search

    def _start(self, problem: "Problem", given: np.ndarray, options: SearchOptions,
               prepare: Callable[[tuple, np.ndarray], bool] | None) -> None:
        self.options = options
        self.stop_at, self.max_nodes, self.timeout = options.stop_at, options.max_nodes, options.timeout
        self.algorithm = options.algorithm
        self.problem = problem
        self.progress = options.reporter()
        self.progress_interval = options.progress_interval
        self.given = given
        self._cells: CellsEngine | None = None
        if self.algorithm != "links" and prepare is not None:
            raise ExactCoverError(f"algorithm={self.algorithm!r} cannot take a prepare= function (links only)")
        if self.algorithm == "auto":  # decided here, from the problem's shape, for the whole search
            self.algorithm = "cells" if prefer_cells(problem) else "links"
        if self.algorithm == "cells":
            self._init_cells(problem)
            return
        t = template(problem)
        self.width = t.width
        self.first_node = t.first_node
        self.top = t.top
        self._arrays = (t.llink.copy(), t.rlink.copy(), t.ulink.copy(), t.dlink.copy(), t.length.copy())
        llink, rlink, ulink, dlink, length = self._arrays
        u = np.uint32
        #: the links (a plain tuple in kernels.Links order)
        self.links = (llink.view(u), rlink.view(u), t.top, ulink.view(u), dlink.view(u), length)
        #: "plain" (Algorithm X), "colors" (C) or "bounds" (M, with or without colors)
        self.kind = "bounds" if problem.has_bounds else "colors" if problem.has_colors else "plain"
        n1 = problem.n_primary
        # Algorithm M may also spend a level on each item's null move
        depth = n1 + 1 + (problem.n_options if self.kind == "bounds" else 0)
        #: where the search stands (a plain tuple in kernels.Cursor order)
        self.cursor = (np.zeros(depth, np.int32), np.zeros(depth, np.int64), np.zeros(K.STATE_SIZE, np.int64))
        color = t.top  # (never read by a plain search)
        if self.kind != "plain":
            color = np.zeros(t.top.size, np.int32) if t.color is None else t.color.copy()
        #: the colors of the nodes (purify writes them); a plain search has none to read
        self.color = color
        if self.kind == "bounds":
            bound = np.zeros(n1 + 1, np.int32)
            bound[1:] = problem.upper
            slack = np.zeros(n1 + 1, np.int32)
            slack[1:] = problem.upper - problem.lower
            #: Algorithm M's arrays (a plain tuple in kernels.Bounds order)
            self.bounds = (color, bound, slack, np.zeros(depth, np.int32))
        self.stats = Stats(profile=self.cursor[1])
        self._found = 0
        twice = first_repeat(self.given) if self.given.size > 1 else None
        if twice is not None:
            raise ExactCoverError(f"given option {twice} is listed twice")
        if prepare is not None:
            if not prepare(self.links, t.first_node):
                raise ExactCoverError("the given options conflict")
        elif self.given.size and self.kind != "plain":
            check_given_together(problem, self.given)
            if self.kind == "colors":
                apply_given_colors(self.given, t.first_node, n1, self.links, color)
            else:
                apply_given_bounds(self.given, t.first_node, self.links, self.bounds)
        elif self.given.size:
            bad = APPLY_GIVEN[t.width](self.given, t.first_node, self.links)
            if bad >= 0:
                raise ExactCoverError(describe_conflict(problem, self.given, bad))
        # compiled (or loaded) before any clock starts: seconds and timeouts count searching only
        kernel, args = self._kernel(1, 1, 1)
        if kernel not in _READY:
            ready(kernel, args)
        self.deadline = None if self.timeout is None else time.perf_counter() + self.timeout

    def _kernel(self, solution_stop, node_stop, update_stop) -> tuple:
        """The search kernel of this kind of problem and its arguments."""
        if self.kind == "plain":
            return SEARCH[self.width], (self.problem.n_primary, self.links, self.cursor, self.stop_at,
                                        solution_stop, node_stop, update_stop)
        if self.kind == "colors":
            return search_colors, (self.problem.n_primary, self.links, self.color, self.cursor, self.stop_at,
                                   solution_stop, node_stop, update_stop)
        return search_bounds, (self.links, self.bounds, self.cursor, solution_stop, node_stop, update_stop)

    def _init_cells(self, problem: "Problem") -> None:
        """Set up a dancing-cells search (:mod:`dlxnumba.cells`): no links."""
        twice = first_repeat(self.given) if self.given.size > 1 else None
        if twice is not None:
            raise ExactCoverError(f"given option {twice} is listed twice")
        self.kind = "bounds" if problem.has_bounds else "colors" if problem.has_colors else "plain"
        if self.given.size and self.kind != "plain":
            check_given_together(problem, self.given)
        self._cells = CellsEngine(problem, self.given)
        self.width, self.first_node, self.top = 0, self._cells.template.first_node, np.zeros(0, np.int32)
        self._arrays, self.links = cast(Any, ()), cast(Any, ())  # (no links)
        self.cursor = self._cells.cursor  # (its stack may be replaced; state, choice, profile stay)
        self.stats = Stats(profile=self.cursor[1], algorithm="cells")
        self._found = 0
        ready(*self._cells.warm_args())
        self.deadline = None if self.timeout is None else time.perf_counter() + self.timeout

    # ------------------------------------------------------------------ state

    @property
    def state(self) -> np.ndarray:
        """The int64 state vector of the kernel (slots LEVEL, NODES, ...)."""
        return self.cursor[-1]

    @property
    def llink(self) -> np.ndarray:
        return self._arrays[0]

    @property
    def rlink(self) -> np.ndarray:
        return self._arrays[1]

    @property
    def ulink(self) -> np.ndarray:
        return self._arrays[2]

    @property
    def dlink(self) -> np.ndarray:
        return self._arrays[3]

    @property
    def length(self) -> np.ndarray:
        return self._arrays[4]

    @property
    def choice(self) -> np.ndarray:
        return self.cursor[0]

    @property
    def profile(self) -> np.ndarray:
        return self.cursor[1]

    @property
    def done(self) -> bool:
        """True once the search tree is exhausted."""
        return bool(self.state[K.PHASE] == K.PH_DONE)

    def _sync(self, started: float) -> None:
        s = self.stats
        st = self.state
        s.nodes = int(st[K.NODES])
        s.updates = int(st[K.UPDATES])
        s.solutions = int(st[K.SOLUTIONS])
        s.max_level = int(st[K.MAX_LEVEL])
        s.cleansings = int(st[K.CLEANSINGS])
        s.seconds += time.perf_counter() - started

    # ---------------------------------------------------------------- driving

    def advance(self, solution_stop: int) -> int:
        """Search until ``solution_stop`` solutions in all, the end, or a limit.

        Lets KeyboardInterrupt through between two slices (the search can be
        resumed after it).

        Parameters
        ----------
        solution_stop : int
            Stop when the search has visited this many solutions in all.

        Returns
        -------
        int
            ``RET_SOLUTION`` (stopped at a solution) or ``RET_DONE`` (the tree
            is exhausted).

        Raises
        ------
        LimitReached
            On a timeout or node budget.
        """
        st = self.state
        started = time.perf_counter()
        deadline = self.deadline
        last_report = started
        node_cap = _NO_LIMIT if self.max_nodes is None else self.max_nodes
        try:
            if st[K.PHASE] == K.PH_START and node_cap == 0:
                # a budget of nothing: not even a search that needs no level (no primary item)
                self.stats.status = Status.MAX_NODES
                raise LimitReached(Status.MAX_NODES, self.stats, None)
            if deadline is not None and started >= deadline and st[K.PHASE] != K.PH_DONE:
                self.stats.status = Status.TIMEOUT
                raise LimitReached(Status.TIMEOUT, self.stats, None)
            while True:
                if self._cells is not None:
                    ret = self._cells.run(self.stop_at, solution_stop, node_cap, st[K.UPDATES] + SLICE_UPDATES)
                else:
                    kernel, args = self._kernel(solution_stop, node_cap, st[K.UPDATES] + SLICE_UPDATES)
                    ret = kernel(*args)
                if ret != K.RET_PAUSED:
                    self.stats.status = Status.COMPLETE if ret == K.RET_DONE else Status.RUNNING
                    return ret
                now = time.perf_counter()
                if st[K.NODES] >= node_cap:
                    self.stats.status = Status.MAX_NODES
                    raise LimitReached(Status.MAX_NODES, self.stats, None)
                if deadline is not None and now >= deadline:
                    self.stats.status = Status.TIMEOUT
                    raise LimitReached(Status.TIMEOUT, self.stats, None)
                if self.progress is not None and now - last_report >= self.progress_interval:
                    self._sync(started)
                    started = now
                    last_report = now
                    self.progress(self.report())
        except KeyboardInterrupt:
            self.stats.status = Status.INTERRUPTED
            raise
        finally:
            self._sync(started)
            if self.progress is not None:
                self.progress.close(self.report)

    def report(self) -> Progress:
        """A :class:`~dlxnumba.progress.Progress` report of this search as it stands.

        Returns
        -------
        Progress
        """
        if self._cells is not None:
            return self._cells.report(self.stats.seconds)
        return search_progress(self.choice, self.state, self.top, self.dlink, self.length,
                               self.stats.seconds)

    def solution(self) -> list[int]:
        """The options of the solution just visited, givens included, sorted.

        Returns
        -------
        list of int
        """
        if self._cells is not None:
            return sorted(self.given.tolist() + self._cells.chosen())
        level = int(self.state[K.LEVEL])
        if self.kind == "bounds":  # the moves are choice[0..level-1], null moves among them
            out = np.empty(max(level, 0), np.int32)
            k = chosen_options_m(self.cursor[0], level, self.top, out)
            return sorted(self.given.tolist() + out[:k].tolist())
        out = _options_of(self.cursor[0][:max(level + 1, 0)], self.first_node)
        return sorted(self.given.tolist() + out.tolist())

    def next(self) -> list[int] | None:
        """The next solution (sorted option indices, givens included), or None when there is none left.

        Returns
        -------
        list of int or None

        Raises
        ------
        LimitReached
            When ``max_nodes`` or ``timeout`` stops the search first
            (``found``: the solutions before it).

        Examples
        --------
        >>> from dlxnumba import ExactCover, Search
        >>> s = Search(ExactCover.from_options(["A B", "B C", "C", "A"]))
        >>> s.next(), s.next(), s.next()
        ([0, 2], [1, 3], None)
        """
        try:
            ret = self.advance(self._found + 1)
        except LimitReached as e:
            e.found = self._found
            raise
        if ret != K.RET_SOLUTION:
            return None
        self._found += 1
        return self.solution()

    def first(self) -> list[int] | None:
        """The first solution, for a one-shot ``solve``: :meth:`next` at the start
        of the search, whose ``stats.status`` then says LIMIT (the search stopped at
        the solution it was asked for), and whose :class:`~dlxnumba.LimitReached`
        carries ``found=None`` (no solution yet).

        Returns
        -------
        list of int or None

        Raises
        ------
        LimitReached
            When ``max_nodes`` or ``timeout`` stops the search first.

        Examples
        --------
        >>> from dlxnumba import ExactCover, Search
        >>> s = Search(ExactCover.from_options(["A B", "B C", "C", "A"]))
        >>> s.first(), s.stats.status
        ([0, 2], Status.LIMIT)
        """
        try:
            sol = self.next()
        except LimitReached as e:
            e.found = None
            raise
        if sol is not None:
            self.stats.status = Status.LIMIT
        return sol

    def solutions(self, limit: int | None = None) -> Iterator[list[int]]:
        """Iterate over the next solutions (at most ``limit``).

        Parameters
        ----------
        limit : int or None
            Stop after this many more solutions (None: all that are left).

        Yields
        ------
        list of int
            Each solution's options, sorted, givens included.

        Raises
        ------
        LimitReached
            When ``max_nodes`` or ``timeout`` stops the search first
            (``found``: the solutions before it).
        ExactCoverError
            For a bad ``limit``.

        Examples
        --------
        >>> from dlxnumba import ExactCover, Search
        >>> s = Search(ExactCover.from_options(["A B", "B C", "C", "A"]))
        >>> list(s.solutions(1)), list(s.solutions())
        ([[0, 2]], [[1, 3]])
        """
        check_limit(limit)
        got = 0
        while limit is None or got < limit:
            sol = self.next()
            if sol is None:
                return
            got += 1
            yield sol
        self.stats.status = Status.LIMIT

    __iter__ = solutions

    def count(self, limit: int | None = None) -> int:
        """Count on to ``limit`` solutions in all (None: to the end); return the count.

        Parameters
        ----------
        limit : int or None
            Count up to this many solutions in all, those already visited
            included (None: to the end).

        Returns
        -------
        int
            The solutions visited by this search in all (at most ``limit``,
            unless more were visited already).

        Raises
        ------
        LimitReached
            When ``max_nodes`` or ``timeout`` stops the search first
            (``found``: the partial count).
        ExactCoverError
            For a bad ``limit``.

        Examples
        --------
        >>> from dlxnumba import ExactCover, Search
        >>> s = Search(ExactCover.from_options(["A B", "B C", "C", "A"]))
        >>> s.next(), s.count(), s.count()
        ([0, 2], 2, 2)
        """
        check_limit(limit)
        target = _NO_LIMIT if limit is None else min(int(limit), _NO_LIMIT)
        if target <= self._found:
            self.stats.status = Status.LIMIT
            return self._found
        try:
            ret = self.advance(target)
        except LimitReached as e:
            e.found = e.stats.solutions
            raise
        self._found = self.stats.solutions
        if ret == K.RET_SOLUTION:
            self.stats.status = Status.LIMIT
        return self._found


