"""Compiled kernels: Knuth's Algorithm X with dancing links over int32 arrays.

Every function here is ``@njit`` (but :func:`search`, a switch between the
compiled layouts) and sees only arrays and scalars; validation,
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

Four-node blocks (``width == 4``):
    when every option has exactly four items -- Sudoku, n queens -- the options
    need no spacers: option ``j`` is the aligned block of nodes ``B + 4*j ..
    B + 4*j + 3`` (``B``, a multiple of 4, is ``first_node[0]``; the nodes
    between ``N`` and ``B`` are unused).  Going right from ``x`` is
    ``(x & ~3) | ((x + 1) & 3)``, the option of ``x`` is ``(x - B) >> 2``, and
    hiding an option's other nodes is a loop of exactly three steps that the
    compiler unrolls, with no spacer to test for.  The order of the nodes, and
    so every count, is the same as with spacers; only the speed differs (15-20%
    on Sudoku, ~10% on queens).  ``width == 0`` is the spacer layout.

    The kernels take ``width`` wherever they walk an option, and the search is
    compiled once per layout (``width`` reaches it as a constant), so the tests
    of ``width`` cost nothing at run time.

    The links are stored as int32; the kernels read them through uint32 views
    (``arr.view(np.uint32)``) so that every index is unsigned and numba emits no
    negative-index fix-up on the loads.  ``top`` stays signed for the spacers.

Covering item ``c`` removes it from the item list and *hides* every option in
its list: each of the option's other nodes leaves its own item's vertical list
(``length`` drops).  Uncovering undoes this in exactly the reverse order.

The search
----------
One loop, :func:`_search`, with DLX1's named steps (forward, advance, backup,
recover).  The only stack is ``choice[level]``: the node of the option tried at
each level.  The whole search state lives in arrays -- the links, ``choice`` and
the small int64 vector ``state`` -- so the kernel can return to Python after a
solution or when a node/update budget is spent, and a later call continues
exactly where it stopped.

Counters follow DLX1: a *node* is counted each time a level is entered and for
each solution; an *update* each time an item is covered or a node hidden.
Branching takes the active primary item of minimum length, leftmost among
equals; the scan stops early at an item of length ``<= stop_at`` (``0`` is
DLX1's rule, ``1`` is the common "forced move" shortcut).  The choice is made
without walking the item list: a covered item's ``length`` carries an extra
``2**30``, so one vectorized pass over ``length[1..N1]`` finds the minimum ``m``
and a second finds the first item of length ``<= max(m, stop_at)`` -- the same
item DLX1's scan stops at, found several times faster than by chasing
``rlink``.
"""

import numpy as np
from numba import njit, prange
from numba.core import cgutils, types
from numba.extending import intrinsic

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
#: Added to the length of a covered item, so that branching can scan the
#: lengths by item number without consulting the item list.
_COVERED = np.int32(1 << 30)
#: Masks of the four-node-block layout: the block of a node, its place in it.
_BLOCK = np.uint32(0xFFFFFFFC)
_IN_BLOCK = np.uint32(3)


# ---------------------------------------------------------------------------
# Dancing steps
# ---------------------------------------------------------------------------


@njit(**_JIT)
def _cover(c, width, llink, rlink, top, ulink, dlink, length):
    """Cover item ``c``: unlink it and hide its options.  Returns the updates."""
    left = llink[c]
    right = rlink[c]
    rlink[left] = right
    llink[right] = left
    length[c] += _COVERED
    updates = 1
    rr = dlink[c]
    while rr != c:
        nn = rr
        k = 0
        while True:
            # nn: the next node of rr's option going right, wrapping around
            if width == 4:
                if k == 3:
                    break
                nn = (nn & _BLOCK) | ((nn + _U1) & _IN_BLOCK)
                k += 1
            else:
                nn += _U1
                if top[nn] <= 0:  # spacer: back to the first node of the option
                    nn = ulink[nn]
                if nn == rr:
                    break
            # hide nn
            uu = ulink[nn]
            dd = dlink[nn]
            dlink[uu] = dd
            ulink[dd] = uu
            length[np.uint32(top[nn])] -= 1
            updates += 1
        rr = dlink[rr]
    return updates


@njit(**_JIT)
def _uncover(c, width, llink, rlink, top, ulink, dlink, length):
    """Undo :func:`_cover` of item ``c``, in exactly the reverse order."""
    rr = ulink[c]
    while rr != c:
        nn = rr
        k = 0
        while True:
            # nn: the next node of rr's option going left, wrapping around
            if width == 4:
                if k == 3:
                    break
                nn = (nn & _BLOCK) | ((nn - _U1) & _IN_BLOCK)
                k += 1
            else:
                nn -= _U1
                if top[nn] <= 0:  # spacer: on to the last node of the option
                    nn = dlink[nn]
                if nn == rr:
                    break
            # unhide nn
            uu = ulink[nn]
            dd = dlink[nn]
            dlink[uu] = nn
            ulink[dd] = nn
            length[np.uint32(top[nn])] += 1
        rr = ulink[rr]
    left = llink[c]
    right = rlink[c]
    rlink[left] = c
    llink[right] = c
    length[c] -= _COVERED


# The two below are inlined by numba itself: left to LLVM, they stayed calls
# in the search loop and cost 5-10% on Sudoku.
@njit(inline="always", **_JIT)
def _cover_others(oo, width, llink, rlink, top, ulink, dlink, length):
    """Cover the items of node ``oo``'s option other than ``top[oo]``, going right."""
    updates = 0
    pp = oo
    while True:
        if width == 4:
            pp = (pp & _BLOCK) | ((pp + _U1) & _IN_BLOCK)
        else:
            pp += _U1
            if top[pp] <= 0:
                pp = ulink[pp]
        if pp == oo:
            return updates
        updates += _cover(np.uint32(top[pp]), width, llink, rlink, top, ulink, dlink, length)


@njit(inline="always", **_JIT)
def _uncover_others(oo, width, llink, rlink, top, ulink, dlink, length):
    """Undo :func:`_cover_others`, going left."""
    pp = oo
    while True:
        if width == 4:
            pp = (pp & _BLOCK) | ((pp - _U1) & _IN_BLOCK)
        else:
            pp -= _U1
            if top[pp] <= 0:
                pp = dlink[pp]
        if pp == oo:
            return
        _uncover(np.uint32(top[pp]), width, llink, rlink, top, ulink, dlink, length)


# ---------------------------------------------------------------------------
# The search loop
# ---------------------------------------------------------------------------


@njit(**_JIT)
def _search_spacers(n1, llink, rlink, top, ulink, dlink, length, choice, profile, state,
                    stop_at, solution_stop, node_stop, update_stop):
    return _search(n1, 0, llink, rlink, top, ulink, dlink, length, choice, profile, state,
                   stop_at, solution_stop, node_stop, update_stop)


@njit(**_JIT)
def _search_blocks(n1, llink, rlink, top, ulink, dlink, length, choice, profile, state,
                   stop_at, solution_stop, node_stop, update_stop):
    return _search(n1, 4, llink, rlink, top, ulink, dlink, length, choice, profile, state,
                   stop_at, solution_stop, node_stop, update_stop)


_SEARCH = {0: _search_spacers, 4: _search_blocks}


def search(n1, width, *args):
    """Run (or resume) Algorithm X until a stop condition; return a RET_* code.

    The entry point from Python: :func:`_search` for the layout ``width``,
    each compiled (or loaded) on first use.
    """
    return _SEARCH[width](n1, *args)


@njit(**_JIT)
def _search(n1, width, llink, rlink, top, ulink, dlink, length, choice, profile, state,
            stop_at, solution_stop, node_stop, update_stop):
    """Run (or resume) Algorithm X until a stop condition; return a RET_* code.

    ``n1`` is the number of primary items; ``width`` the layout of the options
    (4: four-node blocks, 0: spacers), a compile-time constant;
    ``llink, rlink, ulink, dlink`` are
    uint32 views, ``top`` and ``length`` int32, ``choice`` int32 of length
    >= N1 + 1, ``profile`` int64 of the same length (nodes per level),
    ``state`` the int64 vector described above.

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
            # No active primary item: the empty set of options is the one solution.
            nodes += 1
            sols += 1
            level = -1  # so that choice[0..level] is empty
            phase = PH_DONE
            ret = RET_SOLUTION if sols >= solution_stop else RET_DONE
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
            if level > maxl:
                maxl = level
            # choose: the first item of length <= max(stop_at, minimum length).
            # Covered items carry _COVERED in their length, so a plain scan by
            # item number (which the compiler vectorizes) sees only active ones,
            # in the order of the item list.
            t = np.int32(0x7FFFFFFF)
            for k in range(1, n1 + 1):
                t = min(t, length[k])
            if t < stop_at:
                t = np.int32(stop_at)
            k = _U1
            while length[k] > t:
                k += _U1
            best = np.uint32(k)
            updates += _cover(best, width, llink, rlink, top, ulink, dlink, length)
            oo = dlink[best]
            choice[np.uint64(level)] = oo
            step = 1
        elif step == 1:
            # advance: try the option of node oo, or back up when none is left
            if oo == best:
                step = 2
                continue
            updates += _cover_others(oo, width, llink, rlink, top, ulink, dlink, length)
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
            _uncover(best, width, llink, rlink, top, ulink, dlink, length)
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
            _uncover_others(oo, width, llink, rlink, top, ulink, dlink, length)
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
def _option_end(x0, width, top):
    """One past the last node of the option whose first node is ``x0``."""
    if width == 4:
        return x0 + np.uint32(4)
    x = x0
    while top[x] > 0:
        x += _U1
    return x


@njit(**_JIT)
def _apply_option(j, first_node, width, llink, rlink, top, ulink, dlink, length):
    """Cover every item of option ``j`` if all are active; else change nothing.

    Returns True when the option was applied.
    """
    x0 = np.uint32(first_node[j])
    end = _option_end(x0, width, top)
    for x in range(x0, end):
        c = np.uint32(top[x])
        if rlink[llink[c]] != c:
            return False
    for x in range(x0, end):
        _cover(np.uint32(top[x]), width, llink, rlink, top, ulink, dlink, length)
    return True


@njit(**_JIT)
def apply_given(given, first_node, width, llink, rlink, top, ulink, dlink, length):
    """Force the options ``given`` into the solution before the search.

    ``first_node[j]`` is the first node of option ``j``.  Each option's items
    must all still be active; otherwise nothing more is applied and the
    position in ``given`` of the first conflicting option is returned.
    Returns -1 when all were applied.  Updates are not counted (DLX1 reads a
    problem that already lacks them).
    """
    for g in range(given.shape[0]):
        if not _apply_option(np.int64(given[g]), first_node, width, llink, rlink, top, ulink, dlink,
                             length):
            return g
    return -1


@njit(**_JIT)
def _option_of(x, width, top, first_node):
    """The number of the option that node ``x`` belongs to (its block, or the
    number read at its spacer)."""
    if width == 4:
        return (np.int64(x) - np.int64(first_node[0])) >> 2
    x = np.uint64(x)
    while top[x] > 0:
        x += _U1
    return -np.int64(top[x]) - 1


@njit(**_JIT)
def chosen_options(choice, level, width, top, first_node, out):
    """Write the option numbers of ``choice[0..level]`` into ``out``."""
    for i in range(level + 1):
        out[i] = _option_of(choice[i], width, top, first_node)
    return level + 1


# ---------------------------------------------------------------------------
# Sudoku batches
# ---------------------------------------------------------------------------
#
# A *lane* is one thread's share of a batch: its own mutable links (llink,
# rlink, ulink, dlink, length), ``choice``, ``profile``, the search ``state`` and
# a small ``lane`` vector.  ``top`` and ``first_node`` of the Sudoku encoding
# (four-node blocks) never change and are shared.  For each puzzle the lane
# links up the problem that the givens leave (:func:`sudoku_links`), searches,
# and writes the grid, a status, and the puzzle's nodes and updates.  Lanes take
# puzzles from a shared counter with an atomic fetch-and-add, so threads stay
# balanced however uneven the puzzles are.  A lane stops after about
# ``work_budget`` updates, even inside a puzzle, and resumes where it stopped.

# Slots of a lane vector.
LANE_CUR = 0  # puzzle in hand (valid while LANE_ACTIVE)
LANE_ACTIVE = 1  # 1 while a puzzle is being searched
LANE_FOUND = 2  # solutions found for the puzzle in hand
LANE_SIZE = 4

# Batch statuses (mirrored by dlxnumba.sudoku.Status).
ST_SOLVED = 0
ST_NO_SOLUTION = 1
ST_INVALID = 2
ST_MULTIPLE = 3
ST_BUDGET = 4
ST_PENDING = 5


@njit(**_JIT)
def grid_clash(cells, n, box_rows, box_cols, seen):
    """First cell whose digit already appeared in its row, column or box (or
    is larger than ``n``), or -1.

    ``cells`` is the flat uint8 grid (0 = empty); ``seen`` a scratch uint8
    array of at least ``3 * n * (n + 1)`` entries.
    """
    for k in range(3 * n * (n + 1)):
        seen[k] = 0
    per_row = n // box_cols
    for cell in range(n * n):
        d = np.int64(cells[cell])
        if d == 0:
            continue
        if d > n:
            return cell
        row = cell // n
        col = cell % n
        box = (row // box_rows) * per_row + col // box_cols
        a = row * (n + 1) + d
        b = (n + col) * (n + 1) + d
        c = (2 * n + box) * (n + 1) + d
        if seen[a] or seen[b] or seen[c]:
            return cell
        seen[a] = 1
        seen[b] = 1
        seen[c] = 1
    return -1


@intrinsic
def _fetch_add(typingctx, arr, idx, val):
    """Atomically ``old = arr[idx]; arr[idx] += val; return old`` (int64 array)."""
    sig = types.int64(arr, idx, val)

    def codegen(context, builder, signature, args):
        aryty = signature.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        index = context.cast(builder, args[1], signature.args[1], types.intp)
        ptr = cgutils.get_item_pointer(context, builder, aryty, ary, [index])
        value = context.cast(builder, args[2], signature.args[2], types.int64)
        return builder.atomic_rmw("add", ptr, value, "seq_cst")

    return sig, codegen


@njit(**_JIT)
def _copy(src, dst):
    """dst[:] = src, as a loop (cheaper to compile than slice assignment)."""
    for k in range(src.shape[0]):
        dst[k] = src[k]


@njit(**_JIT)
def _zero(dst):
    for k in range(dst.shape[0]):
        dst[k] = 0


@njit(**_JIT)
def _write_grid(puzzle, choice, level, top, first_node, n, out):
    """Givens plus the digits of options ``choice[0..level]`` into ``out``."""
    _copy(puzzle, out)
    for i in range(level + 1):
        j = _option_of(choice[i], 4, top, first_node)
        out[j // n] = j % n + 1


@njit(**_JIT)
def _append(i, x, keep, ulink, dlink, length):
    """Put node ``x`` at the bottom of item ``i``'s list if ``keep``.

    Branch-free: the links are written either way, but the bottom of the list
    (``ulink[i]``) moves to ``x`` only if ``keep``.  The ``dlink`` written into
    the old bottom is overwritten by the next append or by the closing of the
    list, and a node that is not kept is never reached.
    """
    t = ulink[i]
    ulink[x] = t
    dlink[t] = x
    ulink[i] = x if keep else t
    length[i] += np.int32(keep)


@njit(**_JIT)
def sudoku_links(puzzle, n, box_rows, box_cols, first_node, llink, rlink, ulink, dlink, length):
    """Link up the exact-cover problem that the givens of ``puzzle`` leave.

    The result is the state that covering the givens' options on the full
    template would leave, as far as the search can see: the same active
    items in the same order, the same options in every vertical list in the
    same order, the same lengths (covered items carry ``_COVERED``).  It is
    built directly -- each surviving option appended to its four items' lists
    in input order -- which costs about half as much as restoring the template
    and covering ~30 givens.  The links of the nodes of options that did not
    survive are left as they were: nothing reaches them.

    Returns False, with the arrays in an unspecified state, when a given is
    larger than ``n`` or repeats a digit in a row, column or box.
    """
    nn = n * n
    n_items = 4 * nn
    for i in range(1, n_items + 1):
        length[i] = 0
        ulink[i] = i
    per_row = n // box_cols
    # The cells are visited row by row, box by box within a row, so that no
    # division is needed (they cost ~10% of an easy puzzle).
    # First the givens: the items of their options are covered; covering one
    # twice is a clash.
    cell = 0
    for row in range(n):
        box = (row // box_rows) * per_row
        col = 0
        for _ in range(per_row):
            for _ in range(box_cols):
                d = np.int64(puzzle[cell])
                if d != 0:
                    if d > n:
                        return False
                    a = nn + row * n + d
                    b = 2 * nn + col * n + d
                    c = 3 * nn + box * n + d
                    if length[a] | length[b] | length[c]:
                        return False
                    length[cell + 1] = _COVERED
                    length[a] = _COVERED
                    length[b] = _COVERED
                    length[c] = _COVERED
                cell += 1
                col += 1
            box += 1
    # then the options (cell, digit) whose four items are all active
    cell = 0
    for row in range(n):
        box = (row // box_rows) * per_row
        col = 0
        a0 = nn + row * n
        for _ in range(per_row):
            c0 = 3 * nn + box * n
            for _ in range(box_cols):
                if length[cell + 1] == 0:
                    p = np.uint32(cell + 1)
                    b0 = 2 * nn + col * n
                    x = np.uint32(first_node[cell * n])
                    for d in range(1, n + 1):
                        a = np.uint32(a0 + d)
                        b = np.uint32(b0 + d)
                        c = np.uint32(c0 + d)
                        keep = (length[a] | length[b] | length[c]) < _COVERED
                        _append(p, x, keep, ulink, dlink, length)
                        _append(a, x | _U1, keep, ulink, dlink, length)
                        _append(b, x | np.uint32(2), keep, ulink, dlink, length)
                        _append(c, x | np.uint32(3), keep, ulink, dlink, length)
                        x = np.uint32(x + 4)
                cell += 1
                col += 1
            box += 1
    # close the vertical lists and link the active items in order (branch-free
    # again: a covered item's list is empty and its llink/rlink are never read)
    prev = _U0
    for i in range(1, n_items + 1):
        ui = np.uint32(i)
        dlink[ulink[ui]] = ui
        llink[ui] = prev
        rlink[prev] = ui
        prev = ui if length[ui] < _COVERED else prev
    rlink[prev] = _U0
    llink[0] = prev
    head = np.uint32(n_items + 1)  # the (empty) list of secondary items
    rlink[head] = head
    llink[head] = head
    return True


@njit(**_JIT)
def sudoku_lane(puzzles, n, box_rows, box_cols, counter, top, first_node,
                llink, rlink, ulink, dlink, length, choice, profile, state, lane,
                stop_at, limit, node_budget, work_budget,
                out, status, nodes_out, updates_out):
    """Solve puzzles taken from ``counter[0]`` until none is left or the work
    budget is spent.  Returns 0 when the lane is finished, 1 when it paused.

    ``puzzles`` is (P, n*n) uint8 (0 = empty); ``out`` the same shape;
    ``status`` int8 (P,) receives ST_*; ``nodes_out``/``updates_out`` int64 (P,).
    ``limit`` is how many solutions to look for (2 tells unique from multiple).
    """
    n_puzzles = puzzles.shape[0]
    n1 = np.int64(4 * n * n)
    work = np.int64(0)
    while True:
        if lane[LANE_ACTIVE] == 0:
            i = _fetch_add(counter, 0, 1)
            if i >= n_puzzles:
                return 0
            lane[LANE_CUR] = i
            _zero(state)
            _zero(profile)
            if not sudoku_links(puzzles[i], n, box_rows, box_cols, first_node,
                                llink, rlink, ulink, dlink, length):
                _zero(out[i])
                status[i] = ST_INVALID
                nodes_out[i] = 0
                updates_out[i] = 0
                continue
            lane[LANE_ACTIVE] = 1
            lane[LANE_FOUND] = 0
        i = lane[LANE_CUR]
        before = state[UPDATES]
        ret = _search(n1, 4, llink, rlink, top, ulink, dlink, length, choice, profile, state,
                     stop_at, lane[LANE_FOUND] + 1, node_budget,
                     before + (work_budget - work))
        work += state[UPDATES] - before
        if ret == RET_SOLUTION:
            lane[LANE_FOUND] += 1
            if lane[LANE_FOUND] == 1:
                _write_grid(puzzles[i], choice, state[LEVEL], top, first_node, n, out[i])
            if lane[LANE_FOUND] < limit:
                continue
            st = ST_SOLVED if lane[LANE_FOUND] == 1 else ST_MULTIPLE
        elif ret == RET_DONE:
            found = lane[LANE_FOUND]
            st = ST_NO_SOLUTION if found == 0 else ST_SOLVED if found == 1 else ST_MULTIPLE
        elif state[NODES] >= node_budget:
            st = ST_BUDGET
        else:
            return 1
        if st == ST_NO_SOLUTION or (st == ST_BUDGET and lane[LANE_FOUND] == 0):
            _zero(out[i])
        status[i] = st
        nodes_out[i] = state[NODES]
        updates_out[i] = state[UPDATES]
        lane[LANE_ACTIVE] = 0
        if work >= work_budget:
            return 1


@njit(parallel=True, cache=True, nogil=True, error_model="numpy")
def sudoku_lanes(puzzles, n, box_rows, box_cols, counter, top, first_node,
                 llink, rlink, ulink, dlink, length, choice, profile, state, lane,
                 stop_at, limit, node_budget, work_budget,
                 out, status, nodes_out, updates_out, ret):
    """Run one lane per row of the per-lane arrays, in parallel threads."""
    for k in prange(lane.shape[0]):
        ret[k] = sudoku_lane(puzzles, n, box_rows, box_cols, counter, top, first_node,
                             llink[k], rlink[k], ulink[k], dlink[k], length[k],
                             choice[k], profile[k], state[k], lane[k],
                             stop_at, limit, node_budget, work_budget,
                             out, status, nodes_out, updates_out)
