"""Solving Sudoku (dlxnumba.sudoku.solve): the one engine behind Sudoku.solve,
solutions, count, is_unique and solve_many; every shipped puzzle, Knuth's figures,
small grids against brute force, batches, limits, progress, threads.

Every solution the tests see is checked by ``reference.sudoku_ok``, a verifier
written from the rules alone; small puzzles are compared with brute-force
enumerations (``reference.sudoku_solutions_brute`` and the exact-cover oracle
``reference.solutions_with_given`` run on ``sudoku_problem``).
"""

from __future__ import annotations

import threading

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import dlxnumba
from dlxnumba import last_stats
from dlxnumba import (LimitReached, Stats, Status, Sudoku, SudokuError, is_solution, read_puzzles, solve_many,
                      sudoku_problem)
from dlxnumba.batch import workspace
from dlxnumba.progress import Progress
from dlxnumba.sudoku import bits, solve
from dlxnumba.sudoku.solve import _Shape  # private: the compiled shape whose workspace size is tested
from dlxnumba.sudoku.text import grid_from
from known import (FIVE, GOLDEN_FIRST, GOLDEN_SPECIAL, GOLDEN_SUM, MULTI_SETS, NONE, PUZZLES, TOP1,
                   TOP1_SOLUTION, cells_of, empty, load, set_names, solved_grid, verified)
from reference import solutions_with_given, sudoku_ok, sudoku_solutions_brute
from strategies import examples

# ---------------------------------------------------------------------------
# One engine: every way of solving agrees and takes the same options
# ---------------------------------------------------------------------------

#: an easy, a hard, a multi-solution (4x4 and 9x9) and a no-solution puzzle
ENGINE = {"easy": load("easy50")["lines"][0], "hard": TOP1, "multi-4x4": "12.. ..12 .... ....",
          "five": FIVE, "none": NONE}


@pytest.mark.parametrize("name", ENGINE)
def test_every_way_of_solving_agrees(name):
    """solve(), the first of solutions() and the row of solve_many are one
    solution (or none), verified; count() is what solutions() and solve_many count."""
    text = ENGINE[name]
    s = Sudoku(text)
    first = s.solve()
    listed = list(s.solutions())
    rows, status = solve_many([text], threads=1)
    if first is None:
        assert listed == [] and not rows[0].any() and status.tolist() == [Status.NO_SOLUTION]
    else:
        assert first == listed[0]
        assert rows[0].tolist() == first.grid.reshape(-1).tolist()
        assert status.tolist() == [Status.SOLVED]
        assert is_solution(first, s) and verified(first, s)
    assert all(is_solution(t, s) and verified(t, s) for t in listed)
    assert len({str(t) for t in listed}) == len(listed)
    count = s.count()
    _, _, info = solve_many([text], threads=1, limit=10 ** 6, return_stats=True)
    assert count == len(listed) == info["count"][0]
    assert s.is_unique() == (s.count(2) == 1) == (count == 1)
    _, status = solve_many([text], threads=1, limit=2)
    want = Status.NO_SOLUTION if count == 0 else Status.SOLVED if count == 1 else Status.MULTIPLE
    assert status.tolist() == [want]


#: each option alone, then all of them, with values that change nothing
NEUTRAL = [dict(max_nodes=10 ** 9), dict(timeout=3600.0), dict(progress=lambda stats: None), dict(progress=True),
           dict(max_nodes=10 ** 9, timeout=3600, progress=lambda stats: None)]


def _every_call(s, **options) -> list:
    """What solve, solutions, count and is_unique return with these options, and
    the solutions, nodes and updates of each search."""
    out = []
    for call in (s.solve, lambda **kw: [str(t) for t in s.solutions(**kw)], s.count, s.is_unique):
        answer = call(**options)
        out.append((answer, last_stats().solutions, last_stats().nodes, last_stats().updates))
    return out


@pytest.mark.parametrize("name", ENGINE)
@pytest.mark.parametrize("stop_at", [0, 1])
def test_every_call_takes_the_same_options(name, stop_at, capsys):
    """stop_at, max_nodes, timeout and progress are taken by every call, and
    budgets that are not spent change nothing, the statistics included."""
    s = Sudoku(ENGINE[name])
    want = _every_call(s, stop_at=stop_at)
    for options in NEUTRAL:
        assert _every_call(s, stop_at=stop_at, **options) == want, options
    assert capsys.readouterr().err == ""  # short searches: no progress line


@pytest.mark.parametrize("algorithm, budgets", [("links", (1, 50, 333, 1000)), ("bits", (1, 50, 150))])
def test_a_spent_budget_raises_for_one_puzzle_and_is_budget_in_a_batch(algorithm, budgets):
    """solve, solutions, count and is_unique raise LimitReached('max_nodes') with
    what they had found; solve_many gives that puzzle BUDGET, and has found as much."""
    s = Sudoku("." * 16)  # 288 solutions in 2157 nodes of the links, 269 guesses of the bits
    total = s.count(algorithm=algorithm)
    with pytest.raises(LimitReached) as e:
        s.solve(max_nodes=1, algorithm=algorithm)
    assert (e.value.reason, e.value.found, e.value.stats.status) == (Status.MAX_NODES, None, Status.MAX_NODES)
    with pytest.raises(LimitReached) as e:
        s.is_unique(max_nodes=1, algorithm=algorithm)
    assert (e.value.reason, e.value.found) == (Status.MAX_NODES, 0)
    for budget in budgets:
        with pytest.raises(LimitReached) as e:
            s.count(max_nodes=budget, algorithm=algorithm)
        assert e.value.reason == Status.MAX_NODES and last_stats() is e.value.stats
        partial = e.value.found
        assert partial == e.value.stats.solutions < total
        assert budget <= e.value.stats.nodes <= budget + partial
        yielded = []
        with pytest.raises(LimitReached) as e:
            for t in s.solutions(max_nodes=budget, algorithm=algorithm):
                yielded.append(t)
        assert e.value.reason == Status.MAX_NODES and e.value.found == len(yielded) == partial
        assert all(verified(t, s) for t in yielded)
        rows, status, info = solve_many(["." * 16], threads=1, limit=10 ** 6, max_nodes=budget,
                                        return_stats=True, algorithm=algorithm)
        assert status.tolist() == [Status.BUDGET]
        assert info["count"][0] == partial  # the same engine stopped at the same place
    rows, status = solve_many([NONE, TOP1], threads=1, max_nodes=1, algorithm="links")
    assert status.tolist() == [Status.BUDGET, Status.BUDGET] and not rows.any()
    # the bits count guesses: TOP1 needs none, NONE more than one
    rows, status = solve_many([NONE, TOP1], threads=1, max_nodes=1, algorithm="bits")
    assert status.tolist() == [Status.BUDGET, Status.SOLVED] and not rows[0].any() and verified(rows[1], TOP1)


def test_progress_receives_reports_during_a_long_count(monkeypatch):
    """Counting the empty 9x9 grid never ends: a timeout stops it, and the
    progress callable gets Progress reports on the way."""
    monkeypatch.setattr(solve, "WORK_SLICE", 1 << 14)
    seen = []
    s = Sudoku(empty(9))
    with pytest.raises(LimitReached) as e:
        s.count(timeout=1.2, progress=seen.append)  # reports every 0.5 s
    assert e.value.reason == Status.TIMEOUT and e.value.stats.status == Status.TIMEOUT
    assert e.value.found == e.value.stats.solutions > 0
    assert seen and all(isinstance(x, Progress) for x in seen)
    assert all(x.elapsed > 0 and x.total is None and 0 <= x.fraction < 1 for x in seen)
    nodes = [x.nodes for x in seen]
    assert nodes == sorted(nodes) and nodes[0] > 0 and nodes[-1] <= e.value.stats.nodes
    found = [x.solutions for x in seen]
    assert found == sorted(found) and found[-1] <= e.value.found


@pytest.mark.parametrize("text", [FIVE, NONE, TOP1], ids=["five-solutions", "no-solution", "top95-1"])
def test_knuth_figures_on_every_path(text):
    """count(stop_at=0) on the links reproduces DLX1's figures straight, through
    the budgeted path (budget, timeout, progress) and through solutions(); the
    bits count the same solutions with figures of their own, the same on every path."""
    want = GOLDEN_SPECIAL.get(text, GOLDEN_FIRST["top95"])
    s = Sudoku(text)
    budgeted = dict(max_nodes=10 ** 9, timeout=3600, progress=lambda stats: None)
    assert (s.count(stop_at=0, algorithm="links"), last_stats().nodes, last_stats().updates) == want
    got = s.count(stop_at=0, algorithm="links", **budgeted)
    assert (got, last_stats().nodes, last_stats().updates) == want
    got = len(list(s.solutions(stop_at=0, algorithm="links")))
    assert (got, last_stats().nodes, last_stats().updates) == want
    assert last_stats().algorithm == "links"
    own = (s.count(stop_at=0, algorithm="bits"), last_stats().nodes, last_stats().updates)
    assert own[0] == want[0] and last_stats().algorithm == "bits"
    assert (s.count(stop_at=0, algorithm="bits", **budgeted), last_stats().nodes, last_stats().updates) == own
    assert (len(list(s.solutions(stop_at=0, algorithm="bits"))), last_stats().nodes, last_stats().updates) == own
    assert (s.count(stop_at=0), last_stats().nodes, last_stats().updates) == own  # "auto": a 9x9 on the bits


# ---------------------------------------------------------------------------
# Every shipped puzzle, every way
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", set_names())
def test_set_solved_one_by_one(name):
    d = load(name)
    for k, text in enumerate(d["lines"]):
        s = Sudoku(text)
        assert s.n == d["n"] and s.box == d["box"]
        t = s.solve()
        assert t is not None, f"{name}[{k}] has no solution"
        assert sudoku_ok(t.grid, cells_of(text), d["n"], d["box"]), f"{name}[{k}]"
        assert np.array_equal(t.givens, s.givens)
        if d["solutions"] is not None:
            assert str(t) == d["solutions"][k], f"{name}[{k}] differs from the known answer"


@pytest.mark.parametrize("name", set_names())
def test_set_solved_in_batches(name):
    d = load(name)
    arr, n, box = d["arr"], d["n"], d["box"]
    assert arr.shape == (len(d["lines"]), n * n)
    assert arr.tolist() == [cells_of(t) for t in d["lines"]]
    single = np.array([Sudoku(t).solve().grid.reshape(-1) for t in d["lines"]])
    serial, st1 = solve_many(arr, threads=1)
    parallel, st2 = solve_many(arr, threads=2)
    assert (st1 == Status.SOLVED).all() and (st2 == Status.SOLVED).all()
    for k in range(len(arr)):
        assert sudoku_ok(serial[k], arr[k], n, box), f"{name}[{k}]"
    assert np.array_equal(serial, single)
    assert np.array_equal(parallel, serial)
    assert np.array_equal(st1, st2)
    # the same batch as strings and as (P, N, N) grids
    from_text, st3 = solve_many(d["lines"], threads=2)
    from_grids, st4 = solve_many(arr.reshape(-1, n, n), threads=1)
    assert np.array_equal(from_text, serial) and np.array_equal(from_grids, serial)
    assert np.array_equal(st3, st1) and np.array_equal(st4, st1)


@pytest.mark.parametrize("name", set_names())
def test_set_uniqueness(name):
    d = load(name)
    want = Status.MULTIPLE if name in MULTI_SETS else Status.SOLVED
    for threads in (1, 2):
        sols, status = solve_many(d["arr"], threads=threads, limit=2)
        assert [Status(s) for s in status] == [want] * len(d["arr"])
        assert all(sudoku_ok(s, p, d["n"], d["box"]) for s, p in zip(sols, d["arr"]))
    if d["n"] <= 16:
        expect = [min(c, 2) for c in d["counts"]] if d["counts"] else [1] * len(d["lines"])
        assert [Sudoku(t).count(2) for t in d["lines"]] == expect


def _verified(sols, puzzles):
    return all(sudoku_ok(s, p, 9, (3, 3)) for s, p in zip(sols, puzzles))


def test_single_solve_matches_batch():
    puzzles = read_puzzles(PUZZLES / "hardest.txt")
    sols, _ = solve_many(puzzles, threads=1)
    for p, s in zip(puzzles, sols):
        t = Sudoku(p).solve()
        assert np.array_equal(t.grid.reshape(-1), s)


def test_parallel_equals_serial_on_every_set():
    puzzles = np.concatenate([read_puzzles(PUZZLES / f"{n}.txt") for n in sorted(GOLDEN_SUM)])
    a = solve_many(puzzles, threads=1, return_stats=True)
    b = solve_many(puzzles, threads=2, return_stats=True)
    for x, y in zip(a[:2], b[:2]):
        assert np.array_equal(x, y)
    assert np.array_equal(a[2]["nodes"], b[2]["nodes"])


# ---------------------------------------------------------------------------
# Knuth's figures (DLX1 fed by sudoku-dlx), exactly
# ---------------------------------------------------------------------------


def _golden(text):
    s = Sudoku(text)
    return s.count(stop_at=0, algorithm="links"), last_stats().nodes, last_stats().updates


@pytest.mark.parametrize("name", sorted(GOLDEN_FIRST))
def test_golden_first_puzzle(name):
    assert _golden(load(name)["lines"][0]) == GOLDEN_FIRST[name]


@pytest.mark.parametrize("text, want", [(FIVE, (5, 119, 1518)), (NONE, (0, 8342, 194645))],
                         ids=["five-solutions", "no-solution"])
def test_golden_special_puzzles(text, want):
    assert _golden(text) == want


@pytest.mark.parametrize("name", sorted(GOLDEN_SUM))
def test_golden_sums(name):
    total = np.sum([_golden(t) for t in load(name)["lines"]], axis=0)
    assert tuple(int(v) for v in total) == GOLDEN_SUM[name]


def test_golden_sums_in_a_batch():
    """The lanes, searching to the end with stop_at=0, do the same work."""
    d = load("top95")
    r = solve_many(d["arr"], threads=2, stop_at=0, limit=2, algorithm="links")
    assert (r.status == Status.SOLVED).all() and r.algorithm == "links"
    assert (int(r.nodes.sum()), int(r.updates.sum())) == GOLDEN_SUM["top95"][1:]


@pytest.mark.parametrize("name", sorted(GOLDEN_SUM))
@pytest.mark.parametrize("threads", [1, 2])
def test_batch_counts_match_knuth(name, threads):
    """Searching every puzzle to the end in the links' lanes does DLX1's exact
    work; the bits' lanes reach the same answers and counts."""
    puzzles = read_puzzles(PUZZLES / f"{name}.txt")
    sols, status, info = solve_many(puzzles, threads=threads, stop_at=0, limit=10 ** 6,
                                    return_stats=True, algorithm="links")
    assert (status == Status.SOLVED).all()
    assert _verified(sols, puzzles)
    solutions, nodes, updates = GOLDEN_SUM[name]
    assert (len(puzzles), int(info["nodes"].sum()), int(info["updates"].sum())) == (solutions, nodes, updates)
    r = solve_many(puzzles, threads=threads, stop_at=0, limit=10 ** 6, algorithm="bits")
    assert r.algorithm == "bits" and np.array_equal(r.status, status) and np.array_equal(r.count, info["count"])
    assert np.array_equal(r.solutions, sols)  # unique puzzles: one solution each


@pytest.mark.parametrize("algorithm", ["links", "bits"])
def test_batch_counts_of_the_special_puzzles(algorithm):
    sols, status, info = solve_many([FIVE, NONE], threads=1, stop_at=0, limit=100, return_stats=True,
                                    algorithm=algorithm)
    assert [Status(s) for s in status] == [Status.MULTIPLE, Status.NO_SOLUTION]
    assert info["count"].tolist() == [5, 0]
    if algorithm == "links":
        assert info["nodes"].tolist() == [119, 8342]
        assert info["updates"].tolist() == [1518, 194645]
    else:  # the guesses and propagations of the one-grid searches
        figures = []
        for text in (FIVE, NONE):
            Sudoku(text).count(stop_at=0, algorithm="bits")
            figures.append((last_stats().nodes, last_stats().updates))
        assert list(zip(info["nodes"].tolist(), info["updates"].tolist())) == figures
    assert sudoku_ok(sols[0], grid_from(FIVE), 9, (3, 3))
    assert not sols[1].any()


# ---------------------------------------------------------------------------
# The five-solution and the no-solution puzzles
# ---------------------------------------------------------------------------


def test_five_solutions():
    s = Sudoku(FIVE)
    sols = list(s.solutions())
    assert len(sols) == 5 and len({str(t) for t in sols}) == 5
    assert all(verified(t, FIVE) for t in sols)
    assert {str(t) for t in sols} == {str(t) for t in Sudoku(FIVE).solutions(limit=10)}
    assert s.count() == 5 and not s.is_unique()
    assert verified(s.solve(), FIVE)
    for threads in (1, 2):
        out, status = solve_many([FIVE], threads=threads, limit=2)
        assert status.tolist() == [Status.MULTIPLE]
        assert verified(out[0], FIVE)
        out, status = solve_many([FIVE], threads=threads, limit=5)
        assert status.tolist() == [Status.MULTIPLE]


@pytest.mark.parametrize("limit", [6, 100])
def test_five_solutions_with_a_high_limit_are_multiple(limit):
    """A search that ends with more than one solution found is MULTIPLE, whatever the limit.

    (Commit 4744c4c said SOLVED here: sudoku_lane mapped RET_DONE to ST_SOLVED when found >= 1.)
    """
    _, status = solve_many([FIVE], threads=1, limit=limit)
    assert status.tolist() == [Status.MULTIPLE]


def test_no_solution():
    s = Sudoku(NONE)
    assert s.solve() is None
    assert list(s.solutions()) == [] and s.count() == 0 and not s.is_unique()
    for threads in (1, 2):
        for limit in (1, 2):
            out, status = solve_many([TOP1, NONE, TOP1], threads=threads, limit=limit)
            assert status.tolist() == [Status.SOLVED, Status.NO_SOLUTION, Status.SOLVED]
            assert not out[1].any() and out[1].shape == (81,)
            assert "".join(map(str, out[0])) == TOP1_SOLUTION == "".join(map(str, out[2]))


# ---------------------------------------------------------------------------
# Small grids against brute force; is_unique, count(limit), solutions(limit)
# ---------------------------------------------------------------------------


def test_all_4x4_grids():
    s = Sudoku("." * 16)
    assert s.count() == 288
    grids = [str(t) for t in s.solutions()]
    assert len(grids) == 288 == len(set(grids))
    assert all(sudoku_ok(cells_of(g), None, 4, (2, 2)) for g in grids)
    brute = {"".join(map(str, g)) for g in sudoku_solutions_brute([0] * 16, 4, (2, 2))}
    assert set(grids) == brute


def _oracle_sets(cells, n, box):
    """(brute-force grids, exact-cover-oracle grids) of a puzzle, as sets of strings."""
    brute = {str(Sudoku(np.array(g, np.uint8), box=box)) for g in sudoku_solutions_brute(cells, n, box)}
    p, key = sudoku_problem(n, box)
    given = [k * n + d - 1 for k, d in enumerate(cells) if d]
    xc = set()
    for sol in solutions_with_given(p.options, p.n_primary, p.n_items, given):
        g = [0] * (n * n)
        for j in sol:
            row, col, digit = key[j]
            g[row * n + col] = digit
        xc.add(str(Sudoku(np.array(g, np.uint8), box=box)))
    return brute, xc


def test_4x4_puzzles_with_several_solutions_match_the_oracles():
    for text in load("sudoku4")["lines"][:12]:
        cells = cells_of(text)
        givens = [k for k, d in enumerate(cells) if d]
        for drop in (givens[:1], givens[:2]):
            c = [0 if k in drop else d for k, d in enumerate(cells)]
            s = Sudoku(c)
            mine = {str(t) for t in s.solutions()}
            assert all(verified(Sudoku(t), c, (2, 2)) for t in mine)
            brute, xc = _oracle_sets(c, 4, (2, 2))
            assert mine == brute == xc and s.count() == len(brute)


def test_6x6_puzzles_with_several_solutions_match_the_oracles():
    d = load("sudoku6-multi")
    for k, (text, count) in enumerate(zip(d["lines"], d["counts"])):
        s = Sudoku(text)
        mine = [str(t) for t in s.solutions()]
        assert len(mine) == len(set(mine)) == count == s.count()
        assert all(verified(Sudoku(t), text) for t in mine)
        brute = sudoku_solutions_brute(cells_of(text), 6, (2, 3))
        assert set(mine) == {str(Sudoku(np.array(g, np.uint8))) for g in brute}
        if k < 8:
            b, xc = _oracle_sets(cells_of(text), 6, (2, 3))
            assert xc == set(mine)


def test_6x6_with_3x2_boxes_matches_the_oracles():
    """Transposed 6x6 puzzles are (3, 2)-box puzzles; drop givens to get several solutions."""
    for text in load("sudoku6")["lines"][:6]:
        g = np.array(cells_of(text)).reshape(6, 6).T.reshape(-1).tolist()
        givens = [k for k, d in enumerate(g) if d]
        g = [0 if k in givens[:3] else d for k, d in enumerate(g)]
        s = Sudoku(g, box=(3, 2))
        mine = {str(t) for t in s.solutions()}
        brute, xc = _oracle_sets(g, 6, (3, 2))
        assert mine == brute == xc and len(mine) >= 1
        assert all(sudoku_ok(cells_of(t), g, 6, (3, 2)) for t in mine)


def test_small_counts_and_limits():
    e4 = Sudoku("." * 16)
    assert e4.count(limit=10) == 10 and e4.count(limit=0) == 0 and e4.count(limit=288) == 288
    assert e4.count(limit=1000) == 288 and not e4.is_unique()
    three = list(e4.solutions(limit=3))
    assert len(three) == 3 and len({str(t) for t in three}) == 3
    assert all(sudoku_ok(t.grid, None, 4, (2, 2)) for t in three)
    assert [str(t) for t in three] == [str(t) for t in list(e4.solutions())[:3]]
    assert list(e4.solutions(limit=0)) == []
    p = Sudoku(load("sudoku4")["lines"][0])
    assert p.is_unique() and p.count() == 1 and len(list(p.solutions(limit=5))) == 1
    five = Sudoku(FIVE)
    assert five.count(limit=3) == 3 and len(list(five.solutions(limit=2))) == 2
    assert not Sudoku(NONE).is_unique()
    # 4x4 with one given: 288 / 4 grids
    assert Sudoku("1" + "." * 15).count() == 72 == len(sudoku_solutions_brute([1] + [0] * 15, 4, (2, 2)))
    # 6x6 multi puzzles: count(limit) caps
    d = load("sudoku6-multi")
    for text, c in list(zip(d["lines"], d["counts"]))[:10]:
        assert Sudoku(text).count(limit=3) == min(c, 3)
        assert len(list(Sudoku(text).solutions(limit=4))) == min(c, 4)
        assert not Sudoku(text).is_unique()


def test_solve_stats_are_those_of_the_same_search():
    s = Sudoku(TOP1)
    s.solve()
    c = Sudoku(TOP1)
    assert c.count(limit=1) == 1
    assert (last_stats().solutions, last_stats().nodes, last_stats().updates) == (1, last_stats().nodes, last_stats().updates)


def test_solve_stats_max_level():
    s = Sudoku(TOP1)
    s.solve(algorithm="links")
    solved = last_stats().max_level
    assert Sudoku(TOP1).count(limit=1, algorithm="links") == 1
    assert last_stats().max_level == solved > 0
    # the bits: the deepest level of guesses, at most the guesses; TOP1 needs none
    Sudoku(TOP1).solve(algorithm="bits")
    assert (last_stats().max_level, last_stats().guesses) == (0, 0)
    Sudoku(NONE).count(algorithm="bits")
    assert 0 < last_stats().max_level <= last_stats().guesses


# ---------------------------------------------------------------------------
# Batches: every input gets a status, in order
# ---------------------------------------------------------------------------


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


@pytest.mark.parametrize("threads", [1, 2])
def test_bad_rows_in_a_batch_are_invalid_and_kept(threads):
    good = load("top95")["lines"][:4]
    bad = ["1" * 15, "12?4" + "." * 77, "." * 80 + "A", "11" + "." * 79, np.zeros((9, 8), np.int64),
           np.array([[-1] + [0] * 8] + [[0] * 9] * 8), "." * 16, "", [[1, 2], [3]]]
    batch = []
    for k in range(len(bad)):
        batch += [good[k % 4], bad[k]]
    out, status, info = solve_many(batch, threads=threads, return_stats=True)
    assert len(out) == len(status) == len(batch)
    assert [Status(s) for s in status[1::2]] == [Status.INVALID] * len(bad)
    assert (status[0::2] == Status.SOLVED).all()
    assert not out[1::2].any()
    for k in range(len(bad)):
        assert sudoku_ok(out[2 * k], cells_of(good[k % 4]), 9, (3, 3))
    errors = info["errors"]
    assert all(e is None for e in errors[0::2])
    assert "15 cells" in errors[1] and "'?'" in errors[3] and "'A'" in errors[5] and "-1" in errors[11]
    assert "not square" in errors[9] and "16" in errors[13]


@pytest.mark.parametrize("threads", [1, 2])
def test_bad_rows_in_an_array_batch(threads):
    arr = np.zeros((5, 16), np.int64)
    arr[0] = cells_of(load("sudoku4")["lines"][0])
    arr[1, 3] = -1
    arr[2, 0] = 7
    arr[3, :2] = 1  # a row clash
    out, status = solve_many(arr, threads=threads)
    assert [Status(s) for s in status] == [Status.SOLVED, Status.INVALID, Status.INVALID, Status.INVALID,
                                           Status.SOLVED]
    assert not out[1:4].any()
    assert sudoku_ok(out[0], arr[0], 4, (2, 2)) and sudoku_ok(out[4], None, 4, (2, 2))


def test_batch_of_one_string_or_nothing_readable_is_clear():
    """solve_many refuses a lone string; a batch with nothing readable is all INVALID."""
    with pytest.raises(SudokuError, match="batch"):
        solve_many(TOP1)
    sols, status = solve_many(["bad", [[1, 2], [3, 4]]], threads=1)
    assert status.tolist() == [Status.INVALID, Status.INVALID] and not sols.any()


def test_unreadable_rows_are_not_searched():
    """Unreadable and rule-breaking rows of a batch are INVALID at once, with no search (0 nodes)."""
    _, status, info = solve_many(["x", TOP1, "11" + "." * 79], threads=1, return_stats=True)
    assert status.tolist() == [Status.INVALID, Status.SOLVED, Status.INVALID]
    assert info["nodes"][0] == 0 and info["nodes"][2] == 0


def test_read_only_batches_work():
    """A read-only puzzle array can be solved in a batch (it is copied, not written)."""
    puzzles = read_puzzles(PUZZLES / "top95.txt")
    puzzles.flags.writeable = False
    sols, status = solve_many(puzzles, threads=2)
    assert (status == Status.SOLVED).all()


def test_bad_parameters():
    with pytest.raises(SudokuError, match="stop_at"):
        Sudoku(TOP1).solve(stop_at=2)
    with pytest.raises(SudokuError, match="threads"):
        solve_many([TOP1], threads=0)
    with pytest.raises(SudokuError, match="limit"):
        solve_many([TOP1], limit=0)
    with pytest.raises(SudokuError, match="stop_at"):
        solve_many([TOP1], stop_at=3)


@pytest.mark.parametrize("kwargs", [dict(timeout="1"), dict(max_nodes=-1), dict(max_nodes=True),
                                    dict(stop_at=True), dict(stop_at=2), dict(progress=5),
                                    dict(limit=0), dict(limit=True)])
def test_batch_arguments_are_checked_up_front(kwargs):
    """solve_many checks every argument before it solves anything."""
    with pytest.raises(SudokuError):
        solve_many([TOP1, TOP1], **kwargs)


# ---------------------------------------------------------------------------
# Limits
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("algorithm, text", [("links", TOP1), ("bits", "top95:5")])
def test_max_nodes_on_one_puzzle(algorithm, text):
    """The links count Knuth's nodes (TOP1 takes 386), the bits their guesses
    (top95's sixth puzzle takes dozens, TOP1 none): a budget of 5 stops either search."""
    s = Sudoku(dlxnumba.load_puzzles("top95")[5] if text == "top95:5" else text)
    with pytest.raises(dlxnumba.LimitReached) as info:
        s.solve(max_nodes=5, algorithm=algorithm)
    assert info.value.reason == Status.MAX_NODES and 5 <= info.value.stats.nodes <= 6
    assert info.value.stats.algorithm == algorithm
    with pytest.raises(LimitReached):
        s.count(max_nodes=5, algorithm=algorithm)
    with pytest.raises(LimitReached):
        list(s.solutions(max_nodes=5, algorithm=algorithm))
    assert str(Sudoku(TOP1).solve(max_nodes=10 ** 9, algorithm=algorithm)) == TOP1_SOLUTION


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("algorithm, budget", [("links", 150), ("bits", 20)])  # nodes, guesses
def test_max_nodes_in_a_batch(threads, algorithm, budget):
    d = load("top95")
    full, st_full, info_full = solve_many(d["arr"], threads=1, return_stats=True, algorithm=algorithm)
    need = info_full["nodes"]
    out, status, info = solve_many(d["arr"], threads=threads, max_nodes=budget, return_stats=True,
                                   algorithm=algorithm)
    st = [Status(s) for s in status]
    assert set(st) == {Status.SOLVED, Status.BUDGET}
    spent = status == Status.BUDGET
    assert not out[spent].any()
    assert np.array_equal(out[~spent], full[~spent])
    # a puzzle that needs at most the budget is solved; one that needs more than one node over it is not
    assert (status[need <= budget] == Status.SOLVED).all()
    assert (status[need > budget + 1] == Status.BUDGET).all()
    assert ((info["nodes"][spent] >= budget) & (info["nodes"][spent] <= budget + 1)).all()


@pytest.mark.parametrize("threads", [1, 2])
def test_timeout_zero_leaves_no_row_pending(threads):
    arr = np.concatenate([load("top95")["arr"]] * 12)
    out, status = solve_many(arr, threads=threads, timeout=0)
    assert len(status) == len(arr)
    assert set(status.tolist()) <= {Status.SOLVED, Status.BUDGET}
    assert 5 not in status.tolist()
    done = status == Status.SOLVED
    assert not out[~done].any()
    assert all(sudoku_ok(o, p, 9, (3, 3)) for o, p in zip(out[done], arr[done]))


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


# ---------------------------------------------------------------------------
# Slices, progress, threads, memory
# ---------------------------------------------------------------------------


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


def _short_slices(monkeypatch):
    """Both engines return to Python after a few propagation steps or updates."""
    monkeypatch.setattr(solve, "WORK_SLICE", 1000)
    monkeypatch.setattr(bits, "WORK_SLICE", 16)  # a batch on the bits takes 16 times this


@pytest.mark.parametrize("algorithm", ["links", "bits"])
def test_progress_is_reported(monkeypatch, algorithm):
    _short_slices(monkeypatch)
    seen = []
    puzzles = read_puzzles(PUZZLES / "top95.txt")
    solve_many(puzzles, threads=1, progress=lambda p: seen.append((p.done, p.total)),
               progress_interval=0, algorithm=algorithm)
    assert seen and all(total == len(puzzles) for _, total in seen)
    assert all(0 <= done <= total for done, total in seen)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


@pytest.mark.parametrize("algorithm", ["links", "bits"])
def test_progress_true_prints_on_stderr(capsys, monkeypatch, algorithm):
    """progress=True in solve_many prints the default progress line on stderr."""
    _short_slices(monkeypatch)
    solve_many(read_puzzles(PUZZLES / "top95.txt"), threads=1, progress=True, progress_interval=0,
               algorithm=algorithm)
    assert "puzzles" in capsys.readouterr().err


@pytest.mark.parametrize("algorithm", ["links", "bits"])
def test_a_progress_callback_may_solve_puzzles_itself(monkeypatch, algorithm):
    """Re-entering the solver from a progress callback must not disturb the batch:
    one puzzle straight, with a budget, and a batch, on the batch's engine."""
    puzzles = read_puzzles(PUZZLES / "top95.txt")
    want = solve_many(puzzles, threads=1, algorithm=algorithm)[0]
    inner = []

    def solve_inside(p):
        if len(inner) >= 30:  # ten reports re-enter: enough, and quick
            return
        inner.append(Sudoku(TOP1).solve(algorithm=algorithm))
        inner.append(Sudoku(NONE).count(max_nodes=10 ** 9, algorithm=algorithm) == 0 or None)
        r = solve_many([FIVE, TOP1], limit=2, threads=1, algorithm=algorithm)
        inner.append(r.status_names == ["MULTIPLE", "SOLVED"] or None)

    _short_slices(monkeypatch)
    got, status = solve_many(puzzles, threads=1, progress_interval=0, progress=solve_inside, algorithm=algorithm)
    assert inner and all(x is not None for x in inner)
    assert verified(inner[0], TOP1)
    assert (status == Status.SOLVED).all() and np.array_equal(got, want)


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


@pytest.mark.parametrize("algorithm", ["links", "bits"])
def test_sudoku_statistics_do_not_leak_between_threads(algorithm):
    """All puzzles of a size share one encoding; each search keeps its own stats."""
    wrong = []

    def work(puzzle, figures):
        for _ in range(60):
            s = Sudoku(puzzle)
            s.count(stop_at=0, algorithm=algorithm)
            if (last_stats().nodes, last_stats().updates, last_stats().algorithm) != figures:
                wrong.append(last_stats())

    if algorithm == "links":
        jobs = ((TOP1, (386, 8239, "links")), (FIVE, (119, 1518, "links")))
    else:  # the bits' own figures, taken here first (TOP1 takes no guess)
        jobs = []
        for text in (NONE, FIVE):
            Sudoku(text).count(stop_at=0, algorithm="bits")
            jobs.append((text, (last_stats().nodes, last_stats().updates, "bits")))
        assert jobs[0][1] != jobs[1][1]
    threads = [threading.Thread(target=work, args=a) for a in jobs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert wrong == []


def test_solver_state_per_thread_fits_64_kib():
    shape = _Shape.of(9, (3, 3))
    assert workspace(shape.template, shape.depth, 1).nbytes <= 64 * 1024


# ---------------------------------------------------------------------------
# Honest seconds: compiling and loading compiled code is never counted
# ---------------------------------------------------------------------------

COLD_PATHS = {
    # each path's first call in a fresh process compiles (or loads) its kernel: the
    # links' kernel, then the bits'
    "solve": ("s = Sudoku(TOP1); t = s.solve(algorithm=ALGORITHM); seconds = [last_stats().seconds]",
              ("one_grid", "one_band")),
    "solve_many": ("_, _, info = solve_many([TOP1] * 40, threads=1, return_stats=True, algorithm=ALGORITHM); "
                   "seconds = [info['seconds']]", ("lane_sudoku", "lane_band")),
    "count, solutions, threads": (
        "s = Sudoku(TOP1); s.count(max_nodes=10 ** 6, timeout=COMPILE_SECONDS / 2, algorithm=ALGORITHM)\n"
        "a = last_stats().seconds\n"
        "list(s.solutions(algorithm=ALGORITHM)); b = last_stats().seconds\n"
        "_, _, info = solve_many([TOP1] * 64, threads=2, return_stats=True, algorithm=ALGORITHM)\n"
        "seconds = [a, b, info['seconds']]", ("lane_sudoku", "lane_band")),
}


@pytest.mark.parametrize("algorithm", ["links", "bits"])
@pytest.mark.parametrize("path", COLD_PATHS)
def test_seconds_leave_out_compiling_in_a_fresh_process(path, algorithm):
    """The prelude of ``cold.run_cold`` makes compiling or loading a kernel take
    1000 s of clock time; the Stats and batch seconds may not count it (nor may
    a timeout: ``count`` would raise LimitReached)."""
    from cold import COMPILE_SECONDS, run_cold

    code, kernels = COLD_PATHS[path]
    kernel = kernels[algorithm == "bits"]
    seconds, compiled = run_cold(f"from dlxnumba import Sudoku, last_stats, solve_many\nTOP1 = {TOP1!r}\n"
                                 f"ALGORITHM = {algorithm!r}\n{code}\nprint(json.dumps([seconds, compiled]))")
    assert kernel in compiled  # the path did compile
    assert max(seconds) < COMPILE_SECONDS


# ---------------------------------------------------------------------------
# A budget of nothing: max_nodes=0 and timeout=0 run no search at every entry point
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("budget", [dict(max_nodes=0), dict(timeout=0), dict(max_nodes=0, timeout=0.0)],
                         ids=str)
@pytest.mark.parametrize("call", ["solve", "count", "solutions", "is_unique"])
@pytest.mark.parametrize("text", [TOP1, TOP1_SOLUTION], ids=["puzzle", "full grid"])
def test_a_zero_budget_runs_no_search(text, call, budget):
    """Even a full grid (no level to enter) is not searched: LimitReached at once."""
    s = Sudoku(text)
    s.count()
    s.count(max_nodes=10 ** 6)  # the workspace now holds figures that must not leak
    with pytest.raises(LimitReached) as e:
        result = getattr(s, call)(**budget)
        if call == "solutions":
            list(result)
    assert e.value.reason == (Status.MAX_NODES if "max_nodes" in budget else Status.TIMEOUT)
    assert last_stats().status == e.value.reason and last_stats() is e.value.stats
    assert (last_stats().nodes, last_stats().updates, last_stats().solutions, last_stats().max_level) == (0, 0, 0, 0)


@pytest.mark.parametrize("budget", [dict(max_nodes=0), dict(timeout=0), dict(max_nodes=0, timeout=0.0)],
                         ids=str)
@pytest.mark.parametrize("threads", [1, 2])
def test_a_zero_budget_solves_no_puzzle_of_a_batch(threads, budget):
    """Every readable puzzle is BUDGET (a full grid too); an unreadable one is INVALID."""
    puzzles = [TOP1, TOP1_SOLUTION, NONE] * 20 + ["x"]
    sols, status, info = solve_many(puzzles, threads=threads, return_stats=True, **budget)
    assert status.tolist() == [Status.BUDGET] * 60 + [Status.INVALID]
    assert not sols.any() and not info["nodes"].any() and not info["updates"].any()
    assert not info["count"].any()


# ---------------------------------------------------------------------------
# The result of solve_many: a tuple (solutions, status) with more as attributes
# ---------------------------------------------------------------------------


def test_solve_many_result_unpacks_as_before_and_names_its_statuses():
    puzzles = [TOP1, "11" + "." * 79, NONE, FIVE]
    r = solve_many(puzzles, threads=1, limit=2)
    solutions, status = r
    assert solutions is r.solutions and status is r.status and len(r) == 2
    assert status.dtype == np.int8 and status.tolist() == [0, 2, 1, 3]  # the old ints
    assert r.status.tolist() == [Status.SOLVED, Status.INVALID, Status.NO_SOLUTION, Status.MULTIPLE]
    assert r.status_names == ["SOLVED", "INVALID", "NO_SOLUTION", "MULTIPLE"]
    solutions, status, info = solve_many(puzzles, threads=1, limit=2, return_stats=True)
    assert info["errors"] == r.errors and info["errors"][1].startswith("puzzle 1: ")
    assert [e is None for e in r.errors] == [True, False, True, True]
    for key in ("nodes", "updates", "count"):
        assert np.array_equal(info[key], getattr(r, key)), key
    assert r.count.tolist() == [1, 0, 0, 2] and r.seconds >= 0 and (r.n, r.box) == (9, (3, 3))
    assert repr(r) == "SudokuBatchResult(4 puzzles of 9x9: 1 SOLVED, 1 NO_SOLUTION, 1 INVALID, 1 MULTIPLE)"


def test_solve_many_pairs_each_solution_with_its_puzzle():
    """sudoku(i) is a Sudoku that remembers its puzzle: the givens are drawn
    bold, as in the solution of a single puzzle."""
    puzzles = [TOP1, "11" + "." * 79, NONE, FIVE]
    r = solve_many(puzzles, threads=1)
    first = r.sudoku(0)
    assert is_solution(first, TOP1) and str(first) == TOP1_SOLUTION
    assert np.array_equal(first.givens, Sudoku(TOP1).givens)
    assert first._repr_html_() == Sudoku(TOP1).solve()._repr_html_()
    assert r.sudoku(-1) == r.sudoku(3) and is_solution(r.sudoku(3), FIVE)
    assert r.sudoku(1) is None and r.sudoku(2) is None
    assert r.puzzle(0) == Sudoku(TOP1) and r.puzzle(1) is None and r.puzzle(2) == Sudoku(NONE)
    assert [s is None for s in r.sudokus()] == [False, True, True, False]
    for bad in (4, -5, 1.0, "0"):
        with pytest.raises(SudokuError, match="puzzle index"):
            r.sudoku(bad)


def test_solve_many_result_pickles():
    import pickle

    r = solve_many([TOP1, "11" + "." * 79], threads=1, return_stats=True)
    r2 = pickle.loads(pickle.dumps(r))
    assert type(r2) is type(r) and len(r2) == 3
    assert np.array_equal(r2.solutions, r.solutions) and r2.status.tolist() == r.status.tolist()
    assert r2.errors == r.errors and r2.sudoku(0) == r.sudoku(0) and r2.box == r.box


def test_solve_many_keeps_the_box_of_sudoku_objects():
    """A Sudoku with 3x2 boxes was solved with the default 2x3 boxes: a wrong answer."""
    tall = Sudoku("." * 36, box=(3, 2))
    r = solve_many([tall, tall], threads=1)
    assert r.box == (3, 2) and r.status.tolist() == [Status.SOLVED] * 2
    assert is_solution(r.solutions[0], box=(3, 2)) and r.sudoku(0).box == (3, 2)
    assert str(r.sudoku(0)) == str(tall.solve())
    # the same puzzle as text takes the default box (2x3), or the one given
    assert is_solution(solve_many(["." * 36], threads=1)[0][0], box=(2, 3))
    assert is_solution(solve_many(["." * 36, tall], box=(3, 2), threads=1)[0][0], box=(3, 2))


@pytest.mark.parametrize("puzzles, box, text", [
    ([Sudoku("." * 36, box=(3, 2)), Sudoku("." * 36)], None,
     r"puzzle 0 has 3x2 boxes and puzzle 1 2x3 boxes; a batch is solved with one box shape"),
    (["." * 36, Sudoku("." * 36, box=(3, 2))], (2, 3), r"puzzle 1 has 3x2 boxes, but box=\(2, 3\)"),
])
def test_solve_many_refuses_a_mix_of_box_shapes(puzzles, box, text):
    with pytest.raises(SudokuError, match=text):
        solve_many(puzzles, box=box, threads=1)


# One grid where a batch is expected (issue 20, finding 10): solve_many(grid) with a
# 9x9 list of lists read it as nine puzzles of nine cells, all INVALID, silently.
# Refused, not read as one puzzle: then the number of results would hang on the
# values (81 flat 9x9 puzzles given as lists are also 81 rows of 81 numbers).

ONE_GRID_FORMS = {
    "list of lists": lambda g: g.tolist(),
    "tuple of tuples": lambda g: tuple(map(tuple, g.tolist())),
    "row strings": lambda g: ["".join(str(d) if d else "." for d in row) for row in g.tolist()],
    "array": lambda g: g,
    "float array": lambda g: g.astype(float),
    "list of array rows": lambda g: list(g),
}


@pytest.mark.parametrize("batch", [solve_many, dlxnumba.grade_many], ids=["solve_many", "grade_many"])
@pytest.mark.parametrize("form", ONE_GRID_FORMS)
@pytest.mark.parametrize("text", [TOP1, "1" + "." * 35, "12.. ..12 .... ...."], ids=["9x9", "6x6", "4x4"])
def test_one_grid_given_as_a_batch_is_refused(batch, form, text):
    puzzle = Sudoku(text)
    n = puzzle.n
    grid = ONE_GRID_FORMS[form](puzzle.grid)
    with pytest.raises(SudokuError, match=rf"^{batch.__name__} takes a batch of puzzles, but got one "
                                          rf"{n}x{n} grid \(.*\); for a batch of one, pass "):
        batch(grid, threads=1)
    # wrapped in a list, it is a batch of one, solved as the puzzle itself
    if batch is solve_many:
        r = solve_many([grid], threads=1)
        assert r.status_names == ["SOLVED"]
        assert verified(r.sudoku(0), puzzle) and r.sudoku(0) == puzzle.solve()


def test_sixteen_rows_of_sixteen_numbers_are_a_grid_unless_an_array_or_strings():
    """16 lists of 16 numbers: one 16x16 grid, or sixteen 4x4 puzzles; refused,
    saying how to write either.  As an array or as strings they stay puzzles."""
    grid = Sudoku(empty(16)).solve().grid
    with pytest.raises(SudokuError, match=r"one 16x16 grid .* for 16 puzzles of 4x4, pass a \(16, 16\) array"):
        solve_many(grid.tolist(), threads=1)
    four = np.array([cells_of(t) for t in ["12.. ..12 .... ....".replace(" ", "")] * 16], np.uint8)
    for batch in (four, ["12....12........"] * 16):
        r = solve_many(batch, threads=1)
        assert r.status_names == ["SOLVED"] * 16 and all(verified(r.sudoku(k), r.puzzle(k)) for k in range(16))
    assert solve_many([grid.tolist()], threads=1).status_names == ["SOLVED"]


@settings(max_examples=examples(40), deadline=None)
@given(st.integers(1, 20), st.sampled_from(["list", "tuple"]), st.integers(0, 2 ** 32 - 1))
@example(16, "list", 0)
def test_a_batch_of_flat_puzzles_as_lists_gets_one_result_each_or_is_refused(k, container, seed):
    """k 4x4 puzzles as flat lists of 16 numbers: k results, each puzzle's; only k = 16
    (which is also how a 16x16 grid is written) is refused, naming both readings."""
    rng = np.random.default_rng(seed)
    rows = [solved_grid(4, (2, 2), rng) * (rng.random(16) < 0.4) for _ in range(k)]
    wrap = list if container == "list" else tuple
    batch = wrap(wrap(int(d) for d in row) for row in rows)
    if k == 16:
        with pytest.raises(SudokuError, match="one 16x16 grid .* 16 puzzles of 4x4"):
            solve_many(batch, threads=1)
        return
    r = solve_many(batch, threads=1)
    assert r.status.tolist() == [Status.SOLVED] * k
    for j, row in enumerate(rows):
        assert sudoku_ok(r.solutions[j], row.tolist(), 4, (2, 2))


@pytest.mark.parametrize("puzzles", [None, 5, 2.5])
def test_solve_many_of_something_not_a_batch_names_the_argument(puzzles):
    with pytest.raises(SudokuError, match="puzzles must be a list or an array of puzzles"):
        solve_many(puzzles)


def test_solve_many_bad_limit_shows_a_plain_value():
    with pytest.raises(SudokuError, match="limit must be a positive integer, not 0$"):
        solve_many([TOP1], limit=np.int64(0))


def test_a_limit_or_budget_past_int64_means_no_limit():
    """count(2**70) and solve_many(limit=2**70) raised OverflowError."""
    s = Sudoku("12.. ..12 .... ....")
    assert s.count(2 ** 70, max_nodes=2 ** 70) == s.count() and s.solve(max_nodes=2 ** 70) is not None
    r = solve_many([s], limit=2 ** 70, max_nodes=2 ** 70, threads=1)
    assert r.count.tolist() == [s.count()] and r.status.tolist() == [Status.MULTIPLE]


@pytest.mark.parametrize("puzzles", [[], np.zeros((0, 4, 4), np.uint8), np.zeros((0, 16), np.int64),
                                     ["not a puzzle"]])
def test_an_empty_or_unreadable_batch_takes_its_size_from_box(puzzles):
    """solve_many([], box=(2, 2)) said 'box 2x2 does not fit a 9x9 grid'; an empty
    (0, 4, 4) array raised a bare ValueError from reshape (fuzzing)."""
    solutions, status = solve_many(puzzles, box=(2, 2))
    assert solutions.shape == (len(puzzles), 16) and len(status) == len(puzzles)
    assert all(Status(s) == Status.INVALID for s in status)


def test_an_empty_float_array_takes_its_size_from_its_shape():
    """An empty (0, 6, 6) float array with box=(7, 1) was taken as a 7x7 batch (fuzzing)."""
    with pytest.raises(SudokuError, match="box 7x1 does not fit a 6x6 grid"):
        solve_many(np.zeros((0, 6, 6)), box=(7, 1))
    assert len(solve_many(np.zeros((0, 4, 4)), box=np.array([1, 4]))[1]) == 0


@pytest.mark.parametrize("budget", [dict(timeout=0), dict(max_nodes=0)])
def test_a_zero_budget_still_finds_digits_past_n(budget):
    """With no search run, a uint8 row holding 7 in a 6x6 batch was BUDGET, not INVALID (fuzzing)."""
    arr = np.zeros((2, 36), np.uint8)
    arr[0, 0] = 7
    r = solve_many(arr, **budget)
    assert r.status.tolist() == [Status.INVALID, Status.BUDGET] and "7" in r.errors[0]


def test_a_first_puzzle_of_no_size_is_one_invalid_row():
    """solve_many(['1', puzzle]) raised '1 cells: expected a square number' for the
    whole batch: the first readable row set the size (fuzzing)."""
    r = solve_many(["1", TOP1])
    assert r.status.tolist() == [Status.INVALID, Status.SOLVED] and "1 cells" in r.errors[0]
    assert is_solution(r[0][1], TOP1)


@pytest.mark.parametrize("n, box", [(4, (2, 2)), (6, (2, 3)), (6, (3, 2)), (9, (3, 3)), (16, (4, 4))])
def test_memory_is_the_size_of_the_arrays_a_solve_allocates(n, box):
    """memory() computes its figures from the sizes (a 250x250 grid's are
    known before gigabytes are allocated); they are those of the arrays."""
    from dlxnumba.sudoku.solve import _one, memory  # private: the arrays memory() must account for

    per_thread, shared = memory(n, box)
    puzzle = Sudoku("." * (n * n), box=box)
    one = _one(puzzle)
    shape = _Shape.of(n, box)
    assert one.w.nbytes == per_thread
    assert shape.template.nbytes + shape.problem.opt_ptr.nbytes + shape.problem.opt_items.nbytes == shared
