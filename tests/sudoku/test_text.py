"""One grid of text (dlxnumba.sudoku.text): symbols, empty cells, drawing, letters past 9."""

import numpy as np

from dlxnumba import Sudoku
from known import NORVIG, TOP1, empty


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
