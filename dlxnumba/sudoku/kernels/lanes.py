"""The Sudoku job type of the lanes: a batch of grids.

A Sudoku batch runs the generic lanes (:func:`dlxnumba.kernels.core.lanes.run_lane`)
with its own records, :data:`~.links.SudokuJobs` and :data:`SudokuResults`, and
plugs its own steps in for them (:func:`~dlxnumba.kernels.core.lanes.plug`):

* :func:`~dlxnumba.kernels.core.lanes.prepare` -- link up the problem the
  givens of a grid leave, directly (:func:`.links.sudoku_links`, about half
  the cost of copying the template and covering the givens);
* :func:`~dlxnumba.kernels.core.lanes.record_first` -- write the first
  solution as a grid (:func:`record_grid`), and
  :func:`~dlxnumba.kernels.core.lanes.clear_first` -- zero it.

The entry points take no template (the links of a grid are built, not
copied): :data:`SUDOKU` holds them for Python callers.  One puzzle with no
budget (``Sudoku(p).solve()``, ``count()``) takes a shorter way,
:func:`one_grid`: the same steps and records without a lane around them
(no job counter, budgets or hooks), so a first run has less to compile.
"""

from collections import namedtuple

import numpy as np
from numba import njit

from ...kernels._common import (BLOCKS, JIT_ENTRY, LEVEL, NODES, RET_DONE, RET_SOLUTION, SOLUTIONS, ST_INVALID,
                                ST_MULTIPLE, ST_NO_SOLUTION, ST_SOLVED, UPDATES, Cursor, Links)
from ...kernels.core.lanes import Entries, clear_first, plug, prepare, record_first, run_lane
from ...kernels.core.search import _search
from .links import SudokuJobs, sudoku_links

SudokuResults = namedtuple("SudokuResults", "status count nodes updates grid")
SudokuResults.__doc__ = """What a Sudoku batch writes: as :data:`~dlxnumba.kernels.Results`,
with the first solution as the filled grid ``grid[i]`` (uint8, zeros when none)."""


def record_grid(i, jobs, first_node, width, links, cursor, res):
    """Write the solution just visited as job ``i``'s grid: its givens plus the
    digits of the options ``choice[0..level]``.

    Plain Python: the lanes' step :func:`~dlxnumba.kernels.core.lanes.record_first`
    for :data:`SudokuResults`, compiled inline (one function less to compile).
    """
    puzzle = jobs.puzzles[i]
    n = jobs.n
    out = res.grid[i]
    choice = cursor.choice
    for k in range(puzzle.shape[0]):
        out[k] = puzzle[k]
    base = np.int64(first_node[0])
    for level in range(cursor.state[LEVEL] + 1):
        j = (np.int64(choice[level]) - base) >> 2  # the option of a node in blocks (dance.option_of)
        out[j // n] = j % n + 1


def clear_grid(i, res):
    """Zero job ``i``'s grid (a job without a solution): the step
    :func:`~dlxnumba.kernels.core.lanes.clear_first` for :data:`SudokuResults`."""
    grid = res.grid
    for k in range(grid.shape[1]):
        grid[i, k] = 0


plug(prepare, SudokuJobs, sudoku_links)
plug(record_first, SudokuResults, record_grid)
plug(clear_first, SudokuResults, clear_grid)


@njit(**JIT_ENTRY)
def lane_sudoku(k, n1, jobs, first_node, rows, cursors, lanes, counter, budgets, res):
    """Lane ``k`` of a Sudoku batch: :data:`SudokuJobs` and :data:`SudokuResults`,
    no template (the links of a grid are built, not copied); a serial batch is
    lane 0, a parallel one runs lanes on Python threads (see
    :data:`~dlxnumba.kernels.core.lanes.Entries`)."""
    links = Links(rows[0][k], rows[1][k], rows[2], rows[3][k], rows[4][k], rows[5][k])
    cursor = Cursor(cursors[0][k], cursors[1][k], cursors[2][k])
    return run_lane(BLOCKS, k, n1, SudokuJobs(*jobs), links, first_node, links, cursor, lanes[k], counter,
                    budgets, SudokuResults(*res))


#: The entry point of Sudoku batches (four-node blocks; no template; the grids
#: are field 4 of the results).
SUDOKU = Entries(lane_sudoku, False, 4)


#: No node budget in :func:`one_grid`.
_NO_BUDGET = np.int64(1) << np.int64(62)


@njit(**JIT_ENTRY)
def one_grid(start, n1, jobs, first_node, links, cursor, stop_at, work, res):
    """Job 0 of ``jobs`` straight through, without a lane: what lane 0 of a
    serial batch of one grid does with no node budget, in the same arrays
    (``links`` and ``cursor`` as plain tuples of 1-D arrays) and with the same
    steps (:func:`~dlxnumba.kernels.core.lanes.prepare`, ``record_first``,
    ``clear_first``), up to ``jobs.limit[0]`` solutions.

    ``start`` links the grid up and starts the search; then the search runs
    for about ``work`` updates.  Returns 1 when it paused there (call again
    with ``start`` False to go on: Python sees Ctrl-C in between), 0 when the
    job is done and ``res`` holds its status, count, nodes, updates and grid.
    """
    links = Links(*links)
    cursor = Cursor(*cursor)
    jobs = SudokuJobs(*jobs)
    res = SudokuResults(*res)
    state = cursor.state
    if start:
        state[:] = 0
        cursor.profile[:] = 0
        res.count[0] = 0
        if not prepare(0, jobs, links, first_node, BLOCKS, links):
            clear_first(0, res)
            res.status[0] = ST_INVALID
            res.nodes[0] = 0
            res.updates[0] = 0
            return 0
    stop = state[UPDATES] + work
    limit = jobs.limit[0]
    while True:
        found = state[SOLUTIONS]
        ret = _search(n1, BLOCKS, links, None, cursor, stop_at, found + 1, _NO_BUDGET, stop)
        found = state[SOLUTIONS]
        if ret == RET_SOLUTION:
            if found == 1:
                record_first(0, jobs, first_node, BLOCKS, links, cursor, res)
            if found < limit:
                continue
            break
        if ret == RET_DONE:
            break
        return 1  # paused on the work budget
    if found == 0:
        clear_first(0, res)
    res.status[0] = ST_NO_SOLUTION if found == 0 else ST_SOLVED if found == 1 else ST_MULTIPLE
    res.count[0] = found
    res.nodes[0] = state[NODES]
    res.updates[0] = state[UPDATES]
    return 0
