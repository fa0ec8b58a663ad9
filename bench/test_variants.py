"""Sudoku variants: published 9x9 puzzles solved one at a time and in batches.

One group per puzzle (the puzzles and their sources: ``tests/sudoku/test_variants.py``):

``single``   ``Sudoku(text, variant=...).solve()``
``batch``    ``solve_many([text] * 64, variant=..., limit=2, threads=1)``: solve and prove
             uniqueness, per puzzle (2 copies under ``--benchmark-disable``)
``generic``  (the jigsaw only) the same batch through the generic engine
             (``ExactCover.batch``: copy the template and cover the givens), to show
             what the Sudoku fast path saves

Every answer is checked with :meth:`Variant.is_solution` outside the timing;
``extra_info`` records nodes per puzzle and ``verified``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "sudoku"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_variants import PUBLISHED  # noqa: E402

from dlxnumba import Status, Sudoku, Variant, last_stats, solve_many  # noqa: E402
from dlxnumba.sudoku.encoding import decode, given_options  # noqa: E402

BATCH = 64
IDS = [p[0] for p in PUBLISHED]


@pytest.mark.parametrize("name, spec, regions, puzzle, published", PUBLISHED, ids=IDS)
def test_single(benchmark, name, spec, regions, puzzle, published):
    benchmark.group = f"variant {name}"
    v = Variant.parse(spec, regions)
    s = Sudoku(puzzle, variant=v)
    t = benchmark(s.solve)
    benchmark.extra_info.update(mode="single", nodes=last_stats().nodes if t else 0,
                                verified=bool(t is not None and v.is_solution(t, puzzle)))
    assert benchmark.extra_info["verified"]


@pytest.mark.parametrize("name, spec, regions, puzzle, published", PUBLISHED, ids=IDS)
def test_batch(benchmark, disabled, name, spec, regions, puzzle, published):
    benchmark.group = f"variant {name}"
    v = Variant.parse(spec, regions)
    size = 2 if disabled else BATCH
    puzzles = [puzzle] * size
    r = benchmark(solve_many, puzzles, threads=1, limit=2, variant=v)
    ok = all(s == Status.SOLVED for s in r.status) and all(v.is_solution(g, puzzle) for g in r.solutions)
    benchmark.extra_info.update(mode="batch", n_puzzles=size, nodes=int(r.nodes.sum()) // size, verified=ok)
    assert ok


def test_jigsaw_generic(benchmark):
    name, spec, regions, puzzle, published = next(p for p in PUBLISHED if p[0] == "jigsaw")
    benchmark.group = f"variant {name}"
    v = Variant.parse(spec, regions)
    problem = v.problem(9)
    given = given_options(Sudoku(puzzle, variant=v)._cells, 9)
    jobs = [given] * BATCH
    r = benchmark(problem.batch, jobs, limit=2, threads=1)
    ok = all(v.is_solution(decode(first, 9), puzzle) for first in r.first)
    benchmark.extra_info.update(mode="generic", n_puzzles=BATCH, nodes=int(np.sum(r.nodes)) // BATCH, verified=ok)
    assert ok
