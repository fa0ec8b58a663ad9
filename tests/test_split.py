"""Split searches: subproblems, the task runner, threads, checkpoints, scaling."""

from __future__ import annotations

import json
import pickle

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import known
import reference as ref
from dlxnumba import last_stats, Status
from dlxnumba import ExactCover, ExactCoverError, LimitReached, Sudoku, SudokuError, pentominoes, queens
from dlxnumba import batch as B
from dlxnumba import split as S
from strategies import problems

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def numbered(options, n_primary, n_items):
    return ExactCover.from_options(options, primary=range(n_primary), secondary=range(n_primary, n_items))


def split_and_run(p, tasks, threads, stop_at, given=(), mode="count"):
    """The split of ``p`` and its tasks' results: (Split, TaskRun)."""
    s = p.split(tasks, given=given, stop_at=stop_at)
    r = S.run_tasks(p, s.subproblems, mode, threads=threads, stop_at=stop_at, weights=s.weights)
    return s, r


def check_against_trace(p, options, n1, n, tasks, threads, stop_at, given=()):
    """Counts, solution sets and the sums of nodes and updates against DLX1's trace."""
    trace = ref.dlx1_trace(options, n1, n, stop_at=stop_at, given=given)
    s, r = split_and_run(p, tasks, threads, stop_at, given, "solutions")
    assert len(s.subproblems) == len(s.weights) == len(s.exact) == len(r)
    assert all(tuple(sp[:len(given)]) == tuple(given) for sp in s.subproblems)
    assert len(s.solutions) + sum(r.count) == len(trace["solutions"])
    got = s.solutions + [x for part in r.solutions for x in part]
    assert sorted(got) == sorted(sorted(x) for x in trace["solutions"])
    assert all(len(part) == c for part, c in zip(r.solutions, r.count))
    assert s.stats.nodes + sum(r.nodes) == trace["nodes"]
    assert s.stats.updates + sum(r.updates) == trace["updates"]
    assert all(r.finished) and all(x >= 0 for x in r.seconds)


@SETTINGS
@given(problems(), st.integers(1, 12), st.sampled_from([1, 2]), st.sampled_from([0, 1]))
def test_split_and_run_equal_the_trace(prob, tasks, threads, stop_at):
    options, n1, n = prob
    check_against_trace(numbered(options, n1, n), options, n1, n, tasks, threads, stop_at)


@SETTINGS
@given(problems(), st.integers(1, 12), st.sampled_from([0, 1]), st.data())
def test_split_with_givens_equals_the_trace(prob, tasks, stop_at, data):
    options, n1, n = prob
    sols = ref.solutions_by_backtracking(options, n1, n)
    if not sols:
        return
    sol = sorted(data.draw(st.sampled_from(sorted(sols, key=sorted))))
    givens = data.draw(st.lists(st.sampled_from(sol), unique=True, max_size=2)) if sol else []
    check_against_trace(numbered(options, n1, n), options, n1, n, tasks, 2, stop_at, givens)


@SETTINGS
@given(problems(), st.sampled_from([1, 2, None]), st.sampled_from([0, 1]))
def test_count_and_solutions_with_threads_equal_the_oracle(prob, threads, stop_at):
    options, n1, n = prob
    p = numbered(options, n1, n)
    oracle = ref.solutions_by_backtracking(options, n1, n)
    assert p.count(threads=threads, stop_at=stop_at) == len(oracle)
    assert {frozenset(x) for x in p.solutions(threads=threads, stop_at=stop_at)} == oracle


def test_subtrees_cover_the_tree_once_in_serial_order():
    p, _ = queens(8)
    s = p.split(tasks=30, stop_at=0)
    assert len(s) >= 30
    serial = list(p.solutions(stop_at=0))
    runs = [list(p.solutions(given=sub, stop_at=0)) for sub in s.subproblems]
    # the subproblems are in depth-first order: their solutions, in turn, are the serial order
    # (here no solution lies above the subtrees)
    assert s.solutions == [] and [x for part in runs for x in part] == serial


@pytest.mark.parametrize("stop_at", [0, 1])
@pytest.mark.parametrize("tasks", [1, 7, 64])
def test_stats_add_up_on_knuths_example_and_queens(stop_at, tasks):
    for p, trace in [(known.knuth_problem(), ref.dlx1_trace(known.KNUTH_NUMBERED, 5, 7, stop_at=stop_at)),
                     (known.queens(7), ref.dlx1_trace(*known.queens_options(7), stop_at=stop_at))]:
        s, r = split_and_run(p, tasks, 2, stop_at)
        assert s.stats.nodes + sum(r.nodes) == trace["nodes"]
        assert s.stats.updates + sum(r.updates) == trace["updates"]
        assert len(s.solutions) + sum(r.count) == len(trace["solutions"])


@pytest.mark.parametrize("stop_at", [0, 1])
def test_pentominoes_split_equals_serial(stop_at):
    p, _ = pentominoes(3, 20)  # more than 64 primary items: the branching keeps a count of active items
    serial = p.search(stop_at=stop_at)
    want = serial.count()
    s, r = split_and_run(p, 40, 2, stop_at)
    assert len(s.solutions) + sum(r.count) == want == 8
    assert s.stats.nodes + sum(r.nodes) == serial.stats.nodes
    assert s.stats.updates + sum(r.updates) == serial.stats.updates
    assert p.count(threads=2, stop_at=stop_at) == want and last_stats().nodes == serial.stats.nodes


@pytest.mark.parametrize("puzzle", sorted(known.GOLDEN_SPECIAL))
def test_sudoku_count_with_threads_reproduces_dlx1(puzzle):
    count, nodes, updates = known.GOLDEN_SPECIAL[puzzle]
    s = Sudoku(puzzle)
    assert s.count(threads=2, stop_at=0) == count
    assert (last_stats().nodes, last_stats().updates) == (nodes, updates)
    sols = list(s.solutions(threads=2))
    assert len(sols) == count and all(known.verified(x, puzzle) for x in sols)
    assert sorted(map(str, sols)) == sorted(map(str, s.solutions()))


def test_golden_sudoku_sum_split_over_tasks():
    """golden.md: the sums of solutions, nodes and updates over hardest.txt, each puzzle split in tasks."""
    want = known.GOLDEN_SUM["hardest"]
    got = np.zeros(3, np.int64)
    for text in known.load("hardest")["lines"]:
        p, _, givens = Sudoku(text).to_problem()
        s, r = split_and_run(p, 8, 2, 0, givens)
        got += (len(s.solutions) + sum(r.count), s.stats.nodes + sum(r.nodes), s.stats.updates + sum(r.updates))
    assert tuple(got.tolist()) == want


def test_small_solution_buffers_lose_nothing(monkeypatch):
    monkeypatch.setattr(S, "SOLUTION_BUFFER", 30)  # a lane pauses after a solution or two
    p, _ = queens(9)
    for threads in (1, 2):
        s, r = split_and_run(p, 6, threads, 1, mode="solutions")
        got = s.solutions + [x for part in r.solutions for x in part]
        assert len(got) == 352 and sorted(got) == sorted(p.solutions())


def test_the_serial_path_is_unchanged_without_threads():
    p, _ = queens(8)
    assert p.count(threads=1) == p.count() == 92
    assert last_stats().status == Status.COMPLETE and len(last_stats().profile) > 0  # the serial search's own Stats
    first = next(p.solutions(threads=None))
    assert first == p.solve()


def test_task_results_are_plain_and_picklable():
    p, _ = queens(6)
    s, r = split_and_run(p, 4, 2, 1, mode="solutions")
    for obj in (s, r):
        again = pickle.loads(pickle.dumps(obj))
        assert again == obj
    assert all(type(x) is int for x in r.count + r.nodes + r.updates)
    assert all(type(x) is float for x in r.seconds)
    assert r.stats().solutions == sum(r.count)


def test_weights_order_the_run_not_the_results():
    p, _ = queens(8)
    s = p.split(tasks=12)
    a = S.run_tasks(p, s.subproblems, threads=2)
    b = S.run_tasks(p, s.subproblems, threads=2, weights=s.weights)
    assert (a.count, a.nodes, a.updates) == (b.count, b.nodes, b.updates)


def test_split_is_adaptive_and_estimates_are_sane():
    p, _ = queens(10)
    s = p.split(tasks=16, probe_nodes=10)  # estimates, not exact dry runs
    assert len(s) >= 16 and not all(s.exact)
    r = S.run_tasks(p, s.subproblems, weights=s.weights)
    work = np.array(r.nodes) + np.array(r.updates)
    assert 0.2 < sum(s.weights) / work.sum() < 5  # Knuth's estimate: right order of magnitude
    exact = np.array(s.exact)
    assert np.array_equal(np.array(s.weights)[exact], work[exact])


def test_a_solved_root_is_a_solution_above_the_subtrees():
    p = ExactCover.from_options([["a"], ["b"]])
    s = p.split(tasks=4, given=[0, 1])
    assert s.subproblems == [] and s.solutions == [[0, 1]] and s.stats.nodes == 1
    assert p.count(threads=2, given=[0, 1]) == 1


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
    (lambda p: S.run_tasks(p, [[0]], "all"), "mode must be 'count' or 'solutions', not 'all'"),
    (lambda p: S.run_tasks(p, [[0], [1]], weights=[1.0]), "weights must be 2 non-negative numbers"),
    (lambda p: S.run_tasks(p, [[99]]), "job 0: option index 99 is out of range"),
    (lambda p: S.run_tasks(p, [[0]], on_done=3), "on_done must be callable, not 3"),
    (lambda p: S.makespan([1.0], 0), "workers must be a positive integer, not 0"),
    (lambda p: S.run_split(p, "solutions", checkpoint="x"), "checkpoint= records counts only"),
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


# ---------------------------------------------------------------- checkpoints


def interrupted_count(p, path, monkeypatch, after, **kw):
    """Start a checkpointed count and stop it (Ctrl-C) at the first progress report
    with ``after`` tasks done."""
    monkeypatch.setattr(B, "WORK_SLICE", 200)  # return to Python often
    monkeypatch.setattr(S, "TASK_SLICE", 1e-6)
    seen = []

    def progress(report):
        seen.append(report)
        if report.done >= after:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        p.count(checkpoint=path, progress=progress, progress_interval=0, **kw)
    monkeypatch.undo()
    return seen


@pytest.mark.parametrize("threads", [1, 2])
def test_an_interrupted_count_resumes_doing_only_the_rest(tmp_path, monkeypatch, threads):
    p, _ = queens(9)
    path = tmp_path / "q9.ckpt"
    seen = interrupted_count(p, path, monkeypatch, 3, threads=threads, stop_at=0)
    assert 0 <= seen[-1].fraction < 1
    before = S.Checkpoint.load(path, p, stop_at=0)
    done = set(before.done)
    assert 0 < len(done) < len(before.split)
    r = S.run_split(p, threads=threads, stop_at=0, checkpoint=path)
    serial = p.search(stop_at=0)
    assert r.count == serial.count() == 352
    assert sorted(r.ran) == sorted(set(range(len(before.split))) - done)  # only the rest
    assert (r.stats.nodes, r.stats.updates) == (serial.stats.nodes, serial.stats.updates)
    assert S.Checkpoint.load(path, p, stop_at=0).complete
    again = S.run_split(p, stop_at=0, checkpoint=path)  # all done: nothing runs
    assert again.ran == [] and again.count == 352


def test_split_progress_reports_the_weights_done(monkeypatch):
    monkeypatch.setattr(S, "TASK_SLICE", 1e-6)
    p, _ = queens(9)
    seen = []
    assert p.count(threads=2, progress=seen.append, progress_interval=0) == 352
    fractions = [r.fraction for r in seen]
    assert len(seen) > 2 and fractions == sorted(fractions) and 0 < fractions[-1] <= 1
    assert [r.done for r in seen] == sorted(r.done for r in seen)
    assert all(r.unit == "tasks" and r.total == seen[0].total and r.solutions <= 352 for r in seen)
    assert all(r.remaining is None or r.remaining >= 0 for r in seen)


def test_a_timed_out_count_resumes(tmp_path):
    p, _ = queens(8)
    path = tmp_path / "q8.ckpt"
    with pytest.raises(LimitReached):
        p.count(threads=2, checkpoint=path, timeout=0)
    assert p.count(threads=2, checkpoint=path) == 92
    assert Sudoku(known.FIVE).count(checkpoint=tmp_path / "five") == 5


def test_a_checkpoint_of_another_problem_is_refused(tmp_path):
    p, _ = queens(6)
    path = tmp_path / "c"
    assert p.count(checkpoint=path) == 4
    with pytest.raises(ExactCoverError, match="was made for another problem"):
        queens(7)[0].count(checkpoint=path)
    with pytest.raises(ExactCoverError, match="was made for another stop_at"):
        p.count(checkpoint=path, stop_at=0)
    with pytest.raises(ExactCoverError, match="was made for another given options"):
        p.count(checkpoint=path, given=[1])
    (tmp_path / "junk").write_text("hello\n")
    with pytest.raises(ExactCoverError, match="is not a dlxnumba checkpoint"):
        p.count(checkpoint=tmp_path / "junk")


def test_torn_and_repeated_records(tmp_path):
    p, _ = queens(7)
    path = tmp_path / "c"
    ck = S.Checkpoint.open(path, p, tasks=6)
    r = S.run_tasks(p, ck.split.subproblems)
    rec = [(i, r.count[i], r.nodes[i], r.updates[i], r.seconds[i]) for i in range(len(r))]
    ck.record(rec[:2])
    ck.record(rec[:3])  # task 0 and 1 again: skipped
    with open(path, "a") as f:
        f.write('{"task": 3, "cou')  # a crash in the middle of a line
    again = S.Checkpoint.load(path, p)
    assert sorted(again.done) == [0, 1, 2]
    assert open(path).read().endswith("\n")  # the torn line is gone
    again.record(rec)
    assert again.complete and again.total()[0] == 40
    lines = open(path).read().splitlines()
    assert len(lines) == 1 + len(rec)
    bad = json.loads(lines[1])
    bad["count"] += 1
    with open(path, "a") as f:
        f.write(json.dumps(bad) + "\n")
    with pytest.raises(ExactCoverError, match="recorded twice with different results"):
        S.Checkpoint.load(path, p)


# ---------------------------------------------------------------- scaling


def best_makespan(seconds, workers):
    """The optimal makespan, by trying every assignment (small cases only)."""
    import itertools

    best = float("inf")
    for assign in itertools.product(range(workers), repeat=len(seconds)):
        loads = [0.0] * workers
        for x, w in zip(seconds, assign):
            loads[w] += x
        best = min(best, max(loads))
    return best if seconds else 0.0


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(0, 100), max_size=30), st.integers(1, 8))
def test_lpt_makespan_is_within_list_scheduling_bounds(seconds, workers):
    span = S.makespan(seconds, workers)
    lower = max([sum(seconds) / workers] + seconds)
    assert lower - 1e-9 <= span <= sum(seconds) / workers + max(seconds, default=0) + 1e-9
    assert S.speedup(seconds, workers) <= workers + 1e-9


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 20), max_size=7), st.integers(1, 3))
def test_lpt_makespan_is_within_grahams_four_thirds_of_the_best(seconds, workers):
    best = best_makespan(seconds, workers)
    assert best - 1e-9 <= S.makespan(seconds, workers) <= (4 / 3 - 1 / (3 * workers)) * best + 1e-9


def test_makespan_of_a_known_schedule():
    # LPT: 7 -> w0, 6 -> w1, 5 -> w2, 4 -> w2 (9), 3 -> w1 (9), 2 -> w0 (9)
    assert S.makespan([2, 3, 4, 5, 6, 7], 3) == 9.0
    assert S.speedup([2, 3, 4, 5, 6, 7], 3, serial=3.0) == 30.0 / 12.0


def test_split_searches_refuse_colors_bounds_and_cells():
    """Split searches run plain problems on dancing links; anything else is named."""
    colored = ExactCover.from_options([["a", ("x", "A")], ["b", ("x", "A")], ["a", "b"]], primary="a b",
                                      secondary="x")
    bounded = ExactCover.from_options([["a"], ["a"], ["b"]], bounds={"a": (1, 2)})
    plain_p = ExactCover.from_options([["a"], ["b"], ["a", "b"]])
    for p in (colored, bounded):
        with pytest.raises(ExactCoverError, match="colors or bounds"):
            p.count(threads=2)
        with pytest.raises(ExactCoverError, match="colors or bounds"):
            list(p.solutions(threads=2))
        with pytest.raises(ExactCoverError, match="colors or bounds"):
            p.split(2)
        assert p.count() == p.count(threads=1) >= 1
    with pytest.raises(ExactCoverError, match="algorithm must be 'links', not 'cells'"):
        plain_p.count(threads=2, algorithm="cells")
    assert plain_p.count(threads=2) == plain_p.count() == 2


@pytest.mark.parametrize("threads", [1, 2])
def test_the_split_measures_on_threads_deterministically(threads):
    p, _ = pentominoes(3, 20)
    a = p.split(tasks=100, threads=threads, seed=3)
    b = p.split(tasks=100, threads=threads, seed=3)
    assert (a.subproblems, a.weights, a.solutions) == (b.subproblems, b.weights, b.solutions)
    r = S.run_tasks(p, a.subproblems, threads=2)
    assert len(a.solutions) + sum(r.count) == 8
    serial = p.search()
    assert serial.count() == 8 and a.stats.nodes + sum(r.nodes) == serial.stats.nodes


# ---------------------------------------------------------------- cuts


@SETTINGS
@given(problems(), st.integers(1, 6), st.sampled_from([1, 2]), st.sampled_from([0, 1]), st.integers(1, 12))
def test_cut_tasks_equal_the_trace(prob, tasks, threads, stop_at, budget):
    """Tasks stopped at a node budget of 1 to 12 nodes and their remainders
    searched in later rounds: the same solutions, nodes and updates as DLX1."""
    options, n1, n = prob
    p = numbered(options, n1, n)
    trace = ref.dlx1_trace(options, n1, n, stop_at=stop_at)
    r = S.run_split(p, "solutions", threads=threads, stop_at=stop_at, tasks=tasks, budget=budget)
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
        r = S.run_split(p, threads=2, stop_at=stop_at, tasks=4, budget=budget)
        assert r.cuts > 0 and r.count == n
        assert (r.stats.nodes, r.stats.updates) == (serial.stats.nodes, serial.stats.updates)


def test_a_cut_sudoku_count_equals_the_serial_count():
    s = Sudoku("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    p, _, g = s.to_problem()
    serial = p.search(given=g, stop_at=1)
    serial.count()
    r = S.run_split(p, given=g, threads=2, tasks=2, budget=10)
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
        r = S.run_split(p, "solutions", given=g, threads=2, stop_at=stop_at, tasks=1)
        assert r.budget is None and r.cuts > 0
        assert r.count == len(want) and sorted(r.solutions) == want
        assert (r.stats.nodes, r.stats.updates) == (serial.stats.nodes, serial.stats.updates)
        assert all(q is None or q < i for i, q in enumerate(r.parents))
        assert S.run_split(p, given=g, threads=2, stop_at=stop_at, tasks=1).count == len(want)


def test_a_budget_by_default_only_when_planning_for_workers():
    p, _ = queens(10)
    r = S.run_split(p, threads=2, tasks=4)
    assert r.budget is None and r.count == 724  # the threads share the work instead
    r = S.run_split(p, threads=2, tasks=4, workers=64)
    assert r.budget >= S.MIN_CUT_NODES and r.count == 724
    assert S.run_split(p, threads=2, tasks=4, cuts=False, workers=64).budget is None


def test_cut_progress_keeps_rising(monkeypatch):
    monkeypatch.setattr(S, "TASK_SLICE", 1e-6)
    p, _ = queens(9)
    seen = []
    r = S.run_split(p, threads=2, tasks=4, budget=100, progress=seen.append, progress_interval=0)
    assert r.cuts > 0 and r.count == 352
    fractions = [x.fraction for x in seen]
    assert len(seen) > 2 and fractions == sorted(fractions) and 0 <= fractions[0] and fractions[-1] <= 1
    assert all(x.solutions <= 352 for x in seen)


def test_a_checkpointed_run_does_not_cut(tmp_path):
    p, _ = queens(8)
    r = S.run_split(p, checkpoint=tmp_path / "c", tasks=4, budget=10)
    assert r.cuts == 0 and r.budget is None and r.count == 92


def test_schedule_with_release_times():
    # task 0 (4 s) releases 2 and 3 (3 s each) when it ends; task 1 takes 1 s
    assert S.schedule([4, 1, 3, 3], [None, None, 0, 0], 2) == 7.0
    assert S.schedule([4, 1, 3, 3], [None, None, 0, 0], 1) == 11.0
    assert S.speedup_of_tree([4, 1, 3, 3], [None, None, 0, 0], 2, serial=1.0) == 12.0 / 8.0


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(0, 100), max_size=30), st.integers(1, 8))
def test_schedule_without_parents_is_the_makespan(seconds, workers):
    assert S.schedule(seconds, [None] * len(seconds), workers) == pytest.approx(S.makespan(seconds, workers))


@settings(max_examples=60, deadline=None)
@given(st.data(), st.integers(1, 6))
def test_schedule_respects_the_chains(data, workers):
    """No faster than the longest chain of parents, nor than the work over the workers."""
    n = data.draw(st.integers(0, 20))
    seconds = data.draw(st.lists(st.floats(0, 10), min_size=n, max_size=n))
    parents = [None if i == 0 else data.draw(st.one_of(st.none(), st.integers(0, i - 1))) for i in range(n)]
    chain = [0.0] * n
    for i in range(n):
        chain[i] = seconds[i] + (chain[parents[i]] if parents[i] is not None else 0.0)
    span = S.schedule(seconds, parents, workers)
    assert span >= max(chain, default=0.0) - 1e-6 and span >= sum(seconds) / workers - 1e-6
    assert span <= sum(seconds) + 1e-6
