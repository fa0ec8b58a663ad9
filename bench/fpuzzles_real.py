"""Check the f-puzzles reader on published puzzles: SudokuPad's test set.

    python bench/fpuzzles_real.py PATH [MAX_NODES]

PATH is ``src/rulesparser/testfpuzzles.json`` of the public repository
SudokuPad/sudokutools (not shipped here: the puzzles are their setters'): a
JSON list of ``[title, f-puzzles lz-string data, solution]``.  For each puzzle
this prints whether it reads (or the error that names the rule dlxnumba does
not have), whether its published solution keeps every rule as read
(Variant.is_solution and the independent oracle setter_ok of tests/reference.py),
and its count up to 2 within MAX_NODES search nodes (default 3,000,000).
"""

import json
import sys
import time
from pathlib import Path

import numpy as np

from dlxnumba import LimitReached, Sudoku, SudokuError

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from reference import setter_ok  # noqa: E402


def main(path: str, max_nodes: int) -> None:
    for title, data, *rest in json.loads(Path(path).read_text(encoding="utf-8")):
        data = data.split('"')[0]  # a few entries carry stray characters after the data
        solution = rest[0] if rest else ""
        try:
            s = Sudoku.from_fpuzzles(data)
        except SudokuError as e:
            print(f"{'not read':9} {title[:60]}: {str(e)[:90]}")
            continue
        kept = "-"
        if len(solution) == s.n * s.n:
            grid = np.array([int(ch, 36) for ch in solution]).reshape(s.n, s.n)
            records = [tuple(c) for c in s.variant.constraints] if s.variant.constraints is not None else []
            kept = "kept" if (s.variant.is_solution(grid, s.grid, s.box)
                              and setter_ok(grid.reshape(-1).tolist(), s.n, records)) else "BROKEN"
        t = time.perf_counter()
        try:
            count = str(s.count(2, max_nodes=max_nodes))
        except LimitReached:
            count = "budget"
        print(f"{'read':9} solution {kept:6} count {count:6} {time.perf_counter() - t:6.2f} s  {title[:60]}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 3_000_000)
