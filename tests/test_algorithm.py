"""algorithm="links" | "cells" | "auto" on Search, solve, solutions, count and batch.

The two kernels find the same solutions on the shipped encodings (counts
checked against known values, every solution verified); "auto" says which it
picked in ``stats.algorithm``, chosen from the problem's shape before the
search, and runs exactly that kernel's search; bad names are refused with a
clear message.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import reference as ref
from dlxnumba import last_stats, Status
from dlxnumba import ExactCover, LimitReached, Stats, langford, pentominoes, queens
from dlxnumba.errors import ExactCoverError
from dlxnumba.search import Search
from known import knuth_problem, numbered
from strategies import examples, problems

PROPERTY = settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("bad", ["dlx", "Links", "", None, 1, ("links",)])
@pytest.mark.parametrize("call", ["solve", "count", "solutions", "search"])
def test_bad_algorithm_refused(bad, call):
    p = knuth_problem()
    with pytest.raises(ExactCoverError, match="algorithm must be 'links', 'cells' or 'auto', not"):
        r = getattr(p, call)(algorithm=bad)
        list(r) if call == "solutions" else None


def test_bad_algorithm_message_shows_plain_values():
    with pytest.raises(ExactCoverError) as e:
        Search(knuth_problem(), algorithm=np.int64(2))
    assert str(e.value).endswith("not 2")


@pytest.mark.parametrize("algorithm", ["cells", "auto"])
def test_batch_runs_on_links_only(algorithm):
    p = knuth_problem()
    with pytest.raises(ExactCoverError, match="batches run on dancing links only"):
        p.batch([[0]], algorithm=algorithm)
    assert p.batch([[0]], algorithm="links").count.tolist() == [1]


@pytest.mark.parametrize("algorithm", ["links", "cells", "auto"])
@pytest.mark.parametrize("make, known", [
    (lambda: queens(7)[0], 40), (lambda: queens(8, organ_pipe=False)[0], 92),
    (lambda: langford(7)[0], 52), (lambda: langford(8)[0], 300),
    (lambda: pentominoes(3, 20)[0], 8), (lambda: pentominoes(4, 15)[0], 1472),
])
def test_same_counts_on_encodings(make, known, algorithm):
    p = make()
    sols = list(p.solutions(algorithm=algorithm))
    assert len(sols) == known == last_stats().solutions
    assert len({tuple(s) for s in sols}) == known
    opts = p.options
    for s in sols:
        assert ref.is_dlx_solution(opts, p.n_primary, p.n_items, s)
    assert last_stats().algorithm in ("links", "cells")
    if algorithm != "auto":
        assert last_stats().algorithm == algorithm


def test_stats_say_which_kernel():
    p = knuth_problem()
    p.count(algorithm="cells")
    assert last_stats().algorithm == "cells" and (last_stats().nodes, last_stats().updates) == (5, 27)
    p.count(stop_at=0)
    assert last_stats().algorithm == "links" and (last_stats().nodes, last_stats().updates) == (6, 30)
    p.count(algorithm="auto")  # 16 nodes on 7 items: links
    assert last_stats().algorithm == "links"
    a, b = Stats(algorithm="cells"), Stats(algorithm="links")
    assert (a + a).algorithm == "cells" and (a + b).algorithm == "mixed"


def _golden(name):
    import warnings
    from pathlib import Path

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (an option with no primary item, dropped as DLX2 drops it)
        return ExactCover.from_dlx(Path(__file__).parent / "golden" / name)


def _options_per_item(p):
    return sum(len(p.option(j)) for j in range(p.n_options)) / p.n_items


@pytest.mark.parametrize("make", [
    lambda: langford(8)[0], lambda: langford(12)[0], lambda: queens(8)[0], lambda: queens(14)[0],
    lambda: pentominoes(3, 20)[0], lambda: knuth_problem(),
    lambda: _golden("debruijn135.dlx"), lambda: _golden("queendom4_6.dlx"),
])
def test_auto_chooses_by_shape_before_the_search(make):
    """"auto" runs one kernel for the whole search, chosen from the problem's shape
    (colors or multiplicities, or at least CELLS_MIN_DEGREE options an item, counted
    here from the options themselves: cells): exactly that kernel's search, whatever
    the call."""
    from dlxnumba.cells import CELLS_MIN_DEGREE

    p = make()
    want = "cells" if p.has_colors or p.has_bounds or _options_per_item(p) >= CELLS_MIN_DEGREE else "links"
    s = Search(p, algorithm="auto", max_nodes=300)
    assert s.stats.algorithm == want  # (decided before any node)
    alone = Search(p, algorithm=want, max_nodes=300)
    for search in (s, alone):
        try:
            search.count()
        except LimitReached:
            pass
    assert (s.stats.nodes, s.stats.updates, s.stats.solutions) == (
        alone.stats.nodes, alone.stats.updates, alone.stats.solutions)
    assert s.stats.profile.tolist() == alone.stats.profile.tolist()


def test_auto_on_langford_12_and_14_queens():
    """The rule's two sides on problems the benchmarks time: Langford pairs (16.5 options an
    item) run on cells, 14 queens (10.7, most of its items secondary) on links."""
    p = langford(12)[0]
    assert Search(p, algorithm="auto").stats.algorithm == "cells"
    assert Search(queens(14)[0], algorithm="auto").stats.algorithm == "links"


def test_bounds_with_every_algorithm():
    """Multiplicities: cells runs SSMCC, and so does auto (bounds choose cells)."""
    p = ExactCover.from_options([["a"], ["a"], ["a", "b"]], primary=["a", "b"], bounds={"a": (1, 2)})
    want = sorted(p.solutions())
    assert want == [[0, 2], [1, 2], [2]]  # b once (option 2), a once or twice
    assert sorted(p.solutions(algorithm="cells")) == want and last_stats().algorithm == "cells"
    assert sorted(p.solutions(algorithm="auto")) == want and last_stats().algorithm == "cells"
    assert sorted(p.solutions(algorithm="links")) == want and last_stats().algorithm == "links"


@pytest.mark.parametrize("algorithm", ["cells", "auto"])
def test_limits_and_resumption(algorithm):
    p, _ = langford(8)
    s = Search(p, algorithm=algorithm, max_nodes=100)
    with pytest.raises(LimitReached) as e:
        s.count()
    assert e.value.stats.status == Status.MAX_NODES and s.stats.nodes == 100
    s.max_nodes = None
    assert s.count() == 300
    with pytest.raises(LimitReached):
        p.solve(algorithm=algorithm, timeout=0)


def test_progress_reports_with_cells(monkeypatch):
    import dlxnumba.search as search_module

    monkeypatch.setattr(search_module, "SLICE_UPDATES", 1000)  # return to Python often
    reports = []
    p, _ = langford(8)
    p.count(algorithm="cells", progress=reports.append, progress_interval=0)
    assert reports and all(r.fraction is None or 0 <= r.fraction <= 1 for r in reports)
    fractions = [r.fraction for r in reports]
    assert fractions == sorted(fractions) and 0 < fractions[len(fractions) // 2] < 1  # Knuth's estimate grows


@PROPERTY
@given(problems(), st.sampled_from(["links", "cells", "auto"]), st.data())
def test_every_algorithm_same_solutions_with_givens(prob, algorithm, data):
    options, n1, n = prob
    p = numbered(options, n1, n)
    g = data.draw(st.lists(st.integers(0, len(options) - 1), unique=True, max_size=2)) if options else []
    want = {x | frozenset(g) for x in ref.solutions_with_given(options, n1, n, g)}
    try:
        sols = p.solutions(given=g, algorithm=algorithm)
        got = {frozenset(x) for x in sols}
    except ExactCoverError:
        assert not want
        return
    assert got == want


def test_progress_reports_with_bounded_cells(monkeypatch):
    """SSMCC branches two ways: its reports carry no estimate until the end."""
    import warnings
    from pathlib import Path

    import dlxnumba.search as search_module

    monkeypatch.setattr(search_module, "SLICE_UPDATES", 5000)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        p = ExactCover.from_dlx(Path(__file__).parent / "golden" / "queendom4_6.dlx")
    reports = []
    assert p.count(algorithm="cells", progress=reports.append, progress_interval=0) == 7996
    assert len(reports) > 2 and all(r.fraction is None for r in reports[:-1])
    assert [r.solutions for r in reports] == sorted(r.solutions for r in reports)
