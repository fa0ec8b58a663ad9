"""A small problem set that reaches every family of kernels, printed as JSON.

Run as a script, compiled (as usual) or as plain Python with
``NUMBA_DISABLE_JIT=1`` (``tests/kernels/test_nojit.py`` compares the two).
Under ``coverage run`` with ``NUMBA_DISABLE_JIT=1`` it measures how much of
the compiled code's logic the set runs::

    NUMBA_DISABLE_JIT=1 python -m coverage run --source=dlxnumba/kernels tests/kernels/nojit_problems.py
    python -m coverage report

Every answer goes through the public API (the Python floors choose the
kernels); the figures are the solutions and Knuth's counters, which any
faithful run reproduces exactly, compiled or not.
"""

from __future__ import annotations

import json

KNUTH = [["C", "E", "F"], ["A", "D", "G"], ["B", "C", "F"], ["A", "D"], ["B", "G"], ["D", "E", "G"]]
COLORS = ["A B X:0 Y:0", "A C X:1 Y:1", "B X:1"]  # DLX2's toy (README)
BOUNDS = ["A B X:0 Y:0", "A C X:1 Y:1", "C X:0", "B X:1", "C Y:1"]  # DLX3's toy (README)
SUDOKU4 = ["12.. ..12 .... ....", "11.. .... .... ....", "1234 3412 2143 4321", "1... .... .... ...."]
EASY9 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def figures(stats) -> list:
    """The counters of a search, as JSON."""
    return [stats.solutions, stats.nodes, stats.updates, stats.cleansings, stats.status.label]


def answers() -> dict:
    """Every answer of the set, by name."""
    from dlxnumba import (ExactCover, LimitReached, Search, Sudoku, generate, generate_many, grade_many,
                          langford, last_stats, load_puzzles, queens, solve_many)
    from dlxnumba.parallel.run import count_split, solutions_split

    out: dict = {}
    knuth = ExactCover.from_options(KNUTH, primary=list("ABCDE"), secondary=["F", "G"])
    colors = ExactCover.from_options(COLORS, secondary="X Y")
    bounds = ExactCover.from_options(BOUNDS, secondary="X Y", bounds={"C": (2, 3)})
    q6, _ = queens(6)  # four-node blocks
    lf, _ = langford(4)  # spacers
    for name, p in (("knuth", knuth), ("colors", colors), ("bounds", bounds), ("queens6", q6),
                    ("langford4", lf)):
        for algorithm in ("links", "cells"):
            sols = sorted(sorted(s) for s in p.solutions(algorithm=algorithm))
            out[f"{name} {algorithm}"] = [sols, figures(last_stats()), p.count(stop_at=0, algorithm=algorithm),
                                          figures(last_stats())]
        out[f"{name} given"] = [p.solve(given=p.solve()[:1]), figures(last_stats())]
        out[f"{name} given cells"] = [p.solve(given=p.solve()[:1], algorithm="cells"), figures(last_stats())]
    # searches stopped by a budget, and resumed
    s = Search(q6, max_nodes=5)
    try:
        s.count()
    except LimitReached:
        pass
    out["queens6 budget"] = figures(s.stats)
    s = Search(lf, stop_at=0)
    out["langford4 stepped"] = [sorted(s.next()), sorted(s.next()), s.next(), figures(s.stats)]
    # batches on the compiled lanes (generic jobs): one lane, and two (16 jobs a lane)
    for threads in (1, 2):
        for name, p in (("queens6", q6), ("langford4", lf)):
            first = p.solve()
            clash = [first[0], first[0] + 1] if name == "queens6" else []
            r = p.batch([[], first[:1], first[:2], clash] * 8, limit=3, threads=threads)
            out[f"{name} batch {threads}"] = [r.status.tolist(), r.count.tolist(), r.nodes.tolist(),
                                              r.updates.tolist(), r.first]
        r = colors.batch([[], [0]], limit=2, threads=threads)  # Python threads of searches
        out[f"colors batch {threads}"] = [r.status.tolist(), r.count.tolist(), r.first]
    # a split count: expand, measure, tasks on the lanes, cuts and what they leave
    q8, _ = queens(8)
    out["queens8 split"] = [q8.count(threads=2), figures(last_stats())]
    out["langford4 split"] = [lf.count(threads=2), figures(last_stats())]
    sp = q8.split(tasks=6)
    out["queens8 subproblems"] = [sorted(map(list, sp.subproblems)), sp.solutions]
    r = count_split(q8, threads=2, tasks=4, budget=40)
    out["queens8 cut"] = [r.count, figures(r.stats)]
    r = solutions_split(lf, threads=1, tasks=3, budget=3)
    out["langford4 cut"] = [sorted(sorted(s) for s in r.solutions), r.count]
    # Sudoku: a batch of 4x4 grids on the Sudoku lanes, one puzzle, all solutions
    for threads in (1, 2):
        sols, status = solve_many(SUDOKU4 * 8, threads=threads)
        out[f"sudoku4 batch {threads}"] = [sols.tolist(), status.tolist()]
    r = solve_many(SUDOKU4[:2] * 2, limit=2, threads=1)
    out["sudoku4 batch limit"] = [r.count.tolist(), r.nodes.tolist(), r.updates.tolist()]
    one = Sudoku(SUDOKU4[0])
    out["sudoku4 one"] = [str(one.solve()), one.count(), figures(last_stats()),
                          sorted(str(s) for s in one.solutions())]
    nine = Sudoku(EASY9)
    out["sudoku9 easy"] = [str(nine.solve(algorithm="links")), figures(last_stats())]
    out["sudoku9 easy bits"] = [str(nine.solve(algorithm="bits")), figures(last_stats()),
                                str(Sudoku(SUDOKU4[3]).solve(algorithm="bits")), figures(last_stats())]
    # setters' constraints and a killer's cages on the bits (relations, sums, quadruples, groups)
    setter = Sudoku("1.....  ......  ......  ......  ....4.  .....2", constraints=(
        "thermometer r1c1 r1c2 r2c3; arrow r1c1 r1c2 : r1c3; quadruple 2,5 r3c4 r3c5 r4c4 r4c5; odd r3c3; "
        "little-killer 21 r1c2 r2c3 r3c4 r4c5 r5c6 : r0c1; cage r2c2 r2c3; difference 1 r4c4 r4c5"))
    killer = Sudoku.killer("." * 16, "AABB CDDB CEEF GGHF A=3 B=9 C=7 D=4 E=3 F=5 G=6 H=3")
    out["setters bits"] = [sorted(str(s) for s in setter.solutions(algorithm="bits")), figures(last_stats()),
                           killer.count(algorithm="bits"), figures(last_stats())]
    # the links of a large problem, built by the compiled pass (lowered to any size here;
    # a private name: the threshold is no option)
    import dlxnumba.template

    dlxnumba.template._BUILD_IN_KERNEL, threshold = 0, dlxnumba.template._BUILD_IN_KERNEL
    try:
        q5, _ = queens(5)
        knuth2 = ExactCover.from_options(KNUTH, primary=list("ABCDE"), secondary=["F", "G"])
        out["build"] = [q5.count(stop_at=0), figures(last_stats()),
                        knuth2.count(stop_at=0), figures(last_stats())]
    finally:
        dlxnumba.template._BUILD_IN_KERNEL = threshold
    # the grader, hints and candidates; the generator
    g = nine.grade()
    out["grade9"] = [g.level, g.score, g.hardest, g.steps, g.effort, str(nine.hint()),
                     nine.candidates().sum().item()]
    g = Sudoku(SUDOKU4[3]).grade(uniqueness=False)  # many solutions: graded all the same
    out["grade4"] = [g.level, g.hardest, g.steps]
    g = Sudoku(load_puzzles("top95")[4]).grade()  # simple coloring (README)
    out["grade expert"] = [g.level, g.score, g.hardest, g.steps, g.effort]
    r = grade_many([EASY9, EASY9[::-1]], threads=2)
    out["grade many"] = [r.level.tolist(), r.steps.tolist()]
    made = generate((2, 2), seed=1)
    out["generate4"] = [str(made), made.count(2)]
    made = generate((2, 2), seed=5, symmetric="central")
    out["generate4 symmetric"] = [str(made), made.count(2)]
    out["generate4 many"] = [str(s) for s in generate_many(4, box=(2, 2), seed=2, threads=2)]
    made = generate((2, 3), seed=3, variant="non-consecutive")  # bans between digits
    out["generate6 bans"] = [str(made), made.count(2)]
    made = generate(seed=2024)
    out["generate9"] = [str(made), made.count(2)]
    # Knuth's next three: DLX5's cheapest covers, DLX6's ZDD, DLX-PRE's reduction
    for name, p in (("knuth", knuth), ("colors", colors), ("queens6", q6)):
        priced = p.with_costs([(7 * j) % 5 for j in range(p.n_options)])
        b = priced.best(k=3)
        out[f"{name} best"] = [b.costs, b.solutions, figures(b.stats)]
        z = p.zdd()
        out[f"{name} zdd"] = [z.count(), z.nodes, sorted(sorted(s) for s in z), z.sample(2, seed=1),
                              figures(z.stats)]
        r = p.reduce()
        out[f"{name} reduce"] = [r.removed_options.tolist(), r.removed_items.tolist(), r.rounds,
                                 r.problem.to_dlx()]
    import dlxnumba.costs as costs_module

    rows = costs_module._FIRST_ROWS
    costs_module._FIRST_ROWS = 1  # DLX5's rows for the solutions grow (PH_KEEP) as they are found
    try:
        b = q6.with_costs([(7 * j) % 5 for j in range(q6.n_options)]).best(k=10)
        out["queens6 best growing"] = [b.costs, b.solutions, figures(b.stats)]
    finally:
        costs_module._FIRST_ROWS = rows
    # counts past int64 (2**64 solutions): the walks on base-2**32 limbs
    coins = ExactCover.from_options([[f"b{k}"] for k in range(64) for _ in range(2)])
    z = coins.zdd()
    out["zdd past int64"] = [z.count(), z.sample(2, seed=1), next(iter(z))]
    return out


if __name__ == "__main__":
    import warnings

    # plain Python: numpy warns where the compiled code's integers wrap around (the PRNGs)
    warnings.filterwarnings("ignore", "overflow encountered", RuntimeWarning)
    print(json.dumps(answers(), sort_keys=True))
