"""Dancing cells: exact cover over sparse sets (Knuth's SSXC1, SSXCC, SSMCC), the second kernel family.

Knuth's programs SSXC1, SSXCC and SSMCC replace the doubly linked lists of
DLX1, DLX2 and DLX3 by *sparse sets* (Briggs and Torczon): a set ``S`` of a
universe is an array ``p`` whose first ``s`` entries are the members, with
the inverse permutation ``q`` (``p[q[k]] == k``).  Deleting a member swaps it
to the end of the first ``s`` entries and decrements ``s``; since the search
only ever deletes and then restores, restoring a set is resetting ``s``: the
deleted members are still there, just past the end, in some order.

The data structure (Knuth's SSXC1)
----------------------------------
An exact-cover problem has ``N`` items (``N1`` primary, the rest secondary)
and ``M`` options.  Three int32 arrays hold the state, and a fourth, read
only, where each node's option lies (int16 on small problems, below):

``set`` -- the items and their active options:
    item ``i`` (numbered from 0) owns a block of ``H + len(i)`` entries: ``H``
    header entries then one entry per option that contains it, in input
    order.  The item is *named* by the index ``x`` of its first option entry.
    ``set[x - 1]`` is its *size* (the number of its options still active:
    they are ``set[x .. x + size - 1]``, each a node number, below) and
    ``set[x - 2]`` its *pos*, its place in ``item``.  (``H == 2``; SSMCC adds
    ``set[x - 3]``, the *slack* ``v - u``, and ``set[x - 4]``, the *bound*:
    how many more times the item may be covered, ``H == 4``.)  Primary items
    come first, so ``x`` names a primary item exactly when ``x < second``.

``item`` -- the active items, as a sparse set:
    ``item[0 .. active - 1]`` are the items still to be covered (primary and
    secondary alike), each given by its ``x``; ``item[pos(x)] == x``.  Items
    leave by swapping to the end of the active part.

``nd`` -- the nodes, ``W`` int32 per node side by side:
    the options one after another, one node per item, with a *spacer* node
    before the first option and after each option.  For an ordinary node
    ``y``, ``nd[W*y]`` is its item's ``x`` (*itm*) and ``nd[W*y + 1]`` its
    place in that item's block (*loc*): ``set[loc] == y``.  A spacer after an
    option of ``t`` items has ``itm == -t``, so walking an option to the right
    from ``y`` is ``y + 1``, jumping back by ``t`` from the spacer.  ``W == 2``
    for SSXC1; with colors (SSXCC, SSMCC) ``W == 4``: ``nd[W*y + 2]`` is the
    color the option gives a secondary item (0 for none) and the fourth
    entry is spare, so that a node is 16 aligned bytes, as in Knuth's
    programs.

``span`` -- where each node's option lies, two int32 per node (never written):
    ``span[2*y]`` is the first node of ``y``'s option and ``span[2*y + 1]``
    the spacer after it (0 and 0 for a spacer).  Hiding the option of ``y``
    walks its other nodes ``y + 1, ...``, wrapping from the spacer to the
    first node, as a loop of exactly ``length - 1`` steps: without it, the
    exit at the spacer falls at a different step for each node of an option,
    and the branch is mispredicted about once per option hidden (with the
    count, the 6x10 pentominoes take 0.83x the time, Langford pairs 0.80x).
    SSXC1 only: SSXCC, where it measured the same either way, walks to the
    spacer and back, as Knuth's programs do.

SSXCC keeps ``nd`` and ``set`` in one array, the nodes first: an item's ``x``
and a node's ``loc`` are places in the whole, and the kernels take the one
array as both (``nd = set_``), so that a single base address serves every
load of the hides (with two, LLVM kept one of them on the stack; Knuth's de
Bruijn file counted 1.05-1.07x faster in one, masyu 1.03x, slitherlink
0.98-0.99x).

The invariants: ``pos(item[k]) == k`` and ``set[loc(y)] == y``.

*Hiding* an option removes each of its other nodes from its item's active
set (a swap with the item's last active entry, fixing both ``loc`` fields,
and one less in the size).  *Covering* item ``x`` swaps it out of ``item``
and hides every option in its set; the chosen option's other items are
swapped out first, then their options hidden.  Unlike dancing links, nothing
is undone step by step: before trying the options of a level the search
saves the sizes of every active item on a stack, and undoing a choice is
writing them back (Christine Solnon's idea, adopted in SSXC1).  So every
level costs a pass over the active items, and a level is never *entered*
with a primary item that has no option left: hiding stops (*aborts*) the
moment it would empty the set of an active primary item, and the option is
rejected on the spot.  That is what wins on pentominoes and Langford pairs
(many options die young); on problems such as n queens and Sudoku, where few
do, the pass over the active items costs more than it saves.

Colors (SSXCC) and multiplicities (SSMCC)
-----------------------------------------
SSXCC is a compile-time variant of the same loop (``colors`` not None):
an option's secondary item with color ``c`` is *purified*: it leaves the
active items and only the options that give it another color are hidden;
the items past ``oactive`` (purified at an earlier level) are left alone.
Any primary item left with one option is pushed on a ``force`` stack and
taken next without saving the sizes (a forced move), and ties in branching
go to the item named first, as in Knuth's program.  SSMCC (``BOUNDS``) is
its own loop in its own module, :func:`.cells_m._search_m`, as Knuth's
program is: binary branching (a node *includes* the first option of the item
it branches on, or, on the way back, *removes* it and branches again), the
bound and slack of each primary item saved with its size, and his branching
score ``size + min(slack, bound) - bound + 1``.

Indices are int32 in the arrays (SSXC1's ``set``, ``nd`` and ``span``: int16
when every entry fits, :data:`dlxnumba.cells.SMALL`; numba compiles the loop
for each type) and cast to unsigned 64-bit integers at every load (``_u``),
so that numba emits no negative-index fix-up; numba checks no bounds.  Half
the memory ran SSXC1's hides on the 6x10 pentominoes 1.3x faster (a 250 KB
structure, in a 32 KB L1 cache); SSXCC's de Bruijn problem ran 0.8x, so the
colored layouts stay int32.  Each search is one loop with Knuth's labels (forward, advance,
backup, abort; SSMCC's tryagain, prebackup, purgeit), allocation-free,
resumable exactly like the links search (:mod:`.search`): the state lives in
the arrays, ``choice``, the stack of sizes and the int64 ``state`` vector
(slots 0-5 as in the links search, then the slots below).  When the stack of
sizes is full the kernel returns ``RET_GROW`` before entering a level; the
caller doubles it and calls again.

Counters (Knuth's, which differ from DLX1's):

* a *node* is counted each time a level is entered, the level where all
  primary items are covered (a solution) included: so ``nodes`` counts the
  solutions too, and a solution of ``k`` options is found at level ``k``
  (SSMCC: at the level after its last branch; its profile is per stage,
  the number of options included);
* an *update* each time an item leaves the active set while it is chosen
  (SSXC1, SSXCC: the item branched on and each other item of a chosen
  option; SSMCC counts none of these) and each time a node leaves an item's
  set; restoring counts nothing;
* SSXC1 branches on the active primary item of minimum size, first in the
  order of ``item`` among equals (which changes as items swap: ties fall
  differently from DLX1's), and stops scanning at a size ``<= stop_at``
  (``1`` is SSXC1's rule); SSXCC and SSMCC ignore ``stop_at``: they force
  every item that has a single way left.

When a primary item has too few options at the start (none; SSMCC: fewer
than its lower bound), Knuth's programs do not search at all: no node, no
solution.
"""

from collections import namedtuple

import numpy as np
from numba import njit

from .._common import (JIT_ENTRY, JIT_FORCED, JIT_INNER, LEVEL, MAX_LEVEL, NODES, PH_DONE, PH_FORWARD, PH_RECOVER,
                       PH_START, PHASE, RET_DONE, RET_PAUSED, RET_SOLUTION, SOLUTIONS, UPDATES)

#: Slot of ``state``: the number of active items (``item[0 .. active - 1]``).
#: (Slots 0-5 are those of the links search; 6 and 7 stay 0.)
ACTIVE_ITEMS = 8
#: The search needs a larger stack of saved sizes: grow it and call again.
RET_GROW = 3

Cells = namedtuple("Cells", "item set nd span")
Cells.__doc__ = """The sparse sets of one search (int32): ``item``, ``set``, ``nd``, and ``span``,
read only (see the module)."""

CellsCursor = namedtuple("CellsCursor", "choice profile saved stack force state")
CellsCursor.__doc__ = """Where a cells search stands: int32 ``choice`` (the node tried at each
level), int64 ``profile`` (nodes per level), int64 ``saved`` (where each level's saved sizes
start on ``stack``), int32 ``stack`` (pairs item, size), int32 ``force`` (SSXCC's stack of
items with one option left) and int64 ``state``."""

_BIG = np.int64(1) << 40
#: SSXCC's branching scan keeps the minimum of one int64 key, ``size <<
#: _KEY_SHIFT`` then the item's name (ties go to the item named first): a select
#: per item, where comparing sizes and then names took branches (interleaved:
#: de Bruijn 2,4,6 1.14x, slitherlink 1.13x; SSXC1's scan, keyed by the place
#: in ``item``, read 0.84-1.05 and keeps its selects).  A secondary item's size
#: reads as ``_SECONDARY``, above any real size.
_KEY_SHIFT = np.int64(31)
_KEY_MASK = (np.int64(1) << 31) - 1
_SECONDARY = np.int64(1) << 31
_NO_KEY = (_SECONDARY << _KEY_SHIFT) | _KEY_MASK

#: Variants of the search: SSXC1 (plain exact cover with secondary items)
#: and SSXCC (colors), numbers for Python (:data:`SEARCH`, :data:`APPLY_GIVEN`,
#: :data:`WIDTH`).  The kernels below take the variant as ``colors``: None for
#: SSXC1, ``COLORS`` for SSXCC, always a constant.  numba decides a test
#: ``colors is None`` before it compiles a loop (an argument typed None, or a
#: constant, is known then; a comparison of two numbers is not), so each
#: variant's loop is compiled without the other's steps.
PLAIN = 0
COLORS = 1
#: Int32 entries per node: ``itm, loc`` (plain); ``itm, loc, clr, spare`` (colors, bounds).
WIDTH = (2, 4, 4)
#: Slot of ``state``: the number of items on the ``force`` stack (SSXCC).
FORCED = 9
#: Entries of a cells search's ``state``.
STATE_SIZE = 10


# Indices are cast to unsigned integers where they are loaded (``np.uint64(i)``):
# no negative-index fix-up on the load.  Written out rather than through an
# inlined helper: numba's inlining of a function at each of some 150 places
# cost seconds of compiling.


@njit(**JIT_INNER)
def _drop(nn, uu, ss, w, set_, nd):
    """Node ``nn`` leaves the set of its item ``uu``, whose new size is ``ss``:
    it swaps places with the set's last active node."""
    vv = np.int64(nd[np.uint64(w * nn + 1)])
    last = uu + ss
    nnp = np.int64(set_[np.uint64(last)])
    set_[np.uint64(uu - 1)] = ss
    set_[np.uint64(last)] = nn
    set_[np.uint64(vv)] = nnp
    nd[np.uint64(w * nn + 1)] = last
    nd[np.uint64(w * nnp + 1)] = vv


#: ``hide``'s ``check`` as numpy booleans, which numba types as ``bool`` (see :func:`hide`).
_CHECK = np.bool_(True)
_NO_CHECK = np.bool_(False)


@njit(**JIT_FORCED)
def hide(c, color, check, colors, second, active, oactive, set_, nd, span, force, forced):
    """Hide the options in the set of item ``c`` from the other items' sets.

    SSXC1 (``colors`` None) hides them all; with ``check`` it stops as soon
    as an active primary item would lose its last option.  SSXCC (``colors``
    is ``COLORS``) keeps the options whose node at ``c`` has the color
    ``color`` (none when 0), leaves alone the items at places ``>= oactive``
    of ``item`` (purified secondary items), and with ``check`` also pushes an
    active primary item left with one option on ``force``.

    SSXC1 with ``check`` (the hides of a chosen option's items, most of the
    work) walks an option's other nodes by its ``span``, in a loop of a fixed
    number of steps; without (the hide of the item branched on) to the
    spacer and back, which measured faster there (13 queens: 4%; the
    pentominoes the same either way); SSXCC always to the spacer and back,
    in a loop of its own with ``check`` (one loop for both, ``check`` tested
    inside, read 0.90 on Knuth's de Bruijn file and 0.81-0.92 on slitherlink).
    Both walks visit the same nodes in the same order.  SSXC1 with secondary
    items tests an item whose set would empty by one branch on ``(ss == 0) &
    (primary)``: as two (``and``), the first was taken and mispredicted
    whenever a secondary item lost its last option (windmill dominoes, 51
    secondary items to 10 primary: 1.08-1.12x faster so; fillomino and 15
    queens about 1.1x).  On the pentominoes, all primary, it read 0.93x, so
    problems without secondary items keep the two tests (a loop of their
    own, chosen once per hide).  The same in SSXCC read 1.36x on masyu but
    0.87-0.91x on de Bruijn and 0.95-0.97x on slitherlink, and was left out.
    Callers pass ``check`` as :data:`_CHECK` or :data:`_NO_CHECK`, values at
    run time: as a literal ``True`` or ``False`` it made numba compile
    ``hide`` twice, once per walk (0.9 of the 2.9 CPU seconds a first SSXC1
    count compiled).  LLVM inlines it into each caller (``JIT_FORCED``): called, it
    passed its four arrays field by field on the stack each time, and SSXCC's
    search, where LLVM had declined to inline it, counted the de Bruijn problem
    of ``bench/compare_commits.py`` 1.3x faster inlined (13 queens 1.1x).

    Returns ``(updates, forced)``, ``updates`` being ``-1 - removals`` when
    the check stopped it.
    """
    w = WIDTH[PLAIN] if colors is None else WIDTH[COLORS]
    updates = np.int64(0)
    end = np.int64(c) + set_[np.uint64(c - 1)]
    if colors is not None and check:  # (SSXCC has no span: the walk to the spacer and back)
        for rr in range(np.int64(c), end):
            tt = np.int64(set_[np.uint64(rr)])
            if color != 0 and nd[np.uint64(w * tt + 2)] == color:
                continue  # a compatible option stays
            nn = tt + 1
            while nn != tt:
                uu = np.int64(nd[np.uint64(w * nn)])
                if uu <= 0:  # a spacer: back to the option's first node
                    nn += uu
                    continue
                if set_[np.uint64(uu - 2)] < oactive:  # (not purified)
                    ss = np.int64(set_[np.uint64(uu - 1)]) - 1
                    if ss <= 1 and uu < second and set_[np.uint64(uu - 2)] < active:
                        if ss == 0:
                            return -1 - updates, forced
                        force[np.uint64(forced)] = uu
                        forced += 1
                    _drop(nn, uu, ss, w, set_, nd)
                    updates += 1
                nn += 1
    elif check and second < set_.shape[0]:  # SSXC1 with secondary items
        for rr in range(np.int64(c), end):  # (one loop per walk: the test is not made again for each option)
            tt = np.int64(set_[np.uint64(rr)])
            first = np.int64(span[np.uint64(2 * tt)])
            spacer = np.int64(span[np.uint64(2 * tt + 1)])
            nn = tt
            k = spacer - first - 1
            for j in range(k):  # the option's other nodes, left to right, cyclically
                nn += 1
                if nn == spacer:
                    nn = first
                uu = np.int64(nd[np.uint64(w * nn)])
                ss = np.int64(set_[np.uint64(uu - 1)]) - 1
                if (ss == 0) & (uu < second):  # (one branch, rarely taken: see below)
                    if set_[np.uint64(uu - 2)] < active:
                        return -1 - (updates + j), forced
                _drop(nn, uu, ss, w, set_, nd)
            updates += k  # (SSXC1 drops every other node)
    elif check:  # SSXC1, every item primary (the same walk)
        for rr in range(np.int64(c), end):
            tt = np.int64(set_[np.uint64(rr)])
            first = np.int64(span[np.uint64(2 * tt)])
            spacer = np.int64(span[np.uint64(2 * tt + 1)])
            nn = tt
            k = spacer - first - 1
            for j in range(k):
                nn += 1
                if nn == spacer:
                    nn = first
                uu = np.int64(nd[np.uint64(w * nn)])
                ss = np.int64(set_[np.uint64(uu - 1)]) - 1
                if ss == 0 and uu < second and set_[np.uint64(uu - 2)] < active:
                    return -1 - (updates + j), forced
                _drop(nn, uu, ss, w, set_, nd)
            updates += k
    else:
        for rr in range(np.int64(c), end):
            tt = np.int64(set_[np.uint64(rr)])
            if colors is not None and color != 0 and nd[np.uint64(w * tt + 2)] == color:
                continue
            nn = tt + 1
            while nn != tt:
                uu = np.int64(nd[np.uint64(w * nn)])
                if uu <= 0:  # a spacer: back to the option's first node
                    nn += uu
                    continue
                if colors is None or set_[np.uint64(uu - 2)] < oactive:  # (SSXCC: not purified)
                    _drop(nn, uu, np.int64(set_[np.uint64(uu - 1)]) - 1, w, set_, nd)
                    updates += 1
                nn += 1
    return updates, forced


@njit(**JIT_INNER)
def swap_out(x, p, item, set_):
    """Move active item ``x`` to place ``p`` of ``item`` (the new end of the active part)."""
    pp = np.int64(set_[np.uint64(x - 2)])
    cc = np.int64(item[np.uint64(p)])
    item[np.uint64(p)] = x
    item[np.uint64(pp)] = cc
    set_[np.uint64(cc - 2)] = pp
    set_[np.uint64(x - 2)] = p


@njit(**JIT_ENTRY)
def search_plain(second, cells, cursor, stop_at, solution_stop, node_stop, update_stop):
    """:func:`_search` for SSXC1; records as plain tuples."""
    return _search(None, second, Cells(*cells), CellsCursor(*cursor), stop_at, solution_stop, node_stop,
                   update_stop)


@njit(**JIT_ENTRY)
def search_colors(second, cells, cursor, stop_at, solution_stop, node_stop, update_stop):
    """:func:`_search` for SSXCC; records as plain tuples."""
    return _search(COLORS, second, Cells(*cells), CellsCursor(*cursor), stop_at, solution_stop, node_stop,
                   update_stop)


#: The entry point of each variant.
SEARCH = (search_plain, search_colors)


@njit(**JIT_INNER)
def _search(colors, second, cells, cursor, stop_at, solution_stop, node_stop, update_stop):
    """Run (or resume) SSXC1 or SSXCC until a stop condition; return a RET_* code.

    ``colors`` is None (SSXC1) or ``COLORS`` (SSXCC), a constant (see
    :data:`PLAIN`); ``second`` the ``x`` of the first secondary item (or past
    the last item).  Returns ``RET_SOLUTION`` when the number of solutions reaches
    ``solution_stop`` (the solution is ``choice[0 .. state[LEVEL] - 1]``),
    ``RET_PAUSED`` before entering a level once ``state[NODES] >= node_stop``
    or ``state[UPDATES] >= update_stop``, ``RET_GROW`` when ``stack`` is too
    small for the next level (grow it, keeping its contents, and call again),
    and ``RET_DONE`` when the tree is exhausted (every size restored).
    ``stop_at`` applies to SSXC1's branching only: SSXCC forces every item
    that has one option left, as Knuth's program does.
    """
    w = WIDTH[PLAIN] if colors is None else WIDTH[COLORS]
    item, set_, nd, span = cells
    if colors is not None:
        nd = set_  # (SSXCC: one array holds the nodes and the sets: one base address)
    choice, profile, saved, stack, force, state = cursor
    level = state[LEVEL]
    phase = state[PHASE]
    nodes = state[NODES]
    updates = state[UPDATES]
    sols = state[SOLUTIONS]
    maxl = state[MAX_LEVEL]
    active = state[ACTIVE_ITEMS]
    forced = state[FORCED]
    cap = np.int64(stack.shape[0] >> 1)
    best = np.int64(0)
    cur = np.int64(0)
    oactive = active
    ret = RET_DONE
    step = 0  # 0 forward, 1 advance, 2 backup, 3 abort, 4 leave, 5 branch on best

    if phase == PH_DONE:
        return RET_DONE
    if phase == PH_START:
        # an active primary item with no option: Knuth's programs do not search at all
        for k in range(active):
            x = np.int64(item[np.uint64(k)])
            if x < second and set_[np.uint64(x - 1)] == 0:
                state[PHASE] = PH_DONE
                return RET_DONE
        # save every size, to restore them all at the end (``saved[0]`` entries)
        for p in range(active):
            x = item[np.uint64(p)]
            stack[np.uint64(2 * p)] = x
            stack[np.uint64(2 * p + 1)] = set_[np.uint64(x - 1)]
        saved[0] = active
        level = 0
    elif phase == PH_RECOVER:
        step = 2

    while step != 4:
        if step == 0:
            # forward: enter a level, choose the item to branch on
            if nodes >= node_stop or updates >= update_stop:
                phase = PH_FORWARD
                ret = RET_PAUSED
                break
            sp = saved[np.uint64(level)]
            if sp + active > cap:
                phase = PH_FORWARD
                ret = RET_GROW
                break
            nodes += 1
            profile[np.uint64(level)] += 1
            if level > maxl:
                maxl = level
            t = _BIG
            if colors is not None:
                # a forced move left over from the hides above?
                while forced > 0:
                    forced -= 1
                    best = np.int64(force[np.uint64(forced)])
                    if set_[np.uint64(best - 2)] < active:
                        t = 1
                        break
                if t == 1:
                    step = 5
                    continue
                tk = _NO_KEY
                for k in range(active):
                    x = np.int64(item[np.uint64(k)])
                    s = np.int64(set_[np.uint64(x - 1)])  # (every item has a size: loaded, then a select)
                    s = s if x < second else _SECONDARY
                    if s <= 1:
                        if s == 1:
                            force[np.uint64(forced)] = x
                            forced += 1
                    else:
                        key = (s << _KEY_SHIFT) | x  # (ties go to the item named first)
                        tk = key if key < tk else tk
                t = tk >> _KEY_SHIFT
                best = tk & _KEY_MASK
                if t == _SECONDARY:
                    t = _BIG
                if forced > 0:
                    forced -= 1
                    best = np.int64(force[np.uint64(forced)])
                    t = 1
            else:
                k = np.int64(0)
                while t > stop_at and k < active:
                    x = np.int64(item[np.uint64(k)])
                    s = np.int64(set_[np.uint64(x - 1)])  # (every item has a size: loaded, then a select)
                    s = s if x < second else _BIG
                    better = s < t
                    best = x if better else best
                    t = s if better else t
                    k += 1
            if t == _BIG:
                # visit a solution: choice[0 .. level - 1]
                sols += 1
                if sols >= solution_stop:
                    phase = PH_RECOVER
                    ret = RET_SOLUTION
                    break
                step = 2
                continue
            step = 5
        elif step == 5:
            # branch on best (a forced move when the colored variant found t == 1)
            active -= 1
            swap_out(best, active, item, set_)
            updates += 1
            oactive = active
            h, forced = hide(best, np.int64(0), _NO_CHECK, colors, second, active, oactive, set_, nd, span, force,
                             forced)
            updates += h
            cur = best
            sp = saved[np.uint64(level)]
            if colors is not None and t == 1:
                saved[np.uint64(level + 1)] = sp  # a forced move saves nothing: it has no second option
            else:
                for p in range(active):
                    x = item[np.uint64(p)]
                    stack[np.uint64(2 * (sp + p))] = x
                    stack[np.uint64(2 * (sp + p) + 1)] = set_[np.uint64(x - 1)]
                saved[np.uint64(level + 1)] = sp + active
            step = 1
        elif step == 1:
            # advance: try the option at place cur of best's set
            if colors is None and cur >= best + set_[np.uint64(best - 1)]:
                step = 2
                continue
            node = np.int64(set_[np.uint64(cur)])
            choice[np.uint64(level)] = node
            # swap out the option's other items (SSXCC: those not yet purified)
            oactive = active
            q = node + 1
            while q != node:
                c = np.int64(nd[np.uint64(w * q)])
                if c <= 0:
                    q += c
                    continue
                if colors is None or set_[np.uint64(c - 2)] < active:
                    active -= 1
                    swap_out(c, active, item, set_)
                    updates += 1
                q += 1
            # hide (SSXCC: purify) their options, or abort
            q = node + 1
            ok = True
            while q != node:
                c = np.int64(nd[np.uint64(w * q)])
                if c <= 0:
                    q += c
                    continue
                if colors is not None and c >= second:
                    if set_[np.uint64(c - 2)] < oactive:
                        h, forced = hide(c, np.int64(nd[np.uint64(w * q + 2)]), _CHECK, colors, second, active, oactive,
                                         set_, nd, span, force, forced)
                    else:
                        h = 0  # purified above: nothing to do
                else:
                    h, forced = hide(c, np.int64(0), _CHECK, colors, second, active, oactive, set_, nd, span, force,
                                     forced)
                if h < 0:
                    updates += -1 - h
                    ok = False
                    break
                updates += h
                q += 1
            if ok:
                level += 1
                step = 0
            else:
                forced = 0
                step = 3
        elif step == 2:
            # backup: return to the level above, or finish
            if level == 0:
                # restore every size saved at the start
                n0 = saved[0]
                for p in range(n0):
                    set_[np.uint64(stack[np.uint64(2 * p)] - 1)] = stack[np.uint64(2 * p + 1)]
                active = n0
                phase = PH_DONE
                ret = RET_DONE
                break
            level -= 1
            node = np.int64(choice[np.uint64(level)])
            best = np.int64(nd[np.uint64(w * node)])
            cur = np.int64(nd[np.uint64(w * node + 1)])
            step = 3
        else:
            # abort: undo the option at place cur and try the next one
            if cur + 1 >= best + set_[np.uint64(best - 1)]:
                step = 2
                continue
            lo = saved[np.uint64(level)]
            hi = saved[np.uint64(level + 1)]
            for p in range(lo, hi):
                set_[np.uint64(stack[np.uint64(2 * p)] - 1)] = stack[np.uint64(2 * p + 1)]
            active = hi - lo
            cur += 1
            step = 1

    state[LEVEL] = level
    state[PHASE] = phase
    state[NODES] = nodes
    state[UPDATES] = updates
    state[SOLUTIONS] = sols
    state[MAX_LEVEL] = maxl
    state[ACTIVE_ITEMS] = active
    state[FORCED] = forced
    return ret


@njit(**JIT_ENTRY)
def apply_given_plain(given, first_node, second, cells, force, state):
    """:func:`_apply_given` for SSXC1."""
    return _apply_given(None, given, first_node, second, cells, force, state)


@njit(**JIT_ENTRY)
def apply_given_colors(given, first_node, second, cells, force, state):
    """:func:`_apply_given` for SSXCC."""
    return _apply_given(COLORS, given, first_node, second, cells, force, state)


#: The givens' entry point of each variant.
APPLY_GIVEN = (apply_given_plain, apply_given_colors)


@njit(**JIT_INNER)
def _apply_given(colors, given, first_node, second, cells, force, state):
    """Force the options ``given`` (numbers) into the solution before the search.

    An option applies when each of its primary items is still active and
    still lists it (SSXCC: a purified secondary item may have kept it, when
    the colors agree); otherwise nothing more is applied and the position in
    ``given`` of the first conflicting option is returned.  Returns -1 when
    all were applied.  Nothing is counted.
    """
    w = WIDTH[PLAIN] if colors is None else WIDTH[COLORS]
    item, set_, nd, span = cells
    if colors is not None:
        nd = set_  # (one array, as in _search)
    active = state[ACTIVE_ITEMS]
    forced = state[FORCED]
    for g in range(given.shape[0]):
        y0 = np.int64(first_node[np.uint64(given[g])])
        y = y0
        while nd[np.uint64(w * y)] > 0:
            x = np.int64(nd[np.uint64(w * y)])
            if colors is None or x < second:
                loc = np.int64(nd[np.uint64(w * y + 1)])
                if set_[np.uint64(x - 2)] >= active or loc >= x + set_[np.uint64(x - 1)]:
                    state[ACTIVE_ITEMS] = active
                    return g
            y += 1
        oactive = active
        for z in range(y0, y):
            x = np.int64(nd[np.uint64(w * z)])
            if colors is None or set_[np.uint64(x - 2)] < active:
                active -= 1
                swap_out(x, active, item, set_)
        for z in range(y0, y):
            x = np.int64(nd[np.uint64(w * z)])
            if colors is not None and x >= second:
                if set_[np.uint64(x - 2)] < oactive:
                    hide(x, np.int64(nd[np.uint64(w * z + 2)]), _NO_CHECK, colors, second, active, oactive, set_, nd,
                         span, force, forced)
            else:
                hide(x, np.int64(0), _NO_CHECK, colors, second, active, oactive, set_, nd, span, force, forced)
    state[ACTIVE_ITEMS] = active
    return -1
