"""The table of bench/results/zdd.md: DLX6 (a ZDD of every solution) by Knuth's
program, by xcover and by dlxnumba, time and peak memory.

Usage::

    DLX6=/path/to/dlx6 python bench/zdd_table.py [--repeat 3] [--only NAME ...] > bench/results/zdd.md

Each run is a process of its own under ``/usr/bin/time -v``, which gives its
peak resident memory ("Maximum resident set size").  Knuth's ``dlx6`` (built
from ``dlx6.w``; skipped when ``DLX6`` is unset) reads ``problem.to_dlx()``;
its time is the whole process.  dlxnumba's and xcover's times are of the call
alone, measured inside the process after a warm-up on a small problem (so
not the import, the problem's construction, or numba loading its compiled
code), the best of ``--repeat`` calls; their peak memory is the whole process
(Python, numpy and numba included: the line "baseline" gives that of a
process that does everything but the call).  Every count is checked against
the number known independently (bench/zdd_problems.py), and Knuth's figures
against dlxnumba's.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(HERE), str(ROOT / "tests")]

from zdd_problems import INSTANCES  # noqa: E402

#: The child process of dlxnumba and xcover: build the problem, warm up, time the call.
CHILD = r"""
import sys, time, warnings
sys.path[:0] = [{here!r}, {tests!r}]
warnings.simplefilter("ignore")
from zdd_problems import INSTANCES, queens_knuth
name, solver, repeat = sys.argv[1], sys.argv[2], int(sys.argv[3])
problem = INSTANCES[name].build()
if solver == "dlxnumba":
    from dlxnumba.zdd import zdd
    zdd(queens_knuth(5))
    call = lambda: zdd(problem).count()
else:
    from zdd_problems import xcover_args, xcover_count
    memo = solver == "xcover-memo"
    args = xcover_args(problem, memo)
    xcover_count(xcover_args(queens_knuth(5), memo))
    call = lambda: xcover_count(args)[0]
best, count = float("inf"), None
for _ in range(repeat):
    t = time.perf_counter()
    count = call()
    best = min(best, time.perf_counter() - t)
print(count, best)
"""


def timed_process(argv: list[str], stdin=None, timeout: float | None = None) -> tuple[str, str, float, int]:
    """Run ``argv`` under /usr/bin/time -v: (stdout, stderr without time's report,
    wall seconds, peak resident kilobytes)."""
    t0 = time.perf_counter()
    # a session of its own, so that a timeout ends the solver too, not only /usr/bin/time
    proc = subprocess.Popen(["/usr/bin/time", "-v", *argv], stdin=stdin, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        raise
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        raise RuntimeError(f"{argv} failed: {err[-2000:]}")
    m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", err)
    assert m, err
    own = err[: err.find("\tCommand being timed")]
    return out, own, wall, int(m.group(1))


def run_dlx6(dlx6: str, path: str, repeat: int) -> tuple[dict, float, int]:
    best, peak, figures = float("inf"), 0, {}
    for _ in range(repeat):
        with open(path) as f:
            _, err, wall, kb = timed_process([dlx6], stdin=f)
        best, peak = min(best, wall), max(peak, kb)
        line = err.strip().splitlines()[-1]
        m = re.search(r"Altogether (\d+) solutions?, .* (\d+) updates, (\d+) cleansings, (\d+) bytes, "
                      r"(\d+) search nodes, (\d+) ZDD nodes?", line)
        assert m, line
        figures = dict(zip(("count", "updates", "cleansings", "bytes", "nodes", "zdd_nodes"), map(int, m.groups())))
    return figures, best, peak


def run_child(name: str, solver: str, repeat: int, timeout: float | None = None) -> tuple[int | None, float, int]:
    code = CHILD.format(here=str(HERE), tests=str(ROOT / "tests"))
    out, _, _, kb = timed_process([sys.executable, "-c", code, name, solver, str(repeat)], timeout=timeout)
    count, seconds = out.split()
    return (None if count == "None" else int(count)), float(seconds), kb


def ours_figures(name: str) -> dict:
    import warnings

    from dlxnumba.zdd import zdd

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        z = zdd(INSTANCES[name].build())
    return dict(count=z.count(), nodes=z.stats.nodes, updates=z.stats.updates, cleansings=z.stats.cleansings,
                zdd_nodes=z.nodes)


#: Seconds a run of xcover with its memo may take (--xcover-memo).
MEMO_TIMEOUT = 300


def mb(kb: int) -> str:
    return f"{kb / 1024:,.0f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--only", nargs="*", default=None)
    ap.add_argument("--xcover-memo", action="store_true",
                    help="also run xcover with use_memo_cache=True (wrong counts are marked)")
    args = ap.parse_args()
    dlx6 = os.environ.get("DLX6")
    try:
        import xcover
        xver = xcover.__version__
    except ImportError:
        xver = None
    names = args.only or list(INSTANCES)
    rows = []
    for name in names:
        inst = INSTANCES[name]
        expect = inst.count()
        ours = ours_figures(name)
        assert ours["count"] == expect, (name, ours["count"], expect)
        row = dict(name=name, count=expect, nodes=ours["nodes"], zdd=ours["zdd_nodes"])
        if dlx6 and inst.dlx6:
            with tempfile.TemporaryDirectory() as tmp:
                path = os.path.join(tmp, name + ".dlx")
                with open(path, "w") as f:
                    f.write(inst.build().to_dlx())
                figures, sec, kb = run_dlx6(dlx6, path, args.repeat)
            assert figures["count"] == expect, (name, figures)
            assert {k: figures[k] for k in ("nodes", "updates", "cleansings", "zdd_nodes")} == \
                {k: ours[k] for k in ("nodes", "updates", "cleansings", "zdd_nodes")}, (name, figures, ours)
            row["dlx6"] = (sec, kb)
        count, sec, kb = run_child(name, "dlxnumba", args.repeat)
        assert count == expect
        row["dlxnumba"] = (sec, kb)
        if xver and inst.xcover:
            count, sec, kb = run_child(name, "xcover", args.repeat)
            row["xcover"] = (sec, kb, count == expect)
        if xver and args.xcover_memo:
            try:
                count, sec, kb = run_child(name, "xcover-memo", 1, timeout=MEMO_TIMEOUT)
                row["xcover-memo"] = (sec, kb, count)
            except subprocess.TimeoutExpired:
                row["xcover-memo"] = (None, None, None)
        rows.append(row)
        print(f"{name}: done", file=sys.stderr)
    base_ours = run_child("dominoes-8x8", "dlxnumba", 0)[2]
    base_x = run_child("dominoes-8x8", "xcover", 0)[2] if xver else None
    print_table(rows, args, dlx6 is not None, xver, base_ours, base_x)


def print_table(rows, args, have_dlx6, xver, base_ours, base_x) -> None:
    import numba
    import numpy

    import dlxnumba

    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip()
    p = print
    p("# DLX6: a ZDD of every solution\n")
    p(f"Made by `python bench/zdd_table.py --repeat {args.repeat}"
      f"{' --xcover-memo' if args.xcover_memo else ''}` (with `DLX6` set) on commit {commit}, "
      f"{datetime.date.today().isoformat()}; a **shared 2-core VM** (other jobs were running, so the "
      "times are the best of the repeats and still carry some of their load).")
    p(f"Python {platform.python_version()}, numpy {numpy.__version__}, numba {numba.__version__}, "
      f"dlxnumba {dlxnumba.__version__}" + (f", xcover {xver}" if xver else "") + ".\n")
    p("* **dlx6**: Knuth's program, built from `dlx6.w` with `ctangle` and `gcc -O2` (its mem counting "
      "compiled in), reading `problem.to_dlx()`: the whole process, `/usr/bin/time -v $DLX6 < file.dlx`. "
      "Its search nodes, updates, cleansings and ZDD nodes equal dlxnumba's on every row.")
    p("* **dlxnumba**: `dlxnumba.zdd.zdd(problem)`, the call alone (the diagram and its exact count), "
      "best of the repeats in one process; the problem built and the compiled code loaded before.")
    p("* **xcover**: `xcover.dancing_cells_zdd.algorithm_z(...)` on arrays (what `covers_zdd` runs), "
      "all its ZDD nodes consumed and counted; without its memo cache (its default: with it, counts "
      "come out wrong, see below), so its diagram is a tree of the solutions, and boards with millions "
      "of tilings are left out (—).")
    p("* **peak MB**: the process's maximum resident set size (`/usr/bin/time -v`). A Python process "
      f"that does all but the call peaks at {mb(base_ours)} MB for dlxnumba"
      + (f" and {mb(base_x)} MB for xcover" if base_x else "")
      + "; dlx6 allocates a hash table of 2^30 entries (8 GB) and a cache of 16 GB up front, of which "
      "only the pages it touches count, about one page per signature it stores.\n")
    head = ["instance", "solutions", "search nodes", "ZDD nodes", "dlx6 s", "xcover s", "dlxnumba s",
            "dlx6 / dlxnumba", "dlx6 peak MB", "xcover peak MB", "dlxnumba peak MB"]
    p("| " + " | ".join(head) + " |")
    p("|" + "---|" * 1 + "---:|" * (len(head) - 1))
    for r in rows:
        d = r.get("dlx6")
        x = r.get("xcover")
        o = r["dlxnumba"]
        cells = [r["name"], f"{r['count']:,}", f"{r['nodes']:,}", f"{r['zdd']:,}",
                 f"{d[0]:.3f}" if d else "—", (f"{x[0]:.3f}" + ("" if x[2] else " (wrong count)")) if x else "—",
                 f"{o[0]:.4f}", f"{d[0] / o[0]:,.0f}x" if d and o[0] > 0 else "—",
                 mb(d[1]) if d else "—", mb(x[1]) if x else "—", mb(o[1])]
        p("| " + " | ".join(cells) + " |")
    if args.xcover_memo:
        p("\nxcover with `use_memo_cache=True` (one run each; its count against the true one):\n")
        p("| instance | xcover memo s | its count | true count |")
        p("|---|---:|---:|---:|")
        for r in rows:
            x = r.get("xcover-memo")
            if x and x[0] is None:
                p(f"| {r['name']} | > {MEMO_TIMEOUT} | — | {r['count']:,} |")
            elif x:
                mark = "" if x[2] == r["count"] else " **wrong**"
                p(f"| {r['name']} | {x[0]:.3f} | {x[2]:,}{mark} | {r['count']:,} |")


if __name__ == "__main__":
    main()
