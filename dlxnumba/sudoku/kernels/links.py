"""Sudoku fast paths: linking up the problem a puzzle's givens leave, rule checks.

The geometry comes in as ``cell_regions``: the flat int32 table of
:class:`dlxnumba.sudoku.Geometry` (``cell_regions[3 * cell + k]`` is the
``k``-th all-different region of ``cell``: its row, its column, its box).
The encoding's items are the cells ``1..n*n`` (1-based item numbers) and then
``n*n + region * n + digit`` for each region and digit; option ``cell * n +
digit - 1`` is the block ``first_node[0] + 4 * option`` (four-node blocks).
"""

from collections import namedtuple

import numpy as np
from numba import njit

from ...kernels._common import _U0, _U1, BLOCKS, COVERED, JIT_ENTRY, JIT_INNER, Links

SudokuJobs = namedtuple("SudokuJobs", "limit puzzles n cell_regions")
SudokuJobs.__doc__ = """Sudoku jobs: the givens of job ``i`` are row ``i`` of
``puzzles`` (uint8, 0 = empty), with ``n`` digits and the geometry's flat
``cell_regions`` (int32, three regions a cell); ``limit`` as in
:data:`~dlxnumba.kernels.Jobs`."""


@njit(**JIT_ENTRY)
def grid_clash(cells, n, cell_regions, seen):
    """First cell whose digit already appeared in one of its regions (or is
    larger than ``n``), or -1.

    ``cells`` is the flat uint8 grid (0 = empty); ``seen`` a scratch uint8
    array of at least ``3 * n * (n + 1)`` entries.
    """
    for k in range(3 * n * (n + 1)):
        seen[k] = 0
    for cell in range(n * n):
        d = np.int64(cells[cell])
        if d == 0:
            continue
        if d > n:
            return cell
        clash = False
        for k in range(3):
            clash |= seen[cell_regions[3 * cell + k] * (n + 1) + d] != 0
        if clash:
            return cell
        for k in range(3):
            seen[cell_regions[3 * cell + k] * (n + 1) + d] = 1
    return -1


@njit(**JIT_INNER)
def _append(i, x, keep, ulink, dlink, length):
    """Put node ``x`` at the bottom of item ``i``'s list if ``keep``.

    Branch-free: the links are written either way, but the bottom of the list
    (``ulink[i]``) moves to ``x`` only if ``keep``.  The ``dlink`` written into
    the old bottom is overwritten by the next append or by the closing of the
    list, and a node that is not kept is never reached.
    """
    t = ulink[i]
    ulink[x] = t
    dlink[t] = x
    ulink[i] = x if keep else t
    length[i] += np.int32(keep)


def sudoku_links(i, jobs, template, first_node, width, links):
    """Link up the exact-cover problem that the givens of grid ``i`` leave.

    Plain Python with the signature of :func:`dlxnumba.kernels.core.lanes.prepare`:
    compiled as its step for :data:`SudokuJobs` inside the lanes
    (:mod:`.lanes`), and by :func:`link_givens` for Python callers
    (``template`` and ``width`` are not read).

    The result is the state that covering the givens' options on the full
    template would leave, as far as the search can see: the same active
    items in the same order, the same options in every vertical list in the
    same order, the same lengths (covered items carry ``COVERED``).  It is
    built directly -- each surviving option appended to its four items' lists
    in input order -- which costs about half as much as restoring the template
    and covering ~30 givens.  The links of the nodes of options that did not
    survive are left as they were: nothing reaches them.

    Returns False, with the arrays in an unspecified state, when a given is
    larger than ``n`` or repeats a digit in a region.
    """
    puzzle = jobs.puzzles[i]
    n = jobs.n
    cell_regions = jobs.cell_regions
    llink, rlink, ulink, dlink, length = links.llink, links.rlink, links.ulink, links.dlink, links.length
    nn = n * n
    n_items = 4 * nn
    for i in range(1, n_items + 1):
        length[i] = 0
        ulink[i] = i
    # First the givens: the items of their options are covered; covering one
    # twice is a clash.
    for cell in range(nn):
        d = np.int64(puzzle[cell])
        if d != 0:
            if d > n:
                return False
            a = nn + cell_regions[3 * cell] * n + d
            b = nn + cell_regions[3 * cell + 1] * n + d
            c = nn + cell_regions[3 * cell + 2] * n + d
            if length[a] | length[b] | length[c]:
                return False
            length[cell + 1] = COVERED
            length[a] = COVERED
            length[b] = COVERED
            length[c] = COVERED
    # then the options (cell, digit) whose four items are all active
    for cell in range(nn):
        if length[cell + 1] == 0:
            p = np.uint32(cell + 1)
            a0 = nn + cell_regions[3 * cell] * n
            b0 = nn + cell_regions[3 * cell + 1] * n
            c0 = nn + cell_regions[3 * cell + 2] * n
            x = np.uint32(first_node[cell * n])
            for d in range(1, n + 1):
                a = np.uint32(a0 + d)
                b = np.uint32(b0 + d)
                c = np.uint32(c0 + d)
                keep = (length[a] | length[b] | length[c]) < COVERED
                _append(p, x, keep, ulink, dlink, length)
                _append(a, np.uint32(x | _U1), keep, ulink, dlink, length)
                _append(b, np.uint32(x | np.uint32(2)), keep, ulink, dlink, length)
                _append(c, np.uint32(x | np.uint32(3)), keep, ulink, dlink, length)
                x = np.uint32(x + 4)
    # close the vertical lists and link the active items in order (branch-free
    # again: a covered item's list is empty and its llink/rlink are never read)
    prev = _U0
    for i in range(1, n_items + 1):
        ui = np.uint32(i)
        dlink[ulink[ui]] = ui
        llink[ui] = prev
        rlink[prev] = ui
        prev = ui if length[ui] < COVERED else prev
    rlink[prev] = _U0
    llink[0] = prev
    head = np.uint32(n_items + 1)  # the (empty) list of secondary items
    rlink[head] = head
    llink[head] = head
    return True


_sudoku_links = njit(**JIT_INNER)(sudoku_links)


@njit(**JIT_ENTRY)
def link_givens(jobs, first_node, links):
    """:func:`sudoku_links` for job 0 of ``jobs``, with the :data:`SudokuJobs`
    and the links as plain tuples (for Python callers)."""
    links = Links(*links)
    return _sudoku_links(np.int64(0), SudokuJobs(*jobs), links, first_node, BLOCKS, links)
