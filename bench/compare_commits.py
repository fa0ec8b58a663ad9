#!/usr/bin/env python
"""Compare the speed of two versions (git refs) of dlxnumba, interleaved in one run.

    python bench/compare_commits.py OLD NEW [--rounds K] [--cold-rounds C] [--json out.json]

OLD and NEW are git refs of this repository; either may be the literal ``WORKTREE``,
the current (uncommitted) work tree itself. A ref is exported with ``git archive``
into a fresh directory under /tmp (nothing in the repository is changed). Each version
runs in child processes of the venv's Python with ``PYTHONPATH`` set to its directory
(checked in the child: ``dlxnumba.__file__`` must be under it, or the run aborts),
with its own ``NUMBA_CACHE_DIR`` and ``PYTHONPYCACHEPREFIX`` under /tmp, so the two
never share compiled code. Both caches are filled once before anything is timed.

The machine drifts in speed over seconds, so the versions are interleaved finely:
each round starts one worker process per version, and the parent hands the workers
the same measurement in turn (batch easy50 to OLD, then to NEW, then batch top95 to
OLD, ...). The order within a pair alternates between rounds (OLD first in even rounds,
NEW first in odd ones; ``--order alternate`` keeps OLD first). Measurements:

* ``batch``:  ``solve_many(arr, threads=1)`` on easy50, top95 and hardest (puzzles/s,
  best repetition within the round; a repetition is enough calls for ~50 ms, repeated
  for ``--set-seconds``);
* ``single``: ``Sudoku(text).solve()`` for every line of the same sets (puzzles/s);
* ``engine``: ``queens(14)``, ``pentominoes(6, 10)`` and ``langford(12)`` full ``count()``
  (DLX updates/s, ``stats.updates`` over the wall time of the call), and the colored
  search (DLX2) on bench/test_colors.py's de Bruijn problem for windows of 6 bits of
  weight 2..4; ``engine:cells-``: the dancing cells (SSXC1 on ``queens(14)``, the
  pentominoes and Langford pairs, SSXCC on the same de Bruijn problem, SSMCC on the
  queendom; their updates/s); ``engine:knuth-``: the dancing cells on each DLX file
  that bench/cells_vs_knuth.py made with Knuth's generators, when it has run here
  (``$DLXNUMBA_BENCH_CACHE/knuth/dlx``; the two versions must agree on the count);
* ``scale``: ``solve()`` of 100,000 one-item options (item ``i`` alone in option ``i``),
  with ``stop_at=1`` and ``stop_at=0`` (seconds per call: a search 100,000 levels deep
  whose cost per node should not grow with the number of items);
* ``warm start``: a fresh process, the version's filled cache, until the first solution
  of ``Sudoku(<top95 #1>).solve()`` (and of ``ExactCover.from_options(...).solve()``);
* ``cold start``: the same with a new, empty ``NUMBA_CACHE_DIR`` each time (everything
  compiled), for the first ``--cold-rounds`` rounds only.

Start times are taken from just before the parent spawns the child (``spawn``) or from
just before ``import dlxnumba`` in the child (``import``) to the first solution. Every
answer is verified in the child (``is_solution``; known counts), outside the timing.
A failure (a missing function, a wrong answer, a crash) is reported for that metric and
version; the rest of the run goes on.

The output is one table per group: OLD and NEW best and median over the rounds, the
ratios NEW/OLD of the medians and of the bests, and the median of the per-round ratios
(both versions of a round ran seconds apart, so this one is the least noisy).
Standard library only in the parent.

Memory layout is drawn anew for every worker.  Without that, two fresh processes of
one version place their arrays at the same offsets within a page (the allocator's
history is the same each time; address randomization moves whole pages only), so a
version whose links happen to alias in the caches reads a few percent slower in every
round, however many rounds are run: a bias of the layout, not of the code.  Each
worker therefore allocates a block of random size before it imports dlxnumba (shifting
the heap) and gets an environment variable of random length (shifting the stack), and
the layout becomes noise that the rounds average out.  ``--fixed-layout`` turns this
off (to reproduce one layout).

Where the compiled code lands matters as much.  A kernel's machine code is placed
after the functions its module compiles before it, so a change of a few instructions
in a wrapper that runs once per call moves the hot loop across a cache line and its
speed by several percent, the same way in every round (measured: a two-instruction
guard in ``search_spacers``, with ``_search``'s code unchanged, read 1.034 on
pentominoes, 7 rounds).  ``--align-code`` compiles both versions with every function
and loop aligned to 64 bytes (LLVM's ``-align-all-functions=6 -align-loops=64``, set
in the workers only), so that what is compared is the code, not where it landed; the
same guard then read 1.014, within the noise.  Use it to judge a change of code;
leave it off to measure what users get.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import os
import platform
import random
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
#: set (to a string of random length) in the environment of a worker that draws its own layout
LAYOUT_VAR = "DLXNUMBA_COMPARE_LAYOUT"
#: set in the environment of the workers of ``--align-code``, which pass LLVM ALIGN_OPTIONS
ALIGN_VAR = "DLXNUMBA_COMPARE_ALIGN"
ALIGN_OPTIONS = ("-align-all-functions=6", "-align-loops=64")
DEFAULT_PYTHON = REPO / ".venv" / "bin" / "python"
WORKTREE = "WORKTREE"

SETS = ("easy50", "top95", "hardest")
QUEENS_N, QUEENS_COUNT = 14, 365_596  # OEIS A000170; a full count takes ~0.6 s here
PENTO_H, PENTO_W, PENTO_COUNT = 6, 10, 9_356  # 2339 tilings x 4 symmetries (no symmetry breaking)
LANGFORD_N, LANGFORD_COUNT = 12, 216_288  # 108,144 Langford pairings x 2 (no symmetry breaking)
DEBRUIJN, DEBRUIJN_COUNT = (6, 2, 4), 60_928  # as in bench/cells_vs_links.py (DLX2 and SSXCC agree)
COST_QUEENS_N, COST_K = 16, 3  # bench/test_costs.py's queens with seeded random costs 1..9: DLX5, best(3)
QUEENDOM, QUEENDOM_COUNT = (7, 5), 56_188  # bench/test_colors.py's queendom(7, 5): DLX3, ~1.5 s
ONE_ITEM_N = 100_000  # the "scale" problem: option i is {item i}
GRADE_SETS = ("top95",)  # grade_many(threads=1) of these sets
GEN_COUNT, GEN_SEED = 20, 12345  # generate_many(GEN_COUNT, seed=GEN_SEED, threads=1)
EC_OPTIONS = [["a", "b"], ["b"], ["a"]]
#: The DLX files bench/cells_vs_knuth.py made with Knuth's generators (when it has run here): an
#: ``engine:knuth-NAME`` row each, the dancing cells' count (the versions must agree on it).
KNUTH_FILES = sorted((Path(os.environ.get("DLXNUMBA_BENCH_CACHE") or Path.home() / ".cache" / "dlxnumba-bench")
                      / "knuth" / "dlx").glob("*.dlx"))

# (key, group, label, unit, better)
METRICS = (
    [(f"batch:{s}", "batch", f"solve_many(threads=1) {s}", "puzzles/s", "higher") for s in SETS]
    + [(f"single:{s}", "single", f"Sudoku(text).solve() {s}", "puzzles/s", "higher") for s in SETS]
    + [(f"engine:queens{QUEENS_N}", "engine", f"queens({QUEENS_N}).count()", "updates/s", "higher"),
       (f"engine:pentominoes{PENTO_H}x{PENTO_W}", "engine", f"pentominoes({PENTO_H}, {PENTO_W}).count()",
        "updates/s", "higher"),
       (f"engine:langford{LANGFORD_N}", "engine", f"langford({LANGFORD_N}).count()", "updates/s", "higher"),
       ("engine:debruijn{}_{}_{}".format(*DEBRUIJN), "engine",
        "de Bruijn n={}, weights {}..{} (colors) count()".format(*DEBRUIJN), "updates/s", "higher"),
       ("engine:queendom{}_{}".format(*QUEENDOM), "engine",
        "queendom({}, {}) (multiplicities) count()".format(*QUEENDOM), "updates/s", "higher"),
       (f"engine:costs-queens{COST_QUEENS_N}", "engine",
        f"queens({COST_QUEENS_N}) with random costs (DLX5) best({COST_K})", "updates/s", "higher"),
       (f"engine:cells-queens{QUEENS_N}", "engine", f"queens({QUEENS_N}).count(algorithm=\"cells\")", "updates/s",
        "higher"),
       (f"engine:cells-pentominoes{PENTO_H}x{PENTO_W}", "engine",
        f"pentominoes({PENTO_H}, {PENTO_W}).count(algorithm=\"cells\")", "updates/s", "higher"),
       (f"engine:cells-langford{LANGFORD_N}", "engine", f"langford({LANGFORD_N}).count(algorithm=\"cells\")",
        "updates/s", "higher"),
       ("engine:cells-debruijn{}_{}_{}".format(*DEBRUIJN), "engine",
        "de Bruijn n={}, weights {}..{} (colors) count(algorithm=\"cells\")".format(*DEBRUIJN), "updates/s",
        "higher"),
       ("engine:cells-queendom{}_{}".format(*QUEENDOM), "engine",
        "queendom({}, {}) (multiplicities) count(algorithm=\"cells\")".format(*QUEENDOM), "updates/s", "higher")]
    + [(f"engine:knuth-{f.stem}", "engine", f"{f.name} (Knuth's file) count(algorithm=\"cells\")", "updates/s",
        "higher") for f in KNUTH_FILES]
    + [(f"grade:{s}", "grade", f"grade_many(threads=1) {s}", "puzzles/s", "higher") for s in GRADE_SETS]
    + [(f"generate:seed{GEN_SEED}x{GEN_COUNT}", "generate",
        f"generate_many({GEN_COUNT}, seed={GEN_SEED}, threads=1)", "puzzles/s", "higher")]
    + [(f"scale:one_item:stop_at={k}", "scale", f"{ONE_ITEM_N:,} one-item options, solve(stop_at={k})", "s",
        "lower") for k in (1, 0)]
    + [(f"{temp}:{kind}:{frm}", temp, f"{kind}, {frm} to first solution", "s", "lower")
       for temp in ("warm", "cold") for kind in ("sudoku", "exact_cover") for frm in ("spawn", "import")]
)
METRIC = {m[0]: m for m in METRICS}
GROUPS = {
    "batch": "Sudoku batch, one thread (puzzles/s, higher is better)",
    "single": "Sudoku per call (puzzles/s, higher is better)",
    "engine": "Engine: DLX updates per second (higher is better)",
    "grade": "Sudoku grading, one thread (puzzles/s, higher is better)",
    "generate": "Sudoku generating, one thread (puzzles/s, higher is better)",
    "scale": "Scale: one deep search on many items (seconds per call, lower is better)",
    "warm": "Warm start: fresh process, filled numba cache (seconds, lower is better)",
    "cold": "Cold start: fresh process, empty numba cache (seconds, lower is better)",
}

# The worker's tasks, in the order each round runs them: (metric key, request)
TASKS = ([(f"batch:{s}", {"task": "batch", "set": s}) for s in SETS]
         + [(f"single:{s}", {"task": "single", "set": s}) for s in SETS]
         + [(f"engine:queens{QUEENS_N}", {"task": "queens", "n": QUEENS_N, "expect": QUEENS_COUNT, "reps": 2}),
            (f"engine:pentominoes{PENTO_H}x{PENTO_W}",
             {"task": "pentominoes", "h": PENTO_H, "w": PENTO_W, "expect": PENTO_COUNT, "reps": 1}),
            (f"engine:langford{LANGFORD_N}", {"task": "langford", "n": LANGFORD_N, "expect": LANGFORD_COUNT,
                                              "reps": 1}),
            ("engine:debruijn{}_{}_{}".format(*DEBRUIJN),
             {"task": "debruijn", "args": DEBRUIJN, "expect": DEBRUIJN_COUNT, "reps": 1}),
            ("engine:queendom{}_{}".format(*QUEENDOM),
             {"task": "queendom", "args": QUEENDOM, "expect": QUEENDOM_COUNT, "reps": 1}),
            (f"engine:costs-queens{COST_QUEENS_N}", {"task": "costs", "n": COST_QUEENS_N, "k": COST_K, "reps": 1}),
            (f"engine:cells-queens{QUEENS_N}", {"task": "queens", "n": QUEENS_N, "expect": QUEENS_COUNT, "reps": 1,
                                                "algorithm": "cells"}),
            (f"engine:cells-pentominoes{PENTO_H}x{PENTO_W}",
             {"task": "pentominoes", "h": PENTO_H, "w": PENTO_W, "expect": PENTO_COUNT, "reps": 1,
              "algorithm": "cells"}),
            (f"engine:cells-langford{LANGFORD_N}", {"task": "langford", "n": LANGFORD_N, "expect": LANGFORD_COUNT,
                                                    "reps": 1, "algorithm": "cells"}),
            ("engine:cells-debruijn{}_{}_{}".format(*DEBRUIJN),
             {"task": "debruijn", "args": DEBRUIJN, "expect": DEBRUIJN_COUNT, "reps": 1, "algorithm": "cells"}),
            ("engine:cells-queendom{}_{}".format(*QUEENDOM),
             {"task": "queendom", "args": QUEENDOM, "expect": QUEENDOM_COUNT, "reps": 1, "algorithm": "cells"})]
         + [(f"engine:knuth-{f.stem}", {"task": "dlx_file", "path": str(f), "reps": 1, "algorithm": "cells"})
            for f in KNUTH_FILES]
         + [(f"grade:{s}", {"task": "grade", "set": s}) for s in GRADE_SETS]
         + [(f"generate:seed{GEN_SEED}x{GEN_COUNT}", {"task": "generate", "count": GEN_COUNT, "seed": GEN_SEED})]
         + [(f"scale:one_item:stop_at={k}", {"task": "one_item", "n": ONE_ITEM_N, "stop_at": k}) for k in (1, 0)])

# A fresh process to the first solution; PUZZLE and OPTIONS are filled in.
START_CODE = {
    "sudoku": """\
import time
t_in = time.clock_gettime(time.CLOCK_MONOTONIC)
import dlxnumba
s = dlxnumba.Sudoku(PUZZLE)
sol = s.solve()
t1 = time.clock_gettime(time.CLOCK_MONOTONIC)
ok = sol is not None and bool(dlxnumba.is_solution(sol, PUZZLE))
""",
    "exact_cover": """\
import time
t_in = time.clock_gettime(time.CLOCK_MONOTONIC)
import dlxnumba
p = dlxnumba.ExactCover.from_options(OPTIONS)
sol = p.solve()
t1 = time.clock_gettime(time.CLOCK_MONOTONIC)
ok = sol is not None and sorted(x for j in sol for x in OPTIONS[j]) == sorted({x for o in OPTIONS for x in o})
""",
}
START_TAIL = """\
import json, os
t0 = float(os.environ["DLXCMP_SPAWN_T0"])
print(json.dumps({"spawn": t1 - t0, "import": t1 - t_in, "ok": ok, "file": os.path.realpath(dlxnumba.__file__)}))
"""


class Abort(SystemExit):
    """The comparison is meaningless (e.g. the wrong dlxnumba was imported)."""


def clock() -> float:
    return time.clock_gettime(time.CLOCK_MONOTONIC)  # system-wide on Linux: comparable across processes


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def under(path: str, directory: Path) -> bool:
    return os.path.realpath(path).startswith(os.path.realpath(directory) + os.sep)


# ---------------------------------------------------------------------------
# The worker (a child process: ``compare_commits.py --worker DIR PUZZLES SECONDS``)
# ---------------------------------------------------------------------------


def _timed_rate(fn, units: int, budget: float, rep_seconds: float = 0.05, min_reps: int = 3) -> dict:
    """Units per second of ``fn`` (already warm): the best repetition of m calls."""
    a = clock()
    fn()
    one = max(clock() - a, 1e-9)
    m = max(1, round(rep_seconds / one))
    times = []
    start = clock()
    while len(times) < min_reps or (clock() - start < budget and len(times) < 10_000):
        a = clock()
        for _ in range(m):
            fn()
        times.append((clock() - a) / m)
    return {"value": units / min(times), "within_round_median": units / statistics.median(times),
            "repetitions": len(times), "calls_per_repetition": m}


def worker_main(argv: list[str]) -> int:
    src, puzzles_dir, budget = Path(argv[0]), Path(argv[1]), float(argv[2])
    # a heap shifted by a random amount: this worker's arrays land at offsets of their own
    # (see "Memory layout" in the module's docstring); kept alive while the worker runs
    shift = bytearray(random.randrange(1024, 1024 + 4096, 16)) if os.environ.get(LAYOUT_VAR) else None
    if os.environ.get(ALIGN_VAR):  # before numba compiles or loads anything (see --align-code)
        import llvmlite.binding as llvm
        for option in ALIGN_OPTIONS:
            llvm.set_option("", option)
    proto = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)  # anything the package prints goes to stderr, not into the protocol
    if sys.path and sys.path[0] == str(Path(__file__).resolve().parent):
        sys.path.pop(0)

    def send(obj) -> None:
        proto.write(json.dumps(obj) + "\n")
        proto.flush()

    try:
        t = clock()
        import dlxnumba as dlx
        file = os.path.realpath(dlx.__file__)
        send({"ready": True, "file": file, "under": under(file, src), "import_seconds": clock() - t,
              "heap_shift": len(shift) if shift is not None else 0,
              "version": getattr(dlx, "__version__", None)})
    except BaseException:
        send({"ready": False, "error": traceback.format_exc(limit=4)})
        return 1

    arrays, lines = {}, {}

    def array(name):
        if name not in arrays:
            arrays[name] = dlx.read_puzzles(str(puzzles_dir / f"{name}.txt"))
        return arrays[name]

    def text_lines(name):
        if name not in lines:
            text = (puzzles_dir / f"{name}.txt").read_text()
            lines[name] = [ln.strip() for ln in text.splitlines()
                           if ln.strip() and not ln.lstrip().startswith("#")]
        return lines[name]

    def batch(req, budget=budget, quick=False):
        arr = array(req["set"])
        sols, _status = dlx.solve_many(arr, threads=1)[:2]
        if len(sols) != len(arr):
            raise AssertionError(f"{len(sols)} answers for {len(arr)} puzzles")
        bad = [k for k in range(len(arr)) if not dlx.is_solution(sols[k], arr[k])]
        if bad:
            raise AssertionError(f"wrong or missing solutions for puzzles {bad[:10]}")
        if quick:
            return {"value": None}
        return _timed_rate(lambda: dlx.solve_many(arr, threads=1), len(arr), budget)

    def single(req, budget=budget, quick=False):
        texts = text_lines(req["set"])
        bad = []
        for k, t in enumerate(texts):
            sol = dlx.Sudoku(t).solve()
            if sol is None or not dlx.is_solution(sol, t):
                bad.append(k)
        if bad:
            raise AssertionError(f"wrong or missing solutions for puzzles {bad[:10]}")
        if quick:
            return {"value": None}
        Sudoku = dlx.Sudoku

        def one_pass():
            for t in texts:
                Sudoku(t).solve()
        return _timed_rate(one_pass, len(texts), budget)

    def grade(req, budget=budget, quick=False):
        arr = array(req["set"])
        first = dlx.grade_many(arr, threads=1)
        if len(first.score) != len(arr):
            raise AssertionError(f"{len(first.score)} grades for {len(arr)} puzzles")
        if quick:
            return {"value": None}
        return _timed_rate(lambda: dlx.grade_many(arr, threads=1), len(arr), budget)

    def generate(req, budget=budget, quick=False):
        n, seed = (2 if quick else req["count"]), req["seed"]
        made = dlx.generate_many(n, seed=seed, threads=1)
        bad = [k for k, g in enumerate(made) if dlx.Sudoku(g).count(limit=2) != 1]
        if len(made) != n or bad:
            raise AssertionError(f"{len(made)} puzzles for {n}; not unique: {bad[:10]}")
        if quick:
            return {"value": None}
        return _timed_rate(lambda: dlx.generate_many(n, seed=seed, threads=1), n, budget)

    def count_rate(p, expect, reps, algorithm="links"):
        best, runs = None, []
        for _ in range(reps):
            a = clock()
            c = p.count(algorithm=algorithm)
            dt = clock() - a
            if expect is not None and c != expect:
                raise AssertionError(f"count() gave {c}, expected {expect}")
            st = dlx.last_stats() if hasattr(dlx, "last_stats") else p.stats  # p.stats: before 0.1
            u = int(st.updates)
            runs.append({"seconds": dt, "updates": u, "nodes": int(getattr(st, "nodes", -1))})
            best = max(best or 0.0, u / dt)
        return {"value": best, "count": c, "updates": runs[-1]["updates"], "nodes": runs[-1]["nodes"],
                "runs": runs}

    def queens(req, quick=False):
        q, _ = dlx.queens(8)
        if q.count(algorithm=req.get("algorithm", "links")) != 92:  # loads the counting code
            raise AssertionError("queens(8).count() is not 92")
        if quick:
            return {"value": None}
        p, _key = dlx.queens(req["n"])
        return count_rate(p, req["expect"], req["reps"], req.get("algorithm", "links"))

    def count_task(p, req, quick, missing):
        """A first solution (it loads the counting code), then full counts timed."""
        algorithm = req.get("algorithm", "links")
        if p.count(limit=1, algorithm=algorithm) != 1:
            raise AssertionError(missing)
        if quick:
            return {"value": None}
        return count_rate(p, req["expect"], req["reps"], algorithm)

    def bench_module(name):
        """A module of bench/ (test_colors.py builds the colored and bounded
        problems, test_costs.py the random costs)."""
        import importlib

        sys.path.insert(0, str(Path(__file__).resolve().parent))
        try:
            return importlib.import_module(name)
        finally:
            sys.path.pop(0)

    def pentominoes(req, quick=False):
        return count_task(dlx.pentominoes(req["h"], req["w"])[0], req, quick, "no tiling found")

    def langford(req, quick=False):
        return count_task(dlx.langford(req["n"])[0], req, quick, "no Langford pairing found")

    def debruijn(req, quick=False):
        p = bench_module("test_colors").de_bruijn(*req["args"])
        return count_task(p, req, quick, "no de Bruijn cycle found")

    def dlx_file(req, quick=False):
        """A DLX file (one of Knuth's generators'), counted in full; the versions must agree."""
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            p = dlx.ExactCover.from_dlx(Path(req["path"]).read_text())
        p.count(limit=1, algorithm=req.get("algorithm", "links"))
        if quick:
            return {"value": None}
        return count_rate(p, None, req["reps"], req.get("algorithm", "links"))

    def queendom(req, quick=False):
        return count_task(bench_module("test_colors").queendom(*req["args"]), req, quick, "no queendom found")

    def costs(req, quick=False):
        """DLX5: the k cheapest covers of n queens with bench/test_costs.py's seeded
        random costs; the costs found are returned, for the versions to agree on."""
        p, _ = dlx.queens(8 if quick else req["n"])
        p = p.with_costs(bench_module("test_costs").random_costs(p, 9))
        best, runs = None, []
        for _ in range(req["reps"]):
            a = clock()
            b = p.best(req["k"])
            dt = clock() - a
            u = int(dlx.last_stats().updates) if hasattr(dlx, "last_stats") else int(p.stats.updates)
            runs.append({"seconds": dt, "updates": u})
            best = max(best or 0.0, u / dt)
        if len(b.costs) != req["k"]:
            raise AssertionError(f"best({req['k']}) found {len(b.costs)} covers")
        return {"value": None if quick else best, "costs": [int(c) for c in b.costs], "updates": runs[-1]["updates"],
                "runs": runs}

    def one_item(req, quick=False):
        import numpy as np

        n = 1000 if quick else req["n"]
        p = dlx.ExactCover(n, list(range(n)), np.arange(n + 1, dtype=np.int64), np.arange(n, dtype=np.int32))
        a = clock()
        sol = p.solve(stop_at=req.get("stop_at", 1))
        dt = clock() - a
        st = dlx.last_stats() if hasattr(dlx, "last_stats") else p.stats  # p.stats: before 0.1
        if sol != list(range(n)) or st.nodes != n + 1:
            raise AssertionError(f"one-item options: wrong solution or {st.nodes} nodes")
        return {"value": None if quick else dt, "nodes": int(st.nodes), "updates": int(st.updates)}

    def warmup(req):
        """Every code path once, answers checked, nothing timed: fills the numba cache."""
        out = {}
        for key, r in TASKS:
            try:
                HANDLERS[r["task"]](r, quick=True)
                out[key] = None
            except Exception:
                out[key] = traceback.format_exc(limit=3)
        try:
            p = dlx.ExactCover.from_options(EC_OPTIONS)
            p.solve()
            out["exact_cover"] = None
        except Exception:
            out["exact_cover"] = traceback.format_exc(limit=3)
        return {"value": None, "errors": out}

    HANDLERS = {"batch": batch, "single": single, "queens": queens, "pentominoes": pentominoes,
                "langford": langford, "debruijn": debruijn, "queendom": queendom, "one_item": one_item, "costs": costs,
                "dlx_file": dlx_file,
                "grade": grade, "generate": generate, "warmup": warmup}

    for line in sys.stdin:
        req = json.loads(line)
        if req.get("task") == "quit":
            break
        try:
            res = HANDLERS[req["task"]](req)
            res["ok"] = True
        except Exception as e:
            res = {"ok": False, "error": f"{type(e).__name__}: {e}", "traceback": traceback.format_exc(limit=4)}
        send(res)
    return 0


# ---------------------------------------------------------------------------
# The parent
# ---------------------------------------------------------------------------


class Version:
    def __init__(self, label: str, ref: str, root: Path):
        self.label, self.ref = label, ref
        self.dir = root / label.lower()
        self.cache = self.dir / "numba-cache"
        self.pycache = self.dir / "pycache"
        self.broken: str | None = None  # why it cannot be measured at all
        self.info: dict = {"ref": ref}
        if ref == WORKTREE:
            self.src = REPO
            head = git("rev-parse", "HEAD")
            dirty = bool(git("status", "--porcelain", "--untracked-files=no", "--", "dlxnumba"))
            self.info.update(commit=head, source=str(REPO), dirty=dirty,
                             describe=f"work tree on {head[:10]}" + (" + uncommitted changes" if dirty else ""))
        else:
            try:
                commit = git("rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}")
            except SystemExit:
                raise SystemExit(f"{label}: {ref!r} is not a commit of {REPO} (or use {WORKTREE})") from None
            self.src = self.dir / "src"
            self.src.mkdir(parents=True)
            archive = subprocess.Popen(["git", "-C", str(REPO), "archive", "--format=tar", commit],
                                       stdout=subprocess.PIPE)
            untar = subprocess.run(["tar", "-x", "-C", str(self.src)], stdin=archive.stdout)
            archive.stdout.close()
            if archive.wait() or untar.returncode:
                raise SystemExit(f"git archive {ref} failed")
            self.info.update(commit=commit, source=str(self.src), describe=f"{ref} = {commit[:10]}")
        self.cache.mkdir(parents=True, exist_ok=True)
        self.pycache.mkdir(parents=True, exist_ok=True)
        if not (self.src / "dlxnumba" / "__init__.py").is_file():
            self.broken = f"{ref} has no dlxnumba/__init__.py"

    def env(self, cache: Path | None = None) -> dict:
        env = dict(os.environ)
        env["PYTHONPATH"] = str(self.src)
        env["NUMBA_CACHE_DIR"] = str(cache or self.cache)
        env["PYTHONPYCACHEPREFIX"] = str(self.pycache)
        env.pop("NUMBA_DISABLE_JIT", None)
        return env


def git(*args: str) -> str:
    cp = subprocess.run(["git", "-C", str(REPO), *args], capture_output=True, text=True)
    if cp.returncode:
        raise SystemExit(f"git {' '.join(args)}: {cp.stderr.strip() or 'failed'}")
    return cp.stdout.strip()


def tree_fingerprint() -> str:
    h = hashlib.sha1()
    for p in sorted((REPO / "dlxnumba").rglob("*.py")):
        st = p.stat()
        h.update(f"{p}:{st.st_mtime_ns}:{st.st_size}\n".encode())
    return h.hexdigest()


class Worker:
    """One long-lived child process measuring one version, task by task."""

    def __init__(self, version: Version, args, root: Path):
        self.version = version
        self.stderr_path = Path(tempfile.mkstemp(prefix=f"{version.label.lower()}-worker-", suffix=".log",
                                                 dir=root)[1])
        self.err = open(self.stderr_path, "w")
        self.proc = subprocess.Popen(
            [str(args.python), str(Path(__file__).resolve()), "--worker", str(version.src), str(args.puzzles),
             str(args.set_seconds)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.err, text=True, bufsize=1,
            env=self.env(version, args), cwd=str(root))
        self.ready: dict | None = None

    @staticmethod
    def env(version: Version, args) -> dict:
        """The version's environment, with a random layout unless ``--fixed-layout``: a
        variable of random length (it shifts the stack; the worker shifts its heap)."""
        env = version.env()
        if not args.fixed_layout:
            env[LAYOUT_VAR] = "x" * random.randrange(1, 4096)
        if args.align_code:
            env[ALIGN_VAR] = "1"
        return env

    def _read(self, timeout: float) -> dict:
        deadline = clock() + timeout
        while True:
            left = deadline - clock()
            if left <= 0:
                self.kill()
                raise TimeoutError(f"no answer within {timeout:.0f} s (worker killed)")
            r, _, _ = select.select([self.proc.stdout], [], [], left)
            if r:
                line = self.proc.stdout.readline()
                if not line:
                    self.proc.wait()
                    raise RuntimeError(f"worker died (exit {self.proc.returncode}): {self.stderr_tail()}")
                return json.loads(line)

    def wait_ready(self, timeout: float) -> dict:
        self.ready = self._read(timeout)
        if not self.ready.get("ready"):
            raise RuntimeError("import failed: " + self.ready.get("error", "").strip().splitlines()[-1])
        if not self.ready.get("under"):
            raise Abort(f"{self.version.label}: the child imported dlxnumba from {self.ready.get('file')}, "
                        f"not from {self.version.src}; aborting (PYTHONPATH not honoured?)")
        return self.ready

    def send(self, req: dict) -> None:
        if self.proc.poll() is not None:
            raise RuntimeError(f"worker is not running: {self.stderr_tail()}")
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()

    def call(self, req: dict, timeout: float) -> dict:
        self.send(req)
        return self._read(timeout)

    def stderr_tail(self) -> str:
        try:
            lines = self.stderr_path.read_text().strip().splitlines()
        except OSError:
            return ""
        return lines[-1] if lines else ""

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                self.proc.stdin.write('{"task": "quit"}\n')
                self.proc.stdin.flush()
                self.proc.wait(timeout=30)
            except (OSError, subprocess.TimeoutExpired):
                self.kill()
        self.err.close()


def start_child(version: Version, kind: str, args, root: Path, cache: Path | None) -> dict:
    """A fresh process until the first solution of ``kind``; returns spawn/import seconds."""
    code = (START_CODE[kind].replace("PUZZLE", repr(args.cold_puzzle)).replace("OPTIONS", repr(EC_OPTIONS))
            + START_TAIL)
    env = version.env(cache)
    env["DLXCMP_SPAWN_T0"] = repr(clock())
    try:
        cp = subprocess.run([str(args.python), "-c", code], capture_output=True, text=True, env=env,
                            cwd=str(root), timeout=args.task_timeout)
    except subprocess.TimeoutExpired:
        return {"ok": False, "error": f"no first solution within {args.task_timeout:.0f} s"}
    wall = clock() - float(env["DLXCMP_SPAWN_T0"])
    if cp.returncode:
        tail = cp.stderr.strip().splitlines()
        return {"ok": False, "error": f"exit {cp.returncode}: {tail[-1] if tail else ''}"}
    out = json.loads(cp.stdout.strip().splitlines()[-1])
    if not under(out["file"], version.src):
        raise Abort(f"{version.label}: the start-up child imported dlxnumba from {out['file']}, "
                    f"not from {version.src}; aborting")
    if not out["ok"]:
        return {"ok": False, "error": "wrong first solution"}
    return {"ok": True, "spawn": out["spawn"], "import": out["import"], "process_wall": wall}


def summarize(results: dict, versions: list[Version]) -> dict:
    summary = {}
    for key, _group, _label, _unit, better in METRICS:
        pick = max if better == "higher" else min
        s = {}
        for v in versions:
            vals = [r["value"] for r in results[v.label][key] if r and r.get("ok")]
            errs = [r["error"] for r in results[v.label][key] if r and not r.get("ok")]
            s[v.label] = {"best": pick(vals) if vals else None, "median": statistics.median(vals) if vals else None,
                          "n": len(vals), "errors": errs}
        o, n = s["OLD"], s["NEW"]
        ratio = lambda a, b: (a / b) if (a is not None and b) else None  # noqa: E731
        paired = [rn["value"] / ro["value"]
                  for ro, rn in zip(results["OLD"][key], results["NEW"][key])
                  if ro and rn and ro.get("ok") and rn.get("ok") and ro["value"]]
        s["ratio_median"] = ratio(n["median"], o["median"])
        s["ratio_best"] = ratio(n["best"], o["best"])
        s["ratio_paired_median"] = statistics.median(paired) if paired else None
        s["better"] = better
        s["measured"] = any(r is not None for v in versions for r in results[v.label][key])
        summary[key] = s
    return summary


def fmt_value(x, unit: str) -> str:
    if x is None:
        return "—"
    if unit == "updates/s":
        return f"{x / 1e6:,.1f} M"
    if unit == "puzzles/s":
        return f"{x:,.0f}"
    return f"{x:.3f}"


def fmt_cell(s: dict, which: str, unit: str) -> str:
    if s["n"] == 0:
        return "error (see notes)" if s["errors"] else "—"
    txt = fmt_value(s[which], unit)
    if s["errors"]:
        txt += f" ({len(s['errors'])} failed)"
    return txt


def fmt_ratio(x) -> str:
    return "—" if x is None else f"{x:.3f}"


def report(summary: dict, versions: list[Version], rounds_run: dict) -> str:
    out = []
    old, new = versions
    out.append(f"OLD: {old.info['describe']}")
    out.append(f"NEW: {new.info['describe']}")
    for group, title in GROUPS.items():
        keys = [m for m in METRICS if m[1] == group and summary[m[0]]["measured"]]
        if not keys:
            continue
        out.append("")
        out.append(f"### {title}")
        out.append("")
        out.append("| metric | rounds | OLD best | OLD median | NEW best | NEW median "
                   "| NEW/OLD median | NEW/OLD best | NEW/OLD paired |")
        out.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        for key, _g, label, unit, better in keys:
            s = summary[key]
            o, n = s["OLD"], s["NEW"]
            out.append(f"| {label} | {rounds_run[group]} | {fmt_cell(o, 'best', unit)} | "
                       f"{fmt_cell(o, 'median', unit)} | {fmt_cell(n, 'best', unit)} | "
                       f"{fmt_cell(n, 'median', unit)} | {fmt_ratio(s['ratio_median'])} | "
                       f"{fmt_ratio(s['ratio_best'])} | {fmt_ratio(s['ratio_paired_median'])} |")
        better = "higher" if group in ("batch", "single", "engine", "grade", "generate") else "lower"
        out.append("")
        out.append(f"Ratios are NEW/OLD; {better} is better for NEW "
                   f"({'above' if better == 'higher' else 'below'} 1: NEW is faster). "
                   "'paired' is the median of the per-round ratios.")
    return "\n".join(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("old", help="git ref of the old version (or WORKTREE)")
    ap.add_argument("new", help="git ref of the new version, or WORKTREE for the current work tree")
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds of the hot measurements (5)")
    ap.add_argument("--cold-rounds", type=int, default=2,
                    help="rounds that also measure cold start, each a few seconds per version (2)")
    ap.add_argument("--set-seconds", type=float, default=0.6,
                    help="time spent per Sudoku set and mode within a round (0.6)")
    ap.add_argument("--order", choices=("abba", "alternate"), default="abba",
                    help="abba: the pair order flips every round (default); alternate: always OLD first")
    ap.add_argument("--json", type=Path, help="write every measurement and the summary here")
    ap.add_argument("--python", type=Path, default=DEFAULT_PYTHON, help=f"interpreter ({DEFAULT_PYTHON})")
    ap.add_argument("--task-timeout", type=float, default=300.0, help="seconds before a child is killed (300)")
    ap.add_argument("--fixed-layout", action="store_true",
                    help="do not draw a random memory layout for each worker (see the module's docstring)")
    ap.add_argument("--align-code", action="store_true",
                    help="compile both versions with every function and loop aligned to 64 bytes "
                         "(see the module's docstring)")
    ap.add_argument("--keep", action="store_true", help="keep the temporary directory (sources, caches, logs)")
    ap.add_argument("--only", metavar="PREFIXES",
                    help="measure only the metrics whose key starts with one of these comma-separated "
                         "prefixes (e.g. 'engine,batch:top95,scale'; 'warm' and 'cold' select the starts)")
    args = ap.parse_args(argv)
    if args.rounds < 1 or args.cold_rounds < 0:
        ap.error("--rounds must be at least 1 and --cold-rounds at least 0")
    args.cold_rounds = min(args.cold_rounds, args.rounds)
    prefixes = tuple(x.strip() for x in args.only.split(",") if x.strip()) if args.only else ("",)
    wanted = [key for key, _g, _l, _u, _b in METRICS if key.startswith(prefixes)]
    if not wanted:
        ap.error(f"--only {args.only!r} selects no metric; keys are: {', '.join(m[0] for m in METRICS)}")
    tasks = [(key, req) for key, req in TASKS if key in wanted]
    start_kinds = {temp: [kind for kind in ("sudoku", "exact_cover")
                          if any(k.startswith(f"{temp}:{kind}:") for k in wanted)] for temp in ("warm", "cold")}

    t_start = clock()
    root = Path(tempfile.mkdtemp(prefix="dlxnumba-compare-", dir="/tmp"))
    workers: list[Worker] = []
    fingerprint = tree_fingerprint() if WORKTREE in (args.old, args.new) else None
    try:
        versions = [Version("OLD", args.old, root), Version("NEW", args.new, root)]
        # the same puzzle files for both versions: the old tree's, else this checkout's
        args.puzzles = versions[0].src / "puzzles"
        if not all((args.puzzles / f"{s}.txt").is_file() for s in SETS):
            args.puzzles = REPO / "puzzles"
        args.cold_puzzle = next(ln.strip() for ln in (args.puzzles / "top95.txt").read_text().splitlines()
                                if ln.strip() and not ln.startswith("#"))
        for v in versions:
            log(f"{v.label}: {v.info['describe']} (in {v.src})")
        log(f"temporary directory {root}")

        results = {v.label: {m[0]: [None] * args.rounds for m in METRICS} for v in versions}
        warm_errors = {}

        # ---- fill each version's numba cache (both at once: nothing is timed)
        log("warming the numba caches (compiles everything once)...")
        t = clock()
        live = {}
        for v in versions:
            if v.broken:
                continue
            w = Worker(v, args, root)
            workers.append(w)
            live[v.label] = w
        for step in ("start", "finish"):  # both versions compile at the same time
            for v in versions:
                w = live.get(v.label)
                if w is None or v.broken:
                    continue
                try:
                    if step == "start":
                        ready = w.wait_ready(args.task_timeout)
                        v.info.update(file=ready["file"], version=ready.get("version"))
                        w.send({"task": "warmup"})
                        continue
                    res = w._read(args.task_timeout)
                    warm_errors[v.label] = {k: e for k, e in res.get("errors", {}).items() if e}
                    for k, e in warm_errors[v.label].items():
                        log(f"  {v.label} warm-up: {k} failed: {e.strip().splitlines()[-1]}")
                except Exception as e:  # noqa: BLE001 - reported, the other version goes on
                    v.broken = str(e)
                    log(f"  {v.label}: cannot be measured: {e}")
        for w in workers:
            w.close()
        workers.clear()
        for v in versions:  # the start-up path once, so the warm start really is warm
            if not v.broken:
                r = start_child(v, "sudoku", args, root, None)
                start_child(v, "exact_cover", args, root, None)
                if not r["ok"]:
                    log(f"  {v.label}: warm start child failed: {r['error']}")
        log(f"  done in {clock() - t:.0f} s")

        # ---- the interleaved rounds
        for rnd in range(args.rounds):
            t = clock()
            order = versions if (args.order == "alternate" or rnd % 2 == 0) else versions[::-1]
            live = {}
            for v in order:
                if v.broken:
                    for key, _ in tasks:
                        results[v.label][key][rnd] = {"ok": False, "error": v.broken}
                    continue
                live[v.label] = Worker(v, args, root)
                workers.append(live[v.label])
            for v in order:
                w = live.get(v.label)
                if w is None:
                    continue
                try:
                    w.wait_ready(args.task_timeout)
                except Abort:
                    raise
                except Exception as e:  # noqa: BLE001
                    w.kill()
                    live[v.label] = None
                    for key, _ in tasks:
                        results[v.label][key][rnd] = {"ok": False, "error": str(e)}
            for key, req in tasks:
                for v in order:
                    w = live.get(v.label)
                    if w is None:
                        if results[v.label][key][rnd] is None:
                            results[v.label][key][rnd] = {"ok": False, "error": "worker not running"}
                        continue
                    try:
                        res = w.call(req, args.task_timeout)
                    except Exception as e:  # noqa: BLE001
                        res = {"ok": False, "error": str(e)}
                        if w.proc.poll() is not None:
                            live[v.label] = None
                    results[v.label][key][rnd] = res
            for w in workers:
                w.close()
            workers.clear()

            starts = [("warm", kind) for kind in start_kinds["warm"]]
            if rnd < args.cold_rounds:
                starts += [("cold", kind) for kind in start_kinds["cold"]]
            for temp, kind in starts:
                for v in order:
                    if v.broken:
                        res = {"ok": False, "error": v.broken}
                    elif temp == "warm":
                        res = start_child(v, kind, args, root, None)
                    else:
                        cache = Path(tempfile.mkdtemp(prefix=f"{v.label.lower()}-cold-cache-", dir=root))
                        try:
                            res = start_child(v, kind, args, root, cache)
                        finally:
                            shutil.rmtree(cache, ignore_errors=True)
                    for frm in ("spawn", "import"):
                        key = f"{temp}:{kind}:{frm}"
                        results[v.label][key][rnd] = (
                            {"ok": True, "value": res[frm], "process_wall": res["process_wall"]}
                            if res["ok"] else res)

            # one progress line
            bits = []
            shown = [k for k in ("batch:top95", "single:top95", f"engine:queens{QUEENS_N}", "warm:sudoku:spawn")
                     if k in wanted] or wanted[:4]
            for key in shown:
                o, n = results["OLD"][key][rnd], results["NEW"][key][rnd]
                if o and n and o.get("ok") and n.get("ok"):
                    bits.append(f"{key} {n['value'] / o['value']:.3f}")
                else:
                    bits.append(f"{key} failed")
            log(f"round {rnd + 1}/{args.rounds} ({'OLD first' if order[0].label == 'OLD' else 'NEW first'}, "
                f"{clock() - t:.0f} s): NEW/OLD " + ", ".join(bits))

        rounds_run = {"batch": args.rounds, "single": args.rounds, "engine": args.rounds, "scale": args.rounds,
                      "grade": args.rounds, "generate": args.rounds,
                      "warm": args.rounds, "cold": args.cold_rounds}
        for key in list(METRIC):
            if key.startswith("cold:"):
                for v in versions:
                    results[v.label][key] = results[v.label][key][:args.cold_rounds]
        summary = summarize(results, versions)
        elapsed = clock() - t_start

        print(report(summary, versions, rounds_run))
        notes = []
        for key, _ in tasks:
            if not key.startswith("engine:"):
                continue
            # (the cost rows find covers, not a count: their costs stand in for it)
            seen = {v.label: {(r["count"] if "count" in r else tuple(r["costs"]), r["updates"])
                              for r in results[v.label][key] if r and r.get("ok")}
                    for v in versions}
            if seen["OLD"] and seen["NEW"] and seen["OLD"] != seen["NEW"]:
                notes.append(f"{key}: (count, updates) differ: OLD {sorted(seen['OLD'])}, NEW {sorted(seen['NEW'])}"
                             " -- updates/s then measures different work")
            elif seen["OLD"]:
                c, u = next(iter(seen["OLD"]))
                found = f"costs {list(c)}" if isinstance(c, tuple) else f"{c:,} solutions"
                notes.append(f"{key}: {found}, {u:,} updates per count"
                             + (" (the same in both versions)" if seen["NEW"] else ""))
        for v in versions:  # each distinct failure once, with the metrics it hit
            by_msg: dict[str, list[str]] = {}
            for key, _g, _l, _u, _b in METRICS:
                for r in results[v.label][key]:
                    if r and not r.get("ok"):
                        msg = (r.get("error") or "failed").strip().splitlines()[-1][:300]
                        if key not in by_msg.setdefault(msg, []):
                            by_msg[msg].append(key)
            for msg, keys in by_msg.items():
                notes.append(f"{v.label} failed: {msg} -- in {', '.join(keys)}")
        if fingerprint is not None and tree_fingerprint() != fingerprint:
            notes.append("WARNING: files under dlxnumba/ in the work tree changed during the run; "
                         "the WORKTREE numbers may mix versions")
        print()
        for n in notes:
            print(f"* {n}")
        print(f"* {args.rounds} rounds ({args.cold_rounds} with cold start), order {args.order}, "
              f"{args.set_seconds} s per set and mode; total run time {elapsed:.0f} s")

        if args.json:
            dump = {
                "created": datetime.datetime.now(datetime.timezone.utc).isoformat(),
                "argv": sys.argv, "elapsed_seconds": elapsed,
                "config": {"rounds": args.rounds, "cold_rounds": args.cold_rounds, "order": args.order,
                           "set_seconds": args.set_seconds, "python": str(args.python),
                           "puzzles": str(args.puzzles), "cold_puzzle": args.cold_puzzle},
                "machine": {"platform": platform.platform(), "cpus": os.cpu_count(),
                            "python": platform.python_version()},
                "versions": {v.label: {**v.info, "broken": v.broken} for v in versions},
                "metrics": {m[0]: {"group": m[1], "label": m[2], "unit": m[3], "better": m[4]} for m in METRICS},
                "rounds": results, "summary": summary, "warmup_errors": warm_errors, "notes": notes,
            }
            args.json.write_text(json.dumps(dump, indent=1) + "\n")
            log(f"wrote {args.json}")
        return 0
    finally:
        for w in workers:
            w.kill()
        if args.keep:
            log(f"kept {root}")
        else:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        sys.exit(worker_main(sys.argv[2:]))
    sys.exit(main())
