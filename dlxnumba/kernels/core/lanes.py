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

Job types
---------
The loop (:func:`run_lane`) is generic: what depends on the kind of batch is
a handful of *steps* -- :func:`prepare` a job's links, :func:`record_first`
and :func:`clear_first` its first solution, and the steps of split tasks
(:func:`record`, :func:`record_cut`, :func:`solution_stop`, :func:`clock`,
...) -- each chosen at compile time by the type of a record: the jobs for
:func:`prepare`, the results for the others.  (numba does not prune branches
on a constant argument, so a run-time ``kind`` would compile, and cost, every
variant.)  A step is a plain function that numba compiles inline for that type
(an ``@overload``) and that plain Python calls as it is, dispatching on the
record's class (``NUMBA_DISABLE_JIT=1``).

The defaults serve :data:`Jobs` with :data:`Results`: copy the template's
links, then cover the givens' options (``ST_INVALID`` when they conflict); the
first solution is written as its options.  :data:`TaskResults` plugs in the
steps of split tasks below.  Another job type plugs in its own steps from its
own module with :func:`plug` (Sudoku's, :mod:`dlxnumba.sudoku.kernels.lanes`,
links up the problem a grid leaves directly and writes the solution as a
grid), and defines its entry points there, over :func:`run_lane`.

Entry points (records as plain tuples, see :mod:`dlxnumba.kernels`): an
:data:`Entries` record per kind of batch and layout, for Python callers:
:data:`GENERIC` and :data:`TASKS`, keyed by ``width``.
"""

import time
from collections import namedtuple
from typing import TYPE_CHECKING

import numpy as np
from llvmlite import ir as llvmir  # type: ignore[import-untyped]  # (no stubs)
from numba import njit
from numba.core import cgutils, config, types
from numba.extending import intrinsic, overload

from .._common import (BLOCKS, COUNTER_IDLE, COUNTER_NEXT, COUNTER_SLICE, JIT_ENTRY, JIT_HELPER,
                       JIT_INNER, LANE_ACTIVE, LANE_CUR, LANE_FILL, LANE_FOUND, LEVEL, NODES, RET_DONE,
                       RET_SOLUTION, SOLUTIONS, SPACERS, ST_BUDGET, ST_INVALID, ST_MULTIPLE, ST_NO_SOLUTION,
                       ST_SOLVED, UPDATES, Cursor, Jobs, Links, Results, TaskResults)
from .search import _apply_given, _search, chosen_options

#: Updates a lane of split tasks searches between two looks at the clock and
#: at its idle neighbours (a fraction of a millisecond): the skew between the
#: lanes at the end of a timed slice, and how long an idle lane waits for a
#: busy one to cut its job.
CHUNK = 1 << 16

# ---------------------------------------------------------------- intrinsics

if TYPE_CHECKING or config.DISABLE_JIT:
    # Plain Python (and what mypy reads): the lanes of a parallel batch are
    # Python threads, so the read-modify-write holds a lock; the clock stands in
    # for cycles.
    import threading

    _ATOMIC = threading.Lock()

    def _cycles() -> int:
        """The processor's cycle counter; in plain Python the nanoseconds of
        :func:`time.perf_counter_ns` (the ticks are calibrated against the clock)."""
        return time.perf_counter_ns()

    def _load(arr: np.ndarray, idx: int) -> int:
        """``arr[idx]``, read as an atomic load in compiled code."""
        return arr[idx]

    def _fetch_add(arr: np.ndarray, idx: int, val: int) -> int:
        """``old = arr[idx]; arr[idx] += val; return old``, atomically in compiled code."""
        with _ATOMIC:
            old = arr[idx]
            arr[idx] += val
        return old
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


@njit(**JIT_ENTRY)
def cycles():
    """:func:`_cycles` from Python (to calibrate ticks against the clock)."""
    return _cycles()


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


# -------------------------------------------------------------------- steps

#: The steps that a record type provides itself: (step, record class) -> plain function.
_PLUGS: dict = {}


def plug(step, record, impl) -> None:
    """Make ``impl`` the lanes' ``step`` for records of class ``record``.

    ``impl`` is a plain function with the step's signature; ``record`` the
    named tuple class of the argument the step is chosen by (the jobs for
    :func:`prepare`, the results for the other steps).  numba compiles
    ``impl`` inline into every lane of that type, and plain Python calls it.
    Plug a type in when its module is imported, before any lane of it is
    compiled.
    """
    _PLUGS[step, record] = impl


def _compiled(step, record, default):
    """At compile time: the implementation of ``step`` for the numba type of a
    record (a named tuple type), else ``default``."""
    return _PLUGS.get((step, getattr(record, "instance_class", None)), default)


def _called(step, record, default):
    """In plain Python: the implementation of ``step`` for a record."""
    return _PLUGS.get((step, type(record)), default)


def prepare(i, jobs, template, first_node, width, links):
    """Link up job ``i``; False when its givens conflict or break a rule.

    By default (:data:`Jobs`) copy the template and cover the givens; a job
    type may link its problems up its own way (:func:`plug`).
    """
    return _called(prepare, jobs, _prepare_jobs)(i, jobs, template, first_node, width, links)


def _prepare_jobs(i, jobs, template, first_node, width, links):
    _restore(template, links)
    return _apply_given(jobs.given, jobs.given_ptr[i], jobs.given_ptr[i + 1], first_node,
                        width, links) < 0


@overload(prepare, jit_options=JIT_INNER)
def _prepare(i, jobs, template, first_node, width, links):
    return _compiled(prepare, jobs, _prepare_jobs)


def record_first(i, jobs, first_node, width, links, cursor, res):
    """Write the solution just visited as job ``i``'s first (by default its
    options, into :data:`Results` ``first``)."""
    return _called(record_first, res, _record_options)(i, jobs, first_node, width, links, cursor, res)


def _record_options(i, jobs, first_node, width, links, cursor, res):
    res.first_len[i] = chosen_options(cursor.choice, cursor.state[LEVEL], width, links.top,
                                      first_node, res.first[i])


@overload(record_first, jit_options=JIT_INNER)
def _record_first(i, jobs, first_node, width, links, cursor, res):
    return _compiled(record_first, res, _record_options)


def clear_first(i, res):
    """Forget job ``i``'s first solution (by default nothing to do: a job
    without one has ``first_len`` 0)."""
    return _called(clear_first, res, _keep)(i, res)


def _keep(i, res):
    pass


@overload(clear_first, jit_options=JIT_INNER)
def _clear_first(i, res):
    return _compiled(clear_first, res, _keep)


def record(i, k, n1, jobs, first_node, width, links, cursor, lane, res):
    """Record the solution just visited of job ``i`` in lane ``k``; True when the
    lane must pause for Python to empty its buffer: the first solution of a
    job, every solution of a split task into the lane's row of
    :data:`TaskResults` ``sols``."""
    return _called(record, res, _record_first_only)(i, k, n1, jobs, first_node, width, links, cursor, lane,
                                                    res)


def _record_first_only(i, k, n1, jobs, first_node, width, links, cursor, lane, res):
    if lane[LANE_FOUND] == 1:
        record_first(i, jobs, first_node, width, links, cursor, res)
    return False


@overload(record, jit_options=JIT_INNER)
def _record(i, k, n1, jobs, first_node, width, links, cursor, lane, res):
    return _compiled(record, res, _record_first_only)


def record_cut(i, k, width, first_node, links, cursor, res):
    """Write where job ``i`` stopped (at its node budget, or at the end of a
    chunk for an idle lane) into lane ``k``'s row, when the results keep it
    (:data:`TaskResults` with ``cut`` rows); True when the lane must pause for
    Python to read the row."""
    return _called(record_cut, res, _no_cut)(i, k, width, first_node, links, cursor, res)


def _no_cut(i, k, width, first_node, links, cursor, res):
    return False


@overload(record_cut, jit_options=JIT_INNER)
def _record_cut(i, k, width, first_node, links, cursor, res):
    return _compiled(record_cut, res, _no_cut)


def solution_stop(i, jobs, found, res):
    """Where the search of job ``i`` stops next: at each solution (``found + 1``),
    or, counting split tasks only, at the job's limit."""
    return _called(solution_stop, res, _next_solution)(i, jobs, found, res)


def _next_solution(i, jobs, found, res):
    return found + 1


@overload(solution_stop, jit_options=JIT_INNER)
def _solution_stop(i, jobs, found, res):
    return _compiled(solution_stop, res, _next_solution)


def clock(res):
    """The cycle counter for split tasks (:data:`TaskResults`), 0 for other batches."""
    return _called(clock, res, _no_clock)(res)


def _no_clock(res):
    return 0


@overload(clock, jit_options=JIT_INNER)
def _clock(res):
    return _compiled(clock, res, _no_clock)


def slice_end(counter, res):
    """When this slice of the lane ends, on the cycle counter: split tasks
    with ``counter[COUNTER_SLICE]`` set; 0 (the work budget alone) otherwise."""
    return _called(slice_end, res, _no_end)(counter, res)


def _no_end(counter, res):
    return np.int64(0)


@overload(slice_end, jit_options=JIT_INNER)
def _slice_end(counter, res):
    return _compiled(slice_end, res, _no_end)


def chunk(left, res):
    """The updates to search before the lane looks up again: :data:`CHUNK`
    at most for split tasks, all ``left`` of the work budget otherwise."""
    return _called(chunk, res, _all_left)(left, res)


def _all_left(left, res):
    return left


@overload(chunk, jit_options=JIT_INNER)
def _chunk(left, res):
    return _compiled(chunk, res, _all_left)


def idle(counter, res):
    """A lane found no job left: with split tasks that share (``cut`` rows),
    count it in ``counter[COUNTER_IDLE]`` so that the busy lanes cut theirs."""
    return _called(idle, res, _no_note)(counter, res)


def _no_note(counter, res):
    return None


@overload(idle, jit_options=JIT_INNER)
def _idle(counter, res):
    return _compiled(idle, res, _no_note)


def share_now(counter, res):
    """Whether a busy lane must cut its job for an idle one (split tasks with
    ``cut`` rows only)."""
    return _called(share_now, res, _never)(counter, res)


def _never(counter, res):
    return False


@overload(share_now, jit_options=JIT_INNER)
def _share_now(counter, res):
    return _compiled(share_now, res, _never)


def charge(i, res, since):
    """Add the cycles since ``since`` to job ``i``'s ticks (split tasks only)."""
    return _called(charge, res, _no_charge)(i, res, since)


def _no_charge(i, res, since):
    return None


@overload(charge, jit_options=JIT_INNER)
def _charge(i, res, since):
    return _compiled(charge, res, _no_charge)


# The steps of split tasks (TaskResults).

def _append_solution(i, k, n1, jobs, first_node, width, links, cursor, lane, res):
    row = res.sols[k]
    fill = lane[LANE_FILL]
    n = chosen_options(cursor.choice, cursor.state[LEVEL], width, links.top, first_node,
                       row[fill + 2:])
    row[fill] = i
    row[fill + 1] = n
    fill += n + 2
    lane[LANE_FILL] = fill
    return row.shape[0] - fill < n1 + 2


def _cut_task(i, k, width, first_node, links, cursor, res):
    if res.cut.shape[0] == 0:
        return False
    # paused before entering the level: choice[0..level-1] is the path below the job's node
    row = res.cut[k]
    row[0] = i
    row[1] = chosen_options(cursor.choice, cursor.state[LEVEL] - 1, width, links.top, first_node,
                            row[2:])
    return True


def _task_stop(i, jobs, found, res):
    return jobs.limit[i] if res.sols.shape[1] == 0 else found + 1


def _task_clock(res):
    return _cycles()


def _timed(counter, res):
    span = counter[COUNTER_SLICE]
    return _cycles() + span if span > 0 else np.int64(0)


def _task_chunk(left, res):
    return left if left < CHUNK else CHUNK


def _note_idle(counter, res):
    if res.cut.shape[0]:
        _fetch_add(counter, COUNTER_IDLE, 1)


def _share_task(counter, res):
    return res.cut.shape[0] > 0 and _load(counter, COUNTER_IDLE) > 0


def _add_ticks(i, res, since):
    res.ticks[i] += _cycles() - since


for _step, _impl in ((record, _append_solution), (record_cut, _cut_task), (solution_stop, _task_stop),
                     (clock, _task_clock), (slice_end, _timed), (chunk, _task_chunk), (idle, _note_idle),
                     (share_now, _share_task), (charge, _add_ticks)):
    plug(_step, TaskResults, _impl)


@njit(**JIT_HELPER)
def _slice_over(work, work_budget, ends):
    """Whether the lane's slice is over: its work budget spent, or (``ends``
    not 0) the cycle counter past ``ends``."""
    return work >= work_budget or (ends != 0 and _cycles() >= ends)


# --------------------------------------------------------------------- loop

@njit(**JIT_HELPER)
def run_lane(width, k, n1, jobs, template, first_node, links, cursor, lane, counter, budgets, res):
    """Run jobs taken from ``counter[COUNTER_NEXT]`` in lane ``k`` until none
    is left or the slice ends (the work budget is spent or, for split tasks,
    the slice's time is up).  Returns 0 when the lane is finished, 1 when it
    paused (also when its buffer of solutions is full: see :func:`record`).

    Split tasks are searched a :func:`chunk` at a time; between two chunks a
    lane looks at the clock and, when its results keep cuts, at the lanes
    that found no job left: then it cuts its job as at the node budget.
    ``budgets`` is a :data:`Budgets` tuple."""
    stop_at, node_budget, work_budget = budgets
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
        ret = _search(n1, width, links, None, cursor, stop_at,
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


# The entry points, one per kind of batch and layout: lane ``k`` of the batch
# (0 for a serial run).  ``rows`` is a Links tuple of 2-D arrays (one row per
# lane) whose ``top`` is the shared 1-D one; ``cursors`` a Cursor tuple of 2-D
# arrays; ``budgets`` a Budgets tuple.  Each builds lane k's records and runs
# :func:`run_lane` (inlined) itself: every level of calls between Python and the
# loop costs numba ~0.4 s of compiling on a cold start.  Several lanes run on
# Python threads, each calling the same kernel with its own ``k`` (the kernels
# release the GIL): a parallel batch compiles nothing more than a serial one
# (a ``prange`` kernel over the lanes cost several seconds more).

@njit(**JIT_ENTRY)
def lane_spacers(k, n1, jobs, template, first_node, rows, cursors, lanes, counter, budgets, res):
    """Lane ``k`` of a batch, options with spacers."""
    links = Links(rows[0][k], rows[1][k], rows[2], rows[3][k], rows[4][k], rows[5][k])
    cursor = Cursor(cursors[0][k], cursors[1][k], cursors[2][k])
    return run_lane(SPACERS, k, n1, Jobs(*jobs), Links(*template), first_node, links, cursor, lanes[k],
                    counter, budgets, Results(*res))


@njit(**JIT_ENTRY)
def lane_blocks(k, n1, jobs, template, first_node, rows, cursors, lanes, counter, budgets, res):
    """Lane ``k`` of a batch, four-node blocks."""
    links = Links(rows[0][k], rows[1][k], rows[2], rows[3][k], rows[4][k], rows[5][k])
    cursor = Cursor(cursors[0][k], cursors[1][k], cursors[2][k])
    return run_lane(BLOCKS, k, n1, Jobs(*jobs), Links(*template), first_node, links, cursor, lanes[k],
                    counter, budgets, Results(*res))


@njit(**JIT_ENTRY)
def lane_tasks_spacers(k, n1, jobs, template, first_node, rows, cursors, lanes, counter, budgets, res):
    """Lane ``k`` of a batch of split tasks (:data:`TaskResults`), options with spacers."""
    links = Links(rows[0][k], rows[1][k], rows[2], rows[3][k], rows[4][k], rows[5][k])
    cursor = Cursor(cursors[0][k], cursors[1][k], cursors[2][k])
    return run_lane(SPACERS, k, n1, Jobs(*jobs), Links(*template), first_node, links, cursor, lanes[k],
                    counter, budgets, TaskResults(*res))


@njit(**JIT_ENTRY)
def lane_tasks_blocks(k, n1, jobs, template, first_node, rows, cursors, lanes, counter, budgets, res):
    """Lane ``k`` of a batch of split tasks (:data:`TaskResults`), four-node blocks."""
    links = Links(rows[0][k], rows[1][k], rows[2], rows[3][k], rows[4][k], rows[5][k])
    cursor = Cursor(cursors[0][k], cursors[1][k], cursors[2][k])
    return run_lane(BLOCKS, k, n1, Jobs(*jobs), Links(*template), first_node, links, cursor, lanes[k],
                    counter, budgets, TaskResults(*res))


Entries = namedtuple("Entries", "lane templated first")
Entries.__doc__ = """The entry point of one kind of batch, for Python callers.

``lane(k, n1, jobs, [template,] first_node, rows, cursors, lanes, counter,
budgets, res)`` runs lane ``k`` on the calling thread, releasing the GIL
(records as plain tuples): a serial batch calls it with ``k = 0``, a parallel
one on several threads at once, one ``k`` each (:func:`dlxnumba.batch.drive`).
``templated`` says whether it takes the template's links after the jobs;
``first`` is the field of the results that holds a job's first solution
(zeroed for a job that has none), None when there is none."""

#: Generic batches (:data:`Jobs`, :data:`Results`) by layout.
GENERIC = {SPACERS: Entries(lane_spacers, True, 5),
           BLOCKS: Entries(lane_blocks, True, 5)}
#: Batches of split tasks (:data:`Jobs`, :data:`TaskResults`) by layout.
TASKS = {SPACERS: Entries(lane_tasks_spacers, True, None),
         BLOCKS: Entries(lane_tasks_blocks, True, None)}


def get_num_threads() -> int:
    """The threads numba runs parallel kernels on (``numba.set_num_threads``)."""
    import numba

    return numba.get_num_threads()


def max_threads() -> int:
    """The most threads numba can use in this process."""
    import numba

    return numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]  # (numba's stubs list no settings)

