"""Dancing cells with multiplicities: Knuth's SSMCC, its search loop and the steps only it takes.

The data structure is that of :mod:`.cells` (its docstring explains the
sparse sets, the counters and the resumable state), with ``HEADER_M`` header
entries per item: SSMCC adds each primary item's *bound* (how many more
times it may be covered) and *slack* (``v - u``) before its pos and size.
The search is its own loop, :func:`_search_m`, as Knuth's program is: binary
branching (a node *includes* the first option of the item it branches on,
or, on the way back, *removes* it and branches again), the bound and slack
of each primary item saved with its size on a stack of triples, and his
branching score ``size + min(slack, bound) - bound + 1``.
"""

from collections import namedtuple

import numpy as np
from numba import njit

from .._common import (JIT_ENTRY, JIT_INNER, LEVEL, MAX_LEVEL, NODES, PH_DONE, PH_FORWARD, PH_RECOVER, PH_START,
                       PHASE, RET_DONE, RET_PAUSED, RET_SOLUTION, SOLUTIONS, UPDATES)
from .cells import ACTIVE_ITEMS, FORCED, RET_GROW, Cells, swap_out

#: The variant with multiplicities (Knuth's SSMCC: binary branching, bounds).
BOUNDS = 2
#: Header entries before each item's set in SSMCC's layout: bound, slack, pos, size.
HEADER_M = 4
#: Slots of an SSMCC ``state`` (0-5 as in the links search; LEVEL is the level
#: of the binary tree, MAX_LEVEL its deepest).
STAGE = 10  # options included so far
SAVEPTR = 11  # entries on the stack of saved (item, size, bound) triples
ROOT = 12  # triples saved at the start (restored at the end)
STATE_SIZE_M = 13

CursorM = namedtuple("CursorM", "choice profile deg levelstage saved stack force state")
CursorM.__doc__ = """Where an SSMCC search stands: int32 ``choice`` (the node tried at each
level), int64 ``profile`` (nodes per stage), int32 ``deg`` (the branching degree at each
level), int32 ``levelstage`` (the latest level of each stage), int64 ``saved`` (where
each stage's saved triples start), int32 ``stack`` (triples item, size, bound),
``force`` and the int64 ``state``."""


@njit(**JIT_INNER)
def _deactivate(x, active, item, set_):
    """Swap active item ``x`` out of the active part; the new ``active``."""
    active -= 1
    swap_out(x, active, item, set_)
    return active


@njit(**JIT_INNER)
def _remove_option(optp, second, active, set_, nd, item):
    """SSMCC's "remove |optp| from its other sets, or return 0": every node of
    the option of node ``optp`` leaves its item's set (purified secondary items
    excepted); a primary item left with no option is deactivated.  Returns
    ``(updates or -1 - updates when an item would fall below its lower bound,
    active)``."""
    w = 4
    updates = np.int64(0)
    nn = optp
    while nd[np.uint64(w * (nn - 1))] > 0:
        nn -= 1
    while True:
        ii = np.int64(nd[np.uint64(w * nn)])
        if ii <= 0:
            break
        p = np.int64(nd[np.uint64(w * nn + 1)])
        if ii >= second and set_[np.uint64(ii - 2)] >= active:
            nn += 1
            continue  # purified
        ss = np.int64(set_[np.uint64(ii - 1)]) - 1
        if ii < second:
            if ss < set_[np.uint64(ii - 4)] - set_[np.uint64(ii - 3)]:
                return -1 - updates, active
            if ss == 0:
                active = _deactivate(ii, active, item, set_)
        if ss > 0:
            last = ii + ss
            nnp = np.int64(set_[np.uint64(last)])
            set_[np.uint64(ii - 1)] = ss
            set_[np.uint64(last)] = nn
            set_[np.uint64(p)] = nnp
            nd[np.uint64(w * nn + 1)] = last
            nd[np.uint64(w * nnp + 1)] = p
            updates += 1
        nn += 1
    return updates, active


@njit(**JIT_INNER)
def include_option(opt, second, active, set_, nd, item):
    """SSMCC's ``include_option``: add the option of node ``opt`` to the partial
    solution.  Returns ``(updates, or -1 - updates when some primary item
    could no longer meet its lower bound, active)``."""
    w = 4
    updates = np.int64(0)
    while nd[np.uint64(w * (opt - 1))] > 0:
        opt -= 1
    while True:
        ii = np.int64(nd[np.uint64(w * opt)])
        if ii <= 0:
            break
        pp = np.int64(nd[np.uint64(w * opt + 1)])
        p = np.int64(set_[np.uint64(ii - 2)])
        if p >= active:
            opt += 1
            continue  # a purified secondary item (a primary one cannot be inactive here)
        if ii < second:
            set_[np.uint64(ii - 4)] -= 1
        if ii >= second or set_[np.uint64(ii - 4)] == 0:
            # cover (primary) or purify (secondary) item ii
            ss = np.int64(set_[np.uint64(ii - 1)])
            c = np.int64(0) if ii < second else np.int64(nd[np.uint64(w * opt + 2)])
            s = ii + ss - 1
            while s >= ii:
                if s != pp:
                    optp = np.int64(set_[np.uint64(s)])
                    if c == 0 or nd[np.uint64(w * optp + 2)] != c:
                        h, active = _remove_option(optp, second, active, set_, nd, item)
                        if h < 0:
                            return -1 - updates + (h + 1), active
                        updates += h
                s -= 1
            active = _deactivate(ii, active, item, set_)
        else:
            ss = np.int64(set_[np.uint64(ii - 1)]) - 1
            if ss < set_[np.uint64(ii - 4)] - set_[np.uint64(ii - 3)]:
                return -1 - updates, active
            if ss == 0:
                active = _deactivate(ii, active, item, set_)
            else:
                last = ii + ss
                nnp = np.int64(set_[np.uint64(last)])
                set_[np.uint64(ii - 1)] = ss
                set_[np.uint64(last)] = opt
                set_[np.uint64(pp)] = nnp
                nd[np.uint64(w * opt + 1)] = last
                nd[np.uint64(w * nnp + 1)] = pp
                updates += 1
        opt += 1
    return updates, active


@njit(**JIT_ENTRY)
def search_bounds(second, cells, cursor, stop_at, solution_stop, node_stop, update_stop):
    """:func:`_search_m` (SSMCC); records as plain tuples."""
    return _search_m(second, Cells(*cells), CursorM(*cursor), solution_stop, node_stop, update_stop)


@njit(**JIT_INNER)
def _search_m(second, cells, cursor, solution_stop, node_stop, update_stop):
    """Run (or resume) Knuth's SSMCC until a stop condition; return a RET_* code.

    Binary branching: a node either includes the first option of the item
    it branches on (a new *stage*) or, on the way back, removes that option
    and branches again.  ``RET_SOLUTION`` leaves the solution as
    ``choice[levelstage[0 .. state[STAGE] - 1]]``; the other codes as in
    :func:`.cells._search`.
    """
    item, set_, nd, _ = cells
    choice, profile, deg, levelstage, saved, stack, force, state = cursor
    level = state[LEVEL]
    phase = state[PHASE]
    nodes = state[NODES]
    updates = state[UPDATES]
    sols = state[SOLUTIONS]
    maxl = state[MAX_LEVEL]
    active = state[ACTIVE_ITEMS]
    forced = state[FORCED]
    stage = state[STAGE]
    saveptr = state[SAVEPTR]
    cap = np.int64(stack.shape[0] // 3)
    best = np.int64(0)
    score = np.int64(0)
    ret = RET_DONE
    big = np.int64(0x7FFFFFFF)
    # steps: 0 forward, 1 advance, 2 backup, 3 purgeit, 4 leave, 5 prebackup
    step = 0

    if phase == PH_DONE:
        return RET_DONE
    if phase == PH_START:
        # SSMCC's input phase: no search if a primary item has fewer options
        # than its lower bound; items without options leave the active set
        forced = 0
        for k in range(active - 1, -1, -1):
            x = np.int64(item[np.uint64(k)])
            sz = np.int64(set_[np.uint64(x - 1)])
            if x < second and sz < set_[np.uint64(x - 4)] - set_[np.uint64(x - 3)]:
                state[PHASE] = PH_DONE
                return RET_DONE
            if sz == 0:
                force[np.uint64(forced)] = x
                forced += 1
        while forced > 0:
            forced -= 1
            active = _deactivate(np.int64(force[np.uint64(forced)]), active, item, set_)
        # save every size and bound, to restore them all at the end
        for p in range(active):
            x = np.int64(item[np.uint64(p)])
            stack[np.uint64(3 * p)] = x
            stack[np.uint64(3 * p + 1)] = set_[np.uint64(x - 1)]
            stack[np.uint64(3 * p + 2)] = set_[np.uint64(x - 4)] if x < second else 0
        state[ROOT] = active
        level = 0
        stage = 0
        saveptr = active
    elif phase == PH_RECOVER:
        step = 2

    while step != 4:
        if step == 0:
            # forward
            if nodes >= node_stop or updates >= update_stop:
                phase = PH_FORWARD
                ret = RET_PAUSED
                break
            if saveptr + active > cap:
                phase = PH_FORWARD
                ret = RET_GROW
                break
            nodes += 1
            profile[np.uint64(stage)] += 1
            if level > maxl:
                maxl = level
            # maybe do a forced move
            found = False
            while forced > 0:
                forced -= 1
                best = np.int64(force[np.uint64(forced)])
                if set_[np.uint64(best - 2)] < active:
                    found = True
                    break
            if not found:
                score = big
                best_s = np.int64(0)
                best_l = np.int64(0)
                for k in range(active):
                    x = np.int64(item[np.uint64(k)])
                    if x < second:
                        bnd = np.int64(set_[np.uint64(x - 4)])
                        slk = np.int64(set_[np.uint64(x - 3)])
                        sz = np.int64(set_[np.uint64(x - 1)])
                        s = min(slk, bnd)
                        t = sz + s - bnd + 1
                        if t == 1:
                            for _ in range(bnd - slk):
                                force[np.uint64(forced)] = x
                                forced += 1
                        elif t <= score and (t < score or (s <= best_s and (s < best_s or (
                                sz >= best_l and (sz > best_l or x < best))))):
                            score = t
                            best = x
                            best_s = s
                            best_l = sz
                if forced > 0:
                    forced -= 1
                    best = np.int64(force[np.uint64(forced)])
                    found = True
            if found:
                # a forced move: nothing saved (no second branch)
                saved[np.uint64(stage)] = saveptr
                score = 1
                step = 1
                continue
            if score == big:
                # visit a solution: choice[levelstage[0 .. stage - 1]]
                sols += 1
                if sols >= solution_stop:
                    phase = PH_RECOVER
                    ret = RET_SOLUTION
                    break
                step = 2
                continue
            saved[np.uint64(stage)] = saveptr
            for p in range(active):
                x = np.int64(item[np.uint64(p)])
                e = 3 * (saveptr + p)
                stack[np.uint64(e)] = x
                stack[np.uint64(e + 1)] = set_[np.uint64(x - 1)]
                if x < second:
                    stack[np.uint64(e + 2)] = set_[np.uint64(x - 4)]
            saveptr += active
            step = 1
        elif step == 1:
            # advance: include the first option of best
            cur = np.int64(set_[np.uint64(best)])
            choice[np.uint64(level)] = cur
            deg[np.uint64(level)] = score
            h, active = include_option(cur, second, active, set_, nd, item)
            if h >= 0:
                updates += h
                stage += 1
                level += 1
                levelstage[np.uint64(stage)] = level
                step = 0
            else:
                updates += -1 - h
                forced = 0
                # tryagain
                step = 5 if score == 1 else 3
        elif step == 5:
            # prebackup
            saveptr = saved[np.uint64(stage)]
            step = 2
        elif step == 2:
            # backup
            stage -= 1
            if stage < 0:
                stage = 0
                active = state[ROOT]
                for p in range(active):
                    x = np.int64(stack[np.uint64(3 * p)])
                    set_[np.uint64(x - 1)] = stack[np.uint64(3 * p + 1)]
                    if x < second:
                        set_[np.uint64(x - 4)] = stack[np.uint64(3 * p + 2)]
                phase = PH_DONE
                ret = RET_DONE
                break
            level = levelstage[np.uint64(stage)]
            step = 3
        else:
            # purgeit: restore, then remove the option and branch again
            if deg[np.uint64(level)] == 1:
                step = 5
                continue
            lo = saved[np.uint64(stage)]
            active = saveptr - lo
            saveptr = lo
            for p in range(active):
                e = 3 * (saveptr + p)
                x = np.int64(stack[np.uint64(e)])
                set_[np.uint64(x - 1)] = stack[np.uint64(e + 1)]
                if x < second:
                    set_[np.uint64(x - 4)] = stack[np.uint64(e + 2)]
            cur = np.int64(choice[np.uint64(level)])
            h, active = _remove_option(cur, second, active, set_, nd, item)
            if h < 0:
                updates += -1 - h
                step = 5
                continue
            updates += h
            level += 1
            levelstage[np.uint64(stage)] = level
            step = 0

    state[LEVEL] = level
    state[PHASE] = phase
    state[NODES] = nodes
    state[UPDATES] = updates
    state[SOLUTIONS] = sols
    state[MAX_LEVEL] = maxl
    state[ACTIVE_ITEMS] = active
    state[FORCED] = forced
    state[STAGE] = stage
    state[SAVEPTR] = saveptr
    return ret


@njit(**JIT_ENTRY)
def apply_given_m(given, first_node, second, cells, state):
    """:func:`.cells._apply_given` for SSMCC: each given option is included as
    the search would include it (nothing counted).  Returns the position in
    ``given`` of the first one that cannot be, or -1."""
    w = 4
    item, set_, nd, _ = cells
    active = state[ACTIVE_ITEMS]
    for g in range(given.shape[0]):
        y0 = np.int64(first_node[np.uint64(given[g])])
        y = y0
        while nd[np.uint64(w * y)] > 0:
            x = np.int64(nd[np.uint64(w * y)])
            if x < second:
                loc = np.int64(nd[np.uint64(w * y + 1)])
                if set_[np.uint64(x - 2)] >= active or loc >= x + set_[np.uint64(x - 1)]:
                    state[ACTIVE_ITEMS] = active
                    return g
            y += 1
        h, active = include_option(y0, second, active, set_, nd, item)
        if h < 0:
            state[ACTIVE_ITEMS] = active
            return g
    state[ACTIVE_ITEMS] = active
    return -1
