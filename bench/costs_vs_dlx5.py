"""dlxnumba's best() against Knuth's dlx5 on the instances of bench/test_costs.py.

    python bench/costs_vs_dlx5.py --dlx5 PATH/TO/dlx5 [--repeat 5] [--only NAME ...]

(``--dlx5`` defaults to the environment variable ``DLX5``.)  For each instance
the two run alternately ``--repeat`` times: dlx5 as a process reading the
instance's DLX text with ``m0 k<k>`` (reading included), best() as one call
(taxes, sorting and links included, the JIT warmed up before).  Each column is
the least of the runs, in wall-clock seconds and in CPU seconds (user + system,
which a busy machine disturbs less).  The figures of the two searches
(solutions, nodes, updates, cleansings, the k best costs) must be equal; the
table is printed as Markdown.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time

from test_costs import INSTANCES, TIMED, dlx_text, figures_of, instance, run_dlx5, verified


def best(p, costs, k=1, **kwargs):
    """``p.best(k)`` of the problem with ``costs``."""
    return p.with_costs(costs).best(k, **kwargs)


def child_run(binary: str, text: str, k: int):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    out = run_dlx5(binary, text, k)
    wall = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return out, wall, (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dlx5", default=os.environ.get("DLX5"), help="Knuth's dlx5 binary (default: $DLX5)")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--only", nargs="*", default=None, help="instance names (default: the timed ones)")
    args = ap.parse_args(argv)
    if not args.dlx5:
        ap.error("give --dlx5 or set DLX5")
    names = args.only or [n for n in TIMED if INSTANCES[n][2] is not None or n.startswith("cost_")]
    print("| instance | nodes | updates | dlx5 s | dlxnumba s | ratio | dlx5 CPU s | dlxnumba CPU s | CPU ratio |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name in names:
        name, p, costs, k = instance(name, False)
        text = dlx_text(p, costs)
        best(p, costs, k, max_nodes=10)  # warm up the JIT
        walls, cpus, dwalls, dcpus = [], [], [], []
        for _ in range(args.repeat):
            t0, c0 = time.perf_counter(), time.process_time()
            b = best(p, costs, k)
            walls.append(time.perf_counter() - t0)
            cpus.append(time.process_time() - c0)
            theirs, wall, cpu = child_run(args.dlx5, text, k)
            dwalls.append(wall)
            dcpus.append(cpu)
            if theirs != (figures_of(b), b.costs) or not verified(p, costs, b):
                print(f"{name}: dlx5 says {theirs}, dlxnumba {(figures_of(b), b.costs)}", file=sys.stderr)
                return 1
        s = b.stats
        print(f"| {name} | {s.nodes:,} | {s.updates:,} | {min(dwalls):.4f} | {min(walls):.4f} | "
              f"{min(dwalls) / min(walls):.2f} | {min(dcpus):.4f} | {min(cpus):.4f} | "
              f"{min(dcpus) / max(min(cpus), 1e-9):.2f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
