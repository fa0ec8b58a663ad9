"""Pencil marks and hints: every step of the logical solver checked by an
independent verifier of its technique's definition, hand-made positions where
each technique fires, and soundness against the engine's solutions.

The verifier (:func:`verify_step`) knows nothing of the kernels: it takes the
candidates before a step as Python sets and checks, from the definition of the
named technique, that the pattern the step names is there and that the step
places or removes exactly what the pattern implies.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dlxnumba import Sudoku, SudokuError, load_puzzles
from dlxnumba.sudoku import TECHNIQUES, Step
from strategies import examples

# ----------------------------------------------------------------- the verifier


def sets_of(marks: np.ndarray) -> list[set[int]]:
    """The candidates of each cell (row-major) as sets of digits."""
    n = marks.shape[0]
    return [set((np.flatnonzero(marks[c // n, c % n]) + 1).tolist()) for c in range(n * n)]


def region_cells(s: Sudoku) -> dict[str, list[int]]:
    """The regions by name, worked out from rows, columns and boxes (not from the geometry table)."""
    n, (r, c) = s.n, s.box
    out = {}
    for i in range(n):
        out[f"row {i + 1}"] = [i * n + j for j in range(n)]
        out[f"column {i + 1}"] = [j * n + i for j in range(n)]
    for b in range(n):
        top, left = (b // (n // c)) * r, (b % (n // c)) * c
        out[f"box {b + 1}"] = [(top + i) * n + left + j for i in range(r) for j in range(c)]
    return out


def sees(regions: dict, a: int, b: int) -> bool:
    return a != b and any(a in cells and b in cells for cells in regions.values())


def verify_step(step: Step, grid: list[int], cand: list[set[int]], regions: dict) -> None:
    """Assert that ``step`` is an instance of its technique in this position.

    ``grid`` holds the digits (0 = empty), ``cand`` the candidates of the empty
    cells (filled cells: empty sets).
    """
    t = step.technique
    empty = [c for c in range(len(grid)) if grid[c] == 0]
    elims = set(step.eliminations)
    assert len(elims) == len(step.eliminations), "an elimination listed twice"
    for cell, d in elims:
        assert d in cand[cell], f"{t} removes {d} from {cell}, which is not a candidate there"

    def places(region, d):
        return [x for x in regions[region] if d in cand[x]]

    if step.placed is not None:
        assert not elims
        cell, d = step.placed
        assert grid[cell] == 0 and d in cand[cell]
        if t == "full house":
            (region,) = step.regions
            assert [x for x in regions[region] if grid[x] == 0] == [cell]
        elif t == "hidden single":
            (region,) = step.regions
            assert places(region, d) == [cell]
        elif t == "naked single":
            assert cand[cell] == {d}
        else:
            raise AssertionError(f"{t} places a digit")
        return
    assert elims, f"{t} removes nothing"
    if t in ("pointing", "claiming"):
        a, b = step.regions
        assert a.startswith("box") == (t == "pointing") and b.startswith("box") == (t == "claiming")
        (d,) = step.digits
        inside = places(a, d)
        assert inside and set(inside) <= set(regions[b]) and sorted(step.cells) == sorted(inside)
        assert elims == {(y, d) for y in regions[b] if y not in regions[a] and d in cand[y]}
    elif t.startswith("naked") and t != "naked single":
        k = {"pair": 2, "triple": 3, "quad": 4}[t.split()[1]]
        (region,) = step.regions
        cells = set(step.cells)
        assert len(cells) == k and cells <= set(regions[region]) and all(grid[c] == 0 for c in cells)
        union = set().union(*(cand[c] for c in cells))
        assert union == set(step.digits) and len(union) == k
        assert elims == {(y, d) for y in regions[region] if y not in cells for d in cand[y] & union}
    elif t.startswith("hidden") and t != "hidden single":
        k = {"pair": 2, "triple": 3, "quad": 4}[t.split()[1]]
        (region,) = step.regions
        digits = set(step.digits)
        assert len(digits) == k
        where = set().union(*(places(region, d) for d in digits))
        assert where == set(step.cells) and len(where) == k
        assert all(places(region, d) for d in digits)
        assert elims == {(c, d) for c in where for d in cand[c] - digits}
    elif t in ("X-wing", "swordfish", "jellyfish"):
        k = {"X-wing": 2, "swordfish": 3, "jellyfish": 4}[t]
        (d,) = step.digits
        n = int(round(len(grid) ** 0.5))
        line, other = ((lambda c: c // n), (lambda c: c % n))
        if step.regions == ("columns",):
            line, other = other, line
        base = {line(c) for c in step.cells}
        cover = {other(c) for c in step.cells}
        assert len(base) == k and len(cover) == k
        for c in empty:  # every place of d in a base line is in a cover line, and listed
            if d in cand[c] and line(c) in base:
                assert other(c) in cover and c in step.cells
        assert elims == {(c, d) for c in empty if d in cand[c] and other(c) in cover and line(c) not in base}
    elif t == "XY-wing":
        p, a, b = step.cells
        cp, ca, cb = cand[p], cand[a], cand[b]
        assert len(cp) == len(ca) == len(cb) == 2 and sees(regions, p, a) and sees(regions, p, b)
        (z,) = ca - cp
        assert cb - cp == {z} and len(ca & cp) == 1 and len(cb & cp) == 1 and ca & cp != cb & cp
        assert elims == {(c, z) for c in empty if c not in (a, b) and z in cand[c]
                         and sees(regions, c, a) and sees(regions, c, b)}
    elif t == "XYZ-wing":
        p, a, b = step.cells
        cp, ca, cb = cand[p], cand[a], cand[b]
        assert len(cp) == 3 and len(ca) == len(cb) == 2 and ca < cp and cb < cp and ca != cb
        assert sees(regions, p, a) and sees(regions, p, b)
        (z,) = ca & cb
        assert elims == {(c, z) for c in empty if c not in (p, a, b) and z in cand[c]
                         and sees(regions, c, p) and sees(regions, c, a) and sees(regions, c, b)}
    elif t == "simple coloring":
        (d,) = step.digits
        colors = {c: 0 for c in step.cells[:step.split]} | {c: 1 for c in step.cells[step.split:]}
        # the chain: linked by conjugate pairs of d, colors alternating, closed
        links = [tuple(places(r, d)) for r in regions if len(places(r, d)) == 2]
        start = step.cells[0]
        seen, todo = {start: 0}, [start]
        while todo:
            x = todo.pop()
            for a, b in links:
                if x in (a, b):
                    y = b if x == a else a
                    if y not in seen:
                        seen[y] = seen[x] ^ 1
                        todo.append(y)
        assert seen == colors, "the colors are not the chain of conjugate pairs"
        wrong = [k for k in (0, 1) if any(colors[a] == colors[b] == k and sees(regions, a, b)
                                          for a, b in itertools.combinations(colors, 2))]
        if wrong:
            assert elims == {(c, d) for c in colors if colors[c] == wrong[0]}
        else:
            assert elims == {(y, d) for y in empty if y not in colors and d in cand[y]
                             and any(sees(regions, y, c) for c in colors if colors[c] == 0)
                             and any(sees(regions, y, c) for c in colors if colors[c] == 1)}
    elif t == "unique rectangle":
        p, q, s_, r = step.cells
        a, b = step.digits
        n = int(round(len(grid) ** 0.5))
        assert p // n == q // n and s_ // n == r // n and p % n == r % n and q % n == s_ % n
        assert cand[p] == cand[q] == cand[r] == {a, b} and {a, b} < cand[s_]
        corners = [p, q, s_, r]
        for cells in regions.values():  # a region holds none, or two corners side by side
            inside = [i for i in range(4) if corners[i] in cells]
            assert inside in ([], [0, 1], [1, 2], [2, 3], [0, 3])
        assert len({tuple(sorted(c for c in corners if c in cells))
                    for name, cells in regions.items() if name.startswith("box") and set(cells) & set(corners)}) == 2
        assert elims == {(s_, a), (s_, b)} & {(s_, d) for d in cand[s_]}
    elif t == "X-chain":
        (d,) = step.digits
        chain = step.cells
        assert len(chain) % 2 == 0 and all(d in cand[c] for c in chain)
        for i in range(len(chain) - 1):
            a, b = chain[i], chain[i + 1]
            if i % 2 == 0:  # strong: the only two places of d in some region
                assert any(sorted(places(r, d)) == sorted((a, b)) for r in regions), f"{a}-{b} is not strong"
            else:  # weak: they see each other
                assert sees(regions, a, b)
        a, b = chain[0], chain[-1]
        assert a != b
        assert elims == {(y, d) for y in empty if y not in (a, b) and d in cand[y]
                         and sees(regions, y, a) and sees(regions, y, b)}
    elif t == "XY-chain":
        (x,) = step.digits
        chain = step.cells
        assert all(len(cand[c]) == 2 for c in chain) and x in cand[chain[0]]
        (t_,) = cand[chain[0]] - {x}  # if the first cell is not x, it is t_ ...
        for a, b in zip(chain, chain[1:]):
            assert sees(regions, a, b) and t_ in cand[b]
            (t_,) = cand[b] - {t_}  # ... so b is not t_, and is its other digit
        assert t_ == x and chain[0] != chain[-1]
        a, b = chain[0], chain[-1]
        assert elims == {(y, x) for y in empty if y not in (a, b) and x in cand[y]
                         and sees(regions, y, a) and sees(regions, y, b)}
    else:
        raise AssertionError(f"unknown technique {t!r}")


def check_solve(s: Sudoku, solution: np.ndarray | None) -> list[Step]:
    """Run the logical solve of ``s``, verifying every step against its definition
    and (given the solution) against the truth; returns the steps."""
    regions = region_cells(s)
    grid = s.grid.ravel().astype(int).tolist()
    cand = sets_of(s.candidates())
    for c in range(len(grid)):
        if grid[c]:
            cand[c] = set()
    steps = s.steps()
    for step in steps:
        verify_step(step, grid, cand, regions)
        assert str(step).startswith(step.technique)
        if solution is not None:
            if step.placed is not None:
                assert solution[step.placed[0]] == step.placed[1], f"{step} places a wrong digit"
            for cell, d in step.eliminations:
                assert solution[cell] != d, f"{step} removes the true digit of {cell}"
        if step.placed is not None:
            cell, d = step.placed
            grid[cell] = d
            cand[cell] = set()
            for cells in regions.values():
                if cell in cells:
                    for x in cells:
                        cand[x].discard(d)
        for cell, d in step.eliminations:
            cand[cell].discard(d)
    return steps


# ----------------------------------------------------------------- soundness on shipped sets


@pytest.mark.parametrize("name", ["easy50", "top95", "hardest", "sudoku4", "sudoku6", "sudoku16"])
def test_every_step_is_its_technique_and_sound(name):
    puzzles = load_puzzles(name)
    used = set()
    box = {"sudoku6": (2, 3)}.get(name)
    for p in puzzles[:30] if name == "sudoku16" else puzzles:
        s = Sudoku(p, box)
        solution = s.solve()
        steps = check_solve(s, solution.grid.ravel())
        used.update(step.technique for step in steps)
        grade = s.grade(effort=False)
        assert grade.steps == len(steps)
        if grade.solved:  # a logical solve that completes is the engine's solution
            grid = s.grid.flatten()
            for step in steps:
                if step.placed:
                    grid[step.placed[0]] = step.placed[1]
            assert np.array_equal(grid, solution.grid.ravel())
    if name == "top95":  # the sets exercise the techniques beyond singles
        assert {"pointing", "claiming", "naked pair", "hidden pair", "simple coloring"} <= used


def test_grade_many_grids_equal_the_engine_solutions():
    puzzles = load_puzzles("top95") + load_puzzles("easy50")
    r = __import__("dlxnumba").grade_many(puzzles, effort=False, threads=1)
    from dlxnumba import solve_many

    sols, _ = solve_many(puzzles, threads=1)
    assert r.solved.any() and not r.solved.all()
    assert np.array_equal(r.grids[r.solved], sols[r.solved])
    # where the logic got stuck, every digit it placed is right
    stuck = ~r.solved
    placed = r.grids[stuck] != 0
    assert np.array_equal(r.grids[stuck][placed], sols[stuck][placed])


# ----------------------------------------------------------------- hand-made positions

N = 9
EMPTY = "." * 81


def cell(name: str) -> int:
    """``r2c5`` -> its cell number."""
    r, c = name[1:].split("c")
    return (int(r) - 1) * N + int(c) - 1


def marks_of(**spec) -> np.ndarray:
    """Pencil marks of an empty 9x9 grid: every digit everywhere, but each
    ``r1c5="13"`` keyword sets that cell's candidates."""
    m = np.ones((N, N, N), bool)
    for name, digits in spec.items():
        c = cell(name)
        m[c // N, c % N] = False
        for d in digits:
            m[c // N, c % N, int(d) - 1] = True
    return m


def without(m: np.ndarray, digit: int, cells) -> np.ndarray:
    """``m`` with ``digit`` removed from ``cells``."""
    m = m.copy()
    for c in cells:
        m[c // N, c % N, digit - 1] = False
    return m


def row(i):
    return [(i - 1) * N + j for j in range(N)]


def col(j):
    return [i * N + j - 1 for i in range(N)]


def box(b):
    top, left = (b - 1) // 3 * 3, (b - 1) % 3 * 3
    return [(top + i) * N + left + j for i in range(3) for j in range(3)]


def names(cells) -> set[int]:
    return {cell(c) if isinstance(c, str) else c for c in cells}


def hint_checked(m: np.ndarray, puzzle: str = EMPTY) -> Step:
    """The hint of a position, verified against the definition of its technique."""
    s = Sudoku(puzzle)
    step = s.hint(m)
    assert step is not None
    grid = s.grid.ravel().astype(int).tolist()
    cand = sets_of(m & s.candidates())
    for c in range(81):
        if grid[c]:
            cand[c] = set()
    verify_step(step, grid, cand, region_cells(s))
    return step


def elim_set(step: Step) -> set[tuple[int, int]]:
    return set(step.eliminations)


def test_full_house():
    solution = Sudoku(load_puzzles("top95")[0]).solve()
    text = str(solution)
    puzzle = text[:40] + "." + text[41:]
    step = hint_checked(np.ones((9, 9, 9), bool), puzzle)
    assert step.technique == "full house" and step.placed == (40, int(text[40]))
    assert str(step) == f"full house: r5c5 = {text[40]} (the last empty cell of row 5)"


def test_hidden_single():
    m = without(np.ones((9, 9, 9), bool), 7, [c for c in box(1) if c != cell("r2c2")])
    step = hint_checked(m)
    assert (step.technique, step.placed, step.regions) == ("hidden single", (cell("r2c2"), 7), ("box 1",))
    assert str(step) == "hidden single: r2c2 = 7 (the only place for 7 in box 1)"


def test_naked_single():
    step = hint_checked(marks_of(r5c5="4"))
    assert (step.technique, step.placed) == ("naked single", (cell("r5c5"), 4))
    assert str(step) == "naked single: r5c5 = 4 (its only candidate)"


def test_pointing():
    m = without(np.ones((9, 9, 9), bool), 3, [c for c in box(1) if c not in row(2)])
    step = hint_checked(m)
    assert step.technique == "pointing" and step.regions == ("box 1", "row 2")
    assert elim_set(step) == {(c, 3) for c in row(2)[3:]}
    assert str(step).startswith("pointing: in box 1, 3 lies only in row 2 (r2c1, r2c2, r2c3): removes 3 from r2c4,")


def test_claiming():
    m = without(np.ones((9, 9, 9), bool), 3, row(1)[3:])
    step = hint_checked(m)
    assert step.technique == "claiming" and step.regions == ("row 1", "box 1")
    assert elim_set(step) == {(c, 3) for c in box(1) if c not in row(1)}


def test_naked_pair():
    step = hint_checked(marks_of(r1c1="12", r1c2="12"))
    assert step.technique == "naked pair" and step.regions == ("row 1",) and step.digits == (1, 2)
    assert elim_set(step) == {(c, d) for c in row(1)[2:] for d in (1, 2)}
    assert str(step).startswith("naked pair {1, 2} in row 1 (r1c1, r1c2): removes 1 from r1c3, ")


def test_hidden_pair():
    m = without(without(np.ones((9, 9, 9), bool), 1, names(row(1)) - names(["r1c1", "r1c5"])),
                2, names(row(1)) - names(["r1c1", "r1c5"]))
    step = hint_checked(m)
    assert step.technique == "hidden pair" and step.digits == (1, 2)
    assert elim_set(step) == {(c, d) for c in names(["r1c1", "r1c5"]) for d in range(3, 10)}


def test_naked_triple():
    step = hint_checked(marks_of(r1c1="12", r1c5="23", r1c9="13"))
    assert step.technique == "naked triple" and step.digits == (1, 2, 3)
    assert elim_set(step) == {(c, d) for c in names(row(1)) - names(["r1c1", "r1c5", "r1c9"]) for d in (1, 2, 3)}


def test_hidden_triple():
    m = np.ones((9, 9, 9), bool)
    for d in (1, 2, 3):
        m = without(m, d, names(row(1)) - names(["r1c1", "r1c5", "r1c9"]))
    step = hint_checked(m)
    assert step.technique == "hidden triple" and step.digits == (1, 2, 3)
    assert elim_set(step) == {(c, d) for c in names(["r1c1", "r1c5", "r1c9"]) for d in range(4, 10)}


def test_naked_quad():
    step = hint_checked(marks_of(r1c1="12", r1c3="23", r1c5="34", r1c7="14"))
    assert step.technique == "naked quad" and step.digits == (1, 2, 3, 4)
    quad = names(["r1c1", "r1c3", "r1c5", "r1c7"])
    assert elim_set(step) == {(c, d) for c in names(row(1)) - quad for d in (1, 2, 3, 4)}


def test_hidden_quad():
    quad = names(["r1c1", "r1c3", "r1c5", "r1c7"])
    m = np.ones((9, 9, 9), bool)
    for d in (1, 2, 3, 4):
        m = without(m, d, names(row(1)) - quad)
    step = hint_checked(m)
    assert step.technique == "hidden quad" and step.digits == (1, 2, 3, 4)
    assert elim_set(step) == {(c, d) for c in quad for d in range(5, 10)}


def fish_marks(rows_cols: dict[int, tuple[int, ...]], digit: int = 5) -> np.ndarray:
    """Digit ``digit`` only in the given columns of the given rows."""
    m = np.ones((9, 9, 9), bool)
    for r, cols in rows_cols.items():
        m = without(m, digit, [c for c in row(r) if c % 9 + 1 not in cols])
    return m


def fish_elims(rows_cols: dict[int, tuple[int, ...]], digit: int = 5) -> set:
    cover = set().union(*rows_cols.values())
    return {(c, digit) for j in cover for c in col(j) if c // 9 + 1 not in rows_cols}


@pytest.mark.parametrize("technique, pattern", [
    ("X-wing", {2: (3, 8), 7: (3, 8)}),
    ("swordfish", {1: (1, 5), 5: (5, 9), 9: (1, 9)}),
    ("jellyfish", {1: (1, 4), 3: (4, 7), 5: (5, 7), 7: (1, 5)}),
])
def test_fish(technique, pattern):
    step = hint_checked(fish_marks(pattern))
    assert step.technique == technique and step.digits == (5,) and step.regions == ("rows",)
    assert elim_set(step) == fish_elims(pattern)
    # the same pattern on columns
    t = hint_checked(fish_marks(pattern).transpose(1, 0, 2).copy())
    assert t.technique == technique and t.regions == ("columns",)
    assert elim_set(t) == {((c % 9) * 9 + c // 9, d) for c, d in fish_elims(pattern)}


def test_xy_wing():
    step = hint_checked(marks_of(r1c1="12", r1c5="13", r5c1="23"))
    assert step.technique == "XY-wing" and step.cells == tuple(names(["r1c1"])) + (cell("r1c5"), cell("r5c1"))
    assert elim_set(step) == {(cell("r5c5"), 3)}
    assert str(step) == "XY-wing: pivot r1c1 {1, 2}, pincers r1c5 {1, 3} and r5c1 {2, 3}: removes 3 from r5c5"


def test_xyz_wing():
    step = hint_checked(marks_of(r1c1="123", r1c2="13", r4c1="23"))
    assert step.technique == "XYZ-wing"
    assert elim_set(step) == {(cell("r2c1"), 3), (cell("r3c1"), 3)}


def test_simple_coloring_trap():
    m = np.ones((9, 9, 9), bool)
    m = without(m, 5, names(row(1)) - names(["r1c1", "r1c6"]))
    m = without(m, 5, names(col(6)) - names(["r1c6", "r5c6"]))
    m = without(m, 5, names(row(5)) - names(["r5c6", "r5c2"]))
    step = hint_checked(m)
    assert step.technique == "simple coloring" and step.wrap == -1
    assert elim_set(step) == {(cell(c), 5) for c in ("r2c2", "r3c2", "r4c1", "r6c1")}
    assert "color trap" in str(step)


def test_simple_coloring_wrap():
    m = np.ones((9, 9, 9), bool)
    m = without(m, 5, names(row(1)) - names(["r1c1", "r1c5"]))
    m = without(m, 5, names(col(5)) - names(["r1c5", "r4c5"]))
    m = without(m, 5, names(row(4)) - names(["r4c5", "r4c2"]))
    m = without(m, 5, names(col(2)) - names(["r4c2", "r2c2"]))
    step = hint_checked(m)
    assert step.technique == "simple coloring" and step.wrap >= 0
    assert elim_set(step) == {(cell(c), 5) for c in ("r1c1", "r4c5", "r2c2")}
    assert "color wrap" in str(step)


def test_x_chain():
    m = np.ones((9, 9, 9), bool)
    m = without(m, 5, names(row(1)) - names(["r1c1", "r1c5"]))
    m = without(m, 5, names(col(6)) - names(["r2c6", "r8c6"]))
    step = hint_checked(m)
    assert step.technique == "X-chain" and step.cell_names == ["r1c1", "r1c5", "r2c6", "r8c6"]
    assert elim_set(step) == {(cell("r8c1"), 5)}
    assert str(step) == "X-chain on 5: r1c1 - r1c5 - r2c6 - r8c6: removes 5 from r8c1"


def test_xy_chain():
    step = hint_checked(marks_of(r1c1="12", r1c5="23", r5c5="34", r5c9="14"))
    assert step.technique == "XY-chain" and step.cell_names == ["r1c1", "r1c5", "r5c5", "r5c9"]
    assert elim_set(step) == {(cell("r1c9"), 1), (cell("r5c1"), 1)}


def test_unique_rectangle():
    m = marks_of(r1c1="12", r1c2="12", r5c1="12", r5c2="1234")
    for d in (1, 2):  # no naked pairs left to find in row 1, box 1, column 1
        m = without(m, d, (names(row(1)) | names(box(1)) | names(col(1))) - names(["r1c1", "r1c2", "r5c1"]))
    step = hint_checked(m)
    assert step.technique == "unique rectangle" and step.cell_names == ["r1c1", "r1c2", "r5c2", "r5c1"]
    assert elim_set(step) == {(cell("r5c2"), 1), (cell("r5c2"), 2)}
    assert str(step) == ("unique rectangle {1, 2}: r1c1, r1c2, r5c2, r5c1 (two solutions if r5c2 were 1 or 2): "
                         "removes 1 from r5c2; 2 from r5c2")
    # without the assumption of one solution, something else (or nothing)
    other = Sudoku(EMPTY).hint(m, uniqueness=False)
    assert other is None or other.technique != "unique rectangle"
    # four corners in four boxes: no deadly pattern, no step
    m4 = marks_of(r1c1="12", r1c5="12", r5c1="12", r5c5="1234")
    for d in (1, 2):
        m4 = without(m4, d, (names(row(1)) | names(col(1))) - names(["r1c1", "r1c5", "r5c1"]))
    step4 = Sudoku(EMPTY).hint(m4)
    assert step4 is None or step4.technique != "unique rectangle"


def test_every_technique_has_a_position_here():
    """The hand-made positions above cover every technique of the table."""
    tested = {"full house", "hidden single", "naked single", "pointing", "claiming", "naked pair",
              "hidden pair", "naked triple", "hidden triple", "naked quad", "hidden quad", "X-wing",
              "swordfish", "jellyfish", "XY-wing", "XYZ-wing", "simple coloring", "X-chain", "XY-chain", "unique rectangle"}
    assert tested == {t.name for t in TECHNIQUES} - {"none", "beyond techniques"}


# ----------------------------------------------------------------- candidates and hint API


def test_candidates_are_the_digits_no_peer_holds():
    s = Sudoku(load_puzzles("top95")[0])
    c = s.candidates()
    regions = region_cells(s)
    grid = s.grid.ravel()
    for x in range(81):
        if grid[x]:
            assert c[x // 9, x % 9].tolist() == [d == grid[x] for d in range(1, 10)]
        else:
            held = {int(grid[y]) for cells in regions.values() if x in cells for y in cells}
            assert set((np.flatnonzero(c[x // 9, x % 9]) + 1).tolist()) == set(range(1, 10)) - held


def test_candidates_of_other_shapes():
    s = Sudoku("1.3..4.23.4..2.1", box=(2, 2))
    assert s.candidates().shape == (4, 4, 4)
    s6 = Sudoku(load_puzzles("sudoku6")[0])
    c = s6.candidates()
    assert c.shape == (6, 6, 6) and c.any(axis=2).all()


@pytest.mark.parametrize("index", range(0, 40, 4))
def test_tall_boxes(index):
    """A 6x6 puzzle transposed has boxes of 3 rows by 2 columns: the steps are sound there too."""
    grid = Sudoku(load_puzzles("sudoku6")[index]).grid.T
    s = Sudoku(grid, box=(3, 2))
    check_solve(s, s.solve().grid.ravel())


def test_hint_of_a_full_grid_is_none_and_a_contradiction_raises():
    full = Sudoku(load_puzzles("top95")[0]).solve()
    assert full.hint() is None and full.steps() == []
    m = np.ones((9, 9, 9), bool)
    m[0, 0] = False
    with pytest.raises(SudokuError, match="contradict"):
        Sudoku(EMPTY).hint(m)
    with pytest.raises(SudokuError, match=r"\(9, 9, 9\) bool"):
        Sudoku(EMPTY).hint(np.ones((9, 9), bool))


def test_hint_is_the_first_step_and_does_not_change_the_grid():
    s = Sudoku(load_puzzles("easy50")[0])
    before = str(s)
    assert s.hint() == s.steps(max_steps=1)[0]
    assert str(s) == before


def test_stuck_grid_has_no_hint():
    s = Sudoku("6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6.....")
    steps = s.steps()
    grid = s.grid.flatten()
    for step in steps:
        if step.placed:
            grid[step.placed[0]] = step.placed[1]
    stuck = Sudoku(grid)
    m = stuck.candidates()
    for step in steps:
        for c, d in step.eliminations:
            if not grid[c]:
                m[c // 9, c % 9, d - 1] = False
    assert stuck.hint(m) is None


@settings(max_examples=examples(25), deadline=None)
@given(st.integers(0, 94), st.integers(0, 2**32 - 1))
def test_steps_sound_from_partly_solved_grids(index, seed):
    """From a top95 puzzle with some of its solution's digits filled in (still
    one solution), every step is its technique and true."""
    s = Sudoku(load_puzzles("top95")[index])
    solution = s.solve().grid.ravel()
    rng = np.random.default_rng(seed)
    grid = s.grid.flatten()
    empty = np.flatnonzero(grid == 0)
    fill = rng.choice(empty, size=rng.integers(0, len(empty) // 2 + 1), replace=False)
    grid[fill] = solution[fill]
    check_solve(Sudoku(grid), solution)


@settings(max_examples=examples(40), deadline=None)
@given(st.integers(0, 94), st.integers(0, 2**32 - 1), st.floats(0.0, 0.6))
def test_hints_sound_from_random_pencil_marks(index, seed, drop):
    """Pencil marks thinned at random (never the solution's digit): each hint,
    applied in turn for a few steps, is its technique and true."""
    s = Sudoku(load_puzzles("top95")[index])
    solution = s.solve().grid.ravel()
    rng = np.random.default_rng(seed)
    m = s.candidates()
    truth = np.zeros((81, 9), bool)
    truth[np.arange(81), solution.astype(int) - 1] = True
    m = m & ((rng.random((9, 9, 9)) >= drop) | truth.reshape(9, 9, 9))
    regions = region_cells(s)
    grid = s.grid.ravel().astype(int).tolist()
    for _ in range(8):
        cur = Sudoku(np.array(grid, np.uint8))
        marks = m & cur.candidates()
        step = cur.hint(marks)
        if step is None:
            break
        cand = sets_of(marks)
        for c in range(81):
            if grid[c]:
                cand[c] = set()
        verify_step(step, grid, cand, regions)
        if step.placed is not None:
            assert solution[step.placed[0]] == step.placed[1]
            grid[step.placed[0]] = step.placed[1]
        for c, d in step.eliminations:
            assert solution[c] != d
            m[c // 9, c % 9, d - 1] = False


@settings(max_examples=examples(40), deadline=None)
@given(st.sampled_from([("sudoku4", None), ("sudoku6", None), ("sudoku6", "T")]), st.integers(0, 39),
       st.integers(0, 2**32 - 1), st.floats(0.2, 0.9))
def test_steps_sound_on_puzzles_with_several_solutions(source, index, seed, blank):
    """A solved small grid with cells blanked at random (often several
    solutions): a step that places a digit agrees with every solution, and an
    elimination removes a digit that no solution has there."""
    name, shape = source
    s = Sudoku(load_puzzles(name)[index % len(load_puzzles(name))])
    grid = s.solve().grid
    box = s.box
    if shape == "T":  # transposed: boxes 3 rows by 2 columns
        grid, box = grid.T, (box[1], box[0])
    rng = np.random.default_rng(seed)
    cells = grid.reshape(-1).copy()
    cells[rng.random(cells.size) < blank] = 0
    puzzle = Sudoku(cells, box=box)
    solutions = [t.grid.ravel() for t in puzzle.solutions(limit=300)]
    if len(solutions) == 300:
        return  # too many to check every one
    regions = region_cells(puzzle)
    cur = puzzle.grid.ravel().astype(int).tolist()
    cand = sets_of(puzzle.candidates())
    for c in range(len(cur)):
        if cur[c]:
            cand[c] = set()
    for step in puzzle.steps(uniqueness=False):  # the unique rectangle assumes one solution
        verify_step(step, cur, cand, regions)
        if step.placed is not None:
            c, d = step.placed
            assert all(sol[c] == d for sol in solutions), f"{step}: not in every solution"
            cur[c] = d
            cand[c] = set()
            for group in regions.values():
                if c in group:
                    for x in group:
                        cand[x].discard(d)
        for c, d in step.eliminations:
            assert all(sol[c] != d for sol in solutions), f"{step}: some solution has {d} there"
            cand[c].discard(d)
