#!/usr/bin/env python
"""Where the compiling seconds of a path go inside numba, phase by phase.

    python bench/compile_phases.py [--paths NAME ...] [--kernels K] [--libraries]

Each path of ``bench/startup_table.py`` runs in a fresh process with an empty
``NUMBA_CACHE_DIR``.  The child times (CPU time of its thread) every compiler
pass numba runs ("numba:run_pass" events of :mod:`numba.core.event`), every
compile of a kernel ("numba:compile") and the LLVM steps of numba's code
libraries, each less the time of the steps nested in it, and prints:

* the split by phase: numba's front end (bytecode, SSA and rewrite passes; type
  inference; numba's own inlining), lowering (numba IR to LLVM IR, in Python,
  with the wrappers that let Python call a kernel), LLVM (parsing the IR text,
  the per-function passes, the module passes after the callees' code is
  linked in, machine code) and the cache;
* the same per kernel, for the ``--kernels`` costliest;
* with ``--libraries``, every code library finalized (one per compile): its
  instructions and the kernels' functions it holds, which shows how many times
  a callee's code is optimized and turned into machine code again inside the
  callers that link it.

The figures include the listeners' own cost (a few percent).  Standard
library only in the parent.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from startup_table import PATHS  # noqa: E402

#: Run in the child before the path: the timers.
PROBE = r'''
import collections, json, os, time
from numba.core import caching, codegen as cg, cpu, event as ev
import llvmlite.binding as ll

_stack = []  # [label, kernel, start, child seconds]
_self = collections.defaultdict(float)  # (label, kernel) -> seconds
_libs = []


def _kernel():
    return next((f[1] for f in reversed(_stack) if f[1]), "-")


def _push(label, kernel=None):
    _stack.append([label, kernel or _kernel(), time.thread_time(), 0.0])


def _pop():
    label, kernel, start, child = _stack.pop()
    total = time.thread_time() - start
    if _stack:
        _stack[-1][3] += total
    _self[label, kernel] += total - child


class _Listener(ev.Listener):
    def __init__(self, compile_events):
        self.compile_events = compile_events

    def on_start(self, event):
        if self.compile_events:
            f = event.data["dispatcher"].py_func
            module = f.__module__.replace("dlxnumba.sudoku.kernels.", "sudoku.")
            _push("dispatcher", module.replace("dlxnumba.kernels.", "") + "." + f.__qualname__)
        else:
            _push("pass:" + event.data["name"].split(" [")[0])

    def on_end(self, event):
        _pop()


ev.register("numba:compile", _Listener(True))
ev.register("numba:run_pass", _Listener(False))


def _timed(owner, attr, label):
    f = getattr(owner, attr)

    def timed(*a, **k):
        _push(label)
        try:
            return f(*a, **k)
        finally:
            _pop()
    setattr(owner, attr, timed)


for _owner, _attr, _label in ((cg.CPUCodeLibrary, "_optimize_functions", "llvm:function passes"),
                              (cg.CPUCodeLibrary, "_optimize_final_module", "llvm:module passes"),
                              (cg.JITCodeLibrary, "_finalize_specific", "llvm:machine code"),
                              (cg.CPUCodeLibrary, "_get_module_for_linking", "llvm:link"),
                              (ll.module.ModuleRef, "link_in", "llvm:link"),
                              (ll, "parse_assembly", "llvm:parse"),
                              (cg.CPUCodeLibrary, "add_ir_module", "lower:IR text"),
                              (cpu.CPUContext, "create_cpython_wrapper", "lower:wrappers"),
                              (cpu.CPUContext, "create_cfunc_wrapper", "lower:wrappers"),
                              (caching.Cache, "save_overload", "cache"),
                              (caching.Cache, "load_overload", "cache")):
    _timed(_owner, _attr, _label)

_finalize = cg.CPUCodeLibrary._finalize_final_module


def _finalize_logged(self):
    funcs = [f.name for f in self._final_module.functions if not f.is_declaration]
    size = sum(1 for f in self._final_module.functions for b in f.blocks for i in b.instructions)
    _libs.append((self.name, _kernel(), size, funcs))
    return _finalize(self)


cg.CPUCodeLibrary._finalize_final_module = _finalize_logged
_push("python", "-")


@__import__("atexit").register
def _write():
    while _stack:
        _pop()
    with open(os.environ["COMPILE_PHASES"], "w") as f:
        json.dump({"self": [[l, k, s] for (l, k), s in _self.items()], "libraries": _libs}, f)
'''

#: (phase, description) in the order printed.
PHASES = [("front", "numba front end: bytecode, SSA, rewrites, other passes"),
          ("typing", "numba front end: type inference"),
          ("inlining", "numba front end: numba's inlining passes"),
          ("lowering", "lowering: numba IR to LLVM IR (Python)"),
          ("wrappers", "lowering: the Python and C wrappers"),
          ("irtext", "lowering: IR to text, parse, verify"),
          ("fpasses", "LLVM: per-function passes"),
          ("mpasses", "LLVM: module passes (callees linked in)"),
          ("mcode", "LLVM: machine code"),
          ("link", "LLVM: linking callees' modules"),
          ("cache", "numba cache (index, save)"),
          ("other", "dispatchers, imports, the path's own Python")]


def phase(label: str) -> str:
    """The phase of a timer's label."""
    if label.startswith("pass:"):
        name = label[5:]
        if name == "native_lowering":
            return "lowering"
        if name == "nopython_type_inference":
            return "typing"
        if name.startswith("inline_"):
            return "inlining"
        return "front"
    return {"lower:wrappers": "wrappers", "lower:IR text": "irtext", "llvm:parse": "irtext",
            "llvm:function passes": "fpasses", "llvm:module passes": "mpasses", "llvm:machine code": "mcode",
            "llvm:link": "link", "cache": "cache"}.get(label, "other")


def run(name: str, code: str) -> dict:
    """The timers of one cold run of ``code`` in a fresh process."""
    with tempfile.TemporaryDirectory(prefix="phases-") as tmp:
        out = os.path.join(tmp, "phases.json")
        env = {**os.environ, "NUMBA_CACHE_DIR": os.path.join(tmp, "numba"), "COMPILE_PHASES": out}
        if code.startswith("CLI:"):
            argv = ["dlxnumba", *code[4:].split()]
            body = (f"import runpy, sys\nsys.argv = {argv!r}\n"
                    "runpy.run_module('dlxnumba', run_name='__main__', alter_sys=True)\n")
        else:
            body = code
        subprocess.run([sys.executable, "-c", PROBE + body], cwd=ROOT, env=env, check=True,
                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
        with open(out) as f:
            return json.load(f)


def short_name(mangled: str) -> str:
    """``core.search._search`` of numba's mangled name of a kernel's function."""
    rest, parts = mangled.split("7kernels", 1)[1], []
    while rest[:1].isdigit():
        digits = len(rest) - len(rest.lstrip("0123456789"))
        n = int(rest[:digits])
        parts.append(rest[digits:digits + n])
        rest = rest[digits + n:]
    return ".".join(parts)


def report(label: str, data: dict, kernels: int, libraries: bool) -> None:
    by_phase: dict[str, float] = {}
    by_kernel: dict[str, dict[str, float]] = {}
    for lab, kernel, s in data["self"]:
        p = phase(lab)
        by_phase[p] = by_phase.get(p, 0.0) + s
        if kernel != "-":
            k = by_kernel.setdefault(kernel, {})
            k[p] = k.get(p, 0.0) + s
    total = sum(by_phase.values())
    print(f"\n## {label}\n\nthread CPU s {total:.2f}; in compiles {sum(map(sum, (k.values() for k in by_kernel.values()))):.2f}\n")
    for p, desc in PHASES:
        print(f"  {by_phase.get(p, 0.0):6.2f}  {desc}")
    ranked = sorted(by_kernel.items(), key=lambda kv: -sum(kv[1].values()))[:kernels]
    if ranked:
        print("\n  kernel (self CPU s): " + " ".join(p for p, _ in PHASES[:-1]))
        for k, ph in ranked:
            print(f"  {sum(ph.values()):5.2f} {k:44s} " + " ".join(f"{ph.get(p, 0.0):.2f}" for p, _ in PHASES[:-1]))
    if libraries:
        print("\n  code libraries finalized (name, instructions, kernels' functions in it):")
        for lib, _kernel, size, funcs in data["libraries"]:
            mine = sorted({short_name(f) for f in funcs if "7kernels" in f})
            print(f"    {lib[:36]:36s} {size:6d}  {' '.join(mine)}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--paths", nargs="*", default=["exact_cover", "sudoku"], help="names of startup_table.py's paths")
    ap.add_argument("--kernels", type=int, default=8, help="how many kernels to list per path")
    ap.add_argument("--libraries", action="store_true", help="list the code libraries finalized")
    args = ap.parse_args(argv)
    table = {p[0]: p for p in PATHS}
    for name in args.paths:
        if name not in table:
            ap.error(f"unknown path {name!r}; one of {', '.join(table)}")
        _, label, code, _goal = table[name]
        report(label, run(name, code), args.kernels, args.libraries)
    return 0


if __name__ == "__main__":
    sys.exit(main())
