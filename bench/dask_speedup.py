"""Speed-up of a count on a 2-worker Dask LocalCluster over one thread, and Dask's cost per task.

Usage (from the repository root, on a quiet machine)::

    python bench/dask_speedup.py                     # hard1 (~130 s on one thread, then the Dask run)
    python bench/dask_speedup.py --problem queens14  # a quicker check
    python bench/dask_speedup.py --overhead-only     # Dask's cost per task alone

For each problem: one count on one thread in this process (the compiled
kernels warmed up first), then the same count on a ``LocalCluster`` of
``--workers`` worker processes of one thread each (started before the clock,
its workers warmed up), timed end to end: splitting, scattering the problem,
every task, gathering (``speedup``); then (``--cold``, the default) the same
count with the cluster started and closed by ``dlxnumba.parallel.dask.count_run`` itself,
every overhead included: starting the processes, loading the kernels in
them, closing (``cold_speedup``).  Both counts are checked against the known value.
The parts' measured times also give the speed-up of the best schedule
(longest first) on 2, 16, 64 and 256 workers (``simulated_speedup``).
Then the cost of an empty Dask task (one at a time, and many in flight) and
of a task that takes the scattered problem as argument.  One JSON line with
everything is printed at the end (and appended to ``--out`` when given).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

HARD1 = ".....6....59.....82....8....45........3........6..3.54...325..6.................."

#: name -> (make the problem, known count, one line about it)
KNOWN = {
    "hard1": 148_357_268,
    "queens16": 14_772_512,
    "queens14": 365_596,
    "queens13": 73_712,
    "pentominoes": 9_356,
}


def make(name: str):
    """The problem (a Sudoku or an ExactCover) named ``name``."""
    from dlxnumba import Sudoku, pentominoes, queens

    if name == "hard1":
        return Sudoku(HARD1)
    if name.startswith("queens"):
        return queens(int(name[6:]))[0]
    if name == "pentominoes":
        return pentominoes(6, 10)[0]
    raise SystemExit(f"unknown problem {name!r}; one of {', '.join(KNOWN)}")


def warm_up() -> None:
    """Compile or load the kernels used below (split, tasks, searches)."""
    from dlxnumba import Sudoku, queens

    p = queens(8)[0]
    p.count()
    p.split(8).subproblems
    from dlxnumba.parallel.tasks import count_tasks

    count_tasks(p, p.split(8).subproblems)
    Sudoku("1" + "." * 80).count(2)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--problem", default="hard1", help=f"one of {', '.join(KNOWN)} (default hard1)")
    ap.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--tasks", type=int, default=None, help="subproblems of the split (default: dlxnumba's)")
    ap.add_argument("--overhead-only", action="store_true", help="measure Dask's cost per task only")
    ap.add_argument("--serial-seconds", type=float, default=None,
                    help="skip the one-thread count; use these seconds for it")
    ap.add_argument("--cold", action=argparse.BooleanOptionalAction, default=True,
                    help="also time the count with the LocalCluster started and closed by the call "
                         "(all overheads; default: yes)")
    ap.add_argument("--out", help="append the JSON line to this file")
    args = ap.parse_args(argv)

    import distributed

    from dlxnumba.parallel import dask as dd

    warm_up()
    out: dict = {"problem": args.problem, "workers": args.workers, "cpu_count": os.cpu_count(),
                 "distributed": distributed.__version__}
    t0 = time.perf_counter()
    with distributed.LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster, distributed.Client(cluster) as client:
        client.wait_for_workers(args.workers)
        out["cluster_start_seconds"] = time.perf_counter() - t0
        client.run(warm_up)
        problem = None if args.overhead_only else make(args.problem)
        payload = problem if problem is not None else make("queens8")
        over = dd.task_overhead(client, 400, payload=payload if not hasattr(payload, "to_problem")
                                else payload.to_problem()[0])
        out["task_overhead_ms"] = {k: round(v * 1e3, 3) for k, v in over.items() if k != "threads"}
        print(f"Dask cost per task: {out['task_overhead_ms']} ms", file=sys.stderr)
        if problem is not None:
            known = KNOWN[args.problem]
            if args.serial_seconds is None:
                t = time.perf_counter()
                serial = problem.count()
                out["serial_seconds"] = time.perf_counter() - t
                assert serial == known, (serial, known)
            else:
                out["serial_seconds"] = args.serial_seconds
            print(f"one thread: {out['serial_seconds']:.2f} s", file=sys.stderr)
            t = time.perf_counter()
            r = dd.count_run(problem, client, tasks=args.tasks)
            out["dask_seconds"] = time.perf_counter() - t
            assert r.count == known, (r.count, known)
            out["count"] = r.count
            out["subproblems"] = len(r.split.subproblems)
            out["dask_tasks"] = len(r.tasks)
            out["split_seconds"] = r.split.seconds
            busy = [s for s in r.task_seconds if s is not None]
            out["task_seconds"] = {"min": min(busy, default=0), "max": max(busy, default=0),
                                   "sum": sum(busy)}
            out["nodes"] = r.stats.nodes
            out["updates"] = r.stats.updates
            out["speedup"] = out["serial_seconds"] / out["dask_seconds"]
            # the best schedule of the measured parts (longest first) on more workers
            from dlxnumba.parallel.schedule import speedup

            parts = [x for x in r.part_seconds if x is not None]
            out["simulated_speedup"] = {w: round(speedup(parts, w, r.split.seconds), 2) for w in (2, 16, 64, 256)}
            # the share of the wall time not spent searching on some worker
            out["dask_overhead_share"] = 1 - sum(busy) / (args.workers * out["dask_seconds"])
            print(f"Dask ({args.workers} workers): {out['dask_seconds']:.2f} s, "
                  f"speed-up {out['speedup']:.2f}x, {len(r.tasks)} tasks of "
                  f"{len(r.split.subproblems)} subproblems", file=sys.stderr)
    if problem is not None and args.cold:
        # all overheads: dlxnumba.parallel.dask starts (and closes) a LocalCluster of fresh processes itself
        t = time.perf_counter()
        r = dd.count_run(problem, "local", workers=args.workers, tasks=args.tasks)
        out["cold_seconds"] = time.perf_counter() - t
        assert r.count == KNOWN[args.problem], (r.count, KNOWN[args.problem])
        out["cold_speedup"] = out["serial_seconds"] / out["cold_seconds"]
        print(f"Dask from cold (a LocalCluster started and closed by the call): {out['cold_seconds']:.2f} s, "
              f"speed-up {out['cold_speedup']:.2f}x", file=sys.stderr)
    line = json.dumps(out)
    print(line)
    if args.out:
        with open(args.out, "a") as f:
            f.write(line + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
