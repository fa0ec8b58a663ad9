"""The spellings of before dlxnumba.parallel keep working for one release, with a DeprecationWarning."""

from __future__ import annotations

import importlib

import pytest

from dlxnumba import ExactCoverError, queens

SPLIT = ["Split", "split", "fingerprint", "check_splittable", "TaskRun", "tick_rate", "Checkpoint", "SplitRun",
         "Remainder", "cut_remainder", "count_parallel", "solutions_parallel", "makespan", "schedule", "speedup",
         "speedup_of_tree", "TASK_SLICE", "SOLUTION_BUFFER", "CUT_PARTS", "MIN_CUT_NODES", "TASKS_PER_THREAD"]
DASK = ["DaskRun", "count", "solutions", "connect", "chunk_subproblems", "task_overhead", "solve_chunks",
        "TASKS_PER_THREAD", "MIN_TASK_SECONDS", "CHUNKS_IN_FLIGHT"]


@pytest.mark.parametrize("module, names", [("dlxnumba.split", SPLIT), ("dlxnumba.dask", DASK)])
def test_every_old_name_warns_and_is_the_new_object(module, names):
    old = importlib.import_module(module)
    for name in names:
        with pytest.warns(DeprecationWarning, match=f"{module}.{name} is deprecated: use dlxnumba"):
            value = getattr(old, name)
        home = str(value.__module__) if hasattr(value, "__module__") and callable(value) else None
        if home is not None:
            assert getattr(importlib.import_module(home), name) is value
    with pytest.raises(AttributeError, match="no_such_name"):
        getattr(old, "no_such_name")


def test_run_split_and_run_tasks_keep_their_mode():
    from dlxnumba import split as S

    p, _ = queens(8)
    with pytest.warns(DeprecationWarning, match="count_split"):
        run_split = S.run_split
    with pytest.warns(DeprecationWarning, match="count_tasks"):
        run_tasks = S.run_tasks
    assert run_split(p, threads=2).count == 92
    r = run_split(p, "solutions", threads=2, split_=p.split(8))
    assert len(r.solutions) == 92
    s = p.split(tasks=8)
    assert len(s.solutions) + sum(run_tasks(p, s.subproblems, threads=2).count) == 92
    sols = run_tasks(p, s.subproblems, "solutions").solutions
    assert sum(len(x) for x in sols) + len(s.solutions) == 92
    with pytest.raises(ExactCoverError, match="mode must be 'count' or 'solutions', not 'all'"):
        run_tasks(p, [[0]], "all")
    with pytest.raises(ExactCoverError, match="checkpoint= records counts only"):
        run_split(p, "solutions", checkpoint="x")


def test_the_old_dask_run_keeps_solutions_true():
    pytest.importorskip("distributed")
    from dlxnumba import dask as dd

    p, _ = queens(6)
    with pytest.warns(DeprecationWarning, match="count_run"):
        run = dd.run
    with pytest.raises(ExactCoverError, match="checkpoint= records counts only"):
        run(p, "local", solutions=True, checkpoint="x")
    r = run(p, "local", solutions=True, workers=1, processes=False)
    assert r.count == 4 and sorted(r.solutions) == sorted(p.solutions())
    assert run(p, "local", workers=1, processes=False).solutions is None


def test_the_top_level_split_is_the_new_one():
    import dlxnumba
    from dlxnumba.parallel.split import Split

    assert dlxnumba.Split is Split
