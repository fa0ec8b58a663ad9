#!/usr/bin/env python
"""What compiling costs the first run of each path, in CPU seconds.

    python bench/startup_table.py [--rounds K] [--paths NAME ...] [--kernels] [--save] [--before JSON]
    python bench/startup_table.py --vs DIR [--rounds K] [--paths NAME ...]

For every path of the table below, a fresh Python process runs the path with
``NUMBA_CACHE_DIR`` pointing at an empty temporary directory (*cold*: every
kernel the path needs is compiled), then a second fresh process runs it again
with the same, now filled, directory (*warm*: the machine code is loaded from
the cache).  The figure is the CPU time of each child process (user + system,
from ``os.wait4``, so other processes on a loaded machine do not count), and
*compiling* is cold minus warm.  With ``--rounds K`` each path is measured K
times (a new cache each time) and the median is kept.

Every path checks its answer in the child (exit status 1 otherwise), and the
CLI path runs ``python -m dlxnumba solve`` as a user would (its output to
``/dev/null``).

With ``--kernels`` the cold child also records which kernels it compiled and
what each cost: numba reports the start and end of every compile of a kernel
("numba:compile" events of :mod:`numba.core.event`); the child adds up the CPU
time of its thread between the two, less that of the kernels compiled within
(a kernel compiles the kernels it calls first), and prints the list at exit.
The figures then include the listener's own cost, which is small.

With ``--save`` the table (and the kernels, when measured) is written to
``bench/results/startup.md`` and ``bench/results/startup.json`` with the date,
the commit and the machine's load; with ``--before bench/results/startup-before.json``
it also holds a before/after table of the compiling seconds.  With ``--vs DIR`` each
path is measured in this checkout and in the checkout at ``DIR`` (another commit, e.g.
``git worktree add ../before HEAD~1``) in turns, round by round, and the table gives
both and their ratio: what a change does to the first run, measured the way a user
meets it.  Every child checks that it imported the package of the checkout it
measures.  Standard library only in the parent.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"

TOP1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

#: (name, label, code run in the child, goal in compiling CPU seconds).  ``CLI:``
#: code is the argument list of ``python -m dlxnumba``.
PATHS = [
    ("sudoku", "`Sudoku(p).solve()`", f"""
from dlxnumba import Sudoku, is_solution
s = Sudoku({TOP1!r})
sol = s.solve()
ok = sol is not None and is_solution(sol, s)
""", 2.0),
    ("exact_cover", "`ExactCover.from_options(...).solve()`", """
from dlxnumba import ExactCover
options = [["C", "E", "F"], ["A", "D", "G"], ["B", "C", "F"], ["A", "D"], ["B", "G"], ["D", "E", "G"]]
p = ExactCover.from_options(options, primary=list("ABCDE"), secondary=["F", "G"])
sol = p.solve()
ok = sol is not None and sorted(x for j in sol for x in options[j] if x in "ABCDE") == list("ABCDE")
""", 1.5),
    ("solve_many", "`solve_many(load_puzzles(\"top95\"))`", """
from dlxnumba import Status, load_puzzles, solve_many, is_solution
puzzles = load_puzzles("top95")
sols, status = solve_many(puzzles)
ok = bool((status == Status.SOLVED).all()) and all(is_solution(s, p) for s, p in zip(sols, puzzles))
""", 2.5),
    ("cli", "`dlxnumba solve puzzles/top95.txt`", "CLI:solve puzzles/top95.txt", 2.5),
    ("queens", "`queens(10)[0].count()`", """
from dlxnumba import queens
p, _ = queens(10)
ok = p.count() == 724
""", 2.0),
    ("colored", "a colored problem's `count()` (DLX2)", """
from dlxnumba import ExactCover
p = ExactCover.from_options([["A", "B", "X:0", "Y:0"], ["A", "C", "X:1", "Y:1"], ["X:0", "Y:1"],
                             ["B", "X:1"], ["C", "Y:1"]], primary=list("ABC"), secondary=list("XY"))
ok = p.count() == 1
""", 2.0),
    ("cells", "`queens(8)[0].count(algorithm=\"cells\")` (dancing cells)", """
from dlxnumba import queens
p, _ = queens(8)
ok = p.count(algorithm="cells") == 92
""", 2.0),
    ("generate", "`generate(seed=1)` (9x9: the band layout)", """
import sys
from dlxnumba import generate
g = generate(seed=1)
sys.path.insert(0, "tests")  # the answer checked by the tests' oracle, which compiles nothing
from reference import sudoku_solutions_brute
ok = len(sudoku_solutions_brute(g.grid.reshape(-1).tolist(), 9, (3, 3), limit=2)) == 1
""", 4.0),
    ("generate_cells", "`generate((2, 3), seed=1)` (6x6: the cell layout)", """
import sys
from dlxnumba import generate
g = generate((2, 3), seed=1)
sys.path.insert(0, "tests")
from reference import sudoku_solutions_brute
ok = len(sudoku_solutions_brute(g.grid.reshape(-1).tolist(), 6, (2, 3), limit=2)) == 1
""", 4.0),
    ("generate_grade", "`generate(seed=1)` then `Sudoku(g).grade()`", """
import sys
from dlxnumba import Sudoku, generate
g = generate(seed=1)
grade = Sudoku(g).grade()
sys.path.insert(0, "tests")  # the answer checked by the tests' oracle, which compiles nothing
from reference import sudoku_solutions_brute
ok = grade is not None and len(sudoku_solutions_brute(g.grid.reshape(-1).tolist(), 9, (3, 3), limit=2)) == 1
""", 8.0),
]

#: Installed in the cold child with ``--kernels``: the self CPU time of each compile.
LISTENER = """
import atexit, json, os, time
from numba.core import event as _ev

class _Kernels(_ev.Listener):
    def __init__(self):
        self.stack, self.done = [], []

    def on_start(self, event):
        self.stack.append([time.thread_time(), 0.0])

    def on_end(self, event):
        start, inner = self.stack.pop()
        total = time.thread_time() - start
        if self.stack:
            self.stack[-1][1] += total
        d = event.data["dispatcher"]
        module = d.py_func.__module__.replace("dlxnumba.sudoku.kernels.", "sudoku.")
        name = module.replace("dlxnumba.kernels.", "") + "." + d.py_func.__qualname__
        self.done.append((name, str(tuple(event.data["args"])), total - inner, total))

_kernels = _Kernels()
_ev.register("numba:compile", _kernels)

@atexit.register
def _write():
    with open(os.environ["STARTUP_KERNELS"], "w") as f:
        json.dump(_kernels.done, f)
"""


#: First in every child: the package measured is the one of the checkout it runs in.
SAME_TREE = """
import os, dlxnumba
assert os.path.realpath(dlxnumba.__file__).startswith(os.path.realpath(os.getcwd()) + os.sep), dlxnumba.__file__
"""


def child_code(code: str, kernels: bool) -> str:
    """The program of a child process for ``code`` (one of :data:`PATHS`)."""
    head = SAME_TREE + (LISTENER if kernels else "")
    if code.startswith("CLI:"):
        argv = ["dlxnumba", *code[4:].split()]
        return head + (f"import runpy, sys\nsys.argv = {argv!r}\n"
                       "runpy.run_module('dlxnumba', run_name='__main__', alter_sys=True)\n")
    return head + code + "\nimport sys\nsys.exit(0 if ok else 1)\n"


def run_child(code: str, cache: str, kernels_file: str | None = None, tree: Path = ROOT) -> float:
    """CPU seconds (user + system) of a fresh process running ``code`` in the
    checkout ``tree`` with ``cache`` as numba's cache; raises when it fails."""
    env = {**os.environ, "NUMBA_CACHE_DIR": cache}
    if kernels_file:
        env["STARTUP_KERNELS"] = kernels_file
    with tempfile.TemporaryFile() as err:
        p = subprocess.Popen([sys.executable, "-c", child_code(code, kernels_file is not None)], cwd=tree,
                             env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
        if p.returncode != 0:
            err.seek(0)
            raise RuntimeError(f"child failed ({p.returncode}): {err.read().decode()[-3000:]}")
    return usage.ru_utime + usage.ru_stime


def measure(name: str, code: str, rounds: int, kernels: bool, tree: Path = ROOT) -> dict:
    """Cold and warm CPU seconds of ``code`` in ``tree`` (medians of ``rounds``), and the kernels."""
    colds, warms, compiled = [], [], None
    for r in range(rounds):
        with tempfile.TemporaryDirectory(prefix="startup-cache-") as cache:
            kfile = os.path.join(cache, "kernels.json") if kernels and r == 0 else None
            colds.append(run_child(code, os.path.join(cache, "numba"), kfile, tree))
            if kfile:
                with open(kfile) as f:
                    compiled = json.load(f)
            warms.append(run_child(code, os.path.join(cache, "numba"), tree=tree))
    cold, warm = statistics.median(colds), statistics.median(warms)
    out = {"cold": cold, "warm": warm, "compiling": cold - warm, "colds": colds, "warms": warms}
    if compiled is not None:
        out["kernels"] = compiled
    return out


def kernel_summary(compiled: list) -> list[tuple[str, int, float]]:
    """(kernel, signatures compiled, self CPU seconds), costliest first."""
    by: dict[str, list] = {}
    for name, _sig, self_s, _total in compiled:
        entry = by.setdefault(name, [0, 0.0])
        entry[0] += 1
        entry[1] += self_s
    return sorted(((k, n, s) for k, (n, s) in by.items()), key=lambda t: -t[2])


def git(*args: str, tree: Path = ROOT) -> str:
    try:
        return subprocess.run(["git", *args], cwd=tree, capture_output=True, text=True).stdout.strip()
    except OSError:
        return ""


def comparison(before: dict, table: dict) -> list[str]:
    """The lines of a table of compiling CPU seconds, ``before`` (a saved
    ``startup.json``) against ``table``, with the goals."""
    lines = ["## Before and after", "",
             f"Compiling CPU seconds before (commit {before['meta']['commit']}, {before['meta']['date']}) and now.",
             "", "| path | before | after | goal |", "|---|---:|---:|---:|"]
    for name, label, _code, goal in PATHS:
        if name in table and name in before["paths"]:
            lines.append(f"| {label} | {before['paths'][name]['compiling']:.2f} | {table[name]['compiling']:.2f} "
                         f"| {goal:g} |")
    return lines + [""]


def markdown(table: dict, meta: dict, before: dict | None = None) -> str:
    lines = ["# What compiling costs the first run of each path",
             "",
             f"Measured {meta['date']} at commit {meta['commit']}{' (with uncommitted changes)' if meta['dirty'] else ''}"
             f" with `python bench/startup_table.py --rounds {meta['rounds']}"
             f"{' --kernels' if meta['kernels'] else ''} --save`; Python {meta['python']}, numba {meta['numba']},"
             f" {meta['cpus']} CPUs, load average {meta['load_before']} before and {meta['load_after']} after.",
             "",
             "CPU seconds (user + system) of a fresh process: *cold* with an empty numba cache, *warm* with the",
             "cache the cold run filled; *compiling* is cold minus warm (medians of the rounds).",
             "",
             "| path | cold CPU s | warm CPU s | compiling CPU s | goal |",
             "|---|---:|---:|---:|---:|"]
    for name, label, _code, goal in PATHS:
        if name in table:
            t = table[name]
            lines.append(f"| {label} | {t['cold']:.2f} | {t['warm']:.2f} | {t['compiling']:.2f} | {goal:g} |")
    if before is not None:
        lines += [""] + comparison(before, table)
    if meta["kernels"]:
        lines += ["", "## The kernels each path compiles",
                  "",
                  "Self CPU seconds of each compile (numba's \"numba:compile\" events; a kernel's own time, less",
                  "that of the kernels it compiled first), costliest first; *n* is the number of signatures.",
                  ""]
        for name, label, _code, _goal in PATHS:
            if name not in table or "kernels" not in table[name]:
                continue
            summary = kernel_summary(table[name]["kernels"])
            total = sum(s for _, _, s in summary)
            lines += [f"### {label}", "", f"{len(summary)} kernels, {total:.2f} CPU s in compiles.", "",
                      "| kernel | n | CPU s |", "|---|---:|---:|"]
            lines += [f"| `{k}` | {n} | {s:.2f} |" for k, n, s in summary]
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def versus(other: Path, paths: list, rounds: int) -> int:
    """Compiling CPU seconds of each path here and in the checkout ``other``,
    round by round in turns (the first of each round alternating); prints the
    medians and their ratio (here / other)."""
    here_commit, there_commit = (git("rev-parse", "--short", "HEAD", tree=t) or "?" for t in (ROOT, other))
    print(f"compiling CPU s: here ({here_commit}) against {other} ({there_commit}), {rounds} rounds in turns",
          flush=True)
    print(f"{'path':16} {'here':>8} {'there':>8} {'ratio':>7}", flush=True)
    for name, _label, code, _goal in paths:
        got: dict[Path, list[float]] = {ROOT: [], other: []}
        for r in range(rounds):
            for tree in ((ROOT, other) if r % 2 == 0 else (other, ROOT)):
                got[tree].append(measure(name, code, 1, False, tree)["compiling"])
        here, there = statistics.median(got[ROOT]), statistics.median(got[other])
        print(f"{name:16} {here:8.2f} {there:8.2f} {here / there:7.3f}", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=1, help="cold/warm pairs per path (median kept)")
    ap.add_argument("--paths", nargs="*", help="names of the paths to measure (default: all)")
    ap.add_argument("--kernels", action="store_true", help="record the kernels each cold run compiles")
    ap.add_argument("--save", action="store_true", help="write bench/results/startup.md and .json")
    ap.add_argument("--json", help="also write the results to this file")
    ap.add_argument("--before", help="a saved startup.json to compare with (a before/after table)")
    ap.add_argument("--vs", metavar="DIR", help="another checkout, measured in turns with this one")
    args = ap.parse_args(argv)
    if args.vs and (args.save or args.before or args.kernels):
        ap.error("--vs prints a comparison only: not with --save, --before or --kernels")
    names = [p[0] for p in PATHS]
    chosen = args.paths or names
    for n in chosen:
        if n not in names:
            ap.error(f"unknown path {n!r}; one of {', '.join(names)}")
    import numba

    meta = {"date": datetime.datetime.now().isoformat(timespec="seconds"), "commit": git("rev-parse", "--short", "HEAD"),
            "dirty": bool(git("status", "--porcelain", "--untracked-files=no")), "rounds": args.rounds,
            "kernels": args.kernels, "python": platform.python_version(), "numba": numba.__version__,
            "cpus": os.cpu_count(), "load_before": " ".join(f"{x:.1f}" for x in os.getloadavg())}
    if args.vs:
        return versus(Path(args.vs).resolve(), [p for p in PATHS if p[0] in chosen], args.rounds)
    table = {}
    print(f"{'path':16} {'cold':>8} {'warm':>8} {'compiling':>10} {'goal':>6}", flush=True)
    for name, _label, code, goal in PATHS:
        if name not in chosen:
            continue
        t = table[name] = measure(name, code, args.rounds, args.kernels)
        print(f"{name:16} {t['cold']:8.2f} {t['warm']:8.2f} {t['compiling']:10.2f} {goal:6g}", flush=True)
        if "kernels" in t:
            for k, n, s in kernel_summary(t["kernels"])[:12]:
                print(f"    {s:6.2f}  {n}x {k}", flush=True)
    meta["load_after"] = " ".join(f"{x:.1f}" for x in os.getloadavg())
    out = {"meta": meta, "goals": {p[0]: p[3] for p in PATHS}, "paths": table}
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))
    if args.save:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "startup.json").write_text(json.dumps(out, indent=1))
        before = json.loads(Path(args.before).read_text()) if args.before else None
        (RESULTS / "startup.md").write_text(markdown(table, meta, before))
    return 0


if __name__ == "__main__":
    sys.exit(main())
