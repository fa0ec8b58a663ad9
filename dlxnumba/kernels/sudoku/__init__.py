"""Sudoku's kernels: links from a grid and the Sudoku job type of the lanes,
the logical grader, the generator.

They use the generic engine (:mod:`dlxnumba.kernels.core`); nothing there
imports them.
"""
