"""Make the generated Sudoku sets of ``puzzles/`` (4x4, 6x6, 16x16, 25x25).

Run from the repository root::

    python bench/make_puzzles.py            # rewrite the files
    python bench/make_puzzles.py --check    # only compare with the files on disk

Each set is made the same way, from one fixed seed per set, so the output is
the same on every machine and every run:

1. Solve the empty grid with the package (``Sudoku(zeros).solve()``).
2. Shuffle it with moves that keep a Sudoku a Sudoku: relabel the digits,
   permute the bands (groups of ``r`` rows) and the rows within each band, the
   stacks (groups of ``c`` columns) and the columns within each stack, and for
   square boxes transpose half of the time.  Check the result with
   :func:`dlxnumba.is_solution`.
3. Visit the cells in a random order and empty each one unless the puzzle
   would stop having exactly one solution (``Sudoku(p).count(2, max_nodes=B)``
   must be 1; a search that runs out of the node budget ``B`` counts as "not
   proved unique", so the given stays).  Duplicate puzzles are skipped.

``sudoku6-multi`` starts from puzzles of ``sudoku6`` and empties random givens
until the puzzle has between 2 and 60 solutions; the count is written alongside.

Files written (one puzzle per line, ``.`` for empty, ``A`` = 10 ...):

``puzzles/sudokuN.txt`` and ``puzzles/sudokuN.solutions.txt`` (line k solves line k),
``puzzles/sudoku6-multi.txt`` and ``puzzles/sudoku6-multi.counts.txt``.

The search is deterministic (``max_nodes`` counts nodes, not seconds), so the
budgets never make the output depend on the machine.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import numpy as np

from dlxnumba import LimitReached, Sudoku, is_solution

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "puzzles"

#: name: (n, box, how many, seed, node budget of each uniqueness check)
SETS = {
    "sudoku4": (4, (2, 2), 50, 4004, None),
    "sudoku6": (6, (2, 3), 50, 6006, None),
    "sudoku16": (16, (4, 4), 20, 1616, 20_000),
    "sudoku25": (25, (5, 5), 5, 2525, 20_000),
}
MULTI = ("sudoku6-multi", 30, 6066, (2, 60))


def text(cells) -> str:
    """One line: the package's own one-line form."""
    return str(Sudoku(np.asarray(cells, np.uint8)))


def shuffled_solution(n: int, box: tuple[int, int], rng: random.Random) -> np.ndarray:
    """A random valid grid: the solved empty grid, relabelled and permuted."""
    r, c = box
    base = Sudoku(np.zeros((n, n), np.uint8), box=box).solve().grid.astype(np.int64)
    relabel = list(range(1, n + 1))
    rng.shuffle(relabel)
    g = np.array([0] + relabel)[base]
    bands = list(range(n // r))
    rng.shuffle(bands)
    rows = [b * r + i for b in bands for i in rng.sample(range(r), r)]
    stacks = list(range(n // c))
    rng.shuffle(stacks)
    cols = [s * c + j for s in stacks for j in rng.sample(range(c), c)]
    g = g[rows][:, cols]
    if r == c and rng.random() < 0.5:
        g = g.T.copy()
    assert is_solution(Sudoku(g, box=box)), "the shuffle broke the grid"
    return g.reshape(-1).astype(np.uint8)


def unique(cells: np.ndarray, box, budget) -> bool:
    """True when the puzzle provably has exactly one solution within the budget."""
    try:
        return Sudoku(cells, box=box).count(2, max_nodes=budget) == 1
    except LimitReached:
        return False


def thin(solution: np.ndarray, box, budget, rng: random.Random) -> np.ndarray:
    """Empty the cells of ``solution`` in random order while the puzzle stays unique."""
    cells = solution.copy()
    for k in rng.sample(range(cells.size), cells.size):
        d = cells[k]
        cells[k] = 0
        if not unique(cells, box, budget):
            cells[k] = d
    return cells


def make_set(n, box, count, seed, budget):
    """``count`` distinct unique puzzles and their solutions."""
    rng = random.Random(seed)
    puzzles, solutions, seen = [], [], set()
    while len(puzzles) < count:
        sol = shuffled_solution(n, box, rng)
        puz = thin(sol, box, budget, rng)
        key = puz.tobytes()
        if key in seen:
            continue
        seen.add(key)
        assert Sudoku(puz, box=box).count(2) == 1  # unique, without a budget
        assert Sudoku(puz, box=box).solve() == Sudoku(sol, box=box)
        puzzles.append(text(puz))
        solutions.append(text(sol))
    return puzzles, solutions


def make_multi(unique_puzzles, count, seed, bounds):
    """Puzzles of several solutions: ``sudoku6`` puzzles with some givens emptied."""
    lo, hi = bounds
    rng = random.Random(seed)
    out, counts, seen = [], [], set()
    while len(out) < count:
        cells = Sudoku(rng.choice(unique_puzzles)).grid.reshape(-1).copy()
        givens = [k for k in range(cells.size) if cells[k]]
        rng.shuffle(givens)
        for k in givens:
            cells[k] = 0
            m = Sudoku(cells).count(hi + 1)
            if m > hi:
                break
            if m >= lo and cells.tobytes() not in seen:
                seen.add(cells.tobytes())
                out.append(text(cells))
                counts.append(str(m))
                break
    return out, counts


def build() -> dict[str, list[str]]:
    """Every generated file: name -> lines."""
    files = {}
    for name, (n, box, count, seed, budget) in SETS.items():
        puzzles, solutions = make_set(n, box, count, seed, budget)
        files[f"{name}.txt"] = puzzles
        files[f"{name}.solutions.txt"] = solutions
    name, count, seed, bounds = MULTI
    puzzles, counts = make_multi(files["sudoku6.txt"], count, seed, bounds)
    files[f"{name}.txt"] = puzzles
    files[f"{name}.counts.txt"] = counts
    return files


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare with the files on disk, write nothing")
    args = ap.parse_args(argv)
    files = build()
    stale = []
    for fname, lines in files.items():
        path = PUZZLES / fname
        body = "\n".join(lines) + "\n"
        if args.check:
            if not path.exists() or path.read_text() != body:
                stale.append(fname)
        else:
            path.write_text(body)
            print(f"{path.relative_to(ROOT)}: {len(lines)} lines")
    if stale:
        print("differs from the generator:", ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
