"""The puzzle sets that ship with the package, by name.

Each set is a text file in the package's ``puzzles/`` folder, one puzzle per line,
row by row, ``.`` for an empty cell (digits past 9 as letters): Peter Norvig's
``easy50``, ``top95`` and ``hardest`` (9x9, one solution each), and the sets the
project generated, ``sudoku4``, ``sudoku6``, ``sudoku16``, ``sudoku25`` (one solution
each) and ``sudoku6-multi`` (several). Their sources and how the generated sets
were made are told in ``puzzles/README.md`` of the repository.

Nothing here imports numba: naming, reading and locating a set is instant.

Examples
--------
>>> "top95" in puzzle_sets()
True
>>> puzzles = load_puzzles("hardest")
>>> len(puzzles), len(puzzles[0])
(11, 81)
>>> with puzzle_path("hardest") as path:
...     path.name
'hardest.txt'
>>> load_puzzles("top96")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
dlxnumba.errors.SudokuError: no puzzle set named 'top96'; the shipped sets are easy50, hardest, ...
"""

from __future__ import annotations

import sys
from contextlib import AbstractContextManager
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import SudokuError

if TYPE_CHECKING:  # pragma: no cover
    if sys.version_info >= (3, 11):
        from importlib.resources.abc import Traversable
    else:
        from importlib.abc import Traversable

__all__ = ["puzzle_sets", "load_puzzles", "puzzle_path", "set_file"]

#: The folder of the sets, inside the package.
FOLDER = "puzzles"
SUFFIX = ".txt"


def _folder() -> Traversable:
    return resources.files("dlxnumba").joinpath(FOLDER)


def puzzle_sets() -> tuple[str, ...]:
    """The names of the shipped puzzle sets, sorted.

    Returns
    -------
    tuple of str
        The names :func:`load_puzzles` and :func:`puzzle_path` take.

    Examples
    --------
    >>> from dlxnumba import puzzle_sets
    >>> "top95" in puzzle_sets(), "sudoku16" in puzzle_sets()
    (True, True)
    """
    return tuple(sorted(entry.name[:-len(SUFFIX)] for entry in _folder().iterdir()
                        if entry.name.endswith(SUFFIX) and entry.is_file()))


def set_file(name: str) -> Traversable:
    """The file of set ``name`` as a package resource (open it with ``.open("rb")``,
    as the command line does); a :class:`~dlxnumba.errors.SudokuError` naming the
    sets for any other name.

    >>> set_file("hardest").name
    'hardest.txt'
    """
    known = puzzle_sets()
    if name not in known:
        raise SudokuError(f"no puzzle set named {name!r}; the shipped sets are {', '.join(known)}")
    return _folder().joinpath(name + SUFFIX)


def load_puzzles(name: str) -> list[str]:
    """The puzzles of set ``name`` as one-line strings, in file order.

    Parameters
    ----------
    name : str
        One of :func:`puzzle_sets`, e.g. ``"top95"``.

    Returns
    -------
    list of str
        One string per puzzle (comment lines and blank lines left out).

    Raises
    ------
    SudokuError
        If no set has that name (the message lists the names).

    Examples
    --------
    >>> from dlxnumba import load_puzzles
    >>> puzzles = load_puzzles("hardest")
    >>> len(puzzles), len(puzzles[0])
    (11, 81)
    """
    text = set_file(name).read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def puzzle_path(name: str) -> AbstractContextManager[Path]:
    """The file of set ``name`` as a path on disk, for code that wants a file name.

    A context manager: ``with puzzle_path("top95") as path: read_puzzles(path)``.
    Where the package is installed as files the path is the shipped file itself;
    from a zipped install it is a temporary copy, removed when the block ends.

    Parameters
    ----------
    name : str
        One of :func:`puzzle_sets`, e.g. ``"top95"``.

    Returns
    -------
    context manager of pathlib.Path
        The path of the set's file while the ``with`` block runs.

    Raises
    ------
    SudokuError
        If no set has that name (the message lists the names).

    Examples
    --------
    >>> from dlxnumba import read_puzzles, puzzle_path
    >>> with puzzle_path("hardest") as path:
    ...     read_puzzles(path).shape
    (11, 81)
    """
    return resources.as_file(set_file(name))
