"""The generic batch runner: many jobs on one problem through the compiled lanes."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import reference as ref
from dlxnumba import ExactCover, ExactCoverError, queens
from dlxnumba.batch import BatchResult, Status, run_batch
from strategies import examples, problems

KNUTH = ExactCover.from_options(
    [["C", "E", "F"], ["A", "D", "G"], ["B", "C", "F"], ["A", "D"], ["B", "G"], ["D", "E", "G"]],
    primary=["A", "B", "C", "D", "E"], secondary=["F", "G"])


def numbered(options, n_primary, n_items):
    return ExactCover.from_options(options, primary=range(n_primary), secondary=range(n_primary, n_items))


def expected_status(found: int) -> int:
    return Status.NO_SOLUTION if found == 0 else Status.SOLVED if found == 1 else Status.MULTIPLE


def check_job(p, options, n1, n, job, limit, stop_at, r: BatchResult, i: int) -> None:
    """Job ``i`` of ``r`` against the oracle, and against a Search of the same job."""
    givens = list(job)
    clash = len(set(givens)) < len(givens) or not ref.is_exact_cover(
        [options[j] for j in givens], 0, n, range(len(givens)))
    if clash:
        assert r.status[i] == Status.INVALID and r.count[i] == 0 and r.first[i] is None
        assert r.errors[i]
        return
    # (the oracle leaves out a given option with no items; it is in every solution all the same)
    every = {s | frozenset(givens) for s in ref.solutions_with_given(options, n1, n, givens)}
    found = min(len(every), limit)
    assert r.count[i] == found
    assert r.status[i] == expected_status(found)
    assert r.errors[i] is None
    if found:
        assert frozenset(r.first[i]) in every
        assert set(givens) <= set(r.first[i]) and r.first[i] == sorted(r.first[i])
        assert ref.is_exact_cover(options, n1, n, r.first[i])
    else:
        assert r.first[i] is None
    # the lanes run the very search a Search runs: same first solution, same counters
    s = p.search(given=givens, stop_at=stop_at)
    assert s.count(limit) == found
    assert (r.nodes[i], r.updates[i]) == (s.stats.nodes, s.stats.updates)
    if found:
        assert p.solve(given=givens, stop_at=stop_at) == r.first[i]


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problems(), st.data())
def test_every_job_matches_the_oracle_and_a_search(prob, data):
    options, n1, n = prob
    p = numbered(options, n1, n)
    m = len(options)
    job = st.lists(st.integers(0, m - 1), max_size=3) if m else st.just([])
    jobs = data.draw(st.lists(job, max_size=6))
    limits = data.draw(st.lists(st.integers(1, 4), min_size=len(jobs), max_size=len(jobs)))
    stop_at = data.draw(st.sampled_from([0, 1]))
    r = p.batch(jobs, limit=limits, threads=1, stop_at=stop_at)
    assert len(r) == len(jobs) == len(r.first) == len(r.errors)
    for i, (job, limit) in enumerate(zip(jobs, limits)):
        check_job(p, options, n1, n, job, limit, stop_at, r, i)


@pytest.mark.parametrize("threads", [1, 2])
def test_queens_jobs_in_four_node_blocks_count_every_placement(threads):
    """Each job puts the first queen on one square of the first row; the
    counts add up to the number of solutions (on one thread or two)."""
    p, key = queens(8)
    first_row = [j for j, (r, c) in enumerate(key) if r == 0]
    jobs = [[j] for j in first_row] * 8  # 64 jobs: enough for two lanes
    r = p.batch(jobs, limit=10**6, threads=threads)
    assert r.count.tolist() == [p.count(given=job) for job in jobs]
    assert r.count[:8].sum() == 92
    assert all(ref.is_exact_cover(p.options, p.n_primary, p.n_items, s) for s in r.first)
    whole = r.stats()
    parts = sum(r.stats(i) for i in range(len(r)))
    assert (whole.solutions, whole.nodes, whole.updates) == (r.count.sum(), r.nodes.sum(), r.updates.sum())
    assert (parts.solutions, parts.nodes, parts.updates) == (whole.solutions, whole.nodes, whole.updates)


def test_two_threads_give_the_same_results_in_job_order():
    p, key = queens(7)
    jobs = [[j] for j in range(len(key))] * 2
    one = p.batch(jobs, limit=3, threads=1)
    two = p.batch(jobs, limit=3, threads=2)
    for name in ("status", "count", "nodes", "updates"):
        assert np.array_equal(getattr(one, name), getattr(two, name)), name
    assert one.first == two.first


def test_knuth_example_jobs_in_the_spacer_layout():
    r = KNUTH.batch([[], [3], [0, 1], [0, 2], [5, 5]], limit=[1, 2, 1, 1, 1], threads=1)
    assert [Status(s).name for s in r.status] == ["SOLVED", "SOLVED", "NO_SOLUTION", "INVALID", "INVALID"]
    assert r.first[:2] == [[0, 3, 4], [0, 3, 4]]
    assert "both contain items 'C' and 'F'" in r.errors[3]
    assert "listed twice" in r.errors[4]


def test_a_spent_node_budget_is_budget_and_keeps_what_was_found():
    p, _ = queens(10)
    r = p.batch([[], []], limit=[10**6, 1], max_nodes=200, threads=1)
    assert r.status[0] == Status.BUDGET and 0 < r.count[0] < 724
    assert r.nodes[0] >= 200 and r.first[0] is not None
    assert r.status[1] == Status.SOLVED  # found one within the budget


def test_a_timeout_marks_every_unfinished_job_budget(monkeypatch):
    import dlxnumba.batch as B

    monkeypatch.setattr(B, "WORK_SLICE", 1000)  # return to Python often
    p, _ = queens(14)
    r = p.batch([[]] * 3, limit=10**9, timeout=0.05, threads=1)
    assert (r.status == Status.BUDGET).all()
    assert r.count[0] < 365596 and r.count[2] == 0


def test_progress_reports_jobs_done(monkeypatch):
    import dlxnumba.batch as B

    monkeypatch.setattr(B, "WORK_SLICE", 2000)
    p, _ = queens(9)
    seen = []
    r = p.batch([[]] * 4, limit=10**6, threads=1, progress=seen.append, progress_interval=0)
    assert r.count.tolist() == [352] * 4
    assert seen and all(x.total == 4 and 0 <= x.done <= 4 and x.unit == "jobs" for x in seen)
    assert [x.done for x in seen] == sorted(x.done for x in seen)
    assert all(x.fraction == x.done / 4 for x in seen)
    # nodes and solutions count the jobs done and the one in hand, and never go back
    assert [x.nodes for x in seen] == sorted(x.nodes for x in seen) and seen[-1].nodes <= r.nodes.sum()
    assert [x.solutions for x in seen] == sorted(x.solutions for x in seen) and seen[-1].solutions <= 4 * 352


def test_run_batch_is_what_the_method_wraps():
    a = run_batch(KNUTH, [[], [1]], limit=2, threads=1)
    b = KNUTH.batch([[], [1]], limit=2, threads=1)
    assert a.first == b.first and a.count.tolist() == b.count.tolist()


def test_no_jobs():
    r = KNUTH.batch([], threads=1)
    assert len(r) == 0 and r.first == [] and r.stats().nodes == 0 and r.stats().status == Status.NONE


@pytest.mark.parametrize("jobs, limit, message", [
    ([[0], [6]], 1, "job 1: option index 6 is out of range for 6 options"),
    ([["a"]], 1, "job 0: option index 'a' is not an integer"),
    ("0 1", 1, "jobs must be a list"),
    ([[0]], 0, "limit must be a positive integer"),
    ([[0], [1]], [1], "limit lists 1 limits for 2 jobs"),
    ([[0]], "x", "limit must be a positive integer or one per job"),
    (5, 1, "jobs must be an iterable"),
])
def test_bad_jobs_are_named(jobs, limit, message):
    with pytest.raises(ExactCoverError, match=message):
        KNUTH.batch(jobs, limit=limit, threads=1)


@pytest.mark.parametrize("kwargs, message", [
    (dict(threads=0), "threads must be a positive integer"),
    (dict(stop_at=2), "stop_at must be 0 or 1"),
    (dict(max_nodes=-1), "max_nodes must be a non-negative integer"),
    (dict(timeout="soon"), "timeout must be a non-negative number"),
    (dict(progress=3), "progress must be True, None or a callable"),
])
def test_bad_arguments_are_named(kwargs, message):
    with pytest.raises(ExactCoverError, match=message):
        KNUTH.batch([[]], **kwargs)


def test_batch_seconds_leave_out_compiling_in_a_fresh_process():
    """The lane kernel, compiled (or loaded) by the first batch of a fresh process
    (a parallel batch runs the same kernel on threads: it compiles nothing more); the prelude of ``cold.run_cold`` makes that take 1000 s of
    clock time, which ``seconds`` may not count."""
    from cold import COMPILE_SECONDS, run_cold

    out = run_cold("""
from dlxnumba import queens
p, _ = queens(6)
out = []
for threads in (1, 2):
    done = len(compiled)
    r = p.batch([[]] * 64, limit=10, threads=threads)
    out.append([r.count.tolist(), r.seconds, r.stats().seconds, compiled[done:]])
print(json.dumps(out))
""")
    (count1, seconds1, total1, compiled1), (count2, seconds2, total2, compiled2) = out
    assert "lane_blocks" in compiled1 and compiled2 == []  # serial and parallel share one kernel
    assert count1 == count2 == [4] * 64
    assert max(seconds1, total1, seconds2, total2) < COMPILE_SECONDS


@pytest.mark.parametrize("budget", [dict(max_nodes=0), dict(timeout=0), dict(max_nodes=0, timeout=0.0)],
                         ids=str)
@pytest.mark.parametrize("threads", [1, 2])
def test_a_zero_budget_searches_no_job(threads, budget):
    """Every job is BUDGET, even one its givens settle, with no node, update or
    solution; an option given twice is still INVALID (known without a search)."""
    jobs = [[], [0, 3, 4], [1]] * 20 + [[3, 3]]
    assert KNUTH.batch(jobs, threads=threads).count.tolist()[:3] == [1, 1, 0]
    r = KNUTH.batch(jobs, threads=threads, **budget)
    assert r.status.tolist() == [Status.BUDGET] * 60 + [Status.INVALID]
    assert not r.count.any() and not r.nodes.any() and not r.updates.any()
    assert r.first == [None] * 61


def test_statuses_are_status_members_equal_to_the_status_values():
    r = KNUTH.batch([[], [1], [1, 3]], limit=2, threads=1)
    assert r.status.tolist() == [Status.SOLVED, Status.NO_SOLUTION, Status.INVALID]
    assert r.status_names == ["SOLVED", "NO_SOLUTION", "INVALID"]


@pytest.mark.parametrize("kwargs, text", [
    (dict(threads=np.int64(0)), "threads must be a positive integer or None, not 0$"),
    (dict(limit=[np.float64(1.5)]), r"limit must be a positive integer or one per job, not \[1.5\]$"),
    (dict(limit=1.5), r"limit must be a positive integer or one per job, not 1.5$"),
    (dict(limit=iter([2.5])), r"not \[2.5\]$"),
])
def test_bad_numpy_arguments_show_plain_values(kwargs, text):
    """The messages showed np.int64(0); a limit of 1.5 per job was cut to 1."""
    with pytest.raises(ExactCoverError, match=text):
        KNUTH.batch([[]], **kwargs)


# ---------------------------------------------------------------------------
# A process forked after threaded work uses threads (no OpenMP region ever runs)
# ---------------------------------------------------------------------------

FORK_SCRIPT = """
import json, multiprocessing as mp, warnings
from dlxnumba import generate_many, grade_many, queens, solve_many

TOP1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
P, _ = queens(6)

def work():
    sols, status = solve_many([TOP1] * 64, threads=2)
    r = P.batch([[]] * 64, limit=10, threads=2)
    grades = grade_many([TOP1] * 4, samples=2, seed=1, threads=2)
    made = generate_many(4, seed=3, threads=2)
    return [sols.sum().item(), status.tolist(), r.count.tolist(), grades.level_codes.tolist(),
            grades.effort.tolist(), [str(p) for p in made]]

def child(q):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = work()
    q.put([got, [str(w.message) for w in caught]])

if __name__ == "__main__":
    want = work()
    ctx = mp.get_context("fork")
    q = ctx.Queue()
    p = ctx.Process(target=child, args=(q,))
    p.start()
    p.join(300)
    out = q.get(timeout=5) if p.exitcode == 0 else None
    print(json.dumps([p.exitcode, out is not None and out[0] == want, out and out[1]]))
"""


def test_a_process_forked_after_threaded_work_uses_threads_too(tmp_path):
    """Every threaded path (batches, solve_many, grading, generating) runs its
    lanes on Python threads, never an OpenMP region, so a process forked after
    them is not killed (GNU OpenMP would) and gets the same answers on two
    threads, without a warning."""
    import json
    import os
    import subprocess
    import sys

    script = tmp_path / "fork.py"
    script.write_text(FORK_SCRIPT)
    env = dict(os.environ, NUMBA_NUM_THREADS="2")
    cp = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env,
                        timeout=900, cwd=tmp_path)
    assert cp.returncode == 0, cp.stderr
    exitcode, same, warned = json.loads(cp.stdout.strip().splitlines()[-1])
    assert exitcode == 0, "the child was killed"
    assert same  # the child's answers are the parent's
    assert warned == []


@pytest.mark.parametrize("i", [3, -4, "0", 1.0, True])
def test_stats_of_a_job_that_is_not_there_names_it(i):
    """stats(3) gave a bare IndexError."""
    r = KNUTH.batch([[], [1], [1, 3]], threads=1)
    assert r.stats(-1) == r.stats(2)
    with pytest.raises(ExactCoverError, match="job index .* is not one of the 3 jobs"):
        r.stats(i)


@pytest.mark.parametrize("limit", [0, -1, np.int64(0)])
def test_a_bad_limit_is_refused_with_no_jobs_too(limit):
    """batch([], limit=0) was accepted: the limits were checked only when there were jobs."""
    with pytest.raises(ExactCoverError, match=r"limit must be a positive integer, not -?\d+$"):
        ExactCover.from_options([["a"]]).batch([], limit)
