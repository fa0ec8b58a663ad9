"""The Sudoku class (dlxnumba.sudoku.puzzle): reading a puzzle of any size and box
shape, refusing bad ones, its views (text, repr, grid, givens, arrays).

Solving is in ``test_solve.py``.
"""

import numpy as np
import pytest

from dlxnumba import Status, Sudoku, SudokuError, default_box, solve_many
from known import FIVE, NORVIG, TOP1, cells_of, empty, load
from reference import sudoku_ok

# ---------------------------------------------------------------------------
# Sizes and box shapes; round trips
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


# ---------------------------------------------------------------------------
# Bad input
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


# ---------------------------------------------------------------------------
# Views
# ---------------------------------------------------------------------------


def test_str_and_repr():
    s = Sudoku(NORVIG)
    assert str(s) == TOP1 and "\n" not in str(s)
    assert repr(s) == f"Sudoku({TOP1!r})"
    for t in (s, s.solve(), Sudoku(empty(6), box=(3, 2)), Sudoku(empty(16)).solve(), Sudoku(FIVE)):
        back = eval(repr(t), {"Sudoku": Sudoku})
        assert back == t and back.box == t.box


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


def test_as_an_array():
    """np.asarray(s) is the (N, N) grid, a copy (a dtype on request)."""
    s = Sudoku(TOP1)
    a = np.asarray(s)
    assert a.shape == (9, 9) and a.dtype == np.uint8 and np.array_equal(a, s.grid)
    a[0, 0] = 9
    assert s.grid[0, 0] == 4 and str(s) == TOP1
    assert np.asarray(s, dtype=np.int64).dtype == np.int64
    assert Sudoku(np.asarray(s)) == s


@pytest.mark.parametrize("n, box", [(5, (1, 5)), (5, (5, 1)), (7, (7, 1)), (6, (1, 6)), (6, (3, 2))])
def test_repr_of_a_shape_without_a_default_box(n, box):
    """A prime side has no default box: repr raised SudokuError."""
    s = Sudoku(empty(n), box=box)
    for t in (s, s.solve()):
        assert repr(t) == f"Sudoku({str(t)!r}, box={box})"
        back = eval(repr(t), {"Sudoku": Sudoku})
        assert back == t and back.box == box


ODD_FORMS = [
    (bytearray(b"12.. ..12 .... ...."), "12....12........"),
    (memoryview(b"12....12........"), "12....12........"),
    (b"12....12........", "12....12........"),
    (["12..", "..12", "....", "...."], "12....12........"),
    (("1 2 . .", ". . 1 2", ". . . .", ". . . ."), "12....12........"),
]


@pytest.mark.parametrize("puzzle, text", ODD_FORMS, ids=["bytearray", "memoryview", "bytes", "row-list",
                                                         "row-tuple"])
def test_bytes_and_lists_of_row_strings_are_read_as_text(puzzle, text):
    """A bytearray was read as the numbers of its bytes ("cell r1c1 holds np.uint8(49)"),
    a list of row strings as one cell per row ("4 cells")."""
    assert str(Sudoku(puzzle)) == text
    assert str(solve_many([puzzle], threads=1).sudoku(0)) == str(Sudoku(text).solve())


@pytest.mark.parametrize("puzzle, message", [
    (None, "puzzle must be text, an array or nested lists of digits, not None"),
    (5, "not 5$"),
    (np.int64(5), "not 5$"),
    (["12..", 3, "....", "...."], "mixes text and numbers"),
    (["12..", "..12", "....", "..."], "15 cells"),
    (np.array([1.5] + [0] * 15), r"r1c1 holds 1.5, not a whole number"),
    (np.array([17] + [0] * 15), r"r1c1 holds 17; digits must be 0 \(empty\) to 4$"),
    (np.zeros((256, 256), np.int64), "larger than the 250x250"),
])
def test_odd_puzzles_get_messages_with_plain_values(puzzle, message):
    """No bare numpy scalars in messages (np.int64(17)); nothing but a puzzle reaches the
    grid reader as a grid (None was "rows have different lengths")."""
    with pytest.raises(SudokuError, match=message) as e:
        Sudoku(puzzle)
    assert "np." not in str(e.value)


@pytest.mark.parametrize("box, message", [
    ((2.5, 2), r"box must be a pair of integers \(rows, columns\), not \(2.5, 2\)"),
    (("2", "2"), r"pair of integers.*\('2', '2'\)"),
    ((True, 4), r"pair of integers"),
    ((np.float64(2), 2), r"not \(2.0, 2\)$"),
    ((2, 2, 1), r"box must be a pair \(rows, columns\) or text such as .2x3., not \(2, 2, 1\)"),
    (4, r"not 4$"),
])
def test_box_must_be_a_pair_of_integers(box, message):
    """box=(2.5, 2) was truncated to (2, 2)."""
    with pytest.raises(SudokuError, match=message):
        Sudoku(empty(4), box=box)
    assert Sudoku(empty(4), box=(np.int64(2), 2)).box == (2, 2)


def test_a_byte_order_mark_in_bytes_is_dropped():
    """Sudoku(b'\\xef\\xbb\\xbf...') said 'unknown symbol' at column 1 (fuzzing); files drop it."""
    text = "1234341221434321"
    assert Sudoku(b"\xef\xbb\xbf" + text.encode()).grid.tolist() == Sudoku(text).grid.tolist()


def test_a_sudoku_made_from_a_sudoku_keeps_its_rules_and_is_checked_again_for_others():
    x = Sudoku("variant: x\n" + "1" + "." * 79 + "2")
    again = Sudoku(x)
    assert again == x and again.variant == x.variant and again.box == x.box
    assert Sudoku(x, box=(3, 3)) == x
    six = Sudoku("12...." + "." * 30, box=(2, 3))
    assert Sudoku(six).box == (2, 3)
    with pytest.raises(SudokuError, match="break"):  # cells 0 and 6 share a box of three rows
        Sudoku(Sudoku("1....." + "1" + "." * 29, box=(2, 3)), box=(3, 2))
    with pytest.raises(SudokuError, match="break"):  # the diagonal clashes under the X rule
        Sudoku(Sudoku("1" + "." * 39 + "1" + "." * 40), variant="x")  # r1c1 and r5c5
