"""The links a search starts from, built once per problem; given options checked and described.

A *template* is the dancing-links arrays of a whole problem (see
:mod:`dlxnumba.kernels` for the layout), never written: every search, lane
and task copies what it changes.  :func:`template` builds it the first time a
problem is searched and keeps it while the problem lives (the problem itself
holds only its data).  The givens of a search -- options forced into every
solution -- are checked here once (:func:`check_given`), and a conflict among
them is described by the options and the items they share.
"""

from __future__ import annotations

import threading
import weakref
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import numpy as np

from .errors import ExactCoverError, plain
from .problem_input import option_list

if TYPE_CHECKING:  # pragma: no cover
    from .problem import Problem

__all__ = ["Template", "template", "build_arrays", "links_fit", "check_given", "describe_conflict",
           "check_given_together", "first_repeat"]

_INT32_MAX = 2**31 - 1


@dataclass(frozen=True)
class Template:
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
#: (:func:`dlxnumba.kernels.build.link_options`); smaller ones never wait for it to compile.
_BUILD_IN_KERNEL = 1 << 20


def build_arrays(n_items: int, n_primary: int, opt_ptr: np.ndarray, opt_items: np.ndarray,
                 opt_colors: np.ndarray | None = None, spacers: bool = False) -> Template:
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
                  spacers: bool) -> Template:
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
        return Template(llink, rlink, top, ulink, dlink, length, first_node, width)

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
    return Template(llink, rlink, top, ulink, dlink, length, first_node, width)



# ---------------------------------------------------------------- per problem

_TEMPLATES: dict[int, Template] = {}
_LOCK = threading.Lock()


def template(problem: "Problem") -> Template:
    """The dancing-links arrays of the whole ``problem``, built once (never written).

    Kept while the problem lives (keyed by the object, dropped when it is
    collected), so every search of it shares one template.
    """
    key = id(problem)
    t = _TEMPLATES.get(key)
    if t is not None:
        return t
    with _LOCK:
        t = _TEMPLATES.get(key)
        if t is None:
            t = build_arrays(problem.n_items, problem.n_primary, problem.opt_ptr, problem.opt_items,
                             problem.opt_colors if problem.has_colors else None, spacers=problem.has_bounds)
            _TEMPLATES[key] = t
            weakref.finalize(problem, _TEMPLATES.pop, key, None)
    return t


# ---------------------------------------------------------------- given options

def check_given(problem: "Problem", given: Any) -> np.ndarray:
    """``given`` (None or an iterable of option indices) as an int32 array, each index checked.

    Options listed twice or in conflict are found when they are applied (the
    search reports them with :func:`describe_conflict`).

    >>> from dlxnumba import ExactCover
    >>> p = ExactCover.from_options([["a"], ["b"]])
    >>> check_given(p, [1]).tolist()
    [1]
    >>> check_given(p, [2])
    Traceback (most recent call last):
    ...
    dlxnumba.errors.ExactCoverError: option index 2 is out of range for 2 options
    """
    m = problem.n_options
    if given is None:
        return np.zeros(0, np.int32)
    if isinstance(given, np.ndarray) and given.dtype.kind in "iu" and given.ndim == 1:
        # fast path (the front ends): checked with numpy
        if given.size and (given.min() < 0 or given.max() >= m):
            j = int(given[(given < 0) | (given >= m)][0])
            raise ExactCoverError(f"option index {j} is out of range for {m} options")
        return given.astype(np.int32)
    listed = option_list(given, m, "given must be an iterable of option indices")
    return np.array(listed, dtype=np.int32)


def first_repeat(given: np.ndarray) -> int | None:
    """The first option listed twice in ``given``, or None."""
    seen = set()
    for j in given.tolist():
        if j in seen:
            return j
        seen.add(j)
    return None


def option_text(problem: "Problem", j: int, most: int = 8) -> str:
    """The item names of option ``j`` for a message (the first ``most`` of a long one)."""
    names = [plain(name) for name in problem.option_names(j)]
    return ", ".join(names[:most] + (["..."] if len(names) > most else []))


def describe_conflict(problem: "Problem", given: np.ndarray, bad: int) -> str:
    """Why ``given[bad]`` cannot join ``given[:bad]``: the two options and the items they share.

    >>> from dlxnumba import ExactCover
    >>> p = ExactCover.from_options(["a b", "b c", "c"])
    >>> describe_conflict(p, np.array([0, 1]), 1)
    "given options 0 ('a', 'b') and 1 ('b', 'c') conflict: both contain item 'b'"
    """
    j = int(given[bad])
    items = set(problem.option(j))
    for k in given[:bad].tolist():
        common = items & set(problem.option(k))
        if common:
            if k == j:
                return f"given option {j} is listed twice"
            shared = [plain(problem.item_name(i)) for i in sorted(common)]
            what = (f"item {shared[0]}" if len(shared) == 1
                    else f"items {', '.join(shared[:-1])} and {shared[-1]}")
            return (f"given options {k} ({option_text(problem, k)}) and {j} ({option_text(problem, j)}) "
                    f"conflict: both contain {what}")
    return f"given option {j} conflicts with the other given options"


def check_given_together(problem: "Problem", given: np.ndarray) -> None:
    """ExactCoverError unless the options ``given`` can be in one solution of a
    problem with colors or bounds: no primary item covered more than its
    upper bound, no secondary item used by two options unless both give it
    the same color."""
    n1 = problem.n_primary
    upper = problem.upper
    colors = problem.opt_colors
    ptr, items = problem.opt_ptr, problem.opt_items
    count: dict = {}
    use: dict = {}  # item -> (first option using it, its color)

    def conflict(j0: int, j: int, name: str, why: str = "") -> ExactCoverError:
        return ExactCoverError(f"given options {j0} ({option_text(problem, j0)}) and {j} "
                               f"({option_text(problem, j)}) conflict: both contain item {name}{why}")

    for j in given.tolist():
        a, b = int(ptr[j]), int(ptr[j + 1])
        for i, k in zip(items[a:b].tolist(), colors[a:b].tolist()):
            name = plain(problem.item_name(i))
            if i < n1:
                count[i] = count.get(i, 0) + 1
                if count[i] == 1:
                    use[i] = (j, 0)
                elif count[i] > upper[i]:
                    if use[i][0] == j:
                        raise ExactCoverError(f"given option {j} is listed twice")
                    if upper[i] == 1:
                        raise conflict(use[i][0], j, name)
                    raise ExactCoverError(f"the given options cover item {name} {count[i]} times; "
                                          f"its upper bound is {int(upper[i])}")
            elif i in use:
                j0, k0 = use[i]
                if k == 0 or k0 == 0 or k != k0:
                    if j0 == j:
                        raise ExactCoverError(f"given option {j} is listed twice")
                    raise conflict(j0, j, name, "" if k == 0 or k0 == 0 else " with different colors")
            else:
                use[i] = (j, k)
