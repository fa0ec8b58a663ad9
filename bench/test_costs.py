"""Minimum-cost exact covers (Knuth's DLX5, :func:`dlxnumba.costs.best`).

Times ``best()`` (taxes, sorting and links included) on DLX5's golden file
``cost_queens8`` and on bigger instances made here with seeded random costs:
n queens, an n x n assignment problem, Langford pairs, pentominoes on a 6x10
board, and two problems with colors (a de Bruijn cycle problem and word
rectangles).  Every result is checked: each solution is an exact cover at the
cost it states.

Knuth's program can be timed on the same instances: set the environment
variable ``DLX5`` to the path of a ``dlx5`` binary built from his ``dlx5.w``
(the ``dlx5`` benchmarks skip without it).  It reads each instance as DLX text
(written by :func:`dlxnumba.io.dlx.format_dlx` with the costs) and runs with
``m0 k<k>``; its figures (solutions, nodes, updates, cleansings, the k best
costs) must equal dlxnumba's.  ``python bench/costs_vs_dlx5.py`` prints the
two side by side (``bench/results/costs.md``).
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import warnings
from pathlib import Path

import pytest

from benchutil import record, run
from dlxnumba import ExactCover, langford, pentominoes, queens, word_rectangles
from dlxnumba.io.dlx import format_dlx, parse_dlx


def best(p, costs, k=1, **kwargs):
    """``p.best(k)`` of the problem with ``costs``."""
    return p.with_costs(costs).best(k, **kwargs)

HERE = Path(__file__).resolve().parent
GOLDEN = HERE.parent / "tests" / "golden"


def _bench_colors():
    """bench/test_colors.py (by path: tests/ has a test_colors.py too, earlier on the path)."""
    import importlib.util
    import sys

    name = "bench_test_colors"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, HERE / "test_colors.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def de_bruijn(n: int, lo: int, hi: int) -> ExactCover:
    return _bench_colors().de_bruijn(n, lo, hi)


def random_words(count: int, length: int, alphabet: str, seed: int) -> list[str]:
    return _bench_colors().random_words(count, length, alphabet, seed)


def random_costs(p: ExactCover, top: int, seed: int = 1) -> list[int]:
    rng = random.Random(seed)
    return [rng.randint(0, top) for _ in range(p.n_options)]


def assignment(n: int, top: int, seed: int = 1) -> tuple[ExactCover, list[int]]:
    """Worker ``w<i>`` does job ``j<j>`` at a random cost 0..top."""
    p = ExactCover.from_options([[f"w{i}", f"j{j}"] for i in range(n) for j in range(n)])
    return p, random_costs(p, top, seed)


def golden_queens8() -> tuple[ExactCover, list[int]]:
    t = parse_dlx(GOLDEN / "cost_queens8.dlx")
    return ExactCover(t.n_primary, t.item_names, t.opt_ptr, t.opt_items), t.costs.tolist()


def _with_costs(p: ExactCover, top: int = 9) -> tuple[ExactCover, list[int]]:
    return p, random_costs(p, top)


#: name -> (builder, k, quick name used under --benchmark-disable)
INSTANCES = {
    "cost_queens8 k1": (golden_queens8, 1, None),
    "cost_queens8 k3": (golden_queens8, 3, None),
    "queens-20 k1": (lambda: _with_costs(queens(20)[0]), 1, "queens-12 k1"),
    "queens-20 k3": (lambda: _with_costs(queens(20)[0]), 3, "queens-12 k1"),
    "queens-12 k1": (lambda: _with_costs(queens(12)[0]), 1, None),
    "assign-45 k1": (lambda: assignment(45, 99), 1, "assign-20 k1"),
    "assign-20 k1": (lambda: assignment(20, 99), 1, None),
    "langford-19 k1": (lambda: _with_costs(langford(19)[0]), 1, "langford-11 k1"),
    "langford-11 k1": (lambda: _with_costs(langford(11)[0]), 1, None),
    "pentominoes-6x10 k1": (lambda: _with_costs(pentominoes(6, 10)[0]), 1, "queens-12 k1"),
    "debruijn-6-2-4 k1": (lambda: _with_costs(de_bruijn(6, 2, 4)), 1, "debruijn-5-1-3 k3"),
    "debruijn-5-1-3 k3": (lambda: _with_costs(de_bruijn(5, 1, 3)), 3, None),
    "words-5x5 k3": (lambda: _with_costs(word_rectangles(random_words(70, 5, "abcd", 1),
                                                         random_words(70, 5, "abcd", 2))[0]), 3, None),
}
TIMED = [name for name, (_, _, quick) in INSTANCES.items() if quick is not None or name.startswith("cost_")
         or name in ("debruijn-5-1-3 k3", "words-5x5 k3")]


def instance(name: str, disabled: bool) -> tuple[str, ExactCover, list[int], int]:
    """(name, problem, costs, k), the quick variant under --benchmark-disable."""
    builder, k, quick = INSTANCES[name]
    if disabled and quick is not None:
        name = quick
        builder, k, _ = INSTANCES[name]
    p, costs = builder()
    return name, p, costs, k


def dlx_text(p: ExactCover, costs) -> str:
    return format_dlx(p.item_names, p.n_primary, p.opt_ptr, p.opt_items,
                      p.opt_colors if p.has_colors else None, p.color_names, costs=costs)


def verified(p: ExactCover, costs, b) -> bool:
    """Each solution covers every primary item exactly once, each secondary item
    at most once or only in one color, and costs what it says; costs nondecreasing."""
    colors = p.opt_colors
    for cost, sol in b:
        uses: dict = {}
        for j in sol:
            for x in range(int(p.opt_ptr[j]), int(p.opt_ptr[j + 1])):
                uses.setdefault(int(p.opt_items[x]), []).append(int(colors[x]))
        if any(len(uses.get(i, ())) != 1 for i in range(p.n_primary)):
            return False
        for i, used in uses.items():
            if i >= p.n_primary and len(used) > 1 and (0 in used or len(set(used)) > 1):
                return False
        if cost != sum(int(costs[j]) for j in sol):
            return False
    return b.costs == sorted(b.costs)


_FIGURES = re.compile(r"Altogether (\d+) solutions?, \d+\+\d+ mems, (\d+) updates, (\d+) cleansings, "
                      r"\d+ bytes, (\d+) nodes")


def run_dlx5(binary: str, text: str, k: int) -> tuple[tuple[int, int, int, int], list[int]]:
    """Knuth's program on ``text`` with ``m0 k<k>``: (solutions, nodes, updates,
    cleansings) and the k best costs it prints."""
    cp = subprocess.run([binary, "m0", f"k{k}"], input=text, capture_output=True, text=True, check=False)
    m = _FIGURES.search(cp.stderr)
    assert m, cp.stderr[-2000:]
    figures = (int(m.group(1)), int(m.group(4)), int(m.group(2)), int(m.group(3)))
    found = []
    tail = cp.stderr.split("The optimum cost", 1)[1] if "The optimum cost" in cp.stderr else ""
    for c, times in re.findall(r"\$(\d+)(?: \(repeated (\d+) times\))?", tail):
        found += [int(c)] * int(times or 1)
    return figures, found


def figures_of(b) -> tuple[int, int, int, int]:
    s = b.stats
    return (s.solutions, s.nodes, s.updates, s.cleansings)


@pytest.mark.parametrize("name", TIMED)
def test_best(benchmark, disabled, name):
    benchmark.group = "costs"
    name, p, costs, k = instance(name, disabled)
    best(p, costs, k, max_nodes=10)  # warm up the JIT
    b, seconds = run(benchmark, lambda: best(p, costs, k), rounds=1 if disabled else 3)
    ok = b.optimal and len(b) == k and verified(p, costs, b)
    record(benchmark, seconds=seconds, n_puzzles=1, nodes=b.stats.nodes, updates=b.stats.updates,
           verified=ok, kind="costs", problem=name, k=k, costs=b.costs, solutions=b.stats.solutions,
           cleansings=b.stats.cleansings, timed="call")
    assert ok
    binary = os.environ.get("DLX5")
    if binary:  # the same search as Knuth's program
        assert run_dlx5(binary, dlx_text(p, costs), k) == (figures_of(b), b.costs)


@pytest.mark.parametrize("name", TIMED)
def test_dlx5(benchmark, disabled, name):
    """Knuth's dlx5 on the same instance (a process: reading the text included)."""
    binary = os.environ.get("DLX5")
    if not binary:
        pytest.skip("set DLX5 to the path of Knuth's dlx5 binary to time it")
    benchmark.group = "costs"
    name, p, costs, k = instance(name, disabled)
    text = dlx_text(p, costs)
    out, seconds = run(benchmark, lambda: run_dlx5(binary, text, k), rounds=1 if disabled else 3)
    figures, found = out
    record(benchmark, seconds=seconds, n_puzzles=1, nodes=figures[1], updates=figures[2], verified=True,
           kind="costs-dlx5", problem=name, k=k, costs=found, timed="e2e")


def test_written_instances_read_back():
    """The DLX text given to dlx5 is the problem (and costs) that best() searches."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for name in ("queens-12 k1", "debruijn-5-1-3 k3", "words-5x5 k3"):
            _, p, costs, k = instance(name, False)
            t = parse_dlx(dlx_text(p, costs))
            q = ExactCover(t.n_primary, t.item_names, t.opt_ptr, t.opt_items, t.opt_colors, t.color_names)
            assert q.options == p.options and t.costs.tolist() == costs
            assert figures_of(best(q, t.costs, k)) == figures_of(best(p, costs, k))
