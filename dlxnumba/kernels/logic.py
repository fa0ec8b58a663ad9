"""Logical Sudoku solving on candidate bitmasks: human techniques, one step at a
time, and the fixed-rule guessing solver of the search-effort scale.

The data
--------
A grid of ``n * n`` cells (``n <= 64``) is two arrays:

* ``grid`` -- uint8, the digit of each cell, 0 when empty;
* ``cand`` -- uint64, the *candidates* (pencil marks) of each empty cell: bit
  ``d - 1`` is set when digit ``d`` may still go there.  A filled cell has
  ``cand == 0``, so a union over a region's cells is a union over its empty
  cells.

The geometry comes in as a :data:`LogicTables` record, built over a list of
*regions* (each ``n`` cells that hold every digit once): the rows, the
columns, the boxes and any extra region a variant adds.  Nothing below assumes
three regions per cell, except the fish, which are by definition about rows and
columns (cell ``i * n + j`` is in row ``i`` and column ``j``).

Techniques and steps
--------------------
A *step* is one application of one technique: either a placement (a digit in a
cell) or a set of eliminations (candidates removed).  Each technique is a
function ``t_...(tab, cand, grid, step, ...)`` that looks for its pattern and,
when the pattern removes something, writes the step into a :data:`StepRecord`
and returns 1 (0: not found; -1: the candidates contradict -- a cell with no
candidate or a digit with no place in a region).  :func:`find_step` tries the
techniques in the order of their numbers below, which is the order of their
scores (easiest first), and :func:`apply_step` applies a step.
:func:`solve_logic` repeats the two until the grid is full or no technique
applies, and reports the hardest technique used and the number of steps.

The technique numbers are mirrored, with names and scores, by the table in
:mod:`dlxnumba.sudoku.grading` (a test keeps the two equal).

Search effort
-------------
:func:`effort_run` solves a grid with one fixed rule: propagate naked and
hidden singles; when they stall, branch on the empty cell with the fewest
candidates (the first in cell order among equals), trying its digits in
increasing order; count every digit tried at a branch (a *guess*) until the
first solution, or the end of the tree.  It pauses after a given amount of
work and resumes where it was (:data:`EffortLanes`), so that a long search
returns to Python often.

Both the grader (:func:`grade_serial`, :func:`grade_parallel`) and the
effort solver are called on slices of a batch by
:mod:`dlxnumba.sudoku.grading`, which returns to Python between two slices.
"""

from collections import namedtuple

import numpy as np
from numba import njit, prange

from . import JIT, JIT_PARALLEL

LogicTables = namedtuple("LogicTables", "n regions kind cell_ptr cell_reg peer_ptr peers pairs")
LogicTables.__doc__ = """The geometry as the logical solver reads it: ``n``; ``regions``
(int32 (R, n), the cells of each region); ``kind`` (int8 (R,): 0 row, 1 column,
2 box, 3 other); the regions of each cell ``cell_reg[cell_ptr[c]:cell_ptr[c + 1]]``
and its peers (the other cells of its regions, once each)
``peers[peer_ptr[c]:peer_ptr[c + 1]]`` (int32); ``pairs`` (int32 (P, 3)): region
``A``, region ``B`` (sharing at least two cells) and the technique (pointing or
claiming) of locked candidates from ``A`` into ``B``."""

StepRecord = namedtuple("StepRecord", "info cells digits elims scratch work color stack count parent queue comb")
StepRecord.__doc__ = """One step: ``info`` (int64, slots I_*), the cells involved
``cells[:info[I_NCELLS]]`` (int32), the digits involved ``digits[:info[I_NDIGITS]]``
(int32) and the eliminations ``elims[:info[I_NELIMS]]`` (int32, ``cell * n + digit - 1``);
then the working arrays of the techniques, allocated once with the record
(:func:`new_step`), so that looking for a step allocates nothing."""

# Slots of StepRecord.info.
I_TECH = 0  # the technique
I_CELL = 1  # the cell placed (-1 for eliminations)
I_DIGIT = 2  # the digit placed (0 for eliminations)
I_NCELLS = 3
I_NDIGITS = 4
I_NELIMS = 5
I_REGION_A = 6  # the region of the pattern (-1: none)
I_REGION_B = 7  # the second region (locked candidates), -1: none
I_SPLIT = 8  # coloring: the first I_SPLIT cells have one color, the rest the other
INFO_SIZE = 10

# Techniques, easiest first (their scores grow in this order).
T_NONE = 0
FULL_HOUSE = 1
HIDDEN_SINGLE = 2
NAKED_SINGLE = 3
POINTING = 4
CLAIMING = 5
NAKED_PAIR = 6
HIDDEN_PAIR = 7
NAKED_TRIPLE = 8
HIDDEN_TRIPLE = 9
X_WING = 10
XY_WING = 11
XYZ_WING = 12
UNIQUE_RECTANGLE = 13  # sound only for a puzzle with one solution
NAKED_QUAD = 14
HIDDEN_QUAD = 15
SWORDFISH = 16
JELLYFISH = 17
SIMPLE_COLORING = 18
X_CHAIN = 19
XY_CHAIN = 20
BEYOND = 21  # no technique applies: the grid needs guessing
N_TECHNIQUES = 22
#: Every technique (the bits of ``allowed``).
ALL_TECHNIQUES = (1 << BEYOND) - 2

#: Most branch levels the search-effort solver keeps (its saved states take
#: ``MAX_DEPTH * n * n * 9`` bytes: 33 MB for 64x64 grids); a search that goes
#: deeper stops there, unsolved.
MAX_DEPTH = 1024

# Kinds of region.
K_ROW = 0
K_COLUMN = 1
K_BOX = 2
K_OTHER = 3

U0 = np.uint64(0)
U1 = np.uint64(1)
_M1 = np.uint64(0x5555555555555555)
_M2 = np.uint64(0x3333333333333333)
_M4 = np.uint64(0x0F0F0F0F0F0F0F0F)
_H01 = np.uint64(0x0101010101010101)
_ALL = np.uint64(0xFFFFFFFFFFFFFFFF)


# --------------------------------------------------------------------- bits

@njit(**JIT)
def popcount(x):
    """The number of set bits of a uint64."""
    x = x - ((x >> U1) & _M1)
    x = (x & _M2) + ((x >> np.uint64(2)) & _M2)
    x = (x + (x >> np.uint64(4))) & _M4
    return np.int64((x * _H01) >> np.uint64(56))


@njit(**JIT)
def low_digit(x):
    """The digit (1-based) of the lowest set bit of ``x != 0``."""
    return popcount((x & (~x + U1)) - U1) + 1


@njit(**JIT)
def bit(d):
    """The mask of digit ``d`` (1-based)."""
    return U1 << np.uint64(d - 1)


@njit(**JIT)
def full_mask(n):
    """The mask of all ``n`` digits."""
    return _ALL >> np.uint64(64 - n)


# --------------------------------------------------------------------- grid

@njit(**JIT)
def in_region(tab, cell, r):
    """True when ``cell`` belongs to region ``r``."""
    for k in range(tab.cell_ptr[cell], tab.cell_ptr[cell + 1]):
        if tab.cell_reg[k] == r:
            return True
    return False


@njit(**JIT)
def sees(tab, a, b):
    """True when the distinct cells ``a`` and ``b`` share a region."""
    if a == b:
        return False
    for ka in range(tab.cell_ptr[a], tab.cell_ptr[a + 1]):
        ra = tab.cell_reg[ka]
        for kb in range(tab.cell_ptr[b], tab.cell_ptr[b + 1]):
            if tab.cell_reg[kb] == ra:
                return True
    return False


@njit(**JIT)
def place(tab, cand, grid, cell, d):
    """Write digit ``d`` into ``cell`` and remove it from the candidates of its peers."""
    grid[cell] = d
    cand[cell] = U0
    keep = ~bit(d)
    for k in range(tab.peer_ptr[cell], tab.peer_ptr[cell + 1]):
        p = tab.peers[k]
        cand[p] &= keep


@njit(**JIT)
def init_state(puzzle, tab, cand, grid):
    """The grid and candidates of ``puzzle`` (uint8, 0 = empty): every digit that
    no peer holds.  Returns False when two givens clash (then the state is
    unspecified)."""
    n = tab.n
    full = full_mask(n)
    for c in range(n * n):
        grid[c] = 0
        cand[c] = full
    for c in range(n * n):
        d = np.int64(puzzle[c])
        if d != 0:
            if (cand[c] & bit(d)) == U0:
                return False
            place(tab, cand, grid, c, d)
    return True


# --------------------------------------------------------------------- steps

@njit(**JIT)
def clear_step(step, tech):
    info = step.info
    for k in range(INFO_SIZE):
        info[k] = 0
    info[I_TECH] = tech
    info[I_CELL] = -1
    info[I_REGION_A] = -1
    info[I_REGION_B] = -1


@njit(**JIT)
def add_cell(step, cell):
    step.cells[step.info[I_NCELLS]] = cell
    step.info[I_NCELLS] += 1


@njit(**JIT)
def add_digits(step, mask):
    while mask != U0:
        d = low_digit(mask)
        mask ^= bit(d)
        step.digits[step.info[I_NDIGITS]] = d
        step.info[I_NDIGITS] += 1


@njit(**JIT)
def add_elims(step, n, cell, mask):
    """Record the eliminations of the digits of ``mask`` from ``cell``."""
    while mask != U0:
        d = low_digit(mask)
        mask ^= bit(d)
        step.elims[step.info[I_NELIMS]] = cell * n + d - 1
        step.info[I_NELIMS] += 1


@njit(**JIT)
def set_placement(step, tech, cell, d, region):
    clear_step(step, tech)
    step.info[I_CELL] = cell
    step.info[I_DIGIT] = d
    step.info[I_REGION_A] = region
    add_cell(step, cell)
    add_digits(step, bit(d))


@njit(**JIT)
def apply_step(tab, cand, grid, step):
    """Carry out a step: its placement, or its eliminations."""
    n = tab.n
    if step.info[I_DIGIT] > 0:
        place(tab, cand, grid, step.info[I_CELL], step.info[I_DIGIT])
    for k in range(step.info[I_NELIMS]):
        e = step.elims[k]
        cand[e // n] &= ~bit(e % n + 1)


@njit(**JIT)
def next_combination(comb, k, m):
    """Advance ``comb[:k]`` (increasing indices below ``m``) to the next
    combination in lexicographic order; False after the last."""
    i = k - 1
    while i >= 0 and comb[i] == m - k + i:
        i -= 1
    if i < 0:
        return False
    comb[i] += 1
    for j in range(i + 1, k):
        comb[j] = comb[j - 1] + 1
    return True


# ---------------------------------------------------------------- techniques

@njit(**JIT)
def check(tab, cand, grid):
    """-1 when the candidates contradict: an empty cell without a candidate, or
    a region where some digit has no place left; else 0."""
    n = tab.n
    full = full_mask(n)
    for c in range(n * n):
        if grid[c] == 0 and cand[c] == U0:
            return -1
    for r in range(tab.regions.shape[0]):
        seen = U0
        for x in tab.regions[r]:
            seen |= cand[x]
            if grid[x] != 0:
                seen |= bit(grid[x])
        if seen != full:
            return -1
    return 0


@njit(**JIT)
def t_full_house(tab, cand, grid, step):
    """The last empty cell of a region."""
    n = tab.n
    full = full_mask(n)
    for r in range(tab.regions.shape[0]):
        empty = 0
        last = -1
        placed = U0
        for x in tab.regions[r]:
            if grid[x] == 0:
                empty += 1
                last = x
            else:
                placed |= bit(grid[x])
        if empty == 1:
            missing = full & ~placed
            if (cand[last] & missing) != U0:
                set_placement(step, FULL_HOUSE, last, low_digit(cand[last] & missing), r)
                return 1
    return 0


@njit(**JIT)
def t_hidden_single(tab, cand, grid, step):
    """A digit with one place left in a region (boxes first, then the other regions)."""
    R = tab.regions.shape[0]
    for order in range(2):
        for r in range(R):
            if (tab.kind[r] == K_BOX) != (order == 0):
                continue
            once = U0
            twice = U0
            for x in tab.regions[r]:
                twice |= once & cand[x]
                once |= cand[x]
            hidden = once & ~twice
            if hidden != U0:
                d = low_digit(hidden)
                for x in tab.regions[r]:
                    if (cand[x] & bit(d)) != U0:
                        set_placement(step, HIDDEN_SINGLE, x, d, r)
                        return 1
    return 0


@njit(**JIT)
def t_naked_single(tab, cand, grid, step):
    """A cell with one candidate left."""
    for c in range(tab.n * tab.n):
        if grid[c] == 0 and cand[c] != U0 and (cand[c] & (cand[c] - U1)) == U0:
            set_placement(step, NAKED_SINGLE, c, low_digit(cand[c]), -1)
            return 1
    return 0


@njit(**JIT)
def t_locked(tab, cand, grid, step, tech):
    """Locked candidates: a digit whose places in region A all lie in region B
    leaves the rest of B (``tech`` POINTING: A a box; CLAIMING: A a line)."""
    n = tab.n
    for p in range(tab.pairs.shape[0]):
        if tab.pairs[p, 2] != tech:
            continue
        a = tab.pairs[p, 0]
        b = tab.pairs[p, 1]
        inside = U0
        outside = U0
        for x in tab.regions[a]:
            if in_region(tab, x, b):
                inside |= cand[x]
            else:
                outside |= cand[x]
        locked = inside & ~outside
        if locked == U0:
            continue
        hit = U0
        for y in tab.regions[b]:
            if not in_region(tab, y, a):
                hit |= cand[y] & locked
        if hit == U0:
            continue
        d = low_digit(hit)
        m = bit(d)
        clear_step(step, tech)
        step.info[I_REGION_A] = a
        step.info[I_REGION_B] = b
        add_digits(step, m)
        for x in tab.regions[a]:
            if (cand[x] & m) != U0:
                add_cell(step, x)
        for y in tab.regions[b]:
            if (cand[y] & m) != U0 and not in_region(tab, y, a):
                add_elims(step, n, y, m)
        return 1
    return 0


@njit(**JIT)
def t_naked_subset(tab, cand, grid, step, k, tech, scratch):
    """Naked pair/triple/quad: ``k`` cells of a region whose candidates together
    are ``k`` digits; those digits leave the region's other cells."""
    n = tab.n
    comb = step.comb
    for r in range(tab.regions.shape[0]):
        cells = tab.regions[r]
        m = 0
        empty = 0
        for x in cells:
            if grid[x] == 0:
                empty += 1
                pc = popcount(cand[x])
                if 2 <= pc <= k:
                    scratch[m] = x
                    m += 1
        if m < k or empty <= k:
            continue
        for i in range(k):
            comb[i] = i
        while True:
            union = U0
            for i in range(k):
                union |= cand[scratch[comb[i]]]
            if popcount(union) == k:
                hit = False
                for x in cells:
                    if grid[x] == 0 and (cand[x] & union) != U0:
                        inside = False
                        for i in range(k):
                            inside |= scratch[comb[i]] == x
                        if not inside:
                            hit = True
                if hit:
                    clear_step(step, tech)
                    step.info[I_REGION_A] = r
                    add_digits(step, union)
                    for i in range(k):
                        add_cell(step, scratch[comb[i]])
                    for x in cells:
                        if grid[x] == 0 and (cand[x] & union) != U0:
                            inside = False
                            for i in range(k):
                                inside |= scratch[comb[i]] == x
                            if not inside:
                                add_elims(step, n, x, cand[x] & union)
                    return 1
            if not next_combination(comb, k, m):
                break
    return 0


@njit(**JIT)
def t_hidden_subset(tab, cand, grid, step, k, tech, scratch, pos):
    """Hidden pair/triple/quad: ``k`` digits whose places in a region are ``k``
    cells; the other digits leave those cells."""
    n = tab.n
    comb = step.comb
    for r in range(tab.regions.shape[0]):
        cells = tab.regions[r]
        for d in range(n):
            pos[d] = U0
        for i in range(n):
            c = cand[cells[i]]
            while c != U0:
                d = low_digit(c)
                c ^= bit(d)
                pos[d - 1] |= U1 << np.uint64(i)
        m = 0
        open_digits = 0
        for d in range(n):
            pc = popcount(pos[d])
            if pc > 0:
                open_digits += 1
            if 2 <= pc <= k:
                scratch[m] = d
                m += 1
        if m < k or open_digits <= k:
            continue
        for i in range(k):
            comb[i] = i
        while True:
            where = U0
            digits = U0
            for i in range(k):
                where |= pos[scratch[comb[i]]]
                digits |= bit(scratch[comb[i]] + 1)
            if popcount(where) == k:
                hit = False
                for i in range(n):
                    if (where >> np.uint64(i)) & U1 and (cand[cells[i]] & ~digits) != U0:
                        hit = True
                if hit:
                    clear_step(step, tech)
                    step.info[I_REGION_A] = r
                    add_digits(step, digits)
                    for i in range(n):
                        if (where >> np.uint64(i)) & U1:
                            add_cell(step, cells[i])
                    for i in range(n):
                        if (where >> np.uint64(i)) & U1:
                            add_elims(step, n, cells[i], cand[cells[i]] & ~digits)
                    return 1
            if not next_combination(comb, k, m):
                break
    return 0


@njit(**JIT)
def _fish_cell(n, o, i, j):
    """Cell at line ``i``, place ``j``: rows for ``o == 0``, columns for ``o == 1``."""
    return i * n + j if o == 0 else j * n + i


@njit(**JIT)
def t_fish(tab, cand, grid, step, k, tech, scratch, lines):
    """X-wing (k=2), swordfish (3), jellyfish (4): ``k`` rows in which a digit's
    places lie in ``k`` columns together; the digit leaves those columns'
    other cells (and the same with rows and columns exchanged)."""
    n = tab.n
    comb = step.comb
    for o in range(2):
        for d in range(1, n + 1):
            m_d = bit(d)
            m = 0
            for i in range(n):
                mask = U0
                for j in range(n):
                    if (cand[_fish_cell(n, o, i, j)] & m_d) != U0:
                        mask |= U1 << np.uint64(j)
                lines[i] = mask
                pc = popcount(mask)
                if 2 <= pc <= k:
                    scratch[m] = i
                    m += 1
            if m < k:
                continue
            for i in range(k):
                comb[i] = i
            while True:
                cover = U0
                base = U0
                for i in range(k):
                    cover |= lines[scratch[comb[i]]]
                    base |= U1 << np.uint64(scratch[comb[i]])
                if popcount(cover) == k:
                    hit = False
                    for i in range(n):
                        if ((base >> np.uint64(i)) & U1) == U0 and (lines[i] & cover) != U0:
                            hit = True
                    if hit:
                        clear_step(step, tech)
                        step.info[I_REGION_A] = o  # 0: base rows, 1: base columns
                        add_digits(step, m_d)
                        for i in range(n):
                            if (base >> np.uint64(i)) & U1:
                                for j in range(n):
                                    if (lines[i] >> np.uint64(j)) & U1:
                                        add_cell(step, _fish_cell(n, o, i, j))
                        for i in range(n):
                            if ((base >> np.uint64(i)) & U1) == U0:
                                for j in range(n):
                                    if (lines[i] & cover) >> np.uint64(j) & U1:
                                        add_elims(step, n, _fish_cell(n, o, i, j), m_d)
                        return 1
                if not next_combination(comb, k, m):
                    break
    return 0


@njit(**JIT)
def t_xy_wing(tab, cand, grid, step, scratch):
    """XY-wing: a pivot {x, y} seeing pincers {x, z} and {y, z}; z leaves every
    cell that sees both pincers."""
    n = tab.n
    for p in range(n * n):
        cp = cand[p]
        if grid[p] != 0 or popcount(cp) != 2:
            continue
        m = 0
        for k in range(tab.peer_ptr[p], tab.peer_ptr[p + 1]):
            q = tab.peers[k]
            cq = cand[q]
            if grid[q] == 0 and popcount(cq) == 2 and popcount(cq & cp) == 1:
                scratch[m] = q
                m += 1
        for ia in range(m):
            a = scratch[ia]
            for ib in range(ia + 1, m):
                b = scratch[ib]
                ca = cand[a]
                cb = cand[b]
                z = ca & ~cp
                if z != (cb & ~cp) or (ca & cp) == (cb & cp):
                    continue
                hit = False
                for k in range(tab.peer_ptr[a], tab.peer_ptr[a + 1]):
                    c = tab.peers[k]
                    if c != b and (cand[c] & z) != U0 and sees(tab, c, b):
                        hit = True
                if hit:
                    clear_step(step, XY_WING)
                    add_cell(step, p)
                    add_cell(step, a)
                    add_cell(step, b)
                    add_digits(step, cp | z)
                    for k in range(tab.peer_ptr[a], tab.peer_ptr[a + 1]):
                        c = tab.peers[k]
                        if c != b and (cand[c] & z) != U0 and sees(tab, c, b):
                            add_elims(step, n, c, z)
                    return 1
    return 0


@njit(**JIT)
def t_xyz_wing(tab, cand, grid, step, scratch):
    """XYZ-wing: a pivot {x, y, z} seeing pincers {x, z} and {y, z}; z leaves
    every cell that sees the pivot and both pincers."""
    n = tab.n
    for p in range(n * n):
        cp = cand[p]
        if grid[p] != 0 or popcount(cp) != 3:
            continue
        m = 0
        for k in range(tab.peer_ptr[p], tab.peer_ptr[p + 1]):
            q = tab.peers[k]
            cq = cand[q]
            if grid[q] == 0 and popcount(cq) == 2 and (cq & ~cp) == U0:
                scratch[m] = q
                m += 1
        for ia in range(m):
            a = scratch[ia]
            for ib in range(ia + 1, m):
                b = scratch[ib]
                if cand[a] == cand[b]:
                    continue
                z = cand[a] & cand[b]
                hit = False
                for k in range(tab.peer_ptr[p], tab.peer_ptr[p + 1]):
                    c = tab.peers[k]
                    if c != a and c != b and (cand[c] & z) != U0 and sees(tab, c, a) and sees(tab, c, b):
                        hit = True
                if hit:
                    clear_step(step, XYZ_WING)
                    add_cell(step, p)
                    add_cell(step, a)
                    add_cell(step, b)
                    add_digits(step, cp)
                    for k in range(tab.peer_ptr[p], tab.peer_ptr[p + 1]):
                        c = tab.peers[k]
                        if c != a and c != b and (cand[c] & z) != U0 and sees(tab, c, a) and sees(tab, c, b):
                            add_elims(step, n, c, z)
                    return 1
    return 0


@njit(**JIT)
def t_coloring(tab, cand, grid, step, color, stack, pair_cells, count):
    """Simple coloring: the *conjugate pairs* of a digit (the two places it has
    left in a region) link cells into chains whose cells alternate between two
    colors, one of which holds the digit.  Two cells of one color in a region
    (a *color wrap*): that color is false, the digit leaves all its cells.  A
    cell that sees both colors (a *color trap*) loses the digit."""
    n = tab.n
    nn = n * n
    R = tab.regions.shape[0]
    for d in range(1, n + 1):
        m_d = bit(d)
        for r in range(R):
            count[r] = 0
            for x in tab.regions[r]:
                if (cand[x] & m_d) != U0:
                    if count[r] < 2:
                        pair_cells[2 * r + count[r]] = x
                    count[r] += 1
        for c in range(nn):
            color[c] = -1
        comp = 0
        for start in range(nn):
            if color[start] != -1 or (cand[start] & m_d) == U0:
                continue
            linked = False
            for k in range(tab.cell_ptr[start], tab.cell_ptr[start + 1]):
                linked |= count[tab.cell_reg[k]] == 2
            if not linked:
                continue
            # color the chain of ``start`` (colors 2 * comp and 2 * comp + 1)
            c0 = 2 * comp
            comp += 1
            color[start] = c0
            stack[0] = start
            size = 1
            top = 0
            while top < size:
                x = stack[top]
                top += 1
                for k in range(tab.cell_ptr[x], tab.cell_ptr[x + 1]):
                    r = tab.cell_reg[k]
                    if count[r] == 2:
                        y = pair_cells[2 * r] if pair_cells[2 * r] != x else pair_cells[2 * r + 1]
                        if color[y] == -1:
                            color[y] = color[x] ^ 1
                            stack[size] = y
                            size += 1
            # color wrap: two cells of one color see each other
            wrong = -1
            for i in range(size):
                for j in range(i + 1, size):
                    if color[stack[i]] == color[stack[j]] and sees(tab, stack[i], stack[j]):
                        wrong = color[stack[i]]
            hit = wrong >= 0
            if not hit:  # color trap
                for y in range(nn):
                    if (cand[y] & m_d) != U0 and color[y] >> 1 != comp - 1:
                        s0 = False
                        s1 = False
                        for i in range(size):
                            if sees(tab, y, stack[i]):
                                if color[stack[i]] == c0:
                                    s0 = True
                                else:
                                    s1 = True
                        if s0 and s1:
                            hit = True
                            break
            if not hit:
                continue
            clear_step(step, SIMPLE_COLORING)
            add_digits(step, m_d)
            for want in range(2):
                for i in range(size):
                    if color[stack[i]] == c0 + want:
                        add_cell(step, stack[i])
                if want == 0:
                    step.info[I_SPLIT] = step.info[I_NCELLS]
            if wrong >= 0:
                step.info[I_REGION_A] = wrong - c0  # which color is false (0: the first)
                for i in range(size):
                    if color[stack[i]] == wrong:
                        add_elims(step, n, stack[i], m_d)
            else:
                for y in range(nn):
                    if (cand[y] & m_d) != U0 and color[y] >> 1 != comp - 1:
                        s0 = False
                        s1 = False
                        for i in range(size):
                            if sees(tab, y, stack[i]):
                                if color[stack[i]] == c0:
                                    s0 = True
                                else:
                                    s1 = True
                        if s0 and s1:
                            add_elims(step, n, y, m_d)
            return 1
    return 0


@njit(**JIT)
def _deadly(tab, corners):
    """Whether the cells ``corners`` (a rectangle, in cycle order) could swap two
    digits without breaking a region: each region holding a corner holds
    exactly two, side by side (never two opposite corners)."""
    for i in range(4):
        c = corners[i]
        side1 = corners[(i + 1) % 4]
        side2 = corners[(i + 3) % 4]
        opposite = corners[(i + 2) % 4]
        for k in range(tab.cell_ptr[c], tab.cell_ptr[c + 1]):
            r = tab.cell_reg[k]
            if in_region(tab, opposite, r) or in_region(tab, side1, r) == in_region(tab, side2, r):
                return False
    return True


@njit(**JIT)
def t_unique_rectangle(tab, cand, grid, step):
    """Unique rectangle, type 1: three corners of a rectangle in two boxes hold
    exactly {a, b}; if the fourth held a or b, a and b could be swapped around
    the rectangle, and the puzzle would have two solutions.  So the fourth
    loses a and b.  (Sound only for a puzzle with one solution.)"""
    n = tab.n
    corners = step.comb
    for p in range(n * n):
        ab = cand[p]
        if grid[p] != 0 or popcount(ab) != 2:
            continue
        row = p // n
        col = p % n
        for c2 in range(n):  # q: the same row, the same pair
            q = row * n + c2
            if c2 == col or cand[q] != ab or grid[q] != 0:
                continue
            for r2 in range(n):  # r: the same column, the same pair
                r = r2 * n + col
                if r2 == row or cand[r] != ab or grid[r] != 0:
                    continue
                s = r2 * n + c2  # the fourth corner, opposite p
                if grid[s] != 0 or (cand[s] & ab) == U0 or cand[s] == ab:
                    continue
                corners[0] = p
                corners[1] = q
                corners[2] = s
                corners[3] = r
                if not _deadly(tab, corners):
                    continue
                clear_step(step, UNIQUE_RECTANGLE)
                add_cell(step, p)
                add_cell(step, q)
                add_cell(step, s)
                add_cell(step, r)
                add_digits(step, ab)
                add_elims(step, n, s, cand[s] & ab)
                return 1
    return 0


@njit(**JIT)
def _chain_path(step, parent, state, stride):
    """Record the cells of the chain ending at ``state`` (states ``cell * stride + k``),
    from its start, by following ``parent`` back (-1 ends)."""
    first = step.info[I_NCELLS]
    while state >= 0:
        add_cell(step, state // stride)
        state = parent[state]
    last = step.info[I_NCELLS] - 1
    while first < last:  # reverse: from the start
        t = step.cells[first]
        step.cells[first] = step.cells[last]
        step.cells[last] = t
        first += 1
        last -= 1


@njit(**JIT)
def _ends_hit(tab, cand, m_d, a, b):
    """Whether some cell other than ``a`` and ``b`` holding ``m_d`` sees both."""
    for k in range(tab.peer_ptr[a], tab.peer_ptr[a + 1]):
        c = tab.peers[k]
        if c != b and (cand[c] & m_d) != U0 and sees(tab, c, b):
            return True
    return False


@njit(**JIT)
def _ends_elims(tab, cand, step, m_d, a, b):
    n = tab.n
    for k in range(tab.peer_ptr[a], tab.peer_ptr[a + 1]):
        c = tab.peers[k]
        if c != b and (cand[c] & m_d) != U0 and sees(tab, c, b):
            add_elims(step, n, c, m_d)


@njit(**JIT)
def t_x_chain(tab, cand, grid, step, parent, queue, count, pair_cells):
    """X-chain: for one digit, a chain of cells from A to B whose links alternate
    strong (the digit's two places in a region: one of them holds it) and weak
    (two cells that see each other: not both hold it), starting and ending with
    a strong link.  If A does not hold the digit, B does: a cell that sees both
    loses it.  Breadth first from each A: the shortest chains first."""
    n = tab.n
    nn = n * n
    R = tab.regions.shape[0]
    for d in range(1, n + 1):
        m_d = bit(d)
        for r in range(R):
            count[r] = 0
            for x in tab.regions[r]:
                if (cand[x] & m_d) != U0:
                    if count[r] < 2:
                        pair_cells[2 * r + count[r]] = x
                    count[r] += 1
        for a in range(nn):
            if (cand[a] & m_d) == U0:
                continue
            # states: 2 * cell + 1 "holds d if A does not" (reached by a strong
            # link), 2 * cell "does not hold d if A does not" (by a weak link)
            for k in range(2 * nn):
                parent[k] = -2
            parent[2 * a] = -1  # A, assumed not to hold d
            queue[0] = 2 * a
            size = 1
            top = 0
            while top < size:
                state = queue[top]
                top += 1
                x = state >> 1
                if (state & 1) == 0:  # x lacks d: the other place of each of its strong links has it
                    for k in range(tab.cell_ptr[x], tab.cell_ptr[x + 1]):
                        r = tab.cell_reg[k]
                        if count[r] != 2:
                            continue
                        y = pair_cells[2 * r] if pair_cells[2 * r] != x else pair_cells[2 * r + 1]
                        t = 2 * y + 1
                        if parent[t] != -2:
                            continue
                        parent[t] = state
                        queue[size] = t
                        size += 1
                        if y != a and _ends_hit(tab, cand, m_d, a, y):
                            clear_step(step, X_CHAIN)
                            add_digits(step, m_d)
                            _chain_path(step, parent, t, 2)
                            _ends_elims(tab, cand, step, m_d, a, y)
                            return 1
                else:  # x holds d: its peers do not
                    for k in range(tab.peer_ptr[x], tab.peer_ptr[x + 1]):
                        y = tab.peers[k]
                        if (cand[y] & m_d) == U0:
                            continue
                        t = 2 * y
                        if parent[t] != -2:
                            continue
                        parent[t] = state
                        queue[size] = t
                        size += 1
    return 0


@njit(**JIT)
def t_xy_chain(tab, cand, grid, step, parent, queue):
    """XY-chain: a chain of cells with two candidates each, every cell seeing the
    next; if the first cell A does not hold x it holds its other digit, so the
    next cell does not hold that one and holds its other, and so on; when the
    last cell B then holds x, one of A and B does: a cell that sees both loses x."""
    n = tab.n
    nn = n * n
    for a in range(nn):
        ca = cand[a]
        if grid[a] != 0 or popcount(ca) != 2:
            continue
        m = ca
        while m != U0:
            x = low_digit(m)
            m ^= bit(x)
            m_x = bit(x)
            # states cell * n + (t - 1): the cell holds digit t
            for k in range(nn * n):
                parent[k] = -2
            y0 = low_digit(ca & ~m_x)
            s0 = a * n + y0 - 1
            parent[s0] = -1
            queue[0] = s0
            size = 1
            top = 0
            while top < size:
                state = queue[top]
                top += 1
                c = state // n
                t = state % n + 1
                m_t = bit(t)
                for k in range(tab.peer_ptr[c], tab.peer_ptr[c + 1]):
                    e = tab.peers[k]
                    ce = cand[e]
                    if grid[e] != 0 or popcount(ce) != 2 or (ce & m_t) == U0:
                        continue
                    u = low_digit(ce & ~m_t)
                    s = e * n + u - 1
                    if parent[s] != -2:
                        continue
                    parent[s] = state
                    queue[size] = s
                    size += 1
                    if u == x and e != a and _ends_hit(tab, cand, m_x, a, e):
                        clear_step(step, XY_CHAIN)
                        add_digits(step, m_x)
                        _chain_path(step, parent, s, n)
                        _ends_elims(tab, cand, step, m_x, a, e)
                        return 1
    return 0


# ---------------------------------------------------------------- the solver

@njit(**JIT)
def find_step(tab, cand, grid, step, allowed):
    """Find the easiest step (techniques whose bit is set in ``allowed``) and write it into
    ``step``; return its technique, T_NONE when none applies (or the grid is
    full), -1 when the candidates contradict."""
    n = tab.n
    nn = n * n
    full = True
    for c in range(nn):
        if grid[c] == 0:
            full = False
            break
    if full:
        return T_NONE
    if check(tab, cand, grid) < 0:
        return -1
    scratch = step.scratch
    work = step.work
    for tech in range(1, BEYOND):
        if ((allowed >> tech) & 1) == 0:
            continue
        found = 0
        if tech == FULL_HOUSE:
            found = t_full_house(tab, cand, grid, step)
        elif tech == HIDDEN_SINGLE:
            found = t_hidden_single(tab, cand, grid, step)
        elif tech == NAKED_SINGLE:
            found = t_naked_single(tab, cand, grid, step)
        elif tech == POINTING or tech == CLAIMING:
            found = t_locked(tab, cand, grid, step, tech)
        elif tech == NAKED_PAIR:
            found = t_naked_subset(tab, cand, grid, step, 2, tech, scratch)
        elif tech == NAKED_TRIPLE:
            found = t_naked_subset(tab, cand, grid, step, 3, tech, scratch)
        elif tech == NAKED_QUAD:
            found = t_naked_subset(tab, cand, grid, step, 4, tech, scratch)
        elif tech == HIDDEN_PAIR:
            found = t_hidden_subset(tab, cand, grid, step, 2, tech, scratch, work)
        elif tech == HIDDEN_TRIPLE:
            found = t_hidden_subset(tab, cand, grid, step, 3, tech, scratch, work)
        elif tech == HIDDEN_QUAD:
            found = t_hidden_subset(tab, cand, grid, step, 4, tech, scratch, work)
        elif tech == X_WING:
            found = t_fish(tab, cand, grid, step, 2, tech, scratch, work)
        elif tech == SWORDFISH:
            found = t_fish(tab, cand, grid, step, 3, tech, scratch, work)
        elif tech == JELLYFISH:
            found = t_fish(tab, cand, grid, step, 4, tech, scratch, work)
        elif tech == XY_WING:
            found = t_xy_wing(tab, cand, grid, step, scratch)
        elif tech == XYZ_WING:
            found = t_xyz_wing(tab, cand, grid, step, scratch)
        elif tech == UNIQUE_RECTANGLE:
            found = t_unique_rectangle(tab, cand, grid, step)
        elif tech == SIMPLE_COLORING:
            found = t_coloring(tab, cand, grid, step, step.color, step.stack, scratch, step.count)
        elif tech == X_CHAIN:
            found = t_x_chain(tab, cand, grid, step, step.parent, step.queue, step.count, scratch)
        elif tech == XY_CHAIN:
            found = t_xy_chain(tab, cand, grid, step, step.parent, step.queue)
        if found != 0:
            return tech if found > 0 else -1
    return T_NONE


@njit(**JIT)
def new_step(n, regions):
    """A StepRecord large enough for any step of an ``n x n`` grid with ``regions`` regions."""
    nn = n * n
    chain = max(2 * nn, nn * n)  # states of an X-chain (2 a cell), of an XY-chain (n a cell)
    return StepRecord(np.zeros(INFO_SIZE, np.int64), np.zeros(chain + 2, np.int32),
                      np.zeros(max(n, 1), np.int32), np.zeros(nn * n, np.int32),
                      np.zeros(max(nn, 2 * regions + 2), np.int32), np.zeros(max(n, 2), np.uint64),
                      np.zeros(nn, np.int32), np.zeros(nn, np.int32), np.zeros(regions, np.int32),
                      np.zeros(chain, np.int32), np.zeros(chain, np.int32), np.zeros(4, np.int64))


@njit(**JIT)
def solve_logic(tab, cand, grid, step, allowed, counts):
    """Apply steps until the grid is full or stuck; ``counts[t]`` += the steps
    of technique ``t``.  Returns (hardest technique, steps, status) with status
    1 solved, 0 stuck (hardest is then BEYOND), -1 contradiction."""
    hardest = 0
    steps = 0
    t = 0
    while True:
        t = find_step(tab, cand, grid, step, allowed)
        if t <= 0:
            break
        apply_step(tab, cand, grid, step)
        counts[t] += 1
        steps += 1
        if t > hardest:
            hardest = t
    if t < 0:
        return BEYOND, steps, -1
    for c in range(tab.n * tab.n):
        if grid[c] == 0:
            return BEYOND, steps, 0
    return hardest, steps, 1


# ----------------------------------------------------- entry points (Python)

@njit(**JIT)
def candidates_of(puzzle, tab):
    """(cand, grid, ok) of a flat uint8 grid: the pencil marks of every empty cell."""
    tab = LogicTables(*tab)
    nn = tab.n * tab.n
    cand = np.zeros(nn, np.uint64)
    grid = np.zeros(nn, np.uint8)
    ok = init_state(puzzle, tab, cand, grid)
    return cand, grid, ok


@njit(**JIT)
def step_once(tab, cand, grid, step, allowed, apply):
    """Find the next step from ``cand``/``grid`` (records as plain tuples) and,
    if ``apply``, carry it out; returns its technique (T_NONE: none, -1: the
    candidates contradict)."""
    tab = LogicTables(*tab)
    step = StepRecord(*step)
    t = find_step(tab, cand, grid, step, allowed)
    if t > 0 and apply:
        apply_step(tab, cand, grid, step)
    return t


@njit(**JIT)
def grade_range(puzzles, tab, allowed, lo, stride, hardest, steps, status, counts, out):
    """Grade puzzles ``lo, lo + stride, ...``: hardest technique, steps, status
    (as :func:`solve_logic`; -2 when the givens clash), steps per technique
    (``counts[i, t]``) and the grid the logic reached (``out[i]``)."""
    n = tab.n
    nn = n * n
    cand = np.zeros(nn, np.uint64)
    grid = np.zeros(nn, np.uint8)
    step = new_step(n, tab.regions.shape[0])
    for i in range(lo, puzzles.shape[0], stride):
        if not init_state(puzzles[i], tab, cand, grid):
            hardest[i] = BEYOND
            steps[i] = 0
            status[i] = -2
            continue
        h, s, st = solve_logic(tab, cand, grid, step, allowed, counts[i])
        hardest[i] = h
        steps[i] = s
        status[i] = st
        out[i, :] = grid


@njit(**JIT)
def grade_serial(puzzles, tab, allowed, hardest, steps, status, counts, out):
    grade_range(puzzles, LogicTables(*tab), allowed, 0, 1, hardest, steps, status, counts, out)


@njit(**JIT)
def _grade_lane(k, lanes, puzzles, tab, allowed, hardest, steps, status, counts, out):
    grade_range(puzzles, LogicTables(*tab), allowed, k, lanes, hardest, steps, status, counts, out)


@njit(**JIT_PARALLEL)
def grade_parallel(lanes, puzzles, tab, allowed, hardest, steps, status, counts, out):
    for k in prange(lanes):
        _grade_lane(k, lanes, puzzles, tab, allowed, hardest, steps, status, counts, out)


# ------------------------------------------------------------ search effort

@njit(**JIT)
def propagate(tab, cand, grid):
    """Naked and hidden singles until none is left; False on a contradiction."""
    n = tab.n
    nn = n * n
    full = full_mask(n)
    changed = True
    while changed:
        changed = False
        for c in range(nn):
            if grid[c] == 0:
                m = cand[c]
                if m == U0:
                    return False
                if (m & (m - U1)) == U0:
                    place(tab, cand, grid, c, low_digit(m))
                    changed = True
        for r in range(tab.regions.shape[0]):
            once = U0
            twice = U0
            placed = U0
            for x in tab.regions[r]:
                twice |= once & cand[x]
                once |= cand[x]
                if grid[x] != 0:
                    placed |= bit(grid[x])
            if (once | placed) != full:
                return False
            hidden = once & ~twice
            while hidden != U0:
                d = low_digit(hidden)
                hidden ^= bit(d)
                for x in tab.regions[r]:
                    if (cand[x] & bit(d)) != U0:
                        place(tab, cand, grid, x, d)
                        changed = True
                        break
    return True


# The search-effort solver pauses and resumes: each lane keeps the copy it is
# working on in an EffortLanes record, and a call returns to Python once its
# lane has done ``work`` units (a unit: one round of propagation, a guess or
# the start of a copy), so that Ctrl-C is seen between two calls.

EffortLanes = namedtuple("EffortLanes", "cand grid saved_cand saved_grid branch_cell branch_left state")
EffortLanes.__doc__ = """The search-effort solvers of ``L`` lanes, each paused on its copy:
``cand`` (uint64 (L, nn)) and ``grid`` (uint8 (L, nn)) of the grid being
searched; the states saved at each branch level, ``saved_cand`` (uint64 (L,
depth, nn)) and ``saved_grid`` (uint8 (L, depth, nn)); the cell of each level
``branch_cell`` (int64 (L, nn + 1)) and the digits left to try there
``branch_left`` (uint64 (L, nn + 1)); ``state`` (int64 (L, E_SIZE), slots E_*)."""

# Slots of EffortLanes.state.
E_CUR = 0  # the copy in hand (-1: none)
E_NEXT = 1  # the next copy this lane takes
E_PHASE = 2  # 0: the copy in hand is not started, 1: searching
E_LEVEL = 3  # branch levels open
E_GUESSES = 4  # guesses so far on the copy in hand
E_OK = 5  # 1: the last propagation found no contradiction
E_SIZE = 6

# What effort_run returns.
EFFORT_PAUSED = -1
EFFORT_UNSOLVED = 0
EFFORT_SOLVED = 1


@njit(**JIT)
def new_effort_lanes(lanes, n, first, stride):
    """EffortLanes for ``lanes`` lanes of an ``n x n`` grid; lane ``k`` takes
    the copies ``first + k, first + k + stride, ...``."""
    nn = n * n
    depth = min(nn + 1, MAX_DEPTH)
    state = np.zeros((lanes, E_SIZE), np.int64)
    for k in range(lanes):
        state[k, E_CUR] = -1
        state[k, E_NEXT] = first + k
    return EffortLanes(np.zeros((lanes, nn), np.uint64), np.zeros((lanes, nn), np.uint8),
                       np.zeros((lanes, depth, nn), np.uint64), np.zeros((lanes, depth, nn), np.uint8),
                       np.zeros((lanes, nn + 1), np.int64), np.zeros((lanes, nn + 1), np.uint64), state)


@njit(**JIT)
def effort_run(puzzle, tab, limit, work, cand, grid, saved_cand, saved_grid, branch_cell, branch_left, st):
    """The fixed-rule solver (see the module docstring) on one grid, from the
    state ``st`` (slots E_*) on, for at most ``work`` units; returns
    (EFFORT_SOLVED, EFFORT_UNSOLVED or EFFORT_PAUSED, units done).  The
    guesses are ``st[E_GUESSES]`` (at most ``limit``: the search stops there,
    unsolved, as it does past the levels the saved states allow)."""
    n = tab.n
    nn = n * n
    done = 0
    if st[E_PHASE] == 0:  # a new copy: its givens, then singles
        done = 1
        st[E_PHASE] = 1
        st[E_GUESSES] = 0
        st[E_LEVEL] = 0
        if not init_state(puzzle, tab, cand, grid):
            return EFFORT_UNSOLVED, done
        st[E_OK] = 1 if propagate(tab, cand, grid) else 0
    guesses = st[E_GUESSES]
    level = st[E_LEVEL]
    ok = st[E_OK] != 0
    while True:
        if done >= work:  # pause here: the state is whole between two rounds
            st[E_GUESSES] = guesses
            st[E_LEVEL] = level
            st[E_OK] = 1 if ok else 0
            return EFFORT_PAUSED, done
        if ok:  # branch on the empty cell with the fewest candidates
            best = -1
            fewest = n + 1
            for c in range(nn):
                if grid[c] == 0:
                    pc = popcount(cand[c])
                    if pc < fewest:
                        fewest = pc
                        best = c
                        if pc <= 2:
                            break
            if best < 0:
                st[E_GUESSES] = guesses
                return EFFORT_SOLVED, done
            if level == saved_cand.shape[0]:  # deeper than the saved states allow: give up
                st[E_GUESSES] = guesses
                return EFFORT_UNSOLVED, done
            saved_cand[level, :] = cand
            saved_grid[level, :] = grid
            branch_cell[level] = best
            branch_left[level] = cand[best]
            level += 1
        else:  # back up to the deepest level with a digit left to try
            while level > 0 and branch_left[level - 1] == U0:
                level -= 1
            if level == 0:
                st[E_GUESSES] = guesses
                return EFFORT_UNSOLVED, done
            cand[:] = saved_cand[level - 1]
            grid[:] = saved_grid[level - 1]
        if guesses >= limit:
            st[E_GUESSES] = guesses
            return EFFORT_UNSOLVED, done
        d = low_digit(branch_left[level - 1])
        branch_left[level - 1] ^= bit(d)
        guesses += 1
        place(tab, cand, grid, branch_cell[level - 1], d)
        ok = propagate(tab, cand, grid)
        done += 1


@njit(**JIT)
def effort_lane(puzzles, tab, limit, stride, work, k, lanes, guesses, solved):
    """Lane ``k`` of ``lanes`` (an EffortLanes record) goes on with its copies
    of ``puzzles`` (every ``stride``-th) for about ``work`` units; the guesses
    and whether the solver solved each finished copy go to ``guesses[i]`` and
    ``solved[i]``.  Returns 1 when the lane has work left, else 0."""
    st = lanes.state[k]
    cand, grid = lanes.cand[k], lanes.grid[k]
    saved_cand, saved_grid = lanes.saved_cand[k], lanes.saved_grid[k]
    branch_cell, branch_left = lanes.branch_cell[k], lanes.branch_left[k]
    left = work
    while left > 0:
        i = st[E_CUR]
        if i < 0:  # take the next copy
            i = st[E_NEXT]
            if i >= puzzles.shape[0]:
                return 0
            st[E_CUR] = i
            st[E_NEXT] = i + stride
            st[E_PHASE] = 0
        r, done = effort_run(puzzles[i], tab, limit, left, cand, grid, saved_cand, saved_grid,
                             branch_cell, branch_left, st)
        left -= done
        if r == EFFORT_PAUSED:
            return 1
        guesses[i] = st[E_GUESSES]
        solved[i] = r == EFFORT_SOLVED
        st[E_CUR] = -1
    return 1 if st[E_CUR] >= 0 or st[E_NEXT] < puzzles.shape[0] else 0


@njit(**JIT)
def effort_serial(puzzles, tab, limit, work, lanes, guesses, solved):
    """One lane (lane 0 of ``lanes``, which takes every copy) for about
    ``work`` units; returns 1 when copies are left."""
    return effort_lane(puzzles, LogicTables(*tab), limit, 1, work, 0, EffortLanes(*lanes), guesses, solved)


@njit(**JIT)
def _effort_lane(k, puzzles, tab, limit, stride, work, lanes, guesses, solved):
    return effort_lane(puzzles, LogicTables(*tab), limit, stride, work, k, EffortLanes(*lanes), guesses, solved)


@njit(**JIT_PARALLEL)
def effort_parallel(puzzles, tab, limit, work, lanes, guesses, solved, busy):
    """Every lane of ``lanes`` (lane ``k`` takes the copies ``k, k + L, ...``)
    for about ``work`` units each, one thread a lane; ``busy[k]`` = 1 when
    lane ``k`` has copies left."""
    n_lanes = busy.shape[0]
    for k in prange(n_lanes):
        busy[k] = _effort_lane(k, puzzles, tab, limit, n_lanes, work, lanes, guesses, solved)
