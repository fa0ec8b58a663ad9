"""From what a user gives to the arrays of a problem, checked: the readers behind the constructors.

:class:`~dlxnumba.problem.Problem`'s constructors hand their input here:
:func:`checked_arrays` validates the CSR arrays of the low-level constructor,
:func:`matrix_arrays` reads a dense 0/1 matrix and :func:`options_arrays`
options given by item names (colors and bounds included).  Every fault is an
:class:`~dlxnumba.ExactCoverError` naming the option, item, row or column.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from typing import Hashable

import numpy as np

from .checks import is_integer
from .errors import ExactCoverError, plain

__all__ = ["checked_arrays", "matrix_arrays", "options_arrays", "option_index", "option_list", "read_only",
           "MAX_BOUND", "MAX_COST"]

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


def read_only(a: np.ndarray) -> np.ndarray:
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
    return read_only(colors), cnames


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
    return read_only(lo.astype(np.int32)), read_only(hi.astype(np.int32))


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
        if is_integer(b):
            u = v = b
        elif isinstance(b, (tuple, list)) and len(b) == 2 and all(is_integer(x) for x in b):
            u, v = b
        else:
            raise ExactCoverError(f"the bounds of item {plain(name)} must be an integer v or a pair "
                                  f"(u, v) of integers, not {plain(b)}")
        if not (-1 << 40) < u < (1 << 40) or not (-1 << 40) < v < (1 << 40):
            raise ExactCoverError(f"primary item {plain(name)} has bounds {int(u)}:{int(v)}: bounds "
                                  f"must lie between 0 and {MAX_BOUND}")
        lower[i], upper[i] = u, v
    return lower, upper



#: The largest cost of an option (Knuth's DLX5); the costs of all options together must stay
#: below ``2**61`` too, so that no sum of costs can overflow the kernels' int64.
MAX_COST = (1 << 61) - 1
_TOTAL_COST = 1 << 61


def _option_text(names, ptr, items, j: int, most: int = 8) -> str:
    shown = [str(names[i]) for i in items[ptr[j]: ptr[j + 1]].tolist()]
    return ", ".join(shown[:most] + (["..."] if len(shown) > most else []))


def checked_costs(costs, names, ptr, items):
    """The validated read-only int64 costs (one nonnegative integer per option), or None;
    an ExactCoverError names the option (and its items) whose cost is wrong."""
    if costs is None:
        return None
    m = ptr.size - 1
    if isinstance(costs, (str, bytes)):
        raise ExactCoverError(f"costs must be a sequence of integers, one per option, not {plain(costs)}")
    try:
        raw = np.asarray(costs)
    except (TypeError, ValueError) as e:
        raise ExactCoverError(f"costs must be a sequence of integers, one per option ({e})") from None
    if raw.ndim != 1:
        raise ExactCoverError(f"costs must be a one-dimensional sequence of integers, one per option, "
                              f"not {plain(costs)}")
    if raw.size != m:
        raise ExactCoverError(f"costs has {raw.size} entries; the problem has {m} options")
    if m == 0:
        return read_only(np.zeros(0, np.int64))  # (an empty list is float to numpy)

    def fault(j: int, what: str) -> ExactCoverError:
        return ExactCoverError(f"option {j} ({_option_text(names, ptr, items, j)}) {what}")

    if raw.dtype.kind in "iu" and not isinstance(costs, np.ndarray):
        # numpy reads True as 1 among integers: a boolean is no cost (as it is no k or limit)
        for j, c in enumerate(costs):
            if isinstance(c, (bool, np.bool_)):
                raise ExactCoverError(f"the cost of option {j} ({_option_text(names, ptr, items, j)}) is "
                                      f"{plain(c)}, a boolean, not an integer")
    if raw.dtype == object:  # Python integers too large for int64, or things that are not integers
        for j, c in enumerate(raw.tolist()):
            if not is_integer(c):
                raise ExactCoverError(f"the cost of option {j} ({_option_text(names, ptr, items, j)}) is "
                                      f"{plain(c)}, not an integer")
            if c < 0:
                raise fault(j, f"has the negative cost {c}; costs must be nonnegative integers")
            if c > MAX_COST:
                raise fault(j, f"has the cost {c}, more than MAX_COST = 2**61 - 1")
        raw = np.array([int(c) for c in raw.tolist()], np.int64)
    if raw.dtype.kind not in "iu":
        kind = "booleans" if raw.dtype.kind == "b" else f"of dtype {raw.dtype}"
        raise ExactCoverError(f"costs must be integers (an integer dtype), not {kind}")
    if raw.dtype.kind == "i" and raw.min() < 0:
        j = int(np.flatnonzero(raw < 0)[0])
        raise fault(j, f"has the negative cost {int(raw[j])}; costs must be nonnegative integers")
    if raw.max() > MAX_COST:
        j = int(np.flatnonzero(raw > MAX_COST)[0])
        raise fault(j, f"has the cost {int(raw[j])}, more than MAX_COST = 2**61 - 1")
    out = raw.astype(np.int64)
    running = np.cumsum(out)  # (wraps past 2**63 only after passing 2**61: the first index is right)
    if bool((running >= _TOTAL_COST).any()) or bool((running < 0).any()):
        j = int(np.flatnonzero((running >= _TOTAL_COST) | (running < 0))[0])
        raise ExactCoverError(f"the costs of options 0 to {j} add up to 2**61 or more (option {j}: "
                              f"{int(out[j])}); keep the sum of all costs below 2**61")
    return read_only(out)


def checked_arrays(n_primary, item_names, opt_ptr, opt_items, opt_colors=None, color_names=(), lower=None,
                   upper=None, costs=None) -> tuple:
    """The validated ``(names, n_primary, ptr, items, colors, color_names, lower, upper, costs)`` of
    the low-level constructor: read-only arrays; colors, bounds and costs None when they say nothing."""
    if isinstance(item_names, (str, bytes)):
        raise ExactCoverError(f"item_names must be a sequence of names, not the string {item_names!r}")
    try:
        names = tuple(item_names)
    except TypeError:
        raise ExactCoverError(f"item_names must be a sequence of names, "
                              f"not {plain(item_names)}") from None
    n_items = len(names)
    _check_names(names)
    if not is_integer(n_primary):
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
    ptr = ptr.astype(np.int64, copy=False)  # (copied once, by read_only)
    items = raw.astype(np.int32, copy=False)  # in range, so exact
    twice = _repeated_item(ptr, items)
    if twice is not None:
        j, i = twice
        raise ExactCoverError(f"option {j} lists item {i} ({plain(names[i])}) twice")
    colors, cnames = _check_colors(int(n_primary), names, ptr, items, opt_colors, color_names)
    lo, hi = _check_bounds(int(n_primary), names, lower, upper)
    ptr, items = read_only(ptr), read_only(items)
    return names, int(n_primary), ptr, items, colors, cnames, lo, hi, checked_costs(costs, names, ptr, items)


def matrix_arrays(matrix, secondary) -> tuple:
    """``(n_primary, item names, opt_ptr, opt_items)`` of a dense 0/1 matrix (rows are options)."""
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
        if not is_integer(s):
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
    return len(primary), [int(c) for c in order], opt_ptr, item_of_col[cols]


def options_arrays(options, primary, secondary, bounds) -> tuple:
    """``(n_primary, names, opt_ptr, opt_items, opt_colors, color_names, lower, upper, index)`` of
    options given by item names (see :meth:`~dlxnumba.ExactCover.from_options`)."""
    if isinstance(options, (str, bytes)):
        raise ExactCoverError(f"options must be an iterable of options, not the string {options!r}")
    if isinstance(options, Mapping):  # iterating would give the keys: each read as a one-item option
        raise ExactCoverError(f"options must be an iterable of options, not a mapping "
                              f"({type(options).__name__}), whose keys would be read as options: "
                              "pass options.values() for its values (their names are not kept)")
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
    items = np.frombuffer(flat, np.int32) if flat else np.zeros(0, np.int32)
    return (n1, names, opt_ptr, items, None if colors is None else np.frombuffer(colors, np.int32),
            list(color_index), lower, upper, index)


def option_index(j, m: int) -> None:
    """ExactCoverError unless ``j`` is an option index of a problem of ``m`` options."""
    if not is_integer(j):
        raise ExactCoverError(f"option index {plain(j)} is not an integer")
    if not 0 <= j < m:
        raise ExactCoverError(f"option index {j} is out of range for {m} options")


def option_list(value, m: int, expected: str) -> list:
    """``value`` as a list of checked option indices (of ``m`` options); ``expected``
    says what it should be, for the message."""
    if isinstance(value, (str, bytes)):
        raise ExactCoverError(f"{expected}, not {value!r}")
    try:
        listed = list(value)
    except TypeError:
        raise ExactCoverError(f"{expected}, not {plain(value)}") from None
    for j in listed:
        option_index(j, m)
    return listed
