"""The kernel folders are numba cache domains, and the only home of numba.

numba's on-disk cache checks only the file that defines a cached function, so
a cached caller keeps the old machine code of a callee in another file after
that file is edited.  ``dlxnumba.kernels`` discards its cache when any of its
files changes, ``dlxnumba.sudoku.kernels`` when any of its files or of the
engine's changes; these tests edit a callee in a copy of the package and watch
the result change (and, with the guard switched off, stay stale), and edit the
files of each domain and watch which cache goes.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "dlxnumba"

# Counts Knuth's example with DLX1's rule; prints where dlxnumba came from and the updates.
SCRIPT = """
import dlxnumba
from dlxnumba import ExactCover
p = ExactCover.from_options(
    [["C", "E", "F"], ["A", "D", "G"], ["B", "C", "F"], ["A", "D"], ["B", "G"], ["D", "E", "G"]],
    primary=["A", "B", "C", "D", "E"], secondary=["F", "G"])
n = p.count(stop_at=0)
print(dlxnumba.__file__)
print(n, dlxnumba.last_stats().updates)
"""


def _run(root: Path, guard: bool) -> tuple[int, int]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_")}
    env["PYTHONPATH"] = str(root)
    env["DLXNUMBA_CACHE_GUARD"] = "1" if guard else "0"
    cp = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env,
                        cwd=root, timeout=600)
    assert cp.returncode == 0, cp.stderr
    where, figures = cp.stdout.split("\n")[:2]
    assert Path(where).resolve().is_relative_to(root.resolve()), f"imported {where}, not the copy"
    count, updates = map(int, figures.split())
    return count, updates


@pytest.mark.slow
def test_editing_a_callee_discards_the_cached_callers(tmp_path):
    shutil.copytree(PACKAGE, tmp_path / "dlxnumba", ignore=shutil.ignore_patterns("__pycache__"))
    dance = tmp_path / "dlxnumba" / "kernels" / "core" / "dance.py"
    text = dance.read_text()
    head = "\ndef cover(c, width, links):\n"  # the plain cover (the colored one has the same lines)
    anchor = "    length[c] += COVERED\n    updates = 1\n"
    assert text.count(head) == 1 and anchor in text[text.index(head):]

    count, updates = _run(tmp_path, guard=True)  # compiles and fills the cache
    assert (count, updates) == (1, 30)  # Knuth's figures

    # cover() in dance.py now counts 1001 updates for each covered item; the
    # search loop in search.py calls it and was cached with the old code
    at = text.index(anchor, text.index(head))
    dance.write_text(text[:at] + anchor.replace("updates = 1", "updates = 1001") + text[at + len(anchor):])
    stale = _run(tmp_path, guard=False)
    assert stale == (1, 30), "numba noticed the edit by itself: the guard is no longer needed"

    fresh = _run(tmp_path, guard=True)
    assert fresh[0] == 1 and fresh[1] > 30 and (fresh[1] - 30) % 1000 == 0
    assert _run(tmp_path, guard=True) == fresh  # and it is cached again


def _fake_cache(folder: Path) -> None:
    """A cache index and machine code file, named as numba names them, for each
    source file of ``folder`` (in the directory numba would cache it in)."""
    from dlxnumba.kernels._common import _cache_dirs, _sources

    for d, stems in _cache_dirs(_sources((folder,))).items():
        os.makedirs(d, exist_ok=True)
        for stem in stems:
            for suffix in (".nbi", ".1.nbc"):
                Path(d, f"{stem}kernel-1.py311{suffix}").write_bytes(b"machine code")


def _cached(folder: Path) -> int:
    """How many cache files of ``folder``'s sources are left."""
    from dlxnumba.kernels._common import _cache_dirs, _sources

    return sum(1 for d, stems in _cache_dirs(_sources((folder,))).items() if os.path.isdir(d)
               for name in os.listdir(d) if name.startswith(stems) and name.endswith((".nbi", ".nbc")))


def test_an_edit_of_a_sudoku_kernel_keeps_the_engines_cache_and_an_edit_of_the_engine_discards_both(
        tmp_path, monkeypatch):
    """Each wing's compiled code is a cache domain: Sudoku's kernels call the
    engine's functions, so an edit of the engine discards both caches; an edit of
    a Sudoku kernel discards Sudoku's only (the two domains of the package, laid
    out in a temporary folder, and guarded as the package guards them)."""
    from dlxnumba.kernels._common import guard_cache

    monkeypatch.setenv("DLXNUMBA_CACHE_GUARD", "1")
    engine = tmp_path / "dlxnumba" / "kernels"
    sudoku = tmp_path / "dlxnumba" / "sudoku" / "kernels"
    for path in (engine / "__init__.py", engine / "_common.py", engine / "core" / "__init__.py",
                 engine / "core" / "dance.py", sudoku / "__init__.py", sudoku / "_common.py",
                 sudoku / "techniques.py"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"# {path.name}\n")

    def guard():
        guard_cache("kernels", engine)
        guard_cache("sudoku-kernels", sudoku, depends=(engine,))

    guard()  # the stamps
    _fake_cache(engine), _fake_cache(sudoku)
    full = (_cached(engine), _cached(sudoku))
    assert full == (8, 6)  # two files per source file
    guard()
    assert (_cached(engine), _cached(sudoku)) == full  # nothing changed: nothing discarded

    technique = sudoku / "techniques.py"
    technique.write_text(technique.read_text() + "X = 1\n")
    guard()
    assert (_cached(engine), _cached(sudoku)) == (8, 0)

    _fake_cache(sudoku)  # compiled again
    guard()
    assert (_cached(engine), _cached(sudoku)) == full
    dance = engine / "core" / "dance.py"
    dance.write_text(dance.read_text() + "X = 1\n")
    guard()
    assert (_cached(engine), _cached(sudoku)) == (0, 0)


def test_the_package_guards_the_sudoku_kernels_as_a_domain_that_depends_on_the_engine():
    """Importing Sudoku's kernels stamps their cache with a hash of their folder and
    the engine's (where the package's cache is writable)."""
    import dlxnumba.sudoku.kernels  # noqa: F401
    from dlxnumba.kernels import _common as engine
    from dlxnumba.sudoku.kernels import _common as sudoku

    if os.environ.get("DLXNUMBA_CACHE_GUARD", "1") == "0":
        pytest.skip("the guard is switched off")
    digest = engine._domain_hash(engine._sources((sudoku.FOLDER, engine.FOLDER)), PACKAGE)
    stamps = [Path(d, "dlxnumba-sudoku-kernels.stamp") for d in engine._cache_dirs(engine._sources((sudoku.FOLDER,)))]
    readable = [p.read_text() for p in stamps if p.exists()]
    if not readable:
        pytest.skip("no writable cache for the package")
    assert readable == [digest]


def test_no_module_outside_the_kernel_folders_imports_numba():
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        if "kernels" in path.relative_to(PACKAGE).parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            if any(n == "numba" or n.startswith("numba.") for n in names):
                offenders.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert offenders == []


def test_every_compiled_function_lives_in_a_kernel_folder():
    """A jit decorator anywhere but in a kernel folder (the engine's, Sudoku's)
    would escape the cache domains."""
    offenders = [str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py")
                 if "kernels" not in p.relative_to(PACKAGE).parts
                 and ("@njit" in p.read_text() or "@jit" in p.read_text())]
    assert offenders == []
