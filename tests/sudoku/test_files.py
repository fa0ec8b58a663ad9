"""Files of puzzles (dlxnumba.sudoku.files): one per line, Project Euler's grids,
boxed pictures, errors located by line; and the sets shipped in puzzles/."""

import io

import numpy as np
import pytest

from dlxnumba import Sudoku, SudokuError, iter_puzzles, read_puzzles
from known import MULTI_SETS, NORVIG, PUZZLES, SHIPPED, TOP1, cells_of, load, set_names
from reference import sudoku_solutions_brute

# ---------------------------------------------------------------------------
# The shipped sets
# ---------------------------------------------------------------------------


def test_the_shipped_sets_are_there():
    assert SHIPPED <= set(set_names())
    for name in SHIPPED - {"easy50", "top95", "hardest"}:
        d = load(name)
        known = d["counts"] if name in MULTI_SETS else d["solutions"]
        assert known is not None and len(known) == len(d["lines"])
    assert [len(load(k)["lines"]) for k in ("easy50", "top95", "hardest")] == [50, 95, 11]


def test_generated_answers_are_the_brute_force_ones():
    """The 4x4 and 6x6 sets: unique by plain backtracking, with the shipped answer."""
    for name in ("sudoku4", "sudoku6"):
        d = load(name)
        for text, answer in zip(d["lines"], d["solutions"]):
            found = sudoku_solutions_brute(cells_of(text), d["n"], d["box"], limit=2)
            assert found == [tuple(cells_of(answer))], f"{name}: {text}"


# ---------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------


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


def test_a_byte_order_mark_is_ignored():
    """A UTF-8 byte order mark before the first puzzle is not read as a symbol."""
    assert read_puzzles(io.StringIO("\ufeff" + (TOP1 + "\n") * 3)).shape == (3, 81)


# ---------------------------------------------------------------------------
# Bad entries: located by line, one bad entry each
# ---------------------------------------------------------------------------


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


def test_a_stray_short_line_is_one_bad_entry_and_loses_nothing():
    """A short line among one-line puzzles is one bad entry: it neither ends the file nor shifts the rest."""
    errors = []
    arr = read_puzzles(io.StringIO(TOP1 + "\n123456789\n" + (TOP1 + "\n") * 10), errors=errors)
    assert arr.shape == (12, 81)
    assert [i for i, _ in errors] == [1] and "line 2" in errors[0][1]
    assert (arr[2:] == arr[0]).all()


def test_a_title_line_does_not_set_the_size():
    """A title line before the puzzles is one bad entry; it does not fix the grid size."""
    errors = []
    arr = read_puzzles(io.StringIO("Top95 by Norvig\n" + (TOP1 + "\n") * 3), errors=errors)
    assert arr.shape == (4, 81) and [i for i, _ in errors] == [0]
    assert (arr[1:] != 0).any(axis=1).all()


def test_unknown_symbol_is_located_in_the_original_line():
    """An unknown symbol's column is counted in the line as written, spaces and drawing included."""
    bad = " ".join(TOP1[:60]) + " | ? " + TOP1[62:]
    errors = []
    read_puzzles(io.StringIO(TOP1 + "\n" + bad + "\n"), errors=errors)
    assert errors[0][0] == 1
    assert f"column {bad.index('?') + 1}" in errors[0][1] and "line 2" in errors[0][1]
