"""dlxnumba: exact cover with Knuth's dancing links, compiled with numba.

The engine (:class:`ExactCover`) solves any exact-cover problem with primary
and secondary items; front ends encode puzzles into it.
"""

from .problem import ExactCover, ExactCoverError, LimitReached, Stats
from .dlxformat import DLXFormatError
from .encodings import (EncodingError, langford, langford_sequence, pentomino_grid,
                        pentomino_picture, pentominoes, queens, queens_columns)
from .sudoku import (Status, Sudoku, SudokuError, default_box, is_solution, iter_puzzles,
                     read_puzzles, solve_many, sudoku_problem)

__version__ = "0.1.0"

__all__ = [
    "ExactCover",
    "ExactCoverError",
    "DLXFormatError",
    "LimitReached",
    "Stats",
    "Status",
    "Sudoku",
    "SudokuError",
    "default_box",
    "is_solution",
    "iter_puzzles",
    "read_puzzles",
    "solve_many",
    "sudoku_problem",
    "EncodingError",
    "queens",
    "queens_columns",
    "langford",
    "langford_sequence",
    "pentominoes",
    "pentomino_grid",
    "pentomino_picture",
    "__version__",
]
