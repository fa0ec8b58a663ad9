"""dlxnumba: exact cover with Knuth's dancing links, compiled with numba.

The engine (:class:`ExactCover`) solves any exact-cover problem with primary
and secondary items; front ends (Sudoku, N queens, Langford pairs,
pentominoes) encode puzzles into it.

The public names are imported on first use, so that ``import dlxnumba`` (and
``dlxnumba --help``) does not pay for importing numba until it is needed.
"""

import importlib

__version__ = "0.1.0"

# public name -> submodule that defines it
_WHERE = {
    "ExactCover": "problem",
    "Search": "search",
    "Stats": "search",
    "BatchResult": "batch",
    "run_batch": "batch",
    "ExactCoverError": "errors",
    "LimitReached": "errors",
    "DLXFormatError": "errors",
    "SudokuError": "errors",
    "EncodingError": "errors",
    "InputError": "errors",
    "Status": "sudoku",
    "Sudoku": "sudoku",
    "default_box": "sudoku",
    "Geometry": "sudoku",
    "geometry": "sudoku",
    "is_solution": "sudoku",
    "iter_puzzles": "sudoku",
    "read_puzzles": "sudoku",
    "solve_many": "sudoku",
    "SudokuBatchResult": "sudoku",
    "sudoku_problem": "sudoku",
    "queens": "encodings",
    "queens_columns": "encodings",
    "langford": "encodings",
    "langford_sequence": "encodings",
    "pentominoes": "encodings",
    "pentomino_grid": "encodings",
    "pentomino_picture": "encodings",
    "warm_up": "warmup",
}

__all__ = [*_WHERE, "__version__"]


def __getattr__(name):
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'dlxnumba' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__))
