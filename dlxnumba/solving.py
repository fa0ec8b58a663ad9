"""Solving a problem: :func:`solve`, :func:`solutions`, :func:`count` and :func:`search`.

Each is a method of :class:`~dlxnumba.ExactCover` (``p.solve()`` is
``solve(p)``).  A call turns its keywords into one
:class:`~dlxnumba.search_options.SearchOptions` and hands it down: a
:class:`~dlxnumba.search.Search` for one search, :mod:`dlxnumba.parallel` for
a search split over threads.  The one-shot calls return plain values; their
statistics go to :func:`~dlxnumba.last_stats` (for this thread).

Examples
--------
>>> from dlxnumba import ExactCover, last_stats
>>> p = ExactCover.from_options(["A B", "B C", "C", "A"])
>>> solve(p), count(p), list(solutions(p, 1)), last_stats().solutions
([0, 2], 2, [[0, 2]], 1)
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator

from .parallel.run import count_parallel, solutions_parallel
from .problem import Problem
from .progress import ProgressArg
from .search import Search
from .search_options import SearchOptions, check_limit, documented
from .stats import record_last
from .template import check_given

__all__ = ["search", "solve", "solutions", "count"]


@documented
def search(problem: Problem, *, given: Iterable[int] | None = (), stop_at: int = 1,
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
    problem : ExactCover
        The problem (``self`` of the method).
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

    See Also
    --------
    solve, solutions, count : the one-shot calls.

    Examples
    --------
    >>> from dlxnumba import ExactCover
    >>> p = ExactCover.from_options([["a"], ["a"]])
    >>> s = p.search(stop_at=0); s.next(), s.next(), s.next(), s.stats.nodes
    ([0], [1], None, 3)
    """
    return Search(problem, given=given, stop_at=stop_at, max_nodes=max_nodes, timeout=timeout,
                  progress=progress, progress_interval=progress_interval, algorithm=algorithm)


def _one_shot(problem: Problem, given: Any, options: SearchOptions) -> Search:
    s = Search.using(problem, options, check_given(problem, given))
    record_last(s.stats)
    return s


@documented
def solve(problem: Problem, *, given: Iterable[int] = (), stop_at: int = 1, max_nodes: int | None = None,
          timeout: float | None = None, progress: ProgressArg = None, progress_interval: float = 0.5,
          algorithm: str = "links") -> list[int] | None:
    """The first solution found, as a sorted list of option indices, or None.

    Parameters
    ----------
    problem : ExactCover
        The problem (``self`` of the method).
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
    >>> from dlxnumba import ExactCover
    >>> p = ExactCover.from_options(["A B", "B C", "C", "A"])
    >>> p.solve(), p.solve(given=[1])
    ([0, 2], [1, 3])
    >>> ExactCover.from_options(["A B", "B C"]).solve() is None  # no solution
    True
    """
    options = SearchOptions(stop_at=stop_at, max_nodes=max_nodes, timeout=timeout, progress=progress,
                            progress_interval=progress_interval, algorithm=algorithm)
    return _one_shot(problem, given, options).first()


@documented
def solutions(problem: Problem, limit: int | None = None, *, given: Iterable[int] = (), stop_at: int = 1,
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
    problem : ExactCover
        The problem (``self`` of the method).
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
    >>> from dlxnumba import ExactCover
    >>> p = ExactCover.from_options(["A B", "B C", "C", "A"])
    >>> list(p.solutions()), list(p.solutions(1))
    ([[0, 2], [1, 3]], [[0, 2]])
    """
    options = SearchOptions(stop_at=stop_at, max_nodes=max_nodes, timeout=timeout, progress=progress,
                            progress_interval=progress_interval, threads=threads, algorithm=algorithm)
    limit = check_limit(limit)
    if not options.serial:
        sols, stats = solutions_parallel(problem, check_given(problem, given), options, limit=limit)
        record_last(stats)
        return iter(sols)
    return _one_shot(problem, given, options).solutions(limit)


@documented
def count(problem: Problem, limit: int | None = None, *, given: Iterable[int] = (), stop_at: int = 1,
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
    problem : ExactCover
        The problem (``self`` of the method).
    {limit}
    {given}
    {stop_at}
    {max_nodes}
    {timeout}
    {progress}
    {progress_interval}
    {threads}
    {checkpoint}
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
    >>> from dlxnumba import ExactCover
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
        n, stats = count_parallel(problem, check_given(problem, given), options, limit=limit,
                                  checkpoint=checkpoint)
        record_last(stats)
        return n
    return _one_shot(problem, given, options).count(limit)
