"""Deprecated: the Dask runner moved to :mod:`dlxnumba.parallel.dask` (issue 21), and
Sudoku's batches on a cluster to :mod:`dlxnumba.sudoku.dask`.

Every public name of this module still works for one release, with a
:class:`DeprecationWarning` naming its new home: ``count``, ``solutions``,
``connect``, ``chunk_subproblems``, ``task_overhead``, ``DaskRun`` and the
constants are in :mod:`dlxnumba.parallel.dask`; ``run(problem, client,
solutions=...)`` is now the pair ``count_run`` / ``solutions_run``;
``solve_chunks`` and ``CHUNKS_IN_FLIGHT`` are in :mod:`dlxnumba.sudoku.dask`.
"""

from __future__ import annotations

import importlib
import warnings
from typing import Any

_MOVED = {
    **dict.fromkeys(("DaskRun", "count", "solutions", "connect", "chunk_subproblems", "task_overhead",
                     "TASKS_PER_THREAD", "MIN_TASKS_PER_THREAD", "MIN_TASK_SECONDS", "WEIGHT_PER_SECOND",
                     "CONNECT_TIMEOUT", "POLL_SECONDS", "STOP_CHECK_SECONDS"), "dlxnumba.parallel.dask"),
    **dict.fromkeys(("solve_chunks", "CHUNKS_IN_FLIGHT"), "dlxnumba.sudoku.dask"),
}

__all__ = sorted([*_MOVED, "run"])


def __getattr__(name: str) -> Any:
    if name == "run":
        warnings.warn("dlxnumba.dask.run is deprecated: use dlxnumba.parallel.dask.count_run "
                      "(or solutions_run for solutions=True)", DeprecationWarning, stacklevel=2)
        return _run
    home = _MOVED.get(name)
    if home is None:
        raise AttributeError(f"module 'dlxnumba.dask' has no attribute {name!r}")
    warnings.warn(f"dlxnumba.dask.{name} is deprecated: use {home}.{name}", DeprecationWarning, stacklevel=2)
    return getattr(importlib.import_module(home), name)


def _run(problem: Any, client: Any = None, *, solutions: bool = False, checkpoint: Any = None,
         **kwargs: Any) -> Any:
    """``run(problem, client, solutions=...)``: ``count_run`` or ``solutions_run``."""
    from .errors import ExactCoverError
    from .parallel.dask import count_run, solutions_run

    if solutions:
        if checkpoint is not None:
            raise ExactCoverError("checkpoint= records counts only: it cannot be used to list solutions")
        return solutions_run(problem, client, **kwargs)
    return count_run(problem, client, checkpoint=checkpoint, **kwargs)
