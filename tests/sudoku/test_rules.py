"""The rules (dlxnumba.sudoku.rules): breaks_rules, the messages of conflicts, and
the verifier is_solution, against the rules as ``reference.py`` writes them."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference as ref
from dlxnumba import Sudoku, SudokuError, geometry, is_solution
from dlxnumba.sudoku.rules import breaks_rules, conflicts
from known import TOP1, TOP1_SOLUTION, empty, solved_grid, verified
from reference import sudoku_ok
from strategies import examples

SHAPES = [(4, (2, 2)), (6, (2, 3)), (6, (3, 2)), (8, (4, 2)), (9, (3, 3))]


def test_verifier_agrees_with_is_solution():
    sol = Sudoku(TOP1_SOLUTION)
    assert verified(sol, TOP1) and is_solution(sol, TOP1)
    g = sol.grid.copy()
    g[0, 0], g[0, 1] = g[0, 1], g[0, 0]
    assert not sudoku_ok(g, None, 9, (3, 3))
    assert not is_solution(g)


def test_column_clash_message():
    g = empty(9)
    g[1, 0] = g[8, 0] = 7
    with pytest.raises(SudokuError, match=r"column 1.*r2c1.*r9c1"):
        Sudoku(g)


@settings(max_examples=examples(100), deadline=None)
@given(st.sampled_from(SHAPES), st.integers(0, 2 ** 32 - 1), st.sampled_from(["keep", "relabel", "swap", "blank"]))
def test_is_solution_agrees_with_the_oracle(shape, seed, change):
    """A solved grid, changed or not (relabelled digits: still a solution, but not
    of the puzzle; two cells swapped; a cell blanked), against sudoku_ok."""
    n, box = shape
    rng = np.random.default_rng(seed)
    cells = solved_grid(n, box, rng)
    puzzle = np.where(rng.random(n * n) < 0.3, cells, 0).astype(np.uint8)
    a, b = rng.integers(n * n, size=2)
    if change == "relabel":
        cells = (rng.permutation(n) + 1).astype(np.uint8)[cells - 1]
    elif change == "swap":
        cells[a], cells[b] = cells[b], cells[a]
    elif change == "blank":
        cells[a] = 0
    assert is_solution(cells, box=box) == sudoku_ok(cells.tolist(), None, n, box)
    assert is_solution(cells, puzzle, box=box) == sudoku_ok(cells.tolist(), puzzle.tolist(), n, box)
    if change != "swap":  # (a swap may break a rule, which Sudoku refuses)
        grid = Sudoku(cells.reshape(n, n), box=box)  # the box comes with the grid
        assert is_solution(grid, puzzle) == is_solution(cells, puzzle, box=box)


@settings(max_examples=examples(100), deadline=None)
@given(st.sampled_from(SHAPES), st.integers(0, 2 ** 32 - 1), st.data())
def test_conflicts_name_every_broken_rule(shape, seed, data):
    n, box = shape
    g = geometry(n, box)
    rng = np.random.default_rng(seed)
    cells = solved_grid(n, box, rng)
    cells[rng.random(n * n) < data.draw(st.floats(0.3, 1.0))] = 0
    for _ in range(data.draw(st.integers(0, 2))):
        cells[data.draw(st.integers(0, n * n - 1))] = data.draw(st.integers(1, n))
    broken = ref.sudoku_first_clash(cells.tolist(), n, box) >= 0
    assert breaks_rules(cells, g) == broken
    problems = conflicts(cells, g)
    assert bool(problems) == broken
    # one message per digit repeated in a region
    units = ref.sudoku_units(n, box)
    want = sum(1 for unit in units for d in range(1, n + 1) if sum(cells[k] == d for k in unit) > 1)
    assert len(problems) == want
    if broken:
        with pytest.raises(SudokuError, match="break the rules"):
            Sudoku(cells.reshape(n, n), box=box)
