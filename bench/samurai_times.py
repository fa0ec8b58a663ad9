"""Time to solve and prove unique the samurai puzzles of puzzles/gattai/, and to make new ones.

    python bench/samurai_times.py [REPEAT]

Each puzzle of ``puzzles/gattai/samurai.txt`` is solved (``solve``) and proved
unique (``is_unique``) REPEAT times (default 5) after a first round that
compiles or loads the solver; the medians are printed in milliseconds.  Then
``Gattai.generate("samurai", seed=k)`` for seeds 0 to 9: median and slowest.
"""

import statistics
import sys
import time
from pathlib import Path

from dlxnumba import Gattai

ROOT = Path(__file__).resolve().parent.parent


def median_ms(f, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return 1000 * statistics.median(times)


def main(repeat: int = 5) -> None:
    texts = (ROOT / "puzzles" / "gattai" / "samurai.txt").read_text().strip().split("\n\n")
    puzzles = [Gattai.samurai(t) for t in texts]
    for p in puzzles:  # compile or load the solver first
        p.is_unique()
    for i, p in enumerate(puzzles):
        print(f"samurai {i + 1}: {int(p.givens.sum())} givens, solve {median_ms(p.solve, repeat):.1f} ms, "
              f"is_unique {median_ms(p.is_unique, repeat):.1f} ms")
    made = []
    for seed in range(10):
        t = time.perf_counter()
        Gattai.generate("samurai", seed=seed)
        made.append(time.perf_counter() - t)
    print(f"generate, seeds 0-9: median {1000 * statistics.median(made):.0f} ms, "
          f"slowest {1000 * max(made):.0f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
