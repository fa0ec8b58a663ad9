"""Every exception of dlxnumba, in one module: the floor of the import graph.

Bad input is an exception whose message names the offending thing (item,
option, line, cell); an ordinary outcome (no solution, a spent budget in a
batch) is a return value.  Only :class:`LimitReached` signals an incomplete
search of a single problem.
"""

from __future__ import annotations

from typing import Any

__all__ = ["DlxnumbaError", "ExactCoverError", "DLXFormatError", "SudokuError", "EncodingError", "InputError",
           "LimitReached"]


class DlxnumbaError(Exception):
    """The base of every exception dlxnumba raises: ``except DlxnumbaError`` catches them all.

    Bad input raises a subclass that is also a :class:`ValueError`
    (:class:`ExactCoverError`, :class:`SudokuError`, ...); a search that ran out
    of its budget raises :class:`LimitReached`, also a :class:`RuntimeError`.
    """


class ExactCoverError(DlxnumbaError, ValueError):
    """An exact-cover problem, option list, given option or search argument is malformed."""


class DLXFormatError(ExactCoverError):
    """DLX text that does not follow the format; the message names the line."""


class SudokuError(DlxnumbaError, ValueError):
    """A puzzle that cannot be read or breaks a rule; the message says where."""


class EncodingError(DlxnumbaError, ValueError):
    """Bad arguments to an encoder; the message names the offending value."""


class InputError(DlxnumbaError, ValueError):
    """Input the command line cannot use (a malformed entry with ``--strict``, a box
    that does not fit); the message names the file and the line.  Exit status 2."""


class _OutputError(DlxnumbaError):
    """The command line cannot write its results (a full disk, a closed stdout);
    the message says where.  Exit status 2.  Private: only the commands raise and
    catch it."""


class _NoRoom(DlxnumbaError):
    """A ZDD search's arrays cannot grow within its memory budget: ``needed``
    is the bytes the growth asked for.  Private: the search raises and catches
    it, and its caller sees :class:`LimitReached` naming ``max_memory``."""

    def __init__(self, needed: int):
        super().__init__(needed)
        self.needed = needed


class LimitReached(DlxnumbaError, RuntimeError):
    """A search hit its ``timeout`` or a budget (``max_nodes``, a ZDD search's
    ``max_zdd_nodes`` or ``max_memory``) before it was complete.

    Attributes
    ----------
    reason : Status
        ``Status.TIMEOUT``, ``Status.MAX_NODES`` (``max_nodes`` or
        ``max_zdd_nodes``) or ``Status.MAX_MEMORY`` (:class:`~dlxnumba.stats.Status`).
    stats : Stats
        The statistics of the search up to the stop.
    found : int or None
        What the call had found before the stop: None for ``solve`` (it stops
        at its first solution, so it had found none), the number of solutions
        already yielded for ``solutions``, the partial count for ``count``.
    budget : str or None
        The name of the parameter whose budget ran out, when the reason alone
        does not say it (``"max_zdd_nodes"``, ``"max_memory"`` of a ZDD
        search); the message then names it, its size (``spent``) and how to
        go further.
    spent : str or None
        That budget in words (``"1,000 ZDD nodes"``).
    """

    def __init__(self, reason: Any, stats: Any, found: Any = None, budget: str | None = None,
                 spent: str | None = None):
        super().__init__(reason)
        self.reason = reason
        self.stats = stats
        self.found = found
        self.budget = budget
        self.spent = spent

    def __reduce__(self):
        # so that it crosses process boundaries (a multiprocessing worker's budget)
        return (type(self), (self.reason, self.stats, self.found, self.budget, self.spent))

    def __str__(self) -> str:  # built late: the statistics are final only after the stop
        s = self.stats
        by = str(self.reason).lower() if self.budget is None else self.budget
        if self.spent is not None:
            by += f" ({self.spent})"
        text = (f"search stopped by {by} after {s.nodes} nodes, {s.updates} updates "
                f"and {s.solutions} solutions ({s.seconds:.3f} s); the result would be incomplete")
        if self.budget is not None:
            text += f": pass a larger {self.budget}= to go further"
        return text


def interrupted(result: Any) -> KeyboardInterrupt:
    """The KeyboardInterrupt a call raises on Ctrl-C, carrying what it had found so
    far as its attribute ``result`` (``best()``, ``reduce()``)."""
    e = KeyboardInterrupt()
    e.result = result  # type: ignore[attr-defined]
    return e


def plain(value) -> str:
    """``repr(value)`` with numpy scalars shown as the plain values they hold, for
    messages: ``2``, not ``np.int64(2)`` (in lists and tuples too).

    >>> import numpy as np
    >>> plain(np.int64(2)), plain([np.float64(0.5), "a"]), plain((np.str_("x"),))
    ('2', "[0.5, 'a']", "('x',)")
    """
    return repr(_plain(value))


def _plain(value: Any) -> Any:
    # a numpy scalar (numpy is not imported here: errors.py is the floor of the package)
    if type(value).__module__ == "numpy" and getattr(value, "ndim", None) == 0 and hasattr(value, "item"):
        return value.item()
    if type(value) in (list, tuple):
        return type(value)(_plain(v) for v in value)
    return value
