"""Problems and puzzles with known answers, shared by the test modules.

Knuth's seven-item example and the seed matrix (with their published
solutions), n queens as numbered items, and the Sudoku puzzle sets shipped in
``puzzles/`` with Knuth's DLX1 figures for them.  Unlike ``reference.py``
this module uses :mod:`dlxnumba`, but only to build problems and read files;
every answer the tests compare with comes from an oracle or a publication.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np

from dlxnumba import ExactCover, Sudoku, default_box, read_puzzles
from reference import sudoku_ok

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "puzzles"

# ---------------------------------------------------------------------------
# Exact cover
# ---------------------------------------------------------------------------

SEED_ROWS = ["0010110", "1001001", "0110010", "1001000", "0100001", "0001101"]
SEED = np.array([[int(ch) for ch in row] for row in SEED_ROWS], dtype=np.int64)
SEED_SOLUTION = [0, 3, 4]  # golden.md: rows 1, 4, 5 counted from 1

KNUTH_PRIMARY = ["A", "B", "C", "D", "E"]
KNUTH_SECONDARY = ["F", "G"]
KNUTH_OPTIONS = [["C", "E", "F"], ["A", "D", "G"], ["B", "C", "F"],
                 ["A", "D"], ["B", "G"], ["D", "E", "G"]]
KNUTH_TEXT = "A B C D E | F G\n" + "".join(" ".join(o) + "\n" for o in KNUTH_OPTIONS)
KNUTH_NAMES = KNUTH_PRIMARY + KNUTH_SECONDARY
KNUTH_NUMBERED = [[KNUTH_NAMES.index(x) for x in o] for o in KNUTH_OPTIONS]


def knuth_problem() -> ExactCover:
    """Knuth's example: items A..E primary, F and G secondary; one solution, [0, 3, 4]."""
    return ExactCover.from_options(KNUTH_OPTIONS, primary=KNUTH_PRIMARY,
                                   secondary=KNUTH_SECONDARY)


def numbered(options, n_primary, n_items) -> ExactCover:
    """A problem whose item names are their numbers: 0..n_primary-1 primary."""
    return ExactCover.from_options(options, primary=range(n_primary),
                                   secondary=range(n_primary, n_items))


def queens_options(n):
    """n-queens as item numbers: rows, columns primary; diagonals secondary."""
    options = []
    for r in range(n):
        for c in range(n):
            options.append([r, n + c, 2 * n + r + c, 2 * n + (2 * n - 1) + r - c + n - 1])
    return options, 2 * n, 2 * n + 2 * (2 * n - 1)


def queens(n) -> ExactCover:
    """n queens as a numbered problem (``dlxnumba.queens`` is the named encoder)."""
    return numbered(*queens_options(n))


def as_set(solutions):
    """The solutions as a set of frozensets, checking there are no repeats."""
    sols = [frozenset(s) for s in solutions]
    assert len(set(sols)) == len(sols), "a solution was reported twice"
    return set(sols)


# ---------------------------------------------------------------------------
# Sudoku
# ---------------------------------------------------------------------------

#: Norvig's top95[0], with its one solution
TOP1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
TOP1_SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
#: five solutions, and none (golden.md)
FIVE = "8..6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......"
NONE = ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4........."

#: TOP1 as Norvig prints it
NORVIG = """
4 . . |. . . |8 . 5
. 3 . |. . . |. . .
. . . |7 . . |. . .
------+------+------
. 2 . |. . . |. 6 .
. . . |. 8 . |4 . .
. . . |. 1 . |. . .
------+------+------
. . . |6 . 3 |. 7 .
5 . . |2 . . |. . .
1 . 4 |. . . |. . .
"""

#: Sets every copy of the project must ship; more files in puzzles/ are tested too.
SHIPPED = {"easy50", "top95", "hardest", "sudoku4", "sudoku6", "sudoku16", "sudoku25", "sudoku6-multi"}
#: Sets whose puzzles have several solutions (counts in NAME.counts.txt).
MULTI_SETS = {"sudoku6-multi"}

# Knuth's DLX1 fed by sudoku-dlx (golden.md): (solutions, nodes, updates) of the
# first puzzle of a set, and summed over the whole set, every search run to the end
GOLDEN_FIRST = {"easy50": (1, 50, 673), "top95": (1, 386, 8239), "hardest": (1, 158, 2434)}
GOLDEN_SUM = {"easy50": (50, 2889, 41149), "top95": (95, 65581, 1224602), "hardest": (11, 3780, 62056)}
#: ... and of the special puzzles
GOLDEN_SPECIAL = {FIVE: (5, 119, 1518), NONE: (0, 8342, 194645)}


def _lines(path: Path) -> list[str]:
    return [ln.strip() for ln in path.read_text().splitlines() if ln.strip() and not ln.lstrip().startswith("#")]


def set_names() -> list[str]:
    """The puzzle sets in puzzles/ (NAME.txt, without the .solutions and .counts files)."""
    names = {p.name[:-4] for p in PUZZLES.glob("*.txt")}
    return sorted(n for n in names if not n.endswith((".solutions", ".counts")))


_CACHE: dict = {}


def load(name: str) -> dict:
    """A puzzle set: lines, cells array, n, box, known solutions and counts (or None)."""
    if name not in _CACHE:
        lines = _lines(PUZZLES / f"{name}.txt")
        n = math.isqrt(len(lines[0]))
        arr = read_puzzles(PUZZLES / f"{name}.txt", size=n)
        sol_path = PUZZLES / f"{name}.solutions.txt"
        count_path = PUZZLES / f"{name}.counts.txt"
        _CACHE[name] = dict(
            lines=lines, arr=arr, n=n, box=default_box(n),
            solutions=_lines(sol_path) if sol_path.exists() else None,
            counts=[int(c) for c in _lines(count_path)] if count_path.exists() else None)
    return _CACHE[name]


def cells_of(text: str, n: int | None = None) -> list[int]:
    """Cells of a one-line puzzle, decoded here (not by the package): '.' = 0, A = 10."""
    symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    return [0 if ch == "." else symbols.index(ch) + 1 for ch in text]


def verified(solution: Sudoku, puzzle, box=None) -> bool:
    """``sudoku_ok`` on a solution (a Sudoku or cells) against a puzzle (a Sudoku, text or cells)."""
    if isinstance(puzzle, str):
        puzzle = cells_of(puzzle)
    if isinstance(puzzle, Sudoku):
        box = box or puzzle.box
        puzzle = puzzle.grid.reshape(-1).tolist()
    cells = solution.grid.reshape(-1).tolist() if isinstance(solution, Sudoku) else list(solution)
    n = math.isqrt(len(cells))
    return sudoku_ok(cells, puzzle, n, box or default_box(n))


def empty(n: int) -> np.ndarray:
    """The empty ``n x n`` grid."""
    return np.zeros((n, n), np.uint8)


def solved_grid(n: int, box, rng) -> np.ndarray:
    """A solved grid (flat uint8) of the shape: a pattern, its digits relabelled at random."""
    r, c = box
    i, j = np.divmod(np.arange(n * n), n)
    return (rng.permutation(n) + 1)[(c * (i % r) + i // r + j) % n].astype(np.uint8)


#: A 6x6 puzzle and, one case per group, setters' constraints of every kind on it
#: (tests/sudoku/test_constraints.py, test_bits_constraints.py; the answers come from
#: the brute force of reference.py).
SETTERS6_PUZZLE = "1.....  ...2..  ..3...  ...4..  ....5.  .....6"
SETTERS6 = [
    "thermometer r1c2 r1c3 r2c4; palindrome r3c1 r4c2 r5c3 r6c4",
    "arrow r2c1 r3c1 : r1c2; arrow r5c2 r5c3 : r6c1 r6c2",
    "little-killer 9 r1c5 r2c4 r3c3 : r0c6; cage r2c2 r2c3 r3c2",
    "difference 3 r1c1 r2c1; ratio 3 r4c5 r4c6; xv 5 r6c5 r6c6; negative-ratio 2",
    "odd r2c2 r3c3; even r4c4; minimum r5c5; maximum r2c5; clone r1c3 r1c4 : r6c3 r6c2",
    "quadruple 1,2,3 r3c4 r3c5 r4c4 r4c5; negative-xv 7; diagonal-",
    "region r1c4 r2c4 r3c5 r4c6 r5c6 r6c6; negative-difference 1,5",
]
