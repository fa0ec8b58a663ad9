"""The bit engine's cell layout: any geometry, regions as lists of cells, bans as masks.

``n`` digits, ``n * n`` cells; digit ``d`` is bit ``d - 1`` of a uint64
*candidate mask* (so ``n <= 63``); bit 63 (``PLACED``) marks a cell whose digit
has been propagated to its peers.  ``peer_ptr``/``peers`` (int32, CSR) list,
for each cell, the cells that may not hold the same digit (its regions' cells,
and any pairwise bans); ``regions`` (int32, ``(R, n)``) lists the regions that
hold every digit exactly once, for hidden singles.  Any geometry given as such
tables works: boxes of any shape, extra regions, jigsaw maps, bans
(anti-knight, anti-king, non-consecutive).  Propagation is naked and hidden
singles; the search is resumable, like the band layout's
(:mod:`.bits`, which holds the entry points of both).

Setters' rules
--------------
The geometry's fifth table, ``rules = (masks, ints)`` (uint64 and int64: the
tables below laid end to end, where each starts and ends in the first
:data:`RULE_HEAD` entries of ``ints``; one record of two arrays, as each array
passed down costs compile time in every kernel it passes through), holds what
a setter's constraints (or a killer's cages) add beyond peers and regions, all
empty for the other grids (then they cost one test per propagation):

* ``start``: each cell's candidates before any given (odd, even, a
  thermometer's bounds), or empty (every digit);
* *relations* between two cells (thermometers, dots, XV, negatives, minimum,
  maximum, palindromes, clones): for cell ``a``, entries ``k`` in
  ``rel_ptr[a] .. rel_ptr[a + 1] - 1``, the other cell ``rel_cell[k]`` and
  ``rel_tab[k * n + d - 1]``, the digits it allows with ``d`` in ``a``;
  kept *arc consistent*: a digit that no candidate of ``a`` allows is struck;
* *sums* (arrows, little killers, a killer's cages): ``sum_i sum_w[i] *
  digit(sum_cell[i]) == sum_total[s]`` over ``i`` in ``sum_ptr[s] ..
  sum_ptr[s + 1] - 1``; kept *bounds consistent*: a digit whose term leaves
  the total out of reach of the other terms' least and greatest is struck;
* *quadruples*: ``quad_need[q]`` of the cells ``quad_cell[quad_ptr[q] ..
  quad_ptr[q + 1] - 1]`` hold the digit ``quad_bit[q]`` (a mask); fewer
  cells that may is a contradiction, exactly as many places it in all of them.

:func:`_propagate` sweeps them (:func:`_rules`) whenever the singles are
done, until a sweep changes nothing.
"""

from collections import namedtuple

import numpy as np
from numba import njit

from ...kernels._common import (JIT_INNER, LEVEL, MAX_LEVEL, NODES, PHASE, RET_DONE, RET_PAUSED, RET_SOLUTION,
                                SOLUTIONS, UPDATES)
from .rng import below, leading_zeros, popcount, trailing_zeros

CellWork = namedtuple("CellWork", "stack queue cell rem rng state")
CellWork.__doc__ = """The arrays of one search in the cell layout: the candidates
of each level ``stack`` (uint64 ``(nn + 1, nn)``), the cells to place
``queue`` (int64 ``nn``), the branching of each level ``cell`` (int64
``2 * nn + 2``) and ``rem`` (uint64 ``nn + 1``), see :func:`search_cells`;
``rng`` (uint64 1) and ``state`` as in :data:`.bits.BandWork`."""


#: The int64 tables of the setters' rules, in the order :func:`_rules` finds them
#: in ``ints`` (see the module's docstring), and the uint64 ones in ``masks``.
RULE_INTS = ("rel_ptr", "rel_cell", "sum_ptr", "sum_cell", "sum_w", "sum_total", "quad_ptr", "quad_cell",
             "quad_need")
RULE_MASKS = ("start", "rel_tab", "quad_bit")
#: ``ints[:RULE_HEAD]``: where each table starts and ends, the int64 ones in
#: ``ints`` (``ints[k] .. ints[k + 1]`` for table ``k`` of :data:`RULE_INTS`),
#: then the uint64 ones in ``masks`` (from ``ints[len(RULE_INTS) + 1]`` on).
RULE_HEAD = len(RULE_INTS) + len(RULE_MASKS) + 2


PLACED = np.uint64(1 << 63)
_U0 = np.uint64(0)
_U1 = np.uint64(1)


@njit(**JIT_INNER)
def _propagate(cand, queue, qn, full, peer_ptr, peers, regions, bans, rules, state):
    """Place every cell of ``queue[:qn]`` (each holds one candidate) and what
    follows: naked singles (a cell left with one candidate) and hidden singles
    (a digit left in one cell of a region), then the setters' ``rules``
    (:func:`_rules`) until nothing changes.  False on a contradiction (a cell
    or a region with no place left for a digit, a rule no digits keep).

    ``bans`` is ``(ban_ptr, ban_cell, ban_mask)``: placing digit ``d`` in cell
    ``c`` strikes ``ban_mask[k]`` from cell ``ban_cell[k]`` for ``k`` in
    ``ban_ptr[c * n + d - 1] .. ban_ptr[c * n + d] - 1`` (bans between
    different digits, e.g. non-consecutive; empty for most geometries)."""
    n = regions.shape[1]
    ban_ptr, ban_cell, ban_mask = bans
    has_bans = ban_cell.shape[0] > 0
    has_rules = rules[1].shape[0] > RULE_HEAD
    while True:
        while qn > 0:
            qn -= 1
            state[UPDATES] += 1
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
            if not has_rules:
                return True
            qn = _rules(cand, queue, n, rules, state)
            if qn < 0:
                return False
            if qn == 0:
                return True


@njit(**JIT_INNER)
def _strike(cand, c, keep, queue, qn):
    """Keep only ``keep`` (and PLACED) of cell ``c``'s candidates: -1 when none is
    left, else ``qn``, the cell queued when it is newly down to one digit."""
    m = cand[c]
    m &= keep | PLACED
    cand[c] = m
    rest = m & ~PLACED
    if rest == _U0:
        return np.int64(-1)
    if rest & (rest - _U1) == _U0 and not m & PLACED:
        queue[qn] = c
        qn += 1
    return qn


@njit(**JIT_INNER)
def _rules(cand, queue, n, rules, state):
    """Sweeps of the setters' ``rules`` over the candidates ``cand`` (every
    single placed already), until one changes nothing or leaves a cell with
    one digit (queued; the caller places it and calls again): the relations'
    arc consistency, the sums' bounds, the quadruples' counts.  Returns the
    cells queued, or -1 on a contradiction.  ``state[UPDATES]`` counts the
    candidates struck (or cells placed) by a rule."""
    masks, ints = rules
    rp, rc, sp, sc, sw, st, qp, qc, qm = ints[0], ints[1], ints[2], ints[3], ints[4], ints[5], ints[6], ints[7], ints[8]
    rt, qb = ints[11], ints[12]
    qn = np.int64(0)
    changed = True
    while changed:
        changed = False
        # relations: a digit of b that no candidate of a allows goes
        for a in range(rc - rp - 1):
            m = cand[a] & ~PLACED
            for k in range(ints[rp + a], ints[rp + a + 1]):
                sup = _U0
                x = m
                while x != _U0:
                    sup |= masks[rt + k * n + np.int64(trailing_zeros(x))]
                    x &= x - _U1
                b = ints[rc + k]
                if cand[b] & ~sup & ~PLACED:
                    state[UPDATES] += 1
                    changed = True
                    qn = _strike(cand, b, sup, queue, qn)
                    if qn < 0:
                        return qn
        # sums: each term within what the others leave of the total
        for s in range(qp - st):
            lo = np.int64(0)
            hi = np.int64(0)
            for k in range(ints[sp + s], ints[sp + s + 1]):
                m = cand[ints[sc + k]] & ~PLACED
                w = ints[sw + k]
                a1 = w * (np.int64(trailing_zeros(m)) + 1)
                a2 = w * (64 - np.int64(leading_zeros(m)))
                lo += min(a1, a2)
                hi += max(a1, a2)
            t = ints[st + s]
            if t < lo or t > hi:
                return np.int64(-1)
            for k in range(ints[sp + s], ints[sp + s + 1]):
                c = ints[sc + k]
                m = cand[c] & ~PLACED
                w = ints[sw + k]
                a1 = w * (np.int64(trailing_zeros(m)) + 1)
                a2 = w * (64 - np.int64(leading_zeros(m)))
                low = t - hi + max(a1, a2)  # the term's least and greatest value that the others allow
                high = t - lo + min(a1, a2)
                if min(a1, a2) >= low and max(a1, a2) <= high:
                    continue
                keep = _U0
                x = m
                while x != _U0:
                    j = np.int64(trailing_zeros(x))
                    v = w * (j + 1)
                    if low <= v and v <= high:
                        keep |= _U1 << np.uint64(j)
                    x &= x - _U1
                state[UPDATES] += 1
                changed = True
                qn = _strike(cand, c, keep, queue, qn)
                if qn < 0:
                    return qn
        # quadruples: too few places for a digit, or just enough
        for q in range(ints[9] - qm):
            bit = masks[qb + q]
            places = 0
            for k in range(ints[qp + q], ints[qp + q + 1]):
                if cand[ints[qc + k]] & bit:
                    places += 1
            if places < ints[qm + q]:
                return np.int64(-1)
            if places == ints[qm + q]:
                for k in range(ints[qp + q], ints[qp + q + 1]):
                    c = ints[qc + k]
                    m = cand[c]
                    if m & bit and (m & ~PLACED) != bit:
                        state[UPDATES] += 1
                        changed = True
                        cand[c] = bit
                        queue[qn] = c
                        qn += 1
        if qn > 0:
            return qn
    return qn


@njit(**JIT_INNER)
def start_cells(work, grid, nn, full, geometry, strike_cell, strike_digit):
    """Candidates of the puzzle ``grid`` (0 = empty; its digits checked, its
    clashes not) into ``work.stack[0]``, propagated; with ``strike_digit``
    struck from cell ``strike_cell``'s candidates (``strike_cell < 0``:
    nothing struck).  False on a contradiction.  ``state`` is zeroed first;
    then the search starts at a fresh node at level 0."""
    state = work.state
    for k in range(state.shape[0]):
        state[k] = 0
    state[PHASE] = 1
    queue = work.queue
    peer_ptr, peers, regions, bans, rules = geometry
    cur = work.stack[0]
    start = rules[0][rules[1][10]:rules[1][11]]
    qn = 0
    for c in range(nn):
        d = grid[c]
        m = full if d == 0 else _U1 << np.uint64(d - 1)
        if start.shape[0] > 0:
            m &= start[c]
            if m == _U0:
                return False
        cur[c] = m
        if m & (m - _U1) == _U0:
            queue[qn] = c
            qn += 1
    if strike_cell >= 0:
        m = cur[strike_cell]
        x = m & ~(_U1 << np.uint64(strike_digit - 1))
        if x == _U0:
            return False
        cur[strike_cell] = x
        if x != m and x & (x - _U1) == _U0:
            queue[qn] = strike_cell
            qn += 1
    return _propagate(cur, queue, qn, full, peer_ptr, peers, regions, bans, rules, state)


@njit(**JIT_INNER)
def search_cells(work, nn, full, geometry, node_budget, stop, randomised):
    """The search of the cell layout from ``state`` (``work.state``), after
    :func:`start_cells`: as :func:`search` for the band layout, returning
    RET_SOLUTION (the grid at ``work.stack[state[LEVEL]]``, :func:`write_cells`),
    RET_DONE or RET_PAUSED.

    Branching, as DLX's minimum-length rule on the Sudoku items would: a cell
    with the fewest candidates, unless it has more than two and some digit has
    only two places left in a region; then those two places.  The branches
    are tried in order, or in random order when ``randomised`` (``work.rng``).
    At level ``l``, ``cell[l]`` is the branching cell (``>= 0``), or ``-1 - r``
    for region ``r``, whose digit is kept in ``cell[l + nn + 1]``; ``rem[l]``
    holds the branches not yet tried (digits of the cell, or places in the
    region).  ``state[PHASE]``: 1 at a fresh node, 0 between two branches, 2
    at a solution.
    """
    stack, queue, cell, rem, rng, state = work.stack, work.queue, work.cell, work.rem, work.rng, work.state
    peer_ptr, peers, regions, bans, rules = geometry
    n = regions.shape[1]
    level = state[LEVEL]
    phase = state[PHASE]
    if phase == 2:
        level -= 1
        phase = 0
    while True:
        if phase == 1:
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
            if best < 0:  # every cell placed: a solution (before the budgets: it costs no guess)
                state[SOLUTIONS] += 1
                state[LEVEL] = level
                state[PHASE] = 2
                return RET_SOLUTION
            if state[NODES] >= node_budget or state[UPDATES] >= stop:
                state[LEVEL] = level
                state[PHASE] = 1
                return RET_PAUSED
            state[NODES] += 1
            if level + 1 > state[MAX_LEVEL]:
                state[MAX_LEVEL] = level + 1
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
        phase = 0
        if level < 0:
            state[LEVEL] = 0
            state[PHASE] = 0
            return RET_DONE
        m = rem[level]
        if m == _U0:  # backup
            level -= 1
            if level < 0:
                state[LEVEL] = 0
                state[PHASE] = 0
                return RET_DONE
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
        if _propagate(nxt, queue, np.int64(1), full, peer_ptr, peers, regions, bans, rules, state):
            level += 1
            phase = 1


@njit(**JIT_INNER)
def write_cells(cur, out):
    """A solved state of the cell layout as digits into ``out``."""
    for c in range(out.shape[0]):
        out[c] = np.uint8(trailing_zeros(cur[c] & ~PLACED) + 1)




@njit(**JIT_INNER)
def cells_clash(grid, n, geometry):
    """First cell whose given is larger than ``n``, repeats a digit among its
    peers or breaks a ban with another given; -1 when none does."""
    peer_ptr, peers, regions, bans, rules = geometry
    ban_ptr, ban_cell, ban_mask = bans
    for c in range(grid.shape[0]):
        d = np.int64(grid[c])
        if d == 0:
            continue
        if d > n:
            return c
        for k in range(peer_ptr[c], peer_ptr[c + 1]):
            if np.int64(grid[peers[k]]) == d:
                return c
        t = c * n + d - 1
        for k in range(ban_ptr[t], ban_ptr[t + 1]):
            e = np.int64(grid[ban_cell[k]])
            if e != 0 and (ban_mask[k] >> np.uint64(e - 1)) & _U1:
                return c
    return -1
