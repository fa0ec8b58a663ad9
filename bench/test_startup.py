"""Start-up time and memory, measured on fresh Python processes.

Start-up: a fresh ``python -c ...`` with ``NUMBA_CACHE_DIR`` pointing at an empty
temporary directory (``cold``: every compiled function is compiled), then again
with the same, now filled, directory (``warm``: machine code loaded from the
cache).  The benchmark time is the wall time of the whole child process
(interpreter start, imports, compiling or loading, the first solution);
``extra_info["import_to_solution_seconds"]`` is the child's own measurement from
just before ``import dlxnumba`` to the first solution.  One round each: a second
cold round would not be cold.

Memory: peak resident set size (``ru_maxrss``) of a child solving top95, read by a
fresh wrapper process from ``getrusage(RUSAGE_CHILDREN)`` so no other child counts;
and the bytes of solver state each thread of ``solve_many`` owns.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time

import pytest

from benchutil import PUZZLES, ROOT, record, run

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

FIRST_SOLUTION = {
    "sudoku": f"""
import time, json
t0 = time.perf_counter()
from dlxnumba import Sudoku, is_solution, last_stats
s = Sudoku({PUZZLE!r})
sol = s.solve()
t1 = time.perf_counter()
print(json.dumps({{"seconds": t1 - t0, "ok": bool(sol is not None and is_solution(sol, s)),
                  "nodes": last_stats().nodes, "updates": last_stats().updates}}))
""",
    "exact_cover": """
import time, json
t0 = time.perf_counter()
from dlxnumba import last_stats, queens
p, key = queens(8)
sol = p.solve()
t1 = time.perf_counter()
cols = sorted(key[j][1] for j in sol)
diag = {key[j][0] + key[j][1] for j in sol} | {100 + key[j][0] - key[j][1] for j in sol}
print(json.dumps({"seconds": t1 - t0, "ok": len(sol) == 8 and cols == list(range(8)) and len(diag) == 16,
                  "nodes": last_stats().nodes, "updates": last_stats().updates}))
""",
}


def _child(code: str, cache_dir: str | None) -> tuple[dict, float]:
    """Run ``code`` in a fresh process with numba's cache in ``cache_dir`` (None:
    the usual one): its JSON answer and the wall-clock seconds."""
    env = {**os.environ, "NUMBA_CACHE_DIR": cache_dir} if cache_dir else dict(os.environ)
    t0 = time.perf_counter()
    cp = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT)
    wall = time.perf_counter() - t0
    assert cp.returncode == 0, cp.stderr[-2000:]
    return json.loads(cp.stdout.strip().splitlines()[-1]), wall


@pytest.mark.parametrize("what", sorted(FIRST_SOLUTION))
def test_first_solution_cold_then_warm(benchmark, what, disabled):
    """Cold (empty numba cache) then warm start-up of a fresh process, once each.

    The benchmark's own time is the warm child's; the cold child runs just before
    it, untimed by pytest-benchmark, and both are in ``extra_info``.  Under
    ``--benchmark-disable`` (nothing is timed) both children use the usual cache:
    the answers are checked without compiling every kernel again into an empty one
    (tests/test_warmup.py and the cold-start tests of tests/ check a cold start).
    """
    benchmark.group = "startup"
    code = FIRST_SOLUTION[what]
    with tempfile.TemporaryDirectory(prefix="dlxnumba-numba-cache-") as empty:
        cache = None if disabled else empty
        cold, cold_wall = _child(code, cache)
        holder = {}

        def warm_run():
            holder["out"], holder["wall"] = _child(code, cache)

        benchmark.pedantic(warm_run, rounds=1, iterations=1, warmup_rounds=0)
    warm, warm_wall = holder["out"], holder["wall"]
    ok = cold["ok"] and warm["ok"]
    record(benchmark, seconds=warm_wall, n_puzzles=1, nodes=warm["nodes"], updates=warm["updates"],
           verified=ok, rates=False, kind="startup", problem=what,
           cold_wall_seconds=cold_wall, cold_import_to_solution_seconds=cold["seconds"],
           warm_wall_seconds=warm_wall, warm_import_to_solution_seconds=warm["seconds"])
    assert ok


def _peak_rss_kib(cmd: list[str]) -> tuple[int, int]:
    """(peak RSS in KiB, exit status) of ``cmd``, run by a fresh wrapper process."""
    wrapper = ("import resource, subprocess, sys\n"
               "r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
               "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, r.returncode)\n")
    cp = subprocess.run([sys.executable, "-c", wrapper, *cmd], capture_output=True, text=True, cwd=ROOT)
    assert cp.returncode == 0, cp.stderr[-2000:]
    kib, status = cp.stdout.split()
    return int(kib), int(status)


def _cli_works() -> bool:
    cp = subprocess.run([sys.executable, "-m", "dlxnumba", "solve", "--help"], capture_output=True, cwd=ROOT)
    return cp.returncode == 0


TOP95 = str(PUZZLES / "top95.txt")
RSS_COMMANDS = {
    "python": [sys.executable, "-c", "pass"],
    "import": [sys.executable, "-c", "import dlxnumba"],
    "solve_many-top95": [sys.executable, "-c",
                         "import sys, dlxnumba\n"
                         f"s, st = dlxnumba.solve_many(dlxnumba.read_puzzles({TOP95!r}))\n"
                         "sys.exit(int((st != 0).any()))"],
    "cli-top95": [sys.executable, "-m", "dlxnumba", "solve", TOP95],
}


@pytest.mark.parametrize("what", list(RSS_COMMANDS))
def test_peak_rss(benchmark, what):
    """Peak RSS of a process (numba cache warm: the runs above filled it)."""
    benchmark.group = "memory"
    if what == "cli-top95" and not _cli_works():
        pytest.skip("python -m dlxnumba solve is not available")
    holder = {}

    def body():
        holder["kib"], holder["status"] = _peak_rss_kib(RSS_COMMANDS[what])

    t0 = time.perf_counter()
    benchmark.pedantic(body, rounds=1, iterations=1, warmup_rounds=0)
    seconds = time.perf_counter() - t0
    ok = holder["status"] == 0
    record(benchmark, seconds=seconds, n_puzzles=95 if "top95" in what else 0, nodes=None, updates=None,
           verified=ok, rates=False, kind="memory", problem=what, peak_rss_mib=holder["kib"] / 1024)
    assert ok, f"{what} exited with status {holder['status']}"


@pytest.mark.parametrize("n", [9, 16, 25])
def test_state_bytes_per_thread(benchmark, n):
    """Bytes of private solver state per thread (the shared template excluded).

    The time is that of allocating one thread's state (a lane workspace), once.
    """
    from dlxnumba.sudoku.solve import memory

    benchmark.group = "memory"
    memory(n)  # the template is built outside the timing
    (state, template), seconds = run(benchmark, lambda: memory(n), rounds=1)
    record(benchmark, seconds=seconds, n_puzzles=0, nodes=None, updates=None, verified=state > 0,
           rates=False, kind="memory", problem=f"state-{n}x{n}", state_bytes_per_thread=int(state),
           shared_template_bytes=int(template))
    assert state > 0


def test_compile_floor_counts_right(capsys):
    """``compile_floor.py``'s bare kernels count Knuth's example and the 8 rooks
    right, cold and warm (its children exit with an error otherwise)."""
    import compile_floor

    assert compile_floor.main(["--rounds", "1"]) == 0
    rows = capsys.readouterr().out.splitlines()[1:]
    assert [r.split()[0] for r in rows] == list(compile_floor.NAMES)
