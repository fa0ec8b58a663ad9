"""An exact-cover problem as data: :class:`Problem`, its items, options and names.

A problem lists *items* (the ``n_primary`` primary ones first, covered exactly
once; then the secondary ones, covered at most once) and *options*, each a set
of items, stored as CSR arrays: option ``j`` is
``opt_items[opt_ptr[j]:opt_ptr[j + 1]]``.  Knuth's generalizations ride
along: a color per entry (DLX2), bounds per primary item (DLX3), a cost per
option (DLX5).  Every array is checked once, when the problem is built
(:mod:`dlxnumba.problem_input`), and is read-only afterwards: a problem never
changes, compares and hashes by value, and pickles.

This module is the floor of the engine: it imports nothing that searches.
The links a search starts from are built from a problem by
:mod:`dlxnumba.template`; searching it is the business of the classes above,
and users meet it as :class:`~dlxnumba.ExactCover`, which adds the ways in
(a matrix, named options, Knuth's DLX text) and the searches.
"""

from __future__ import annotations

from typing import Any, Hashable, Iterable, Sequence

import numpy as np

from .checks import is_integer
from .errors import ExactCoverError, plain
from .problem_input import checked_arrays, option_index, option_list, read_only

__all__ = ["Problem"]


def _same(a: np.ndarray | None, b: np.ndarray | None) -> bool:
    return (a is None and b is None) or (a is not None and b is not None and np.array_equal(a, b))


class Problem:
    """The data of an exact-cover problem (use :class:`~dlxnumba.ExactCover`, which reads it
    from other forms and searches it).

    Parameters
    ----------
    n_primary : int
        The number of primary items: items ``0 .. n_primary - 1``.
    item_names : sequence of hashable
        The names of the items, primary first; distinct.
    opt_ptr, opt_items : array_like of int
        The options in CSR form: option ``j``'s item numbers (counted from 0)
        are ``opt_items[opt_ptr[j]:opt_ptr[j + 1]]``, each item once.
    opt_colors : array_like of int, optional
        Colors (Knuth's DLX2), aligned with ``opt_items``: ``0`` for none,
        ``k >= 1`` for ``color_names[k - 1]``; only secondary items take colors.
    color_names : sequence of hashable
        The names of the colors (distinct).
    lower, upper : array_like of int, optional
        Multiplicities (DLX3): primary item ``i`` is covered at least
        ``lower[i]`` and at most ``upper[i]`` times (``0 <= lower <= upper``,
        ``upper >= 1``; 1 and 1 by default).
    costs : array_like of int, optional
        A non-negative cost per option (Knuth's DLX5).

    Arrays that say nothing (no color, all bounds 1:1) are dropped.  Bad input
    raises :class:`~dlxnumba.ExactCoverError` naming the option or item.
    """

    __slots__ = ("_names", "_n_primary", "_opt_ptr", "_opt_items", "_opt_colors", "_color_names",
                 "_lower", "_upper", "_costs", "_index", "_hash", "__weakref__")
    _names: tuple[Hashable, ...]
    _n_primary: int
    _opt_ptr: np.ndarray
    _opt_items: np.ndarray
    _opt_colors: np.ndarray | None  # None: no option has a color
    _color_names: tuple[Hashable, ...]
    _lower: np.ndarray | None  # None: every primary item has bounds 1:1
    _upper: np.ndarray | None
    _costs: np.ndarray | None  # None: no costs
    _index: dict[Hashable, int] | None  # name -> number, made on first use
    _hash: int | None

    def __init__(self, n_primary: int, item_names: Sequence[Hashable], opt_ptr: Any, opt_items: Any,
                 opt_colors: Any = None, color_names: Sequence[Hashable] = (), lower: Any = None,
                 upper: Any = None, costs: Any = None):
        values = checked_arrays(n_primary, item_names, opt_ptr, opt_items, opt_colors, color_names, lower,
                                upper, costs)
        for slot, value in zip(("_names", "_n_primary", "_opt_ptr", "_opt_items", "_opt_colors",
                                "_color_names", "_lower", "_upper", "_costs"), values):
            object.__setattr__(self, slot, value)
        object.__setattr__(self, "_index", None)
        object.__setattr__(self, "_hash", None)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable: cannot delete {name!r}")

    def __reduce__(self):
        return (type(self), (self._n_primary, self._names, self._opt_ptr, self._opt_items, self._opt_colors,
                             self._color_names, self._lower, self._upper, self._costs))

    # ---------------------------------------------------------------- accessors

    @property
    def n_items(self) -> int:
        """The number of items, primary and secondary."""
        return len(self._names)

    @property
    def n_primary(self) -> int:
        """The number of primary items (items ``0..n_primary-1``)."""
        return self._n_primary

    @property
    def n_options(self) -> int:
        """The number of options."""
        return len(self._opt_ptr) - 1

    @property
    def item_names(self) -> list:
        """Names of the items, primary first (a fresh list)."""
        return list(self._names)

    def item_name(self, i: int) -> Hashable:
        """The name of item number ``i``."""
        return self._names[i]

    primary = property(lambda self: list(self._names[: self._n_primary]),
                       doc="""Names of the primary items, in order.""")
    secondary = property(lambda self: list(self._names[self._n_primary:]),
                         doc="""Names of the secondary items, in order.""")

    @property
    def opt_ptr(self) -> np.ndarray:
        """CSR pointers (int64, read-only): option ``j`` is ``opt_items[opt_ptr[j]:opt_ptr[j+1]]``."""
        return self._opt_ptr

    @property
    def opt_items(self) -> np.ndarray:
        """The options' item numbers, option after option (int32, read-only)."""
        return self._opt_items

    @property
    def has_colors(self) -> bool:
        """True when some option gives a secondary item a color (Knuth's XCC problems)."""
        return self._opt_colors is not None

    @property
    def has_bounds(self) -> bool:
        """True when some primary item has bounds other than 1:1 (Knuth's MCC problems)."""
        return self._lower is not None

    @property
    def opt_colors(self) -> np.ndarray:
        """The color number of each entry of :attr:`opt_items` (int32, read-only): ``0`` for
        none, ``k >= 1`` for ``color_names[k - 1]``.  All zeros without colors."""
        c = self._opt_colors
        return read_only(np.zeros(self._opt_items.size, np.int32)) if c is None else c

    @property
    def color_names(self) -> list:
        """The names of the colors: color number ``k`` is ``color_names[k - 1]``."""
        return list(self._color_names)

    @property
    def lower(self) -> np.ndarray:
        """Each primary item's lower bound (int32, read-only; all ones without multiplicities)."""
        a = self._lower
        return read_only(np.ones(self._n_primary, np.int32)) if a is None else a

    @property
    def upper(self) -> np.ndarray:
        """Each primary item's upper bound (int32, read-only; all ones without multiplicities)."""
        a = self._upper
        return read_only(np.ones(self._n_primary, np.int32)) if a is None else a

    @property
    def costs(self) -> np.ndarray | None:
        """The cost of each option (int64, read-only; Knuth's DLX5), or None for a problem without costs."""
        return self._costs

    def option(self, j: int | np.integer) -> list[int]:
        """Item numbers (0-based, primary first) of option ``j``.

        Parameters
        ----------
        j : int
            An option index.

        Returns
        -------
        list of int

        Raises
        ------
        ExactCoverError
            For a ``j`` that is not an option index in range.

        Examples
        --------
        >>> from dlxnumba import ExactCover
        >>> ExactCover.from_options(["A B", "C"], secondary="C").option(0)
        [0, 1]
        """
        option_index(j, self.n_options)
        return self._opt_items[self._opt_ptr[j]: self._opt_ptr[j + 1]].tolist()

    @property
    def options(self) -> list[list[int]]:
        """Every option as a list of item numbers."""
        return [self.option(j) for j in range(self.n_options)]

    def option_names(self, options: Any) -> Any:
        """Item names of one option (an int: a tuple) or of each option in a list (a list of tuples).

        Parameters
        ----------
        options : int or iterable of int
            An option index, or a list of them (a solution).

        Returns
        -------
        tuple or list of tuple
            The names of the option's items, in the option's order; a list of
            those for a list.

        Raises
        ------
        ExactCoverError
            For an index that is not an option index in range.

        Examples
        --------
        >>> from dlxnumba import ExactCover
        >>> p = ExactCover.from_options(["A B", "C"])
        >>> p.option_names(0), p.option_names([0, 1])
        (('A', 'B'), [('A', 'B'), ('C',)])
        """
        if is_integer(options):
            return tuple(self._names[i] for i in self.option(options))
        return [self.option_names(j) for j in option_list(options, self.n_options,
                                                                  "options must be an option index or a list of them")]

    def option_colors(self, j: int | np.integer) -> list:
        """The color name of each item of option ``j`` (None where it has none), aligned with
        :meth:`option`.

        Parameters
        ----------
        j : int
            An option index.

        Returns
        -------
        list

        Raises
        ------
        ExactCoverError
            For a ``j`` that is not an option index in range.

        Examples
        --------
        >>> from dlxnumba import ExactCover
        >>> ExactCover.from_options(["A X:red"], secondary="X").option_colors(0)
        [None, 'red']
        """
        option_index(j, self.n_options)
        a, b = int(self._opt_ptr[j]), int(self._opt_ptr[j + 1])
        c = self._opt_colors
        if c is None:
            return [None] * (b - a)
        return [None if k == 0 else self._color_names[k - 1] for k in c[a:b].tolist()]

    def colors_of(self, solution: Iterable[int]) -> dict:
        """The colors that the options of ``solution`` give the secondary items: ``{item: color}``.

        Parameters
        ----------
        solution : iterable of int
            Option indices (a solution, or any options).

        Returns
        -------
        dict
            ``{item name: color name}``; empty for a problem without colors.

        Raises
        ------
        ExactCoverError
            For an index that is not an option index in range.

        Examples
        --------
        >>> from dlxnumba import ExactCover
        >>> p = ExactCover.from_options([["A", "X:red"], ["B", "X:red"], ["B", "X:blue"]], secondary=["X"])
        >>> s = p.solve(); s, p.colors_of(s)
        ([0, 1], {'X': 'red'})
        """
        options = option_list(solution, self.n_options, "solution must be a list of option indices")
        out: dict = {}
        c = self._opt_colors
        if c is None:
            return out
        for j in options:
            a, b = int(self._opt_ptr[j]), int(self._opt_ptr[j + 1])
            for i, k in zip(self._opt_items[a:b].tolist(), c[a:b].tolist()):
                if k:
                    out[self._names[i]] = self._color_names[k - 1]
        return out

    def item_index(self, name: Hashable) -> int:
        """The number (0-based, primary first) of the item called ``name``.

        Parameters
        ----------
        name : hashable
            An item's name.

        Returns
        -------
        int

        Raises
        ------
        ExactCoverError
            For a name that is not an item's.

        Examples
        --------
        >>> from dlxnumba import ExactCover
        >>> ExactCover.from_options(["A B", "C"]).item_index("C")
        2
        """
        index = self._index
        if index is None:  # (made once; two threads may both make it, alike)
            index = {nm: i for i, nm in enumerate(self._names)}
            object.__setattr__(self, "_index", index)
        try:
            return index[name]
        except (KeyError, TypeError):
            raise ExactCoverError(f"unknown item {plain(name)}") from None

    # ------------------------------------------------------------ value semantics

    def __repr__(self) -> str:
        extra = ""
        if self._opt_colors is not None:
            extra += f", {len(self._color_names)} colors"
        if self._lower is not None:
            extra += ", multiplicities"
        if self._costs is not None:
            extra += ", costs"
        return (f"{type(self).__name__}({self.n_primary} primary + {self.n_items - self.n_primary} "
                f"secondary items, {self.n_options} options, {int(self._opt_ptr[-1])} nodes{extra})")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Problem):
            return NotImplemented
        return (self._n_primary == other._n_primary and self._names == other._names
                and np.array_equal(self._opt_ptr, other._opt_ptr)
                and np.array_equal(self._opt_items, other._opt_items)
                and self._color_names == other._color_names
                and _same(self._opt_colors, other._opt_colors)
                and _same(self._lower, other._lower) and _same(self._upper, other._upper)
                and _same(self._costs, other._costs))

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            extra = tuple(None if a is None else a.tobytes()
                          for a in (self._opt_colors, self._lower, self._upper, self._costs))
            h = hash((self._n_primary, self._names, self._opt_ptr.tobytes(), self._opt_items.tobytes(),
                      self._color_names) + extra)
            object.__setattr__(self, "_hash", h)
        return h
