"""The compiled Sudoku lanes behind Sudoku.solve and solve_many."""

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dlxnumba import Status, Sudoku, read_puzzles, solve_many
from dlxnumba.sudoku import solve
from dlxnumba.sudoku.encoding import _encoding
from dlxnumba.sudoku.geometry import geometry
from dlxnumba.sudoku.rules import breaks_rules
from dlxnumba.batch import workspace
from dlxnumba.kernels.sudoku import link_givens
from dlxnumba.sudoku.solve import _Shape
from dlxnumba.sudoku.text import _grid_from

from reference import sudoku_ok

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"

# Knuth's DLX1 + sudoku-dlx, all solutions, from ../shared/golden.md
GOLDEN_SUMS = {"easy50": (50, 2889, 41149), "top95": (95, 65581, 1224602), "hardest": (11, 3780, 62056)}
FIVE = "8..6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......"
NONE = ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4........."


def _verified(sols, puzzles):
    return all(sudoku_ok(s, p, 9, (3, 3)) for s, p in zip(sols, puzzles))


@pytest.mark.parametrize("name", sorted(GOLDEN_SUMS))
@pytest.mark.parametrize("threads", [1, 2])
def test_batch_counts_match_knuth(name, threads):
    """Searching every puzzle to the end in the lanes does DLX1's exact work."""
    puzzles = read_puzzles(PUZZLES / f"{name}.txt")
    sols, status, info = solve_many(puzzles, threads=threads, stop_at=0, limit=10 ** 6,
                                    return_stats=True)
    assert (status == Status.SOLVED).all()
    assert _verified(sols, puzzles)
    solutions, nodes, updates = GOLDEN_SUMS[name]
    assert (len(puzzles), int(info["nodes"].sum()), int(info["updates"].sum())) == (solutions, nodes, updates)


def test_batch_counts_of_the_special_puzzles():
    sols, status, info = solve_many([FIVE, NONE], threads=1, stop_at=0, limit=100, return_stats=True)
    assert [Status(s) for s in status] == [Status.MULTIPLE, Status.NO_SOLUTION]
    assert info["nodes"].tolist() == [119, 8342]
    assert info["updates"].tolist() == [1518, 194645]
    assert sudoku_ok(sols[0], _grid_from(FIVE), 9, (3, 3))
    assert not sols[1].any()


@pytest.mark.parametrize("threads", [1, 2])
def test_tiny_work_slices_resume_exactly(monkeypatch, threads):
    """Lanes that pause every few updates, mid-puzzle, give the same answers and counts."""
    puzzles = read_puzzles(PUZZLES / "top95.txt")[:30]
    want = solve_many(puzzles, threads=1, limit=2, return_stats=True)
    monkeypatch.setattr(solve, "WORK_SLICE", 37)
    got = solve_many(puzzles, threads=threads, limit=2, return_stats=True)
    assert np.array_equal(got[0], want[0]) and np.array_equal(got[1], want[1])
    assert np.array_equal(got[2]["nodes"], want[2]["nodes"])
    assert np.array_equal(got[2]["updates"], want[2]["updates"])
    assert _verified(got[0], puzzles)


def test_parallel_equals_serial_on_every_set():
    puzzles = np.concatenate([read_puzzles(PUZZLES / f"{n}.txt") for n in sorted(GOLDEN_SUMS)])
    a = solve_many(puzzles, threads=1, return_stats=True)
    b = solve_many(puzzles, threads=2, return_stats=True)
    for x, y in zip(a[:2], b[:2]):
        assert np.array_equal(x, y)
    assert np.array_equal(a[2]["nodes"], b[2]["nodes"])


def test_every_input_gets_a_status_in_order():
    puzzles = [FIVE, "11" + "." * 79, NONE, "x" * 81, "." * 81, "1" * 80,
               read_puzzles(PUZZLES / "top95.txt")[0]]
    sols, status = solve_many(puzzles, threads=2, limit=2)
    assert [Status(s).name for s in status] == [
        "MULTIPLE", "INVALID", "NO_SOLUTION", "INVALID", "MULTIPLE", "INVALID", "SOLVED"]
    assert sols.shape == (7, 81)
    for k in (1, 2, 3, 5):
        assert not sols[k].any()
    assert sudoku_ok(sols[6], puzzles[6], 9, (3, 3))


def test_digit_too_large_in_an_array_is_invalid():
    puzzles = read_puzzles(PUZZLES / "easy50.txt")[:3].copy()
    puzzles[1, 5] = 10
    sols, status, info = solve_many(puzzles, threads=1, return_stats=True)
    assert [Status(s) for s in status] == [Status.SOLVED, Status.INVALID, Status.SOLVED]
    assert info["errors"][0] is None and "r1c6 holds 10" in info["errors"][1]
    puzzles[1, 5] = 255  # far outside every scratch table
    assert Status(solve_many(puzzles, threads=2)[1][1]) == Status.INVALID


def test_budget_and_timeout_leave_no_pending_row():
    puzzles = read_puzzles(PUZZLES / "top95.txt")
    sols, status, info = solve_many(puzzles, threads=1, max_nodes=60, return_stats=True)
    assert set(status.tolist()) <= {Status.SOLVED, Status.BUDGET}
    assert (status == Status.BUDGET).any() and (status == Status.SOLVED).any()
    # the budget is checked on entering a level; a solution found there adds its node
    assert (info["nodes"][status == Status.BUDGET] == 60).all()
    assert (info["nodes"] <= 61).all()
    assert not sols[status == Status.BUDGET].any()
    sols, status = solve_many(np.repeat(puzzles, 5, axis=0), threads=2, timeout=0)
    assert set(status.tolist()) <= {Status.SOLVED, Status.BUDGET}
    assert len(status) == 5 * len(puzzles)


def test_progress_is_reported(monkeypatch):
    monkeypatch.setattr(solve, "WORK_SLICE", 1000)
    seen = []
    puzzles = read_puzzles(PUZZLES / "top95.txt")
    solve_many(puzzles, threads=1, progress=lambda done, total: seen.append((done, total)),
               progress_interval=0)
    assert seen and all(total == len(puzzles) for _, total in seen)
    assert all(0 <= done <= total for done, total in seen)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_single_solve_matches_batch():
    puzzles = read_puzzles(PUZZLES / "hardest.txt")
    sols, _ = solve_many(puzzles, threads=1)
    for p, s in zip(puzzles, sols):
        t = Sudoku(p).solve()
        assert np.array_equal(t.grid.reshape(-1), s)


def test_solver_state_per_thread_fits_64_kib():
    shape = _Shape.of(9, (3, 3))
    assert workspace(shape.template, shape.depth, 1).nbytes <= 64 * 1024


def test_lanes_work_from_several_python_threads():
    import threading

    puzzles = read_puzzles(PUZZLES / "top95.txt")
    want = solve_many(puzzles, threads=1)[0]
    results = {}

    def work(k):
        results[k] = [Sudoku(p).solve().grid.reshape(-1) for p in puzzles[k::4]]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for k in range(4):
        assert np.array_equal(np.array(results[k]), want[k::4])


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


SHAPES = [(4, (2, 2)), (6, (2, 3)), (6, (3, 2)), (8, (2, 4)), (9, (3, 3))]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
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
    p = _encoding(n, *box)
    t = p._template()
    mine = [rng.integers(0, 2 ** 31, a.size).astype(np.int32) for a in (t.llink, t.rlink, t.ulink, t.dlink)]
    length = rng.integers(0, 2 ** 31, t.length.size).astype(np.int32)
    u = np.uint32
    links = (mine[0].view(u), mine[1].view(u), t.top, mine[2].view(u), mine[3].view(u), length)
    ok = link_givens(cells, n, geometry(n, box).cell_regions.reshape(-1), t.first_node, links)

    givens = np.flatnonzero(cells)
    run = p.search((givens * n + cells[givens] - 1).astype(np.int32), stop_at=0) \
        if not breaks_rules(cells, geometry(n, box)) else None
    assert ok == (run is not None)
    if ok:
        want = _visible(4, *run.links, p.n_items)
        got = _visible(4, mine[0], mine[1], t.top, mine[2], mine[3], length, p.n_items)
        assert got == want


def test_the_lanes_need_four_item_options():
    """Every Sudoku encoding (any size) gets the four-node-block layout the lanes link up."""
    for n, box in SHAPES + [(16, (4, 4))]:
        assert _encoding(n, *box)._template().width == 4
