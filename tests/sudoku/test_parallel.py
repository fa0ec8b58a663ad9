"""Sudoku's split searches (count(threads=N), count(checkpoint=...), solutions(threads=N),
and the Dask runner) on variants and killers: the serial answer, or a refusal saying what to do.

Issue 20: a killer with a colored cage (a cage of one or two cells takes Knuth's colors)
counted 0 when split; every path now refuses problems the plain lanes cannot run."""

from __future__ import annotations

import uuid

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dlxnumba import Sudoku, SudokuError, Variant
from dlxnumba.sudoku.killer import random_cages
from strategies import examples

REFUSED = ("threads= and checkpoint=: a split search takes problems without colors or bounds, and this one has "
           "colors; leave them out to search it serially")
KINDS = ["", "x", "windoku", "anti-knight"]


@st.composite
def puzzles(draw, killer=None):
    """A 4x4 puzzle: a variant (or none), perhaps cages drawn over one of its full
    grids, and a few givens of that grid."""
    kinds = draw(st.sampled_from(KINDS))
    full = list(Sudoku("." * 16, variant=kinds or None).solutions())
    solution = np.asarray(draw(st.sampled_from(full))).ravel()
    cages = None
    if killer if killer is not None else draw(st.booleans()):
        cages = random_cages(solution, 4, np.random.default_rng(draw(st.integers(0, 2**32))))
    cells = draw(st.lists(st.integers(0, 15), unique=True, max_size=5))
    text = "".join(str(solution[c]) if c in cells else "." for c in range(16))
    return Sudoku(text, variant=Variant.parse(kinds or None, cages=cages) if cages is not None else kinds or None)


def split_or_refused(call):
    """What ``call()`` gives, or None when it refuses to split (with the message that says so)."""
    try:
        return call()
    except SudokuError as e:
        assert str(e) == REFUSED
        return None


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(puzzles())
def test_a_split_count_is_the_serial_count_or_refused(tmp_path, s):
    serial = s.count()
    colored = s.exact_cover()[0].has_colors
    path = tmp_path / f"{uuid.uuid4().hex}.ckpt"
    for call in (lambda: s.count(threads=2), lambda: s.count(checkpoint=path, threads=2),
                 lambda: len(list(s.solutions(threads=2)))):
        got = split_or_refused(call)
        assert got == (None if colored else serial)
    if not colored:
        assert sorted(map(str, s.solutions(threads=2))) == sorted(map(str, s.solutions()))


def test_the_readmes_killer_is_refused_split_and_counted_serially(tmp_path):
    s = Sudoku.killer("................", "AABB CDDB CEEF GGHF A=3 B=9 C=7 D=4 E=3 F=5 G=6 H=3")
    assert s.count() == 1 and s.exact_cover()[0].has_colors
    for call in (lambda: s.count(threads=2), lambda: s.count(checkpoint=tmp_path / "k.ckpt"),
                 lambda: list(s.solutions(threads=2))):
        with pytest.raises(SudokuError, match=REFUSED.replace("(", r"\(").replace(")", r"\)")):
            call()
    assert not (tmp_path / "k.ckpt").exists()


@pytest.fixture(scope="module")
def client():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=":0") as cluster, distributed.Client(cluster) as c:
        yield c


@settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(puzzles())
def test_a_dask_count_is_the_serial_count_or_refused(client, s):
    from dlxnumba import ExactCoverError
    from dlxnumba.parallel import dask as dd

    try:
        got = dd.count(s, client)
    except ExactCoverError as e:
        assert s.exact_cover()[0].has_colors and "a Dask run (dlxnumba.parallel.dask): a split search" in str(e)
        return
    assert got == s.count()
    assert sorted(map(str, dd.solutions(s, client))) == sorted(map(str, s.solutions()))
