"""Compiled kernels: Knuth's Algorithm X with dancing links over int32 arrays.

Every function here is ``@njit`` and sees only arrays and scalars; validation,
names and Python objects live in :mod:`dlxnumba.problem`.  Keep all compiled code
in this one module: numba's on-disk cache does not notice edits to other files
that a cached function calls.

The data structure (Knuth, *Dancing Links*, and his program DLX1)
-----------------------------------------------------------------
An exact-cover problem has ``N`` items, numbered ``1..N``; items ``1..N1`` are
*primary* (covered exactly once) and ``N1+1..N`` *secondary* (at most once).
Its *options* are numbered ``0..M-1``; each is a set of items.

Item list -- arrays ``llink``, ``rlink`` of length ``N + 2``:
    a doubly linked circular list of the *active* primary items, headed by the
    root ``0``; the secondary items form a second circular list headed by
    ``N + 1`` so that they are never chosen for branching.  Item ``i`` is active
    exactly when ``rlink[llink[i]] == i``.

Node list -- arrays ``top``, ``ulink``, ``dlink`` of length ``Z``:
    nodes ``1..N`` are the item headers (node ``0`` is unused); then come the
    options, one node per item, each option preceded by a *spacer* node and the
    last option followed by one.  For an ordinary node ``x``, ``top[x]`` is its
    item and ``ulink``/``dlink`` link it into that item's vertical circular list,
    which holds the item's options in input order.  For the header ``i``,
    ``ulink[i]``/``dlink[i]`` are the last and first node of its list and
    ``length[i]`` counts the nodes in it.  For a spacer ``s``, ``top[s] <= 0``
    is minus the number of options before it; ``ulink[s]`` is the first node of
    the option before it and ``dlink[s]`` the last node of the option after it.
    So an option is walked to the right (``x + 1``, jumping back through a
    spacer's ``ulink``) or to the left (``x - 1``, through ``dlink``) without any
    left/right links, and the option a node belongs to is found at the next
    spacer.

    The links are stored as int32; the kernels read them through uint32 views
    (``arr.view(np.uint32)``) so that every index is unsigned and numba emits no
    negative-index fix-up on the loads.  ``top`` stays signed for the spacers.

Covering item ``c`` removes it from the item list and *hides* every option in
its list: each of the option's other nodes leaves its own item's vertical list
(``length`` drops).  Uncovering undoes this in exactly the reverse order.

The search
----------
One loop, :func:`search`, with DLX1's named steps (forward, advance, backup,
recover).  The only stack is ``choice[level]``: the node of the option tried at
each level.  The whole search state lives in arrays -- the links, ``choice`` and
the small int64 vector ``state`` -- so the kernel can return to Python after a
solution or when a node/update budget is spent, and a later call continues
exactly where it stopped.

Counters follow DLX1: a *node* is counted each time a level is entered and for
each solution; an *update* each time an item is covered or a node hidden.
Branching takes the active primary item of minimum length, leftmost among
equals; the scan stops early at an item of length ``<= stop_at`` (``0`` is
DLX1's rule, ``1`` is the common "forced move" shortcut).
"""

import numpy as np
from numba import njit, prange

_JIT = dict(cache=True, nogil=True, error_model="numpy")

# Slots of the int64 ``state`` vector of a resumable search.
LEVEL = 0  # current level
PHASE = 1  # where to resume: one of the PH_* codes
NODES = 2  # nodes of the search tree so far (DLX1's ``nodes``)
UPDATES = 3  # covers + hides so far (DLX1's ``updates``)
SOLUTIONS = 4  # solutions visited so far
MAX_LEVEL = 5  # deepest level entered
STATE_SIZE = 8

PH_START = 0  # nothing done yet
PH_FORWARD = 1  # enter a new level (after a pause on the budget)
PH_RECOVER = 2  # a solution was just visited: undo choice[level] and advance
PH_DONE = 3  # the search tree is exhausted

# Return codes of :func:`search`.
RET_DONE = 0
RET_SOLUTION = 1
RET_PAUSED = 2

_U1 = np.uint32(1)
_U0 = np.uint32(0)


# ---------------------------------------------------------------------------
# Dancing steps
# ---------------------------------------------------------------------------


@njit(**_JIT)
def _cover(c, llink, rlink, top, ulink, dlink, length):
    """Cover item ``c``: unlink it and hide its options.  Returns the updates."""
    left = llink[c]
    right = rlink[c]
    rlink[left] = right
    llink[right] = left
    updates = 1
    rr = dlink[c]
    while rr != c:
        nn = rr + _U1
        while nn != rr:
            cc = top[nn]
            if cc <= 0:  # spacer: wrap to the first node of this option
                nn = ulink[nn]
            else:
                uu = ulink[nn]
                dd = dlink[nn]
                dlink[uu] = dd
                ulink[dd] = uu
                length[np.uint32(cc)] -= 1
                updates += 1
                nn += _U1
        rr = dlink[rr]
    return updates


@njit(**_JIT)
def _uncover(c, llink, rlink, top, ulink, dlink, length):
    """Undo :func:`_cover` of item ``c``, in exactly the reverse order."""
    rr = ulink[c]
    while rr != c:
        nn = rr - _U1
        while nn != rr:
            cc = top[nn]
            if cc <= 0:  # spacer: wrap to the last node of this option
                nn = dlink[nn]
            else:
                uu = ulink[nn]
                dd = dlink[nn]
                dlink[uu] = nn
                ulink[dd] = nn
                length[np.uint32(cc)] += 1
                nn -= _U1
        rr = ulink[rr]
    left = llink[c]
    right = rlink[c]
    rlink[left] = c
    llink[right] = c


@njit(**_JIT)
def _cover_others(oo, llink, rlink, top, ulink, dlink, length):
    """Cover the items of node ``oo``'s option other than ``top[oo]``, going right."""
    updates = 0
    pp = oo + _U1
    while pp != oo:
        cc = top[pp]
        if cc <= 0:
            pp = ulink[pp]
        else:
            updates += _cover(np.uint32(cc), llink, rlink, top, ulink, dlink, length)
            pp += _U1
    return updates


@njit(**_JIT)
def _uncover_others(oo, llink, rlink, top, ulink, dlink, length):
    """Undo :func:`_cover_others`, going left."""
    pp = oo - _U1
    while pp != oo:
        cc = top[pp]
        if cc <= 0:
            pp = dlink[pp]
        else:
            _uncover(np.uint32(cc), llink, rlink, top, ulink, dlink, length)
            pp -= _U1


# ---------------------------------------------------------------------------
# The search loop
# ---------------------------------------------------------------------------


@njit(**_JIT)
def search(llink, rlink, top, ulink, dlink, length, choice, profile, state,
           stop_at, solution_stop, node_stop, update_stop):
    """Run (or resume) Algorithm X until a stop condition; return a RET_* code.

    ``llink, rlink, ulink, dlink`` are uint32 views, ``top`` and ``length``
    int32, ``choice`` int32 of length >= N1 + 1, ``profile`` int64 of the same
    length (nodes per level), ``state`` the int64 vector described above.

    Returns ``RET_SOLUTION`` when the number of solutions reaches
    ``solution_stop`` (``choice[0..state[LEVEL]]`` then holds the chosen
    nodes), ``RET_PAUSED`` before entering a level once ``state[NODES] >=
    node_stop`` or ``state[UPDATES] >= update_stop``, and ``RET_DONE`` when the
    tree is exhausted (all links restored).  Call again to continue.
    """
    level = state[LEVEL]
    phase = state[PHASE]
    nodes = state[NODES]
    updates = state[UPDATES]
    sols = state[SOLUTIONS]
    maxl = state[MAX_LEVEL]
    best = _U0
    oo = _U0
    ret = RET_DONE
    step = 0  # 0 forward, 1 advance, 2 backup, 3 recover, 4 leave

    if phase == PH_DONE:
        return RET_DONE
    if phase == PH_START:
        if rlink[0] == 0:
            # No primary item at all: the empty set of options is the one solution.
            nodes += 1
            sols += 1
            level = -1  # so that choice[0..level] is empty
            phase = PH_DONE
            ret = RET_SOLUTION
            step = 4
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
            t = np.int32(0x7FFFFFFF)
            k = rlink[0]
            while k != 0:
                s = length[k]
                if s < t:
                    t = s
                    best = k
                    if s <= stop_at:
                        break
                k = rlink[k]
            updates += _cover(best, llink, rlink, top, ulink, dlink, length)
            oo = dlink[best]
            choice[np.uint64(level)] = oo
            step = 1
        elif step == 1:
            # advance: try the option of node oo, or back up when none is left
            if oo == best:
                step = 2
                continue
            updates += _cover_others(oo, llink, rlink, top, ulink, dlink, length)
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
                if level > maxl:
                    maxl = level
                step = 0
        elif step == 2:
            # backup: restore the item chosen at this level, return to the one above
            _uncover(best, llink, rlink, top, ulink, dlink, length)
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
            _uncover_others(oo, llink, rlink, top, ulink, dlink, length)
            oo = dlink[oo]
            choice[np.uint64(level)] = oo
            step = 1

    state[LEVEL] = level
    state[PHASE] = phase
    state[NODES] = nodes
    state[UPDATES] = updates
    state[SOLUTIONS] = sols
    state[MAX_LEVEL] = maxl
    return ret


@njit(**_JIT)
def apply_given(given, first_node, llink, rlink, top, ulink, dlink, length):
    """Force the options ``given`` into the solution before the search.

    ``first_node[j]`` is the first node of option ``j``.  Each option's items
    must all still be active; otherwise nothing more is applied and the
    position in ``given`` of the first conflicting option is returned.
    Returns -1 when all were applied.  Updates are not counted (DLX1 reads a
    problem that already lacks them).
    """
    for g in range(given.shape[0]):
        x0 = np.uint32(first_node[given[g]])
        x = x0
        while top[x] > 0:
            c = np.uint32(top[x])
            if rlink[llink[c]] != c:
                return g
            x += _U1
        x = x0
        while top[x] > 0:
            _cover(np.uint32(top[x]), llink, rlink, top, ulink, dlink, length)
            x += _U1
    return -1


@njit(**_JIT)
def chosen_options(choice, level, top, out):
    """Write the option numbers of ``choice[0..level]`` into ``out``."""
    for i in range(level + 1):
        x = np.uint32(choice[i])
        while top[x] > 0:
            x += _U1
        out[i] = -top[x] - 1
    return level + 1
