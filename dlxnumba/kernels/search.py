"""The search loop (Algorithm X, DLX1's steps), givens and chosen options.

:func:`_search` is the one loop.  It is compiled once per layout through
:func:`search_spacers` and :func:`search_blocks`, which pass ``width`` as a
constant; :data:`SEARCH` maps a layout to its entry point.  The lanes of
:mod:`.lanes` run the same loop.
"""

import numpy as np
from numba import njit

from . import (_U0, _U1, ACTIVE, BLOCKS, COVERED, JIT, JIT_INNER, LEVEL, MAX_LEVEL, NODES, PH_DONE, PH_FORWARD, PH_RECOVER,
               PH_START, PHASE, RET_DONE, RET_PAUSED, RET_SOLUTION, SOLUTIONS, SPACERS, UPDATES,
               Cursor, Links)
from .dance import apply_option, cover, cover_others, option_of, primary_others, uncover, uncover_others


@njit(**JIT)
def search_spacers(n1, links, cursor, stop_at, solution_stop, node_stop, update_stop):
    """:func:`_search` for the spacer layout; records as plain tuples."""
    return _search(n1, SPACERS, Links(*links), Cursor(*cursor), stop_at, solution_stop, node_stop,
                   update_stop)


@njit(**JIT)
def search_blocks(n1, links, cursor, stop_at, solution_stop, node_stop, update_stop):
    """:func:`_search` for four-node blocks; records as plain tuples."""
    return _search(n1, BLOCKS, Links(*links), Cursor(*cursor), stop_at, solution_stop, node_stop,
                   update_stop)


#: The entry point of the search for each layout.
SEARCH = {SPACERS: search_spacers, BLOCKS: search_blocks}


#: Items per chunk of the branching scan (:func:`choose`); problems with at
#: most that many primary items are scanned whole, without the count of active ones.
SMALL = 64
CHUNK = np.uint64(SMALL)
#: Branching walks the item list instead of scanning when the active primary
#: items are fewer than 1 in WALK_RATIO of the span from the first to the last.
WALK_RATIO = 32
_NO_LENGTH = np.int32(0x7FFFFFFF)


@njit(inline="always", **JIT_INNER)
def choose(n1, active, stop_at, llink, rlink, length):
    """The item to branch on: the first active primary item of length
    ``<= stop_at``, else the first of minimum length (DLX1's choice).

    ``active`` is the number of active primary items.  Covered items carry
    ``COVERED`` in their length, so a scan by item number sees only the
    active ones, in the order of the item list; a scan of consecutive lengths
    is many times cheaper per item than a walk along ``rlink``, which chases
    one pointer per item.  So:

    * with at most :data:`SMALL` primary items, one pass over all of them
      finds the minimum and a second the item (``active`` is not read);
    * when the active items are few and far apart (fewer than one in
      :data:`WALK_RATIO` of the span from the first active item, ``rlink[0]``,
      to the last, ``llink[0]``), the item list is walked, as DLX1 does;
    * otherwise the span is scanned in chunks of :data:`CHUNK` items, stopping
      after the first chunk that holds an item of length ``<= stop_at``, and
      the item is found in its chunk.  A chunk is a plain loop over
      consecutive entries, which the compiler vectorizes.

    So a node costs at most about ``min(active * WALK_RATIO, span)`` scanned
    items, never a scan of every item of the problem.  Indices are unsigned,
    so that no negative-index fix-up stops the vectorizing.
    """
    t = _NO_LENGTH
    if n1 <= SMALL:
        start = np.uint64(1)
        for k in range(1, n1 + 1):
            t = min(t, length[k])
    else:
        first = rlink[0]
        lo = np.uint64(first)
        hi = np.uint64(llink[0]) + np.uint64(1)  # one past the last active item
        start = lo
        if active * WALK_RATIO < np.int64(hi - lo):
            k = first
            while k != 0:
                lk = length[k]
                if lk < t:
                    t = lk
                    start = np.uint64(k)
                    if lk <= stop_at:
                        break
                k = rlink[k]
        else:
            k = lo
            while k < hi:
                m = _NO_LENGTH
                for x in range(k, min(k + CHUNK, hi)):
                    m = min(m, length[x])
                if m < t:
                    t = m
                    start = k
                    if m <= stop_at:
                        break
                k += CHUNK
    if t < stop_at:
        t = np.int32(stop_at)
    while length[start] > t:
        start += np.uint64(1)
    return np.uint32(start)  # one type for every caller: cover() is compiled once


@njit(inline="always", **JIT_INNER)
def count_active(n1, length):
    """The number of active primary items (those whose length is below ``COVERED``)."""
    active = 0
    for k in range(1, n1 + 1):
        active += length[k] < COVERED
    return active


@njit(**JIT_INNER)
def _search(n1, width, links, cursor, stop_at, solution_stop, node_stop, update_stop):
    """Run (or resume) Algorithm X until a stop condition; return a RET_* code.

    ``n1`` is the number of primary items; ``width`` the layout of the options
    (a compile-time constant); ``links`` a :data:`Links` record, ``cursor`` a
    :data:`Cursor` whose ``choice`` and ``profile`` have at least ``n1 + 1``
    entries.

    Returns ``RET_SOLUTION`` when the number of solutions reaches
    ``solution_stop`` (``choice[0..state[LEVEL]]`` then holds the chosen
    nodes), ``RET_PAUSED`` before entering a level once ``state[NODES] >=
    node_stop`` or ``state[UPDATES] >= update_stop``, and ``RET_DONE`` when the
    tree is exhausted (all links restored).  Call again to continue.
    """
    llink, rlink, top, ulink, dlink, length = links
    choice, profile, state = cursor
    level = state[LEVEL]
    phase = state[PHASE]
    nodes = state[NODES]
    updates = state[UPDATES]
    sols = state[SOLUTIONS]
    maxl = state[MAX_LEVEL]
    active = state[ACTIVE]
    best = _U0
    oo = _U0
    ret = RET_DONE
    step = 0  # 0 forward, 1 advance, 2 backup, 3 recover, 4 leave

    if phase == PH_DONE:
        return RET_DONE
    if phase == PH_START:
        if rlink[0] == 0:
            # No active primary item: the empty set of options is the one solution.
            nodes += 1
            sols += 1
            level = -1  # so that choice[0..level] is empty
            phase = PH_DONE
            ret = RET_SOLUTION if sols >= solution_stop else RET_DONE
            step = 4
        elif n1 > SMALL:
            active = count_active(n1, length)
    elif phase == PH_RECOVER:
        oo = np.uint32(choice[level])
        best = np.uint32(top[oo])
        step = 3

    while step != 4:
        if step == 0:
            # forward: enter a new level, choose the item to branch on
            if nodes >= node_stop or updates >= update_stop:
                phase = PH_FORWARD
                ret = RET_PAUSED
                break
            nodes += 1
            profile[np.uint64(level)] += 1
            if level > maxl:
                maxl = level
            best = choose(n1, active, stop_at, llink, rlink, length)
            updates += cover(best, width, links)
            active -= 1
            oo = dlink[best]
            choice[np.uint64(level)] = oo
            step = 1
        elif step == 1:
            # advance: try the option of node oo, or back up when none is left
            if oo == best:
                step = 2
                continue
            updates += cover_others(oo, width, links)
            if n1 > SMALL:  # (choose() reads the count only then)
                active -= primary_others(oo, n1, width, top, ulink)
            if rlink[0] == 0:
                # visit a solution: choice[0..level]
                nodes += 1
                sols += 1
                if sols >= solution_stop:
                    phase = PH_RECOVER
                    ret = RET_SOLUTION
                    break
                step = 3
            else:
                level += 1
                step = 0
        elif step == 2:
            # backup: restore the item chosen at this level, return to the one above
            uncover(best, width, links)
            active += 1
            if level == 0:
                phase = PH_DONE
                ret = RET_DONE
                break
            level -= 1
            oo = np.uint32(choice[np.uint64(level)])
            best = np.uint32(top[oo])
            step = 3
        else:
            # recover: undo the option of node oo and move to the next one down
            uncover_others(oo, width, links)
            if n1 > SMALL:
                active += primary_others(oo, n1, width, top, ulink)
            oo = dlink[oo]
            choice[np.uint64(level)] = oo
            step = 1

    state[LEVEL] = level
    state[PHASE] = phase
    state[NODES] = nodes
    state[UPDATES] = updates
    state[SOLUTIONS] = sols
    state[MAX_LEVEL] = maxl
    state[ACTIVE] = active
    return ret


@njit(**JIT)
def apply_given(given, first_node, width, links):
    """Force the options ``given`` into the solution before the search.

    ``first_node[j]`` is the first node of option ``j``; ``links`` a plain
    tuple in :data:`Links` order.  Each option's items must all still be
    active; otherwise nothing more is applied and the position in ``given`` of
    the first conflicting option is returned.  Returns -1 when all were
    applied.  Updates are not counted (DLX1 reads a problem that already lacks
    them).
    """
    return _apply_given(given, 0, given.shape[0], first_node, width, Links(*links))


@njit(**JIT_INNER)
def _apply_given(given, start, stop, first_node, width, links):
    """:func:`apply_given` for ``given[start:stop]``; the position from ``start``."""
    for g in range(start, stop):
        if not apply_option(np.int64(given[g]), first_node, width, links):
            return g - start
    return -1


@njit(**JIT)
def chosen_options(choice, level, width, top, first_node, out):
    """Write the option numbers of ``choice[0..level]`` into ``out``; return how many."""
    for i in range(level + 1):
        out[i] = option_of(choice[i], width, top, first_node)
    return level + 1
