"""Lanes: many jobs on one template, one lane per thread.

A *job* is a search of the template problem with some options forced (its
givens) and its own limit on the number of solutions; a batch is many jobs.
A *lane* is one thread's share of a batch: its own mutable links and cursor
(the template's ``top`` and ``first_node`` never change and are shared) and a
small ``lane`` vector (LANE_* slots).  For each job the lane prepares the
links, searches, and writes a status, the count, the nodes and updates and the
first solution (:data:`~dlxnumba.kernels.Results`).  Lanes take jobs from a
shared counter with an atomic fetch-and-add, so threads stay balanced however
uneven the jobs are.  A lane returns after about ``work_budget`` updates (split
tasks: also when the slice's time is up), even inside a job, and resumes where
it stopped; a job stops at ``node_budget`` nodes (``ST_BUDGET``; a split task
then writes the path to the node where it stopped, see :func:`record_cut`, and
the lane pauses for Python to read it).  Split tasks that keep cuts also share
the work: a lane with no job left makes the busy ones cut theirs the same way.

Two ways to prepare a job, chosen at compile time by the type of the jobs
(:func:`prepare`; numba does not prune branches on a constant argument, so a
run-time ``kind`` would compile, and cost, both):

* :data:`Jobs` (``GENERIC``) -- copy the template's links, then cover the
  givens' options (``ST_INVALID`` when they conflict);
* :data:`SudokuJobs` (``SUDOKU``) -- link up the problem the givens of a grid
  leave, directly (:func:`dlxnumba.kernels.sudoku.sudoku_links`, about half
  the cost); the first solution is written as a grid.

Entry points (records as plain tuples, see :mod:`dlxnumba.kernels`): the
serial :data:`LANE` and the parallel :data:`LANES`, keyed by ``(kind, width)``.
The Sudoku entry points take no template.
"""

import os
from typing import TYPE_CHECKING

import numpy as np
from llvmlite import ir as llvmir  # type: ignore[import-untyped]  # (no stubs)
from numba import njit, prange
from numba.core import cgutils, types
from numba.extending import intrinsic, overload

from . import (BLOCKS, COUNTER_IDLE, COUNTER_NEXT, COUNTER_SLICE, JIT, JIT_INNER, JIT_PARALLEL,
               LANE_ACTIVE, LANE_CUR, LANE_FILL, LANE_FOUND, LEVEL, NODES, PLAIN, RET_DONE, RET_SOLUTION,
               SOLUTIONS, SPACERS, ST_BUDGET, ST_INVALID, ST_MULTIPLE, ST_NO_SOLUTION, ST_SOLVED, UPDATES,
               Cursor, Jobs, Links, Results, SudokuJobs, SudokuResults, TaskResults)
from .search import _apply_given, _search, chosen_options
from .sudoku import record_grid, sudoku_links

GENERIC = 0
SUDOKU = 1
TASKS = 2

#: Updates a lane of split tasks searches between two looks at the clock and
#: at its idle neighbours (a fraction of a millisecond): the skew between the
#: lanes at the end of a timed slice, and how long an idle lane waits for a
#: busy one to cut its job.
CHUNK = 1 << 16


def prepare(i, jobs, template, first_node, width, links):
    """Link up job ``i``; False when its givens conflict or break a rule.

    Compiled per type of ``jobs`` (:func:`_prepare`): a :data:`Jobs` copies
    the template and covers the givens, a :data:`SudokuJobs` links up the
    problem the grid leaves directly.
    """
    raise NotImplementedError("compiled code only")


def record_first(i, jobs, first_node, width, links, cursor, res):
    """Write the solution just visited as job ``i``'s first (compiled per type of ``res``)."""
    raise NotImplementedError("compiled code only")


def clear_first(i, res):
    """Forget job ``i``'s first solution (a Sudoku grid is zeroed; compiled per type)."""
    raise NotImplementedError("compiled code only")


def record(i, k, n1, jobs, first_node, width, links, cursor, lane, res):
    """Record the solution just visited of job ``i`` in lane ``k``; True when the
    lane must pause for Python to empty its buffer (compiled per type of ``res``):
    the first solution of a generic or Sudoku job, every solution of a split
    task into the lane's row of :data:`TaskResults` ``sols``."""
    raise NotImplementedError("compiled code only")


def record_cut(i, k, width, first_node, links, cursor, res):
    """Write where job ``i`` stopped (at its node budget, or at the end of a
    chunk for an idle lane) into lane ``k``'s row,
    when the results keep it (:data:`TaskResults` with ``cut`` rows); True when
    the lane must pause for Python to read the row (compiled per type of
    ``res``)."""
    raise NotImplementedError("compiled code only")


def solution_stop(i, jobs, found, res):
    """Where the search of job ``i`` stops next: at each solution (``found + 1``),
    or, counting split tasks only, at the job's limit (compiled per type)."""
    raise NotImplementedError("compiled code only")


def slice_end(counter, res):
    """When this slice of the lane ends, on the cycle counter: split tasks
    with ``counter[COUNTER_SLICE]`` set; 0 (the work budget alone) otherwise."""
    raise NotImplementedError("compiled code only")


def chunk(left, res):
    """The updates to search before the lane looks up again: :data:`CHUNK`
    at most for split tasks, all ``left`` of the work budget otherwise."""
    raise NotImplementedError("compiled code only")


def idle(counter, res):
    """A lane found no job left: with split tasks that share (``cut`` rows),
    count it in ``counter[COUNTER_IDLE]`` so that the busy lanes cut theirs."""
    raise NotImplementedError("compiled code only")


def share_now(counter, res):
    """Whether a busy lane must cut its job for an idle one (split tasks with
    ``cut`` rows only)."""
    raise NotImplementedError("compiled code only")


@njit(inline="always", **JIT_INNER)
def _slice_over(work, work_budget, ends):
    """Whether the lane's slice is over: its work budget spent, or (``ends``
    not 0) the cycle counter past ``ends``."""
    return work >= work_budget or (ends != 0 and _cycles() >= ends)


def clock(res):
    """The cycle counter for split tasks (:data:`TaskResults`), 0 for other batches."""
    raise NotImplementedError("compiled code only")


def charge(i, res, since):
    """Add the cycles since ``since`` to job ``i``'s ticks (split tasks only)."""
    raise NotImplementedError("compiled code only")


if TYPE_CHECKING:
    def _cycles() -> int: ...
else:
    @intrinsic
    def _cycles(typingctx):
        """The processor's cycle counter (``llvm.readcyclecounter``: RDTSC on x86;
        0 where the target has none)."""
        sig = types.int64()

        def codegen(context, builder, signature, args):
            fnty = llvmir.FunctionType(llvmir.IntType(64), [])
            fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.readcyclecounter")
            return builder.call(fn, [])

        return sig, codegen


if TYPE_CHECKING:
    def _load(arr: np.ndarray, idx: int) -> int: ...
else:
    @intrinsic
    def _load(typingctx, arr, idx):
        """``arr[idx]`` read as an atomic load (an int64 another thread writes)."""
        sig = types.int64(arr, idx)

        def codegen(context, builder, signature, args):
            aryty = signature.args[0]
            ary = context.make_array(aryty)(context, builder, args[0])
            index = context.cast(builder, args[1], signature.args[1], types.intp)
            ptr = cgutils.get_item_pointer(context, builder, aryty, ary, [index])
            return builder.load_atomic(ptr, "monotonic", 8)

        return sig, codegen


@njit(**JIT)
def cycles():
    """:func:`_cycles` from Python (to calibrate ticks against the clock)."""
    return _cycles()


if TYPE_CHECKING:  # as compiled code calls it (numba's stubs count the typing context)
    def _fetch_add(arr: np.ndarray, idx: int, val: int) -> int: ...
else:
    @intrinsic
    def _fetch_add(typingctx, arr, idx, val):
        """Atomically ``old = arr[idx]; arr[idx] += val; return old`` (int64 array)."""
        sig = types.int64(arr, idx, val)

        def codegen(context, builder, signature, args):
            aryty = signature.args[0]
            ary = context.make_array(aryty)(context, builder, args[0])
            index = context.cast(builder, args[1], signature.args[1], types.intp)
            ptr = cgutils.get_item_pointer(context, builder, aryty, ary, [index])
            value = context.cast(builder, args[2], signature.args[2], types.int64)
            return builder.atomic_rmw("add", ptr, value, "seq_cst")

        return sig, codegen


@njit(**JIT_INNER)
def _copy(src, dst):
    """dst[:] = src, as a loop (cheaper to compile than slice assignment)."""
    for k in range(src.shape[0]):
        dst[k] = src[k]


@njit(**JIT_INNER)
def _zero(dst):
    for k in range(dst.shape[0]):
        dst[k] = 0


@njit(**JIT_INNER)
def _restore(template, links):
    """Copy the template's mutable links into the lane's (``top`` is shared)."""
    _copy(template.llink, links.llink)
    _copy(template.rlink, links.rlink)
    _copy(template.ulink, links.ulink)
    _copy(template.dlink, links.dlink)
    _copy(template.length, links.length)


def _is_sudoku(record) -> bool:
    """Whether a record type is one of the Sudoku ones (at compile time)."""
    return getattr(record, "instance_class", None) in (SudokuJobs, SudokuResults)


def _is_tasks(record) -> bool:
    """Whether a record type is :data:`TaskResults` (at compile time)."""
    return getattr(record, "instance_class", None) is TaskResults


@overload(prepare, jit_options=JIT_INNER)
def _prepare(i, jobs, template, first_node, width, links):
    if _is_sudoku(jobs):
        return sudoku_links

    def impl(i, jobs, template, first_node, width, links):
        _restore(template, links)
        return _apply_given(jobs.given, jobs.given_ptr[i], jobs.given_ptr[i + 1], first_node,
                            width, links) < 0
    return impl


@overload(record_first, jit_options=JIT_INNER)
def _record_first(i, jobs, first_node, width, links, cursor, res):
    if _is_sudoku(res):
        return record_grid

    def impl(i, jobs, first_node, width, links, cursor, res):
        res.first_len[i] = chosen_options(cursor.choice, cursor.state[LEVEL], width, links.top,
                                          first_node, res.first[i])
    return impl


@overload(clear_first, jit_options=JIT_INNER)
def _clear_first(i, res):
    return _clear_grid if _is_sudoku(res) else _keep


def _clear_grid(i, res):
    grid = res.grid
    for k in range(grid.shape[1]):
        grid[i, k] = 0


def _keep(i, res):
    pass


@overload(record, jit_options=JIT_INNER)
def _record(i, k, n1, jobs, first_node, width, links, cursor, lane, res):
    if _is_tasks(res):
        def append(i, k, n1, jobs, first_node, width, links, cursor, lane, res):
            row = res.sols[k]
            fill = lane[LANE_FILL]
            n = chosen_options(cursor.choice, cursor.state[LEVEL], width, links.top, first_node,
                               row[fill + 2:])
            row[fill] = i
            row[fill + 1] = n
            fill += n + 2
            lane[LANE_FILL] = fill
            return row.shape[0] - fill < n1 + 2
        return append

    def first(i, k, n1, jobs, first_node, width, links, cursor, lane, res):
        if lane[LANE_FOUND] == 1:
            record_first(i, jobs, first_node, width, links, cursor, res)
        return False
    return first


@overload(record_cut, jit_options=JIT_INNER)
def _record_cut(i, k, width, first_node, links, cursor, res):
    if _is_tasks(res):
        def cut(i, k, width, first_node, links, cursor, res):
            if res.cut.shape[0] == 0:
                return False
            # paused before entering the level: choice[0..level-1] is the path below the job's node
            row = res.cut[k]
            row[0] = i
            row[1] = chosen_options(cursor.choice, cursor.state[LEVEL] - 1, width, links.top, first_node,
                                    row[2:])
            return True
        return cut
    return lambda i, k, width, first_node, links, cursor, res: False


@overload(solution_stop, jit_options=JIT_INNER)
def _solution_stop(i, jobs, found, res):
    if _is_tasks(res):
        def tasks(i, jobs, found, res):
            return jobs.limit[i] if res.sols.shape[1] == 0 else found + 1
        return tasks
    return lambda i, jobs, found, res: found + 1


@overload(clock, jit_options=JIT_INNER)
def _clock(res):
    if _is_tasks(res):
        return lambda res: _cycles()
    return lambda res: 0


@overload(slice_end, jit_options=JIT_INNER)
def _slice_end(counter, res):
    if _is_tasks(res):
        def timed(counter, res):
            span = counter[COUNTER_SLICE]
            return _cycles() + span if span > 0 else np.int64(0)
        return timed
    return lambda counter, res: np.int64(0)


@overload(chunk, jit_options=JIT_INNER)
def _chunk(left, res):
    if _is_tasks(res):
        return lambda left, res: min(left, CHUNK)
    return lambda left, res: left


@overload(idle, jit_options=JIT_INNER)
def _idle(counter, res):
    if _is_tasks(res):
        def note(counter, res):
            if res.cut.shape[0]:
                _fetch_add(counter, COUNTER_IDLE, 1)
        return note
    return lambda counter, res: None


@overload(share_now, jit_options=JIT_INNER)
def _share_now(counter, res):
    if _is_tasks(res):
        return lambda counter, res: res.cut.shape[0] > 0 and _load(counter, COUNTER_IDLE) > 0
    return lambda counter, res: False


@overload(charge, jit_options=JIT_INNER)
def _charge(i, res, since):
    if _is_tasks(res):
        def add(i, res, since):
            res.ticks[i] += _cycles() - since
        return add
    return lambda i, res, since: None


@njit(inline="always", **JIT_INNER)
def _lane(width, k, n1, jobs, template, first_node, links, cursor, lane, counter,
          stop_at, node_budget, work_budget, res):
    """Run jobs taken from ``counter[COUNTER_NEXT]`` in lane ``k`` until none
    is left or the slice ends (the work budget is spent or, for split tasks,
    the slice's time is up).  Returns 0 when the lane is finished, 1 when it
    paused (also when its buffer of solutions is full: see :func:`record`).

    Split tasks are searched a :func:`chunk` at a time; between two chunks a
    lane looks at the clock and, when its results keep cuts, at the lanes
    that found no job left: then it cuts its job as at the node budget."""
    n_jobs = res.status.shape[0]
    state = cursor.state
    work = np.int64(0)
    stop = np.int64(0)  # where the chunk in hand ends (the job's updates)
    ends = slice_end(counter, res)
    while True:
        since = clock(res)
        if lane[LANE_ACTIVE] == 0:
            i = _fetch_add(counter, COUNTER_NEXT, 1)
            if i >= n_jobs:
                idle(counter, res)
                return 0
            lane[LANE_CUR] = i
            _zero(state)
            _zero(cursor.profile)
            res.count[i] = 0
            if not prepare(i, jobs, template, first_node, width, links):
                clear_first(i, res)
                res.status[i] = ST_INVALID
                res.nodes[i] = 0
                res.updates[i] = 0
                continue
            lane[LANE_ACTIVE] = 1
            lane[LANE_FOUND] = 0
            stop = 0
        i = lane[LANE_CUR]
        before = state[UPDATES]
        if stop <= before:  # a new chunk (it goes on across solutions)
            stop = before + chunk(work_budget - work, res)
        ret = _search(n1, width, PLAIN, links, links.top, cursor, stop_at,
                      solution_stop(i, jobs, lane[LANE_FOUND], res), node_budget, stop)
        work += state[UPDATES] - before
        found = state[SOLUTIONS]
        lane[LANE_FOUND] = found
        if ret == RET_SOLUTION:
            full = record(i, k, n1, jobs, first_node, width, links, cursor, lane, res)
            if found < jobs.limit[i]:
                charge(i, res, since)
                if full:
                    return 1
                continue
            st = ST_SOLVED if found == 1 else ST_MULTIPLE
        elif ret == RET_DONE:
            st = ST_NO_SOLUTION if found == 0 else ST_SOLVED if found == 1 else ST_MULTIPLE
        elif state[NODES] >= node_budget or (work < work_budget and share_now(counter, res)):
            st = ST_BUDGET
            if record_cut(i, k, width, first_node, links, cursor, res):
                work = work_budget  # pause after this job: Python reads the cut
        else:
            charge(i, res, since)
            if not _slice_over(work, work_budget, ends):
                continue  # a chunk ended, not the slice
            return 1
        charge(i, res, since)
        if found == 0:
            clear_first(i, res)
        res.status[i] = st
        res.count[i] = found
        res.nodes[i] = state[NODES]
        res.updates[i] = state[UPDATES]
        lane[LANE_ACTIVE] = 0
        if _slice_over(work, work_budget, ends):
            return 1


# The entry points.  ``rows`` is a Links tuple of 2-D arrays (one row per
# lane) whose ``top`` is the shared 1-D one; ``cursors`` a Cursor tuple of 2-D
# arrays.  The serial ones build lane 0's records and run :func:`_lane`
# (inlined) themselves: every level of calls between Python and the loop costs
# numba ~0.4 s of compiling on a cold start.

@njit(**JIT)
def lane_spacers(n1, jobs, template, first_node, rows, cursors, lanes, counter,
                 stop_at, node_budget, work_budget, res):
    """Serial lane (lane 0) for options with spacers."""
    links = Links(rows[0][0], rows[1][0], rows[2], rows[3][0], rows[4][0], rows[5][0])
    cursor = Cursor(cursors[0][0], cursors[1][0], cursors[2][0])
    return _lane(SPACERS, 0, n1, Jobs(*jobs), Links(*template), first_node, links, cursor, lanes[0],
                 counter, stop_at, node_budget, work_budget, Results(*res))


@njit(**JIT)
def lane_blocks(n1, jobs, template, first_node, rows, cursors, lanes, counter,
                stop_at, node_budget, work_budget, res):
    """Serial lane (lane 0) for four-node blocks."""
    links = Links(rows[0][0], rows[1][0], rows[2], rows[3][0], rows[4][0], rows[5][0])
    cursor = Cursor(cursors[0][0], cursors[1][0], cursors[2][0])
    return _lane(BLOCKS, 0, n1, Jobs(*jobs), Links(*template), first_node, links, cursor, lanes[0],
                 counter, stop_at, node_budget, work_budget, Results(*res))


@njit(**JIT)
def lane_sudoku(n1, jobs, first_node, rows, cursors, lanes, counter,
                stop_at, node_budget, work_budget, res):
    """Serial Sudoku lane: :data:`SudokuJobs` and :data:`SudokuResults`, no
    template (the links of a grid are built, not copied)."""
    links = Links(rows[0][0], rows[1][0], rows[2], rows[3][0], rows[4][0], rows[5][0])
    cursor = Cursor(cursors[0][0], cursors[1][0], cursors[2][0])
    return _lane(BLOCKS, 0, n1, SudokuJobs(*jobs), links, first_node, links, cursor, lanes[0], counter,
                 stop_at, node_budget, work_budget, SudokuResults(*res))


@njit(**JIT)
def lane_tasks_spacers(n1, jobs, template, first_node, rows, cursors, lanes, counter,
                       stop_at, node_budget, work_budget, res):
    """Serial lane of split tasks (:data:`TaskResults`), options with spacers."""
    links = Links(rows[0][0], rows[1][0], rows[2], rows[3][0], rows[4][0], rows[5][0])
    cursor = Cursor(cursors[0][0], cursors[1][0], cursors[2][0])
    return _lane(SPACERS, 0, n1, Jobs(*jobs), Links(*template), first_node, links, cursor, lanes[0],
                 counter, stop_at, node_budget, work_budget, TaskResults(*res))


@njit(**JIT)
def lane_tasks_blocks(n1, jobs, template, first_node, rows, cursors, lanes, counter,
                      stop_at, node_budget, work_budget, res):
    """Serial lane of split tasks (:data:`TaskResults`), four-node blocks."""
    links = Links(rows[0][0], rows[1][0], rows[2], rows[3][0], rows[4][0], rows[5][0])
    cursor = Cursor(cursors[0][0], cursors[1][0], cursors[2][0])
    return _lane(BLOCKS, 0, n1, Jobs(*jobs), Links(*template), first_node, links, cursor, lanes[0],
                 counter, stop_at, node_budget, work_budget, TaskResults(*res))


# Parallel entry points: one lane per row, in prange threads; ``ret[k]`` gets
# lane k's return code.  The body of a prange loop calls a compiled function
# for its lane (:func:`_lane` inlined straight into a prange body ran no job).

@njit(**JIT)
def _lane_k(width, k, n1, jobs, template, first_node, rows, cursors, lanes, counter,
            stop_at, node_budget, work_budget, res):
    """Lane ``k`` of a generic batch (records as plain tuples)."""
    links = Links(rows[0][k], rows[1][k], rows[2], rows[3][k], rows[4][k], rows[5][k])
    cursor = Cursor(cursors[0][k], cursors[1][k], cursors[2][k])
    return _lane(width, k, n1, Jobs(*jobs), Links(*template), first_node, links, cursor, lanes[k],
                 counter, stop_at, node_budget, work_budget, Results(*res))


@njit(**JIT)
def _sudoku_lane_k(k, n1, jobs, first_node, rows, cursors, lanes, counter,
                   stop_at, node_budget, work_budget, res):
    """Lane ``k`` of a Sudoku batch (records as plain tuples)."""
    links = Links(rows[0][k], rows[1][k], rows[2], rows[3][k], rows[4][k], rows[5][k])
    cursor = Cursor(cursors[0][k], cursors[1][k], cursors[2][k])
    return _lane(BLOCKS, k, n1, SudokuJobs(*jobs), links, first_node, links, cursor, lanes[k], counter,
                 stop_at, node_budget, work_budget, SudokuResults(*res))


@njit(**JIT)
def _task_lane_k(width, k, n1, jobs, template, first_node, rows, cursors, lanes, counter,
                 stop_at, node_budget, work_budget, res):
    """Lane ``k`` of a batch of split tasks (records as plain tuples)."""
    links = Links(rows[0][k], rows[1][k], rows[2], rows[3][k], rows[4][k], rows[5][k])
    cursor = Cursor(cursors[0][k], cursors[1][k], cursors[2][k])
    return _lane(width, k, n1, Jobs(*jobs), Links(*template), first_node, links, cursor, lanes[k],
                 counter, stop_at, node_budget, work_budget, TaskResults(*res))


@njit(**JIT_PARALLEL)
def lanes_spacers(n1, jobs, template, first_node, rows, cursors, lanes, counter,
                  stop_at, node_budget, work_budget, res, ret):
    for k in prange(lanes.shape[0]):
        ret[k] = _lane_k(SPACERS, k, n1, jobs, template, first_node, rows, cursors, lanes, counter,
                         stop_at, node_budget, work_budget, res)


@njit(**JIT_PARALLEL)
def lanes_blocks(n1, jobs, template, first_node, rows, cursors, lanes, counter,
                 stop_at, node_budget, work_budget, res, ret):
    for k in prange(lanes.shape[0]):
        ret[k] = _lane_k(BLOCKS, k, n1, jobs, template, first_node, rows, cursors, lanes, counter,
                         stop_at, node_budget, work_budget, res)


@njit(**JIT_PARALLEL)
def lanes_sudoku(n1, jobs, first_node, rows, cursors, lanes, counter,
                 stop_at, node_budget, work_budget, res, ret):
    for k in prange(lanes.shape[0]):
        ret[k] = _sudoku_lane_k(k, n1, jobs, first_node, rows, cursors, lanes, counter,
                                stop_at, node_budget, work_budget, res)


@njit(**JIT_PARALLEL)
def lanes_tasks_spacers(n1, jobs, template, first_node, rows, cursors, lanes, counter,
                        stop_at, node_budget, work_budget, res, ret):
    for k in prange(lanes.shape[0]):
        ret[k] = _task_lane_k(SPACERS, k, n1, jobs, template, first_node, rows, cursors, lanes, counter,
                              stop_at, node_budget, work_budget, res)


@njit(**JIT_PARALLEL)
def lanes_tasks_blocks(n1, jobs, template, first_node, rows, cursors, lanes, counter,
                       stop_at, node_budget, work_budget, res, ret):
    for k in prange(lanes.shape[0]):
        ret[k] = _task_lane_k(BLOCKS, k, n1, jobs, template, first_node, rows, cursors, lanes, counter,
                              stop_at, node_budget, work_budget, res)


#: Serial and parallel entry points by (kind, width).
LANE = {(GENERIC, SPACERS): lane_spacers, (GENERIC, BLOCKS): lane_blocks,
        (SUDOKU, BLOCKS): lane_sudoku,
        (TASKS, SPACERS): lane_tasks_spacers, (TASKS, BLOCKS): lane_tasks_blocks}
LANES = {(GENERIC, SPACERS): lanes_spacers, (GENERIC, BLOCKS): lanes_blocks,
         (SUDOKU, BLOCKS): lanes_sudoku,
         (TASKS, SPACERS): lanes_tasks_spacers, (TASKS, BLOCKS): lanes_tasks_blocks}


def get_num_threads() -> int:
    """The threads numba runs parallel kernels on (``numba.set_num_threads``)."""
    import numba

    return numba.get_num_threads()


def max_threads() -> int:
    """The most threads numba can use in this process."""
    import numba

    return numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]  # (numba's stubs list no settings)


# Fork safety.  GNU OpenMP (numba's "omp" threading layer with libgomp) cannot
# start threads in a process forked from one that has run a parallel region:
# numba kills such a child ("fork() called from a process already using GNU
# OpenMP").  So the first parallel launch notes which layer ran it, and a child
# forked after one under GNU OpenMP knows not to launch any.

#: None until a parallel kernel has run in this process; then whether GNU OpenMP ran it.
_gnu_openmp_ran = None
#: Whether this process was forked after its parent ran GNU OpenMP threads.
_forked_after_gnu_openmp = False


def note_parallel_launch() -> None:
    """Record that a parallel kernel has run (call after each launch; cheap after the first)."""
    global _gnu_openmp_ran
    if _gnu_openmp_ran is None:
        _gnu_openmp_ran = _gnu_openmp()


def _gnu_openmp() -> bool:
    """Whether numba's parallel kernels run on GNU OpenMP in this process."""
    import numba

    try:
        if numba.threading_layer() != "omp":  # type: ignore[attr-defined]  # public, not in numba's __all__
            return False
        from numba.np.ufunc import omppool  # type: ignore[attr-defined]  # compiled: no stub
    except (ValueError, ImportError):  # no layer launched yet, or none loadable
        return False
    return getattr(omppool, "openmp_vendor", "GNU") == "GNU"


def _after_fork_in_child() -> None:
    global _forked_after_gnu_openmp
    if _gnu_openmp_ran:
        _forked_after_gnu_openmp = True


def parallel_forbidden() -> bool:
    """True in a process forked after GNU OpenMP threads ran in its parent (or an
    ancestor): a parallel kernel launched here would be killed."""
    return _forked_after_gnu_openmp


os.register_at_fork(after_in_child=_after_fork_in_child)

