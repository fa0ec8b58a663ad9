"""Candidate bitmasks: the data of the logical solver, its records and its small steps.

A grid of ``n * n`` cells (``n <= 64``) is two arrays:

* ``grid`` -- uint8, the digit of each cell, 0 when empty;
* ``cand`` -- uint64, the *candidates* (pencil marks) of each empty cell: bit
  ``d - 1`` is set when digit ``d`` may still go there.  A filled cell has
  ``cand == 0``, so a union over a region's cells is a union over its empty
  cells.

The geometry comes in as a :data:`LogicTables` record, built over a list of
*regions* (each ``n`` cells that hold every digit once): the rows, the
columns, the boxes and any extra region a variant adds.  Nothing assumes three
regions per cell, except the fish, which are by definition about rows and
columns (cell ``i * n + j`` is in row ``i`` and column ``j``).

A *step* (:data:`StepRecord`) is one application of one technique: either a
placement (a digit in a cell) or a set of eliminations (candidates removed).
This module holds the records, the technique numbers, the bit tricks, placing
a digit, and writing and applying a step; the techniques that find steps are
in :mod:`.techniques`, the solver in :mod:`.logic`.
"""

from collections import namedtuple

import numpy as np
from numba import njit

from ...kernels._common import JIT_INNER

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

@njit(**JIT_INNER)
def popcount(x):
    """The number of set bits of a uint64."""
    x = x - ((x >> U1) & _M1)
    x = (x & _M2) + ((x >> np.uint64(2)) & _M2)
    x = (x + (x >> np.uint64(4))) & _M4
    return np.int64((x * _H01) >> np.uint64(56))


@njit(**JIT_INNER)
def low_digit(x):
    """The digit (1-based) of the lowest set bit of ``x != 0``."""
    return popcount((x & (~x + U1)) - U1) + 1


@njit(**JIT_INNER)
def bit(d):
    """The mask of digit ``d`` (1-based)."""
    return U1 << np.uint64(d - 1)


@njit(**JIT_INNER)
def full_mask(n):
    """The mask of all ``n`` digits."""
    return _ALL >> np.uint64(64 - n)


# --------------------------------------------------------------------- grid

@njit(**JIT_INNER)
def in_region(tab, cell, r):
    """True when ``cell`` belongs to region ``r``."""
    for k in range(tab.cell_ptr[cell], tab.cell_ptr[cell + 1]):
        if tab.cell_reg[k] == r:
            return True
    return False


@njit(**JIT_INNER)
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


@njit(**JIT_INNER)
def place(tab, cand, grid, cell, d):
    """Write digit ``d`` into ``cell`` and remove it from the candidates of its peers."""
    grid[cell] = d
    cand[cell] = U0
    keep = ~bit(np.int64(d))
    for k in range(tab.peer_ptr[cell], tab.peer_ptr[cell + 1]):
        p = tab.peers[k]
        cand[p] &= keep


@njit(**JIT_INNER)
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
            if (cand[c] & bit(np.int64(d))) == U0:
                return False
            place(tab, cand, grid, np.int64(c), np.int64(d))
    return True


# --------------------------------------------------------------------- steps

@njit(**JIT_INNER)
def clear_step(step, tech):
    info = step.info
    for k in range(INFO_SIZE):
        info[k] = 0
    info[I_TECH] = tech
    info[I_CELL] = -1
    info[I_REGION_A] = -1
    info[I_REGION_B] = -1


@njit(**JIT_INNER)
def add_cell(step, cell):
    step.cells[step.info[I_NCELLS]] = cell
    step.info[I_NCELLS] += 1


@njit(**JIT_INNER)
def add_digits(step, mask):
    while mask != U0:
        d = low_digit(mask)
        mask ^= bit(np.int64(d))
        step.digits[step.info[I_NDIGITS]] = d
        step.info[I_NDIGITS] += 1


@njit(**JIT_INNER)
def add_elims(step, n, cell, mask):
    """Record the eliminations of the digits of ``mask`` from ``cell``."""
    while mask != U0:
        d = low_digit(mask)
        mask ^= bit(np.int64(d))
        step.elims[step.info[I_NELIMS]] = cell * n + d - 1
        step.info[I_NELIMS] += 1


@njit(**JIT_INNER)
def set_placement(step, tech, cell, d, region):
    clear_step(step, tech)
    step.info[I_CELL] = cell
    step.info[I_DIGIT] = d
    step.info[I_REGION_A] = region
    add_cell(step, np.int64(cell))
    add_digits(step, bit(np.int64(d)))


@njit(**JIT_INNER)
def apply_step(tab, cand, grid, step):
    """Carry out a step: its placement, or its eliminations."""
    n = tab.n
    if step.info[I_DIGIT] > 0:
        place(tab, cand, grid, np.int64(step.info[I_CELL]), np.int64(step.info[I_DIGIT]))
    for k in range(step.info[I_NELIMS]):
        e = step.elims[k]
        cand[e // n] &= ~bit(np.int64(e % n + 1))


@njit(**JIT_INNER)
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
