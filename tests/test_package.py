"""The package as a whole: its public names, its import graph, where the exceptions live,
and one module object per file."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import sys
from pathlib import Path

import pytest

import dlxnumba
from dlxnumba import errors

PACKAGE = Path(dlxnumba.__file__).resolve().parent
TESTS = Path(__file__).resolve().parent


def all_modules() -> list:
    """Every module of dlxnumba, imported."""
    names = ["dlxnumba"] + [m.name for m in pkgutil.walk_packages(dlxnumba.__path__, "dlxnumba.")]
    return [importlib.import_module(name) for name in names]


# ---------------------------------------------------------------------------
# Public names
# ---------------------------------------------------------------------------


def test_every_public_name_resolves():
    assert len(dlxnumba.__all__) == len(set(dlxnumba.__all__))
    for name in dlxnumba.__all__:
        assert getattr(dlxnumba, name) is not None, name
    assert set(dlxnumba.__all__) <= set(dir(dlxnumba))
    namespace: dict = {}
    exec("from dlxnumba import *", namespace)
    assert set(dlxnumba.__all__) <= set(namespace)
    with pytest.raises(AttributeError, match="no_such_name"):
        dlxnumba.no_such_name  # noqa: B018


def test_every_module_all_resolves():
    """The __all__ of every module names things the module has."""
    for module in all_modules():
        for name in getattr(module, "__all__", ()):
            assert hasattr(module, name), f"{module.__name__}.{name}"


def test_the_top_level_names_are_the_defining_modules_objects():
    for name in dlxnumba.__all__:
        if name == "__version__":
            continue
        value = getattr(dlxnumba, name)
        home = importlib.import_module(getattr(value, "__module__", "dlxnumba"))
        assert getattr(home, name) is value, name


# ---------------------------------------------------------------------------
# The import graph has no cycles
# ---------------------------------------------------------------------------


def module_name(path: Path, root: Path) -> str:
    parts = (root.name,) + path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking(test) -> bool:
    return ((isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
            or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def _imports(tree):
    """Every import statement, at any depth (functions too), outside ``if TYPE_CHECKING:``."""
    todo = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.If) and _type_checking(node.test):
            todo.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        todo.extend(ast.iter_child_nodes(node))


def _related(a: str, b: str) -> bool:
    """Whether one module is a package holding the other."""
    return a.startswith(b + ".") or b.startswith(a + ".")


def import_graph(root: Path) -> dict[str, set[str]]:
    """module -> the modules of the same package it imports, read from the source.

    ``from X import y`` imports the submodule ``X.y`` when there is one, else
    ``X``; importing ``a.b.c`` runs ``a.b`` first, so that is an edge too.  Edges
    between a package and its own submodules are left out (a package's
    ``__init__`` imports its submodules, and they import from it).
    """
    paths = {module_name(p, root): p for p in sorted(root.rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found = []
        for node in _imports(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                found += [a.name for a in node.names]
                continue
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(base + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            found += [f"{base}.{a.name}" if f"{base}.{a.name}" in paths else base for a in node.names]
        targets = set()
        for target in found:
            parts = target.split(".")
            for k in range(1, len(parts) + 1):  # the module and the packages it is in
                t = ".".join(parts[:k])
                if t in paths and t != name and not _related(t, name):
                    targets.add(t)
        graph[name] = targets
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of the graph (its modules in import order, the first repeated at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(v):
        state[v] = 1
        path.append(v)
        for w in sorted(graph.get(v, ())):
            if state.get(w) == 1:
                return path[path.index(w):] + [w]
            if w not in state:
                cycle = visit(w)
                if cycle:
                    return cycle
        path.pop()
        state[v] = 2
        return None

    for v in sorted(graph):
        if v not in state:
            cycle = visit(v)
            if cycle:
                return cycle
    return None


def test_no_import_cycles():
    graph = import_graph(PACKAGE)
    assert len(graph) == len(list(PACKAGE.rglob("*.py")))
    assert "dlxnumba.kernels.core.search" in graph["dlxnumba.search"]  # the graph sees imports ...
    assert "dlxnumba.kernels.core.lanes" in graph["dlxnumba.search_options"]  # ... in functions too
    assert "dlxnumba.problem" not in graph["dlxnumba.search"]  # but not under TYPE_CHECKING
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_errors_is_the_floor_of_the_import_graph():
    assert import_graph(PACKAGE)["dlxnumba.errors"] == set()


def test_the_cycle_finder_finds_a_planted_cycle(tmp_path):
    """The check above can fail: a package whose modules import each other in a
    circle (through a function-level import) is caught; TYPE_CHECKING imports and
    a package's imports of its own submodules are not cycles."""
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from . import a\nfrom .sub import c\n")
    (pkg / "a.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import b\n"
                              "from . import errors\n")
    (pkg / "b.py").write_text("import pkg.a\n")
    (pkg / "errors.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("from .. import errors\nfrom . import c\n")
    (pkg / "sub" / "c.py").write_text("def f():\n    from .. import b\n")
    graph = import_graph(pkg)
    assert graph == {"pkg": set(), "pkg.a": {"pkg.errors"}, "pkg.b": {"pkg.a"}, "pkg.errors": set(),
                     "pkg.sub": {"pkg.errors"}, "pkg.sub.c": {"pkg.b"}}
    assert find_cycle(graph) is None
    (pkg / "errors.py").write_text("def g():\n    from .sub.c import f\n")
    graph = import_graph(pkg)
    assert graph["pkg.errors"] == {"pkg.sub", "pkg.sub.c"}  # importing pkg.sub.c runs pkg.sub first
    cycle = find_cycle(graph)
    assert cycle is not None and cycle[0] == cycle[-1] and "pkg.errors" in cycle
    del graph["pkg.sub"]  # the other circle: errors -> sub.c -> b -> a -> errors
    assert set(find_cycle(graph)) == {"pkg.errors", "pkg.sub.c", "pkg.b", "pkg.a"}


# ---------------------------------------------------------------------------
# Exceptions
# ---------------------------------------------------------------------------


def _exception_classes():
    """(module name, class name) of every exception class defined in dlxnumba."""
    found = set()
    for module in all_modules():
        for name, value in vars(module).items():
            if inspect.isclass(value) and issubclass(value, BaseException) \
                    and value.__module__.startswith("dlxnumba"):
                found.add((value.__module__, value.__qualname__))
    return found


def test_every_public_exception_lives_in_errors():
    public = {(m, c) for m, c in _exception_classes() if not c.startswith("_")}
    assert public and {m for m, _ in public} == {"dlxnumba.errors"}
    assert {c for _, c in public} == set(errors.__all__)
    for name in errors.__all__:
        assert getattr(dlxnumba, name) is getattr(errors, name)


def test_every_exception_lives_in_errors():
    assert {m for m, _ in _exception_classes()} == {"dlxnumba.errors"}


def test_every_error_is_a_value_error_except_limit_reached():
    assert issubclass(errors.LimitReached, RuntimeError) and not issubclass(errors.LimitReached, ValueError)
    for name in set(errors.__all__) - {"LimitReached", "DlxnumbaError"}:
        assert issubclass(getattr(errors, name), ValueError), name
    assert issubclass(errors.DLXFormatError, errors.ExactCoverError)


def test_one_base_catches_every_error():
    for name in errors.__all__:
        assert issubclass(getattr(errors, name), errors.DlxnumbaError), name
    assert not issubclass(errors.DlxnumbaError, (ValueError, RuntimeError))  # the base is neither


# ---------------------------------------------------------------------------
# One module object per file
# ---------------------------------------------------------------------------


def test_no_module_is_imported_twice():
    """Every file of the package and of the tests' helpers is one module object,
    under one name, whatever the import mode and the doctest collector did."""
    all_modules()
    by_file: dict[Path, list[str]] = {}
    for name, module in list(sys.modules.items()):
        file = getattr(module, "__file__", None)
        if not file:
            continue
        path = Path(file).resolve()
        if path.is_relative_to(PACKAGE) or path.is_relative_to(TESTS):
            by_file.setdefault(path, []).append(name)
    twice = {str(p): names for p, names in by_file.items() if len(names) > 1}
    assert twice == {}
    assert sys.modules["dlxnumba.kernels"] is dlxnumba.kernels
    assert all(any(n == m.__name__ for n in by_file[Path(m.__file__).resolve()]) for m in all_modules())


def test_the_command_line_uses_public_names_of_the_other_packages_only():
    """A wing's outside users (the command line) use its public names: no
    ``from ..sudoku.files import _Reader``.  One exception: ``_OutputError``,
    the commands' own exception, which lives in errors.py with every other
    exception and is private because only the commands raise and catch it."""
    allowed = {("dlxnumba.errors", "_OutputError")}
    offenders = []
    for path in sorted((PACKAGE / "cli").glob("*.py")):
        for node in _imports(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom) and (node.level >= 2 or (node.module or "").startswith("dlxnumba")):
                module = "dlxnumba." + (node.module or "") if node.level == 2 else node.module or ""
                offenders += [f"cli/{path.name}:{node.lineno} {module}.{a.name}" for a in node.names
                              if a.name.startswith("_") and not a.name.startswith("__")
                              and (module, a.name) not in allowed]
    assert offenders == []
