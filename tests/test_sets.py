"""dlxnumba.sets: the shipped puzzle sets, by name.

The wheel used to hold no puzzle data; these tests check the data the package
carries and how it is found (files on disk, an editable install, a zip).  That a
built wheel holds them is checked in ``test_distribution.py``.
"""

from __future__ import annotations

import math
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import numpy as np
import pytest

import dlxnumba
from dlxnumba import Sudoku, load_puzzles, puzzle_path, puzzle_sets, read_puzzles
from dlxnumba.errors import SudokuError
from known import PUZZLES, ROOT, SHIPPED

PACKAGE = Path(dlxnumba.__file__).resolve().parent

#: Puzzles per set, as puzzles/README.md gives them.
SIZES = {"easy50": 50, "top95": 95, "hardest": 11, "sudoku4": 50, "sudoku6": 50, "sudoku16": 20,
         "sudoku25": 5, "sudoku6-multi": 30}


def test_the_names_are_the_shipped_sets():
    assert set(puzzle_sets()) == SHIPPED == set(SIZES)
    assert list(puzzle_sets()) == sorted(puzzle_sets())


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_a_set_loads_as_one_line_puzzles(name):
    puzzles = load_puzzles(name)
    assert len(puzzles) == SIZES[name]
    n = math.isqrt(len(puzzles[0]))
    assert all(isinstance(p, str) and len(p) == n * n for p in puzzles)
    # the same puzzles as the file reader gives from the path, cell for cell
    with puzzle_path(name) as path:
        assert path.is_file() and path.name == f"{name}.txt"
        cells = read_puzzles(path, size=n)
    assert np.array_equal(cells, np.array([Sudoku(p).grid.ravel() for p in puzzles]))


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_the_repository_folder_links_to_the_package_data(name):
    """One copy of each set: puzzles/NAME.txt is a link to the package's file."""
    top = PUZZLES / f"{name}.txt"
    assert top.is_symlink(), f"{top} should link to the package's copy"
    assert top.resolve() == PACKAGE / "puzzles" / f"{name}.txt"
    assert top.resolve().is_file()


def test_every_set_in_the_repository_folder_ships():
    """A new puzzles/NAME.txt (answers and counts aside) must be a shipped set."""
    names = {p.name[:-4] for p in PUZZLES.glob("*.txt")}
    assert {n for n in names if not n.endswith((".solutions", ".counts"))} == set(puzzle_sets())


@pytest.mark.parametrize("bad", ["top96", "TOP95", "top95.txt", "puzzles/top95", "../sets", "", None, 95])
def test_an_unknown_name_is_refused_with_the_known_names(bad):
    for call in (load_puzzles, puzzle_path):
        with pytest.raises(SudokuError, match="no puzzle set named") as info:
            call(bad)
        message = str(info.value)
        assert repr(bad) in message
        assert all(name in message for name in puzzle_sets())


def test_naming_and_loading_a_set_does_not_import_numba():
    code = ("import sys, dlxnumba; dlxnumba.load_puzzles('top95'); dlxnumba.puzzle_sets(); "
            "print('numba' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


def test_sets_load_from_a_zipped_package(tmp_path):
    """From a zip (no files on disk) the sets still load, and ``puzzle_path``
    gives a temporary copy that is gone after the block."""
    archive = tmp_path / "dlxnumba.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for path in PACKAGE.rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                z.write(path, Path("dlxnumba") / path.relative_to(PACKAGE))
    code = "\n".join([
        "import dlxnumba, os",
        "assert dlxnumba.__file__.startswith(os.environ['ZIP']), dlxnumba.__file__",
        "print(len(dlxnumba.load_puzzles('hardest')), len(dlxnumba.puzzle_sets()))",
        "with dlxnumba.puzzle_path('hardest') as path:",
        "    print(path.is_file(), len(path.read_text().split()))",
        "print(path.exists())",
    ])
    env = {**os.environ, "PYTHONPATH": str(archive), "ZIP": str(archive)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["11", str(len(SHIPPED)), "True", "11", "False"]


def test_benchutil_reads_the_sets_through_the_api():
    """bench/ reads the sets the way a user of the installed package does."""
    import benchutil

    assert benchutil.puzzle_lines("hardest") == load_puzzles("hardest")
    assert np.array_equal(benchutil.puzzle_array("hardest"), read_puzzles(ROOT / "puzzles" / "hardest.txt"))
