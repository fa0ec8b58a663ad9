"""dlxnumba: exact cover with Knuth's dancing links, compiled with numba.

The engine (:class:`ExactCover`) solves any exact-cover problem with primary
and secondary items; front ends (Sudoku, N queens, Langford pairs,
pentominoes) encode puzzles into it.

The public names are imported on first use, so that ``import dlxnumba`` (and
``dlxnumba --help``) does not pay for importing numba until it is needed.
"""

import importlib

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (mypy and pyright know the name)

__version__ = "0.1.0"

# public name -> submodule that defines it
_WHERE = {
    "ExactCover": "exact_cover",
    "Search": "search",
    "Best": "costs",
    "Reduction": "reduce",
    "Zdd": "zdd",
    "SearchOptions": "search_options",
    "Stats": "stats",
    "Status": "stats",
    "last_stats": "stats",
    "Progress": "progress",
    "BatchResult": "batch",
    "run_batch": "batch",
    "DlxnumbaError": "errors",
    "ExactCoverError": "errors",
    "LimitReached": "errors",
    "DLXFormatError": "errors",
    "SudokuError": "errors",
    "EncodingError": "errors",
    "InputError": "errors",
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
    "generate": "sudoku",
    "generate_many": "sudoku",
    "grade": "sudoku",
    "grade_many": "sudoku",
    "Grade": "sudoku",
    "GradeBatch": "sudoku",
    "Variant": "sudoku",
    "Constraints": "sudoku",
    "Gattai": "sudoku",
    "puzzle_sets": "sets",
    "load_puzzles": "sets",
    "puzzle_path": "sets",
    "queens": "encodings",
    "queens_columns": "encodings",
    "langford": "encodings",
    "langford_sequence": "encodings",
    "pentominoes": "encodings",
    "pentomino_grid": "encodings",
    "pentomino_picture": "encodings",
    "word_rectangles": "encodings",
    "word_rectangle": "encodings",
    "warm_up": "warmup",
    "Split": "parallel.split",
}

__all__ = [*_WHERE, "__version__"]

if TYPE_CHECKING:
    # What type checkers (mypy, pyright) see: the same names, imported from the
    # modules _WHERE gives (a test keeps the two lists equal).  ``X as X`` marks a
    # re-export.  At run time nothing here is imported: __getattr__ does it on first use.
    from .batch import BatchResult as BatchResult, run_batch as run_batch
    from .encodings import (langford as langford, langford_sequence as langford_sequence,
                            pentomino_grid as pentomino_grid, pentomino_picture as pentomino_picture,
                            pentominoes as pentominoes, queens as queens, queens_columns as queens_columns,
                            word_rectangle as word_rectangle, word_rectangles as word_rectangles)
    from .errors import (DLXFormatError as DLXFormatError, DlxnumbaError as DlxnumbaError,
                         EncodingError as EncodingError,
                         ExactCoverError as ExactCoverError, InputError as InputError,
                         LimitReached as LimitReached, SudokuError as SudokuError)
    from .exact_cover import ExactCover as ExactCover
    from .progress import Progress as Progress
    from .costs import Best as Best
    from .reduce import Reduction as Reduction
    from .zdd import Zdd as Zdd
    from .search import Search as Search
    from .search_options import SearchOptions as SearchOptions
    from .stats import Stats as Stats, Status as Status, last_stats as last_stats
    from .sets import load_puzzles as load_puzzles, puzzle_path as puzzle_path, puzzle_sets as puzzle_sets
    from .sudoku import (Sudoku as Sudoku, default_box as default_box,
                         is_solution as is_solution, iter_puzzles as iter_puzzles, read_puzzles as read_puzzles,
                         solve_many as solve_many, sudoku_problem as sudoku_problem,
                         SudokuBatchResult as SudokuBatchResult)
    from .warmup import warm_up as warm_up
    from .parallel.split import Split as Split
    # from its own module: mypy would take dlxnumba.sudoku.geometry for the submodule
    from .sudoku.geometry import Geometry as Geometry, geometry as geometry
    from .sudoku.generating import generate as generate, generate_many as generate_many
    from .sudoku.grading import Grade as Grade, GradeBatch as GradeBatch, grade as grade, grade_many as grade_many
    from .sudoku.variants import Variant as Variant
    from .sudoku.constraints import Constraints as Constraints
    from .sudoku.gattai import Gattai as Gattai
else:  # hidden from type checkers, so that a misspelt name is an error there

    def __getattr__(name: str):
        module = _WHERE.get(name)
        if module is None:
            raise AttributeError(f"module 'dlxnumba' has no attribute {name!r}")
        value = getattr(importlib.import_module(f".{module}", __name__), name)
        globals()[name] = value
        return value

    def __dir__():
        return sorted(set(globals()) | set(__all__))
