"""The old spellings of the Sudoku API keep working for one release, each with a
DeprecationWarning, and give what the new spelling gives (issue 21: one convention
for the signatures; finding 15: names that mean one thing)."""

from __future__ import annotations

import numpy as np
import pytest

from dlxnumba import Status, Sudoku, generate, generate_many, grade, grade_many, solve_many
from dlxnumba.sudoku.grading import hint, steps
from known import verified

FOUR = "12.. ..12 .... ...."  # a 4x4 puzzle with several solutions
ONE = "1.3..4.2.1..2..."      # a 4x4 puzzle with one solution
SIX = "2.5.....64..4.1......3..6...53......"  # a 6x6 puzzle (box 2x3) with one solution


def test_solve_many_second_positional_is_still_threads_then_limit():
    with pytest.warns(DeprecationWarning, match=r"solve_many\(\): passing threads and limit by position"):
        old = solve_many([FOUR, ONE], 1, 2)
    new = solve_many([FOUR, ONE], limit=2, threads=1)
    assert old.status.tolist() == new.status.tolist() == [Status.MULTIPLE, Status.SOLVED]
    assert np.array_equal(old.solutions, new.solutions) and verified(new.sudoku(1), new.puzzle(1))
    with pytest.warns(DeprecationWarning, match="passing threads by position"):
        assert solve_many([ONE], 1).status_names == ["SOLVED"]
    with pytest.raises(TypeError, match="multiple values for argument 'threads'"):
        solve_many([ONE], 1, threads=2)
    with pytest.raises(TypeError, match="at most 2 more positional arguments"):
        solve_many([ONE], 1, 2, 3)


def test_generate_seed_and_generate_many_box_by_position():
    with pytest.warns(DeprecationWarning, match=r"generate\(\): passing seed by position"):
        old = generate((2, 2), 5)
    assert old == generate((2, 2), seed=5) and old.is_unique()
    with pytest.warns(DeprecationWarning, match=r"generate_many\(\): passing box by position"):
        batch = generate_many(2, (2, 2), seed=1, threads=1)
    assert batch == generate_many(2, box=(2, 2), seed=1, threads=1)


def test_grade_and_grade_many_box_by_position():
    with pytest.warns(DeprecationWarning, match=r"grade\(\): passing box by position"):
        old = grade(SIX, (2, 3), samples=2)
    assert old == grade(SIX, box=(2, 3), samples=2) == grade(SIX, box="2x3", samples=2)
    with pytest.warns(DeprecationWarning, match=r"grade_many\(\): passing box by position"):
        batch = grade_many([SIX], (2, 3), samples=2, threads=1)
    assert batch[0] == old


def test_uniqueness_of_hint_and_steps_by_position():
    s = Sudoku(ONE)
    with pytest.warns(DeprecationWarning, match=r"hint\(\): passing uniqueness by position"):
        assert hint(s, None, False) == hint(s, uniqueness=False) == s.hint(uniqueness=False)
    with pytest.warns(DeprecationWarning, match=r"steps\(\): passing uniqueness by position"):
        assert steps(s, 3, False) == steps(s, 3, uniqueness=False) == s.steps(3, uniqueness=False)


def test_hint_candidates_is_the_old_name_of_marks():
    s = Sudoku(ONE)
    marks = s.candidates()
    with pytest.warns(DeprecationWarning, match=r"hint\(candidates=...\) is deprecated: pass marks="):
        old = s.hint(candidates=marks)
    assert old == s.hint(marks=marks) == s.hint(marks) == hint(s, marks) and old is not None
    with pytest.raises(TypeError, match="both marks and candidates"), pytest.warns(DeprecationWarning):
        s.hint(marks, candidates=marks)


def test_grade_batch_level_names_and_statuses():
    r = grade_many([ONE, FOUR, "11" + "." * 14], samples=0, threads=1)
    # level holds the names (as Grade.level), level_codes the numbers
    assert r.level.dtype.kind == "U" and r.level.tolist() == [r[0].level, "", ""]
    assert r.level_codes.tolist() == [0, -1, -1]
    with pytest.warns(DeprecationWarning, match="level_names is deprecated"):
        assert r.level_names == [r[0].level, None, None]
    with pytest.warns(DeprecationWarning, match="GradeBatch.statuses is deprecated"):
        assert r.statuses == [Status.SOLVED, Status.MULTIPLE, Status.INVALID]
    assert r.status_names == ["SOLVED", "MULTIPLE", "INVALID"]


def test_solve_many_statuses():
    r = solve_many([ONE, "11" + "." * 14], threads=1)
    with pytest.warns(DeprecationWarning, match="SudokuBatchResult.statuses is deprecated"):
        assert r.statuses == [Status.SOLVED, Status.INVALID]
    assert r.status_names == ["SOLVED", "INVALID"]
