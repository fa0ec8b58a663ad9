"""The branching rule of the search loop (dlxnumba.kernels.core.search.choose) and
the count of active primary items that it relies on.

``choose`` picks the same item in each of its three ways (one pass over a few
items, a walk of the item list, a chunked scan of the span); here it is
checked against DLX1's rule restated in Python, on item lists built by hand,
and the search as a whole against the set-based DLX1 trace on problems whose
active items end up few and far apart.
"""

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import reference as ref
from dlxnumba import last_stats
from dlxnumba import kernels as K
from dlxnumba.kernels.core.search import CHUNK, SEARCH, SMALL, WALK_RATIO
from dlxnumba.kernels.core.search import choose as _choose
from known import numbered
from numba import njit
from strategies import examples, problems

PROPERTY = settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@njit
def choose(n1, active, stop_at, llink, rlink, length):
    """The search's choose(), which only compiled code can call (an inner
    kernel: no wrapper for Python), called from compiled code."""
    return _choose(n1, active, stop_at, llink, rlink, length)


def dlx1_choice(order, length, stop_at):
    """DLX1's scan of the item list ``order``: the first item of length
    ``<= stop_at``, else the first of minimum length."""
    best, t = None, None
    for i in order:
        if t is None or length[i] < t:
            best, t = i, length[i]
            if t <= stop_at:
                break
    return best


@st.composite
def item_lists(draw):
    """(n1, active items in order, lengths, spare entries after the lengths):
    sizes around CHUNK and its multiples, dense and sparse active sets."""
    n1 = draw(st.one_of(st.integers(1, int(CHUNK) + 2), st.integers(int(CHUNK) - 2, 5 * int(CHUNK) + 3)))
    n_items = n1 + draw(st.integers(0, 3))  # secondary items follow the primary ones
    density = draw(st.sampled_from([1.0, 0.5, 0.05, 0.01]))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    active = np.flatnonzero(rng.random(n1) < density) + 1
    if active.size == 0:
        active = np.array([draw(st.integers(1, n1))])
    length = rng.integers(0, draw(st.integers(1, 6)), n_items + 1).astype(np.int32)
    covered = np.setdiff1d(np.arange(1, n1 + 1), active)
    length[covered] += K.COVERED
    spare = draw(st.sampled_from([0, 1, int(CHUNK)]))
    return n1, n_items, active.tolist(), length, spare


def links_of(n_items, active, length, spare):
    """llink, rlink (uint32 views) of the primary list holding ``active``, and
    ``length`` followed by ``spare`` entries; covered items' links are junk."""
    llink = np.full(n_items + 2, 7, np.int32)
    rlink = np.full(n_items + 2, 7, np.int32)
    ring = [0] + active
    for a, b in zip(ring, ring[1:] + [0]):
        rlink[a], llink[b] = b, a
    padded = np.concatenate([length, np.full(spare, -5, np.int32)])  # never read as a length
    return llink.view(np.uint32), rlink.view(np.uint32), padded


@PROPERTY
@given(item_lists(), st.sampled_from([0, 1]))
def test_choose_is_dlx1s_choice_by_every_way(lists, stop_at):
    """Whichever way the count of active items sends it (the true count, 0: the
    walk, a huge one: the scan), choose() returns DLX1's item."""
    n1, n_items, active, length, spare = lists
    llink, rlink, padded = links_of(n_items, active, length, spare)
    expect = dlx1_choice(active, length, stop_at)
    for count in (len(active), 0, 2**40):
        assert choose(n1, count, stop_at, llink, rlink, padded) == expect


def test_every_way_of_choosing_is_exercised():
    """The cases above reach all three ways: a small problem, a sparse span
    (walked) and a dense one (scanned in chunks, across chunk boundaries)."""
    n1 = 5 * int(CHUNK)
    length = np.full(n1 + 1, 3, np.int32)
    length[n1 - 1] = 1  # the minimum, in the last chunk
    # dense: every item active, the scan runs through every chunk
    llink, rlink, padded = links_of(n1, list(range(1, n1 + 1)), length, 0)
    assert choose(n1, n1, 0, llink, rlink, padded) == n1 - 1
    # sparse: three active items over the whole span are walked
    sparse = [1, n1 - 1, n1]
    covered = length.copy()
    covered[[i for i in range(1, n1 + 1) if i not in sparse]] += K.COVERED
    assert 3 * WALK_RATIO < n1 - 1
    llink, rlink, padded = links_of(n1, sparse, covered, 0)
    assert choose(n1, 3, 0, llink, rlink, padded) == n1 - 1


# ---------------------------------------------------------------------------
# The whole search on problems whose active items are few and far apart
# ---------------------------------------------------------------------------


@st.composite
def spread_problems(draw):
    """A small problem whose primary items are spread among many others that
    filler options cover in blocks: once the fillers are chosen, a handful of
    active items span hundreds (the walk), before that the span is dense."""
    options, core1, core_n = draw(problems(max_items=8, max_options=10))
    n1 = draw(st.integers(int(CHUNK) + 1, 40 * max(core1, 1) + 2 * int(CHUNK)))
    spots = sorted(draw(st.lists(st.integers(0, n1 - 1), min_size=core1, max_size=core1, unique=True)))
    others = [i for i in range(n1) if i not in set(spots)]
    n_items = n1 + (core_n - core1)
    relabel = {i: spots[i] for i in range(core1)}
    relabel.update({core1 + k: n1 + k for k in range(core_n - core1)})
    opts = [[relabel[i] for i in opt] for opt in options]
    cuts = sorted(draw(st.lists(st.integers(1, max(len(others) - 1, 1)), max_size=4, unique=True)))
    for a, b in zip([0] + cuts, cuts + [len(others)]):
        if a < b:
            opts.append(others[a:b])
    opts = draw(st.permutations(opts))
    return opts, n1, n_items


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spread_problems(), st.sampled_from([0, 1]))
def test_spread_problems_match_the_dlx1_trace(prob, stop_at):
    options, n1, n = prob
    expect = ref.dlx1_trace(options, n1, n, stop_at=stop_at)
    p = numbered(options, n1, n)
    assert list(p.solutions(stop_at=stop_at)) == expect["solutions"]
    s = last_stats()
    assert (s.nodes, s.updates, s.max_level) == (expect["nodes"], expect["updates"], expect["max_level"])


def active_primary(search) -> int:
    return int((search.length[1: search.problem.n_primary + 1] < K.COVERED).sum())


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spread_problems(), st.sampled_from([0, 1]), st.sampled_from(["nodes", "updates"]))
def test_the_count_of_active_items_is_kept_exactly(prob, stop_at, budget):
    """With more than SMALL primary items, state[ACTIVE] is the number of
    active primary items at every pause (one node or update per call), at
    every solution and at the end."""
    p = numbered(*prob)
    assert p.n_primary > SMALL
    s = p.search(stop_at=stop_at)
    kernel = SEARCH[s.width]
    st_ = s.state
    big = 2**62
    for _ in range(100_000):
        node_stop = st_[K.NODES] + 1 if budget == "nodes" else big
        update_stop = st_[K.UPDATES] + 1 if budget == "updates" else big
        ret = kernel(p.n_primary, s.links, s.cursor, stop_at, st_[K.SOLUTIONS] + 1, node_stop, update_stop)
        assert st_[K.ACTIVE] == active_primary(s)
        if ret == K.RET_DONE:
            break
    else:
        raise AssertionError("the stepped search never finished")


def test_choose_returns_one_type_so_cover_is_compiled_once():
    """A uint64 from numba's integer arithmetic made cover() and uncover() be
    compiled twice per layout (for uint32 and uint64 items), 0.3 s more of
    compiling on a cold start."""
    from numba import types

    n1 = 3 * int(CHUNK)
    length = np.ones(n1 + 1, np.int32)
    llink, rlink, padded = links_of(n1, list(range(1, n1 + 1)), length, 0)
    choose(n1, n1, 1, llink, rlink, padded)
    assert {_choose.overloads[sig].signature.return_type for sig in _choose.signatures} == {types.uint32}
