"""Setters' constraints and killer cages on the bits' cell layout, against the links.

The links are the reference (and ``tests/test_constraints.py`` checks them
against the brute force): on random constraints of every kind on 4x4 and
6x6 grids, both engines give the same counts and the same solutions, each
checked by ``reference.setter_ok``; the 9x9 puzzles are unique on both, with
the same solution; the tables laid out for the kernel hold what the rules say.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dlxnumba import Status, Sudoku, SudokuError, last_stats, solve_many
from dlxnumba.sudoku import bits
from dlxnumba.sudoku.cell_rules import cell_rules
from dlxnumba.sudoku.constraints import Constraints
from dlxnumba.sudoku.geometry import geometry
from dlxnumba.sudoku.variants import Variant
from known import SETTERS6, SETTERS6_PUZZLE
from reference import killer_ok, killer_solutions_brute, setter_ok, variant_ok
from strategies import examples
from strategies import one_constraint, plain_constraints as _plain, unique_globals as _unique_globals

#: A full 6x6 grid (boxes of 2x3) that the 6x6 cases' constraints are drawn to keep.
GRID6 = [1, 2, 3, 4, 5, 6, 4, 5, 6, 1, 2, 3, 2, 3, 1, 5, 6, 4, 5, 6, 4, 2, 3, 1, 3, 1, 2, 6, 4, 5, 6, 4, 5, 3, 1, 2]


def _both(s: Sudoku, limit: int) -> tuple[list, list]:
    """The solutions (as sorted tuples) of ``s`` up to ``limit``, on the links and on the bits."""
    out = []
    for algorithm in ("links", "bits"):
        out.append(sorted(tuple(int(v) for v in t._cells) for t in s.solutions(limit=limit, algorithm=algorithm)))
    return out[0], out[1]


def _check(s: Sudoku, cons: Constraints, n: int, limit: int) -> None:
    links, on_bits = _both(s, limit)
    assert len(links) == len(on_bits)
    if len(links) < limit:  # all of them: the same sets
        assert links == on_bits
    for g in on_bits:
        assert setter_ok(list(g), n, _plain(cons)) and variant_ok(list(g), s._cells.tolist(), n, s.box)
    assert s.count(limit, algorithm="bits") == s.count(limit, algorithm="links")


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(one_constraint(), min_size=1, max_size=4), st.lists(st.integers(0, 4), min_size=16, max_size=16))
def test_random_constraints_on_4x4_same_solutions_on_both_engines(items, givens):
    cons = Constraints.parse(_unique_globals(items), n=4)
    puzzle = [d if k % 5 == 0 else 0 for k, d in enumerate(givens)]
    try:
        s = Sudoku(puzzle, constraints=cons)
    except SudokuError:  # givens that break a rule
        return
    _check(s, cons, 4, 300)  # a 4x4 grid has 288 solutions at most: all of them


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(one_constraint(n=6), min_size=1, max_size=6), st.sets(st.integers(0, 35), min_size=8, max_size=16))
def test_random_constraints_on_6x6_same_solutions_on_both_engines(items, shown):
    """Constraints drawn on the 6x6 grid, those that GRID6 keeps, and some of its digits as givens."""
    items = [it for it in _unique_globals(items) if setter_ok(GRID6, 6, [it])]
    if not items or not setter_ok(GRID6, 6, items):  # a negative broken by the others' marks
        items = [it for it in items if not it[0].startswith("negative-")]
    if not items:
        return
    cons = Constraints.parse(items, n=6)
    puzzle = [v if k in shown else 0 for k, v in enumerate(GRID6)]
    s = Sudoku(puzzle, box=(2, 3), constraints=cons)
    _check(s, cons, 6, 40)


@pytest.mark.parametrize("text", SETTERS6)
def test_every_kind_on_6x6(text):
    s = Sudoku(SETTERS6_PUZZLE, constraints=text)
    _check(s, s.variant.constraints, 6, 1000)


def test_killer_cages_on_both_engines():
    """A killer (cages with sums: groups and sums in the tables), alone and with a thermometer."""
    text = "AABB CDDB CEEF GGHF A=3 B=9 C=7 D=4 E=3 F=5 G=6 H=3"
    killer = Sudoku.killer("." * 16, text)
    cages = list(zip(killer.variant.cages.sums, killer.variant.cages.cells))
    links, on_bits = _both(killer, 300)
    assert links == on_bits == sorted(killer_solutions_brute([0] * 16, 4, (2, 2), cages))
    assert on_bits and all(killer_ok(list(g), None, 4, (2, 2), cages) for g in on_bits)
    v = killer.variant
    mixed = Sudoku("." * 16, variant=Variant.parse("killer", cages=v.cages, constraints="thermometer r3c4 r4c4", n=4))
    links, on_bits = _both(mixed, 300)
    assert links == on_bits
    assert all(killer_ok(list(g), None, 4, (2, 2), cages) and g[11] < g[15] for g in on_bits)


#: 9x9 puzzles with constraints, each unique: thermometers, arrows and kropki
#: dots drawn over a solved grid, then givens removed while one solution is
#: left (and four put back, so that the links prove it fast too).
PUZZLES9 = [
    ".....9.............1....5............56...................5.1.....7........3....5",
]
CONSTRAINTS9 = [
    "thermometer r4c1 r4c2 r3c1; thermometer r6c8 r5c8 r6c7; thermometer r9c2 r8c1 r8c2; thermometer r4c7 r4c6 "
    "r4c5 r5c5; thermometer r3c2 r2c2 r3c3 r4c3; arrow r6c1 r7c2 : r5c1; arrow r6c2 r7c3 : r6c3; arrow r3c8 "
    "r2c7 : r2c9; difference 1 r1c2 r1c3; ratio 2 r1c8 r1c9; ratio 2 r2c4 r3c4; ratio 2 r3c3 r3c4; difference 1 "
    "r3c5 r3c6; ratio 2 r3c8 r4c8; difference 1 r5c4 r6c4; ratio 2 r7c2 r7c3; difference 1 r7c5 r8c5; ratio 2 "
    "r8c5 r9c5; ratio 2 r9c6 r9c7",
]


@pytest.mark.parametrize("k", range(len(PUZZLES9)))
def test_9x9_puzzles_unique_on_both_engines(k):
    s = Sudoku(PUZZLES9[k], constraints=CONSTRAINTS9[k])
    a, b = s.solve(algorithm="links"), s.solve(algorithm="bits")
    assert a is not None and b is not None and (a._cells == b._cells).all()
    assert s.variant.is_solution(b) and setter_ok(b._cells.tolist(), 9, _plain(s.variant.constraints))
    assert s.count(2, algorithm="bits") == 1
    st_ = last_stats()
    assert st_.algorithm == "bits" and st_.status == Status.COMPLETE and st_.nodes > 0 and st_.updates > 0
    sols, status = solve_many([s, s], algorithm="bits", threads=1)
    assert (sols == b._cells).all() and (status == Status.SOLVED).all()


def test_the_tables_say_what_the_rules_say():
    v = Variant.parse(constraints="thermometer r1c1 r1c2 r1c3; even r2c2; region r1c4 r2c4 r3c4 r4c4; "
                                  "quadruple 1,1 r3c1 r3c2 r4c1 r4c2; clone r1c1 : r4c4", n=4)
    groups, r = cell_rules(v, geometry(4, (2, 2)))
    assert groups == [(3, 7, 11, 15)]
    assert [int(m) for m in r.start[[0, 1, 2, 5]]] == [0b0011, 0b0110, 0b1100, 0b1010]
    a = r.rel_ptr[0]
    pairs = {int(b): [int(m) for m in r.rel_tab[k * 4:(k + 1) * 4]] for k, b in zip(range(a, r.rel_ptr[1]),
                                                                                    r.rel_cell[a:r.rel_ptr[1]])}
    assert pairs[1] == [0b1110, 0b1100, 0b1000, 0]  # r1c2 above r1c1
    assert pairs[2] == [0b1100, 0b1000, 0, 0]  # two above r1c1
    assert pairs[15] == [1, 2, 4, 8]  # the clone
    assert r.quad_bit.tolist() == [1] and r.quad_need.tolist() == [2]
    peer_ptr, peers, regions, bans, rules = bits.generator_tables(geometry(4, (2, 2)), v)
    assert [3, 7, 11, 15] in regions.tolist() and 15 in peers[peer_ptr[3]:peer_ptr[4]].tolist()


def test_a_budget_and_stats_on_the_bits():
    s = Sudoku("." * 81, constraints="thermometer r1c1 r2c2 r3c3 r4c4; arrow r5c6 r5c7 r5c8 : r5c5")
    assert s.count(20, algorithm="bits") == 20
    with pytest.raises(Exception) as e:
        s.count(max_nodes=3, algorithm="bits")
    assert e.value.stats.status == Status.MAX_NODES and e.value.stats.nodes == 3
