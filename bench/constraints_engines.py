"""Setters' constraints and killer cages: the bits against the links, kind by kind.

For each kind, ``--puzzles`` 9x9 puzzles are made (untimed, fixed seeds): a
solved grid from :func:`dlxnumba.generate`, constraints of that kind drawn
over it (each one kept by the grid), then givens removed in random order
while the bits still count one solution.  Each puzzle's uniqueness is then
proved (``count(2)``) on each engine, best of ``--rounds``; the table gives
the median time and guesses (nodes) per puzzle on each engine, and the
links' time over the bits'.  Every count must be 1 on both engines.  A search
longer than ``--timeout`` seconds is cut and shown as ``>``.
``algorithm="auto"`` takes the bits for puzzles with constraints or cages
(:func:`dlxnumba.sudoku.bits.engine`); this is the measurement behind it.

    python bench/constraints_engines.py [--puzzles 5] [--rounds 2] [--timeout 20] [--kinds arrows,xv]
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from dlxnumba import LimitReached, Sudoku, generate
from dlxnumba.stats import last_stats
from dlxnumba.sudoku.killer import random_cages

N = 9


def _name(c: int) -> str:
    return f"r{c // N + 1}c{c % N + 1}"


def _near(c: int, king: bool = True) -> list[int]:
    i, j = divmod(c, N)
    steps = [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (a or b) and (king or not (a and b))]
    return [(i + a) * N + j + b for a, b in steps if 0 <= i + a < N and 0 <= j + b < N]


def _pairs() -> list[tuple[int, int]]:
    return [(c, c + d) for c in range(N * N) for d in (1, N)
            if (d == 1 and c % N < N - 1) or (d == N and c < N * N - N)]


def _thermometers(sol, rng, count=6):
    out, used = [], set()
    for _ in range(200):
        if len(out) >= count:
            break
        path = [int(rng.integers(N * N))]
        while len(path) < 6:
            nxt = [x for x in _near(path[-1]) if sol[x] > sol[path[-1]] and x not in path and x not in used]
            if not nxt:
                break
            path.append(int(rng.choice(nxt)))
        if len(path) >= 3 and not used & set(path):
            used.update(path)
            out.append("thermometer " + " ".join(map(_name, path)))
    return out


def _arrows(sol, rng, count=5):
    out, used = [], set()
    for _ in range(400):
        if len(out) >= count:
            break
        bulb = int(rng.integers(N * N))
        if bulb in used:
            continue
        path, total, at = [], 0, bulb
        while total < sol[bulb]:
            nxt = [x for x in _near(at) if x not in path and x != bulb and x not in used]
            if not nxt:
                break
            at = int(rng.choice(nxt))
            path.append(at)
            total += int(sol[at])
        if total == sol[bulb] and len(path) >= 2:
            used.update(path + [bulb])
            out.append("arrow " + " ".join(map(_name, path)) + " : " + _name(bulb))
    return out


def _kropki(sol, rng):
    out = []
    for a, b in _pairs():
        x, y = int(sol[a]), int(sol[b])
        if abs(x - y) == 1 and rng.random() < 0.6:
            out.append(f"difference 1 {_name(a)} {_name(b)}")
        elif (x == 2 * y or y == 2 * x) and rng.random() < 0.6:
            out.append(f"ratio 2 {_name(a)} {_name(b)}")
    return out


def _xv(sol, rng):
    """Every X and V, and the negative rule: no other pair adds up to 5 or 10."""
    out = [f"xv {int(sol[a] + sol[b])} {_name(a)} {_name(b)}" for a, b in _pairs() if sol[a] + sol[b] in (5, 10)]
    return out + ["negative-xv 5,10"]


def _little_killers(sol, rng, count=6):
    starts = [(0, c, "DR") for c in range(1, N)] + [(0, c, "DL") for c in range(0, N - 1)]
    out = []
    for k in rng.permutation(len(starts))[:count]:
        _, c, way = starts[k]
        cells, i, j = [], 0, c
        while 0 <= i < N and 0 <= j < N:
            cells.append(i * N + j)
            i, j = i + 1, j + (1 if way == "DR" else -1)
        clue = f"r0c{c}" if way == "DR" else f"r0c{c + 2}"
        out.append(f"little-killer {int(sum(sol[x] for x in cells))} " + " ".join(map(_name, cells)) + f" : {clue}")
    return out


def _parity(sol, rng, count=24):
    return [("odd " if sol[c] % 2 else "even ") + _name(int(c)) for c in rng.permutation(N * N)[:count]]


def _quadruples(sol, rng, count=8):
    out = []
    for p in rng.permutation((N - 1) * (N - 1))[:count]:
        i, j = divmod(int(p), N - 1)
        cells = [i * N + j, i * N + j + 1, (i + 1) * N + j, (i + 1) * N + j + 1]
        digits = sorted(int(sol[c]) for c in rng.permutation(cells)[:3])
        out.append("quadruple " + ",".join(map(str, digits)) + " " + " ".join(map(_name, cells)))
    return out


def _mixed(sol, rng):
    return _thermometers(sol, rng, 4) + _arrows(sol, rng, 3) + _kropki(sol, rng)[::2]


#: kind -> constraints drawn over a solved grid (None: a killer's cages)
KINDS = {"thermometers": _thermometers, "arrows": _arrows, "kropki": _kropki, "xv+negative": _xv,
         "little killers": _little_killers, "odd/even": _parity, "quadruples": _quadruples, "mixed": _mixed,
         "killer cages": None}


def make(kind: str, seed: int) -> Sudoku:
    """A 9x9 puzzle of ``kind`` with one solution (givens removed while the bits count one)."""
    rng = np.random.default_rng(seed)
    sol = generate(seed=seed).solve(algorithm="bits")._cells.copy()
    if KINDS[kind] is None:
        cages = random_cages(sol, N, rng)

        def build(cells):
            return Sudoku.killer(cells, cages)
    else:
        text = "; ".join(KINDS[kind](sol, rng))

        def build(cells):
            return Sudoku(cells, constraints=text)
    cells = sol.copy()
    for c in rng.permutation(N * N):
        keep, cells[c] = cells[c], 0
        if build(cells).count(2, algorithm="bits") != 1:
            cells[c] = keep
    return build(cells)


def timed(s: Sudoku, algorithm: str, rounds: int, timeout: float) -> tuple[float, int | None]:
    """Best seconds of ``rounds`` proofs of uniqueness on ``algorithm``, and the guesses (None: cut)."""
    best = float("inf")
    nodes: int | None = None
    for _ in range(rounds):
        t0 = time.perf_counter()
        try:
            found = s.count(2, algorithm=algorithm, timeout=timeout)
        except LimitReached:
            return timeout, None
        best = min(best, time.perf_counter() - t0)
        assert found == 1, (algorithm, found)
        nodes = last_stats().nodes
    return best, nodes


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--puzzles", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--kinds", default=",".join(KINDS))
    args = ap.parse_args()
    Sudoku("." * 81, constraints="odd r1c1").count(2, algorithm="bits")  # compile before timing
    print(f"{'kind':<15} {'givens':>6} {'links ms':>10} {'links nodes':>12} {'bits ms':>9} {'bits nodes':>10} "
          f"{'links/bits':>10}")
    for kind in args.kinds.split(","):
        rows = []
        for k in range(args.puzzles):
            s = make(kind, 1000 + k)
            links = timed(s, "links", args.rounds, args.timeout)
            on_bits = timed(s, "bits", args.rounds, args.timeout)
            rows.append((int((s._cells > 0).sum()), links, on_bits))
        lt = statistics.median(r[1][0] for r in rows)
        bt = statistics.median(r[2][0] for r in rows)
        cut = sum(r[1][1] is None for r in rows)
        known = [r[1][1] for r in rows if r[1][1] is not None]
        ln = f"{statistics.median(known):.0f}" if known else "-"
        ln += f" ({cut} cut)" if cut else ""
        bn = statistics.median(r[2][1] or 0 for r in rows)
        shown = ('>' if cut else '') + f'{lt * 1e3:.2f}'
        print(f"{kind:<15} {statistics.median(r[0] for r in rows):>6.0f} {shown:>10} "
              f"{ln:>12} {bt * 1e3:>9.2f} {bn:>10.0f} {lt / bt:>10.1f}", flush=True)


if __name__ == "__main__":
    main()
