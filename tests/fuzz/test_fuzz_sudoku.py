"""Fuzz the Sudoku front end: Sudoku(...), its solving methods, solve_many, helpers.

What each case must give, and the oracles that judge it: fuzz_core.py and
fuzz_sudoku.py; the cases: fuzz_strategies.py.
"""

from fuzz_targets import fuzz_test

test_sudoku_init = fuzz_test("sudoku_init")
test_sudoku_solve = fuzz_test("sudoku_solve")
test_solve_many = fuzz_test("solve_many")
test_sudoku_helpers = fuzz_test("sudoku_helpers")
