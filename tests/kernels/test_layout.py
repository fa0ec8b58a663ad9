"""The house rules of the kernel folders, read from their source and their dispatchers.

The kernel folders are the generic engine's (``dlxnumba/kernels/``) and
Sudoku's (``dlxnumba/sudoku/kernels/``), each a cache domain of its own.

- Every kernel module imports its records and constants from the engine's
  ``_common`` (and its siblings), never from a package's ``__init__``; the
  package faces import nothing but their folder's ``_common``.  So no import
  goes up through a face and back.
- Nothing in the engine's folder imports anything outside it but numba, numpy,
  llvmlite and the standard library; Sudoku's folder imports the engine's
  besides, and nothing of the Sudoku wing above it.
- No compiled kernel takes more than 12 arguments (related arrays travel as
  records).
- No compiled kernel keeps numba's reference counts: none allocates (Python
  allocates every array a kernel writes), so none compiles numba's allocation,
  its error messages or the counting of references.
- Each kind of search compiles only its own steps (a colored search none of
  the plain ones, and the other way round).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
KERNELS = ROOT / "dlxnumba" / "kernels"
PACKAGE = "dlxnumba.kernels"
SUDOKU = "dlxnumba.sudoku.kernels"
#: The kernel folders, by package.
FOLDERS = {PACKAGE: KERNELS, SUDOKU: ROOT / "dlxnumba" / "sudoku" / "kernels"}
#: What a kernel module may import from outside the folder.
OUTSIDE = {"numba", "numpy", "llvmlite"} | set(sys.stdlib_module_names)
MAX_ARGUMENTS = 12


def _name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_name(p): p for folder in FOLDERS.values() for p in sorted(folder.rglob("*.py"))}


def _imports(name: str) -> list[tuple[int, str]]:
    """(line, module) of every import of module ``name``, at any depth (functions,
    ``if TYPE_CHECKING:`` too): ``from X import y`` names ``X.y`` when that is a
    module of the folder, else ``X``."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + [node.module or ""]).rstrip(".")
            else:
                base = node.module or ""
            found += [(node.lineno, f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base)
                      for a in node.names]
    return found


def test_the_folders_are_laid_out_as_the_essays_say():
    assert {n.removeprefix(PACKAGE) for n in MODULES if n.startswith(PACKAGE)} >= {
        "", "._common", ".core", ".core.dance", ".core.search", ".core.cells", ".core.cells_m", ".core.lanes", ".core.split",
        ".core.build"}
    assert {n.removeprefix(SUDOKU) for n in MODULES if n.startswith(SUDOKU)} == {
        "", "._common", ".links", ".lanes", ".bits", ".cell_layout", ".rng", ".candidates", ".techniques", ".logic", ".generate"}


def test_kernel_modules_import_common_and_siblings_never_a_package_face():
    faces = {n for n, p in MODULES.items() if p.name == "__init__.py"}
    offenders = [f"{n}:{line} imports {t}" for n in MODULES for line, t in _imports(n)
                 if t in faces and n not in faces]
    assert offenders == []
    # (``compiling`` holds no kernel and no record: it watches numba compile them)
    commons = {f"{PACKAGE}._common", f"{SUDOKU}._common"}
    for name in MODULES.keys() - faces - commons - {f"{PACKAGE}.compiling"}:
        assert f"{PACKAGE}._common" in {t for _, t in _imports(name)}, name
    # the faces: the engine's re-exports _common's names, Sudoku's runs its cache guard;
    # the engine's subfolder imports nothing
    assert {t for _, t in _imports(PACKAGE)} == {f"{PACKAGE}._common"}
    assert {t for _, t in _imports(SUDOKU)} == {f"{SUDOKU}._common"}
    assert _imports(f"{PACKAGE}.core") == []
    assert {t for _, t in _imports(f"{PACKAGE}._common")} <= OUTSIDE | {"numba.core", "numba.core.caching"}
    assert {t for _, t in _imports(f"{SUDOKU}._common")} <= OUTSIDE | {f"{PACKAGE}._common"}


def test_kernels_import_nothing_outside_the_folders_but_numba_numpy_llvmlite_and_the_standard_library():
    """The engine imports nothing of Sudoku; Sudoku's kernels import the engine's
    and nothing of the Sudoku wing above them."""
    allowed = {PACKAGE: (PACKAGE + ".",), SUDOKU: (PACKAGE + ".", SUDOKU + ".")}
    offenders = [f"{n}:{line} imports {t}" for n in MODULES for line, t in _imports(n)
                 if not t.startswith(allowed[SUDOKU if n.startswith(SUDOKU) else PACKAGE])
                 and t.split(".")[0] not in OUTSIDE]
    assert offenders == []


def _dispatchers() -> list:
    """(module, name, dispatcher) of every compiled function defined in the folder."""
    from numba.core.dispatcher import Dispatcher

    found = []
    for name in MODULES:
        module = importlib.import_module(name)
        for attr, value in vars(module).items():
            if isinstance(value, Dispatcher) and value.py_func.__module__ == name:
                found.append((name, attr, value))
    return found


def test_no_kernel_takes_more_than_twelve_arguments():
    from numba.core import config

    if config.DISABLE_JIT:
        pytest.skip("NUMBA_DISABLE_JIT=1: no dispatcher to inspect")
    kernels = _dispatchers()
    assert len(kernels) > 100  # every module was read
    width = {f"{m}.{a}": len(inspect.signature(d.py_func).parameters) for m, a, d in kernels}
    assert {k: w for k, w in width.items() if w > MAX_ARGUMENTS} == {}


def test_no_kernel_counts_references_so_none_allocates():
    """Every kernel compiled on its own runs without numba's reference counting
    (``_nrt=False``), so it cannot allocate; only the helpers that numba inlines
    into their callers (``inline="always"``) take their callers' options."""
    from numba.core import config

    if config.DISABLE_JIT:
        pytest.skip("NUMBA_DISABLE_JIT=1: no dispatcher to inspect")
    kernels = _dispatchers()
    assert len(kernels) > 100  # every module was read
    counting = [f"{m}.{a}" for m, a, d in kernels
                if d.targetoptions.get("inline") != "always" and d.targetoptions.get("_nrt", True)]
    assert counting == []


def test_the_walk_of_the_folders_finds_every_module():
    """pkgutil (what tests/cold.py walks) and the files agree."""
    walked = {m.name for package in FOLDERS
              for m in pkgutil.walk_packages(importlib.import_module(package).__path__, package + ".")}
    assert walked | set(FOLDERS) == set(MODULES)


#: The compile-time variants: a kernel called with one of these as a literal is
#: compiled once per value on purpose (the layout, plain or colored, a flag that
#: prunes a branch of a hot loop).  Any other literal argument (an integer, or a
#: module's integer constant) makes numba compile the callee once more for each
#: value, as ``clear_step`` was, ten times (issue 22).
VARIANTS = {"SPACERS", "BLOCKS", "PLAIN", "COLORS", "True", "False"}


def _literal(node: ast.expr, names: dict) -> str | None:
    """The literal an argument is to numba (a constant, a negated one, or a
    module-level integer), else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return repr(node.value)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant):
        return "-" + repr(node.operand.value)
    if isinstance(node, ast.Name) and type(names.get(node.id)) in (int, bool):
        return node.id
    return None


def test_no_kernel_is_called_with_a_literal_but_the_compile_time_variants():
    """A compiled kernel (not an inlined one) called with a literal integer is
    compiled once for that literal and once more for every other value or type a
    caller passes: cast such arguments (``np.int64(0)``)."""
    from numba.core import config
    from numba.core.dispatcher import Dispatcher

    if config.DISABLE_JIT:
        pytest.skip("NUMBA_DISABLE_JIT=1: no dispatcher to inspect")
    calls = offenders = 0
    found = []
    for name, path in MODULES.items():
        names = vars(importlib.import_module(name))
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            callee = names.get(node.func.id)
            if not isinstance(callee, Dispatcher) or callee.targetoptions.get("inline") == "always":
                continue
            calls += 1
            args = list(node.args) + [k.value for k in node.keywords]
            bad = [v for v in (_literal(a, names) for a in args) if v is not None and v not in VARIANTS]
            if bad:
                offenders += 1
                found.append(f"{name}:{node.lineno} {node.func.id}({', '.join(bad)})")
    assert calls > 100  # the calls were found
    assert found == [], f"{offenders} calls with literal arguments"


#: In a fresh process with an empty cache: the kernels each kind of search
#: compiles, as numba reports them ("numba:compile" events), one list per kind.
KINDS = """
import json
from numba.core import event
from dlxnumba import ExactCover
from dlxnumba.costs import best

compiled = []


class Listener(event.Listener):
    def on_start(self, ev):
        f = ev.data["dispatcher"].py_func
        compiled.append(f.__module__.rsplit(".", 1)[-1] + "." + f.__name__)

    def on_end(self, ev):
        pass


event.register("numba:compile", Listener())
OPTIONS = [["C", "E", "F"], ["A", "D", "G"], ["B", "C", "F"], ["A", "D"], ["B", "G"], ["D", "E", "G"]]
plain = ExactCover.from_options(OPTIONS, primary=list("ABCDE"), secondary=["F", "G"])
colored = ExactCover.from_options([["A", "B", "X:0", "Y:0"], ["A", "C", "X:1", "Y:1"], ["X:0", "Y:1"],
                                   ["B", "X:1"], ["C", "Y:1"]], primary=list("ABC"), secondary=list("XY"))
from dlxnumba import generate
out = {}
for kind, run in [("colored", lambda: colored.count()), ("plain", lambda: plain.count()),
                  ("costs", lambda: best(plain.with_costs([3, 1, 4, 1, 5, 9]), 2).costs),
                  ("band", lambda: generate((3, 3), seed=1).n), ("cells", lambda: generate((2, 2), seed=1).n)]:
    compiled.clear()
    out[kind] = [run(), compiled[:]]
print(json.dumps(out))
"""


@pytest.mark.slow
def test_each_kind_of_search_compiles_only_its_own_steps(tmp_path):
    """numba decides a test ``is None`` of an argument typed None or a constant
    before it compiles, but not a test of an array or a comparison of numbers:
    a kind passed that way made a colored search compile the plain cover steps
    too, and a cost search both kinds of its own (issue 22).  The generator's
    layouts, the bits' band and cells, have an entry point each: a user of one
    compiles nothing of the other (issue 35)."""
    from numba.core import config

    if config.DISABLE_JIT:
        pytest.skip("NUMBA_DISABLE_JIT=1: nothing is compiled")
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path))  # empty: every kernel is compiled
    cp = subprocess.run([sys.executable, "-c", KINDS], capture_output=True, text=True, env=env, timeout=600)
    assert cp.returncode == 0, cp.stderr
    out = json.loads(cp.stdout.strip().splitlines()[-1])
    (n, colored), (m, plain), (costs, priced) = out["colored"], out["plain"], out["costs"]
    assert n == 1 and m == 1 and costs == [9]  # each search ran (its answers are checked elsewhere)
    assert {"search.search_colors", "dance.cover_c", "dance.purify"} <= set(colored)
    assert not {"dance.cover", "dance.uncover"} & set(colored)
    assert {"search.search_spacers", "dance.cover", "dance.uncover"} <= set(plain)
    assert priced.count("costs.cover_t") == 1 and priced.count("costs.uncover_t") == 1
    assert not {"costs.purify_t", "costs.unpurify_t"} & set(priced)
    # the generator's two layouts (the bits): an entry point each, and neither compiles the other's
    (n9, band), (n4, cells) = out["band"], out["cells"]
    assert (n9, n4) == (9, 4)
    band_kernels = {"generate.generate_band", "bits._settle"}  # start, search, strike: inlined
    cell_kernels = {"generate.generate_cells", "cell_layout.start_cells", "cell_layout.search_cells",
                    "cell_layout._propagate"}
    assert band_kernels <= set(band) and not cell_kernels & set(band)
    assert cell_kernels <= set(cells) and not band_kernels & set(cells)
