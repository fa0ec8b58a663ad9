"""Setters' constraints (dlxnumba.sudoku.constraints) on the dancing links.

Every answer is checked by the oracles of ``tests/reference.py``:
:func:`setter_ok`, a plain checker of each rule, and
:func:`setter_solutions_brute`, every completion of the grid kept when
:func:`setter_ok` says so.  Random constraints of every kind on 4x4 grids
must give exactly the brute force's solutions; then the text form, bad
input, the search's options, batches and the grader.
"""

import pickle

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dlxnumba import LimitReached, Status, Sudoku, SudokuError, grade, read_puzzles, solve_many
from dlxnumba.sudoku.constraints import Constraint, Constraints
from dlxnumba.sudoku.variants import Variant, parse, to_text
from known import SETTERS6, SETTERS6_PUZZLE
from reference import setter_ok, setter_solutions_brute
from strategies import examples, one_constraint, plain_constraints as _plain, unique_globals as _unique_globals

N, BOX = 4, (2, 2)


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(one_constraint(), min_size=1, max_size=3), st.lists(st.integers(0, 4), min_size=16, max_size=16))
def test_random_constraints_match_the_brute_force(items, givens):
    items = _unique_globals(items)
    cons = Constraints.parse(items, n=N)
    puzzle = [d if k % 5 == 0 else 0 for k, d in enumerate(givens)]  # a few givens
    want = sorted(setter_solutions_brute(puzzle, N, BOX, _plain(cons)))
    try:
        s = Sudoku(puzzle, constraints=cons)
    except SudokuError:  # givens that break a rule: the brute force finds nothing either
        assert want == []
        return
    except Exception as e:  # pragma: no cover - any other error is a bug
        raise AssertionError(f"{cons.text()}: {e!r}")
    got = sorted(tuple(int(v) for v in t.grid.reshape(-1)) for t in s.solutions())
    assert got == want, cons.text()
    assert s.count() == len(want)
    for sol in got:
        assert setter_ok(list(sol), N, _plain(cons))
        assert s.variant.is_solution(np.array(sol))


def test_every_kind_on_6x6_against_the_brute_force():
    """One puzzle per group of kinds on a 6x6 grid with givens."""
    puzzle, cases = SETTERS6_PUZZLE, SETTERS6
    for text in cases:
        cons = Constraints.parse(text, n=6)
        want = sorted(setter_solutions_brute(Sudoku(puzzle)._cells.tolist(), 6, (2, 3), _plain(cons)))
        s = Sudoku(puzzle, constraints=cons)
        got = sorted(tuple(int(v) for v in t.grid.reshape(-1)) for t in s.solutions())
        assert got == want, text
        assert all(s.variant.is_solution(np.array(g)) for g in got)


# ---------------------------------------------------------------------------
# The text form and the records
# ---------------------------------------------------------------------------


def test_text_round_trip_pickle_and_repr():
    text = ("thermometer r1c1 r1c2 r1c3; arrow r2c2 r3c3 : r1c4; little-killer 10 r1c2 r2c3 r3c4 : r0c1; "
            "difference 2 r4c1 r4c2; xv 5 r3c1 r3c2; quadruple 1,1 r2c1 r2c2 r3c1 r3c2; negative-ratio 2; "
            "clone r4c4 : r1c1; diagonal+")
    c = Constraints.parse(text, n=4)
    assert Constraints.parse(c.text(), n=4) == c
    assert pickle.loads(pickle.dumps(c)) == c and hash(pickle.loads(pickle.dumps(c))) == hash(c)
    assert repr(c) == f"Constraints(4, {c.text()!r})"
    assert c.kinds() == ("thermometer", "arrow", "diagonal+", "little-killer", "difference", "xv",
                         "negative-ratio", "clone", "quadruple")
    s = Sudoku("................", constraints=c)
    assert repr(s) == f"Sudoku('................', constraints={c.text()!r})"
    body, v = parse(to_text(str(s), s.variant))
    assert v == s.variant and body == str(s)
    assert Sudoku(to_text(str(s), s.variant)) == s


def test_python_forms_of_cells_and_aliases():
    c = Constraints.parse([("thermo", [0, (0, 1), "r1c3"]), Constraint("odd", (5,)), ("killercage", ["r4c4"]),
                           ("xv", ["r1c1", "r2c1"], "V"), ("extraregion", ["r4c1", "r4c2"])], n=4)
    assert [x.kind for x in c] == ["thermometer", "cage", "region", "xv", "odd"]  # in canonical order
    assert c[0].cells == (0, 1, 2) and c[3].value == 5
    assert Constraints.parse([("xv", ["r1c1", "r2c1"], "X")], n=9)[0].value == 10
    v = Variant.parse("x+constraints", constraints=c, n=4)
    assert v.kinds == ("x", "constraints") and v.constraints == c


@pytest.mark.parametrize("spec, message", [
    ("thermo r1c1 r1c1", "constraint 1 (thermometer): cell r1c1 is listed twice"),
    ("thermo r1c1 r5c1", "constraint 1 (thermometer): cell r5c1 is outside the 4x4 grid"),
    ("thermo r1c1 r1c2 r1c3 r1c4 r2c4", "5 cells cannot increase strictly"),
    ("difference r1c1 r2c2", "r1c1 and r2c2 are not orthogonal neighbours"),
    ("difference 4 r1c1 r1c2", "value 4 is outside 1..3"),
    ("xv 9 r1c1 r1c2 r1c3", "a xv mark sits between two cells, not 3"),
    ("little-killer 5 r1c2 r2c3 : r1c1", "the clue at r1c1 must sit outside the grid"),
    ("little-killer abc r1c2 r2c3 : r0c1", "'abc' is neither a number nor a cell name"),
    ("little-killer 50 r1c2 r2c3 r3c4 : r0c1", "3 digits of 1..4 add up to 3 to 12, not 50"),
    ("sandwich 5 r1c1", "unknown constraint 'sandwich'"),
    ("quadruple 1,2,3,4,1 r1c1 r1c2 r2c1 r2c2", "5 digits do not fit in 4 cells"),
    ("quadruple 7 r1c1 r1c2 r2c1 r2c2", "digit 7 is outside 1..4"),
    ("arrow r1c1 r1c2", "needs its bulb"),
    ("arrow r1c1 r1c2 : r1c2", "cell r1c2 is listed twice"),
    ("clone r1c1 r1c2 : r3c3", "2 cells but 1 source cells"),
    ("odd 3 r1c1", "takes no value"),
    ("negative-ratio 2; negative-ratio 3", "constraint 2 (negative-ratio): given twice"),
    ("region r1c1 r1c2 r1c3 r1c4 r2c1", "5 cells hold distinct digits, but there are only 4"),
])
def test_bad_input_names_the_entry(spec, message):
    with pytest.raises(SudokuError) as e:
        Sudoku("................", constraints=spec)
    assert message in str(e.value)


def test_rules_no_digits_keep_have_no_solution():
    assert Sudoku("................", constraints="odd r1c1; even r1c1").count() == 0
    assert Sudoku("................", constraints="thermometer r1c1 r1c2 r1c3 r1c4; odd r1c2").solve() is None


def test_givens_that_break_a_constraint_are_refused():
    with pytest.raises(SudokuError, match=r"thermometer 1 \(r1c1, r1c2\): r1c2=1 is not above r1c1=2"):
        Sudoku("21..............", constraints="thermometer r1c1 r1c2")
    with pytest.raises(SudokuError, match="arrow 1 .*: the arrow adds up to 3, the bulb says 4"):
        Sudoku("4....21.........", constraints="arrow r2c3 r2c2 : r1c1")


# ---------------------------------------------------------------------------
# The search's options, batches, the grader
# ---------------------------------------------------------------------------

THERMO_9 = ("thermometer r1c1 r2c2 r3c3 r4c4; thermometer r9c1 r8c2 r7c3; arrow r5c6 r5c7 r5c8 : r5c5; "
            "difference 1 r9c8 r9c9; ratio 2 r1c8 r1c9; xv 10 r6c1 r7c1; little-killer 17 r1c8 r2c9 : r0c7")


def test_budgets_threads_and_engines():
    s = Sudoku("." * 81, constraints=THERMO_9)
    with pytest.raises(LimitReached) as e:
        s.count(max_nodes=50)
    assert e.value.stats.status == Status.MAX_NODES
    assert s.count(5) == 5
    with pytest.raises(SudokuError, match="has colors"):  # the arrow's and little killer's chains
        s.count(5, threads=2)
    plain = Sudoku("1.....  ...2..  ......  ......  ......  .....6",
                   constraints="thermometer r1c2 r2c3 r3c4; difference 1 r6c1 r6c2; odd r4c4; region r5c1 r5c2 r4c3")
    assert plain.count() == plain.count(threads=2) > 1
    assert s.count(5, algorithm="bits") == 5  # tests/sudoku/test_bits_constraints.py compares the engines
    t = s.solve()
    assert t.variant == s.variant and s.variant.is_solution(t)
    cons = s.variant.constraints
    assert setter_ok(t._cells.tolist(), 9, _plain(cons))


def test_solve_many_takes_a_file_of_them(tmp_path):
    p = tmp_path / "puzzles.txt"
    grids = ["1...............", "2...............", "11.............."]
    p.write_text("variant: constraints\nconstraints: thermometer r2c1 r2c2 r2c3; xv 5 r4c3 r4c4\n"
                 + "\n".join(grids) + "\n")
    header: dict = {}
    r = solve_many(read_puzzles(str(p), header=header), variant=header["variant"], threads=1)
    assert len(r.status) == 3 and r.status[2] == Status.INVALID
    for k in range(2):
        sol = r.solutions[k]
        assert setter_ok(list(sol), 4, _plain(Constraints.parse("thermometer r2c1 r2c2 r2c3; xv 5 r4c3 r4c4", n=4)))


def test_the_grader_names_what_it_cannot_see():
    s = Sudoku("1.....  ...2..  ......  ......  ......  ......", variant="anti-knight",
               constraints="thermometer r4c4 r4c5; xv 7 r6c1 r6c2")
    g = s.grade(uniqueness=False)
    assert g.unseen == ("anti-knight", "thermometer", "xv")
    assert "the techniques do not see its anti-knight, thermometer, xv" in str(g)
    assert g.effort is not None and g.effort >= 1
    assert grade("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......").unseen == ()
