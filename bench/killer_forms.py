"""Nodes, updates and time of counting two published 9x9 killers, per cage encoding.

    python bench/killer_forms.py [--budget NODES]

``MAX_ASSIGNMENTS`` = 0 puts every cage in the sets form, a huge value every cage
in the colors form; the default (2) gives colors to cages of one cell or of two
cells with a single digit pair.  Counts stopped by the node budget show as such.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from dlxnumba import last_stats
from dlxnumba import Sudoku  # noqa: E402
from dlxnumba.errors import LimitReached  # noqa: E402
from dlxnumba.sudoku import killer, variants  # noqa: E402
from test_killer import TIPS, UK_2022  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=int, default=3_000_000)
    args = ap.parse_args()
    default = killer.MAX_ASSIGNMENTS
    print(f"{'MAX_ASSIGNMENTS':>16} {'puzzle':>8} {'count':>6} {'nodes':>10} {'updates':>12} {'seconds':>8}")
    for limit in (0, default, 6, 24, 720, 10 ** 9):
        killer.MAX_ASSIGNMENTS = limit
        variants.cached_problem.cache_clear()
        for name, cages in (("uk-2022", UK_2022), ("tips", TIPS)):
            s = Sudoku.killer("." * 81, cages)
            t0 = time.perf_counter()
            try:
                found: object = s.count(max_nodes=args.budget)
            except LimitReached:
                found = "budget"
            seconds = time.perf_counter() - t0
            print(f"{limit:>16} {name:>8} {found!s:>6} {last_stats().nodes:>10,} {last_stats().updates:>12,} {seconds:>8.3f}")
    killer.MAX_ASSIGNMENTS = default


if __name__ == "__main__":
    main()
