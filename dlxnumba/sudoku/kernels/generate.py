"""Generating puzzles: a seeded PRNG, a bitmask solver over any regions, clue removal.

The generator makes a puzzle in two steps, both here, in compiled code:

1. a random full grid: a search over an empty grid that tries the digits of
   each branching cell in random order (:func:`_solve` with an ``rng``);
2. clue removal: the cells (or the orbits of cells, for a symmetric puzzle) in
   random order, each removed if the puzzle stays unique, else put back.  One
   pass makes the puzzle *minimal*: a clue that could not go at some point
   cannot go later either (fewer clues never mean fewer solutions).

Uniqueness is checked by a dedicated solver on candidate bitmasks (rather than
the dancing links of :mod:`.links`): it is what makes ~80 checks per puzzle
cheap enough, and the tests check it against the DLX engine.  When one cell
``c`` of a unique puzzle with solution ``G`` is removed, the puzzle is still
unique exactly when no solution has a digit other than ``G[c]`` in ``c``: one
search for a single solution with ``G[c]`` struck from ``c``'s candidates,
instead of a count to two.

The geometry
------------
``n`` digits, ``n * n`` cells; digit ``d`` is bit ``d - 1`` of a uint64
*candidate mask* (so ``n <= 63``); bit 63 (``PLACED``) marks a cell whose digit
has been propagated to its peers.  ``peer_ptr``/``peers`` (int32, CSR) list,
for each cell, the cells that may not hold the same digit (its regions' cells,
and any pairwise bans); ``regions`` (int32, ``(R, n)``) lists the regions that
hold every digit exactly once, for hidden singles.  Any geometry given as such
tables works: the boxes of any shape, extra regions, jigsaw maps, bans.

The PRNG
--------
SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit counter stepped by the
golden-ratio constant and mixed by two xor-shift-multiply rounds.  Integer
arithmetic only, so a seed gives the same puzzle on every machine; puzzle
``i`` of a batch, attempt ``a``, starts from its own state derived from
``(seed, i, a)``, so a batch does not depend on the number of threads.
"""

from collections import namedtuple
from typing import TYPE_CHECKING, Any

import numpy as np
from numba import njit
from numba.core import config

from ...kernels._common import JIT_ENTRY, JIT_INLINED, JIT_INNER, PAD_BYTES
from .rng import below, popcount, puzzle_state, trailing_zeros

Geometry = namedtuple("Geometry", "peer_ptr peers regions bans")
Geometry.__doc__ = """The geometry as the generator reads it (see the module): the peers of
cell ``c``, ``peers[peer_ptr[c]:peer_ptr[c + 1]]`` (int32); ``regions`` (int32
``(R, n)``); ``bans``, ``(ban_ptr, ban_cell, ban_mask)`` (see :func:`_propagate`)."""

Request = namedtuple("Request", "seed orbit_ptr orbit_cells lo hi stop_clues max_attempts fill_budget")
Request.__doc__ = """What a batch asks for: the batch's ``seed`` (uint64); the orbits
of cells removed together, ``orbit_cells[orbit_ptr[o]:orbit_ptr[o + 1]]``
(int32); the clue range ``[lo, hi]``, and ``stop_clues``, the clues at which
removal stops; ``max_attempts`` per puzzle; ``fill_budget``, the nodes of one
try at a full grid."""

Rows = namedtuple("Rows", "index attempt puzzles solutions clues status")
Rows.__doc__ = """The puzzles of a call, one row each: row ``i`` is puzzle ``index[i]``
of the batch (int64), whose attempts start at ``attempt[i]`` (int64, in and
out: the last attempt made); out: ``puzzles[i]`` and ``solutions[i]`` (uint8
grids), ``clues[i]`` (int64) and ``status[i]`` (int8, GEN_*)."""

Work = namedtuple("Work", "stack queue cell rem scratch order rng")
Work.__doc__ = """The scratch arrays of one lane: the candidates of each level
``stack`` (uint64 ``(nn + 1, nn)``), the cells to place ``queue`` (int64), the
branching of each level ``cell`` and ``rem`` (see :func:`_solve`), ``scratch``
(uint8, the grid of a uniqueness check), ``order`` (int64, the orbits in random
order) and the PRNG state ``rng`` (uint64, one entry).  Python allocates them,
for all the lanes of a call at once (:func:`new_work`): the kernels allocate
nothing, so numba compiles no allocation for them."""

PLACED = np.uint64(1 << 63)
_U0 = np.uint64(0)
_U1 = np.uint64(1)

# Statuses of one generated puzzle.
GEN_OK = 0  # a puzzle meeting the request
GEN_ATTEMPTS = 1  # no attempt met the clue range
GEN_FILL = 2  # no full grid within the node budget (a geometry with no solution, or a hard one)
GEN_STOPPED = 3  # stopped from outside (a timeout, Ctrl-C) before it was done
GEN_PENDING = 4  # not started


@njit(**JIT_INNER)
def _propagate(cand, queue, qn, full, peer_ptr, peers, regions, bans):
    """Place every cell of ``queue[:qn]`` (each holds one candidate) and what
    follows: naked singles (a cell left with one candidate) and hidden singles
    (a digit left in one cell of a region).  False on a contradiction (a cell
    or a region with no place left for a digit).

    ``bans`` is ``(ban_ptr, ban_cell, ban_mask)``: placing digit ``d`` in cell
    ``c`` strikes ``ban_mask[k]`` from cell ``ban_cell[k]`` for ``k`` in
    ``ban_ptr[c * n + d - 1] .. ban_ptr[c * n + d] - 1`` (bans between
    different digits, e.g. non-consecutive; empty for most geometries)."""
    n = regions.shape[1]
    ban_ptr, ban_cell, ban_mask = bans
    has_bans = ban_cell.shape[0] > 0
    while True:
        while qn > 0:
            qn -= 1
            c = queue[qn]
            d = cand[c]
            cand[c] = d | PLACED
            for k in range(peer_ptr[c], peer_ptr[c + 1]):
                p = peers[k]
                m = cand[p]
                if m & d:
                    m &= ~d
                    cand[p] = m
                    rest = m & ~PLACED
                    if rest == _U0:
                        return False
                    if rest & (rest - _U1) == _U0:
                        queue[qn] = p
                        qn += 1
            if has_bans:
                t = c * n + np.int64(trailing_zeros(d))
                for k in range(ban_ptr[t], ban_ptr[t + 1]):
                    p = ban_cell[k]
                    m = cand[p]
                    x = ban_mask[k]
                    if m & x:
                        m &= ~x
                        cand[p] = m
                        rest = m & ~PLACED
                        if rest == _U0:
                            return False
                        if rest & (rest - _U1) == _U0 and not m & PLACED:
                            queue[qn] = p
                            qn += 1
        # hidden singles, region by region
        for r in range(regions.shape[0]):
            once = _U0
            twice = _U0
            for k in range(n):
                m = cand[regions[r, k]] & ~PLACED
                twice |= once & m
                once |= m
            if once != full:
                return False
            only = once & ~twice
            if only == _U0:
                continue
            for k in range(n):
                c = regions[r, k]
                m = cand[c]
                if m & PLACED:
                    continue
                h = m & only
                if h != _U0 and h != m:
                    if h & (h - _U1):
                        return False  # two digits that must both go into this cell
                    cand[c] = h
                    queue[qn] = c
                    qn += 1
        if qn == 0:
            return True


@njit(**JIT_INNER)
def _solve(work, nn, full, geometry, limit, randomised, node_budget, out, stop):
    """Count the solutions of the candidates ``work.stack[0]`` (already propagated,
    with no contradiction), up to ``limit``; the first is written to ``out``
    (uint8 digits).  Returns the count, or -1 when ``node_budget`` nodes were
    spent first (``node_budget <= 0``: no budget), or -2 when another thread
    set ``stop[0]`` (polled every 1024 nodes).

    Branching, as DLX's minimum-length rule on the Sudoku items would: a cell
    with the fewest candidates, unless it has more than two and some digit has
    only two places left in a region; then those two places.  The branches
    are tried in order, or in random order when ``randomised``.  At level
    ``l``, ``cell[l]`` is the branching cell (``>= 0``), or ``-1 - r`` for
    region ``r``, whose digit is kept in ``cell[l + nn + 1]``; ``rem[l]``
    holds the branches not yet tried (digits of the cell, or places in the region).
    """
    stack, queue, cell, rem, rng = work.stack, work.queue, work.cell, work.rem, work.rng
    peer_ptr, peers, regions, bans = geometry
    n = regions.shape[1]
    count = 0
    nodes = 0
    level = 0
    fresh = True  # stack[level] is a new node: choose how to branch
    while True:
        if fresh:
            nodes += 1
            if node_budget > 0 and nodes > node_budget:
                return -1
            if nodes & 1023 == 0 and stop[0] != 0:
                return -2
            cur = stack[level]
            best = -1
            best_k = 65
            for c in range(nn):
                m = cur[c]
                if m & PLACED:
                    continue
                k = popcount(m)
                if k < best_k:
                    best_k = k
                    best = c
                    if k == 2:
                        break
            if best < 0:  # every cell placed: a solution
                if count == 0:
                    for c in range(nn):
                        out[c] = np.uint8(trailing_zeros(cur[c] & ~PLACED) + 1)
                count += 1
                if count >= limit:
                    return count
                level -= 1
            else:
                cell[level] = best
                rem[level] = cur[best]
                if best_k > 2:
                    # a digit with two places in a region?
                    for r in range(regions.shape[0]):
                        t1 = _U0
                        t2 = _U0
                        t3 = _U0
                        for k in range(n):
                            m = cur[regions[r, k]]
                            if m & PLACED:
                                continue
                            t3 |= t2 & m
                            t2 |= t1 & m
                            t1 |= m
                        two = t2 & ~t3
                        if two != _U0:
                            d = two & (_U0 - two)
                            places = _U0
                            for k in range(n):
                                if cur[regions[r, k]] & d:
                                    places |= _U1 << np.uint64(k)
                            cell[level] = -1 - r
                            cell[level + nn + 1] = np.int64(trailing_zeros(d))
                            rem[level] = places
                            break
        fresh = False
        if level < 0:
            return count
        m = rem[level]
        if m == _U0:  # backup
            level -= 1
            if level < 0:
                return count
            continue
        if randomised:
            j = below(rng, popcount(m))
            for _ in range(j):
                m &= m - _U1
        b = m & (_U0 - m)  # the lowest remaining bit
        rem[level] &= ~b
        nxt = stack[level + 1]
        cur = stack[level]
        for c in range(nn):
            nxt[c] = cur[c]
        c = cell[level]
        if c >= 0:
            nxt[c] = b
        else:
            c = regions[-1 - c, trailing_zeros(b)]
            nxt[c] = _U1 << np.uint64(cell[level + nn + 1])
        queue[0] = c
        if _propagate(nxt, queue, np.int64(1), full, peer_ptr, peers, regions, bans):
            level += 1
            fresh = True


@njit(**JIT_INNER)
def _start(work, grid, nn, full, geometry, strike_cell, strike_digit):
    """Candidates of the puzzle ``grid`` (0 = empty) into ``work.stack[0]``,
    propagated; with ``strike_digit`` struck from cell ``strike_cell``'s
    candidates (``strike_cell < 0``: nothing struck).  False on a contradiction."""
    queue = work.queue
    peer_ptr, peers, regions, bans = geometry
    cur = work.stack[0]
    qn = 0
    for c in range(nn):
        d = grid[c]
        if d != 0:
            cur[c] = _U1 << np.uint64(d - 1)
            queue[qn] = c
            qn += 1
        else:
            cur[c] = full
    if strike_cell >= 0:
        m = cur[strike_cell] & ~(_U1 << np.uint64(strike_digit - 1))
        if m == _U0:
            return False
        cur[strike_cell] = m
        if m & (m - _U1) == _U0:
            queue[qn] = strike_cell
            qn += 1
    return _propagate(cur, queue, qn, full, peer_ptr, peers, regions, bans)


@njit(**JIT_ENTRY)
def count_solutions(grid, limit, geometry, out, work, stop):
    """The number of solutions of ``grid`` (uint8, 0 = empty), up to ``limit``;
    the first written to ``out``; ``geometry`` a :data:`Geometry` and ``work``
    the :data:`Work` of one lane (:func:`new_work`), both as plain tuples; -2
    when ``stop[0]`` was set.  For tests and Python callers."""
    geometry = Geometry(*geometry)
    work = lane_work(Work(*work), np.int64(0), grid.shape[0])
    n = geometry.regions.shape[1]
    nn = grid.shape[0]
    full = (_U1 << np.uint64(n)) - _U1
    if not _start(work, grid, nn, full, geometry, np.int64(-1), np.int64(0)):
        return 0
    return _solve(work, nn, full, geometry, np.int64(limit), np.bool_(False), np.int64(0), out, stop)


@njit(**JIT_INLINED)
def _one(work, puzzle, solution, request, geometry, stop):
    """One puzzle from the PRNG state ``work.rng``: a random full grid into
    ``solution``, then clue removal into ``puzzle``, orbit by orbit (the
    orbits of the :data:`Request`), until no orbit can go or at most
    ``stop_clues`` clues are left.  Returns the number of clues; -1 when no
    full grid was found in ten tries of ``fill_budget`` nodes each; -2 when
    ``stop[0]`` was set.  ``work.scratch`` (uint8, ``n * n``) receives the
    solutions the uniqueness checks find (never read)."""
    rng, order, scratch = work.rng, work.order, work.scratch
    orbit_ptr, orbit_cells = request.orbit_ptr, request.orbit_cells
    stop_clues, fill_budget = request.stop_clues, request.fill_budget
    peer_ptr, peers, regions = geometry.peer_ptr, geometry.peers, geometry.regions
    n = regions.shape[1]
    nn = puzzle.shape[0]
    full = (_U1 << np.uint64(n)) - _U1
    # 1. a random full grid
    for c in range(nn):
        puzzle[c] = 0
    found = False
    for _ in range(10):
        if not _start(work, puzzle, nn, full, geometry, np.int64(-1), np.int64(0)):
            return -1
        r = _solve(work, nn, full, geometry, np.int64(1), np.bool_(True), np.int64(fill_budget), solution, stop)
        if r == -2:
            return -2
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
            r = 0
            if _start(work, puzzle, nn, full, geometry, c, np.int64(solution[c])):
                r = _solve(work, nn, full, geometry, np.int64(1), np.bool_(False), np.int64(0), scratch, stop)
            unique = r == 0
        else:
            r = 1
            if _start(work, puzzle, nn, full, geometry, np.int64(-1), np.int64(0)):
                r = _solve(work, nn, full, geometry, np.int64(2), np.bool_(False), np.int64(0), scratch, stop)
            unique = r == 1
        if r == -2:
            return -2
        if unique:
            clues -= b - a
        else:
            for t in range(a, b):
                puzzle[orbit_cells[t]] = solution[orbit_cells[t]]
    return clues


#: :data:`PAD_BYTES` in 8-byte entries.
_PAD = PAD_BYTES // 8


def new_work(lanes, nn, orbits):
    """The :data:`Work` of ``lanes`` lanes for ``nn``-cell grids and ``orbits``
    orbits (plain Python: numpy).  Each field has a leading lane axis, and
    lane ``k``'s arrays are views into row ``k`` (:func:`lane_work`) with
    :data:`~dlxnumba.kernels._common.PAD_BYTES` on either side (the scratch is
    written all the time, ``rng`` at every draw)."""
    w, pad = _PAD, -(-_PAD // nn)  # rows of padding in the stack
    return Work(np.zeros((lanes, nn + 1 + 2 * pad, nn), np.uint64), np.zeros((lanes, nn + 2 * w), np.int64),
                np.zeros((lanes, 2 * nn + 2 + 2 * w), np.int64), np.zeros((lanes, nn + 1 + 2 * w), np.uint64),
                np.zeros((lanes, nn + 2 * PAD_BYTES), np.uint8), np.zeros((lanes, orbits + 2 * w), np.int64),
                np.zeros((lanes, 1 + 2 * w), np.uint64))


@njit(**JIT_INLINED)
def lane_work(work, k, nn):
    """Lane ``k``'s scratch: the views of :data:`Work` ``work`` (as
    :func:`new_work` makes it) that leave out the padding."""
    w, pad = _PAD, -(-_PAD // nn)
    orbits = work.order.shape[1] - 2 * w
    return Work(work.stack[k][pad:pad + nn + 1], work.queue[k][w:w + nn], work.cell[k][w:w + 2 * nn + 2],
                work.rem[k][w:w + nn + 1], work.scratch[k][PAD_BYTES:PAD_BYTES + nn],
                work.order[k][w:w + orbits], work.rng[k][w:w + 1])


@njit(**JIT_ENTRY)
def generate_lane(k, lanes, request, geometry, rows, work, stop):
    """Lane ``k`` of ``lanes``: its contiguous share of the :data:`Rows` ``i``.

    Row ``i`` is puzzle ``index[i]`` of the batch of ``seed``; it tries the
    attempts ``attempt[i], attempt[i] + 1, ...`` (each from its own PRNG
    state), at most ``max_attempts``, until its clue count is in ``[lo, hi]``,
    and leaves in ``attempt[i]`` the last attempt made and in ``status[i]``
    one of the GEN_* codes (GEN_STOPPED when ``stop[0]`` was set).  Records as
    plain tuples; ``work`` the :data:`Work` of all the lanes (:func:`new_work`).
    It releases the GIL: several lanes run on Python threads, one call each.
    Returns 0."""
    request = Request(*request)
    geometry = Geometry(*geometry)
    index, attempt, puzzles, solutions, clues, status = rows
    seed, lo, hi, max_attempts = request.seed, request.lo, request.hi, request.max_attempts
    m, nn = puzzles.shape
    work = lane_work(Work(*work), k, nn)
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
            c = _one(work, puzzles[i], solutions[i], request, geometry, stop)
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
