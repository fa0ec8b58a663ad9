"""Overlapping grids (dlxnumba.sudoku.gattai): text, errors, solving against a brute-force
oracle on 4x4 grids, the generator, pictures.  Samurai answers are checked by
``Gattai.is_solution`` and by ``reference.gattai_ok`` (independent of the package)."""

import pickle
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dlxnumba import ExactCover, Gattai, LimitReached, Sudoku, SudokuError
from dlxnumba.sudoku.gattai import LAYOUTS, layout_offsets
from reference import gattai_ok, gattai_solutions_brute, gattai_units

SAMURAI_FILE = Path(__file__).resolve().parents[2] / "puzzles" / "gattai" / "samurai.txt"


def samurai_texts() -> list[str]:
    return [b for b in SAMURAI_FILE.read_text().split("\n\n") if b.strip()]


def rows(g: Gattai) -> list[list[int]]:
    """The canvas as lists of ints (0 outside), for the oracles."""
    return np.asarray(g.cells.filled(0)).astype(int).tolist()


def oracle_ok(solution: Gattai, puzzle: Gattai) -> bool:
    return gattai_ok(rows(solution), rows(puzzle), puzzle.n, puzzle.box, puzzle.offsets)


def independent_count(g: Gattai, limit: int) -> int:
    """The count of ``g`` through an exact-cover problem built here from the oracle's units
    (not the module's encoding): cell items, one item per (unit, digit), shared units once."""
    height, width, units = gattai_units(g.n, g.box, g.offsets)
    distinct = sorted({tuple(sorted(u)) for u in units})
    inside = sorted({c for u in units for c in u})
    puzzle = rows(g)
    options = []
    for i, j in inside:
        for d in ([puzzle[i][j]] if puzzle[i][j] else range(1, g.n + 1)):
            options.append([f"p{i},{j}"] + [f"u{k}:{d}" for k, u in enumerate(distinct) if (i, j) in u])
    return ExactCover.from_options(options).count(limit)


# ---------------------------------------------------------------------------
# Text, layouts, views
# ---------------------------------------------------------------------------


def test_samurai_file_round_trips_and_its_puzzles_are_unique():
    for text in samurai_texts():
        g = Gattai.samurai(text)
        assert g.layout == "samurai" and g.shape == (21, 21) and g.offsets == layout_offsets("samurai")
        assert g.text() == text.rstrip("\n") and str(g) == g.text()
        assert Gattai.samurai(g.text()) == g and Sudoku.samurai(text) == g
        assert eval(repr(g)) == g  # noqa: S307  (repr reads back)
        assert pickle.loads(pickle.dumps(g)) == g and hash(pickle.loads(pickle.dumps(g))) == hash(g)
        assert g.is_unique() and independent_count(g, 2) == 1


def test_stripped_lines_and_blank_margins_are_read():
    text = samurai_texts()[0]
    stripped = "\n\n" + "\n".join(line.rstrip() for line in text.splitlines()) + "\n\n"
    assert any(len(line) < 21 for line in stripped.splitlines() if line)
    assert Gattai.samurai(stripped) == Gattai.samurai(text)
    assert Gattai.samurai(text.replace(".", "0")) == Gattai.samurai(text)


def test_views():
    g = Gattai.samurai(samurai_texts()[0])
    grids = g.grids()
    assert len(grids) == 5 and all(a.shape == (9, 9) for a in grids)
    assert np.array_equal(grids[0][6:, 6:], grids[2][:3, :3])  # the shared box, seen from both grids
    cells = g.cells
    assert cells.shape == (21, 21) and cells.mask[0, 9] and not cells.mask[0, 8]
    assert int(g.mask.sum()) == 5 * 81 - 4 * 9 and np.array_equal(g.givens, cells.filled(0) > 0)
    with pytest.raises(AttributeError):
        g.layout = "twodoku"


def test_layouts():
    assert layout_offsets("twodoku") == ((0, 0), (6, 6))
    assert layout_offsets("butterfly") == ((0, 0), (0, 3), (3, 0), (3, 3))
    assert set(LAYOUTS) == {"samurai", "twodoku", "butterfly"}
    g = Gattai(np.zeros((6, 6), int), [(0, 0), (2, 2)], n=4)
    assert g.layout == "twodoku" and repr(g).endswith("'twodoku', n=4)")
    h = Gattai(np.zeros((4, 8), int), [(0, 0), (0, 4)], n=4)  # side by side, no overlap
    assert h.layout is None and h.count(7) == 7 and eval(repr(h)) == h  # noqa: S307
    six = Gattai(np.zeros((8, 9), int), [(0, 0), (2, 3)], n=6)  # 2x3 boxes overlap in one box
    assert six.box == (2, 3) and six.solve().is_solution()


# ---------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("edit, words", [
    (lambda ls: ls[:20], ["21 lines", "20 lines"]),
    (lambda ls: ls + ["....."], ["22 lines"]),
    (lambda ls: ls[:3] + [ls[3] + "."] + ls[4:], ["line 4", "22 characters"]),
    (lambda ls: ls[:2] + [ls[2][:4] + "x" + ls[2][5:]] + ls[3:], ["line 3, column 5", "r3c5", "'x'"]),
    (lambda ls: [ls[0][:10] + "5" + ls[0][11:]] + ls[1:], ["line 1, column 11", "outside every grid"]),
    (lambda ls: ls[:5] + [ls[5][:2] + " " + ls[5][3:]] + ls[6:], ["line 6, column 3", "a space inside a grid"]),
    (lambda ls: ls[:9] + [ls[9][:12]] + ls[10:], ["line 10", "12 characters", "r10c13"]),
])
def test_bad_text_names_line_and_column(edit, words):
    lines = samurai_texts()[0].splitlines()
    with pytest.raises(SudokuError) as info:
        Gattai.samurai("\n".join(edit(lines)))
    assert all(w in str(info.value) for w in words), str(info.value)


def test_clashing_givens_are_named():
    g = Gattai.generate("twodoku", seed=4)
    canvas = np.asarray(g.cells.filled(0)).copy()
    canvas[:] = 0
    canvas[6, 6] = canvas[6, 9] = 5  # the shared box's corner and grid 2's first row
    with pytest.raises(SudokuError, match=r"5 appears 2 times in row 1 of grid 2: r7c7, r7c10"):
        Gattai(canvas, "twodoku")
    canvas[:] = 0
    canvas[8, 8] = canvas[7, 7] = 3  # twice in the shared box: one region of both grids
    with pytest.raises(SudokuError, match=r"3 appears 2 times in box 9 of grid 1 = box 1 of grid 2: r8c8, r9c9"):
        Gattai(canvas, "twodoku")


@pytest.mark.parametrize("offsets, words", [
    ([(0, 0), (4, 4)], ["overlap across their boxes", "(0, 0)", "(4, 4)"]),
    ([(0, 0), (0, 0)], ["both at (0, 0)"]),
    ([(1, 0), (7, 6)], ["top and the left"]),
    ([], ["at least one grid"]),
    ([(0, -3)], ["grid 1", "(0, -3)"]),
    ("samurai5", ["unknown layout", "samurai"]),
])
def test_bad_layouts_are_refused(offsets, words):
    with pytest.raises(SudokuError) as info:
        Gattai("", offsets)
    assert all(w in str(info.value) for w in words), str(info.value)


def test_bad_arrays_and_options():
    with pytest.raises(SudokuError, match="shape"):
        Gattai(np.zeros((5, 5), int), "twodoku", n=4)
    bad = np.zeros((6, 6), int)
    bad[0, 5] = 1
    with pytest.raises(SudokuError, match="r1c6 is outside every grid"):
        Gattai(bad, "twodoku", n=4)
    g = Gattai(np.zeros((6, 6), int), "twodoku", n=4)
    with pytest.raises(SudokuError, match="stop_at"):
        g.count(stop_at=3)
    with pytest.raises(LimitReached):
        g.count(max_nodes=5)
    with pytest.raises(SudokuError, match="clues"):
        Gattai.generate("twodoku", n=4, minimal=False)


# ---------------------------------------------------------------------------
# Solving, against the oracles
# ---------------------------------------------------------------------------


def test_samurai_solve_count_unique():
    g = Gattai.samurai(samurai_texts()[1])
    s = g.solve()
    assert s.is_solution() and g.is_solution(s) and oracle_ok(s, g) and not g.is_solution()
    assert s.is_complete() and not g.is_complete() and s.givens.sum() == g.givens.sum()
    assert [t == s for t in g.solutions()] == [True]
    # a clue fewer: more solutions, each checked
    first = np.flatnonzero(np.asarray(g.cells.filled(0)).ravel())[0]
    canvas = np.asarray(g.cells.filled(0)).copy().ravel()
    canvas[first] = 0
    h = Gattai(canvas.reshape(21, 21), "samurai")
    found = list(h.solutions(5))
    assert len(found) == h.count(5) == independent_count(h, 5)
    assert all(h.is_solution(t) and oracle_ok(t, h) for t in found) and len(set(found)) == len(found)


@pytest.mark.parametrize("layout", ["twodoku", "butterfly", "samurai"])
@pytest.mark.parametrize("seed", [1, 2])
def test_4x4_counts_match_brute_force(layout, seed):
    rng = np.random.default_rng(seed)
    full = Gattai.generate(layout, n=4, seed=seed).solve()
    canvas = np.asarray(full.cells.filled(0))
    keep = rng.random(canvas.shape) < 0.25
    g = Gattai(np.where(keep, canvas, 0), layout, n=4)
    brute = gattai_solutions_brute(rows(g), 4, (2, 2), g.offsets, limit=200)
    assert g.count(200) == len(brute)
    assert {tuple(map(tuple, rows(s))) for s in g.solutions(200)} == set(brute)


def test_threads_count_as_the_serial_search():
    g = Gattai(np.zeros((6, 6), int), "twodoku", n=4)
    assert g.count(threads=2) == g.count() == 3456  # 288**2 / 4!: the shared box, any of its 24 fillings
    assert not g.is_unique(threads=2)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), keep=st.floats(0.0, 0.5))
def test_random_4x4_butterflies_count_as_the_oracle(seed, keep):
    rng = np.random.default_rng(seed)
    full = np.asarray(Gattai.generate("butterfly", n=4, seed=seed).solve().cells.filled(0))
    g = Gattai(np.where(rng.random(full.shape) < keep, full, 0), "butterfly", n=4)
    assert g.count(50) == len(gattai_solutions_brute(rows(g), 4, (2, 2), g.offsets, limit=50))


# ---------------------------------------------------------------------------
# The generator
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("layout", ["twodoku", "butterfly", "samurai"])
def test_generated_4x4_puzzles_are_unique_and_minimal(layout):
    g = Gattai.generate(layout, n=4, seed=11)
    assert len(gattai_solutions_brute(rows(g), 4, (2, 2), g.offsets, limit=2)) == 1
    canvas = np.asarray(g.cells.filled(0))
    for i, j in zip(*np.nonzero(canvas)):  # no clue can go
        fewer = canvas.copy()
        fewer[i, j] = 0
        assert len(gattai_solutions_brute(fewer.tolist(), 4, (2, 2), g.offsets, limit=2)) == 2


def test_generated_samurai_is_unique_reproducible_and_symmetric():
    g = Gattai.generate(seed=123, symmetric=True)
    assert g.layout == "samurai" and independent_count(g, 2) == 1
    assert g == Gattai.generate(seed=123, symmetric=True) != Gattai.generate(seed=124, symmetric=True)
    clues = g.givens
    assert np.array_equal(clues, clues[::-1, ::-1])
    s = g.solve()
    assert oracle_ok(s, g)
    loose = Gattai.generate("twodoku", seed=5, minimal=False, clues=60)
    assert int(loose.givens.sum()) <= 60 and independent_count(loose, 2) == 1
    rng = np.random.default_rng(9)
    a, b = Gattai.generate("twodoku", n=4, seed=rng), Gattai.generate("twodoku", n=4, seed=rng)
    assert a.is_unique() and b.is_unique()


# ---------------------------------------------------------------------------
# Pictures
# ---------------------------------------------------------------------------


def test_text_picture():
    g = Gattai.samurai(samurai_texts()[0])
    lines = g.boxed().splitlines()
    assert len(lines) == 21 + 8  # the digit rows and one rule above each band of boxes, and below
    assert lines[0] == "+-----+-----+-----+     +-----+-----+-----+"
    digits = [line for line in lines if "." in line or any(ch.isdigit() for ch in line)]
    assert [line.replace("|", "").replace(" ", "") for line in digits] == \
        [line.replace(" ", "") for line in g.text().splitlines()]
    assert lines[10].startswith("|") and lines[13].startswith("            |")  # the centre's own rows


def test_html_picture():
    g = Gattai.samurai(samurai_texts()[0])
    t = g._repr_html_()
    assert t.count("<tr>") == 21 and t.count("<td") == 21 * 21
    assert t.count('class="outside"') == 21 * 21 - int(g.mask.sum())
    assert t.count('class="given"') == int(g.givens.sum())
    outside = [td for td in t.split("<td")[1:] if 'class="outside"' in td]
    assert all("border:none" in td and "solid" not in td and "background:transparent" in td for td in outside)
    assert g.solve().to_html().count('class="filled"') == int(g.mask.sum() - g.givens.sum())
