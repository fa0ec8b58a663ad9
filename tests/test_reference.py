"""The oracles of ``reference.py``, checked against published figures and by
hand before the other tests trust them."""

import numpy as np
import pytest

import reference as ref
from dlxnumba import Sudoku
from known import KNUTH_NUMBERED, cells_of, empty, queens_options
from reference import sudoku_ok

# ---------------------------------------------------------------------------
# Exact cover
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("chosen, ok", [
    ([0, 3, 4], True),
    ((4, 0, 3), True),  # any order, any iterable
    ([np.int64(0), 3, 4], True),
    ([0, 3], False),  # B uncovered
    ([0, 3, 4, 4], False),  # an option twice
    ([0, 1, 2], False),  # C and F covered twice
    ([2, 3, 5], False),  # D twice
    ([0, 3, 4, 6], False),  # no option 6
    ([0, 3, 4, -1], False),
    ([0, 3, True], False),  # a bool is not an option index
    ([0, 3, 4.0], False),
    ([], False),
])
def test_verifier_on_knuth_example(chosen, ok):
    assert ref.is_exact_cover(KNUTH_NUMBERED, 5, 7, chosen) is ok


def test_verifier_secondary_items_at_most_once():
    options = [[0, 1], [0], [1], [1]]  # item 0 primary, item 1 secondary
    assert ref.is_exact_cover(options, 1, 2, [1])
    assert ref.is_exact_cover(options, 1, 2, [1, 2])  # secondary-only option: a cover ...
    assert not ref.is_dlx_solution(options, 1, 2, [1, 2])  # ... that Algorithm X never picks
    assert not ref.is_exact_cover(options, 1, 2, [0, 2])  # secondary item twice
    assert not ref.is_exact_cover(options, 1, 2, [1, 2, 3])


def test_oracles_agree_on_queens():
    options, n1, n = queens_options(5)
    sols = ref.solutions_by_backtracking(options, n1, n)
    assert len(sols) == 10  # the published count for 5 queens
    assert {frozenset(s) for s in ref.dlx1_trace(options, n1, n)["solutions"]} == sols
    assert all(ref.is_dlx_solution(options, n1, n, s) for s in sols)


def test_set_based_trace_reproduces_the_published_figures():
    """The trace oracle itself agrees with golden.md before we trust it elsewhere."""
    t = ref.dlx1_trace(KNUTH_NUMBERED, 5, 7, stop_at=0)
    assert (len(t["solutions"]), t["nodes"], t["updates"]) == (1, 6, 30)


# ---------------------------------------------------------------------------
# Sudoku
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


@pytest.mark.parametrize("cells, first", [
    ([0] * 16, -1),
    (cells_of("1234341221434321"), -1),  # a solution
    (cells_of("12.1" + "." * 12), 3),  # 1 twice in row 1: the second one clashes
    (cells_of("1..." + "1..." + "." * 8), 4),  # column 1
    (cells_of("1..." + ".1.." + "." * 8), 5),  # box 1
    (cells_of("...." * 3 + "...5"), 15),  # a digit larger than 4
    (cells_of("5..1" + "1..." + "." * 8), 0),  # the first offence wins
], ids=["empty", "solved", "row", "column", "box", "too-large", "first-wins"])
def test_first_clash_by_hand(cells, first):
    assert ref.sudoku_first_clash(cells, 4, (2, 2)) == first
    assert ref.sudoku_first_clash(np.array(cells).reshape(4, 4), 4, (2, 2)) == first
