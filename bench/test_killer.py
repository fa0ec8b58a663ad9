"""Killer Sudoku (:mod:`dlxnumba.sudoku.killer`): counting published 9x9 killers.

Each benchmark counts the solutions of one published puzzle (no givens, cages
only) with its cages in one encoding -- ``mixed`` (the default: colored
assignments for cages of one or two cells with a single digit pair, digit sets
for the others), ``sets`` (every cage as digit sets, no colors) or ``colors``
(every cage as colored assignments, under a node budget: it is the slow one) --
and records nodes and updates; the solution is checked against the published
one and by an independent checker of rows, columns, boxes and cages.
``python bench/killer_forms.py`` prints the same figures as a table.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from benchutil import record, run
from dlxnumba import Sudoku
from dlxnumba.errors import LimitReached
from dlxnumba.sudoku import killer

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from reference import killer_ok  # noqa: E402
from sudoku.test_killer import TIPS, TIPS_SOLUTION, UK_2022, UK_2022_SOLUTION  # noqa: E402

PUZZLES = {"uk-2022": (UK_2022, UK_2022_SOLUTION), "tips": (TIPS, TIPS_SOLUTION)}
FORMS = {"mixed": killer.MAX_ASSIGNMENTS, "sets": 0, "colors": 10 ** 9}
#: the colors form's budget: past it the count is not finished (recorded as such)
BUDGET = 300_000


@pytest.mark.parametrize("form", list(FORMS))
@pytest.mark.parametrize("name", list(PUZZLES))
def test_count_killer(benchmark, name, form, monkeypatch):
    cages, published = PUZZLES[name]
    monkeypatch.setattr(killer, "MAX_ASSIGNMENTS", FORMS[form])
    killer.cached_problem.cache_clear()
    s = Sudoku.killer("." * 81, cages)
    budget = BUDGET if form == "colors" else None

    def count():
        try:
            return s.count(max_nodes=budget)
        except LimitReached:
            return None

    count()  # warm up: compile or load the kernel, build the problem
    found, seconds = run(benchmark, count)
    t = s.solve(max_nodes=budget) if found is not None else None
    verified = found == 1 and t is not None and str(t) == published and killer_ok(
        t.grid.reshape(-1).tolist(), [0] * 81, 9, (3, 3), [(a, list(b)) for a, b in s.variant.cages])
    if found is not None:
        s.count(max_nodes=budget)  # the statistics of one count
    record(benchmark, seconds=seconds, n_puzzles=1, nodes=s.stats.nodes if found is not None else None,
           updates=s.stats.updates if found is not None else None, verified=verified or found is None,
           finished=found is not None, form=form)
    killer.cached_problem.cache_clear()
    assert found is None or verified
