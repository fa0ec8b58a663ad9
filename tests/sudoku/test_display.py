"""Pictures of a grid (dlxnumba.sudoku.display): boxed text for print, HTML for Jupyter."""

import numpy as np
import pytest

from dlxnumba import Sudoku, SudokuError
from known import TOP1, empty


def test_boxed():
    s = Sudoku(TOP1)
    lines = s.boxed().splitlines()
    assert len(lines) == 11
    assert lines[0].split() == ["4", ".", ".", "|", ".", ".", ".", "|", "8", ".", "5"]
    assert lines[3] == lines[7] and set(lines[3]) == {"-", "+"}
    assert Sudoku(s.boxed()) == s
    assert format(s, "boxed") == s.boxed() and format(s) == str(s)


def test_box_drawing_shows_the_box_shape():
    t = Sudoku(empty(6), box=(3, 2)).solve()
    lines = t.boxed().splitlines()
    assert len(lines) == 7 and lines[3].replace("-", "").replace("+", "") == ""
    assert all(line.count("|") == 2 for i, line in enumerate(lines) if i != 3)
    t = Sudoku(empty(6)).solve()
    lines = t.boxed().splitlines()
    assert len(lines) == 8 and lines[2].strip("-+") == "" and lines[5].strip("-+") == ""
    assert all(line.count("|") == 1 for i, line in enumerate(lines) if i not in (2, 5))


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


def test_large_grids_display_and_size_limit():
    """Grids past 61 digits print spaced numbers (text, boxed, HTML); sides past 250 are refused."""
    g = np.zeros((64, 64), np.uint8)
    g[0, 0] = 64
    s = Sudoku(g)
    assert str(s).split()[0] == "64" and "64" in s.boxed() and "<table" in s._repr_html_()
    with pytest.raises(SudokuError, match="250"):
        Sudoku(np.zeros((256, 256), np.uint8))
