"""How a search went: :class:`Stats` (Knuth's counters) and :class:`Status` (one vocabulary).

:class:`Status` names how a search or a job ended, everywhere: ``Stats.status``,
the status of each job of a batch or puzzle of :func:`~dlxnumba.solve_many`,
the reason of :class:`~dlxnumba.LimitReached`, the command line's output.

A problem never changes; the statistics of a search live with the search (a
:class:`~dlxnumba.search.Search` has its ``stats``).  The one-shot calls
(``p.solve()``, ``p.count()``, ``Sudoku.count()``, ...) return plain values --
an int, a list, ``None`` for no solution -- which cannot carry statistics;
they record them for the thread that made the call, and :func:`last_stats`
hands them back:

>>> from dlxnumba import ExactCover, last_stats
>>> p = ExactCover.from_options([["a", "b"], ["a"], ["b"]])
>>> p.count(stop_at=0), last_stats().nodes, last_stats().status
(2, 4, Status.COMPLETE)
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field, replace
from enum import IntEnum
from typing import Any

import numpy as np

__all__ = ["Status", "Stats", "last_stats"]


class Status(IntEnum):
    """How a search or a job ended.

    The first five are the outcomes of a job of a batch (a puzzle of
    :func:`~dlxnumba.solve_many`), stored as int8 codes in the batch's
    ``status`` array; the others say how a single search stands
    (``Stats.status``).  ``str()`` gives the name:

    >>> from dlxnumba import Status
    >>> print(Status.SOLVED), Status(3), Status.COMPLETE.label
    SOLVED
    (None, Status.MULTIPLE, 'complete')
    """

    #: a job: exactly one solution found (unique when the limit was >= 2)
    SOLVED = 0
    #: a job: the search was exhausted without a solution
    NO_SOLUTION = 1
    #: a job: the givens conflict (a puzzle: unreadable or breaks a rule)
    INVALID = 2
    #: a job: two or more solutions found (the limit was reached)
    MULTIPLE = 3
    #: a job: ``max_nodes`` or ``timeout`` ran out first
    BUDGET = 4
    #: a job not finished yet (while a batch runs)
    PENDING = 5
    #: a search: nothing searched yet
    NONE = 6
    #: a search: paused at a solution; more may follow
    RUNNING = 7
    #: a search: the tree was exhausted
    COMPLETE = 8
    #: a search: stopped at the requested number of solutions
    LIMIT = 9
    #: a search: stopped by its ``timeout``
    TIMEOUT = 10
    #: a search: stopped by its ``max_nodes`` budget
    MAX_NODES = 11
    #: a search: stopped by Ctrl-C (KeyboardInterrupt)
    INTERRUPTED = 12
    #: a search: stopped by its memory budget (``max_memory`` of a ZDD search)
    MAX_MEMORY = 13

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Status.{self.name}"

    @property
    def label(self) -> str:
        """The name in lower case, as the command line prints it: ``"max_nodes"``."""
        return self.name.lower()

    @classmethod
    def of(cls, value: Any) -> "Status":
        """A member from a member, its code or its name (``"complete"`` or ``"COMPLETE"``).

        >>> from dlxnumba import Status
        >>> Status.of("max_nodes"), Status.of(1)
        (Status.MAX_NODES, Status.NO_SOLUTION)
        """
        if isinstance(value, cls):
            return value
        if isinstance(value, str):
            try:
                return cls[value.upper()]
            except KeyError:
                raise ValueError(f"{value!r} is not a Status") from None
        return cls(value)


#: How far a search got, least finished first (the sum of parts takes the last).
_ORDER = (Status.NONE, Status.COMPLETE, Status.LIMIT, Status.RUNNING, Status.MAX_NODES, Status.MAX_MEMORY,
          Status.TIMEOUT, Status.INTERRUPTED)


@dataclass
class Stats:
    """Statistics of one search, with the definitions of Knuth's DLX1 (DLX2, DLX3).

    ``nodes`` counts the levels entered plus the solutions found; ``updates``
    counts item covers plus node hides (uncovering counts nothing);
    ``cleansings`` (problems with colors) counts DLX2's purifications and the
    options they find agreeing, which need no more testing;
    ``max_level`` is the deepest level entered (level 0 is the first choice);
    ``profile[k]`` is the number of nodes at level ``k``; ``seconds`` the time
    spent searching (never compiling).  ``status`` is a :class:`Status`:
    ``RUNNING``, ``COMPLETE`` (the tree was exhausted), ``LIMIT`` (stopped at
    the requested number of solutions), ``TIMEOUT``, ``MAX_NODES``,
    ``MAX_MEMORY`` (a ZDD search) or ``INTERRUPTED`` (``NONE``: nothing
    searched yet).  ``algorithm`` is the
    kernel that searched: ``"links"`` or ``"cells"`` (what ``"auto"``
    picked), with the counters of Knuth's SSXC1, SSXCC and SSMCC for cells
    (:mod:`dlxnumba.kernels.core.cells`), or ``"bits"``, the bit-parallel
    Sudoku engine (:mod:`dlxnumba.sudoku.bits`), whose ``nodes`` are its
    *guesses* (the branch nodes of its binary search tree) and ``updates`` its
    *propagation steps* (candidate words looked at), by those names too:
    :attr:`guesses`, :attr:`propagations`; its ``max_level`` is the deepest
    level of guesses, and it keeps no profile.

    The statistics of the parts of a search add up to those of the whole:

    >>> import numpy as np
    >>> from dlxnumba import Stats, Status
    >>> a = Stats(solutions=1, nodes=5, updates=20, max_level=2, seconds=0.5,
    ...           status=Status.COMPLETE, profile=np.array([1, 2, 2]))
    >>> b = Stats(nodes=3, updates=9, max_level=1, status=Status.COMPLETE, profile=np.array([1, 2]))
    >>> s = a + b
    >>> s.nodes, s.updates, s.max_level, s.status, s.profile.tolist()
    (8, 29, 2, Status.COMPLETE, [2, 4, 2])
    >>> sum([a, b]) == s
    True
    """

    solutions: int = 0
    nodes: int = 0
    updates: int = 0
    max_level: int = 0
    seconds: float = 0.0
    status: Status = Status.RUNNING
    profile: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64), repr=False)
    cleansings: int = 0
    algorithm: str = "links"

    def __post_init__(self) -> None:
        if not isinstance(self.status, Status):  # a code (the kernels' figures come as numbers)
            self.status = Status(self.status)

    @property
    def guesses(self) -> int | None:
        """The bit engine's branch nodes (``nodes``, when ``algorithm`` is
        ``"bits"``; None for the other kernels, whose nodes are Knuth's)."""
        return self.nodes if self.algorithm == "bits" else None

    @property
    def propagations(self) -> int | None:
        """The bit engine's propagation steps (``updates``, when ``algorithm``
        is ``"bits"``; None for the other kernels)."""
        return self.updates if self.algorithm == "bits" else None

    @property
    def updates_per_second(self) -> float:
        """Updates over the seconds searched (0 when no time was measured)."""
        return self.updates / self.seconds if self.seconds > 0 else 0.0

    def __add__(self, other: "Stats") -> "Stats":
        if not isinstance(other, Stats):
            return NotImplemented
        k = max(len(self.profile), len(other.profile))
        profile = np.zeros(k, np.int64)
        profile[: len(self.profile)] += self.profile
        profile[: len(other.profile)] += other.profile
        status = max(self.status, other.status, key=_ORDER.index)
        return Stats(self.solutions + other.solutions, self.nodes + other.nodes,
                     self.updates + other.updates, max(self.max_level, other.max_level),
                     self.seconds + other.seconds, status, profile, self.cleansings + other.cleansings,
                     self.algorithm if self.algorithm == other.algorithm else "mixed")

    def __radd__(self, other) -> "Stats":
        if isinstance(other, int) and other == 0:  # the start of sum()
            return replace(self, profile=self.profile.copy())
        return NotImplemented

    def __eq__(self, other) -> bool:
        if not isinstance(other, Stats):
            return NotImplemented
        return (self.solutions, self.nodes, self.updates, self.max_level, self.seconds,
                int(self.status), self.cleansings) == (other.solutions, other.nodes, other.updates,
                                                       other.max_level, other.seconds, int(other.status),
                                                       other.cleansings) and np.array_equal(self.profile,
                                                                                            other.profile)


# ------------------------------------------------------------ the last one-shot call

_LAST = threading.local()


def last_stats() -> Stats:
    """The :class:`Stats` of the last one-shot search this thread ran.

    The one-shot calls -- ``solve``, ``solutions``, ``count`` of
    :class:`~dlxnumba.ExactCover` and :class:`~dlxnumba.Sudoku`, and
    ``Sudoku.is_unique`` -- return plain values; each records the statistics
    of its search here, for this thread only (another thread's calls never
    change what this one reads).  While a ``solutions()`` iterator is being
    consumed they grow with it.
    A :class:`~dlxnumba.search.Search` carries its own ``stats``.

    Returns
    -------
    Stats
        The statistics of this thread's last one-shot call;
        ``Stats(status=Status.NONE)`` before any call.

    Examples
    --------
    >>> from dlxnumba import ExactCover, last_stats
    >>> ExactCover.from_options([["a"], ["a"], ["b"]]).count(stop_at=0)
    2
    >>> s = last_stats(); s.solutions, s.nodes, s.status.name
    (2, 4, 'COMPLETE')
    """
    last = getattr(_LAST, "value", None)
    if last is None:
        return Stats(status=Status.NONE)
    if type(last) is tuple:
        last = _LAST.value = Stats(*last)
    return last


def record_last(stats: "Stats | tuple") -> None:
    """Record ``stats`` as this thread's :func:`last_stats` (a tuple of :class:`Stats`'s
    fields is made into one on first use: the fastest calls, a Sudoku solved in
    microseconds, leave their figures raw)."""
    _LAST.value = stats
