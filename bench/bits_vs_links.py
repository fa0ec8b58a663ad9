"""Which engine is faster on which grid: the bits against the links, shape by shape.

For each shape (box and variant) a set of puzzles is generated (a fixed seed,
untimed), then solved with ``solve_many(threads=1, limit=2)`` on each engine in
turns, ``--rounds`` times; the table gives puzzles/s (best round) and the ratio.
Every answer of the bits is checked against the links' (the same statuses and
solutions).  ``algorithm="auto"`` takes the bits only where they win
(:data:`dlxnumba.sudoku.bits.AUTO_MAX_N`, :data:`~dlxnumba.sudoku.bits.AUTO_KINDS`); this is the
measurement behind it.

    python bench/bits_vs_links.py [--rounds 3] [--save]

``--save`` writes ``bench/results/bits_vs_links.md``.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

import numpy as np

from dlxnumba import Sudoku, SudokuError, Variant, generate_many, load_puzzles, solve_many

#: (label, size, box, variant, puzzles)
SHAPES = [
    ("4x4", 4, (2, 2), None, 2000),
    ("6x6 (2x3)", 6, (2, 3), None, 1000),
    ("8x8 (2x4)", 8, (2, 4), None, 300),
    ("9x9 classic (top95)", 9, (3, 3), None, None),
    ("9x9 X", 9, (3, 3), "x", 200),
    ("9x9 windoku", 9, (3, 3), "windoku", 200),
    ("9x9 anti-knight", 9, (3, 3), "anti-knight", 200),
    ("9x9 non-consecutive", 9, (3, 3), "non-consecutive", 20),
    ("12x12 (3x4)", 12, (3, 4), None, 40),
    ("16x16 (4x4)", 16, (4, 4), None, 8),
    ("25x25 (5x5), half the cells given", 25, (5, 5), None, -5),
]
#: A negative count: that many puzzles made from one full grid (the links' first
#: solution of the empty grid) with half its cells, at random, left empty; the
#: generator's minimal 25x25 puzzles take minutes each.


def puzzles_of(n, box, variant, count):
    if count is None:
        return np.array([[0 if ch in ".0" else int(ch) for ch in p] for p in load_puzzles("top95")], np.uint8)
    if count < 0:
        full = np.asarray(Sudoku("." * n * n, box=box).solve(algorithm="links").grid, np.uint8).reshape(-1)
        rng = np.random.default_rng(2026)
        return np.array([np.where(rng.random(n * n) < 0.5, 0, full) for _ in range(-count)], np.uint8)
    for seed in range(2026, 2036):  # a seed whose random full grid the generator finds in its budget
        try:
            ps = generate_many(count, box=box, variant=variant, seed=seed)
            break
        except SudokuError:
            continue
    return np.array([np.asarray(p.grid).reshape(-1) for p in ps], np.uint8)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--only", nargs="*", help="labels starting with these")
    ap.add_argument("--save", action="store_true")
    args = ap.parse_args()
    rows = []
    for label, n, box, variant, count in SHAPES:
        if args.only and not any(label.startswith(o) for o in args.only):
            continue
        arr = puzzles_of(n, box, variant, count)
        v = Variant.parse(variant) if variant else None
        kw = dict(box=box, variant=v, threads=1, limit=2)
        best = {}
        results = {}
        for alg in ("bits", "links"):
            solve_many(arr[:1], algorithm=alg, **kw)  # compile or load
        for _ in range(args.rounds):
            for alg in ("bits", "links"):
                r = solve_many(arr, algorithm=alg, **kw)
                best[alg] = max(best.get(alg, 0.0), len(arr) / r.seconds)
                results[alg] = r
        a, b = results["bits"], results["links"]
        assert (a.status == b.status).all() and (a.solutions == b.solutions).all(), label
        rows.append((label, len(arr), best["bits"], best["links"]))
        print(f"{label:24s} {len(arr):5d} bits {best['bits']:10.0f}/s links {best['links']:10.0f}/s "
              f"ratio {best['bits'] / best['links']:5.2f}", flush=True)
    if args.save:
        load = os.getloadavg()
        text = ["# The bits against the links, shape by shape", "",
                f"`python bench/bits_vs_links.py --rounds {args.rounds} --save`, "
                f"{time.strftime('%Y-%m-%d')}, load average {load[0]:.1f}; `solve_many(threads=1, limit=2)`, "
                "puzzles/s (best round), generated puzzles (the first seed from 2026 on that works) but for top95; every answer "
                "of the bits checked against the links'.", "",
                "| shape | puzzles | bits | links | bits / links |", "|---|---:|---:|---:|---:|"]
        path = Path(__file__).parent.joinpath("results", "bits_vs_links.md")
        kept = {}  # a partial run (--only) replaces its rows of the saved table, keeps the others
        if args.only and path.exists():
            kept = {line.split("|")[1].strip(): line for line in path.read_text().splitlines()
                    if line.startswith("| ") and not line.startswith("| shape")}
        for lab, k, x, y in rows:
            kept[lab] = f"| {lab} | {k} | {_rate(x)} | {_rate(y)} | {x / y:.2f} |"
        order = [label for label, *_ in SHAPES]
        text += [kept[lab] for lab in sorted(kept, key=lambda lab: order.index(lab) if lab in order else 99)]
        path.write_text("\n".join(text) + "\n")


def _rate(x: float) -> str:
    """A rate with three significant digits at least."""
    return f"{x:,.0f}" if x >= 100 else f"{x:.3g}"


if __name__ == "__main__":
    main()
