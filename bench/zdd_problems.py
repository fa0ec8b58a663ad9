"""The problems of the DLX6 benchmarks (bench/test_zdd.py, bench/zdd_table.py),
each with its number of solutions, known independently.

Each problem is built exactly as Knuth's generators write it (the tests
compare two of them with his files in ``tests/golden``), so that his DLX6 and
dlxnumba's see the same items and options in the same order and must report
the same search nodes, updates, cleansings and ZDD nodes.
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Callable, NamedTuple

import numpy as np

from dlxnumba import ExactCover, langford, pentominoes
from reference import domino_tilings

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"


def dominoes(m: int, n: int) -> ExactCover:
    """Domino tilings of an ``m x n`` board, as in ``tests/golden/dominoes6x6.dlx``:
    items ``i.j`` row by row; for each cell, the domino to its right, then below."""
    names = [f"{i}.{j}" for i in range(m) for j in range(n)]
    options = []
    for i in range(m):
        for j in range(n):
            if j + 1 < n:
                options.append([f"{i}.{j}", f"{i}.{j + 1}"])
            if i + 1 < m:
                options.append([f"{i}.{j}", f"{i + 1}.{j}"])
    return ExactCover.from_options(options, primary=names)


def _digit(x: int) -> str:
    return "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"[x]


def queens_knuth(n: int) -> ExactCover:
    """The ``n`` queens problem as Knuth's ``queens-dlx n`` writes it: rows and
    columns in organ-pipe order, the diagonals ``a``/``b`` secondary, without
    the two corner diagonals of one cell each."""
    nn = 2 * n - 2
    lines = []
    head = []
    for j in range(n):
        t = (n - 1 - j if j & 1 else n + j) >> 1
        head += [f"r{_digit(t)}", f"c{_digit(t)}"]
    head.append("|")
    for j in range(1, nn):
        head += [f"a{_digit(j)}", f"b{_digit(j)}"]
    lines.append(" ".join(head))
    for j in range(n):
        for k in range(n):
            entry = [f"r{_digit(j)}", f"c{_digit(k)}"]
            if 0 < j + k < nn:
                entry.append(f"a{_digit(j + k)}")
            if 0 < n - 1 - j + k < nn:
                entry.append(f"b{_digit(n - 1 - j + k)}")
            lines.append(" ".join(entry))
    return ExactCover.from_dlx("\n".join(lines) + "\n")


def de_bruijn_knuth(p: int, q: int, n: int) -> ExactCover:
    """Knuth's ``de-bruijn-dlx p q n``: a cycle through every ``n``-bit string of
    weight ``p..q`` exactly once (the smallest string placed first)."""
    strings = []
    for k in range(p, q + 1):
        acc = (1 << k) - 1
        while acc < 1 << n:
            strings.append(acc)
            if not acc:
                break
            u = acc & -acc
            v = acc + u
            acc = v + (((v ^ acc) // u) >> 2)  # Gosper's hack: the next of the same weight
    m = len(strings)
    lines = [" ".join([f"{s:x}" for s in strings] + [f"p{j}" for j in range(m)] + ["|"]
                      + [f"x{j}" for j in range(m)])]
    for acc in strings:
        for j in range(m):
            if acc < (1 << p) and j:
                break
            if acc >= (1 << p) and j == 0:
                continue
            bits = [f"x{(i + j) % m}:{1 if acc & (1 << (n - 1 - i)) else 0}" for i in range(n)]
            lines.append(" ".join([f"{acc:x}", f"p{j}"] + bits))
    return ExactCover.from_dlx("\n".join(lines) + "\n")


class Instance(NamedTuple):
    """A benchmark problem: how to build it, its number of solutions, and
    whether Knuth's DLX6 and xcover's ZDD search are practical on it."""

    build: Callable[[], ExactCover]
    count: Callable[[], int]
    dlx6: bool = True
    xcover: bool = True


#: Solutions known independently: Kasteleyn's formula for the dominoes; OEIS
#: A000170 (queens), 2 x A014552 (Langford pairs, both directions), 4 times the
#: pentomino rectangles up to symmetry (2 for 3 x 20, 368 for 4 x 15); 160 for
#: Knuth's de Bruijn file (golden.md), the others counted by DLX2 (no memo).
INSTANCES: dict[str, Instance] = {
    "dominoes-8x8": Instance(lambda: dominoes(8, 8), lambda: domino_tilings(8, 8), xcover=False),
    "dominoes-10x10": Instance(lambda: dominoes(10, 10), lambda: domino_tilings(10, 10), xcover=False),
    "dominoes-12x12": Instance(lambda: dominoes(12, 12), lambda: domino_tilings(12, 12), xcover=False),
    "queens-8": Instance(lambda: queens_knuth(8), lambda: 92),
    "queens-9": Instance(lambda: queens_knuth(9), lambda: 352),
    "queens-10": Instance(lambda: queens_knuth(10), lambda: 724),
    "queens-11": Instance(lambda: queens_knuth(11), lambda: 2680),
    "queens-12": Instance(lambda: queens_knuth(12), lambda: 14200),
    "debruijn-1-3-5": Instance(lambda: de_bruijn_knuth(1, 3, 5), lambda: 160),
    "debruijn-1-4-5": Instance(lambda: de_bruijn_knuth(1, 4, 5), lambda: de_bruijn_knuth(1, 4, 5).count()),
    "debruijn-1-3-6": Instance(lambda: de_bruijn_knuth(1, 3, 6), lambda: de_bruijn_knuth(1, 3, 6).count()),
    "langford-8": Instance(lambda: langford(8)[0], lambda: 300),
    "langford-11": Instance(lambda: langford(11)[0], lambda: 35584),
    "langford-12": Instance(lambda: langford(12)[0], lambda: 216288),
    "pentominoes-3x20": Instance(lambda: pentominoes(3, 20)[0], lambda: 8),
    "pentominoes-4x15": Instance(lambda: pentominoes(4, 15)[0], lambda: 1472, xcover=False),
}


def golden(name: str) -> ExactCover:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        return ExactCover.from_dlx(GOLDEN / name)


def xcover_args(problem: ExactCover, memo: bool = False) -> tuple:
    """The arguments of xcover's ZDD search, ``xcover.dancing_cells_zdd.algorithm_z``
    (what ``covers_zdd`` calls after turning lists into arrays): item numbers
    with the secondary items last, a color number per node (0 for none), its
    memo cache on or off, branching on the item of fewest options."""
    return (problem.opt_items.astype(np.uint32), problem.opt_ptr.astype(np.uint32),
            problem.opt_colors.astype(np.uint32), np.uint32(problem.n_items),
            np.uint32(problem.n_items - problem.n_primary), memo, "MRV")


def xcover_count(args) -> tuple[int, int]:
    """(solutions, nodes) of the ZDD xcover yields: node ``(i, option, lo, hi)``
    counts those of ``lo`` and ``hi``; the last node is the root."""
    from xcover.dancing_cells_zdd import algorithm_z

    count = {0: 0, 1: 1}
    last = 0
    for i, _, lo, hi in algorithm_z(*args):
        count[i] = count[lo] + count[hi]
        last = i
    return count[last], len(count)
