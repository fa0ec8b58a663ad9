"""The front door of the engine: :class:`ExactCover`, a problem you can search.

:class:`ExactCover` is a :class:`~dlxnumba.problem.Problem` (the data: items,
options, names; immutable, picklable) with the calls that search it.  Each
call turns its keywords into one :class:`~dlxnumba.search_options.SearchOptions`
and hands it down: a :class:`~dlxnumba.search.Search` for one search, the
lanes of :mod:`dlxnumba.batch` for many jobs, :mod:`dlxnumba.parallel` for a
search split over threads.  Nothing below imports this module.

The search options, the same keywords on every call:

``given``
    Options forced into the solution (and included in it); conflicting ones
    raise :class:`~dlxnumba.ExactCoverError`.
``stop_at`` (1 or 0)
    Branching picks the active primary item of minimum length, leftmost among
    equals, stopping the scan at an item of length ``<= stop_at``: ``1``
    (default) is fastest; ``0`` is Knuth's DLX1 rule and reproduces his node
    and update counts.
``max_nodes``, ``timeout``
    A budget of search-tree nodes; seconds of wall-clock time from the start
    of the search (never while compiling; for ``solutions``, the consumer's
    time between two solutions counts too).  When one runs out,
    :class:`~dlxnumba.LimitReached` carries the statistics and what was found
    (``0`` runs no search at all).
``progress``, ``progress_interval``
    ``True`` shows reports on long searches (a tqdm bar when tqdm is
    installed, else a line on stderr); a callable receives each
    :class:`~dlxnumba.Progress`; every ``progress_interval`` seconds (0.5).
``algorithm`` ("links", "cells" or "auto")
    Dancing links (Knuth's DLX1, DLX2, DLX3), dancing cells (SSXC1, SSXCC,
    SSMCC: the same solutions, those programs' own counts), or links unless a
    probe on a sample of the tree finds cells faster (``stats.algorithm``
    says which searched).
``threads``
    On ``count`` and ``solutions``: split the search over that many threads
    (None or 1: the serial search).

The one-shot calls return plain values; their statistics go to
:func:`~dlxnumba.last_stats` (for this thread).
"""

from __future__ import annotations

import warnings
from typing import Any, Iterable, Iterator

from .batch import run_batch
from .costs import best
from .reduce import reduce
from .zdd import zdd
from .errors import LimitReached
from .problem import Problem
from .progress import ProgressArg
from .search import Search
from .search_options import SearchOptions, check_limit, documented
from .parallel.run import count_parallel, solutions_parallel
from .parallel.split import split
from .stats import Stats, Status, deprecated_stats, record_last
from .template import check_given

__all__ = ["ExactCover"]


class ExactCover(Problem):
    """An exact-cover problem: choose options that cover every primary item
    exactly once and every secondary item at most once.

    Build one with :meth:`from_matrix`, :meth:`from_options` or
    :meth:`from_dlx`; search it with :meth:`solve`, :meth:`solutions`,
    :meth:`count`, :meth:`search` (a resumable :class:`~dlxnumba.search.Search`)
    or many jobs at once with :meth:`batch`.  Solutions are sorted lists of
    0-based option indices.  A problem never changes once built, and pickles.
    The search options are those of the module's docstring
    (:mod:`dlxnumba.exact_cover`).

    Examples
    --------
    Knuth's example: items A..E primary, F and G secondary.

    >>> from dlxnumba import last_stats
    >>> p = ExactCover.from_options(
    ...     [["C", "E", "F"], ["A", "D", "G"], ["B", "C", "F"],
    ...      ["A", "D"], ["B", "G"], ["D", "E", "G"]],
    ...     primary=["A", "B", "C", "D", "E"], secondary=["F", "G"])
    >>> p.solve()
    [0, 3, 4]
    >>> p.count(stop_at=0), last_stats().nodes, last_stats().updates
    (1, 6, 30)
    >>> [p.option_names(s) for s in p.solutions()]
    [[('C', 'E', 'F'), ('A', 'D'), ('B', 'G')]]
    >>> import pickle
    >>> pickle.loads(pickle.dumps(p)).solve()
    [0, 3, 4]
    """

    __slots__ = ()

    @property
    def stats(self) -> Stats:
        """Deprecated: :func:`~dlxnumba.last_stats` when this thread's last one-shot call was on
        this problem (a problem never changes: the statistics live with the search)."""
        return deprecated_stats("ExactCover")

    @documented
    def search(self, *args: Any, given: Iterable[int] | None = (), stop_at: int = 1,
               max_nodes: int | None = None, timeout: float | None = None, progress: ProgressArg = None,
               progress_interval: float = 0.5, algorithm: str = "links") -> Search:
        """A new resumable :class:`~dlxnumba.search.Search` of this problem, with its own ``stats``.

        The givens are applied at once; the search runs when asked
        (``next()``, ``solutions()``, ``count()``), and those calls raise
        :class:`~dlxnumba.LimitReached` when a budget runs out (``timeout``
        counts from the creation of the search).  Interrupted by Ctrl-C, the
        search goes on from where it was at the next call.

        Parameters
        ----------
        {given}
        {stop_at}
        {max_nodes}
        {timeout}
        {progress}
        {progress_interval}
        {algorithm}

        Returns
        -------
        Search
            The search, at its start (see :class:`~dlxnumba.search.Search`).

        Raises
        ------
        ExactCoverError
            For a bad search option, an option index out of range or
            conflicting givens.
        TypeError
            For the given options passed by position together with
            ``given=`` or with other positional arguments (one positional
            argument is the deprecated spelling of ``given``).

        See Also
        --------
        solve, solutions, count : the one-shot calls.

        Examples
        --------
        >>> p = ExactCover.from_options([["a"], ["a"]])
        >>> s = p.search(stop_at=0); s.next(), s.next(), s.next(), s.stats.nodes
        ([0], [1], None, 3)
        """
        if args:
            if len(args) > 1 or given != ():
                raise TypeError("search() takes the given options by keyword: search(given=...)")
            warnings.warn("p.search(given) is deprecated: write p.search(given=...)", DeprecationWarning,
                          stacklevel=2)
            given = args[0]
        return Search(self, given=given, stop_at=stop_at, max_nodes=max_nodes, timeout=timeout,
                      progress=progress, progress_interval=progress_interval, algorithm=algorithm)

    def _one_shot(self, given: Any, options: SearchOptions) -> Search:
        s = Search.using(self, options, check_given(self, given))
        record_last(s.stats)
        return s

    @documented
    def solve(self, *, given: Iterable[int] = (), stop_at: int = 1, max_nodes: int | None = None,
              timeout: float | None = None, progress: ProgressArg = None, progress_interval: float = 0.5,
              algorithm: str = "links") -> list[int] | None:
        """The first solution found, as a sorted list of option indices, or None.

        Parameters
        ----------
        {given}
        {stop_at}
        {max_nodes}
        {timeout}
        {progress}
        {progress_interval}
        {algorithm}

        Returns
        -------
        list of int or None
            The options of the first solution, sorted, givens included; None
            when there is none.  :func:`~dlxnumba.last_stats` has the
            statistics of the search.

        Raises
        ------
        LimitReached
            When ``max_nodes`` or ``timeout`` stops the search first (the
            statistics in ``stats``; None in ``found``).
        ExactCoverError
            For a bad search option, an option index out of range or
            conflicting givens.

        See Also
        --------
        solutions, count, search

        Examples
        --------
        >>> p = ExactCover.from_options(["A B", "B C", "C", "A"])
        >>> p.solve(), p.solve(given=[1])
        ([0, 2], [1, 3])
        >>> ExactCover.from_options(["A B", "B C"]).solve() is None  # no solution
        True
        """
        options = SearchOptions(stop_at=stop_at, max_nodes=max_nodes, timeout=timeout, progress=progress,
                                progress_interval=progress_interval, algorithm=algorithm)
        s = self._one_shot(given, options)
        try:
            sol = s.next()
        except LimitReached as e:
            e.found = None
            raise
        if sol is not None:
            s.stats.status = Status.LIMIT
        return sol

    @documented
    def solutions(self, limit: int | None = None, *, given: Iterable[int] = (), stop_at: int = 1,
                  max_nodes: int | None = None, timeout: float | None = None, progress: ProgressArg = None,
                  progress_interval: float = 0.5, threads: int | None = None,
                  algorithm: str = "links") -> Iterator[list[int]]:
        """Iterate over solutions lazily (each a sorted list of option indices), at most ``limit``.

        The search advances only as far as the consumer asks (for
        ``timeout``, the consumer's time between two solutions counts too).
        ``threads=N`` (N > 1) splits the search (:meth:`split`) and finds
        every solution on N threads before the first is yielded, in another
        order than the serial search's (the same set); ``limit`` and
        ``max_nodes`` cannot go with it.

        Parameters
        ----------
        limit : int or None
            Stop after this many solutions (None: all of them).
        {given}
        {stop_at}
        {max_nodes}
        {timeout}
        {progress}
        {progress_interval}
        {threads}
        {algorithm}

        Yields
        ------
        list of int
            Each solution's options, sorted, givens included.

        Raises
        ------
        LimitReached
            When ``max_nodes`` or ``timeout`` stops the search first (the
            statistics in ``stats``; the number of solutions yielded so far in ``found``).
        ExactCoverError
            For a bad search option or ``limit`` (a negative one; ``limit`` or
            ``max_nodes`` with ``threads``), a problem that cannot be split (with
            ``threads``), an option index out of range or
            conflicting givens.

        See Also
        --------
        solve, count, search

        Examples
        --------
        >>> p = ExactCover.from_options(["A B", "B C", "C", "A"])
        >>> list(p.solutions()), list(p.solutions(1))
        ([[0, 2], [1, 3]], [[0, 2]])
        """
        options = SearchOptions(stop_at=stop_at, max_nodes=max_nodes, timeout=timeout, progress=progress,
                                progress_interval=progress_interval, threads=threads, algorithm=algorithm)
        limit = check_limit(limit)
        if not options.serial:
            sols, stats = solutions_parallel(self, check_given(self, given), options, limit=limit)
            record_last(stats)
            return iter(sols)
        return self._one_shot(given, options).solutions(limit)

    @documented
    def count(self, limit: int | None = None, *, given: Iterable[int] = (), stop_at: int = 1,
              max_nodes: int | None = None, timeout: float | None = None, progress: ProgressArg = None,
              progress_interval: float = 0.5, threads: int | None = None, checkpoint: Any = None,
              algorithm: str = "links") -> int:
        """The number of solutions (at most ``limit``).

        ``threads=N`` (N > 1) splits the search tree (:meth:`split`) and
        counts the parts on N threads; ``checkpoint=PATH`` records the split
        and each finished part in that file, so that a count stopped (Ctrl-C,
        a crash, ``timeout``) and started again with the same path does only
        the parts left (see :class:`dlxnumba.parallel.checkpoint.Checkpoint`).
        Either runs to the end: ``limit`` and ``max_nodes`` cannot go with
        them.  Split searches take problems without colors or bounds.

        Parameters
        ----------
        {limit}
        {given}
        {stop_at}
        {max_nodes}
        {timeout}
        {progress}
        {progress_interval}
        {threads}
        checkpoint : str, path or None
            A file recording the split and each finished part: a count started
            again with the same file does only the parts left (a split search,
            even on one thread).
        {algorithm}

        Returns
        -------
        int
            The number of solutions (at most ``limit``).

        Raises
        ------
        LimitReached
            When ``max_nodes`` or ``timeout`` stops the search first (the
            statistics in ``stats``; the partial count in ``found``).
        ExactCoverError
            For a bad search option or ``limit`` (a negative one; ``limit`` or
            ``max_nodes`` with ``threads`` or ``checkpoint``), a problem that
            cannot be split, a checkpoint that cannot be read or written or was
            made for another problem, an option index out of range or
            conflicting givens.

        See Also
        --------
        solutions, split

        Examples
        --------
        >>> ExactCover.from_options([["a"], ["a"], ["b"]]).count()
        2
        >>> p = ExactCover.from_options(["A B", "B C", "C", "A"])
        >>> p.count(), p.count(1), p.count(given=[1])
        (2, 1, 1)
        """
        options = SearchOptions(stop_at=stop_at, max_nodes=max_nodes, timeout=timeout, progress=progress,
                                progress_interval=progress_interval, threads=threads, algorithm=algorithm)
        limit = check_limit(limit)
        if not options.serial or checkpoint is not None:
            n, stats = count_parallel(self, check_given(self, given), options, limit=limit,
                                      checkpoint=checkpoint)
            record_last(stats)
            return n
        return self._one_shot(given, options).count(limit)

    # The calls each defined once, beside what they run (the problem is their first argument):
    split = split
    batch = run_batch
    best = best
    reduce = reduce
    zdd = zdd
