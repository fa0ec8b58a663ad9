"""Time to read, solve and prove unique the example f-puzzles (puzzles/fpuzzles/).

    python bench/fpuzzles_times.py [REPEAT]

Each puzzle is read from its JSON (Sudoku.from_fpuzzles), solved (solve) and
proved unique (is_unique) REPEAT times (default 5), after a first round that
compiles or loads the solver; the medians are printed in milliseconds, with
the search nodes of the proof.  Reading a link (lz-string, then JSON) is
timed apart.
"""

import statistics
import sys
import time
from pathlib import Path

from dlxnumba import Sudoku, last_stats

ROOT = Path(__file__).resolve().parent.parent
REPEAT = 5  # runs a figure is the median of (the command's argument)


def median_ms(f, repeat=None):
    times = []
    for _ in range(REPEAT if repeat is None else repeat):
        t = time.perf_counter()
        out = f()
        times.append(time.perf_counter() - t)
    return 1000 * statistics.median(times), out


def main():
    paths = sorted((ROOT / "puzzles" / "fpuzzles").glob("*.json"))
    for p in paths:  # compile or load the solver first
        Sudoku.from_fpuzzles(p).is_unique()
    print(f"{'puzzle':24} {'read ms':>8} {'link ms':>8} {'solve ms':>9} {'unique ms':>10} {'nodes':>9}")
    for p in paths:
        text = p.read_text(encoding="utf-8")
        read, s = median_ms(lambda: Sudoku.from_fpuzzles(text))
        url = s.fpuzzles_url()
        link, _ = median_ms(lambda: Sudoku.from_fpuzzles(url))
        solve, _ = median_ms(s.solve)
        unique, u = median_ms(s.is_unique)
        assert u
        print(f"{p.stem:24} {read:8.2f} {link:8.2f} {solve:9.2f} {unique:10.2f} {last_stats().nodes:9,}")


if __name__ == "__main__":
    if len(sys.argv) > 1:
        REPEAT = int(sys.argv[1])
    main()
