"""What Sudoku's kernels share: their cache domain.

Sudoku's compiled code is a numba cache domain of its own: its cache is
discarded when any file of this folder changes, or any file of the generic
engine (:mod:`dlxnumba.kernels`), whose functions its kernels call; an edit
here keeps the engine's machine code.  The guard is the engine's one
(:func:`dlxnumba.kernels._common.guard_cache`), called here on import, which
the folder's ``__init__`` does before any Sudoku kernel is defined, compiled
or loaded.  The records and constants the kernels share with the engine come
from :mod:`dlxnumba.kernels._common`.
"""

from __future__ import annotations

from pathlib import Path

from ...kernels._common import FOLDER as ENGINE, guard_cache

#: The folder whose kernels make Sudoku's cache domain.
FOLDER = Path(__file__).parent

guard_cache("sudoku-kernels", FOLDER, depends=(ENGINE,))
