"""The kernels folder is one numba cache domain, and the only home of numba.

numba's on-disk cache checks only the file that defines a cached function, so
a cached caller keeps the old machine code of a callee in another file after
that file is edited.  ``dlxnumba.kernels`` discards its cache when any of its
files changes; these tests edit a callee in a copy of the package and watch
the result change (and, with the guard switched off, stay stale).
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


def test_no_module_outside_kernels_imports_numba():
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


def test_every_compiled_function_lives_in_kernels():
    """A jit decorator anywhere else would escape the cache domain."""
    offenders = [str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py")
                 if "kernels" not in p.relative_to(PACKAGE).parts
                 and ("@njit" in p.read_text() or "@jit" in p.read_text())]
    assert offenders == []
