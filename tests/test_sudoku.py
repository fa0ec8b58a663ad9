"""The Sudoku front end: puzzle sets, Knuth's figures, every size, parsing, errors, limits, display.

Every solution the tests see is checked by ``reference.sudoku_ok``, a verifier
written from the rules alone; small puzzles are compared with brute-force
enumerations (``reference.sudoku_solutions_brute`` and the exact-cover oracle
``reference.solutions_with_given`` run on ``sudoku_problem``).
"""

from __future__ import annotations

import io
import math
from pathlib import Path

import numpy as np
import pytest

import dlxnumba
from dlxnumba import (LimitReached, Status, Sudoku, SudokuError, default_box, is_solution, iter_puzzles,
                      read_puzzles, solve_many, sudoku_problem)

from reference import solutions_with_given, sudoku_ok, sudoku_solutions_brute

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"

FIVE = "8..6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......"
NONE = ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4........."
TOP1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
TOP1_SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"

#: Sets every copy of the project must ship; more files in puzzles/ are tested too.
SHIPPED = {"easy50", "top95", "hardest", "sudoku4", "sudoku6", "sudoku16", "sudoku25", "sudoku6-multi"}
#: Sets whose puzzles have several solutions (counts in NAME.counts.txt).
MULTI_SETS = {"sudoku6-multi"}


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------


def _lines(path: Path) -> list[str]:
    return [ln.strip() for ln in path.read_text().splitlines() if ln.strip() and not ln.lstrip().startswith("#")]


def _set_names() -> list[str]:
    names = {p.name[:-4] for p in PUZZLES.glob("*.txt")}
    return sorted(n for n in names if not n.endswith((".solutions", ".counts")))


_CACHE: dict = {}


def load(name: str) -> dict:
    """A puzzle set: lines, cells array, n, box, known solutions and counts (or None)."""
    if name not in _CACHE:
        lines = _lines(PUZZLES / f"{name}.txt")
        n = math.isqrt(len(lines[0]))
        arr = read_puzzles(PUZZLES / f"{name}.txt", size=n)
        sol_path = PUZZLES / f"{name}.solutions.txt"
        count_path = PUZZLES / f"{name}.counts.txt"
        _CACHE[name] = dict(
            lines=lines, arr=arr, n=n, box=default_box(n),
            solutions=_lines(sol_path) if sol_path.exists() else None,
            counts=[int(c) for c in _lines(count_path)] if count_path.exists() else None)
    return _CACHE[name]


def cells_of(text: str, n: int | None = None) -> list[int]:
    """Cells of a one-line puzzle, decoded here (not by the package): '.' = 0, A = 10."""
    symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    return [0 if ch == "." else symbols.index(ch) + 1 for ch in text]


def verified(solution: Sudoku, puzzle, box=None) -> bool:
    """``sudoku_ok`` on a solution (a Sudoku or cells) against a puzzle (a Sudoku, text or cells)."""
    if isinstance(puzzle, str):
        puzzle = cells_of(puzzle)
    if isinstance(puzzle, Sudoku):
        box = box or puzzle.box
        puzzle = puzzle.grid.reshape(-1).tolist()
    cells = solution.grid.reshape(-1).tolist() if isinstance(solution, Sudoku) else list(solution)
    n = math.isqrt(len(cells))
    return sudoku_ok(cells, puzzle, n, box or default_box(n))


def empty(n: int) -> np.ndarray:
    return np.zeros((n, n), np.uint8)


# ---------------------------------------------------------------------------
# The independent verifier itself
# ---------------------------------------------------------------------------


def test_verifier_rejects_what_it_must():
    good = cells_of("1234341221434321")
    assert sudoku_ok(good, None, 4, (2, 2))
    assert sudoku_ok(np.array(good, np.uint8).reshape(4, 4), np.zeros(16, np.uint8), 4, (2, 2))
    assert sudoku_ok(good, [1] + [0] * 15, 4, (2, 2))
    assert not sudoku_ok(good, [2] + [0] * 15, 4, (2, 2))  # a given changed
    assert not sudoku_ok(good[:15], None, 4, (2, 2))  # too short
    assert not sudoku_ok(cells_of("1234234134124123"), None, 4, (2, 2))  # Latin square, boxes broken
    swapped = good[:]
    swapped[0], swapped[1] = swapped[1], swapped[0]
    assert not sudoku_ok(swapped, None, 4, (2, 2))
    assert not sudoku_ok([0] + good[1:], None, 4, (2, 2))  # incomplete
    # the same 6x6 grid is a Sudoku for one box shape only
    g6 = Sudoku(empty(6)).solve().grid.reshape(-1).tolist()
    assert sudoku_ok(g6, None, 6, (2, 3))
    assert not sudoku_ok(g6, None, 6, (3, 2))


def test_verifier_agrees_with_is_solution():
    sol = Sudoku(TOP1_SOLUTION)
    assert verified(sol, TOP1) and is_solution(sol, TOP1)
    g = sol.grid.copy()
    g[0, 0], g[0, 1] = g[0, 1], g[0, 0]
    assert not sudoku_ok(g, None, 9, (3, 3))
    assert not is_solution(g)


# ---------------------------------------------------------------------------
# 1. Every shipped puzzle, every way
# ---------------------------------------------------------------------------


def test_the_shipped_sets_are_there():
    assert SHIPPED <= set(_set_names())
    for name in SHIPPED - {"easy50", "top95", "hardest"}:
        d = load(name)
        known = d["counts"] if name in MULTI_SETS else d["solutions"]
        assert known is not None and len(known) == len(d["lines"])
    assert [len(load(k)["lines"]) for k in ("easy50", "top95", "hardest")] == [50, 95, 11]


@pytest.mark.parametrize("name", _set_names())
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


@pytest.mark.parametrize("name", _set_names())
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


@pytest.mark.parametrize("name", _set_names())
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


def test_generated_answers_are_the_brute_force_ones():
    """The 4x4 and 6x6 sets: unique by plain backtracking, with the shipped answer."""
    for name in ("sudoku4", "sudoku6"):
        d = load(name)
        for text, answer in zip(d["lines"], d["solutions"]):
            found = sudoku_solutions_brute(cells_of(text), d["n"], d["box"], limit=2)
            assert found == [tuple(cells_of(answer))], f"{name}: {text}"


# ---------------------------------------------------------------------------
# 2. Knuth's figures (DLX1 fed by sudoku-dlx), exactly
# ---------------------------------------------------------------------------

GOLDEN_FIRST = {"easy50": (1, 50, 673), "top95": (1, 386, 8239), "hardest": (1, 158, 2434)}
GOLDEN_SUM = {"easy50": (50, 2889, 41149), "top95": (95, 65581, 1224602), "hardest": (11, 3780, 62056)}


def _golden(text):
    s = Sudoku(text)
    return s.count(stop_at=0), s.stats.nodes, s.stats.updates


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
    sols, status, info = solve_many(d["arr"], threads=2, stop_at=0, limit=2, return_stats=True)
    assert (status == Status.SOLVED).all()
    assert (int(info["nodes"].sum()), int(info["updates"].sum())) == GOLDEN_SUM["top95"][1:]


# ---------------------------------------------------------------------------
# 3. The five-solution and the no-solution puzzles
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
# 4. Small grids against brute force
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


def test_encoding_names_follow_sudoku_dlx():
    for n, box in ((4, (2, 2)), (6, (3, 2)), (9, (3, 3))):
        p, key = sudoku_problem(n, box)
        r, c = box
        assert p.n_primary == p.n_items == 4 * n * n and len(key) == p.n_options == n ** 3
        for j, (row, col, digit) in enumerate(key):
            assert j == (row * n + col) * n + digit - 1
            x = (row // r) * (n // c) + col // c
            assert p.option_names(j) == (f"p{row + 1}{col + 1}", f"r{row + 1}{digit}",
                                         f"c{col + 1}{digit}", f"b{x + 1}{digit}")


# ---------------------------------------------------------------------------
# 5. Sizes and box shapes; round trips
# ---------------------------------------------------------------------------

SIZES = [(4, None, (2, 2)), (6, None, (2, 3)), (6, (3, 2), (3, 2)), (8, None, (2, 4)), (8, (4, 2), (4, 2)),
         (9, None, (3, 3)), (10, None, (2, 5)), (10, (5, 2), (5, 2)), (12, None, (3, 4)),
         (12, (2, 6), (2, 6)), (16, None, (4, 4)), (25, None, (5, 5)), (36, None, (6, 6))]


def _round_trips(s: Sudoku):
    box = None if s.box == default_box(s.n) else s.box
    assert Sudoku(str(s), box=box) == s
    assert Sudoku(s.boxed(), box=box) == s
    assert Sudoku(s.grid, box=box) == s
    assert Sudoku(s.grid.tolist(), box=box) == s
    assert Sudoku(s.grid.reshape(-1), box=box) == s
    assert Sudoku(s) == s and Sudoku(s).box == s.box
    if s.n <= 35:
        assert Sudoku(str(s).lower(), box=box) == s


@pytest.mark.parametrize("n, box, shape", SIZES, ids=[f"{n}x{n}-{s[0]}x{s[1]}" for n, _, s in SIZES])
def test_sizes(n, box, shape):
    s = Sudoku(empty(n), box=box)
    assert s.n == n and s.box == shape
    t = s.solve()
    assert sudoku_ok(t.grid, None, n, shape)
    assert t.grid.shape == (n, n) and t.box == shape and t.is_complete()
    _round_trips(t)
    # a puzzle: every other cell of the solution; its solution keeps the givens
    cells = t.grid.reshape(-1).copy()
    cells[::2] = 0
    p = Sudoku(cells.reshape(n, n), box=box)
    _round_trips(p)
    u = p.solve()
    assert sudoku_ok(u.grid, cells, n, shape)
    out, status = solve_many([cells], box=box, threads=1)
    assert status.tolist() == [Status.SOLVED] and sudoku_ok(out[0], cells, n, shape)


def test_box_shape_is_honoured():
    # same box for (3, 2) boxes (rows 1-3, columns 1-2), different boxes for (2, 3)
    g = empty(6)
    g[0, 0] = g[2, 1] = 1
    assert Sudoku(g).box == (2, 3)
    with pytest.raises(SudokuError, match="r1c1.*r3c2"):
        Sudoku(g, box=(3, 2))
    assert sudoku_ok(Sudoku(g).solve().grid, g, 6, (2, 3))
    # transposed (2, 3) puzzles solved with (3, 2) boxes give the transposed answers
    d = load("sudoku6")
    for text, answer in list(zip(d["lines"], d["solutions"]))[:10]:
        pt = np.array(cells_of(text)).reshape(6, 6).T
        at = np.array(cells_of(answer)).reshape(6, 6).T
        s = Sudoku(pt, box=(3, 2))
        assert repr(s).endswith(", box=(3, 2))")
        assert np.array_equal(s.solve().grid, at)
        assert sudoku_ok(at, pt, 6, (3, 2))
    out, status = solve_many([np.array(cells_of(t)).reshape(6, 6).T for t in d["lines"][:10]],
                             box=(3, 2), threads=2)
    assert (status == Status.SOLVED).all()
    assert all(np.array_equal(o.reshape(6, 6).T.reshape(-1), cells_of(a)) for o, a in zip(out, d["solutions"]))


def test_box_drawing_shows_the_box_shape():
    t = Sudoku(empty(6), box=(3, 2)).solve()
    lines = t.boxed().splitlines()
    assert len(lines) == 7 and lines[3].replace("-", "").replace("+", "") == ""
    assert all(line.count("|") == 2 for i, line in enumerate(lines) if i != 3)
    t = Sudoku(empty(6)).solve()
    lines = t.boxed().splitlines()
    assert len(lines) == 8 and lines[2].strip("-+") == "" and lines[5].strip("-+") == ""
    assert all(line.count("|") == 1 for i, line in enumerate(lines) if i not in (2, 5))


def test_letters_for_digits_past_nine():
    g = empty(16)
    g[0, :] = np.arange(1, 17)
    s = Sudoku(g)
    assert str(s)[:16] == "123456789ABCDEFG"
    assert Sudoku("G" + "." * 255).grid[0, 0] == 16 == Sudoku("g" + "." * 255).grid[0, 0]
    assert Sudoku("A" + "." * 99).grid[0, 0] == 10 == Sudoku("a" + "." * 99).grid[0, 0]
    assert Sudoku("P" + "." * 624).grid[0, 0] == 25 == Sudoku("p" + "." * 624).grid[0, 0]
    # lower case means upper case up to 35x35, where Z = z = 35
    big = "." * (35 * 35 - 1)
    assert Sudoku("Z" + big, box=(5, 7)).grid[0, 0] == 35 == Sudoku("z" + big, box=(5, 7)).grid[0, 0]
    # from 36x36 on, a = 36 and lower case is its own symbol
    big = "." * (36 * 36 - 1)
    assert Sudoku("a" + big).grid[0, 0] == 36 and Sudoku("A" + big).grid[0, 0] == 10
    t = Sudoku(empty(36)).solve()
    assert "a" in str(t) and set(str(t)) == set("123456789ABCDEFGHIJKLMNOPQRSTUVWXYZa")


# ---------------------------------------------------------------------------
# 6. Parsing text and files
# ---------------------------------------------------------------------------

NORVIG = """
4 . . |. . . |8 . 5
. 3 . |. . . |. . .
. . . |7 . . |. . .
------+------+------
. 2 . |. . . |. 6 .
. . . |. 8 . |4 . .
. . . |. 1 . |. . .
------+------+------
. . . |6 . 3 |. 7 .
5 . . |2 . . |. . .
1 . 4 |. . . |. . .
"""


def test_norvig_text_and_empty_symbols():
    want = Sudoku(TOP1)
    assert Sudoku(NORVIG) == want
    assert Sudoku(NORVIG.replace(".", "0")) == want
    assert Sudoku(TOP1.replace(".", "_")) == want
    assert Sudoku(TOP1.replace(".", "0")) == want
    mixed = "".join("._0"[k % 3] if ch == "." else ch for k, ch in enumerate(TOP1))
    assert Sudoku(mixed) == want
    assert Sudoku("\n".join(TOP1[i:i + 9] for i in range(0, 81, 9))) == want
    assert Sudoku(" ".join(TOP1)) == want
    assert Sudoku(TOP1.encode()) == want


def _euler(puzzles, sep) -> str:
    out = []
    for k, p in enumerate(puzzles):
        out.append(sep(k))
        out += [p[i:i + 9].replace(".", "0") for i in range(0, 81, 9)]
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("sep", [lambda k: f"Grid {k + 1:02d}", lambda k: "========", lambda k: ""],
                         ids=["grid-headers", "equals-separators", "blank-lines"])
def test_read_project_euler_format(tmp_path, sep):
    easy = load("easy50")["lines"][:6]
    path = tmp_path / "p096_sudoku.txt"
    path.write_text(_euler(easy, sep))
    for source in (path, str(path)):
        arr = read_puzzles(source)
        assert arr.dtype == np.uint8 and arr.tolist() == [cells_of(p) for p in easy]
    with open(path) as f:
        assert read_puzzles(f).tolist() == [cells_of(p) for p in easy]


def test_read_one_per_line_with_comments_and_blank_lines(tmp_path):
    top = load("top95")["lines"][:9]
    text = "# top95, first nine\n\n" + "\n".join(top[:4]) + "\n\n   \n# more\n" + "\n".join(top[4:]) + "\n\n"
    want = [cells_of(p) for p in top]
    assert read_puzzles(io.StringIO(text)).tolist() == want
    path = tmp_path / "some.txt"
    path.write_text(text)
    assert read_puzzles(path).tolist() == want
    assert read_puzzles(io.StringIO(text.replace(".", "0"))).tolist() == want
    assert read_puzzles(io.StringIO("")).shape == (0, 81)


def test_read_boxed_pictures():
    lines = load("top95")["lines"][:3]
    text = "\n\n".join(Sudoku(p).boxed() for p in lines) + "\n"
    assert read_puzzles(io.StringIO(text)).tolist() == [cells_of(p) for p in lines]
    assert read_puzzles(io.StringIO(NORVIG)).tolist() == [cells_of(TOP1)]


def test_read_shipped_sets_from_path_and_file():
    for name in ("top95", "sudoku16", "sudoku4"):
        d = load(name)
        want = [cells_of(t) for t in d["lines"]]
        assert read_puzzles(str(PUZZLES / f"{name}.txt"), size=d["n"]).tolist() == want
        with open(PUZZLES / f"{name}.txt") as f:
            assert read_puzzles(f).tolist() == want


def test_iter_puzzles_chunks():
    path = PUZZLES / "top95.txt"
    chunks = list(iter_puzzles(path, chunk_size=7))
    assert [len(c) for c in chunks] == [7] * 13 + [4]
    assert np.array_equal(np.concatenate(chunks), read_puzzles(path))
    with open(path) as f:
        chunks = list(iter_puzzles(f, chunk_size=7))
    assert np.array_equal(np.concatenate(chunks), read_puzzles(path))


def test_read_bad_symbol_names_the_line():
    top = load("top95")["lines"][:6]
    bad = top[:3] + ["?" + top[3][1:]] + top[4:]
    text = "\n".join(bad) + "\n"
    with pytest.raises(SudokuError, match=r"line 4\b"):
        read_puzzles(io.StringIO(text))
    errors = []
    arr = read_puzzles(io.StringIO(text), errors=errors)
    assert arr.shape == (6, 81)
    assert not arr[3].any()
    assert arr[[0, 1, 2, 4, 5]].tolist() == [cells_of(p) for p in top[:3] + top[4:]]
    assert len(errors) == 1 and errors[0][0] == 3 and "line 4" in errors[0][1] and "'?'" in errors[0][1]


def test_read_digit_too_large_names_the_line():
    top = load("top95")["lines"][:3]
    text = "\n".join([top[0], top[1][:-1] + "A", top[2]]) + "\n"
    with pytest.raises(SudokuError, match=r"line 2\b"):
        read_puzzles(io.StringIO(text))
    errors = []
    arr = read_puzzles(io.StringIO(text), errors=errors)
    assert len(arr) == 3 and not arr[1].any() and [e[0] for e in errors] == [1]


def test_read_wrong_cell_count_names_the_line():
    """(Commit 4744c4c said only '<file>: 80 cells is not a square grid', naming no line.)"""
    top = load("top95")["lines"][:6]
    bad = top[:3] + [top[3][:-1]] + top[4:]
    text = "\n".join(bad) + "\n"
    errors = []
    arr = read_puzzles(io.StringIO(text), errors=errors)
    assert arr.shape == (6, 81) and not arr[3].any()
    assert len(errors) == 1 and errors[0][0] == 3
    with pytest.raises(SudokuError, match=r"line 4\b"):
        read_puzzles(io.StringIO(text))


def test_read_wrong_cell_count_becomes_a_zero_row():
    top = load("top95")["lines"][:6]
    bad = top[:3] + [top[3][:-1]] + top[4:]
    errors = []
    arr = read_puzzles(io.StringIO("\n".join(bad)), errors=errors)
    assert arr.shape == (6, 81) and not arr[3].any()
    assert arr[[0, 1, 2, 4, 5]].tolist() == [cells_of(p) for p in top[:3] + top[4:]]
    assert [e[0] for e in errors] == [3] and "80 cells" in errors[0][1]


def test_read_euler_grid_with_a_short_row_is_one_bad_entry():
    easy = load("easy50")["lines"][:3]
    lines = _euler(easy, lambda k: f"Grid {k + 1:02d}").splitlines()
    lines[14] = lines[14][:-1]  # line 15: row 4 of Grid 02
    errors = []
    arr = read_puzzles(io.StringIO("\n".join(lines)), errors=errors)
    assert arr.shape == (3, 81)
    assert arr[[0, 2]].tolist() == [cells_of(easy[0]), cells_of(easy[2])] and not arr[1].any()
    assert len(errors) == 1 and errors[0][0] == 1


def test_read_euler_grid_bad_symbol_names_its_line():
    easy = load("easy50")["lines"][:3]
    lines = _euler(easy, lambda k: f"Grid {k + 1:02d}").splitlines()
    lines[14] = "0000?0000"  # line 15
    with pytest.raises(SudokuError, match=r"line 15\b"):
        read_puzzles(io.StringIO("\n".join(lines)))


def test_read_euler_grid_bad_symbol_is_one_bad_entry():
    easy = load("easy50")["lines"][:3]
    lines = _euler(easy, lambda k: f"Grid {k + 1:02d}").splitlines()
    lines[14] = "0000?0000"
    errors = []
    arr = read_puzzles(io.StringIO("\n".join(lines)), errors=errors)
    assert arr.shape == (3, 81) and not arr[1].any()
    assert arr[[0, 2]].tolist() == [cells_of(easy[0]), cells_of(easy[2])]
    assert [e[0] for e in errors] == [1] and "'?'" in errors[0][1]


def test_read_size_settles_sixteen_4x4_lines():
    lines = load("sudoku4")["lines"][:16]
    arr = read_puzzles(io.StringIO("\n".join(lines)), size=4)
    assert arr.tolist() == [cells_of(t) for t in lines]


# ---------------------------------------------------------------------------
# 7. Bad input
# ---------------------------------------------------------------------------

BAD = [
    ("1" * 15, r"15 cells"),
    ("12?4" + "." * 12, r"'\?'.*column 3"),
    ("5" + "." * 15, r"'5'.*r1c1.*4x4"),
    ("." * 80 + "A", r"'A'.*r9c9.*9x9"),
    ("11" + "." * 14, r"r1c1.*r1c2"),
    ("1" + "." * 4 + "1" + "." * 10, r"box.*r1c1.*r2c2"),
    (np.zeros((4, 5), np.int64), r"4x5.*not square"),
    (np.array([[-1, 0, 0, 0]] + [[0] * 4] * 3), r"r1c1.*-1"),
    ([[0, 0, 0, 0]] * 3 + [[0, 0, 0, -2]], r"r4c4.*-2"),
    ([[0, 0, 0, 5]] + [[0] * 4] * 3, r"r1c4.*5"),
    ([[1, 2], [3]], r"different lengths"),
    ("", r"no cells"),
]
BAD_IDS = ["15-cells", "unknown-symbol", "digit-too-large", "letter-too-large", "row-clash", "box-clash",
           "not-square", "negative", "negative-list", "too-large-list", "ragged", "empty"]


@pytest.mark.parametrize("puzzle, message", BAD, ids=BAD_IDS)
def test_bad_puzzle(puzzle, message):
    with pytest.raises(SudokuError, match=message) as info:
        Sudoku(puzzle)
    assert isinstance(info.value, ValueError)


def test_column_clash_message():
    g = empty(9)
    g[1, 0] = g[8, 0] = 7
    with pytest.raises(SudokuError, match=r"column 1.*r2c1.*r9c1"):
        Sudoku(g)


def test_bad_box():
    with pytest.raises(SudokuError, match=r"2x2.*9x9"):
        Sudoku("." * 81, box=(2, 2))
    with pytest.raises(SudokuError, match=r"box"):
        Sudoku("." * 81, box="3x3")
    with pytest.raises(SudokuError, match=r"5x5"):
        Sudoku("." * 25)  # no box shape by default
    with pytest.raises(SudokuError, match=r"box"):
        solve_many(["." * 81], box=(2, 2), threads=1)
    assert issubclass(SudokuError, ValueError)


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


def test_bad_parameters():
    with pytest.raises(SudokuError, match="stop_at"):
        Sudoku(TOP1).solve(stop_at=2)
    with pytest.raises(SudokuError, match="threads"):
        solve_many([TOP1], threads=0)
    with pytest.raises(SudokuError, match="limit"):
        solve_many([TOP1], limit=0)
    with pytest.raises(SudokuError, match="stop_at"):
        solve_many([TOP1], stop_at=3)


# ---------------------------------------------------------------------------
# 8. Limits
# ---------------------------------------------------------------------------


def test_max_nodes_on_one_puzzle():
    s = Sudoku(TOP1)
    with pytest.raises(dlxnumba.LimitReached) as info:
        s.solve(max_nodes=5)
    assert info.value.reason == "max_nodes" and info.value.stats.nodes <= 6
    with pytest.raises(LimitReached):
        s.count(max_nodes=5)
    with pytest.raises(LimitReached):
        list(s.solutions(max_nodes=5))
    assert str(Sudoku(TOP1).solve(max_nodes=10 ** 9)) == TOP1_SOLUTION


@pytest.mark.parametrize("threads", [1, 2])
def test_max_nodes_in_a_batch(threads):
    d = load("top95")
    full, st_full, info_full = solve_many(d["arr"], threads=1, return_stats=True)
    need = info_full["nodes"]
    budget = 150
    out, status, info = solve_many(d["arr"], threads=threads, max_nodes=budget, return_stats=True)
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


# ---------------------------------------------------------------------------
# 9. Display
# ---------------------------------------------------------------------------


def test_str_and_repr():
    s = Sudoku(NORVIG)
    assert str(s) == TOP1 and "\n" not in str(s)
    assert repr(s) == f"Sudoku({TOP1!r})"
    for t in (s, s.solve(), Sudoku(empty(6), box=(3, 2)), Sudoku(empty(16)).solve(), Sudoku(FIVE)):
        back = eval(repr(t), {"Sudoku": Sudoku})
        assert back == t and back.box == t.box


def test_boxed():
    s = Sudoku(TOP1)
    lines = s.boxed().splitlines()
    assert len(lines) == 11
    assert lines[0].split() == ["4", ".", ".", "|", ".", ".", ".", "|", "8", ".", "5"]
    assert lines[3] == lines[7] and set(lines[3]) == {"-", "+"}
    assert Sudoku(s.boxed()) == s
    assert format(s, "boxed") == s.boxed() and format(s) == str(s)


def test_html():
    s = Sudoku(TOP1)
    t = s.solve()
    for grid, n_given in ((s, 17), (t, 17)):
        h = grid._repr_html_()
        assert h.startswith("<table") and h.endswith("</table>")
        assert h.count("<tr>") == 9 and h.count("<td") == 81
        assert h.count('class="given"') == n_given
    h = t._repr_html_()
    assert h.count('class="filled"') == 81 - 17 and 'class="empty"' not in h
    h = s._repr_html_()
    assert h.count('class="empty"') == 81 - 17 and 'class="filled"' not in h
    # the classes are in the given cells' places
    cells = [part.split('"')[1] for part in t._repr_html_().split('<td class=')[1:]]
    assert cells == ["given" if ch != "." else "filled" for ch in TOP1]
    h16 = Sudoku(empty(16)).solve()._repr_html_()
    assert h16.count("<tr>") == 16 and h16.count("<td") == 256 and ">G</td>" in h16


def test_grid_is_read_only_uint8():
    s = Sudoku(TOP1)
    t = s.solve()
    for x in (s, t):
        assert x.grid.shape == (9, 9) and x.grid.dtype == np.uint8
        with pytest.raises(ValueError):
            x.grid[0, 0] = 1
    assert s.givens.dtype == bool and s.givens.sum() == 17 and np.array_equal(t.givens, s.givens)
    assert not s.is_complete() and t.is_complete()
    assert str(s) == TOP1  # solving did not touch the puzzle


# ---------------------------------------------------------------------------
# 10. is_unique, count(limit), solutions(limit)
# ---------------------------------------------------------------------------


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
    assert (s.stats.solutions, s.stats.nodes, s.stats.updates) == (1, c.stats.nodes, c.stats.updates)


def test_solve_stats_max_level():
    s = Sudoku(TOP1)
    s.solve()
    c = Sudoku(TOP1)
    c.count(limit=1)
    assert c.stats.max_level > 0
    assert s.stats.max_level == c.stats.max_level
