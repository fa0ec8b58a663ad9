"""Exact-cover problems: validation, item names and the int32 arrays.

:class:`ExactCover` is the boundary between Python and the compiled kernels.
It checks the input, maps item names to numbers and builds the dancing-links
arrays once (a *template*).  A problem is immutable and picklable: searching
it creates a :class:`~dlxnumba.search.Search` with private copies of the
links, so searches never disturb each other, in one thread or many.
"""

from __future__ import annotations

import threading
from array import array
from dataclasses import dataclass, replace
from typing import Hashable, Iterable, Iterator, Sequence

import numpy as np

from .errors import ExactCoverError, LimitReached, plain
from .progress import ProgressArg
from .search import Search, Stats, check_count_limit

__all__ = ["ExactCover"]

_INT32_MAX = 2**31 - 1


@dataclass(frozen=True)
class _Template:
    llink: np.ndarray
    rlink: np.ndarray
    top: np.ndarray
    ulink: np.ndarray
    dlink: np.ndarray
    length: np.ndarray
    first_node: np.ndarray
    width: int  # 4: four-node blocks, 0: spacers (see the kernels' layout notes)
    #: the color of each node (int32, aligned with ``top``; 0: none), or None
    #: when no option has a color
    color: np.ndarray | None = None

    @property
    def nbytes(self) -> int:
        extra = 0 if self.color is None else self.color.nbytes
        return extra + sum(a.nbytes for a in (self.llink, self.rlink, self.top, self.ulink, self.dlink,
                                              self.length, self.first_node))


def links_fit(n_items: int, n_options: int, total: int, width: int) -> bool:
    """Whether a problem of ``n_items`` items and ``n_options`` options with
    ``total`` item entries in all fits the engine's int32 links (in the
    layout ``width``, see :func:`build_arrays`): the encoders check this
    before they build anything.

    >>> links_fit(10, 100, 400, 4), links_fit(6 * 25000, 25000 ** 2, 4 * 25000 ** 2, 4)
    (True, False)
    """
    if width:
        size = ((n_items + 4) & ~3) + total
    else:
        size = n_items + 1 + (n_options + 1) + total
    return size <= _INT32_MAX and n_options < 1 << 30


#: Problems with at least this many nodes are linked up by a compiled pass
#: (:func:`dlxnumba.kernels.core.build.link_options`); smaller ones never wait for it to compile.
_BUILD_IN_KERNEL = 1 << 20


def build_arrays(n_items: int, n_primary: int, opt_ptr: np.ndarray, opt_items: np.ndarray,
                 opt_colors: np.ndarray | None = None, spacers: bool = False) -> _Template:
    """Build the dancing-links arrays for options in CSR form (vectorized numpy).

    ``opt_items[opt_ptr[j]:opt_ptr[j+1]]`` are option ``j``'s items, numbered
    from 0.  See :mod:`dlxnumba.kernels` for the layout: four-node blocks
    when every option has four items, spacers otherwise (always with
    ``spacers=True``, as colors and multiplicities need).  ``opt_colors``
    (aligned with ``opt_items``) gives the template a ``color`` per node.
    """
    t = _build_arrays(n_items, n_primary, opt_ptr, opt_items, spacers or opt_colors is not None)
    if opt_colors is None:
        return t
    m = len(opt_ptr) - 1
    total = int(opt_ptr[-1])
    color = np.zeros(t.top.size, np.int32)
    owner = np.repeat(np.arange(m, dtype=np.int64), np.diff(opt_ptr))
    color[int(n_items) + 2 + np.arange(total, dtype=np.int64) + owner] = opt_colors
    return replace(t, color=color)


def _build_arrays(n_items: int, n_primary: int, opt_ptr: np.ndarray, opt_items: np.ndarray,
                  spacers: bool) -> _Template:
    n = int(n_items)
    n1 = int(n_primary)
    m = len(opt_ptr) - 1
    total = int(opt_ptr[-1])
    counts = np.diff(opt_ptr)
    width = 4 if m > 0 and not spacers and bool((counts == 4).all()) else 0
    if width:
        base = (n + 4) & ~3  # the first multiple of 4 past the item headers
        size = base + total
    else:
        size = n + 1 + (m + 1) + total
    if size > _INT32_MAX or m >= 1 << 30:
        raise ExactCoverError(f"problem too large: {size} nodes do not fit int32 links")

    llink = np.empty(n + 2, np.int32)
    rlink = np.empty(n + 2, np.int32)
    # primary list 0 -> 1 -> ... -> n1 -> 0
    prim = np.arange(0, n1 + 1, dtype=np.int32)
    rlink[prim] = np.roll(prim, -1)
    llink[prim] = np.roll(prim, 1)
    # secondary list n+1 -> n1+1 -> ... -> n -> n+1
    sec = np.concatenate(([n + 1], np.arange(n1 + 1, n + 1))).astype(np.int32)
    rlink[sec] = np.roll(sec, -1)
    llink[sec] = np.roll(sec, 1)

    top = np.zeros(size, np.int32)
    ulink = np.zeros(size, np.int32)
    dlink = np.zeros(size, np.int32)
    length = np.zeros(n + 1, np.int32)
    if total >= _BUILD_IN_KERNEL:
        # one compiled pass, nothing allocated but the result (the numpy way
        # below holds about 70 bytes a node in temporary arrays)
        from .kernels.core.build import link_options

        first_node = np.empty(m, np.int32)
        link_options(n, width, base if width else 0, np.ascontiguousarray(opt_ptr, np.int64),
                     np.ascontiguousarray(opt_items, np.int32), top, ulink, dlink, length, first_node)
        return _Template(llink, rlink, top, ulink, dlink, length, first_node, width)

    if width:
        first_node = (base + 4 * np.arange(m, dtype=np.int64)).astype(np.int32)
        pos = base + np.arange(total, dtype=np.int64)  # node of each entry
    else:
        j = np.arange(m + 1, dtype=np.int64)
        spacer = n + 1 + opt_ptr + j  # spacer before option j (and after the last one)
        top[spacer] = -j
        first_node = (spacer[:-1] + 1).astype(np.int32)
        ulink[spacer[1:]] = spacer[:-1] + 1  # first node of the option before
        dlink[spacer[:-1]] = spacer[1:] - 1  # last node of the option after
        owner = np.repeat(np.arange(m, dtype=np.int64), counts)
        pos = n + 2 + np.arange(total, dtype=np.int64) + owner  # node of each entry
    items = opt_items.astype(np.int64) + 1
    top[pos] = items

    # vertical lists, in input order
    order = np.argsort(items, kind="stable")
    snodes = pos[order]
    sitems = items[order]
    hdr = np.arange(n + 1, dtype=np.int64)
    length[:] = np.bincount(items, minlength=n + 1)[: n + 1]
    if total:
        new_group = np.ones(total, bool)
        new_group[1:] = sitems[1:] != sitems[:-1]
        end_group = np.ones(total, bool)
        end_group[:-1] = new_group[1:]
        prev = np.empty(total, np.int64)
        prev[0] = 0
        prev[1:] = snodes[:-1]
        prev[new_group] = sitems[new_group]
        nxt = np.empty(total, np.int64)
        nxt[-1] = 0
        nxt[:-1] = snodes[1:]
        nxt[end_group] = sitems[end_group]
        ulink[snodes] = prev
        dlink[snodes] = nxt
    ulink[hdr] = hdr
    dlink[hdr] = hdr
    if total:
        firsts = snodes[new_group]
        lasts = snodes[end_group]
        dlink[sitems[new_group]] = firsts
        ulink[sitems[end_group]] = lasts
    ulink[0] = dlink[0] = 0
    return _Template(llink, rlink, top, ulink, dlink, length, first_node, width)


#: Entries of options compared at a time when looking for an item listed twice.
_REPEAT_BATCH = 1 << 20


def _repeated_item(ptr: np.ndarray, items: np.ndarray) -> tuple[int, int] | None:
    """The first option that lists an item twice, and the smallest such item; or None.

    Memory stays small however large the problem: options of one width up to
    8 compare their columns pairwise; others are sorted a batch of about a
    million entries at a time (item numbers within an option).
    """
    m = ptr.size - 1
    if items.size == 0:
        return None
    counts = np.diff(ptr)
    width = int(counts[0])
    first = None
    if width <= 8 and bool((counts == width).all()):
        rows = items.reshape(m, width)
        for a in range(width):
            for b in range(a + 1, width):
                hit = np.flatnonzero(rows[:, a] == rows[:, b])
                if hit.size and (first is None or hit[0] < first):
                    first = int(hit[0])
    else:
        j0 = 0
        while j0 < m and first is None:
            j1 = max(int(np.searchsorted(ptr, ptr[j0] + _REPEAT_BATCH, side="right")) - 1, j0 + 1)
            part = items[ptr[j0]: ptr[j1]].astype(np.int64)
            part += np.repeat(np.arange(j0, j1, dtype=np.int64), counts[j0:j1]) << 32
            part.sort()
            hit = np.flatnonzero(part[1:] == part[:-1])
            if hit.size:
                first = int(part[hit[0]] >> 32)
            j0 = j1
    if first is None:
        return None
    option = np.sort(items[ptr[first]: ptr[first + 1]])
    return first, int(option[np.flatnonzero(option[1:] == option[:-1])[0]])


def _integers(values, name: str) -> np.ndarray:
    """``values`` as a 1-D integer array (not converted), or ExactCoverError naming ``name``."""
    try:
        a = np.asarray(values)
    except (TypeError, ValueError):
        raise ExactCoverError(f"{name} must be a 1-D array of integers") from None
    if a.ndim != 1:
        raise ExactCoverError(f"{name} must be a 1-D array of integers, got shape {a.shape}")
    if a.size == 0:
        return np.zeros(0, np.int64)
    if a.dtype.kind not in "iu":
        raise ExactCoverError(f"{name} must hold integers, got dtype {a.dtype}")
    return a


def _check_names(names: tuple) -> None:
    """The item names are hashable and distinct, or ExactCoverError naming the first fault."""
    seen: dict = {}
    for i, name in enumerate(names):
        try:
            j = seen.setdefault(name, i)
        except TypeError:
            raise ExactCoverError(f"item {i}: name {plain(name)} is not hashable") from None
        if j != i:
            raise ExactCoverError(f"items {j} and {i} are both named {plain(name)}")


def _names(value, what: str) -> list:
    """The item names of a ``primary=`` or ``secondary=`` argument: an iterable of
    names, or a string of names separated by white space (as an option may be)."""
    if isinstance(value, (str, bytes)):
        return value.split()
    try:
        return list(value)
    except TypeError:
        raise ExactCoverError(f"{what} must be an iterable of item names (or a string of names "
                              f"separated by white space), not {plain(value)}") from None


def _read_only(a: np.ndarray) -> np.ndarray:
    """A copy of ``a`` over immutable memory: no one can make it writable again."""
    return np.frombuffer(np.ascontiguousarray(a).tobytes(), a.dtype).reshape(a.shape)


def _same(a: np.ndarray | None, b: np.ndarray | None) -> bool:
    return (a is None and b is None) or (a is not None and b is not None and np.array_equal(a, b))


def _check_colors(n1: int, names: tuple, ptr: np.ndarray, items: np.ndarray, opt_colors,
                  color_names) -> tuple[np.ndarray | None, tuple]:
    """The validated (read-only int32 colors or None, color names) of a problem."""
    if isinstance(color_names, (str, bytes)):
        raise ExactCoverError(f"color_names must be a sequence of names, not the string {color_names!r}")
    try:
        cnames = tuple(color_names)
    except TypeError:
        raise ExactCoverError(f"color_names must be a sequence of names, not {plain(color_names)}") from None
    seen: dict = {}
    for k, c in enumerate(cnames):
        try:
            first = seen.setdefault(c, k)
        except TypeError:
            raise ExactCoverError(f"color {k + 1}: name {plain(c)} is not hashable") from None
        if first != k:
            raise ExactCoverError(f"colors {first + 1} and {k + 1} are both named {plain(c)}")
    if opt_colors is None:
        if cnames:
            raise ExactCoverError("color_names given without opt_colors")
        return None, ()
    raw = _integers(opt_colors, "opt_colors")
    if raw.size != items.size:
        raise ExactCoverError(f"opt_colors has {raw.size} entries; it must have one per entry of "
                              f"opt_items ({items.size})")
    if raw.size and (raw.min() < 0 or raw.max() > len(cnames)):
        k = int(np.flatnonzero((raw < 0) | (raw > len(cnames)))[0])
        j = int(np.searchsorted(ptr, k, side="right")) - 1
        raise ExactCoverError(f"option {j} gives item {plain(names[items[k]])} color number {int(raw[k])} "
                              f"(opt_colors[{k}]); colors are numbered 1 to {len(cnames)}, 0 for none")
    colors = raw.astype(np.int32)
    on_primary = np.flatnonzero((colors != 0) & (items < n1))
    if on_primary.size:
        k = int(on_primary[0])
        j = int(np.searchsorted(ptr, k, side="right")) - 1
        raise ExactCoverError(f"option {j}: primary item {plain(names[items[k]])} cannot have a color "
                              f"({plain(cnames[colors[k] - 1])}); only secondary items take colors")
    if not colors.any():
        return None, ()
    return _read_only(colors), cnames


#: The largest bound of a primary item (the kernels count in int32).
MAX_BOUND = 1 << 30


def _check_bounds(n1: int, names: tuple, lower, upper) -> tuple[np.ndarray | None, np.ndarray | None]:
    """The validated read-only int32 (lower, upper) bounds, or (None, None) when all are 1:1."""
    if lower is None and upper is None:
        return None, None
    arrays = []
    for a, what, default in ((lower, "lower", 1), (upper, "upper", 1)):
        if a is None:
            arrays.append(np.full(n1, default, np.int64))
            continue
        raw = _integers(a, what)
        if raw.size != n1:
            raise ExactCoverError(f"{what} has {raw.size} entries; it must have one per primary item ({n1})")
        arrays.append(raw.astype(np.int64))
    lo, hi = arrays
    bad = np.flatnonzero((lo < 0) | (hi < 1) | (lo > hi) | (hi > MAX_BOUND))
    if bad.size:
        i = int(bad[0])
        u, v = int(lo[i]), int(hi[i])
        why = ("the upper bound is zero" if v == 0 else "the lower bound exceeds the upper bound"
               if u > v else f"bounds must lie between 0 and {MAX_BOUND}")
        raise ExactCoverError(f"primary item {plain(names[i])} has bounds {u}:{v}: {why}")
    if bool((lo == 1).all() and (hi == 1).all()):
        return None, None
    return _read_only(lo.astype(np.int32)), _read_only(hi.astype(np.int32))


def _entry(entry, index: dict, secset) -> tuple[Hashable, Hashable] | None:
    """(item, color) when an option's ``entry`` is a colored item; None when it is
    (or may be) an item name.  See :meth:`ExactCover.from_options`."""
    try:
        if entry in index:
            return None
    except TypeError:
        return None  # reported as an unhashable name by the caller
    if isinstance(entry, str):
        item, sep, color = entry.rpartition(":")
        if not sep:
            return None
        return item, color
    if type(entry) is tuple and len(entry) == 2:
        return entry[0], entry[1]
    return None


def _color_on_primary(j: int, entry, colored) -> None:
    raise ExactCoverError(f"option {j}: {plain(entry)}: primary item {plain(colored[0])} cannot have a color "
                          f"({plain(colored[1])}); only secondary items take colors (to name an item "
                          f"{plain(entry)}, list it in primary=)")


def _colored(j: int, entry, index: dict, n1: int, color_index: dict) -> tuple[int, int]:
    """(item number, color number) of the colored entry ``entry`` of option ``j``,
    or ExactCoverError: an unknown item, a color on a primary item."""
    colored = _entry(entry, index, ())
    if colored is not None:
        try:
            i = index.get(colored[0])
        except TypeError:
            i = None
        if i is not None:
            if i < n1:
                _color_on_primary(j, entry, colored)
            if colored[1] == "":
                raise ExactCoverError(f"option {j}: {plain(entry)} gives item {plain(colored[0])} an "
                                      "empty color")
            try:
                k = color_index.setdefault(colored[1], len(color_index) + 1)
            except TypeError:
                raise ExactCoverError(f"option {j}: color {plain(colored[1])} of item {plain(colored[0])} "
                                      "is not hashable") from None
            return i, k
    raise ExactCoverError(f"option {j}: unknown item {plain(entry)}")


def _bounds(bounds, index: dict, n1: int) -> tuple[np.ndarray | None, np.ndarray | None]:
    """The (lower, upper) arrays of the ``bounds=`` argument of from_options."""
    if bounds is None:
        return None, None
    try:
        pairs = list(bounds.items())
    except AttributeError:
        raise ExactCoverError(f"bounds must be a mapping {{primary item: v or (u, v)}}, "
                              f"not {plain(bounds)}") from None
    lower = np.ones(n1, np.int64)
    upper = np.ones(n1, np.int64)
    for name, b in pairs:
        try:
            i = index[name]
        except (KeyError, TypeError):
            raise ExactCoverError(f"bounds name an unknown item {plain(name)}") from None
        if i >= n1:
            raise ExactCoverError(f"bounds are given for secondary item {plain(name)}; only primary "
                                  "items have bounds")
        if isinstance(b, (int, np.integer)) and not isinstance(b, bool):
            u = v = b
        elif isinstance(b, (tuple, list)) and len(b) == 2 and all(
                isinstance(x, (int, np.integer)) and not isinstance(x, bool) for x in b):
            u, v = b
        else:
            raise ExactCoverError(f"the bounds of item {plain(name)} must be an integer v or a pair "
                                  f"(u, v) of integers, not {plain(b)}")
        if not (-1 << 40) < u < (1 << 40) or not (-1 << 40) < v < (1 << 40):
            raise ExactCoverError(f"primary item {plain(name)} has bounds {int(u)}:{int(v)}: bounds "
                                  f"must lie between 0 and {MAX_BOUND}")
        lower[i], upper[i] = u, v
    return lower, upper


class ExactCover:
    """An exact-cover problem: choose options that cover every primary item
    exactly once and every secondary item at most once.

    Build one with :meth:`from_matrix`, :meth:`from_options` or
    :meth:`from_dlx`; search it with :meth:`solve`, :meth:`solutions`,
    :meth:`count` (thin wrappers over :class:`~dlxnumba.search.Search`) or many
    jobs at once with :meth:`batch`.  Solutions are sorted lists of 0-based
    option indices.  A problem never changes once built, and pickles.
    :attr:`stats` holds the :class:`Stats` of the last search that this thread
    ran through the wrappers.

    Examples
    --------
    Knuth's example: items A..E primary, F and G secondary.

    >>> p = ExactCover.from_options(
    ...     [["C", "E", "F"], ["A", "D", "G"], ["B", "C", "F"],
    ...      ["A", "D"], ["B", "G"], ["D", "E", "G"]],
    ...     primary=["A", "B", "C", "D", "E"], secondary=["F", "G"])
    >>> p.solve()
    [0, 3, 4]
    >>> p.count(stop_at=0), p.stats.nodes, p.stats.updates
    (1, 6, 30)
    >>> [p.option_names(s) for s in p.solutions()]
    [[('C', 'E', 'F'), ('A', 'D'), ('B', 'G')]]
    >>> import pickle
    >>> pickle.loads(pickle.dumps(p)).solve()
    [0, 3, 4]
    """

    __slots__ = ("_names", "_n_primary", "_opt_ptr", "_opt_items", "_opt_colors", "_color_names",
                 "_lower", "_upper", "_tmpl", "_index", "_local", "_lock", "_hash", "__weakref__")
    # the slots, set once through object.__setattr__ (the class is immutable);
    # _tmpl, _index and _hash are filled on first use
    _names: tuple[Hashable, ...]
    _n_primary: int
    _opt_ptr: np.ndarray
    _opt_items: np.ndarray
    _opt_colors: np.ndarray | None  # None: no option has a color
    _color_names: tuple[Hashable, ...]
    _lower: np.ndarray | None  # None: every primary item has bounds 1:1
    _upper: np.ndarray | None
    _tmpl: _Template | None
    _index: dict[Hashable, int] | None
    _local: threading.local
    _lock: threading.Lock
    _hash: int | None

    def __init__(self, n_primary: int, item_names: Sequence[Hashable],
                 opt_ptr: np.ndarray, opt_items: np.ndarray, opt_colors: np.ndarray | None = None,
                 color_names: Sequence[Hashable] = (), lower: np.ndarray | None = None,
                 upper: np.ndarray | None = None):
        """Low-level constructor over CSR arrays (validated); prefer the ``from_*`` methods.

        ``opt_items[opt_ptr[j]:opt_ptr[j+1]]`` are option ``j``'s item numbers,
        counted from 0 with the ``n_primary`` primary items first; the names
        must be distinct and hashable.

        Colors (Knuth's DLX2): ``opt_colors``, aligned with ``opt_items``, gives
        each entry a color number, ``0`` for none and ``k >= 1`` for
        ``color_names[k - 1]`` (distinct, hashable); only secondary items take
        colors.  Multiplicities (DLX3): primary item ``i`` must be covered at
        least ``lower[i]`` and at most ``upper[i]`` times (integer arrays of
        length ``n_primary``, ``0 <= lower <= upper``, ``upper >= 1``; by
        default 1 and 1).  Arrays that say nothing (no color, all bounds 1:1)
        are dropped: such a problem equals the plain one.
        """
        if isinstance(item_names, (str, bytes)):
            raise ExactCoverError(f"item_names must be a sequence of names, not the string {item_names!r}")
        try:
            names = tuple(item_names)
        except TypeError:
            raise ExactCoverError(f"item_names must be a sequence of names, "
                                  f"not {plain(item_names)}") from None
        n_items = len(names)
        _check_names(names)
        if isinstance(n_primary, bool) or not isinstance(n_primary, (int, np.integer)):
            raise ExactCoverError(f"n_primary must be an integer, not {plain(n_primary)}")
        if not 0 <= n_primary <= n_items:
            raise ExactCoverError(f"n_primary = {int(n_primary)} is not between 0 and the {n_items} items")
        ptr = _integers(opt_ptr, "opt_ptr")
        raw = _integers(opt_items, "opt_items")
        if ptr.size < 1 or ptr[0] != 0 or ptr[-1] != raw.size or np.any(np.diff(ptr) < 0):
            raise ExactCoverError("opt_ptr must start at 0, never decrease, and end at len(opt_items)")
        if raw.size and (raw.min() < 0 or raw.max() >= n_items):
            k = int(np.flatnonzero((raw < 0) | (raw >= n_items))[0])
            j = int(np.searchsorted(ptr, k, side="right")) - 1
            raise ExactCoverError(f"option {j} lists item number {int(raw[k])} (opt_items[{k}]); "
                                  f"the {n_items} items are numbered 0 to {n_items - 1}")
        ptr = ptr.astype(np.int64, copy=False)  # (copied once, by _read_only)
        items = raw.astype(np.int32, copy=False)  # in range, so exact
        twice = _repeated_item(ptr, items)
        if twice is not None:
            j, i = twice
            raise ExactCoverError(f"option {j} lists item {i} ({plain(names[i])}) twice")
        colors, cnames = _check_colors(int(n_primary), names, ptr, items, opt_colors, color_names)
        lo, hi = _check_bounds(int(n_primary), names, lower, upper)
        ptr, items = _read_only(ptr), _read_only(items)
        _set = object.__setattr__
        _set(self, "_names", names)
        _set(self, "_n_primary", int(n_primary))
        _set(self, "_opt_ptr", ptr)
        _set(self, "_opt_items", items)
        _set(self, "_opt_colors", colors)
        _set(self, "_color_names", cnames)
        _set(self, "_lower", lo)
        _set(self, "_upper", hi)
        _set(self, "_tmpl", None)
        _set(self, "_index", None)
        _set(self, "_local", threading.local())
        _set(self, "_lock", threading.Lock())
        _set(self, "_hash", None)

    def __setattr__(self, name, value):
        raise AttributeError(f"ExactCover is immutable: cannot set {name!r}")

    def __delattr__(self, name):
        raise AttributeError(f"ExactCover is immutable: cannot delete {name!r}")

    def __reduce__(self):
        return (type(self), (self._n_primary, self._names, self._opt_ptr, self._opt_items,
                             self._opt_colors, self._color_names, self._lower, self._upper))

    # ----------------------------------------------------------------- building

    @classmethod
    def from_matrix(cls, matrix, secondary: Iterable[int] = ()) -> "ExactCover":
        """A problem from a dense 0/1 matrix: rows are options, columns items.

        Parameters
        ----------
        matrix : array_like, 2-D
            Any bool or integer dtype and memory order; values must be 0 or 1.
        secondary : iterable of int
            Column indices of the secondary items (covered at most once).

        Items are named by their column index.

        Examples
        --------
        >>> m = [[0, 0, 1, 0, 1, 1, 0],
        ...      [1, 0, 0, 1, 0, 0, 1],
        ...      [0, 1, 1, 0, 0, 1, 0],
        ...      [1, 0, 0, 1, 0, 0, 0],
        ...      [0, 1, 0, 0, 0, 0, 1],
        ...      [0, 0, 0, 1, 1, 0, 1]]
        >>> ExactCover.from_matrix(m).solve()
        [0, 3, 4]
        """
        try:
            a = np.asarray(matrix)
        except ValueError as e:  # ragged nested lists on recent numpy
            raise ExactCoverError(f"matrix is ragged or not rectangular: {e}") from None
        if a.dtype == object:
            raise ExactCoverError("matrix is ragged or holds non-numbers; expected a 2-D 0/1 array")
        if a.ndim != 2:
            raise ExactCoverError(f"matrix must be 2-D (options x items), got {a.ndim}-D shape {a.shape}")
        if a.dtype.kind not in "biuf":
            raise ExactCoverError(f"matrix must hold 0/1 integers or booleans, got dtype {a.dtype}")
        if a.dtype != bool and a.size:
            bad = np.argwhere((a != 0) & (a != 1))
            if bad.size:
                r, c = bad[0]
                raise ExactCoverError(f"matrix[{r}, {c}] = {plain(a[r, c])}; entries must be 0 or 1")
        n_rows, n_cols = a.shape
        if isinstance(secondary, (str, bytes)):
            raise ExactCoverError(f"secondary must be an iterable of column indices, not {secondary!r}")
        try:
            secondary = list(secondary)
        except TypeError:
            raise ExactCoverError(f"secondary must be an iterable of column indices, "
                                  f"not {plain(secondary)}") from None
        sec = []
        for s in secondary:
            if not isinstance(s, (int, np.integer)) or isinstance(s, bool):
                raise ExactCoverError(f"secondary column {plain(s)} is not an integer index")
            if not 0 <= s < n_cols:
                raise ExactCoverError(f"secondary column {s} is out of range for {n_cols} columns")
            if s in sec:
                raise ExactCoverError(f"secondary column {s} is listed twice")
            sec.append(int(s))
        secset = set(sec)
        primary = [c for c in range(n_cols) if c not in secset]
        order = np.array(primary + sec, dtype=np.int64)
        item_of_col = np.empty(n_cols, np.int32)
        item_of_col[order] = np.arange(n_cols, dtype=np.int32)
        rows, cols = np.nonzero(a != 0)  # row-major: option by option, columns ascending
        opt_ptr = np.zeros(n_rows + 1, np.int64)
        np.cumsum(np.bincount(rows, minlength=n_rows), out=opt_ptr[1:])
        return cls(len(primary), [int(c) for c in order], opt_ptr, item_of_col[cols])

    @classmethod
    def from_options(cls, options: Iterable[Iterable[Hashable]], primary: Iterable[Hashable] | None = None,
                     secondary: Iterable[Hashable] = (), bounds=None) -> "ExactCover":
        """A problem from options given as iterables of item names.

        Parameters
        ----------
        options : iterable of iterables of hashable
            Each option lists the names of its items, each at most once; a
            string stands for the names in it separated by white space.  A
            secondary item may carry a color (see below).
        primary : iterable of hashable, optional
            The primary items, in order.  By default every item named in an
            option and not declared secondary, in order of first appearance.
            A string stands for the names in it separated by white space, as
            in an option: ``"A B C"`` is three items, ``"ABC"`` one.
        secondary : iterable of hashable
            The secondary items (covered at most once, unless colored); a
            string as for ``primary``.
        bounds : mapping, optional
            Multiplicities (Knuth's DLX3): ``{name: v}`` or ``{name: (u, v)}``
            asks that primary item ``name`` be covered at least ``u`` and at
            most ``v`` times (``v`` alone: exactly ``v``); ``0 <= u <= v``,
            ``v >= 1``.  Other primary items keep bounds 1:1.

        Colors (Knuth's DLX2)
        ---------------------
        An entry of an option that is not the name of an item is read as a
        *colored* secondary item when it is a pair ``(X, A)`` or a string
        ``"X:A"`` (split at its last ``:``, so an item named ``"a:b"`` takes
        color ``A`` as ``"a:b:A"``) and ``X`` is a secondary item: the option
        gives ``X`` the color ``A``.  A solution may then contain any number
        of options that give ``X`` the same color, but an option that names
        ``X`` without a color excludes every other use of ``X`` (its color
        is its own).  An entry that is an item name is always that item; an
        entry ``(X, A)`` or ``"X:A"`` whose ``X`` is a primary item is an
        error (list the odd name in ``primary=`` to make it an item).  Colors
        are numbered in order of first appearance (:attr:`color_names`).

        Examples
        --------
        >>> p = ExactCover.from_options([("a", "b"), ("c",), ("a",), ("b", "c")])
        >>> sorted(p.solutions())
        [[0, 1], [2, 3]]
        >>> ExactCover.from_options(["A D", "B C", "A B", "C D"], primary="A B C D").count()
        2

        DLX2's example: options ``A C X:1 Y:1`` and ``B X:1`` share ``X``.

        >>> p = ExactCover.from_options(["A B X:0 Y:0", "A C X:1 Y:1", "B X:1", "C Y:1"],
        ...                             secondary="X Y")
        >>> s = p.solve(); s, p.colors_of(s)
        ([1, 2], {'X': '1', 'Y': '1'})

        DLX3's example: ``C`` is covered two or three times.

        >>> p = ExactCover.from_options(["A B X:0 Y:0", "A C X:1 Y:1", "C X:0", "B X:1", "C Y:1"],
        ...                             secondary="X Y", bounds={"C": (2, 3)})
        >>> p.solve()
        [1, 3, 4]
        """
        if isinstance(options, (str, bytes)):
            raise ExactCoverError(f"options must be an iterable of options, not the string {options!r}")
        try:
            options = iter(options)
        except TypeError:
            raise ExactCoverError(f"options must be an iterable of options, not {plain(options)}") from None
        sec = _names(secondary, "secondary")
        if primary is not None:
            primary = _names(primary, "primary")
        index: dict = {}
        names: list = []
        kinds: list = []

        def declare(name, kind):
            try:
                i = index.get(name)
            except TypeError:
                raise ExactCoverError(f"item name {plain(name)} is not hashable") from None
            if i is not None:
                raise ExactCoverError(f"item {plain(name)} is listed twice in {kind}" if kinds[i] == kind
                                      else f"item {plain(name)} is declared both primary and secondary")
            index[name] = len(names)
            names.append(name)
            kinds.append(kind)

        opts = []
        for j, opt in enumerate(options):
            if isinstance(opt, (str, bytes)):
                opt = opt.split()
            try:
                opts.append(opt if type(opt) in (list, tuple) else list(opt))  # read twice below
            except TypeError:
                raise ExactCoverError(f"option {j} is not an iterable of item names: {plain(opt)}") from None
        if primary is not None:
            for name in primary:
                declare(name, "primary")
            n1 = len(names)
        secset = set()
        for name in sec:
            try:
                if name in secset:  # (a set is looked up as a frozenset: only add() refuses it)
                    raise ExactCoverError(f"item {plain(name)} is listed twice in secondary")
                secset.add(name)
            except TypeError:
                raise ExactCoverError(f"item name {plain(name)} is not hashable") from None
        if primary is None:
            for j, opt in enumerate(opts):
                for name in opt:
                    try:
                        known = name in index or name in secset
                    except TypeError:
                        raise ExactCoverError(f"option {j}: item name {plain(name)} "
                                              "is not hashable") from None
                    if not known:
                        colored = _entry(name, index, secset)
                        if colored is not None:
                            try:
                                if colored[0] in secset:
                                    continue
                                if colored[0] in index:
                                    _color_on_primary(j, name, colored)
                            except TypeError:
                                pass  # an unhashable part: then the entry is a name
                        declare(name, "primary")
            n1 = len(names)
        for name in sec:
            declare(name, "secondary")
        opt_ptr = np.zeros(len(opts) + 1, np.int64)
        flat = array("i")  # 4 bytes an entry (a list of ints takes about 36)
        colors: array | None = None  # made at the first colored entry
        color_index: dict = {}
        for j, opt in enumerate(opts):
            seen = set()
            for name in opt:
                k = 0
                try:
                    i = index[name]
                except KeyError:
                    i, k = _colored(j, name, index, n1, color_index)
                except TypeError:
                    raise ExactCoverError(f"option {j}: item name {plain(name)} is not hashable") from None
                if i in seen:
                    raise ExactCoverError(f"option {j}: item {plain(names[i])} appears twice")
                seen.add(i)
                flat.append(i)
                if k and colors is None:
                    colors = array("i", bytes(4 * (len(flat) - 1)))
                if colors is not None:
                    colors.append(k)
            opt_ptr[j + 1] = len(flat)
        lower, upper = _bounds(bounds, index, n1)
        p = cls(n1, names, opt_ptr, np.frombuffer(flat, np.int32) if flat else np.zeros(0, np.int32),
                None if colors is None else np.frombuffer(colors, np.int32), list(color_index),
                lower, upper)
        object.__setattr__(p, "_index", index)
        return p

    @classmethod
    def from_dlx(cls, source) -> "ExactCover":
        """Read Knuth's DLX1 text format from a path, a file object, or the text.

        See :mod:`dlxnumba.io.dlx`.
        """
        from .io.dlx import parse_dlx

        t = parse_dlx(source)
        return cls(t.n_primary, t.item_names, t.opt_ptr, t.opt_items, t.opt_colors, t.color_names,
                   t.lower, t.upper)

    def to_dlx(self) -> str:
        """This problem in Knuth's DLX text format (see :mod:`dlxnumba.io.dlx`): DLX1's,
        with DLX2's ``item:color`` entries and DLX3's ``u:v|item`` bounds when it has them."""
        from .io.dlx import format_dlx

        return format_dlx(self._names, self._n_primary, self._opt_ptr, self._opt_items,
                          self._opt_colors, self._color_names, self._lower, self._upper)

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

    @property
    def primary(self) -> list:
        """Names of the primary items, in order."""
        return list(self._names[: self._n_primary])

    @property
    def secondary(self) -> list:
        """Names of the secondary items, in order."""
        return list(self._names[self._n_primary:])

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
        """The color number of each entry of :attr:`opt_items` (int32, read-only):
        ``0`` for none, ``k >= 1`` for ``color_names[k - 1]``.  All zeros
        without colors."""
        c = self._opt_colors
        return _read_only(np.zeros(self._opt_items.size, np.int32)) if c is None else c

    @property
    def color_names(self) -> list:
        """The names of the colors: color number ``k`` is ``color_names[k - 1]``."""
        return list(self._color_names)

    @property
    def lower(self) -> np.ndarray:
        """Each primary item's lower bound (int32, read-only; all ones without multiplicities)."""
        a = self._lower
        return _read_only(np.ones(self._n_primary, np.int32)) if a is None else a

    @property
    def upper(self) -> np.ndarray:
        """Each primary item's upper bound (int32, read-only; all ones without multiplicities)."""
        a = self._upper
        return _read_only(np.ones(self._n_primary, np.int32)) if a is None else a

    def option_colors(self, j: int | np.integer) -> list:
        """The color name of each item of option ``j`` (None where it has none),
        aligned with :meth:`option`."""
        self._check_option_index(j)
        c = self._opt_colors
        if c is None:
            return [None] * int(self._opt_ptr[j + 1] - self._opt_ptr[j])
        return [None if k == 0 else self._color_names[k - 1]
                for k in c[self._opt_ptr[j]: self._opt_ptr[j + 1]].tolist()]

    def colors_of(self, solution) -> dict:
        """The colors that the options of ``solution`` give the secondary items:
        ``{item name: color name}``.

        Examples
        --------
        >>> p = ExactCover.from_options([["A", "X:red"], ["B", "X:red"], ["B", "X:blue"]],
        ...                             secondary=["X"])
        >>> s = p.solve(); s, p.colors_of(s)
        ([0, 1], {'X': 'red'})
        """
        options = self._option_list(solution, "solution must be a list of option indices")
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

    def option(self, j: int | np.integer) -> list[int]:
        """Item numbers (0-based, primary first) of option ``j``."""
        self._check_option_index(j)
        return self._opt_items[self._opt_ptr[j]: self._opt_ptr[j + 1]].tolist()

    def option_names(self, options) -> list | tuple:
        """Item names of one option (an int) or of each option in a list."""
        if isinstance(options, (int, np.integer)) and not isinstance(options, bool):
            return tuple(self._names[i] for i in self.option(options))
        options = self._option_list(options, "options must be an option index or a list of them")
        return [self.option_names(j) for j in options]

    def _option_list(self, value, expected: str) -> list:
        """``value`` as a list of checked option indices; ``expected`` says what it should be."""
        if isinstance(value, (str, bytes)):
            raise ExactCoverError(f"{expected}, not {value!r}")
        try:
            listed = list(value)
        except TypeError:
            raise ExactCoverError(f"{expected}, not {plain(value)}") from None
        for j in listed:
            self._check_option_index(j)
        return listed

    @property
    def options(self) -> list[list[int]]:
        """Every option as a list of item numbers."""
        return [self.option(j) for j in range(self.n_options)]

    def item_index(self, name) -> int:
        """The number (0-based, primary first) of the item called ``name``."""
        index = self._index
        if index is None:
            index = {nm: i for i, nm in enumerate(self._names)}
            object.__setattr__(self, "_index", index)
        try:
            return index[name]
        except (KeyError, TypeError):
            raise ExactCoverError(f"unknown item {plain(name)}") from None

    def __repr__(self) -> str:
        extra = ""
        if self._opt_colors is not None:
            extra += f", {len(self._color_names)} colors"
        if self._lower is not None:
            extra += ", multiplicities"
        return (f"ExactCover({self.n_primary} primary + {self.n_items - self.n_primary} "
                f"secondary items, {self.n_options} options, {int(self._opt_ptr[-1])} nodes{extra})")

    def __eq__(self, other) -> bool:
        if not isinstance(other, ExactCover):
            return NotImplemented
        return (self._n_primary == other._n_primary and self._names == other._names
                and np.array_equal(self._opt_ptr, other._opt_ptr)
                and np.array_equal(self._opt_items, other._opt_items)
                and self._color_names == other._color_names
                and _same(self._opt_colors, other._opt_colors)
                and _same(self._lower, other._lower) and _same(self._upper, other._upper))

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            extra = tuple(None if a is None else a.tobytes()
                          for a in (self._opt_colors, self._lower, self._upper))
            h = hash((self._n_primary, self._names, self._opt_ptr.tobytes(), self._opt_items.tobytes(),
                      self._color_names) + extra)
            object.__setattr__(self, "_hash", h)
        return h

    def to_matrix(self) -> np.ndarray:
        """The dense 0/1 matrix (uint8), columns in item-number order."""
        m = np.zeros((self.n_options, self.n_items), np.uint8)
        rows = np.repeat(np.arange(self.n_options), np.diff(self._opt_ptr))
        m[rows, self._opt_items] = 1
        return m

    # --------------------------------------------------------------- internals

    def _template(self) -> _Template:
        """The dancing-links arrays of the whole problem, built once (never written)."""
        t = self._tmpl
        if t is None:
            with self._lock:
                t = self._tmpl
                if t is None:
                    t = build_arrays(self.n_items, self.n_primary, self._opt_ptr, self._opt_items,
                                     self._opt_colors, spacers=self._lower is not None)
                    object.__setattr__(self, "_tmpl", t)
        return t

    def _check_option_index(self, j) -> None:
        if not isinstance(j, (int, np.integer)) or isinstance(j, bool):
            raise ExactCoverError(f"option index {plain(j)} is not an integer")
        if not 0 <= j < self.n_options:
            raise ExactCoverError(f"option index {j} is out of range for {self.n_options} options")

    def _check_given(self, given) -> np.ndarray:
        if given is None:
            return np.zeros(0, np.int32)
        if isinstance(given, np.ndarray) and given.dtype.kind in "iu" and given.ndim == 1:
            # fast path (the front ends): checked with numpy
            if given.size and (given.min() < 0 or given.max() >= self.n_options):
                j = int(given[(given < 0) | (given >= self.n_options)][0])
                raise ExactCoverError(f"option index {j} is out of range for {self.n_options} options")
            return given.astype(np.int32)
        return np.array(self._option_list(given, "given must be an iterable of option indices"), dtype=np.int32)

    def _describe_conflict(self, given: np.ndarray, bad: int) -> str:
        """Why ``given[bad]`` cannot join ``given[:bad]``: the two options and the items they share."""
        j = int(given[bad])
        items = set(self.option(j))
        for k in given[:bad].tolist():
            common = items & set(self.option(k))
            if common:
                if k == j:
                    return f"given option {j} is listed twice"
                shared = [plain(self._names[i]) for i in sorted(common)]
                what = (f"item {shared[0]}" if len(shared) == 1
                        else f"items {', '.join(shared[:-1])} and {shared[-1]}")
                return (f"given options {k} ({self._option_text(k)}) and {j} ({self._option_text(j)}) "
                        f"conflict: both contain {what}")
        return f"given option {j} conflicts with the other given options"

    def _check_given_together(self, given: np.ndarray) -> None:
        """ExactCoverError unless the options ``given`` can be in one solution of a
        problem with colors or bounds: no primary item covered more than its
        upper bound, no secondary item used by two options unless both give it
        the same color."""
        n1 = self._n_primary
        upper = self.upper
        colors = self.opt_colors
        count: dict = {}
        use: dict = {}  # secondary item -> (first option using it, its color)
        for j in given.tolist():
            a, b = int(self._opt_ptr[j]), int(self._opt_ptr[j + 1])
            for i, k in zip(self._opt_items[a:b].tolist(), colors[a:b].tolist()):
                name = plain(self._names[i])
                if i < n1:
                    count[i] = count.get(i, 0) + 1
                    if count[i] == 1:
                        use[i] = (j, 0)
                    elif count[i] > upper[i]:
                        j0 = use[i][0]
                        if upper[i] == 1:
                            raise ExactCoverError(
                                f"given options {j0} ({self._option_text(j0)}) and {j} "
                                f"({self._option_text(j)}) conflict: both contain item {name}")
                        raise ExactCoverError(f"the given options cover item {name} {count[i]} times; "
                                              f"its upper bound is {int(upper[i])}")
                elif i in use:
                    j0, k0 = use[i]
                    if k == 0 or k0 == 0 or k != k0:
                        if j0 == j:
                            raise ExactCoverError(f"given option {j} is listed twice")
                        raise ExactCoverError(
                            f"given options {j0} ({self._option_text(j0)}) and {j} ({self._option_text(j)}) "
                            f"conflict: both contain item {name}"
                            + ("" if k == 0 or k0 == 0 else " with different colors"))
                else:
                    use[i] = (j, k)

    def _option_text(self, j: int, most: int = 8) -> str:
        """The item names of option ``j`` for a message (the first ``most`` of a long one)."""
        names = [plain(self._names[i]) for i in self.option(j)]
        return ", ".join(names[:most] + (["..."] if len(names) > most else []))

    # ------------------------------------------------------------------ search

    @property
    def stats(self) -> Stats:
        """:class:`Stats` of the last search this thread ran through :meth:`solve`,
        :meth:`solutions` or :meth:`count` (a :class:`Search` has its own)."""
        s = getattr(self._local, "stats", None)
        return Stats(status="none") if s is None else s

    def search(self, given: Iterable[int] | None = (), *, stop_at: int = 1, max_nodes: int | None = None,
               timeout: float | None = None, progress: ProgressArg = None,
               progress_interval: float = 0.5, algorithm: str = "links") -> Search:
        """A new resumable :class:`~dlxnumba.search.Search` of this problem."""
        return Search(self, given, stop_at=stop_at, max_nodes=max_nodes, timeout=timeout,
                      progress=progress, progress_interval=progress_interval, algorithm=algorithm)

    def _search(self, **kwargs) -> Search:
        s = self.search(**kwargs)
        self._local.stats = s.stats
        return s

    def solve(self, *, given: Iterable[int] = (), stop_at: int = 1, max_nodes: int | None = None,
              timeout: float | None = None, progress: ProgressArg = None,
              progress_interval: float = 0.5, algorithm: str = "links") -> list[int] | None:
        """The first solution found, as a sorted list of option indices, or None.

        Parameters
        ----------
        given : iterable of int
            Options forced into the solution before the search (and included in
            it); conflicting ones raise :class:`ExactCoverError`.
        stop_at : {1, 0}
            Branching picks the active primary item of minimum length, leftmost
            among equals; the scan stops early at an item of length
            ``<= stop_at``.  ``1`` (default) is fastest; ``0`` is Knuth's DLX1
            rule and reproduces its node and update counts.
        max_nodes : int, optional
            Budget of search-tree nodes.  ``0`` runs no search at all (not even
            of a problem that needs no level): :class:`LimitReached` at once.
        timeout : float, optional
            Wall-clock limit in seconds, counted from the start of the search
            (for :meth:`solutions`, the time the consumer spends between two
            solutions counts too; ``stats.seconds`` counts only searching).
            ``0`` runs no search at all, like ``max_nodes=0``.
        progress : bool or callable, optional
            A callable receives a :class:`~dlxnumba.progress.Progress` report
            (nodes, solutions, elapsed time, Knuth's estimate of the fraction
            of the tree done and of the time left) every ``progress_interval``
            seconds of a long search; ``True`` shows them (a tqdm bar when
            tqdm is installed, else a line on stderr).
        algorithm : {"links", "cells", "auto"}
            ``"links"`` (default): dancing links (Knuth's DLX1, DLX2, DLX3);
            ``"cells"``: dancing cells over sparse sets (Knuth's SSXC1, SSXCC,
            SSMCC, see :mod:`dlxnumba.kernels.core.cells`), the same solutions with
            those programs' own node and update counts; ``"auto"``: links,
            unless a search that outlasts a short probe runs faster with cells
            on a sample of its tree (:func:`dlxnumba.cells.prefer_cells`;
            ``stats.algorithm`` says which searched).

        Raises
        ------
        LimitReached
            When ``max_nodes`` or ``timeout`` stops the search first.
        """
        s = self._search(given=given, stop_at=stop_at, max_nodes=max_nodes, timeout=timeout,
                         progress=progress, progress_interval=progress_interval, algorithm=algorithm)
        try:
            sol = s.next()
        except LimitReached as e:
            e.found = None
            raise
        if sol is not None:
            s.stats.status = "limit"
        return sol

    def solutions(self, limit: int | None = None, *, given: Iterable[int] = (), stop_at: int = 1,
                  max_nodes: int | None = None, timeout: float | None = None,
                  progress: ProgressArg = None, progress_interval: float = 0.5,
                  threads: int | None = None, algorithm: str = "links") -> Iterator[list[int]]:
        """Iterate over solutions lazily (each a sorted list of option indices).

        ``limit`` caps the number of solutions; the other parameters are those
        of :meth:`solve`.  The search advances only as far as the consumer asks.

        ``threads=N`` (N > 1) splits the search (:meth:`split`) and finds all
        the solutions on N threads before the first is yielded; they come in
        another order than the serial search's (the same set).  ``limit`` and
        ``max_nodes`` cannot be combined with it.
        """
        if threads is not None and threads != 1:
            from .split import solutions_parallel

            self._check_splittable(algorithm)

            sols, stats = solutions_parallel(self, limit, given=given, stop_at=stop_at, max_nodes=max_nodes,
                                             timeout=timeout, progress=progress,
                                             progress_interval=progress_interval, threads=threads)
            self._local.stats = stats
            return iter(sols)
        check_count_limit(limit)
        s = self._search(given=given, stop_at=stop_at, max_nodes=max_nodes, timeout=timeout,
                         progress=progress, progress_interval=progress_interval, algorithm=algorithm)
        return s.solutions(limit)

    def count(self, limit: int | None = None, *, given: Iterable[int] = (), stop_at: int = 1,
              max_nodes: int | None = None, timeout: float | None = None,
              progress: ProgressArg = None, progress_interval: float = 0.5,
              threads: int | None = None, checkpoint=None, algorithm: str = "links") -> int:
        """The number of solutions (at most ``limit``).

        Parameters are those of :meth:`solve`.  On a timeout or budget,
        :class:`LimitReached` carries the partial count in ``found``.

        ``threads=N`` (N > 1) splits the search tree (:meth:`split`) and
        counts the parts on N threads; ``checkpoint=PATH`` records the split
        and each finished part in that file, so that a count stopped (Ctrl-C,
        a crash, ``timeout``) and started again with the same path does only
        the parts left (see :class:`dlxnumba.split.Checkpoint`).  Either runs
        to the end: ``limit`` and ``max_nodes`` cannot be combined with them.
        ``threads=None`` or ``1`` without a checkpoint is the serial search.

        Examples
        --------
        >>> ExactCover.from_options([["a"], ["a"], ["b"]]).count()
        2
        """
        if (threads is not None and threads != 1) or checkpoint is not None:
            from .split import count_parallel

            self._check_splittable(algorithm)

            n, stats = count_parallel(self, limit, given=given, stop_at=stop_at, max_nodes=max_nodes,
                                      timeout=timeout, progress=progress, progress_interval=progress_interval,
                                      threads=threads, checkpoint=checkpoint)
            self._local.stats = stats
            return n
        check_count_limit(limit)
        s = self._search(given=given, stop_at=stop_at, max_nodes=max_nodes, timeout=timeout,
                         progress=progress, progress_interval=progress_interval, algorithm=algorithm)
        return s.count(limit)

    def _check_splittable(self, algorithm) -> None:
        """Split searches (``threads=``, ``checkpoint=``, :meth:`split`) run plain
        problems on dancing links; say so for anything else."""
        if algorithm != "links":
            raise ExactCoverError(f"threads= and checkpoint= search with dancing links: "
                                  f"algorithm must be 'links', not {plain(algorithm)}")
        if self.has_colors or self.has_bounds:
            raise ExactCoverError("threads= and checkpoint= (split searches) take problems without "
                                  "colors or bounds; search this one serially")

    def split(self, tasks: int | None = None, *, given: Iterable[int] = (), stop_at: int = 1,
              threads: int | None = None, probe_nodes: int | None = None, probes: int = 8, seed: int = 0):
        """Divide the search tree into subproblems for parallel or distributed search.

        Returns a picklable :class:`~dlxnumba.split.Split`: ``subproblems``
        (each the givens plus the path of options from the root to a node of
        the tree), ``weights`` (their estimated sizes), ``solutions`` found
        above them and ``stats`` of the work done above them.  The subtrees
        and those solutions cover the tree exactly once; see
        :mod:`dlxnumba.split` for what is counted where.

        Parameters
        ----------
        tasks : int, optional
            Subproblems wanted (default: 32 per thread).  The split keeps
            expanding the largest subtree until there are at least ``tasks``
            and none is estimated above twice their mean size, or until
            there are 8 times ``tasks``.
        given, stop_at
            As in :meth:`solve`; run the subproblems with the same ``stop_at``.
        threads : int, optional
            Threads the default ``tasks`` is sized for, and that measure the
            subtrees (None: all).
        probe_nodes, probes, seed
            How subtrees are measured: the mean of ``probes`` random probes
            (Knuth's estimate) from a generator seeded with ``seed``; a
            subtree estimated at most ``probe_nodes`` nodes is then searched
            (a dry run of at most that many nodes), which makes its weight
            exact when it finishes.  By default ``probe_nodes`` is 1000, or
            less for a small tree: 1/64 of the estimated size of a task.

        Examples
        --------
        >>> p = ExactCover.from_options([["a", "b"], ["a"], ["b"], ["a", "c"], ["c"]])
        >>> s = p.split(tasks=2, stop_at=0)
        >>> s.subproblems, s.solutions
        ([(0,), (2,)], [])
        >>> len(s.solutions) + sum(p.count(given=sub, stop_at=0) for sub in s.subproblems) == p.count(stop_at=0)
        True
        """
        from .split import split

        self._check_splittable("links")
        return split(self, tasks, given=given, stop_at=stop_at, threads=threads, probe_nodes=probe_nodes,
                     probes=probes, seed=seed)

    def batch(self, jobs, limit=1, **kwargs):
        """Run many jobs, each a list of given options, through the compiled lanes.

        A thin wrapper over :func:`dlxnumba.batch.run_batch` (see there).
        Batches run on dancing links only: ``algorithm`` other than ``"links"``
        is refused.
        """
        from .batch import run_batch
        from .cells import check_algorithm

        algorithm = check_algorithm(kwargs.pop("algorithm", "links"))
        if algorithm != "links":
            raise ExactCoverError(f"batches run on dancing links only: algorithm must be 'links', "
                                  f"not {algorithm!r} (search one job at a time with Search for cells)")

        return run_batch(self, jobs, limit, **kwargs)
