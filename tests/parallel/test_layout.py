"""The parallel package's place in the house: generic (nothing of Sudoku or the command
line, not even inside a function), its modules small, its __init__ handing names on only."""

from __future__ import annotations

import ast
from pathlib import Path

import dlxnumba.parallel

PACKAGE = Path(dlxnumba.parallel.__file__).resolve().parent


def imported(path: Path) -> set:
    """The dlxnumba modules ``path`` imports, anywhere in it (relative imports resolved)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ["dlxnumba", "parallel"][:3 - node.level]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found |= {module} | {f"{module}.{a.name}" for a in node.names}
    return {m for m in found if m.startswith("dlxnumba")}


def test_nothing_in_parallel_imports_sudoku_or_the_command_line():
    for path in PACKAGE.glob("*.py"):
        bad = {m for m in imported(path) if m.startswith(("dlxnumba.sudoku", "dlxnumba.cli"))}
        assert not bad, f"{path.name} imports {sorted(bad)}"


def test_no_child_imports_the_package_face_back_and_no_module_is_large():
    for path in PACKAGE.glob("*.py"):
        assert len(path.read_text().splitlines()) <= 900, path.name
        if path.name != "__init__.py":
            assert "dlxnumba.parallel" not in imported(path) - {f"dlxnumba.parallel.{p.stem}"
                                                                for p in PACKAGE.glob("*.py")}, path.name
