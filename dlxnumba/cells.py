"""Dancing cells (Knuth's SSXC1) behind :class:`~dlxnumba.search.Search`, and the choice of algorithm.

``Search(problem, algorithm="cells")`` searches with sparse sets instead of
dancing links (see :mod:`dlxnumba.kernels.core.cells` for the data structure);
``algorithm="auto"`` chooses one of the two from the problem's shape, before
the search (:func:`prefer_cells`).  This module builds the sparse sets of a problem
once (a template, shared read-only) and drives one resumable search over a
private copy of them (:class:`CellsEngine`); the links search keeps its own
code in :mod:`dlxnumba.search`.

Examples
--------
>>> from dlxnumba import ExactCover
>>> p = ExactCover.from_options(
...     [["C", "E", "F"], ["A", "D", "G"], ["B", "C", "F"],
...      ["A", "D"], ["B", "G"], ["D", "E", "G"]],
...     primary=["A", "B", "C", "D", "E"], secondary=["F", "G"])
>>> from dlxnumba import last_stats
>>> p.count(algorithm="cells"), last_stats().nodes, last_stats().updates, last_stats().algorithm
(1, 5, 27, 'cells')
"""

from __future__ import annotations

import threading
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from . import kernels as K
from .errors import ExactCoverError
from .kernels.core.cells import ACTIVE_ITEMS, APPLY_GIVEN, COLORS, PLAIN, RET_GROW, SEARCH, STATE_SIZE, WIDTH
from .kernels.core.cells_m import BOUNDS, HEADER_M, STAGE, STATE_SIZE_M, apply_given_m, search_bounds
from .progress import Progress
from .template import describe_conflict

if TYPE_CHECKING:  # pragma: no cover
    from .problem import Problem

__all__ = ["CellsEngine", "build_cells", "CellsTemplate", "prefer_cells", "CELLS_MIN_DEGREE"]

#: SSXC1's sparse sets are int16 when every entry (item names, places, node
#: numbers) is below this, int32 otherwise (see :func:`build_cells`).
SMALL = 2**15


#: ``algorithm="auto"`` runs dancing cells on a plain problem whose items have
#: at least this many options each, on average (see :func:`prefer_cells`).
CELLS_MIN_DEGREE = 12


def prefer_cells(problem: "Problem") -> bool:
    """Whether ``algorithm="auto"`` searches ``problem`` with dancing cells
    (else dancing links): from its shape, before the search, the same way
    whatever the givens, limits or ``stop_at``.

    Cells when the problem has colors (SSXCC against DLX2) or multiplicities
    (SSMCC against DLX3), or when its items have at least
    :data:`CELLS_MIN_DEGREE` options each on average (its nodes, at least
    that many times its items).  Dancing cells pay a pass over the active
    items at every level (saving their sizes) and on every option rejected
    (restoring them), and save dancing links' unhiding of every option hidden:
    items of many options make the second much the larger.  The rule was
    fitted to every problem the benchmarks measure (the performance page
    lists them, with its misses): cells on the 6x10 pentominoes (171 options
    an item), Langford pairs (16.5), windmill dominoes (32) and the colored
    and bounded problems; links on n queens (9-11), Sudoku (9) and fillomino
    (9).

    Examples
    --------
    >>> from dlxnumba import langford, queens
    >>> prefer_cells(langford(12)[0]), prefer_cells(queens(12)[0])
    (True, False)
    """
    if problem.has_colors or problem.has_bounds:
        return True
    return int(problem.opt_ptr[-1]) >= CELLS_MIN_DEGREE * problem.n_items > 0


@dataclass(frozen=True)
class CellsTemplate:
    """The sparse sets of a whole problem (never written): ``item``, ``set``,
    ``nd`` and ``span`` as in :mod:`dlxnumba.kernels.core.cells`, the first node of
    each option, ``second``, the ``x`` of the first secondary item, and the
    ``variant`` (``PLAIN`` or ``COLORS``: nodes of 2 or 4 int32; ``PLAIN``'s
    arrays int16 when every entry is below :data:`SMALL`; ``COLORS``: ``set``
    is one array, the nodes then the sets, ``nd`` a view of its nodes, and
    ``span`` empty)."""

    item: np.ndarray
    set: np.ndarray
    nd: np.ndarray
    span: np.ndarray
    first_node: np.ndarray
    second: int
    variant: int = PLAIN

    @property
    def nbytes(self) -> int:
        return self.item.nbytes + self.set.nbytes + self.nd.nbytes + self.span.nbytes + self.first_node.nbytes


def build_cells(n_items: int, n_primary: int, opt_ptr: np.ndarray, opt_items: np.ndarray,
                opt_colors: np.ndarray | None = None, lower: np.ndarray | None = None,
                upper: np.ndarray | None = None) -> CellsTemplate:
    """The sparse sets of options in CSR form (vectorized numpy); with
    ``opt_colors`` (aligned with ``opt_items``, 0 for none) the nodes carry
    their colors (SSXCC's layout); with bounds (``lower``, ``upper`` per
    primary item) SSMCC's layout: nodes with colors, and four header entries
    per item (``bound``, ``slack``, ``pos``, ``size``).

    Two items (``a`` primary, ``b`` secondary), options ``a b`` and ``b``:
    ``a`` is ``x = 2`` (pos 0, size 1, node 1), ``b`` is ``x = 5`` (pos 1,
    size 2, nodes 2 and 4); the nodes are spacer 0, option 0's nodes 1 and 2,
    spacer 3 (``-2``: back two), option 1's node 4, spacer 5.

    >>> t = build_cells(2, 1, np.array([0, 2, 3]), np.array([0, 1, 1]))
    >>> t.item.tolist(), t.set.tolist(), t.second
    ([2, 5], [0, 1, 1, 1, 2, 2, 4], 5)
    >>> t.nd.reshape(-1, 2).tolist(), t.first_node.tolist()
    ([[0, 0], [2, 2], [5, 5], [-2, 0], [5, 6], [-1, 0]], [1, 4])
    >>> t.span.reshape(-1, 2).tolist()  # each node's first node and spacer
    [[0, 0], [1, 3], [1, 3], [0, 0], [4, 5], [0, 0]]
    """
    n = int(n_items)
    m = len(opt_ptr) - 1
    total = int(opt_ptr[-1])
    items = np.asarray(opt_items, np.int64)
    lens = np.bincount(items, minlength=n).astype(np.int64)
    starts = np.cumsum(lens) - lens  # where each item's entries start, among all entries
    header = 2 if upper is None else HEADER_M
    x = header * np.arange(1, n + 1, dtype=np.int64) + starts
    size = header * n + total
    z = total + m + 1  # nodes, spacers included
    variant = BOUNDS if upper is not None else PLAIN if opt_colors is None else COLORS
    whole = size + (WIDTH[COLORS] * z if variant == COLORS else 0)  # (SSXCC: one array, nodes and sets)
    if whole + m + 1 > 2**31 - 1 or WIDTH[variant] * z > 2**31 - 1:
        raise ExactCoverError("the problem is too large for the dancing-cells arrays (int32)")
    # SSXC1's arrays in int16 when every entry fits: half the memory, and its
    # hides ran the 6x10 pentominoes 1.3x faster (SSXCC's de Bruijn problem 0.8x)
    dtype = np.int16 if variant == PLAIN and size < SMALL and z < SMALL else np.int32
    set_ = np.zeros(size, dtype)
    set_[x - 2] = np.arange(n)
    set_[x - 1] = lens
    if upper is not None:
        lo = np.asarray(lower, np.int64)
        hi = np.asarray(upper, np.int64)
        set_[x[:n_primary] - 4] = hi  # bound
        set_[x[:n_primary] - 3] = hi - lo  # slack
    ptr = np.asarray(opt_ptr, np.int64)
    counts = np.diff(ptr)
    option = np.repeat(np.arange(m, dtype=np.int64), counts)
    node = np.arange(total, dtype=np.int64) + option + 1  # one spacer before each option
    order = np.argsort(items, kind="stable")  # the entries of each item, in input order
    rank = np.empty(total, np.int64)
    rank[order] = np.arange(total) - np.repeat(starts, lens)
    loc = x[items] + rank
    nd = np.zeros((z, WIDTH[variant]), dtype)
    nd[node, 0] = x[items]
    nd[node, 1] = loc
    if opt_colors is not None and variant != PLAIN:
        nd[node, 2] = opt_colors
    spacers = ptr[1:] + np.arange(1, m + 1)
    nd[spacers, 0] = -counts
    set_[loc] = node
    first_node = (ptr[:-1] + np.arange(m) + 1).astype(np.int32)
    second = int(x[n_primary]) if n_primary < n else size + header
    if variant == COLORS:
        # SSXCC's nodes and sets in one array, the nodes first: an item is named by its
        # place in the whole, so one base address serves both (see kernels.core.cells)
        off = nd.size
        nd[node, :2] += off
        mem = np.concatenate((nd.reshape(-1), set_))
        return CellsTemplate((x + off).astype(np.int32), mem, mem[:off], np.zeros(0, dtype), first_node,
                             second + off, variant)
    span = np.zeros((z, 2), dtype)  # (SSXCC walks to the spacer and back: no span)
    span[node, 0] = np.repeat(first_node, counts)
    span[node, 1] = np.repeat(spacers, counts)
    return CellsTemplate(x.astype(np.int32), set_, nd.reshape(-1), span.reshape(-1), first_node, second, variant)


_TEMPLATES: "weakref.WeakKeyDictionary[Problem, CellsTemplate]" = weakref.WeakKeyDictionary()
_LOCK = threading.Lock()


def cells_template(problem: "Problem") -> CellsTemplate:
    """The sparse sets of ``problem``, built once per problem (equal problems share them)."""
    with _LOCK:
        t = _TEMPLATES.get(problem)
    if t is None:
        colors = problem.opt_colors if problem.has_colors else None
        lower, upper = (problem.lower, problem.upper) if problem.has_bounds else (None, None)
        t = build_cells(problem.n_items, problem.n_primary, problem.opt_ptr, problem.opt_items, colors,
                        lower, upper)
        with _LOCK:
            t = _TEMPLATES.setdefault(problem, t)
    return t


class CellsEngine:
    """One resumable dancing-cells search of a problem: private copies of the
    sparse sets, the cursor (``choice``, ``saved``, the stack of sizes,
    ``profile``, ``state``) and the driving of :func:`search_cells`."""

    def __init__(self, problem: "Problem", given: np.ndarray):
        t = cells_template(problem)
        self.template = t
        self.second = t.second
        self.variant = t.variant
        self.kernel = search_bounds if t.variant == BOUNDS else SEARCH[t.variant]
        if t.variant == COLORS:  # (one array: the nodes, then the sets)
            mem = t.set.copy()
            self.cells = (t.item.copy(), mem, mem, t.span)
        else:
            self.cells = (t.item.copy(), t.set.copy(), t.nd.copy(), t.span)  # (span: read only)
        n = problem.n_items
        bounded = t.variant == BOUNDS
        # SSMCC: a level per option included or removed on the path; SSXC1/SSXCC: per option included
        depth = problem.n_options + 2 if bounded else problem.n_primary + 2
        state = np.zeros(STATE_SIZE_M if bounded else STATE_SIZE, np.int64)
        state[ACTIVE_ITEMS] = n
        self.choice = np.zeros(depth, np.int32)
        self.saved = np.zeros(depth + 1, np.int64)
        # room for the start and a few levels; grown on demand (RET_GROW)
        self.stack = np.zeros((3 if bounded else 2) * max(4 * n, 1024), np.int32)
        self.profile = np.zeros(depth, np.int64)
        self.force = np.zeros(max(n, int(problem.lower.sum()) if bounded else 0, depth) + 1, np.int32)
        self.deg = np.zeros(depth, np.int32)
        self.levelstage = np.zeros(depth + 1, np.int32)
        self.state = state
        if given.size:
            if bounded:
                # (the caller has checked that the givens agree: a failure here means that
                # some item can no longer meet its lower bound, so no solution)
                if apply_given_m(given, t.first_node, t.second, self.cells, state) >= 0:
                    state[K.PHASE] = K.PH_DONE
                bad = -1
            else:
                bad = APPLY_GIVEN[t.variant](given, t.first_node, t.second, self.cells, self.force, state)
            if bad >= 0:
                raise ExactCoverError(describe_conflict(problem, given, bad))

    @property
    def cursor(self) -> tuple:
        if self.variant == BOUNDS:  # (kernels.core.cells_m.CursorM; profile second, as Search expects)
            return (self.choice, self.profile, self.deg, self.levelstage, self.saved, self.stack, self.force,
                    self.state)
        return (self.choice, self.profile, self.saved, self.stack, self.force, self.state)

    def warm_args(self) -> tuple:
        """The kernel and arguments of its type signature, to compile or load it
        ahead of any clock (:func:`dlxnumba.search.ready`)."""
        return self.kernel, (self.second, self.cells, self.cursor, 1, 1, 1, 1)

    def run(self, stop_at: int, solution_stop: int, node_stop: int, update_stop: int) -> int:
        """Run the kernel until a stop (growing the stack as it asks); a RET_* code."""
        while True:
            ret = self.kernel(self.second, self.cells, self.cursor, stop_at, solution_stop, node_stop,
                              update_stop)
            if ret != RET_GROW:
                return ret
            bigger = np.zeros(2 * self.stack.shape[0], np.int32)  # (a multiple of 2 and of 3)
            bigger[: self.stack.shape[0]] = self.stack
            self.stack = bigger

    def chosen(self) -> list[int]:
        """The options of the solution just visited (``choice[0 .. level - 1]``), unsorted."""
        if self.variant == BOUNDS:
            nodes = self.choice[self.levelstage[:int(self.state[STAGE])]]
            return (np.searchsorted(self.template.first_node, nodes, side="right") - 1).tolist()
        level = int(self.state[K.LEVEL])
        nodes = self.choice[:max(level, 0)]
        return (np.searchsorted(self.template.first_node, nodes, side="right") - 1).tolist()

    def fraction(self) -> float | None:
        """Knuth's estimate of the fraction of the tree done (as in :mod:`dlxnumba.progress`)."""
        phase = int(self.state[K.PHASE])
        if phase == K.PH_START:
            return 0.0
        if phase != K.PH_DONE and self.variant == BOUNDS:
            return None  # (binary branching: no estimate yet)
        if phase == K.PH_DONE:
            return 1.0
        level = int(self.state[K.LEVEL])
        set_, nd = self.cells[1], self.cells[2]
        w = WIDTH[self.variant]
        f, scale = 0.0, 1.0
        for lev in range(level):
            node = int(self.choice[lev])
            best, cur = int(nd[w * node]), int(nd[w * node + 1])
            d = max(int(set_[best - 1]), 1)
            scale *= d
            f += min(cur - best, d - 1) / scale
            if scale > float(1 << 53):
                break
        return min(f, 1.0)

    def report(self, elapsed: float) -> Progress:
        st = self.state
        return Progress(elapsed, int(st[K.NODES]), int(st[K.UPDATES]), int(st[K.SOLUTIONS]), self.fraction())
