"""Make the 9x9 puzzles with setters' constraints of ``puzzles/constraints/``.

    python bench/make_constraint_puzzles.py [--check]

Each starts from the solution of a generated puzzle (a fixed seed) and draws
constraints that hold on it, then takes givens away, in an order drawn from the
same seed, while the puzzle keeps exactly one solution:

* ``kropki.txt``: every pair of orthogonal neighbours whose digits differ by 1
  gets a white dot, every pair in the ratio 2 a black one, and the two negative
  rules say that the other pairs are neither (so every given goes);
* ``thermo-arrow.txt``: up to five thermometers of 3 to 5 cells along
  increasing digits, three arrows, and about half of the kropki dots that fit.

``--check`` compares what it makes with the files, without writing.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import numpy as np

from dlxnumba import Sudoku, generate

OUT = Path(__file__).resolve().parent.parent / "puzzles" / "constraints"


def _name(i: int, j: int) -> str:
    return f"r{i + 1}c{j + 1}"


def _king(i: int, j: int) -> list[tuple[int, int]]:
    return [(i + a, j + b) for a in (-1, 0, 1) for b in (-1, 0, 1)
            if (a or b) and 0 <= i + a < 9 and 0 <= j + b < 9]


def kropki(sol: np.ndarray, rng: random.Random, share: float = 1.0) -> list[str]:
    """White and black dots on the neighbours that fit them (each kept with ``share``)."""
    out = []
    for i in range(9):
        for j in range(9):
            for p, q in ((i + 1, j), (i, j + 1)):
                if p < 9 and q < 9:
                    x, y = int(sol[i, j]), int(sol[p, q])
                    if abs(x - y) == 1 and rng.random() < share:
                        out.append(f"difference {_name(i, j)} {_name(p, q)}")
                    elif (x == 2 * y or y == 2 * x) and rng.random() < share:
                        out.append(f"ratio {_name(i, j)} {_name(p, q)}")
    return out


def lines(sol: np.ndarray, rng: random.Random) -> list[str]:
    """Thermometers along increasing digits and arrows whose cells add up to the bulb."""
    out: list[str] = []
    used: set[tuple[int, int]] = set()
    for _ in range(40):
        if len(out) >= 5:
            break
        path = [(rng.randrange(9), rng.randrange(9))]
        while len(path) < 5:
            a, b = path[-1]
            nxt = [c for c in _king(a, b) if sol[c] > sol[a, b] and c not in path and c not in used]
            if not nxt:
                break
            path.append(rng.choice(nxt))
        if len(path) >= 3:
            used.update(path)
            out.append("thermometer " + " ".join(_name(*c) for c in path))
    arrows = 0
    for _ in range(60):
        if arrows >= 3:
            break
        bulb = (rng.randrange(9), rng.randrange(9))
        if bulb in used:
            continue
        path: list[tuple[int, int]] = []
        at = bulb
        while sum(int(sol[c]) for c in path) < sol[bulb]:
            nxt = [c for c in _king(*at) if c not in path and c != bulb and c not in used]
            if not nxt:
                break
            at = rng.choice(nxt)
            path.append(at)
        if len(path) >= 2 and sum(int(sol[c]) for c in path) == sol[bulb]:
            used.update(path + [bulb])
            out.append("arrow " + " ".join(_name(*c) for c in path) + " : " + _name(*bulb))
            arrows += 1
    return out


def make(kind: str, seed: int) -> str:
    """The text of one puzzle file (header lines and the grid)."""
    rng = random.Random(seed)
    sol = np.array(Sudoku(generate(seed=seed)).solve().grid, np.int64)
    if kind == "kropki":
        rules = kropki(sol, rng) + ["negative-difference 1", "negative-ratio 2"]
    else:
        rules = lines(sol, rng) + kropki(sol, rng, 0.5)
    text = "; ".join(rules)
    cells = sol.reshape(-1).copy()
    order = list(range(81))
    rng.shuffle(order)
    for c in order:
        keep, cells[c] = cells[c], 0
        if Sudoku(cells, constraints=text).count(2) != 1:
            cells[c] = keep
    s = Sudoku(cells, constraints=text)
    return f"variant: constraints\nconstraints: {text}\n{s}\n"


FILES = {"kropki.txt": ("kropki", 11), "thermo-arrow.txt": ("lines", 3)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--check", action="store_true", help="compare with the files, write nothing")
    args = p.parse_args(argv)
    bad = 0
    for name, (kind, seed) in FILES.items():
        text = make(kind, seed)
        path = OUT / name
        if args.check:
            same = path.exists() and path.read_text() == text
            print(f"{name}: {'same' if same else 'DIFFERS'}")
            bad += not same
        else:
            OUT.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
            print(f"wrote {path}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
