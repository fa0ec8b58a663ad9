"""The checks of plain arguments, in one place: integers, numbers, choices, flags.

Every public entry point checks what it is given once, at the boundary, with
these; each raises the caller's error class (:class:`~dlxnumba.ExactCoverError`
for the engine, :class:`~dlxnumba.SudokuError` for Sudoku, ...) with a message
that names the argument and shows the value plainly (``2``, not
``np.int64(2)``).  A bool is never taken for a number.

>>> integer(np.int64(3), "limit", low=1)
3
>>> integer(True, "limit")
Traceback (most recent call last):
...
dlxnumba.errors.ExactCoverError: limit must be an integer, not True
>>> number(-1, "timeout", none=True)
Traceback (most recent call last):
...
dlxnumba.errors.ExactCoverError: timeout must be None or a non-negative number, not -1
"""

from __future__ import annotations

import secrets
from typing import Any, Sequence

import numpy as np

from .errors import ExactCoverError, plain

__all__ = ["is_integer", "integer", "number", "choice", "flag", "seed"]


def is_integer(value: Any) -> bool:
    """True for a Python or numpy integer that is not a bool."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def integer(value: Any, name: str, *, low: int | None = None, high: int | None = None, none: bool = False,
            error: type[Exception] = ExactCoverError) -> Any:
    """``value`` as a Python int within ``[low, high]`` (None passes when ``none``)."""
    if value is None and none:
        return None
    if not is_integer(value):
        raise error(f"{name} must be {'None or ' if none else ''}{_integer_kind(low)}, not {plain(value)}")
    v = int(value)
    if (low is not None and v < low) or (high is not None and v > high):
        raise error(f"{name} must be {'None or ' if none else ''}{_integer_kind(low, high)}, not {v}")
    return v


def _integer_kind(low: int | None, high: int | None = None) -> str:
    if high is not None:
        return f"an integer from {low} to {high}"
    return {None: "an integer", 0: "a non-negative integer", 1: "a positive integer"}.get(
        low, f"an integer of at least {low}")


def number(value: Any, name: str, *, none: bool = False, positive: bool = False,
           error: type[Exception] = ExactCoverError) -> Any:
    """``value`` as a non-negative (or positive) finite-or-infinite Python float (None passes when ``none``)."""
    if value is None and none:
        return None
    real = isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(value, (bool, np.bool_))
    if not real or not (value > 0 if positive else value >= 0):
        kind = "a positive number" if positive else "a non-negative number"
        raise error(f"{name} must be {'None or ' if none else ''}{kind}, not {plain(value)}")
    return float(value)


def choice(value: Any, name: str, choices: Sequence[str], error: type[Exception] = ExactCoverError) -> str:
    """``value`` if it is one of the strings ``choices``, else an error listing them.

    >>> choice("cells", "algorithm", ("links", "cells", "auto"))
    'cells'
    """
    if not isinstance(value, str) or value not in choices:
        listed = ", ".join(repr(c) for c in choices[:-1]) + f" or {choices[-1]!r}"
        raise error(f"{name} must be {listed}, not {plain(value)}")
    return value


def flag(value: Any, name: str, error: type[Exception] = ExactCoverError) -> bool:
    """``value`` if it is a bool (numpy's too), else an error."""
    if not isinstance(value, (bool, np.bool_)):
        raise error(f"{name} must be True or False, not {plain(value)}")
    return bool(value)


#: Seeds are integers below this (64 bits): what every random search and generator takes.
SEED_LIMIT = 1 << 64


def seed(value: Any, *, integer_only: bool = False, error: type[Exception] = ExactCoverError) -> Any:
    """A random seed checked once, for every function that takes ``seed=``.

    ``value`` may be an integer from 0 to ``2**64 - 1``, a numpy
    :class:`~numpy.random.Generator` or None (a seed drawn from the operating
    system).  Returns a Generator: ``value`` itself when it is one, else
    :func:`numpy.random.default_rng` of the integer.  With ``integer_only``
    it returns the integer instead (for the compiled generators, which seed
    their own SplitMix64): a Generator then gives its next 64-bit draw, so
    the same Generator state gives the same integer.

    >>> int(seed(7).integers(100)) == int(seed(7).integers(100))
    True
    >>> seed(np.random.default_rng(1), integer_only=True) == seed(np.random.default_rng(1), integer_only=True)
    True
    >>> seed(-1)
    Traceback (most recent call last):
    ...
    dlxnumba.errors.ExactCoverError: seed must be an integer from 0 to 2**64 - 1, a numpy Generator or None, not -1
    """
    if isinstance(value, np.random.Generator):
        if integer_only:
            return int(value.integers(0, SEED_LIMIT, dtype=np.uint64))
        return value
    if value is None:
        value = secrets.randbits(64)
    elif not is_integer(value) or not 0 <= value < SEED_LIMIT:
        raise error(f"seed must be an integer from 0 to 2**64 - 1, a numpy Generator or None, not {plain(value)}")
    value = int(value)
    return value if integer_only else np.random.default_rng(value)

