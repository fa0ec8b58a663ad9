"""Preprocessing (Knuth's DLX-PRE): :func:`dlxnumba.reduce.reduce` against Knuth's program.

Each instance is reduced three ways, side by side:

* ``dlxnumba``: ``reduce(problem)`` on the problem already in memory;
* ``dlxnumba-e2e``: end to end, as the program is used: DLX text in
  (``ExactCover.from_dlx``), reduced problem's text out (``to_dlx``);
* ``dlx-pre``: Knuth's program built from ``dlx-pre.w`` (gcc -O2), whose path the
  environment variable ``DLXPRE`` gives (skipped without it), run on the same
  text: the whole process, reading and writing included.

Every run is verified: the removed options, removed items and rounds are
Knuth's figures where he gives them (the golden files, pentominoes 6x10) and
the reduced problem counts as many solutions as the original where a count is
quick; with ``DLXPRE`` set, dlx-pre's figures and its output text must equal
ours.  ``extra_info`` records the figures, the kernel's updates and the CPU
seconds of one call (the process's for dlx-pre), besides the wall time.

``python bench/test_reduce.py FILE.json`` prints the table of
``bench/results/reduce.md`` from a ``--benchmark-json`` file.
"""

from __future__ import annotations

import json
import os
import re
import resource
import subprocess
import sys
import time
import warnings
from functools import lru_cache
from pathlib import Path

import pytest

from benchutil import record, run
from dlxnumba import ExactCover, langford, pentominoes, queens
from dlxnumba.reduce import reduce

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"
DLXPRE = os.environ.get("DLXPRE")


def dominoes(m: int, n: int) -> ExactCover:
    """Domino tilings of an ``m x n`` board: cells ``r.c``, one option per domino."""
    cells = [f"{r}.{c}" for r in range(m) for c in range(n)]
    options = []
    for r in range(m):
        for c in range(n):
            if c + 1 < n:
                options.append([f"{r}.{c}", f"{r}.{c + 1}"])
            if r + 1 < m:
                options.append([f"{r}.{c}", f"{r + 1}.{c}"])
    return ExactCover.from_options(options, primary=cells)


def de_bruijn(n: int, lo: int, hi: int) -> ExactCover:
    """A cycle of bits in which each window of ``n`` bits of weight ``lo..hi``
    occurs once (the problem of Knuth's de-bruijn-dlx, with colors): window
    ``w`` at position ``k`` colors the bits ``x{k}..x{k+n-1}``; the first
    window is fixed at position 0."""
    windows = [w for w in range(1, 1 << n) if lo <= bin(w).count("1") <= hi]
    length = len(windows)
    options = []
    for k in range(length):
        for w in (windows[:1] if k == 0 else windows[1:]):
            bits = [(w >> (n - 1 - d)) & 1 for d in range(n)]
            options.append([f"w{w}", f"p{k}"] + [f"x{(k + d) % length}:{b}" for d, b in enumerate(bits)])
    primary = [f"w{w}" for w in windows] + [f"p{k}" for k in range(length)]
    return ExactCover.from_options(options, primary=primary, secondary=[f"x{k}" for k in range(length)])


def golden(name: str) -> ExactCover:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        return ExactCover.from_dlx(GOLDEN / name)


#: name -> (how to make it, dlx-pre's figures on its text (removed options,
#: items, rounds), solutions (to check that the reduced problem keeps them) or None).
#: The golden files' figures and pentominoes' 144 are Knuth's own; the others
#: are what dlx-pre built from dlx-pre.w reports on the same text.
INSTANCES = {
    "queens8 (queens-dlx)": (lambda: golden("queens8.dlx"), (0, 0, 1), 92),
    "queens64": (lambda: queens(64)[0], (0, 0, 1), None),
    "langford64": (lambda: langford(64)[0], (0, 0, 1), None),
    "pentominoes 6x10": (lambda: pentominoes(6, 10)[0], (144, 0, 2), 9356),
    "de Bruijn 1..3 of 5 (de-bruijn-dlx)": (lambda: golden("debruijn135.dlx"), (204, 2, 4), 160),
    "de Bruijn 2..5 of 7": (lambda: de_bruijn(7, 2, 5), (1592, 3, 4), None),
    "dominoes 6x6": (lambda: dominoes(6, 6), (0, 0, 1), 6728),
    "dominoes 60x60": (lambda: dominoes(60, 60), (0, 0, 1), None),
}
NAMES = list(INSTANCES)


@lru_cache(maxsize=None)
def problem(name: str) -> ExactCover:
    return INSTANCES[name][0]()


@lru_cache(maxsize=None)
def text(name: str) -> str:
    return problem(name).to_dlx()


def figures(p: ExactCover, r) -> tuple[int, int, int]:
    """(removed options, removed items, rounds) as DLX-PRE counts them (it does not
    count options without a primary item, dropped as it reads)."""
    dropped = sum(not any(i < p.n_primary for i in p.option(j)) for j in range(p.n_options))
    return len(r.removed_options) - dropped, len(r.removed_items), r.rounds


@lru_cache(maxsize=None)
def verified_reduction(name: str):
    """Our reduction of ``name``, checked against Knuth's figures and the count."""
    p = problem(name)
    r = reduce(p)
    _, want, count = INSTANCES[name]
    if want is not None:
        assert figures(p, r) == want, (name, figures(p, r), want)
    if count is not None:
        assert r.problem.count() == count
    return r


def knuth(text_in: str) -> tuple[str, tuple[int, int, int], float]:
    """dlx-pre's output, figures and CPU seconds (user + system) on ``text_in``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    cp = subprocess.run([DLXPRE], input=text_in.encode(), capture_output=True, timeout=600)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    err = cp.stderr.decode()
    m = re.search(r"Removed (\d+) options? and (\d+) items?, after \d+\+\d+ mems, (\d+) rounds?", err)
    assert cp.returncode == 0 and m, err
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cp.stdout.decode(), tuple(int(x) for x in m.groups()), cpu  # type: ignore[return-value]


def lines(t: str) -> list[str]:
    return [" ".join(line.split()) for line in t.splitlines() if line.strip()]


def _record(benchmark, name, seconds, cpu, figs, updates, solver, timing=None):
    record(benchmark, seconds=seconds, n_puzzles=1, nodes=None, updates=updates, verified=True,
           rates=False, kind="preprocess", problem=name, solver=solver, cpu_seconds=cpu,
           removed_options=figs[0], removed_items=figs[1], rounds=figs[2])


@pytest.mark.parametrize("name", NAMES)
def test_reduce_dlxnumba(benchmark, name):
    p = problem(name)
    r = verified_reduction(name)  # (compiles the kernel too)
    cpu = []

    def body():
        t0 = time.thread_time()
        out = reduce(p)
        cpu.append(time.thread_time() - t0)
        return out

    out, seconds = run(benchmark, body, rounds=None if p.n_options < 5000 else 5)
    assert out.problem == r.problem and out.rounds == r.rounds
    _record(benchmark, name, seconds, sorted(cpu)[len(cpu) // 2], figures(p, r), None, "dlxnumba")


@pytest.mark.parametrize("name", NAMES)
def test_reduce_dlxnumba_end_to_end(benchmark, name):
    t = text(name)
    r = verified_reduction(name)

    def body():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)
            return reduce(ExactCover.from_dlx(t)).problem.to_dlx()

    out, seconds = run(benchmark, body, rounds=None if len(t) < 100_000 else 5)
    assert out == r.problem.to_dlx()
    _record(benchmark, name, seconds, None, figures(problem(name), r), None, "dlxnumba-e2e")


@pytest.mark.skipif(not DLXPRE, reason="set DLXPRE to a dlx-pre binary built from Knuth's dlx-pre.w")
@pytest.mark.parametrize("name", NAMES)
def test_reduce_dlx_pre(benchmark, name):
    t = text(name)
    r = verified_reduction(name)
    cpu = []

    def body():
        out, figs, seconds = knuth(t)
        cpu.append(seconds)
        return out, figs

    (out, figs), seconds = run(benchmark, body, rounds=None if len(t) < 100_000 else 5)
    assert figs == figures(problem(name), r), (figs, figures(problem(name), r))
    assert lines(out) == lines(r.problem.to_dlx())
    _record(benchmark, name, seconds, sorted(cpu)[len(cpu) // 2], figs, None, "dlx-pre")


def table(path: str) -> str:
    """The markdown table of bench/results/reduce.md from a --benchmark-json file."""
    with open(path) as f:
        data = json.load(f)
    rows: dict = {}
    for b in data["benchmarks"]:
        info = b["extra_info"]
        if info.get("kind") == "preprocess":
            rows.setdefault(info["problem"], {})[info["solver"]] = (b["stats"]["median"], info)
    out = ["| instance | dlx-pre s | dlxnumba s | ratio | dlxnumba e2e s | ratio e2e | "
           "dlx-pre CPU s | dlxnumba CPU s | removed options / items / rounds (dlx-pre; dlxnumba) |",
           "|---|---:|---:|---:|---:|---:|---:|---:|---|"]

    def fmt(x):
        return "-" if x is None else f"{x:.4f}" if x < 1 else f"{x:.2f}"

    def figs(row):
        return "-" if row is None else f"{row[1]['removed_options']} / {row[1]['removed_items']} / {row[1]['rounds']}"

    for name in NAMES:
        got = rows.get(name, {})
        k, d, e = got.get("dlx-pre"), got.get("dlxnumba"), got.get("dlxnumba-e2e")
        out.append(f"| {name} | {fmt(k and k[0])} | {fmt(d and d[0])} | "
                   f"{f'{k[0] / d[0]:.1f}x' if k and d else '-'} | {fmt(e and e[0])} | "
                   f"{f'{k[0] / e[0]:.1f}x' if k and e else '-'} | {fmt(k and k[1]['cpu_seconds'])} | "
                   f"{fmt(d and d[1]['cpu_seconds'])} | {figs(k)}; {figs(d)} |")
    return "\n".join(out)


if __name__ == "__main__":
    print(table(sys.argv[1]))
