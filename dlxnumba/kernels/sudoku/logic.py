"""Logical Sudoku solving on candidate bitmasks (the grader): human techniques,
one step at a time, and the fixed-rule guessing solver of the search-effort scale.

The data (``grid``, ``cand``, the :data:`LogicTables` and :data:`StepRecord`
records) is explained in :mod:`.candidates`, the techniques are in
:mod:`.techniques`; this module holds the solver and the entry points.

Techniques and steps
--------------------
A *step* is one application of one technique: either a placement (a digit in a
cell) or a set of eliminations (candidates removed).  :func:`find_step` tries
the techniques in the order of their numbers (:mod:`.candidates`), which is
the order of their scores (easiest first), and :func:`apply_step` applies a
step.  :func:`solve_logic` repeats the two until the grid is full or no
technique applies, and reports the hardest technique used and the number of
steps.

The technique numbers are mirrored, with names and scores, by the table in
:mod:`dlxnumba.sudoku.grading` (a test keeps the two equal).

Search effort
-------------
:func:`effort_one` solves a grid with one fixed rule: propagate naked and
hidden singles; when they stall, branch on the empty cell with the fewest
candidates (the first in cell order among equals), trying its digits in
increasing order; count every digit tried at a branch (a *guess*) until the
first solution, or the end of the tree.
"""

import numpy as np
from numba import njit, prange

from .._common import JIT, JIT_PARALLEL
from .candidates import (ALL_TECHNIQUES, BEYOND, CLAIMING, FULL_HOUSE, HIDDEN_PAIR, HIDDEN_QUAD,
                         HIDDEN_SINGLE, HIDDEN_TRIPLE, INFO_SIZE, I_CELL, I_DIGIT, I_NCELLS, I_NDIGITS,
                         I_NELIMS, I_REGION_A, I_REGION_B, I_SPLIT, I_TECH, JELLYFISH, K_BOX, K_COLUMN,
                         K_OTHER, K_ROW, NAKED_PAIR, NAKED_QUAD, NAKED_SINGLE, NAKED_TRIPLE, N_TECHNIQUES,
                         POINTING, SIMPLE_COLORING, SWORDFISH, T_NONE, U0, U1, UNIQUE_RECTANGLE, XYZ_WING,
                         XY_CHAIN, XY_WING, X_CHAIN, X_WING, LogicTables, StepRecord, apply_step, bit,
                         full_mask, init_state, low_digit, place, popcount)
from .techniques import (check, t_coloring, t_fish, t_full_house, t_hidden_single, t_hidden_subset, t_locked,
                         t_naked_single, t_naked_subset, t_unique_rectangle, t_x_chain, t_xy_chain,
                         t_xy_wing, t_xyz_wing)

#: The names callers read here: the solver's, and the records and numbers of :mod:`.candidates`.
__all__ = ["ALL_TECHNIQUES", "BEYOND", "CLAIMING", "FULL_HOUSE", "HIDDEN_PAIR", "HIDDEN_QUAD",
           "HIDDEN_SINGLE", "HIDDEN_TRIPLE", "INFO_SIZE", "I_CELL", "I_DIGIT", "I_NCELLS", "I_NDIGITS",
           "I_NELIMS", "I_REGION_A", "I_REGION_B", "I_SPLIT", "I_TECH", "JELLYFISH", "K_BOX", "K_COLUMN",
           "K_OTHER", "K_ROW", "LogicTables", "NAKED_PAIR", "NAKED_QUAD", "NAKED_SINGLE", "NAKED_TRIPLE",
           "N_TECHNIQUES", "POINTING", "SIMPLE_COLORING", "SWORDFISH", "StepRecord", "T_NONE",
           "UNIQUE_RECTANGLE", "XYZ_WING", "XY_CHAIN", "XY_WING", "X_CHAIN", "X_WING", "candidates_of",
           "effort_one", "effort_parallel", "effort_range", "effort_serial", "find_step", "grade_parallel",
           "grade_range", "grade_serial", "new_step", "propagate", "solve_logic", "step_once"]

#: Most branch levels the search-effort solver keeps (its saved states take
#: ``MAX_DEPTH * n * n * 9`` bytes: 33 MB for 64x64 grids); a search that goes
#: deeper stops there, unsolved.
MAX_DEPTH = 1024


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


@njit(**JIT)
def effort_one(puzzle, tab, limit, cand, grid, saved_cand, saved_grid, branch_cell, branch_left):
    """Guesses of the fixed-rule solver (see the module docstring) on one grid,
    at most ``limit``; returns (guesses, solved)."""
    n = tab.n
    nn = n * n
    if not init_state(puzzle, tab, cand, grid):
        return 0, False
    guesses = 0
    level = 0
    ok = propagate(tab, cand, grid)
    while True:
        if ok:
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
                return guesses, True
            if level == saved_cand.shape[0]:  # deeper than the saved states allow: give up
                return guesses, False
            saved_cand[level, :] = cand
            saved_grid[level, :] = grid
            branch_cell[level] = best
            branch_left[level] = cand[best]
            level += 1
        else:
            while level > 0 and branch_left[level - 1] == U0:
                level -= 1
            if level == 0:
                return guesses, False
            cand[:] = saved_cand[level - 1]
            grid[:] = saved_grid[level - 1]
        if guesses >= limit:
            return guesses, False
        d = low_digit(branch_left[level - 1])
        branch_left[level - 1] ^= bit(d)
        guesses += 1
        place(tab, cand, grid, branch_cell[level - 1], d)
        ok = propagate(tab, cand, grid)


@njit(**JIT)
def effort_range(puzzles, tab, limit, lo, stride, guesses, solved):
    """:func:`effort_one` for puzzles ``lo, lo + stride, ...``."""
    n = tab.n
    nn = n * n
    cand = np.zeros(nn, np.uint64)
    grid = np.zeros(nn, np.uint8)
    depth = min(nn + 1, MAX_DEPTH)
    saved_cand = np.zeros((depth, nn), np.uint64)
    saved_grid = np.zeros((depth, nn), np.uint8)
    branch_cell = np.zeros(nn + 1, np.int64)
    branch_left = np.zeros(nn + 1, np.uint64)
    for i in range(lo, puzzles.shape[0], stride):
        g, ok = effort_one(puzzles[i], tab, limit, cand, grid, saved_cand, saved_grid,
                           branch_cell, branch_left)
        guesses[i] = g
        solved[i] = ok


@njit(**JIT)
def effort_serial(puzzles, tab, limit, guesses, solved):
    effort_range(puzzles, LogicTables(*tab), limit, 0, 1, guesses, solved)


@njit(**JIT)
def _effort_lane(k, lanes, puzzles, tab, limit, guesses, solved):
    effort_range(puzzles, LogicTables(*tab), limit, k, lanes, guesses, solved)


@njit(**JIT_PARALLEL)
def effort_parallel(lanes, puzzles, tab, limit, guesses, solved):
    for k in prange(lanes):
        _effort_lane(k, lanes, puzzles, tab, limit, guesses, solved)
