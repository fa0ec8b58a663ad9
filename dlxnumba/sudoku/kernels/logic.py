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
step.  The grader, :func:`grade_lane`, repeats the two until the grid is
full or no technique applies, and reports the hardest technique used and the
number of steps.

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

Both the grader (:func:`grade_lane`) and the effort solver
(:func:`effort_slice`) run one lane of a batch per call, on slices of the
batch, for :mod:`dlxnumba.sudoku.grading`, which returns to Python between two
slices and runs several lanes on Python threads (the kernels release the GIL).
Each is one compiled function: the layers below them that no other entry
point calls are inlined into them (``JIT_INLINED``) or written out in them
(the grader's loop: each function numba inlines costs another pass over its
caller); the techniques and the small steps below them are inner kernels
(``JIT_INNER``: only compiled code calls them, so they have no wrapper for
Python).  No kernel allocates: Python allocates the scratch of the lanes
(:func:`new_grade_work`, :func:`new_step`, :func:`new_effort_lanes`).
"""

from collections import namedtuple

import numpy as np
from numba import njit

from ...kernels._common import JIT_ENTRY, JIT_INLINED, JIT_INNER, PAD_BYTES
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
           "EFFORT_PAUSED", "EFFORT_SOLVED", "EFFORT_UNSOLVED", "E_CUR", "E_GUESSES", "E_LEVEL", "E_NEXT",
           "E_OK", "E_PHASE", "E_SIZE", "EffortLanes", "effort_run",
           "effort_slice", "find_step", "new_effort_lanes", "new_grade_work", "grade_lane",
           "new_step", "propagate", "step_once"]

#: Most branch levels the search-effort solver keeps (its saved states take
#: ``MAX_DEPTH * n * n * 9`` bytes: 33 MB for 64x64 grids); a search that goes
#: deeper stops there, unsolved.
MAX_DEPTH = 1024


# ---------------------------------------------------------------- the solver

@njit(**JIT_INLINED)
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
            found = t_naked_subset(tab, cand, grid, step, np.int64(2), tech, scratch)
        elif tech == NAKED_TRIPLE:
            found = t_naked_subset(tab, cand, grid, step, np.int64(3), tech, scratch)
        elif tech == NAKED_QUAD:
            found = t_naked_subset(tab, cand, grid, step, np.int64(4), tech, scratch)
        elif tech == HIDDEN_PAIR:
            found = t_hidden_subset(tab, cand, grid, step, np.int64(2), tech, scratch, work)
        elif tech == HIDDEN_TRIPLE:
            found = t_hidden_subset(tab, cand, grid, step, np.int64(3), tech, scratch, work)
        elif tech == HIDDEN_QUAD:
            found = t_hidden_subset(tab, cand, grid, step, np.int64(4), tech, scratch, work)
        elif tech == X_WING:
            found = t_fish(tab, cand, grid, step, np.int64(2), tech, scratch, work)
        elif tech == SWORDFISH:
            found = t_fish(tab, cand, grid, step, np.int64(3), tech, scratch, work)
        elif tech == JELLYFISH:
            found = t_fish(tab, cand, grid, step, np.int64(4), tech, scratch, work)
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


def new_step(n, regions, lanes=None):
    """A :data:`StepRecord` large enough for any step of an ``n x n`` grid with
    ``regions`` regions; with ``lanes``, one for each of ``lanes`` lanes: each
    field then has a leading lane axis, and each row :data:`PAD_BYTES` more
    (lanes on two threads never write to one cache line).  Plain Python
    (numpy): only Python allocates the records, so numba compiles no
    allocation for them."""
    nn = n * n
    chain = max(2 * nn, nn * n)  # states of an X-chain (2 a cell), of an XY-chain (n a cell)
    fields = ((INFO_SIZE, np.int64), (chain + 2, np.int32), (max(n, 1), np.int32), (nn * n, np.int32),
              (max(nn, 2 * regions + 2), np.int32), (max(n, 2), np.uint64), (nn, np.int32), (nn, np.int32),
              (regions, np.int32), (chain, np.int32), (chain, np.int32), (4, np.int64))
    return StepRecord(*(_rows(lanes, size, dtype) for size, dtype in fields))


def new_grade_work(lanes, n, regions):
    """The scratch of ``lanes`` lanes of :func:`grade_lane` for ``n x n`` grids
    with ``regions`` regions: ``(cand, grid, records)``, rows padded as in
    :func:`new_step` (plain Python)."""
    return _rows(lanes, n * n, np.uint64), _rows(lanes, n * n, np.uint8), new_step(n, regions, lanes)


def _rows(lanes, size, dtype):
    """Zeros: ``size`` of them, or ``lanes`` rows of ``size`` and :data:`PAD_BYTES` more."""
    if lanes is None:
        return np.zeros(size, dtype)
    return np.zeros((lanes, size + PAD_BYTES // np.dtype(dtype).itemsize), dtype)


# ----------------------------------------------------- entry points (Python)

@njit(**JIT_ENTRY)
def candidates_of(puzzle, tab, cand, grid):
    """The pencil marks of every empty cell of a flat uint8 grid into ``cand``
    (uint64) and its digits into ``grid`` (uint8); False when two givens clash."""
    return init_state(puzzle, LogicTables(*tab), cand, grid)


@njit(**JIT_ENTRY)
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


@njit(**JIT_ENTRY)
def grade_lane(k, lanes, puzzles, tab, allowed, hardest, steps, status, counts, out, work):
    """Lane ``k`` of ``lanes`` grades the puzzles ``i = k, k + lanes, ...``:
    applies steps (:func:`find_step`) until the grid is full or stuck, and
    writes the hardest technique used (``hardest[i]``, BEYOND when stuck), the
    steps (``steps[i]``; ``counts[i, t]`` of technique ``t``), the status
    (``status[i]``: 1 solved, 0 stuck, -1 the candidates contradict, -2 the
    givens clash) and the grid the logic reached (``out[i]``).

    ``tab`` is a :data:`LogicTables` as a plain tuple; ``work`` the scratch of
    the lanes (:func:`new_grade_work`), as plain tuples.
    The layers are written out here, not inlined from functions of their own
    (each function numba inlines costs it another pass over the caller).
    Returns 0."""
    tab = LogicTables(*tab)
    cand, grid, r = work
    cand, grid, r = cand[k], grid[k], StepRecord(*r)
    step = StepRecord(r.info[k], r.cells[k], r.digits[k], r.elims[k], r.scratch[k], r.work[k], r.color[k],
                      r.stack[k], r.count[k], r.parent[k], r.queue[k], r.comb[k])
    nn = tab.n * tab.n
    for i in range(k, puzzles.shape[0], lanes):
        if not init_state(puzzles[i], tab, cand, grid):
            hardest[i] = BEYOND
            steps[i] = 0
            status[i] = -2
            continue
        most = 0
        taken = 0
        t = 0
        while True:
            t = find_step(tab, cand, grid, step, allowed)
            if t <= 0:
                break
            apply_step(tab, cand, grid, step)
            counts[i, t] += 1
            taken += 1
            if t > most:
                most = t
        steps[i] = taken
        reached = out[i]
        full = True
        for c in range(nn):
            reached[c] = grid[c]
            if grid[c] == 0:
                full = False
        if t < 0:
            hardest[i] = BEYOND
            status[i] = -1
        elif full:
            hardest[i] = most
            status[i] = 1
        else:
            hardest[i] = BEYOND
            status[i] = 0
    return 0


# ------------------------------------------------------------ search effort

@njit(**JIT_INNER)
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
                    place(tab, cand, grid, np.int64(c), np.int64(low_digit(m)))
                    changed = True
        for r in range(tab.regions.shape[0]):
            once = U0
            twice = U0
            placed = U0
            for x in tab.regions[r]:
                twice |= once & cand[x]
                once |= cand[x]
                if grid[x] != 0:
                    placed |= bit(np.int64(grid[x]))
            if (once | placed) != full:
                return False
            hidden = once & ~twice
            while hidden != U0:
                d = low_digit(hidden)
                hidden ^= bit(np.int64(d))
                for x in tab.regions[r]:
                    if (cand[x] & bit(np.int64(d))) != U0:
                        place(tab, cand, grid, np.int64(x), np.int64(d))
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


def new_effort_lanes(lanes, n, first, stride):
    """EffortLanes for ``lanes`` lanes of an ``n x n`` grid; lane ``k`` takes
    the copies ``first + k, first + k + stride, ...``; rows padded as in
    :func:`new_step`.  Plain Python (numpy): only Python allocates the lanes,
    so numba compiles no allocation for them."""
    nn = n * n
    depth = min(nn + 1, MAX_DEPTH)
    state = _rows(lanes, E_SIZE, np.int64)
    for k in range(lanes):
        state[k, E_CUR] = -1
        state[k, E_NEXT] = first + k
    return EffortLanes(_rows(lanes, nn, np.uint64), _rows(lanes, nn, np.uint8),
                       np.zeros((lanes, depth, nn), np.uint64), np.zeros((lanes, depth, nn), np.uint8),
                       _rows(lanes, nn + 1, np.int64), _rows(lanes, nn + 1, np.uint64), state)


@njit(**JIT_INLINED)
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
            keep_cand, keep_grid = saved_cand[level], saved_grid[level]
            for c in range(nn):  # loops, not slice assignments (cheaper to compile)
                keep_cand[c] = cand[c]
                keep_grid[c] = grid[c]
            branch_cell[level] = best
            branch_left[level] = cand[best]
            level += 1
        else:  # back up to the deepest level with a digit left to try
            while level > 0 and branch_left[level - 1] == U0:
                level -= 1
            if level == 0:
                st[E_GUESSES] = guesses
                return EFFORT_UNSOLVED, done
            keep_cand, keep_grid = saved_cand[level - 1], saved_grid[level - 1]
            for c in range(nn):
                cand[c] = keep_cand[c]
                grid[c] = keep_grid[c]
        if guesses >= limit:
            st[E_GUESSES] = guesses
            return EFFORT_UNSOLVED, done
        d = low_digit(branch_left[level - 1])
        branch_left[level - 1] ^= bit(np.int64(d))
        guesses += 1
        place(tab, cand, grid, np.int64(branch_cell[level - 1]), np.int64(d))
        ok = propagate(tab, cand, grid)
        done += 1


@njit(**JIT_ENTRY)
def effort_slice(k, puzzles, tab, limit, work, lanes, guesses, solved):
    """Lane ``k`` of ``lanes`` (an :data:`EffortLanes` record as a plain tuple,
    whose lane ``k`` takes the copies ``k, k + L, ...`` of ``L`` lanes) goes on
    with its copies of ``puzzles`` for about ``work`` units (:func:`effort_run`);
    the guesses and whether the solver solved each finished copy go to
    ``guesses[i]`` and ``solved[i]``.  Returns 1 when the lane has copies
    left, else 0."""
    lanes = EffortLanes(*lanes)
    tab = LogicTables(*tab)
    stride = lanes.state.shape[0]
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
