"""Helpers of the tests of colors and multiplicities (tests/test_colors.py,
tests/test_multiplicities.py): the golden files, problems built from lists,
hypothesis strategies, and checks shared by both."""

from __future__ import annotations

import os
import warnings
from pathlib import Path

import numpy as np
from hypothesis import strategies as st

from dlxnumba import ExactCover, ExactCoverError, LimitReached
from reference import is_colored_cover

#: the folder of Knuth's golden files the copies were taken from, when a machine has one
GOLDEN = Path(os.environ["DLXNUMBA_GOLDEN"]) if os.environ.get("DLXNUMBA_GOLDEN") else None
HERE = Path(__file__).resolve().parent / "golden"


def golden(name: str) -> Path:
    """A golden DLX file: the copy beside the tests (the shared folder when it is newer)."""
    return HERE / name


def read_quietly(path) -> ExactCover:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        return ExactCover.from_dlx(path)


def as_lists(p: ExactCover):
    """(options, colors, n_primary, n_items) of ``p`` for the oracles: colors as
    numbers per entry (0 for none)."""
    options = [p.option(j) for j in range(p.n_options)]
    c = p.opt_colors
    colors = [c[p.opt_ptr[j]: p.opt_ptr[j + 1]].tolist() for j in range(p.n_options)]
    return options, colors, p.n_primary, p.n_items


def verify(p: ExactCover, solution) -> bool:
    options, colors, n1, n = as_lists(p)
    lower = upper = None
    if p.has_bounds:
        lower, upper = p.lower.tolist(), p.upper.tolist()
    return is_colored_cover(options, colors, n1, n, solution, lower, upper)


@st.composite
def colored_problems(draw, max_items=7, max_options=11, n_colors=3):
    """(options, colors, n_primary, n_items): colors only on secondary items."""
    n_items = draw(st.integers(1, max_items))
    n_primary = draw(st.integers(1, n_items))
    option = st.lists(st.integers(0, n_items - 1), unique=True, min_size=1, max_size=min(n_items, 4))
    options = draw(st.lists(option, max_size=max_options))
    colors = [[draw(st.integers(0, n_colors)) if i >= n_primary else 0 for i in opt] for opt in options]
    return options, colors, n_primary, n_items


def build(prob, **kwargs) -> ExactCover:
    options, colors, n1, n = prob
    ptr = np.cumsum([0] + [len(o) for o in options])
    flat = [i for o in options for i in o]
    order: dict = {}  # colors numbered by first appearance, as the DLX reader numbers them
    cflat = [order.setdefault(c, len(order) + 1) if c else 0 for cs in colors for c in cs]
    names = [f"c{k}" for k in order]
    return ExactCover(n1, [f"i{i}" for i in range(n)], ptr, np.array(flat, np.int64),
                      np.array(cflat, np.int64) if any(cflat) else None, names if any(cflat) else (), **kwargs)


def link_arrays(s) -> list:
    return [a.copy() for a in (s.llink, s.rlink, s.ulink, s.dlink, s.length, s.color)]


def run_in_node_slices(p, budget, stop_at):
    """Every solution and the final stats of a search advanced ``budget`` nodes at a time."""
    s = p.search(stop_at=stop_at, max_nodes=budget)
    found = []
    while True:
        try:
            sol = s.next()
        except LimitReached:
            s.max_nodes += budget
            continue
        if sol is None:
            return found, s.stats
        found.append(sol)


def check_batch_against_searches(p, jobs, limit):
    """Each job of a batch gives what its own search gives (and every first solution verifies)."""
    from dlxnumba import Status

    r = p.batch(jobs, limit=limit, threads=2)
    assert len(r) == len(jobs)
    for i, job in enumerate(jobs):
        try:
            sols = list(p.solutions(given=job))
        except ExactCoverError:
            assert r.status[i] == Status.INVALID and r.first[i] is None and r.errors[i]
            continue
        want = min(len(sols), limit)
        assert r.count[i] == want
        assert r.first[i] == (sols[0] if sols else None)
        assert r.status[i] == (Status.NO_SOLUTION if not sols else Status.SOLVED if want == 1
                                 else Status.MULTIPLE)
        if r.first[i] is not None and all(any(k < p.n_primary for k in p.option(j)) for j in job):
            assert verify(p, r.first[i])
