"""dlxnumba.parallel.split: the subproblems of a split cover the search tree once, and
check_split knows a split of the tree from anything else."""

from __future__ import annotations

import copy

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import known
import reference as ref
from dlxnumba import ExactCover, ExactCoverError, last_stats, pentominoes, queens
from dlxnumba.parallel.split import Split, SplitOptions, check_split, check_splittable, split
from dlxnumba.parallel.tasks import count_tasks
from splitting import check_against_trace, numbered, split_and_run
from strategies import examples, problems

SETTINGS = settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])


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


def test_split_is_adaptive_and_estimates_are_sane():
    p, _ = queens(10)
    s = p.split(tasks=16, probe_nodes=10)  # estimates, not exact dry runs
    assert len(s) >= 16 and not all(s.exact)
    r = count_tasks(p, s.subproblems, weights=s.weights)
    work = np.array(r.nodes) + np.array(r.updates)
    assert 0.2 < sum(s.weights) / work.sum() < 5  # Knuth's estimate: right order of magnitude
    exact = np.array(s.exact)
    assert np.array_equal(np.array(s.weights)[exact], work[exact])


def test_a_solved_root_is_a_solution_above_the_subtrees():
    p = ExactCover.from_options([["a"], ["b"]])
    s = p.split(tasks=4, given=[0, 1])
    assert s.subproblems == [] and s.solutions == [[0, 1]] and s.stats.nodes == 1
    assert p.count(threads=2, given=[0, 1]) == 1
    check_split(s)


@pytest.mark.parametrize("threads", [1, 2])
def test_the_split_measures_on_threads_deterministically(threads):
    p, _ = pentominoes(3, 20)
    a = p.split(tasks=100, threads=threads, seed=3)
    b = p.split(tasks=100, threads=threads, seed=3)
    assert (a.subproblems, a.weights, a.solutions) == (b.subproblems, b.weights, b.solutions)
    r = count_tasks(p, a.subproblems, threads=2)
    assert len(a.solutions) + sum(r.count) == 8
    serial = p.search()
    assert serial.count() == 8 and a.stats.nodes + sum(r.nodes) == serial.stats.nodes


def test_split_searches_refuse_colors_bounds_and_cells():
    """Split searches run plain problems on dancing links; anything else is named,
    in the words of the call that split (and saying what to do)."""
    colored = ExactCover.from_options([["a", ("x", "A")], ["b", ("x", "A")], ["a", "b"]], primary="a b",
                                      secondary="x")
    bounded = ExactCover.from_options([["a"], ["a"], ["b"]], bounds={"a": (1, 2)})
    plain_p = ExactCover.from_options([["a"], ["b"], ["a", "b"]])
    for p, has in ((colored, "colors"), (bounded, "bounds")):
        with pytest.raises(ExactCoverError, match=f"threads= and checkpoint=: .*colors or bounds, and this one "
                                                  f"has {has}; leave them out to search it serially"):
            p.count(threads=2)
        with pytest.raises(ExactCoverError, match="colors or bounds"):
            list(p.solutions(threads=2))
        with pytest.raises(ExactCoverError, match=r"split\(\): .*colors or bounds.*search it serially"):
            p.split(2)
        with pytest.raises(ExactCoverError, match=r"count_tasks\(\): .*colors or bounds"):
            count_tasks(p, [[0]])
        assert p.count() == p.count(threads=1) >= 1
    with pytest.raises(ExactCoverError, match="algorithm must be 'links', not 'cells'"):
        plain_p.count(threads=2, algorithm="cells")
    assert plain_p.count(threads=2) == plain_p.count() == 2
    with pytest.raises(ValueError, match="--dask: .* has colors; do this"):
        check_splittable(colored, asked="--dask", instead="do this", error=ValueError)


def test_split_options_are_checked_once():
    assert SplitOptions(tasks=np.int64(3), cheap=np.True_) == SplitOptions(tasks=3, cheap=True)
    for kwargs, message in [({"probe_nodes": 0}, "probe_nodes must be a positive integer"),
                            ({"seed": -1}, "seed must be a non-negative integer"),
                            ({"cuts": 1}, "cuts must be True or False"),
                            ({"budget": 2.5}, "budget must be a positive integer")]:
        with pytest.raises(ExactCoverError, match=message):
            SplitOptions(**kwargs)


# ---------------------------------------------------------------- check_split


@SETTINGS
@given(problems(), st.integers(1, 12), st.sampled_from([0, 1]), st.booleans())
def test_every_split_passes_its_check(prob, tasks, stop_at, cheap):
    options, n1, n = prob
    p = numbered(options, n1, n)
    check_split(split(p, tasks, stop_at=stop_at, cheap=cheap))


def _mutate(s: Split, kind: str, k: int, j: int, n_options: int) -> Split | None:
    """``s`` with one thing changed (None when that cannot be done on this split)."""
    s = copy.deepcopy(s)
    subs = s.subproblems
    if kind == "drop":
        if not subs:
            return None
        subs.pop(k % len(subs))
    elif kind == "duplicate":
        if not subs:
            return None
        subs.insert(k % (len(subs) + 1), subs[k % len(subs)])
    elif kind == "option":
        if not subs or len(subs[k % len(subs)]) == len(s.given):
            return None
        sub = list(subs[k % len(subs)])
        at = len(s.given) + j % (len(sub) - len(s.given))
        new = (sub[at] + 1 + j % max(n_options - 1, 1)) % n_options
        if new == sub[at]:
            return None
        sub[at] = new
        subs[k % len(subs)] = tuple(sub)
    elif kind == "fake solution":
        s.solutions.append(sorted({k % n_options, j % n_options}))
    elif kind == "drop solution":
        if not s.solutions:
            return None
        s.solutions.pop(k % len(s.solutions))
    else:  # "stats": nodes, updates or max_level off by one
        name = ("nodes", "updates", "max_level")[j % 3]
        setattr(s.stats, name, getattr(s.stats, name) + (1 if k % 2 or not getattr(s.stats, name) else -1))
    return s


@SETTINGS
@given(problems(), st.integers(1, 12), st.sampled_from([0, 1]),
       st.sampled_from(["drop", "duplicate", "option", "fake solution", "drop solution", "stats"]),
       st.integers(0, 1000), st.integers(0, 1000))
def test_a_changed_split_fails_its_check(prob, tasks, stop_at, kind, k, j):
    """A subproblem dropped, duplicated or changed, a solution added or dropped, a
    statistic changed: check_split names it."""
    options, n1, n = prob
    p = numbered(options, n1, n)
    if not p.n_options:
        return
    bad = _mutate(split(p, tasks, stop_at=stop_at), kind, k, j, p.n_options)
    if bad is None:
        return
    with pytest.raises(ExactCoverError):
        check_split(bad)


def test_check_split_names_what_is_wrong():
    p, _ = queens(8)
    s = p.split(tasks=20)
    check_split(s)
    bad = copy.deepcopy(s)
    bad.subproblems.append(bad.subproblems[3])
    with pytest.raises(ExactCoverError, match="subproblems 3 and .* are the same node"):
        check_split(bad)
    bad = copy.deepcopy(s)
    bad.subproblems[5] = bad.subproblems[5][:-1] + (p.n_options - 1,)
    with pytest.raises(ExactCoverError, match=r"subproblem 5 \[.*\] is not a node of the search tree"):
        check_split(bad)
    bad = copy.deepcopy(s)
    bad.solutions.append([0, 9, 18])
    with pytest.raises(ExactCoverError, match="lists 1 solutions above its subproblems; the search tree has 0"):
        check_split(bad)
    bad = copy.deepcopy(s)
    bad.stats.updates += 1
    with pytest.raises(ExactCoverError, match="stats give .* updates"):
        check_split(bad)
