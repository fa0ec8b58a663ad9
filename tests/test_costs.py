"""Minimum-cost exact covers (Knuth's DLX5, dlxnumba.costs): DLX5's own figures,
a brute-force oracle, budgets, resuming, Ctrl-C and bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import dlxnumba.costs as costs_module
from dlxnumba import Status
from dlxnumba import ExactCover, ExactCoverError, queens
from dlxnumba.costs import MAX_COST, Best, CostSearch
from dlxnumba.io.dlx import parse_dlx
from colored import GOLDEN, HERE, as_lists, build, colored_problems, golden
from strategies import examples
from reference import (cheapest_covers, colored_covers_by_backtracking, colored_solutions_by_subsets,
                       dlx5_option_lines, is_colored_cover)


def best(p, costs, k=1, **kwargs) -> Best:
    """``p.best(k)`` of the problem with ``costs`` (most tests draw the costs apart from the problem)."""
    return p.with_costs(costs).best(k, **kwargs)

PROPERTY = settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])

# ---------------------------------------------------------------------------
# DLX5's figures (../shared/golden.md, "Costs, ZDDs and preprocessing"):
# Knuth's program run with m0 (and k3), on the files in tests/golden
# ---------------------------------------------------------------------------

FIGURES = [
    # file, k, solutions, nodes, updates, cleansings, the k best costs
    ("cost_toy2.dlx", 1, 1, 4, 11, 4, [5]),
    ("cost_toy2.dlx", 3, 3, 6, 12, 5, [5, 5, 6]),
    ("cost_assign5.dlx", 1, 1, 9, 42, 0, [33]),
    ("cost_assign5.dlx", 3, 5, 21, 90, 0, [33, 39, 41]),
    ("cost_queens8.dlx", 1, 3, 166, 2955, 0, [19]),
    ("cost_queens8.dlx", 3, 6, 286, 5068, 0, [19, 24, 24]),
]


def read_with_costs(path) -> tuple[ExactCover, np.ndarray]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # toy2's option with no primary item
        t = parse_dlx(path)
    p = ExactCover(t.n_primary, t.item_names, t.opt_ptr, t.opt_items, t.opt_colors, t.color_names)
    return p, t.costs


def cost_from_text(p: ExactCover, text: str, solution) -> int:
    """A solution's cost read off the DLX text line by line, independently of the
    parser: each option of ``p`` is matched with the one line of its entries."""
    lines = dlx5_option_lines(text)
    total = 0
    for j in solution:
        entries = frozenset((str(name), None if c is None else str(c))
                            for name, c in zip(p.option_names(j), p.option_colors(j)))
        matches = [cost for e, cost in lines if e == entries]
        assert len(matches) == 1, (j, entries)
        total += matches[0]
    return total


@pytest.mark.parametrize("name, k, solutions, nodes, updates, cleansings, optimum", FIGURES)
def test_dlx5_figures(name, k, solutions, nodes, updates, cleansings, optimum):
    p, costs = read_with_costs(golden(name))
    b = best(p, costs, k)
    s = b.stats
    assert (s.solutions, s.nodes, s.updates, s.cleansings) == (solutions, nodes, updates, cleansings)
    assert b.costs == optimum and b.optimal and s.status == Status.COMPLETE
    # every solution checked independently: an exact cover, at the cost its lines say
    text = golden(name).read_text()
    options, colors, n1, n = as_lists(p)
    assert len(b.solutions) == k
    for cost, sol in b:
        assert is_colored_cover(options, colors, n1, n, sol)
        assert cost == cost_from_text(p, text, sol)
    assert len({tuple(sol) for sol in b.solutions}) == k
    # and they are the k cheapest of all solutions (brute force)
    every = cheapest_covers(options, colors, costs.tolist(), n1, n)
    assert [c for c, _ in every[:k]] == optimum


def test_golden_cost_files_match_the_shared_ones():
    """The copies here hold the shared files' problems (one comment line is shortened)."""
    if GOLDEN is None or not GOLDEN.is_dir():
        pytest.skip("set DLXNUMBA_GOLDEN to the folder of the golden files to compare the copies")
    for name in ("cost_toy2.dlx", "cost_assign5.dlx", "cost_queens8.dlx"):
        def body(path):
            return [ln for ln in path.read_text().splitlines() if not ln.startswith("|")]
        assert body(HERE / name) == body(GOLDEN / name)


def test_assignment_optimum_by_permutations():
    """cost_assign5 is a 5x5 assignment problem: its three cheapest assignments by
    trying all 120 permutations."""
    from itertools import permutations

    p, costs = read_with_costs(golden("cost_assign5.dlx"))
    table = {}
    for j in range(p.n_options):
        w, job = p.option_names(j)
        table[int(w[1:]), int(job[1:])] = int(costs[j])
    totals = sorted(sum(table[w, pi[w]] for w in range(5)) for pi in permutations(range(5)))
    assert best(p, costs, 3).costs == totals[:3] == [33, 39, 41]


def test_dlx5_figures_without_the_jit(tmp_path):
    """The kernels run as plain Python too (NUMBA_DISABLE_JIT=1), with the same figures."""
    code = f"""
import json, sys, warnings
sys.path[:0] = {[str(HERE.parent)]!r}
from test_costs import FIGURES, read_with_costs
from colored import golden
from test_costs import best
out = []
for name, k, *_ in FIGURES:
    p, costs = read_with_costs(golden(name))
    b = best(p, costs, k)
    s = b.stats
    out.append([s.solutions, s.nodes, s.updates, s.cleansings, b.costs])
print(json.dumps(out))
"""
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    cp = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=600,
                        cwd=tmp_path)
    assert cp.returncode == 0, cp.stderr
    got = json.loads(cp.stdout.strip().splitlines()[-1])
    assert got == [[sol, nodes, updates, cl, costs] for _, _, sol, nodes, updates, cl, costs in FIGURES]


# ---------------------------------------------------------------------------
# Against the brute-force oracle
# ---------------------------------------------------------------------------


@st.composite
def priced_problems(draw, max_items=7, max_options=11):
    """(options, colors, n_primary, n_items, costs): colors on secondary items
    (or none at all), costs small so that ties are common."""
    prob = draw(colored_problems(max_items=max_items, max_options=max_options))
    if draw(st.booleans()):  # half of them without colors
        prob = (prob[0], [[0] * len(o) for o in prob[0]], prob[2], prob[3])
    top = draw(st.sampled_from([0, 1, 3, 20, MAX_COST // 16]))
    costs = draw(st.lists(st.integers(0, top), min_size=len(prob[0]), max_size=len(prob[0])))
    return (*prob, costs)


def check_best(b: Best, prob, k: int, given=()) -> None:
    """``b`` holds the k cheapest solutions: their costs are the oracle's, and each
    is a distinct solution holding ``given``, at the cost it states."""
    options, colors, n1, n, costs = prob
    every = cheapest_covers(options, colors, costs, n1, n, given)
    assert b.costs == [c for c, _ in every[:k]]
    assert len(b) == len(b.solutions) == min(k, len(every))
    valid = {tuple(s) for _, s in every}
    for cost, sol in b:
        assert tuple(sol) in valid and set(given) <= set(sol)
        assert cost == sum(costs[j] for j in sol)
        assert sol == sorted(sol)
    assert len({tuple(s) for s in b.solutions}) == len(b)


def test_the_oracle_agrees_with_the_subsets_oracle():
    """cheapest_covers enumerates by backtracking; the subsets oracle by brute force."""
    rng = np.random.default_rng(5)
    for _ in range(200):
        n = int(rng.integers(1, 7))
        n1 = int(rng.integers(1, n + 1))
        options = [sorted(rng.choice(n, size=int(rng.integers(1, min(n, 3) + 1)), replace=False).tolist())
                   for _ in range(int(rng.integers(0, 9)))]
        colors = [[int(rng.integers(0, 3)) if i >= n1 else 0 for i in o] for o in options]
        assert (colored_covers_by_backtracking(options, colors, n1, n)
                == colored_solutions_by_subsets(options, colors, n1, n))


@PROPERTY
@given(priced_problems(), st.integers(1, 6))
def test_best_finds_the_k_cheapest(prob, k):
    p = build(prob[:4])
    b = best(p, prob[4], k)
    assert b.optimal and b.stats.status == Status.COMPLETE
    check_best(b, prob, k)
    assert b.stats.solutions >= len(b)  # every solution kept was found (and counted) once


@PROPERTY
@given(priced_problems(), st.integers(1, 4), st.data())
def test_best_with_given_options(prob, k, data):
    options = prob[0]
    assume(options)
    chosen = data.draw(st.lists(st.integers(0, len(options) - 1), max_size=2, unique=True))
    p = build(prob[:4])
    costs = prob[4]
    if _clash(prob, chosen):
        with pytest.raises(ExactCoverError, match="conflict"):
            best(p, costs, k, given=chosen)
        return
    b = best(p, costs, k, given=chosen)
    check_best(b, prob, k, chosen)


def _clash(prob, chosen) -> bool:
    """Whether the options ``chosen`` share a primary item, or a secondary one
    without agreeing on its color."""
    options, colors, n1, _, _ = prob
    use: dict = {}
    for j in chosen:
        for i, c in zip(options[j], colors[j]):
            if i in use and (i < n1 or c == 0 or use[i] == 0 or c != use[i]):
                return True
            use[i] = c
    return False


@PROPERTY
@given(priced_problems(), st.integers(1, 4), st.integers(0, 12))
def test_a_node_budget_ends_with_the_best_so_far(prob, k, budget):
    p = build(prob[:4])
    options, colors, n1, n, costs = prob
    b = best(p, costs, k, max_nodes=budget)
    whole = best(p, costs, k)
    if b.optimal:
        assert b.stats.status == Status.COMPLETE and figures(b) == figures(whole)
        return
    # (it pauses before entering a level: the solutions found on the last one may pass the budget)
    assert b.stats.status == Status.MAX_NODES and budget <= b.stats.nodes < whole.stats.nodes
    every = cheapest_covers(options, colors, costs, n1, n)
    valid = {tuple(s) for _, s in every}
    assert b.costs == sorted(b.costs) and len(b) <= k
    for i, (cost, sol) in enumerate(b):
        assert tuple(sol) in valid and cost == sum(costs[j] for j in sol)
        assert cost >= every[i][0]  # no better than the true i-th cheapest


def figures(b: Best) -> tuple:
    s = b.stats
    return (b.costs, b.solutions, s.solutions, s.nodes, s.updates, s.cleansings, s.max_level,
            s.profile.tolist())


@pytest.mark.parametrize("name, k", [("cost_toy2.dlx", 3), ("cost_queens8.dlx", 1), ("cost_queens8.dlx", 3)])
def test_resuming_node_by_node_gives_the_same_search(name, k):
    p, costs = read_with_costs(golden(name))
    whole = best(p, costs, k)
    s = CostSearch(p.with_costs(costs), k, max_nodes=0)
    steps = 0
    while True:
        r = s.run()
        if r.optimal:
            break
        assert s.stats.status == Status.MAX_NODES and s.stats.nodes >= s.max_nodes
        s.max_nodes = s.stats.nodes + 1  # one more level
        steps += 1
    assert steps == whole.stats.nodes - whole.stats.solutions  # one pause before each level
    assert figures(r) == figures(whole)


def test_slices_of_updates_resume_exactly(monkeypatch):
    """The kernel returns to Python every SLICE_UPDATES updates; with a slice of one
    update it pauses before every level, and the search is the same."""
    p, costs = read_with_costs(golden("cost_queens8.dlx"))
    whole = best(p, costs, 3)
    monkeypatch.setattr(costs_module, "SLICE_UPDATES", 1)
    assert figures(best(p, costs, 3)) == figures(whole)


def test_timeout_ends_with_what_was_found():
    p, costs = read_with_costs(golden("cost_queens8.dlx"))
    b = best(p, costs, 3, timeout=0)
    assert not b.optimal and b.stats.status == Status.TIMEOUT and b.stats.nodes == 0 and len(b) == 0
    assert best(p, costs, 3, timeout=60).optimal


def test_ctrl_c_propagates_and_the_search_resumes(monkeypatch):
    p, costs = read_with_costs(golden("cost_queens8.dlx"))
    whole = best(p, costs, 3)
    monkeypatch.setattr(costs_module, "SLICE_UPDATES", 50)
    reports = []

    def interrupt(report):
        reports.append(report)
        if len(reports) == 3:
            raise KeyboardInterrupt

    s = CostSearch(p.with_costs(costs), 3, progress=interrupt, progress_interval=0)
    with pytest.raises(KeyboardInterrupt):
        s.run()
    assert s.stats.status == Status.INTERRUPTED and not s.done
    partial = s.result()
    assert not partial.optimal and 0 < partial.stats.nodes < whole.stats.nodes
    assert all(cost == int(costs[sol].sum()) for cost, sol in partial)
    fractions = [r.fraction for r in reports]
    assert fractions == sorted(fractions) and 0 <= fractions[0] and fractions[-1] <= 1
    assert [r.nodes for r in reports] == sorted(r.nodes for r in reports)
    r = s.run()  # goes on where it stopped
    assert figures(r) == figures(whole) and r.stats.status == Status.COMPLETE


def test_ctrl_c_on_best_carries_the_best_so_far(monkeypatch):
    """best() (no CostSearch to ask afterwards): the KeyboardInterrupt carries the
    cheapest found so far as ``result``, not optimal."""
    p, costs = read_with_costs(golden("cost_queens8.dlx"))
    monkeypatch.setattr(costs_module, "SLICE_UPDATES", 50)
    calls = []

    def interrupt(report):
        calls.append(report)
        if len(calls) == 40:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt) as caught:
        best(p, costs, 3, progress=interrupt, progress_interval=0)
    partial = caught.value.result
    assert not partial.optimal and partial.stats.status == Status.INTERRUPTED and len(partial) > 0
    assert all(cost == int(costs[sol].sum()) for cost, sol in partial)


def test_progress_reports():
    p, costs = read_with_costs(golden("cost_queens8.dlx"))
    seen = []
    b = best(p, costs, 1, progress=seen.append, progress_interval=0)
    assert b.optimal and seen == []  # a search shorter than a slice reports nothing
    with pytest.raises(ExactCoverError, match="progress"):
        best(p, costs, progress=3)


# ---------------------------------------------------------------------------
# Special cases
# ---------------------------------------------------------------------------


def test_no_solution_is_an_empty_optimal_result():
    p = ExactCover.from_options([["a", "b"], ["b", "c"]])
    b = best(p, [1, 2])
    assert (b.costs, b.solutions, b.optimal, len(b), list(b)) == ([], [], True, 0, [])


def test_fewer_solutions_than_k_gives_them_all():
    p, _ = queens(6)
    costs = [(j * j) % 10 for j in range(p.n_options)]
    b = best(p, costs, 100)
    every = sorted(sum(costs[j] for j in s) for s in p.solutions())
    assert b.costs == every == [27, 27, 33, 33] and len(b) == 4 and b.optimal


def test_no_primary_item_left():
    p = ExactCover.from_options([["a", "b"], ["a"], ["b"]])
    assert list(best(p, [4, 1, 2], given=[0])) == [(4, [0])]
    assert list(best(p, [4, 1, 2], given=[1, 2])) == [(3, [1, 2])]
    q = ExactCover.from_options([["x"]], primary=[], secondary=["x"])
    b = best(q, [7])
    assert list(b) == [(0, [])] and b.stats.solutions == 1 and b.stats.nodes == 1


def test_options_without_primary_items_are_left_out_as_dlx5_does():
    """DLX5 ignores an option with no primary item: the search is the same without it."""
    with_it = ExactCover.from_options([["a", "s"], ["a"], ["s"], ["b"], ["b", "t"]], primary=["a", "b"],
                                      secondary=["s", "t"])
    without = ExactCover.from_options([["a", "s"], ["a"], ["b"], ["b", "t"]], primary=["a", "b"],
                                      secondary=["s", "t"])
    b1 = best(with_it, [1, 3, 0, 2, 1], k=4)
    b2 = best(without, [1, 3, 2, 1], k=4)
    renumber = {0: 0, 1: 1, 3: 2, 4: 3}
    assert b1.costs == b2.costs == [2, 3, 4, 5]
    assert [[renumber[j] for j in s] for s in b1.solutions] == b2.solutions
    assert figures(b1)[2:] == figures(b2)[2:]


def test_colors_as_dlx2():
    p = ExactCover.from_options([["a", ("x", "red")], ["b", ("x", "red")], ["b", ("x", "blue")], ["b"]],
                                secondary=["x"])
    assert list(best(p, [1, 2, 0, 5], k=5)) == [(3, [0, 1]), (6, [0, 3])]
    assert list(best(p, [1, 2, 0, 5], given=[2])) == []


def test_best_is_a_frozen_record():
    p = ExactCover.from_options([["a"], ["a"]])
    b = best(p, np.array([2, 1], np.uint8), k=2)
    assert list(b) == [(1, [1]), (2, [0])] and len(b) == 2
    with pytest.raises(AttributeError):
        b.optimal = False  # type: ignore[misc]


def test_costs_in_many_integer_types():
    p = ExactCover.from_options([["a"], ["a"]])
    for c in ([5, 3], (5, 3), np.array([5, 3], np.int8), np.array([5, 3], np.uint64), [np.int64(5), 3]):
        assert best(p, c).costs == [3]
    assert best(p, [2**61 - 1, 0]).costs == [0]
    assert best(p, [2**60, 2**60 - 1]).costs == [2**60 - 1]


# ---------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------

SMALL = ExactCover.from_options([["a", "b"], ["a"], ["b"]])


@pytest.mark.parametrize("costs, message", [
    ([1, 2], "costs has 2 entries; the problem has 3 options"),
    ([1, -2, 3], r"option 1 \(a\) has the negative cost -2"),
    ([1.0, 2.0, 3.0], "costs must be integers"),
    ([True, False, True], "costs must be integers .* not booleans"),
    # among integers numpy reads True as 1: refused as k=True is
    ([1, True, 3], r"the cost of option 1 \(a\) is True, a boolean, not an integer"),
    ((np.int64(2), 1, np.True_), r"the cost of option 2 \(b\) is True, a boolean"),
    ([1, None, 3], r"the cost of option 1 \(a\) is None, not an integer"),
    ([1, 2**61, 3], r"option 1 \(a\) has the cost 2305843009213693952, more than MAX_COST"),
    ([1, 2**70, 3], r"option 1 \(a\) has the cost"),
    ([1, -2**70, 3], r"option 1 \(a\) has the negative cost"),
    ([2**60, 2**60, 0], "add up to 2\\*\\*61 or more"),
    ("123", "costs must be a sequence of integers"),
    ([[1, 2, 3]], "one-dimensional"),
    (7, "one-dimensional"),
])
def test_bad_costs_name_the_option(costs, message):
    with pytest.raises(ExactCoverError, match=message):
        best(SMALL, costs)


@pytest.mark.parametrize("kwargs, message", [
    (dict(k=0), "k must be a positive integer, not 0"),
    (dict(k=True), "k must be a positive integer"),
    (dict(k=1.5), "k must be a positive integer"),
    (dict(given=[0, 1]), r"given options 0 \('a', 'b'\) and 1 \('a'\) conflict: both contain item 'a'"),
    (dict(given=[1, 1]), "given option 1 is listed twice"),
    (dict(given=[3]), "option index 3 is out of range for 3 options"),
    (dict(given="0"), "given must be an iterable of option indices"),
    (dict(given=[0.5]), "option index 0.5 is not an integer"),
    (dict(max_nodes=-1), "max_nodes must be a non-negative integer"),
    (dict(timeout="soon"), "timeout must be a non-negative number"),
    (dict(progress_interval=-1), "progress_interval"),
])
def test_bad_arguments(kwargs, message):
    with pytest.raises(ExactCoverError, match=message):
        best(SMALL, [1, 2, 3], **kwargs)


def test_given_options_with_different_colors_conflict():
    p = ExactCover.from_options([["a", ("x", "red")], ["b", ("x", "blue")], ["b", ("x", "red")]],
                                secondary=["x"])
    with pytest.raises(ExactCoverError, match="conflict: both contain item 'x' with different colors"):
        best(p, [1, 1, 1], given=[0, 1])
    assert best(p, [1, 1, 1], given=[0, 2]).costs == [2]


def test_multiplicities_are_refused():
    p = ExactCover.from_options([["a"], ["a"]], bounds={"a": (1, 2)})
    with pytest.raises(ExactCoverError, match="multiplicities"):
        best(p, [1, 1])


def test_a_problem_is_required():
    with pytest.raises(ExactCoverError, match="needs an ExactCover problem, not list"):
        costs_module.best([["a"]])


def test_memory_grows_with_the_solutions_found_not_with_k():
    """k = 10**9 on a problem with two solutions was refused (and k = 8 * 10**7 took
    17-32 s and 1 GB to set up for a search of 0.0001 s): the rows for the solutions
    grow as they are found, from a few up to k at most."""
    s = CostSearch(SMALL.with_costs([1, 2, 3]), k=10**9)
    r = s.run()
    assert r.optimal and list(r) == [(1, [0]), (5, [1, 2])]
    assert s.kept[0].size <= 64


def test_rows_past_the_memory_limit_are_refused_by_name(monkeypatch):
    """The limit on the rows applies to the solutions held, and its message names k."""
    monkeypatch.setattr(costs_module, "_KEPT_LIMIT", 64 * 17)  # queens 8: 16 primary items, 64 rows at first
    p, costs = read_with_costs(golden("cost_queens8.dlx"))
    assert len(best(p, costs, 64)) == 64
    with pytest.raises(ExactCoverError, match="k = 1000 is too large for this problem: keeping more than 64 "):
        best(p, costs, 1000)


def test_the_rows_grow_without_changing_the_search():
    """queens 8 has 92 solutions: k = 1000 keeps them all (the rows doubled past the
    first ones), with the counters of k = 92 (the cutoff stays infinite in both until
    the last solution) and the costs of every solution, sorted."""
    p, costs = read_with_costs(golden("cost_queens8.dlx"))
    q = p.with_costs(costs)
    s = CostSearch(q, k=1000)
    r = s.run()
    assert len(r) == 92 and s.kept[0].size == 128
    assert figures(r) == figures(best(p, costs, 92))
    assert r.costs == sorted(int(costs[sol].sum()) for sol in p.solutions())
    assert sorted(map(tuple, r.solutions)) == sorted(map(tuple, p.solutions()))


def test_at_an_equal_cost_the_first_found_are_kept():
    """Queens 8 with costs 0-2 (many ties): the k kept are the first k of all the
    solutions by cost, then by the order of search (which of the tied were kept
    depended on the layout of the heap)."""
    p, _ = read_with_costs(golden("cost_queens8.dlx"))
    costs = np.arange(p.n_options, dtype=np.int64) * 7 % 3
    every = best(p, costs, 92).solutions
    for k in (2, 5, 10, 20, 50):
        assert best(p, costs, k).solutions == every[:k], k


def test_costs_belong_to_the_problem():
    """from_options/from_matrix take costs=, from_dlx reads |n, to_dlx writes it, p.costs gives them."""
    p = ExactCover.from_options(["a b", "a", "b"], costs=[5, 1, 2])
    assert p.costs.tolist() == [5, 1, 2] and not p.costs.flags.writeable
    assert ExactCover.from_options(["a b", "a", "b"]).costs is None
    m = ExactCover.from_matrix([[1, 1], [1, 0], [0, 1]], costs=np.array([5, 1, 2], np.uint8))
    assert m.costs.tolist() == [5, 1, 2] and m.best().costs == [3]
    q = ExactCover.from_dlx(p.to_dlx())
    assert q == p and q.costs.tolist() == [5, 1, 2] and "|5" in p.to_dlx()
    assert p != p.with_costs(None) and p.with_costs([5, 1, 2]) == p and hash(q) == hash(p)
    import pickle

    assert pickle.loads(pickle.dumps(p)).costs.tolist() == [5, 1, 2]


@pytest.mark.parametrize("costs, message", [
    ([1, 2], r"costs has 2 entries; the problem has 3 options"),
    ([1, -2, 3], r"option 1 \(a\) has the negative cost -2"),
    ([1.5, 2, 3], r"costs must be integers"),
])
def test_bad_costs_are_refused_when_the_problem_is_built(costs, message):
    with pytest.raises(ExactCoverError, match=message):
        ExactCover.from_options(["a b", "a", "b"], costs=costs)


def test_best_needs_costs():
    with pytest.raises(ExactCoverError, match="the problem has no costs"):
        ExactCover.from_options(["a"]).best()
