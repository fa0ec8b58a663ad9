"""Sudoku as exact cover (dlxnumba.sudoku.encoding): Knuth's sudoku-dlx order,
built from the Geometry table; givens as options, and back."""

import numpy as np
import pytest

from dlxnumba.template import template
from dlxnumba import geometry, sudoku_problem
from dlxnumba.sudoku.encoding import decode, given_options
from known import cells_of, load

SHAPES = [(4, (2, 2)), (6, (2, 3)), (6, (3, 2)), (8, (2, 4)), (9, (3, 3)), (10, (5, 2)), (12, (3, 4)),
          (16, (4, 4))]


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


@pytest.mark.parametrize("n, box", SHAPES, ids=[f"{n}x{n}-{r}x{c}" for n, (r, c) in SHAPES])
def test_each_option_lists_its_cell_and_its_three_regions(n, box):
    """Option cell*n + d-1 is [cell, n*n + u*n + d-1 for the cell's row, column
    and box regions u]: the encoding reads the Geometry table."""
    p, key = sudoku_problem(n, box)
    g = geometry(n, box)
    assert p.n_options == n ** 3 and p.n_items == p.n_primary == 4 * n * n
    for cell in range(n * n):
        for d in range(1, n + 1):
            j = cell * n + d - 1
            assert p.option(j) == [cell] + [n * n + int(g.cell_regions[cell, k]) * n + d - 1 for k in range(3)]
            assert key[j] == (cell // n, cell % n, d)


def test_one_problem_per_shape():
    """The problem of a shape is built once per process (with its template)."""
    assert sudoku_problem(9)[0] is sudoku_problem(9, (3, 3))[0]
    assert sudoku_problem(6, (3, 2))[0] is not sudoku_problem(6)[0]
    assert template(sudoku_problem(9)[0]) is template(sudoku_problem(9, (3, 3))[0])


def test_givens_are_options_and_decode_back():
    for name in ("top95", "sudoku6", "sudoku16"):
        d = load(name)
        n = d["n"]
        for text in d["lines"][:5]:
            cells = np.array(cells_of(text), np.uint8)
            given = given_options(cells, n)
            assert given.dtype == np.int32
            assert given.tolist() == [k * n + int(v) - 1 for k, v in enumerate(cells) if v]
            assert decode(given, n).tolist() == cells.tolist()
    assert decode([], 4).tolist() == [0] * 16
