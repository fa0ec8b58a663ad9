"""Sudoku on two engines, the bits and the links: any box shape, single puzzles and batches.

Vocabulary
----------
A grid of ``N x N`` *cells* is cut into *boxes* of ``r`` rows by ``c`` columns
(``N = r * c``); each cell holds a *digit* ``1..N`` (0 = empty).  The rows, the
columns and the boxes are the *regions*: each holds every digit once.  One
table, the :class:`Geometry` of a shape, lists the cells of every region and the
regions of every cell; everything else reads it.  Digits past 9 are written as
letters: ``A = 10``, ``B = 11``, ... ``Z = 35``, then ``a = 36`` ... ``z = 61``
(for grids up to 35 x 35 lower case is read as upper case).

Encoding (Knuth's ``sudoku-dlx`` order)
---------------------------------------
Items, all primary: the cell items ``p{r}{c}`` (row-major), then the row items
``r{r}{d}``, the column items ``c{c}{d}`` and the box items ``b{x}{d}``.  Options,
in (row, column, digit) order: option ``(row * N + col) * N + digit - 1`` places
``digit`` in cell ``(row, col)`` and lists its items as cell, row, column, box.
The givens are forced options.  So the links do exactly the work of DLX1 fed
by ``sudoku-dlx``, and ``count(stop_at=0, algorithm="links")`` reproduces its
node and update counts.

Two engines, one way in
-----------------------
Every way of solving -- :meth:`Sudoku.solve`, :meth:`Sudoku.count`,
:meth:`Sudoku.is_unique`, :meth:`Sudoku.solutions` and :func:`solve_many` --
takes ``algorithm="auto" | "bits" | "links"`` and the same options:

* the **bits** (:mod:`.bits`, kernels in :mod:`dlxnumba.sudoku.kernels.bits`): a
  bit-parallel Sudoku engine, the classic 9x9 as 27 words of candidates and
  any other grid (variants included, killers not) as a word per cell; the
  generator and the grader's counts run on it too;
* the **links**: the dancing-links arrays of the empty grid, built once per box
  shape per process; the problem the givens leave is linked up directly from
  the grid (:mod:`dlxnumba.sudoku.kernels.links`) and searched by the engine's
  one search loop, in the lanes of :mod:`dlxnumba.batch` or in a resumable
  :class:`~dlxnumba.search.Search`.

``"auto"`` takes the faster on the grid, as measured (:func:`.bits.engine`).

Modules
-------
Each concern has one module, and every import points down this list::

    ``geometry``  the vocabulary and the table of a shape; the checks of a box and a side
    ``text``      symbols, one grid of text
    ``killer``    cages with sums
    ``variants``  X, windoku, jigsaw, anti-knight, anti-king, non-consecutive: their rules and problems
    ``encoding``  the exact-cover problem of a shape; givens as options, solutions as cells
    ``rules``     rule checks, the verifier
    ``display``   text and HTML pictures
    ``gattai``    overlapping grids (samurai, twodoku, butterfly): :class:`~.gattai.Gattai`
    ``files``     files of puzzles
    ``grid``      :class:`~.grid.Grid`, the record of one grid: cells, givens, box, rules, views
    ``batches``   a batch of puzzles read into one array
    ``bits``      the bit-parallel engine: layouts, the choice of engine, its runs and workspaces
    ``solve``     the solving front of both engines: one grid, an array of puzzles, the split search
    ``logic``     the logical solver: techniques, pencil marks, hints, steps
    ``grading``   difficulty on two scales: :func:`grade`, :func:`grade_many`
    ``puzzle``    :class:`Sudoku`, the front door: a Grid with the calls that solve and grade it
    ``many``      :func:`solve_many` and :class:`SudokuBatchResult`
    ``generating`` new puzzles: :func:`generate`, :func:`generate_many`
    ``dask``      batches of puzzles on a Dask cluster (:func:`~.dask.solve_chunks`)

The engines (``solve``, ``logic``, ``grading``) take a Grid and return arrays or
grids of the class they were given, so none imports the front door that calls
them; ``many`` and ``generating``, which make Sudoku objects, sit above it.

Examples
--------
>>> Sudoku("12.. ..12 .... ....").count()
12
>>> solutions, status = solve_many(["1234............", "11.............."], threads=1)
>>> [Status(s).name for s in status]
['SOLVED', 'INVALID']
"""

# LimitReached, SYMBOLS, EMPTY, DRAWING, MAX_TEXT_N and MAX_N are not in
# __all__, but the command line reads them as attributes of this module.
from ..errors import LimitReached, SudokuError  # noqa: F401
from .constraints import Constraints
from .encoding import sudoku_problem
from .files import iter_puzzles, read_puzzles
from .generating import generate, generate_many
from .grading import LEVELS, TECHNIQUES, Grade, GradeBatch, Step, grade, grade_many
from .geometry import MAX_N, Geometry, default_box, geometry  # noqa: F401
from .many import SudokuBatchResult, solve_many
from .puzzle import Sudoku
from .rules import is_solution
from ..stats import Status
from .text import DRAWING, EMPTY, MAX_TEXT_N, SYMBOLS  # noqa: F401
from .variants import Variant
from .gattai import Gattai

__all__ = [
    "Sudoku",
    "SudokuError",
    "Status",
    "solve_many",
    "SudokuBatchResult",
    "read_puzzles",
    "iter_puzzles",
    "default_box",
    "sudoku_problem",
    "is_solution",
    "Geometry",
    "geometry",
    "generate",
    "generate_many",
    "grade",
    "grade_many",
    "Grade",
    "GradeBatch",
    "Step",
    "LEVELS",
    "TECHNIQUES",
    "Variant",
    "Constraints",
    "Gattai",
]
