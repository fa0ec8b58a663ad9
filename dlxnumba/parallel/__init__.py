"""One search over many workers: the split, the tasks, checkpoints, the scheduling model, Dask.

=================  ==================================================================
``split``          :class:`Split` and ``split()``: the search tree divided into
                   subproblems; the one check that a problem can be split; the
                   knobs of a split and its cuts (:class:`SplitOptions`); expanding
                   and measuring nodes; :func:`~split.check_split`
``tasks``          running subproblems on the lanes: :func:`count_tasks`,
                   :func:`solutions_tasks`, :class:`TaskRun`
``checkpoint``     :class:`Checkpoint`: a split and its finished tasks in a
                   self-checking file, for resumable counts
``run``            split searches end to end on one machine, in rounds, cutting long
                   tasks: :func:`count_split`, :func:`solutions_split`,
                   :class:`SplitRun`; the bodies of ``count(threads=N)``
``schedule``       the scheduling model (plans, not runs): :func:`makespan`,
                   ``schedule()``, :func:`speedup`
``dask``           the same on a Dask cluster, for any exact-cover problem or
                   encoded puzzle (it knows nothing of Sudoku)
=================  ==================================================================

(``split`` and ``schedule`` name the modules here; their functions of the
same name are ``dlxnumba.parallel.split.split`` and
``dlxnumba.parallel.schedule.schedule``.)  The arrows point down the table (``dask`` and ``run`` use the rest; ``split``
uses none of them); this file only hands names on, on first use, and no module
of the package imports it back.
"""

import importlib

# public name -> the module of this package that defines it
_WHERE = {
    "Split": "split", "SplitOptions": "split", "check_splittable": "split",
    "check_split": "split",
    "TaskRun": "tasks", "count_tasks": "tasks", "solutions_tasks": "tasks",
    "Checkpoint": "checkpoint",
    "SplitRun": "run", "count_split": "run", "solutions_split": "run", "cut_remainder": "run",
    "makespan": "schedule", "speedup": "schedule", "speedup_of_tree": "schedule",
}

__all__ = list(_WHERE)


def __getattr__(name: str):
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'dlxnumba.parallel' has no attribute {name!r}")
    return getattr(importlib.import_module(f".{module}", __name__), name)


def __dir__():
    return sorted(set(globals()) | set(__all__))
