"""Split searches: measured speed-ups on this machine, simulated ones past it.

For each instance (Norvig's "hard1" Sudoku, 16 queens, the 6x10 pentomino
rectangle without symmetry breaking):

1. the serial count (``p.count()``, one thread, no split): the reference;
2. a split of ``--tasks`` subtrees (default 128: two per simulated worker),
   made without dry runs (``cheap=True``: at 64 workers the split's time is the
   serial part of the run), run on one thread with cuts
   (:func:`dlxnumba.parallel.run.count_split`):
   each task has a node budget sized for ``--workers`` workers (default 64),
   and a task that reaches it stops there, what it searched counted, the
   rest of its subtree becoming new tasks.  Each task's nodes, updates,
   seconds and parent (the task whose cut made it) are recorded, and the
   time spent working out each cut.  The simulated speed-up on W workers is
   (split + sum of the tasks) / (split + the schedule's length), the split
   counted as serial work and the schedule giving each free worker the
   longest task ready, a cut's tasks ready when their parent has ended
   (:meth:`dlxnumba.parallel.run.SplitRun.speedup`); shown both with the measured
   seconds and with seconds in proportion to nodes + updates
   (machine-independent: a task preempted on a busy machine does not count
   as long);
3. ``p.count(threads=T)`` for T = 1 (split on one thread) and 2, timed
   whole (split, compiling excluded by a warm-up): the measured speed-ups
   over the serial count.  With ``--repeat R`` the serial count and these
   two run R times, interleaved (this machine's speed drifts, and two
   threads are slowed more than one by what else the host runs): the
   speed-up is the median serial time over the median 2-thread time, and
   each round's own ratio is kept too.

Every count is checked against the known totals.  Prints a table, writes
``bench/results/scaling.json`` and plots speed-up against workers (measured
points and the simulated curves; matplotlib, ``pip install dlxnumba[plot]``)
to ``bench/results/scaling.png``.

Usage::

    python bench/scaling.py                 # everything (about 15 minutes on a quiet 2-core machine)
    python bench/scaling.py --repeat 3      # the measured runs three times, interleaved (about 35 minutes)
    python bench/scaling.py --only hard1    # one instance
    python bench/scaling.py --quick         # small stand-ins, seconds (a smoke test)
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dlxnumba import last_stats
from dlxnumba import Sudoku, pentominoes, queens  # noqa: E402
from dlxnumba.parallel.run import count_split  # noqa: E402
from dlxnumba.parallel.tasks import count_tasks  # noqa: E402

HARD1 = ".....6....59.....82....8....45........3........6..3.54...325..6.................."
WORKERS = (16, 64, 256)
CURVE = (1, 2, 4, 8, 16, 32, 64, 128, 256)


def instances(quick: bool) -> dict:
    """name -> (problem, givens, known count)."""
    if quick:
        q, _ = queens(10)
        p5, _ = pentominoes(3, 20)
        ps, _, gs = Sudoku(with_more_givens(HARD1, 8)).to_problem()
        return {"queens10": (q, [], 724), "pentominoes3x20": (p5, [], 8),
                "hard1+": (ps, gs, None)}
    p, _, g = Sudoku(HARD1).to_problem()
    q, _ = queens(16)
    p5, _ = pentominoes(6, 10)
    return {"hard1": (p, g, 148_357_268), "queens16": (q, [], 14_772_512),
            "pentominoes6x10": (p5, [], 9_356)}


def with_more_givens(puzzle: str, k: int) -> str:
    """``puzzle`` with its first ``k`` empty cells filled from one of its solutions."""
    sol = str(Sudoku(puzzle).solve())
    cells = list(puzzle)
    for i in [i for i, ch in enumerate(puzzle) if ch == "."][:k]:
        cells[i] = sol[i]
    return "".join(cells)


def warm_up() -> None:
    """Compile (or load) every kernel the runs use, on small problems."""
    q, _ = queens(6)
    q.count(), q.count(threads=2)
    p5, _ = pentominoes(3, 20)  # options with spacers; cuts (the remainder kernel)
    count_split(p5, threads=1, tasks=4, budget=100), count_split(p5, threads=2, tasks=4, budget=100)
    s = q.split(tasks=4)
    count_tasks(q, s.subproblems, threads=1), count_tasks(q, s.subproblems, threads=2)
    p, _, g = Sudoku(with_more_givens(HARD1, 30)).to_problem()
    s = p.split(tasks=4, given=g)
    count_tasks(p, s.subproblems, threads=1), count_tasks(p, s.subproblems, threads=2)


def measure(name: str, p, given, known, tasks: int, skip_serial: bool, workers: int = 64,
            repeat: int = 1) -> dict:
    out: dict = {"instance": name, "tasks_wanted": tasks, "budget_workers": workers}
    if not skip_serial:
        t0 = time.perf_counter()
        n = p.count(given=given)
        out["serial_runs"] = [time.perf_counter() - t0]
        out["serial_count"] = n
        out["nodes"], out["updates"] = last_stats().nodes, last_stats().updates
        if known is None:
            known = n
        assert n == known, (name, n, known)
    # the fine split, its tasks (and the cuts') on one thread
    r = count_split(p, given=given, threads=1, tasks=tasks, workers=workers, cheap=True)
    s, t = r.split, r.tasks
    assert known is None or r.count == known, (name, r.count, known)
    if "nodes" in out:
        assert (r.stats.nodes, r.stats.updates) == (out["nodes"], out["updates"])
    sec = np.array(t.seconds)
    work = np.array(t.nodes, float) + np.array(t.updates, float)
    roots = np.array([q is None for q in r.parents])
    out.update(count=r.count, tasks=len(s), tasks_run=len(t), cuts=r.cuts, budget=r.budget,
               split_seconds=s.seconds, task_seconds=float(sec.sum()), cut_seconds=float(sum(r.cut_seconds)),
               run_wall=r.stats.seconds, largest_task=float(sec.max()), weights_corr=float(
                   np.corrcoef(np.log(np.maximum(s.weights, 1)),
                               np.log(np.maximum(work[roots], 1)))[0, 1]) if roots.sum() == len(s) else None,
               simulated={str(w): r.speedup(w) for w in CURVE},
               simulated_by_work={str(w): r.speedup(w, by_work=True) for w in CURVE},
               task_nodes=t.nodes, task_updates=t.updates, task_seconds_each=t.seconds, parents=r.parents)
    # measured: the split count on 1 and 2 threads, whole calls, interleaved with serial counts
    for k in range(repeat):
        if k and not skip_serial:
            t0 = time.perf_counter()
            assert p.count(given=given) == known
            out["serial_runs"].append(time.perf_counter() - t0)
        for threads in (1, 2):
            t0 = time.perf_counter()
            n = p.count(given=given, threads=threads) if threads > 1 else _split_count_one_thread(p, given)
            out.setdefault(f"threads{threads}_runs", []).append(time.perf_counter() - t0)
            assert known is None or n == known
    for key in ("serial", "threads1", "threads2"):
        if f"{key}_runs" in out:
            out[f"{key}_seconds"] = float(np.median(out[f"{key}_runs"]))
    if "serial_seconds" in out:
        out["speedup_threads1"] = out["serial_seconds"] / out["threads1_seconds"]
        out["speedup_threads2"] = out["serial_seconds"] / out["threads2_seconds"]
        out["speedup_threads2_rounds"] = [a / b for a, b in zip(out["serial_runs"], out["threads2_runs"])]
    return out


def _split_count_one_thread(p, given) -> int:
    return count_split(p, given=given, threads=1).count


def table(results: list) -> str:
    lines = ["instance         tasks  cuts  split s  serial s  1 thr s  2 thr s  2-thr x   "
             + "  ".join(f"{w:>4}w sim (work)" for w in WORKERS)]
    for o in results:
        sim = "  ".join(f"{o['simulated'][str(w)]:5.1f} ({o['simulated_by_work'][str(w)]:5.1f})" for w in WORKERS)
        lines.append(f"{o['instance']:<15} {o['tasks_run']:6d} {o['cuts']:5d} {o['split_seconds']:8.2f} "
                     f"{o.get('serial_seconds', float('nan')):9.2f} {o['threads1_seconds']:8.2f} "
                     f"{o['threads2_seconds']:8.2f} {o.get('speedup_threads2', float('nan')):8.2f}   {sim}")
    return "\n".join(lines)


def plot(results: list, path: Path) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("(no plot: pip install dlxnumba[plot])")
        return
    fig, ax = plt.subplots(figsize=(6.5, 4.5))
    for o in results:
        xs = list(CURVE)
        line, = ax.plot(xs, [o["simulated"][str(w)] for w in xs], label=f"{o['instance']} (simulated)")
        ax.plot(xs, [o["simulated_by_work"][str(w)] for w in xs], ls=":", color=line.get_color())
        if "speedup_threads2" in o:
            ax.plot([1, 2], [o["speedup_threads1"], o["speedup_threads2"]], "o", color=line.get_color(),
                    label=f"{o['instance']} (measured)")
    ax.plot(CURVE, CURVE, color="grey", lw=0.5, label="ideal")
    ax.set_xscale("log", base=2)
    ax.set_yscale("log", base=2)
    ax.set_xlabel("workers")
    ax.set_ylabel("speed-up over one serial search")
    ax.set_title("dlxnumba split counts: longest-ready-first schedule of measured tasks\n"
                 "(dotted: task times from nodes + updates)")
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    print(f"plot: {path}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="small stand-ins (seconds)")
    ap.add_argument("--only", help="comma-separated instance names")
    ap.add_argument("--tasks", type=int, default=128, help="tasks of the split (default 128: two per worker)")
    ap.add_argument("--workers", type=int, default=64, help="workers the tasks' node budget is sized for")
    ap.add_argument("--skip-serial", action="store_true", help="no serial count (no measured speed-ups)")
    ap.add_argument("--repeat", type=int, default=1,
                    help="rounds of the measured runs (serial, 1 and 2 threads), interleaved; medians")
    ap.add_argument("--out", default=str(ROOT / "bench" / "results"), help="folder for scaling.json/.png")
    args = ap.parse_args(argv)
    warm_up()
    chosen = instances(args.quick)
    if args.only:
        chosen = {k: v for k, v in chosen.items() if k in args.only.split(",")}
    results = []
    for name, (p, g, known) in chosen.items():
        print(f"{name} ...", flush=True)
        results.append(measure(name, p, g, known, args.tasks, args.skip_serial, args.workers, args.repeat))
        print(table(results[-1:]).splitlines()[1], flush=True)
    print()
    print(table(results))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    suffix = "-quick" if args.quick else ""
    (out / f"scaling{suffix}.json").write_text(json.dumps(results, indent=1))
    plot(results, out / f"scaling{suffix}.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
