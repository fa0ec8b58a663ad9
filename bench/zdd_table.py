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
    queens_knuth(5).zdd()
    call = lambda: problem.zdd().count()
else:
    from zdd_problems import xcover_args, xcover_count
    memo = solver == "xcover-memo"
    args = xcover_args(problem, memo)
    xcover_count(xcover_args(queens_knuth(5), memo))
    call = lambda: xcover_count(args)[0]
best, cpu, count = float("inf"), float("inf"), None
for _ in range(repeat):
    t, c = time.perf_counter(), time.process_time()
    count = call()
    cpu = min(cpu, time.process_time() - c)
    best = min(best, time.perf_counter() - t)
print(count, best, cpu)
"""


def timed_process(argv: list[str], stdin=None, timeout: float | None = None) -> tuple[str, str, float, float, int]:
    """Run ``argv`` under /usr/bin/time -v: (stdout, stderr without time's report,
    wall seconds, processor seconds (user + system, from the kernel's own
    accounting of the process and its children, finer than time's two
    decimals), peak resident kilobytes (time's "Maximum resident set size"))."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        t0 = time.perf_counter()
        # a session of its own, so that a timeout ends the solver too, not only /usr/bin/time
        proc = subprocess.Popen(["/usr/bin/time", "-v", *argv], stdin=stdin, stdout=out, stderr=err,
                                start_new_session=True)
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if timeout is not None and time.perf_counter() - t0 > timeout:
                os.killpg(proc.pid, signal.SIGKILL)
                os.wait4(proc.pid, 0)
                proc.returncode = -9
                raise subprocess.TimeoutExpired(argv, timeout)
            time.sleep(0.002)
        wall = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
    if proc.returncode != 0:
        raise RuntimeError(f"{argv} failed: {stderr[-2000:]}")
    m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", stderr)
    assert m, stderr
    own = stderr[: stderr.find("\tCommand being timed")]
    return stdout, own, wall, usage.ru_utime + usage.ru_stime, int(m.group(1))


def run_dlx6(dlx6: str, path: str, repeat: int) -> tuple[dict, float, float, int]:
    best, best_cpu, peak, figures = float("inf"), float("inf"), 0, {}
    for _ in range(repeat):
        with open(path) as f:
            _, err, wall, cpu, kb = timed_process([dlx6], stdin=f)
        best, best_cpu, peak = min(best, wall), min(best_cpu, cpu), max(peak, kb)
        line = err.strip().splitlines()[-1]
        m = re.search(r"Altogether (\d+) solutions?, .* (\d+) updates, (\d+) cleansings, (\d+) bytes, "
                      r"(\d+) search nodes, (\d+) ZDD nodes?", line)
        assert m, line
        figures = dict(zip(("count", "updates", "cleansings", "bytes", "nodes", "zdd_nodes"), map(int, m.groups())))
    return figures, best, best_cpu, peak


def run_child(name: str, solver: str, repeat: int,
              timeout: float | None = None) -> tuple[int | None, float, float, int]:
    """(count, wall seconds, processor seconds, peak kilobytes) of a Python solver."""
    code = CHILD.format(here=str(HERE), tests=str(ROOT / "tests"))
    out, _, _, _, kb = timed_process([sys.executable, "-c", code, name, solver, str(repeat)], timeout=timeout)
    count, seconds, cpu = out.split()
    return (None if count == "None" else int(count)), float(seconds), float(cpu), kb


def ours_figures(name: str) -> dict:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        z = INSTANCES[name].build().zdd()
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
                figures, sec, cpu, kb = run_dlx6(dlx6, path, args.repeat)
            assert figures["count"] == expect, (name, figures)
            assert {k: figures[k] for k in ("nodes", "updates", "cleansings", "zdd_nodes")} == \
                {k: ours[k] for k in ("nodes", "updates", "cleansings", "zdd_nodes")}, (name, figures, ours)
            row["dlx6"] = (sec, cpu, kb)
        count, sec, cpu, kb = run_child(name, "dlxnumba", args.repeat)
        assert count == expect
        row["dlxnumba"] = (sec, cpu, kb)
        if xver and inst.xcover:
            count, sec, cpu, kb = run_child(name, "xcover", args.repeat)
            row["xcover"] = (sec, cpu, kb, count == expect)
        if xver and args.xcover_memo:
            try:
                count, sec, cpu, kb = run_child(name, "xcover-memo", 1, timeout=MEMO_TIMEOUT)
                row["xcover-memo"] = (cpu, kb, count)
            except subprocess.TimeoutExpired:
                row["xcover-memo"] = (None, None, None)
        rows.append(row)
        print(f"{name}: done", file=sys.stderr)
    base_ours = run_child("dominoes-8x8", "dlxnumba", 0)[3]
    base_x = run_child("dominoes-8x8", "xcover", 0)[3] if xver else None
    floor = None
    if dlx6:  # the cost of a dlx6 process that has nothing to do (start, allocate, read one option)
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "one.dlx")
            with open(path, "w") as f:
                f.write("A\nA\n")
            floor = run_dlx6(dlx6, path, args.repeat)
    print_table(rows, args, xver, base_ours, base_x, floor)


def summary(rows, base_ours) -> None:
    """The findings, counted from the rows."""
    with_d = [r for r in rows if "dlx6" in r]
    with_x = [r for r in rows if "xcover" in r]
    if with_d:
        ratios = [r["dlx6"][1] / r["dlxnumba"][1] for r in with_d]
        faster = sum(x > 1 for x in ratios)
        lower = [r["name"] for r in with_d if r["dlxnumba"][2] < r["dlx6"][2]]
        below = sum(r["dlxnumba"][2] - base_ours < r["dlx6"][2] for r in with_d)
        print(f"**Summary.** dlxnumba took less processor time than dlx6 on {faster} of the {len(with_d)} "
              f"problems ({min(ratios):.1f} to {max(ratios):.1f} times less)"
              + (f", and less than xcover on {sum(r['xcover'][1] > r['dlxnumba'][1] for r in with_x)} of the "
                 f"{len(with_x)} it was run on" if with_x else "")
              + f". Its process peaked below dlx6's on {len(lower)} of them ({', '.join(lower)}): the larger "
              f"ones, where dlx6's scattered hash-table pages add up; on the small ones the Python process "
              f"itself (about {mb(base_ours)} MB) is more than all of dlx6. What the search adds to that "
              f"process stayed below dlx6's whole peak on {below} of the {len(with_d)}.\n")


def print_table(rows, args, xver, base_ours, base_x, floor) -> None:
    import numba
    import numpy

    import dlxnumba

    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip()
    p = print
    p("# DLX6: a ZDD of every solution\n")
    p(f"Made by `python bench/zdd_table.py --repeat {args.repeat}"
      f"{' --xcover-memo' if args.xcover_memo else ''}` (with `DLX6` set) on commit {commit}, "
      f"{datetime.date.today().isoformat()}, on a **shared 2-core VM**: other jobs were running, so "
      "each process got only part of a core.  The times are therefore **processor seconds** (user + "
      "system, which the other jobs hardly change), the best of the repeats; the wall-clock seconds, "
      "two to four times longer under that load, follow in the second table.")
    p(f"Python {platform.python_version()}, numpy {numpy.__version__}, numba {numba.__version__}, "
      f"dlxnumba {dlxnumba.__version__}" + (f", xcover {xver}" if xver else "") + ".\n")
    p("* **dlx6**: Knuth's program, built from `dlx6.w` with `ctangle` and `gcc -O2` (its mem counting "
      "compiled in), reading `problem.to_dlx()`: the whole process, `/usr/bin/time -v $DLX6 < file.dlx`"
      + (f" (a process with nothing to do, one option of one item, takes {floor[2]:.3f} s and "
         f"{mb(floor[3])} MB)" if floor else "")
      + ". Its search nodes, updates, cleansings and ZDD nodes equal dlxnumba's on every row.")
    p("* **dlxnumba**: `problem.zdd()`, the call alone (the search, the diagram and its exact "
      "count; `time.process_time()` around it), best of the repeats in one process, the problem built "
      "and the compiled code loaded before.")
    p("* **xcover**: `xcover.dancing_cells_zdd.algorithm_z(...)` on arrays (what `covers_zdd` runs), "
      "every ZDD node it yields consumed and counted, timed the same way; without its memo cache (its "
      "default: with it, counts come out wrong, see the last table), so its diagram is a tree of the "
      "solutions, and boards with millions of tilings are left out (—).")
    p("* **peak MB**: the process's maximum resident set size (`/usr/bin/time -v`). A Python process "
      f"that does all but the call peaks at {mb(base_ours)} MB for dlxnumba"
      + (f" and {mb(base_x)} MB for xcover" if base_x else "")
      + " (Python, numpy, numba, the problem); dlx6 allocates a hash table of 2^30 entries (8 GB) and a "
      "cache of 16 GB of virtual memory up front, of which only the pages it touches count: about one "
      "page per signature it stores, at random places.\n")
    summary(rows, base_ours)
    head = ["instance", "solutions", "search nodes", "ZDD nodes", "dlx6 s", "xcover s", "dlxnumba s",
            "dlx6 / dlxnumba", "dlx6 peak MB", "xcover peak MB", "dlxnumba peak MB"]
    p("| " + " | ".join(head) + " |")
    p("|---|" + "---:|" * (len(head) - 1))
    for r in rows:
        d, x, o = r.get("dlx6"), r.get("xcover"), r["dlxnumba"]
        cells = [r["name"], f"{r['count']:,}", f"{r['nodes']:,}", f"{r['zdd']:,}",
                 f"{d[1]:.3f}" if d else "—", (f"{x[1]:.4f}" + ("" if x[3] else " (wrong count)")) if x else "—",
                 f"{o[1]:.4f}", f"{d[1] / o[1]:,.1f}x" if d and o[1] > 0 else "—",
                 mb(d[2]) if d else "—", mb(x[2]) if x else "—", mb(o[2])]
        p("| " + " | ".join(cells) + " |")
    p("\nWall-clock seconds of the same runs (best of the repeats), for reference:\n")
    p("| instance | dlx6 s | xcover s | dlxnumba s |")
    p("|---|---:|---:|---:|")
    for r in rows:
        d, x, o = r.get("dlx6"), r.get("xcover"), r["dlxnumba"]
        p(f"| {r['name']} | {f'{d[0]:.3f}' if d else '—'} | {f'{x[0]:.4f}' if x else '—'} | {o[0]:.4f} |")
    if args.xcover_memo:
        p("\nxcover with `use_memo_cache=True` (one run each, processor seconds; its count against the "
          "true one):\n")
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
