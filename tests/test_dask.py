"""dlxnumba.dask: counts and solutions on a Dask cluster equal the serial ones.

Most tests share one in-process cluster (two worker threads); the fault test
starts two worker processes and kills one in the middle of a count.  Every
count is compared with the serial search's, every solution set with the
serial one and checked by the independent verifier of ``reference.py``.
"""

from __future__ import annotations

import json
import os
import signal
import time

import numpy as np
import pytest

distributed = pytest.importorskip("distributed")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from dlxnumba import Status
from dlxnumba import ExactCover, Stats, Sudoku, pentominoes, queens, solve_many  # noqa: E402
from dlxnumba import dask as dd  # noqa: E402
from dlxnumba.errors import ExactCoverError, LimitReached  # noqa: E402
from dlxnumba.split import Split  # noqa: E402
from known import FIVE, GOLDEN_SPECIAL, NONE, TOP1, knuth_problem  # noqa: E402
from reference import is_exact_cover, solutions_by_backtracking, sudoku_ok  # noqa: E402


# ---------------------------------------------------------------------------
# A split made here, independently of ExactCover.split
# ---------------------------------------------------------------------------


def plain_split(p: ExactCover, parts: int, given=()) -> Split:
    """Breadth-first, in Python: every path is extended by each option (compatible
    with it) of its uncovered primary item with fewest such options, until there
    are ``parts`` paths or no path can grow; complete paths are solutions, dead
    ones are dropped.  The paths left cover the rest of the tree exactly once
    (but not in the serial search's order, and its statistics count nothing)."""
    opts = [set(p.option(j)) for j in range(p.n_options)]
    frontier = [list(given)]
    found = []
    while len(frontier) < parts:
        grown, grew = [], False
        for path in frontier:
            covered = set().union(*(opts[j] for j in path))
            best = None
            for i in range(p.n_primary):
                if i not in covered:
                    fits = [j for j in range(p.n_options) if i in opts[j] and not opts[j] & covered]
                    if best is None or len(fits) < len(best):
                        best = fits
            if best is None:
                found.append(sorted(path))
            else:
                grown.extend(path + [j] for j in best)
                grew = True
        frontier = grown
        if not grew:
            break
    return Split(p, tuple(given), 1, [tuple(f) for f in frontier], [float(len(f)) for f in frontier],
                 [False] * len(frontier), found, Stats(status=Status.COMPLETE))


def splits(p: ExactCover, parts: int, given=()) -> list:
    """The splits to try: this file's, and ExactCover.split's."""
    return [plain_split(p, parts, given), p.split(parts, given=list(given))]


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=":0") as cluster, distributed.Client(cluster) as c:
        yield c


def as_set(sols) -> set:
    return {frozenset(s) for s in sols}


# ---------------------------------------------------------------------------
# Answers
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("n", [6, 8, 10])
def test_queens_count_and_solutions_equal_serial(client, n):
    p, _ = queens(n)
    serial = p.count()
    for split in splits(p, 40):
        r = dd.run(p, client, split=split)
        assert r.count == serial == r.stats.solutions
        assert len(r.tasks) <= 16 and sorted(i for g in r.tasks for i in g) == r.ran
        assert r.ran == list(range(len(split.subproblems))) and r.resumed == 0
        sols = dd.solutions(p, client, split=split)
        assert len(sols) == serial and as_set(sols) == as_set(p.solutions())
        assert all(is_exact_cover(p.options, p.n_primary, p.n_items, s) for s in sols)


@pytest.mark.parametrize("stop_at", [0, 1])
def test_serial_order_and_statistics_add_up(client, stop_at):
    """With ExactCover.split the solutions come in the serial order, and the
    nodes and updates of the split plus its parts are the serial search's."""
    p, _ = queens(9)
    s = p.search(stop_at=stop_at)
    serial = list(s.solutions())
    r = dd.run(p, client, solutions=True, stop_at=stop_at, tasks=50, chunks=9)
    assert r.solutions == serial and len(r.tasks) == 9
    assert (r.stats.nodes, r.stats.updates) == (s.stats.nodes, s.stats.updates)
    assert sum(r.part_nodes) + r.split.stats.nodes == s.stats.nodes


@pytest.mark.parametrize("shape", [(5, 6, "LNPUVY"), (3, 10, "ILNPUY"), (5, 8, "FILNPTUV")])
def test_small_pentominoes(client, shape):
    p, _ = pentominoes(shape[0], shape[1], pieces=shape[2])
    for split in splits(p, 30):
        assert dd.count(p, client, split=split, chunks=7) == p.count()
        assert as_set(dd.solutions(p, client, split=split)) == as_set(p.solutions())


def test_knuth_example_and_given(client):
    p = knuth_problem()
    assert dd.solutions(p, client, split=plain_split(p, 4)) == [[0, 3, 4]]
    assert dd.solutions(p, client) == [[0, 3, 4]]
    q, _ = queens(8)
    first = q.solve()
    assert first is not None
    g = first[:2]
    for split in splits(q, 20, g):
        assert dd.count(q, client, given=g, split=split) == q.count(given=g)


def test_split_solutions_above_the_subproblems_are_counted(client):
    """A split that finds every solution itself (paths that are complete covers)."""
    p = ExactCover.from_options([["a"], ["b"], ["a", "b"], ["c"], ["c"]])
    split = plain_split(p, 100)
    assert split.solutions and not split.subproblems
    r = dd.run(p, client, split=split)
    assert r.count == p.count() == 4 and r.tasks == []
    assert as_set(dd.solutions(p, client, split=split)) == as_set(p.solutions())


problems = st.integers(2, 6).flatmap(lambda n: st.tuples(
    st.just(n), st.integers(0, 2),
    st.lists(st.lists(st.integers(0, n + 1), min_size=1, max_size=4, unique=True), min_size=1,
             max_size=12)))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(problems, st.integers(1, 12), st.integers(1, 5), st.booleans())
def test_random_problems_against_the_oracle(client, case, parts, chunks, own):
    n_primary, n_secondary, options = case
    n_items = n_primary + n_secondary
    options = [sorted({i for i in o if i < n_items} or {0}) for o in options]
    p = ExactCover.from_options(options, primary=range(n_primary), secondary=range(n_primary, n_items))
    truth = solutions_by_backtracking(p.options, p.n_primary, p.n_items)
    split = plain_split(p, parts) if own else p.split(parts)
    assert dd.count(p, client, split=split, chunks=chunks) == len(truth)
    assert as_set(dd.solutions(p, client, split=split, chunks=chunks)) == truth


def test_sudoku(client):
    for text in (FIVE, NONE, TOP1):
        s = Sudoku(text)
        p, _key, g = s.to_problem()
        for split in (plain_split(p, 6, g), None):
            assert dd.count(s, client, split=split) == s.count()
            grids = dd.solutions(s, client, split=split)
            assert len(grids) == s.count() and len({str(x) for x in grids}) == len(grids)
            assert all(sudoku_ok(np.asarray(x).ravel(), np.asarray(s).ravel(), 9, (3, 3)) for x in grids)


@pytest.mark.parametrize("text", [FIVE, NONE])
def test_sudoku_golden_figures(client, text):
    """Knuth's DLX1 figures (golden.md): with stop_at=0 the split plus its parts
    count exactly his nodes and updates."""
    solutions, nodes, updates = GOLDEN_SPECIAL[text]
    r = dd.run(Sudoku(text), client, stop_at=0, tasks=12)
    assert (r.count, r.stats.nodes, r.stats.updates) == (solutions, nodes, updates)


# ---------------------------------------------------------------------------
# Progress, Ctrl-C, checkpoints
# ---------------------------------------------------------------------------


def test_progress_by_weights(client):
    p, _ = queens(10)
    seen = []
    r = dd.run(p, client, tasks=40, progress=seen.append, progress_interval=0)
    assert seen and seen[-1].total == len(r.split.subproblems) and seen[-1].unit == "tasks"
    fractions = [x.fraction for x in seen]
    assert fractions == sorted(fractions) and fractions[-1] == pytest.approx(1.0)
    assert seen[-1].solutions == r.count and seen[-1].nodes == r.stats.nodes - r.split.stats.nodes


def _stop_after(k):
    def report(progress):
        if progress.done >= k:
            raise KeyboardInterrupt
    return report


def _recorded(path) -> set:
    return {json.loads(x)["task"] for x in path.read_text().splitlines()[1:]}


def test_interrupt_cancels_and_resume_finishes(client, tmp_path):
    p, _ = queens(13)  # tasks of 10-30 ms: the first report comes before the last task
    path = tmp_path / "run.ckpt"
    with pytest.raises(KeyboardInterrupt):
        dd.run(p, client, tasks=60, chunks=30, checkpoint=path, progress=_stop_after(1), progress_interval=0)
    deadline = time.monotonic() + 30  # the cancelled tasks leave the workers (a hang would fail)
    while any(client.processing().values()):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    recorded = _recorded(path)
    n = len(json.loads(path.read_text().splitlines()[0])["subproblems"])
    assert 1 <= len(recorded) < n
    with open(path, "a") as f:  # a crash in the middle of writing a record: the torn line is dropped
        f.write('{"task": 29, "cou')
    r = dd.run(p, client, checkpoint=path)  # the split comes from the file
    assert r.count == p.count() and r.resumed == len(recorded) and len(r.split.subproblems) == n
    assert set(r.ran) == set(range(n)) - recorded
    again = dd.run(p, client, checkpoint=path)  # done: nothing left to run
    assert again.count == r.count and again.ran == [] and again.tasks == []


def test_checkpoint_shared_with_threads(client, tmp_path):
    """A count started on Dask is finished by count(threads=, checkpoint=), and the other way round."""
    p, _ = queens(10)
    path = tmp_path / "a.ckpt"
    with pytest.raises(KeyboardInterrupt):
        dd.run(p, client, tasks=40, chunks=20, checkpoint=path, progress=_stop_after(2), progress_interval=0)
    assert p.count(threads=1, checkpoint=str(path)) == p.count()
    other = tmp_path / "b.ckpt"
    from dlxnumba.split import Checkpoint

    ck = Checkpoint.open(other, p, tasks=30)
    assert dd.run(p, client, checkpoint=other).count == p.count()
    assert len(_recorded(other)) == len(ck.split.subproblems)


def test_timeout_gives_a_partial_count_and_resumes(client, tmp_path):
    p, _ = queens(13)  # the split alone takes longer than the timeout
    path = tmp_path / "q13.ckpt"
    with pytest.raises(LimitReached) as stop:
        dd.run(p, client, tasks=40, chunks=40, checkpoint=path, timeout=0.05)
    e = stop.value
    head = json.loads(path.read_text().splitlines()[0])
    counts = [json.loads(x)["count"] for x in path.read_text().splitlines()[1:]]
    assert e.reason == Status.TIMEOUT and e.found == len(head["solutions"]) + sum(counts) == e.stats.solutions
    assert len(counts) < len(head["subproblems"]) and e.found <= p.count()
    r = dd.run(p, client, checkpoint=path)
    assert r.count == p.count() and r.resumed == len(counts)


def test_checkpoint_errors(client, tmp_path):
    p, _ = queens(6)
    path = tmp_path / "q6.ckpt"
    dd.run(p, client, checkpoint=path)
    q, _ = queens(7)
    with pytest.raises(ExactCoverError, match="another problem"):
        dd.run(q, client, checkpoint=path)
    with pytest.raises(ExactCoverError, match="another stop_at"):
        dd.run(p, client, checkpoint=path, stop_at=0)
    other = tmp_path / "other.txt"
    other.write_text("hello\n")
    with pytest.raises(ExactCoverError, match="not a dlxnumba checkpoint"):
        dd.run(p, client, checkpoint=other)
    with pytest.raises(ExactCoverError, match="counts only"):
        dd.run(p, client, solutions=True, checkpoint=path)
    with pytest.raises(ExactCoverError, match="not both"):
        dd.run(p, client, checkpoint=path, split=p.split(4))


# ---------------------------------------------------------------------------
# Faults and bad arguments
# ---------------------------------------------------------------------------


def test_killed_worker_does_not_change_the_count(tmp_path):
    """Two worker processes; one is killed (SIGKILL) once the first task is back
    (and another in the middle of a file solved in chunks)."""
    p, _ = queens(13)  # tasks of 10-30 ms: the first one back is far from the last
    serial = p.search()
    serial.count()
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster, distributed.Client(cluster) as c:
        c.wait_for_workers(2)
        victim = sorted(c.run(os.getpid).values())[0]
        killed = []

        def report(progress):
            if not killed and progress.done >= 1:
                assert progress.done < progress.total  # in the middle of the run
                os.kill(victim, signal.SIGKILL)
                killed.append(progress.done)

        r = dd.run(p, c, tasks=120, chunks=60, progress=report, progress_interval=0,
                   checkpoint=tmp_path / "q13.ckpt")
        assert killed and victim not in c.run(os.getpid).values()
        # a file of puzzles in chunks: another worker killed after the first chunk is back
        from known import PUZZLES

        from dlxnumba import iter_puzzles

        c.wait_for_workers(2)
        second = sorted(c.run(os.getpid).values())[0]
        chunks = []
        for out in dd.solve_chunks(iter_puzzles(PUZZLES / "top95.txt", chunk_size=5), c, in_flight=6):
            chunks.append(out)
            if len(chunks) == 1:
                os.kill(second, signal.SIGKILL)
        cells = np.concatenate([o[0] for o in chunks])
        sols = np.concatenate([o[1] for o in chunks])
        assert len(chunks) == 19 and len(cells) == 95 and np.array_equal(sols, np.asarray(solve_many(cells, 1)[0]))
        assert all(sudoku_ok(s, x, 9, (3, 3)) for s, x in zip(sols, cells))
    assert r.count == serial.stats.solutions and len(r.tasks) == 60
    assert (r.stats.nodes, r.stats.updates) == (serial.stats.nodes, serial.stats.updates)
    lines = (tmp_path / "q13.ckpt").read_text().splitlines()[1:]
    assert len(lines) == len(r.split.subproblems) == len(_recorded(tmp_path / "q13.ckpt"))


def test_interrupted_tasks_end_on_their_workers():
    """Dask cannot interrupt a running task: the tasks look whether they were
    cancelled between two slices of their search, and end."""
    p, _ = queens(16)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=":0") as cluster, distributed.Client(cluster) as c:
        t0 = time.monotonic()

        def report(progress):
            busy = c.run(lambda dask_worker: len(dask_worker.state.executing))
            if sum(busy.values()) == 2 and time.monotonic() - t0 > 1:
                raise KeyboardInterrupt

        with pytest.raises(KeyboardInterrupt):
            dd.run(p, c, tasks=8, chunks=4, progress=report, progress_interval=0.1)
        deadline = time.monotonic() + 30  # queens 16 takes minutes: the tasks ended early
        while sum(c.run(lambda dask_worker: len(dask_worker.state.executing)).values()):
            assert time.monotonic() < deadline, "the cancelled tasks run on"
            time.sleep(0.1)


def test_bad_arguments_fail_fast_and_clearly():
    p, _ = queens(6)
    with pytest.raises(ConnectionError, match="tcp://127.0.0.1:9"):
        dd.count(p, "tcp://127.0.0.1:9", connect_timeout=1)
    with pytest.raises(ExactCoverError, match="client must be"):
        dd.count(p, 42)
    with pytest.raises(ExactCoverError, match="chunks must be"):
        dd.count(p, "local", chunks=0)
    with pytest.raises(ExactCoverError, match="problem must be"):
        dd.count("not a problem", "local")
    q, _ = queens(7)
    with pytest.raises(ExactCoverError, match="split must be a Split of this problem"):
        dd.count(p, "local", split=q.split(4))
    with pytest.raises(ExactCoverError, match="processes must be True or False, not 'yes'"):
        dd.count(p, "local", processes="yes")


def test_a_local_cluster_of_threads_started_for_the_call():
    """processes=False: the call's own LocalCluster runs its workers as threads of
    this process (no process started: the kernels release the GIL)."""
    import multiprocessing

    p, _ = queens(9)
    before = set(multiprocessing.active_children())
    r = dd.run(p, "local", workers=2, processes=False, tasks=32)
    assert r.count == p.count() == 352 and r.threads == 2
    assert set(multiprocessing.active_children()) == before


# ---------------------------------------------------------------------------
# Batches of puzzles
# ---------------------------------------------------------------------------


def test_solve_chunks_in_order(client):
    from known import PUZZLES

    from dlxnumba import iter_puzzles

    path = PUZZLES / "top95.txt"
    out = list(dd.solve_chunks(iter_puzzles(path, chunk_size=7), client, limit=2, in_flight=3))
    cells = np.concatenate([o[0] for o in out])
    sols = np.concatenate([o[1] for o in out])
    status = np.concatenate([o[2] for o in out])
    serial = solve_many(cells, 1, 2)
    assert len(out) == -(-95 // 7) and len(cells) == 95
    assert np.array_equal(sols, np.asarray(serial[0])) and np.array_equal(status, np.asarray(serial[1]))
    assert all(sudoku_ok(s, c, 9, (3, 3)) for s, c in zip(sols, cells))


def test_a_scheduler_without_workers_is_an_error_not_a_hang():
    p, _ = queens(6)
    with distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=":0", protocol="tcp") as cluster:
        with pytest.raises(ConnectionError, match="has no worker"):
            dd.count(p, cluster.scheduler_address, connect_timeout=1)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.one_of(st.just(0.0), st.floats(1e-3, 1e12)), max_size=40), st.integers(1, 8),
       st.one_of(st.none(), st.integers(1, 50)))
def test_chunk_subproblems_partitions(weights, threads, chunks):
    groups = dd.chunk_subproblems(weights, threads, chunks)
    assert sorted(i for g in groups for i in g) == list(range(len(weights)))
    assert all(g == sorted(g) and g for g in groups)
    if weights:
        assert len(groups) == min(len(weights), chunks if chunks is not None else len(groups))
        assert len(groups) <= (chunks or dd.TASKS_PER_THREAD * threads)
        load = [sum(weights[i] for i in g) for g in groups]
        assert load == sorted(load, reverse=True) or max(load) - min(load) <= 1e-6 * max(load)
