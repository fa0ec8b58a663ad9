"""The Sudoku kernels: the links a grid's givens leave (link_givens / sudoku_links)
and the rule check (grid_clash), each against a slow twin."""

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import reference as ref
from dlxnumba.sudoku.kernels.links import grid_clash, link_givens
from dlxnumba.template import template
from dlxnumba.sudoku.encoding import cover_problem
from dlxnumba.sudoku.geometry import geometry
from dlxnumba.sudoku.rules import breaks_rules
from known import solved_grid
from strategies import examples

SHAPES = [(4, (2, 2)), (6, (2, 3)), (6, (3, 2)), (8, (2, 4)), (9, (3, 3))]


# ---------------------------------------------------------------------------
# sudoku_links against covering the givens on the template
# ---------------------------------------------------------------------------


def _visible(width, llink, rlink, top, ulink, dlink, length, n_items):
    """What the search can see of a state: the active items in order, and
    each active item's length and vertical list (walked down and up)."""
    assert width == 4
    active = []
    i = int(rlink[0])
    while i != 0:
        assert int(llink[i]) == (active[-1] if active else 0)
        active.append(i)
        i = int(rlink[i])
    assert int(llink[0]) == (active[-1] if active else 0)
    lists = {}
    for i in active:
        down, x = [], int(dlink[i])
        while x != i:
            assert int(top[x]) == i
            down.append(x)
            x = int(dlink[x])
        up, x = [], int(ulink[i])
        while x != i:
            up.append(x)
            x = int(ulink[x])
        assert up == down[::-1]
        assert int(length[i]) == len(down)
        lists[i] = down
    covered = [i for i in range(1, n_items + 1) if i not in lists]
    assert all(length[i] >= 1 << 30 for i in covered)
    return active, lists


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SHAPES), st.data())
def test_linking_up_the_givens_equals_covering_them(shape, data):
    """The lanes build the post-givens state directly; it must be exactly the
    state that covering the givens' options on the template leaves (same items,
    same lists in the same order, same lengths), and be invalid exactly when
    covering fails.  The lane arrays start out as garbage."""
    n, box = shape
    r, c = box
    rng = np.random.default_rng(data.draw(st.integers(0, 2 ** 32 - 1)))
    # a solved grid (a pattern, digits relabelled), some cells blanked, and
    # now and then one cell overwritten, which may break a rule
    i, j = np.divmod(np.arange(n * n), n)
    cells = (rng.permutation(n) + 1)[(c * (i % r) + i // r + j) % n].astype(np.uint8)
    cells[rng.random(n * n) >= data.draw(st.floats(0.0, 1.0))] = 0
    if data.draw(st.booleans()):
        cells[rng.integers(n * n)] = rng.integers(1, n + 1)
    p = cover_problem(n, *box)
    t = template(p)
    mine = [rng.integers(0, 2 ** 31, a.size).astype(np.int32) for a in (t.llink, t.rlink, t.ulink, t.dlink)]
    length = rng.integers(0, 2 ** 31, t.length.size).astype(np.int32)
    u = np.uint32
    links = (mine[0].view(u), mine[1].view(u), t.top, mine[2].view(u), mine[3].view(u), length)
    jobs = (np.ones(1, np.int64), cells.reshape(1, -1), n, geometry(n, box).cell_regions.reshape(-1))
    ok = link_givens(jobs, t.first_node, links)

    givens = np.flatnonzero(cells)
    run = p.search(given=(givens * n + cells[givens] - 1).astype(np.int32), stop_at=0) \
        if not breaks_rules(cells, geometry(n, box)) else None
    assert ok == (run is not None)
    if ok:
        want = _visible(4, *run.links, p.n_items)
        got = _visible(4, mine[0], mine[1], t.top, mine[2], mine[3], length, p.n_items)
        assert got == want


def test_the_lanes_need_four_item_options():
    """Every Sudoku encoding (any size) gets the four-node-block layout the lanes link up."""
    for n, box in SHAPES + [(16, (4, 4))]:
        assert template(cover_problem(n, *box)).width == 4


# ---------------------------------------------------------------------------
# grid_clash against the rules
# ---------------------------------------------------------------------------


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SHAPES), st.data())
def test_grid_clash_finds_the_first_cell_that_breaks_a_rule(shape, data):
    """The first cell (row-major) whose digit is too large or repeats one of an
    earlier cell in its row, column or box, or -1; the scratch table may hold
    anything on the way in."""
    n, box = shape
    rng = np.random.default_rng(data.draw(st.integers(0, 2 ** 32 - 1)))
    cells = solved_grid(n, box, rng)
    cells[rng.random(n * n) >= data.draw(st.floats(0.0, 1.0))] = 0
    for _ in range(data.draw(st.integers(0, 3))):  # overwrite a few cells: rules may break
        cells[rng.integers(n * n)] = data.draw(st.sampled_from([1, n, n + 1, 255]) | st.integers(1, n))
    seen = rng.integers(0, 256, 3 * n * (n + 1)).astype(np.uint8)
    g = geometry(n, box)
    want = ref.sudoku_first_clash(cells.tolist(), n, box)
    assert grid_clash(cells, n, g.flat_cell_regions, seen) == want
    assert breaks_rules(cells, g) == (want >= 0)


def test_grid_clash_on_the_empty_and_asolved_grid():
    rng = np.random.default_rng(7)
    for n, box in SHAPES:
        g = geometry(n, box)
        seen = np.full(3 * n * (n + 1), 255, np.uint8)
        assert grid_clash(np.zeros(n * n, np.uint8), n, g.flat_cell_regions, seen) == -1
        cells = solved_grid(n, box, rng)
        assert grid_clash(cells, n, g.flat_cell_regions, seen) == -1
        cells[-1] = cells[-2]  # the last cell repeats its left neighbour
        assert grid_clash(cells, n, g.flat_cell_regions, seen) == n * n - 1
