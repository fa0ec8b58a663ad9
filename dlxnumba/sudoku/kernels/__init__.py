"""Sudoku's kernels: links from a grid and the Sudoku job type of the lanes,
the logical grader, the generator.

=============================  ===============================================
:mod:`._common`                the cache domain of this folder (below)
:mod:`.links`                  the links a grid's givens leave; rule checks
:mod:`.lanes`                  the Sudoku job type of the lanes (grids in and out)
:mod:`.candidates`             candidate bitmasks: the grader's data and steps
:mod:`.techniques`             the grader's techniques
:mod:`.logic`                  the grader: logical solver, search effort
:mod:`.bits`                   the bit-parallel engine: the band layout, the entry points
:mod:`.cell_layout`            the bit engine's cell layout (any geometry, setters' rules)
:mod:`.rng`                    SplitMix64, unbiased draws, bit counts
:mod:`.generate`               puzzle generation on the bit engine: full grids, clue removal
=============================  ===============================================

They use the generic engine (:mod:`dlxnumba.kernels`: its records, constants,
jit options and the functions of :mod:`dlxnumba.kernels.core`); nothing there
imports them, and they import nothing of :mod:`dlxnumba.sudoku` above them.

This folder is a cache domain of its own (:mod:`._common`): its cached machine
code is discarded when any of its files changes, or any file of the engine's
folder, whose functions it calls; an edit here keeps the engine's cache.  This
``__init__`` imports :mod:`._common` only, so the guard runs before any
kernel of the folder is defined.
"""

from . import _common  # noqa: F401 (the cache guard, before any kernel is defined)
