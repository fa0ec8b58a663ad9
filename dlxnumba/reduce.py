"""Preprocessing an exact-cover problem: Knuth's DLX-PRE.

:func:`reduce` turns a problem into an equivalent smaller one, as Knuth's
program DLX-PRE (``dlx-pre.w``) does, with the same result: the same options
deleted, the same items removed, in the same number of rounds, and the
reduced problem written with the same items and options in the same order.
Two facts do the work (see :mod:`dlxnumba.kernels.core.preprocess` for the steps):

* an item ``c`` such that every option of some primary item ``p`` holds ``c``
  uncolored is *implied* by ``p``: it goes away, the options that hold ``c``
  but not ``p`` are deleted, and those that hold both lose ``c``;
* an option that, once chosen, leaves some primary item with no option left
  that agrees with it is in no solution: it is deleted.

The solutions of the reduced problem are those of the original, option for
option (:meth:`Reduction.lift` names them in the original's numbers).  The
reduced problem may be much smaller; solving it can be much faster, or not:
DLX-PRE's own advice is to measure.

Examples
--------
The example of Knuth's DLX2 (``tests/golden/toy2.dlx``, without its option
that names no primary item):

>>> from dlxnumba import ExactCover
>>> p = ExactCover.from_options(["A B X:0 Y:0", "A C X:1 Y:1", "B X:1"],
...                             primary="A B C", secondary="X Y")
>>> r = p.reduce()
>>> print(r.problem.to_dlx(), end="")
B C | X Y
B X:1
C X:1 Y:1
>>> r.removed_options.tolist(), r.removed_items.tolist(), r.rounds, r.complete, r.infeasible
([0], [0], 2, True, False)
>>> r
Reduction(2 options left, 1 removed; 4 items left, 1 removed; 2 rounds, complete)
>>> r.options.tolist()  # the original number of each option of r.problem
[2, 1]
>>> r.lift(r.problem.solve()), p.solve()
([1, 2], [1, 2])
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Iterable

import numpy as np

from .checks import integer, number
from .errors import ExactCoverError, interrupted, plain
from .kernels.core import preprocess as P
from .problem import Problem
from .search import ready
from .template import build_arrays

__all__ = ["reduce", "Reduction"]

#: Updates between two returns of the kernel to Python (as for a search):
#: Ctrl-C and ``timeout`` take effect within a small fraction of a second.
SLICE_UPDATES = 1 << 22
_NO_LIMIT = 1 << 62


@dataclass(frozen=True, eq=False, repr=False)
class Reduction:
    """What :func:`reduce` found: the reduced problem and how it relates to the original.

    Attributes
    ----------
    problem : ExactCover
        The reduced problem: the items that are left, in their original order
        and with their names (primary first), and the options that are left,
        shortened by the items removed, in the order DLX-PRE writes them
        (grouped by the first item left in each option, in item order).
        Colors are kept.
    options : numpy.ndarray
        int64, one per option of :attr:`problem`: the number of the original
        option it comes from.
    removed_options : numpy.ndarray
        int64, sorted: the original options that are not in :attr:`problem`.
        They are in no solution.  Besides the options DLX-PRE deletes, they
        include any option that names no primary item (DLX-PRE, like DLX2,
        drops those as it reads them, uncounted).
    removed_items : numpy.ndarray
        int64, sorted: the numbers of the original items that are not in
        :attr:`problem` (``problem.item_names`` keeps the names of the rest):
        items implied by others and items left in no option.  When
        :attr:`infeasible`, every item, as DLX-PRE counts them (the
        primary item that :attr:`problem` keeps included).
    rounds : int
        The rounds run, counted as DLX-PRE counts them: the last one, which
        changed nothing, included; a round that ``timeout=`` cut short counts
        too.  0 when none began.
    complete : bool
        True when the rounds stopped because one changed nothing (or because a
        primary item was left in no option); False when ``rounds=`` or
        ``timeout=`` stopped them first.  The problem is an equivalent one
        either way; another :func:`reduce` of it may reduce it further.
    infeasible : bool
        True when preprocessing proved that the problem has no solution: a
        primary item was left with no option.  :attr:`problem` is then that
        item alone, with no option (DLX-PRE then writes that item's name and
        nothing else), and every option and every item is counted as removed
        (as DLX-PRE counts them).

    Examples
    --------
    >>> from dlxnumba import ExactCover
    >>> r = ExactCover.from_options([["a", "b"], ["a", "c"], ["b", "c"]]).reduce()
    >>> r.infeasible, r.problem.item_names, r.problem.n_options
    (True, ['a'], 0)
    >>> r
    Reduction(0 options left, 3 removed; 0 items left, 3 removed; 1 round, complete, infeasible: 'a' has no option)
    """

    problem: Problem
    options: np.ndarray
    removed_options: np.ndarray
    removed_items: np.ndarray
    rounds: int
    complete: bool
    infeasible: bool = False

    def __repr__(self) -> str:
        """Counts and flags (the arrays can be long: see the attributes)."""
        q = self.problem
        items = 0 if self.infeasible else q.n_items
        rounds = f"{self.rounds} round{'' if self.rounds == 1 else 's'}"
        ended = "complete" if self.complete else "not complete"
        tail = f", infeasible: {q.item_names[0]!r} has no option" if self.infeasible else ""
        return (f"Reduction({q.n_options} options left, {len(self.removed_options)} removed; {items} items "
                f"left, {len(self.removed_items)} removed; {rounds}, {ended}{tail})")

    def lift(self, solution: Iterable[int]) -> list[int]:
        """The solution of the original problem that ``solution`` (options of
        :attr:`problem`) stands for, as sorted original option numbers.

        It is one: each primary item left is covered once by the options of
        ``solution``, which are the original ones less the items removed; a
        removed item was implied by a primary item ``p``, i.e. the options
        left that hold it are exactly those that hold ``p`` (or, for an item
        in no option left, none holds it), so covering ``p`` once covers it
        once; and secondary items only lost options.  Conversely every
        solution of the original consists of options left (the removed ones
        are in no solution), so the map is one to one between the two sets of
        solutions.

        Parameters
        ----------
        solution : iterable of int
            A solution of :attr:`problem`, as indices of its options.

        Returns
        -------
        list of int
            The same solution as the original problem's option indices, sorted.

        Raises
        ------
        ExactCoverError
            For a ``solution`` that is not an iterable of integers, or an index
            out of range for the options of :attr:`problem`.

        Examples
        --------
        >>> from dlxnumba import ExactCover
        >>> p = ExactCover.from_options([["a", "b"], ["a", "c"], ["b"], ["c", "d"], ["d"]])
        >>> r = p.reduce()
        >>> sorted(r.lift(s) for s in r.problem.solutions()) == sorted(p.solutions())
        True
        """
        if isinstance(solution, (str, bytes)):
            raise ExactCoverError(f"solution must be an iterable of option indices, not {solution!r}")
        try:
            chosen = list(solution)
        except TypeError:
            raise ExactCoverError(f"solution must be an iterable of option indices, "
                                  f"not {plain(solution)}") from None
        m = len(self.options)
        for j in chosen:
            if not isinstance(j, (int, np.integer)) or isinstance(j, bool):
                raise ExactCoverError(f"option index {plain(j)} is not an integer")
            if not 0 <= j < m:
                raise ExactCoverError(f"option index {j} is out of range for the {m} options "
                                      f"of the reduced problem")
        return sorted(int(self.options[j]) for j in chosen)


def _check(problem, rounds, timeout) -> tuple[int, float | None]:
    if not isinstance(problem, Problem):
        raise ExactCoverError(f"reduce() takes an ExactCover, not {plain(problem)}")
    if problem.has_bounds:
        raise ExactCoverError("reduce() (DLX-PRE) takes no multiplicities: this problem gives primary "
                              "items bounds other than 1:1")
    rounds = integer(rounds, "rounds", low=0, none=True)
    if timeout is not None:
        try:
            timeout = number(timeout, "timeout")
        except ExactCoverError:
            raise ExactCoverError(f"timeout must be a non-negative number of seconds, not {plain(timeout)}") \
                from None
    return (_NO_LIMIT if rounds is None else min(rounds, _NO_LIMIT), timeout)


def reduce(problem: Problem, *, rounds: int | None = None, timeout: float | None = None) -> Reduction:
    """This problem with the options and items removed that Knuth's DLX-PRE finds unnecessary.

    Rounds of DLX-PRE's tests, each on what the last one left, until a round
    changes nothing.  This is :meth:`ExactCover.reduce
    <dlxnumba.ExactCover.reduce>` (``problem`` is the problem it is called on).

    Parameters
    ----------
    problem : ExactCover
        With or without colors; not with multiplicities (DLX-PRE has none).
    rounds : int or None
        Run at most this many rounds (None: until a round changes
        nothing).  DLX-PRE's option ``t<n>`` runs ``n - 1`` rounds.
    timeout : float or None
        Stop after about this many seconds (measured from the start of the
        work, not counting compilation) and return the problem as it then
        stands (``complete=False``): the options already found useless are
        deleted, the others kept.  ``0`` does no round.

    Returns
    -------
    Reduction
        A :class:`~dlxnumba.Reduction`: ``problem`` (the reduced
        problem, with DLX-PRE's order of options and items; costs carried
        over), ``options`` (the original index of each of its options),
        ``removed_options``, ``removed_items``, ``rounds``, ``complete``,
        ``infeasible`` (preprocessing proved there is no solution), and
        ``lift(solution)`` to map a solution of the reduced problem
        back.

    Raises
    ------
    ExactCoverError
        For a problem with multiplicities (DLX-PRE refuses them), a bad
        ``rounds`` or ``timeout``.

    Notes
    -----
    Faithful to ``dlx-pre.w``: an option is tested only under the item of its
    first node left, when that node has no color (Knuth's note of 2 January
    2023); the item of a removed option that is left empty is counted among
    the removed items; the order in which things are found decides which
    primary item names an infeasible problem.  Ctrl-C interrupts the work
    within a fraction of a second: the KeyboardInterrupt raised carries the
    problem reduced so far as its attribute ``result`` (a :class:`Reduction`
    with ``complete=False``, as a ``timeout`` leaves it).

    Examples
    --------
    Knuth's example of DLX1: ``A`` forces ``D``, ``F`` forces ``C``, and so on,
    down to three items with one option each.

    >>> from dlxnumba import ExactCover
    >>> p = ExactCover.from_options(["C E F", "A D G", "B C F", "A D", "B G", "D E G"],
    ...                             primary="A B C D E", secondary="F G")
    >>> r = p.reduce()
    >>> print(r.problem.to_dlx(), end="")
    A B E
    A
    B
    E
    >>> [p.item_names[i] for i in r.removed_items], r.removed_options.tolist(), r.rounds
    (['C', 'D', 'F', 'G'], [1, 2, 5], 3)
    >>> r.lift([0, 1, 2]), [r.lift(s) for s in r.problem.solutions()] == [p.solve()]
    ([0, 3, 4], True)
    >>> p.reduce(rounds=1).rounds
    1
    """
    max_rounds, timeout = _check(problem, rounds, timeout)
    n, n1 = problem.n_items, problem.n_primary
    ptr = np.asarray(problem.opt_ptr, np.int64)
    items = problem.opt_items
    colors = problem.opt_colors if problem.has_colors else None
    m = len(ptr) - 1
    counts = np.diff(ptr)
    # DLX-PRE drops the options that name no primary item as it reads them
    owner = np.repeat(np.arange(m, dtype=np.int64), counts)
    has = np.zeros(m, bool)
    has[owner[items < n1]] = True
    kept = np.flatnonzero(has)
    if kept.size < m:
        keep = has[owner]
        kcounts = counts[has]
        kptr = np.zeros(kept.size + 1, np.int64)
        np.cumsum(kcounts, out=kptr[1:])
        kitems = items[keep]
        kcolors = None if colors is None else colors[keep]
    else:
        kcounts, kptr, kitems, kcolors = counts, ptr, items, colors
    t = build_arrays(n, n1, kptr, kitems, kcolors, spacers=True)  # (new arrays: ours to write)
    color = np.zeros(t.top.size, np.int32) if t.color is None else t.color
    u = np.uint32
    pre = (t.top, t.ulink.view(u), t.dlink.view(u), color, t.length, np.zeros(n + 1, np.int64),
           np.zeros(t.top.size, np.int32))
    state = np.zeros(P.STATE_SIZE, np.int64)

    kernel = P.reduce_step
    ready(kernel, (n, n1, pre, state, np.int64(0), 0, max_rounds))
    deadline = None if timeout is None else time.perf_counter() + timeout
    try:
        while True:
            stop = int(deadline is not None and time.perf_counter() >= deadline)
            if kernel(n, n1, pre, state, state[P.UPDATES] + SLICE_UPDATES, stop, max_rounds) == P.RET_DONE:
                break
            if stop:
                break
    except KeyboardInterrupt:
        # close the item in hand (as a timeout does): the problem as it stands is an equivalent one
        if state[P.PHASE] != P.PH_DONE:
            kernel(n, n1, pre, state, state[P.UPDATES], 1, max_rounds)
        raise interrupted(_result(problem, pre, state, kept, kptr, kcounts, kitems, kcolors)) from None
    return _result(problem, pre, state, kept, kptr, kcounts, kitems, kcolors)


def _result(problem: Problem, pre: tuple, state: np.ndarray, kept: np.ndarray, kptr: np.ndarray,
            kcounts: np.ndarray, kitems: np.ndarray, kcolors: np.ndarray | None) -> Reduction:
    """The :class:`Reduction` that the links ``pre`` describe once the kernel stopped."""
    n, n1, m = problem.n_items, problem.n_primary, problem.n_options
    names = problem.item_names
    rounds = int(state[P.ROUND])
    complete = bool(state[P.COMPLETE])
    blocked = int(state[P.BLOCKED])
    if blocked:
        # infeasible: the blocked primary item alone, with no option; DLX-PRE counts
        # every option and every item as removed (that item included)
        reduced = type(problem)(1, [names[blocked - 1]], np.zeros(1, np.int64), np.zeros(0, np.int32),
                                costs=None if problem.costs is None else np.zeros(0, np.int64))
        return Reduction(reduced, _frozen(np.zeros(0, np.int64)), _frozen(np.arange(m, dtype=np.int64)),
                         _frozen(np.arange(n, dtype=np.int64)), rounds, complete, infeasible=True)
    itm, length = pre[0], pre[4]
    alive = length[1:] > 0
    new_number = np.cumsum(alive) - 1
    out = np.empty(kept.size, np.int64)
    k = P.reduced_options(n, pre, out)
    order = out[:k]
    # (a cheap sanity check: the lists left agree with DLX-PRE's own counters)
    assert state[P.OPTIONS_OUT] == kept.size - k and state[P.ITEMS_OUT] == n - int(alive.sum())
    # the entries of the options left, option after option in that order
    lens = kcounts[order]
    ends = np.cumsum(lens)
    total = int(ends[-1]) if k else 0
    entry = np.repeat(kptr[order] - (ends - lens), lens) + np.arange(total, dtype=np.int64)
    option_of = np.repeat(np.arange(k, dtype=np.int64), lens)
    # node of entry e of kept option j: after the n headers and j + 1 spacers
    node = n + 2 + entry + order[option_of]
    live = itm[node] > 0
    entry = entry[live]
    new_ptr = np.zeros(k + 1, np.int64)
    np.cumsum(np.bincount(option_of[live], minlength=k), out=new_ptr[1:])
    new_items = new_number[kitems[entry]].astype(np.int32)
    new_colors = None if kcolors is None else kcolors[entry]
    options = kept[order]
    reduced = type(problem)(int(alive[:n1].sum()), [nm for nm, a in zip(names, alive.tolist()) if a],
                            new_ptr, new_items, new_colors, problem.color_names if new_colors is not None else (),
                            costs=None if problem.costs is None else problem.costs[options])
    removed = np.ones(m, bool)
    removed[options] = False
    return Reduction(reduced, _frozen(options.astype(np.int64)), _frozen(np.flatnonzero(removed)),
                     _frozen(np.flatnonzero(~alive)), rounds, complete)


def _frozen(a: np.ndarray) -> np.ndarray:
    a = np.ascontiguousarray(a, np.int64)
    a.flags.writeable = False
    return a
