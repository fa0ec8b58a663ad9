#!/usr/bin/env python
"""The long fuzz run: the CI suite's targets, many more inputs, a summary table.

    python tests/fuzz/long_run.py --inputs 100000            # all targets
    python tests/fuzz/long_run.py --inputs 5000 --only solve_many --seed 7

The inputs are shared out over the targets (``--only`` picks some).  Every
input is judged by its target's check; nothing stops the run: each fault is
counted by (target, kind) with its first example, and a harness error (a
bug of the fuzzer itself) is counted apart.  An input that takes longer than
``--hang`` seconds is a fault.  The exit status is 1 when there was a fault.
"""

from __future__ import annotations

import argparse
import collections
import os
import signal
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]

from hypothesis import HealthCheck, Phase, given, seed, settings  # noqa: E402

from fuzz_core import Fault  # noqa: E402
from fuzz_targets import CI_EXAMPLES, TARGETS  # noqa: E402


class Hang(BaseException):
    pass


def _alarm(signum, frame):
    raise Hang()


def run_target(target, inputs: int, rng_seed: int, hang: float, report: dict) -> None:
    tally = report["tally"][target.name]
    faults = report["faults"]
    errors = report["errors"]

    @settings(max_examples=inputs, phases=[Phase.generate], database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(case=target.strategy)
    def probe(case):
        tally["inputs"] += 1
        signal.setitimer(signal.ITIMER_REAL, hang)
        try:
            outcome = target.check(case)
        except Fault as f:
            tally["faults"] += 1
            entry = faults.setdefault((target.name, f.kind), [0, f.detail])
            entry[0] += 1
        except Hang:
            tally["faults"] += 1
            entry = faults.setdefault((target.name, f"no answer within {hang} s"), [0, repr(case)[:600]])
            entry[0] += 1
        except Exception as e:  # noqa: BLE001 -- a bug of the fuzzer, not of the package
            tally["harness errors"] += 1
            key = (target.name, f"{type(e).__name__}: {e}"[:120])
            errors.setdefault(key, [0, traceback.format_exc()[-1500:] + "\ncase: " + repr(case)[:600]])
            errors[key][0] += 1
        else:
            tally[outcome] += 1
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)

    t0 = time.perf_counter()
    seed(rng_seed)(probe)()
    tally["seconds"] += time.perf_counter() - t0  # wall clock: drawing the cases too


def table(report: dict) -> str:
    rows = []
    head = ("target", "inputs", "accepted", "rejected (by class)", "limit", "faults", "harness", "s")
    for name, t in report["tally"].items():
        rejected = {k.split(":", 1)[1]: v for k, v in t.items() if k.startswith("rejected:")}
        limits = sum(v for k, v in t.items() if k.startswith("limit:"))
        status = {k.split(":", 1)[1]: v for k, v in t.items() if k.startswith("status:")}
        acc = t["accepted"] + sum(status.values())
        acc_text = str(acc) + (f" (exit {', '.join(f'{k}: {v}' for k, v in sorted(status.items()))})"
                               if status else "")
        rows.append((name, str(t["inputs"]), acc_text,
                     ", ".join(f"{k} {v}" for k, v in sorted(rejected.items())) or "-",
                     str(limits), str(t["faults"]), str(t["harness errors"]), f"{t['seconds']:.0f}"))
    total = [sum(int(r[i].split()[0]) for r in rows) for i in (1, 2)]
    rows.append(("TOTAL", str(total[0]), str(total[1]), str(sum(sum(v for k, v in t.items()
                                                                   if k.startswith("rejected:"))
                                                               for t in report["tally"].values())),
                 str(sum(int(r[4]) for r in rows)), str(sum(int(r[5]) for r in rows)),
                 str(sum(int(r[6]) for r in rows)), f"{sum(float(r[7]) for r in rows):.0f}"))
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows)]
    fmt = "  ".join("{:<%d}" % w for w in widths)
    out = [fmt.format(*head), fmt.format(*("-" * w for w in widths))]
    out += [fmt.format(*r) for r in rows]
    return "\n".join(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--inputs", type=int, default=100_000, help="inputs in all (default 100000)")
    ap.add_argument("--only", nargs="*", choices=sorted(TARGETS), help="targets to run (default: all)")
    ap.add_argument("--ci", action="store_true",
                    help="run each target as many times as the CI suite does (CI_EXAMPLES), to time it")
    ap.add_argument("--seed", type=int, default=0, help="hypothesis seed (default 0)")
    ap.add_argument("--hang", type=float, default=30.0, help="seconds after which an input is a hang")
    ap.add_argument("--show", type=int, default=1500, help="characters of each fault example to print")
    args = ap.parse_args(argv)
    names = args.only or list(TARGETS)
    share = -(-args.inputs // len(names))
    report = {"tally": collections.OrderedDict(), "faults": {}, "errors": {}}
    signal.signal(signal.SIGALRM, _alarm)
    t0 = time.perf_counter()
    for k, name in enumerate(names):
        report["tally"][name] = collections.Counter()
        run_target(TARGETS[name], CI_EXAMPLES[name] if args.ci else share, args.seed + k, args.hang, report)
        t = report["tally"][name]
        print(f"[{time.perf_counter() - t0:7.0f} s] {name}: {t['inputs']} inputs, {t['faults']} faults",
              file=sys.stderr, flush=True)
    print(table(report))
    print(f"\n{len(report['faults'])} distinct faults (target, kind), "
          f"{sum(v[0] for v in report['faults'].values())} faulty inputs; "
          f"{sum(v[0] for v in report['errors'].values())} harness errors; "
          f"{time.perf_counter() - t0:.0f} s")
    for (name, kind), (count, detail) in sorted(report["faults"].items()):
        print(f"\nFAULT [{name}] {kind}  x{count}\n    {detail[:args.show]}")
    for (name, kind), (count, detail) in sorted(report["errors"].items()):
        print(f"\nHARNESS ERROR [{name}] {kind}  x{count}\n{detail}")
    return 1 if report["faults"] or report["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
