"""The dancing-cells kernel (Knuth's SSXC1): golden figures, solutions against
the brute-force oracle, node and update counts against a plain-Python twin of
SSXC1, the sparse sets restored after a full search, resumption in slices.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import reference as ref
from dlxnumba import ExactCover
from dlxnumba import kernels as K
from dlxnumba.cells import CellsEngine, build_cells
from dlxnumba.kernels.core.cells import ACTIVE_ITEMS, WIDTH
from dlxnumba.kernels.core.cells_m import BOUNDS
from dlxnumba.errors import ExactCoverError, LimitReached
from dlxnumba.search import Search
from known import knuth_problem, numbered
from strategies import examples, problems

PROPERTY = settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def ssxc1_twin(options, n_primary, n_items, stop_at=1, given=()):
    """Knuth's SSXC1 restated in plain Python (lists and recursion), for the
    counts: {"solutions": [sorted option lists, in order], "nodes", "updates",
    "profile"}.  Items are numbered 0..n_items-1; ``sets[i]`` is item i's
    list of options (numbers), whose first ``size[i]`` are active;
    ``order`` is SSXC1's ``item`` array.  A primary item without options at
    the start means no search (no node)."""
    opts = [list(o) for o in options]
    sets = [[j for j, o in enumerate(opts) if i in o] for i in range(n_items)]
    size = [len(s) for s in sets]
    order = list(range(n_items))
    pos = list(range(n_items))
    active = n_items
    out = {"solutions": [], "nodes": 0, "updates": 0, "profile": {}}

    def swap_out(x):
        nonlocal active
        active -= 1
        p, q = pos[x], active
        y = order[q]
        order[q], order[p] = x, y
        pos[y], pos[x] = p, q

    def hide(c, check):
        """Remove each active option of item c from its other items; False
        when (check) an active primary item would lose its last option."""
        for r in range(size[c]):
            j = sets[c][r]
            k = opts[j].index(c)
            for u in opts[j][k + 1:] + opts[j][:k]:  # going right, wrapping around
                s = size[u] - 1
                if check and s == 0 and u < n_primary and pos[u] < active:
                    return False
                a, b = sets[u].index(j), s  # swap option j to the end of u's active part
                sets[u][a], sets[u][b] = sets[u][b], sets[u][a]
                size[u] = s
                out["updates"] += 1
        return True

    def option_items_right(j, c):
        k = opts[j].index(c)
        return opts[j][k + 1:] + opts[j][:k]

    for j in given:
        for i in opts[j]:
            swap_out(i)
        for i in opts[j]:
            hide(i, False)
    out["updates"] = 0  # the givens are not counted
    if any(size[order[k]] == 0 and order[k] < n_primary for k in range(active)):
        return out
    chosen = []

    def level(lev):
        nonlocal active
        out["nodes"] += 1
        out["profile"][lev] = out["profile"].get(lev, 0) + 1
        best, t = None, None
        for k in range(active):
            if t is not None and t <= stop_at:
                break
            x = order[k]
            if x < n_primary and (t is None or size[x] < t):
                best, t = x, size[x]
        if best is None:
            out["solutions"].append(sorted(list(given) + chosen))
            return
        swap_out(best)
        out["updates"] += 1
        hide(best, False)
        saved = [(x, size[x]) for x in order[:active]]
        for r in range(size[best]):
            j = sets[best][r]
            chosen.append(j)
            others = option_items_right(j, best)
            for u in others:
                swap_out(u)
                out["updates"] += 1
            if all(hide(u, True) for u in others):
                level(lev + 1)
            chosen.pop()
            for x, s in saved:
                size[x] = s
            active = len(saved)

    level(0)
    return out


def engine(search):
    """The dancing-cells engine a Search runs on (private: its sets and sizes, which
    must be restored after a search, are what these tests check)."""
    return search._cells


def cells_run(p: ExactCover, stop_at=1, given=()):
    s = Search(p, given=given, stop_at=stop_at, algorithm="cells")
    sols = list(s.solutions())
    return s, sols


# ------------------------------------------------------------------ golden


def test_knuth_example_matches_ssxc1():
    """golden.md: SSXC1 on Knuth's 7-item example: 1 solution, 5 nodes, 27 updates."""
    p = knuth_problem()
    s, sols = cells_run(p)
    assert sols == [[0, 3, 4]]
    assert (s.stats.solutions, s.stats.nodes, s.stats.updates) == (1, 5, 27)
    assert s.stats.algorithm == "cells"


def test_knuth_example_twin_agrees():
    p = knuth_problem()
    t = ssxc1_twin(p.options, p.n_primary, p.n_items)
    assert (len(t["solutions"]), t["nodes"], t["updates"]) == (1, 5, 27)


def test_build_cells_invariants_on_queens():
    from dlxnumba import queens

    p, _ = queens(6)
    t = build_cells(p.n_items, p.n_primary, p.opt_ptr, p.opt_items)
    _check_invariants(t.item, t.set, t.nd, p.n_items)
    # each item's block lists its options in input order
    for i, x in enumerate(t.item.tolist()):
        nodes = t.set[x:x + t.set[x - 1]]
        opts = (np.searchsorted(t.first_node, nodes, side="right") - 1).tolist()
        assert opts == [j for j in range(p.n_options) if i in p.option(j)]


@PROPERTY
@given(problems(), st.sampled_from(["plain", "colors", "bounds"]))
def test_span_gives_each_node_its_option(prob, layout):
    options, n1, n = prob
    p = numbered(options, n1, n)
    colors = None if layout == "plain" else np.ones(len(p.opt_items), np.int32)
    bounds = (np.ones(n1, np.int64), np.ones(n1, np.int64)) if layout == "bounds" else (None, None)
    t = build_cells(p.n_items, p.n_primary, p.opt_ptr, p.opt_items, colors, *bounds)
    nd, span = t.nd.reshape(-1, WIDTH[t.variant]), t.span.reshape(-1, 2)
    assert span.dtype == nd.dtype == t.set.dtype
    assert nd.dtype == (np.int16 if layout == "plain" else np.int32)  # (small problems)
    if layout == "colors":  # SSXCC: one array, the nodes first; items named by their place in it; no span
        assert span.size == 0 and np.shares_memory(t.nd, t.set) and t.set[:t.nd.size].tolist() == t.nd.tolist()
        assert t.item.min(initial=nd.size) >= nd.size and t.second >= nd.size
    else:
        assert span.shape[0] == nd.shape[0]
    for j in range(p.n_options):
        first, length = int(t.first_node[j]), len(p.option(j))
        assert nd[first - 1, 0] <= 0 and nd[first + length, 0] == -length  # the spacers around it
        for y in range(first, first + length):
            assert t.set[nd[y, 1]] == y and nd[y, 0] in t.item  # (its place in its item's set)
            if span.size:
                assert span[y].tolist() == [first, first + length]
    if span.size:
        assert (span[nd[:, 0] <= 0] == 0).all()


def _check_invariants(item, set_, nd, n_items):
    """pos(item[k]) == k for every item, set[loc(y)] == y for every active node."""
    for k in range(n_items):
        assert set_[item[k] - 2] == k
    for y in range(nd.size // 2):
        x = nd[2 * y]
        if x > 0:
            assert set_[nd[2 * y + 1]] == y


# ------------------------------------------------------- against the oracles


@PROPERTY
@given(problems(), st.sampled_from([0, 1]))
def test_same_solutions_as_oracle_and_counts_as_twin(prob, stop_at):
    options, n1, n = prob
    p = numbered(options, n1, n)
    s, sols = cells_run(p, stop_at)
    want = ref.solutions_by_backtracking(options, n1, n)
    assert {frozenset(x) for x in sols} == want
    assert len(sols) == len(want) == s.stats.solutions
    for x in sols:
        assert ref.is_dlx_solution(options, n1, n, x)
    twin = ssxc1_twin(options, n1, n, stop_at)
    assert sols == twin["solutions"]  # the same order, too
    assert (s.stats.nodes, s.stats.updates) == (twin["nodes"], twin["updates"])
    profile = [twin["profile"].get(k, 0) for k in range(len(s.stats.profile))]
    assert s.stats.profile.tolist() == profile
    # and the links kernel finds the same set
    assert {frozenset(x) for x in Search(p, stop_at=stop_at).solutions()} == want


@PROPERTY
@given(problems(), st.data())
def test_given_options_as_oracle(prob, data):
    options, n1, n = prob
    if not options:
        return
    p = numbered(options, n1, n)
    g = data.draw(st.lists(st.integers(0, len(options) - 1), unique=True, max_size=3))
    want = {x | frozenset(g) for x in ref.solutions_with_given(options, n1, n, g)}
    try:
        s, sols = cells_run(p, given=g)
    except ExactCoverError as e:
        # exactly when two given options share an item; links says the same
        with pytest.raises(ExactCoverError) as links_error:
            Search(p, given=g)
        assert str(e) == str(links_error.value)
        return
    assert {frozenset(x) for x in sols} == want
    twin = ssxc1_twin(options, n1, n, 1, g)
    assert sols == twin["solutions"]
    assert (s.stats.nodes, s.stats.updates) == (twin["nodes"], twin["updates"])


# --------------------------------------------------- restored, resumed, grown


@PROPERTY
@given(problems())
def test_sets_restored_after_full_search(prob):
    options, n1, n = prob
    p = numbered(options, n1, n)
    s, _ = cells_run(p)
    e = engine(s)
    item, set_, nd, _ = e.cells
    t = e.template
    assert s.done and int(s.state[K.LEVEL]) >= 0
    assert int(s.state[ACTIVE_ITEMS]) == n  # every item active again
    _check_invariants(item, set_, nd, n)
    assert sorted(item.tolist()) == sorted(t.item.tolist())
    for x in t.item.tolist():
        size = int(t.set[x - 1])
        assert set_[x - 1] == size  # the sizes, and each set's members (in some order)
        assert sorted(set_[x:x + size].tolist()) == sorted(t.set[x:x + size].tolist())


@PROPERTY
@given(problems(), st.integers(1, 5))
def test_resumption_in_slices_identical(prob, budget):
    options, n1, n = prob
    p = numbered(options, n1, n)
    whole, sols = cells_run(p)
    sliced = Search(p, algorithm="cells")
    got = []
    cap = 0
    while True:
        cap += budget
        sliced.max_nodes = cap
        try:
            sol = sliced.next()
        except LimitReached:
            continue
        if sol is None:
            break
        got.append(sol)
    assert got == sols
    a, b = whole.stats, sliced.stats
    assert (a.solutions, a.nodes, a.updates, a.max_level) == (b.solutions, b.nodes, b.updates, b.max_level)
    assert a.profile.tolist() == b.profile.tolist()


@pytest.mark.parametrize("m", [10_000, 11_000])
def test_int16_sets_up_to_their_limit_then_int32(m):
    """SSXC1's sets are int16 while every node number fits (``3m + 1`` nodes here), int32 past
    that; both count and apply givens alike (the random problems above are all int16)."""
    from dlxnumba.cells import SMALL

    p = ExactCover.from_options([["a", "b"]] * m + [["a", "c"]], primary=["a"], secondary=["b", "c"])
    t = build_cells(p.n_items, p.n_primary, p.opt_ptr, p.opt_items)
    assert t.nd.dtype == (np.int16 if 3 * (m + 1) + 1 < SMALL else np.int32)
    assert t.set.dtype == t.span.dtype == t.nd.dtype
    links = Search(p, algorithm="links")
    cells = Search(p, algorithm="cells")
    assert cells.count() == links.count() == m + 1
    assert [sorted(o) for o in Search(p, algorithm="cells", given=[m]).solutions()] == [[m]]
    assert sorted(Search(p, algorithm="cells", given=[m - 1]).first()) == [m - 1]


def test_stack_grows_on_demand():
    """The stack of saved sizes starts small and grows when a level needs more room."""
    from dlxnumba import langford

    p, _ = langford(7)
    e = CellsEngine(p, np.zeros(0, np.int32))
    e.stack = np.zeros(2 * p.n_items, np.int32)  # room for the start only
    count = 0
    while e.run(1, count + 1, 1 << 62, 1 << 62) == K.RET_SOLUTION:
        count += 1
    assert count == 52 and e.stack.size > 2 * p.n_items
    assert int(e.state[K.SOLUTIONS]) == 52
    s = Search(p, algorithm="cells")
    assert s.count() == 52 and int(e.state[K.NODES]) == s.stats.nodes


def test_uncoverable_item_means_no_search():
    """SSXC1: a primary item without options at the start: no node, no solution."""
    p = ExactCover.from_options([["a"]], primary=["a", "b"])
    s = Search(p, algorithm="cells")
    assert s.count() == 0 and s.stats.nodes == 0 and s.done


def test_no_primary_item_is_one_empty_solution():
    p = ExactCover.from_options([["x"]], primary=[], secondary=["x"])
    s = Search(p, algorithm="cells")
    assert list(s.solutions()) == [[]] and s.stats.nodes == 1


# ------------------------------------------------------------ colors (SSXCC)


def xcc_brute(options, colors, n_primary, n_items):
    """Every solution of an XCC problem by trying all subsets of options: each
    primary item covered once; each secondary item either by at most one
    option, uncolored, or by any number of options that all give it the same
    color; every chosen option has a primary item (colors 0: none)."""
    from itertools import combinations

    useful = [j for j, o in enumerate(options) if any(i < n_primary for i in o)]
    out = set()
    for r in range(len(useful) + 1):
        for chosen in combinations(useful, r):
            times = [0] * n_items
            seen: dict = {}
            ok = True
            for j in chosen:
                for i, c in zip(options[j], colors[j]):
                    times[i] += 1
                    seen.setdefault(i, set()).add(c)
            for i in range(n_items):
                if i < n_primary:
                    ok = ok and times[i] == 1
                elif times[i] > 1:
                    ok = ok and seen[i] == {seen[i].copy().pop()} and 0 not in seen[i]
            if ok:
                out.add(frozenset(chosen))
    return out


@st.composite
def colored_problems(draw):
    """(options, colors, n_primary, n_items): problems() with a color 0..2 on
    some secondary entries."""
    options, n1, n = draw(problems(max_items=7, max_options=9))
    colors = [[draw(st.integers(0, 2)) if i >= n1 else 0 for i in o] for o in options]
    return options, colors, n1, n


def colored(options, colors, n1, n) -> ExactCover:
    ptr = np.cumsum([0] + [len(o) for o in options])
    items = np.array([i for o in options for i in o], np.int64)
    flat = np.array([c for cs in colors for c in cs], np.int64)
    names = [f"i{k}" for k in range(n)]
    return ExactCover(n1, names, ptr, items, flat if flat.any() else None, ["a", "b"] if flat.any() else ())


GOLDEN = Path(__file__).resolve().parents[2] / "golden"  # Knuth's files of golden.md


def golden_problem(name: str) -> ExactCover:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # toy2 has an option without a primary item, dropped
        return ExactCover.from_dlx(GOLDEN / f"{name}.dlx")


@pytest.mark.parametrize("name, figures", [("toy2", (1, 3, 11)), ("debruijn135", (160, 2225, 106951))])
def test_golden_ssxcc(name, figures):
    """golden.md: SSXCC's solutions, nodes and updates, and the same solutions as links."""
    p = golden_problem(name)
    s, sols = cells_run(p)
    assert (len(sols), s.stats.nodes, s.stats.updates) == figures
    assert {frozenset(x) for x in sols} == {frozenset(x) for x in p.solutions()}
    if name == "toy2":
        assert sols == [[1, 2]] and p.colors_of(sols[0]) == {"X": "1", "Y": "1"}


@PROPERTY
@given(colored_problems())
def test_colored_same_solutions_as_brute_force_and_links(prob):
    options, colors, n1, n = prob
    p = colored(options, colors, n1, n)
    s, sols = cells_run(p)
    want = xcc_brute(options, colors, n1, n)
    assert {frozenset(x) for x in sols} == want and len(sols) == len(want)
    assert want == ref.colored_solutions_by_subsets(options, colors, n1, n)  # the shared oracle agrees
    assert {frozenset(x) for x in Search(p).solutions()} == want  # links, Algorithm C
    # the sets are restored at the end
    e = engine(s)
    t = e.template
    for x in t.item.tolist():
        assert e.cells[1][x - 1] == t.set[x - 1]


@PROPERTY
@given(colored_problems(), st.integers(1, 4))
def test_colored_resumption_in_slices(prob, budget):
    options, colors, n1, n = prob
    p = colored(options, colors, n1, n)
    whole, sols = cells_run(p)
    sliced = Search(p, algorithm="cells")
    got, cap = [], 0
    while True:
        cap += budget
        sliced.max_nodes = cap
        try:
            sol = sliced.next()
        except LimitReached:
            continue
        if sol is None:
            break
        got.append(sol)
    assert got == sols
    assert (whole.stats.nodes, whole.stats.updates) == (sliced.stats.nodes, sliced.stats.updates)


@PROPERTY
@given(colored_problems(), st.data())
def test_colored_givens(prob, data):
    options, colors, n1, n = prob
    if not options:
        return
    p = colored(options, colors, n1, n)
    g = data.draw(st.lists(st.integers(0, len(options) - 1), unique=True, max_size=2))
    # links (Algorithms C and M) agrees, error for error
    try:
        links = {frozenset(x) for x in Search(p, given=g).solutions()}
    except ExactCoverError:
        links = None
    try:
        cells = {frozenset(x) for x in Search(p, given=g, algorithm="cells").solutions()}
    except ExactCoverError:
        cells = None
    assert cells == links
    every = xcc_brute(options, colors, n1, n) if all(any(i < n1 for i in options[j]) for j in g) else None
    try:
        sols = list(Search(p, given=g, algorithm="cells").solutions())
    except ExactCoverError:
        if every is not None:
            assert not any(set(g) <= x for x in every)
        return
    if every is not None:
        assert {frozenset(x) for x in sols} == {x for x in every if set(g) <= x}



# ----------------------------------------------------- multiplicities (SSMCC)


def mcc_brute(options, colors, lower, upper, n_primary, n_items):
    """Every solution of an MCC problem by trying all subsets: primary item
    ``i`` covered between ``lower[i]`` and ``upper[i]`` times, secondary items
    as in :func:`xcc_brute`, every chosen option holding a primary item."""
    from itertools import combinations

    useful = [j for j, o in enumerate(options) if any(i < n_primary for i in o)]
    out = set()
    for r in range(len(useful) + 1):
        for chosen in combinations(useful, r):
            times = [0] * n_items
            seen: dict = {}
            for j in chosen:
                for i, c in zip(options[j], colors[j]):
                    times[i] += 1
                    seen.setdefault(i, set()).add(c)
            ok = all(lower[i] <= times[i] <= upper[i] for i in range(n_primary))
            for i in range(n_primary, n_items):
                if times[i] > 1:
                    ok = ok and len(seen[i]) == 1 and 0 not in seen[i]
            if ok:
                out.add(frozenset(chosen))
    return out


@st.composite
def bounded_problems(draw):
    """colored_problems() with bounds u:v (0 <= u <= v <= 3, v >= 1) on the primary items."""
    options, colors, n1, n = draw(colored_problems())
    upper = [draw(st.integers(1, 3)) for _ in range(n1)]
    lower = [draw(st.integers(0, v)) for v in upper]
    return options, colors, lower, upper, n1, n


def bounded(options, colors, lower, upper, n1, n) -> ExactCover:
    ptr = np.cumsum([0] + [len(o) for o in options])
    items = np.array([i for o in options for i in o], np.int64)
    flat = np.array([c for cs in colors for c in cs], np.int64)
    names = [f"i{k}" for k in range(n)]
    return ExactCover(n1, names, ptr, items, flat if flat.any() else None, ["a", "b"] if flat.any() else (),
                      np.array(lower, np.int64), np.array(upper, np.int64))


@pytest.mark.parametrize("name, figures", [("toy3", (1, 5, 13)), ("queendom4_6", (7996, 20332, 239976))])
def test_golden_ssmcc(name, figures):
    """golden.md: SSMCC's solutions, nodes and updates, and the same solutions as links."""
    p = golden_problem(name)
    s, sols = cells_run(p)
    assert (len(sols), s.stats.nodes, s.stats.updates) == figures
    assert {frozenset(x) for x in sols} == {frozenset(x) for x in p.solutions()}
    assert len({frozenset(x) for x in sols}) == len(sols)


@PROPERTY
@given(bounded_problems())
def test_bounded_same_solutions_as_brute_force_and_links(prob):
    options, colors, lower, upper, n1, n = prob
    p = bounded(options, colors, lower, upper, n1, n)
    s, sols = cells_run(p)
    want = mcc_brute(options, colors, lower, upper, n1, n)
    assert {frozenset(x) for x in sols} == want and len(sols) == len(want)
    assert want == ref.colored_solutions_by_subsets(options, colors, n1, n, lower, upper)
    assert {frozenset(x) for x in Search(p).solutions()} == want  # links, Algorithm M
    e = engine(s)  # sizes and bounds restored at the end
    t = e.template
    for x in t.item.tolist():
        assert e.cells[1][x - 1] == t.set[x - 1]
        if t.variant == BOUNDS and x < t.second:
            assert e.cells[1][x - 4] == t.set[x - 4]


@PROPERTY
@given(bounded_problems(), st.integers(1, 4))
def test_bounded_resumption_in_slices(prob, budget):
    options, colors, lower, upper, n1, n = prob
    p = bounded(options, colors, lower, upper, n1, n)
    whole, sols = cells_run(p)
    sliced = Search(p, algorithm="cells")
    got, cap = [], 0
    while True:
        cap += budget
        sliced.max_nodes = cap
        try:
            sol = sliced.next()
        except LimitReached:
            continue
        if sol is None:
            break
        got.append(sol)
    assert got == sols
    assert (whole.stats.nodes, whole.stats.updates) == (sliced.stats.nodes, sliced.stats.updates)


@PROPERTY
@given(bounded_problems(), st.data())
def test_bounded_givens(prob, data):
    options, colors, lower, upper, n1, n = prob
    if not options:
        return
    p = bounded(options, colors, lower, upper, n1, n)
    g = data.draw(st.lists(st.integers(0, len(options) - 1), unique=True, max_size=2))
    # links (Algorithms C and M) agrees, error for error
    try:
        links = {frozenset(x) for x in Search(p, given=g).solutions()}
    except ExactCoverError:
        links = None
    try:
        cells = {frozenset(x) for x in Search(p, given=g, algorithm="cells").solutions()}
    except ExactCoverError:
        cells = None
    assert cells == links
    every = (mcc_brute(options, colors, lower, upper, n1, n)
             if all(any(i < n1 for i in options[j]) for j in g) else None)
    try:
        sols = list(Search(p, given=g, algorithm="cells").solutions())
    except ExactCoverError:
        if every is not None:
            assert not any(set(g) <= x for x in every)
        return
    if every is not None:
        assert {frozenset(x) for x in sols} == {x for x in every if set(g) <= x}
