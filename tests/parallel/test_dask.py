"""dlxnumba.parallel.dask: counts and solutions on a Dask cluster equal the serial ones.

Most tests share one in-process cluster (two worker threads); the fault tests
start two worker processes and kill one, or both, in the middle of a count.
Every count is compared with the serial search's, every solution set with the
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

from dlxnumba import ExactCover, Status, Sudoku, pentominoes, queens  # noqa: E402
from dlxnumba.errors import ExactCoverError, LimitReached  # noqa: E402
from dlxnumba.parallel import dask as dd  # noqa: E402
from dlxnumba.parallel.checkpoint import Checkpoint  # noqa: E402
from known import FIVE, GOLDEN_SPECIAL, NONE, TOP1, knuth_problem  # noqa: E402
from reference import is_exact_cover, solutions_by_backtracking, sudoku_ok  # noqa: E402
from splitting import plain_split  # noqa: E402
from strategies import examples


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
        r = dd.count_run(p, client, split=split)
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
    r = dd.solutions_run(p, client, stop_at=stop_at, tasks=50, chunks=9)
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
    r = dd.count_run(p, client, split=split)
    assert r.count == p.count() == 4 and r.tasks == []
    assert as_set(dd.solutions(p, client, split=split)) == as_set(p.solutions())


problems = st.integers(2, 6).flatmap(lambda n: st.tuples(
    st.just(n), st.integers(0, 2),
    st.lists(st.lists(st.integers(0, n + 1), min_size=1, max_size=4, unique=True), min_size=1,
             max_size=12)))


@settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
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
    r = dd.count_run(Sudoku(text), client, stop_at=0, tasks=12)
    assert (r.count, r.stats.nodes, r.stats.updates) == (solutions, nodes, updates)


# ---------------------------------------------------------------------------
# Progress, Ctrl-C, checkpoints
# ---------------------------------------------------------------------------


def test_progress_by_weights(client):
    p, _ = queens(10)
    seen = []
    r = dd.count_run(p, client, tasks=40, progress=seen.append, progress_interval=0)
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
        dd.count_run(p, client, tasks=60, chunks=30, checkpoint=path, progress=_stop_after(1), progress_interval=0)
    deadline = time.monotonic() + 30  # the cancelled tasks leave the workers (a hang would fail)
    while any(client.processing().values()):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    recorded = _recorded(path)
    n = len(json.loads(path.read_text().splitlines()[0])["subproblems"])
    assert 1 <= len(recorded) < n
    with open(path, "a") as f:  # a crash in the middle of writing a record: the torn line is dropped
        f.write('{"task": 29, "cou')
    r = dd.count_run(p, client, checkpoint=path)  # the split comes from the file
    assert r.count == p.count() and r.resumed == len(recorded) and len(r.split.subproblems) == n
    assert set(r.ran) == set(range(n)) - recorded
    again = dd.count_run(p, client, checkpoint=path)  # done: nothing left to run
    assert again.count == r.count and again.ran == [] and again.tasks == []


def test_checkpoint_shared_with_threads(client, tmp_path):
    """A count started on Dask is finished by count(threads=, checkpoint=), and the other way round."""
    p, _ = queens(10)
    path = tmp_path / "a.ckpt"
    with pytest.raises(KeyboardInterrupt):
        dd.count_run(p, client, tasks=40, chunks=20, checkpoint=path, progress=_stop_after(2), progress_interval=0)
    assert p.count(threads=1, checkpoint=str(path)) == p.count()
    other = tmp_path / "b.ckpt"
    ck = Checkpoint.open(other, p, tasks=30)
    assert dd.count_run(p, client, checkpoint=other).count == p.count()
    assert len(_recorded(other)) == len(ck.split.subproblems)


def test_timeout_gives_a_partial_count_and_resumes(client, tmp_path):
    p, _ = queens(13)  # the split alone takes longer than the timeout
    path = tmp_path / "q13.ckpt"
    with pytest.raises(LimitReached) as stop:
        dd.count_run(p, client, tasks=40, chunks=40, checkpoint=path, timeout=0.05)
    e = stop.value
    head = json.loads(path.read_text().splitlines()[0])
    counts = [json.loads(x)["count"] for x in path.read_text().splitlines()[1:]]
    assert e.reason == Status.TIMEOUT and e.found == len(head["solutions"]) + sum(counts) == e.stats.solutions
    assert len(counts) < len(head["subproblems"]) and e.found <= p.count()
    r = dd.count_run(p, client, checkpoint=path)
    assert r.count == p.count() and r.resumed == len(counts)


def test_checkpoint_errors(client, tmp_path):
    p, _ = queens(6)
    path = tmp_path / "q6.ckpt"
    dd.count_run(p, client, checkpoint=path)
    q, _ = queens(7)
    with pytest.raises(ExactCoverError, match="another problem"):
        dd.count_run(q, client, checkpoint=path)
    with pytest.raises(ExactCoverError, match="another stop_at"):
        dd.count_run(p, client, checkpoint=path, stop_at=0)
    other = tmp_path / "other.txt"
    other.write_text("hello\n")
    with pytest.raises(ExactCoverError, match="not a dlxnumba checkpoint"):
        dd.count_run(p, client, checkpoint=other)
    with pytest.raises(ExactCoverError, match="not both"):
        dd.count_run(p, client, checkpoint=path, split=p.split(4))


# ---------------------------------------------------------------------------
# Faults and bad arguments
# ---------------------------------------------------------------------------


@pytest.mark.slow
def test_killed_worker_does_not_change_the_count(tmp_path, monkeypatch):
    """Two worker processes; one is killed (SIGKILL) once the first task is back.

    The run then ended only after waiting ``WARM_UP_WAIT`` (30 s) for the killed
    worker's warm-up, pinned to a worker that no longer exists: with the wait made
    an hour, the run must still end as soon as its tasks are counted (well within
    the two minutes allowed here, where it took 3 s)."""
    import threading

    monkeypatch.setattr(dd, "WARM_UP_WAIT", 3600.0)
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

        ran: list = []
        run = threading.Thread(target=lambda: ran.append(dd.count_run(
            p, c, tasks=120, chunks=60, progress=report, progress_interval=0, checkpoint=tmp_path / "q13.ckpt")),
            daemon=True)
        run.start()
        run.join(timeout=120)
        assert not run.is_alive(), "the run waited for the warm-up of the worker that was killed"
        r = ran[0]
        assert killed and victim not in c.run(os.getpid).values()
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
            dd.count_run(p, c, tasks=8, chunks=4, progress=report, progress_interval=0.1)
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
    r = dd.count_run(p, "local", workers=2, processes=False, tasks=32)
    assert r.count == p.count() == 352 and r.threads == 2
    assert set(multiprocessing.active_children()) == before


def test_a_scheduler_without_workers_is_an_error_not_a_hang():
    p, _ = queens(6)
    with distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=":0", protocol="tcp") as cluster:
        with pytest.raises(ConnectionError, match="has no worker"):
            dd.count(p, cluster.scheduler_address, connect_timeout=1)


@settings(max_examples=examples(50), deadline=None)
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


# ---------------------------------------------------------------------------
# Issue 20: two workers lost, refusals in Dask's words, variants, a quiet close
# ---------------------------------------------------------------------------


@pytest.mark.slow
def test_both_workers_killed_one_after_the_other(tmp_path):
    """Both worker processes killed (SIGKILL), the second once more tasks are back
    after the first: every worker that held the problem is gone, and the count
    still ends right (the problem is a task's result, which the scheduler makes
    again)."""
    p, _ = queens(13)
    serial = p.search()
    serial.count()
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster, distributed.Client(cluster) as c:
        c.wait_for_workers(2)
        victims = sorted(c.run(os.getpid).values())
        killed = []
        first_at = []

        def report(progress):
            if not killed and progress.done >= 1:
                assert progress.done < progress.total  # in the middle of the run
                os.kill(victims[0], signal.SIGKILL)
                killed.append(victims[0])
                first_at.append(progress.done)
            elif len(killed) == 1 and first_at[0] + 3 <= progress.done < progress.total:
                os.kill(victims[1], signal.SIGKILL)
                killed.append(victims[1])

        r = dd.count_run(p, c, tasks=120, chunks=60, progress=report, progress_interval=0,
                         checkpoint=tmp_path / "q13.ckpt")
        assert len(killed) == 2 and not set(killed) & set(c.run(os.getpid).values())
    assert r.count == serial.stats.solutions and len(r.tasks) == 60
    assert (r.stats.nodes, r.stats.updates) == (serial.stats.nodes, serial.stats.updates)
    assert Checkpoint.load(tmp_path / "q13.ckpt", p).complete


def test_tasks_the_cluster_cancels_are_submitted_again(client):
    """A task cancelled under the run (its data lost), and the problem with it: both
    are submitted again, and the count is the serial one."""
    p, _ = queens(12)
    cancelled = []

    def report(progress):
        if cancelled:
            return
        keys = [k for k in client.processing().popitem()[1] if str(k).startswith("dlxnumba-")] \
            if client.processing() else []
        theirs = [distributed.Future(k, client) for k in client.who_has() if str(k).startswith("dlxnumba-problem")]
        mine = [distributed.Future(k, client) for k in keys]
        if mine or theirs:
            client.cancel(mine + theirs, force=True)
            cancelled.append(len(mine) + len(theirs))

    r = dd.count_run(p, client, tasks=60, chunks=20, progress=report, progress_interval=0)
    assert cancelled and r.resubmitted >= 1
    assert r.count == p.count() == 14200 and len(r.ran) == len(r.split.subproblems)


def test_colored_problems_are_refused_in_dasks_words(client):
    colored = ExactCover.from_options([["a", ("x", "A")], ["b", ("x", "A")], ["a", "b"]], primary="a b",
                                      secondary="x")
    killer = Sudoku.killer("................", "AABB CDDB CEEF GGHF A=3 B=9 C=7 D=4 E=3 F=5 G=6 H=3")
    for problem in (colored, killer):
        with pytest.raises(ExactCoverError, match=r"a Dask run \(dlxnumba.parallel.dask\): a split search takes "
                                                  r"problems without colors or bounds, and this one has colors; "
                                                  r"count it on one machine, serially") as e:
            dd.count(problem, client)
        assert "threads=" not in str(e.value).split(";")[0]
    assert killer.count() == 1


@pytest.mark.parametrize("variant, count", [("x", 12), ("anti-knight", 6), ("windoku", 42)])
def test_variants_keep_their_rules_on_dask(client, variant, count):
    """The variant travels with the puzzle (Sudoku.exact_cover): the serial count
    and solutions, each keeping the variant's rules (classic: 72 here)."""
    s = Sudoku("1...............", variant=variant)
    serial = sorted(map(str, s.solutions()))
    assert dd.count(s, client) == len(serial) == count
    grids = dd.solutions(s, client)
    assert sorted(map(str, grids)) == serial
    assert all(g.variant == s.variant and s.variant.is_solution(g, s) for g in grids)
    assert dd.count(Sudoku("1..............."), client) == 72


@pytest.mark.slow
def test_a_local_cluster_closes_quietly(tmp_path):
    """A short count on a LocalCluster of processes started for the call: nothing
    on stderr as it closes (no worker killed after 4 s, no CommClosedError
    traceback)."""
    import subprocess
    import sys

    script = tmp_path / "count.py"
    script.write_text("from dlxnumba import queens\nfrom dlxnumba.parallel import dask as dd\n"
                      "if __name__ == '__main__':\n"
                      "    for _ in range(2):\n"
                      "        print(dd.count(queens(6)[0], 'local', workers=2))\n")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300,
                          cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.split() == ["4", "4"]
    assert "Traceback" not in done.stderr and "distributed." not in done.stderr, done.stderr
