"""Files of puzzles (dlxnumba.sudoku.files): one per line, Project Euler's grids,
boxed pictures, errors located by line; and the sets shipped in puzzles/."""

import io
import itertools
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dlxnumba import Sudoku, SudokuError, iter_puzzles, read_puzzles
from known import MULTI_SETS, NORVIG, PUZZLES, SHIPPED, TOP1, cells_of, load, set_names
from reference import sudoku_solutions_brute
from strategies import examples

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


# ---------------------------------------------------------------------------
# Line ends, byte order marks, sizes: one entry per line or grid (issue 9)
# ---------------------------------------------------------------------------


def _grid_rows(text: str, n: int = 9) -> list[str]:
    return [text[i:i + n].replace(".", "0") for i in range(0, n * n, n)]


@pytest.mark.parametrize("end", ["\r", "\r\n", "\n"], ids=["cr", "crlf", "lf"])
@pytest.mark.parametrize("kind", ["text", "bytes", "path"])
def test_every_line_end_reads_every_puzzle(tmp_path, end, kind):
    """CR-only line ends (old Mac files) end lines too: three puzzles, not one."""
    top = load("top95")["lines"][:3]
    text = end.join(top) + end
    if kind == "text":
        source = io.StringIO(text, newline="")  # no translation: the reader sees the CRs
    elif kind == "bytes":
        source = io.BytesIO(text.encode())
    else:
        source = tmp_path / "mac.txt"
        source.write_bytes(text.encode())
    errors = []
    assert read_puzzles(source, errors=errors).tolist() == [cells_of(p) for p in top]
    assert errors == []


def test_mixed_line_ends_and_a_cr_on_a_block_boundary():
    """\\r\\n split between two reads is one line end, not two (the line numbers stay right)."""
    top = load("top95")["lines"][:4]
    text = (top[0] + "\r\n" + top[1] + "\r" + top[2] + "\n" + "?" + top[3][1:] + "\r\n").encode()

    class Dribble(io.RawIOBase):  # hands out 7 bytes per read
        def __init__(self, data):
            self.data = data

        def readable(self):
            return True

        def readinto(self, b):
            chunk, self.data = self.data[:7], self.data[7:]
            b[:len(chunk)] = chunk
            return len(chunk)

    errors = []
    arr = read_puzzles(io.BufferedReader(Dribble(text), buffer_size=7), errors=errors)
    assert arr[:3].tolist() == [cells_of(p) for p in top[:3]]
    assert [i for i, _ in errors] == [3] and "line 4:" in errors[0][1]


def test_consecutive_malformed_lines_are_one_entry_each():
    """With the size known, a 9-cell line and an 80-cell line were merged into one
    grid entry, shifting every later result by one line."""
    text = "\n".join([TOP1, "123456789", TOP1[:80], TOP1, "12345678", "123456789", TOP1]) + "\n"
    for size in (9, None):
        errors = []
        arr = read_puzzles(io.StringIO(text), size=size, errors=errors)
        assert arr.shape == (7, 81)
        assert [i for i, _ in errors] == [1, 2, 4, 5]
        assert [re.search(r"line (\d+):", m).group(1) for _, m in errors] == ["2", "3", "5", "6"]
        assert (arr[[0, 3, 6]] == cells_of(TOP1)).all()


@pytest.mark.parametrize("name, count", [("sudoku6", 36), ("sudoku4", 16), ("sudoku6", 35), ("sudoku4", 17)])
def test_k_one_line_puzzles_of_k_cells_are_not_one_grid(name, count):
    """Exactly 36 one-line 6x6 puzzles (16 4x4) were read as one 36x36 (16x16) grid."""
    lines = load(name)["lines"]
    lines = (lines * 2)[:count]
    errors = []
    arr = read_puzzles(io.StringIO("\n".join(lines) + "\n"), errors=errors)
    assert errors == [] and arr.tolist() == [cells_of(t) for t in lines]


@pytest.mark.parametrize("name, n", [("sudoku16", 16), ("sudoku25", 25)])
def test_a_real_grid_of_k_rows_is_still_a_grid(name, n):
    """The other side of the choice above: rows holding a digit larger than a
    one-line puzzle of that length could hold (here a letter) make a grid, with or
    without a separator between grids."""
    texts = load(name)["lines"][:2]
    grids = ["\n".join(t[i:i + n] for i in range(0, n * n, n)) for t in texts]
    want = [cells_of(t) for t in texts]
    assert read_puzzles(io.StringIO(grids[0] + "\n")).tolist() == want[:1]
    assert read_puzzles(io.StringIO(grids[0] + "\n\n" + grids[1])).tolist() == want
    assert read_puzzles(io.StringIO(grids[0] + "\n" + grids[1] + "\n")).tolist() == want


def test_a_first_euler_grid_cut_short_is_one_bad_entry():
    """A first grid of 8 rows gave 8 bad entries (one per row) instead of one."""
    easy = load("easy50")["lines"][:3]
    text = _euler(easy, lambda k: f"Grid {k + 1:02d}")
    lines = text.splitlines()
    del lines[5]  # a row of Grid 01
    errors = []
    arr = read_puzzles(io.StringIO("\n".join(lines) + "\n"), errors=errors)
    assert arr.shape == (3, 81)
    assert [i for i, _ in errors] == [0] and "8 rows" in errors[0][1] and "line 2" in errors[0][1]
    assert arr[1:].tolist() == [cells_of(p) for p in easy[1:]]
    with pytest.raises(SudokuError, match=r"line 2\b.*8 rows"):
        read_puzzles(io.StringIO("\n".join(lines) + "\n"))


def test_a_first_euler_grid_with_a_bad_row_is_one_bad_entry():
    easy = load("easy50")["lines"][:2]
    lines = _euler(easy, lambda k: "").splitlines()
    lines[2] = lines[2][:-1]  # row 2 of the first grid: 8 cells
    errors = []
    arr = read_puzzles(io.StringIO("\n".join(lines) + "\n"), errors=errors)
    assert arr.shape == (2, 81) and [i for i, _ in errors] == [0] and "line 3" in errors[0][1]
    assert arr[1].tolist() == cells_of(easy[1])


@pytest.mark.parametrize("layout", ["euler", "lines", "boxed"])
@pytest.mark.parametrize("kind", ["text", "bytes"])
def test_a_byte_order_mark_adds_no_entry(layout, kind):
    """A UTF-8 BOM before 'Grid 01' made a bogus first entry."""
    easy = load("easy50")["lines"][:3]
    if layout == "euler":
        text = _euler(easy, lambda k: f"Grid {k + 1:02d}")
    elif layout == "lines":
        text = "\n".join(easy) + "\n"
    else:
        text = "\n\n".join(Sudoku(p).boxed() for p in easy) + "\n"
    text = "\ufeff" + text
    source = io.StringIO(text) if kind == "text" else io.BytesIO(text.encode("utf-8"))
    errors = []
    assert read_puzzles(source, errors=errors).tolist() == [cells_of(p) for p in easy]
    assert errors == []


def test_a_bad_line_before_the_size_is_known_keeps_its_place():
    """Small one-line puzzles wait for the size to be settled; a line with an unknown
    symbol among them was reported as entry 0 instead of its own place."""
    lines = load("sudoku4")["lines"][:6]
    lines[3] = "?" + lines[3][1:]
    errors = []
    arr = read_puzzles(io.StringIO("\n".join(lines) + "\n"), errors=errors)
    assert arr.shape == (6, 16) and [i for i, _ in errors] == [3] and "line 4" in errors[0][1]
    assert arr[[0, 1, 2, 4, 5]].tolist() == [cells_of(t) for t in lines[:3] + lines[4:]]


def test_blank_lines_trailing_white_space_and_comments_change_nothing():
    top = load("top95")["lines"][:3]
    text = "\n\n# comment\n" + "\n".join(p + " \t " for p in top) + "\n\n\n   \n# end\n"
    errors = []
    assert read_puzzles(io.StringIO(text), errors=errors).tolist() == [cells_of(p) for p in top]
    assert errors == []
    rows = _grid_rows(top[0])
    text = "Grid 01  \n" + "\n".join(r + "  " for r in rows) + "\n\n\n"
    assert read_puzzles(io.StringIO(text)).tolist() == [cells_of(top[0])]


def test_a_very_long_line_is_one_bad_entry():
    """A line longer than any puzzle (binary junk without line ends) is one bad entry,
    read without holding it whole."""
    text = TOP1 + "\n" + "1" * 300_000 + "\n" + TOP1 + "\n"
    errors = []
    arr = read_puzzles(io.StringIO(text), errors=errors)
    assert arr.shape == (3, 81) and [i for i, _ in errors] == [1] and "line 2" in errors[0][1]
    assert "longer than" in errors[0][1]


@pytest.mark.parametrize("data, what", [
    (b"\x1f\x8b\x08\x00" + bytes(40), "gzip"),
    (f"{TOP1}\n{TOP1}\n".encode("utf-16"), "UTF-16"),
    (TOP1.encode() + b"\n\x00\x01\x02" + bytes(100), "binary"),
], ids=["gzip", "utf-16", "binary"])
def test_compressed_or_binary_input_is_refused_at_once(data, what):
    errors = []
    with pytest.raises(SudokuError, match=what):
        read_puzzles(io.BytesIO(data), errors=errors)


def test_empty_input():
    for source in (io.StringIO(""), io.BytesIO(b""), io.StringIO("\ufeff"), io.StringIO("\n\n# x\n")):
        assert read_puzzles(source).shape == (0, 81)


@pytest.mark.parametrize("size", [0, 3, 62, 2.5, "9"])
def test_a_bad_size_is_refused(size):
    with pytest.raises(SudokuError, match="size"):
        read_puzzles(io.StringIO(TOP1), size=size)


def test_strict_reading_yields_the_puzzles_before_the_bad_one():
    top = load("top95")["lines"][:5]
    text = "\n".join(top[:3] + ["?" + top[3][1:]] + top[4:]) + "\n"
    got = []
    with pytest.raises(SudokuError, match=r"line 4\b"):
        for chunk in iter_puzzles(io.StringIO(text), chunk_size=100):
            got.append(chunk)
    assert np.concatenate(got).tolist() == [cells_of(p) for p in top[:3]]


# ---------------------------------------------------------------------------
# Property: one entry per line with cells, whatever the line ends and the reads
# ---------------------------------------------------------------------------

_CONTENT = [TOP1, TOP1[:80], "123456789", "?" + TOP1[1:], TOP1 + " \t", "x" * 100, "12.." * 4,
            " ".join(TOP1), TOP1.replace(".", "0"), "A" * 81]
_SKIPPED = ["", "   ", "# a comment", "Grid 7", "=====", "------+------+------"]


class _Dribble(io.RawIOBase):
    """Hands out its bytes a few at a time (as a slow pipe would)."""

    def __init__(self, data: bytes, sizes: list[int]):
        self.data, self.sizes, self.k = data, sizes or [1], 0

    def readable(self):
        return True

    def readinto(self, b):
        size = self.sizes[self.k % len(self.sizes)]
        self.k += 1
        chunk, self.data = self.data[:size], self.data[size:]
        b[:len(chunk)] = chunk
        return len(chunk)


@settings(max_examples=examples(150), deadline=None)
@given(lines=st.lists(st.sampled_from(_CONTENT + _SKIPPED), max_size=25),
       ends=st.lists(st.sampled_from(["\n", "\r\n", "\r"]), min_size=1, max_size=3),
       bom=st.booleans(), sizes=st.lists(st.integers(1, 90), max_size=5), chunk=st.integers(1, 9))
def test_one_entry_per_line_with_cells(lines, ends, bom, sizes, chunk):
    lines = [TOP1] + lines
    text = "".join(line + ends[k % len(ends)] for k, line in enumerate(lines))
    # a line's number counts the line ends before it, as they read ("\r" + "" + "\n" is one)
    starts = list(itertools.accumulate(len(line + ends[k % len(ends)]) for k, line in enumerate(lines)))
    number = [1 + len(re.findall(r"\r\n|\r|\n", text[:start])) for start in [0] + starts[:-1]]
    data = (("\ufeff" if bom else "") + text).encode()
    content = [line for line in lines if line in _CONTENT]
    errors = []
    arr = np.concatenate(list(iter_puzzles(io.BufferedReader(_Dribble(data, sizes), buffer_size=8),
                                           chunk_size=chunk, errors=errors)))
    assert arr.shape == (len(content), 81)
    bad = [k for k, line in enumerate(content) if line not in (TOP1, TOP1 + " \t", " ".join(TOP1),
                                                                TOP1.replace(".", "0"))]
    assert [i for i, _ in errors] == bad
    assert (arr[[k for k in range(len(content)) if k not in bad]] == cells_of(TOP1)).all()
    assert not arr[bad].any()
    line_numbers = [number[k] for k, line in enumerate(lines) if line in _CONTENT]
    assert [int(re.search(r"line (\d+)", m).group(1)) for _, m in errors] == [line_numbers[k] for k in bad]
    errors2 = []
    assert np.array_equal(read_puzzles(io.StringIO(text, newline=""), errors=errors2), arr) and errors2 == errors


def test_a_typo_in_the_first_small_puzzles_does_not_make_them_grids():
    """One letter among sixteen 4x4 puzzles is one bad puzzle, not a 16x16 grid."""
    lines = load("sudoku4")["lines"][:20]
    for k in (0, 1, 5):
        bad = list(lines)
        bad[k] = "G" + bad[k][1:]
        errors = []
        arr = read_puzzles(io.StringIO("\n".join(bad) + "\n"), errors=errors)
        assert arr.shape == (20, 16) and [i for i, _ in errors] == [k] and "'G'" in errors[0][1]


def test_a_one_line_puzzle_inside_a_grid_file():
    rows = _grid_rows(TOP1)
    text = "\n".join(rows[:4] + [TOP1] + rows) + "\n"
    errors = []
    arr = read_puzzles(io.StringIO(text), errors=errors)
    assert arr.shape == (3, 81) and [i for i, _ in errors] == [0] and "4 rows" in errors[0][1]
    assert (arr[1:] == cells_of(TOP1)).all()


@pytest.mark.parametrize("chunk_size", [1, 2, 100])
def test_chunks_before_the_size_is_known_have_the_width_of_the_file(tmp_path, chunk_size):
    """Bad entries before the first readable puzzle once came out in a chunk of 81
    columns, and the 4x4 puzzles after them in chunks of 16 (found by the fuzz suite)."""
    path = tmp_path / "mixed.txt"
    path.write_bytes(b"\xb9_24__3_1_4__2_\r\n\r\n431221_4_42_ \r\n__13\t\r\n"
                     + "\u2502__1__2__3_24_4__ \r\n3_1__14_4__ \r\n12..............\r\n".encode())
    errors: list = []
    chunks = list(iter_puzzles(path, chunk_size=chunk_size, errors=errors))
    assert {c.shape[1] for c in chunks} == {16}
    assert [len(c) for c in chunks[:-1]] == [chunk_size] * (len(chunks) - 1)
    whole_errors: list = []
    whole = read_puzzles(path, errors=whole_errors)
    assert np.array_equal(np.concatenate(chunks), whole) and errors == whole_errors
    assert [i for i, _ in errors] == [0, 1, 2, 4] and whole.shape == (6, 16)
    assert whole[3, 2] == 1 and whole[5, 0] == 1
