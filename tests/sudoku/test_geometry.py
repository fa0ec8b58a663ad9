"""The Geometry table of a grid shape (dlxnumba.sudoku.geometry): regions and the
regions of each cell, against the units ``reference.py`` writes out from the
rules; box shapes."""

import pickle
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference as ref
from dlxnumba import Geometry, Sudoku, SudokuError, default_box, geometry, solve_many
from strategies import examples

SHAPES = [(4, (2, 2)), (6, (2, 3)), (6, (3, 2)), (8, (2, 4)), (8, (4, 2)), (9, (3, 3)), (10, (2, 5)),
          (10, (5, 2)), (12, (3, 4)), (12, (4, 3)), (12, (2, 6)), (16, (4, 4)), (25, (5, 5))]
SHAPE_IDS = [f"{n}x{n}-{r}x{c}" for n, (r, c) in SHAPES]


@pytest.mark.parametrize("n, box", SHAPES, ids=SHAPE_IDS)
def test_regions_are_the_rows_columns_and_boxes(n, box):
    """Rows, then columns, then boxes (row-major), each listing its cells in row-major order."""
    g = geometry(n, box)
    assert isinstance(g, Geometry) and (g.n, g.box, g.cells) == (n, box, n * n)
    assert g.regions.shape == (3 * n, n) and g.regions.dtype == np.int32
    assert g.regions.tolist() == ref.sudoku_units(n, box)
    assert list(g.region_names) == ([f"row {k}" for k in range(1, n + 1)]
                                    + [f"column {k}" for k in range(1, n + 1)]
                                    + [f"box {k}" for k in range(1, n + 1)])


@pytest.mark.parametrize("n, box", SHAPES, ids=SHAPE_IDS)
def test_regions_and_cell_regions_are_inverse_tables(n, box):
    """Each region has n distinct cells; each cell is in exactly one row, one
    column and one box region, and cell_regions names those three."""
    g = geometry(n, box)
    assert g.cell_regions.shape == (n * n, 3) and g.cell_regions.dtype == np.int32
    where = {cell: [] for cell in range(n * n)}
    for u, cells in enumerate(g.regions.tolist()):
        assert len(set(cells)) == n and all(0 <= cell < n * n for cell in cells)
        for cell in cells:
            where[cell].append(u)
    for cell, regions in where.items():
        row, column, box_ = regions  # exactly three, in increasing order
        assert row < n <= column < 2 * n <= box_ < 3 * n
        assert g.cell_regions[cell].tolist() == regions
        assert [g.region_names[u].split()[0] for u in regions] == ["row", "column", "box"]
    assert g.flat_cell_regions.tolist() == g.cell_regions.reshape(-1).tolist()


@pytest.mark.parametrize("n, box", SHAPES, ids=SHAPE_IDS)
def test_box_borders(n, box):
    """box_top and box_left mark the rows and the columns where a box starts."""
    g = geometry(n, box)
    boxes = ref.sudoku_units(n, box)[2 * n:]
    assert set(np.flatnonzero(g.box_top).tolist()) == {min(b) // n for b in boxes}
    assert set(np.flatnonzero(g.box_left).tolist()) == {min(b) % n for b in boxes}


def test_cell_names():
    g = geometry(9)
    assert [g.cell_name(c) for c in (0, 8, 9, 80)] == ["r1c1", "r1c9", "r2c1", "r9c9"]
    assert geometry(12, (3, 4)).cell_name(143) == "r12c12"


def test_one_table_per_shape():
    """geometry() is cached: one object per shape, which pickles to itself."""
    assert geometry(9) is geometry(9, (3, 3)) is geometry(9, [3, 3])
    assert geometry(6) is geometry(6, (2, 3)) is not geometry(6, (3, 2))
    for n, box in SHAPES:
        assert pickle.loads(pickle.dumps(geometry(n, box))) is geometry(n, box)
    assert Sudoku("." * 36, box=(3, 2)).geometry is geometry(6, (3, 2))


def test_tables_are_read_only():
    g = geometry(6)
    for name in ("regions", "cell_regions", "flat_cell_regions", "box_top", "box_left"):
        a = getattr(g, name)
        assert not a.flags.writeable, name
        with pytest.raises(ValueError):
            a.flat[0] = a.flat[1]
    with pytest.raises(AttributeError):
        g.n = 7


def test_tables_cannot_be_made_writable():
    g = geometry(9)
    made = []
    try:
        for name in ("regions", "cell_regions", "flat_cell_regions", "box_top", "box_left"):
            a = getattr(g, name)
            try:
                a.flags.writeable = True
            except ValueError:
                continue
            made.append(name)
        assert made == []
    finally:  # the table is shared by the whole process: leave it as it was
        for name in made:
            getattr(g, name).flags.writeable = False


def test_default_box():
    assert [default_box(n) for n in (4, 6, 8, 9, 10, 12, 16, 25, 36)] == [
        (2, 2), (2, 3), (2, 4), (3, 3), (2, 5), (3, 4), (4, 4), (5, 5), (6, 6)]
    for n in (5, 7, 11):
        with pytest.raises(SudokuError, match=f"{n}x{n}"):
            default_box(n)


def test_bad_box():
    with pytest.raises(SudokuError, match=r"2x2.*9x9"):
        Sudoku("." * 81, box=(2, 2))
    with pytest.raises(SudokuError, match=r"box '3x3x3' is not ROWSxCOLUMNS"):
        Sudoku("." * 81, box="3x3x3")  # "3x3" is a box (as --box 3x3): test_a_box_as_text_...
    with pytest.raises(SudokuError, match=r"5x5"):
        Sudoku("." * 25)  # no box shape by default
    with pytest.raises(SudokuError, match=r"box"):
        solve_many(["." * 81], box=(2, 2), threads=1)
    assert issubclass(SudokuError, ValueError)


# A box as text, as --box takes it (issue 20, finding 11: Sudoku(..., box="2x3") was
# refused though the command line takes --box 2x3)

BOX_TEXTS = {"2x3": (2, 3), "3x2": (3, 2), "2 x 3": (2, 3), " 2X3 ": (2, 3), "2×3": (2, 3), "2,3": (2, 3)}


def _entry_points():
    """Every public function that takes box=, called with ``box`` on a 6x6 grid: what it made of it."""
    from dlxnumba import generate, generate_many, grade, grade_many, is_solution, sudoku_problem
    from dlxnumba.sudoku.solve import memory
    from dlxnumba.sudoku.variants import Variant

    puzzle = "1" + "." * 35
    return {
        "Sudoku": lambda box: Sudoku(puzzle, box=box).box,
        "Sudoku variant": lambda box: Sudoku(puzzle, box=box, variant="x").box,
        "Sudoku.killer": lambda box: Sudoku.killer("." * 36, [(21, list(range(6)))], box=box).box,
        "solve_many": lambda box: solve_many([puzzle], box=box, threads=1).box,
        "solve_many unreadable": lambda box: solve_many(["?"], box=box, threads=1).n,
        "grade": lambda box: grade(Sudoku(puzzle, box=box).solve(), box=box, samples=0) and Sudoku(puzzle, box=box).box,
        "grade_many": lambda box: grade_many([puzzle], box=box, samples=0, threads=1) and Sudoku(puzzle, box=box).box,
        "generate": lambda box: generate(box, seed=1).box,
        "generate_many": lambda box: generate_many(2, box=box, seed=1, threads=1)[1].box,
        "geometry": lambda box: geometry(6, box).box,
        "Variant.geometry": lambda box: Variant.parse("x").geometry(6, box).box,
        "sudoku_problem": lambda box: sudoku_problem(6, box)[0] == sudoku_problem(6, BOX_PAIR[box])[0] and BOX_PAIR[box],
        "memory": lambda box: memory(6, box) == memory(6, BOX_PAIR[box]) and BOX_PAIR[box],
        "is_solution": lambda box: is_solution(Sudoku(puzzle, box=box).solve().grid, box=box) and BOX_PAIR[box],
    }


BOX_PAIR = {**BOX_TEXTS, **{pair: pair for pair in BOX_TEXTS.values()}}
ENTRY_POINTS = list(_entry_points())


@pytest.mark.parametrize("text", ["2x3", "3x2", " 2X3 "])
@pytest.mark.parametrize("where", ENTRY_POINTS)
def test_a_box_as_text_is_the_pair_everywhere(where, text):
    call = _entry_points()[where]
    if where == "solve_many unreadable":
        assert call(text) == 6  # the box tells the side when no puzzle does
        return
    assert call(text) == BOX_TEXTS[text] == call(BOX_TEXTS[text])


@pytest.mark.parametrize("text", ["2by3", "2x3x1", "x3", "2x", "", "+2x3", "2.0x3", "٢x3", "2 3"])
@pytest.mark.parametrize("where", ["Sudoku", "solve_many", "generate", "geometry", "grade_many"])
def test_a_box_text_that_is_not_rows_x_columns_is_refused_naming_it(where, text):
    with pytest.raises(SudokuError, match=rf"box {re.escape(repr(text))} is not ROWSxCOLUMNS"):
        _entry_points()[where](text)


@pytest.mark.parametrize("text", ["3x3", "2x4", "1x5"])
def test_a_box_text_that_does_not_fit_says_so(text):
    with pytest.raises(SudokuError, match=rf"box {text} does not fit a 6x6 grid"):
        Sudoku("1" + "." * 35, box=text)


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(1, 12), st.integers(1, 12), st.sampled_from(["x", "X", "×", ","]),
       st.text(" ", max_size=2), st.text(" ", max_size=2))
def test_the_api_reads_a_box_text_as_the_command_line_does(r, c, sep, before, after):
    """One reader of ``RxC`` (the command line's --box and box= in the API): any such
    text is the pair, in both, and names a grid of side r * c."""
    from dlxnumba.cli.common import box_argument  # private: the argparse type of --box, the command line's reader

    text = f"{before}{r}{before}{sep}{after}{c}{after}"
    assert box_argument(text) == (r, c)
    if r * c >= 4:
        assert geometry(r * c, text).box == (r, c)


@pytest.mark.parametrize("n", [9.0, "9", [9], -4, 0, True, None])
def test_the_side_must_be_a_positive_integer(n):
    """geometry(9.0) and sudoku_problem(9.0) gave a bare TypeError, default_box(-4) a ValueError."""
    from dlxnumba import sudoku_problem

    for call in (geometry, default_box, sudoku_problem):
        with pytest.raises(SudokuError, match="the side of a grid must be a positive integer"):
            call(n)
    assert default_box(np.int64(6)) == (2, 3)
