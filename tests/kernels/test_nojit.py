"""Every kernel also runs as plain Python (``NUMBA_DISABLE_JIT=1``), with the
same answers as the compiled code.

numba's ``NUMBA_DISABLE_JIT=1`` leaves every ``@njit`` function a Python
function; the lanes' steps then dispatch on the records' classes, and the
intrinsics fall back to Python (see :mod:`dlxnumba.kernels.core.lanes`).  The
problem set (``nojit_problems.py``, a script) reaches every family of kernels
through the public API: exact cover plain, with colors and with bounds, on
links and on cells, batches on the lanes, a split count with cut tasks, Sudoku
batches and single puzzles, the grader and the generator, the cheapest covers
(DLX5), ZDDs (DLX6) and reductions (DLX-PRE).  Its run under
``coverage`` measures how much of the compiled code's logic it executes (the
command is in the script's docstring).
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

SCRIPT = Path(__file__).with_name("nojit_problems.py")
ROOT = Path(__file__).resolve().parents[2]


def _compiled_answers() -> dict:
    """The problem set's answers in this process (compiled, or loaded from numba's cache)."""
    spec = importlib.util.spec_from_file_location("_nojit_problems", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return json.loads(json.dumps(module.answers(), sort_keys=True))  # JSON's types, as the script prints


def _plain_answers() -> dict:
    """The same, in a fresh process where numba compiles nothing."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_")}
    env["NUMBA_DISABLE_JIT"] = "1"
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    cp = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, env=env, cwd=ROOT,
                        timeout=600)
    assert cp.returncode == 0, cp.stderr
    return json.loads(cp.stdout)


@pytest.mark.slow
def test_every_kernel_runs_as_plain_python_with_the_compiled_answers():
    plain = _plain_answers()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        compiled = _compiled_answers()
    assert sorted(plain) == sorted(compiled)
    different = [name for name in compiled if plain[name] != compiled[name]]
    assert different == []
    # the answers are the right ones: Knuth's figures, known counts
    assert compiled["knuth links"][1] == [1, 6, 30, 0, "complete"]  # DLX1
    assert compiled["knuth cells"][1] == [1, 5, 27, 0, "complete"]  # SSXC1
    assert compiled["colors links"][1] == [1, 3, 9, 3, "complete"]  # DLX2
    assert compiled["colors cells"][1] == [1, 3, 11, 0, "complete"]  # SSXCC
    assert compiled["bounds links"][1] == [1, 6, 14, 7, "complete"]  # DLX3
    assert compiled["bounds cells"][1] == [1, 5, 13, 0, "complete"]  # SSMCC
    assert compiled["queens8 split"][0] == compiled["queens8 cut"][0] == 92
    assert compiled["sudoku9 easy"][1][:3] == [1, 50, 673]  # golden: easy50's first puzzle
    assert compiled["grade9"][:4] == ["easy", 1.5, "hidden single", 49]
    assert compiled["sudoku4 one"][1] == 12


@pytest.mark.slow
def test_the_plain_run_is_plain():
    """NUMBA_DISABLE_JIT=1 reaches the kernels: no dispatcher is left in the folders."""
    code = ("import pkgutil, importlib, dlxnumba.kernels as K, dlxnumba.sudoku.kernels as S\n"
            "from numba.core.dispatcher import Dispatcher\n"
            "mods = [importlib.import_module(m.name) for P in (K, S)\n"
            "        for m in pkgutil.walk_packages(P.__path__, P.__name__ + '.')]\n"
            "print(sum(isinstance(v, Dispatcher) for m in mods for v in vars(m).values()), len(mods))")
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    cp = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT,
                        timeout=300)
    assert cp.returncode == 0, cp.stderr
    dispatchers, modules = map(int, cp.stdout.split())
    assert dispatchers == 0 and modules >= 10
