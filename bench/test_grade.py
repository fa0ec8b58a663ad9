"""Grading speed: the technique scale and the search effort over Norvig's sets.

Each timed call rates a whole set (an (n, 81) array prepared outside the
timing): ``technique`` (the logical solver alone, ``effort=False``),
``effort`` (the search effort alone with the default samples), ``both`` (what
``grade_many`` does by default), on one thread and on two.  The issue's target:
all of top95 on both scales in under a second on one thread.  Every rating is
checked outside the timing: a completed logical solve equals the engine's
solution, and every level count adds up.  Under ``--benchmark-disable`` only
the first 10 puzzles of each set are rated, once.
"""

from __future__ import annotations

import numpy as np
import pytest

from dlxnumba import grade_many, load_puzzles, solve_many
from dlxnumba.sudoku.grading import SAMPLES

MODES = {"technique": dict(effort=False), "effort": dict(samples=SAMPLES), "both": dict()}


def _array(name: str, disabled: bool) -> np.ndarray:
    from dlxnumba import Sudoku

    puzzles = load_puzzles(name)
    if disabled:
        puzzles = puzzles[:10]
    return np.array([Sudoku(p)._cells for p in puzzles])


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("name", ["easy50", "top95", "hardest"])
def test_grade_set(benchmark, disabled, name, mode, threads):
    arr = _array(name, disabled)
    grade_many(arr[:2], threads=threads, **MODES[mode])  # warm up (compile) outside the timing
    benchmark.group = f"grade {name}"
    result = benchmark(grade_many, arr, threads=threads, **MODES[mode])
    sols, _ = solve_many(arr, threads=1)
    assert np.array_equal(result.grids[result.solved], sols[result.solved])
    assert sum(result.level_counts().values()) == len(arr)
    benchmark.extra_info.update(mode=mode, threads=threads, puzzles=len(arr), samples=SAMPLES,
                                levels=result.level_counts(),
                                mean_effort=None if mode == "technique" else float(result.effort.mean()))
