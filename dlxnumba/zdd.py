"""Every solution at once: a ZDD built by Knuth's DLX6 (Nishino et al.'s DXZ).

:func:`zdd` searches a problem as DLX2 does (colors included) but remembers
each subproblem it meets, by the items still active and the colors they are
purified to, and answers a subproblem met again from memory.  Its answer is
not a list of solutions but a zero-suppressed decision diagram (ZDD) of all
of them, a :class:`Zdd`: it counts the solutions exactly however many there
are, lists them lazily, draws them uniformly at random (as a list or a
stream), and writes itself in
the text form of Knuth's ZDDREAD programs.  The search is Knuth's DLX6, step
for step, with its counts (see :mod:`dlxnumba.kernels.core.zdd`).  Users call
:meth:`ExactCover.zdd <dlxnumba.ExactCover.zdd>`.

Where a search would visit every solution, the diagram often stays small:
the 53,060,477,521,960,000 domino tilings of a 12 x 12 board fit in 73,859
ZDD nodes, found in a fraction of a second.

Multiplicities (DLX3's bounds) are not supported: DLX6 reads neither them nor
their ``u:v|`` syntax, and a problem with them is refused.

Examples
--------
>>> from dlxnumba import ExactCover
>>> p = ExactCover.from_options([["a", "b"], ["a"], ["b"], ["c"], ["b", "c"]])
>>> z = p.zdd()
>>> z.count(), sorted(z)
(3, [[0, 3], [1, 2, 3], [1, 4]])
>>> z.stats.nodes, z.stats.updates, z.nodes
(6, 8, 7)
>>> print(z.to_text(), end="")
2: (~4?0:1)
3: (~1?0:2)
4: (~3?0:2)
5: (~5?4:1)
6: (~2?3:5)
7: (~0?0:6)

Branching on ``a`` first, option ``["a", "b"]`` leaves ``c`` alone (node 2,
then 3); option ``["a"]`` leaves ``b`` and ``c``, and after ``["b"]`` the
subproblem "cover ``c``" comes back: a hit, answered by node 2 (node 4).
"""

from __future__ import annotations

import os
import threading
import time
import weakref
from typing import Any, Iterable, Iterator, NamedTuple

import numpy as np

from .checks import integer, seed as check_seed
from .errors import ExactCoverError, LimitReached, _NoRoom, plain
from .kernels import COVERED
from .kernels.core import zdd as K
from .problem import Problem
from .progress import Progress, ProgressArg, Reporter
from .estimate import tree_fraction
from .search import ready
from .search_options import SearchOptions, documented
from .stats import Stats, Status, record_last
from .template import build_arrays, check_given, check_given_together, first_repeat

__all__ = ["zdd", "Zdd", "zdd_search", "default_max_memory"]

#: Updates between two returns of the search to Python (Ctrl-C, timeouts and
#: progress take effect within a fraction of a second).
SLICE_UPDATES = 1 << 22
#: ... or search-tree nodes (a node answered from memory costs no update).
SLICE_NODES = 1 << 19
#: First sizes of the arrays that grow: signatures, ZDD nodes.
_FIRST_MEMOS = 1 << 10
_FIRST_NODES = 1 << 10
#: The arrays are indexed by int32 (signatures in the table, ZDD nodes).
_MOST = (1 << 31) - 2
_NO_LIMIT = np.iinfo(np.int64).max
#: Bytes per ZDD node while the search runs: ``lo``, ``hi`` and ``opt``, int32 each.
NODE_BYTES = 12
#: The share of the memory the process may use that a ZDD search takes when
#: ``max_memory`` is not given (:func:`default_max_memory`).
MEMORY_SHARE = 0.5
#: The memory assumed when the system does not say how much it has.
_UNKNOWN_MEMORY = 4 << 30


def default_max_memory() -> int:
    """The memory budget of a ZDD search when ``max_memory`` is not given, in bytes.

    :data:`MEMORY_SHARE` (a half) of the memory this process may use: the
    machine's physical memory (``os.sysconf``; 4 GiB when the system does
    not say) or, when lower, a container's memory limit (its cgroup's) or
    what an address-space limit (``ulimit -v``) leaves beside what the
    process has mapped already.

    >>> default_max_memory() > 0
    True
    """
    try:
        room = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        room = _UNKNOWN_MEMORY
    if room <= 0:
        room = _UNKNOWN_MEMORY
    room = min(room, _cgroup_limit())
    try:
        import resource

        limit = resource.getrlimit(resource.RLIMIT_AS)[0]
        if limit == resource.RLIM_INFINITY:
            limit = -1
    except (ImportError, AttributeError, OSError, ValueError):  # (not on Windows)
        limit = -1
    if limit > 0:
        room = min(room, max(0, limit - _mapped()))
    return max(1 << 20, int(room * MEMORY_SHARE))


#: Where a container's memory limit is read (cgroup v2, then v1).
_CGROUP_LIMITS = ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes")


def _cgroup_limit() -> int:
    """The memory limit of this process's cgroup, when one is set (else very large)."""
    for path in _CGROUP_LIMITS:
        try:
            with open(path) as f:
                text = f.read().strip()
        except OSError:
            continue
        if text.isdigit():
            return int(text)
    return 1 << 62


def _mapped() -> int:
    """The bytes of address space this process has mapped (0 when unknown)."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0


def _bytes_text(n: int) -> str:
    """``n`` bytes for a message: ``"1.5 GiB"``, ``"640.0 KiB"``."""
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if n >= 1 << shift:
            return f"{n / (1 << shift):.1f} {unit}"
    return f"{n} bytes"


class Zdd:
    """The ZDD of every solution of a problem, as :meth:`ExactCover.zdd <dlxnumba.ExactCover.zdd>` builds it.

    A solution is a sorted list of option indices (givens included).  The
    diagram's node ``z >= 2`` holds option ``opt[z]`` (an index of the
    problem's options): the solutions below ``z`` are those of ``hi[z]`` with
    that option added, and those of ``lo[z]``; node 0 is the empty family,
    node 1 the empty solution; ``lo[z], hi[z] < z``.  The given options are
    not in the diagram (:attr:`given`).

    Attributes
    ----------
    nodes : int
        The number of ZDD nodes as DLX6 reports it: the nodes made plus the
        two sinks (1 when no node was made).
    stats : Stats
        The search: DLX6's search nodes, updates and cleansings;
        ``solutions`` is :meth:`count`.
    root : int
        The node of all the solutions (0: none; 1: only the empty one).
    lo, hi, opt : numpy.ndarray
        The nodes (int32, read-only; entries 0 and 1 are the sinks).
    given : list of int
        The given options, in every solution.

    The number of solutions can exceed ``sys.maxsize``, so there is no
    ``len()``: use :meth:`count`.
    """

    __slots__ = ("lo", "hi", "opt", "root", "nodes", "stats", "given", "_linked", "_count",
                 "_count64", "_limbs", "_big", "_depth")

    def __init__(self, lo: np.ndarray, hi: np.ndarray, opt: np.ndarray, root: int, linked: np.ndarray,
                 given: list[int], stats: Stats, n_primary: int):
        """(Made by :func:`zdd_search`.)  ``linked``: the options the search linked, in
        order (those with a primary item), which DLX6 numbers from 1."""
        self.lo, self.hi, self.opt = lo, hi, opt
        self.root = int(root)
        n = lo.shape[0]
        self.nodes = 1 if n <= 2 else n
        self.stats = stats
        self.given = sorted(given)
        self._linked = linked
        self._count64, self._limbs = _counts(lo, hi)
        self._big: dict[int, int] = {}
        self._depth = n_primary
        self._count = 0 if self.root == 0 else self._node_count(self.root)
        stats.solutions = self._count

    # ----------------------------------------------------------------- counts

    def count(self) -> int:
        """The number of solutions, exactly (a Python int of any size).

        Returns
        -------
        int
            Solutions of the problem with its givens (0: none); counted from
            the diagram when it was built, so this costs nothing.

        Examples
        --------
        >>> from dlxnumba import ExactCover
        >>> ExactCover.from_options([["a"], ["a"], ["b"]]).zdd().count()
        2
        """
        return self._count

    def _node_count(self, z: int) -> int:
        """The number of sets below node ``z``, exactly."""
        if self._count64 is not None:
            return int(self._count64[z])
        c = self._big.get(z)
        if c is None:
            assert self._limbs is not None  # (one of the two is set)
            limbs = self._limbs[z].tolist()
            c = sum(v << (32 * j) for j, v in enumerate(limbs))
            self._big[z] = c
        return c

    # -------------------------------------------------------------- solutions

    def _solution(self, path: list[int]) -> list[int]:
        return sorted(self.given + path)

    def __iter__(self) -> Iterator[list[int]]:
        """Every solution once, lazily (each a sorted list of option indices).

        The walk reads the diagram's arrays in place, with a stack of the
        ``lo`` branches still to take (one per option of the solution at
        most): the first solution comes after as many steps as it has
        options, whatever the size of the diagram.

        Examples
        --------
        >>> from dlxnumba import ExactCover
        >>> sorted(ExactCover.from_options([["a", "b"], ["a"], ["b"]]).zdd())
        [[0], [1, 2]]
        """
        root = self.root
        if root == 0:
            return
        # memoryviews: an element read is a plain int, without a numpy scalar
        lo, hi, opt = (np.ascontiguousarray(a).data for a in (self.lo, self.hi, self.opt))
        path: list[int] = []
        stack = [(root, 0)]  # (a node to walk from, the length of the path there)
        while stack:
            z, depth = stack.pop()
            del path[depth:]
            while z > 1:
                if lo[z]:
                    stack.append((lo[z], len(path)))
                path.append(opt[z])
                z = hi[z]
            yield self._solution(path)  # (every hi leads to a solution: z == 1)

    #: Most draws of one compiled call (a stream returns within a fraction of a second).
    _CHUNK = 1 << 12
    #: Bytes a drawn solution of ``k`` options takes in a list, at most: the
    #: list (56 + 8 k) and its ints (32 each), rounded up.
    _SOLUTION_BYTES = (64, 40)

    def sample(self, n: int, *, seed: int | np.random.Generator | None = None) -> list[list[int]]:
        """``n`` solutions drawn independently and uniformly at random (with
        replacement) from all of them, as a list: ``list(samples(n, seed=seed))``.

        Each draw picks a number ``r`` uniformly below :meth:`count` with
        numpy's :class:`~numpy.random.Generator` (exact integers, any count)
        and returns the ``r``-th solution of the diagram, so every solution is
        equally likely.  The same ``seed`` draws the same solutions.  To draw
        more than fit in memory, or to use each draw before the next is
        made, iterate over :meth:`samples`.

        Parameters
        ----------
        n : int
            How many solutions to draw (0 or more).
        seed : int, numpy Generator or None
            An integer from 0 to ``2**64 - 1`` seeds
            :func:`numpy.random.default_rng`; a Generator is used as is;
            None draws fresh entropy (the kinds every ``seed=`` of the
            package takes: :func:`dlxnumba.checks.seed`).

        Returns
        -------
        list of list of int
            The ``n`` solutions drawn, each sorted option indices with the
            givens included.

        Raises
        ------
        ExactCoverError
            A bad ``n`` or ``seed``; ``n > 0`` and there is no solution; or
            ``n`` solutions would not fit in half the memory the process may
            use (:func:`~dlxnumba.zdd.default_max_memory`): the message says to stream them
            with :meth:`samples`.

        Examples
        --------
        >>> from dlxnumba import ExactCover
        >>> z = ExactCover.from_options([["a", "b"], ["a"], ["b"]]).zdd()
        >>> draws = z.sample(1000, seed=1)
        >>> sorted(set(map(tuple, draws)))
        [(0,), (1, 2)]
        >>> z.sample(3, seed=7) == z.sample(3, seed=7)
        True
        """
        n = integer(n, "n", low=0)
        draws = self.samples(n, seed=seed)
        fixed, per_option = self._SOLUTION_BYTES
        size = n * (fixed + per_option * (len(self.given) + max(1, self._depth)))
        room = default_max_memory()
        if size > room:
            raise ExactCoverError(
                f"sample({n:,}) would hold {n:,} solutions in a list, up to {_bytes_text(size)}: more than "
                f"{_bytes_text(room)} (half the memory this process may use); draw them one at a time with "
                f"samples({n}, seed=...), which streams them")
        return list(draws)

    def samples(self, n: int | None = None, *, seed: int | np.random.Generator | None = None
                ) -> Iterator[list[int]]:
        """Solutions drawn uniformly at random, as a stream: ``n`` of them, or
        without end when ``n`` is None.

        The draws are those of :meth:`sample` (the same ``seed``, the same
        solutions, in the same order), made a chunk at a time as they are
        taken: the first comes at once, and memory stays small however many
        are drawn.  Arguments are checked at the call.

        Parameters
        ----------
        n : int or None
            How many solutions to draw (0 or more); None: as many as are taken.
        seed : int, numpy Generator or None
            As for :meth:`sample`.

        Returns
        -------
        iterator of list of int
            Each solution drawn, sorted option indices with the givens included.

        Raises
        ------
        ExactCoverError
            A bad ``n`` or ``seed``, or ``n != 0`` and there is no solution.

        Examples
        --------
        >>> from itertools import islice
        >>> from dlxnumba import ExactCover
        >>> z = ExactCover.from_options([["a", "b"], ["a"], ["b"]]).zdd()
        >>> first = list(islice(z.samples(seed=3), 5))   # no end: take what is needed
        >>> first == z.sample(5, seed=3) == list(z.samples(5, seed=3))
        True
        """
        n = integer(n, "n", low=0, none=True)
        rng = check_seed(seed)
        if n == 0:
            return iter(())
        if self._count == 0:
            raise ExactCoverError("cannot sample: the problem has no solution")
        return self._draws(n, rng)

    def _draws(self, n: int | None, rng: np.random.Generator) -> Iterator[list[int]]:
        """``n`` draws (None: no end), in chunks that double up to :attr:`_CHUNK`."""
        total = self._count
        depth = max(1, self._depth)  # (a solution has at most one option per primary item)
        most = max(1, min(self._CHUNK, (1 << 23) // depth))
        chunk = 1
        left = n
        while left is None or left > 0:
            k = chunk if left is None else min(chunk, left)
            if self._count64 is not None:  # every count fits int64
                draws = rng.integers(0, total, size=k, dtype=np.int64)
                buf = np.empty((k, depth), np.int32)
                lens = np.empty(k, np.int64)
                K.sample_walks(self.lo, self.hi, self.opt, self._count64, self.root, draws, buf, lens)
                for row, length in zip(buf[:, :int(lens.max())].tolist(), lens.tolist()):
                    yield self._solution(row[:length])
            else:  # counts past int64: the same walk on base-2**32 limbs
                assert self._limbs is not None
                draws = _below_limbs(rng, total, k, self._limbs.shape[1])
                buf = np.empty((k, depth), np.int32)
                lens = np.empty(k, np.int64)
                K.sample_walks_limbs(self.lo, self.hi, self.opt, self._limbs, self.root, draws, buf, lens)
                for row, length in zip(buf[:, :int(lens.max())].tolist(), lens.tolist()):
                    yield self._solution(row[:length])
            if left is not None:
                left -= k
            chunk = min(2 * chunk, most)

    # ------------------------------------------------------------------- text

    def to_text(self) -> str:
        """The diagram in the text form DLX6 writes for Knuth's ZDDREAD programs.

        One line per node in the order made, ``z: (~j?lo:hi)`` with the node
        numbers in hexadecimal and ``j`` the option counted from 1 among the
        options that hold a primary item (DLX6 ignores the others), then the
        root line ``N: (~0?0:root)``.  Given options are not in it (they are
        in every solution; the diagram is that of the search after them).

        Returns
        -------
        str
            The lines, each ending in a newline.

        Examples
        --------
        >>> from dlxnumba import ExactCover
        >>> print(ExactCover.from_options([["a"], ["a"], ["b"]]).zdd().to_text(), end="")
        2: (~1?0:1)
        3: (~2?2:1)
        4: (~3?0:3)
        5: (~0?0:4)
        """
        n = self.lo.shape[0]
        number = np.searchsorted(self._linked, self.opt[2:]) + 1  # DLX6's option numbers
        lines = [f"{z:x}: (~{j}?{a:x}:{b:x})\n"
                 for z, j, a, b in zip(range(2, n), number.tolist(), self.lo[2:].tolist(),
                                       self.hi[2:].tolist())]
        lines.append(f"{n:x}: (~0?0:{self.root:x})\n")
        return "".join(lines)

    def __repr__(self) -> str:
        return f"Zdd({self._count:,} solutions, {self.nodes:,} nodes)"


def _below_limbs(rng: np.random.Generator, total: int, k: int, limbs: int) -> np.ndarray:
    """``k`` numbers drawn uniformly from ``0..total-1``, each as ``limbs`` int64
    limbs of base ``2**32`` (least significant first): random bits, as many as
    ``total - 1`` has, drawn again for the rows not below ``total``."""
    last = total - 1  # (total may need one limb more than the numbers drawn)
    bits = max(1, last.bit_length())
    words = (bits + 31) // 32
    top = (1 << (bits - 32 * (words - 1))) - 1
    bound = np.array([(last >> (32 * j)) & 0xFFFFFFFF for j in range(words)], np.int64)
    out = np.zeros((k, limbs), np.int64)
    need = np.arange(k)
    while need.size:
        cand = rng.integers(0, 1 << 32, size=(need.size, words), dtype=np.uint64).astype(np.int64)
        cand[:, words - 1] &= top
        above = np.zeros(need.size, bool)
        decided = np.zeros(need.size, bool)
        for j in range(words - 1, -1, -1):  # compared with total - 1 from the most significant limb
            more = ~decided & (cand[:, j] > bound[j])
            above |= more
            decided |= more | (cand[:, j] < bound[j])
        out[need[~above], :words] = cand[~above]
        need = need[above]
    return out


def _counts(lo: np.ndarray, hi: np.ndarray) -> tuple[np.ndarray | None, np.ndarray | None]:
    """The solutions below every node: ``(int64 counts, None)`` when all fit
    below ``2**63``, else ``(None, limbs)`` in base ``2**32``."""
    n = lo.shape[0]
    limbs = 2
    while True:
        out = np.zeros((max(n, 2), limbs), np.int64)
        if K.count_limbs(lo, hi, n, out):
            break
        limbs *= 2
    if limbs == 2 and int(out[:, 1].max(initial=0)) < (1 << 31):
        return out[:, 0] | (out[:, 1] << 32), None
    return None, out


# ---------------------------------------------------------------- the search


@documented
def zdd(problem: Problem, *, given: Iterable[int] = (), max_nodes: int | None = None,
        max_zdd_nodes: int | None = None, max_memory: int | None = None, timeout: float | None = None,
        progress: ProgressArg = None, progress_interval: float = 0.5) -> Zdd:
    """A ZDD of every solution, built by Knuth's DLX6: count, list or sample solutions far too many to visit.

    The search is DLX2's (the active primary item of fewest options,
    leftmost among equals; colors purified) with every subproblem
    remembered, and its statistics are DLX6's: ``stats.nodes`` (search-tree
    nodes, a subproblem answered from memory included), ``stats.updates``,
    ``stats.cleansings``, and :attr:`Zdd.nodes`.  Options with no primary
    item are ignored, as DLX6 ignores them (no search ever chooses them).
    The statistics also go to :func:`~dlxnumba.last_stats`.  This is
    :meth:`ExactCover.zdd <dlxnumba.ExactCover.zdd>` (``problem`` is the
    problem it is called on).

    Parameters
    ----------
    problem : ExactCover
        With or without colors; not with multiplicities (DLX6 has none).
    {given}
    {max_nodes}
    max_zdd_nodes : int or None
        A budget of diagram nodes (counted as :attr:`Zdd.nodes
        <dlxnumba.Zdd.nodes>` counts them).
    max_memory : int or None
        A budget of bytes for the arrays that grow as the search goes: the
        memo (per distinct subproblem ``8 W + 4`` bytes for its signature
        of ``W`` words and its ZDD node, and 16 to 32 bytes of hash table)
        and the diagram (12 bytes per ZDD node).  The arrays grow
        geometrically but never past it, a growth's copy included.  None
        (the default): :func:`dlxnumba.zdd.default_max_memory`, half of the
        memory the process may use.
    {timeout}
    {progress}
        Its reports' ``solutions`` stay 0: they are counted from the diagram
        at the end.
    {progress_interval}

    Returns
    -------
    Zdd
        A :class:`~dlxnumba.Zdd`: ``count()`` (exact, any size),
        iteration over every solution (sorted option indices, givens
        included, lazily), ``sample(n, seed=)`` and ``samples(n, seed=)``
        (uniform draws, as a list or a stream),
        ``to_text()`` (DLX6's text for Knuth's ZDDREAD), ``nodes``
        (DLX6's ZDD node count) and ``stats`` (DLX6's search nodes,
        updates and cleansings).

    Raises
    ------
    LimitReached
        When ``max_nodes``, ``max_zdd_nodes``, ``max_memory`` or
        ``timeout`` stops the search first: ``reason`` is
        ``Status.MAX_NODES`` (either nodes budget; ``budget`` names
        ``"max_zdd_nodes"`` for the diagram's), ``Status.MAX_MEMORY`` or
        ``Status.TIMEOUT``, and the message names the budget to raise.
        Nothing of a stopped search is kept: the diagram's nodes so far
        answer subproblems, not the problem (no count, no solution), and
        its arrays are freed; ``stats`` says how far it got.  Run again
        with a larger budget.
    ExactCoverError
        For a bad search option or budget, a problem with multiplicities,
        an option index out of range or conflicting givens.

    Examples
    --------
    Knuth's example of DLX2 (``toy2.dlx``), with colors:

    >>> from dlxnumba import ExactCover, queens
    >>> p = ExactCover.from_options([["A", "B", "X:0", "Y:0"], ["A", "C", "X:1", "Y:1"],
    ...                              ["X:0", "Y:1"], ["B", "X:1"]], secondary=["X", "Y"])
    >>> z = p.zdd()
    >>> list(z), z.nodes, z.stats.nodes, z.stats.updates, z.stats.cleansings
    ([[1, 3]], 4, 3, 10, 2)
    >>> p.zdd(given=[0]).count(), p.zdd().count()
    (0, 1)

    The 92 solutions of eight queens, counted, listed and sampled:

    >>> q, _ = queens(8)
    >>> z = q.zdd()
    >>> z.count(), z.count() == q.count(), len(list(z))
    (92, True, 92)
    >>> z.sample(2, seed=1) == z.sample(2, seed=1), z.sample(1, seed=1)[0] in list(z)
    (True, True)
    """
    options = SearchOptions(max_nodes=max_nodes, timeout=timeout, progress=progress,
                            progress_interval=progress_interval)
    return zdd_search(problem, given, options, max_zdd_nodes=max_zdd_nodes, max_memory=max_memory)


def zdd_search(problem: Problem, given: Any, options: SearchOptions, *,
               max_zdd_nodes: int | None = None, max_memory: int | None = None) -> Zdd:
    """:func:`zdd` with its search options checked already (the front door builds the record once).

    Uses ``options.max_nodes``, ``timeout``, ``progress`` and
    ``progress_interval``; records the statistics for
    :func:`~dlxnumba.last_stats`, a stopped search's too.
    """
    if not isinstance(problem, Problem):
        raise ExactCoverError(f"zdd() takes an ExactCover problem, not {type(problem).__name__}")
    if problem.has_bounds:
        lower, upper = problem.lower, problem.upper
        i = int(np.flatnonzero((lower != 1) | (upper != 1))[0])
        raise ExactCoverError(f"DLX6 does not handle multiplicities: primary item "
                              f"{plain(problem.item_name(i))} has bounds {int(lower[i])}:{int(upper[i])}")
    most = integer(max_zdd_nodes, "max_zdd_nodes", low=0, none=True)
    memory = integer(max_memory, "max_memory", low=0, none=True)
    given_list = _check_given(problem, given)
    run = _Run(problem, given_list)
    record_last(run.stats)
    return run.search(options.max_nodes, most, options.timeout, options.reporter(), options.progress_interval,
                      memory)


def _check_given(problem: Problem, given: Any) -> list[int]:
    """``given`` as a list of option indices that can be in one solution, or
    ExactCoverError naming the fault (the checks of every search's givens)."""
    g = check_given(problem, given)
    twice = first_repeat(g) if g.size > 1 else None
    if twice is not None:
        raise ExactCoverError(f"given option {twice} is listed twice")
    check_given_together(problem, g)
    return g.tolist()


class _Linked(NamedTuple):
    """What DLX6 searches, built once per problem (:func:`_linked`) and never written."""

    has_primary: np.ndarray  # bool per option: linked (DLX6 ignores the others)
    keep: np.ndarray  # the linked options, in order
    template: Any  # the links of the linked options (dlxnumba.problem.build_arrays)
    ncolors: np.ndarray  # colors per item 0..n (numbered 1, 2, ... per item)
    pairs: np.ndarray  # the sorted (item, color) keys of those colors
    signature: tuple  # the Signature record at the start


#: The linked form of the problems searched, while they live (keyed by the
#: object, dropped when it is collected, as :func:`dlxnumba.template.template`
#: keeps its templates; a problem never changes).
_LINKED: dict[int, _Linked] = {}
_LOCK = threading.Lock()


def _linked(problem: Problem) -> _Linked:
    """The links DLX6 searches in ``problem``, built on the first call."""
    found = _LINKED.get(id(problem))
    if found is not None:
        return found
    n = problem.n_items
    n1 = problem.n_primary
    ptr = np.asarray(problem.opt_ptr, np.int64)
    items = np.asarray(problem.opt_items, np.int64)
    m = ptr.shape[0] - 1
    sizes = np.diff(ptr)
    owner = np.repeat(np.arange(m, dtype=np.int64), sizes)
    # DLX6 ignores the options without a primary item
    has_primary = np.bincount(owner[items < n1], minlength=m)[:m] > 0
    keep = np.flatnonzero(has_primary)
    entry_kept = has_primary[owner]
    kptr = np.zeros(keep.shape[0] + 1, np.int64)
    np.cumsum(sizes[keep], out=kptr[1:])
    kitems = items[entry_kept]
    # colors numbered 1, 2, ... per secondary item, among the linked options (as DLX6 does)
    local, ncolors, pairs = _local_colors(kitems, np.asarray(problem.opt_colors, np.int64)[entry_kept], n)
    t = build_arrays(n, n1, kptr, kitems.astype(np.int32), local.astype(np.int32) if local.any() else None,
                     spacers=True)
    linked = _Linked(has_primary, keep, t, ncolors, pairs, _signature(n, n1, ncolors, t.length))
    with _LOCK:
        key = id(problem)
        if key not in _LINKED:
            _LINKED[key] = linked
            weakref.finalize(problem, _LINKED.pop, key, None)
    return linked


class _Run:
    """The arrays of one DLX6 search and the loop that drives its kernel."""

    def __init__(self, problem: Problem, given: list[int]):
        n1 = problem.n_primary
        linked = _linked(problem)
        t = linked.template
        self.problem = problem
        self.n1 = n1
        self.options = linked.keep
        self.given = given
        self.top = t.top
        self._arrays = (t.llink.copy(), t.rlink.copy(), t.ulink.copy(), t.dlink.copy(), t.length.copy())
        llink, rlink, ulink, dlink, length = self._arrays
        u = np.uint32
        self.links = (llink.view(u), rlink.view(u), t.top, ulink.view(u), dlink.view(u), length)
        self.color = np.zeros(t.top.shape[0], np.int32) if t.color is None else t.color.copy()
        place, words = linked.signature
        self.sig = (place, words.copy())
        depth = n1 + 2
        self.cursor = (np.zeros(depth, np.int32), np.zeros(depth, np.int32), np.zeros(depth, np.int32),
                       np.zeros(depth, np.int64), np.zeros(K.STATE_SIZE, np.int64))
        state = self.cursor[-1]
        state[K.ACTIVE] = n1
        state[K.ZNEXT] = 2
        nw = words.shape[0]
        # (emptied when the search ends: a spent budget frees them at once)
        self.memo: tuple[np.ndarray, ...] = (np.zeros(2 * _FIRST_MEMOS, np.int64),
                                             np.zeros(_FIRST_MEMOS * nw, np.int64),
                                             np.zeros(_FIRST_MEMOS, np.int32))
        self.diagram: tuple[np.ndarray, ...] = (np.zeros(_FIRST_NODES, np.int32), np.zeros(_FIRST_NODES, np.int32),
                                                np.zeros(_FIRST_NODES, np.int32))
        self.stats = Stats(profile=self.cursor[3])
        if given:
            self._apply_given(problem, given, np.asarray(problem.opt_ptr, np.int64),
                              np.asarray(problem.opt_items, np.int64), np.asarray(problem.opt_colors, np.int64),
                              linked.has_primary, t.first_node, linked.pairs, linked.ncolors)

    def _apply_given(self, problem, given, ptr, items, gcolors, has_primary, first_node, pairs, ncolors) -> None:
        n1 = self.n1
        rank = np.cumsum(has_primary) - 1  # the linked index of each kept option
        nodes = []
        loose_ptr = [0]
        loose_items: list[int] = []
        loose_colors: list[int] = []
        for j in given:
            a, b = int(ptr[j]), int(ptr[j + 1])
            its = items[a:b]
            if has_primary[j]:
                e = int(np.flatnonzero(its < n1)[0])
                nodes.append(int(first_node[rank[j]]) + e)
            else:
                for i, c in zip(its.tolist(), gcolors[a:b].tolist()):
                    loose_items.append(i + 1)
                    if c == 0:
                        loose_colors.append(0)
                    else:
                        key = (i + 1) * _PAIR + c
                        at = int(np.searchsorted(pairs, key))
                        if at < pairs.shape[0] and pairs[at] == key:
                            loose_colors.append(at - int(np.searchsorted(pairs, (i + 1) * _PAIR)) + 1)
                        else:
                            loose_colors.append(int(ncolors[i + 1]) + 1)  # no linked option has it
                loose_ptr.append(len(loose_items))
        K.apply_given6(np.array(nodes, np.int32), np.array(loose_ptr, np.int64), np.array(loose_items, np.int32),
                       np.array(loose_colors, np.int32), n1, self.links, self.color, self.sig, self.cursor[-1])

    # ---------------------------------------------------------------- driving

    def _call(self, node_stop: int, update_stop: int) -> int:
        return int(K.dlx6(self.n1, self.links, self.color, self.sig, self.memo, self.diagram, self.cursor,
                          node_stop, update_stop))

    def search(self, node_cap: int | None, max_zdd: int | None, timeout: float | None, report: Reporter | None,
               interval: float, max_memory: int | None = None) -> Zdd:
        state = self.cursor[-1]
        stats = self.stats
        self.budget = default_max_memory() if max_memory is None else max_memory
        # compiled or loaded before the clock starts: seconds and timeouts count searching only
        ready(K.dlx6, (self.n1, self.links, self.color, self.sig, self.memo, self.diagram, self.cursor, 1, 1))
        ready(K.rehash, (self.memo[0], self.memo[0]))
        started = time.perf_counter()
        deadline = None if timeout is None else started + timeout
        last = started
        cap = _NO_LIMIT if node_cap is None else node_cap
        zdd_most = _MOST if max_zdd is None else min(_MOST, max(max_zdd, 2))
        if self.diagram[0].shape[0] > zdd_most:  # a budget below the first size: no more room
            self.diagram = tuple(a[:zdd_most].copy() for a in self.diagram)

        def stop(status: Status, budget: str | None = None, spent: str | None = None) -> LimitReached:
            stats.status = status
            return LimitReached(status, stats, None, budget, spent)

        def zdd_full() -> LimitReached:
            return stop(Status.MAX_NODES, "max_zdd_nodes", f"{max_zdd:,} ZDD nodes")

        try:
            if self._bytes() > self.budget:
                raise _NoRoom(self._bytes())
            if cap == 0 and state[K.PHASE] == K.Z_START:
                raise stop(Status.MAX_NODES)
            if deadline is not None and started >= deadline:
                raise stop(Status.TIMEOUT)
            while True:
                ret = self._call(min(cap, int(state[K.NODES]) + SLICE_NODES), int(state[K.UPDATES]) + SLICE_UPDATES)
                if ret == K.RET_DONE:
                    break
                if ret == K.RET_MEMO_FULL:
                    self._grow_memo()
                elif ret == K.RET_ZDD_FULL:
                    size = self.diagram[0].shape[0]
                    if size >= zdd_most:
                        if max_zdd is not None and size >= max_zdd:
                            raise zdd_full()
                        raise MemoryError(f"the ZDD needs more than {_MOST:,} nodes (int32 node numbers)")
                    self._grow_zdd(min(2 * size, zdd_most))
                now = time.perf_counter()
                if ret == K.RET_PAUSED and state[K.NODES] >= cap:
                    raise stop(Status.MAX_NODES)
                if deadline is not None and now >= deadline:
                    raise stop(Status.TIMEOUT)
                if report is not None and now - last >= interval and state[K.PHASE] == K.Z_FORWARD:
                    # (at the entry of a level, where Knuth's estimate never decreases)
                    self._sync(stats, started)
                    report(self._progress(stats))
                    last = now
        except _NoRoom as e:
            self.memo = self.diagram = ()  # (the budget is spent: the arrays go at once)
            raise stop(Status.MAX_MEMORY, "max_memory",
                       f"{_bytes_text(self.budget)} for the memo and the diagram; growing them needed "
                       f"{_bytes_text(e.needed)}") from None
        except KeyboardInterrupt:
            stats.status = Status.INTERRUPTED
            raise
        finally:
            self._sync(stats, started)
            if report is not None:
                report.close(lambda: self._progress(stats))
        znext = int(state[K.ZNEXT])
        if max_zdd is not None and (1 if znext <= 2 else znext) > max_zdd:
            raise zdd_full()
        stats.status = Status.COMPLETE
        # the memo freed, then each array of the diagram copied out to its size and freed in turn
        self.memo = ()
        grown, self.diagram = list(self.diagram), ()
        kept = []
        while grown:
            kept.append(grown.pop(0)[:znext].copy())
        lo, hi, opt = kept
        opt[2:] = self.options[opt[2:]]  # the problem's option indices
        for a in (lo, hi, opt):
            a.setflags(write=False)
        return Zdd(lo, hi, opt, int(state[K.ZNODE]), self.options, self.given, stats, self.n1)

    def _sync(self, stats: Stats, started: float) -> None:
        state = self.cursor[-1]
        stats.nodes = int(state[K.NODES])
        stats.updates = int(state[K.UPDATES])
        stats.cleansings = int(state[K.CLEANSINGS])
        stats.max_level = int(state[K.MAX_LEVEL])
        stats.seconds = time.perf_counter() - started

    def _progress(self, stats: Stats) -> Progress:
        state = self.cursor[-1]
        phase = int(state[K.PHASE])
        if phase == K.Z_DONE:
            fraction = 1.0
        elif phase == K.Z_START:
            fraction = 0.0
        else:  # the options tried on the levels above the one entered (or recovered)
            fraction = tree_fraction(self.cursor[0], int(state[K.LEVEL]), self.top, self._arrays[3], self._arrays[4],
                                     int(COVERED))
        return Progress(stats.seconds, stats.nodes, stats.updates, 0, fraction)

    # --------------------------------------------------------------- memory

    def _bytes(self) -> int:
        """The bytes of the arrays that grow (the memo and the diagram)."""
        return sum(a.nbytes for a in self.memo) + sum(a.nbytes for a in self.diagram)

    def _room(self, per: int) -> int:
        """How many entries of ``per`` bytes new arrays can hold within the
        budget while the present ones still live (a growth copies them)."""
        return max(0, self.budget - self._bytes()) // per

    def _grow_memo(self) -> None:
        """Room for more signatures: a table twice as large, or more signature
        slots (twice as many, or as many as the budget allows)."""
        table, sigs, zref = self.memo
        memos = int(self.cursor[-1][K.MEMOS])
        if memos >= _MOST:
            raise MemoryError(f"DLX6 met more than {_MOST:,} distinct subproblems (int32 memo numbers)")
        if 2 * (memos + 1) > table.shape[0]:
            size = 2 * table.shape[0]  # (a power of two: it cannot grow by less)
            if self._room(8) < size:
                raise _NoRoom(self._bytes() + 8 * size)
            bigger = _zeros(size, np.int64, self._bytes())
            K.rehash(table, bigger)
            table = bigger
            self.memo = (table, sigs, zref)
        if memos >= zref.shape[0]:
            nw = self.sig[-1].shape[0]
            per = 8 * nw + 4
            cap = min(2 * zref.shape[0], _MOST, self._room(per))
            if cap <= memos:
                raise _NoRoom(self._bytes() + per * min(2 * zref.shape[0], _MOST))
            more = _zeros(cap * nw, np.int64, self._bytes())
            more[: sigs.shape[0]] = sigs
            sigs = more
            z = _zeros(cap, np.int32, self._bytes())
            z[: zref.shape[0]] = zref
            zref = z
        self.memo = (table, sigs, zref)

    def _grow_zdd(self, size: int) -> None:
        """Room for ``size`` ZDD nodes, or as many as the budget allows (the
        nodes made so far kept)."""
        now = self.diagram[0].shape[0]
        size = min(size, self._room(NODE_BYTES))
        if size <= now:
            raise _NoRoom(self._bytes() + NODE_BYTES * 2 * now)
        used = self._bytes()
        lo, hi, opt = (_zeros(size, np.int32, used) for _ in range(3))
        for old, new in zip(self.diagram, (lo, hi, opt)):
            new[: old.shape[0]] = old
        self.diagram = (lo, hi, opt)


def _zeros(size: int, dtype: Any, used: int) -> np.ndarray:
    """``np.zeros``, with the system's refusal (a tighter limit than the
    budget) as a budget spent."""
    try:
        return np.zeros(size, dtype)
    except MemoryError:
        raise _NoRoom(used + size * np.dtype(dtype).itemsize) from None


#: Pairs (item, color) are numbered ``item * _PAIR + color`` (colors below 2**31).
_PAIR = 1 << 31


def _local_colors(items: np.ndarray, colors: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The colors renumbered ``1, 2, ...`` per item (DLX6 does so to keep the
    signature narrow): ``(local color per entry, colors per item 0..n,
    the sorted (item, color) keys)``, items numbered from 1."""
    local = np.zeros(items.shape[0], np.int64)
    ncolors = np.zeros(n + 1, np.int64)
    on = colors > 0
    keys = (items[on] + 1) * _PAIR + colors[on]
    pairs = np.unique(keys)
    if pairs.shape[0]:
        item_of = pairs // _PAIR
        first = np.searchsorted(item_of, item_of, side="left")
        rank = np.arange(pairs.shape[0]) - first + 1
        local[on] = rank[np.searchsorted(pairs, keys)]
        np.add.at(ncolors, item_of, 1)
    return local, ncolors, pairs


def _signature(n: int, n1: int, ncolors: np.ndarray, length: np.ndarray) -> tuple:
    """The :data:`~dlxnumba.kernels.core.zdd.Signature` record (a plain tuple) of a
    problem: each item's field, and the signature at the start."""
    word = np.zeros(n + 1, np.int64)
    shift = np.zeros(n + 1, np.int64)
    bits = np.ones(n + 1, np.int64)
    # item k has the codes 0..ncolors[k] + 1 when secondary, 0..1 when primary
    bits[n1 + 1:] = [int(c + 1).bit_length() for c in ncolors[n1 + 1:].tolist()]
    # one bit per primary item, 63 to a word; then the secondary items' fields
    idx = np.arange(n1, dtype=np.int64)
    word[1: n1 + 1] = idx // 63
    shift[1: n1 + 1] = idx % 63
    w, r = divmod(n1, 63)
    for k in range(n1 + 1, n + 1):
        b = int(bits[k])
        if r + b > 63:
            w += 1
            r = 0
        word[k] = w
        shift[k] = r
        r += b
    n_words = max(1, w + (1 if r else 0))
    place = (word << 16) | (bits << 8) | shift
    code = np.ones(n + 1, np.int64)
    code[0] = 0
    code[n1 + 1:] = length[n1 + 1:] > 0  # an unused secondary item is inactive
    words = np.zeros(n_words, np.int64)
    np.bitwise_or.at(words, word[1:], code[1:] << shift[1:])
    return (place, words)
