"""A naive backtracking Sudoku solver: the baseline of the seed paper's comparison.

Deliberately plain, like the naive solver the seed paper (Naugle, "Dancing Links
and Algorithm X to solve Sudoku problems") measured DLX against: the empty cells
are filled in row-major order, always the first empty cell next, digits tried
``1..N`` in order, each tried digit checked against its row, column and box by
scanning them, no heuristics and no bookkeeping of candidates.  It is compiled
with numba like dlxnumba, so the comparison is algorithm against algorithm, not
compiled code against the interpreter.  The search is iterative with an explicit
stack (the stack is the list of empty cells plus the digit each holds), and it is
self-contained: nothing here comes from :mod:`dlxnumba`.

Counters
--------
``nodes``
    Digit placements tried: every (cell, digit) pair whose legality is checked.
    This is the budget's unit.  (It is not comparable with DLX's nodes, which
    count search-tree levels entered: a DLX node already knows its option fits.)
``placements``
    Tried digits that were legal and written into the grid: the nodes of the
    naive search tree.

Examples
--------
>>> import numpy as np
>>> p = np.array([int(ch) for ch in "1.34.41.2.4..12.".replace(".", "0")], np.uint8)
>>> grid, nodes, placements, ran_out = solve_naive(p, 2, 2)
>>> grid.tolist()
[1, 2, 3, 4, 3, 4, 1, 2, 2, 3, 4, 1, 4, 1, 2, 3]
>>> (nodes, placements, ran_out)
(18, 7, False)
>>> solve_naive(p, 2, 2, max_nodes=5)[3]
True
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["solve_naive", "solve_naive_many", "NO_BUDGET"]

#: A budget that never runs out.
NO_BUDGET = 1 << 62

# Outcome codes of the kernel.
SOLVED = 0
NO_SOLUTION = 1
BUDGET = 2


@njit(cache=True)
def _legal(grid, n, r, c, cell, digit):
    """True when ``digit`` appears nowhere in the row, column and box of ``cell``."""
    row = cell // n
    col = cell - row * n
    for j in range(n):  # the row
        if grid[row * n + j] == digit:
            return False
    for i in range(n):  # the column
        if grid[i * n + col] == digit:
            return False
    top = row - row % r
    left = col - col % c
    for i in range(top, top + r):  # the box
        for j in range(left, left + c):
            if grid[i * n + j] == digit:
                return False
    return True


@njit(cache=True)
def _search(grid, n, r, c, empty, max_nodes, counters):
    """Fill ``grid`` (flat, 0 = empty) in place; return an outcome code.

    ``empty`` is scratch space for the indices of the empty cells (the stack).
    ``counters[0]`` receives the nodes, ``counters[1]`` the placements.
    """
    m = 0
    for cell in range(n * n):
        if grid[cell] == 0:
            empty[m] = cell
            m += 1
    nodes = 0
    placements = 0
    outcome = NO_SOLUTION
    k = 0  # stack depth: empty[0..k-1] hold digits, empty[k] is the first empty cell
    while k >= 0:
        if k == m:
            outcome = SOLVED
            break
        cell = empty[k]
        digit = grid[cell] + 1  # resume after the digit it held (0: start at 1)
        grid[cell] = 0
        placed = False
        while digit <= n:
            if nodes >= max_nodes:
                outcome = BUDGET
                break
            nodes += 1
            if _legal(grid, n, r, c, cell, digit):
                grid[cell] = digit
                placements += 1
                placed = True
                break
            digit += 1
        if outcome == BUDGET:
            break
        if placed:
            k += 1  # forward to the next empty cell
        else:
            k -= 1  # every digit failed: back up to the previous cell
    counters[0] = nodes
    counters[1] = placements
    return outcome


@njit(cache=True)
def _search_many(puzzles, n, r, c, max_nodes, out, nodes, placements, outcome):
    """Solve each row of ``puzzles`` into ``out``; per-puzzle counters and outcomes."""
    empty = np.empty(n * n, np.int64)
    counters = np.zeros(2, np.int64)
    grid = np.empty(n * n, np.uint8)
    for p in range(puzzles.shape[0]):
        for k in range(n * n):
            grid[k] = puzzles[p, k]
        outcome[p] = _search(grid, n, r, c, empty, max_nodes, counters)
        nodes[p] = counters[0]
        placements[p] = counters[1]
        if outcome[p] == SOLVED:
            for k in range(n * n):
                out[p, k] = grid[k]
        else:
            for k in range(n * n):
                out[p, k] = 0


def solve_naive_many(puzzles, r: int = 3, c: int = 3, max_nodes: int | None = None):
    """Solve a (P, N*N) array of puzzles (0 = empty) by naive backtracking.

    Returns ``(solutions, nodes, placements, ran_out)``: solutions (zeros where
    none was found), per-puzzle counters, and a bool array that is True where
    the budget of ``max_nodes`` tried placements ran out before a solution.
    The givens are assumed not to break a rule (they are not checked).
    """
    a = np.ascontiguousarray(puzzles, dtype=np.uint8)
    if a.ndim == 1:
        a = a.reshape(1, -1)
    n = r * c
    if a.shape[1] != n * n:
        raise ValueError(f"puzzles have {a.shape[1]} cells; a {r}x{c}-box grid has {n * n}")
    count = a.shape[0]
    out = np.zeros((count, n * n), np.uint8)
    nodes = np.zeros(count, np.int64)
    placements = np.zeros(count, np.int64)
    outcome = np.zeros(count, np.int8)
    budget = NO_BUDGET if max_nodes is None else int(max_nodes)
    _search_many(a, n, r, c, budget, out, nodes, placements, outcome)
    return out, nodes, placements, outcome == BUDGET


def solve_naive(puzzle, r: int = 3, c: int = 3, max_nodes: int | None = None):
    """Solve one flat puzzle; returns ``(grid, nodes, placements, ran_out)``.

    ``grid`` is the solution, or all zeros when there is none or the budget ran out.
    """
    out, nodes, placements, ran_out = solve_naive_many(np.asarray(puzzle).reshape(1, -1), r, c, max_nodes)
    return out[0], int(nodes[0]), int(placements[0]), bool(ran_out[0])
