"""The search loops (Algorithms X and C, DLX1's and DLX2's steps; Algorithm M,
DLX3's), givens and chosen options.

:func:`_search` is the loop of exact covers, with or without colors.  It is
compiled once per layout and per kind through :func:`search_spacers`,
:func:`search_blocks` and :func:`search_colors`, which pass ``width`` as a
constant and ``color`` as None (plain), or ``width`` as None (colors, on
spacers) and ``color`` as the nodes' colors.  numba decides a test ``is
None`` of an argument typed None or a constant before it compiles (of an
array, it does not): each step tests ``color is not None`` for DLX2's way
and ``width is not None`` for DLX1's, so a plain search never compiles
DLX2's steps and a colored one never compiles DLX1's (the colored loop's
machine code is the one it had when it tested ``color`` alone).
:data:`SEARCH` maps a layout to its plain entry point.  The lanes of
:mod:`.lanes` run the same loop.  :func:`_search_m` is
Algorithm M (multiplicities, with colors), through :func:`search_bounds`.
"""

import numpy as np
from numba import njit

from .._common import (_U0, _U1, ACTIVE, BLOCKS, CLEANSINGS, COVERED, JIT_ENTRY, JIT_FORCED, JIT_HELPER,
                       JIT_INNER, LEVEL, MAX_LEVEL, NODES, PH_DONE, PH_FORWARD, PH_RECOVER, PH_START, PHASE, RET_DONE,
                       RET_PAUSED, RET_SOLUTION, SOLUTIONS, SPACERS, UPDATES, Bounds, Cursor, Links)
from .dance import (apply_option, cover, cover_c, cover_others, cover_others_c, option_of, primary_others,
                    purify, tweak, uncover, uncover_c, uncover_others, uncover_others_c, unpurify, untweak)


@njit(**JIT_ENTRY)
def search_spacers(n1, links, cursor, stop_at, solution_stop, node_stop, update_stop):
    """:func:`_search` for the spacer layout; records as plain tuples."""
    return _search(n1, SPACERS, Links(*links), None, Cursor(*cursor), stop_at, solution_stop, node_stop,
                   update_stop)


@njit(**JIT_ENTRY)
def search_blocks(n1, links, cursor, stop_at, solution_stop, node_stop, update_stop):
    """:func:`_search` for four-node blocks; records as plain tuples."""
    return _search(n1, BLOCKS, Links(*links), None, Cursor(*cursor), stop_at, solution_stop, node_stop,
                   update_stop)


@njit(**JIT_ENTRY)
def search_colors(n1, links, color, cursor, stop_at, solution_stop, node_stop, update_stop):
    """:func:`_search` with colors (DLX2's Algorithm C; spacers); records as plain tuples."""
    return _search(n1, None, Links(*links), color, Cursor(*cursor), stop_at, solution_stop, node_stop,
                   update_stop)


@njit(**JIT_ENTRY)
def search_bounds(links, bounds, cursor, solution_stop, node_stop, update_stop):
    """:func:`_search_m` (DLX3's Algorithm M; spacers); records as plain tuples."""
    return _search_m(Links(*links), Bounds(*bounds), Cursor(*cursor), solution_stop, node_stop,
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


@njit(**JIT_FORCED)
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
            lk = length[k]
            t = lk if lk < t else t
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
                end = k + CHUNK
                for x in range(k, end if end < hi else hi):
                    lx = length[x]
                    m = lx if lx < m else m
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


@njit(**JIT_HELPER)
def count_active(n1, length):
    """The count of active primary items that :func:`choose` reads: the number
    of items below ``n1 + 1`` whose length is below ``COVERED``, or 0 when
    there are at most :data:`SMALL` (choose() then does not read it)."""
    active = np.int64(0)
    if n1 > SMALL:
        for k in range(1, n1 + 1):
            active += length[k] < COVERED
    return active


@njit(**JIT_INNER)
def _search(n1, width, links, color, cursor, stop_at, solution_stop, node_stop, update_stop):
    """Run (or resume) Algorithm X until a stop condition; return a RET_* code.

    ``n1`` is the number of primary items; ``width`` the layout of the options
    (a constant) for a plain search, or None for a search with colors (on
    spacers); ``links`` a :data:`Links` record, ``color`` the nodes' colors
    (written by purify) when ``width`` is None, else None (the steps of the
    other kind are pruned at compile time); ``cursor`` a
    :data:`Cursor` whose ``choice`` and ``profile`` have at least ``n1 + 1``
    entries.  With colors, an item is covered and uncovered by DLX2's rules
    (:func:`.dance.cover_c`, purify and unpurify), and ``state[CLEANSINGS]``
    counts DLX2's cleansings.

    Returns ``RET_SOLUTION`` when the number of solutions reaches
    ``solution_stop`` (``choice[0..state[LEVEL]]`` then holds the chosen
    nodes), ``RET_PAUSED`` before entering a level once ``state[NODES] >=
    node_stop`` or ``state[UPDATES] >= update_stop``, and ``RET_DONE`` when the
    tree is exhausted (all links restored).  Call again to continue.
    """
    llink, rlink, top, ulink, dlink, length = links
    choice, profile, state = cursor
    layout = SPACERS if width is None else width
    level = state[LEVEL]
    phase = state[PHASE]
    nodes = state[NODES]
    updates = state[UPDATES]
    sols = state[SOLUTIONS]
    maxl = state[MAX_LEVEL]
    active = state[ACTIVE]
    cleansings = state[CLEANSINGS]
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
            if color is not None:
                updates += cover_c(best, links, color)
            elif width is not None:
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
            if color is not None:
                u, cl = cover_others_c(oo, links, color)
                updates += u
                cleansings += cl
            elif width is not None:
                updates += cover_others(oo, width, links)
            if n1 > SMALL:  # (choose() reads the count only then)
                active -= primary_others(oo, n1, layout, top, ulink)
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
            if color is not None:
                uncover_c(best, links, color)
            elif width is not None:
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
            if color is not None:
                uncover_others_c(oo, links, color)
            elif width is not None:
                uncover_others(oo, width, links)
            if n1 > SMALL:
                active += primary_others(oo, n1, layout, top, ulink)
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
    if color is not None:
        state[CLEANSINGS] = cleansings
    return ret


@njit(**JIT_ENTRY)
def apply_given_spacers(given, first_node, links):
    """Force the options ``given`` into a plain search on spacers, before it starts.

    ``first_node[j]`` is the first node of option ``j``; ``links`` a plain
    tuple in :data:`Links` order.  Each option's items must all still be
    active; otherwise nothing more is applied and the position in ``given`` of
    the first conflicting option is returned.  Returns -1 when all were
    applied.  Updates are not counted (DLX1 reads a problem that already lacks
    them).
    """
    return _apply_given(given, np.int64(0), given.shape[0], first_node, SPACERS, Links(*links))


@njit(**JIT_ENTRY)
def apply_given_blocks(given, first_node, links):
    """:func:`apply_given_spacers` for four-node blocks."""
    return _apply_given(given, np.int64(0), given.shape[0], first_node, BLOCKS, Links(*links))


#: The entry point of the givens for each layout: the layout reaches the steps
#: as a constant, as in the search, so that they are the search's own (one
#: entry taking the layout at run time compiled ``cover`` and the steps below
#: ``_apply_given`` once more, for an int64 layout).
APPLY_GIVEN = {SPACERS: apply_given_spacers, BLOCKS: apply_given_blocks}


@njit(**JIT_INNER)
def _apply_given(given, start, stop, first_node, width, links):
    """:func:`apply_given_spacers` for ``given[start:stop]``; the position from ``start``."""
    for g in range(start, stop):
        if not apply_option(np.int64(given[g]), first_node, width, links):
            return g - start
    return -1


@njit(**JIT_ENTRY)
def chosen_options(choice, level, width, top, first_node, out):
    """Write the option numbers of ``choice[0..level]`` into ``out``; return how many."""
    for i in range(level + 1):
        out[i] = option_of(choice[i], width, top, first_node)
    return level + 1


#: The score of a search with no active item left (a solution): DLX3's ``infty``.
_NO_SCORE = np.int64(1) << 40


@njit(**JIT_HELPER)
def choose_m(rlink, length, bound, slack):
    """DLX3's branching item and its score: the active item of least branching
    degree ``length + s - bound + 1`` (``s`` the smaller of slack and bound);
    among equals the one of smaller ``s``, then of greater length, then the
    leftmost.  The score is ``_NO_SCORE`` when no item is active."""
    score = _NO_SCORE
    best = _U0
    best_s = np.int64(0)
    best_l = np.int64(0)
    k = rlink[0]
    while k != 0:
        s = np.int64(slack[k])
        b = np.int64(bound[k])
        if s > b:
            s = b
        lk = np.int64(length[k])
        t = lk + s - b + 1
        if t <= score:
            if t < score or s < best_s or (s == best_s and lk > best_l):
                score = t
                best = k
                best_s = s
                best_l = lk
        k = rlink[k]
    return best, score


@njit(**JIT_INNER)
def _search_m(links, bounds, cursor, solution_stop, node_stop, update_stop):
    """Run (or resume) Algorithm M (DLX3: bounds on the primary items, colors on
    the secondary ones) until a stop condition; return a RET_* code.

    The steps and counts are DLX3's: forward (enter a level, choose the item
    of least branching degree; a level with no active item is a solution, one
    whose degree is not positive a dead end), advance (try the next option of
    the item, *tweaking* the one before it out of the list; past the last,
    the null move that leaves the item's count where it is), backup and
    backdown.  ``choice[level]`` holds the node tried at each level, or the
    item's header for the null move; ``bounds.tweak[level]`` the first node
    tweaked there.  At a solution, ``choice[0..state[LEVEL] - 1]`` are the
    moves.  Updates count covers, hides and tweaks; cleansings as DLX2.
    """
    llink, rlink, top, ulink, dlink, length = links
    color, bound, slack, first_tweak = bounds
    choice, profile, state = cursor
    level = state[LEVEL]
    phase = state[PHASE]
    nodes = state[NODES]
    updates = state[UPDATES]
    sols = state[SOLUTIONS]
    maxl = state[MAX_LEVEL]
    cleansings = state[CLEANSINGS]
    best = _U0
    cur = _U0
    ret = RET_DONE
    step = 0  # 0 forward, 1 advance, 2 backup, 3 backdown, 4 leave

    if phase == PH_DONE:
        return RET_DONE
    if phase == PH_RECOVER:
        step = 3

    while step != 4:
        if step == 0:
            # forward: enter a level and choose the item to branch on
            if nodes >= node_stop or updates >= update_stop:
                phase = PH_FORWARD
                ret = RET_PAUSED
                break
            nodes += 1
            profile[np.uint64(level)] += 1
            if level > maxl:
                maxl = level
            best, score = choose_m(rlink, length, bound, slack)
            if score <= 0:
                step = 3  # too few options left in the item
                continue
            if score == _NO_SCORE:
                # visit a solution: the moves of choice[0..level-1]
                sols += 1
                if sols >= solution_stop:
                    phase = PH_RECOVER
                    ret = RET_SOLUTION
                    break
                step = 3
                continue
            cur = dlink[best]
            choice[np.uint64(level)] = cur
            first_tweak[np.uint64(level)] = 0
            bound[best] -= 1
            if bound[best] == 0 and slack[best] == 0:
                updates += cover_c(best, links, color)
            else:
                first_tweak[np.uint64(level)] = cur
                if bound[best] == 0:
                    updates += cover_c(best, links, color)
            step = 1
        elif step == 1:
            # advance: try node cur's option, or the null move, or back up
            b = bound[best]
            if b == 0 and slack[best] == 0:
                if cur == best:
                    step = 2
                    continue
            elif length[best] <= b - slack[best]:
                step = 2
                continue
            elif cur != best:
                updates += tweak(cur, b != 0, links, color)
            elif b != 0:
                # the null move: deactivate best
                left_ = llink[best]
                right_ = rlink[best]
                rlink[left_] = right_
                llink[right_] = left_
            if cur != best:
                # cover or partially cover the other items of cur's option
                pp = cur
                while True:
                    pp = pp + _U1
                    if top[pp] <= 0:
                        pp = ulink[pp]
                    if pp == cur:
                        break
                    cc = np.uint32(top[pp])
                    k = color[pp]
                    if cc <= n1_of(slack):
                        bound[cc] -= 1
                        if bound[cc] == 0:
                            updates += cover_c(cc, links, color)
                    elif k == 0:
                        updates += cover_c(cc, links, color)
                    elif k > 0:
                        u, cl = purify(pp, links, color)
                        updates += u
                        cleansings += cl
            level += 1
            step = 0
        elif step == 2:
            # backup: restore the original state of best
            if bound[best] == 0 and slack[best] == 0:
                uncover_c(best, links, color)
            else:
                untweak(best, np.uint32(first_tweak[np.uint64(level)]), bound[best] != 0, links, color)
            bound[best] += 1
            step = 3
        else:
            # backdown: return to the level above
            if level == 0:
                phase = PH_DONE
                ret = RET_DONE
                break
            level -= 1
            cur = np.uint32(choice[np.uint64(level)])
            if top[cur] <= 0:
                # the null move: reactivate the item (cur is its header)
                best = cur
                left_ = llink[best]
                right_ = rlink[best]
                rlink[left_] = best
                llink[right_] = best
                step = 2
                continue
            best = np.uint32(top[cur])
            # uncover or partially uncover the other items of cur's option
            pp = cur
            while True:
                pp = pp - _U1
                if top[pp] <= 0:
                    pp = dlink[pp]
                if pp == cur:
                    break
                cc = np.uint32(top[pp])
                k = color[pp]
                if cc <= n1_of(slack):
                    if bound[cc] == 0:
                        uncover_c(cc, links, color)
                    bound[cc] += 1
                elif k == 0:
                    uncover_c(cc, links, color)
                elif k > 0:
                    unpurify(pp, links, color)
            cur = dlink[cur]
            choice[np.uint64(level)] = cur
            step = 1

    state[LEVEL] = level
    state[PHASE] = phase
    state[NODES] = nodes
    state[UPDATES] = updates
    state[SOLUTIONS] = sols
    state[MAX_LEVEL] = maxl
    state[CLEANSINGS] = cleansings
    return ret


@njit(**JIT_HELPER)
def n1_of(slack):
    """The number of primary items: ``slack`` has one entry per item ``0..N1``."""
    return np.uint32(slack.shape[0] - 1)


@njit(**JIT_ENTRY)
def chosen_options_m(choice, level, top, out):
    """Write the option numbers of Algorithm M's moves ``choice[0..level-1]``
    into ``out``, skipping null moves (an item's header); return how many."""
    k = 0
    for i in range(level):
        x = np.uint32(choice[i])
        if top[x] > 0:
            out[k] = option_of(x, SPACERS, top, top)
            k += 1
    return k


@njit(**JIT_ENTRY)
def apply_given_colors(given, first_node, n1, links, color):
    """Force the options ``given`` (compatible: the caller checked) into a
    search with colors, as if each were chosen: cover its first primary item
    and then cover or purify the others (an option with no primary item
    covers or purifies all of its items).  Updates are not counted."""
    links = Links(*links)
    top = links.top
    for g in range(given.shape[0]):
        x0 = np.uint32(first_node[np.int64(given[g])])
        if top[x0] <= 0:
            continue  # an empty option (its first node is the spacer after it)
        pivot = x0
        while top[pivot] > n1:
            pivot += _U1
        if top[pivot] > 0:
            cover_c(np.uint32(top[pivot]), links, color)
            cover_others_c(pivot, links, color)
        else:  # no primary item: its first node is settled too
            cover_others_c(x0, links, color)
            k = color[x0]
            if k == 0:
                cover_c(np.uint32(top[x0]), links, color)
            elif k > 0:
                purify(x0, links, color)


@njit(**JIT_ENTRY)
def apply_given_bounds(given, first_node, links, bounds):
    """Force the options ``given`` (compatible: the caller checked) into a
    search with multiplicities: take each option out of every list (as a
    tweak does), count it against its primary items' bounds (covering an item
    whose bound reaches 0) and cover or purify its secondary items."""
    links = Links(*links)
    color, bound, slack, first_tweak = bounds
    top, ulink = links.top, links.ulink
    n1 = np.uint32(slack.shape[0] - 1)
    for g in range(given.shape[0]):
        x0 = np.uint32(first_node[np.int64(given[g])])
        if top[x0] <= 0:
            continue  # an empty option (its first node is the spacer after it)
        tweak(x0, True, links, color)
        pp = x0
        while True:
            cc = np.uint32(top[pp])
            k = color[pp]
            if cc <= n1:
                bound[cc] -= 1
                if bound[cc] == 0:
                    cover_c(cc, links, color)
            elif k == 0:
                cover_c(cc, links, color)
            elif k > 0:
                purify(pp, links, color)
            pp = pp + _U1
            if top[pp] <= 0:
                pp = ulink[pp]
            if pp == x0:
                break
