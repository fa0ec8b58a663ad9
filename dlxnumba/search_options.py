"""How to search, as one record: :class:`SearchOptions`, checked once at the public edge.

Every public call that searches (``ExactCover.solve``/``solutions``/``count``,
``Search``, batches, split and Dask runs, the Sudoku calls) takes the same
keywords -- ``stop_at``, ``max_nodes``, ``timeout``, ``progress``,
``progress_interval``, ``threads``, ``algorithm`` -- and turns them into one
frozen :class:`SearchOptions` before anything else; the layers below take the
record and never check an option again, so no path can forget one.

(The module is not called ``options``: in Knuth's vocabulary an *option* is a
set of items of the problem.)

>>> o = SearchOptions(stop_at=0, timeout=2)
>>> o.stop_at, o.timeout, o.threads
(0, 2.0, None)
>>> SearchOptions(stop_at=2)
Traceback (most recent call last):
...
dlxnumba.errors.ExactCoverError: stop_at must be 0 or 1, not 2
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, TypeVar

from .checks import choice, integer, is_integer, number
from .errors import ExactCoverError, plain
from .progress import ProgressArg, Reporter, check_progress, reporter

__all__ = ["SearchOptions", "ALGORITHMS", "thread_count", "check_limit", "NO_LIMIT"]

#: The values of ``algorithm=``: Knuth's dancing links, his dancing cells, or the one the problem's shape suits.
ALGORITHMS = ("links", "cells", "auto")

#: A budget past 2**62 nodes is no budget (and would not fit the kernels' int64).
NO_LIMIT = 1 << 62


@dataclass(frozen=True)
class SearchOptions:
    """The options of a search, validated (an :class:`~dlxnumba.ExactCoverError` names a bad one).

    Attributes
    ----------
    stop_at : {1, 0}
        Branching takes the active primary item of minimum length, leftmost
        among equals, and stops scanning at an item of length ``<= stop_at``:
        ``1`` (default) is fastest on Sudoku; ``0`` is Knuth's rule and
        reproduces his node and update counts.
    max_nodes : int or None
        A budget of search-tree nodes (``0``: no search at all).
    timeout : float or None
        Seconds of wall-clock time, counted from the start of the search (never
        while compiling).
    progress : bool, callable or None
        ``True`` shows reports (a tqdm bar when tqdm is installed, else a line
        on stderr); a callable receives each :class:`~dlxnumba.Progress`.
    progress_interval : float
        Seconds between two reports (0.5).
    threads : int or None
        Threads for batches and split searches (None: all that numba has; 1:
        the serial search).
    algorithm : {"links", "cells", "auto"}
        Dancing links (Knuth's DLX1/2/3), dancing cells (SSXC1, SSXCC,
        SSMCC), or the one the problem's shape suits (``dlxnumba.cells.prefer_cells``).
    """

    stop_at: int = 1
    max_nodes: int | None = None
    timeout: float | None = None
    progress: ProgressArg = None
    progress_interval: float = 0.5
    threads: int | None = None
    algorithm: str = "links"

    def __post_init__(self) -> None:
        if not is_integer(self.stop_at) or self.stop_at not in (0, 1):
            raise ExactCoverError(f"stop_at must be 0 or 1, not {plain(self.stop_at)}")
        set_ = object.__setattr__
        set_(self, "stop_at", int(self.stop_at))
        if self.max_nodes is not None and (not is_integer(self.max_nodes) or self.max_nodes < 0):
            raise ExactCoverError(f"max_nodes must be a non-negative integer, not {plain(self.max_nodes)}")
        set_(self, "max_nodes", None if self.max_nodes is None else min(int(self.max_nodes), NO_LIMIT))
        # seconds become a Python float (a float32 deadline is only ms-precise at today's clock)
        if self.timeout is not None and not _seconds(self.timeout):
            raise ExactCoverError(f"timeout must be a non-negative number of seconds, not {plain(self.timeout)}")
        set_(self, "timeout", None if self.timeout is None else float(self.timeout))
        check_progress(self.progress)
        if not _seconds(self.progress_interval):
            raise ExactCoverError(f"progress_interval must be a non-negative number of seconds, "
                                  f"not {plain(self.progress_interval)}")
        set_(self, "progress_interval", float(self.progress_interval))
        if self.threads is not None and (not is_integer(self.threads) or self.threads < 1):
            raise ExactCoverError(f"threads must be a positive integer or None, not {plain(self.threads)}")
        set_(self, "threads", None if self.threads is None else int(self.threads))
        choice(self.algorithm, "algorithm", ALGORITHMS)

    @classmethod
    def make(cls, error: type[Exception] = ExactCoverError, **kwargs: Any) -> "SearchOptions":
        """The record of ``kwargs``, a bad one raising ``error`` (the caller's own class:
        :class:`~dlxnumba.SudokuError` for the Sudoku calls).

        Parameters
        ----------
        error : type
            The exception class to raise for a bad option.
        **kwargs
            The options, as :class:`SearchOptions` takes them.

        Returns
        -------
        SearchOptions

        Raises
        ------
        Exception
            ``error``, naming the bad option.

        Examples
        --------
        >>> from dlxnumba import SearchOptions
        >>> from dlxnumba.errors import SudokuError
        >>> SearchOptions.make(SudokuError, max_nodes=-1)
        Traceback (most recent call last):
        ...
        dlxnumba.errors.SudokuError: max_nodes must be a non-negative integer, not -1
        """
        try:
            return cls(**kwargs)
        except ExactCoverError as e:
            if error is ExactCoverError:
                raise
            raise error(str(e)) from None

    def replace(self, **changes: Any) -> "SearchOptions":
        """A copy with ``changes`` (checked).

        Parameters
        ----------
        **changes
            Options to change, by name.

        Returns
        -------
        SearchOptions

        Raises
        ------
        ExactCoverError
            For a bad option.
        """
        return dataclasses.replace(self, **changes)

    def reporter(self) -> Reporter | None:
        """A new :class:`~dlxnumba.progress.Reporter` for one call (None: no reports).

        Returns
        -------
        Reporter or None
        """
        return reporter(self.progress)

    @property
    def serial(self) -> bool:
        """True when the search runs on the calling thread alone (``threads`` None or 1)."""
        return self.threads is None or self.threads == 1

    def thread_count(self) -> int:
        """The threads to use: :func:`thread_count` of :attr:`threads`.

        Returns
        -------
        int
        """
        return thread_count(self.threads)


def _seconds(value: Any) -> bool:
    try:
        number(value, "seconds")
    except ExactCoverError:
        return False
    return True


def check_limit(limit: Any, error: type[Exception] = ExactCoverError, *, positive: bool = False) -> int | None:
    """``limit`` of ``solutions()``/``count()``: None or a non-negative integer (a
    positive one with ``positive``, for batches)."""
    if positive:
        return integer(limit, "limit", low=1, error=error)
    return integer(limit, "limit", low=0, none=True, error=error)


def thread_count(threads: int | None) -> int:
    """The threads to use: all that numba has for None, else ``threads`` (checked
    by :class:`SearchOptions`), at most numba's maximum.  (Every kernel runs
    on Python threads, one call a lane: no OpenMP region is ever started, so a
    forked process may use threads too.)
    """
    from .kernels.core import lanes

    return lanes.get_num_threads() if threads is None else min(int(threads), lanes.max_threads())

# ---------------------------------------------------------------------------
# The options' descriptions, written once

#: The entry of each search option in a numpydoc Parameters section, as the
#: public calls (``ExactCover``'s methods, ``Search``, ``run_batch``, ``Sudoku``'s
#: methods, ``solve_many``) describe it: a docstring line that holds only
#: ``{name}`` becomes that entry (:func:`documented`).  A call that means more by
#: an option writes its entry out, or adds its sentence on the next line.
PARAMETERS: dict[str, str] = {
    'limit': (
        'limit : int or None\n'
        '    Count at most this many solutions (None: all of them).'
    ),
    'given': (
        'given : iterable of int\n'
        '    Indices of options forced into every solution (and included in it);\n'
        '    conflicting ones raise :class:`~dlxnumba.ExactCoverError`.'
    ),
    'stop_at': (
        'stop_at : {1, 0}\n'
        '    Branch on the first active primary item of length ``<= stop_at``\n'
        '    met while scanning for the shortest: ``1`` (default) is fastest;\n'
        "    ``0`` is Knuth's rule and reproduces his node and update counts."
    ),
    'max_nodes': (
        'max_nodes : int or None\n'
        '    A budget of search-tree nodes (``0``: no search at all).'
    ),
    'timeout': (
        'timeout : float or None\n'
        '    A budget of seconds of wall-clock time, counted from the start of\n'
        '    the search (never while compiling).'
    ),
    'progress': (
        'progress : bool, callable or None\n'
        '    ``True`` shows reports on a long search (a tqdm bar when tqdm is\n'
        '    installed, else a line on stderr); a callable receives each\n'
        '    :class:`~dlxnumba.Progress` report.'
    ),
    'progress_interval': (
        'progress_interval : float\n'
        '    Seconds between two progress reports (0.5).'
    ),
    'threads': (
        'threads : int or None\n'
        '    ``N > 1`` splits the search (:meth:`split`) and runs the parts on\n'
        '    N threads (problems without colors or bounds, dancing links only);\n'
        '    None or 1: the serial search.'
    ),
    'checkpoint': (
        'checkpoint : str, path or None\n'
        '    A file recording the split and each finished part: a count started\n'
        '    again with the same file does only the parts left (a split search,\n'
        '    even on one thread).'
    ),
    'algorithm': (
        'algorithm : {"links", "cells", "auto"}\n'
        "    Dancing links (Knuth's DLX1/2/3), dancing cells (SSXC1, SSXCC,\n"
        "    SSMCC: the same solutions, those programs' own counts), or the one\n"
        "    the problem's shape suits, chosen before the search\n"
        '    (``dlxnumba.cells.prefer_cells``).'
    ),
}


T = TypeVar("T")


def documented(obj: T, entries: dict[str, str] | None = None) -> T:
    """Put the :data:`PARAMETERS` entries (or ``entries``: a front door whose
    options mean a little more, as :class:`~dlxnumba.Sudoku`'s) into ``obj``'s
    docstring (a function or a class): each line that holds only ``{name}`` of
    a known option becomes that entry, at that line's indentation.  Returns ``obj``.

    >>> @documented
    ... def f(max_nodes=None):
    ...     '''Parameters
    ...     ----------
    ...     {max_nodes}
    ...     '''
    >>> print(f.__doc__.splitlines()[2].strip())
    max_nodes : int or None
    """
    doc = obj.__doc__
    if not doc:
        return obj
    entries = PARAMETERS if entries is None else entries
    out: list[str] = []
    for line in doc.split("\n"):
        name = line.strip()[1:-1] if line.strip().startswith("{") and line.strip().endswith("}") else None
        if name in entries:
            indent = line[:len(line) - len(line.lstrip())]
            out.extend(indent + text for text in entries[name].split("\n"))
        else:
            out.append(line)
    obj.__doc__ = "\n".join(out)
    return obj
