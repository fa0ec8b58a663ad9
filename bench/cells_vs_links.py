"""Dancing links against dancing cells against ``"auto"``, in one run (issue 11's targets).

Counts every solution of each problem with ``algorithm="links"``, ``"cells"``
and ``"auto"``, in interleaved rounds (links, cells, auto, links, ...), and
prints a table: the median time, nodes, updates and updates per second of
each, the ratio cells/links and auto against the better of the two.  Every
count is checked against its known value, and the three must agree.

Targets (issue 11): cells <= 0.55x links on the 6x10 pentominoes, <= 0.8x on
Langford pairs n=12; auto never more than 10% slower than the better one.

Usage::

    python bench/cells_vs_links.py            # every problem, 3 rounds
    python bench/cells_vs_links.py --rounds 5 --only pentominoes langford
    python bench/cells_vs_links.py --quick    # small sizes (a smoke test)
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from dlxnumba import encodings as E  # noqa: E402
from dlxnumba.search import Search  # noqa: E402

ALGORITHMS = ("links", "cells", "auto")


def sudoku_jobs(name: str, count: int):
    """(problem, givens) of the first ``count`` puzzles of a shipped set."""
    from dlxnumba.sets import load_puzzles
    from dlxnumba.sudoku.puzzle import Sudoku

    jobs = []
    for puzzle in load_puzzles(name)[:count]:
        p, _key, given = Sudoku(puzzle).to_problem()
        jobs.append((p, np.asarray(given, np.int32)))
    return jobs


def problems(quick: bool) -> dict:
    """name -> (list of (problem, givens), known total count)."""
    if quick:
        return {"queens 8": ([(E.queens(8)[0], ())], 92),
                "pentominoes 3x20": ([(E.pentominoes(3, 20)[0], ())], 8),
                "langford 7": ([(E.langford(7)[0], ())], 52),
                "sudoku top95[:5] counts": (sudoku_jobs("top95", 5), 5)}
    from test_colors import de_bruijn, queendom  # (bench/: the colored and bounded problems)

    return {"queens 13": ([(E.queens(13)[0], ())], 73712),
            "queens 15": ([(E.queens(15)[0], ())], 2279184),  # OEIS A000170 (issue 20, finding 18)
            "pentominoes 6x10": ([(E.pentominoes(6, 10)[0], ())], 9356),
            "langford 12": ([(E.langford(12)[0], ())], 216288),
            "sudoku top95 counts": (sudoku_jobs("top95", 95), 95),
            "queendom 8x8, 5 queens (bounds)": ([(queendom(8, 5), ())], 4860),
            # (60,928: DLX2 and SSXCC agree; too large for the brute force of bench/test_colors.py)
            "de Bruijn n=6, 2..4 (colors)": ([(de_bruijn(6, 2, 4), ())], 60928)}


def run(jobs, algorithm: str) -> tuple[float, int, int, int, list]:
    """Count every job's solutions: (seconds, solutions, nodes, updates, algorithms used)."""
    seconds = 0.0
    sols = nodes = updates = 0
    used = []
    for p, given in jobs:
        s = Search(p, given=given, stop_at=1, algorithm=algorithm)  # compiles before the clock
        t0 = time.perf_counter()
        sols += s.count()
        seconds += time.perf_counter() - t0
        nodes += s.stats.nodes
        updates += s.stats.updates
        used.append(s.stats.algorithm)
    return seconds, sols, nodes, updates, used


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="small sizes")
    ap.add_argument("--only", nargs="*", default=None, help="problems whose name starts with these words")
    args = ap.parse_args(argv)
    table = problems(args.quick)
    if args.only:
        table = {k: v for k, v in table.items() if any(k.startswith(w) for w in args.only)}
    print(f"{'problem':26} {'algorithm':9} {'time s':>8} {'nodes':>12} {'updates':>14} {'Mupd/s':>8}  ratio")
    ok = True
    for name, (jobs, known) in table.items():
        for alg in ALGORITHMS:  # warm up: compile, load, build the templates
            run(jobs[:1], alg)
        times: dict[str, list[float]] = {a: [] for a in ALGORITHMS}
        facts: dict[str, tuple] = {}
        for _ in range(args.rounds):
            for alg in ALGORITHMS:
                seconds, sols, nodes, updates, used = run(jobs, alg)
                if sols != known:
                    print(f"WRONG: {name} {alg} counted {sols}, not {known}")
                    ok = False
                times[alg].append(seconds)
                facts[alg] = (nodes, updates, used)
        med = {a: statistics.median(times[a]) for a in ALGORITHMS}
        better = min(med["links"], med["cells"])
        for alg in ALGORITHMS:
            nodes, updates, used = facts[alg]
            picked = ""
            if alg == "auto":
                kinds = sorted(set(used))
                picked = " -> " + "/".join(f"{k} x{used.count(k)}" for k in kinds) if len(used) > 1 else f" -> {used[0]}"
                ratio = f"{med[alg] / better:.2f}x best"
            elif alg == "cells":
                ratio = f"{med['cells'] / med['links']:.2f}x links"
            else:
                ratio = ""
            rate = updates / med[alg] / 1e6 if med[alg] > 0 else 0.0
            print(f"{name:26} {alg:9} {med[alg]:8.3f} {nodes:12,} {updates:14,} {rate:8.1f}  {ratio}{picked}")
        print(f"{'':26} rounds (s): " + "  ".join(f"{a} " + ",".join(f"{t:.3f}" for t in times[a])
                                                   for a in ALGORITHMS))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
