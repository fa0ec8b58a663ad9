"""Print the difficulty distributions of the shipped 9x9 sets on both scales,
and the time to rate top95 on one thread.

    python bench/grade_sets.py [--samples K] [--seed S] [--rounds R] [--markdown]

Per set: puzzles per level (technique scale), the hardest techniques met, the
mean and median technique score, the mean and median search effort (mean
guesses of the fixed-rule solver over K random copies of each puzzle), and the
share of puzzles the singles alone solve (effort 0).  Then the best and median
of R timed ratings of the whole of top95 on one thread: technique scale alone,
search effort alone, both.
"""

from __future__ import annotations

import argparse
import collections
import statistics
import time

import numpy as np

from dlxnumba import Sudoku, grade_many, load_puzzles
from dlxnumba.sudoku import LEVELS
from dlxnumba.sudoku.grading import SAMPLES

SETS = ("easy50", "top95", "hardest")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samples", type=int, default=SAMPLES)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown (for README)")
    args = ap.parse_args(argv)
    rows = []
    arrays = {}
    for name in SETS:
        arr = np.array([Sudoku(p)._cells for p in load_puzzles(name)])
        arrays[name] = arr
        r = grade_many(arr, samples=args.samples, seed=args.seed, threads=1)
        counts = r.level_counts()
        hardest = collections.Counter(g.hardest for g in r)
        rows.append((name, len(arr), counts, float(r.score.mean()), float(np.median(r.score)),
                     float(r.effort.mean()), float(np.median(r.effort)), float((r.effort == 0).mean()),
                     hardest))
    head = ["set", "puzzles", *LEVELS, "mean score", "median score", "mean effort", "median effort",
            "effort 0"]
    lines = [head]
    for name, count, counts, ms, mds, me, mde, zero, _ in rows:
        lines.append([name, str(count), *(str(counts[lv]) for lv in LEVELS), f"{ms:.2f}", f"{mds:.2f}",
                      f"{me:.1f}", f"{mde:.1f}", f"{zero:.0%}"])
    if args.markdown:
        print("| " + " | ".join(head) + " |")
        print("|" + "|".join("---" if i == 0 else "---:" for i in range(len(head))) + "|")
        for line in lines[1:]:
            print("| " + " | ".join(line) + " |")
    else:
        widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
        for line in lines:
            print("  ".join(v.rjust(w) for v, w in zip(line, widths)))
    print()
    for name, *_, hardest in rows:
        print(f"{name}: hardest technique " + ", ".join(f"{t} {c}" for t, c in hardest.most_common()))
    print()
    arr = arrays["top95"]
    modes = {"technique scale": dict(effort=False), "search effort": dict(samples=args.samples),
             "both scales": dict(samples=args.samples)}
    for label, kw in modes.items():
        if label == "search effort":
            from dlxnumba.sudoku import grading

            def run(kw=kw):
                grading._efforts(arr, grading.geometry(9), grading._tables_of(grading.geometry(9)),
                                 kw["samples"], args.seed, 1)
        else:
            def run(kw=kw):
                grade_many(arr, seed=args.seed, threads=1, **kw)
        run()  # warm up
        times = []
        for _ in range(args.rounds):
            t0 = time.perf_counter()
            run()
            times.append(time.perf_counter() - t0)
        print(f"top95, {label} ({args.samples} samples), one thread: best {min(times) * 1000:.0f} ms, "
              f"median {statistics.median(times) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
