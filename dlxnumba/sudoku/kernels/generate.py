"""Generating puzzles: random full grids and clue removal, on the bit-parallel engine.

The generator makes a puzzle in two steps, both here, in compiled code:

1. a random full grid: the engine's search over an empty grid, drawing the
   digit of each branching cell at random (``randomised``), within a budget of
   guesses; a try that spends it is abandoned and the next one starts;
2. clue removal: the cells (or the orbits of cells, for a symmetric puzzle) in
   random order, each removed if the puzzle stays unique, else put back.  One
   pass makes the puzzle *minimal*: a clue that could not go at some point
   cannot go later either (fewer clues never mean fewer solutions).

Every search is the bit-parallel engine's (:mod:`.bits`): the *band layout*
for the classic 9x9 grid, the *cell layout* for every other geometry and
variant.  Each layout has an entry point of its own (:func:`generate_band`,
:func:`generate_cells`), which hands its two steps (:func:`_fill_band` and
:func:`_count_band`, or the cells' twins) to the one generator loop
(:func:`_lane`, :func:`_one`): a user of one layout compiles nothing of the
other.

When one cell ``c`` of a unique puzzle with solution ``G`` is removed, the
puzzle is still unique exactly when no solution has a digit other than
``G[c]`` in ``c``: one search for a single solution with ``G[c]`` struck from
``c``'s candidates (the engine's :func:`.bits.strike`), instead of a count to
two; and none at all when the clues among ``c``'s peers already hold every
other digit.  An orbit of several cells takes a count to two.

The geometry is the cell layout's tables, ``(peer_ptr, peers, regions,
bans, rules)`` (:data:`Geometry`); the band layout reads only the peers (for the
shortcut above).

Puzzle ``i`` of a batch, attempt ``a``, starts from its own PRNG state
derived from ``(seed, i, a)`` (:func:`.rng.puzzle_state`), so a batch does
not depend on the number of threads; the PRNG is integer arithmetic only, so
a seed gives the same puzzle on every machine.
"""

from collections import namedtuple

import numpy as np
from numba import njit

from ...kernels._common import JIT_ENTRY, JIT_INLINED, JIT_INNER, LEVEL, NODES, RET_DONE, RET_SOLUTION, SOLUTIONS
from .bits import NO_BUDGET, band_lane, cell_lane, search, start, strike, write_grid
from .cell_layout import search_cells, start_cells, write_cells
from .rng import below, puzzle_state

Geometry = namedtuple("Geometry", "peer_ptr peers regions bans rules")
Geometry.__doc__ = """The geometry as the cell layout reads it (see
:mod:`.bits`): the peers of cell ``c``, ``peers[peer_ptr[c]:peer_ptr[c + 1]]``
(int32); ``regions`` (int32 ``(R, n)``); ``bans``, ``(ban_ptr, ban_cell,
ban_mask)``; ``rules``, the setters' rules (see :mod:`.cell_layout`; empty here)."""

Request = namedtuple("Request", "seed orbit_ptr orbit_cells lo hi stop_clues max_attempts fill_budget")
Request.__doc__ = """What a batch asks for: the batch's ``seed`` (uint64); the orbits
of cells removed together, ``orbit_cells[orbit_ptr[o]:orbit_ptr[o + 1]]``
(int64); the clue range ``[lo, hi]``, and ``stop_clues``, the clues at which
removal stops; ``max_attempts`` per puzzle; ``fill_budget``, the guesses of
one try at a full grid."""

Rows = namedtuple("Rows", "index attempt puzzles solutions clues status")
Rows.__doc__ = """The puzzles of a call, one row each: row ``i`` is puzzle ``index[i]``
of the batch (int64), whose attempts start at ``attempt[i]`` (int64, in and
out: the last attempt made); out: ``puzzles[i]`` and ``solutions[i]`` (uint8
grids), ``clues[i]`` (int64) and ``status[i]`` (int8, GEN_*)."""

_U1 = np.uint64(1)

# Statuses of one generated puzzle.
GEN_OK = 0  # a puzzle meeting the request
GEN_ATTEMPTS = 1  # no attempt met the clue range
GEN_FILL = 2  # no full grid within the guess budget (a geometry with no solution, or a hard one)
GEN_STOPPED = 3  # stopped from outside (a timeout, Ctrl-C) before it was done
GEN_PENDING = 4  # not started

#: Guesses of a search between two looks at the stop flag (as the old
#: generator's solver: a 63x63 grid's guess takes some 0.1 ms).
POLL_GUESSES = np.int64(1024)

#: Tries at a full grid before an attempt gives up (GEN_FILL).
FILL_TRIES = 10

#: The searches' ``randomised`` flag, as numpy booleans: numba types them as
#: booleans, not as literals, so the generator compiles one search of each
#: layout for both its steps rather than one per value.
RANDOM = np.bool_(True)
IN_ORDER = np.bool_(False)


# ---------------------------------------------------------------------------
# The two steps in each layout: a random full grid, a count of solutions.
# Each returns -2 when ``stop[0]`` was set (looked at every POLL_GUESSES guesses).
# ---------------------------------------------------------------------------


@njit(**JIT_INNER)
def _run_band(work, grid, out, cell, digit, limit, budget, randomised, stop):
    """The one place the generator runs the band layout, so that its search,
    inlined here, is compiled once for both steps: the solutions of ``grid``
    (81 uint8) up to ``limit``, with ``digit`` struck from ``cell``'s
    candidates (``cell < 0``: nothing struck), within ``budget`` guesses; the
    first written to ``out`` unless it is empty.  Returns the count; -1 when
    the budget was spent first, -2 when ``stop[0]`` was set."""
    state = work.state
    if start(grid, work) <= 0:
        return 0
    if cell >= 0 and strike(work, cell, digit) == 0:
        return 0
    while True:
        ret = search(work, min(budget, state[NODES] + POLL_GUESSES), NO_BUDGET, randomised)
        if ret == RET_SOLUTION:
            if state[SOLUTIONS] == 1 and out.shape[0] != 0:
                write_grid(work.stack[state[LEVEL]], out)
            if state[SOLUTIONS] >= limit:
                return state[SOLUTIONS]
            continue
        if ret == RET_DONE:
            return state[SOLUTIONS]
        if state[NODES] >= budget:
            return -1
        if stop[0] != 0:
            return -2


@njit(**JIT_INLINED)
def _fill_band(work, grid, out, budget, geometry, stop):
    """A random solution of ``grid`` (81 uint8) into ``out``: 1; 0 when it has
    none; -1 when ``budget`` guesses were spent first; -2 when stopped."""
    return _run_band(work, grid, out, np.int64(-1), np.int64(0), np.int64(1), budget, RANDOM, stop)


@njit(**JIT_INLINED)
def _count_band(work, grid, cell, digit, limit, geometry, stop):
    """The solutions of ``grid`` (81 uint8) up to ``limit``, with ``digit``
    struck from ``cell``'s candidates (``cell < 0``: nothing struck); -2 when stopped."""
    return _run_band(work, grid, grid[:0], cell, digit, limit, NO_BUDGET, IN_ORDER, stop)


@njit(**JIT_INLINED)
def _fill_cells(work, grid, out, budget, geometry, stop):
    """:func:`_fill_band` in the cell layout (``grid`` of any geometry)."""
    state = work.state
    nn = grid.shape[0]
    full = (_U1 << np.uint64(geometry[2].shape[1])) - _U1
    if not start_cells(work, grid, nn, full, geometry, np.int64(-1), np.int64(0)):
        return 0
    while True:
        ret = search_cells(work, nn, full, geometry, min(budget, state[NODES] + POLL_GUESSES), NO_BUDGET, RANDOM)
        if ret == RET_SOLUTION:
            write_cells(work.stack[state[LEVEL]], out)
            return 1
        if ret == RET_DONE:
            return 0
        if state[NODES] >= budget:
            return -1
        if stop[0] != 0:
            return -2


@njit(**JIT_INLINED)
def _count_cells(work, grid, cell, digit, limit, geometry, stop):
    """:func:`_count_band` in the cell layout (``grid`` of any geometry)."""
    state = work.state
    nn = grid.shape[0]
    full = (_U1 << np.uint64(geometry[2].shape[1])) - _U1
    if not start_cells(work, grid, nn, full, geometry, cell, digit):
        return 0
    while True:
        ret = search_cells(work, nn, full, geometry, state[NODES] + POLL_GUESSES, NO_BUDGET, IN_ORDER)
        if ret == RET_DONE or (ret == RET_SOLUTION and state[SOLUTIONS] >= limit):
            return state[SOLUTIONS]
        if ret != RET_SOLUTION and stop[0] != 0:
            return -2


# ---------------------------------------------------------------------------
# The generator, on either layout
# ---------------------------------------------------------------------------


@njit(**JIT_INLINED)
def _one(work, order, puzzle, solution, request, geometry, stop, fill, count):
    """One puzzle from the PRNG state ``work.rng``: a random full grid into
    ``solution`` (``fill``), then clue removal into ``puzzle``, orbit by orbit
    (the orbits of the :data:`Request`, in random order in ``order``), each
    kept when ``count`` finds another solution, until no orbit can go or at
    most ``stop_clues`` clues are left.  Returns the number of clues; -1 when
    no full grid was found in :data:`FILL_TRIES` tries of ``fill_budget``
    guesses each; -2 when ``stop[0]`` was set."""
    rng = work.rng
    orbit_ptr, orbit_cells = request.orbit_ptr, request.orbit_cells
    stop_clues, fill_budget = request.stop_clues, request.fill_budget
    peer_ptr, peers = geometry.peer_ptr, geometry.peers
    n = geometry.regions.shape[1]
    nn = puzzle.shape[0]
    full = (_U1 << np.uint64(n)) - _U1
    # 1. a random full grid
    for c in range(nn):
        puzzle[c] = 0
    found = False
    for _ in range(FILL_TRIES):
        r = fill(work, puzzle, solution, fill_budget, geometry, stop)
        if r == -2:
            return -2
        if r == 0:
            return -1
        if r == 1:
            found = True
            break
    if not found:
        return -1
    for c in range(nn):
        puzzle[c] = solution[c]
    clues = nn
    # 2. the orbits in random order (Fisher-Yates)
    m = orbit_ptr.shape[0] - 1
    for k in range(m):
        order[k] = k
    for k in range(m - 1, 0, -1):
        j = below(rng, k + 1)
        t = order[k]
        order[k] = order[j]
        order[j] = t
    for k in range(m):
        if clues <= stop_clues:
            break
        if stop[0] != 0:
            return -2
        o = order[k]
        a = orbit_ptr[o]
        b = orbit_ptr[o + 1]
        for t in range(a, b):
            puzzle[orbit_cells[t]] = 0
        if b - a == 1:
            # unique iff no solution holds another digit in the removed cell;
            # at once when the clues among its peers hold every other digit
            c = orbit_cells[a]
            seen = _U1 << np.uint64(solution[c] - 1)
            for t in range(peer_ptr[c], peer_ptr[c + 1]):
                d = puzzle[peers[t]]
                if d != 0:
                    seen |= _U1 << np.uint64(d - 1)
            if seen == full:
                clues -= 1
                continue
            r = count(work, puzzle, c, np.int64(solution[c]), np.int64(1), geometry, stop)
            unique = r == 0
        else:
            r = count(work, puzzle, np.int64(-1), np.int64(0), np.int64(2), geometry, stop)
            unique = r == 1
        if r == -2:
            return -2
        if unique:
            clues -= b - a
        else:
            for t in range(a, b):
                puzzle[orbit_cells[t]] = solution[orbit_cells[t]]
    return clues


@njit(**JIT_INLINED)
def _lane(k, lanes, request, geometry, rows, work, order, stop, fill, count):
    """Lane ``k`` of ``lanes``: its contiguous share of the :data:`Rows`, each
    made by :func:`_one` with the layout's steps ``fill`` and ``count``."""
    index, attempt, puzzles, solutions, clues, status = rows
    seed, lo, hi, max_attempts = request.seed, request.lo, request.hi, request.max_attempts
    m = puzzles.shape[0]
    rng = work.rng
    for i in range(m * k // lanes, m * (k + 1) // lanes):
        if stop[0] != 0:
            status[i] = GEN_STOPPED
            continue
        st = GEN_ATTEMPTS
        a = attempt[i]
        for a in range(attempt[i], attempt[i] + max_attempts):
            if stop[0] != 0:
                st = GEN_STOPPED
                break
            rng[0] = puzzle_state(seed, index[i], a)
            c = _one(work, order, puzzles[i], solutions[i], request, geometry, stop, fill, count)
            if c == -2:
                st = GEN_STOPPED
                break
            if c < 0:
                st = GEN_FILL
                break
            clues[i] = c
            if lo <= c <= hi:
                st = GEN_OK
                break
        attempt[i] = a
        status[i] = st
    return 0


@njit(**JIT_ENTRY)
def generate_band(k, lanes, request, geometry, rows, works, order, stop):
    """Lane ``k`` of ``lanes`` of a batch of classic 9x9 puzzles: row ``i`` of
    its share of the :data:`Rows` is puzzle ``index[i]`` of the batch of
    ``seed``; it tries the attempts ``attempt[i], attempt[i] + 1, ...`` (each
    from its own PRNG state), at most ``max_attempts``, until its clue count is
    in ``[lo, hi]``, and leaves in ``attempt[i]`` the last attempt made and in
    ``status[i]`` one of the GEN_* codes (GEN_STOPPED when ``stop[0]`` was set).

    Records as plain tuples: the :data:`Request`, the :data:`Geometry`, the
    :data:`Rows`; ``works`` the band layout's :data:`~.bits.BandWork` of all
    the lanes (a leading lane axis) and ``order`` (int64, a row per lane, at
    least as long as the orbits).  It releases the GIL: several lanes run on
    Python threads, one call each.  Returns 0."""
    return _lane(k, lanes, Request(*request), Geometry(*geometry), rows, band_lane(works, k), order[k], stop,
                 _fill_band, _count_band)


@njit(**JIT_ENTRY)
def generate_cells(k, lanes, request, geometry, rows, works, order, stop):
    """:func:`generate_band` for any other geometry or variant, in the cell
    layout (``works`` a :data:`~.cell_layout.CellWork` of all the lanes)."""
    return _lane(k, lanes, Request(*request), Geometry(*geometry), rows, cell_lane(works, k), order[k], stop,
                 _fill_cells, _count_cells)
