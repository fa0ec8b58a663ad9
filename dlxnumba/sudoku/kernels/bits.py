"""The bit-parallel Sudoku engine: the 9x9 grid as 27 words of bits.

Layout
------
The candidates of the classic 9x9 grid are 27 words of 27 bits, one word per
digit and *band* (three rows): word ``3 * d + b`` has bit ``9 * r + c`` set
when digit ``d + 1`` may still go in row ``3 * b + r``, column ``c``.  Three
more words hold the band's unsolved cells, and three its unsolved rows
(bit ``3 * d + r``: digit ``d + 1`` not yet placed in row ``r`` of the band).
A state is those 33 words; the search keeps one per level (``stack``).

Propagation
-----------
Within a band, a digit goes exactly once into each of its three rows and
each of its three boxes: the *triads* (the three cells of a row inside a
box) it occupies must contain a permutation (one triad per row and box).
One table look-up (:data:`ALLOWED`) keeps the cells of the triads that some
permutation uses, which is the locked candidates of the rows (pointing and
claiming) and the band's hidden singles in boxes.  A row left with one cell
places the digit there: its column is struck from the other rows and bands,
and the cell from the other digits.  At the fixpoint come the naked singles
(a cell with one candidate, found for all cells of a band at once by adding
the digits' words in bit-sliced counters), then the same triad rule on the
*stacks* (three columns), which covers the locked candidates of the columns
and the hidden singles in columns.

Search
------
Binary branching: at a state with no more to propagate, a cell with two
candidates if any (its lower digit placed first, then struck from the cell),
else a digit whose triads in a band fit exactly two permutations (the
first permutation's triads kept, then the second's), else a cell with the
fewest candidates.  A guess is one word and two *strikes*: the cells the
first branch strikes from the word, and those the second strikes from it
(at the same level) when the first fails or is exhausted.  The search is
iterative, with the states on an explicit stack, and resumable: it returns
after a slice of work and goes on from its ``state``.

The cell layout, for every other grid, is :mod:`.cell_layout`; this module
holds the entry points of both (one grid, the lanes of a batch).

Statistics: ``state[NODES]`` counts the guesses (branch nodes),
``state[UPDATES]`` the propagation steps (one band word looked at).
"""

import itertools
from collections import namedtuple

import numpy as np
from numba import njit
from numba.core import config

from ...kernels._common import (COUNTER_NEXT, JIT_ENTRY, JIT_HELPER, JIT_INLINED, JIT_INNER, LANE_ACTIVE, LANE_CUR,
                                LANE_FOUND, LEVEL, MAX_LEVEL, NODES, PHASE, RET_DONE, RET_PAUSED, RET_SOLUTION,
                                SOLUTIONS, ST_BUDGET, ST_INVALID, ST_MULTIPLE, ST_NO_SOLUTION, ST_PENDING, ST_SOLVED,
                                UPDATES)
from ...kernels.core.lanes import _fetch_add
from .cell_layout import _U1, CellWork, cells_clash, search_cells, start_cells, write_cells
from .rng import below, trailing_zeros

BandWork = namedtuple("BandWork", "stack gent gbit comp state rng")
BandWork.__doc__ = """The arrays of one search in the band layout: ``stack`` (uint32
``(DEPTH, WIDTH)``, the state of each level), ``gent``/``gbit`` (int64
``DEPTH``: the word of each level's guess, with the first branches finished
at the level above its bit 8 (for the estimate of the progress), and its
strikes: the first branch's cells in bits 0-26, the second's in bits 32-58),
``comp`` (int64 27, see
:func:`_settle`), ``state`` (int64 ``STATE_SIZE``: LEVEL, NODES, UPDATES,
SOLUTIONS, MAX_LEVEL, PHASE) and ``rng`` (uint64 1, a SplitMix64 state)."""


def _tables():
    """The triads of each 9-bit row (:data:`TRIAD`); the cells some permutation
    of a 3x3 triad occupancy keeps (:data:`ALLOWED`), and its triads (:data:`PERM9`);
    the cells of a set of triads (:data:`CELLS9`); the branching on an occupancy
    that exactly two permutations fit (:data:`PAIRS`)."""
    triad = np.zeros(512, np.int32)
    for r in range(512):
        triad[r] = sum(1 << j for j in range(3) if (r >> 3 * j) & 7)
    perms = [sum(1 << (3 * k + p[k]) for k in range(3)) for p in itertools.permutations(range(3))]
    allowed = np.zeros(512, np.int32)
    perm9 = np.zeros(512, np.int32)
    for s in range(512):
        a = 0
        for bits in perms:
            if s & bits == bits:
                a |= bits
        perm9[s] = a
        allowed[s] = sum(7 << (9 * (t // 3) + 3 * (t % 3)) for t in range(9) if a >> t & 1)
    cells9 = np.zeros(512, np.int64)
    pairs = np.zeros(512, np.int32)
    for s in range(512):
        cells9[s] = sum(7 << (9 * (t // 3) + 3 * (t % 3)) for t in range(9) if s >> t & 1)
        fit = [bits for bits in perms if s & bits == bits]
        if len(fit) == 2 and perm9[s] == s:
            pairs[s] = (s & ~fit[0]) | ((s & ~fit[1]) << 9)
    return triad, allowed, perm9, cells9, pairs


#: TRIAD[r]: bit j set when the 9-bit row ``r`` has a candidate in box j.
#: ALLOWED[s]: for a band's triad occupancy ``s`` (bit ``3 * r + j``: row r in
#: box j), the 27-bit mask of the cells of the triads some permutation uses
#: (0: none fits).  PERM9[s]: those triads, as 9 bits.  CELLS9[t]: the 27-bit
#: mask of the cells of the triads ``t``.  PAIRS[s]: for an occupancy that
#: exactly two permutations fit (and that they cover), the triads to strike to
#: keep the first (bits 0-8) and those to strike to keep the second (bits 9-17);
#: else 0.
TRIAD, ALLOWED, PERM9, CELLS9, PAIRS = _tables()

#: Every cell of a band (and every candidate word of a state).
ALL = (1 << 27) - 1
#: The candidate words of band 0 (shifted by b: of band b).
BAND_WORDS = sum(1 << (3 * d) for d in range(9))
#: Words of a state: 27 candidate words, 3 of unsolved cells, 3 of unsolved rows.
WIDTH = 33
#: The dtype of the words: uint32 in compiled code; int64 in plain Python
#: (``NUMBA_DISABLE_JIT=1``), where numpy refuses to mix a uint32 with the
#: negative masks (``~bits``) that compiled code widens to int64 itself.
WORD = np.int64 if getattr(config, "DISABLE_JIT", False) else np.uint32
#: Levels of the stack: at most one guess placed per cell, and the start.
DEPTH = 82


@njit(**JIT_INNER)
def _settle(cur, comp, state, todo):
    """Propagate the band state ``cur`` to its fixpoint; False on a contradiction.

    ``comp`` holds each word's value when it was last looked at: the bands'
    pass looks again at each word that differs, taking them from the mask
    ``todo`` of the words that may (bit i: word i), to which it adds those
    it strikes from.  Then the naked singles of the bands whose
    words changed since they were last looked for, and, when there are none,
    the stacks' pass of the digits whose words changed since their last one,
    may change some, and the loop goes on.  ``state[UPDATES]`` counts the
    words looked at.
    """
    triad, allowed, perm9 = TRIAD, ALLOWED, PERM9
    steps = 0
    bands = 0  # bit b: band b changed since its naked singles were looked for
    digits = 0  # bit d: digit d changed since its stacks' pass
    ok = True
    while ok:
        while todo != 0:
            i = trailing_zeros(todo)
            todo &= todo - 1
            w = cur[i]
            if w != comp[i]:
                steps += 1
                w &= allowed[triad[w & 511] | (triad[(w >> 9) & 511] << 3) | (triad[w >> 18] << 6)]
                if w == 0:
                    ok = False
                    break
                d = i // 3
                b = i - 3 * d
                bands |= 1 << b
                digits |= 1 << d
                rows = (cur[30 + b] >> (3 * d)) & 7
                if rows != 0:
                    r0 = w & 511
                    r1 = (w >> 9) & 511
                    r2 = w >> 18
                    s0 = r0 if rows & 1 and r0 & (r0 - 1) == 0 else 0
                    s1 = r1 if rows & 2 and r1 & (r1 - 1) == 0 else 0
                    s2 = r2 if rows & 4 and r2 & (r2 - 1) == 0 else 0
                    if s0 | s1 | s2:
                        if (s0 & s1) | (s0 & s2) | (s1 & s2):
                            ok = False
                            break
                        s = s0 | (s1 << 9) | (s2 << 18)
                        cols = s0 | s1 | s2
                        cm = ~(cols | (cols << 9) | (cols << 18))
                        w &= cm | s
                        done = np.int64(s0 != 0) | (np.int64(s1 != 0) << 1) | (np.int64(s2 != 0) << 2)
                        cur[30 + b] = cur[30 + b] & ~(done << (3 * d))
                        e = 3 * d
                        cur[e] = cur[e] & cm
                        cur[e + 1] = cur[e + 1] & cm
                        cur[e + 2] = cur[e + 2] & cm
                        s = ~s
                        for e in range(b, 27, 3):
                            cur[e] = cur[e] & s
                        cur[27 + b] = cur[27 + b] & s
                        todo |= (7 << (3 * d)) | (BAND_WORDS << b)
                comp[i] = w
                cur[i] = w
        if not ok:
            break
        # naked singles, in the bands that changed
        while bands != 0:
            b = trailing_zeros(bands)
            bands &= bands - 1
            ones = 0
            twos = 0
            for e in range(b, 27, 3):
                x = cur[e]
                twos |= ones & x
                ones |= x
            u = cur[27 + b]
            if u & ~ones:
                ok = False
                break
            sing = u & ~twos
            if sing == 0:
                continue
            for e in range(b, 27, 3):
                x = cur[e]
                m = x & sing
                if m != 0:
                    r0 = m & 511
                    r1 = (m >> 9) & 511
                    r2 = m >> 18
                    if (r0 & (r0 - 1)) | (r1 & (r1 - 1)) | (r2 & (r2 - 1)):
                        ok = False
                        break
                    rs = (511 if r0 else 0) | (511 << 9 if r1 else 0) | (511 << 18 if r2 else 0)
                    cur[e] = x & (~rs | m)
                    todo |= 1 << e
            if not ok:
                break
        bands = 0
        if todo != 0 or not ok:
            continue
        # the stacks: each digit's columns-in-box triads, as the bands' rows-in-box
        while digits != 0:
            d = trailing_zeros(digits)
            digits &= digits - 1
            w0 = cur[3 * d]
            w1 = cur[3 * d + 1]
            w2 = cur[3 * d + 2]
            f0 = (w0 | (w0 >> 9) | (w0 >> 18)) & 511
            f1 = (w1 | (w1 >> 9) | (w1 >> 18)) & 511
            f2 = (w2 | (w2 >> 9) | (w2 >> 18)) & 511
            k0 = 0
            k1 = 0
            k2 = 0
            for j in range(0, 9, 3):
                ok9 = perm9[((f0 >> j) & 7) | (((f1 >> j) & 7) << 3) | (((f2 >> j) & 7) << 6)]
                if ok9 == 0:
                    ok = False
                    break
                k0 |= (ok9 & 7) << j
                k1 |= ((ok9 >> 3) & 7) << j
                k2 |= (ok9 >> 6) << j
            if not ok:
                break
            if (f0 & ~k0) | (f1 & ~k1) | (f2 & ~k2):
                todo |= 7 << (3 * d)
                cur[3 * d] = w0 & (k0 | (k0 << 9) | (k0 << 18))
                cur[3 * d + 1] = w1 & (k1 | (k1 << 9) | (k1 << 18))
                cur[3 * d + 2] = w2 & (k2 | (k2 << 9) | (k2 << 18))
        digits = 0
        if todo == 0:
            break
    state[UPDATES] += steps
    return ok


@njit(**JIT_HELPER)
def _row_branch(bit):
    """The two strikes of a branching on ``bit``'s cell: the other cells of its
    row (the digit goes there), then the cell itself."""
    row = np.int64(511) << (9 * (trailing_zeros(bit) // 9))
    return (row & ~bit) | (bit << 32)


@njit(**JIT_HELPER)
def _choose(cur):
    """``(word, strikes)`` of the branching (see :func:`search`): a cell with
    two candidates (its lowest digit first), else a digit whose triads in a
    band fit exactly two permutations (the lower one's first), else a cell
    with three candidates, else the first unsolved cell."""
    # bit-sliced counts of the candidates of the cells (at least 1, 2, 3, 4):
    # bands 0 and 1 side by side in one word (band 1 from bit 32), then band 2
    o = 0
    t = 0
    h = 0
    f = 0
    for e in range(0, 27, 3):
        x = np.int64(cur[e]) | (np.int64(cur[e + 1]) << 32)
        f |= h & x
        h |= t & x
        t |= o & x
        o |= x
    u01 = np.int64(cur[27]) | (np.int64(cur[28]) << 32)
    c = t & ~h & u01
    b = 0
    if c == 0:
        c3 = h & ~f & u01
        o = 0
        t = 0
        h = 0
        f = 0
        for e in range(2, 27, 3):
            x = np.int64(cur[e])
            f |= h & x
            h |= t & x
            t |= o & x
            o |= x
        u2 = np.int64(cur[29])
        c = t & ~h & u2
        b = 2
        if c == 0:
            for e in range(27):
                w = np.int64(cur[e])
                p = np.int64(PAIRS[TRIAD[w & 511] | (TRIAD[(w >> 9) & 511] << 3) | (TRIAD[w >> 18] << 6)])
                if p != 0:
                    return e, (w & CELLS9[p & 511]) | ((w & CELLS9[p >> 9]) << 32)
            c = c3
            b = 0
            if c == 0:
                c = h & ~f & u2
                b = 2
                if c == 0:
                    c = u01
                    b = 0
                    if c == 0:
                        c = u2
                        b = 2
    bit = c & -c
    if bit > ALL:
        b = 1
        bit >>= 32
    e = b
    while np.int64(cur[e]) & bit == 0:
        e += 3
    return e, _row_branch(bit)


@njit(**JIT_HELPER)
def start(grid, work):
    """The state of ``grid`` (81 uint8, 0 = empty) at level 0, propagated.

    Returns -1 when a given is larger than 9 or repeats a digit in a row,
    column or box (an invalid grid), else the search's phase: 1 when the
    state is consistent, 0 when propagation found a contradiction (no
    solution).  ``state`` is zeroed first.
    """
    stack, comp, state = work.stack, work.comp, work.state
    work.gent[0] = 0
    for k in range(state.shape[0]):
        state[k] = 0
    # the givens' clashes, with comp as scratch: rows, columns, boxes
    for i in range(27):
        comp[i] = 0
    for c in range(81):
        d = np.int64(grid[c])
        if d != 0:
            if d > 9:
                return -1
            r = c // 9
            k = c - 9 * r
            x = 18 + r // 3 * 3 + k // 3
            bit = np.int64(1) << (d - 1)
            if (comp[r] | comp[9 + k] | comp[x]) & bit:
                return -1
            comp[r] |= bit
            comp[9 + k] |= bit
            comp[x] |= bit
    cur = stack[0]
    for i in range(27):
        cur[i] = ALL
        comp[i] = -1
    for b in range(3):
        cur[27 + b] = ALL
        cur[30 + b] = ALL
    for c in range(81):
        d = np.int64(grid[c])
        if d != 0:
            b = c // 27
            e = 3 * (d - 1) + b
            cur[e] = cur[e] & ~(_row_branch(np.int64(1) << (c - 27 * b)) & ALL)
    ok = _settle(cur, comp, state, np.int64(ALL))
    state[PHASE] = 1 if ok else 0
    return state[PHASE]


@njit(**JIT_HELPER)
def strike(work, cell, digit):
    """Strike ``digit`` from ``cell``'s candidates in the level-0 state just
    started, and propagate (the generator's uniqueness check); returns the phase."""
    stack, comp, state = work.stack, work.comp, work.state
    if state[PHASE] == 0:
        return 0
    cur = stack[0]
    b = cell // 27
    e = 3 * (digit - 1) + b
    cur[e] = np.int64(cur[e]) & ~(np.int64(1) << (cell - 27 * b))
    ok = _settle(cur, comp, state, np.int64(ALL))
    state[PHASE] = 1 if ok else 0
    return state[PHASE]


@njit(**JIT_HELPER)
def search(work, node_budget, stop, randomised):
    """Go on with the search from ``state`` until a solution (RET_SOLUTION: the
    grid is at ``stack[state[LEVEL]]``, :func:`write_grid`), the end (RET_DONE)
    or a pause (RET_PAUSED): ``state[UPDATES]`` reached ``stop``, or
    ``state[NODES]`` reached ``node_budget`` (the caller tells which).

    ``randomised``: the branching digit is drawn at random among the cell's
    candidates (``work.rng``, a SplitMix64 state; random full grids), else
    a bivalue cell's lower digit comes first.
    """
    stack, gent, gbit, comp, state, rng = work
    level = state[LEVEL]
    ok = state[PHASE] != 0
    while True:
        if ok:
            cur = stack[level]
            if (np.int64(cur[27]) | np.int64(cur[28]) | np.int64(cur[29])) == 0:
                state[SOLUTIONS] += 1
                state[LEVEL] = level
                state[PHASE] = 0
                return RET_SOLUTION
            if state[NODES] >= node_budget or state[UPDATES] >= stop:
                state[LEVEL] = level
                state[PHASE] = 1
                return RET_PAUSED
            e, g = _choose(cur)
            if randomised:
                e, bit = _random_digit(cur, e, (g >> 32) & -(g >> 32), rng)
                g = _row_branch(bit)
            state[NODES] += 1
            gent[level] = e | (gent[level] & ~np.int64(255))  # the level's finished first branches stay
            gbit[level] = g
            level += 1
            gent[level] = 0
            if level > state[MAX_LEVEL]:
                state[MAX_LEVEL] = level
            nxt = stack[level]
            for i in range(WIDTH):
                nxt[i] = cur[i]
            nxt[e] = nxt[e] & ~(g & ALL)
        else:
            if level == 0:
                state[LEVEL] = 0
                state[PHASE] = 0
                return RET_DONE
            if state[UPDATES] >= stop:
                state[LEVEL] = level
                state[PHASE] = 0
                return RET_PAUSED
            level -= 1
            nxt = stack[level]
            for i in range(27):
                comp[i] = nxt[i]
            e = gent[level] & 255
            gent[level] += 256  # one more first branch finished at this level (for the estimate)
            nxt[e] = nxt[e] & ~(gbit[level] >> 32)
        ok = _settle(nxt, comp, state, np.int64(1) << e)


@njit(**JIT_HELPER)
def _random_digit(cur, e, bit, rng):
    """The cell of ``bit`` in word ``e``'s band, with a digit drawn at random
    among its candidates."""
    b = e % 3
    k = np.int64(0)
    for f in range(b, 27, 3):
        if np.int64(cur[f]) & bit:
            k += 1
    j = below(rng, k)
    for f in range(b, 27, 3):
        if np.int64(cur[f]) & bit:
            if j == 0:
                return f, bit
            j -= 1
    return e, bit


@njit(**JIT_HELPER)
def write_grid(cur, out):
    """The solved state ``cur`` as 81 digits into ``out``."""
    for e in range(27):
        x = np.int64(cur[e])
        d = e // 3
        base = 27 * (e - 3 * d)
        while x != 0:
            out[base + trailing_zeros(x)] = d + 1
            x &= x - 1


# ---------------------------------------------------------------------------
# Entry points: one grid, and the lanes of a batch
# ---------------------------------------------------------------------------

#: No node budget.
NO_BUDGET = np.int64(1) << np.int64(62)

BandJobs = namedtuple("BandJobs", "limit puzzles")
BandJobs.__doc__ = """Grids for the band layout: row ``i`` of ``puzzles`` (uint8,
81 cells, 0 = empty) up to ``limit[i]`` solutions (int64)."""

CellJobs = namedtuple("CellJobs", "limit puzzles geometry")
CellJobs.__doc__ = """Grids for the cell layout: as :data:`BandJobs`, with the
geometry's tables ``(peer_ptr, peers, regions, bans, rules)``."""

BitsResults = namedtuple("BitsResults", "status count nodes updates grid")
BitsResults.__doc__ = """What a batch writes, one entry per grid: the status
(ST_*), the solutions found, the guesses (``nodes``) and propagation steps
(``updates``), and the first solution as a grid (zeros when none)."""


@njit(**JIT_ENTRY)
def one_band(begin, grid, limit, node_budget, work_slice, work, out):
    """One 9x9 grid straight through (``Sudoku(p).solve()``, ``count()``):
    ``begin`` starts it, then the search runs up to ``limit`` solutions (the
    first written to ``out``) for about ``work_slice`` propagation steps.

    Returns -1 for an invalid grid, 1 when it paused (on the slice, or on the
    node budget: ``state[NODES] >= node_budget``; call again with ``begin``
    False to go on), 2 when it stopped at the ``limit``-th solution (written
    to ``out``, as is the first; call again with a higher limit to go on), 0
    when the search is over; ``work.state`` holds the figures."""
    work = BandWork(*work)
    state = work.state
    if begin:
        if start(grid, work) < 0:
            return -1
    stop = state[UPDATES] + work_slice
    while True:
        ret = search(work, node_budget, stop, np.bool_(False))
        if ret == RET_SOLUTION:
            if state[SOLUTIONS] == 1 or state[SOLUTIONS] == limit:
                write_grid(work.stack[state[LEVEL]], out)
            if state[SOLUTIONS] < limit:
                continue
            return 2
        if ret == RET_DONE:
            return 0
        return 1


@njit(**JIT_ENTRY)
def one_cells(begin, grid, limit, node_budget, work_slice, geometry, work, out):
    """:func:`one_band` for the cell layout (any geometry ``(peer_ptr, peers,
    regions, bans, rules)``, grids of up to 63 digits)."""
    work = CellWork(*work)
    state = work.state
    nn = grid.shape[0]
    n = geometry[2].shape[1]
    full = (_U1 << np.uint64(n)) - _U1
    if begin:
        if cells_clash(grid, n, geometry) >= 0:
            for k in range(state.shape[0]):
                state[k] = 0
            return -1
        if not start_cells(work, grid, nn, full, geometry, np.int64(-1), np.int64(0)):
            state[PHASE] = 0
            state[LEVEL] = -1
            return 0
    if state[LEVEL] < 0:
        return 0
    stop = state[UPDATES] + work_slice
    while True:
        ret = search_cells(work, nn, full, geometry, node_budget, stop, np.bool_(False))
        if ret == RET_SOLUTION:
            if state[SOLUTIONS] == 1 or state[SOLUTIONS] == limit:
                write_cells(work.stack[state[LEVEL]], out)
            if state[SOLUTIONS] < limit:
                continue
            return 2
        if ret == RET_DONE:
            return 0
        return 1


@njit(**JIT_INLINED)
def band_lane(works, k):
    """Lane ``k``'s :data:`BandWork`: row ``k`` of each field of ``works`` (a
    plain tuple in :data:`BandWork` order, each array with a leading lane axis)."""
    return BandWork(works[0][k], works[1][k], works[2][k], works[3][k], works[4][k], works[5][k])


@njit(**JIT_INLINED)
def cell_lane(works, k):
    """Lane ``k``'s :data:`CellWork` (as :func:`band_lane`)."""
    return CellWork(works[0][k], works[1][k], works[2][k], works[3][k], works[4][k], works[5][k])


@njit(**JIT_INNER)
def _take(counter, lane, res):
    """The next job for ``lane`` (-1: none left); its count zeroed."""
    i = _fetch_add(counter, COUNTER_NEXT, 1)
    if i >= res.status.shape[0]:
        return -1
    lane[LANE_CUR] = i
    res.count[i] = 0
    return i


@njit(**JIT_INNER)
def _close(i, st, state, lane, res):
    """Write job ``i``'s status ``st`` and figures; the lane is free again."""
    found = state[SOLUTIONS]
    if found == 0 or st == ST_INVALID:
        for c in range(res.grid.shape[1]):
            res.grid[i, c] = 0
    res.status[i] = st
    res.count[i] = found
    res.nodes[i] = state[NODES]
    res.updates[i] = state[UPDATES]
    lane[LANE_ACTIVE] = 0


@njit(**JIT_INNER)
def _status(ret, found, limit, state, node_budget):
    """The status of a job after a return of the search (ST_PENDING: go on;
    -1: paused on the slice)."""
    if ret == RET_SOLUTION:
        if found < limit:
            return ST_PENDING
        return ST_SOLVED if found == 1 else ST_MULTIPLE
    if ret == RET_DONE:
        return ST_NO_SOLUTION if found == 0 else ST_SOLVED if found == 1 else ST_MULTIPLE
    if state[NODES] >= node_budget:
        return ST_BUDGET
    return -1


@njit(**JIT_INLINED)
def _lane(jobs, work, lane, counter, budgets, res, begin, go, write):
    """The lane loop of both layouts: jobs taken from ``counter[COUNTER_NEXT]``
    until none is left (returns 0) or about ``work_budget`` propagation steps
    were spent (returns 1: call again).  The layout's steps: ``begin(i, jobs,
    work)`` starts job ``i`` (-1 invalid, 0 no solution, 1 to search), ``go(jobs,
    work, node_budget, stop)`` searches on, ``write(work, out)`` writes the
    solution in hand."""
    state = work.state
    node_budget, work_budget = budgets[1], budgets[2]
    spent = np.int64(0)
    while True:
        if lane[LANE_ACTIVE] == 0:
            i = _take(counter, lane, res)
            if i < 0:
                return 0
            ok = begin(i, jobs, work)
            if ok <= 0:
                if ok < 0:
                    for t in range(state.shape[0]):
                        state[t] = 0
                _close(i, np.int64(ST_INVALID) if ok < 0 else np.int64(ST_NO_SOLUTION), state, lane, res)
                continue
            lane[LANE_ACTIVE] = 1
            spent += state[UPDATES]
        i = lane[LANE_CUR]
        before = state[UPDATES]
        ret = go(jobs, work, node_budget, before + max(work_budget - spent, 1))
        spent += state[UPDATES] - before
        found = state[SOLUTIONS]
        lane[LANE_FOUND] = found
        if ret == RET_SOLUTION and found == 1:
            write(work, res.grid[i])
        st = _status(ret, found, jobs.limit[i], state, node_budget)
        if st == ST_PENDING:
            continue
        if st < 0:
            return 1
        _close(i, st, state, lane, res)
        if spent >= work_budget:
            return 1


@njit(**JIT_HELPER)
def _begin_band(i, jobs, work):
    """Start job ``i`` of a batch of 9x9 grids (see :func:`_lane`)."""
    return start(jobs.puzzles[i], work)


@njit(**JIT_HELPER)
def _go_band(jobs, work, node_budget, stop):
    return search(work, node_budget, stop, np.bool_(False))


@njit(**JIT_HELPER)
def _write_band(work, out):
    write_grid(work.stack[work.state[LEVEL]], out)


@njit(**JIT_HELPER)
def _begin_cells(i, jobs, work):
    """Start job ``i`` of a batch in the cell layout (see :func:`_lane`)."""
    grid = jobs.puzzles[i]
    geometry = jobs.geometry
    n = geometry[2].shape[1]
    if cells_clash(grid, n, geometry) >= 0:
        return -1
    full = (_U1 << np.uint64(n)) - _U1
    return 1 if start_cells(work, grid, grid.shape[0], full, geometry, np.int64(-1), np.int64(0)) else 0


@njit(**JIT_HELPER)
def _go_cells(jobs, work, node_budget, stop):
    geometry = jobs.geometry
    n = geometry[2].shape[1]
    full = (_U1 << np.uint64(n)) - _U1
    return search_cells(work, jobs.puzzles.shape[1], full, geometry, node_budget, stop, np.bool_(False))


@njit(**JIT_HELPER)
def _write_cells(work, out):
    write_cells(work.stack[work.state[LEVEL]], out)


@njit(**JIT_ENTRY)
def lane_band(k, jobs, works, lanes, counter, budgets, res):
    """Lane ``k`` of a batch of 9x9 grids (:data:`BandJobs`, :data:`BitsResults`;
    ``works`` a :data:`BandWork` of 2-D arrays, one row per lane): jobs taken
    from ``counter[COUNTER_NEXT]`` until none is left (returns 0) or about
    ``work_budget`` propagation steps were spent (returns 1: call again).
    ``budgets`` is ``(stop_at, node_budget, work_budget)`` as for the links'
    lanes; a job that spends ``node_budget`` guesses ends as ST_BUDGET.
    Lanes run on Python threads, one call each (the GIL is released)."""
    return _lane(BandJobs(*jobs), band_lane(works, k), lanes[k], counter, budgets, BitsResults(*res),
                 _begin_band, _go_band, _write_band)


@njit(**JIT_ENTRY)
def lane_cells(k, jobs, works, lanes, counter, budgets, res):
    """:func:`lane_band` for the cell layout (:data:`CellJobs`; ``works`` a
    :data:`CellWork` of arrays with a leading lane axis)."""
    return _lane(CellJobs(*jobs), cell_lane(works, k), lanes[k], counter, budgets, BitsResults(*res),
                 _begin_cells, _go_cells, _write_cells)
