"""Minimum-cost exact covers: the search of Knuth's program DLX5.

DLX5 is DLX2 (Algorithm C: primary items, secondary items with colors) in
which every option has a nonnegative integer *cost*, and the goal is the
solution of least total cost -- or the ``k`` cheapest.  Four things change
(Python prepares the first two, :mod:`dlxnumba.costs`):

Taxes:
    each primary item, in order, is *taxed* the least current cost of the
    options that contain it, and that tax is taken off each of them
    (:func:`assess_taxes`).  Every option then has a nonnegative *net*
    cost, every item has an option of net cost 0, and every solution costs
    its net cost plus the total tax.  Options of large net cost can only be
    in solutions of large net cost.
Sorted lists:
    each item's list holds its options in order of nondecreasing net cost,
    ties in input order.  An option has one net cost, the same in each of its
    lists, so the links are built from the options sorted stably by net cost.
    ``cost[x]`` (int64, per node, in the :data:`Priced` record beside the
    colors) is the net cost of node ``x``'s option.
Cutoffs:
    the search keeps the net costs of the ``k`` cheapest solutions found so
    far in a heap; the largest of them, ``cutoff``, is the one to beat (at
    first "infinite", :data:`INF`).  At a level whose partial solution costs
    ``curcost``, an option of cost ``c`` is worth trying only when
    ``curcost + c < cutoff``; since the lists are sorted, the first option
    that fails ends the level.  Covering an item hides only the options of
    its list cheaper than a *threshold*, ``cutoff - nextcost`` when the
    option just chosen brings the cost to ``nextcost``: a dearer option can
    never join this partial solution.  The same threshold must undo the
    cover, although ``cutoff`` may have dropped meanwhile, so each level
    keeps its two thresholds (``thresh0`` for the item it branches on,
    ``thresh`` for the other items of the chosen option) in the
    :data:`Ledger`, with ``partcost``, the cost at which the level began.
Branching:
    DLX5's rule: the active primary item with the fewest *usable* options
    (those cheaper than ``cutoff - curcost``; after :data:`LENTHRESH` of
    them, the item's whole length stands in for the count), and among
    equals the leftmost whose cheapest option costs most ("that cost must
    be paid somehow").  An item with no usable option ends the level at
    once.

Covering and uncovering both walk an item's list downward and stop at the
threshold (DLX5 observes that uncovering in the same order as covering
restores the links just as well).  With colors a node is hidden by the dance
step of DLX2, :func:`.dance.hide_c`, which spares cleansed nodes; without,
by the plain step (no color to test), as :func:`.dance.cover` hides.  The
kind reaches the search as ``colored``, None or ``COLORS``, a constant that
numba decides before it compiles (as ``width`` in :mod:`.search`):
:func:`search_costs` and :func:`search_costs_colors` are its two entry
points, and neither compiles the other's steps.  Lengths are kept for every
item (DLX5 keeps them for the primary ones, whose length its branching may
read).

The counters are DLX5's: a *node* each time a level is entered and for each
solution, an *update* each cover of an item and each node hidden, a
*cleansing* for each purification and each node it cleanses, and the
*solutions* are the ones found, each cheaper than the ``k``-th best known at
the time (DLX5 prints exactly those).

The search returns to Python before entering a level once a node or update
budget is spent, and a later call resumes exactly; everything it needs lives
in the arrays (``state`` holds the cost so far and the cutoff beside the
counters).  The ``k`` best solutions are kept in the :data:`Kept` record: a
max-heap of the ``held`` solutions kept so far (``state[HELD]``, at most ``k =
state[KEEP]``), keyed by net cost and, among equal costs, by when they were
found (``best[h]`` the net cost of heap entry ``h``, ``slot[h]`` its row); row
``slot`` of ``options`` holds that solution's options (numbers in the sorted
order), ``size[slot]`` how many and ``found[slot]`` when it was found.  Until
``k`` solutions are held a new one joins the heap (the cutoff is still
infinite, as in DLX5, whose heap starts with ``k`` infinite entries); then it
takes the place of the dearest, the one found last among the dearest, so that
at a cost shared by several the first found are kept.  The cutoff (the heap's
top once ``k`` are held) is DLX5's at every step, so the counters are too.

The rows grow with the solutions found, not with ``k``: when the heap holds
as many solutions as there are rows and fewer than ``k``, the search returns
``RET_PAUSED`` in phase :data:`PH_KEEP`, before visiting the solution in hand;
the caller gives the record more rows (the first ``held`` entries copied) and
calls again, which visits it.  Asking for the ``k`` best of a problem with two
solutions costs two rows, however large ``k``.
"""

from collections import namedtuple

import numpy as np
from numba import njit

from .._common import (CLEANSINGS, COLORS, JIT_ENTRY, JIT_HELPER, JIT_INNER, LEVEL, MAX_LEVEL, NODES, PH_DONE, PH_FORWARD, PH_START,
               PHASE, RET_DONE, RET_PAUSED, SOLUTIONS, SPACERS, STATE_SIZE, UPDATES, Cursor, Links)
from .dance import hide_c, left, option_of, right, unhide_c

Priced = namedtuple("Priced", "color cost")
Priced.__doc__ = """What DLX5 adds to the links, per node: int32 ``color`` (as DLX2's:
0 none, a color number, -1 cleansed; private) and int64 ``cost``, the net
cost of the node's option (shared, read-only)."""

Ledger = namedtuple("Ledger", "partcost thresh0 thresh")
Ledger.__doc__ = """DLX5's costs per level (int64): the net cost of the partial solution
when the level began, and the thresholds of its two kinds of covers."""

Kept = namedtuple("Kept", "best slot options size found")
Kept.__doc__ = """The best solutions so far, in ``rows`` rows (at most ``k``): int64
``best`` (``rows``: a max-heap of net costs, its first ``state[HELD]`` entries
used), int32 ``slot`` (``rows``: the row of each heap entry), int32 ``options``
(``rows`` rows of the levels' option numbers), int32 ``size`` (``rows``: options
per row) and int64 ``found`` (``rows``: the count of solutions when the row's
was found)."""

# Slots of the state vector past the common ones.
CURCOST = STATE_SIZE  # the net cost of the options chosen above the current level
CUTOFF = STATE_SIZE + 1  # the k-th best net cost so far (DLX5's cutoffcost)
HELD = STATE_SIZE + 2  # the solutions in the heap (at most KEEP)
KEEP = STATE_SIZE + 3  # k: how many to keep
COST_STATE_SIZE = STATE_SIZE + 4

#: The phase of a search paused for more rows (see the module's docstring).
PH_KEEP = 4

#: An "infinite" cost (DLX5's ``infcost``): more than any sum of costs, which
#: the caller keeps below ``2**61``, so that ``INF - cost`` still exceeds any cost.
INF = np.int64(1) << np.int64(62)
#: DLX5's ``lenthresh``: branching counts at most this many usable options of
#: an item before taking its whole length instead.
LENTHRESH = 10
_MANY = np.int64(0x7FFFFFFF)  # more options than any list holds (DLX5's max_nodes)


@njit(**JIT_ENTRY)
def assess_taxes(n1, item_ptr, item_options, cost, tax):
    """Tax the primary items ``1..n1`` in order (DLX5's "assign taxes").

    ``item_options[item_ptr[i]:item_ptr[i + 1]]`` are the options holding
    item ``i`` (items numbered from 1; ``item_ptr`` has ``n1 + 2`` entries);
    ``cost`` (int64, per option) becomes the net cost.  ``tax[i]`` is set to
    item ``i``'s tax (0 for an item in no option).  Returns the total tax.
    """
    total = np.int64(0)
    for i in range(1, n1 + 1):
        a = item_ptr[i]
        b = item_ptr[i + 1]
        if a == b:
            continue
        minc = cost[item_options[a]]
        for x in range(a + 1, b):
            minc = min(minc, cost[item_options[x]])
        tax[i] = minc
        if minc > 0:
            total += minc
            for x in range(a, b):
                cost[item_options[x]] -= minc
    return total


# ------------------------------------------------------------ the dance steps


@njit(**JIT_HELPER)
def hide_t(rr, colored, links, color):
    """Hide the nodes of node ``rr``'s option other than ``rr``, going right;
    return how many were hidden.  With colors DLX2's :func:`.dance.hide_c`
    (cleansed nodes stay); without, every node."""
    if colored is not None:
        return hide_c(rr, links, color)
    top, ulink, dlink, length = links.top, links.ulink, links.dlink, links.length
    updates = 0
    nn = rr
    while True:
        nn = right(nn, SPACERS, top, ulink)
        if nn == rr:
            return updates
        uu = ulink[nn]
        dd = dlink[nn]
        dlink[uu] = dd
        ulink[dd] = uu
        length[np.uint32(top[nn])] -= 1
        updates += 1


@njit(**JIT_HELPER)
def unhide_t(rr, colored, links, color):
    """Undo :func:`hide_t` of node ``rr``'s option."""
    if colored is not None:
        unhide_c(rr, links, color)
        return
    top, ulink, dlink, length = links.top, links.ulink, links.dlink, links.length
    nn = rr
    while True:
        nn = left(nn, SPACERS, top, dlink)
        if nn == rr:
            return
        uu = ulink[nn]
        dd = dlink[nn]
        dlink[uu] = nn
        ulink[dd] = nn
        length[np.uint32(top[nn])] += 1


@njit(**JIT_INNER)
def cover_t(c, thresh, colored, links, priced):
    """DLX5's cover of item ``c``: unlink it and hide the options of its list
    that cost less than ``thresh``.  Returns the updates."""
    llink, rlink, dlink = links.llink, links.rlink, links.dlink
    color, cost = priced
    left_ = llink[c]
    right_ = rlink[c]
    rlink[left_] = right_
    llink[right_] = left_
    updates = 1
    rr = dlink[c]
    while rr != c:
        if cost[rr] >= thresh:
            break
        updates += hide_t(rr, colored, links, color)
        rr = dlink[rr]
    return updates


@njit(**JIT_INNER)
def uncover_t(c, thresh, colored, links, priced):
    """Undo :func:`cover_t` of item ``c`` with the same threshold, going down
    the list as the cover did."""
    llink, rlink, dlink = links.llink, links.rlink, links.dlink
    color, cost = priced
    rr = dlink[c]
    while rr != c:
        if cost[rr] >= thresh:
            break
        unhide_t(rr, colored, links, color)
        rr = dlink[rr]
    left_ = llink[c]
    right_ = rlink[c]
    rlink[left_] = c
    llink[right_] = c


@njit(**JIT_INNER)
def purify_t(p, thresh, links, priced):
    """DLX5's purify of node ``p``'s item, down to ``thresh``: hide the options
    that give the item another color (or none), cleanse those that give it
    ``p``'s.  Returns ``(updates, cleansings)``; the call is one cleansing."""
    top, dlink = links.top, links.dlink
    color, cost = priced
    cc = np.uint32(top[p])
    x = color[p]
    updates = 0
    cleansings = 1
    rr = dlink[cc]
    while rr != cc:
        if cost[rr] >= thresh:
            break
        if color[rr] != x:
            updates += hide_c(rr, links, color)
        elif rr != p:
            cleansings += 1
            color[rr] = -1
        rr = dlink[rr]
    return updates, cleansings


@njit(**JIT_INNER)
def unpurify_t(p, thresh, links, priced):
    """Undo :func:`purify_t` of node ``p``'s item with the same threshold."""
    top, dlink = links.top, links.dlink
    color, cost = priced
    cc = np.uint32(top[p])
    x = color[p]
    rr = dlink[cc]
    while rr != cc:
        if cost[rr] >= thresh:
            break
        if color[rr] < 0:
            color[rr] = x
        elif rr != p:
            unhide_c(rr, links, color)
        rr = dlink[rr]


@njit(**JIT_HELPER)
def cover_others_t(oo, thresh, colored, links, priced):
    """Cover or purify the items of node ``oo``'s option other than its own,
    going right (a cleansed node needs neither).  Returns ``(updates, cleansings)``."""
    top, ulink = links.top, links.ulink
    color = priced.color
    updates = 0
    cleansings = 0
    pp = oo
    while True:
        pp = right(pp, SPACERS, top, ulink)
        if pp == oo:
            return updates, cleansings
        if colored is None:
            updates += cover_t(np.uint32(top[pp]), thresh, None, links, priced)
            continue
        k = color[pp]
        if k == 0:
            updates += cover_t(np.uint32(top[pp]), thresh, COLORS, links, priced)
        elif k > 0:
            u, cl = purify_t(pp, thresh, links, priced)
            updates += u
            cleansings += cl


@njit(**JIT_HELPER)
def uncover_others_t(oo, thresh, colored, links, priced):
    """Undo :func:`cover_others_t`, going left."""
    top, dlink = links.top, links.dlink
    color = priced.color
    pp = oo
    while True:
        pp = left(pp, SPACERS, top, dlink)
        if pp == oo:
            return
        if colored is None:
            uncover_t(np.uint32(top[pp]), thresh, None, links, priced)
            continue
        k = color[pp]
        if k == 0:
            uncover_t(np.uint32(top[pp]), thresh, COLORS, links, priced)
        elif k > 0:
            unpurify_t(pp, thresh, links, priced)


@njit(**JIT_HELPER)
def choose_t(budget, rlink, dlink, length, cost):
    """DLX5's branching item and its count of usable options (0: the level is
    a dead end), for options cheaper than ``budget`` (``cutoff - curcost``).

    The item with the fewest usable options; among equals, the leftmost whose
    cheapest option costs most.  An item's options are counted as far as
    :data:`LENTHRESH`, then its length is taken instead, and no further than
    the best count so far.
    """
    t = _MANY
    tmpcost = np.int64(0)
    best = rlink[0]
    k = best
    while k != 0:
        p = dlink[k]
        if p == k:  # an empty list: backtrack
            return k, np.int64(0)
        mincost = cost[p]
        if mincost >= budget:  # no usable option: backtrack
            return k, np.int64(0)
        s = np.int64(1)
        p = dlink[p]
        more = False  # more than t usable options: no change
        while True:
            if p == k or cost[p] >= budget:
                break  # s usable options
            if s == t:
                more = True
                break
            if s >= LENTHRESH:
                s = np.int64(length[k])  # an upper bound will do
                break
            p = dlink[p]
            s += 1
        if not more and (s < t or (s == t and mincost > tmpcost)):
            t = s
            best = k
            tmpcost = mincost
        k = rlink[k]
    return best, t


# ----------------------------------------------------------------- the search


@njit(**JIT_ENTRY)
def search_costs(links, priced, cursor, ledger, kept, node_stop, update_stop):
    """:func:`_search_costs` without colors; records as plain tuples."""
    return _search_costs(None, Links(*links), Priced(*priced), Cursor(*cursor), Ledger(*ledger), Kept(*kept),
                         node_stop, update_stop)


@njit(**JIT_ENTRY)
def search_costs_colors(links, priced, cursor, ledger, kept, node_stop, update_stop):
    """:func:`_search_costs` with colors (DLX2's purification); records as plain tuples."""
    return _search_costs(COLORS, Links(*links), Priced(*priced), Cursor(*cursor), Ledger(*ledger),
                         Kept(*kept), node_stop, update_stop)


@njit(**JIT_HELPER)
def _keep(nextcost, level, kept, choice, top, found, held, k):
    """A solution of net cost ``nextcost`` (below the cutoff), the options of
    ``choice[0..level]``, found as solution number ``found`` (later than every
    one held).  With fewer than ``k`` held (and a free row) it joins the heap
    (a sift up); otherwise it takes the place of the heap's top (DLX5's
    "update cutoffcost", a sift down), the dearest and, among the dearest, the
    last found.  Its options go to the row it gets.  Returns the new cutoff
    (:data:`INF` while fewer than ``k`` are held)."""
    best, slot, options, size, when = kept
    if held < k:
        row = held
        h = held
        while h > 0:
            parent = (h - 1) >> 1
            if best[parent] > nextcost:  # (an equal cost found earlier ranks lower)
                break
            best[h] = best[parent]
            slot[h] = slot[parent]
            h = parent
        held += 1
    else:
        row = slot[0]
        h = 0
        while True:
            c = h + h + 1
            if c >= held:
                break
            if c + 1 < held and (best[c + 1] > best[c] or (best[c + 1] == best[c]
                                                           and when[slot[c + 1]] > when[slot[c]])):
                c += 1
            if best[c] <= nextcost:  # (an equal cost found earlier ranks lower)
                break
            best[h] = best[c]
            slot[h] = slot[c]
            h = c
    best[h] = nextcost
    slot[h] = row
    for i in range(level + 1):
        options[row, i] = option_of(choice[i], SPACERS, top, top)
    size[row] = level + 1
    when[row] = found
    return (best[0] if held >= k else INF), held


@njit(**JIT_INNER)
def _search_costs(colored, links, priced, cursor, ledger, kept, node_stop, update_stop):
    """Run (or resume) DLX5's search until it ends or a budget is spent.

    ``colored`` is None (no node has a color: the covers test none) or
    ``COLORS``, a constant (see the module's docstring).

    Returns ``RET_PAUSED`` before entering a level once ``state[NODES] >=
    node_stop`` or ``state[UPDATES] >= update_stop`` (call again to go on),
    or before visiting a solution when ``kept`` has no free row (phase
    :data:`PH_KEEP`: call again with more rows), ``RET_DONE`` when the tree is exhausted (all links restored; ``kept``
    holds the ``k`` best solutions, or as many as there are).

    The steps are DLX5's: forward (enter a level, choose the item to branch
    on, or back down when an item has no usable option; cover the item),
    advance (cover the other items of the option tried; a solution when no
    primary item is left), backup (uncover the item), backdown (return to
    the level above) and recover (undo the option tried and move to the
    next one down the list, or back up once it costs too much).
    """
    llink, rlink, top, ulink, dlink, length = links
    color, cost = priced
    choice, profile, state = cursor
    partcost, thresh0, thresh = ledger
    level = state[LEVEL]
    phase = state[PHASE]
    nodes = state[NODES]
    updates = state[UPDATES]
    sols = state[SOLUTIONS]
    maxl = state[MAX_LEVEL]
    cleansings = state[CLEANSINGS]
    curcost = state[CURCOST]
    cutoff = state[CUTOFF]
    held = state[HELD]
    k = state[KEEP]
    rows = kept.best.shape[0]
    nextcost = np.int64(0)
    best = rlink[0]
    oo = best
    ret = RET_DONE
    step = 0  # 0 forward, 1 advance, 2 backup, 3 backdown, 4 recover, 5 leave, 6 visit a solution

    if phase == PH_DONE:
        return RET_DONE
    if phase == PH_START and rlink[0] == 0:
        # No primary item to cover: the empty set of options is the one solution.
        nodes += 1
        sols += 1
        cutoff, held = _keep(np.int64(0), np.int64(-1), kept, choice, top, sols, held, k)
        phase = PH_DONE
        step = 5
    elif phase == PH_KEEP:
        # paused for more rows: visit the solution in hand, choice[0..level]
        oo = np.uint32(choice[np.uint64(level)])
        best = np.uint32(top[oo])
        nextcost = curcost + cost[oo]
        step = 6

    while step != 5:
        if step == 0:
            # forward: enter a level, choose the item to branch on
            if nodes >= node_stop or updates >= update_stop:
                phase = PH_FORWARD
                ret = RET_PAUSED
                break
            nodes += 1
            profile[np.uint64(level)] += 1
            if level > maxl:
                maxl = level
            best, t = choose_t(cutoff - curcost, rlink, dlink, length, cost)
            if t == 0:
                step = 3
                continue
            partcost[level] = curcost
            oo = dlink[best]
            choice[np.uint64(level)] = oo
            nextcost = curcost + cost[oo]
            thresh0[level] = cutoff - nextcost
            updates += cover_t(best, thresh0[level], colored, links, priced)
            step = 1
        elif step == 1:
            # advance: cover the other items of node oo's option
            thresh[level] = cutoff - nextcost
            u, cl = cover_others_t(oo, thresh[level], colored, links, priced)
            updates += u
            cleansings += cl
            if rlink[0] == 0:
                step = 6
            else:
                level += 1
                curcost = nextcost
                step = 0
        elif step == 6:
            # visit a solution: choice[0..level], net cost nextcost < cutoff
            if held < k and held == rows:
                phase = PH_KEEP  # no free row: the caller adds rows and calls again
                ret = RET_PAUSED
                break
            nodes += 1
            sols += 1
            cutoff, held = _keep(nextcost, level, kept, choice, top, sols, held, k)
            step = 4
        elif step == 2:
            # backup: uncover the item branched on at this level
            uncover_t(best, thresh0[level], colored, links, priced)
            step = 3
        elif step == 3:
            # backdown: return to the level above
            if level == 0:
                phase = PH_DONE
                ret = RET_DONE
                break
            level -= 1
            oo = np.uint32(choice[np.uint64(level)])
            best = np.uint32(top[oo])
            curcost = partcost[level]
            step = 4
        else:
            # recover: undo node oo's option and try the next one down, if cheap enough
            uncover_others_t(oo, thresh[level], colored, links, priced)
            oo = dlink[oo]
            choice[np.uint64(level)] = oo
            if oo == best:
                step = 2
            else:
                nextcost = curcost + cost[oo]
                step = 2 if nextcost >= cutoff else 1

    state[LEVEL] = level
    state[PHASE] = phase
    state[NODES] = nodes
    state[UPDATES] = updates
    state[SOLUTIONS] = sols
    state[MAX_LEVEL] = maxl
    state[CLEANSINGS] = cleansings
    state[CURCOST] = curcost
    state[CUTOFF] = cutoff
    state[HELD] = held
    return ret
