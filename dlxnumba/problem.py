"""Exact-cover problems: validation, item names, the int32 arrays, and searching.

:class:`ExactCover` is the boundary between Python and the compiled kernels.
It checks the input, maps item names to numbers, builds the dancing-links arrays
once (a *template*), and runs resumable searches on private copies of them, so
that searches never disturb each other and the template stays pristine.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from typing import Callable, Hashable, Iterable, Iterator, Sequence

import numpy as np

from . import _kernels as K

__all__ = [
    "ExactCover",
    "Stats",
    "ExactCoverError",
    "LimitReached",
]

#: Updates between two returns of the kernel to Python during a long search:
#: small enough that Ctrl-C, timeouts and progress take effect within a small
#: fraction of a second, large enough that the round trip costs nothing.
SLICE_UPDATES = 1 << 22

_INT32_MAX = 2**31 - 1


class ExactCoverError(ValueError):
    """An exact-cover problem, option list or DLX text is malformed."""


class LimitReached(RuntimeError):
    """A search hit its ``timeout`` or ``max_nodes`` before it was complete.

    Attributes
    ----------
    reason : str
        ``"timeout"`` or ``"max_nodes"``.
    stats : Stats
        The statistics of the search up to the stop.
    found : int or None
        What the call had found before the stop: None for ``solve`` (it stops
        at its first solution, so it had found none), the number of solutions
        already yielded for ``solutions``, the partial count for ``count``.
    """

    def __init__(self, reason: str, stats: "Stats", found):
        super().__init__(reason)
        self.reason = reason
        self.stats = stats
        self.found = found

    def __str__(self) -> str:  # built late: the statistics are final only after the stop
        s = self.stats
        return (f"search stopped by {self.reason} after {s.nodes} nodes, {s.updates} updates "
                f"and {s.solutions} solutions ({s.seconds:.3f} s); the result would be incomplete")


@dataclass
class Stats:
    """Statistics of one search, with the definitions of Knuth's DLX1.

    ``nodes`` counts the levels entered plus the solutions found; ``updates``
    counts item covers plus node hides (uncovering counts nothing);
    ``max_level`` is the deepest level entered (level 0 is the first choice);
    ``profile[k]`` is the number of nodes at level ``k``.  ``status`` is
    ``"running"``, ``"complete"`` (the tree was exhausted), ``"limit"`` (stopped
    at the requested number of solutions), ``"timeout"``, ``"max_nodes"`` or
    ``"interrupted"``.
    """

    solutions: int = 0
    nodes: int = 0
    updates: int = 0
    max_level: int = 0
    seconds: float = 0.0
    status: str = "running"
    profile: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64), repr=False)

    @property
    def updates_per_second(self) -> float:
        return self.updates / self.seconds if self.seconds > 0 else 0.0


def _progress_printer(stats: Stats) -> None:
    """Default progress report: one refreshed line on stderr."""
    sys.stderr.write(
        f"\r[dlxnumba] {stats.seconds:8.1f} s  level {stats.max_level:4d}  "
        f"nodes {stats.nodes:,}  updates {stats.updates:,}  "
        f"solutions {stats.solutions:,}   "
    )
    sys.stderr.flush()


class _Run:
    """One search in progress: private copies of the links plus the state vector."""

    def __init__(self, problem: "ExactCover", given, stop_at, max_nodes, timeout,
                 progress, progress_interval):
        if isinstance(stop_at, bool) or stop_at not in (0, 1):
            raise ExactCoverError(f"stop_at must be 0 or 1, not {stop_at!r}")
        if max_nodes is not None and (not isinstance(max_nodes, (int, np.integer))
                                      or isinstance(max_nodes, bool) or max_nodes < 0):
            raise ExactCoverError(f"max_nodes must be a non-negative integer, not {max_nodes!r}")
        if timeout is not None and (not isinstance(timeout, (int, float, np.integer, np.floating))
                                    or isinstance(timeout, bool) or not timeout >= 0):
            raise ExactCoverError(f"timeout must be a non-negative number of seconds, not {timeout!r}")
        t = problem._template()
        self.problem = problem
        self.top = t.top
        self.llink = t.llink.copy()
        self.rlink = t.rlink.copy()
        self.ulink = t.ulink.copy()
        self.dlink = t.dlink.copy()
        self.length = t.length.copy()
        self.first_node = t.first_node
        # the arguments of the kernels from ``width`` to ``length``
        self._views = (t.width, self.llink.view(np.uint32), self.rlink.view(np.uint32),
                       self.top, self.ulink.view(np.uint32), self.dlink.view(np.uint32),
                       self.length)
        depth = problem.n_primary + 1
        self.choice = np.zeros(depth, np.int32)
        self.profile = np.zeros(depth, np.int64)
        self.state = np.zeros(K.STATE_SIZE, np.int64)
        self.stop_at = int(stop_at)
        self.max_nodes = None if max_nodes is None else int(max_nodes)
        self.timeout = timeout
        self.deadline = None if timeout is None else time.perf_counter() + timeout
        if progress is True:
            progress = _progress_printer
        self.progress = progress or None
        self.progress_interval = progress_interval
        self.given = problem._check_given(given)
        self.stats = Stats(profile=self.profile)
        problem.stats = self.stats
        if self.given.size:
            bad = K.apply_given(self.given, t.first_node, *self._views)
            if bad >= 0:
                raise ExactCoverError(problem._describe_conflict(self.given, bad))

    def _sync(self, started: float) -> None:
        s = self.stats
        st = self.state
        s.nodes = int(st[K.NODES])
        s.updates = int(st[K.UPDATES])
        s.solutions = int(st[K.SOLUTIONS])
        s.max_level = int(st[K.MAX_LEVEL])
        s.seconds += time.perf_counter() - started

    def advance(self, solution_stop: int) -> int:
        """Search until ``solution_stop`` solutions, the end, or a limit.

        Returns ``RET_SOLUTION`` or ``RET_DONE``; raises :class:`LimitReached`
        on a timeout or node budget (the caller attaches what it found), and
        lets KeyboardInterrupt through between two slices.
        """
        st = self.state
        started = time.perf_counter()
        deadline = self.deadline
        last_report = started
        node_cap = np.iinfo(np.int64).max if self.max_nodes is None else self.max_nodes
        try:
            if deadline is not None and started >= deadline and st[K.PHASE] != K.PH_DONE:
                self.stats.status = "timeout"
                raise LimitReached("timeout", self.stats, None)
            while True:
                ret = K.search(self.problem.n_primary, *self._views, self.choice, self.profile, st,
                               self.stop_at, solution_stop, node_cap,
                               st[K.UPDATES] + SLICE_UPDATES)
                if ret != K.RET_PAUSED:
                    self.stats.status = "complete" if ret == K.RET_DONE else "running"
                    return ret
                now = time.perf_counter()
                if st[K.NODES] >= node_cap:
                    self.stats.status = "max_nodes"
                    raise LimitReached("max_nodes", self.stats, None)
                if deadline is not None and now >= deadline:
                    self.stats.status = "timeout"
                    raise LimitReached("timeout", self.stats, None)
                if self.progress is not None and now - last_report >= self.progress_interval:
                    self._sync(started)
                    started = now
                    last_report = now
                    self.progress(self.stats)
        except KeyboardInterrupt:
            self.stats.status = "interrupted"
            raise
        finally:
            self._sync(started)

    def solution(self) -> list[int]:
        """The options of the solution just visited, givens included, sorted."""
        level = int(self.state[K.LEVEL])
        out = np.empty(max(level + 1, 0), np.int32)
        if level >= 0:
            K.chosen_options(self.choice, level, self._views[0], self.top, self.first_node, out)
        return sorted(self.given.tolist() + out.tolist())


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

    @property
    def nbytes(self) -> int:
        return sum(a.nbytes for a in (self.llink, self.rlink, self.top, self.ulink, self.dlink,
                                      self.length, self.first_node))


def build_arrays(n_items: int, n_primary: int, opt_ptr: np.ndarray, opt_items: np.ndarray) -> _Template:
    """Build the dancing-links arrays for options in CSR form (vectorized numpy).

    ``opt_items[opt_ptr[j]:opt_ptr[j+1]]`` are option ``j``'s items, numbered
    from 0.  See :mod:`dlxnumba._kernels` for the layout: four-node blocks
    when every option has four items, spacers otherwise.
    """
    n = int(n_items)
    n1 = int(n_primary)
    m = len(opt_ptr) - 1
    total = int(opt_ptr[-1])
    counts = np.diff(opt_ptr)
    width = 4 if m > 0 and bool((counts == 4).all()) else 0
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


class ExactCover:
    """An exact-cover problem: choose options that cover every primary item
    exactly once and every secondary item at most once.

    Build one with :meth:`from_matrix`, :meth:`from_options` or
    :meth:`from_dlx`; search it with :meth:`solve`, :meth:`solutions` and
    :meth:`count`.  Solutions are sorted lists of 0-based option indices.
    After each search, :attr:`stats` holds its :class:`Stats`.

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
    """

    def __init__(self, n_primary: int, item_names: Sequence[Hashable],
                 opt_ptr: np.ndarray, opt_items: np.ndarray):
        """Low-level constructor over CSR arrays (validated); prefer the ``from_*`` methods.

        ``opt_items[opt_ptr[j]:opt_ptr[j+1]]`` are option ``j``'s item numbers,
        counted from 0 with the ``n_primary`` primary items first.
        """
        self.item_names = list(item_names)
        self.n_items = len(self.item_names)
        self.n_primary = int(n_primary)
        self._opt_ptr = np.ascontiguousarray(opt_ptr, dtype=np.int64)
        self._opt_items = np.ascontiguousarray(opt_items, dtype=np.int32)
        self.n_options = len(self._opt_ptr) - 1
        ptr, items = self._opt_ptr, self._opt_items
        if not 0 <= self.n_primary <= self.n_items:
            raise ExactCoverError(f"n_primary = {n_primary} is not between 0 and the {self.n_items} items")
        if ptr.ndim != 1 or ptr.size < 1 or ptr[0] != 0 or ptr[-1] != items.size or np.any(np.diff(ptr) < 0):
            raise ExactCoverError("opt_ptr must start at 0, never decrease, and end at len(opt_items)")
        if items.size and (items.min() < 0 or items.max() >= self.n_items):
            raise ExactCoverError(f"opt_items must be item numbers from 0 to {self.n_items - 1}")
        if items.size:
            owner = np.repeat(np.arange(self.n_options), np.diff(ptr))
            pairs = np.unique(owner * np.int64(self.n_items) + items)
            if pairs.size != items.size:
                raise ExactCoverError("an option lists the same item twice")
        self._tmpl: _Template | None = None
        self._index: dict | None = None
        self.stats = Stats(status="none")

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
                raise ExactCoverError(f"matrix[{r}, {c}] = {a[r, c]!r}; entries must be 0 or 1")
        n_rows, n_cols = a.shape
        sec = []
        for s in secondary:
            if not isinstance(s, (int, np.integer)) or isinstance(s, bool):
                raise ExactCoverError(f"secondary column {s!r} is not an integer index")
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
                     secondary: Iterable[Hashable] = ()) -> "ExactCover":
        """A problem from options given as iterables of item names.

        Parameters
        ----------
        options : iterable of iterables of hashable
            Each option lists the names of its items, each at most once.
        primary : iterable of hashable, optional
            The primary items, in order.  By default every item named in an
            option and not declared secondary, in order of first appearance.
        secondary : iterable of hashable
            The secondary items (covered at most once).

        Examples
        --------
        >>> p = ExactCover.from_options([("a", "b"), ("c",), ("a",), ("b", "c")])
        >>> sorted(p.solutions())
        [[0, 1], [2, 3]]
        """
        sec = list(secondary)
        index: dict = {}
        names: list = []

        def declare(name, kind):
            try:
                if name in index:
                    raise ExactCoverError(f"item {name!r} is declared twice (as {kind})")
            except TypeError:
                raise ExactCoverError(f"item name {name!r} is not hashable") from None
            index[name] = len(names)
            names.append(name)

        opts = []
        for j, opt in enumerate(options):
            if isinstance(opt, (str, bytes)):
                opt = opt.split()
            try:
                opts.append(list(opt))
            except TypeError:
                raise ExactCoverError(f"option {j} is not an iterable of item names: {opt!r}") from None
        if primary is not None:
            for name in primary:
                declare(name, "primary")
            n1 = len(names)
        secset = set()
        for name in sec:
            try:
                if name in secset:
                    raise ExactCoverError(f"item {name!r} is declared twice (as secondary)")
            except TypeError:
                raise ExactCoverError(f"item name {name!r} is not hashable") from None
            secset.add(name)
        if primary is None:
            for j, opt in enumerate(opts):
                for name in opt:
                    try:
                        known = name in index or name in secset
                    except TypeError:
                        raise ExactCoverError(f"option {j}: item name {name!r} is not hashable") from None
                    if not known:
                        declare(name, "primary")
            n1 = len(names)
        for name in sec:
            declare(name, "secondary")
        opt_ptr = np.zeros(len(opts) + 1, np.int64)
        flat = []
        for j, opt in enumerate(opts):
            seen = set()
            for name in opt:
                try:
                    i = index[name]
                except KeyError:
                    raise ExactCoverError(f"option {j}: unknown item {name!r}") from None
                except TypeError:
                    raise ExactCoverError(f"option {j}: item name {name!r} is not hashable") from None
                if i in seen:
                    raise ExactCoverError(f"option {j}: item {name!r} appears twice")
                seen.add(i)
                flat.append(i)
            opt_ptr[j + 1] = len(flat)
        p = cls(n1, names, opt_ptr, np.array(flat, dtype=np.int32))
        p._index = index
        return p

    @classmethod
    def from_dlx(cls, source) -> "ExactCover":
        """Read Knuth's DLX1 text format from a path, a file object, or the text.

        See :mod:`dlxnumba.dlxformat`.
        """
        from .dlxformat import read_dlx

        return read_dlx(source)

    def to_dlx(self) -> str:
        """This problem in Knuth's DLX1 text format (see :mod:`dlxnumba.dlxformat`)."""
        from .dlxformat import write_dlx

        return write_dlx(self)

    # ---------------------------------------------------------------- accessors

    @property
    def primary(self) -> list:
        """Names of the primary items, in order."""
        return self.item_names[: self.n_primary]

    @property
    def secondary(self) -> list:
        """Names of the secondary items, in order."""
        return self.item_names[self.n_primary:]

    def option(self, j: int) -> list[int]:
        """Item numbers (0-based, primary first) of option ``j``."""
        self._check_option_index(j)
        return self._opt_items[self._opt_ptr[j]: self._opt_ptr[j + 1]].tolist()

    def option_names(self, options) -> list | tuple:
        """Item names of one option (an int) or of each option in a list."""
        if isinstance(options, (int, np.integer)):
            return tuple(self.item_names[i] for i in self.option(int(options)))
        return [self.option_names(int(j)) for j in options]

    @property
    def options(self) -> list[list[int]]:
        """Every option as a list of item numbers."""
        return [self.option(j) for j in range(self.n_options)]

    def item_index(self, name) -> int:
        """The number (0-based, primary first) of the item called ``name``."""
        if self._index is None:
            self._index = {nm: i for i, nm in enumerate(self.item_names)}
        try:
            return self._index[name]
        except (KeyError, TypeError):
            raise ExactCoverError(f"unknown item {name!r}") from None

    def __repr__(self) -> str:
        return (f"ExactCover({self.n_primary} primary + {self.n_items - self.n_primary} "
                f"secondary items, {self.n_options} options, {int(self._opt_ptr[-1])} nodes)")

    def to_matrix(self) -> np.ndarray:
        """The dense 0/1 matrix (uint8), columns in item-number order."""
        m = np.zeros((self.n_options, self.n_items), np.uint8)
        rows = np.repeat(np.arange(self.n_options), np.diff(self._opt_ptr))
        m[rows, self._opt_items] = 1
        return m

    # ------------------------------------------------------------------ search

    def _template(self) -> _Template:
        if self._tmpl is None:
            self._tmpl = build_arrays(self.n_items, self.n_primary, self._opt_ptr, self._opt_items)
        return self._tmpl

    def _check_option_index(self, j) -> None:
        if not isinstance(j, (int, np.integer)) or isinstance(j, bool):
            raise ExactCoverError(f"option index {j!r} is not an integer")
        if not 0 <= j < self.n_options:
            raise ExactCoverError(f"option index {j} is out of range for {self.n_options} options")

    def _check_given(self, given) -> np.ndarray:
        if given is None:
            return np.zeros(0, np.int32)
        if isinstance(given, np.ndarray) and given.dtype.kind in "iu" and given.ndim == 1:
            # fast path (the Sudoku front end): checked with numpy
            if given.size and (given.min() < 0 or given.max() >= self.n_options):
                j = int(given[(given < 0) | (given >= self.n_options)][0])
                raise ExactCoverError(f"option index {j} is out of range for {self.n_options} options")
            return given.astype(np.int32)
        try:
            given = list(given)
        except TypeError:
            raise ExactCoverError(f"given must be an iterable of option indices, not {given!r}") from None
        for j in given:
            self._check_option_index(j)
        return np.array(given, dtype=np.int32)

    def _describe_conflict(self, given: np.ndarray, bad: int) -> str:
        j = int(given[bad])
        items = set(self.option(j))
        for k in given[:bad].tolist():
            common = items & set(self.option(k))
            if common:
                names = ", ".join(repr(self.item_names[i]) for i in sorted(common))
                if k == j:
                    return f"given option {j} is listed twice"
                return f"given options {k} and {j} conflict: both contain item {names}"
        return f"given option {j} conflicts with the other given options"

    def _run(self, given, stop_at, max_nodes, timeout, progress, progress_interval) -> _Run:
        return _Run(self, given, stop_at, max_nodes, timeout, progress, progress_interval)

    def solve(self, *, given: Iterable[int] = (), stop_at: int = 1, max_nodes: int | None = None,
              timeout: float | None = None, progress: bool | Callable[[Stats], None] | None = None,
              progress_interval: float = 0.5) -> list[int] | None:
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
            Budget of search-tree nodes.
        timeout : float, optional
            Wall-clock limit in seconds, counted from the start of the search
            (for :meth:`solutions`, the time the consumer spends between two
            solutions counts too; ``stats.seconds`` counts only searching).
        progress : bool or callable, optional
            ``True`` prints a progress line on stderr every ``progress_interval``
            seconds of a long search; a callable receives the :class:`Stats`.

        Raises
        ------
        LimitReached
            When ``max_nodes`` or ``timeout`` stops the search first.
        """
        run = self._run(given, stop_at, max_nodes, timeout, progress, progress_interval)
        try:
            ret = run.advance(1)
        except LimitReached as e:
            e.found = None
            raise
        if ret == K.RET_SOLUTION:
            run.stats.status = "limit"
            return run.solution()
        return None

    def solutions(self, limit: int | None = None, *, given: Iterable[int] = (), stop_at: int = 1,
                  max_nodes: int | None = None, timeout: float | None = None,
                  progress: bool | Callable[[Stats], None] | None = None,
                  progress_interval: float = 0.5) -> Iterator[list[int]]:
        """Iterate over solutions lazily (each a sorted list of option indices).

        ``limit`` caps the number of solutions; the other parameters are those
        of :meth:`solve`.  The search advances only as far as the consumer asks.
        """
        _check_limit(limit)
        run = self._run(given, stop_at, max_nodes, timeout, progress, progress_interval)
        return self._iterate(run, limit)

    @staticmethod
    def _iterate(run: _Run, limit) -> Iterator[list[int]]:
        found = 0
        while limit is None or found < limit:
            try:
                ret = run.advance(found + 1)
            except LimitReached as e:
                e.found = found
                raise
            if ret != K.RET_SOLUTION:
                return
            found += 1
            yield run.solution()
        run.stats.status = "limit"

    def count(self, limit: int | None = None, *, given: Iterable[int] = (), stop_at: int = 1,
              max_nodes: int | None = None, timeout: float | None = None,
              progress: bool | Callable[[Stats], None] | None = None,
              progress_interval: float = 0.5) -> int:
        """The number of solutions (at most ``limit``).

        Parameters are those of :meth:`solve`.  On a timeout or budget,
        :class:`LimitReached` carries the partial count in ``found``.

        Examples
        --------
        >>> ExactCover.from_options([["a"], ["a"], ["b"]]).count()
        2
        """
        _check_limit(limit)
        run = self._run(given, stop_at, max_nodes, timeout, progress, progress_interval)
        return self._count(run, limit)

    @staticmethod
    def _count(run: _Run, limit) -> int:
        """Count the solutions of a fresh run (at most ``limit``)."""
        target = np.iinfo(np.int64).max if limit is None else int(limit)
        if target == 0:
            run.stats.status = "limit"
            return 0
        try:
            ret = run.advance(target)
        except LimitReached as e:
            e.found = e.stats.solutions
            raise
        if ret == K.RET_SOLUTION:
            run.stats.status = "limit"
        return run.stats.solutions


def _check_limit(limit) -> None:
    if limit is not None and (not isinstance(limit, (int, np.integer)) or isinstance(limit, bool) or limit < 0):
        raise ExactCoverError(f"limit must be None or a non-negative integer, not {limit!r}")
