"""dlxnumba.parallel.run: split searches end to end (count(threads=N), solutions(threads=N),
count_split and solutions_split), with cuts."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import known
import reference as ref
from dlxnumba import ExactCoverError, LimitReached, Status, Sudoku, SudokuError, last_stats, pentominoes, queens
from dlxnumba.parallel import tasks as T
from dlxnumba.parallel.run import MIN_CUT_NODES, count_split, solutions_split
from splitting import numbered
from strategies import examples, problems

SETTINGS = settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(problems(), st.sampled_from([1, 2, None]), st.sampled_from([0, 1]))
def test_count_and_solutions_with_threads_equal_the_oracle(prob, threads, stop_at):
    options, n1, n = prob
    p = numbered(options, n1, n)
    oracle = ref.solutions_by_backtracking(options, n1, n)
    assert p.count(threads=threads, stop_at=stop_at) == len(oracle)
    assert {frozenset(x) for x in p.solutions(threads=threads, stop_at=stop_at)} == oracle


@pytest.mark.parametrize("puzzle", sorted(known.GOLDEN_SPECIAL))
def test_sudoku_count_with_threads_reproduces_dlx1(puzzle):
    count, nodes, updates = known.GOLDEN_SPECIAL[puzzle]
    s = Sudoku(puzzle)
    assert s.count(threads=2, stop_at=0) == count
    assert (last_stats().nodes, last_stats().updates) == (nodes, updates)
    sols = list(s.solutions(threads=2))
    assert len(sols) == count and all(known.verified(x, puzzle) for x in sols)
    assert sorted(map(str, sols)) == sorted(map(str, s.solutions()))


def test_the_serial_path_is_unchanged_without_threads():
    p, _ = queens(8)
    assert p.count(threads=1) == p.count() == 92
    assert last_stats().status == Status.COMPLETE and len(last_stats().profile) > 0  # the serial search's own Stats
    first = next(p.solutions(threads=None))
    assert first == p.solve()


@pytest.mark.parametrize("call, message", [
    (lambda p: p.split(tasks=0), "tasks must be a positive integer, not 0"),
    (lambda p: p.split(tasks=2.5), "tasks must be a positive integer, not 2.5"),
    (lambda p: p.split(probe_nodes=0), "probe_nodes must be a positive integer"),
    (lambda p: p.split(probes=True), "probes must be a positive integer"),
    (lambda p: p.split(seed=-1), "seed must be a non-negative integer"),
    (lambda p: p.split(stop_at=2), "stop_at must be 0 or 1, not 2"),
    (lambda p: p.split(given=[0, 0]), "given option 0 is listed twice"),
    (lambda p: p.count(threads=0), "threads must be a positive integer or None, not 0"),
    (lambda p: p.count(5, threads=2), "limit cannot be combined with threads"),
    (lambda p: p.count(max_nodes=5, threads=2), "max_nodes cannot be combined with threads"),
    (lambda p: list(p.solutions(3, threads=2)), "limit cannot be combined with threads"),
    (lambda p: count_split(p, workers=0), "workers must be a positive integer, not 0"),
    (lambda p: count_split(p, split=queens(6)[0].split(2)), "split must be a Split of this problem"),
    (lambda p: count_split(p, checkpoint="x", split=p.split(2)), "give a checkpoint or a split, not both"),
])
def test_bad_arguments_are_named(call, message):
    p, _ = queens(5)
    with pytest.raises(ExactCoverError, match=message.replace("(", r"\(").replace(")", r"\)")):
        call(p)


def test_sudoku_bad_arguments_raise_sudoku_errors():
    with pytest.raises(SudokuError, match="limit cannot be combined"):
        Sudoku(known.FIVE).count(2, threads=2)
    with pytest.raises(SudokuError, match="threads must be"):
        Sudoku(known.FIVE).count(threads=-1)


def test_timeout_gives_the_partial_count():
    p, _ = queens(8)
    with pytest.raises(LimitReached) as e:
        p.count(threads=2, timeout=0)
    assert e.value.reason == Status.TIMEOUT and e.value.found == len(p.split(threads=2).solutions)


def test_split_progress_reports_the_weights_done(monkeypatch):
    monkeypatch.setattr(T, "TASK_SLICE", 1e-6)
    p, _ = queens(9)
    seen = []
    assert p.count(threads=2, progress=seen.append, progress_interval=0) == 352
    fractions = [r.fraction for r in seen]
    assert len(seen) > 2 and fractions == sorted(fractions) and 0 < fractions[-1] <= 1
    assert [r.done for r in seen] == sorted(r.done for r in seen)
    assert all(r.unit == "tasks" and r.total == seen[0].total and r.solutions <= 352 for r in seen)
    assert all(r.remaining is None or r.remaining >= 0 for r in seen)


def test_count_and_solutions_split_are_a_pair():
    p, _ = queens(8)
    c = count_split(p, threads=2, tasks=8)
    s = solutions_split(p, threads=2, tasks=8)
    assert c.solutions is None and c.count == s.count == len(s.solutions) == 92
    assert sorted(s.solutions) == sorted(p.solutions())


# ---------------------------------------------------------------- cuts


@SETTINGS
@given(problems(), st.integers(1, 6), st.sampled_from([1, 2]), st.sampled_from([0, 1]), st.integers(1, 12))
def test_cut_tasks_equal_the_trace(prob, tasks, threads, stop_at, budget):
    """Tasks stopped at a node budget of 1 to 12 nodes and their remainders
    searched in later rounds: the same solutions, nodes and updates as DLX1."""
    options, n1, n = prob
    p = numbered(options, n1, n)
    trace = ref.dlx1_trace(options, n1, n, stop_at=stop_at)
    r = solutions_split(p, threads=threads, stop_at=stop_at, tasks=tasks, budget=budget)
    assert r.count == len(trace["solutions"]) == len(r.solutions)
    assert sorted(r.solutions) == sorted(sorted(x) for x in trace["solutions"])
    assert (r.stats.nodes, r.stats.updates) == (trace["nodes"], trace["updates"])
    assert len(r.parents) == len(r.ran) == len(r.cut_seconds) == len(r.tasks)
    assert all(q is None or q < i for i, q in enumerate(r.parents))  # a remainder runs after its task
    cut = {q for q in r.parents if q is not None}
    assert r.budget == budget and len(cut) == r.cuts
    assert all(r.tasks.nodes[i] >= budget for i in cut)  # a task stops at its budget, not before


@pytest.mark.parametrize("stop_at", [0, 1])
def test_cuts_on_queens_and_the_pentominoes_add_up(stop_at):
    for p, budget in ((queens(9)[0], 50), (pentominoes(3, 20)[0], 2000)):
        serial = p.search(stop_at=stop_at)
        n = serial.count()
        r = count_split(p, threads=2, stop_at=stop_at, tasks=4, budget=budget)
        assert r.cuts > 0 and r.count == n
        assert (r.stats.nodes, r.stats.updates) == (serial.stats.nodes, serial.stats.updates)


def test_a_cut_sudoku_count_equals_the_serial_count():
    s = Sudoku("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    p, _, g = s.to_problem()
    serial = p.search(given=g, stop_at=1)
    serial.count()
    r = count_split(p, given=g, threads=2, tasks=2, budget=10)
    assert r.cuts > 0 and r.count == 1
    assert (r.stats.nodes, r.stats.updates) == (serial.stats.nodes, serial.stats.updates)


#: Norvig's hard1 with ten more cells filled from one of its solutions: 6,982 solutions
HARD1_PLUS = "3789562416592....82....8....45........3........6..3.54...325..6.................."


@pytest.mark.parametrize("stop_at", [0, 1])
def test_an_idle_lane_makes_the_busy_one_cut_its_task(stop_at):
    """One task on two threads: the lane with nothing to do makes the other cut
    its task at the end of a chunk, round after round; the parts add up to the
    serial search (options with spacers and in blocks of four)."""
    p, _, g = Sudoku(HARD1_PLUS).to_problem()
    for p, g in ((queens(12)[0], []), (pentominoes(3, 20)[0], []), (p, g)):
        serial = p.search(given=g, stop_at=stop_at)
        want = sorted(sorted(x) for x in serial.solutions())
        r = solutions_split(p, given=g, threads=2, stop_at=stop_at, tasks=1)
        assert r.budget is None and r.cuts > 0
        assert r.count == len(want) and sorted(r.solutions) == want
        assert (r.stats.nodes, r.stats.updates) == (serial.stats.nodes, serial.stats.updates)
        assert all(q is None or q < i for i, q in enumerate(r.parents))
        assert count_split(p, given=g, threads=2, stop_at=stop_at, tasks=1).count == len(want)


def test_a_budget_by_default_only_when_planning_for_workers():
    p, _ = queens(10)
    r = count_split(p, threads=2, tasks=4)
    assert r.budget is None and r.count == 724  # the threads share the work instead
    r = count_split(p, threads=2, tasks=4, workers=64)
    assert r.budget >= MIN_CUT_NODES and r.count == 724
    assert count_split(p, threads=2, tasks=4, cuts=False, workers=64).budget is None


def test_cut_progress_keeps_rising(monkeypatch):
    monkeypatch.setattr(T, "TASK_SLICE", 1e-6)
    p, _ = queens(9)
    seen = []
    r = count_split(p, threads=2, tasks=4, budget=100, progress=seen.append, progress_interval=0)
    assert r.cuts > 0 and r.count == 352
    fractions = [x.fraction for x in seen]
    assert len(seen) > 2 and fractions == sorted(fractions) and 0 <= fractions[0] and fractions[-1] <= 1
    assert all(x.solutions <= 352 for x in seen)


def test_the_simulated_speedup_of_a_run_is_at_most_the_workers():
    """(One worker is at most 1: the time of working out the cuts is charged, not counted as work.)"""
    p, _ = queens(9)
    r = count_split(p, threads=1, tasks=8, budget=200)
    assert r.cuts > 0
    for workers in (1, 4, 64):
        assert 0 < r.speedup(workers) <= workers + 1e-9
        assert 0 < r.speedup(workers, by_work=True) <= workers + 1e-9
