"""dlxnumba.parallel.schedule: the scheduling model against brute force and list-scheduling bounds."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dlxnumba import ExactCoverError
from dlxnumba.parallel.schedule import makespan, schedule, speedup, speedup_of_tree
from strategies import examples


def best_makespan(seconds, workers):
    """The optimal makespan, by trying every assignment (small cases only)."""
    best = float("inf")
    for assign in itertools.product(range(workers), repeat=len(seconds)):
        loads = [0.0] * workers
        for x, w in zip(seconds, assign):
            loads[w] += x
        best = min(best, max(loads))
    return best if seconds else 0.0


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.floats(0, 100), max_size=30), st.integers(1, 8))
def test_lpt_makespan_is_within_list_scheduling_bounds(seconds, workers):
    span = makespan(seconds, workers)
    lower = max([sum(seconds) / workers] + seconds)
    assert lower - 1e-9 <= span <= sum(seconds) / workers + max(seconds, default=0) + 1e-9
    assert speedup(seconds, workers) <= workers + 1e-9


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.integers(0, 20), max_size=7), st.integers(1, 3))
def test_lpt_makespan_is_within_grahams_four_thirds_of_the_best(seconds, workers):
    best = best_makespan(seconds, workers)
    assert best - 1e-9 <= makespan(seconds, workers) <= (4 / 3 - 1 / (3 * workers)) * best + 1e-9


def test_makespan_of_a_known_schedule():
    # LPT: 7 -> w0, 6 -> w1, 5 -> w2, 4 -> w2 (9), 3 -> w1 (9), 2 -> w0 (9)
    assert makespan([2, 3, 4, 5, 6, 7], 3) == 9.0
    assert speedup([2, 3, 4, 5, 6, 7], 3, serial=3.0) == 30.0 / 12.0
    with pytest.raises(ExactCoverError, match="workers must be a positive integer, not 0"):
        makespan([1.0], 0)


def test_schedule_with_release_times():
    # task 0 (4 s) releases 2 and 3 (3 s each) when it ends; task 1 takes 1 s
    assert schedule([4, 1, 3, 3], [None, None, 0, 0], 2) == 7.0
    assert schedule([4, 1, 3, 3], [None, None, 0, 0], 1) == 11.0
    assert speedup_of_tree([4, 1, 3, 3], [None, None, 0, 0], 2, serial=1.0) == 12.0 / 8.0


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.floats(0, 100), max_size=30), st.integers(1, 8))
def test_schedule_without_parents_is_the_makespan(seconds, workers):
    assert schedule(seconds, [None] * len(seconds), workers) == pytest.approx(makespan(seconds, workers))


@settings(max_examples=examples(60), deadline=None)
@given(st.data(), st.integers(1, 6))
def test_schedule_respects_the_chains(data, workers):
    """No faster than the longest chain of parents, nor than the work over the workers."""
    n = data.draw(st.integers(0, 20))
    seconds = data.draw(st.lists(st.floats(0, 10), min_size=n, max_size=n))
    parents = [None if i == 0 else data.draw(st.one_of(st.none(), st.integers(0, i - 1))) for i in range(n)]
    chain = [0.0] * n
    for i in range(n):
        chain[i] = seconds[i] + (chain[parents[i]] if parents[i] is not None else 0.0)
    span = schedule(seconds, parents, workers)
    assert span >= max(chain, default=0.0) - 1e-6 and span >= sum(seconds) / workers - 1e-6
    assert span <= sum(seconds) + 1e-6
