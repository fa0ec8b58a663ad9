"""Multiplicities (Knuth's Algorithm M, his program DLX3): bounds on the primary
items, with and without colors, against DLX3's own figures and a brute-force oracle."""

from __future__ import annotations

import pickle
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dlxnumba.search as search_module
from dlxnumba import last_stats
from dlxnumba import ExactCover, ExactCoverError
from dlxnumba.errors import DLXFormatError
from reference import colored_solutions_by_subsets, is_colored_cover
from colored import (as_lists, check_batch_against_searches, colored_problems, golden, link_arrays, read_quietly,
                     run_in_node_slices)
from strategies import examples


def verify(p: ExactCover, solution) -> bool:
    options, colors, n1, n = as_lists(p)
    return is_colored_cover(options, colors, n1, n, solution, p.lower.tolist(), p.upper.tolist())


# ---------------------------------------------------------------------------
# DLX3's figures (../shared/golden.md)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name, solutions, nodes, updates, cleansings", [
    ("toy3.dlx", 1, 6, 14, 7),
    ("queendom4_6.dlx", 7996, 121492, 270897, 0),
])
def test_dlx3_figures(name, solutions, nodes, updates, cleansings):
    p = read_quietly(golden(name))
    assert p.has_bounds
    found = list(p.solutions(stop_at=0))
    s = last_stats()
    assert (len(found), s.nodes, s.updates, s.cleansings) == (solutions, nodes, updates, cleansings)
    assert len({frozenset(sol) for sol in found}) == len(found)
    assert all(verify(p, sol) for sol in found)
    assert p.count() == solutions
    assert (last_stats().nodes, last_stats().updates, last_stats().cleansings) == (nodes, updates, cleansings)


def test_toy3_solution_is_dlx3s():
    """DLX3's introduction: the unique solution is 'A C X:1 Y:1', 'B X:1', 'C Y:1'."""
    p = ExactCover.from_dlx(golden("toy3.dlx"))
    (sol,) = p.solutions()
    assert sorted(p.option_names(sol)) == [("A", "C", "X", "Y"), ("B", "X"), ("C", "Y")]
    assert p.colors_of(sol) == {"X": "1", "Y": "1"}
    assert (p.lower.tolist(), p.upper.tolist()) == ([1, 1, 2], [1, 1, 3])


def test_queendom_solutions_dominate_the_board_independently():
    """Every solution of queendom4_6 (6 queens on 4x4) is checked on the board:
    6 distinct squares, and every square occupied or attacked."""
    p = read_quietly(golden("queendom4_6.dlx"))
    boards = set()
    for sol in p.solutions():
        squares = [next(nm for nm in p.option_names(j) if nm != "Q") for j in sol]
        queens = [(int(s[0]), int(s[1])) for s in squares]
        assert len(set(queens)) == 6
        for r in range(4):
            for c in range(4):
                assert any(r == a or c == b or abs(r - a) == abs(c - b) for a, b in queens)
        boards.add(frozenset(queens))
    # and the count is the number of 6-subsets of the 16 squares that dominate
    squares = [(r, c) for r in range(4) for c in range(4)]
    dominating = sum(
        all(any(r == a or c == b or abs(r - a) == abs(c - b) for a, b in qs) for r, c in squares)
        for qs in combinations(squares, 6))
    assert len(boards) == dominating == 7996


# ---------------------------------------------------------------------------
# The representation and the text
# ---------------------------------------------------------------------------


def test_bounds_forms_agree():
    a = ExactCover.from_options(["A B", "B C", "C", "A"], bounds={"B": (0, 2), "C": 2})
    assert (a.lower.tolist(), a.upper.tolist()) == ([1, 0, 2], [1, 2, 2])
    b = ExactCover.from_dlx("A 0:2|B 2|C\nA B\nB C\nC\nA\n")
    assert a == b and hash(a) == hash(b)
    assert pickle.loads(pickle.dumps(a)) == a
    assert a.to_dlx().splitlines()[0] == "A 0:2|B 2|C"
    plain = ExactCover.from_options(["A B", "B C", "C", "A"])
    assert a != plain and not plain.has_bounds
    assert ExactCover.from_options(["A B", "B C"], bounds={"A": (1, 1)}) == ExactCover.from_options(["A B", "B C"])


@pytest.mark.parametrize("bounds, fragment", [
    ({"A": (3, 2)}, "lower bound exceeds the upper bound"),
    ({"A": 0}, "upper bound is zero"),
    ({"A": (0, 0)}, "upper bound is zero"),
    ({"A": (-1, 2)}, "between 0 and"),
    ({"X": 2}, "secondary item 'X'"),
    ({"Z": 2}, "unknown item 'Z'"),
    ({"A": "2"}, "integer v or a pair"),
    ({"A": (1, 2, 3)}, "integer v or a pair"),
    ([("A", 2)], "must be a mapping"),
])
def test_bad_bounds_are_refused(bounds, fragment):
    with pytest.raises(ExactCoverError, match=fragment):
        ExactCover.from_options(["A X", "A"], secondary=["X"], bounds=bounds)


@pytest.mark.parametrize("text, fragment", [
    ("3:2|A\nA\n", "lower bound exceeds the upper bound"),
    ("0|A\nA\n", "upper bound zero"),
    ("0:0|A\nA\n", "upper bound zero"),
    ("A | 2|X\nA\n", "secondary item 'X' cannot have bounds"),
    ("x:2|A\nA\n", "not an item name or bounds"),
    ("2:|A\nA\n", "not an item name or bounds"),
    ("2|\nA\n", "name no item"),
    ("A|\nA\n", "with white space around it"),
    ("1:2:3|A\nA\n", "not an item name or bounds"),
])
def test_bad_bounds_in_text_name_the_line(text, fragment):
    with pytest.raises(DLXFormatError) as e:
        ExactCover.from_dlx("| bounds\n" + text)
    assert "line 2" in str(e.value) and fragment in str(e.value)


# ---------------------------------------------------------------------------
# The search against the oracle
# ---------------------------------------------------------------------------


@st.composite
def bounded_problems(draw, max_items=6, max_options=10):
    """(options, colors, n_primary, n_items, lower, upper)."""
    options, colors, n1, n = draw(colored_problems(max_items=max_items, max_options=max_options,
                                                   n_colors=draw(st.sampled_from([0, 2]))))
    upper = draw(st.lists(st.integers(1, 3), min_size=n1, max_size=n1))
    lower = [draw(st.integers(0, v)) for v in upper]
    return options, colors, n1, n, lower, upper


def build(prob) -> ExactCover:
    options, colors, n1, n, lower, upper = prob
    from colored import build as build_colored

    return build_colored((options, colors, n1, n), lower=np.array(lower), upper=np.array(upper))


@settings(max_examples=examples(200), deadline=None)
@given(bounded_problems())
def test_same_solutions_as_the_oracle(prob):
    p = build(prob)
    options, colors, n1, n, lower, upper = prob
    found = list(p.solutions())
    assert len(set(map(frozenset, found))) == len(found)
    assert {frozenset(s) for s in found} == colored_solutions_by_subsets(options, colors, n1, n, lower, upper)
    assert p.count() == len(found)


@settings(max_examples=examples(80), deadline=None)
@given(bounded_problems())
def test_links_colors_and_bounds_restored_after_a_full_search(prob):
    p = build(prob)
    s = p.search()
    if not p.has_bounds:
        return
    before = link_arrays(s) + [s.bounds[1].copy()]
    s.count()
    assert s.done
    for a, b in zip(before, link_arrays(s) + [s.bounds[1]]):
        assert np.array_equal(a, b)


@settings(max_examples=examples(60), deadline=None)
@given(bounded_problems(), st.integers(1, 4), st.integers(1, 6))
def test_resumed_in_slices_equals_one_run(prob, budget, slice_updates):
    p = build(prob)
    whole = list(p.solutions(stop_at=0))  # (stop_at matters when every bound is 1:1: a plain problem)
    w = last_stats()
    found, s = run_in_node_slices(p, budget, 0)
    assert found == whole
    assert (s.nodes, s.updates, s.cleansings, s.solutions) == (w.nodes, w.updates, w.cleansings, w.solutions)
    old = search_module.SLICE_UPDATES
    search_module.SLICE_UPDATES = slice_updates
    try:
        assert list(p.solutions(stop_at=0)) == whole
    finally:
        search_module.SLICE_UPDATES = old
    assert (last_stats().nodes, last_stats().updates) == (w.nodes, w.updates)


@settings(max_examples=examples(80), deadline=None)
@given(bounded_problems(), st.data())
def test_given_options_with_bounds(prob, data):
    p = build(prob)
    options, colors, n1, n, lower, upper = prob
    with_primary = [j for j, o in enumerate(options) if any(i < n1 for i in o)]
    if not with_primary:
        return
    chosen = data.draw(st.lists(st.sampled_from(with_primary), unique=True, max_size=3))
    expect = {s for s in colored_solutions_by_subsets(options, colors, n1, n, lower, upper) if set(chosen) <= s}
    together = is_colored_cover(options, colors, n1, n, chosen, [0] * n1, upper)
    if not together:
        with pytest.raises(ExactCoverError):
            p.search(given=chosen)
        return
    assert {frozenset(s) for s in p.solutions(given=chosen)} == expect


@settings(max_examples=examples(60), deadline=None)
@given(bounded_problems())
def test_dlx3_text_round_trip(prob):
    options, colors, n1, n, lower, upper = prob
    keep = [j for j, o in enumerate(options) if any(i < n1 for i in o)]
    p = build(([options[j] for j in keep], [colors[j] for j in keep], n1, n, lower, upper))
    q = ExactCover.from_dlx(p.to_dlx())
    assert q == p and q.to_dlx() == p.to_dlx()


def test_a_given_past_the_upper_bound_is_named():
    p = ExactCover.from_options(["A", "A B", "A"], bounds={"A": (1, 2)})
    with pytest.raises(ExactCoverError, match="cover item 'A' 3 times; its upper bound is 2"):
        p.solve(given=[0, 1, 2])
    assert sorted(p.solutions(given=[1])) == [[0, 1], [1], [1, 2]]


@settings(max_examples=examples(40), deadline=None)
@given(bounded_problems(), st.data(), st.integers(1, 3))
def test_batch_equals_searches(prob, data, limit):
    p = build(prob)
    if not p.n_options or not (p.has_colors or p.has_bounds):  # (plain problems: tests/test_batch.py)
        return
    jobs = data.draw(st.lists(st.lists(st.integers(0, p.n_options - 1), max_size=2), max_size=6))
    check_batch_against_searches(p, jobs, limit)


def test_batch_budget_per_job():
    from dlxnumba import Status

    p = read_quietly(golden("queendom4_6.dlx"))
    r = p.batch([[], [0]], limit=10**6, max_nodes=50, threads=1)
    assert r.status.tolist() == [Status.BUDGET, Status.BUDGET]
    assert all(n <= 50 + c for n, c in zip(r.nodes.tolist(), r.count.tolist()))


def test_batch_progress_reports_jobs():
    p = read_quietly(golden("queendom4_6.dlx"))
    reports = []
    r = p.batch([[], [0], [1], [2]], limit=10**6, threads=2, progress=reports.append, progress_interval=0)
    assert r.count.sum() > 0 and reports
    last = reports[-1]
    assert last.done <= 4 and last.total == 4 and last.solutions <= int(r.count.sum())
