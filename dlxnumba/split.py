"""Deprecated: the split searches moved to :mod:`dlxnumba.parallel` (issue 21).

Every public name of this module still works for one release, with a
:class:`DeprecationWarning` naming its new home:

* ``Split``, ``split``, ``fingerprint``, ``check_splittable`` and the split's
  constants: :mod:`dlxnumba.parallel.split`;
* ``TaskRun``, ``tick_rate``, ``TASK_SLICE``, ``SOLUTION_BUFFER``:
  :mod:`dlxnumba.parallel.tasks`; ``run_tasks(problem, subproblems, mode)`` is
  now the pair ``count_tasks`` / ``solutions_tasks``;
* ``Checkpoint``: :mod:`dlxnumba.parallel.checkpoint`;
* ``SplitRun``, ``cut_remainder``, ``Remainder``, ``count_parallel``,
  ``solutions_parallel``, ``CUT_PARTS``, ``MIN_CUT_NODES``:
  :mod:`dlxnumba.parallel.run`; ``run_split(problem, mode, split_=...)`` is now
  the pair ``count_split`` / ``solutions_split`` (``split=``);
* ``makespan``, ``schedule``, ``speedup``, ``speedup_of_tree``:
  :mod:`dlxnumba.parallel.schedule`.

(Setting a constant here, e.g. ``TASK_SLICE``, changes nothing: set it on its new module.)
"""

from __future__ import annotations

import importlib
import warnings
from typing import Any

_MOVED = {
    **dict.fromkeys(("Split", "split", "fingerprint", "check_splittable", "TASKS_PER_THREAD", "MAX_GROWTH",
                     "BALANCE", "DRY_RUN_NODES"), "dlxnumba.parallel.split"),
    **dict.fromkeys(("TaskRun", "tick_rate", "TASK_SLICE", "SOLUTION_BUFFER"), "dlxnumba.parallel.tasks"),
    **dict.fromkeys(("Checkpoint", "CHECKPOINT_FORMAT", "CHECKPOINT_VERSION"), "dlxnumba.parallel.checkpoint"),
    **dict.fromkeys(("SplitRun", "Remainder", "cut_remainder", "count_parallel", "solutions_parallel",
                     "CUT_PARTS", "MIN_CUT_NODES"), "dlxnumba.parallel.run"),
    **dict.fromkeys(("makespan", "schedule", "speedup", "speedup_of_tree"), "dlxnumba.parallel.schedule"),
}
_RENAMED = {"run_tasks": "dlxnumba.parallel.tasks.count_tasks (or solutions_tasks)",
            "run_split": "dlxnumba.parallel.run.count_split (or solutions_split)"}

__all__ = sorted([*_MOVED, *_RENAMED])


def __getattr__(name: str) -> Any:
    if name in _RENAMED:
        warnings.warn(f"dlxnumba.split.{name} is deprecated: use {_RENAMED[name]}", DeprecationWarning,
                      stacklevel=2)
        return globals()["_" + name]
    home = _MOVED.get(name)
    if home is None:
        raise AttributeError(f"module 'dlxnumba.split' has no attribute {name!r}")
    warnings.warn(f"dlxnumba.split.{name} is deprecated: use {home}.{name}", DeprecationWarning, stacklevel=2)
    return getattr(importlib.import_module(home), name)


def _listing(mode: Any) -> bool:
    from .errors import ExactCoverError, plain

    if mode not in ("count", "solutions"):
        raise ExactCoverError(f"mode must be 'count' or 'solutions', not {plain(mode)}")
    return mode == "solutions"


def _run_tasks(problem: Any, subproblems: Any, mode: str = "count", **kwargs: Any) -> Any:
    """``run_tasks(problem, subproblems, mode, ...)``: ``count_tasks`` or ``solutions_tasks``."""
    from .parallel.tasks import count_tasks, solutions_tasks

    return (solutions_tasks if _listing(mode) else count_tasks)(problem, subproblems, **kwargs)


def _run_split(problem: Any, mode: str = "count", *, split_: Any = None, checkpoint: Any = None,
               **kwargs: Any) -> Any:
    """``run_split(problem, mode, split_=..., ...)``: ``count_split`` or ``solutions_split``."""
    from .errors import ExactCoverError
    from .parallel.run import count_split, solutions_split

    if _listing(mode):
        if checkpoint is not None:
            raise ExactCoverError("checkpoint= records counts only: it cannot be used to list solutions")
        return solutions_split(problem, split=split_, **kwargs)
    return count_split(problem, split=split_, checkpoint=checkpoint, **kwargs)
