"""dlxnumba: exact cover with Knuth's dancing links, compiled with numba.

The engine (:class:`ExactCover`) solves any exact-cover problem with primary
and secondary items; front ends encode puzzles into it.
"""

from .problem import ExactCover, ExactCoverError, LimitReached, Stats
from .dlxformat import DLXFormatError

__version__ = "0.1.0"

__all__ = [
    "ExactCover",
    "ExactCoverError",
    "DLXFormatError",
    "LimitReached",
    "Stats",
    "__version__",
]
