"""Make the example f-puzzles of puzzles/fpuzzles/ (see puzzles/README.md).

    python bench/make_fpuzzles.py NAME [SEED [START]]

NAME is thermo-arrows, kropki, killer or jigsaw-xv.  A solved grid (from the
generator, seeded) gets rules that hold on it (thermometers and arrows along
its digits, every kropki dot, cages and little killers with their sums, every
X and V); givens from the grid are added (START of the cells at random, then
one cell where two solutions differ at a time) until the puzzle is unique,
then dropped in random order while it stays unique.  The files were made with
SEED 36 and START 0.3; the JSON is f-puzzles', written by to_fpuzzles.
"""
import json, sys, time
import numpy as np
from dlxnumba import Sudoku, generate, LimitReached
START = 0.3  # the share of cells given before the search for a unique puzzle (main's third argument)
BUDGET = 200_000
from dlxnumba.sudoku.killer import random_cages
from dlxnumba.sudoku.constraints import little_killer_cells

rng = np.random.default_rng(36)  # main's second argument seeds it again
N = 9

def solved(n=9, seed=0, regions=None):
    p = generate(box=None if n == 9 else (2, 3), seed=seed) if regions is None else None
    if regions is not None:
        return Sudoku("." * n * n, regions=regions).solve()
    return p.solve()

def nbrs(n, c, diag=True):
    i, j = divmod(c, n)
    out = []
    for di in (-1, 0, 1):
        for dj in (-1, 0, 1):
            if (di or dj) and (diag or not (di and dj)):
                a, b = i + di, j + dj
                if 0 <= a < n and 0 <= b < n:
                    out.append(a * n + b)
    return out

def finish(base_kwargs, sol, n, max_givens=30):
    """Add givens from the solution until unique; then drop what is not needed."""
    flat = sol.reshape(-1)
    givens = np.zeros(n * n, int)
    start = rng.permutation(n * n)[:int(n * n * START)]
    givens[start] = flat[start]
    while True:
        s = Sudoku(givens.reshape(n, n), **base_kwargs)
        c = s.count(limit=2)
        if c == 1:
            break
        assert c == 2
        # a cell where two solutions differ
        a, b = list(s.solutions(limit=2))
        diff = np.flatnonzero(a.grid.reshape(-1) != b.grid.reshape(-1))
        cell = int(rng.choice(diff))
        givens[cell] = flat[cell]
    for cell in rng.permutation(np.flatnonzero(givens)):
        g = givens.copy(); g[cell] = 0
        try:
            if Sudoku(g.reshape(n, n), **base_kwargs).count(limit=2, max_nodes=BUDGET) == 1:
                givens = g
        except LimitReached:
            pass
    return Sudoku(givens.reshape(n, n), **base_kwargs)

def thermos_arrows(sol, n):
    g = sol.reshape(-1).astype(int)
    used = set(); cons = []
    for _ in range(400):
        if sum(1 for c in cons if c[0] == "thermometer") >= 5: break
        start = int(rng.integers(n * n))
        if start in used: continue
        path = [start]
        while len(path) < 6:
            nxt = [c for c in nbrs(n, path[-1]) if c not in used and c not in path and g[c] > g[path[-1]]]
            if not nxt: break
            path.append(int(rng.choice(nxt)))
        if len(path) >= 3:
            cons.append(("thermometer", path)); used.update(path)
    for _ in range(2000):
        if sum(1 for c in cons if c[0] == "arrow") >= 5: break
        bulb = int(rng.integers(n * n))
        if bulb in used or g[bulb] < 3: continue
        for _ in range(30):
            path = []
            cur = bulb; total = 0
            while total < g[bulb]:
                nxt = [c for c in nbrs(n, cur) if c not in used and c not in path and c != bulb]
                if not nxt: break
                cur = int(rng.choice(nxt)); path.append(cur); total += g[cur]
            if total == g[bulb] and len(path) >= 2:
                cons.append(("arrow", path, None, [bulb])); used.update(path + [bulb]); break
    return cons

def kropki(sol, n):
    g = sol.reshape(-1).astype(int); cons = []
    for a in range(n * n):
        for b in nbrs(n, a, diag=False):
            if a < b:
                x, y = g[a], g[b]
                if abs(x - y) == 1 and not (max(x, y) == 2 * min(x, y) and rng.random() < 0.5):
                    cons.append(("difference", [a, b], 1))
                elif max(x, y) == 2 * min(x, y):
                    cons.append(("ratio", [a, b], 2))
    cons.append(("negative-difference", (), (1,)))
    cons.append(("negative-ratio", (), (2,)))
    return cons

def little_killers(sol, n, k=4):
    g = sol.reshape(-1).astype(int); cons = []
    clues = [(0, j, "DOWN RIGHT") for j in range(1, n)] + [(0, j, "DOWN LEFT") for j in range(2, n + 1)] + \
            [(i, n + 1, "UP LEFT") for i in range(2, n + 1)]
    for idx in rng.permutation(len(clues))[:k]:
        r, c, d = clues[idx]
        cells = little_killer_cells(n, r, c, d)
        cons.append(("little-killer", list(cells), int(sum(g[x] for x in cells)), (r, c)))
    return cons

def write(name, s, title, rules):
    text = s.to_fpuzzles(title=title, author="dlxnumba", ruleset=rules, indent=None)
    open(f"puzzles/fpuzzles/{name}.json", "w").write(json.dumps(json.loads(text), indent=1) + "\n")
    print(name, s.grid.astype(bool).sum(), "givens", repr(s)[:200])

def main(argv):
    """Make the puzzle ``argv[0]`` (seed ``argv[1]``, share of givens to start from ``argv[2]``)."""
    global rng, START
    rng = np.random.default_rng(int(argv[1]) if len(argv) > 1 else 36)
    START = float(argv[2]) if len(argv) > 2 else 0.3
    which = argv[0]
    t0 = time.time()
    if which == "thermo-arrows":
        sol = solved(seed=int(rng.integers(1 << 30))).grid
        cons = thermos_arrows(sol, 9)
        s = finish(dict(constraints=cons), sol, 9)
        write("thermo-arrows", s, "Thermometers and arrows", "Normal sudoku rules apply. Digits on a thermometer increase from the bulb. Digits on an arrow sum to the digit in its circle.")
    elif which == "kropki":
        sol = solved(seed=int(rng.integers(1 << 30))).grid
        s = finish(dict(constraints=kropki(sol, 9)), sol, 9)
        write("kropki-negative", s, "Kropki, all dots given", "Normal sudoku rules apply. Digits joined by a white dot are consecutive; digits joined by a black dot are in a 1:2 ratio. All possible dots are given.")
    elif which == "killer":
        sol = solved(seed=int(rng.integers(1 << 30))).grid
        cages = random_cages(sol.reshape(-1), 9, rng)
        # keep about half the cages
        keep = [(t, c) for t, c in cages if rng.random() < 0.6]
        s = finish(dict(cages=keep, constraints=little_killers(sol, 9)), sol, 9)
        write("killer-little-killers", s, "Killer with little killers", "Normal sudoku rules apply. Digits in a cage do not repeat and sum to its total. Clues outside the grid give the sum of the digits along the diagonal they point at (digits may repeat).")
    elif which == "jigsaw-xv":
        regions = "AAABBB AACDBB CCABDD ECCDDF CEEFFD EEEFFF".replace(" ", "")
        sol = Sudoku("." * 36, regions=regions).solve().grid  # deterministic
        g = sol.reshape(-1).astype(int); cons = []
        for a in range(36):
            for b in nbrs(6, a, diag=False):
                if a < b and g[a] + g[b] in (5, 10):
                    cons.append(("xv", [a, b], int(g[a] + g[b])))
        cons.append(("negative-xv", (), (5, 10)))
        cons.append(("odd", [c for c in rng.permutation(36)[:4].tolist() if g[c] % 2]))
        cons = [c for c in cons if c[1] or c[0].startswith("negative")]
        s = finish(dict(regions=regions, constraints=cons), sol, 6)
        write("jigsaw-xv-6x6", s, "Jigsaw XV", "Normal sudoku rules apply in the irregular regions. X: the two digits add up to 10; V: to 5. All X and V are given. Circled cells are odd.")
    print(f"{time.time() - t0:.1f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
