"""DLX against naive backtracking: the seed paper's table, for this package.

The seed paper (Naugle, "Dancing Links and Algorithm X to solve Sudoku problems")
timed a C++ DLX against a naive C++ backtracking solver on Norvig's sets: DLX was
about 32 times faster on easy50 and about 4,700 times faster on top95 (the naive
solver needed over two hours there).  This script measures the same ratio for
``solve_many(puzzles, threads=1)`` against ``naive.solve_naive_many``, both
compiled with numba.  The naive solver has a per-puzzle budget of tried
placements; when a puzzle exhausts it, the naive time is only a lower bound of
what it would need, and so is the ratio: the table says so, and how many did.

Run ``python bench/compare_naive.py [--budget 1e7] [--sets easy50 top95]``;
``report.py`` prints the same table from a pytest-benchmark JSON file.

Examples
--------
>>> print(format_table([dict(set="easy50", n_puzzles=50, dlx_seconds=0.001, naive_seconds=0.5,
...                          budget=10**7, budget_hit=0)]))
| set | puzzles | DLX batch (s) | naive (s) | naive / DLX | seed paper (C++) | note |
|---|---|---|---|---|---|---|
| easy50 | 50 | 0.00100 | 0.500 | 500x | ~32x |  |
"""

from __future__ import annotations

import argparse
import sys
import time

#: The seed paper's ratios (naive time / DLX time), C++ against C++.
SEED_RATIOS = {"easy50": "~32x", "top95": "~4,700x"}


def _fmt_seconds(s: float) -> str:
    if s >= 100:
        return f"{s:,.0f}"
    if s >= 0.1:
        return f"{s:.3f}"
    return f"{s:.5f}"


def format_ratio(ratio: float, lower_bound: bool) -> str:
    """``1,234x``, or ``>= 1,234x`` for a lower bound."""
    text = f"{ratio:,.0f}x" if ratio >= 10 else f"{ratio:.1f}x"
    return (">= " + text) if lower_bound else text


def format_table(rows) -> str:
    """A markdown table from rows with ``set``, ``n_puzzles``, ``dlx_seconds``,
    ``naive_seconds``, ``budget`` and ``budget_hit``."""
    out = ["| set | puzzles | DLX batch (s) | naive (s) | naive / DLX | seed paper (C++) | note |",
           "|---|---|---|---|---|---|---|"]
    for r in rows:
        hit = int(r["budget_hit"])
        ratio = r["naive_seconds"] / r["dlx_seconds"] if r["dlx_seconds"] > 0 else float("inf")
        note = (f"LOWER BOUND: {hit} of {r['n_puzzles']} puzzles hit the budget of "
                f"{int(r['budget']):,} tried placements" if hit else "")
        naive = _fmt_seconds(r["naive_seconds"])
        out.append(f"| {r['set']} | {r['n_puzzles']} | {_fmt_seconds(r['dlx_seconds'])} | "
                   f"{('>= ' + naive) if hit else naive} | {format_ratio(ratio, hit > 0)} | "
                   f"{SEED_RATIOS.get(r['set'], '')} | {note} |")
    return "\n".join(out)


def measure(name: str, budget: int = 10**7, repeats: int = 5, naive_repeats: int = 1) -> dict:
    """Time DLX (best of ``repeats``) and naive (best of ``naive_repeats``) on a set."""
    import naive
    from benchutil import check_solutions, puzzle_array
    from dlxnumba import Status, solve_many

    puzzles = puzzle_array(name)
    solve_many(puzzles[:1], threads=1)  # warm up both JITs
    naive.solve_naive_many(puzzles[:1], max_nodes=1000)

    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        sols, status = solve_many(puzzles, threads=1)
        best = min(best, time.perf_counter() - t0)
    if (status != Status.SOLVED).any() or check_solutions(sols, puzzles):
        raise AssertionError(f"{name}: DLX gave a wrong answer")

    naive_best = float("inf")
    for _ in range(naive_repeats):
        t0 = time.perf_counter()
        nsols, nodes, _, ran_out = naive.solve_naive_many(puzzles, max_nodes=budget)
        naive_best = min(naive_best, time.perf_counter() - t0)
    done = ~ran_out
    if check_solutions(nsols[done], puzzles[done]):
        raise AssertionError(f"{name}: the naive solver gave a wrong answer")
    return dict(set=name, n_puzzles=len(puzzles), dlx_seconds=best, naive_seconds=naive_best,
                budget=budget, budget_hit=int(ran_out.sum()), naive_nodes=int(nodes.sum()))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--budget", type=float, default=1e7,
                    help="naive budget of tried placements per puzzle (default 1e7)")
    ap.add_argument("--sets", nargs="+", default=["easy50", "top95"], help="puzzle sets (puzzles/NAME.txt)")
    ap.add_argument("--repeats", type=int, default=5, help="DLX timing repeats (best taken)")
    ap.add_argument("--naive-repeats", type=int, default=1, help="naive timing repeats (best taken)")
    args = ap.parse_args(argv)
    rows = []
    for name in args.sets:
        rows.append(measure(name, int(args.budget), args.repeats, args.naive_repeats))
        print(f"measured {name}", file=sys.stderr)
    print(format_table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
