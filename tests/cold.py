"""Run a snippet in a fresh interpreter where compiling "takes" a known time.

A fresh process has no machine code in memory: the first call of each kernel
compiles it or loads it from numba's cache, both through the dispatcher's
``compile`` method.  The prelude wraps that method of every kernel so that
each call advances the clock (``time.perf_counter``) by :data:`COMPILE_SECONDS`
and records the kernel's name.  So a statistic that counted compiling would
be at least ``COMPILE_SECONDS``, whatever the machine's speed: the tests
check where the clock starts, not how fast anything is.

The snippet sees ``compiled`` (the kernels compiled so far, a list) and
``COMPILE_SECONDS``; it prints one JSON value as its last line.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

COMPILE_SECONDS = 1000.0

PRELUDE = f"""
import json, time
COMPILE_SECONDS = {COMPILE_SECONDS!r}
_offset = [0.0]
_real = time.perf_counter
time.perf_counter = lambda: _real() + _offset[0]
compiled = []

def _slow(kernel):
    original = kernel.compile

    def compile(sig):
        _offset[0] += COMPILE_SECONDS
        compiled.append(kernel.py_func.__name__)
        return original(sig)

    kernel.compile = compile

import importlib, pkgutil
import dlxnumba.kernels as _K, dlxnumba.sudoku.kernels as _S
_seen = set()
for _m in [_m for _P in (_K, _S) for _m in pkgutil.walk_packages(_P.__path__, _P.__name__ + ".")]:
    for _k in vars(importlib.import_module(_m.name)).values():  # every kernel of the two folders
        if hasattr(getattr(_k, "_cache", None), "_cache_path") and id(_k) not in _seen:
            _seen.add(id(_k))
            _slow(_k)
"""


def run_cold(snippet: str, *, before: str = "", threads: int = 2):
    """Run ``before`` (not slowed), then the prelude and ``snippet``, in a fresh
    process with ``threads`` numba threads; return the snippet's JSON value."""
    env = dict(os.environ)
    env["NUMBA_NUM_THREADS"] = str(threads)
    code = "\n".join([before, PRELUDE, snippet])
    cp = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                        cwd=ROOT, timeout=900)
    assert cp.returncode == 0, cp.stderr
    return json.loads(cp.stdout.strip().splitlines()[-1])
