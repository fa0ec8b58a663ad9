"""The techniques of the logical solver: each looks for its pattern on the candidates.

Each technique is a function ``t_...(tab, cand, grid, step, ...)`` (the data
of :mod:`.candidates`) that looks for its pattern and, when the pattern
removes something, writes the step into a :data:`~.candidates.StepRecord` and
returns 1 (0: not found; -1: the candidates contradict -- a cell with no
candidate or a digit with no place in a region).  :func:`.logic.find_step`
tries them in the order of their numbers, which is the order of their scores
(easiest first).
"""

import numpy as np
from numba import njit

from ...kernels._common import JIT_INNER
from .candidates import (FULL_HOUSE, HIDDEN_SINGLE, I_NCELLS, I_REGION_A, I_REGION_B, I_SPLIT, K_BOX,
                         NAKED_SINGLE, SIMPLE_COLORING, U0, U1, UNIQUE_RECTANGLE, XYZ_WING, XY_CHAIN, XY_WING,
                         X_CHAIN, add_cell, add_digits, add_elims, bit, clear_step, full_mask, in_region,
                         low_digit, next_combination, popcount, sees, set_placement)


@njit(**JIT_INNER)
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
                seen |= bit(np.int64(grid[x]))
        if seen != full:
            return -1
    return 0


@njit(**JIT_INNER)
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
                placed |= bit(np.int64(grid[x]))
        if empty == 1:
            missing = full & ~placed
            if (cand[last] & missing) != U0:
                set_placement(step, np.int64(FULL_HOUSE), np.int64(last), low_digit(cand[last] & missing), np.int64(r))
                return 1
    return 0


@njit(**JIT_INNER)
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
                    if (cand[x] & bit(np.int64(d))) != U0:
                        set_placement(step, np.int64(HIDDEN_SINGLE), np.int64(x), np.int64(d), np.int64(r))
                        return 1
    return 0


@njit(**JIT_INNER)
def t_naked_single(tab, cand, grid, step):
    """A cell with one candidate left."""
    for c in range(tab.n * tab.n):
        if grid[c] == 0 and cand[c] != U0 and (cand[c] & (cand[c] - U1)) == U0:
            set_placement(step, np.int64(NAKED_SINGLE), np.int64(c), low_digit(cand[c]), np.int64(-1))
            return 1
    return 0


@njit(**JIT_INNER)
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
            if in_region(tab, np.int64(x), np.int64(b)):
                inside |= cand[x]
            else:
                outside |= cand[x]
        locked = inside & ~outside
        if locked == U0:
            continue
        hit = U0
        for y in tab.regions[b]:
            if not in_region(tab, np.int64(y), np.int64(a)):
                hit |= cand[y] & locked
        if hit == U0:
            continue
        d = low_digit(hit)
        m = bit(np.int64(d))
        clear_step(step, tech)
        step.info[I_REGION_A] = a
        step.info[I_REGION_B] = b
        add_digits(step, m)
        for x in tab.regions[a]:
            if (cand[x] & m) != U0:
                add_cell(step, np.int64(x))
        for y in tab.regions[b]:
            if (cand[y] & m) != U0 and not in_region(tab, np.int64(y), np.int64(a)):
                add_elims(step, np.int64(n), np.int64(y), m)
        return 1
    return 0


@njit(**JIT_INNER)
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
                        add_cell(step, np.int64(scratch[comb[i]]))
                    for x in cells:
                        if grid[x] == 0 and (cand[x] & union) != U0:
                            inside = False
                            for i in range(k):
                                inside |= scratch[comb[i]] == x
                            if not inside:
                                add_elims(step, np.int64(n), np.int64(x), cand[x] & union)
                    return 1
            if not next_combination(comb, k, np.int64(m)):
                break
    return 0


@njit(**JIT_INNER)
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
                c ^= bit(np.int64(d))
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
                digits |= bit(np.int64(scratch[comb[i]] + 1))
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
                            add_cell(step, np.int64(cells[i]))
                    for i in range(n):
                        if (where >> np.uint64(i)) & U1:
                            add_elims(step, np.int64(n), np.int64(cells[i]), cand[cells[i]] & ~digits)
                    return 1
            if not next_combination(comb, k, np.int64(m)):
                break
    return 0


@njit(**JIT_INNER)
def _fish_cell(n, o, i, j):
    """Cell at line ``i``, place ``j``: rows for ``o == 0``, columns for ``o == 1``."""
    return i * n + j if o == 0 else j * n + i


@njit(**JIT_INNER)
def t_fish(tab, cand, grid, step, k, tech, scratch, lines):
    """X-wing (k=2), swordfish (3), jellyfish (4): ``k`` rows in which a digit's
    places lie in ``k`` columns together; the digit leaves those columns'
    other cells (and the same with rows and columns exchanged)."""
    n = tab.n
    comb = step.comb
    for o in range(2):
        for d in range(1, n + 1):
            m_d = bit(np.int64(d))
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
                                        add_cell(step, np.int64(_fish_cell(n, o, i, j)))
                        for i in range(n):
                            if ((base >> np.uint64(i)) & U1) == U0:
                                for j in range(n):
                                    if (lines[i] & cover) >> np.uint64(j) & U1:
                                        add_elims(step, np.int64(n), np.int64(_fish_cell(n, o, i, j)), m_d)
                        return 1
                if not next_combination(comb, k, np.int64(m)):
                    break
    return 0


@njit(**JIT_INNER)
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
                    if c != b and (cand[c] & z) != U0 and sees(tab, np.int64(c), np.int64(b)):
                        hit = True
                if hit:
                    clear_step(step, np.int64(XY_WING))
                    add_cell(step, np.int64(p))
                    add_cell(step, np.int64(a))
                    add_cell(step, np.int64(b))
                    add_digits(step, cp | z)
                    for k in range(tab.peer_ptr[a], tab.peer_ptr[a + 1]):
                        c = tab.peers[k]
                        if c != b and (cand[c] & z) != U0 and sees(tab, np.int64(c), np.int64(b)):
                            add_elims(step, np.int64(n), np.int64(c), z)
                    return 1
    return 0


@njit(**JIT_INNER)
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
                    if (c != a and c != b and (cand[c] & z) != U0
                            and sees(tab, np.int64(c), np.int64(a)) and sees(tab, np.int64(c), np.int64(b))):
                        hit = True
                if hit:
                    clear_step(step, np.int64(XYZ_WING))
                    add_cell(step, np.int64(p))
                    add_cell(step, np.int64(a))
                    add_cell(step, np.int64(b))
                    add_digits(step, cp)
                    for k in range(tab.peer_ptr[p], tab.peer_ptr[p + 1]):
                        c = tab.peers[k]
                        if (c != a and c != b and (cand[c] & z) != U0
                                and sees(tab, np.int64(c), np.int64(a)) and sees(tab, np.int64(c), np.int64(b))):
                            add_elims(step, np.int64(n), np.int64(c), z)
                    return 1
    return 0


@njit(**JIT_INNER)
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
        m_d = bit(np.int64(d))
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
                    if color[stack[i]] == color[stack[j]] and sees(tab, np.int64(stack[i]), np.int64(stack[j])):
                        wrong = color[stack[i]]
            hit = wrong >= 0
            if not hit:  # color trap
                for y in range(nn):
                    if (cand[y] & m_d) != U0 and color[y] >> 1 != comp - 1:
                        s0 = False
                        s1 = False
                        for i in range(size):
                            if sees(tab, np.int64(y), np.int64(stack[i])):
                                if color[stack[i]] == c0:
                                    s0 = True
                                else:
                                    s1 = True
                        if s0 and s1:
                            hit = True
                            break
            if not hit:
                continue
            clear_step(step, np.int64(SIMPLE_COLORING))
            add_digits(step, m_d)
            for want in range(2):
                for i in range(size):
                    if color[stack[i]] == c0 + want:
                        add_cell(step, np.int64(stack[i]))
                if want == 0:
                    step.info[I_SPLIT] = step.info[I_NCELLS]
            if wrong >= 0:
                step.info[I_REGION_A] = wrong - c0  # which color is false (0: the first)
                for i in range(size):
                    if color[stack[i]] == wrong:
                        add_elims(step, np.int64(n), np.int64(stack[i]), m_d)
            else:
                for y in range(nn):
                    if (cand[y] & m_d) != U0 and color[y] >> 1 != comp - 1:
                        s0 = False
                        s1 = False
                        for i in range(size):
                            if sees(tab, np.int64(y), np.int64(stack[i])):
                                if color[stack[i]] == c0:
                                    s0 = True
                                else:
                                    s1 = True
                        if s0 and s1:
                            add_elims(step, np.int64(n), np.int64(y), m_d)
            return 1
    return 0


@njit(**JIT_INNER)
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
            if (in_region(tab, np.int64(opposite), np.int64(r))
                    or in_region(tab, np.int64(side1), np.int64(r)) == in_region(tab, np.int64(side2), np.int64(r))):
                return False
    return True


@njit(**JIT_INNER)
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
                clear_step(step, np.int64(UNIQUE_RECTANGLE))
                add_cell(step, np.int64(p))
                add_cell(step, np.int64(q))
                add_cell(step, np.int64(s))
                add_cell(step, np.int64(r))
                add_digits(step, ab)
                add_elims(step, np.int64(n), np.int64(s), cand[s] & ab)
                return 1
    return 0


@njit(**JIT_INNER)
def _chain_path(step, parent, state, stride):
    """Record the cells of the chain ending at ``state`` (states ``cell * stride + k``),
    from its start, by following ``parent`` back (-1 ends)."""
    first = step.info[I_NCELLS]
    while state >= 0:
        add_cell(step, np.int64(state // stride))
        state = parent[state]
    last = step.info[I_NCELLS] - 1
    while first < last:  # reverse: from the start
        t = step.cells[first]
        step.cells[first] = step.cells[last]
        step.cells[last] = t
        first += 1
        last -= 1


@njit(**JIT_INNER)
def _ends_hit(tab, cand, m_d, a, b):
    """Whether some cell other than ``a`` and ``b`` holding ``m_d`` sees both."""
    for k in range(tab.peer_ptr[a], tab.peer_ptr[a + 1]):
        c = tab.peers[k]
        if c != b and (cand[c] & m_d) != U0 and sees(tab, np.int64(c), np.int64(b)):
            return True
    return False


@njit(**JIT_INNER)
def _ends_elims(tab, cand, step, m_d, a, b):
    n = tab.n
    for k in range(tab.peer_ptr[a], tab.peer_ptr[a + 1]):
        c = tab.peers[k]
        if c != b and (cand[c] & m_d) != U0 and sees(tab, np.int64(c), np.int64(b)):
            add_elims(step, np.int64(n), np.int64(c), m_d)


@njit(**JIT_INNER)
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
        m_d = bit(np.int64(d))
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
                            clear_step(step, np.int64(X_CHAIN))
                            add_digits(step, m_d)
                            _chain_path(step, parent, t, np.int64(2))
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


@njit(**JIT_INNER)
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
            m ^= bit(np.int64(x))
            m_x = bit(np.int64(x))
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
                m_t = bit(np.int64(t))
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
                        clear_step(step, np.int64(XY_CHAIN))
                        add_digits(step, m_x)
                        _chain_path(step, parent, s, n)
                        _ends_elims(tab, cand, step, m_x, a, e)
                        return 1
    return 0
