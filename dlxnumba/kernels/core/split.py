"""Splitting a search tree: expanding one node, and measuring a subtree.

A *subproblem* is a node of the search tree, named by its path: the options
chosen on the way down from the root (:mod:`dlxnumba.parallel`).  Both kernels
start from a private copy of the template's links with the path's options
forced (as a batch job is prepared, :func:`.lanes._restore` and
:func:`.search._apply_given`), so the node's state -- active items, lengths,
the order of every list -- is exactly the one the serial search reaches there.

* :func:`expand_spacers` / :func:`expand_blocks` (:data:`EXPAND`): the work of
  the serial search *at* that node, counted as DLX1 counts it: the node itself
  (one node), covering the item it branches on, and for each of the item's
  options the covering of the option's other items; each child is reported
  with its option, its updates and whether it is a solution.
* :func:`measure_spacers` / :func:`measure_blocks` (:data:`MEASURE`): the size
  of the subtree below that node: exact (nodes, updates, solutions) when a dry
  run of the search finishes within a node budget (tried only when the
  estimate is within it), else Knuth's estimate from random probes
  (*Estimating the efficiency of backtrack programs*, 1975): a probe walks
  down one random path, choosing the item to branch on as the search would; a node at which the path has met branching degrees
  ``d0, d1, ...`` stands for ``d0 * d1 * ...`` nodes of its level.  The mean
  over the probes is an unbiased estimate of the subtree's nodes and updates.
"""

import numpy as np
from numba import njit

from .._common import BLOCKS, JIT_ENTRY, JIT_HELPER, JIT_INNER, NODES, SOLUTIONS, SPACERS, UPDATES, Cursor, Links
from .dance import cover, cover_others, option_of, primary_others, uncover, uncover_others
from .lanes import _restore, _zero
from .search import SMALL, _apply_given, _search, choose, count_active

_HUGE = np.int64(1) << np.int64(62)

# Slots of ``out`` of :func:`_measure`.
M_NODES = 0  # nodes of the subtree (exact or estimated)
M_UPDATES = 1  # updates of the subtree (exact or estimated)
M_SOLUTIONS = 2  # solutions of the subtree (exact or estimated)
M_EXACT = 3  # 1 when the dry run finished: the three above are exact
M_SIZE = 4


@njit(**JIT_HELPER)
def _random(rng):
    """The next number of the xorshift64* generator whose state is ``rng[0]`` (never 0)."""
    x = rng[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    rng[0] = x
    return x * np.uint64(0x2545F4914F6CDD1D)


@njit(**JIT_INNER)
def _expand(n1, width, template, links, given, stop_at, first_node, opts, upds, sols):
    """Expand the node reached by forcing ``given``; return the number of children.

    Returns -1 when the givens conflict, -2 when the node is a solution
    itself (no active primary item: a leaf, one node).  Otherwise writes
    ``upds[0]`` = the updates of covering the item branched on, and for each
    child ``k`` (in the order of the item's list, the search's order):
    ``opts[k + 1]`` its option, ``upds[k + 1]`` the updates of covering the
    option's other items, ``sols[k + 1]`` 1 when that leaves no active primary
    item (the child is a solution).  The links are restored afterwards.
    """
    _restore(template, links)
    if _apply_given(given, np.int64(0), given.shape[0], first_node, width, links) >= 0:
        return -1
    llink, rlink, top, ulink, dlink, length = links
    if rlink[0] == 0:
        return -2
    active = count_active(n1, length)
    best = choose(n1, active, stop_at, llink, rlink, length)
    upds[0] = cover(best, width, links)
    k = _try_options(dlink[best], best, np.int64(0), width, links, first_node, opts, upds, sols)
    uncover(best, width, links)
    return k


@njit(**JIT_INNER)
def _try_options(x, best, k, width, links, first_node, opts, upds, sols):
    """Try the options of the nodes from ``x`` down to ``best``'s header, each
    in turn (cover its other items, note, uncover), as entries ``k + 1, ...``
    of ``opts`` (the option), ``upds`` (the updates of covering its other
    items) and ``sols`` (1 when no active primary item is left); return the
    last entry written."""
    rlink, top, dlink = links.rlink, links.top, links.dlink
    while x != best:
        k += 1
        opts[k] = option_of(x, width, top, first_node)
        upds[k] = cover_others(x, width, links)
        sols[k] = 1 if rlink[0] == 0 else 0
        uncover_others(x, width, links)
        x = dlink[x]
    return k


@njit(**JIT_INNER)
def _remainder(n1, width, template, links, given, cut, stop_at, first_node, opts, upds, sols, levels):
    """The siblings left of a cut task (see
    :func:`dlxnumba.parallel.run.cut_remainder`); return their number.

    From the node reached by forcing ``given``, goes down the path ``cut``
    (options) as the search went: at each level ``l`` it branches on the
    item the search chooses and, for each option after ``cut[l]`` in that
    item's list, writes ``opts[k]`` the option, ``upds[k]`` the updates of
    covering its other items, ``sols[k]`` 1 when that leaves no active
    primary item, and ``levels[k] = l`` (``k`` from 1); then takes ``cut[l]``.
    Returns -1 when the givens conflict, -2 when ``cut[l]`` is not in the
    list of the item branched on at level ``l``.  The links are left as they
    are (the next call restores them).
    """
    _restore(template, links)
    if _apply_given(given, np.int64(0), given.shape[0], first_node, width, links) >= 0:
        return -1
    llink, rlink, top, ulink, dlink, length = links
    active = count_active(n1, length)
    k = 0
    for level in range(cut.shape[0]):
        best = choose(n1, active, stop_at, llink, rlink, length)
        cover(best, width, links)
        active -= 1
        oo = dlink[best]
        while oo != best and option_of(oo, width, top, first_node) != cut[level]:
            oo = dlink[oo]
        if oo == best:
            return -2
        before = k
        k = _try_options(dlink[oo], best, k, width, links, first_node, opts, upds, sols)
        for j in range(before + 1, k + 1):
            levels[j] = level
        cover_others(oo, width, links)
        if n1 > SMALL:
            active -= primary_others(oo, n1, width, top, ulink)
    return k


@njit(**JIT_INNER)
def _probe(n1, width, links, choice, stop_at, probes, rng, out):
    """Knuth's estimate of the subtree below the current state: the mean of
    ``probes`` random probes, into ``out[M_NODES:M_SOLUTIONS + 1]``.  The
    links are restored after each probe."""
    llink, rlink, top, ulink, dlink, length = links
    if rlink[0] == 0:  # no active primary item: the node is a solution, a tree of one node
        out[M_NODES] = 1
        out[M_UPDATES] = 0
        out[M_SOLUTIONS] = 1
        return
    nodes = 0.0
    updates = 0.0
    solutions = 0.0
    for _ in range(probes):
        weight = 1.0
        active = count_active(n1, length)
        level = 0
        while True:
            nodes += weight  # enter a level
            best = choose(n1, active, stop_at, llink, rlink, length)
            d = length[best]
            updates += weight * cover(best, width, links)
            active -= 1
            if d == 0:  # a dead end: undo its cover; the levels above remain
                uncover(best, width, links)
                active += 1
                level -= 1
                break
            weight *= d
            r = _random(rng) % np.uint64(d)
            oo = dlink[best]
            for _ in range(r):
                oo = dlink[oo]
            choice[level] = oo
            updates += weight * cover_others(oo, width, links)
            if n1 > SMALL:
                active -= primary_others(oo, n1, width, top, ulink)
            if rlink[0] == 0:
                nodes += weight
                solutions += weight
                break
            level += 1
        while level >= 0:  # undo the path, deepest first
            oo = np.uint32(choice[level])
            uncover_others(oo, width, links)
            if n1 > SMALL:
                active += primary_others(oo, n1, width, top, ulink)
            uncover(np.uint32(top[oo]), width, links)
            active += 1
            level -= 1
    out[M_NODES] = np.int64(nodes / probes)
    out[M_UPDATES] = np.int64(updates / probes)
    out[M_SOLUTIONS] = np.int64(solutions / probes)


@njit(**JIT_INNER)
def _measure(n1, width, template, links, cursor, given, stop_at, first_node, budget, probes, rng, out):
    """The size of the subtree below the node reached by forcing ``given``.

    Knuth's estimate from ``probes`` random probes first; when it is at most
    ``budget`` nodes, a dry run of at most ``budget`` nodes, which when it
    finishes makes ``out`` exact (``out[M_EXACT]`` 1), and otherwise raises
    the estimate to the nodes and updates it saw.  (The dry run is skipped for
    the subtrees estimated larger, where it would only spend its budget.)
    Returns False when the givens conflict.
    """
    for k in range(M_SIZE):
        out[k] = 0
    _restore(template, links)
    if _apply_given(given, np.int64(0), given.shape[0], first_node, width, links) >= 0:
        return False
    _probe(n1, width, links, cursor.choice, stop_at, probes, rng, out)
    if out[M_NODES] > budget:
        return True
    state = cursor.state
    _zero(state)
    _zero(cursor.profile)
    ret = _search(n1, width, links, None, cursor, stop_at, _HUGE, budget, _HUGE)
    if ret == 0:  # RET_DONE: exhausted within the budget
        out[M_NODES] = state[NODES]
        out[M_UPDATES] = state[UPDATES]
        out[M_SOLUTIONS] = state[SOLUTIONS]
        out[M_EXACT] = 1
    else:  # the subtree has at least the dry run's nodes and updates
        out[M_NODES] = max(out[M_NODES], state[NODES])
        out[M_UPDATES] = max(out[M_UPDATES], state[UPDATES])
    return True


@njit(**JIT_ENTRY)
def expand_spacers(n1, template, links, given, stop_at, first_node, opts, upds, sols):
    """:func:`_expand` for the spacer layout; records as plain tuples."""
    return _expand(n1, SPACERS, Links(*template), Links(*links), given, stop_at, first_node, opts, upds,
                   sols)


@njit(**JIT_ENTRY)
def expand_blocks(n1, template, links, given, stop_at, first_node, opts, upds, sols):
    """:func:`_expand` for four-node blocks; records as plain tuples."""
    return _expand(n1, BLOCKS, Links(*template), Links(*links), given, stop_at, first_node, opts, upds,
                   sols)


@njit(**JIT_ENTRY)
def measure_spacers(n1, template, links, cursor, given, stop_at, first_node, budget, probes, rng, out):
    """:func:`_measure` for the spacer layout; records as plain tuples."""
    return _measure(n1, SPACERS, Links(*template), Links(*links), Cursor(*cursor), given, stop_at,
                    first_node, budget, probes, rng, out)


@njit(**JIT_ENTRY)
def measure_blocks(n1, template, links, cursor, given, stop_at, first_node, budget, probes, rng, out):
    """:func:`_measure` for four-node blocks; records as plain tuples."""
    return _measure(n1, BLOCKS, Links(*template), Links(*links), Cursor(*cursor), given, stop_at,
                    first_node, budget, probes, rng, out)


@njit(**JIT_ENTRY)
def remainder_spacers(n1, template, links, given, cut, stop_at, first_node, opts, upds, sols, levels):
    """:func:`_remainder` for the spacer layout; records as plain tuples."""
    return _remainder(n1, SPACERS, Links(*template), Links(*links), given, cut, stop_at, first_node, opts,
                      upds, sols, levels)


@njit(**JIT_ENTRY)
def remainder_blocks(n1, template, links, given, cut, stop_at, first_node, opts, upds, sols, levels):
    """:func:`_remainder` for four-node blocks; records as plain tuples."""
    return _remainder(n1, BLOCKS, Links(*template), Links(*links), given, cut, stop_at, first_node, opts,
                      upds, sols, levels)


#: Entry points by layout.
EXPAND = {SPACERS: expand_spacers, BLOCKS: expand_blocks}
REMAINDER = {SPACERS: remainder_spacers, BLOCKS: remainder_blocks}
MEASURE = {SPACERS: measure_spacers, BLOCKS: measure_blocks}
