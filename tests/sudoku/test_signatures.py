"""The Sudoku API's one convention for signatures (issue 21): the puzzles first,
then ``limit``, everything else by keyword; the old positional spellings are gone
(issue 34: 0.1 has no users to keep them for)."""

from __future__ import annotations

import pytest

from dlxnumba import Status, Sudoku, generate, generate_many, grade, grade_many, solve_many
from dlxnumba.sudoku.logic import hint, steps

FOUR = "12.. ..12 .... ...."  # a 4x4 puzzle with several solutions
ONE = "1.3..4.2.1..2..."      # a 4x4 puzzle with one solution


def test_the_second_positional_argument_of_solve_many_is_the_limit():
    """It was read as ``threads`` (with a warning) until the old order went."""
    assert solve_many([FOUR, ONE], 2, threads=1).status.tolist() == [Status.MULTIPLE, Status.SOLVED]


@pytest.mark.parametrize("call", [lambda: generate((2, 2), 5), lambda: generate_many(2, (2, 2)),
                                  lambda: grade(ONE, (2, 2)), lambda: grade_many([ONE], (2, 2)),
                                  lambda: hint(ONE, None, False), lambda: steps(ONE, 3, False),
                                  lambda: solve_many([ONE], 1, 1),
                                  lambda: Sudoku(ONE).hint(candidates=Sudoku(ONE).candidates())])
def test_the_old_spellings_are_refused(call):
    with pytest.raises(TypeError):
        call()


def test_batches_have_status_codes_and_names_only():
    r = grade_many([ONE, FOUR, "11" + "." * 14], samples=0, threads=1)
    assert r.status_names == ["SOLVED", "MULTIPLE", "INVALID"] and r.level.tolist() == [r[0].level, "", ""]
    assert not hasattr(r, "statuses") and not hasattr(r, "level_names")
    assert not hasattr(solve_many([ONE], threads=1), "statuses")
