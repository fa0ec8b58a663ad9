"""The front door of the engine: :class:`ExactCover`, a problem you can search.

:class:`ExactCover` is a :class:`~dlxnumba.problem.Problem` (the record:
items, options, names; immutable, picklable) with the ways in and out (a
matrix, named options, Knuth's DLX text) and the calls.  Each call is defined
once, as a function whose first argument is the problem, in the module of
what it runs, and is a method here: ``p.solve()`` is
:func:`dlxnumba.solving.solve` (with :func:`~dlxnumba.solving.solutions`,
:func:`~dlxnumba.solving.count` and :func:`~dlxnumba.solving.search`),
``p.batch()`` :func:`dlxnumba.batch.run_batch`, ``p.split()``
:func:`dlxnumba.parallel.split.split`, ``p.best()`` :func:`dlxnumba.costs.best`,
``p.zdd()`` :func:`dlxnumba.zdd.zdd`, ``p.reduce()``
:func:`dlxnumba.reduce.reduce`.  Each turns its keywords into one
:class:`~dlxnumba.SearchOptions` (the same keywords, and the same meaning,
on every call) and hands it down.  Nothing below imports this module.
"""

from __future__ import annotations

from typing import Any, Hashable, Iterable, TypeVar

import numpy as np

from .batch import run_batch
from .costs import best
from .io.dlx import format_dlx, parse_dlx
from .parallel.split import split
from .problem import Problem
from .problem_input import matrix_arrays, options_arrays
from .reduce import reduce
from .solving import count, search, solutions, solve
from .zdd import zdd

__all__ = ["ExactCover"]

P = TypeVar("P", bound="ExactCover")


class ExactCover(Problem):
    """An exact-cover problem: choose options that cover every primary item
    exactly once and every secondary item at most once.

    Build one with :meth:`from_matrix`, :meth:`from_options` or
    :meth:`from_dlx`; search it with :meth:`solve`, :meth:`solutions`,
    :meth:`count`, :meth:`search` (a resumable :class:`~dlxnumba.search.Search`)
    or many jobs at once with :meth:`batch`.  Solutions are sorted lists of
    0-based option indices.  A problem never changes once built, and pickles.
    The search options read the same on every call (:class:`~dlxnumba.SearchOptions`).

    Examples
    --------
    Knuth's example: items A..E primary, F and G secondary.

    >>> from dlxnumba import ExactCover, last_stats
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

    # ------------------------------------------------------------ the ways in and out

    @classmethod
    def from_matrix(cls: type[P], matrix: Any, secondary: Iterable[int] = (), *, costs: Any = None) -> P:
        """A problem from a dense 0/1 matrix: rows are options, columns items.

        Parameters
        ----------
        matrix : array_like, 2-D
            Any bool or integer dtype and memory order; values must be 0 or 1.
        secondary : iterable of int
            Column indices of the secondary items (covered at most once).
        costs : array_like of int, optional
            A non-negative cost per row (Knuth's DLX5: :meth:`~dlxnumba.ExactCover.best`).

        Items are named by their column index.

        Returns
        -------
        ExactCover
            The problem (of the class this is called on).

        Raises
        ------
        ExactCoverError
            For a matrix that is not 2-D or rectangular, an entry other than 0
            or 1, a secondary index out of range, bad costs.

        Examples
        --------
        >>> from dlxnumba import ExactCover
        >>> m = [[0, 0, 1, 0, 1, 1, 0],
        ...      [1, 0, 0, 1, 0, 0, 1],
        ...      [0, 1, 1, 0, 0, 1, 0],
        ...      [1, 0, 0, 1, 0, 0, 0],
        ...      [0, 1, 0, 0, 0, 0, 1],
        ...      [0, 0, 0, 1, 1, 0, 1]]
        >>> ExactCover.from_matrix(m).solve()
        [0, 3, 4]
        """
        n1, names, ptr, items = matrix_arrays(matrix, secondary)
        return cls(n1, names, ptr, items, costs=costs)

    @classmethod
    def from_options(cls: type[P], options: Iterable[Iterable[Hashable]],
                     primary: Iterable[Hashable] | None = None, secondary: Iterable[Hashable] = (),
                     bounds: Any = None, *, costs: Any = None) -> P:
        """A problem from options given as iterables of item names.

        Parameters
        ----------
        options : iterable of iterables of hashable
            Each option lists the names of its items, each at most once; a
            string stands for the names in it separated by white space.  A
            secondary item may carry a color (see below).  A mapping is
            refused (its keys are not options): pass ``.values()``.
        primary : iterable of hashable, optional
            The primary items, in order.  By default every item named in an
            option and not declared secondary, in order of first appearance.
            A string stands for the names in it separated by white space:
            ``"A B C"`` is three items, ``"ABC"`` one.
        secondary : iterable of hashable
            The secondary items (covered at most once, unless colored); a
            string as for ``primary``.
        bounds : mapping, optional
            Multiplicities (Knuth's DLX3): ``{name: v}`` or ``{name: (u, v)}``
            asks that primary item ``name`` be covered at least ``u`` and at
            most ``v`` times (``v`` alone: exactly ``v``); ``0 <= u <= v``,
            ``v >= 1``.  Other primary items keep bounds 1:1.
        costs : array_like of int, optional
            A non-negative cost per option (Knuth's DLX5).

        Returns
        -------
        ExactCover
            The problem (of the class this is called on).

        Raises
        ------
        ExactCoverError
            Naming the option or item at fault: an item listed twice in an
            option, an item declared twice or both primary and secondary, a
            color on a primary item, bad bounds or costs.

        Notes
        -----
        Colors (Knuth's DLX2): an entry that is not the name of an item is a
        *colored* secondary item when it is a pair ``(X, A)`` or a string
        ``"X:A"`` (split at its last ``:``: an item named ``"a:b"`` takes
        color ``A`` as ``"a:b:A"``) and ``X`` is secondary: the option gives
        ``X`` the color ``A``.  Any number of chosen options may give ``X``
        the same color; an option that names ``X`` without a color excludes
        every other use of ``X``.  ``(X, A)`` or ``"X:A"`` with ``X`` primary
        is an error (list the odd name in ``primary=`` to make it an item).
        Colors are numbered in order of first appearance (:attr:`color_names`).

        Examples
        --------
        >>> from dlxnumba import ExactCover
        >>> p = ExactCover.from_options([("a", "b"), ("c",), ("a",), ("b", "c")])
        >>> sorted(p.solutions())
        [[0, 1], [2, 3]]
        >>> ExactCover.from_options(["A D", "B C", "A B", "C D"], primary="A B C D").count()
        2

        DLX2's example: options ``A C X:1 Y:1`` and ``B X:1`` share ``X``;
        DLX3's: ``C`` is covered two or three times.

        >>> p = ExactCover.from_options(["A B X:0 Y:0", "A C X:1 Y:1", "B X:1", "C Y:1"], secondary="X Y")
        >>> s = p.solve(); s, p.colors_of(s)
        ([1, 2], {'X': '1', 'Y': '1'})
        >>> ExactCover.from_options(["A B X:0 Y:0", "A C X:1 Y:1", "C X:0", "B X:1", "C Y:1"],
        ...                         secondary="X Y", bounds={"C": (2, 3)}).solve()
        [1, 3, 4]
        """
        n1, names, ptr, items, colors, cnames, lower, upper, index = options_arrays(options, primary, secondary,
                                                                                   bounds)
        return cls(n1, names, ptr, items, colors, cnames, lower, upper, costs)

    @classmethod
    def from_dlx(cls: type[P], source: Any) -> P:
        """Read Knuth's DLX text format (DLX1; DLX2's colors, DLX3's bounds, DLX5's
        costs) from a path, a file object, or the text (see :mod:`dlxnumba.io.dlx`).

        Parameters
        ----------
        source : str, bytes, path or file object
            The text itself (a string with a line break, or bytes), a path, or
            a file object.

        Returns
        -------
        ExactCover
            The problem (of the class this is called on).

        Raises
        ------
        DLXFormatError
            For text that does not follow the format (the message names the
            line).
        OSError
            For a path that cannot be read (:class:`FileNotFoundError`,
            :class:`IsADirectoryError`, ...).

        Examples
        --------
        >>> from dlxnumba import ExactCover
        >>> p = ExactCover.from_dlx("| a comment\\nA B C\\nA B\\nC\\nA\\n")
        >>> p.primary, p.solve()
        (['A', 'B', 'C'], [0, 1])
        """
        t = parse_dlx(source)
        return cls(t.n_primary, t.item_names, t.opt_ptr, t.opt_items, t.opt_colors, t.color_names,
                   t.lower, t.upper, t.costs)

    def to_dlx(self) -> str:
        """This problem in Knuth's DLX text format (see :mod:`dlxnumba.io.dlx`): DLX1's, with DLX2's
        ``item:color`` entries, DLX3's ``u:v|item`` bounds and DLX5's ``|n`` costs when it has them.

        Returns
        -------
        str
            The text, which :meth:`from_dlx` reads back to an equal problem.

        Examples
        --------
        >>> from dlxnumba import ExactCover
        >>> p = ExactCover.from_options(["A B", "C"])
        >>> ExactCover.from_dlx(p.to_dlx()) == p
        True
        """
        colors, color_names, lower, upper = self._optional()
        return format_dlx(self.item_names, self.n_primary, self.opt_ptr, self.opt_items, colors, color_names,
                          lower, upper, costs=self.costs)

    def with_costs(self: P, costs: Any) -> P:
        """The same problem with ``costs`` (one nonnegative integer per option; None: none).

        Parameters
        ----------
        costs : array_like of int or None
            One nonnegative integer per option (Knuth's DLX5), or None.

        Returns
        -------
        ExactCover
            A new problem; this one is unchanged.

        Raises
        ------
        ExactCoverError
            For costs that are negative, not integers, or not one per option.

        Examples
        --------
        >>> from dlxnumba import ExactCover
        >>> ExactCover.from_options(["a b", "a", "b"]).with_costs([5, 1, 2]).best().costs
        [3]
        """
        colors, color_names, lower, upper = self._optional()
        return type(self)(self.n_primary, self.item_names, self.opt_ptr, self.opt_items, colors, color_names,
                          lower, upper, costs)

    def _optional(self) -> tuple[np.ndarray | None, list, np.ndarray | None, np.ndarray | None]:
        """The colors and bounds as the constructor takes them (None where there are none)."""
        return (self.opt_colors if self.has_colors else None, self.color_names,
                self.lower if self.has_bounds else None, self.upper if self.has_bounds else None)

    def to_matrix(self) -> np.ndarray:
        """The dense 0/1 matrix (uint8), columns in item-number order.

        Returns
        -------
        numpy.ndarray
            One row per option, one column per item (primary first).

        Examples
        --------
        >>> from dlxnumba import ExactCover
        >>> ExactCover.from_options(["A B", "C"]).to_matrix().tolist()
        [[1, 1, 0], [0, 0, 1]]
        """
        m = np.zeros((self.n_options, self.n_items), np.uint8)
        rows = np.repeat(np.arange(self.n_options), np.diff(self.opt_ptr))
        m[rows, self.opt_items] = 1
        return m

    # ------------------------------------------------------------ the calls

    # Each defined once, beside what it runs, with the problem as its first argument:
    search = search
    solve = solve
    solutions = solutions
    count = count
    split = split
    batch = run_batch
    best = best
    reduce = reduce
    zdd = zdd
