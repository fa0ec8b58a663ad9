"""Searching: Search, the search loop and its counters, givens, limits, progress, Stats.

Answers come from the oracles in ``reference.py`` (brute force, plain
backtracking, and a set-based Algorithm X that counts like DLX1) or from
Knuth's published figures; nothing else is hard-coded.
"""

from itertools import combinations, islice

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import dlxnumba.search as search_module
import reference as ref
from dlxnumba.template import template
from dlxnumba import last_stats, Status
from dlxnumba import ExactCover, ExactCoverError, LimitReached, Stats
from dlxnumba import kernels as K
from dlxnumba.kernels.core.search import SEARCH
from dlxnumba.progress import Progress
from known import (KNUTH_NAMES, KNUTH_NUMBERED, KNUTH_OPTIONS, KNUTH_TEXT, SEED, as_set, knuth_problem,
                   numbered, queens, queens_options)
from strategies import examples, problems

# Hypothesis: the first example pays for loading the compiled kernels.
PROPERTY = settings(max_examples=examples(150), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------


def fresh_run(p, given=(), stop_at=0, **kw):
    args = dict(stop_at=stop_at, max_nodes=None, timeout=None, progress=None, progress_interval=0.5)
    args.update(kw)
    return p.search(given=given, **args)


def run_to_end(run):
    """Advance a run until the kernel reports the tree exhausted."""
    for _ in range(3):
        if run.advance(2**62) == K.RET_DONE:
            return
    raise AssertionError("the search did not finish")


def link_arrays(obj):
    return [obj.llink, obj.rlink, obj.ulink, obj.dlink, obj.length]


def final_stats(p):
    s = last_stats()
    return dict(nodes=s.nodes, updates=s.updates, solutions=s.solutions,
                max_level=s.max_level, status=s.status, profile=s.profile.tolist())


def trimmed(profile):
    profile = list(profile)
    while profile and profile[-1] == 0:
        profile.pop()
    return profile


def draw_disjoint_givens(data, options, n1, most=3):
    """Up to ``most`` pairwise disjoint options, each with a primary item."""
    with_primary = [j for j, o in enumerate(options) if any(i < n1 for i in o)]
    order = data.draw(st.permutations(with_primary))
    chosen, used = [], set()
    for j in order[: data.draw(st.integers(0, most))]:
        if not used & set(options[j]):
            chosen.append(j)
            used |= set(options[j])
    return chosen


# ---------------------------------------------------------------------------
# Knuth's 7-item example, queens, and their published counts
# ---------------------------------------------------------------------------


def test_solutions_are_sorted_lists_of_python_ints():
    for sol in queens(6).solutions():
        assert sol == sorted(sol)
        assert all(type(j) is int for j in sol)


KNUTH_BUILDERS = {
    "from_options": knuth_problem,
    "from_dlx": lambda: ExactCover.from_dlx(KNUTH_TEXT),
    "from_matrix": lambda: ExactCover.from_matrix(
        [[int(x in o) for x in KNUTH_NAMES] for o in KNUTH_OPTIONS], secondary=[5, 6]),
}


@pytest.mark.parametrize("build", KNUTH_BUILDERS)
def test_knuth_example_reproduces_dlx1_counts(build):
    """golden.md: 1 solution, 6 nodes, 30 updates with DLX1's branching rule."""
    p = KNUTH_BUILDERS[build]()
    assert p.count(stop_at=0) == 1
    assert (last_stats().nodes, last_stats().updates, last_stats().solutions) == (6, 30, 1)
    assert last_stats().status == Status.COMPLETE
    assert last_stats().profile.sum() + last_stats().solutions == last_stats().nodes
    assert p.solve() == [0, 3, 4]
    assert list(p.solutions(stop_at=0)) == [[0, 3, 4]]


@pytest.mark.parametrize("stop_at", [0, 1])
def test_knuth_example_counters_match_the_set_based_trace(stop_at):
    p = knuth_problem()
    expect = ref.dlx1_trace(KNUTH_NUMBERED, 5, 7, stop_at=stop_at)
    assert list(p.solutions(stop_at=stop_at)) == expect["solutions"]
    assert last_stats().nodes == expect["nodes"]
    assert last_stats().updates == expect["updates"]
    assert last_stats().max_level == expect["max_level"]
    assert trimmed(last_stats().profile) == trimmed(expect["profile"])


def test_queens_counts_match_the_trace_and_known_totals():
    """6-queens has 4 solutions and 8-queens 92 (published totals)."""
    options, n1, n = queens_options(6)
    p = numbered(options, n1, n)
    for stop_at in (0, 1):
        t = ref.dlx1_trace(options, n1, n, stop_at=stop_at)
        assert list(p.solutions(stop_at=stop_at)) == t["solutions"]
        assert (last_stats().nodes, last_stats().updates) == (t["nodes"], t["updates"])
        assert trimmed(last_stats().profile) == trimmed(t["profile"])
    assert len(t["solutions"]) == 4
    assert queens(8).count() == 92


# ---------------------------------------------------------------------------
# Random problems against the oracles: solutions, DLX1's order and counters
# ---------------------------------------------------------------------------


@PROPERTY
@given(problems())
def test_solutions_equal_brute_force(prob):
    check_against_brute_force(prob)


def check_against_brute_force(prob):
    options, n1, n = prob
    expect = ref.solutions_by_subsets(options, n1, n)
    assert ref.solutions_by_backtracking(options, n1, n) == expect  # oracles agree
    p = numbered(options, n1, n)
    for stop_at in (0, 1):
        got = list(p.solutions(stop_at=stop_at))
        assert as_set(got) == expect
        for sol in got:
            assert sol == sorted(sol)
            assert ref.is_exact_cover(options, n1, n, sol)
            assert ref.is_dlx_solution(options, n1, n, sol)
        assert p.count(stop_at=stop_at) == len(expect)
        if n1:  # see test_count_status_complete_without_primary_items
            assert last_stats().status == Status.COMPLETE
        first = p.solve(stop_at=stop_at)
        if expect:
            assert frozenset(first) in expect
        else:
            assert first is None


@PROPERTY
@given(problems(), st.sampled_from([0, 1]))
def test_order_and_counters_equal_the_dlx1_trace(prob, stop_at):
    """Solution order, nodes, updates, profile and max level match the set-based trace."""
    check_against_trace(prob, stop_at)


def check_against_trace(prob, stop_at):
    options, n1, n = prob
    expect = ref.dlx1_trace(options, n1, n, stop_at=stop_at)
    p = numbered(options, n1, n)
    assert list(p.solutions(stop_at=stop_at)) == expect["solutions"]
    s = last_stats()
    assert (s.nodes, s.updates, s.solutions, s.max_level) == (
        expect["nodes"], expect["updates"], len(expect["solutions"]), expect["max_level"])
    assert trimmed(s.profile) == trimmed(expect["profile"])
    assert s.profile.sum() + s.solutions == s.nodes
    # count() runs the very same search
    assert p.count(stop_at=stop_at) == len(expect["solutions"])
    assert (last_stats().nodes, last_stats().updates) == (expect["nodes"], expect["updates"])


@st.composite
def sparse_problems(draw):
    """Primary items only, few narrow options: many items of length 0 or 1."""
    n1 = draw(st.integers(2, 8))
    option = st.lists(st.integers(0, n1 - 1), unique=True, min_size=1, max_size=2)
    return draw(st.lists(option, min_size=1, max_size=8)), n1, n1


@PROPERTY
@given(sparse_problems())
def test_both_branching_rules_match_the_trace_on_sparse_problems(prob):
    """stop_at=0 and stop_at=1 branch differently when a length-1 item precedes a length-0 one."""
    options, n1, n = prob
    p = numbered(options, n1, n)
    for stop_at in (0, 1):
        expect = ref.dlx1_trace(options, n1, n, stop_at=stop_at)
        assert list(p.solutions(stop_at=stop_at)) == expect["solutions"]
        assert (last_stats().nodes, last_stats().updates, last_stats().max_level) == (
            expect["nodes"], expect["updates"], expect["max_level"])
        assert trimmed(last_stats().profile) == trimmed(expect["profile"])


@st.composite
def four_item_problems(draw):
    """Every option has exactly four items: the layout of four-node blocks.

    Half of the time the primary items (a multiple of four of them) are split
    into planted options, so that many problems have solutions.
    """
    n_items = draw(st.integers(4, 12))
    n_primary = draw(st.integers(1, n_items))
    options = []
    if n_primary % 4 == 0 and draw(st.booleans()):
        order = draw(st.permutations(range(n_primary)))
        options += [list(order[k:k + 4]) for k in range(0, n_primary, 4)]
    option = st.lists(st.integers(0, n_items - 1), unique=True, min_size=4, max_size=4)
    options += draw(st.lists(option, min_size=0 if options else 1, max_size=12))
    options = draw(st.permutations(options))
    return options, n_primary, n_items


@PROPERTY
@given(four_item_problems(), st.sampled_from([0, 1]), st.data())
def test_four_item_problems_match_the_oracles(prob, stop_at, data):
    """The layout without spacers finds the same solutions, in the same order,
    with the same counters, as the oracles -- with and without givens."""
    options, n1, n = prob
    assert template(numbered(options, n1, n)).width == 4
    check_against_brute_force(prob)
    check_against_trace(prob, stop_at)
    check_givens(prob, data)
    assert_links_restored(numbered(options, n1, n), stop_at)


@pytest.mark.parametrize("stop_at, nodes, updates", [(0, 1, 1), (1, 2, 2)])
def test_stop_at_picks_the_first_item_of_length_at_most_stop_at(stop_at, nodes, updates):
    """Items a (1 option) then b (none): DLX1 branches on b at once; stop_at=1 tries a first."""
    p = ExactCover.from_options([["a"]], primary=["a", "b"])
    assert p.count(stop_at=stop_at) == 0
    assert (last_stats().nodes, last_stats().updates) == (nodes, updates)
    expect = ref.dlx1_trace([[0]], 2, 2, stop_at=stop_at)
    assert (expect["nodes"], expect["updates"]) == (nodes, updates)


@PROPERTY
@given(problems(), st.integers(0, 6), st.sampled_from([0, 1]))
def test_limit_caps_count_and_solutions(prob, k, stop_at):
    options, n1, n = prob
    everything = list(numbered(options, n1, n).solutions(stop_at=stop_at))
    total = len(everything)
    p = numbered(options, n1, n)
    assert p.count(limit=k, stop_at=stop_at) == min(k, total)
    some = list(p.solutions(limit=k, stop_at=stop_at))
    assert len(some) == min(k, total)
    assert len(as_set(some)) == len(some)
    assert some == everything[: len(some)]  # the first ones, in search order


# ---------------------------------------------------------------------------
# The links are restored after a full search; searches never share them
# ---------------------------------------------------------------------------


def assert_links_restored(p, stop_at):
    t = template(p)
    pristine = [a.copy() for a in link_arrays(t)] + [t.top.copy()]
    run = fresh_run(p, stop_at=stop_at)
    run_to_end(run)
    for mine, theirs in zip(link_arrays(run), link_arrays(t)):
        np.testing.assert_array_equal(mine, theirs)
        assert mine is not theirs  # the run worked on private copies
    # ... and the template itself was never touched
    for before, now in zip(pristine, link_arrays(t) + [t.top]):
        np.testing.assert_array_equal(before, now)


@pytest.mark.parametrize("stop_at", [0, 1])
@pytest.mark.parametrize("build", [knuth_problem, lambda: queens(6),
                                   lambda: ExactCover.from_matrix(SEED)])
def test_links_restored_after_full_search(build, stop_at):
    assert_links_restored(build(), stop_at)


@PROPERTY
@given(problems(), st.sampled_from([0, 1]))
def test_links_restored_after_full_search_random(prob, stop_at):
    assert_links_restored(numbered(*prob), stop_at)


@PROPERTY
@given(problems(), st.sampled_from([0, 1]), st.data())
def test_links_restored_to_the_given_state_random(prob, stop_at, data):
    options, n1, n = prob
    p = numbered(options, n1, n)
    chosen = draw_disjoint_givens(data, options, n1)
    run = fresh_run(p, given=chosen, stop_at=stop_at)
    after_givens = [a.copy() for a in link_arrays(run)]
    run_to_end(run)
    assert_links_equal_to_given_state(run, p, chosen, after_givens)


def assert_links_equal_to_given_state(run, p, given, after_givens):
    """The finished run's arrays, and a fresh run's right after the givens,
    equal ``after_givens``."""
    for a, b in zip(link_arrays(run), after_givens):
        np.testing.assert_array_equal(a, b)
    for a, b in zip(link_arrays(fresh_run(p, given=given)), after_givens):
        np.testing.assert_array_equal(a, b)


def test_links_restored_to_the_given_state():
    """After a full search with givens the arrays are as right after the givens."""
    p = queens(6)
    g = [p.solve()[0]]  # a queen that belongs to some solution
    run = fresh_run(p, given=g)
    after_givens = [a.copy() for a in link_arrays(run)]
    assert not all(np.array_equal(a, b) for a, b in zip(after_givens, link_arrays(template(p))))
    assert run.advance(2**62) == K.RET_DONE
    assert run.stats.solutions > 0
    assert_links_equal_to_given_state(run, p, g, after_givens)


def test_template_untouched_by_searches_with_givens():
    p = queens(6)
    before = [a.copy() for a in link_arrays(template(p))]
    p.count(given=[1])
    list(p.solutions(given=[2, 13]))
    for a, b in zip(link_arrays(template(p)), before):
        np.testing.assert_array_equal(a, b)


def test_interleaved_searches_do_not_disturb_each_other():
    p = queens(6)
    expect = list(p.solutions())
    it1, it2 = p.solutions(), p.solutions()
    got1, got2 = [], []
    for a, b in zip(it1, it2):
        got1.append(a)
        got2.append(b)
        assert p.count() == len(expect)  # a third search in the middle
    assert got1 == got2 == expect


def _drain(s):
    """The solutions a Search has left, and its final counters."""
    sols = list(s.solutions())
    st_ = s.stats
    return sols, (st_.solutions, st_.nodes, st_.updates, st_.max_level, st_.profile.tolist(), st_.status)


@PROPERTY
@given(problems(), st.data())
def test_interleaved_search_objects_equal_separate_ones(prob, data):
    """Two Search objects of one problem, stepped in any interleaving, yield what
    each yields alone, with the same counters: each owns its links and cursor."""
    options, n1, n = prob
    p = numbered(options, n1, n)
    chosen = draw_disjoint_givens(data, options, n1)
    make = [lambda: p.search(stop_at=0), lambda: p.search(given=chosen, stop_at=1)]
    alone = [_drain(mk()) for mk in make]
    searches = [mk() for mk in make]
    got = [[], []]
    for k in data.draw(st.lists(st.integers(0, 1), max_size=30)):
        sol = searches[k].next()
        if sol is not None:
            got[k].append(sol)
    for k in (0, 1):
        rest, figures = _drain(searches[k])
        assert got[k] + rest == alone[k][0]
        assert figures == alone[k][1]


# ---------------------------------------------------------------------------
# Searches resumed in slices equal one uninterrupted search
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("slice_updates", [1, 2, 3, 5, 7])
@pytest.mark.parametrize("stop_at", [0, 1])
def test_sliced_search_equals_uninterrupted(monkeypatch, slice_updates, stop_at):
    options, n1, n = queens_options(6)
    whole = numbered(options, n1, n)
    expect_sols = list(whole.solutions(stop_at=stop_at))
    expect = final_stats(whole)
    expect_count = whole.count(stop_at=stop_at)
    monkeypatch.setattr(search_module, "SLICE_UPDATES", slice_updates)
    p = numbered(options, n1, n)
    assert list(p.solutions(stop_at=stop_at)) == expect_sols
    assert final_stats(p) == expect
    assert p.count(stop_at=stop_at) == expect_count
    assert final_stats(p)["updates"] == expect["updates"]


@settings(max_examples=examples(60), deadline=None)
@given(problems(), st.integers(1, 7), st.sampled_from([0, 1]))
def test_sliced_search_equals_uninterrupted_random(prob, slice_updates, stop_at):
    options, n1, n = prob
    whole = numbered(options, n1, n)
    expect_sols = list(whole.solutions(stop_at=stop_at))
    expect = final_stats(whole)
    old = search_module.SLICE_UPDATES
    search_module.SLICE_UPDATES = slice_updates  # monkeypatch is function-scoped
    try:
        p = numbered(options, n1, n)
        assert list(p.solutions(stop_at=stop_at)) == expect_sols
    finally:
        search_module.SLICE_UPDATES = old
    assert final_stats(p) == expect


def step_kernel(p, stop_at, budget):
    """Drive K.search by hand, one node or one update budget per call.

    Returns the solutions collected at each RET_SOLUTION, the final state and
    profile, and the number of pauses.  Checks the kernel's return contract.
    """
    run = fresh_run(p, stop_at=stop_at)
    st_ = run.state
    never = np.iinfo(np.int64).max
    sols, pauses = [], 0
    for _ in range(10**6):
        levels_before = int(run.profile.sum())
        sols_before = int(st_[K.SOLUTIONS])
        node_stop = int(st_[K.NODES]) + 1 if budget == "nodes" else never
        update_stop = int(st_[K.UPDATES]) + 1 if budget == "updates" else never
        ret = SEARCH[run.width](run.problem.n_primary, run.links, run.cursor, run.stop_at,
                       sols_before + 1, node_stop, update_stop)
        assert int(st_[K.SOLUTIONS]) - sols_before <= 1
        if budget == "nodes":
            assert int(run.profile.sum()) - levels_before <= 1
        if ret == K.RET_SOLUTION:
            assert int(st_[K.SOLUTIONS]) == sols_before + 1
            sols.append(run.solution())
        elif ret == K.RET_PAUSED:
            pauses += 1
            assert st_[K.NODES] >= node_stop or st_[K.UPDATES] >= update_stop
        else:
            assert ret == K.RET_DONE
            break
    else:
        raise AssertionError("the stepped search never finished")
    for mine, theirs in zip(link_arrays(run), link_arrays(template(p))):
        np.testing.assert_array_equal(mine, theirs)
    counters = {k: int(st_[getattr(K, k)]) for k in ("NODES", "UPDATES", "SOLUTIONS", "MAX_LEVEL")}
    return sols, counters, run.profile.tolist(), pauses


def uninterrupted(p, stop_at):
    sols = list(p.solutions(stop_at=stop_at))
    s = last_stats()
    counters = dict(NODES=s.nodes, UPDATES=s.updates, SOLUTIONS=s.solutions, MAX_LEVEL=s.max_level)
    return sols, counters, s.profile.tolist()


@pytest.mark.parametrize("budget", ["updates", "nodes"])
@pytest.mark.parametrize("stop_at", [0, 1])
def test_kernel_stepped_one_budget_at_a_time(budget, stop_at):
    """Calling search() with a budget of one node/update per call loses nothing."""
    p = queens(6)
    sols, counters, profile, pauses = step_kernel(p, stop_at, budget)
    assert (sols, counters, profile) == uninterrupted(p, stop_at)
    assert pauses > 0


@PROPERTY
@given(problems(), st.sampled_from(["updates", "nodes"]), st.sampled_from([0, 1]))
def test_kernel_stepped_random(prob, budget, stop_at):
    p = numbered(*prob)
    sols, counters, profile, _ = step_kernel(p, stop_at, budget)
    assert (sols, counters, profile) == uninterrupted(p, stop_at)


def test_kernel_returns_done_again_after_done():
    run = fresh_run(knuth_problem())
    run_to_end(run)
    before = run.state.copy()
    assert run.advance(2**62) == K.RET_DONE
    np.testing.assert_array_equal(run.state, before)


# ---------------------------------------------------------------------------
# Given options
# ---------------------------------------------------------------------------


@PROPERTY
@given(problems(), st.data())
def test_given_options_restrict_to_oracle_solutions_containing_them(prob, data):
    check_givens(prob, data)


def check_givens(prob, data):
    options, n1, n = prob
    chosen = draw_disjoint_givens(data, options, n1)
    expect = {s for s in ref.solutions_by_subsets(options, n1, n) if set(chosen) <= s}
    p = numbered(options, n1, n)
    got = list(p.solutions(given=chosen))
    assert as_set(got) == expect
    for sol in got:
        assert set(chosen) <= set(sol) and sol == sorted(sol)
    assert p.count(given=chosen) == len(expect)
    first = p.solve(given=chosen)
    assert (first is None) == (not expect)
    if first is not None:
        assert frozenset(first) in expect
    # golden.md: counters start after the givens are applied
    trace = ref.dlx1_trace(options, n1, n, stop_at=0, given=chosen)
    assert list(p.solutions(given=chosen, stop_at=0)) == trace["solutions"]
    assert (last_stats().nodes, last_stats().updates) == (trace["nodes"], trace["updates"])


def test_given_that_covers_everything_is_the_solution():
    p = knuth_problem()
    assert list(p.solutions(given=[3, 4, 0])) == [[0, 3, 4]]
    assert p.solve(given=[4]) == [0, 3, 4]


def test_given_option_of_secondary_items_only_is_kept():
    p = ExactCover.from_options([["a"], ["s"], ["a", "s"]], primary=["a"], secondary=["s"])
    assert as_set(p.solutions()) == {frozenset([0]), frozenset([2])}
    assert list(p.solutions(given=[1])) == [[0, 1]]


def test_conflicting_givens_name_both_options_and_the_item():
    """The message names both options with their items, and every item they share."""
    p = knuth_problem()
    with pytest.raises(ExactCoverError) as e:
        p.solve(given=[1, 3])
    assert str(e.value) == ("given options 1 ('A', 'D', 'G') and 3 ('A', 'D') conflict: "
                            "both contain items 'A' and 'D'")
    with pytest.raises(ExactCoverError) as e:
        p.count(given=[0, 2])
    assert str(e.value) == ("given options 0 ('C', 'E', 'F') and 2 ('B', 'C', 'F') conflict: "
                            "both contain items 'C' and 'F'")
    with pytest.raises(ExactCoverError) as e:
        list(p.solutions(given=[4, 5]))  # only the secondary item G is shared
    assert str(e.value) == "given options 4 ('B', 'G') and 5 ('D', 'E', 'G') conflict: both contain item 'G'"
    assert p.batch([[4, 5]]).errors == [str(e.value)]


def test_conflict_messages_show_plain_names_and_long_options_shortened():
    """Names that are numpy scalars showed as np.int64(2)."""
    names = [np.int64(k) for k in range(12)]
    p = ExactCover.from_options([names, names[10:]])
    with pytest.raises(ExactCoverError) as e:
        p.solve(given=[0, 1])
    assert str(e.value) == ("given options 0 (0, 1, 2, 3, 4, 5, 6, 7, ...) and 1 (10, 11) conflict: "
                            "both contain items 10 and 11")


@pytest.mark.parametrize("given_", [[3, 3], [0, 3, 0]])
def test_given_listed_twice_raises(given_):
    with pytest.raises(ExactCoverError, match="twice"):
        knuth_problem().count(given=given_)


@pytest.mark.parametrize("bad", [6, -1, 100, 1.0, "0", True, None])
def test_given_out_of_range_or_not_an_index_raises(bad):
    with pytest.raises(ExactCoverError, match="option index"):
        knuth_problem().solve(given=[0, bad])


def test_given_accepts_numpy_integers():
    p = knuth_problem()
    assert p.solve(given=np.array([3], dtype=np.int64)) == [0, 3, 4]


def test_given_none_means_no_given():
    p = knuth_problem()
    assert p.solve(given=None) == p.solve()


# ---------------------------------------------------------------------------
# Limits, status and progress
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("budget", [0, 1, 7, 50, 300])
def test_max_nodes_stops_count_with_partial_result(budget):
    p = queens(8)
    with pytest.raises(LimitReached) as e:
        p.count(max_nodes=budget)
    err = e.value
    assert err.reason == Status.MAX_NODES
    assert "max_nodes" in str(err)
    assert isinstance(err.stats, Stats) and err.stats is last_stats()
    assert last_stats().status == Status.MAX_NODES
    # the kernel pauses before entering a level once the budget is spent;
    # solutions visited at the last level entered may add a few nodes
    assert budget <= err.stats.nodes <= budget + err.stats.solutions
    assert err.found == err.stats.solutions <= 92


def test_max_nodes_equal_to_the_whole_tree_is_enough():
    p = queens(8)
    total = p.count()
    nodes = last_stats().nodes
    assert p.count(max_nodes=nodes) == total
    assert last_stats().status == Status.COMPLETE and last_stats().nodes == nodes
    with pytest.raises(LimitReached):
        p.count(max_nodes=nodes // 2)


def test_max_nodes_in_solutions_yields_a_prefix_first():
    p = queens(8)
    everything = list(p.solutions())
    got = []
    with pytest.raises(LimitReached) as e:
        for sol in p.solutions(max_nodes=400):
            got.append(sol)
    assert e.value.reason == Status.MAX_NODES
    assert 0 < len(got) < len(everything)
    assert got == everything[: len(got)]
    assert last_stats().status == Status.MAX_NODES


def test_max_nodes_in_solve():
    p = queens(8)
    with pytest.raises(LimitReached) as e:
        p.solve(max_nodes=3)
    assert e.value.reason == Status.MAX_NODES
    assert queens(8).solve(max_nodes=10**6) is not None


def test_limit_reached_found_is_as_documented():
    """found: None for solve, the number yielded for solutions, the partial count for count."""
    p = queens(8)
    with pytest.raises(LimitReached) as e:
        p.solve(max_nodes=3)
    assert e.value.found is None
    got = []
    with pytest.raises(LimitReached) as e:
        for sol in p.solutions(max_nodes=400):
            got.append(sol)
    assert e.value.found == len(got) > 0
    with pytest.raises(LimitReached) as e:
        p.count(max_nodes=400)
    assert e.value.found == len(got)


def test_limit_message_shows_the_final_figures():
    """LimitReached's message shows the figures of the search where it stopped."""
    p = ExactCover.from_options([["C", "E", "F"], ["A", "D", "G"], ["B", "C", "F"], ["A", "D"],
                                 ["B", "G"], ["D", "E", "G"]], primary="A B C D E", secondary="F G")
    with pytest.raises(LimitReached) as e:
        p.count(stop_at=0, max_nodes=3)
    assert f"after {e.value.stats.nodes} nodes, {e.value.stats.updates} updates" in str(e.value)
    assert e.value.stats.nodes == 3


def test_max_level_counts_only_levels_entered():
    """A node budget that stops before a level is entered does not count that level."""
    p = ExactCover.from_options([["a"], ["b"], ["c"]])
    with pytest.raises(LimitReached):
        p.count(max_nodes=1)
    assert last_stats().max_level == 0
    assert last_stats().profile.tolist()[:2] == [1, 0]


def test_timeout_zero_stops_a_long_search(monkeypatch):
    """12-queens (14,200 solutions) takes many slices; timeout=0 stops after the first."""
    monkeypatch.setattr(search_module, "SLICE_UPDATES", 1 << 12)
    p = queens(12)
    with pytest.raises(LimitReached) as e:
        p.count(timeout=0)
    assert e.value.reason == Status.TIMEOUT
    assert last_stats().status == Status.TIMEOUT and e.value.stats is last_stats()
    assert e.value.found == last_stats().solutions < 14200
    # the deadline is checked before any work: timeout=0 stops at once
    assert last_stats().updates == 0
    with pytest.raises(LimitReached) as e:
        list(p.solutions(timeout=0))
    assert e.value.reason == Status.TIMEOUT


def test_timeout_zero_with_default_slices_on_12_queens():
    """The default slice is far smaller than 12-queens' ~7 million updates."""
    p = queens(12)
    with pytest.raises(LimitReached, match="timeout"):
        p.count(timeout=0)


def test_solutions_timeout_applies_when_solutions_come_fast():
    """solutions() honours its timeout even when each solution comes within one slice."""
    p = ExactCover.from_options([[f"a{i}"] for i in range(20) for _ in range(2)])  # 2**20 solutions
    with pytest.raises(LimitReached) as e:
        sum(1 for _ in islice(p.solutions(timeout=0.0), 3000))
    assert e.value.reason == Status.TIMEOUT


def test_generous_timeout_changes_nothing():
    p = queens(6)
    assert p.count(timeout=3600, max_nodes=10**9) == 4
    assert last_stats().status == Status.COMPLETE


def test_status_values():
    p = queens(6)
    p.count()
    assert last_stats().status == Status.COMPLETE
    p.count(limit=2)
    assert last_stats().status == Status.LIMIT
    p.solve()
    assert last_stats().status == Status.LIMIT
    list(p.solutions())
    assert last_stats().status == Status.COMPLETE
    list(p.solutions(limit=1))
    assert last_stats().status == Status.LIMIT
    list(p.solutions(limit=100))
    assert last_stats().status == Status.COMPLETE
    with pytest.raises(LimitReached):
        p.count(max_nodes=2)
    assert last_stats().status == Status.MAX_NODES


def test_status_complete_when_solve_finds_nothing():
    p = queens(3)
    assert p.solve() is None
    assert last_stats().status == Status.COMPLETE and last_stats().solutions == 0


def test_count_status_complete_without_primary_items():
    p = ExactCover.from_options([["x"]], primary=[], secondary=["x"])
    assert p.count() == 1
    assert last_stats().status == Status.COMPLETE


def test_count_limit_zero_and_solutions_limit_zero():
    p = queens(6)
    assert p.count(limit=0) == 0
    assert list(p.solutions(limit=0)) == []


def test_progress_callback_receives_progress_reports(monkeypatch):
    monkeypatch.setattr(search_module, "SLICE_UPDATES", 64)
    p = queens(6)
    seen = []

    def report(progress):
        assert isinstance(progress, Progress)
        seen.append(progress)

    assert p.count(progress=report, progress_interval=0) == 4
    assert len(seen) >= 10
    nodes = [r.nodes for r in seen]
    assert nodes == sorted(nodes) and nodes[-1] <= last_stats().nodes
    assert all(r.updates > 0 and r.elapsed >= 0 and r.total is None for r in seen)
    fractions = [r.fraction for r in seen]
    assert fractions == sorted(fractions) and 0 <= fractions[0] < fractions[-1] < 1


def test_progress_true_prints_to_stderr(monkeypatch, capsys):
    monkeypatch.setattr(search_module, "SLICE_UPDATES", 64)
    assert queens(6).count(progress=True, progress_interval=0) == 4
    assert "nodes" in capsys.readouterr().err


def test_no_progress_report_without_pauses():
    calls = []
    assert knuth_problem().count(progress=calls.append, progress_interval=0) == 1
    assert calls == []


def test_keyboard_interrupt_in_progress_marks_status(monkeypatch):
    monkeypatch.setattr(search_module, "SLICE_UPDATES", 64)
    p = queens(6)

    def interrupt(progress):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        p.count(progress=interrupt, progress_interval=0)
    assert last_stats().status == Status.INTERRUPTED
    assert last_stats().updates >= 64


# ---------------------------------------------------------------------------
# Edge cases
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("build", [
    lambda: ExactCover.from_options([]),
    lambda: ExactCover.from_options([["x"], ["y", "x"]], primary=[], secondary=["x", "y"]),
    lambda: ExactCover.from_matrix([[1, 0], [1, 1]], secondary=[0, 1]),
    lambda: ExactCover.from_matrix(np.zeros((0, 0), np.int64)),
    lambda: ExactCover.from_matrix(np.zeros((0, 0), bool)),
    lambda: ExactCover.from_matrix(np.zeros((3, 0), np.uint8)),
], ids=["nothing", "secondary-only", "matrix-secondary-only", "0x0", "0x0-bool", "3x0"])
def test_no_primary_item_means_one_empty_solution(build):
    p = build()
    assert p.n_primary == 0
    assert p.solve() == []
    assert p.count() == 1 and p.count(stop_at=0) == 1
    assert list(p.solutions()) == [[]]
    assert last_stats().nodes == 1 and last_stats().solutions == 1
    assert p.count(limit=0) == 0


@pytest.mark.parametrize("build", [
    lambda: ExactCover.from_options([["a"]], primary=["a", "b"]),
    lambda: ExactCover.from_matrix([[1, 0], [1, 0]]),
    lambda: ExactCover.from_matrix(np.zeros((0, 3), np.int64)),
    lambda: ExactCover.from_dlx("a b\na\n"),
])
def test_primary_item_without_options_means_no_solution(build):
    p = build()
    assert p.solve() is None
    assert p.count() == 0 and p.count(stop_at=0) == 0
    assert list(p.solutions()) == []
    assert last_stats().status == Status.COMPLETE


def test_all_zero_rows_are_never_chosen():
    zero = np.zeros((1, 7), np.int64)
    matrix = np.vstack([zero, SEED[:3], zero, zero, SEED[3:], zero])
    p = ExactCover.from_matrix(matrix)
    # the seed rows now sit at 1, 2, 3, 6, 7, 8
    assert list(p.solutions()) == [[1, 6, 7]]
    assert p.count() == 1


def test_option_of_only_secondary_items_is_never_chosen():
    p = ExactCover.from_options([["a"], ["s"], ["s", "t"]], primary=["a"], secondary=["s", "t"])
    assert list(p.solutions()) == [[0]]


def test_identical_options_give_distinct_solutions():
    p = ExactCover.from_options([["a", "b"], ["a", "b"], ["a"], ["b"]])
    assert as_set(p.solutions()) == {frozenset([0]), frozenset([1]), frozenset([2, 3])}


# ---------------------------------------------------------------------------
# Bad search arguments
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("method", ["solve", "count", "solutions"])
@pytest.mark.parametrize("kwargs, text", [
    (dict(stop_at=2), "stop_at"), (dict(stop_at=-1), "stop_at"),
    (dict(stop_at=0.5), "stop_at"), (dict(stop_at="1"), "stop_at"),
    (dict(max_nodes=-1), "max_nodes"), (dict(max_nodes=1.5), "max_nodes"),
    (dict(max_nodes="10"), "max_nodes"),
    (dict(timeout=-1), "timeout"), (dict(timeout=float("nan")), "timeout"),
])
def test_bad_search_parameters_raise_at_call_time(method, kwargs, text):
    """solutions() checks its arguments when called, not when first iterated."""
    with pytest.raises(ExactCoverError, match=text):
        getattr(knuth_problem(), method)(**kwargs)


@pytest.mark.parametrize("method", ["count", "solutions"])
@pytest.mark.parametrize("limit", [-1, 1.5, True, "3"])
def test_bad_limit_raises(method, limit):
    with pytest.raises(ExactCoverError, match="limit"):
        getattr(knuth_problem(), method)(limit)


def test_numpy_integers_accepted_for_limit_and_max_nodes():
    p = queens(6)
    assert p.count(limit=np.int64(3), max_nodes=np.int32(10**6)) == 3


def test_non_numeric_timeout_raises_value_error():
    with pytest.raises(ExactCoverError, match="timeout"):
        knuth_problem().count(timeout="1")


def test_bool_max_nodes_rejected_like_bool_limit():
    with pytest.raises(ExactCoverError, match="max_nodes"):
        knuth_problem().count(max_nodes=True)


# ---------------------------------------------------------------------------
# Stats: the statistics of the parts of a search add up to those of the whole
# ---------------------------------------------------------------------------


@PROPERTY
@given(problems(), st.data(), st.sampled_from([0, 1]))
def test_the_stats_of_the_parts_add_up_to_the_whole(prob, data, stop_at):
    """Split a search by the options of one primary item (each option given in
    one Search): every solution falls in exactly one part, so the parts' counts
    add up to the whole count, and ``sum`` of their Stats adds their figures."""
    options, n1, n = prob
    assume(n1 > 0)
    p = numbered(options, n1, n)
    item = data.draw(st.integers(0, n1 - 1))
    split = [j for j, o in enumerate(options) if item in o]
    whole = p.search(stop_at=stop_at).count()
    parts = [p.search(given=[j], stop_at=stop_at) for j in split]
    counts = [s.count() for s in parts]
    oracle = ref.solutions_by_subsets(options, n1, n)
    assert counts == [sum(1 for sol in oracle if j in sol) for j in split]
    if not parts:
        # nothing to add: sum([]) is sum's start, the int 0, not a Stats; and an
        # item in no option leaves no solution
        assert whole == 0
        return
    stats = [s.stats for s in parts]
    before = [(s.solutions, s.nodes, s.updates, s.max_level, s.profile.tolist(), s.status) for s in stats]
    total = sum(stats)
    assert isinstance(total, Stats)
    assert total.solutions == sum(counts) == whole
    assert total.nodes == sum(s.nodes for s in stats)
    assert total.updates == sum(s.updates for s in stats)
    assert total.max_level == max(s.max_level for s in stats)
    assert total.profile.tolist() == np.sum([s.profile for s in stats], axis=0).tolist()
    assert total.status == Status.COMPLETE
    assert total.seconds == pytest.approx(sum(s.seconds for s in stats))
    # adding changed none of the parts
    assert [(s.solutions, s.nodes, s.updates, s.max_level, s.profile.tolist(), s.status)
            for s in stats] == before
    assert total.profile is not stats[0].profile


#: How far a search got, most finished first (stats.py: "least finished first", the sum takes the last).
STATUS_ORDER = [Status.NONE, Status.COMPLETE, Status.LIMIT, Status.RUNNING, Status.MAX_NODES, Status.TIMEOUT,
                Status.INTERRUPTED]


def test_merged_status_is_the_least_finished():
    for a in STATUS_ORDER:
        for b in STATUS_ORDER:
            want = STATUS_ORDER[max(STATUS_ORDER.index(a), STATUS_ORDER.index(b))]
            assert (Stats(status=a) + Stats(status=b)).status == want, (a, b)
    # in words: a whole is complete only when every part is
    assert (Stats(status=Status.COMPLETE) + Stats(status=Status.LIMIT)).status == Status.LIMIT
    assert (Stats(status=Status.COMPLETE) + Stats(status=Status.MAX_NODES)).status == Status.MAX_NODES
    assert (Stats(status=Status.TIMEOUT) + Stats(status=Status.COMPLETE)).status == Status.TIMEOUT
    assert sum([Stats(status=Status.COMPLETE), Stats(status=Status.INTERRUPTED),
                Stats(status=Status.COMPLETE)]).status == Status.INTERRUPTED


def _exact_floats():
    return st.integers(0, 2 ** 20).map(lambda k: k / 8)  # sums of these are exact


stats_values = st.builds(
    Stats, solutions=st.integers(0, 10 ** 6), nodes=st.integers(0, 10 ** 9), updates=st.integers(0, 10 ** 12),
    max_level=st.integers(0, 50), seconds=_exact_floats(), status=st.sampled_from(STATUS_ORDER),
    profile=st.lists(st.integers(0, 10 ** 6), max_size=6).map(lambda v: np.array(v, np.int64)))


@settings(max_examples=examples(100), deadline=None)
@given(stats_values, stats_values, stats_values)
def test_adding_stats_is_commutative_and_associative(a, b, c):
    before = [(x.solutions, x.nodes, x.updates, x.max_level, x.seconds, x.status, x.profile.tolist())
              for x in (a, b, c)]
    assert a + b == b + a
    assert (a + b) + c == a + (b + c) == sum([a, b, c])
    none = Stats(status=Status.NONE)  # nothing searched: the neutral element
    assert a + none == a == none + a
    assert sum([a]) == a and sum([a]).profile is not a.profile
    # adding changes neither operand
    assert [(x.solutions, x.nodes, x.updates, x.max_level, x.seconds, x.status, x.profile.tolist())
            for x in (a, b, c)] == before


def test_stats_refuse_other_operands():
    with pytest.raises(TypeError):
        Stats() + 1
    with pytest.raises(TypeError):
        1 + Stats()


def test_an_option_given_twice_is_refused_even_when_it_has_no_items():
    """An empty option given twice used to be chosen twice (its items never clash)."""
    p = ExactCover.from_options([[], ["a"]])
    with pytest.raises(ExactCoverError, match="given option 0 is listed twice"):
        p.solve(given=[0, 0])
    with pytest.raises(ExactCoverError, match="given option 1 is listed twice"):
        p.search(given=[1, 1])
    assert p.solve(given=[0]) == [0, 1]


# ---------------------------------------------------------------------------
# Honest seconds: compiling and loading compiled code is never counted
# ---------------------------------------------------------------------------


def test_seconds_and_timeouts_leave_out_compiling_in_a_fresh_process():
    """In a fresh process the first search of each layout compiles (or loads) its
    kernel; the prelude of ``cold.run_cold`` makes that take 1000 s of clock time,
    which neither ``stats.seconds`` nor a timeout may count."""
    from cold import COMPILE_SECONDS, run_cold

    out = run_cold("""
from dlxnumba import ExactCover, last_stats, queens
p = ExactCover.from_options([["C", "E", "F"], ["A", "D", "G"], ["B", "C", "F"], ["A", "D"],
                             ["B", "G"], ["D", "E", "G"]], primary=list("ABCDE"), secondary=["F", "G"])
out = []
n = p.count(timeout=COMPILE_SECONDS / 2)  # timed out at once if compiling counted
out.append([n, last_stats().seconds, last_stats().updates_per_second, list(compiled)])
q, _ = queens(6)
done = len(compiled)
out.append([len(q.solve()), last_stats().seconds, last_stats().updates_per_second, compiled[done:]])
print(json.dumps(out))
""")
    (count, seconds, rate, compiled), (size, seconds6, rate6, compiled6) = out
    assert "search_spacers" in compiled and "search_blocks" in compiled6  # the calls did compile
    assert count == 1 and size == 6
    assert seconds < COMPILE_SECONDS and seconds6 < COMPILE_SECONDS
    assert rate > 30 / COMPILE_SECONDS and rate6 > 0


# ---------------------------------------------------------------------------
# A budget of nothing: max_nodes=0 and timeout=0 run no search at every entry point
# ---------------------------------------------------------------------------

ZERO_BUDGETS = [dict(max_nodes=0), dict(timeout=0), dict(timeout=0.0), dict(max_nodes=0, timeout=0)]
SINGLE_CALLS = {
    "solve": lambda p, kw: p.solve(**kw),
    "count": lambda p, kw: p.count(**kw),
    "solutions": lambda p, kw: list(p.solutions(**kw)),
    "Search.next": lambda p, kw: p.search(given=kw.pop("given", ()), **kw).next(),
    "Search.count": lambda p, kw: p.search(given=kw.pop("given", ()), **kw).count(),
}


@pytest.mark.parametrize("budget", ZERO_BUDGETS, ids=str)
@pytest.mark.parametrize("call", SINGLE_CALLS)
@pytest.mark.parametrize("case", ["search needed", "no primary item", "givens cover all"])
def test_a_zero_budget_runs_no_search(case, call, budget):
    """Even a problem that needs no level (no primary item, or givens that cover
    every item) is not searched: LimitReached at once, no node, no update."""
    p, given = {"search needed": (knuth_problem(), []),
                "no primary item": (ExactCover.from_options([["s"]], primary=[], secondary=["s"]), []),
                "givens cover all": (knuth_problem(), [0, 3, 4])}[case]
    assert p.count(given=given) == 1  # there is a solution to find
    with pytest.raises(LimitReached) as e:
        SINGLE_CALLS[call](p, dict(budget, given=given))
    assert e.value.reason == (Status.MAX_NODES if "max_nodes" in budget else Status.TIMEOUT)
    assert (e.value.stats.nodes, e.value.stats.updates, e.value.stats.solutions) == (0, 0, 0)


@pytest.mark.parametrize("kwargs, text", [
    (dict(stop_at=np.int64(3)), "stop_at must be 0 or 1, not 3$"),
    (dict(max_nodes=np.int64(-1)), "max_nodes must be a non-negative integer, not -1$"),
    (dict(timeout=np.float64(-1.5)), "timeout must be a non-negative number of seconds, not -1.5$"),
    (dict(limit=np.int64(-2)), "limit must be None or a non-negative integer, not -2$"),
])
def test_bad_numpy_arguments_show_plain_values(kwargs, text):
    """The messages showed np.int64(3)."""
    with pytest.raises(ExactCoverError, match=text):
        knuth_problem().count(**kwargs)


def test_options_without_a_primary_item_are_in_a_solution_only_when_given():
    """As in DLX1 (and as README says): the definition alone would also allow adding
    options of secondary items only (or of none) to a solution; the engine does not."""
    options = [[0], [1], [1, 2], [], [0, 2], [2]]  # item 0 primary, items 1 and 2 secondary
    p = numbered(options, 1, 3)
    by_definition = {frozenset(s) for k in range(len(options) + 1)
                     for s in combinations(range(len(options)), k) if ref.is_exact_cover(options, 1, 3, s)}
    dlx = {s for s in by_definition if ref.is_dlx_solution(options, 1, 3, s)}
    assert dlx < by_definition and all(s <= {0, 4} for s in dlx)
    for stop_at in (0, 1):
        assert as_set(p.solutions(stop_at=stop_at)) == dlx == {frozenset([0]), frozenset([4])}
        assert p.count(stop_at=stop_at) == len(dlx)
        assert p.batch([[]], limit=10, stop_at=stop_at).count.tolist() == [len(dlx)]
    for given_ in ([1], [3], [5], [1, 3]):  # given, such options are kept
        assert as_set(p.solutions(given=given_)) == {s for s in by_definition if set(given_) <= s
                                                    and ref.is_dlx_solution(options, 1, 3, s - set(given_))}


# ---------------------------------------------------------------------------
# A bad progress= or progress_interval= is refused before the search starts
# ---------------------------------------------------------------------------



def test_a_limit_or_budget_past_int64_means_no_limit():
    """count(2**70) and max_nodes=2**70 raised OverflowError."""
    p = queens(6)
    assert p.count(2 ** 70) == 4 and p.count(max_nodes=2 ** 70) == 4
    assert p.solve(max_nodes=2 ** 70) is not None and p.search(max_nodes=2 ** 64).count(2 ** 64) == 4
    assert p.batch([[]], limit=2 ** 70, max_nodes=2 ** 70).count.tolist() == [4]


@pytest.mark.parametrize("stop_at", [np.array([[1]]), 1.0, "1"])
def test_stop_at_must_be_the_integer_0_or_1(stop_at):
    """An array [[1]] passed the check and failed in int() with a TypeError."""
    with pytest.raises(ExactCoverError, match="stop_at must be 0 or 1"):
        knuth_problem().count(stop_at=stop_at)
    assert knuth_problem().count(stop_at=np.int64(0)) == 1


@pytest.mark.parametrize("timeout", [np.float32(1e6), np.float16(2.0), np.int8(3)])
def test_a_numpy_timeout_is_kept_as_a_python_float(timeout):
    """A float32 timeout made a float32 deadline, precise only to a millisecond or worse
    at the machine's clock (perf_counter() + float32 stays float32 in numpy 2)."""
    s = knuth_problem().search(timeout=timeout)
    assert type(s.timeout) is float and type(s.deadline) is float
    assert s.count() == 1


def test_a_complex_timeout_is_refused_by_name():
    with pytest.raises(ExactCoverError, match="timeout must be a non-negative number"):
        knuth_problem().count(timeout=1j)
