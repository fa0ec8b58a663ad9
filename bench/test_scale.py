"""Scale: costs that could grow with the size of a problem rather than with the work.

* ``scale-search``: one search 200,000 levels deep (200,000 options of one item
  each), with both branching rules, and a small search (9 queens) whose primary
  items are spread among 100,000 others that one option covers: the cost of
  branching per node must follow the active items, not all the items.
* ``scale-memory``: a fresh process solves one large Sudoku (144x144; four fifths of its
  cells given), or reads a large DLX file (a 121x121 Sudoku's exact-cover
  problem, 57 MB) and builds its links: wall time and peak resident set size
  (``ru_maxrss``) of the child, with ``memory(n)``'s figures beside them.

With ``--benchmark-disable`` (CI) every body runs once on a smaller size
(20,000 options, a 36x36 Sudoku, a 25x25 problem's DLX text), answers still
checked.  README.md's "Limits" section quotes the full-size figures.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

from benchutil import ROOT, record, run
from dlxnumba.template import template
from dlxnumba import ExactCover, last_stats, queens

QUEENS9 = 352  # OEIS A000170


def one_item_options(n: int) -> ExactCover:
    """Option ``i`` is item ``i`` alone: one solution, a search ``n`` levels deep."""
    return ExactCover(n, list(range(n)), np.arange(n + 1, dtype=np.int64), np.arange(n, dtype=np.int32))


@pytest.mark.parametrize("stop_at", [1, 0])
def test_one_item_options(benchmark, disabled, stop_at):
    benchmark.group = "scale-search"
    n = 20_000 if disabled else 200_000
    p = one_item_options(n)
    p.solve(stop_at=stop_at)  # builds the links, loads the kernel

    sol, seconds = run(benchmark, lambda: p.solve(stop_at=stop_at), rounds=1 if disabled else 3)
    st = last_stats()
    ok = sol == list(range(n)) and st.nodes == n + 1
    record(benchmark, seconds=seconds, n_puzzles=1, nodes=st.nodes, updates=st.updates, verified=ok,
           kind="scale", problem=f"one-item-{n}-stop_at-{stop_at}", timed="call")
    assert ok


def spread_queens(n: int, filler: int) -> ExactCover:
    """n queens whose primary items are split in two halves by ``filler`` items
    that one option covers: once it is chosen, 2n active items span them all."""
    q, _ = queens(n)
    half = q.n_primary // 2
    shift = lambda i: i if i < half else i + filler  # noqa: E731
    options = [[shift(i) for i in q.option(j)] for j in range(q.n_options)]
    options.append(list(range(half, half + filler)))
    n_items = q.n_items + filler
    ptr = np.cumsum([0] + [len(o) for o in options]).astype(np.int64)
    items = np.array([i for o in options for i in o], np.int32)
    return ExactCover(q.n_primary + filler, [str(i) for i in range(n_items)], ptr, items)


def test_spread_queens(benchmark, disabled):
    benchmark.group = "scale-search"
    p = spread_queens(9, 10_000 if disabled else 100_000)
    p.count(limit=1)

    count, seconds = run(benchmark, p.count, rounds=1 if disabled else 5)
    st = last_stats()
    record(benchmark, seconds=seconds, n_puzzles=1, nodes=st.nodes, updates=st.updates,
           verified=count == QUEENS9, kind="scale", problem="spread-queens-9", count=count, timed="call")
    assert count == QUEENS9


# ---------------------------------------------------------------------------
# Memory and time of large inputs, each in a fresh process
# ---------------------------------------------------------------------------


def child(code: str) -> dict:
    """Run ``code`` in a fresh interpreter; its last line of output is JSON, to
    which the child's peak RSS (MiB) and wall time are added."""
    wrapper = textwrap.dedent("""\
        import json, resource, subprocess, sys, time
        t = time.perf_counter()
        r = subprocess.run([sys.executable, "-c", sys.argv[1]], capture_output=True, text=True)
        wall = time.perf_counter() - t
        out = json.loads(r.stdout.strip().splitlines()[-1]) if r.returncode == 0 else {"error": r.stderr[-2000:]}
        out["peak_rss_mib"] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        out["wall_seconds"] = wall
        print(json.dumps(out))
    """)
    cp = subprocess.run([sys.executable, "-c", wrapper, code], capture_output=True, text=True, cwd=ROOT)
    assert cp.returncode == 0, cp.stderr[-2000:]
    out = json.loads(cp.stdout.strip().splitlines()[-1])
    assert "error" not in out, out["error"]
    return out


SUDOKU_CODE = """\
import json, time
import numpy as np
import dlxnumba
from dlxnumba.sudoku.solve import memory
n, br, bc = {n}, {br}, {bc}
r, c = np.arange(n)[:, None], np.arange(n)[None, :]
full = ((r * bc + r // br + c) % n + 1).astype(np.uint8)  # a solved grid
keep = np.random.default_rng(1).random((n, n)) < 0.8  # (with half given, the search is long)
puzzle = np.where(keep, full, 0).astype(np.uint8).reshape(-1)
t = time.perf_counter()
sol = dlxnumba.Sudoku(puzzle, box=(br, bc)).solve()
seconds = time.perf_counter() - t
ok = sol is not None and bool(dlxnumba.is_solution(sol, puzzle, box=(br, bc)))
per_thread, shared = memory(n, (br, bc))
print(json.dumps({{"ok": ok, "seconds": seconds, "per_thread": per_thread, "shared": shared}}))
"""


def test_large_sudoku_first_solve(benchmark, disabled):
    """A fresh process's first solve of a large grid: building the encoding
    and its links, one lane, the search."""
    benchmark.group = "scale-memory"
    n, box = (36, (6, 6)) if disabled else (144, (12, 12))
    holder = {}

    def body():
        holder.update(child(SUDOKU_CODE.format(n=n, br=box[0], bc=box[1])))

    t0 = time.perf_counter()
    benchmark.pedantic(body, rounds=1, iterations=1, warmup_rounds=0)
    out = holder
    record(benchmark, seconds=time.perf_counter() - t0, n_puzzles=1, nodes=None, updates=None,
           verified=out["ok"], rates=False, kind="memory", problem=f"first-solve-{n}x{n}",
           peak_rss_mib=out["peak_rss_mib"], solve_seconds=out["seconds"], wall_seconds=out["wall_seconds"],
           state_bytes_per_thread=out["per_thread"], shared_bytes=out["shared"])
    assert out["ok"]


def sudoku_dlx_text(n: int, br: int, bc: int) -> str:
    """Knuth's DLX text of the empty n x n grid (as sudoku-dlx writes it, names zero-padded)."""
    w = len(str(n))
    cells = [f"p{r:0{w}d}{c:0{w}d}" for r in range(n) for c in range(n)]
    regions = [f"{k}{u:0{w}d}{d:0{w}d}" for k in "rcb" for u in range(n) for d in range(1, n + 1)]
    lines = ["| an empty Sudoku grid as exact cover", " ".join(cells + regions)]
    for r in range(n):
        for c in range(n):
            b = (r // br) * (n // bc) + c // bc
            p = cells[r * n + c]
            lines += [f"{p} r{r:0{w}d}{d:0{w}d} c{c:0{w}d}{d:0{w}d} b{b:0{w}d}{d:0{w}d}" for d in range(1, n + 1)]
    return "\n".join(lines) + "\n"


DLX_CODE = """\
import json, time
import dlxnumba
t = time.perf_counter()
p = dlxnumba.ExactCover.from_dlx({path!r})
parsed = time.perf_counter() - t
from dlxnumba.template import template
template(p)  # the links, built once for the searches
print(json.dumps({{"parse_seconds": parsed, "total_seconds": time.perf_counter() - t,
                  "options": p.n_options, "nodes": int(p.opt_ptr[-1])}}))
"""


def test_large_dlx_file(benchmark, disabled, tmp_path):
    benchmark.group = "scale-memory"
    n, br, bc = (25, 5, 5) if disabled else (121, 11, 11)
    path = tmp_path / f"sudoku{n}.dlx"
    path.write_text(sudoku_dlx_text(n, br, bc), encoding="utf-8")
    holder = {}

    def body():
        holder.update(child(DLX_CODE.format(path=str(path))))

    t0 = time.perf_counter()
    benchmark.pedantic(body, rounds=1, iterations=1, warmup_rounds=0)
    out = holder
    ok = out["options"] == n ** 3 and out["nodes"] == 4 * n ** 3
    record(benchmark, seconds=time.perf_counter() - t0, n_puzzles=1, nodes=None, updates=None,
           verified=ok, rates=False, kind="memory", problem=f"dlx-file-{n}x{n}",
           file_mib=path.stat().st_size / 2**20, peak_rss_mib=out["peak_rss_mib"],
           parse_seconds=out["parse_seconds"], parse_and_link_seconds=out["total_seconds"])
    assert ok
