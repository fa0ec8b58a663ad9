"""Typing: what mypy sees of dlxnumba, from a user's code and in the package itself.

``from dlxnumba import Sudoku`` used to give mypy and pyright ``Any`` (the names
come from a lazy module ``__getattr__``); a block under ``if TYPE_CHECKING:``
in ``dlxnumba/__init__.py`` now imports the real names for type checkers only.
These tests run mypy (the ``test`` extra installs it) on a small user program
and on the package.
"""

from __future__ import annotations

import ast
import importlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import dlxnumba

pytest.importorskip("mypy", reason="mypy is not installed (pip install -e '.[test]')")

ROOT = Path(__file__).resolve().parent.parent
INIT = ROOT / "dlxnumba" / "__init__.py"

#: A user's program, with the type mypy must find for each ``reveal_type``.
#: (Any would mean that the name is not typed any more.)
GOOD = '''
import dlxnumba
import dlxnumba.encodings
from dlxnumba import ExactCover, LimitReached, Status, Sudoku, last_stats, load_puzzles, puzzle_path, solve_many

s = Sudoku("1234" + "." * 12)
reveal_type(s)                         # dlxnumba.sudoku.puzzle.Sudoku
reveal_type(s.solve())                 # dlxnumba.sudoku.puzzle.Sudoku | None
reveal_type(s.count(2))                # int
reveal_type(s.is_unique())             # bool
reveal_type(s.solutions())             # typing.Iterator[dlxnumba.sudoku.puzzle.Sudoku]
p = ExactCover.from_options([["a", "b"], ["b"]], primary=["a", "b"])
reveal_type(p)                         # dlxnumba.exact_cover.ExactCover
reveal_type(p.solve(given=[0]))        # builtins.list[builtins.int] | None
reveal_type(p.solutions(3))            # typing.Iterator[builtins.list[builtins.int]]
reveal_type(p.count())                 # int
reveal_type(last_stats())              # dlxnumba.stats.Stats
reveal_type(load_puzzles("top95"))     # builtins.list[builtins.str]
reveal_type(dlxnumba.puzzle_sets())    # builtins.tuple[builtins.str, ...]
with puzzle_path("top95") as path:
    reveal_type(path.suffix)           # builtins.str
reveal_type(solve_many)                # def (puzzles: Any, limit: builtins.int =, *, threads: builtins.int | None =, ...
reveal_type(Status.SOLVED)             # dlxnumba.stats.Status
reveal_type(last_stats().status)       # dlxnumba.stats.Status
reveal_type(dlxnumba.grade(s))         # dlxnumba.sudoku.grading.Grade
reveal_type(dlxnumba.grade_many([s]).level_codes)  # numpy.ndarray[...
reveal_type(dlxnumba.generate(box=(2, 2), seed=1))  # dlxnumba.sudoku.puzzle.Sudoku
reveal_type(s.hint())                  # dlxnumba.sudoku.logic.Step | None
reveal_type(s.exact_cover()[2])        # def (builtins.list[builtins.int]) -> dlxnumba.sudoku.puzzle.Sudoku
reveal_type(dlxnumba.encodings.queens_columns([0], dlxnumba.encodings.queens(4)[1]))  # builtins.list[builtins.int]
'''

#: Mistakes mypy must report, one per line marked ``# error``.
BAD = '''
import dlxnumba
import dlxnumba.encodings
from dlxnumba import ExactCover, Sudoku, load_puzzles, solve_many

Sudoku("1234" + "." * 12).count("two")                     # error
Sudoku("1234" + "." * 12).solve(timeout="soon")            # error
ExactCover.from_options([["a"]]).solve(given=["a"])        # error
solve_many(["1234" + "." * 12], threads="two")             # error
load_puzzles(95)                                           # error
n: str = Sudoku("1234" + "." * 12).count()                 # error
dlxnumba.no_such_name                                      # error
dlxnumba.Sudoku("1234" + "." * 12).no_such_method()        # error
Sudoku("1234" + "." * 12, box=2.5)                         # error
dlxnumba.grade("1234" + "." * 12, samples="many")          # error
dlxnumba.generate(box=(2, 2), seed="one")                  # error
Sudoku("1234" + "." * 12).hint(uniqueness="no")            # error
dlxnumba.encodings.queens("eight")                         # error
dlxnumba.encodings.word_rectangles(3, ["ab"])              # error
'''


@pytest.fixture(scope="session")  # (a module's fixture may be set up again when xdist
# hands a worker the module's tests in two batches)
def user_reports(tmp_path_factory) -> dict[str, list[tuple[int, str, str]]]:
    """Run mypy (its default settings, as a user would) once on both programs,
    ``good.py`` (GOOD) and ``bad.py`` (BAD): each file's ``(line, severity,
    message)`` reports.  One run checks the package and numpy's stubs once, where a
    run per program did it twice."""
    folder = tmp_path_factory.mktemp("mypy")
    (folder / "good.py").write_text(GOOD)
    (folder / "bad.py").write_text(BAD)
    # the package is found through MYPYPATH: mypy cannot follow the import hook of
    # an editable install (from an installed wheel it finds it by its py.typed)
    env = {**os.environ, "MYPYPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-error-summary", "--follow-imports=silent",
         "--cache-dir", str(folder / "cache"), "--config-file", os.devnull, "good.py", "bad.py"],
        capture_output=True, text=True, cwd=folder, env=env, timeout=600)
    assert done.returncode in (0, 1), done.stdout + done.stderr
    reports: dict[str, list[tuple[int, str, str]]] = {"good.py": [], "bad.py": []}
    for line in done.stdout.splitlines():
        m = re.match(r"(?:.*[/\\])?(good\.py|bad\.py):(\d+): (error|note): (.*)", line)
        if m:
            reports[m.group(1)].append((int(m.group(2)), m.group(3), m.group(4)))
    return reports


def _expected(source: str, marker: str) -> dict[int, str]:
    """Line number -> the comment after the code, for the lines that have one."""
    out = {}
    for number, line in enumerate(source.splitlines(), 1):
        code, _, comment = line.partition("#")
        if comment.strip() and code.strip() and (marker == "" or comment.strip() == marker):
            out[number] = comment.strip()
    return out


@pytest.mark.slow
@pytest.mark.xdist_group("mypy")  # one worker, so the two share one run of mypy
def test_a_users_program_sees_the_real_types(user_reports):
    reports = user_reports["good.py"]
    errors = [r for r in reports if r[1] == "error"]
    assert not errors, errors
    revealed = {line: re.sub(r'^Revealed type is "(.*)"$', r"\1", text) for line, kind, text in reports
                if kind == "note" and text.startswith("Revealed type")}
    expected = _expected(GOOD, "")
    assert set(revealed) == set(expected)
    for line, want in expected.items():
        got = revealed[line]
        # mypy prints builtins with or without their module, by version
        plain = re.sub(r"\bbuiltins\.", "", got)
        want_plain = re.sub(r"\bbuiltins\.", "", want)
        if want_plain.endswith("..."):
            assert plain.startswith(want_plain[:-3]), (line, got)
        else:
            assert plain == want_plain or plain.startswith(f"Literal[{want_plain}."), (line, got)
        assert got != "Any", line


@pytest.mark.slow
@pytest.mark.xdist_group("mypy")
def test_mistakes_in_a_users_program_are_reported(user_reports):
    reports = user_reports["bad.py"]
    errors = {line for line, kind, _ in reports if kind == "error"}
    assert errors == set(_expected(BAD, "error")), reports


def _type_checking_imports() -> dict[str, tuple[str, str]]:
    """Public name -> (module, name there) of the imports under ``if TYPE_CHECKING:``."""
    tree = ast.parse(INIT.read_text())
    out: dict[str, tuple[str, str]] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for stmt in node.body:
                assert isinstance(stmt, ast.ImportFrom) and stmt.level == 1, ast.dump(stmt)
                for alias in stmt.names:
                    # ``X as X``: a re-export for mypy and pyright
                    assert alias.asname == alias.name, f"write {alias.name} as {alias.name}"
                    out[alias.name] = (f"dlxnumba.{stmt.module}", alias.name)
    return out


def test_type_checkers_see_every_public_name_as_its_run_time_object():
    """The TYPE_CHECKING imports and the lazy table name the same objects."""
    seen = _type_checking_imports()
    assert set(seen) == set(dlxnumba.__all__) - {"__version__"}
    for public, (module, name) in seen.items():
        assert getattr(importlib.import_module(module), name) is getattr(dlxnumba, public), public


def test_import_dlxnumba_stays_lazy():
    """The typing block costs nothing at run time: no submodule, not even typing."""
    code = "import sys, dlxnumba; print(sorted(m for m in sys.modules if m.startswith('dlxnumba') or m == 'typing'))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['dlxnumba']"


@pytest.mark.slow
def test_the_package_passes_mypy():
    """``mypy`` with the settings of pyproject.toml, on the whole package: no error at all."""
    done = subprocess.run([sys.executable, "-m", "mypy"], capture_output=True, text=True, cwd=ROOT, timeout=900)
    assert done.returncode == 0, done.stdout[-5000:] + done.stderr
