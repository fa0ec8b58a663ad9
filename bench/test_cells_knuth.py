"""Dancing cells beside Knuth's SSXC1, SSXCC and SSMCC (issue 37), as pytest-benchmark groups.

Group ``knuth-<instance>`` (the instances of bench/cells_vs_knuth.py: his
generators' files, and Langford pairs written by dlxnumba), one benchmark per
side:

``dlxnumba``
    ``problem.count(algorithm="cells")``, the problem read from the DLX file
    and the kernels compiled before the clock.
``knuth``
    the program the file needs (SSXC1, SSXCC or SSMCC), built from his CWEB
    sources by ``python bench/cells_vs_knuth.py build``: the whole process,
    the file on standard input.

Both record ``nodes``, ``updates`` and ``count`` (solutions); the two sides'
must be equal, and they are asserted so.  Skipped unless Knuth's programs are
built in ``$DLXNUMBA_BENCH_CACHE/knuth/bin`` (default
``~/.cache/dlxnumba-bench``); CI has none, so there this file only skips.
"""

from __future__ import annotations

import functools

import pytest

import cells_vs_knuth as K
from benchutil import record, run


@functools.lru_cache(maxsize=None)
def _problem(name: str):
    """``(problem, program, path)``, the kernels warmed up."""
    problem, program, path = K.load(name)
    K.warm(problem)
    return problem, program, path


@functools.lru_cache(maxsize=None)
def _ours(name: str) -> tuple:
    """dlxnumba's counters (solutions, nodes, updates) of an instance, counted once."""
    figures, _ = K.ours_run(_problem(name)[0])
    return tuple(sorted(figures.items()))


@pytest.mark.parametrize("side", ["dlxnumba", "knuth"])
@pytest.mark.parametrize("name", list(K.INSTANCES))
def test_cells_knuth(benchmark, disabled, name, side):
    if not K.built():
        pytest.skip("Knuth's programs are not built (python bench/cells_vs_knuth.py build)")
    benchmark.group = f"knuth-{name}"
    problem, program, path = _problem(name)
    rounds = 1 if disabled else 3
    if side == "dlxnumba":
        (figures, _), seconds = run(benchmark, lambda: K.ours_run(problem), rounds=rounds)
        assert tuple(sorted(figures.items())) == _ours(name)  # the same on every call
    else:
        (figures, _), seconds = run(benchmark, lambda: K.knuth_run(program, path), rounds=rounds)
    same = tuple(sorted(figures.items())) == _ours(name)
    record(benchmark, seconds=seconds, n_puzzles=1, nodes=figures["nodes"], updates=figures["updates"],
           verified=same, kind="cells-knuth", problem=name, solver="dlxnumba-cells" if side == "dlxnumba" else program,
           count=figures["solutions"], timed="call" if side == "dlxnumba" else "process")
    assert same, (program, figures, dict(_ours(name)))
