"""Puzzles per second of the generator: 9x9 on one and two threads, 16x16, 25x25.

    python bench/generate_speed.py [--seconds S] [--big-seconds S]

Each figure is the best of several timed batches of :func:`dlxnumba.generate_many`
(minimal puzzles, fixed seeds), the one- and two-thread 9x9 batches interleaved
so that both see the same machine; it also reports CPU seconds per puzzle
(``time.process_time``), which a busy machine disturbs less than wall time.
Every puzzle is checked with the DLX engine (exactly one solution) outside the
timing.  The 16x16 and 25x25 rows make puzzles one by one until ``--big-seconds``
have passed; the 25x25 row stops removing clues at 400 clues unless
``--full-25`` is given (a minimal 25x25 takes minutes).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from dlxnumba import generate, generate_many


def batch(count: int, box, seed: int, threads: int) -> tuple[float, float, list]:
    w0, c0 = time.perf_counter(), time.process_time()
    puzzles = generate_many(count, box=box, seed=seed, threads=threads)
    return time.perf_counter() - w0, time.process_time() - c0, puzzles


def check(puzzles) -> None:
    bad = sum(s.count(2) != 1 for s in puzzles)
    assert bad == 0, f"{bad} puzzles without exactly one solution"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=2.0, help="wall seconds per 9x9 batch (about)")
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds of the 9x9 batches")
    ap.add_argument("--big-seconds", type=float, default=20.0, help="seconds for each of 16x16 and 25x25")
    ap.add_argument("--full-25", action="store_true", help="minimal 25x25 puzzles (minutes each)")
    args = ap.parse_args()

    for box in ((3, 3), (2, 2)):  # compile (or load) both layouts' generators outside the timing
        generate_many(4, box=box, seed=0, threads=2)
        generate_many(4, box=box, seed=0, threads=1)
    wall, _, _ = batch(200, (3, 3), 0, 1)
    count = max(100, int(200 * args.seconds / wall))
    best = {1: (np.inf, np.inf), 2: (np.inf, np.inf)}
    clues = []
    for r in range(args.rounds):
        for threads in (1, 2):
            wall, cpu, puzzles = batch(count, (3, 3), 1000 + r, threads)
            best[threads] = (min(best[threads][0], wall), min(best[threads][1], cpu))
            clues += [int(s.givens.sum()) for s in puzzles[:200]]
            check(puzzles[:500])
    one, two = count / best[1][0], count / best[2][0]
    print(f"9x9 minimal, {count} puzzles a batch, best of {args.rounds}:")
    print(f"  1 thread : {one:10,.0f} puzzles/s   ({1e6 * best[1][1] / count:.0f} us CPU a puzzle)")
    print(f"  2 threads: {two:10,.0f} puzzles/s   ({two / one:.2f}x one thread; "
          f"{1e6 * best[2][1] / count:.0f} us CPU a puzzle, both threads together)")
    print(f"  mean clues {np.mean(clues):.1f}")
    for box, kwargs in (((4, 4), {}), ((5, 5), {} if args.full_25 else dict(minimal=False, clues=(0, 400)))):
        n = box[0] * box[1]
        t0 = time.perf_counter()
        made = []
        seed = 0
        while time.perf_counter() - t0 < args.big_seconds or not made:
            made.append(generate(box=box, seed=seed, **kwargs))
            seed += 1
        elapsed = time.perf_counter() - t0
        check(made)
        what = "minimal" if not kwargs else "down to 400 clues"
        print(f"{n}x{n} {what}: {len(made) / elapsed:.3f} puzzles/s ({len(made)} in {elapsed:.1f} s, "
              f"mean clues {np.mean([int(s.givens.sum()) for s in made]):.1f}), 1 thread")


if __name__ == "__main__":
    main()
