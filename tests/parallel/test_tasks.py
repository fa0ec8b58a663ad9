"""dlxnumba.parallel.tasks: subproblems run on the lanes, each counted as a search with its path given."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

import known
from dlxnumba import ExactCoverError, Sudoku, queens
from dlxnumba.parallel import tasks as T
from splitting import split_and_run


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
    monkeypatch.setattr(T, "SOLUTION_BUFFER", 30)  # a lane pauses after a solution or two
    p, _ = queens(9)
    for threads in (1, 2):
        s, r = split_and_run(p, 6, threads, 1, listing=True)
        got = s.solutions + [x for part in r.solutions for x in part]
        assert len(got) == 352 and sorted(got) == sorted(p.solutions())


def test_task_results_are_plain_and_picklable():
    p, _ = queens(6)
    s, r = split_and_run(p, 4, 2, 1, listing=True)
    for obj in (s, r):
        again = pickle.loads(pickle.dumps(obj))
        assert again == obj
    assert all(type(x) is int for x in r.count + r.nodes + r.updates)
    assert all(type(x) is float for x in r.seconds)
    assert r.stats().solutions == sum(r.count)


def test_weights_order_the_run_not_the_results():
    p, _ = queens(8)
    s = p.split(tasks=12)
    a = T.count_tasks(p, s.subproblems, threads=2)
    b = T.count_tasks(p, s.subproblems, threads=2, weights=s.weights)
    assert (a.count, a.nodes, a.updates) == (b.count, b.nodes, b.updates)


def test_count_and_solutions_are_a_pair():
    p, _ = queens(8)
    s = p.split(tasks=10)
    c = T.count_tasks(p, s.subproblems, threads=2)
    sols = T.solutions_tasks(p, s.subproblems, threads=2)
    assert c.solutions is None and [len(x) for x in sols.solutions] == c.count == sols.count
    assert (c.nodes, c.updates) == (sols.nodes, sols.updates)


def test_on_done_hears_of_every_task_once():
    p, _ = queens(9)
    s = p.split(tasks=20)
    heard = []
    r = T.count_tasks(p, s.subproblems, threads=2, on_done=heard.extend)
    assert sorted(i for i, *_ in heard) == list(range(len(s.subproblems)))
    assert {i: c for i, c, *_ in heard} == dict(enumerate(r.count))


@pytest.mark.parametrize("call, message", [
    (lambda p: T.count_tasks(p, [[0], [1]], weights=[1.0]), "weights must be 2 non-negative numbers"),
    (lambda p: T.count_tasks(p, [[0]], weights="ab"), "weights must be 1 non-negative numbers"),
    (lambda p: T.count_tasks(p, [[99]]), "job 0: option index 99 is out of range"),
    (lambda p: T.count_tasks(p, [[0]], on_done=3), "on_done must be callable, not 3"),
    (lambda p: T.solutions_tasks(p, [[0]], share="yes"), "share must be True or False"),
    (lambda p: T.count_tasks(p, [[0]], threads=0), "threads must be a positive integer or None, not 0"),
])
def test_bad_arguments_are_named(call, message):
    p, _ = queens(5)
    with pytest.raises(ExactCoverError, match=message):
        call(p)
