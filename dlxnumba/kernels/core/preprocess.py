"""Knuth's DLX-PRE: preprocessing an exact-cover problem, compiled.

DLX-PRE (Knuth's program ``dlx-pre.w``) does not solve a problem: it turns it
into an equivalent one with fewer options and items, in *rounds*, until a
round changes nothing.  In each round it takes the items ``c = 1, 2, ..., N``
that still have options, in order, and *hides* ``c``: every option that
holds ``c`` without a color leaves the lists of its other items.  Then

* if some primary item ``p`` is left with no option, every option holding
  ``p`` holds ``c`` too: ``c`` is *implied* by ``p`` and goes away.  The
  options that hold ``c`` and ``p`` stay, shortened by ``c``; those that hold
  ``c`` but not ``p`` are deleted (choosing one would leave ``p`` uncoverable).
* otherwise each option ``r`` of ``c``'s list whose first surviving node is
  ``c`` (uncolored) is *tested*: with ``c`` still hidden, would the options
  that clash with ``r`` at one of its other items (all the options of an
  uncolored item; those of another color, or none, at a colored one) take
  away every option of some primary item outside ``r``?  Then ``r`` is in no
  solution: it is marked, and deleted once ``c`` is unhidden.

A round that deletes an option or removes an item is a *change*; the rounds
stop after one without change (DLX-PRE counts that last round too).  A
primary item left with no option at all makes the problem infeasible: then
the whole output is that item, with no option.

The data structure (as in DLX-PRE, which cribs it from DLX2)
------------------------------------------------------------
The nodes are those of :mod:`dlxnumba.kernels` with spacers (built by
:func:`dlxnumba.problem.build_arrays`): headers ``1..N`` (item ``i`` is
primary when ``i < second``), then the options, each preceded by a spacer and
the last one followed by one.  The :data:`Pre` record holds, per node,

``itm``
    the item of an ordinary node (``top`` of the search); ``<= 0`` in a
    spacer, minus the number of options before it.  Private: DLX-PRE writes it.
``up``, ``down``
    the vertical links; in a spacer, the first node of the option before it
    and the last node of the option after it.
``color``
    the node's color (0: none).
``mark``
    a stamp of the test in hand (:func:`_test`).

and per item (index ``0..N``) ``length``, the number of nodes in its list,
and ``tally``, the test's count of the options it has left.

When item ``c`` goes away, its node in each option that stays becomes a
*null spacer*: ``itm = 0``, ``up`` the node after it and ``down`` the node
before it, so that walking an option still works (rightwards a spacer jumps
through ``up``, leftwards through ``down``).  A node ``q`` with ``down[q] ==
q - 1`` is such a null spacer (no other node's ``down`` can point just below
it), which is how the first *surviving* node of an option is found.  The
options marked for deletion while item ``c`` is hidden are chained through
the ``itm`` of their node in ``c`` (restored before the option is deleted);
no step reads that ``itm`` meanwhile, as the options are hidden from every
list but ``c``'s.  Options deleted for good are unlinked from every list and
never read again.

Where this differs from dlx-pre.w
---------------------------------
Only in how an option is tested, not in the answer.  DLX-PRE hides the
clashing options (unlinking their nodes, as a cover does), watches for a
primary item whose list runs empty, and unhides them all again.  Here the
test writes no link: it counts, per item, the clashing options met
(:func:`_test`), and stops at the first primary item outside ``r`` whose count
reaches its length.  Whether such an item exists does not depend on the order
in which the options are met, so the same options are deleted, in the same
order, and everything else (hiding ``c``, removing items, deleting options,
the rounds, the order of the output) is DLX-PRE's own step for step.  The
test does less than half the work of hiding and unhiding.

The loop is resumable: it stops between two options tested (or two items)
once ``state[UPDATES]`` reaches a budget, and a later call continues exactly
there.  Called with ``stop``, it closes the item in hand at once -- the
options already found useless are deleted, the rest kept -- and returns, so
that the problem it leaves is still an equivalent one.  Counting: an
*update* is a node removed from a list (hiding ``c``, deleting) or counted
by a test.
"""

from collections import namedtuple

import numpy as np
from numba import njit

from .._common import JIT_ENTRY, JIT_INNER

Pre = namedtuple("Pre", "itm up down color length tally mark")
Pre.__doc__ = """The links of one preprocessing: per node int32 ``itm`` (private),
uint32 ``up`` and ``down``, int32 ``color``; per item (``0..N``) int32
``length`` and int64 ``tally``; per node int32 ``mark`` (the stamps of
:func:`_test`)."""

# Slots of the int64 ``state`` vector.
PHASE = 0  # one of the PH_* codes below
ROUND = 1  # the rounds begun (DLX-PRE's ``rnd``)
ITEM = 2  # the item in hand (``c``); 0 when a round is to begin
NODE = 3  # in PH_TEST: the next node of c's list to test
STACK = 4  # in PH_TEST: the last option marked for deletion (a node of c), 0 for none
CHANGE = 5  # 1 once the round in hand has removed something
OPTIONS_OUT = 6  # options deleted (DLX-PRE's ``options_out``)
ITEMS_OUT = 7  # items removed or left without options (``itms_out``)
UPDATES = 8  # nodes removed from lists so far
BLOCKED = 9  # a primary item left with no option (the problem is infeasible), else 0
COMPLETE = 10  # 1 when the rounds stopped at the fixed point (or infeasibility)
TICK = 11  # the stamp of the last option tested (see :func:`_test`)
STATE_SIZE = 12

#: The stamps start again from 1 before they would overflow int32.
TICK_MAX = 2**31 - 1
#: The count an item of the option under test starts from: it never runs out.
BUSY = np.int64(1 << 30)
_ONE = np.uint64(1)

PH_START = 0  # nothing done yet
PH_ITEM = 1  # about to take item state[ITEM] (or the next with options) of round state[ROUND]
PH_TEST = 2  # item state[ITEM] is hidden; its options from state[NODE] on are still to test
PH_DONE = 3  # finished (the round limit, the fixed point or an infeasible item)

RET_DONE = 0
RET_PAUSED = 1


@njit(**JIT_ENTRY)
def reduce_step(n, n1, pre, state, budget, stop, max_rounds):
    """Run (or resume) DLX-PRE until ``state[UPDATES] >= budget``, the end, or ``stop``.

    ``n`` items of which ``n1`` primary; ``pre`` the :data:`Pre` record as a
    plain tuple; ``state`` int64 (:data:`STATE_SIZE` slots, zeros to start);
    at most ``max_rounds`` rounds.  ``stop`` closes the item in hand at once
    (the options it found useless are deleted, the others stay untested) and
    returns.  Returns ``RET_DONE`` (``state[PHASE] == PH_DONE``) or ``RET_PAUSED``.
    """
    return _reduce(n, n1, Pre(*pre), state, budget, stop, max_rounds)


@njit(**JIT_INNER)
def _reduce(n, n1, pre, state, budget, stop, max_rounds):
    itm, color, length = pre.itm, pre.color, pre.length
    down = pre.down
    last_itm = n + 1  # the first spacer: every node below it is a header
    second = n1 + 1  # the first secondary item
    phase = state[PHASE]
    rnd = state[ROUND]
    c = state[ITEM]
    r = state[NODE]
    stack = state[STACK]
    change = state[CHANGE]
    options_out = state[OPTIONS_OUT]
    items_out = state[ITEMS_OUT]
    updates = state[UPDATES]
    blocked = state[BLOCKED]
    complete = state[COMPLETE]
    tick = state[TICK]
    ret = RET_PAUSED

    if phase == PH_START:
        # Take note of the items that have no options: a primary one ends it all.
        for cc in range(1, n + 1):
            if length[cc] == 0:
                items_out += 1
                if cc < second:
                    blocked = cc
                    break
        if blocked:
            phase = PH_DONE
            complete = 1
        else:
            c = 0  # a round is to begin
            phase = PH_ITEM

    while phase != PH_DONE:
        if phase == PH_ITEM:
            if c == 0:
                # begin a round, unless the limit says no
                if rnd >= max_rounds:
                    phase = PH_DONE
                    break
                if stop or updates >= budget:
                    break
                rnd += 1
                change = 0
                c = 1
            while c <= n and length[c] == 0:
                c += 1
            if c > n:
                # the round is over: stop after a round that changed nothing
                if change == 0:
                    phase = PH_DONE
                    complete = 1
                    break
                c = 0
                continue
            if stop or updates >= budget:
                break
            # Try to reduce options in item c's list: hide c first.
            stack, u = _hide(c, last_itm, second, pre)
            updates += u
            if stack:
                # Remove item c: every option of the primary item ``stack`` holds c.
                _unhide(c, last_itm, pre)
                bad, emptied, deleted, u = _remove_item(c, stack, last_itm, second, pre)
                options_out += deleted
                updates += u
                items_out += 1 + emptied
                change = 1
                if bad:
                    blocked = bad
                    phase = PH_DONE
                    complete = 1
                    break
                c += 1
                continue
            stack = 0  # from now on: the chain of options marked for deletion
            r = down[c]
            phase = PH_TEST
        # PH_TEST: c is hidden; test its options from r on.
        while r >= last_itm:
            if stop or updates >= budget:
                break
            q = r - 1
            while down[q] == q - 1:  # bypass null spacers
                q -= 1
            if itm[q] <= 0 and color[r] == 0:
                # r is the first surviving node of its option, and uncolored
                tick += 1
                if tick == TICK_MAX:
                    tick = _reset_stamps(pre)
                pp, u = _test(r, tick, last_itm, second, pre)
                updates += u
                if pp:
                    # mark the unnecessary option r
                    options_out += 1
                    change = 1
                    itm[r] = stack
                    stack = r
            r = down[r]
        if r >= last_itm and not stop:
            break  # paused within the item
        _unhide(c, last_itm, pre)
        while stack:
            rr = stack
            stack = itm[rr]
            itm[rr] = c
            bad, emptied, u = _delete_marked(rr, second, pre)
            updates += u
            items_out += emptied
            if bad:
                blocked = bad
                phase = PH_DONE
                complete = 1
                break
        if phase == PH_DONE:
            break
        c += 1
        phase = PH_ITEM
        if stop:
            break  # (c's tests were cut short: whether the round changed nothing is unknown)

    if phase == PH_DONE:
        ret = RET_DONE
    state[PHASE] = phase
    state[ROUND] = rnd
    state[ITEM] = c
    state[NODE] = r
    state[STACK] = stack
    state[CHANGE] = change
    state[OPTIONS_OUT] = options_out
    state[ITEMS_OUT] = items_out
    state[UPDATES] = updates
    state[BLOCKED] = blocked
    state[COMPLETE] = complete
    state[TICK] = tick
    return ret


@njit(**JIT_INNER)
def _hide(c, last_itm, second, pre):
    """Hide item ``c``: each option that holds ``c`` uncolored leaves its other
    items' lists.  Returns ``(p, updates)``: ``p`` the last primary item this
    left with no option (0 for none)."""
    itm, up, down, length = pre.itm, pre.up, pre.down, pre.length
    stack = 0
    updates = 0
    rr = down[c]
    color = pre.color
    while rr >= last_itm:
        if color[rr] == 0:
            nn = rr + 1
            while nn != rr:
                uu = up[nn]
                dd = down[nn]
                cc = itm[nn]
                if cc <= 0:
                    nn = uu
                    continue
                down[uu] = dd
                up[dd] = uu
                t = length[cc] - 1
                length[cc] = t
                updates += 1
                if t == 0 and cc < second:
                    stack = cc
                nn += 1
        rr = down[rr]
    return stack, updates


@njit(**JIT_INNER)
def _unhide(c, last_itm, pre):
    """Undo :func:`_hide` of item ``c`` (the same walk, relinking)."""
    itm, up, down, length, color = pre.itm, pre.up, pre.down, pre.length, pre.color
    rr = down[c]
    while rr >= last_itm:
        if color[rr] == 0:
            nn = rr + 1
            while nn != rr:
                uu = up[nn]
                dd = down[nn]
                cc = itm[nn]
                if cc <= 0:
                    nn = uu
                    continue
                down[uu] = nn
                up[dd] = nn
                length[cc] += 1
                nn += 1
        rr = down[rr]


@njit(**JIT_INNER)
def _test(r, tick, last_itm, second, pre):
    """Whether option ``r`` (its first surviving node, item ``c`` hidden) leaves
    a primary item outside it with no option: returns ``(that item or 0,
    nodes counted)``.  ``tick``, new for each test, stamps what this test has
    seen; nothing is written but the stamps.

    DLX-PRE hides the clashing options and unhides them afterwards; here
    they are counted.  ``tally[i]`` is ``tick << 32`` plus item ``i``'s length
    less the clashing options counted so far (its length, when the high half
    is an older tick); an item of ``r`` starts at :data:`BUSY` instead, which
    never runs out.  Each node of a counted option is stamped (``mark``), so
    that the option is not counted again when another item of ``r`` meets it.
    A count runs out exactly when DLX-PRE's hiding would empty the item's
    list, so the answer (whether a primary item outside ``r`` is emptied) is
    the same.
    """
    itm, up, down, color, length, tally, mark = pre
    r = np.uint64(r)
    first = np.uint64(last_itm)
    base = np.int64(tick) << 32
    # stamp the items of r (other than c)
    q = r + _ONE
    while True:
        cc = itm[q]
        if cc <= 0:
            q = np.uint64(up[q])
            if q > r:
                continue
            break
        tally[np.uint64(cc)] = base | BUSY
        q += _ONE
    # item by item of r, every option that clashes with r there
    work = 0
    q = r + _ONE
    while True:
        cc = itm[q]
        if cc <= 0:
            q = np.uint64(up[q])
            if q > r:
                continue
            return 0, work  # done with r: nothing emptied
        x = color[q]
        p = np.uint64(down[np.uint64(cc)])
        while p >= first:
            if mark[p] == tick or (x > 0 and color[p] == x):
                p = np.uint64(down[p])
                continue
            # count the option of p out of its other items' lists
            qq = p + _ONE
            while qq != p:
                ci = itm[qq]
                if ci <= 0:
                    qq = np.uint64(up[qq])
                    continue
                mark[qq] = tick
                work += 1
                if ci < second:  # only a primary item can block r
                    u = np.uint64(ci)
                    v = tally[u]
                    if (v >> 32) != tick:
                        v = base | length[u]
                    v -= 1
                    tally[u] = v
                    if v == base:
                        return ci, work
                qq += _ONE
            p = np.uint64(down[p])
        q += _ONE


@njit(**JIT_INNER)
def _reset_stamps(pre):
    """Clear the stamps of :func:`_test`; returns the next tick, 1."""
    pre.tally[:] = 0
    pre.mark[:] = 0
    return 1


@njit(**JIT_INNER)
def _remove_item(c, stack, last_itm, second, pre):
    """Item ``c`` is implied by the primary item ``stack``: shorten the options
    of ``c`` that hold ``stack``, delete the others.  Returns ``(blocked,
    emptied, deleted, updates)``: ``blocked`` a primary item left with no
    option (then it stops there: the problem is infeasible) or 0, ``emptied``
    the secondary items left with none, ``deleted`` the options deleted."""
    itm, up, down, length = pre.itm, pre.up, pre.down, pre.length
    deleted = 0
    updates = 0
    emptied = 0
    r = down[c]
    while r >= last_itm:
        rrr = down[r]
        # delete or shorten option r
        q = r + 1
        while q != r:
            cc = itm[q]
            if cc <= 0:
                q = up[q]
                continue
            if cc == stack:
                break
            q += 1
        if q != r:
            # shorten and retain option r: node r becomes a null spacer
            up[r] = r + 1
            down[r] = r - 1
            itm[r] = 0
        else:
            deleted += 1
            q = r + 1
            while q != r:
                cc = itm[q]
                if cc <= 0:
                    q = up[q]
                    continue
                t = length[cc] - 1
                if t == 0:
                    if cc < second:
                        return cc, emptied, deleted, updates
                    emptied += 1
                length[cc] = t
                uu = up[q]
                dd = down[q]
                down[uu] = dd
                up[dd] = uu
                updates += 1
                q += 1
        r = rrr
    up[c] = c
    down[c] = c
    length[c] = 0
    return 0, emptied, deleted, updates


@njit(**JIT_INNER)
def _delete_marked(r, second, pre):
    """Delete option ``r`` (a node of it) from every list, ``r`` last.  Returns
    ``(blocked, emptied, updates)`` as :func:`_remove_item` does."""
    itm, up, down, length = pre.itm, pre.up, pre.down, pre.length
    emptied = 0
    updates = 0
    p = r + 1
    while True:
        cc = itm[p]
        if cc <= 0:
            p = up[p]
            continue
        uu = up[p]
        dd = down[p]
        down[uu] = dd
        up[dd] = uu
        updates += 1
        t = length[cc] - 1
        length[cc] = t
        if t == 0:
            if cc < second:
                return cc, emptied, updates
            emptied += 1
        if p == r:
            break
        p += 1
    return 0, emptied, updates


@njit(**JIT_ENTRY)
def reduced_options(n, pre, out):
    """The options that survive, in the order DLX-PRE writes them: item by item,
    each option under the item of its first surviving node, in list order.
    Writes each one's number (counted from 0) into ``out``; returns how many."""
    itm, down, length = pre[0], pre[2], pre[4]
    k = 0
    for c in range(1, n + 1):
        if length[c] == 0:
            continue
        r = down[c]
        while r > n:
            q = r - 1
            while down[q] == q - 1:
                q -= 1
            if itm[q] <= 0:
                x = r + 1
                while itm[x] >= 0:
                    x += 1
                out[k] = -itm[x] - 1
                k += 1
            r = down[r]
    return k
